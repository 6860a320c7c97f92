"""``cribbage progress``: the teacher's report from learners' files, and where a learner's file is.

``cribbage progress report DB... [--roster CLASS.CSV] [--csv FILE] [--html FILE] [--xlsx FILE] [--language es]``
prints one row per learner and writes the CSV, the HTML page and the gradebook workbook asked for; files that
are not progress files are named and skipped. With ``--roster`` (the class list, as the hub's set-up takes
it) every learner of the list is a row, those who never answered too, named by their display name.
The report is in ``--language``, else in the language the command speaks (``--lang``, else the locale).
It exits with status 2 when no file could be read. ``cribbage progress where`` prints this user's file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cribbage.cli.display import checked_path, escaped
from cribbage.cli.parsing import words
from cribbage.lang.messages import LANGUAGES, add_catalogue, get_language, message, render
from cribbage.progress.roster import read_roster
from cribbage.progress.store import default_path

__all__ = ["add_progress"]


add_catalogue({
    "cli.help.progress": {"en": "learners' progress: the teacher's report, the learner's file"},
    "cli.help.progress.report": {"en": "merge learners' progress files into one table"},
    "cli.help.progress.files": {"en": "progress files (*.progress.sqlite3)"},
    "cli.help.progress.csv": {"en": "also write the table as CSV"},
    "cli.help.progress.html": {"en": "also write a page with a chart per skill"},
    "cli.help.progress.xlsx": {"en": "also write the gradebook as an Excel workbook (.xlsx)"},
    "cli.help.progress.roster": {"en": "the class list (CSV: username,display_name): a row per learner of it, by display name"},
    "cli.help.progress.language": {"en": "the report's language (default: the one the command speaks)"},
    "cli.help.progress.where": {"en": "print where this user's progress is kept"},
    # The names of the values in the usage line: cribbage progress report [--csv FILE] DB [DB ...]
    "cli.metavar.db": {"en": "DB"},
    "cli.metavar.file": {"en": "FILE"},
})


def _report(args: argparse.Namespace) -> int:
    # Imported for a report only: its spreadsheet writer (openpyxl) is no part of every other command's
    # start, `cribbage course`'s among them (1.5 MB of bytecode in a learner's .venv, issue 48).
    from cribbage.progress.report import run

    language = args.language or get_language()
    outputs = (args.csv, args.html, args.xlsx)
    for path in (*args.files, *outputs):  # a name that is not UTF-8, refused before any is read or written
        if path is not None:
            checked_path(path, "file")
    if args.roster is not None:
        checked_path(args.roster, "file")
    members = read_roster(args.roster) if args.roster is not None else []
    report, text = run(args.files, csv_path=args.csv, html_path=args.html, xlsx_path=args.xlsx, language=language,
                       roster=[(member.identity, member.name) for member in members])
    print(text)
    for path in outputs:
        if path is not None:
            print(render(message("progress.report.wrote", path=escaped(path)), language))
    if not report.read:
        print(f"cribbage: {render(message('progress.report.nothing'), language)}", file=sys.stderr)
        return 2
    return 0


def _where(args: argparse.Namespace) -> int:
    print(escaped(default_path()))
    return 0


def add_progress(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``cribbage progress`` with the command line's sub-commands."""
    parser = sub.add_parser("progress", help=words("cli.help.progress"), description=words("cli.help.progress"))
    inner = parser.add_subparsers(dest="progress_command", required=True, parser_class=type(parser),
                                  metavar=words("cli.metavar.command"))
    report = inner.add_parser("report", help=words("cli.help.progress.report"),
                              description=words("cli.help.progress.report"))
    report.add_argument("files", nargs="+", metavar=words("cli.metavar.db"), help=words("cli.help.progress.files"))
    report.add_argument("--roster", metavar=words("cli.metavar.file"), help=words("cli.help.progress.roster"))
    report.add_argument("--csv", metavar=words("cli.metavar.file"), help=words("cli.help.progress.csv"))
    report.add_argument("--html", metavar=words("cli.metavar.file"), help=words("cli.help.progress.html"))
    report.add_argument("--xlsx", metavar=words("cli.metavar.file"), help=words("cli.help.progress.xlsx"))
    report.add_argument("--language", choices=LANGUAGES, default=None, help=words("cli.help.progress.language"))
    report.set_defaults(run=_report)
    where = inner.add_parser("where", help=words("cli.help.progress.where"),
                             description=words("cli.help.progress.where"))
    where.set_defaults(run=_where)

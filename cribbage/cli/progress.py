"""``cribbage progress``: the teacher's report from learners' files, and where a learner's file is.

``cribbage progress report DB... [--csv FILE] [--html FILE] [--language es]`` prints one row per learner
and writes the CSV and the HTML page asked for; files that are not progress files are named and skipped.
It exits with status 2 when no file could be read. ``cribbage progress where`` prints this user's file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cribbage.lang.messages import LANGUAGES, message, render
from cribbage.progress.report import run
from cribbage.progress.store import default_path

__all__ = ["add_progress"]


def _report(args: argparse.Namespace) -> int:
    report, text = run(args.files, csv_path=args.csv, html_path=args.html, language=args.language)
    print(text)
    for path in (args.csv, args.html):
        if path is not None:
            print(render(message("progress.report.wrote", path=path), args.language))
    if not report.read:
        print(f"cribbage: {render(message('progress.report.nothing'), args.language)}", file=sys.stderr)
        return 2
    return 0


def _where(args: argparse.Namespace) -> int:
    print(default_path())
    return 0


def add_progress(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``cribbage progress`` with the command line's sub-commands."""
    parser = sub.add_parser("progress", help="learners' progress: the teacher's report, the learner's file")
    inner = parser.add_subparsers(dest="progress_command", required=True, parser_class=type(parser))
    report = inner.add_parser("report", help="merge learners' progress files into one table")
    report.add_argument("files", nargs="+", metavar="DB", help="progress files (*.progress.sqlite3)")
    report.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    report.add_argument("--html", metavar="FILE", help="also write a page with a chart per skill")
    report.add_argument("--language", choices=LANGUAGES, default="en", help="the report's language")
    report.set_defaults(run=_report)
    where = inner.add_parser("where", help="print where this user's progress is kept")
    where.set_defaults(run=_where)

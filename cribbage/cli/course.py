"""``cribbage course``: the learner's own copy of the course, opened in JupyterLab.

``cribbage course [--lang es] [--dir FOLDER] [--update | --keep] [-- JUPYTERLAB OPTIONS]`` copies
the lessons in the learner's language into a folder of their own (by default
``cribbage-course/<language>`` in their documents folder, else their data folder), says where, and
opens JupyterLab there on the first stop; ``make course`` runs it. A copy made by an older course
version is offered an update (:func:`cribbage.lessons.update_copy`: newer lessons in, the learner's
answers carried over, their notebooks as they were kept in a backups folder; lessons copied under
their English names renamed to their names in the learner's language); ``--update`` and
``--keep`` answer without asking, and without a terminal to ask in, the copy is kept. The answers the
progress store recorded are never touched.

JupyterLab is started by the program ``cribbage-lab`` (installed with the course, beside this Python;
:mod:`machinery.lab_language`: its menus in the learner's language, the copy's settings: file browser
collapsed, kernels of closed lessons shut down, widget views left out of saved notebooks), which this
command becomes: the engine knows the program by its name, never a module of the course side.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cribbage.cli.display import checked_path, escaped, shortened
from cribbage.cli.parsing import words
from cribbage.lang.messages import Plural, add_catalogue, get_language, message
from cribbage.lang.system import system_reason
from cribbage.lessons import CopyReport, CopyState, default_folder, inspect, make_copy, update_copy
from cribbage.lessons.learner_copy import renames
from cribbage.lessons.source import first_stop
from cribbage.rules.errors import CribbageError

__all__ = ["add_course", "lab_command", "said_yes", "start_lab"]

add_catalogue({
    "cli.help.course": {"en": "copy the course in your language into a folder of your own and open it in JupyterLab"},
    "cli.help.course.dir": {"en": "the folder of your copy (default: cribbage-course/LANGUAGE in your documents folder)"},
    "cli.help.course.update": {"en": "update a copy made by an older version of the course, without asking"},
    "cli.help.course.keep": {"en": "keep a copy made by an older version of the course as it is, without asking"},
    "cli.help.course.lab": {"en": "Options after -- are JupyterLab's: cribbage course -- --no-browser"},
    # The name of the value in the usage line: cribbage course [--dir FOLDER]
    "cli.metavar.folder": {"en": "FOLDER"},
    "cli.course.created": {"en": "Your own copy of the course is in {folder}: the lessons are yours to work in."},
    "cli.course.current": {"en": "Your copy of the course is in {folder}."},
    # Followed by one line per file.
    "cli.course.restored": {"en": Plural("Put back {n} file your copy was missing:",
                                         "Put back {n} files your copy was missing:")},
    "cli.course.older": {"en": "Your copy in {folder} was made by an older version of the course."},
    "cli.course.ask_update": {"en": "Update it? The newer lessons are copied in, with the answers you typed; your "
                                    "notebooks as they are now are kept in a backups folder. [{yes}/{no}]"},
    # What the learner types to say yes and no to the question above (its first letter is enough).
    "cli.course.yes": {"en": "yes"},
    "cli.course.no": {"en": "no"},
    # Said before the update is offered, when the copy has lessons under their English names. {example}: one
    # lesson's name now and in the update, "03_the_show.ipynb → 03_recuento.ipynb".
    "cli.course.renames": {"en": "The lessons now have names in your language ({example}): the update renames "
                                 "yours, with all you typed in them."},
    # Followed by one line per lesson: "old name → new name".
    "cli.course.renamed": {"en": Plural("Renamed {n} lesson to its name in your language:",
                                        "Renamed {n} lessons to their names in your language:")},
    # Followed by one line per file.
    "cli.course.updated": {"en": Plural("Updated {n} file to the newer course:",
                                        "Updated {n} files to the newer course:")},
    # Followed by one line per file.
    "cli.course.added": {"en": "New in your copy:"},
    "cli.course.carried": {"en": Plural("{n} cell you had typed in went into the newer lessons.",
                                        "{n} cells you had typed in went into the newer lessons.")},
    "cli.course.backups": {"en": "Your notebooks as they were before the update are in {folder}."},
    "cli.course.kept": {"en": "Your copy is kept as it is. To update it later: cribbage course --update"},
    "cli.course.opening": {"en": "Opening JupyterLab on the first stop, {stop} (Ctrl-C here to stop it)."},
    # {reason} is the system's own words (in the system's language), e.g. "No such file or directory".
    "cli.course.no_launcher": {"en": "JupyterLab could not be opened: {launcher}: {reason}. "
                                     "Install the course again (make course) and try once more."},
})


#: The program that opens JupyterLab on a copy (``[project.scripts]`` in pyproject.toml).
LAUNCHER = "cribbage-lab"


def lab_command(folder: Path, language: str, lab_options: Sequence[str]) -> list[str]:
    """The launcher's command line: JupyterLab on the copy in ``folder``, in ``language``. The launcher
    installed beside this Python (the venv's) is preferred to one found first on the ``PATH``."""
    beside = Path(sys.executable).with_name(LAUNCHER)
    launcher = str(beside) if beside.is_file() else LAUNCHER
    return [launcher, "--language", language, "--course", str(folder), *lab_options]


def start_lab(command: list[str]) -> None:
    """Become JupyterLab (its Ctrl-C, its pid), as ``jupyter lab`` run directly would be."""
    sys.stdout.flush()
    try:
        os.execvp(command[0], command)
    except OSError as error:   # not installed, or not a program: say so, not a traceback
        raise SystemExit(message("cli.course.no_launcher", launcher=command[0], reason=system_reason(error))) from None


def _plain(text: str) -> str:
    """Without case or accents: "Sí", "si" and "s" are all the start of "sí"."""
    return "".join(c for c in unicodedata.normalize("NFD", text.strip().casefold()) if not unicodedata.combining(c))


def said_yes(answer: str) -> bool:
    """Whether ``answer`` is yes in the language spoken (the word, or its start: "s", "sí", "si")."""
    typed = _plain(answer)
    return bool(typed) and _plain(str(message("cli.course.yes"))).startswith(typed)


def _wants_update(args: argparse.Namespace) -> bool:
    if args.update is not None:
        return bool(args.update)
    if not sys.stdin.isatty():
        return False   # nobody to ask: the copy stays as it is, and the learner is told how to update
    question = message("cli.course.ask_update", yes=message("cli.course.yes"), no=message("cli.course.no"))
    try:
        return said_yes(input(f"{_wrapped(question)} "))
    except EOFError:
        return False


#: The widest a line of the command's own prose is, on the widest terminal.
WIDEST = 100


def _wrapped(text: object) -> str:
    """``text`` in lines that fit the terminal (80 columns where there is none), never breaking a word or
    a lesson's name (a text that holds a folder's name, which may hold spaces, is not wrapped)."""
    width = min(shutil.get_terminal_size().columns, WIDEST) - 1
    return textwrap.fill(str(text), width=max(width, 40), break_long_words=False, break_on_hyphens=False)


def _say(text: object) -> None:
    print(_wrapped(text))


def _listed(lead: object, items: Sequence[str]) -> None:
    """``lead``, then each of ``items`` on a line of its own, indented (a list of lessons, one per line
    rather than one line too long for a terminal)."""
    _say(lead)
    for item in items:
        print(f"  {item}")


def _tell(report: CopyReport) -> None:
    if report.state is CopyState.NEW:
        print(message("cli.course.created", folder=escaped(report.folder)))
        return
    if report.state is CopyState.CURRENT:
        print(message("cli.course.current", folder=escaped(report.folder)))
        if report.added:
            _listed(message("cli.course.restored", n=len(report.added)), report.added)
        return
    if report.renamed:
        _listed(message("cli.course.renamed", n=len(report.renamed)), [f"{old} → {new}" for old, new in report.renamed])
    if report.updated:
        _listed(message("cli.course.updated", n=len(report.updated)), report.updated)
    if report.added:
        _listed(message("cli.course.added"), report.added)
    if report.carried:
        print(message("cli.course.carried", n=report.carried))
    if report.backups is not None:
        print(message("cli.course.backups", folder=escaped(report.backups)))


def _chosen_folder(given: str) -> Path:
    """The folder ``--dir`` names, refused before anything is copied if it cannot be: a name that is not
    UTF-8, or ``~user`` for a user (or a home folder) this computer does not know."""
    checked_path(given, "folder")
    try:
        return Path(given).expanduser().resolve()
    except (RuntimeError, KeyError):  # Path.expanduser: "Could not determine home directory."
        raise CribbageError(message("cli.path.no_home", path=escaped(shortened(given)))) from None


def _course(args: argparse.Namespace) -> int:
    language = get_language()
    folder = _chosen_folder(args.dir) if args.dir else default_folder(language)
    state = inspect(folder, language)
    if state is CopyState.OLDER:
        print(message("cli.course.older", folder=escaped(folder)))   # not wrapped: a folder's name may hold spaces
        renamed = renames(folder, language)
        if renamed:
            _say(message("cli.course.renames", example=" → ".join(renamed[0])))
        if _wants_update(args):
            _tell(update_copy(folder, language))
        else:
            print(message("cli.course.kept"))
    else:
        _tell(make_copy(folder, language))
    print(message("cli.course.opening", stop=first_stop(language, folder)))
    start_lab(lab_command(folder, language, args.passed_on))
    return 0


def add_course(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``cribbage course`` with the command line's sub-commands."""
    parser = sub.add_parser("course", help=words("cli.help.course"), description=words("cli.help.course"),
                            epilog=words("cli.help.course.lab"))
    parser.add_argument("--dir", metavar=words("cli.metavar.folder"), help=words("cli.help.course.dir"))
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--update", action="store_true", default=None, help=words("cli.help.course.update"))
    choice.add_argument("--keep", action="store_false", dest="update", help=words("cli.help.course.keep"))
    parser.set_defaults(run=_course, passed_on=[])

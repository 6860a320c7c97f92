"""The class list: who is in the class (their account's user name) and the name the teacher reads.

A CSV file with a header row; the columns ``username`` and ``display_name`` (``user``/``name`` and the
Spanish and Portuguese ``usuario``/``usuário``, ``nombre``/``nome`` are read too), separated by ``,`` or
``;`` (as a spreadsheet in any language saves it), UTF-8 with or without a byte-order mark::

    username,display_name
    ana,Ana Souza
    bea,Beatriz Lima

A user name is what the computer or the hub knows the learner by: lower-case letters, digits, ``_``,
``-`` and ``.``, starting with a letter, up to 32 characters (what ``useradd`` accepts everywhere). A
bad row is refused with its line number, before anything is done with the list.
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

from cribbage.lang.messages import message
from cribbage.lang.system import system_reason
from cribbage.progress.store import ProgressError
from cribbage.rules.options import is_odd_text

__all__ = ["USER_NAME", "Member", "parse_roster", "read_roster"]

#: A user name every system's ``useradd`` takes.
USER_NAME = re.compile(r"^[a-z][a-z0-9_.-]{0,31}$")

_USER_COLUMNS = ("username", "user", "login", "usuario", "usuário", "usuario_a")
_NAME_COLUMNS = ("display_name", "name", "nombre", "nome", "full_name")
#: More learners than a school's hub holds: a longer list is refused (a wrong file, most likely).
MOST = 5000


@dataclass(frozen=True)
class Member:
    """One learner of the class list."""

    user: str
    name: str

    @property
    def identity(self) -> str:
        """The identity the progress store keeps for this learner's answers on the hub."""
        return f"hub:{self.user}"


def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    wanted = [cell.strip().lower().replace(" ", "_") for cell in header]
    return next((wanted.index(name) for name in names if name in wanted), None)


def parse_roster(text: str, source: str = "the class list") -> list[Member]:
    """The members of a class list given as CSV text (see the module's docstring)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise ProgressError(message("progress.roster.empty", path=source))
    user_at, name_at = _column(rows[0], _USER_COLUMNS), _column(rows[0], _NAME_COLUMNS)
    if user_at is None:
        raise ProgressError(message("progress.roster.no_user_column", path=source, header=", ".join(rows[0])))
    if len(rows) - 1 > MOST:
        raise ProgressError(message("progress.roster.too_long", path=source, most=MOST))
    members: list[Member] = []
    seen: set[str] = set()
    for line, row in enumerate(rows[1:], start=2):
        user = row[user_at].strip() if user_at < len(row) else ""
        name = row[name_at].strip() if name_at is not None and name_at < len(row) else ""
        if not USER_NAME.match(user):
            raise ProgressError(message("progress.roster.bad_user", path=source, line=line, value=user))
        if user in seen:
            raise ProgressError(message("progress.roster.twice", path=source, line=line, value=user))
        if len(name) > 80 or is_odd_text(name):
            raise ProgressError(message("progress.roster.bad_name", path=source, line=line))
        seen.add(user)
        members.append(Member(user, name or user))
    return members


def read_roster(path: str | os.PathLike[str]) -> list[Member]:
    """The members of the class list in the file at ``path``."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ProgressError(message("progress.roster.not_utf8", path=str(file))) from None
    except OSError as error:
        raise ProgressError(message("progress.roster.unreadable", path=str(file),
                                    reason=system_reason(error))) from None
    return parse_roster(text, str(file))

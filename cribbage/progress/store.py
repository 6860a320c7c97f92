"""The learner's progress, kept: every answer recorded in one SQLite file (standard ``sqlite3``).

The file lives in the user's data folder (``platformdirs``), or where ``CRIBBAGE_PROGRESS`` says:
a file, or a folder (a class's shared folder) in which each learner gets a file named after them.
Every write is one short transaction opened with ``BEGIN IMMEDIATE`` and a wait on a busy file, so two
notebooks of one learner writing at once both land, whole. A file that is not ours (not SQLite, another
program's database, a newer schema, damaged, cut short, a header changed by hand) is refused with a
:class:`ProgressFileError` and never written; reading opens the file read-only. Whatever the system
refuses (a folder this account may not enter, a name too long, a full disk) is a :class:`ProgressFileError`
naming that cause too, never Python's ``OSError`` or an ``sqlite3`` error. A write that crashed half done
(kill -9 during a commit) leaves a hot journal: the learner's own store rolls it back, as SQLite does; a
reader who may not write (the teacher's :func:`read_progress`) reads a private copy rolled back instead,
so a crash never makes a file read as "read-only". The schema has a version (``PRAGMA user_version``); an
older file is brought up to date, step by step, inside the first write's transaction.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3", learner="Ana")
>>> store.record(3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show", kinds=("fifteen.2", "pair")).correct
True
>>> [a.answer for a in store.answers()]
['12']

Identity (for the report and the teacher's view)
------------------------------------------------
Every answer carries two names (:mod:`cribbage.progress.identity`):

- :attr:`Answer.learner_id`, **who**: ``hub:<user>`` (JupyterHub), ``os:<account>`` (a computer),
  ``<one of those>#<token>`` (one learner of several sharing an account), ``name:<name>`` (a learner named
  by a script, or the answers of a file written before schema 3). Answers are merged by this id, never by
  the name: two learners called Gabriel are two ids.
- :attr:`Answer.learner`, the **display name**: the one kept for that id in the file's ``learners``
  table when the file was read (a learner may correct it: :meth:`ProgressStore.set_learner` changes it for
  every answer of the id at once, in one transaction, and touches no other id).

Each question counts once: an answer to an item the same id answered before is kept with
:attr:`Answer.practice` set; :attr:`Answer.revealed` says that the answer was shown to the learner after
this answer (a later right answer to that item then proves nothing). A try-it cell run again with the same
answer already typed is not a new answer (:meth:`ProgressStore.record_unless_repeated` writes nothing).

Files are private: created 0600 in folders created 0700; a learner's store refuses a file that another
account owns (``progress.not_yours``). :func:`read_progress` reads any file (the teacher's) read-only and
says when it is empty.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from cribbage.lang.messages import Message, message
from cribbage.lang.system import system_reason
from cribbage.progress.identity import (
    account,
    account_name,
    chosen,
    current_identity,
    file_stem,
    is_account,
    system_user,
)
from cribbage.progress.service_client import deliver
from cribbage.progress.words import KINDS as _KIND_WORDS
from cribbage.progress.words import SKILLS as _SKILL_WORDS
from cribbage.registry import stops as _registry
from cribbage.rules.checks import bounded, flag, number
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.options import is_odd_text

__all__ = [
    "APPLICATION_ID",
    "ENV",
    "KINDS",
    "SCHEMA_VERSION",
    "SKILLS",
    "STOPS",
    "STOP_SKILL",
    "Answer",
    "ProgressError",
    "ProgressFileError",
    "ProgressRead",
    "ProgressStore",
    "checked_name",
    "checked_record",
    "default_path",
    "learners_on_this_account",
    "open_read_only",
    "read_progress",
    "system_user",
]

#: The environment variable naming the progress file, or a folder holding one file per learner.
ENV = "CRIBBAGE_PROGRESS"
#: Stamped in the SQLite header (``PRAGMA application_id``): "CRIB". Any other stamp is a foreign file.
APPLICATION_ID = 0x43524942
#: The schema this code writes. Older files are migrated; newer ones are refused.
SCHEMA_VERSION = 3
#: The course's stops, by number (:mod:`cribbage.registry.stops` lists them).
STOPS: tuple[int, ...] = _registry.NUMBERS
SKILLS: tuple[str, ...] = tuple(key.removeprefix("progress.skill.") for key in _SKILL_WORDS)
KINDS: tuple[str, ...] = tuple(key.removeprefix("progress.kind.") for key in _KIND_WORDS)
#: The skill a stop teaches; it is the skill of answers a schema-1 file recorded (it had no skill column).
STOP_SKILL: dict[int, str] = {stop.number: stop.skill for stop in _registry.STOPS}

_TEXT_LIMITS = {"item": 200, "answer": 500, "learner": 80, "identity": 200}
#: How many columns the answers table has at each schema version (the header's version is checked against it).
_COLUMNS = {1: 7, 2: 10, 3: 13}
#: An SQLite file's first 16 bytes.
_MAGIC = b"SQLite format 3\x00"
#: How often a private copy is made again when a write lands while the file is copied.
_COPY_TRIES = 5


class ProgressError(CribbageError):
    """A record the store refuses: a stop, skill, kind or text out of range. Nothing is written."""


class ProgressFileError(ProgressError):
    """A progress file that cannot be read or written: not ours, damaged, newer, read-only, locked."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer as it was recorded."""

    learner: str
    stop: int
    item: str
    answer: str
    correct: bool
    skill: str
    kinds: tuple[str, ...]
    missed: int
    at: str  # ISO 8601, UTC
    #: Who answered (see "Identity" above); the display name is :attr:`learner`.
    learner_id: str = ""
    #: Not the first answer this learner gave to this item: practice, not their score.
    practice: bool = False
    #: The answer was shown to the learner after this answer (a later right answer proves nothing).
    revealed: bool = False

    @property
    def identity(self) -> str:
        """Who answered: :attr:`learner_id`, or ``name:<learner>`` for an answer built without one."""
        return self.learner_id or f"name:{self.learner}"


def default_path(learner: str | None = None, *, identity: str | None = None) -> Path:
    """Where progress is kept for ``identity`` (default: this kernel's learner, see
    :func:`~cribbage.progress.identity.current_identity`; a ``learner`` name alone means ``name:<learner>``).

    ``$CRIBBAGE_PROGRESS`` names a file, or a class's folder holding one file per learner, named after their
    identity (``<folder>/<account>-<hash>.progress.sqlite3``); else ``progress.sqlite3`` in the user's data
    folder. A learner chosen on a shared account (``...#token``) gets a file of their own beside it.
    Where the setting cannot be looked at (a folder on the way this account may not enter), the path is
    given still: reading or writing it raises the store's error naming that folder."""
    if learner is not None:
        learner = _text("learner", learner)
    if identity is None:
        identity = f"name:{learner}" if learner is not None else current_identity()
    identity = _text("identity", identity)
    setting = os.environ.get(ENV, "").strip()
    if setting:
        path = _expanded(setting)
        try:
            folder_named = path.is_dir()
        except OSError:
            # A folder on the way this account may not enter, a name too long: the place is named all the
            # same (a file, unless the setting ends with a separator), and the store's error says why when
            # it is used, where the views show it (ProgressPanel, the quiz): naming a place is no fault.
            folder_named = False
        if folder_named or setting.endswith(("/", os.sep)):
            return path / f"{file_stem(identity)}.progress.sqlite3"
        return path if is_account(identity) else path.with_name(f"{path.stem}-{file_stem(identity)}{path.suffix}")
    import platformdirs  # only needed for the default place, so a class's shared folder needs no lookup

    try:
        folder = Path(platformdirs.user_data_dir("cribbage-course", appauthor=False))
    except (RuntimeError, KeyError, OSError):
        raise ProgressFileError(message("progress.no_home", path="~")) from None
    if not folder.is_absolute():  # no home folder: platformdirs answers a path relative to "~" or to nothing
        raise ProgressFileError(message("progress.no_home", path=str(folder)))
    return folder / ("progress.sqlite3" if is_account(identity) else f"progress-{file_stem(identity)}.sqlite3")


def _fault(error: OSError, path: Path) -> ProgressFileError:
    """The store's error for what the operating system refused while finding or reading ``path``, naming
    the true cause (never Python's OSError)."""
    where = str(path)
    if error.errno == errno.ENAMETOOLONG:
        return ProgressFileError(message("progress.name_too_long", path=where))
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return ProgressFileError(message("progress.disk_full", path=where, detail=system_reason(error)))
    if error.errno == errno.EROFS:
        return ProgressFileError(message("progress.read_only", path=where))
    if error.errno in (errno.EACCES, errno.EPERM):
        closed = _closed_folder(path)
        if closed is not None:
            return ProgressFileError(message("progress.folder_closed", path=where, folder=str(closed)))
        return ProgressFileError(message("progress.file_closed", path=where))
    return ProgressFileError(message("progress.system_refused", path=where, reason=system_reason(error)))


def _closed_folder(path: Path) -> Path | None:
    """The first folder on the way to ``path`` that this account may not enter, or None."""
    try:
        folders = list(reversed(Path(os.path.abspath(path)).parents))
    except OSError:  # no current folder any more: the path cannot be followed from it
        return None
    return next((folder for folder in folders if not os.access(folder, os.X_OK)), None)


def _stat(path: Path) -> os.stat_result | None:
    """``path``'s status, None when there is no such file; whatever else the system refuses is the store's error."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise _fault(error, path) from error


def _full(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has no block or no inode left for this account."""
    try:
        room = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows), or the folder cannot be asked
        return False
    root = hasattr(os, "geteuid") and os.geteuid() == 0  # root may use the blocks kept back for it
    blocks, inodes = (room.f_bfree, room.f_ffree) if root else (room.f_bavail, room.f_favail)
    return blocks == 0 or (room.f_files > 0 and inodes == 0)


def _stamps(*paths: Path) -> tuple[tuple[int, int, int] | None, ...]:
    """What changes when a file is written, removed or replaced, for each of ``paths`` (None: no file)."""
    found: list[tuple[int, int, int] | None] = []
    for path in paths:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            found.append(None)
            continue
        found.append((info.st_ino, info.st_size, info.st_mtime_ns))
    return tuple(found)


def _needs_rollback(error: sqlite3.Error) -> bool:
    """SQLite's SQLITE_READONLY_ROLLBACK: a hot journal (a write that crashed half done) that this
    connection, opened read-only, may not roll back, so it may not read the file either."""
    name = getattr(error, "sqlite_errorname", None)
    if name is not None:
        return bool(name == "SQLITE_READONLY_ROLLBACK")
    return "readonly" in str(error).lower()  # Python 3.10 gives no code; on a read only a rollback writes


def _expanded(path: str) -> Path:
    """``path`` with ``~`` or ``~user`` expanded, refused with the store's message where there is no such
    home folder (no ``HOME``, or an unknown user): never Python's RuntimeError."""
    try:
        return Path(path).expanduser()
    except (RuntimeError, KeyError):
        raise ProgressFileError(message("progress.no_home", path=path)) from None


# Each step takes a file from version n-1 to n. A new file runs them all.
_STEPS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, stop INTEGER NOT NULL,"
        " item TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL CHECK (correct IN (0, 1)),"
        " at TEXT NOT NULL)",
        f"PRAGMA application_id = {APPLICATION_ID}",
    ),
    2: (
        # Schema 1 knew only right or wrong. Schema 2 adds what the answer was about and how far off it was.
        "ALTER TABLE answers ADD COLUMN skill TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE answers ADD COLUMN kinds TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE answers ADD COLUMN missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0)",
        "UPDATE answers SET skill = CASE stop "
        + " ".join(f"WHEN {stop} THEN '{skill}'" for stop, skill in STOP_SKILL.items()) + " END",
        "CREATE INDEX answers_by_stop ON answers (learner, stop)",
    ),
    3: (
        # Schema 2 knew learners by the name typed. Schema 3 keeps who answered (an identity) and a display
        # name beside it, and which answers were practice (not the first to their item) or had the answer
        # shown after them. An older file's names become identities of their own ("name:Ana"), so nothing
        # kept apart is merged; the owner's own rows then take the owner's identity (_adopt).
        "CREATE TABLE learners (id TEXT PRIMARY KEY, name TEXT NOT NULL)",
        "ALTER TABLE answers ADD COLUMN learner_id TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE answers ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1))",
        "ALTER TABLE answers ADD COLUMN revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1))",
        "UPDATE answers SET learner_id = 'name:' || learner",
        "INSERT OR IGNORE INTO learners (id, name) SELECT DISTINCT learner_id, learner FROM answers",
        "UPDATE answers SET practice = 1 WHERE EXISTS (SELECT 1 FROM answers AS e WHERE e.learner_id ="
        " answers.learner_id AND e.item = answers.item AND e.id < answers.id)",
        "CREATE INDEX answers_by_item ON answers (learner_id, item)",
    ),
}
_PRACTICE = ("UPDATE answers SET practice = EXISTS (SELECT 1 FROM answers AS e WHERE e.learner_id ="
             " answers.learner_id AND e.item = answers.item AND e.id < answers.id) WHERE learner_id = ?")


class ProgressStore:
    """A learner's progress file: :meth:`record` an answer, read :meth:`answers`, :meth:`reset` a stop.

    ``identity`` is who answers (default: this kernel's learner, :func:`~cribbage.progress.identity.current_identity`;
    given only a ``learner`` name, ``name:<learner>``: for scripts and tests). ``learner`` is the display
    name to use until one is kept in the file. ``path`` defaults to :func:`default_path` for the identity.
    Nothing is created until the first write; reading a file never changes it, but for rolling back a
    write that crashed half done (SQLite's hot journal), which restores the file's last whole write.
    """

    #: Whether the whole file is checked for damage before each write (a learner's file is small; a store
    #: of a whole class, written by one service only, is checked once when it is opened instead).
    whole_check: bool = True

    def __init__(self, path: str | os.PathLike[str] | None = None, *, learner: str | None = None,
                 identity: str | None = None, timeout: float = 30.0) -> None:
        self._learner = _text("learner", learner) if learner is not None else None
        if identity is None:
            identity = f"name:{self._learner}" if self._learner is not None else current_identity()
        self.identity = _text("identity", identity)
        self.path = _path(path) if path is not None else default_path(identity=self.identity)
        self.timeout = number(timeout, "timeout", low=0.0, high=24 * 3600.0)

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r}, identity={self.identity!r})"

    # Who -------------------------------------------------------------------------------------
    @property
    def learner(self) -> str:
        """The display name: the one kept in the file for this identity, else the one given, else the
        name the account (or the learner chosen on a shared account) goes by."""
        return self.saved_learner() or self._learner or self._default_name()

    def _default_name(self) -> str:
        if is_account(self.identity):
            return account_name() if self.identity == account() else self.identity.split(":", 1)[1]
        if self.identity.startswith("name:"):
            return self.identity[5:]
        picked = chosen()
        return picked[1] if picked and picked[0] == self.identity else self.identity.split("#", 1)[0].split(":", 1)[1]

    def saved_learner(self) -> str | None:
        """The display name kept in the file for this identity, or None."""
        with self._reading() as (conn, version):
            if conn is None:
                return None
            if version >= 3:
                row = conn.execute("SELECT name FROM learners WHERE id = ?", (self.identity,)).fetchone()
                return row[0] if row else None
            if not is_account(self.identity):
                return None
            row = conn.execute("SELECT value FROM meta WHERE key = 'learner'").fetchone()
            return row[0] if row else None

    def learners(self) -> dict[str, str]:
        """Every identity the file holds, with its display name."""
        with self._reading() as (conn, version):
            if conn is None:
                return {}
            return {a.learner_id: a.learner for a in _select(conn, version, self._adopt(conn, version))}

    def set_learner(self, name: str) -> str:
        """Keep (or correct) this identity's display name. Only this identity's answers change, all at
        once: an answer another notebook records at the same moment lands before or after, never between."""
        name = _text("learner", name)
        with self._writing() as conn:
            conn.execute("INSERT INTO learners (id, name) VALUES (?, ?) "
                         "ON CONFLICT (id) DO UPDATE SET name = excluded.name", (self.identity, name))
            conn.execute("UPDATE answers SET learner = ? WHERE learner_id = ?", (name, self.identity))
        self._learner = name
        return name

    # Writing ---------------------------------------------------------------------------------
    def record(self, stop: int, item: str, answer: object, correct: bool, *, skill: str,
               kinds: Iterable[str] = (), missed: int = 0, at: datetime | None = None,
               revealed: bool = False) -> Answer:
        """Record one answer: at ``stop``, to ``item``, ``answer`` given, right or not, ``missed``
        points short (or over), about ``skill`` and the item ``kinds`` it involved; ``revealed`` when the
        answer is shown to the learner after it. An item answered before is kept as practice."""
        kept = self._write(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed, at=at,
                           revealed=revealed, repeat=True)
        assert kept is not None  # a repeat is only skipped when asked
        return kept

    def record_unless_repeated(self, stop: int, item: str, answer: object, correct: bool, *, skill: str,
                               kinds: Iterable[str] = (), missed: int = 0, at: datetime | None = None,
                               revealed: bool = False) -> Answer | None:
        """As :meth:`record`, but nothing is written (and None returned) when the learner's latest answer
        to ``item`` is this same answer: a cell run again (Run All) with the answer already typed."""
        return self._write(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed, at=at,
                           revealed=revealed, repeat=False)

    def _write(self, stop: int, item: str, answer: object, correct: bool, *, skill: str, kinds: Iterable[str],
               missed: int, at: datetime | None, revealed: bool, repeat: bool) -> Answer | None:
        checked = checked_record(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed, at=at,
                                 revealed=revealed)
        stop, item, said, correct, skill, kinds, missed, when, revealed = (
            checked.stop, checked.item, checked.answer, checked.correct, checked.skill, checked.kinds, checked.missed,
            checked.at, checked.revealed)
        self.service_notice = None
        with self._writing() as conn:
            # The display name is read inside the transaction: a rename in another notebook is never half seen.
            conn.execute("INSERT OR IGNORE INTO learners (id, name) VALUES (?, ?)",
                         (self.identity, self._learner or self._default_name()))
            name = conn.execute("SELECT name FROM learners WHERE id = ?", (self.identity,)).fetchone()[0]
            last = conn.execute("SELECT answer, revealed FROM answers WHERE learner_id = ? AND item = ?"
                                " ORDER BY id DESC LIMIT 1", (self.identity, item)).fetchone()
            # The same answer again is a cell run again, unless it now reveals the answer (that must be kept).
            if not repeat and last is not None and last[0] == said and (last[1] or not revealed):
                return None
            kept = Answer(name, stop, item, said, correct, skill, kinds, missed, when, self.identity,
                          last is not None, revealed)
            conn.execute("INSERT INTO answers (learner, stop, item, answer, correct, skill, kinds, missed, at,"
                         " learner_id, practice, revealed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (name, stop, item, said, int(correct), skill, " ".join(kinds), missed, when,
                          self.identity, int(kept.practice), int(revealed)))
        self.service_notice = self._send(kept)
        return kept

    #: What the class's progress service said of the last answer recorded here: None when it took it (or
    #: off a hub), else a message for the learner (the answer is in this file all the same).
    service_notice: Message | None = None

    def _send(self, kept: Answer) -> Message | None:
        """On a class's hub, the learner's own answer goes to the class's progress service too
        (:mod:`cribbage.progress.service_client`); an answer recorded under another identity never does."""
        if not self.identity.startswith("hub:") or self.identity != account():
            return None
        return deliver({"item": kept.item, "answer": kept.answer, "stop": kept.stop, "correct": kept.correct,
                        "kinds": list(kept.kinds), "revealed": kept.revealed, "at": kept.at}, self.path)

    def reset(self, stop: int) -> int:
        """Forget this learner's answers at ``stop`` (the panel asks first). Returns how many went."""
        stop = _stop(stop)
        if _stat(self.path) is None:
            return 0
        with self._writing() as conn:
            gone: int = conn.execute("DELETE FROM answers WHERE learner_id = ? AND stop = ?",
                                     (self.identity, stop)).rowcount
            conn.execute(_PRACTICE, (self.identity,))  # an item's first answer may have gone
            return gone

    # Reading ---------------------------------------------------------------------------------
    def answers(self, *, learner: str | None = None, everyone: bool = False,
                identity: str | None = None) -> list[Answer]:
        """The answers in the order given: this identity's (or ``identity``'s, or those under the display
        name ``learner``), or with ``everyone`` all of them."""
        everyone = flag(everyone, "everyone")
        if learner is not None:
            learner = _text("learner", learner)
        if identity is not None:
            identity = _text("identity", identity)
        with self._reading() as (conn, version):
            if conn is None:
                return []
            rows = _select(conn, version, self._adopt(conn, version))
        if everyone:
            return rows
        if learner is not None:
            return [row for row in rows if row.learner == learner]
        who = identity or self.identity
        return [row for row in rows if row.learner_id == who]

    def count(self, identity: str | None = None) -> int:
        """How many answers this identity (or ``identity``) has in the file, read without reading them."""
        who = _text("identity", identity) if identity is not None else self.identity
        with self._reading() as (conn, version):
            if conn is None:
                return 0
            if version < 3:
                return len(self.answers(identity=who))
            return int(conn.execute("SELECT count(*) FROM answers WHERE learner_id = ?", (who,)).fetchone()[0])

    def version(self) -> int:
        """The schema version of the file (0: no file yet)."""
        with self._reading() as (_conn, version):
            return version

    def _adopt(self, conn: sqlite3.Connection, version: int) -> tuple[frozenset[str], str] | None:
        """In a file older than schema 3 read or migrated by its owner's account: the names the account
        went by (the name kept in the file, the system user's, the hub user's), whose rows are the account's."""
        if version >= 3 or not is_account(self.identity) or self.identity != account():
            return None
        names = {system_user(), account_name()}
        row = conn.execute("SELECT value FROM meta WHERE key = 'learner'").fetchone()
        if row:
            names.add(row[0])
        return frozenset(names), self.identity

    # The file --------------------------------------------------------------------------------
    def _connect(self, *, read_only: bool) -> sqlite3.Connection:
        if read_only:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            return sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None)
        return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)

    def _own(self) -> None:
        """Refuse a file another account owns: in a shared class folder a classmate could have made it
        first, to read or change these answers. (The teacher's report reads with :func:`read_progress`.)"""
        try:
            owner = os.lstat(self.path).st_uid
        except FileNotFoundError:
            return
        except OSError as error:
            raise _fault(error, self.path) from error
        if hasattr(os, "geteuid") and owner != os.geteuid():
            raise ProgressFileError(message("progress.not_yours", path=str(self.path)))

    @contextmanager
    def _reading(self, *, owned: bool = True) -> Iterator[tuple[sqlite3.Connection | None, int]]:
        if _stat(self.path) is None:
            yield None, 0
            return
        if owned:
            self._own()
        failure: sqlite3.Error | OSError | None = None
        with ExitStack() as stack:
            try:
                conn, version = self._open_to_read(stack, owned=owned)
                yield (conn, version) if version else (None, 0)
            except (sqlite3.Error, OSError) as error:
                failure = error
        if failure is not None:  # said once the file is closed: finding out why may open it again
            raise self._file_error(failure) from failure

    def _open_to_read(self, stack: ExitStack, *, owned: bool) -> tuple[sqlite3.Connection, int]:
        """A connection to read the file, and its schema version. A hot journal (a write that crashed
        half done, as kill -9 leaves) must be rolled back before anyone reads: by the owner's store, which
        may write, on the file itself; by a reader who may not (the teacher reads, never writes), in a
        private copy of the file and its journal. Either way the file reads as its last whole write."""
        conn = self._connect(read_only=True)
        stack.callback(conn.close)
        try:
            return conn, self._check(conn)
        except sqlite3.OperationalError as error:
            if not _needs_rollback(error):
                raise
        conn.close()
        if owned:
            try:
                conn = self._connect(read_only=False)  # SQLite rolls a hot journal back on its first read
                stack.callback(conn.close)
                return conn, self._check(conn)
            except sqlite3.OperationalError:
                conn.close()  # the folder or the journal is not writable: read a copy instead
        return self._private_copy(stack)

    def _private_copy(self, stack: ExitStack) -> tuple[sqlite3.Connection, int]:
        """The file and its hot journal copied into a private folder (removed with ``stack``), where SQLite
        rolls the journal back in the copy; the file itself is not touched. A write landing during the copy
        (the owner rolling back, a commit) is seen in the files' stamps and the copy made again."""
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cribbage-progress-copy-")))
        copy, journal = folder / "progress.sqlite3", Path(f"{self.path}-journal")
        for _ in range(_COPY_TRIES):
            before = _stamps(self.path, journal)
            shutil.copyfile(self.path, copy)
            with suppress(FileNotFoundError):
                shutil.copyfile(journal, f"{copy}-journal")
            if _stamps(self.path, journal) == before:
                break
            Path(f"{copy}-journal").unlink(missing_ok=True)
        else:
            raise ProgressFileError(message("progress.busy", path=str(self.path)))
        conn = sqlite3.connect(copy, timeout=self.timeout, isolation_level=None)
        stack.callback(conn.close)
        return conn, self._check(conn)

    def _create(self) -> None:
        """Make the folders (0700) and the empty file (0600) the first write fills, whatever the umask."""
        missing = []
        folder = self.path.parent
        while _stat(folder) is None and folder.parent != folder:
            missing.append(folder)
            folder = folder.parent
        try:
            for made in reversed(missing):
                with suppress(FileExistsError):
                    os.mkdir(made, 0o700)
                    os.chmod(made, 0o700)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            return  # another notebook made it a moment ago: checked as any file is
        except OSError as error:
            if error.errno in (errno.ENAMETOOLONG, errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
                raise _fault(error, self.path) from error
            raise ProgressFileError(message("progress.cannot_create", path=str(self.path))) from error
        try:
            os.fchmod(fd, 0o600)
        finally:
            os.close(fd)

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        creating = _stat(self.path) is None
        if creating:
            self._create()
        self._own()
        with suppress(OSError):  # a file of ours that others could read is made private (never more open)
            mode = os.lstat(self.path).st_mode & 0o777
            if mode & 0o077:
                os.chmod(self.path, mode & 0o700)
        try:
            conn = self._connect(read_only=False)
        except sqlite3.Error as error:
            raise self._file_error(error, creating=creating, writing=True) from error
        try:
            # Check before taking the write lock: a foreign or damaged file is refused untouched.
            self._check(conn)
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._migrate(conn, self._check(conn, whole=self.whole_check))
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled the transaction back itself (a full disk does): a second
                # ROLLBACK would fail and hide the error that matters. The first error is the one raised.
                if conn.in_transaction:
                    with suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            conn.close()
            if creating:
                self._remove_if_empty()
            raise self._file_error(error, creating=creating, writing=True) from error
        except BaseException:
            conn.close()
            if creating:
                self._remove_if_empty()
            raise
        finally:
            conn.close()

    def _remove_if_empty(self) -> None:
        """After a first write that failed: the empty file SQLite made on opening goes, so no 0-byte file is
        left behind, unless another writer holds it (its transaction will fill it)."""
        try:
            if self.path.stat().st_size != 0:
                return
            probe = sqlite3.connect(self.path, timeout=0, isolation_level=None)
            try:
                probe.execute("BEGIN EXCLUSIVE")  # fails if anyone else has the file open for writing
                if self.path.stat().st_size == 0:
                    self.path.unlink()
                probe.execute("ROLLBACK")
            finally:
                probe.close()
        except (OSError, sqlite3.Error):
            pass  # it stays: harmless, an empty file is read as no progress yet

    def _check(self, conn: sqlite3.Connection, *, whole: bool = False) -> int:
        """The file's schema version, 0 for an empty file; raise if the file is not ours (or, with
        ``whole``, damaged anywhere: checked before each write, as the file is a learner's, hence small)."""
        try:
            # One statement, so one snapshot: read one by one, a notebook creating the file at the
            # same moment could commit in between (tables there, its id not yet seen) and the file
            # would look like another program's.
            row: tuple[int, int, int, int, int] = conn.execute(
                "SELECT (SELECT application_id FROM pragma_application_id),"
                " (SELECT user_version FROM pragma_user_version),"
                " (SELECT count(*) FROM sqlite_master),"
                " (SELECT count(*) FROM pragma_table_info('answers')),"
                " (SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'learners')").fetchone()
            app, version, tables, columns, learners = row
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError as error:
            raise self._damage(error) from error
        if app == 0 and tables == 0:
            return 0
        if app != APPLICATION_ID:
            raise ProgressFileError(message("progress.foreign", path=str(self.path)))
        if version > SCHEMA_VERSION:
            raise ProgressFileError(message("progress.newer", path=str(self.path), found=version,
                                            known=SCHEMA_VERSION))
        # The header's version must be the tables': one changed by hand (user_version zeroed) would make
        # a file of answers read as empty, or be "migrated" over tables it already has.
        if _COLUMNS.get(version) != columns or bool(learners) != (version >= 3):
            raise ProgressFileError(message("progress.header_changed", path=str(self.path), found=version))
        if whole:
            problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                raise ProgressFileError(message("progress.damaged", path=str(self.path), detail=problems[0]))
        return version

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        adopt = self._adopt(conn, version) if version else None  # read before the file changes
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _STEPS[step]:
                conn.execute(statement)
            if step == 3 and adopt is not None:
                self._adopt_rows(conn, *adopt)
            conn.execute(f"PRAGMA user_version = {step}")

    @staticmethod
    def _adopt_rows(conn: sqlite3.Connection, names: frozenset[str], identity: str) -> None:
        """The owner's rows of an older file become the owner's identity's, under the name they gave."""
        marks = ", ".join("?" * len(names))
        row = conn.execute("SELECT value FROM meta WHERE key = 'learner'").fetchone()
        conn.execute(f"UPDATE answers SET learner_id = ? WHERE learner IN ({marks})", (identity, *sorted(names)))
        if row:
            conn.execute("INSERT OR IGNORE INTO learners (id, name) VALUES (?, ?)", (identity, row[0]))
            conn.execute("UPDATE answers SET learner = ? WHERE learner_id = ?", (row[0], identity))
        conn.execute("DELETE FROM learners WHERE id NOT IN (SELECT learner_id FROM answers) AND id LIKE 'name:%'")
        conn.execute(_PRACTICE, (identity,))

    def _file_error(self, error: sqlite3.Error | OSError, *, creating: bool = False,
                    writing: bool = False) -> ProgressFileError:
        """The store's error for ``error``, with its true cause (called once the store's connection is closed)."""
        if isinstance(error, OSError):
            return _fault(error, self.path)
        text = str(error).lower()
        path = str(self.path)
        if "locked" in text or "busy" in text:
            return ProgressFileError(message("progress.busy", path=path))
        if isinstance(error, sqlite3.OperationalError) and ("disk is full" in text or "database or disk is full" in text
                                                            or getattr(error, "sqlite_errorname", "") == "SQLITE_FULL"):
            return ProgressFileError(message("progress.disk_full", path=path, detail=message("system.ENOSPC")))
        if creating and "unable to open" in text:
            return ProgressFileError(message("progress.cannot_create", path=path))
        if "unable to open" in text:
            # SQLite does not say why: the system does, when asked to open the file to read.
            try:
                os.close(os.open(self.path, os.O_RDONLY))
            except OSError as refused:
                return _fault(refused, self.path)
            if not writing:
                return ProgressFileError(message("progress.system_refused", path=path, reason=str(error)))
            if _full(self.path.parent):  # no room (or no inode) left for SQLite's journal beside the file
                return ProgressFileError(message("progress.disk_full", path=path, detail=message("system.ENOSPC")))
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return ProgressFileError(message("progress.read_only", path=path))
        if "not a database" in text or "malformed" in text:
            return self._damage(error)
        return ProgressFileError(message("progress.damaged", path=path, detail=str(error)))

    def _damage(self, error: sqlite3.Error) -> ProgressFileError:
        """A file SQLite cannot read: no SQLite database at all, or one that is damaged; cut short (a
        copy that stopped half way, a lost last page) is said as such, with the sizes."""
        path = str(self.path)
        try:
            with open(self.path, "rb") as file:
                head, size = file.read(100), os.fstat(file.fileno()).st_size
        except OSError as refused:
            return _fault(refused, self.path)
        if not head or not (head.startswith(_MAGIC) or _MAGIC.startswith(head)):
            return ProgressFileError(message("progress.not_database", path=path))
        page = int.from_bytes(head[16:18], "big") if len(head) >= 18 else 0
        page = 65536 if page == 1 else page
        # The header's page count is valid when written by SQLite 3.7 or later (its two counters agree).
        pages = int.from_bytes(head[28:32], "big") if len(head) == 100 and head[24:28] == head[92:96] else 0
        expected = max(100, page, page * pages)
        if size < expected:
            return ProgressFileError(message("progress.truncated", path=path, size=size, expected=expected))
        return ProgressFileError(message("progress.damaged", path=path, detail=str(error)))


@dataclass(frozen=True)
class ProgressRead:
    """A progress file as the teacher reads it: its answers, its learners (identity: display name), and a
    note when there is something to say about the file as a whole (an empty file: ``progress.empty``)."""

    path: Path
    answers: list[Answer]
    learners: dict[str, str]
    note: Message | None = None


def read_progress(path: str | os.PathLike[str]) -> ProgressRead:
    """The progress file at ``path``, read without writing a byte, whoever owns it (for the report and the
    teacher's view). A file that is not a progress file raises :class:`ProgressFileError`; an empty file
    (made, never written) reads as no answers, with a note saying so."""
    store = ProgressStore(path, identity="name:teacher")
    found = _stat(store.path)
    if found is None or not stat.S_ISREG(found.st_mode):
        raise ProgressFileError(message("progress.missing", path=str(store.path)))
    with store._reading(owned=False) as (conn, version):
        if conn is None:
            return ProgressRead(store.path, [], {}, message("progress.empty", path=str(store.path)))
        store._check(conn, whole=True)
        answers = _select(conn, version)
        named = dict(conn.execute(f"SELECT id, substr(name, 1, {_TEXT_LIMITS['learner']}) FROM learners ORDER BY rowid")
                     .fetchall()) if version >= 3 else {}
    return ProgressRead(store.path, answers, {**named, **{a.learner_id: a.learner for a in answers}})


def open_read_only(path: str | os.PathLike[str]) -> list[Answer]:
    """Every answer in the progress file at ``path``, read without writing a byte (for the report).
    :func:`read_progress` says also whether the file was empty."""
    return read_progress(path).answers


def _select(conn: sqlite3.Connection, version: int,
            adopt: tuple[frozenset[str], str] | None = None) -> list[Answer]:
    """The file's answers in the order given. From an older file, each name is an identity of its own
    (``name:Ana``), the owner's names the owner's (``adopt``), practice worked out as schema 3 keeps it."""
    if version >= 3:
        # A display name is cut to the store's limit on read too: a file written by hand may hold any length.
        query = (f"SELECT substr(coalesce(l.name, a.learner), 1, {_TEXT_LIMITS['learner']}), a.stop, a.item,"
                 " a.answer, a.correct, a.skill, a.kinds, a.missed, a.at, a.learner_id, a.practice, a.revealed FROM answers AS a"
                 " LEFT JOIN learners AS l ON l.id = a.learner_id ORDER BY a.id")
        return [Answer(learner, stop, item, answer, bool(correct), skill, tuple(kinds.split()), missed, at, who,
                       bool(practice), bool(revealed))
                for learner, stop, item, answer, correct, skill, kinds, missed, at, who, practice, revealed
                in conn.execute(query)]
    most = _TEXT_LIMITS["learner"]  # names cut on read as on write (a file written by hand may hold any)
    if version >= 2:
        query = "SELECT learner, stop, item, answer, correct, skill, kinds, missed, at FROM answers ORDER BY id"
        rows = [(learner[:most], stop, item, answer, bool(correct), skill, tuple(kinds.split()), missed, at)
                for learner, stop, item, answer, correct, skill, kinds, missed, at in conn.execute(query)]
    else:
        query = "SELECT learner, stop, item, answer, correct, at FROM answers ORDER BY id"
        rows = [(learner[:most], stop, item, answer, bool(correct), STOP_SKILL.get(stop, "other"), (), 0, at)
                for learner, stop, item, answer, correct, at in conn.execute(query)]
    seen: set[tuple[str, str]] = set()
    out = []
    for row in rows:
        who = adopt[1] if adopt is not None and row[0] in adopt[0] else f"name:{row[0]}"
        out.append(Answer(*row, learner_id=who, practice=(who, row[2]) in seen))
        seen.add((who, row[2]))
    return out


# Checks: a bad record is refused before the file is opened -------------------------------------
def checked_record(stop: object, item: object, answer: object, correct: object, *, skill: object,
                   kinds: Iterable[str] = (), missed: object = 0, at: datetime | None = None,
                   revealed: object = False) -> Answer:
    """What :meth:`ProgressStore.record` keeps, checked as it checks it (the one set of checks every store
    makes: a progress file, a class's database), as an answer of nobody yet (the store says whose, under
    which name, and whether it is practice): a stop, text, skill, kind or count out of range raises
    :class:`ProgressError`."""
    if at is not None and not isinstance(at, datetime):
        raise CribbageError(message("arg.wrong_kind", name="at", kind="datetime", value=shown(at)))
    when = (at or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds")
    return Answer("", _stop(stop), _text("item", item), _text("answer", _said(answer)), flag(correct, "correct"),
                  _skill(skill), _kinds(kinds), _missed(missed), when, revealed=flag(revealed, "revealed"))


def checked_name(name: object) -> str:
    """A display name as every store keeps it (80 characters at most, no character a file cannot hold)."""
    return _text("learner", name)


def _stop(stop: object) -> int:
    if isinstance(stop, bool) or not isinstance(stop, int) or stop not in STOPS:
        raise ProgressError(message("progress.bad_stop", last=STOPS[-1], value=shown(stop)))
    return stop


def _text(field: str, value: object) -> str:
    most = _TEXT_LIMITS[field]
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        said = shown(value) if not isinstance(value, str) or len(value) <= 40 else f"{len(value)} characters"
        raise ProgressError(message("progress.bad_text", field=field, most=most, value=said))
    if is_odd_text(value):  # SQLite could not encode it: refused before the file is opened
        raise ProgressError(message("progress.odd_text", field=field, value=shown(value)))
    return value.strip()


def _said(answer: object) -> str:
    """An answer as text (a number that Python will not write, past 4,300 digits, is refused)."""
    if isinstance(answer, str):
        return answer
    try:
        return str(answer)
    except Exception:
        raise ProgressError(message("progress.bad_text", field="answer", most=_TEXT_LIMITS["answer"],
                                    value=shown(answer))) from None


def _path(path: object) -> Path:
    """A progress file's path (text or os.PathLike), with characters a file system can take."""
    try:
        name = os.fspath(path)  # type: ignore[call-overload]
    except TypeError:
        raise ProgressFileError(message("progress.bad_path", value=shown(path))) from None
    if not isinstance(name, str) or is_odd_text(name) or not name.strip():
        raise ProgressFileError(message("progress.bad_path", value=shown(path)))
    return _expanded(name)


def _skill(skill: object) -> str:
    if not isinstance(skill, str) or skill not in SKILLS:
        raise ProgressError(message("progress.bad_skill", value=shown(skill), known=", ".join(SKILLS)))
    return str(skill)


def _kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    if isinstance(kinds, str):
        kinds = (kinds,)
    out: list[str] = []
    for kind in bounded(kinds, "kinds", len(KINDS) * 4):  # an endless iterable is refused, not read forever
        if not isinstance(kind, str) or kind not in KINDS:
            raise ProgressError(message("progress.bad_kind", value=shown(kind), known=", ".join(KINDS)))
        if kind not in out:
            out.append(kind)
    return tuple(out)


def _missed(missed: object) -> int:
    if isinstance(missed, bool) or not isinstance(missed, int) or not 0 <= missed < 2 ** 63:
        raise ProgressError(message("progress.bad_missed", value=shown(missed)))
    return missed


def learners_on_this_account(near: str | os.PathLike[str] | None = None) -> list[tuple[str, str]]:
    """The learners who answered under this account (the account itself, and each learner chosen on it
    when several share it), as (identity, display name), read from this account's own progress files in
    the folder of ``near`` (default: where this account's file is kept). Files that cannot be read are passed over."""
    mine = account()
    try:
        folder = (_path(near) if near is not None else default_path(identity=mine)).parent
        names = sorted(folder.iterdir())
    except (OSError, ProgressError):
        return []
    found: dict[str, str] = {}
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    for path in names:
        if not path.name.endswith(".sqlite3") or (not path.name.startswith("progress") and ".progress." not in path.name):
            continue
        try:
            if uid is not None and os.lstat(path).st_uid != uid:
                continue
            learners = read_progress(path).learners
        except (OSError, ProgressError):
            continue
        for identity, name in learners.items():
            if identity == mine or identity.startswith(mine + "#"):
                found.setdefault(identity, name)
    return sorted(found.items(), key=lambda pair: (pair[0] != mine, pair[1].casefold()))

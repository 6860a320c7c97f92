"""The learner's progress, kept: every answer recorded in one SQLite file (standard ``sqlite3``).

The file lives in the user's data folder (``platformdirs``), or where ``CRIBBAGE_PROGRESS`` says:
a file, or a folder (a class's shared folder) in which each learner gets a file named after them.
Every write is one short transaction opened with ``BEGIN IMMEDIATE`` and a wait on a busy file, so two
notebooks of one learner writing at once both land, whole. A file that is not ours (not SQLite, another
program's database, a newer schema, damaged) is refused with a :class:`ProgressFileError` and never
written; reading opens the file read-only. The schema has a version (``PRAGMA user_version``); an older
file is brought up to date, step by step, inside the first write's transaction.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3", learner="Ana")
>>> store.record(3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show", kinds=("fifteen.2", "pair")).correct
True
>>> [a.answer for a in store.answers()]
['12']
"""

from __future__ import annotations

import getpass
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from cribbage.lang.messages import message
from cribbage.progress.words import KINDS as _KIND_WORDS
from cribbage.progress.words import SKILLS as _SKILL_WORDS
from cribbage.rules.errors import CribbageError

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
    "ProgressStore",
    "default_path",
    "system_user",
]

#: The environment variable naming the progress file, or a folder holding one file per learner.
ENV = "CRIBBAGE_PROGRESS"
#: Stamped in the SQLite header (``PRAGMA application_id``): "CRIB". Any other stamp is a foreign file.
APPLICATION_ID = 0x43524942
#: The schema this code writes. Older files are migrated; newer ones are refused.
SCHEMA_VERSION = 2
#: The course's stops, 00_start_here to 08_statistics_lab.
STOPS: tuple[int, ...] = tuple(range(9))
SKILLS: tuple[str, ...] = tuple(key.removeprefix("progress.skill.") for key in _SKILL_WORDS)
KINDS: tuple[str, ...] = tuple(key.removeprefix("progress.kind.") for key in _KIND_WORDS)
#: The skill a stop teaches; it is the skill of answers a schema-1 file recorded (it had no skill column).
STOP_SKILL: dict[int, str] = {0: "show", 1: "discard", 2: "play", 3: "show", 4: "board", 5: "game",
                              6: "statistics", 7: "crosscribb", 8: "statistics"}

_TEXT_LIMITS = {"item": 200, "answer": 500, "learner": 80}


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


def system_user() -> str:
    """The name the system knows the learner by (the learner's name until they give one)."""
    try:
        return getpass.getuser()
    except Exception:  # no user name in a bare container: say so plainly
        return "learner"


def default_path(learner: str | None = None) -> Path:
    """Where progress is kept: ``$CRIBBAGE_PROGRESS`` (a file, or a folder: ``<folder>/<learner>.progress.sqlite3``),
    else ``progress.sqlite3`` in the user's data folder."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        path = Path(chosen).expanduser()
        if path.is_dir() or chosen.endswith(("/", os.sep)):
            name = re.sub(r"[^\w.-]+", "_", learner or system_user()).strip("._") or "learner"
            return path / f"{name}.progress.sqlite3"
        return path
    import platformdirs  # only needed for the default place, so a class's shared folder needs no lookup

    return Path(platformdirs.user_data_dir("cribbage-course", appauthor=False)) / "progress.sqlite3"


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
}


class ProgressStore:
    """A learner's progress file: :meth:`record` an answer, read :meth:`answers`, :meth:`reset` a stop.

    ``path`` defaults to :func:`default_path`; ``learner`` to the name kept in the file, else the system
    user. Nothing is created until the first write; reading a file never changes it.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, learner: str | None = None,
                 timeout: float = 30.0) -> None:
        self._learner = _text("learner", learner) if learner is not None else None
        self.path = Path(path).expanduser() if path is not None else default_path(learner)
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    # Who -------------------------------------------------------------------------------------
    @property
    def learner(self) -> str:
        """The learner answers are recorded for: the given name, the name kept in the file, or the system user."""
        if self._learner is not None:
            return self._learner
        return self.saved_learner() or system_user()

    def saved_learner(self) -> str | None:
        """The name the learner gave once (kept in the file), or None."""
        with self._reading() as (conn, _version):
            if conn is None:
                return None
            row = conn.execute("SELECT value FROM meta WHERE key = 'learner'").fetchone()
            return row[0] if row else None

    def set_learner(self, name: str) -> str:
        """Keep ``name`` as this file's learner (asked once, then remembered). The answers given before,
        under the name used until now (the system user's, say), become this name's too."""
        name = _text("learner", name)
        before = self.learner
        with self._writing() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('learner', ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (name,))
            conn.execute("UPDATE answers SET learner = ? WHERE learner = ?", (name, before))
        self._learner = None
        return name

    # Writing ---------------------------------------------------------------------------------
    def record(self, stop: int, item: str, answer: object, correct: bool, *, skill: str,
               kinds: Iterable[str] = (), missed: int = 0, at: datetime | None = None) -> Answer:
        """Record one answer: at ``stop``, to ``item``, ``answer`` given, right or not, ``missed``
        points short (or over), about ``skill`` and the item ``kinds`` it involved."""
        kept = Answer(self.learner, _stop(stop), _text("item", item), _text("answer", str(answer)),
                      bool(correct), _skill(skill), _kinds(kinds), _missed(missed),
                      (at or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds"))
        with self._writing() as conn:
            conn.execute("INSERT INTO answers (learner, stop, item, answer, correct, skill, kinds, missed, at)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (kept.learner, kept.stop, kept.item, kept.answer, int(kept.correct), kept.skill,
                          " ".join(kept.kinds), kept.missed, kept.at))
        return kept

    def reset(self, stop: int) -> int:
        """Forget this learner's answers at ``stop`` (the panel asks first). Returns how many went."""
        stop = _stop(stop)
        if not self.path.exists():
            return 0
        learner = self.learner
        with self._writing() as conn:
            return conn.execute("DELETE FROM answers WHERE learner = ? AND stop = ?", (learner, stop)).rowcount

    # Reading ---------------------------------------------------------------------------------
    def answers(self, *, learner: str | None = None, everyone: bool = False) -> list[Answer]:
        """The answers in the order given: this learner's (or ``learner``'s), or with ``everyone`` all of them."""
        with self._reading() as (conn, version):
            if conn is None:
                return []
            rows = _select(conn, version)
        who = None if everyone else (learner or self.learner)
        return [row for row in rows if who is None or row.learner == who]

    def version(self) -> int:
        """The schema version of the file (0: no file yet)."""
        with self._reading() as (_conn, version):
            return version

    # The file --------------------------------------------------------------------------------
    def _connect(self, *, read_only: bool) -> sqlite3.Connection:
        if read_only:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            return sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None)
        return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)

    @contextmanager
    def _reading(self) -> Iterator[tuple[sqlite3.Connection | None, int]]:
        if not self.path.exists():
            yield None, 0
            return
        try:
            conn = self._connect(read_only=True)
        except sqlite3.Error as error:
            raise self._file_error(error) from None
        try:
            version = self._check(conn)
            if version == 0:
                yield None, 0
                return
            yield conn, version
        except sqlite3.Error as error:
            raise self._file_error(error) from None
        finally:
            conn.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        creating = not self.path.exists()
        if creating:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                raise ProgressFileError(message("progress.cannot_create", path=str(self.path))) from None
        try:
            conn = self._connect(read_only=False)
        except sqlite3.Error as error:
            raise self._file_error(error, creating=creating) from None
        try:
            # Check before taking the write lock: a foreign or damaged file is refused untouched.
            self._check(conn)
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._migrate(conn, self._check(conn, whole=True))
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise self._file_error(error, creating=creating) from None
        finally:
            conn.close()

    def _check(self, conn: sqlite3.Connection, *, whole: bool = False) -> int:
        """The file's schema version, 0 for an empty file; raise if the file is not ours (or, with
        ``whole``, damaged anywhere: checked before each write, as the file is a learner's, hence small)."""
        try:
            # One statement, so one snapshot: read one by one, a notebook creating the file at the
            # same moment could commit in between (tables there, its id not yet seen) and the file
            # would look like another program's.
            row: tuple[int, int, int] = conn.execute(
                "SELECT (SELECT application_id FROM pragma_application_id),"
                " (SELECT user_version FROM pragma_user_version),"
                " (SELECT count(*) FROM sqlite_master)").fetchone()
            app, version, tables = row
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError:
            raise ProgressFileError(message("progress.not_database", path=str(self.path))) from None
        if app == 0 and tables == 0:
            return 0
        if app != APPLICATION_ID:
            raise ProgressFileError(message("progress.foreign", path=str(self.path)))
        if version > SCHEMA_VERSION:
            raise ProgressFileError(message("progress.newer", path=str(self.path), found=version,
                                            known=SCHEMA_VERSION))
        if whole:
            problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                raise ProgressFileError(message("progress.damaged", path=str(self.path), detail=problems[0]))
        return version

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _STEPS[step]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {step}")

    def _file_error(self, error: sqlite3.Error, *, creating: bool = False) -> ProgressFileError:
        text = str(error).lower()
        path = str(self.path)
        if "locked" in text or "busy" in text:
            return ProgressFileError(message("progress.busy", path=path))
        if creating and "unable to open" in text:
            return ProgressFileError(message("progress.cannot_create", path=path))
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return ProgressFileError(message("progress.read_only", path=path))
        if "not a database" in text:
            return ProgressFileError(message("progress.not_database", path=path))
        return ProgressFileError(message("progress.damaged", path=path, detail=str(error)))


def open_read_only(path: str | os.PathLike[str]) -> list[Answer]:
    """Every answer in the progress file at ``path``, read without writing a byte (for the report)."""
    store = ProgressStore(path)
    if not store.path.is_file():
        raise ProgressFileError(message("progress.missing", path=str(store.path)))
    with store._reading() as (conn, version):
        if conn is None:
            return []
        try:
            store._check(conn, whole=True)
        except sqlite3.DatabaseError as error:
            raise store._file_error(error) from None
        return _select(conn, version)


def _select(conn: sqlite3.Connection, version: int) -> list[Answer]:
    if version >= 2:
        query = "SELECT learner, stop, item, answer, correct, skill, kinds, missed, at FROM answers ORDER BY id"
        return [Answer(learner, stop, item, answer, bool(correct), skill, tuple(kinds.split()), missed, at)
                for learner, stop, item, answer, correct, skill, kinds, missed, at in conn.execute(query)]
    query = "SELECT learner, stop, item, answer, correct, at FROM answers ORDER BY id"
    return [Answer(learner, stop, item, answer, bool(correct), STOP_SKILL.get(stop, "other"), (), 0, at)
            for learner, stop, item, answer, correct, at in conn.execute(query)]


# Checks: a bad record is refused before the file is opened -------------------------------------
def _stop(stop: object) -> int:
    if isinstance(stop, bool) or not isinstance(stop, int) or stop not in STOPS:
        raise ProgressError(message("progress.bad_stop", last=STOPS[-1], value=repr(stop)))
    return stop


def _text(field: str, value: object) -> str:
    most = _TEXT_LIMITS[field]
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        shown = repr(value) if not isinstance(value, str) or len(value) <= 40 else f"{len(value)} characters"
        raise ProgressError(message("progress.bad_text", field=field, most=most, value=shown))
    return value.strip()


def _skill(skill: object) -> str:
    if skill not in SKILLS:
        raise ProgressError(message("progress.bad_skill", value=repr(skill), known=", ".join(SKILLS)))
    return str(skill)


def _kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    if isinstance(kinds, str):
        kinds = (kinds,)
    out: list[str] = []
    for kind in kinds:
        if kind not in KINDS:
            raise ProgressError(message("progress.bad_kind", value=repr(kind), known=", ".join(KINDS)))
        if kind not in out:
            out.append(kind)
    return tuple(out)


def _missed(missed: object) -> int:
    if isinstance(missed, bool) or not isinstance(missed, int) or missed < 0:
        raise ProgressError(message("progress.bad_missed", value=repr(missed)))
    return missed

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
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from cribbage.lang.messages import message
from cribbage.progress.words import KINDS as _KIND_WORDS
from cribbage.progress.words import SKILLS as _SKILL_WORDS
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
    if learner is not None:
        learner = _text("learner", learner)
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        path = _expanded(chosen)
        if path.is_dir() or chosen.endswith(("/", os.sep)):
            name = re.sub(r"[^\w.-]+", "_", learner or system_user()).strip("._") or "learner"
            return path / f"{name}.progress.sqlite3"
        return path
    import platformdirs  # only needed for the default place, so a class's shared folder needs no lookup

    try:
        folder = Path(platformdirs.user_data_dir("cribbage-course", appauthor=False))
    except (RuntimeError, KeyError, OSError):
        raise ProgressFileError(message("progress.no_home", path="~")) from None
    if not folder.is_absolute():  # no home folder: platformdirs answers a path relative to "~" or to nothing
        raise ProgressFileError(message("progress.no_home", path=str(folder)))
    return folder / "progress.sqlite3"


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
}


class ProgressStore:
    """A learner's progress file: :meth:`record` an answer, read :meth:`answers`, :meth:`reset` a stop.

    ``path`` defaults to :func:`default_path`; ``learner`` to the name kept in the file, else the system
    user. Nothing is created until the first write; reading a file never changes it.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, learner: str | None = None,
                 timeout: float = 30.0) -> None:
        self._learner = _text("learner", learner) if learner is not None else None
        self.path = _path(path) if path is not None else default_path(learner)
        self.timeout = number(timeout, "timeout", low=0.0, high=24 * 3600.0)

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
        if at is not None and not isinstance(at, datetime):
            raise CribbageError(message("arg.wrong_kind", name="at", kind="datetime", value=shown(at)))
        kept = Answer(self.learner, _stop(stop), _text("item", item), _text("answer", _said(answer)),
                      flag(correct, "correct"), _skill(skill), _kinds(kinds), _missed(missed),
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
        everyone = flag(everyone, "everyone")
        if learner is not None:
            learner = _text("learner", learner)
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
            raise self._file_error(error, creating=creating) from error
        try:
            # Check before taking the write lock: a foreign or damaged file is refused untouched.
            self._check(conn)
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._migrate(conn, self._check(conn, whole=True))
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
            raise self._file_error(error, creating=creating) from error
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
        if isinstance(error, sqlite3.OperationalError) and ("disk is full" in text or "database or disk is full" in text
                                                            or getattr(error, "sqlite_errorname", "") == "SQLITE_FULL"):
            return ProgressFileError(message("progress.disk_full", path=path, detail=str(error)))
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

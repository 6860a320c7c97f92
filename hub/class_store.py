"""The class's one store, where the progress service keeps every learner's answers and the teacher's view
reads them: a progress file (SQLite, the default) or a school's PostgreSQL database, named by a URL.

``--store-url`` (or ``--store``) of ``hub.progress_service`` and ``hub.teacher_view`` says which:

- a path, or ``sqlite:///PATH``: a progress file in :class:`~cribbage.progress.store.ProgressStore`'s
  format, as a one-machine class has always kept it (``DIR/progress/progress.sqlite3``); the service
  writes it with ProgressStore itself, the view and ``cribbage progress report`` read it as any progress
  file;
- ``postgresql://USER@HOST:PORT/DATABASE``: the same two tables (learners and their answers, schema 3 of
  the progress file), made by the service in that database on its first write, through SQLAlchemy Core
  (which JupyterHub brings) and psycopg. A database holding tables of these names that another program
  made, or a newer schema of the course, is refused untouched, as a foreign progress file is.

Either way an answer is checked as every store checks it (:func:`~cribbage.progress.store.checked_record`),
an item answered again is kept as practice, and the figures read back are the same
(``tests/integration/test_class_store_postgres.py`` compares the two). The password of a URL is never
written in a message: the store is named by its URL with the password hidden.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cribbage.lang.messages import message
from cribbage.progress.store import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    Answer,
    ProgressFileError,
    ProgressRead,
    ProgressStore,
    checked_name,
    checked_record,
    read_progress,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

__all__ = ["URL_ENV", "ClassStore", "DatabaseStore", "FileStore", "LearnerStore", "add_store_arguments", "chosen_store", "open_store"]

#: The environment variable that may name the store instead of ``--store-url`` (where a URL holds a
#: password: kept out of the process list, and on Kubernetes taken from a Secret).
URL_ENV = "CRIBBAGE_CLASS_STORE_URL"
#: The URL schemes read as a database (anything else is a file's path).
DATABASE_SCHEMES = ("postgresql://", "postgresql+psycopg://")
#: The course's tables, named so that they sit beside a school's other tables in one database.
META, LEARNERS, ANSWERS = "cribbage_meta", "cribbage_learners", "cribbage_answers"
#: The longest display name read back (the class list's limit, on read as on write).
NAME_MOST = 80

_SCHEMA = (
    f"CREATE TABLE {META} (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"CREATE TABLE {LEARNERS} (id TEXT PRIMARY KEY, name TEXT NOT NULL)",
    f"CREATE TABLE {ANSWERS} (id BIGSERIAL PRIMARY KEY, learner TEXT NOT NULL, stop INTEGER NOT NULL,"
    " item TEXT NOT NULL, answer TEXT NOT NULL, correct BOOLEAN NOT NULL, skill TEXT NOT NULL, kinds TEXT NOT NULL,"
    " missed BIGINT NOT NULL CHECK (missed >= 0), at TEXT NOT NULL, learner_id TEXT NOT NULL,"
    " practice BOOLEAN NOT NULL, revealed BOOLEAN NOT NULL)",
    f"CREATE INDEX {ANSWERS}_by_item ON {ANSWERS} (learner_id, item, id)",
)


class LearnerStore(Protocol):
    """One learner's part of the class's store: what the service does with it."""

    def record(self, stop: int, item: str, answer: object, correct: bool, *, skill: str,
               kinds: Iterable[str] = (), missed: int = 0, at: datetime | None = None,
               revealed: bool = False) -> Answer: ...

    def count(self) -> int: ...

    def saved_learner(self) -> str | None: ...

    def set_learner(self, name: str) -> str: ...


class ClassStore(Protocol):
    """The class's store: checked once when the service first writes, a learner's part, read whole."""

    def check(self) -> None: ...

    def learner(self, identity: str, name: str) -> LearnerStore: ...

    def read(self) -> list[Answer]: ...


class _FileLearner(ProgressStore):
    """A learner's answers in the class's progress file: it is where answers are sent, so it never sends
    one on (whatever the process's environment says of a hub user). Only the service writes it: the whole
    file is checked once, when the service first opens it (:meth:`FileStore.check`), not before every answer."""

    whole_check = False

    def _send(self, kept: Answer) -> None:
        return None


class FileStore:
    """The class's progress file (SQLite): ProgressStore's format, written by ProgressStore."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"FileStore({str(self.path)!r})"

    def check(self) -> None:
        """The whole file, once (a damaged one is refused)."""
        if self.path.exists():
            read_progress(self.path)

    def learner(self, identity: str, name: str) -> LearnerStore:
        return _FileLearner(self.path, identity=identity, learner=name)

    def read(self) -> list[Answer]:
        return read_progress(self.path).answers if self.path.exists() else []


class DatabaseStore:
    """The class's store in a PostgreSQL database (:data:`LEARNERS` and :data:`ANSWERS`, stamped in
    :data:`META` with the progress file's application id and schema version)."""

    def __init__(self, url: str) -> None:
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            parsed = make_url(url)
        except ArgumentError:
            raise ProgressFileError(message("progress.bad_path", value=url.split("@")[-1][:80])) from None
        if parsed.drivername == "postgresql":  # psycopg 3, the driver the [hub] extra installs
            parsed = parsed.set(drivername="postgresql+psycopg")
        self.where = parsed.render_as_string(hide_password=True)
        self.engine: Engine = create_engine(parsed, pool_pre_ping=True, pool_size=2, max_overflow=2)
        self._made = False
        self._cache: tuple[object, list[Answer]] | None = None

    def __repr__(self) -> str:
        return f"DatabaseStore({self.where!r})"

    def close(self) -> None:
        """Give the database its connections back."""
        self.engine.dispose()

    # The database ------------------------------------------------------------------------------
    def _run(self, work: Any, *, write: bool) -> Any:
        """``work(connection)`` in one transaction (made the course's tables first, for a write); what the
        database refuses (away, a wrong password, no right to write) is the store's error, naming the store."""
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError, SQLAlchemyError

        try:
            with self.engine.begin() as conn:
                if not write:  # a read never writes, whoever's account it uses (the teacher's view reads only)
                    conn.execute(text("SET TRANSACTION READ ONLY"))
                if write and not self._made:
                    self._make(conn)
                elif not write and not self._made and self._version(conn) == 0:
                    return None
                return work(conn)
        except DBAPIError as error:
            detail = str(getattr(error, "orig", error)).strip().splitlines()
            raise ProgressFileError(message("progress.system_refused", path=self.where,
                                            reason=(detail[0] if detail else type(error).__name__)[:200])) from None
        except SQLAlchemyError as error:
            raise ProgressFileError(message("progress.system_refused", path=self.where, reason=str(error)[:200])) from None

    def _version(self, conn: Connection) -> int:
        """The course's schema version in the database, 0 before its tables are made; refused: tables of
        these names that another program made, or a newer schema."""
        from sqlalchemy import inspect, text

        found = set(inspect(conn).get_table_names()) & {META, LEARNERS, ANSWERS}
        if not found:
            return 0
        stamp: dict[str, str] = dict(conn.execute(text(f"SELECT key, value FROM {META}")).all()) if META in found else {}
        if stamp.get("application_id") != str(APPLICATION_ID) or found != {META, LEARNERS, ANSWERS}:
            raise ProgressFileError(message("progress.foreign", path=self.where))
        version = int(stamp.get("schema", "0"))
        if version > SCHEMA_VERSION:
            raise ProgressFileError(message("progress.newer", path=self.where, found=version, known=SCHEMA_VERSION))
        self._made = True
        return version

    def _make(self, conn: Connection) -> None:
        from sqlalchemy import text

        if self._version(conn) == 0:
            # Two services starting at once on an empty database: the second waits here, then finds the tables.
            conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": APPLICATION_ID})
            if self._version(conn) == 0:
                for statement in _SCHEMA:
                    conn.execute(text(statement))
                conn.execute(text(f"INSERT INTO {META} (key, value) VALUES ('application_id', :app), ('schema', :v)"),
                             {"app": str(APPLICATION_ID), "v": str(SCHEMA_VERSION)})
        self._made = True

    # ClassStore ---------------------------------------------------------------------------------
    def check(self) -> None:
        """Reach the database and find it the course's (or empty): refused now rather than at the first answer."""
        self._run(lambda conn: None, write=False)

    def learner(self, identity: str, name: str) -> LearnerStore:
        return _DatabaseLearner(self, identity, checked_name(name))

    def read(self) -> list[Answer]:
        """Every answer in the order given, each under its learner's display name (cut to 80 characters on
        read too). Read again only when an answer or a name changed since the last read."""
        from sqlalchemy import text

        def stamp(conn: Connection) -> object:
            counted = conn.execute(text(f"SELECT max(id), count(*) FROM {ANSWERS}")).one()
            names = conn.execute(text(f"SELECT id, name FROM {LEARNERS} ORDER BY id")).all()
            return (tuple(counted), tuple(map(tuple, names)))

        def answers(conn: Connection) -> tuple[object, list[Answer]]:
            now = stamp(conn)
            if self._cache is not None and self._cache[0] == now:
                return self._cache
            rows = conn.execute(text(
                f"SELECT substr(coalesce(l.name, a.learner), 1, {NAME_MOST}), a.stop, a.item, a.answer, a.correct,"
                " a.skill, a.kinds, a.missed, a.at, a.learner_id, a.practice, a.revealed"
                f" FROM {ANSWERS} AS a LEFT JOIN {LEARNERS} AS l ON l.id = a.learner_id ORDER BY a.id"))
            return now, [Answer(learner, stop, item, said, bool(correct), skill, tuple(kinds.split()), missed, at, who,
                                bool(practice), bool(revealed))
                         for learner, stop, item, said, correct, skill, kinds, missed, at, who, practice, revealed in rows]

        found = self._run(answers, write=False)
        if found is None:
            return []
        self._cache = found
        return list(found[1])

    def read_whole(self) -> ProgressRead:
        """The store as :func:`~cribbage.progress.store.read_progress` reads a file: answers and learners."""
        from sqlalchemy import text

        answers = self.read()
        named = self._run(lambda conn: dict(conn.execute(text(
            f"SELECT id, substr(name, 1, {NAME_MOST}) FROM {LEARNERS} ORDER BY id")).all()), write=False) or {}
        return ProgressRead(Path(self.where), answers, {**named, **{a.learner_id: a.learner for a in answers}})


class _DatabaseLearner:
    """One learner's answers in the class's database, kept as ProgressStore keeps them in a file."""

    def __init__(self, store: DatabaseStore, identity: str, name: str) -> None:
        self.store, self.identity, self._learner = store, identity, name

    def record(self, stop: int, item: str, answer: object, correct: bool, *, skill: str,
               kinds: Iterable[str] = (), missed: int = 0, at: datetime | None = None,
               revealed: bool = False) -> Answer:
        from sqlalchemy import text

        kept = checked_record(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed, at=at,
                              revealed=revealed)

        def write(conn: Connection) -> Answer:
            who = {"id": self.identity}
            conn.execute(text(f"INSERT INTO {LEARNERS} (id, name) VALUES (:id, :name) ON CONFLICT (id) DO NOTHING"),
                         {**who, "name": self._learner})
            name = conn.execute(text(f"SELECT name FROM {LEARNERS} WHERE id = :id"), who).scalar_one()
            before = conn.execute(text(f"SELECT 1 FROM {ANSWERS} WHERE learner_id = :id AND item = :item LIMIT 1"),
                                  {**who, "item": kept.item}).first()
            answer = replace(kept, learner=name, learner_id=self.identity, practice=before is not None)
            conn.execute(text(
                f"INSERT INTO {ANSWERS} (learner, stop, item, answer, correct, skill, kinds, missed, at, learner_id,"
                " practice, revealed) VALUES (:learner, :stop, :item, :answer, :correct, :skill, :kinds, :missed, :at,"
                " :learner_id, :practice, :revealed)"),
                {"learner": name, "stop": answer.stop, "item": answer.item, "answer": answer.answer,
                 "correct": answer.correct, "skill": answer.skill, "kinds": " ".join(answer.kinds),
                 "missed": answer.missed, "at": answer.at, "learner_id": self.identity,
                 "practice": answer.practice, "revealed": answer.revealed})
            return answer

        result: Answer = self.store._run(write, write=True)
        return result

    def count(self) -> int:
        from sqlalchemy import text

        found = self.store._run(lambda conn: conn.execute(
            text(f"SELECT count(*) FROM {ANSWERS} WHERE learner_id = :id"), {"id": self.identity}).scalar_one(),
            write=False)
        return int(found or 0)

    def saved_learner(self) -> str | None:
        from sqlalchemy import text

        found = self.store._run(lambda conn: conn.execute(
            text(f"SELECT name FROM {LEARNERS} WHERE id = :id"), {"id": self.identity}).scalar(), write=False)
        return None if found is None else str(found)

    def set_learner(self, name: str) -> str:
        from sqlalchemy import text

        name = checked_name(name)

        def write(conn: Connection) -> None:
            conn.execute(text(f"INSERT INTO {LEARNERS} (id, name) VALUES (:id, :name) "
                              "ON CONFLICT (id) DO UPDATE SET name = excluded.name"), {"id": self.identity, "name": name})
            conn.execute(text(f"UPDATE {ANSWERS} SET learner = :name WHERE learner_id = :id"),
                         {"id": self.identity, "name": name})

        self.store._run(write, write=True)
        self._learner = name
        return name


def is_database(where: str | Path) -> bool:
    """Whether ``where`` names a database (a URL) rather than a progress file."""
    return isinstance(where, str) and where.startswith(DATABASE_SCHEMES)


def open_store(where: str | Path) -> FileStore | DatabaseStore:
    """The class's store ``where`` names: a PostgreSQL URL, ``sqlite:///PATH``, or a file's path."""
    if is_database(where):
        return DatabaseStore(str(where))
    text = str(where)
    return FileStore(text.removeprefix("sqlite:///") if text.startswith("sqlite:///") else text)


def add_store_arguments(parser: argparse.ArgumentParser, store: str) -> None:
    """The options naming the class's store (the service's and the view's alike); ``store`` says what the
    command does with it."""
    parser.add_argument("--store", help=f"the class's store, {store}: a progress file (SQLite)")
    parser.add_argument("--store-url", default=os.environ.get(URL_ENV) or None,
                        help=f"the class's store in PostgreSQL instead, postgresql://USER@HOST:PORT/DATABASE "
                             f"(default: ${URL_ENV}, where a password stays out of the process list)")


def chosen_store(args: argparse.Namespace) -> str | None:
    """The store the options name: the database's URL where one is given, else the file."""
    found: str | None = args.store_url or args.store
    return found

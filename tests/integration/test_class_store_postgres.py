"""The class's store in a real PostgreSQL (``--store-url``), started here with initdb/pg_ctl in a temporary
folder on 127.0.0.1 and a free port, as an unprivileged account (PostgreSQL refuses root: Debian's
``postgres``, or an account made for the test and removed after it), and stopped by its pid.

The service takes the same requests as with its SQLite file (a right answer, a refused forged one, the
limits, an account not on the class list) and keeps the same things; the teacher's view reads the same
gradebook figures and downloads back from either store. Locally the test is skipped where PostgreSQL is
not installed; in CI (``CI=true``) it fails instead, as the browser tests do without Chromium.
"""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from tornado import web

from cribbage.cli.main import main
from cribbage.progress.export import csv_text, moodle_csv
from cribbage.progress.live import LiveClass
from cribbage.progress.roster import Member, read_roster
from cribbage.progress.store import ProgressFileError, read_progress
from hub import progress_service
from hub.class_store import ANSWERS, DatabaseStore, FileStore, open_store
from hub.progress_service import ProgressService, course_facts, handlers

ITEM = "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣"
#: A time every answer names, so that both stores keep the same times and the figures compare whole.
AT = (datetime.now(timezone.utc) - timedelta(hours=1)).replace(microsecond=0)
RIGHT = {"item": ITEM, "answer": "14", "stop": 0, "correct": True, "at": AT.isoformat()}
WRONG = {"item": ITEM, "answer": "12", "stop": 0, "correct": False, "at": (AT + timedelta(seconds=30)).isoformat()}
FORGED = {**WRONG, "correct": True}
MEMBERS = [Member("ana", "Ana Souza"), Member("bea", "Beatriz " + "L" * 90), Member("caio", "Caio")]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}


def _binaries() -> Path | None:
    """Debian's PostgreSQL (the newest under /usr/lib/postgresql/*/bin), else initdb on the PATH."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Postgres:
    """A PostgreSQL server of the test's own: its folder, its account, its port, its pid."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="cribbage-pg-"))
        self.made_account: str | None = None
        self.run_as: list[str] = []
        self.pid: int | None = None
        if os.geteuid() == 0:
            account = "postgres"
            try:
                pwd.getpwnam(account)
            except KeyError:
                account = f"cribpg{os.getpid()}"
                subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", account],
                               check=True)
                self.made_account = account
            self.run_as = ["runuser", "-u", account, "--"]
            os.chmod(self.folder, 0o755)
            shutil.chown(self.folder, account)
        self.data, self.port = self.folder / "data", _free_port()

    def _run(self, *command: str) -> None:
        subprocess.run([*self.run_as, *command], check=True, capture_output=True, cwd=self.folder, timeout=120)

    def start(self, *, durable: bool = False) -> None:
        """initdb and pg_ctl; ``durable``: every commit synced to disk, as a school's server does (for a
        measurement: a test needs no durability)."""
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "cribbage", "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        # pg_ctl -w returns once the server takes connections (or fails): an event, not a time.
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "120",
                  "-o", f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync={'on' if durable else 'off'}", "start")
        self.pid = int((self.data / "postmaster.pid").read_text().split()[0])

    def url(self, database: str) -> str:
        return f"postgresql://cribbage@127.0.0.1:{self.port}/{database}"

    def create(self, database: str) -> str:
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "cribbage", database)
        return self.url(database)

    def stop(self) -> None:
        """The server stopped by its pid (SIGINT: a fast shutdown), waited for through a pidfd; then its
        folder and the account made for it go."""
        try:
            if self.pid is not None:
                watch = os.pidfd_open(self.pid)
                try:
                    os.kill(self.pid, signal.SIGINT)
                    ready, _, _ = select.select([watch], [], [], 120)
                    assert ready, "PostgreSQL did not stop"
                finally:
                    os.close(watch)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            if self.made_account is not None:
                subprocess.run(["userdel", self.made_account], check=False)


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    found = _binaries()
    if found is None:
        if _in_ci():
            pytest.fail("PostgreSQL is missing (CI=true: .ci/run installs it; this test must run in CI)", pytrace=False)
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = Postgres(found)
    try:
        server.start()
        yield server
    finally:
        server.stop()


_databases = iter(range(1, 10_000))


@pytest.fixture
def database(postgres: Postgres) -> str:
    return postgres.create(f"class{next(_databases)}")


async def _fake_hub(handler: web.RequestHandler) -> str | None:
    """The hub's answer for the request's token: here a header the body cannot reach."""
    return handler.request.headers.get("X-Hub-Says") or None


class Serving:
    """The progress service on 127.0.0.1 in a thread of its own loop, with a clock the test moves."""

    def __init__(self, store: str | Path) -> None:
        self.now = 1000.0
        self.service = ProgressService(MEMBERS, store, facts=course_facts, clock=lambda: self.now)
        self.port = _free_port()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)
        self.thread.start()
        assert self.ready.wait(60)

    async def _serve(self) -> None:
        server = web.Application(handlers("/services/progress/", self.service, _fake_hub)).listen(self.port, "127.0.0.1")
        self.stopped, self.loop = asyncio.Event(), asyncio.get_running_loop()
        self.ready.set()
        await self.stopped.wait()
        server.stop()
        await server.close_all_connections()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.stopped.set)
        self.thread.join(60)

    def send(self, answers: object, *, user: str = "ana", body: bytes | None = None) -> tuple[int, dict]:
        data = body if body is not None else json.dumps({"answers": answers}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/services/progress/answers", data=data,
                                         headers={"X-Hub-Says": user, "Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")


def _the_class_session(serving: Serving) -> list[tuple[int, object]]:
    """The same requests to either store: what each answered (status, and what was kept or why not)."""
    said = []

    def send(answers: object, **how: object) -> None:
        code, body = serving.send(answers, **how)  # type: ignore[arg-type]
        said.append((code, body.get("why") or [(k.get("item"), k.get("correct"), k.get("practice")) for k in body["kept"]]
                     + [r["why"] for r in body["refused"]]))

    send([RIGHT])  # right: kept under the hub's name for her
    send([FORGED])  # a wrong answer sent as right: refused, nothing kept
    send([WRONG, {**RIGHT, "item": "CrossCribb line row 3"}], user="bea")  # kept; an item no view asks: refused
    send([RIGHT], user="mallory")  # not on the class list: 403
    send(None, body=b"{" + b" " * progress_service.MOST_BYTES + b"}")  # 413
    send([RIGHT] * (progress_service.MOST_PER_REQUEST + 1))  # 400
    left = progress_service.PER_MINUTE - 2  # two sent already this minute (the forged one counts too)
    while left:
        batch = min(20, left)
        send([{**WRONG, "at": (AT + timedelta(minutes=1)).isoformat()}] * (batch - 1) + [RIGHT])
        left -= batch
    send([RIGHT])  # the 61st in a minute: 429, nothing of it kept
    serving.now += 61
    serving.service._counts["caio"] = progress_service.MOST_ANSWERS - 1
    send([RIGHT], user="caio")  # his last one
    send([WRONG], user="caio")  # one more than a learner may keep: 429
    return said


def _figures(store: object, members: list[Member] = MEMBERS) -> tuple[str, str, list[tuple[str, int, str, str, bool, bool]]]:
    """What the teacher reads: the gradebook's CSV (the page's figures), Moodle's CSV, every answer as kept."""
    live = LiveClass(members, lambda member: [], store=store)  # type: ignore[arg-type]
    data = live.refresh()
    assert live.problems == []
    answers = [(a.learner_id, a.stop, a.answer, a.learner, a.correct, a.practice)
               for learner in data.ordered() for a in learner.answers]
    return csv_text(data, "es"), moodle_csv(data, "pt"), answers


def test_the_service_keeps_and_refuses_the_same_in_postgresql_as_in_its_file(database, tmp_path):
    file_store = tmp_path / "progress" / "progress.sqlite3"
    results = {}
    for where in (file_store, database):
        serving = Serving(where)
        try:
            results[str(where)] = _the_class_session(serving)
        finally:
            serving.stop()
    from_file, from_database = results[str(file_store)], results[database]
    assert from_database == from_file
    codes = [code for code, _ in from_database]
    assert codes[:6] == [200, 200, 200, 403, 413, 400] and set(codes[6:-3]) == {200} and codes[-3:] == [429, 200, 429]
    assert from_database[0][1] == [(ITEM, True, False)]
    assert from_database[1][1][0]["key"] == "progress.check.forged"  # refused: nothing kept
    assert from_database[3][1]["key"] == "progress.service.why.not_listed"
    # The gradebook and its downloads read the same figures from the database as from the file.
    store = DatabaseStore(database)
    try:
        assert _figures(store.read) == _figures(file_store)
        gradebook, _moodle, answers = _figures(store.read)
        assert len(answers) == progress_service.PER_MINUTE + 1  # Ana's minute (less the forged one), Bea's, Caio's
        assert {name for who, _, _, name, *_ in answers if who == "hub:bea"} == {("Beatriz " + "L" * 90)[:80]}
        assert "hub:ana;Ana Souza;" in gradebook  # the class list's name, the gradebook's figures
        assert {who for who, *_ in answers} == {"hub:ana", "hub:bea", "hub:caio"}
        assert read_progress(file_store).learners == store.read_whole().learners
        # The report on the command line, on the service's file and the class list: the database's figures.
        roster = tmp_path / "class.csv"
        roster.write_text("username,display_name\n" + "".join(f"{m.user},{m.name[:80]}\n" for m in MEMBERS), encoding="utf-8")
        main(["progress", "report", str(file_store), "--roster", str(roster), "--csv", str(tmp_path / "r.csv"),
              "--language", "es"])
        assert (tmp_path / "r.csv").read_bytes().decode("utf-8-sig") == _figures(store.read, read_roster(roster))[0]
    finally:
        store.close()


def test_the_teachers_view_reads_again_only_what_changed_and_never_writes(database):
    store = DatabaseStore(database)
    try:
        assert store.read() == []  # an empty database reads as no answers, and is not written by a read
        with store.engine.connect() as conn:
            assert _tables(conn) == []
        kept = store.learner("hub:ana", "Ana Souza").record(0, ITEM, "14", True, skill="show", at=AT)
        first = store.read()
        assert first == [kept] and store.read() == first
        store.learner("hub:ana", "Ana Souza").set_learner("Ana S.")
        assert [a.learner for a in store.read()] == ["Ana S."]  # a new name is read though no answer came
        with pytest.raises(ProgressFileError):
            store._run(lambda conn: conn.exec_driver_sql(f"DELETE FROM {ANSWERS}"), write=False)  # a read is read-only
        assert len(store.read()) == 1
    finally:
        store.close()


def _tables(conn: object) -> list[str]:
    from sqlalchemy import inspect

    return sorted(inspect(conn).get_table_names())


def test_a_database_that_is_another_programs_is_refused_untouched(database):
    store = DatabaseStore(database)
    try:
        store.engine.dispose()
        with store.engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE TABLE {ANSWERS} (id INTEGER, note TEXT)")
            conn.exec_driver_sql(f"INSERT INTO {ANSWERS} VALUES (1, 'theirs')")
        for attempt in (store.check, lambda: store.learner("hub:ana", "Ana").record(0, ITEM, "14", True, skill="show")):
            with pytest.raises(ProgressFileError) as refused:
                attempt()
            assert refused.value.message.key == "progress.foreign"
        with store.engine.begin() as conn:
            assert conn.exec_driver_sql(f"SELECT note FROM {ANSWERS}").all() == [("theirs",)]
            assert _tables(conn) == [ANSWERS]
    finally:
        store.close()


def test_a_store_that_cannot_be_reached_is_the_stores_error_without_its_password(postgres):
    store = open_store(f"postgresql://cribbage:s3cret@127.0.0.1:{_free_port()}/nowhere")
    assert isinstance(store, DatabaseStore)
    with pytest.raises(ProgressFileError) as refused:
        store.check()
    assert refused.value.message.key == "progress.system_refused" and "s3cret" not in str(refused.value)
    assert isinstance(open_store("sqlite:////tmp/x.sqlite3"), FileStore)

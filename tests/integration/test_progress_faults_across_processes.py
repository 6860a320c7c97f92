"""The progress store's own error, with the true cause, for the faults that need another account, a
process killed mid-write or a full file system; and nothing acknowledged is lost.

- **A folder this account may not enter** (a shared class folder with the wrong modes): the reader is
  an unprivileged account (``nobody``) in a child forked from this process, as the tests run as root.
  Every way of reading or writing, ``default_path`` with ``CRIBBAGE_PROGRESS`` there, the quiz's misses
  and ``cribbage progress report`` say so; none lets ``PermissionError`` out, and the report does not
  blame its output.
- **A hot journal from a kill -9**: a writer is killed while SQLite has written part of its transaction
  into the file (a small page cache makes it spill, as a commit does), so the journal is hot. The
  teacher reads the file as its last whole write from a private copy and changes no byte; a learner
  who may not write (their folder is not theirs) reads it the same way; the owner's store rolls it back.
  Then many store writers are killed at once, again and again: no read says "read-only", no
  acknowledged answer is lost.
- **A full file system**: a small tmpfs mounted by the test (root), filled for real: no block left, and
  no inode left for a new file or for SQLite's journal. Each is said as a full disk, never as a folder
  that is not writable or a file that is read-only, and every answer recorded before is there.

The faults a file can have by itself (cut short, a header changed, a name too long) are in
tests/test_progress_faults.py."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pwd
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import cribbage.progress.report  # noqa: F401  (imported before a child drops to an account that cannot read the stdlib)
from cribbage.cli.main import main
from cribbage.progress import ENV, ProgressFileError, ProgressStore, default_path, read_progress
from widgets.drills.quiz import misses_in_progress
from widgets.progress.panel import ProgressPanel

ROOT = Path(__file__).resolve().parents[2]
ROOT_ONLY = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                               reason="needs root: to become another account, and to mount a tmpfs")


def _nobody() -> pwd.struct_passwd:
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no account 'nobody' to read as")


def _as_nobody(act: Callable[[], object]) -> dict[str, object]:
    """``act()`` run as the account ``nobody`` in a forked child (only what this process imported is
    there: the interpreter's own files may be closed to that account). Its result as
    ``{"ok": ...}``, the store's error as ``{"error": key, "text": ...}``, anything else as ``{"escaped": ...}``."""
    user = _nobody()
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(reading)
        outcome: dict[str, object]
        try:
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
            outcome = {"ok": act()}
        except ProgressFileError as error:
            outcome = {"error": error.message.key, "text": str(error)}
        except BaseException as error:  # what the store must never let out
            outcome = {"escaped": f"{type(error).__name__}: {error}"}
        with os.fdopen(writing, "w") as out:
            json.dump(outcome, out, default=str)
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as got:
        text = got.read()
    os.waitpid(child, 0)
    return dict(json.loads(text))


@pytest.fixture
def top() -> Iterator[Path]:
    """A folder every account may enter (pytest's own tmp_path is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="cribbage-faults-"))
    folder.chmod(0o755)
    yield folder
    subprocess.run(["rm", "-rf", str(folder)], check=False)


# A folder this account may not enter ----------------------------------------------------------------
@ROOT_ONLY
def test_a_folder_this_account_may_not_enter_is_said_so_by_every_reader(top: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = top / "class"
    folder.mkdir()
    path = folder / "ana.progress.sqlite3"
    ProgressStore(path, learner="Ana").record(3, "hand 1", "12", True, skill="show")
    folder.chmod(0o700)  # the teacher's, with the wrong modes for a class folder
    before = path.read_bytes()
    store = ProgressStore(path, learner="Ana")
    for setting in (str(folder) + "/", str(folder / "sub"), str(folder / "sub") + "/"):
        monkeypatch.setenv(ENV, setting)  # the class folder, or a file or a folder in it
        assert _as_nobody(lambda: str(default_path().parent)).get("ok") in (str(folder), str(folder / "sub"))
        for name, act in {"answers": store.answers, "learner": lambda: store.learner,
                          "record": lambda: store.record(3, "hand 2", "1", True, skill="show"),
                          "read_progress": lambda: len(read_progress(path).answers),
                          "the learner's own store": lambda: ProgressStore().answers()}.items():
            got = _as_nobody(act)
            assert got.get("error") == "progress.folder_closed", (setting, name, got)
            assert f"may not enter the folder {folder} " in str(got["text"]), (name, got)
        assert _as_nobody(misses_in_progress) == {"ok": {}}  # the quiz takes its plain mix: nothing raised
        panel = _as_nobody(lambda: [ProgressPanel().message, ProgressPanel(store).message])
        assert "ok" in panel, panel  # the progress panel is drawn, and says why it is empty
        assert all(f"may not enter the folder {folder} " in said for said in panel["ok"]), panel  # the quiz takes its plain mix: nothing raised
    assert path.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == [path.name]


@ROOT_ONLY
def test_the_report_says_the_input_could_not_be_read_not_the_output(top: Path) -> None:
    folder = top / "class"
    folder.mkdir()
    path = folder / "ana.progress.sqlite3"
    ProgressStore(path, learner="Ana").record(3, "hand 1", "12", True, skill="show")
    folder.chmod(0o700)

    def report() -> list[object]:
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            status = main(["--lang", "en", "progress", "report", str(path)])
        return [status, said.getvalue()]

    got = _as_nobody(report)
    assert "ok" in got, got
    status, text = got["ok"]  # type: ignore[misc]
    assert status == 2, text
    assert "could not be written" not in text and "Permission denied" not in text, text
    assert f"skipped {path}: cannot open {path}: this account may not enter the folder {folder} " in text, text


@ROOT_ONLY
def test_a_file_this_account_may_not_read_is_said_so(top: Path) -> None:
    path = top / "ana.progress.sqlite3"
    ProgressStore(path, learner="Ana").record(3, "hand 1", "12", True, skill="show")
    path.chmod(0o600)  # the folder is open; the file, root's, is not
    got = _as_nobody(lambda: len(read_progress(path).answers))
    assert got.get("error") == "progress.file_closed", got
    assert "read-only" not in str(got["text"])


# A hot journal from a kill -9 ------------------------------------------------------------------------
# A writer that dies in the middle of a transaction, after SQLite wrote some of its pages into the file:
# a page cache of two pages makes SQLite spill (sync the journal, then write the file), as a commit does.
_DIES_MID_WRITE = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("PRAGMA cache_size = 2")
    conn.execute("BEGIN IMMEDIATE")
    for i in range(400):
        conn.execute("INSERT INTO answers (learner, stop, item, answer, correct, at, skill, learner_id)"
                     " VALUES ('Ana', 3, ?, ?, 0, '2026-01-01T00:00:00+00:00', 'show', 'name:Ana')",
                     (f"never committed {i}", "x" * 300))
    print("mid-write", flush=True)
    sys.stdin.read()  # killed here
""")


def _killed_mid_write(path: Path) -> None:
    """Kill -9 a writer of ``path`` once it says it is in the middle of its write; the journal is hot."""
    writer = subprocess.Popen([sys.executable, "-c", _DIES_MID_WRITE, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "mid-write"
    os.kill(writer.pid, signal.SIGKILL)
    writer.communicate()
    assert Path(f"{path}-journal").stat().st_size > 0


def _learner_file(folder: Path) -> tuple[Path, list[str]]:
    path = folder / "ana.progress.sqlite3"
    store = ProgressStore(path, learner="Ana")
    for i in range(5):
        store.record(3, f"hand {i}", str(i), True, skill="show")
    return path, [f"hand {i}" for i in range(5)]


def test_after_a_kill_9_mid_write_the_teacher_reads_the_last_whole_write_and_changes_nothing(tmp_path: Path) -> None:
    path, acknowledged = _learner_file(tmp_path)
    _killed_mid_write(path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    read = read_progress(path)  # the teacher may not write a learner's file: a private copy
    assert [a.item for a in read.answers] == acknowledged
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before, "the teacher's read wrote"
    # The owner's store may write: it rolls the crashed write back, and writes on.
    store = ProgressStore(path, learner="Ana")
    assert [a.item for a in store.answers()] == acknowledged
    assert not Path(f"{path}-journal").exists()
    store.record(3, "hand 5", "5", True, skill="show")
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    assert [a.item for a in read_progress(path).answers] == [*acknowledged, "hand 5"]


@ROOT_ONLY
def test_after_a_kill_9_a_learner_who_may_not_write_reads_a_private_copy(top: Path) -> None:
    path, acknowledged = _learner_file(top)
    _killed_mid_write(path)
    user = _nobody()
    for made in (path, Path(f"{path}-journal")):  # the learner's file, read-only, in a folder not theirs
        os.chown(made, user.pw_uid, user.pw_gid)
        made.chmod(0o444)
    before = path.read_bytes()
    got = _as_nobody(lambda: [a.item for a in ProgressStore(path, learner="Ana").answers()])
    assert got == {"ok": acknowledged}, got
    got = _as_nobody(lambda: ProgressStore(path, learner="Ana").learner)
    assert got == {"ok": "Ana"}, got
    assert path.read_bytes() == before and Path(f"{path}-journal").exists()


# A store writer that records an answer for each line it reads, and says when record returned.
_ANSWERS_WHEN_TOLD = textwrap.dedent("""
    import sys
    from cribbage.progress import ProgressStore
    store = ProgressStore(sys.argv[1], learner="Ana")
    for i, _ in enumerate(sys.stdin):
        store.record(3, f"{sys.argv[2]} {i}", str(i), True, skill="show")
        print(i, flush=True)  # acknowledged
""")


@pytest.mark.slow
def test_writers_killed_again_and_again_lose_no_acknowledged_answer_and_no_read_says_read_only(
        tmp_path: Path) -> None:
    path = tmp_path / "ana.progress.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    acknowledged: set[str] = set()
    for run in range(12):
        told = 3 + run % 4
        writers = {f"run{run}.w{k}": subprocess.Popen(
            [sys.executable, "-c", _ANSWERS_WHEN_TOLD, str(path), f"run{run}.w{k}"], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for k in range(4)}
        for writer in writers.values():  # all four write at once, more than will be waited for
            assert writer.stdin is not None
            writer.stdin.write("\n" * (told + 50))
            writer.stdin.flush()
        for name, writer in writers.items():
            assert writer.stdout is not None
            for _ in range(told):
                said = writer.stdout.readline().strip()
                assert said, f"{name} stopped before it was killed"
                acknowledged.add(f"{name} {said}")
            os.kill(writer.pid, signal.SIGKILL)  # in a write, or waiting to make one (in 2 of 48 a journal was hot)
            writer.communicate()
            # The teacher reads while the others write on (the journal left may be hot): every answer
            # acknowledged so far is there, by any writer, killed or not.
            items = {a.item for a in read_progress(path).answers}
            assert acknowledged <= items, sorted(acknowledged - items)[:5]
        assert acknowledged <= {a.item for a in ProgressStore(path, learner="Ana").answers()}


# A full file system -------------------------------------------------------------------------------------
@pytest.fixture
def small_disk() -> Iterator[Callable[..., Path]]:
    """Mount a small tmpfs (``size``, ``inodes``) at a new folder; all are unmounted after the test."""
    mounted: list[Path] = []

    def mount(size: str = "256k", inodes: int | None = None) -> Path:
        folder = Path(tempfile.mkdtemp(prefix="cribbage-full-"))
        options = f"size={size},mode=0755" + (f",nr_inodes={inodes}" if inodes else "")
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True,
                              text=True)
        if done.returncode:
            folder.rmdir()
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
        mounted.append(folder)
        return folder

    yield mount
    for folder in mounted:
        subprocess.run(["umount", str(folder)], check=True)
        folder.rmdir()


def _fill(folder: Path) -> None:
    """Take every inode left on ``folder``'s file system."""
    for i in range(10000):
        try:
            (folder / f"filler{i}").touch()
        except OSError:
            return
    raise AssertionError("the file system did not fill")


@ROOT_ONLY
def test_a_full_disk_is_said_as_full_and_every_recorded_answer_stays(small_disk: Callable[..., Path]) -> None:
    path = small_disk("64k") / "ana.progress.sqlite3"
    store = ProgressStore(path, learner="Ana")
    recorded = []
    with pytest.raises(ProgressFileError) as caught:
        for i in range(10000):
            recorded.append(store.record(3, f"hand {i}", "x" * 400, True, skill="show").item)
    assert caught.value.message.key == "progress.disk_full", str(caught.value)
    assert recorded and [a.item for a in store.answers()] == recorded
    assert [a.item for a in read_progress(path).answers] == recorded


@ROOT_ONLY
def test_no_inode_left_for_the_journal_is_a_full_disk_not_a_read_only_file(small_disk: Callable[..., Path]) -> None:
    folder = small_disk("1m", inodes=4)
    path = folder / "ana.progress.sqlite3"
    store = ProgressStore(path, learner="Ana")
    store.record(3, "hand 1", "12", True, skill="show")
    _fill(folder)
    with pytest.raises(ProgressFileError) as caught:
        store.record(3, "hand 2", "1", True, skill="show")
    assert caught.value.message.key == "progress.disk_full", str(caught.value)
    assert [a.item for a in store.answers()] == ["hand 1"]


@ROOT_ONLY
def test_no_inode_left_for_a_new_file_is_a_full_disk_not_a_closed_folder(small_disk: Callable[..., Path]) -> None:
    folder = small_disk("1m", inodes=4)
    _fill(folder)
    for path in (folder / "bo.progress.sqlite3", folder / "new" / "bo.progress.sqlite3"):
        with pytest.raises(ProgressFileError) as caught:
            ProgressStore(path, learner="Bo").record(3, "hand 1", "12", True, skill="show")
        assert caught.value.message.key == "progress.disk_full", str(caught.value)
        assert not path.exists()

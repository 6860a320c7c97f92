"""Files that several processes or accounts use at once: notebooks writing one progress file together,
a rename while another notebook answers, a read-only folder seen by a learner's process, real local
accounts in a class folder (forked processes, as root), and a statistics table that processes asking
for it together build once. The stores' own rules, in the test's process, are
tests/test_progress_store.py's, tests/test_progress_identity.py's and tests/test_stats_uncertainty.py's."""

from __future__ import annotations

import json
import multiprocessing
import os
import pwd
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
import textwrap
import uuid
from pathlib import Path

import pytest

from cribbage.progress import ENV, ProgressFileError, ProgressStore, default_path, read_progress, summarize

ROOT = Path(__file__).resolve().parents[2]


_WRITER = textwrap.dedent("""
    import sys
    from cribbage.progress import ProgressStore
    path, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = ProgressStore(path, learner="Ana")
    for i in range(n):
        store.record(3, f"{name} {i}", str(i), i % 3 != 0, skill="show", kinds=["fifteen.3"], missed=i % 3)
""")


@pytest.mark.slow
def test_two_notebooks_writing_at_once_lose_no_record(tmp_path):
    path, writers, each = tmp_path / "ana.sqlite3", 4, 150
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), f"notebook{k}", str(each)], env=env,
                              stderr=subprocess.PIPE, text=True) for k in range(writers)]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    answers = ProgressStore(path, learner="Ana").answers()
    assert len(answers) == writers * each
    for k in range(writers):  # every writer's records are all there, whole and in its order
        mine = [a for a in answers if a.item.startswith(f"notebook{k} ")]
        assert [a.item for a in mine] == [f"notebook{k} {i}" for i in range(each)]
        assert [a.missed for a in mine] == [i % 3 for i in range(each)]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    progress = summarize(answers)["name:Ana"]
    assert progress.stops[3].asked == writers * each and progress.stops[3].right == writers * (each - each // 3)


def _first_write(path: str, item: str, start, errors) -> None:
    start.wait()
    try:
        ProgressStore(path, learner="Ana").record(3, item, "1", True, skill="show")
    except Exception as error:
        errors.put(repr(error))


@pytest.mark.slow
def test_notebooks_opening_a_new_progress_file_at_once_all_write(tmp_path):
    # Four notebooks record their first answer at the same moment, into a file none has made yet,
    # twenty times over. Each must find the file its own (once, one read the file between another's
    # commit and its own check, took it for another program's database and lost the answer: about
    # one time in six).
    context = multiprocessing.get_context("fork")
    errors = context.Queue()
    for trial in range(20):
        path = str(tmp_path / f"new{trial}.sqlite3")
        start = context.Barrier(4)
        procs = [context.Process(target=_first_write, args=(path, f"notebook{k}", start, errors)) for k in range(4)]
        for proc in procs:
            proc.start()
        for proc in procs:
            proc.join(60)
        assert errors.empty(), errors.get()
        assert len(ProgressStore(path, learner="Ana").answers()) == 4


def _read_only(*paths: Path) -> None:
    """Make ``paths`` read-only. Permission bits do not stop root (as in containers), an immutable flag does."""
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
        if os.geteuid() == 0 and subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("running as root on a file system without chattr: nothing here is read-only for root")


def _try_writing(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", _TRY, str(folder)], env=env, capture_output=True, text=True,
                          timeout=120)


_TRY = textwrap.dedent("""
    import sys
    from pathlib import Path
    from cribbage.progress import ProgressStore, ProgressFileError
    store = ProgressStore(Path(sys.argv[1]) / "ana.sqlite3", learner="Ana")
    print(len(store.answers()))
    try:
        store.record(3, "hand", "12", True, skill="show")
    except ProgressFileError as error:
        print(error.message.key)
        print(error)
""")


@pytest.fixture
def shared_folder():
    """A folder of its own, made writable again (and removed) after the test."""
    folder = Path(tempfile.mkdtemp(prefix="cribbage-readonly-"))
    folder.chmod(0o755)
    yield folder
    for path in (folder, *folder.iterdir()):
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], capture_output=True)
        path.chmod(0o755)
    shutil.rmtree(folder)


def test_a_read_only_folder_is_said_plainly_and_nothing_is_created(shared_folder):
    _read_only(shared_folder)
    run = _try_writing(shared_folder)
    assert run.returncode == 0, run.stderr
    count, key, text = run.stdout.splitlines()
    assert (count, key) == ("0", "progress.cannot_create")
    assert "cannot create the progress file" in text and "CRIBBAGE_PROGRESS" in text
    assert list(shared_folder.iterdir()) == []


def test_a_file_in_a_read_only_folder_is_read_but_not_written(shared_folder):
    path = shared_folder / "ana.sqlite3"
    ProgressStore(path, learner="Ana").record(3, "hand 1", "12", True, skill="show")
    _read_only(path, shared_folder)
    before = path.read_bytes()
    run = _try_writing(shared_folder)
    assert run.returncode == 0, run.stderr
    count, key, text = run.stdout.splitlines()
    assert (count, key) == ("1", "progress.read_only")
    assert "read-only" in text and path.read_bytes() == before


_ANSWERING = textwrap.dedent("""
    import sys
    from cribbage.progress import ProgressStore
    store = ProgressStore(sys.argv[1], identity="hub:ana", learner="Ana")
    print("ready", flush=True)
    for i in range(int(sys.argv[2])):
        store.record(3, f"hand {i}", str(i), i % 2 == 0, skill="show")
""")


@pytest.mark.slow
def test_a_name_saved_while_another_notebook_answers_leaves_no_answer_under_the_old_name(tmp_path):
    path = tmp_path / "ana.sqlite3"
    other = ProgressStore(path, identity="hub:carla", learner="Carla")
    other.record(3, "hand x", "1", True, skill="show")
    mine = ProgressStore(path, identity="hub:ana", learner="Ana")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for trial in range(4):
        each = 150
        proc = subprocess.Popen([sys.executable, "-c", _ANSWERING, str(path), str(each)], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        names = [f"Ana {trial}.{k}" for k in range(8)]
        for name in names:  # renamed again and again while the other notebook writes
            mine.set_learner(name)
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        with sqlite3.connect(path) as conn:
            kept = dict(conn.execute("SELECT learner, count(*) FROM answers WHERE learner_id = 'hub:ana'"
                                     " GROUP BY learner").fetchall())
            carla = conn.execute("SELECT learner FROM answers WHERE learner_id = 'hub:carla'").fetchall()
        conn.close()
        assert list(kept) == [names[-1]], kept  # every answer under the last name, none under an old one
        assert carla == [("Carla",)]


def _account(name: str) -> pwd.struct_passwd:
    subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True,
                   capture_output=True)
    return pwd.getpwnam(name)


@pytest.fixture
def two_accounts():
    """Two real local accounts (made with useradd, removed after), or a skip where the tests cannot make them."""
    if os.geteuid() != 0 or not Path("/usr/sbin/useradd").exists():
        pytest.skip("making local accounts needs root and useradd; ownership is tested with a fake uid above")
    tag = uuid.uuid4().hex[:6]
    made = [_account(f"ccp{tag}{who}") for who in "ab"]
    yield made
    for user in made:
        subprocess.run(["userdel", user.pw_name], capture_output=True)


def _as(user: pwd.struct_passwd, act, *, hub: str) -> dict:
    """Run ``act()`` in a forked process as ``user`` (its uid and gid, no other group), the hub naming it
    ``hub``; returns what ``act`` returned, or the error it raised, as a dict."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop to the account, act, report, exit
        os.close(read)
        try:
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
            os.environ["JUPYTERHUB_USER"] = hub
            os.umask(0o022)
            try:
                out = {"ok": act()}
            except ProgressFileError as error:
                out = {"error": error.message.key}
            except OSError as error:
                out = {"os_error": error.errno}
        except BaseException as error:
            out = {"crash": repr(error)}
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as got:
        text = got.read()
    os.waitpid(pid, 0)
    return json.loads(text)


def test_in_a_class_folder_no_learner_can_read_or_take_over_a_classmates_file(two_accounts, monkeypatch):
    ana, bea = two_accounts
    top = Path(tempfile.mkdtemp(prefix="cribbage-class-"))
    try:
        top.chmod(0o755)
        folder = top / "class"
        folder.mkdir()
        folder.chmod(0o1733)  # as course/TEACHING.md says: everyone may create, no one may list
        monkeypatch.setenv(ENV, str(folder) + "/")

        def answer() -> list:
            store = ProgressStore()
            store.record(3, "hand", "12", True, skill="show")
            mode = stat.S_IMODE(store.path.stat().st_mode)
            return [store.path.name, mode, [a.learner_id for a in store.answers()]]

        # Bea makes Ana's file first (its name follows from Ana's account), open to all, with a false answer.
        def plant() -> str:
            path = default_path(identity="hub:" + ana.pw_name)
            ProgressStore(path, identity="hub:" + ana.pw_name).record(3, "hand", "29", True, skill="show")
            path.chmod(0o666)
            return path.name

        planted = _as(bea, plant, hub=bea.pw_name)
        assert "ok" in planted, planted
        got = _as(ana, answer, hub=ana.pw_name)
        assert got == {"error": "progress.not_yours"}  # refused, with the store's own message
        assert len(read_progress(folder / planted["ok"]).answers) == 1  # and nothing was written in it
        (folder / planted["ok"]).unlink()  # the teacher removes it

        # Ana's own file: 0600, hers; Bea can neither read it, nor list the folder, nor write into it.
        got = _as(ana, answer, hub=ana.pw_name)
        assert got["ok"][1] == 0o600 and got["ok"][2] == ["hub:" + ana.pw_name], got
        path = folder / got["ok"][0]
        assert path.stat().st_uid == ana.pw_uid
        assert _as(bea, lambda: path.read_bytes().decode("latin-1"), hub=bea.pw_name) == {"os_error": 13}
        assert _as(bea, lambda: os.listdir(folder), hub=bea.pw_name) == {"os_error": 13}
        spy = _as(bea, lambda: [a.answer for a in read_progress(path).answers], hub=bea.pw_name)
        assert "error" in spy, spy
        tamper = _as(bea, lambda: ProgressStore(path, identity="hub:" + ana.pw_name).record(
            3, "hand 2", "0", False, skill="show").answer, hub=bea.pw_name)
        assert tamper == {"error": "progress.not_yours"}
        assert [a.answer for a in read_progress(path).answers] == ["12"]  # the teacher (root) reads it whole
    finally:
        subprocess.run(["rm", "-rf", str(top)], check=False)


_BUILD_SLOWLY = """
import os, sys, time
import numpy as np
from cribbage.stats.cache import cached_arrays

def build():
    with open(sys.argv[1], "a") as log:
        log.write(f"{os.getpid()}\\n")
    time.sleep(1.5)   # a build that takes a while, for the others to ask during it
    return {"a": np.arange(5)}

print(cached_arrays("deal-log", {"together": 1}, build)["a"].sum())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="without fcntl each process builds its own")
def test_processes_asking_for_a_table_at_once_build_it_once(tmp_path):
    """Three processes ask for the same table together: one builds it, the others wait and read it."""
    env = {**os.environ, "CRIBBAGE_CACHE_DIR": str(tmp_path / "cache")}
    log = tmp_path / "builds.txt"
    processes = [subprocess.Popen([sys.executable, "-c", _BUILD_SLOWLY, str(log)], env=env,
                                  stdout=subprocess.PIPE, text=True) for _ in range(3)]
    outputs = [process.communicate(timeout=120)[0].strip() for process in processes]
    assert outputs == ["10", "10", "10"]
    assert len(log.read_text().split()) == 1
    assert [p.suffix for p in (tmp_path / "cache").iterdir()] == [".npz"]   # no lock file left

"""A class on a real JupyterHub on 127.0.0.1, set up by :mod:`hub.class_setup` from a class list: three
learners and a teacher with local accounts (made by the test with ``useradd``, removed after it).

- Learner A answers in her lesson through her own JupyterLab in Chromium (PAM login, Run All, a try-it
  answered wrong then right); learners B and C answer in theirs through their servers' kernel API (the
  lesson's cells run in a kernel of a session named after the lesson, as JupyterLab starts it).
- The teacher, logged in through the hub in Chromium, has the live view open: each answer shows in
  the learner's row within seconds; the learner who never started is listed; the projector view has no
  name at all.
- Privacy: learner A cannot read learner B's progress file (the file system says no, as A's account),
  nor reach B's server, B's hub record or the teacher's view through the hub (403/404).

Needs root (accounts, and a hub that starts servers as other users): skipped otherwise, except in CI.
Everything started is stopped: the servers through the hub's API, then the hub (its proxy and its
service go with it), then any process left of the test's accounts, by pid; then the accounts.
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path

import psutil
import pytest
from browser_servers import Server, free_port
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "hub"

SCREENSHOTS = ROOT / "build" / "screenshots"
WITHIN = 20  # seconds for an answer to reach the teacher's view (it refreshes every 2)
VIEWPORT = {"width": 1280, "height": 900}  # as the other browser tests'


def in_ci() -> bool:
    """As tests/browser/conftest.py reads it: CI=true makes a test that cannot run fail, not skip."""
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}


def _needs(condition: bool, reason: str) -> None:
    if condition:
        return
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the class hub test must run in CI)", pytrace=False)
    pytest.skip(reason)


class ClassHub:
    """The class: its accounts and passwords, the hub's address, and a session per person."""

    def __init__(self, folder: Path, learners: list[str], teacher: str, server: Server) -> None:
        self.folder = folder
        self.learners = learners
        self.teacher = teacher
        self.server = server
        self.url = server.url
        with open(folder / "state" / "passwords.csv", encoding="utf-8") as file:
            self.passwords = dict(csv.reader(file))

    def login(self, user: str):
        """A requests session logged in as ``user`` through the hub's login form (PAM)."""
        import requests

        session = requests.Session()
        session.get(f"{self.url}/hub/login", timeout=30)
        answer = session.post(f"{self.url}/hub/login", timeout=60, allow_redirects=False,
                              data={"username": user, "password": self.passwords[user],
                                    "_xsrf": session.cookies.get("_xsrf")})
        assert answer.status_code == 302, (user, answer.status_code, answer.text[:300])
        return session

    def token(self, session, user: str) -> str:
        """An API token of ``user``'s own, asked for by their logged-in session."""
        answer = session.post(f"{self.url}/hub/api/users/{user}/tokens", json={"note": "class hub test"},
                              headers={"X-XSRFToken": session.cookies.get("_xsrf", path="/hub/")}, timeout=30)
        assert answer.status_code == 201, (answer.status_code, answer.text[:300])
        return str(answer.json()["token"])

    def start_server(self, user: str, token: str) -> None:
        import requests

        headers = {"Authorization": f"token {token}"}
        answer = requests.post(f"{self.url}/hub/api/users/{user}/server", headers=headers, timeout=60)
        assert answer.status_code in (201, 202, 400), (answer.status_code, answer.text[:300])
        # The hub's own account of the start (its progress events, as its spawn page reads them): the
        # last says ready, or failed (the hub gives a server its start_timeout, then says failed).
        events = []
        with requests.get(f"{self.url}/hub/api/users/{user}/server/progress", headers=headers, stream=True,
                          timeout=120) as progress:
            assert progress.status_code == 200, (progress.status_code, progress.text[:300])
            for line in progress.iter_lines(decode_unicode=True):
                if line and line.startswith("data:"):
                    events.append(json.loads(line[len("data:"):]))
                    if events[-1].get("ready"):
                        return
                    if events[-1].get("failed"):
                        break
        raise AssertionError(f"{user}'s server did not start: {events[-1:]}\n{self.server.log_tail()}")


def _accounts_processes(users: list[str]) -> list[int]:
    uids = set()
    for user in users:
        with suppress(KeyError):
            uids.add(pwd.getpwnam(user).pw_uid)
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid in uids:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _service_processes(folder: Path) -> list[int]:
    """The teacher's view this test's hub started (its command line names the class's folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if "hub.teacher_view" in line and str(folder) in line:
                found.append(int(entry.name))
    return found


@pytest.fixture(scope="module")
def class_hub() -> Iterator[ClassHub]:
    _needs(os.geteuid() == 0, "the class hub test makes local accounts: run it as root")
    _needs((HUB / "node_modules" / ".bin" / "configurable-http-proxy").exists(),
           "configurable-http-proxy is missing: (cd hub && npm ci)")
    _needs(Path("/usr/bin/python3").exists(), "Debian's /usr/bin/python3 is missing")
    from hub import class_setup

    tag = secrets.token_hex(2)
    learners, teacher = [f"cch{tag}-{who}" for who in ("ana", "bea", "caio")], f"cch{tag}-prof"
    # Not under pytest's temporary folder (0700, root's): the learners' accounts read the class's
    # Python and course in it.
    folder = Path(tempfile.mkdtemp(prefix="cribbage-class-hub-"))
    folder.chmod(0o755)
    roster = folder / "class-list.csv"
    roster.write_text("username,display_name\n" + f"{learners[0]},Ana Souza\n{learners[1]},Beatriz $Lima$\n"
                      f"{learners[2]},=Caio Reis\n", encoding="utf-8")
    ports = {name: free_port() for name in ("port", "hub-port", "proxy-api-port", "service-port")}
    made: list[str] = [*learners, teacher]
    server = None
    try:
        status = class_setup.main([str(roster), "--teacher", teacher, "--dir", str(folder / "class"),
                                   "--create-accounts", "--prefix", f"cch{tag}-", "--tables", "skip",
                                   *[arg for name, port in ports.items() for arg in (f"--{name}", str(port))]])
        assert status == 0
        # Only for the test's page helpers: JupyterLab lets the page see its app (to know when a
        # kernel is idle); nothing a learner's server needs.
        watch = folder / "class" / "jupyter" / "jupyter_lab_config.json"
        watch.write_text(json.dumps({"LabApp": {"expose_app_in_browser": True}}))
        watch.chmod(0o644)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        server = Server("JupyterHub", [sys.executable, "-m", "jupyterhub", "-f",
                                       str(folder / "class" / "jupyterhub_config.py")],
                        port=ports["port"], cwd=folder / "class", env=env, log_path=folder / "hub.log",
                        ready_path="/hub/api")
        yield ClassHub(folder / "class", learners, teacher, server)
    finally:
        if server is not None:
            server.process.send_signal(signal.SIGTERM)  # the hub stops the servers, its service and proxy
            with suppress(subprocess.TimeoutExpired):
                server.process.wait(timeout=40)
            server.stop()
        left = []
        for pid in _service_processes(folder / "class") + _accounts_processes(made):
            with suppress(psutil.NoSuchProcess):
                left.append(psutil.Process(pid))
                left[-1].kill()
        # Gone before their accounts are removed (userdel refuses a user with a process left).
        psutil.wait_procs(left, timeout=10)
        for user in made:
            subprocess.run(["userdel", "--remove", user], capture_output=True)
            subprocess.run(["groupdel", user], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def _progress(user: str) -> Path:
    return Path(pwd.getpwnam(user).pw_dir) / ".local" / "share" / "cribbage-course" / "progress.sqlite3"


async def _run_lesson(base: str, token: str, lesson: str, extra: list[str]) -> list[str]:
    """Run the lesson's code cells, then ``extra``, in a kernel of a session named after the lesson
    (what JupyterLab does when the learner opens it); return what the extra cells printed."""
    import requests
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {"Authorization": f"token {token}"}
    notebook = requests.get(f"{base}/api/contents/{lesson}", headers=headers, timeout=30).json()["content"]
    cells = ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
             for cell in notebook["cells"] if cell["cell_type"] == "code"]
    session = requests.post(f"{base}/api/sessions", headers=headers, timeout=60,
                            json={"path": lesson, "type": "notebook", "name": lesson.rsplit("/", 1)[-1],
                                  "kernel": {"name": "python3"}}).json()
    kernel = session["kernel"]["id"]
    socket = await websocket_connect(HTTPRequest(
        f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
        headers=headers, connect_timeout=30))
    said: list[str] = []
    try:
        for index, code in enumerate(cells + extra):
            msg_id = uuid.uuid4().hex
            socket.write_message(json.dumps({
                "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "", "session": "test",
                           "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                            "allow_stdin": False, "stop_on_error": False}}))
            while True:
                raw = await asyncio.wait_for(socket.read_message(), 180)
                assert raw is not None, "the kernel's socket closed"
                msg = json.loads(raw)
                if msg.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind = msg["header"]["msg_type"]
                if kind == "error":
                    raise AssertionError(f"{lesson}: {msg['content']['ename']}: {msg['content']['evalue']}")
                if index >= len(cells) and kind == "stream":
                    said.append(msg["content"]["text"])
                if index >= len(cells) and kind in ("execute_result", "display_data"):
                    said.append(json.dumps(msg["content"]["data"]))
                if kind == "status" and msg["content"]["execution_state"] == "idle":
                    break
    finally:
        socket.close()
    return said


def _in_thread(coroutine):
    """Run ``coroutine`` to its end in a thread of its own (playwright's loop holds this thread's)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _wait_row(page, identity: str, expected: str, within: float = WITHIN) -> float:
    """Seconds until the teacher's page shows ``expected`` in the learner's row (it refreshes itself)."""
    start = time.monotonic()
    row = page.locator(f'tr[data-learner="{identity}"]')
    try:
        expect(row).to_contain_text(expected, timeout=within * 1000)
    except AssertionError:
        shown = row.inner_text() if row.count() else "(no row)"
        raise AssertionError(f"the teacher's view did not show {expected!r} for {identity} within {within} s: "
                             f"{shown}") from None
    return time.monotonic() - start


def _browser_login(page, url: str, user: str, password: str, next_path: str) -> None:
    page.goto(f"{url}/hub/login?next={next_path}", timeout=60_000)
    page.fill("#username_input", user)
    page.fill("#password_input", password)
    page.click("#login_submit")


def test_a_class_on_jupyterhub(class_hub: ClassHub, browser) -> None:
    from lab_page import LabNotebook

    hub = class_hub
    ana, bea, caio = hub.learners
    sessions = {user: hub.login(user) for user in hub.learners}
    tokens = {user: hub.token(sessions[user], user) for user in hub.learners}

    # The teacher opens the live view (the hub's login, then its OAuth to the service).
    teacher_context = browser.new_context(viewport={"width": 1366, "height": 900})
    teacher = teacher_context.new_page()
    _browser_login(teacher, hub.url, hub.teacher, hub.passwords[hub.teacher], "/services/teacher/")
    teacher.wait_for_selector("table.roster", timeout=60_000)
    roster = teacher.locator("table.roster").inner_text()
    for name in ("Ana Souza", "Beatriz $Lima$", "=Caio Reis"):
        assert name in roster
    assert roster.count("not started") == 3

    # Learner A, in Chromium: her lesson, Run All, the try-it wrong then right.
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        _browser_login(page, hub.url, ana, hub.passwords[ana], "/hub/home")
        page.wait_for_url("**/hub/home", timeout=60_000)
        page.close()
        hub.start_server(ana, tokens[ana])
        notebook = LabNotebook.open(context, f"{hub.url}/user/{ana}", "cribbage-course/00_start_here.ipynb",
                                    timeout=180)
        notebook.run_all(300)
        notebook.assert_no_errors()
        cell = notebook.answer("four_of_clubs", "my_total", 12)
        notebook.expect_text(cell, "Not yet: it is not 12.")
        seconds = [_wait_row(teacher, f"hub:{ana}", "0% (0/1)")]
        notebook.answer("four_of_clubs", "my_total", 14)
        notebook.expect_text(cell, "Right: 14.")
        notebook.screenshot("class-hub-learner", cell=cell)
    finally:
        context.close()

    # Learners B and C through their servers' kernel API, in the lessons of stops 0 and 3.
    hub.start_server(bea, tokens[bea])
    said = _in_thread(_run_lesson(f"{hub.url}/user/{bea}", tokens[bea], "cribbage-course/00_start_here.ipynb",
                                  ["my_total = 14\nfour_of_clubs.check(my_total)"]))
    assert said, "the try-it said nothing"
    seconds.append(_wait_row(teacher, f"hub:{bea}", "100% (1/1)"))
    hub.start_server(caio, tokens[caio])
    _in_thread(_run_lesson(f"{hub.url}/user/{caio}", tokens[caio], "cribbage-course/03_the_show.ipynb",
                           ["my_fifteens = 6\nfifteens.check(my_fifteens)"]))
    seconds.append(_wait_row(teacher, f"hub:{caio}", "0% (0/1)"))
    teacher_row = teacher.locator(f'tr[data-learner="hub:{caio}"]').inner_text()
    assert "\t3\t" in f"\t{teacher_row}\t".replace("\n", "\t")  # Caio's current stop: 3
    teacher.screenshot(path=str(SCREENSHOTS / "class-hub-teacher.png"), full_page=True)
    print(f"answers reached the teacher's view in {', '.join(f'{s:.1f}' for s in seconds)} s")

    # The projector: the class, never a name.
    teacher.goto(f"{hub.url}/services/teacher/?view=projector", timeout=60_000)
    projected = teacher.locator("main").inner_text()
    assert "stop 3" in projected
    for name in ("Ana", "Beatriz", "Caio", ana, bea, caio):
        assert name not in projected
    teacher.screenshot(path=str(SCREENSHOTS / "class-hub-projector.png"), full_page=True)
    teacher_context.close()

    # Privacy. A's account cannot read B's file...
    assert _progress(bea).is_file()
    assert oct(_progress(bea).stat().st_mode & 0o777) == "0o600"
    peek = subprocess.run(["runuser", "-u", ana, "--", str(hub.folder / "python" / "bin" / "python"), "-c",
                           f"open({str(_progress(bea))!r}, 'rb').read(1)"], capture_output=True, text=True)
    assert peek.returncode != 0 and "Permission denied" in peek.stderr
    # ...nor reach it through the hub: B's server, B's record, the teacher's view.
    import requests

    as_ana = {"Authorization": f"token {tokens[ana]}"}
    for path in (f"/user/{bea}/api/contents/.local/share/cribbage-course/progress.sqlite3",
                 f"/user/{bea}/files/.local/share/cribbage-course/progress.sqlite3",
                 f"/hub/api/users/{bea}", "/services/teacher/fragment"):
        answer = requests.get(hub.url + path, headers=as_ana, timeout=30, allow_redirects=False)
        assert answer.status_code in (403, 404), (path, answer.status_code)
    answer = sessions[ana].get(f"{hub.url}/services/teacher/", timeout=30)
    assert answer.status_code == 403 and "Beatriz" not in answer.text

"""Servers and a browser for the browser tests: JupyterLab, Voilà and Debian's Chromium.

Each server is started on 127.0.0.1 on a free port, without a token (only for the
test), waited for until it answers, and always stopped: terminated, then killed.
Nothing here knows about pytest; ``conftest.py`` turns these into fixtures.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from machinery.lab_language import COURSE_SERVER_CONFIG

FORKED = COURSE_SERVER_CONFIG["KernelProvisionerFactory"]["default_provisioner_name"]

CHROMIUM = Path("/usr/bin/chromium")
# The flags issue 7 asks for: Chromium as root in a container, no GPU, and no traffic of its own.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Every server still alive at exit is stopped, even when pytest itself is killed by Ctrl-C
# before its fixtures are torn down.
_RUNNING: list[Server] = []


# Under pytest-xdist each worker takes its servers' ports from a block of its own (below Linux's
# ephemeral range, 32768 and up, where the system picks ports for outgoing connections), so that
# two workers never pick the same free port between one's check and its server's bind.
_PORT_BLOCK = 1000
_FIRST_PORT = 20000


def worker_index() -> int | None:
    """The pytest-xdist worker this process is (gw0 is 0), or None outside xdist."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else None


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


_next_port: list[int] = []


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now (in this xdist worker's block)."""
    worker = worker_index()
    if worker is None or _FIRST_PORT + (worker + 1) * _PORT_BLOCK > 32768:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", 0))
            return sock.getsockname()[1]
    first = _FIRST_PORT + worker * _PORT_BLOCK
    if not _next_port:   # start where this process's pid says, not where a previous run left a port
        _next_port.append(os.getpid() % _PORT_BLOCK)
    for _ in range(_PORT_BLOCK):
        port = first + _next_port[0]
        _next_port[0] = (_next_port[0] + 1) % _PORT_BLOCK
        if _bindable(port):
            return port
    raise ServerError(f"no free port in {first}-{first + _PORT_BLOCK - 1} for xdist worker gw{worker}")


class ServerError(RuntimeError):
    """A server that did not start, with the end of its log to say why."""


class Server:
    """A child process serving HTTP on 127.0.0.1: started, waited for, stopped."""

    def __init__(self, name: str, argv: list[str], *, port: int, cwd: Path, env: dict[str, str],
                 log_path: Path, ready_path: str = "/", any_answer: bool = False) -> None:
        self.name = name
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115  (open while the server runs; closed by stop())
        # A session of its own, so that stopping the group also stops anything the server spawned.
        self.process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=self._log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        _RUNNING.append(self)
        try:
            self._wait_until_ready(ready_path, any_answer, timeout=90)
        except BaseException:
            self.stop()
            raise

    def _wait_until_ready(self, path: str, any_answer: bool, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + path, timeout=5) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError as error:
                if any_answer and error.code < 500:
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            # Between two tries, wait on the server's process: a server that exits is seen at once.
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(0.25)
        raise ServerError(f"{self.name} did not answer on {self.url}{path} within {timeout:.0f} s:\n"
                          f"{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        self._log.flush()
        text = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.load(response)

    def request(self, method: str, path: str) -> int:
        req = urllib.request.Request(self.url + path, method=method)
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def stop(self) -> None:
        """Terminate the server's process group, then kill it if it is still there after 10 s."""
        if self in _RUNNING:
            _RUNNING.remove(self)
        if self.process.poll() is None:
            _signal_group(self.process, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                _signal_group(self.process, signal.SIGKILL)
                self.process.wait(timeout=10)
        # Children that outlived the leader (kernels in a session of their own are shut down by
        # the server itself; this catches the rest).
        _signal_group(self.process, signal.SIGKILL)
        self._log.close()


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)


@atexit.register
def _stop_all() -> None:
    for server in list(_RUNNING):
        server.stop()


def laid_out(page) -> None:
    """Wait until the page has drawn three frames: a window just resized or scrolled has been laid
    out (the resize event, then JupyterLab's and Voilà's layouts, each run on the next frame)."""
    page.evaluate("() => new Promise(done => { let left = 3; const next = () => --left ? "
                  "requestAnimationFrame(next) : done(); requestAnimationFrame(next); })")


# What a picture of the page waits for, all in the page: its fonts loaded, its images complete (loaded
# or failed), every animation or transition that ends ended; a promise, refused after 30 s naming
# what was still awaited.
_SETTLED = """() => {
  const images = [...document.images].filter(image => !image.complete && image.loading !== 'lazy');
  const animations = document.getAnimations().filter(animation =>
    animation.effect && animation.effect.getComputedTiming().iterations !== Infinity);
  const awaited = Promise.all([
    document.fonts.ready,
    ...images.map(image => new Promise(done => {
      image.addEventListener('load', done, {once: true});
      image.addEventListener('error', done, {once: true});
    })),
    ...animations.map(animation => animation.finished.catch(() => null)),
  ]);
  const what = `fonts ${document.fonts.status}, ${images.length} images, ${animations.length} animations`;
  return Promise.race([awaited, new Promise((_, refuse) =>
    setTimeout(() => refuse(new Error('the page did not settle in 30 s: ' + what)), 30000))]);
}"""


def settled(page) -> None:
    """Wait until the page is ready for its picture: its fonts loaded, its images complete, its
    animations ended, then three frames drawn (:func:`laid_out`): after a resize or a side panel
    collapsed, instead of a guess at how long that takes."""
    page.evaluate(_SETTLED)
    laid_out(page)


def isolated_env(home: Path) -> dict[str, str]:
    """The environment for a server: Jupyter's and IPython's per-user folders moved under ``home``,
    so that neither the developer's settings change the test nor the test changes them."""
    env = dict(os.environ)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"), ("IPYTHONDIR", "ipython")]:
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    env["PYTHONUNBUFFERED"] = "1"
    # A server's kernels are provisioned as its own configuration says, not as the tests' kernels are
    # (tests/plugins/course.py sets the forked kernels for nbval's by this variable).
    env.pop("JUPYTER_DEFAULT_PROVISIONER_NAME", None)
    # A kernel started by a server inherits this; the query string comes from Voilà, never from us.
    env.pop("QUERY_STRING", None)
    return env


# JupyterLab user settings for the test: every cell stays in the page (so a widget far down is
# rendered and can be checked), and no news is fetched.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}


def start_jupyter_lab(root: Path, home: Path) -> Server:
    """JupyterLab serving ``root``, token-less, on a free port of 127.0.0.1."""
    env = isolated_env(home)
    settings_dir = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    for name, value in LAB_SETTINGS.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    # No build check: the page would ask the server to run yarn to see whether JupyterLab needs
    # rebuilding, seconds of CPU for nothing a test looks at.
    labconfig = Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps({"buildCheck": False,
                                                            "buildAvailable": False}))
    port = free_port()
    argv = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
            "--no-browser", "--ServerApp.allow_root=True", "--ServerApp.terminals_enabled=False",
            "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
            # The page's tests watch the kernel through the app (see lab_page.py).
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            # Kernels forked from a warm process, as a learner's course has them (COURSE_SERVER_CONFIG).
            f"--KernelProvisionerFactory.default_provisioner_name={FORKED}"]
    return Server("JupyterLab", argv, port=port, cwd=root, env=env,
                  log_path=home / "jupyterlab.log", ready_path="/api/status")


def stop_jupyter_lab(server: Server) -> None:
    """Stop the server: on SIGTERM it shuts its kernels down, all together; a kernel whose server
    was killed instead exits by itself when it sees its parent gone (ipykernel's parent poller)."""
    server.stop()


def start_voila(notebook: Path, home: Path) -> Server:
    """Voilà serving one notebook as an app, token-less, on a free port of 127.0.0.1.

    Voilà (0.5) starts one kernel per page load and gives it the page's query string as the
    environment variable ``QUERY_STRING``."""
    env = isolated_env(home)
    port = free_port()
    argv = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--Voila.port_retries=0",
            "--Voila.ip=127.0.0.1", "--no-browser"]
    # Loading "/" would start a kernel and run the notebook, so readiness is any answer to a
    # request for a file that is refused.
    return Server(f"Voilà ({notebook.name})", argv, port=port, cwd=notebook.parent, env=env,
                  log_path=home / f"voila-{notebook.stem}.log", ready_path="/voila/files/ready",
                  any_answer=True)


def copy_course(source: Path, fixtures: Path, destination: Path) -> Path:
    """A throw-away copy of ``course/`` with the browser-test fixture notebooks beside it, so that
    running the notebooks never touches the working tree."""
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    shutil.copytree(source, destination, ignore=ignore)
    shutil.copytree(fixtures, destination / FIXTURES_DIR, ignore=ignore)
    return destination


FIXTURES_DIR = "_browser_fixtures"


# Retries where the browser itself failed (a page crashed or was closed under the test, not the
# course or the server being wrong): at most one per action, each recorded here and reported at the
# end of the session (tests/plugins/browser_faults.py's terminal summary, from every xdist worker).
BROWSER_FAULTS: list[str] = []
_BROWSER_AT_FAULT = re.compile(r"Page crashed|Target crashed|Target page, context or browser has been closed")


def browser_at_fault(error: BaseException) -> bool:
    """Whether ``error`` is playwright saying the browser failed (a crash, a page gone), which a
    second try on a new page may not meet; never a timeout or an assertion about the page."""
    return type(error).__module__.startswith("playwright") and bool(_BROWSER_AT_FAULT.search(str(error)))


def browser_fault(what: str, error: BaseException | str) -> None:
    """Record a retry (or a kill) the browser caused: counted and named at the session's end."""
    first = str(error).splitlines()[0] if str(error) else type(error).__name__
    BROWSER_FAULTS.append(f"{what}: {first}")


# A page or browser that does not close in this time is killed: a teardown must end, whatever the
# page is doing (a JupyterLab page once traded kernel messages non-stop and never closed).
CLOSE_SECONDS = 60
_KILLED: list[str] = []


def _kill_chromium() -> None:
    import psutil

    for process in psutil.Process().children(recursive=True):
        try:
            if "chromium" in process.name():
                process.kill()
        except psutil.Error:
            pass
    _KILLED.append("chromium")
    browser_fault("a page or the browser did not close", f"Chromium killed after {CLOSE_SECONDS} s")


def within_time(close: Callable[[], None], what: str, *, seconds: float = CLOSE_SECONDS,
                kill: Callable[[], None] = _kill_chromium) -> None:
    """Run ``close`` (a page's or the browser's); if it has not returned after ``seconds``,
    ``kill`` Chromium, which makes it return, and say so. Once Chromium is killed, what is left
    to close is gone already: the errors that says are not the test's."""
    watchdog = threading.Timer(seconds, kill)
    watchdog.start()
    try:
        close()
    except Exception as error:
        fired = not watchdog.is_alive()
        if not fired and not _KILLED:
            raise
        why = f"did not close in {seconds:g} s: Chromium was killed" if fired else "had gone with Chromium"
        print(f"\n{what} {why} ({str(error).splitlines()[0]})")
    finally:
        watchdog.cancel()

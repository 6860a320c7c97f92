"""A class's memory on this machine's JupyterHub, with idle kernels culled and without, side by side.

    sudo .venv/bin/python benchmarks/class_memory.py [--learners 60] [--stops 1,2,3] [--timeout 180]
        [--interval 30] [--every 30] [--port 8832] [--parallel 4] [--keep-free 2]

run as root in the checkout (it makes local accounts), after ``make hub`` and ``npm ci`` in ``hub/``. It

- sets up a real class as the teacher's guide does (``hub.class_setup`` with ``--create-accounts`` and a
  class prefix of its own, ``zcm<hex>-``), with ``--learners`` learners and a teacher, and starts its
  JupyterHub on 127.0.0.1 (``--port``; the hub's own port and the proxy's API on ``--port`` + 100 and
  + 200). ``--tables skip`` unless a stop of ``--stops`` is a statistics stop (6, 8): then the set-up
  builds the shared tables first, as a class's does;
- splits the class in two halves, run at the same time on the same hub: culling ON, the class's
  settings with a timeout shortened for the benchmark (``--timeout`` seconds, ``--interval`` between
  the culler's rounds, ``cull_connected`` as the class has it), and OFF (``cull_idle_timeout`` 0). Both are
  passed to each learner's server on its command line by a pre-spawn hook of the benchmark's own, in a
  configuration that loads the class's ``jupyterhub_config.py`` and changes nothing else of it;
- starts each learner's server through the hub's REST API (with a service token of the benchmark's
  own), and, as a learner's first minutes, opens the lesson of one of ``--stops`` (taken in turn) in a
  kernel of a session named after it (what JupyterLab does), runs its code cells over the kernel's
  websocket, answers each try-it question (right) and saves the notebook with its outputs (JupyterLab's
  save), ``--parallel`` learners at a time; none once the machine's available memory is under
  ``--keep-free`` GB (the report then says how many started). Chromium pages are not used: a page per
  learner (a renderer process each, running JupyterLab's JavaScript) would take the memory and the two
  cores this machine lends the class it measures, 60 of them; the culler frees the kernels, which the
  REST and websocket traffic drives as a page would;
- then leaves the class idle: every ``--every`` seconds it records the total PSS of each half's
  processes (``/proc/<pid>/smaps_rollup``: the memory a server's warm process shares with the kernels
  forked from it counted once), by kind (the server, its warm process, its kernels), the kernels alive
  in each half (the servers' ``/api/kernels``) and the machine's available memory (``MemAvailable``),
  until the culled half has no kernel left and one more round has passed;
- checks, for every learner of the culled half, that their answers (their own progress file) and their
  notebook are as they were before the cull, and that opening the lesson again gives a new kernel in
  which the whole lesson runs and another try-it answer is recorded beside the first;
- prints the samples and a table: the peak and the after-cull memory, per learner too, the kernels
  alive, what was kept.

Everything it made is removed at the end, whatever happened (a failure, Ctrl-C, SIGTERM): the hub (its
proxy and services with it), every process of the class's accounts (by pid), the accounts and their
homes, the class's folder. A second Ctrl-C during that clean-up is ignored.

Measured on the shared 2-core, 24 GB machine (December 2026), busy with the test suite: 5 learners at
stops 1 to 3, 265 MB of PSS a learner with their lesson's kernel (the server 132, its warm process 65-72,
the kernel 63-66), 221 MB once the kernel is culled; 4 learners at stop 6 (the hand calculator and the
statistics), 384 MB (a kernel of 163 MB) and 221 MB once culled. 60 learners at stops 1 to 3, once the
machine was quiet (``--learners 60 --parallel 6``, the lessons run in 338 s): 14.1 GiB of learners'
processes at the peak (the hub, its proxy and services 0.3 GiB more; 7.7 GiB of the machine still
available, beside the other work on it); the half never culled 7.3 GiB for 30 learners, 249 MB each (the
server 129, its warm process 56, the kernel 64) and still 249 after; the culled half 210 MB each once
its 30 kernels were gone (the server 129, the warm process 80: the pages it shared with its forks are its
own again), 6.1 GiB. So at stops 1 to 3 a culled kernel gives back about 40 MB of a learner's 250 (16
percent), and 60 learners fit in 24 GB culled or not (about 14.6 GiB with every kernel open, 12.3 GiB with
none); at the statistics stops the kernel is 163 MB, 60 learners with it open would need about 22.5 GiB
and do not fit beside anything else: there culling (20 minutes in a class) is what makes 60 fit as
learners move on. Every culled learner's answers and notebook were kept (30 of 30), and each ran the
lesson again in a new kernel and had a new answer recorded (30 of 30).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import hashlib
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cribbage.progress.store import read_progress  # noqa: E402
from cribbage.registry.stops import STOPS  # noqa: E402

#: The stops whose lessons the learners open, in turn, unless --stops says others: 1 to 3 (the deal, the
#: play, the show), a class's first half hour.
FIRST_STOPS = (1, 2, 3)
#: Run in the kernel after the lesson's cells: each try-it question answered, as a learner would
#: (``check`` records the answer: the learner's own file and the class's progress service). The first
#: time right (``{off}`` 0); on coming back after the cull, another try (1 off: the same answer again is
#: not a new answer, and would not be recorded).
ANSWER_ALL = """
from widgets.drills.exercise import Question as _Question
_answered = 0
for _name, _question in list(globals().items()):
    if isinstance(_question, _Question) and not _name.startswith("_") and isinstance(_question.answer, int):
        _question.check(_question.answer + {off})
        _answered += 1
print("answered", _answered)
"""
#: The kinds of a learner's processes, by what their command line runs (the rest: "other").
KINDS = (("server", "jupyterhub.singleuser"), ("warm", "machinery.forked_kernels"), ("kernel", "ipykernel"))
GB = 1024 ** 3


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- The class's processes and memory ------------------------------------------------------------


def pss_kb(pid: int) -> int:
    """The process's proportional set size in kB (``smaps_rollup``), 0 once it has gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def processes_of(uids: set[int]) -> list[int]:
    """The pids of every process run by one of ``uids``."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_uid in uids:
                    found.append(int(entry.name))
    return found


def kind_of(pid: int) -> str:
    """What the process is to the learner's server: the server, its warm process, a kernel, or other."""
    try:
        line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "other"
    return next((kind for kind, marker in KINDS if marker in line), "other")


def available_bytes() -> int:
    with open("/proc/meminfo", encoding="ascii") as meminfo:
        for line in meminfo:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no MemAvailable in /proc/meminfo")


# --- The hub and the learners ---------------------------------------------------------------------


@dataclass
class Learner:
    user: str
    culled: bool  # in the half whose idle kernels are culled
    lesson: str   # the notebook's path in the learner's home
    started: bool = False
    failed: str = ""
    kernel: str = ""
    answers: int = 0
    notebook_digest: str = ""
    seconds: float = 0.0

    @property
    def home(self) -> Path:
        return Path(pwd.getpwnam(self.user).pw_dir)

    @property
    def progress_file(self) -> Path:
        return self.home / ".local" / "share" / "cribbage-course" / "progress.sqlite3"

    def notebook_file(self) -> Path:
        return self.home / self.lesson

    def recorded(self) -> int:
        """The answers in the learner's own progress file (read without writing a byte)."""
        return len(read_progress(self.progress_file).answers)

    def digest(self) -> str:
        return hashlib.sha256(self.notebook_file().read_bytes()).hexdigest()


OVERLAY = '''\
"""The class's own configuration, and only what the benchmark needs beside it (benchmarks/class_memory.py)."""
load_subconfig({config!r})  # noqa: F821
c = get_config()  # noqa: F821
CULLED = set({culled!r})
c.JupyterHub.services = [*c.JupyterHub.services, {{"name": "class-memory", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [*c.JupyterHub.load_roles, {{
    "name": "class-memory", "services": ["class-memory"],
    "scopes": ["admin:servers", "access:servers", "list:users", "read:users"]}}]
c.JupyterHub.concurrent_spawn_limit = 0
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
_class_hook = c.Spawner.pre_spawn_hook


def benchmark_hook(spawner):
    _class_hook(spawner)
    # On the server's command line, over the class's jupyter_server_config.json: a shortened timeout
    # for the culled half, none for the other.
    timeout = {timeout} if spawner.user.name in CULLED else 0
    spawner.args = [f"--MappingKernelManager.cull_idle_timeout={{timeout}}",
                    "--MappingKernelManager.cull_interval={interval}"]


c.Spawner.pre_spawn_hook = benchmark_hook
'''


class Hub:
    """The class's hub, reached as the benchmark's service."""

    def __init__(self, url: str, token: str) -> None:
        from tornado.httpclient import AsyncHTTPClient

        AsyncHTTPClient.configure(None, max_clients=64)
        self.url = url
        self.token = token
        self.headers = {"Authorization": f"token {token}"}

    async def call(self, method: str, path: str, body: Any = None, *, ok: tuple[int, ...] = (200,)) -> Any:
        from tornado.httpclient import AsyncHTTPClient

        answer = await AsyncHTTPClient().fetch(
            self.url + path, method=method, headers={**self.headers, "Content-Type": "application/json"},
            body=None if body is None and method in ("GET", "DELETE") else json.dumps(body or {}),
            request_timeout=600, raise_error=False)
        if answer.code not in ok:
            raise RuntimeError(f"{method} {path}: {answer.code} {answer.body[:300]!r}")
        return json.loads(answer.body) if answer.body else None

    async def start(self, learner: Learner) -> None:
        await self.call("POST", f"/hub/api/users/{learner.user}/server", ok=(201, 202))
        while True:
            user = await self.call("GET", f"/hub/api/users/{learner.user}")
            server = user.get("servers", {}).get("")
            if server and server.get("ready"):
                return
            if not user.get("pending") and not server:
                raise RuntimeError(f"{learner.user}'s server did not start")
            await asyncio.sleep(1)

    async def kernels(self, learner: Learner) -> int:
        """The kernels alive in the learner's server (none before it has started)."""
        if not learner.started:
            return 0
        return len(await self.call("GET", f"/user/{learner.user}/api/kernels"))

    async def run_lesson(self, learner: Learner, *, save: bool = True) -> str:
        """Open the lesson in a kernel of a session named after it, run its code cells and the try-it
        answers, save it with its outputs (``save``); return the kernel's id."""
        base = f"/user/{learner.user}/api"
        model = await self.call("GET", f"{base}/contents/{learner.lesson}")
        notebook = model["content"]
        session = await self.call("POST", f"{base}/sessions", ok=(201,), body={
            "path": learner.lesson, "type": "notebook", "name": learner.lesson.rsplit("/", 1)[-1],
            "kernel": {"name": "python3"}})
        kernel = str(session["kernel"]["id"])
        code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
        socket_ = await KernelSocket.open(self, f"{base}/kernels/{kernel}/channels")
        try:
            for cell in code:
                cell["outputs"] = await socket_.execute(_source(cell), learner.lesson)
            said = await socket_.execute(ANSWER_ALL.format(off=0 if save else 1), learner.lesson)
        finally:
            socket_.close()
        if not any("answered" in "".join(out.get("text", "")) for out in said):
            raise RuntimeError(f"{learner.user}: the try-it answers said nothing: {said}")
        if save:
            await self.call("PUT", f"{base}/contents/{learner.lesson}", {"type": "notebook", "format": "json",
                                                                           "content": notebook})
        return kernel


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


class KernelSocket:
    """One kernel's websocket: code sent as execute requests, their outputs gathered as nbformat's."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    @classmethod
    async def open(cls, hub: Hub, path: str) -> KernelSocket:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = hub.url.replace("http", "ws", 1) + f"{path}?session_id={uuid.uuid4().hex}"
        return cls(await websocket_connect(HTTPRequest(url, headers=hub.headers, connect_timeout=60)))

    async def execute(self, code: str, where: str) -> list[dict[str, Any]]:
        request = uuid.uuid4().hex
        self.connection.write_message(json.dumps({
            "header": {"msg_id": request, "msg_type": "execute_request", "username": "learner",
                       "session": "class-memory", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        outputs: list[dict[str, Any]] = []
        while True:
            raw = await asyncio.wait_for(self.connection.read_message(), 600)
            if raw is None:
                raise RuntimeError(f"{where}: the kernel's websocket closed")
            if isinstance(raw, bytes):
                continue  # a message with binary buffers (a widget's): no output of ours
            reply = json.loads(raw)
            if reply.get("parent_header", {}).get("msg_id") != request:
                continue
            kind, content = reply["header"]["msg_type"], reply["content"]
            if kind == "error":
                raise RuntimeError(f"{where}: {content['ename']}: {content['evalue']}")
            if kind == "stream":
                outputs.append({"output_type": "stream", "name": content["name"], "text": content["text"]})
            elif kind in ("display_data", "execute_result"):
                output = {"output_type": kind, "data": content["data"], "metadata": content.get("metadata", {})}
                if kind == "execute_result":
                    output["execution_count"] = content.get("execution_count")
                outputs.append(output)
            elif kind == "status" and content["execution_state"] == "idle":
                return outputs

    def close(self) -> None:
        self.connection.close()


# --- The run -------------------------------------------------------------------------------------


@dataclass
class Sample:
    seconds: float
    pss: dict[bool, int]       # culled half or not: kB
    kinds: dict[bool, dict[str, int]]  # the same by kind of process (server, warm, kernel, other): kB
    kernels: dict[bool, int]
    available: int             # bytes
    hub_pss: int               # kB: the hub, its proxy and services (root's)


@dataclass
class Run:
    learners: list[Learner]
    uids: dict[bool, set[int]]
    hub_pid: int
    samples: list[Sample] = field(default_factory=list)
    full: bool = False  # the machine's available memory fell under --keep-free: no more learners started


async def sample(hub: Hub, run: Run, start: float) -> Sample:
    import psutil

    counts = await asyncio.gather(*(hub.kernels(learner) for learner in run.learners))
    kernels = {half: sum(n for n, learner in zip(counts, run.learners) if learner.culled == half) for half in (True, False)}
    kinds: dict[bool, dict[str, int]] = {half: dict.fromkeys([*(kind for kind, _ in KINDS), "other"], 0)
                                         for half in (True, False)}
    for half in (True, False):
        for pid in processes_of(run.uids[half]):
            kinds[half][kind_of(pid)] += pss_kb(pid)
    pss = {half: sum(kinds[half].values()) for half in (True, False)}
    everyone = run.uids[True] | run.uids[False]
    hub_pss = 0
    with contextlib.suppress(psutil.NoSuchProcess):
        for process in [psutil.Process(run.hub_pid), *psutil.Process(run.hub_pid).children(recursive=True)]:
            with contextlib.suppress(psutil.NoSuchProcess):
                if process.uids().real not in everyone:
                    hub_pss += pss_kb(process.pid)
    taken = Sample(time.monotonic() - start, pss, kinds, kernels, available_bytes(), hub_pss)
    run.samples.append(taken)
    print(f"{taken.seconds:6.0f} s  culled half {pss[True] / 1024:8.0f} MB, {kernels[True]:3d} kernels | "
          f"not culled {pss[False] / 1024:8.0f} MB, {kernels[False]:3d} kernels | hub {hub_pss / 1024:5.0f} MB | "
          f"available {taken.available / GB:5.1f} GB", flush=True)
    return taken


async def measure(hub: Hub, run: Run, args: argparse.Namespace) -> dict[str, Any]:
    start = time.monotonic()
    limit = asyncio.Semaphore(args.parallel)
    await sample(hub, run, start)

    async def first_minutes(learner: Learner) -> None:
        async with limit:
            if run.full or available_bytes() < args.keep_free * GB:
                # The machine is near its end: the learners after this one stay out (their row says so).
                run.full = True
                return
            began = time.monotonic()
            try:
                await hub.start(learner)
                learner.started = True
                learner.kernel = await hub.run_lesson(learner)
                learner.answers = learner.recorded()
                learner.notebook_digest = learner.digest()
            except Exception as error:  # one learner's failure is said, and the class goes on without them
                learner.failed = f"{type(error).__name__}: {error}"
                print(f"  {learner.user}: FAILED {learner.failed}", flush=True)
                return
            learner.seconds = time.monotonic() - began
            print(f"  {learner.user} ({'culled' if learner.culled else 'kept'}): {learner.lesson}, "
                  f"{learner.answers} answers, {learner.seconds:.0f} s", flush=True)

    working = asyncio.ensure_future(asyncio.gather(*(first_minutes(learner) for learner in run.learners)))
    while not working.done():
        await asyncio.wait([working], timeout=args.every)
        if not working.done():
            await sample(hub, run, start)
    working.result()
    ran = time.monotonic() - start
    print(f"every learner has run their lesson ({ran:.0f} s); now idle", flush=True)
    # Idle: until the culled half has no kernel and one round more, within the culler's own bound.
    deadline = time.monotonic() + args.timeout + 4 * args.interval + 4 * args.every
    while True:
        await asyncio.sleep(args.every)
        taken = await sample(hub, run, start)
        if taken.kernels[True] == 0 and run.samples[-2].kernels[True] == 0:
            break
        if time.monotonic() > deadline:
            print("the culled half still has kernels past the culler's bound", flush=True)
            break
    # What was kept, then the lesson opened again in a new kernel.
    kept = {"answers": 0, "notebooks": 0, "reopened": 0}
    culled = [learner for learner in run.learners if learner.culled and learner.started and not learner.failed]
    for learner in culled:
        kept["answers"] += learner.recorded() == learner.answers
        kept["notebooks"] += learner.digest() == learner.notebook_digest

    async def reopen(learner: Learner) -> None:
        async with limit:
            try:
                kernel = await hub.run_lesson(learner, save=False)
            except Exception as error:
                print(f"  {learner.user}: the lesson FAILED in a new kernel: {type(error).__name__}: {error}", flush=True)
                return
            kept["reopened"] += kernel != learner.kernel and learner.recorded() > learner.answers

    await asyncio.gather(*(reopen(learner) for learner in culled))
    return {"kept": kept, "culled": len(culled), "ran": ran}


def report(run: Run, outcome: dict[str, Any], args: argparse.Namespace) -> None:
    halves = {True: "culled", False: "not culled"}
    sizes = {half: sum(learner.culled == half and learner.started for learner in run.learners) for half in (True, False)}
    started = sizes[True] + sizes[False]
    peak = {half: max(s.pss[half] for s in run.samples) for half in (True, False)}
    peak_all = max(s.pss[True] + s.pss[False] for s in run.samples)
    last = run.samples[-1]
    print()
    if run.full:
        print(f"only {started} of {len(run.learners)} learners started: the machine's available memory fell "
              f"under {args.keep_free} GB (--keep-free)")
    print(f"{started} learners on one hub, idle kernels culled after {args.timeout} s "
          f"(every {args.interval} s) in one half, never in the other; lessons run in {outcome['ran']:.0f} s")
    print(f"{'':12} {'learners':>8} {'peak GB':>8} {'MB each':>8} {'kernels':>8} {'after GB':>9} {'MB each':>8} "
          f"{'kernels':>8}")
    for half in (True, False):
        at_peak = max(run.samples, key=lambda s, half=half: s.pss[half])
        print(f"{halves[half]:12} {sizes[half]:8d} {peak[half] / 1024 ** 2:8.2f} "
              f"{peak[half] / 1024 / max(sizes[half], 1):8.0f} {at_peak.kernels[half]:8d} "
              f"{last.pss[half] / 1024 ** 2:9.2f} {last.pss[half] / 1024 / max(sizes[half], 1):8.0f} "
              f"{last.kernels[half]:8d}")
    print(f"the whole class at its peak: {peak_all / 1024 ** 2:.2f} GB of learners' processes, hub "
          f"{max(s.hub_pss for s in run.samples) / 1024:.0f} MB; machine's available memory "
          f"{min(s.available for s in run.samples) / GB:.1f} GB at its lowest, {last.available / GB:.1f} GB at the end")
    failed = [learner.user for learner in run.learners if learner.failed]
    if failed:
        print(f"{len(failed)} learners failed to start or to run their lesson: {', '.join(failed)}")
    kept, culled = outcome["kept"], outcome["culled"]
    print(f"after the cull, of {culled} learners: answers kept {kept['answers']}, notebooks unchanged "
          f"{kept['notebooks']}, lesson run again in a new kernel and a new answer recorded {kept['reopened']}")
    print("MB per learner by process (servers, their warm processes, kernels, other):")
    for half in (True, False):
        at_peak = max(run.samples, key=lambda s, half=half: s.pss[half])
        for label, taken in (("peak", at_peak), ("after", last)):
            print(f"  {halves[half]:10} {label:5} " + ", ".join(
                f"{kind} {kb / 1024 / max(sizes[half], 1):.0f}" for kind, kb in taken.kinds[half].items()))
    each_after = last.pss[True] / 1024 / max(sizes[True], 1)
    each_peak = peak_all / 1024 / max(started, 1)
    print(f"per learner: {each_peak:.0f} MB with their lesson's kernel, {each_after:.0f} MB once it is culled")


# --- Setting up and taking down ------------------------------------------------------------------


@contextlib.contextmanager
def temporary_class(args: argparse.Namespace) -> Iterator[tuple[Path, list[str], str, str]]:
    """A class set up by hub.class_setup in a folder of its own; every account, process and file gone after."""
    from hub import class_setup

    prefix = f"zcm{secrets.token_hex(2)}-"
    top = Path(tempfile.mkdtemp(prefix="cribbage-class-memory-"))
    top.chmod(0o755)  # the learners' accounts walk through it to the class's Python
    names = [f"l{index:02d}" for index in range(1, args.learners + 1)]
    roster = top / "class.csv"
    with open(roster, "w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows([["username", "display_name"], *[[name, f"Learner {name[1:]}"] for name in names]])
    try:
        status = class_setup.main([
            str(roster), "--teacher", "prof", "--dir", str(top / "class"), "--create-accounts", "--prefix", prefix,
            "--tables", "build" if any(stop.builds_tables for stop in STOPS if stop.number in args.stops) else "skip", "--port", str(args.port), "--hub-port", str(args.port + 100),
            "--proxy-api-port", str(args.port + 200), "--service-port", str(free_port()),
            "--progress-port", str(free_port())])
        if status != 0:
            raise RuntimeError("hub.class_setup refused or failed (its message is above)")
        yield top, [prefix + name for name in names], prefix + "prof", prefix
    finally:
        for each in (signal.SIGINT, signal.SIGTERM):
            signal.signal(each, signal.SIG_IGN)  # the clean-up runs to its end
        take_down(prefix, top)


def take_down(prefix: str, top: Path) -> None:
    import psutil

    users = [entry for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)]
    uids = {entry.pw_uid for entry in users}
    left = []
    for pid in processes_of(uids):
        with contextlib.suppress(psutil.NoSuchProcess):
            left.append(psutil.Process(pid))
            left[-1].kill()
    psutil.wait_procs(left, timeout=30)
    for entry in users:
        subprocess.run(["userdel", "--remove", entry.pw_name], capture_output=True)
        subprocess.run(["groupdel", entry.pw_name], capture_output=True)
    shutil.rmtree(top, ignore_errors=True)
    remaining = [entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)]
    print(f"removed the class: {len(users) - len(remaining)} accounts, {top}"
          + (f"; LEFT: {', '.join(remaining)}" if remaining else ""), flush=True)


@contextlib.contextmanager
def running_hub(folder: Path, culled: list[str], args: argparse.Namespace) -> Iterator[tuple[Hub, int]]:
    """The class's hub with the benchmark's overlay; stopped (its servers, proxy and services) after."""
    import urllib.error
    import urllib.request

    token = secrets.token_hex(32)
    overlay = folder / "benchmark_config.py"
    overlay.write_text(OVERLAY.format(config=str(folder / "jupyterhub_config.py"), culled=culled, token=token,
                                      timeout=args.timeout, interval=args.interval), encoding="utf-8")
    overlay.chmod(0o600)
    log = open(folder.parent / "hub.log", "wb")  # noqa: SIM115  (open while the hub runs)
    hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(overlay)], cwd=folder, stdout=log,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                           env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{args.port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            if hub.poll() is not None:
                raise RuntimeError(f"the hub exited ({hub.returncode}): see {folder.parent / 'hub.log'}")
            with contextlib.suppress(urllib.error.URLError, OSError), urllib.request.urlopen(f"{url}/hub/api", timeout=5):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the hub did not answer within 300 s")
            time.sleep(1)
        yield Hub(url, token), hub.pid
    finally:
        hub.send_signal(signal.SIGTERM)  # the hub stops the learners' servers, its services and proxy
        with contextlib.suppress(subprocess.TimeoutExpired):
            hub.wait(timeout=60)
        # What is left of its session (the hub itself may linger once it has stopped the rest).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(hub.pid, signal.SIGKILL)
        hub.wait()
        log.close()


def interrupted(signum: int, frame: object) -> None:
    """SIGTERM as Ctrl-C: the clean-up of the finally blocks runs."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=60)
    parser.add_argument("--timeout", type=int, default=180, help="the culled half's cull_idle_timeout, seconds")
    parser.add_argument("--interval", type=int, default=30, help="the culled half's cull_interval, seconds")
    parser.add_argument("--every", type=int, default=30, help="seconds between two samples")
    parser.add_argument("--port", type=int, default=8832, help="the hub's; +100 and +200 for its own and the proxy's API")
    parser.add_argument("--parallel", type=int, default=4, help="learners starting at the same time")
    parser.add_argument("--keep-free", type=float, default=2.0,
                        help="GB of available memory under which no more learners are started")
    parser.add_argument("--stops", type=lambda text: tuple(int(n) for n in text.split(",")), default=FIRST_STOPS,
                        help="the stops whose lessons the learners open, in turn (1,2,3); the statistics stops "
                        "(6, 8) make the set-up build the shared tables first (minutes)")
    args = parser.parse_args(argv)
    if not set(args.stops) <= {stop.number for stop in STOPS}:
        parser.error(f"--stops: the stops are {', '.join(str(stop.number) for stop in STOPS)}")
    if os.geteuid() != 0:
        print("class_memory: run it as root: it makes the class's local accounts", file=sys.stderr)
        return 2
    if args.learners < 2:
        print("class_memory: two learners at least (one in each half)", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, interrupted)
    with temporary_class(args) as (top, users, _teacher, _prefix):
        folder = top / "class"
        lessons = [stop.notebook for stop in STOPS if stop.number in args.stops]
        learners = [Learner(user, culled=index % 2 == 0, lesson=f"cribbage-course/{lessons[index % len(lessons)]}")
                    for index, user in enumerate(users)]
        uids = {half: {pwd.getpwnam(learner.user).pw_uid for learner in learners if learner.culled == half}
                for half in (True, False)}
        with running_hub(folder, [learner.user for learner in learners if learner.culled], args) as (hub, pid):
            run = Run(learners, uids, pid)
            outcome = asyncio.run(measure(hub, run, args))
            report(run, outcome, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Kernels forked from a warm process (machinery/forked_kernels.py): each is the kernel a fresh start
would give, in its own folder, environment and session; interrupted, restarted and shut down as
any; never forked when a fresh start would differ; retired when the course's code changes; gone
when their server goes. (How much sooner they start: benchmarks/kernels.py.)"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import AsyncIterator, Iterator
from importlib.metadata import entry_points
from pathlib import Path

import psutil
import pytest
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

from machinery import forked_kernels
from machinery.lab_language import COURSE_SERVER_CONFIG

ROOT = Path(__file__).resolve().parents[2]
# Bounds on events (a kernel ready, a process gone), never a pause: generous, so that a machine loaded
# with other work (two pytest workers beside a CPU hog on two cores) only makes them slower.
TIMEOUT = 60


@pytest.fixture(autouse=True)
def forked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Kernels provisioned by the forked provisioner, from a warm process of this test's own."""
    factory = KernelProvisionerFactory.instance()
    monkeypatch.setattr(factory, "default_provisioner_name", forked_kernels.NAME)
    monkeypatch.setattr(forked_kernels, "_WARM", [])
    yield
    for warm in forked_kernels._WARM:
        warm.process.terminate()
        warm.process.wait(TIMEOUT)
        assert not Path(warm.folder).exists(), "a stopped warm process leaves its folder behind"


@contextlib.asynccontextmanager
async def kernel(cwd: Path, env: dict[str, str] | None = None,
                 **options: str) -> AsyncIterator[tuple[AsyncKernelManager, object]]:
    manager = AsyncKernelManager(kernel_name="python3", **options)
    await manager.start_kernel(cwd=str(cwd), env=env if env is not None else dict(os.environ))
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=TIMEOUT)
        yield manager, client
    finally:
        client.stop_channels()
        await manager.shutdown_kernel(now=True)


async def run(client, code: str, speaking: asyncio.Event | None = None) -> str:
    """What ``code`` prints in the kernel (its error's name if it raises); ``speaking`` is set when
    its first words come."""
    said: list[str] = []

    def hear(message: dict) -> None:
        if message["msg_type"] == "stream":
            said.append(message["content"]["text"])
            if speaking is not None:
                speaking.set()
        elif message["msg_type"] == "error":
            said.append(message["content"]["ename"])

    await client.execute_interactive(code, timeout=TIMEOUT, output_hook=hear)
    return "".join(said).strip()


def run_async(coroutine, seconds: float):
    """Run ``coroutine`` to its end within ``seconds``, on an event loop of its own (another test on
    this worker may have left one running in this thread)."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, asyncio.wait_for(coroutine, seconds)).result()


def parent_command(pid: int) -> str:
    return " ".join(psutil.Process(pid).parent().cmdline())


def test_a_forked_kernel_is_the_kernel_asked_for(tmp_path: Path) -> None:
    env = {**os.environ, "QUERY_STRING": "hand=5H5D5C&starter=JS"}
    env.pop("CRIBBAGE_PROGRESS")

    async def check() -> None:
        async with kernel(tmp_path, env) as (manager, client):
            pid = manager.provisioner.pid
            assert "machinery.forked_kernels" in parent_command(pid)
            assert "ipykernel_launcher" in " ".join(psutil.Process(pid).cmdline())
            facts = json.loads(await run(client, textwrap.dedent("""
                import json, os, sys
                from cribbage.ai.discard import crib_table
                from cribbage.rules.ranks import rank_table
                targets = sorted(get_ipython().kernel.comm_manager.targets)
                made = [table.cache_info().currsize for table in (rank_table, crib_table)]
                print(json.dumps({"preloaded": "widgets" in sys.modules, "tables made": made, "cwd": os.getcwd(), "pid": os.getpid(),
                                  "session": os.getsid(0), "query": os.environ.get("QUERY_STRING"),
                                  "progress": os.environ.get("CRIBBAGE_PROGRESS"), "targets": targets}))""")))
            # ipywidgets was imported before the kernel existed: its comm targets are registered all
            # the same (else a page could not ask for the widgets' state).
            # The tables a computer makes at first use were made before the fork (the first deal waits on none).
            assert facts == {"preloaded": True, "tables made": [1, 1], "cwd": str(tmp_path), "pid": pid, "session": pid,
                             "query": env["QUERY_STRING"], "progress": None,
                             "targets": ["jupyter.widget", "jupyter.widget.control"]}
            assert "Hand" not in await run(client, "from widgets import hand_calculator; print('ok')")

    run_async(check(), TIMEOUT * 2)


def test_two_forked_kernels_draw_different_random_numbers(tmp_path: Path) -> None:
    draw = "import random, numpy; print(random.random(), numpy.random.random())"

    async def check() -> list[str]:
        async with kernel(tmp_path) as (one, first), kernel(tmp_path) as (two, second):
            assert psutil.Process(one.provisioner.pid).ppid() == psutil.Process(two.provisioner.pid).ppid()
            return [await run(first, draw), await run(second, draw)]

    a, b = run_async(check(), TIMEOUT * 2)
    assert a.split()[0] != b.split()[0] and a.split()[1] != b.split()[1]


def test_interrupted_restarted_and_shut_down_as_any_kernel(tmp_path: Path) -> None:
    async def check() -> None:
        async with kernel(tmp_path) as (manager, client):
            first = manager.provisioner.pid
            # Interrupted once the cell says it is in its sleep: the kernel is running the learner's code.
            asleep = asyncio.Event()
            running = asyncio.ensure_future(
                run(client, "import time; print('asleep', flush=True); time.sleep(60)", asleep))
            try:
                await asyncio.wait_for(asleep.wait(), TIMEOUT)
            except asyncio.TimeoutError:
                pytest.fail(f"the cell never said it was asleep in {TIMEOUT} s")
            await manager.interrupt_kernel()
            assert await asyncio.wait_for(running, TIMEOUT) == "asleep\nKeyboardInterrupt"
            await manager.restart_kernel(now=True)
            await client.wait_for_ready(timeout=TIMEOUT)
            second = manager.provisioner.pid
            assert second != first and not psutil.pid_exists(first)
            assert "machinery.forked_kernels" in parent_command(second)
            assert await run(client, "print(6 * 7)") == "42"
        assert not psutil.pid_exists(second)
        assert await manager.is_alive() is False

    run_async(check(), TIMEOUT * 3)


def test_a_kernel_is_started_afresh_when_its_interpreter_would_differ(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    async def check() -> None:
        async with kernel(tmp_path, env) as (manager, _client):
            assert psutil.Process(manager.provisioner.pid).ppid() == os.getpid()

    run_async(check(), TIMEOUT * 2)


def test_a_kernel_the_warm_process_cannot_fork_is_started_afresh(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self, request, streams):
        raise OSError("the warm process did not fork: error OSError: [Errno 38] Function not implemented")

    monkeypatch.setattr(forked_kernels._Warm, "fork", refused)

    async def check() -> None:
        async with kernel(tmp_path) as (manager, client):
            assert psutil.Process(manager.provisioner.pid).ppid() == os.getpid()
            assert await run(client, "print(6 * 7)") == "42"

    run_async(check(), TIMEOUT * 2)


def test_a_fork_the_warm_process_cannot_hand_over_leaves_no_kernel_behind(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A system without pidfds (Linux before 5.3): the fork is killed at once (it would hold the ports
    of the kernel started instead) and the kernel is started afresh."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(textwrap.dedent("""
        import os
        def pidfd_open(pid, flags=0):
            raise OSError(38, "Function not implemented")
        os.pidfd_open = pidfd_open
        """))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))

    async def check() -> None:
        async with kernel(tmp_path) as (manager, client):
            assert psutil.Process(manager.provisioner.pid).ppid() == os.getpid()
            assert await run(client, "print(6 * 7)") == "42"
            warm = psutil.Process(forked_kernels._WARM[0].process.pid)
            # Not this process's children: psutil waits until they are gone (reaped by the warm process).
            await asyncio.to_thread(psutil.wait_procs, warm.children(), timeout=TIMEOUT)
            assert not warm.children(), "a fork nobody manages is still running"

    run_async(check(), TIMEOUT * 2)


def test_a_request_the_warm_process_cannot_read_loses_only_itself(tmp_path: Path) -> None:
    async def check() -> None:
        async with kernel(tmp_path) as (manager, _client):
            warm = forked_kernels._WARM[0]
            first = psutil.Process(manager.provisioner.pid).ppid()
        with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as connection:
            connection.settimeout(TIMEOUT)
            connection.connect(warm.address)
            connection.send(b"{not json")
            assert connection.recv(64) == b""   # refused: closed, nothing forked
        async with kernel(tmp_path) as (manager, client):
            assert psutil.Process(manager.provisioner.pid).ppid() == first == warm.process.pid
            assert await run(client, "print(6 * 7)") == "42"

    run_async(check(), TIMEOUT * 2)


def test_a_changed_course_retires_the_warm_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "lesson.py").write_text("x = 1\n")
    monkeypatch.setattr(forked_kernels, "_watched_folders", lambda: [str(course)])

    async def check() -> None:
        async with kernel(tmp_path) as (manager, _client):
            first_warm = psutil.Process(manager.provisioner.pid).parent()
        (course / "lesson.py").write_text("x = 2\n")
        os.utime(course / "lesson.py", ns=(time.time_ns() + 10**9,) * 2)
        async with kernel(tmp_path) as (manager, _client):
            assert psutil.Process(manager.provisioner.pid).ppid() == os.getpid()   # started afresh
        async with kernel(tmp_path) as (manager, _client):
            assert psutil.Process(manager.provisioner.pid).ppid() not in (os.getpid(), first_warm.pid)
        first_warm.wait(TIMEOUT)   # retired with no kernel left: gone

    run_async(check(), TIMEOUT * 3)


def test_the_warm_process_and_its_kernels_leave_with_their_server(tmp_path: Path) -> None:
    server = textwrap.dedent(f"""
        import asyncio, os, sys, time
        from jupyter_client.manager import AsyncKernelManager
        from jupyter_client.provisioning import KernelProvisionerFactory
        KernelProvisionerFactory.instance().default_provisioner_name = {forked_kernels.NAME!r}
        async def main():
            manager = AsyncKernelManager(kernel_name="python3")
            await manager.start_kernel(cwd={str(tmp_path)!r})
            print(manager.provisioner.pid, flush=True)
            await asyncio.sleep(600)
        asyncio.run(main())""")
    process = subprocess.Popen([sys.executable, "-c", server], stdout=subprocess.PIPE, text=True)
    try:
        kernel_pid = int(process.stdout.readline())
        warm = psutil.Process(kernel_pid).parent()
        assert "machinery.forked_kernels" in " ".join(warm.cmdline())
    finally:
        process.kill()
        process.wait(TIMEOUT)
    warm.wait(TIMEOUT)
    # Linux tells when a process ends (a zombie has ended) through a pidfd that becomes readable.
    with contextlib.suppress(ProcessLookupError):   # gone already
        ended = os.pidfd_open(kernel_pid)
        try:
            assert select.select([ended], [], [], TIMEOUT)[0], "the kernel outlived its server"
        finally:
            os.close(ended)


def test_a_forked_kernel_talks_over_the_courses_unix_sockets(tmp_path: Path) -> None:
    """A learner's server asks for IPC (COURSE_SERVER_CONFIG): the forked kernel binds the Unix sockets
    the connection file names, answers on them, and takes no TCP port."""
    transport = str(COURSE_SERVER_CONFIG["KernelManager"]["transport"])
    (tmp_path / "lesson").mkdir()

    async def check() -> None:
        # Named as a server names it (MultiKernelManager): the sockets are beside it, not in the kernel's cwd.
        connection = str(tmp_path / "kernel-1.json")
        async with kernel(tmp_path / "lesson", transport=transport, connection_file=connection) as (manager, client):
            info = manager.get_connection_info()
            assert info["transport"] == "ipc"
            assert "machinery.forked_kernels" in parent_command(manager.provisioner.pid)
            assert await run(client, "print(6 * 7)") == "42"
            # Its five channels on sockets, none on a TCP port (the kernel may listen elsewhere, e.g. its debugger).
            channels = {info[f"{name}_port"] for name in ("shell", "iopub", "stdin", "control", "hb")}
            assert all(Path(f"{info['ip']}-{port}").is_socket() for port in channels)
            listening = {c.laddr.port for c in psutil.Process(manager.provisioner.pid).net_connections(kind="tcp")}
            assert not channels & listening

    run_async(check(), TIMEOUT)


def test_the_course_and_the_app_fork_their_kernels() -> None:
    voila = json.loads((ROOT / "apps" / "config" / "voila.json").read_text())
    for config in (COURSE_SERVER_CONFIG, voila):
        assert config["KernelProvisionerFactory"] == {"default_provisioner_name": forked_kernels.NAME}
    (entry,) = entry_points(group="jupyter_client.kernel_provisioners", name=forked_kernels.NAME)
    assert entry.load() is forked_kernels.ForkedProvisioner

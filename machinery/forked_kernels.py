"""Kernels forked from a warm process, so that a class's kernels start in a fraction of the time.

Most of what a course kernel costs before it shows a hand is importing: Python, IPython and ipykernel,
numpy, the engine and the widgets, about 0.6 CPU-s of a kernel's 1.0-1.2. A server whose kernels are
provisioned by :class:`ForkedProvisioner` (jupyter_client's kernel provisioner ``cribbage-forked``,
chosen by ``KernelProvisionerFactory.default_provisioner_name``: the calculator app's configuration and
a learner's course set it) starts one warm process (``python -m machinery.forked_kernels``) that imports
all that once and waits. Each kernel is then a fork of it that runs ipykernel as ``python -m
ipykernel_launcher`` does, in its own session, working folder, environment and standard streams.
Forks share the warm process's memory until they write to it.

A kernel is forked only when that is the same as starting it: its command is this Python running
``ipykernel_launcher`` and the environment the interpreter reads as it starts (``PYTHON*``, the
locale) is the warm process's. Otherwise, while the warm process is still importing, or if it fails,
the kernel is started as jupyter_client starts it. Code or catalogues of the course changed since the
warm process imported them (a developer editing while the server runs) retire it: that kernel is
started afresh and a new warm process serves the next ones, so a kernel always runs the code on disk.

The warm process leaves when its server does (it watches its parent), and its kernels then leave too
(ipykernel's parent poller watches the warm process). Forked kernels share one hash seed, as they share
everything imported before the fork; the random generators are seeded afresh in each (Python's own
does this at every fork; numpy's global one is seeded here).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import pathlib
import pkgutil
import select
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

__all__ = ["LATE", "NAME", "PRELOAD", "PREMADE", "SUPPORTED", "ForkedProvisioner", "main"]

#: The provisioner's name, as a Jupyter configuration names it.
NAME = "cribbage-forked"
#: What the warm process imports before it forks, then every module of the widgets but :data:`LATE`.
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipykernel.comm",
           "IPython.core.interactiveshell", "IPython.core.completer", "jupyter_client.session",
           "zmq.eventloop.zmqstream", "tornado.ioloop", "ipywidgets", "numpy", "setproctitle", "cribbage",
           "widgets")
#: The tables the computer and the discard advice make at first use (about 50 ms, which a learner would
#: wait on at their first deal), made by the warm process before it forks: every kernel has them.
PREMADE = (("cribbage.rules.ranks", "rank_table"), ("cribbage.ai.discard", "crib_table"))
#: The widgets' modules a kernel imports itself: they import matplotlib, whose backend ipykernel
#: chooses as it starts (and only some lessons draw).
LATE = frozenset({"widgets.blocks.board", "widgets.blocks.charts", "widgets.lab.views", "widgets.lab.charts",
                  "widgets.table.view", "widgets.table.review", "widgets.table.review_chart",
                  "widgets.table.more_players"})
# The folders whose files the warm process has read: a change in them retires it.
_WATCHED = ("cribbage", "widgets", "machinery")
# The environment Python reads as it starts (or that the preloaded modules read as they load):
# a kernel asking for another is started afresh.
_INTERPRETER_PREFIXES = ("PYTHON", "LC_ALL", "LC_CTYPE", "LANG")
_READY_SECONDS = 10.0   # how long a first kernel waits for the warm process before starting afresh
_ANSWER_SECONDS = 10.0  # how long a launch waits for the warm process's answer
_MESSAGE_BYTES = 1 << 20
# The keywords jupyter_client's launch_kernel is given that are not the kernel process's (Popen's).
_NOT_FOR_POPEN = frozenset({"extra_arguments", "kernel_id"})


def _interpreter_env(env: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(_INTERPRETER_PREFIXES)}


def _stamp(folders: Sequence[str]) -> tuple[int, int]:
    """The newest modification time and the number of files under ``folders``."""
    newest, count = 0, 0
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                with contextlib.suppress(OSError):
                    newest = max(newest, os.stat(os.path.join(root, name)).st_mtime_ns)
                    count += 1
    return newest, count


def _watched_folders() -> list[str]:
    folders = []
    for name in _WATCHED:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            folders.extend(spec.submodule_search_locations)
    return folders


class _ForkedKernel:
    """A kernel the warm process forked, as its provisioner sees it. Signals go through a pidfd, so a pid
    used again by another process is never signalled; the exit status comes from the warm process,
    which reaps it."""

    def __init__(self, pid: int, pidfd: int, connection: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = pidfd
        self._connection = connection

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                said = self._connection.recv(64)
            except BlockingIOError:
                return None
            except OSError:
                said = b""
            if said.startswith(b"exit "):
                self._ended(int(said[5:]))
            elif not self._running():
                self._ended(-signal.SIGKILL)   # the warm process is gone and cannot say how it ended
        return self.returncode

    def _running(self) -> bool:
        return not _readable(self._pidfd)   # a pidfd is readable once its process has ended

    def _ended(self, code: int) -> None:
        self.returncode = code
        with contextlib.suppress(OSError):
            os.close(self._pidfd)
        self._connection.close()

    def send_signal(self, signum: int) -> None:
        """``signum`` to the kernel's session (its group: what it started too), else to the kernel alone."""
        if self.poll() is not None:
            return
        try:
            os.killpg(self.pid, signum)   # the fork made a session of its own: its group is its pid
        except OSError:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, signum)


def _readable(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0)[0])


class _Warm:
    """The server's side of one warm process: started, asked for kernels, retired."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="cribbage-warm-")   # private (0700): only we connect
        # The warm process removes it as it leaves; if it was killed, the server does at its exit.
        atexit.register(shutil.rmtree, self.folder, ignore_errors=True)
        self.address = os.path.join(self.folder, "socket")
        self.env = dict(os.environ)
        self.was_ready = False
        self.process = subprocess.Popen(
            [sys.executable, "-m", "machinery.forked_kernels", self.address, *_watched_folders()],
            env=self.env, stdin=subprocess.DEVNULL)

    def ready(self) -> bool:
        self.was_ready = self.was_ready or os.path.exists(self.address)
        return self.was_ready

    def alive(self) -> bool:
        return self.process.poll() is None

    def fork(self, request: dict[str, Any], streams: Sequence[int]) -> _ForkedKernel | None:
        """A kernel forked as ``request`` says, or None when the warm process is retired."""
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            connection.settimeout(_ANSWER_SECONDS)
            connection.connect(self.address)
            socket.send_fds(connection, [json.dumps(request).encode()], list(streams))
            answer, fds, _flags, _address = socket.recv_fds(connection, 64, 1)
        except BaseException:
            connection.close()
            raise
        if not answer.startswith(b"pid ") or len(fds) != 1:
            connection.close()
            for fd in fds:
                os.close(fd)
            if answer == b"retired":
                return None
            raise OSError(f"the warm process did not fork: {answer.decode(errors='replace') or 'no answer'}")
        connection.setblocking(False)   # polled for the kernel's end from now on, never waited on
        return _ForkedKernel(int(answer[4:]), fds[0], connection)


_WARM: list[_Warm] = []   # the one serving this server's kernels (a list, to replace it)


def _warm() -> _Warm | None:
    """This server's warm process, started if there is none (or the last one left); None if one
    failed before it was ready (it said why on the server's log): the kernels start afresh."""
    if _WARM and not _WARM[0].alive() and not _WARM[0].was_ready:
        return None
    if not _WARM or not _WARM[0].alive():
        try:
            _WARM[:] = [_Warm()]
        except OSError:
            return None
    return _WARM[0]


def _streams(kwargs: Mapping[str, Any]) -> list[int] | None:
    """The kernel's standard output and error as file descriptors, or None when they cannot be sent
    (pipes the caller would read)."""
    fds = []
    for name, default in (("stdout", 1), ("stderr", 2)):
        given = kwargs.get(name)
        if given is None:
            fds.append(default)
        elif isinstance(given, int) and given >= 0:
            fds.append(given)
        elif hasattr(given, "fileno"):
            fds.append(given.fileno())
        else:
            return None
    return fds


#: What forking kernels needs of the system: Linux (5.3 or later, for pidfds).
SUPPORTED = all((hasattr(os, "fork"), hasattr(os, "pidfd_open"), hasattr(signal, "pidfd_send_signal"),
                 hasattr(socket, "SOCK_SEQPACKET"), hasattr(socket, "send_fds")))


def _forkable(cmd: Sequence[str], kwargs: Mapping[str, Any], warm_env: Mapping[str, str]) -> bool:
    env = kwargs.get("env") or os.environ
    return (len(cmd) >= 3 and list(cmd[1:3]) == ["-m", "ipykernel_launcher"]
            and os.path.abspath(cmd[0]) == os.path.abspath(sys.executable)
            and _interpreter_env(env) == _interpreter_env(warm_env)
            and set(kwargs) <= {"env", "cwd", "stdin", "stdout", "stderr", "independent"}
            and not kwargs.get("independent"))


class ForkedProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, whose kernels are forks of a warm process when they can
    be (see the module's docstring); a kernel that is not forked is the local provisioner's own.

    It keeps to the provisioners' documented API (:class:`~jupyter_client.provisioning.KernelProvisionerBase`):
    the local provisioner prepares the launch (``pre_launch``: the connection file, the ports) and
    launches a kernel that is not forked; a forked kernel's life (``poll``, ``wait``, ``send_signal``,
    ``kill``, ``terminate``, ``has_process``, ``resolve_path``) is answered here, never through the
    local provisioner's ``Popen``. Its ``pid`` and ``pgid``, which ``get_provisioner_info`` records,
    are the fork's."""

    _fork: _ForkedKernel | None = None
    _fork_cwd: str = ""

    @property
    def has_process(self) -> bool:
        return self._fork is not None or super().has_process

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        self._fork = None
        kernel = await self._forked(cmd, kwargs)
        if kernel is None:
            return await super().launch_kernel(cmd, **kwargs)
        self._fork = kernel
        self._fork_cwd = str(kwargs.get("cwd") or os.getcwd())
        self.pid = self.pgid = kernel.pid   # the fork makes a session of its own: its group is its pid
        return self.connection_info

    async def poll(self) -> int | None:
        return await super().poll() if self._fork is None else self._fork.poll()

    async def wait(self) -> int | None:
        if self._fork is None:
            return await super().wait()
        while (code := self._fork.poll()) is None:   # callers time this out (see LocalProvisioner.wait)
            await asyncio.sleep(0.1)
        self._fork = None   # has_process is False from now on
        return code

    async def send_signal(self, signum: int) -> None:
        if self._fork is None:
            await super().send_signal(signum)
        else:
            self._fork.send_signal(signum)

    async def kill(self, restart: bool = False) -> None:
        if self._fork is None:
            await super().kill(restart)
        else:
            self._fork.send_signal(signal.SIGKILL)

    async def terminate(self, restart: bool = False) -> None:
        if self._fork is None:
            await super().terminate(restart)
        else:
            self._fork.send_signal(signal.SIGTERM)

    def resolve_path(self, path_str: str) -> str | None:
        if self._fork is None:
            return super().resolve_path(path_str)
        path = pathlib.Path(path_str).expanduser()
        path = path if path.is_absolute() else (pathlib.Path(self._fork_cwd) / path).resolve()
        return path.as_posix() if path.exists() else None

    async def _forked(self, cmd: list[str], kwargs: dict[str, Any]) -> _ForkedKernel | None:
        if not SUPPORTED:
            return None
        # What the provisioner API passes beside Popen's own arguments; any other keyword the fork
        # does not know of makes the kernel start afresh (_forkable).
        scrubbed = {name: value for name, value in kwargs.items() if name not in _NOT_FOR_POPEN}
        streams = _streams(scrubbed)
        # Decided before a warm process is started (with the environment it would get): a kernel
        # that would not be forked starts none.
        if streams is None or not _forkable(cmd, scrubbed, _WARM[0].env if _WARM else os.environ):
            return None
        warm = _warm()
        if warm is None:
            return None
        deadline = time.monotonic() + _READY_SECONDS
        while not warm.ready():
            if not warm.alive() or time.monotonic() > deadline:
                return None
            await asyncio.sleep(0.05)
        env = dict(scrubbed.get("env") or os.environ)
        env["JPY_PARENT_PID"] = str(os.getpid())   # as jupyter_client's launcher sets it
        request = {"argv": list(cmd), "env": env, "cwd": str(scrubbed.get("cwd") or os.getcwd())}
        try:
            # In a thread: a warm process slow to answer (a loaded machine) never stalls the server.
            kernel = await asyncio.to_thread(warm.fork, request, streams)
        except OSError as error:
            self.log.warning("Forking a kernel failed (%s): starting it afresh", error)
            return None
        if kernel is None:   # retired: the course changed on disk since it imported it
            self.log.info("The course's code changed: a new warm process for the next kernels")
            _WARM.clear()
            _warm()
        return kernel


# The warm process.

def _preload() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    for module in pkgutil.walk_packages(sys.modules["widgets"].__path__, "widgets."):
        if module.name not in LATE:
            importlib.import_module(module.name)
    for name, function in PREMADE:
        getattr(importlib.import_module(name), function)()
    if "matplotlib" in sys.modules:
        # Imported here, it would keep the backend of this process, not the one ipykernel sets.
        raise SystemExit("machinery.forked_kernels: the preloaded modules import matplotlib; "
                         "kernels will be started afresh (add the module to LATE)")


def _become_kernel(request: dict[str, Any], streams: list[int], keep_closed: list[Any]) -> None:
    """In the fork: become ``python -m ipykernel_launcher <arguments>`` as ``request`` says. Never returns."""
    code = 1
    try:
        os.setsid()
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for thing in keep_closed:
            with contextlib.suppress(OSError):
                thing.close() if hasattr(thing, "close") else os.close(thing)
        sys.stdout.flush()
        sys.stderr.flush()
        nothing = os.open(os.devnull, os.O_RDONLY)
        for target, fd in zip((0, 1, 2), (nothing, *streams), strict=True):
            os.dup2(fd, target)
        for fd in (nothing, *streams):
            os.close(fd)
        import setproctitle
        # Seen by ps, top and psutil as the kernel it is, not as the warm process (before the
        # environment changes: setproctitle finds the command line beside the environment's strings).
        setproctitle.setproctitle(" ".join(request["argv"]))
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        import numpy
        numpy.random.seed()   # numpy's global generator is not seeded again at a fork; Python's is
        import ipykernel_launcher  # type: ignore[import-untyped]
        from ipykernel import kernelapp
        # The kernel watches the warm process (its parent), which leaves when the server does.
        # ipywidgets, imported before there was a kernel, registers its comm targets as the
        # kernel loads it as an extension, as it would have at its import in the kernel.
        sys.argv = [ipykernel_launcher.__file__, *request["argv"][3:],
                    f"--IPKernelApp.parent_handle={os.getppid()}", "--IPKernelApp.extra_extensions=ipywidgets"]
        kernelapp.launch_new_instance()
        code = 0
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else (0 if leaving.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def serve(address: str, folders: Sequence[str]) -> None:
    """Import what kernels import, then fork a kernel for each request on the Unix socket ``address``
    until the parent (the server) leaves or it is told to stop; a request after the watched
    ``folders`` changed retires it. Its socket and folder go with it."""
    # In the server's process group, so that stopping the group stops it, but deaf to the Ctrl-C
    # a server asks about before it stops (its kernels are in sessions of their own).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _leave)
    try:
        _serve(address, folders)
    finally:
        for path in (address, address + ".partial"):
            with contextlib.suppress(OSError):
                os.unlink(path)
        with contextlib.suppress(OSError):
            os.rmdir(os.path.dirname(address))   # the private folder the server made for it


def _leave(*_: object) -> None:
    raise SystemExit(0)


def _serve(address: str, folders: Sequence[str]) -> None:
    _preload()
    gc.freeze()   # what was imported stays out of the collector's sight: fewer pages copied in the forks
    stamp = _stamp(folders)
    parent = os.getppid()
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    partial = address + ".partial"
    listener.bind(partial)
    listener.listen(64)
    os.rename(partial, address)   # the address appears only once the process is ready
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    kernels: dict[int, socket.socket] = {}
    retired = False
    while os.getppid() == parent and not (retired and not kernels):
        for key, _events in selector.select(timeout=1.0):
            if key.fileobj is listener:
                connection, _ = listener.accept()
                try:
                    retired = _answer(connection, kernels, retired, stamp, folders,
                                      [listener, selector, wake_read, wake_write])
                except Exception:
                    # That kernel is started afresh (the provisioner is told or sees the socket
                    # close); the next are forked as before.
                    traceback.print_exc()
                    connection.close()
                if retired and listener.fileno() >= 0:
                    selector.unregister(listener)
                    listener.close()
                    with contextlib.suppress(OSError):
                        os.unlink(address)
            else:
                with contextlib.suppress(OSError):
                    os.read(wake_read, 4096)
        _reap(kernels)


def _answer(connection: socket.socket, kernels: dict[int, socket.socket], retired: bool,
            stamp: tuple[int, int], folders: Sequence[str], keep_closed: list[Any]) -> bool:
    """Fork the kernel ``connection`` asks for, or say the process is retired. Returns ``retired``."""
    connection.settimeout(_ANSWER_SECONDS)
    message, streams, _flags, _address = socket.recv_fds(connection, _MESSAGE_BYTES, 2)
    try:
        if retired or _stamp(folders) != stamp:
            connection.send(b"retired")
            connection.close()
            return True
        request = json.loads(message)
        pid = os.fork()
        if pid == 0:
            _become_kernel(request, list(streams), [*keep_closed, connection, *kernels.values()])
        try:
            pidfd = os.pidfd_open(pid)
            try:
                socket.send_fds(connection, [f"pid {pid}".encode()], [pidfd])
            finally:
                os.close(pidfd)
        except BaseException as error:
            # Nobody will manage this kernel: it must not keep the ports of the one started instead.
            os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                connection.send(f"error {type(error).__name__}: {error}".encode()[:1000])
            connection.close()
            raise
        kernels[pid] = connection
        return False
    finally:
        for fd in streams:
            os.close(fd)


def _reap(kernels: dict[int, socket.socket]) -> None:
    """Tell each ended kernel's provisioner how it ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        connection = kernels.pop(pid, None)
        if connection is not None:
            with contextlib.suppress(OSError):
                connection.send(f"exit {os.waitstatus_to_exitcode(status)}".encode())
            connection.close()


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m machinery.forked_kernels ADDRESS FOLDER...``: the warm process (started by the provisioner)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if sys.path and pathlib.Path(sys.path[0] or ".").resolve() == pathlib.Path.cwd():
        del sys.path[0]   # as ipykernel_launcher does: a kernel's own folder is added by IPython
    serve(arguments[0], arguments[1:])


if __name__ == "__main__":
    main()

"""Ctrl-C while the ``cribbage`` command is still loading the engine: a goodbye, status 130, no traceback.

:func:`cribbage.cli.main.main` catches ``KeyboardInterrupt`` once it runs; before that, while numpy and
the engine are imported (a second or more on a loaded machine), Python would print a traceback. The
command installs :func:`handle_startup_interrupt` first thing when it is run as the ``cribbage`` command
(or ``python -m cribbage.cli``), never when a program or a test merely imports the package; ``main``
gives Ctrl-C back to Python with :func:`stop_handling_startup_interrupt`, and once the work is done and
said, :func:`ignore_interrupt_once_done` lets the command's status stand while Python shuts down.
Python's own start-up, before any of the package's code runs, is out of reach.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType

__all__ = ["STATUS_INTERRUPTED", "handle_startup_interrupt", "ignore_interrupt_once_done", "run_as_command",
           "stop_handling_startup_interrupt"]

STATUS_INTERRUPTED = 128 + 2  # as a program stopped by SIGINT (Ctrl-C)


def run_as_command() -> bool:
    """Whether this process is the ``cribbage`` command (its script, or ``python -m cribbage.cli``)."""
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    return script in ("cribbage", "cribbage.exe") or "cribbage.cli" in getattr(sys, "orig_argv", ())


def _goodbye() -> str:
    """The goodbye in the learner's language, if the words are loaded by now; else nothing to say."""
    try:
        # Read from the modules as far as they are loaded (no import here: the command line's main
        # module is the one that imports this one).
        main = sys.modules["cribbage.cli.main"]
        words = sys.modules["cribbage.lang.messages"]
        if "cli.goodbye" not in words.CATALOGUE:
            return "\n"
        said: str = words.render(words.message("cli.goodbye"), main.language_of_environment())
        return "\n" + said + "\n"
    except BaseException:  # half-imported modules: say nothing rather than a traceback
        return "\n"


def _interrupted(signum: int, frame: FrameType | None) -> None:
    text = _goodbye() if "cribbage.cli.main" in sys.modules else "\n"
    with contextlib.suppress(OSError):
        os.write(1, text.encode("utf-8", "replace"))
    os._exit(STATUS_INTERRUPTED)


def handle_startup_interrupt() -> None:
    """Until :func:`stop_handling_startup_interrupt`, Ctrl-C ends the command at once, without a traceback."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _interrupted)


def stop_handling_startup_interrupt() -> None:
    """Ctrl-C raises ``KeyboardInterrupt`` again (what :func:`cribbage.cli.main.main` catches)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is _interrupted:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def ignore_interrupt_once_done() -> None:
    """The command's work is done and said: a Ctrl-C from now on, as Python shuts down, is ignored.

    Python drops its own handlers as it shuts down, so a Ctrl-C then would end the command by the
    signal itself (status -2 to the caller, as if it had been cut short, though its answer was printed
    in full). Only for the command itself: a program or a test that calls ``main`` keeps its Ctrl-C."""
    if run_as_command() and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)

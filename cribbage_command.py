"""The ``cribbage`` command's entry point: Ctrl-C is a quiet goodbye from the command's first moment.

The console script imports this module and calls :func:`main`. Loading the engine (``import
cribbage``: the rules, the words, numpy) takes a few tenths of a second, and a Ctrl-C in that time
would print Python's ``KeyboardInterrupt`` traceback. So importing this module makes Ctrl-C end the
command (a new line, status 130), and only then does :func:`main` import the package; once :mod:`cribbage.cli` is in,
its own start-up handler (a goodbye in the learner's language, :mod:`cribbage.cli.startup`) takes
over, and the command's ``main`` gives Ctrl-C back to Python when it starts its work.

It lives outside the ``cribbage`` package on purpose: importing any ``cribbage.*`` module runs
``cribbage/__init__.py`` first, which is the slow import this guards. Python's own start-up, before
this module runs (a few hundredths of a second), is out of anyone's reach.
"""

from __future__ import annotations

import contextlib
import os
import signal
from types import FrameType

STATUS_INTERRUPTED = 128 + 2  # as a program stopped by SIGINT (Ctrl-C)


def _interrupted(signum: int, frame: FrameType | None) -> None:
    # Nothing of the engine is loaded yet, so no words to say: the prompt goes to a new line.
    with contextlib.suppress(OSError):   # output closed: there is no one to tell
        os.write(1, b"\n")
    os._exit(STATUS_INTERRUPTED)


# Installed as this module is imported, the script's first line: no moment is left between the
# import and main(). Only the script imports this module; on another thread it leaves SIGINT alone.
with contextlib.suppress(ValueError):   # signal.signal refuses any thread but the main one
    signal.signal(signal.SIGINT, _interrupted)


def main() -> int:
    """Run the ``cribbage`` command (:func:`cribbage.cli.main`) with Ctrl-C handled from the start."""
    # Imported here, after the handler: this import is what takes the time.
    from cribbage.cli import main as command
    from cribbage.cli.startup import handle_startup_interrupt

    # The command's own handler from here (the package installs it by itself only when it sees it is
    # run as the command, by the script's name); command() ends it as it starts.
    handle_startup_interrupt()
    return command()

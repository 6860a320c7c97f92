"""The ``cribbage`` command line: score, discard, play in a terminal, and the teacher's report.

The top layer: it reads every other part of the engine and nothing reads it. Run as the command, it
first makes Ctrl-C during start-up a plain goodbye (:mod:`cribbage.cli.startup`).
"""

from cribbage.cli.startup import handle_startup_interrupt, run_as_command

if run_as_command():
    handle_startup_interrupt()

from cribbage.cli.main import main

__all__ = ["main"]

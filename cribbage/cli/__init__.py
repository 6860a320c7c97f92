"""The ``cribbage`` command line: score, discard, play in a terminal, and the teacher's report.

The top layer: it reads every other part of the engine and nothing reads it.
"""

from cribbage.cli.main import main

__all__ = ["main"]

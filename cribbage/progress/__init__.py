"""The classroom: each learner's answers kept in a SQLite file, summed up for the learner and the teacher.

:mod:`~cribbage.progress.store` records answers; :mod:`~cribbage.progress.summary` adds them up;
:mod:`~cribbage.progress.kinds` names what a hand or a play contained; :mod:`~cribbage.progress.report`
merges many learners' files into the teacher's table (CSV, HTML with charts). Only the report's HTML
imports matplotlib, and only when it draws.
"""

from ..messages import add_catalogue
from . import words as _words

for _part in _words.PARTS:
    add_catalogue(_part)

from .store import (APPLICATION_ID, ENV, KINDS, SCHEMA_VERSION, SKILLS, STOP_SKILL, STOPS, Answer, ProgressError,  # noqa: E402
                    ProgressFileError, ProgressStore, default_path, open_read_only, system_user)
from .summary import KIND_STOP, STOP_GOAL, LearnerProgress, Tally, summarize  # noqa: E402
from .kinds import play_kinds, show_kinds  # noqa: E402

__all__ = ["ProgressStore", "ProgressError", "ProgressFileError", "Answer", "default_path", "open_read_only",
           "system_user", "ENV", "APPLICATION_ID", "SCHEMA_VERSION", "STOPS", "SKILLS", "KINDS", "STOP_SKILL",
           "STOP_GOAL", "KIND_STOP",
           "LearnerProgress", "Tally", "summarize", "show_kinds", "play_kinds"]

"""The classroom: each learner's answers kept in a SQLite file, summed up for the learner and the teacher.

:mod:`~cribbage.progress.store` records answers; :mod:`~cribbage.progress.summary` adds them up;
:mod:`~cribbage.progress.kinds` names what a hand or a play contained; :mod:`~cribbage.progress.report`
merges many learners' files into the teacher's table (CSV, HTML with charts). Only the report's HTML
imports matplotlib, and only when it draws.
"""

from cribbage.lang.messages import add_catalogue
from cribbage.progress import words as _words

for _part in _words.PARTS:
    add_catalogue(_part)

from cribbage.progress.kinds import play_kinds, show_kinds  # noqa: E402
from cribbage.progress.store import (  # noqa: E402
    APPLICATION_ID,
    ENV,
    KINDS,
    SCHEMA_VERSION,
    SKILLS,
    STOP_SKILL,
    STOPS,
    Answer,
    ProgressError,
    ProgressFileError,
    ProgressStore,
    default_path,
    open_read_only,
    system_user,
)
from cribbage.progress.summary import KIND_STOP, STOP_GOAL, LearnerProgress, Tally, summarize  # noqa: E402

__all__ = [
    "APPLICATION_ID",
    "ENV",
    "KINDS",
    "KIND_STOP",
    "SCHEMA_VERSION",
    "SKILLS",
    "STOPS",
    "STOP_GOAL",
    "STOP_SKILL",
    "Answer",
    "LearnerProgress",
    "ProgressError",
    "ProgressFileError",
    "ProgressStore",
    "Tally",
    "default_path",
    "open_read_only",
    "play_kinds",
    "show_kinds",
    "summarize",
    "system_user",
]

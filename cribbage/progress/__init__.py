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

from cribbage.progress.identity import account, choose, chosen, current_identity, file_stem  # noqa: E402
from cribbage.progress.kinds import play_kinds, show_kinds  # noqa: E402
from cribbage.progress.questions import QUESTIONS, CourseQuestion, question_of, stop_questions  # noqa: E402
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
    ProgressRead,
    ProgressStore,
    default_path,
    open_read_only,
    read_progress,
    system_user,
)
from cribbage.progress.summary import (  # noqa: E402
    KIND_STOP,
    LearnerProgress,
    Tally,
    learner_key,
    summarize,
)

__all__ = [
    "APPLICATION_ID",
    "ENV",
    "KINDS",
    "KIND_STOP",
    "QUESTIONS",
    "SCHEMA_VERSION",
    "SKILLS",
    "STOPS",
    "STOP_SKILL",
    "Answer",
    "CourseQuestion",
    "LearnerProgress",
    "ProgressError",
    "ProgressFileError",
    "ProgressRead",
    "ProgressStore",
    "Tally",
    "account",
    "choose",
    "chosen",
    "current_identity",
    "default_path",
    "file_stem",
    "learner_key",
    "open_read_only",
    "play_kinds",
    "question_of",
    "read_progress",
    "show_kinds",
    "stop_questions",
    "summarize",
    "system_user",
]

"""The learner's own copy of the course: the lessons in one language, copied into a folder of the
learner's, where JupyterLab opens them, so the lessons shipped (or the repository's) are never written.

:mod:`cribbage.lessons.source` finds the lessons (package data in an installed wheel, ``course/`` in a
checkout); :mod:`cribbage.lessons.learner_copy` makes the copy and updates it to a newer course without
losing what the learner typed; :mod:`cribbage.lessons.notebooks` is what is done to a notebook on the
way (the "coming back" note at the top) and on every save (no widget view that would say "model not
found" once its kernel is gone). ``cribbage course`` (:mod:`cribbage.cli.course`) uses them.
"""

from cribbage.lessons.learner_copy import (
    CopyError,
    CopyReport,
    CopyState,
    default_folder,
    inspect,
    make_copy,
    update_copy,
)
from cribbage.lessons.notebooks import RETURN_CELL_ID, return_note, strip_widget_views, with_return_note
from cribbage.lessons.source import FIRST_STOP, course_files, lessons_folder

__all__ = [
    "FIRST_STOP",
    "RETURN_CELL_ID",
    "CopyError",
    "CopyReport",
    "CopyState",
    "course_files",
    "default_folder",
    "inspect",
    "lessons_folder",
    "make_copy",
    "return_note",
    "strip_widget_views",
    "update_copy",
    "with_return_note",
]

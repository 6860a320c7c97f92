"""The words of the learner's copy, in English (Spanish and Portuguese: cribbage/locale/).

Added to the engine catalogue when :mod:`cribbage.lessons` is imported. ``lessons.lab.*`` are
JupyterLab's own names for what the note at the top of each lesson asks the learner to click, as its
language packs (jupyterlab-language-pack-es-ES, -pt-BR) translate them: the note must name what the
learner sees on the screen.
"""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue

add_catalogue({
    # The note put at the top of each lesson of a learner's copy (Markdown).
    # The ▶▶ button is named by its picture: the language packs leave its tooltip in English.
    "lessons.return_note": {"en": "> **Coming back to this lesson?** After a break, a reload of the page or a restart, "
                                  "the cards, boards and questions stay blank until the lesson runs again. Click ▶▶ in the "
                                  "toolbar above, then *{restart}*: everything comes back, and "
                                  "the answers you gave stay recorded."},
    # JupyterLab's name for the restart dialog's button, as its language packs have it.
    "lessons.lab.restart": {"en": "Restart"},
    # The folder, inside the learner's copy, where an update keeps their notebooks as they were.
    "lessons.backups": {"en": "backups"},
    # Why a folder cannot take the course.
    "lessons.not_a_copy": {"en": "{folder} already holds {name} but no record of a course copy: choose another "
                                 "folder with --dir (nothing was changed)"},
    "lessons.other_language": {"en": "{folder} holds the course in another language ({found}): choose another "
                                     "folder with --dir (nothing was changed)"},
    "lessons.damaged_record": {"en": "the record of the course copy, {path}, cannot be read ({detail}): move it "
                                     "away or choose another folder with --dir (nothing was changed)"},
    "lessons.not_a_folder": {"en": "{folder} is not a folder: choose a folder with --dir"},
    "lessons.cannot_write": {"en": "cannot write the course into {folder} ({detail}): choose a folder you can "
                                   "write to with --dir"},
})

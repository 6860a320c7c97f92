"""Words that fit a touch screen too: wherever a learner is told to run a cell with the keyboard
(Shift+Enter, Mayús+Intro), the same words name the ▶ button a phone or tablet has."""

from __future__ import annotations

import json
import re

import pytest

from cribbage.build.course_i18n import COURSE
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from widgets.i18n import render

KEYS = re.compile(r"Shift\+Enter|Mayús\+Intro|Shift-Enter", re.IGNORECASE)
# A parenthesis or sentence that says the keys: it must hold the ▶ too.
SAID = re.compile(r"\([^()]*\)|[^.!?\n]+")


def _texts(language: str):
    yield "ex.blank", render("ex.blank", language, name="my_total")
    folder = language_folder(language, COURSE)
    yield f"{folder.name}/README.md", (folder / "README.md").read_text(encoding="utf-8")
    for path in sorted(folder.glob("[0-9]*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                yield f"{path.name} {cell.get('id')}", "".join(cell["source"])


@pytest.mark.parametrize("language", CODES)
def test_running_a_cell_is_said_for_touch_screens_too(language: str) -> None:
    wrong = [where for where, text in _texts(language)
             for part in SAID.findall(text) if KEYS.search(part) and "▶" not in part]
    assert not wrong, wrong

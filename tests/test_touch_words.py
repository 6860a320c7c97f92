"""Words that fit a touch screen too: wherever a learner is told to run a cell with the keyboard
(Shift+Enter, Mayús+Intro), the same words name the ▶ button a phone or tablet has."""

from __future__ import annotations

import json
import re

import pytest

from cribbage import advise_discard
from cribbage.build.course_i18n import COURSE
from cribbage.lessons.source import language_folder
from cribbage.registry import stops
from cribbage.registry.languages import CODES
from widgets import AfterAnswer, KeepsQuestion, keeps_table
from widgets.drills.discard import keeps_table_html
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


def test_stop_1_shows_the_keeps_as_a_table_that_wraps_its_cells() -> None:
    """Stop 1's fifteen keeps come as an HTML table (on a phone a plain-text table wraps its columns into
    one another), drawn only once the try-it is answered."""
    source = next("".join(cell["source"]) for cell in json.loads(
        (COURSE / stops.stop(1).notebook).read_text(encoding="utf-8"))["cells"] if cell.get("id") == "c09")
    assert source.startswith("AfterAnswer(six, advise_discard(")
    advice = advise_discard("AC 4D 6H 9S JD KC", dealer=False)
    table = keeps_table_html(advice, language="es")
    assert table.count("<tr") == 16 and "<table" in table and "overflow-x: auto" in table and "min-width: 100%" in table
    assert "A♣" in table
    view = AfterAnswer(KeepsQuestion("AC 4D 6H 9S JD KC"), advice)
    assert view.drawn is None
    view.unfold()
    assert "<table" in view.drawn.value and str(advice).splitlines()[0] not in view.drawn.value
    assert view.drawn.value == keeps_table(advice, language="en").value

"""Words a newcomer tripped on (issue 48), each checked where it is shown: a side's name is never
put inside a sentence where the grammar needs a pronoun, Brazilians save (salvar) a name, the
Portuguese CrossCribb lesson says turns and face down as Brazilians do, and the lessons print
cards with their suit symbols, as the widgets show them, not as codes."""

from __future__ import annotations

import json
import re

import pytest

from cribbage.build.course_i18n import COURSE
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from cribbage.registry.stops import STOPS
from widgets.i18n import render

#: Each stop's notebook, by the stop's name (the one list of stops).
NOTEBOOK = {stop.name: stop.notebook for stop in STOPS}
#: Each stop, by its name (its notebook in a language's folder: ``STOP["the_show"].notebook_in("es")``).
STOP = {stop.name: stop for stop in STOPS}
#: A card code as the engine reads it (``AC``, ``TD``), standing alone: what a lesson must not print.
CODE = re.compile(r"(?<![\w?=&])(?:[2-9TJQKA]|10)[CDHS](?![\w])")


def test_the_crosscribb_status_names_the_crib_side_after_a_colon_not_inside_a_sentence() -> None:
    you = render("xc.you", "es")
    status = render("xc.status", "es", round=1, dealer=you, crib=you)
    assert f"para {you}" not in status and f"cuna: {you}" in status
    for language in CODES:
        assert render("xc.status", language, round=1, dealer="X", crib="Y").endswith(": Y")


def test_brazilians_save_a_name() -> None:
    assert render("progress.save_name", "pt") == "Salvar este nome"


def test_the_portuguese_crosscribb_lesson_says_turns_and_face_down() -> None:
    text = (language_folder("pt", COURSE) / STOP["crosscribb"].notebook_in("pt")).read_text(encoding="utf-8")
    assert "24 vezes" not in text and "virada virada" not in text.replace("**", "")
    assert "24 jogadas" in text


@pytest.mark.parametrize("lesson", [NOTEBOOK["deal_discard_crib"], NOTEBOOK["the_show"]])
def test_the_lessons_print_cards_with_their_suits(lesson: str) -> None:
    # The outputs kept are the source lessons' (nbval checks them); the translations run the same code.
    notebook = json.loads((COURSE / lesson).read_text(encoding="utf-8"))
    printed = "".join("".join(out.get("text", "")) for cell in notebook["cells"] for out in cell.get("outputs", []))
    assert "♣" in printed and not CODE.findall(printed), CODE.findall(printed)


@pytest.mark.parametrize("language", CODES)
def test_the_show_explains_nineteen_before_a_table_says_it(language: str) -> None:
    # The table's log and the quiz say a hand of 0 as "nineteen (nothing)" from stop 3 on; the joke is
    # explained where the counting is taught, not first in stop 6.
    nineteen = render("number.19", language)
    lesson = json.loads((language_folder(language, COURSE) / STOP["the_show"].notebook_in(language)).read_text(encoding="utf-8"))
    prose = "".join("".join(cell["source"]) for cell in lesson["cells"] if cell["cell_type"] == "markdown")
    assert f"**{nineteen}**" in prose

"""The statistics lab's five-card section (issue 52: the exact statistics of three- and four-handed keeps)
in each language: the summary and both roles' best keeps shown, a hand typed in and its keeps shown, a
hand that is not five cards refused with the engine's words in the reader's language."""

from __future__ import annotations

import pytest

from cribbage.lang.messages import render as engine_render
from cribbage.registry.languages import CODES
from cribbage.registry.stops import stop
from cribbage.stats import best_keep_of_five, keep_five_statistics
from widgets.i18n import cards_text, decimal, render
from widgets.lab.views import percent


@pytest.mark.parametrize("language", CODES)
def test_the_lab_finds_the_best_keep_of_five(language: str, open_notebook) -> None:
    lab = stop(8)
    notebook = open_notebook(lab.notebook if language == "en" else f"{language}/{lab.notebook_in(language)}")
    cell = notebook.find_cell("FiveKeepView(")
    table = keep_five_statistics()
    notebook.expect_text(cell, render("lab.five.summary", language, ours=decimal(table.mean("ours"), language, 2),
                                      theirs=decimal(table.mean("theirs"), language, 2),
                                      differ=percent(table.differ_share, language)))
    for own in (True, False):
        best = best_keep_of_five("5C 5D 5H JS KD", own_crib=own)
        notebook.expect_text(cell, f"{cards_text(best.keep)}")
        notebook.expect_text(cell, decimal(best.value, language, 2))
    # Enter sends what was typed (a box that sends on Enter or when left): a click alone could reach
    # the kernel first and show the cards it still held.
    notebook.type("2C 3D 4H 9S KS", cell=cell, placeholder="5C 5D 5H JS KD", submit=True)
    notebook.click(render("lab.five.show", language), cell=cell)
    theirs = best_keep_of_five("2C 3D 4H 9S KS", own_crib=False)
    notebook.expect_text(cell, decimal(theirs.value, language, 2))
    notebook.screenshot(f"08_five_card_keeps-{language}", cell=cell)
    notebook.type("2C 3D 4H 9S", cell=cell, placeholder="5C 5D 5H JS KD", submit=True)
    notebook.expect_text(cell, engine_render("multiplayer.five_cards", language, n=4))
    notebook.expect_text(cell, decimal(theirs.value, language, 2))   # the keeps shown before stay
    notebook.assert_no_traceback_text()

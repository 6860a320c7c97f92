"""Stop 5 in each language: the hint says what the expert's search of the play saw (issue 51).

A learner sets the open game to a seed, lays away and plays the expert's cards as the hints give them,
and asks for a hint at the position where the search to the last card chose the expert's card (seed 6,
the second card of the first deal). The moves are the same seeded game played here, in the test's own
process (a twin table): the page must show the twin's hint, whose reason is the search's sentence, and
what the expert saw after it."""

from __future__ import annotations

import pytest

from cribbage.ai.adviser import Adviser
from cribbage.registry.languages import CODES
from cribbage.registry.stops import stop
from cribbage.rules.events import Phase
from widgets.i18n import render as t
from widgets.table.view import YOU, GameTable

SEED = 6


@pytest.mark.parametrize("language", CODES)
def test_the_hint_says_what_the_search_saw(language: str, open_notebook) -> None:
    notebook = open_notebook(stop(5).notebook if language == "en" else f"{language}/{stop(5).notebook_in(language)}")
    cell = notebook.find_cell("GameTable(seed=2026")
    notebook.type(str(SEED), cell=cell, label=t("table.seed", language))
    notebook.click(t("table.new_game", language), cell=cell)
    twin = GameTable(seed=SEED, level="standard", target=121, language=language, board=False)
    game = twin.game
    away = Adviser().keep(game, YOU).discard
    for card in away:
        notebook.click(str(card), cell=cell)
    notebook.click(t("table.lay_away", language), cell=cell)
    twin.lay_away(list(away))
    for _ in range(4):   # the expert's cards, until its search decides one
        assert game.phase is Phase.PLAY and game.to_act == YOU, "seed 6 no longer reaches the search's hint"
        advice = Adviser().hint(game, YOU)
        if advice.message.key == "ai.why.search":
            break
        notebook.click(str(advice.card), cell=cell)
        twin.play(advice.card)
        assert twin.message == "", twin.message
    else:
        pytest.fail("seed 6 no longer reaches a hint chosen by the search")
    notebook.click(t("table.hint", language), cell=cell)
    twin.hint()
    notebook.expect_text(cell, twin.hint_text)
    notebook.assert_no_traceback_text()
    notebook.screenshot(f"05_search_hint-{language}", cell=cell)

"""Stop 4's table of three and of four (issue 52), in each language: a deal played through the page's
buttons, a three-player deal and a partners' deal, to the end of its show. The same seeded table is
played beside it in this process, so the test knows which card the learner clicks and what the page
must then say."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from cribbage.registry.stops import stop
from cribbage.rules.events import Phase
from widgets.i18n import render
from widgets.table.more_players import MorePlayersTable


def _play_a_deal(notebook, cell: int, twin: MorePlayersTable, language: str) -> None:
    """Click what a learner would (the first card that may go, or Go) until the deal is over."""
    while twin.game.phase in (Phase.DISCARD, Phase.PLAY):
        if twin.go_button.layout.display != "none":
            notebook.click(render("more.go", language), cell=cell)
            twin.go_button.click()
        else:
            card, button = next((card, button) for card, button in twin.card_buttons.items() if not button.disabled)
            notebook.click(str(card), cell=cell)
            button.click()
        notebook.expect_text(cell, twin.story[-1])
    assert twin.game.phase in (Phase.DEAL_OVER, Phase.OVER) and not twin.internal_errors


@pytest.mark.parametrize("language", CODES)
def test_a_deal_of_three_and_a_deal_of_partners(language: str, open_notebook) -> None:
    board = stop(4)
    notebook = open_notebook(board.notebook if language == "en" else f"{language}/{board.notebook_in(language)}")
    for source, players, seed, dealer in (("MorePlayersTable(3", 3, 4, 2), ("MorePlayersTable(4", 4, 5, 3)):
        cell = notebook.find_cell(source)
        twin = MorePlayersTable(players, seed=seed, dealer=dealer, language=language)
        notebook.expect_text(cell, render(f"more.title_{players}", language))
        _play_a_deal(notebook, cell, twin, language)
        for line in twin.story[-3:]:
            notebook.expect_text(cell, line)
        notebook.expect_text(cell, twin.prompt)
        notebook.screenshot(f"04_more_players-{players}-{language}", cell=cell)
    notebook.assert_no_traceback_text()

"""Stop 4's table of three and of four (issue 52), in each language: a deal played through the page's
buttons, a three-player deal and a partners' deal, to the end of its show. The same seeded table is
played beside it in this process, so the test knows which card the learner clicks and what the page
must then say. Then a deal of the people's table, every seat a person taking turns at one screen: at
every step the page's whole output shows no card of a hand that is not on the screen."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from cribbage.registry.stops import stop
from cribbage.rules.events import Phase
from widgets.i18n import card_name, render
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


def _page_hides(notebook, cell: int, twin: MorePlayersTable) -> None:
    """No card of a hand not on the screen, nor one laid away, is anywhere in the cell's output."""
    drawn = notebook.output(cell).inner_html()
    game = twin.game
    for seat in range(game.players):
        hidden = game.laid_away(seat) + (() if seat == twin.shown_seat else game.hand(seat))
        for card in hidden:
            assert str(card) not in drawn and card_name(card, twin.language) not in drawn, (
                f"{card} of {twin.name(seat)} on the page while {twin.prompt!r}")


def _next_press(twin: MorePlayersTable, go: str) -> str:
    """The button a person at the keyboard presses next: the first card that may go, or Go."""
    return next((str(card) for card, button in twin.card_buttons.items() if not button.disabled), go)


def _focused(notebook, text: str) -> None:
    """The keyboard's focus is on the button named ``text`` (the one clicked is gone: no tabbing back)."""
    notebook.page.wait_for_function("text => document.activeElement && document.activeElement.innerText === text",
                                    arg=text, timeout=10_000)


@pytest.mark.parametrize("language", CODES)
def test_a_deal_of_people_taking_turns_at_one_screen(language: str, open_notebook) -> None:
    board = stop(4)
    notebook = open_notebook(board.notebook if language == "en" else f"{language}/{board.notebook_in(language)}")
    cell = notebook.find_cell("people=True")
    twin = MorePlayersTable(3, seed=6, people=True, language=language)
    notebook.expect_text(cell, render("more.people.title_3", language))
    reveal, go = render("more.people.reveal", language), render("more.go", language)
    pictured: set[str] = set()     # one picture of the screen being passed, one of a hand shown in the play
    while twin.game.phase in (Phase.DISCARD, Phase.PLAY):
        notebook.expect_text(cell, twin.prompt)
        _page_hides(notebook, cell, twin)
        if twin.passing:
            if "passing" not in pictured:
                notebook.screenshot(f"04_more_players-people-{language}-passing", cell=cell)
                pictured.add("passing")
            notebook.click(reveal, cell=cell)
            twin.reveal_button.click()
            _focused(notebook, _next_press(twin, go))
        elif twin.go_button.layout.display != "none":
            notebook.click(go, cell=cell)
            twin.go_button.click()
        else:
            if "shown" not in pictured and twin.game.phase is Phase.PLAY:
                notebook.screenshot(f"04_more_players-people-{language}-shown", cell=cell)
                pictured.add("shown")
            card, button = next((card, button) for card, button in twin.card_buttons.items() if not button.disabled)
            notebook.click(str(card), cell=cell)
            button.click()
            if twin.passing:
                _focused(notebook, reveal)
        assert not twin.message and not twin.internal_errors, twin.message
    notebook.expect_text(cell, twin.story[-1])
    notebook.expect_text(cell, twin.prompt)
    assert twin.game.phase in (Phase.DEAL_OVER, Phase.OVER)
    notebook.screenshot(f"04_more_players-people-{language}-show", cell=cell)
    notebook.assert_no_traceback_text()

"""Stop 5's game table in JupyterLab with two people at one screen (the lesson's "Play a friend"): a
whole deal played with real clicks by both seats, in each language of the course. At every step the
page (the table's whole output, hidden parts included) shows neither hand while it is the other's
turn; what the clicks do is checked against the same seeded table run here, in the test's own process."""

from __future__ import annotations

import html

import pytest

from cribbage.registry.languages import SOURCE, TRANSLATED
from cribbage.rules.events import LogKind, Phase
from widgets.i18n import card_name, render
from widgets.table.view import GameTable
from widgets.table.words import TableWords

NOTEBOOK = "_browser_fixtures/two_at_one_screen.ipynb"


def _page_hides(notebook, cell: int, twin: GameTable) -> None:
    """Neither hand of the seat not on the screen (both while it is passed) is in the page's output."""
    drawn = notebook.output(cell).inner_html()
    words = TableWords(twin.language, twin.names)
    for entry in twin.game.log:   # the cut for deal's cards went back into the pack
        if entry.kind is LogKind.CUT_FOR_DEAL:
            for _css, text in words.entry(entry):
                drawn = drawn.replace(html.escape(text, quote=False), "")
    game = twin.game
    for seat in (0, 1):
        if seat == twin.session.shown_seat:
            continue
        for card in game.hand(seat) + game.discards(seat):
            assert str(card) not in drawn and card_name(card, twin.language) not in drawn, (
                f"{card} of {twin.names[seat]} on the page while {twin.prompt!r}")


@pytest.mark.parametrize("language", [SOURCE, *TRANSLATED])
def test_two_people_play_a_deal_at_one_screen(language: str, open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.cell_index("two-table")
    # The table as a learner makes it from the lesson's words, in this language.
    notebook.run_cell_with(cell, f'GameTable(seats=("human", "human"), seed=2027, target=61, language={language!r})')
    twin = GameTable(seats=("human", "human"), seed=2027, target=61, language=language, board=False)
    game = twin.game
    lay_away, go = render("table.lay_away", language), render("table.go", language)
    pictures = 0
    while game.phase in (Phase.DISCARD, Phase.PLAY):
        _page_hides(notebook, cell, twin)
        if twin.passing:
            notebook.expect_text(cell, twin.prompt)
            if pictures < 1 or (language == SOURCE and pictures < 2):
                notebook.screenshot(f"05_two_at_one_screen-{language}-passing-{pictures}", cell=cell)
                pictures += 1
            notebook.click(twin.reveal_button.description, cell=cell)
            twin.reveal()
        elif game.phase is Phase.DISCARD:
            seat = twin.session.seat
            away = game.hand(seat)[:2]
            for card in away:
                notebook.click(str(card), cell=cell)
                twin.pick(card)
            if seat == game.dealer:   # the dealer's hand on the screen, the pone's out of sight
                notebook.screenshot(f"05_two_at_one_screen-{language}-dealer", cell=cell)
            notebook.click(lay_away, cell=cell)
            twin.lay_away()
        else:
            seat = twin.session.seat
            card = next((c for c in game.hand(seat) if game.can_play(seat, c)), None)
            notebook.click(go if card is None else str(card), cell=cell)
            if card is None:
                twin.go()
            else:
                twin.play(card)
        assert twin.message == "", twin.message
    # The show: both hands counted in the open, the scores as the engine counted them.
    notebook.expect_text(cell, twin.show_text.splitlines()[0])
    text = notebook.text(cell)
    for name, score in zip(twin.names, game.scores, strict=True):
        assert name in text and str(score) in text
    notebook.screenshot(f"05_two_at_one_screen-{language}-show", cell=cell)

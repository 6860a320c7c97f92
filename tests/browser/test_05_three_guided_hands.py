"""Stop 5 in JupyterLab: lay away two cards and play a card in the open game; the page must show
what the same moves do to the same seeded game run here, in the test's own process."""

from cribbage.rules.events import Phase
from widgets.table.view import YOU, GameTable

NOTEBOOK = "05_three_guided_hands.ipynb"


def test_playing_a_card_in_the_open_game(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("GameTable(seed=2026")
    twin = GameTable(seed=2026, level="standard", target=121)   # the notebook's game, here

    away = twin.game.hand(YOU)[:2]
    for card in away:
        notebook.click(str(card), cell=cell)
    notebook.click("Lay away these two", cell=cell)
    twin.lay_away(away)
    assert twin.game.phase is Phase.PLAY and twin.game.to_act == YOU

    card = next(c for c in twin.game.hand(YOU) if twin.game.count + c.value <= 31)
    notebook.click(str(card), cell=cell)
    twin.pick(card)
    notebook.expect_text(cell, f"Count: {twin.game.count}")
    for played in twin.game.series:
        assert played.code in notebook.text(cell) or str(played) in notebook.text(cell)
    notebook.screenshot("05_three_guided_hands-game", cell=cell)

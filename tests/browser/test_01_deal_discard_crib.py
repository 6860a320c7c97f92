"""Stop 1 in JupyterLab: pick two cards in the discard drill, lay them away, read the verdict."""

from widgets.drill import SHIPPED_DRILLS, ordinal

NOTEBOOK = "01_deal_discard_crib.ipynb"


def test_laying_away_the_best_two_is_right(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("DiscardDrill()")
    best = SHIPPED_DRILLS[0].advice().best       # the first drill, as the engine advises it
    for card in best.discard:
        notebook.click(str(card), cell=cell)
    notebook.click("Lay away", cell=cell)
    notebook.expect_text(cell, "Right: that is the best keep.")
    keep = " ".join(str(card) for card in best.keep)
    assert keep in notebook.text(cell)
    notebook.screenshot("01_deal_discard_crib-drill", cell=cell)


def test_a_worse_discard_is_ranked(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("DiscardDrill()")
    notebook.click("Next drill", cell=cell)
    advice = SHIPPED_DRILLS[1].advice()
    worst = advice[len(advice) - 1]
    rank = advice.rank_of(worst.keep)
    for card in worst.discard:
        notebook.click(str(card), cell=cell)
    notebook.click("Lay away", cell=cell)
    notebook.expect_text(cell, f"Not the best: your keep ranks {ordinal(rank)} of {len(advice)}.")

"""Stop 1 in JupyterLab: pick two cards in the discard drill, lay them away, read the verdict."""

from widgets.drills.discard import SHIPPED_DRILLS, ordinal

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
    notebook.expect_text(cell, "Not the best keep yet.")                  # a hint and a second try
    notebook.click("Show the answer", cell=cell)
    notebook.expect_text(cell, f"Not the best: your keep ranks {ordinal(rank)} of {len(advice)}.")


def test_the_stop_starts_with_a_deal_to_play(open_notebook) -> None:
    from widgets.drills.deal import DealSteps

    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("DealPractice(seed=7)")
    assert cell < notebook.find_cell("## What cribbage is")
    twin = DealSteps(seed=7)
    twin.deal()
    notebook.click("🂠 The deck: deal six cards each", cell=cell)
    notebook.click(str(twin.six[0]), cell=cell)
    notebook.expect_text(cell, "click two to lay away to the crib")
    notebook.click(str(twin.six[3]), cell=cell)
    notebook.expect_text(cell, f"You lay away {twin.six[0]} {twin.six[3]}.")
    notebook.click("Lay away these two", cell=cell)
    twin.lay_away((twin.six[0], twin.six[3]))
    notebook.expect_text(cell, "Now cut for the starter.")
    notebook.click("Cut the deck: turn the starter", cell=cell)
    notebook.expect_text(cell, f"The starter is the {twin.cut()}")
    notebook.screenshot("01_deal_discard_crib-deal", cell=cell)
    notebook.click("Deal again", cell=cell)
    notebook.expect_text(cell, "Deal 2: the computer deals; you are the pone")


def test_how_many_keeps(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("six", "my_ways", 6, 15)
    notebook.expect_text(cell, "5 + 4 + 3 + 2 + 1 = 15: each pair you lay away leaves one keep.")
    notebook.screenshot("01_deal_discard_crib-try-it", cell=cell)

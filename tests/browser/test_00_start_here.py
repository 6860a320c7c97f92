"""Stop 0 in JupyterLab: deal a hand by tapping the deck, and answer the first try-it wrong, then right."""

from widgets.drills.deal import DealSteps

NOTEBOOK = "00_start_here.ipynb"


def test_dealing_the_first_hand(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("DealPractice(seed=5)")
    notebook.expect_text(cell, "Tap the deck to deal.")
    twin = DealSteps(seed=5)
    twin.deal()
    notebook.click("🂠 The deck: deal six cards each", cell=cell)
    notebook.expect_text(cell, "Deal 1: you deal, so the crib is yours.")
    for card in twin.six[:2]:
        notebook.click(str(card), cell=cell)
    notebook.click("Lay away these two", cell=cell)
    twin.lay_away(twin.six[:2])
    notebook.click("Cut the deck: turn the starter", cell=cell)
    starter = twin.cut()
    notebook.expect_text(cell, f"The starter is the {starter}")
    notebook.expect_text(cell, "In the show your hand will count")
    notebook.screenshot("00_start_here-deal", cell=cell)


def test_counting_a_hand_with_another_starter(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("four_of_clubs", "my_total", 12, 14)
    notebook.expect_text(cell, "Run of four: 4♣ 5♣ 6♥ 7♠ for 4")
    notebook.screenshot("00_start_here-try-it", cell=cell)
    notebook.screenshot("00_start_here-notebook")

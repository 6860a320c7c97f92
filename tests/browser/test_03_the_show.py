"""Stop 3 in JupyterLab: answer a quiz hand by typing a count and clicking Check."""

from widgets.quiz import SHIPPED_HANDS

NOTEBOOK = "03_the_show.ipynb"


def test_answering_a_quiz_hand(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("ScoringQuiz()")
    total = SHIPPED_HANDS[0].score().total
    notebook.type(str(total), cell=cell, placeholder="a number, 0 to 29")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Right: {total}.")
    notebook.screenshot("03_the_show-quiz", cell=cell)

    notebook.click("Next hand", cell=cell)
    low = SHIPPED_HANDS[1].score().total - 2
    notebook.type(str(low), cell=cell, placeholder="a number, 0 to 29")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Not quite: you said {low}, the count is {low + 2}.")
    notebook.expect_text(cell, "Right 1 · Wrong 1")

"""Stop 3 in JupyterLab: answer a quiz hand by typing a count and clicking Check."""

from widgets.drills.quiz import SHIPPED_HANDS

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
    notebook.expect_text(cell, f"Not yet: it is not {low}.")              # a hint and a second try
    notebook.expect_text(cell, "Right 1 · Wrong 1")
    notebook.type(str(low - 1), cell=cell, placeholder="a number, 0 to 29")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Not quite: you said {low - 1}, the count is {low + 2}.")
    notebook.expect_text(cell, "Right 1 · Wrong 1")                       # the first answer is the score


def test_the_show_try_its(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("fifteens", "my_fifteens", 6, 3)
    notebook.expect_text(cell, "Fifteens: 3, worth 6 points")
    notebook.try_it("pairs", "my_pairs", 4, 8)
    cell = notebook.try_it("double_double", "my_total", 16, 20)
    notebook.expect_text(cell, "Total: 20")
    notebook.try_it("hand_flush", "my_hand_flush", 0, 4)
    cell = notebook.try_it("crib_flush", "my_crib_flush", 4, 0)
    notebook.screenshot("03_the_show-try-it", cell=cell)


def test_a_hint_first_then_the_answer(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK, fresh=True)
    cell = notebook.find_cell("fifteens.check(")
    notebook.answer("fifteens", "my_fifteens", 6)
    notebook.expect_text(cell, "That is the points. The question asks how many fifteens")
    notebook.answer("fifteens", "my_fifteens", 2)
    notebook.expect_text(cell, "Here is the answer, 3, worked out:")
    notebook.expect_text(cell, "Fifteen: 6♣ 5♥ 4♣ for 2")
    notebook.assert_no_traceback_text()
    notebook.screenshot("03_the_show-answer-after-two-tries", cell=cell)

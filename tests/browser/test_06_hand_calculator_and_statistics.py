"""Stop 6 in JupyterLab: how many hands score 29, asked before the numbers, wrong twice, then right."""

NOTEBOOK = "06_hand_calculator_and_statistics.ipynb"


def test_how_rare_a_29_is(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    index = notebook.find_cell("twenty_nine.check(")
    notebook.expect_text(index, "replace the ... after my_hands")
    notebook.answer("twenty_nine", "my_hands", 1)
    notebook.expect_text(index, "How many suits can that jack have?")
    notebook.answer("twenty_nine", "my_hands", 2)
    notebook.expect_text(index, "Here is the answer, 4, worked out:")    # after two tries: the answer
    notebook.expect_text(index, "That is 1 hand in 3,248,700.")
    notebook.answer("twenty_nine", "my_hands", 4)
    notebook.expect_text(index, "Right: 4.")
    notebook.assert_no_traceback_text()
    notebook.screenshot("06_hand_calculator_and_statistics-try-it", cell=index)
    notebook.screenshot("06_hand_calculator_and_statistics-notebook")

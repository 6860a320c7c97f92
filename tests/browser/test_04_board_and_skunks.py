"""Stop 4 in JupyterLab: the three try-its (pegging, the race to 121, a skunk), wrong once, then right."""

NOTEBOOK = "04_board_and_skunks.ipynb"


def test_pegging_a_score(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("eight", "my_hole", 25, 31)
    notebook.expect_text(cell, "The back peg on 17 jumps over the front one: 23 + 8 = 31.")


def test_who_wins_the_race(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("race", "my_winner", "Ann", "Ben")
    notebook.expect_text(cell, "Ann counts 9 from 110: 119.")
    notebook.expect_text(cell, "Ben reaches 121 and wins at once")


def test_how_many_games(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("to_75", "my_games", 1, 2)
    notebook.expect_text(cell, "a skunk, two games")
    notebook.answer("to_75", "my_games", "two")                 # the wrong kind of answer
    notebook.expect_text(cell, "my_games should be a whole number, such as 4 (you wrote 'two').")
    notebook.assert_no_traceback_text()
    notebook.screenshot("04_board_and_skunks-try-it", cell=cell)
    notebook.screenshot("04_board_and_skunks-notebook")

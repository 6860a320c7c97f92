"""Stop 2 in JupyterLab: step through a solved pegging sequence, card by card, to its end; predict a
step's points wrong once, then right; and answer the two try-its wrong once, then right."""

from widgets.drills.walkthrough import SOLVED_PLAYS

NOTEBOOK = "02_the_play.ipynb"


def test_stepping_through_a_pegging_sequence(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("PeggingWalkthrough(0)")
    steps = SOLVED_PLAYS[0].steps()
    for n, step in enumerate(steps, 1):
        notebook.click("Next ▶", cell=cell)
        notebook.expect_text(cell, f"Step {n} of {len(steps)}.")
        if step.kind == "play":
            notebook.expect_text(cell, f"{step.card}, the count is {step.count}.")
    assert steps[-1].kind == "end of play"
    notebook.click("Show points", cell=cell)
    notebook.expect_text(cell, "Last card of the play")
    notebook.screenshot("02_the_play-walkthrough", cell=cell)


def test_the_play_try_its(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("third_six", "my_points", 2, 0)
    notebook.expect_text(cell, "It pegs nothing.")
    cell = notebook.try_it("nine", "my_points", 3, 4)
    notebook.expect_text(cell, "Run of four: 8♠ 6♦ 7♣ 9♥ for 4")
    notebook.screenshot("02_the_play-try-it", cell=cell)


def test_predicting_a_steps_points_wrong_then_right(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.find_cell("PeggingWalkthrough(0)")
    steps = SOLVED_PLAYS[0].steps()
    notebook.click("Start again", cell=cell)
    notebook.click("Next ▶", cell=cell)
    wrong = steps[0].points + 1
    notebook.type(str(wrong), cell=cell, placeholder="?")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Not yet: it is not {wrong}.")           # a hint and a second try
    notebook.type(str(wrong + 1), cell=cell, placeholder="?")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Not quite: you said {wrong + 1}, the step pegs {steps[0].points}.")
    notebook.click("Next ▶", cell=cell)
    notebook.type(str(steps[1].points), cell=cell, placeholder="?")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Right: {steps[1].points}.")
    notebook.assert_no_traceback_text()

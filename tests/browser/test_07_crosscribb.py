"""Stop 7 in JupyterLab: a whole CrossCribb round played with real clicks, replayed, lines of the quiz
counted (wrong once, then right) and the try-it answered wrong once, then right; the page must show
what the same clicks do to the same seeded game run here."""

from cribbage.crosscribb import CrossCribbPhase as Phase
from widgets.crosscribb.board import CrossCribbBoard
from widgets.crosscribb.quiz import CrossCribbQuiz

NOTEBOOK = "07_crosscribb.ipynb"


def test_a_round_by_clicks_and_its_replay(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    notebook.page.set_viewport_size({"width": 1440, "height": 1000})
    cell = notebook.find_cell("CrossCribbBoard(players=2")
    twin = CrossCribbBoard(players=2, seat=0, level="expected", seed=7)   # the notebook's game, here
    game = twin.game
    notebook.screenshot("07_crosscribb-start", cell=cell)
    laid_by_choice = False
    moves = 0
    while game.phase is Phase.PLAY:
        if game.must_discard or (not laid_by_choice and game.owes(0) and moves == 3):
            laid_by_choice = laid_by_choice or not game.must_discard
            notebook.click("Lay it away to the crib", cell=cell)
            twin.lay_away()
        else:
            row, column = game.open_squares()[-1]
            notebook.click(f"R{row + 1} C{column + 1}", cell=cell)
            twin.place((row, column))
        moves += 1
        assert twin.message == ""
        if moves == 6:
            notebook.screenshot("07_crosscribb-mid-round", cell=cell)
    result = game.last_round
    notebook.expect_text(cell, "The count of round 1")
    text = notebook.text(cell)
    assert f"Columns (You) {game.scores[0]}" in text and f"Rows (Opponent) {game.scores[1]}" in text
    for score in result.columns:
        assert " ".join(str(card) for card in score.cards) in text
    notebook.screenshot("07_crosscribb-round-over", cell=cell)
    for _ in range(5):
        notebook.click("◀ Back", cell=cell)
    notebook.expect_text(cell, "Replay: move 23 of 28")
    notebook.screenshot("07_crosscribb-replay", cell=cell)
    notebook.click("End ▶▶", cell=cell)
    notebook.expect_text(cell, "Live board")
    notebook.click("Next round", cell=cell)
    twin.next_round()
    notebook.expect_text(cell, f"Round 2 · dealer: {twin.names[game.dealer]}")
    notebook.assert_no_errors()


def test_the_quiz_counts_a_line(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    notebook.page.set_viewport_size({"width": 1440, "height": 1000})
    cell = notebook.find_cell("CrossCribbQuiz(")
    twin = CrossCribbQuiz(seeds=(11, 12, 13), players=4, level="expected")
    total = twin.score_of(twin.line).total
    notebook.type(str(total), cell=cell, placeholder="points")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Right: Row 1 scores {total}.")
    notebook.select("Column 3", cell=cell)
    notebook.click("Show me", cell=cell)
    notebook.expect_text(cell, f"Column 3 scores {twin.score_of(twin.line.__class__('column', 2)).total}.")
    notebook.screenshot("07_crosscribb-quiz", cell=cell)
    notebook.screenshot("07_crosscribb-notebook")
    notebook.assert_no_errors()


def test_counting_a_line_yourself(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    cell = notebook.try_it("line", "my_count", 8, 14)
    notebook.expect_text(cell, "Pair: 6♥ 6♠ for 2")
    notebook.screenshot("07_crosscribb-try-it", cell=cell)


def test_the_quiz_says_not_yet_then_not_quite_then_right(open_notebook) -> None:
    notebook = open_notebook(NOTEBOOK)
    notebook.page.set_viewport_size({"width": 1440, "height": 1000})
    cell = notebook.find_cell("CrossCribbQuiz(")
    twin = CrossCribbQuiz(seeds=(11, 12, 13), players=4, level="expected")
    line = twin.line.__class__
    # A wrong first count gets a hint and a second try; a second wrong one, the answer.
    total = twin.score_of(line("row", 3)).total
    notebook.select("Row 4", cell=cell)
    for given, said in ((total + 1, f"Not yet: it is not {total + 1}."),
                        (total + 2, f"Not quite: you said {total + 2}, Row 4 scores {total}.")):
        notebook.type(str(given), cell=cell, placeholder="points")
        notebook.click("Check", cell=cell)
        notebook.expect_text(cell, said)
    total = twin.score_of(line("row", 4)).total
    notebook.select("Row 5", cell=cell)
    notebook.type(str(total), cell=cell, placeholder="points")
    notebook.click("Check", cell=cell)
    notebook.expect_text(cell, f"Right: Row 5 scores {total}.")
    notebook.assert_no_traceback_text()

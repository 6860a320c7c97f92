"""Practice with hints, in Spanish, in JupyterLab: the discard drill (stop 1), the pegging walkthrough
(stop 2) and the scoring quiz (stop 3) each meet a wrong first answer with a hint and a second try,
then take the second try; guided hand 3 (stop 5), played to the computer pegging out in the play,
says that no hand was counted. Screenshots of each hint and each second try."""

from __future__ import annotations

import re

from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.registry.stops import stop
from cribbage.rules.actions import Discard, Go, Play
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from widgets.drills.discard import SHIPPED_DRILLS, keep_hint
from widgets.drills.quiz import SHIPPED_HANDS, count_hint
from widgets.drills.walkthrough import SOLVED_PLAYS, play_hint
from widgets.i18n import render as t
from widgets.table.guided import GUIDED_HANDS, GuidedHand

ES = "es"


def _line_to(hand: GuidedHand, ending: str) -> tuple:
    """The learner's moves (discard, cards, go) of a line of ``hand`` that ends in ``ending``, the
    computer playing as the table plays it (tests/test_guided_endings.py plays every line)."""
    def follow(game: Game, moves: tuple) -> tuple | None:
        Driver(game, {1: player("classic", seed=game.seed)}, next_deal=False).advance()
        if game.is_over or game.phase not in (Phase.DISCARD, Phase.PLAY):
            return moves if hand.ending(game) == ending else None
        for action in game.legal_actions(0):
            after = game.copy()
            Driver(after, {1: player("classic", seed=after.seed)}, next_deal=False).act(action)
            found = follow(after, (*moves, action))
            if found is not None:
                return found
        return None

    found = follow(hand.game(), ())
    assert found is not None, ending
    return found


def test_the_drill_hints_then_takes_a_second_try(open_notebook) -> None:
    notebook = open_notebook(f"es/{stop(1).notebook_in('es')}")
    cell = notebook.find_cell("DiscardDrill()")
    notebook.click(t("drill.next", ES), cell=cell)             # drill 2: a run to keep, as pone
    drill = SHIPPED_DRILLS[1]
    advice = drill.advice()
    worst = advice[len(advice) - 1]
    for card in worst.discard:
        notebook.click(str(card), cell=cell)
    notebook.click(t("drill.check", ES), cell=cell)
    notebook.expect_text(cell, t("drill.not_yet", ES))
    notebook.expect_text(cell, keep_hint(worst, advice.best, dealer=drill.dealer, language=ES))
    assert t("drill.col.rank", ES) not in notebook.text(cell)    # no table before the second try
    notebook.screenshot("es-01-drill-hint", cell=cell)
    for card in worst.discard:   # unpick the two: a picked button is named with its mark, "4♦✓"
        notebook.output(cell).get_by_role("button", name=re.compile(rf"^{re.escape(str(card))}\W*✓")).click()
        notebook.wait_idle()
    for card in advice.best.discard:                              # and pick the best two
        notebook.click(str(card), cell=cell)
    notebook.click(t("drill.check", ES), cell=cell)
    notebook.expect_text(cell, "¡Bien, al segundo intento")
    notebook.screenshot("es-01-drill-second-try", cell=cell)


def test_the_walkthrough_hints_then_takes_a_second_try(open_notebook) -> None:
    notebook = open_notebook(f"es/{stop(2).notebook_in('es')}")
    cell = notebook.find_cell("PeggingWalkthrough(0)")
    notebook.click(t("walk.restart", ES), cell=cell)
    steps = SOLVED_PLAYS[0].steps()
    at = next(i for i, step in enumerate(steps) if step.points and i)  # the first step that pegs
    for _ in range(at + 1):
        notebook.click(t("walk.forward", ES), cell=cell)
    notebook.type("0", cell=cell, placeholder="?")
    notebook.click(t("walk.check", ES), cell=cell)
    notebook.expect_text(cell, t("walk.not_yet", ES, guess=0))
    notebook.expect_text(cell, play_hint(steps[at], 0, ES))
    notebook.screenshot("es-02-walkthrough-hint", cell=cell)
    notebook.type(str(steps[at].points), cell=cell, placeholder="?")
    notebook.click(t("walk.check", ES), cell=cell)
    notebook.expect_text(cell, t("walk.right_second", ES, points=steps[at].points))
    notebook.screenshot("es-02-walkthrough-second-try", cell=cell)


def test_the_quiz_hints_then_takes_a_second_try(open_notebook) -> None:
    notebook = open_notebook(f"es/{stop(3).notebook_in('es')}", fresh=True)   # the quiz on its first hand
    cell = notebook.find_cell("ScoringQuiz()")
    hand = SHIPPED_HANDS[0]
    total = hand.score().total
    notebook.type(str(total - 2), cell=cell, placeholder=t("quiz.placeholder", ES))
    notebook.click(t("quiz.check", ES), cell=cell)
    notebook.expect_text(cell, t("quiz.not_yet", ES, claim=total - 2))
    notebook.expect_text(cell, count_hint(hand, total - 2, ES))
    notebook.screenshot("es-03-quiz-hint", cell=cell)
    notebook.type(str(total), cell=cell, placeholder=t("quiz.placeholder", ES))
    notebook.click(t("quiz.check", ES), cell=cell)
    notebook.expect_text(cell, t("quiz.right_second", ES, total=total))
    notebook.expect_text(cell, "Aciertos 0 · Fallos 1")                 # the first answer is the score
    notebook.screenshot("es-03-quiz-second-try", cell=cell)
    notebook.click(t("quiz.next", ES), cell=cell)                      # and the answer on the button
    notebook.type("0", cell=cell, placeholder=t("quiz.placeholder", ES))
    notebook.click(t("quiz.check", ES), cell=cell)
    notebook.click(t("quiz.show_answer", ES), cell=cell)
    notebook.expect_text(cell, t("quiz.shown", ES, total=SHIPPED_HANDS[1].score().total))
    notebook.screenshot("es-03-quiz-show-answer", cell=cell)


def test_guided_hand_3_lost_in_the_play_says_no_hand_was_counted(open_notebook) -> None:
    hand = GUIDED_HANDS[2]
    moves = _line_to(hand, "lost_play")
    notebook = open_notebook(f"es/{stop(5).notebook_in('es')}")
    cell = notebook.find_cell("GameTable.guided(3)")
    for move in moves:
        if isinstance(move, Discard):
            for card in move.cards:
                notebook.click(str(card), cell=cell)
            notebook.click(t("table.lay_away", ES), cell=cell)
        elif isinstance(move, Play):
            notebook.click(str(move.card), cell=cell)
        else:
            assert isinstance(move, Go)
            notebook.click(t("table.go", ES), cell=cell)
    notebook.expect_text(cell, "así que no se contó ninguna mano")
    notebook.screenshot("es-05-guided-3-lost-in-the-play", cell=cell)

"""The scoring quiz driven from Python: every shipped hand answered right and wrong, muggins,
refused input, seeded random hands, and thousands of random actions that never raise."""

from __future__ import annotations

import random

import pytest
from monkey import click_any, monkey

from cribbage import cards, hand_total, score_hand
from widgets.quiz import SHIPPED_HANDS, QuizSession, ScoringQuiz, random_hand


def test_the_shipped_hands_teach_what_they_promise():
    lessons = [hand.lesson for hand in SHIPPED_HANDS]
    assert lessons == ["twelve", "double_double", "crib_flush", "nobs", "twenty_nine"]
    totals = [hand.score().total for hand in SHIPPED_HANDS]
    assert totals[0] == 12 and totals[4] == 29
    assert SHIPPED_HANDS[1].score().runs == 12                            # four runs of three
    crib = SHIPPED_HANDS[2]
    assert crib.crib and crib.score().flush == 0
    assert score_hand(crib.hand, crib.starter).flush == 4                 # the same cards as a hand
    assert SHIPPED_HANDS[3].score().nobs == 1


@pytest.mark.parametrize("index", range(len(SHIPPED_HANDS)))
def test_each_shipped_hand_right_then_wrong(index):
    quiz = ScoringQuiz()
    quiz.show(index)
    total = SHIPPED_HANDS[index].score().total
    quiz.answer_box.value = str(total)
    quiz.check_button.click()
    assert quiz.answered and quiz.verdict.startswith("Right") and (quiz.right, quiz.wrong) == (1, 0)
    assert len(quiz.item_buttons) >= 1 and quiz.lesson_html
    quiz.check_button.click()  # answered already: nothing changes
    assert (quiz.right, quiz.wrong) == (1, 0)
    quiz.show(index)
    quiz.answer(total - 1 if total else 1)
    assert quiz.verdict.startswith(("Not quite", "Too many")) and (quiz.right, quiz.wrong) == (1, 1)
    assert "Right 1 · Wrong 1" in quiz.score_line


def test_items_are_highlighted_on_the_cards():
    quiz = ScoringQuiz()
    quiz.answer(12)
    lines = quiz.item_buttons
    assert next(b.description for b in lines).startswith("Fifteen")
    run = next(i for i, b in enumerate(lines) if b.description.startswith("Run of four"))
    lines[run].click()
    assert len(quiz.highlighted) == 4 and "cc-hi" in quiz.row_html
    lines[run].click()
    assert quiz.highlighted == frozenset()


def test_muggins_takes_the_missed_points():
    quiz = ScoringQuiz(muggins=True)
    quiz.answer("8")
    assert quiz.verdict.startswith("Not quite") and "Muggins! You missed 4" in quiz.verdict
    assert (quiz.your_points, quiz.their_points) == (8, 4)
    quiz.next()
    quiz.answer(24)
    assert (quiz.your_points, quiz.their_points) == (32, 4) and "opponent 4" in quiz.score_line
    quiz.next()
    quiz.answer(20)  # too many: refused as the game refuses it, and the learner counts again
    assert not quiz.answered and quiz.message == "20 is more than this crib holds: count again"
    assert (quiz.your_points, quiz.their_points) == (32, 4)
    quiz.answer(9)
    assert (quiz.your_points, quiz.their_points) == (41, 4) and quiz.verdict.startswith("Right")


def test_muggins_refuses_an_over_count_by_the_games_own_rule():
    """Issue 10: the quiz's muggins mode and Game agree, because both ask cribbage.rules.counting."""
    from cribbage import Game, IllegalActionError
    from cribbage.lang.messages import render
    hand = SHIPPED_HANDS[0]
    total = hand.score().total
    session = QuizSession(muggins=True)
    with pytest.raises(IllegalActionError) as quiz_refusal:
        session.answer(total + 1)
    assert not session.answered and session.answers == [] and not session.can_answer(total + 1)
    game = Game.from_deal((hand.hand + cards("KS QS"), cards("AC 2C 3C 4C 9D 10D")), hand.starter,
                          dealer=1, muggins=True, discards=("KS QS", "9D 10D"))
    while game.phase.value == "play":
        legal = game.legal_actions()
        game.apply(legal[0])
    assert game.counting == "hand" and game.to_act == 0
    with pytest.raises(IllegalActionError) as game_refusal:
        game.count_hand(0, total + 1)
    assert quiz_refusal.value.message == game_refusal.value.message
    spanish = ScoringQuiz(muggins=True, language="es")
    spanish.answer(total + 1)
    assert spanish.message == render(game_refusal.value.message, "es") == \
        f"{total + 1} es más de lo que tiene esta mano: vuelve a contar"
    plain = ScoringQuiz(muggins=False)
    plain.answer(total + 1)   # without muggins a count too high is corrected, as a lesson
    assert plain.verdict.startswith("Too many") and plain.your_points == total


def test_a_crib_wears_a_badge_before_it_is_counted():
    """Issue 11: solved hand 3 is a crib; the learner sees that before answering, in words."""
    for language, word in (("en", "CRIB"), ("es", "CUNA"), ("pt", "CESTA")):
        quiz = ScoringQuiz(language=language, start=2)
        assert quiz.current.crib and not quiz.answered
        assert "cc-badge-crib" in quiz.heading_html and word in quiz.heading_html
        quiz.show(0)
        assert not quiz.current.crib and "cc-badge-crib" not in quiz.heading_html


def test_without_muggins_nothing_is_taken():
    quiz = ScoringQuiz(muggins=False)
    quiz.answer(2)
    assert quiz.their_points == 0 and "Muggins" not in quiz.verdict


@pytest.mark.parametrize("bad", ["abc", "", "  ", "12.5", "-3", "30", "99999999999999999999", "1e3",
                                 "__import__('os')", "<script>", "12; 13", None, 3.5, True, -1, 10**9])
def test_bad_input_is_refused_with_a_message(bad):
    quiz = ScoringQuiz()
    quiz.answer(bad)
    assert not quiz.answered and quiz.message and (quiz.right, quiz.wrong) == (0, 0)
    quiz.answer(" 12 ")
    assert quiz.answered and quiz.right == 1 and quiz.message == ""


def test_random_hands_are_seeded():
    assert random_hand(5) == random_hand(5) and random_hand(5) != random_hand(6)
    quiz = ScoringQuiz(seed=11)
    for _ in range(len(SHIPPED_HANDS)):
        quiz.next_button.click()
    assert quiz.current == random_hand(11) and "11" in quiz.heading_html
    quiz.answer(quiz.current.score().total)
    assert quiz.right == 1
    cribs = sum(random_hand(s).crib for s in range(400))
    assert 60 < cribs < 140


def test_spanish_quiz():
    quiz = ScoringQuiz(language="es", muggins=True)
    quiz.answer(10)
    assert "¡Muggins! Se te escaparon 2" in quiz.verdict and "Aciertos 0 · Fallos 1" in quiz.score_line


def test_monkey_never_raises():
    rng = random.Random(99)
    quiz = ScoringQuiz(seed=3)
    inputs = ["", "x", "-1", "0", "5", "12", "29", "30", "1" * 40, "12 ", "٣", "½"]

    def type_an_answer() -> None:
        quiz.answer_box.value = rng.choice([*inputs, str(rng.randint(0, 29))])
        quiz.check_button.click()

    def toggle_muggins() -> None:
        quiz.muggins = not quiz.muggins

    def scored_by_the_engine() -> None:
        assert quiz.right + quiz.wrong == len(quiz.history)
        for hand, _claimed, total in quiz.history[-1:]:
            assert total == hand_total(hand.hand, hand.starter, crib=hand.crib)

    monkey(rng, 1500, [
        (35, type_an_answer),
        (15, quiz.next_button.click),
        (10, toggle_muggins),
        (15, lambda: click_any(rng, quiz.item_buttons)),
        (10, lambda: quiz.show(rng.choice([0, 1, 2, 3, 4, 7, -1, 10**7, "x"]))),
        (15, lambda: quiz.answer(rng.choice([rng.randint(-5, 40), None, "7", object()]))),
    ], scored_by_the_engine)
    assert quiz.right + quiz.wrong > 100


def test_quiz_session_is_a_plain_model():
    from widgets._base import Refused
    from widgets.quiz import QuizSession

    session = QuizSession(seed=4, muggins=True)
    assert session.current == SHIPPED_HANDS[0] and session.can_answer("12") and not session.can_answer("x")
    record = session.answer(10)
    assert (record.claim, record.total, record.yours, record.theirs, record.missed) == (10, 12, 10, 2, 2)
    assert not record.right and (session.right, session.wrong) == (0, 1)
    with pytest.raises(Refused) as refused:
        session.answer(12)
    assert refused.value.key == "quiz.already" and len(session.answers) == 1
    assert session.show(5) == random_hand(4) and not session.answered
    with pytest.raises(Refused) as refused:
        session.show(-1)
    assert refused.value.key == "quiz.no_hand" and session.index == 5


def test_one_missed_point_is_said_in_the_singular_in_every_language():
    hand = SHIPPED_HANDS[3]                                              # nobs: 1 of its points
    total = hand.score().total
    for language, one, many in (("en", "You missed 1 point: your opponent pegs it.", "missed 2 points"),
                                ("es", "Se te escapó 1 punto: lo marca tu rival.", "escaparon 2 puntos"),
                                ("pt", "escapar 1 ponto: seu rival marca esse ponto.", "escapar 2 pontos")):
        quiz = ScoringQuiz(muggins=True, language=language, start=3)
        quiz.answer(total - 1)
        assert one in quiz.verdict
        quiz.show(3)
        quiz.answer(total - 2)
        assert many in quiz.verdict


def test_the_heading_says_solved_hand_not_shipped():
    quiz = ScoringQuiz()
    assert "Solved hand 1 of 5" in quiz.heading_html and "shipped" not in quiz.heading_html


def test_start_option_opens_on_that_hand_and_refuses_a_bad_one():
    quiz = ScoringQuiz(start=4)
    assert quiz.index == 4 and quiz.current == SHIPPED_HANDS[4] and "Solved hand 5 of 5" in quiz.heading_html
    random_start = ScoringQuiz(start=7, seed=3)
    assert random_start.current == random_hand(3 + 2)
    for bad in (-1, "2", True, 1.0):
        with pytest.raises(ValueError, match="start"):
            ScoringQuiz(start=bad)


def test_enter_in_the_answer_box_checks_like_the_button():
    quiz = ScoringQuiz()
    assert quiz.answer_box.continuous_update is False      # the value arrives on Enter, not per key
    quiz.answer_box.value = "12"                          # what Enter sends
    assert quiz.answered and quiz.verdict.startswith("Right") and (quiz.right, quiz.wrong) == (1, 0)
    quiz.check_button.click()                             # the click after leaving the box: no second answer
    assert (quiz.right, quiz.wrong) == (1, 0) and quiz.message == ""
    quiz.next()                                           # the box is emptied: nothing is checked
    assert not quiz.answered and quiz.message == ""
    quiz.answer_box.value = "lots"
    assert not quiz.answered and "whole number" in quiz.message
    quiz.answer_box.value = str(SHIPPED_HANDS[1].score().total)
    assert quiz.answered and (quiz.right, quiz.wrong) == (2, 0)


def test_a_bad_hand_number_is_refused_as_a_hand_not_as_a_count():
    quiz = ScoringQuiz(language="pt")
    quiz.show(-3)
    assert "Não há mão -3" in quiz.message and "contagem" not in quiz.message and quiz.index == 0

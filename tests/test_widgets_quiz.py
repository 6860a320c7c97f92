"""The scoring quiz driven from Python: every shipped hand answered right and wrong (a hint and a
second try, then the answer), muggins, refused input, seeded practice hands, and thousands of random
actions that never raise. The practice mix itself: tests/test_quiz_mix.py."""

from __future__ import annotations

import random

import pytest
from monkey import click_any, monkey

from cribbage import cards, hand_total, score_hand
from cribbage.registry.languages import TRANSLATED
from widgets.drills.quiz import SHIPPED_HANDS, QuizSession, ScoringQuiz, count_hint, practice_hand, random_hand


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
    wrong = total - 1 if total else 1
    quiz.answer(wrong)                                   # a first wrong try: a hint, no answer yet
    assert quiz.verdict.startswith(f"Not yet: it is not {wrong}.") and not quiz.answered
    assert quiz.hint and quiz.hint in quiz.verdict and str(total) not in quiz.verdict
    assert not quiz.item_buttons and not quiz.lesson_html and not quiz.show_answer_button.disabled
    assert (quiz.right, quiz.wrong) == (1, 1) and "Right 1 · Wrong 1" in quiz.score_line
    quiz.answer(wrong)                                   # the second wrong try: the answer, item by item
    assert quiz.verdict.startswith(("Not quite", "Too many")) and f"the count is {total}" in quiz.verdict
    assert quiz.answered and quiz.lesson_html and quiz.check_button.disabled and quiz.show_answer_button.disabled
    assert (quiz.right, quiz.wrong) == (1, 1)            # the first answer is the score


def test_a_second_try_right_is_practice_and_the_first_answer_is_recorded(tmp_path):
    from cribbage.progress import ProgressStore
    quiz = ScoringQuiz(misses={})
    quiz.progress_store = ProgressStore(tmp_path / "p.sqlite3")
    quiz.answer(8)
    assert quiz.tries == 1 and not quiz.answered and quiz.check_button.disabled is False
    quiz.answer(12)
    assert quiz.answered and quiz.verdict.startswith("Right on the second try: 12.") and quiz.item_buttons
    assert (quiz.right, quiz.wrong) == (0, 1) and len(quiz.history) == 1
    assert [(a.answer, a.correct) for a in quiz.progress_store.answers()] == [("8", False)]


def test_show_the_answer_after_a_wrong_try():
    quiz = ScoringQuiz(misses={}, start=2)
    assert quiz.show_answer_button.disabled                 # nothing to show before a try
    quiz.reveal()
    assert quiz.message == "Count first: the answer is shown after a try." and not quiz.answered
    quiz.answer(13)
    quiz.show_answer_button.click()
    assert quiz.answered and quiz.verdict == "The count is 9:" and quiz.item_buttons and quiz.lesson_html
    assert (quiz.right, quiz.wrong) == (0, 1)
    quiz.answer(9)
    assert quiz.message.startswith("This hand is already answered")


def test_the_same_text_sent_twice_is_not_a_second_try():
    quiz = ScoringQuiz(misses={})
    quiz.answer_box.value = "10"                             # Enter
    quiz.check_button.click()                               # then the click, same text
    assert quiz.tries == 1 and not quiz.answered
    quiz.answer_box.value = "12"
    assert quiz.answered and quiz.verdict.startswith("Right on the second try")


def test_a_warning_from_the_record_hook_stays_shown(tmp_path):
    """The hook says when an answer could not be kept; the quiz never wipes that out after recording."""
    from cribbage.progress import ProgressStore
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database")
    quiz = ScoringQuiz(misses={})
    quiz.progress_store = ProgressStore(bad)
    quiz.answer("x")
    quiz.answer(8)
    assert "Your answer was not kept" in quiz.notice and "whole number" not in quiz.message
    quiz.answer(12)
    assert "Your answer was not kept" in quiz.notice


@pytest.mark.parametrize(("hand", "crib", "claim", "words"), [
    ("5C 5D 6H 7S", False, 10, "the fifteens or the pairs"),    # 8C starter: 12; the 2 missed are 7+8 or the 5s
    ("5C 5D 6H 7S", False, 4, "the runs"),                      # the double run 5-6-7-8 (8) and no other kind
    ("2H 4H 6H 9H", True, 13, "crib's flush rule"),            # the trap: four hearts, a spade turned
    ("2H 4H 6H 9H", False, 9, "the fifteens or the flush"),    # 4 short: two of its fifteens, or its flush
    ("AH 3H 7H QH", False, 0, "four cards of one suit"),        # KS starter: the flush is all there is
    ("JH 3C 4S 8D", False, 7, "jack in the hand of the starter's suit"),
    ("7H 7D 8S 8C", False, 12, "runs again"),
])
def test_the_hint_points_at_what_was_missed(hand, crib, claim, words):
    from widgets.drills.quiz import QuizHand
    starter = {"5C 5D 6H 7S": "8C", "2H 4H 6H 9H": "5S", "JH 3C 4S 8D": "2H", "7H 7D 8S 8C": "9H", "AH 3H 7H QH": "KS"}[hand]
    made = QuizHand.of(hand, starter, crib=crib)
    assert made.score().total != claim
    assert words in count_hint(made, claim)
    assert "missed a fifteen" not in count_hint(made, claim)


def test_the_crib_flush_and_his_heels_hints():
    from widgets.drills.quiz import QuizHand
    five = QuizHand.of("2H 4H 6H 9H", "KH", crib=True)
    assert "all five cards" in count_hint(five, five.score().total - 5)
    heels = QuizHand.of("2C 3D 8S 9H", "JC", feature="his_heels")
    assert "his heels" in count_hint(heels, heels.score().total + 2)
    assert "not nobs" in count_hint(heels, heels.score().total + 1)
    for language in TRANSLATED:
        assert count_hint(heels, heels.score().total + 2, language) != count_hint(heels, heels.score().total + 2)


def test_a_his_heels_hand_is_the_dealers_and_teaches_the_cut():
    seed = next(s for s in range(200) if practice_hand(s).feature == "his_heels")
    quiz = ScoringQuiz(seed=seed, misses={}, start=len(SHIPPED_HANDS))
    assert quiz.current.starter.rank == 11 and "you are the dealer" in quiz.heading_html
    quiz.answer(quiz.current.score().total + 2)
    assert "his heels" in quiz.verdict
    quiz.reveal()
    assert "pegged 2 when it was cut" in quiz.lesson_html


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
    assert quiz.verdict.startswith("Not yet") and "Muggins! You missed 4" in quiz.verdict
    assert (quiz.your_points, quiz.their_points) == (8, 4)
    quiz.answer(12)                       # the second try is practice: nothing more is pegged
    assert (quiz.your_points, quiz.their_points) == (8, 4) and "Muggins" not in quiz.verdict
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
    assert plain.verdict.startswith("Not yet") and "more than there is" in plain.verdict
    assert plain.your_points == total


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
    quiz = ScoringQuiz(seed=11, misses={})
    for _ in range(len(SHIPPED_HANDS)):
        quiz.next_button.click()
    assert quiz.current == practice_hand(11) and "11" in quiz.heading_html
    quiz.answer(quiz.current.score().total)
    assert quiz.right == 1
    cribs = sum(random_hand(s).crib for s in range(400))
    assert 60 < cribs < 140


def test_spanish_quiz():
    quiz = ScoringQuiz(language="es", muggins=True)
    quiz.answer(10)
    assert "¡Muggins! Se te escaparon 2" in quiz.verdict and "Aciertos 0 · Fallos 1" in quiz.score_line


@pytest.mark.slow
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
    from widgets.base.view import Refused
    from widgets.drills.quiz import QuizSession

    session = QuizSession(seed=4, muggins=True)
    assert session.current == SHIPPED_HANDS[0] and session.can_answer("12") and not session.can_answer("x")
    record = session.answer(10)
    assert (record.claim, record.total, record.yours, record.theirs, record.missed) == (10, 12, 10, 2, 2)
    assert not record.right and (session.right, session.wrong) == (0, 1)
    assert session.can_try_again and session.answer(12).right and session.answered   # the second try
    assert (session.right, session.wrong) == (0, 1) and session.their_points == 2
    with pytest.raises(Refused) as refused:
        session.answer(12)
    assert refused.value.key == "quiz.already" and len(session.answers) == 1
    assert session.show(5) == practice_hand(4) and not session.answered and session.tries == []
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
    random_start = ScoringQuiz(start=7, seed=3, misses={})
    assert random_start.current == practice_hand(3 + 2)
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

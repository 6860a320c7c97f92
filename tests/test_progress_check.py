"""cribbage.progress.check: every item the course records, checked again from its id and the answer given.

For each kind of item, the answer is made by the view that records it (the try-its' questions, the quiz's,
the drill's, the walkthrough's and the table's answer helpers), so the check is held to what the views
say: their right answer is right here, a wrong one wrong (with the same points missed), the flag
turned over is refused as forged, and an item or an answer no view could send is refused by name.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cribbage import CribbageError
from cribbage.progress.check import DISCARD_MARGIN, CheckError, Facts, check_answer
from cribbage.progress.questions import QUESTIONS
from cribbage.rules.events import GameResult
from cribbage.rules.featured import featured_hand
from widgets.base.answers import drill_answer, game_answer, play_answer, question_answer, quiz_answer
from widgets.drills import exercise
from widgets.drills.discard import RIGHT_MARGIN
from widgets.drills.pegging_session import SOLVED_PLAYS
from widgets.drills.quiz import Answer as QuizAnswer
from widgets.drills.quiz import QuizHand

_PLAYS = {play.name: play for play in SOLVED_PLAYS}


@pytest.fixture(scope="module")
def facts() -> Facts:
    from hub.progress_service import course_facts

    return course_facts()


def _try_it(question: exercise.Question, guess: object) -> dict[str, object]:
    return question_answer(question, guess, question.parse(guess) == question.answer)


def _asked(kind: str) -> list[tuple[dict[str, object], dict[str, object]]]:
    """Pairs (a right answer, a wrong answer) of one kind, each as its view records it."""
    if kind == "try-its":
        questions = [exercise.HandQuestion("5C 5D 6H 7S", "4C"), exercise.HandQuestion("6C 9D 5H 10S", "4C", count="fifteens"),
                     exercise.HandQuestion("9C 9D 9H 4S", "4D", count="pairs"),
                     exercise.HandQuestion("7C 8D 8H 9S", "9C", count="runs"),
                     exercise.HandQuestion("3D 7D 10D QD", "AS", count="flush", crib=True),
                     exercise.HandQuestion("3D 7D 10D QD", "AS", count="flush"),
                     exercise.PlayQuestion("8S 6D 7C 9H"), exercise.LineQuestion("4C 5D 6H 6S JC"),
                     exercise.LineQuestion("4C 5D 6H 6S JC", starter="JC"),
                     exercise.GamesQuestion(121, 75), exercise.GamesQuestion(121, 50), exercise.PegQuestion(23, 17, 8),
                     exercise.KeepsQuestion("AC 4D 6H 9S JD KC"), exercise.HandsScoringQuestion(29)]
        return [(_try_it(q, q.answer), _try_it(q, q.answer + 1)) for q in questions]
    if kind == "race":
        race = exercise.RaceQuestion(("Ann", 110, "2C 3D 4S 6H"), ("Ben", 108, "7C 8C 7H 8S"), "9D")
        home = exercise.RaceQuestion(("Ann", 119, "2C 3D 4S 6H"), ("Ben", 108, "7C 8C 7H 8S"), "9D")
        return [(_try_it(race, race.answer), _try_it(race, "Ann")), (_try_it(home, "ann"), _try_it(home, "nobody"))]
    if kind == "quiz":
        rng = random.Random(7)
        hands = [QuizHand.of("5H 5D 6H 7S", "8C"), QuizHand.of("2H 4H 6H 9H", "5C", crib=True)]
        for feature in ("his_heels", "crib_flush_trap", "nobs"):
            made = featured_hand(feature, rng)
            hands.append(QuizHand(made.hand, made.starter, made.crib, feature=feature))
        total = [hand.score().total for hand in hands]
        return [(quiz_answer(QuizAnswer(hand, t, t, 0, 0)), quiz_answer(QuizAnswer(hand, t + 2, t, 0, 0)))
                for hand, t in zip(hands, total)]
    if kind == "drill":
        from cribbage.ai.discard import advise_discard

        out = []
        for six, dealer in (("5H 5D 6H 7S 8C 9D", True), ("AH 5D 6H 7S 8C 9D", False)):
            advice = advise_discard(six, dealer=dealer)
            drill = SimpleNamespace(six=advice.best.keep + advice.best.discard, dealer=dealer)
            worst = advice[len(advice) - 1]
            out.append((drill_answer(drill, advice.best, advice.best, True),
                        drill_answer(drill, worst, advice.best, advice.best.net - worst.net <= RIGHT_MARGIN)))
        return out
    if kind == "walkthrough":
        out = []
        for play in SOLVED_PLAYS:
            for position, step in enumerate(play.steps(), start=1):
                out.append((play_answer(play.name, position, step, step.points),
                            play_answer(play.name, position, step, step.points + 1)))
        return out
    if kind == "table":
        won, lost = GameResult(0, (121, 99), 1), GameResult(1, (80, 121), 2)
        return [(game_answer(won), game_answer(lost)),
                (game_answer(won, title="a close finish"), game_answer(won, title="a close finish"))]
    if kind == "crosscribb":
        from widgets.base.answers import line_answer
        from widgets.crosscribb.quiz import LINES, CrossCribbQuiz

        quiz = CrossCribbQuiz()
        scores = [(line, quiz.score_of(line)) for line in LINES]  # every row and column, the centre's included
        assert any(score.starter for _, score in scores)
        return [(line_answer(f"{line.kind} {line.index + 1}", score, score.total),
                 line_answer(f"{line.kind} {line.index + 1}", score, score.total + 1)) for line, score in scores]
    raise AssertionError(kind)


KINDS = ("try-its", "race", "quiz", "drill", "walkthrough", "table", "crosscribb")


@pytest.mark.parametrize("kind", KINDS)
def test_a_views_right_and_wrong_answers_are_checked_as_the_view_said(kind, facts):
    for right, wrong in _asked(kind):
        for sent in (right, wrong):
            checked = check_answer(sent["item"], str(sent["answer"]), claimed=sent["correct"], facts=facts,
                                   kinds=sent["kinds"])
            assert checked.correct is sent["correct"], sent
            assert checked.kinds == tuple(sent["kinds"]), sent
            assert checked.missed == sent["missed"] or "stop" in sent, sent  # a try-it typed gives 0 missed
        assert right["correct"] is True
        assert wrong["correct"] is (wrong["item"].startswith("guided hand")), wrong  # a guided hand is right once done


@pytest.mark.parametrize("kind", KINDS)
def test_an_answer_sent_with_its_flag_turned_over_is_refused(kind, facts):
    for right, wrong in _asked(kind):
        for sent in (right, wrong):
            if sent["item"].startswith("guided hand") and not sent["correct"]:
                continue
            with pytest.raises(CheckError) as caught:
                check_answer(sent["item"], str(sent["answer"]), claimed=not sent["correct"], facts=facts)
            assert caught.value.message.key == "progress.check.forged"


MALFORMED = [
    ("hand 5H 5D 6H / 8C", "12", "progress.check.bad_item"),           # three cards
    ("hand 5H 5D 6H 8C / 8C", "12", "progress.check.bad_item"),        # the starter in the hand
    ("hand 5H 5D 6H 7S / 8C", "-4", "progress.check.bad_answer"),
    ("hand 5H 5D 6H 7S / 8C", "1" + "0" * 5000, "progress.check.bad_answer"),
    ("total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", "fourteen", "progress.check.bad_answer"),
    ("total of the hand 5♣ 5♣ 6♥ 7♠ with 4♣", "14", "progress.check.bad_item"),
    ("play: 10H JH QH KH 5C", "0", "progress.check.bad_item"),         # past 31
    ("line 4♣ 5♦ 6♥ 6♠", "12", "progress.check.bad_item"),
    ("games for 75 to 121 in a game to 121", "1", "progress.check.bad_item"),
    ("peg 8 from 17 and 23", "25", "progress.check.bad_item"),
    ("race: pone Ann on 110 with 2♣ 3♦ 4♠ 6♥, dealer Ben on 108 with 7♣ 8♣ 7♥ 8♠, starter 9♦", "Carl",
     "progress.check.bad_answer"),
    ("keeps of A♣ 4♦ 6♥ 9♠ J♦", "10", "progress.check.bad_item"),
    ("hands scoring 30", "0", "progress.check.bad_item"),
    ("six 5H 5D 6H 7S 8C 9D (dealer)", "5H KS", "progress.check.bad_answer"),   # a card not dealt
    ("six 5H 5D 6H 7S 8C 9D (dealer)", "5H", "progress.check.bad_answer"),
    ("play go step 99", "0", "progress.check.bad_item"),
    ("play nowhere step 1", "0", "progress.check.unknown"),
    ("game", "99-99", "progress.check.bad_answer"),
    ("game", "121-200", "progress.check.bad_answer"),
    ("guided hand one the course never asks", "121-100", "progress.check.unknown"),
    ("CrossCribb line row 3", "8", "progress.check.no_cards"),
    ("what is 2 + 2", "4", "progress.check.unknown"),
    ("", "4", "progress.check.unknown"),
    ("hand 5H 5D 6H 7S / 8C", "", "progress.check.bad_answer"),
]


@pytest.mark.parametrize(("item", "answer", "key"), MALFORMED)
def test_an_item_or_answer_no_view_could_send_is_refused_by_name(item, answer, key, facts):
    with pytest.raises(CheckError) as caught:
        check_answer(item, answer, facts=facts)
    assert caught.value.message.key == key
    assert isinstance(caught.value, CribbageError)


def test_what_the_engine_cannot_know_is_refused_without_its_facts():
    for item, answer in (("hands scoring 29", "4"), ("play go step 1", "0")):
        with pytest.raises(CheckError) as caught:
            check_answer(item, answer)
        assert caught.value.message.key == "progress.check.no_facts"


def test_every_course_question_is_checkable(facts):
    """Each question the registry lists (what the stops count as done) can be checked: none is refused
    for its item (its answer, not known here, may be right or wrong)."""
    for question in QUESTIONS:
        try:
            checked = check_answer(question.item, "0", facts=facts)
        except CheckError as error:
            assert error.message.key == "progress.check.bad_answer", (question.item, error)
        else:
            assert checked.stop == question.stop


def test_a_race_is_answered_in_any_of_the_course_languages(facts):
    item = "race: pone Ann on 80 with 2♣ 3♦ 4♠ 6♥, dealer Ben on 80 with 7♣ 8♣ 7♥ 8♠, starter 9♦"
    for word in facts.nobody:
        assert check_answer(item, word.upper(), facts=facts).correct


def test_the_drill_and_the_check_share_one_margin():
    assert DISCARD_MARGIN == RIGHT_MARGIN


def test_his_heels_is_taken_only_where_the_cards_allow_it(facts):
    assert "his_heels" in check_answer("hand 5H 5D 6H 7S / JC", "12", kinds=["his_heels"]).kinds
    assert "his_heels" not in check_answer("hand 5H 5D 6H 7S / 8C", "20", kinds=["his_heels"]).kinds
    assert "his_heels" not in check_answer("hand 5H 5D 6H 7S / JC", "12").kinds

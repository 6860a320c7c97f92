"""The lessons' try-it questions: blanks, kind verdicts, hints, the answer after two tries, and the
answers file that fills the blanks for nbval."""

from __future__ import annotations

import json

import pytest

from cribbage.registry.languages import CODES, SOURCE
from widgets import (
    GamesQuestion,
    HandQuestion,
    HandsScoringQuestion,
    KeepsQuestion,
    LineQuestion,
    PegQuestion,
    PlayQuestion,
    RaceQuestion,
)
from widgets.drills.exercise import ANSWERS_VARIABLE, Question, Verdict, reset_tries
from widgets.i18n import LANGUAGES, render
from widgets.i18n.messages import MESSAGES


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    # The tests' plugin (tests/plugins/course.py) fills blanks for nbval; these tests are a learner without it.
    monkeypatch.delenv(ANSWERS_VARIABLE, raising=False)
    reset_tries()
    yield
    reset_tries()


def _race(language="en"):
    return RaceQuestion(("Ann", 110, "2C 3D 4S 6H"), ("Ben", 108, "7C 8C 7H 8S"), "9D", language=language)


# One question of every kind, its answer worked out by hand from the rules, and a wrong guess.
QUESTIONS = [
    (lambda lang="en": HandQuestion("6C 9D 5H 10S", "4C", count="fifteens", language=lang), 3, 2),
    (lambda lang="en": HandQuestion("9C 9D 9H 4S", "4D", count="pairs", language=lang), 8, 4),
    (lambda lang="en": HandQuestion("7C 8D 8H 9S", "9C", language=lang), 20, 16),
    (lambda lang="en": HandQuestion("3D 7D 10D QD", "AS", count="flush", language=lang), 4, 0),
    (lambda lang="en": HandQuestion("3D 7D 10D QD", "AS", count="flush", crib=True, language=lang), 0, 4),
    (lambda lang="en": HandQuestion("3C 4D 4H 5S", "KC", count="runs", language=lang), 6, 3),
    (lambda lang="en": PlayQuestion("6C 6D 3H 6S", language=lang), 0, 2),
    (lambda lang="en": PlayQuestion("8S 6D 7C 9H", language=lang), 4, 3),
    (lambda lang="en": LineQuestion("4C 5D 6H 6S JC", language=lang), 14, 8),
    (lambda lang="en": GamesQuestion(121, 75, language=lang), 2, 1),
    (lambda lang="en": GamesQuestion(61, 30, target=61, language=lang), 2, 3),
    (lambda lang="en": PegQuestion(23, 17, 8, language=lang), 31, 25),
    (_race, "Ben", "Ann"),
    (lambda lang="en": KeepsQuestion("5H 5D 6H 7S 8C 9D", language=lang), 15, 12),
    (lambda lang="en": HandsScoringQuestion(29, language=lang), 4, 1),
]
IDS = [f"{i}" for i in range(len(QUESTIONS))]


@pytest.mark.parametrize("make, answer, wrong", QUESTIONS, ids=IDS)
def test_the_engine_answers_as_the_rules_say(make, answer, wrong) -> None:
    question = make()
    assert question.answer == answer
    verdict = question.check(answer)
    assert verdict.right and verdict.status == "right" and verdict.lines


@pytest.mark.parametrize("make, answer, wrong", QUESTIONS, ids=IDS)
def test_a_blank_asks_for_an_answer_and_counts_no_try(make, answer, wrong) -> None:
    question = make()
    verdict = question.check(...)
    assert verdict.status == "blank" and not verdict.right
    assert question.blank in verdict.text and "..." in verdict.text
    assert question.tries == 0


@pytest.mark.parametrize("make, answer, wrong", QUESTIONS, ids=IDS)
def test_wrong_twice_gives_a_hint_then_the_worked_answer(make, answer, wrong) -> None:
    question = make()
    first = question.check(wrong)
    assert first.status == "not yet" and str(answer) not in first.text
    hint = first.lines[0]
    assert hint and str(answer) not in hint.split()       # a hint, not the answer
    second = question.check(wrong)
    assert second.status == "answer" and f", {answer}," in second.text
    assert second.lines == tuple(question.worked())
    assert question.check(answer).right                  # right is right, however late


def test_tries_belong_to_the_question_not_the_object() -> None:
    # Running the question's cell again makes a new object; the tries go on.
    HandQuestion("7C 8D 8H 9S", "9C").check(16)
    assert HandQuestion("7C 8D 8H 9S", "9C").check(16).status == "answer"
    assert HandQuestion("7C 8D 8H 9S", "8C").tries == 0


@pytest.mark.parametrize("guess", ["twenty", None, 2.5, True, -3, [20], {"a": 1}])
def test_a_guess_of_the_wrong_kind_is_explained_and_not_a_try(guess) -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    verdict = question.check(guess)
    assert verdict.status == "invalid" and "my_total" in verdict.text and "whole number" in verdict.text
    assert question.tries == 0


class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("this object cannot be shown")


@pytest.mark.parametrize("guess", [10**5000, "1" * 5000, "²", "x" * 100_000, float("nan"), float("inf"), 1e300,
                                   20 + 0j, b"20", _NoRepr()],
                         ids=["10**5000", "5000 ones", "superscript 2", "long text", "nan", "inf", "1e300",
                              "complex", "bytes", "no repr"])
def test_a_strange_guess_is_a_kind_verdict_never_a_traceback(guess) -> None:
    # 10**5000 cannot even be printed by Python, "²" is a digit int() refuses, a repr may raise.
    question = HandQuestion("7C 8D 8H 9S", "9C")
    verdict = question.check(guess)
    assert verdict.status == "invalid" and question.tries == 0 and len(verdict.text) < 200


def test_numbers_typed_kindly_are_accepted() -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    assert question.check("20").right and question.check(20.0).right and question.check(" 20 ").right
    import numpy as np
    assert question.check(np.int64(20)).right and question.check(np.float64(20.0)).right
    assert question.check("２０").right  # noqa: RUF001  (fullwidth digits, as a Japanese keyboard types them


def test_a_name_answer_ignores_case_and_refuses_other_names() -> None:
    question = _race()
    assert question.check(" ben ").right
    assert question.check("Carl").status == "invalid" and question.check(3).status == "invalid"
    assert RaceQuestion(("Ann", 112, "2C 3D 4S 6H"), ("Ben", 108, "7C 8C 7H 8S"), "9D").answer == "Ann"
    assert RaceQuestion(("Ann", 10, "2C 3D 4S 6H"), ("Ben", 10, "7C 8C 7H 8S"), "9D").answer == "nobody"


@pytest.mark.parametrize("language", CODES)
def test_the_race_answer_stops_the_winner_at_the_game_hole(language) -> None:
    # Ben on 108 counts 24 (7 8 7 8 with a 9): the peg stops at 121, so no "132" is ever written.
    question = _race(language)
    worked = question.worked()
    assert question.answer == "Ben" and "132" not in " ".join(worked)
    assert worked[0] == render("ex.race.count", language, name="Ann", score=110, points=9, now=119)
    assert worked[1] == render("ex.race.count_home", language, name="Ben", score=108, points=24, need=13)
    assert worked[2] == render("ex.race.wins", language, name="Ben", target=121) and len(worked) == 3


def test_hints_point_at_what_was_missed() -> None:
    total = HandQuestion("7C 8D 8H 9S", "9C")          # fifteens 4, pairs 4, runs 12
    assert "the fifteens" in total.check(16).lines[0]
    reset_tries()
    assert "the pairs" in total.check(16 - 4 + 4 - 4).lines[0]   # 12: only the runs counted
    reset_tries()
    assert "longest run" in total.check(21).lines[0]
    fifteens = HandQuestion("6C 9D 5H 10S", "4C", count="fifteens")
    assert "That is the points" in fifteens.check(6).lines[0]
    reset_tries()
    assert "three cards" in fifteens.check(2).lines[0]
    crib = HandQuestion("3D 7D 10D QD", "AS", count="flush", crib=True)
    assert "all five" in crib.check(4).lines[0]
    pairs = HandQuestion("9C 9D 9H 4S", "4D", count="pairs")
    assert "how many pairs" in pairs.check(4).lines[0]
    play = PlayQuestion("6C 6D 3H 6S")
    assert "in between breaks it" in play.check(2).lines[0]
    peg = PegQuestion(23, 17, 8)
    assert "from the back peg" in peg.check(25).lines[0]


def test_the_crib_is_marked_before_answering() -> None:
    crib = HandQuestion("2H 4H 6H 9H", "5S", crib=True)
    assert "CRIB" in crib._repr_html_() and "as a crib" in crib.question()
    assert "CRIB" not in HandQuestion("2H 4H 6H 9H", "5S")._repr_html_()


def test_the_question_shows_no_answer() -> None:
    for make, _answer, _wrong in QUESTIONS:
        question = make()
        shown = repr(question) + question._repr_html_()
        assert "Right" not in shown and "Total" not in shown, question.key


def test_verdict_html_says_it_in_words_and_marks() -> None:
    question = PlayQuestion("8S 6D 7C 9H")
    right = question.check(4)._repr_html_()
    assert "✓ Right: 4." in right and "cc-msg-ok" in right and "Run of four" in right
    wrong = question.check(3)._repr_html_()
    assert "✗ Not yet" in wrong and "cc-msg-error" in wrong and "Traceback" not in wrong


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("make, answer, wrong", QUESTIONS, ids=IDS)
def test_every_verdict_in_every_language(make, answer, wrong, language) -> None:
    reset_tries()
    question = make(language)
    texts = [repr(question), question._repr_html_(), str(question.check(...)), str(question.check(wrong)),
             str(question.check(wrong)), str(question.check(answer))]
    if language != SOURCE:
        english = {"Not yet", "Right", "Change ", "Your turn", "Try it", " the ", " is "}
        for text in texts:
            assert not any(word in text for word in english), text


def test_every_catalogue_entry_has_three_languages_with_the_same_names() -> None:
    import string
    for key, entry in MESSAGES.items():
        if not key.startswith(("ex.", "deal.")):
            continue
        assert set(entry) == set(LANGUAGES), key
        names = {lang: {f for _, f, _, _ in string.Formatter().parse(text) if f} for lang, text in entry.items()}
        assert names["es"] == names["en"] == names["pt"], key


def test_the_answers_file_fills_the_blanks(tmp_path, monkeypatch) -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({question.key: 20}), encoding="utf-8")
    monkeypatch.setenv(ANSWERS_VARIABLE, str(answers))
    assert question.check(...).right
    assert question.check(16).status == "not yet"         # a typed guess is still the learner's


def test_a_blank_the_answers_file_fills_is_not_kept_as_the_learners_answer(tmp_path, monkeypatch) -> None:
    # The progress panel counts a learner's tries; nbval's filled blanks are not theirs.
    from cribbage.progress import ProgressStore

    progress = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(progress))
    monkeypatch.setenv("JPY_SESSION_NAME", "03_the_show.ipynb")
    question = HandQuestion("7C 8D 8H 9S", "9C")
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({question.key: 20}), encoding="utf-8")
    monkeypatch.setenv(ANSWERS_VARIABLE, str(answers))
    assert question.check(...).right and question.tries == 0
    assert not progress.exists() or ProgressStore(progress).answers() == []
    question.check(16)                                     # a typed guess is the learner's, and kept
    assert [(a.stop, a.answer, a.correct) for a in ProgressStore(progress).answers()] == [(3, "16", False)]


def test_the_answers_file_fails_loudly_when_wrong_or_missing(tmp_path, monkeypatch) -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({question.key: 24}), encoding="utf-8")
    monkeypatch.setenv(ANSWERS_VARIABLE, str(answers))
    with pytest.raises(AssertionError, match="24"):
        question.check(...)
    answers.write_text("{}", encoding="utf-8")
    with pytest.raises(LookupError, match="no answer"):
        question.check(...)


def test_bad_questions_are_refused_when_written() -> None:
    with pytest.raises(ValueError, match="count must be one of"):
        HandQuestion("7C 8D 8H 9S", "9C", count="nobs and more")
    with pytest.raises(ValueError):
        HandQuestion("7C 8D 8H", "9C")
    with pytest.raises(ValueError):
        PlayQuestion("KS QS JS 5C")                      # past 31
    with pytest.raises(ValueError, match="six"):
        KeepsQuestion("5H 5D 6H")
    with pytest.raises(ValueError):
        HandsScoringQuestion(30)
    with pytest.raises(ValueError):
        PegQuestion(10, 12, 3)
    with pytest.raises(ValueError):
        HandQuestion("7C 8D 8H 9S", "9C", language="fr")


def test_question_is_abstract() -> None:
    with pytest.raises(NotImplementedError):
        Question().check(3)
    assert str(Verdict("right", "Right: 3.", ("a", "b"))) == "Right: 3.\n  a\n  b"

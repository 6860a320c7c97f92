"""The one switch: ``widgets.set_language`` sets the language of every view, chart and message made
after it in the kernel, without ``language=`` anywhere (the first cell of a translated lesson)."""

from __future__ import annotations

import pytest
from test_widgets_i18n import _english_only_fragments
from widget_texts import shown_texts as _texts

import widgets
from cribbage import Card, CribbageError
from cribbage.lang.messages import render
from widgets import Board, DiscardDrill, HandCalculator, ScoringQuiz, distribution_chart
from widgets.i18n import check_language, get_language


@pytest.fixture
def spanish():
    widgets.set_language("es")
    try:
        yield
    finally:
        widgets.set_language("en")


def test_a_widget_made_after_the_switch_speaks_spanish(spanish):
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=8C&crib=1", chart=False)
    bad = HandCalculator.from_query("hand=ZZ&starter=8C", chart=False)
    quiz = ScoringQuiz(muggins=True)
    quiz.answer(3)
    board = Board(autodraw=False)
    board.next_finish()
    made = [calc, bad, quiz, board, DiscardDrill(seed=3)]
    assert all(view.language == "es" for view in made)
    shown = "\n".join(text for view in made for text in _texts(view))
    assert render("calc.title", "es") in shown and render("calc.crib", "es") in shown
    leaks = [piece for piece in _english_only_fragments() if piece in shown]
    assert not leaks, leaks


def test_errors_and_engine_messages_follow_the_switch(spanish):
    calc = HandCalculator(chart=False)
    calc.type_cards("5H 5D 6H 7S")        # four cards: the refusal is in Spanish
    assert calc.message and calc.message == render("err.count", "es", n=4)
    with pytest.raises(CribbageError) as refused:
        Card.parse("ZZ")
    # What the engine prints follows too: an error's text (its traceback) and a printed count.
    assert render(refused.value.message) == render(refused.value.message, "es") == str(refused.value)
    from cribbage import cards, score_hand
    score = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
    assert str(score) == ("quince dos, una pareja son cuatro, una secuencia de cuatro son ocho, "
                          "y otra secuencia de cuatro son doce")
    widgets.set_language("en")
    assert str(refused.value) == "not a card: 'ZZ' (write cards like 5H, 10S, JD)" and str(score).startswith("fifteen two")


def test_charts_follow_the_switch(spanish):
    fig = distribution_chart()
    assert fig.axes[0].get_xlabel() == render("chart.score", "es")


def test_an_explicit_language_still_wins_and_english_is_the_default():
    assert get_language() == "en"
    widgets.set_language("pt")
    try:
        assert HandCalculator(chart=False, language="en").language == "en"
        assert HandCalculator(chart=False).language == "pt"
        assert render("calc.total", total=3) == "3 pontos"
    finally:
        widgets.set_language("en")
    assert ScoringQuiz().language == "en"


def test_an_unknown_language_is_refused_and_the_switch_is_unchanged():
    with pytest.raises(ValueError, match="es, pt"):
        widgets.set_language("fr")
    assert get_language() == "en" and check_language(None) == "en"


@pytest.mark.slow
def test_a_calculator_link_carries_its_language_and_a_shared_link_keeps_it():
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=8C&lang=pt", chart=False)
    assert calc.language == "pt" and calc.score.total == 12
    assert calc.link.endswith("&lang=pt") and calc.share_code == "5H5D6H7S/8C"   # codes: one format
    assert calc.message == render("calc.loaded", "pt", code="5H5D6H7S/8C")
    # The same link opened from a Spanish page: the same hand, and the link's own language.
    widgets.set_language("es")
    try:
        again = HandCalculator.from_query(calc.link, chart=False)
        assert again.language == "pt" and again.hand == calc.hand and again.starter == calc.starter
        assert HandCalculator.from_query("hand=5H5D6H7S&starter=8C", chart=False).link.endswith("&lang=es")
        empty = HandCalculator.from_query("lang=pt", chart=False)   # only a language: an empty calculator
        assert empty.language == "pt" and empty.score is None and empty.message == ""
        # An explicit language= wins over the link's.
        assert HandCalculator.from_query("lang=pt", chart=False, language="en").language == "en"
    finally:
        widgets.set_language("en")
    assert HandCalculator.from_query("hand=5H5D6H7S&starter=8C", chart=False).link.endswith("crib=0")


def test_a_link_asking_for_another_language_is_refused_naming_the_ones_there_are():
    calc = HandCalculator.from_query({"hand": ["5H5D6H7S"], "starter": ["8C"], "lang": [b"fr"]}, chart=False)
    assert calc.language == "en" and calc.score is None
    assert calc.message == render("calc.link_ignored", "en", why=render("calc.link_bad_lang", "en", value="'fr'",
                                                                 choices="en, es, pt"))


@pytest.mark.parametrize("environ, language", [
    ({"LANG": "es_ES.UTF-8"}, "es"), ({"LC_ALL": "pt_BR.UTF-8", "LANG": "es_ES"}, "pt"),
    ({"LANGUAGE": "fr:pt", "LANG": "es_ES"}, "pt"), ({"LANG": "C.UTF-8"}, "en"), ({"LC_ALL": "de_DE"}, "en"),
    ({}, "en"), ({"LC_MESSAGES": "es_AR@euro"}, "es")])
def test_the_command_line_reads_the_locale_as_gettext_does(environ, language):
    from cribbage.cli.main import language_of_environment
    assert language_of_environment(environ) == language


def test_the_command_line_follows_lang_and_the_locale(capsys, monkeypatch):
    from cribbage.cli.main import main
    from cribbage.lang.messages import get_language, set_language
    try:
        assert main(["score", "5H", "5D", "6H", "7S", "8C", "--lang", "es"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("mano: 5♥ 5♦ 6♥ 7♠   carta inicial: 8♣") and "una pareja son cuatro" in out
        monkeypatch.setenv("LANG", "pt_BR.UTF-8")
        monkeypatch.delenv("LC_ALL", raising=False)
        monkeypatch.delenv("LANGUAGE", raising=False)
        monkeypatch.delenv("LC_MESSAGES", raising=False)
        assert main(["score", "5H", "5D", "6H", "7S", "ZZ"]) == 2   # a card typed wrongly: the forms that work
        assert capsys.readouterr().err == ("cribbage: não é uma carta: 'ZZ' (escreva as cartas assim: 5H, 10S, JD; "
                                              "o naipe com a letra inglesa: S espadas, H copas, D ouros, C paus)\n")
        assert main(["discard", "5H", "5D", "6H", "7S", "8C", "9D", "--lang", "en"]) == 0
        assert capsys.readouterr().out.startswith("six cards: 5♥ 5♦ 6♥ 7♠ 8♣ 9♦   (pone: the crib is your opponent's)")
    finally:
        set_language("en")
    assert get_language() == "en"


@pytest.mark.parametrize("language, says", [("es", "S o ♠ picas, H o ♥ corazones, D o ♦ diamantes, C o ♣ tréboles"),
                                            ("pt", "S ou ♠ espadas, H ou ♥ copas, D ou ♦ ouros, C ou ♣ paus")])
def test_a_card_typed_wrongly_is_answered_in_the_learners_language_with_the_forms_that_work(language, says):
    """Suit letters are the English ones in every language (P for picas, E for espadas, C for copas
    would be other suits): a wrong one is never guessed at, the message names the forms."""
    calc = HandCalculator(language=language, chart=False)
    calc.type_cards("5P 5D 6H 7S 8C")
    assert calc.score is None and says in calc.message and "5H, 10S, JD" in calc.message and "5♥" in calc.message
    calc.type_cards("5C 5D 6H 7S 8C")         # C is clubs (♣) on every page, never copas
    assert calc.hand[0] == Card.parse("5♣")


def test_a_printed_play_score_follows_the_switch(spanish):
    from cribbage import score_play
    assert str(score_play("4S 6D 5H")) == "15: quince, 2 puntos, secuencia, 3 puntos"
    assert str(score_play("4H 4C 4D 4S")) == "16: póker, 12 puntos"
    widgets.set_language("en")
    assert str(score_play("4S 6D 5H")) == "15: fifteen for 2, run for 3"   # what the English lesson checks

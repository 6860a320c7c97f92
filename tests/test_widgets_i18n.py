"""The catalogue: every key in every language with the same blanks, spoken counts that agree with
the engine, and widgets that show no English when asked for Spanish or Portuguese."""

from __future__ import annotations

import random
import re

import pytest
from widget_texts import shown_texts

from cribbage import FULL_DECK, Card, Deck, cards, score_hand
from cribbage.lang.messages import Plural
from cribbage.registry.languages import CODES, TRANSLATED
from widgets import Board, HandCalculator, ScoringQuiz
from widgets.blocks.cards import CardPicker, DeckPicker
from widgets.i18n import LANGUAGES, card_name, describe_items, number_words, render, spoken_count
from widgets.i18n.messages import MESSAGES

FIELDS = re.compile(r"{(\w*)[^}]*}")


def _forms(entry, language) -> tuple[str, ...]:
    """A template's texts: one, or the singular and plural of a Plural chosen by ``n``."""
    said = entry[language]
    return (said.one, str(said)) if isinstance(said, Plural) else (said,)


def test_every_key_has_every_language_with_the_same_blanks():
    assert LANGUAGES == CODES
    for key, entry in MESSAGES.items():
        assert set(entry) == set(LANGUAGES), key
        blanks = {language: sorted({f for text in _forms(entry, language) for f in FIELDS.findall(text)})
                  for language in LANGUAGES}
        assert blanks["es"] == blanks["en"] == blanks["pt"], key
        for language in LANGUAGES:
            assert all(text.strip() for text in _forms(entry, language)), (key, language)
            if isinstance(entry[language], Plural):
                assert "n" in blanks[language], (key, language)


@pytest.mark.parametrize("n, text", [(1, "The computer holds 1 card, face down."),
                                     (3, "The computer holds 3 cards, face down.")])
def test_plurals_are_chosen_by_n(n, text):
    assert render("walk.computer_holds", "en", n=n) == text
    assert render("table.ev_muggins", "es", n=1) == "muggins, 1 punto olvidado robado"
    assert render("table.ev_muggins", "en", n=2) == "muggins, 2 missed points taken"


def test_no_catalogue_text_guesses_a_plural_or_leaves_a_pronoun_dangling():
    """Issue 11: "1 cards", "2 missed point(s)", "3 game(s)", "the crib is its"."""
    from cribbage.lang.messages import CATALOGUE
    for key, entry in list(MESSAGES.items()) + list(CATALOGUE.items()):
        if key.startswith("xc."):
            continue   # CrossCribb's words are its own helper's (the xc.* entries of widgets/i18n/messages.py)
        for language in LANGUAGES:
            for text in _forms(entry, language):
                assert "(s)" not in text and "(es)" not in text, (key, language, text)
                assert not text.rstrip(".").endswith(" its"), (key, language, text)


def test_unknown_language_and_key_are_refused():
    with pytest.raises(ValueError, match="language"):
        render("calc.title", "fr")
    with pytest.raises(KeyError):
        render("no.such.key")
    with pytest.raises(ValueError):
        HandCalculator(language="de", chart=False)


def test_the_seeds_words_are_used():
    assert render("calc.what.crib", "es") == "cuna" and render("calc.what.crib", "pt") == "cesta"
    assert render("card.starter", "es") == "carta inicial" and render("card.starter", "pt") == "virada"
    assert render("item.fifteen", "es") == "Quince" and render("item.pair", "pt") == "Par"


def test_card_names_match_the_engine_in_english_and_differ_elsewhere():
    for card in FULL_DECK:
        assert card_name(card) == card.name
    assert card_name(Card.parse("5H"), "es") == "cinco de corazones"
    assert card_name(Card.parse("JD"), "pt") == "valete de ouros"


def test_english_spoken_count_is_the_engines():
    rng = random.Random(7)
    hands = [cards("5C 5D 6H 7S 8C"), cards("5H 5C 5S JD 5D"), cards("7H 7D 8S 8C 9H"),
             cards("3H 3D 3S 4C 5H"), cards("2C 4D 6H 8S KC")]
    for _ in range(400):
        hands.append(tuple(Deck().shuffled(rng.randrange(2**32)).draw(5)[0]))
    for five in hands:
        score = score_hand(five[:4], five[4], crib=rng.random() < 0.3)
        assert spoken_count(score, "en") == str(score)
        # The items add up to the total in every language.
        for language in LANGUAGES:
            assert sum(line.points for line in describe_items(score, language)) == score.total
            assert spoken_count(score, language)


def test_spanish_and_portuguese_spoken_counts():
    score = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
    assert spoken_count(score, "es") == ("quince dos, una pareja son cuatro, una secuencia de cuatro son ocho, "
                                         "y otra secuencia de cuatro son doce")
    assert spoken_count(score, "pt").endswith("e outra sequência de quatro são doze")
    royal = score_hand(cards("3H 3D 3S 4C"), Card.parse("5H"))
    assert "un trío" in spoken_count(royal, "es") and "uma trinca" in spoken_count(royal, "pt")
    assert number_words(24, "pt") == "vinte e quatro" and number_words(24, "es") == "veinticuatro"


def _english_only_fragments() -> list[str]:
    """Pieces of English catalogue text (between the blanks) that no other language shares."""
    out = []
    from cribbage.lang.messages import CATALOGUE  # the engine's words too: a view must say them translated
    for entry in list(MESSAGES.values()) + list(CATALOGUE.values()):
        for english in _forms(entry, "en"):
            for piece in FIELDS.split(english)[::2]:
                piece = piece.strip(" :.,;()·“”")
                if len(piece) >= 5 and all(piece not in text for lang in TRANSLATED for text in _forms(entry, lang)) \
                        and piece.lower() not in ("muggins", "skunk", "double skunk"):
                    out.append(piece)
    return out


def _exercised(language: str) -> list:
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=8C&crib=1", language=language, chart=False)
    calc.select_item(0)
    bad = HandCalculator.from_query("hand=ZZ&starter=8C", language=language, chart=False)
    quiz = ScoringQuiz(language=language, muggins=True)
    quiz.answer("x")
    wrong = ScoringQuiz(language=language, muggins=True)
    wrong.answer(3)
    board = Board(language=language, autodraw=False)
    board.next_finish()
    picker = CardPicker(cards("5H 5D 6H"), pick=1, language=language)
    picker.toggle(Card.parse("5H"))
    picker.toggle(Card.parse("5D"))
    return [calc, bad, quiz, wrong, board, picker, DeckPicker(language=language)]


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_widgets_show_no_english_in_other_languages(language):
    fragments = _english_only_fragments()
    assert len(fragments) > 100
    shown = "\n".join(text for widget in _exercised(language) for text in shown_texts(widget))
    leaks = [piece for piece in fragments if piece in shown]
    assert not leaks, leaks


def test_english_widgets_use_the_catalogue():
    shown = "\n".join(text for widget in _exercised("en") for text in shown_texts(widget))
    for key in ("calc.title", "calc.crib", "quiz.check", "quiz.next", "board.prev", "card.starter"):
        assert render(key) in shown, key


def _figure_texts(fig) -> str:
    parts = []
    for ax in fig.axes:
        parts += [t.get_text() for t in ax.texts] + [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        parts += [t.get_text() for t in ax.get_xticklabels()]
        if ax.get_legend():
            parts += [t.get_text() for t in ax.get_legend().get_texts()]
    for legend in fig.legends:
        parts += [t.get_text() for t in legend.get_texts()]
    return "\n".join(parts)


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_charts_and_board_show_no_english_in_other_languages(language):
    from widgets.blocks.board import draw_board
    from widgets.blocks.charts import distribution_chart, selfplay_chart, starter_outcomes_chart

    figures = [distribution_chart(crib=True, highlight=12, language=language),
               starter_outcomes_chart("5H 5D 6H 7S", discards="KC QD", language=language),
               selfplay_chart({"dealer": {"play": 2.0, "hand": 7.9, "crib": 4.6, "heels": 0.2},
                               "pone": {"play": 1.7, "hand": 8.1, "total": 9.8}}, language=language),
               draw_board(((95, 90), (121, 117)), language=language)]
    shown = "\n".join(_figure_texts(fig) for fig in figures)
    leaks = [piece for piece in _english_only_fragments() if piece in shown]
    assert not leaks, leaks
    assert render("board.skunk_line", language) in shown and render("chart.impossible", language) in shown


@pytest.mark.parametrize("language, grouped, share, signed", [("en", "1,009,008", "53%", "+0.46"),
                                                              ("es", "1.009.008", "53\u00a0%", "+0,46"),
                                                              ("pt", "1.009.008", "53%", "+0,46")])
def test_number_writes_what_a_lesson_prints_in_the_languages_symbols(language, grouped, share, signed):
    from widgets.i18n import number
    assert number(1009008, ",", language) == grouped == format(1009008, ",").replace(",", grouped[1])
    assert number(0.53, ".0%", language) == share
    assert number(0.456, "+.2f", language) == signed
    # What an English lesson cell printed with an f-string before, it prints the same through the catalogue.
    assert render("lesson.points_hands", "en", score=1, hands=number(99792, ",", "en"), share=number(0.768, ".3f", "en")) \
        == f"{1:>2} points: {99792:>9,} hands  {0.768:6.3f}%"
    assert render("lesson.points_hands", language, score=1, hands=number(99792, ",", language),
             share=number(0.768, ".3f", language)).endswith(number(0.768, ".3f", language) + "%")


def _said(key: str, language: str) -> str:
    return " ".join(_forms(MESSAGES[key], language))


def test_the_series_of_the_play_is_never_called_a_run():
    """The glossary's "secuencia"/"sequência" is a run; the cards played since the count last began
    are "la serie"/"a série". The try-it prompt said "La secuencia de juego va…" and a hint "…del
    final de la secuencia, … rompe la escalera" ("escalera" is no cribbage word of the course)."""
    run = {"es": re.compile(r"\bsecuencias?\b", re.IGNORECASE), "pt": re.compile(r"\bsequências?\b", re.IGNORECASE)}
    series = {"es": re.compile(r"\bseries?\b", re.IGNORECASE), "pt": re.compile(r"\bséries?\b", re.IGNORECASE)}
    for key, entry in MESSAGES.items():
        english = re.sub(r"{[^}]*}", "", " ".join(_forms(entry, "en")))      # words, not blanks ({series})
        for language in TRANSLATED:
            said = _said(key, language)
            assert "escalera" not in said.lower(), (key, said)
            # a translation says a run only where the English does, and the series where it does
            if run[language].search(said):
                assert re.search(r"\bruns?\b", english, re.IGNORECASE), (key, said)
            if re.search(r"\bseries\b", english, re.IGNORECASE):
                assert series[language].search(said), (key, said)
    assert _said("ex.play.question", "es").startswith("Hasta ahora la serie es {before}.")
    assert _said("ex.play.question", "pt").startswith("Até agora a série é {before}.")


def test_the_expert_computer_is_one_spanish_word():
    """The expert level's computer is "la experta" ("la computadora experta"), never "el experto";
    My deal's expert crib is "cuna experta" beside its column "experta"."""
    expert = re.compile(r"\b(el|del|al) experto\b", re.IGNORECASE)
    for key in MESSAGES:
        assert not expert.search(_said(key, "es")), (key, _said(key, "es"))
    assert _said("table.level.expert", "es") == "experta" == _said("mydeal.col.expert", "es")
    assert _said("table.hint_play", "es").startswith("La experta ")
    assert "Cuna experta:" in _said("mydeal.models", "es") and "Cuna de experto" not in _said("mydeal.models", "es")


#: A player's score in the game (95 of 121), in the seeds' word ("tu última puntuación", "sua última
#: pontuação" of the pegs on the board), and the words it had beside it. Not a row of course/glossary.csv:
#: the English "score" is mostly the verb and a hand's points ("a pair scores 2", "the most common score
#: is 4"), which say "puntos", "vale", "puntúa", so the glossary's matcher would ask for "puntuación" there.
GAME_SCORE = {"es": (re.compile(r"\bpuntuaci(ón|ones)\b", re.IGNORECASE), ("tanteo", "marcador")),
              "pt": (re.compile(r"\bpontuaç(ão|ões)\b", re.IGNORECASE), ("placar",))}
#: The messages that name a player's score in the game (My deal's boxes, the lab's sliders, the pegs' hint).
GAME_SCORE_KEYS = ("mydeal.help", "mydeal.mine", "mydeal.theirs", "mydeal.whose.mine", "mydeal.whose.theirs",
                   "mydeal.need_mine", "mydeal.need_theirs", "mydeal.link_bad_scores", "lab.pos.mine",
                   "lab.pos.theirs", "lab.pos.x", "lab.pos.y", "lab.bad_score", "ex.hint.peg")


@pytest.mark.parametrize("language", sorted(GAME_SCORE))
def test_a_players_score_in_the_game_is_one_word(language):
    """My deal's boxes said "Mis puntos"/"Meus pontos" while its help and errors said "tanteo"/"placar"."""
    word, others = GAME_SCORE[language]
    for key in GAME_SCORE_KEYS:
        assert word.search(_said(key, language)), (key, _said(key, language))
    other = re.compile(rf"\b({'|'.join(others)})(s|es)?\b", re.IGNORECASE)
    for key in MESSAGES:
        assert not other.search(_said(key, language)), (key, _said(key, language))


@pytest.mark.parametrize("language", sorted(GAME_SCORE))
def test_the_engines_messages_name_the_score_so_too(language):
    """The engine's refusals ("the loser's score must be...", a position's scores) and the statistics'
    "your score" said "tanteo"/"placar" and "tus puntos"/"seus pontos" after the views had the seeds' word."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    word, others = GAME_SCORE[language]
    path = Path(__file__).resolve().parent.parent / "cribbage" / "locale" / language / "LC_MESSAGES" / "cribbage.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    other = re.compile(rf"\b({'|'.join(others)})(s|es)?\b", re.IGNORECASE)
    said = {entry.context: entry.string for entry in catalogue if entry.id}
    assert not [(key, text) for key, text in said.items() if isinstance(text, str) and other.search(text)]
    for key in ("game.bad_scores", "result.winner_not_whole", "result.loser_range", "stats.whose.mine",
                "stats.whose.theirs", "stats.bad_scores"):
        assert word.search(said[key]), (key, said[key])


#: A player's name (a blank, or stop 4's Ann) joined to a role noun: "{pone} es el no repartidor", "{pone}, el
#: no repartidor", "Ann (no repartidor):". Said of Ann, a woman, the masculine noun reads wrong; for a blank,
#: any name, either gender's noun can.
NAME_AND_ROLE = r"(?P<name>\{\w+\}|\bAnn\b)(\s*\(|\s*,\s*|\s+(es|é|era|foi)\s+)((el|la|o|a)\s+)?(no\s+|não\s+)?(?P<role>repartidor|carteador)(?P<feminine>a)?"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_players_name_is_never_given_a_gendered_role_noun(language):
    """Stop 4 printed "Ann (no repartidor):" and asked "Ann es el no repartidor, Ben el repartidor. ¿Quién llega
    antes...?" of Ann, a woman; the race question and its hint take any two names."""
    for key in MESSAGES:
        for found in re.finditer(NAME_AND_ROLE, _said(key, language), re.IGNORECASE):
            assert found["name"] == "Ann" and found["feminine"], (key, found.group(0))
    names = {"pone": "Ann", "dealer": "Ben", "target": 121, "nobody": render("ex.race.nobody", language)}
    said = [render("lesson.pone_show", language, count=9), render("ex.race.question", language, **names),
            render("ex.hint.race", language, **names)]
    ann = re.compile(r"\bAnn\b[^.?:;]*\b(el|o)\s+(no\s+|não\s+)?(repartidor|carteador)\b|"
                     r"\bAnn\s*\((no\s+|não\s+)?(repartidor|carteador)\)", re.IGNORECASE)
    assert not [text for text in said if ann.search(text)], said
    # the glossary's words for the roles are still said
    pone, dealer = {"es": ("no repartidor", "repartidor"), "pt": ("não carteador", "carteador")}[language]
    assert pone in said[1].lower() and dealer in said[1].lower().replace(pone, "")

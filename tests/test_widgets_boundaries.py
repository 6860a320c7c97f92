"""A public method of a view given the wrong kind of value checks it at the door and says what was
expected (in the view's language), changing nothing: no TypeError from deep inside, no coercion."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from widgets.base.view import Refused
from widgets.drills.discard import DiscardDrill
from widgets.drills.quiz import ScoringQuiz
from widgets.drills.walkthrough import PeggingPractice
from widgets.table.model import TableSession
from widgets.table.view import GameTable


@pytest.mark.parametrize("six", [5, None, 2.5, True, object()])
def test_drill_deal_of_no_cards_says_cards_were_expected(six):
    drill = DiscardDrill(language="es")
    before = drill.drill
    drill.deal(six, True)
    assert drill.message.startswith("Se esperaban cartas")
    assert drill.drill == before


def test_drill_deal_reads_no_further_than_seven_cards():
    def endless():
        while True:
            yield from DiscardDrill().drill.six
    drill = DiscardDrill()
    drill.deal(endless(), True)
    assert drill.message


@pytest.mark.parametrize("cards", [5, 2.5, True, object()])
def test_table_lay_away_of_no_cards_says_cards_were_expected(cards):
    table = GameTable(board=False, language="pt")
    hand = table.game.hand(0)
    table.lay_away(cards)
    assert table.message.startswith("Esperavam-se cartas")
    assert table.game.hand(0) == hand


@pytest.mark.parametrize("value", ["no", 0, 1, None])
def test_quiz_muggins_is_true_or_false_not_coerced(value):
    quiz = ScoringQuiz()
    with pytest.raises(Refused, match="True or False"):
        quiz.muggins = value
    assert quiz.muggins is False
    quiz.muggins = True
    assert quiz.muggins is True


@pytest.mark.parametrize("hand", [0, 4, "1", 1.0, True, None])
def test_guided_hand_out_of_range_is_refused_with_the_range(hand):
    with pytest.raises(Refused) as refused:
        GameTable.guided(hand, board=False)
    assert refused.value.key == "err.no_guided"
    assert "1 al 3" in refused.value.text("es")


@pytest.mark.parametrize("make, key", [
    (lambda: PeggingPractice(level=5), "table.bad_level"),
    (lambda: PeggingPractice(you_deal="no"), "err.not_yes_no"),
    (lambda: PeggingPractice("x"), "err.bad_seed"),
    (lambda: DiscardDrill(seed=2.5), "err.bad_seed"),
    (lambda: ScoringQuiz(seed="x"), "err.bad_seed"),
    (lambda: TableSession(level="classic "), "table.bad_level"),
])
def test_views_refuse_wrong_settings_in_the_catalogues_words(make, key):
    with pytest.raises(Refused) as refused:
        make()
    assert refused.value.key == key
    assert all(refused.value.text(language) for language in CODES)


def test_guided_table_opens_and_plays():
    table = GameTable.guided(1, board=False)
    table.lay_away(table.game.hand(0)[:2])
    assert table.level_chooser.value == "expert"


def test_walkthrough_names_the_solved_plays_there_are():
    from widgets.drills.pegging_session import SOLVED_PLAYS
    from widgets.drills.walkthrough import PeggingWalkthrough

    walk = PeggingWalkthrough()
    walk.choose(len(SOLVED_PLAYS))
    assert walk.message.endswith(f"choose 0 to {len(SOLVED_PLAYS) - 1}.")


@pytest.mark.parametrize("kwargs, key", [
    (dict(dealer=True), "drill.bad_six"),
    (dict(six="5H 5D 6H 7S 8C", dealer=True), "drill.bad_six"),
    (dict(six="5H 5D 6H 7S 8C 9D", dealer="yes"), "drill.bad_dealer"),
])
def test_drill_settings_are_refused_in_the_catalogues_words(kwargs, key):
    with pytest.raises(Refused) as refused:
        DiscardDrill(**kwargs)
    assert refused.value.key == key


def test_the_crosscribb_quiz_asks_for_a_line_not_a_number() -> None:
    """Issue 16: ``CrossCribbQuiz.score_of(1)`` failed deep inside; it says a board line was expected."""
    from cribbage.crosscribb import LINES
    from widgets import CrossCribbQuiz

    quiz = CrossCribbQuiz(seeds=(1,))
    with pytest.raises(Refused) as refused:
        quiz.score_of(1)  # type: ignore[arg-type]
    assert "line of the board" in refused.value.text("en") and "1" in refused.value.text("en")
    assert "línea del tablero" in refused.value.text("es")
    assert quiz.score_of(LINES[0]).total >= 0

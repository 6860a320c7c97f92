"""The engine is strict at its edges: every argument is checked, bounded and refused in the
engine's own words (a CribbageError with a catalogue message), never coerced or read forever."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cribbage import CribbageError, Game
from cribbage.ai.levels import player
from cribbage.ai.simulate import simulate
from cribbage.crosscribb import CrossCribbGame
from cribbage.lang.messages import LANGUAGES, render
from cribbage.rules.cards import Card, Suit

HANDS = ("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S")


def refused(call, *args, **kwargs) -> CribbageError:
    with pytest.raises(CribbageError) as caught:
        call(*args, **kwargs)
    err = caught.value
    assert err.message.key != "plain", "the refusal must come from the catalogue"
    for language in LANGUAGES:
        assert render(err.message, language)
    return err


def endless(value):
    """An iterable that never ends, counting how far it was read."""
    read = itertools.count()
    for _ in read:
        if _ > 10_000:
            raise AssertionError("read an endless iterable past any sensible bound")
        yield value


@pytest.mark.parametrize("name", ["scores", "deals"])
def test_an_endless_iterable_is_refused_not_read_forever(name):
    refused(Game, 1, **{name: endless(0 if name == "scores" else ((HANDS), None))})
    refused(Game, 1, **{name: itertools.repeat(0 if name == "scores" else (HANDS, None))})


def test_endless_discards_are_refused():
    refused(Game.from_deal, HANDS, "5C", discards=itertools.repeat("8C 9D"))


@pytest.mark.parametrize("kwargs", [dict(scores=None), dict(scores=5), dict(deals=5), dict(deals=None),
                                    dict(scores="ab"), dict(deals=[5])])
def test_wrong_types_are_the_engines_error(kwargs):
    refused(Game, 1, **kwargs)


@pytest.mark.parametrize("discards", [0, ("8C 9D",), 3.5, "8C 9D 2S 3S"])
def test_from_deal_wrong_discards_are_the_engines_error(discards):
    refused(Game.from_deal, HANDS, "5C", discards=discards)


def test_from_deal_discards_of_wrong_cards_are_the_engines_error():
    refused(Game.from_deal, HANDS, "5C", discards=(0, 1))


@pytest.mark.parametrize("kwargs", [dict(double_skunk_games=3.0), dict(double_skunk_games=True),
                                    dict(muggins="no"), dict(muggins=0), dict(muggins=None),
                                    dict(target=121.0), dict(dealer=1.0)])
def test_values_are_refused_not_coerced(kwargs):
    refused(Game, 1, **kwargs)


@pytest.mark.parametrize("kwargs", [dict(muggins="no"), dict(muggins=1), dict(seed=[1]), dict(seed=2.5),
                                    dict(seed=True)])
def test_crosscribb_checks_its_options_as_a_game_does(kwargs):
    err = refused(CrossCribbGame, 2, **kwargs)
    assert err.message.key == refused(Game, **kwargs).message.key
    assert CrossCribbGame(2, seed="x", muggins=True).muggins is True


@pytest.mark.parametrize("rank, suit", [(5, True), (5, 2.0), (5, False), (5, "2"), (5, None)])
def test_card_refuses_a_suit_that_is_not_a_suit(rank, suit):
    refused(Card, rank, suit)


def test_card_still_takes_a_suit_or_its_number():
    assert Card(5, Suit.HEARTS) == Card(5, 2) == Card.parse("5H")
    assert Card(5, np.int64(2)) == Card.parse("5H")


def test_numpy_integers_are_taken_as_target_as_they_are_as_seats():
    game = Game(1, target=np.int64(61), dealer=np.int64(0), double_skunk_games=np.int64(4),
                scores=(np.int64(3), np.int64(5)))
    assert game.target == 61 and type(game.target) is int
    assert type(game.double_skunk_games) is int and game.double_skunk_games == 4
    assert all(type(s) is int for s in game.scores) and game.scores == (3, 5)
    assert game.dealer == 0 and type(game.dealer) is int


def test_a_refused_option_leaves_nothing_half_made():
    err = refused(Game, 1, double_skunk_games=3.0)
    assert "3.0" in str(err)
    assert Game(1, double_skunk_games=3).double_skunk_games == 3


@pytest.mark.parametrize("batch_size", [0, -5, 2.5, True, None])
def test_simulate_refuses_a_batch_size_that_is_not_a_positive_whole_number(batch_size):
    refused(simulate, 10, [player("beginner"), player("beginner")], seed=1, batch_size=batch_size, progress=False)


def test_simulate_refuses_no_games():
    err = refused(simulate, 0, [player("beginner"), player("beginner")], seed=1, progress=False)
    assert "0" in str(err)


def test_simulate_plays_every_game_once_whatever_the_batch():
    players = [player("beginner"), player("beginner")]
    whole = simulate(9, players, seed=1, batch_size=50, progress=False)
    small = simulate(9, players, seed=1, batch_size=2, progress=False)
    assert [r.seed for r in small.records] == [f"1/{i}" for i in range(9)] == [r.seed for r in whole.records]
    assert small.records == whole.records

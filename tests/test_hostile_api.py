"""The engine's public calls given the hostile kinds of :mod:`hostile`: its own error or a right result.

Every call of ``tests/test_public_api_errors.py`` (its table of valid calls, its checks of what a
refusal and a result must be) is given, in one argument at a time, a value of a kind that table does
not use: numpy scalars and 0-d arrays, Decimal, Fraction, complex, a lying ``__index__`` or
``__len__``, lists 3,000 deep or holding themselves, a megabyte of text, fullwidth, zero-width,
right-to-left and ANSI text, paths and bytes-likes. No other exception may escape (0 foreign
exceptions). The fast layer gives every light call every kind (about 3 CPU-s); ``slow`` adds the heavy
calls (tables built). Hypothesis (seeded: derandomised) then draws values of every shape and dtype
where a list is asked for. Then the cases the issue names, one by one, and the rule that a statistics function checks
its arguments before it builds a table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hostile import HOSTILE_LABELS, LARGE, LyingLength, make, nested, sequences
from hypothesis import HealthCheck, given, settings
from test_public_api_errors import BY_NAME, CASES, call, store_dir  # noqa: F401  (the fixture: the store's folder)

import cribbage
import cribbage.crosscribb as crosscribb
import cribbage.progress
import cribbage.stats
import cribbage.stats.keep
import cribbage.stats.position
from cribbage import CribbageError


def hostile_call(case: str, name: str, label: str) -> None:
    call(BY_NAME[case], name, label, lambda: make(label))


def sweep(label: str, *, heavy: bool) -> list[str]:
    """Every argument of every call (the heavy ones too, or not) given a value of the kind ``label``; in the
    fast layer (``heavy`` off) a large kind (a megabyte, 3,000 deep) goes to each call's first argument only."""
    failures = []
    for case in CASES:
        if case.heavy and not heavy:
            continue
        for name in case.valid if heavy or label not in LARGE else list(case.valid)[:1]:
            try:
                hostile_call(case.name, name, label)
            except AssertionError as err:
                failures.append(str(err))
    return failures


@pytest.mark.parametrize("label", HOSTILE_LABELS)
def test_every_light_call_takes_each_hostile_kind(label: str) -> None:
    """All of them (about 2 CPU-s in all: less than a sample drawn by hypothesis would cost)."""
    assert sweep(label, heavy=False) == []


@pytest.mark.slow
@pytest.mark.parametrize("label", HOSTILE_LABELS)
def test_every_call_takes_each_hostile_kind(label: str) -> None:
    """The heavy calls too (tables built or loaded)."""
    assert sweep(label, heavy=True) == []


#: The arguments that take a list (of cards, scores, players, squares...), with the value they are given.
LIST_ARGUMENTS = [(case.name, name) for case in CASES if not case.heavy
                  for name, valid in case.valid.items() if isinstance(valid, (list, tuple, dict))]


@pytest.mark.parametrize("case, name", LIST_ARGUMENTS)
@settings(max_examples=10, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=sequences())
def test_whatever_is_given_for_a_list_is_refused_in_the_engines_words_or_read_rightly(
        case: str, name: str, value: Any) -> None:
    """Where a list is asked for, hypothesis draws arrays of any dtype and shape (0-d too), numpy scalars,
    bytes-likes, lying lengths and deep or self-holding lists."""
    call(BY_NAME[case], name, type(value).__name__, lambda: value)


# --- the cases the issue names ----------------------------------------------------------------------

def refused(call_: Callable[[], Any]) -> CribbageError:
    with pytest.raises(CribbageError) as caught:
        call_()
    assert caught.value.message.key != "plain"
    return caught.value


def _players() -> list[Any]:
    return [crosscribb.RandomPlayer(0), crosscribb.RandomPlayer(1)]


@pytest.mark.parametrize("call_", [
    lambda: cribbage.progress.summarize(np.array(3)),
    lambda: cribbage.progress.summarize(memoryview(b"5H")),
    lambda: crosscribb.play_crosscribb_game(np.array([1, 2]), seed=1),
    lambda: crosscribb.play_crosscribb_game(np.array(["random", "random"]), seed=1),
    lambda: crosscribb.play_round(crosscribb.CrossCribbGame(2, seed=3), players=np.array([1.5, 2.0])),
    lambda: crosscribb.CrossCribbDriver(crosscribb.CrossCribbGame(2, seed=3), {1: np.int64(0)}),
    lambda: cribbage.Game(1, scores=memoryview(b"5H")),
    lambda: cribbage.Game(1, scores=bytearray(b"5H")),
    lambda: cribbage.Game(1, scores=b"\x03\x05"),
    lambda: cribbage.Game(1, back_pegs=memoryview(b"\x00\x00")),
    lambda: crosscribb.Line(np.array([[0]] * 2), 1),
    lambda: crosscribb.Line(nested(3000), 1),
    lambda: cribbage.stats.mean_score(LyingLength(1, 30)),
], ids=["summarize-0d", "summarize-memoryview", "crosscribb-int-array", "crosscribb-name-array",
        "play_round-float-array", "driver-numpy-int", "scores-memoryview", "scores-bytearray", "scores-bytes",
        "back_pegs-memoryview", "line-array", "line-nested", "mean_score-lying-len"])
def test_each_named_hostile_input_is_the_engines_own_error(call_: Callable[[], Any]) -> None:
    refused(call_)


def test_players_in_an_object_array_still_play() -> None:
    """Refusing numpy's values is not refusing an array that holds players: that plays as a list would."""
    game = crosscribb.play_crosscribb_game(np.array(_players(), dtype=object), seed=1, target=5)
    assert game.is_over
    assert game.scores == crosscribb.play_crosscribb_game(_players(), seed=1, target=5).scores


def test_scores_are_still_any_two_whole_numbers() -> None:
    assert cribbage.Game(1, scores=np.array([3, 5])).scores == (3, 5)
    assert cribbage.Game(1, scores=[np.int64(3), 5]).scores == (3, 5)


# --- arguments before tables -------------------------------------------------------------------------

@pytest.fixture
def no_tables(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty table cache, and no table may be built or loaded: a call that gets as far fails the test."""
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))

    def built(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a table was built (or loaded) before the arguments were checked")

    for module in (cribbage.stats.keep, cribbage.stats.position):
        for name in ("cached_arrays", "keep_classes", "deal_log", "win_probabilities"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, built)


SIX = "5H 5D 6H 7S 8C 9D"


@pytest.mark.parametrize("call_", [
    lambda: cribbage.stats.best_keep(SIX, dealer="no"),
    lambda: cribbage.stats.best_keep(SIX, dealer=np.array(True)),
    lambda: cribbage.stats.best_keep(SIX, dealer=None),
    lambda: cribbage.stats.best_keep("5H 5D", dealer=True),
    lambda: cribbage.stats.where_do_i_stand(200, 3, dealer=True),
    lambda: cribbage.stats.where_do_i_stand(np.array(3), 3, dealer=True),
    lambda: cribbage.stats.where_do_i_stand(3, 2.5, dealer=False, target=61),
    lambda: cribbage.stats.where_do_i_stand(3, 3, dealer="yes"),
], ids=["best_keep-dealer-text", "best_keep-dealer-0d", "best_keep-dealer-None", "best_keep-two-cards",
        "stand-mine-200", "stand-mine-0d", "stand-theirs-float", "stand-dealer-text"])
def test_statistics_check_their_arguments_before_any_table(no_tables: None, call_: Callable[[], Any]) -> None:
    refused(call_)

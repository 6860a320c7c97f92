"""Game value: a win, a skunk, a double skunk, at every loser's score and both targets (course/rules.md, "Winning")."""

from __future__ import annotations

import pytest

from cribbage import CribbageError
from cribbage.rules.result import finish_kind, game_value, skunk_lines


@pytest.mark.parametrize("loser, kind, games", [
    (120, "win", 1), (95, "win", 1), (91, "win", 1), (90, "skunk", 2), (88, "skunk", 2),
    (61, "skunk", 2), (60, "double skunk", 3), (0, "double skunk", 3),
])
def test_game_to_121(loser, kind, games):
    assert finish_kind(121, loser) == kind
    assert game_value(121, loser) == games


def test_every_loser_score_has_one_value():
    values = [game_value(121, loser) for loser in range(121)]
    assert values == [3] * 61 + [2] * 30 + [1] * 30


def test_double_skunk_may_count_four():
    assert game_value(121, 60, double_skunk_games=4) == 4
    assert game_value(121, 61, double_skunk_games=4) == 2


def test_game_to_61_has_a_skunk_line_at_31_and_no_double():
    assert skunk_lines(61) == (31, None)
    assert [finish_kind(61, s, target=61) for s in (0, 30, 31, 60)] == ["skunk", "skunk", "win", "win"]
    assert game_value(61, 0, target=61) == 2


@pytest.mark.parametrize("args, kwargs", [
    ((120, 60), {}), ((121, 121), {}), ((121, -1), {}), ((121, 60.0), {}), ((True, 3), {}),
    ((121, 60), {"target": 100}), ((121, 60), {"double_skunk_games": 5}), (("121", 60), {}),
])
def test_refusals_are_cribbage_errors(args, kwargs):
    with pytest.raises(CribbageError):
        game_value(*args, **kwargs)

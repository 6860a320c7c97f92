"""Event and log kinds are enums (equal to their text while callers move over), each documented."""

from __future__ import annotations

import inspect

import pytest

from cribbage import Finish, player
from cribbage.events import LogKind, ScoreKind
from cribbage.pegs import PegRule
from cribbage.players import play_game


@pytest.mark.parametrize("muggins", [False, True])
def test_a_game_records_only_enum_kinds(muggins):
    seen_events, seen_log = set(), set()
    for seed in range(6):
        game = play_game([player("standard"), player("beginner")], seed=seed, muggins=muggins)
        assert all(type(event.kind) is ScoreKind for event in game.events)
        assert all(type(entry.kind) is LogKind for entry in game.log)
        seen_events |= {event.kind for event in game.events}
        seen_log |= {entry.kind for entry in game.log}
        assert type(game.result.kind) is Finish
    assert {ScoreKind.FIFTEEN, ScoreKind.GO, ScoreKind.HAND, ScoreKind.CRIB} <= seen_events
    assert {LogKind.DEAL, LogKind.PLAY, LogKind.GAME_OVER} <= seen_log
    assert (LogKind.COUNT in seen_log) == muggins and (LogKind.SHOW in seen_log) != muggins


def test_kinds_equal_their_text():
    assert ScoreKind.THIRTY_ONE == "thirty-one" and f"{LogKind.END_OF_PLAY}" == "end of play"
    assert {"his heels": 1}[ScoreKind.HIS_HEELS] == 1 and str(Finish.DOUBLE_SKUNK) == "double skunk"


@pytest.mark.parametrize("enum", [ScoreKind, LogKind, Finish, PegRule])
def test_every_member_has_a_docstring(enum):
    lines = inspect.getsource(enum).splitlines()
    for member in enum:
        at = next(i for i, line in enumerate(lines) if line.strip().startswith(f"{member.name} = "))
        assert lines[at - 1].strip().startswith("#:"), member

"""Event and log kinds are enums (equal to their text while callers move over), each documented."""

from __future__ import annotations

import inspect

import pytest

from cribbage import Finish, player
from cribbage.ai.levels import play_game
from cribbage.rules.events import LogKind, ScoreKind
from cribbage.rules.pegboard import PegRule


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


def test_no_name_means_two_things_across_cribbage_and_crosscribb():
    """Issue 10 §4: a public name of cribbage.crosscribb is either cribbage's own object or a name
    cribbage does not use (Phase, GameResult, Player, play_game, game_value, LEVELS, Action collided)."""
    import importlib
    import pkgutil

    import cribbage
    import cribbage.crosscribb as crosscribb

    ours: dict[str, list[object]] = {}
    for info in pkgutil.iter_modules(cribbage.__path__):
        if info.name == "crosscribb" or (info.ispkg and info.name != "progress"):
            continue
        module = importlib.import_module(f"cribbage.{info.name}")
        for name in getattr(module, "__all__", ()):
            ours.setdefault(name, []).append(getattr(module, name))
    for name in crosscribb.__all__:
        theirs = getattr(crosscribb, name)
        assert all(obj is theirs for obj in ours.get(name, [])), f"{name} means two things"

"""Cribbage: the exact, fast engine beneath Cribbage Course.

>>> from cribbage import cards, Card, score_hand
>>> score_hand(cards("5C 5D 6H 7S"), Card.parse("8C")).total
12
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cribbage.lang import messages
from cribbage.lang.messages import Message, message, render
from cribbage.rules.actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.cards import FULL_DECK, RANK_LABELS, Card, CardLike, Deck, Suit, cards
from cribbage.rules.errors import (
    CribbageError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidPlayError,
)
from cribbage.rules.events import GameResult, LogEntry, Phase, ScoreEvent
from cribbage.rules.game import Game
from cribbage.rules.play_scoring import MAX_COUNT, PlayScore, pile_count, score_play
from cribbage.rules.replay import PlayStep, play_steps
from cribbage.rules.result import FULL_GAME, SHORT_GAME, TARGETS, Finish, finish_kind, game_value, skunk_lines
from cribbage.rules.ruleset import Rules
from cribbage.rules.seat_view import SeatView
from cribbage.rules.show_scoring import MAX_SCORE, HandScore, ScoreItem, hand_total, score_hand
from cribbage.rules.table import TableGame

# The computer players, CrossCribb and the statistics use numpy; the rules and the words above do
# not, so that ``import cribbage`` (and a browser's Pyodide, apps/static_calculator/) needs no numpy.
# These names are imported on first use (PEP 562): ``from cribbage import advise_discard`` works as before.
if TYPE_CHECKING:
    from cribbage import crosscribb, stats
    from cribbage.ai.discard import DiscardAdvice, KeepOption, advise_discard
    from cribbage.ai.driver import Driver, Report
    from cribbage.ai.expert import ExpertPlayer
    from cribbage.ai.levels import play_game, player
    from cribbage.ai.play_choice import PlayChoice, PlayView, choose_play
    from cribbage.ai.players import BeginnerPlayer, Player, StandardPlayer
    from cribbage.ai.simulate import SimulationResult, simulate

#: Each lazily imported name and the module it comes from (a module itself when the name is one).
_LAZY: dict[str, str] = {
    "crosscribb": "cribbage.crosscribb",
    "stats": "cribbage.stats",
    **dict.fromkeys(("DiscardAdvice", "KeepOption", "advise_discard"), "cribbage.ai.discard"),
    **dict.fromkeys(("Driver", "Report"), "cribbage.ai.driver"),
    "ExpertPlayer": "cribbage.ai.expert",
    **dict.fromkeys(("play_game", "player"), "cribbage.ai.levels"),
    **dict.fromkeys(("PlayChoice", "PlayView", "choose_play"), "cribbage.ai.play_choice"),
    **dict.fromkeys(("BeginnerPlayer", "Player", "StandardPlayer"), "cribbage.ai.players"),
    **dict.fromkeys(("SimulationResult", "simulate"), "cribbage.ai.simulate"),
}


def __getattr__(name: str) -> Any:
    """Imports a name of :data:`_LAZY` on first use, and keeps it (PEP 562)."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'cribbage' has no attribute {name!r}")
    module = importlib.import_module(where)
    value = module if where == f"cribbage.{name}" else getattr(module, name)   # a sub-package, or a name in it
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "FULL_DECK",
    "FULL_GAME",
    "MAX_COUNT",
    "MAX_SCORE",
    "RANK_LABELS",
    "SHORT_GAME",
    "TARGETS",
    "Action",
    "BeginnerPlayer",
    "Card",
    "CardLike",
    "Count",
    "CribbageError",
    "Deck",
    "Discard",
    "DiscardAdvice",
    "Driver",
    "ExpertPlayer",
    "Finish",
    "Game",
    "GameResult",
    "Go",
    "HandScore",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidPlayError",
    "KeepOption",
    "LogEntry",
    "Message",
    "Muggins",
    "NextDeal",
    "Phase",
    "Play",
    "PlayChoice",
    "PlayScore",
    "PlayStep",
    "PlayView",
    "Player",
    "Report",
    "Rules",
    "ScoreEvent",
    "ScoreItem",
    "SeatView",
    "SimulationResult",
    "StandardPlayer",
    "Suit",
    "TableGame",
    "advise_discard",
    "cards",
    "choose_play",
    "crosscribb",
    "finish_kind",
    "game_value",
    "hand_total",
    "message",
    "messages",
    "pile_count",
    "play_game",
    "play_steps",
    "player",
    "render",
    "score_hand",
    "score_play",
    "simulate",
    "skunk_lines",
    "stats",
]

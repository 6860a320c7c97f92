"""Cribbage: the exact, fast engine beneath Cribbage Course.

>>> from cribbage import cards, Card, score_hand
>>> score_hand(cards("5C 5D 6H 7S"), Card.parse("8C")).total
12
"""

from .messages import Message, message, render
from .cards import FULL_DECK, RANK_LABELS, Card, CardLike, Deck, Suit, cards
from .errors import (CribbageError, IllegalActionError, InvalidCardError, InvalidHandError,
                     InvalidPlayError)
from .play import MAX_COUNT, PlayScore, pile_count, score_play
from .scoring import HandScore, ScoreItem, hand_total, score_hand
from .actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from .events import GameResult, LogEntry, Phase, ScoreEvent
from .game import Game
from .result import finish_kind, game_value, skunk_lines
from .result import FULL_GAME, SHORT_GAME, TARGETS, Finish
from .scoring import MAX_SCORE
from .discard import DiscardAdvice, KeepOption, advise_discard
from .pegging import PlayChoice, PlayView, choose_play
from .players import BeginnerPlayer, ExpertPlayer, Player, StandardPlayer, player, play_game
from .driver import Driver, Report
from .replay import PlayStep, play_steps
from .simulate import SimulationResult, simulate
from . import crosscribb, messages, stats

__all__ = [
    "Card", "CardLike", "Deck", "Suit", "cards", "FULL_DECK", "RANK_LABELS",
    "CribbageError", "InvalidCardError", "InvalidHandError", "InvalidPlayError", "IllegalActionError",
    "HandScore", "ScoreItem", "score_hand", "hand_total",
    "PlayScore", "score_play", "pile_count", "MAX_COUNT",
    "Game", "Phase", "ScoreEvent", "LogEntry", "GameResult",
    "Action", "Discard", "Play", "Go", "Count", "Muggins", "NextDeal",
    "game_value", "finish_kind", "skunk_lines",
    "advise_discard", "DiscardAdvice", "KeepOption",
    "choose_play", "PlayView", "PlayChoice",
    "Player", "BeginnerPlayer", "StandardPlayer", "ExpertPlayer", "player", "play_game",
    "Driver", "Report", "PlayStep", "play_steps",
    "simulate", "SimulationResult",
    "stats", "crosscribb",
    "Message", "message", "render", "messages",
    "Finish", "FULL_GAME", "SHORT_GAME", "TARGETS", "MAX_SCORE",
]

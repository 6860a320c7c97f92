"""Cribbage: the exact, fast engine beneath Cribbage Course.

>>> from cribbage import cards, Card, score_hand
>>> score_hand(cards("5C 5D 6H 7S"), Card.parse("8C")).total
12
"""

from cribbage import crosscribb, stats
from cribbage.ai.discard import DiscardAdvice, KeepOption, advise_discard
from cribbage.ai.driver import Driver, Report
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.levels import play_game, player
from cribbage.ai.play_choice import PlayChoice, PlayView, choose_play
from cribbage.ai.players import BeginnerPlayer, Player, StandardPlayer
from cribbage.ai.simulate import SimulationResult, simulate
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
from cribbage.rules.show_scoring import MAX_SCORE, HandScore, ScoreItem, hand_total, score_hand

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
    "ScoreEvent",
    "ScoreItem",
    "SimulationResult",
    "StandardPlayer",
    "Suit",
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

"""A deal's play replayed from the game's log, step by step, as it looked on the table.

The log records each card played, each go, pass and reset; it does not record the table after each
step. :func:`play_steps` rebuilds it from the log alone: the hands dealt (the ``"deal"`` entry),
the cards laid away (the ``"discard"`` entries), then the series and the cards each seat still holds
after every step of the play. A view steps through these records (the pegging walkthrough) or
announces them as they happen (the pegging practice) without re-deriving the play itself.

>>> from cribbage.rules.game import Game
>>> game = Game.from_deal(("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "5C", dealer=1,
...                       discards=("8C 9D", "2S 3S"))
>>> entry = game.play(0, "5H")
>>> step = play_steps(game)[0]
>>> step.kind.value, str(step.card), step.count, len(step.held[0]), len(step.held[1])
('play', '5♥', 5, 3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.rules.cards import Card
from cribbage.rules.checks import of_kind, whole
from cribbage.rules.events import LogEntry, LogKind, Phase, ScoreEvent
from cribbage.rules.game import Game

__all__ = ["PLAY_STEP_KINDS", "PlayStep", "play_steps"]

#: The log entries of the play, one step each.
PLAY_STEP_KINDS = (LogKind.PLAY, LogKind.GO, LogKind.PASS, LogKind.RESET, LogKind.END_OF_PLAY)


@dataclass(frozen=True)
class PlayStep:
    """One step of the play as the log records it, with what the table looks like after it.

    ``kind``: ``"play"``, ``"go"``, ``"pass"``, ``"reset"`` or ``"end of play"``. ``series`` is the
    cards of the series on the table (for a reset or the end: the series just finished); ``count``
    the count after the step (the finished series' count for a reset); ``held`` the cards each seat
    still holds; ``events`` the points the step pegged.
    """

    kind: LogKind
    seat: int | None
    card: Card | None
    count: int
    series: tuple[Card, ...]
    held: tuple[tuple[Card, ...], tuple[Card, ...]]
    events: tuple[ScoreEvent, ...]

    @property
    def points(self) -> int:
        return sum(event.points for event in self.events)


def play_steps(game: Game, deal: int | None = None) -> tuple[PlayStep, ...]:
    """The play of deal ``deal`` of ``game`` (default: the deal now), step by step, from its log."""
    of_kind(game, "game", Game)
    number = game.deal_number if deal is None else whole(deal, "deal", low=game.start_deal, high=game.deal_number)
    entries = [entry for entry in game.log if entry.deal == number]
    held = _kept(entries)
    steps: list[PlayStep] = []
    series: tuple[Card, ...] = ()
    for entry in entries:
        if entry.kind not in PLAY_STEP_KINDS:
            continue
        card = entry.cards[0] if entry.kind is LogKind.PLAY else None
        if card is not None:
            series += (card,)
            seat = entry.seat
            assert seat is not None
            held = _with(held, seat, tuple(c for c in held[seat] if c != card))
        events = tuple(event for event in entry.events if event.phase is Phase.PLAY)
        steps.append(PlayStep(entry.kind, entry.seat, card, entry.count or 0, series, held, events))
        if entry.kind is LogKind.RESET or entry.kind is LogKind.END_OF_PLAY:
            series = ()
    return tuple(steps)


def _kept(entries: list[LogEntry]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The four cards each seat kept: the six dealt (the pone's come first in the deal) less the two
    laid away, in the game's hand order."""
    deal = next((entry for entry in entries if entry.kind is LogKind.DEAL), None)
    if deal is None or deal.seat is None:
        return (), ()
    dealer = deal.seat
    six: list[list[Card]] = [[], []]
    six[1 - dealer], six[dealer] = list(deal.cards[0::2]), list(deal.cards[1::2])
    for entry in entries:
        if entry.kind is LogKind.DISCARD and entry.seat is not None:
            six[entry.seat] = [c for c in six[entry.seat] if c not in entry.cards]
    return tuple(sorted(six[0], key=_order)), tuple(sorted(six[1], key=_order))


def _order(card: Card) -> int:
    return card.index


def _with(pair: tuple[tuple[Card, ...], tuple[Card, ...]], seat: int,
          cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (cards, pair[1]) if seat == 0 else (pair[0], cards)

"""The expert's measured variants that only a benchmark plays (``players.py --a expert:peg=W,search=C/N``).

Both were measured and left out of the expert (benchmarks/EXPERT.md), and are kept here, outside
the product, so that a faster version can be measured as they were:

- the keep's play counted in the discard: :attr:`ExpertVariant.peg_weight` of the expected play of
  :mod:`cribbage.ai.keep_pegging` added to each keep's net (:func:`cribbage.ai.discard.split_evs`);
- the play searched to its end over the opponent's likeliest hands as read, once both hands hold at
  most ``search[0]`` cards, over their ``search[1]`` likeliest hands (:func:`likeliest_hands`): from
  five cards over 13 hands it won about 1 point more against ev_table, all of it as dealer, but made a
  game 3.7x a classic one, the search being pure Python.

With ``peg_weight = 0`` and ``search = (0, 0)`` an :class:`ExpertVariant` plays as the expert.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.discard import best_discard, split_evs
from cribbage.ai.expert import ExpertPlayer, TableView, choose_strong_play
from cribbage.ai.hand_model import remaining_hands
from cribbage.ai.play_choice import PlayChoice
from cribbage.ai.seat_view import SeatView
from cribbage.rules.cards import Card

# A hand's counts of ranks 1..13 as one number, to sum the keeps that leave the same hand.
_BASE5 = 5 ** np.arange(13, dtype=np.int64)


def likeliest_hands(table: TableView, k: int, most: int) -> list[tuple[tuple[int, ...], float]]:
    """The ``most`` likeliest hands of ``k`` cards (sorted ranks) the opponent may still hold, as
    ``table`` reads them, with their weights, the likeliest first: each keep they may have kept less
    the cards they have played (:func:`cribbage.ai.hand_model.remaining_hands`: the prior, the go,
    the marks), the keeps that leave the same hand summed. Empty if none fits."""
    at_deal, theirs, read = table.reading()
    rows, weight = remaining_hands(at_deal, theirs, **read)
    live = (weight > 0) & (rows[:, 1:].sum(axis=1) == k)
    if not live.any():
        return []
    rows, weight = rows[live], weight[live]
    _, first, inverse = np.unique(rows[:, 1:] @ _BASE5, return_index=True, return_inverse=True)
    mass = np.bincount(inverse, weights=weight)
    top = np.argsort(-mass, kind="stable")[:most]
    return [(tuple(r for r in range(1, 14) for _ in range(int(rows[first[i], r]))), float(mass[i]))
            for i in top]


class SearchingTable(TableView):
    """The table that also searches the play to its end over the opponent's likeliest hands as read,
    once both hands hold at most ``search[0]`` cards (over ``search[1]`` hands; (0, 0): never)."""

    __slots__ = ("search",)

    def __init__(self, view, go_count=None) -> None:
        super().__init__(view, go_count)
        self.search = (0, 0)

    def hands_to_search(self, pool: Sequence[float], k: int):
        hands = super().hands_to_search(pool, k)
        cards, most = self.search
        view = self.view
        if (not hands and k and not view.opponent_go and self.has_log and view.starter is not None
                and len(view.hand) + k <= cards):
            hands = likeliest_hands(self, k, most) or None
        return hands


class ExpertVariant(ExpertPlayer):
    """The expert with the variants of the module docstring (both off by default)."""

    #: The weight of the keep's expected play in the discard (0: left out, as the expert does).
    peg_weight = 0.0
    #: Search the play to its end from ``search[0]`` cards in both hands over the opponent's
    #: ``search[1]`` likeliest hands as read ((0, 0): only the expert's own search at the last cards).
    search: tuple[int, int] = (0, 0)

    def keep_values(self, six: Sequence[Card], *, dealer: bool):
        return split_evs(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return best_discard(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)

    def read_table(self, game: SeatView, seat: int, kind: type[SearchingTable] = SearchingTable) -> SearchingTable:
        """The table of ``kind`` as ``seat`` sees it, the opponent read as the expert reads them, and
        told this variant's search."""
        table = kind.from_game(game, seat)
        table.search = self.search
        self.read_opponent(table, game, seat)
        return table

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        return choose_strong_play(self.read_table(game, seat), to_the_score=self.to_the_score)

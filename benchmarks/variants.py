"""The expert's measured variants that only a benchmark plays (``players.py --a expert:peg=W,search=C/N``).

Kept here, outside the product, so that each can be measured against the expert (benchmarks/EXPERT.md):

- the keep's play counted in the discard: :attr:`ExpertVariant.peg_weight` of the expected play of
  :mod:`cribbage.ai.keep_pegging` added to each keep's net (:func:`cribbage.ai.discard.split_evs`);
- the play searched to its end over the opponent's likeliest hands as read from another number of
  cards or hands than the expert's own (:data:`cribbage.ai.expert.SEARCH`; ``search=0/0``: only at the
  last cards, the expert before issue 51);
- near home, the play searched for the chance of winning from another number of needs, cards or hands
  (:data:`cribbage.ai.expert.WIN_SEARCH`, :data:`~cribbage.ai.expert.WIN_CARDS`; ``win=0``: the expert
  before it, searching for the net to the end).

With ``peg_weight = 0``, ``search = SEARCH`` and the win search's own figures an :class:`ExpertVariant` plays as the expert.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.discard import best_discard, split_evs
from cribbage.ai.expert import SEARCH, WIN_CARDS, WIN_SEARCH, ExpertPlayer, TableView, choose_strong_play
from cribbage.ai.play_choice import PlayChoice
from cribbage.ai.seat_view import SeatView
from cribbage.rules.cards import Card


class ExpertVariant(ExpertPlayer):
    """The expert with the variants of the module docstring (the expert's own by default)."""

    #: The weight of the keep's expected play in the discard (0: left out, as the expert does).
    peg_weight = 0.0
    #: Search the play to its end from ``search[0]`` cards in both hands over the opponent's
    #: ``search[1]`` likeliest hands as read (the expert's own :data:`~cribbage.ai.expert.SEARCH`;
    #: (0, 0): only at the last cards).
    search: tuple[int, int] = SEARCH
    #: Near home, search for the chance of winning once either player needs at most this many (the
    #: expert's own :data:`~cribbage.ai.expert.WIN_SEARCH`; 0: never), from ``win_cards[0]`` cards over
    #: ``win_cards[1]`` hands (:data:`~cribbage.ai.expert.WIN_CARDS`).
    win_search = WIN_SEARCH
    win_cards: tuple[int, int] = WIN_CARDS

    def keep_values(self, six: Sequence[Card], *, dealer: bool):
        return split_evs(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return best_discard(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)

    def read_table(self, game: SeatView, seat: int, kind: type[TableView] = TableView) -> TableView:
        """The table of ``kind`` as ``seat`` sees it, the opponent read as the expert reads them, and
        told this variant's search."""
        table = kind.from_game(game, seat)
        table.search = self.search
        table.win_search = self.win_search
        table.win_cards = self.win_cards
        self.read_opponent(table, game, seat)
        return table

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        return choose_strong_play(self.read_table(game, seat), to_the_score=self.to_the_score)

"""A bound, not a player: the expert told the opponent's four cards in the play.

:class:`OracleExpert` reads the opponent as the expert does, and then puts all its weight on the
four cards the opponent really kept (read from the game itself, which a player is never given:
``players.py --a expert:oracle``; ``expert:oracle=4/3`` only while it holds 4 or 3 cards).
Everything else is the expert's (or its variant's, :mod:`variants`): the discard, the two-move look,
the search at the last cards, the reply in the opponent's style. What it wins against an opponent is the most a better read of that
opponent's cards could add to the expert as it plays now; what it still loses is the play's depth
and the deal's luck (benchmarks/EXPERT.md).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.choice_model import keep_row
from cribbage.ai.expert import TableView, choose_strong_play
from cribbage.ai.hand_model import KEEPS
from cribbage.ai.play_choice import PlayChoice
from cribbage.ai.seat_view import SeatView

sys.path.insert(0, str(Path(__file__).resolve().parent))
from variants import ExpertVariant  # beside this script


class _KnownTable(TableView):
    """The table with one more mark: the keep the opponent really holds, every other keep at 0."""

    __slots__ = ("known",)
    known: np.ndarray

    def reading(self) -> tuple[tuple[int, ...], tuple[int, ...], dict[str, Any]]:
        at_deal, theirs, read = super().reading()
        read["marks"] = [*read["marks"], self.known]
        return at_deal, theirs, read


class OracleExpert(ExpertVariant):
    """The expert that sees the opponent's kept four in the play (see the module docstring), when it
    holds one of ``holding`` cards (4: its first card of the deal, the pone's lead or the dealer's
    answer; 1: its last), to find where a better read would count."""

    holding: frozenset[int] = frozenset({1, 2, 3, 4})

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        if len(game.hand(seat)) not in self.holding:
            return super().hint(game, seat)
        table = self.read_table(game, seat, _KnownTable)
        known = np.zeros(len(KEEPS))
        known[keep_row(c.rank for c in game.kept(1 - seat))] = 1.0
        table.known = known
        return choose_strong_play(table, to_the_score=self.to_the_score)

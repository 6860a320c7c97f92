"""Win probability by position: the chance to win from any pair of scores, dealer or pone.

A dynamic programme over deals, not a simulation of whole games. One deal is taken in the order
points are pegged: his heels (the dealer), the play (both; pone and dealer's play points as they
came together in one deal), the pone's hand, then the dealer's hand and crib. Each stage's
points are drawn from the per-deal distributions of a run of self-play (:mod:`cribbage.stats.deals`),
and whoever reaches the target first wins. When both would reach it in the same play, the one whose
points needed run out first, spreading each side's play points evenly over the play, is taken to
peg out (the pone leads, so a tie is the pone's). The stages are taken as independent of each
other, the play's two sides not.

``W[d, p]``: the chance that the player about to deal, at ``d`` with the opponent at ``p``, wins.
After a deal the pone deals, so ``W`` is its own fixed point, found by iteration: every deal pegs at
least the last card's point, so it converges.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cribbage.lang.messages import message
from cribbage.rules.checks import flag, of_kind
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import shown
from cribbage.rules.result import skunk_lines
from cribbage.stats.deals import DealLog, deal_log
from cribbage.stats.words import refuse

__all__ = ["PositionTable", "stage_distributions", "where_do_i_stand", "win_probabilities"]


@dataclass(frozen=True)
class PositionTable:
    """The chance to win from every position, for a game to ``target``."""

    target: int
    dealer_wins: np.ndarray  #: (target, target): [dealer's score, pone's score] at the start of a deal
    deals: int               #: the self-play deals the distributions came from

    def win_probability(self, mine: int, theirs: int, *, dealer: bool) -> float:
        """My chance to win with the scores ``mine`` and ``theirs`` as a deal begins."""
        for whose, score in (("mine", mine), ("theirs", theirs)):
            if not isinstance(score, (int, np.integer)) or isinstance(score, bool) or not 0 <= score < self.target:
                raise refuse("stats.bad_score", whose=message(f"stats.whose.{whose}"), top=self.target - 1,
                             value=shown(score))
        if dealer:
            return float(self.dealer_wins[mine, theirs])
        return float(1.0 - self.dealer_wins[theirs, mine])

    @property
    def pone_wins(self) -> np.ndarray:
        """[pone's score, dealer's score]: the pone's chance to win."""
        wins: np.ndarray = 1.0 - self.dealer_wins.T
        return wins

    @property
    def skunk_lines(self) -> tuple[int, int | None]:
        """The scores below which the loser is skunked and double skunked (91 and 61 in a game to 121)."""
        return skunk_lines(self.target)


def stage_distributions(log: DealLog) -> dict[str, np.ndarray]:
    """The probability of each number of points at each stage of a deal.

    ``heels`` and ``dealer_show`` (hand and crib) and ``pone_hand`` are 1-D (index = points);
    ``play`` is 2-D, [pone's play points, dealer's play points].
    """
    parts = log.parts.astype(np.int64)
    if not len(parts):
        raise refuse("stats.no_deals")

    def share(values: np.ndarray) -> np.ndarray:
        counts = np.bincount(values)
        shares: np.ndarray = counts / counts.sum()
        return shares

    play = np.zeros((parts[:, 0].max() + 1, parts[:, 2].max() + 1))
    np.add.at(play, (parts[:, 0], parts[:, 2]), 1)
    return {"heels": share(parts[:, 5]), "play": play / play.sum(), "pone_hand": share(parts[:, 1]),
            "dealer_show": share(parts[:, 3] + parts[:, 4])}


def win_probabilities(log: DealLog | None = None, *, target: int = 121) -> PositionTable:
    """The :class:`PositionTable` from a deal log (by default :func:`deal_log`'s cached one)."""
    if whole_number(target) is None:
        raise refuse("game.bad_target", value=shown(target))
    skunk_lines(target)  # refuses a target other than 121 or 61
    log = deal_log() if log is None else of_kind(log, "log", DealLog)
    stages = stage_distributions(log)
    return PositionTable(target, _solve(stages, target), log.deals)


def _shifted(values: np.ndarray, rows: int, cols: int, target: int) -> np.ndarray:
    return values[rows:rows + target, cols:cols + target]


def _solve(stages: dict[str, np.ndarray], target: int, tolerance: float = 1e-13) -> np.ndarray:
    T = target
    pad = 64  # more than any stage's points (a deal's show is at most 29 + 29)
    heels, play, pone_hand, dealer_show = (stages[k] for k in ("heels", "play", "pone_hand", "dealer_show"))
    if max(len(heels), *play.shape, len(pone_hand), len(dealer_show)) >= pad:
        raise refuse("stats.too_many_points")
    d = np.arange(T)[:, None]
    p = np.arange(T)[None, :]
    need_d, need_p = T - d, T - p
    plays = [(i, j, q) for (i, j), q in np.ndenumerate(play) if q > 0]
    # Who pegs out first when both reach the target in one play: fixed for each (i, j).
    first = {(i, j): (need_d * i < need_p * j) for i, j, _ in plays if i and j}
    W: np.ndarray = np.full((T, T), 0.5)
    for _ in range(10 * T):
        # After the deal the pone deals: the dealer's chance is 1 - W[p, d].
        after = np.ones((T + pad, T + pad))        # dealer reached the target: he won
        after[:, T:] = 0.0                          # pone reached it (checked before the dealer's show)
        after[:T, :T] = 1.0 - W.T
        show = sum(q * _shifted(after, k, 0, T) for k, q in enumerate(dealer_show) if q)
        grid = np.ones((T + pad, T + pad))
        grid[:T, :T] = show
        grid[:, T:] = 0.0
        grid[T:, :T] = 1.0
        hand = sum(q * _shifted(grid, 0, k, T) for k, q in enumerate(pone_hand) if q)
        grid = np.ones((T + pad, T + pad))
        grid[:T, :T] = hand
        grid[:, T:] = 0.0
        grid[T:, :T] = 1.0
        played = np.zeros((T, T))
        for i, j, q in plays:
            value = _shifted(grid, j, i, T)
            if i and j:
                both = (d + j >= T) & (p + i >= T)
                value = np.where(both, first[(i, j)], value)
            played += q * value
        grid = np.ones((T + pad, T + pad))
        grid[:T, :T] = played
        new = sum(q * _shifted(grid, k, 0, T) for k, q in enumerate(heels) if q)
        change = np.abs(new - W).max()
        W = new
        if change < tolerance:
            break
    W = np.clip(W, 0.0, 1.0)  # sums of shares can stray a hair outside [0, 1]
    W.flags.writeable = False
    return W


@lru_cache(maxsize=4)
def _default_table(target: int) -> PositionTable:
    return win_probabilities(target=target)


def where_do_i_stand(mine: int, theirs: int, *, dealer: bool, target: int = 121) -> float:
    """My chance to win as a deal begins, with my score, the opponent's, and whether I deal: about
    0.56 for the first dealer at 0-0. The first call builds the default deal log (2,000 expert games,
    a minute or two) unless it is in the cache. For the game table and the board stepper.
    """
    dealer = flag(dealer, "dealer")
    if whole_number(target) is None:
        raise refuse("game.bad_target", value=shown(target))
    skunk_lines(target)  # 121 or 61
    return _default_table(int(target)).win_probability(mine, theirs, dealer=dealer)

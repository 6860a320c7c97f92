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
least the last card's point, so it converges. When the two players are of different levels, each has
his own ``W`` as dealer (from the deals he dealt), and the two are found together.

:func:`calibration` sets the table's chances beside games it never saw: deal starts of another
seeded run, binned by the predicted chance, with how often that deal's dealer went on to win and a
95% (Wilson) interval for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.lang.messages import message
from cribbage.rules.checks import flag, of_kind, whole
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import shown
from cribbage.rules.result import skunk_lines
from cribbage.stats.cache import cache_dir, engine_version
from cribbage.stats.deals import DealLog, deal_log
from cribbage.stats.dictionary import described
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Calibration", "PositionTable", "calibration", "check_scores", "stage_distributions", "where_do_i_stand",
           "win_probabilities"]


@dataclass(frozen=True)
class PositionTable:
    """The chance to win from every position, for a game to ``target``."""

    target: int
    dealer_wins: np.ndarray  #: (target, target): [dealer's score, pone's score] at the start of a deal
    deals: int               #: the self-play deals the distributions came from
    #: the same when the opponent deals, if the two players differ (None: the same as ``dealer_wins``)
    opponent_dealer_wins: np.ndarray | None = None
    level: str = "expert"    #: my level (the deal log's first player)
    opponent: str = "expert"
    muggins: bool = False

    def win_probability(self, mine: int, theirs: int, *, dealer: bool) -> float:
        """My chance to win with the scores ``mine`` and ``theirs`` as a deal begins."""
        check_scores(mine, theirs, self.target)
        if dealer:
            return float(self.dealer_wins[mine, theirs])
        return float(1.0 - self.their_deal[theirs, mine])

    @property
    def their_deal(self) -> np.ndarray:
        """[opponent's score, my score]: the opponent's chance to win as he deals."""
        return self.dealer_wins if self.opponent_dealer_wins is None else self.opponent_dealer_wins

    def to_frame(self) -> pd.DataFrame:
        """Every position (pandas), one row per pair of scores: ``dealer_score`` and ``pone_score``
        (points, 0 .. target - 1, as a deal begins) and ``dealer_wins`` (the dealer's chance to win,
        0..1); with two levels, ``dealer`` says who deals (``me``: the first player, or ``opponent``)."""
        import pandas as pd
        d, p = np.meshgrid(np.arange(self.target), np.arange(self.target), indexing="ij")
        frame = pd.DataFrame({"dealer_score": d.ravel(), "pone_score": p.ravel(),
                              "dealer_wins": self.dealer_wins.ravel()})
        if self.opponent_dealer_wins is None:
            return described(frame, "positions")
        other = pd.DataFrame({"dealer_score": d.ravel(), "pone_score": p.ravel(),
                              "dealer_wins": self.opponent_dealer_wins.ravel()})
        return described(pd.concat([frame.assign(dealer="me"), other.assign(dealer="opponent")], ignore_index=True),
                         "positions")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    @property
    def pone_wins(self) -> np.ndarray:
        """[pone's score, dealer's score]: the pone's chance to win."""
        wins: np.ndarray = 1.0 - self.dealer_wins.T
        return wins

    @property
    def skunk_lines(self) -> tuple[int, int | None]:
        """The scores below which the loser is skunked and double skunked (91 and 61 in a game to 121)."""
        return skunk_lines(self.target)


def stage_distributions(log: DealLog, side: int | None = None) -> dict[str, np.ndarray]:
    """The probability of each number of points at each stage of a deal.

    ``heels`` and ``dealer_show`` (hand and crib) and ``pone_hand`` are 1-D (index = points);
    ``play`` is 2-D, [pone's play points, dealer's play points]. With ``side`` (0 or 1) only the
    deals that player dealt.
    """
    parts = log.parts.astype(np.int64)
    if side is not None:
        parts = parts[log.dealer_side == side]
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
    if log.level == log.opponent:
        return PositionTable(target, _solve([stage_distributions(log)], target)[0], log.deals, None,
                             log.level, log.opponent, log.muggins)
    mine, theirs = _solve([stage_distributions(log, 0), stage_distributions(log, 1)], target)
    return PositionTable(target, mine, log.deals, theirs, log.level, log.opponent, log.muggins)


def _shifted(values: np.ndarray, rows: int, cols: int, target: int) -> np.ndarray:
    return values[rows:rows + target, cols:cols + target]


def _solve(sides: list[dict[str, np.ndarray]], target: int, tolerance: float = 1e-13) -> list[np.ndarray]:
    """Each side's ``W`` as dealer (one side: both players alike). After side ``i`` deals, the other deals."""
    T = target
    W = [np.full((T, T), 0.5) for _ in sides]
    for _ in range(10 * T):
        new = [_deal(stages, 1.0 - W[(i + 1) % len(W)].T, T) for i, stages in enumerate(sides)]
        change = max(float(np.abs(n - w).max()) for n, w in zip(new, W))
        W = new
        if change < tolerance:
            break
    out = []
    for w in W:
        w = np.clip(w, 0.0, 1.0)  # sums of shares can stray a hair outside [0, 1]
        w.flags.writeable = False
        out.append(w)
    return out


def _deal(stages: dict[str, np.ndarray], next_deal: np.ndarray, T: int) -> np.ndarray:
    """The dealer's chance to win as a deal begins, given his chance ``next_deal`` as the next deal
    begins (at the scores it would begin with)."""
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
    after = np.ones((T + pad, T + pad))        # dealer reached the target: he won
    after[:, T:] = 0.0                          # pone reached it (checked before the dealer's show)
    after[:T, :T] = next_deal
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
    result: np.ndarray = sum(q * _shifted(grid, k, 0, T) for k, q in enumerate(heels) if q)
    return result


@dataclass(frozen=True)
class Calibration:
    """The position table's chances beside held-out games, bin by bin (arrays, one entry a bin)."""

    low: np.ndarray          #: each bin's lowest predicted chance (0..1)
    high: np.ndarray         #: and highest (exclusive, but 1 for the last)
    predicted: np.ndarray    #: the mean predicted chance of the dealer winning in the bin
    observed: np.ndarray     #: the share of those deal starts whose dealer went on to win
    observed_low: np.ndarray   #: 95% Wilson interval of ``observed``
    observed_high: np.ndarray
    starts: np.ndarray       #: deal starts in the bin
    games: int               #: the held-out games
    brier: float             #: mean squared gap between prediction and outcome (lower is better)
    brier_coin: float        #: the same for a prediction of 50% every time

    def to_frame(self) -> pd.DataFrame:
        """One row per bin (pandas). Columns: ``low``, ``high`` (the bin's range of predicted
        chances, 0..1), ``predicted`` (mean predicted chance), ``observed`` (share of the dealers who
        won), ``observed_low``, ``observed_high`` (its 95% interval), ``starts`` (sample size)."""
        import pandas as pd
        return described(pd.DataFrame({"low": self.low, "high": self.high, "predicted": self.predicted,
                                       "observed": self.observed, "observed_low": self.observed_low,
                                       "observed_high": self.observed_high, "starts": self.starts}), "calibration")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path


def wilson(hits: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``hits / n`` (95% by default)."""
    if n <= 0:
        return math.nan, math.nan
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def calibration(table: PositionTable, held_out: DealLog, *, bins: int = 10) -> Calibration:
    """The table's predicted chances against ``held_out`` (a deal log of other seeded games, the
    same rules and levels), in ``bins`` equal bins of predicted chance; empty bins are left out.
    Deal starts of one game are not independent, so the intervals are a little too narrow."""
    table, held_out = of_kind(table, "table", PositionTable), of_kind(held_out, "held_out", DealLog)
    bins = whole(bins, "bins", low=1, high=1000)
    if held_out.target != table.target:
        raise refuse("game.bad_target", value=shown(held_out.target))
    d, p, won = (held_out.starts[:, i].astype(np.intp) for i in range(3))
    mine = held_out.start_side == 0
    predicted = np.where(mine, table.dealer_wins[d, p], table.their_deal[d, p])
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.digitize(predicted, edges) - 1, 0, bins - 1)
    rows = []
    for b in range(bins):
        inside = which == b
        n = int(inside.sum())
        if n:
            hits = float(won[inside].sum())
            rows.append((edges[b], edges[b + 1], float(predicted[inside].mean()), hits / n, *wilson(hits, n), n))
    cols = list(zip(*rows)) if rows else [()] * 7
    low, high, pred, obs, olo, ohi, starts = (np.array(c, dtype=float) for c in cols)
    return Calibration(low, high, pred, obs, olo, ohi, starts.astype(np.int64), held_out.games,
                       float(((predicted - won) ** 2).mean()), float(((0.5 - won) ** 2).mean()))


def check_scores(mine: object, theirs: object, target: int) -> None:
    """Refuse scores that are not whole numbers from 0 to ``target`` - 1 (a numpy integer is one;
    a 0-d array, a bool or a float is not)."""
    for whose, score in (("mine", mine), ("theirs", theirs)):
        if not isinstance(score, (int, np.integer)) or isinstance(score, bool) or not 0 <= score < target:
            raise refuse("stats.bad_score", whose=message(f"stats.whose.{whose}"), top=target - 1, value=shown(score))


@lru_cache(maxsize=4)
def _default_table(folder: str, version: str, target: int) -> PositionTable:
    # Kept by the cache folder and the engine's version too, as best_keep keeps its table: another
    # folder holds (or lacks) another deal log.
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
    check_scores(mine, theirs, int(target))  # before the table: its first build takes minutes
    return _default_table(str(cache_dir()), engine_version(), int(target)).win_probability(mine, theirs, dealer=dealer)

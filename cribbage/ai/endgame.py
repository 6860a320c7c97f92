"""Play to the score: a simple chance of winning from any score, for decisions in the last deals.

:func:`win_probability` is the chance that a player wins from a position (both scores, who deals),
worked out by dynamic programming over every pair of scores from how many points a deal gives each
part: the pone's pegging and hand, the dealer's pegging, hand and crib
(:data:`cribbage.ai.deal_points.COUNTS`, measured in self-play of the expert, ``python -m
cribbage.build deal_points``). Within a deal the order of counting is the game's: the pegging first
(when both could peg out it is a coin toss, a simplification), then the pone's hand, then the
dealer's hand and crib. The parts are taken as independent: a simpler estimate than the exact one
of the statistics lab, good enough to choose a keep near the end.

:func:`keep_win_probabilities` gives each of the 15 keeps of a deal its chance of winning the game:
the kept hand's exact show over the 46 starters, the crib's average moved by the two cards laid away,
the rest from :data:`cribbage.ai.deal_points.COUNTS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

import numpy as np

from cribbage.ai.deal_points import COUNTS
from cribbage.lang.messages import Message, add_catalogue, message

__all__ = ["DEAL_PARTS_USED", "crib_shift", "keep_win_probabilities", "score_hint", "show_chances", "win_probability"]

add_catalogue({
    "endgame.hint.pone": {"en": "you need {need} and your opponent {their_need}; you are the pone and count first: "
              "your chance of winning is about {chance}%"},
    "endgame.hint.dealer": {"en": "you need {need} and your opponent {their_need}; the pone counts first, then you: "
              "your chance of winning is about {chance}%"},
})

#: The parts of a deal in :mod:`cribbage.ai.deal_points`: how often each number of points was scored.
DEAL_PARTS_USED = ("pone play", "pone hand", "dealer play", "dealer hand", "crib")


@lru_cache(maxsize=1)
def _parts() -> dict[str, np.ndarray]:
    return {name: np.array(COUNTS[name], dtype=float) / sum(COUNTS[name]) for name in DEAL_PARTS_USED}


def _tail(dist: np.ndarray) -> np.ndarray:
    """P(points >= k) for k = 0 .. len(dist) (the last entry 0)."""
    out = np.zeros(len(dist) + 1)
    out[:-1] = dist[::-1].cumsum()[::-1]
    return out


@lru_cache(maxsize=1)
def _play_tails() -> tuple[np.ndarray, np.ndarray]:
    parts = _parts()
    return _tail(parts["pone play"]), _tail(parts["dealer play"])


def _at_least(tail: np.ndarray, k: int) -> float:
    if k <= 0:
        return 1.0
    return float(tail[k]) if k < len(tail) else 0.0


@lru_cache(maxsize=2)
def _table(target: int) -> np.ndarray:
    """``A[p, d]``: the chance the pone of the coming deal wins, the pone at ``p``, the dealer at ``d``."""
    parts = _parts()
    return _solve_table(target, parts["pone play"], parts["pone hand"], parts["dealer play"],
                        np.convolve(parts["dealer hand"], parts["crib"]))


def _deal_outcome(p: int, d: int, target: int, pone_play: np.ndarray, pone_hand: np.ndarray,
                  dealer_play: np.ndarray, dealer_rest: np.ndarray,
                  tails: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[float, np.ndarray, np.ndarray]:
    """The pone's chance to win within this deal, and the distributions of the points each side
    scores when nobody reaches ``target`` (pone's, dealer's; truncated below what would win)."""
    need_p, need_d = target - p, target - d
    tp, td = tails if tails is not None else (_tail(pone_play), _tail(dealer_play))
    fp, fd = _at_least(tp, need_p), _at_least(td, need_d)
    win = fp * (1 - fd) + 0.5 * fp * fd  # pegging out; both: a coin toss
    # Nobody pegged out: the pone's hand, then the dealer's hand and crib.
    x = np.convolve(pone_play[:need_p], pone_hand)  # pone's total, pegging below need
    win += (1 - fd) * float(x[need_p:].sum())
    y = np.convolve(dealer_play[:need_d], dealer_rest)
    return win, x[:need_p], y[:need_d]


def _solve_table(target: int, pone_play: np.ndarray, pone_hand: np.ndarray, dealer_play: np.ndarray,
                 dealer_rest: np.ndarray) -> np.ndarray:
    a = np.full((target + 1, target + 1), 0.5)
    tails = _tail(pone_play), _tail(dealer_play)
    # Higher totals first: a deal only adds points. A deal where nobody scores swaps the roles at the
    # same scores; that rare case reads the value of the previous sweep (two sweeps settle it).
    # What _deal_outcome works out for each cell depends on the pone's score alone (their chance to
    # peg out, their totals) or the dealer's alone: worked out once per score, not once per cell,
    # by the same operations, so the table is the same to the last bit.
    fp = [_at_least(tails[0], target - p) for p in range(target)]
    fd = [_at_least(tails[1], target - d) for d in range(target)]
    xs = [np.convolve(pone_play[:target - p], pone_hand) for p in range(target)]
    x_over = [float(x[target - p:].sum()) for p, x in enumerate(xs)]
    xs = [x[:target - p] for p, x in enumerate(xs)]
    ys = [np.convolve(dealer_play[:target - d], dealer_rest)[:target - d] for d in range(target)]
    # The other side's chances, 1 - A, kept beside A as it fills: each cell is read many times.
    lose = 1 - a
    for _ in range(2):
        for p, d in _by_total(target):
            win = fp[p] * (1 - fd[d]) + 0.5 * fp[p] * fd[d]  # as in _deal_outcome
            win += (1 - fd[d]) * x_over[p]
            x, y = xs[p], ys[d]
            # Next deal: the dealer becomes the pone: A[d + j, p + i] is their chance.
            win += float(x @ lose[d:d + len(y), p:p + len(x)].T @ y)
            a[p, d] = win
            lose[p, d] = 1 - win
    return a


def _by_total(target: int) -> Iterator[tuple[int, int]]:
    """Every pair of scores below ``target``, the highest total first, then the pone's lowest."""
    for total in range(2 * target - 2, -1, -1):
        for p in range(max(0, total - target + 1), min(total, target - 1) + 1):
            yield p, total - p


def win_probability(own: int, theirs: int, *, dealer: bool, target: int = 121) -> float:
    """The chance that a player at ``own`` beats one at ``theirs``, before a deal where the player is
    dealer (``dealer=True``) or pone. A player at the target has won."""
    if own >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    table = _table(target)
    return float(1 - table[theirs, own]) if dealer else float(table[own, theirs])


def score_hint(own: int, theirs: int, *, dealer: bool, target: int = 121) -> Message:
    """What a player near the end should keep in mind, for the game table's hint: the points each
    side needs, who counts first, and the chance of winning (:func:`win_probability`, in whole %).

    >>> str(score_hint(110, 115, dealer=True))
    'you need 11 and your opponent 6; the pone counts first, then you: your chance of winning is about 12%'
    """
    chance = round(100 * win_probability(own, theirs, dealer=dealer, target=target))
    return message("endgame.hint.dealer" if dealer else "endgame.hint.pone",
                   need=target - own, their_need=target - theirs, chance=chance)


@lru_cache(maxsize=1)
def _mean_crib() -> float:
    crib = _parts()["crib"]
    return float(np.arange(len(crib)) @ crib)


def crib_shift(crib_ev: float) -> int:
    """How far a crib worth ``crib_ev`` on average moves the measured crib's distribution (whole points)."""
    return round(crib_ev - _mean_crib())


def show_chances(target: int, pone_show: int, dealer_show: int, shift: int) -> Callable[[int, int], float]:
    """The pone's chance of winning once the play of a deal is over, from the points each side then still
    needs: the pone's hand shows ``pone_show`` and counts first, then the dealer's ``dealer_show`` and the
    crib (the measured distribution moved by ``shift``: :func:`crib_shift`), then the deals after it
    (:func:`win_probability`, the dealer of this deal the pone of the next). The play's search near home
    (:class:`cribbage.ai.play_search.WinSearch`) asks it at the end of every line it plays out."""
    lose = _lose(target)
    crib = _crib_moved(shift)
    memo: dict[tuple[int, int], float] = {}

    def chance(need_pone: int, need_dealer: int) -> float:
        found = memo.get((need_pone, need_dealer))
        if found is not None:
            return found
        if need_pone <= pone_show:
            out = 1.0
        elif need_dealer <= dealer_show:
            out = 0.0
        else:
            pone_at = target - need_pone + pone_show
            dealer_at = target - need_dealer + dealer_show
            # A crib that takes the dealer home ends the game: only the smaller ones leave a next deal.
            below = crib[:need_dealer - dealer_show]
            out = float(below @ lose[dealer_at:dealer_at + len(below), pone_at])
        memo[(need_pone, need_dealer)] = out
        return out

    return chance


@lru_cache(maxsize=32)
def _crib_moved(shift: int) -> np.ndarray:
    """The measured crib's distribution moved by ``shift`` points (never below 0): the crib of a
    discard worth ``shift`` more (or less) than the average one."""
    crib = _parts()["crib"]
    if shift >= 0:
        shifted: np.ndarray = np.concatenate([np.zeros(shift), crib])
        return shifted
    out: np.ndarray = crib[-shift:].copy()
    out[0] += crib[:-shift].sum()
    return out


def keep_win_probabilities(hand_shows: np.ndarray, crib_evs: Sequence[float] | np.ndarray, own: int, theirs: int, *,
                           dealer: bool, target: int = 121) -> np.ndarray:
    """Each keep's chance of winning the game: ``hand_shows`` is (15, 46), the show of each keep with
    each starter; ``crib_evs`` the crib each split's discard gives on average."""
    shows = np.asarray(hand_shows)
    rows, starters = shows.shape
    # How often each keep shows each number of points, a row per keep.
    counts = np.bincount((shows + _SHOWS * np.arange(rows)[:, None]).ravel(),
                         minlength=_SHOWS * rows).reshape(rows, _SHOWS)
    p, d = (theirs, own) if dealer else (own, theirs)
    mean = _mean_crib()
    shifts = [round(c - mean) for c in np.asarray(crib_evs, dtype=float).tolist()]  # as crib_shift
    distinct = sorted(set(shifts))
    by_show = _win_by_show(p, d, dealer, target, tuple(distinct))
    pone_wins = (counts @ by_show.T)[np.arange(rows), [distinct.index(s) for s in shifts]] / starters
    chances: np.ndarray = 1 - pone_wins if dealer else pone_wins
    # Keeps that tie for the best (often: every keep sure to reach home) are told apart by the last
    # bits of the sums, which depend on the order of operations. Work those out deal by deal
    # (_keep_win), so the expert's choice among them does not depend on how this is vectorised.
    values = chances.tolist()
    best = max(values)
    near = [j for j, value in enumerate(values) if value >= best - 1e-9]
    if len(near) > 1:
        exact: dict[tuple[bytes, int], float] = {}  # keeps alike in shows and crib come out alike
        for j in near:
            key = (counts[j].tobytes(), shifts[j])
            if key not in exact:
                exact[key] = _keep_win(shows[j], crib_evs[j], p, d, dealer, target)
            chances[j] = exact[key]
    return chances


def _keep_win(shows: np.ndarray, crib_ev: float, p: int, d: int, dealer: bool, target: int) -> float:
    """One keep's chance of winning, from its shows over the starters and its crib (see
    :func:`keep_win_probabilities`), worked out as a whole deal: :func:`_deal_outcome`."""
    parts = _parts()
    kept = np.bincount(shows, minlength=_SHOWS)[:_SHOWS] / len(shows)
    shift = round(crib_ev - _mean_crib())
    moved = _crib_moved(shift)
    if dealer:
        rest = np.convolve(kept, moved)
        pone_hand = parts["pone hand"]
    else:
        rest = _dealer_rest(shift)
        pone_hand = kept
    win, x, y = _deal_outcome(p, d, target, parts["pone play"], pone_hand, parts["dealer play"], rest,
                              _play_tails())
    nxt = _table(target)[d:d + len(y), p:p + len(x)]
    pone_wins = win + float(x @ (1 - nxt.T) @ y)
    return 1 - pone_wins if dealer else pone_wins


# A hand shows 0 to 29 points.
_SHOWS = 30


def _shifted(dists: np.ndarray) -> np.ndarray:
    """``dists[..., h, :]`` moved up by h points, for h = 0 .. 29 (a new axis before the last):
    the convolution of each distribution with a hand of exactly h points."""
    length = dists.shape[-1]
    width = length + _SHOWS - 1
    # Rows one longer than the result, the distribution at the start of each: read back as rows of
    # ``width``, row h starts h places earlier in the buffer, so its distribution sits h places on.
    buffer = np.zeros((*dists.shape[:-1], _SHOWS, width + 1))
    buffer[..., :length] = dists[..., None, :]
    flat = buffer.reshape((*dists.shape[:-1], -1))[..., :_SHOWS * width]
    out: np.ndarray = flat.reshape((*dists.shape[:-1], _SHOWS, width))
    return out


def _win_by_show(p: int, d: int, dealer: bool, target: int, shifts: tuple[int, ...]) -> np.ndarray:
    """The pone's chance of winning the game, the pone at ``p`` and the dealer at ``d``, when the
    keep (the dealer's if ``dealer``, else the pone's) shows exactly h points (column h, 0..29) and
    its discard moves the crib by ``shifts[i]`` (row i): the deal as in :func:`_deal_outcome`.

    The chance is linear in the keep's distribution of shows, so a keep's chance is its
    distribution times a row of this table: a deal's 15 keeps, which move the crib by a few
    shifts only, cost a few rows, not 15 deals worked out one by one."""
    need_p, need_d = target - p, target - d
    tp, td = _play_tails()
    fp, fd = _at_least(tp, need_p), _at_least(td, need_d)
    base = fp * (1 - fd) + 0.5 * fp * fd  # pegging out; both: a coin toss
    pone_totals, pone_over = _pone_totals(need_p, dealer)
    # Next deal the dealer becomes the pone: 1 - A[d + j, p + i] is the pone's chance then.
    lose = _lose(target)[d:target, p:p + pone_totals.shape[-1]]
    dealer_totals = np.array([_dealer_totals(need_d, dealer, shift) for shift in shifts])
    win = base + (1 - fd) * pone_over
    out: np.ndarray
    if dealer:
        # The pone's totals are the measured ones; the dealer's move up with the keep's show.
        out = win + _shifted(dealer_totals)[:, :, :need_d] @ (lose @ pone_totals)
    else:
        out = win + dealer_totals @ lose @ pone_totals.T
    return out


@lru_cache(maxsize=256)
def _pone_totals(need: int, dealer: bool) -> tuple[np.ndarray, float | np.ndarray]:
    """The pone's total after the play and their hand, below ``need``, and the chance it reaches
    ``need``: with the measured hand (``dealer``: the keep is the dealer's) or, by row, with a hand
    of exactly h points (the keep is the pone's)."""
    parts = _parts()
    play = parts["pone play"][:need]
    if dealer:
        x = np.convolve(play, parts["pone hand"])
        return _frozen(x[:need]), float(x[need:].sum())
    xs = _shifted(play)
    return _frozen(xs[:, :need].copy()), _frozen(xs[:, need:].sum(axis=1))


# Under 700 keys in 1,000 self-play games: 1,024 hold them all (benchmarks/memory.py).
@lru_cache(maxsize=1024)
def _dealer_totals(need: int, dealer: bool, shift: int) -> np.ndarray:
    """The dealer's total after the play and their crib (moved by ``shift``), and their hand as
    measured unless the keep is theirs (``dealer``), below ``need``, padded with zeros to ``need``."""
    play = _parts()["dealer play"][:need]
    y = np.convolve(play, _crib_moved(shift) if dealer else _dealer_rest(shift))[:need]
    out = np.zeros(need)
    out[:len(y)] = y
    return _frozen(out)


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@lru_cache(maxsize=2)
def _lose(target: int) -> np.ndarray:
    """1 - :func:`_table`: the other side's chances."""
    return _frozen(1 - _table(target))


@lru_cache(maxsize=32)
def _dealer_rest(shift: int) -> np.ndarray:
    """The dealer's hand and crib together, the crib moved by ``shift``."""
    out = np.convolve(_parts()["dealer hand"], _crib_moved(shift))
    out.flags.writeable = False
    return out

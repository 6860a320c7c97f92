"""Play to the score: a simple chance of winning from any score, for decisions in the last deals.

:func:`win_probability` is the chance that a player wins from a position (both scores, who deals),
worked out by dynamic programming over every pair of scores from how many points a deal gives each
part: the pone's pegging and hand, the dealer's pegging, hand and crib (:data:`DEAL_POINTS`,
measured in self-play of the strong expert, ``python -m cribbage.endgame``). Within a deal the
order of counting is the game's: the pegging first (when both could peg out it is a coin toss, a
simplification), then the pone's hand, then the dealer's hand and crib. The parts are taken as
independent: a simpler estimate than the exact one of the statistics lab, good enough to choose a
keep near the end.

:func:`keep_win_probabilities` gives each of the 15 keeps of a deal its chance of winning the game:
the kept hand's exact show over the 46 starters, the crib's average moved by the two cards laid away,
the rest from :data:`DEAL_POINTS`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from .messages import Message, add_catalogue, message

__all__ = ["win_probability", "keep_win_probabilities", "score_hint", "DEAL_PARTS_USED"]

add_catalogue({
    "endgame.hint.pone": {"en": "you need {need} and your opponent {their_need}; you are the pone and count first: "
              "your chance of winning is about {chance}%"},
    "endgame.hint.dealer": {"en": "you need {need} and your opponent {their_need}; the pone counts first, then you: "
              "your chance of winning is about {chance}%"},
})

#: The parts of a deal in :mod:`cribbage._deal_points`: how often each number of points was scored.
DEAL_PARTS_USED = ("pone play", "pone hand", "dealer play", "dealer hand", "crib")


@lru_cache(maxsize=1)
def _parts() -> dict[str, np.ndarray]:
    from ._deal_points import COUNTS

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
                  tails: "tuple[np.ndarray, np.ndarray] | None" = None) -> tuple[float, np.ndarray, np.ndarray]:
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
    order = sorted(((p, d) for p in range(target) for d in range(target)), key=lambda s: -(s[0] + s[1]))
    for _ in range(2):
        for p, d in order:
            win, x, y = _deal_outcome(p, d, target, pone_play, pone_hand, dealer_play, dealer_rest, tails)
            # Next deal: the dealer becomes the pone: A[d + j, p + i] is their chance.
            nxt = a[d:d + len(y), p:p + len(x)]
            win += float(x @ (1 - nxt.T) @ y)
            a[p, d] = win
    return a


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
    parts = _parts()
    table = _table(target)
    p, d = (theirs, own) if dealer else (own, theirs)
    out = np.empty(len(hand_shows))
    for j, shows in enumerate(hand_shows):
        kept = np.bincount(shows, minlength=30)[:30] / len(shows)
        moved = _crib_moved(int(round(crib_evs[j] - _mean_crib())))
        if dealer:
            rest = np.convolve(kept, moved)
            pone_hand = parts["pone hand"]
        else:
            rest = np.convolve(parts["dealer hand"], moved)
            pone_hand = kept
        win, x, y = _deal_outcome(p, d, target, parts["pone play"], pone_hand, parts["dealer play"], rest,
                                  _play_tails())
        nxt = table[d:d + len(y), p:p + len(x)]
        pone_wins = win + float(x @ (1 - nxt.T) @ y)
        out[j] = 1 - pone_wins if dealer else pone_wins
    return out


def _measure(games: int = 1500, seed: str = "deal points") -> dict[str, list[int]]:
    """How often each number of points each part of a deal scored, in strong-expert self-play."""
    from .players import play_game
    from .simulate import DEAL_PARTS, deal_parts
    from .strategy import StrongExpertPlayer

    counts = {name: [0] * 60 for name in DEAL_PARTS_USED}
    for i in range(games):
        game = play_game([StrongExpertPlayer(seed=1), StrongExpertPlayer(seed=2)], seed=f"{seed}/{i}")
        for row in deal_parts(game):
            parts = dict(zip(DEAL_PARTS, row))
            parts["dealer play"] += parts["his heels"]
            for name in DEAL_PARTS_USED:
                counts[name][min(parts[name], 59)] += 1
    for name in counts:
        while counts[name] and counts[name][-1] == 0:
            counts[name].pop()
    return counts


if __name__ == "__main__":
    import pathlib

    measured = _measure()
    path = pathlib.Path(__file__).with_name("_deal_points.py")
    lines = ['"""Points per part of a deal in strong-expert self-play (1,500 games, seed "deal points"),',
             'made by ``python -m cribbage.endgame``. Do not edit: rerun it."""', "", "COUNTS = {"]
    lines += [f"    {name!r}: {tuple(values)!r}," for name, values in measured.items()]
    path.write_text("\n".join(lines + ["}", ""]), encoding="utf-8")

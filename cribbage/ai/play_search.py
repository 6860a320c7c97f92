"""The play searched to its end: the most the player to move can peg less the other's, every card known.

The expert searches the rest of the play over each hand it reads the opponent may hold, weighted
(:mod:`cribbage.ai.expert`): from the last cards always, and from five cards in both hands over their
likeliest hands (:data:`cribbage.ai.expert.SEARCH`). A position is the series so far (ranks), its count,
the two hands (ranks, sorted) and whether the other player has said go: suits never matter in the play.
"""

from __future__ import annotations

from functools import lru_cache

from cribbage.ai.play_choice import RANK_VALUE, next_points
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["solve", "solve_after"]


# Sized with the other caches of the players: a process playing 10,000 games stays under 150 MB
# (tests/test_cache_bounds.py, benchmarks/memory.py). Most positions of a search are its own: a bigger
# cache gains little (benchmarks/EXPERT.md).
@lru_cache(maxsize=1 << 15)
def solve(series: tuple[int, ...], count: int, a: tuple[int, ...], b: tuple[int, ...], go: bool) -> int:
    """The most the player to move (holding ranks ``a``, sorted) can peg minus the other's (holding
    ``b``), both playing perfectly with every card known, from here to the end of the play.

    ``count`` is the count of ``series``; ``go``: the other player has said go in this series (so
    the last card played was the mover's)."""
    if not a and not b:
        if not series:
            return 0
        return 1 if go else -1  # the last card takes the go
    room = MAX_COUNT - count
    points = next_points(series)
    best = None
    previous = 0
    alone = go or not b
    for i, r in enumerate(a):
        if r == previous:
            continue
        previous = r
        v = RANK_VALUE[r]
        if v > room:
            break  # sorted by rank, so by value: nothing after fits either
        rest = a[:i] + a[i + 1:]
        if v == room:  # 31: the count starts again, the other leads
            value = points[r] - solve((), 0, b, rest, False)
        elif alone:
            value = points[r] + solve((*series, r), count + v, rest, b, True)
        else:
            value = points[r] - solve((*series, r), count + v, b, rest, False)
        if best is None or value > best:
            best = value
    if best is not None:
        return best
    if alone:
        # Nobody can play: the mover played the last card, takes the go, and the other leads anew.
        if not series:
            return -solve((), 0, b, a, True)
        return 1 - solve((), 0, b, a, False)
    return -solve(series, count, b, a, True)


def solve_after(series: tuple[int, ...], count: int, rank: int, mine: tuple[int, ...], theirs: tuple[int, ...],
                alone: bool) -> int:
    """Our net from the rest of the play after we play ``rank`` on ``series`` at ``count`` (``mine``: the
    ranks we hold after it, sorted), the opponent holding ``theirs``: what follows our card, not what
    it pegs itself. ``alone``: they have said go in this series."""
    after = count + RANK_VALUE[rank]
    if after == MAX_COUNT:
        return -solve((), 0, theirs, mine, False)
    if alone or not theirs:
        return solve((*series, rank), after, mine, theirs, True)
    return -solve((*series, rank), after, theirs, mine, False)

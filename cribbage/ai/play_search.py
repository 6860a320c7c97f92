"""The play searched to its end: the most the player to move can peg less the other's, every card known.

The expert searches the rest of the play over each hand it reads the opponent may hold, weighted
(:mod:`cribbage.ai.expert`): from the last cards always, and from five cards in both hands over their
likeliest hands (:data:`cribbage.ai.expert.SEARCH`). A position is the series so far (ranks), its count,
the two hands (ranks, sorted) and whether the other player has said go: suits never matter in the play.

Near home the points each player still needs join the position and the search is for the chance of
winning the game (:class:`WinSearch`): a player whose points reach their need has won, and once the play
is over the show and the deals after it decide (:data:`cribbage.ai.expert.WIN_SEARCH`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from cribbage.ai.play_choice import RANK_VALUE, next_points
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["WinSearch", "solve", "solve_after"]


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


class WinSearch:
    """The play searched to its end for the chance of winning the game, not the net: near home a
    point that pegs out is worth more than two that do not, and a card that gives the other player
    their last points loses whatever it pegs.

    ``show(need_pone, need_dealer)`` is the pone's chance of winning once the play is over with those
    needs (the show, then the deals after it); each player's points come off their need as they peg,
    and a player whose need reaches 0 has won. Positions are remembered for the life of the search
    (one decision, one hand of the opponent's show)."""

    __slots__ = ("_memo", "show")

    def __init__(self, show: Callable[[int, int], float]) -> None:
        self.show = show
        self._memo: dict[tuple[object, ...], float] = {}

    def value(self, series: tuple[int, ...], count: int, a: tuple[int, ...], b: tuple[int, ...], go: bool,
              need_a: int, need_b: int, a_pone: bool) -> float:
        """The mover's chance of winning (holding ``a``, needing ``need_a``); the arguments as
        :func:`solve`'s, and whether the mover is the pone."""
        key = (series, count, a, b, go, need_a, need_b, a_pone)
        found = self._memo.get(key)
        if found is not None:
            return found
        out = self._value(series, count, a, b, go, need_a, need_b, a_pone)
        self._memo[key] = out
        return out

    def _end(self, need_a: int, need_b: int, a_pone: bool) -> float:
        return self.show(need_a, need_b) if a_pone else 1.0 - self.show(need_b, need_a)

    def _value(self, series: tuple[int, ...], count: int, a: tuple[int, ...], b: tuple[int, ...], go: bool,
               need_a: int, need_b: int, a_pone: bool) -> float:
        if not a and not b:
            if series:  # the last card takes the go
                if go:
                    need_a -= 1
                    if need_a <= 0:
                        return 1.0
                else:
                    need_b -= 1
                    if need_b <= 0:
                        return 0.0
            return self._end(need_a, need_b, a_pone)
        room = MAX_COUNT - count
        points = next_points(series)
        best = -1.0
        previous = 0
        alone = go or not b
        for i, r in enumerate(a):
            if r == previous:
                continue
            previous = r
            v = RANK_VALUE[r]
            if v > room:
                break
            left = need_a - points[r]
            if left <= 0:
                return 1.0
            rest = a[:i] + a[i + 1:]
            if v == room:
                value = 1.0 - self.value((), 0, b, rest, False, need_b, left, not a_pone)
            elif alone:
                value = self.value((*series, r), count + v, rest, b, True, left, need_b, a_pone)
            else:
                value = 1.0 - self.value((*series, r), count + v, b, rest, False, need_b, left, not a_pone)
            if value > best:
                best = value
        if best >= 0.0:
            return best
        if alone:
            if not series:
                return 1.0 - self.value((), 0, b, a, True, need_b, need_a, not a_pone)
            if need_a <= 1:
                return 1.0
            return 1.0 - self.value((), 0, b, a, False, need_b, need_a - 1, not a_pone)
        return 1.0 - self.value(series, count, b, a, True, need_b, need_a, not a_pone)

    def after(self, series: tuple[int, ...], count: int, rank: int, mine: tuple[int, ...], theirs: tuple[int, ...],
              alone: bool, need_me: int, need_them: int, me_pone: bool) -> float:
        """Our chance of winning after we play ``rank`` (its points already off ``need_me``, which is
        above 0), as :func:`solve_after` has the net."""
        after = count + RANK_VALUE[rank]
        if after == MAX_COUNT:
            return 1.0 - self.value((), 0, theirs, mine, False, need_them, need_me, not me_pone)
        if alone or not theirs:
            return self.value((*series, rank), after, mine, theirs, True, need_me, need_them, me_pone)
        return 1.0 - self.value((*series, rank), after, theirs, mine, False, need_them, need_me, not me_pone)

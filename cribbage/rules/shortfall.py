"""What a count said too low can have left out: the facts a hint may state about the hand shown.

A learner who counts 10 for 5♣ 5♦ 6♥ 7♠ with the starter 8♣ (12) is 2 short. The 2 may be the one
fifteen (7+8) or the pair of 5s: a hint that names only one of them, or sends the learner to look
for fifteens of three and four cards that the hand does not have, is false for that hand. So the
hints are worded from :func:`shortfall`, which reads the count's own items: which kinds could hold
the missing points (any number of their items, each kind alone), the sizes of the hand's fifteens,
whether its runs repeat a card.

>>> from cribbage.rules.show_scoring import score_hand
>>> gap = shortfall(score_hand("5C 5D 6H 7S", "8C").items, 10)
>>> gap.short, gap.alone, gap.fifteen_sizes
(2, ('fifteen', 'pair'), (2,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from cribbage.rules.show_scoring import ScoreItem

__all__ = ["KINDS", "Shortfall", "shortfall"]

#: The kinds of a count, in the order players count them. A pair royal and a double pair royal are
#: pairs (three and six of them).
KINDS: tuple[str, ...] = ("fifteen", "pair", "run", "flush", "nobs")

_PAIRS = {"pair": 1, "pair royal": 3, "double pair royal": 6}


@dataclass(frozen=True)
class Shortfall:
    """What a count ``short`` points under the true one can have left out.

    ``alone``: the kinds that can hold every missing point by themselves (some of their items, or all);
    ``together``: when no kind can, the fewest kinds whose points, all left out, make ``short``
    (empty when none do); ``fifteen_sizes``: how many cards the hand's fifteens are made of;
    ``runs``: how many runs the count has (more than one: a card of the run is repeated).
    """

    short: int
    alone: tuple[str, ...]
    together: tuple[str, ...]
    fifteen_sizes: tuple[int, ...]
    runs: int

    def fifteens_missed(self) -> int:
        """How many fifteens the missing points would be, were they all fifteens."""
        return self.short // 2


def _points_by_kind(items: Iterable[ScoreItem]) -> dict[str, list[int]]:
    """Each kind's items' points, the show's kinds first in counting order, then any other (the
    play's: a go, a 31, the last card) as they come; a pair royal (or double) split into its pairs of 2."""
    by_kind: dict[str, list[int]] = {kind: [] for kind in KINDS}
    for item in items:
        if item.kind in _PAIRS:
            by_kind["pair"].extend([2] * _PAIRS[item.kind])
        else:
            by_kind.setdefault(item.kind, []).append(item.points)
    return by_kind


def _sums(points: Sequence[int]) -> set[int]:
    """Every total some (one or more) of ``points`` make."""
    made: set[int] = set()
    for point in points:
        made |= {point} | {point + total for total in made}
    return made


def shortfall(items: Sequence[ScoreItem], claim: int) -> Shortfall:
    """What a count of ``claim`` leaves out of the count whose items are ``items`` (``claim`` is under
    their total)."""
    by_kind = _points_by_kind(items)
    short = sum(sum(points) for points in by_kind.values()) - claim
    if short <= 0:
        raise ValueError(f"a count of {claim} is not short of {short + claim}")
    alone = tuple(kind for kind, points in by_kind.items() if short in _sums(points))
    together: tuple[str, ...] = ()
    if not alone:
        present = [kind for kind, points in by_kind.items() if points]
        together = next((left_out for size in range(2, len(present) + 1)
                         for left_out in combinations(present, size)
                         if sum(sum(by_kind[kind]) for kind in left_out) == short), ())
    sizes = tuple(sorted({len(item.cards) for item in items if item.kind == "fifteen"}))
    return Shortfall(short, alone, together, sizes, len(by_kind["run"]))

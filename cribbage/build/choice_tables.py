"""Builds ``cribbage/ai/data/choice_tables.npz``: the classic look-ahead's choices (:mod:`cribbage.ai.choice_model`).

What: three tables of the rank the classic look-ahead plays (0: nothing fits), by the starter's
rank and the cards of the series: the lead from each of the 1,820 keeps, the answer to a lead from
each keep, and the second card from each set of three ranks after leading and an answer.

From: :func:`cribbage.ai.keep_pegging.classic_choice` asked for every hand and series; nothing
random and no other table.

Takes: about 75 seconds on one core.

Command: ``python -m cribbage.build choice_tables``
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np

from cribbage.ai.choice_model import TABLE_FILE, THREES
from cribbage.ai.hand_model import KEEPS
from cribbage.ai.keep_pegging import classic_choice
from cribbage.ai.play_choice import RANK_VALUE

__all__ = ["OUTPUT", "TAKES", "Choice", "build", "classic", "gone", "write"]

#: A player's card from ``hand`` (sorted ranks) on ``series``, ``gone`` the counts of the ranks it has
#: seen, holding ``k`` cards: its rank, 0 when nothing fits.
Choice = Callable[[tuple[int, ...], tuple[int, ...], Sequence[int], int], int]

TAKES = "about 75 seconds"
OUTPUT = TABLE_FILE


def classic(hand: tuple[int, ...], series: tuple[int, ...], gone: Sequence[int], k: int) -> int:
    """The rank the classic look-ahead plays from ``hand`` (sorted ranks) on ``series``, the ranks
    ``gone`` (index 1..13: the starter and the cards played) and its own hand out of its sight, the
    other player holding ``k`` cards; 0 if nothing fits."""
    unseen = [0] + [max(0, 4 - gone[r] - hand.count(r)) for r in range(1, 14)]
    count = sum(RANK_VALUE[r] for r in series)
    choice = classic_choice(hand, series, count, unseen, min(k, sum(unseen)), False)
    return choice or 0


def gone(starter: int, series: Sequence[int]) -> list[int]:
    """How many of each rank (index 1..13) the starter and the series show."""
    out = [0] * 14
    out[starter] += 1
    for r in series:
        out[r] += 1
    return out


def build(starters: Iterable[int] = range(1, 14), choose: Choice | None = None) -> dict[str, np.ndarray]:
    """The three tables, indexed by the starter's rank, the cards of the series (1..13; index 0
    unused) and the hand (its row in :data:`~cribbage.ai.hand_model.KEEPS`, or
    :data:`~cribbage.ai.choice_model.THREES` for the second card). Only the ``starters`` given are
    filled (all of them by default; fewer for a quick check). ``choose`` is the player whose card the
    tables hold (:func:`classic` by default; :mod:`cribbage.build.one_ply_tables` gives its own)."""
    choose = classic if choose is None else choose
    lead = np.zeros((14, len(KEEPS)), dtype=np.uint8)
    answer = np.zeros((14, 14, len(KEEPS)), dtype=np.uint8)
    second = np.zeros((14, 14, 14, len(THREES)), dtype=np.uint8)
    for s in starters:
        for i, hand in enumerate(KEEPS):
            lead[s, i] = choose(hand, (), gone(s, ()), 4)
            for x in range(1, 14):
                answer[s, x, i] = choose(hand, (x,), gone(s, (x,)), 3)
        for a in range(1, 14):
            for b in range(1, 14):
                seen = gone(s, (a, b))
                for i, hand in enumerate(THREES):
                    second[s, a, b, i] = choose(hand, (a, b), seen, 3)
    return {"lead": lead, "answer": answer, "second": second}


def write(path: Path = OUTPUT) -> None:
    """Build the tables and store them."""
    tables = build()
    np.savez_compressed(path, lead=tables["lead"], answer=tables["answer"], second=tables["second"])

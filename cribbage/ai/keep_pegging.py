"""How a keep pegs: the expected play differential of four kept ranks, as dealer and as pone.

The discard advice values a keep by its show and the crib. The play counts too: a pone who keeps
fives or cards that make 15 with the many ten-cards gives the dealer points in the play, a dealer
with cards that pair and make 15 and 31 takes them. The table holds, for each of the 1,820
multisets of four ranks (:data:`KEEPS`) and each role, the mean of (own play points - the
opponent's) over seeded pegging of that keep against the opponent's four cards (drawn as a strong
player keeps them, :func:`cribbage.ai.crib_model.keep_weights`), both sides playing
:func:`classic_choice`; the go and 31 are counted, his heels not. Each measured cell is shrunk
toward a smooth fit over simple features (the ranks held, pairs, fives, cards under 5), by how noisy
it is, so the few hundred games behind a cell do not pick a keep on noise.

The table lives in ``cribbage/ai/data/peg_table.json``, made by :mod:`cribbage.build.peg_table`
(``python -m cribbage.build peg_table``). :func:`peg_evs` reads it for the 15 keeps of a deal.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

import numpy as np

from cribbage.ai.play_choice import HOLD_VALUE, RANK_VALUE, expected_reply, next_points, peg_alone, without
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["KEEPS", "TABLE_FILE", "classic_choice", "peg_evs", "peg_table"]

#: Where the table is kept (package data).
TABLE_FILE = Path(__file__).resolve().parent / "data" / "peg_table.json"
#: The 1,820 multisets of four ranks (0..12), in the order of the stored table.
KEEPS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(13), 4))


def classic_choice(hand: tuple[int, ...], series: tuple[int, ...], count: int, unseen: list[int], k: int,
                   alone: bool) -> int | None:
    """The classic expert's card on ranks (the ``"expert"`` level of
    :func:`cribbage.ai.play_choice.choose_play`), ``None``: go.

    ``hand``: sorted ranks (1..13); ``unseen``: by rank, the cards out of sight; ``k``: how many the
    other player holds; ``alone``: they have said go or hold nothing."""
    now = next_points(series)
    best, best_value = None, 0.0
    previous = 0
    for r in hand:  # sorted
        if r == previous or now[r] < 0:
            continue
        previous = r
        s1 = (*series, r)
        rest = without(hand, r)
        value = float(now[r])
        if count + RANK_VALUE[r] < MAX_COUNT:
            value += peg_alone(s1, rest) if alone or k == 0 else expected_reply(s1, rest, unseen, k)
        if rest:
            value -= HOLD_VALUE.get(r, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value = r, value
    return best


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    return stored


@lru_cache(maxsize=2)
def peg_table(*, dealer: bool) -> np.ndarray:
    """The stored play differential by the code of four kept ranks (0..12, in any order:
    ``r1 * 13**3 + r2 * 13**2 + r3 * 13 + r4``), a read-only array of 13**4."""
    values = _stored()["dealer" if dealer else "pone"]
    out = np.zeros(13 ** 4)
    for keep, v in zip(KEEPS, values):
        for perm in set(permutations(keep)):
            out[((perm[0] * 13 + perm[1]) * 13 + perm[2]) * 13 + perm[3]] = v
    out.flags.writeable = False
    return out


def peg_evs(keep_codes: np.ndarray, *, dealer: bool) -> np.ndarray:
    """The play differential of keeps given by their rank codes (see :func:`peg_table`)."""
    out: np.ndarray = peg_table(dealer=dealer)[keep_codes]
    return out

"""How a keep pegs: the expected play differential of four kept ranks, as dealer and as pone.

The discard advice values a keep by its show and the crib. The play counts too: a pone who keeps
fives or cards that make 15 with the many ten-cards gives the dealer points in the play, a dealer
with cards that pair and make 15 and 31 takes them. :func:`build` measures, for each of the 1,820
multisets of four ranks and each role, the mean of (own play points - the opponent's), over
seeded pegging of that keep against the opponent's four cards (drawn as a strong player keeps them,
:func:`cribbage.crib_model.keep_weights`), both sides playing the expert's look-ahead on ranks
(:mod:`cribbage.pegging`); the go and 31 are counted, his heels not. Each measured cell is then
shrunk toward a smooth fit over simple features (the ranks held, pairs, fives, cards under 5),
by how noisy it is, so the few hundred games behind a cell do not pick a keep on noise.

The table lives in ``cribbage/data/peg_table.json``; ``python -m cribbage.peg_model`` remakes it
(a few minutes on one core). :func:`peg_evs` reads it for the 15 keeps of a deal.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

import numpy as np

from .crib_model import keep_weights
from .pegging import _HOLD, _VALUE, _expected_reply, _next, _solo, _without
from .play import MAX_COUNT

__all__ = ["peg_evs", "peg_table", "build", "GAMES", "SEED", "TABLE_FILE"]

#: The defaults of :func:`build` behind the stored table: games per keep and role, and the seed.
GAMES, SEED = 200, "peg model"
#: Where the table is kept (package data).
TABLE_FILE = Path(__file__).resolve().parent / "data" / "peg_table.json"
#: The 1,820 multisets of four ranks (0..12), in the order of the stored table.
KEEPS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(13), 4))


def _choose(hand: tuple[int, ...], series: tuple[int, ...], count: int, unseen: list[int], k: int,
            alone: bool) -> int | None:
    """The classic expert's card on ranks (see :func:`cribbage.pegging._expert`), ``None``: go."""
    now = _next(series)
    best, best_value = None, 0.0
    previous = 0
    for r in hand:  # sorted
        if r == previous or now[r] < 0:
            continue
        previous = r
        s1 = series + (r,)
        rest = _without(hand, r)
        value = float(now[r])
        if count + _VALUE[r] < MAX_COUNT:
            value += _solo(s1, rest) if alone or k == 0 else _expected_reply(s1, rest, unseen, k)
        if rest:
            value -= _HOLD.get(r, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value = r, value
    return best


def play_out(pone: tuple[int, ...], dealer: tuple[int, ...], unseen: tuple[list[int], list[int]]) -> tuple[int, int]:
    """The play of two hands of ranks (1..13), the pone leading: (pone's points, dealer's).

    ``unseen[i]``: by rank, the cards seat ``i`` (0 pone, 1 dealer) has not seen, before the play."""
    hands = [tuple(sorted(pone)), tuple(sorted(dealer))]
    seen = [list(unseen[0]), list(unseen[1])]
    points = [0, 0]
    series: tuple[int, ...] = ()
    count, turn, last = 0, 0, -1
    go = [False, False]
    while hands[0] or hands[1]:
        me, other = turn, 1 - turn
        r = None
        if hands[me]:
            r = _choose(hands[me], series, count, seen[me], min(len(hands[other]), sum(seen[me])),
                        go[other] or not hands[other])
        if r is None:
            go[me] = True
            if go[other] or not hands[other]:
                if last >= 0:
                    points[last] += 1  # the go
                turn = 1 - last if last >= 0 else other
                series, count, go, last = (), 0, [False, False], -1
            else:
                turn = other
            continue
        points[me] += _next(series)[r]
        series += (r,)
        count += _VALUE[r]
        hands[me] = _without(hands[me], r)
        seen[other][r] -= 1
        last = me
        if count == MAX_COUNT:
            series, count, go, last = (), 0, [False, False], -1
            turn = other
            continue
        if not hands[0] and not hands[1]:
            points[me] += 1  # the last card
            break
        turn = other if hands[other] and not go[other] else me
    return points[0], points[1]


def _draw(rng: random.Random, avail: list[int], n: int, weights: "tuple[float, ...] | None") -> list[int]:
    """``n`` ranks drawn without replacement from ``avail`` (counts by rank 1..13), each card's chance
    times its rank's weight (index 0..12), or uniform."""
    out = []
    for _ in range(n):
        w = [avail[r] * (weights[r - 1] if weights else 1.0) for r in range(14)]
        w[0] = 0.0
        r = rng.choices(range(14), w)[0]
        avail[r] -= 1
        out.append(r)
    return out


def _measure(keep: tuple[int, ...], dealer: bool, games: int, seed: str) -> tuple[float, float]:
    """Mean and variance of (own play points - opponent's) for a keep of ranks (1..13)."""
    rng = random.Random(f"{seed}/{'dealer' if dealer else 'pone'}/{keep}")
    theirs_w = keep_weights(dealer=not dealer)
    diffs = []
    for _ in range(games):
        avail = [0] + [4] * 13
        for r in keep:
            avail[r] -= 1
        theirs = _draw(rng, avail, 4, theirs_w)
        mine_away = _draw(rng, avail, 2, None)
        their_away = _draw(rng, avail, 2, None)
        _draw(rng, avail, 1, None)  # the starter, seen by both
        mine_unseen = list(avail)
        their_unseen = list(avail)
        for r in theirs + their_away:
            mine_unseen[r] += 1
        for r in list(keep) + mine_away:
            their_unseen[r] += 1
        if dealer:
            p, d = play_out(tuple(theirs), keep, (their_unseen, mine_unseen))
            diffs.append(d - p)
        else:
            p, d = play_out(keep, tuple(theirs), (mine_unseen, their_unseen))
            diffs.append(p - d)
    a = np.array(diffs, dtype=float)
    return float(a.mean()), float(a.var(ddof=1))


def _features(keep: tuple[int, ...]) -> list[float]:
    counts = np.bincount(np.array(keep) - 1, minlength=13)
    pairs = sum(int(c) * (int(c) - 1) // 2 for c in counts)
    values = [_VALUE[r] for r in keep]
    fifteens = sum(1 for i in range(4) for j in range(i + 1, 4) if values[i] + values[j] == 15)
    close = sum(1 for i in range(4) for j in range(i + 1, 4) if abs(keep[i] - keep[j]) in (1, 2))
    return [1.0, *counts.tolist(), pairs, fifteens, close, sum(v < 5 for v in values), sum(values) / 10]


def build(games: int = GAMES, seed: str = SEED) -> dict[str, list[float]]:
    """The table afresh: for ``"dealer"`` and ``"pone"``, each keep of :data:`KEEPS`' expected play
    differential, each measured cell shrunk toward the features' least-squares fit by its noise."""
    x = np.array([_features(tuple(r + 1 for r in k)) for k in KEEPS])
    out = {}
    for role in ("dealer", "pone"):
        measured = [_measure(tuple(r + 1 for r in k), role == "dealer", games, seed) for k in KEEPS]
        mean = np.array([m for m, _ in measured])
        noise = np.array([v for _, v in measured]) / games
        coef, *_ = np.linalg.lstsq(x, mean, rcond=None)
        fit = x @ coef
        # The spread of the cells about the fit beyond their noise: how much each cell may say.
        signal = max(float(np.mean((mean - fit) ** 2) - np.mean(noise)), 0.0)
        shrink = signal / (signal + noise)
        out[role] = (fit + shrink * (mean - fit)).round(4).tolist()
        out[role + "_measured"] = mean.round(4).tolist()
    return out


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


def _write(path: Path) -> None:
    table = build()

    def row(values: list[float]) -> str:
        return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"

    made_by = (f"cribbage.peg_model.build() ({GAMES} plays per keep and role, seed {SEED!r}). "
               "Do not edit: rerun python -m cribbage.peg_model")
    body = ",\n".join(f"  {json.dumps(k)}: {row(v)}" for k, v in table.items())
    path.write_text(f'{{\n  "made_by": {json.dumps(made_by)},\n{body}\n}}\n', encoding="utf-8")


if __name__ == "__main__":
    _write(TABLE_FILE)

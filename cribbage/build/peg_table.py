"""Builds ``cribbage/ai/data/peg_table.json``: how each keep pegs (:mod:`cribbage.ai.keep_pegging`).

What: for each of the 1,820 multisets of four ranks and each role, the mean play differential (own
points minus the opponent's), shrunk toward a least-squares fit over simple features by its noise,
and the measured means beside it.

From: :data:`GAMES` seeded plays per keep and role against four cards drawn as a strong player
keeps them (:func:`cribbage.ai.crib_model.keep_weights`, so rebuild ``crib_weights`` first when it
changes), both sides playing :func:`cribbage.ai.keep_pegging.classic_choice`.

Takes: about 5 minutes on one core.

Command: ``python -m cribbage.build peg_table``
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from cribbage.ai.crib_model import keep_weights
from cribbage.ai.keep_pegging import KEEPS, TABLE_FILE, classic_choice
from cribbage.ai.play_choice import RANK_VALUE, next_points, without
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["GAMES", "MADE_BY", "OUTPUT", "SEED", "TAKES", "build", "measure", "play_out", "text", "write"]

#: The defaults behind the stored table: games per keep and role, and the seed.
GAMES, SEED = 200, "peg model"
MADE_BY = (f"cribbage.build.peg_table ({GAMES} plays per keep and role, seed {SEED!r}). "
           "Do not edit: rerun python -m cribbage.build peg_table")
TAKES = "about 5 minutes"
OUTPUT = TABLE_FILE


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
            r = classic_choice(hands[me], series, count, seen[me], min(len(hands[other]), sum(seen[me])),
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
        points[me] += next_points(series)[r]
        series += (r,)
        count += RANK_VALUE[r]
        hands[me] = without(hands[me], r)
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


def _draw(rng: random.Random, avail: list[int], n: int, weights: tuple[float, ...] | None) -> list[int]:
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


def measure(keep: tuple[int, ...], dealer: bool, games: int, seed: str) -> tuple[float, float]:
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
    values = [RANK_VALUE[r] for r in keep]
    fifteens = sum(1 for i in range(4) for j in range(i + 1, 4) if values[i] + values[j] == 15)
    close = sum(1 for i in range(4) for j in range(i + 1, 4) if abs(keep[i] - keep[j]) in (1, 2))
    return [1.0, *counts.tolist(), pairs, fifteens, close, sum(v < 5 for v in values), sum(values) / 10]


def build(games: int = GAMES, seed: str = SEED) -> dict[str, list[float]]:
    """The table afresh: for ``"dealer"`` and ``"pone"``, each keep of
    :data:`cribbage.ai.keep_pegging.KEEPS`' expected play differential, each measured cell shrunk
    toward the features' least-squares fit by its noise; ``"dealer_measured"`` and
    ``"pone_measured"``, the measured means."""
    x = np.array([_features(tuple(r + 1 for r in k)) for k in KEEPS])
    out = {}
    for role in ("dealer", "pone"):
        measured = [measure(tuple(r + 1 for r in k), role == "dealer", games, seed) for k in KEEPS]
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


def text(table: dict[str, list[float]]) -> str:
    """The JSON file of a table, a row a line."""
    def row(values: list[float]) -> str:
        return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"

    body = ",\n".join(f"  {json.dumps(k)}: {row(v)}" for k, v in table.items())
    return f'{{\n  "made_by": {json.dumps(MADE_BY)},\n{body}\n}}\n'


def write(path: Path = OUTPUT) -> None:
    """Build the table with the defaults and store it."""
    path.write_text(text(build()), encoding="utf-8")

"""Builds ``cribbage/ai/deal_points.py``: the points per part of a deal that :mod:`cribbage.ai.endgame` reads.

What: how often each number of points was scored by each part of a deal (the pone's play and hand,
the dealer's play with his heels, hand and crib), written as a Python module of counts.

From: :data:`GAMES` seeded games of the expert against itself, so every other table the
expert reads (crib weights, keep prior, choice tables) goes into it: rebuild this one last.

Takes: about 30 seconds on one core.

Command: ``python -m cribbage.build deal_points``
"""

from __future__ import annotations

from pathlib import Path

from cribbage.ai import deal_points as shipped
from cribbage.ai.endgame import DEAL_PARTS_USED
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.levels import play_game
from cribbage.ai.simulate import DEAL_PARTS, deal_parts

__all__ = ["GAMES", "OUTPUT", "SEED", "TAKES", "measure", "text", "write"]

#: The defaults behind the stored counts.
GAMES, SEED = 1500, "deal points"
TAKES = "about 30 seconds"
#: The module the counts are written to.
OUTPUT = Path(shipped.__file__)


def measure(games: int = GAMES, seed: str = SEED) -> dict[str, list[int]]:
    """How often each number of points each part of a deal scored, in expert self-play."""
    counts = {name: [0] * 60 for name in DEAL_PARTS_USED}
    for i in range(games):
        game = play_game([ExpertPlayer(seed=1), ExpertPlayer(seed=2)], seed=f"{seed}/{i}")
        for row in deal_parts(game):
            parts = dict(zip(DEAL_PARTS, row))
            parts["dealer play"] += parts["his heels"]
            for name in DEAL_PARTS_USED:
                counts[name][min(parts[name], 59)] += 1
    for name in counts:
        while counts[name] and counts[name][-1] == 0:
            counts[name].pop()
    return counts


def text(counts: dict[str, list[int]]) -> str:
    """The module's source for the counts."""
    lines = [f'"""Points per part of a deal in expert self-play ({GAMES:,} games, seed "{SEED}"),',
             'made by ``python -m cribbage.build deal_points``. Do not edit: rerun it."""', "", "COUNTS = {"]
    lines += [f"    {name!r}: {tuple(values)!r}," for name, values in counts.items()]
    return "\n".join([*lines, "}", ""])


def write(path: Path = OUTPUT) -> None:
    """Measure the counts with the defaults and write the module."""
    path.write_text(text(measure()), encoding="utf-8")

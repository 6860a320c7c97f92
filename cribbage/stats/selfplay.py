"""A large run of expert self-play, summarised with its margins of error, for stop 6.

Stop 6 quotes what a deal is worth to each side and how often the first dealer wins. Playing
enough games to quote those figures takes minutes, too long for a lesson, so the summary of one
seeded run (:data:`SELFPLAY_FILE`, package data) is built once by :func:`selfplay_summary` and
saved; ``python -m cribbage.build selfplay`` builds it again. A lesson can also run a small number of
games itself and see the same figures with wider margins.

Margins: each mean comes with its standard error (the sample's standard deviation over the square
root of its size) and a 95% interval of 1.96 standard errors either side. Deals of one game are
taken as independent; the first dealer's share is a proportion of games (binomial standard error).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cribbage.ai.levels import player
from cribbage.ai.simulate import DEAL_PARTS, SimulationResult, simulate
from cribbage.rules.checks import of_kind
from cribbage.rules.options import chosen_seed
from cribbage.stats.dictionary import described
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SELFPLAY_FILE", "Estimate", "SelfPlaySummary", "load_selfplay", "selfplay_summary"]

#: The saved summary of the seeded run stop 6 quotes.
SELFPLAY_FILE = Path(__file__).resolve().parent / "data" / "selfplay_expert.json"
#: The run saved there: games, seed and level.
SAVED_RUN: dict[str, Any] = {"games": 10_000, "seed": 2026, "level": "expert"}
#: Standard errors either side of a mean for a 95% interval.
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A sampled figure: its mean, standard error and sample size (deals or games)."""

    mean: float
    stderr: float
    n: int

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - Z95 * self.stderr

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * self.stderr

    @property
    def margin(self) -> float:
        """Half the 95% interval's width."""
        return Z95 * self.stderr

    @classmethod
    def of_values(cls, values: np.ndarray) -> Estimate:
        """The mean of ``values`` with its standard error."""
        values = np.asarray(values, dtype=np.float64)
        n = len(values)
        if n < 2:
            raise refuse("stats.too_few", n=n)
        return cls(float(values.mean()), float(values.std(ddof=1) / math.sqrt(n)), n)

    @classmethod
    def of_share(cls, hits: int, n: int) -> Estimate:
        """A proportion ``hits / n`` with its binomial standard error."""
        if n < 2:
            raise refuse("stats.too_few", n=n)
        p = hits / n
        return cls(p, math.sqrt(p * (1 - p) / n), n)


@dataclass(frozen=True)
class SelfPlaySummary:
    """Points per complete deal by part, and the first dealer's share of wins, with their errors."""

    games: int
    seed: str
    level: str
    deals: int                           #: complete deals (the show reached) in the run
    parts: dict[str, Estimate]           #: by :data:`cribbage.ai.simulate.DEAL_PARTS` name, points per deal
    first_dealer: Estimate               #: share of games the first dealer won (0..1), n = games

    def to_frame(self) -> pd.DataFrame:
        """One row per figure. Columns: ``figure`` (a deal part, in points per complete deal, or
        ``first dealer wins``, a share 0..1), ``mean``, ``stderr`` (standard error, same unit),
        ``low`` and ``high`` (the 95% interval), ``n`` (deals, or games for the first dealer)."""
        import pandas as pd
        rows = [(name, e.mean, e.stderr, e.low, e.high, e.n)
                for name, e in [*self.parts.items(), ("first dealer wins", self.first_dealer)]]
        return described(pd.DataFrame(rows, columns=["figure", "mean", "stderr", "low", "high", "n"]), "selfplay")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV (returns the path)."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> SelfPlaySummary:
        data = json.loads(text)
        return cls(int(data["games"]), str(data["seed"]), str(data["level"]), int(data["deals"]),
                   {k: Estimate(**v) for k, v in data["parts"].items()}, Estimate(**data["first_dealer"]))


def summarise(result: SimulationResult, *, seed: int | str, level: str) -> SelfPlaySummary:
    """The :class:`SelfPlaySummary` of a finished run of self-play."""
    result = of_kind(result, "result", SimulationResult)
    player(level)  # refuses a level that is not one
    seed = chosen_seed(seed)
    parts = result.parts
    first = sum(r.winner == r.first_dealer for r in result.records)
    return SelfPlaySummary(result.n_games, str(seed), level, len(parts),
                           {name: Estimate.of_values(parts[:, i]) for i, name in enumerate(DEAL_PARTS)},
                           Estimate.of_share(first, result.n_games))


def selfplay_summary(games: int, *, seed: int | str, level: str = "expert") -> SelfPlaySummary:
    """Play ``games`` seeded games between two ``level`` computers and summarise them."""
    result = simulate(games, [player(level), player(level)], seed=seed, progress=False)
    return summarise(result, seed=seed, level=level)


def load_selfplay() -> SelfPlaySummary:
    """The saved summary of :data:`SAVED_RUN` (read from :data:`SELFPLAY_FILE`)."""
    return SelfPlaySummary.from_json(SELFPLAY_FILE.read_text(encoding="utf-8"))

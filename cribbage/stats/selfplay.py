"""A large run of expert self-play, summarised with its margins of error, for stop 6.

Stop 6 quotes what a deal is worth to each side and how often the first dealer wins. Playing
enough games to quote those figures takes minutes, too long for a lesson, so the summary of one
seeded run (:data:`SELFPLAY_FILE`, package data) is built once by :func:`selfplay_summary` and
saved; ``python -m cribbage.build selfplay`` builds it again. A lesson can also run a small number of
games itself and see the same figures with wider margins.

Margins: each mean comes with its standard error (the sample's standard deviation over the square
root of its size) and a 95% interval of 1.96 standard errors either side. Deals of one game are
taken as independent; the first dealer's share is a proportion of games (binomial standard error).

Censoring: a game ends at the peg that reaches the target, so its last deal is usually cut short.
Averages over the *complete* deals alone (those whose crib was counted) select on the outcome: late in
a game a big deal ends it and drops out, a small one stays, so they run low. Averages over *all* deals
count the cut-short deal with what it scored before the end (its parts never reached score 0), so
they run lower still, for another reason: the parts a cut-short deal never reached, most often those
counted last (the dealer's hand and the crib). The first
``early_deals`` deals of every game, which no game of the run ended in, are selected by nothing: their
total is what a whole deal is worth early in a game. A summary keeps all three.

Provenance: a summary records what made it (:class:`cribbage.stats.provenance.Provenance`): a digest
of the engine files the games and this summary depend on (:data:`ENGINE_PARTS`), the command, seed,
sample size and date. The saved one is stale when those files change; a test then names it.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cribbage.ai.levels import player
from cribbage.ai.simulate import DEAL_PARTS, SimulationResult, simulate
from cribbage.rules.checks import of_kind
from cribbage.rules.options import chosen_seed
from cribbage.stats.dictionary import described
from cribbage.stats.provenance import Provenance
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import pandas as pd

__all__ = ["ENGINE_PARTS", "SELFPLAY_FILE", "Estimate", "SelfPlaySummary", "load_selfplay", "selfplay_summary"]

#: The saved summary of the seeded run stop 6 quotes.
SELFPLAY_FILE = Path(__file__).resolve().parent / "data" / "selfplay_expert.json"
#: The run saved there: games, seed and level.
SAVED_RUN: dict[str, Any] = {"games": 10_000, "seed": 2026, "level": "expert"}
#: Standard errors either side of a mean for a 95% interval.
Z95 = 1.96
#: What a run of self-play depends on (globs under ``cribbage/``): the rules, the computer players and
#: their data tables (the games), and this module (the summary). Any change to them can change the
#: figures, so the saved run is stale until it is built again. The statistics' other modules, the
#: messages and the views cannot, and are left out.
ENGINE_PARTS = ("rules/*.py", "ai/*.py", "ai/data/*", "stats/selfplay.py")
#: The command that rebuilds the saved run.
BUILD_COMMAND = "python -m cribbage.build selfplay"


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
    """Points per deal by part, over the complete deals and over all deals, and the first dealer's
    share of wins, with their errors; and what made it."""

    games: int
    seed: str
    level: str
    deals: int                           #: complete deals (the crib counted) in the run
    parts: dict[str, Estimate]           #: by :data:`cribbage.ai.simulate.DEAL_PARTS` name, points per complete deal
    first_dealer: Estimate               #: share of games the first dealer won (0..1), n = games
    all_deals: int = 0                   #: every deal dealt, the ones the game's end cut short included
    #: by part, points per deal over all deals, a cut-short deal counted with what it scored
    parts_all: dict[str, Estimate] = field(default_factory=dict)
    early_deals: int = 0                 #: the first deals of every game, none of them cut short
    #: points per deal, all parts together: over ``"all"`` deals, the ``"complete"`` ones, and the
    #: ``"early"`` ones (the first ``early_deals`` of every game)
    totals: dict[str, Estimate] = field(default_factory=dict)
    #: what made it; not part of the figures, so two runs of the same games are equal
    provenance: Provenance | None = field(default=None, compare=False)

    def to_frame(self) -> pd.DataFrame:
        """One row per figure. Columns: ``figure`` (a deal part, or ``total`` for all its parts, in
        points per deal, or ``first dealer wins``, a share 0..1), ``over`` (what the mean is taken over:
        ``complete deals``, ``all deals``, ``early deals``, the first :attr:`early_deals` of every game,
        or ``games``), ``mean``, ``stderr`` (standard error, same unit), ``low`` and ``high`` (the 95%
        interval), ``n`` (how many deals or games)."""
        import pandas as pd
        rows = [(name, "complete deals", e) for name, e in self.parts.items()]
        rows += [(name, "all deals", e) for name, e in self.parts_all.items()]
        rows += [("total", f"{which} deals", e) for which, e in self.totals.items()]
        rows.append(("first dealer wins", "games", self.first_dealer))
        return described(pd.DataFrame([(name, over, e.mean, e.stderr, e.low, e.high, e.n) for name, over, e in rows],
                                      columns=["figure", "over", "mean", "stderr", "low", "high", "n"]), "selfplay")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV (returns the path)."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    def to_json(self) -> str:
        data = asdict(self)
        data["provenance"] = None if self.provenance is None else self.provenance.to_dict()
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> SelfPlaySummary:
        data = json.loads(text)

        def estimates(key: str) -> dict[str, Estimate]:
            return {k: Estimate(**v) for k, v in data.get(key, {}).items()}

        made = data.get("provenance")
        return cls(int(data["games"]), str(data["seed"]), str(data["level"]), int(data["deals"]),
                   estimates("parts"), Estimate(**data["first_dealer"]), int(data.get("all_deals", 0)),
                   estimates("parts_all"), int(data.get("early_deals", 0)), estimates("totals"),
                   None if made is None else Provenance.from_dict(made))


def summarise(result: SimulationResult, *, seed: int | str, level: str, command: str | None = None) -> SelfPlaySummary:
    """The :class:`SelfPlaySummary` of a finished run of self-play; ``command`` is what played it
    (recorded in its provenance; by default the :func:`selfplay_summary` call that would)."""
    result = of_kind(result, "result", SimulationResult)
    player(level)  # refuses a level that is not one
    seed = chosen_seed(seed)
    complete = result.parts
    width = len(DEAL_PARTS)
    cut = np.array([r.cut_short for r in result.records if r.cut_short is not None], dtype=np.int32).reshape(-1, width)
    every = np.concatenate([complete, cut])
    early = min((len(r.parts) for r in result.records), default=0)
    first_deals = np.array([row for r in result.records for row in r.parts[:early]], dtype=np.int32).reshape(-1, width)
    first = sum(r.winner == r.first_dealer for r in result.records)
    command = command or f"stats.selfplay_summary({result.n_games}, seed={seed!r}, level={level!r})"
    return SelfPlaySummary(
        result.n_games, str(seed), level, len(complete),
        {name: Estimate.of_values(complete[:, i]) for i, name in enumerate(DEAL_PARTS)},
        Estimate.of_share(first, result.n_games), len(every),
        {name: Estimate.of_values(every[:, i]) for i, name in enumerate(DEAL_PARTS)}, early,
        {"all": Estimate.of_values(every.sum(axis=1)), "complete": Estimate.of_values(complete.sum(axis=1)),
         "early": Estimate.of_values(first_deals.sum(axis=1))},
        Provenance.record(ENGINE_PARTS, command=command, seed=str(seed), sample=result.n_games))


def selfplay_summary(games: int, *, seed: int | str, level: str = "expert", executor: Executor | None = None,
                     command: str | None = None) -> SelfPlaySummary:
    """Play ``games`` seeded games between two ``level`` computers and summarise them (in parallel on
    ``executor``, a :mod:`concurrent.futures` executor, if given: the same games either way)."""
    result = simulate(games, [player(level), player(level)], seed=seed, executor=executor, progress=False)
    return summarise(result, seed=seed, level=level, command=command)


def load_selfplay() -> SelfPlaySummary:
    """The saved summary of :data:`SAVED_RUN` (read from :data:`SELFPLAY_FILE`)."""
    return SelfPlaySummary.from_json(SELFPLAY_FILE.read_text(encoding="utf-8"))

"""The position model with its error: recalibrated on games it was not fitted on, checked on others.

The chance to win from a position (:mod:`cribbage.stats.position`) is a model: a dynamic programme
over deals whose stages are taken as independent, fitted on the deal log of :data:`FIT` (its stage
distributions). Checked against games it never saw, it is overconfident in its tails (where it said
3.8%, dealers won 5.3%). Three disjoint sets of seeded games (game ``i`` of a set seeded
``"{seed}/{i}"``, so no game is in two sets) correct it and measure what is left:

- :data:`FIT`: the games the model is solved from (the default deal log, :func:`deal_log`).
- :data:`RECALIBRATE`: games that fit a Platt map, ``q = 1 / (1 + exp(-(a + b * logit(p))))`` of the
  model's chance ``p`` that the dealer of a deal wins (maximum likelihood over every deal start; two
  numbers, so it cannot follow the noise of a band), and then the model's **margin** in each band of
  ``q``: how far the share of dealers who won sat from ``q`` there (the band's residual) plus 1.96
  standard errors of that share (the deal starts of one game taken together, as they are not
  independent). A printed chance ``q`` is said with ``q`` less and more its band's margin.
- :data:`HELD_OUT`: games neither fitted nor recalibrated on, the check: by band of predicted chance,
  the share of dealers who won with its 95% (Wilson) interval and the number of deal starts, before and
  after the map. Every band's observed share must lie inside the interval printed for the band's
  mean chance (``tests/test_calibration.py`` reads it from the shipped file).

Both games are calibrated, each on games of its own length (:data:`SETS`): a game to 121 and a game to
61. The model of either is solved from the same :data:`FIT` games (to 121: what a deal scores does
not depend on the game's length), its map, margins and check come from games to its own target.

The game table and the board say a simpler chance, :func:`cribbage.ai.endgame.win_probability` (the
chance the expert plays to the score by). It gets the same treatment from the same games
(:attr:`ModelCalibration.endgame`, :func:`endgame_chance`): a Platt map of its own, its margins, its
check on the held-out games; the chance they print is the mapped one, with its interval.

All of it is built by ``python -m cribbage.build calibration`` into :data:`CALIBRATION_FILE` (package
data, with its provenance: stale, and named so by a test, when a file it depends on changes). It is
for the default rules (two expert computers, no muggins); other rules in the lab have no
recalibration, and their chances are said with the margins of their own check games
(:func:`band_margins`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from cribbage.ai.deal_points import COUNTS
from cribbage.ai.endgame import win_probability
from cribbage.rules.checks import of_kind
from cribbage.stats.deals import DealLog
from cribbage.stats.position import Calibration, PositionTable, calibration, win_probabilities
from cribbage.stats.provenance import Provenance
from cribbage.stats.selfplay import Z95

__all__ = ["CALIBRATION_FILE", "ENGINE_PARTS", "FIT", "HELD_OUT", "RECALIBRATE", "SETS", "TARGETS", "Margins",
           "ModelCalibration", "ModelCheck", "band_margins", "build_calibration", "calibrations_json", "endgame_chance",
           "endgame_table", "interval_of", "load_calibration", "platt_fit", "read_calibrations", "recalibrated"]

#: The shipped calibration: both games' position models and the game table's model, with the provenance.
CALIBRATION_FILE = Path(__file__).resolve().parent / "data" / "position_calibration.json"
#: The three sets of games: the model's own, the recalibration's, and the check's (seeds disjoint).
FIT: dict[str, Any] = {"games": 2000, "seed": 1}
RECALIBRATE: dict[str, Any] = {"games": 5000, "seed": "recalibrate"}
HELD_OUT: dict[str, Any] = {"games": 10_000, "seed": "held-out"}
#: The games calibrated, the longer first.
TARGETS = (121, 61)
#: Each game's three sets ("fit", "recalibrate", "held_out"): both models are solved from the games
#: to 121 of :data:`FIT`; a game to 61 is recalibrated and checked on games to 61 of seeds of its own.
SETS: dict[int, dict[str, dict[str, Any]]] = {
    121: {"fit": FIT, "recalibrate": RECALIBRATE, "held_out": HELD_OUT},
    61: {"fit": FIT, "recalibrate": {"games": 5000, "seed": "recalibrate 61"},
         "held_out": {"games": 10_000, "seed": "held-out 61"}},
}
#: Bands of the dealer's predicted chance, for the margins and the check.
BANDS = 10
#: What the calibration depends on (globs under ``cribbage/``): the games, the model, this module.
ENGINE_PARTS = ("rules/*.py", "ai/*.py", "ai/data/*", "stats/deals.py", "stats/position.py", "stats/calibrated.py")
#: The command that builds it again.
BUILD_COMMAND = "python -m cribbage.build calibration"
_EPS = 1e-12


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, _EPS, 1 - _EPS)
    out: np.ndarray = np.log(p / (1 - p))
    return out


def platt_fit(predicted: np.ndarray, won: np.ndarray, *, steps: int = 50) -> tuple[float, float]:
    """The Platt map's ``(a, b)``: the logistic regression of ``won`` (0/1) on ``logit(predicted)``,
    by Newton's method (maximum likelihood). A chance of exactly 0 or 1 (a position already decided)
    says nothing of the map and is left out."""
    p, y = np.asarray(predicted, dtype=np.float64), np.asarray(won, dtype=np.float64)
    keep = (p > 0) & (p < 1)
    x = np.stack([np.ones(int(keep.sum())), _logit(p[keep])], axis=1)
    y = y[keep]
    beta = np.array([0.0, 1.0])
    for _ in range(steps):
        q = 1 / (1 + np.exp(-(x @ beta)))
        grad = x.T @ (y - q)
        hess = (x * (q * (1 - q))[:, None]).T @ x
        step = np.linalg.solve(hess, grad)
        beta += step
        if float(np.abs(step).max()) < 1e-12:
            break
    return float(beta[0]), float(beta[1])


def _platt(p: np.ndarray, a: float, b: float) -> np.ndarray:
    p = np.asarray(p, dtype=np.float64)
    q = 1 / (1 + np.exp(-(a + b * _logit(p))))
    out: np.ndarray = np.where(p <= 0, 0.0, np.where(p >= 1, 1.0, q))
    return out


def _predicted(table: PositionTable, log: DealLog) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each deal start's predicted chance that its dealer wins, whether he did, and its game's number
    (a game's first deal starts at 0-0, and no later one can: every deal pegs the last card's point)."""
    d, p, won = (log.starts[:, i].astype(np.intp) for i in range(3))
    mine = log.start_side == 0
    predicted = np.where(mine, table.dealer_wins[d, p], table.their_deal[d, p])
    game = np.cumsum((d == 0) & (p == 0)) - 1
    return predicted, won.astype(np.float64), game


@dataclass(frozen=True)
class Margins:
    """The model's error by band of the dealer's chance (arrays, one entry a band of equal width)."""

    edges: np.ndarray       #: (bands + 1,) from 0 to 1
    margin: np.ndarray      #: the band's residual plus 1.96 standard errors (0..1; nan: an empty band)
    predicted: np.ndarray   #: the band's mean chance
    observed: np.ndarray    #: the share of its dealers who won
    stderr: np.ndarray      #: that share's standard error, a game's deal starts taken together
    starts: np.ndarray      #: deal starts in the band

    def of(self, dealer_chance: float) -> float:
        """The margin of the band ``dealer_chance`` falls in (the widest one's if that band was empty)."""
        b = int(np.clip(np.searchsorted(self.edges, dealer_chance, side="right") - 1, 0, len(self.margin) - 1))
        margin = float(self.margin[b])
        return float(np.nanmax(self.margin)) if math.isnan(margin) else margin

    def to_dict(self) -> dict[str, list[float]]:
        return {k: [float(x) for x in getattr(self, k)] for k in ("edges", "margin", "predicted", "observed", "stderr",
                                                                  "starts")}

    @classmethod
    def from_dict(cls, data: Mapping[str, list[float]]) -> Margins:
        edges, margin, predicted, observed, stderr = (np.array(data[k], dtype=np.float64)
                                                      for k in ("edges", "margin", "predicted", "observed", "stderr"))
        return cls(edges, margin, predicted, observed, stderr, np.array(data["starts"], dtype=np.int64))


def band_margins(table: PositionTable, log: DealLog, *, bins: int = BANDS) -> Margins:
    """The model's margin in each band of the dealer's chance, measured on ``log`` (games the table
    was not solved from): ``|observed - predicted| + 1.96 * stderr``, the standard error with a game's
    deal starts summed together (they share the game's outcome)."""
    table, log = of_kind(table, "table", PositionTable), of_kind(log, "log", DealLog)
    predicted, won, game = _predicted(table, log)
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.digitize(predicted, edges) - 1, 0, bins - 1)
    rows = np.full((5, bins), np.nan)
    for b in range(bins):
        inside = which == b
        n = int(inside.sum())
        if not n:
            rows[4, b] = 0
            continue
        observed, mean = float(won[inside].mean()), float(predicted[inside].mean())
        by_game = np.bincount(game[inside], weights=won[inside] - observed)
        groups = int((np.bincount(game[inside]) > 0).sum())
        se = math.sqrt(float((by_game ** 2).sum()) * groups / max(groups - 1, 1)) / n
        rows[:, b] = (abs(observed - mean) + Z95 * se, mean, observed, se, n)
    return Margins(edges, rows[0], rows[1], rows[2], rows[3], rows[4].astype(np.int64))


def _calibration_dict(check: Calibration) -> dict[str, Any]:
    fields = ("low", "high", "predicted", "observed", "observed_low", "observed_high")
    return {**{k: [float(x) for x in getattr(check, k)] for k in fields}, "starts": [int(x) for x in check.starts],
            "games": check.games, "brier": check.brier, "brier_coin": check.brier_coin}


def _calibration_of(data: Mapping[str, Any]) -> Calibration:
    fields = ("low", "high", "predicted", "observed", "observed_low", "observed_high")
    low, high, predicted, observed, observed_low, observed_high = (np.array(data[k], dtype=np.float64) for k in fields)
    return Calibration(low, high, predicted, observed, observed_low, observed_high,
                       np.array(data["starts"], dtype=np.int64), int(data["games"]), float(data["brier"]),
                       float(data["brier_coin"]))


@dataclass(frozen=True)
class ModelCheck:
    """One model's Platt map, its margins and its check on the held-out games (both models of a game)."""

    platt: tuple[float, float]   #: (a, b) of the map of the dealer's chance
    margins: Margins             #: measured on the recalibration games, after the map
    check: Calibration           #: the held-out games, after the map
    check_raw: Calibration       #: the same games, the model as solved (before the map)

    def map(self, chance: float | np.ndarray, *, dealer: bool = True) -> Any:
        """A chance of the model as solved, put through the map (``dealer``: the chance is the dealer's;
        else the pone's, mapped as one less the dealer's)."""
        a, b = self.platt
        p = np.asarray(chance, dtype=np.float64)
        out = _platt(p, a, b) if dealer else 1 - _platt(1 - p, a, b)
        return float(out) if out.ndim == 0 else out

    def interval(self, chance: float, *, dealer: bool) -> tuple[float, float]:
        """The 95% interval of a (recalibrated) chance to win, mine as the dealer (``dealer``) or as the
        pone: the chance less and more the margin of its band of the dealer's chance."""
        return interval_of(self.margins, chance, dealer=dealer)

    def to_dict(self) -> dict[str, Any]:
        return {"platt": list(self.platt), "margins": self.margins.to_dict(), "check": _calibration_dict(self.check),
                "check_raw": _calibration_dict(self.check_raw)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModelCheck:
        a, b = data["platt"]
        return cls((float(a), float(b)), Margins.from_dict(data["margins"]), _calibration_of(data["check"]),
                   _calibration_of(data["check_raw"]))


@dataclass(frozen=True)
class ModelCalibration:
    """A game's position model (My deal's, the lab's) with its Platt map, its margins and its check on
    held-out games, and the same for the game table's model (:attr:`endgame`)."""

    platt: tuple[float, float]   #: (a, b) of the map of the dealer's chance
    margins: Margins             #: measured on the recalibration games, after the map
    check: Calibration           #: the held-out games, after the map
    check_raw: Calibration       #: the same games, the model as solved (before the map)
    sets: dict[str, dict[str, Any]]   #: "fit", "recalibrate", "held_out": games and seed of each
    provenance: Provenance | None = None
    target: int = 121            #: the game's length
    endgame: ModelCheck | None = None   #: :func:`cribbage.ai.endgame.win_probability`'s, on the same games

    @property
    def position(self) -> ModelCheck:
        """The position model's map, margins and check, as one."""
        return ModelCheck(self.platt, self.margins, self.check, self.check_raw)

    def recalibrate(self, table: PositionTable) -> PositionTable:
        """``table`` with every chance put through the Platt map (the same target, levels and deals)."""
        return recalibrated(of_kind(table, "table", PositionTable), *self.platt)

    def map(self, chance: float | np.ndarray, *, dealer: bool = True) -> Any:
        """A chance of the model as solved, put through the map (``dealer``: the chance is the dealer's;
        else the pone's, mapped as one less the dealer's)."""
        return self.position.map(chance, dealer=dealer)

    def interval(self, chance: float, *, dealer: bool) -> tuple[float, float]:
        """The 95% interval of a (recalibrated) chance to win, mine as the dealer (``dealer``) or as the
        pone: the chance less and more the margin of its band of the dealer's chance."""
        return interval_of(self.margins, chance, dealer=dealer)

    def to_dict(self) -> dict[str, Any]:
        return {"provenance": None if self.provenance is None else self.provenance.to_dict(), "target": self.target,
                "sets": self.sets, **self.position.to_dict(),
                "endgame": None if self.endgame is None else self.endgame.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModelCalibration:
        made, endgame = data.get("provenance"), data.get("endgame")
        position = ModelCheck.from_dict(data)
        return cls(position.platt, position.margins, position.check, position.check_raw, dict(data["sets"]),
                   None if made is None else Provenance.from_dict(made), int(data.get("target", 121)),
                   None if endgame is None else ModelCheck.from_dict(endgame))


def calibrations_json(calibrations: Mapping[int, ModelCalibration], provenance: Provenance | None) -> str:
    """The calibration file's text: its provenance (the whole build's) and each game's calibration."""
    return json.dumps({"provenance": None if provenance is None else provenance.to_dict(),
                       "games": {str(target): c.to_dict() for target, c in calibrations.items()}}, indent=1)


def read_calibrations(text: str) -> dict[int, ModelCalibration]:
    """Each game's calibration from a calibration file's text (:func:`calibrations_json`)."""
    return {int(target): ModelCalibration.from_dict(data) for target, data in json.loads(text)["games"].items()}


def recalibrated(table: PositionTable, a: float, b: float) -> PositionTable:
    """``table`` with every chance ``p`` of the dealer put through the Platt map ``(a, b)``."""

    def mapped(wins: np.ndarray) -> np.ndarray:
        out = _platt(wins, a, b)
        out.flags.writeable = False
        return out

    other = None if table.opponent_dealer_wins is None else mapped(table.opponent_dealer_wins)
    return PositionTable(table.target, mapped(table.dealer_wins), table.deals, other, table.level, table.opponent,
                         table.muggins)


def interval_of(margins: Margins, chance: float, *, dealer: bool) -> tuple[float, float]:
    """``chance`` (mine, as the dealer or the pone) less and more the margin of its band (the bands are
    of the dealer's chance), kept within 0..1."""
    margin = margins.of(chance if dealer else 1 - chance)
    return max(0.0, chance - margin), min(1.0, chance + margin)


def endgame_table(target: int = 121) -> PositionTable:
    """The game table's model (:func:`cribbage.ai.endgame.win_probability`) as a position table: the
    dealer's chance at each pair of scores, so it is checked as the position model is."""
    wins = np.array([[win_probability(d, p, dealer=True, target=target) for p in range(target)] for d in range(target)])
    wins.flags.writeable = False
    return PositionTable(target, wins, int(sum(COUNTS["crib"])))


def _checked(raw: PositionTable, recalibrate: DealLog, held_out: DealLog) -> ModelCheck:
    """A model's Platt map fitted on ``recalibrate``, its margins there, its check on ``held_out``."""
    predicted, won, _ = _predicted(raw, recalibrate)
    platt = platt_fit(predicted, won)
    table = recalibrated(raw, *platt)
    return ModelCheck(platt, band_margins(table, recalibrate), calibration(table, held_out, bins=BANDS),
                      calibration(raw, held_out, bins=BANDS))


def build_calibration(fit: DealLog, recalibrate: DealLog, held_out: DealLog, *, target: int = 121,
                      seeds: tuple[str, str, str] | None = None, command: str | None = None) -> ModelCalibration:
    """Solve the model of a game to ``target`` from ``fit``, fit its map and margins on ``recalibrate``,
    check it on ``held_out`` (games to ``target``); the same for the game table's model (``seeds``: the
    three logs' seeds, to record; by default those of :data:`SETS`)."""
    logs = (of_kind(fit, "fit", DealLog), of_kind(recalibrate, "recalibrate", DealLog),
            of_kind(held_out, "held_out", DealLog))
    names = ("fit", "recalibrate", "held_out")
    seeds = seeds or tuple(str(SETS[target][name]["seed"]) for name in names)  # type: ignore[assignment]
    position = _checked(win_probabilities(fit, target=target), recalibrate, held_out)
    endgame = _checked(endgame_table(target), recalibrate, held_out)
    sets = {name: {"games": log.games, "seed": str(seed)} for name, log, seed in zip(names, logs, seeds or ())}
    command = command or "stats.calibrated.build_calibration(fit, recalibrate, held_out)"
    return ModelCalibration(position.platt, position.margins, position.check, position.check_raw, sets,
                            Provenance.record(ENGINE_PARTS, command=command, seed=", ".join(str(s) for s in seeds or ()),
                                              sample=held_out.games), target, endgame)


@lru_cache(maxsize=1)
def _shipped() -> dict[int, ModelCalibration]:
    return read_calibrations(CALIBRATION_FILE.read_text(encoding="utf-8"))


def load_calibration(target: int = 121) -> ModelCalibration:
    """The shipped calibration of the position model of a game to ``target`` (:data:`CALIBRATION_FILE`)."""
    return _shipped()[target]


def endgame_chance(own: int, theirs: int, *, dealer: bool, target: int = 121) -> tuple[float, float, float]:
    """The game table's and the board's chance to win, with its 95% interval: ``(chance, low, high)``.
    The chance is :func:`cribbage.ai.endgame.win_probability`'s put through its Platt map, the interval
    its band's margin (:attr:`ModelCalibration.endgame`); a game already won or lost is certain."""
    raw = win_probability(own, theirs, dealer=dealer, target=target)
    if raw in (0.0, 1.0):
        return raw, raw, raw
    model = load_calibration(target).endgame
    assert model is not None, "the shipped calibration has the game table's model of every game"
    chance = float(model.map(raw, dealer=dealer))
    return (chance, *model.interval(chance, dealer=dealer))

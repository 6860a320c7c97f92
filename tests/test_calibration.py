"""The position model's error: its recalibration, its margins, and the check on 10,000 held-out games.

The shipped calibration (:mod:`cribbage.stats.calibrated`) is read as the lab prints it: every band of
the held-out games must have its observed share inside the interval printed for the band's chance.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from cribbage.stats import calibrated
from cribbage.stats.calibrated import (
    FIT,
    HELD_OUT,
    RECALIBRATE,
    Margins,
    band_margins,
    interval_of,
    load_calibration,
    platt_fit,
    recalibrated,
)
from cribbage.stats.deals import deal_log
from cribbage.stats.position import win_probabilities

#: Standard errors of a difference beyond which a small rebuild disagrees with the shipped one.
Z_AGREE = 4.0


def test_every_band_of_the_held_out_games_lies_inside_its_printed_interval():
    shipped = load_calibration()
    check = shipped.check
    assert shipped.sets["held_out"]["games"] == check.games >= 10_000 and check.starts.sum() > 80_000
    outside = []
    for predicted, observed, n in zip(check.predicted, check.observed, check.starts):
        low, high = shipped.interval(float(predicted), dealer=True)
        if not low <= observed <= high:
            outside.append((round(float(predicted), 3), round(float(observed), 3), (round(low, 3), round(high, 3)), int(n)))
    assert not outside, f"held-out bands outside their printed interval (predicted, observed, interval, starts): {outside}"
    # the pone's chance is one less the dealer's, with the same interval turned round
    for predicted in check.predicted:
        low, high = shipped.interval(float(predicted), dealer=True)
        assert shipped.interval(1 - float(predicted), dealer=False) == pytest.approx((1 - high, 1 - low))


def test_the_map_is_fitted_on_other_games_and_keeps_every_band_near_what_happened():
    shipped = load_calibration()
    raw, mapped = shipped.check_raw, shipped.check
    a, b = shipped.platt
    assert abs(a) < 0.2 and 0.8 < b < 1.2 and (a, b) != (0.0, 1.0)   # a small correction, not the identity
    assert mapped.brier < 0.8 * mapped.brier_coin and abs(mapped.brier - raw.brier) < 0.001
    # once mapped, each band's chance within two points of what happened in the held-out games
    assert (np.abs(mapped.observed - mapped.predicted) < 0.02).all()
    assert mapped.games == raw.games and mapped.starts.sum() == raw.starts.sum()


def test_the_three_sets_of_games_are_disjoint_and_recorded():
    shipped = load_calibration()
    seeds = [str(spec["seed"]) for spec in (FIT, RECALIBRATE, HELD_OUT)]
    assert len(set(seeds)) == 3 and not any(a.startswith(f"{b}/") for a in seeds for b in seeds)
    assert {k: v["seed"] for k, v in shipped.sets.items()} == dict(zip(("fit", "recalibrate", "held_out"), seeds))
    made = shipped.provenance
    assert made is not None and made.command == calibrated.BUILD_COMMAND and made.sample == HELD_OUT["games"]
    assert made.parts == calibrated.ENGINE_PARTS


def test_platt_recovers_the_map_that_made_the_outcomes():
    rng = np.random.default_rng(3)
    p = rng.uniform(0.01, 0.99, 200_000)
    true = 1 / (1 + np.exp(-(0.2 + 0.7 * np.log(p / (1 - p)))))
    won = (rng.random(len(p)) < true).astype(float)
    a, b = platt_fit(np.concatenate([p, [0.0, 1.0]]), np.concatenate([won, [1.0, 0.0]]))  # decided ones left out
    assert a == pytest.approx(0.2, abs=0.03) and b == pytest.approx(0.7, abs=0.03)


def test_an_interval_is_the_chance_less_and_more_its_band_s_margin():
    margins = Margins(np.linspace(0, 1, 5), np.array([0.02, 0.01, np.nan, 0.03]), np.full(4, 0.5), np.full(4, 0.5),
                      np.full(4, 0.01), np.array([10, 10, 0, 10]))
    assert interval_of(margins, 0.3, dealer=True) == pytest.approx((0.29, 0.31))
    assert interval_of(margins, 0.01, dealer=True) == pytest.approx((0.0, 0.03))      # kept within 0..1
    assert interval_of(margins, 0.6, dealer=True) == pytest.approx((0.57, 0.63))      # an empty band: the widest
    assert interval_of(margins, 0.9, dealer=False) == pytest.approx((0.88, 0.92))     # the dealer's 0.1


@pytest.mark.slow
def test_band_margins_count_a_game_s_deal_starts_together():
    log = deal_log(40, seed="margins", cache=False)
    table = win_probabilities(deal_log(40, seed="margins-fit", cache=False))
    margins = band_margins(table, log, bins=4)
    assert margins.starts.sum() == len(log.starts)
    filled = margins.starts > 0
    plain = np.sqrt(margins.observed * (1 - margins.observed) / np.maximum(margins.starts, 1))
    assert (margins.margin[filled] >= 1.96 * margins.stderr[filled] - 1e-12).all()
    assert (margins.stderr[filled] >= 0.5 * plain[filled]).all()


def test_recalibrating_a_table_keeps_its_decided_positions_and_its_order():
    shipped = load_calibration()
    table = win_probabilities(deal_log(30, seed="recal-table", cache=False), target=61)
    mapped = recalibrated(table, *shipped.platt)
    raw = table.dealer_wins.ravel()
    assert ((raw == 1) <= (mapped.dealer_wins.ravel() == 1)).all() and ((raw == 0) <= (mapped.dealer_wins.ravel() == 0)).all()
    order = np.argsort(raw, kind="stable")
    assert (np.diff(mapped.dealer_wins.ravel()[order]) >= -1e-12).all()
    assert mapped.target == 61 and mapped.deals == table.deals


def test_a_small_rebuild_agrees_with_the_shipped_calibration(tmp_path, monkeypatch):
    from cribbage.build import calibration as builder

    shipped = load_calibration()
    monkeypatch.setattr(builder, "OUTPUT", tmp_path / "small.json")
    monkeypatch.setattr(builder, "FIT", {"games": 60, "seed": "small fit"})
    monkeypatch.setattr(builder, "RECALIBRATE", {"games": 60, "seed": "small recalibrate"})
    monkeypatch.setattr(builder, "HELD_OUT", {"games": 120, "seed": "small held-out"})
    builder.write(parallel=False)
    small = calibrated.ModelCalibration.from_json((tmp_path / "small.json").read_text())
    assert small.provenance is not None and small.provenance.command == calibrated.BUILD_COMMAND
    assert json.loads((tmp_path / "small.json").read_text())["sets"]["held_out"]["games"] == 120
    # each band the small run filled agrees with the shipped one's share of dealers who won
    disagree = []
    for low, observed, n in zip(small.check.low, small.check.observed, small.check.starts):
        band = np.flatnonzero(np.isclose(shipped.check.low, low))
        if n < 30 or not len(band):
            continue
        b = int(band[0])
        other, m = float(shipped.check.observed[b]), int(shipped.check.starts[b])
        se = math.hypot(math.sqrt(observed * (1 - observed) / n), math.sqrt(other * (1 - other) / m))
        if abs(observed - other) > Z_AGREE * max(se, 1e-9) * 1.5:   # 1.5: a game's deal starts are not independent
            disagree.append((round(float(low), 1), round(float(observed), 3), round(other, 3)))
    assert not disagree, f"the shipped calibration disagrees with a small rebuild: {disagree}; {calibrated.BUILD_COMMAND}"


def test_the_shipped_lab_tables_are_what_the_engine_makes(tmp_path, monkeypatch):
    from cribbage.stats import crib_averages, keep_statistics
    from cribbage.stats.cache import engine_version
    from cribbage.stats.shipped_tables import LAB_TABLES, PROVENANCE_FILE, shipped_files

    data = json.loads(PROVENANCE_FILE.read_text())
    assert data["files"] == [p.name for p in shipped_files()] and len(data["files"]) == 7
    stale = [name for name in data["files"] if f"-{engine_version()}-" not in name]
    assert not stale, f"{stale} are of another engine: python -m cribbage.build lab_tables"
    # From an empty cache the lab's tables are read from the package: nothing is built
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    log = deal_log(LAB_TABLES["games"], seed=LAB_TABLES["seed"])
    own = crib_averages("expert", dealer=True, samples=LAB_TABLES["crib_samples"], seed=LAB_TABLES["seed"])
    keeps = keep_statistics(sample=LAB_TABLES["keep_sample"], seed=LAB_TABLES["seed"])
    assert not list(tmp_path.glob("*.npz")) and keeps.deals == 20_358_520
    # ... and they are what the engine makes: game i is the same game in a log of any length
    small = deal_log(12, seed=LAB_TABLES["seed"], cache=False)
    for name in ("parts", "kinds", "lead", "kept", "dealer_side", "starts", "start_side", "game", "number"):
        part = getattr(small, name)
        assert np.array_equal(getattr(log, name)[:len(part)], part), name
    for name in ("parts", "kinds", "lead", "kept", "side", "game", "number"):   # the deals the game's end cut short
        part = getattr(small.cut, name)
        assert np.array_equal(getattr(log.cut, name)[:len(part)], part), f"cut {name}"
    # and a small sample of other hands gives the expert crib table within its errors
    other = crib_averages("expert", dealer=True, samples=400, seed=77, cache=False)
    seen = ~np.isnan(other.stderr) & (other.stderr > 0)
    gap = np.abs(other.means - own.means)[seen] / np.hypot(other.stderr, own.stderr)[seen]
    assert seen.sum() > 40 and (gap < Z_AGREE).all(), float(gap.max())

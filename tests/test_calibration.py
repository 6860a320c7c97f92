"""The position model's error: its recalibration, its margins, and the check on 10,000 held-out games,
for a game to 121 and a game to 61, and the same for the game table's model (cribbage.ai.endgame).

The shipped calibration (:mod:`cribbage.stats.calibrated`) is read as the views print it: every band of
the held-out games must have its observed share inside the interval printed for the band's chance.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from cribbage.ai.endgame import win_probability as endgame_win
from cribbage.stats import calibrated
from cribbage.stats.calibrated import (
    SETS,
    TARGETS,
    Margins,
    band_margins,
    endgame_chance,
    interval_of,
    load_calibration,
    platt_fit,
    read_calibrations,
    recalibrated,
)
from cribbage.stats.deals import deal_log
from cribbage.stats.position import win_probabilities
from cribbage.stats.provenance import Provenance

#: Standard errors of a difference beyond which a small rebuild disagrees with the shipped one.
Z_AGREE = 4.0


#: The models each game is calibrated for: My deal's and the lab's, and the game table's and the board's.
MODELS = ("position", "endgame")


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("target", TARGETS)
def test_every_band_of_the_held_out_games_lies_inside_its_printed_interval(target, model):
    game = load_calibration(target)
    shipped = game.position if model == "position" else game.endgame
    check = shipped.check
    assert game.target == target and game.sets["held_out"]["games"] == check.games >= 10_000
    assert check.starts.sum() > (80_000 if target == 121 else 40_000)
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


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("target", TARGETS)
def test_the_map_is_fitted_on_other_games_and_keeps_every_band_near_what_happened(target, model):
    game = load_calibration(target)
    shipped = game.position if model == "position" else game.endgame
    raw, mapped = shipped.check_raw, shipped.check
    a, b = shipped.platt
    assert abs(a) < 0.2 and 0.7 < b < 1.3 and (a, b) != (0.0, 1.0)   # a small correction, not the identity
    assert mapped.brier < 0.8 * mapped.brier_coin and mapped.brier < raw.brier + 0.001
    # once mapped, each band's chance within three points of what happened in the held-out games
    assert (np.abs(mapped.observed - mapped.predicted) < 0.03).all()
    assert mapped.games == raw.games and mapped.starts.sum() == raw.starts.sum()


def test_the_sets_of_games_are_disjoint_and_recorded():
    seeds = [str(SETS[121]["fit"]["seed"])] + [str(sets[name]["seed"]) for sets in SETS.values()
                                                for name in ("recalibrate", "held_out")]
    assert len(set(seeds)) == 5 and not any(a.startswith(f"{b}/") for a in seeds for b in seeds)
    assert SETS[61]["fit"] == SETS[121]["fit"]      # both models are solved from the same games to 121
    for target in TARGETS:
        shipped = load_calibration(target)
        sets = SETS[target]
        assert {k: v["seed"] for k, v in shipped.sets.items()} == {k: str(v["seed"]) for k, v in sets.items()}
        made = shipped.provenance
        assert made is not None and made.command == calibrated.BUILD_COMMAND and made.sample == sets["held_out"]["games"]
        assert made.parts == calibrated.ENGINE_PARTS
    whole = Provenance.from_dict(json.loads(calibrated.CALIBRATION_FILE.read_text())["provenance"])
    assert whole.command == calibrated.BUILD_COMMAND and whole.sample == sum(s["held_out"]["games"] for s in SETS.values())
    assert all(str(sets["held_out"]["seed"]) in whole.seed for sets in SETS.values())


@pytest.mark.parametrize("target", TARGETS)
def test_the_game_table_s_chance_is_the_endgame_model_s_recalibrated_with_its_interval(target):
    model = load_calibration(target).endgame
    for own, theirs, dealer in ((0, 0, True), (target - 10, target - 4, False), (target // 2, target // 3, True)):
        raw = endgame_win(own, theirs, dealer=dealer, target=target)
        chance, low, high = endgame_chance(own, theirs, dealer=dealer, target=target)
        assert chance == pytest.approx(model.map(raw, dealer=dealer)) and chance != raw
        assert (low, high) == model.interval(chance, dealer=dealer) and low < chance < high
    assert endgame_chance(target, 3, dealer=True, target=target) == (1.0, 1.0, 1.0)   # a game won is certain
    assert endgame_chance(3, target, dealer=False, target=target) == (0.0, 0.0, 0.0)


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

    small_sets = {target: {"fit": {"games": 60, "seed": "small fit"},
                           "recalibrate": {"games": 60, "seed": f"small recalibrate {target}"},
                           "held_out": {"games": 120, "seed": f"small held-out {target}"}} for target in TARGETS}
    monkeypatch.setattr(builder, "OUTPUT", tmp_path / "small.json")
    monkeypatch.setattr(builder, "SETS", small_sets)
    builder.write(parallel=False)
    text = (tmp_path / "small.json").read_text()
    smalls = read_calibrations(text)
    assert sorted(smalls) == sorted(TARGETS) and json.loads(text)["provenance"]["sample"] == 120 * len(TARGETS)
    # each band the small run filled agrees with the shipped one's share of dealers who won, in both games
    disagree = []
    for target, small in smalls.items():
        shipped = load_calibration(target)
        assert small.provenance is not None and small.provenance.command == calibrated.BUILD_COMMAND
        assert small.sets["held_out"]["games"] == 120 and small.check.games == 120 and small.endgame is not None
        for low, observed, n in zip(small.check.low, small.check.observed, small.check.starts):
            band = np.flatnonzero(np.isclose(shipped.check.low, low))
            if n < 30 or not len(band):
                continue
            b = int(band[0])
            other, m = float(shipped.check.observed[b]), int(shipped.check.starts[b])
            # the spread both would have if the small run's dealers won as the shipped one's did (a small
            # band where none won has no spread of its own)
            se = math.sqrt(other * (1 - other) * (1 / n + 1 / m))
            if abs(observed - other) > Z_AGREE * max(se, 1e-9) * 1.5:   # 1.5: a game's deal starts are not independent
                disagree.append((target, round(float(low), 1), round(float(observed), 3), round(other, 3)))
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

"""The statistics' margins of error, the 29 per deal, rules and levels in the deal log and the
position table, the check against held-out games, and the cache that keeps one engine version."""

from __future__ import annotations

import json
import math
from itertools import combinations

import numpy as np
import pytest

from cribbage import Card, CribbageError, score_hand
from cribbage.rules.cards import FULL_DECK
from cribbage.stats import Estimate, best_hand_deals, calibration, deal_log, win_probabilities
from cribbage.stats import cache as cache_module
from cribbage.stats import selfplay as selfplay_module
from cribbage.stats.cache import cached_arrays, cached_files, prune_old_versions


def test_a_29_per_deal_by_brute_force_over_the_cards_that_matter():
    deals, total = best_hand_deals()
    # Independently: a deal of six and a starter allows a 29 when some four of the six and the
    # starter score 29. Only fives and jacks can be in a 29, so count over those eight cards how
    # many (kept set, starter) there are; each kept set of k of them is completed by 6 - k others.
    special = [c for c in FULL_DECK if c.rank in (5, 11)]
    others = 52 - len(special)
    allowing = 0
    for k in range(4, 7):
        for held in combinations(special, k):
            for starter in special:
                if starter in held:
                    continue
                if any(score_hand(four, starter).total == 29 for four in combinations(held, 4)):
                    allowing += math.comb(others, 6 - k)
    assert deals == allowing and total == math.comb(52, 6) * 46
    assert round(total / deals) == 216_580 and round(total / deals / 5200) == 42


def test_an_estimate_s_error_and_interval():
    values = np.array([1.0, 2.0, 3.0, 4.0])
    e = Estimate.of_values(values)
    assert e.mean == 2.5 and e.stderr == pytest.approx(values.std(ddof=1) / 2) and e.n == 4
    assert (e.low, e.high) == pytest.approx((2.5 - 1.96 * e.stderr, 2.5 + 1.96 * e.stderr))
    share = Estimate.of_share(567, 1000)
    assert share.stderr == pytest.approx(math.sqrt(0.567 * 0.433 / 1000)) and share.margin == pytest.approx(0.0307, abs=1e-4)
    with pytest.raises(CribbageError):
        Estimate.of_values(np.array([1.0]))


def test_the_saved_run_is_what_its_builder_writes(tmp_path, monkeypatch):
    from cribbage.build import selfplay as builder

    monkeypatch.setattr(selfplay_module, "SELFPLAY_FILE", tmp_path / "run.json")
    monkeypatch.setattr(builder, "OUTPUT", tmp_path / "run.json")
    monkeypatch.setattr(builder, "SAVED_RUN", {"games": 6, "seed": 11, "level": "expert"})
    builder.write(parallel=False)
    saved = selfplay_module.load_selfplay()
    again = selfplay_module.selfplay_summary(6, seed=11)
    assert saved == again and json.loads((tmp_path / "run.json").read_text())["games"] == 6


@pytest.mark.slow
def test_rules_and_levels_make_their_own_deal_log_and_position_table(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    progress = []
    short = deal_log(60, seed="levels", target=61, opponent="beginner", progress=lambda d, n: progress.append((d, n)))
    assert progress[-1] == (60, 60) and [d for d, _ in progress] == sorted(d for d, _ in progress)
    assert short.target == 61 and short.opponent == "beginner" and not short.muggins
    assert (short.starts[:, :2] < 61).all() and set(np.unique(short.dealer_side)) == {0, 1}
    # the cut decides who deals first, and either player does in a fair share of the games
    firsts = short.start_side[(short.starts[:, :2] == 0).all(axis=1)]
    assert len(firsts) == 60 and 15 <= firsts.sum() <= 45
    table = win_probabilities(short, target=61)
    assert table.opponent_dealer_wins is not None and table.dealer_wins.shape == (61, 61)
    # the expert beats the beginner whoever deals first
    assert table.win_probability(0, 0, dealer=True) > 0.5 and table.win_probability(0, 0, dealer=False) > 0.5
    deal_log(60, seed="levels", target=61, opponent="beginner", muggins=True)
    assert len(cached_files("deal-log")) == 2   # one file per setting
    with pytest.raises(CribbageError):
        deal_log(10, target=100)
    with pytest.raises(CribbageError):
        deal_log(10, opponent="grandmaster")


def test_a_longer_deal_log_reads_the_pieces_a_shorter_one_built(tmp_path, monkeypatch):
    """Game i is the same game in a log of any length: the longer log plays only the games it adds."""
    from cribbage.stats import deals

    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(deals, "PIECE", 3)
    played = []
    one = deals._one
    monkeypatch.setattr(deals, "_one", lambda setting, seed, swap: played.append(seed) or one(setting, seed, swap))
    short = deal_log(6, seed="pieces", level="beginner")
    assert played == [f"pieces/{i}" for i in range(6)] and len(cached_files("deal-log")) == 2
    played.clear()
    progress = []
    longer = deal_log(8, seed="pieces", level="beginner", progress=lambda d, n: progress.append((d, n)))
    assert played == ["pieces/6", "pieces/7"] and progress == [(8, 8)]
    whole = deal_log(8, seed="pieces", level="beginner", cache=False)
    for name in ("parts", "kinds", "lead", "kept", "starts", "dealer_side", "start_side"):
        assert np.array_equal(getattr(longer, name), getattr(whole, name)), name
        assert np.array_equal(getattr(short, name), getattr(deal_log(6, seed="pieces", level="beginner",
                                                                          cache=False), name)), name
    assert longer.games == 8 and len(longer.starts) > len(short.starts)
    played.clear()
    assert deals.is_logged(8, seed="pieces", level="beginner") and not deals.is_logged(9, seed="pieces", level="beginner")
    assert deal_log(8, seed="pieces", level="beginner").deals == longer.deals and played == []


@pytest.mark.slow
def test_the_check_against_held_out_games():
    log = deal_log(40, seed="cal-a", cache=False)
    table = win_probabilities(log)
    held = deal_log(30, seed="cal-b", cache=False)
    check = calibration(table, held, bins=4)
    assert check.starts.sum() == len(held.starts) and check.games == 30
    assert ((check.low <= check.predicted) & (check.predicted <= check.high)).all()
    assert ((check.observed_low <= check.observed + 1e-12) & (check.observed <= check.observed_high + 1e-12)).all()
    assert check.brier < check.brier_coin   # better than saying 50% every time
    with pytest.raises(CribbageError):
        calibration(table, deal_log(5, seed="cal-c", target=61, cache=False))


def test_old_engine_versions_and_old_names_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    (tmp_path / "deal-log-0123456789abcdef.npz").write_bytes(b"an old name")
    (tmp_path / "deal-log-oldversion00-0123456789abcdef.npz").write_bytes(b"an old version")
    (tmp_path / "crib-expert-oldversion00-0123456789abcdef.npz").write_bytes(b"another table")
    cached_arrays("deal-log", {"x": 1}, lambda: {"a": np.arange(3)})
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([f"deal-log-{cache_module.engine_version()}-{cache_module._key('deal-log', {'x': 1})}.npz",
                           "crib-expert-oldversion00-0123456789abcdef.npz"])
    assert [p.name for p in prune_old_versions("crib-expert")] == ["crib-expert-oldversion00-0123456789abcdef.npz"]


@pytest.mark.slow
def test_the_lead_the_dealer_pegs_most_after_ranks_only_common_leads():
    from cribbage.stats import pegging_statistics
    stats = pegging_statistics(deal_log(30, seed="leads", cache=False))
    best = stats.most_after_lead("dealer", least_deals=20)
    common = stats.lead_counts >= 20
    assert common[best - 1] and stats.by_lead[1, best - 1] == np.max(stats.by_lead[1][common])
    assert isinstance(Card, type)

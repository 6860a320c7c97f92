"""Every statistics table and the deal log as a pandas DataFrame and a CSV file: the columns the
docstrings promise, the values of the table itself, and a CSV that reads back the same."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cribbage import player, simulate
from cribbage.stats import (
    calibration,
    crib_averages,
    deal_log,
    hand_distribution,
    hand_frame,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from cribbage.stats.deals import PLAY_KINDS
from cribbage.stats.selfplay import summarise


@pytest.fixture(scope="module")
def log():
    return deal_log(12, seed="frames", cache=False)


def _round_trip(table, tmp_path, name):
    """The table's CSV read back equals its frame."""
    path = table.to_csv(tmp_path / f"{name}.csv")
    assert path.exists() and path.parent == tmp_path
    back = pd.read_csv(path, keep_default_na=True)
    frame = table.to_frame()
    assert list(back.columns) == list(frame.columns)
    pd.testing.assert_frame_equal(back, frame, check_dtype=False, check_exact=False, atol=1e-12)
    return frame


def test_the_deal_log_frame_has_a_row_per_deal_the_ones_cut_short_marked(log, tmp_path):
    frame = _round_trip(log, tmp_path, "deals")
    assert len(frame) == log.all_deals == len(log.starts) > log.deals   # every deal that began, once
    assert list(frame.columns[:6]) == ["pone_play", "pone_hand", "dealer_play", "dealer_hand", "crib", "his_heels"]
    complete = frame[frame["censored"] == 0]
    assert len(complete) == log.deals and np.array_equal(complete["crib"], log.parts[:, 4])
    # in the order played: each game's deals numbered from 1, the one cut short (if any) its last
    for _, deals in frame.groupby("game"):
        assert deals["deal"].tolist() == list(range(1, len(deals) + 1))
        assert deals["censored"].iloc[:-1].eq(0).all()
    assert frame["game"].is_monotonic_increasing and frame["game"].nunique() == log.games
    # a deal cut short never reached its crib's count
    assert (frame.loc[frame["censored"] == 1, "crib"] == 0).all() and frame["censored"].sum() == len(log.cut)
    # the play's kinds add up to each side's play points
    kinds = [str(k).replace(" ", "_").replace("-", "_") for k in PLAY_KINDS]
    assert np.array_equal(frame[[f"dealer_{k}" for k in kinds]].sum(axis=1), frame["dealer_play"])
    assert frame["pone_kept"].str.split().map(len).eq(4).all()
    assert set(frame["dealer_player"]) <= {0, 1}
    starts = log.starts_frame()
    assert list(starts.columns) == ["dealer_score", "pone_score", "dealer_won", "dealer_player"]
    assert len(starts) == len(log.starts) and (starts.iloc[0][["dealer_score", "pone_score"]] == 0).all()


def test_crib_tables_published_tables_and_the_hand_distribution(tmp_path):
    uniform = crib_averages("uniform")
    frame = _round_trip(uniform, tmp_path, "crib")
    assert len(frame) == 91 and set(frame["model"]) == {"uniform"} and (frame["stderr"] == 0).all()
    five = frame[(frame["first"] == 5) & (frame["second"] == 5)].iloc[0]
    assert five["pair"] == "5-5" and five["mean"] == pytest.approx(uniform[5, 5])
    assert frame["suited"].isna().sum() == 13  # a pair cannot be of one suit
    expert = crib_averages("expert", dealer=False, samples=20, seed=3, cache=False).to_frame()
    assert (expert["samples"] == 20).all() and (expert["stderr"] > 0).any() and set(expert["crib"]) == {"opponent"}
    published = _round_trip(published_crib_table("hessel-opponent"), tmp_path, "hessel")
    assert len(published) == 91 and published.loc[published["first"].eq(1) & published["second"].eq(6), "mean"].item() == 4.93
    hands = hand_frame()
    assert hands["hands"].sum() == 12_994_800 and hands.loc[29, "hands"] == hand_distribution()[29]
    assert hands["crib_share"].sum() == pytest.approx(1.0)


@pytest.mark.slow
def test_position_pegging_and_calibration_frames(log, tmp_path):
    table = win_probabilities(log)
    frame = _round_trip(table, tmp_path, "position")
    assert len(frame) == 121 * 121
    row = frame[(frame["dealer_score"] == 90) & (frame["pone_score"] == 100)].iloc[0]
    assert row["dealer_wins"] == pytest.approx(table.dealer_wins[90, 100])
    pegging = pegging_statistics(log)
    frame = _round_trip(pegging, tmp_path, "pegging")
    # over all deals, then over the complete ones
    assert len(frame) == 2 * 2 * len(PLAY_KINDS) and frame["over"].unique().tolist() == ["all deals", "complete deals"]
    every, complete = frame[frame["over"] == "all deals"], frame[frame["over"] == "complete deals"]
    assert (every["deals"] == log.all_deals).all() and (complete["deals"] == log.deals).all()
    # the kinds of a side add up to what it pegs a deal
    assert every[every["role"] == "dealer"]["points_per_deal"].sum() == pytest.approx(pegging.per_deal[1])
    assert complete[complete["role"] == "dealer"]["points_per_deal"].sum() == pytest.approx(pegging.complete.per_deal[1])
    leads = pegging.lead_frame()
    # a deal the game's end cut short before its lead has none
    assert leads[leads["over"] == "all deals"]["deals"].sum() == log.all_deals - int((log.cut.lead == 0).sum())
    assert leads[leads["over"] == "complete deals"]["deals"].sum() == log.deals
    check = calibration(table, deal_log(8, seed="frames-held-out", cache=False), bins=5)
    frame = _round_trip(check, tmp_path, "calibration")
    assert frame["starts"].sum() > 0 and (frame["observed_low"] <= frame["observed"] + 1e-12).all()


@pytest.mark.slow
def test_keep_and_selfplay_frames(tmp_path):
    keeps = keep_statistics(sample=300, seed=4, cache=False)
    frame = _round_trip(keeps, tmp_path, "keeps")
    assert frame["dealer_deals"].sum() == 300 and frame["pone_share"].sum() == pytest.approx(1.0)
    mean = (frame["value"] * frame["dealer_deals"]).sum() / 300
    assert mean == pytest.approx(keeps.mean("dealer"), abs=1e-9)
    run = summarise(simulate(6, [player("expert"), player("expert")], seed=5, progress=False), seed=5, level="expert")
    frame = _round_trip(run, tmp_path, "selfplay")
    assert list(frame["figure"])[-1] == "first dealer wins" and len(frame) == 16
    assert (frame["low"] <= frame["mean"]).all() and (frame["mean"] <= frame["high"]).all()


def test_a_csv_goes_where_it_is_asked_and_nowhere_else(log, tmp_path):
    before = set(tmp_path.iterdir())
    log.to_csv(tmp_path / "one.csv")
    assert set(tmp_path.iterdir()) - before == {tmp_path / "one.csv"}

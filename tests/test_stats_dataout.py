"""Data out as a statistician expects it: every table written as CSV and as Parquet reads back the
same frame with the same dtypes (and, where the frame holds it, the same object); every column is in
the data dictionary in every language; the exact distributions' variance, standard deviation and
quantiles agree with an independent computation from the counts."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from cribbage import CribbageError, player, simulate, stats
from cribbage.lang.messages import LANGUAGES, render, use_language
from cribbage.registry.languages import SOURCE
from cribbage.stats.dictionary import TABLES
from cribbage.stats.selfplay import summarise


@pytest.fixture(scope="module")
def log():
    return stats.deal_log(4, seed="dataout", cache=False)


def _small_keep_table() -> stats.KeepTable:
    """A keep table of a few hundred made-up deals (the real one takes seconds to sample)."""
    rng = np.random.default_rng(7)
    dealer, pone = np.zeros(4001, np.int64), np.zeros(4001, np.int64)
    np.add.at(dealer, rng.integers(1300, 2800, 300), 1)
    np.add.at(pone, rng.integers(400, 1100, 300), 1)
    return stats.KeepTable(300, 41, dealer, pone)


def _small_five_keep_table() -> stats.FiveKeepTable:
    """A five-card keep table of a few hundred made-up hands (the real one takes seconds to build)."""
    rng = np.random.default_rng(8)
    ours, theirs = np.zeros(4001, np.int64), np.zeros(4001, np.int64)
    np.add.at(ours, rng.integers(1300, 2800, 300), 1)
    np.add.at(theirs, rng.integers(900, 1500, 300), 1)
    return stats.FiveKeepTable(300, 97, ours, theirs)


@pytest.fixture(scope="module")
def frames(log):
    """One frame of every table, small, by its name in the data dictionary."""
    pegging = stats.pegging_statistics(log)
    table = stats.win_probabilities(log)
    run = summarise(simulate(4, [player("expert"), player("expert")], seed=5, progress=False), seed=5, level="expert")
    return {
        "hands": stats.hand_frame(),
        "crib": stats.crib_averages("expert", dealer=False, samples=20, seed=3, cache=False).to_frame(),
        "published_crib": stats.PUBLISHED_CRIB_TABLES["hessel-opponent"].to_frame(),
        "keeps": _small_keep_table().to_frame(),
        "five_keeps": _small_five_keep_table().to_frame(),
        "starters": stats.starter_frame("5H 5D 6H 7S", discards="KC QD"),
        "pegging": pegging.to_frame(),
        "pegging_leads": pegging.lead_frame(),
        "deals": log.to_frame(),
        "deal_starts": log.starts_frame(),
        "positions": table.to_frame(),
        "calibration": stats.calibration(table, stats.deal_log(2, seed="dataout-held-out", cache=False), bins=5).to_frame(),
        "selfplay": run.to_frame(),
    }


def test_every_table_has_a_frame_here(frames):
    assert set(frames) == set(TABLES)


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_table_written_reads_back_the_same_frame_with_the_same_dtypes(frames, table, suffix, tmp_path):
    frame = frames[table]
    assert frame.attrs["table"] == table and list(frame.attrs["columns"]) == list(frame.columns)
    path = tmp_path / f"{table}{suffix}"
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path)
    for named in (None, table):   # found from the file, or named
        back = stats.read_frame(path, named)
        pd.testing.assert_frame_equal(back, frame, check_exact=True)
        assert back.dtypes.to_dict() == frame.dtypes.to_dict()
        assert back.attrs == frame.attrs


def test_a_csv_without_the_dictionary_loses_the_small_integer_types(frames, tmp_path):
    # What stats.read_frame is for: pandas alone reads the deal log's int16 columns back as int64.
    frames["deals"].to_csv(tmp_path / "deals.csv", index=False)
    assert pd.read_csv(tmp_path / "deals.csv")["crib"].dtype == np.int64
    assert stats.read_frame(tmp_path / "deals.csv")["crib"].dtype == np.int16


def test_parquet_bytes_read_back_without_a_file(frames):
    pd.testing.assert_frame_equal(stats.read_frame(frames["deals"].to_parquet()), frames["deals"], check_exact=True)
    with pytest.raises(CribbageError, match="not a table's CSV or Parquet file"):
        stats.read_frame(b"PAR1 not really")


def test_the_hand_frame_round_trips_through_parquet(tmp_path):
    stats.hand_frame().to_parquet(tmp_path / "hands.parquet")
    back = pd.read_parquet(tmp_path / "hands.parquet")   # pandas' own reader, fastparquet underneath
    pd.testing.assert_frame_equal(back, stats.hand_frame(), check_exact=True)
    assert back.attrs["columns"]["hand_share"]["unit"] == "a share, 0 to 1"


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_tables_read_back_as_their_objects(suffix, tmp_path):
    def written(frame, name):
        path = tmp_path / f"{name}{suffix}"
        frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path)
        return path

    for table in (stats.crib_averages("uniform"), stats.crib_averages("expert", dealer=False, samples=20, seed=3, cache=False)):
        back = stats.read_table(written(table.to_frame(), "crib"))
        assert (back.model, back.dealer, back.samples) == (table.model, table.dealer, table.samples)
        for name in ("means", "suited", "offsuit", "stderr"):
            assert np.array_equal(getattr(back, name), getattr(table, name), equal_nan=True), name
    for published in stats.PUBLISHED_CRIB_TABLES.values():
        assert stats.read_table(written(published.to_frame(), published.key)) == published
    keeps = _small_keep_table()
    back = stats.read_table(written(keeps.to_frame(), "keeps"))
    assert (back.deals, back.differ) == (keeps.deals, keeps.differ)
    assert np.array_equal(back.dealer, keeps.dealer) and np.array_equal(back.pone, keeps.pone)
    fives = _small_five_keep_table()
    back = stats.read_table(written(fives.to_frame(), "five_keeps"))
    assert (back.hands, back.differ) == (fives.hands, fives.differ)
    assert np.array_equal(back.ours, fives.ours) and np.array_equal(back.theirs, fives.theirs)
    outcomes = stats.starter_outcomes("5H 5D 6H 7S", discards="KC QD", crib=True)
    assert stats.read_table(written(stats.starter_frame("5H 5D 6H 7S", discards="KC QD", crib=True), "starters")) == outcomes
    pd.testing.assert_frame_equal(stats.read_table(written(stats.hand_frame(), "hands")), stats.hand_frame(), check_exact=True)


#: The tables made from self-play, and the method of their object that gives that frame.
FROM_SELFPLAY = {"pegging": "to_frame", "pegging_leads": "lead_frame", "deals": "to_frame",
                 "deal_starts": "starts_frame", "positions": "to_frame", "calibration": "to_frame",
                 "selfplay": "to_frame"}


def test_every_table_reads_back_as_an_object():
    assert set(FROM_SELFPLAY) | {"hands", "crib", "published_crib", "keeps", "five_keeps", "starters"} == set(TABLES)


@pytest.mark.parametrize("table", list(FROM_SELFPLAY))
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_self_play_tables_object_gives_back_the_frame_it_was_written_from(frames, table, suffix, tmp_path):
    path = tmp_path / f"{table}{suffix}"
    frames[table].to_csv(path, index=False) if suffix == ".csv" else frames[table].to_parquet(path)
    again = getattr(stats.read_table(path), FROM_SELFPLAY[table])()
    pd.testing.assert_frame_equal(again, frames[table], check_exact=True)
    assert again.dtypes.to_dict() == frames[table].dtypes.to_dict()


def test_the_self_play_objects_read_back_hold_their_figures(log, tmp_path):
    pegging = stats.pegging_statistics(log)
    pegging.to_frame().to_csv(tmp_path / "pegging.csv", index=False)
    back = stats.read_table(tmp_path / "pegging.csv")
    assert back.per_deal == pytest.approx(pegging.per_deal, rel=1e-12) and back.deals == pegging.deals
    # over all deals, with the complete deals' figures beside them, and how many the game's end cut short
    assert back.complete.per_deal == pytest.approx(pegging.complete.per_deal, rel=1e-12)
    assert (back.censored, back.complete.deals) == (pegging.censored, pegging.complete.deals) and pegging.censored > 0
    pegging.lead_frame().to_parquet(tmp_path / "leads.parquet")
    leads = stats.read_table(tmp_path / "leads.parquet")
    assert np.array_equal(leads.lead_counts, pegging.lead_counts)
    assert np.array_equal(leads.by_lead, pegging.by_lead, equal_nan=True)
    log.to_frame().to_csv(tmp_path / "deals.csv", index=False)
    deals = stats.read_table(tmp_path / "deals.csv")
    for name in ("parts", "kinds", "lead", "kept", "dealer_side", "game", "number"):
        assert np.array_equal(getattr(deals, name), getattr(log, name)) and getattr(deals, name).dtype == getattr(log, name).dtype
    for name in ("parts", "kinds", "lead", "kept", "side", "game", "number"):   # the deals cut short
        mine, theirs = getattr(deals.cut, name), getattr(log.cut, name)
        assert np.array_equal(mine, theirs) and mine.dtype == theirs.dtype and len(mine) > 0
    log.starts_frame().to_csv(tmp_path / "starts.csv", index=False)
    starts = stats.read_table(tmp_path / "starts.csv")
    assert np.array_equal(starts.starts, log.starts) and np.array_equal(starts.start_side, log.start_side)
    table = stats.win_probabilities(log)
    table.to_frame().to_csv(tmp_path / "positions.csv", index=False)
    positions = stats.read_table(tmp_path / "positions.csv")
    assert positions.target == 121 and np.array_equal(positions.dealer_wins, table.dealer_wins)
    assert positions.win_probability(10, 20, dealer=False) == table.win_probability(10, 20, dealer=False)
    run = summarise(simulate(4, [player("expert"), player("expert")], seed=5, progress=False), seed=5, level="expert")
    run.to_frame().to_parquet(tmp_path / "run.parquet")
    summary = stats.read_table(tmp_path / "run.parquet")
    assert (summary.parts, summary.parts_all, summary.totals, summary.first_dealer) == \
        (run.parts, run.parts_all, run.totals, run.first_dealer)
    assert (summary.games, summary.deals, summary.all_deals, summary.early_deals) == \
        (run.games, run.deals, run.all_deals, run.early_deals)


def test_a_table_with_the_right_columns_and_impossible_rows_is_refused(frames, tmp_path):
    frames["positions"].iloc[1:].to_csv(tmp_path / "positions.csv", index=False)
    with pytest.raises(CribbageError, match="one row for"):
        stats.read_table(tmp_path / "positions.csv")
    frames["selfplay"].assign(over="weeks").to_csv(tmp_path / "selfplay.csv", index=False)
    with pytest.raises(CribbageError, match="weeks"):
        stats.read_table(tmp_path / "selfplay.csv")
    frames["pegging_leads"].assign(over="weeks").to_csv(tmp_path / "leads.csv", index=False)
    with pytest.raises(CribbageError, match="weeks"):
        stats.read_table(tmp_path / "leads.csv")


def test_files_that_are_not_a_table_are_refused(frames, tmp_path):
    frames["hands"].to_csv(tmp_path / "hands.csv", index=False)
    with pytest.raises(CribbageError, match="crib table"):
        stats.read_frame(tmp_path / "hands.csv", "crib")
    with pytest.raises(CribbageError, match="no statistics table 'nope'"):
        stats.read_frame(tmp_path / "hands.csv", "nope")
    pd.DataFrame({"x": [1]}).to_csv(tmp_path / "other.csv", index=False)
    with pytest.raises(CribbageError, match="not those of any statistics table"):
        stats.read_frame(tmp_path / "other.csv")


@pytest.mark.parametrize("table", list(TABLES))
def test_the_data_dictionary_says_every_column_in_every_language(table):
    english = stats.data_dictionary(table, SOURCE)
    assert list(english.columns) == ["column", "dtype", "unit", "meaning"]
    assert english["column"].is_unique and (english["meaning"].str.len() > 3).all()
    for language in LANGUAGES:
        words = stats.data_dictionary(table, language)
        assert list(words["column"]) == list(english["column"]) and list(words["dtype"]) == list(english["dtype"])
        if language != SOURCE:   # translated, not English left standing
            assert (words["meaning"] != english["meaning"]).all(), language
            assert (words["unit"] != english["unit"]).sum() >= len(words) // 2 or table == "starters", language


def test_the_frames_attrs_are_said_in_the_current_language():
    with use_language("es"):
        frame = stats.hand_frame()
    assert frame.attrs["language"] == "es"
    assert frame.attrs["columns"]["score"]["meaning"] == render("data.hands.score", "es")


def test_data_dictionary_refuses_what_is_not_a_table():
    with pytest.raises(CribbageError, match="no statistics table"):
        stats.data_dictionary("hand")


# The exact summaries, against an independent computation from the counts.

def _two_pass(counts, values):
    """Mean, then the mean squared distance from it: the textbook's two passes, in exact fractions."""
    total = sum(int(c) for c in counts)
    mean = sum(Fraction(int(c)) * v for c, v in zip(counts, values)) / total
    return mean, sum(int(c) * (v - mean) ** 2 for c, v in zip(counts, values)) / total


@pytest.mark.parametrize("crib", [False, True])
def test_the_hand_distributions_variance_sd_and_quantiles_are_exact(crib):
    counts = stats.hand_distribution(crib=crib)
    mean, variance = _two_pass(counts, [Fraction(s) for s in range(len(counts))])
    assert stats.mean_score(counts) == float(mean) and stats.variance_score(counts) == float(variance)
    assert stats.sd_score(counts) == pytest.approx(float(variance) ** 0.5, rel=1e-15)
    every_hand = np.repeat(np.arange(len(counts), dtype=np.int8), counts)   # all 12,994,800, one by one
    shares = [0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1]
    assert [stats.quantile_score(counts, q) for q in shares] == list(np.quantile(every_hand, shares, method="inverted_cdf"))


def test_the_hand_variance_is_the_one_checked_independently():
    counts = stats.hand_distribution()
    assert (round(stats.mean_score(counts), 6), round(stats.variance_score(counts), 6)) == (4.769152, 9.768357)


def test_the_keep_tables_variance_sd_and_quantiles_are_exact():
    table = _small_keep_table()
    for role in ("dealer", "pone"):
        counts = getattr(table, role)
        mean, variance = _two_pass(counts, [Fraction(i - 1000, 100) for i in range(len(counts))])
        assert table.mean(role) == float(mean) and table.variance(role) == float(variance)
        assert table.sd(role) == pytest.approx(float(variance) ** 0.5, rel=1e-15)
        every_deal = np.repeat(np.round(table.values, 2), counts)
        shares = [0, 0.1, 0.25, 0.5, 0.9, 1]
        assert [table.quantile(q, role) for q in shares] == list(np.quantile(every_deal, shares, method="inverted_cdf"))


@pytest.mark.slow
def test_a_sampled_keep_tables_summaries_match_its_deals():
    table = stats.keep_statistics(sample=300, seed=4, cache=False)
    every_deal = np.repeat(np.round(table.values, 2), table.dealer)
    assert table.variance("dealer") == pytest.approx(every_deal.var(), rel=1e-12)
    assert table.quantile(0.5, "dealer") == np.quantile(every_deal, 0.5, method="inverted_cdf")


@pytest.mark.parametrize("q", [-0.1, 1.5, "half", True, float("nan")])
def test_a_quantile_outside_0_to_1_is_refused(q):
    with pytest.raises(CribbageError, match="quantile"):
        stats.quantile_score(stats.hand_distribution(), q)
    with pytest.raises(CribbageError, match="quantile"):
        _small_keep_table().quantile(q, "dealer")


@pytest.mark.parametrize("counts", [[], [0, 0], [1, -1], "abc", [[1, 2]], [1, float("inf")]])
def test_counts_that_are_not_a_distribution_are_refused(counts):
    for summary in (stats.variance_score, stats.sd_score, stats.mean_score):
        with pytest.raises(CribbageError, match="counts must be"):
            summary(counts)
    with pytest.raises(CribbageError, match="counts must be"):
        stats.quantile_score(counts, 0.5)

"""The statistics lab's views, driven from Python with small tables: what they say comes from the
engine's tables, refusals are messages that leave the view as it was, every language renders."""

from __future__ import annotations

import pytest

from cribbage.stats import (
    crib_averages,
    deal_log,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from widgets.i18n import decimal
from widgets.lab import CribTableView, KeepView, PeggingView, PositionView
from widgets.messages import MESSAGES

# Self-play deal logs and sampled crib tables, then charts: seconds each; left out of `make test-fast`.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tables():
    log = deal_log(40, seed="lab-widgets", cache=False)
    crib = {(m, d): crib_averages(m, dealer=d, samples=200, seed=2, cache=False)
            for m in ("uniform", "expert") for d in (True, False)}
    return {"crib": crib, "position": win_probabilities(log), "pegging": pegging_statistics(log),
            "keeps": keep_statistics(sample=1500, seed=2, cache=False)}


def test_crib_view_tells_the_table_and_the_published_figures(tables):
    view = CribTableView(tables["crib"])
    view.choose("J", 5, dealer=False, model="uniform")
    assert view.ranks == (11, 5) and view.table.model == "uniform" and not view.table.dealer
    text = view.summary
    assert f"{crib_averages('uniform')[5, 11]:.2f}" in text
    assert f"{published_crib_table('schell-opponent')[5, 11]:.2f}" in text
    assert f"{published_crib_table('hessel-opponent')[5, 11]:.2f}" in text
    assert "SchellDiscard.htm" in text
    assert view._grid.value[:4] == b"\x89PNG" and view._scatter.value[:4] == b"\x89PNG"
    view.choose(7, 8, dealer=True, model="expert")
    assert "Cribbage Pro" in view.summary and "7-8" in view.summary


def test_crib_view_refuses_a_bad_rank_and_keeps_its_state(tables):
    view = CribTableView(tables["crib"], language="es")
    view.choose(2, 3)
    before = (view.ranks, view.summary)
    view.choose("Z", 5)
    assert "Un valor es A, 2 a 10" in view.message
    view.choose(2, 3, model="psychic")
    assert "modelo" in view.message
    assert (view.ranks, view.summary) == before


def test_position_view_reads_the_table(tables):
    table = tables["position"]
    view = PositionView(table, mine=100, theirs=110, dealer=False)
    assert view.chance == table.win_probability(100, 110, dealer=False)
    assert decimal(view.chance * 100, "en", 1) in view.summary
    view.set_position(60, 50, dealer=True)
    assert view.chance == pytest.approx(table.dealer_wins[60, 50])
    view.set_position(121, 0, dealer=True)
    assert "0 to 120" in view.message and view.chance == pytest.approx(table.dealer_wins[60, 50])


def test_keep_and_pegging_views_say_the_numbers(tables):
    keep = KeepView(tables["keeps"], language="pt")
    assert decimal(tables["keeps"].mean("dealer"), "pt", 2) in keep.summary
    keep._value.value = 8.0
    assert decimal(tables["keeps"].share_at_least(8.0, "pone") * 100, "pt", 1) in keep.summary
    pegging = PeggingView(tables["pegging"])
    assert decimal(tables["pegging"].per_deal[1], "en", 2) in pegging.summary and "Chambers" in pegging.summary
    pegging._kind.value = 3  # last card
    assert "Last card" in pegging.summary


@pytest.mark.parametrize("language", ["es", "pt"])
def test_every_view_renders_in_every_language(tables, language):
    views = [CribTableView(tables["crib"], language=language), PositionView(tables["position"], language=language),
             KeepView(tables["keeps"], language=language), PeggingView(tables["pegging"], language=language)]
    for view in views:
        assert view.summary
    for key, entry in MESSAGES.items():
        if key.startswith("lab."):
            assert set(entry) == {"en", "es", "pt"} and all(entry.values()), key

"""The statistics lab's views, driven from Python with small tables: what they say comes from the
engine's tables, refusals are messages that leave the view as it was, every language renders."""

from __future__ import annotations

import re

import numpy as np
import pytest

from cribbage.registry.languages import CODES, SOURCE, TRANSLATED
from cribbage.stats import (
    best_keep_of_five,
    crib_averages,
    deal_log,
    keep_five_statistics,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from cribbage.stats.intervals import shown_interval
from widgets.blocks.chances import bound_words, chance_places, chance_range, chance_words
from widgets.i18n import decimal, number, render
from widgets.i18n.messages import MESSAGES
from widgets.lab.views import CribTableView, FiveKeepView, KeepView, PeggingView, PositionView

# Self-play deal logs and sampled crib tables, then charts: seconds each; left out of `make test-fast`.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tables():
    log = deal_log(40, seed="lab-widgets", cache=False)
    crib = {(m, d): crib_averages(m, dealer=d, samples=200, seed=2, cache=False)
            for m in ("uniform", "expert") for d in (True, False)}
    return {"crib": crib, "position": win_probabilities(log), "pegging": pegging_statistics(log),
            "keeps": keep_statistics(sample=1500, seed=2, cache=False), "fives": keep_five_statistics(cache=False)}


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
    assert "Un rango es A, 2 a 10" in view.message
    view.choose(2, 3, model="psychic")
    assert "modelo" in view.message
    assert (view.ranks, view.summary) == before


def test_position_view_reads_the_table(tables):
    table = tables["position"]
    view = PositionView(table, mine=100, theirs=110, dealer=False)
    assert view.chance == table.win_probability(100, 110, dealer=False)
    assert f"you win {chance_words(view.chance)} of games" in view.summary and view.interval is None
    # at 0-0 the dealer's chance is a win rate; his edge is its distance from an even game, in points
    start = table.dealer_wins[0, 0]
    assert f"wins {start:.1%} of games, an edge of {(start - 0.5) * 100:.1f} percentage points" in view.summary
    view.set_position(60, 50, dealer=True)
    assert view.chance == pytest.approx(table.dealer_wins[60, 50])
    view.set_position(121, 0, dealer=True)
    assert "0 to 120" in view.message and view.chance == pytest.approx(table.dealer_wins[60, 50])


def test_position_view_says_each_chance_with_its_interval(tables):
    # The margins as the shipped calibration has them: a band's margin around each chance in it.
    from cribbage.stats import calibration
    from cribbage.stats.calibrated import Margins
    table = tables["position"]
    margins = Margins(np.linspace(0, 1, 11), np.linspace(0.01, 0.05, 10), np.full(10, 0.5), np.full(10, 0.5),
                      np.full(10, 0.01), np.full(10, 100))
    check = calibration(table, deal_log(12, seed="lab-held-out", cache=False), bins=10)
    view = PositionView(table, mine=100, theirs=110, dealer=False, check=check, margins=margins, recalibrated_on=5000)
    low, high = view.interval
    band = min(int((1 - view.chance) * 10), 9)     # the band of the dealer's chance
    assert (low, high) == pytest.approx((max(0, view.chance - margins.margin[band]), min(1, view.chance + margins.margin[band])))
    # the chance and its ends to the places the interval supports (a margin of 1 to 3.5 points: one decimal)
    said, low_said, high_said = chance_range(view.chance, low, high)
    assert f"you win {said} (95% interval: {low_said} to {high_said}) of games" in view.summary
    assert low_said == f"{100 * low:.{chance_places(view.chance, low, high)}f}%"
    assert "recalibrated on 5,000 other games" in view.summary and "bands the share of dealers" in view.summary
    view.set_position(60, 50, dealer=True)
    assert view.interval[0] < view.chance < view.interval[1]


@pytest.mark.parametrize("language, wins", [("en", "the dealer wins {} of games"), ("es", "gana el {} de las"),
                                             ("pt", "vence {} das partidas")])
def test_the_dealers_share_at_0_0_is_said_with_its_interval(tables, language, wins):
    # A chance the lab prints, like any other: the margins' interval, the share bare after "wins".
    from cribbage.stats.calibrated import Margins, interval_of
    table = tables["position"]
    margins = Margins(np.linspace(0, 1, 11), np.linspace(0.01, 0.05, 10), np.full(10, 0.5), np.full(10, 0.5),
                      np.full(10, 0.01), np.full(10, 100))
    view = PositionView(table, language=language, margins=margins)
    even = float(table.dealer_wins[0, 0])
    low, high = interval_of(margins, even, dealer=True)
    places = chance_places(even, low, high)
    share = render("chance.interval", language, chance=bound_words(even, places, language),
                   conf=number(0.95, ".0%", language), low=bound_words(low, places, language),
                   high=bound_words(high, places, language))
    assert wins.format(share) in view.summary


def test_keep_and_pegging_views_say_the_numbers(tables):
    keep = KeepView(tables["keeps"], language="pt")
    assert decimal(tables["keeps"].mean("dealer"), "pt", 2) in keep.summary
    keep._value.value = 8.0
    assert decimal(tables["keeps"].share_at_least(8.0, "pone") * 100, "pt", 1) in keep.summary
    pegging = PeggingView(tables["pegging"])
    assert decimal(tables["pegging"].per_deal[1], "en", 2) in pegging.summary and "Chambers" in pegging.summary
    pegging._kind.value = 3  # last card
    assert "Last card" in pegging.summary


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_view_renders_in_every_language(tables, language):
    views = [CribTableView(tables["crib"], language=language), PositionView(tables["position"], language=language),
             KeepView(tables["keeps"], language=language), PeggingView(tables["pegging"], language=language),
             FiveKeepView(tables["fives"], language=language)]
    for view in views:
        assert view.summary
    for key, entry in MESSAGES.items():
        if key.startswith("lab."):
            assert set(entry) == set(CODES) and all(entry.values()), key


# --- margins, the data behind each sentence, the rules panel, the charts' fixed scales ----------------

def test_sampled_figures_are_said_with_their_interval_and_sample_size(tables):
    crib = CribTableView(tables["crib"])
    crib.choose(5, 5, dealer=True, model="expert")
    table = tables["crib"][("expert", True)]
    mean, half = shown_interval(table[5, 5], 1.96 * table.stderr[4, 4], "en")
    assert f"{mean} points" in crib.summary and f"± {half}" in crib.summary and "200 six-card hands" in crib.summary
    crib.choose(5, 5, model="uniform")
    assert "±" not in crib.summary.splitlines()[1]  # the exact table has no margin to give
    stats = tables["pegging"]
    pegging = PeggingView(stats)
    assert "{} ± {}".format(*shown_interval(stats.per_deal[1], 1.96 * stats.per_deal_se[1], "en")) in pegging.summary
    assert f"over all {stats.deals:,} deals, {stats.censored:,} of them cut short by the game's end" in pegging.summary


def test_the_play_is_said_over_all_deals_and_over_the_complete_ones_where_they_differ(tables):
    from dataclasses import replace
    stats = tables["pegging"]
    complete = stats.complete
    alone = [shown_interval(complete.per_deal[r], 1.96 * complete.per_deal_se[r], "en") for r in (0, 1)]
    every = [shown_interval(stats.per_deal[r], 1.96 * stats.per_deal_se[r], "en") for r in (0, 1)]
    assert alone != every, "the small log's two figures should differ as printed"
    text = PeggingView(stats).summary
    assert (f"Over the {complete.deals:,} complete deals alone: the pone {alone[0][0]} ± {alone[0][1]}, "
            f"the dealer {alone[1][0]} ± {alone[1][1]}.") in text
    # where the two agree as printed, one figure and a word that the other is the same
    same = replace(stats, complete=replace(complete, per_deal=stats.per_deal, per_deal_se=stats.per_deal_se))
    text = PeggingView(same).summary
    assert "the two figures are the same" in text and "alone:" not in text
    # statistics of the complete deals alone say nothing of the others
    assert "complete deals alone" not in PeggingView(complete).summary


def test_the_lead_sentence_is_read_from_the_chart_s_data(tables):
    from widgets.lab.charts import RANK_LABELS
    from widgets.lab.views import LEAST_DEALS
    stats = tables["pegging"]
    text = PeggingView(stats).summary
    often = stats.lead_counts >= LEAST_DEALS
    assert often.sum() >= 2, "the small log should make two leads common enough to rank"
    most = stats.most_after_lead("dealer", least_deals=LEAST_DEALS)
    assert stats.by_lead[1, most - 1] == max(stats.by_lead[1][often])
    assert f"most after a lead of {RANK_LABELS[most - 1]} " in text
    rare = [RANK_LABELS[r] for r in range(13) if not often[r]]
    if rare:
        assert ", ".join(rare) in text
    assert "five gives" not in text


def test_a_tiny_share_is_not_written_as_zero():
    from widgets.lab.views import percent
    assert percent(0.0001, "en") == "<0.1%" and percent(0.0, "en") == "0.0%" and percent(0.25, "en") == "25.0%"
    assert percent(0.0001, "es").startswith("<0,1") and percent(0.0004, "pt").startswith("<0,1")


def test_the_five_card_view_says_the_best_keep_of_the_hand_typed_in_both_roles(tables):
    fives = FiveKeepView(tables["fives"], language="es")
    assert decimal(tables["fives"].mean("ours"), "es", 2) in fives.summary
    assert decimal(tables["fives"].mean("theirs"), "es", 2) in fives.summary
    for own in (True, False):
        best = best_keep_of_five("5C 5D 5H JS KD", own_crib=own)
        assert decimal(best.value, "es", 2) in fives.summary and f"{best.away}" in fives.summary
    fives.cards.value = "2C 3D 4H 9S KS"
    best = best_keep_of_five("2C 3D 4H 9S KS", own_crib=False)
    assert decimal(best.value, "es", 2) in fives.summary and "5♣" not in fives.summary
    before = fives.summary
    fives.cards.value = "2C 3D 4H 9S 5X"
    assert "5X" in fives.message and fives.summary == before and not fives.internal_errors
    fives.cards.value = "2C 3D 4H 9S"
    assert "4" in fives.message and fives.summary == before and not fives.internal_errors


def test_the_keep_slider_writes_its_value_the_language_s_way(tables):
    keep = KeepView(tables["keeps"], language="es")
    keep._value.value = 16.0
    assert not keep._value.readout and "16,0" in keep._readout.value and "16,0" in keep.summary


def test_the_rules_panel_feeds_the_position_and_pegging_views(tables, tmp_path, monkeypatch):
    from widgets.lab.views import RulesPanel
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    where = PositionView(tables["position"], mine=100, theirs=110, dealer=False)
    pegging = PeggingView(tables["pegging"])
    panel = RulesPanel([where, pegging], settings={"games": 16, "check_games": 6, "seed": "panel", "check_seed": "ho"})
    panel.choose(target=61, muggins=True, opponent="beginner")
    seen = []
    panel._progress.observe(lambda change: seen.append(change["new"]), names="value")
    tables_61 = panel.apply()
    assert seen and seen[-1] == 22 and panel._progress.max == 22   # 16 games, then 6 held out
    assert where.table.target == 61 and where.table.opponent == "beginner" and where.table.muggins
    assert where._mine.max == 60 and where._mine.value == 60          # the position kept where it fits
    assert "Games to 61, with muggins" in where.summary and "beginner" in where.summary
    # not recalibrated for these rules: each chance said with its band's margin in the check games
    assert where.margins is tables_61["margins"] and where.recalibrated_on is None and where.interval is not None
    assert "not recalibrated: each chance is said with the margin of its band in the 6 check games" in where.summary
    assert pegging.stats is tables_61["pegging"] and tables_61["log"].target == 61
    assert "61" in panel.status and "16 games" in panel.status
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 2 and all(name.startswith("deal-log-") for name in files)
    # a second time the same setting is read from the cache: no new games, no new files
    seen.clear()
    panel.apply()
    assert seen == [] and sorted(p.name for p in tmp_path.iterdir()) == files
    panel.choose(target=99)
    assert "99" in panel.message and panel.rules["target"] == 61


def test_the_crib_grids_use_one_fixed_colour_scale(tables):
    from widgets.lab.charts import CRIB_SCALE, DIFFERENCE_SCALE, crib_difference_chart, crib_table_chart
    own, theirs = tables["crib"][("expert", True)], tables["crib"][("expert", False)]
    limits = {crib_table_chart(t.means, title="t").axes[0].images[0].get_clim() for t in (own, theirs)}
    assert limits == {CRIB_SCALE}
    fig = crib_difference_chart(own, [published_crib_table("schell-own"), published_crib_table("cribbagepro-own")])
    grids = [ax for ax in fig.axes if ax.images]
    assert {ax.images[0].get_clim() for ax in grids} == {(-DIFFERENCE_SCALE, DIFFERENCE_SCALE)}
    assert len(grids) == 2 and len(grids[0].texts) == 169   # every cell's difference written in it
    # Readable where it is shown: the figure (80 dpi, as figure_png draws it) scaled into an 844 px
    # output area leaves each written difference at least 12 px high (side by side it was about 6).
    shown = min(1.0, 844 / (fig.get_figwidth() * 80))
    assert all(text.get_fontsize() * 80 / 72 * shown >= 12 for ax in grids for text in ax.texts)
    above, below = (ax.get_position() for ax in grids)
    assert above.y0 > below.y1          # one grid above the other, each as wide as the figure allows


def test_the_calibration_check_is_drawn_with_intervals(tables):
    from cribbage.stats import calibration
    from widgets.lab.charts import calibration_chart
    check = calibration(tables["position"], deal_log(12, seed="lab-held-out", cache=False), bins=5)
    view = PositionView(tables["position"], check=check)
    assert "Checked against 12 games" in view.summary and view._check_chart.value[:4] == b"\x89PNG"
    ax = calibration_chart(check).axes[0]
    assert len(ax.texts) == len(check.starts)   # each bin's sample size written beside it
    from cribbage.stats.calibrated import band_margins
    margins = band_margins(tables["position"], deal_log(12, seed="lab-held-out", cache=False), bins=5)
    shaded = calibration_chart(check, margins=margins).axes[0]
    assert len(shaded.collections) == len(ax.collections) + 5   # the interval said for each band, shaded


def test_the_calibration_labels_overlap_nothing(tables):
    # With ten bins, "190 starts" ran into "205 starts" and into a bar: each label now sits under its
    # own bar, and no label touches another, a point or an interval.
    from cribbage.stats import calibration
    from widgets.lab.charts import calibration_chart
    check = calibration(tables["position"], deal_log(60, seed="lab-held-out", cache=False), bins=10)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    fig = calibration_chart(check)
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)                      # lays the figure out as when it is shown
    ax = fig.axes[0]
    labels = [text.get_window_extent(renderer) for text in ax.texts]
    assert len(labels) == len(check.starts) >= 8
    for i, one in enumerate(labels):
        assert not any(one.overlaps(other) for other in labels[i + 1:]), ax.texts[i].get_text()
        assert ax.get_window_extent(renderer).contains(one.x0, one.y0) and ax.get_window_extent(renderer).contains(one.x1, one.y1)
    marks = [ax.transData.transform(xy) for xy in zip(check.predicted * 100, check.observed * 100)]
    for box in labels:
        assert not any(box.x0 - 5 <= px <= box.x1 + 5 and box.y0 - 5 <= py <= box.y1 + 5 for px, py in marks)
    for line in ax.collections:        # the intervals' bars
        for segment in line.get_segments():
            (x0, y0), (_, y1) = ax.transData.transform(segment)   # a bar is upright
            for box in labels:
                inside_x = box.x0 < x0 < box.x1
                assert not (inside_x and min(y0, y1) < box.y1 - 1 and max(y0, y1) > box.y0 + 1), "a label covers a bar"


@pytest.mark.parametrize("language", CODES)
def test_the_crib_comparison_names_the_models_in_the_learners_words(tables, language):
    """Stop 8 prints :func:`crib_comparisons`: the models and tables said as the lab's controls say
    them (Spanish once read "uniform frente a schell-own"), the models padded to the longest so the
    tables stand in one column, and no line wider than an output area."""
    from widgets.i18n import render
    from widgets.lab.views import crib_comparisons
    lines = crib_comparisons(tables["crib"], language).split("\n")
    pairs = list(zip(lines[0::2], lines[1::2]))
    assert len(pairs) == 4
    for (first, figures), (model, dealer) in zip(pairs, [("uniform", True), ("uniform", False), ("expert", True),
                                                         ("expert", False)]):
        assert "schell-" not in first, first
        assert language == SOURCE or not re.search(r"\b(uniform|expert)\b", first), first
        assert first.startswith(render(f"lab.model.{model}", language))
        assert render("lab.published.own" if dealer else "lab.published.their", language, author="Schell") in first
        assert "Schell" not in figures and re.search(r"[+-]\d", figures)
        assert len(first) <= 80 and len(figures) <= 80      # each line fits a notebook's output area
    assert len({first.index("Schell") for first, _ in pairs}) == 1          # one column for the tables


#: A character at the course's 18 px, a little over what the widest common sans-serif needs, and a
#: button's padding: what a label needs to be shown whole (widgets cut their labels with "…").
EM, BUTTON_PADDING, OUTPUT_AREA = 0.6 * 18, 20, 844


def _px(width: str) -> int:
    assert width.endswith("px"), width
    return int(width[:-2])


def _labels_fit(control) -> None:
    """A control's description, in its own width, is never cut."""
    assert _px(control.style.description_width) >= len(control.description) * EM, control.description


def _buttons_fit(toggles) -> None:
    """Each button's label is whole: the button is as wide as it, or the label wraps inside it (the
    lab's style) with two buttons and their description still inside the output area."""
    from widgets.lab.views import _LAB_CSS
    width = _px(toggles.style.button_width)       # unset, ipywidgets' 148 px: "não carteador" was cut
    for label in toggles._options_labels:
        if width < len(label) * EM + BUTTON_PADDING:
            assert "white-space: normal" in _LAB_CSS and "height: auto" in _LAB_CSS
            assert 2 * (width + 4) + _px(toggles.style.description_width) + 8 <= OUTPUT_AREA, label


@pytest.mark.parametrize("language", CODES)
def test_no_control_of_the_lab_cuts_its_words(tables, language):
    """Portuguese stop 8 showed "a cesta do adversário (sou o não cartea…", "descartes de especialista
    (amos…" and a slider's "Pontos do adve…": every description and button fits its longest words."""
    from widgets.lab.views import RulesPanel
    crib = CribTableView(tables["crib"], language=language)
    where = PositionView(tables["position"], language=language)
    keep = KeepView(tables["keeps"], language=language)
    panel = RulesPanel([where], language=language)
    for toggles in (crib._crib, crib._model, where._role):
        _buttons_fit(toggles)
    for control in (where._mine, where._theirs, keep._value, panel._level, panel._opponent, panel._target):
        _labels_fit(control)
    for slider in (where._mine, where._theirs, keep._value):
        assert _px(slider.layout.width) - _px(slider.style.description_width) >= 300     # room for the slider


@pytest.mark.parametrize(("language", "mark", "not_mark"), [("en", ".", ","), ("es", ",", "."), ("pt", ",", ".")])
def test_lab_charts_write_their_numbers_as_the_language_does(tables, language, mark, not_mark):
    """The play's chart (0.2 a deal) and the difference grid's colour bar (-1.5 to 1.5), as drawn: tick
    labels with the language's decimal mark (Spanish and Portuguese a comma, English a point); the
    contour lines of the win chances labelled as the language writes a percentage."""
    from widgets.i18n import number
    from widgets.lab.charts import crib_difference_chart, pegging_chart, win_probability_chart
    for fig in (pegging_chart(tables["pegging"], language=language),
                crib_difference_chart(tables["crib"][("expert", True)], [published_crib_table("schell-own")],
                                      language=language)):
        fig.canvas.draw()
        ticks = [t.get_text() for ax in fig.axes for t in ax.get_yticklabels() if t.get_text()]
        assert any(mark in t for t in ticks) and not any(not_mark in t for t in ticks), ticks
    bar = [t.get_text() for t in fig.axes[-1].get_yticklabels()]           # the colour bar
    assert "\N{MINUS SIGN}1" + mark + "5" in bar and "1" + mark + "5" in bar, bar
    chances = win_probability_chart(tables["position"], language=language)
    chances.canvas.draw()
    assert number(0.5, ".0%", language) in [t.get_text() for t in chances.axes[0].texts]

"""Charts: figures built without pyplot, marked as promised, and refusing malformed input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from matplotlib.figure import Figure

from cribbage import Card, cards, hand_total, stats
from cribbage.registry.languages import CODES
from widgets.base.view import figure_png
from widgets.blocks.charts import distribution_chart, selfplay_chart, starter_outcomes, starter_outcomes_chart


def _texts(fig: Figure) -> str:
    ax = fig.axes[0]
    parts = [t.get_text() for t in ax.texts] + [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    parts += [t.get_text() for t in ax.get_xticklabels()]
    if ax.get_legend():
        parts += [t.get_text() for t in ax.get_legend().get_texts()]
    for legend in fig.legends:
        parts += [t.get_text() for t in legend.get_texts()]
    return " | ".join(parts)


def test_hand_distribution_chart_marks_mean_impossible_and_this_hand():
    fig = distribution_chart(highlight=12)
    assert isinstance(fig, Figure)
    bars = fig.axes[0].patches
    assert len(bars) == 30
    counts = stats.hand_distribution()
    assert math.isclose(bars[12].get_height(), counts[12] / counts.sum() * 100)
    assert bars[12].get_hatch() == "//" and all(not b.get_hatch() for i, b in enumerate(bars) if i != 12)
    text = _texts(fig)
    assert text.count("impossible") == 4 and "this hand: 12" in text
    assert f"mean {stats.mean_score(counts):.2f}" in text and "12,994,800 hands" in text
    assert figure_png(fig)[:4] == b"\x89PNG"


def test_crib_log_chart_in_spanish():
    fig = distribution_chart(crib=True, log=True, highlight=29, language="es")
    assert fig.axes[0].get_yscale() == "log"
    text = _texts(fig)
    assert "cunas" in text and "esta cuna: 29" in text and "imposible" in text
    assert "media 4,73" in text or "media 4,7" in text


@pytest.mark.parametrize("bad", [30, -1, 12.0, "12", True])
def test_distribution_highlight_must_be_a_score(bad):
    with pytest.raises(ValueError):
        distribution_chart(highlight=bad)


def test_starter_outcomes_are_the_engines_scores():
    keep = cards("5H 5D 6H 7S")
    outcomes = starter_outcomes(keep, discards="KC QD")
    assert len(outcomes) == 46 and not set(outcomes) & set(cards("5H 5D 6H 7S KC QD"))
    for starter, points in outcomes.items():
        assert points == hand_total(keep, starter)
    assert len(starter_outcomes(keep)) == 48
    assert starter_outcomes(keep)[Card.parse("5C")] == 17
    with pytest.raises(ValueError):
        starter_outcomes("5H 5D 6H")
    with pytest.raises(ValueError):
        starter_outcomes(keep, discards="5H KC")


def test_starter_chart_has_a_bar_per_starter_grouped_and_hatched_by_suit():
    fig = starter_outcomes_chart("5H 5D 6H 7S", discards="KC QD")
    bars = fig.axes[0].patches
    assert len(bars) == 46
    assert len({b.get_hatch() for b in bars}) == 4
    text = _texts(fig)
    assert "46 possible starters" in text and "♣ clubs" in text and "mean" in text


def test_selfplay_chart_from_plain_dicts():
    data = {"dealer": {"play": 2.1, "hand": 7.9, "crib": 4.6}, "pone": {"play": 1.7, "hand": 8.0}}
    fig = selfplay_chart(data, spread={"dealer": {"hand": 0.1}})
    bars = fig.axes[0].patches
    assert len(bars) == 5
    assert sorted(round(b.get_height(), 2) for b in bars) == [1.7, 2.1, 4.6, 7.9, 8.0]
    assert len({b.get_hatch() for b in bars}) == 2  # series told apart by hatching, not colour alone
    text = _texts(fig)
    assert "the play" in text and "dealer" in text and "7.90" in text
    single = selfplay_chart({"hand": 8.1, "crib": np.float64(4.5)}, language="pt")
    assert "cesta" in _texts(single) and "4,50" in _texts(single)


@pytest.mark.parametrize("bad", [{}, [], {"a": {}}, {"a": {"hand": "x"}}, {"a": {"hand": float("nan")}},
                                 {"a": {"hand": True}}, {f"s{i}": {"hand": 1.0} for i in range(7)}])
def test_selfplay_chart_refuses_malformed_input(bad):
    with pytest.raises(ValueError):
        selfplay_chart(bad)


def test_figures_show_themselves_in_a_notebook():
    assert distribution_chart()._repr_png_()[:4] == b"\x89PNG"


def test_distribution_highlight_label_can_be_named():
    fig = distribution_chart(highlight=24, label="Ann's best hand: 24", language="es")
    text = _texts(fig)
    assert "Ann's best hand: 24" in text and "esta mano" not in text and "this hand" not in text
    assert "esta mano: 24" in _texts(distribution_chart(highlight=24, language="es"))  # the catalogue's, by default
    for bad in ("", "  ", 24):
        with pytest.raises(ValueError, match="label"):
            distribution_chart(highlight=24, label=bad)
    with pytest.raises(ValueError, match="highlight"):
        distribution_chart(label="a bar")


def test_starter_outcomes_live_in_the_engine():
    # Issue 10: statistics belong to cribbage.stats; the chart only draws them.
    import widgets.blocks.charts
    from cribbage import CribbageError, stats
    assert widgets.blocks.charts.starter_outcomes is stats.starter_outcomes
    assert stats.starter_outcomes("5H 5D 6H 7S")[Card.parse("5C")] == 17
    for bad in (("5H 5D 6H",), ("5H 5D 6H 7S", "5H KC"), ("5H 5D 6H 7S", "XX")):
        with pytest.raises(CribbageError):
            stats.starter_outcomes(bad[0], discards=bad[1] if len(bad) > 1 else ())


def test_a_role_looks_the_same_in_every_chart():
    from widgets.blocks.charts import ROLE_STYLE, selfplay_chart
    fig = selfplay_chart({"pone, ours": {"play": 1.9, "hand": 8.0}, "pone, Chambers": {"play": 2.0, "hand": 8.1},
                          "dealer, ours": {"play": 3.1, "hand": 7.9, "crib": 4.8}},
                         roles={"pone, ours": "pone", "pone, Chambers": "pone", "dealer, ours": "dealer"})
    bars = fig.axes[0].patches
    hatches = [bar.get_hatch() or "" for bar in bars]
    assert hatches[:4] == ["//"] * 4 and hatches[4:] == [""] * 3     # the pone hatched, the dealer plain
    assert ROLE_STYLE["pone"][0][1] == "//" and ROLE_STYLE["dealer"][0][1] == ""
    from widgets.lab.charts import ROLE_STYLE as LAB_ROLES
    assert {role: style[:2] for role, style in LAB_ROLES.items()} == {r: s[0] for r, s in ROLE_STYLE.items()}


@pytest.mark.slow
@pytest.mark.parametrize("language", CODES)
def test_selfplay_legend_hides_no_bar_and_no_value(language):
    """Stop 6's chart (self-play beside Chambers): the legend covered the dealer's hand bars and
    their values (7.90, 8.00). Measured with the figure's renderer: the legend's box meets no bar,
    no error bar and no value label, in every language."""
    from cribbage.stats.selfplay import load_selfplay
    from widgets.blocks.charts import selfplay_against_chambers
    fig = selfplay_against_chambers(load_selfplay(), language=language)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)                      # lays the figure out (constrained layout) as when shown
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    assert len(legends) == 1
    box = legends[0].get_window_extent(renderer)
    ax = fig.axes[0]
    drawn = list(ax.patches) + list(ax.texts) + list(ax.lines) + list(ax.collections)
    assert len(ax.patches) == 10 and len(ax.texts) == 10     # 5 categories' bars for ours and Chambers'
    for artist in drawn:
        other = artist.get_window_extent(renderer)
        if not np.isfinite(other.extents).all():
            continue                            # an empty collection (error bars' caps unused) has no box
        assert not box.overlaps(other), (language, artist, box, other)
    # and the legend and the title are inside the figure, every word whole
    for whole in (box, ax.title.get_window_extent(renderer)):
        assert fig.bbox.contains(whole.x0, whole.y0) and fig.bbox.contains(whole.x1, whole.y1), (language, whole)


def _tick_texts(fig: Figure) -> list[str]:
    """Every tick label of every axes (colour bars' too), as drawn."""
    fig.canvas.draw()
    return [t.get_text() for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]


@pytest.mark.slow
@pytest.mark.parametrize(("language", "mark", "not_mark"), [("en", ".", ","), ("es", ",", "."), ("pt", ",", ".")])
def test_tick_labels_write_decimals_as_the_language_does(language, mark, not_mark):
    """Spanish and Portuguese stop 8 drew axes of 0.25 and 1.5 under labels and prose of 0,25: every
    numeric tick label is the language's number (Babel), English keeps its point."""
    from widgets.blocks.charts import NumberTicks
    from widgets.i18n import decimal_places
    small = selfplay_chart({"dealer": {"play": 0.35, "go": 0.12}, "pone": {"play": 0.9, "go": 0.41}}, language=language)
    ticks = _tick_texts(small)
    assert any(mark in t for t in ticks) and not any(not_mark in t for t in ticks), ticks
    assert "0" + mark + "2" in ticks                                       # 0.2 or 0,2
    assert isinstance(small.axes[0].yaxis.get_major_formatter(), NumberTicks)
    whole = _tick_texts(distribution_chart(language=language))             # whole numbers stay whole
    assert "10" in whole and not any(mark in t or not_mark in t for t in whole), whole
    assert decimal_places([0, 0.25, 0.5]) == 2 and decimal_places([0, 5, 10]) == 0
    assert NumberTicks(language)(-1e-17) == "0"                            # no "-0" at the axis's origin

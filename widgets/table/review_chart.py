"""The chart of a reviewed game: both scores deal by deal, the costliest decisions marked, and the
reviewed seat's chance to win along the game.

Drawn as every chart of the course is (:mod:`widgets.blocks.charts`): no pyplot, the course's type sizes
for a projector (:data:`~widgets.blocks.charts.CHART_RC`), Okabe-Ito colours, and nothing told by colour
alone: the two players differ by line style and marker too and are named in the legend, each costly
decision is a numbered marker with its cost written beside it, the 95% interval of the chance is a
hatched band.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from widgets.blocks.charts import CHART_RC, OKABE_ITO, course_figure
from widgets.i18n import check_language, decimal, number, render

__all__ = ["ChartMark", "review_chart"]

#: Each player's look: (colour, line style, marker). The reviewed seat first.
_LOOKS = ((OKABE_ITO["blue"], "-", "o"), (OKABE_ITO["orange"], "--", "s"))


@dataclass(frozen=True)
class ChartMark:
    """A costly decision as the chart marks it: the deal it was made in, its place among the costliest
    (1 the costliest) and its cost in points."""

    deal: int
    place: int
    cost: float


def review_chart(scores: Sequence[tuple[int, int]], *, names: tuple[str, str], target: int,
                 marks: Sequence[ChartMark] = (), chances: Sequence[tuple[float, float, float]] = (),
                 language: str | None = None, width: float = 12, height: float = 8.4) -> Figure:
    """Two panels over the deals of a game.

    ``scores``: the reviewed seat's and the other's scores before the first deal and after each deal
    (``scores[0]`` the start, ``scores[k]`` after deal ``k``); ``names``: the two players' names as the
    legend says them, the reviewed seat first; ``marks``: the costliest decisions, each drawn on the
    reviewed seat's line at the end of its deal; ``chances``: the reviewed seat's chance to win as each deal
    began, with its 95% interval (``(chance, low, high)``, shares 0..1; ``chances[k - 1]`` before deal
    ``k``), drawn in the lower panel (left out when empty)."""
    language = check_language(language)
    if not scores:
        raise ValueError("scores must hold at least the scores the game began with")
    deals = list(range(len(scores)))
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height if chances else height * 0.6, language)
        if chances:
            top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=(3, 2))
        else:
            top, bottom = fig.add_subplot(), None
        for seat, (name, (colour, style, marker)) in enumerate(zip(names, _LOOKS)):
            top.plot(deals, [pair[seat] for pair in scores], color=colour, linestyle=style, marker=marker,
                     markersize=9, linewidth=3, label=name, zorder=3)
        top.axhline(target, color="#000", linestyle=":", linewidth=1.8)
        top.text(0, target, render("review.chart.target", language, target=target), va="bottom", ha="left",
                 fontsize=14)
        for mark in marks:
            y = scores[mark.deal][0] if 0 <= mark.deal < len(scores) else scores[-1][0]
            top.plot([mark.deal], [y], marker="o", markersize=30, markerfacecolor="#fff",
                     markeredgecolor=OKABE_ITO["vermillion"], markeredgewidth=3, linestyle="none", zorder=4)
            top.text(mark.deal, y, str(mark.place), ha="center", va="center", fontsize=16, fontweight="bold",
                     zorder=5)
            # On the side of its marker away from the other player's line, in a white box.
            below = 0 <= mark.deal < len(scores) and scores[mark.deal][1] >= y
            top.annotate(render("review.chart.cost", language, cost=decimal(mark.cost, language, 1)),
                         (mark.deal, y), xytext=(0, -22 if below else 22), textcoords="offset points", ha="center",
                         va="top" if below else "bottom",
                         fontsize=14, fontweight="bold", zorder=6,
                         bbox={"boxstyle": "round,pad=0.2", "facecolor": "#fff", "edgecolor": OKABE_ITO["vermillion"]})
        if marks:   # the markers' meaning said in the legend, not by their colour
            top.plot([], [], marker="o", markersize=14, markerfacecolor="#fff", markeredgecolor=OKABE_ITO["vermillion"],
                     markeredgewidth=3, linestyle="none", label=render("review.chart.marked", language))
        top.set_ylim(0, target * 1.22)
        top.set_ylabel(render("review.chart.points", language))
        top.set_title(render("review.chart.title", language))
        # Under the target's line at the left, where the scores are still low, its label above the line.
        top.legend(loc="upper left", bbox_to_anchor=(0, target / top.get_ylim()[1]), frameon=True)
        top.grid(alpha=0.3)
        last = bottom if bottom is not None else top
        if bottom is not None:
            xs = [k + 0.5 for k in range(len(chances))]   # each deal's chance between the scores before and after it
            share = [100 * c for c, _low, _high in chances]
            low = [100 * lo for _c, lo, _high in chances]
            high = [100 * hi for _c, _low, hi in chances]
            bottom.fill_between(xs, low, high, facecolor="#cfe3f3", edgecolor=OKABE_ITO["blue"], hatch="//",
                                linewidth=0, label=render("review.chart.interval", language, conf=number(0.95, ".0%", language)))
            bottom.plot(xs, share, color=OKABE_ITO["blue"], marker="D", markersize=8, linewidth=3,
                        label=render("review.chart.chance", language, name=names[0]))
            bottom.axhline(50, color="#000", linestyle=":", linewidth=1.5)
            bottom.set_ylim(0, 100)
            bottom.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: number(v / 100, ".0%", language)))
            bottom.set_ylabel(render("review.chart.chance_axis", language))
            bottom.legend(loc="lower left", frameon=True, fontsize=13)
            bottom.grid(alpha=0.3)
        last.set_xlim(-0.3, max(deals) + 0.3)
        last.xaxis.set_major_locator(MaxNLocator(integer=True))
        last.set_xlabel(render("review.chart.deal", language))
    return fig

"""Charts of the statistics lab: crib tables, win probability by position, keeps and pegging.

Like :mod:`widgets.charts`: no pyplot, large fonts, colour-blind-safe colours, and every value that
colour shows is also written (numbers in the cells, labelled contour lines, hatching).
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from cribbage.stats import CribTable, KeepTable, PeggingStats, PositionTable, PublishedCribTable

from .charts import _RC, OKABE_ITO, _figure
from .i18n import check_language, decimal, render

__all__ = [
    "PLAY_GROUPS",
    "RANK_LABELS",
    "crib_scatter_chart",
    "crib_table_chart",
    "held_chart",
    "keep_chart",
    "lead_chart",
    "pegging_chart",
    "win_probability_chart",
]

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The play's kinds as players group them, each with the engine kinds it sums.
PLAY_GROUPS = (("item.fifteen", ("fifteen",)), ("item.thirty-one", ("thirty-one",)), ("item.go", ("go",)),
               ("item.last card", ("last card",)), ("item.pair", ("pair",)),
               ("item.pair royal", ("pair royal", "double pair royal")), ("lab.kind.runs", ("run",)))


def crib_table_chart(means: np.ndarray, *, title: str, highlight: tuple[int, int] | None = None,
                     language: str | None = None, width: float = 11, height: float = 9.5) -> Figure:
    """A 13 x 13 grid of average cribs, each cell's value written in it; ``highlight`` (two ranks,
    1..13) framed in a thick double line."""
    check_language(language)
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        image = ax.imshow(means, cmap="viridis", origin="upper")
        middle = np.nanmean(means)
        for (i, j), value in np.ndenumerate(means):
            ax.text(j, i, decimal(value, language, 1), ha="center", va="center", fontsize=11,
                    color="#000" if value > middle else "#fff")
        ax.set_xticks(range(13), RANK_LABELS)
        ax.set_yticks(range(13), RANK_LABELS)
        ax.set_xlabel(render("lab.crib.axis", language))
        ax.set_ylabel(render("lab.crib.axis", language))
        ax.set_title(title, fontsize=16)
        if highlight:
            a, b = highlight
            for x, y in {(b - 1, a - 1), (a - 1, b - 1)}:
                ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor="#fff", linewidth=6))
                ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor="#000", linewidth=3))
        fig.colorbar(image, ax=ax, shrink=0.8, label=render("chart.points", language))
    return fig


def crib_scatter_chart(tables: Sequence[CribTable], published: PublishedCribTable, *, language: str | None = None,
                       width: float = 9, height: float = 7.5) -> Figure:
    """Each of the 91 rank pairs: the computed average against the published one, a marker per model."""
    check_language(language)
    upper = np.triu_indices(13)
    markers = [("o", OKABE_ITO["blue"]), ("^", OKABE_ITO["orange"])]
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        theirs = published.means[upper]
        low, high = float(theirs.min()) - 0.5, float(theirs.max()) + 0.5
        ax.plot([low, high], [low, high], color="#000", linestyle="--", linewidth=1.5,
                label=render("lab.crib.same", language))
        for table, (marker, colour) in zip(tables, markers):
            ax.scatter(theirs, table.means[upper], marker=marker, s=60, color=colour, edgecolor="#222",
                       label=render(f"lab.model.{table.model}", language))
        crib = render("lab.own_crib" if published.dealer else "lab.their_crib", language)
        ax.set_title(render("lab.crib.scatter_title", language, crib=crib) + f" · {published.author}", fontsize=15)
        ax.set_xlabel(render("lab.crib.scatter_x", language))
        ax.set_ylabel(render("lab.crib.scatter_y", language))
        ax.legend(loc="upper left")
    return fig


def win_probability_chart(table: PositionTable, *, mine: int | None = None, theirs: int | None = None,
                          dealer: bool = True, language: str | None = None, width: float = 10.5,
                          height: float = 9) -> Figure:
    """The dealer's chance to win from every position, with the skunk lines and labelled contours;
    with ``mine``/``theirs`` the position is marked (as dealer or as pone)."""
    check_language(language)
    target = table.target
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        percent = table.dealer_wins * 100
        image = ax.imshow(percent, origin="lower", cmap="cividis", vmin=0, vmax=100,
                          extent=(-0.5, target - 0.5, -0.5, target - 0.5))
        levels = [10, 25, 50, 75, 90]
        contours = ax.contour(np.arange(target), np.arange(target), percent, levels=levels, colors="#000",
                              linewidths=[1, 1.5, 2.5, 1.5, 1])
        ax.clabel(contours, fmt=lambda v: f"{v:.0f}%", fontsize=13)
        skunk, double = table.skunk_lines
        lines = [(skunk, "board.skunk_line", "--")]
        if double is not None:
            lines.append((double, "board.double_line", ":"))
        for score, key, style in lines:
            ax.axvline(score - 0.5, color="#D55E00", linestyle=style, linewidth=2.2)
            ax.axhline(score - 0.5, color="#D55E00", linestyle=style, linewidth=2.2)
            ax.text(score + 0.5, 2, f"{render(key, language)} ({score})", rotation=90, color="#000", fontsize=12,
                    va="bottom", backgroundcolor="#ffffffcc")
        if mine is not None and theirs is not None:
            d, p = (mine, theirs) if dealer else (theirs, mine)
            ax.plot([p], [d], marker="*", markersize=26, color="#fff", markeredgecolor="#000", markeredgewidth=2)
            ax.annotate(render("lab.pos.here", language), (p, d), xytext=(12, 12), textcoords="offset points",
                        fontsize=14, fontweight="bold", backgroundcolor="#ffffffdd")
        ax.set_xlabel(render("lab.pos.x", language))
        ax.set_ylabel(render("lab.pos.y", language))
        ax.set_title(render("lab.pos.chart_title", language), fontsize=16)
        fig.colorbar(image, ax=ax, shrink=0.8, label=render("lab.pos.colorbar", language))
    return fig


def keep_chart(table: KeepTable, *, language: str | None = None, width: float = 12, height: float = 5.6) -> Figure:
    """The distribution of the best keep's value, as dealer (plain bars) and as pone (hatched)."""
    language = check_language(language)
    check_language(language)
    values = table.values
    edges = np.arange(-6, 31, 1.0)
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        for role, colour, hatch, shift in (("dealer", OKABE_ITO["blue"], "", -0.2), ("pone", OKABE_ITO["orange"], "//", 0.2)):
            counts = table.dealer if role == "dealer" else table.pone
            binned, _ = np.histogram(values, bins=edges, weights=counts)
            share = binned / counts.sum() * 100
            ax.bar(edges[:-1] + 0.5 + shift, share, width=0.4, color=colour, hatch=hatch, edgecolor="#222",
                   label=render(f"lab.{role}", language))
            mean = table.mean(role)
            ax.axvline(mean, color=colour, linestyle="--", linewidth=2)
            ax.text(mean, ax.get_ylim()[1] * 0.95 if role == "dealer" else ax.get_ylim()[1] * 0.85,
                    render("chart.mean", language, mean=decimal(mean, language, 2)), ha="center", fontsize=13,
                    backgroundcolor="#ffffffdd")
        ax.set_xlabel(render("lab.keep.x", language))
        ax.set_ylabel(render("lab.keep.y", language))
        ax.set_title(render("lab.keep.chart_title", language, deals=_thousands(table.deals, language)), fontsize=16)
        ax.legend()
    return fig


def pegging_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.6) -> Figure:
    """Points per deal in the play by kind, for the pone (plain) and the dealer (hatched), values written on."""
    check_language(language)
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        xs = np.arange(len(PLAY_GROUPS))
        for role, colour, hatch, shift in ((0, OKABE_ITO["orange"], "", -0.2), (1, OKABE_ITO["blue"], "//", 0.2)):
            ys = [sum(stats.by_kind[role, stats.kinds.index(k)] for k in kinds) for _, kinds in PLAY_GROUPS]
            ax.bar(xs + shift, ys, width=0.4, color=colour, hatch=hatch, edgecolor="#222",
                   label=render("lab.pone" if role == 0 else "lab.dealer", language))
            for x, y in zip(xs + shift, ys):
                ax.text(x, y + 0.02, decimal(y, language, 2), ha="center", va="bottom", fontsize=12)
        ax.set_xticks(xs, [render(key, language, n=3) for key, _ in PLAY_GROUPS], rotation=15)
        ax.set_ylabel(render("chart.per_deal", language))
        ax.set_title(render("lab.peg.chart_title", language), fontsize=16)
        ax.legend()
    return fig


def lead_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.2) -> Figure:
    """Points per deal in the play after the pone leads each rank: pone (circles), dealer (triangles)."""
    language = check_language(language)
    return _by_rank_chart(stats.by_lead, "lab.peg.lead_title", "lab.peg.lead", language, width, height)


def held_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.2) -> Figure:
    """Points per deal in the play of a side that kept each rank: pone (circles), dealer (triangles)."""
    language = check_language(language)
    return _by_rank_chart(stats.by_held_rank, "lab.peg.held_title", "lab.peg.held", language, width, height)


def _by_rank_chart(values: np.ndarray, title: str, xlabel: str, language: str, width: float, height: float) -> Figure:
    check_language(language)
    with matplotlib.rc_context(_RC):
        fig = _figure(width, height)
        ax = fig.add_subplot()
        xs = np.arange(13)
        for role, colour, marker, style in ((0, OKABE_ITO["orange"], "o", "-"), (1, OKABE_ITO["blue"], "^", "--")):
            ax.plot(xs, values[role], marker=marker, markersize=10, linestyle=style, linewidth=2.5,
                    color=colour, label=render("lab.pone" if role == 0 else "lab.dealer", language))
        ax.set_xticks(xs, RANK_LABELS)
        ax.set_xlabel(render(xlabel, language))
        ax.set_ylabel(render("chart.per_deal", language))
        ax.set_title(render(title, language), fontsize=16)
        ax.legend()
    return fig


def _thousands(n: int, language: str) -> str:
    text = f"{n:,}"
    return text if language == "en" else text.replace(",", ".")

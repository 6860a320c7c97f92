"""Charts of the statistics lab: crib tables, win probability by position, keeps and pegging.

Like :mod:`widgets.blocks.charts`: no pyplot, large fonts, colour-blind-safe colours, and every value that
colour shows is also written (numbers in the cells, labelled contour lines, hatching). One look per
role in every chart (:data:`ROLE_STYLE`: the pone orange and hatched, the dealer blue and plain), one
fixed colour scale for every crib table (:data:`CRIB_SCALE`) and one for every difference from a
published table (:data:`DIFFERENCE_SCALE`), so two tables can be compared colour for colour. A sampled
figure is drawn with its 95% interval (error bars) and its sample size.
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from cribbage.lang.translations import format_number
from cribbage.stats import CribTable, FiveKeepTable, KeepTable, PeggingStats, PositionTable, PublishedCribTable
from cribbage.stats.calibrated import Margins
from cribbage.stats.position import Calibration
from cribbage.stats.selfplay import Z95
from widgets.blocks.charts import CHART_RC, OKABE_ITO, course_figure
from widgets.i18n import check_language, decimal, number, render

__all__ = [
    "CRIB_SCALE",
    "DIFFERENCE_SCALE",
    "PLAY_GROUPS",
    "RANK_LABELS",
    "ROLE_STYLE",
    "calibration_chart",
    "crib_difference_chart",
    "crib_scatter_chart",
    "crib_table_chart",
    "held_chart",
    "keep_chart",
    "lead_chart",
    "pegging_chart",
    "win_probability_chart",
]

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: How each role looks in every chart: (colour, hatching, marker, line style).
ROLE_STYLE = {"pone": (OKABE_ITO["orange"], "//", "o", "-"), "dealer": (OKABE_ITO["blue"], "", "^", "--")}
_ROLES = ("pone", "dealer")

#: The colour scale of every crib table, points (a value outside is drawn at the end of the scale).
CRIB_SCALE = (3.0, 10.0)
#: The colour scale of our table minus a published one, points either side of 0.
DIFFERENCE_SCALE = 1.5
#: The size (points) of each difference written in its cell: at the figure's 80 dpi and 10 inches,
#: shown in an 844 px output area, about 14 px high.
DIFFERENCE_FONT = 13

#: The play's kinds as players group them, each with the engine kinds it sums.
PLAY_GROUPS = (("item.fifteen", ("fifteen",)), ("item.thirty-one", ("thirty-one",)), ("item.go", ("go",)),
               ("item.last card", ("last card",)), ("item.pair", ("pair",)),
               ("item.pair royal", ("pair royal", "double pair royal")), ("lab.kind.runs", ("run",)))


def crib_table_chart(means: np.ndarray, *, title: str, highlight: tuple[int, int] | None = None,
                     language: str | None = None, width: float = 11, height: float = 9.5) -> Figure:
    """A 13 x 13 grid of average cribs, each cell's value written in it; ``highlight`` (two ranks,
    1..13) framed in a thick double line."""
    check_language(language)
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        low, high = CRIB_SCALE
        image = ax.imshow(means, cmap="viridis", origin="upper", vmin=low, vmax=high)
        middle = (low + high) / 2
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
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        theirs = published.means[upper]
        low, high = float(theirs.min()) - 0.5, float(theirs.max()) + 0.5
        ax.plot([low, high], [low, high], color="#000", linestyle="--", linewidth=1.5,
                label=render("lab.crib.same", language))
        for table, (marker, colour) in zip(tables, markers):
            errors = Z95 * table.stderr[upper]
            label = render(f"lab.model.{table.model}", language)
            if not table.exact:
                label += " · " + render("lab.n_hands", language, n=number(table.samples, ",", language))
                ax.errorbar(theirs, table.means[upper], yerr=errors, fmt="none", ecolor=colour, elinewidth=1.5,
                            capsize=3)
            ax.scatter(theirs, table.means[upper], marker=marker, s=60, color=colour, edgecolor="#222", label=label,
                       zorder=3)
        crib = render("lab.own_crib" if published.dealer else "lab.their_crib", language)
        ax.set_title(render("lab.crib.scatter_title", language, crib=crib) + f" · {published.author}", fontsize=15)
        ax.set_xlabel(render("lab.crib.scatter_x", language))
        ax.set_ylabel(render("lab.crib.scatter_y", language))
        ax.legend(loc="upper left")
        if any(not t.exact for t in tables):
            fig.supxlabel(render("lab.error_bars", language, conf=_conf(language)), fontsize=13)
    return fig


def crib_difference_chart(table: CribTable, published: Sequence[PublishedCribTable], *, language: str | None = None,
                          width: float = 10, height: float = 8.6) -> Figure:
    """Our table minus each published one, a 13 x 13 grid per published table (``height`` each), one
    above the other, on one fixed diverging scale (:data:`DIFFERENCE_SCALE`) with its colour bar; each
    cell's difference written in it. Stacked, not side by side: two grids across an output area left
    the differences about 6 px high."""
    check_language(language)
    span = DIFFERENCE_SCALE
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height * len(published), language)
        axes = fig.subplots(len(published), 1, squeeze=False)[:, 0]
        image = None
        for ax, other in zip(axes, published):
            gaps = table.difference(other)
            image = ax.imshow(gaps, cmap="PuOr_r", origin="upper", vmin=-span, vmax=span)
            for (i, j), value in np.ndenumerate(gaps):
                if np.isfinite(value):
                    shown = 0.0 if abs(value) < 0.05 else value  # no "-0.0"
                    text = ("+" if shown > 0 else "") + decimal(shown, language, 1).replace("-", "−")
                    ax.text(j, i, text, ha="center", va="center", fontsize=DIFFERENCE_FONT,
                            color="#fff" if abs(value) > span * 0.6 else "#000")
            ax.set_xticks(range(13), RANK_LABELS, fontsize=14)
            ax.set_yticks(range(13), RANK_LABELS, fontsize=14)
            ax.set_title(render("lab.crib.minus", language, author=other.author), fontsize=15)
        crib = render("lab.own_crib" if table.dealer else "lab.their_crib", language)
        fig.suptitle(render("lab.crib.diff_title", language, crib=crib,
                            model=render(f"lab.model.{table.model}", language)), fontsize=16)
        assert image is not None
        fig.colorbar(image, ax=list(axes), shrink=0.8, label=render("lab.crib.diff_bar", language))
    return fig


def calibration_chart(check: Calibration, *, margins: Margins | None = None, language: str | None = None,
                      width: float = 9.5, height: float = 7.5) -> Figure:
    """The position table's predicted chances (x) against how often the dealer won in games it never
    saw (y), bin by bin with 95% intervals and each bin's number of deal starts written beside it; with
    ``margins``, the interval said for each chance shaded about the diagonal, band by band."""
    check_language(language)
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        if margins is not None:
            edges = margins.edges * 100
            for b, margin in enumerate(np.nan_to_num(margins.margin, nan=float(np.nanmax(margins.margin))) * 100):
                xs = np.array([edges[b], edges[b + 1]])
                ax.fill_between(xs, xs - margin, xs + margin, color=OKABE_ITO["orange"], alpha=0.3, linewidth=0,
                                label=render("lab.pos.cal_band", language) if b == 0 else None)
        ax.plot([0, 100], [0, 100], color="#000", linestyle="--", linewidth=1.5, label=render("lab.crib.same", language))
        x, y = check.predicted * 100, check.observed * 100
        # rounding can put an interval's end a hair past its share (a share of 0 or 1)
        below, above = np.maximum(0, y - check.observed_low * 100), np.maximum(0, check.observed_high * 100 - y)
        ax.errorbar(x, y, yerr=[below, above], fmt="o", markersize=9, color=OKABE_ITO["blue"], ecolor="#222",
                    capsize=5, elinewidth=1.8, label=render("lab.pos.cal_points", language, conf=_conf(language)))
        # Each bin's number written under the low end of its interval (over the high end where that is
        # near the floor): the points climb the diagonal, so each label sits by its own bar and clear
        # of its neighbours' (beside the points, the labels of close bins ran into each other and
        # into the bars).
        for xi, low, high, n in zip(x, y - below, y + above, check.starts):
            ha = "left" if xi < 8 else "right" if xi > 92 else "center"   # inside the axes at the edges
            under = low >= 12
            ax.annotate(render("lab.pos.cal_n", language, n=number(int(n), ",", language)), (xi, low if under else high),
                        xytext=(0, -7 if under else 7), textcoords="offset points", fontsize=11, ha=ha,
                        va="top" if under else "bottom",
                        bbox={"boxstyle": "round,pad=0.15", "facecolor": "#fff", "edgecolor": "none", "alpha": 0.85})
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        ax.set_xlabel(render("lab.pos.cal_x", language))
        ax.set_ylabel(render("lab.pos.cal_y", language))
        ax.set_title(render("lab.pos.cal_title", language, games=number(check.games, ",", language)), fontsize=15)
        ax.legend(loc="upper left")
    return fig


def win_probability_chart(table: PositionTable, *, mine: int | None = None, theirs: int | None = None,
                          dealer: bool = True, language: str | None = None, width: float = 10.5,
                          height: float = 9) -> Figure:
    """The dealer's chance to win from every position, with the skunk lines and labelled contours;
    with ``mine``/``theirs`` the position is marked (as dealer or as pone)."""
    check_language(language)
    target = table.target
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        percent = table.dealer_wins * 100
        image = ax.imshow(percent, origin="lower", cmap="cividis", vmin=0, vmax=100,
                          extent=(-0.5, target - 0.5, -0.5, target - 0.5))
        levels = [10, 25, 50, 75, 90]
        contours = ax.contour(np.arange(target), np.arange(target), percent, levels=levels, colors="#000",
                              linewidths=[1, 1.5, 2.5, 1.5, 1])
        ax.clabel(contours, fmt=lambda v: number(v / 100, ".0%", language), fontsize=13)
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
            # The label goes on the side of the star away from the nearest edges, so it never leaves
            # the axes (a label outside them would make the saved figure, and so the plot, shrink).
            right, top = p > target * 0.6, d > target * 0.85
            ax.annotate(render("lab.pos.here", language), (p, d), xytext=(-14 if right else 14, -14 if top else 14),
                        textcoords="offset points", ha="right" if right else "left", va="top" if top else "bottom",
                        fontsize=14, fontweight="bold", backgroundcolor="#ffffffdd", annotation_clip=True)
        ax.set_xlabel(render("lab.pos.x", language))
        ax.set_ylabel(render("lab.pos.y", language))
        ax.set_title(render("lab.pos.chart_title", language), fontsize=16)
        fig.colorbar(image, ax=ax, shrink=0.8, label=render("lab.pos.colorbar", language))
    return fig


def keep_chart(table: KeepTable, *, language: str | None = None, width: float = 12, height: float = 5.6) -> Figure:
    """The distribution of the best keep's value, as dealer (plain bars) and as pone (hatched)."""
    language = check_language(language)
    return _best_keep_chart({"dealer": (table.dealer, table.mean("dealer"), "lab.dealer"),
                             "pone": (table.pone, table.mean("pone"), "lab.pone")}, table.values,
                            ("lab.keep.x", "lab.keep.y", "lab.keep.chart_title"), table.deals, language, width, height)


def five_keep_chart(table: FiveKeepTable, *, language: str | None = None, width: float = 12,
                    height: float = 5.6) -> Figure:
    """The distribution of the best keep's value from five cards, for your side's crib (plain bars, the
    dealer's style) and an opponent's (hatched, the pone's)."""
    language = check_language(language)
    return _best_keep_chart({"dealer": (table.ours, table.mean("ours"), "lab.five.ours"),
                             "pone": (table.theirs, table.mean("theirs"), "lab.five.theirs")}, table.values,
                            ("lab.five.x", "lab.five.y", "lab.five.chart_title"), table.hands, language, width, height)


def _best_keep_chart(roles: dict[str, tuple[np.ndarray, float, str]], values: np.ndarray, keys: tuple[str, str, str],
                     total: int, language: str, width: float, height: float) -> Figure:
    """Two distributions of a best keep's value side by side, one bar a point, each role in its style
    (:data:`ROLE_STYLE`) with its mean marked."""
    edges = np.arange(-6, 31, 1.0)
    x_key, y_key, title_key = keys
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        for (role, (counts, mean, label)), shift in zip(roles.items(), (-0.2, 0.2)):
            colour, hatch = ROLE_STYLE[role][:2]
            binned, _ = np.histogram(values, bins=edges, weights=counts)
            share = binned / counts.sum() * 100
            ax.bar(edges[:-1] + 0.5 + shift, share, width=0.4, color=colour, hatch=hatch, edgecolor="#222",
                   label=render(label, language))
            ax.axvline(mean, color=colour, linestyle="--", linewidth=2)
            ax.text(mean, ax.get_ylim()[1] * 0.95 if role == "dealer" else ax.get_ylim()[1] * 0.85,
                    render("chart.mean", language, mean=decimal(mean, language, 2)), ha="center", fontsize=13,
                    backgroundcolor="#ffffffdd")
        ax.set_xlabel(render(x_key, language))
        ax.set_ylabel(render(y_key, language))
        ax.set_title(render(title_key, language, deals=number(total, ",", language)), fontsize=16)
        ax.legend()
    return fig


def pegging_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.6) -> Figure:
    """Points per deal in the play by kind, for the pone (hatched) and the dealer (plain), values written
    on, with 95% error bars; the number of deals in the title."""
    check_language(language)
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        xs = np.arange(len(PLAY_GROUPS))
        for role, shift in ((0, -0.2), (1, 0.2)):
            colour, hatch = ROLE_STYLE[_ROLES[role]][:2]
            ys = [sum(stats.by_kind[role, stats.kinds.index(k)] for k in kinds) for _, kinds in PLAY_GROUPS]
            # grouped kinds are summed per deal, so the error of a group is at most the sum of its kinds'
            errs = [Z95 * sum(stats.by_kind_se[role, stats.kinds.index(k)] for k in kinds) for _, kinds in PLAY_GROUPS]
            ax.bar(xs + shift, ys, width=0.4, color=colour, hatch=hatch, edgecolor="#222", yerr=errs, capsize=4,
                   label=render("lab.pone" if role == 0 else "lab.dealer", language))
            for x, y, e in zip(xs + shift, ys, errs):
                ax.text(x, y + e + 0.02, decimal(y, language, 2), ha="center", va="bottom", fontsize=12)
        ax.set_xticks(xs, [render(key, language, n=3) for key, _ in PLAY_GROUPS], rotation=15)
        ax.set_ylabel(render("chart.per_deal", language))
        ax.set_title(render("lab.peg.chart_title", language) + " · "
                     + render("lab.n_deals", language, n=number(stats.deals, ",", language)), fontsize=16)
        ax.legend()
        fig.supxlabel(render("lab.error_bars", language, conf=_conf(language)), fontsize=13)
    return fig


def lead_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.2) -> Figure:
    """Points per deal in the play after the pone leads each rank: pone (circles), dealer (triangles)."""
    language = check_language(language)
    return _by_rank_chart(stats.by_lead, stats.by_lead_se, np.vstack([stats.lead_counts, stats.lead_counts]),
                          "lab.peg.lead_title", "lab.peg.lead", language, width, height)


def held_chart(stats: PeggingStats, *, language: str | None = None, width: float = 12, height: float = 5.2) -> Figure:
    """Points per deal in the play of a side that kept each rank: pone (circles), dealer (triangles)."""
    language = check_language(language)
    return _by_rank_chart(stats.by_held_rank, stats.by_held_se, stats.held_counts, "lab.peg.held_title",
                          "lab.peg.held", language, width, height)


def _by_rank_chart(values: np.ndarray, errors: np.ndarray, counts: np.ndarray, title: str, xlabel: str,
                   language: str, width: float, height: float) -> Figure:
    """Two lines over the 13 ranks with 95% error bars; under each rank, the deals behind it."""
    check_language(language)
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        xs = np.arange(13)
        for role, offset in ((0, -0.08), (1, 0.08)):
            colour, _, marker, style = ROLE_STYLE[_ROLES[role]]
            ax.errorbar(xs + offset, values[role], yerr=Z95 * np.nan_to_num(errors[role]), marker=marker, markersize=10,
                        linestyle=style, linewidth=2.5, capsize=4, color=colour,
                        label=render("lab.pone" if role == 0 else "lab.dealer", language))
        same = bool(np.array_equal(counts[0], counts[1]))
        rows = [counts[0]] if same else [counts[0], counts[1]]
        labels = [f"{r}\n{_short(int(n), language)}" if same else f"{r}\n{_short(int(n), language)}/{_short(int(m), language)}"
                  for r, n, m in zip(RANK_LABELS, rows[0], rows[-1])]
        ax.set_xticks(xs, labels, fontsize=12)
        fig.supxlabel(render("lab.deals_under" if same else "lab.deals_under_roles", language) + " · "
                      + render("lab.error_bars", language, conf=_conf(language)), fontsize=13)
        ax.set_xlabel(render(xlabel, language))
        ax.set_ylabel(render("chart.per_deal", language))
        ax.set_title(render(title, language), fontsize=16)
        ax.legend()
    return fig


def _conf(language: str | None) -> str:
    """The intervals' level, "95%", in the language's way."""
    return format_number(0.95, check_language(language), ".0%")


def _short(n: int, language: str) -> str:
    """A count in few characters: 830, 4.3k (thousands with the language's decimal mark)."""
    return str(n) if n < 1000 else decimal(n / 1000, language, 1) + "k"

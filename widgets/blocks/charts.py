"""Charts for the course, drawn with matplotlib and returned as ``Figure`` objects.

No pyplot: each function builds its own :class:`~matplotlib.figure.Figure`, so they work under any
backend (Agg in tests and servers) and leave no global state. Fonts are large for a projector;
colours come from the Okabe-Ito palette (safe for colour-blind readers) and every distinction is
also made by hatching or a label, never by colour alone.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, ScalarFormatter

if TYPE_CHECKING:
    from matplotlib.backend_bases import RendererBase
    from matplotlib.typing import RcKeyType

from cribbage import MAX_SCORE, Card, Suit, stats
from cribbage import cards as parse_cards
from cribbage.stats import starter_outcomes
from cribbage.stats.my_deal import KeepFigures
from cribbage.stats.published import CHAMBERS_PER_DEAL
from cribbage.stats.selfplay import SelfPlaySummary
from widgets.base.view import figure_png
from widgets.i18n import cards_text, check_language, decimal, decimal_places, render

__all__ = [
    "CHART_RC",
    "OKABE_ITO",
    "SUIT_HATCH",
    "CourseFigure",
    "NumberTicks",
    "course_figure",
    "deal_chart",
    "distribution_chart",
    "selfplay_chart",
    "starter_outcomes",
    "starter_outcomes_chart",
]

#: The Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
OKABE_ITO = {"black": "#000000", "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73",
             "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7"}
SUIT_HATCH = {Suit.CLUBS: "", Suit.DIAMONDS: "//", Suit.HEARTS: "..", Suit.SPADES: "xx"}
_SUIT_COLOUR = {Suit.CLUBS: OKABE_ITO["green"], Suit.DIAMONDS: OKABE_ITO["orange"],
                Suit.HEARTS: OKABE_ITO["vermillion"], Suit.SPADES: OKABE_ITO["blue"]}
_SERIES = [(OKABE_ITO["blue"], ""), (OKABE_ITO["orange"], "//"), (OKABE_ITO["green"], ".."),
           (OKABE_ITO["purple"], "xx"), (OKABE_ITO["sky"], "\\\\"), (OKABE_ITO["vermillion"], "++")]

#: How each role looks in every chart: (colour, hatching) for a role's first series, then a lighter
#: shade for a second (published figures beside our own): the pone hatched, the dealer plain.
ROLE_STYLE = {"pone": ((OKABE_ITO["orange"], "//"), ("#F5D08A", "//")),
              "dealer": ((OKABE_ITO["blue"], ""), ("#8DBBDD", ""))}

#: The course's chart style (for ``matplotlib.rc_context``): large type for a projector, no top or right spine.
CHART_RC: dict[RcKeyType, Any] = {"font.size": 16, "axes.titlesize": 19, "axes.labelsize": 17, "xtick.labelsize": 15,
       "ytick.labelsize": 15, "legend.fontsize": 15, "hatch.linewidth": 1.2,
       "font.family": "DejaVu Sans", "axes.spines.top": False, "axes.spines.right": False}


class NumberTicks(Formatter):
    """A numeric axis's tick labels in the language's number symbols, by Babel (:func:`~widgets.i18n.decimal`):
    ``0.25`` in English, ``0,25`` in Spanish and Portuguese; every tick with as many decimal places as
    the ticks need to be told apart (:func:`decimal_places`), and matplotlib's minus sign."""

    def __init__(self, language: str | None = None) -> None:
        self.language = check_language(language)
        self.places = 0

    def set_locs(self, locs: Any) -> None:
        super().set_locs(locs)
        self.places = decimal_places(locs)

    def __call__(self, x: float, pos: int | None = None) -> str:
        x = 0.0 if round(x, self.places) == 0 else x   # no "-0,0" for a tick a hair below 0
        return decimal(x, self.language, self.places).replace("-", "\N{MINUS SIGN}")


class CourseFigure(Figure):
    """A ``Figure`` that shows itself as a PNG in a notebook, with or without pyplot imported, and
    writes its numeric tick labels (colour bars' too) in its ``language`` (:class:`NumberTicks`):
    set when it is drawn (``fig.canvas.draw()``, ``savefig``), so every axis is caught, however late
    it was added or rescaled."""

    def __init__(self, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.language = check_language(language)
        FigureCanvasAgg(self)   # ``fig.canvas.draw()`` draws, as ``savefig`` does, without pyplot

    def draw(self, renderer: RendererBase) -> None:
        for ax in self.axes:
            for axis in (ax.xaxis, ax.yaxis):
                # Only matplotlib's plain numbers: labels a chart set itself, and a log axis's
                # powers of ten, are written as they are.
                if type(axis.get_major_formatter()) is ScalarFormatter:
                    axis.set_major_formatter(NumberTicks(self.language))
        super().draw(renderer)

    def _repr_png_(self) -> bytes:
        return figure_png(self, dpi=80)


def course_figure(width: float, height: float, language: str | None = None) -> Figure:
    """A :class:`CourseFigure` of ``width`` x ``height`` inches, laid out by matplotlib's constrained layout."""
    return CourseFigure(figsize=(width, height), layout="constrained", language=language)


def distribution_chart(*, crib: bool = False, log: bool = False, highlight: int | None = None,
                       label: str | None = None, language: str | None = None, width: float = 12,
                       height: float = 5.6) -> Figure:
    """A bar for each score 0..29: the share of all 12,994,800 hands (or cribs) scoring it.

    The mean is marked by a dashed line, the impossible scores (19, 25, 26, 27) by a label, and
    ``highlight`` (a score) by an orange, hatched bar with an arrow and ``label`` (by default
    "this hand: 12" from the catalogue, in ``language``; a given label is shown as written).
    """
    check_language(language)
    if highlight is not None and (isinstance(highlight, bool) or not isinstance(highlight, int)
                                  or not 0 <= highlight <= MAX_SCORE):
        raise ValueError(f"highlight must be a score from 0 to {MAX_SCORE}, not {highlight!r}")
    if label is not None and (not isinstance(label, str) or not label.strip()):
        raise ValueError(f"label must be non-empty text, not {label!r}")
    if label is not None and highlight is None:
        raise ValueError("label names the highlighted bar: give highlight= too")
    counts = stats.hand_distribution(crib=crib)
    share = counts / counts.sum() * 100
    mean = stats.mean_score(counts)
    what = render("calc.what.crib" if crib else "calc.what.hand", language)
    scores = np.arange(len(counts))
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        colours = [OKABE_ITO["orange"] if s == highlight else "#9aa5b1" for s in scores]
        if log:
            ax.set_yscale("log", nonpositive="clip")
        bars = ax.bar(scores, share, color=colours, edgecolor="#333", linewidth=0.8, width=0.8)
        if highlight is not None:
            bars[highlight].set_hatch("//")
            bars[highlight].set_linewidth(2.5)
        if log:
            ax.set_ylim(share[share > 0].min() / 3, share.max() * 4)
        else:
            ax.set_ylim(0, share.max() * 1.22)
        bottom = ax.get_ylim()[0]
        for s in stats.IMPOSSIBLE_SCORES:
            y = bottom * 1.6 if log else share.max() * 0.03
            ax.text(s, y, "✕ " + render("chart.impossible", language), rotation=90, ha="center", va="bottom",
                    fontsize=13, color="#333")
        ax.axvline(mean, color=OKABE_ITO["blue"], linestyle="--", linewidth=2.5)
        top = ax.get_ylim()[1]
        y_mean = top / 2.5 if log else top * 0.93
        ax.text(mean + 0.3, y_mean, render("chart.mean", language, mean=decimal(mean, language, 2)), color=OKABE_ITO["blue"],
                ha="left", va="center", fontsize=16, fontweight="bold")
        if highlight is not None:
            y = share[highlight]
            if label is None:
                label = render("chart.this_hand", language, what=what, score=highlight)
            # Above the "impossible" labels, which stand at the foot of the high scores.
            if log:
                y_text = max(y * 8, bottom * 3000) if highlight >= 18 else max(y, bottom) * 8
            else:
                y_text = max(y + share.max() * 0.12, share.max() * 0.4 if highlight >= 18 else 0)
            x_text = min(highlight, 25.5)
            ax.annotate(label, xy=(highlight, max(y, bottom)), xytext=(x_text, y_text), ha="center",
                        fontsize=16, fontweight="bold",
                        arrowprops={"arrowstyle": "-|>", "color": "#000", "linewidth": 2},
                        bbox={"boxstyle": "round", "facecolor": "#fff", "edgecolor": OKABE_ITO["orange"],
                              "linewidth": 2})
        ax.set_xticks(scores[::1])
        ax.set_xticklabels([str(s) if s % 2 == 0 or s == MAX_SCORE else "" for s in scores])
        ax.set_xlim(-0.7, MAX_SCORE + 0.7)
        ax.set_xlabel(render("chart.score", language))
        ax.set_ylabel(render("chart.share", language, what=what))
        ax.set_title(render("chart.dist_title", language, what=what))
        ax.grid(axis="y", alpha=0.3)
    return fig


def starter_outcomes_chart(hand: str | Iterable[Card], *, discards: str | Iterable[Card] = (),
                           crib: bool = False, language: str | None = None, width: float = 14,
                           height: float = 5.6) -> Figure:
    """One bar per possible starter, grouped by rank; the suit by hatching (and the legend).

    The mean over the starters is a dashed line, each group of bars is labelled with its rank.
    """
    check_language(language)
    outcomes = starter_outcomes(hand, discards=discards, crib=crib)
    held = parse_cards(hand)
    mean = sum(outcomes.values()) / len(outcomes)
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        bar_w = 0.2
        seen_suits: set[Suit] = set()
        for card, points in outcomes.items():
            x = card.rank + (int(card.suit) - 1.5) * bar_w
            label = None
            if card.suit not in seen_suits:
                seen_suits.add(card.suit)
                label = f"{card.suit.symbol} {render('suit.' + card.suit.name.lower(), language)}"
            ax.bar(x, points, width=bar_w * 0.95, color=_SUIT_COLOUR[card.suit], edgecolor="#222",
                   hatch=SUIT_HATCH[card.suit], label=label, linewidth=0.8)
            ax.text(x, points + 0.2, str(points), ha="center", va="bottom", fontsize=11, rotation=90)
        ax.axhline(mean, color="#000", linestyle="--", linewidth=2)
        ax.text(13.6, mean, render("chart.mean", language, mean=decimal(mean, language, 2)), ha="left", va="center",
                fontsize=15, fontweight="bold", bbox={"facecolor": "#fff", "edgecolor": "none", "pad": 1})
        ax.set_xticks(range(1, 14))
        ax.set_xticklabels([Card(r, Suit.SPADES).label for r in range(1, 14)])
        ax.set_xlim(0.4, 15.2)
        ax.set_ylim(0, max(outcomes.values()) * 1.4 + 2)
        ax.set_xlabel(render("chart.starter_rank", language))
        ax.set_ylabel(render("chart.points", language))
        ax.set_title(render("chart.starters_title", language, hand=cards_text(held), n=len(outcomes)))
        handles, labels = ax.get_legend_handles_labels()
        order = sorted(range(len(labels)), key=lambda i: "♣♦♥♠".index(labels[i][0]))
        ax.legend([handles[i] for i in order], [labels[i] for i in order], loc="upper left", ncols=4,
                  frameon=True)
        ax.grid(axis="y", alpha=0.3)
    return fig


_CATEGORY_KEYS = {"play", "hand", "crib", "heels", "total", "dealer", "pone"}


def _category_label(name: str, language: str) -> str:
    return render(f"chart.cat.{name}", language) if name in _CATEGORY_KEYS else str(name)


def selfplay_chart(averages: Mapping[str, float] | Mapping[str, Mapping[str, float]], *,
                   spread: Mapping[str, Mapping[str, float]] | None = None, language: str | None = None,
                   title: str | None = None, width: float = 12, height: float = 5.6,
                   roles: Mapping[str, str] | None = None) -> Figure:
    """Average points per deal from self-play, as grouped bars with their values written on.

    ``averages`` maps a series name (a player, a level, ``"dealer"``/``"pone"``) to a mapping of
    category (``"play"``, ``"hand"``, ``"crib"``, ``"heels"``, ``"total"`` or any other label) to
    the average points per deal. A plain mapping of category to number is one unnamed series.
    ``spread`` (same shape, optional) draws error bars, e.g. a standard error. Known names are
    translated; other names are shown as given. ``roles`` maps a series name to ``"pone"`` or
    ``"dealer"``: such a series is drawn as that role is in every chart (:data:`ROLE_STYLE`: the pone
    hatched, the dealer plain), a second series of the same role in a lighter shade.

    >>> fig = selfplay_chart({"dealer": {"play": 2.1, "hand": 7.9, "crib": 4.6},
    ...                       "pone": {"play": 1.7, "hand": 8.0}})
    >>> len(fig.axes[0].patches)
    5
    """
    language = check_language(language)
    check_language(language)
    if not isinstance(averages, Mapping) or not averages:
        raise ValueError("averages must be a non-empty mapping of series to {category: points}")
    first = next(iter(averages.values()))
    # The first value says which of the two shapes ``averages`` has: mypy cannot narrow the union
    # of mappings by one of its values, hence the ignore (each series is checked just below).
    series: dict[str, Mapping[str, float]] = (
        {"": averages} if not isinstance(first, Mapping) else dict(averages))  # type: ignore[arg-type, dict-item]
    categories: list[str] = []
    for name, values in series.items():
        if not isinstance(values, Mapping) or not values:
            raise ValueError(f"series {name!r} must be a non-empty mapping of category to points")
        for category, value in values.items():
            if isinstance(value, bool) or not isinstance(value, (int, float, np.number)) \
                    or not math.isfinite(float(value)):
                raise ValueError(f"{name!r} / {category!r}: average must be a finite number, not {value!r}")
            if category not in categories:
                categories.append(category)
    if len(series) > len(_SERIES):
        raise ValueError(f"at most {len(_SERIES)} series can be told apart, not {len(series)}")
    with matplotlib.rc_context(CHART_RC):
        fig = course_figure(width, height, language)
        ax = fig.add_subplot()
        n = len(series)
        bar_w = 0.8 / n
        top = 0.0
        seen: dict[str, int] = {}
        for i, (name, values) in enumerate(series.items()):
            colour, hatch = _SERIES[i]
            role = (roles or {}).get(name)
            if role is not None:
                colour, hatch = ROLE_STYLE[role][seen.get(role, 0) % 2]
                seen[role] = seen.get(role, 0) + 1
            xs, ys, errs = [], [], []
            for j, category in enumerate(categories):
                if category in values:
                    xs.append(j + (i - (n - 1) / 2) * bar_w)
                    ys.append(float(values[category]))
                    err = spread.get(name, {}).get(category) if spread else None
                    errs.append(float(err) if err is not None else 0.0)
            label = _category_label(name, language) if name else None
            ax.bar(xs, ys, width=bar_w * 0.92, color=colour, hatch=hatch, edgecolor="#222", label=label,
                   yerr=errs if spread else None, capsize=6 if spread else 0)
            for x, y, e in zip(xs, ys, errs):
                ax.text(x, y + e + 0.05, decimal(y, language, 2), ha="center", va="bottom", fontsize=14, fontweight="bold")
                top = max(top, y + e)
        ax.set_xticks(range(len(categories)))
        ax.set_xticklabels([_category_label(c, language) for c in categories])
        ax.set_ylim(min(0.0, ax.get_ylim()[0]), top * 1.18 + 0.5)
        ax.axhline(0, color="#000", linewidth=1)
        ax.set_ylabel(render("chart.per_deal", language))
        # A long title (stop 6's, in Spanish) on two lines rather than cut at the figure's edges.
        shown = title if title is not None else render("chart.selfplay_title", language)
        ax.set_title("\n".join(textwrap.wrap(shown, int(width * 5.8))) if shown else shown)
        if any(series):
            # Below the axes, never over a bar or its value (the tallest bars are anywhere, in any
            # language's label widths): two columns, the first series of each role over the second.
            fig.legend(loc="outside lower center", ncols=min(len(series), 2), frameon=True)
        ax.grid(axis="y", alpha=0.3)
    return fig


def selfplay_against_chambers(run: SelfPlaySummary, *, language: str | None = None) -> Figure:
    """Stop 6's chart: the points per deal of a run of self-play (with its 95% margins) beside
    Chambers' published averages (:data:`cribbage.stats.published.CHAMBERS_PER_DEAL`), each role
    drawn as in every chart (the pone hatched, the dealer plain)."""
    language = check_language(language)
    ours = {name: estimate.mean for name, estimate in run.parts.items()}
    margin = {name: estimate.margin for name, estimate in run.parts.items()}
    names = {key: render(f"lesson.selfplay_{key}", language)
             for key in ("pone_ours", "pone_chambers", "dealer_ours", "dealer_chambers")}
    parts = {"pone": ("play", "hand"), "dealer": ("play", "hand", "crib")}
    column = {("pone", "play"): "pone play", ("pone", "hand"): "pone hand", ("dealer", "play"): "dealer play",
              ("dealer", "hand"): "dealer hand", ("dealer", "crib"): "crib"}
    averages: dict[str, dict[str, float]] = {}
    spread: dict[str, dict[str, float]] = {}
    roles: dict[str, str] = {}
    for role, categories in parts.items():
        averages[names[f"{role}_ours"]] = {c: ours[column[role, c]] for c in categories}
        spread[names[f"{role}_ours"]] = {c: margin[column[role, c]] for c in categories}
        averages[names[f"{role}_chambers"]] = dict(CHAMBERS_PER_DEAL[role])
        roles[names[f"{role}_ours"]] = roles[names[f"{role}_chambers"]] = role
    order = [names[k] for k in ("pone_ours", "pone_chambers", "dealer_ours", "dealer_chambers")]
    return selfplay_chart({name: averages[name] for name in order}, spread=spread, roles=roles, language=language,
                          title=render("lesson.selfplay_title", language))


def deal_chart(first: KeepFigures, second: KeepFigures | None = None, *, language: str | None = None,
               width: float = 9, height: float = 5.2, model: str = "expert") -> Figure:
    """How many of the 46 starters give the hand each score, for one keep or two side by side
    (the second hatched, so the two differ by more than colour), each average marked; each keep
    numbered by its rank under ``model`` (``"expert"`` or ``"uniform"``), as the table beside it."""
    language = check_language(language)
    shown = [first] + ([second] if second is not None else [])
    top = max(p for k in shown for _, p in k.starters)
    scores = np.arange(top + 2)
    styles = [(OKABE_ITO["blue"], "", "-"), (OKABE_ITO["orange"], "//", "--")]
    with matplotlib.rc_context(CHART_RC):
        fig = CourseFigure(figsize=(width, height), layout="constrained", language=language)
        ax = fig.add_subplot()
        bar = 0.8 / len(shown)
        peak = 0
        for n, (keep, (colour, hatch, line)) in enumerate(zip(shown, styles)):
            counts = np.array(keep.hand_counts[:len(scores)])
            peak = max(peak, int(counts.max()))
            offset = (n - (len(shown) - 1) / 2) * bar
            label = render("mydeal.chart.keep", language, rank=keep.rank_uniform if model == "uniform" else keep.rank,
                           cards=cards_text(keep.keep),
                           mean=decimal(keep.hand, language, 2))
            ax.bar(scores + offset, counts, width=bar, color=colour, hatch=hatch, edgecolor="#222",
                   linewidth=0.8, label=label)
            ax.axvline(keep.hand, color=colour, linestyle=line, linewidth=2.5)
        ax.set_ylim(0, peak * 1.3 + 1)
        ax.set_xlim(-0.7, scores[-1] + 0.7)
        ax.set_xticks(scores)
        ax.set_xticklabels([str(s) if s % 2 == 0 or len(scores) <= 16 else "" for s in scores])
        ax.set_xlabel(render("mydeal.chart.x", language))
        ax.set_ylabel(render("mydeal.chart.y", language))
        ax.set_title(render("mydeal.chart.title", language))
        ax.legend(loc="upper left", frameon=True, fontsize=14)
    return fig

"""The statistics lab's views: crib tables, where you stand, keeps and pegging, each a small view
over a table from :mod:`cribbage.stats` with its plot, what a player should take from it, and
where the published figure came from.

Each view takes its tables ready-made (tests pass small ones) or loads them with the lab's
settings, which are seeded: the same numbers on every run. The tables are cached on disk by the
engine (:mod:`cribbage.stats.cache`), so a second run loads them in milliseconds.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from cribbage.stats import (
    CribTable,
    KeepTable,
    PeggingStats,
    PositionTable,
    crib_averages,
    deal_log,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from cribbage.stats.pegging import CHAMBERS_PLAY

from ._base import Refused, View, figure_png, guarded, style_tag
from .i18n import decimal, number, render
from .lab_charts import (
    PLAY_GROUPS,
    RANK_LABELS,
    _thousands,
    crib_scatter_chart,
    crib_table_chart,
    held_chart,
    keep_chart,
    lead_chart,
    pegging_chart,
    win_probability_chart,
)

__all__ = ["LAB_SETTINGS", "CribTableView", "KeepView", "PeggingView", "PositionView", "lab_tables"]

#: The seeded sizes the lab uses: big enough for two decimals, small enough to build in a few minutes.
#: The keep table is the whole one (``keep_sample`` None: every deal, half a minute to build).
LAB_SETTINGS: dict[str, Any] = {"crib_samples": 10_000, "games": 1_000, "keep_sample": None, "seed": 1}

#: The published table set beside each of our crib tables.
_PUBLISHED = {True: ("schell-own", "cribbagepro-own"), False: ("schell-opponent", "hessel-opponent")}


def lab_tables(**settings: Any) -> dict[str, Any]:
    """Every table the lab shows, built or loaded with :data:`LAB_SETTINGS` (or the ``settings`` given)."""
    s = {**LAB_SETTINGS, **settings}
    log = deal_log(s["games"], seed=s["seed"])
    return {"crib": crib_tables(s["crib_samples"], s["seed"]), "position": win_probabilities(log),
            "keeps": keep_statistics(sample=s["keep_sample"], seed=s["seed"]), "pegging": pegging_statistics(log)}


def crib_tables(samples: int, seed: int) -> dict[tuple[str, bool], CribTable]:
    """The crib tables by (model, dealer)."""
    return {(model, dealer): crib_averages(model, dealer=dealer, samples=samples, seed=seed)
            for model in ("uniform", "expert") for dealer in (True, False)}


def _image() -> w.Image:
    return w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))


def _html() -> w.HTML:
    return w.HTML(layout=w.Layout(width="100%"))


def _para(text: str, css: str = "cc-text") -> str:
    import html
    return f'<p class="{css}">{html.escape(text)}</p>'


class _LabView(View):
    """A lab view whose controls redraw it: setting several at once redraws once."""

    _setting = False

    def _set_controls(self, pairs: list[tuple[w.ValueWidget, Any]]) -> None:
        self._setting = True
        try:
            for control, value in pairs:
                control.value = value
        finally:
            self._setting = False
        self._refresh()

    def _changed(self, _change: object) -> None:
        if not self._setting:
            self._refresh()

    def _refresh(self) -> None:
        raise NotImplementedError


class CribTableView(_LabView):
    """Pick two ranks, whose crib and the model: the average crib, its rank among the 91 pairs, the
    published figures beside it, and the table as a grid."""

    def __init__(self, tables: dict[tuple[str, bool], CribTable] | None = None, *, language: str | None = None,
                 ranks: tuple[int | str, int | str] = (5, 5), dealer: bool = True, model: str = "expert",
                 samples: int = LAB_SETTINGS["crib_samples"], seed: int = LAB_SETTINGS["seed"]) -> None:
        super().__init__(language=language)
        self.tables = tables if tables is not None else crib_tables(samples, seed)
        options = list(zip(RANK_LABELS, range(1, 14)))
        if model not in ("uniform", "expert"):
            raise Refused(key="lab.bad_model", value=repr(model))
        first, second = (self._rank(r) for r in ranks)
        self._first = w.Dropdown(options=options, value=first, description=self._t("lab.first_card"),
                                 layout=w.Layout(width="300px"), style={"description_width": "initial"})
        self._second = w.Dropdown(options=options, value=second, description=self._t("lab.second_card"),
                                  layout=w.Layout(width="300px"), style={"description_width": "initial"})
        self._crib = w.ToggleButtons(options=[(self._t("lab.own_crib"), True), (self._t("lab.their_crib"), False)],
                                     value=bool(dealer), description=self._t("lab.crib_for"))
        self._model = w.ToggleButtons(options=[(self._t("lab.model.uniform"), "uniform"),
                                               (self._t("lab.model.expert"), "expert")],
                                      value=model, description=self._t("lab.model"))
        # wide enough for the longest label in any language at the course's 18px
        self._crib.style.button_width = "400px"
        self._model.style.button_width = "330px"
        self._text = _html()
        self._grid = _image()
        self._scatter = _image()
        for control in (self._first, self._second, self._crib, self._model):
            control.observe(self._guard(self._changed), names="value")
        self.children = [style_tag(), w.HTML(f'<div class="cc-title">{self._t("lab.crib.title")}</div>'),
                         w.HBox([self._first, self._second]), self._crib, self._model, self._message,
                         self._text, self._grid, self._scatter]
        self._refresh()

    @property
    def ranks(self) -> tuple[int, int]:
        return self._first.value, self._second.value

    @property
    def table(self) -> CribTable:
        return self.tables[(self._model.value, self._crib.value)]

    @property
    def summary(self) -> str:
        """The sentences now shown, as plain text."""
        return self._summary

    @guarded
    def choose(self, first: int | str, second: int | str, *, dealer: bool | None = None,
               model: str | None = None) -> None:
        """Show the pair ``first``-``second`` (ranks 1..13 or A, 2..10, J, Q, K)."""
        a, b = (self._rank(r) for r in (first, second))
        if model is not None and model not in ("uniform", "expert"):
            raise Refused(key="lab.bad_model", value=repr(model))
        pairs: list[tuple[w.ValueWidget, Any]] = [(self._first, a), (self._second, b)]
        if dealer is not None:
            pairs.append((self._crib, bool(dealer)))
        if model is not None:
            pairs.append((self._model, model))
        self._set_controls(pairs)

    @staticmethod
    def _rank(r: int | str) -> int:
        label = str(r).upper()
        if label in RANK_LABELS:
            return RANK_LABELS.index(label) + 1
        if isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 13:
            return r
        raise Refused(key="lab.bad_rank", value=repr(r))

    def _refresh(self) -> None:
        lang = self.language
        table, (a, b) = self.table, self.ranks
        dealer = self._crib.value
        crib = self._t("lab.own_crib" if dealer else "lab.their_crib")
        model = self._t(f"lab.model.{table.model}")
        pair = f"{RANK_LABELS[min(a, b) - 1]}-{RANK_LABELS[max(a, b) - 1]}"
        lines = [self._t("lab.crib.pair", pair=pair, crib=crib, ours=decimal(table[a, b], lang, 2), model=model)]
        if a != b:
            lines.append(self._t("lab.crib.suits", suited=decimal(table.suited[a - 1, b - 1], lang, 2),
                                 offsuit=decimal(table.offsuit[a - 1, b - 1], lang, 2)))
        order = [name for name, _ in table.pairs()]
        lines.append(self._t("lab.crib.rank", rank=order.index(pair) + 1))
        for key in _PUBLISHED[dealer]:
            published = published_crib_table(key)
            lines.append(self._t("lab.crib.published", author=published.author,
                                 value=decimal(published[a, b], lang, 2 if key != "cribbagepro-own" else 1)))
        for key in _PUBLISHED[dealer]:
            c = table.compare(key)
            gap_pair, ours, theirs = c.largest[0]
            lines.append(self._t("lab.crib.compare", author=c.published.author,
                                 diff=("+" if c.mean_difference >= 0 else "−") + decimal(abs(c.mean_difference), lang, 2),
                                 corr=decimal(c.correlation, lang, 3), pair=gap_pair,
                                 ours=decimal(ours, lang, 2), theirs=decimal(theirs, lang, 2)))
        lines.append(self._t("lab.crib.lesson.own" if dealer else "lab.crib.lesson.their"))
        first = published_crib_table(_PUBLISHED[dealer][0])
        lines.append(self._t("lab.source", source=first.source))
        lines.append(self._t("lab.method", method=self._t(f"lab.method.{first.key}")))
        self._summary = "\n".join(lines)
        self._text.value = "".join(_para(line) for line in lines)
        title = self._t("lab.crib.chart_title", crib=crib, model=model)
        self._grid.value = figure_png(crib_table_chart(table.means, title=title, highlight=(a, b), language=lang))
        self._scatter.value = figure_png(crib_scatter_chart(
            [self.tables[("uniform", dealer)], self.tables[("expert", dealer)]], first, language=lang))
        self._say("")


class PositionView(_LabView):
    """Two scores and who deals: the chance to win from there, on the heat map of every position."""

    def __init__(self, table: PositionTable | None = None, *, language: str | None = None, mine: int = 0,
                 theirs: int = 0, dealer: bool = True, games: int = LAB_SETTINGS["games"],
                 seed: int = LAB_SETTINGS["seed"]) -> None:
        super().__init__(language=language)
        self.table = table if table is not None else win_probabilities(deal_log(games, seed=seed))
        top = self.table.target - 1
        self._mine = w.IntSlider(value=mine, min=0, max=top, description=self._t("lab.pos.mine"),
                                 continuous_update=False, layout=w.Layout(width="520px"),
                                 style={"description_width": "160px"})
        self._theirs = w.IntSlider(value=theirs, min=0, max=top, description=self._t("lab.pos.theirs"),
                                   continuous_update=False, layout=w.Layout(width="520px"),
                                   style={"description_width": "160px"})
        self._role = w.ToggleButtons(options=[(self._t("lab.dealer"), True), (self._t("lab.pone"), False)],
                                     value=bool(dealer), description=self._t("lab.role"))
        self._text = _html()
        self._chart = _image()
        for control in (self._mine, self._theirs, self._role):
            control.observe(self._guard(self._changed), names="value")
        self.children = [style_tag(), w.HTML(f'<div class="cc-title">{self._t("lab.pos.title")}</div>'),
                         self._mine, self._theirs, self._role, self._message, self._text, self._chart]
        self._refresh()

    @property
    def chance(self) -> float:
        """My chance to win from the position shown."""
        return self.table.win_probability(self._mine.value, self._theirs.value, dealer=self._role.value)

    @property
    def summary(self) -> str:
        return self._summary

    @guarded
    def set_position(self, mine: int, theirs: int, *, dealer: bool) -> None:
        """Show the position: my score, the opponent's, and whether I deal."""
        top = self.table.target - 1
        for score in (mine, theirs):
            if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= top:
                raise Refused(key="lab.bad_score", top=top, value=repr(score))
        self._set_controls([(self._mine, mine), (self._theirs, theirs), (self._role, bool(dealer))])

    def _refresh(self) -> None:
        lang = self.language
        mine, theirs, dealer = self._mine.value, self._theirs.value, self._role.value
        pct = number(self.chance, ".1%", lang)
        role = self._t("lab.dealer" if dealer else "lab.pone")
        lines = [self._t("lab.pos.chance", mine=mine, theirs=theirs, role=role, pct=pct),
                 self._t("lab.pos.lesson", edge=decimal(self.table.dealer_wins[0, 0] * 100, lang, 1),
                         deals=_thousands(self.table.deals, lang))]
        self._summary = "\n".join(lines)
        self._text.value = _para(lines[0], "cc-big") + _para(lines[1])
        self._chart.value = figure_png(win_probability_chart(self.table, mine=mine, theirs=theirs, dealer=dealer,
                                                             language=lang))
        self._say("")


class KeepView(View):
    """The distribution of the best keep's value, as dealer and pone, and the share worth a chosen value."""

    def __init__(self, table: KeepTable | None = None, *, language: str | None = None,
                 sample: int | None = LAB_SETTINGS["keep_sample"], seed: int = LAB_SETTINGS["seed"]) -> None:
        super().__init__(language=language)
        self.table = table if table is not None else keep_statistics(sample=sample, seed=seed)
        self._value = w.FloatSlider(value=12.0, min=-5.0, max=25.0, step=0.5, description=self._t("lab.keep.at_least"),
                                    continuous_update=False, layout=w.Layout(width="520px"),
                                    style={"description_width": "160px"})
        self._text = _html()
        self._share = _html()
        self._value.observe(self._guard(lambda _change: self._refresh_share()), names="value")
        lang = self.language
        summary = self._t("lab.keep.summary", dealer=decimal(self.table.mean("dealer"), lang, 2),
                          pone=decimal(self.table.mean("pone"), lang, 2),
                          differ=number(self.table.differ_share, ".1%", lang))
        self._lines = [summary, self._t("lab.keep.lesson")]
        self._text.value = "".join(_para(line) for line in self._lines)
        chart = _image()
        chart.value = figure_png(keep_chart(self.table, language=lang))
        self.children = [style_tag(), w.HTML(f'<div class="cc-title">{self._t("lab.keep.title")}</div>'),
                         self._text, chart, self._value, self._message, self._share]
        self._refresh_share()

    @property
    def summary(self) -> str:
        return "\n".join([*self._lines, self._share_text])

    def _refresh_share(self) -> None:
        lang, value = self.language, self._value.value
        self._share_text = self._t("lab.keep.share", value=decimal(value, lang, 1),
                                   dealer=number(self.table.share_at_least(value, "dealer"), ".1%", lang),
                                   pone=number(self.table.share_at_least(value, "pone"), ".1%", lang))
        self._share.value = _para(self._share_text)


class PeggingView(View):
    """What the play gives by kind and by lead, beside Chambers' per-deal figures."""

    def __init__(self, stats: PeggingStats | None = None, *, language: str | None = None,
                 games: int = LAB_SETTINGS["games"], seed: int = LAB_SETTINGS["seed"]) -> None:
        super().__init__(language=language)
        self.stats = stats if stats is not None else pegging_statistics(deal_log(games, seed=seed))
        lang = self.language
        self._kind = w.Dropdown(options=[(render(key, lang, n=3), i) for i, (key, _) in enumerate(PLAY_GROUPS)], value=0,
                                description=self._t("lab.kind"), layout=w.Layout(width="340px"),
                                style={"description_width": "initial"})
        self._often = _html()
        self._kind.observe(self._guard(lambda _change: self._refresh_kind()), names="value")
        pone, dealer = self.stats.per_deal
        self._lines = [self._t("lab.peg.summary", pone=decimal(pone, lang, 2), dealer=decimal(dealer, lang, 2),
                               c_pone=decimal(CHAMBERS_PLAY["pone"], lang, 1),
                               c_dealer=decimal(CHAMBERS_PLAY["dealer"], lang, 1)),
                       self._t("lab.peg.lesson")]
        text = _html()
        text.value = "".join(_para(line) for line in self._lines)
        by_kind, by_lead, by_held = _image(), _image(), _image()
        by_kind.value = figure_png(pegging_chart(self.stats, language=lang))
        by_lead.value = figure_png(lead_chart(self.stats, language=lang))
        by_held.value = figure_png(held_chart(self.stats, language=lang))
        self.children = [style_tag(), w.HTML(f'<div class="cc-title">{self._t("lab.peg.title")}</div>'),
                         text, by_kind, self._kind, self._message, self._often, by_lead, by_held]
        self._refresh_kind()

    @property
    def summary(self) -> str:
        return "\n".join([*self._lines, self._often_text])

    def _refresh_kind(self) -> None:
        lang = self.language
        key, kinds = PLAY_GROUPS[self._kind.value]
        idx = [self.stats.kinds.index(k) for k in kinds]
        # a deal scores the group if it scores any of its kinds; the shares of exclusive kinds add up
        shares = [min(1.0, float(self.stats.how_often[role, idx].sum())) for role in (0, 1)]
        self._often_text = self._t("lab.peg.often", kind=render(key, lang, n=3), pone=number(shares[0], ".1%", lang),
                                   dealer=number(shares[1], ".1%", lang))
        self._often.value = _para(self._often_text)

"""The statistics lab's views: crib tables, where you stand, keeps and pegging, each a small view
over a table from :mod:`cribbage.stats` with its plot, what a player should take from it, and
where the published figure came from.

Each view takes its tables ready-made (tests pass small ones) or loads them with the lab's
settings, which are seeded: the same numbers on every run. The tables are cached on disk by the
engine (:mod:`cribbage.stats.cache`), so a second run loads them in milliseconds.

Every sampled figure is said with its 95% interval and its sample size, and drawn with error bars.
:class:`RulesPanel` chooses the rules (a game to 121 or 61, muggins) and the two players' levels
for the deal log behind :class:`PositionView` and :class:`PeggingView`: each setting's games are
played once, with a progress bar, then read from the cache.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w
import numpy as np

from cribbage.stats import (
    CribTable,
    FiveKeepTable,
    KeepTable,
    PeggingStats,
    PositionTable,
    best_keep_of_five,
    crib_averages,
    deal_log,
    keep_five_statistics,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from cribbage.stats.cache import cache_dir
from cribbage.stats.calibrated import FIT, Margins, band_margins, interval_of, load_calibration
from cribbage.stats.deals import DealLog, is_logged
from cribbage.stats.intervals import margin, shown_interval
from cribbage.stats.pegging import CHAMBERS_PLAY
from cribbage.stats.position import Calibration, calibration
from widgets.base.view import Refused, View, figure_png, fit_px, guarded, style_tag
from widgets.blocks.chances import chance_interval, chance_words, share_interval
from widgets.i18n import cards_text, check_language, decimal, number, render
from widgets.lab.charts import (
    PLAY_GROUPS,
    RANK_LABELS,
    calibration_chart,
    crib_difference_chart,
    crib_scatter_chart,
    crib_table_chart,
    five_keep_chart,
    held_chart,
    keep_chart,
    lead_chart,
    pegging_chart,
    win_probability_chart,
)

__all__ = [
    "LAB_SETTINGS",
    "RULES",
    "CribTableView",
    "FiveKeepView",
    "KeepView",
    "PeggingView",
    "PositionView",
    "RulesPanel",
    "confidence",
    "crib_comparisons",
    "lab_tables",
    "percent",
]

_LOG = logging.getLogger(__name__)

#: The seeded sizes the lab uses: big enough for two decimals, small enough to build in a few minutes,
#: and shipped built for the default rules (:data:`cribbage.stats.shipped_tables.LAB_TABLES`). The keep
#: table is the whole one (``keep_sample`` None: every deal). The deal log is the position model's own
#: (:data:`cribbage.stats.calibrated.FIT`): with the default rules its chances are recalibrated and
#: checked on 10,000 held-out games (shipped); with other rules, ``check_games`` are played with another
#: seed (``check_seed``) to check them and measure their margins.
LAB_SETTINGS: dict[str, Any] = {"crib_samples": 10_000, "games": FIT["games"], "keep_sample": None,
                                "seed": FIT["seed"], "check_games": 300, "check_seed": "held-out"}
#: The rules and levels the lab starts with; :class:`RulesPanel` changes them.
RULES: dict[str, Any] = {"target": 121, "muggins": False, "level": "expert", "opponent": "expert"}
_LEVELS = ("beginner", "standard", "expert")
#: A mean is ranked against others (the lead the dealer pegs most after) only from this many deals.
LEAST_DEALS = 30

#: Controls' text as large as the prose (ipywidgets draws dropdowns and slider read-outs smaller).
_LAB_CSS = """<style>
.cc-lab select, .cc-lab .widget-dropdown select, .cc-lab .widget-readout, .cc-lab .widget-label,
.cc-lab .widget-inline-hbox .widget-label, .cc-lab .widget-toggle-buttons .widget-toggle-button,
.cc-lab .widget-checkbox label, .cc-lab .jupyter-button { font-size: 18px; }
.cc-lab select { height: 2em; }
.cc-lab .widget-toggle-buttons .widget-toggle-button { white-space: normal; height: auto; min-height: 38px;
  line-height: 1.3; padding: 4px 10px; vertical-align: top; }
</style>"""

#: The widest a toggle button may be: two side by side, with their description, fit the 844 px of a
#: notebook's output area; a longer label wraps onto a second line inside its button (_LAB_CSS).
_BUTTON_MAX = 340
#: A button's padding and border, and a description's margin, beside the words themselves (px).
_BUTTON_PAD, _LABEL_PAD = 26, 10


def _button_width(*keys: str) -> str:
    """A toggle button's width: its longest label in any language, or :data:`_BUTTON_MAX` (then wrapped)."""
    return f"{min(fit_px(*keys) + _BUTTON_PAD, _BUTTON_MAX)}px"


def _label_px(*keys: str) -> int:
    """A description's width: its longest label in any language, never cut."""
    return fit_px(*keys) + _LABEL_PAD


def _description(*keys: str) -> dict[str, str]:
    """A control's style with a description as wide as its longest label in any language, never cut."""
    return {"description_width": f"{_label_px(*keys)}px"}


def percent(share: float, language: str, places: int = 1) -> str:
    """A share as a percentage in ``language``: "<0.1%" for a share that is not 0 but would round to 0."""
    floor = 10.0 ** -(places + 2)
    if 0 < share < floor / 2:
        return "<" + number(floor, f".{places}%", language)
    return number(share, f".{places}%", language)


def confidence(language: str) -> str:
    """The level of every interval the lab gives, "95%", as the language writes it."""
    return number(0.95, ".0%", language)


def _pm(mean: float, stderr: float, language: str) -> tuple[str, str]:
    """A mean and half its 95% interval, written in ``language`` to the places the interval supports."""
    return shown_interval(mean, margin(stderr), language)

#: The published table set beside each of our crib tables.
_PUBLISHED = {True: ("schell-own", "cribbagepro-own"), False: ("schell-opponent", "hessel-opponent")}


def _table_name(key: str, language: str) -> str:
    """A published crib table by its key ("schell-own"): "Schell (mi cuna)"."""
    table = published_crib_table(key)
    return render("lab.published.own" if table.dealer else "lab.published.their", language, author=table.author)


def crib_comparisons(crib: Mapping[tuple[str, bool], Any], language: str | None = None) -> str:
    """How far each crib model (``crib``: ``lab_tables()["crib"]``) sits from Schell's published
    tables, own crib and the opponent's: a line each, the models and tables named in ``language``
    (the models padded to one width, so the tables stand in one column)."""
    language = check_language(language)
    named = {model: render(f"lab.model.{model}", language) for model in ("uniform", "expert")}   # as the buttons say them
    width = max(map(len, named.values()))
    lines = []
    for model, name in named.items():
        for dealer, key in ((True, "schell-own"), (False, "schell-opponent")):
            c = crib[(model, dealer)].compare(key)
            lines.append(render("lesson.crib_compare", language, model=name.ljust(width),
                                key=_table_name(key, language), difference=number(c.mean_difference, "+.2f", language),
                                correlation=number(c.correlation, ".3f", language)))
    return "\n".join(lines)


def _recalibrated(s: Mapping[str, Any]) -> bool:
    """Whether these settings are those the shipped calibration is for: the default rules and levels,
    and the position model's own games."""
    return (all(s[k] == v for k, v in {"target": 121, "muggins": False, "level": "expert", "opponent": "expert"}.items())
            and s["games"] == FIT["games"] and str(s["seed"]) == str(FIT["seed"]))


def rules_tables(progress: Callable[[int, int], None] | None = None, **settings: Any) -> dict[str, Any]:
    """The tables that depend on the rules and levels (:data:`RULES`, or those in ``settings``): the
    deal log, the position table, its check against held-out games and its margins, and the pegging
    statistics. With the default rules the position table is recalibrated and its check and margins are
    the shipped ones (:mod:`cribbage.stats.calibrated`); with others, measured on ``check_games`` games."""
    s = {**LAB_SETTINGS, **RULES, **settings}
    rules = {k: s[k] for k in RULES}
    recalibrated = _recalibrated(s)
    total = s["games"] + (0 if recalibrated else s["check_games"])

    def part(offset: int) -> Callable[[int, int], None] | None:
        return None if progress is None else (lambda done, _games: progress(offset + done, total))

    log = deal_log(s["games"], seed=s["seed"], progress=part(0), **rules)
    position = win_probabilities(log, target=s["target"])
    if recalibrated:
        shipped = load_calibration()
        position, check, margins = shipped.recalibrate(position), shipped.check, shipped.margins
        recal_games: int | None = int(shipped.sets["recalibrate"]["games"])
    else:
        held_out = deal_log(s["check_games"], seed=s["check_seed"], progress=part(s["games"]), **rules)
        check, margins, recal_games = calibration(position, held_out), band_margins(position, held_out), None
    return {"log": log, "position": position, "calibration": check, "margins": margins, "recalibrated_on": recal_games,
            "pegging": pegging_statistics(log), "rules": rules}


def rules_cached(**settings: Any) -> bool:
    """Whether the deal logs of these rules and levels are in the cache (then they load at once)."""
    s = {**LAB_SETTINGS, **RULES, **settings}
    rules = {k: s[k] for k in RULES}
    return is_logged(s["games"], seed=s["seed"], **rules) and (
        _recalibrated(s) or is_logged(s["check_games"], seed=s["check_seed"], **rules))


def lab_tables(**settings: Any) -> dict[str, Any]:
    """Every table the lab shows, built or loaded with :data:`LAB_SETTINGS` and :data:`RULES` (or
    the ``settings`` given). Where they are kept is logged (``logging``, level INFO), not shown: a
    learner asks with ``cribbage.stats.cache_dir()``."""
    s = {**LAB_SETTINGS, **settings}
    tables = {"crib": crib_tables(s["crib_samples"], s["seed"]),
              "keeps": keep_statistics(sample=s["keep_sample"], seed=s["seed"]), **rules_tables(**settings)}
    _LOG.info("statistics lab tables kept in %s", cache_dir())
    return tables


def crib_tables(samples: int, seed: int) -> dict[tuple[str, bool], CribTable]:
    """The crib tables by (model, dealer)."""
    return {(model, dealer): crib_averages(model, dealer=dealer, samples=samples, seed=seed)
            for model in ("uniform", "expert") for dealer in (True, False)}


def _image() -> w.Image:
    return w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))


def _html() -> w.HTML:
    return w.HTML(layout=w.Layout(width="100%"))


def _para(text: str, css: str = "cc-text") -> str:
    return f'<p class="{css}">{html.escape(text)}</p>'


def _header(view: View, key: str) -> list[w.Widget]:
    view.add_class("cc-lab")
    return [style_tag(), w.HTML(_LAB_CSS), w.HTML(f'<div class="cc-title">{html.escape(view._t(key))}</div>')]


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
        labels = _description("lab.crib_for", "lab.model")
        self._crib = w.ToggleButtons(options=[(self._t("lab.own_crib"), True), (self._t("lab.their_crib"), False)],
                                     value=bool(dealer), description=self._t("lab.crib_for"), style=labels)
        self._model = w.ToggleButtons(options=[(self._t("lab.model.uniform"), "uniform"),
                                               (self._t("lab.model.expert"), "expert")],
                                      value=model, description=self._t("lab.model"), style=labels)
        # as wide as the longest label in any language at the course's 18px, at most two side by
        # side in the output area: a longer label ("a cesta do adversário (sou o não carteador)") wraps
        self._crib.style.button_width = _button_width("lab.own_crib", "lab.their_crib")
        self._model.style.button_width = _button_width("lab.model.uniform", "lab.model.expert")
        self._text = _html()
        self._grid = _image()
        self._difference = _image()
        self._scatter = _image()
        for control in (self._first, self._second, self._crib, self._model):
            control.observe(self._guard(self._changed), names="value")
        self.children = [*_header(self, "lab.crib.title"),
                         w.HBox([self._first, self._second]), self._crib, self._model, self._message,
                         self._text, self._grid, self._difference, self._scatter]
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
        # a sampled table's mean to the places its interval supports; the exact one's to the hundredth
        mean, mean_m = _pm(table[a, b], table.stderr[a - 1, b - 1], lang) if not table.exact else \
            (decimal(table[a, b], lang, 2), "")
        lines = [self._t("lab.crib.pair", pair=pair, crib=crib, ours=mean, model=model)]
        if not table.exact:
            lines.append(self._t("lab.crib.margin", conf=confidence(lang), margin=mean_m,
                                 samples=number(table.samples, ",", lang)))
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
        self._difference.value = figure_png(crib_difference_chart(
            table, [published_crib_table(key) for key in _PUBLISHED[dealer]], language=lang))
        self._scatter.value = figure_png(crib_scatter_chart(
            [self.tables[("uniform", dealer)], self.tables[("expert", dealer)]], first, language=lang))
        self._say("")


class PositionView(_LabView):
    """Two scores and who deals: the chance to win from there, on the heat map of every position."""

    def __init__(self, table: PositionTable | None = None, *, language: str | None = None, mine: int = 0,
                 theirs: int = 0, dealer: bool = True, games: int = LAB_SETTINGS["games"],
                 seed: int = LAB_SETTINGS["seed"], check: Calibration | None = None, margins: Margins | None = None,
                 recalibrated_on: int | None = None) -> None:
        super().__init__(language=language)
        if table is None:
            built = rules_tables(games=games, seed=seed)
            table, check, margins, recalibrated_on = (built[k] for k in ("position", "calibration", "margins",
                                                                         "recalibrated_on"))
        self.table = table
        #: the check against held-out games; the model's margin by band (each chance is said with its
        #: band's); the games it was recalibrated on (None: as solved)
        self.check, self.margins, self.recalibrated_on = check, margins, recalibrated_on
        top = self.table.target - 1
        # The descriptions as wide as the longest in any language ("Pontos do adversário" was cut at
        # 160 px), the slider and its read-out 360 px beside them.
        labels = _description("lab.pos.mine", "lab.pos.theirs")
        width = f"{_label_px('lab.pos.mine', 'lab.pos.theirs') + 360}px"
        self._mine = w.IntSlider(value=mine, min=0, max=top, description=self._t("lab.pos.mine"),
                                 continuous_update=False, layout=w.Layout(width=width, max_width="100%"), style=labels)
        self._theirs = w.IntSlider(value=theirs, min=0, max=top, description=self._t("lab.pos.theirs"),
                                   continuous_update=False, layout=w.Layout(width=width, max_width="100%"), style=labels)
        self._role = w.ToggleButtons(options=[(self._t("lab.dealer"), True), (self._t("lab.pone"), False)],
                                     value=bool(dealer), description=self._t("lab.role"), style=_description("lab.role"))
        self._role.style.button_width = _button_width("lab.dealer", "lab.pone")
        self._text = _html()
        self._chart = _image()
        self._check_text = _html()
        self._check_chart = _image()
        for control in (self._mine, self._theirs, self._role):
            control.observe(self._guard(self._changed), names="value")
        self.children = [*_header(self, "lab.pos.title"),
                         self._mine, self._theirs, self._role, self._message, self._text, self._chart,
                         self._check_text, self._check_chart]
        self._refresh()
        self._draw_check()

    @classmethod
    def of(cls, tables: Mapping[str, Any], **options: Any) -> PositionView:
        """The view of the lab's tables (:func:`lab_tables` or :func:`rules_tables`): the position table,
        its check, its margins and what it was recalibrated on."""
        return cls(tables["position"], check=tables["calibration"], margins=tables["margins"],
                   recalibrated_on=tables["recalibrated_on"], **options)

    def set_table(self, table: PositionTable, check: Calibration | None = None, margins: Margins | None = None,
                  recalibrated_on: int | None = None) -> None:
        """Show another position table (other rules or levels); the position is kept where it fits."""
        self.table, self.check, self.margins, self.recalibrated_on = table, check, margins, recalibrated_on
        top = table.target - 1
        self._setting = True
        try:
            for slider in (self._mine, self._theirs):
                slider.max = max(top, slider.max) if slider.value <= top else slider.max
                slider.value = min(slider.value, top)
                slider.max = top
        finally:
            self._setting = False
        self._refresh()
        self._draw_check()

    def _draw_check(self) -> None:
        if self.check is None or not len(self.check.starts):
            self._check_text.value, self._check_chart.value = "", b""
            self._check_lines: list[str] = []
            return
        lang, c = self.language, self.check
        self._check_lines = [self._t("lab.pos.calibration", conf=confidence(lang), games=number(c.games, ",", lang),
                                     starts=number(int(c.starts.sum()), ",", lang), brier=decimal(c.brier, lang, 3),
                                     coin=decimal(c.brier_coin, lang, 3))]
        if self.margins is not None and self.recalibrated_on is not None:
            inside = sum(low <= observed <= high for (low, high), observed in
                         zip((interval_of(self.margins, float(p), dealer=True) for p in c.predicted), c.observed))
            self._check_lines.append(self._t("lab.pos.recalibrated", recal=number(self.recalibrated_on, ",", lang),
                                             games=number(c.games, ",", lang), inside=inside, bands=len(c.starts)))
        elif self.margins is not None:
            self._check_lines.append(self._t("lab.pos.own_margins", games=number(c.games, ",", lang)))
        self._check_text.value = "".join(_para(line) for line in self._check_lines)
        self._check_chart.value = figure_png(calibration_chart(c, margins=self.margins, language=lang))

    @property
    def chance(self) -> float:
        """My chance to win from the position shown."""
        return self.table.win_probability(self._mine.value, self._theirs.value, dealer=self._role.value)

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% interval of :attr:`chance`: the chance less and more its band's margin (None without margins)."""
        if self.margins is None:
            return None
        return interval_of(self.margins, self.chance, dealer=self._role.value)

    @property
    def summary(self) -> str:
        return "\n".join([self._summary, *getattr(self, "_check_lines", [])])

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
        interval = self.interval
        pct = chance_words(self.chance, lang) if interval is None else chance_interval(self.chance, *interval, lang)
        role = self._t("lab.dealer" if dealer else "lab.pone")
        table = self.table
        # The dealer's chance at 0-0 is a printed win chance too: with its interval where the model has one.
        even = float(table.dealer_wins[0, 0])
        rate = (percent(even, lang) if self.margins is None
                else share_interval(even, *interval_of(self.margins, even, dealer=True), lang))
        lines = [self._t("lab.pos.chance", mine=mine, theirs=theirs, role=role, pct=pct),
                 self._t("lab.pos.lesson", rate=rate,
                         edge=decimal((table.dealer_wins[0, 0] - 0.5) * 100, lang, 1),
                         deals=number(table.deals, ",", lang)),
                 self._t("lab.pos.rules", target=table.target,
                         muggins=self._t("lab.rules.with_muggins" if table.muggins else "lab.rules.no_muggins"),
                         level=self._t(f"table.level.{table.level}"), opponent=self._t(f"table.level.{table.opponent}"))]
        self._summary = "\n".join(lines)
        self._text.value = _para(lines[0], "cc-big") + "".join(_para(line) for line in lines[1:])
        self._chart.value = figure_png(win_probability_chart(self.table, mine=mine, theirs=theirs, dealer=dealer,
                                                             language=lang))
        self._say("")


class KeepView(View):
    """The distribution of the best keep's value, as dealer and pone, and the share worth a chosen value."""

    def __init__(self, table: KeepTable | None = None, *, language: str | None = None,
                 sample: int | None = LAB_SETTINGS["keep_sample"], seed: int = LAB_SETTINGS["seed"]) -> None:
        super().__init__(language=language)
        self.table = table if table is not None else keep_statistics(sample=sample, seed=seed)
        # The slider's own read-out writes "12.00" in every language: it is hidden, and the value is
        # written beside it in the language's way ("12,0").
        labels = _description("lab.keep.at_least")
        width = f"{_label_px('lab.keep.at_least') + 300}px"
        self._value = w.FloatSlider(value=12.0, min=-5.0, max=25.0, step=0.5, description=self._t("lab.keep.at_least"),
                                    continuous_update=False, readout=False, layout=w.Layout(width=width, max_width="100%"),
                                    style=labels)
        self._readout = w.HTML()
        self._text = _html()
        self._share = _html()
        self._value.observe(self._guard(lambda _change: self._refresh_share()), names="value")
        lang = self.language
        summary = self._t("lab.keep.summary", dealer=decimal(self.table.mean("dealer"), lang, 2),
                          pone=decimal(self.table.mean("pone"), lang, 2),
                          differ=percent(self.table.differ_share, lang))
        self._lines = [summary, self._t("lab.keep.lesson")]
        self._text.value = "".join(_para(line) for line in self._lines)
        chart = _image()
        chart.value = figure_png(keep_chart(self.table, language=lang))
        self.children = [*_header(self, "lab.keep.title"),
                         self._text, chart, w.HBox([self._value, self._readout]), self._message, self._share]
        self._refresh_share()

    @property
    def summary(self) -> str:
        return "\n".join([*self._lines, self._share_text])

    def _refresh_share(self) -> None:
        lang, value = self.language, self._value.value
        self._readout.value = f'<span class="cc-text">{html.escape(decimal(value, lang, 1))}</span>'
        self._share_text = self._t("lab.keep.share", value=decimal(value, lang, 1),
                                   dealer=percent(self.table.share_at_least(value, "dealer"), lang),
                                   pone=percent(self.table.share_at_least(value, "pone"), lang))
        self._share.value = _para(self._share_text)


class FiveKeepView(View):
    """Five cards, one laid away (three and four players): the distribution of the best keep's value for
    your side's crib and an opponent's, and the best keep of any five cards typed in, in both roles."""

    def __init__(self, table: FiveKeepTable | None = None, *, five: str = "5C 5D 5H JS KD",
                 language: str | None = None) -> None:
        super().__init__(language=language)
        self.table = table if table is not None else keep_five_statistics()
        lang = self.language
        self._lines = [self._t("lab.five.summary", ours=decimal(self.table.mean("ours"), lang, 2),
                               theirs=decimal(self.table.mean("theirs"), lang, 2),
                               differ=percent(self.table.differ_share, lang)),
                       self._t("lab.five.lesson")]
        text = _html()
        text.value = "".join(_para(line) for line in self._lines)
        chart = _image()
        chart.value = figure_png(five_keep_chart(self.table, language=lang))
        # as wide as its description in its longest language and five cards typed
        self.cards = w.Text(value=five, placeholder="5C 5D 5H JS KD", continuous_update=False,
                            description=self._t("lab.five.cards"),
                            layout=w.Layout(width=f"{fit_px('lab.five.cards') + 8 + 4 + 200}px", max_width="100%"),
                            style={"description_width": f"{fit_px('lab.five.cards') + 8}px"})
        self.cards.observe(self._guard(lambda change: self.show(change["new"])), names="value")
        self.show_button = self._button("lab.five.show", lambda: self.show(self.cards.value), "primary")
        self._best = _html()
        self._best_lines: list[str] = []
        self.children = [*_header(self, "lab.five.title"), text, chart,
                         w.HBox([self.cards, self.show_button]), self._message, self._best]
        self.show(five)

    @property
    def summary(self) -> str:
        return "\n".join([*self._lines, *self._best_lines])

    @guarded
    def show(self, five: str) -> None:
        """The best keep of ``five`` for each crib; a hand that is not five cards is refused, and the
        keeps shown before stay as they were."""
        lang = self.language
        lines = []
        for own, whose in ((True, "lab.five.ours"), (False, "lab.five.theirs")):
            best = best_keep_of_five(five, own_crib=own)
            lines.append(self._t("lab.five.best", whose=self._t(whose), keep=cards_text(best.keep),
                                 away=str(best.away), hand=decimal(best.hand, lang, 2),
                                 crib=decimal(best.crib, lang, 2), value=decimal(best.value, lang, 2)))
        self._best_lines = lines
        self._best.value = "".join(_para(line) for line in lines)
        self._say("")


class PeggingView(View):
    """What the play gives by kind and by lead, beside Chambers' per-deal figures, with 95% intervals."""

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
        self._text = _html()
        self._by_kind, self._by_lead, self._by_held = _image(), _image(), _image()
        self.children = [*_header(self, "lab.peg.title"),
                         self._text, self._by_kind, self._kind, self._message, self._often, self._by_lead,
                         self._by_held]
        self._draw()

    def set_stats(self, stats: PeggingStats) -> None:
        """Show other pegging statistics (other rules or levels)."""
        self.stats = stats
        self._draw()

    def _draw(self) -> None:
        lang, stats = self.language, self.stats
        (pone, pone_m), (dealer, dealer_m) = (_pm(stats.per_deal[r], stats.per_deal_se[r], lang) for r in (0, 1))
        self._lines = [self._t("lab.peg.summary", conf=confidence(lang), pone=pone, pone_m=pone_m, dealer=dealer, dealer_m=dealer_m,
                               deals=number(stats.deals, ",", lang), censored=number(stats.censored, ",", lang),
                               c_pone=decimal(CHAMBERS_PLAY["pone"], lang, 1),
                               c_dealer=decimal(CHAMBERS_PLAY["dealer"], lang, 1)),
                       *self._complete_lines(), self._t("lab.peg.lesson"), *self._lead_lines(), *self._held_lines()]
        self._text.value = "".join(_para(line) for line in self._lines)
        self._by_kind.value = figure_png(pegging_chart(stats, language=lang))
        self._by_lead.value = figure_png(lead_chart(stats, language=lang))
        self._by_held.value = figure_png(held_chart(stats, language=lang))
        self._refresh_kind()

    def _complete_lines(self) -> list[str]:
        """The play's figures over the complete deals alone: both where they differ from all deals' as
        printed, a word that they agree where they do."""
        lang, complete = self.language, self.stats.complete
        if complete is None:
            return []
        every = [_pm(self.stats.per_deal[r], self.stats.per_deal_se[r], lang) for r in (0, 1)]
        alone = [_pm(complete.per_deal[r], complete.per_deal_se[r], lang) for r in (0, 1)]
        deals = number(complete.deals, ",", lang)
        if alone == every:
            return [self._t("lab.peg.complete_same", deals=deals)]
        (pone, pone_m), (dealer, dealer_m) = alone
        return [self._t("lab.peg.complete", deals=deals, pone=pone, pone_m=pone_m, dealer=dealer, dealer_m=dealer_m)]

    def _lead_lines(self) -> list[str]:
        """Which lead the dealer pegged most and least after, from the leads made often enough to rank."""
        lang, stats = self.language, self.stats
        often = stats.lead_counts >= LEAST_DEALS
        if often.sum() < 2:
            return []
        most = stats.most_after_lead("dealer", least_deals=LEAST_DEALS)
        least = int(np.argmin(np.where(often, stats.by_lead[1], np.inf))) + 1
        rare = [RANK_LABELS[r] for r in range(13) if not often[r]]
        most_v, most_m = _pm(stats.by_lead[1, most - 1], stats.by_lead_se[1, most - 1], lang)
        least_v, least_m = _pm(stats.by_lead[1, least - 1], stats.by_lead_se[1, least - 1], lang)
        lines = [self._t("lab.peg.lead_most", most=RANK_LABELS[most - 1], most_v=most_v, most_m=most_m,
                         most_n=number(int(stats.lead_counts[most - 1]), ",", lang), least=RANK_LABELS[least - 1],
                         least_v=least_v, least_m=least_m, least_n=number(int(stats.lead_counts[least - 1]), ",", lang))]
        if rare:
            lines.append(self._t("lab.peg.lead_rare", ranks=", ".join(rare), n=LEAST_DEALS))
        return lines

    def _held_lines(self) -> list[str]:
        """Threes against kings held, for each side, with margins."""
        lang, stats = self.language, self.stats
        values = {}
        for role in (0, 1):
            for rank in (3, 13):
                values[(role, rank)] = _pm(stats.by_held_rank[role, rank - 1], stats.by_held_se[role, rank - 1], lang)
        return [self._t("lab.peg.held_compare", p3=values[(0, 3)][0], p3m=values[(0, 3)][1], p13=values[(0, 13)][0],
                        p13m=values[(0, 13)][1], d3=values[(1, 3)][0], d3m=values[(1, 3)][1],
                        d13=values[(1, 13)][0], d13m=values[(1, 13)][1])]

    @property
    def summary(self) -> str:
        return "\n".join([*self._lines, self._often_text])

    def _refresh_kind(self) -> None:
        lang = self.language
        key, kinds = PLAY_GROUPS[self._kind.value]
        idx = [self.stats.kinds.index(k) for k in kinds]
        # a deal scores the group if it scores any of its kinds; the shares of exclusive kinds add up
        shares = [min(1.0, float(self.stats.how_often[role, idx].sum())) for role in (0, 1)]
        self._often_text = self._t("lab.peg.often", kind=render(key, lang, n=3), pone=percent(shares[0], lang),
                                   dealer=percent(shares[1], lang), deals=number(self.stats.deals, ",", lang))
        self._often.value = _para(self._often_text)


class RulesPanel(View):
    """The rules (a game to 121 or 61, muggins) and the two players' levels behind the position and
    pegging views. *Show these rules* loads that setting's games from the cache, or plays them once
    with a progress bar, then redraws the views it feeds."""

    def __init__(self, views: Sequence[View] = (), *, language: str | None = None,
                 settings: dict[str, Any] | None = None, **rules: Any) -> None:
        super().__init__(language=language)
        self.views = list(views)
        self.settings = {**LAB_SETTINGS, **(settings or {})}
        chosen = {**RULES, **rules}
        levels = [(self._t(f"table.level.{level}"), level) for level in _LEVELS]
        # as wide as the longest description in any language ("Nível do adversário" was cut at 200 px)
        wide = _description("lab.rules.target", "lab.rules.mine", "lab.rules.theirs")
        menu = f"{_label_px('lab.rules.target', 'lab.rules.mine', 'lab.rules.theirs') + 220}px"
        self._target = w.ToggleButtons(options=[("121", 121), ("61", 61)], value=chosen["target"],
                                       description=self._t("lab.rules.target"), style=wide)
        # Its own width: at the default 300 px the Spanish and Portuguese descriptions were cut short.
        self._muggins = w.Checkbox(value=bool(chosen["muggins"]), description=self._t("lab.rules.muggins"),
                                   indent=False, layout=w.Layout(width="auto"))
        self._level = w.Dropdown(options=levels, value=chosen["level"], description=self._t("lab.rules.mine"),
                                 style=wide, layout=w.Layout(width=menu, max_width="100%"))
        self._opponent = w.Dropdown(options=levels, value=chosen["opponent"], description=self._t("lab.rules.theirs"),
                                    style=wide, layout=w.Layout(width=menu, max_width="100%"))
        self._apply = self._button("lab.rules.apply", self.apply, "primary")
        self._progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="420px", visibility="hidden"))
        self._status = _html()
        self.tables: dict[str, Any] = {}
        self.children = [*_header(self, "lab.rules.title"), self._target, self._muggins, self._level, self._opponent,
                         self._apply, self._progress, self._message, self._status]

    @property
    def rules(self) -> dict[str, Any]:
        """The rules and levels now chosen."""
        return {"target": self._target.value, "muggins": self._muggins.value, "level": self._level.value,
                "opponent": self._opponent.value}

    @guarded
    def choose(self, /, **rules: Any) -> None:
        """Set the controls (``target``, ``muggins``, ``level``, ``opponent``) without applying them."""
        for name, value in rules.items():
            control = {"target": self._target, "muggins": self._muggins, "level": self._level,
                       "opponent": self._opponent}.get(name)
            if control is None:
                raise Refused(key="lab.rules.unknown", value=repr(name))
            if name == "muggins":
                value = bool(value)
            elif value not in [v for _, v in control.options]:
                raise Refused(key="lab.rules.bad_value", name=name, value=repr(value))
            control.value = value

    @property
    def status(self) -> str:
        return self._status_text

    _status_text = ""

    def apply(self) -> dict[str, Any]:
        """Load (or play, once) the games of the chosen rules and redraw the views."""
        rules, lang = self.rules, self.language
        if not rules_cached(**self.settings, **rules):
            self._progress.layout.visibility = "visible"
            self._say(self._t("lab.rules.building", games=number(self.settings["games"] + self.settings["check_games"], ",", lang)))

        def progress(done: int, total: int) -> None:
            self._progress.max, self._progress.value = total, done

        self.tables = rules_tables(progress, **self.settings, **rules)
        self._progress.layout.visibility = "hidden"
        self._say("")
        log: DealLog = self.tables["log"]
        self._status_text = self._t(
            "lab.rules.ready", target=rules["target"],
            muggins=self._t("lab.rules.with_muggins" if rules["muggins"] else "lab.rules.no_muggins"),
            level=self._t(f"table.level.{rules['level']}"), opponent=self._t(f"table.level.{rules['opponent']}"),
            games=number(log.games, ",", lang), deals=number(log.deals, ",", lang))
        self._status.value = _para(self._status_text)
        for view in self.views:
            if isinstance(view, PositionView):
                view.set_table(*(self.tables[k] for k in ("position", "calibration", "margins", "recalibrated_on")))
            elif isinstance(view, PeggingView):
                view.set_stats(self.tables["pegging"])
        return self.tables

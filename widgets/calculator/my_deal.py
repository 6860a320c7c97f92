"""My deal: one's own six cards, the 15 keeps ranked, each keep's starters, and two keeps side by side.

Six cards are clicked on the deck, typed (``5H 5D 6H 7S 8C 9D``) or opened from a link
(``?deal=5H5D6H7S8C9D&dealer=1&scores=100-95&lang=es``); the role and, if given, the two scores
come with them. The figures are the engine's (:func:`cribbage.stats.my_deal.deal_keeps`): the
hand's average over the 46 starters, the crib's under the uniform and the expert model (the latter
± half its 95% interval), the net, and with the scores the chance to win after each keep. This view
only shows them: a headline naming the best keep and the model that ranks it (the exact count with a
uniform crib, or the expert's crib model: one toggle apart), a tie said as a tie; a table of the
keeps, best first by that model; a chart of what the starters give the chosen keep, beside a second
keep; a link that opens the same deal again.

A link's query is read by :func:`parse_deal_query`: plain text split into known parts, cards read
by the engine's parser, nothing ever evaluated; anything malformed is refused whole, with a message.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from cribbage import Card
from cribbage.registry.languages import SOURCE
from cribbage.stats.intervals import margin, shown_interval
from cribbage.stats.my_deal import MODELS, DealKeeps, KeepFigures, deal_keeps
from widgets.base.view import Refused, View, figure_png, fit_px, guarded, style_tag
from widgets.blocks.cards import CardRow, DeckPicker
from widgets.blocks.chances import chance_interval, chance_range, chance_words
from widgets.calculator.link import NoHand, link_ignored, parse_cards_text, query_fields, query_language, quoted
from widgets.i18n import LANGUAGES, cards_text, check_language, number, render

__all__ = ["MyDeal", "deal_query", "parse_deal_query"]

_KEYS = ("deal", "dealer", "scores", "lang")
_TARGET = 121

# The view's own styles: the keeps' table readable on a projector and on a phone (it scrolls
# sideways inside its box rather than pushing the page wider).
_CSS = """
.md-wrap { overflow-x: auto; max-width: 100%; }
.md-keeps { border-collapse: collapse; font-size: 17px; line-height: 1.25; margin: 6px 0; }
.md-caption { text-align: left; font-weight: 700; font-size: 19px; padding: 4px 0; }
.md-keeps th, .md-keeps td { border-bottom: 1px solid #bbb; padding: 4px 3px; text-align: right; white-space: nowrap; }
.md-keeps th { background: #f0f0f0; vertical-align: bottom; white-space: normal; min-width: 3.5em; font-size: 16px; }
.md-keeps .md-part { white-space: nowrap; }
.md-keeps td.md-split .md-part { display: block; }  /* a chance over its interval, in every row alike */
.md-keeps .md-err { font-size: 15px; color: #333; }
.md-keeps td.md-cards, .md-keeps th.md-cards { text-align: left; }
.md-keeps th.md-rank { min-width: 0; }
.md-keeps th.md-group { text-align: center; border-bottom: 2px solid #888; }
.md-keeps tr.md-chosen td { background: #FFF3C4; font-weight: 700; }
.md-keeps tr.md-chosen td .md-err { font-weight: 400; }
.md-keeps tr.md-other td { background: #e4eff7; }
.md-mark { display: inline-block; min-width: 1.2em; }
.md-side { border-collapse: collapse; font-size: 18px; }
.md-side th, .md-side td { border-bottom: 1px solid #bbb; padding: 4px 10px; text-align: right; }
.md-side th[scope=row] { text-align: left; font-weight: 400; }
.md-note { font-size: 16px; color: #333; }
.md-tie { font-size: 17px; }
.md-rank-by { margin: 4px 0 2px 0; }
@media (max-width: 600px) {
  .md-keeps, .md-side { font-size: 15px; }
  .md-keeps th, .md-keeps td { padding: 3px 5px; }
}
"""


#: The input of a score box: "0-120" (the placeholder) or "120" at 18 px, its padding and border.
_SCORE_INPUT_PX = 96


def _score_box(key: str) -> str:
    """A score box's width: its description (``key``) in its longest language, a margin, the input."""
    return f"{fit_px(key) + 8 + 4 + _SCORE_INPUT_PX}px"


# --- links ---------------------------------------------------------------------------------------

def parse_deal_query(query: str | bytes | Mapping[str, Any], language: str | None = None
                     ) -> tuple[tuple[Card, ...], bool, tuple[int, int] | None]:
    """Read ``deal=5H5D6H7S8C9D&dealer=1&scores=100-95`` (a query string, a URL, or a mapping such
    as Voilà's) into (six cards, dealer, scores or None). ``dealer`` is 1 (I deal, the default) or
    0 (I am pone); ``scores`` is mine, a dash, the opponent's. Refuses, never evaluates; a link with
    nothing but its language raises :class:`~widgets.calculator.link.NoHand`."""
    language = check_language(language)
    fields = query_fields(query, language, _KEYS)
    lang = fields.get("lang", [""])[0].strip().lower()
    if lang and lang not in LANGUAGES:
        raise link_ignored(language, "mydeal.link_bad_lang", value=quoted(lang), choices=", ".join(LANGUAGES))
    if "deal" not in fields:
        if set(fields) <= {"lang"}:
            raise NoHand("")
        raise link_ignored(language, "mydeal.link_missing")
    dealer_text = fields.get("dealer", ["1"])[0].strip()
    if dealer_text not in ("0", "1"):
        raise link_ignored(language, "mydeal.link_bad_dealer", value=quoted(dealer_text))
    scores = None
    if "scores" in fields:
        scores = _read_scores(fields["scores"][0], language)
    try:
        six = parse_cards_text(fields["deal"][0], language, count=None)
    except Refused as refusal:
        raise Refused(render("calc.link_ignored", language, why=str(refusal))) from None
    if len(six) != 6:
        raise link_ignored(language, "mydeal.link_count", n=len(six))
    return six, dealer_text == "1", scores


def _read_scores(text: str, language: str) -> tuple[int, int]:
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 3
                                  for p in parts):
        raise link_ignored(language, "mydeal.link_bad_scores", value=quoted(text), top=_TARGET - 1)
    mine, theirs = (int(p) for p in parts)
    if not (0 <= mine < _TARGET and 0 <= theirs < _TARGET):
        raise link_ignored(language, "mydeal.link_bad_scores", value=quoted(text), top=_TARGET - 1)
    return mine, theirs


def deal_query(six: tuple[Card, ...], dealer: bool, scores: tuple[int, int] | None,
               language: str | None = None) -> str:
    """``"deal=5H5D6H7S8C9D&dealer=1&scores=100-95"`` (and ``&lang=es`` for Spanish)."""
    fields: dict[str, object] = {"deal": "".join(c.code for c in six), "dealer": int(dealer)}
    if scores is not None:
        fields["scores"] = f"{scores[0]}-{scores[1]}"
    if language is not None and language != SOURCE:
        fields["lang"] = language
    return urlencode(fields)


# --- the chart -----------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _chart_png(six: tuple[Card, ...], dealer: bool, first: int, second: int | None, language: str,
               model: str = "expert") -> bytes:
    # The same deal and keeps draw the same picture: a class opening one link draws it once.
    from widgets.blocks.charts import deal_chart  # matplotlib, only when a chart is drawn (the first paint draws none)

    figures = deal_keeps(six, dealer=dealer)
    one = figures.keeps[first - 1]
    two = figures.keeps[second - 1] if second is not None else None
    return figure_png(deal_chart(one, two, language=language, model=model), dpi=72)


# --- the view ------------------------------------------------------------------------------------

class MyDeal(View):
    """Six cards of one's own, the 15 keeps ranked, and what each does.

    ``MyDeal(language="en", base_url="", chart=True)``; open a deal with :meth:`set_deal`,
    :meth:`type_cards` or :meth:`load_query` (or :meth:`from_query`). Read back :attr:`figures`
    (the engine's :class:`~cribbage.stats.my_deal.DealKeeps`), :attr:`ranked` (the keeps best first by
    the model chosen in :attr:`ranking`, ``"uniform"`` or ``"expert"``), :attr:`chosen`, :attr:`compared`,
    :attr:`link`. :meth:`choose` and :meth:`compare` pick the keeps the chart shows, by their rank in
    :attr:`ranked`; :meth:`rank_by` switches the model.
    """

    def __init__(self, *, language: str | None = None, base_url: str = "", chart: bool = True,
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        self.base_url = base_url
        self._chart_on = chart
        self._figures: DealKeeps | None = None
        self._syncing = False
        # The keeps charted, by their expert rank (:attr:`KeepFigures.rank`), which names a keep
        # whichever model the table is ranked by.
        self._chosen = 1
        self._compared: int | None = None
        self._caption_id = f"md-caption-{id(self):x}"   # one page may hold two views

        #: The 52 card buttons: ``view.picker.buttons[card].click()``.
        self.picker = DeckPicker(pick=6, language=language, four_colour=four_colour)
        self.picker.on_change(self._guard(self._picked))
        # as wide as its description in its longest language and the whole placeholder (at 360 px,
        # "Ou digite seis cartas:" left the placeholder cut)
        self.text = w.Text(placeholder="5H 5D 6H 7S 8C 9D", continuous_update=False,
                           description=self._t("mydeal.type"),
                           layout=w.Layout(width=f"{fit_px('mydeal.type') + 8 + 4 + 200}px", max_width="100%"),
                           style={"description_width": f"{fit_px('mydeal.type') + 8}px"})
        self.text.observe(self._guard(lambda change: self._typed(change["new"])), names="value")
        self.show_button = self._button("mydeal.show", lambda: self._typed(self.text.value, force=True), "primary")
        self._clear_button = self._button("calc.clear", self.clear)
        self.role = w.ToggleButtons(options=[(self._t("mydeal.dealer"), True), (self._t("mydeal.pone"), False)],
                                    value=True, description=self._t("mydeal.role"),
                                    style={"description_width": "initial", "button_width": "auto"})
        self.role.observe(self._guard(lambda _c: self._recompute()), names="value")
        # Each box as wide as its description in its longest language plus room for "0-120": at a
        # fixed 190 and 250 px, the Portuguese descriptions left "0-12(" and "0-1:" of the placeholder.
        self.mine = w.Text(description=self._t("mydeal.mine"), placeholder="0-120", continuous_update=False,
                           layout=w.Layout(width=_score_box("mydeal.mine")),
                           style={"description_width": f"{fit_px('mydeal.mine') + 8}px"})
        self.theirs = w.Text(description=self._t("mydeal.theirs"), placeholder="0-120", continuous_update=False,
                             layout=w.Layout(width=_score_box("mydeal.theirs")),
                             style={"description_width": f"{fit_px('mydeal.theirs') + 8}px"})
        for box in (self.mine, self.theirs):
            box.observe(self._guard(lambda _c: self._recompute()), names="value")
        self._row = CardRow(language=language, four_colour=four_colour, slots=6)
        self._summary = w.HTML()
        #: Which model ranks the keeps: the exact count with a uniform crib (as stats.best_keep and
        #: ``cribbage discard``), or the expert's crib model (as the course's adviser).
        self.ranking = w.ToggleButtons(options=[(self._t(f"mydeal.rank.{model}"), model) for model in MODELS],
                                       value=MODELS[0], description=self._t("mydeal.rank_by"),
                                       style={"description_width": "initial", "button_width": "auto"},
                                       layout=w.Layout(max_width="100%"))
        self.ranking.add_class("md-rank-by")
        self.ranking.observe(self._guard(lambda _c: self._reranked()), names="value")
        self._table = w.HTML()
        self.chosen_menu = w.Dropdown(description=self._t("mydeal.chart_of"), options=[("-", 1)],
                                      style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.compared_menu = w.Dropdown(description=self._t("mydeal.compare_with"), options=[("-", 0)],
                                        style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.chosen_menu.observe(self._guard(lambda c: self._menus_changed()), names="value")
        self.compared_menu.observe(self._guard(lambda c: self._menus_changed()), names="value")
        self._chart = w.Image(format="png", layout=w.Layout(width="100%", max_width="660px"))
        self._side = w.HTML()
        self._link = w.HTML()
        self._choices = w.HBox([self.chosen_menu, self.compared_menu],
                               layout=w.Layout(align_items="center", flex_flow="row wrap"))

        typed = w.HBox([self.text, self.show_button, self._clear_button],
                       layout=w.Layout(align_items="center", flex_flow="row wrap"))
        setting = w.HBox([self.role, self.mine, self.theirs],
                         layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [
            style_tag(), w.HTML(f"<style>{_CSS}</style>", layout=w.Layout(display="none")),
            w.HTML(f'<div class="cc-title">{html.escape(self._t("mydeal.title"))}</div>'
                   f'<div class="cc-text cc-needs-controls">{html.escape(self._t("mydeal.help"))}</div>'),
            self.picker, typed, setting, self._message, self._row, self._summary, self.ranking, self._table,
            self._choices, *([self._chart] if chart else []), self._side, self._link,
        ]
        self._show()

    # Building from a link -----------------------------------------------------------------------
    @classmethod
    def from_query(cls, query: str | bytes | Mapping[str, Any], **kwargs: Any) -> MyDeal:
        """A view opened on the deal in a link's query; a malformed one leaves it empty, with a
        message. The link's ``lang=`` sets the language unless ``language=`` is given."""
        if kwargs.get("language") is None:
            kwargs["language"] = query_language(query)
        view = cls(**kwargs)
        view.load_query(query)
        return view

    def load_query(self, query: str | bytes | Mapping[str, Any]) -> bool:
        """Open the deal in a link's query. Returns whether it was accepted; if not, the view is
        emptied and says why."""
        try:
            six, dealer, scores = parse_deal_query(query, self.language)
        except NoHand:
            self.clear()
            return False
        except Refused as refusal:
            self.clear()
            self._say(str(refusal), "error")
            return False
        self._open(six, dealer, scores)
        self._say(self._t("mydeal.loaded", cards=cards_text(six)), "ok")
        return True

    # The model --------------------------------------------------------------------------------
    @property
    def figures(self) -> DealKeeps | None:
        """The engine's figures of the deal shown (None before six cards)."""
        return self._figures

    @property
    def model(self) -> str:
        """The model that ranks the keeps: ``"uniform"`` (exact) or ``"expert"``."""
        return str(self.ranking.value)

    @property
    def ranked(self) -> tuple[KeepFigures, ...]:
        """The keeps best first by :attr:`model` (empty before six cards)."""
        return self._figures.ranked(self.model) if self._figures is not None else ()

    @property
    def chosen(self) -> KeepFigures | None:
        return self._figures.keeps[self._chosen - 1] if self._figures is not None else None

    @property
    def compared(self) -> KeepFigures | None:
        if self._figures is None or self._compared is None:
            return None
        return self._figures.keeps[self._compared - 1]

    @property
    def dealer(self) -> bool:
        return bool(self.role.value)

    @property
    def scores(self) -> tuple[int, int] | None:
        """The two scores typed (mine, the opponent's), None while either is blank; refused if one is bad."""
        texts = [self.mine.value.strip(), self.theirs.value.strip()]
        out = []
        for text, key in zip(texts, ("mydeal.whose.mine", "mydeal.whose.theirs")):
            if not text:
                continue
            if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) < _TARGET):
                raise Refused(self._t("mydeal.bad_score", what=self._t(key), value=quoted(text), top=_TARGET - 1))
            out.append(int(text))
        return (out[0], out[1]) if len(out) == 2 else None

    def _score_awaited(self) -> str:
        """What to say while one score is typed and the other not yet ("" otherwise): the first box
        filled is half of an answer, not a mistake (it was refused as "not ''")."""
        mine, theirs = self.mine.value.strip(), self.theirs.value.strip()
        if bool(mine) == bool(theirs):
            return ""
        return self._t("mydeal.need_theirs" if mine else "mydeal.need_mine")

    @property
    def query(self) -> str:
        if self._figures is None:
            return ""
        return deal_query(self._figures.cards, self._figures.dealer, self._figures.scores, self.language)

    @property
    def link(self) -> str:
        return f"{self.base_url}?{self.query}" if self._figures is not None else ""

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def set_deal(self, six: str, *, dealer: bool | None = None, scores: tuple[int, int] | None = None) -> None:
        """Open six cards (text), as dealer or pone, at the scores if given. A bad deal changes
        nothing and says why."""
        if not isinstance(six, str):
            six = " ".join(c.code if isinstance(c, Card) else str(c) for c in six)
        found = parse_cards_text(six, self.language, count=None)
        if len(found) != 6:
            raise Refused(self._t("mydeal.count", n=len(found)))
        self._open(found, self.dealer if dealer is None else bool(dealer), scores)
        self._say("")

    def type_cards(self, text: str) -> None:
        """As if the person typed ``text`` and pressed the show button."""
        self.text.value = text
        self.show_button.click()

    def clear(self) -> None:
        self._syncing = True
        try:
            self.picker.clear()
            self.text.value = ""
        finally:
            self._syncing = False
        self._figures = None
        self._say("")
        self._show()

    @guarded
    def choose(self, rank: int) -> None:
        """Chart the keep ranked ``rank`` (1 = best) by the model shown."""
        self.chosen_menu.value = self.ranked[self._rank(rank) - 1].rank

    @guarded
    def compare(self, rank: int | None) -> None:
        """Chart the keep ranked ``rank`` by the model shown beside the chosen one (None: none)."""
        self.compared_menu.value = 0 if rank is None else self.ranked[self._rank(rank) - 1].rank

    @guarded
    def rank_by(self, model: str) -> None:
        """Rank the keeps by ``model``: ``"uniform"`` (the exact count) or ``"expert"``; as a click on the toggle."""
        if model not in MODELS:
            raise Refused(self._t("mydeal.bad_model", value=quoted(str(model)), choices=", ".join(MODELS)))
        self.ranking.value = model

    # Internals --------------------------------------------------------------------------------
    def _rank(self, rank: object) -> int:
        if self._figures is None:
            raise Refused(self._t("mydeal.none_yet"))
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= len(self._figures):
            raise Refused(self._t("mydeal.bad_rank", value=quoted(repr(rank))))
        return rank

    def _typed(self, text: str, force: bool = False) -> None:
        if self._syncing:  # the box written to match the cards picked, not typed
            return
        if not text.strip():
            if force:
                raise Refused(self._t("mydeal.count", n=0))
            return
        found = parse_cards_text(text, self.language, count=None)
        if len(found) != 6:
            raise Refused(self._t("mydeal.count", n=len(found)))
        self._open(found, self.dealer, self.scores, from_boxes=True)
        self._say(self._score_awaited(), "info")

    def _picked(self, selected: tuple[Card, ...]) -> None:
        if self._syncing:
            return
        self._sync_text(selected)
        if len(selected) < 6:
            self._figures = None
            self._say("")
            self._show(missing=6 - len(selected))
            return
        self._open(selected, self.dealer, self.scores, from_boxes=True)
        self._say(self._score_awaited(), "info")

    def _sync_text(self, cards: tuple[Card, ...]) -> None:
        """The box shows the cards picked, so the show button and the box never disagree with them."""
        self._syncing = True
        try:
            self.text.value = cards_text(cards)
        finally:
            self._syncing = False

    def _recompute(self) -> None:
        if self._syncing or self._figures is None:
            return
        self._open(self._figures.cards, self.dealer, self.scores, from_boxes=True)
        # What was said before (a score refused, now mended) is said no more.
        self._say(self._score_awaited(), "info")

    def _open(self, six: tuple[Card, ...], dealer: bool, scores: tuple[int, int] | None, *,
              from_boxes: bool = False) -> None:
        """Show ``six``; the score boxes are written from ``scores`` unless the scores were read from
        them (``from_boxes``: a score typed while the other box is still blank stays there)."""
        figures = deal_keeps(six, dealer=dealer, scores=scores)  # refuses before anything changes
        self._syncing = True
        try:
            self.picker.select(six)
            self.text.value = cards_text(six)
            self.role.value = dealer
            if not from_boxes:
                self.mine.value = "" if scores is None else str(scores[0])
                self.theirs.value = "" if scores is None else str(scores[1])
        finally:
            self._syncing = False
        self._figures = figures
        first, second = figures.ranked(self.model)[:2]
        self._chosen, self._compared = first.rank, second.rank
        self._show()

    def _reranked(self) -> None:
        """The toggle moved: the keeps ordered and numbered by the other model, its first two charted."""
        if self._figures is not None:
            first, second = self._figures.ranked(self.model)[:2]
            self._chosen, self._compared = first.rank, second.rank
            self._show()

    def _menus_changed(self) -> None:
        if self._syncing or self._figures is None:
            return
        self._chosen = int(self.chosen_menu.value)
        compared = int(self.compared_menu.value)
        self._compared = compared or None
        self._show_table()
        self._show_choice()

    def _show(self, missing: int | None = None) -> None:
        figures = self._figures
        self._row.set_cards(figures.cards if figures is not None else ())
        if figures is None:
            need = 6 - len(self.picker.selected) if missing is None else missing
            self._summary.value = (f'<div class="cc-big md-status" role="status">'
                                   f'{html.escape(self._t("mydeal.need", n=need))}</div>')
            self._table.value = self._side.value = self._link.value = ""
            self._choices.layout.display = "none"
            self._chart.layout.display = "none"
            self._chart.value = b""
            return
        model = self.model
        best = figures.ranked(model)[0]
        role = self._t("mydeal.as_dealer" if figures.dealer else "mydeal.as_pone")
        lines = [f'<div class="cc-big md-status" role="status">'
                 f'{html.escape(self._t(f"mydeal.best.{model}", keep=cards_text(best.keep), away=cards_text(best.away)))}'
                 f'</div>', *self._verdict(figures, model), f'<div class="cc-text">{html.escape(role)}</div>']
        if figures.scores is not None and figures.win_before is not None:
            lines.append('<div class="cc-text">' + html.escape(self._t(
                "mydeal.scores_line", mine=figures.scores[0], theirs=figures.scores[1],
                before=self._chance(figures.win_before), after=self._chance(best.win or 0.0))) + "</div>")
        lines.append('<div class="md-note">' + html.escape(self._t(
            "mydeal.models", hands=number(figures.model_hands, ",", self.language),
            conf=number(0.95, ".0%", self.language))) + "</div>")
        self._summary.value = "".join(lines)
        self._syncing = True
        try:
            options = [(f"{i}. {cards_text(k.keep)}", k.rank) for i, k in enumerate(figures.ranked(model), 1)]
            self.chosen_menu.options = options
            self.compared_menu.options = [(self._t("mydeal.no_second"), 0), *options]
            self.chosen_menu.value = self._chosen
            self.compared_menu.value = self._compared or 0
        finally:
            self._syncing = False
        self._choices.layout.display = "flex"
        self._chart.layout.display = "block" if self._chart_on else "none"
        self._show_table()
        self._show_choice()
        link = html.escape(self.link, quote=True)
        self._link.value = (f'<span class="cc-text">{html.escape(self._t("calc.link"))}: '
                            f'<a class="cc-code" href="{link}" target="_blank">{link}</a></span>')

    def _verdict(self, figures: DealKeeps, model: str) -> list[str]:
        """Under the headline: a tie between the first two said as one, and the other model's best
        keep when it is another (one click on the toggle away)."""
        lines = []
        first, second = figures.ranked(model)[:2]
        if figures.tied(model):
            gap, half = figures.gap(model)
            if model == "expert":
                value, half_text = shown_interval(gap, half, self.language)
                words = self._t("mydeal.tie.expert", keep=cards_text(second.keep), gap=value, margin=half_text,
                                conf=number(0.95, ".0%", self.language))
            else:
                words = self._t("mydeal.tie.uniform", keep=cards_text(second.keep))
            lines.append(f'<div class="cc-text md-tie">{html.escape(words)}</div>')
        other = MODELS[1 - MODELS.index(model)]
        theirs = figures.ranked(other)[0]
        if theirs.keep != first.keep:
            words = self._t(f"mydeal.other_best.{other}", keep=cards_text(theirs.keep),
                            button=self._t(f"mydeal.rank.{other}"))
        else:
            words = self._t(f"mydeal.same_best.{other}")
        lines.append(f'<div class="cc-text">{html.escape(words)}</div>')
        return lines

    def _percent(self, share: float) -> str:
        return number(share, ".1%", self.language)

    def _chance(self, chance: float) -> str:
        """A chance to win with its 95% interval, to the places the interval supports."""
        assert self._figures is not None
        interval = self._figures.win_interval(chance)
        return chance_words(chance, self.language) if interval is None else chance_interval(chance, *interval, self.language)

    def _chance_cell(self, chance: float) -> str:
        """A chance to win in the table: the chance, and its interval under it when the cell is narrow."""
        assert self._figures is not None
        interval = self._figures.win_interval(chance)
        if interval is None:
            return html.escape(chance_words(chance, self.language))
        shown, low, high = chance_range(chance, *interval, self.language)
        return (f'<span class="md-part">{html.escape(shown)}</span> '
                f'<span class="md-part md-err">{html.escape(self._t("chance.range", low=low, high=high))}</span>')

    def _num(self, value: float, spec: str = ".2f") -> str:
        return number(value, spec, self.language)

    def _show_table(self) -> None:
        figures = self._figures
        assert figures is not None
        crib = self._t("mydeal.col.own_crib" if figures.dealer else "mydeal.col.their_crib")
        # What decides first (the keep, its net, its chance to win), then what the net is made of:
        # on a phone the table scrolls sideways and the first columns are the ones seen. Each crib
        # model's net and crib sit under the model's name, said once: as "Net (expert)", "Own crib:
        # expert" and so on, the Spanish and Portuguese headings ("especialista" three times) made the
        # table wider than the output area.
        # The model that ranks the table comes first, the other one last with its own rank by its net.
        with_win = figures.scores is not None
        model = self.model
        other = MODELS[1 - MODELS.index(model)]
        single = [("#", "md-rank"), (self._t("mydeal.col.keep"), "md-cards"), (self._t("mydeal.col.away"), "md-cards")]
        after = [*([(self._t("mydeal.col.win"), "")] if with_win else []), (self._t("mydeal.col.hand"), "")]
        ranked = [(self._t("mydeal.group.net"), ""), (crib, "")]
        second = [(self._t("mydeal.group.net_rank"), ""), (crib, "")]

        def th(text: str, kind: str, span: str = "") -> str:
            return f'<th scope="col"{span} class="{kind}">{html.escape(text)}</th>'

        def group(key: str) -> str:
            return f'<th scope="colgroup" colspan="2" class="md-group">{html.escape(self._t(key))}</th>'

        top = ("".join(th(h, c, ' rowspan="2"') for h, c in single) + group(f"mydeal.group.{model}")
               + "".join(th(h, c, ' rowspan="2"') for h, c in after) + group(f"mydeal.group.{other}"))
        under = "".join(th(h, c) for h, c in (*ranked, *second))
        tied = figures.tied(model)
        rows = []
        for position, k in enumerate(figures.ranked(model), 1):
            mark, kind = "", ""
            if k.rank == self._chosen:
                mark, kind = "▶", "md-chosen"
            elif k.rank == self._compared:
                mark, kind = "◆", "md-other"
            # Every cell on one line, so that every row reads alike (the headings wrap instead; on a
            # phone the table scrolls sideways in its box): a crib ± half its 95% interval, written to
            # the places the interval supports, once wrapped in the bold row alone. Two keeps the model
            # cannot tell apart share "=1".
            shown_rank = "=1" if tied and position <= 2 else str(position)
            expert_crib, expert_half = shown_interval(k.crib_expert, margin(k.crib_expert_error), self.language)
            # A net to the hundredth, as the exact one: its margin is its crib's, written beside the crib.
            groups = {"expert": [(self._num(k.net_expert, "+.2f"), ""),
                                 (f'<span class="md-part">{expert_crib}</span> '
                                  f'<span class="md-part md-err">± {expert_half}</span>', "")],
                      "uniform": [(self._num(k.net_uniform, "+.2f"), ""), (self._num(k.crib_uniform), "")]}
            other_rank = k.rank_uniform if other == "uniform" else k.rank
            groups[other][0] = (f'<span class="md-part">{groups[other][0][0]}</span> '
                                f'<span class="md-part">({other_rank})</span>', "")
            cells = [(f'<span class="md-mark" aria-hidden="true">{mark}</span>{shown_rank}', "md-rank"),
                     (html.escape(cards_text(k.keep)), "md-cards"), (html.escape(cards_text(k.away)), "md-cards"),
                     *groups[model],
                     *([(self._chance_cell(k.win or 0.0), "md-split")] if with_win else []),
                     (self._num(k.hand), ""),
                     *groups[other]]
            tds = "".join(f'<td class="{c}">{cell}</td>' for cell, c in cells)
            rows.append(f'<tr class="{kind}">{tds}</tr>')
        caption = html.escape(self._t(f"mydeal.table_caption.{model}"))
        # The title above the sideways-scrolling box, not its table's caption: a caption is as wide as
        # the table, so on a phone its end was scrolled out of sight with the table's last columns.
        self._table.value = (f'<div class="md-caption" id="{self._caption_id}">{caption}</div>'
                             f'<div class="md-wrap"><table class="md-keeps" aria-labelledby="{self._caption_id}">'
                             f'<thead><tr>{top}</tr><tr>{under}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
                             f'<div class="md-note">{html.escape(self._t("mydeal.table_note"))}</div>'
                             + (f'<div class="md-note">{html.escape(self._t("mydeal.win_note", conf=number(0.95, ".0%", self.language)))}</div>'
                                if with_win and figures.win_interval(figures.keeps[0].win or 0.0) is not None else ""))

    def _show_choice(self) -> None:
        figures = self._figures
        assert figures is not None
        one, two = self.chosen, self.compared
        assert one is not None
        if self._chart_on:
            self._chart.value = _chart_png(figures.cards, figures.dealer, self._chosen, self._compared, self.language,
                                           self.model)
        shown = [one] + ([two] if two is not None else [])
        crib = self._t("mydeal.col.own_crib" if figures.dealer else "mydeal.col.their_crib")
        marks = ["▶", "◆"]
        place = {k.rank: i for i, k in enumerate(figures.ranked(self.model), 1)}
        head = "".join(f'<th scope="col">{marks[i]} {place[k.rank]}. {html.escape(cards_text(k.keep))}</th>'
                       for i, k in enumerate(shown))

        def best_starters(k: KeepFigures) -> str:
            top = max(p for _, p in k.starters)
            cards = [c for c, p in k.starters if p == top]
            return self._t("mydeal.side.top_starters", points=top, n=len(cards),
                           cards=cards_text(cards[:4]) + (" …" if len(cards) > 4 else ""))

        rows = [
            (self._t("mydeal.col.hand"), [self._num(k.hand) for k in shown]),
            (f'{crib}: {self._t("mydeal.col.uniform")}', [self._num(k.crib_uniform) for k in shown]),
            (f'{crib}: {self._t("mydeal.col.expert")}',
             [" ± ".join(shown_interval(k.crib_expert, margin(k.crib_expert_error), self.language)) for k in shown]),
            (self._t("mydeal.col.net_uniform"), [self._num(k.net_uniform, "+.2f") for k in shown]),
            (self._t("mydeal.col.net"),
             [self._num(k.net_expert, "+.2f") for k in shown]),
            (self._t("mydeal.side.low"), [self._t("mydeal.side.points", n=min(p for _, p in k.starters)) for k in shown]),
            (self._t("mydeal.side.top"), [best_starters(k) for k in shown]),
            (self._t("mydeal.side.eight"), [self._percent(sum(p >= 8 for _, p in k.starters) / 46) for k in shown]),
        ]
        if figures.scores is not None:
            rows.append((self._t("mydeal.col.win"), [self._chance(k.win or 0.0) for k in shown]))
        body = "".join(f'<tr><th scope="row">{html.escape(name)}</th>'
                       + "".join(f"<td>{html.escape(v)}</td>" for v in values) + "</tr>" for name, values in rows)
        self._side.value = (f'<div class="md-wrap"><table class="md-side"><caption class="cc-text" '
                            f'style="text-align:left;font-weight:700">{html.escape(self._t("mydeal.side.title"))}'
                            f'</caption><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table></div>')


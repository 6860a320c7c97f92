"""The review of a game, under the game table: every decision of a seat, what it cost, the three
costliest in words, and a chart of the game.

:class:`GameReviewPanel` shows what :func:`cribbage.review.review_game` judged (the rules and the
judgement stay in the engine; the panel shows and asks nothing): the total given up, the three
costliest decisions explained in the engine's words, the chart of :mod:`widgets.table.review_chart`
(both scores deal by deal with those three marked, and the seat's chance to win along the game), and
every decision in order with its expected points and its cost, written by Babel in the reader's
language. A game stopped before its end is reviewed as far as it was played; a review the engine
refuses (a seat that does not exist, a game the seat never played) is said as a message.

The costly discards and counts are kept in the learner's progress as misses of their kind
(:func:`widgets.base.answers.review_answers`), under the items the discard drill and the scoring quiz use, so the practice
that brings misses back brings these back too; each once per game, however often the panel is opened.
"""

from __future__ import annotations

import html
from collections.abc import MutableSet

import ipywidgets as w

from cribbage.progress import ProgressStore
from cribbage.review import Decision, DecisionKind, GameReview, review_game
from cribbage.rules.game import Game
from widgets.base.answers import review_answers
from widgets.base.view import View, figure_png, guarded, style_tag
from widgets.i18n import cards_text, decimal
from widgets.table.review_chart import ChartMark, review_chart

__all__ = ["GameReviewPanel"]

# The panel's own layout; the rest is the course's shared stylesheet.
_REVIEW_CSS = """
.cc-review { border-top: 4px solid #0072B2; margin-top: 10px; padding-top: 4px; max-width: 960px; }
.cc-review-sum { font-size: 19px; line-height: 1.45; margin: 4px 0; }
.cc-review-note { font-size: 17px; border-left: 6px solid #E69F00; background: #fff6e0; padding: 4px 10px; margin: 4px 0; }
.cc-review ol.cc-costly { margin: 4px 0 8px 0; padding-left: 1.6em; }
.cc-review ol.cc-costly li { font-size: 18px; line-height: 1.45; margin: 4px 0; }
.cc-review .cc-cost { font-weight: 700; white-space: nowrap; }
.cc-review-table { max-height: 420px; overflow-y: auto; border: 1px solid #bbb; }
.cc-review-table table { border-collapse: collapse; width: 100%; font-size: 17px; }
.cc-review-table thead th { position: sticky; top: 0; background: #eef5fb; text-align: left; padding: 4px 8px;
  border-bottom: 2px solid #0072B2; }
.cc-review-table td { padding: 3px 8px; border-bottom: 1px solid #ddd; vertical-align: top; }
.cc-review-table td.cc-kind { white-space: nowrap; }
.cc-review-table td.cc-num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.cc-review-table tr.cc-costly-row td { font-weight: 700; background: #fbe9e0; }
.cc-review-table tr.cc-costly-row td:first-child { border-left: 6px solid #D55E00; }
.cc-review-table tr.cc-deal-row th { text-align: left; font-size: 16px; background: #f4f4f4; padding: 6px 8px 2px 8px;
  border-bottom: 1px solid #bbb; }
"""

#: The class of each shown column of the decisions' table: the numbers right-aligned, the kind unbroken.
_CELL_CSS = {0: "cc-num", 1: "cc-kind", 3: "cc-num", 5: "cc-num", 6: "cc-num"}


def _place_marks(review: GameReview) -> dict[int, int]:
    """Each of the three costliest decisions (by its index in the game) to its place, 1 the costliest."""
    costly = review.costliest(3)
    return {index: costly.index(decision) + 1 for index, decision in enumerate(review.decisions)
            if any(decision is other for other in costly)}


class GameReviewPanel(View):
    """The review of ``game`` from ``seat``'s side (0: the learner at the game table).

    ``GameReviewPanel(game, seat=0, names=None, language="en", chart=True, recorded=None)``: ``names``
    are the two players' names for the chart's legend (the reviewed seat's first; by default "You" and
    "Computer"); ``chart=False`` leaves the chart out (quick scripted runs); ``recorded`` is the set of
    items this game has already kept in the learner's progress (a table passes its own, so a review
    opened again keeps nothing twice); ``store`` the progress store to keep them in (by default the
    learner's); ``keep=False`` keeps nothing (a game of two people at one screen is no one learner's). The review itself is :attr:`review` (None when refused: the
    reason is :attr:`message`)."""

    _summary_text: str
    _rows: list[tuple[str, ...]]

    def __init__(self, game: Game, seat: int = 0, *, names: tuple[str, str] | None = None,
                 language: str | None = None, chart: bool = True, recorded: MutableSet[str] | None = None,
                 store: ProgressStore | None = None, keep: bool = True) -> None:
        super().__init__(language=language)
        self._keep = bool(keep)
        if store is not None:   # the table's own store (a test's, a script's): the misses go where its answers go
            self.progress_store = store
        self.game, self.seat = game, seat
        self.review: GameReview | None = None
        self._names = names or (self._t("table.you"), self._t("table.computer"))
        self._with_chart = bool(chart)
        self._recorded: MutableSet[str] = recorded if recorded is not None else set()
        self._heading = w.HTML()
        self._summary = w.HTML()
        self._costliest = w.HTML()
        self._chart = w.Image(format="png", layout=w.Layout(max_width="960px", width="100%", display="none"))
        self._decisions = w.HTML()
        self.children = [style_tag(), w.HTML(f"<style>{_REVIEW_CSS}</style>", layout=w.Layout(display="none")),
                         self._heading, self._message, self._summary, self._costliest, self._chart, self._decisions]
        self.add_class("cc-review")
        self._heading.value = f'<div class="cc-title">{html.escape(self._t("review.title"))}</div>'
        self.refresh()

    # ------------------------------------------------------------------ read by tests and by the table
    @property
    def summary_text(self) -> str:
        """The totals and the three costliest decisions, in words, as shown."""
        return self._summary_text

    @property
    def decision_rows(self) -> list[tuple[str, ...]]:
        """The table of every decision, row by row, as shown (its cells' text)."""
        return list(self._rows)

    @property
    def chart_png(self) -> bytes:
        """The chart as drawn (PNG bytes; empty without a chart or a review)."""
        return bytes(self._chart.value)

    # ------------------------------------------------------------------ actions
    @guarded
    def refresh(self) -> None:
        """Review the game as it stands now and show it (a refusal is said as a message)."""
        self._summary_text, self._rows = "", []
        self._summary.value = self._costliest.value = self._decisions.value = ""
        self._chart.layout.display = "none"
        self.review = None
        self.review = review = review_game(self.game, self.seat)
        self._say("")
        self._show_summary(review)
        self._show_decisions(review)
        if self._with_chart:
            self._draw(review)
        if self._keep:
            self._keep_misses(review)

    # ------------------------------------------------------------------ the parts
    def _show_summary(self, review: GameReview) -> None:
        lang = self.language
        lines = review.lines(lang)
        head, rest = lines[0], lines[1:]
        parts = []
        if not review.finished:
            note = self._t("review.unfinished", n=review.deals[-1].deal if review.deals else 0)
            lines.insert(0, note)
            parts.append(f'<div class="cc-review-note" role="note">{html.escape(note)}</div>')
        parts.append(f'<div class="cc-review-sum">{html.escape(head)}</div>')
        costly = review.costliest(3)
        if costly:
            title, explained = rest[0], rest[1:]
            items = "".join(
                f'<li><span class="cc-cost">{html.escape(self._t("review.cost_badge", cost=decimal(d.cost, lang, 2)))}'
                f'</span> {html.escape(text)}</li>' for d, text in zip(costly, explained))
            parts.append(f'<div class="cc-label">{html.escape(title)}</div><ol class="cc-costly">{items}</ol>')
        else:
            parts += [f'<div class="cc-review-sum">{html.escape(line)}</div>' for line in rest]
        self._summary_text = "\n".join(lines)
        self._summary.value = "".join(parts)

    def _cells(self, decision: Decision) -> tuple[str, str, str, str]:
        """What was chosen, what was best, and the expected points of each, as the table says them."""
        lang = self.language
        if decision.kind is DecisionKind.COUNT:
            said, held = int(decision.chosen_points), int(decision.best_points)
            counted = self._t("review.counted", cards=cards_text(decision.chosen), starter=str(decision.starter))
            return (self._t("review.said", n=said, what=counted), self._t("review.held", n=held),
                    str(said), str(held))
        chosen, best = cards_text(decision.chosen), cards_text(decision.best)
        if decision.kind is DecisionKind.DISCARD:
            chosen = self._t("review.kept", cards=chosen, away=cards_text(decision.away))
            best = self._t("review.kept", cards=best, away=cards_text(decision.best_away))
        return chosen, best, decimal(decision.chosen_points, lang, 2), decimal(decision.best_points, lang, 2)

    def _show_decisions(self, review: GameReview) -> None:
        lang = self.language
        marks = _place_marks(review)
        # The deal heads its decisions (a row across the table) rather than filling a column: the
        # cards need the width, in Portuguese most ("Distribuição").
        heads = [self._t(f"review.col.{name}") for name in ("mark", "kind", "chosen", "points", "best", "points",
                                                          "cost")]
        rows: list[tuple[str, ...]] = []
        body = []
        deal = None
        for index, decision in enumerate(review.decisions):
            if decision.deal != deal:
                deal = decision.deal
                said = self._t("table.log_deal_0" if decision.dealer else "table.log_deal_1", n=deal)
                body.append(f'<tr class="cc-deal-row"><th colspan="{len(heads)}" scope="rowgroup">'
                            f"{html.escape(said)}</th></tr>")
            chosen, best, points, best_points = self._cells(decision)
            place = marks.get(index)
            row = (str(place) if place else "", str(decision.deal), self._t(f"review.kind.{decision.kind}"),
                   chosen, best, points, best_points, decimal(decision.cost, lang, 2))
            rows.append(row)
            shown = (row[0], row[2], chosen, points, best, best_points, row[7])
            css = ' class="cc-costly-row"' if place else ""
            cells = "".join(f'<td class="{_CELL_CSS.get(n, "")}">{html.escape(text)}</td>' for n, text in enumerate(shown))
            body.append(f"<tr{css}>{cells}</tr>")
        self._rows = rows
        if not rows:
            self._decisions.value = f'<div class="cc-text">{html.escape(self._t("review.no_decisions"))}</div>'
            return
        head = "".join(f'<th scope="col">{html.escape(text)}</th>' for text in heads)
        caption = html.escape(self._t("review.decisions_title", n=len(rows)))
        self._decisions.value = (f'<div class="cc-label">{caption}</div><div class="cc-review-table" role="region" '
                                 f'aria-label="{caption}"><table><thead><tr>{head}</tr></thead><tbody>'
                                 + "".join(body) + "</tbody></table></div>")

    def _draw(self, review: GameReview) -> None:
        if not review.deals:
            return
        index = {id(d): n for n, d in enumerate(review.decisions)}
        marks = [ChartMark(d.deal, place, d.cost) for place, d in enumerate(review.costliest(3), start=1)
                 if id(d) in index]
        chances = [(line.chance, line.low, line.high) for line in review.deals]
        fig = review_chart(review.scores, names=self._names, target=review.target, marks=marks, chances=chances,
                           language=self.language)
        self._chart.value = figure_png(fig, dpi=80)
        self._chart.layout.display = None

    def _keep_misses(self, review: GameReview) -> None:
        """Keep each costly decision not kept yet for this game in the learner's progress (once)."""
        for answer in review_answers(review):
            key = f"{answer['item']} -> {answer['answer']}"
            if key in self._recorded:
                continue
            self._recorded.add(key)
            self.record_answer(**answer)


"""What the CrossCribb views share: the 5x5 grid of cards with its line labels, seat and side
names, and a finished round's count told line by line.

The grid (:class:`BoardGrid`) keeps one cell per square and one label per line and only changes
what they hold, so a move sends the browser a few small messages, not a new board. Rules and
scores come from :mod:`cribbage.crosscribb`; this module only words and draws them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from cribbage import Card, HandScore
from cribbage.crosscribb import (
    CENTRE,
    COLUMNS_SIDE,
    LINES,
    Announced,
    CountAccepted,
    CrossCribbGame,
    CrossCribbPhase,
    Discarded,
    Line,
    LineKind,
    LineScore,
    MugginsClaimed,
    Placed,
    RoundResult,
    StarterTurned,
    where_message,
)
from cribbage.lang.messages import message, render
from widgets.blocks.cards import card_html
from widgets.i18n import cards_text, describe_items, spoken_count

if TYPE_CHECKING:
    from widgets.base.view import Guard
    from widgets.crosscribb.model import CrossCribbBoardModel

_PLAY, _COUNT, _ROUND_OVER = CrossCribbPhase.PLAY, CrossCribbPhase.COUNT, CrossCribbPhase.ROUND_OVER

__all__ = [
    "XC_CSS",
    "BoardGrid",
    "BoardWords",
    "as_hand",
    "line_label",
    "round_count_html",
    "seat_names",
    "side_name",
    "where_text",
]

XC_CSS = """
.cc-xc-grid { gap: 6px; align-items: center; justify-items: center; }
.cc-xc-cell { width: 84px; height: 118px; display: flex; align-items: center; justify-content: center; }
/* A widget box scrolls what overflows it, and the HTML inside it has margins: a card exactly as
   big as its square showed two scrollbars. The square holds the card with room to spare, shows
   nothing outside it, and the card's widget sits flush. */
.jupyter-widgets.widget-box.cc-xc-cell { overflow: visible; }
.cc-xc-cell > .widget-html, .cc-xc-cell .widget-html-content { margin: 0; padding: 0; height: auto;
  line-height: normal; overflow: visible; }
.cc-xc-cell .cc-card { width: 78px; height: 112px; }
/* The starter: a solid blue frame, a tinted card and a label with a star under it, not a border alone. */
.cc-xc-starter { position: relative; display: inline-block; }
.cc-xc-starter .cc-card { border: 4px solid #0072B2; background: #e4eff7; }
.cc-xc-starter-tag { position: absolute; left: 50%; bottom: -9px; transform: translateX(-50%); z-index: 1;
  background: #0072B2; color: #fff; font-size: 13px; font-weight: 700; line-height: 1.3; padding: 0 6px;
  border-radius: 5px; white-space: nowrap; }
.cc-xc-last .cc-card { border: 5px double #000; }
.jupyter-widgets.jupyter-button.cc-xc-open { width: 78px; height: 112px; font-size: 16px; font-weight: 700;
  background: #eef5fb; border: 2px dashed #0072B2; border-radius: 9px; color: #0b3d66; padding: 0; margin: 0; }
.jupyter-widgets.jupyter-button.cc-xc-open:hover { background: #d6e9f7; border-style: solid; }
.jupyter-widgets.jupyter-button.cc-xc-open:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
.cc-xc-label { font-size: 15px; line-height: 1.25; color: #222; text-align: center; }
.cc-xc-label b { font-size: 14px; white-space: nowrap; }
.cc-xc-label .cc-xc-pts { font-size: 20px; font-weight: 700; }
.cc-xc-rowlabel { text-align: left; width: 122px; padding-left: 6px; border-left: 4px solid #E69F00; }
.cc-xc-collabel { width: 84px; border-top: 4px solid #56B4E9; padding-top: 2px; }
.cc-xc-panel { display: flex; flex-direction: column; gap: 4px; }
.cc-view .cc-prompt { font-size: 20px; font-weight: 700; }
.cc-xc-turned .cc-card { transform: none; }
.cc-xc-count { border: 1px solid #bbb; padding: 6px 12px; background: #fafafa; }
.cc-xc-sides { display: flex; flex-wrap: wrap; gap: 4px 28px; }
.cc-xc-sides > div { flex: 1 1 420px; min-width: 0; }
.cc-xc-count h4 { margin: 8px 0 2px 0; font-size: 19px; }
.cc-xc-count .cc-xc-line { margin: 3px 0; font-size: 17px; }
.cc-xc-count .cc-xc-items { padding-left: 1.5em; font-size: 16px; color: #333; }
.cc-xc-count .cc-xc-sum { font-weight: 700; font-size: 19px; margin-top: 6px; }
.cc-xc-log { max-height: 170px; overflow-y: auto; border: 1px solid #bbb; padding: 4px 10px; background: #fafafa; }
.cc-xc-log div { font-size: 16px; line-height: 1.35; }
.cc-xc-side { font-size: 18px; }
.cc-xc-result { font-size: 24px; font-weight: 700; border: 3px solid #000; padding: 6px 10px; margin: 6px 0; }
/* A phone (under 600 px): the board shrinks to about 360 px, and what is still too wide for the
   screen scrolls sideways as a whole (the grid's size is set on the element, hence !important). */
@media (max-width: 600px) {
  body .cc-xc-grid { grid-template-columns: repeat(5, 54px) 74px !important; grid-template-rows: repeat(5, 80px) auto !important;
    width: auto !important; gap: 3px; }
  body .cc-view:has(> .cc-xc-grid) { overflow-x: auto; }
  body .cc-xc-cell { width: 54px; height: 80px; }
  body .cc-xc-cell .cc-card { width: 52px; height: 76px; padding: 2px 4px; }
  body .cc-xc-cell .cc-card .cc-idx { font-size: 17px; }
  body .cc-xc-cell .cc-card .cc-pip { font-size: 24px; }
  body .cc-xc-cell .cc-card .cc-idx-b { font-size: 12px; }
  body .jupyter-widgets.jupyter-button.cc-xc-open { width: 52px; height: 76px; font-size: 12px; white-space: normal; }
  body .cc-xc-starter-tag { font-size: 11px; padding: 0 4px; bottom: -8px; }
  body .cc-xc-label { font-size: 12px; }
  body .cc-xc-label b { font-size: 12px; white-space: normal; }
  body .cc-xc-label .cc-xc-pts { font-size: 15px; }
  body .cc-xc-rowlabel { width: 70px; padding-left: 3px; }
  body .cc-xc-collabel { width: 54px; }
}
"""


# Names ----------------------------------------------------------------------------------------------

def seat_names(players: int, learner: int | None, sides: Sequence[int], language: str) -> tuple[str, ...]:
    """A name for every seat: "Player 1".. when everyone plays here (``learner`` None); else "You",
    "Partner", and the opponents ("Opponent", or "Left opponent" and "Right opponent" when two)."""
    if learner is None:
        return tuple(render("xc.player", language, n=seat + 1) for seat in range(players))
    mine = sides[learner]
    opponents = [s for s in range(players) if sides[s] != mine]
    names = []
    for seat in range(players):
        if seat == learner:
            names.append(render("xc.you", language))
        elif sides[seat] == mine:
            names.append(render("xc.partner", language))
        elif len(opponents) == 1:
            names.append(render("xc.opponent", language))
        elif seat == (learner + 1) % players:
            names.append(render("xc.left_opponent", language))
        else:
            names.append(render("xc.right_opponent", language))
    return tuple(names)


def side_name(game: CrossCribbGame, side: int, names: Sequence[str], language: str) -> str:
    """"You & Partner", "Player 2 & Player 4", "Opponent": the seats of a side, joined; two
    opponents of the learner are simply "Opponents"."""
    seats = [names[s] for s in game.seats_of(side)]
    if len(seats) == 1:
        return seats[0]
    if all(name in (render("xc.left_opponent", language), render("xc.right_opponent", language)) for name in seats):
        return render("xc.opponents", language)
    return render("xc.and", language, a=seats[0], b=seats[1])


def line_label(line: Line, language: str) -> str:
    """"Row 1" .. "Column 5", in the view's language."""
    return render(f"xc.{line.kind}", language, n=line.index + 1)


def where_text(square: tuple[int, int], language: str) -> str:
    """"row 1, column 3": the engine's words for a square."""
    return render(where_message(square), language)


def as_hand(line: LineScore) -> HandScore:
    """A line's count in the form the catalogue's describers read (they need four cards and a fifth)."""
    return HandScore(line.cards[:4], line.cards[4], False, line.items)


# The grid ------------------------------------------------------------------------------------------

class BoardGrid(w.GridBox):
    """The 5x5 board: each square a card, an empty slot, or (when offered) a button to place on it;
    a label right of each row and under each column: the line, the side it scores for, its points.

    ``on_square(square)`` is called when an offered square's button is clicked.
    """

    def __init__(self, on_square: Callable[[tuple[int, int]], None], guard: Guard, language: str) -> None:
        self.language = language
        self._cells: dict[tuple[int, int], w.Box] = {}
        self._cards: dict[tuple[int, int], w.HTML] = {}
        self.buttons: dict[tuple[int, int], w.Button] = {}
        self.labels: dict[Line, w.HTML] = {}
        children: list[w.Widget] = []
        for r in range(5):
            for c in range(5):
                sq = (r, c)
                shown = w.HTML()
                button = w.Button(description=render("xc.square_button", language, row=r + 1, column=c + 1))
                button.add_class("cc-xc-open")
                button.on_click(guard(lambda _b, sq=sq: on_square(sq)))
                cell = w.Box([shown])
                cell.add_class("cc-xc-cell")
                self._cells[sq], self._cards[sq], self.buttons[sq] = cell, shown, button
                children.append(cell)
            label = w.HTML()
            self.labels[LINES[r]] = label
            children.append(label)
        for c in range(5):
            label = w.HTML()
            self.labels[LINES[5 + c]] = label
            children.append(label)
        children.append(w.HTML())
        super().__init__(children, layout=w.Layout(grid_template_columns="repeat(5, 84px) 130px",
                                                   grid_template_rows="repeat(5, 118px) auto", width="585px",
                                                   flex="0 0 auto"))
        self.add_class("cc-xc-grid")
        self.offered: frozenset[tuple[int, int]] = frozenset()

    def show(self, board: Sequence[Card | None], *, offered: frozenset[tuple[int, int]] = frozenset(),
             card: Card | None = None, marked: frozenset[tuple[int, int]] = frozenset(),
             four_colour: bool = False) -> None:
        """Draw 25 squares (row by row). ``offered`` squares become buttons to place ``card`` on;
        ``marked`` cards get a thick double border (the card just placed, the line being counted)."""
        lang = self.language
        for sq, cell in self._cells.items():
            held = board[sq[0] * 5 + sq[1]]
            if sq in offered:
                button = self.buttons[sq]
                button.tooltip = render("xc.place_here", lang, card=str(card) if card else "",
                                   where=where_text(sq, lang))
                if cell.children != (button,):
                    cell.children = (button,)
                continue
            if held is None:
                text = '<span class="cc-card cc-empty" aria-hidden="true"></span>'
            else:
                text = card_html(held, language=lang, four_colour=four_colour)
                if sq == CENTRE:
                    starter = html.escape(render("card.starter", lang))
                    text = (f'<span class="cc-xc-starter" title="{starter}">{text}'
                            f'<span class="cc-xc-starter-tag" aria-hidden="true">★ {starter}</span></span>')
                if sq in marked:
                    text = f'<span class="cc-xc-last">{text}</span>'
            if self._cards[sq].value != text:
                self._cards[sq].value = text
            if cell.children != (self._cards[sq],):
                cell.children = (self._cards[sq],)
        self.offered = frozenset(offered)

    def label(self, line: Line, side: str, points: int | None) -> None:
        """Label a line with the side it scores for and its points (None: hidden, as in the quiz)."""
        lang = self.language
        pts = "?" if points is None else render("xc.pts", lang, n=points)
        kind = "cc-xc-rowlabel" if line.kind is LineKind.ROW else "cc-xc-collabel"
        text = (f'<div class="cc-xc-label {kind}"><b>{html.escape(line_label(line, lang))}</b><br>'
                f'{html.escape(side)}<br><span class="cc-xc-pts">{html.escape(pts)}</span></div>')
        if self.labels[line].value != text:
            self.labels[line].value = text


# The count of a round -------------------------------------------------------------------------------

def _line_html(name: str, score: LineScore, language: str) -> str:
    items = describe_items(as_hand(score), language)
    listed = "".join(f"<div>{html.escape(item.text)}</div>" for item in items) or \
        f"<div>{html.escape(render('xc.count.nothing', language))}</div>"
    head = render("xc.count.line", language, line=name, cards=cards_text(score.cards), total=score.total)
    spoken = spoken_count(as_hand(score), language)
    return (f'<div class="cc-xc-line"><b>{html.escape(head)}</b> <i>({html.escape(spoken)})</i>'
            f'<div class="cc-xc-items">{listed}</div></div>')


def round_count_html(game: CrossCribbGame, result: RoundResult, names: Sequence[str], language: str) -> str:
    """A finished round told in full: every line itemized, the crib, his heels, the totals, the margin."""
    lang = language
    parts = [f'<div class="cc-xc-count"><div class="cc-title">'
             f'{html.escape(render("xc.count.title", lang, round=result.round))}</div>']
    parts.append('<div class="cc-xc-sides">')
    for side in (COLUMNS_SIDE, 1 - COLUMNS_SIDE):
        who = side_name(game, side, names, lang)
        heading = render("xc.count.side", lang, side=who, lines=render(f"xc.side.{side}", lang))
        parts.append(f"<div><h4>{html.escape(heading)}</h4>")
        for index, score in enumerate(result.lines(side)):
            line = LINES[(5 if side == COLUMNS_SIDE else 0) + index]
            parts.append(_line_html(line_label(line, lang), score, lang))
        if side == result.dealer_side:
            crib = result.crib
            items = describe_items(crib, lang)
            listed = "".join(f"<div>{html.escape(i.text)}</div>" for i in items) or \
                f"<div>{html.escape(render('xc.count.nothing', lang))}</div>"
            head = render("xc.count.crib", lang, cards=cards_text(crib.hand), starter=str(crib.starter), total=crib.total)
            parts.append(f'<div class="cc-xc-line"><b>{html.escape(head)}</b> '
                         f'<i>({html.escape(spoken_count(crib, lang))})</i>'
                         f'<div class="cc-xc-items">{listed}</div></div>')
            if result.his_heels:
                parts.append(f'<div class="cc-xc-line"><b>{html.escape(render("xc.count.heels", lang))}</b></div>')
        lines = result.lines_total(side)
        if result.announced is not None:
            said = render("xc.count.announced", lang, side=who, announced=result.announced[side],
                     muggins=result.muggins[side])
            parts.append(f'<div class="cc-xc-line"><b>{html.escape(said)}</b></div>')
            text = render("xc.count.total", lang, side=who, total=result.totals[side])
        elif side == result.dealer_side:
            text = render("xc.count.total_dealer", lang, side=who, lines=lines, crib=result.crib.total,
                     heels=result.his_heels, total=result.totals[side])
        else:
            text = render("xc.count.total", lang, side=who, total=result.totals[side])
        parts.append(f'<div class="cc-xc-sum">{html.escape(text)}</div></div>')
    parts.append("</div>")
    if result.winner is None:
        margin = render("xc.count.tie", lang, total=result.totals[0])
    else:
        margin = render("xc.count.margin", lang, side=side_name(game, result.winner, names, lang),
                   points=result.points, high=result.totals[result.winner], low=result.totals[1 - result.winner])
    parts.append(f'<div class="cc-xc-sum" role="status">{html.escape(margin)}</div></div>')
    return "".join(parts)


class BoardWords:
    """What the CrossCribb board says, as text and HTML: its moves, the prompt, the crib, the
    warning that a round can end the game, and the result, in ``language`` with the board's seat
    ``names``. Plain Python over a :class:`~widgets.crosscribb.model.CrossCribbBoardModel`: the
    board only puts these into its widgets."""

    def __init__(self, model: CrossCribbBoardModel, names: Sequence[str], language: str,
                 four_colour: bool = False) -> None:
        self.model, self.names, self.language, self.four_colour = model, tuple(names), language, four_colour

    @property
    def game(self) -> CrossCribbGame:
        return self.model.game

    def t(self, key: str, **values: Any) -> str:
        return render(key, self.language, **values)

    def side(self, side: int) -> str:
        return side_name(self.game, side, self.names, self.language)

    def line(self, line: Line | None) -> str:
        return self.t("xc.the_crib") if line is None else line_label(line, self.language)

    def move_text(self, move: StarterTurned | Placed | Discarded | Announced | MugginsClaimed | CountAccepted) -> str:
        if isinstance(move, StarterTurned):
            text = self.t("xc.move.starter", card=str(move.starter))
            if move.his_heels:
                text += " " + self.t("xc.move.heels", side=self.side(self.game.side_of(move.dealer)))
            return text
        # Spanish conjugates for "you": the learner's own moves have sentences of their own.
        name = self.names[move.seat]
        you = "_you" if move.seat == self.model.seat else ""
        if isinstance(move, Placed):
            return self.t(f"xc.move.placed{you}", name=name, card=str(move.card),
                           where=where_text(move.square, self.language))
        if isinstance(move, Discarded):
            # Another seat's laid-away card stays face down until the round is counted.
            if self.model.reveals(move):
                key = ("xc.move.forced" if move.forced else "xc.move.laid_card") + you
                return self.t(key, name=name, card=str(move.card))
            return self.t("xc.move.laid", name=name)
        if isinstance(move, Announced):
            return self.t(f"xc.move.announced{you}", name=name, line=self.line(move.line), points=move.points)
        if isinstance(move, MugginsClaimed):
            return self.t(f"xc.move.muggins{you}", name=name, line=self.line(move.line), points=move.points)
        assert isinstance(move, CountAccepted)
        return self.t(f"xc.move.accepted{you}", name=name, line=self.line(move.line))

    def warning_html(self) -> str:
        sides = self.model.ending_sides()
        if not sides:
            return ""
        needs = ", ".join(self.t("xc.warn.needs", side=self.side(side), n=self.game.points_to_win(side),
                                  target=self.game.target) for side in sides)
        text = self.t("xc.warn.can_end", list=needs)
        return f'<div class="cc-msg cc-msg-info" role="note"><b>{html.escape(text)}</b></div>'

    def prompt_html(self) -> str:
        model, game = self.model, self.game
        if not model.live:
            return f'<div class="cc-prompt">{html.escape(self.t("xc.replay.watching"))}</div>'
        seat = game.to_act
        if game.phase is _PLAY and game.turned is not None and seat is not None:
            lines = self.t(f"xc.side.{game.side_of(seat)}")
            who = (self.t("xc.turn_seat", name=self.names[seat], lines=lines) if model.seat is None
                   else self.t("xc.turn_you", lines=lines))
            if game.must_discard:
                prompt = self.t("xc.prompt_forced", card=str(game.turned))
            elif game.owes(seat) == 0:
                prompt = self.t("xc.prompt_no_crib", card=str(game.turned))
            else:
                prompt = self.t("xc.prompt_place", card=str(game.turned))
            card = card_html(game.turned, language=self.language, four_colour=self.four_colour)
            return (f'<div class="cc-prompt">{html.escape(who)}</div><div class="cc-xc-turned">{card}</div>'
                    f'<div class="cc-text">{html.escape(prompt)}</div>')
        if game.phase is _COUNT and seat is not None:
            answer = game.awaiting_answer
            if answer is not None:
                text = self.t("xc.answer_you", name=self.names[answer.seat], line=self.line(answer.line),
                               points=answer.points)
            else:
                side = game.counting_side
                assert side is not None   # the phase is COUNT
                text = self.t("xc.count_you", line=self.line(game.counting), side=self.side(side))
            return f'<div class="cc-prompt">{html.escape(text)}</div>'
        key = "xc.round_over" if game.phase is _ROUND_OVER else "xc.game_over"
        return f'<div class="cc-prompt">{html.escape(self.t(key))}</div>'

    def crib_html(self, crib_size: int) -> str:
        game = self.game
        owes = ""
        if game.phase is _PLAY:
            crib = self.t("xc.crib", side=self.side(game.dealer_side), n=crib_size)
            owed = ", ".join(self.t("xc.owes_one", name=self.names[s], n=game.owes(s)) for s in range(game.players))
            owes = f'<br>{html.escape(self.t("xc.owes", list=owed))}'
        elif game.phase is _COUNT:
            # Face down until it is the crib's turn to be counted.
            crib = (self.t("xc.crib_counting", side=self.side(game.dealer_side), cards=cards_text(game.crib))
                    if game.counting is None else self.t("xc.crib", side=self.side(game.dealer_side), n=crib_size))
        else:
            crib = self.t("xc.crib_shown", side=self.side(game.dealer_side), cards=cards_text(game.crib))
        return f'<div class="cc-text"><b>{html.escape(crib)}</b>{owes}</div>'

    def result_html(self) -> str:
        r = self.game.result
        if r is None:
            return ""
        games = self.t("xc.games.one") if r.games == 1 else self.t("xc.games.many", n=r.games)
        text = self.t("xc.result", side=self.side(r.winner), high=r.scores[r.winner], low=r.scores[1 - r.winner],
                       margin=r.margin, kind=render(message(f"crosscribb.finish.{r.finish.value}"), self.language), games=games)
        return f'<div class="cc-xc-result" role="status">{html.escape(text)}</div>'

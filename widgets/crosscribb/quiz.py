"""A scoring quiz on finished CrossCribb boards: you count a line, the widget answers item by item.

Each board is a seeded round played to the end by the engine's computer players, so the boards are
real games, and the same seeds give the same boards. The line labels hide their points until the
line is counted; the answer is the engine's own count of the line (:func:`score_line` through the
round's result), told item by item and aloud. As in the course's other quizzes, a wrong first count
gets a hint that points at what was missed and a second try; the first count is the one kept.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from cribbage.crosscribb import CROSSCRIBB_LEVELS, LINES, CrossCribbGame, Line, LineScore, RoundResult, play_round
from cribbage.rules.shortfall import shortfall
from widgets.base.answers import line_answer
from widgets.base.view import Refused, View, guarded, style_tag
from widgets.crosscribb.grid import XC_CSS, BoardGrid, as_hand, line_label, seat_names, side_name
from widgets.drills.quiz import TRIES_BEFORE_ANSWER, shortfall_hint
from widgets.i18n import cards_text, describe_items, render, spoken_count

__all__ = ["CrossCribbQuiz", "line_hint"]


def line_hint(score: LineScore, claim: int, language: str | None = None) -> str:
    """What a wrong count of a line (``score``) probably missed (or added), in ``language``: the hint
    before a second try, true of this line, as :func:`widgets.drills.quiz.count_hint` gives it for a hand."""
    if claim > score.total:
        return render("ex.hint.too_many", language)
    return shortfall_hint(shortfall(score.items, claim),
                          {"pair": "xc.quiz.hint.pairs", "flush": "xc.quiz.hint.flush", "nobs": "xc.quiz.hint.nobs"},
                          language)


class CrossCribbQuiz(View):
    """Count the lines of finished boards: ``CrossCribbQuiz(seeds=(1, 2, 3), players=4, level="expected")``.

    Drive it with :attr:`line_box` (which line, 0..9: rows 1-5 then columns 1-5), :attr:`answer_box`
    and :attr:`check_button`, :attr:`show_button`, :attr:`next_line_button`, :attr:`next_board_button`,
    or the methods :meth:`choose`, :meth:`answer`, :meth:`show`, :meth:`next_line`, :meth:`next_board`.
    """

    def __init__(self, *, seeds: Sequence[int | str] = (1, 2, 3), players: int = 4, level: str = "expected",
                 language: str | None = None, four_colour: bool = False) -> None:
        super().__init__(language=language)
        if level not in CROSSCRIBB_LEVELS:
            raise ValueError(f"level must be one of {', '.join(CROSSCRIBB_LEVELS)}, not {level!r}")
        if not seeds:
            raise ValueError("give at least one seed")
        self.seeds = tuple(seeds)
        self.players = players
        self.level = level
        self.four_colour = bool(four_colour)
        self.right = 0
        self.asked = 0
        self._style = w.HTML(f"<style>{XC_CSS}</style>", layout=w.Layout(display="none"))
        self._title = w.HTML(f'<div class="cc-title">{html.escape(self._t("xc.quiz.title"))}</div>')
        self._board_text = w.HTML()
        self._grid = BoardGrid(lambda _sq: None, self._guard, self.language)
        self.line_box = w.Dropdown(options=[(line_label(line, self.language), i) for i, line in enumerate(LINES)],
                                   value=0, layout=w.Layout(width="auto"))
        self.line_box.observe(self._guard(lambda change: self.choose(change["new"])), names="value")
        self._ask = w.HTML()
        self.answer_box = w.Text(placeholder=self._t("xc.quiz.answer"), layout=w.Layout(width="110px"))

        self.check_button = self._button("xc.quiz.check", lambda: self.answer(self.answer_box.value), "primary")
        self.show_button = self._button("xc.quiz.show", lambda: self.show())
        self.next_line_button = self._button("xc.quiz.next_line", lambda: self.next_line())
        self.next_board_button = self._button("xc.quiz.next_board", lambda: self.next_board())
        self._feedback = w.HTML()
        self._tally = w.HTML()
        controls = w.HBox([self.line_box, self.answer_box, self.check_button, self.show_button,
                           self.next_line_button, self.next_board_button],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [style_tag(), self._style, self._title, self._board_text, self._grid, self._ask, controls,
                         self._message, self._feedback, self._tally]
        self._load(0)

    # What a test or a lesson reads ------------------------------------------------------------------
    @property
    def game(self) -> CrossCribbGame:
        return self._game

    @property
    def result(self) -> RoundResult:
        """The finished round on show."""
        return self._result

    @property
    def board_index(self) -> int:
        return self._index

    @property
    def line(self) -> Line:
        """The line being asked about."""
        return LINES[self._line]

    @property
    def counted(self) -> dict[Line, int | None]:
        """Lines already answered or shown on this board: the points you gave (None when shown)."""
        return dict(self._counted)

    @property
    def feedback_text(self) -> str:
        return str(self._feedback.value)

    @property
    def line_labels(self) -> dict[Line, str]:
        return {line: label.value for line, label in self._grid.labels.items()}

    def score_of(self, line: Line) -> LineScore:
        """The engine's count of a line of the board on show."""
        if not isinstance(line, Line):
            raise Refused(key="err.not_line", value=repr(line)[:40])
        return self._result.lines(line.side)[line.index]

    # Boards --------------------------------------------------------------------------------------------
    def _load(self, index: int) -> None:
        seed = self.seeds[index]
        game = CrossCribbGame(self.players, seed=seed)
        play_round(game, [CROSSCRIBB_LEVELS[self.level](f"{seed}/seat {s}") for s in range(self.players)])
        result = game.last_round
        assert result is not None   # play_round plays the round to its count
        self._game, self._result, self._index = game, result, index
        sides = [game.side_of(s) for s in range(self.players)]
        self._names = seat_names(self.players, None, sides, self.language)
        self._counted: dict[Line, int | None] = {}
        self._tries: dict[Line, list[int]] = {}   # the counts given for each line, first first
        self._line = 0
        if self.line_box.value != 0:
            self.line_box.value = 0  # its observer calls choose(0), which redraws
        self.answer_box.value = ""
        self._feedback.value = ""
        self._say("")
        self._refresh()

    @guarded
    def next_board(self) -> None:
        """The next seeded board (refused after the last)."""
        if self._index + 1 >= len(self.seeds):
            raise Refused(key="xc.quiz.last_board")
        self._load(self._index + 1)

    @guarded
    def choose(self, index: object) -> None:
        """Ask about line ``index`` (0..9: rows 1-5, then columns 1-5)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(LINES):
            raise Refused(key="xc.quiz.bad_line", line=repr(index))
        self._line = index
        if self.line_box.value != index:
            self.line_box.value = index
        line = self.line
        self.answer_box.value = ""
        self._feedback.value = self._feedback_html(line)
        self._say("")
        self._refresh()

    @guarded
    def next_line(self) -> None:
        """Move to the next line not yet counted (refused until this one is counted)."""
        if self.line not in self._counted:
            raise Refused(key="xc.quiz.not_answered")
        left = [i for i in range(len(LINES)) if LINES[(self._line + 1 + i) % 10] not in self._counted]
        if not left:
            self._say(self._t("xc.quiz.done"), "info")
            return
        self.choose((self._line + 1 + left[0]) % 10)

    @guarded
    def answer(self, points: object) -> None:
        """Give your count of the line asked about. A wrong first count gets a hint and a second try;
        the first count is the one kept (the tally and the learner's progress)."""
        line = self.line
        if line in self._counted:
            raise Refused(key="xc.quiz.answered")
        given = _whole_number(points)
        tries = self._tries.setdefault(line, [])
        tries.append(given)
        score = self.score_of(line)
        right = given == score.total
        if len(tries) == 1:
            self.asked += 1
            self.right += right
            # Nothing is shown yet that a later count could copy: a wrong first count gets a second try.
            self.record_answer(**line_answer(f"{line.kind} {line.index + 1}", score, given), revealed=False)
        if right or len(tries) >= TRIES_BEFORE_ANSWER:
            self._counted[line] = given
        self._feedback.value = self._feedback_html(line)
        self._say("")
        self._refresh()

    @guarded
    def show(self) -> None:
        """Reveal the count of the line asked about without answering."""
        line = self.line
        if line not in self._counted:
            self._counted[line] = None
        self._feedback.value = self._feedback_html(line)
        self._say("")
        self._refresh()

    # Drawing ----------------------------------------------------------------------------------------
    def _feedback_html(self, line: Line) -> str:
        """The verdict on the line asked about: nothing yet, a hint and a second try, or the answer."""
        tries = self._tries.get(line, [])
        if line in self._counted:
            return self._answer_html(line, self._counted[line], second=len(tries) > 1)
        if not tries:
            return ""
        parts = [("error", self._t("quiz.not_yet", claim=tries[-1])),
                 ("info", line_hint(self.score_of(line), tries[-1], self.language)),
                 ("info", self._t("xc.quiz.again"))]
        return "".join(f'<div class="cc-msg cc-msg-{kind}" role="status">{html.escape(text)}</div>'
                       for kind, text in parts)

    def _answer_html(self, line: Line, given: int | None, second: bool = False) -> str:
        lang = self.language
        score = self.score_of(line)
        name = line_label(line, lang)
        if given is None:
            verdict, kind = self._t("xc.quiz.shown", line=name, total=score.total), "info"
        elif given == score.total:
            verdict, kind = self._t("xc.quiz.right", line=name, total=score.total), "ok"
            if second:
                verdict += " " + self._t("quiz.first_counts")
        else:
            verdict, kind = self._t("xc.quiz.wrong", line=name, total=score.total, given=given), "error"
        items = describe_items(as_hand(score), lang)
        listed = "".join(f"<div>{html.escape(item.text)}</div>" for item in items) or \
            f"<div>{html.escape(self._t('xc.count.nothing'))}</div>"
        return (f'<div class="cc-msg cc-msg-{kind}" role="status">{html.escape(verdict)}</div>'
                f'<div class="cc-xc-count"><b>{html.escape(cards_text(score.cards))}</b> '
                f'<i>({html.escape(spoken_count(as_hand(score), lang))})</i>'
                f'<div class="cc-xc-items">{listed}</div></div>')

    def _refresh(self) -> None:
        game, lang = self._game, self.language
        board = tuple(card for row in game.board for card in row)
        line = self.line
        self._grid.show(board, marked=frozenset(line.squares), four_colour=self.four_colour)
        for each in LINES:
            side = side_name(game, each.side, self._names, lang)
            points = self.score_of(each).total if each in self._counted else None
            self._grid.label(each, side, points)
        players = self._t("xc.n_players", n=self.players)
        board_text = self._t("xc.quiz.board", i=self._index + 1, n=len(self.seeds), players=players)
        self._board_text.value = f'<div class="cc-text">{html.escape(board_text)}</div>'
        ask = self._t("xc.quiz.ask", line=line_label(line, lang), starter=str(game.starter))
        self._ask.value = f'<div class="cc-prompt">{html.escape(ask)}</div>'
        tally = self._t("xc.quiz.tally", right=self.right, asked=self.asked)
        self._tally.value = f'<div class="cc-text">{html.escape(tally)}</div>'


def _whole_number(value: object) -> int:
    if isinstance(value, bool):
        raise Refused(key="xc.quiz.bad_number")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        if not text.isdigit():
            raise Refused(key="xc.quiz.bad_number")
        number = int(text)
    if not 0 <= number <= 99:
        raise Refused(key="xc.quiz.bad_number")
    return number

"""The CrossCribb board: a game to 31 on a 5x5 board, against the computer or everyone at one screen.

:class:`CrossCribbBoard` draws a :class:`~widgets.crosscribb.model.CrossCribbBoardModel` (the
game, the seats, the replay) and turns clicks into its moves. It shows the board as cards with the
starter in the centre, each row and column labelled with the side it scores for and what it scores
so far, the card the seat to act has turned up, the open squares as buttons to place it on, a button
to lay it away to the crib, whose crib it is and what each seat still owes it, and a warning when the
round being played can end the game. After each round every line is counted item by item, with the
crib, his heels, the two totals and the margin; with muggins on, each side first announces its own
counts and may claim what the other side missed. The game ends at 31 with a win, a skunk or a double
skunk. The round can be replayed move by move.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Literal

import ipywidgets as w

from cribbage import Card
from cribbage.crosscribb import (
    CROSSCRIBB_LEVELS,
    LINES,
    Announced,
    CountAccepted,
    CrossCribbError,
    CrossCribbGame,
    CrossCribbPhase,
    Line,
    MugginsClaimed,
    Placed,
)
from cribbage.lang.messages import render
from widgets.base.view import Refused, View, guarded, style_tag
from widgets.crosscribb.grid import XC_CSS, BoardGrid, BoardWords, round_count_html, seat_names
from widgets.crosscribb.model import BoardRefusal, CrossCribbBoardModel

__all__ = ["CrossCribbBoard"]

_LOG_LINES = 8
_PLAY, _COUNT, _ROUND_OVER = CrossCribbPhase.PLAY, CrossCribbPhase.COUNT, CrossCribbPhase.ROUND_OVER


class CrossCribbBoard(View):
    """A game of CrossCribb to 31.

    ``CrossCribbBoard(players=2, seat=0, level="expected", seed=1, target=31, language="en", muggins=False)``:
    ``seat`` is the learner's seat (the computer plays the others at ``level``: ``"random"``,
    ``"attack"`` or ``"expected"``, from :data:`cribbage.crosscribb.CROSSCRIBB_LEVELS`), or None for
    hot-seat, where every seat is played here in turn. Same seed, same game.

    Drive it by its buttons (:attr:`square_buttons`, :attr:`lay_away_button`, :attr:`next_round_button`,
    :attr:`new_game_button`, :attr:`replay_buttons`; with muggins :attr:`count_box`,
    :attr:`announce_button`, :attr:`muggins_button`, :attr:`accept_button`) or the methods
    :meth:`place`, :meth:`lay_away`, :meth:`next_round`, :meth:`new_game`, :meth:`announce`,
    :meth:`claim_muggins`, :meth:`accept_count`, :meth:`step_back`, :meth:`step_forward`,
    :meth:`replay_start`, :meth:`replay_end`. A refused move shows why and changes nothing.
    """

    def __init__(self, *, players: int = 2, seat: int | None = 0, level: str = "expected",
                 seed: int | str = 1, target: int = 31, language: str | None = None, four_colour: bool = False,
                 muggins: bool = False) -> None:
        super().__init__(language=language)
        self.four_colour = bool(four_colour)
        self._target = target
        self._style = w.HTML(f"<style>{XC_CSS}</style>", layout=w.Layout(display="none"))

        def labelled(**style: str) -> dict[str, dict[str, str]]:
            return {"style": {"description_width": "initial", **style}}

        self._players_box = w.ToggleButtons(options=[("2", 2), ("3", 3), ("4", 4)],
                                            value=players if players in (2, 3, 4) else 2,
                                            description=self._t("xc.players"), **labelled(button_width="48px"))
        self._mode_box = w.Dropdown(options=[(self._t("xc.mode.computer"), "computer"),
                                             (self._t("xc.mode.hotseat"), "hotseat")],
                                    value="computer" if seat is not None else "hotseat",
                                    layout=w.Layout(width="auto"), **labelled())
        self._level_box = w.Dropdown(options=[(self._t(f"xc.level.{name}"), name) for name in CROSSCRIBB_LEVELS],
                                     value=level if level in CROSSCRIBB_LEVELS else "expected",
                                     description=self._t("xc.level"), layout=w.Layout(width="auto"), **labelled())
        self._seed_box = w.Text(value=str(seed), description=self._t("xc.seed"), layout=w.Layout(width="160px"),
                                **labelled())
        self._muggins_box = w.Checkbox(value=bool(muggins), description=self._t("xc.muggins"), indent=False,
                                       tooltip=self._t("xc.muggins_tip"), layout=w.Layout(width="auto"))
        self._new = self._button("xc.new_game", lambda: self.new_game())
        settings = w.HBox([self._players_box, self._mode_box, self._level_box, self._seed_box, self._muggins_box,
                           self._new], layout=w.Layout(align_items="center", flex_flow="row wrap"))

        self._title, self._status, self._warning = w.HTML(), w.HTML(), w.HTML()
        self._grid = BoardGrid(self.place, self._guard, self.language)
        self._turned, self._crib = w.HTML(), w.HTML()
        self._lay_away = self._button("xc.lay_away", lambda: self.lay_away(), "primary")
        self._next_round = self._button("xc.next_round", lambda: self.next_round(), "primary")
        self._count_box = w.BoundedIntText(value=0, min=0, max=99, layout=w.Layout(width="90px"))
        self._announce = self._button("xc.announce", lambda: self.announce(self._count_box.value), "primary")
        self._claim = self._button("xc.claim", lambda: self.claim_muggins(), "warning")
        self._accept = self._button("xc.accept", lambda: self.accept_count())
        self._counting = w.HBox([self._count_box, self._announce, self._claim, self._accept],
                                layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._replay = {name: self._button(f"xc.replay.{name}", action) for name, action in
                        (("start", lambda: self.replay_start()), ("back", lambda: self.step_back()),
                         ("forward", lambda: self.step_forward()), ("end", lambda: self.replay_end()))}
        for name, button in self._replay.items():
            button.tooltip = self._t(f"xc.replay.{name}_tip")
        self._replay_text = w.HTML()
        side_panel = w.VBox([self._turned, w.HBox([self._lay_away, self._next_round]), self._counting, self._crib],
                            # beside the board where there is room, else under it at the full width
                            # (a fixed 320 px left it a narrow column under the board, its words wrapped)
                            layout=w.Layout(flex="1 1 320px", max_width="640px", margin="0 0 0 14px"))
        side_panel.add_class("cc-xc-panel")
        self._log, self._count, self._result = w.HTML(), w.HTML(), w.HTML()
        replay_bar = w.HBox([*self._replay.values(), self._replay_text], layout=w.Layout(align_items="center"))
        self.children = [style_tag(), self._style, settings, self._title, self._status, self._warning, self._result,
                         self._message, w.HBox([self._grid, side_panel],
                                               layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                         replay_bar, self._log, self._count]
        self._start(CrossCribbBoardModel(players=players, seat=seat, level=level, seed=seed, target=target,
                                         muggins=muggins))

    # What a test or a lesson reads ------------------------------------------------------------------
    @property
    def model(self) -> CrossCribbBoardModel:
        return self._model

    @property
    def game(self) -> CrossCribbGame:
        return self._model.game

    @property
    def seat(self) -> int | None:
        """The learner's seat, or None in hot-seat."""
        return self._model.seat

    names = property(lambda self: self._names, doc='The name shown for each seat.')

    @property
    def square_buttons(self) -> dict[tuple[int, int], w.Button]:
        """The button of every square that may be clicked now (the open squares, on your turn)."""
        return {sq: self._grid.buttons[sq] for sq in self._grid.offered}

    lay_away_button = property(lambda self: self._lay_away)
    next_round_button = property(lambda self: self._next_round)
    new_game_button = property(lambda self: self._new)
    players_chooser = property(lambda self: self._players_box, doc="The number of players for the next new game.")
    mode_chooser = property(lambda self: self._mode_box, doc="Against the computer or hot-seat, for the next new game.")
    seed_box = property(lambda self: self._seed_box, doc="The seed of the next new game.")
    muggins_box = property(lambda self: self._muggins_box, doc='The muggins setting for the next new game.')
    count_box = property(lambda self: self._count_box)
    announce_button = property(lambda self: self._announce)
    muggins_button = property(lambda self: self._claim)
    accept_button = property(lambda self: self._accept)

    @property
    def replay_buttons(self) -> dict[str, w.Button]:
        """``"start"``, ``"back"``, ``"forward"``, ``"end"``."""
        return dict(self._replay)

    replay_step = property(lambda self: self._model.step, doc='The move shown in the replay (0 is the starter alone), or None for the live board.')

    @property
    def shown_board(self) -> tuple[Card | None, ...]:
        """The 25 squares now drawn (row by row): the live board, or the replay's."""
        return self._model.shown()[0]

    @property
    def line_labels(self) -> dict[Line, str]:
        """The text of each line's label, by :class:`~cribbage.crosscribb.Line`."""
        return {line: label.value for line, label in self._grid.labels.items()}

    count_text = property(lambda self: self._count.value)
    result_text = property(lambda self: self._result.value)

    @property
    def warning_text(self) -> str:
        """The warning that the round being played can end the game ("" when it cannot)."""
        return str(self._warning.value)

    @property
    def log_lines(self) -> list[str]:
        return list(self._log_lines)

    turned_text = property(lambda self: self._turned.value)
    crib_text = property(lambda self: self._crib.value)
    status_text = property(lambda self: self._status.value)

    def is_my_turn(self) -> bool:
        """Whether a person at this screen is to act now (always in hot-seat while a round is played)."""
        return self._model.is_my_turn()

    # Settings and a new game ----------------------------------------------------------------------
    def _start(self, model: CrossCribbBoardModel) -> None:
        self._model = model
        game = model.game
        self._names = seat_names(game.players, model.seat, [game.side_of(s) for s in range(game.players)],
                                 self.language)
        self._words = BoardWords(model, self._names, self.language, self.four_colour)
        self._log_lines: list[str] = []
        self._say("")
        self._refresh()

    def new_game(self, *, players: int | None = None, seat: int | Literal["same"] | None = "same",
                 level: str | None = None, seed: int | str | None = None,
                 muggins: bool | None = None) -> None:
        """Start again; what is not given is read from the settings row (players, mode, level, seed, muggins)."""
        players = self._players_box.value if players is None else players
        if seat == "same":
            seat = 0 if self._mode_box.value == "computer" else None
        level = self._level_box.value if level is None else level
        muggins = self._muggins_box.value if muggins is None else muggins
        if seed is None:
            text = self._seed_box.value.strip()
            if not text:
                raise Refused(key="xc.err.seed")
            seed = int(text) if text.lstrip("-").isdigit() else text
        if players not in (2, 3, 4):
            raise Refused(key="xc.err.players")
        self._start(CrossCribbBoardModel(players=players, seat=seat, level=level, seed=seed,
                                         target=self._target, muggins=bool(muggins)))
        self._players_box.value = players
        self._mode_box.value = "computer" if seat is not None else "hotseat"
        self._level_box.value = level
        self._seed_box.value = str(seed)
        self._muggins_box.value = bool(muggins)

    # Moves: the model acts, the view words its refusals --------------------------------------------
    def _act(self, move: Callable[[], object]) -> None:
        try:
            move()
        except BoardRefusal as refusal:
            raise Refused(key=refusal.key, **self._worded(refusal.values)) from None
        except CrossCribbError as error:
            # The engine's own words for its rule, in the learner's language, said as a sentence.
            said = render(error.message, self.language)
            raise Refused(said[:1].upper() + said[1:] + ("" if said.endswith((".", "!", "?")) else ".")) from None
        self._say("")
        self._refresh()

    def _worded(self, values: Mapping[str, object]) -> dict[str, str]:
        """The screen's refusals name a seat: by the name this board gives it."""
        seat = values.get("seat")
        return {"name": self._names[seat]} if isinstance(seat, int) and 0 <= seat < len(self._names) else {}

    @guarded
    def place(self, where: object) -> None:
        """Place the turned card on a square, ``(row, column)`` from 0 or an index 0..24."""
        self._act(lambda: self._model.place(where))

    @guarded
    def lay_away(self) -> None:
        """Lay the turned card away to the crib (you then turn up your next card at once)."""
        self._act(self._model.lay_away)

    @guarded
    def announce(self, points: object) -> None:
        """Muggins: announce the count of the line (or crib) your side is counting."""
        self._act(lambda: self._model.announce(points))

    @guarded
    def claim_muggins(self) -> None:
        """Muggins: take the points the other side's last count missed."""
        self._act(self._model.claim_muggins)

    @guarded
    def accept_count(self) -> None:
        """Muggins: let the other side's last count stand."""
        self._act(self._model.accept_count)

    @guarded
    def next_round(self) -> None:
        """Deal the next round once the count has been shown."""
        self._act(self._model.next_round)

    @guarded
    def step_back(self) -> None:
        """Show the board one move earlier in this round."""
        self._act(self._model.step_back)

    @guarded
    def step_forward(self) -> None:
        """Show the board one move later; past the last move the live board comes back."""
        self._act(self._model.step_forward)

    @guarded
    def replay_start(self) -> None:
        """Show the round's board with the starter alone."""
        self._act(self._model.replay_start)

    @guarded
    def replay_end(self) -> None:
        """Back to the live board."""
        self._act(self._model.replay_end)

    # Drawing ---------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        model, game, lang = self._model, self.game, self.language
        self._words.four_colour = self.four_colour   # a public setting: follow it if changed
        board, crib_size, last_move = model.shown()
        marked = frozenset([last_move.square]) if isinstance(last_move, Placed) else frozenset()
        self._grid.show(board, offered=model.offered_squares(), card=game.turned, marked=marked,
                        four_colour=self.four_colour)
        totals = model.line_totals()
        # With muggins the sides count their own lines: the labels keep the points to themselves
        # until the round is counted.
        hidden = game.muggins and game.phase in (_PLAY, _COUNT)
        for line in LINES:
            self._grid.label(line, self._words.side(line.side), None if hidden else totals[line])

        players = self._t("xc.n_players", n=game.players)
        self._title.value = f'<div class="cc-title">{html.escape(self._t("xc.title", players=players))}</div>'
        scores = self._t("xc.scores", columns=self._words.side(0), a=game.scores[0], rows=self._words.side(1), b=game.scores[1],
                         target=game.target)
        status = self._t("xc.status", round=game.round_number, dealer=self._names[game.dealer],
                         crib=self._words.side(game.dealer_side))
        self._status.value = f'<div class="cc-xc-side"><b>{html.escape(scores)}</b><br>{html.escape(status)}</div>'
        self._warning.value = self._words.warning_html()
        self._turned.value = self._words.prompt_html()
        self._crib.value = self._words.crib_html(crib_size)
        self._draw_buttons()
        self._draw_replay_and_log()
        self._count.value = (round_count_html(game, game.last_round, self._names, lang)
                             if game.phase not in (_PLAY, _COUNT) and game.last_round is not None else "")
        self._result.value = self._words.result_html()

    def _draw_buttons(self) -> None:
        model, game = self._model, self.game
        mine = model.live and model.is_my_turn()
        self._lay_away.disabled = not model.can_lay_away()
        self._lay_away.layout.display = None if game.phase is _PLAY else "none"
        self._next_round.layout.display = None if game.phase is _ROUND_OVER else "none"
        self._next_round.disabled = game.phase is not _ROUND_OVER
        counting = game.phase is _COUNT
        self._counting.layout.display = None if counting and mine else "none"
        answer = game.awaiting_answer
        self._count_box.layout.display = self._announce.layout.display = None if answer is None else "none"
        self._claim.layout.display = self._accept.layout.display = "none" if answer is None else None
        seat = game.to_act
        self._announce.disabled = not (counting and mine and answer is None)
        self._accept.disabled = not (mine and seat is not None and game.can_accept_count(seat))
        # Muggins is always offered when there is a count to answer: finding the miss is the exercise.
        self._claim.disabled = self._accept.disabled

    def _draw_replay_and_log(self) -> None:
        model = self._model
        frames = model.frames()
        at = len(frames) - 1 if model.step is None else model.step
        self._replay["start"].disabled = self._replay["back"].disabled = at == 0
        self._replay["forward"].disabled = self._replay["end"].disabled = model.step is None
        where = (self._t("xc.replay.live") if model.step is None
                 else self._t("xc.replay.frame", i=at, n=len(frames) - 1))
        self._replay_text.value = (f'<span class="cc-text"><b>{html.escape(where)}</b> · '
                                   f'{html.escape(self._words.move_text(frames[at][0]))}</span>')
        # The log: this round's moves and counts so far, newest first.
        moves = [move for move, _b, _c in frames[1:]] + self._counts_logged()
        self._log_lines = [self._words.move_text(move) for move in moves][::-1][:_LOG_LINES]
        title = self._t("xc.log_title")
        self._log.value = (f'<div class="cc-label">{html.escape(title)}</div><div class="cc-xc-log">' +
                           "".join(f"<div>{html.escape(line)}</div>" for line in self._log_lines) + "</div>")

    def _counts_logged(self) -> list[Announced | MugginsClaimed | CountAccepted]:
        game = self.game
        if not game.muggins:
            return []
        return [r for r in game.log if isinstance(r, (Announced, MugginsClaimed, CountAccepted))
                and r.round == game.round_number]


"""The CrossCribb board: a game to 31 on a 5x5 board, against the computer or everyone at one screen.

:class:`CrossCribbBoard` is a view over :class:`cribbage.crosscribb.CrossCribbGame`. It shows the
board as cards with the starter in the centre, each row and column labelled with the side it
scores for and what it scores so far, the card the seat to act has turned up, the open squares as
buttons to place it on, a button to lay it away to the crib, whose crib it is and what each seat
still owes it. The learner plays one seat and the computer the others (``seat=0``), or everyone
plays here in turn (``seat=None``, hot-seat). After each round every line is counted item by item,
with the crib, his heels, the two totals and the margin; the game ends at 31 with a win, a skunk
or a double skunk. The round can be replayed move by move.
"""

from __future__ import annotations

import html
from typing import Optional

import ipywidgets as w

from cribbage import Card
from cribbage.crosscribb import (CENTRE, CROSSCRIBB_LEVELS, LINES, CrossCribbGame, LaidAway, CrossCribbPhase, Placed, CrossCribbPlayer,
                                 StarterTurned, square)

from ._base import Refused, View, guarded, style_tag
from .cards import card_html
from .i18n import cards_text
from .crosscribb_view import XC_CSS, BoardGrid, line_totals, round_count_html, seat_names, side_name, where_text

__all__ = ["CrossCribbBoard"]

_LOG_LINES = 8


class CrossCribbBoard(View):
    """A game of CrossCribb to 31.

    ``CrossCribbBoard(players=2, seat=0, level="expected", seed=1, target=31, language="en")``:
    ``seat`` is the learner's seat (the computer plays the others at ``level``: ``"random"``,
    ``"attack"`` or ``"expected"``, from :data:`cribbage.crosscribb.CROSSCRIBB_LEVELS`), or None for hot-seat,
    where every seat is played here in turn. Same seed, same game.

    Drive it by its buttons (:attr:`square_buttons`, :attr:`lay_away_button`, :attr:`next_round_button`,
    :attr:`new_game_button`, :attr:`replay_buttons`) or the methods :meth:`place`, :meth:`lay_away`,
    :meth:`next_round`, :meth:`new_game`, :meth:`step_back`, :meth:`step_forward`,
    :meth:`replay_start`, :meth:`replay_end`. A refused move shows why and changes nothing.
    """

    def __init__(self, *, players: int = 2, seat: Optional[int] = 0, level: str = "expected",
                 seed: "int | str" = 1, target: int = 31, language: str = "en", four_colour: bool = False) -> None:
        super().__init__(language=language)
        self.four_colour = bool(four_colour)
        self._style = w.HTML(f"<style>{XC_CSS}</style>", layout=w.Layout(display="none"))

        modes = [(self._t("xc.mode.computer"), "computer"), (self._t("xc.mode.hotseat"), "hotseat")]
        self._players_box = w.ToggleButtons(options=[("2", 2), ("3", 3), ("4", 4)],
                                            value=players if players in (2, 3, 4) else 2,
                                            description=self._t("xc.players"),
                                            style={"description_width": "initial", "button_width": "48px"})
        self._mode_box = w.Dropdown(options=modes, value="computer" if seat is not None else "hotseat",
                                    style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self._level_box = w.Dropdown(options=[(self._t(f"xc.level.{name}"), name) for name in CROSSCRIBB_LEVELS],
                                     value=level if level in CROSSCRIBB_LEVELS else "expected", description=self._t("xc.level"),
                                     style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self._seed_box = w.Text(value=str(seed), description=self._t("xc.seed"),
                                style={"description_width": "initial"}, layout=w.Layout(width="160px"))
        self._new = self._button("xc.new_game", lambda: self.new_game())
        settings = w.HBox([self._players_box, self._mode_box, self._level_box, self._seed_box, self._new],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))

        self._title = w.HTML()
        self._status = w.HTML()
        self._grid = BoardGrid(self.place, self._guard, self.language)
        self._turned = w.HTML()
        self._crib = w.HTML()
        self._lay_away = self._button("xc.lay_away", lambda: self.lay_away(), "primary")
        self._next_round = self._button("xc.next_round", lambda: self.next_round(), "primary")
        self._replay = {name: self._button(f"xc.replay.{name}", action) for name, action in
                        (("start", lambda: self.replay_start()), ("back", lambda: self.step_back()),
                         ("forward", lambda: self.step_forward()), ("end", lambda: self.replay_end()))}
        for name, button in self._replay.items():
            button.tooltip = self._t(f"xc.replay.{name}_tip")
        self._replay_text = w.HTML()
        side_panel = w.VBox([self._turned, w.HBox([self._lay_away, self._next_round]), self._crib],
                            layout=w.Layout(width="320px", margin="0 0 0 14px"))
        side_panel.add_class("cc-xc-panel")
        self._log = w.HTML()
        self._count = w.HTML()
        self._result = w.HTML()
        replay_bar = w.HBox([*self._replay.values(), self._replay_text], layout=w.Layout(align_items="center"))
        self.children = [style_tag(), self._style, settings, self._title, self._status, self._result, self._message,
                         w.HBox([self._grid, side_panel], layout=w.Layout(flex_flow="row wrap",
                                                                          align_items="flex-start")),
                         replay_bar, self._log, self._count]
        self._start(players, seat, level, seed, target)

    def _button(self, key: str, action, style: str = "") -> w.Button:
        made = w.Button(description=self._t(key), button_style=style, layout=w.Layout(width="auto"))
        made.on_click(self._guard(lambda _b: action()))
        return made

    # What a test or a lesson reads ------------------------------------------------------------------
    @property
    def game(self) -> CrossCribbGame:
        return self._game

    @property
    def seat(self) -> Optional[int]:
        """The learner's seat, or None in hot-seat."""
        return self._seat

    @property
    def names(self) -> tuple[str, ...]:
        """The name shown for each seat."""
        return self._names

    @property
    def square_buttons(self) -> dict[tuple[int, int], w.Button]:
        """The button of every square that may be clicked now (the open squares, on your turn)."""
        return {sq: self._grid.buttons[sq] for sq in self._grid.offered}

    @property
    def lay_away_button(self) -> w.Button:
        return self._lay_away

    @property
    def next_round_button(self) -> w.Button:
        return self._next_round

    @property
    def new_game_button(self) -> w.Button:
        return self._new

    @property
    def replay_buttons(self) -> dict[str, w.Button]:
        """``"start"``, ``"back"``, ``"forward"``, ``"end"``."""
        return dict(self._replay)

    @property
    def replay_step(self) -> Optional[int]:
        """The move shown in the replay (0 is the starter alone), or None for the live board."""
        return self._step

    @property
    def shown_board(self) -> tuple[Optional[Card], ...]:
        """The 25 squares now drawn (row by row): the live board, or the replay's."""
        return self._shown

    @property
    def line_labels(self) -> dict:
        """The text of each line's label, by :class:`~cribbage.crosscribb.Line`."""
        return {line: label.value for line, label in self._grid.labels.items()}

    @property
    def count_text(self) -> str:
        return self._count.value

    @property
    def result_text(self) -> str:
        return self._result.value

    @property
    def log_lines(self) -> list[str]:
        return list(self._log_lines)

    @property
    def turned_text(self) -> str:
        return self._turned.value

    @property
    def crib_text(self) -> str:
        return self._crib.value

    @property
    def status_text(self) -> str:
        return self._status.value

    def is_my_turn(self) -> bool:
        """Whether a person at this screen is to act now (always in hot-seat while a round is played)."""
        to_act = self._game.to_act
        return to_act is not None and (self._seat is None or to_act == self._seat)

    # Settings and a new game ----------------------------------------------------------------------
    def _start(self, players: int, seat: Optional[int], level: str, seed: "int | str", target: int) -> None:
        if level not in CROSSCRIBB_LEVELS:
            raise ValueError(f"level must be one of {', '.join(CROSSCRIBB_LEVELS)}, not {level!r}")
        game = CrossCribbGame(players, seed=seed, target=target)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1} or None (hot-seat), not {seat!r}")
        self._game = game
        self._seat = seat
        self._level = level
        self._computers: dict[int, CrossCribbPlayer] = {s: CROSSCRIBB_LEVELS[level](f"{seed}/seat {s}") for s in range(players)
                                              if seat is not None and s != seat}
        sides = [game.side_of(s) for s in range(players)]
        self._names = seat_names(players, seat, sides, self.language)
        self._step: Optional[int] = None
        self._log_lines: list[str] = []
        self._round_logged = 0
        self._say("")
        self._run_computers()
        self._refresh()

    def new_game(self, *, players: Optional[int] = None, seat: "Optional[int] | str" = "same",
                 level: Optional[str] = None, seed: "int | str | None" = None) -> None:
        """Start again; what is not given is read from the settings row (players, mode, level, seed)."""
        if players is None:
            players = self._players_box.value
        if seat == "same":
            seat = 0 if self._mode_box.value == "computer" else None
        if level is None:
            level = self._level_box.value
        if seed is None:
            text = self._seed_box.value.strip()
            if not text:
                raise Refused(key="xc.err.seed")
            seed = int(text) if text.lstrip("-").isdigit() else text
        if players not in (2, 3, 4):
            raise Refused(key="xc.err.players")
        self._start(players, seat, level, seed, self._game.target)  # type: ignore[arg-type]
        self._players_box.value = players
        self._mode_box.value = "computer" if seat is not None else "hotseat"
        self._level_box.value = level
        self._seed_box.value = str(seed)

    # Moves -------------------------------------------------------------------------------------------
    def _check_turn(self) -> int:
        game = self._game
        if self._step is not None:
            raise Refused(key="xc.err.replaying")
        if game.phase is CrossCribbPhase.OVER:
            raise Refused(key="xc.err.game_over")
        if game.phase is CrossCribbPhase.ROUND_OVER:
            raise Refused(key="xc.err.round_over")
        if not self.is_my_turn():
            raise Refused(key="xc.err.not_your_turn", name=self._names[game.to_act])  # type: ignore[index]
        return game.to_act  # type: ignore[return-value]

    @guarded
    def place(self, where: object) -> None:
        """Place the turned card on a square, ``(row, column)`` from 0 or an index 0..24."""
        seat = self._check_turn()
        game = self._game
        try:
            sq = square(where)
        except ValueError:
            raise Refused(key="xc.err.square", where=repr(where)) from None
        if sq == CENTRE:
            raise Refused(key="xc.err.centre")
        held = game.at(sq)
        if held is not None:
            raise Refused(key="xc.err.occupied", where=where_text(sq, self.language), card=str(held))
        if game.must_lay_away:
            raise Refused(key="xc.err.forced", card=str(game.turned))
        game.place(seat, sq)
        self._say("")
        self._after_move()

    @guarded
    def lay_away(self) -> None:
        """Lay the turned card away to the crib (you then turn up your next card at once)."""
        seat = self._check_turn()
        game = self._game
        if game.owes(seat) == 0:
            raise Refused(key="xc.err.laid_all", card=str(game.turned))
        game.lay_away(seat)
        self._say("")
        self._after_move()

    @guarded
    def next_round(self) -> None:
        """Deal the next round once the count has been shown."""
        if self._game.phase is CrossCribbPhase.OVER:
            raise Refused(key="xc.err.game_over")
        if self._game.phase is not CrossCribbPhase.ROUND_OVER:
            raise Refused(key="xc.err.still_playing")
        self._game.next_round()
        self._step = None
        self._say("")
        self._after_move()

    def _after_move(self) -> None:
        self._run_computers()
        self._refresh()

    def _run_computers(self) -> None:
        game = self._game
        while game.phase is CrossCribbPhase.PLAY and game.to_act is not None and game.to_act != self._seat \
                and self._seat is not None:
            game.apply(self._computers[game.to_act].choose(game))

    # Replay -----------------------------------------------------------------------------------------
    def _frames(self) -> list:
        return self._game.replay()

    @guarded
    def step_back(self) -> None:
        """Show the board one move earlier in this round."""
        frames = self._frames()
        now = len(frames) - 1 if self._step is None else self._step
        if now == 0:
            raise Refused(key="xc.err.replay_first")
        self._step = now - 1
        self._say("")
        self._refresh()

    @guarded
    def step_forward(self) -> None:
        """Show the board one move later; past the last move the live board comes back."""
        if self._step is None:
            raise Refused(key="xc.err.replay_live")
        frames = self._frames()
        self._step = None if self._step + 1 >= len(frames) - 1 else self._step + 1
        self._say("")
        self._refresh()

    @guarded
    def replay_start(self) -> None:
        """Show the round's board with the starter alone."""
        self._step = 0
        self._say("")
        self._refresh()

    @guarded
    def replay_end(self) -> None:
        """Back to the live board."""
        self._step = None
        self._say("")
        self._refresh()

    # Words -----------------------------------------------------------------------------------------
    def _move_text(self, move: object, reveal: bool) -> str:
        if isinstance(move, StarterTurned):
            text = self._t("xc.move.starter", card=str(move.starter))
            if move.his_heels:
                text += " " + self._t("xc.move.heels", side=self._side(self._game.side_of(self._dealer_of(move))))
            return text
        # Spanish conjugates for "you": the learner's own moves have sentences of their own.
        you = "_you" if move.seat == self._seat else ""
        if isinstance(move, Placed):
            return self._t(f"xc.move.placed{you}", name=self._names[move.seat], card=str(move.card),
                           where=where_text(move.square, self.language))
        assert isinstance(move, LaidAway)
        # Another seat's laid-away card stays face down until the round is counted.
        if reveal or (self._seat is not None and move.seat == self._seat):
            key = ("xc.move.forced" if move.forced else "xc.move.laid_card") + you
            return self._t(key, name=self._names[move.seat], card=str(move.card))
        return self._t("xc.move.laid", name=self._names[move.seat])

    def _dealer_of(self, record: StarterTurned) -> int:
        for entry in self._game.log:
            if getattr(entry, "round", None) == record.round and hasattr(entry, "piles"):
                return entry.dealer  # type: ignore[attr-defined]
        return self._game.dealer

    def _side(self, side: int) -> str:
        return side_name(self._game, side, self._names, self.language)

    # Drawing ---------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        game = self._game
        lang = self.language
        frames = self._frames()
        reveal = game.phase is not CrossCribbPhase.PLAY
        if self._step is None:
            board = tuple(card for row in game.board for card in row)
            crib_size = game.crib_size
            last_move = frames[-1][0]
        else:
            _move, board, crib_size = frames[self._step]
            last_move = _move
        self._shown = board
        live = self._step is None
        offered: frozenset = frozenset()
        if live and self.is_my_turn() and not game.must_lay_away:
            offered = frozenset(game.open_squares())
        marked = frozenset([last_move.square]) if isinstance(last_move, Placed) else frozenset()
        self._grid.show(board, offered=offered, card=game.turned, marked=marked, four_colour=self.four_colour)
        totals = line_totals(board, game.starter)
        for line in LINES:
            side = 0 if line.kind == "column" else 1
            self._grid.label(line, self._side(side), totals[line])

        players = self._t("xc.n_players", n=game.players)
        self._title.value = f'<div class="cc-title">{html.escape(self._t("xc.title", players=players))}</div>'
        scores = self._t("xc.scores", columns=self._side(0), a=game.scores[0], rows=self._side(1), b=game.scores[1],
                         target=game.target)
        status = self._t("xc.status", round=game.round_number, dealer=self._names[game.dealer],
                         crib=self._side(game.dealer_side))
        self._status.value = (f'<div class="cc-xc-side"><b>{html.escape(scores)}</b><br>{html.escape(status)}</div>')

        # The turned card and the prompt.
        if not live:
            turned = f'<div class="cc-prompt">{html.escape(self._t("xc.replay.watching"))}</div>'
        elif game.phase is CrossCribbPhase.PLAY and game.turned is not None:
            seat = game.to_act
            if self._seat is None:
                who = self._t("xc.turn_seat", name=self._names[seat], lines=self._t(f"xc.side.{game.side_of(seat)}"))
            else:
                who = self._t("xc.turn_you", lines=self._t(f"xc.side.{game.side_of(seat)}"))
            if game.must_lay_away:
                prompt = self._t("xc.prompt_forced", card=str(game.turned))
            elif game.owes(seat) == 0:
                prompt = self._t("xc.prompt_no_crib", card=str(game.turned))
            else:
                prompt = self._t("xc.prompt_place", card=str(game.turned))
            turned = (f'<div class="cc-prompt">{html.escape(who)}</div>'
                      f'<div class="cc-xc-turned">'
                      f'{card_html(game.turned, language=lang, four_colour=self.four_colour)}</div>'
                      f'<div class="cc-text">{html.escape(prompt)}</div>')
        elif game.phase is CrossCribbPhase.ROUND_OVER:
            turned = f'<div class="cc-prompt">{html.escape(self._t("xc.round_over"))}</div>'
        else:
            turned = f'<div class="cc-prompt">{html.escape(self._t("xc.game_over"))}</div>'
        self._turned.value = turned
        owed = ", ".join(self._t("xc.owes_one", name=self._names[s], n=game.owes(s)) for s in range(game.players))
        if game.phase is CrossCribbPhase.PLAY:
            crib = self._t("xc.crib", side=self._side(game.dealer_side), n=crib_size)
        else:
            crib = self._t("xc.crib_shown", side=self._side(game.dealer_side), cards=cards_text(game.crib))
        owes = f'<br>{html.escape(self._t("xc.owes", list=owed))}' if game.phase is CrossCribbPhase.PLAY else ""
        self._crib.value = f'<div class="cc-text"><b>{html.escape(crib)}</b>{owes}</div>'

        can_act = live and self.is_my_turn()
        self._lay_away.disabled = not (can_act and game.owes(game.to_act) > 0)  # type: ignore[arg-type]
        self._lay_away.layout.display = None if game.phase is CrossCribbPhase.PLAY else "none"
        self._next_round.layout.display = None if game.phase is CrossCribbPhase.ROUND_OVER else "none"
        self._next_round.disabled = game.phase is not CrossCribbPhase.ROUND_OVER

        # Replay bar.
        at = len(frames) - 1 if self._step is None else self._step
        self._replay["start"].disabled = self._replay["back"].disabled = at == 0
        self._replay["forward"].disabled = self._replay["end"].disabled = self._step is None
        shown = frames[at][0]
        where = self._t("xc.replay.live") if self._step is None else self._t("xc.replay.frame", i=at, n=len(frames) - 1)
        self._replay_text.value = (f'<span class="cc-text"><b>{html.escape(where)}</b> · '
                                   f'{html.escape(self._move_text(shown, reveal))}</span>')

        # The log: this round's moves so far, newest first.
        self._log_lines = [self._move_text(move, reveal) for move, _b, _c in frames[1:]][::-1][:_LOG_LINES]
        title = self._t("xc.log_title")
        self._log.value = (f'<div class="cc-label">{html.escape(title)}</div><div class="cc-xc-log">' +
                           "".join(f"<div>{html.escape(line)}</div>" for line in self._log_lines) + "</div>")

        # The count and the result.
        if game.phase is not CrossCribbPhase.PLAY and game.last_round is not None:
            self._count.value = round_count_html(game, game.last_round, self._names, lang)
        else:
            self._count.value = ""
        if game.result is not None:
            r = game.result
            text = self._t("xc.result", side=self._side(r.winner), high=r.scores[r.winner],
                           low=r.scores[1 - r.winner], margin=r.margin, kind=self._t(f"xc.kind.{r.kind}"),
                           games=r.games)
            self._result.value = f'<div class="cc-xc-result" role="status">{html.escape(text)}</div>'
        else:
            self._result.value = ""

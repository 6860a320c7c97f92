"""The game table: a full game of cribbage against the computer, every score explained as it happens.

:class:`GameTable` is a view over :class:`cribbage.Game`: the board, the computer's hand face down,
the crib (face down until the show), the starter, the count and the current series, your hand as
card buttons (a card is enabled only when the engine allows it), Go, Hint, the show item by item,
a running log of every point in plain words, and the result. You are seat 0, the computer seat 1.
The computer's moves are made between yours, as :mod:`cribbage.terminal` makes them.

With muggins on you count your own hand (the computer takes what you miss), and after each count
the computer makes, the table waits for you to check it: claim muggins or go on.

The guided hands (:mod:`widgets.guided`) are this table in guided mode: each step is explained
before you act, from the engine's own advice, and your move is compared with the expert's.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Optional

import ipywidgets as w

from cribbage import Card
from cribbage.actions import Muggins
from cribbage.discard import advise_discard
from cribbage.events import LogEntry, Phase, ScoreEvent
from cribbage.game import Game
from cribbage.pegging import LEVELS, PlayView, choose_play
from cribbage.players import action_for, player

from ._base import Refused, View, guarded, style_tag
from .board import Board
from .cards import card_html, row_html, suit_class
from .guided import GUIDED_HANDS, GuidedHand
from .i18n import card_name, cards_text, describe_items, number_words, spoken_count, t
from .progress import table_answers

__all__ = ["GameTable", "YOU", "COMPUTER"]

YOU, COMPUTER = 0, 1

# Card backs and the table's own layout; the rest of the look is the course's shared stylesheet.
_TABLE_CSS = """
.cc-back { background: repeating-linear-gradient(45deg, #1f4e79 0 7px, #3b78b0 7px 14px) !important;
  border: 3px solid #fff; outline: 2px solid #1f4e79; }
.cc-top { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
.cc-group { display: flex; flex-direction: column; }
.cc-group .cc-row { padding: 4px 2px 8px 2px; gap: 6px; }
.cc-label { font-size: 17px; font-weight: 700; color: #222; }
.cc-count { font-size: 30px; font-weight: 700; }
.cc-log { max-height: 260px; overflow-y: auto; border: 1px solid #bbb; padding: 4px 10px; background: #fafafa; }
.cc-log div { font-size: 16px; line-height: 1.35; }
.cc-log .cc-log-deal { font-weight: 700; margin-top: 4px; }
.cc-log .cc-log-pts { padding-left: 1.5em; }
.cc-guide { border-left: 6px solid #E69F00; background: #fff6e0; padding: 6px 10px; font-size: 18px; }
.cc-showbox { border: 1px solid #ccc; padding: 4px 10px; margin: 4px 0; }
.cc-prompt { font-size: 20px; font-weight: 700; }
.cc-view select { font-size: 18px; height: 36px; }
.cc-view .widget-toggle-buttons .widget-label { font-size: 18px; }
.cc-result { font-size: 24px; font-weight: 700; border: 3px solid #000; padding: 6px 10px; }
"""


def _back_html(language: str, n: int) -> str:
    label = html.escape(t("table.face_down", language))
    return "".join(f'<span class="cc-card cc-back" role="img" aria-label="{label}" title="{label}"></span>'
                   for _ in range(n))


class GameTable(View):
    """A game against the computer. You are seat 0 (the computer is seat 1).

    ``GameTable(seed=1, level="standard", target=121, muggins=False, language="en", board=True)``.
    ``level`` is the computer's: ``"beginner"``, ``"standard"`` or ``"expert"``. Same seed, same game.
    ``board=False`` leaves the board picture out (the scores still show): for quick scripted runs.

    Drive it with the buttons (:attr:`card_buttons`, :attr:`lay_away_button`, :attr:`go_button`,
    :attr:`hint_button`, :attr:`count_box` and :attr:`count_button`, :attr:`muggins_button`,
    :attr:`go_on_button`, :attr:`next_deal_button`, :attr:`new_game_button`) or the methods of the
    same names. A move the engine refuses (out of turn, a card that does not fit, a count too high)
    shows the engine's reason and changes nothing.
    """

    def __init__(self, *, seed: "int | str" = 1, level: str = "standard", target: int = 121,
                 muggins: bool = False, language: str = "en", four_colour: bool = False,
                 board: bool = True, _game: Optional[Game] = None, _guide: Any = None) -> None:
        super().__init__(language=language)
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.four_colour = bool(four_colour)
        self.games_won = [0, 0]
        self._guide_script = _guide
        self._show_board = bool(board)
        self._names = (self._t("table.you"), self._t("table.computer"))

        # Settings: they take effect with "New game".
        self._level = w.Dropdown(options=[(self._t(f"table.level.{name}"), name) for name in LEVELS],
                                 value=level, description=self._t("table.level"),
                                 style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self._target = w.ToggleButtons(options=[("121", 121), ("61", 61)], value=target,
                                       description=self._t("table.target"),
                                       style={"description_width": "initial", "button_width": "70px"})
        self._muggins_box = w.Checkbox(value=bool(muggins), description=self._t("table.muggins"),
                                       indent=False, layout=w.Layout(width="auto"))
        self._seed = w.Text(value=str(seed), description=self._t("table.seed"),
                            style={"description_width": "initial"}, layout=w.Layout(width="170px"))
        self._new = w.Button(description=self._t("table.new_game"), layout=w.Layout(width="auto"))
        self._new.on_click(self._guard(lambda _b: self.new_game()))
        self._settings = w.HBox([self._level, self._target, self._muggins_box, self._seed, self._new],
                                layout=w.Layout(align_items="center", flex_flow="row wrap"))

        self._title = w.HTML()
        self._status = w.HTML()
        self._board = self._make_board(target if _game is None else _game.target)
        self._top = w.HTML()
        self._play_area = w.HTML()
        self._hand_label = w.HTML()
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._prompt = w.HTML()

        def button(key: str, action, style: str = "") -> w.Button:
            made = w.Button(description=self._t(key), button_style=style, layout=w.Layout(width="auto"))
            made.on_click(self._guard(lambda _b: action()))
            return made

        self._lay_away = button("table.lay_away", lambda: self.lay_away(), "primary")
        self._go = button("table.go", lambda: self.go(), "warning")
        self._hint_button = button("table.hint", lambda: self.hint())
        self._count_box = w.Text(placeholder=self._t("table.count_placeholder"), layout=w.Layout(width="120px"))
        self._count_button = button("table.count", lambda: self.count(self._count_box.value), "primary")
        self._muggins_button = button("table.muggins_claim", lambda: self.muggins())
        self._go_on = button("table.go_on", lambda: self.go_on())
        self._next_deal = button("table.next_deal", lambda: self.next_deal(), "primary")
        self._actions = w.HBox([self._lay_away, self._go, self._count_box, self._count_button,
                                self._muggins_button, self._go_on, self._next_deal, self._hint_button],
                               layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._guide = w.HTML()
        self._hint = w.HTML()
        self._show_panel = w.HTML()
        self._result = w.HTML()
        self._log_box = w.HTML()
        self._pool: list[w.Button] = []
        self._slot_cards: tuple[Card, ...] = ()
        self.children = [style_tag(), w.HTML(f"<style>{_TABLE_CSS}</style>", layout=w.Layout(display="none")),
                         self._title, self._settings, self._status, self._board, self._top, self._play_area,
                         self._guide, self._hand_label, self._hand_box, self._prompt, self._actions,
                         self._message, self._hint, self._result, self._show_panel, self._log_box]
        self._start(_game)

    # The model --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine's game (read it; change it only through the table)."""
        return self._game

    @property
    def level(self) -> str:
        return self._computer.level

    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        """The buttons of the cards you hold now, to drive from Python: ``table.card_buttons[card].click()``."""
        held = set(self._game.hand(YOU))
        return {card: button for card, button in self._card_buttons.items() if card in held}

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards picked to lay away (the discard)."""
        return tuple(self._picked)

    lay_away_button = property(lambda self: self._lay_away)
    go_button = property(lambda self: self._go)
    hint_button = property(lambda self: self._hint_button)
    count_box = property(lambda self: self._count_box)
    count_button = property(lambda self: self._count_button)
    muggins_button = property(lambda self: self._muggins_button)
    go_on_button = property(lambda self: self._go_on)
    next_deal_button = property(lambda self: self._next_deal)
    new_game_button = property(lambda self: self._new)
    level_chooser = property(lambda self: self._level)
    target_chooser = property(lambda self: self._target)
    muggins_chooser = property(lambda self: self._muggins_box)
    seed_box = property(lambda self: self._seed)
    board = property(lambda self: self._board)

    @property
    def log_lines(self) -> list[str]:
        """Everything that happened, in plain words, oldest first."""
        return list(self._log_lines)

    @property
    def prompt(self) -> str:
        return self._prompt_text

    @property
    def hint_text(self) -> str:
        return self._hint_text

    @property
    def guide_text(self) -> str:
        """Guided mode: the explanation of the step now (before you act) and how your last move compared."""
        return self._guide_text

    @property
    def show_text(self) -> str:
        """The counts of this deal's show, item by item, as plain text."""
        return self._show_text

    @property
    def result_text(self) -> str:
        return self._result_text

    @property
    def checking(self) -> bool:
        """Muggins mode: the table waits for you to check the computer's last count."""
        return self._checking

    @classmethod
    def guided(cls, hand: "int | GuidedHand", *, language: str = "en", four_colour: bool = False,
               board: bool = True) -> "GameTable":
        """Guided mode: play guided hand ``hand`` (1, 2 or 3 of :data:`GUIDED_HANDS`, or your own
        :class:`GuidedHand`) against the expert, each step explained before you act."""
        if not isinstance(hand, GuidedHand):
            if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= len(GUIDED_HANDS):
                raise ValueError(f"the guided hands are 1 to {len(GUIDED_HANDS)}, not {hand!r}")
            hand = GUIDED_HANDS[hand - 1]
        game = hand.game()
        return cls(seed=game.seed, level="expert", target=game.target, language=language,
                   four_colour=four_colour, board=board, _game=game, _guide=hand)

    def _make_board(self, target: int) -> Board:
        made = Board(names=self._names, target=target, language=self.language, stepper=False, finishes=(),
                     autodraw=self._show_board)
        # Wide enough to read every hole, narrow enough to leave the cards in sight below it.
        made.layout.max_width = "940px"
        if not self._show_board:
            made.layout.display = "none"
        return made

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def new_game(self, *, seed: "int | str | None" = None, level: Optional[str] = None,
                 target: Optional[int] = None, muggins: Optional[bool] = None) -> None:
        """Start a new game with the settings shown (or the ones given, which are shown too)."""
        if self._guide_script is not None:
            raise Refused(self._t("table.guided_no_new"))
        if level is not None:
            if level not in LEVELS:
                raise Refused(self._t("table.bad_level", value=repr(level)[:30]))
            self._level.value = level
        if target is not None:
            if target not in (121, 61) or isinstance(target, bool):
                raise Refused(self._t("table.bad_target", value=repr(target)[:30]))
            self._target.value = target
        if muggins is not None:
            self._muggins_box.value = bool(muggins)
        if seed is not None:
            self._seed.value = str(seed)
        self._start(None)

    def _read_seed(self) -> "int | str":
        text = self._seed.value.strip()
        if not text or len(text) > 40:
            raise Refused(self._t("table.bad_seed", value=repr(text[:40])))
        try:
            return int(text)
        except ValueError:
            return text

    def _start(self, game: Optional[Game]) -> None:
        if game is None:
            seed = self._read_seed()
            game = Game(seed, target=self._target.value, muggins=self._muggins_box.value)
        self._game = game
        self._computer = player(self._level.value, seed=game.seed)
        if self._board.target != game.target:
            self._board = self._make_board(game.target)
            self.children = tuple(self._board if isinstance(c, Board) else c for c in self.children)
        if self._board.pegs != game.pegs:
            self._board.reset()
        self._shown = 0
        self._log_lines: list[str] = []
        self._log_html: list[str] = []
        self._picked: list[Card] = []
        self._card_buttons: dict[Card, w.Button] = {}
        self._buttons_deal: Any = None
        self._checking = False
        self._advice_key: Any = None
        self._advice: Optional[tuple[str, Any]] = None
        self._hint_text = ""
        self._guide_text = ""
        self._feedback = ""
        self._counted = False
        self.steps: list[dict[str, Any]] = []
        self._settings.layout.display = "none" if self._guide_script is not None else None
        self._say("")
        self._run_computer()
        self._refresh()

    @guarded
    def pick(self, card: Card) -> None:
        """Discard: pick a card to lay away, or put a picked one back. Play: play it."""
        game = self._game
        if self._checking:
            raise Refused(self._t("table.check_first"))
        if game.phase is Phase.DISCARD:
            if game.discards(YOU):
                game.verify_discard(YOU, (card,))  # the engine's reason: already laid away
            if card not in game.hand(YOU):
                raise Refused(self._t("table.not_yours", card=str(card)))
            if card in self._picked:
                self._picked.remove(card)
            elif len(self._picked) >= 2:
                raise Refused(self._t("table.two_only"))
            else:
                self._picked.append(card)
            self._say("")
            self._refresh()
            return
        self.play(card)

    @guarded
    def lay_away(self, cards: Optional[Iterable[Card]] = None) -> None:
        """Lay away the two picked cards (or ``cards``) to the crib."""
        game = self._game
        if self._checking:
            raise Refused(self._t("table.check_first"))
        chosen = tuple(self._picked if cards is None else cards)
        if game.phase is Phase.DISCARD and not game.discards(YOU) and len(chosen) != 2:
            raise Refused(self._t("table.pick_two", n=len(chosen)))
        advice = self._advice_now()
        game.discard(YOU, chosen)
        self._picked = []
        self._judge("discard", advice, chosen)
        self._after_move()

    @guarded
    def play(self, card: Card) -> None:
        """Play ``card`` (refused, with the engine's reason, unless it is your turn and it fits)."""
        if self._checking:
            raise Refused(self._t("table.check_first"))
        advice = self._advice_now()
        self._game.play(YOU, card)
        self._judge("play", advice, card)
        self._after_move()

    @guarded
    def go(self) -> None:
        """Say go (refused while a card of yours fits)."""
        if self._checking:
            raise Refused(self._t("table.check_first"))
        advice = self._advice_now()
        self._game.go(YOU)
        self._judge("play", advice, None)
        self._after_move()

    @guarded
    def count(self, points: Any) -> None:
        """Muggins mode: count your hand (or your crib) as ``points``; short counts can be taken."""
        game = self._game
        if self._checking:
            raise Refused(self._t("table.check_first"))
        if not game.muggins:
            raise Refused(self._t("table.no_counting"))
        n = self._read_points(points)
        game.count_hand(YOU, n)
        self._count_box.value = ""
        self._after_move()

    @guarded
    def muggins(self) -> None:
        """Claim muggins on the computer's last count (refused if it missed nothing)."""
        game = self._game
        if not game.muggins:
            raise Refused(self._t("table.no_counting"))
        if game.muggins_claimant is None and self._checking:
            raise Refused(self._t("table.nothing_missed"))
        game.claim_muggins(YOU)
        self._checking = False
        self._after_move()

    @guarded
    def go_on(self) -> None:
        """Muggins mode: the computer's count is checked; let the game go on."""
        if not self._checking:
            raise Refused(self._t("table.nothing_to_check"))
        self._checking = False
        self._after_move()

    @guarded
    def next_deal(self) -> None:
        """Start the next deal once the show is over."""
        if self._checking:
            raise Refused(self._t("table.check_first"))
        if self._guide_script is not None and self._game.phase is Phase.DEAL_OVER:
            raise Refused(self._t("table.guided_over"))
        self._game.next_deal()
        self._after_move()

    @guarded
    def hint(self) -> None:
        """The expert's advice for the step now: the best keep, or the best card, with the reason."""
        game = self._game
        counting = game.phase is Phase.SHOW and game.to_act == YOU and not self._checking
        self._hint_text = self._advice_text(self._advice_now()) or self._t(
            "table.hint_count" if counting else "table.hint_none")
        self._refresh()

    # The computer and the advice --------------------------------------------------------------
    def _run_computer(self) -> None:
        game = self._game
        while not game.is_over and not self._checking:
            if game.muggins_claimant == COMPUTER:
                game.apply(Muggins(COMPUTER))
            elif game.to_act == COMPUTER:
                entry = game.apply(action_for(self._computer, game, COMPUTER))
                if entry.kind == "count":
                    self._checking = True  # you may claim muggins on it: wait for you to check
            elif game.phase is Phase.DISCARD and not game.discards(COMPUTER):
                # Both lay away at once at a real table: let the computer do it first.
                game.apply(action_for(self._computer, game, COMPUTER))
            else:
                break

    def _after_move(self) -> None:
        self._hint_text = ""
        self._say("")
        self._run_computer()
        self._refresh()

    def _advice_now(self) -> Optional[tuple[str, Any]]:
        """The expert's move for you now: ("discard", KeepOption), ("play", PlayChoice) or None."""
        game = self._game
        key = (game, len(game.log), self._checking)
        if self._advice_key == key:
            return self._advice
        advice: Optional[tuple[str, Any]] = None
        if self._may_advise():
            if game.phase is Phase.DISCARD:
                advice = "discard", advise_discard(game.hand(YOU), dealer=game.dealer == YOU).best
            else:
                advice = "play", choose_play(PlayView.from_game(game, YOU), "expert")
        self._advice_key, self._advice = key, advice
        return advice

    def _may_advise(self) -> bool:
        """Whether there is a move of yours to advise on now (cheap: no advice is computed)."""
        game = self._game
        if game.is_over or self._checking:
            return False
        return (game.phase is Phase.DISCARD and not game.discards(YOU)) or (
            game.phase is Phase.PLAY and game.to_act == YOU)

    def _advice_text(self, advice: Optional[tuple[str, Any]]) -> str:
        if advice is None:
            return ""
        kind, best = advice
        if kind == "discard":
            return self._t("table.hint_discard", away=cards_text(best.discard), keep=cards_text(best.keep),
                           reason=best.reason, net=f"{best.net:+.1f}")
        return self._t("table.hint_play", reason=best.reason)

    def _judge(self, kind: str, advice: Optional[tuple[str, Any]], move: Any) -> None:
        """Guided mode: record the move beside the expert's and say how they compare."""
        if advice is None or self._guide_script is None:
            return
        _, best = advice
        if kind == "discard":
            followed = set(move) == set(best.discard)
            rank = advise_discard(self._game.kept(YOU) + self._game.discards(YOU),
                                  dealer=self._game.dealer == YOU).rank_of(self._game.kept(YOU))
            if followed:
                text = self._t("table.guide_same_discard", cards=cards_text(move))
            else:
                text = self._t("table.guide_other_discard", cards=cards_text(move), best=cards_text(best.discard),
                               reason=best.reason, rank=rank)
            self.steps.append({"phase": "discard", "advised": best.discard, "move": tuple(move),
                               "followed": followed, "reason": best.reason})
        else:
            followed = (move is None and best.card is None) or (
                move is not None and best.card is not None and move.rank == best.card.rank)
            if move is None:
                text = self._t("table.guide_same_go")
            elif followed:
                text = self._t("table.guide_same_play", card=str(move))
            else:
                text = self._t("table.guide_other_play", card=str(move), reason=best.reason)
            self.steps.append({"phase": "play", "advised": best.card, "move": move, "followed": followed,
                               "reason": best.reason})
        self._feedback = text

    def _read_points(self, value: Any) -> int:
        if isinstance(value, bool):
            raise Refused(self._t("table.bad_count", value=repr(value)))
        if isinstance(value, int):
            return value
        text = value.strip() if isinstance(value, str) else repr(value)
        if not text.isdigit() or len(text) > 3:
            raise Refused(self._t("table.bad_count", value=repr(text[:20])))
        return int(text)

    # Words ------------------------------------------------------------------------------------
    def _who(self, seat: Optional[int]) -> str:
        return self._names[seat] if seat is not None else ""

    def _event_text(self, event: ScoreEvent) -> str:
        """One score in plain words: "+2 to you: Fifteen: 7♣ 8♦ for 2"."""
        worth = event.points if event.worth is None else event.worth
        if event.kind in ("hand", "crib"):
            score = event.hand_score
            what = self._t("table.ev_show", whose=self._t(f"table.whose_{event.kind}_{event.player}"),
                           said=spoken_count(score, self.language), total=score.total)
            if worth != score.total:
                what += " " + self._t("table.ev_counted", n=worth, total=score.total)
        elif event.kind == "muggins":
            what = self._t("table.ev_muggins", n=worth)
        elif event.kind in ("go", "last card", "his heels"):
            what = self._t("table.ev_simple", what=self._t(f"item.{event.kind}"), points=worth)
        else:
            name = self._t(f"item.{event.kind}", n=number_words(len(event.cards), self.language))
            what = self._t("item.line", what=name, cards=cards_text(event.cards), points=worth)
        if worth != event.points:
            what += " " + self._t("table.ev_capped", n=event.points)
        return self._t(f"table.ev_to_{event.player}", points=event.points, what=what)

    def _entry_lines(self, entry: LogEntry) -> list[tuple[str, str]]:
        """An entry of the engine's log as lines (css class, text)."""
        kind, who = entry.kind, entry.player
        lines: list[tuple[str, str]] = []
        if kind == "cut for deal":
            a, b = entry.cards
            key = "table.log_cut_again" if a.rank == b.rank else f"table.log_cut_{0 if a.rank < b.rank else 1}"
            lines.append(("", self._t(key, a=str(a), b=str(b))))
        elif kind == "deal":
            lines.append(("cc-log-deal", self._t(f"table.log_deal_{who}", n=entry.deal)))
        elif kind == "discard":
            lines.append(("", self._t(f"table.log_discard_{who}", cards=cards_text(entry.cards))))
        elif kind == "starter":
            lines.append(("", self._t("table.log_starter", card=str(entry.cards[0]))))
        elif kind == "play":
            lines.append(("", self._t(f"table.log_play_{who}", card=str(entry.cards[0]), count=entry.count)))
        elif kind == "go":
            lines.append(("", self._t(f"table.log_go_{who}", count=entry.count)))
        elif kind == "pass":
            lines.append(("", self._t(f"table.log_pass_{who}")))
        elif kind == "reset":
            lines.append(("", self._t("table.log_reset", count=entry.count)))
        elif kind == "end of play":
            lines.append(("", self._t("table.log_end_play")))
        elif kind == "count":
            event = entry.events[0]
            lines.append(("", self._t(f"table.log_count_{'crib' if event.crib else 'hand'}_{who}", n=event.points)))
            # The items show in the show panel once checked: a short count is for the opponent to spot.
            whose = self._t(f"table.whose_{'crib' if event.crib else 'hand'}_{event.player}")
            what = self._t("table.ev_as_counted", whose=whose)
            lines.append(("cc-log-pts", self._t(f"table.ev_to_{event.player}", points=event.points, what=what)))
            return lines
        elif kind == "muggins":
            lines.append(("", self._t(f"table.log_muggins_{who}")))
        elif kind == "game over":
            lines.append(("cc-log-deal", self._result_words()))
        scored = [("cc-log-pts", self._event_text(event)) for event in entry.events]
        if kind in ("reset", "end of play"):
            return scored + lines  # the go or last card is pegged, then the count goes back to 0
        return lines + scored

    def _result_words(self) -> str:
        result = self._game.result
        if result is None:
            return ""
        won, lost = result.scores[result.winner], result.scores[result.loser]
        head = self._t("table.you_win" if result.winner == YOU else "table.computer_wins")
        return f"{head} {self._board.describe_finish(won, lost)}"

    # The view ---------------------------------------------------------------------------------
    def _refresh(self) -> None:
        game = self._game
        for entry in game.log[self._shown:]:
            for css, text in self._entry_lines(entry):
                self._log_lines.append(text)
                self._log_html.append(f'<div class="{css}">{html.escape(text)}</div>')
            for answer in table_answers(entry, game, self._guide_script):
                self.record_answer(**answer)
            if entry.kind == "game over":
                self.games_won[entry.player] += game.result.games
        self._shown = len(game.log)
        phase = game.phase
        your_turn_to_play = phase is Phase.PLAY and game.to_act == YOU and not self._checking

        title = self._t("table.title_guided", title=self._guide_script.title(self.language)) \
            if self._guide_script is not None else self._t("table.title")
        self._title.value = f'<div class="cc-title">{html.escape(title)}</div>'
        dealer = self._t("table.you_deal" if game.dealer == YOU else "table.computer_deals")
        status = self._t("table.status", deal=game.deal_number, dealer=dealer, target=game.target,
                         level=self._t(f"table.level.{self.level}"))
        scores = self._t("table.scores", you=game.scores[YOU], computer=game.scores[COMPUTER])
        tally = self._t("table.games", you=self.games_won[YOU], computer=self.games_won[COMPUTER]) \
            if any(self.games_won) else ""
        # The board shows the scores above its picture; without the board they are said here.
        self._status.value = f'<div class="cc-text">{html.escape(status)}</div>' + (
            "" if self._show_board else f'<div class="cc-big">{html.escape(scores)}</div>') + (
            f'<div class="cc-text">{html.escape(tally)}</div>' if tally else "")
        if self._board.pegs != game.pegs:
            self._board.set_pegs(game.pegs)

        self._top.value = self._top_html()
        self._play_area.value = self._play_html()
        self._hand_label.value = f'<div class="cc-label">{html.escape(self._t("table.your_hand"))}</div>'
        self._refresh_hand(your_turn_to_play)

        discarding = phase is Phase.DISCARD and not game.discards(YOU)
        self._lay_away.layout.display = None if discarding else "none"
        self._lay_away.disabled = len(self._picked) != 2
        self._go.disabled = not (your_turn_to_play and game.can_go(YOU))
        self._go.layout.display = None if phase is Phase.PLAY else "none"
        counting = phase is Phase.SHOW and game.muggins and game.to_act == YOU and not self._checking
        self._count_box.layout.display = self._count_button.layout.display = None if counting else "none"
        self._count_box.disabled = self._count_button.disabled = not counting
        self._muggins_button.layout.display = None if game.muggins and self._checking else "none"
        self._go_on.layout.display = None if self._checking else "none"
        self._muggins_button.disabled = self._go_on.disabled = not self._checking
        deal_over = phase is Phase.DEAL_OVER and not self._checking
        self._next_deal.layout.display = None if deal_over and self._guide_script is None else "none"
        self._next_deal.disabled = not deal_over
        self._hint_button.disabled = not (self._may_advise() or counting)

        self._prompt_text = self._prompt_words()
        self._prompt.value = f'<div class="cc-prompt" role="status">{html.escape(self._prompt_text)}</div>'
        self._hint.value = f'<div class="cc-msg cc-msg-info">{html.escape(self._hint_text)}</div>' \
            if self._hint_text else ""
        self._refresh_guide()
        self._refresh_show()
        self._result_text = self._result_words()
        self._result.value = f'<div class="cc-result" role="status">{html.escape(self._result_text)}</div>' \
            if self._result_text else ""
        heading = html.escape(self._t("table.log_title"))
        self._log_box.value = (f'<div class="cc-label">{heading}</div><div class="cc-log" role="log">'
                               + "".join(reversed(self._log_html)) + "</div>")

    def _top_html(self) -> str:
        game, lang = self._game, self.language
        groups = []
        n = len(game.hand(COMPUTER))
        showing = game.phase in (Phase.SHOW, Phase.DEAL_OVER, Phase.OVER) and game.starter is not None \
            and not game.hand(COMPUTER)
        if showing and game.kept(COMPUTER):
            inner = "".join(card_html(c, language=lang, four_colour=self.four_colour) for c in game.kept(COMPUTER))
            label = self._t("table.whose_hand_1")
        else:
            inner = _back_html(lang, n) or '<span class="cc-card cc-empty" aria-hidden="true"></span>'
            label = self._t("table.computer_hand", n=n)
        groups.append((label, inner))
        crib_label = self._t("table.crib_label_you" if game.dealer == YOU else "table.crib_label_computer")
        crib = game.crib
        if crib is None:
            away = len(game.discards(0)) + len(game.discards(1))
            inner = _back_html(lang, away) or '<span class="cc-card cc-empty" aria-hidden="true"></span>'
        elif showing and self._crib_shown():
            inner = "".join(card_html(c, language=lang, four_colour=self.four_colour) for c in crib)
        else:
            inner = _back_html(lang, 4)
        groups.append((crib_label, inner))
        if game.starter is not None:
            inner = card_html(game.starter, language=lang, four_colour=self.four_colour)
        else:
            inner = '<span class="cc-card cc-empty" aria-hidden="true"></span>'
        groups.append((self._t("card.starter").capitalize(), inner))
        return '<div class="cc-top">' + "".join(
            f'<div class="cc-group"><span class="cc-label">{html.escape(label)}</span><div class="cc-row">{inner}</div></div>'
            for label, inner in groups) + "</div>"

    def _crib_shown(self) -> bool:
        """The crib is turned up when its turn in the show comes."""
        game = self._game
        return game.phase is not Phase.SHOW or (game.counting == "crib" and not self._checking)

    def _play_html(self) -> str:
        game = self._game
        if game.phase is not Phase.PLAY:
            return ""
        label = self._t("table.count_now", count=game.count)
        series = row_html(game.series, language=self.language, four_colour=self.four_colour) if game.series \
            else f'<div class="cc-text">{html.escape(self._t("table.series_empty"))}</div>'
        return f'<div class="cc-count" role="status">{html.escape(label)}</div>{series}'

    def _refresh_hand(self, your_turn_to_play: bool) -> None:
        game = self._game
        if self._buttons_deal != (game, game.deal_number):
            # Six buttons serve every deal, relabelled: making a widget costs far more than changing it.
            self._buttons_deal = (game, game.deal_number)
            self._card_buttons = {}
            for slot, card in enumerate(game.hand(YOU)):
                if slot == len(self._pool):
                    made = w.Button()
                    made.add_class("cc-cardbtn")
                    made.on_click(self._guard(lambda _b, slot=slot: self.pick(self._slot_cards[slot])))
                    self._pool.append(made)
                made = self._pool[slot]
                made.description = str(card)
                made.tooltip = card_name(card, self.language)
                for old in [c for c in made._dom_classes if c.startswith(("cc-red", "cc-black", "cc-c4-"))]:
                    made.remove_class(old)
                made.add_class(suit_class(card.suit, self.four_colour))
                self._card_buttons[card] = made
            self._slot_cards = tuple(game.hand(YOU))
        held = game.hand(YOU)
        discarding = game.phase is Phase.DISCARD and not game.discards(YOU) and not self._checking
        for card, button in self._card_buttons.items():
            if card not in held:
                continue
            enabled = discarding or (your_turn_to_play and game.can_play(YOU, card))
            button.disabled = not enabled
            if card in self._picked:
                button.add_class("cc-selected")
            else:
                button.remove_class("cc-selected")
        shown = tuple(self._card_buttons[card] for card in held if card in self._card_buttons)
        if tuple(self._hand_box.children) != shown:
            self._hand_box.children = shown

    def _prompt_words(self) -> str:
        game = self._game
        if game.is_over:
            return self._t("table.prompt_guided_over" if self._guide_script is not None else "table.prompt_over")
        if self._checking:
            return self._t("table.prompt_check")
        phase = game.phase
        if phase is Phase.DISCARD:
            return self._t(f"table.prompt_discard_{game.dealer}")
        if phase is Phase.PLAY:
            if game.to_act != YOU:
                return self._t("table.prompt_wait")
            if game.can_go(YOU):
                return self._t("table.prompt_go", count=game.count)
            return self._t("table.prompt_play", count=game.count)
        if phase is Phase.SHOW:
            what = game.counting
            return self._t("table.prompt_count_crib" if what == "crib" else "table.prompt_count_hand")
        if phase is Phase.DEAL_OVER:
            if self._guide_script is not None:
                return self._t("table.prompt_guided_over")
            return self._t("table.prompt_next")
        return ""

    def _refresh_guide(self) -> None:
        script = self._guide_script
        if script is None:
            self._guide_text = ""
            self._guide.value = ""
            return
        parts = [script.intro(self.language)] if self._game.deal_number == 1 and not self.steps else []
        if self._feedback:
            parts.append(self._feedback)
        advice = self._advice_now()
        if advice is not None:
            parts.append(self._step_words(advice))
        elif self._game.phase in (Phase.DEAL_OVER, Phase.OVER):
            parts.append(script.outro(self._game, self.language))
        self._guide_text = "\n".join(parts)
        self._guide.value = '<div class="cc-guide" role="note">' + "".join(
            f"<p>{html.escape(p)}</p>" for p in parts) + "</div>"

    def _step_words(self, advice: tuple[str, Any]) -> str:
        """The explanation before you act, in guided mode: where you stand, then the expert's move."""
        game = self._game
        kind, best = advice
        if kind == "discard":
            role = self._t("table.guide_pone_discard" if game.dealer == COMPUTER else "table.guide_dealer_discard")
            return f"{role} {self._advice_text(advice)}"
        if not game.played:
            role = self._t("table.guide_lead")
        elif not game.series:
            role = self._t("table.guide_new_series")
        else:
            role = self._t("table.guide_count", count=game.count, series=cards_text(game.series))
        return f"{role} {self._advice_text(advice)}"

    def _refresh_show(self) -> None:
        game = self._game
        blocks, texts = [], []
        for event in game.events:
            if event.deal != game.deal_number or event.kind not in ("hand", "crib", "muggins"):
                continue
            pending = self._checking and event is game.events[-1] and event.player == COMPUTER
            whose = self._t(f"table.whose_{'crib' if event.crib else 'hand'}_{event.player}")
            if event.kind == "muggins":
                line = self._event_text(event)
                blocks.append(f'<div class="cc-msg cc-msg-error">{html.escape(line)}</div>')
                texts.append(line)
                continue
            score = event.hand_score
            head = self._t("table.show_head", whose=whose, points=event.points)
            body = [head]
            if pending:
                body.append(self._t("table.show_check", n=event.points))
            else:
                body.append("“" + spoken_count(score, self.language) + "”")
                items = describe_items(score, self.language)
                body.extend(item.text for item in items)
                counted = event.points if event.worth is None else event.worth
                if counted < score.total:
                    body.append(self._t("table.show_short", n=counted, total=score.total))
                elif event.points < counted:
                    body.append(self._t("table.ev_capped", n=event.points))
            texts.extend(body)
            cards_row = row_html(event.cards, starter=event.starter, starter_label=self._t("card.starter"),
                                 language=self.language, four_colour=self.four_colour)
            blocks.append('<div class="cc-showbox">' + f'<div class="cc-label">{html.escape(body[0])}</div>'
                          + cards_row + "".join(f'<div class="cc-text">{html.escape(b)}</div>' for b in body[1:])
                          + "</div>")
        self._show_text = "\n".join(texts)
        self._show_panel.value = "".join(blocks)

"""The play, card by card: solved sequences to step through, and a hand to peg against the computer.

:class:`PeggingWalkthrough` steps forward and back through a play the engine has played out from a
chosen deal (:data:`SOLVED_PLAYS`: one with a go, one with a 31, one ending on the last card), and
announces the count and every point with its reason. The learner may predict each step's points
before they are shown. Everything shown comes from the game's log and score events.

:class:`PeggingPractice` deals a seeded hand and lets the learner peg it against a computer player:
the cards that fit are enabled (the game says which), a go button when nothing fits, a hint from
:func:`cribbage.pegging.choose_play` on request, and every point announced as it is pegged.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Sequence

import ipywidgets as w

from cribbage import Card, ScoreItem
from cribbage.events import Phase, ScoreEvent
from cribbage.game import Game
from cribbage.pegging import LEVELS, PlayView, choose_play
from cribbage.players import player as computer_player

from ._base import Refused, View, guarded, style_tag
from .progress import play_answer
from .cards import CardRow, suit_class
from .i18n import card_name, decimal, describe_play_item, t

__all__ = ["SolvedPlay", "SOLVED_PLAYS", "PlayStep", "play_steps", "step_text", "points_texts",
           "PeggingWalkthrough", "PeggingPractice", "hint_text"]

#: Log entries of the play that a view announces, one step each.
_PLAY_KINDS = ("play", "go", "pass", "reset", "end of play")


@dataclass(frozen=True)
class SolvedPlay:
    """A chosen deal, laid away and cut, whose play the engine's expert players play out.

    ``hands`` are seat 0's and seat 1's six cards, ``discards`` the two each lays away (the
    engine's best discard for each, checked in the tests). ``name`` is
    the catalogue key of what the sequence shows.
    """

    name: str
    hands: tuple[str, str]
    starter: str
    dealer: int
    discards: tuple[str, str]

    def game(self) -> Game:
        """The game at the start of the play (the crib laid away, the starter cut)."""
        return Game.from_deal(self.hands, self.starter, dealer=self.dealer, discards=self.discards)

    def play_out(self) -> tuple[Game, int]:
        """The play played out by two expert computer players: the finished game, and where in its
        log the play starts."""
        game = self.game()
        start = len(game.log)
        players = (computer_player("expert", seed=0), computer_player("expert", seed=1))
        while game.phase is Phase.PLAY:
            seat = game.to_act
            card = players[seat].play(game, seat)
            if card is None:
                game.go(seat)
            else:
                game.play(seat, card)
        return game, start

    def steps(self) -> tuple["PlayStep", ...]:
        """The play, step by step (played out once, then kept: the deal never changes)."""
        if self not in _SOLVED_CACHE:
            _SOLVED_CACHE[self] = play_steps(*self.play_out())
        return _SOLVED_CACHE[self]


_SOLVED_CACHE: dict[SolvedPlay, tuple["PlayStep", ...]] = {}


#: The three solved plays. The deals are fixed here; every card played and every point comes from
#: the engine, and ``tests/test_widgets_walkthrough.py`` checks each shows what its name says.
SOLVED_PLAYS: tuple[SolvedPlay, ...] = (
    SolvedPlay("go", ("4D AS 8D KS 10C 9C", "8C 5S 7H 6H 3H 2H"), "7D", dealer=1,
               discards=("AS KS", "2H 3H")),
    SolvedPlay("thirty_one", ("3H 2H 9C 6S 5D 6C", "AC 4C 7D 7S 9H 4S"), "AD", dealer=1,
               discards=("2H 9C", "AC 9H")),
    SolvedPlay("last_card", ("2C KC 2H 3S QC 7D", "KH KS 8C 10D 3D QH"), "7H", dealer=0,
               discards=("7D QC", "8C QH")),
)


@dataclass(frozen=True)
class PlayStep:
    """One step of the play as the log records it, with what the table looks like after it.

    ``kind``: ``"play"``, ``"go"``, ``"pass"``, ``"reset"`` or ``"end of play"``. ``series`` is the
    cards of the series on the table (for a reset or the end: the series just finished); ``count``
    the count after the step (the finished series' count for a reset); ``held`` the cards each seat
    still holds; ``events`` the points the step pegged.
    """

    kind: str
    player: int | None
    card: Card | None
    count: int
    series: tuple[Card, ...]
    held: tuple[tuple[Card, ...], tuple[Card, ...]]
    events: tuple[ScoreEvent, ...]

    @property
    def points(self) -> int:
        return sum(event.points for event in self.events)


def play_steps(game: Game, start: int = 0) -> tuple[PlayStep, ...]:
    """The play of ``game`` from its log (entries ``start`` on), with the series rebuilt step by step."""
    raw = [entry for entry in game.log[start:] if entry.kind in _PLAY_KINDS]
    steps: list[PlayStep] = []
    series: tuple[Card, ...] = ()
    # Hands held are counted back from what was played: the game keeps only the hands of now.
    played_by: list[list[Card]] = [[], []]
    kept = (game.kept(0), game.kept(1))
    for entry in raw:
        if entry.kind == "play":
            series = series + (entry.cards[0],)
            played_by[entry.player].append(entry.cards[0])  # type: ignore[index]
        held = tuple(tuple(c for c in kept[s] if c not in played_by[s]) for s in (0, 1))
        events = tuple(e for e in entry.events if e.phase is Phase.PLAY)
        if entry.kind in ("reset", "end of play"):
            steps.append(PlayStep(entry.kind, entry.player, None, entry.count or 0, series, held, events))  # type: ignore[arg-type]
            series = ()
        else:
            card = entry.cards[0] if entry.kind == "play" else None
            steps.append(PlayStep(entry.kind, entry.player, card, entry.count if entry.count is not None else 0,
                                  series, held, events))  # type: ignore[arg-type]
    return tuple(steps)


# Words -------------------------------------------------------------------------------------------

def _who(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None else ""


def step_text(step: PlayStep, language: str, names: Sequence[str], whom: Sequence[str]) -> str:
    """What happened at ``step``, in words (without its points: see :func:`points_texts`).

    ``names`` label the seats (``"Pone"``, ``"You"``), ``whom`` name them mid-sentence.
    """
    who = _who(names, step.player)
    if step.kind == "play":
        return t("walk.step.play", language, who=who, card=str(step.card), count=step.count)
    if step.kind == "go":
        return t("walk.step.go", language, who=who, count=step.count)
    if step.kind == "pass":
        return t("walk.step.pass", language, who=who)
    if step.kind == "reset":
        if step.count == 31:
            return t("walk.step.reset31", language)
        return t("walk.step.reset_go", language, whom=_who(whom, step.player), count=step.count)
    if step.count == 31:
        return t("walk.step.end31", language)
    return t("walk.step.end", language, whom=_who(whom, step.player))


def points_texts(step: PlayStep, language: str, whom: Sequence[str]) -> list[str]:
    """Every point of ``step`` with its reason: ``"Fifteen: 8♦ 7♥ for 2 (the dealer)"``."""
    out = []
    for event in step.events:
        if event.kind == "go":
            what = t("walk.item.go", language, points=event.points)
        elif event.kind == "last card":
            what = t("walk.item.last card", language, points=event.points)
        else:
            what = describe_play_item(ScoreItem(event.kind, event.cards, event.points), language)
        out.append(t("walk.points", language, what=what, whom=whom[event.player]))
    return out


# Hints in other languages: the engine words its reasons in English; each form it uses is read back
# here and said again from the catalogue. A reason in a form not listed is shown as it is.
_HINT_FORMS: tuple[tuple[str, str], ...] = (
    (r"(?P<verb>lead|play) the (?P<card>\S+): it makes (?P<what>.+)", "walk.hint.makes"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it is your last card that fits, for the go", "walk.hint.last_fits"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): the opponent can't play, so you keep the count going for the most points",
     "walk.hint.keep_going"),
    (r"lead the (?P<card>\S+) from your (?P<held>pair|three \S+s): if they pair it, you answer with a pair royal",
     "walk.hint.from_pair"),
    (r"lead the (?P<card>\S+): a count under 5 can't be made 15", "walk.hint.under5"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it avoids leaving a count of (?P<bad>\d+), which a ten-card makes (?P<made>\d+)",
     "walk.hint.avoid"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it keeps your 5 back to make fifteen later", "walk.hint.keep5"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it gives the opponent the least to score \(about (?P<risk>[\d.]+) after your answer\)",
     "walk.hint.least"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it is the only card that fits", "walk.hint.only"),
    (r"(?P<verb>lead|play) the (?P<card>\S+): it scores nothing but gives little away", "walk.hint.nothing"),
    (r"say go: no card fits under 31 \(the count is (?P<count>\d+)\)", "walk.hint.go"),
    (r"no cards left: pass", "walk.hint.pass"),
)
_MAKES = re.compile(r"(fifteen|31|a pair|a pair royal|a double pair royal|a run of \d+) for (\d+)")


def hint_text(reason: str, language: str = "en") -> str:
    """The engine's hint (``choose_play(...).reason``) in ``language``."""
    if language == "en":
        return reason
    for pattern, key in _HINT_FORMS:
        found = re.fullmatch(pattern, reason)
        if not found:
            continue
        values = found.groupdict()
        verb = t(f"walk.hint.verb.{values.pop('verb', 'lead')}", language)
        if "what" in values:
            parts = []
            for kind, points in _MAKES.findall(values.pop("what")):
                if kind.startswith("a run of"):
                    parts.append(t("walk.hint.run", language, n=kind.split()[-1], points=points))
                else:
                    parts.append(t(f"walk.hint.kind.{kind}", language, points=points))
            values["what"] = t("walk.hint.joiner", language).join(parts)
        if "held" in values:
            held = values["held"]
            values["held"] = t("walk.hint.held.pair" if held == "pair" else "walk.hint.held.more", language,
                               n=3)  # "three sevens": the engine names only pairs and threes
        if "risk" in values:
            values["risk"] = decimal(float(values["risk"]), language, 1)
        return t(key, language, verb=verb, **values)
    return reason


# The walkthrough ----------------------------------------------------------------------------------

class PeggingWalkthrough(View):
    """Step through a solved play, card by card; predict each step's points before they show.

    ``PeggingWalkthrough(sequence=0, *, language="en", predict=True, four_colour=False)``: sequence
    0, 1, 2 of :data:`SOLVED_PLAYS`. Drive it with :meth:`forward`, :meth:`back`, :meth:`restart`,
    :meth:`predict` (or type in :attr:`predict_box` and click :attr:`check_button`), :meth:`reveal`
    and :meth:`choose`. With ``predict=False`` the points show at once.
    """

    def __init__(self, sequence: int = 0, *, language: str = "en", predict: bool = True,
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        self.predicting = bool(predict)
        self.right = 0
        self.wrong = 0
        self._sequence = 0
        self._steps: tuple[PlayStep, ...] = ()
        self._position = 0
        self._revealed: set[int] = set()
        self._predicted: dict[int, int] = {}
        self._game: Game | None = None
        self._four_colour = bool(four_colour)

        self._heading = w.HTML()
        self._choice = w.ToggleButtons(options=[(self._t(f"walk.seq.{p.name}"), i)
                                                for i, p in enumerate(SOLVED_PLAYS)],
                                       value=None, style={"button_width": "auto"})
        self._choice.observe(self._guard(lambda change: self.choose(change["new"])), names="value")
        self._dealer_row = CardRow(language=language, four_colour=four_colour, slots=4)
        self._table_row = CardRow(language=language, four_colour=four_colour)
        self._pone_row = CardRow(language=language, four_colour=four_colour, slots=4)
        self._count = w.HTML()
        self._step_line = w.HTML()
        self._points = w.HTML()
        self._box = w.Text(description=self._t("walk.predict"), placeholder="?",
                           layout=w.Layout(width="260px"), style={"description_width": "initial"})
        self._check = w.Button(description=self._t("walk.check"), layout=w.Layout(width="auto"))
        self._check.on_click(self._guard(lambda _b: self.predict(self._box.value)))
        self._show = w.Button(description=self._t("walk.show"), layout=w.Layout(width="auto"))
        self._show.on_click(self._guard(lambda _b: self.reveal()))
        self._back = w.Button(description=self._t("walk.back"), layout=w.Layout(width="auto"))
        self._back.on_click(self._guard(lambda _b: self.back()))
        self._forward = w.Button(description=self._t("walk.forward"), button_style="primary",
                                 layout=w.Layout(width="auto"))
        self._forward.on_click(self._guard(lambda _b: self.forward()))
        self._restart = w.Button(description=self._t("walk.restart"), layout=w.Layout(width="auto"))
        self._restart.on_click(self._guard(lambda _b: self.restart()))
        self._pegged = w.HTML()
        self._score_line = w.HTML()
        predict_row = w.HBox([self._box, self._check, self._show],
                             layout=w.Layout(align_items="center", flex_flow="row wrap"))
        nav = w.HBox([self._back, self._forward, self._restart],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._labels = [w.HTML(), w.HTML(), w.HTML()]
        self.children = [style_tag(), self._heading, self._choice, self._labels[0], self._dealer_row,
                         self._labels[1], self._table_row, self._count, self._labels[2], self._pone_row,
                         self._step_line, self._points, predict_row, self._message, nav, self._pegged,
                         self._score_line]
        self.choose(sequence)

    # The model --------------------------------------------------------------------------------
    @property
    def sequence(self) -> int:
        return self._sequence

    @property
    def steps(self) -> tuple[PlayStep, ...]:
        return self._steps

    @property
    def position(self) -> int:
        """0 before the first card; ``len(steps)`` at the end of the play."""
        return self._position

    @property
    def step(self) -> PlayStep | None:
        return self._steps[self._position - 1] if self._position else None

    @property
    def at_end(self) -> bool:
        return self._position == len(self._steps)

    @property
    def revealed(self) -> bool:
        """Whether the points of the current step are shown."""
        return not self.predicting or self._position in self._revealed

    @property
    def step_text(self) -> str:
        return self._step_text

    @property
    def points_text(self) -> str:
        return self._points_text

    @property
    def pegged(self) -> tuple[int, int]:
        """Points pegged in the play by seats 0 and 1, up to the step shown (its points if revealed)."""
        upto = self._position if self.revealed else self._position - 1
        totals = [0, 0]
        for step in self._steps[:max(0, upto)]:
            for event in step.events:
                totals[event.player] += event.points
        return totals[0], totals[1]

    @property
    def predict_box(self) -> w.Text:
        return self._box

    @property
    def check_button(self) -> w.Button:
        return self._check

    @property
    def show_button(self) -> w.Button:
        return self._show

    @property
    def forward_button(self) -> w.Button:
        return self._forward

    @property
    def back_button(self) -> w.Button:
        return self._back

    @property
    def score_line(self) -> str:
        return self._t("walk.score_line", right=self.right, wrong=self.wrong)

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def choose(self, sequence: int) -> None:
        """Open solved play ``sequence`` (0, 1 or 2) at its start."""
        if sequence is None:
            return
        if isinstance(sequence, bool) or not isinstance(sequence, int) or not 0 <= sequence < len(SOLVED_PLAYS):
            raise Refused(self._t("walk.bad_sequence", n=repr(sequence)[:20], of=len(SOLVED_PLAYS)))
        solved = SOLVED_PLAYS[sequence]
        game = solved.game()
        self._sequence = sequence
        self._game = game
        self._steps = solved.steps()
        self._revealed = set()
        self._predicted = {}
        if self._choice.value != sequence:
            self._choice.value = sequence
        self._position = 0
        self._say("")
        self._render()

    @guarded
    def forward(self) -> None:
        if self.at_end:
            raise Refused(self._t("walk.at_end"))
        self._position += 1
        self._say("")
        self._render()

    @guarded
    def back(self) -> None:
        if self._position == 0:
            raise Refused(self._t("walk.at_start"))
        self._position -= 1
        self._say("")
        self._render()

    def restart(self) -> None:
        self._position = 0
        self._say("")
        self._render()

    @guarded
    def predict(self, points: Any) -> None:
        """Predict the points of the current step (a number or the text typed)."""
        if self._position == 0:
            raise Refused(self._t("walk.nothing_to_predict"))
        if self.revealed:
            raise Refused(self._t("walk.already_shown"))
        n = _read_points(points, self.language)
        true = self._steps[self._position - 1].points
        self._predicted[self._position] = n
        self._revealed.add(self._position)
        self.record_answer(**play_answer(SOLVED_PLAYS[self._sequence].name, self._position,
                                         self._steps[self._position - 1], n))
        if n == true:
            self.right += 1
            self._say(self._t("walk.right", points=true), "ok")
        else:
            self.wrong += 1
            self._say(self._t("walk.wrong", guess=n, points=true), "error")
        self._render(keep_message=True)

    @guarded
    def reveal(self) -> None:
        """Show the current step's points without predicting."""
        if self._position == 0:
            raise Refused(self._t("walk.nothing_to_predict"))
        self._revealed.add(self._position)
        self._say("")
        self._render()

    # Internals --------------------------------------------------------------------------------
    def _names(self) -> tuple[list[str], list[str]]:
        dealer = SOLVED_PLAYS[self._sequence].dealer
        names, whom = ["", ""], ["", ""]
        names[dealer], names[1 - dealer] = self._t("walk.who.dealer"), self._t("walk.who.pone")
        whom[dealer], whom[1 - dealer] = self._t("walk.whom.dealer"), self._t("walk.whom.pone")
        return names, whom

    def _render(self, keep_message: bool = False) -> None:
        solved = SOLVED_PLAYS[self._sequence]
        game = self._game
        assert game is not None
        names, whom = self._names()
        dealer, pone = solved.dealer, 1 - solved.dealer
        step = self.step
        held = step.held if step else (game.hand(0), game.hand(1))
        series = step.series if step else ()
        count = step.count if step else 0
        title = self._t("walk.title")
        which = self._t("walk.which", n=self._sequence + 1, of=len(SOLVED_PLAYS),
                        name=self._t(f"walk.seq.{solved.name}"))
        self._heading.value = (f'<div class="cc-title">{html.escape(title)}</div>'
                               f'<div class="cc-text">{html.escape(which)} · '
                               f'{html.escape(self._t("walk.starter_is", card=str(game.starter)))}</div>'
                               f'<div class="cc-text"><i>{html.escape(self._t(f"walk.about.{solved.name}"))}</i></div>')
        self._labels[0].value = _label(self._t("walk.holds", who=names[dealer]))
        self._labels[1].value = _label(self._t("walk.table"))
        self._labels[2].value = _label(self._t("walk.holds", who=names[pone]))
        self._dealer_row.set_cards(held[dealer], game.starter, starter_label=self._t("card.starter"))
        self._pone_row.set_cards(held[pone])
        if step and step.card is not None:
            self._table_row.set_cards(series)
            self._table_row.highlight([step.card])
        else:
            self._table_row.set_cards(series)
        if step is None:
            self._step_text = self._t("walk.start", who=names[pone])
            count_text = self._t("walk.count", count=0)
        else:
            self._step_text = self._t("walk.step_of", n=self._position, of=len(self._steps)) + " " + \
                step_text(step, self.language, names, whom)
            after_reset = step.kind == "reset"
            count_text = self._t("walk.count_reset" if after_reset else "walk.count", count=count)
        self._count.value = f'<div class="cc-big" role="status">{html.escape(count_text)}</div>'
        self._step_line.value = f'<div class="cc-text cc-big">{html.escape(self._step_text)}</div>'
        if step is None:
            self._points_text = ""
        elif self.revealed:
            lines = points_texts(step, self.language, whom) or [self._t("walk.no_points")]
            self._points_text = " ".join(lines)
        else:
            self._points_text = self._t("walk.hidden")
        self._points.value = (f'<div class="cc-msg cc-msg-info cc-text">{html.escape(self._points_text)}</div>'
                              if self._points_text else "")
        waiting = step is not None and not self.revealed
        self._box.disabled = self._check.disabled = self._show.disabled = not waiting
        if not keep_message and waiting:
            self._box.value = ""
        self._back.disabled = self._position == 0
        self._forward.disabled = self.at_end
        totals = self.pegged
        self._pegged.value = '<div class="cc-text">' + html.escape(self._t(
            "walk.pegged", a=names[pone], sa=totals[pone], b=names[dealer], sb=totals[dealer])) + "</div>"
        self._score_line.value = (f'<div class="cc-big">{html.escape(self.score_line)}</div>'
                                  if self.predicting else "")


def _label(text: str) -> str:
    return f'<div class="cc-text"><b>{html.escape(text)}</b></div>'


def _read_points(value: Any, language: str) -> int:
    if isinstance(value, bool):
        raise Refused(t("walk.bad_number", language, text=repr(value)))
    if isinstance(value, int):
        n = value
    else:
        text = value if isinstance(value, str) else repr(value)
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        if not re.fullmatch(r"\s*\d{1,3}\s*", text, re.ASCII):
            raise Refused(t("walk.bad_number", language, text=repr(shown)))
        n = int(text)
    if not 0 <= n <= 24:
        raise Refused(t("walk.out_of_range", language, n=n))
    return n


# Pegging practice ---------------------------------------------------------------------------------

class PeggingPractice(View):
    """Peg a hand against the computer, with hints. You are seat 0.

    ``PeggingPractice(seed=0, *, you_deal=False, level="expert", language="en", four_colour=False)``.
    Hand ``k`` (from 0) is dealt by ``Game(f"practice-{seed}-{k}")``; the deal alternates from hand to
    hand. Both discards are made by the expert's advice: this is practice for the play. Drive it with
    :meth:`play` (or :attr:`card_buttons`), :meth:`go` (:attr:`go_button`), :meth:`hint` and
    :meth:`new_hand`.
    """

    YOU = 0
    COMPUTER = 1

    def __init__(self, seed: int = 0, *, you_deal: bool = False, level: str = "expert", language: str = "en",
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.seed = seed
        self.level = level
        self._first_you_deal = bool(you_deal)
        self._hand_number = 0
        self._four_colour = bool(four_colour)
        self._computer = computer_player(level, seed=seed)
        self._game: Game = Game(0)  # replaced by new_hand below
        self._start = 0
        self._lines: list[str] = []
        self._hinted = 0
        self._announced: list[str] = []

        self._heading = w.HTML()
        self._computer_line = w.HTML()
        self._table_row = CardRow(language=language, four_colour=four_colour)
        self._count = w.HTML()
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._buttons: dict[Card, w.Button] = {}
        self._go = w.Button(description=self._t("walk.go"), layout=w.Layout(width="auto"))
        self._go.on_click(self._guard(lambda _b: self.go()))
        self._hint = w.Button(description=self._t("walk.hint"), layout=w.Layout(width="auto"))
        self._hint.on_click(self._guard(lambda _b: self.hint()))
        self._new = w.Button(description=self._t("walk.new_hand"), layout=w.Layout(width="auto"))
        self._new.on_click(self._guard(lambda _b: self.new_hand()))
        self._log = w.HTML()
        self._pegged = w.HTML()
        controls = w.HBox([self._go, self._hint, self._new],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._your_label = w.HTML()
        self._table_label = w.HTML()
        self.children = [style_tag(), self._heading, self._computer_line, self._table_label, self._table_row,
                         self._count, self._your_label, self._hand_box, controls, self._message, self._log,
                         self._pegged]
        self._deal()

    # The model --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game (read it; act through the widget)."""
        return self._game

    @property
    def you_deal(self) -> bool:
        return self._game.dealer == self.YOU

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def play_over(self) -> bool:
        return self._game.phase is not Phase.PLAY

    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        return dict(self._buttons)

    @property
    def go_button(self) -> w.Button:
        return self._go

    @property
    def hint_button(self) -> w.Button:
        return self._hint

    @property
    def new_button(self) -> w.Button:
        return self._new

    @property
    def announcements(self) -> tuple[str, ...]:
        """Everything announced this hand, in order."""
        return tuple(self._announced)

    @property
    def pegged(self) -> tuple[int, int]:
        """Points pegged in this play by you and by the computer."""
        totals = [0, 0]
        for event in self._game.events:
            if event.phase is Phase.PLAY and event.deal == self._game.deal_number:
                totals[event.player] += event.points
        return totals[0], totals[1]

    @property
    def hints_used(self) -> int:
        return self._hinted

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def play(self, card: "Card | str") -> None:
        """Play ``card`` (a Card or text like ``"5H"``); the computer answers at once."""
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except ValueError:
                raise Refused(self._t("err.not_a_card", text=repr(card[:24]))) from None
        if not isinstance(card, Card):
            raise Refused(self._t("err.not_a_card", text=repr(card)[:24]))
        self._check_turn()
        if not self._game.can_play(self.YOU, card):
            self._game.verify_play(self.YOU, card)   # raises the engine's reason
        self._game.play(self.YOU, card)
        self._after_you()

    @guarded
    def go(self) -> None:
        """Say go (only when nothing fits)."""
        self._check_turn()
        self._game.go(self.YOU)
        self._after_you()

    @guarded
    def hint(self) -> None:
        """What the expert would play now, and why."""
        self._check_turn()
        choice = choose_play(PlayView.from_game(self._game, self.YOU), "expert")
        self._hinted += 1
        self._say(self._t("walk.hint_is", hint=hint_text(choice.reason, self.language)), "info")

    def new_hand(self) -> None:
        """Deal the next hand (the deal passes to the other player)."""
        self._hand_number += 1
        self._deal()

    # Internals --------------------------------------------------------------------------------
    def _check_turn(self) -> None:
        if self._game.phase is not Phase.PLAY:
            raise Refused(self._t("walk.play_over_new"))
        if self._game.to_act != self.YOU:
            raise Refused(self._t("walk.not_your_turn"))

    def _deal(self) -> None:
        you_deal = self._first_you_deal != (self._hand_number % 2 == 1)
        dealer = self.YOU if you_deal else self.COMPUTER
        game = Game(f"practice-{self.seed}-{self._hand_number}", dealer=dealer)
        adviser = computer_player("expert", seed=0)
        pone = game.pone
        game.discard(pone, (adviser if pone == self.YOU else self._computer).discard(game, pone))
        game.discard(dealer, (adviser if dealer == self.YOU else self._computer).discard(game, dealer))
        self._game = game
        self._start = len(game.log)
        self._lines = []
        self._hinted = 0
        for entry in game.log:
            if entry.kind == "starter" and entry.events:   # his heels
                self._lines.append(self._t("walk.heels", whom=self._whom()[entry.player], card=str(entry.cards[0])))
        self._say(self._t("walk.discarded", away=" ".join(str(c) for c in game.discards(self.YOU))), "info")
        self._computer_turns()
        self._render()

    def _after_you(self) -> None:
        self._say("")
        self._computer_turns()
        self._render()

    def _computer_turns(self) -> None:
        game = self._game
        while game.phase is Phase.PLAY and game.to_act == self.COMPUTER:
            card = self._computer.play(game, self.COMPUTER)
            if card is None:
                game.go(self.COMPUTER)
            else:
                game.play(self.COMPUTER, card)

    def _whom(self) -> list[str]:
        return [self._t("walk.whom.you"), self._t("walk.whom.computer")]

    def _render(self) -> None:
        game = self._game
        language = self.language
        names = [self._t("walk.who.you"), self._t("walk.who.computer")]
        whom = self._whom()
        steps = play_steps(game, self._start)
        lines = list(self._lines)
        for step in steps:
            text = step_text(step, language, names, whom)
            points = points_texts(step, language, whom)
            lines.append(text + (" " + " ".join(points) if points else ""))
        self._announced = lines
        seat = self._t("walk.you_deal" if self.you_deal else "walk.you_pone")
        self._heading.value = (f'<div class="cc-title">{html.escape(self._t("walk.practice_title"))}</div>'
                               f'<div class="cc-text">{html.escape(self._t("walk.practice_which", n=self._hand_number + 1, seed=self.seed))}'
                               f' · <b>{html.escape(seat)}</b> · '
                               f'{html.escape(self._t("walk.starter_is", card=str(game.starter)))}</div>')
        theirs = len(game.hand(self.COMPUTER)) if game.phase is Phase.PLAY else 0
        self._computer_line.value = f'<div class="cc-text">{html.escape(self._t("walk.computer_holds", n=theirs))}</div>'
        self._table_label.value = _label(self._t("walk.table"))
        series = game.series if game.phase is Phase.PLAY else (steps[-1].series if steps else ())
        self._table_row.set_cards(series)
        if series:
            self._table_row.highlight(series[-1:])   # the card just played, lifted
        if game.phase is Phase.PLAY:
            count_text = self._t("walk.count", count=game.count)
        else:
            count_text = self._t("walk.play_over")
        self._count.value = f'<div class="cc-big" role="status">{html.escape(count_text)}</div>'
        self._your_label.value = _label(self._t("walk.your_cards"))
        held = game.hand(self.YOU) if game.phase is Phase.PLAY else ()
        your_turn = game.phase is Phase.PLAY and game.to_act == self.YOU
        if set(self._buttons) != set(held):
            buttons = {}
            for card in held:
                button = self._buttons.get(card)
                if button is None:
                    button = w.Button(description=str(card), tooltip=card_name(card, language))
                    button.add_class("cc-cardbtn")
                    button.add_class(suit_class(card.suit, self._four_colour))
                    button.on_click(self._guard(lambda _b, card=card: self.play(card)))
                buttons[card] = button
            self._buttons = buttons
            self._hand_box.children = tuple(buttons.values())
        for card, button in self._buttons.items():
            button.disabled = not (your_turn and game.can_play(self.YOU, card))
        self._go.disabled = not (your_turn and game.can_go(self.YOU))
        self._hint.disabled = not your_turn
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self._log.value = f'<ol class="cc-text" style="margin:4px 0 4px 2.4em;padding:0">{items}</ol>' if items else ""
        you, them = self.pegged
        total = self._t("walk.practice_pegged", you=you, them=them)
        if self.play_over:
            total = self._t("walk.practice_done", you=you, them=them)
        self._pegged.value = f'<div class="cc-big">{html.escape(total)}</div>'
        self._new.button_style = "primary" if self.play_over else ""

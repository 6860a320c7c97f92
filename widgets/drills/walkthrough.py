"""The play, card by card: solved sequences to step through, and a hand to peg against the computer.

:class:`PeggingWalkthrough` steps forward and back through a play the engine has played out from a
chosen deal (:data:`SOLVED_PLAYS`: one with a go, one with a 31, one ending on the last card), and
announces the count and every point with its reason. The learner may predict each step's points
before they are shown: a wrong first prediction gets a hint (:func:`play_hint`) and a second try,
the points show after the second wrong try (or on "Show points"). Everything shown comes from the
game's log and score events.

:class:`PeggingPractice` deals a seeded hand and lets the learner peg it against a computer player:
the cards that fit are enabled (the game says which), a go button when nothing fits, a hint from
:func:`cribbage.ai.play_choice.choose_play` on request, and every point announced as it is pegged.

Their state lives in plain objects (:mod:`widgets.drills.pegging_session`): the views show it and ask.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import ipywidgets as w

from cribbage import MAX_COUNT, Card, ScoreItem
from cribbage.lang.messages import render
from cribbage.rules.events import LogKind, Phase, ScoreKind
from cribbage.rules.replay import PlayStep, play_steps
from widgets.base.answers import play_answer
from widgets.base.view import View, close_all, guarded, style_tag
from widgets.blocks.cards import CardRow, suit_class
from widgets.drills.pegging_session import SOLVED_PLAYS, PracticeSession, SolvedPlay, WalkSession
from widgets.i18n import card_name, describe_play_item

__all__ = [
    "SOLVED_PLAYS",
    "PeggingPractice",
    "PeggingWalkthrough",
    "PlayStep",
    "SolvedPlay",
    "play_hint",
    "play_steps",
    "points_texts",
    "step_text",
]

# Words -------------------------------------------------------------------------------------------

def _who(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None else ""


def step_text(step: PlayStep, language: str, names: Sequence[str], whom: Sequence[str]) -> str:
    """What happened at ``step``, in words (without its points: see :func:`points_texts`).

    ``names`` label the seats (``"Pone"``, ``"You"``), ``whom`` name them mid-sentence.
    """
    who = _who(names, step.seat)
    if step.kind is LogKind.PLAY:
        return render("walk.step.play", language, who=who, card=str(step.card), count=step.count)
    if step.kind is LogKind.GO:
        return render("walk.step.go", language, who=who, count=step.count)
    if step.kind is LogKind.PASS:
        return render("walk.step.pass", language, who=who)
    if step.kind is LogKind.RESET:
        if step.count == MAX_COUNT:
            return render("walk.step.reset31", language)
        return render("walk.step.reset_go", language, whom=_who(whom, step.seat), count=step.count)
    if step.count == MAX_COUNT:
        return render("walk.step.end31", language)
    return render("walk.step.end", language, whom=_who(whom, step.seat))


def points_texts(step: PlayStep, language: str, whom: Sequence[str]) -> list[str]:
    """Every point of ``step`` with its reason: ``"Fifteen: 8♦ 7♥ for 2 (the dealer)"``."""
    out = []
    for event in step.events:
        if event.kind is ScoreKind.GO:
            what = render("walk.item.go", language, points=event.points)
        elif event.kind is ScoreKind.LAST_CARD:
            what = render("walk.item.last card", language, points=event.points)
        else:
            what = describe_play_item(ScoreItem(event.kind, event.cards, event.points), language)
        out.append(render("walk.points", language, what=what, whom=whom[event.seat]))
    return out


_PLAY_HINT = {"fifteen": "walk.hint.fifteen", "thirty-one": "walk.hint.thirty_one", "pair": "walk.hint.pair",
              "pair royal": "walk.hint.pair_royal", "double pair royal": "walk.hint.pair_royal",
              "run": "walk.hint.run", "go": "walk.hint.go", "last card": "walk.hint.last_card"}


def play_hint(step: PlayStep, guess: int, language: str | None = None) -> str:
    """What a wrong prediction of ``step``'s points probably missed (or added), in ``language``."""
    if guess > step.points:
        if step.points == 0 and step.kind is LogKind.PLAY:
            return render("walk.hint.nothing", language, count=step.count)
        if step.points == 0:   # a go said, a pass, the count reset: no card was played
            return render("walk.hint.go_said" if step.kind is LogKind.GO else "walk.hint.no_card", language)
        return render("ex.hint.play_too_many", language)
    short = step.points - guess
    events = list(step.events)
    for size in range(1, len(events) + 1):
        for left_out in combinations(events, size):
            if sum(event.points for event in left_out) == short:
                first = left_out[0]
                return render(_PLAY_HINT.get(str(first.kind), "ex.hint.play_more"), language,
                              n=len(first.cards), count=step.count)
    return render("ex.hint.play_more", language)


# The walkthrough ----------------------------------------------------------------------------------

class PeggingWalkthrough(View):
    """Step through a solved play, card by card; predict each step's points before they show.

    ``PeggingWalkthrough(sequence=0, *, language="en", predict=True, four_colour=False)``: sequence
    0, 1, 2 of :data:`SOLVED_PLAYS`. Drive it with :meth:`forward`, :meth:`back`, :meth:`restart`,
    :meth:`predict` (or type in :attr:`predict_box` and click :attr:`check_button`), :meth:`reveal`
    and :meth:`choose`. A wrong first prediction gets a hint and a second try. With
    ``predict=False`` the points show at once. The state lives in :attr:`session`, a :class:`WalkSession`.
    """

    def __init__(self, sequence: int = 0, *, language: str | None = None, predict: bool = True,
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        self.session = WalkSession(predict=predict)
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
        self._check = self._button("walk.check", lambda: self.predict(self._box.value))
        self._show = self._button("walk.show", self.reveal)
        self._back = self._button("walk.back", self.back)
        self._forward = self._button("walk.forward", self.forward, "primary")
        self._restart = self._button("walk.restart", self.restart)
        self._pegged = w.HTML()
        self._score_line = w.HTML()
        self._verdict = w.HTML()
        self._verdict_text = ""
        predict_row = w.HBox([self._box, self._check, self._show],
                             layout=w.Layout(align_items="center", flex_flow="row wrap"))
        nav = w.HBox([self._back, self._forward, self._restart],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._labels = [w.HTML(), w.HTML(), w.HTML()]
        self.children = [style_tag(), self._heading, self._choice, self._labels[0], self._dealer_row,
                         self._labels[1], self._table_row, self._count, self._labels[2], self._pone_row,
                         self._step_line, self._points, predict_row, self._verdict, self._message, nav, self._pegged,
                         self._score_line]
        self.choose(sequence)

    # The session, read through ----------------------------------------------------------------
    predicting = property(lambda self: self.session.predicting)
    right = property(lambda self: self.session.right)
    wrong = property(lambda self: self.session.wrong)
    sequence = property(lambda self: self.session.sequence)
    steps = property(lambda self: self.session.steps)
    position = property(lambda self: self.session.position,
                        doc="0 before the first card; ``len(steps)`` at the end of the play.")
    step = property(lambda self: self.session.step)
    at_end = property(lambda self: self.session.at_end)
    revealed = property(lambda self: self.session.revealed, doc="Whether the points of the current step are shown.")
    pegged = property(lambda self: self.session.pegged,
                      doc="Points pegged in the play by seats 0 and 1, up to the step shown (its points if revealed).")

    step_text = property(lambda self: self._step_text)
    verdict = property(lambda self: self._verdict_text,
                       doc="The verdict on the last prediction of the step shown, a hint after a first wrong one.")
    can_try_again = property(lambda self: self.session.can_try_again)
    heading_html = property(lambda self: self._heading.value, doc="The heading as drawn.")
    pegged_html = property(lambda self: self._pegged.value, doc="What each side pegged, as drawn.")
    sequence_chooser = property(lambda self: self._choice, doc="The toggle buttons that choose a solved play.")
    points_text = property(lambda self: self._points_text)
    predict_box = property(lambda self: self._box)
    check_button = property(lambda self: self._check)
    show_button = property(lambda self: self._show)
    forward_button = property(lambda self: self._forward)
    back_button = property(lambda self: self._back)

    @property
    def score_line(self) -> str:
        return self._t("walk.score_line", right=self.right, wrong=self.wrong)

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def choose(self, sequence: int) -> None:
        """Open solved play ``sequence`` (0, 1 or 2) at its start."""
        if sequence is None:  # the toggle buttons deselected
            return
        self.session.choose(sequence)
        if self._choice.value != sequence:
            self._choice.value = sequence
        self._moved()

    @guarded
    def forward(self) -> None:
        self.session.forward()
        self._moved()

    @guarded
    def back(self) -> None:
        self.session.back()
        self._moved()

    def restart(self) -> None:
        self.session.restart()
        self._moved()

    @guarded
    def predict(self, points: Any) -> None:
        """Predict the points of the current step (a number or the text typed)."""
        guess = self.session.predict(points)
        self._say("")   # a refusal of a bad entry, answered now (before recording: its warning stays)
        step = self.session.step
        assert step is not None  # predict refuses before the first card
        if guess.attempt == 1:
            self.record_answer(**play_answer(self.session.solved.name, self.session.position, step, guess.guess))
        if guess.right:
            parts = [("ok", self._t("walk.right" if guess.attempt == 1 else "walk.right_second", points=guess.points))]
        elif guess.shown:
            parts = [("error", self._t("walk.wrong", guess=guess.guess, points=guess.points))]
        else:
            parts = [("error", self._t("walk.not_yet", guess=guess.guess)),
                     ("info", play_hint(step, guess.guess, self.language)), ("info", self._t("walk.again"))]
        self._show_verdict(parts)
        self._render(keep_message=True)

    @guarded
    def reveal(self) -> None:
        """Show the current step's points without predicting."""
        self.session.reveal()
        self._moved()

    # Internals --------------------------------------------------------------------------------
    def _moved(self) -> None:
        self._say("")
        self._show_verdict([])
        self._render()

    def _show_verdict(self, parts: list[tuple[str, str]]) -> None:
        self._verdict.value = "".join(f'<div class="cc-msg cc-msg-{kind} cc-text" role="status">{html.escape(text)}</div>'
                                      for kind, text in parts)
        self._verdict_text = " ".join(text for _kind, text in parts)

    def _names(self) -> tuple[list[str], list[str]]:
        dealer = self.session.solved.dealer
        names, whom = ["", ""], ["", ""]
        names[dealer], names[1 - dealer] = self._t("walk.who.dealer"), self._t("walk.who.pone")
        whom[dealer], whom[1 - dealer] = self._t("walk.whom.dealer"), self._t("walk.whom.pone")
        return names, whom

    def _render(self, keep_message: bool = False) -> None:
        solved = self.session.solved
        game = self.session.game
        names, whom = self._names()
        dealer, pone = solved.dealer, 1 - solved.dealer
        step = self.step
        held = step.held if step else (game.hand(0), game.hand(1))
        series = step.series if step else ()
        count = step.count if step else 0
        title = self._t("walk.title")
        which = self._t("walk.which", n=self.sequence + 1, of=len(SOLVED_PLAYS),
                        name=self._t(f"walk.seq.{solved.name}"))
        self._heading.value = (f'<div class="cc-title">{html.escape(title)}</div>'
                               f'<div class="cc-text">{html.escape(which)} · '
                               f'{html.escape(self._t("walk.starter_is", card=str(game.starter)))}</div>'
                               f'<div class="cc-text"><i>{html.escape(self._t(f"walk.about.{solved.name}"))}</i></div>')
        self._labels[0].value = _label(self._t("walk.holds.dealer"))
        self._labels[1].value = _label(self._t("walk.table"))
        self._labels[2].value = _label(self._t("walk.holds.pone"))
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
            self._step_text = self._t("walk.step_of", n=self.position, of=len(self.steps)) + " " + \
                step_text(step, self.language, names, whom)
            after_reset = step.kind is LogKind.RESET
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
        self._back.disabled = self.position == 0
        self._forward.disabled = self.at_end
        totals = self.pegged
        self._pegged.value = '<div class="cc-text">' + html.escape(self._t(
            "walk.pegged", a=names[pone], sa=totals[pone], b=names[dealer], sb=totals[dealer])) + "</div>"
        self._score_line.value = (f'<div class="cc-big">{html.escape(self.score_line)}</div>'
                                  if self.predicting else "")


def _label(text: str) -> str:
    return f'<div class="cc-text"><b>{html.escape(text)}</b></div>'


# Pegging practice ---------------------------------------------------------------------------------

class PeggingPractice(View):
    """Peg a hand against the computer, with hints. You are seat 0.

    ``PeggingPractice(seed=0, *, you_deal=False, level="expert", language="en", four_colour=False)``.
    Hand ``k`` (from 0) is dealt by ``Game(f"practice-{seed}-{k}")``; the deal alternates from hand to
    hand. Both discards are made by the expert's advice: this is practice for the play. Drive it with
    :meth:`play` (or :attr:`card_buttons`), :meth:`go` (:attr:`go_button`), :meth:`hint` and
    :meth:`new_hand`. The state lives in :attr:`session`, a :class:`PracticeSession`.
    """

    YOU = PracticeSession.YOU
    COMPUTER = PracticeSession.COMPUTER

    def __init__(self, seed: int = 0, *, you_deal: bool = False, level: str = "expert", language: str | None = None,
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        self.session = PracticeSession(seed, you_deal=you_deal, level=level)
        self._four_colour = bool(four_colour)
        self._announced: list[str] = []

        self._heading = w.HTML()
        self._computer_line = w.HTML()
        self._table_row = CardRow(language=language, four_colour=four_colour)
        self._count = w.HTML()
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._buttons: dict[Card, w.Button] = {}
        self._go = self._button("walk.go", self.go)
        self._hint = self._button("walk.hint", self.hint)
        self._new = self._button("walk.new_hand", self.new_hand)
        self._log = w.HTML()
        self._pegged = w.HTML()
        controls = w.HBox([self._go, self._hint, self._new],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._your_label = w.HTML()
        self._table_label = w.HTML()
        self.children = [style_tag(), self._heading, self._computer_line, self._table_label, self._table_row,
                         self._count, self._your_label, self._hand_box, controls, self._message, self._log,
                         self._pegged]
        self._dealt()

    # The session, read through ----------------------------------------------------------------
    seed = property(lambda self: self.session.seed)
    level = property(lambda self: self.session.level)
    game = property(lambda self: self.session.game, doc="The game (read it; act through the widget).")
    you_deal = property(lambda self: self.session.you_deal)
    hand_number = property(lambda self: self.session.hand_number)
    play_over = property(lambda self: self.session.play_over)
    pegged = property(lambda self: self.session.pegged, doc="Points pegged in this play by you and the computer.")
    hints_used = property(lambda self: self.session.hints_used)
    heading_html = property(lambda self: self._heading.value, doc="The heading as drawn.")
    pegged_html = property(lambda self: self._pegged.value, doc="What each side pegged, as drawn.")

    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        return dict(self._buttons)

    go_button = property(lambda self: self._go)
    hint_button = property(lambda self: self._hint)
    new_button = property(lambda self: self._new)

    @property
    def announcements(self) -> tuple[str, ...]:
        """Everything announced this hand, in order."""
        return tuple(self._announced)

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def play(self, card: Card | str) -> None:
        """Play ``card`` (a Card or text like ``"5H"``); the computer answers at once."""
        self.session.play(card)
        self._say("")
        self._render()

    @guarded
    def go(self) -> None:
        """Say go (only when nothing fits)."""
        self.session.go()
        self._say("")
        self._render()

    @guarded
    def hint(self) -> None:
        """What the expert would play now, and why."""
        choice = self.session.hint()
        self._say(self._t("walk.hint_is", hint=render(choice.message, self.language)), "info")

    def new_hand(self) -> None:
        """Deal the next hand (the deal passes to the other player)."""
        self.session.new_hand()
        self._dealt()

    # Internals --------------------------------------------------------------------------------
    def _dealt(self) -> None:
        self._say(self._t("walk.discarded", away=" ".join(str(c) for c in self.session.laid_away)), "info")
        self._render()

    def _whom(self) -> list[str]:
        return [self._t("walk.whom.you"), self._t("walk.whom.computer")]

    def _render(self) -> None:
        session = self.session
        game = session.game
        language = self.language
        names = [self._t("walk.who.you"), self._t("walk.who.computer")]
        whom = self._whom()
        steps = session.steps
        lines = []
        heels = session.heels
        if heels is not None and heels.seat is not None:
            lines.append(self._t("walk.heels", whom=whom[heels.seat], card=str(heels.cards[0])))
        for step in steps:
            text = step_text(step, language, names, whom)
            points = points_texts(step, language, whom)
            lines.append(text + (" " + " ".join(points) if points else ""))
        self._announced = lines
        seat = self._t("walk.you_deal" if self.you_deal else "walk.you_pone")
        self._heading.value = (f'<div class="cc-title">{html.escape(self._t("walk.practice_title"))}</div>'
                               f'<div class="cc-text">{html.escape(self._t("walk.practice_which", n=self.hand_number + 1, seed=self.seed))}'
                               f' · <b>{html.escape(seat)}</b> · '
                               f'{html.escape(self._t("walk.starter_is", card=str(game.starter)))}</div>')
        theirs = len(game.hand(self.COMPUTER)) if game.phase is Phase.PLAY else 0
        # Once the play is over neither hand is shown: no "holds 0 cards", no heading over nothing.
        self._computer_line.value = (f'<div class="cc-text">{html.escape(self._t("walk.computer_holds", n=theirs))}</div>'
                                     if theirs else "")
        self._table_label.value = _label(self._t("walk.table"))
        series = game.series if game.phase is Phase.PLAY else (steps[-1].series if steps else ())
        self._table_row.set_cards(series)
        if series:
            self._table_row.highlight(series[-1:])   # the card just played, lifted
        count_text = self._t("walk.count", count=game.count) if game.phase is Phase.PLAY else self._t("walk.play_over")
        self._count.value = f'<div class="cc-big" role="status">{html.escape(count_text)}</div>'
        held = game.hand(self.YOU) if game.phase is Phase.PLAY else ()
        self._your_label.value = _label(self._t("walk.your_cards")) if held else ""
        your_turn = session.your_turn
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
            dropped = [button for card, button in self._buttons.items() if card not in buttons]
            self._buttons = buttons
            self._hand_box.children = tuple(buttons.values())
            for button in dropped:  # played or left from the last hand: never shown again
                close_all(button)
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

"""The pegging lessons as plain objects (no ipywidgets): the solved plays and a practice hand.

:class:`SolvedPlay` is a chosen deal whose play two expert players play out; its steps are the
engine's replay of the log (:func:`cribbage.rules.replay.play_steps`). :class:`PracticeSession` is a hand
pegged against a computer player, driven by :class:`cribbage.ai.driver.Driver`: the learner's move,
then the computer's answers, until the learner must move again or the play is over. The views in
:mod:`widgets.drills.walkthrough` show them; the tests drive them directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cribbage import Card, CribbageError
from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player as computer_player
from cribbage.ai.play_choice import LEVELS, PlayChoice
from cribbage.rules.actions import Discard, Go, Play
from cribbage.rules.events import LogEntry, LogKind, Phase
from cribbage.rules.game import Game
from cribbage.rules.replay import PlayStep, play_steps
from widgets.base.refusal import Refused

__all__ = [
    "SOLVED_PLAYS",
    "TRIES_BEFORE_ANSWER",
    "PracticeSession",
    "Prediction",
    "SolvedPlay",
    "WalkSession",
    "read_prediction",
]

#: Wrong predictions of a step before its points are shown, as the lessons' try-its give.
TRIES_BEFORE_ANSWER = 2


@dataclass(frozen=True)
class Prediction:
    """One prediction of a step's points: the guess, the true points, which try it was (1, 2) and
    whether the points are now shown (right, or the last try)."""

    guess: int
    points: int
    attempt: int
    shown: bool

    @property
    def right(self) -> bool:
        return self.guess == self.points


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

    def play_out(self) -> Game:
        """The deal played out to the end of its show by two computer players of the classic expert
        level: the play the lessons describe, kept whatever the default expert learns next."""
        game = self.game()
        players = {0: computer_player("classic", seed=0), 1: computer_player("classic", seed=1)}
        Driver(game, players, next_deal=False).advance()
        return game

    def steps(self) -> tuple[PlayStep, ...]:
        """The play, step by step (played out once, then kept: the deal never changes)."""
        if self not in _SOLVED_CACHE:
            _SOLVED_CACHE[self] = play_steps(self.play_out())
        return _SOLVED_CACHE[self]


_SOLVED_CACHE: dict[SolvedPlay, tuple[PlayStep, ...]] = {}


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


class WalkSession:
    """Stepping through a solved play, as a plain object: which play, the step shown, the steps whose
    points are shown, and the predictions right and wrong.

    With ``predict`` a step's points stay hidden until predicted right, predicted wrong twice (the
    first wrong try may be tried again: :attr:`can_try_again`), or shown (:meth:`reveal`); without it
    they show at once. :attr:`right` and :attr:`wrong` count each step's first prediction, the
    learner's score; a second try is practice.
    """

    def __init__(self, sequence: int = 0, *, predict: bool = True) -> None:
        self.predicting = bool(predict)
        self.right = 0
        self.wrong = 0
        self.sequence = 0
        self.position = 0
        self.steps: tuple[PlayStep, ...] = ()
        self.game: Game
        self._revealed: set[int] = set()
        self._tries: dict[int, list[int]] = {}
        self.choose(sequence)

    @property
    def solved(self) -> SolvedPlay:
        return SOLVED_PLAYS[self.sequence]

    @property
    def step(self) -> PlayStep | None:
        """The step shown (None before the first card)."""
        return self.steps[self.position - 1] if self.position else None

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps)

    @property
    def revealed(self) -> bool:
        """Whether the points of the step shown are shown."""
        return not self.predicting or self.position in self._revealed

    @property
    def tries(self) -> tuple[int, ...]:
        """The predictions made for the step shown."""
        return tuple(self._tries.get(self.position, ()))

    @property
    def can_try_again(self) -> bool:
        """Whether the step shown had a wrong prediction and may be predicted once more."""
        return not self.revealed and bool(self.tries)

    @property
    def pegged(self) -> tuple[int, int]:
        """Points pegged in the play by seats 0 and 1, up to the step shown (its points if revealed)."""
        upto = self.position if self.revealed else self.position - 1
        totals = [0, 0]
        for step in self.steps[:max(0, upto)]:
            for event in step.events:
                totals[event.seat] += event.points
        return totals[0], totals[1]

    def choose(self, sequence: object) -> None:
        """Open solved play ``sequence`` (0, 1 or 2) at its start."""
        if isinstance(sequence, bool) or not isinstance(sequence, int) or not 0 <= sequence < len(SOLVED_PLAYS):
            raise Refused(key="walk.bad_sequence", n=repr(sequence)[:20], of=len(SOLVED_PLAYS) - 1)
        self.sequence = sequence
        self.game = SOLVED_PLAYS[sequence].game()  # at the start of the play
        self.steps = SOLVED_PLAYS[sequence].steps()
        self._revealed = set()
        self._tries = {}
        self.position = 0

    def forward(self) -> None:
        if self.at_end:
            raise Refused(key="walk.at_end")
        self.position += 1

    def back(self) -> None:
        if self.position == 0:
            raise Refused(key="walk.at_start")
        self.position -= 1

    def restart(self) -> None:
        self.position = 0

    def predict(self, points: Any) -> Prediction:
        """Predict the points of the step shown (a number or the text typed). Right, or wrong a
        second time, shows the step's points; a first wrong prediction may be tried again."""
        if self.position == 0:
            raise Refused(key="walk.nothing_to_predict")
        if self.revealed:
            raise Refused(key="walk.already_shown")
        n = read_prediction(points)
        true = self.steps[self.position - 1].points
        tries = self._tries.setdefault(self.position, [])
        tries.append(n)
        if len(tries) == 1:
            if n == true:
                self.right += 1
            else:
                self.wrong += 1
        shown = n == true or len(tries) >= TRIES_BEFORE_ANSWER
        if shown:
            self._revealed.add(self.position)
        return Prediction(n, true, len(tries), shown)

    def reveal(self) -> None:
        """Show the points of the step shown without predicting."""
        if self.position == 0:
            raise Refused(key="walk.nothing_to_predict")
        self._revealed.add(self.position)


def read_prediction(value: Any) -> int:
    """A step's points as typed (0 to 24) or given."""
    if isinstance(value, bool):
        raise Refused(key="walk.bad_number", text=repr(value))
    if isinstance(value, int):
        n = value
    else:
        text = value if isinstance(value, str) else repr(value)
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        if not re.fullmatch(r"\s*\d{1,3}\s*", text, re.ASCII):
            raise Refused(key="walk.bad_number", text=repr(shown))
        n = int(text)
    if not 0 <= n <= 24:
        raise Refused(key="walk.out_of_range", n=n)
    return n


class PracticeSession:
    """A hand pegged against the computer, as a plain object. The learner is seat 0.

    Hand ``k`` (from 0) is dealt by ``Game(f"practice-{seed}-{k}")``; the deal alternates from hand
    to hand, the first dealt by the learner if ``you_deal``. Both discards are made for the players
    (this is practice for the play): the computer's by itself, the learner's by the expert's.
    Each action verifies first and changes nothing when refused (:class:`Refused` or the engine's
    error).
    """

    YOU = 0
    COMPUTER = 1

    def __init__(self, seed: int = 0, *, you_deal: bool = False, level: str = "expert") -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise Refused(key="err.bad_seed", value=repr(seed)[:30])
        if level not in LEVELS:
            raise Refused(key="table.bad_level", value=repr(level)[:30])
        if not isinstance(you_deal, bool):
            raise Refused(key="err.not_yes_no", what="you_deal", value=repr(you_deal)[:30])
        self.seed = seed
        self.level = level
        self.first_you_deal = you_deal
        self.hand_number = 0
        self.hints_used = 0
        self.computer = computer_player(level, seed=seed)
        self._adviser = Adviser()
        self._deal()

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        """The game of this hand (read it; act through the session)."""
        return self._game

    @property
    def you_deal(self) -> bool:
        return self._game.dealer == self.YOU

    @property
    def play_over(self) -> bool:
        return self._game.phase is not Phase.PLAY

    @property
    def your_turn(self) -> bool:
        return self._game.phase is Phase.PLAY and self._game.to_act == self.YOU

    @property
    def steps(self) -> tuple[PlayStep, ...]:
        """The play of this hand so far, step by step."""
        return play_steps(self._game)

    @property
    def heels(self) -> LogEntry | None:
        """The cut, if the starter was a jack (his heels, two to the dealer); else None."""
        return next((entry for entry in self._game.log if entry.kind is LogKind.STARTER and entry.events), None)

    @property
    def laid_away(self) -> tuple[Card, ...]:
        """The two cards laid away for the learner."""
        return self._game.discards(self.YOU)

    @property
    def pegged(self) -> tuple[int, int]:
        """Points pegged in this play by you and by the computer."""
        totals = [0, 0]
        for event in self._game.events:
            if event.phase is Phase.PLAY and event.deal == self._game.deal_number:
                totals[event.seat] += event.points
        return totals[0], totals[1]

    # ------------------------------------------------------------------ actions
    def verify_turn(self) -> None:
        """Refuse unless the learner is to play now."""
        if self._game.phase is not Phase.PLAY:
            raise Refused(key="walk.play_over_new")
        if self._game.to_act != self.YOU:
            raise Refused(key="walk.not_your_turn")

    def play(self, card: Card | str) -> None:
        """Play ``card`` (a Card or text like ``"5H"``); the computer answers at once."""
        if isinstance(card, str):
            text = card
            try:
                card = Card.parse(text)
            except CribbageError:   # the engine's refusal of the text; any other error is a defect
                raise Refused(key="err.not_a_card", text=repr(text[:24])) from None
        if not isinstance(card, Card):
            raise Refused(key="err.not_a_card", text=repr(card)[:24])
        self.verify_turn()
        self._driver.act(Play(self.YOU, card))

    def go(self) -> None:
        """Say go (only when nothing fits)."""
        self.verify_turn()
        self._driver.act(Go(self.YOU))

    def hint(self) -> PlayChoice:
        """What the expert would play now, and why."""
        self.verify_turn()
        choice = self._adviser.hint(self._game, self.YOU)
        self.hints_used += 1
        return choice

    def new_hand(self) -> None:
        """Deal the next hand (the deal passes to the other player)."""
        self.hand_number += 1
        self._deal()

    def _deal(self) -> None:
        you_deal = self.first_you_deal != (self.hand_number % 2 == 1)
        dealer = self.YOU if you_deal else self.COMPUTER
        game = Game(f"practice-{self.seed}-{self.hand_number}", dealer=dealer)
        self._game = game
        self._driver = Driver(game, {self.COMPUTER: self.computer})
        self._driver.advance()  # the computer lays away first
        # The learner's two cards are laid away by the expert player's choice.
        away = computer_player("expert", seed=0).discard(game, self.YOU)
        self._driver.act(Discard(self.YOU, away))
        self.hints_used = 0

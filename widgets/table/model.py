"""The game table as a plain object (no ipywidgets): a game against the computer, or between two
people at one screen, move by move.

:class:`TableSession` holds what :class:`widgets.table.view.GameTable` shows: the :class:`cribbage.Game`,
the computer player and the :class:`cribbage.ai.driver.Driver` that moves it, the cards picked to lay
away, the games won, and in guided mode the expert's advice before each move and how each move
compared. Every action verifies first and changes nothing when refused: a :class:`Refused` naming
a catalogue key, or the engine's own error. The view turns the state into words and buttons.

With two people (``seats=("human", "human")``) every move is made by :attr:`TableSession.seat`, the
person the game waits on, and a hand is shown only to its owner: whenever the seat to act changes
while a hand is private (laying away, the play), the session is :attr:`~TableSession.passing` until
that person says they hold the screen (:meth:`TableSession.reveal`). In the show every card counted
is face up, so nothing is passed; with muggins on, each count waits for the other person to check it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from cribbage import FULL_GAME, TARGETS, Card
from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import KeepOption, advise_discard
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.ai.play_choice import LEVELS, PlayChoice
from cribbage.ai.players import Player
from cribbage.ai.why import explanation
from cribbage.lang.messages import Message
from cribbage.registry.languages import SOURCE
from cribbage.registry.seats import HUMAN, SEATINGS
from cribbage.rules.actions import Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.events import LogEntry, LogKind, Phase
from cribbage.rules.game import Game
from cribbage.stats.calibrated import endgame_chance
from widgets.base.refusal import Refused
from widgets.i18n import render
from widgets.table.guided import GUIDED_HANDS, GuidedHand

__all__ = ["COMPUTER", "YOU", "Advice", "Standing", "Step", "TableSession", "last_deals", "read_seed"]

YOU, COMPUTER = 0, 1

_ADVISER = Adviser()
# A guided hand's hints follow the line it was written for, against the classic expert.
_GUIDED_ADVISER = Adviser(level="classic")


def last_deals(scores: tuple[int, int], target: int) -> bool:
    """Whether a deal from ``scores`` is one of the last: someone is within a quarter of the target
    of home (30 in a game to 121, as the expert's play to the score), where the score decides moves."""
    return target - max(scores) <= target // 4


@dataclass(frozen=True)
class Advice:
    """The expert's move for you now: the best keep (``kind`` :attr:`Phase.DISCARD`) or card
    (:attr:`Phase.PLAY`)."""

    kind: Phase
    best: KeepOption | PlayChoice


@dataclass(frozen=True)
class Step:
    """Guided mode: one move of yours beside the expert's. ``advised`` and ``move`` are the two
    cards laid away (discard) or the card played (None for go); ``why`` is the expert's reason (a
    message a view renders in its language); ``rank`` is where your keep ranks among the fifteen
    (1 is the best)."""

    phase: Phase  #: Phase.DISCARD or Phase.PLAY
    advised: Any
    move: Any
    followed: bool
    why: Message
    rank: int = 1

    @property
    def reason(self) -> str:
        """The expert's reason, in English."""
        return str(self.why)


@dataclass(frozen=True)
class Standing:
    """Where you stand as a deal begins: the scores (yours, the computer's), whether you deal, your
    chance to win the game with its 95% interval (:func:`cribbage.stats.calibrated.endgame_chance`: the
    chance :func:`cribbage.ai.endgame.win_probability` gives, recalibrated, with the margin it was
    measured to have in held-out games) and whether the deal is one of the last (:func:`last_deals`:
    then the words say who needs how many and who counts first). ``next`` is True when the deal is the
    coming one (the show is over)."""

    mine: int
    theirs: int
    dealer: bool
    chance: float
    low: float                #: the 95% interval of ``chance``
    high: float
    close: bool               #: one of the last deals
    next: bool
    target: int = FULL_GAME

    @property
    def needs(self) -> tuple[int, int]:
        """The points you and the computer need to win."""
        return self.target - self.mine, self.target - self.theirs


def read_seed(text: str) -> int | str:
    """A seed as typed: a whole number, or up to 40 characters of text."""
    text = text.strip()
    if not text or len(text) > 40:
        raise Refused(key="table.bad_seed", value=repr(text[:40]))
    try:
        return int(text)
    except ValueError:
        return text


class TableSession:
    """A game against the computer, as a plain object. You are seat 0, the computer seat 1.

    ``TableSession(seed=1, level="standard", target=121, muggins=False)``; ``guide`` plays a
    :class:`~widgets.table.guided.GuidedHand` against the expert instead (see :meth:`guided`).
    ``seats=("human", "human")`` seats two people at one screen (no computer; ``names`` are theirs,
    used in the refusals that name a person).
    """

    _game: Game
    _computer: Player
    _driver: Driver
    _level: str
    _picked: list[Card]
    _hinted: bool
    _advice_key: Any
    _advice: Advice | None
    _standing_key: Any
    _standing: Standing | None
    _steps: list[Step]
    _news: list[LogEntry]
    _check_by: int | None
    _revealed: int | None
    # What the expert saw behind the advice (the hint's second sentence), and the advice it is of.
    _seen: tuple[Advice, Message | None] | None = None

    def __init__(self, *, seed: int | str = 1, level: str = "standard", target: int = FULL_GAME,
                 muggins: bool = False, game: Game | None = None, guide: GuidedHand | None = None,
                 seats: tuple[str, str] = SEATINGS[0], names: tuple[str, str] | None = None) -> None:
        if level not in LEVELS:
            raise Refused(key="table.bad_level", value=repr(level)[:30])
        seats = tuple(seats) if isinstance(seats, list) else seats
        if not isinstance(seats, tuple) or seats not in SEATINGS:
            raise Refused(key="table.bad_seats", value=repr(seats)[:40],
                          choices=" · ".join(",".join(seating) for seating in SEATINGS))
        if guide is not None and seats != SEATINGS[0]:
            raise Refused(key="table.guided_alone")
        self.seats = seats
        self.people = tuple(seat for seat, kind in enumerate(seats) if kind == HUMAN)
        self.names = names if names is not None else (render("table.two.player", SOURCE, n=1),
                                                      render("table.two.player", SOURCE, n=2))
        self.guide = guide
        self.games_won = [0, 0]
        self._start(game if game is not None else Game(seed, target=target, muggins=muggins), level)

    @classmethod
    def guided(cls, hand: int | GuidedHand) -> TableSession:
        """Guided hand ``hand`` (1, 2 or 3 of :data:`~widgets.table.guided.GUIDED_HANDS`, or your own)."""
        if not isinstance(hand, GuidedHand):
            if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= len(GUIDED_HANDS):
                raise Refused(key="err.no_guided", n=len(GUIDED_HANDS), value=repr(hand)[:30])
            hand = GUIDED_HANDS[hand - 1]
        return cls(level="expert", game=hand.game(), guide=hand)

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        """The engine's game (read it; change it only through the session)."""
        return self._game

    @property
    def computer(self) -> Player:
        return self._computer

    @property
    def two_people(self) -> bool:
        """Two people play each other at this screen."""
        return len(self.people) == 2

    @property
    def seat(self) -> int:
        """The person the table waits on: you against the computer; with two people, the one to lay away,
        play, count or check a count now (seat 0 when anyone may start the next deal)."""
        if not self.two_people:
            return YOU
        if self._check_by is not None:
            return self._check_by
        waiting = self._driver.waiting
        return YOU if waiting is None else waiting

    @property
    def passing(self) -> bool:
        """Two people: the screen is to be passed to :attr:`seat` before their hand is shown (their
        turn to lay away or play has come, and the hand on the screen, if any, is the other's)."""
        game = self._game
        return (self.two_people and not game.is_over and game.phase in (Phase.DISCARD, Phase.PLAY)
                and self._revealed != self.seat)

    @property
    def shown_seat(self) -> int | None:
        """Whose hand may be on the screen now: yours against the computer; with two people, the seat to
        act once the screen is passed (None while it is being passed, and from the show on)."""
        if not self.two_people:
            return YOU
        if self.passing or self._game.phase not in (Phase.DISCARD, Phase.PLAY):
            return None
        return self.seat

    @property
    def level(self) -> str:
        """The level chosen for the computer (a guided hand plays the classic expert under it)."""
        return self._level

    @property
    def picked(self) -> tuple[Card, ...]:
        """The cards picked to lay away (the discard)."""
        return tuple(self._picked)

    @property
    def checking(self) -> bool:
        """Muggins mode: the table waits for you to check the computer's last count (with two people,
        for :attr:`seat` to check the other's)."""
        return self._driver.checking or self._check_by is not None

    @property
    def hinted(self) -> bool:
        """Whether the hint was asked for since your last move."""
        return self._hinted

    @property
    def steps(self) -> list[Step]:
        """Guided mode: your moves so far beside the expert's."""
        return self._steps

    @property
    def discarding(self) -> bool:
        """You have two cards to lay away now."""
        game = self._game
        return (game.phase is Phase.DISCARD and not game.discards(self.seat) and not self.checking
                and not self.passing)

    @property
    def your_turn_to_play(self) -> bool:
        game = self._game
        return game.phase is Phase.PLAY and game.to_act == self.seat and not self.checking and not self.passing

    @property
    def counting(self) -> bool:
        """Muggins mode: you count your hand or crib now."""
        game = self._game
        return game.phase is Phase.SHOW and game.muggins and game.to_act == self.seat and not self.checking

    @property
    def deal_over(self) -> bool:
        return self._game.phase is Phase.DEAL_OVER and not self.checking

    @property
    def crib_shown(self) -> bool:
        """The crib is turned up when its turn in the show comes."""
        game = self._game
        return game.phase is not Phase.SHOW or (game.counting == "crib" and not self.checking)

    def playable(self, card: Card) -> bool:
        """Whether clicking ``card`` does something now: pick it to lay away, or play it."""
        return self.discarding or (self.your_turn_to_play and self._game.can_play(self.seat, card))

    def may_advise(self) -> bool:
        """Whether there is a move of yours (of :attr:`seat`'s) to advise on now (cheap: no advice is
        computed); never while the screen is being passed."""
        game = self._game
        if game.is_over or self.checking or self.passing:
            return False
        return (game.phase is Phase.DISCARD and not game.discards(self.seat)) or (
            game.phase is Phase.PLAY and game.to_act == self.seat)

    def advice(self) -> Advice | None:
        """The expert's move for you (for :attr:`seat`) now (the hint, and the guided step's
        explanation), or None."""
        game = self._game
        seat = self.seat
        key = (game, len(game.log), self.checking, seat, self.passing)
        if self._advice_key != key:
            found: Advice | None = None
            if self.may_advise():
                adviser = _ADVISER if self.guide is None else _GUIDED_ADVISER
                if game.phase is Phase.DISCARD:
                    found = Advice(Phase.DISCARD, adviser.keep(game, seat))
                else:
                    found = Advice(Phase.PLAY, adviser.hint(game, seat))
            self._advice_key, self._advice = key, found
        return self._advice

    def seen(self) -> Message | None:
        """What the expert saw behind the advice now, as facts of the table a learner can check
        (:func:`cribbage.ai.why.explanation`), or None; worked out only when the hint asks for it."""
        advice = self.advice()
        if advice is None:
            return None
        if self._seen is None or self._seen[0] is not advice:
            facts = _ADVISER.explain(self._game, self.seat, advice.best)
            self._seen = (advice, None if facts is None else explanation(facts))
        return self._seen[1]

    def standing(self) -> Standing | None:
        """Where you stand: from the scores this deal began with (or, once its show is over, from the
        scores now for the next deal); None once the game is over."""
        game = self._game
        if game.is_over:
            return None
        nxt = game.phase is Phase.DEAL_OVER
        key = (game, game.deal_number, nxt)
        if self._standing_key != key:
            if nxt:
                mine, theirs = game.scores[YOU], game.scores[COMPUTER]
                dealer = game.dealer != YOU
            else:
                def before(seat: int) -> int:  # the score this deal began with
                    return game.start_scores[seat] + sum(
                        e.points for e in game.events if e.seat == seat and e.deal < game.deal_number)
                mine, theirs = before(YOU), before(COMPUTER)
                dealer = game.dealer == YOU
            chance, low, high = endgame_chance(mine, theirs, dealer=dealer, target=game.target)
            self._standing_key, self._standing = key, Standing(mine, theirs, dealer, chance, low, high,
                                                               last_deals((mine, theirs), game.target), nxt,
                                                               game.target)
        return self._standing

    def take_news(self) -> tuple[LogEntry, ...]:
        """The game's log entries since the last call: what the view has yet to tell."""
        news, self._news = tuple(self._news), []
        return news

    # ------------------------------------------------------------------ actions
    def verify_new_game(self, *, level: str, target: int) -> None:
        if self.guide is not None:
            raise Refused(key="table.guided_no_new")
        if level not in LEVELS:
            raise Refused(key="table.bad_level", value=repr(level)[:30])
        if target not in TARGETS or isinstance(target, bool):
            raise Refused(key="table.bad_target", value=repr(target)[:30])

    def new_game(self, *, seed: int | str, level: str, target: int, muggins: bool) -> None:
        """Start a new game with these settings (the games won are kept)."""
        self.verify_new_game(level=level, target=target)
        self._start(Game(seed, target=target, muggins=bool(muggins)), level)

    def reveal(self) -> None:
        """Two people: the person to act holds the screen now; show them their hand."""
        if not self.passing:
            raise Refused(key="table.two.nothing_to_pass")
        self._revealed = self.seat
        self._picked = []
        self._hinted = False

    def pick(self, card: Card) -> bool:
        """Discard: pick a card to lay away, or put a picked one back (returns True). Play: play it
        (returns False)."""
        game = self._game
        self._verify_not_checking()
        if game.phase is not Phase.DISCARD:
            self.play(card)
            return False
        self._verify_not_passing()
        seat = self.seat
        if game.discards(seat):
            game.verify_discard(seat, (card,))  # the engine's reason: already laid away
        if card not in game.hand(seat):
            raise Refused(key="table.not_yours", card=str(card))
        if card in self._picked:
            self._picked.remove(card)
        elif len(self._picked) >= 2:
            raise Refused(key="table.two_only")
        else:
            self._picked.append(card)
        return True

    def lay_away(self, cards: Iterable[Card] | None = None) -> None:
        """Lay away the two picked cards (or ``cards``) to the crib."""
        game = self._game
        self._verify_not_checking()
        self._verify_not_passing()
        seat = self.seat
        try:
            chosen = tuple(self._picked if cards is None else islice(cards, 3))  # two, or refused
        except TypeError:
            raise Refused(key="err.not_cards", value=repr(cards)[:30]) from None
        if game.phase is Phase.DISCARD and not game.discards(seat) and len(chosen) != 2:
            raise Refused(key="table.pick_two", n=len(chosen))
        advice = self.advice()
        self._act(Discard(seat, chosen))  # type: ignore[arg-type]  # the game says if it is not two
        self._picked = []
        self._judge(advice, chosen)

    def play(self, card: Card) -> None:
        """Play ``card`` (refused, with the engine's reason, unless it is your turn and it fits)."""
        self._verify_not_checking()
        self._verify_not_passing()
        advice = self.advice()
        self._act(Play(self.seat, card))
        self._judge(advice, card)

    def go(self) -> None:
        """Say go (refused while a card of yours fits)."""
        self._verify_not_checking()
        self._verify_not_passing()
        advice = self.advice()
        self._act(Go(self.seat))
        self._judge(advice, None)

    def count(self, points: Any) -> None:
        """Muggins mode: count your hand (or your crib) as ``points``; short counts can be taken."""
        self._verify_not_checking()
        if not self._game.muggins:
            raise Refused(key="table.no_counting")
        seat = self.seat
        self._act(Count(seat, read_points(points)))
        # Two people: the other checks every count, short or not, so stopping tells nothing.
        if self.two_people and not self._game.is_over:
            self._check_by = 1 - seat

    def muggins(self) -> None:
        """Claim muggins on the computer's last count (refused if it missed nothing)."""
        if not self._game.muggins:
            raise Refused(key="table.no_counting")
        if self._game.muggins_claimant is None and self.checking:
            raise Refused(key="table.two.nothing_missed" if self.two_people else "table.nothing_missed")
        self._act(Muggins(self.seat))
        self._check_by = None

    def go_on(self) -> None:
        """Muggins mode: the computer's count is checked; let the game go on."""
        if not self.checking:
            raise Refused(key="table.two.nothing_to_check" if self.two_people else "table.nothing_to_check")
        if self._check_by is not None:
            self._check_by = None
            self._heard(self._driver.advance().entries)
        else:
            self._heard(self._driver.go_on().entries)
        self._hinted = False

    def next_deal(self) -> None:
        """Start the next deal once the show is over (a guided hand is one deal)."""
        self._verify_not_checking()
        if self.guide is not None and self._game.phase is Phase.DEAL_OVER:
            raise Refused(key="table.guided_over")
        self._act(NextDeal())

    def hint(self) -> Advice | None:
        """Ask for the expert's advice now (None when there is no move of yours to advise on)."""
        self._hinted = True
        return self.advice()

    # ------------------------------------------------------------------ internals
    def _start(self, game: Game, level: str) -> None:
        self._game = game
        self._level = level
        # A guided hand's lesson follows the line of the computer it was written for: the classic expert.
        self._computer = player(level if self.guide is None else "classic", seed=game.seed)
        # Stopping after every computer count, short or not, gives nothing away.
        computers = {seat: self._computer for seat in (YOU, COMPUTER) if seat not in self.people}
        self._driver = Driver(game, computers, check_counts=True)
        self._check_by = None
        self._revealed = None
        self._picked = []
        self._hinted = False
        self._advice_key = None
        self._advice = None
        self._standing_key = None
        self._standing = None
        self._steps = []
        self._news = []
        self._heard(self._driver.advance().entries)

    def _verify_not_checking(self) -> None:
        if self.checking:
            raise Refused(key="table.two.check_first" if self.two_people else "table.check_first")

    def _verify_not_passing(self) -> None:
        if self.passing:
            raise Refused(key="table.two.pass_first", name=self.names[self.seat])

    def _act(self, action: Any) -> None:
        self._heard(self._driver.act(action).entries)
        self._hinted = False

    def _heard(self, entries: tuple[LogEntry, ...]) -> None:
        self._news.extend(entries)
        for entry in entries:
            if entry.kind is LogKind.DEAL:
                self._revealed = None  # a new deal: each hand is shown to its owner again, screen passed
            if entry.kind is LogKind.GAME_OVER and entry.seat is not None:
                result = self._game.result
                assert result is not None
                self.games_won[entry.seat] += result.games

    def _judge(self, advice: Advice | None, move: Any) -> None:
        """Guided mode: record the move beside the expert's."""
        if advice is None or self.guide is None:
            return
        best = advice.best
        if isinstance(best, KeepOption):
            game = self._game
            rank = advise_discard(game.kept(YOU) + game.discards(YOU), dealer=game.dealer == YOU).rank_of(game.kept(YOU))
            self._steps.append(Step(Phase.DISCARD, best.discard, tuple(move), set(move) == set(best.discard),
                                    best.message, rank))
        else:
            followed = (move is None and best.card is None) or (
                move is not None and best.card is not None and move.rank == best.card.rank)
            self._steps.append(Step(Phase.PLAY, best.card, move, followed, best.message))


def read_points(value: Any) -> int:
    """A count as typed (a whole number of up to three digits) or given."""
    if isinstance(value, bool):
        raise Refused(key="table.bad_count", value=repr(value))
    if isinstance(value, int):
        return value
    text = value.strip() if isinstance(value, str) else repr(value)
    if not text.isdigit() or len(text) > 3:
        raise Refused(key="table.bad_count", value=repr(text[:20]))
    return int(text)

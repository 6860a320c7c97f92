"""Two-player six-card cribbage as a state machine, exactly as ``course/rules.md`` tells it.

``Game(seed, rules=Rules(players=3))`` (or four players, as partners) is the game at the table the rules
describe, a :class:`~cribbage.rules.table.TableGame`; everything below is the two-player game.

>>> game = Game(seed=7)
>>> game.phase, game.deal_number, len(game.hand(0))
(<Phase.DISCARD: 'discard'>, 1, 6)
>>> pone = game.pone
>>> entry = game.discard(pone, game.hand(pone)[:2])
>>> game.can_play(pone, game.hand(pone)[0])    # the dealer has not laid away yet
False

The game asks, never guesses: ``phase``, ``to_act``, ``legal_actions()`` and a ``can_…`` and
``verify_…`` for every action. Steps with no decision in them (the cut for deal, each deal, the cut
of the starter and his heels, passing when out of cards, the resets of the count, the last card,
the show when muggins is off) happen by themselves and are logged. Every point is a
:class:`~cribbage.rules.events.ScoreEvent`; every action and step is a :class:`~cribbage.rules.events.LogEntry`.

An illegal action raises :class:`~cribbage.rules.errors.IllegalActionError` saying why, and changes
nothing: each action is verified completely before anything is touched.

In the play, a player who holds cards of which none fits says go (``go()``), once a series, unless
the other has already said go or holds no cards: then no one is left to hear it, and the series
ends at once with the go (1) to whoever played its last card. A player with no cards is passed
over (logged as ``"pass"``). The winner pegs out on the target exactly; nothing after that counts.

The state is kept in immutable values (tuples, cards) plus two append-only lists (events, log), so
:meth:`Game.copy` and the undo snapshots copy a few references, not the cards.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations, islice
from types import SimpleNamespace
from typing import Any, TypeVar

from cribbage.lang.messages import Message, Seat, message
from cribbage.rules.actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.cards import FULL_DECK, Card, CardLike
from cribbage.rules.cards import cards as read_cards
from cribbage.rules.checks import NOT_A_LIST
from cribbage.rules.counting import verify_count, whole_number
from cribbage.rules.errors import CribbageError, IllegalActionError, InvalidHandError, shown
from cribbage.rules.events import GameResult, LogEntry, LogKind, Phase, ScoreEvent, ScoreKind
from cribbage.rules.options import GameOptions, chosen_muggins, chosen_seed
from cribbage.rules.pegboard import advance
from cribbage.rules.play_scoring import MAX_COUNT, score_play
from cribbage.rules.result import FULL_GAME, game_value, skunk_lines
from cribbage.rules.ruleset import Rules
from cribbage.rules.show_scoring import hand_total
from cribbage.rules.table import TableGame

__all__ = ["Game"]

# The starter is cut from the 40 cards left after the deal; Deck.cut keeps four cards in each part.
_CUT_LOW, _CUT_HIGH = 4, 35

# Everything that changes during a game, except the two append-only lists (events and log).
_STATE = ("_phase", "_to_act", "_dealer", "_deal_number", "_hands", "_kept", "_discards", "_crib",
          "_rest", "_cut_at", "_starter", "_series", "_count", "_played", "_last", "_said_go",
          "_passed", "_scores", "_pegs", "_winner", "_show_step", "_muggins")
_get_state = operator.attrgetter(*_STATE)
_CONFIG = ("_seed", "_target", "_muggins_on", "_double_skunk_games", "_start_scores", "_start_pegs",
           "_start_deal", "_deals")
_NO_CARDS: tuple[Card, ...] = ()
# The kinds of log entries and score events, read as plain attributes (on the hot path an enum
# member read through its class costs ten times more), and the play's items (cribbage.rules.play_scoring names
# them in text) as the kinds of the events they peg.
_LOG = SimpleNamespace(**{kind.name: kind for kind in LogKind})
_SCORE = SimpleNamespace(**{kind.name: kind for kind in ScoreKind})
_PLAY_KIND = {kind.value: kind for kind in ScoreKind}
# Module constants: reading an enum member through its class is slow on the hot path.
_DISCARD, _CUT, _PLAY, _SHOW, _DEAL_OVER, _OVER = (Phase.DISCARD, Phase.CUT, Phase.PLAY, Phase.SHOW,
                                                   Phase.DEAL_OVER, Phase.OVER)
_WHEN = {_DISCARD: message("when.discard"), _CUT: message("when.cut"), _PLAY: message("when.play"),
         _SHOW: message("when.show"), _DEAL_OVER: message("when.deal_over"), _OVER: message("when.over")}
# Actions are immutable, so the game hands out the same ones instead of making them on every ask.
_PLAYS = {(seat, card): Play(seat, card) for seat in (0, 1) for card in FULL_DECK}
_GOES = (Go(0), Go(1))


#: What a game at the table takes beside its rules (see :class:`~cribbage.rules.table.TableGame`).
_TABLE_OPTIONS = ("dealer", "scores", "deals")


def _by_rules(rules: object, target: object, muggins: object, double_skunk_games: object) -> tuple[Any, Any, Any]:
    """The target, muggins and double skunk of a two-player ``rules``; the same given beside it must agree."""
    if not isinstance(rules, Rules):
        raise CribbageError(message("multiplayer.bad_rules", value=shown(rules)))
    if rules.players != 2:  # only a class derived from Game gets here: it is a two-player game
        raise CribbageError(message("game.two_players", players=rules.players))
    chosen = (rules.target, rules.muggins, rules.double_skunk_games)
    for name, given, usual, said in zip(("target", "muggins", "double_skunk_games"),
                                        (target, muggins, double_skunk_games), (FULL_GAME, False, 3), chosen):
        if given != usual and given != said:
            raise CribbageError(message("game.beside_rules", name=name, value=shown(given), rules=shown(said)))
    return chosen


@lru_cache(maxsize=64)
def _discard_actions(seat: int, hand: tuple[Card, ...]) -> tuple[Discard, ...]:
    return tuple(Discard(seat, pair) for pair in combinations(hand, 2))


def _fits(hand: tuple[Card, ...], room: int) -> bool:
    """Whether some card of ``hand`` has a value of at most ``room``."""
    if room >= 10:  # every card is worth 10 or less
        return bool(hand)
    return any(card.rank <= room for card in hand)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less ``card`` (the game holds only the 52 canonical cards, so identity is enough)."""
    for i, held in enumerate(hand):
        if held is card:
            return hand[:i] + hand[i + 1:]
    raise AssertionError(f"{card} is not in the hand")  # verified before: cannot happen


def _holds(hand: tuple[Card, ...], card: Card) -> bool:
    return any(held is card for held in hand)


def _may_score(series: tuple[Card, ...], count: int) -> bool:
    """False only when the last card of ``series`` cannot peg (so ``score_play`` need not be asked):
    no fifteen or 31, no pair with the card before it, and no run (a run of n >= 3 in the tail makes
    the last three cards distinct ranks less than n apart)."""
    if count == 15 or count == MAX_COUNT:
        return True
    n = len(series)
    if n < 2:
        return False
    a = series[-1].rank
    b = series[-2].rank
    if a == b:
        return True
    if n < 3:
        return False
    c = series[-3].rank
    return a != c and b != c and max(a, b, c) - min(a, b, c) < n


_T = TypeVar("_T")


def _with(pair: tuple[_T, _T], seat: int, value: _T) -> tuple[_T, _T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class Game(GameOptions):
    """A game of two-player six-card cribbage between seats 0 and 1.

    ``seed`` fixes everything: the cut for deal and every deal's shuffle, which is
    ``Deck().shuffled(f"{seed}/{deal_number}")``. Same seed, same actions, same game. ``seed=None``
    draws one at random (kept in :attr:`seed`).

    Options: ``target`` 121 or 61; ``muggins`` (players count their own hands and the opponent may
    take what they miss); ``double_skunk_games`` 3 or 4. Or all three as one value, ``rules``
    (:class:`~cribbage.rules.ruleset.Rules`): ``Game(seed, rules=Rules(target=61))``. Rules for three or
    four players make the game at the table instead, a :class:`~cribbage.rules.table.TableGame` (as
    python-chess's ``Board`` has its variants), which takes ``dealer``, ``scores`` and ``deals`` of its own.

    To set up an exact situation (teaching, tests, a scripted hand): ``dealer`` skips the cut for
    deal; ``scores`` starts the game from those scores (they are not events: ``start_scores`` holds
    them); ``back_pegs`` says where each back peg stands, the score before that player's last points
    (0, the start, unless given; from 0 to one below the score, 0 for a player with no points);
    ``deal_number`` is the deal the game starts at, for the end of a game that has a history (a
    later deal needs ``dealer``, and every deal before it pegged at least its last card, so the
    scores total at least ``deal_number - 1``); ``deals`` stacks the first deals played, each a pair
    ``(hands, starter)`` with ``hands`` the six cards of seat 0 and of seat 1 and ``starter`` the card
    to cut (or None for a seeded one). The rest of each stacked deck is the seeded shuffle of the
    other cards. See also :meth:`from_deal`.

    >>> late = Game(3, dealer=1, scores=(109, 114), back_pegs=(103, 106), deal_number=10)
    >>> late.deal_number, late.start_deal, late.pegs
    (10, 10, ((109, 103), (114, 106)))
    """

    __slots__ = _STATE + _CONFIG + ("_events", "_log", "_history")
    # The state of the current deal, set by _deal (declared here for the type checker).
    _hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    _kept: tuple[tuple[Card, ...], tuple[Card, ...]]
    _discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    _crib: tuple[Card, ...] | None
    _rest: tuple[Card, ...]
    _cut_at: int
    _starter: Card | None
    _series: tuple[Card, ...]
    _count: int
    _played: tuple[tuple[int, Card], ...]
    _last: int | None
    _said_go: tuple[bool, bool]
    _passed: tuple[bool, bool]
    _show_step: int
    _muggins: tuple[int, int, tuple[Card, ...], bool] | None

    def __new__(cls, seed: int | str | None = None, *, rules: Rules | None = None, **options: Any) -> Game:
        """A two-player game, or for ``rules`` with three or four players the game at the table."""
        if cls is Game and isinstance(rules, Rules) and rules.players != 2:
            for name in options:
                if name not in _TABLE_OPTIONS:
                    raise CribbageError(message("game.table_option", name=name, players=rules.players))
            return TableGame(seed, rules=rules, **options)  # type: ignore[return-value]
        return super().__new__(cls)

    def __init__(self, seed: int | str | None = None, *, target: int = FULL_GAME, muggins: bool = False,
                 double_skunk_games: int = 3, dealer: int | None = None,
                 scores: Sequence[int] = (0, 0), back_pegs: Sequence[int] = (0, 0), deal_number: int = 1,
                 deals: Sequence[tuple[Sequence[Sequence[CardLike] | str], CardLike | None]] = (),
                 rules: Rules | None = None) -> None:
        if rules is not None:
            target, muggins, double_skunk_games = _by_rules(rules, target, muggins, double_skunk_games)
        seed = chosen_seed(seed)
        whole_target = whole_number(target)
        if whole_target is None:
            raise CribbageError(message("game.bad_target", value=shown(target)))
        skunk_lines(whole_target)  # raises unless the target is 121 or 61
        target = whole_target
        games = whole_number(double_skunk_games)
        if games not in (3, 4):
            raise CribbageError(message("game.bad_double_skunk", value=shown(double_skunk_games)))
        muggins = chosen_muggins(muggins)
        if dealer is not None:
            seat = whole_number(dealer)
            if seat not in (0, 1):
                raise CribbageError(message("game.bad_dealer", value=shown(dealer)))
            dealer = seat
        bad_scores = message("game.bad_scores", most=target - 1, value=shown(scores))
        start = tuple(whole_number(s) for s in _few(scores, 2, bad_scores))
        if len(start) != 2 or not all(s is not None and 0 <= s < target for s in start):
            raise CribbageError(bad_scores)
        scores_now: tuple[int, int] = (start[0], start[1])  # type: ignore[assignment]  # checked whole above
        backs = _back_pegs(back_pegs, scores_now)
        first_deal = _first_deal(deal_number, scores_now, dealer)
        # Every deal pegs at least the last card, so no game lasts more deals than its target.
        stacked = _few(deals, target, message("game.bad_deals", most=target, value=shown(deals)))
        self._seed = seed
        self._target = target
        self._muggins_on = muggins
        self._double_skunk_games = games
        self._start_scores = scores_now
        self._start_pegs = ((scores_now[0], backs[0]), (scores_now[1], backs[1]))
        self._start_deal = first_deal
        self._deals = tuple(_stacked_deal(spec, n) for n, spec in enumerate(stacked, 1))
        self._events: list[ScoreEvent] = []
        self._log: list[LogEntry] = []
        self._history: list[tuple[tuple[Any, ...], int, int]] = []
        self._phase = _DISCARD
        self._to_act: int | None = None
        self._deal_number = first_deal
        self._scores = self._start_scores
        self._pegs = self._start_pegs
        self._winner: int | None = None
        self._dealer = self._cut_for_deal() if dealer is None else dealer
        self._deal()

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[CardLike] | str], starter: CardLike | None = None, *,
                  dealer: int = 0, scores: Sequence[int] = (0, 0), back_pegs: Sequence[int] = (0, 0),
                  deal_number: int = 1, discards: Sequence[Sequence[CardLike] | str] | None = None,
                  seed: int | str = 0, target: int = FULL_GAME, muggins: bool = False,
                  double_skunk_games: int = 3) -> Game:
        """A game that starts from a chosen deal: ``hands`` are seat 0's and seat 1's six cards.

        With ``discards`` (the two cards each seat lays away) the game starts at the play, the
        starter already cut. Undo cannot go back past this starting position. Later deals are seeded.
        ``scores``, ``back_pegs`` and ``deal_number`` place the deal in a game, as :class:`Game` does.

        >>> g = Game.from_deal(("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "5C", dealer=1,
        ...                    discards=("8C 9D", "2S 3S"))
        >>> g.phase, g.to_act, g.hand(0), g.starter
        (<Phase.PLAY: 'play'>, 0, (Card.parse('5D'), Card.parse('5H'), Card.parse('6H'), Card.parse('7S')), Card.parse('5C'))
        """
        game = cls(seed, target=target, muggins=muggins, double_skunk_games=double_skunk_games,
                   dealer=dealer, scores=scores, back_pegs=back_pegs, deal_number=deal_number,
                   deals=[(hands, starter)])
        if discards is not None:
            pairs = _few(discards, 2, message("game.bad_discards"))
            if len(pairs) != 2:
                raise CribbageError(message("game.bad_discards"))
            dealer = game.dealer
            pone = 1 - dealer
            game.discard(pone, pairs[pone])
            game.discard(dealer, pairs[dealer])
            game._history.clear()
        return game

    # ----------------------------------------------------------------- state, read only
    @property
    def double_skunk_games(self) -> int:
        return self._double_skunk_games

    @property
    def rules(self) -> Rules:
        """What this game is played by, as one value: two players, its target, muggins and double skunk."""
        return Rules(target=self._target, muggins=self._muggins_on, double_skunk_games=self._double_skunk_games)

    @property
    def start_scores(self) -> tuple[int, int]:
        """The scores the game started from (0, 0 unless set up otherwise)."""
        return self._start_scores

    @property
    def start_pegs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The pegs the game started from, per seat ``(front, back)``: the start scores, and the back
        pegs given (0 unless set up otherwise)."""
        return self._start_pegs

    @property
    def start_deal(self) -> int:
        """The deal the game started at (1 unless set up otherwise): its first :attr:`deal_number`."""
        return self._start_deal

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose move it is. DISCARD: the pone until the pone has laid away, then the
        dealer (either may discard first). SHOW (muggins): the seat whose count is next. None in
        DEAL_OVER (call ``next_deal()``) and OVER. In muggins mode the opponent of an under-count
        may also claim muggins out of turn: see :meth:`can_claim_muggins`."""
        return self._to_act

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def pone(self) -> int:
        """The non-dealer: leads the play and counts first in the show."""
        return 1 - self._dealer

    @property
    def deal_number(self) -> int:
        """The deal being played: 1 for the first deal of a game (:attr:`start_deal` for a game set
        up to start later)."""
        return self._deal_number

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now: six before laying away, four, then fewer in the play."""
        return self._hands[_seat(seat)]

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The four cards ``seat`` kept for the show (empty before laying away)."""
        return self._kept[_seat(seat)]

    def discards(self, seat: int) -> tuple[Card, ...]:
        """The two cards ``seat`` laid away (empty before). Computer players use only their own."""
        return self._discards[_seat(seat)]

    @property
    def crib(self) -> tuple[Card, ...] | None:
        """The dealer's crib, the pone's two cards then the dealer's; None until both laid away."""
        return self._crib

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def series(self) -> tuple[Card, ...]:
        """The cards of the current series of the play, in order (since the last reset)."""
        return self._series

    @property
    def count(self) -> int:
        """The running count of the current series."""
        return self._count

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this deal, as ``(player, card)``, in order."""
        return self._played

    @property
    def said_go(self) -> tuple[bool, bool]:
        """Per seat, whether they have said go in the current series."""
        return self._said_go

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def pegs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Per seat, ``(front, back)``: the front peg is the score, the back peg where it was before
        the last points it pegged (0 at the start)."""
        return self._pegs

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every point in order. ``start_scores`` plus the events' points give ``scores``."""
        return tuple(self._events)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every action and automatic step in order, each with the events it scored."""
        return tuple(self._log)

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def result(self) -> GameResult | None:
        """Winner, final scores and games won; None until the game is over."""
        if self._winner is None:
            return None
        scores = self._scores
        games = game_value(scores[self._winner], scores[1 - self._winner], target=self._target,
                           double_skunk_games=self._double_skunk_games)
        return GameResult(self._winner, scores, games)

    @property
    def muggins_claimant(self) -> int | None:
        """Muggins mode: the seat that may claim muggins now (the last count was short), else None."""
        return None if self._muggins is None else self._muggins[0]

    @property
    def counting(self) -> str | None:
        """Muggins mode: what the show waits to have counted, ``"hand"`` (the pone's, then the
        dealer's: ``to_act`` says whose) or ``"crib"``; None when no count is awaited."""
        if self._phase is not _SHOW:
            return None
        return "crib" if self._show_step == 2 else "hand"

    @property
    def history_length(self) -> int:
        """How many actions :meth:`undo` can take back."""
        return len(self._history)

    def __repr__(self) -> str:
        return (f"<Game seed={self._seed!r} deal {self._deal_number}, {self._phase.value}, "
                f"scores {self._scores[0]}-{self._scores[1]}>")

    # ----------------------------------------------------------------- copy and undo
    def copy(self) -> Game:
        """An independent copy (for look-ahead), undo history included. Shares immutable parts."""
        new = object.__new__(Game)  # not Game.__new__: a copy is made often, and is two-player
        for name, value in zip(_STATE, _get_state(self)):
            setattr(new, name, value)
        new._seed, new._target, new._muggins_on = self._seed, self._target, self._muggins_on
        new._double_skunk_games, new._start_scores = self._double_skunk_games, self._start_scores
        new._start_pegs, new._start_deal = self._start_pegs, self._start_deal
        new._deals = self._deals
        new._events = self._events.copy()
        new._log = self._log.copy()
        new._history = self._history.copy()
        return new

    def undo(self) -> None:
        """Take back the last action and the automatic steps that followed it."""
        if not self._history:
            raise IllegalActionError(message("game.nothing_to_undo"))
        state, n_events, n_log = self._history.pop()
        for name, value in zip(_STATE, state):
            setattr(self, name, value)
        del self._events[n_events:]
        del self._log[n_log:]

    def _push(self) -> None:
        self._history.append((_get_state(self), len(self._events), len(self._log)))

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action allowed now (for ``seat`` only, if given)."""
        if seat is not None:
            seat = _seat(seat)
        phase = self._phase
        out: list[Action] = []
        if phase is _OVER:
            return out
        if phase is _DISCARD:
            for who in (self.pone, self._dealer):
                if (seat is None or seat == who) and not self._discards[who]:
                    out.extend(_discard_actions(who, self._hands[who]))
        elif phase is _PLAY:
            turn = self._to_act
            if turn is not None and (seat is None or seat == turn):
                room = MAX_COUNT - self._count
                plays = [_PLAYS[turn, card] for card in self._hands[turn] if card.value <= room]
                out.extend(plays if plays else [_GOES[turn]])
        else:
            if phase is _SHOW and (seat is None or seat == self._to_act):
                turn = self._to_act
                assert turn is not None
                _, cards_, crib = self._show_item(self._show_step)
                true = hand_total(cards_, self._starter, crib=crib)  # type: ignore[arg-type]
                out.extend(Count(turn, points) for points in range(true + 1))
            if self._muggins is not None and (seat is None or seat == self._muggins[0]):
                out.append(Muggins(self._muggins[0]))
            if phase is _DEAL_OVER:
                out.append(NextDeal())  # anyone may start the next deal
        return out

    def apply(self, action: Action) -> LogEntry:
        """Perform any action object (from :meth:`legal_actions` or made by hand)."""
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        if isinstance(action, Discard):
            return self.discard(action.seat, action.cards)
        if isinstance(action, Go):
            return self.go(action.seat)
        if isinstance(action, Count):
            return self.count_hand(action.seat, action.points)
        if isinstance(action, Muggins):
            return self.claim_muggins(action.seat)
        if isinstance(action, NextDeal):
            return self.next_deal()
        raise IllegalActionError(message("game.not_an_action", value=shown(action)))

    def verify_action(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not allowed now."""
        if isinstance(action, Play):
            self.verify_play(action.seat, action.card)
        elif isinstance(action, Discard):
            self.verify_discard(action.seat, action.cards)
        elif isinstance(action, Go):
            self.verify_go(action.seat)
        elif isinstance(action, Count):
            self.verify_count_hand(action.seat, action.points)
        elif isinstance(action, Muggins):
            self.verify_claim_muggins(action.seat)
        elif isinstance(action, NextDeal):
            self.verify_next_deal()
        else:
            raise IllegalActionError(message("game.not_an_action", value=shown(action)))

    def can_apply(self, action: Action) -> bool:
        return _can(self.verify_action, action)

    # ----------------------------------------------------------------- the discard
    def verify_discard(self, seat: int, cards: Iterable[CardLike] | str) -> tuple[Card, Card]:
        """Raise if ``seat`` may not lay away ``cards`` now; return them as two Cards."""
        self._verify_not_over()
        seat = _seat(seat)
        if self._phase is not _DISCARD:
            raise IllegalActionError(message("game.discard_when", when=self._when()))
        if self._discards[seat]:
            raise IllegalActionError(message("game.already_laid_away", seat=self._who(seat)))
        chosen = _read_cards(cards)
        if len(chosen) != 2:
            raise IllegalActionError(message("game.lay_away_two", n=len(chosen)))
        if chosen[0] == chosen[1]:
            raise IllegalActionError(message("game.named_twice", card=chosen[0]))
        for card in chosen:
            if not _holds(self._hands[seat], card):
                raise IllegalActionError(message("game.not_held", seat=self._who(seat), card=card))
        return chosen[0], chosen[1]

    def can_discard(self, seat: int, cards: Iterable[CardLike] | str) -> bool:
        return _can(self.verify_discard, seat, cards)

    def discard(self, seat: int, cards: Iterable[CardLike] | str) -> LogEntry:
        """Lay away two of your six cards to the dealer's crib. Either player may go first."""
        chosen = self.verify_discard(seat, cards)
        seat = _seat(seat)
        self._push()
        kept = _without(_without(self._hands[seat], chosen[0]), chosen[1])
        self._hands = _with(self._hands, seat, kept)
        self._kept = _with(self._kept, seat, kept)
        self._discards = _with(self._discards, seat, chosen)
        entry = self._note(_LOG.DISCARD, seat, chosen)
        other = 1 - seat
        if not self._discards[other]:
            self._to_act = other
        else:
            pone, dealer = self.pone, self._dealer
            self._crib = self._discards[pone] + self._discards[dealer]
            self._cut_starter()
        return entry

    def _cut_starter(self) -> None:
        dealer = self._dealer
        # Deck(self._rest).cut(self._cut_at), without re-checking 40 known cards: the position
        # is drawn within the range Deck.cut allows for 40 cards, so it is taken as it is.
        starter = self._rest[self._cut_at]
        self._starter = starter
        events: tuple[ScoreEvent, ...] = ()
        if starter.rank == 11:
            events = (self._peg(dealer, 2, _SCORE.HIS_HEELS, (starter,), _CUT),)
        self._note(_LOG.STARTER, dealer, (starter,), events=events)
        if self._over_now():
            return
        self._phase = _PLAY
        self._resolve(self.pone)

    # ----------------------------------------------------------------- the play
    def verify_play(self, seat: int, card: CardLike) -> Card:
        """Raise if ``seat`` may not play ``card`` now; return it as a Card."""
        self._verify_not_over()
        seat = _seat(seat)
        if self._phase is not _PLAY:
            raise IllegalActionError(message("game.play_when", when=self._when()))
        played = _read_card(card)
        if seat != self._to_act:
            turn = self._who(self._to_act)  # type: ignore[arg-type]
            raise IllegalActionError(message("game.not_your_turn", turn=turn, seat=self._who(seat)))
        if not _holds(self._hands[seat], played):
            raise IllegalActionError(message("game.not_held", seat=self._who(seat), card=played))
        if self._count + played.value > MAX_COUNT:
            key = "game.past_31" if _fits(self._hands[seat], MAX_COUNT - self._count) else "game.past_31_go"
            raise IllegalActionError(message(key, card=played, count=self._count + played.value))
        return played

    def can_play(self, seat: int, card: CardLike) -> bool:
        return _can(self.verify_play, seat, card)

    def play(self, seat: int, card: CardLike) -> LogEntry:
        """Play a card: it pegs for fifteen, 31, pairs and runs at once (``cribbage.score_play``)."""
        played = self.verify_play(seat, card)
        seat = _seat(seat)
        self._push()
        self._hands = _with(self._hands, seat, _without(self._hands[seat], played))
        self._series += (played,)
        self._count += played.value
        self._played += ((seat, played),)
        self._last = seat
        events: list[ScoreEvent] = []
        if _may_score(self._series, self._count):
            for item in score_play(self._series).items:
                events.append(self._peg(seat, item.points, _PLAY_KIND[item.kind], item.cards, _PLAY))
                if self._winner is not None:
                    break
        entry = self._note(_LOG.PLAY, seat, (played,), count=self._count, events=tuple(events))
        if self._over_now():
            return entry
        if self._count == MAX_COUNT:
            self._note(_LOG.RESET, seat, self._series, count=MAX_COUNT)
            self._new_series()
            other = 1 - seat
            self._resolve(other if self._hands[other] else seat)
        else:
            self._resolve(1 - seat)
        return entry

    def verify_go(self, seat: int) -> None:
        """Raise if ``seat`` may not say go now."""
        self._verify_not_over()
        seat = _seat(seat)
        if self._phase is not _PLAY:
            raise IllegalActionError(message("game.go_when", when=self._when()))
        if seat != self._to_act:
            turn = self._who(self._to_act)  # type: ignore[arg-type]
            raise IllegalActionError(message("game.not_your_turn", turn=turn, seat=self._who(seat)))
        room = MAX_COUNT - self._count
        for card in self._hands[seat]:
            if card.value <= room:
                raise IllegalActionError(message("game.go_playable", card=card, count=self._count + card.value))

    def can_go(self, seat: int) -> bool:
        return _can(self.verify_go, seat)

    def go(self, seat: int) -> LogEntry:
        """Say go: you hold cards but none fits. The other player plays on while they can."""
        self.verify_go(seat)
        seat = _seat(seat)
        self._push()
        self._said_go = _with(self._said_go, seat, True)
        entry = self._note(_LOG.GO, seat, _NO_CARDS, count=self._count)
        self._resolve(1 - seat)
        return entry

    def _new_series(self) -> None:
        self._series = _NO_CARDS
        self._count = 0
        self._said_go = (False, False)
        self._passed = (False, False)

    def _resolve(self, seat: int) -> None:
        """Find who acts next in the play, starting from ``seat``; end series and the play as needed."""
        while True:
            hands = self._hands
            if not hands[0] and not hands[1]:
                self._end_play()
                return
            other = 1 - seat
            room = MAX_COUNT - self._count
            if _fits(hands[seat], room):
                self._to_act = seat
                return
            if hands[seat]:
                # Holding cards that do not fit: say go, unless the series is already stuck on the
                # other side (they said go or are out of cards), when there is no one to say it to.
                if not self._said_go[seat] and hands[other] and not self._said_go[other]:
                    self._to_act = seat
                    return
            elif not self._passed[seat]:
                self._passed = _with(self._passed, seat, True)
                self._note(_LOG.PASS, seat, _NO_CARDS, count=self._count)
            if _fits(hands[other], room):
                self._to_act = other
                return
            # No one can play: the last card of the series pegs the go (a 31 was reset already).
            last = self._last
            assert last is not None and self._count < MAX_COUNT
            event = self._peg(last, 1, _SCORE.GO, self._series, _PLAY)
            self._note(_LOG.RESET, last, self._series, count=self._count, events=(event,))
            if self._over_now():
                return
            self._new_series()
            seat = 1 - last if self._hands[1 - last] else last

    def _end_play(self) -> None:
        last = self._last
        events: tuple[ScoreEvent, ...] = ()
        if self._count:  # the last card, unless it made 31 (already pegged 2 and reset)
            assert last is not None
            events = (self._peg(last, 1, _SCORE.LAST_CARD, self._series, _PLAY),)
        self._note(_LOG.END_OF_PLAY, last, self._series, count=self._count, events=events)
        if self._over_now():
            return
        self._new_series()
        self._phase = _SHOW
        self._show_step = 0
        if self._muggins_on:
            self._to_act = self.pone
            return
        self._to_act = None
        for step in range(3):
            owner, cards_, crib = self._show_item(step)
            points = hand_total(cards_, self._starter, crib=crib)  # type: ignore[arg-type]
            event = self._peg(owner, points, _SCORE.CRIB if crib else _SCORE.HAND, cards_, _SHOW,
                              starter=self._starter, crib=crib)
            self._note(_LOG.SHOW, owner, cards_, events=(event,))
            if self._over_now():
                return
        self._show_step = 3
        self._phase = _DEAL_OVER

    def _show_item(self, step: int) -> tuple[int, tuple[Card, ...], bool]:
        """The show in order: (owner, cards, is crib) for the pone's hand, dealer's hand, crib."""
        if step == 0:
            return self.pone, self._kept[self.pone], False
        if step == 1:
            return self._dealer, self._kept[self._dealer], False
        return self._dealer, self._crib, True  # type: ignore[return-value]

    # ----------------------------------------------------------------- the show, muggins mode
    def verify_count_hand(self, seat: int, points: int) -> int:
        """Raise if ``seat`` may not count ``points`` now; return the true score of that count."""
        self._verify_not_over()
        seat = _seat(seat)
        if not self._muggins_on:
            raise IllegalActionError(message("game.count_auto"))
        if self._phase is not _SHOW:
            raise IllegalActionError(message("game.count_when", when=self._when()))
        owner, cards_, crib = self._show_item(self._show_step)
        if seat != owner:
            key = "game.count_whose_crib" if crib else "game.count_whose_hand"
            raise IllegalActionError(message(key, owner=self._who(owner)))
        true = hand_total(cards_, self._starter, crib=crib)  # type: ignore[arg-type]
        verify_count(points, true, crib=crib)
        return true

    def can_count_hand(self, seat: int, points: int) -> bool:
        return _can(self.verify_count_hand, seat, points)

    def count_hand(self, seat: int, points: int) -> LogEntry:
        """Muggins mode: count your hand (or, as dealer, the crib) as ``points``: not more than it
        holds; less lets the opponent claim the difference with :meth:`claim_muggins`.

        (Not ``count``: that name is the running count of the play.)"""
        true = self.verify_count_hand(seat, points)
        points = whole_number(points)  # type: ignore[assignment]
        self._push()
        self._muggins = None  # a new count closes the chance to claim on the last one
        owner, cards_, crib = self._show_item(self._show_step)
        event = self._peg(owner, points, _SCORE.CRIB if crib else _SCORE.HAND, cards_, _SHOW,
                          starter=self._starter, crib=crib)
        entry = self._note(_LOG.COUNT, owner, cards_, events=(event,))
        if self._over_now():
            return entry
        if points < true:
            self._muggins = (1 - owner, true - points, cards_, crib)
        self._show_step += 1
        if self._show_step == 3:
            self._phase = _DEAL_OVER
            self._to_act = None
        else:
            self._to_act = self._dealer
        return entry

    def verify_claim_muggins(self, seat: int) -> None:
        """Raise if ``seat`` may not claim muggins now."""
        self._verify_not_over()
        seat = _seat(seat)
        if not self._muggins_on:
            raise IllegalActionError(message("muggins.off"))
        if self._muggins is None:
            raise IllegalActionError(message("muggins.nothing"))
        if self._muggins[0] != seat:
            raise IllegalActionError(message("muggins.own", seat=self._who(seat)))

    def can_claim_muggins(self, seat: int) -> bool:
        return _can(self.verify_claim_muggins, seat)

    def claim_muggins(self, seat: int) -> LogEntry:
        """Muggins mode: take the points the opponent's last count missed. Open until the next
        count or the next deal; never for the play."""
        self.verify_claim_muggins(seat)
        self._push()
        claimant, missed, cards_, crib = self._muggins  # type: ignore[misc]
        self._muggins = None
        event = self._peg(claimant, missed, _SCORE.MUGGINS, cards_, _SHOW, starter=self._starter, crib=crib)
        entry = self._note(_LOG.MUGGINS, claimant, cards_, events=(event,))
        self._over_now()
        return entry

    # ----------------------------------------------------------------- between deals
    def verify_next_deal(self) -> None:
        self._verify_not_over()
        if self._phase is not _DEAL_OVER:
            raise IllegalActionError(message("game.deal_not_over", when=self._when()))

    def can_next_deal(self) -> bool:
        return _can(self.verify_next_deal)

    def next_deal(self) -> LogEntry:
        """Start the next deal: the deal passes to the other player."""
        self.verify_next_deal()
        self._push()
        self._muggins = None
        entry = self._note(_LOG.NEXT_DEAL, None, _NO_CARDS)
        self._dealer = 1 - self._dealer
        self._deal_number += 1
        self._deal()
        return entry

    # ----------------------------------------------------------------- automatic steps
    def _cut_for_deal(self) -> int:
        rng = random.Random(f"{self._seed}/cut for deal")
        cuts = [rng.sample(FULL_DECK, 2)]
        while cuts[-1][0].rank == cuts[-1][1].rank:
            cuts.append(rng.sample(FULL_DECK, 2))
        a, b = cuts[-1]
        dealer = 0 if a.rank < b.rank else 1
        # Every cut, the tied ones too, names the players by the roles the last cut gives them, so
        # no log entry speaks of "player 0".
        for a, b in cuts:
            self._log.append(LogEntry(_LOG.CUT_FOR_DEAL, None, (a, b), self._deal_number, None, (), dealer))
        return dealer

    def _deal(self) -> None:
        order, cut_at = _deck_order(self._seed, self._deal_number)
        dealer = self._dealer
        pone = 1 - dealer
        played = self._deal_number - self._start_deal   # deals stacked from the game's first on
        if played < len(self._deals):
            order = _stack(self._deals[played], order, cut_at, dealer)
        deck = FULL_DECK
        # Index order is card order (rank, then suit), so sorting indices sorts the hands.
        hands: list[tuple[Card, ...]] = [_NO_CARDS, _NO_CARDS]
        hands[pone] = tuple([deck[i] for i in sorted(order[0:12:2])])
        hands[dealer] = tuple([deck[i] for i in sorted(order[1:12:2])])
        self._hands = (hands[0], hands[1])
        self._kept = (_NO_CARDS, _NO_CARDS)
        self._discards = (_NO_CARDS, _NO_CARDS)
        self._crib = None
        self._rest = tuple([deck[i] for i in order[12:]])
        self._cut_at = cut_at
        self._starter = None
        self._series = _NO_CARDS
        self._count = 0
        self._played = ()
        self._last = None
        self._said_go = (False, False)
        self._passed = (False, False)
        self._show_step = 0
        self._muggins = None
        self._phase = _DISCARD
        self._to_act = pone
        self._note(_LOG.DEAL, dealer, tuple([deck[i] for i in order[:12]]))

    def _peg(self, seat: int, worth: int, kind: ScoreKind, cards_: tuple[Card, ...], phase: Phase,
             starter: Card | None = None, crib: bool = False) -> ScoreEvent:
        """Peg ``worth`` points for ``seat``, but no further than the target: the game stops there."""
        score = self._scores[seat]
        points = min(worth, self._target - score)
        event = ScoreEvent(seat, points, kind, cards_, self._deal_number, phase, starter, crib, worth,
                           self._dealer)
        self._events.append(event)
        if points:
            score += points
            self._scores = _with(self._scores, seat, score)
            self._pegs = _with(self._pegs, seat, advance(self._pegs[seat], points, self._target))
            if score == self._target:
                self._winner = seat
        return event

    def _over_now(self) -> bool:
        """After a scoring step: if someone reached the target, end the game here."""
        if self._winner is None:
            return False
        self._phase = _OVER
        self._to_act = None
        self._muggins = None
        self._note(_LOG.GAME_OVER, self._winner, _NO_CARDS)
        return True

    def _note(self, kind: LogKind, seat: int | None, cards_: tuple[Card, ...], *,
              count: int | None = None, events: tuple[ScoreEvent, ...] = ()) -> LogEntry:
        entry = LogEntry(kind, seat, cards_, self._deal_number, count, events, self._dealer)
        self._log.append(entry)
        return entry

    def _when(self) -> Message:
        return _WHEN[self._phase]

    def _who(self, seat: int) -> Seat:
        """A seat as messages name it: by its role in this deal."""
        return Seat.of(seat, self._dealer)

    def _verify_not_over(self) -> None:
        if self._winner is not None:
            result = self.result
            assert result is not None
            raise IllegalActionError(message("game.over", result=result.message))


# --------------------------------------------------------------------- helpers
def _few(values: object, most: int, refusal: Message) -> tuple[Any, ...]:
    """The items of an iterable argument, reading no more than ``most`` + 1 of them (an endless
    iterable must not hang the game); ``refusal`` if it is not iterable or holds more than ``most``.
    Bytes are refused too: ``memoryview(b"5H")`` is not the scores (53, 72)."""
    if isinstance(values, NOT_A_LIST):
        raise CribbageError(refusal)
    try:
        items = tuple(islice(values, most + 1))  # type: ignore[call-overload]
    except TypeError:
        raise CribbageError(refusal) from None
    if len(items) > most:
        raise CribbageError(refusal)
    return items


def _back_pegs(values: object, scores: Sequence[int]) -> tuple[int, int]:
    """Each seat's back peg, checked against its score (the front peg): from 0 to one below it, or
    0, the start, for a seat with no points yet."""
    refusal = message("game.bad_back_pegs", value=shown(values))
    backs = tuple(whole_number(back) for back in _few(values, 2, refusal))
    if len(backs) != 2:
        raise CribbageError(refusal)
    for seat, (front, back) in enumerate(zip(scores, backs)):
        if back is None:
            raise CribbageError(refusal)
        if front == 0 and back != 0:
            raise CribbageError(message("game.back_peg_at_start", seat=seat, value=shown(back)))
        if front and not 0 <= back < front:
            raise CribbageError(message("game.back_peg_ahead", seat=seat, front=front, most=front - 1,
                                        value=shown(back)))
    return backs[0], backs[1]  # type: ignore[return-value]


def _first_deal(value: object, scores: Sequence[int], dealer: int | None) -> int:
    """The deal a game starts at: a whole number from 1, at most one more than the points the
    scores hold (every deal pegs at least its last card); a later deal needs its dealer given."""
    number = whole_number(value)
    if number is None or number < 1:
        raise CribbageError(message("game.bad_deal_number", value=shown(value)))
    total = scores[0] + scores[1]
    if number > total + 1:
        raise CribbageError(message("game.deal_too_late", deal=shown(number), total=total, most=total + 1))
    if number > 1 and dealer is None:
        raise CribbageError(message("game.deal_needs_dealer", deal=number))
    return number


def _seat(value: object) -> int:
    seat = whole_number(value)
    if seat is None or not 0 <= seat <= 1:
        raise IllegalActionError(message("game.no_such_player", value=shown(value)))
    return seat


def _can(verify: Callable[..., object], *args: Any) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True


def _read_card(card: object) -> Card:
    """The canonical card (one of FULL_DECK) for a Card or its text."""
    if not isinstance(card, Card):
        try:
            card = Card.parse(card)  # type: ignore[arg-type]
        except CribbageError as error:
            raise IllegalActionError(error.message) from None
    return FULL_DECK[(card.rank - 1) * 4 + card.suit]


def _read_cards(cards_: object) -> tuple[Card, ...]:
    if isinstance(cards_, (tuple, list)) and all(isinstance(card, Card) for card in cards_):
        return tuple(FULL_DECK[(card.rank - 1) * 4 + card.suit] for card in cards_)
    try:
        read = read_cards(cards_, distinct=False)  # type: ignore[arg-type]
    except CribbageError as error:
        raise IllegalActionError(error.message) from None
    return tuple(FULL_DECK[(card.rank - 1) * 4 + card.suit] for card in read)


def _deck_order(seed: int | str, deal_number: int) -> tuple[list[int], int]:
    """The deal's deck as card indices, in the order of ``Deck().shuffled(f"{seed}/{deal_number}")``
    (a shuffle moves positions, whatever they hold), and where the starter will be cut. Shuffled
    here rather than through Deck to skip re-checking 52 known cards."""
    rng = random.Random(f"{seed}/{deal_number}")
    order = list(range(52))
    rng.shuffle(order)
    return order, rng.randint(_CUT_LOW, _CUT_HIGH)


def _stacked_deal(spec: object, number: int) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], Card | None]:
    try:
        given: Any = spec  # checked by unpacking: a pair (hands, starter), hands a pair
        hands, starter = given
        seat0, seat1 = hands
    except (TypeError, ValueError):
        raise InvalidHandError(message("game.stacked_shape", number=number)) from None
    six = (read_cards(seat0), read_cards(seat1))
    for seat, held in enumerate(six):
        if len(held) != 6:
            raise InvalidHandError(message("game.stacked_six", number=number, seat=seat, n=len(held)))
    turned = None if starter is None else Card.parse(starter)
    read_cards(six[0] + six[1] + ((turned,) if turned else ()))  # raises naming a card given twice
    return six, turned


def _stack(spec: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], Card | None], order: list[int], cut_at: int,
           dealer: int) -> list[int]:
    """A stacked deck (card indices): the chosen hands dealt (pone first), the starter where the cut
    falls, and the other cards in the seeded order."""
    (seat0, seat1), starter = spec
    six = (seat0, seat1)
    pone = 1 - dealer
    dealt = [card.index for pair in zip(six[pone], six[dealer]) for card in pair]
    chosen = set(dealt)
    if starter is not None:
        chosen.add(starter.index)
    rest = [i for i in order if i not in chosen]
    if starter is not None:
        rest.insert(cut_at, starter.index)
    return dealt + rest

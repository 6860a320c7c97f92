"""Three- and four-handed cribbage (and the two-handed game, by the same rules) as a state machine.

``TableGame(seed, rules=Rules(players=3))`` deals, takes each player's card laid away, cuts the starter,
runs the play around the table and counts the show, deal after deal, until a side reaches the target.
The rules (RULES.md, *Three and four players*, and the two-player game's for everything it does not
change):

- **Seats** go round the table clockwise: seat ``s`` has seat ``s + 1`` on its left. With four players
  partners sit opposite (seats 0 and 2, seats 1 and 3) and score together: points go to a *side*
  (:meth:`Rules.side_of`); with two or three each player is a side.
- **Deal**: one card at a time, starting left of the dealer; with three one more card goes straight to
  the crib. Each player lays away (two cards with two players, one with three or four), so the crib
  holds four. The dealer passes to the left after each deal.
- **The play**: the player left of the dealer leads and turns go clockwise. A player who holds cards but
  none that fits says go and is passed over for the rest of the series; one with no cards is passed over.
  The series ends when no one can play: whoever played its last card pegs 1 (or 2 for 31, as a card that
  makes 31 always pegs). The player left of the one who played the last card, and who still holds
  cards, leads the next series. The last card of the play pegs 1 (2 for 31).
- **The show**: each hand in turn from the dealer's left, the dealer's last, then the crib (the
  dealer's side's). The first side to reach the target wins at once, in the play, the show or on his
  heels, and nothing after that is counted.
- **Game value**: against each losing side as in two-handed play (a skunk below the skunk line).

Randomness follows the seed as in :class:`cribbage.Game`: the cut for deal and each deal's shuffle
(``random.Random(f"{seed}/{deal}")``) and cut of the starter. Two players at a ``TableGame`` deal, play
and score exactly as :class:`cribbage.Game` does, which the tests check game by game.

Every action is verified completely before anything changes: an illegal one raises the engine's error
naming what was wrong and leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card, CardLike, cards
from cribbage.rules.checks import bounded
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, IllegalActionError, InvalidHandError, shown
from cribbage.rules.events import LogEntry, LogKind, Phase, ScoreEvent, ScoreKind
from cribbage.rules.options import chosen_seed
from cribbage.rules.play_scoring import MAX_COUNT, score_play
from cribbage.rules.result import game_value
from cribbage.rules.ruleset import LETTERS, Rules
from cribbage.rules.show_scoring import hand_total

__all__ = ["StackedDeal", "TableGame"]

_CUT_LOW = 4  # the starter is cut with at least four cards in each part


@dataclass(frozen=True)
class StackedDeal:
    """A deal set up by hand (teaching, worked examples): each seat's cards from seat 0 on, the starter,
    and with three players the crib's card from the deck. Cards left ``None`` come from the seeded deck."""

    hands: Sequence[Sequence[CardLike] | str]
    starter: CardLike | None = None
    crib_card: CardLike | None = None


def _fits(hand: tuple[Card, ...], room: int) -> bool:
    return any(card.value <= room for card in hand)


class TableGame:
    """A game of cribbage for two, three or four players by ``rules`` (see the module's docstring).

    ``dealer`` skips the cut for deal; ``scores`` starts each side from a score; ``deals`` stacks the
    first deals (:class:`StackedDeal`).

    >>> game = TableGame(7, rules=Rules(players=3))
    >>> game.phase, [len(game.hand(seat)) for seat in range(3)], len(game.crib_so_far)
    (<Phase.DISCARD: 'discard'>, [5, 5, 5], 1)
    """

    # The state of the current deal, set by _deal and _new_series (declared here for the type checker).
    _hands: list[tuple[Card, ...]]
    _kept: list[tuple[Card, ...]]
    _discards: list[tuple[Card, ...]]
    _crib_card: tuple[Card, ...]
    _rest: tuple[Card, ...]
    _cut_at: int
    _starter: Card | None
    _series: tuple[Card, ...]
    _count: int
    _played: list[tuple[int, Card]]
    _last: int | None
    _said_go: list[bool]
    _passed: list[bool]
    _phase: Phase
    _to_act: int | None

    def __init__(self, seed: int | str | None = None, *, rules: Rules | None = None, dealer: int | None = None,
                 scores: Sequence[int] | None = None, deals: Sequence[StackedDeal] = ()) -> None:
        rules = Rules(players=3) if rules is None else rules
        if not isinstance(rules, Rules):
            raise CribbageError(message("multiplayer.bad_rules", value=shown(rules)))
        self.rules = rules
        self._seed = chosen_seed(seed)
        n = rules.players
        if dealer is not None:
            seat = whole_number(dealer)
            if seat is None or not 0 <= seat < n:
                raise CribbageError(message("multiplayer.bad_dealer", top=n - 1, value=shown(dealer)))
            dealer = seat
        start = [0] * rules.sides if scores is None else self._read_scores(scores)
        # Every deal pegs at least the last card, so no game lasts more deals than its target.
        stacked = bounded(deals, "deals", rules.target)
        self._stacked = tuple(self._read_stacked(spec, i + 1) for i, spec in enumerate(stacked))
        self._scores = start
        self.start_scores = tuple(start)
        self._events: list[ScoreEvent] = []
        self._log: list[LogEntry] = []
        self._winner: int | None = None
        self._deal_number = 1
        self._dealer = self._cut_for_deal() if dealer is None else dealer
        self._deal()

    # ----------------------------------------------------------------- reading the state
    @property
    def seed(self) -> int | str:
        return self._seed

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the play (in the discard, the first seat still to lay away)."""
        return self._to_act

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_number(self) -> int:
        return self._deal_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (a side is a player, or two partners)."""
        return tuple(self._scores)

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or None."""
        return self._winner

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def count(self) -> int:
        return self._count

    @property
    def series(self) -> tuple[Card, ...]:
        return self._series

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """This deal's cards played so far, in order, with the seat of each."""
        return tuple(self._played)

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every point scored, in order; an event's ``seat`` is the player who scored it."""
        return tuple(self._events)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._log)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(self._seat(seat))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the referee's view: a player sees only its own, through
        :class:`~cribbage.rules.seat_view.SeatView`)."""
        return self._hands[self._seat(seat)]

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The four cards ``seat`` kept this deal (empty before it lays away)."""
        return self._kept[self._seat(seat)]

    def laid_away(self, seat: int) -> tuple[Card, ...]:
        return self._discards[self._seat(seat)]

    @property
    def crib_so_far(self) -> tuple[Card, ...]:
        """The crib's cards so far: the card from the deck (three players), then those laid away."""
        return self._crib_card + tuple(card for seat in self._seats_from(self._dealer + 1) for card in self._discards[seat])

    def said_go(self, seat: int) -> bool:
        return self._said_go[self._seat(seat)]

    def result(self) -> dict[int, int]:
        """The games the winning side scores against each losing side (1, a skunk 2, a double skunk 3 or 4)."""
        if self._winner is None:
            raise IllegalActionError(message("multiplayer.when", phase=self._phase))
        top = self._scores[self._winner]
        return {side: game_value(top, score, target=self.rules.target,
                                 double_skunk_games=self.rules.double_skunk_games)
                for side, score in enumerate(self._scores) if side != self._winner}

    # ----------------------------------------------------------------- the discard
    def verify_lay_away(self, seat: int, chosen: Sequence[CardLike] | str) -> tuple[Card, ...]:
        """Raise unless ``seat`` may lay away ``chosen`` now; return the cards."""
        self._verify_not_over()
        seat = self._seat(seat)
        if self._phase is not Phase.DISCARD:
            raise IllegalActionError(message("multiplayer.when", phase=self._phase))
        if self._discards[seat]:
            raise IllegalActionError(message("multiplayer.laid_away", seat=LETTERS[seat]))
        picked = tuple(FULL_DECK[card.index] for card in cards(chosen))
        if len(picked) != self.rules.lay_away:
            raise IllegalActionError(message("multiplayer.lay_away_one", n=self.rules.lay_away, count=len(picked)))
        for card in picked:
            if card not in self._hands[seat]:
                raise IllegalActionError(message("multiplayer.not_held", seat=LETTERS[seat], card=card))
        return picked

    def lay_away(self, seat: int, chosen: Sequence[CardLike] | str) -> LogEntry:
        """Lay away ``chosen`` (one card with three or four players, two with two) to the crib."""
        picked = self.verify_lay_away(seat, chosen)
        seat = self._seat(seat)
        self._hands[seat] = tuple(card for card in self._hands[seat] if card not in picked)
        self._kept[seat] = self._hands[seat]
        self._discards[seat] = picked
        entry = self._note(LogKind.DISCARD, seat, picked)
        waiting = [s for s in self._seats_from(self._dealer + 1) if not self._discards[s]]
        if waiting:
            self._to_act = waiting[0]
        else:
            self._cut_starter()
        return entry

    def _cut_starter(self) -> None:
        starter = self._rest[self._cut_at]
        self._starter = starter
        events: tuple[ScoreEvent, ...] = ()
        if starter.rank == 11:
            events = (self._peg(self._dealer, 2, ScoreKind.HIS_HEELS, (starter,), Phase.CUT),)
        self._note(LogKind.STARTER, self._dealer, (starter,), events=events)
        if self._winner is not None:
            return
        self._phase = Phase.PLAY
        self._resolve(self._left_of(self._dealer))

    # ----------------------------------------------------------------- the play
    def verify_play(self, seat: int, card: CardLike) -> Card:
        """Raise unless ``seat`` may play ``card`` now; return it."""
        self._verify_turn(seat)
        seat = self._seat(seat)
        (read,) = cards([card])
        played = FULL_DECK[read.index]  # the game's own card, which it finds by identity
        if played not in self._hands[seat]:
            raise IllegalActionError(message("multiplayer.not_held", seat=LETTERS[seat], card=played))
        if self._count + played.value > MAX_COUNT:
            raise IllegalActionError(message("multiplayer.past_31", card=played, count=self._count + played.value))
        return played

    def play(self, seat: int, card: CardLike) -> LogEntry:
        """Play ``card``: it pegs for fifteen, 31, pairs and runs at once."""
        played = self.verify_play(seat, card)
        seat = self._seat(seat)
        self._hands[seat] = tuple(held for held in self._hands[seat] if held is not played)
        self._series += (played,)
        self._count += played.value
        self._played.append((seat, played))
        self._last = seat
        events = []
        for item in score_play(self._series).items:
            events.append(self._peg(seat, item.points, ScoreKind(item.kind), item.cards, Phase.PLAY))
            if self._winner is not None:
                break
        entry = self._note(LogKind.PLAY, seat, (played,), count=self._count, events=tuple(events))
        if self._winner is not None:
            return entry
        if self._count == MAX_COUNT:
            self._note(LogKind.RESET, seat, self._series, count=MAX_COUNT)
            self._new_series()
            self._resolve(self._next_holding(seat))
        else:
            self._resolve(self._left_of(seat))
        return entry

    def verify_go(self, seat: int) -> None:
        """Raise unless ``seat`` may say go now: its turn, and no card it holds fits."""
        self._verify_turn(seat)
        seat = self._seat(seat)
        for card in self._hands[seat]:
            if self._count + card.value <= MAX_COUNT:
                raise IllegalActionError(message("multiplayer.go_playable", seat=LETTERS[seat], card=card,
                                                 count=self._count + card.value))

    def go(self, seat: int) -> LogEntry:
        """Say go: the others play on while they can."""
        self.verify_go(seat)
        seat = self._seat(seat)
        self._said_go[seat] = True
        entry = self._note(LogKind.GO, seat, (), count=self._count)
        self._resolve(self._left_of(seat))
        return entry

    def _resolve(self, seat: int) -> None:
        """Find who acts next in the play, going round from ``seat``; end series and the play as needed."""
        n = self.players
        while True:
            hands = self._hands
            if not any(hands):
                self._end_play()
                return
            room = MAX_COUNT - self._count
            for s in self._seats_from(seat):
                if _fits(hands[s], room):
                    self._to_act = s
                    return
                if hands[s]:
                    # Holding cards that do not fit: say go, unless no one else is left in the series
                    # (each has said go or holds nothing), when there is no one to say it to.
                    if not self._said_go[s] and any(hands[t] and not self._said_go[t] for t in range(n) if t != s):
                        self._to_act = s
                        return
                elif not self._passed[s]:
                    self._passed[s] = True
                    self._note(LogKind.PASS, s, (), count=self._count)
            # No one can play: the series' last card pegs the go (a 31 was reset already).
            last = self._last
            assert last is not None and self._count < MAX_COUNT
            event = self._peg(last, 1, ScoreKind.GO, self._series, Phase.PLAY)
            self._note(LogKind.RESET, last, self._series, count=self._count, events=(event,))
            if self._winner is not None:
                return
            self._new_series()
            seat = self._next_holding(last)

    def _end_play(self) -> None:
        last = self._last
        events: tuple[ScoreEvent, ...] = ()
        if self._count:  # the last card, unless it made 31 (already pegged and reset)
            assert last is not None
            events = (self._peg(last, 1, ScoreKind.LAST_CARD, self._series, Phase.PLAY),)
        self._note(LogKind.END_OF_PLAY, last, self._series, count=self._count, events=events)
        if self._winner is not None:
            return
        self._new_series()
        self._phase = Phase.SHOW
        self._to_act = None
        starter = self._starter
        assert starter is not None
        for seat in self._seats_from(self._dealer + 1):
            self._show(seat, self._kept[seat], crib=False)
            if self._winner is not None:
                return
        self._show(self._dealer, self.crib_so_far, crib=True)
        if self._winner is None:
            self._phase = Phase.DEAL_OVER

    def _show(self, seat: int, held: tuple[Card, ...], *, crib: bool) -> None:
        assert self._starter is not None
        points = hand_total(held, self._starter, crib=crib)
        event = self._peg(seat, points, ScoreKind.CRIB if crib else ScoreKind.HAND, held, Phase.SHOW,
                          starter=self._starter, crib=crib)
        self._note(LogKind.SHOW, seat, held, events=(event,))

    # ----------------------------------------------------------------- the next deal
    def next_deal(self) -> LogEntry:
        """Deal again, the deal passing to the left."""
        self._verify_not_over()
        if self._phase is not Phase.DEAL_OVER:
            raise IllegalActionError(message("multiplayer.when", phase=self._phase))
        entry = self._note(LogKind.NEXT_DEAL, None, ())
        self._dealer = self._left_of(self._dealer)
        self._deal_number += 1
        self._deal()
        return entry

    # ----------------------------------------------------------------- automatic steps
    def _cut_for_deal(self) -> int:
        """Each player cuts; the lowest card deals; players tied for lowest cut again."""
        rng = random.Random(f"{self._seed}/cut for deal")
        cutting = list(range(self.players))
        while True:
            cut = rng.sample(FULL_DECK, len(cutting))
            low = min(card.rank for card in cut)
            self._log.append(LogEntry(LogKind.CUT_FOR_DEAL, None, tuple(cut), self._deal_number))
            lowest = [seat for seat, card in zip(cutting, cut) if card.rank == low]
            if len(lowest) == 1:
                return lowest[0]
            cutting = lowest if self.players > 2 else cutting

    def _deal(self) -> None:
        rules, n = self.rules, self.players
        rng = random.Random(f"{self._seed}/{self._deal_number}")
        order = list(range(52))
        rng.shuffle(order)
        dealt = n * rules.hand + rules.crib_from_deck
        cut_at = rng.randint(_CUT_LOW, 52 - dealt - 1 - _CUT_LOW)
        played = self._deal_number - 1
        if played < len(self._stacked):
            order = self._stack(self._stacked[played], order, cut_at)
        seats = [(self._dealer + 1 + i) % n for i in range(n * rules.hand)]
        hands: list[list[int]] = [[] for _ in range(n)]
        for seat, index in zip(seats, order):
            hands[seat].append(index)
        self._hands = [tuple(FULL_DECK[i] for i in sorted(held)) for held in hands]
        self._crib_card = tuple(FULL_DECK[i] for i in order[n * rules.hand:dealt])
        self._kept = [() for _ in range(n)]
        self._discards = [() for _ in range(n)]
        self._rest = tuple(FULL_DECK[i] for i in order[dealt:])
        self._cut_at = cut_at
        self._starter = None
        self._new_series()
        self._played = []
        self._last = None
        self._phase = Phase.DISCARD
        self._to_act = self._left_of(self._dealer)
        self._note(LogKind.DEAL, self._dealer, tuple(FULL_DECK[i] for i in order[:dealt]))

    def _stack(self, spec: StackedDeal, order: list[int], cut_at: int) -> list[int]:
        """The deck with the stacked cards where the deal puts them, the rest in the seeded order."""
        n, rules = self.players, self.rules
        by_seat = [cards(held) for held in spec.hands]
        crib_card = spec.crib_card if isinstance(spec.crib_card, Card) else None
        starter = spec.starter if isinstance(spec.starter, Card) else None
        dealt = [by_seat[(self._dealer + 1 + i) % n][i // n].index for i in range(n * rules.hand)]
        if crib_card is not None:
            dealt.append(crib_card.index)
        chosen = set(dealt) | ({starter.index} if starter is not None else set())
        rest = [i for i in order if i not in chosen]
        if rules.crib_from_deck and crib_card is None:
            dealt.append(rest.pop(0))
        if starter is not None:
            rest.insert(cut_at, starter.index)
        return dealt + rest

    def _read_stacked(self, spec: object, number: int) -> StackedDeal:
        if not isinstance(spec, StackedDeal):
            raise InvalidHandError(message("multiplayer.stacked", number=number, reason=shown(spec)))
        n, rules = self.players, self.rules
        hands = [cards(held) for held in spec.hands]
        if len(hands) != n:
            raise InvalidHandError(message("multiplayer.stacked", number=number,
                                           reason=message("multiplayer.players_count", players=n, count=len(hands))))
        for seat, held in enumerate(hands):
            if len(held) != rules.hand:
                raise InvalidHandError(message("multiplayer.stacked", number=number, reason=message(
                    "multiplayer.stacked_hand", seat=LETTERS[seat], n=rules.hand, count=len(held))))
        starter = None if spec.starter is None else cards([spec.starter])[0]
        crib_card = None if spec.crib_card is None else cards([spec.crib_card])[0]
        if crib_card is not None and not rules.crib_from_deck:
            raise InvalidHandError(message("multiplayer.stacked", number=number, reason=message("multiplayer.stacked_crib")))
        extra = tuple(card for card in (starter, crib_card) if card is not None)
        cards([card for held in hands for card in held] + list(extra))  # raises naming a card given twice
        return StackedDeal(tuple(hands), starter, crib_card)

    def _read_scores(self, scores: object) -> list[int]:
        sides, most = self.rules.sides, self.rules.target - 1
        bad = CribbageError(message("multiplayer.bad_scores", sides=sides, most=most, value=shown(scores)))
        if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or len(scores) != sides:
            raise bad
        read = [whole_number(score) for score in scores]
        if not all(score is not None and 0 <= score <= most for score in read):
            raise bad
        return [int(score) for score in read]  # type: ignore[arg-type]  # checked whole above

    def _peg(self, seat: int, worth: int, kind: ScoreKind, held: tuple[Card, ...], phase: Phase,
             starter: Card | None = None, crib: bool = False) -> ScoreEvent:
        """Peg ``worth`` for ``seat``'s side, but no further than the target: the game stops there."""
        side = self.rules.side_of(seat)
        points = min(worth, self.rules.target - self._scores[side])
        event = ScoreEvent(seat, points, kind, held, self._deal_number, phase, starter, crib, worth, self._dealer)
        self._events.append(event)
        self._scores[side] += points
        if self._scores[side] >= self.rules.target and self._winner is None:
            self._winner = side
            self._phase = Phase.OVER
            self._to_act = None
            self._log.append(LogEntry(LogKind.GAME_OVER, seat, (), self._deal_number, dealer=self._dealer))
        return event

    def _note(self, kind: LogKind, seat: int | None, held: tuple[Card, ...], *, count: int | None = None,
              events: tuple[ScoreEvent, ...] = ()) -> LogEntry:
        entry = LogEntry(kind, seat, held, self._deal_number, count, events, self._dealer)
        self._log.append(entry)
        return entry

    def _new_series(self) -> None:
        self._series = ()
        self._count = 0
        self._said_go = [False] * self.players
        self._passed = [False] * self.players

    def _left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _seats_from(self, seat: int) -> list[int]:
        """Every seat once, clockwise from ``seat``."""
        return [(seat + i) % self.players for i in range(self.players)]

    def _next_holding(self, seat: int) -> int:
        """The first seat left of ``seat`` (``seat`` itself last) that still holds cards, or ``seat``."""
        return next((s for s in self._seats_from(seat + 1) if self._hands[s]), seat)

    def _seat(self, seat: object) -> int:
        read = whole_number(seat)
        if read is None or isinstance(seat, bool) or not 0 <= read < self.players:
            raise CribbageError(message("multiplayer.bad_seat", top=self.players - 1, value=shown(seat)))
        return read

    def _verify_not_over(self) -> None:
        if self._winner is not None:
            raise IllegalActionError(message("multiplayer.over", winner=self._winner))

    def _verify_turn(self, seat: int) -> None:
        self._verify_not_over()
        seat = self._seat(seat)
        if self._phase is not Phase.PLAY:
            raise IllegalActionError(message("multiplayer.when", phase=self._phase))
        if seat != self._to_act:
            raise IllegalActionError(message("multiplayer.not_your_turn", turn=LETTERS[self._to_act or 0], seat=LETTERS[seat]))

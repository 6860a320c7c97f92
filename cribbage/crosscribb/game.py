"""A game of CrossCribb for two, three or four players: the deal, the turns, the crib, the rounds.

Seats are numbered ``0..n-1`` clockwise, so the seat on a player's left is the next number. There
are always two sides: side 0 (:data:`COLUMNS_SIDE`) scores the five columns, side 1
(:data:`ROWS_SIDE`) the five rows.

- Four players: seats 0 and 2 (partners, opposite) are side 0; seats 1 and 3 are side 1.
- Two players: seat 0 is side 0, seat 1 is side 1.
- Three players: seats 0 and 2 are the team (side 0); seat 1 is the individual (side 1), who holds
  14 cards and plays between each of the team members' turns.

Everything random follows from ``seed``: the cut for deal, each round's shuffle and the cut of the
starter. Automatic steps (the cut for deal, the deal, turning the starter, turning up each card,
scoring the round) happen by themselves and are logged; the players act with :meth:`place` and
:meth:`discard`, and :meth:`next_round` starts the next round once a view has shown the count.
Each action comes as a trio, as in :class:`cribbage.Game`: ``verify_x`` raises a
:class:`CrossCribbError` saying why not, ``can_x`` answers yes or no, ``x`` acts and returns the
record it logged. A refused action changes nothing; :meth:`undo` takes back the last action.

With ``muggins=True`` the round is not counted by itself: each side announces its lines (the side
that did not deal first, the dealer's side then adding its crib), and after each count the other
side claims the points it missed (:meth:`claim_muggins`) or lets it stand (:meth:`accept_count`).
The round's difference is taken after the claims.

The game ends when a side reaches 31. Its value in games follows the margin, which we take to be
the difference of the two sides' final scores (:func:`crosscribb_finish`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cribbage.crosscribb.board import (
    CENTRE,
    LINES,
    SIZE,
    SQUARES,
    Line,
    Square,
    SquareLike,
    line_total,
    line_totals,
    score_board,
    square,
)
from cribbage.crosscribb.records import (
    CARDS_IN_PLAY,
    COLUMNS_SIDE,
    TARGET,
    AcceptCount,
    Announce,
    Announced,
    ClaimMuggins,
    CountAccepted,
    CrossCribbAction,
    CrossCribbPhase,
    CrossCribbResult,
    CutForDeal,
    Dealt,
    Discard,
    Discarded,
    GameWon,
    MugginsClaimed,
    NextRound,
    Place,
    Placed,
    Record,
    Refusal,
    RoundResult,
    RoundScored,
    StarterTurned,
    Turned,
    refuse,
)
from cribbage.lang.messages import message
from cribbage.rules.cards import Card, CardLike, Deck
from cribbage.rules.checks import of_kind, whole
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.options import GameOptions, chosen_muggins, chosen_seed
from cribbage.rules.show_scoring import MAX_SCORE, hand_total, score_hand

__all__ = ["INDIVIDUAL", "CrossCribbGame", "deal_piles", "play_cycle", "round_deck", "turn_order"]

# Seats, turns and the deal -------------------------------------------------------------------------

#: The individual in a three-player game.
INDIVIDUAL = 1

_PLAY, _COUNT, _ROUND_OVER, _OVER = (CrossCribbPhase.PLAY, CrossCribbPhase.COUNT, CrossCribbPhase.ROUND_OVER,
                                     CrossCribbPhase.OVER)


#: The highest target taken: 31 is the game; past a thousand, a game of computers would not end.
MAX_TARGET = 1000


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cycle(players: int) -> tuple[int, ...]:
    # Three players: the individual (seat 1) comes between each of the team members' turns.
    return (0, 1, 2, 1) if players == 3 else tuple(range(players))


def _check_players(players: object) -> int:
    if not _is_int(players) or players not in (2, 3, 4):
        raise refuse(Refusal.PLAYERS, players=players)
    return players


def play_cycle(players: int, dealer: int, length: int) -> tuple[int, ...]:
    """The first ``length`` seats in the order of the deal and of the turns, starting left of the dealer.

    >>> play_cycle(4, 3, 5), play_cycle(2, 0, 3), play_cycle(3, 0, 6)
    ((0, 1, 2, 3, 0), (1, 0, 1), (1, 2, 1, 0, 1, 2))
    """
    cycle = _cycle(_check_players(players))
    dealer = whole(dealer, "dealer", low=0, high=players - 1)
    length = whole(length, "length", low=0, high=CARDS_IN_PLAY)
    start = cycle.index((dealer + 1) % players)
    return tuple(cycle[(start + i) % len(cycle)] for i in range(length))


def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """Whose turn it is for each of the 24 placements of a round (laying away takes no turn)."""
    return play_cycle(players, dealer, CARDS_IN_PLAY - 4)


def round_deck(seed: object, round_number: int) -> Deck:
    """The shuffled deck of round ``round_number`` (1, 2, ...) of the game with this seed."""
    if seed is not None:
        chosen_seed(seed)  # an int or text that can be written (None is written "None", as before)
    round_number = whole(round_number, "round_number", low=0, high=1_000_000)
    return Deck().shuffled(f"{seed}/crosscribb/round {round_number}")


def deal_piles(deck: Deck, players: int, dealer: int) -> tuple[tuple[tuple[Card, ...], ...], Deck]:
    """Deal 28 cards one at a time, starting left of the dealer: each seat's pile, and the rest.

    Four players get 7 each; two players 14 each; three players: team 7 each, individual 14.
    """
    of_kind(deck, "deck", Deck)
    order = play_cycle(players, dealer, CARDS_IN_PLAY)
    piles: list[list[Card]] = [[] for _ in range(players)]
    for seat, card in zip(order, deck):
        piles[seat].append(card)
    return tuple(tuple(p) for p in piles), Deck(deck[CARDS_IN_PLAY:])


def _crib_share(pile_size: int) -> int:
    return 2 if pile_size == 14 else 1


# The state an action may change, in the order :meth:`CrossCribbGame._snapshot` lists it. Lists are
# copied on the way in and out; cards, tuples and records are immutable and shared.
_STATE = ("_scores", "_rounds", "_round_number", "_result", "_phase", "_dealer", "_starter", "_his_heels",
          "_piles", "_share", "_owes", "_left", "_order", "_turn", "_board", "_crib", "_turned", "_to_act",
          "_counts", "_count_step", "_answer", "_announced", "_muggins_taken")
_LISTS = frozenset({"_rounds", "_owes", "_left", "_board", "_crib", "_counts"})


class CrossCribbGame(GameOptions):
    """A game of CrossCribb to 31 for 2, 3 or 4 players.

    >>> game = CrossCribbGame(2, seed=1)
    >>> game.phase, len(game.legal_actions())
    (<CrossCribbPhase.PLAY: 'play'>, 25)
    >>> game.place(game.to_act, (0, 0)).square
    (0, 0)
    >>> game.undo(); game.at((0, 0)) is None
    True
    """

    def __init__(self, players: int = 4, *, seed: object = None, target: int = TARGET,
                 dealer: int | None = None, muggins: bool = False) -> None:
        self._players = _check_players(players)
        if not _is_int(target) or target < 1:
            raise refuse(Refusal.TARGET, target=target)
        if target > MAX_TARGET:  # a game that could not end in a lifetime
            raise CribbageError(message("arg.too_large", name="target", high=MAX_TARGET, value=shown(target)))
        if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
            raise refuse(Refusal.DEALER, dealer=dealer, last=players - 1)
        self._seed = chosen_seed(seed)
        self._target = target
        self._muggins_on = chosen_muggins(muggins)
        self._scores: tuple[int, int] = (0, 0)
        self._log: list[Record] = []
        self._history: list[tuple[tuple[Any, ...], int]] = []
        self._rounds: list[RoundResult] = []
        self._round_number = 0
        self._result: CrossCribbResult | None = None
        self._phase = _PLAY
        self._dealer: int = dealer if dealer is not None else self._cut_for_deal()
        self._start_round()

    # Options and the score -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def scores(self) -> tuple[int, int]:
        """Points pegged so far by side 0 (columns) and side 1 (rows)."""
        return self._scores

    @property
    def log(self) -> tuple[Record, ...]:
        """Every record so far, in order."""
        return tuple(self._log)

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """The count of every finished round."""
        return tuple(self._rounds)

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def result(self) -> CrossCribbResult | None:
        return self._result

    @property
    def phase(self) -> CrossCribbPhase:
        return self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def starter(self) -> Card:
        return self._starter

    @property
    def his_heels(self) -> int:
        """2 when the starter is a jack (for the dealer's side), else 0."""
        return self._his_heels

    # Seats and sides ------------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """0 (columns) or 1 (rows)."""
        self._check_seat(seat)
        return seat % 2 if self._players != 3 else int(seat == INDIVIDUAL)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return tuple(s for s in range(self._players) if self.side_of(s) == side)

    @staticmethod
    def lines_of(side: int) -> str:
        """``"columns"`` for side 0, ``"rows"`` for side 1."""
        return "columns" if side == COLUMNS_SIDE else "rows"

    @property
    def dealer_side(self) -> int:
        return self.side_of(self._dealer)

    # The automatic steps --------------------------------------------------------------------------

    def _cut_for_deal(self) -> int:
        rng = random.Random(f"{self._seed}/crosscribb/cut for deal")
        while True:
            deck = Deck().shuffled(rng.randrange(2 ** 63))
            cuts = tuple(deck[:self._players])
            low = min(card.rank for card in cuts)
            lowest = [seat for seat, card in enumerate(cuts) if card.rank == low]
            dealer = lowest[0] if len(lowest) == 1 else None
            self._log.append(CutForDeal(cuts, dealer))
            if dealer is not None:
                return dealer

    def _start_round(self) -> None:
        self._round_number += 1
        deck = round_deck(self._seed, self._round_number)
        piles, rest = deal_piles(deck, self._players, self._dealer)
        cut_at = random.Random(f"{self._seed}/crosscribb/cut {self._round_number}").randrange(len(rest))
        self._starter: Card = rest.cut(cut_at)
        self._his_heels = 2 if self._starter.rank == 11 else 0
        self._piles = [list(p) for p in piles]
        self._share = tuple(_crib_share(len(p)) for p in piles)
        self._owes = list(self._share)
        self._left = [len(p) - share for p, share in zip(piles, self._share)]  # placements to make
        self._order = turn_order(self._players, self._dealer)
        self._turn = 0
        self._board: list[Card | None] = [None] * (SIZE * SIZE)
        self._board[CENTRE[0] * SIZE + CENTRE[1]] = self._starter
        self._crib: list[tuple[int, Card]] = []
        self._turned: Card | None = None
        self._to_act: int | None = None
        self._counts: list[int] = []  # muggins: the points announced for each item counted so far
        self._count_step = 0
        self._answer: Announced | None = None  # muggins: the count waiting for the other side's answer
        self._announced = (0, 0)
        self._muggins_taken = (0, 0)
        self._phase = _PLAY
        self._log.append(Dealt(self._round_number, self._dealer, piles))
        self._log.append(StarterTurned(self._round_number, self._starter, self._his_heels, self._dealer))
        self._turn_up(self._order[0])

    def _turn_up(self, seat: int) -> None:
        card = self._piles[seat].pop(0)
        self._to_act, self._turned = seat, card
        self._log.append(Turned(self._round_number, seat, card))

    def _next_turn(self) -> None:
        self._turn += 1
        if self._turn < len(self._order):
            self._turn_up(self._order[self._turn])
        elif self._muggins_on:
            self._to_act, self._turned = None, None
            self._phase = _COUNT
            self._to_act = self._counter()
        else:
            self._score_round()

    def _grid(self) -> list[list[Card]]:
        return [[self._board[r * SIZE + c] for c in range(SIZE)] for r in range(SIZE)]  # type: ignore[misc]

    def _score_round(self) -> None:
        self._to_act, self._turned, self._answer = None, None, None
        rows, columns = score_board(self._grid())
        crib = score_hand([card for _, card in self._crib], self._starter, crib=True)
        side = self.dealer_side
        if self._muggins_on:
            totals = [self._announced[0] + self._muggins_taken[0], self._announced[1] + self._muggins_taken[1]]
            announced: tuple[int, int] | None = self._announced
        else:
            totals = [sum(line.total for line in columns), sum(line.total for line in rows)]
            totals[side] += crib.total
            announced = None
        totals[side] += self._his_heels
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        points = abs(totals[0] - totals[1])
        result = RoundResult(self._round_number, self._dealer, side, self._starter, rows, columns, crib,
                             self._his_heels, (totals[0], totals[1]), winner, points, self._muggins_taken,
                             announced)
        self._rounds.append(result)
        self._log.append(RoundScored(self._round_number, result))
        if winner is not None:
            self._scores = _with(self._scores, winner, self._scores[winner] + points)
        self._phase = _ROUND_OVER
        if winner is not None and self._scores[winner] >= self._target:
            self._result = CrossCribbResult.of(self._scores)
            self._log.append(GameWon(self._round_number, self._result))
            self._phase = _OVER

    # What a player may see ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is: to place or lay away, or (muggins) to announce a count or answer
        the other side's; None between rounds and after the game."""
        return self._to_act

    @property
    def turned(self) -> Card | None:
        """The card ``to_act`` has turned up. Only that seat may see it."""
        return self._turned

    @property
    def must_discard(self) -> bool:
        """True when ``to_act`` has filled all its squares and still owes the crib: it must lay away."""
        seat = self._to_act
        return self._phase is _PLAY and seat is not None and self._left[seat] == 0

    @property
    def board(self) -> tuple[tuple[Card | None, ...], ...]:
        """Five rows of five squares; None for an open square. The starter is in the centre."""
        return tuple(tuple(self._board[r * SIZE: r * SIZE + SIZE]) for r in range(SIZE))

    @property
    def squares(self) -> tuple[Card | None, ...]:
        """The 25 squares row by row (index ``row * 5 + column``); None for an open square."""
        return tuple(self._board)

    def at(self, where: SquareLike) -> Card | None:
        """The card on a square, or None."""
        sq = square(where)
        return self._board[sq[0] * SIZE + sq[1]]

    def running_totals(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What each row and each column scores so far with the cards on it (the starter included)."""
        totals = line_totals(self._board, self._starter)
        return (tuple(totals[line] for line in LINES[:SIZE]), tuple(totals[line] for line in LINES[SIZE:]))

    def line_totals(self) -> dict[Line, int]:
        """What every line scores so far, by :class:`Line`."""
        return line_totals(self._board, self._starter)

    def open_squares(self) -> list[Square]:
        """The squares still empty, row by row."""
        return [sq for sq in SQUARES if self._board[sq[0] * SIZE + sq[1]] is None]

    def pile_size(self, seat: int) -> int:
        """Face-down cards a seat has not yet turned up."""
        self._check_seat(seat)
        return len(self._piles[seat])

    def owes(self, seat: int) -> int:
        """Cards a seat still has to lay away this round (one, or two with a pile of 14)."""
        self._check_seat(seat)
        return self._owes[seat]

    def squares_left(self, seat: int) -> int:
        """Cards a seat still has to place this round (its turns left)."""
        self._check_seat(seat)
        return self._left[seat]

    def discards(self, seat: int) -> tuple[Card, ...]:
        """The cards this seat laid in the crib this round (a seat knows only its own)."""
        self._check_seat(seat)
        return tuple(card for who, card in self._crib if who == seat)

    @property
    def crib_size(self) -> int:
        return len(self._crib)

    @property
    def crib(self) -> tuple[Card, ...]:
        """All the crib's cards, face down until the round is counted: show them only then."""
        return tuple(card for _, card in self._crib)

    def unseen(self, seat: int) -> list[Card]:
        """The cards ``seat`` has not seen this round: not on the board, not its own turned or laid-away card."""
        seen = set(card for card in self._board if card is not None)
        seen.update(self.discards(seat))
        if self._to_act == seat and self._turned is not None:
            seen.add(self._turned)
        return [card for card in Deck() if card not in seen]

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over."""
        return self._result.winner if self._result else None

    @property
    def last_round(self) -> RoundResult | None:
        return self._rounds[-1] if self._rounds else None

    def points_to_win(self, side: int) -> int:
        """How many points ``side`` still needs to reach the target."""
        if side not in (0, 1):
            raise refuse(Refusal.NOT_A_SIDE, side=side)
        return max(0, self._target - self._scores[side])

    def round_could_end_game(self) -> tuple[int, ...]:
        """The sides that could reach the target with the round now being played.

        A side pegs the difference of the round's totals, so it could when the best difference
        still possible reaches what it needs: its own lines and crib at the most they can score
        (an unfinished line or crib at 29, the most five cards hold), the other side's at the least
        (a line's count only grows as cards are added, so what it holds so far). With muggins the
        other side may yet announce nothing and have all of it claimed, and what was announced,
        claimed or let stand is settled. Empty between rounds and after the game.
        """
        if self._phase not in (_PLAY, _COUNT):
            return ()
        totals = line_totals(self._board, self._starter)
        crib_known = len(self._crib) == 4
        most: dict[Line | None, int] = {}
        least: dict[Line | None, int] = {}
        for line in LINES:
            full = all(self._board[r * SIZE + c] is not None for r, c in line.squares)
            most[line], least[line] = (totals[line] if full else MAX_SCORE), totals[line]
        crib_holds = hand_total(self.crib, self._starter, crib=True) if crib_known else None
        most[None], least[None] = (MAX_SCORE if crib_holds is None else crib_holds), (crib_holds or 0)
        items = self._count_items()
        # Items not yet announced: all of them while the board is filled.
        first = 0 if self._phase is _PLAY else self._count_step + (self._answer is not None)
        pending = self._answer
        out = []
        for side in (0, 1):
            def owner(item: Line | None) -> int:
                return self.dealer_side if item is None else item.side
            best = self._his_heels if side == self.dealer_side else -self._his_heels
            if self._muggins_on:
                best += (self._announced[side] + self._muggins_taken[side]
                         - self._announced[1 - side] - self._muggins_taken[1 - side])
                best += sum(most[item] for item in items[first:])   # theirs claimed in full
                if pending is not None and pending.side != side:
                    best += pending.missed
            else:
                best += sum(most[item] if owner(item) == side else -least[item] for item in items)
            if best >= self.points_to_win(side):
                out.append(side)
        return tuple(out)

    def moves(self, round_number: int | None = None) -> list[Placed | Discarded]:
        """The placements and lay-aways of a round (the current one by default), in order."""
        n = self._round_number if round_number is None else whole(round_number, "round_number")
        return [r for r in self._log if isinstance(r, (Placed, Discarded)) and r.round == n]

    def replay(self, round_number: int | None = None
               ) -> list[tuple[StarterTurned | Placed | Discarded, tuple[Card | None, ...], int]]:
        """A round move by move: after the starter and after each move, the 25 squares and the crib size.

        Squares are listed row by row (index ``row * 5 + column``).
        """
        n = self._round_number if round_number is None else round_number
        start = next((r for r in self._log if isinstance(r, StarterTurned) and r.round == n), None)
        if start is None:
            raise refuse(Refusal.NO_ROUND, round=n, rounds=self._round_number)
        board: list[Card | None] = [None] * (SIZE * SIZE)
        board[CENTRE[0] * SIZE + CENTRE[1]] = start.starter
        crib = 0
        frames: list[tuple[StarterTurned | Placed | Discarded, tuple[Card | None, ...], int]] = [
            (start, tuple(board), crib)]
        for move in self.moves(n):
            if isinstance(move, Placed):
                board[move.square[0] * SIZE + move.square[1]] = move.card
            else:
                crib += 1
            frames.append((move, tuple(board), crib))
        return frames

    # Muggins: what is being counted -----------------------------------------------------------------

    def _count_items(self) -> list[Line | None]:
        # The side that did not deal counts first (seed 003); the dealer's side adds its crib (None).
        first = 1 - self.dealer_side
        return ([line for line in LINES if line.side == first] + [line for line in LINES if line.side != first]
                + [None])

    def _counter(self) -> int:
        side = self.counting_side
        assert side is not None
        return self.seats_of(side)[0]

    @property
    def counting(self) -> Line | None:
        """Muggins: the line being counted now (None for the crib, or when nothing is being counted:
        see :attr:`counting_side`)."""
        if self._phase is not _COUNT:
            return None
        if self._answer is not None:
            return self._answer.line
        return self._count_items()[self._count_step]

    @property
    def counting_side(self) -> int | None:
        """Muggins: the side whose line or crib is being counted now, else None."""
        if self._phase is not _COUNT:
            return None
        if self._answer is not None:
            return self._answer.side
        item = self._count_items()[self._count_step]
        return self.dealer_side if item is None else item.side

    @property
    def awaiting_answer(self) -> Announced | None:
        """Muggins: the count the other side must now claim muggins on or accept, else None."""
        return self._answer

    def holds(self, line: Line | None) -> int:
        """What a full line (or the crib, ``None``) holds, once the board is full."""
        if self._phase is _PLAY:
            raise refuse(Refusal.STILL_PLAYING, round=self._round_number)
        if line is None:
            return hand_total(self.crib, self._starter, crib=True)
        cards_ = [self._board[r * SIZE + c] for r, c in line.squares]
        return line_total(cards_, self._starter if line.holds_starter else None)  # type: ignore[arg-type]

    # Copy and undo --------------------------------------------------------------------------------

    def _snapshot(self) -> tuple[Any, ...]:
        return tuple(list(getattr(self, name)) if name in _LISTS else
                     [list(p) for p in self._piles] if name == "_piles" else getattr(self, name)
                     for name in _STATE)

    def _restore(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(_STATE, state):
            if name in _LISTS:
                value = list(value)
            elif name == "_piles":
                value = [list(p) for p in value]
            setattr(self, name, value)

    def _push(self) -> None:
        self._history.append((self._snapshot(), len(self._log)))

    def copy(self) -> CrossCribbGame:
        """An independent copy for look-ahead, undo history included (records are immutable and shared)."""
        other = object.__new__(CrossCribbGame)
        other.__dict__.update(self.__dict__)
        other._restore(self._snapshot())
        other._log = list(self._log)
        other._history = list(self._history)
        return other

    @property
    def history_length(self) -> int:
        """How many actions :meth:`undo` can take back."""
        return len(self._history)

    def verify_undo(self) -> None:
        if not self._history:
            raise refuse(Refusal.NOTHING_TO_UNDO)

    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self) -> None:
        """Take back the last action and the automatic steps that followed it."""
        self.verify_undo()
        state, n_log = self._history.pop()
        self._restore(state)
        del self._log[n_log:]

    # Actions -------------------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        if not _is_int(seat) or not 0 <= seat < self._players:  # type: ignore[operator]
            raise refuse(Refusal.NOT_A_SEAT, seat=seat, last=self._players - 1)

    def _verify_open(self) -> None:
        if self._phase is _OVER:
            raise refuse(Refusal.GAME_OVER)

    def _verify_turn(self, seat: int, card: CardLike | None) -> None:
        self._verify_open()
        if self._phase is _ROUND_OVER:
            raise refuse(Refusal.ROUND_OVER)
        if self._phase is _COUNT:
            raise refuse(Refusal.COUNTING)
        self._check_seat(seat)
        if seat != self._to_act:
            raise refuse(Refusal.NOT_YOUR_TURN, seat=seat, to_act=self._to_act)
        if card is not None:
            try:
                given = Card.parse(card)
            except CribbageError:
                raise refuse(Refusal.NOT_A_CARD, given=card) from None
            if given != self._turned:
                raise refuse(Refusal.NOT_YOUR_CARD, card=given, turned=self._turned)

    def verify_place(self, seat: int, where: SquareLike, card: CardLike | None = None) -> Square:
        """Raise :class:`CrossCribbError` saying why ``seat`` may not place its turned card there now;
        return the square."""
        self._verify_turn(seat, card)
        if self._left[seat] == 0:
            owed = self._owes[seat]
            raise refuse(Refusal.FORCED, card=self._turned, n=owed)
        try:
            sq = square(where)
        except CribbageError:
            raise refuse(Refusal.NOT_A_SQUARE, where=where) from None
        if sq == CENTRE:
            raise refuse(Refusal.CENTRE)
        held = self._board[sq[0] * SIZE + sq[1]]
        if held is not None:
            raise refuse(Refusal.OCCUPIED, square=sq, card=held)
        return sq

    def can_place(self, seat: int, where: SquareLike, card: CardLike | None = None) -> bool:
        return _can(self.verify_place, seat, where, card)

    def place(self, seat: int, where: SquareLike, card: CardLike | None = None) -> Placed:
        """Place the turned card face up on an open square. ``card``, if given, must be the turned card."""
        sq = self.verify_place(seat, where, card)
        self._push()
        placed = Placed(self._round_number, seat, self._turned, sq)  # type: ignore[arg-type]
        self._board[sq[0] * SIZE + sq[1]] = self._turned
        self._log.append(placed)
        self._left[seat] -= 1
        if self._left[seat] == 0 and self._owes[seat] > 0:
            self._turn_up(seat)  # the rest must go to the crib
        else:
            self._next_turn()
        return placed

    def verify_discard(self, seat: int, card: CardLike | None = None) -> None:
        """Raise :class:`CrossCribbError` saying why ``seat`` may not lay its turned card away now."""
        self._verify_turn(seat, card)
        if self._owes[seat] == 0:
            laid = message("crosscribb.both_your_cards" if self._share[seat] == 2 else "crosscribb.your_card")
            raise refuse(Refusal.LAID_ALL, card=self._turned, laid=laid)

    def can_discard(self, seat: int, card: CardLike | None = None) -> bool:
        return _can(self.verify_discard, seat, card)

    def discard(self, seat: int, card: CardLike | None = None) -> Discarded:
        """Lay the turned card face down in the crib and, if cards are left, turn up the next one."""
        self.verify_discard(seat, card)
        self._push()
        laid = Discarded(self._round_number, seat, self._turned, self._left[seat] == 0)  # type: ignore[arg-type]
        self._crib.append((seat, self._turned))  # type: ignore[arg-type]
        self._owes[seat] -= 1
        self._log.append(laid)
        if self._piles[seat]:
            self._turn_up(seat)
        else:
            self._next_turn()
        return laid

    # Muggins: announce, claim, accept -------------------------------------------------------------

    def _verify_counting(self) -> None:
        self._verify_open()
        if not self._muggins_on:
            raise refuse(Refusal.MUGGINS_OFF)
        if self._phase is not _COUNT:
            raise refuse(Refusal.NOT_COUNTING)

    def verify_announce(self, seat: int, points: int) -> int:
        """Raise :class:`CrossCribbError` saying why ``seat`` may not announce ``points`` for the line (or
        crib) being counted; return what it truly holds."""
        self._verify_counting()
        self._check_seat(seat)
        if self._answer is not None:
            other = 1 - self._answer.side
            raise refuse(Refusal.ANSWER_FIRST, side=other)
        side = self.counting_side
        if self.side_of(seat) != side:
            raise refuse(Refusal.NOT_YOUR_COUNT, seat=seat, side=side)
        if not _is_int(points) or points < 0:
            raise refuse(Refusal.BAD_POINTS, points=points)
        line = self.counting
        true = self.holds(line)
        if points > true:
            raise refuse(Refusal.OVER_COUNT, points=points, line=line)
        return true

    def can_announce(self, seat: int, points: int) -> bool:
        return _can(self.verify_announce, seat, points)

    def announce(self, seat: int, points: int) -> Announced:
        """Muggins: announce what the line (or crib) being counted holds; the other side answers next."""
        true = self.verify_announce(seat, points)
        self._push()
        side = self.side_of(seat)
        record = Announced(self._round_number, seat, side, self.counting, points, true)
        self._log.append(record)
        self._counts.append(points)
        self._announced = _with(self._announced, side, self._announced[side] + points)
        self._answer = record
        self._to_act = self.seats_of(1 - side)[0]
        return record

    def _verify_answer(self, seat: int) -> Announced:
        self._verify_counting()
        self._check_seat(seat)
        answer = self._answer
        if answer is None:
            raise refuse(Refusal.NOTHING_TO_ANSWER)
        if self.side_of(seat) == answer.side:
            raise refuse(Refusal.NOT_YOUR_ANSWER, seat=seat, side=answer.side)
        return answer

    def verify_claim_muggins(self, seat: int) -> None:
        """Raise :class:`CrossCribbError` saying why ``seat`` may not claim muggins on the last count."""
        answer = self._verify_answer(seat)
        if answer.missed == 0:
            raise refuse(Refusal.NOTHING_MISSED, points=answer.points, line=answer.line)

    def can_claim_muggins(self, seat: int) -> bool:
        return _can(self.verify_claim_muggins, seat)

    def claim_muggins(self, seat: int) -> MugginsClaimed:
        """Muggins: take the points the other side's last count missed."""
        self.verify_claim_muggins(seat)
        self._push()
        answer = self._answer
        assert answer is not None
        side = self.side_of(seat)
        record = MugginsClaimed(self._round_number, seat, side, answer.line, answer.missed)
        self._log.append(record)
        self._muggins_taken = _with(self._muggins_taken, side, self._muggins_taken[side] + answer.missed)
        self._after_answer()
        return record

    def verify_accept_count(self, seat: int) -> None:
        """Raise :class:`CrossCribbError` saying why ``seat`` may not let the last count stand."""
        self._verify_answer(seat)

    def can_accept_count(self, seat: int) -> bool:
        return _can(self.verify_accept_count, seat)

    def accept_count(self, seat: int) -> CountAccepted:
        """Muggins: let the other side's last count stand (what it missed is lost)."""
        answer = self._verify_answer(seat)
        self._push()
        record = CountAccepted(self._round_number, seat, self.side_of(seat), answer.line)
        self._log.append(record)
        self._after_answer()
        return record

    def _after_answer(self) -> None:
        self._answer = None
        self._count_step += 1
        if self._count_step == len(self._count_items()):
            self._score_round()
        else:
            self._to_act = self._counter()

    # Between rounds -------------------------------------------------------------------------------

    def verify_next_round(self) -> None:
        """Raise :class:`CrossCribbError` saying why the next round may not be dealt now."""
        self._verify_open()
        if self._phase is not _ROUND_OVER:
            raise refuse(Refusal.STILL_PLAYING, round=self._round_number)

    def can_next_round(self) -> bool:
        return self._phase is _ROUND_OVER

    def next_round(self) -> Dealt:
        """The deal passes left and the next round is dealt."""
        self.verify_next_round()
        self._push()
        self._dealer = (self._dealer + 1) % self._players
        self._start_round()
        return next(r for r in reversed(self._log) if isinstance(r, Dealt))

    # Any action -----------------------------------------------------------------------------------

    def legal_actions(self) -> list[CrossCribbAction]:
        """Every action allowed now."""
        phase = self._phase
        if phase is _ROUND_OVER:
            return [NextRound()]
        seat = self._to_act
        if seat is None:
            return []
        if phase is _COUNT:
            if self._answer is not None:
                out: list[CrossCribbAction] = [AcceptCount(seat)]
                if self._answer.missed:
                    out.append(ClaimMuggins(seat))
                return out
            return [Announce(seat, points) for points in range(self.holds(self.counting) + 1)]
        out = []
        if self._left[seat] > 0:
            out.extend(Place(seat, sq) for sq in self.open_squares())
        if self._owes[seat] > 0:
            out.append(Discard(seat))
        return out

    def verify_action(self, action: CrossCribbAction) -> None:
        """Raise :class:`CrossCribbError` saying why ``action`` is not allowed now."""
        self._dispatch(action, verify=True)

    def can_apply(self, action: CrossCribbAction) -> bool:
        return _can(self.verify_action, action)

    def apply(self, action: CrossCribbAction) -> Record:
        """Perform any action object."""
        return self._dispatch(action, verify=False)  # type: ignore[return-value]

    def _dispatch(self, action: CrossCribbAction, *, verify: bool) -> Record | None:
        if isinstance(action, Place):
            return (self.verify_place if verify else self.place)(action.seat, action.square)  # type: ignore
        if isinstance(action, Discard):
            return (self.verify_discard if verify else self.discard)(action.seat)
        if isinstance(action, Announce):
            return (self.verify_announce if verify else self.announce)(action.seat, action.points)  # type: ignore
        if isinstance(action, ClaimMuggins):
            return (self.verify_claim_muggins if verify else self.claim_muggins)(action.seat)
        if isinstance(action, AcceptCount):
            return (self.verify_accept_count if verify else self.accept_count)(action.seat)
        if isinstance(action, NextRound):
            return (self.verify_next_round if verify else self.next_round)()
        raise refuse(Refusal.NOT_AN_ACTION, action=action)

    def __repr__(self) -> str:
        return (f"<CrossCribbGame {self._players} players, round {self._round_number}, {self._phase.value}, "
                f"scores {self._scores[0]}-{self._scores[1]}>")


def _with(pair: tuple[int, int], side: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if side == 0 else (pair[0], value)


def _can(verify: Callable[..., Any], *args: Any) -> bool:
    try:
        verify(*args)
    except CribbageError:
        return False
    return True

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
:meth:`lay_away`, and :meth:`next_round` starts the next round once a view has shown the count.

The game ends when a side reaches 31. Its value in games follows the margin, which we take to be
the difference of the two sides' final scores: 15 or less a win (1 game), 16 to 30 a skunk (2),
31 or more a double skunk (3). Rules: RULES.md, "CrossCribb".
"""

from __future__ import annotations

import random
from typing import Optional, Union

from ..cards import Card, CardLike, Deck
from ..errors import CribbageError, IllegalActionError
from ..scoring import score_hand
from .board import (CENTRE, COLUMNS, ROWS, SIZE, SQUARES, Square, SquareLike, running_total, score_board,
                    square)
from .records import (CARDS_IN_PLAY, COLUMNS_SIDE, TARGET, Action, CutForDeal, Dealt, GameResult,
                      GameWon, LaidAway, LayAway, NextRound, Phase, Place, Placed, Record, RoundResult,
                      RoundScored, StarterTurned, Turned, game_value)

__all__ = ["CrossCribbGame", "play_cycle", "turn_order", "deal_piles", "round_deck", "INDIVIDUAL"]

# Seats, turns and the deal -------------------------------------------------------------------------

#: The individual in a three-player game.
INDIVIDUAL = 1


def _cycle(players: int) -> tuple[int, ...]:
    # Three players: the individual (seat 1) comes between each of the team members' turns.
    return (0, 1, 2, 1) if players == 3 else tuple(range(players))


def _check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise CribbageError(f"CrossCribb is for 2, 3 or 4 players, not {players!r}")
    return players


def play_cycle(players: int, dealer: int, length: int) -> tuple[int, ...]:
    """The first ``length`` seats in the order of the deal and of the turns, starting left of the dealer.

    >>> play_cycle(4, 3, 5), play_cycle(2, 0, 3), play_cycle(3, 0, 6)
    ((0, 1, 2, 3, 0), (1, 0, 1), (1, 2, 1, 0, 1, 2))
    """
    cycle = _cycle(_check_players(players))
    start = cycle.index((dealer + 1) % players)
    return tuple(cycle[(start + i) % len(cycle)] for i in range(length))


def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """Whose turn it is for each of the 24 placements of a round (laying away takes no turn)."""
    return play_cycle(players, dealer, CARDS_IN_PLAY - 4)


def round_deck(seed: object, round_number: int) -> Deck:
    """The shuffled deck of round ``round_number`` (1, 2, ...) of the game with this seed."""
    return Deck().shuffled(f"{seed}/crosscribb/round {round_number}")


def deal_piles(deck: Deck, players: int, dealer: int) -> tuple[tuple[tuple[Card, ...], ...], Deck]:
    """Deal 28 cards one at a time, starting left of the dealer: each seat's pile, and the rest.

    Four players get 7 each; two players 14 each; three players: team 7 each, individual 14.
    """
    order = play_cycle(players, dealer, CARDS_IN_PLAY)
    piles: list[list[Card]] = [[] for _ in range(players)]
    for seat, card in zip(order, deck):
        piles[seat].append(card)
    return tuple(tuple(p) for p in piles), Deck(deck[CARDS_IN_PLAY:])


def _crib_share(pile_size: int) -> int:
    return 2 if pile_size == 14 else 1


def _where(sq: Square) -> str:
    return f"row {sq[0] + 1}, column {sq[1] + 1}"


class CrossCribbGame:
    """A game of CrossCribb to 31 for 2, 3 or 4 players.

    >>> game = CrossCribbGame(2, seed=1)
    >>> game.phase, len(game.legal_actions())
    (<Phase.PLAY: 'play'>, 25)
    >>> game.place(game.to_act, (0, 0)).square
    (0, 0)
    """

    def __init__(self, players: int = 4, *, seed: object = None, target: int = TARGET,
                 dealer: Optional[int] = None) -> None:
        self.players = _check_players(players)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise CribbageError(f"the target must be a positive whole number, not {target!r}")
        #: The seed everything random follows from (drawn at random when not given, and kept).
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2 ** 63)
        self.target = target
        self.scores = [0, 0]
        self.log: list[Record] = []
        self.rounds: list[RoundResult] = []
        self.round_number = 0
        self.result: Optional[GameResult] = None
        self.phase = Phase.PLAY
        if dealer is None:
            dealer = self._cut_for_deal()
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise CribbageError(f"the dealer must be a seat 0..{players - 1}, not {dealer!r}")
        self.dealer: int = dealer
        self._start_round()

    # Seats and sides ------------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """0 (columns) or 1 (rows)."""
        self._check_seat(seat)
        return seat % 2 if self.players != 3 else int(seat == INDIVIDUAL)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    @staticmethod
    def lines_of(side: int) -> str:
        """``"columns"`` for side 0, ``"rows"`` for side 1."""
        return "columns" if side == COLUMNS_SIDE else "rows"

    @property
    def dealer_side(self) -> int:
        return self.side_of(self.dealer)

    # The automatic steps --------------------------------------------------------------------------

    def _cut_for_deal(self) -> int:
        rng = random.Random(f"{self.seed}/crosscribb/cut for deal")
        while True:
            deck = Deck().shuffled(rng.randrange(2 ** 63))
            cuts = tuple(deck[:self.players])
            low = min(card.rank for card in cuts)
            lowest = [seat for seat, card in enumerate(cuts) if card.rank == low]
            dealer = lowest[0] if len(lowest) == 1 else None
            self.log.append(CutForDeal(cuts, dealer))
            if dealer is not None:
                return dealer

    def _start_round(self) -> None:
        self.round_number += 1
        deck = round_deck(self.seed, self.round_number)
        piles, rest = deal_piles(deck, self.players, self.dealer)
        cut_at = random.Random(f"{self.seed}/crosscribb/cut {self.round_number}").randrange(len(rest))
        self.starter: Card = rest.cut(cut_at)
        self.his_heels = 2 if self.starter.rank == 11 else 0
        self._piles = [list(p) for p in piles]
        self._share = tuple(_crib_share(len(p)) for p in piles)
        self._owes = list(self._share)
        self._left = [len(p) - share for p, share in zip(piles, self._share)]  # placements to make
        self._order = turn_order(self.players, self.dealer)
        self._turn = 0
        self._board: list[Optional[Card]] = [None] * (SIZE * SIZE)
        self._board[CENTRE[0] * SIZE + CENTRE[1]] = self.starter
        self._crib: list[tuple[int, Card]] = []
        self._turned: Optional[Card] = None
        self._to_act: Optional[int] = None
        self.phase = Phase.PLAY
        self.log.append(Dealt(self.round_number, self.dealer, piles))
        self.log.append(StarterTurned(self.round_number, self.starter, self.his_heels))
        self._turn_up(self._order[0])

    def _turn_up(self, seat: int) -> None:
        card = self._piles[seat].pop(0)
        self._to_act, self._turned = seat, card
        self.log.append(Turned(self.round_number, seat, card))

    def _next_turn(self) -> None:
        self._turn += 1
        if self._turn < len(self._order):
            self._turn_up(self._order[self._turn])
        else:
            self._score_round()

    def _score_round(self) -> None:
        self._to_act, self._turned = None, None
        grid = [[self._board[r * SIZE + c] for c in range(SIZE)] for r in range(SIZE)]
        rows, columns = score_board(grid)  # type: ignore[arg-type]
        crib = score_hand([card for _, card in self._crib], self.starter, crib=True)
        side = self.dealer_side
        totals = [sum(line.total for line in columns), sum(line.total for line in rows)]
        totals[side] += crib.total + self.his_heels
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        points = abs(totals[0] - totals[1])
        result = RoundResult(self.round_number, self.dealer, side, self.starter, rows, columns, crib,
                             self.his_heels, (totals[0], totals[1]), winner, points)
        self.rounds.append(result)
        self.log.append(RoundScored(self.round_number, result))
        if winner is not None:
            self.scores[winner] += points
        self.phase = Phase.ROUND_OVER
        if winner is not None and self.scores[winner] >= self.target:
            margin = self.scores[winner] - self.scores[1 - winner]
            self.result = GameResult(winner, (self.scores[0], self.scores[1]), margin, game_value(margin))
            self.log.append(GameWon(self.round_number, self.result))
            self.phase = Phase.OVER

    # What a player may see ------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        """The seat whose turn it is; None between rounds and after the game."""
        return self._to_act

    @property
    def turned(self) -> Optional[Card]:
        """The card ``to_act`` has turned up. Only that seat may see it."""
        return self._turned

    @property
    def must_lay_away(self) -> bool:
        """True when ``to_act`` has filled all its squares and still owes the crib: it must lay away."""
        seat = self._to_act
        return seat is not None and self._left[seat] == 0

    @property
    def board(self) -> tuple[tuple[Optional[Card], ...], ...]:
        """Five rows of five squares; None for an open square. The starter is in the centre."""
        return tuple(tuple(self._board[r * SIZE: r * SIZE + SIZE]) for r in range(SIZE))

    def at(self, where: SquareLike) -> Optional[Card]:
        """The card on a square, or None."""
        sq = square(where)
        return self._board[sq[0] * SIZE + sq[1]]

    def running_totals(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What each row and each column scores so far with the cards on it (the starter included)."""
        def total(line: tuple[Square, ...], centre: bool) -> int:
            placed = [card for card in (self._board[r * SIZE + c] for r, c in line) if card is not None]
            return running_total(placed, self.starter if centre else None)
        return (tuple(total(line, i == CENTRE[0]) for i, line in enumerate(ROWS)),
                tuple(total(line, i == CENTRE[1]) for i, line in enumerate(COLUMNS)))

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

    def laid_away(self, seat: int) -> tuple[Card, ...]:
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
        seen.update(self.laid_away(seat))
        if self._to_act == seat and self._turned is not None:
            seen.add(self._turned)
        return [card for card in Deck() if card not in seen]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def winner(self) -> Optional[int]:
        """The winning side once the game is over."""
        return self.result.winner if self.result else None

    @property
    def last_round(self) -> Optional[RoundResult]:
        return self.rounds[-1] if self.rounds else None

    def moves(self, round_number: Optional[int] = None) -> list[Union[Placed, LaidAway]]:
        """The placements and lay-aways of a round (the current one by default), in order."""
        n = self.round_number if round_number is None else round_number
        return [r for r in self.log if isinstance(r, (Placed, LaidAway)) and r.round == n]

    def replay(self, round_number: Optional[int] = None
               ) -> list[tuple[Union[StarterTurned, Placed, LaidAway], tuple[Optional[Card], ...], int]]:
        """A round move by move: after the starter and after each move, the 25 squares and the crib size.

        Squares are listed row by row (index ``row * 5 + column``).
        """
        n = self.round_number if round_number is None else round_number
        start = next((r for r in self.log if isinstance(r, StarterTurned) and r.round == n), None)
        if start is None:
            raise CribbageError(f"there is no round {n} (rounds so far: {self.round_number})")
        board: list[Optional[Card]] = [None] * (SIZE * SIZE)
        board[CENTRE[0] * SIZE + CENTRE[1]] = start.starter
        crib = 0
        frames: list = [(start, tuple(board), crib)]
        for move in self.moves(n):
            if isinstance(move, Placed):
                board[move.square[0] * SIZE + move.square[1]] = move.card
            else:
                crib += 1
            frames.append((move, tuple(board), crib))
        return frames

    # Actions -------------------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat!r}: seats are 0..{self.players - 1}")

    def _verify_turn(self, seat: int, card: Optional[CardLike]) -> None:
        if self.phase is Phase.OVER:
            raise IllegalActionError("the game is over")
        if self.phase is Phase.ROUND_OVER:
            raise IllegalActionError("the round is over: deal the next round first")
        self._check_seat(seat)
        if seat != self._to_act:
            raise IllegalActionError(f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        if card is not None:
            try:
                given = Card.parse(card)
            except CribbageError as error:
                raise IllegalActionError(str(error)) from None
            if given != self._turned:
                raise IllegalActionError(f"{given} is not your card: you turned up {self._turned}")

    def verify_place(self, seat: int, where: SquareLike, card: Optional[CardLike] = None) -> None:
        """Raise :class:`IllegalActionError` saying why ``seat`` may not place its turned card there now."""
        self._verify_turn(seat, card)
        if self._left[seat] == 0:
            owed = self._owes[seat]
            raise IllegalActionError(f"you have no squares left to fill and still owe the crib {owed} "
                                     f"card{'s' if owed > 1 else ''}: lay {self._turned} away")
        try:
            sq = square(where)
        except CribbageError as error:
            raise IllegalActionError(str(error)) from None
        held = self._board[sq[0] * SIZE + sq[1]]
        if sq == CENTRE:
            raise IllegalActionError("the centre square holds the starter")
        if held is not None:
            raise IllegalActionError(f"{_where(sq)} is taken by {held}")

    def can_place(self, seat: int, where: SquareLike, card: Optional[CardLike] = None) -> bool:
        try:
            self.verify_place(seat, where, card)
        except IllegalActionError:
            return False
        return True

    def place(self, seat: int, where: SquareLike, card: Optional[CardLike] = None) -> Placed:
        """Place the turned card face up on an open square. ``card``, if given, must be the turned card."""
        self.verify_place(seat, where, card)
        sq = square(where)
        placed = Placed(self.round_number, seat, self._turned, sq)  # type: ignore[arg-type]
        self._board[sq[0] * SIZE + sq[1]] = self._turned
        self.log.append(placed)
        self._left[seat] -= 1
        if self._left[seat] == 0 and self._owes[seat] > 0:
            self._turn_up(seat)  # the rest must go to the crib
        else:
            self._next_turn()
        return placed

    def verify_lay_away(self, seat: int, card: Optional[CardLike] = None) -> None:
        """Raise :class:`IllegalActionError` saying why ``seat`` may not lay its turned card away now."""
        self._verify_turn(seat, card)
        if self._owes[seat] == 0:
            laid = "both your cards" if self._share[seat] == 2 else "your card"
            raise IllegalActionError(f"you have already laid away {laid}: place {self._turned} on the board")

    def can_lay_away(self, seat: int, card: Optional[CardLike] = None) -> bool:
        try:
            self.verify_lay_away(seat, card)
        except IllegalActionError:
            return False
        return True

    def lay_away(self, seat: int, card: Optional[CardLike] = None) -> LaidAway:
        """Lay the turned card face down in the crib and, if cards are left, turn up the next one."""
        self.verify_lay_away(seat, card)
        laid = LaidAway(self.round_number, seat, self._turned, self._left[seat] == 0)  # type: ignore[arg-type]
        self._crib.append((seat, self._turned))  # type: ignore[arg-type]
        self._owes[seat] -= 1
        self.log.append(laid)
        if self._piles[seat]:
            self._turn_up(seat)
        else:
            self._next_turn()
        return laid

    def verify_next_round(self) -> None:
        if self.phase is Phase.OVER:
            raise IllegalActionError("the game is over")
        if self.phase is not Phase.ROUND_OVER:
            raise IllegalActionError(f"round {self.round_number} is still being played")

    def can_next_round(self) -> bool:
        return self.phase is Phase.ROUND_OVER

    def next_round(self) -> Dealt:
        """The deal passes left and the next round is dealt."""
        self.verify_next_round()
        self.dealer = (self.dealer + 1) % self.players
        self._start_round()
        return next(r for r in reversed(self.log) if isinstance(r, Dealt))

    def legal_actions(self) -> list[Action]:
        """Every action allowed now."""
        if self.phase is Phase.ROUND_OVER:
            return [NextRound()]
        if self.phase is not Phase.PLAY or self._to_act is None:
            return []
        seat = self._to_act
        out: list[Action] = []
        if self._left[seat] > 0:
            out.extend(Place(seat, sq) for sq in self.open_squares())
        if self._owes[seat] > 0:
            out.append(LayAway(seat))
        return out

    def apply(self, action: Action) -> Record:
        """Perform any action object."""
        if isinstance(action, Place):
            return self.place(action.seat, action.square)
        if isinstance(action, LayAway):
            return self.lay_away(action.seat)
        if isinstance(action, NextRound):
            return self.next_round()
        raise IllegalActionError(f"not an action: {action!r}")

    def copy(self) -> "CrossCribbGame":
        """An independent copy for look-ahead (records are immutable and shared)."""
        other = object.__new__(CrossCribbGame)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.rounds = list(self.rounds)
        other._piles = [list(p) for p in self._piles]
        other._owes = list(self._owes)
        other._left = list(self._left)
        other._board = list(self._board)
        other._crib = list(self._crib)
        return other

    def __repr__(self) -> str:
        return (f"<CrossCribbGame {self.players} players, round {self.round_number}, {self.phase.value}, "
                f"scores {self.scores[0]}-{self.scores[1]}>")

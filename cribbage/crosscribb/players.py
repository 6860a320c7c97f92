"""Computer players for CrossCribb, and helpers to let them play whole rounds and games.

- :class:`RandomPlayer` picks any legal action: the weak level.
- :class:`AttackingPlayer` builds its own lines and ignores the other side's: the middle level.
- :class:`ExpectedValuePlayer` weighs every square by the expected final score of the row and the
  column through it, for its own side minus the other side, over the cards it has not seen; it lays
  a card away when the card is worth more in the crib (its own side's, or the other side's as a loss)
  than on the board, compared with the other cards it could still lay away.

A player sees only what its seat may see: the board, the starter, its own turned card and the cards
it laid away itself (:meth:`CrossCribbGame.unseen`).

How a line is valued: a line with ``e`` open squares will be filled by ``e`` of the unseen cards.
Fifteens, pairs and runs depend on ranks only: with one or two open squares the expectation is
exact over the unseen ranks; with three or more it is read from a table computed once for a fresh
deck less the line's cards (a close approximation when the line is mostly empty). The flush and nobs
are exact hypergeometric probabilities over the unseen suits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from cribbage.crosscribb.board import CENTRE, SIZE, Square
from cribbage.crosscribb.driver import CrossCribbDriver, CrossCribbPlayer, chooser
from cribbage.crosscribb.game import CrossCribbGame
from cribbage.crosscribb.records import (
    AcceptCount,
    Announce,
    ClaimMuggins,
    CrossCribbAction,
    CrossCribbPhase,
    Discard,
    NextRound,
    Place,
)
from cribbage.lang.messages import message
from cribbage.rules.cards import Card
from cribbage.rules.checks import bounded, number, of_kind, whole
from cribbage.rules.errors import CribbageError
from cribbage.rules.options import chosen_seed
from cribbage.rules.ranks import RANK_KEY as _POW5
from cribbage.rules.ranks import points_by_key as _rank_table

__all__ = [
    "CROSSCRIBB_LEVELS",
    "AttackingPlayer",
    "ExpectedValuePlayer",
    "RandomPlayer",
    "count_truly",
    "play_crosscribb_game",
    "play_round",
]


def _check_seed(seed: object) -> None:
    """A player's seed: an int or text that can be written, or None (written "None", as it always was)."""
    if seed is not None:
        chosen_seed(seed)


def computer_players(players: object, seats: int) -> dict[int, CrossCribbPlayer]:
    """One computer player per seat, from a list read no further than one past ``seats``."""
    read = bounded(players, "players", 4)
    if len(read) != seats:
        raise CribbageError(message("crosscribb.err.one_player_per_seat", players=seats, given=len(read)))
    return {seat: chooser(one) for seat, one in enumerate(read)}


def count_truly(game: CrossCribbGame) -> CrossCribbAction:
    """Muggins: what an honest, careful counter does: announce exactly what is held, and claim
    muggins on the other side's short count (else accept it)."""
    of_kind(game, "game", CrossCribbGame)
    if game.phase is not CrossCribbPhase.COUNT or game.to_act is None:
        raise CribbageError(message("crosscribb.err.nothing_to_do"))
    seat = game.to_act
    assert seat is not None
    answer = game.awaiting_answer
    if answer is not None:
        return ClaimMuggins(seat) if answer.missed else AcceptCount(seat)
    return Announce(seat, game.holds(game.counting))


class RandomPlayer:
    """Any legal action, uniformly at random (seeded)."""

    name = "random"

    def __init__(self, seed: object = 0) -> None:
        _check_seed(seed)
        self._rng = random.Random(f"{seed}/random player")

    def choose(self, game: CrossCribbGame) -> CrossCribbAction:
        actions = game.legal_actions()
        if not actions:
            raise CribbageError(message("crosscribb.err.nothing_to_do"))
        return self._rng.choice(actions)


# Expected values --------------------------------------------------------------------------------

_RANK_KEYS = tuple(_POW5[r] for r in range(14))


@lru_cache(maxsize=1)
def _fresh_deck_table() -> dict[int, float]:
    """Expected fifteens, pairs and runs of five ranks when 0, 1 or 2 are known (keyed by the known
    ranks) and the rest are drawn from a fresh deck less the known cards."""
    ranks = _rank_table()
    table: dict[int, float] = {}
    for known_size in (0, 1, 2):
        for known in combinations_with_replacement(range(1, 14), known_size):
            left = [4] * 14
            for r in known:
                left[r] -= 1
            draws = 5 - known_size
            ways_total = comb(52 - known_size, draws)
            base = sum(_POW5[r] for r in known)
            expected = 0.0
            for drawn in combinations_with_replacement(range(1, 14), draws):
                ways = 1
                for r in set(drawn):
                    ways *= comb(left[r], drawn.count(r))
                if ways:
                    expected += ways * ranks[base + sum(_POW5[r] for r in drawn)]
            table[base] = expected / ways_total
    return table


# A line as the players track it: the key of its known ranks, how many of each suit, how many
# cards, and whether the jack of the starter's suit is among them.
_State = tuple[int, tuple[int, int, int, int], int, bool]


@lru_cache(maxsize=1)
def _rank_arrays() -> tuple[np.ndarray, np.ndarray]:
    """The rank table as sorted keys and their points, for looking up many keys at once."""
    table = _rank_table()
    keys = np.array(sorted(table), dtype=np.int64)
    return keys, np.array([table[k] for k in keys.tolist()], dtype=np.float64)


class _Outlook:
    """What one seat can expect of a line, given the cards it has not seen."""

    def __init__(self, unseen: Sequence[Card], starter: Card) -> None:
        self.ranks = _rank_table()
        self.fresh = _fresh_deck_table()
        n = len(unseen)
        self.n = n
        counts = [0] * 14
        suits = [0] * 4
        for card in unseen:
            counts[card.rank] += 1
            suits[card.suit] += 1
        self.one = [(_RANK_KEYS[r], counts[r] / n) for r in range(1, 14) if counts[r]]
        pairs = comb(n, 2) if n >= 2 else 1
        adds, weights = [], []
        for r in range(1, 14):
            for s in range(r, 14):
                ways = comb(counts[r], 2) if r == s else counts[r] * counts[s]
                if ways:
                    adds.append(_RANK_KEYS[r] + _RANK_KEYS[s])
                    weights.append(ways / pairs)
        self.two_adds = np.array(adds, dtype=np.int64)
        self.two_weights = np.array(weights)
        self.memo: dict[int, float] = {}
        # hyper[e][m] for each suit: the chance that m of e cards drawn from the unseen are of it.
        ways_all = [comb(n, e) for e in range(6)]
        hyper = [[[comb(k, m) * comb(n - k, e - m) / ways_all[e] if ways_all[e] else 0.0
                   for m in range(e + 1)] for e in range(6)] for k in suits]
        # flush[least][suit][e][k]: expected flush points of a line (least 4) or crib (least 5) with
        # k known cards of the suit and e cards still to come.
        self.flush: dict[int, list[list[list[float]]]] = {}
        for least in (4, 5):
            self.flush[least] = tables = [[[0.0] * 6 for _ in range(6)] for _ in range(4)]
            for suit in range(4):
                for e in range(6):
                    chances = hyper[suit][e]
                    for k in range(max(0, least - e), 6 - e):
                        tables[suit][e][k] = sum(chances[m] * (k + m) for m in range(least - k, e + 1)
                                                 if m >= 0)
        jack = Card(11, starter.suit)
        self.nobs_jack = jack if jack != starter else None
        self.nobs_unseen = self.nobs_jack is not None and self.nobs_jack in set(unseen)
        self.nobs_suit = starter.suit if self.nobs_jack is not None else -1

    def _rank_mean(self, key: int, e: int) -> float:
        """Mean fifteens, pairs and runs when ``e`` (1 or 2) unseen cards join the ranks ``key``."""
        if e == 1:
            ranks = self.ranks
            return sum(w * ranks.get(key + add, 0) for add, w in self.one)
        keys, values = _rank_arrays()
        wanted = key + self.two_adds
        at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
        # Summed exactly (fsum), not by np.dot: a BLAS dot adds in an order of its own CPU's choosing, and
        # two squares whose gains tie to the last bit on one machine split on another (the golden games).
        return math.fsum((np.where(keys[at] == wanted, values[at], 0) * self.two_weights).tolist())

    def state(self, known: Sequence[Card]) -> _State:
        """A line's known cards in the form :meth:`expect` reads."""
        line: _State = (0, (0, 0, 0, 0), 0, False)
        for card in known:
            line = self.add(line, card)
        return line

    def add(self, line: _State, card: Card) -> _State:
        """The line with one more known card."""
        key, suits, count, jack = line
        counts = list(suits)
        counts[card.suit] += 1
        return (key + _RANK_KEYS[card.rank], tuple(counts), count + 1,  # type: ignore[return-value]
                jack or (card.rank == 11 and card.suit == self.nobs_suit))

    def expect(self, line: _State, *, centre: bool = False, crib: bool = False) -> float:
        """Expected final score of a line (or crib) whose other cards are drawn from the unseen."""
        key, suits, count, jack = line
        e = 5 - count
        # A hypothetical card, tried while still counted among the unseen, can make a fifth of a
        # rank: such draws are impossible and weigh nothing (get(..., 0)).
        if e == 0:
            total: float = self.ranks.get(key, 0)
        elif e >= 3:
            total = self.fresh[key]
        elif key in self.memo:
            total = self.memo[key]
        else:
            total = self.memo[key] = self._rank_mean(key, e)
        flush = self.flush[5 if crib else 4]
        total += (flush[0][e][suits[0]] + flush[1][e][suits[1]] + flush[2][e][suits[2]]
                  + flush[3][e][suits[3]])
        if (centre or crib) and self.nobs_jack is not None:
            if jack:
                total += 1
            elif self.nobs_unseen:
                total += e / self.n
        return total

    def value(self, known: Sequence[Card], *, centre: bool = False, crib: bool = False) -> float:
        """Expected final score of five cards of which ``known`` are given, the rest drawn from the unseen."""
        return self.expect(self.state(known), centre=centre, crib=crib)


class ExpectedValuePlayer:
    """Places each card where it raises its own lines' expected score most against the other side's,
    and lays away the card worth most in the crib compared with the board.

    ``samples`` is how many unseen cards it tries, to judge whether the turned card is among the
    best it could still lay away (0: it lays away only when it must). ``defence`` weighs the other
    side's expected points against its own (0: it only builds its own lines, never blocks).
    """

    name = "expected value"

    def __init__(self, seed: object = 0, *, samples: int = 12, defence: float = 1.0) -> None:
        _check_seed(seed)
        self._rng = random.Random(f"{seed}/expected value player")
        self.samples = whole(samples, "samples", low=1)
        self.defence = number(defence, "defence")

    def choose(self, game: CrossCribbGame) -> CrossCribbAction:
        if game.phase is CrossCribbPhase.ROUND_OVER:
            return NextRound()
        if game.phase is CrossCribbPhase.COUNT:
            return count_truly(game)
        seat = game.to_act
        card = game.turned
        if seat is None or card is None:
            raise CribbageError(message("crosscribb.err.nothing_to_do"))
        if game.must_discard:
            return Discard(seat)
        outlook = _Outlook(game.unseen(seat), game.starter)
        lines = _Lines(game, seat, outlook, self.defence)
        square, place_gain = lines.best_square(card)
        owed = game.owes(seat)
        if owed > 0:
            lay_gain = lines.crib_gain(card)
            margin = lay_gain - place_gain
            # Of the cards still to come (this one included) ``owed`` go to the crib: lay this one
            # away if it is among that share of the best, judged against a sample of unseen cards.
            left = game.pile_size(seat) + 1
            unseen = game.unseen(seat)
            sample = self._rng.sample(unseen, min(self.samples, len(unseen)))
            others = sorted((lines.crib_gain(c) - lines.best_square(c)[1] for c in sample), reverse=True)
            rank = sum(1 for m in others if m > margin)
            if rank < len(others) * owed / left:
                return Discard(seat)
        return Place(seat, square)


class _Lines:
    """The ten lines as one seat sees them at one decision, with their expected values cached."""

    def __init__(self, game: CrossCribbGame, seat: int, outlook: _Outlook, defence: float) -> None:
        self.outlook = outlook
        side = game.side_of(seat)
        board = game.board
        self.open: list[Square] = game.open_squares()
        self.rows = [outlook.state([c for c in board[r] if c is not None]) for r in range(SIZE)]
        self.cols = [outlook.state([card for card in (board[r][k] for r in range(SIZE)) if card is not None])
                     for k in range(SIZE)]
        # Side 0 scores the columns: a column counts for us if we are side 0.
        self.col_sign = 1.0 if side == 0 else -defence
        self.row_sign = 1.0 if side == 1 else -defence
        self.row_base = [outlook.expect(line, centre=r == CENTRE[0]) for r, line in enumerate(self.rows)]
        self.col_base = [outlook.expect(line, centre=k == CENTRE[1]) for k, line in enumerate(self.cols)]
        self.crib = outlook.state([game.starter, *game.discards(seat)])
        self.crib_sign = 1.0 if game.dealer_side == side else -defence
        self.crib_base = outlook.expect(self.crib, crib=True)

    def best_square(self, card: Card) -> tuple[Square, float]:
        """The open square where ``card`` gains most, and that gain."""
        out = self.outlook
        row_gain: dict[int, float] = {}
        col_gain: dict[int, float] = {}
        best: Square | None = None
        best_gain = float("-inf")
        for sq in self.open:
            r, k = sq
            if r not in row_gain:
                row_gain[r] = self.row_sign * (out.expect(out.add(self.rows[r], card), centre=r == CENTRE[0])
                                               - self.row_base[r])
            if k not in col_gain:
                col_gain[k] = self.col_sign * (out.expect(out.add(self.cols[k], card), centre=k == CENTRE[1])
                                               - self.col_base[k])
            gain = row_gain[r] + col_gain[k]
            if gain > best_gain:
                best, best_gain = sq, gain
        assert best is not None
        return best, best_gain

    def crib_gain(self, card: Card) -> float:
        value = self.outlook.expect(self.outlook.add(self.crib, card), crib=True)
        return self.crib_sign * (value - self.crib_base)


class AttackingPlayer(ExpectedValuePlayer):
    """The middle level: builds its own lines and crib like :class:`ExpectedValuePlayer`, never blocks."""

    name = "attack"

    def __init__(self, seed: object = 0, *, samples: int = 12) -> None:
        super().__init__(seed, samples=samples, defence=0.0)


#: The computer players by level, weakest first: each makes a player from a seed.
CROSSCRIBB_LEVELS: dict[str, Callable[..., CrossCribbPlayer]] = {
    "random": RandomPlayer, "attack": AttackingPlayer, "expected": ExpectedValuePlayer}


def play_round(game: CrossCribbGame, players: Sequence[CrossCribbPlayer]) -> None:
    """Let ``players`` (one per seat) play the current round to its count."""
    of_kind(game, "game", CrossCribbGame)
    CrossCribbDriver(game, computer_players(players, game.players)).advance()


def play_crosscribb_game(players: Sequence[CrossCribbPlayer], *, seed: object, target: int = 31,
                         muggins: bool = False) -> CrossCribbGame:
    """A whole game between computer players, one per seat; returns the finished game."""
    read = bounded(players, "players", 4)
    game = CrossCribbGame(len(read), seed=seed, target=target, muggins=muggins)
    CrossCribbDriver(game, computer_players(read, game.players), deal=True).advance()
    return game

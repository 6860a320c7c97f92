"""The expert computer: exact discards with a realistic crib, pegging that reads the table, and play
to the score in the last deals.

:class:`StrongExpertPlayer` sees what a person at its seat sees, nothing more:

- **Discard**: the best keep of :func:`cribbage.discard.advise_discard` with the ``"expert"`` crib
  model (the opponent's two cards as the expert itself would lay them away; the keep's expected
  play of :mod:`cribbage.peg_model` is there too, weighted by ``peg_weight``, off by default:
  see :data:`cribbage.discard.PEG_WEIGHT`), so the course's advice and its computer agree (except
  when playing to the score, below).
- **The play**: the opponent's cards are weighted by what the seat can see: ranks they could not
  hold after saying go are ruled out (from the public log of the deal), and the rest are weighted by
  how often a good player keeps each rank (:func:`cribbage.crib_model.keep_weights`). With the
  opponent down to their last card it searches every way the play can go to the end, over each card
  they could hold, weighted; before that it looks two moves ahead as :mod:`cribbage.pegging` does,
  with the weighted odds.
- **To the score**: a card that pegs out wins outright, whatever it gives away. Once either player is
  within 30 of home, each keep's chance of winning the game (:mod:`cribbage.endgame`: its exact show
  over the starters, the crib, who counts first) replaces the advice's average when it is clearly
  better: a pone who needs 6 keeps the sure 6.

Today's expert of :mod:`cribbage.players` stays as the ``"classic"`` level, to measure against.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any, Sequence

import numpy as np

from .cards import Card
from .crib_model import keep_weights
from .discard import (_DECK_RANKS, _DECK_SUITS, _JACK, _KEEP_IDX, _ROW4, SPLITS, _rows_by_keep,
                      best_discard, ranked_splits)
from .endgame import keep_win_probabilities
from .events import LogKind
from .pegging import (_HOLD, _VALUE, _WIN, PlayChoice, PlayView, _distinct_by_rank, _explain, _next,
                      _outcomes, _solo, _without, choose_play, legal_cards)
from .play import MAX_COUNT
from .scoring import hand_total
from .players import ExpertPlayer

__all__ = ["StrongExpertPlayer", "ClassicExpertPlayer", "TableView", "needs"]

# Search to the last card when the two hands hold at most this many cards in all, and the
# opponent's possible hands are at most this many (13: their last card). Measured in duplicate
# against the classic expert, also searching the opponent's last two cards (up to 91 hands) cost
# 2.3 times the game time for no gain the benchmark could see.
_DEEP_CARDS = 4
_DEEP_HANDS = 13
# Play to the score once either player is this close to home, and then only for a keep whose chance
# of winning is clearly better than the advice's (the estimate is simple: see cribbage.endgame).
_ENDGAME = 30
_CLEARLY_BETTER = 0.005


class ClassicExpertPlayer(ExpertPlayer):
    """Today's expert, kept as a named level to measure the new one against."""

    level = "classic"

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_play(view, "expert")


# --- what the seat can see in the play ----------------------------------------------------------

class TableView:
    """A :class:`PlayView` plus what the public log of the deal says about the opponent's hand:
    the lowest count at which they said go (they hold no card that fits under 31 at that count)."""

    __slots__ = ("view", "go_count")

    def __init__(self, view: PlayView, go_count: int | None = None) -> None:
        self.view = view
        self.go_count = go_count

    @classmethod
    def from_game(cls, game: Any, seat: int) -> "TableView":
        view = PlayView.from_game(game, seat)
        go_count = None
        deal = game.deal_number
        # The log is public: "go" entries carry the count at which each go was said. Read back to
        # the start of this deal only, and never the cards of a deal or a discard entry.
        for entry in reversed(game.log):
            if entry.deal != deal:
                break
            if entry.kind is LogKind.GO and entry.player != seat and entry.count is not None:
                if go_count is None or entry.count < go_count:
                    go_count = entry.count
        return cls(view, go_count)

    def opponent_pool(self) -> list[float]:
        """Weighted counts of the ranks (index 1..13) the opponent may hold, summing to the number
        of cards they may hold: unseen cards, ranks ruled out by a go removed, the rest weighted by
        how often a good player keeps them."""
        view = self.view
        unseen = view.unseen_ranks()
        if self.go_count is not None:
            room = MAX_COUNT - self.go_count
            for r in range(1, 14):
                if _VALUE[r] <= room:
                    unseen[r] = 0
        weights = keep_weights(dealer=not view.dealer)
        total = sum(unseen)
        weighted = [0.0] + [unseen[r] * weights[r - 1] for r in range(1, 14)]
        mass = sum(weighted)
        if mass <= 0:
            return [float(x) for x in unseen]
        return [x * total / mass for x in weighted]


def _choose(x: float, k: int) -> float:
    """C(x, k) for a real x (weighted counts): x (x-1) ... (x-k+1) / k!, 0 at or below k - 1."""
    if x <= k - 1:
        return 0.0 if k else 1.0
    if k == 1:
        return x
    if k == 2:
        return x * (x - 1) / 2
    if k == 3:
        return x * (x - 1) * (x - 2) / 6
    out = 1.0
    for i in range(k):
        out *= (x - i) / (i + 1)
    return out


def _expected_reply(s1: tuple[int, ...], rest: tuple[int, ...], pool: Sequence[float], k: int) -> float:
    """As :func:`cribbage.pegging._expected_reply`, with weighted counts of the opponent's ranks."""
    left = sum(pool)
    norm = _choose(left, k)
    if norm <= 0:
        return float(_solo(s1, rest))
    expected = 0.0
    ways = norm  # C(left, k): hands drawn from the ranks not yet passed
    pairs = iter(_outcomes(s1, tuple(sorted(set(rest)))))
    for r, outcome in zip(pairs, pairs):
        n = pool[r]
        if n > 0:
            left -= n
            fewer = _choose(left, k)
            expected += outcome * (ways - fewer)
            ways = fewer
    if left > 1e-9:
        expected += _solo(s1, rest) * ways
    return expected / norm


# --- the search to the last card ----------------------------------------------------------------

@lru_cache(maxsize=1 << 17)
def _solve(series: tuple[int, ...], count: int, a: tuple[int, ...], b: tuple[int, ...], go: bool) -> int:
    """The most the player to move (holding ranks ``a``, sorted) can peg minus the other's (holding
    ``b``), both playing perfectly with every card known, from here to the end of the play.

    ``count`` is the count of ``series``; ``go``: the other player has said go in this series (so
    the last card played was the mover's).
    """
    if not a and not b:
        if not series:
            return 0
        return 1 if go else -1  # the last card takes the go
    room = MAX_COUNT - count
    points = _next(series)
    best = None
    previous = 0
    alone = go or not b
    for i, r in enumerate(a):
        if r == previous:
            continue
        previous = r
        v = _VALUE[r]
        if v > room:
            break  # sorted by rank, so by value: nothing after fits either
        rest = a[:i] + a[i + 1:]
        if v == room:  # 31: the count starts again, the other leads
            value = points[r] - _solve((), 0, b, rest, False)
        elif alone:
            value = points[r] + _solve(series + (r,), count + v, rest, b, True)
        else:
            value = points[r] - _solve(series + (r,), count + v, b, rest, False)
        if best is None or value > best:
            best = value
    if best is not None:
        return best
    if alone:
        # Nobody can play: the mover played the last card, takes the go, and the other leads anew.
        if not series:
            return -_solve((), 0, b, a, True)
        return 1 - _solve((), 0, b, a, False)
    return -_solve(series, count, b, a, True)


def _hands(pool: Sequence[float], k: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of ``k`` ranks the opponent could hold, with its weight."""
    ranks = [r for r in range(1, 14) if pool[r] > 0]
    out = []
    for hand in combinations_with_replacement(ranks, k):
        w = 1.0
        for r in set(hand):
            w *= _choose(pool[r], hand.count(r))
        if w > 0:
            out.append((hand, w))
    return out


def _deep(view: PlayView, distinct: Sequence[Card], hands: list[tuple[tuple[int, ...], float]]) -> Card:
    """The card with the best weighted outcome over the opponent's possible hands, searched to the
    last card."""
    series = tuple(c.rank for c in view.series)
    mine = tuple(sorted(c.rank for c in view.hand))
    now = _next(series)
    alone = view.opponent_go
    best_card, best_value = None, 0.0
    total_w = sum(w for _, w in hands)
    for card in distinct:
        r = card.rank
        rest = _without(mine, r)
        gain = now[r]
        s1 = series + (r,)
        value = 0.0
        after = view.count + card.value
        for theirs, w in hands:
            if after == MAX_COUNT:
                net = -_solve((), 0, theirs, rest, False)
            elif alone or not theirs:
                net = _solve(s1, after, rest, theirs, True)
            else:
                net = -_solve(s1, after, theirs, rest, False)
            value += w * net
        value = gain + value / total_w
        if view.scores[0] + gain >= view.target:
            value += _WIN
        if best_card is None or value > best_value + 1e-9:
            best_card, best_value = card, value
    assert best_card is not None
    return best_card


def _two_ply(table: TableView, distinct: Sequence[Card], pool: Sequence[float], k: int) -> Card:
    view = table.view
    series = tuple(c.rank for c in view.series)
    hand = tuple(sorted(c.rank for c in view.hand))
    alone = view.opponent_go or k == 0
    now = _next(series)
    best, best_value = None, 0.0
    for card in distinct:
        s1 = series + (card.rank,)
        rest = _without(hand, card.rank)
        gain = now[card.rank]
        value = float(gain)
        if view.count + card.value < MAX_COUNT:
            value += _solo(s1, rest) if alone else _expected_reply(s1, rest, pool, k)
        if view.scores[0] + gain >= view.target:
            value += _WIN
        if rest:
            value -= _HOLD.get(card.rank, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value = card, value
    assert best is not None
    return best


def _home_at_the_show(view: PlayView) -> bool:
    """The pone whose own hand will take them home: they count first, so only the dealer pegging out
    in the play can stop them."""
    if view.dealer or view.starter is None or len(view.kept) != 4:
        return False
    return view.scores[0] + hand_total(view.kept, view.starter) >= view.target


def _defend(view: PlayView, distinct: Sequence[Card], pool: Sequence[float], k: int) -> Card:
    """The card that leaves the dealer the fewest points to peg in reply (their best card among
    those they may hold, weighted), our own points no matter: we win at the show."""
    series = tuple(c.rank for c in view.series)
    left_total = sum(pool)
    norm = _choose(left_total, k)
    best, best_threat = distinct[0], None
    for card in distinct:
        s1 = series + (card.rank,)
        threat = 0.0
        if view.count + card.value < MAX_COUNT and norm > 0:
            theirs = _next(s1)
            left = left_total
            for points, r in sorted(((theirs[r], r) for r in range(1, 14) if theirs[r] > 0), reverse=True):
                n = pool[r]
                if n > 0:
                    threat += points * (_choose(left, k) - _choose(left - n, k))
                    left -= n
            threat /= norm
        if best_threat is None or threat < best_threat - 1e-9:
            best, best_threat = card, threat
    return best


def choose_strong_play(table: TableView, *, to_the_score: bool = True) -> PlayChoice:
    """The strong expert's card in the play (``None``: go), with the reason of :mod:`cribbage.pegging`.

    ``to_the_score=False`` leaves out the defence of a pone whose hand takes them home."""
    view = table.view
    legal = legal_cards(view)
    if not view.hand or not legal:
        return choose_play(view, "expert")  # go, or nothing left: the same words as today's
    distinct = _distinct_by_rank(legal)
    if len(distinct) == 1:
        card = distinct[0]
    else:
        pool = table.opponent_pool()
        k = min(view.opponent_cards, int(sum(pool) + 1e-6))
        hands: list[tuple[tuple[int, ...], float]] | None = None
        ranks = sum(1 for x in pool if x > 0)
        if len(view.hand) + k <= _DEEP_CARDS and comb(ranks + k - 1, k) <= _DEEP_HANDS:
            hands = _hands(pool, k) if k else [((), 1.0)]
        if to_the_score and k and not view.opponent_go and _home_at_the_show(view):
            card = _defend(view, distinct, pool, k)
        elif hands:
            card = _deep(view, distinct, hands)
        else:
            card = _two_ply(table, distinct, pool, k)
    chosen = card
    return PlayChoice(chosen, "expert", explain=lambda: _explain(view, chosen, list(distinct)))


# --- play to the score at the discard ------------------------------------------------------------

def needs(own: int, theirs: int, target: int = 121) -> tuple[int, int]:
    """Points each side still needs to win: (own, theirs)."""
    return target - own, target - theirs


def _shows(six: Sequence[Card]) -> np.ndarray:
    """The show of each of the 15 keeps (rows, :data:`SPLITS` order) with each of the 46 unseen
    starters (columns): fifteens, pairs and runs from the rank table, then flush and nobs."""
    ranks = np.array([c.rank - 1 for c in six])
    suits = np.array([int(c.suit) for c in six])
    unseen = np.ones(52, dtype=bool)
    unseen[[c.index for c in six]] = False
    sr, ss = _DECK_RANKS[unseen], _DECK_SUITS[unseen]
    keep_ranks = ranks[_KEEP_IDX]  # (15, 4)
    keep_suits = suits[_KEEP_IDX]
    points = _rows_by_keep()[keep_ranks @ _ROW4][:, sr].astype(np.int64)  # (15, 46)
    nobs = ((keep_ranks == _JACK)[:, :, None] & (keep_suits[:, :, None] == ss[None, None, :])).any(axis=1)
    flush4 = (keep_suits == keep_suits[:, :1]).all(axis=1)
    flush = np.where(flush4[:, None], 4 + (ss[None, :] == keep_suits[:, :1]), 0)
    shows: np.ndarray = points + nobs + flush
    return shows


class StrongExpertPlayer(ExpertPlayer):
    """The strongest level: see the module docstring."""

    level = "expert"
    #: Play to the score in the last deals (``False``: the same player without, to measure it).
    to_the_score = True
    #: The weight of the keep's play in the discard (``None``: the advice's, ``discard.PEG_WEIGHT``).
    peg_weight: float | None = None

    def discard(self, game: Any, seat: int) -> tuple[Card, Card]:
        six = self.dealt_six(game, seat)
        dealer = game.dealer == seat
        own, theirs = game.scores[seat], game.scores[1 - seat]
        order, _, crib = ranked_splits(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)
        best = order[0]
        if self.to_the_score and min(needs(own, theirs, game.target)) <= _ENDGAME:
            chances = keep_win_probabilities(_shows(six), crib, own, theirs, dealer=dealer, target=game.target)
            j = int(np.argmax(chances))
            if chances[j] > chances[best] + _CLEARLY_BETTER:
                best = j
        i1, i2 = SPLITS[best][1]
        return six[i1], six[i2]

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return best_discard(six, dealer=dealer, crib_model="expert", peg_weight=self.peg_weight)

    def play(self, game: Any, seat: int) -> Card | None:
        return self.hint(game, seat).card

    def hint(self, game: Any, seat: int) -> PlayChoice:
        return choose_strong_play(TableView.from_game(game, seat), to_the_score=self.to_the_score)

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_strong_play(TableView(view), to_the_score=self.to_the_score)

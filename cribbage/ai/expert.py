"""The expert computer: exact discards with a realistic crib, pegging that reads the table, and play
to the score in the last deals.

:class:`ExpertPlayer` sees what a person at its seat sees, nothing more:

- **Discard**: the advice's best keep (:func:`cribbage.ai.discard.split_evs` with the ``"expert"``
  crib model), so the course's advice and its computer agree.
- **The play**: :class:`TableView` reads the opponent's possible hands from the deal's public log: a
  go rules ranks out, each hand is weighed as the keep it came from (:mod:`cribbage.ai.hand_model`)
  and by the cards they chose (:mod:`cribbage.ai.choice_model`), in the style this opponent has been
  seen to play in the game's finished deals (:mod:`cribbage.ai.styles`). :func:`choose_strong_play`
  counts our first cards against their next card hand by hand, looks two moves ahead later (as
  :mod:`cribbage.ai.play_choice` does, over their weighted hand), and searches the play to its end
  (:mod:`cribbage.ai.play_search`) once both hands hold five cards or fewer, over their likeliest
  hands as read, and over every hand they may hold at the last cards.
- **To the score**: a card that pegs out wins outright; near home a keep is chosen for its chance of
  winning (:mod:`cribbage.ai.endgame`) when that is clearly better, the play from the dealer's answer
  on is searched to its end for the chance of winning the game rather than the net
  (:class:`cribbage.ai.play_search.WinSearch`, :data:`WIN_SEARCH`), and a pone whose hand takes them
  home plays the card that gives the dealer least.

The first expert, :class:`~cribbage.ai.players.ClassicExpertPlayer`, stays as the ``"classic"`` level
to measure against. What the expert does in detail, the ideas tried on the way and their figures:
``benchmarks/EXPERT.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

import numpy as np

from cribbage.ai.choice_model import MISS
from cribbage.ai.crib_model import keep_weights
from cribbage.ai.discard import SPLITS, best_discard, first_keep, keep_shows, split_evs
from cribbage.ai.endgame import crib_shift, keep_win_probabilities, show_chances
from cribbage.ai.hand_model import expected_hand, remaining_hands, weighed_keeps
from cribbage.ai.play_choice import (
    HOLD_VALUE,
    PEG_OUT_VALUE,
    RANK_VALUE,
    PlayChoice,
    PlayView,
    choose_play,
    greedy_replies,
    legal_cards,
    next_points,
    one_card_per_rank,
    peg_alone,
    play_reason,
    reply_nets,
    without,
)
from cribbage.ai.play_search import WinSearch, solve_after
from cribbage.ai.players import ComputerPlayer
from cribbage.ai.seat_view import SeatView
from cribbage.ai.styles import STYLES, agreements, cards_chosen, marks, order
from cribbage.ai.why import defence_reason, read_reason, search_reason, win_reason
from cribbage.lang.messages import Message
from cribbage.rules.cards import Card
from cribbage.rules.events import LogKind
from cribbage.rules.play_scoring import MAX_COUNT
from cribbage.rules.ranks import rank_points
from cribbage.rules.show_scoring import MAX_SCORE, hand_total

__all__ = ["SEARCH", "WIN_CARDS", "WIN_SEARCH", "ExpertPlayer", "TableView", "needs", "searched_values", "win_values"]

# Search the play to its end over every hand the opponent may hold once the two hands hold at most
# this many cards in all and those hands are at most this many (13: their last card).
_DEEP_CARDS = 3
_DEEP_HANDS = 13
#: Past that, search the play to its end once both hands hold at most ``SEARCH[0]`` cards in all, over
#: the opponent's ``SEARCH[1]`` likeliest hands as read (91: every pair of ranks). The dealer's second
#: card gains most; it costs a few ms a decision, within a person's time budget (benchmarks/EXPERT.md).
SEARCH = (5, 91)
#: Near home, once either player needs at most ``WIN_SEARCH`` points, the play is searched to its end for the
#: chance of winning the game rather than the net (:class:`cribbage.ai.play_search.WinSearch`), from
#: ``WIN_CARDS[0]`` cards in both hands (the dealer's answer to the lead on) over the opponent's ``WIN_CARDS[1]``
#: likeliest hands as read: a point that pegs out is worth more than two that do not (benchmarks/EXPERT.md).
WIN_SEARCH = 30
WIN_CARDS = (7, 13)
# A hand's counts of ranks 1..13 as one number, to sum the keeps that leave the same hand.
_BASE5 = 5 ** np.arange(13, dtype=np.int64)
# The log entries that say which cards the opponent chose, and when we could still answer.
_READ = frozenset((LogKind.PLAY, LogKind.GO, LogKind.RESET))
_AGREEMENT = _READ | {LogKind.STARTER}
# Play to the score once either player is this close to home, and then only for a keep whose chance
# of winning is clearly better than the advice's (the estimate is simple: see cribbage.ai.endgame).
_ENDGAME = 30
_CLEARLY_BETTER = 0.005


# The search's reason is given when the two cards' averages differ by at least this much (a tenth, as
# the hint shows them).
_SHOWN_GAP = 0.1


# --- what the seat can see in the play ----------------------------------------------------------

class TableView:
    """A :class:`PlayView` plus what the public log of the deal says about the opponent's hand.

    Read from a game (:meth:`from_game`), it knows the lowest count at which they said go
    (``go_count``: they hold no card that fits under 31 at that count), the ranks they have played
    this deal (``opponent_played``, counts by rank) and each card they chose while we could still
    answer (:attr:`opponent_plays`); their possible hands are weighed as whole keeps
    (:mod:`cribbage.ai.hand_model`) and by those cards (:mod:`cribbage.ai.choice_model`).

    Built from a bare :class:`PlayView` (no log, as :meth:`ExpertPlayer.choose_play` gets it), it
    reads no cards: the unseen ranks are weighted one by one, as players keep them
    (:func:`cribbage.ai.crib_model.keep_weights`)."""

    __slots__ = ("_before", "_entries", "_plays", "_seat", "by_keep", "go_count", "miss", "opponent_played",
                 "opponent_shown", "search", "style", "view", "win_cards", "win_search")

    def __init__(self, view: PlayView, go_count: int | None = None) -> None:
        self.view = view
        self.go_count = go_count
        #: The weight a keep keeps when the classic look-ahead would have played another card from it:
        #: as this opponent has been read to play (:func:`opponent_read`).
        self.miss = MISS
        #: How the opponent is read to choose their cards (one of :data:`cribbage.ai.styles.STYLES`).
        self.style = "lookahead"
        #: Read the one-ply style keep by keep (:func:`cribbage.ai.styles.cards_chosen`), as the expert does.
        self.by_keep = True
        #: Search the play to its end from this many cards in both hands over their this many likeliest
        #: hands as read (:data:`SEARCH`; (0, 0): only at the last cards, to measure it).
        self.search = SEARCH
        #: Search for the chance of winning, not the net, once either player needs at most this many
        #: (:data:`WIN_SEARCH`; 0: never, to measure it), from ``win_cards[0]`` cards in both hands over
        #: their ``win_cards[1]`` likeliest hands (:data:`WIN_CARDS`).
        self.win_search = WIN_SEARCH
        self.win_cards = WIN_CARDS
        self.opponent_played: tuple[int, ...] | None = None  # None: no log read
        #: The cards they have played this deal, in order (the hint's reason names them).
        self.opponent_shown: tuple[Card, ...] = ()
        self._plays: tuple[tuple[tuple[int, ...], int, int, tuple[int, ...]], ...] | None = ()
        self._before: tuple[tuple[int, ...], ...] = ()
        self._entries: list[Any] = []
        self._seat = 0

    @classmethod
    def from_game(cls, game: SeatView, seat: int) -> TableView:
        """The table as ``seat`` sees it in ``game``, the deal's log read."""
        view = PlayView.from_game(game, seat)
        go_count = None
        deal = game.deal_number
        # The log is public: "go" entries carry the count at which each go was said, "play" entries
        # the card and who played it. Read back to the start of this deal only, and never the cards
        # of a deal or a discard entry.
        entries = []
        for entry in reversed(game.log):
            if entry.deal != deal:
                break
            kind = entry.kind
            if (kind is LogKind.GO and entry.seat != seat and entry.count is not None
                    and (go_count is None or entry.count < go_count)):
                go_count = entry.count
            if kind in _READ:
                entries.append(entry)
        table = cls(view, go_count)
        theirs = [0] * 14
        shown = []
        for who, card in game.played:
            if who != seat:
                theirs[card.rank] += 1
                shown.append(card)
        table.opponent_played = tuple(theirs)
        table.opponent_shown = tuple(shown)
        # The plays are read only if a choice needs the opponent's pool.
        table._plays, table._entries, table._seat = None, entries, seat
        return table

    @property
    def has_log(self) -> bool:
        """Read from a game's log (:meth:`from_game`), not built from a bare view."""
        return self.opponent_played is not None

    @property
    def opponent_plays(self) -> tuple[tuple[tuple[int, ...], int, int, tuple[int, ...]], ...]:
        """What the opponent saw when they chose each card, while we could still answer: the
        series, how many cards we held, and the ranks gone from their sight (played before, and
        the starter)."""
        if self._plays is None:
            plays = []
            before = []  # the opponent's ranks played before each of those plays
            theirs = [0] * 14
            series: list[int] = []
            ours = 4
            we_go = False
            gone = [0] * 14
            if self.view.starter is not None:
                gone[self.view.starter.rank] += 1
            for entry in reversed(self._entries):
                if entry.kind is LogKind.RESET:
                    series, we_go = [], False
                elif entry.kind is LogKind.GO:
                    we_go = we_go or entry.seat == self._seat
                else:
                    r = entry.cards[0].rank
                    if entry.seat == self._seat:
                        ours -= 1
                    else:
                        if not we_go and ours:
                            plays.append((tuple(series), r, ours, tuple(gone)))
                            before.append(tuple(theirs))
                        theirs[r] += 1
                    series.append(r)
                    gone[r] += 1
            self._plays, self._before = tuple(plays), tuple(before)
        return self._plays

    def opponent_pool(self) -> list[float]:
        """Weighted counts of the ranks (index 1..13) the opponent may hold. Read from a game, the hand
        they hold on average (summing to their cards, :func:`cribbage.ai.hand_model.expected_hand`).
        From a bare view, or if no keep fits what the log says, the unseen cards (summing to their
        number), ranks ruled out by a go removed, the rest weighted by how often a good player keeps
        them."""
        view = self.view
        if self.has_log and view.opponent_cards:
            joint = self._joint_pool()
            if joint is not None:
                return joint
        unseen = view.unseen_ranks()
        if self.go_count is not None:
            room = MAX_COUNT - self.go_count
            for r in range(1, 14):
                if RANK_VALUE[r] <= room:
                    unseen[r] = 0
        weights = keep_weights(dealer=not view.dealer)
        total = sum(unseen)
        weighted = [0.0] + [unseen[r] * weights[r - 1] for r in range(1, 14)]
        mass = sum(weighted)
        if mass <= 0:
            return [float(x) for x in unseen]
        return [x * total / mass for x in weighted]

    def _joint_pool(self) -> list[float] | None:
        """The pool as the hand the opponent holds on average, each hand they may hold weighed as a
        whole (:func:`cribbage.ai.hand_model.expected_hand`); ``None`` if none fits."""
        at_deal, theirs, read = self.reading()
        return expected_hand(at_deal, theirs, **read)

    def opponent_keeps(self) -> tuple[np.ndarray | None, np.ndarray]:
        """The keeps the opponent may have kept (rows of :data:`cribbage.ai.hand_model.KEEPS`; ``None``:
        all of them), each weighed as :meth:`opponent_pool` weighs the hands they may hold."""
        at_deal, theirs, read = self.reading()
        return weighed_keeps(at_deal, theirs, **read)

    def hands_to_search(self, pool: Sequence[float], k: int) -> list[tuple[tuple[int, ...], float]] | None:
        """The opponent's possible hands of ``k`` cards, each weighted, to search the play over to its
        last card; ``None`` when there are too many: then the expert looks two moves ahead.

        At the last cards (both hands at most ``_DEEP_CARDS`` cards, at most ``_DEEP_HANDS`` hands)
        every hand the weighted ``pool`` allows (as :meth:`opponent_pool` gives it); from
        :attr:`search` cards, read from the log and before their go, their likeliest hands
        (:meth:`likeliest_hands`)."""
        ranks = sum(1 for x in pool if x > 0)
        view = self.view
        if len(view.hand) + k <= _DEEP_CARDS and comb(ranks + k - 1, k) <= _DEEP_HANDS:
            return _hands(pool, k) if k else [((), 1.0)]
        cards, most = self.search
        if (k and not view.opponent_go and self.has_log and view.starter is not None
                and len(view.hand) + k <= cards):
            return self.likeliest_hands(k, most) or None
        return None

    def likeliest_hands(self, k: int, most: int) -> list[tuple[tuple[int, ...], float]]:
        """The ``most`` likeliest hands of ``k`` cards (sorted ranks) the opponent may still hold, as
        read, with their weights, the likeliest first: each keep they may have kept less the cards they
        have played (:func:`cribbage.ai.hand_model.remaining_hands`: the prior, the go, the marks), the
        keeps that leave the same hand summed. Empty if none fits."""
        at_deal, theirs, read = self.reading()
        rows, weight = remaining_hands(at_deal, theirs, **read)
        live = (weight > 0) & (rows[:, 1:].sum(axis=1) == k)
        if not live.any():
            return []
        rows, weight = rows[live], weight[live]
        _, first, inverse = np.unique(rows[:, 1:] @ _BASE5, return_index=True, return_inverse=True)
        mass = np.bincount(inverse, weights=weight)
        top = np.argsort(-mass, kind="stable")[:most]
        return [(tuple(r for r in range(1, 14) for _ in range(int(rows[first[i], r]))), float(mass[i]))
                for i in top]

    def reading(self) -> tuple[tuple[int, ...], tuple[int, ...], dict[str, Any]]:
        """What the seat has read of the opponent's hand, as :mod:`cribbage.ai.hand_model` takes it: the
        ranks unseen when the cards were dealt and those they have played (counts by rank), and the
        rest of the read by name (their role, the room under 31 their go left, the marks of the
        cards they chose). Only for a table read from a game's log (:attr:`has_log`)."""
        assert self.opponent_played is not None
        theirs = self.opponent_played
        at_deal = tuple([u + t for u, t in zip(self.view.unseen_ranks(), theirs)])
        room = None if self.go_count is None else MAX_COUNT - self.go_count
        read = []
        if self.opponent_plays and self.view.starter is not None:
            starter = self.view.starter.rank
            for (series, r, ours, _), before in zip(self.opponent_plays, self._before):
                # Only their first card, and their second after leading, are read.
                held = 4 - sum(before)
                opened = held == 3 and bool(series) and before[series[0]] == 1
                if held == 4 or opened:
                    mark = marks(self.style, starter, series, r, ours, opened, self.miss, self.by_keep)
                    if mark is not None:
                        read.append(mark)
        return at_deal, theirs, {"dealer": not self.view.dealer, "go_room": room, "marks": read}


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


def _weighted_reply(s1: tuple[int, ...], rest: tuple[int, ...], pool: Sequence[float], k: int,
                    total: float | None = None) -> float:
    """As :func:`cribbage.ai.play_choice.expected_reply`, with weighted counts of the opponent's ranks
    (``total``: their sum, if the caller has it)."""
    left = sum(pool) if total is None else total
    norm = _choose(left, k)
    if norm <= 0:
        return float(peg_alone(s1, rest))
    expected = 0.0
    ways = norm  # C(left, k): hands drawn from the ranks not yet passed
    pairs = iter(greedy_replies(s1, tuple(dict.fromkeys(rest))))  # rest is sorted: its ranks, once each
    for r, outcome in zip(pairs, pairs):
        n = pool[r]
        if n > 0:
            left -= n
            fewer = _choose(left, k)
            expected += outcome * (ways - fewer)
            ways = fewer
            if ways <= 0:
                # No hand is left without a card ranked so far: nothing below adds (a pool that
                # is the opponent's average hand gets here after a few ranks).
                return expected / norm
    if left > 1e-9:
        expected += peg_alone(s1, rest) * ways
    return expected / norm


# --- the search to the last card ----------------------------------------------------------------

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


def searched_values(view: PlayView, distinct: Sequence[Card], hands: Sequence[tuple[tuple[int, ...], float]]
                    ) -> list[float]:
    """Each card of ``distinct``'s weighted net over the opponent's possible ``hands`` (ranks, weight),
    the play searched to its last card (:mod:`cribbage.ai.play_search`): what it pegs, plus what we
    peg less what they peg from then on, both playing as well as they can."""
    series = tuple(c.rank for c in view.series)
    mine = tuple(sorted(c.rank for c in view.hand))
    now = next_points(series)
    alone = view.opponent_go
    total_w = sum(w for _, w in hands)
    values = []
    for card in distinct:
        r = card.rank
        rest = without(mine, r)
        value = 0.0
        for theirs, w in hands:
            value += w * solve_after(series, view.count, r, rest, theirs, alone)
        values.append(now[r] + value / total_w)
    return values


def _deep(view: PlayView, distinct: Sequence[Card], hands: Sequence[tuple[tuple[int, ...], float]]) -> Card:
    """The card with the best weighted outcome over the opponent's possible hands, searched to the
    last card (a card that pegs out wins outright)."""
    now = next_points(tuple(c.rank for c in view.series))
    best_card, best_value = None, 0.0
    for card, value in zip(distinct, searched_values(view, distinct, hands)):
        if view.scores[0] + now[card.rank] >= view.target:
            value += PEG_OUT_VALUE
        if best_card is None or value > best_value + 1e-9:
            best_card, best_value = card, value
    assert best_card is not None
    return best_card


# The split of SPLITS that lays away the last two of six cards (kept four first, then the discard).
_OUR_DISCARD = next(j for j, (_, pair) in enumerate(SPLITS) if pair == (4, 5))


def _crib_shift(view: PlayView) -> int:
    """How many points the crib of our discard is worth above the average crib (rounded), as the
    discard's own crib EV has it (:func:`cribbage.ai.discard.split_evs`)."""
    six = (*view.kept, *view.discards)
    if len(six) != 6:
        return 0
    _, crib, _ = split_evs(six, dealer=view.dealer, crib_model="expert")
    return crib_shift(float(crib[_OUR_DISCARD]))


def win_values(view: PlayView, distinct: Sequence[Card], hands: Sequence[tuple[tuple[int, ...], float]],
               shown: Sequence[Card]) -> list[float]:
    """Each card of ``distinct``'s chance of winning the game, weighted over the opponent's possible
    ``hands``, the play searched to its end (:class:`cribbage.ai.play_search.WinSearch`): our show is
    known, theirs is counted from the ranks of each hand and the cards they have ``shown`` (fifteens,
    pairs and runs; their suits are unknown), the crib from its measured distribution moved by our
    discard (:func:`cribbage.ai.endgame.show_chances`)."""
    assert view.starter is not None
    target = view.target
    series = tuple(c.rank for c in view.series)
    mine = tuple(sorted(c.rank for c in view.hand))
    now = next_points(series)
    need_me, need_them = needs(view.scores[0], view.scores[1], target)
    pone = not view.dealer
    ours = hand_total(view.kept, view.starter)
    shift = _crib_shift(view)
    starter = view.starter.rank
    played = [c.rank for c in shown]
    searches: dict[int, WinSearch] = {}
    total_w = sum(w for _, w in hands)
    values = [0.0] * len(distinct)
    for theirs, w in hands:
        show = rank_points((*played, *theirs, starter))
        search = searches.get(show)
        if search is None:
            pone_show, dealer_show = (ours, show) if pone else (show, ours)
            search = searches[show] = WinSearch(show_chances(target, pone_show, dealer_show, shift))
        for i, card in enumerate(distinct):
            r = card.rank
            left = need_me - now[r]
            chance = 1.0 if left <= 0 else search.after(series, view.count, r, without(mine, r), theirs,
                                                        view.opponent_go, left, need_them, pone)
            values[i] += w * chance
    return [v / total_w for v in values]


def _deep_win(table: TableView, distinct: Sequence[Card], hands: Sequence[tuple[tuple[int, ...], float]]) -> Card:
    """The card with the best chance of winning over the opponent's possible hands (:func:`win_values`),
    the one with the best net among those that tie (a lost or won game leaves all alike)."""
    chances = win_values(table.view, distinct, hands, table.opponent_shown)
    best = max(chances)
    close = [card for card, chance in zip(distinct, chances) if chance >= best - 1e-6]
    return close[0] if len(close) == 1 else _deep(table.view, close, hands)


def _two_ply(table: TableView, distinct: Sequence[Card], pool: Sequence[float], k: int) -> Card:
    """The card with the best points now plus our expected net from their reply, two moves ahead as
    :mod:`cribbage.ai.play_choice` looks, their ``k`` cards drawn from the weighted ``pool``."""
    view = table.view
    series = tuple(c.rank for c in view.series)
    hand = tuple(sorted(c.rank for c in view.hand))
    alone = view.opponent_go or k == 0
    now = next_points(series)
    total = sum(pool)
    styled = table.style != "lookahead" and view.starter is not None
    starter = view.starter.rank if view.starter is not None else 0
    best, best_value = None, 0.0
    for card in distinct:
        s1 = (*series, card.rank)
        rest = without(hand, card.rank)
        gain = now[card.rank]
        value = float(gain)
        if view.count + card.value < MAX_COUNT:
            if alone:
                value += peg_alone(s1, rest)
            elif styled:
                value += _styled_reply(table.style, starter, s1, rest, pool, k, total)
            else:
                value += _weighted_reply(s1, rest, pool, k, total)
        if view.scores[0] + gain >= view.target:
            value += PEG_OUT_VALUE
        if rest:
            value -= HOLD_VALUE.get(card.rank, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value = card, value
    assert best is not None
    return best


def _styled_reply(style: str, starter: int, s1: tuple[int, ...], rest: tuple[int, ...], pool: Sequence[float],
                  k: int, total: float) -> float:
    """As :func:`_weighted_reply`, their reply chosen in ``style`` (:func:`cribbage.ai.styles.order`:
    the card they hold that comes first in its order) rather than the most points for them."""
    net = _net(s1, tuple(dict.fromkeys(rest)))
    left = total
    norm = _choose(left, k)
    if norm <= 0:
        return float(peg_alone(s1, rest))
    expected = 0.0
    ways = norm
    for r in order(style, starter, s1, len(rest)):
        n = pool[r]
        if n > 0:
            left -= n
            fewer = _choose(left, k)
            expected += float(net[r]) * (ways - fewer)
            ways = fewer
            if ways <= 0:
                return expected / norm
    if left > 1e-9:
        expected += peg_alone(s1, rest) * ways
    return expected / norm


# About 50 new nets a game: 8,192 answer 48% of the calls, unbounded 61% (1,000 games).
@lru_cache(maxsize=1 << 13)
def _net(s1: tuple[int, ...], answers: tuple[int, ...]) -> np.ndarray:
    """Our net after each rank they may play on ``s1`` (index 1..13; 0 and a rank that does not fit:
    0), our best answer from ``answers`` less their points (:func:`cribbage.ai.play_choice.reply_nets`,
    as :func:`~cribbage.ai.play_choice.greedy_replies` has them, without their order)."""
    values = [0] * 14
    for r, _, outcome in reply_nets(s1, answers):
        values[r] = outcome
    net = np.array(values, dtype=float)  # one array made from a list: cheaper than 14 stores into it
    net.flags.writeable = False
    return net


def _modeled(table: TableView, distinct: Sequence[Card]) -> Card | None:
    """Our first card of the deal, or our answer to their lead, with their next card as the classic
    look-ahead would play it from each keep they may hold (:func:`cribbage.ai.choice_model.cards_chosen`),
    the keeps weighed as the read has them, instead of their best-scoring card from an average hand;
    ``None`` at any other card. (With four cards each and the count at 20 at most, every card they
    hold fits: they cannot say go.)"""
    view = table.view
    if view.starter is None or view.opponent_go or len(view.hand) != 4:
        return None
    series = tuple(c.rank for c in view.series)
    if not ((not series and view.opponent_cards == 4) or (len(series) == 1 and view.opponent_cards == 3)):
        return None
    rows, weight = table.opponent_keeps()
    mass = float(weight.sum())
    if mass <= 0:
        return None
    hand = tuple(sorted(c.rank for c in view.hand))
    now = next_points(series)
    starter = view.starter.rank
    best, best_value = None, 0.0
    for card in distinct:
        s1 = (*series, card.rank)
        theirs = cards_chosen(table.style, starter, s1, 3, bool(series), rows, by_keep=table.by_keep)  # by keep
        if theirs is None:
            return None
        rest = without(hand, card.rank)
        gain = now[card.rank]
        value = gain + float(weight @ _net(s1, tuple(dict.fromkeys(rest))).take(theirs)) / mass
        if view.scores[0] + gain >= view.target:
            value += PEG_OUT_VALUE
        value -= HOLD_VALUE.get(card.rank, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value = card, value
    return best


def _home_at_the_show(view: PlayView) -> bool:
    """The pone whose own hand will take them home: they count first, so only the dealer pegging out
    in the play can stop them."""
    if view.dealer or view.starter is None or len(view.kept) != 4 or view.scores[0] + MAX_SCORE < view.target:
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
        s1 = (*series, card.rank)
        threat = 0.0
        if view.count + card.value < MAX_COUNT and norm > 0:
            theirs = next_points(s1)
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


def _win_hands(table: TableView) -> list[tuple[tuple[int, ...], float]] | None:
    """The opponent's hands to search the play over for the chance of winning (:func:`_deep_win`), or
    ``None`` away from home (:attr:`TableView.win_search`) or when the play is not searched: from
    :attr:`TableView.win_cards` cards in both hands, their likeliest hands as read; after their go, the
    hands the search for the net would take. A pone whose hand takes them home searches so too: the
    search plays for the dealer's chance of pegging out to the last card, not only their next card."""
    view = table.view
    if not (table.win_search and table.has_log and view.starter is not None
            and min(needs(*view.scores, view.target)) <= table.win_search):
        return None
    if not view.opponent_go:
        k = view.opponent_cards
        cards, most = table.win_cards
        if k and len(view.hand) + k <= cards:
            hands = table.likeliest_hands(k, most)
            if hands:
                return hands
    pool = table.opponent_pool()
    return table.hands_to_search(pool, min(view.opponent_cards, int(sum(pool) + 1e-6)))


def choose_strong_play(table: TableView, *, to_the_score: bool = True) -> PlayChoice:
    """The expert's card in the play (``None``: go), with the reason of :mod:`cribbage.ai.play_choice`.

    ``to_the_score=False`` leaves out the defence of a pone whose hand takes them home."""
    view = table.view
    legal = legal_cards(view)
    if not view.hand or not legal:
        return choose_play(view, "expert")  # go, or nothing left: worded as the look-ahead words it
    distinct = one_card_per_rank(legal)
    home = to_the_score and _home_at_the_show(view)
    if len(distinct) > 1 and to_the_score:
        hands = _win_hands(table)
        if hands:
            won = _deep_win(table, distinct, hands)
            return PlayChoice(won, "expert", explain=lambda: _why(table, won, distinct, to_the_score))
    modeled = _modeled(table, distinct) if len(distinct) > 1 and table.has_log and not home else None
    if len(distinct) == 1:
        card = distinct[0]
    elif modeled is not None:
        card = modeled
    else:
        pool = table.opponent_pool()
        k = min(view.opponent_cards, int(sum(pool) + 1e-6))
        if home and k and not view.opponent_go:
            card = _defend(view, distinct, pool, k)
        else:
            hands = table.hands_to_search(pool, k)
            card = _deep(view, distinct, hands) if hands else _two_ply(table, distinct, pool, k)
    chosen = card
    return PlayChoice(chosen, "expert", explain=lambda: _why(table, chosen, distinct, to_the_score))


def _why(table: TableView, card: Card, distinct: Sequence[Card], to_the_score: bool) -> Message:
    """The hint's reason for ``card``: when the expert would have played another card without the
    defence of a pone going out at the show, or without reading the opponent's cards (the go and
    the cards they chose included, as the classic look-ahead does not), that difference, worded with
    the cards behind it (:mod:`cribbage.ai.why`); otherwise the look-ahead's own reason. Only asked
    for by a hint, so the games between computers never pay for the second search."""
    view = table.view
    if len(distinct) > 1 and view.starter is not None:
        if to_the_score and table.win_search:
            why = _win_reason(table, card)
            if why is not None:
                return why
        if to_the_score and _home_at_the_show(view):
            other = choose_strong_play(table, to_the_score=False).card
            if other is not None and other.rank != card.rank:
                return defence_reason(view, card, other, hand_total(view.kept, view.starter))
        if table.has_log and table.search != (0, 0):
            why = _search_reason(table, card, to_the_score)
            if why is not None:
                return why
        if table.has_log:
            plain = TableView(view)
            other = choose_strong_play(plain, to_the_score=to_the_score).card
            if other is not None and other.rank != card.rank:
                why = read_reason(view, card, other, table.opponent_pool(), plain.opponent_pool(),
                                  table.opponent_shown, table.go_count)
                if why is not None:
                    return why
    return play_reason(view, card, list(distinct))


def _win_reason(table: TableView, card: Card) -> Message | None:
    """The reason for ``card`` when the expert searched the play for the chance of winning near home and
    the same table searching for the net (or looking two moves ahead) plays another card: both cards'
    chances, as the search worked them out."""
    hands = _win_hands(table)
    if not hands:
        return None
    for_points = copy(table)
    for_points.win_search = 0
    other = choose_strong_play(for_points).card
    if other is None or other.rank == card.rank:
        return None
    chance, other_chance = win_values(table.view, [card, other], hands, table.opponent_shown)
    if round(100 * chance, 1) <= round(100 * other_chance, 1):
        return None  # alike in the hint's tenths of a per cent
    return win_reason(table.view, card, other, 100 * chance, 100 * other_chance)


def _search_reason(table: TableView, card: Card, to_the_score: bool) -> Message | None:
    """The search's reason for ``card`` when the expert searched the play to its end from more cards
    than the last ones and the same table without that search (two moves ahead) plays another card."""
    view = table.view
    pool = table.opponent_pool()
    k = min(view.opponent_cards, int(sum(pool) + 1e-6))
    if len(view.hand) + k <= _DEEP_CARDS:
        return None
    hands = table.hands_to_search(pool, k)
    if not hands:
        return None
    unsearched = copy(table)
    unsearched.search = (0, 0)
    other = choose_strong_play(unsearched, to_the_score=to_the_score).card
    if other is None or other.rank == card.rank:
        return None
    value, other_value = searched_values(view, [card, other], hands)
    if value - other_value < _SHOWN_GAP:
        return None  # the two would read alike in the hint's tenths
    return search_reason(view, card, other, value, other_value, hands)


# --- how this opponent plays ----------------------------------------------------------------------

Reading = tuple[tuple[int, int], ...]


def _added(one: Reading, other: Reading) -> Reading:
    """Two readings' figures added, style by style."""
    return tuple((a + b, r + s) for (a, r), (b, s) in zip(one, other))


def opponent_agreement(game: SeatView, seat: int, start: tuple[Reading, int] | None = None, *,
                       by_keep: bool = True) -> tuple[Reading, int]:
    """How often the opponent of ``seat`` played each style's card (:data:`cribbage.ai.styles.STYLES`)
    in this game's finished deals, read from the public log (:func:`cribbage.ai.styles.agreements`):
    ((agreed, read) for each style, and where the current deal's entries start in the log). ``start``:
    what an earlier call returned for the same game, to read on from there. ``by_keep``: the one-ply
    style read keep by keep, as the expert reads it (``False``: by one rank order)."""
    return _agreement_in(game.log, game.deal_number, seat, start, by_keep)


def _agreement_in(log: Sequence[Any], current: int, seat: int, start: tuple[Reading, int] | None,
                  by_keep: bool) -> tuple[Reading, int]:
    """:func:`opponent_agreement` from the game's log and its deal number (a game copies its log at
    each read: the player reads it once a card)."""
    counts, index = start if start is not None else (((0, 0),) * len(STYLES), 0)
    deal: list[Any] = []
    number = log[index].deal if index < len(log) else 0
    for i in range(index, len(log)):
        entry = log[i]
        if entry.deal != number:
            if deal:
                counts = _added(counts, agreements(deal, seat, by_keep=by_keep))
            number, deal, index = entry.deal, [], i
        if number >= current:
            break
        if entry.kind in _AGREEMENT:
            deal.append(entry)
    return counts, index


def opponent_read(agreed: int, read: int, prior: float, strength: float) -> tuple[float, float]:
    """The share of their cards a style plays (a beta posterior: ``strength`` reads at ``prior``
    before any), and the ``miss`` weight it gives a keep that would have played otherwise:
    the odds against agreeing, (1 - a) / a, at least :data:`~cribbage.ai.choice_model.MISS` and at most
    1 (no read), on a grid of 0.01 (the marks are cached by it)."""
    a = (prior * strength + agreed) / (strength + read)
    miss = min(1.0, max(MISS, round((1 - a) / a, 2)))
    return a, miss


def opponent_style(counts: Reading, priors: Sequence[float], strength: float) -> tuple[str, float]:
    """The style this opponent plays most like (:data:`cribbage.ai.styles.STYLES`, each read from
    ``priors`` at ``strength`` reads: :func:`opponent_read`; a prior of 0 leaves a style out), and its
    ``miss``."""
    best, best_a, best_miss = STYLES[0], -1.0, 1.0
    for style, (agreed, read), prior in zip(STYLES, counts, priors):
        if prior > 0:
            a, miss = opponent_read(agreed, read, prior, strength)
            if a > best_a:
                best, best_a, best_miss = style, a, miss
    return best, best_miss


# --- play to the score at the discard ------------------------------------------------------------

def needs(own: int, theirs: int, target: int = 121) -> tuple[int, int]:
    """Points each side still needs to win: (own, theirs)."""
    return target - own, target - theirs


class ExpertPlayer(ComputerPlayer):
    """The strongest level: see the module docstring."""

    level = "expert"
    #: Play to the score in the last deals: near home, keep for the chance of winning, and as a pone
    #: whose hand takes them home, peg in defence (``False``: the same player without, to measure it).
    to_the_score = True
    #: Learn how this opponent plays from the finished deals of the game (``False``: read every
    #: opponent as the classic look-ahead, to measure it). Before any deal is read, ``prior_reads``
    #: reads at ``prior_agreement`` (the classic expert's own share, measured: benchmarks/EXPERT.md).
    learn = True
    prior_agreement = 0.97
    prior_reads = 8.0
    #: The prior agreement of the other styles of :data:`cribbage.ai.styles.STYLES` (0: never read so).
    style_prior = 0.9
    #: Read the one-ply style keep by keep: each hand the opponent may hold plays as a one-ply program
    #: holding it would, its own cards out of the cards it has not seen (tables built once,
    #: :mod:`cribbage.build.one_ply_tables`); ``False``: one rank order for every hand, to measure it
    #: (benchmarks/EXPERT.md).
    one_ply_by_keep = True
    # The last reading of the opponent's finished deals: the log entry it ended after, and the figures.
    _read: tuple[int, Any, tuple[Reading, int]] | None = None
    # The last style read (see _style): what it was read from, and the style and its miss.
    _styled: tuple[Any, tuple[str, float]] | None = None
    #: Carry the read of the opponent into the next game this player plays (a match against the same
    #: opponent, in one seat a game): the finished deals of its earlier games count as this game's do,
    #: so a style read in the first game is known from the first deal of the next. Off unless a match
    #: asks for it: a player asked about both seats (self-play, the game table's hints) would mix two
    #: opponents, and a seed must give the same game whatever was played before.
    learn_across_games = False
    # The earlier games' figures, and the game read last: its log's first entry and its own figures.
    _earlier: Reading | None = None
    _game: tuple[Any, Reading] | None = None

    def discard(self, game: SeatView, seat: int) -> tuple[Card, Card]:
        six = self.dealt_six(game, seat)
        best = self.keep_for_score(game, seat)[0]
        i1, i2 = SPLITS[best][1]
        return six[i1], six[i2]

    def keep_for_score(self, game: SeatView, seat: int) -> tuple[int, int, np.ndarray | None]:
        """The keep ``seat`` chooses, as an index of :data:`~cribbage.ai.discard.SPLITS`; the advice's
        best keep (the same unless playing to the score); and each keep's chance of winning the game
        (``None`` away from the last deals)."""
        six = self.dealt_six(game, seat)
        dealer = game.dealer == seat
        own, theirs = game.scores[seat], game.scores[1 - seat]
        hand, crib, peg = self.keep_values(six, dealer=dealer)
        best = chosen = first_keep(hand, crib, dealer, peg)
        chances = None
        if self.to_the_score and min(needs(own, theirs, game.target)) <= _ENDGAME:
            chances = keep_win_probabilities(keep_shows(six), crib, own, theirs, dealer=dealer, target=game.target)
            j = int(np.argmax(chances))
            if chances[j] > chances[best] + _CLEARLY_BETTER:
                chosen = j
        return chosen, best, chances

    def keep_values(self, six: Sequence[Card], *, dealer: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """Each of the 15 keeps' hand and crib EVs, and play (``None``: not counted), that this player
        lays away by: the advice's (:func:`cribbage.ai.discard.split_evs`, the ``"expert"`` crib model)."""
        return split_evs(six, dealer=dealer, crib_model="expert")

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        # The best keep of keep_values, without the chance of winning: no score is known here.
        return best_discard(six, dealer=dealer, crib_model="expert")

    def play(self, game: SeatView, seat: int) -> Card | None:
        # A go, or one rank that fits, needs no look at the table (about two plays in five): the
        # card is the one hint would choose, the first in hand of that rank.
        room = MAX_COUNT - game.count
        fits: list[Card] = [c for c in game.hand(seat) if RANK_VALUE[c.rank] <= room]
        if not fits:
            return None
        if all(c.rank == fits[0].rank for c in fits):
            return fits[0]
        return self.hint(game, seat).card

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        table = self.read_opponent(TableView.from_game(game, seat), game, seat)
        return choose_strong_play(table, to_the_score=self.to_the_score)

    def read_opponent(self, table: TableView, game: SeatView, seat: int) -> TableView:
        """``table``, read from ``game`` at ``seat``, told how this player reads the opponent (with
        :attr:`learn`): the style they play most like, from the finished deals of the game, how much a
        hand that would have played otherwise keeps, and how the one-ply style is read. Returns it."""
        if self.learn:
            table.style, table.miss = self._style(self._agreement(game, seat))
            table.by_keep = self.one_ply_by_keep
        return table

    def _style(self, counts: Reading) -> tuple[str, float]:
        """:func:`opponent_style` of ``counts`` with this player's priors, kept from the last call: the
        counts change once a deal, the style is asked at every card."""
        priors = (self.prior_agreement,) + (self.style_prior,) * (len(STYLES) - 1)
        key = (counts, priors, self.prior_reads)
        if self._styled is None or self._styled[0] != key:
            self._styled = (key, opponent_style(counts, priors, self.prior_reads))
        return self._styled[1]

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_strong_play(TableView(view), to_the_score=self.to_the_score)

    def _agreement(self, game: SeatView, seat: int) -> Reading:
        """:func:`opponent_agreement`, read on from where the last call left off when the log is the
        same game's and the seat the same (the entry that ended the deals read is still in its place:
        a log only grows);
        otherwise from the start. Either way the same figures, so a fresh player (the game table's
        hint) plays as this one in the same game; a player in a match (:attr:`learn_across_games`) adds
        the earlier games'."""
        log = game.log
        cached = self._read
        start = None
        if cached is not None:
            for_seat, entry, state = cached
            if for_seat == seat and 0 < state[1] <= len(log) and log[state[1] - 1] is entry:
                start = state
        counts, index = _agreement_in(log, game.deal_number, seat, start, self.one_ply_by_keep)
        if index > 0:
            self._read = (seat, log[index - 1], (counts, index))
        return self._with_earlier_games(log, counts)

    def _with_earlier_games(self, log: Sequence[Any], counts: Reading) -> Reading:
        """This game's ``counts`` and the earlier games' (:attr:`learn_across_games`). A log that does
        not start with the entry the last game's did is another game: the last game's figures join
        the earlier games'."""
        if not self.learn_across_games or not log:
            return counts
        last = self._game
        if last is not None and last[0] is not log[0]:
            self._earlier = last[1] if self._earlier is None else _added(self._earlier, last[1])
        self._game = (log[0], counts)
        return counts if self._earlier is None else _added(self._earlier, counts)

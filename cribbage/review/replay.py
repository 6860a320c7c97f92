"""The review of a game: :func:`review_game` replays the public log and the seat's own cards and judges
each of the seat's choices by what the seat could know when it made it.

What the review reads of the game is what :class:`~cribbage.ai.seat_view.SeatView` lets a seat read:
the log (never the cards of a deal entry, which lists both hands, nor of the opponent's discard), the
seat's own cards of the deal now (``hand``, ``kept``, ``discards`` of that seat only), the scores, the
events, the deal number, the target and the result. The seat's cards of an earlier deal are its own
discard entry and its own cards played (every kept card is played in a deal that ended). Each card in
the play is judged at the table as it stood then, rebuilt from the log: the expert is asked its card
there as it would be at the game table (the log up to then, nothing after).

- A **discard**: every keep of the six by its exact expected points, hand and crib, as the discard
  advice computes them (:func:`cribbage.ai.discard.split_evs`, the crib model the expert and the
  game table's hint use unless ``crib_model`` says another), the net against the best keep's.
- A **card in the play**: the expert's card there (:meth:`cribbage.ai.expert.ExpertPlayer.hint`), and
  each card's points as the expert weighs them: where it searches the play to its end (from five
  cards in both hands), each card's average net over the hands it searches; elsewhere two moves
  ahead, the points it pegs, then the opponent's answer (the card a greedy player prefers) and ours
  after it, over every hand they may hold, each weighed as the expert reads them from the log
  (:meth:`cribbage.ai.expert.TableView.reading`); alone, what we peg to the go. Where the expert chose
  by more than its two-move figure (the read of their next card, the score) and that figure is below
  the card played's, the card played costs 0.
- A **count** in the show, muggins on: what was counted against what the cards held.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cribbage.ai.discard import SPLITS, first_keep, reason_for, split_evs
from cribbage.ai.expert import ExpertPlayer, TableView, searched_values
from cribbage.ai.hand_model import remaining_hands
from cribbage.ai.play_choice import (
    RANK_VALUE,
    expected_reply,
    greedy_replies,
    legal_cards,
    next_points,
    one_card_per_rank,
    peg_alone,
    without,
)
from cribbage.ai.seat_view import SeatView
from cribbage.lang.messages import message
from cribbage.review.decisions import DealLine, Decision, DecisionKind, GameReview
from cribbage.rules.cards import Card
from cribbage.rules.checks import one_of
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.events import GameResult, LogEntry, LogKind, Phase, ScoreEvent
from cribbage.rules.play_scoring import MAX_COUNT, pile_count
from cribbage.rules.show_scoring import hand_total, score_hand
from cribbage.stats.calibrated import endgame_chance

__all__ = ["ReviewError", "review_game"]

#: The crib models a discard may be judged by (:data:`cribbage.ai.discard.CRIB_MODELS`).
_CRIB_MODELS = ("expert", "uniform")


class ReviewError(CribbageError):
    """A review the engine cannot make: no such seat, not a classic game, or nothing played yet."""


def review_game(game: SeatView, seat: int, *, crib_model: str = "expert") -> GameReview:
    """The review of ``game`` (a :class:`cribbage.Game`, finished or stopped) from ``seat``'s side.

    ``crib_model``: how a discard's crib is counted, ``"expert"`` (the default: the advice of the game
    table's hint, the expert's own) or ``"uniform"`` (every pair of unseen cards alike).
    Refused with :class:`ReviewError` for a seat other than 0 and 1, for what is not a classic game's
    log, and for a game in which the seat has made no choice yet.
    """
    number = whole_number(seat)
    if number not in (0, 1) or isinstance(seat, bool):
        raise ReviewError(message("review.bad_seat", value=shown(seat)))
    seat = int(number)
    try:
        one_of(crib_model, "crib_model", _CRIB_MODELS)
    except CribbageError as error:
        raise ReviewError(error.message) from None
    log = _classic_log(game)
    return _Replay(game, seat, log, crib_model).review()


def _classic_log(game: object) -> tuple[LogEntry, ...]:
    """The game's log, if it is a classic game's; the refusal otherwise."""
    try:
        log = tuple(game.log)  # type: ignore[attr-defined]
        kinds = [entry.kind for entry in log]
    except (AttributeError, TypeError):
        raise ReviewError(message("review.not_a_game", value=shown(game))) from None
    if not all(isinstance(kind, LogKind) for kind in kinds):
        raise ReviewError(message("review.not_a_game", value=shown(game)))
    if LogKind.DEAL not in kinds:
        raise ReviewError(message("review.no_deal"))
    return log


class _Replay:
    """One pass over the log, deal by deal, keeping the table as the seat saw it."""

    def __init__(self, game: SeatView, seat: int, log: tuple[LogEntry, ...], crib_model: str) -> None:
        self.game, self.seat, self.log, self.crib_model = game, seat, log, crib_model
        self.target = game.target
        self.expert = ExpertPlayer()
        final = game.scores
        events = game.events
        # The scores before the first entry: the final ones less every point pegged.
        self.start = (final[0] - sum(e.points for e in events if e.seat == 0),
                      final[1] - sum(e.points for e in events if e.seat == 1))

    def review(self) -> GameReview:
        seat, log = self.seat, self.log
        decisions: list[Decision] = []
        lines: list[DealLine] = []
        scores = list(self.start)
        i = 0
        while i < len(log):
            if log[i].kind is not LogKind.DEAL:
                _add(scores, log[i].events)
                i += 1
                continue
            end = i + 1
            while end < len(log) and log[end].kind is not LogKind.DEAL:
                end += 1
            deal_entry = log[i]
            dealer = deal_entry.seat == seat
            before = self._mine(scores)
            chance = endgame_chance(before[0], before[1], dealer=dealer, target=self.target) \
                if max(before) < self.target else (1.0 if before[0] >= self.target else 0.0,) * 3
            decisions += self._deal(deal_entry.deal, dealer, i, end, scores)
            lines.append(DealLine(deal_entry.deal, dealer, before, self._mine(scores), *chance))
            i = end
        if not decisions:
            raise ReviewError(message("review.no_decision", seat=seat))
        result: GameResult | None = self.game.result
        return GameReview(seat, self.target, tuple(decisions), tuple(lines), result)

    def _mine(self, scores: Sequence[int]) -> tuple[int, int]:
        return scores[self.seat], scores[1 - self.seat]

    # ------------------------------------------------------------------ one deal
    def _deal(self, deal: int, dealer: bool, first: int, end: int, scores: list[int]) -> list[Decision]:
        """The seat's choices in the log's entries ``first`` (the deal) to ``end``; ``scores`` move on."""
        seat, log = self.seat, self.log
        entries = log[first:end]
        away: tuple[Card, ...] = ()
        played_own: list[Card] = []
        for entry in entries:
            if entry.seat == seat and entry.kind is LogKind.DISCARD:
                away = tuple(entry.cards)
            elif entry.seat == seat and entry.kind is LogKind.PLAY:
                played_own.append(entry.cards[0])
        kept = tuple(played_own)
        if deal == self.game.deal_number and away:
            kept = tuple(self.game.kept(seat))  # the play may have stopped before every card was played
        out: list[Decision] = []
        if away and len(kept) == 4:
            out.append(self._discard(deal, dealer, kept, away, self._mine(scores)))
        # The play, step by step, as the seat saw it.
        series: list[Card] = []
        played: list[tuple[int, Card]] = []
        said_go = [False, False]
        starter: Card | None = None
        events: list[ScoreEvent] = []
        for index in range(first, end):
            entry = log[index]
            kind = entry.kind
            if kind is LogKind.STARTER:
                starter = entry.cards[0]
            elif kind is LogKind.PLAY and entry.seat == seat and starter is not None:
                held = tuple(card for card in kept if card not in {c for who, c in played if who == seat})
                moment = _Moment(self, index, deal, dealer, held, kept, away, starter, tuple(series),
                                 tuple(played), (said_go[0], said_go[1]), (scores[0], scores[1]))
                out.append(self._play(moment, entry.cards[0]))
            elif kind is LogKind.COUNT and entry.seat == seat and entry.events:
                out.append(_count(deal, dealer, self._mine(scores), entry.events[0]))
            if kind is LogKind.PLAY:
                series.append(entry.cards[0])
                played.append((entry.seat, entry.cards[0]))  # type: ignore[arg-type]
            elif kind is LogKind.GO and entry.seat is not None:
                said_go[entry.seat] = True
            elif kind is LogKind.RESET:
                series, said_go = [], [False, False]
            events += entry.events
            _add(scores, entry.events)
        return out

    def _discard(self, deal: int, dealer: bool, kept: tuple[Card, ...], away: tuple[Card, ...],
                 scores: tuple[int, int]) -> Decision:
        six = tuple(sorted(kept + away, key=_index))
        hand, crib, _ = split_evs(six, dealer=dealer, crib_model=self.crib_model)
        net = hand + crib if dealer else hand - crib
        best = first_keep(hand, crib, dealer)
        laid = {card.index for card in away}
        chosen = next(j for j, (_, pair) in enumerate(SPLITS) if {six[pair[0]].index, six[pair[1]].index} == laid)
        best_keep = tuple(six[i] for i in SPLITS[best][0])
        best_away = tuple(six[i] for i in SPLITS[best][1])
        return Decision(deal, DecisionKind.DISCARD, dealer, scores, tuple(sorted(kept, key=_index)), best_keep,
                        float(net[chosen]), float(net[best]), tuple(sorted(away, key=_index)), best_away,
                        (float(hand[chosen]), float(hand[best])), (float(crib[chosen]), float(crib[best])),
                        reason=reason_for(best_keep, best_away, dealer=dealer))

    def _play(self, moment: _Moment, card: Card) -> Decision:
        """The card played at ``moment`` against the expert's card there."""
        seat = self.seat
        choice = self.expert.hint(moment, seat)
        best = choice.card if choice.card is not None else card
        table = self.expert.read_opponent(TableView.from_game(moment, seat), moment, seat)
        values = _card_values(table)
        chosen_points = values.get(card.rank, 0.0)
        best_points = values.get(best.rank, 0.0)
        reason = choice.message if best.rank != card.rank else None
        return Decision(moment.deal_number, DecisionKind.PLAY, moment.dealer == seat, moment.mine, (card,), (best,),
                        chosen_points, best_points, series=moment.series, starter=moment.starter, reason=reason)


def _count(deal: int, dealer: bool, scores: tuple[int, int], event: ScoreEvent) -> Decision:
    """A count the seat made in the show (muggins on): what it said against what the cards held."""
    assert event.starter is not None, "a count comes after the starter"
    held = hand_total(event.cards, event.starter, crib=event.crib)
    said = event.points if event.worth is None else event.worth
    spoken = score_hand(event.cards, event.starter, crib=event.crib).spoken()
    return Decision(deal, DecisionKind.COUNT, dealer, scores, tuple(event.cards), tuple(event.cards), float(said),
                    float(held), starter=event.starter, crib=event.crib, reason=spoken)


def _add(scores: list[int], events: Sequence[ScoreEvent]) -> None:
    for event in events:
        scores[event.seat] += event.points


def _index(card: Card) -> int:
    return card.index


# --- the expert's figures for each card ------------------------------------------------------------

def _card_values(table: TableView) -> dict[int, float]:
    """Each legal rank's expected points (key: the rank), as the expert weighs its cards there.

    Where the expert searches the play to its end (five cards or fewer in both hands, before their go,
    and at the last cards: :meth:`TableView.hands_to_search`), each card's average net over the hands
    it searches (:func:`cribbage.ai.expert.searched_values`). Elsewhere two moves ahead: what it pegs,
    then the opponent's answer and our best card after it (:func:`cribbage.ai.play_choice.reply_nets`),
    they playing the card of their hand a greedy player prefers
    (:func:`cribbage.ai.play_choice.greedy_replies`) or saying go if none fits (then we peg alone); over
    every hand they may hold, each weighed as the expert reads it
    (:func:`cribbage.ai.hand_model.remaining_hands` of :meth:`TableView.reading`), or, with nothing to
    read, over the unseen cards alike."""
    view = table.view
    if view.opponent_cards and table.has_log:
        distinct = one_card_per_rank(legal_cards(view))
        pool = table.opponent_pool()
        searched = table.hands_to_search(pool, min(view.opponent_cards, int(sum(pool) + 1e-6))) \
            if len(distinct) > 1 else None
        if searched:
            return {c.rank: v for c, v in zip(distinct, searched_values(view, distinct, searched))}
    view = table.view
    series = tuple(c.rank for c in view.series)
    hand = tuple(sorted(c.rank for c in view.hand))
    now = next_points(series)
    distinct = one_card_per_rank(legal_cards(view))
    alone = view.opponent_go or view.opponent_cards == 0
    hands = None if alone or len(distinct) < 2 else _their_hands(table)
    values: dict[int, float] = {}
    for card in distinct:
        r = card.rank
        s1 = (*series, r)
        rest = without(hand, r)
        value = float(now[r])
        if view.count + RANK_VALUE[r] < MAX_COUNT and len(distinct) > 1:
            if alone:
                value += peg_alone(s1, rest)
            elif hands is None:
                unseen = view.unseen_ranks()
                value += expected_reply(s1, rest, unseen, min(view.opponent_cards, sum(unseen)))
            else:
                value += _answered(s1, rest, *hands)
        values[r] = value
    return values


def _their_hands(table: TableView) -> tuple[np.ndarray, np.ndarray] | None:
    """The hands the opponent may hold now (rows of counts by rank) and their weights, as the expert
    reads them; ``None`` when its read is not from the log or no hand fits it."""
    if not table.has_log:
        return None
    at_deal, theirs, read = table.reading()
    hands, weight = remaining_hands(at_deal, theirs, **read)
    mass = float(weight.sum())
    return None if mass <= 0 else (hands, weight / mass)


def _answered(s1: tuple[int, ...], rest: tuple[int, ...], hands: np.ndarray, weight: np.ndarray) -> float:
    """Our expected net after the opponent's answer to ``s1``, over their weighed ``hands``: each hand
    plays the first rank it holds in the greedy order; a hand with nothing that fits says go."""
    order = greedy_replies(s1, tuple(dict.fromkeys(rest)))
    outcome = np.full(len(hands), float(peg_alone(s1, rest)))
    open_ = np.ones(len(hands), dtype=bool)  # the hands whose answer is not found yet
    for r, net in zip(order[0::2], order[1::2]):
        holds = open_ & (hands[:, r] > 0)
        outcome[holds] = net
        open_ &= ~holds
    return float(weight @ outcome)


# --- the table at a moment of the play ---------------------------------------------------------------

class _Moment:
    """The game as ``seat`` saw it just before the log's entry ``index`` (a card it played): a
    :class:`~cribbage.ai.seat_view.SeatView` the expert is asked at."""

    def __init__(self, replay: _Replay, index: int, deal: int, dealer: bool, held: tuple[Card, ...],
                 kept: tuple[Card, ...], away: tuple[Card, ...], starter: Card, series: tuple[Card, ...],
                 played: tuple[tuple[int, Card], ...], said_go: tuple[bool, bool], scores: tuple[int, int]) -> None:
        seat = replay.seat
        self._seat = seat
        self._held, self._kept, self._away = held, kept, away
        self.phase = Phase.PLAY
        self.dealer = seat if dealer else 1 - seat
        self.deal_number = deal
        self.target = replay.target
        self.crib: tuple[Card, ...] | None = None
        self.starter: Card | None = starter
        self.series = series
        self.count = pile_count(series)
        self.played = played
        self.said_go = said_go
        self.scores = scores
        self.log = replay.log[:index]
        self.events = tuple(event for entry in self.log for event in entry.events)
        self.muggins_claimant: int | None = None
        self.result: GameResult | None = None

    @property
    def mine(self) -> tuple[int, int]:
        return self.scores[self._seat], self.scores[1 - self._seat]

    def _own(self, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        if seat != self._seat:
            raise AssertionError("the review asks only the reviewed seat's cards")
        return cards

    def hand(self, seat: int, /) -> tuple[Card, ...]:
        return self._own(seat, self._held)

    def kept(self, seat: int, /) -> tuple[Card, ...]:
        return self._own(seat, self._kept)

    def discards(self, seat: int, /) -> tuple[Card, ...]:
        return self._own(seat, self._away)


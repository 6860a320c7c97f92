"""Choosing a card in the play, with a one-sentence reason for hints.

:class:`PlayView` is what a player can see when it is their turn: their own cards, the current
series, every card played this deal, the starter, their own kept and laid-away cards, whether they
are dealer, the scores, how many cards the opponent still holds and whether the opponent has said
go. Never the opponent's hand. :func:`choose_play` picks a card (or ``None``: go) at a level:

- ``"beginner"``: any card that fits, at random (seeded);
- ``"standard"``: the most points now; with none to take, a safe card by rule of thumb (no count of
  5 or 21, no 5 led, a low card led);
- ``"expert"``: the points now, minus what the opponent can expect to peg in reply, plus what you
  can peg back after that reply. The opponent's cards are any of the unseen ones, equally likely
  (exact hypergeometric odds over the ranks), and the opponent is taken to reply greedily. Fives
  are held back, and when the opponent has said go it plans its remaining cards for the most points.

Every choice is legal: only cards that keep the count at 31 or under are considered. Suits never
matter in the play, so the search works on ranks and caches what it has scored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from cribbage.ai.seat_view import SeatView
from cribbage.lang.messages import Message, Rank, message
from cribbage.rules.cards import FULL_DECK, Card, cards
from cribbage.rules.checks import bounded, flag, of_kind
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, InvalidHandError, InvalidPlayError, shown
from cribbage.rules.events import ScoreKind
from cribbage.rules.play_scoring import MAX_COUNT, pile_count, score_play
from cribbage.rules.result import skunk_lines

__all__ = [
    "BINOMIALS",
    "HOLD_VALUE",
    "LEVELS",
    "PEG_OUT_VALUE",
    "RANK_VALUE",
    "PlayChoice",
    "PlayView",
    "choose_play",
    "expected_reply",
    "greedy_replies",
    "legal_cards",
    "next_points",
    "one_card_per_rank",
    "peg_alone",
    "play_reason",
    "reply_nets",
    "standard_safety",
    "without",
]

#: The levels of play, weakest first.
LEVELS = ("beginner", "standard", "expert")

#: What each rank (index 1..13; 0 unused) counts toward 31.
RANK_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_PAIR_POINTS = (0, 0, 2, 6, 12)
#: What a card of each rank is worth kept for later, beyond the look-ahead (a rank not in it: 0): a 5
#: makes 15 from the many ten-cards. The look-ahead takes it off a card played while others are held.
HOLD_VALUE: dict[int, float] = {5: 0.4}
#: Added to a card that takes its player to the target: winning the game outweighs any points.
PEG_OUT_VALUE = 1000.0


@dataclass(frozen=True)
class PlayView:
    """What one player can see on their turn in the play. ``scores`` is (own, opponent's)."""

    hand: tuple[Card, ...]
    series: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    starter: Card | None = None
    kept: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    dealer: bool = False
    scores: tuple[int, int] = (0, 0)
    opponent_cards: int = 4
    opponent_go: bool = False
    target: int = 121
    count: int = field(init=False)

    def __post_init__(self) -> None:
        for name in ("hand", "series", "played", "kept", "discards"):
            object.__setattr__(self, name, cards(getattr(self, name)))
        if self.starter is not None:
            object.__setattr__(self, "starter", cards([self.starter])[0])
        object.__setattr__(self, "count", pile_count(self.series))
        if self.count > MAX_COUNT:
            raise InvalidPlayError(message("pegging.series_past_31", count=self.count))
        opponent_cards = whole_number(self.opponent_cards)
        if opponent_cards is None or not 0 <= opponent_cards <= 4:
            raise CribbageError(message("pegging.opponent_cards", value=shown(self.opponent_cards)))
        object.__setattr__(self, "opponent_cards", opponent_cards)
        object.__setattr__(self, "dealer", flag(self.dealer, "dealer"))
        object.__setattr__(self, "opponent_go", flag(self.opponent_go, "opponent_go"))
        target = whole_number(self.target)
        if target is None:
            raise CribbageError(message("game.bad_target", value=shown(self.target)))
        skunk_lines(target)  # 121 or 61
        object.__setattr__(self, "target", target)
        bad_scores = message("game.bad_scores", most=target - 1, value=shown(self.scores))
        scores = tuple(whole_number(score) for score in _few_scores(self.scores, bad_scores))
        if len(scores) != 2 or not all(score is not None and 0 <= score < target for score in scores):
            raise CribbageError(bad_scores)
        object.__setattr__(self, "scores", scores)
        gone = set(self.series) | set(self.played) | set(self.discards)
        if self.starter is not None:
            gone.add(self.starter)
        for card in self.hand:
            if card in gone:
                raise InvalidHandError(message("pegging.card_seen", card=card))

    @classmethod
    def from_game(cls, game: SeatView, seat: int) -> PlayView:
        """What ``seat`` sees of a :class:`cribbage.Game` in the play (public state only)."""
        other = 1 - seat
        played = game.played
        kept, discards, starter = game.kept(seat), game.discards(seat), game.starter
        # The ranks not seen, counted here from whose card is whose (no hashing of cards):
        # self-play asks this tens of thousands of times.
        unseen = [0] + [4] * 13
        for c in kept:
            unseen[c.rank] -= 1
        for c in discards:
            unseen[c.rank] -= 1
        if starter is not None:
            unseen[starter.rank] -= 1
        theirs = 0
        for who, c in played:
            if who == other:
                unseen[c.rank] -= 1
                theirs += 1
        view = object.__new__(cls)
        # The game's state is already valid: skip the checks of __init__ (frozen: set __dict__).
        view.__dict__.update(
            hand=game.hand(seat), series=game.series, played=tuple([c for _, c in played]),
            starter=starter, kept=kept, discards=discards, dealer=game.dealer == seat,
            scores=(game.scores[seat], game.scores[other]), opponent_cards=4 - theirs,
            opponent_go=bool(game.said_go[other]), target=game.target, count=game.count,
            _unseen=unseen)
        return view

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: the opponent's hand is among them."""
        seen = self._seen()
        return [c for c in FULL_DECK if c not in seen]

    def _seen(self) -> set[Card]:
        seen = {*self.hand, *self.played, *self.kept, *self.discards}
        if self.starter is not None:
            seen.add(self.starter)
        return seen

    def unseen_ranks(self) -> list[int]:
        """How many unseen cards of each rank (index 1..13; index 0 unused)."""
        known = self.__dict__.get("_unseen")
        if known is not None:
            return list(known)
        counts = [0] + [4] * 13
        for c in self._seen():
            counts[c.rank] -= 1
        return counts


class PlayChoice:
    """A card to play (``None``: say go), the level that chose it, and why in one sentence.

    ``message`` is the reason as a :class:`~cribbage.lang.messages.Message`; ``reason`` and ``str()`` are
    its English. The reason is made only when asked for, so self-play does not pay for it.
    """

    __slots__ = ("_explain", "_message", "card", "level")

    def __init__(self, card: Card | None, level: str, reason: Message | str | None = None,
                 explain: Callable[[], Message | str] | None = None) -> None:
        self.card = card
        self.level = level
        self._message = reason
        self._explain = explain

    @property
    def message(self) -> Message:
        """Why this card, as a message a view renders in its language."""
        if self._message is None:
            assert self._explain is not None
            self._message = self._explain()
        if not isinstance(self._message, Message):
            self._message = Message("plain", {"text": self._message})
        return self._message

    @property
    def reason(self) -> str:
        """Why this card, in English."""
        return str(self.message)

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        return f"PlayChoice({self.card!r}, {self.level!r})"


def legal_cards(view: PlayView) -> list[Card]:
    """The cards in hand that keep the count at 31 or under."""
    room = MAX_COUNT - view.count
    return [c for c in view.hand if RANK_VALUE[c.rank] <= room]


def choose_play(view: PlayView, level: str = "expert", *, rng: random.Random | None = None) -> PlayChoice:
    """Choose a card at ``level`` (see :data:`LEVELS`), or ``None`` for go.

    ``rng`` is the beginner's random source (default: ``random.Random(0)``, so a call is repeatable).

    >>> view = PlayView(hand=cards("5H 9C KD"), series=cards("JS"))
    >>> print(choose_play(view))
    play the 5♥: it makes fifteen for 2
    >>> print(choose_play(PlayView(hand=cards("4H 9C KD QS"))))
    lead the 4♥: a count under 5 can't be made 15
    """
    of_kind(view, "view", PlayView)
    if not isinstance(level, str) or level not in LEVELS:
        raise CribbageError(message("level.unknown", value=shown(level), levels=", ".join(LEVELS)))
    if rng is not None:
        of_kind(rng, "rng", random.Random)
    legal = legal_cards(view)
    if not view.hand:
        return PlayChoice(None, level, message("hint.pass"))
    if not legal:
        return PlayChoice(None, level, message("hint.go", count=view.count))
    if level == "beginner":
        card = (rng or random.Random(0)).choice(legal)
        return PlayChoice(card, level, message("hint.beginner", act=message("hint.play", card=card)))
    distinct = one_card_per_rank(legal)
    if len(distinct) == 1:
        card = distinct[0]
        return PlayChoice(card, level, explain=lambda: play_reason(view, card, legal))
    if level == "standard":
        return _standard(view, distinct)
    return _expert(view, distinct)


# --- scoring on ranks, cached -------------------------------------------------------------------

_NONE = (-1,) * 14


# Sized with expert._solve's cache (see there): bounded so a long self-play run stays under 150 MB.
@lru_cache(maxsize=1 << 15)
def next_points(series: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank 1..13 (index; 0 unused), the points it pegs played next on ``series``,
    -1 if it does not fit under 31. Points: 15, 31, pairs, runs (not the go)."""
    count = 0
    for r in series:
        count += RANK_VALUE[r]
    if count >= MAX_COUNT:
        return _NONE
    run = [0] * 15
    # Grow the tail of the series backwards while its ranks stay distinct: a tail of t cards
    # makes a run of t + 1 with a rank just outside it (if consecutive) or with its one gap.
    tail: set[int] = set()
    low, high = 14, 0
    for r in reversed(series):
        if r in tail:
            break
        tail.add(r)
        low, high = min(low, r), max(high, r)
        t = len(tail)
        if t < 2:
            continue
        span = high - low + 1
        if span == t:
            run[low - 1] = run[high + 1] = t + 1
        elif span == t + 1:
            run[(low + high) * span // 2 - sum(tail)] = t + 1
    pair = [0] * 14
    if series:
        last = series[-1]
        same = 1
        while same < len(series) and series[-same - 1] == last:
            same += 1
        pair[last] = _PAIR_POINTS[min(same + 1, 4)]
    out = [-1] * 14
    for r in range(1, 14):
        after = count + RANK_VALUE[r]
        if after <= MAX_COUNT:
            out[r] = (2 if after == 15 or after == MAX_COUNT else 0) + pair[r] + run[r]
    return tuple(out)


def without(ranks: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """``ranks`` less one card of ``rank``."""
    i = ranks.index(rank)
    return ranks[:i] + ranks[i + 1:]


def _count(series: tuple[int, ...]) -> int:
    return sum(RANK_VALUE[r] for r in series)


@lru_cache(maxsize=1 << 13)
def peg_alone(series: tuple[int, ...], rest: tuple[int, ...]) -> int:
    """The most a player holding the ranks ``rest`` can peg playing alone on the series ``series``
    (ranks; the opponent has said go or holds nothing), the go included."""
    points = next_points(series)
    count = _count(series)
    best = -1
    for d in set(rest):
        p = points[d]
        if p >= 0:
            if count + RANK_VALUE[d] < MAX_COUNT:
                p += peg_alone((*series, d), without(rest, d))
            if p > best:
                best = p
    if best < 0:  # nothing fits: the last card played takes the go
        return 1 if series and count < MAX_COUNT else 0
    return best


#: ``BINOMIALS[k][u]`` is C(u, k), the number of hands of ``k`` cards (0..4) from ``u`` (0..52): the
#: hypergeometric odds of the look-ahead, read from a list rather than computed at each card.
BINOMIALS: list[list[int]] = [[comb(u, k) for u in range(53)] for k in range(5)]


@lru_cache(maxsize=1 << 12)
def _reply_info(s1: tuple[int, ...]) -> tuple[tuple[int, int, tuple[int, ...] | None], ...]:
    """Each rank the opponent could play on ``s1``: (rank, their points, what each of our ranks
    would peg after it, or None when their card makes 31 and ends the series)."""
    theirs = next_points(s1)
    count = _count(s1)
    out = []
    for r in range(1, 14):
        p = theirs[r]
        if p >= 0:
            out.append((r, p, None if count + RANK_VALUE[r] == MAX_COUNT else next_points((*s1, r))))
    return tuple(out)


def reply_nets(s1: tuple[int, ...], answers: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Each rank the opponent could play on the series ``s1`` (ranks), in rank order: (rank, their points, our net
    after it: our best answer from ``answers`` less their points; we say go if nothing fits, so they
    peg at least the go; nothing to answer after their 31)."""
    out = []
    for r, p, mine in _reply_info(s1):
        ours = 0
        if mine is not None:
            ours = -1  # we must say go: they peg at least the go
            for d in answers:
                if mine[d] > ours:
                    ours = mine[d]
        out.append((r, p, ours - p))
    return out


@lru_cache(maxsize=1 << 13)
def greedy_replies(s1: tuple[int, ...], answers: tuple[int, ...]) -> tuple[int, ...]:
    """The opponent's replies to ``s1`` in the order a greedy opponent prefers them (most points
    for them; among equal points, the most for our best answer from ``answers``, then the lower
    rank), each with our net outcome, flat: ``(rank, outcome, rank, outcome, ...)`` (small, as many
    are cached)."""
    # A greedy player looks no further than its own points, so its ties are not broken against us.
    # This is the order the classic look-ahead was measured with, and every benchmark and golden
    # transcript rests on it: left as it is.
    replies = sorted((-p, -net, r) for r, p, net in reply_nets(s1, answers))
    flat: list[int] = []
    for _, neg_net, r in replies:
        flat += (r, -neg_net)
    return tuple(flat)


def expected_reply(s1: tuple[int, ...], rest: tuple[int, ...], unseen: Sequence[int], k: int) -> float:
    """Our expected net from the opponent's reply to the series ``s1`` (ranks), we holding the ranks
    ``rest``, their ``k`` cards drawn from the ``unseen`` (counts by rank, index 1..13).

    Exact hypergeometric odds that the card they prefer among those they hold (in the order of
    :func:`greedy_replies`) is of each rank; if nothing they may hold fits, we peg alone.
    """
    ck = BINOMIALS[k]
    left = sum(unseen)  # unseen cards not yet ranked above the current rank
    norm = ck[left]
    expected = 0.0
    pairs = iter(greedy_replies(s1, tuple(sorted(set(rest)))))
    for r, outcome in zip(pairs, pairs):
        n = unseen[r]
        if n:
            expected += outcome * (ck[left] - ck[left - n])
            left -= n
    if left:  # they may hold nothing that fits: they say go and we play on
        expected += peg_alone(s1, rest) * ck[left]
    return expected / norm


# --- the levels ---------------------------------------------------------------------------------

def one_card_per_rank(legal: Sequence[Card]) -> list[Card]:
    """The first card of each rank in ``legal``, in its order: suits never matter in the play, so
    these are the choices there are."""
    seen: dict[int, Card] = {}
    for card in legal:
        seen.setdefault(card.rank, card)
    return list(seen.values())


def _expert(view: PlayView, distinct: Sequence[Card]) -> PlayChoice:
    series = tuple(c.rank for c in view.series)
    hand = tuple(sorted(c.rank for c in view.hand))
    unseen = view.unseen_ranks()
    k = min(view.opponent_cards, sum(unseen))
    alone = view.opponent_go or k == 0
    now = next_points(series)
    best_value = best_reply = 0.0
    best: Card | None = None
    for card in distinct:
        s1 = (*series, card.rank)
        rest = without(hand, card.rank)
        after = view.count + card.value
        gain = now[card.rank]
        value = float(gain)
        reply = 0.0
        if after < MAX_COUNT:
            if alone:
                value += peg_alone(s1, rest)
            else:
                reply = expected_reply(s1, rest, unseen, k)
                value += reply
        if view.scores[0] + gain >= view.target:
            value += PEG_OUT_VALUE
        if rest:
            value -= HOLD_VALUE.get(card.rank, 0.0)
        if best is None or value > best_value + 1e-9:
            best, best_value, best_reply = card, value, reply
    assert best is not None
    chosen, reply = best, best_reply
    legal = list(distinct)
    return PlayChoice(chosen, "expert", explain=lambda: play_reason(view, chosen, legal, reply=reply))


def standard_safety(card: Card, count: int, *, leading: bool, holding: int) -> float:
    """The standard level's rule of thumb for a card that pegs nothing (higher is safer): leave no 5 or 21
    to the next player; lead a card below 5 and never a 5; keep a 5 back while other cards remain. The
    same at a table of three or four (:mod:`cribbage.multiplayer.players`), where the next player is an
    opponent too. ``holding``: the cards held, this one included."""
    safety = 0.0
    if count + card.value in (5, 21):
        safety -= 2
    if leading:
        safety += 1 if card.value < 5 else (-2 if card.rank == 5 else 0)
    elif card.rank == 5 and holding > 1:
        safety -= 0.5
    return safety


def _standard(view: PlayView, distinct: Sequence[Card]) -> PlayChoice:
    series = tuple(c.rank for c in view.series)
    now = next_points(series)
    leading, holding = not series, len(view.hand)

    def key(card: Card) -> tuple[float, float, int]:
        return (now[card.rank], standard_safety(card, view.count, leading=leading, holding=holding), card.value)

    card = max(distinct, key=key)
    legal = list(distinct)
    return PlayChoice(card, "standard", explain=lambda: play_reason(view, card, legal))


# --- reasons ------------------------------------------------------------------------------------

def play_reason(view: PlayView, card: Card, legal: Sequence[Card], *, reply: float | None = None) -> Message:
    """Why ``card`` is played from ``view``, in one sentence naming it, as a hint gives it: the points it
    makes, or the main reason among ``legal`` (the cards that fit); ``reply``: the look-ahead's
    expected net from the opponent's reply, to name the risk."""
    act = message("hint.lead" if not view.series else "hint.play", card=card)
    after = view.count + card.value
    scored = score_play((*view.series, card))
    if scored.items:
        what = [message("score.run", length=item.points, n=item.points) if item.kind == ScoreKind.RUN
                else message(f"score.{item.kind}", n=item.points) for item in scored.items]
        return message("hint.makes", act=act, what=what)
    if view.opponent_go or view.opponent_cards == 0:
        if not any(after + c.value <= MAX_COUNT for c in view.hand if c != card):
            return message("hint.last_fits", act=act)
        return message("hint.keep_going", act=act)
    others = [c for c in legal if c.rank != card.rank]
    if not view.series:
        same = sum(1 for c in view.hand if c.rank == card.rank)
        # Holding all four, nobody can pair the lead: that reason would be false.
        if same == 2:
            return message("hint.from_pair", act=act)
        if same == 3:
            return message("hint.from_three", act=act, rank=Rank(card.rank))
        if card.value < 5:
            return message("hint.under5", act=act)
    if any(view.count + c.value in (5, 21) for c in others) and after not in (5, 21):
        bad = 5 if any(view.count + c.value == 5 for c in others) else 21
        return message("hint.avoid", act=act, bad=bad, made=bad + 10)
    # Keeping a 5 back is a reason only if the 5 could be played now.
    if card.rank != 5 and any(c.rank == 5 for c in legal) and len(view.hand) > 1:
        return message("hint.keep5", act=act)
    if reply is not None and others:
        return message("hint.least", act=act, risk=max(0.0, -reply))
    if not others:
        return message("hint.only", act=act)
    return message("hint.nothing", act=act)


def _few_scores(scores: object, refusal: Message) -> tuple[object, ...]:
    """A pair of scores read from any iterable, no further than a third item (text is not scores)."""
    try:
        return bounded(scores, "scores", 2)
    except CribbageError:
        raise CribbageError(refusal) from None

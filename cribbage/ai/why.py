"""Why the expert plays a card another player would not: the read of the opponent, or the score.

The game table's hint names the expert's card with one reason (:func:`cribbage.ai.play_choice.play_reason`:
the points it makes, the count it avoids...). When the card is not the one the expert would play
without reading the opponent's cards, or without playing to the score, that plain reason hides what
decided it. :mod:`cribbage.ai.expert` finds the card it would have played otherwise (the same search
without the read, or without the defence) and this module words the difference with the concrete
cards behind it:

- **the read**: what the opponent has shown (the cards they played this deal, the count at which
  they said go), the rank whose odds the read moved most where it matters (a rank that would score on
  the other card and that they now likely hold, or one that would score on ours and that they now
  likely lack): "they have played 7♣ 8♦, so they likely hold sixes, which would peg them 3 on the 5♠";
- **the search**: the play searched to its last card against the hands they most likely hold gives
  the card a better average than the card two moves ahead would (:func:`search_reason`);
- **the score**: near home the play is searched to its last card for the chance of winning the game, not
  for points (:func:`win_reason`); a pone whose hand takes them home at the show plays the card that
  gives the dealer least to peg, whatever it scores.

Only what the seat may see goes in: the view, the opponent's played cards, the weighted pools.

The hint then says what the expert saw, as facts a learner can check on the table
(:func:`explain_play`, :func:`explain_keep`): what the card pegs, the most any card the opponent could
still hold pegs on it (and whether one could make fifteen), the rank the read makes their likeliest card,
and for a discard what the keep expects in hand and crib. They come back as plain records
(:class:`PlayExplanation`, :class:`KeepExplanation`) that :func:`explanation` words in any language,
so another view (a game's review) can word them too. ``tests/test_hint_explained.py`` checks every
claim on seeded games against the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribbage.ai import words as _words  # noqa: F401  (the reasons' words reach the catalogue)
from cribbage.ai.play_choice import RANK_VALUE, PlayView, next_points
from cribbage.lang.messages import Message, Rank, message
from cribbage.rules.cards import Card
from cribbage.rules.play_scoring import MAX_COUNT, score_play

__all__ = ["KeepExplanation", "Likeliest", "PlayExplanation", "could_hold", "defence_reason", "explain_keep",
           "explain_play", "explanation", "read_reason", "search_reason", "seen",
           "win_reason"]

# A rank's odds must move by this much (as a share of their hand, per card) to be named as the reason.
_MOVED = 0.02
# The read's likeliest rank is named only when the read makes it this much likelier (as a share of
# their hand) than the unseen cards alone do: a rank merely as common as chance says nothing read.
_ABOVE_PRIOR = 0.03
_FIFTEEN = 15


def _act(view: PlayView, card: Card) -> Message:
    return message("hint.lead" if not view.series else "hint.play", card=card)


def _replies(view: PlayView, card: Card) -> list[int]:
    """The points each rank (index 1..13) pegs played on ``card``: 0 where it does not fit, or where
    ``card`` makes 31 (the count starts again)."""
    if view.count + card.value >= MAX_COUNT:
        return [0] * 14
    points = next_points((*(c.rank for c in view.series), card.rank))
    return [max(0, p) for p in points]


def _shares(pool: Sequence[float]) -> list[float]:
    total = sum(pool)
    return [x / total if total > 0 else 0.0 for x in pool]


def seen(shown: Sequence[Card], go_count: int | None) -> Message:
    """What the opponent has shown this deal: the cards they played, the count at which they said go."""
    if shown and go_count is not None:
        return message("ai.why.seen_both", cards=tuple(shown), count=go_count)
    if shown:
        return message("ai.why.seen_played", cards=tuple(shown))
    if go_count is not None:
        return message("ai.why.seen_go", count=go_count)
    return message("ai.why.seen_none")


def read_reason(view: PlayView, card: Card, other: Card, read: Sequence[float], plain: Sequence[float],
                shown: Sequence[Card], go_count: int | None) -> Message | None:
    """Why ``card`` and not ``other`` (the card the expert plays without the read): ``read`` and
    ``plain`` are the weighted counts of the ranks they may hold (index 1..13) with and without it.
    ``None`` when no rank explains it and they have shown nothing: the look-ahead's reason is then
    as good as any."""
    act, evidence = _act(view, card), seen(shown, go_count)
    p_read, p_plain = _shares(read), _shares(plain)
    on_other, on_card = _replies(view, other), _replies(view, card)
    # A rank they now likely hold that would peg more on the other card than on ours.
    best, rank = 0.0, 0
    for r in range(1, 14):
        moved = p_read[r] - p_plain[r]
        worse = on_other[r] - on_card[r]
        if moved > _MOVED and worse > 0 and moved * worse > best:
            best, rank = moved * worse, r
    if rank:
        return message("ai.why.read_hold", act=act, other=other, seen=evidence, rank=Rank(rank),
                       points=on_other[rank])
    # A rank they now likely lack that would have pegged more on our card than on the other.
    for r in range(1, 14):
        moved = p_plain[r] - p_read[r]
        worse = on_card[r] - on_other[r]
        if moved > _MOVED and worse > 0 and moved * worse > best:
            best, rank = moved * worse, r
    if rank:
        return message("ai.why.read_lack", act=act, other=other, card=card, seen=evidence, rank=Rank(rank),
                       points=on_card[rank])
    if not shown and go_count is None:
        return None
    return message("ai.why.read", act=act, other=other, card=card, seen=evidence)


def search_reason(view: PlayView, card: Card, other: Card, value: float, other_value: float,
                  hands: Sequence[tuple[tuple[int, ...], float]]) -> Message:
    """Why ``card`` and not ``other`` (the card the expert plays looking two moves ahead): the play
    searched to its last card against each of ``hands`` (ranks, weight; the likeliest first) gives
    ``card`` the better average net, ``value`` against ``other_value`` (our points less theirs)."""
    hand = tuple(Rank(r) for r in hands[0][0])
    share = hands[0][1] / sum(w for _, w in hands)
    return message("ai.why.search", act=_act(view, card), other=other, card=card, n=len(hands), hand=hand,
                   share=share, value=float(value), other_value=float(other_value))


def win_reason(view: PlayView, card: Card, other: Card, chance: float, other_chance: float) -> Message:
    """Why ``card`` and not ``other`` (the expert's card for points) near home: the play searched to its
    last card against the hands they most likely hold gives ``card`` the better chance of winning the
    game, ``chance`` against ``other_chance`` (per cent)."""
    return message("ai.why.win", act=_act(view, card), other=other, card=card, chance=float(chance),
                   other_chance=float(other_chance))


def defence_reason(view: PlayView, card: Card, other: Card, show: int) -> Message:
    """Why ``card`` and not ``other`` (the expert's card for points): the pone's hand of ``show``
    points takes them home at the show, so the card that gives the dealer least is played."""
    return message("ai.why.home", act=_act(view, card), other=other, card=card, n=show)


# --- what the expert saw, as facts a learner can check ----------------------------------------------

@dataclass(frozen=True)
class Likeliest:
    """The rank the read makes the opponent's likeliest card: a card of their hand is this rank with
    chance ``share`` by the read (the highest of the thirteen), against ``prior`` from the cards unseen
    alone (as many of each rank as the seat has not seen), named only when ``share`` is more than
    ``prior`` + 0.03 (the read moved it by more than 3 points of their hand); ``pegs``: what a card of
    it pegs played next on the expert's card (0 where it does not fit, or where they cannot answer)."""

    rank: int
    share: float
    prior: float
    pegs: int


@dataclass(frozen=True)
class PlayExplanation:
    """What the expert saw when it chose ``card`` in the play, every field a fact of the position.

    ``could_hold`` are the ranks (1..13) the opponent could still hold: unseen by the seat, and not
    ruled out by a go (after a go at count g they hold nothing worth 31 - g or less). ``answer``: they
    may play on the card (they hold cards and have not said go in this series); then ``worst`` is the
    most a rank of ``could_hold`` pegs played next on it, and ``fifteen`` whether one of them would
    make the count fifteen (only asked below fifteen). ``likeliest``: the read's likeliest rank, when
    the read makes it likelier than chance (see :class:`Likeliest`)."""

    card: Card
    lead: bool
    count: int                     #: the count once the card is played
    points: int                    #: what the card pegs
    opponent_cards: int
    said_go: bool                  #: they have said go in this series
    could_hold: tuple[int, ...]
    worst: int
    fifteen: bool
    likeliest: Likeliest | None

    @property
    def answer(self) -> bool:
        return self.opponent_cards > 0 and not self.said_go and self.count < MAX_COUNT


@dataclass(frozen=True)
class KeepExplanation:
    """What a keep expects: ``hand`` points on average in the hand (over the 46 starters) and ``crib``
    in the crib (by the crib model of the advice that chose it: the expert's model of the opponent's
    two cards for the expert), which is the seat's own when ``own_crib``; ``play``: what the keep is
    worth in the play, when the advice counts it."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: float
    crib: float
    own_crib: bool
    play: float | None


def could_hold(view: PlayView, go_count: int | None) -> tuple[int, ...]:
    """The ranks (1..13) the opponent of ``view`` could hold: unseen by the seat, not ruled out by the
    lowest count ``go_count`` at which they said go this deal."""
    if view.opponent_cards == 0:
        return ()
    unseen = view.unseen_ranks()
    room = None if go_count is None else MAX_COUNT - go_count
    return tuple(r for r in range(1, 14) if unseen[r] > 0 and (room is None or RANK_VALUE[r] > room))


def explain_play(view: PlayView, card: Card, read: Sequence[float], go_count: int | None) -> PlayExplanation:
    """The facts behind ``card`` played from ``view``: ``read`` is the expert's pool of the ranks the
    opponent holds (weighted counts, index 1..13, as ``TableView.opponent_pool`` gives it) and
    ``go_count`` the lowest count at which they said go this deal."""
    after = view.count + card.value
    points = score_play((*view.series, card)).total
    holds = could_hold(view, go_count)
    replies = _replies(view, card)
    answer = view.opponent_cards > 0 and not view.opponent_go and after < MAX_COUNT
    worst = max((replies[r] for r in holds), default=0) if answer else 0
    fifteen = answer and after < _FIFTEEN and any(after + RANK_VALUE[r] == _FIFTEEN for r in holds)
    likeliest = None
    if view.opponent_cards and holds:
        unseen = view.unseen_ranks()
        share, prior = _shares(read), _shares(unseen)
        rank = max(range(1, 14), key=lambda r: (share[r], -r))
        if share[rank] > prior[rank] + _ABOVE_PRIOR and rank in holds:
            likeliest = Likeliest(rank, share[rank], prior[rank], replies[rank] if answer else 0)
    return PlayExplanation(card, not view.series, after, points, view.opponent_cards, view.opponent_go, holds,
                           worst, fifteen, likeliest)


def explain_keep(keep: Sequence[Card], discard: Sequence[Card], hand: float, crib: float, *, dealer: bool,
                 play: float | None = None) -> KeepExplanation:
    """The facts behind a keep (the advice's figures for it): see :class:`KeepExplanation`."""
    return KeepExplanation(tuple(keep), tuple(discard), float(hand), float(crib), bool(dealer),
                           None if play is None else float(play))


def explanation(facts: PlayExplanation | KeepExplanation) -> Message:
    """The facts in one sentence, as a message any view renders in its language."""
    if isinstance(facts, KeepExplanation):
        key = "ai.explain.keep_own" if facts.own_crib else "ai.explain.keep_theirs"
        return message(key, hand=facts.hand, crib=facts.crib)
    if facts.opponent_cards == 0:
        safety = message("ai.explain.no_cards")
    elif facts.count >= MAX_COUNT:
        safety = message("ai.explain.thirty_one")
    elif facts.said_go:
        safety = message("ai.explain.said_go")
    elif facts.worst == 0:
        safety = message("ai.explain.safe")
    elif facts.count < _FIFTEEN and not facts.fifteen:
        safety = message("ai.explain.safe_fifteen", worst=facts.worst)
    else:
        safety = message("ai.explain.worst", worst=facts.worst)
    likely = facts.likeliest
    if likely is None:
        return message("ai.explain.play", safety=safety)
    read = message("ai.explain.likely_only", rank=Rank(likely.rank), share=likely.share, prior=likely.prior)
    if facts.answer:
        read = message("ai.explain.likely" if likely.pegs else "ai.explain.likely_nothing", likeliest=read,
                       pegs=likely.pegs)
    return message("ai.explain.play_read", safety=safety, read=read)

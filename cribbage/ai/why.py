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
- **the score**: a pone whose hand takes them home at the show plays the card that gives the dealer
  least to peg, whatever it scores.

Only what the seat may see goes in: the view, the opponent's played cards, the weighted pools.
"""

from __future__ import annotations

from collections.abc import Sequence

from cribbage.ai import words as _words  # noqa: F401  (the reasons' words reach the catalogue)
from cribbage.ai.play_choice import PlayView, next_points
from cribbage.lang.messages import Message, Rank, message
from cribbage.rules.cards import Card
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["defence_reason", "read_reason", "seen"]

# A rank's odds must move by this much (as a share of their hand, per card) to be named as the reason.
_MOVED = 0.02


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


def defence_reason(view: PlayView, card: Card, other: Card, show: int) -> Message:
    """Why ``card`` and not ``other`` (the expert's card for points): the pone's hand of ``show``
    points takes them home at the show, so the card that gives the dealer least is played."""
    return message("ai.why.home", act=_act(view, card), other=other, card=card, n=show)

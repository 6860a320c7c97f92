"""What a game review is made of: each decision a seat made, what each deal scored, and the whole game.

A :class:`Decision` is one choice of the seat, judged by what the seat could know when it made it: a
discard (the four kept against the best keep, each by its exact expected points, hand and crib, as the
discard advice computes them), a card in the play (against the expert's card in that position, each
with the points the expert's look-ahead expects of it) or a count in the show under muggins (what was
said against what the hand held). Its ``cost`` is the points the choice gave up, never below 0.

A :class:`GameReview` holds them in order, with a :class:`DealLine` per deal (both scores before and
after, from the seat's side, and the seat's chance to win as the deal began). Everything a person reads
is a :class:`~cribbage.lang.messages.Message` of the catalogue (:mod:`cribbage.review.words`), its
figures rendered by Babel in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.lang.messages import Message, message, render
from cribbage.review import words as _words  # noqa: F401  (its sentences reach the catalogue)
from cribbage.rules.cards import Card
from cribbage.rules.events import GameResult
from cribbage.rules.kinds import TextEnum

__all__ = ["DealLine", "Decision", "DecisionKind", "GameReview"]

# Costs closer to 0 than this are a tie, not a mistake (the nets are sums of floats).
_TIE = 1e-9


class DecisionKind(TextEnum):
    """What kind of choice a :class:`Decision` was. Each member equals its text."""

    #: The two cards laid away to the crib (so the four kept).
    DISCARD = "discard"
    #: A card played in the play (a go is no choice: it is said only when no card fits).
    PLAY = "play"
    #: A hand or crib counted in the show, muggins on.
    COUNT = "count"


@dataclass(frozen=True)
class Decision:
    """One choice of the reviewed seat, in the deal ``deal``.

    ``chosen`` and ``best``: for a discard the four cards kept and the best keep; for a card in the play
    the card played and the expert's card (one each); for a count the hand or crib counted (both the
    same). ``chosen_points`` and ``best_points`` are what each was expected to bring: for a discard the
    net (the hand, plus the crib as dealer or less it as pone), for a card in the play the points the
    expert's look-ahead expects of it (its own and the answers, less the opponent's), for a count the
    points said and the points the cards held. ``cost`` = ``best_points - chosen_points``, never below 0
    (the expert may choose a card by a deeper search than the two moves its figures look ahead: then
    its card's figure can be below the card played, which costs nothing).

    The details say why: for a discard, ``away`` and ``best_away`` (the two laid away), ``hand_points``
    and ``crib_points`` (the chosen keep's, then the best's); for a card in the play, ``series`` (the
    cards of the series before it); for a count, ``starter`` and ``crib``. ``scores`` is (the seat's, the
    opponent's) as the choice was made; ``dealer`` whether the seat dealt this deal. ``reason`` is the
    best choice's reason (the discard advice's, the expert's hint, or the count said in full).
    """

    deal: int
    kind: DecisionKind
    dealer: bool
    scores: tuple[int, int]
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    chosen_points: float
    best_points: float
    away: tuple[Card, ...] = ()
    best_away: tuple[Card, ...] = ()
    hand_points: tuple[float, float] = (0.0, 0.0)
    crib_points: tuple[float, float] = (0.0, 0.0)
    series: tuple[Card, ...] = ()
    starter: Card | None = None
    crib: bool = False
    reason: Message | None = None

    @property
    def cost(self) -> float:
        """The points this choice gave up against the best: 0 for the best (or a tie with it)."""
        cost = self.best_points - self.chosen_points
        return cost if cost > _TIE else 0.0

    @property
    def is_best(self) -> bool:
        """Whether the choice was the best (or as good)."""
        return self.cost == 0.0

    @property
    def message(self) -> Message:
        """What was chosen, what was best and why, as one message (rendered in any language)."""
        if self.kind is DecisionKind.DISCARD:
            role = "dealer" if self.dealer else "pone"
            if self.is_best:
                return message(f"review.discard.best.{role}", deal=self.deal, kept=self.chosen, away=self.away,
                               net=self.chosen_points, hand=self.hand_points[0], crib=self.crib_points[0])
            return message(f"review.discard.{role}", deal=self.deal, kept=self.chosen, away=self.away,
                           best=self.best, best_away=self.best_away, cost=self.cost, net=self.chosen_points,
                           best_net=self.best_points, hand=self.hand_points[0], best_hand=self.hand_points[1],
                           crib=self.crib_points[0], best_crib=self.crib_points[1],
                           reason=self.reason or message("review.no_reason"))
        if self.kind is DecisionKind.PLAY:
            series = self.series or message("review.play.no_series")
            if self.chosen[0].rank == self.best[0].rank:
                return message("review.play.best", deal=self.deal, card=self.chosen[0], series=series,
                               points=self.chosen_points)
            if self.is_best:  # another card, but no better two moves ahead
                return message("review.play.as_good", deal=self.deal, card=self.chosen[0], series=series,
                               best=self.best[0], points=self.chosen_points, best_points=self.best_points)
            return message("review.play", deal=self.deal, card=self.chosen[0], series=series, best=self.best[0],
                           cost=self.cost, points=self.chosen_points, best_points=self.best_points,
                           reason=self.reason or message("review.no_reason"))
        what = "crib" if self.crib else "hand"
        said, held = int(self.chosen_points), int(self.best_points)
        if self.is_best:
            return message(f"review.count.best.{what}", deal=self.deal, cards=self.chosen, starter=self.starter,
                           n=held)
        return message(f"review.count.{what}", deal=self.deal, cards=self.chosen, starter=self.starter, said=said,
                       held=held, missed=held - said, reason=self.reason or message("review.no_reason"))

    def explain(self, language: str | None = None) -> str:
        """:attr:`message` in words, in ``language`` (default: the language the engine speaks now)."""
        return render(self.message, language)

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True)
class DealLine:
    """One deal of the game from the reviewed seat's side: whether it dealt, both scores as the deal
    began and as it ended (the seat's first), and the seat's chance to win as it began, with its 95%
    interval (the game table's calibrated chance, :func:`cribbage.stats.calibrated.endgame_chance`)."""

    deal: int
    dealer: bool
    start: tuple[int, int]
    end: tuple[int, int]
    chance: float
    low: float
    high: float


@dataclass(frozen=True)
class GameReview:
    """The review of one classic game from ``seat``'s side: every decision it made, in order, and the
    game deal by deal (:class:`DealLine`). ``result`` is ``None`` for a game stopped before its end."""

    seat: int
    target: int
    decisions: tuple[Decision, ...]
    deals: tuple[DealLine, ...]
    result: GameResult | None = None

    @property
    def finished(self) -> bool:
        """Whether the game was played to its end."""
        return self.result is not None

    @property
    def total_cost(self) -> float:
        """The points all the seat's choices gave up, together."""
        return float(sum(decision.cost for decision in self.decisions))

    def cost_of(self, kind: DecisionKind | str) -> float:
        """The points given up by the choices of one kind (``"discard"``, ``"play"``, ``"count"``)."""
        return float(sum(decision.cost for decision in self.decisions if decision.kind == kind))

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` choices that gave up most (the first of equal ones first); none that cost nothing."""
        costly = [decision for decision in self.decisions if decision.cost > 0]
        return tuple(sorted(costly, key=lambda decision: -decision.cost)[:n])

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        """Both scores (the seat's, the opponent's) as the first deal began, then after each deal."""
        if not self.deals:
            return ()
        return (self.deals[0].start, *(line.end for line in self.deals))

    @property
    def chances(self) -> tuple[float, ...]:
        """The seat's chance to win as each deal began, then at the end (1 or 0 once the game is won or
        lost; for a game stopped early, the chance as the last deal began)."""
        if not self.deals:
            return ()
        last = self.deals[-1].chance
        if self.result is not None:
            last = 1.0 if self.result.winner == self.seat else 0.0
        return (*(line.chance for line in self.deals), last)

    def messages(self, n: int = 3) -> tuple[Message, ...]:
        """The review as a reader sees it: a line of the totals, then the ``n`` costliest choices."""
        costly = self.costliest(n)
        head = message("review.summary", decisions=len(self.decisions), cost=self.total_cost,
                       discard=self.cost_of(DecisionKind.DISCARD), play=self.cost_of(DecisionKind.PLAY),
                       count=self.cost_of(DecisionKind.COUNT))
        if not costly:
            return (head, message("review.no_mistakes"))
        return (head, message("review.costliest", n=len(costly)), *(decision.message for decision in costly))

    def lines(self, language: str | None = None, n: int = 3) -> list[str]:
        """:meth:`messages` in words, in ``language`` (default: the engine's)."""
        return [render(line, language) for line in self.messages(n)]

"""Reference opponents: other people's styles of computer cribbage, to measure the expert against.

The expert is tuned against its own older self (``classic``); these players stand in for programs
written elsewhere, each an honest implementation of a well-known style. They are benchmark players,
not part of the engine: nothing in ``cribbage/`` imports this module. Each is a
:class:`cribbage.ai.players.ComputerPlayer`, so it takes the same ``(game, seat)`` as the engine's
players and reads the game only through what its seat may see (its own cards, the cards played,
the starter, the scores); ``tests/test_reference_players.py`` plays them behind the spy of
``tests/test_players.py``.

==============  ========================================================  =====================================
name            discard                                                   the play
==============  ========================================================  =====================================
``ev_table``    exact hand EV over the 46 starters, plus (dealer) or      one-ply look-ahead: points now minus
                minus (pone) Schell's published crib table                the opponent's best reply, on average
``ev_priority`` exact hand EV over the 46 starters, the crib ignored      a fixed priority list
``human``       the points it sees in the four cards kept, overlooking    greedy: the most points now, ties at
                the combinations learners miss at stated rates; no crib   random
``random``      two cards at random                                       any card that fits, at random
==============  ========================================================  =====================================

Every random choice comes from the player's own seeded source (``seed=``): same seed, same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

from cribbage.ai.discard import SPLITS, hand_evs
from cribbage.ai.play_choice import RANK_VALUE, PlayChoice, PlayView, legal_cards, next_points
from cribbage.ai.players import ComputerPlayer
from cribbage.rules.cards import Card
from cribbage.rules.play_scoring import MAX_COUNT
from cribbage.rules.show_scoring import score_hand

__all__ = ["MISS_RATES", "PRIORITY", "REFERENCES", "SCHELL_DEALER", "SCHELL_PONE", "EvPriorityPlayer",
           "EvTablePlayer", "HumanPlayer", "RandomPlayer", "expected_best_reply", "learner_count", "reference",
           "scoring_kind"]

# --- Schell's discard tables ---------------------------------------------------------------------
#
# Michael Schell's discard tables (Cribbage Forum, http://www.cribbageforum.com/SchellDiscard.htm):
# the average crib, in points, by the ranks of the two cards laid away (A..K, rows and columns), as
# met in play between strong players (the other two cards of the crib laid away by a player who
# chooses them for his own side). SCHELL_DEALER: the dealer lays them away into his own crib;
# SCHELL_PONE: the pone lays them away into the dealer's crib (higher: the dealer's own two are chosen
# to help it). The figures as transcribed in public programs that cite that page; the dealer's table
# agrees with a second, independent transcription kept as 46 x the average (e.g. 5-5: 404 / 46 = 8.78).
# Suits are not in the tables (a crib flush is rare).
SCHELL_DEALER: tuple[tuple[float, ...], ...] = (
    (5.38, 4.23, 4.52, 5.43, 5.45, 3.85, 3.85, 3.80, 3.40, 3.42, 3.65, 3.42, 3.41),
    (4.23, 5.72, 7.00, 4.52, 5.45, 3.93, 3.81, 3.66, 3.71, 3.55, 3.84, 3.58, 3.52),
    (4.52, 7.00, 5.94, 4.91, 5.97, 3.81, 3.58, 3.92, 3.78, 3.57, 3.90, 3.59, 3.67),
    (5.43, 4.52, 4.91, 5.63, 6.48, 3.85, 3.72, 3.83, 3.72, 3.59, 3.88, 3.59, 3.60),
    (5.45, 5.45, 5.97, 6.48, 8.79, 6.63, 6.01, 5.48, 5.43, 6.66, 7.00, 6.63, 6.66),
    (3.85, 3.93, 3.81, 3.85, 6.63, 5.76, 4.98, 4.63, 5.13, 3.17, 3.41, 3.23, 3.13),
    (3.85, 3.81, 3.58, 3.72, 6.01, 4.98, 5.92, 6.53, 4.04, 3.23, 3.53, 3.23, 3.26),
    (3.80, 3.66, 3.92, 3.83, 5.48, 4.63, 6.53, 5.45, 4.72, 3.80, 3.52, 3.19, 3.16),
    (3.40, 3.71, 3.78, 3.72, 5.43, 5.13, 4.04, 4.72, 5.16, 4.29, 3.97, 2.99, 3.06),
    (3.42, 3.55, 3.57, 3.59, 6.66, 3.17, 3.23, 3.80, 4.29, 4.76, 4.61, 3.31, 2.84),
    (3.65, 3.84, 3.90, 3.88, 7.00, 3.41, 3.53, 3.52, 3.97, 4.61, 5.33, 4.81, 3.96),
    (3.42, 3.58, 3.59, 3.59, 6.63, 3.23, 3.23, 3.19, 2.99, 3.31, 4.81, 4.79, 3.46),
    (3.41, 3.52, 3.67, 3.60, 6.66, 3.13, 3.26, 3.16, 3.06, 2.84, 3.96, 3.46, 4.58),
)
SCHELL_PONE: tuple[tuple[float, ...], ...] = (
    (6.02, 5.07, 5.07, 5.72, 6.01, 4.91, 4.89, 4.85, 4.55, 4.48, 4.68, 4.33, 4.30),
    (5.07, 6.38, 7.33, 5.33, 6.11, 4.97, 4.97, 4.94, 4.70, 4.59, 4.81, 4.56, 4.45),
    (5.07, 7.33, 6.68, 5.96, 6.78, 4.87, 5.01, 5.05, 4.87, 4.63, 4.86, 4.59, 4.48),
    (5.72, 5.33, 5.96, 6.53, 7.26, 5.34, 4.88, 4.94, 4.68, 4.53, 4.85, 4.46, 4.36),
    (6.01, 6.11, 6.78, 7.26, 9.37, 7.47, 7.00, 6.30, 6.15, 7.41, 7.76, 7.34, 7.25),
    (4.91, 4.97, 4.87, 5.34, 7.47, 7.08, 6.42, 5.86, 6.26, 4.31, 4.57, 4.22, 4.14),
    (4.89, 4.97, 5.01, 4.88, 7.00, 6.42, 7.14, 7.63, 5.26, 4.31, 4.68, 4.32, 4.27),
    (4.85, 4.94, 5.05, 4.94, 6.30, 5.86, 7.63, 6.82, 5.83, 5.10, 4.59, 4.31, 4.20),
    (4.55, 4.70, 4.87, 4.68, 6.15, 6.26, 5.26, 5.83, 6.39, 5.43, 4.96, 4.11, 4.03),
    (4.48, 4.59, 4.63, 4.53, 7.41, 4.31, 4.31, 5.10, 5.43, 6.08, 5.63, 4.61, 3.88),
    (4.68, 4.81, 4.86, 4.85, 7.76, 4.57, 4.68, 4.59, 4.96, 5.63, 6.42, 5.46, 4.77),
    (4.33, 4.56, 4.59, 4.46, 7.34, 4.22, 4.32, 4.31, 4.11, 4.61, 5.46, 5.79, 4.49),
    (4.30, 4.45, 4.48, 4.36, 7.25, 4.14, 4.27, 4.20, 4.03, 3.88, 4.77, 4.49, 5.65),
)


def _best_split(values: Sequence[float], hand: Sequence[float]) -> int:
    """The split of :data:`SPLITS` with the most value; ties to the better hand, then the first."""
    return max(range(15), key=lambda j: (round(values[j], 9), round(hand[j], 9), -j))


def _laid_away(six: Sequence[Card], j: int) -> tuple[Card, Card]:
    i1, i2 = SPLITS[j][1]
    return six[i1], six[i2]


def _distinct(legal: Sequence[Card]) -> list[Card]:
    """One card of each rank (suits never matter in the play), in the order held."""
    seen: dict[int, Card] = {}
    for card in legal:
        seen.setdefault(card.rank, card)
    return list(seen.values())


def _go_or_only(view: PlayView) -> PlayChoice | None:
    """The choice when there is none to make: go, or the one rank that fits."""
    legal = legal_cards(view)
    if not legal:
        return PlayChoice(None, "reference", "go")
    if len({c.rank for c in legal}) == 1:
        return PlayChoice(legal[0], "reference", "the only rank that fits")
    return None


# --- ev_table --------------------------------------------------------------------------------------

def expected_best_reply(series: tuple[int, ...], unseen: Sequence[int], k: int) -> float:
    """The points the opponent can expect from their best card played next on ``series``, holding
    ``k`` cards drawn from the ``unseen`` ranks (index 1..13): for each rank, the chance that it is
    the best-scoring rank they hold (exact hypergeometric odds), times its points."""
    total = sum(unseen)
    if k <= 0 or total <= 0:
        return 0.0
    k = min(k, total)
    points = next_points(series)
    norm = comb(total, k)
    left = total  # cards not of a better-scoring rank
    expected = 0.0
    for p, r in sorted(((points[r], r) for r in range(1, 14) if points[r] > 0), reverse=True):
        n = unseen[r]
        if n:
            # P(none of the better ranks and at least one of r) = [C(left, k) - C(left - n, k)] / C(total, k)
            expected += p * (comb(left, k) - comb(left - n, k)) / norm
            left -= n
    return expected


class EvTablePlayer(ComputerPlayer):
    """Exact hand value plus Schell's crib table at the discard; one-ply look-ahead in the play.

    The discard: each of the 15 keeps' exact mean show over the 46 starters
    (:func:`cribbage.ai.discard.hand_evs`), plus the crib of the two laid away from
    :data:`SCHELL_DEALER` as dealer, minus :data:`SCHELL_PONE` as pone.

    The play: each card that fits is worth its points now (15, 31, pairs, runs) minus the points the
    opponent can expect from their best reply, their cards drawn from those this seat has not seen
    (:func:`expected_best_reply`; nothing if they have said go). Ties go to the higher card, keeping
    low cards for the go."""

    level = "ev_table"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        hand = hand_evs(six).tolist()
        table = SCHELL_DEALER if dealer else SCHELL_PONE
        sign = 1.0 if dealer else -1.0
        values = [h + sign * table[six[a].rank - 1][six[b].rank - 1] for h, (_, (a, b)) in zip(hand, SPLITS)]
        return _laid_away(six, _best_split(values, hand))

    def choose_play(self, view: PlayView) -> PlayChoice:
        forced = _go_or_only(view)
        if forced is not None:
            return forced
        series = tuple(c.rank for c in view.series)
        now = next_points(series)
        unseen = view.unseen_ranks()
        k = 0 if view.opponent_go else view.opponent_cards

        def value(card: Card) -> tuple[float, int, int]:
            after = (*series, card.rank)
            reply = 0.0 if view.count + card.value == MAX_COUNT else expected_best_reply(after, unseen, k)
            return round(now[card.rank] - reply, 9), card.value, card.rank

        card = max(_distinct(legal_cards(view)), key=value)
        return PlayChoice(card, self.level, "points now less their best reply")


# --- ev_priority -----------------------------------------------------------------------------------

#: The priority list's scoring kinds, first preferred: 31, fifteen, a pair (royal), a run.
PRIORITY = ("thirty-one", "fifteen", "pair", "run")


def scoring_kind(series: tuple[int, ...], rank: int) -> str | None:
    """What a card of ``rank`` played next on ``series`` scores first in :data:`PRIORITY` (None: nothing)."""
    count = sum(RANK_VALUE[r] for r in series)
    after = count + RANK_VALUE[rank]
    if after == MAX_COUNT:
        return "thirty-one"
    if after == 15:
        return "fifteen"
    if series and series[-1] == rank:
        return "pair"
    if next_points(series)[rank] > 0:
        return "run"
    return None


class EvPriorityPlayer(ComputerPlayer):
    """Exact hand value at the discard (the crib ignored); a fixed priority list in the play.

    The discard: the keep with the best exact mean show over the 46 starters
    (:func:`cribbage.ai.discard.hand_evs`), whatever the two cards give the crib.

    The play, the first rule that picks a card:

    1. a card that scores, by what it scores first: 31, then fifteen, then a pair (pair royal,
       double pair royal), then a run (among cards of one kind, the most points, then the higher card);
    2. a safe card, the lowest: one that leaves the count at neither 5 nor 21 (the opponent's ten
       would make 15 or 31) and, on the lead, is not a 5;
    3. with no safe card, the lowest card."""

    level = "ev_priority"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        hand = hand_evs(six).tolist()
        return _laid_away(six, _best_split(hand, hand))

    def choose_play(self, view: PlayView) -> PlayChoice:
        forced = _go_or_only(view)
        if forced is not None:
            return forced
        series = tuple(c.rank for c in view.series)
        now = next_points(series)
        distinct = _distinct(legal_cards(view))
        scoring = [(PRIORITY.index(kind), -now[c.rank], -c.value, c) for c in distinct
                   if (kind := scoring_kind(series, c.rank)) is not None]
        if scoring:
            card = min(scoring, key=lambda s: s[:3])[3]
            return PlayChoice(card, self.level, "the first scoring rule of the list")
        safe = [c for c in distinct if view.count + c.value not in (5, 21) and (series or c.rank != 5)]
        card = min(safe or distinct, key=lambda c: (c.value, c.rank))
        return PlayChoice(card, self.level, "the lowest safe card" if safe else "the lowest card")


# --- human -----------------------------------------------------------------------------------------

#: How often the learner overlooks each kind (the progress store's kinds, :mod:`cribbage.progress.kinds`).
#: The kinds are the cases the course drills because learners miss them (``cribbage/rules/featured.py``,
#: the quiz's mix): fifteens of three and four cards, the second run of a double run, a four-card flush
#: in the hand, his nobs. The rates are this benchmark's assumption, stated here, not a measurement: no
#: learner data on this machine gives rates per kind. At each decision the learner draws, kind by kind,
#: whether it overlooks that kind this time.
MISS_RATES: dict[str, float] = {"fifteen.3": 0.4, "fifteen.4": 0.6, "double_run": 0.5, "flush.hand": 0.5,
                                "nobs": 0.5}


def learner_count(keep: Sequence[Card], overlooked: frozenset[str] = frozenset()) -> int:
    """The points a learner sees in four cards as they are held (no starter), skipping the kinds
    ``overlooked``: fifteens (``fifteen.2``, ``fifteen.3``, ``fifteen.4``), pairs, runs (with
    ``double_run`` overlooked, a double run counts one run), a four-card flush (``flush.hand``)."""
    points = 0
    values = [c.value for c in keep]
    for size in (2, 3, 4):
        if f"fifteen.{size}" in overlooked:
            continue
        points += 2 * sum(1 for combo in combinations(values, size) if sum(combo) == 15)
    ranks = sorted(c.rank for c in keep)
    points += 2 * sum(1 for a, b in combinations(ranks, 2) if a == b)
    distinct = sorted(set(ranks))
    for length in (4, 3):
        runs = [distinct[i:i + length] for i in range(len(distinct) - length + 1)
                if distinct[i + length - 1] - distinct[i] == length - 1]
        if runs:
            ways = 0
            for run in runs:
                made = 1
                for r in run:
                    made *= ranks.count(r)
                ways += made
            if "double_run" in overlooked:
                ways = 1
            points += length * ways
            break
    if len({c.suit for c in keep}) == 1 and "flush.hand" not in overlooked:
        points += 4
    return points


class HumanPlayer(ComputerPlayer):
    """A learner: keeps what it sees scoring in the four cards, overlooking what learners overlook;
    ignores the crib; pegs greedily; counts its own hand short by the same blind spots (muggins mode).

    At each decision the learner draws from its seeded source which kinds of :data:`MISS_RATES` it
    overlooks this time. The discard: the keep of the most :func:`learner_count` points (the starter
    unseen, the crib never thought of), ties at random. The play: the card that scores most now, ties
    at random. The count: the show less the combinations of the kinds overlooked."""

    level = "human"
    miss_rates = MISS_RATES

    def overlooked(self) -> frozenset[str]:
        """The kinds overlooked at this decision (drawn in a fixed order, so the seed repeats it)."""
        return frozenset(kind for kind, rate in self.miss_rates.items() if self.rng.random() < rate)

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        blind = self.overlooked()
        seen = [learner_count([six[i] for i in keep], blind) for keep, _ in SPLITS]
        best = max(seen)
        j = self.rng.choice([j for j, v in enumerate(seen) if v == best])
        return _laid_away(six, j)

    def choose_play(self, view: PlayView) -> PlayChoice:
        forced = _go_or_only(view)
        if forced is not None:
            return forced
        now = next_points(tuple(c.rank for c in view.series))
        distinct = _distinct(legal_cards(view))
        most = max(now[c.rank] for c in distinct)
        card = self.rng.choice([c for c in distinct if now[c.rank] == most])
        return PlayChoice(card, self.level, "the most points now")

    def count_hand(self, hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
        blind = self.overlooked()
        score = score_hand(hand, starter, crib=crib)
        total = score.total
        runs = 0
        for item in score.items:
            if item.kind == "fifteen" and f"fifteen.{min(len(item.cards), 5)}" in blind:
                total -= item.points
            elif item.kind == "run":
                runs += 1
                if runs > 1 and "double_run" in blind:
                    total -= item.points
            elif (item.kind == "flush" and not crib and "flush.hand" in blind) or (
                    item.kind == "nobs" and "nobs" in blind):
                total -= item.points
        return total


# --- random ----------------------------------------------------------------------------------------

class RandomPlayer(ComputerPlayer):
    """Lays away two cards at random and plays any card that fits, at random (seeded); counts right."""

    level = "random"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return _laid_away(six, self.rng.randrange(15))

    def choose_play(self, view: PlayView) -> PlayChoice:
        legal = legal_cards(view)
        if not legal:
            return PlayChoice(None, self.level, "go")
        return PlayChoice(self.rng.choice(legal), self.level, "any card that fits")


#: The reference players by name.
REFERENCES: dict[str, type[ComputerPlayer]] = {
    "ev_table": EvTablePlayer, "ev_priority": EvPriorityPlayer, "human": HumanPlayer, "random": RandomPlayer}


def reference(name: str, seed: int | str = 0) -> ComputerPlayer:
    """The reference player ``name`` (a key of :data:`REFERENCES`), seeded."""
    return REFERENCES[name](seed=seed)

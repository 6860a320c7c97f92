"""My deal: the 15 keeps of one's own six cards, with everything the statistics lab knows of each.

:func:`deal_keeps` takes six cards, the role (dealer or pone) and, if given, the two scores, and
gives for each of the 15 ways to keep four:

- the **hand**: its exact average over the 46 starters, each starter's points, and how many
  starters give each score (the keep's starter distribution);
- the **crib** (one's own as dealer, the opponent's as pone) under two models of the other side's
  two cards: **uniform**, every pair of the 45 cards left equally likely (exact, as
  :func:`cribbage.advise_discard`), and **expert**, pairs weighted as a strong player lays them
  away (:mod:`cribbage.ai.crib_model`). The expert model was measured on a sample of deals, so
  its figure has a standard error (:func:`_expert_errors`);
- the **net**: hand + crib as dealer, hand - crib as pone, under each model;
- with the scores, the **chance to win** the game after the keep (:func:`_win_chances`): this
  deal's starter, hand and crib as they fall for that keep, the rest of the deal (the play, the
  other side's hand) as the position table takes it, and the position table from the next deal on.
  Each chance is put through the recalibration of the position model of its game (to 121 or to 61)
  and has a 95% interval with the model's own error in it (:meth:`DealKeeps.win_interval`,
  :mod:`cribbage.stats.calibrated`).

Two rankings, one for each model: :attr:`DealKeeps.keeps` is ranked by the expert model's net, the
ranking of the course's adviser and of its expert computer (:func:`cribbage.ai.discard.order_keeps`);
:meth:`DealKeeps.ranked` gives either, ``"uniform"`` being the exact one of
:func:`cribbage.stats.best_keep` and ``cribbage discard``. Each keep carries its rank under both.
:meth:`DealKeeps.tied` says when the first two of a ranking are apart by less than the ranking can
tell: under the expert model, a gap inside the 95% interval of the difference of the two nets (the
two cribs' errors come from one sample of deals, so the difference's error is worked out from it, not
from the two errors); under the uniform model, which is exact, two nets equal to the hundredth.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from cribbage.ai.crib_model import WEIGHTS_FILE, pair_weights
from cribbage.ai.discard import SPLITS, crib_evs, hand_evs, order_keeps, read_six
from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card, CardLike
from cribbage.rules.cards import cards as read_cards
from cribbage.rules.checks import flag
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import shown
from cribbage.rules.ranks import rank_table
from cribbage.rules.result import skunk_lines
from cribbage.stats.calibrated import TARGETS, load_calibration
from cribbage.stats.deals import deal_log
from cribbage.stats.intervals import Z95
from cribbage.stats.moments import exact_variance, quantile_index, standard_deviation
from cribbage.stats.position import PositionTable, stage_distributions, win_probabilities
from cribbage.stats.words import refuse

__all__ = ["MODELS", "DealKeeps", "KeepFigures", "deal_keeps", "expert_model_hands"]

#: The two models of the other side's two cards a deal's keeps are ranked by.
MODELS = ("uniform", "expert")

#: The games the position model's recalibration and margins are for (:mod:`cribbage.stats.calibrated`).
CALIBRATED_TARGETS = TARGETS

_JACK = 10  # ranks counted from 0
_MAX_POINTS = 30  # a hand or a crib scores 0..29


@dataclass(frozen=True)
class KeepFigures:
    """One keep of a deal and what it is worth (points are averages over what is still unseen)."""

    keep: tuple[Card, ...]            #: the four kept, in deck order
    away: tuple[Card, ...]            #: the two laid away to the crib
    dealer: bool                      #: whose crib: one's own (True) or the opponent's
    hand: float                       #: the hand's exact average over the 46 starters
    crib_uniform: float               #: the crib's exact average, the other side's pair uniform
    crib_expert: float                #: the crib's average under the expert model
    crib_expert_error: float          #: the standard error of ``crib_expert`` (the model is sampled)
    starters: tuple[tuple[Card, int], ...]  #: each of the 46 starters with the hand's points
    win: float | None                 #: the chance to win the game after this keep (None: no scores)
    rank: int                         #: 1 = best by the expert model's net
    rank_uniform: int                 #: 1 = best by the uniform model's net

    @property
    def net_uniform(self) -> float:
        """Hand + crib as dealer, hand - crib as pone, the crib uniform."""
        return self.hand + self.crib_uniform if self.dealer else self.hand - self.crib_uniform

    @property
    def net_expert(self) -> float:
        """Hand + crib as dealer, hand - crib as pone, the crib by the expert model."""
        return self.hand + self.crib_expert if self.dealer else self.hand - self.crib_expert

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many of the 46 starters give the hand 0, 1, ... 29 points."""
        counts = [0] * _MAX_POINTS
        for _, points in self.starters:
            counts[points] += 1
        return tuple(counts)

    @property
    def hand_variance(self) -> float:
        """The variance of the hand's points over the 46 starters (exact: every starter counted once)."""
        return float(exact_variance(self.hand_counts))

    @property
    def hand_sd(self) -> float:
        """The standard deviation of the hand's points over the 46 starters."""
        return standard_deviation(exact_variance(self.hand_counts))

    def hand_quantile(self, q: float) -> int:
        """The ``q`` quantile (0 to 1) of the hand's points over the 46 starters: the fewest points
        that at least that share of the starters give (as :func:`cribbage.stats.quantile_score`)."""
        return quantile_index(self.hand_counts, q)


@dataclass(frozen=True)
class DealKeeps:
    """The 15 keeps of six cards, best first (:func:`deal_keeps`)."""

    cards: tuple[Card, ...]           #: the six, as given
    dealer: bool
    scores: tuple[int, int] | None    #: (mine, the opponent's) as the deal begins, if given
    target: int                       #: the game's length (121 or 61)
    keeps: tuple[KeepFigures, ...]    #: best first by the expert model's net
    win_before: float | None          #: the position table's chance at these scores, before any keep
    model_hands: int                  #: the deals the expert crib model was measured on
    #: the standard error of the difference of two keeps' expert nets, by their expert ranks
    #: (``[a - 1][b - 1]``); empty when not worked out
    gap_errors: tuple[tuple[float, ...], ...] = ()

    def __len__(self) -> int:
        return len(self.keeps)

    def win_interval(self, chance: float) -> tuple[float, float] | None:
        """The 95% interval of a chance to win of this deal (:attr:`win_before` or a keep's ``win``), the
        model's own error included (:mod:`cribbage.stats.calibrated`); None in a game the model is not
        calibrated for (every game is: 121 and 61)."""
        if self.target not in CALIBRATED_TARGETS:
            return None
        return load_calibration(self.target).interval(chance, dealer=self.dealer)

    @property
    def best(self) -> KeepFigures:
        return self.keeps[0]

    def ranked(self, model: str = "expert") -> tuple[KeepFigures, ...]:
        """The keeps best first by ``model``'s net: ``"expert"`` (as :attr:`keeps`) or ``"uniform"``."""
        if _model(model) == "expert":
            return self.keeps
        return tuple(sorted(self.keeps, key=lambda k: k.rank_uniform))

    def gap(self, model: str = "expert") -> tuple[float, float]:
        """How far ``model``'s first keep is ahead of its second, in points of net, and half the 95%
        interval of that gap (0 for the exact uniform model)."""
        first, second = self.ranked(model)[:2]
        if _model(model) == "uniform":
            return first.net_uniform - second.net_uniform, 0.0
        error = self.gap_errors[first.rank - 1][second.rank - 1] if self.gap_errors else math.nan
        return first.net_expert - second.net_expert, Z95 * error

    def tied(self, model: str = "expert") -> bool:
        """Whether ``model``'s first two keeps are apart by less than it can tell: their nets equal to
        the hundredth, or (the expert model) their gap inside its 95% interval. Two keeps that lay
        away the same two ranks differ only in suits, which both models count exactly: their gap
        has no error, however small it is."""
        difference, half_width = self.gap(model)
        return round(difference, 2) == 0 or abs(difference) <= half_width

    def find(self, keep: str | list[CardLike] | tuple[CardLike, ...]) -> KeepFigures:
        """The keep of these four cards (or of the four left when two are named: the two laid away)."""
        wanted = set(read_cards(keep))
        for option in self.keeps:
            if wanted in (set(option.keep), set(option.away)):
                return option
        raise refuse("stats.not_a_keep", cards=" ".join(c.code for c in sorted(wanted)))


def deal_keeps(six_cards: str | list[CardLike] | tuple[CardLike, ...], *, dealer: bool,
               scores: tuple[int, int] | list[int] | None = None, target: int = 121) -> DealKeeps:
    """The 15 keeps of ``six_cards`` as dealer or pone, each with its hand, its crib under both
    models and its starter distribution; with ``scores`` (mine, the opponent's, as the deal
    begins, in a game to ``target``) each keep's chance to win the game.

    >>> mine = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True)
    >>> best = mine.best
    >>> " ".join(c.code for c in best.keep), round(best.hand, 2), round(best.crib_uniform, 2)
    ('6H 7S 8C 9D', 10.57, 9.28)
    """
    six = read_six(six_cards)
    dealer = flag(dealer, "dealer")
    if whole_number(target) is None:
        raise refuse("game.bad_target", value=shown(target))
    target = int(target)
    skunk_lines(target)  # refuses a target other than 121 or 61
    chosen = _read_scores(scores, target)

    hand = hand_evs(six)
    uniform = crib_evs(six)
    weights = pair_weights(opponent_deals=not dealer)
    expert = crib_evs(six, weights)
    errors, gaps = _expert_errors(six, weights, expert_model_hands())
    points = _hand_points(six)                              # (15, 46)
    unseen = [c for c in FULL_DECK if c not in six]
    win_before = wins = None
    if chosen is not None:
        table, stages = _position(target)
        mine, theirs = chosen
        win_before = table.win_probability(mine, theirs, dealer=dealer)
        wins = _win_chances(six, dealer, mine, theirs, table, stages, points, weights)
        if target in CALIBRATED_TARGETS:   # the model as solved is too sure near 0 and 1: recalibrated
            shipped = load_calibration(target)
            win_before, wins = shipped.map(win_before, dealer=dealer), shipped.map(wins, dealer=dealer)
    order = order_keeps(hand, expert, dealer)
    order_uniform = order_keeps(hand, uniform, dealer)
    rank_uniform = {j: i + 1 for i, j in enumerate(order_uniform)}
    keeps = []
    for rank, j in enumerate(order, 1):
        kept, away = SPLITS[j]
        keeps.append(KeepFigures(
            keep=tuple(sorted(six[i] for i in kept)), away=tuple(sorted(six[i] for i in away)), dealer=dealer,
            hand=float(hand[j]), crib_uniform=float(uniform[j]), crib_expert=float(expert[j]),
            crib_expert_error=float(errors[j]),
            starters=tuple((card, int(p)) for card, p in zip(unseen, points[j])),
            win=None if wins is None else float(wins[j]), rank=rank, rank_uniform=rank_uniform[j]))
    gap_errors = tuple(tuple(float(gaps[a, b]) for b in order) for a in order)
    return DealKeeps(six, dealer, chosen, target, tuple(keeps), win_before, expert_model_hands(), gap_errors)


def _model(model: object) -> str:
    if not isinstance(model, str) or model not in MODELS:
        raise refuse("stats.no_model", value=shown(model), choices=", ".join(MODELS))
    return model


def _read_scores(scores: object, target: int) -> tuple[int, int] | None:
    if scores is None:
        return None
    if not isinstance(scores, (tuple, list)) or len(scores) != 2:
        raise refuse("stats.bad_scores", value=shown(scores))
    out = []
    for whose, score in zip(("mine", "theirs"), scores):
        value = whole_number(score)
        if value is None or not 0 <= value < target:
            raise refuse("stats.bad_score", whose=message(f"stats.whose.{whose}"), top=target - 1, value=shown(score))
        out.append(value)
    return out[0], out[1]


# --- the hand, starter by starter ---------------------------------------------------------------

_DECK_RANKS = np.array([c.rank - 1 for c in FULL_DECK])
_DECK_SUITS = np.array([int(c.suit) for c in FULL_DECK])
_BASE5 = 13 ** np.arange(4, -1, -1)


def _unseen(six: tuple[Card, ...]) -> np.ndarray:
    mask = np.ones(52, dtype=bool)
    mask[[c.index for c in six]] = False
    return np.nonzero(mask)[0]


def _hand_points(six: tuple[Card, ...]) -> np.ndarray:
    """Each keep's show with each of the 46 starters (in deck order): (15 keeps, 46)."""
    ranks, suits = _DECK_RANKS[[c.index for c in six]], _DECK_SUITS[[c.index for c in six]]
    unseen = _unseen(six)
    sr, ss = _DECK_RANKS[unseen], _DECK_SUITS[unseen]
    out = np.empty((15, len(unseen)), dtype=np.int64)
    table = rank_table()
    for j, (kept, _) in enumerate(SPLITS):
        kr, ks = ranks[list(kept)], suits[list(kept)]
        points = table[(kr @ _BASE5[:4]) + sr].astype(np.int64)
        if (ks == ks[0]).all():  # a hand flush: four, five with a starter of the suit
            points += 4 + (ss == ks[0])
        for r, s in zip(kr, ks):
            if r == _JACK:  # nobs: the starter of the kept jack's suit
                points += ss == s
        out[j] = points
    return out


# --- the crib, crib by crib ---------------------------------------------------------------------

@lru_cache(maxsize=1)
def _completions() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (starter, the other side's pair) from 46 unseen cards, as positions among them: the
    starter, then the pair from the other 45 (46 x 990 rows)."""
    starter, first, second = [], [], []
    for s in range(46):
        rest = [i for i in range(46) if i != s]
        for a, b in combinations(rest, 2):
            starter.append(s)
            first.append(a)
            second.append(b)
    return np.array(starter), np.array(first), np.array(second)


def _crib_distributions(six: tuple[Card, ...], weights: np.ndarray) -> np.ndarray:
    """For each discard and starter, the chance of each crib score: (15, 46, 30), the other
    side's pair weighted by ``weights`` (by the pair's ranks), each crib scored whole (fifteens,
    pairs, runs, flush, nobs)."""
    ranks, suits = _DECK_RANKS[[c.index for c in six]], _DECK_SUITS[[c.index for c in six]]
    unseen = _unseen(six)
    ur, us = _DECK_RANKS[unseen], _DECK_SUITS[unseen]
    s, a, b = _completions()
    sr, ss, ar, as_, br, bs = ur[s], us[s], ur[a], us[a], ur[b], us[b]
    weight = weights[ar, br]
    table = rank_table()
    tail = ar * 13 ** 2 + br * 13 + sr
    out = np.zeros((15, 46, _MAX_POINTS))
    for j, (_, (x, y)) in enumerate(SPLITS):
        points = table[ranks[x] * 13 ** 4 + ranks[y] * 13 ** 3 + tail].astype(np.int64)
        if suits[x] == suits[y]:
            points += 5 * ((as_ == suits[x]) & (bs == suits[x]) & (ss == suits[x]))
        for r, su in ((ranks[x], suits[x]), (ranks[y], suits[y])):
            if r == _JACK:
                points += ss == su
        points += (ar == _JACK) & (as_ == ss)
        points += (br == _JACK) & (bs == ss)
        hist = np.bincount(s * _MAX_POINTS + points, weights=weight, minlength=46 * _MAX_POINTS)
        hist = hist.reshape(46, _MAX_POINTS)
        out[j] = hist / hist.sum(axis=1, keepdims=True)
    return out


# --- the expert model's standard error ----------------------------------------------------------

def expert_model_hands() -> int:
    """The number of deals the expert crib model was measured on (read from its file's note)."""
    found = re.search(r"\(([\d,]+) hands", _model_note())
    if found is None:  # pragma: no cover - the file is built by cribbage.build.crib_weights
        raise refuse("stats.no_model", value=shown("expert"), choices="uniform")
    return int(found.group(1).replace(",", ""))


@lru_cache(maxsize=1)
def _model_note() -> str:
    import json

    note: str = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["made_by"]
    return note


_A91, _B91 = np.triu_indices(13)


def _expert_errors(six: tuple[Card, ...], weights: np.ndarray, hands: int) -> tuple[np.ndarray, np.ndarray]:
    """The standard error of each discard's expert crib, from the sampling of the model, and of the
    difference of every two discards' expert cribs, (15,) and (15, 15).

    The model weighs the other side's pair of ranks p by w_p = q_p / u_p, q_p the share of the
    ``hands`` sampled deals in which the expert laid p away and u_p the chance of p for two random
    cards. A crib's rank points (fifteens, pairs, runs) average, over the pairs p the unseen cards
    can make in ways_p ways, f = sum(q_p c_p V_p) / sum(q_p c_p), c_p = ways_p / u_p, V_p the mean
    points with p over the starters left; the flush and nobs are taken as in the uniform model
    (:func:`cribbage.ai.discard.crib_evs`), so they carry no error. The q_p are multinomial shares,
    so by the delta method Var f = sum(q_p g_p^2) / hands with g_p = c_p (V_p - f) / sum(q c).
    (The model's small prior, 20 uniform pseudo-deals, is left out: a tenth of a percent of them.)
    Two discards' cribs come from the same q_p, so their difference f_j - f_k has g_j - g_k.
    """
    ranks = _DECK_RANKS[[c.index for c in six]]
    avail = 4 - np.bincount(ranks, minlength=13)
    n = int(avail.sum())
    chance = np.where(_A91 == _B91, 6 / 1326, 16 / 1326)
    q = weights[_A91, _B91] * chance
    q = q / q.sum()
    ways = np.where(_A91 == _B91, avail[_A91] * (avail[_A91] - 1) / 2, avail[_A91] * avail[_B91])
    c = ways / chance
    # starters left for each pair: a starter of rank s, less the pair's own cards of that rank
    starters = avail[None, :] - (np.arange(13)[None, :] == _A91[:, None]) - (np.arange(13)[None, :] == _B91[:, None])
    starters = np.maximum(starters, 0)                                          # (91, 13)
    table = rank_table().astype(np.float64)
    slopes = np.empty((15, len(q)))
    for j, (_, (x, y)) in enumerate(SPLITS):
        codes = ranks[x] * 13 ** 4 + ranks[y] * 13 ** 3 + (_A91 * 13 ** 2 + _B91 * 13)[:, None] + np.arange(13)
        mean_points = (table[codes] * starters).sum(axis=1) / (n - 2)          # V_p
        total = (q * c).sum()
        f = (q * c * mean_points).sum() / total
        slopes[j] = c * (mean_points - f) / total
    errors = np.sqrt((q * slopes * slopes).sum(axis=1) / hands)
    apart = slopes[:, None, :] - slopes[None, :, :]
    return errors, np.sqrt((q * apart * apart).sum(axis=2) / hands)


# --- the chance to win ----------------------------------------------------------------------------

@lru_cache(maxsize=2)
def _position(target: int) -> tuple[PositionTable, dict[str, np.ndarray]]:
    """The position table and the stages of a deal it was solved from (the play's points, both
    sides; the pone's hand; the dealer's hand alone), from the cached deal log."""
    log = deal_log()
    stages = stage_distributions(log)
    hands = np.bincount(log.parts[:, 3].astype(np.int64))
    stages["dealer_hand"] = hands / hands.sum()
    return win_probabilities(log, target=target), stages


def _win_chances(six: tuple[Card, ...], dealer: bool, mine: int, theirs: int, table: PositionTable,
                 stages: dict[str, np.ndarray], hand_points: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each keep's chance to win the game, averaged over the 46 starters.

    One deal, in the order points are pegged (as :mod:`cribbage.stats.position` takes it): his
    heels (2 to the dealer for a jack starter), the play (both sides, from self-play; when both
    would reach the target in it, the one whose points needed run out first pegs out), the pone's
    hand, then the dealer's hand and crib. Of these, the starter, this keep's hand with it and
    the crib's score with it (the other side's pair weighted by the expert model, each crib
    scored whole) are this deal's own; the play and the other side's hand are from the self-play
    log. From the next deal on, the position table.
    """
    T = table.target
    W = table.dealer_wins
    play = stages["play"]
    plays = [(i, j, float(q)) for (i, j), q in np.ndenumerate(play) if q > 0]
    cribs = _crib_distributions(six, weights)                     # (15, 46, 30)
    unseen = _unseen(six)
    heels = np.where(_DECK_RANKS[unseen] == _JACK, 2, 0)          # (46,)
    rows_hand = hand_points.reshape(-1)                           # (690,) keep-major
    rows_heels = np.tile(heels, 15)
    width = 2 * _MAX_POINTS + 4
    if dealer:
        # the dealer's show: this hand plus the crib, u = hand + crib
        show = np.zeros((15 * 46, width))
        flat = cribs.reshape(15 * 46, _MAX_POINTS)
        for r in range(15 * 46):
            show[r, rows_hand[r]:rows_hand[r] + _MAX_POINTS] = flat[r]
        other = stages["pone_hand"]
    else:
        # the dealer's show: their hand (from self-play) plus the crib
        other_hand = stages["dealer_hand"]
        flat = cribs.reshape(15 * 46, _MAX_POINTS)
        show = np.zeros((15 * 46, width + len(other_hand)))
        for k, p in enumerate(other_hand):
            if p:
                show[:, k:k + _MAX_POINTS] += p * flat
        other = None
    wins = np.zeros(15 * 46)
    for h0 in (0, 2):
        rows = rows_heels == h0
        if not rows.any():
            continue
        if dealer:
            wins[rows] = _dealer_wins(mine + h0, theirs, T, W, plays, show[rows], other)  # type: ignore[arg-type]
        else:
            wins[rows] = _pone_wins(mine, theirs + h0, T, W, plays, show[rows], rows_hand[rows])
    chances: np.ndarray = wins.reshape(15, 46).mean(axis=1)
    return chances


def _peg_out(base: int, p: int, i: int, j: int, T: int) -> bool:
    """Whether the dealer (at ``base``, to peg ``j`` in the play) pegs out before the pone (at
    ``p``, to peg ``i``) when both reach ``T`` in the play: as :mod:`cribbage.stats.position`."""
    return (T - base) * i < (T - p) * j


def _dealer_wins(base: int, p: int, T: int, W: np.ndarray, plays: list[tuple[int, int, float]],
                 show: np.ndarray, pone_hand: np.ndarray) -> np.ndarray:
    """I deal, at ``base`` after his heels, the pone at ``p``; ``show``: per row the chance of
    each number of points in my hand and crib together."""
    if base >= T:
        return np.ones(len(show))
    out = np.zeros(len(show))
    u = np.arange(show.shape[1])
    for i, j, q in plays:
        x, y = base + j, p + i
        if x >= T and y >= T:
            out += q * float(_peg_out(base, p, i, j, T))
        elif x >= T:
            out += q
        elif y < T:
            # the pone's hand (k points) first, then my show (u): each k, u as a matrix
            theirs = y + np.arange(len(pone_hand))
            z = x + u
            after = np.where(z[None, :] >= T, 1.0,
                             1.0 - W[np.minimum(theirs, T - 1)[:, None], np.minimum(z, T - 1)[None, :]])
            value = np.where(theirs < T, pone_hand, 0.0) @ after
            out += q * (show @ value)
    return out


def _pone_wins(p: int, base: int, T: int, W: np.ndarray, plays: list[tuple[int, int, float]],
               show: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """I am the pone at ``p``, the dealer at ``base`` after his heels; ``hand``: my hand's points
    per row, ``show``: per row the chance of each number of points in the dealer's hand and crib."""
    if base >= T:
        return np.zeros(len(show))
    out = np.zeros(len(show))
    u = np.arange(show.shape[1])
    for i, j, q in plays:
        x, y = base + j, p + i
        if x >= T and y >= T:
            out += q * float(not _peg_out(base, p, i, j, T))
        elif y >= T:
            out += q
        elif x < T:
            # my hand (h points, 0..29), then the dealer's show (u): I deal next if neither is out,
            # W[my score, theirs]; one row per value of h, then each row of the deal takes its own
            mine = y + np.arange(_MAX_POINTS)
            z = x + u
            after = np.where(z[None, :] >= T, 0.0, W[np.minimum(mine, T - 1)[:, None], np.minimum(z, T - 1)[None, :]])
            after[mine >= T] = 1.0
            out += q * (show * after[hand]).sum(axis=1)
    return out

"""How strong and how fast the computer players are, measured in duplicate.

    python benchmarks/players.py [--a expert] [--b classic] [--games 4000] [--workers 2] [--seed 1]
                                 [--speed-games 100] [--deals 3000] [--skip-strength] [--full N] [--pool]
                                 [--paired OTHER] [--match N] [--gc-off] [--budget N]

Strength, in duplicate: each seeded game is played twice, player A in seat 0 then in seat 1, so both
sit behind the same cards and the same cuts and the luck of the deal cancels. ``--games`` counts
games (two per pair). Reported: A's share of games won with a 95% interval (from the spread of the
pairs, which are the independent units), its share of game points (skunks count 2, double skunks
3), the mean margin, and the per-deal split of each player's points as pone and as dealer.
Levels: ``beginner``, ``standard``, ``expert`` (:class:`cribbage.ai.expert.ExpertPlayer`) and
``classic`` (the first expert, :class:`cribbage.ai.players.ClassicExpertPlayer`), and the reference
opponents of ``benchmarks/references.py``: ``ev_table``, ``ev_priority``, ``human``, ``random``.
``--pool`` plays A against each reference and ``classic`` in turn (``--games`` each) and ends with a
table of A's win shares. ``--paired OTHER`` plays A and OTHER against B on the same pairs and gives
the difference of their shares with its interval (to measure a change of A: OTHER is A without it).
``--match N`` plays the games in matches of N between the same two players, so that what a player
learns of its opponent carries from game to game; each match is played twice, seats swapped, and is
the independent unit of the interval.

Speed, side by side in one run: the discard advice per deal (the first exact path, ``advise_discard``
with each crib model, and the self-play path), self-play games per second (the engine alone,
classic, expert) and the ratio, and each kind of expert decision's mean time.

Agreement: on ``--deals`` seeded deals (the first deal of as many games, both seats) the expert's
in-game discard is compared with the best keep of ``advise_discard(..., crib_model="expert")``, with
the game table's discard hint (:class:`cribbage.ai.adviser.Adviser`) and with the uniform advice; then
at every discard of ``--speed-games`` whole expert games, the last deals included (where the expert
may keep for the score). On ``--deals`` deals the crib of the best keep is printed under the expert
model and uniform.

The time budget (``--budget N``, issue 51: a person waits for one decision at a time): on N seeded
games of each level against itself, played game by game in turn, the 50th and 99th percentiles and
the worst time of each kind of decision (discard, lead, play, go, count), in CPU time (what the
decision costs, steady on a shared machine) and in wall time (what a person waits, load included; the
load average is printed beside it), and the median time of a whole game; the engine alone (the first
legal action) in the same games is the baseline, timed the same way. The goal: every decision's p99
under 50 ms and its worst under 200 ms, an expert-vs-expert game under 0.5 s (median).

With ``--full N``: the wall-clock time of N expert-vs-expert games on ``--workers`` processes.
``--gc-off`` turns the garbage collector off after the warm-up: its full collections land in whichever
game triggers them and swing the speed ratio by 10% between runs of the same code (EXPERT.md).

What the expert does, the ideas measured with this benchmark and their figures: ``benchmarks/EXPERT.md``.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import math
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import (
    SPLITS,
    advise_discard,
    best_discard,
    crib_flush_and_nobs,
    crib_table,
    hand_evs,
    reason_for,
)
from cribbage.ai.driver import turns
from cribbage.ai.levels import play_game, player
from cribbage.ai.players import action_for
from cribbage.ai.simulate import DEAL_PARTS, deal_parts
from cribbage.ai.why import explanation
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from cribbage.rules.ranks import RANK_BASE, rank_table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import OracleExpert  # beside this script
from references import REFERENCES, reference
from variants import ExpertVariant

#: What each part of a deal is, from the side of the player who scored it.
SPLIT = ("pone play", "pone hand", "dealer play", "dealer hand", "crib")


def make(level: str, seed: int | str = 0):
    """A player at ``level`` (a name of :func:`cribbage.ai.levels.player`, ``"classic"`` included).

    Variants of the expert, to measure a part of it (an :class:`variants.ExpertVariant`):
    ``expert:peg=W`` weighs the keep's play by W in the discard (0: hand and crib alone, as the
    expert), ``expert:noscore`` leaves out the play to the score, ``expert:learn=0`` reads every opponent as the classic look-ahead, ``expert:prior=A/N`` starts the
    read of the opponent at N reads agreeing at A, ``expert:styles=P`` the other styles of
    :data:`cribbage.ai.styles.STYLES` at P (0: the opponent is read as the classic look-ahead only),
    ``expert:across=1`` carries what it read of its opponent from game to game of a match (``--match``),
    ``expert:bykeep=0`` reads the one-ply style by one rank order for every hand, not keep by keep,
    ``expert:search=C/N`` searches the play to its end from C cards in both hands over the opponent's N
    likeliest hands as read (N: 91 if left out), ``expert:win=P`` searches the play for the chance of
    winning once either player needs P or fewer (0: never; the expert's own 30), ``expert:wcards=C/N`` from C
    cards over N hands (the expert's own 7/13), ``expert:oracle`` is told the opponent's four in the
    play (a bound: ``benchmarks/oracle.py``; ``oracle=4/3``: only while holding 4 or 3 cards)."""
    name, _, options = level.partition(":")
    if name in REFERENCES:
        if options:
            raise SystemExit(f"the reference {name} has no variants")
        return reference(name, seed)
    chosen = list(filter(None, options.split(",")))
    if name != "expert" or not chosen:
        out = player(name, seed=seed)
    elif any(o.partition("=")[0] == "oracle" for o in chosen):
        out = OracleExpert(seed=seed)
    else:
        out = ExpertVariant(seed=seed)
    for option in chosen:
        key, _, value = option.partition("=")
        if name != "expert":
            raise SystemExit(f"{name} has no variants")
        if key == "peg":
            out.peg_weight = float(value)
        elif key == "noscore":
            out.to_the_score = False
        elif key == "learn":
            out.learn = value != "0"
        elif key == "across":
            out.learn_across_games = value != "0"
        elif key == "search":  # search=5/13: to the end from 5 cards, over their 13 likeliest hands as read
            cards, _, most = value.partition("/")
            out.search = (int(cards), int(most or 91))
        elif key == "oracle" and isinstance(out, OracleExpert):  # made above (benchmarks/oracle.py)
            if value:
                out.holding = frozenset(int(n) for n in value.split("/"))
        elif key == "win":  # win=30: near home the search for the chance of winning once either needs 30 or fewer
            out.win_search = int(value)
        elif key == "wcards":  # wcards=7/13: near home, the search for the chance of winning from 7 cards over 13 hands
            cards, _, most = value.partition("/")
            out.win_cards = (int(cards), int(most or 13))
        elif key == "bykeep":
            out.one_ply_by_keep = value != "0"
        elif key == "styles":
            out.style_prior = float(value)
        elif key == "prior":
            agreement, _, reads = value.partition("/")
            out.prior_agreement, out.prior_reads = float(agreement), float(reads or out.prior_reads)

        else:
            raise SystemExit(f"unknown variant {option!r} of {name}")
    return out


# --- strength, in duplicate ----------------------------------------------------------------------

def pair(task: tuple[Any, ...]) -> tuple[list[int], list[int], list[int], list[list[float]]]:
    """One seeded deal sequence played twice, A in seat 0 then seat 1: ``(a, b, seed, index)``, or
    ``(a, b, seed, index, games)`` for a match of that many games between the same two players
    (each game its own seed), played twice so.

    Returns A's wins (0/1 per game), the game points each game was worth, A's margins, and the
    per-deal split sums and counts: ``[[A's sums], [A's counts], [B's sums], [B's counts]]``.
    """
    a, b, seed, index, *match = task
    wins, values, margins = [], [], []
    split = [[0.0] * len(SPLIT) for _ in range(4)]
    games = match[0] if match else 1
    for swap, number in itertools.product((False, True), range(games)):
        if number == 0:   # a match: the same two players for its games, then two new ones, seats swapped
            seats = [make(b, index), make(a, index)] if swap else [make(a, index), make(b, index)]
        game = play_game(seats, seed=f"{seed}/{index}" if games == 1 else f"{seed}/{index}/{number}")
        a_seat = 1 if swap else 0
        wins.append(int(game.result.winner == a_seat))
        values.append(game.result.games)
        margins.append(game.scores[a_seat] - game.scores[1 - a_seat])
        dealers = [entry.seat for entry in game.log if entry.kind == "deal"]
        complete = sorted({e.deal for e in game.events if e.kind == "crib"})
        for deal, row in zip(complete, deal_parts(game)):
            parts = dict(zip(DEAL_PARTS, row))
            dealer = dealers[deal - 1]
            for part in SPLIT:
                points = parts[part] + (parts["his heels"] if part == "dealer play" else 0)
                seat = dealer if part.startswith(("dealer", "crib")) else 1 - dealer
                who = 0 if seat == a_seat else 2
                split[who][SPLIT.index(part)] += points
                split[who + 1][SPLIT.index(part)] += 1
    return wins, values, margins, split


def duplicate(a: str, b: str, games: int, workers: int, seed: int, match: int = 1) -> str:
    return duplicate_share(a, b, games, workers, seed, match)[0]


def duplicate_share(a: str, b: str, games: int, workers: int, seed: int, match: int = 1
                    ) -> tuple[str, float, float, int]:
    """:func:`duplicate`'s report, with A's win share, its 95% half-interval and the games played
    (``match``: games in a match between the same two players, see :func:`pair`)."""
    tasks = [(a, b, f"duplicate/{seed}", i, match) for i in range(max(1, games // (2 * match)))]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(pair, tasks, chunksize=10))
    else:
        results = [pair(t) for t in tasks]
    n_pairs = len(results)
    per_pair = [sum(w) / len(w) for w, _, _, _ in results]
    played = sum(len(w) for w, _, _, _ in results)
    share = sum(per_pair) / n_pairs
    var = sum((x - share) ** 2 for x in per_pair) / max(1, n_pairs - 1)
    half = 1.96 * math.sqrt(var / n_pairs)
    won = sum(v for w, vs, _, _ in results for x, v in zip(w, vs) if x)
    total = sum(v for _, vs, _, _ in results for v in vs)
    margin = sum(m for _, _, ms, _ in results for m in ms) / played
    sums = [[sum(r[3][k][j] for r in results) for j in range(len(SPLIT))] for k in range(4)]
    lines = [f"{a} vs {b}, duplicate: {a} wins {share:6.1%} ± {half:.1%} (95%, {played} games in "
             f"{n_pairs} pairs{f' of matches of {match}' if match > 1 else ''}), game points {won / total:6.1%}, mean margin {margin:+.1f}",
             f"  {'per deal':<10}" + "".join(f"{p:>13}" for p in SPLIT)]
    for name, k in ((a, 0), (b, 2)):
        lines.append(f"  {name:<10}" + "".join(f"{s / max(1, c):13.2f}" for s, c in zip(sums[k], sums[k + 1])))
    return "\n".join(lines), share, half, played


def paired(a: str, other: str, b: str, games: int, seed: int, match: int = 1) -> str:
    """A and ``other`` each against B on the same seeded pairs (one process): both shares and the 95%
    interval of A's share less ``other``'s, from the per-pair differences (most pairs end alike, so
    the difference is measured far closer than either share); then the per-deal split of each game
    set, as :func:`duplicate` gives it, so a change shows where it gains (as pone or dealer, in the
    play, the hand or the crib)."""
    diffs, shares_a, shares_o = [], [], []
    sums = [[[0.0] * len(SPLIT) for _ in range(4)] for _ in range(2)]  # A's games, then other's
    for i in range(max(2, games // (2 * match))):
        results = pair((a, b, f"duplicate/{seed}", i, match)), pair((other, b, f"duplicate/{seed}", i, match))
        for total, (_, _, _, split) in zip(sums, results):
            for row, part in zip(total, split):
                row[:] = [x + y for x, y in zip(row, part)]
        wins_a, wins_o = results[0][0], results[1][0]
        won_a, won_o = sum(wins_a) / len(wins_a), sum(wins_o) / len(wins_o)
        shares_a.append(won_a)
        shares_o.append(won_o)
        diffs.append(won_a - won_o)
    n = len(diffs)
    mean = sum(diffs) / n
    half = 1.96 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    rows = ((a, 0, sums[0]), (f"{b} against {a}", 2, sums[0]), (other, 0, sums[1]), (f"{b} against {other}", 2, sums[1]))
    width = max(len(name) for name, _, _ in rows) + 2
    # The difference to two decimals: whether its interval clears 0 is often decided there.
    lines = [f"{a} vs {b}: {sum(shares_a) / n:.1%}; {other} vs {b}: {sum(shares_o) / n:.1%}; difference "
             f"{mean:+.2%} ± {half:.2%} (95%, {2 * n * match} games each, seeds duplicate/{seed}/0..{n - 1}"
             f"{f', matches of {match}' if match > 1 else ''})",
             f"  {'per deal':<{width}}" + "".join(f"{p:>13}" for p in SPLIT)]
    for name, k, total in rows:
        lines.append(f"  {name:<{width}}" + "".join(f"{s / max(1, c):13.2f}" for s, c in zip(total[k], total[k + 1])))
    return "\n".join(lines)


#: The opponents of ``--pool``: every reference, then the first expert.
POOL = (*REFERENCES, "classic")


def against_pool(a: str, games: int, workers: int, seed: int, match: int = 1) -> str:
    """A against each of :data:`POOL` in duplicate, each report as it comes, then a table of A's shares."""
    rows = []
    for b in POOL:
        start = time.perf_counter()
        report, share, half, played = duplicate_share(a, b, games, workers, seed, match)
        print(report, flush=True)
        rows.append(f"| {b} | {played:,} | {seed} | {share:.1%} ± {half:.1%} | "
                    f"{share - half:.1%} – {share + half:.1%} | {time.perf_counter() - start:.0f} s |")
    return "\n".join([f"{a} against the pool, duplicate (seeds duplicate/{seed}/0..):",
                      "| opponent | games | seed | win share (95%) | interval | wall |", "|---|---|---|---|---|---|",
                      *rows])


# --- speed ---------------------------------------------------------------------------------------

def first_crib_sums(dr: np.ndarray, ds: np.ndarray, ur: np.ndarray, us: np.ndarray) -> np.ndarray:
    """Total crib points over every (starter, opponent's pair) from the unseen cards, per discard, as
    first computed: a gather of the rank table over every set of three unseen cards. ``dr``/``ds``:
    (k, 2) ranks (0..12) and suits laid away; ``ur``/``us``: the unseen cards'. A crib is the two laid
    away plus three unseen cards, any of the three being the starter."""
    three = np.array(list(itertools.combinations(range(len(ur)), 3)), dtype=np.intp).reshape(-1, 3)
    codes = ur[three] @ np.array(RANK_BASE[2:], dtype=np.int64)
    laid = dr @ np.array(RANK_BASE[:2], dtype=np.int64)
    rank_sum = 3 * rank_table()[laid[:, None] + codes[None, :]].sum(axis=1, dtype=np.int64)
    return rank_sum + crib_flush_and_nobs(dr, ds, ur, us)


def first_exact_advice(six, *, dealer: bool) -> list:
    """The exact advice as it was first computed, to time against: the crib by a gather over every
    set of three unseen cards (15 x C(46, 3) lookups), reasons for all 15 keeps."""
    unseen = [c for c in FULL_DECK if c not in six]
    away = np.array([pair for _, pair in SPLITS])
    r6, s6 = np.array([c.rank - 1 for c in six]), np.array([int(c.suit) for c in six])
    ur, us = np.array([c.rank - 1 for c in unseen]), np.array([int(c.suit) for c in unseen])
    n = len(ur)
    crib = first_crib_sums(r6[away], s6[away], ur, us) / (n * comb(n - 1, 2))
    hand = hand_evs(six)
    sign = 1 if dealer else -1
    out = []
    for (keep_idx, disc_idx), h, c in zip(SPLITS, hand, crib):
        keep = tuple(sorted(six[i] for i in keep_idx))
        away = tuple(sorted(six[i] for i in disc_idx))
        out.append((float(h + sign * c), keep, away, reason_for(keep, away, dealer=dealer)))
    return sorted(out, key=lambda o: -o[0])


def discard_speed(deals: int, seed: int) -> str:
    hands = [Game(f"speed/{seed}/{i}").hand(i % 2) for i in range(deals)]
    timings = []
    for name, fn in (("first exact advice (uniform crib)", lambda s, d: first_exact_advice(s, dealer=d)),
                     ("advise_discard, uniform crib", lambda s, d: advise_discard(s, dealer=d)),
                     ("advise_discard, expert crib model", lambda s, d: advise_discard(s, dealer=d, crib_model="expert")),
                     ("expert's discard (best_discard)", lambda s, d: best_discard(s, dealer=d))):
        start = time.process_time()
        for i, six in enumerate(hands):
            fn(six, i % 2 == 0)
        timings.append((name, (time.process_time() - start) / deals))
    base = timings[0][1]
    return "\n".join(f"{name:<38}{t * 1e6:8.0f} µs per deal  ({base / t:5.1f}x faster than the first)"
                     for name, t in timings)


def first_legal_game(seed: int | str) -> Game:
    game = Game(seed)
    for seat in turns(game):
        game.apply(game.legal_actions(seat)[0])
    return game


def speed(games: int, seed: int, expert: str = "expert") -> str:
    """Games per second of the engine alone, the classic expert and the expert (or a variant of it,
    ``--a``), game by game in turn so the three see the same load on a shared machine."""
    spent = {"engine": 0.0, "classic": 0.0, "expert": 0.0}
    for i in range(games):
        start = time.process_time()
        first_legal_game(f"{seed}/{i}")
        spent["engine"] += time.process_time() - start
        for level in ("classic", "expert"):
            name = expert if level == "expert" else level
            start = time.process_time()
            play_game([make(name, 1), make(name, 2)], seed=f"{seed}/{i}")
            spent[level] += time.process_time() - start
    return "\n".join([
        f"engine alone (first legal action):     {games / spent['engine']:7.1f} games/s",
        f"classic expert self-play:              {games / spent['classic']:7.1f} games/s per core",
        f"{expert + ' self-play:':<39}{games / spent['expert']:7.1f} games/s per core",
        f"expert game time / classic game time:  {spent['expert'] / spent['classic']:7.2f} x  (target at most 2)"])


def decision_times(games: int, seed: int, level: str = "expert") -> str:
    """Mean CPU time of each kind of expert decision (or a variant's, ``--a``), over the positions of
    seeded games."""
    expert = make(level)
    timings: dict[str, list[float]] = {"discard": [], "play": []}
    for i in range(games):
        game = Game(f"decisions/{seed}/{i}")
        for seat in turns(game):
            kind = "discard" if game.phase is Phase.DISCARD else "play"
            start = time.process_time()
            action = action_for(expert, game, seat)
            if kind in timings:
                timings[kind].append(time.process_time() - start)
            game.apply(action)
    return "\n".join(f"expert {kind} decision:               {1e6 * sum(t) / len(t):7.0f} µs mean "
                     f"({len(t)} decisions)" for kind, t in timings.items())


#: A person's time budget (issue 51): each decision's 99th percentile and worst, in seconds, and the
#: median whole expert-vs-expert game.
BUDGET_P99, BUDGET_MAX, BUDGET_GAME = 0.050, 0.200, 0.5
#: The kinds of decision a computer player makes, as the budget table names them.
KINDS = ("discard", "lead", "play", "go", "count")
#: The levels the budget is measured for, the expert last; "engine" is the baseline, "hint" the game
#: table's hint (the expert's move with its reason and what it saw, for a learner at seat 0).
BUDGET_LEVELS = ("engine", "beginner", "standard", "classic", "expert", "hint")


def decision_kind(game: Game, seat: int) -> str:
    """What ``seat`` decides now: a discard, a lead (the count at 0), a card on the count, a go (no
    card fits), or a count of the show."""
    if game.phase is Phase.DISCARD:
        return "discard"
    if game.phase is Phase.PLAY:
        if not any(game.count + c.value <= 31 for c in game.hand(seat)):
            return "go"
        return "lead" if not game.series else "play"
    return "count"


class _FirstLegal:
    """The baseline: the engine alone, the first legal action (no thought)."""

    @staticmethod
    def act(game: Game, seat: int) -> Any:
        return game.legal_actions(seat)[0]


def _hint(adviser: Adviser, game: Game, seat: int) -> None:
    """The game table's hint for ``seat``: the expert's move, its reason and what it saw, in words."""
    move = adviser.keep(game, seat) if game.phase is Phase.DISCARD else adviser.hint(game, seat)
    facts = adviser.explain(game, seat, move)
    str(move.message)
    if facts is not None:
        str(explanation(facts))


def _timed_game(level: str, seed: str, times: dict[str, list[tuple[float, float]]]) -> tuple[float, float]:
    """One game of ``level`` against itself (``"engine"``: the first legal action; ``"hint"``: the
    expert's, seat 0's every discard and card timed as the game table's hint of it, see :func:`_hint`),
    each decision's (CPU, wall) time appended under its kind; returns the whole game's (CPU, wall) time."""
    seats = None if level == "engine" else [make("expert" if level == "hint" else level, k) for k in (1, 2)]
    adviser = Adviser() if level == "hint" else None
    game = Game(seed)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for seat in turns(game):
        kind = decision_kind(game, seat)
        c, w = time.process_time(), time.perf_counter()
        if adviser is not None and seat == 0 and kind != "count":
            _hint(adviser, game, seat)
        action = _FirstLegal.act(game, seat) if seats is None else action_for(seats[seat], game, seat)
        if adviser is None or seat == 0:
            times[kind].append((time.process_time() - c, time.perf_counter() - w))
        game.apply(action)
    return time.process_time() - cpu0, time.perf_counter() - wall0


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank: a value that was measured)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def budget(games: int, seed: int, levels: tuple[str, ...] = BUDGET_LEVELS) -> str:
    """The time budget table (see the module's docstring): each level's decisions by kind and its
    median game, on ``games`` seeded games each, the levels in turn game by game."""
    times = {level: {kind: [] for kind in KINDS} for level in levels}
    whole: dict[str, list[tuple[float, float]]] = {level: [] for level in levels}
    for level in levels:   # a warm-up game each: tables are loaded once, not in the first timed decision
        if level != "engine":
            _timed_game(level, f"budget warm up/{seed}", {kind: [] for kind in KINDS})
    load = os.getloadavg()[0]
    for i in range(games):
        for level in levels:
            whole[level].append(_timed_game(level, f"budget/{seed}/{i}", times[level]))
    load = max(load, os.getloadavg()[0])
    ms = 1e3
    lines = [f"time budget: {games} seeded games of each level against itself (seeds budget/{seed}/0..{games - 1}); "
             f"CPU time per decision (wall time: what a person waits; load average up to {load:.1f} on "
             f"{os.cpu_count()} cores)",
             f"{'level':<10}{'decision':<9}{'n':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
             f"{'wall p99':>10}{'wall max':>10}  budget (p99 < {BUDGET_P99 * ms:.0f} ms, max < {BUDGET_MAX * ms:.0f} ms)"]
    for level in levels:
        for kind in KINDS:
            rows = times[level][kind]
            if not rows:
                continue
            cpu, wall = [c for c, _ in rows], [w for _, w in rows]
            p99, worst = _quantile(cpu, 0.99), max(cpu)
            verdict = "" if level == "engine" else (
                "within" if p99 < BUDGET_P99 and worst < BUDGET_MAX else "OVER")
            lines.append(f"{level:<10}{kind:<9}{len(rows):>7}{_quantile(cpu, 0.5) * ms:9.2f}{p99 * ms:9.2f}"
                         f"{worst * ms:9.2f}{_quantile(wall, 0.99) * ms:10.2f}{max(wall) * ms:10.2f}  {verdict}")
    lines.append(f"{'level':<10}{'median game, CPU s':>20}{'wall s':>10}{'  / engine alone':>18}")
    base = statistics.median(c for c, _ in whole[levels[0]])
    for level in levels:
        if level == "hint":   # its games are the expert's with the hints besides: not a game time
            continue
        cpu_median = statistics.median(c for c, _ in whole[level])
        goal = f"  (goal for the expert: < {BUDGET_GAME} s)" if level == "expert" else ""
        lines.append(f"{level:<10}{cpu_median:20.3f}{statistics.median(w for _, w in whole[level]):10.3f}"
                     f"{cpu_median / base:16.0f} x{goal}")
    return "\n".join(lines)


_FIRST_DECISIONS = """
import sys, time
sys.path.insert(0, sys.argv[1])
from cribbage.ai.driver import turns
from cribbage.ai.levels import player
from cribbage.ai.players import action_for
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
game, first = Game("first decisions"), {}
computer = player(sys.argv[2], seed=1)
for seat in turns(game):
    kind = game.phase.name
    start = time.perf_counter()
    action = action_for(computer, game, seat)
    first.setdefault(kind, time.perf_counter() - start)
    game.apply(action)
    if len(first) == 2:
        break
print(first["DISCARD"], first["PLAY"])
"""


def first_decisions(level: str = "expert", runs: int = 3) -> str:
    """The first discard and the first card of a computer in a fresh process (the game table's in a
    new kernel: its tables are made or loaded then), the median of ``runs`` processes, wall clock."""
    root = str(Path(__file__).resolve().parent.parent)
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _FIRST_DECISIONS, root, level.partition(":")[0]],
                             capture_output=True, text=True, check=True).stdout.split()
        times.append([float(x) for x in out])
    discard, play = (sorted(t[i] for t in times)[runs // 2] for i in range(2))
    return (f"first decisions in a fresh process ({level}, median of {runs}): discard {discard * 1e3:.0f} ms, "
            f"card {play * 1e3:.0f} ms  (the game table's budget: 50 ms)")


def agreement(deals: int, seed: int) -> str:
    """The expert's in-game discard against the advice, on the first deal of seeded games (both
    seats): the best keep of ``advise_discard(..., crib_model="expert")``, the game table's hint
    (:class:`~cribbage.ai.adviser.Adviser`), and the uniform advice for comparison."""
    expert, adviser = make("expert"), Adviser()
    same = hint = uniform = total = 0
    for i in range((deals + 1) // 2):
        game = Game(f"agreement/{seed}/{i}")
        for seat in (0, 1):
            if total == deals:
                break
            away = set(expert.discard(game, seat))
            dealer = game.dealer == seat
            same += away == set(advise_discard(game.hand(seat), dealer=dealer, crib_model="expert").best.discard)
            uniform += away == set(advise_discard(game.hand(seat), dealer=dealer).best.discard)
            hint += away == set(adviser.keep(game, seat).discard)
            total += 1
    return "\n".join([
        f"expert's discard = advice's best keep (expert crib model): {same} of {total} first deals",
        f"expert's discard = the game table's discard hint:          {hint} of {total} first deals",
        f"expert's discard = advice's best keep (uniform crib):      {uniform} of {total} first deals"])


def agreement_in_games(games: int, seed: int) -> str:
    """The same check at every discard of whole expert games, the last deals included: there the
    expert may keep for the score rather than the average (and the game table's hint with it)."""
    expert, adviser = make("expert"), Adviser()
    same = hint = total = late = 0
    for i in range(games):
        game = Game(f"agreement games/{seed}/{i}")
        for seat in turns(game):
            if game.phase is Phase.DISCARD:
                away = set(expert.discard(game, seat))
                advice = advise_discard(game.hand(seat), dealer=game.dealer == seat, crib_model="expert")
                agree = away == set(advice.best.discard)
                same += agree
                late += not agree and min(game.target - s for s in game.scores) <= 30
                hint += away == set(adviser.keep(game, seat).discard)
                total += 1
            game.apply(action_for(expert, game, seat))
    return (f"every discard of {games} expert games: advice's best keep {same} of {total} "
            f"({total - same - late} differ away from the last deals, {late} within 30 of home, where it "
            f"keeps for the score); the game table's hint {hint} of {total}")


def crib_figures(deals: int, seed: int) -> str:
    """The crib of the advice's best keep under the expert model beside the uniform figure."""
    diffs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    for i in range((deals + 1) // 2):
        game = Game(f"crib model/{seed}/{i}")
        for seat in (0, 1):
            dealer = game.dealer == seat
            best = advise_discard(game.hand(seat), dealer=dealer, crib_model="expert").best
            diffs[dealer].append((best.crib_ev, best.uniform_crib_ev))
    lines = []
    for dealer, rows in diffs.items():
        model = sum(m for m, _ in rows) / len(rows)
        uniform = sum(u for _, u in rows) / len(rows)
        whose = "dealer's own crib" if dealer else "crib the pone gives"
        lines.append(f"{whose:<20} expert model {model:5.2f}, uniform {uniform:5.2f} ({model - uniform:+.2f})"
                     f"  ({len(rows)} deals)")
    return "\n".join(lines)


def expert_games(task: tuple[int, int]) -> int:
    start, stop = task
    experts = [make("expert", 1), make("expert", 2)]
    for i in range(start, stop):
        play_game(experts, seed=f"full/{i}")
    return stop - start


def full_run(games: int, workers: int) -> str:
    chunk = -(-games // workers)
    tasks = [(i, min(games, i + chunk)) for i in range(0, games, chunk)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        done = sum(pool.map(expert_games, tasks))
    wall = time.perf_counter() - start
    return f"{done:,} expert-vs-expert games on {workers} processes: {wall:6.1f} s wall clock ({done / wall:.0f} games/s)"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert", help="player A's level")
    parser.add_argument("--b", default="classic", help="player B's level")
    parser.add_argument("--games", type=int, default=4000, help="duplicate games (two per pair)")
    parser.add_argument("--speed-games", type=int, default=100)
    parser.add_argument("--deals", type=int, default=3000, help="deals for the agreement check")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--full", type=int, default=0, metavar="N")
    parser.add_argument("--pool", action="store_true", help="A against each reference and classic")
    parser.add_argument("--paired", metavar="OTHER", help="A and OTHER against B on the same pairs: the difference")
    parser.add_argument("--match", type=int, default=1, metavar="N",
                        help="the duplicate games in matches of N between the same two players (what they learn "
                             "of each other carries from game to game), each match played twice, seats swapped")
    parser.add_argument("--budget", type=int, default=0, metavar="N",
                        help="the time budget table on N seeded games of each level (then nothing else unless asked)")
    parser.add_argument("--gc-off", action="store_true",
                        help="no garbage collection after the warm-up, so speed ratios repeat between runs")
    args = parser.parse_args(argv)
    if args.budget:
        print(budget(args.budget, args.seed), flush=True)
        if args.skip_speed and args.skip_strength and not (args.full or args.paired or args.pool):
            return 0
    crib_table()
    play_game([make("expert"), make("classic")], seed="warm up")
    if args.gc_off:
        gc.collect()
        gc.disable()
    if not args.skip_speed:
        print(discard_speed(max(50, args.speed_games * 2), args.seed))
        expert = args.a if args.a.startswith("expert") else "expert"
        print(speed(args.speed_games, args.seed, expert))
        print(decision_times(max(1, args.speed_games // 10), args.seed, expert))
        print(first_decisions(expert))
        print(agreement(args.deals, args.seed))
        print(agreement_in_games(max(1, args.speed_games), args.seed))
        print(crib_figures(args.deals, args.seed))
    if args.full:
        print(full_run(args.full, args.workers))
    if args.paired:
        print(paired(args.a, args.paired, args.b, args.games, args.seed, args.match), flush=True)
    elif args.pool:
        print(against_pool(args.a, args.games, args.workers, args.seed, args.match), flush=True)
    elif not args.skip_strength:
        print(duplicate(args.a, args.b, args.games, args.workers, args.seed, args.match), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

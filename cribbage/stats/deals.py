"""The deal log: what happens deal by deal when two computer players meet, as numpy arrays.

The win probability (:mod:`cribbage.stats.position`) and the pegging statistics
(:mod:`cribbage.stats.pegging`) both read it. :func:`deal_log` plays seeded games (game ``i`` is
seeded ``f"{seed}/{i}"``, the seats swapping every other game, as in :func:`cribbage.simulate`)
and keeps, for every deal whose crib was counted, the points of each part, the kinds pegged in the
play by dealer and pone, the lead and the cards each side kept; and for every deal that began,
the scores at its start and whether that deal's dealer went on to win the game. The log is cached
by :mod:`cribbage.stats.cache`.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

import numpy as np

from cribbage.ai.levels import play_game, player
from cribbage.ai.simulate import DEAL_PARTS, deal_parts, executor_window, task_batches
from cribbage.lang.messages import message
from cribbage.rules.checks import flag
from cribbage.rules.errors import shown
from cribbage.rules.events import LogKind, Phase, ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.options import chosen_seed
from cribbage.stats.cache import cached_arrays
from cribbage.stats.words import refuse

__all__ = ["PLAY_KINDS", "DealLog", "deal_log"]

#: The ways to peg in the play, in the log's column order.
PLAY_KINDS = (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE, ScoreKind.GO, ScoreKind.LAST_CARD, ScoreKind.PAIR,
              ScoreKind.PAIR_ROYAL, ScoreKind.DOUBLE_PAIR_ROYAL, ScoreKind.RUN)


@dataclass(frozen=True)
class DealLog:
    """Every complete deal of a run of self-play (see the module's docstring)."""

    games: int
    level: str
    parts: np.ndarray        #: (deals, 6) in :data:`cribbage.ai.simulate.DEAL_PARTS` order
    kinds: np.ndarray        #: (deals, 2, 8) points pegged in the play by [pone, dealer] and kind
    lead: np.ndarray         #: (deals,) rank (1..13) of the pone's lead
    kept: np.ndarray         #: (deals, 2, 4) ranks kept by [pone, dealer]
    starts: np.ndarray       #: (deal starts, 3): dealer's score, pone's score, 1 if that dealer won

    @property
    def deals(self) -> int:
        return len(self.parts)


def deal_log(games: int = 2000, *, seed: int | str = 1, level: str = "expert", executor: Executor | None = None,
             cache: bool = True) -> DealLog:
    """The deal log of ``games`` games between two ``level`` computers (built once, then cached)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise refuse("stats.whole_number", what=message("stats.what.games"), least=1, value=shown(games))
    player(level)  # refuses an unknown level before any work
    if seed is None:
        raise refuse("game.bad_seed", value=shown(seed))
    seed = chosen_seed(seed)
    cache = flag(cache, "cache")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise refuse("arg.wrong_kind", name="executor", kind="Executor", value=shown(executor))
    settings = {"games": games, "seed": str(seed), "level": level}
    arrays = cached_arrays("deal-log", settings, lambda: _build(games, seed, level, executor), cache=cache)
    return DealLog(games, level, arrays["parts"], arrays["kinds"], arrays["lead"], arrays["kept"], arrays["starts"])


def _build(games: int, seed: int | str, level: str, executor: Executor | None) -> dict[str, np.ndarray]:
    # Batches made as they are needed, and only a few at a time on an executor (as self-play does).
    batches = task_batches(seed, games, 50)
    results: list[list[dict[str, Any]]] = []
    if executor is None:
        results = [_batch(level, batch) for batch in batches]
    else:
        pending: deque[Future[list[dict[str, Any]]]] = deque()
        for batch in batches:
            pending.append(executor.submit(_batch, level, batch))
            if len(pending) >= executor_window(executor):
                results.append(pending.popleft().result())
        results.extend(future.result() for future in pending)
    rows = [row for batch in results for row in batch]
    parts = [p for r in rows for p in r["parts"]]
    kinds = [k for r in rows for k in r["kinds"]]
    lead = [x for r in rows for x in r["lead"]]
    kept = [x for r in rows for x in r["kept"]]
    starts = [x for r in rows for x in r["starts"]]
    return {"parts": np.array(parts, dtype=np.int16).reshape(-1, len(DEAL_PARTS)),
            "kinds": np.array(kinds, dtype=np.int16).reshape(-1, 2, len(PLAY_KINDS)),
            "lead": np.array(lead, dtype=np.int8), "kept": np.array(kept, dtype=np.int8).reshape(-1, 2, 4),
            "starts": np.array(starts, dtype=np.int16).reshape(-1, 3)}


def _batch(level: str, tasks: Sequence[tuple[str, bool]]) -> list[dict[str, list[Any]]]:
    return [_one(level, seed) for seed, _ in tasks]


def _one(level: str, seed: str) -> dict[str, list[Any]]:
    players = [copy.deepcopy(player(level)), copy.deepcopy(player(level))]
    game = play_game(players, seed=seed)
    return describe_game(game)


def describe_game(game: Game) -> dict[str, list[Any]]:
    """One finished game's rows of the deal log."""
    # A deal entry names its dealer.
    dealers = {e.deal: e.seat for e in game.log if e.kind is LogKind.DEAL and e.seat is not None}
    leads: dict[int, int] = {}
    for entry in game.log:
        if entry.kind is LogKind.PLAY and entry.deal not in leads:
            leads[entry.deal] = entry.cards[0].rank
    kinds: dict[int, list[list[int]]] = {}
    kept: dict[int, list[list[int]]] = {}
    complete = set()
    scores = [0, 0]
    starts = []
    by_deal: dict[int, list[Any]] = {}
    for event in game.events:
        by_deal.setdefault(event.deal, []).append(event)
    assert game.result is not None, "self-play games are played to their end"
    winner = game.result.winner
    for deal in sorted(dealers):
        dealer = dealers[deal]
        starts.append((scores[dealer], scores[1 - dealer], int(winner == dealer)))
        rows = kinds.setdefault(deal, [[0] * len(PLAY_KINDS), [0] * len(PLAY_KINDS)])
        for event in by_deal.get(deal, []):
            scores[event.seat] += event.points
            worth = event.points if event.worth is None else event.worth
            if event.phase is Phase.PLAY and event.kind in PLAY_KINDS:
                rows[int(event.seat == dealer)][PLAY_KINDS.index(event.kind)] += worth
            elif event.kind is ScoreKind.HAND:
                kept.setdefault(deal, [[0] * 4, [0] * 4])[int(event.seat == dealer)] = \
                    sorted(c.rank for c in event.cards)
            elif event.kind is ScoreKind.CRIB:
                complete.add(deal)
    done = sorted(complete)
    return {"parts": deal_parts(game), "kinds": [kinds[d] for d in done], "lead": [leads.get(d, 0) for d in done],
            "kept": [kept[d] for d in done], "starts": starts}

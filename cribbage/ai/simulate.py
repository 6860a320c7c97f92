"""Self-play at scale: many seeded games between computer players, and what they show.

``simulate(10_000, [player("expert"), player("expert")], seed=1)`` plays the games (in batches, on
any :mod:`concurrent.futures` executor: a process pool, or a Dask client's ``get_executor()``), and
returns each game's result with the averages per deal that Chambers published: the pone's play and
hand, the dealer's play, hand and crib.

Game ``i`` of a run is seeded by ``f"{seed}/{i}"``, so a run is the same whatever the executor and
batch size. The seats swap every other game, so neither player deals first more often.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cribbage.ai import words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.ai.levels import game_options, play_game, two_players
from cribbage.ai.players import Player
from cribbage.lang.messages import message
from cribbage.rules.checks import flag
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.events import LogKind, Phase, ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.options import chosen_seed
from cribbage.rules.result import Finish

__all__ = ["DEAL_PARTS", "GameRecord", "SimulationResult", "cut_short_part", "deal_parts", "simulate"]

#: The parts of a deal's points, as Chambers splits them.
DEAL_PARTS = ("pone play", "pone hand", "dealer play", "dealer hand", "crib", "his heels")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, from the players' side: ``winner`` is 0 for ``players[0]``, 1 for ``players[1]``."""

    seed: str
    winner: int
    scores: tuple[int, int]
    games: int
    first_dealer: int
    deals: int
    #: One row per deal that reached the end of the show, in :data:`DEAL_PARTS` order.
    parts: tuple[tuple[int, ...], ...] = field(repr=False)
    #: The deal the game's end cut short (what it scored before the winning peg), or None when the
    #: game ended on the crib's count, the last thing a deal scores.
    cut_short: tuple[int, ...] | None = field(default=None, repr=False)

    @property
    def kind(self) -> Finish:
        """``Finish.WIN``, ``Finish.SKUNK`` or ``Finish.DOUBLE_SKUNK`` (equal to ``"win"``...)."""
        return Finish.of_games(self.games)


def deal_parts(game: Game) -> list[tuple[int, ...]]:
    """The points of each complete deal of ``game`` split into :data:`DEAL_PARTS`.

    A deal counts when its crib was counted: a deal cut short by the winning peg would lower every
    average, so it is left out (:func:`cut_short_part` gives it). Each part counts what its points are
    worth, not what was pegged: a crib that wins the game pegs only the holes to 121, but it was worth
    its full count.
    """
    rows, complete = _deal_rows(game)
    return [tuple(rows[d]) for d in sorted(complete)]


def cut_short_part(game: Game) -> tuple[int, ...] | None:
    """The points of the deal ``game``'s end cut short, split as :func:`deal_parts` splits a deal's
    (the parts never reached score 0), or None when its last deal reached the crib's count."""
    rows, complete = _deal_rows(game)
    last = max(rows, default=None)
    return None if last is None or last in complete else tuple(rows[last])


def _deal_rows(game: Game) -> tuple[dict[int, list[int]], set[int]]:
    """Every deal's points by part (deals that scored nothing are absent), and the deals whose crib
    was counted."""
    rows: dict[int, list[int]] = {}
    dealers: dict[int, int] = {}
    complete: set[int] = set()
    for entry in game.log:
        if entry.kind is LogKind.DEAL and entry.seat is not None:  # a deal entry names its dealer
            dealers[entry.deal] = entry.seat
    for event in game.events:
        row = rows.setdefault(event.deal, [0] * len(DEAL_PARTS))
        dealer = dealers[event.deal]
        worth = event.points if event.worth is None else event.worth
        if event.kind is ScoreKind.HIS_HEELS:
            row[5] += worth
        elif event.phase is Phase.PLAY:
            row[0 if event.seat != dealer else 2] += worth
        elif event.kind is ScoreKind.HAND:
            row[1 if event.seat != dealer else 3] += worth
        elif event.kind is ScoreKind.CRIB:
            row[4] += worth
            complete.add(event.deal)
        elif event.kind is ScoreKind.MUGGINS:
            # Points a count missed: they are part of that hand's worth, whoever took them.
            row[4 if event.crib else (1 if event.seat == dealer else 3)] += worth
    return rows, complete


def _one(players: Sequence[Player], seed: str, swap: bool, options: dict[str, Any]) -> GameRecord:
    # Fresh copies for every game: a player's own random state then depends on the game alone,
    # not on which games ran before it in the same batch or process.
    fresh = copy.deepcopy(list(players))
    seats = fresh[::-1] if swap else fresh
    game = play_game(seats, seed=seed, **options)
    result = game.result
    assert result is not None  # play_game plays to the end
    first = next(entry.seat for entry in game.log if entry.kind is LogKind.DEAL)
    assert first is not None  # a deal entry names its dealer
    scores = game.scores

    def side(seat: int) -> int:  # seat -> index in ``players``
        return 1 - seat if swap else seat

    return GameRecord(seed=seed, winner=side(result.winner),
                      scores=(scores[1], scores[0]) if swap else scores,
                      games=result.games, first_dealer=side(first), deals=game.deal_number,
                      parts=tuple(deal_parts(game)), cut_short=cut_short_part(game))


def _batch(players: Sequence[Player], tasks: Sequence[tuple[str, bool]], options: dict[str, Any]) -> list[GameRecord]:
    return [_one(players, seed, swap, options) for seed, swap in tasks]


@dataclass(frozen=True)
class SimulationResult:
    """What a run of self-play shows. ``records`` holds every game."""

    records: tuple[GameRecord, ...]

    @property
    def n_games(self) -> int:
        return len(self.records)

    @property
    def parts(self) -> np.ndarray:
        """Every complete deal's points, one row per deal, columns :data:`DEAL_PARTS`."""
        rows = [row for record in self.records for row in record.parts]
        return np.array(rows, dtype=np.int32).reshape(-1, len(DEAL_PARTS))

    @property
    def per_deal(self) -> dict[str, float]:
        """The mean points per complete deal of each part in :data:`DEAL_PARTS`."""
        means = self.parts.mean(axis=0) if len(self.parts) else np.zeros(len(DEAL_PARTS))
        return {name: float(m) for name, m in zip(DEAL_PARTS, means)}

    @property
    def first_dealer_win_rate(self) -> float:
        """The share of games won by the player who dealt first."""
        return sum(r.winner == r.first_dealer for r in self.records) / max(1, self.n_games)

    @property
    def win_rates(self) -> tuple[float, float]:
        """The share of games won by ``players[0]`` and ``players[1]``."""
        first = sum(r.winner == 0 for r in self.records) / max(1, self.n_games)
        return first, 1 - first

    @property
    def game_points(self) -> tuple[int, int]:
        """Games won by each player, a skunk counting 2 and a double skunk 3 (or 4)."""
        won = [0, 0]
        for r in self.records:
            won[r.winner] += r.games
        return won[0], won[1]

    @property
    def lengths(self) -> np.ndarray:
        """The number of deals in each game."""
        return np.array([r.deals for r in self.records], dtype=np.int32)

    @property
    def skunk_rates(self) -> dict[str, float]:
        """The share of games that ended as a win, a skunk and a double skunk."""
        n = max(1, self.n_games)
        return {kind.value: sum(r.kind is kind for r in self.records) / n for kind in Finish}

    def summary(self) -> str:
        """A few lines for a person."""
        lines = [f"{self.n_games:,} games, {len(self.parts):,} complete deals"]
        lines += [f"  {name:<12} {value:5.2f} per deal" for name, value in self.per_deal.items()]
        lines.append(f"  first dealer wins {self.first_dealer_win_rate:.1%}")
        lines.append(f"  players[0] wins {self.win_rates[0]:.1%}")
        lengths = self.lengths
        if len(lengths):
            lines.append(f"  deals per game: mean {lengths.mean():.1f}, from {lengths.min()} to {lengths.max()}")
        lines.append("  " + ", ".join(f"{k} {v:.1%}" for k, v in self.skunk_rates.items()))
        return "\n".join(lines)


def simulate(n_games: int, players: Sequence[Player], *, seed: int | str, executor: Executor | None = None,
             batch_size: int = 50, progress: bool = True, **options: Any) -> SimulationResult:
    """Play ``n_games`` seeded games between ``players[0]`` and ``players[1]``.

    With ``executor`` (``concurrent.futures.ProcessPoolExecutor()``, or a Dask client's
    ``get_executor()``) batches of ``batch_size`` games run in parallel; the players must then be
    picklable (the built-in levels are). ``options`` go to :class:`cribbage.Game` (``target=61``,
    ``muggins=True``). A progress bar is shown with tqdm when ``progress`` is true.
    """
    # No games would show nothing ("first dealer wins 0.0%" of none): at least one is asked for.
    if not isinstance(n_games, int) or isinstance(n_games, bool) or n_games < 1:
        raise CribbageError(message("stats.whole_number", what=message("stats.what.games"), least=1,
                                    value=shown(n_games)))
    if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
        raise CribbageError(message("stats.whole_number", what=message("stats.what.batch"), least=1,
                                    value=shown(batch_size)))
    players = two_players(players)
    if seed is None:  # a run is named by its seed: game i is f"{seed}/{i}"
        raise CribbageError(message("game.bad_seed", value=shown(seed)))
    seed = chosen_seed(seed)
    progress = flag(progress, "progress")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise CribbageError(message("arg.wrong_kind", name="executor", kind="Executor", value=shown(executor)))
    Game(seed, **game_options(options))  # the options checked here, once, not in every game of a worker
    # The batches are made as they are needed, and an executor holds only a few at a time: memory stays
    # flat however many games are asked for (a list of every task first ran out of memory at 10**8).
    batches = task_batches(seed, n_games, batch_size)
    bar = _progress(n_games, progress)
    records: list[GameRecord] = []
    try:
        if executor is None:
            for batch in batches:
                records.extend(_batch(players, batch, options))
                bar.update(len(batch))
        else:
            window = executor_window(executor)
            pending: deque[tuple[Future[list[GameRecord]], int]] = deque()
            for batch in batches:
                pending.append((executor.submit(_batch, players, batch, options), len(batch)))
                if len(pending) >= window:
                    records.extend(_collect(pending, bar))
            while pending:  # in order: the same records whatever the timing
                records.extend(_collect(pending, bar))
    finally:
        bar.close()
    return SimulationResult(tuple(records))


def task_batches(seed: int | str, n_games: int, batch_size: int, *, first: int = 0) -> Iterator[list[tuple[str, bool]]]:
    """The tasks of games ``first`` to ``first + n_games - 1``, ``batch_size`` games at a time: game ``i``
    is seeded ``f"{seed}/{i}"``, seats swapped when odd, so game ``i`` is the same game in any run."""
    end = first + n_games
    for start in range(first, end, batch_size):
        yield [(f"{seed}/{i}", i % 2 == 1) for i in range(start, min(start + batch_size, end))]


def executor_window(executor: Executor) -> int:
    """How many batches an executor holds at once: enough to keep every worker busy, twice over."""
    workers = getattr(executor, "_max_workers", None)
    return 2 * workers if isinstance(workers, int) and workers > 0 else 16


def _collect(pending: deque[tuple[Future[list[GameRecord]], int]], bar: Any) -> list[GameRecord]:
    future, size = pending.popleft()
    done = future.result()
    bar.update(size)
    return done


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, show: bool) -> Any:
    if not show:
        return _NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, unit="game", desc="self-play")

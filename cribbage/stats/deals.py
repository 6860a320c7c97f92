"""The deal log: what happens deal by deal when two computer players meet, as numpy arrays.

The win probability (:mod:`cribbage.stats.position`) and the pegging statistics
(:mod:`cribbage.stats.pegging`) both read it. :func:`deal_log` plays seeded games (game ``i`` is
seeded ``f"{seed}/{i}"``, the seats swapping every other game, as in :func:`cribbage.simulate`)
and keeps, for every deal, the points of each part, the kinds pegged in the play by dealer and pone,
the lead and the cards each side kept, the game it was in and its number there; and for every deal
that began, the scores at its start and whether that deal's dealer went on to win the game. Each row
also says which of the two players dealt (0: the ``level`` player).

Censoring: a game ends at the peg that reaches the target, so its last deal is usually cut short (its
crib, often its hands too, never counted). The *complete* deals (``parts``, ``kinds``, ``lead``,
``kept``, ``dealer_side``: those whose crib was counted) are what the position model is fitted on; a
deal cut short is kept apart (:attr:`DealLog.cut`), with what it scored before the end. A per-deal
average over the complete deals alone selects on the outcome (late in a game a big deal ends it and
drops out, a small one stays), one over all deals (:meth:`DealLog.every`) counts the cut-short deal's
parts as they stood, so the two differ; the statistics show both where they do (see
:mod:`cribbage.stats.selfplay` for a whole deal's worth measured three ways).

The log is cached by :mod:`cribbage.stats.cache` in pieces of :data:`PIECE` games, each piece's file
named by its setting: its first game and number of games, the seed, the two players' levels (``level``
for the first player, ``opponent`` for the second), the target (121 or 61) and muggins. Game ``i`` is
the same game in a log of any length, so a longer log reads the pieces a shorter one built (the
statistics lab's 1,000 games are the first half of the calculator's 2,000) and builds only the rest.

:meth:`DealLog.to_frame` gives every deal as a pandas DataFrame (one row a deal in game order, points in
its columns, ``censored`` 1 for a deal the game's end cut short), :meth:`DealLog.starts_frame` every deal
start; ``to_csv`` writes the former.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cribbage.ai.levels import play_game, player
from cribbage.ai.simulate import DEAL_PARTS, cut_short_part, deal_parts, executor_window, task_batches
from cribbage.lang.messages import message
from cribbage.rules.checks import flag
from cribbage.rules.errors import shown
from cribbage.rules.events import LogKind, Phase, ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.options import chosen_seed
from cribbage.rules.result import skunk_lines
from cribbage.stats.cache import cached_arrays, is_cached
from cribbage.stats.dictionary import described
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PLAY_KINDS", "DealLog", "Deals", "deal_log"]

#: The ways to peg in the play, in the log's column order.
PLAY_KINDS = (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE, ScoreKind.GO, ScoreKind.LAST_CARD, ScoreKind.PAIR,
              ScoreKind.PAIR_ROYAL, ScoreKind.DOUBLE_PAIR_ROYAL, ScoreKind.RUN)


def _empty(*shape: int, dtype: type = np.int16) -> np.ndarray:
    return np.zeros((0, *shape), dtype=dtype)


@dataclass(frozen=True)
class Deals:
    """Rows of deals, one a row: each array's first axis is the deal."""

    parts: np.ndarray    #: (deals, 6) in :data:`cribbage.ai.simulate.DEAL_PARTS` order
    kinds: np.ndarray    #: (deals, 2, 8) points pegged in the play by [pone, dealer] and kind
    lead: np.ndarray     #: (deals,) rank (1..13) of the pone's lead, 0 if the game ended before it
    kept: np.ndarray     #: (deals, 2, 4) ranks kept by [pone, dealer]
    side: np.ndarray     #: (deals,) 0 if the ``level`` player dealt, 1 if the ``opponent`` did
    game: np.ndarray     #: (deals,) the game's index in the log (0 for the first)
    number: np.ndarray   #: (deals,) the deal's number in its game (1 for the first)

    def __len__(self) -> int:
        return len(self.parts)

    @classmethod
    def none(cls) -> Deals:
        """No deals (arrays of the log's shapes and types)."""
        return cls(_empty(len(DEAL_PARTS)), _empty(2, len(PLAY_KINDS)), _empty(dtype=np.int8), _empty(2, 4, dtype=np.int8),
                   _empty(dtype=np.int8), _empty(dtype=np.int32), _empty())

    def joined(self, other: Deals) -> Deals:
        """These deals and ``other``'s, in game order (by game, then deal number)."""
        names = ("parts", "kinds", "lead", "kept", "side", "game", "number")
        both = {name: np.concatenate([getattr(self, name), getattr(other, name)]) for name in names}
        order = np.lexsort((both["number"], both["game"]))
        return Deals(**{name: both[name][order] for name in names})


@dataclass(frozen=True)
class DealLog:
    """Every deal of a run of self-play (see the module's docstring): the complete deals in the
    fields below, the deals the game's end cut short in :attr:`cut`."""

    games: int
    level: str
    parts: np.ndarray        #: (deals, 6) in :data:`cribbage.ai.simulate.DEAL_PARTS` order
    kinds: np.ndarray        #: (deals, 2, 8) points pegged in the play by [pone, dealer] and kind
    lead: np.ndarray         #: (deals,) rank (1..13) of the pone's lead
    kept: np.ndarray         #: (deals, 2, 4) ranks kept by [pone, dealer]
    starts: np.ndarray       #: (deal starts, 3): dealer's score, pone's score, 1 if that dealer won
    opponent: str            #: the second player's level (``level`` is the first's)
    target: int              #: 121 or 61
    muggins: bool
    dealer_side: np.ndarray  #: (deals,) 0 if the ``level`` player dealt, 1 if the ``opponent`` did
    start_side: np.ndarray   #: (deal starts,) the same for each deal start
    game: np.ndarray = field(default_factory=lambda: _empty(dtype=np.int32))   #: (deals,) each complete deal's game
    number: np.ndarray = field(default_factory=_empty)                         #: (deals,) its number in the game
    #: the deals the game's end cut short (one a game at most, its last), each with what it scored before
    #: the end: parts never reached are 0, and the kept ranks are those held when the game ended
    cut: Deals = field(default_factory=Deals.none)

    @property
    def deals(self) -> int:
        """The complete deals (the crib counted)."""
        return len(self.parts)

    @property
    def all_deals(self) -> int:
        """Every deal dealt, the ones cut short by the game's end included."""
        return len(self.parts) + len(self.cut)

    def complete(self) -> Deals:
        """The complete deals, in game order."""
        return Deals(self.parts, self.kinds, self.lead, self.kept, self.dealer_side, self.game, self.number)

    def every(self) -> Deals:
        """Every deal, the complete ones and those cut short, in game order."""
        return self.complete().joined(self.cut)

    def censored(self) -> np.ndarray:
        """For each deal of :meth:`every`, whether the game's end cut it short."""
        flags = np.concatenate([np.zeros(self.deals, dtype=bool), np.ones(len(self.cut), dtype=bool)])
        order = np.lexsort((np.concatenate([self.number, self.cut.number]), np.concatenate([self.game, self.cut.game])))
        return flags[order]

    def to_frame(self) -> pd.DataFrame:
        """One row per deal, in game order (pandas). Columns, all in points unless said: ``pone_play``,
        ``pone_hand``, ``dealer_play``, ``dealer_hand``, ``crib``, ``his_heels`` (the parts of the
        deal); ``pone_<kind>`` and ``dealer_<kind>`` for each way to peg in the play (``fifteen``,
        ``thirty_one``, ``go``, ``last_card``, ``pair``, ``pair_royal``, ``double_pair_royal``, ``run``);
        ``lead`` (rank of the pone's first card, 1 = ace ... 13 = king; 0 if none);
        ``pone_kept``/``dealer_kept`` (the four ranks kept, as text such as ``"5 5 6 7"``);
        ``dealer_player`` (0: the first player, of level :attr:`level`, dealt; 1: the opponent);
        ``game`` (the game's index, 0 for the first), ``deal`` (the deal's number in its game, 1 for
        the first), ``censored`` (1 if the game's end cut the deal short: its parts count what they
        scored before the end, 0 for a part never reached; 0 for a complete deal)."""
        import pandas as pd
        rows = self.every()
        data: dict[str, Any] = {name.replace(" ", "_"): rows.parts[:, i] for i, name in enumerate(DEAL_PARTS)}
        for r, role in enumerate(("pone", "dealer")):
            for k, kind in enumerate(PLAY_KINDS):
                data[f"{role}_{str(kind).replace(' ', '_').replace('-', '_')}"] = rows.kinds[:, r, k]
        data["lead"] = rows.lead
        for r, role in enumerate(("pone", "dealer")):
            data[f"{role}_kept"] = [" ".join(str(int(x)) for x in row) for row in rows.kept[:, r]]
        data["dealer_player"] = rows.side
        data["game"], data["deal"] = rows.game, rows.number
        data["censored"] = self.censored().astype(np.int8)
        return described(pd.DataFrame(data), "deals")

    def starts_frame(self) -> pd.DataFrame:
        """One row per deal that began (pandas). Columns: ``dealer_score`` and ``pone_score`` (points
        as the deal began), ``dealer_won`` (1 if that deal's dealer won the game), ``dealer_player``
        (0: the first player dealt; 1: the opponent)."""
        import pandas as pd
        return described(pd.DataFrame({"dealer_score": self.starts[:, 0], "pone_score": self.starts[:, 1],
                                       "dealer_won": self.starts[:, 2], "dealer_player": self.start_side}), "deal_starts")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV (a header row, one row per deal); returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path


#: Called after each batch of games with (games done, games in all), to show progress.
Progress = Callable[[int, int], None]

#: Games in one cached piece of a deal log.
PIECE = 500


def deal_log(games: int = 2000, *, seed: int | str = 1, level: str = "expert", opponent: str | None = None,
             target: int = 121, muggins: bool = False, executor: Executor | None = None, cache: bool = True,
             progress: Progress | None = None) -> DealLog:
    """The deal log of ``games`` games between a ``level`` computer and an ``opponent`` computer (the
    same level if not given), to ``target`` (121 or 61), with ``muggins`` or not: built once, then
    cached. ``progress(done, games)`` is called as batches of games finish while it is built."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise refuse("stats.whole_number", what=message("stats.what.games"), least=1, value=shown(games))
    opponent = level if opponent is None else opponent
    player(level)  # refuses an unknown level before any work
    player(opponent)
    muggins = flag(muggins, "muggins")
    skunk_lines(target)  # refuses a target other than 121 or 61
    if progress is not None and not callable(progress):
        raise refuse("arg.wrong_kind", name="progress", kind="function", value=shown(progress))
    if seed is None:
        raise refuse("game.bad_seed", value=shown(seed))
    seed = chosen_seed(seed)
    cache = flag(cache, "cache")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise refuse("arg.wrong_kind", name="executor", kind="Executor", value=shown(executor))
    setting = (level, opponent, {"target": int(target), "muggins": bool(muggins)})
    if not cache:
        arrays = _build(0, games, games, seed, setting, executor, progress)
    else:
        pieces = [cached_arrays("deal-log", _piece_settings(first, count, seed, setting),
                                partial(_build, first, count, games, seed, setting, executor, progress))
                  for first, count in _pieces(games)]
        arrays = {name: np.concatenate([piece[name] for piece in pieces]) for name in pieces[0]}
    cut = Deals(arrays["cut_parts"], arrays["cut_kinds"], arrays["cut_lead"], arrays["cut_kept"], arrays["cut_side"],
                arrays["cut_game"], arrays["cut_number"])
    return DealLog(games, level, arrays["parts"], arrays["kinds"], arrays["lead"], arrays["kept"], arrays["starts"],
                   opponent, int(target), bool(muggins), arrays["dealer_side"], arrays["start_side"], arrays["game"],
                   arrays["number"], cut)


def is_logged(games: int = 2000, *, seed: int | str = 1, level: str = "expert", opponent: str | None = None,
              target: int = 121, muggins: bool = False) -> bool:
    """Whether :func:`deal_log` with these settings is in the cache (then it loads in milliseconds)."""
    setting = (level, level if opponent is None else opponent, {"target": int(target), "muggins": bool(muggins)})
    return all(is_cached("deal-log", _piece_settings(first, count, chosen_seed(seed), setting))
               for first, count in _pieces(games))


_Setting = tuple[str, str, dict[str, Any]]


def _pieces(games: int) -> list[tuple[int, int]]:
    """The first game and the number of games of each cached piece of a log of ``games`` games."""
    return [(first, min(PIECE, games - first)) for first in range(0, games, PIECE)]


def _piece_settings(first: int, count: int, seed: int | str, setting: _Setting) -> dict[str, Any]:
    level, opponent, options = setting
    return {"first": first, "games": count, "seed": str(seed), "level": level, "opponent": opponent,
            "target": options["target"], "muggins": options["muggins"]}


def _build(first: int, count: int, games: int, seed: int | str, setting: _Setting, executor: Executor | None,
           progress: Progress | None) -> dict[str, np.ndarray]:
    """Games ``first`` to ``first + count - 1`` of a log of ``games`` games (for the progress shown)."""
    # Batches made as they are needed, and only a few at a time on an executor (as self-play does).
    batches = task_batches(seed, count, 50, first=first)
    results: list[list[dict[str, Any]]] = []
    done = first

    def finished(batch: list[dict[str, Any]]) -> None:
        nonlocal done
        results.append(batch)
        done += len(batch)
        if progress is not None:
            progress(done, games)

    if executor is None:
        for batch in batches:
            finished(_batch(setting, batch))
    else:
        pending: deque[Future[list[dict[str, Any]]]] = deque()
        for batch in batches:
            pending.append(executor.submit(_batch, setting, batch))
            if len(pending) >= executor_window(executor):
                finished(pending.popleft().result())
        for future in pending:
            finished(future.result())
    rows = [row for batch in results for row in batch]

    def joined(key: str) -> list[Any]:
        return [x for r in rows for x in r[key]]

    def game_of(key: str) -> np.ndarray:  # each row's game: its index in the log
        return np.array([first + i for i, r in enumerate(rows) for _ in r[key]], dtype=np.int32)

    arrays: dict[str, np.ndarray] = {}
    for prefix in ("", "cut_"):
        arrays.update({
            f"{prefix}parts": np.array(joined(f"{prefix}parts"), dtype=np.int16).reshape(-1, len(DEAL_PARTS)),
            f"{prefix}kinds": np.array(joined(f"{prefix}kinds"), dtype=np.int16).reshape(-1, 2, len(PLAY_KINDS)),
            f"{prefix}lead": np.array(joined(f"{prefix}lead"), dtype=np.int8),
            f"{prefix}kept": np.array(joined(f"{prefix}kept"), dtype=np.int8).reshape(-1, 2, 4),
            f"{prefix}number": np.array(joined(f"{prefix}number"), dtype=np.int16),
            f"{prefix}game": game_of(f"{prefix}number")})
    return {**arrays, "dealer_side": np.array(joined("dealer_side"), dtype=np.int8),
            "cut_side": np.array(joined("cut_side"), dtype=np.int8),
            "start_side": np.array(joined("start_side"), dtype=np.int8),
            "starts": np.array(joined("starts"), dtype=np.int16).reshape(-1, 3)}


def _batch(setting: _Setting, tasks: Sequence[tuple[str, bool]]) -> list[dict[str, list[Any]]]:
    return [_one(setting, seed, swap) for seed, swap in tasks]


def _one(setting: _Setting, seed: str, swap: bool) -> dict[str, list[Any]]:
    level, opponent, options = setting
    players = [copy.deepcopy(player(level)), copy.deepcopy(player(opponent))]
    if swap:  # seats swap every other game, as in simulate: each player deals first half the time
        players.reverse()
    game = play_game(players, seed=seed, **options)
    return describe_game(game, swap=swap)


def describe_game(game: Game, *, swap: bool = False) -> dict[str, list[Any]]:
    """One finished game's rows of the deal log (``swap``: seat 0 holds the second player)."""
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
    # The deal the game's end cut short (its last, unless the game ended on the crib's count): what it
    # scored before the end, and the cards still kept when it ended.
    cut = [d for d in sorted(dealers) if d not in complete]
    for deal in cut:
        kept[deal] = [sorted(c.rank for c in game.kept(1 - dealers[deal])), sorted(c.rank for c in game.kept(dealers[deal]))]
    short = cut_short_part(game)
    assert len(cut) == (short is not None), "a game's end cuts one deal short at most, its last"
    side = {d: int(dealers[d] != 0) ^ int(swap) for d in dealers}
    return {"dealer_side": [side[d] for d in done], "start_side": [side[d] for d in sorted(dealers)],
            "parts": deal_parts(game), "kinds": [kinds[d] for d in done], "lead": [leads.get(d, 0) for d in done],
            "kept": [kept[d] for d in done], "number": done, "starts": starts,
            "cut_side": [side[d] for d in cut], "cut_parts": [] if short is None else [short],
            "cut_kinds": [kinds[d] for d in cut], "cut_lead": [leads.get(d, 0) for d in cut],
            "cut_kept": [kept[d] for d in cut], "cut_number": cut}

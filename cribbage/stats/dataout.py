"""Tables out and back in: a statistics table written as CSV or Parquet reads back as it was.

Every table gives a pandas DataFrame (``to_frame()``, :func:`~cribbage.stats.hand_frame`,
:func:`~cribbage.stats.starter_frame`); pandas writes it (``frame.to_csv(path, index=False)``, or
``to_csv(path)`` on the table; ``frame.to_parquet(path)``, through fastparquet). :func:`read_frame` reads
either back with each column of its type in the data dictionary (:mod:`.dictionary`): a CSV file keeps
no types, so without it an int16 column comes back int64. :func:`read_table` goes on to the object the
frame came from, where the frame holds all of it: a :class:`~cribbage.stats.CribTable`, a
:class:`~cribbage.stats.PublishedCribTable`, a :class:`~cribbage.stats.KeepTable`, a :class:`~cribbage.stats.FiveKeepTable`, the starters' dict
of :func:`~cribbage.stats.starter_outcomes`; the hand distribution's table is its frame. The
tables made from self-play come back as their objects too, holding what their frame holds: a
:class:`~cribbage.stats.PeggingStats` (from the kinds' file, or from the leads' file; over all deals, with
those over the complete deals in its ``complete``), a :class:`~cribbage.stats.DealLog` (from the deals'
file, the complete deals and those cut short, or from the deal starts' file), a
:class:`~cribbage.stats.PositionTable`, a :class:`~cribbage.stats.Calibration`, a
:class:`~cribbage.stats.SelfPlaySummary`. What a frame does not hold is not made up: the arrays of
the other file are empty or not-a-number, the run's settings (its seed, levels, target and number of
games) are the dataclass's defaults or 0, and its provenance is None. So each object's frame reads
back as it was written: ``read_table(p).to_frame()`` (``lead_frame()``, ``starts_frame()``) equals the
frame that wrote ``p``, dtypes and all.

A file's table is found from the Parquet file's own ``attrs`` or from its columns (no two tables have
the same), or named: ``read_frame("log.csv", "deals")``.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.ai.simulate import DEAL_PARTS
from cribbage.rules.cards import Card
from cribbage.rules.errors import CribbageError, shown
from cribbage.stats.crib import CribTable
from cribbage.stats.deals import PLAY_KINDS, DealLog, Deals
from cribbage.stats.dictionary import TABLES, column_types, described, table_of_columns
from cribbage.stats.keep import KeepTable
from cribbage.stats.keep_five import FiveKeepTable
from cribbage.stats.pegging import ROLES, PeggingStats
from cribbage.stats.position import Calibration, PositionTable
from cribbage.stats.published import PUBLISHED_CRIB_TABLES, PublishedCribTable
from cribbage.stats.selfplay import Estimate, SelfPlaySummary
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PARQUET_SUFFIXES", "read_frame", "read_table"]

#: A file with one of these endings is read as Parquet; any other as CSV.
PARQUET_SUFFIXES = (".parquet", ".pq")

# Before pandas 3 its CSV reader's fast float parser could land a last digit away from the float
# written; "round_trip" reads it back exactly. Pandas 3 reads exactly by default (and deprecates the switch).
_EXACT_FLOATS: dict[str, str] = {} if int(version("pandas").split(".")[0]) >= 3 else {"float_precision": "round_trip"}


def read_frame(path: str | Path | bytes, table: str | None = None) -> pd.DataFrame:
    """The frame of a table written as CSV or Parquet, each column of its dictionary type, the data
    dictionary in its ``attrs``. ``path`` is the file, or a Parquet file's bytes (what
    ``frame.to_parquet()`` gives without a path). ``table`` names the table (``"deals"``, ...; see
    :data:`cribbage.stats.dictionary.TABLES`), else it is found from the file."""
    path = path if isinstance(path, bytes) else _file(path)
    if table is not None and (not isinstance(table, str) or table not in TABLES):
        raise refuse("stats.no_table_kind", value=shown(table), choices=", ".join(TABLES))
    try:
        frame, table = _read(path, table)
        if table_of_columns([str(name) for name in frame.columns]) != table:
            raise refuse("stats.not_the_table", table=table, value=shown(", ".join(map(str, frame.columns))))
        return described(frame, table)
    except CribbageError:
        raise
    except (ValueError, TypeError, OSError) as error:   # not CSV, not Parquet, a value of the wrong type
        named = "Parquet" if isinstance(path, bytes) else str(path)
        raise refuse("stats.not_a_table_file", value=shown(named), reason=shown(str(error)[:200])) from None


def _file(path: object) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise refuse("arg.wrong_kind", name="path", kind="path", value=shown(path))
    try:
        found = Path(path)
        there = found.is_file()
    except (ValueError, TypeError, OSError):   # a NUL or a lone surrogate in the name, a bytes path
        there = False
    if not there:
        raise refuse("stats.no_file", value=shown(path))
    return found


def _read(path: Path | bytes, table: str | None) -> tuple[pd.DataFrame, str]:
    import pandas as pd
    if isinstance(path, bytes) or path.suffix.lower() in PARQUET_SUFFIXES:
        try:
            frame = pd.read_parquet(io.BytesIO(path) if isinstance(path, bytes) else path)
        except (ValueError, TypeError, OSError):
            raise
        except Exception as error:   # fastparquet says "not Parquet" with its own ParquetException, no ValueError
            raise ValueError(str(error)) from error
        return frame, table or str(frame.attrs.get("table") or table_of_columns([str(c) for c in frame.columns]))
    header = [str(name) for name in pd.read_csv(path, nrows=0).columns]
    table = table or table_of_columns(header)
    types = column_types(table)
    return pd.read_csv(path, dtype={name: types[name] for name in header if name in types}, **_EXACT_FLOATS), table


def _published(frame: pd.DataFrame) -> PublishedCribTable:
    rows = [[0.0] * 13 for _ in range(13)]
    for a, b, mean in zip(frame["first"], frame["second"], frame["mean"]):
        rows[a - 1][b - 1] = rows[b - 1][a - 1] = float(mean)
    key = str(frame["table"].iloc[0])
    known = PUBLISHED_CRIB_TABLES.get(key)   # where it came from and how it was measured are not in the frame
    return PublishedCribTable(key, str(frame["author"].iloc[0]), str(frame["crib"].iloc[0]) == "own",
                              known.source if known else "", known.method if known else "",
                              tuple(tuple(row) for row in rows))


def _hands(frame: pd.DataFrame) -> pd.DataFrame:
    return frame


def _starters(frame: pd.DataFrame) -> dict[Card, int]:
    return {Card.parse(code): int(points) for code, points in zip(frame["starter"], frame["points"])}


def _kind_names() -> list[str]:
    return [str(kind) for kind in PLAY_KINDS]


_OVERS = ("all deals", "complete deals")


def _by_over(frame: pd.DataFrame, one: Callable[[pd.DataFrame, str], PeggingStats]) -> PeggingStats:
    """Pegging statistics from a frame with rows over all deals and over complete deals (or over one
    of them): the first set's, with the complete deals' in ``complete`` when it is not they."""
    overs = list(dict.fromkeys(frame["over"]))
    if not overs or not set(overs) <= set(_OVERS) or overs != sorted(overs, key=_OVERS.index):
        raise ValueError(f"rows over {', '.join(map(repr, overs))}: a pegging file's are over {' then '.join(_OVERS)}")
    made = [one(frame[frame["over"] == over].reset_index(drop=True), over) for over in overs]
    if len(made) == 1:
        return made[0]
    return replace(made[0], censored=made[0].deals - made[1].deals, complete=made[1])


def _pegging(frame: pd.DataFrame) -> PeggingStats:
    """The kinds' frame: one row a (deals taken over, role, kind), roles and kinds in their order."""
    return _by_over(frame, _pegging_over)


def _pegging_over(frame: pd.DataFrame, over: str) -> PeggingStats:
    kinds = _kind_names()
    shape = (len(ROLES), len(kinds))
    by_kind, by_kind_se, how_often = (np.full(shape, np.nan) for _ in range(3))
    for role, kind, points, se, share in zip(frame["role"], frame["kind"], frame["points_per_deal"],
                                             frame["stderr"], frame["share_of_deals"]):
        if role not in ROLES or kind not in kinds:
            raise ValueError(f"no role {role!r} or kind {kind!r} in the play")
        cell = ROLES.index(role), kinds.index(kind)
        by_kind[cell], by_kind_se[cell], how_often[cell] = points, se, share
    deals = int(frame["deals"].iloc[0]) if len(frame) else 0
    unknown = np.full((len(ROLES), 13), np.nan)
    # A side's points a deal are the sum of its kinds' (every point of the play is of one kind);
    # their standard error is not, so it is not-a-number.
    return PeggingStats(deals, by_kind.sum(axis=1), by_kind, how_often, np.zeros(13, dtype=np.int64), unknown,
                        unknown.copy(), per_deal_se=np.full(len(ROLES), np.nan), by_kind_se=by_kind_se,
                        by_lead_se=unknown.copy(), by_held_se=unknown.copy(), over=over)


def _pegging_leads(frame: pd.DataFrame) -> PeggingStats:
    """The leads' frame: one row a (deals taken over, rank led), ace to king."""
    return _by_over(frame, _pegging_leads_over)


def _pegging_leads_over(frame: pd.DataFrame, over: str) -> PeggingStats:
    if frame["lead"].tolist() != list(range(1, 14)):
        raise ValueError("a leads' file has one row a rank, 1 to 13")
    nothing = np.full((len(ROLES), len(PLAY_KINDS)), np.nan)
    counts = frame["deals"].to_numpy(dtype=np.int64)
    return PeggingStats(int(counts.sum()), np.full(len(ROLES), np.nan), nothing, nothing.copy(), counts,
                        frame[["pone", "dealer"]].to_numpy(dtype=np.float64).T, np.full((len(ROLES), 13), np.nan),
                        per_deal_se=np.full(len(ROLES), np.nan), by_kind_se=nothing.copy(),
                        by_lead_se=frame[["pone_stderr", "dealer_stderr"]].to_numpy(dtype=np.float64).T,
                        by_held_se=np.full((len(ROLES), 13), np.nan), over=over)


def _log(complete: Deals, starts: np.ndarray, start_side: np.ndarray, cut: Deals) -> DealLog:
    # The games' settings are not in either file: 0 games, the levels unnamed, the usual rules.
    return DealLog(0, "", complete.parts, complete.kinds, complete.lead, complete.kept, starts, "", 121, False,
                   complete.side, start_side, complete.game, complete.number, cut)


def _deal_rows(frame: pd.DataFrame) -> Deals:
    """The deals of rows of the deals' frame: parts, kinds pegged, lead, the ranks kept, who dealt, where."""
    parts = frame[[name.replace(" ", "_") for name in DEAL_PARTS]].to_numpy(dtype=np.int16).reshape(-1, len(DEAL_PARTS))
    names = [name.replace(" ", "_").replace("-", "_") for name in _kind_names()]
    kinds = np.stack([frame[[f"{role}_{name}" for name in names]].to_numpy(dtype=np.int16).reshape(-1, len(names))
                      for role in ROLES], axis=1)
    kept = np.stack([np.array([[int(x) for x in str(row).split()] for row in frame[f"{role}_kept"]],
                              dtype=np.int8).reshape(-1, 4) for role in ROLES], axis=1)
    return Deals(parts, kinds, frame["lead"].to_numpy(dtype=np.int8), kept, frame["dealer_player"].to_numpy(dtype=np.int8),
                 frame["game"].to_numpy(dtype=np.int32), frame["deal"].to_numpy(dtype=np.int16))


def _deals(frame: pd.DataFrame) -> DealLog:
    """The deals' frame: the complete deals and, marked censored, those the game's end cut short."""
    censored = frame["censored"].to_numpy() != 0
    return _log(_deal_rows(frame[~censored]), np.zeros((0, 3), dtype=np.int16), np.zeros(0, dtype=np.int8),
                _deal_rows(frame[censored]))


def _deal_starts(frame: pd.DataFrame) -> DealLog:
    """The deal starts' frame: the scores as each deal began, whether its dealer won, who dealt."""
    return _log(Deals.none(), frame[["dealer_score", "pone_score", "dealer_won"]].to_numpy(dtype=np.int16),
                frame["dealer_player"].to_numpy(dtype=np.int8), Deals.none())


def _grid(frame: pd.DataFrame, target: int) -> np.ndarray:
    grid = np.full((target, target), np.nan)
    grid[frame["dealer_score"].to_numpy(), frame["pone_score"].to_numpy()] = frame["dealer_wins"].to_numpy()
    if np.isnan(grid).any():
        raise ValueError("a positions' file has one row for every pair of scores")
    return grid


def _positions(frame: pd.DataFrame) -> PositionTable:
    """The positions' frame: every pair of scores, once, or once for each dealer when two levels met."""
    target = int(max(frame["dealer_score"].max(), frame["pone_score"].max())) + 1
    if "dealer" not in frame.columns:
        return PositionTable(target, _grid(frame, target), 0)
    mine = frame["dealer"] == "me"
    return PositionTable(target, _grid(frame[mine], target), 0, _grid(frame[~mine], target))


def _calibration(frame: pd.DataFrame) -> Calibration:
    """The calibration's frame: one row a bin. The held-out games and the Brier scores are not in it."""
    def share(name: str) -> np.ndarray:
        values: np.ndarray = frame[name].to_numpy(dtype=np.float64)
        return values

    return Calibration(share("low"), share("high"), share("predicted"), share("observed"), share("observed_low"),
                       share("observed_high"), frame["starts"].to_numpy(dtype=np.int64), 0, math.nan, math.nan)


def _selfplay(frame: pd.DataFrame) -> SelfPlaySummary:
    """The self-play frame: one row a figure and what it is taken over (see SelfPlaySummary.to_frame)."""
    parts: dict[str, Estimate] = {}
    parts_all: dict[str, Estimate] = {}
    totals: dict[str, Estimate] = {}
    first: Estimate | None = None
    for figure, over, mean, stderr, n in zip(frame["figure"], frame["over"], frame["mean"], frame["stderr"], frame["n"]):
        estimate = Estimate(float(mean), float(stderr), int(n))
        if over == "games" and figure == "first dealer wins":
            first = estimate
        elif figure == "total" and str(over).endswith(" deals"):
            totals[str(over).removesuffix(" deals")] = estimate
        elif over in ("complete deals", "all deals"):
            (parts if over == "complete deals" else parts_all)[str(figure)] = estimate
        else:
            raise ValueError(f"no figure {figure!r} over {over!r} in a self-play summary")
    if first is None:
        raise ValueError("a self-play file has the first dealer's wins")

    def sample(figures: dict[str, Estimate], which: str | None = None) -> int:
        chosen = figures.get(which) if which else next(iter(figures.values()), None)
        return chosen.n if chosen else 0

    # The seed and the level are not in the frame; the sample sizes are (the early deals' figure is
    # taken over the first early_deals deals of each of the games).
    return SelfPlaySummary(first.n, "", "", sample(parts), parts, first, sample(parts_all), parts_all,
                           sample(totals, "early") // max(first.n, 1), totals)


#: Every table, and how to make its object from its frame.
OBJECTS: dict[str, Callable[[pd.DataFrame], object]] = {
    "hands": _hands,
    "crib": CribTable.from_frame,
    "published_crib": _published,
    "keeps": KeepTable.from_frame,
    "five_keeps": FiveKeepTable.from_frame,
    "starters": _starters,
    "pegging": _pegging,
    "pegging_leads": _pegging_leads,
    "deals": _deals,
    "deal_starts": _deal_starts,
    "positions": _positions,
    "calibration": _calibration,
    "selfplay": _selfplay,
}


def read_table(path: str | Path | bytes, table: str | None = None) -> object:
    """The table a CSV or Parquet file holds, as the object it was written from (see the module's
    docstring: an object made from self-play holds what its file holds)."""
    frame = read_frame(path, table)
    try:
        return OBJECTS[str(frame.attrs["table"])](frame)
    except CribbageError:
        raise
    except (ValueError, TypeError, KeyError, IndexError) as error:  # the right columns, impossible rows
        named = "Parquet" if isinstance(path, bytes) else str(path)
        raise refuse("stats.not_a_table_file", value=shown(named), reason=shown(str(error)[:200])) from None

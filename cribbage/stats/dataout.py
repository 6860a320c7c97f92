"""Tables out and back in: a statistics table written as CSV or Parquet reads back as it was.

Every table gives a pandas DataFrame (``to_frame()``, :func:`~cribbage.stats.hand_frame`,
:func:`~cribbage.stats.starter_frame`); pandas writes it (``frame.to_csv(path, index=False)``, or
``to_csv(path)`` on the table; ``frame.to_parquet(path)``, through fastparquet). :func:`read_frame` reads
either back with each column of its type in the data dictionary (:mod:`.dictionary`): a CSV file keeps
no types, so without it an int16 column comes back int64. :func:`read_table` goes on to the object the
frame came from, where the frame holds all of it: a :class:`~cribbage.stats.CribTable`, a
:class:`~cribbage.stats.PublishedCribTable`, a :class:`~cribbage.stats.KeepTable`, the starters' dict
of :func:`~cribbage.stats.starter_outcomes`; the hand distribution's table is its frame.

A file's table is found from the Parquet file's own ``attrs`` or from its columns (no two tables have
the same), or named: ``read_frame("log.csv", "deals")``.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

from cribbage.rules.cards import Card
from cribbage.rules.errors import CribbageError, shown
from cribbage.stats.crib import CribTable
from cribbage.stats.dictionary import TABLES, column_types, described, table_of_columns
from cribbage.stats.keep import KeepTable
from cribbage.stats.published import PUBLISHED_CRIB_TABLES, PublishedCribTable
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


#: The tables whose frame holds the whole object, and how to make it.
OBJECTS: dict[str, Callable[[pd.DataFrame], object]] = {
    "hands": _hands,
    "crib": CribTable.from_frame,
    "published_crib": _published,
    "keeps": KeepTable.from_frame,
    "starters": _starters,
}


def read_table(path: str | Path | bytes, table: str | None = None) -> object:
    """The table a CSV or Parquet file holds, as the object it was written from (see the module's
    docstring); a table whose frame holds only part of its object (the deal log, pegging, positions,
    calibration, self-play) is refused: :func:`read_frame` reads its frame."""
    frame = read_frame(path, table)
    table = str(frame.attrs["table"])
    if table not in OBJECTS:
        raise refuse("stats.frame_only", table=table, choices=", ".join(OBJECTS))
    return OBJECTS[table](frame)

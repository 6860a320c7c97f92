"""Crib tables as players know them: the published averages, as data, with where each came from.

Each table gives the average crib for the two cards laid away, by rank (``table[r1-1][r2-1]``,
ace = 1 ... king = 13, symmetric). They were measured, not derived: Schell and Hessel by computer
(each side discarding as a strong program would), Cribbage Pro from the games played on its servers.
So they carry the discards of real play, and :mod:`cribbage.stats.crib` sets its own figures beside
them. The numbers are copied as published (Cribbage Pro to one decimal, the others to two).

A published table we could not find in full is not here: Hessel's own-crib table (we have his
opponent's-crib table only) and Colvert's and Rasmussen's tables, which the same site prints. The numbers live in ``cribbage/data/crib_tables_published.json``
(package data).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.rules.errors import shown
from cribbage.stats.dictionary import described
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CHAMBERS_PER_DEAL", "PUBLISHED_CRIB_TABLES", "PublishedCribTable", "published_crib_table"]

#: Chambers' published averages per deal for good players, by role and part of the deal (stop 6
#: sets the engine's self-play beside them).
CHAMBERS_PER_DEAL: dict[str, dict[str, float]] = {
    "pone": {"play": 2.0, "hand": 8.1},
    "dealer": {"play": 3.5, "hand": 8.0, "crib": 4.7},
}


@dataclass(frozen=True)
class PublishedCribTable:
    """One published crib table: whose, for which crib, from where, and the 13 x 13 averages."""

    key: str
    author: str
    dealer: bool  #: True: laid away to one's own crib; False: to the opponent's crib
    source: str   #: author, site and address (shown as written, in every language)
    method: str   #: how the table was measured (English; the lab's views show a translation)
    rows: tuple[tuple[float, ...], ...]

    @property
    def means(self) -> np.ndarray:
        """The averages as a (13, 13) array, rank 1 (ace) at index 0."""
        return np.array(self.rows, dtype=float)

    def __getitem__(self, ranks: tuple[int, int]) -> float:
        a, b = ranks
        return self.rows[a - 1][b - 1]

    def to_frame(self) -> pd.DataFrame:
        """The 91 rank pairs as published (pandas). Columns: ``first``, ``second`` (ranks 1 = ace ...
        13 = king, first <= second), ``mean`` (the published average crib, points), ``table`` (the
        key), ``author``, ``crib`` (``own`` or ``opponent``)."""
        import pandas as pd
        rows = [(a + 1, b + 1, self.rows[a][b]) for a in range(13) for b in range(a, 13)]
        frame = pd.DataFrame(rows, columns=["first", "second", "mean"])
        return described(frame.assign(table=self.key, author=self.author, crib="own" if self.dealer else "opponent"),
                         "published_crib")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path


#: The tables as published, with where each came from (package data; its "note" says how Schell's
#: values were checked).
TABLES_FILE = Path(__file__).resolve().parent / "data" / "crib_tables_published.json"


def _load() -> dict[str, PublishedCribTable]:
    stored = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    return {t["key"]: PublishedCribTable(t["key"], t["author"], bool(t["dealer"]), t["source"], t["method"],
                                         tuple(tuple(float(x) for x in row) for row in t["rows"]))
            for t in stored["tables"]}


PUBLISHED_CRIB_TABLES: dict[str, PublishedCribTable] = _load()


def published_crib_table(key: str) -> PublishedCribTable:
    """A published table by key: ``"schell-own"``, ``"schell-opponent"``, ``"hessel-opponent"``,
    ``"cribbagepro-own"``."""
    try:
        if not isinstance(key, str):
            raise KeyError(key)
        return PUBLISHED_CRIB_TABLES[key]
    except KeyError:
        raise refuse("stats.no_table", value=shown(key), choices=", ".join(PUBLISHED_CRIB_TABLES)) from None

"""Crib tables as players know them: the published averages, as data, with where each came from.

Each table gives the average crib for the two cards laid away, by rank (``table[r1-1][r2-1]``,
ace = 1 ... king = 13, symmetric). They were measured, not derived: Schell and Hessel by computer
(each side discarding as a strong program would), Cribbage Pro from the games played on its servers.
So they carry the discards of real play, and :mod:`cribbage.stats_crib` sets its own figures beside
them. The numbers are copied as published (Cribbage Pro to one decimal, the others to two).

A published table we could not find in full is not here: Hessel's own-crib table (we have his
opponent's-crib table only) and Colvert's and Rasmussen's tables, which the same site prints.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["PublishedCribTable", "PUBLISHED_CRIB_TABLES", "published_crib_table"]


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


# The values were copied from a transcription of this page in a public cribbage repository (a
# player's discard tables); their spot values match those Schell quotes in his articles
# cribbageforum.com/AnalyzeDiscardsPart1.htm and Part2.htm.
_SCHELL_SOURCE = "Michael Schell, Cribbage Forum, http://www.cribbageforum.com/SchellDiscard.htm"

_SCHELL_METHOD = "computer analysis, both sides discarding as an expert program would"

_SCHELL_OWN = (
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

_SCHELL_OPPONENT = (
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

_HESSEL_OPPONENT = (
    (6.07, 5.07, 5.17, 5.74, 6.06, 4.93, 4.95, 4.92, 4.66, 4.46, 4.72, 4.41, 4.34),
    (5.07, 6.43, 7.34, 5.44, 6.17, 5.13, 5.12, 5.03, 4.82, 4.64, 4.91, 4.60, 4.53),
    (5.17, 7.34, 6.78, 6.10, 6.85, 4.92, 5.16, 5.08, 4.82, 4.70, 4.97, 4.66, 4.59),
    (5.74, 5.44, 6.10, 6.59, 7.46, 5.47, 4.91, 5.02, 4.75, 4.55, 4.80, 4.49, 4.43),
    (6.06, 6.17, 6.85, 7.46, 9.39, 7.66, 7.08, 6.36, 6.22, 7.46, 7.75, 7.42, 7.31),
    (4.93, 5.13, 4.92, 5.47, 7.66, 7.17, 6.64, 6.05, 6.31, 4.41, 4.61, 4.29, 4.25),
    (4.95, 5.12, 5.16, 4.91, 7.08, 6.64, 7.25, 7.88, 5.46, 4.44, 4.73, 4.44, 4.38),
    (4.92, 5.03, 5.08, 5.02, 6.36, 6.05, 7.88, 6.76, 5.97, 5.02, 4.65, 4.38, 4.31),
    (4.66, 4.82, 4.82, 4.75, 6.22, 6.31, 5.46, 5.97, 6.44, 5.52, 4.98, 4.14, 4.13),
    (4.46, 4.64, 4.70, 4.55, 7.46, 4.41, 4.44, 5.02, 5.52, 6.11, 5.60, 4.65, 3.99),
    (4.72, 4.91, 4.97, 4.80, 7.75, 4.61, 4.73, 4.65, 4.98, 5.60, 6.56, 5.55, 4.89),
    (4.41, 4.60, 4.66, 4.49, 7.42, 4.29, 4.44, 4.38, 4.14, 4.65, 5.55, 5.89, 4.56),
    (4.34, 4.53, 4.59, 4.43, 7.31, 4.25, 4.38, 4.31, 4.13, 3.99, 4.89, 4.56, 5.72),
)

_CRIBBAGE_PRO_OWN = (
    (5.2, 4.4, 4.6, 5.2, 5.2, 3.7, 3.7, 3.7, 3.3, 3.3, 3.5, 3.3, 3.3),
    (4.4, 5.8, 6.9, 4.6, 5.2, 3.9, 3.9, 3.7, 3.7, 3.6, 3.8, 3.6, 3.6),
    (4.6, 6.9, 5.9, 5.0, 5.9, 3.8, 3.8, 3.9, 3.7, 3.6, 3.9, 3.7, 3.7),
    (5.2, 4.6, 5.0, 5.5, 6.3, 3.9, 3.7, 3.9, 3.6, 3.4, 3.7, 3.5, 3.5),
    (5.2, 5.2, 5.9, 6.3, 8.5, 6.4, 5.8, 5.3, 5.1, 6.3, 6.7, 6.4, 6.3),
    (3.7, 3.9, 3.8, 3.9, 6.4, 5.6, 4.9, 4.6, 4.9, 3.0, 3.2, 3.0, 2.9),
    (3.7, 3.9, 3.8, 3.7, 5.8, 4.9, 5.8, 6.4, 4.0, 3.1, 3.3, 3.1, 3.1),
    (3.7, 3.7, 3.9, 3.9, 5.3, 4.6, 6.4, 5.3, 4.5, 3.7, 3.3, 3.1, 3.0),
    (3.3, 3.7, 3.7, 3.6, 5.1, 4.9, 4.0, 4.5, 4.9, 4.1, 3.7, 2.8, 2.8),
    (3.3, 3.6, 3.6, 3.4, 6.3, 3.0, 3.1, 3.7, 4.1, 4.6, 4.3, 3.3, 2.7),
    (3.5, 3.8, 3.9, 3.7, 6.7, 3.2, 3.3, 3.3, 3.7, 4.3, 5.1, 4.5, 3.8),
    (3.3, 3.6, 3.7, 3.5, 6.4, 3.0, 3.1, 3.1, 2.8, 3.3, 4.5, 4.5, 3.4),
    (3.3, 3.6, 3.7, 3.5, 6.3, 2.9, 3.1, 3.0, 2.8, 2.7, 3.8, 3.4, 4.4),
)

PUBLISHED_CRIB_TABLES: dict[str, PublishedCribTable] = {t.key: t for t in (
    PublishedCribTable("schell-own", "Schell", True, _SCHELL_SOURCE, _SCHELL_METHOD, _SCHELL_OWN),
    PublishedCribTable("schell-opponent", "Schell", False, _SCHELL_SOURCE, _SCHELL_METHOD, _SCHELL_OPPONENT),
    PublishedCribTable(
        "hessel-opponent", "Hessel", False,
        "Craig Hessel's table in Michael Schell, 'Discarding to opponent's crib', Cribbage Forum, "
        "http://www.cribbageforum.com/OppCrib.htm",
        "every six-card hand by rank (18,395), optimal discards on both sides iterated until the "
        "averages settle; crib flushes ignored", _HESSEL_OPPONENT),
    PublishedCribTable(
        "cribbagepro-own", "Cribbage Pro", True,
        "'Dealer discard table', Cribbage Pro blog (2012), https://blog.cribbagepro.net/",
        "averages of the cribs in games played on Cribbage Pro", _CRIBBAGE_PRO_OWN),
)}


def published_crib_table(key: str) -> PublishedCribTable:
    """A published table by key: ``"schell-own"``, ``"schell-opponent"``, ``"hessel-opponent"``,
    ``"cribbagepro-own"``."""
    from .stats_words import refuse
    try:
        return PUBLISHED_CRIB_TABLES[key]
    except KeyError:
        raise refuse("stats.no_table", value=repr(key), choices=", ".join(PUBLISHED_CRIB_TABLES)) from None

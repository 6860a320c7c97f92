"""The statistics of the game, exact or measured, for the statistics lab and the hand calculator.

- :mod:`.hands`: the show of every hand, exactly (:func:`hand_distribution`).
- :mod:`.starters`: what each starter does to a kept hand.
- :mod:`.crib`, :mod:`.published`: the average crib by the two ranks laid away, measured and published.
- :mod:`.keep`: the best keep of every six-card deal, as dealer and as pone.
- :mod:`.keep_five`: the best keep of every five-card hand, for three and four players.
- :mod:`.deals`, :mod:`.pegging`, :mod:`.position`: self-play deal by deal, what the play gives, and
  the chance to win from any score.
- :mod:`.selfplay`: a large seeded run of expert self-play, saved with its margins of error.
- :mod:`.cache`: where the tables that take long to build are kept.
- :mod:`.dictionary`, :mod:`.dataout`: each table's columns, types, units and meanings; a table's
  CSV or Parquet file read back as it was written.

Every table has ``to_frame()`` (a pandas DataFrame whose columns and units its docstring gives, the
data dictionary in its ``attrs``: :func:`data_dictionary`) and ``to_csv(path)``; :func:`hand_frame`
gives the hand and crib distributions as one. ``frame.to_parquet(path)`` writes Parquet;
:func:`read_frame` and :func:`read_table` read either back with every column's type. The exact
distributions give their mean, variance, standard deviation and quantiles from their counts
(:func:`mean_score`, :func:`variance_score`, :func:`sd_score`, :func:`quantile_score`;
:meth:`KeepTable.variance` and the like; a keep's starters in My deal, ``KeepFigures.hand_sd``). A
sampled figure is written ± half its 95% interval, to the places that interval supports
(:mod:`.intervals`).

Statistics read the rules and the computer players; nothing below them reads statistics.
"""

from cribbage.stats.cache import cache_dir
from cribbage.stats.crib import CribComparison, CribTable, crib_averages
from cribbage.stats.dataout import read_frame, read_table
from cribbage.stats.deals import DealLog, deal_log
from cribbage.stats.dictionary import data_dictionary
from cribbage.stats.hands import (
    IMPOSSIBLE_SCORES,
    MAX_SCORE,
    TOTAL_DEALS_WITH_STARTER,
    TOTAL_HANDS,
    best_hand_deals,
    hand_distribution,
    hand_frame,
    mean_score,
    quantile_score,
    sd_score,
    share_at_most,
    variance_score,
)
from cribbage.stats.keep import BestKeep, KeepClasses, KeepTable, best_keep, keep_classes, keep_statistics
from cribbage.stats.keep_five import FiveKeep, FiveKeepTable, best_keep_of_five, keep_five_statistics
from cribbage.stats.pegging import PeggingStats, pegging_statistics
from cribbage.stats.position import Calibration, PositionTable, calibration, where_do_i_stand, win_probabilities
from cribbage.stats.published import PUBLISHED_CRIB_TABLES, PublishedCribTable, published_crib_table
from cribbage.stats.selfplay import Estimate, SelfPlaySummary, load_selfplay, selfplay_summary, summarise
from cribbage.stats.starters import starter_frame, starter_outcomes

__all__ = [
    "IMPOSSIBLE_SCORES", "MAX_SCORE", "PUBLISHED_CRIB_TABLES", "TOTAL_DEALS_WITH_STARTER", "TOTAL_HANDS",
    "BestKeep", "Calibration", "CribComparison", "CribTable", "DealLog", "Estimate", "FiveKeep", "FiveKeepTable",
    "KeepClasses", "KeepTable", "PeggingStats", "PositionTable", "PublishedCribTable", "SelfPlaySummary",
    "best_hand_deals", "best_keep", "best_keep_of_five", "cache_dir", "calibration", "crib_averages", "data_dictionary", "deal_log",
    "hand_distribution", "hand_frame", "keep_classes", "keep_five_statistics", "keep_statistics", "load_selfplay", "mean_score",
    "pegging_statistics", "published_crib_table", "quantile_score", "read_frame", "read_table", "sd_score",
    "selfplay_summary", "share_at_most", "starter_frame", "starter_outcomes", "summarise", "variance_score",
    "where_do_i_stand", "win_probabilities",
]

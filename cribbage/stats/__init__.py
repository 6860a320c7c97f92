"""The statistics of the game, exact or measured, for the statistics lab and the hand calculator.

- :mod:`.hands`: the show of every hand, exactly (:func:`hand_distribution`).
- :mod:`.starters`: what each starter does to a kept hand.
- :mod:`.crib`, :mod:`.published`: the average crib by the two ranks laid away, measured and published.
- :mod:`.keep`: the best keep of every six-card deal, as dealer and as pone.
- :mod:`.deals`, :mod:`.pegging`, :mod:`.position`: self-play deal by deal, what the play gives, and
  the chance to win from any score.
- :mod:`.selfplay`: a large seeded run of expert self-play, saved with its margins of error.
- :mod:`.cache`: where the tables that take long to build are kept.

Every table has ``to_frame()`` (a pandas DataFrame whose columns and units its docstring gives) and
``to_csv(path)``; :func:`hand_frame` gives the hand and crib distributions as one.

Statistics read the rules and the computer players; nothing below them reads statistics.
"""

from cribbage.stats.cache import cache_dir
from cribbage.stats.crib import CribComparison, CribTable, crib_averages
from cribbage.stats.deals import DealLog, deal_log
from cribbage.stats.hands import (
    IMPOSSIBLE_SCORES,
    MAX_SCORE,
    TOTAL_DEALS_WITH_STARTER,
    TOTAL_HANDS,
    best_hand_deals,
    hand_distribution,
    hand_frame,
    mean_score,
    share_at_most,
)
from cribbage.stats.keep import BestKeep, KeepClasses, KeepTable, best_keep, keep_classes, keep_statistics
from cribbage.stats.pegging import PeggingStats, pegging_statistics
from cribbage.stats.position import Calibration, PositionTable, calibration, where_do_i_stand, win_probabilities
from cribbage.stats.published import PUBLISHED_CRIB_TABLES, PublishedCribTable, published_crib_table
from cribbage.stats.selfplay import Estimate, SelfPlaySummary, load_selfplay, selfplay_summary, summarise
from cribbage.stats.starters import starter_outcomes

__all__ = [
    "IMPOSSIBLE_SCORES", "MAX_SCORE", "PUBLISHED_CRIB_TABLES", "TOTAL_DEALS_WITH_STARTER", "TOTAL_HANDS",
    "BestKeep", "Calibration", "CribComparison", "CribTable", "DealLog", "Estimate", "KeepClasses", "KeepTable",
    "PeggingStats", "PositionTable", "PublishedCribTable", "SelfPlaySummary",
    "best_hand_deals", "best_keep", "cache_dir", "calibration", "crib_averages", "deal_log", "hand_distribution",
    "hand_frame", "keep_classes", "keep_statistics", "load_selfplay", "mean_score", "pegging_statistics",
    "published_crib_table", "selfplay_summary", "share_at_most", "starter_outcomes", "summarise",
    "where_do_i_stand", "win_probabilities",
]

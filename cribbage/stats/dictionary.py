"""The data dictionary: every column of every table the statistics export, with its type, unit and
meaning, in the learner's language.

Each table's ``to_frame()`` (and :func:`~cribbage.stats.hand_frame`) gives a pandas DataFrame;
:func:`described` casts its columns to the types listed here and puts the dictionary in the frame's
``attrs`` (``frame.attrs["columns"]["crib"]["meaning"]``), which Parquet files keep. A CSV file keeps
no types, so :mod:`cribbage.stats.dataout` reads one back with the types listed here: int16 stays
int16. :func:`data_dictionary` gives one table's dictionary as a DataFrame.

The words are messages of the engine's catalogue (Spanish and Portuguese in cribbage/locale/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cribbage.lang.messages import LANGUAGES, Message, add_catalogue, get_language, message, render
from cribbage.rules.errors import shown
from cribbage.rules.events import ScoreKind
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["TABLES", "Column", "column_types", "data_dictionary", "described", "table_of_columns"]

WORDS = {
    "stats.no_table_kind": {"en": "no statistics table {value}: choose one of {choices}"},
    "stats.unknown_columns": {"en": "the columns {value} are not those of any statistics table"},
    "stats.not_the_table": {"en": "the columns {value} are not those of the {table} table"},
    "stats.bad_language": {"en": "a language is one of {choices}, not {value}"},
    "stats.no_file": {"en": "there is no file {value}"},
    "stats.not_a_table_file": {"en": "{value} is not a table's CSV or Parquet file: {reason}"},
    # Units of the data dictionary (its "unit" column).
    "data.unit.points": {"en": "points"},
    "data.unit.count": {"en": "a count"},
    "data.unit.share": {"en": "a share, 0 to 1"},
    "data.unit.rank": {"en": "a rank, 1 = ace ... 13 = king"},
    "data.unit.text": {"en": "text"},
    "data.unit.card": {"en": "a card, such as 5H"},
    "data.unit.yes_no": {"en": "1 = yes, 0 = no"},
    "data.unit.player": {"en": "0 = the first player, 1 = the opponent"},
    "data.unit.ordinal": {"en": "a place in order"},
    "data.unit.figure": {"en": "points a deal, or a share 0 to 1 for the first dealer's wins"},
    # The meaning of each column ("data.<table>.<column>").
    "data.hands.score": {"en": "the points a hand or crib scores with its starter"},
    "data.hands.hands": {"en": "hands of four cards and a starter that score this, counted as a hand"},
    "data.hands.cribs": {"en": "the same hands counted as a crib (a flush needs all five cards)"},
    "data.hands.hand_share": {"en": "the share of all hands that score this"},
    "data.hands.crib_share": {"en": "the share of all cribs that score this"},
    "data.crib.first": {"en": "the lower rank of the two cards laid away"},
    "data.crib.second": {"en": "the higher rank of the two cards laid away"},
    "data.crib.pair": {"en": "the two ranks laid away, as 5-J"},
    "data.crib.mean": {"en": "the average crib after laying these two away"},
    "data.crib.suited": {"en": "the same when the two cards are of one suit (empty for a pair)"},
    "data.crib.offsuit": {"en": "the same when the two cards are of two suits"},
    "data.crib.stderr": {"en": "the standard error of the mean (0 for an exact table)"},
    "data.crib.model": {"en": "how the other side lays away: uniform or expert"},
    "data.crib.crib": {"en": "whose crib: own or opponent"},
    "data.crib.samples": {"en": "the other side's sampled hands (0: exact)"},
    "data.published_crib.mean": {"en": "the average crib as published"},
    "data.published_crib.table": {"en": "the published table's key"},
    "data.published_crib.author": {"en": "who published the table"},
    "data.keeps.value": {"en": "the best keep's worth: hand + crib as dealer, hand - crib as pone, to the hundredth"},
    "data.keeps.dealer_deals": {"en": "deals whose best keep is worth this as dealer"},
    "data.keeps.pone_deals": {"en": "deals whose best keep is worth this as pone"},
    "data.keeps.dealer_share": {"en": "the share of deals whose best keep is worth this as dealer"},
    "data.keeps.pone_share": {"en": "the share of deals whose best keep is worth this as pone"},
    "data.keeps.differ": {"en": "deals in which no keep is best both as dealer and as pone (every row the same)"},
    "data.five_keeps.value": {"en": "the best keep's worth from five cards: hand + crib when the crib is your side's, "
                                    "hand - crib when it is an opponent's, to the hundredth"},
    "data.five_keeps.ours_hands": {"en": "five-card hands whose best keep is worth this when the crib is your side's"},
    "data.five_keeps.theirs_hands": {"en": "five-card hands whose best keep is worth this when the crib is an opponent's"},
    "data.five_keeps.ours_share": {"en": "the share of five-card hands whose best keep is worth this when the crib is "
                                         "your side's"},
    "data.five_keeps.theirs_share": {"en": "the share of five-card hands whose best keep is worth this when the crib "
                                           "is an opponent's"},
    "data.five_keeps.differ": {"en": "five-card hands in which no keep is best for both cribs (every row the same)"},
    "data.starters.starter": {"en": "a starter the kept hand could meet"},
    "data.starters.points": {"en": "the kept hand's score with that starter"},
    "data.pegging.over": {"en": "what the averages are taken over: all deals (a deal cut short by the game's end counted "
                                "with what it scored before the end) or complete deals"},
    "data.pegging.role": {"en": "the side: pone or dealer"},
    "data.pegging.kind": {"en": "a way to score in the play"},
    "data.pegging.points_per_deal": {"en": "the side's average points a deal from that way"},
    "data.pegging.stderr": {"en": "the standard error of that average"},
    "data.pegging.share_of_deals": {"en": "the share of deals in which the side scored that way"},
    "data.pegging.deals": {"en": "the deals measured"},
    "data.pegging_leads.lead": {"en": "the rank the pone led"},
    "data.pegging_leads.deals": {"en": "deals with that lead"},
    "data.pegging_leads.pone": {"en": "the pone's average points in the play after that lead"},
    "data.pegging_leads.pone_stderr": {"en": "the standard error of the pone's average"},
    "data.pegging_leads.dealer": {"en": "the dealer's average points in the play after that lead"},
    "data.pegging_leads.dealer_stderr": {"en": "the standard error of the dealer's average"},
    "data.deals.pone_play": {"en": "the pone's points in the play"},
    "data.deals.pone_hand": {"en": "the pone's hand"},
    "data.deals.dealer_play": {"en": "the dealer's points in the play"},
    "data.deals.dealer_hand": {"en": "the dealer's hand"},
    "data.deals.crib": {"en": "the crib"},
    "data.deals.his_heels": {"en": "his heels: 2 to the dealer for a jack turned as the starter"},
    # {kind} is one of the data.kind.* words below.
    "data.deals.pone_kind": {"en": "the pone's points in the play from {kind}"},
    "data.deals.dealer_kind": {"en": "the dealer's points in the play from {kind}"},
    "data.deals.lead": {"en": "the rank of the pone's first card in the play (0 if none)"},
    "data.deals.pone_kept": {"en": "the four ranks the pone kept, as 5 5 6 7"},
    "data.deals.dealer_kept": {"en": "the four ranks the dealer kept"},
    "data.deals.dealer_player": {"en": "who dealt"},
    "data.deals.game": {"en": "the game the deal was in, 0 for the first"},
    "data.deals.deal": {"en": "the deal's number in its game, 1 for the first"},
    "data.deals.censored": {"en": "whether the game's end cut the deal short: its parts count what they scored before "
                                  "the end, 0 for a part never reached"},
    "data.kind.fifteen": {"en": "fifteens"},
    "data.kind.thirty_one": {"en": "thirty-ones"},
    "data.kind.go": {"en": "goes"},
    "data.kind.last_card": {"en": "the last card"},
    "data.kind.pair": {"en": "pairs"},
    "data.kind.pair_royal": {"en": "pairs royal"},
    "data.kind.double_pair_royal": {"en": "double pairs royal"},
    "data.kind.run": {"en": "runs"},
    "data.deal_starts.dealer_score": {"en": "the dealer's score as the deal began"},
    "data.deal_starts.pone_score": {"en": "the pone's score as the deal began"},
    "data.deal_starts.dealer_won": {"en": "whether that deal's dealer went on to win the game"},
    "data.positions.dealer_score": {"en": "the dealer's score as a deal begins"},
    "data.positions.pone_score": {"en": "the pone's score as a deal begins"},
    "data.positions.dealer_wins": {"en": "the dealer's chance to win the game"},
    "data.positions.dealer": {"en": "who deals: me (the first player) or opponent (only when the two players differ)"},
    "data.calibration.low": {"en": "the lowest predicted chance in the bin"},
    "data.calibration.high": {"en": "the highest predicted chance in the bin"},
    "data.calibration.predicted": {"en": "the mean predicted chance that the dealer wins"},
    "data.calibration.observed": {"en": "the share of those dealers who won"},
    "data.calibration.observed_low": {"en": "the low end of the 95 percent interval of the observed share"},
    "data.calibration.observed_high": {"en": "the high end of the 95 percent interval of the observed share"},
    "data.calibration.starts": {"en": "deal starts in the bin"},
    "data.selfplay.figure": {"en": "a part of a deal, or total for all its parts (points a deal), or the first dealer's share of wins"},
    "data.selfplay.over": {"en": "what the mean is taken over: complete deals, all deals (the last cut short by the game's end included), early deals (the first of every game) or games"},
    "data.selfplay.mean": {"en": "the figure's mean, in its own unit"},
    "data.selfplay.stderr": {"en": "the standard error of the mean"},
    "data.selfplay.low": {"en": "the low end of the 95 percent interval"},
    "data.selfplay.high": {"en": "the high end of the 95 percent interval"},
    "data.selfplay.n": {"en": "the sample: how many deals (as the over column says), or games for the first dealer"},
}

add_catalogue(WORDS)


@dataclass(frozen=True)
class Column:
    """One column of a table: its name, its pandas type, its unit and its meaning (messages)."""

    name: str
    dtype: str
    unit: str                 #: a ``data.unit.*`` key
    meaning: Message
    optional: bool = False    #: in some frames of the table only

    def words(self, language: str | None = None) -> dict[str, str]:
        """The column's type, unit and meaning, the last two in ``language`` (the current one if None)."""
        return {"dtype": self.dtype, "unit": render(self.unit, language), "meaning": render(self.meaning, language)}


def _columns(table: str, *specs: tuple[str, str, str]) -> tuple[Column, ...]:
    return tuple(Column(name, dtype, f"data.unit.{unit}", message(f"data.{table}.{name}")) for name, dtype, unit in specs)


def _deal_columns() -> tuple[Column, ...]:
    parts = _columns("deals", ("pone_play", "int16", "points"), ("pone_hand", "int16", "points"),
                     ("dealer_play", "int16", "points"), ("dealer_hand", "int16", "points"),
                     ("crib", "int16", "points"), ("his_heels", "int16", "points"))
    # The ways to score in the play, in the deal log's order (cribbage.stats.deals.PLAY_KINDS).
    kinds = (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE, ScoreKind.GO, ScoreKind.LAST_CARD, ScoreKind.PAIR,
             ScoreKind.PAIR_ROYAL, ScoreKind.DOUBLE_PAIR_ROYAL, ScoreKind.RUN)
    pegged = tuple(Column(f"{role}_{name}", "int16", "data.unit.points",
                          message(f"data.deals.{role}_kind", kind=message(f"data.kind.{name}")))
                   for role in ("pone", "dealer") for name in (str(k).replace(" ", "_").replace("-", "_") for k in kinds))
    rest = _columns("deals", ("lead", "int8", "rank"), ("pone_kept", "str", "text"), ("dealer_kept", "str", "text"),
                    ("dealer_player", "int8", "player"), ("game", "int32", "ordinal"), ("deal", "int16", "ordinal"),
                    ("censored", "int8", "yes_no"))
    return parts + pegged + rest


_CRIB_PAIR = (("first", "int64", "rank"), ("second", "int64", "rank"))


def _shared(name: str, dtype: str, unit: str, words_of: str) -> Column:
    """A column whose meaning is the same as in table ``words_of`` (the same words, said once)."""
    return Column(name, dtype, f"data.unit.{unit}", message(f"data.{words_of}.{name}"))


#: Every table's columns, in the frame's order. Keys are the names :func:`data_dictionary` takes.
TABLES: dict[str, tuple[Column, ...]] = {
    "hands": _columns("hands", ("score", "int64", "points"), ("hands", "int64", "count"), ("cribs", "int64", "count"),
                      ("hand_share", "float64", "share"), ("crib_share", "float64", "share")),
    "crib": _columns("crib", *_CRIB_PAIR, ("pair", "str", "text"), ("mean", "float64", "points"),
                     ("suited", "float64", "points"), ("offsuit", "float64", "points"), ("stderr", "float64", "points"),
                     ("model", "str", "text"), ("crib", "str", "text"), ("samples", "int64", "count")),
    "published_crib": (*(_shared(n, d, u, "crib") for n, d, u in _CRIB_PAIR),
                       *_columns("published_crib", ("mean", "float64", "points"), ("table", "str", "text"),
                                 ("author", "str", "text")),
                       _shared("crib", "str", "text", "crib")),
    "keeps": _columns("keeps", ("value", "float64", "points"), ("dealer_deals", "int64", "count"),
                      ("pone_deals", "int64", "count"), ("dealer_share", "float64", "share"),
                      ("pone_share", "float64", "share"), ("differ", "int64", "count")),
    "five_keeps": _columns("five_keeps", ("value", "float64", "points"), ("ours_hands", "int64", "count"),
                           ("theirs_hands", "int64", "count"), ("ours_share", "float64", "share"),
                           ("theirs_share", "float64", "share"), ("differ", "int64", "count")),
    "starters": _columns("starters", ("starter", "str", "card"), ("points", "int64", "points")),
    "pegging": _columns("pegging", ("over", "str", "text"), ("role", "str", "text"), ("kind", "str", "text"), ("points_per_deal", "float64", "points"),
                        ("stderr", "float64", "points"), ("share_of_deals", "float64", "share"), ("deals", "int64", "count")),
    "pegging_leads": (_shared("over", "str", "text", "pegging"),
                      *_columns("pegging_leads", ("lead", "int64", "rank"), ("deals", "int64", "count"),
                                ("pone", "float64", "points"), ("pone_stderr", "float64", "points"),
                                ("dealer", "float64", "points"), ("dealer_stderr", "float64", "points"))),
    "deals": _deal_columns(),
    "deal_starts": (*_columns("deal_starts", ("dealer_score", "int16", "points"), ("pone_score", "int16", "points"),
                              ("dealer_won", "int16", "yes_no")),
                    _shared("dealer_player", "int8", "player", "deals")),
    "positions": (*_columns("positions", ("dealer_score", "int64", "points"), ("pone_score", "int64", "points"),
                            ("dealer_wins", "float64", "share")),
                  Column("dealer", "str", "data.unit.text", message("data.positions.dealer"), optional=True)),
    "calibration": _columns("calibration", ("low", "float64", "share"), ("high", "float64", "share"),
                            ("predicted", "float64", "share"), ("observed", "float64", "share"),
                            ("observed_low", "float64", "share"), ("observed_high", "float64", "share"),
                            ("starts", "int64", "count")),
    "selfplay": _columns("selfplay", ("figure", "str", "text"), ("over", "str", "text"), ("mean", "float64", "figure"),
                         ("stderr", "float64", "figure"), ("low", "float64", "figure"), ("high", "float64", "figure"),
                         ("n", "int64", "count")),
}


def _table(table: object) -> tuple[Column, ...]:
    if not isinstance(table, str) or table not in TABLES:
        raise refuse("stats.no_table_kind", value=shown(table), choices=", ".join(TABLES))
    return TABLES[table]


def column_types(table: str) -> dict[str, str]:
    """Each column of ``table`` with its pandas type (what :func:`pandas.read_csv` needs as ``dtype``)."""
    return {column.name: column.dtype for column in _table(table)}


def data_dictionary(table: str, language: str | None = None) -> pd.DataFrame:
    """The data dictionary of ``table`` (a key of :data:`TABLES`: ``"hands"``, ``"crib"``, ...), one row a
    column, in ``language`` (the current language if None). Columns: ``column`` (its name in the frame),
    ``dtype`` (its pandas type), ``unit``, ``meaning``.

    >>> data_dictionary("hands").loc[0, ["column", "unit"]].tolist()
    ['score', 'points']
    """
    import pandas as pd
    columns = _table(table)
    if language is not None and (not isinstance(language, str) or language not in LANGUAGES):
        raise refuse("stats.bad_language", value=shown(language), choices=", ".join(LANGUAGES))
    language = get_language() if language is None else language
    return pd.DataFrame([{"column": c.name, **c.words(language)} for c in columns],
                        columns=["column", "dtype", "unit", "meaning"])


def described(frame: pd.DataFrame, table: str) -> pd.DataFrame:
    """``frame`` (a frame of ``table``) with its columns of the dictionary's types and the dictionary in its
    ``attrs``: ``{"table": ..., "language": ..., "columns": {name: {"dtype", "unit", "meaning"}}}``."""
    columns = {c.name: c for c in _table(table)}
    # pandas deep-copies a frame's attrs into every frame an operation makes: the frame is cast bare
    # (one copy, not one per column), and only the columns not already of their type.
    bare = frame.copy(deep=False)
    bare.attrs = {}
    changed = {name: columns[name].dtype for name, dtype in bare.dtypes.items()
               if name in columns and str(dtype) != columns[name].dtype}
    typed = bare.astype(changed) if changed else bare
    language = get_language()
    attrs: dict[str, Any] = {"table": table, "language": language,
                             "columns": {name: columns[name].words(language) for name in frame.columns if name in columns}}
    typed.attrs = attrs
    return typed


def table_of_columns(names: list[str]) -> str:
    """The table whose frames have exactly these columns (in any order): how a CSV file's header names its table."""
    given = set(names)
    for table, columns in TABLES.items():
        required = {c.name for c in columns if not c.optional}
        if required <= given <= {c.name for c in columns}:
            return table
    raise refuse("stats.unknown_columns", value=shown(", ".join(names)))

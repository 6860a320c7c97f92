"""Scoring the play: what the last card of a series earns (course/rules.md, "4. The play").

Go and the last card belong to the game, not to :func:`score_play`, and are tested there.
"""

from __future__ import annotations

import pytest

from cribbage import (
    MAX_COUNT,
    Card,
    CribbageError,
    InvalidCardError,
    InvalidHandError,
    InvalidPlayError,
    PlayScore,
    ScoreItem,
    cards,
    pile_count,
    score_play,
)


def kinds(series: str) -> list[tuple[str, int]]:
    return [(item.kind, item.points) for item in score_play(cards(series)).items]


# --- fifteen and thirty-one -------------------------------------------------------------------------

@pytest.mark.parametrize("series, count, items", [
    ("7H 8C", 15, [("fifteen", 2)]),
    ("KH 5C", 15, [("fifteen", 2)]),
    ("AH 4C TD", 15, [("fifteen", 2)]),
    ("7H 7C", 14, [("pair", 2)]),
    ("7H 9C", 16, []),
    ("KH QC JD AS", 31, [("thirty-one", 2)]),
    ("KH QC 5D 6S", 31, [("thirty-one", 2)]),
    ("KH QC 9D", 29, []),
    ("9H 6C", 15, [("fifteen", 2)]),
    ("9H 6C 9D", 24, []),                       # fifteen is scored only when the count reaches it
])
def test_fifteen_and_thirty_one(series, count, items):
    result = score_play(cards(series))
    assert result.count == count == pile_count(cards(series))
    assert [(i.kind, i.points) for i in result.items] == items
    assert result.total == sum(points for _, points in items)


def test_fifteen_item_holds_the_whole_series():
    result = score_play("7H 8C")
    assert result.items == (ScoreItem("fifteen", cards("7H 8C"), 2),)


def test_max_count_is_31():
    assert MAX_COUNT == 31


# --- pairs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("series, items", [
    ("5H 5C", [("pair", 2)]),
    ("3H 3C 3D", [("pair royal", 6)]),
    ("2H 2C 2D 2S", [("double pair royal", 12)]),
    ("5H 5C 5D", [("fifteen", 2), ("pair royal", 6)]),
    ("7H 4C 4D", [("fifteen", 2), ("pair", 2)]),
    ("4H 4C 9D 9S", [("pair", 2)]),           # the 4s were pegged before; only the 9s now
    ("5H 6C 5D", []),                          # a pair only with the card just before
    ("3H 3C 4D 3S", []),
    ("6H 6C 2D 6S", []),
    ("9H 3C 3D 3S", [("pair royal", 6)]),
    ("KH QC", []),                             # rank, not value: Q and K are no pair
    ("TH JC", []),
    ("KH KC AD", []),
    ("AC 2C 3C 3H 3S 3D", [("fifteen", 2), ("double pair royal", 12)]),
    ("AC 3C 3H 3S 3D", [("double pair royal", 12)]),
])
def test_pairs_only_with_the_cards_just_before(series, items):
    assert kinds(series) == items


def test_pair_items_hold_the_matching_cards():
    assert score_play("9H 3C 3D 3S").items == (ScoreItem("pair royal", cards("3C 3D 3S"), 6),)
    assert score_play("4H 4C 9D 9S").items == (ScoreItem("pair", cards("9D 9S"), 2),)


# --- runs -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("series, items", [
    ("2H 4C 3D", [("run", 3)]),
    ("4S 6D 5H", [("fifteen", 2), ("run", 3)]),       # the seed's run formed out of order
    ("6S 4D 5H", [("fifteen", 2), ("run", 3)]),
    ("5S 4D 6H", [("fifteen", 2), ("run", 3)]),
    ("3H 4C 5D 6S", [("run", 4)]),                     # the longest run only, not 4 + 3
    ("6S 3H 5D 4C", [("run", 4)]),
    ("KH 2C 3D 4S", [("run", 3)]),                     # the K does not belong, but 2-3-4 does
    ("4H 5C 5D 6S", []),                               # a card that does not belong breaks it
    ("3H 4C 5D 5S", [("pair", 2)]),                    # 3-4-5 then 5: a pair, not a run
    ("3H 4C 5D 5S 6H", []),                            # 4-5-6 is not the last three played
    ("3H 4C 5D 7S 6H", [("run", 5)]),
    ("2H 3C 5D 4S 7H 6C", [("run", 6)]),
    ("TH JC QD", [("run", 3)]),
    ("9H TC JD", [("run", 3)]),
    ("QH KC AD", []),                                  # the ace is low: Q-K-A is no run
    ("KH AC 2D", []),
    ("TH 8C 6D 7S", [("thirty-one", 2), ("run", 3)]),
    ("AH 3C 2D 5S 4H", [("fifteen", 2), ("run", 5)]),
    ("3H 5C 8D", []),                                  # not consecutive
])
def test_runs_in_any_order_longest_only(series, items):
    assert kinds(series) == items


@pytest.mark.parametrize("length", range(3, 8))
def test_runs_of_three_to_seven(length):
    in_order = " ".join(f"{rank}{suit}" for rank, suit in zip("A234567", "HCDSHCD"[:length]))
    assert kinds(in_order)[-1] == ("run", length)
    # the same ranks played out of order: 4 2 7 A 3 6 5, keeping those up to the length
    series = [card for card in cards("4H 2C 7D AS 3H 6C 5D") if card.rank <= length]
    result = score_play(series)
    assert result.items[-1] == ScoreItem("run", tuple(series), length)


def test_run_of_seven_is_the_longest_possible_in_a_series():
    result = score_play("4H 2C 7D AS 3H 6C 5D")
    assert result.count == 28
    assert [(i.kind, i.points) for i in result.items] == [("run", 7)]


# --- refused series ---------------------------------------------------------------------------------

@pytest.mark.parametrize("series, count", [("KH QC JD 2S", "32"), ("KH QC JD TS", "40"),
                                           ("9H 9C 9D 5S", "32")])
def test_a_series_past_31_is_refused(series, count):
    with pytest.raises(InvalidPlayError, match=count):
        score_play(series)


@pytest.mark.parametrize("series", ["", [], ()])
def test_an_empty_series_is_refused(series):
    with pytest.raises(InvalidPlayError, match="empty"):
        score_play(series)


@pytest.mark.parametrize("series", ["5H 5H", "5H 6C 5h", ["7S", Card.parse("7S")]])
def test_duplicates_are_refused(series):
    with pytest.raises(InvalidHandError, match="duplicate"):
        score_play(series)


@pytest.mark.parametrize("series", ["5H 5X", "hello", None, 5, [None], ["5H", 3.0]])
def test_bad_cards_are_refused(series):
    with pytest.raises(InvalidCardError):
        score_play(series)


def test_every_refusal_is_a_cribbage_error():
    for bad in ["KH QC JD 2S", "", "5H 5H", "5X", None]:
        with pytest.raises(CribbageError):
            score_play(bad)


# --- the result -------------------------------------------------------------------------------------

def test_play_score_text_and_total():
    result = score_play(cards("4S 6D 5H"))
    assert isinstance(result, PlayScore)
    assert str(result) == "15: fifteen for 2, run for 3"
    assert result.total == 5
    assert str(score_play("7H 9C")) == "16"
    assert score_play("7H 9C").total == 0


def test_a_single_card_earns_nothing_but_may_make_a_count():
    assert score_play("KH") == PlayScore(10, ())
    assert score_play(["5H"]).count == 5


def test_pile_count():
    assert pile_count(cards("KH QC 5D AS")) == 26
    assert pile_count(()) == 0

"""Properties of the show and the play that must hold for every hand, series and input (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage import (
    FULL_DECK,
    Card,
    CribbageError,
    InvalidHandError,
    InvalidPlayError,
    cards,
    hand_total,
    pile_count,
    score_hand,
    score_play,
)

# Enough examples to find a slip, few enough that the file runs in a few seconds in every `make test`.
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

card = st.sampled_from(FULL_DECK)
five_cards = st.lists(card, min_size=5, max_size=5, unique=True)
KINDS = ("fifteen", "pair", "run", "flush", "nobs")


def as_multiset(result) -> Counter:
    return Counter((item.kind, frozenset(item.cards), item.points) for item in result.items)


# --- the show --------------------------------------------------------------------------------------

@FAST
@given(five=five_cards, order=st.permutations(range(4)), crib=st.booleans())
def test_the_order_of_the_hand_never_changes_the_score(five, order, crib):
    hand, starter = five[:4], five[4]
    again = [hand[i] for i in order]
    first, second = score_hand(hand, starter, crib=crib), score_hand(again, starter, crib=crib)
    assert first.total == second.total
    assert as_multiset(first) == as_multiset(second)
    assert hand_total(again, starter, crib=crib) == first.total


@FAST
@given(five=five_cards, crib=st.booleans())
def test_items_add_up_to_the_total_and_each_part(five, crib):
    result = score_hand(five[:4], five[4], crib=crib)
    by_kind = Counter()
    for item in result.items:
        assert item.kind in KINDS
        by_kind[item.kind] += item.points
    assert sum(by_kind.values()) == result.total
    assert (result.fifteens, result.pairs, result.runs, result.flush, result.nobs) == \
        tuple(by_kind[kind] for kind in KINDS)
    kinds = [item.kind for item in result.items]
    assert kinds == sorted(kinds, key=KINDS.index)


@FAST
@given(five=five_cards, crib=st.booleans())
def test_hand_total_equals_score_hand(five, crib):
    assert hand_total(five[:4], five[4], crib=crib) == score_hand(five[:4], five[4], crib=crib).total


@FAST
@given(five=five_cards, crib=st.booleans())
def test_every_score_is_possible_and_in_range(five, crib):
    total = score_hand(five[:4], five[4], crib=crib).total
    assert 0 <= total <= 29
    assert total not in (19, 25, 26, 27)


@FAST
@given(five=five_cards)
def test_a_crib_never_scores_more_than_the_same_hand(five):
    hand = score_hand(five[:4], five[4])
    crib = score_hand(five[:4], five[4], crib=True)
    assert hand.total - crib.total in (0, 4)
    assert (hand.fifteens, hand.pairs, hand.runs, hand.nobs) == (crib.fifteens, crib.pairs, crib.runs, crib.nobs)


@FAST
@given(five=five_cards)
def test_text_forms_score_the_same(five):
    text = " ".join(c.code for c in five[:4])
    linked = "".join(str(c) for c in five[:4]).lower()
    expected = score_hand(five[:4], five[4]).total
    assert score_hand(text, five[4].code).total == expected
    assert score_hand(linked, str(five[4])).total == expected


# --- malformed input: a CribbageError and nothing else --------------------------------------------

card_ish_text = st.text(alphabet="A23456789TJQK10tjqkaCDHSchds♣♦♥♠ ,;xX1\u212a\u017f\t", max_size=40)
any_text = st.one_of(st.text(max_size=60), card_ish_text)
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=10),
    any_text, st.lists(st.one_of(st.none(), st.integers(), any_text), max_size=6),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.tuples(st.integers(), st.integers()), st.builds(object), st.just(Card),
    st.lists(card, max_size=8), st.lists(st.one_of(card, any_text), max_size=6),
)


def refuses_cleanly(call, *args, **kwargs) -> None:
    """The call either succeeds or raises a CribbageError; anything else fails the test."""
    try:
        call(*args, **kwargs)
    except CribbageError as error:
        assert str(error), "an error must say what was wrong"


@FAST
@given(text=junk)
def test_card_parsing_raises_only_cribbage_errors(text):
    refuses_cleanly(Card.parse, text)
    refuses_cleanly(cards, text)


@FAST
@given(hand=junk, starter=junk, crib=st.booleans())
def test_scoring_junk_raises_only_cribbage_errors(hand, starter, crib):
    refuses_cleanly(score_hand, hand, starter, crib=crib)
    refuses_cleanly(hand_total, hand, starter, crib=crib)


@SOME
@given(held=st.lists(card, min_size=0, max_size=9, unique=True), starter=card)
def test_a_hand_that_is_not_four_cards_is_refused(held, starter):
    if len(held) == 4 and starter not in held:
        assert 0 <= score_hand(held, starter).total <= 29
        return
    for call in (score_hand, hand_total):
        try:
            call(held, starter)
        except InvalidHandError as error:
            assert "four cards" in str(error) or "starter" in str(error) or "duplicate" in str(error)
        else:
            raise AssertionError(f"{call.__name__} accepted {held} with {starter}")


@FAST
@given(five=five_cards, which=st.integers(0, 3), other=st.integers(0, 4))
def test_duplicates_and_a_held_starter_are_refused(five, which, other):
    hand = list(five[:4])
    starter = five[4]
    if other == 4:
        starter = hand[which]                 # the starter is also in the hand
    elif other != which:
        hand[other] = hand[which]             # a card twice in the hand
    else:
        return
    for call in (score_hand, hand_total):
        for crib in (False, True):
            try:
                call(hand, starter, crib=crib)
            except InvalidHandError as error:
                assert str(hand[which]) in str(error)
            else:
                raise AssertionError(f"{call.__name__} accepted {hand} with {starter}")


# --- the play ---------------------------------------------------------------------------------------

@st.composite
def series(draw):
    """A series as it could be played: distinct cards whose count never passes 31.

    Thirteen cards always reach a count of 22 or more, so the series ends where no card fits.
    """
    pool = draw(st.lists(card, min_size=13, max_size=13, unique=True))
    out, count = [], 0
    for c in pool:
        if count + c.value > 31:
            continue  # a player who cannot play this card plays another
        out.append(c)
        count += c.value
    return out


def _expected_run(pile) -> int:
    for n in range(len(pile), 2, -1):
        ranks = {c.rank for c in pile[-n:]}
        if len(ranks) == n and max(ranks) - min(ranks) == n - 1:
            return n
    return 0


@SOME
@given(pile=series())
def test_every_prefix_of_a_legal_series_scores(pile):
    for end in range(1, len(pile) + 1):
        prefix = pile[:end]
        result = score_play(prefix)
        assert result.count == pile_count(prefix) <= 31
        assert result.total == sum(item.points for item in result.items)
        kinds = {item.kind: item for item in result.items}
        assert ("fifteen" in kinds) == (result.count == 15)
        assert ("thirty-one" in kinds) == (result.count == 31)
        same = 1
        while same < end and prefix[-same - 1].rank == prefix[-1].rank:
            same += 1
        pair_points = {1: 0, 2: 2, 3: 6, 4: 12}[same]
        assert sum(i.points for i in result.items if i.kind.endswith(("pair", "pair royal"))) == pair_points
        assert sum(i.points for i in result.items if i.kind == "run") == _expected_run(prefix)
        for item in result.items:
            assert tuple(item.cards) == tuple(prefix[-len(item.cards):])  # always the last cards


@SOME
@given(pile=series(), data=st.data())
def test_a_card_past_31_is_refused(pile, data):
    # a series ends with a count of 22 or more, so some ten-card no longer fits
    too_big = [c for c in FULL_DECK if c not in pile and pile_count(pile) + c.value > 31]
    extra = data.draw(st.sampled_from(too_big))
    try:
        score_play([*pile, extra])
    except InvalidPlayError as error:
        assert str(pile_count(pile) + extra.value) in str(error)
    else:
        raise AssertionError("a count past 31 was accepted")


@FAST
@given(text=junk)
def test_play_junk_raises_only_cribbage_errors(text):
    refuses_cleanly(score_play, text)

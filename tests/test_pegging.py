"""Choosing a card in the play: always legal, explained, and sensible at the expert level."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import FULL_DECK, CribbageError, InvalidHandError, InvalidPlayError, cards, score_play
from cribbage.ai.play_choice import LEVELS, PlayView, choose_play, expected_reply, legal_cards, next_points, play_reason


def series_from(deck, limit=31):
    out, count = [], 0
    for card in deck:
        if count + card.value > limit:
            break
        out.append(card)
        count += card.value
    return out


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_rank_scoring_agrees_with_score_play(rng, low):
    deck = [c for c in FULL_DECK if c.rank <= 7] if low else list(FULL_DECK)
    rng.shuffle(deck)
    series = series_from(deck)
    for i in range(1, len(series) + 1):
        ranks = tuple(c.rank for c in series[:i])
        assert next_points(ranks[:-1])[ranks[-1]] == score_play(series[:i]).total


def random_view(rng: random.Random) -> PlayView:
    """A position that could happen: own cards, a series, cards played before, a starter."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    kept, discards, starter, rest = deck[:4], deck[4:6], deck[6], deck[7:]
    played_mine = rng.randint(0, 3)
    hand = kept[played_mine:]
    theirs_played = rng.randint(0, 4)
    mine_in_series = rng.randint(0, played_mine)
    theirs_in_series = rng.randint(0, theirs_played)
    series = series_from(kept[played_mine - mine_in_series:played_mine] + rest[:theirs_in_series])
    played = kept[:played_mine] + rest[:theirs_played]
    return PlayView(hand=hand, series=series, played=played, starter=starter, kept=kept, discards=discards,
                    dealer=rng.random() < 0.5, scores=(rng.randint(0, 120), rng.randint(0, 120)),
                    opponent_cards=4 - theirs_played, opponent_go=rng.random() < 0.2)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_level_plays_only_legal_cards_and_says_go_only_when_nothing_fits(rng):
    view = random_view(rng)
    for level in LEVELS:
        choice = choose_play(view, level, rng=random.Random(1))
        if choice.card is None:
            assert not legal_cards(view)
            assert "go" in choice.reason or "pass" in choice.reason
        else:
            assert choice.card in view.hand
            assert view.count + choice.card.value <= 31
            assert str(choice.card) in choice.reason
        assert choice.level == level


def view(hand, series="", **kw):
    return PlayView(hand=cards(hand), series=cards(series), **kw)


@pytest.mark.parametrize("hand, series, want, says", [
    ("5H 9C 2D", "JS", "5H", "fifteen for 2"),
    ("2H 8C 4D", "KS QD 9C", "2H", "31 for 2"),
    ("8H KD 2C", "QS 8S", "8H", "a pair for 2"),
    ("6H KD AC", "4S 5C", "6H", "a run of 3 for 3"),
])
def test_the_expert_takes_obvious_points_and_says_so(hand, series, want, says):
    choice = choose_play(view(hand, series))
    assert choice.card == cards(want)[0]
    assert choice.reason.startswith(f"play the {choice.card}: it makes")
    assert says in choice.reason


@pytest.mark.parametrize("hand, series, bad", [
    ("3C 9D QH", "2S", "3C"),          # 5: a ten-card makes 15
    ("KH 2C 3D", "6S 5D", "KH"),       # 21: a ten-card makes 31
    ("5H 4C 9D KS", "", "5H"),         # never lead a 5
    ("5H 8C 9D", "KS", "5H"),          # no points in hand: keep the 5 back rather than leave 15... it makes 15
])
def test_the_expert_avoids_5_and_21_and_leading_a_five(hand, series, bad):
    choice = choose_play(view(hand, series))
    if bad == "5H" and series == "KS":
        assert choice.card == cards("5H")[0]  # unless the 5 makes fifteen now: then take it
    else:
        assert choice.card != cards(bad)[0]


def test_the_expert_leads_a_card_under_five_and_explains_why():
    choice = choose_play(view("4H 9C KD QS"))
    assert choice.card == cards("4H")[0]
    assert choice.reason == "lead the 4♥: a count under 5 can't be made 15"


def test_a_5_that_does_not_fit_is_no_reason_to_play_another_card():
    # At 28 the 5 cannot be played: the 2 is not played "to keep the 5 back" but because it alone fits.
    for level in ("expert", "standard"):
        choice = choose_play(view("2C 5D", "6H 4H 5H 3D JS"), level)
        assert choice.card == cards("2C")[0]
        assert choice.reason == "play the 2♣: it is the only card that fits"


def test_the_expert_leads_from_a_pair():
    choice = choose_play(view("7H 7C KD 9S"))
    assert choice.card.rank == 7
    assert "pair royal" in choice.reason


def test_when_the_opponent_said_go_the_expert_plays_out_for_31():
    v = view("AH 2S 6C", "KS QD 8C", opponent_go=True)
    first = choose_play(v).card
    assert first.rank in (1, 2)
    nxt = view([c for c in v.hand if c != first], [*list(v.series), first], opponent_go=True)
    assert choose_play(nxt).reason.endswith("31 for 2")


def test_the_expert_pegs_out_when_the_points_win_the_game():
    # A pair wins the game at 119: take it even though it risks a pair royal.
    v = view("8H KD 2C", "QS 8S", scores=(119, 100))
    assert choose_play(v).card == cards("8H")[0]


def test_expected_reply_counts_the_tens_against_a_count_of_five():
    unseen = [0] + [4] * 13
    unseen[5] = 2  # our 5 and one more seen
    # Leading a 5: the opponent makes 15 with any of 16 ten-cards (and we cannot answer for a pair).
    five = expected_reply((5,), (9, 9, 13), unseen, 4)
    four = expected_reply((4,), (9, 9, 13), unseen, 4)
    assert five < four - 0.5 and five < -0.5


def test_standard_is_greedy_then_safe():
    assert choose_play(view("5H 9C 2D", "JS"), "standard").card == cards("5H")[0]
    assert choose_play(view("3C 9D QH", "2S"), "standard").card != cards("3C")[0]
    assert choose_play(view("5H 4C 9D KS"), "standard").card == cards("4C")[0]


def test_the_beginner_is_random_but_seeded():
    v = view("AH 2S 6C 9D")
    picks = [choose_play(v, "beginner", rng=random.Random(s)).card for s in range(20)]
    again = [choose_play(v, "beginner", rng=random.Random(s)).card for s in range(20)]
    assert picks == again and len(set(picks)) > 1


def test_go_and_pass():
    assert choose_play(view("KH QS", "KS QD 8C")).card is None
    assert "say go" in choose_play(view("KH QS", "KS QD 8C")).reason
    assert choose_play(view("", "KS")).reason == "no cards left: pass"


def test_the_view_counts_what_is_unseen():
    v = view("5H 6H", "7C", played=cards("7C 9D"), starter=cards("JS")[0], kept=cards("5H 6H 9D 2C"),
             discards=cards("KH KD"))
    unseen = v.unseen()
    assert len(unseen) == 52 - len({*cards("5H 6H 7C 9D JS 2C KH KD")})
    assert v.unseen_ranks()[13] == 2 and v.unseen_ranks()[5] == 3 and v.count == 7


@pytest.mark.parametrize("make, error", [
    (lambda: choose_play(view("5H"), "grandmaster"), CribbageError),
    (lambda: view("5H", "KS QS JS 2C"), InvalidPlayError),
    (lambda: view("5H 5H"), InvalidHandError),
    (lambda: view("5X"), CribbageError),
    (lambda: view("5H", opponent_cards=7), CribbageError),
    (lambda: view("5H 6H", "5H"), InvalidHandError),
    (lambda: view("5H 6H", starter=cards("6H")[0]), InvalidHandError),
])
def test_bad_input_is_refused(make, error):
    with pytest.raises(error) as info:
        make()
    assert isinstance(info.value, CribbageError) and str(info.value)


def test_a_lead_from_a_pair_or_three_of_a_rank_reads_as_said_aloud():
    three = view("7H 7C 7D KS")
    assert str(play_reason(three, cards("7H")[0], list(three.hand))) == \
        "lead the 7♥ from your three sevens: if they pair it, you answer with a pair royal"
    sixes = view("6H 6C 6D 2S")
    assert "from your three sixes:" in str(play_reason(sixes, cards("6C")[0], list(sixes.hand)))
    pair = view("7H 7C KD 9S")
    assert str(play_reason(pair, cards("7C")[0], list(pair.hand))) == \
        "lead the 7♣ from your pair: if they pair it, you answer with a pair royal"


def test_holding_all_four_of_a_rank_the_lead_is_not_said_to_invite_a_pair():
    four = view("3H 3C 3D 3S")
    reason = str(play_reason(four, cards("3H")[0], list(four.hand)))
    assert "pair" not in reason and reason == "lead the 3♥: a count under 5 can't be made 15"

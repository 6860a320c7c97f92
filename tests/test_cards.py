"""Cards and the deck: every accepted text form, every refused one, and the deck's deal and cut."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from cribbage import FULL_DECK, RANK_LABELS, Card, CribbageError, Deck, InvalidCardError, InvalidHandError, Suit, cards

RANK_FORMS = {
    1: ["A", "a"], 2: ["2"], 3: ["3"], 4: ["4"], 5: ["5"], 6: ["6"], 7: ["7"], 8: ["8"], 9: ["9"],
    10: ["T", "t", "10"], 11: ["J", "j"], 12: ["Q", "q"], 13: ["K", "k"],
}
SUIT_FORMS = {
    Suit.CLUBS: ["C", "c", "♣"], Suit.DIAMONDS: ["D", "d", "♦"],
    Suit.HEARTS: ["H", "h", "♥"], Suit.SPADES: ["S", "s", "♠"],
}


# --- parsing -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", list(Suit))
def test_every_rank_and_suit_form_parses(rank, suit):
    for rank_text, suit_text in itertools.product(RANK_FORMS[rank], SUIT_FORMS[suit]):
        card = Card.parse(rank_text + suit_text)
        assert (card.rank, card.suit) == (rank, suit), rank_text + suit_text


@pytest.mark.parametrize("text", ["5H", "5h", "5♥", " 5H ", "5\u2661"])
def test_five_of_hearts_forms(text):
    assert Card.parse(text) == Card(5, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10h", "Th", "10H", "TH", "th", "10♥", "t♥"])
def test_ten_written_as_t_or_10(text):
    assert Card.parse(text) == Card(10, Suit.HEARTS)


def test_parse_returns_a_card_unchanged():
    card = Card(12, Suit.SPADES)
    assert Card.parse(card) is card


def test_card_constructor_accepts_a_suit_number():
    assert Card(5, 2) == Card(5, Suit.HEARTS)
    assert isinstance(Card(5, 2).suit, Suit)


# --- what a card says about itself ----------------------------------------------------------------

@pytest.mark.parametrize("code, shown, label, name, value", [
    ("AS", "A♠", "A", "ace of spades", 1),
    ("2C", "2♣", "2", "two of clubs", 2),
    ("5H", "5♥", "5", "five of hearts", 5),
    ("9D", "9♦", "9", "nine of diamonds", 9),
    ("TS", "10♠", "10", "ten of spades", 10),
    ("JD", "J♦", "J", "jack of diamonds", 10),
    ("QH", "Q♥", "Q", "queen of hearts", 10),
    ("KC", "K♣", "K", "king of clubs", 10),
])
def test_str_code_label_name_value(code, shown, label, name, value):
    card = Card.parse(code)
    assert card.code == code
    assert str(card) == shown
    assert card.label == label
    assert card.name == name
    assert card.value == value
    assert repr(card) == f"Card.parse({code!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_value_is_face_value_with_faces_ten():
    assert [Card(rank, Suit.CLUBS).value for rank in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_index_is_a_bijection_onto_0_to_51():
    indexes = [card.index for card in FULL_DECK]
    assert indexes == list(range(52))
    for card in FULL_DECK:
        assert Card.from_index(card.index) == card
        assert Card.parse(card.code) == card
        assert Card.parse(str(card)) == card


def test_rank_labels_and_suits():
    assert [RANK_LABELS[r] for r in range(1, 14)] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert Suit.HEARTS.english == "hearts"


# --- ordering, hashing, immutability --------------------------------------------------------------

def test_ordered_by_rank_then_suit_ace_low():
    assert Card.parse("AS") < Card.parse("2C")
    assert Card.parse("KC") > Card.parse("QS")
    assert Card.parse("5C") < Card.parse("5D") < Card.parse("5H") < Card.parse("5S")
    assert sorted(FULL_DECK, reverse=True)[::-1] == list(FULL_DECK)
    assert max(cards("AS KC 10H")) == Card.parse("KC")


def test_equal_cards_hash_equal():
    assert Card.parse("5h") == Card.parse("5♥") == Card(5, Suit.HEARTS)
    assert hash(Card.parse("th")) == hash(Card.parse("10H"))
    assert len({Card.parse(t) for t in ["5H", "5h", "5♥", "5D"]}) == 2
    assert len(set(FULL_DECK)) == 52


def test_card_is_frozen():
    card = Card.parse("5H")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 6  # type: ignore[misc]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        card.suit = Suit.SPADES  # type: ignore[misc]
    assert card == Card(5, Suit.HEARTS)


@pytest.mark.parametrize("rank, suit", [(0, 0), (14, 0), (-1, 1), (True, 0), (5.0, 0), ("5", 0),
                                        (5, 4), (5, -1), (5, "H"), (5, None)])
def test_card_constructor_refuses_impossible_cards(rank, suit):
    with pytest.raises(InvalidCardError):
        Card(rank, suit)


# --- many cards ----------------------------------------------------------------------------------

FOUR = (Card(5, Suit.HEARTS), Card(5, Suit.DIAMONDS), Card(6, Suit.HEARTS), Card(7, Suit.SPADES))


@pytest.mark.parametrize("text", [
    "5H 5D 6H 7S", "5H,5D,6H,7S", "5H, 5D, 6H, 7S", "5H5D6H7S", "5h5d6h7s", "  5H   5D\t6H\n7S ",
    "5♥ 5♦ 6♥ 7♠", "5♥5♦6♥7♠", "5H5D 6H7S", "5H;5D;6H;7S",
])
def test_cards_separators_and_link_form(text):
    assert cards(text) == FOUR


def test_cards_run_together_with_tens():
    assert cards("10H10DTS") == (Card(10, Suit.HEARTS), Card(10, Suit.DIAMONDS), Card(10, Suit.SPADES))


def test_cards_from_an_iterable():
    assert cards(["5H", Card(5, Suit.DIAMONDS), "6♥", "7s"]) == FOUR
    assert cards(iter(["5H", "5D", "6H", "7S"])) == FOUR
    assert cards(Card(5, Suit.HEARTS)) == (Card(5, Suit.HEARTS),)
    assert cards("") == ()
    assert cards([]) == ()


@pytest.mark.parametrize("text", ["5H 5H", "5H 5h", "5H,5♥", "5H5D5H", ["5H", Card(5, Suit.HEARTS)]])
def test_cards_refuse_duplicates_naming_the_card(text):
    with pytest.raises(InvalidHandError, match="5♥"):
        cards(text)


def test_duplicates_allowed_when_asked():
    assert cards("5H 5H", distinct=False) == (Card(5, Suit.HEARTS),) * 2


# --- refused text --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "5X", "1H", "11S", "", "5", "H", "<script>", "0H", "1C", "BH", "5HH", "55H", "10", "100H",
    "5 H", "Joker", "♥5", "H5", "5♥♥", "ZZ", "5\u2764", "\u212aH",  # Kelvin sign, not K
    "5\u017f",  # long s, not S
    "５H",  # noqa: RUF001  (a full-width 5, refused on purpose)
])
def test_parse_refuses_malformed_text_and_quotes_it(text):
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value) or repr(text.strip()) in str(caught.value)


@pytest.mark.parametrize("thing", [None, 42, 5.0, b"5H", ["5H"], ("5", "H"), object(), {"5H"}, True])
def test_parse_refuses_non_text_and_names_it(thing):
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(thing)


def test_very_long_text_is_refused_and_shortened_in_the_message():
    with pytest.raises(InvalidCardError) as caught:
        Card.parse("5H" * 10_000)
    assert len(str(caught.value)) < 200
    assert "5H5H" in str(caught.value)
    with pytest.raises(InvalidCardError, match="20000 characters"):
        cards("5H" * 10_000)


@pytest.mark.parametrize("text, bad", [
    ("5H 5X 6H", "5X"), ("5H,1H", "1H"), ("5H5D6H7", "5H5D6H7"), ("5H 11S", "11S"),
    ("<script>alert(1)</script>", "<script>alert(1)</script>"), ("5H5Q", "5H5Q"),
    ("KH 5H\u212aD", "5H\u212aD"),
])
def test_cards_refuse_a_bad_token_and_name_it(text, bad):
    with pytest.raises(InvalidCardError) as caught:
        cards(text)
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("thing", [None, 42, 4.5, object(), [None], ["5H", 7], [["5H"]]])
def test_cards_refuse_non_cards(thing):
    with pytest.raises(InvalidCardError):
        cards(thing)


def test_errors_are_value_errors():
    assert issubclass(InvalidCardError, CribbageError)
    assert issubclass(InvalidHandError, CribbageError)
    assert issubclass(CribbageError, ValueError)


# --- the deck ------------------------------------------------------------------------------------

def test_new_deck_is_the_52_cards_in_order():
    deck = Deck()
    assert len(deck) == 52
    assert list(deck) == list(FULL_DECK)
    assert len(set(deck)) == 52
    assert deck[0] == Card.parse("AC") and deck[-1] == Card.parse("KS")


def test_shuffle_is_reproducible_and_depends_on_the_seed():
    a, b = Deck().shuffled(7), Deck().shuffled(7)
    assert a == b and list(a) == list(b) and hash(a) == hash(b)
    assert Deck().shuffled(8) != a
    assert sorted(a) == list(FULL_DECK)
    assert Deck().shuffled("game-1") == Deck().shuffled("game-1")
    assert len({tuple(Deck().shuffled(seed)) for seed in range(20)}) == 20
    assert a != Deck()


def test_shuffle_leaves_the_deck_unchanged():
    deck = Deck()
    deck.shuffled(1)
    assert list(deck) == list(FULL_DECK)


def test_deal_one_at_a_time_alternately():
    deck = Deck().shuffled(3)
    (pone, dealer), rest = deck.deal(hands=2, each=6)
    assert pone == tuple(deck[0:12:2])
    assert dealer == tuple(deck[1:12:2])
    assert list(rest) == list(deck[12:])
    assert len(rest) == 40
    assert set(pone).isdisjoint(dealer) and set(pone + dealer).isdisjoint(rest)
    assert list(deck) == list(Deck().shuffled(3))  # dealing returns new stacks


def test_deal_three_hands_of_five():
    deck = Deck()
    hands, rest = deck.deal(hands=3, each=5)
    assert [len(h) for h in hands] == [5, 5, 5]
    assert hands[2] == (deck[2], deck[5], deck[8], deck[11], deck[14])
    assert len(rest) == 37


@pytest.mark.parametrize("hands, each", [(0, 6), (2, -1), (9, 6), (1, 53)])
def test_deal_refuses_impossible_deals(hands, each):
    with pytest.raises(InvalidHandError):
        Deck().deal(hands=hands, each=each)


def test_cut_leaves_four_cards_each_side():
    deck = Deck().shuffled(11)
    assert deck.cut(20) == deck[20]
    assert deck.cut(0) == deck[4]
    assert deck.cut(100) == deck[len(deck) - 5]
    assert deck.cut(-3) == deck[4]
    small = Deck("AC 2C")
    assert small.cut(0) in small
    with pytest.raises(InvalidHandError):
        Deck([]).cut(0)


def test_draw():
    deck = Deck().shuffled(5)
    top, rest = deck.draw(3)
    assert top == tuple(deck[:3]) and list(rest) == list(deck[3:])
    assert deck.draw(0) == ((), deck)
    one, _ = deck.draw()
    assert one == (deck[0],)
    with pytest.raises(InvalidHandError):
        deck.draw(53)
    with pytest.raises(InvalidHandError):
        deck.draw(-1)


def test_deck_from_text_refuses_duplicates_and_bad_cards():
    assert list(Deck("5H 5D")) == [Card.parse("5H"), Card.parse("5D")]
    with pytest.raises(InvalidHandError):
        Deck("5H 5H")
    with pytest.raises(InvalidCardError):
        Deck("5H 5X")


def test_emoji_style_suits_pasted_from_phones_are_read():
    assert Card.parse("5♥\ufe0f") == Card.parse("5H")
    assert cards("5♥\ufe0f 6♠\ufe0f") == cards("5H 6S")


def test_an_endless_iterable_is_refused_not_read_forever():
    import itertools
    with pytest.raises(InvalidCardError, match="more than 52"):
        cards(itertools.cycle(["5H"]))

"""Typed card text split into pieces, each read by the engine (the calculator's parser lives here)."""

import pytest

from cribbage import InvalidCardError, cards
from cribbage.rules.cards import card_tokens, first_duplicate


def test_each_piece_with_its_cards_or_none():
    assert card_tokens("5H5D, 6h;7S  8♣") == [("5H5D", cards("5H 5D")), ("6h", cards("6H")),
                                              ("7S", cards("7S")), ("8♣", cards("8C"))]
    assert card_tokens("5H 5X 1H") == [("5H", cards("5H")), ("5X", None), ("1H", None)]
    assert card_tokens("  ") == []


def test_lookalikes_read_as_what_they_look_like():
    assert card_tokens("\u212aH \uff15\uff24 \uff11\uff10S") == [("KH", cards("KH")), ("5D", cards("5D")),
                                                                ("10S", cards("10S"))]


def test_far_too_much_text_is_refused_as_cards_refuses_it():
    with pytest.raises(InvalidCardError, match="too much text"):
        card_tokens("5H " * 200)


def test_first_duplicate():
    assert first_duplicate(cards("5H 5D 5H 5D", distinct=False)) == cards("5H")[0]
    assert first_duplicate(cards("5H 5D")) is None

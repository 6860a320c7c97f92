"""Cards on screen: rank and symbol always shown, names for screen readers, pickers that refuse
a pick past their limit with a message and change nothing."""

from __future__ import annotations

import random

import ipywidgets as w
import pytest

from cribbage import FULL_DECK, Card, cards
from widgets.blocks.cards import CardPicker, CardRow, DeckPicker, card_html, row_html, suit_class


def test_a_card_shows_rank_symbol_and_name_never_colour_alone():
    for card in FULL_DECK:
        shown = card_html(card)
        assert f'aria-label="{card.name}"' in shown and f'title="{card.name}"' in shown
        assert f"{card.label}{card.suit.symbol}" in shown and card.code in shown
        assert ("cc-red" in shown) == card.suit.is_red
    assert 'aria-label="cinco de corazones"' in card_html(Card.parse("5H"), language="es")


def test_four_colour_deck_gives_each_suit_its_class():
    classes = {suit_class(card.suit, four_colour=True) for card in FULL_DECK}
    assert len(classes) == 4
    assert "cc-c4-clubs" in card_html(Card.parse("2C"), four_colour=True)


def test_row_sets_the_starter_apart_and_highlights():
    hand = cards("5H 5D 6H 7S")
    row = CardRow(hand, starter=Card.parse("8C"), starter_label="starter")
    assert row.html.count('class="cc-card') == 5 and "starter" in row.html
    row.highlight(hand[:2])
    assert row.html.count("cc-hi") == 2 and row.highlighted == frozenset(hand[:2])
    row.set_cards(hand[:3])
    assert row.cards == hand[:3] and row.highlighted == frozenset()
    assert row_html((), empty_slots=4).count("cc-empty") == 4


def test_picker_picks_up_to_its_limit_and_refuses_more():
    six = cards("5H 5D 6H 7S 8C JD")
    picker = CardPicker(six, pick=2)
    seen = []
    picker.on_change(seen.append)
    assert all(isinstance(b, w.Button) for b in picker.buttons.values())  # keyboard-reachable
    picker.buttons[six[0]].click()
    picker.buttons[six[1]].click()
    assert picker.selected == six[:2] and "cc-selected" in picker.buttons[six[0]]._dom_classes
    picker.buttons[six[2]].click()
    assert picker.selected == six[:2] and "2" in picker.message
    picker.buttons[six[0]].click()  # put one back
    assert picker.selected == (six[1],) and "cc-selected" not in picker.buttons[six[0]]._dom_classes
    assert picker.message == ""
    assert seen == [six[:1], six[:2], (six[1],)]
    assert picker.buttons[six[1]].tooltip.startswith("five of diamonds")


def test_picker_select_is_all_or_nothing():
    six = cards("5H 5D 6H 7S 8C JD")
    picker = CardPicker(six, pick=2)
    picker.select(six[:2])
    picker.select(six[:3])
    assert picker.selected == six[:2] and picker.message
    picker.select([Card.parse("AS")])
    assert picker.selected == six[:2] and "A♠" in picker.message
    picker.clear()
    assert picker.selected == ()


def test_deck_picker_offers_52_cards_in_four_rows():
    deck = DeckPicker()
    assert set(deck.cards) == set(FULL_DECK) and deck.pick == 5
    rows = deck._grid.children
    assert len(rows) == 4 and all(len(row.children) == 13 for row in rows)


def test_monkey_clicks_never_raise():
    rng = random.Random(1)
    picker = DeckPicker(pick=5)
    buttons = list(picker.buttons.values())
    for _ in range(3000):
        rng.choice(buttons).click()
        assert len(picker.selected) <= 5 and len(set(picker.selected)) == len(picker.selected)


def test_views_given_wrong_types_say_what_they_expected():
    # Issue 16: CardRow.set_cards("5H") and a non-callable on_change failed deep inside.
    from cribbage import cards as read
    from widgets.blocks.cards import CardPicker, CardRow
    row = CardRow()
    row.set_cards("5H 5D", "8C")                        # text is read by the engine
    assert row.cards == read("5H 5D") and row.starter == read("8C")[0]
    for bad in (5, [5, 6], ["5H", object()]):
        with pytest.raises(TypeError, match="Card objects"):
            row.set_cards(bad)
    assert row.cards == read("5H 5D")
    picker = CardPicker(read("5H 5D 6H"))
    with pytest.raises(TypeError, match="function"):
        picker.on_change("not a function")


@pytest.mark.slow
def test_new_cards_close_the_old_buttons():
    # Issue 16: each new deal left the old card buttons alive in the kernel.
    from cribbage import Deck
    from widgets.blocks.cards import CardPicker
    picker = CardPicker(Deck().shuffled(0).draw(6)[0])
    from ipywidgets.widgets.widget import _instances
    picker.set_cards(Deck().shuffled(1).draw(6)[0])
    before = len(_instances)
    for seed in range(200):
        picker.set_cards(Deck().shuffled(seed).draw(6)[0])
    assert len(_instances) <= before

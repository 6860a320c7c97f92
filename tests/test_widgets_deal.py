"""The first deal: tap the deck, lay two away, cut the starter; seeded, refusals kind, words catalogued."""

from __future__ import annotations

import pytest

from cribbage import Deck, advise_discard, cards, score_hand
from cribbage.registry.languages import TRANSLATED
from widgets import DealPractice
from widgets.drills.deal import DealSteps


def _visible(widget) -> bool:
    return widget.layout.display != "none"


def test_the_steps_deal_lay_away_and_cut_from_the_seed() -> None:
    steps = DealSteps(seed=7)
    steps.deal()
    (pone, dealer), rest = Deck().shuffled(7).deal(hands=2, each=6)
    assert steps.you_deal and steps.six == tuple(sorted(dealer)) and steps.computer_six == pone
    two = steps.six[:2]
    steps.lay_away(two)
    assert steps.kept == steps.six[2:] and len(steps.crib) == 4
    assert steps.computer_laid_away == advise_discard(pone, dealer=False).best.discard
    starter = steps.cut()
    assert starter == rest.cut(len(rest) // 2) and starter not in steps.six + steps.computer_six
    steps.deal()
    assert not steps.you_deal and steps.deal_number == 2 and steps.step == "discard"   # the deal passes over


def test_the_same_seed_deals_the_same_cards() -> None:
    first, second = DealSteps(seed=11), DealSteps(seed=11)
    first.deal(), second.deal()
    assert first.six == second.six


@pytest.mark.parametrize("two, words", [((), "you picked 0"), ("AS KS QS", "you picked 3")])
def test_a_wrong_lay_away_is_refused_and_changes_nothing(two, words) -> None:
    view = DealPractice(seed=7)
    view.deal_button.click()
    view.lay_away(cards(two) if two else ())
    assert words in view.message and view.steps.step == "discard" and view.steps.laid_away == ()


def test_a_card_not_dealt_is_refused() -> None:
    view = DealPractice(seed=7)
    view.deal_button.click()
    stranger = next(c for c in Deck() if c not in view.steps.six)
    view.lay_away((view.steps.six[0], stranger))
    assert "is not one of your six cards" in view.message and view.steps.step == "discard"


def test_out_of_order_is_refused() -> None:
    view = DealPractice(seed=7)
    view.cut()
    assert "Not now" in view.message and view.steps.step == "deck"


def test_the_view_walks_through_a_deal_by_clicks() -> None:
    view = DealPractice(seed=7)
    assert _visible(view.deal_button) and not _visible(view.picker) and "Tap the deck" in view.message
    view.deal_button.click()
    assert _visible(view.picker) and not _visible(view.deal_button) and view.lay_away_button.disabled
    assert "the crib is yours" in view._who.value
    first, second, third = view.steps.six[:3]
    view.picker.buttons[first].click()
    view.picker.buttons[second].click()
    assert not view.lay_away_button.disabled and "You lay away" in view.message
    view.picker.buttons[third].click()                 # a third card: refused by the picker
    assert view.picker.selected == (first, second)
    view.lay_away_button.click()
    assert view.steps.step == "cut" and _visible(view.cut_button) and not _visible(view.picker)
    view.cut_button.click()
    show = score_hand(view.steps.kept, view.steps.starter)
    assert view.steps.step == "done" and f"will count {show.total} points" in view._count.value
    assert _visible(view.again_button)
    view.again_button.click()
    assert view.steps.deal_number == 2 and "you are the pone" in view._who.value
    assert view.picker.message == ""                   # no refusal left over from the last deal


def test_his_heels_is_announced() -> None:
    seed = next(s for s in range(200) if _starter_rank(s) == 11)
    view = DealPractice(seed=seed)
    view.deal()
    view.lay_away(view.steps.six[:2])
    view.cut()
    assert "His heels" in view._count.value and "you peg 2" in view._count.value


def _starter_rank(seed: int) -> int:
    steps = DealSteps(seed)
    steps.deal()
    steps.laid_away = steps.six[:2]
    steps.step = "cut"
    return steps.cut().rank


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_on_screen_in_other_languages(language) -> None:
    view = DealPractice(seed=7, language=language)
    seen = [view.message, view.deal_button.description]
    view.deal()
    seen += [view.message, view._who.value, view._theirs.value, view.lay_away_button.description]
    view.lay_away(view.steps.six[:2])
    seen += [view.message, view._crib.value, view.cut_button.description]
    view.cut()
    seen += [view.message, view._count.value, view.again_button.description]
    for text in seen:
        for english in ("the crib", "Deal", "Lay away", "starter", "your hand", "Tap", "computer"):
            assert english not in text, (english, text)


def test_bad_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        DealPractice(seed="seven")

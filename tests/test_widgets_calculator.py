"""The hand calculator driven from Python: by clicks, by typing, by code and by link; hostile
links refused without evaluation; thousands of random actions that never raise."""

from __future__ import annotations

import builtins
import random
import string

import pytest
from monkey import click_any, monkey

from cribbage import FULL_DECK, Card, Deck, cards, hand_total, score_hand, stats
from cribbage.registry.languages import CODES
from widgets.calculator.hand import HandCalculator, parse_code, parse_query, share_code, share_query

TWELVE = cards("5H 5D 6H 7S")
EIGHT_C = Card.parse("8C")


def calculator(**kwargs) -> HandCalculator:
    kwargs.setdefault("chart", False)
    return HandCalculator(**kwargs)


def test_a_session_by_clicks():
    calc = calculator()
    assert calc.score is None and "5" in calc._total.value
    for card in TWELVE:
        calc.picker.buttons[card].click()
    assert calc.hand == TWELVE and calc.starter is None and calc.score is None
    calc.picker.buttons[EIGHT_C].click()
    assert calc.starter == EIGHT_C and calc.score.total == 12
    assert "12" in calc._total.value and "fifteen two" in calc._spoken.value
    assert len(calc.item_buttons) == len(score_hand(TWELVE, EIGHT_C).items) - 0  # one pair, no royal
    # A sixth card is refused by the picker and changes nothing.
    calc.picker.buttons[Card.parse("KS")].click()
    assert calc.hand == TWELVE and calc.starter == EIGHT_C and calc.picker.message
    # Taking a hand card back leaves the starter where it is; the next pick refills the hand.
    calc.picker.buttons[TWELVE[0]].click()
    assert calc.hand == TWELVE[1:] and calc.starter == EIGHT_C and calc.score is None
    calc.picker.buttons[Card.parse("5C")].click()
    assert calc.hand == (*TWELVE[1:], Card.parse("5C")) and calc.score.total == hand_total(
        calc.hand, EIGHT_C)


def test_item_buttons_lift_their_cards():
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=8C", chart=False)
    pair = next(i for i, b in enumerate(calc.item_buttons) if b.description.startswith("Pair"))
    calc.item_buttons[pair].click()
    assert calc.highlighted == frozenset(cards("5H 5D"))
    assert "cc-selected" in calc.item_buttons[pair]._dom_classes
    calc.item_buttons[pair].click()
    assert calc.highlighted == frozenset()


def test_a_session_by_typing_and_the_crib_toggle():
    calc = calculator()
    calc.type_cards("2h 4h 6h 9h 5s")
    assert calc.score.total == 13 and calc.score.flush == 4
    calc.crib = True
    assert calc.score.total == 9 and calc.score.flush == 0 and "crib" in calc._total.value.lower()
    assert calc.share_code == "2H4H6H9H/5S/crib" and calc.query.endswith("crib=1")
    calc.type_cards("5H 5D 6H 7S")  # four cards: refused, nothing changes
    assert calc.score.total == 9 and "not 4" in calc.message
    calc.type_cards("5H 5H 6H 7S 8C")
    assert calc.score.total == 9 and "twice" in calc.message
    calc.type_cards("5H 5X 6H 7S 8C")
    assert calc.score.total == 9 and "'5X'" in calc.message
    calc.text.value = "JH 5D 5C 5S 5H"  # pressing Enter (the value is committed) scores too
    assert calc.score.total == 29
    calc.clear()
    assert calc.hand == () and calc.score is None and calc.share_code == "" and calc.link == ""


def test_set_hand_and_its_refusals():
    calc = calculator()
    calc.set_hand("5H 5D 6H 7S", "8C")
    assert calc.score.total == 12
    calc.set_hand(TWELVE, "5H")
    assert calc.score.total == 12 and "twice" in calc.message
    calc.set_hand(TWELVE[:3], EIGHT_C)
    assert calc.score.total == 12 and calc.message


def _random_hands(n: int, seed: int = 3):
    rng = random.Random(seed)
    for _ in range(n):
        five = Deck().shuffled(rng.randrange(2**32)).draw(5)[0]
        yield tuple(five[:4]), five[4], rng.random() < 0.5


@pytest.mark.slow
def test_code_and_link_round_trip():
    for hand, starter, crib in _random_hands(300):
        assert parse_query(share_query(hand, starter, crib)) == (hand, starter, crib)
        assert parse_code(share_code(hand, starter, crib)) == (hand, starter, crib)
    calc = calculator(base_url="https://example.org/calculator")
    again, other = calculator(), calculator()
    for i, (hand, starter, crib) in enumerate(_random_hands(60, seed=4)):
        calc.set_hand(hand, starter, crib)
        link, code, total = calc.link, calc.share_code, calc.score.total
        assert link.startswith("https://example.org/calculator?hand=")
        if i < 3:
            again = HandCalculator.from_query(link, chart=False)
        else:
            assert again.load_query(link)
        assert (again.hand, again.starter, again.crib, again.score.total) == (hand, starter, crib, total)
        other._code.value = code
        other._load_button.click()
        assert (other.hand, other.starter, other.crib) == (hand, starter, crib)


def test_voila_style_mappings_are_read():
    calc = HandCalculator.from_query({"hand": [b"5H5D6H7S"], "starter": [b"8C"], "crib": [b"0"]}, chart=False)
    assert calc.score.total == 12
    calc = HandCalculator.from_query({"hand": "5H 5D 6H 7S", "starter": "8C"}, chart=False)
    assert calc.score.total == 12 and not calc.crib


HOSTILE = [
    "?hand=<script>alert(1)</script>&starter=8C",
    "?hand=5H5D6H7S&starter=<script>alert(1)</script>",
    "?hand=__import__('os').system('touch /tmp/pwned')&starter=8C",
    "hand=5H5D6H7S&starter=__import__('os')",
    "hand=5H5D6H7S&starter=8C&crib=__import__('os')",
    "hand=5H5D6H7S&starter=8C&crib=2",
    "hand=5H5D6H7S&starter=8C&evil=1",
    "hand=5H5D6H7S&starter=8C&hand=5H5D6H7S",
    "hand=5H5D6H&starter=8C",
    "hand=5H5D6H7S8C&starter=9C",
    "hand=5H5D6H7S&starter=8C9C",
    "hand=5H5H6H7S&starter=8C",
    "hand=5H5D6H7S&starter=5H",
    "hand=5H5D6H7S",
    "starter=8C",
    "",
    "?",
    "hand=" + "5H" * 5000 + "&starter=8C",
    "hand=5H5D6H7S&starter=8C&" + "&".join(f"k{i}=1" for i in range(500)),
    "hand=5H5D6H7S&starter=" + "A" * 100,
    "hand=%00%01&starter=8C",
    "hand=5H5D6H7S&starter=8C\x00",
    "{{7*7}}",
    "${jndi:ldap://x}",
    b"hand=\xff\xfe&starter=8C",
    {"hand": ["5H5D6H7S"], "starter": ["8C"], "os": ["system"]},
    {"hand": ["5H5D6H7S", "5C5D6H7S"], "starter": ["8C"]},
    {"hand": 5, "starter": "8C"},
    {"hand": ["5H5D6H7S"], "starter": [object()]},
    12345,
    None,
    ["hand", "5H5D6H7S"],
]


@pytest.fixture(scope="module")
def shared() -> HandCalculator:
    calc = calculator()
    # Scored once before the test takes eval and exec away: the first score loads the chart's table
    # (np.load may import a codec, and importing a module runs exec), which is not the link's doing.
    calc.set_hand("5H 5D 6H 7S", "8C")
    return calc


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_links_are_refused_with_a_message_and_never_evaluated(query, shared, monkeypatch):
    def no_eval(*args, **kwargs):  # the calculator must never reach for eval or exec
        raise AssertionError("evaluated")

    monkeypatch.setattr(builtins, "eval", no_eval)
    monkeypatch.setattr(builtins, "exec", no_eval)
    calc = shared
    calc.set_hand("5H 5D 6H 7S", "8C")
    assert calc.score.total == 12
    assert calc.load_query(query) is False
    assert calc.hand == () and calc.starter is None and calc.score is None
    assert calc.message.startswith("The link was ignored")
    assert len(calc.message) < 200


def test_a_refused_link_in_spanish_says_so_in_spanish():
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=ZZ", language="es", chart=False)
    assert calc.message.startswith("Se ha ignorado el enlace") and "'ZZ'" in calc.message


@pytest.mark.slow
def test_where_the_score_falls_and_the_chart():
    calc = HandCalculator.from_query("hand=5H5D6H7S&starter=8C", chart=True)
    at_most = stats.share_at_most(12) * 100
    assert f"{at_most:.1f}%" in calc._where.value
    assert calc._chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    before = calc._chart.value
    calc.crib = True
    assert calc._chart.value != before  # the crib's distribution, this crib marked


@pytest.mark.slow
def test_monkey_never_raises():
    rng = random.Random(2024)
    calc = calculator()
    buttons = list(calc.picker.buttons.values())
    junk = string.ascii_letters + string.digits + " ,;/?&=<>'\"()♥♠♦♣_-\x00"

    def some(length: int) -> str:
        return "".join(rng.choice(junk) for _ in range(rng.randint(0, length)))

    def toggle_crib() -> None:
        calc.crib = not calc.crib

    def load_a_code() -> None:
        calc._code.value = some(30)
        calc._load_button.click()

    def legal_and_the_engines() -> None:
        assert len(calc.hand) <= 4 and len(set(calc.hand)) == len(calc.hand)
        assert calc.starter not in calc.hand
        if calc.score is not None:
            assert calc.score.total == hand_total(calc.hand, calc.starter, crib=calc.crib)
            assert set(calc.picker.selected) == set(calc.hand) | {calc.starter}

    monkey(rng, 2000, [
        (55, lambda: click_any(rng, buttons)),
        (10, lambda: calc.type_cards(" ".join(rng.choice(FULL_DECK).code for _ in range(rng.randint(0, 7))))),
        (7, lambda: calc.type_cards(some(60))),
        (6, toggle_crib),
        (6, lambda: click_any(rng, calc.item_buttons)),
        (6, lambda: calc.load_query(some(80))),
        (5, load_a_code),
        (5, calc._clear_button.click),
    ], legal_and_the_engines)


def test_hand_choice_is_a_plain_model():
    from widgets.calculator.hand import HandChoice

    choice = HandChoice()
    choice.follow(cards("5H 5D 6H"))
    assert choice.missing == 2 and choice.score() is None
    choice.follow(cards("5H 5D 6H 7S 8C"))
    assert choice.hand == list(TWELVE) and choice.starter == EIGHT_C and choice.score().total == 12
    choice.follow(cards("5D 6H 7S 8C"))          # the 5H put back: the starter stays the starter
    assert choice.hand == list(TWELVE[1:]) and choice.starter == EIGHT_C
    choice.follow(cards("5D 6H 7S 8C 5C"))
    assert choice.hand == [*list(TWELVE[1:]), Card.parse("5C")] and choice.starter == EIGHT_C
    with pytest.raises(ValueError):
        choice.set(TWELVE, TWELVE[0], False)
    assert choice.starter == EIGHT_C


def _page_text(calc) -> str:
    """Every word the calculator shows (its HTML, tags dropped), as a learner reads it."""
    import html as html_
    import re

    import ipywidgets as w

    def walk(widget):
        if isinstance(widget, w.HTML) and widget.layout.display != "none":
            yield widget.value
        if isinstance(widget, w.Button):
            yield widget.description
        for child in getattr(widget, "children", ()):
            yield from walk(child)
    return html_.unescape(re.sub(r"<[^>]+>", " ", " ".join(walk(calc))))


@pytest.mark.slow
@pytest.mark.parametrize("form", ["link", "query", "code"])
def test_the_share_box_opens_the_link_the_calculator_shows(form):
    # Issue 11: pasting the calculator's own link (?hand=...&starter=...) into the box was refused.
    shown = calculator(base_url="https://example.org/calc")
    shown.set_hand("2H 4H 6H 9H", "5S", crib=True)
    pasted = {"link": shown.link, "query": "?" + shown.query, "code": shown.share_code}[form]
    other = calculator()
    other._code.value = pasted
    other._load_button.click()
    assert (other.hand, other.starter, other.crib) == (shown.hand, shown.starter, True)
    assert other.message.startswith("Opened 2H4H6H9H/5S/crib")


@pytest.mark.parametrize("language", CODES)
def test_the_share_box_says_what_its_button_says(language):
    # Issue 11: the text said "Load" where the button says "Open code".
    from widgets.i18n import render
    calc = calculator(language=language)
    button = render("calc.load", language)
    assert calc._load_button.description == button
    assert _page_text(calc).count(button) >= 2        # the button, and the words that explain the box
    assert "Load" not in _page_text(calc)


def test_after_a_refused_input_the_count_on_screen_says_whose_it_is():
    # Issue 11: after a refused input the previous score stayed on screen as if it were the new one.
    calc = calculator()
    calc.type_cards("2H 4H 6H 9H 5S")
    assert not calc.stale and "still" not in _page_text(calc).lower()
    calc.type_cards("5H 5X 6H 7S 8C")
    assert calc.score.total == 13 and "'5X'" in calc.message        # the state is as it was...
    text = _page_text(calc)
    assert calc.stale and "still the last hand read: 2♥ 4♥ 6♥ 9♥ | 5♠" in text   # ...and said to be the old hand's
    calc.type_cards("5H 5D 6H 7S 8C")
    assert not calc.stale and "still" not in _page_text(calc).lower() and calc.score.total == 12
    calc.set_hand(TWELVE, "5H")                                      # refused by set_hand too
    assert calc.stale and "5♥ 5♦ 6♥ 7♠ | 8♣" in _page_text(calc)
    calc.clear()
    assert not calc.stale


@pytest.mark.parametrize("language, said", [("en", "type A for an ace: AH"), ("es", "escribe A para el as: AH"),
                                            ("pt", "digite A para o ás: AH")])
def test_an_ace_typed_as_1_is_refused_saying_how_to_type_it(language, said):
    # Issue 11: '1H' was refused as "Not a card" with no word on how to type an ace.
    calc = calculator(language=language)
    calc.type_cards("5H 5D 6H 7S 8C")
    calc.type_cards("1H 5D 6H 7S 8C")
    assert said in calc.message and calc.score.total == 12
    calc.type_cards("5X 5D 6H 7S 8C")                    # any other slip keeps the general advice
    assert "'5X'" in calc.message and said.split(":")[0] not in calc.message


@pytest.mark.parametrize("language, word", [("en", "CRIB"), ("es", "CUNA"), ("pt", "CESTA")])
def test_a_crib_badge_shows_while_counting_a_crib(language, word):
    # Issue 11: a clear crib badge wherever a crib is counted, before answering.
    calc = calculator(language=language)
    assert calc.crib_badge == "" and word not in _page_text(calc)
    calc.crib = True                                                  # before any card is picked
    assert calc.crib_badge.startswith(word) and word in _page_text(calc)
    calc.type_cards("2h 4h 6h 9h 5s")
    assert word in _page_text(calc) and calc.score.flush == 0
    calc.crib = False
    assert calc.crib_badge == "" and word not in _page_text(calc)


def test_lookalike_characters_in_a_link_are_read_as_what_they_look_like():
    # Issue 16: a fullwidth digit or a Kelvin sign gave "Not a card: 'KH5D6H7S'", which looks valid.
    hand, starter, crib = parse_query("hand=\u212aH\uff15D6H7S&starter=8C")
    assert hand == cards("KH 5D 6H 7S") and starter == EIGHT_C and not crib


@pytest.mark.slow
@pytest.mark.parametrize("hand, starter", [(5, 5), (None, "8C"), ("5H 5D 6H 7S", 8), ([5, 6, 7, 8], "8C"),
                                           ({"a": 1}, "8C"), (TWELVE, ["8C", "9C"])])
def test_set_hand_given_wrong_types_says_what_it_expected(hand, starter):
    # Issue 16: HandCalculator.set_hand(5, 5) failed deep inside (an internal error).
    calc = calculator()
    calc.set_hand("2H 4H 6H 9H", "5S")
    calc.set_hand(hand, starter)
    assert calc.message and calc.score.total == 13


@pytest.mark.slow
def test_a_closed_calculator_leaves_no_widgets_behind():
    # Issue 16: each new calculator (a re-run cell) kept its ~150 widgets alive in the kernel.
    from ipywidgets.widgets.widget import _instances
    calculator().close()
    before = len(_instances)
    for i in range(20):
        calc = calculator(chart=i % 2 == 0)
        calc.type_cards("5H 5D 6H 7S 8C")
        calc.select_item(0)
        calc.close()
    assert len(_instances) <= before

"""The static calculator's Python half (apps/static_calculator/calculator_entry.py), run here by CPython:
it says what the Voilà calculator (:class:`widgets.HandCalculator`) says, for the same links, in the same
languages, and the words it gives the page's first paint are the catalogue's."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from apps.static_calculator import calculator_entry as entry
from cribbage import FULL_DECK, stats
from widgets import HandCalculator

COUNTS = {"hand": [int(n) for n in stats.hand_distribution()],
          "crib": [int(n) for n in stats.hand_distribution(crib=True)]}

LINKS = [
    "hand=5H5D6H7S&starter=8C&crib=0",
    "hand=5H5D6H7S&starter=8C&crib=0&lang=es",
    "hand=5C5D5HJS&starter=5S&lang=pt",
    "hand=5HJHQHKH&starter=5S&crib=1&lang=es",
    "hand=2C4D6H8S&starter=TC",
    "hand=5H5D6H7S&starter=8X&lang=es",         # not a card
    "hand=5H5D6H&starter=8C&lang=pt",           # three cards
    "hand=5H5D6H7S&starter=5H",                 # the starter in the hand
    "hand=5H5D6H7S&starter=8C&crib=2",
    "hand=5H5D6H7S&starter=8C&evil=1",
    "hand=5H5D6H7S&starter=8C&lang=xx",
    "hand=5H5D6H7S&hand=5H5D6H7S&starter=8C",
    "lang=pt",
    "starter=8C",
    "hand=" + "5H" * 100 + "&starter=8C",
]


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value)).split()  # type: ignore[return-value]


def voila_says(query: str) -> dict[str, Any]:
    calc = HandCalculator.from_query(query, chart=False)
    return {"message": calc._message_text, "total": " ".join(_text(calc._total.value)),
            "items": [button.description for button in calc.item_buttons],
            "standing": " ".join(_text(calc._where.value)), "code": calc.share_code, "query": calc.query,
            "spoken": " ".join(_text(calc._spoken.value))}


def static_says(query: str) -> dict[str, Any]:
    state = json.loads(entry.start("?" + query, json.dumps(COUNTS)))
    return {"message": state["message"]["text"], "total": " ".join(state["total"].split()),
            "items": [item["text"] for item in state["items"]], "standing": " ".join(state["standing"].split()),
            "code": state["code"], "query": state["query"], "spoken": " ".join(state["spoken"].split())}


@pytest.mark.parametrize("query", LINKS)
def test_says_what_the_voila_calculator_says(query: str) -> None:
    assert static_says(query) == voila_says(query)


def test_actions_as_the_voila_calculator() -> None:
    calc = HandCalculator(language="pt", chart=False)
    entry.start("?lang=pt", json.dumps(COUNTS))
    for code in ("5H", "5D", "6H", "7S", "8C"):
        calc.picker.toggle(next(card for card in FULL_DECK if card.code == code))
        state = json.loads(entry.act("pick", code))
    assert state["total"] == " ".join(_text(calc._total.value))
    state = json.loads(entry.act("pick", "9C"))  # a sixth card: refused, the count stays
    assert state["message"]["kind"] == "error" and state["scored"] and state["stale"]
    state = json.loads(entry.act("set_crib", True))
    calc.crib = True
    assert state["total"] == " ".join(_text(calc._total.value))
    calc.type_cards("5h jh qh kh 5s")
    state = json.loads(entry.act("type_cards", "5h jh qh kh 5s"))
    assert [i["text"] for i in state["items"]] == [b.description for b in calc.item_buttons]
    calc.type_cards("5h jh qh kh 5h")
    state = json.loads(entry.act("type_cards", "5h jh qh kh 5h"))
    assert state["message"]["text"] == calc._message_text
    state = json.loads(entry.act("load_code", "2C4D6H8S/TC/crib"))
    calc.load_code("2C4D6H8S/TC/crib")
    assert (state["code"], state["total"]) == (calc.share_code, " ".join(_text(calc._total.value)))
    state = json.loads(entry.act("clear"))
    assert not state["scored"] and state["hand"] == []


@pytest.mark.slow
def test_first_paint_words_fill_in_as_python_says() -> None:
    """The first paint's templates (a slot for the cards) give Python's own lines on random hands."""
    rng = random.Random(30)
    for language in entry.LANGUAGES:
        words = entry.page_words(language, COUNTS)
        for _ in range(300):
            five = rng.sample(FULL_DECK, 5)
            crib = rng.random() < 0.3
            query = f"hand={''.join(c.code for c in five[:4])}&starter={five[4].code}&crib={int(crib)}&lang={language}"
            state = json.loads(entry.start("?" + query, json.dumps(COUNTS)))
            score = entry.Page(language, COUNTS).choice
            score.set(five[:4], five[4], crib)
            counted = score.score()
            assert counted is not None
            groups = counted.groups()
            lines = [words["items"][f"{g.kind}|{len(g.cards)}"].replace(entry.CARDS_SLOT, " ".join(map(str, g.cards)))
                     for g in groups]
            assert lines == [item["text"] for item in state["items"]]
            total = sum(g.points for g in groups)
            kind = "crib" if crib else "hand"
            assert words["totals"][kind][total] == state["total"]
            assert words["standing"][kind][total] == state["standing"]
            assert words["calc.loaded"].replace(entry.CARDS_SLOT, state["code"]) == state["message"]["text"]

"""The calculator app's first paint (``apps/first_paint.py``): a calculator kept from one link to the
next paints what a new one paints for every link, whatever came before it (a refused link, a crib, an
empty link, another language), and is made once per language, not once per link."""

from __future__ import annotations

import random

import pytest

first_paint = pytest.importorskip("apps.first_paint")
from widgets import HandCalculator  # noqa: E402

DECK = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]


def _links(seed: int, n: int) -> list[str]:
    draw = random.Random(seed)
    links = ["", "hand=5H5D", "hand=<img src=x onerror=alert(1)>&starter=8C", "hand=5H5D6H7S&starter=5H",
             "hand=5H5D6H7S&starter=8C&crib=1", "hand=5H5D6H7S&starter=8C&crib=maybe", "lang=es", "crib=1"]
    for _ in range(n):
        five = draw.sample(DECK, 5)
        link = f"hand={''.join(five[:4])}&starter={five[4]}"
        link += draw.choice(["", "&crib=1", "&crib=0"]) + draw.choice(["", "&lang=es", "&lang=pt", "&lang=en"])
        links.append(link)
    draw.shuffle(links)
    return links


def _new(query: str, base_url: str) -> dict[str, str | None]:
    """The first paint as a new calculator makes it (the notebook's ``from_query``)."""
    calculator = (HandCalculator.from_query(query, base_url=base_url, chart=False) if query
                  else HandCalculator(base_url=base_url, chart=False))
    try:
        painted = first_paint.first_paint_html(calculator)
        return {"html": painted, "language": calculator.language}
    finally:
        calculator.close()


def test_a_kept_calculator_paints_each_link_as_a_new_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str | None] = []
    init = HandCalculator.__init__

    def counted(self: HandCalculator, **kwargs: object) -> None:
        made.append(kwargs.get("language"))  # type: ignore[arg-type]
        init(self, **kwargs)  # type: ignore[arg-type]

    links = _links(seed=53, n=40)
    expected = [_new(link, f"http://127.0.0.1:{8000 + i}/") for i, link in enumerate(links)]
    monkeypatch.setattr(HandCalculator, "__init__", counted)
    for i, (link, want) in enumerate(zip(links, expected)):
        got = first_paint.first_paint_of(link, f"http://127.0.0.1:{8000 + i}/")
        assert (got["html"], got["language"]) == (want["html"], want["language"]), (i, link, links[max(0, i - 1)])
    # One calculator for each language a link asked for (None: none asked), whatever the number of links.
    assert len(made) == len(set(made)) <= 4, made
    assert first_paint.first_paint_of("hand=5H5D6H7S&starter=8C&lang=es")["score"] == "Mano: 12 puntos"

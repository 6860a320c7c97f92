"""Each stop says the time it takes, one figure from one source, in every language.

The source is the stops' registry (:attr:`cribbage.registry.stops.Stop.minutes`), which must hold what
the rule of ``tests/course_times.py`` measures. A stop states its time at its top ("About 15 minutes.");
stop 0 states every stop's in its route table, and how long stops 1 to 4 take together; TEACHING.md
(each language's) heads each stop with it. Every such number is the registry's, written in digits; no
other time ("about three minutes") is claimed there. The first-game route (each stop's ``core``) reads
in 20 minutes at most, and stop 0 offers it before anything else, linking exactly those parts.
"""

from __future__ import annotations

import json
import re

import pytest

from cribbage.lessons.source import language_folder
from cribbage.registry import stops
from cribbage.registry.languages import CODES
from tests.course_times import COURSE, prose_words, stop_minutes, stop_times

LANGUAGES = {code: language_folder(code, COURSE) for code in CODES}
# How each language writes "about N minutes", and any time at all (to catch one written in words).
ABOUT = {"en": r"About\s+(\d+)\s+minutes", "es": r"Unos\s+(\d+)\s+minutos", "pt": r"Uns\s+(\d+)\s+minutos"}
ANY_TIME = r"(\S+)\s+(?:minutes|minutos)\b"

TIMES = stop_times()
#: The one source: what every page states.
MINUTES = {stop.number: stop.minutes for stop in stops.STOPS}
FIRST_GAME_MINUTES = 20
TEACHING = {code: folder / "TEACHING.md" for code, folder in LANGUAGES.items()}
# A stop's heading in TEACHING.md, in each language: "### Stop 3 · ... (25 minutes".
HEADING = {"en": r"^### Stop (\d+) · .*\((\d+) minutes", "es": r"^### Parada (\d+) · .*\((\d+) minutos",
           "pt": r"^### Parada (\d+) · .*\((\d+) minutos"}


def _cells(language: str, stop: int) -> list[dict]:
    path = LANGUAGES[language] / stops.stop(stop).notebook_in(language)
    return [dict(cell, text="".join(cell["source"])) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def test_the_registry_holds_the_measured_times() -> None:
    assert {stop: time.minutes for stop, time in TIMES.items()} == MINUTES


@pytest.mark.parametrize("language", LANGUAGES)
def test_teaching_heads_each_stop_with_the_registry_s_time(language: str) -> None:
    text = TEACHING[language].read_text(encoding="utf-8")
    headed = {int(stop): int(minutes) for stop, minutes in re.findall(HEADING[language], text, flags=re.M)}
    assert headed == MINUTES, f"TEACHING.md ({language}) heads the stops with {headed}; the registry says {MINUTES}"


def test_the_first_game_route_reads_in_twenty_minutes() -> None:
    route = [(stop, cell) for stop in stops.STOPS for cell in stop.core]
    assert {stop.number for stop, _cell in route} == {0, 1, 2, 3, 4, 5}
    words = 0
    for stop, cell in route:
        found = [c for c in _cells("en", stop.number) if c.get("id") == cell]
        assert found and found[0]["cell_type"] == "markdown", (stop.number, cell)
        words += prose_words(found[0]["text"])
    assert stop_minutes(words, 0, 0) <= FIRST_GAME_MINUTES, f"{words} words"


@pytest.mark.parametrize("language", LANGUAGES)
def test_stop_0_offers_the_first_game_route_first(language: str) -> None:
    cells = _cells(language, 0)
    markdown = [cell for cell in cells if cell["cell_type"] == "markdown"]
    offer = markdown[1]     # right after the title
    assert offer["id"] == "first-game" and f"{FIRST_GAME_MINUTES} " in offer["text"].splitlines()[0]
    links = re.findall(r"\]\((\d\d)_\w+\.ipynb#cell-id=([\w-]+)\)", offer["text"])
    assert [(int(stop), cell) for stop, cell in links] == [
        (stop.number, cell) for stop in stops.STOPS for cell in stop.core]


def test_the_rule() -> None:
    assert stop_minutes(150, 0, 0) == 5            # never less than five minutes
    assert stop_minutes(1500, 0, 0) == 10          # ten minutes of reading exactly
    assert stop_minutes(1501, 0, 0) == 15          # a word more: rounded up
    assert stop_minutes(900, 2, 1) == 15           # 6 + 4 + 1 = 11
    assert prose_words("[Start here](00_start_here.ipynb), **now**.\n\n|a|b|\n|---|---|\n|1|2|") == 7


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("stop", sorted(TIMES))
def test_a_stop_states_its_measured_time(language: str, stop: int) -> None:
    top = _cells(language, stop)[0]["text"]
    stated = re.findall(ABOUT[language], top, flags=re.I)
    assert stated, f"stop {stop} ({language}) states no time at its top: {top[:300]!r}"
    assert [int(n) for n in stated] == [MINUTES[stop]], (
        f"stop {stop} ({language}) says {stated} minutes; the registry says {MINUTES[stop]}")
    claims = re.findall(ANY_TIME, top)
    assert all(word.isdecimal() for word in claims), f"stop {stop} ({language}) claims a time in words: {claims}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_route_states_every_stop_s_time(language: str) -> None:
    cells = _cells(language, 0)
    assert not re.search(ANY_TIME, cells[0]["text"].splitlines()[0]), "stop 0's title claims a time"
    route = next(cell["text"] for cell in cells
                 if stops.stop(1).notebook_in(language) in cell["text"] and "|" in cell["text"])
    rows = dict(re.findall(r"^\|[^|]*\((\d\d)_\w+\.ipynb\)[^|]*\|[^|]*\|\s*(\d+) min", route, flags=re.M))
    assert {int(stop): int(minutes) for stop, minutes in rows.items()} == MINUTES
    first_four = sum(MINUTES[stop] for stop in (1, 2, 3, 4))
    together = [int(n) for n in re.findall(r"(\d+)\s+(?:minutes|minutos)", route)]
    assert together == [first_four], f"stops 1 to 4 take {first_four} minutes; the route says {together}"



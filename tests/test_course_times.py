"""Each stop says the time it takes, as measured by the rule of ``tests/course_times.py``, in every language.

A stop states its time at its top ("About 15 minutes."); stop 0 states every stop's in its route
table, and how long stops 1 to 4 take together. Every such number is the rule's, written in digits;
no other time ("about three minutes") is claimed there.
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


def _cells(language: str, stop: int) -> list[dict]:
    path = LANGUAGES[language] / stops.stop(stop).notebook
    return [dict(cell, text="".join(cell["source"])) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


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
    assert [int(n) for n in stated] == [TIMES[stop].minutes], (
        f"stop {stop} ({language}) says {stated} minutes; measured {TIMES[stop]} makes {TIMES[stop].minutes}")
    claims = re.findall(ANY_TIME, top)
    assert all(word.isdecimal() for word in claims), f"stop {stop} ({language}) claims a time in words: {claims}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_route_states_every_stop_s_time(language: str) -> None:
    cells = _cells(language, 0)
    assert not re.search(ANY_TIME, cells[0]["text"].splitlines()[0]), "stop 0's title claims a time"
    route = next(cell["text"] for cell in cells if "01_deal_discard_crib.ipynb" in cell["text"] and "|" in cell["text"])
    rows = dict(re.findall(r"^\|[^|]*\((\d\d)_\w+\.ipynb\)[^|]*\|[^|]*\|\s*(\d+) min", route, flags=re.M))
    assert {int(stop): int(minutes) for stop, minutes in rows.items()} == {
        stop: time.minutes for stop, time in TIMES.items()}
    first_four = sum(TIMES[stop].minutes for stop in (1, 2, 3, 4))
    together = [int(n) for n in re.findall(r"(\d+)\s+(?:minutes|minutos)", route)]
    assert together == [first_four], f"stops 1 to 4 take {first_four} minutes; the route says {together}"



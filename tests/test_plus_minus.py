"""One meaning for "±" (issue 49): wherever the course writes ``a ± m`` (a lesson in any language, a view,
a report, an exported table), ``m`` is half a 95% interval, the page says so once, a standard error is
never written after "±", and ``a`` and ``m`` are written to the places the interval supports
(:func:`cribbage.stats.intervals.interval_places`, the one rounding every page uses)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cribbage.lang.translations import format_number
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES, SOURCE
from cribbage.registry.stops import STOPS
from cribbage.stats import data_dictionary, load_selfplay
from cribbage.stats.dictionary import TABLES
from cribbage.stats.intervals import interval_places, margin, shown_interval
from cribbage.stats.selfplay_report import per_deal_report, selfplay_report
from tests.course_outputs import COURSE
from widgets.calculator.my_deal import MyDeal

ROOT = Path(__file__).resolve().parents[1]

#: What a standard error is called in each language (the glossary's words): never after "±".
STANDARD_ERROR = {"en": "standard error", "es": "error estándar", "pt": "erro padrão"}

#: ``a ± m``, each a number in any of the languages' symbols, a percentage or not.
PLUS_MINUS = re.compile(r"([+\-−]?\d+(?:[.,]\d+)?)(?:\s?%)?\s*±\s*(\d+(?:[.,]\d+)?)(\s?%)?")


def calls_a_standard_error_plus_minus(text: str, language: str) -> bool:
    """Whether ``text`` says "±" is a standard error ("± is its standard error"), in one clause."""
    flat = re.sub(r"\s+", " ", text).lower()
    return re.search(rf"±[^.;:()]{{0,40}}{STANDARD_ERROR[language]}", flat) is not None


def _places(text: str) -> int:
    return len(re.split(r"[.,]", text)[1]) if re.search(r"[.,]", text) else 0


def _number(text: str) -> float:
    return float(text.replace(",", ".").replace("−", "-"))


def rounding_faults(page: str) -> list[str]:
    """Each ``a ± m`` of ``page`` whose figure or margin is not written to the places the margin supports."""
    faults = []
    for match in PLUS_MINUS.finditer(page.replace("\u00a0", " ").replace("\u202f", " ")):
        value, half = match.group(1), match.group(2)
        wanted = interval_places(_number(half))
        if _places(value) != wanted or _places(half) != wanted:
            faults.append(match.group(0))
    return faults


def says_what_plus_minus_is(page: str, language: str) -> bool:
    """Whether ``page`` says, once, that "±" is (half) a 95% interval: one sentence with both."""
    ninety_five = format_number(0.95, language, ".0%").replace("\u00a0", " ")
    flat = page.replace("\u00a0", " ").replace("\u202f", " ")
    return any("±" in sentence and (ninety_five in sentence or "95" in sentence)
               for sentence in re.split(r"(?<=[.:;])\s", flat))


def _catalogue_texts() -> list[tuple[str, str, str]]:
    """Every message of every catalogue (the engine's, the views', each lesson's), in every language:
    (file, language, words)."""
    texts = []
    for path in sorted(ROOT.glob("*/locale/*/LC_MESSAGES/*.po")) + sorted((ROOT / "course").glob("locale/*/LC_MESSAGES/*.po")):
        language = path.parts[-3]
        with path.open("rb") as handle:
            catalogue = read_po(handle)
        for entry in catalogue:
            if not entry.id:
                continue
            ids = entry.id if isinstance(entry.id, (tuple, list)) else (entry.id,)
            strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
            texts += [(path.name, SOURCE, text) for text in ids]
            texts += [(path.name, language, text) for text in strings if text]
    return texts


def test_no_message_writes_a_standard_error_after_plus_minus():
    faults = [(name, language, text[:120]) for name, language, text in _catalogue_texts()
              if calls_a_standard_error_plus_minus(text, language)]
    assert not faults


def _lesson_pages(language: str) -> dict[str, str]:
    pages = {}
    for stop in STOPS:
        path = language_folder(language, COURSE) / stop.notebook_in(language)
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        words = []
        for cell in cells:
            if cell["cell_type"] == "markdown":
                words.append("".join(cell["source"]))
            for out in cell.get("outputs", []):
                words.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
        pages[stop.notebook] = "\n".join(words)
    return pages


@pytest.mark.parametrize("language", CODES)
def test_every_lesson_that_writes_plus_minus_says_once_that_it_is_a_95_interval(language):
    for name, page in _lesson_pages(language).items():
        if "±" in page:
            assert says_what_plus_minus_is(page, language), (language, name)
            assert not calls_a_standard_error_plus_minus(page, language), (language, name)
            assert not rounding_faults(page), (language, name, rounding_faults(page))


@pytest.mark.parametrize("language", CODES)
def test_stop_6s_reports_write_each_figure_plus_minus_its_95_margin(language):
    run = load_selfplay()
    margins = {shown_interval(e.mean, margin(e.stderr), language)
               for e in (*run.parts.values(), *run.parts_all.values(), *run.totals.values())}
    for page in (selfplay_report(run, language), per_deal_report(run, language)):
        assert says_what_plus_minus_is(page, language) and not rounding_faults(page)
        for match in PLUS_MINUS.finditer(page):
            if not match.group(3):      # the first dealer's share, a percentage, is checked below
                assert (match.group(1), match.group(2)) in margins, match.group(0)
    rate = shown_interval(run.first_dealer.mean, margin(run.first_dealer.stderr), language, percent=True)
    assert " ± ".join(rate) in selfplay_report(run, language)


@pytest.mark.parametrize("language", CODES)
def test_my_deal_writes_its_crib_plus_minus_half_its_95_interval_and_says_so(language):
    view = MyDeal(chart=False, language=language)
    view.set_deal("5H 5D 6H 7S 8C 9D", dealer=False)
    view.rank_by("expert")
    page = re.sub(r"<[^>]+>", " ", view._summary.value + view._table.value + view._side.value)
    assert says_what_plus_minus_is(page, language) and not rounding_faults(page)
    for keep in view.ranked:
        crib, half = shown_interval(keep.crib_expert, 1.96 * keep.crib_expert_error, language)
        assert f"{crib} ± {half}" in re.sub(r"\s+", " ", page), keep.keep


def test_the_exported_tables_write_no_plus_minus():
    for table in TABLES:
        for language in CODES:
            words = data_dictionary(table, language)
            assert not words.apply(lambda column: column.astype(str).str.contains("±")).any().any(), (table, language)
            assert not any("±" in name for name in words["column"])


def test_a_standard_error_said_after_plus_minus_is_found():
    assert calls_a_standard_error_plus_minus("measured on 1,000 deals; ± is its\nstandard error.", "en")
    assert calls_a_standard_error_plus_minus("± es su error estándar", "es")
    assert not calls_a_standard_error_plus_minus("mean ± half its 95% interval (a standard error is called so)", "en")


def test_the_rounding_follows_the_interval():
    assert shown_interval(8.791049, margin(0.024396)) == ("8.79", "0.05")     # lesson 8's crib table, once six places
    assert shown_interval(5.4012, margin(0.0101)) == ("5.401", "0.020")
    assert shown_interval(1.9549, 0.0140) == ("1.955", "0.014")
    assert shown_interval(0.5231, 0.0098, percent=True) == ("52.3%", "1.0%")
    assert shown_interval(3.21, 0.0095) == ("3.210", "0.010")
    assert shown_interval(4.7, 0.0) == ("4.70", "0.00")
    assert rounding_faults("1.86 ± 0.014 and 8.791049 ± 0.024396") == ["1.86 ± 0.014", "8.791049 ± 0.024396"]
    assert rounding_faults("1,955 ± 0,014 y 52,3 % ± 1,0 %") == []

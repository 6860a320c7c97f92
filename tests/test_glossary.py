"""The glossary (course/glossary.csv): the seeds' Spanish and Portuguese word for each cribbage term,
and every catalogue and translated lesson using it where the English uses the term.

Matching is by word: where an English text says the term (its plural too), the translation must hold
the glossary's word (its plural too). Longer terms are matched first and taken out, so "pair royal"
is not also a "pair", and "run" used for running a cell is not the cribbage run.
"""

from __future__ import annotations

import csv
import json
import re

import pytest

from cribbage.lang.messages import CATALOGUE, Plural
from widgets.course_i18n import COURSE, TRANSLATED, cell_text
from widgets.messages import MESSAGES

#: The seed documents live beside the repository (../shared/seeds from main, ../../shared/seeds from a worktree).
SEEDS = next((p / "shared" / "seeds" for p in COURSE.parent.parents if (p / "shared" / "seeds").is_dir()), COURSE / "no-seeds")
GLOSSARY = COURSE / "glossary.csv"
# English uses of a term's word that are not the term (said about notebooks, or plain English).
NOT_THE_TERM = {
    "run": r"\*Run\b[^*]*\*|\bRun\s+All\b|\brunning\b|\bruns?\s+(out|and|prints?)\b"
           r"|\bruns? \d[\d,]*|\b(bigger|longer|more) runs\b|\ba run prints\b"
           r"|\bruns? (the|this|that|it|all|each|every|everything|your|its|cells?|again|from|first|them)\b"
           r"|\b(have|has|had|is|are|was|were|be|been|ever|every|next|seeded|each) runs?\b",
    "pair": r"\bpairs? of (cards|numbers|scores)\b|\bscore pairs?\b|\bpairs? that make\b",
    "board": r"\bon board\b",
    "last card": r"\blast cards\b",
}
# Not words: blanks ({points}), quoted names ('dealer'), link parameters (starter=), code (`crib`).
NOT_WORDS = re.compile(r"{[^}]*}|'[^']*'|`[^`]*`|\b\w+=")


def _rows() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _english(term: str) -> re.Pattern[str]:
    # A capitalised term ("Go") is matched as written: "go" is also a plain English verb.
    flags = 0 if term[0].isupper() else re.IGNORECASE
    # any word may take the plural: "pairs royal" are pair royals too
    words = r"\s+".join(rf"{re.escape(part)}(s|es)?" for part in term.split())
    return re.compile(rf"\b{words}\b", flags)


def _said(word: str, text: str) -> bool:
    """``word`` in ``text``, in the singular or plural ("cartas iniciales" for "carta inicial")."""
    pattern = r"\s+".join(rf"{re.escape(part)}(s|es)?" for part in word.split())
    return re.search(rf"(?<!\w){pattern}", text, re.IGNORECASE) is not None


def mismatches(english: str, translated: str, language: str) -> list[str]:
    """The glossary terms ``english`` uses whose ``language`` word ``translated`` lacks."""
    rest = NOT_WORDS.sub(" ", english)
    missing = []
    for row in sorted(_rows(), key=lambda row: -len(row["en"])):
        term = row["en"]
        if term in NOT_THE_TERM:
            rest = re.sub(NOT_THE_TERM[term], " ", rest, flags=re.IGNORECASE)
        pattern = _english(term)
        if pattern.search(rest):
            rest = pattern.sub(" ", rest)
            if not _said(row[language], translated):
                missing.append(f"{term!r} -> {row[language]!r}")
    return missing


def test_the_glossary_has_the_courses_terms_once_each():
    rows = _rows()
    assert list(rows[0]) == ["en", "es", "pt", "seed"]
    terms = [row["en"] for row in rows]
    assert len(terms) == len(set(terms))
    for term in ("crib", "starter", "pone", "dealer", "the play", "the show", "his heels", "nobs", "muggins",
                 "skunk", "Go", "fifteen", "pair", "pair royal", "run", "flush"):
        assert term in terms, term
    assert all(row["es"] and row["pt"] for row in rows)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
def test_each_word_is_in_the_seed_it_names():
    texts = {path.name[:3]: path.read_text(encoding="utf-8") for path in SEEDS.glob("*.txt")}
    for row in _rows():
        seeds = row["seed"].split()
        assert seeds, f"{row['en']}: no seed named"
        for seed in seeds:
            assert _said(row["es"], texts[seed]) or _said(row["pt"], texts[seed]), (row["en"], seed)


def test_the_matching_takes_longer_terms_first_and_skips_notebook_english():
    assert mismatches("a pair royal is six", "un trío son seis", "es") == []
    assert mismatches("a pair is two", "un par son dos", "es") == ["'pair' -> 'pareja'"]
    assert mismatches("Run the cell below", "Ejecuta la celda", "es") == []
    assert mismatches("a run of three", "una escalera de tres", "es") == ["'run' -> 'secuencia'"]
    assert mismatches("you go first", "tú empiezas", "pt") == []


def _entries():
    for name, catalogue in (("cribbage.lang.messages", CATALOGUE), ("widgets.messages", MESSAGES)):
        for key, entry in catalogue.items():
            yield name, key, entry


def _forms(entry, language) -> str:
    said = entry[language]
    return f"{said.one} {said}" if isinstance(said, Plural) else str(said)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogues_use_the_glossary(language):
    wrong = []
    for name, key, entry in _entries():
        found = mismatches(_forms(entry, "en"), _forms(entry, language), language)
        if found:
            wrong.append(f"{name} {key}: {', '.join(found)}")
    assert not wrong, f"{len(wrong)} entries:\n" + "\n".join(wrong)


def _translated_cells(language: str):
    for path in sorted((COURSE / "translations" / language).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        english = json.loads((COURSE / data["notebook"]).read_text(encoding="utf-8"))
        by_id = {cell.get("id"): cell_text(cell) for cell in english["cells"]}
        for cell_id, entry in data["cells"].items():
            if cell_id in by_id:
                yield f"{path.relative_to(COURSE.parent)} cell {cell_id}", by_id[cell_id], entry["text"]
    for name in ("rules.md", "README.md"):
        path = COURSE / language / name
        if path.exists():
            yield str(path.relative_to(COURSE.parent)), (COURSE / name).read_text(encoding="utf-8"), \
                path.read_text(encoding="utf-8")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translated_lessons_use_the_glossary(language):
    wrong = [f"{where}: {', '.join(found)}" for where, english, translated in _translated_cells(language)
             if (found := mismatches(english, translated, language))]
    assert not wrong, f"{len(wrong)} cells:\n" + "\n".join(wrong)

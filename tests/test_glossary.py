"""The glossary (course/glossary.csv): one Spanish and one Portuguese word per cribbage idea, the
words rejected for it, and every catalogue and translated lesson keeping to them.

The glossary's columns:

- ``idea``: the idea's name (``count`` is the running count of the play, ``the show`` counting the hands);
- one column per language of the registry (:mod:`cribbage.registry.languages`), the source language's
  (``en``) first: how the English says it, as matched in English texts; then for each translated
  language (``es``, ``pt``) the accepted word, the one the seeds use (a verb in ``-ar``/``-er``/``-ir``
  stands for all its forms: ``echar`` is also ``echas``, ``echa``);
- ``<language>_rejected`` for each translated language (``es_rejected``, ``pt_rejected``): words a
  translation must not use for that idea, separated by ``|`` (empty when none);
- ``seed``: the seeds (``/work/shared/seeds/NNN_*.txt``) that use the accepted word, separated by spaces;
  empty when no seed names the idea (the computer, self-play: the seeds teach the game on paper).

Two checks read every translation: the catalogues (engine and widgets ``.po``), each lesson's ``.po``,
the notebooks built from them and the whole documents (``course/<lang>/rules.md``, ``README.md``).

- Where an English text says a term (its plural too), the translation holds the glossary's word.
  Longer terms are matched first and taken out, so "pair royal" is not also a "pair", and "run" used
  for running a cell is not the cribbage run.
- No translation uses a rejected word (whole words, any case, plurals too). A rejected word that is
  another idea's accepted word (Portuguese "contagem" is the show, not the running count) is only
  wrong in a sentence that speaks of the running count: one with the count's marks (31, 15, the
  ``{count}`` blank, a series, going back to 0).
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cribbage.build.course_i18n import COURSE, cell_text, translations
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES, SOURCE, TRANSLATED

ROOT = COURSE.parent
#: The seed documents live beside the repository (../shared/seeds from main, ../../shared/seeds from a worktree).
SEEDS = next((p / "shared" / "seeds" for p in COURSE.parent.parents if (p / "shared" / "seeds").is_dir()), COURSE / "no-seeds")
GLOSSARY = COURSE / "glossary.csv"
#: The glossary's columns: a language added to the registry is a column (and a rejected column) more.
COLUMNS = ["idea", *CODES, *(f"{language}_rejected" for language in TRANSLATED), "seed"]
CATALOGUES = {"cribbage": ROOT / "cribbage" / "locale", "widgets": ROOT / "widgets" / "locale"}
# English uses of a term's word that are not the term (said about notebooks, or plain English).
NOT_THE_TERM = {
    "run": r"\*Run\b[^*]*\*|\bRun\s+All\b|\brunning\b|\bruns?\s+(out|and|prints?)\b"
           r"|\bruns? \d[\d,]*|\b(bigger|longer|more) runs\b|\ba run prints\b"
           r"|\bruns? (the|this|that|it|all|each|every|everything|your|its|cells?|again|from|first|them)\b"
           r"|\b(have|has|had|is|are|was|were|be|been|ever|every|next|seeded|each) runs?\b",
    "pair": r"\bpairs? of (cards|numbers|scores)\b|\bscore pairs?\b|\bpairs? that make\b",
    "board": r"\bon board\b",
    "last card": r"\blast cards\b",
    # "rank" the verb (a keep that ranks 3rd, rank the ways) and a standing (Net (rank)) are no card's rank.
    "rank": r"\b(keep|that|choice)\s+ranks?\b|\branks?\s+(the|every|each|by)\b|\(rank\)",
    # "in a row" is one after another, and a table's or a file's row is not a board's row.
    "row": r"\bin a row\b|\brows? per\b|\bheader row\b|\bevery row\b",
    # what a discard "saves you" is what it spares you, not a file saved.
    "save": r"\bsaves? you\b",
}
# Not words: blanks ({points}), quoted names ('dealer'), link parameters (starter=), code (`crib`).
NOT_WORDS = re.compile(r"{[^}]*}|'[^']*'|`[^`]*`|\b\w+=")
# A sentence that speaks of the running count of the play (where "contagem", "recuento" are wrong);
# "the play to 31" names the play, not its count.
RUNNING_COUNT = re.compile(r"{count}|\b31\b|\b15\b|\bs[ée]ries?\b|\b(volta|voltou|vuelve|volvió) a (0|zero|cero)\b",
                           re.IGNORECASE)
THE_PLAY_TO_31 = re.compile(r"\b(fase de jogo|fase de juego|jogo|juego),? (até|hasta) 31\b", re.IGNORECASE)
# Sentences: ended by . ! ?, a blank line, or a new list item, table row or heading (a wrapped line goes on).
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*(?:[-*|#]|\d+\.))")
# A word named in italics is quoted, not used: "(las reglas del juego la llaman *carta de corte*)".
NAMED = re.compile(r"(?<![*\w])\*[^*\n]+\*(?![*\w])")


def _rows() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _english(term: str) -> re.Pattern[str]:
    # A capitalised term ("Go") is matched as written: "go" is also a plain English verb.
    flags = 0 if term[0].isupper() else re.IGNORECASE
    # any word may take the plural: "pairs royal" are pair royals too
    words = r"\s+".join(rf"{re.escape(part)}(s|es)?" for part in term.split())
    return re.compile(rf"\b{words}\b", flags)


def _word(word: str) -> str:
    """The pattern of a glossary word: each part in the singular or plural; a verb in any form."""
    if " " not in word and len(word) >= 5 and word[-2:] in ("ar", "er", "ir"):
        return rf"{re.escape(word[:-2])}\w*"
    return r"\s+".join(_plural(part) for part in word.split())


def _plural(part: str) -> str:
    """A word in the singular or plural: +s, +es, and Portuguese -ção/-ções ("distribuições")."""
    if part.endswith("ção"):
        return rf"{re.escape(part[:-3])}(ção|ções)"
    return rf"{re.escape(part)}(s|es)?"


def _said(word: str, text: str) -> bool:
    """``word`` in ``text``, in the singular or plural ("cartas iniciales" for "carta inicial")."""
    return re.search(rf"(?<!\w){_word(word)}", text, re.IGNORECASE) is not None


def _exact(word: str) -> re.Pattern[str]:
    """``word`` as a whole word, its plural too, any case (a rejected verb as written: "tirar" is not "tira")."""
    parts = r"\s+".join(_plural(part) for part in word.split())
    return re.compile(rf"(?<!\w){parts}(?!\w)", re.IGNORECASE)


def mismatches(english: str, translated: str, language: str) -> list[str]:
    """The glossary terms ``english`` uses whose ``language`` word ``translated`` lacks."""
    rest = NOT_WORDS.sub(" ", english)
    missing = []
    for row in sorted(_rows(), key=lambda row: -len(row[SOURCE])):
        term = row[SOURCE]
        if term in NOT_THE_TERM:
            rest = re.sub(NOT_THE_TERM[term], " ", rest, flags=re.IGNORECASE)
        pattern = _english(term)
        if pattern.search(rest):
            rest = pattern.sub("\0", rest)      # a mark, not a space: "the computer plays" is no "the play"
            if not _said(row[language], translated):
                missing.append(f"{term!r} -> {row[language]!r}")
    return missing


def _rejected(language: str) -> list[tuple[str, str, bool]]:
    """(idea, rejected word, whether the word is another idea's accepted word) for ``language``."""
    rows = _rows()
    accepted = {row[language].casefold() for row in rows}
    return [(row["idea"], word, word.casefold() in accepted)
            for row in rows for word in row[f"{language}_rejected"].split("|") if word]


def rejected(text: str, language: str) -> list[str]:
    """The rejected words ``text`` uses, as "idea: word": everywhere for a word no idea accepts, in a
    sentence about the running count for a word that is another idea's (see the module docstring)."""
    text = NAMED.sub(" ", text)
    sentences = [THE_PLAY_TO_31.sub(" ", sentence) for sentence in SENTENCE.split(text) if sentence]
    found = []
    for idea, word, elsewhere in _rejected(language):
        pattern = _exact(word)
        if not elsewhere:
            hits = pattern.findall(text)
        else:
            hits = [s for s in sentences if pattern.search(s) and RUNNING_COUNT.search(s)]
        if hits:
            found.append(f"{idea}: {word!r}")
    return found


# The glossary itself ------------------------------------------------------------------------------

def test_the_glossary_has_the_courses_ideas_once_each():
    rows = _rows()
    assert list(rows[0]) == COLUMNS
    for column in ("idea", SOURCE):
        values = [row[column] for row in rows]
        assert len(values) == len(set(values)), column
    ideas = {row["idea"] for row in rows}
    for idea in ("computer", "the show", "count", "starter", "crib", "pone", "dealer", "lay away", "go",
                 "his heels", "nobs", "skunk", "self-play", "cut", "the play", "deal", "hand", "muggins",
                 "fifteen", "pair", "pair royal", "run", "flush", "rank", "row", "line", "save"):
        assert idea in ideas, idea
    assert all(row[language] for row in rows for language in TRANSLATED)
    for language in TRANSLATED:
        # a word is accepted for one idea only, and never rejected for the idea that accepts it
        words = [row[language].casefold() for row in rows]
        assert len(words) == len(set(words)), language
        for row in rows:
            assert row[language].casefold() not in row[f"{language}_rejected"].casefold().split("|"), row["idea"]


def test_show_and_running_count_have_different_words():
    rows = {row["idea"]: row for row in _rows()}
    for language in TRANSLATED:
        assert rows["the show"][language] != rows["count"][language]
        assert rows["the show"][language] in rows["count"][f"{language}_rejected"].split("|")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
def test_each_word_is_in_the_seed_it_names():
    texts = {path.name[:3]: path.read_text(encoding="utf-8") for path in SEEDS.glob("*.txt")}
    for row in _rows():
        for seed in row["seed"].split():
            assert any(_said(row[language], texts[seed]) for language in TRANSLATED), (row["idea"], seed)


# The matchers -------------------------------------------------------------------------------------

def test_the_matching_takes_longer_terms_first_and_skips_notebook_english():
    assert mismatches("a pair royal is six", "un trío son seis", "es") == []
    assert mismatches("a pair is two", "un par son dos", "es") == ["'pair' -> 'pareja'"]
    assert mismatches("Run the cell below", "Ejecuta la celda", "es") == []
    assert mismatches("a run of three", "una escalera de tres", "es") == ["'run' -> 'secuencia'"]
    assert mismatches("you go first", "tú empiezas", "pt") == []
    assert mismatches("You lay away two", "Echas dos a la cuna", "es") == []      # a verb in any form


def test_a_rejected_word_is_found_as_a_whole_word_in_any_case_and_plural():
    assert rejected("Juega contra el ordenador.", "es") == ["computer: 'ordenador'"]
    assert rejected("Los Ordenadores juegan.", "es") == ["computer: 'ordenador'"]
    assert rejected("Pontos do autojogo", "pt") == ["self-play: 'autojogo'"]
    assert rejected("Juega contra la computadora.", "es") == []
    assert rejected("reordenadores", "es") == []          # inside another word: not the word
    assert rejected("a la exhibición en su orden", "es") == ["the show: 'exhibición'"]
    assert rejected("la llaman *carta de corte*", "es") == []     # named in italics, not used
    assert rejected("es la carta de corte", "es") == ["starter: 'carta de corte'"]


def test_a_word_accepted_for_another_idea_is_rejected_only_where_it_says_the_running_count():
    assert rejected("A contagem volta a 0.", "pt") == ["count: 'contagem'"]
    assert rejected("Contagem: {count}", "pt") == ["count: 'contagem'"]
    assert rejected("5. **A contagem**: conte sua mão.", "pt") == []
    assert rejected("O total volta a 0. Depois vem a contagem.", "pt") == []
    assert rejected("a fase de jogo até 31, a contagem.", "pt") == []    # the play to 31, then the show
    assert rejected("Deixe a contagem\nexatamente em 15.", "pt") == ["count: 'contagem'"]   # a wrapped line
    assert rejected("El recuento nunca pasa de 31.", "es") == ["count: 'recuento'"]


# Every translation --------------------------------------------------------------------------------

def _catalogue_entries(language: str):
    """(where, English, translation) of every message of the engine's and the widgets' catalogues."""
    for domain, locale in CATALOGUES.items():
        with (locale / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        for message in catalogue:
            if not message.id:
                continue
            english = message.id if isinstance(message.id, str) else " ".join(message.id)
            said = message.string if isinstance(message.string, str) else " ".join(message.string)
            yield f"{domain}.po [{message.context}]", english, said


def _lesson_entries(language: str):
    """Each lesson's .po entries, then the whole documents (rules.md, README.md)."""
    yield from translations(language)


def _built_notebooks(language: str):
    for path in sorted(language_folder(language, COURSE).glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            yield f"{path.relative_to(ROOT)} cell {cell.get('id')}", cell_text(cell)


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogues_use_the_glossary(language):
    wrong = [f"{where}: {', '.join(found)}" for where, english, said in _catalogue_entries(language)
             if (found := mismatches(english, said, language))]
    assert not wrong, f"{len(wrong)} entries:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translated_lessons_use_the_glossary(language):
    wrong = [f"{where}: {', '.join(found)}" for where, english, translated in _lesson_entries(language)
             if (found := mismatches(english, translated, language))]
    assert not wrong, f"{len(wrong)} cells:\n" + "\n".join(wrong)


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_uses_a_rejected_word(language):
    texts = [(where, said) for where, _english, said in _catalogue_entries(language)]
    texts += [(where, said) for where, _english, said in _lesson_entries(language)]
    texts += list(_built_notebooks(language))
    wrong = [f"{where}: {', '.join(found)}" for where, said in texts if (found := rejected(said, language))]
    assert not wrong, f"{len(wrong)} texts:\n" + "\n".join(wrong)


def test_the_lessons_are_read_from_their_catalogues():
    """The checks read every lesson's .po (not an old copy elsewhere)."""
    for language in TRANSLATED:
        places = {where.split(" ")[0] for where, _english, _said in _lesson_entries(language)}
        for lesson in sorted(COURSE.glob("[0-9]*.ipynb")):
            assert f"course/locale/{language}/LC_MESSAGES/{lesson.stem}.po" in places, lesson.stem
        assert Path("course", language, "rules.md").as_posix() in places

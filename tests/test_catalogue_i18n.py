"""The translations as gettext catalogues: every key of every catalogue translated, current (its
msgid is today's English), with the English's placeholders and as many plural forms as the
catalogue's rule; none left in a Python file; plurals and numbers done by gettext's rules and Babel."""

from __future__ import annotations

import ast
import random
import textwrap
from pathlib import Path

import pytest

from cribbage.lang.messages import CATALOGUE, LANGUAGES, Plural, message, render, translate
from cribbage.lang.translations import ENGINE_LOCALE, format_number, po_path, read_catalogue
from widgets.i18n import decimal, t
from widgets.messages import MESSAGES, WIDGETS_LOCALE
from widgets.translation_tools import DOMAINS, Domain, check, extract, scan


def test_every_key_of_every_catalogue_has_a_current_translation():
    """Fails on a missing, empty, fuzzy or stale translation, naming the key, the .po file and line,
    and the Python file whose English changed: the list a translator works through."""
    problems = check()
    assert not problems, "\n".join(str(p) for p in problems)


def test_no_python_catalogue_still_carries_spanish_or_portuguese():
    left = [f"{entry.path}:{entry.line} {entry.key}" for domain in DOMAINS
            for entry in scan(domain).values() if entry.others]
    assert not left, "run python -m widgets.translation_tools extract:\n" + "\n".join(left)


def test_the_running_catalogues_are_the_po_files():
    """What a learner reads is what the .po says, plural forms and rule included."""
    for language in ("es", "pt"):
        engine = read_catalogue(po_path(ENGINE_LOCALE, "cribbage", language), language)
        widgets = read_catalogue(po_path(WIDGETS_LOCALE, "widgets", language), language)
        assert engine is not None and widgets is not None
        for catalogue, entries in ((engine, CATALOGUE), (widgets, MESSAGES)):
            assert catalogue.plural_rule and catalogue.num_plurals == 2
            for key, found in catalogue.entries.items():
                said = entries[key][language]
                if isinstance(said, Plural):
                    assert said.forms == found.strings and said.rule == catalogue.plural_rule, key
                else:
                    assert said == found.strings[0], key


def test_plural_forms_follow_each_catalogues_rule():
    # Spanish (n != 1): the plural for 0. Brazilian Portuguese (n > 1): the singular for 0 and 1.
    assert t("walk.computer_holds", "es", n=0) == t("walk.computer_holds", "es", n=2).replace("2", "0")
    assert t("walk.computer_holds", "pt", n=0) == t("walk.computer_holds", "pt", n=1).replace("1", "0")
    assert t("walk.computer_holds", "pt", n=1) != t("walk.computer_holds", "pt", n=2).replace("2", "1")
    assert render(message("event.muggins", n=1), "es") == "muggins: 1 punto olvidado"
    assert render(message("event.muggins", n=3), "pt") == "muggins: 3 pontos esquecidos"
    assert [str(message("event.muggins", n=n)) for n in (0, 1, 2)] == [
        "muggins: 0 missed points", "muggins: 1 missed point", "muggins: 2 missed points"]


def test_numbers_are_written_with_each_locales_symbols():
    assert decimal(12.5, "es") == "12,5" and decimal(12.5, "pt") == "12,5" and decimal(12.5, "en") == "12.5"
    assert format_number(-4.25, "pt", "+.1f") == "-4,2" and format_number(4.3, "es", "+.1f") == "+4,3"
    assert format_number(0.1234, "es", ".1%") == "12,3%"
    rng = random.Random(12)
    for _ in range(2000):
        value = rng.uniform(-1000, 1000) * rng.choice((1, 0.001))
        for spec in (".1f", ".2f", "+.1f", ".0f", ".1%"):
            english = format(value, spec)
            # English is Python's own formatting; the others differ only in the decimal mark.
            assert format_number(value, "en", spec) == english, (value, spec)
            assert format_number(value, "es", spec) == english.replace(".", ","), (value, spec)


# --- the tools on a small package of their own --------------------------------------------------

def _package(root: Path, body: str) -> Domain:
    folder = root / "demo"
    folder.mkdir(exist_ok=True)
    (folder / "words.py").write_text(textwrap.dedent(body), encoding="utf-8")

    def english() -> dict[str, str]:
        namespace: dict[str, object] = {"Plural": Plural}
        exec((folder / "words.py").read_text(encoding="utf-8"), namespace)
        words = namespace["WORDS"]
        assert isinstance(words, dict)
        return {key: Plural(*entry["en"]) if isinstance(entry["en"], tuple) else entry["en"]
                for key, entry in words.items()}

    return Domain("demo", "demo", english, root=root)


OLD_FORM = '''
WORDS = {
    "demo.hello": {"en": "hello {name}", "es": "hola {name}",
                   "pt": "olá {name}"},
    "demo.cards": {
        "en": ("{n} card", "{n} cards"),
        "es": ("{n} carta", "{n} cartas"),
        "pt": ("{n} carta", "{n} cartas"),
    },
}
'''


def test_extract_moves_translations_out_of_python_and_a_changed_english_makes_them_stale(tmp_path):
    domain = _package(tmp_path, OLD_FORM)
    assert [p.kind for p in check([domain])].count("in python") == 2
    extract([domain])
    source = (tmp_path / "demo" / "words.py").read_text(encoding="utf-8")
    assert "hola" not in source and "cartas" not in source
    ast.parse(source)   # still Python, and the English is unchanged
    assert domain.english() == {"demo.hello": "hello {name}", "demo.cards": Plural("{n} card", "{n} cards")}
    assert check([domain]) == []
    es = po_path(domain.locale, "demo", "es")
    assert 'msgctxt "demo.cards"\nmsgid "{n} card"\nmsgid_plural "{n} cards"' in es.read_text(encoding="utf-8")
    assert domain.pot.exists()

    # An author rewords one English message: the check names its key, the .po files and the Python file.
    (tmp_path / "demo" / "words.py").write_text(source.replace("hello {name}", "good morning, {name}"),
                                                encoding="utf-8")
    stale = [p for p in check([domain]) if p.kind == "stale"]
    assert {p.key for p in stale if p.key} == {"demo.hello"}
    assert {Path(p.where.split(":")[0]).name for p in stale if p.key} == {"demo.po"}
    assert all("words.py" in p.detail and "hello {name}" in p.detail for p in stale if p.key)
    # extract keeps the old translation, marked fuzzy with the English it was made from.
    extract([domain])
    text = es.read_text(encoding="utf-8")
    assert '#, fuzzy, python-brace-format\n#| msgid "hello {name}"\nmsgctxt "demo.hello"' in text
    assert {p.kind for p in check([domain])} == {"fuzzy"}
    extract([domain])   # and again: the English it was made from is kept
    assert '#| msgid "hello {name}"' in es.read_text(encoding="utf-8")


def test_a_new_english_message_is_reported_until_translated(tmp_path):
    domain = _package(tmp_path, OLD_FORM)
    extract([domain])
    path = tmp_path / "demo" / "words.py"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "WORDS = {", 'WORDS = {\n    "demo.new": {"en": "a new sentence"},'), encoding="utf-8")
    assert {(p.kind, p.key) for p in check([domain])} >= {("missing", "demo.new"), ("stale", "")}
    extract([domain])
    assert {(p.kind, p.key) for p in check([domain])} == {("untranslated", "demo.new")}


def test_a_translation_with_other_placeholders_falls_back_to_english(tmp_path):
    domain = _package(tmp_path, OLD_FORM)
    extract([domain])
    es = po_path(domain.locale, "demo", "es")
    es.write_text(es.read_text(encoding="utf-8").replace('msgstr "hola {name}"', 'msgstr "hola {nombre}"'),
                  encoding="utf-8")
    read_catalogue.cache_clear()
    entries = {"demo.hello": {"en": "hello {name}"}, "demo.cards": {"en": Plural("{n} card", "{n} cards")}}
    translate(entries, domain.locale, "demo")
    assert entries["demo.hello"]["es"] == "hello {name}"          # never a KeyError in a learner's face
    assert entries["demo.cards"]["pt"].choose(0) == "{n} carta"   # pt's own rule: (n > 1)
    assert [(p.kind, p.key) for p in check([domain])] == [("placeholders", "demo.hello")]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_the_po_files_are_what_translators_tools_read(language):
    """Standard gettext: a header with the language and its Plural-Forms, UTF-8, brace-format flags."""
    for folder, domain in ((ENGINE_LOCALE, "cribbage"), (WIDGETS_LOCALE, "widgets")):
        text = po_path(folder, domain, language).read_text(encoding="utf-8")
        assert f'"Language: {language}\\n"' in text and '"Plural-Forms: nplurals=2; plural=' in text
        assert '"Content-Type: text/plain; charset=utf-8\\n"' in text and "#, python-brace-format" in text


def test_a_file_someone_else_is_editing_gives_its_translations_but_is_not_rewritten(tmp_path):
    domain = _package(tmp_path, OLD_FORM)
    words = tmp_path / "demo" / "words.py"
    before = words.read_text(encoding="utf-8")
    extract([domain], skip=[words])
    assert words.read_text(encoding="utf-8") == before
    assert 'msgstr "hola {name}"' in po_path(domain.locale, "demo", "es").read_text(encoding="utf-8")
    assert {p.kind for p in check([domain])} == {"in python"}   # until its author lets extract move them

"""The translations as gettext catalogues kept with Babel's own commands: every message of every
domain translated and current, with the English's placeholders and as many plural forms as the
catalogue's rule; one translation per English string per language; plurals and numbers done by
gettext's rules and Babel; and the workflow itself (extract, update, compile) on a small package."""

from __future__ import annotations

import random
import re
import shutil
import string
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cribbage.lang.messages import CATALOGUE, DOMAINS, Plural, message, render, translate
from cribbage.lang.translations import ENGINE_LOCALE, format_number, translations
from cribbage.registry.languages import TRANSLATED
from widgets.i18n import decimal
from widgets.i18n.messages import WIDGETS_LOCALE

ROOT = Path(__file__).resolve().parents[1]
PYBABEL = str(Path(sys.executable).with_name("pybabel"))
PACKAGES = {"cribbage": ENGINE_LOCALE, "widgets": WIDGETS_LOCALE}


def _catalog(domain: str, language: str):
    with (PACKAGES[domain] / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle, locale=language)


def _names(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0].split(":")[0] for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_every_message_is_translated_not_fuzzy_with_the_englishs_placeholders(domain, language):
    """The list a translator works through: untranslated, fuzzy (the English changed since) or with
    other placeholders than the English, each named by key."""
    problems = []
    for item in _catalog(domain, language):
        if not item.id:
            continue
        ids = item.id if isinstance(item.id, tuple) else (item.id,)
        strings = item.string if isinstance(item.string, tuple) else (item.string,)
        if item.fuzzy:
            problems.append(f"fuzzy: {item.context}")
        elif not all(strings):
            problems.append(f"untranslated: {item.context}")
        elif any(_names(s) != _names(ids[-1]) for s in strings):
            problems.append(f"placeholders: {item.context}: {strings}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_the_catalogues_are_current_with_the_code(domain, tmp_path):
    """What `make check-catalogues` runs: the template extracted again equals the committed one, and
    `pybabel update --check` finds nothing to change in any .po."""
    fresh = tmp_path / f"{domain}.pot"
    subprocess.run([PYBABEL, "-q", "extract", "-F", "babel.cfg", "--add-location=file", "--no-wrap",
                    "-o", str(fresh), domain], cwd=ROOT, check=True)
    with fresh.open("rb") as a, (PACKAGES[domain] / f"{domain}.pot").open("rb") as b:
        new, old = read_po(a), read_po(b)
    assert {(m.context, m.id) for m in new if m.id} == {(m.context, m.id) for m in old if m.id}, \
        "run make catalogues"
    check = subprocess.run([PYBABEL, "-q", "update", "--check", "--no-wrap", "--ignore-obsolete",
                            "--ignore-pot-creation-date", "-i", str(fresh), "-d", str(PACKAGES[domain]),
                            "-D", domain], cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, "run make catalogues:\n" + check.stderr[-2000:]


def test_every_key_of_the_running_catalogue_is_extracted_into_its_domain():
    extracted = {domain: {m.context for m in read_po((PACKAGES[domain] / f"{domain}.pot").open("rb")) if m.id}
                 for domain in PACKAGES}
    import cribbage.cli.main
    import cribbage.crosscribb
    import cribbage.progress
    import cribbage.stats  # noqa: F401
    missing = [key for key, domain in DOMAINS.items() if domain in extracted and key not in extracted[domain]]
    assert not missing, missing


def test_the_running_catalogues_are_the_compiled_po_files():
    """What a learner reads is what the .po says, through gettext: plural forms and rule included."""
    for language in TRANSLATED:
        for domain in PACKAGES:
            catalog = _catalog(domain, language)
            assert catalog.num_plurals == 2
            for item in catalog:
                if not item.id or item.context not in CATALOGUE:
                    continue
                said = CATALOGUE[item.context][language]
                if isinstance(said, Plural):
                    assert said.forms == tuple(item.string), item.context
                    assert said.rule == catalog.plural_expr, item.context
                else:
                    assert said == item.string, item.context


@pytest.mark.parametrize("language", TRANSLATED)
def test_one_translation_per_english_string_per_language(language):
    said: dict[str, set[str]] = defaultdict(set)
    for entry in CATALOGUE.values():
        english = entry["en"]
        if isinstance(english, Plural):
            continue   # a plural's forms are chosen per number, and its pairs are compared as wholes below
        said[english].add(entry[language])
    twice = {english: sorted(texts) for english, texts in said.items() if len(texts) > 1}
    assert not twice, "\n".join(f"{english!r}: {texts}" for english, texts in sorted(twice.items()))


def test_plural_forms_follow_each_catalogues_rule():
    # Spanish (n != 1): the plural for 0. Brazilian Portuguese (n > 1): the singular for 0 and 1.
    assert render("walk.computer_holds", "es", n=0) == render("walk.computer_holds", "es", n=2).replace("2", "0")
    assert render("walk.computer_holds", "pt", n=0) == render("walk.computer_holds", "pt", n=1).replace("1", "0")
    assert render("walk.computer_holds", "pt", n=1) != render("walk.computer_holds", "pt", n=2).replace("2", "1")
    assert render(message("event.muggins", n=1), "es") == "muggins: 1 punto olvidado"
    assert render(message("event.muggins", n=3), "pt") == "muggins: 3 pontos esquecidos"
    assert [str(message("event.muggins", n=n)) for n in (0, 1, 2)] == [
        "muggins: 0 missed points", "muggins: 1 missed point", "muggins: 2 missed points"]


def test_numbers_are_written_with_each_locales_symbols():
    assert decimal(12.5, "es") == "12,5" and decimal(12.5, "pt") == "12,5" and decimal(12.5, "en") == "12.5"
    assert format_number(-4.25, "pt", "+.1f") == "-4,2" and format_number(4.3, "es", "+.1f") == "+4,3"
    # Each language's own percent pattern: Spanish puts a non-breaking space before the sign, as its
    # messages do ("del 12 %"); English and Portuguese none.
    assert format_number(0.1234, "es", ".1%") == "12,3\u00a0%" and format_number(0.1234, "pt", ".1%") == "12,3%"
    rng = random.Random(12)
    for _ in range(2000):
        value = rng.uniform(-1000, 1000) * rng.choice((1, 0.001))
        for spec in (".1f", ".2f", "+.1f", ".0f", ".1%"):
            english = format(value, spec)
            # English is Python's own formatting; the others differ only in the decimal mark (and
            # Spanish's space before the percent sign).
            assert format_number(value, "en", spec) == english, (value, spec)
            assert format_number(value, "es", spec) == english.replace(".", ",").replace("%", "\u00a0%"), (value, spec)
            assert format_number(value, "pt", spec) == english.replace(".", ","), (value, spec)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_po_files_are_what_translators_tools_read(language):
    """Standard gettext: a header with the language and its Plural-Forms, UTF-8, brace-format flags."""
    for domain, folder in PACKAGES.items():
        text = (folder / language / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        assert f'"Language: {language}\\n"' in text and '"Plural-Forms: nplurals=2; plural=' in text
        assert '"Content-Type: text/plain; charset=utf-8\\n"' in text and "#, python-brace-format" in text


# --- the workflow on a small package of its own --------------------------------------------------

WORDS = '''
WORDS = {
    # a greeting: {name} is the learner's name
    "demo.hello": {"en": "hello {name}"},
    "demo.cards": {"en": Plural("{n} card", "{n} cards")},
}
'''


def _pybabel(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYBABEL, "-q", *args], cwd=cwd, capture_output=True, text=True)


def _demo(root: Path) -> Path:
    (root / "demo").mkdir()
    (root / "demo" / "words.py").write_text(textwrap.dedent(WORDS), encoding="utf-8")
    shutil.copy(ROOT / "babel.cfg", root / "babel.cfg")
    assert _pybabel("extract", "-F", "babel.cfg", "--no-wrap", "-o", "demo.pot", "demo", cwd=root).returncode == 0
    for language in TRANSLATED:
        assert _pybabel("init", "--no-wrap", "-i", "demo.pot", "-d", "locale", "-D", "demo", "-l", language, cwd=root).returncode == 0
    for language, hello, cards in (("es", "hola {name}", ("{n} carta", "{n} cartas")),
                                   ("pt", "olá {name}", ("{n} carta", "{n} cartas"))):
        po = root / "locale" / language / "LC_MESSAGES" / "demo.po"
        # the course's rules: Spanish (n != 1), Brazilian Portuguese (n > 1), as the project's .po say
        header = '"Plural-Forms: nplurals=2; plural=' + ("(n != 1)" if language == "es" else "(n > 1)") + ';\\n"'
        text = re.sub(r'"Plural-Forms: [^"]*"', lambda _, header=header: header, po.read_text(encoding="utf-8"))
        text = re.sub(r'msgstr\[2\] ""\n', "", text)
        text = text.replace('msgid "hello {name}"\nmsgstr ""', f'msgid "hello {{name}}"\nmsgstr "{hello}"')
        text = text.replace('msgstr[0] ""\nmsgstr[1] ""', f'msgstr[0] "{cards[0]}"\nmsgstr[1] "{cards[1]}"')
        po.write_text(text, encoding="utf-8")
    return root


def test_the_extractor_gives_keys_english_plurals_and_translators_notes(tmp_path):
    root = _demo(tmp_path)
    template = (root / "demo.pot").read_text(encoding="utf-8")
    assert '#. a greeting: {name} is the learner\'s name\n' in template
    assert 'msgctxt "demo.hello"\nmsgid "hello {name}"' in template
    assert 'msgctxt "demo.cards"\nmsgid "{n} card"\nmsgid_plural "{n} cards"' in template


def test_a_changed_english_is_marked_fuzzy_and_a_new_one_fails_the_check(tmp_path):
    root = _demo(tmp_path)
    words = root / "demo" / "words.py"
    words.write_text(words.read_text(encoding="utf-8").replace("hello {name}", "hello, {name}!")
                     .replace("WORDS = {", 'WORDS = {\n    "demo.new": {"en": "a new sentence"},'), encoding="utf-8")
    assert _pybabel("extract", "-F", "babel.cfg", "--no-wrap", "-o", "demo.pot", "demo", cwd=root).returncode == 0
    check = _pybabel("update", "--check", "-i", "demo.pot", "-d", "locale", "-D", "demo", cwd=root)
    assert check.returncode != 0    # what make lint runs: the build fails until the catalogues are updated
    assert _pybabel("update", "-i", "demo.pot", "-d", "locale", "-D", "demo", "--previous", cwd=root).returncode == 0
    text = (root / "locale" / "es" / "LC_MESSAGES" / "demo.po").read_text(encoding="utf-8")
    assert '#, fuzzy, python-brace-format\n#| msgid "hello {name}"\nmsgctxt "demo.hello"' in text
    assert 'msgctxt "demo.new"\nmsgid "a new sentence"\nmsgstr ""' in text


def test_compiled_catalogues_are_read_through_gettext_and_bad_placeholders_fall_back(tmp_path):
    root = _demo(tmp_path)
    es = root / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    es.write_text(es.read_text(encoding="utf-8").replace('msgstr "hola {name}"', 'msgstr "hola {nombre}"'),
                  encoding="utf-8")
    assert _pybabel("compile", "-d", "locale", "-D", "demo", cwd=root).returncode == 0
    assert (root / "locale" / "pt" / "LC_MESSAGES" / "demo.mo").exists()
    assert translations(root / "locale", "demo", "pt").pgettext("demo.hello", "hello {name}") == "olá {name}"
    entries = {"demo.hello": {"en": "hello {name}"}, "demo.cards": {"en": Plural("{n} card", "{n} cards")}}
    translate(entries, root / "locale", "demo")
    assert entries["demo.hello"]["es"] == "hello {name}"          # never a KeyError in a learner's face
    assert entries["demo.hello"]["pt"] == "olá {name}"
    assert entries["demo.cards"]["pt"].choose(0) == "{n} carta"   # pt's own rule: (n > 1)
    assert entries["demo.cards"]["es"].choose(0) == "{n} cartas"


def test_a_catalogue_entry_gives_its_english_only():
    from cribbage.lang.messages import add_catalogue
    with pytest.raises(ValueError, match="English only"):
        add_catalogue({"test.both": {"en": "x", "es": "x"}})
    with pytest.raises(ValueError, match="other words"):
        add_catalogue({"card.duplicate": {"en": "something else"}})


def _setup_module():
    """setup.py's functions, without running setup() (it runs only as setuptools runs the file)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("project_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_building_compiles_as_pybabel_does_and_never_leaves_half_a_catalogue(tmp_path: Path, domain: str) -> None:
    """A wheel built from the tree (``pip wheel .``, as the static calculator's build does while tests
    run) compiles the tree's catalogues: a kernel reading one meanwhile must find the old file or the
    new, whole. Written in place, a reader holding the old file saw it cut short (a CI run failed so)."""
    compile_catalogues = _setup_module().compile_catalogues
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    for root in (ours, theirs):
        shutil.copytree(PACKAGES[domain], root, ignore=shutil.ignore_patterns("*.mo"))
    assert _pybabel("compile", "-d", str(theirs), "-D", domain, cwd=tmp_path).returncode == 0
    written = compile_catalogues(ours, domain)
    assert [mo.relative_to(ours) for mo in written] == \
        [mo.relative_to(theirs) for mo in sorted(theirs.glob(f"*/LC_MESSAGES/{domain}.mo"))]
    for mo in written:
        assert mo.read_bytes() == (theirs / mo.relative_to(ours)).read_bytes()
    # A reader that opened the catalogue before the next build (of a changed .po) still reads it whole.
    before = written[0].read_bytes()
    po = written[0].with_suffix(".po")
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "one more"\nmsgstr "uno más"\n', encoding="utf-8")
    with written[0].open("rb") as reader:
        compile_catalogues(ours, domain)
        assert reader.read() == before
    assert written[0].read_bytes() != before
    assert sorted(path.name for path in written[0].parent.iterdir()) == [f"{domain}.mo", f"{domain}.po"]

"""The translations as gettext catalogues kept with Babel's own commands: every message of every
domain translated and current, with the English's placeholders and as many plural forms as the
catalogue's rule; one translation per English string per language; plurals and numbers done by
gettext's rules and Babel. The workflow itself (extract, update, compile), with the pybabel command, is
tests/integration/test_catalogue_commands.py's."""

from __future__ import annotations

import random
import string
from collections import defaultdict

import pytest
from babel.messages.pofile import read_po

from cribbage.lang.messages import CATALOGUE, DOMAINS, Plural, message, render
from cribbage.lang.translations import ENGINE_LOCALE, format_number
from cribbage.registry.languages import TRANSLATED
from hub import class_setup, image_setup  # noqa: F401  (the hub's messages, in the catalogue once imported)
from widgets.i18n import decimal
from widgets.i18n.messages import WIDGETS_LOCALE

PACKAGES = {"cribbage": ENGINE_LOCALE, "widgets": WIDGETS_LOCALE, "hub": class_setup.LOCALE}


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


@pytest.mark.slow
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


def test_a_catalogue_entry_gives_its_english_only():
    from cribbage.lang.messages import add_catalogue
    with pytest.raises(ValueError, match="English only"):
        add_catalogue({"test.both": {"en": "x", "es": "x"}})
    with pytest.raises(ValueError, match="other words"):
        add_catalogue({"card.duplicate": {"en": "something else"}})

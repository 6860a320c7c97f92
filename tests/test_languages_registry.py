"""The course's languages are listed once, in :mod:`cribbage.registry.languages`: nothing else spells one.

Adding a language is adding a line to the registry, then its translations. So the product's code
(the engine, the machinery, the views, the apps, the hub, ``setup.py`` and the command's launcher) is
scanned for string literals that are a language's code (``"es"``), a locale made of one (``"es_ES"``,
``"pt-BR"``, ``"jupyterlab-language-pack-es-ES"``) or a folder named by one (``"es/"``,
``"course/pt/rules.md"``), and each one found is named by file and line.

Two kinds of literal are left out, on purpose:

- docstrings: their doctests are examples a reader runs (``render(msg, "es")``), which must name a
  language to show one; they are documentation, not a list of the languages;
- the catalogue entries, ``{"en": template}``: a message's English is written in the code keyed by
  the source language's code, which is the catalogue's form (what ``pybabel extract`` reads through
  :mod:`cribbage.lang.extract`), not a choice among languages.

That the registry is the only code to change for a new language is shown by
``test_a_language_added_to_the_registry_reaches_every_consumer`` (slow): a copy of the product with
French added to the registry, and nothing else, asked what each part of the course does with French.
"""

from __future__ import annotations

import ast
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from product_code import parsed

from cribbage.registry.languages import CODES, LANGUAGES, SOURCE, TRANSLATED, language

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Path("cribbage/registry/languages.py")
#: The product's code: the packages and the top-level modules a wheel or the repository runs.
PRODUCT = ("cribbage", "machinery", "widgets", "apps", "hub", "setup.py", "cribbage_command.py")
_SKIP = {"node_modules", "__pycache__", "build", ".venv"}


def product_files() -> Iterator[Path]:
    """Every Python file of the product, relative to the repository."""
    for name in PRODUCT:
        path = ROOT / name
        found = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for each in found:
            relative = each.relative_to(ROOT)
            if not _SKIP.intersection(relative.parts):
                yield relative


# A literal that is a code, holds a locale made of one (``es_ES``, ``-pt-BR``), or a folder named by one.
_CODE = "(?:" + "|".join(map(re.escape, CODES)) + ")"
_SPELLS = re.compile(rf"^{_CODE}$|(?<![A-Za-z]){_CODE}[_-][A-Z]{{2}}(?![A-Za-z])|(?:^|/){_CODE}(?:/|$)")


def _left_out(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings or the key of a catalogue entry ``{"en": ...}``."""
    left: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                left.add(id(first.value))
        if (isinstance(node, ast.Dict) and len(node.keys) == 1 and isinstance(node.keys[0], ast.Constant)
                and node.keys[0].value == SOURCE):
            left.add(id(node.keys[0]))
    return left


def spelled_codes(path: Path) -> list[tuple[int, str]]:
    """(line, literal) for every string literal of ``path`` (relative to the repository, or absolute)
    that spells a language (see the module's docstring)."""
    tree = parsed(ROOT / path)
    left = _left_out(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in left
                  and _SPELLS.search(node.value))


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    # The scan itself, on a made-up module: a failure here means the next test proves nothing.
    module = tmp_path / "made_up.py"
    module.write_text(textwrap.dedent('''\
        """Docstring: render(msg, "es") is an example."""
        WORDS = {"key": {"en": "text"}}
        FOLDERS = {"en": "", "pt": "pt"}
        PACK = "jupyterlab-language-pack-es-ES"
        LOCALE = "pt_BR.UTF-8"
        PATH = f"course/{TRANSLATED[0]}/es/rules.md"
        NOT_A_CODE = ("estimate", "pts", "less", "open")
        def f(language="en"):
            """Says "pt" in a docstring."""
            return language
        '''), encoding="utf-8")
    found = [line for line, _text in spelled_codes(module)]
    assert found == [3, 3, 3, 4, 5, 6, 8], found


def test_no_language_is_spelled_outside_the_registry() -> None:
    found = {path.as_posix(): spelled_codes(path) for path in product_files() if path != REGISTRY}
    spelled = {name: lines for name, lines in found.items() if lines}
    named = [f"{name}:{line}: {text!r}" for name, lines in spelled.items() for line, text in lines]
    assert not named, ("these read the languages from somewhere else than cribbage/registry/languages.py "
                       "(import CODES, TRANSLATED, SOURCE or language(code) from it):\n" + "\n".join(named))
    assert len(found) > 100, "the scan read too few files to mean anything"


# The languages' data beside the code -------------------------------------------------------------

def test_pyproject_installs_the_language_pack_of_each_language() -> None:
    # pyproject's dependencies are static (setup.py cannot add to them), so the packs are written there
    # too: this names what a language added to the registry needs added to pyproject.toml.
    tomllib = pytest.importorskip("tomllib")
    with (ROOT / "pyproject.toml").open("rb") as handle:
        dependencies = tomllib.load(handle)["project"]["dependencies"]
    packs = {re.split(r"[<>=!~;\[ ]", dependency, maxsplit=1)[0] for dependency in dependencies
             if dependency.startswith("jupyterlab-language-pack-")}
    wanted = {entry.lab_pack for entry in LANGUAGES if entry.lab_pack}
    assert packs == wanted, (f"pyproject.toml's [project] dependencies: add {sorted(wanted - packs)}, "
                             f"remove {sorted(packs - wanted)}")


def test_the_glossary_has_a_column_per_language() -> None:
    with (ROOT / "course" / "glossary.csv").open(encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    assert header == ["idea", *CODES, *(f"{code}_rejected" for code in TRANSLATED), "seed"]


def test_each_language_of_the_registry_is_one_babel_knows() -> None:
    from babel import Locale

    for entry in LANGUAGES:
        assert Locale.parse(entry.babel_locale).language == entry.code, entry
        assert entry.lab_locale.split("_")[0] == entry.code and entry.system_locale.startswith(entry.code), entry
    assert CODES[0] == SOURCE and language(SOURCE).lessons == "" and language(SOURCE).lab_pack is None


# A language added to the registry, and nothing else --------------------------------------------------

FRENCH = ('    Language(code="fr", name="Français", babel_locale="fr", lab_locale="fr_FR",\n'
          '             lab_pack="jupyterlab-language-pack-fr-FR", system_locale="fr_FR.UTF-8", lessons="fr",\n'
          '             csv_separator=";"),\n')
#: The translations a French translator would write first (widgets' catalogue): the ordinals only.
FRENCH_WIDGETS_PO = '''\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgctxt "drill.ordinal.one"
msgid "{n}st"
msgstr "{n}er"

msgctxt "drill.ordinal.other"
msgid "{n}th"
msgstr "{n}e"
'''
#: What the copy is asked, in a Python of its own (its modules, not this process's, are imported).
ASK = '''\
import contextlib, io, json, sys
from pathlib import Path

root = Path.cwd()
import cribbage, machinery, widgets
assert all(Path(module.__file__).is_relative_to(root) for module in (cribbage, machinery, widgets))

from cribbage.build.course_i18n import TRANSLATED, catalogue_path
from cribbage.cli.main import language_of_environment, main
from cribbage.lang.messages import LANGUAGES, render, set_language
from cribbage import Card, cards
from cribbage.lessons.source import LANGUAGE_FOLDERS, language_folder
from cribbage.progress.export import SEPARATOR
from machinery.lab_language import LAB_LOCALES, settings_overrides
from cribbage.registry.languages import from_locale
from cribbage.registry.stops import STOPS
from widgets.calculator.link import query_language, share_query
from widgets.drills.discard import ordinal
from widgets.i18n import decimal, number
import setup

set_language("fr")
help_text = io.StringIO()
with contextlib.redirect_stdout(help_text), contextlib.suppress(SystemExit):
    main(["course", "--help"])
print(json.dumps({
    "messages": list(LANGUAGES),
    "untranslated": render("card.duplicate", card="5H"),
    "lessons": LANGUAGE_FOLDERS["fr"],
    "lesson_folder": language_folder("fr", root / "course").relative_to(root).as_posix(),
    "separator": SEPARATOR["fr"],
    "lab_locale": LAB_LOCALES["fr"],
    "lab_settings": settings_overrides("fr"),
    "from_locale": [from_locale({"LANG": "fr_CA.UTF-8"}), language_of_environment({"LANG": "fr_BE.UTF-8"})],
    "link": [query_language("lang=fr"), share_query(cards("5H 5D 6H 7S"), Card.parse("8C"), False, "fr")],
    "translated": list(TRANSLATED),
    "catalogue": catalogue_path(root / "course", "fr", "00_start_here").relative_to(root).as_posix(),
    "course_help": help_text.getvalue(),
    "ordinals": [ordinal(n, "fr") for n in (1, 2, 3, 21)],
    "numbers": [number(12994800, ",", "fr"), decimal(12.5, "fr"), number(0.5, ".0%", "fr")],
    "setup_lessons": [name for name in setup.lesson_files() if name.startswith("fr/")],
    "stops": [stop.notebook for stop in STOPS],
}))
'''


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What each part of a copy of the product does with French, once French is a line of its registry."""
    copy = tmp_path_factory.mktemp("with_french")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for package in ("cribbage", "machinery", "widgets"):
        shutil.copytree(ROOT / package, copy / package, ignore=ignore)
    for name in ("setup.py", "cribbage_command.py", "pyproject.toml"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "course").symlink_to(ROOT / "course", target_is_directory=True)   # only read
    registry = copy / REGISTRY
    text = registry.read_text(encoding="utf-8")
    end = text.index("\n)\n", text.index("LANGUAGES: tuple[Language, ...] = ("))
    registry.write_text(text[:end + 1] + FRENCH + text[end + 1:], encoding="utf-8")
    po = copy / "widgets" / "locale" / "fr" / "LC_MESSAGES" / "widgets.po"
    po.parent.mkdir(parents=True)
    po.write_text(FRENCH_WIDGETS_PO, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", ASK], cwd=copy, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_language_added_to_the_registry_reaches_every_consumer(french: dict[str, object]) -> None:
    assert french["messages"] == [*CODES, "fr"]                       # set_language("fr") is accepted
    assert french["untranslated"] == "duplicate card: 5H appears twice"   # English until translated
    assert french["lessons"] == "fr" and french["lesson_folder"] == "course/fr"
    assert french["separator"] == ";"                                 # the teacher's gradebook CSV
    assert french["lab_locale"] == "fr_FR"                            # JupyterLab's menus
    assert french["lab_settings"] == {"@jupyterlab/translation-extension:plugin": {"locale": "fr_FR"}}
    assert french["from_locale"] == ["fr", "fr"]                      # the launcher's and the command's locale
    assert french["link"] == ["fr", "hand=5H5D6H7S&starter=8C&crib=0&lang=fr"]   # the calculator's ?lang=
    assert french["translated"] == [*TRANSLATED, "fr"]                # the lessons' translation build
    assert french["catalogue"] == "course/locale/fr/LC_MESSAGES/00_start_here.po"
    assert "--lang {" + ",".join([*CODES, "fr"]) + "}" in str(french["course_help"])   # cribbage course --lang


@pytest.mark.slow
def test_a_new_language_s_grammar_comes_from_babel_and_its_catalogue(french: dict[str, object]) -> None:
    # French ordinals: Babel's rule puts 1 alone ("one") and 21 with the rest ("other", where English
    # has 21st); the French catalogue words each form. Numbers: Babel's French grouping (a narrow
    # no-break space), decimal comma, and the space before the percent sign.
    assert french["ordinals"] == ["1er", "2e", "3e", "21e"]
    assert french["numbers"] == ["12\u202f994\u202f800", "12,5", "50\u00a0%"]


@pytest.mark.slow
def test_a_new_language_s_lessons_go_into_the_wheel(french: dict[str, object]) -> None:
    stops = french["stops"]
    assert isinstance(stops, list) and stops
    assert french["setup_lessons"] == [f"fr/{notebook}" for notebook in stops] + ["fr/rules.md"]

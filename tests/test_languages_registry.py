"""The course's languages are listed once, in :mod:`cribbage.registry.languages`: nothing else spells one.

Adding a language is adding a line to the registry, then its translations. So the product's code
(the engine, the machinery, the views, the apps, the hub, ``setup.py`` and the command's launcher) is
scanned for string literals that are a language's code (``"es"``), a locale made of one (``"es_ES"``,
``"pt-BR"``, ``"jupyterlab-language-pack-es-ES"``) or a folder named by one (``"es/"``,
``"course/pt/rules.md"``), and each one found is named by file and line.

Two kinds of literal are left out, on purpose (and one file: the stops' registry,
``cribbage/registry/stops.py``, names each stop's notebook in each translated language, its words keyed by
the language's code like the glossary's columns; ``tests/test_stops.py`` holds those keys to this registry):

- docstrings: their doctests are examples a reader runs (``render(msg, "es")``), which must name a
  language to show one; they are documentation, not a list of the languages;
- the catalogue entries, ``{"en": template}``: a message's English is written in the code keyed by
  the source language's code, which is the catalogue's form (what ``pybabel extract`` reads through
  :mod:`cribbage.lang.extract`), not a choice among languages.

That the registry is the only code to change for a new language is shown by
``tests/integration/test_new_language.py``: a copy of the product with French added to the registry,
and nothing else, asked in a Python of its own what each part of the course does with French.
"""

from __future__ import annotations

import ast
import csv
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from product_code import parsed

from cribbage.registry.languages import CODES, LANGUAGES, SOURCE, TRANSLATED, language

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Path("cribbage/registry/languages.py")
#: The stops' notebooks' names in each language (see the module's docstring).
NAMES = Path("cribbage/registry/stops.py")
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
    found = {path.as_posix(): spelled_codes(path) for path in product_files() if path not in (REGISTRY, NAMES)}
    spelled = {name: lines for name, lines in found.items() if lines}
    named = [f"{name}:{line}: {text!r}" for name, lines in spelled.items() for line, text in lines]
    assert not named, ("these read the languages from somewhere else than cribbage/registry/languages.py "
                       "(import CODES, TRANSLATED, SOURCE or language(code) from it):\n" + "\n".join(named))
    assert len(found) > 100, "the scan read too few files to mean anything"


# The languages' data beside the code -------------------------------------------------------------

def test_pyproject_installs_the_language_pack_of_each_language() -> None:
    # pyproject's entry points are static (setup.py cannot add to them), so the course's JupyterLab
    # language packs are written there too: this names what a language added to the registry needs.
    tomllib = pytest.importorskip("tomllib")
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    packs = project["entry-points"]["jupyterlab.languagepack"]
    wanted = {entry.lab_locale: f"machinery.langpacks.{entry.lab_locale}" for entry in LANGUAGES if entry.lab_pack}
    assert packs == wanted, f"pyproject.toml's [project.entry-points.\"jupyterlab.languagepack\"]: should be {wanted}"
    # The official packs are not installed beside the course's: two packs of one locale, and
    # JupyterLab would take whichever it found last.
    official = [dependency for dependency in project["dependencies"] if dependency.startswith("jupyterlab-language-pack-")]
    assert not official, f"pyproject.toml's [project] dependencies: remove {official} (machinery/langpacks has them)"


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

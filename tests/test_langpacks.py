"""The course's JupyterLab language packs (:mod:`machinery.langpacks`): built from their ``.po`` files,
the only packs of their locales, made for the JupyterLab that is installed; and every JupyterLab menu
the lessons name (``*Run ▸ Run All Cells*``, ``*Ejecutar ▸ Ejecutar todas las celdas*``) is read from
JupyterLab and its pack: the English path is one JupyterLab has, and each translated lesson names it
exactly as the pack shows it, and only so (its menus are in the learner's language: no English path beside
it; the teacher's notes may add the English one), so a renamed menu or item fails here instead of
misleading a learner.
"""

from __future__ import annotations

import json
import re
import shutil
from functools import cache
from importlib.metadata import entry_points, version
from pathlib import Path

import pytest

from cribbage.registry.languages import LANGUAGES, SOURCE
from machinery.langpacks import build
from machinery.langpacks.build import JUPYTERLAB_LINE, LOCALES, translate

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "course"
#: A JupyterLab menu path as the lessons write it: in italics, the menu and its item split by ▸.
MENU_PATH = re.compile(r"\*([^*\n]+?) ▸ ([^*\n]+?)\*")


def test_the_built_packs_are_those_of_their_po_files() -> None:
    problems = [problem for locale in LOCALES.values() for problem in build.problems(locale)]
    assert not problems, "\n".join(problems)


def test_the_course_packs_are_the_only_packs_of_their_locales() -> None:
    claims = [(point.name, point.value) for point in entry_points(group="jupyterlab.languagepack")
              if point.name in LOCALES.values()]
    wanted = [(locale, f"machinery.langpacks.{locale}") for locale in LOCALES.values()]
    others = sorted(set(claims) - set(wanted))
    assert not others, (f"another package also gives JupyterLab these locales {others}: JupyterLab would take "
                        "whichever it finds last (pip uninstall jupyterlab-language-pack-es-ES jupyterlab-language-pack-pt-BR)")
    assert sorted(claims) == sorted(wanted), "reinstall the course (pip install -e .) to register its packs"


def test_the_packs_were_made_for_the_installed_jupyterlab() -> None:
    installed = version("jupyterlab")
    assert installed.startswith(JUPYTERLAB_LINE + "."), (
        f"JupyterLab {installed} is installed, the packs were completed for {JUPYTERLAB_LINE}: check its menus "
        "(tests/browser/test_lab_wholly_translated.py), translate what it names, then move JUPYTERLAB_LINE and the pin")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    major, minor = JUPYTERLAB_LINE.split(".")
    assert f'"jupyterlab>={JUPYTERLAB_LINE},<{major}.{int(minor) + 1}"' in pyproject


@cache
def jupyterlab_messages() -> tuple[frozenset[str], frozenset[str]]:
    """The menus' titles (JupyterLab's settings schemas, translated in the context "menu") and every
    string of JupyterLab's page code (where each item's label is written)."""
    import jupyterlab

    share = Path(jupyterlab.__file__).resolve().parents[3] / "share" / "jupyter" / "lab"
    if not share.exists():   # an install whose data files are elsewhere (sys.prefix)
        import sys
        share = Path(sys.prefix) / "share" / "jupyter" / "lab"
    titles: set[str] = set()

    def menu_labels(node: object, in_menus: bool) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "label" and in_menus and isinstance(value, str):
                    titles.add(value)
                menu_labels(value, in_menus or key == "jupyter.lab.menus")
        elif isinstance(node, list):
            for value in node:
                menu_labels(value, in_menus)

    for schema in (share / "schemas").rglob("*.json"):
        menu_labels(json.loads(schema.read_text(encoding="utf-8")), False)
    code = "".join(path.read_text(encoding="utf-8") for path in (share / "static").glob("*.js"))
    strings = frozenset(re.findall(r'"((?:[^"\\\n]|\\.)*)"', code))
    return frozenset(titles), strings


def lesson_texts(language: str) -> dict[str, str]:
    """Every lesson, page and note of ``language`` a learner or teacher reads (Markdown cells and pages)."""
    folder = COURSE / next(entry.lessons for entry in LANGUAGES if entry.code == language)
    paths = [*folder.glob("*.ipynb"), *folder.glob("*.md")]
    if language == SOURCE:
        paths += [ROOT / "README.md"]
    texts = {}
    for path in paths:
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            texts[path.name] = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
        else:
            texts[path.name] = path.read_text(encoding="utf-8")
    return texts


def english_paths() -> set[tuple[str, str]]:
    return {match.groups() for text in lesson_texts(SOURCE).values() for match in MENU_PATH.finditer(text)}


def test_the_english_lessons_name_menus_jupyterlab_has() -> None:
    titles, strings = jupyterlab_messages()
    paths = english_paths()
    assert paths, "no menu path found in the English lessons: the pattern no longer matches how they write one"
    wrong = [f"*{menu} ▸ {item}*" for menu, item in sorted(paths) if menu not in titles or item not in strings | titles]
    assert not wrong, f"JupyterLab has no such menu or item: {wrong}"


@pytest.mark.parametrize("language", list(LOCALES))
def test_the_translated_lessons_name_menus_as_the_pack_shows_them(language: str) -> None:
    locale = LOCALES[language]
    shown = {}
    for menu, item in english_paths():
        title = translate(locale, menu, "menu")
        label = translate(locale, item) or translate(locale, item, "menu")
        assert title and label, f"the {locale} pack has no translation of *{menu} ▸ {item}*"
        shown[title, label] = (menu, item)
    named = {(name, match.groups()) for name, text in lesson_texts(language).items() for match in MENU_PATH.finditer(text)}
    assert named, f"no menu path found in the {language} lessons"
    # The teacher's notes may also name the English menus (for a learner who has chosen English).
    wrong = sorted(f"{name}: *{menu} ▸ {item}*" for name, (menu, item) in named if (menu, item) not in shown
                   and not (name == "TEACHING.md" and (menu, item) in english_paths()))
    assert not wrong, (f"not a menu path JupyterLab shows in {locale} (it shows "
                       f"{sorted(f'*{a} ▸ {b}*' for a, b in shown)}):\n" + "\n".join(wrong))


def test_the_check_names_a_pack_not_built_again_and_a_fuzzy_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(build.HERE, tmp_path / "machinery" / "langpacks", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(build, "HERE", tmp_path / "machinery" / "langpacks")
    locale = LOCALES["es"]
    assert build.problems(locale) == []
    course = build.po_path(locale, "course")
    course.write_text(course.read_text(encoding="utf-8") + '\nmsgid "Shuffle the deck"\nmsgstr "Barajar"\n'
                      '\n#, fuzzy\nmsgid "Cut the deck"\nmsgstr "Cortar"\n', encoding="utf-8")
    found = build.problems(locale)
    assert len(found) == 2 and "out of date" in found[0] and "fuzzy: 'Cut the deck'" in found[1], found
    build.build()
    assert build.problems(locale) == [found[1]]   # built again: the fuzzy entry stays named, and is not in the pack
    data = json.loads(build.json_path(locale).read_text(encoding="utf-8"))
    assert data["Shuffle the deck"] == ["Barajar"] and "Cut the deck" not in data


def test_vendoring_an_official_mo_keeps_every_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from babel.messages.mofile import write_mo

    locale = LOCALES["pt"]
    official = build.catalogue(locale, "official")
    mo = tmp_path / "jupyterlab.mo"
    with mo.open("wb") as handle:
        write_mo(handle, official)
    monkeypatch.setattr(build, "HERE", tmp_path)
    build.vendor(locale, mo, "jupyterlab-language-pack-pt-BR 4.5.post3")
    again = build.catalogue(locale, "official")
    assert "jupyterlab-language-pack-pt-BR 4.5.post3" in build.po_path(locale, "official").read_text(encoding="utf-8")
    assert {(m.context, str(m.id), str(m.string)) for m in again if m.id} == {
        (m.context, str(m.id), str(m.string)) for m in official if m.id}


#: The File menu's items JupyterLab fills with the open document's file type name (its ``%1``); that name
#: comes from JupyterLab's document registry, made without the translator: always English ("Notebook").
FILE_TYPE_ITEMS = ("New View for %1", "Save %1", "Save %1 As…", "Reload %1 from Disk", "Revert %1 to Checkpoint…",
                   "Rename%1…", "Duplicate %1")


@pytest.mark.parametrize("language", list(LOCALES))
def test_a_notebook_has_one_name_in_each_pack(language: str) -> None:
    """The pack calls a notebook by its own word for it (Spanish "cuaderno", Brazilian "notebook") in every
    message, and where that word is not JupyterLab's English "Notebook", the File menu's items say no
    file type name (JupyterLab would put the English one beside the pack's word)."""
    locale = LOCALES[language]
    word = (translate(locale, "Notebook") or "Notebook").lower()
    others = {"notebook", "cuaderno", "caderno"} - {word}
    data = json.loads(build.json_path(locale).read_text(encoding="utf-8"))
    mixed = sorted(f"{key!r}: {strings[0]!r}" for key, strings in data.items()
                   if key and any(other in text.lower() for text in strings for other in others))
    assert not mixed, f"the {locale} pack calls a notebook {word!r}, but also:\n" + "\n".join(mixed)
    if word != "notebook":
        english_name = [f"{item!r}: {translate(locale, item)!r}" for item in FILE_TYPE_ITEMS
                        if "%1" in (translate(locale, item) or "%1")]
        assert not english_name, f"these would show JupyterLab's English 'Notebook' in {locale}: {english_name}"

"""The Spanish and Portuguese course: built from the English notebooks and the translators' JSON by
``python -m widgets.course_i18n``; a changed English cell or document makes a test name what is stale.

The machinery is tested on a temporary copy of the course; the committed course is tested as it is.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from widgets.course_i18n import (
    COURSE,
    DOCUMENTS,
    SWITCH_ID,
    TRANSLATED,
    build,
    cell_text,
    check,
    document_header,
    generate,
    main,
    sha1,
)

LESSON = "00_start_here"


def _translate_all(course: Path, language: str, stem: str) -> dict:
    """A translation of every markdown cell of ``stem`` (the text marked so a test can find it)."""
    english = json.loads((course / f"{stem}.ipynb").read_text(encoding="utf-8"))
    cells = {cell["id"]: {"source_sha1": sha1(cell_text(cell)), "text": f"[{language}] " + cell_text(cell)}
             for cell in english["cells"] if cell["cell_type"] == "markdown"}
    data = {"notebook": f"{stem}.ipynb", "language": language, "cells": cells}
    folder = course / "translations" / language
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return data


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course of one lesson and the two documents, fully translated into es and pt, generated."""
    root = tmp_path / "course"
    root.mkdir()
    shutil.copy(COURSE / f"{LESSON}.ipynb", root)
    for name in DOCUMENTS:
        shutil.copy(COURSE / name, root)
    for language in TRANSLATED:
        _translate_all(root, language, LESSON)
        (root / language).mkdir()
        for name in DOCUMENTS:
            (root / language / name).write_text(document_header(root, name) + "\n\n# Traducción\n", encoding="utf-8")
    generate(root)
    return root


def _english_cell(course: Path, kind: str = "markdown", index: int = 1) -> tuple[dict, dict]:
    notebook = json.loads((course / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    return notebook, [cell for cell in notebook["cells"] if cell["cell_type"] == kind][index]


def test_a_fully_translated_course_checks_clean(course):
    assert check(course) == []
    assert main(["--check", "--course", str(course)]) == 0


def test_the_generated_notebook_keeps_the_code_and_takes_the_words(course):
    english = json.loads((course / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    spanish = json.loads((course / "es" / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    ids = [cell["id"] for cell in spanish["cells"]]
    assert len(ids) == len(set(ids)) == len(english["cells"]) + 1
    switch = next(cell for cell in spanish["cells"] if cell["cell_type"] == "code")
    assert switch["id"] == SWITCH_ID and 'set_language("es")' in cell_text(switch)
    shared = [cell for cell in spanish["cells"] if cell["id"] != SWITCH_ID]
    for mine, theirs in zip(shared, english["cells"]):
        assert mine["id"] == theirs["id"] and mine["cell_type"] == theirs["cell_type"]
        if mine["cell_type"] == "code":
            assert cell_text(mine) == cell_text(theirs)
            # Printed in the notebook's language, so unrun: nbval compares the English notebook's.
            assert mine["outputs"] == [] and mine["execution_count"] is None
        else:
            assert cell_text(mine) == "[es] " + cell_text(theirs)


def test_generation_is_deterministic(course):
    first = {path: path.read_bytes() for path in sorted(course.rglob("*.ipynb"))}
    generate(course)
    assert {path: path.read_bytes() for path in sorted(course.rglob("*.ipynb"))} == first
    assert generate(course, write=False) == generate(course, write=False)


def test_a_changed_english_cell_is_named_stale(course):
    notebook, cell = _english_cell(course)
    cell["source"] = cell_text(cell) + "\nOne more sentence.\n"
    (course / f"{LESSON}.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    problems = [str(problem) for problem in check(course)]
    for language in TRANSLATED:
        assert f"stale: course/translations/{language}/{LESSON}.json [{cell['id']}] " \
               f"(the English of {LESSON}.ipynb changed)" in problems
    assert main(["--check", "--course", str(course)]) == 1


def test_a_changed_code_cell_makes_the_generated_notebooks_stale(course):
    notebook, cell = _english_cell(course, "code", 0)
    cell["source"] = cell_text(cell) + "\nprint(1)\n"
    (course / f"{LESSON}.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    found = {(p.kind, p.where) for p in check(course)}
    assert found == {("stale", f"course/{language}/{LESSON}.ipynb") for language in TRANSLATED}
    generate(course)
    assert check(course) == []


def test_missing_and_orphaned_cells_are_named(course):
    path = course / "translations" / "pt" / f"{LESSON}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    gone = min(data["cells"])
    del data["cells"][gone]
    data["cells"]["c99"] = {"source_sha1": sha1("x"), "text": "sobra"}
    path.write_text(json.dumps(data), encoding="utf-8")
    found = {(p.kind, p.where, p.key) for p in check(course)}
    rel = f"course/translations/pt/{LESSON}.json"
    assert ("missing", rel, gone) in found and ("orphaned", rel, "c99") in found


def test_a_lesson_without_translation_and_a_translation_without_lesson_are_named(course):
    shutil.copy(COURSE / "02_the_play.ipynb", course)
    (course / "translations" / "es" / "99_gone.json").write_text("{}", encoding="utf-8")
    found = {(p.kind, p.where) for p in check(course)}
    assert ("missing", "course/translations/es/02_the_play.json") in found
    assert ("orphaned", "course/translations/es/99_gone.json") in found


@pytest.mark.parametrize("name", DOCUMENTS)
def test_a_changed_english_document_makes_its_translations_stale(course, name):
    (course / name).write_text((course / name).read_text(encoding="utf-8") + "\nA new rule.\n", encoding="utf-8")
    found = {(p.kind, p.where) for p in check(course)}
    assert found == {("stale", f"course/{language}/{name}") for language in TRANSLATED}


def test_a_bad_translation_file_is_refused_by_name(course):
    (course / "translations" / "es" / f"{LESSON}.json").write_text('{"cells": []}', encoding="utf-8")
    with pytest.raises(ValueError, match=f"translations/es/{LESSON}.json"):
        check(course)
    assert main(["--course", str(course)]) == 2


def test_build_refuses_an_unknown_language():
    english = json.loads((COURSE / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="es, pt"):
        build(english, {"cells": {}}, "fr")


# The committed course ---------------------------------------------------------------------------

def test_the_committed_translations_are_current():
    """Every translated cell matches today's English, no translation is orphaned, every generated
    notebook is what the tool builds today. A failure names each notebook and cell to redo."""
    problems = [str(problem) for problem in check() if problem.kind != "missing"]
    assert not problems, "\n".join(problems)


def test_every_generated_notebook_has_a_translation():
    built = set(generate(write=False))
    for language in TRANSLATED:
        for path in sorted((COURSE / language).glob("*.ipynb")):
            assert path in built, f"{path} has no course/translations/{language}/{path.stem}.json"


def test_every_lesson_cell_and_document_is_translated():
    """Every lesson, each of its markdown cells, rules.md and the README, in both languages."""
    missing = [str(problem) for problem in check() if problem.kind == "missing"]
    assert not missing, "\n".join(missing)


def test_the_start_page_offers_the_three_languages_in_their_words():
    import re
    start = COURSE / "start" / "index.ipynb"
    text = "".join(cell_text(cell) for cell in json.loads(start.read_text(encoding="utf-8"))["cells"])
    links = {target: label for label, target in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", text)}
    assert links["../00_start_here.ipynb"].startswith("Start here")
    assert links["../es/00_start_here.ipynb"].startswith("Empieza aquí")
    assert links["../pt/00_start_here.ipynb"].startswith("Comece aqui")
    for target in links:
        path = (start.parent / target).resolve()
        language = path.parent.name
        # the English pages exist; the translated ones are what the tool builds or the translators write
        assert path.exists() or (language in TRANSLATED and path.name in {f"{p.stem}.ipynb" for p in
                                                                         COURSE.glob("*.ipynb")} | set(DOCUMENTS)), target
    assert "start/index.ipynb" in (COURSE.parent / "Makefile").read_text(encoding="utf-8")

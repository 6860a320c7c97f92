"""The course in Spanish and Portuguese, built from one source: ``python -m widgets.course_i18n``.

A lesson's words live in ``course/translations/<lang>/<stem>.json`` (one entry per English markdown
cell, by cell id, with the sha1 of the English text it translates); its code stays in the English
notebook. :func:`build` makes ``course/<lang>/<stem>.ipynb``: the English notebook with each markdown
cell replaced by its translation, every code cell identical, and a first code cell that switches the
whole notebook to the language (:func:`widgets.set_language`). ``--check`` lists what a translator must
redo: stale cells (the English changed since), missing cells and lessons, orphaned translations, and
whole documents (``course/<lang>/rules.md``, ``README.md``) whose first line names an old sha1.

Generation is deterministic: the same inputs give the same bytes, so a test can compare the committed
notebooks with a fresh build.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from widgets.translation_tools import Problem

__all__ = [
    "DOCUMENTS",
    "TRANSLATED",
    "Problem",
    "build",
    "cell_text",
    "check",
    "document_header",
    "generate",
    "main",
    "render",
    "sha1",
]

#: The languages the course is translated into (English is the source).
TRANSLATED: tuple[str, ...] = ("es", "pt")
#: Whole documents translated as one file each: ``course/<lang>/<name>``.
DOCUMENTS: tuple[str, ...] = ("rules.md", "README.md")
COURSE = Path(__file__).resolve().parent.parent / "course"

SWITCH_ID = "set-language"
_SWITCH = {
    "es": 'from widgets import set_language\n\nset_language("es")  # todo el cuaderno en español: widgets, gráficos y mensajes',
    "pt": 'from widgets import set_language\n\nset_language("pt")  # todo o caderno em português: widgets, gráficos e mensagens',
}
# nbval compares the stored output of these cells in the English notebook. A translated notebook
# prints them in its own language, so its copy is stored unrun, like every other cell: nbval runs it
# (an error still fails) but compares no output, and the English notebook checks the values.


def sha1(text: str) -> str:
    """The sha1 hex digest of ``text`` as UTF-8: what a translation records of its English source."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def cell_text(cell: dict[str, Any]) -> str:
    """A cell's source as one string (notebooks store it as a list of lines or as one string)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{path}: not readable JSON ({error})") from None


def _translation(course: Path, language: str, stem: str) -> dict[str, Any] | None:
    path = course / "translations" / language / f"{stem}.json"
    if not path.exists():
        return None
    data = _read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("cells"), dict):
        # a translator's file with the wrong shape is bad input, like bad JSON: one error family
        raise ValueError(f"{path}: expected {{\"notebook\", \"language\", \"cells\": {{id: {{source_sha1, text}}}}}}")
    if data.get("language") != language or data.get("notebook") != f"{stem}.ipynb":
        raise ValueError(f"{path}: says notebook {data.get('notebook')!r}, language {data.get('language')!r}; "
                         f"expected {stem}.ipynb, {language!r}")
    for cell_id, entry in data["cells"].items():
        if not (isinstance(entry, dict) and isinstance(entry.get("text"), str)
                and isinstance(entry.get("source_sha1"), str)):
            raise ValueError(f"{path}: cell {cell_id} needs a \"source_sha1\" and a \"text\"")
    return data


def _lessons(course: Path) -> list[Path]:
    return sorted(p for p in course.glob("*.ipynb") if not p.name.startswith("scratch"))


def build(english: dict[str, Any], translation: dict[str, Any], language: str) -> dict[str, Any]:
    """The translated notebook: markdown from ``translation`` (English kept where a cell has no
    translation yet, which :func:`check` reports), code cells as in ``english`` with every output
    cleared, and the language switch before the first code cell."""
    if language not in _SWITCH:
        raise ValueError(f"language must be one of {', '.join(TRANSLATED)}, not {language!r}")
    cells = []
    for cell in english["cells"]:
        cell = copy.deepcopy(cell)
        if cell["cell_type"] == "markdown":
            entry = translation["cells"].get(cell.get("id"))
            if entry is not None:
                cell["source"] = _lines(entry["text"])
        elif cell["cell_type"] == "code":
            cell["execution_count"] = None
            cell["outputs"] = []
        cells.append(cell)
    if any(cell.get("id") == SWITCH_ID for cell in cells):
        raise ValueError(f"{english.get('metadata', {}).get('name', 'notebook')}: a cell already has the id {SWITCH_ID!r}")
    switch: dict[str, Any] = {"cell_type": "code", "execution_count": None, "id": SWITCH_ID, "metadata": {}, "outputs": [],
              "source": _lines(_SWITCH[language])}
    first_code = next((i for i, cell in enumerate(cells) if cell["cell_type"] == "code"), len(cells))
    cells.insert(first_code, switch)
    notebook = {key: copy.deepcopy(value) for key, value in english.items() if key != "cells"}
    notebook["cells"] = cells
    notebook.setdefault("metadata", {})["course_language"] = language
    return notebook


def render(notebook: dict[str, Any]) -> str:
    """The notebook as Jupyter writes it (one-space indent, sorted keys), so saving it in Lab is a no-op."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def generate(course: Path = COURSE, *, write: bool = True) -> dict[Path, str]:
    """Every translated notebook (path -> text) for the lessons that have a translation file;
    written to disk when ``write``."""
    out: dict[Path, str] = {}
    for language in TRANSLATED:
        for lesson in _lessons(course):
            translation = _translation(course, language, lesson.stem)
            if translation is None:
                continue
            text = render(build(_read_json(lesson), translation, language))
            out[course / language / lesson.name] = text
    if write:
        for path, text in out.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
    return out


def document_header(course: Path, name: str) -> str:
    """The first line a translated whole document carries: the English file's path and sha1."""
    english = (course / name).read_text(encoding="utf-8")
    return f"<!-- translated from course/{name} sha1={sha1(english)} -->"


def check(course: Path = COURSE, languages: Sequence[str] = TRANSLATED) -> list[Problem]:
    """What is stale, missing or orphaned in the translations of ``course``, lesson by lesson and cell
    by cell, then the whole documents and the generated notebooks."""
    problems: list[Problem] = []
    lessons = {lesson.stem: lesson for lesson in _lessons(course)}
    for language in languages:
        folder = course / "translations" / language
        for stem, lesson in lessons.items():
            rel = f"course/translations/{language}/{stem}.json"
            translation = _translation(course, language, stem)
            if translation is None:
                problems.append(Problem("missing", rel, detail=f"no translation of {lesson.name}"))
                continue
            english = {cell.get("id"): cell for cell in _read_json(lesson)["cells"]}
            for cell_id, cell in english.items():
                if cell["cell_type"] != "markdown":
                    continue
                entry = translation["cells"].get(cell_id)
                if entry is None:
                    problems.append(Problem("missing", rel, str(cell_id), f"{lesson.name} has it in English only"))
                elif entry["source_sha1"] != sha1(cell_text(cell)):
                    problems.append(Problem("stale", rel, str(cell_id), f"the English of {lesson.name} changed"))
            for cell_id in translation["cells"]:
                if cell_id not in english or english[cell_id]["cell_type"] != "markdown":
                    problems.append(Problem("orphaned", rel, cell_id, f"{lesson.name} has no markdown cell {cell_id}"))
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if path.stem not in lessons:
                problems.append(Problem("orphaned", f"course/translations/{language}/{path.name}",
                                        detail=f"no course/{path.stem}.ipynb"))
        for name in DOCUMENTS:
            rel = f"course/{language}/{name}"
            path = course / language / name
            if not path.exists():
                problems.append(Problem("missing", rel, detail=f"no translation of course/{name}"))
                continue
            first = path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
            if first != document_header(course, name):
                said = first.split("sha1=", 1)[1].split()[0] if first.startswith("<!--") and "sha1=" in first else ""
                detail = (f"translated from sha1={said}; course/{name} changed since" if said
                          else f"its first line must be {document_header(course, name)}")
                problems.append(Problem("stale", rel, detail=detail))
    for path, text in generate(course, write=False).items():
        rel = f"course/{path.parent.name}/{path.name}"
        if not path.exists():
            problems.append(Problem("missing", rel, detail="not generated: run python -m widgets.course_i18n"))
        elif path.read_text(encoding="utf-8") != text:
            problems.append(Problem("stale", rel, detail="out of date: run python -m widgets.course_i18n"))
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.course_i18n", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report stale, missing and orphaned translations; write nothing")
    parser.add_argument("--course", type=Path, default=COURSE, help="the course folder (default: this project's)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = check(args.course)
            for problem in problems:
                print(problem)
            print(f"{len(problems)} to do" if problems else "every translation is up to date")
            return 1 if problems else 0
        for path in generate(args.course):
            print(f"built {path.relative_to(args.course.parent)}")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

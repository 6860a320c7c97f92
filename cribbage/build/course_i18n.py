"""The course in Spanish and Portuguese: one gettext catalogue per lesson, and the notebooks built from it.

Each English lesson ``course/<stem>.ipynb`` is a gettext domain named ``<stem>``. Its words are
extracted by Babel through :func:`extract_notebook` (mapped in ``course/babel.cfg``) into the template
``course/locale/<stem>.pot``; a translator works in ``course/locale/<lang>/LC_MESSAGES/<stem>.po``.
A message is either a whole markdown cell (msgctxt: the cell id), or one comment a learner reads in a
code cell (msgctxt ``<cell id>#<n>``, the n-th such comment of the cell), or the comment of the cell
that switches the notebook's language (msgctxt ``set-language``), which the build puts first.

``python -m cribbage.build.course_i18n <command>``, each command running Babel's own frontend:

- ``extract``: the templates, from the English notebooks (``pybabel extract``);
- ``update``: every ``.po`` brought up to its template (``pybabel update``; ``pybabel init`` for a new
  one). A changed English cell or comment keeps its translation, marked fuzzy (what changed: the
  template's diff);
- ``check``: writes nothing; names each template or ``.po`` that ``extract``/``update`` would change
  (``pybabel update --check``), then what Babel does not check: untranslated and fuzzy entries,
  translations whose links, code or headings differ from the English, notebooks not built from today's
  catalogues, and whole documents (``course/<lang>/rules.md``, ``README.md``, translated as one file
  each) whose first line names an old sha1 of the English;
- ``build``: ``course/<lang>/<name>.ipynb``, the English notebook with each markdown cell and each
  learner's comment translated, the code otherwise identical and unrun, and the language switch first.
  It refuses while any entry is untranslated or fuzzy: a learner never meets English by accident.

A stop's notebook is named in its language (``course/es/03_recuento.ipynb``: JupyterLab's tab and file
browser show the file's name), as :mod:`cribbage.registry.stops` names it. A translation links to a
stop by its English file name, as the English cell does (``[parada 3](03_the_show.ipynb)``: the check
compares links with the English), and the build writes the language's name in its place.

The build is deterministic (same inputs, same bytes), so a test compares the committed notebooks with a
fresh build.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import tokenize
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import BaseError, CommandLineInterface
from babel.messages.pofile import read_po

from cribbage.lessons.source import language_folder
from cribbage.registry import languages as registry
from cribbage.registry import stops

__all__ = [
    "COURSE",
    "DOCUMENTS",
    "SWITCH_ID",
    "SWITCH_MESSAGE",
    "TRANSLATED",
    "Comment",
    "Problem",
    "build",
    "catalogue_path",
    "cell_text",
    "check",
    "code_comments",
    "document_header",
    "extract",
    "extract_notebook",
    "generate",
    "lessons",
    "local_links",
    "local_name",
    "main",
    "placeholders",
    "read_catalogue",
    "render",
    "sha1",
    "template_path",
    "translations",
    "update",
]

#: The languages the course is translated into (English is the source): the registry's.
TRANSLATED: tuple[str, ...] = registry.TRANSLATED
#: Whole documents translated as one file each: ``course/<lang>/<name>``.
DOCUMENTS: tuple[str, ...] = ("rules.md", "README.md")
COURSE = Path(__file__).resolve().parents[2] / "course"

#: The id and code of the first code cell of a translated notebook; its comment is a catalogue entry.
SWITCH_ID = "set-language"
SWITCH_CODE = 'from widgets import set_language\n\nset_language("{language}")  # '
#: The English of the switch cell's comment (no English notebook has the cell, so the extractor adds it).
SWITCH_MESSAGE = "the whole notebook in this language: widgets, charts and messages"

# Babel's default keyword spec for pgettext is ((1, 'c'), 2): the context first, then the message.
_FUNCNAME = "pgettext"
# Comments that are instructions to a tool, not words for a learner: nbval's markers, linters' pragmas.
_DIRECTIVE = re.compile(r"#\s*(NBVAL_\w+|noqa\b|type:|pragma\b|fmt:|ruff:|mypy:)")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_CODE_SPAN = re.compile(r"`([^`]+)`")
_HEADING = re.compile(r"^(#+) ", re.MULTILINE)

# The options every catalogue is written with, so `extract`, `update` and `check` agree byte for byte.
# Obsolete entries are kept (no --ignore-obsolete): Babel's fuzzy matching compares msgids only, so a
# cell rewritten beyond recognition arrives untranslated, and its old translation (a paragraph of work)
# stays in the .po as a #~ entry for the translator to reuse. No --previous either: Babel writes the old
# English as "#| msgid" but reads it back as a translator's comment (python-babel/babel#206), so the next
# update would turn it into "# | msgid" lines; the old English is in the template's history instead.
_EXTRACT_OPTIONS = ["--add-location=file", "--no-wrap", "--project=Cribbage Course", "--version=0.1",
                    "--msgid-bugs-address=https://github.com/cribbage-course/cribbage-course/issues"]
_UPDATE_OPTIONS = ["--ignore-pot-creation-date"]


@dataclass(frozen=True)
class Problem:
    """One thing a translator (or the tool's user) must do: ``where`` is a file, ``key`` the msgctxt
    (the notebook cell, and the comment in it) when there is one."""

    kind: str
    where: str
    key: str = ""
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}" + (f" [{self.key}]" if self.key else "") + \
            (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True)
class Comment:
    """A comment a learner reads in a code cell: its text without the ``#``, where it sits, and what
    surrounds it (kept as they are when the text is translated)."""

    text: str
    line: int     # 0-based line of the cell's source
    start: int    # column of the text, after the "#" and its spaces
    end: int      # column just after the text (before any trailing spaces)
    code: str     # the whole source line, shown to the translator


def sha1(text: str) -> str:
    """The sha1 hex digest of ``text`` as UTF-8: what a translated document records of its English."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def cell_text(cell: Mapping[str, Any]) -> str:
    """A cell's source as one string (notebooks store it as a list of lines or as one string)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def code_comments(source: str) -> list[Comment]:
    """The comments of a code cell a learner reads, in order: every ``#`` comment but the empty ones
    and the directives (``# NBVAL_CHECK_OUTPUT``, ``# noqa``...). Found by Python's tokenizer, so a
    ``#`` inside a string is no comment."""
    found: list[Comment] = []
    lines = _lines(source)
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type != tokenize.COMMENT or _DIRECTIVE.match(token.string):
                continue
            body = token.string[1:].strip()
            if not body:
                continue
            row, column = token.start
            start = column + token.string.index(body)
            found.append(Comment(body, row - 1, start, start + len(body), lines[row - 1].rstrip("\r\n")))
    except (tokenize.TokenError, SyntaxError) as error:
        raise ValueError(f"not Python the tokenizer can read ({error})") from None
    return found


def _comment_context(cell_id: str, number: int) -> str:
    return f"{cell_id}#{number}"


def _messages(notebook: Mapping[str, Any]) -> Iterator[tuple[str, str, str, list[str]]]:
    """(msgctxt, msgid, cell id, comments for the translator) for every message of an English notebook."""
    yield SWITCH_ID, SWITCH_MESSAGE, "", ["The comment on the first code cell, which switches the whole "
                                          "notebook (widgets, charts, messages) to your language."]
    for cell in notebook.get("cells", []):
        cell_id = str(cell.get("id", ""))
        text = cell_text(cell)
        if cell.get("cell_type") == "markdown" and text.strip():
            yield cell_id, text, cell_id, []
        elif cell.get("cell_type") == "code":
            try:
                comments = code_comments(text)
            except ValueError as error:
                raise ValueError(f"cell {cell_id}: {error}") from None
            for number, comment in enumerate(comments, 1):
                yield _comment_context(cell_id, number), comment.text, cell_id, \
                    ["A comment in a code cell: only its words are translated. The line:", comment.code]


def extract_notebook(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                     options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extractor for a lesson notebook (``course_notebook`` in pyproject.toml's
    ``babel.extractors``, and in ``course/babel.cfg``): each markdown cell whole, each comment a
    learner reads in a code cell, and the language switch's comment, as ``pgettext(context, text)``
    with the cell id (and the comment's number) as the context.

    A markdown cell is one message, not one per paragraph: the translations are written cell by cell
    (a translator may join or split paragraphs), and the cell id then names exactly what changed.
    The line number is that of the cell's id in the notebook's JSON."""
    if _FUNCNAME not in keywords:
        return   # like Babel's Python extractor: only the keywords asked for
    raw = fileobj.read().decode(options.get("encoding", "utf-8"))
    name = getattr(fileobj, "name", "notebook")
    try:
        notebook = json.loads(raw)
    except ValueError as error:
        raise ValueError(f"{name}: not a notebook ({error})") from None
    where = {match.group(1): raw.count("\n", 0, match.start()) + 1
             for match in re.finditer(r'"id": "([^"]+)"', raw)}
    try:
        for context, text, cell_id, notes in _messages(notebook):
            yield where.get(cell_id, 1), _FUNCNAME, (context, text), notes
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


# The files ------------------------------------------------------------------------------------------

def lessons(course: Path = COURSE) -> list[Path]:
    """The English lessons, one gettext domain each (``course/start/`` and scratch notebooks are not)."""
    return sorted(p for p in course.glob("*.ipynb") if not p.name.startswith("scratch"))


_STOPS = {entry.notebook: entry for entry in stops.STOPS}


def local_name(name: str, language: str) -> str:
    """The file name in ``language``'s lesson folder of the English lesson ``name``: a stop's notebook
    by its name in that language (:meth:`cribbage.registry.stops.Stop.notebook_in`), any other as it is."""
    entry = _STOPS.get(name)
    return entry.notebook_in(language) if entry is not None else name


def local_links(text: str, language: str) -> str:
    """``text`` with each link to a stop's English notebook (``](03_the_show.ipynb#cell-id=c07)``) led
    to the notebook's name in ``language``."""
    def local(match: re.Match[str]) -> str:
        name, hash_mark, anchor = match.group(1).partition("#")
        folder, slash, file_name = name.rpartition("/")
        if file_name not in _STOPS:
            return match.group(0)
        return f"]({folder}{slash}{local_name(file_name, language)}{hash_mark}{anchor})"
    return _LINK.sub(local, text)


def template_path(course: Path, stem: str) -> Path:
    """``course/locale/<stem>.pot``."""
    return course / "locale" / f"{stem}.pot"


def catalogue_path(course: Path, language: str, stem: str) -> Path:
    """``course/locale/<language>/LC_MESSAGES/<stem>.po``."""
    return course / "locale" / language / "LC_MESSAGES" / f"{stem}.po"


def read_catalogue(path: Path) -> Catalog:
    """A ``.po`` (or ``.pot``) file, read by Babel."""
    with path.open("rb") as file:
        return read_po(file)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{path}: not readable JSON ({error})") from None


def _rel(course: Path, path: Path) -> str:
    return path.relative_to(course.parent).as_posix()


# Building ------------------------------------------------------------------------------------------

def _translated(catalogue: Catalog, context: str, english: str) -> str | None:
    """The translation of ``english`` in ``context``, or None when it is missing, empty or fuzzy."""
    message = catalogue.get(english, context=context)
    if message is None or message.fuzzy or not isinstance(message.string, str) or not message.string:
        return None
    return message.string


def _translate_comments(source: str, cell_id: str, catalogue: Catalog, missing: list[str]) -> str:
    lines = _lines(source)
    for number, comment in enumerate(code_comments(source), 1):
        context = _comment_context(cell_id, number)
        said = _translated(catalogue, context, comment.text)
        if said is None:
            missing.append(context)
            continue
        line = lines[comment.line]
        lines[comment.line] = line[:comment.start] + said + line[comment.end:]
    return "".join(lines)


def build(english: Mapping[str, Any], catalogue: Catalog, language: str) -> dict[str, Any]:
    """The translated notebook: each markdown cell and each learner's comment from ``catalogue``, the
    code otherwise as in ``english`` with every output cleared (a translated notebook prints in its own
    language, so nbval compares the English notebook's outputs only), and the language switch before
    the first code cell. Refuses (ValueError) while an entry is untranslated or fuzzy."""
    if language not in TRANSLATED:
        raise ValueError(f"language must be one of {', '.join(TRANSLATED)}, not {language!r}")
    missing: list[str] = []
    cells = []
    for cell in english["cells"]:
        cell = copy.deepcopy(cell)
        cell_id = str(cell.get("id", ""))
        if cell_id == SWITCH_ID:
            raise ValueError(f"a cell of the English notebook already has the id {SWITCH_ID!r}")
        text = cell_text(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            said = _translated(catalogue, cell_id, text)
            if said is None:
                missing.append(cell_id)
            else:
                cell["source"] = _lines(local_links(said, language))
        elif cell["cell_type"] == "code":
            try:
                said = _translate_comments(text, cell_id, catalogue, missing)
                # kept as the English notebook stores it (one string or a list of lines): only words differ
                cell["source"] = said if isinstance(cell.get("source"), str) else _lines(said)
            except ValueError as error:
                raise ValueError(f"cell {cell_id}: {error}") from None
            cell["execution_count"] = None
            cell["outputs"] = []
        cells.append(cell)
    comment = _translated(catalogue, SWITCH_ID, SWITCH_MESSAGE)
    if comment is None:
        missing.insert(0, SWITCH_ID)
    if missing:
        raise ValueError(f"untranslated or fuzzy: {', '.join(missing)}")
    switch: dict[str, Any] = {"cell_type": "code", "execution_count": None, "id": SWITCH_ID, "metadata": {},
                              "outputs": [], "source": _lines(SWITCH_CODE.format(language=language) + str(comment))}
    first_code = next((i for i, cell in enumerate(cells) if cell["cell_type"] == "code"), len(cells))
    if first_code < len(cells) and "jupyter" in cells[first_code]["metadata"]:
        # folded (or not) as the lesson's code is: a learner sees no code unless they ask
        switch["metadata"]["jupyter"] = copy.deepcopy(cells[first_code]["metadata"]["jupyter"])
    cells.insert(first_code, switch)
    notebook = {key: copy.deepcopy(value) for key, value in english.items() if key != "cells"}
    notebook["cells"] = cells
    notebook.setdefault("metadata", {})["course_language"] = language
    return notebook


def render(notebook: Mapping[str, Any]) -> str:
    """The notebook as Jupyter writes it (one-space indent, sorted keys), so saving it in Lab is a no-op."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def generate(course: Path = COURSE, *, write: bool = True) -> dict[Path, str]:
    """Every translated notebook (path -> text) of the lessons that have a ``.po``; written to disk
    when ``write``. Refuses (ValueError naming each lesson and entry) while any is untranslated or fuzzy."""
    out: dict[Path, str] = {}
    refused: list[str] = []
    for language in TRANSLATED:
        for lesson in lessons(course):
            path = catalogue_path(course, language, lesson.stem)
            if not path.exists():
                continue
            try:
                out[language_folder(language, course) / local_name(lesson.name, language)] = render(build(_read_json(lesson), read_catalogue(path), language))
            except ValueError as error:
                refused.append(f"{_rel(course, path)}: {error}")
    if refused:
        raise ValueError("not built, run python -m cribbage.build.course_i18n check:\n" + "\n".join(refused))
    if write:
        for path, text in out.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
    return out


def translations(language: str, course: Path = COURSE) -> Iterator[tuple[str, str, str]]:
    """(where, English, translation) for every translated entry of every lesson (fuzzy ones too: a
    reviewer reads them), then each whole document: what a reviewer or a glossary check reads."""
    for lesson in lessons(course):
        path = catalogue_path(course, language, lesson.stem)
        if not path.exists():
            continue
        for message in read_catalogue(path):
            if message.id and isinstance(message.id, str) and isinstance(message.string, str) and message.string:
                yield f"{_rel(course, path)} [{message.context}]", message.id, message.string
    for name in DOCUMENTS:
        path = language_folder(language, course) / name
        if path.exists():
            yield _rel(course, path), (course / name).read_text(encoding="utf-8"), path.read_text(encoding="utf-8")


# Babel's commands ----------------------------------------------------------------------------------

@contextmanager
def _cwd(path: Path) -> Iterator[None]:
    # pybabel writes each location relative to the working directory: the course's parent, always,
    # so a template is the same wherever the command was started.
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def _pybabel(course: Path, *args: str) -> bool:
    """Runs one ``pybabel`` command through Babel's frontend; False when Babel reports an error
    (``update --check``: a catalogue that would change)."""
    with _cwd(course.parent):
        try:
            # Babel's frontend has no annotations (the pybabel command is its public interface)
            return not CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]
        except BaseError:
            return False


def _header(stem: str) -> str:
    # Babel turns "Translations template" into "Spanish translations" in each language's .po.
    return (f"# Translations template for the Cribbage Course lesson course/{stem}.ipynb.\n"
            "# msgctxt names the cell: its id for a markdown cell, <id>#<n> for the n-th comment a learner\n"
            "# reads in a code cell, set-language for the comment of the cell that switches the language.\n"
            "# Made by python -m cribbage.build.course_i18n extract and update; the notebooks by ... build.")


def _extract_to(course: Path, lesson: Path, output: Path) -> None:
    if not _pybabel(course, "extract", "-F", str(course / "babel.cfg"), *_EXTRACT_OPTIONS,
                    f"--header-comment={_header(lesson.stem)}", "-o", str(output), str(lesson)):
        raise ValueError(f"pybabel extract failed on {_rel(course, lesson)}")


def _same_template(a: Path, b: Path) -> bool:
    """Whether two templates are the same but for the date they were made."""
    if not (a.exists() and b.exists()):
        return False
    first, second = read_catalogue(a), read_catalogue(b)
    second.creation_date = first.creation_date
    return first.is_identical(second) and first.header_comment == second.header_comment


def extract(course: Path = COURSE) -> list[Path]:
    """Extracts every lesson's template; one is rewritten only when its messages changed, so running
    it again changes no file (not even a date). Returns the templates written."""
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for lesson in lessons(course):
            fresh = Path(scratch) / f"{lesson.stem}.pot"
            _extract_to(course, lesson, fresh)
            target = template_path(course, lesson.stem)
            if not _same_template(fresh, target):
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(fresh, target)
                written.append(target)
    return written


def _update_args(course: Path, template: Path, language: str, stem: str) -> list[str]:
    return ["-i", str(template), "-d", str(course / "locale"), "-D", stem, "-l", language, "--no-wrap"]


def update(course: Path = COURSE, languages: Sequence[str] = TRANSLATED) -> None:
    """Brings each lesson's ``.po`` up to its template (``pybabel update``), or starts it (``pybabel init``)."""
    for lesson in lessons(course):
        template = template_path(course, lesson.stem)
        if not template.exists():
            raise ValueError(f"no {_rel(course, template)}: run python -m cribbage.build.course_i18n extract")
        for language in languages:
            args = _update_args(course, template, language, lesson.stem)
            if catalogue_path(course, language, lesson.stem).exists():
                ok = _pybabel(course, "update", *args, *_UPDATE_OPTIONS)
            else:
                ok = _pybabel(course, "init", *args)
            if not ok:
                raise ValueError(f"pybabel could not update {_rel(course, catalogue_path(course, language, lesson.stem))}")


# Checking ------------------------------------------------------------------------------------------

def placeholders(text: str) -> tuple[list[str], list[str], list[str]]:
    """What a translation must keep of its English: link targets and inline code (as sets, since a
    sentence may reorder them; code spans compared without their line breaks), and the heading outline."""
    return (sorted(_LINK.findall(text)), sorted(" ".join(span.split()) for span in _CODE_SPAN.findall(text)),
            _HEADING.findall(text))


def _entry_problems(course: Path, path: Path) -> list[Problem]:
    rel = _rel(course, path)
    problems = []
    for message in read_catalogue(path):
        if not message.id or not isinstance(message.id, str):
            continue
        key = str(message.context or "")
        if not message.string:
            problems.append(Problem("untranslated", rel, key, _excerpt(message)))
        elif message.fuzzy:
            problems.append(Problem("fuzzy", rel, key, "the English changed since, see the .pot's diff; "
                                                       "review it, then remove the fuzzy flag"))
        elif isinstance(message.string, str):
            english, said = placeholders(message.id), placeholders(message.string)
            for name, mine, theirs in zip(("links", "inline code", "headings"), english, said):
                if mine != theirs:
                    problems.append(Problem("placeholders", rel, key, f"{name}: English {mine}, translation {theirs}"))
    return problems


def _excerpt(message: Message) -> str:
    first = str(message.id).strip().split("\n", 1)[0]
    return first if len(first) <= 60 else first[:57] + "..."


def document_header(course: Path, name: str) -> str:
    """The first line a translated whole document carries: the English file's path and sha1."""
    english = (course / name).read_text(encoding="utf-8")
    return f"<!-- translated from course/{name} sha1={sha1(english)} -->"


def _document_problems(course: Path, language: str) -> list[Problem]:
    problems = []
    for name in DOCUMENTS:
        path = language_folder(language, course) / name
        rel = _rel(course, path)
        if not path.exists():
            problems.append(Problem("missing", rel, detail=f"no translation of course/{name}"))
            continue
        first = path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
        if first != document_header(course, name):
            said = first.split("sha1=", 1)[1].split()[0] if first.startswith("<!--") and "sha1=" in first else ""
            detail = (f"translated from sha1={said}; course/{name} changed since" if said
                      else f"its first line must be {document_header(course, name)}")
            problems.append(Problem("stale", rel, detail=detail))
    return problems


def check(course: Path = COURSE, languages: Sequence[str] = TRANSLATED) -> list[Problem]:
    """Everything a translator or an author must do, lesson by lesson: templates and catalogues that
    ``extract``/``update`` would change (Babel's ``update --check``), missing, untranslated, fuzzy and
    misshapen entries, orphaned catalogues, notebooks not built from today's catalogues, stale documents."""
    problems: list[Problem] = []
    stems = {lesson.stem for lesson in lessons(course)}
    with tempfile.TemporaryDirectory() as scratch:
        for lesson in lessons(course):
            fresh = Path(scratch) / f"{lesson.stem}.pot"
            _extract_to(course, lesson, fresh)
            template = template_path(course, lesson.stem)
            if not _same_template(fresh, template):
                problems.append(Problem("out of date", _rel(course, template),
                                        detail=f"not extracted from today's {lesson.name}: run extract, then update"))
            for language in languages:
                path = catalogue_path(course, language, lesson.stem)
                if not path.exists():
                    problems.append(Problem("missing", _rel(course, path), detail=f"no translation of {lesson.name}"))
                    continue
                if not _pybabel(course, "update", "--check", *_update_args(course, fresh, language, lesson.stem),
                                *_UPDATE_OPTIONS):
                    problems.append(Problem("out of date", _rel(course, path),
                                            detail=f"pybabel update --check: not merged with today's {lesson.name}"))
                problems.extend(_entry_problems(course, path))
    for language in languages:
        folder = course / "locale" / language / "LC_MESSAGES"
        for path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
            if path.stem not in stems:
                problems.append(Problem("orphaned", _rel(course, path), detail=f"no course/{path.stem}.ipynb"))
        lessons_here = language_folder(language, course)
        named = {local_name(lesson.name, language): lesson.name for lesson in lessons(course)}
        for path in sorted(lessons_here.glob("*.ipynb")) if lessons_here.is_dir() else []:
            if path.name not in named:
                detail = (f"stop {_STOPS[path.name].number} is {_STOPS[path.name].notebook_in(language)} here: "
                          "remove this one" if path.name in _STOPS else f"no course/{path.stem}.ipynb")
                problems.append(Problem("orphaned", _rel(course, path), detail=detail))
        problems.extend(_document_problems(course, language))
    try:
        built = generate(course, write=False)
    except ValueError:
        built = {}   # each entry that stops the build is named above
    for path, text in built.items():
        if not path.exists():
            problems.append(Problem("missing", _rel(course, path), detail="not built: run python -m cribbage.build.course_i18n build"))
        elif path.read_text(encoding="utf-8") != text:
            problems.append(Problem("stale", _rel(course, path), detail="out of date: run python -m cribbage.build.course_i18n build"))
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``extract``, ``update``, ``check`` or ``build`` (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m cribbage.build.course_i18n", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "update", "check", "build"])
    parser.add_argument("--course", type=Path, default=COURSE, help="the course folder (default: this project's)")
    args = parser.parse_args(argv)
    course = args.course.resolve()
    try:
        if args.command == "extract":
            for path in extract(course):
                print(f"extracted {_rel(course, path)}")
        elif args.command == "update":
            update(course)
        elif args.command == "check":
            problems = check(course)
            for problem in problems:
                print(problem)
            print(f"{len(problems)} to do" if problems else "every translation is up to date")
            return 1 if problems else 0
        else:
            for path in generate(course):
                print(f"built {_rel(course, path)}")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""No English where a Spanish or Portuguese learner reads: every ``course/es/*.ipynb`` and
``course/pt/*.ipynb`` read with the detector of :mod:`english` (``tests/english.py``).

Two layers:

- what the notebook file holds (fast, no kernel): the Markdown cells, and the comments of the code
  cells (the code itself is code);
- what a run shows (marked ``notebooks``: it reads the runs of :mod:`lesson_runs`, shared with
  ``test_answers_after_questions.py``, about 85 s for the 18 lessons on two cores): each
  notebook executed with nbclient on a fresh kernel in a throw-away copy of ``course/`` (the
  repository's notebooks are never written), as a learner runs it (the try-it blanks left blank),
  then its try-it cells run again in the same kernel with the tests' answers file (as nbval runs
  them: the blank filled, the verdict "right"), and every output of both read as JupyterLab shows it: ``text/html`` (or ``text/markdown``, else
  ``text/plain`` unless an image is shown instead), streams, an
  error's message; and for a widget, the widget tree it displays, from the widget state nbclient
  saves in the notebook's metadata: each model's ``value`` (HTML read as shown, with its ``title``,
  ``aria-label`` and ``alt`` attributes), ``description``, ``tooltip``, ``placeholder`` and the
  labels and tooltips of its options, down through ``children``. Charts drawn as PNG images are not
  read (their words are the engine's catalogue, tested in ``test_widgets_i18n.py``).

The same run does nbval's work for these lessons (``pyproject.toml`` keeps nbval off
``course/es`` and ``course/pt``, which it would run a second time, answers filled): no cell may end
in an error (unless tagged ``raises-exception``), a try-it filled from the answers file must be
right, and a cell tagged ``nbval-check-output`` must print what its stored output says
(:mod:`course_outputs`). The English lessons stay with nbval.

The browser side (the rendered widget areas of JupyterLab) is in
``tests/browser/test_translated_course.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
from course_outputs import checked, printed
from english import english_found, python_comments, visible_html
from lesson_runs import RUNS, Runs, try_its

from cribbage.build.course_i18n import TRANSLATED
from cribbage.lessons.source import language_folder

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _plain(text: str) -> str:
    return _ANSI.sub("", text)

COURSE = Path(__file__).resolve().parents[2] / "course"
LESSONS = [path.relative_to(COURSE).as_posix() for language in TRANSLATED
           for path in sorted(language_folder(language, COURSE).glob("*.ipynb"))]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# A widget model's fields a person reads; lists are an option's labels or tooltips, a tab's titles.
WIDGET_TEXTS = ("value", "description", "tooltip", "placeholder")
WIDGET_LISTS = ("_options_labels", "tooltips", "titles", "_titles")
# Models whose value is typed by the learner or is a number, not words the course shows.
NOT_SHOWN_VALUES = {"TextModel", "TextareaModel", "PasswordModel", "ComboboxModel"}
_ATTRIBUTES = ("title", "aria-label", "alt")


@dataclass(frozen=True)
class Text:
    """A piece of text a learner reads, where it is, and how it is written."""

    where: str
    text: str
    markup: str = "plain"


def file_texts(notebook: dict[str, Any]) -> list[Text]:
    """The Markdown cells and the code cells' comments of a notebook (as stored)."""
    texts = []
    for index, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        where = f"cell {index} ({cell.get('id', '?')})"
        if cell["cell_type"] == "markdown":
            texts.append(Text(f"{where} markdown", source, "markdown"))
        elif cell["cell_type"] == "code":
            texts += [Text(f"{where} comment", comment) for comment in python_comments(source)]
    return texts


def _attributes(html_text: str) -> list[str]:
    return [value for name in _ATTRIBUTES
            for value in re.findall(rf'\b{name}\s*=\s*"([^"]*)"', html_text, flags=re.I)]


def widget_texts(state: dict[str, Any], model_id: str, where: str) -> list[Text]:
    """The texts of the widget tree shown by the view of ``model_id``, from the saved widget state."""
    texts: list[Text] = []
    seen: set[str] = set()
    stack = [model_id]
    while stack:
        key = stack.pop()
        if key in seen or key not in state:
            continue
        seen.add(key)
        model = state[key]
        name, fields = model.get("model_name", "?"), model.get("state", {})
        here = f"{where} {name.removesuffix('Model')} {key[:8]}"
        for field in WIDGET_TEXTS:
            value = fields.get(field)
            if not isinstance(value, str) or not value.strip() or (field == "value" and name in NOT_SHOWN_VALUES):
                continue
            markup = "html" if name in {"HTMLModel", "HTMLMathModel"} and field == "value" else "plain"
            texts.append(Text(f"{here} {field}", value, markup))
            if markup == "html":
                texts += [Text(f"{here} {field} attribute", text) for text in _attributes(value)]
        for field in WIDGET_LISTS:
            texts += [Text(f"{here} {field}", str(item)) for item in fields.get(field) or () if str(item).strip()]
        # Children and any other model this one shows (layouts and styles hold no words).
        shown = [item for value in fields.values() for item in (value if isinstance(value, list) else [value])
                 if isinstance(item, str) and item.startswith("IPY_MODEL_")]
        stack += [item.removeprefix("IPY_MODEL_") for item in reversed(shown)]   # read in their order
    return texts


def output_texts(notebook: nbformat.NotebookNode) -> list[Text]:
    """What a run shows: every output of every code cell, widgets read from the saved state."""
    state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    texts: list[Text] = []
    for index, cell in enumerate(notebook.cells):
        where = f"cell {index} ({cell.get('id', '?')}) output"
        for output in cell.get("outputs", []):
            kind = output["output_type"]
            if kind == "stream":
                texts.append(Text(f"{where} {output['name']}", output["text"]))
            elif kind == "error":
                texts.append(Text(f"{where} error", f"{output['ename']}: {output['evalue']}"))
            else:
                data = output.get("data", {})
                if WIDGET_VIEW in data:
                    texts += widget_texts(state, data[WIDGET_VIEW]["model_id"], f"{where} widget")
                elif "text/html" in data:
                    texts.append(Text(f"{where} text/html", data["text/html"], "html"))
                    texts += [Text(f"{where} text/html attribute", t) for t in _attributes(data["text/html"])]
                elif "text/markdown" in data:
                    texts.append(Text(f"{where} text/markdown", data["text/markdown"], "markdown"))
                elif "text/plain" in data and not any(kind.startswith("image/") for kind in data):
                    # (JupyterLab shows an image rather than its text/plain, "<Figure size ... with 1 Axes>".)
                    texts.append(Text(f"{where} text/plain", data["text/plain"]))
    return texts


def english_of(texts: list[Text], language: str) -> list[str]:
    """Each English phrase found, with where it was and its context."""
    return [f"{text.where}: {found}" for text in texts
            for found in english_found(text.text, language, markup=text.markup)]


@pytest.fixture(scope="session")
def runs() -> Iterator[Runs]:
    yield RUNS
    mine = [RUNS.done[lesson] for lesson in LESSONS if lesson in RUNS.done]
    if mine:
        print(f"\ntest_no_english: {len(mine)} lessons run in {sum(run.seconds for run in mine):.0f} s")


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_lesson_file_reads_in_its_language(lesson: str) -> None:
    """Its Markdown and its code comments: no English but the glossary's kept words and glosses."""
    notebook = json.loads((COURSE / lesson).read_text(encoding="utf-8"))
    texts = file_texts(notebook)
    assert texts, f"{lesson}: nothing to read"
    leaks = english_of(texts, lesson.split("/")[0])
    assert not leaks, f"{lesson}: English in the notebook:\n" + "\n".join(leaks)


@pytest.mark.notebooks
@pytest.mark.parametrize("lesson", LESSONS)
def test_what_a_run_of_the_lesson_shows_reads_in_its_language(lesson: str, runs: Runs) -> None:
    """Its outputs and its widgets after Run All, and its try-its answered: no English."""
    run = runs(lesson)
    notebook = run.learner
    texts = output_texts(notebook)
    views = sum(WIDGET_VIEW in out.get("data", {}) for cell in notebook.cells for out in cell.get("outputs", []))
    assert not views or any(" widget " in text.where for text in texts), f"{lesson}: no widget state was read"
    answered = set(try_its(run.answered))
    texts += [Text(f"answered {text.where}", text.text, text.markup) for text in output_texts(run.answered)
              if int(text.where.split()[1]) in answered]
    leaks = english_of(texts, lesson.split("/")[0])
    assert not leaks, f"{lesson}: English after Run All ({len(texts)} texts read):\n" + "\n".join(leaks)


@pytest.mark.notebooks
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_lesson_runs_as_nbval_would_run_it(lesson: str, runs: Runs) -> None:
    """nbval's checks, on the same run: no cell ends in an error (a learner's run, then the try-its
    with the answers filled, which must be right), and every ``nbval-check-output`` cell prints
    what the lesson stores for it."""
    run = runs(lesson)
    problems = []
    for label, notebook, cells in (("run", run.learner, range(len(run.learner.cells))),
                                   ("answered", run.answered, try_its(run.answered))):
        for index in cells:
            cell = notebook.cells[index]
            if cell.cell_type != "code" or "raises-exception" in cell.metadata.get("tags", []):
                continue
            problems += [f"cell {index} ({label}): {out['ename']}: {out['evalue']}\n" + _plain("\n".join(out["traceback"]))
                         for out in cell.outputs if out["output_type"] == "error"]
    stored = nbformat.read(COURSE / lesson, as_version=4)
    for index, cell in enumerate(stored.cells):
        # As nbval: only a cell whose stored output comes from a run (it has an execution count).
        if checked(cell) and cell.get("execution_count") is not None:
            want = [(out["name"], out["text"]) for out in printed(cell.outputs)]
            got = [(out.get("name"), out.get("text")) for out in printed(run.answered.cells[index].outputs)]
            if got != want:
                problems.append(f"cell {index} printed\n{got}\nwhere the lesson stores\n{want}")
    assert not problems, f"{lesson}:\n" + "\n\n".join(problems)


def test_the_readers_read_markdown_comments_outputs_and_widgets() -> None:
    """The readers above on a small notebook: each kind of text is read and its English found."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("La mano de *pone* (`score_hand`). Click the deck."),
        nbformat.v4.new_code_cell("x = 1  # the total you counted"),
        nbformat.v4.new_code_cell("", outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="keep   lay away   net\n"),
            nbformat.v4.new_output("display_data", data={"image/png": "iVBO", "text/plain": "<Figure with 1 Axes>"}),
            nbformat.v4.new_output("display_data", data={"text/html": '<b title="Your crib">Cuna</b>',
                                                         "text/plain": "<HTML>"}),
            nbformat.v4.new_output("display_data", data={WIDGET_VIEW: {"model_id": "box"}, "text/plain": "VBox()"}),
            nbformat.v4.new_output("error", ename="ValueError", evalue="the card is not in your hand",
                                   traceback=[])]),
    ]
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": {
        "box": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_label", "IPY_MODEL_pick"]}},
        "label": {"model_name": "HTMLModel", "state": {"value": "<svg><text>Winner</text></svg> 5♥ · Ganador"}},
        "pick": {"model_name": "ButtonModel", "state": {"description": "Elegir", "tooltip": "Play this card"}},
    }}}
    found = english_of(file_texts(notebook) + output_texts(notebook), "es")
    phrases = [line.split(": ", 1)[1].split(" in “")[0] for line in found]
    assert phrases == ["'Click the deck'", "'the total you counted'", "'keep lay away net'", "'Your crib'",
                       "'Winner'", "'Play this card'", "'the card is not in your hand'"], found
    assert visible_html("<style>.a{}</style><p>hola</p>").strip() == "hola"

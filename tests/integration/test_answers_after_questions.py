"""No lesson shows a try-it's answer before the learner has given it.

Each lesson (English, Spanish, Portuguese) is run as Run All runs it for a learner who has answered
nothing yet: the blanks stay blank (the tests' answers file is not used). For each try-it question,
every output drawn after the question up to the end of its section (the next heading, or the next
try-it) is read as a person reads it: printed text, HTML, and the widgets' words from their saved
state. None may contain the question's answer, which is asked of the question itself in the kernel
(its ``answer_text()`` and, for counts, as a number), never written here; and none may list as many
rows as a count question's answer (a table of the fifteen keeps answers "in how many ways?"). The
question's own check cell is the learner's answer and is left out. The runs are those of
:mod:`lesson_runs`, which ``test_no_english.py`` reads too.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_runs import COURSE, RUNS

from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from widgets.drills.after_answer import AfterAnswer
from widgets.drills.exercise import PegQuestion

LESSONS = [path for code in CODES for path in sorted(language_folder(code, COURSE).glob("0*.ipynb"))]

_MADE = re.compile(r"^(\w+)\s*=\s*(\w+Question)\(", re.M)
_CHECKED = re.compile(r"^\s*(\w+)\.check\(", re.M)
_HEADING = re.compile(r"^#{1,3} ", re.M)

def _run(path: Path) -> tuple[list[Any], dict[str, Any], dict[str, dict[str, Any]]]:
    """The lesson's cells after a learner's Run All, its widgets' saved state, and its questions."""
    run = RUNS(str(path.relative_to(COURSE)))
    state = run.learner.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return run.learner.cells, state, run.asked


def _widget_words(model_id: str, state: dict[str, Any], seen: set[str]) -> list[str]:
    """The words a widget and its children show: values, descriptions, labels."""
    if model_id in seen or model_id not in state:
        return []
    seen.add(model_id)
    model = state[model_id].get("state", {})
    words = [model[key] for key in ("value", "description", "placeholder", "tooltip")
             if isinstance(model.get(key), str)]
    words += [label for label in model.get("_options_labels", []) if isinstance(label, str)]
    for child in model.get("children", []):
        if isinstance(child, str) and child.startswith("IPY_MODEL_"):
            words += _widget_words(child.removeprefix("IPY_MODEL_"), state, seen)
    return words


def _text(html_text: str) -> str:
    text = re.sub(r"<style.*?</style>", " ", html_text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _output_texts(cell: Any, state: dict[str, Any]) -> list[str]:
    texts: list[str] = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            texts.append(out["text"])
            continue
        data = out.get("data", {})
        view = data.get("application/vnd.jupyter.widget-view+json")
        if view:
            texts.append("\n".join(_text(words) for words in _widget_words(view["model_id"], state, set())))
        elif "text/html" in data:
            texts.append(_text("".join(data["text/html"])))
        elif "text/plain" in data:
            texts.append("".join(data["text/plain"]))
    return texts


def _gives_away(text: str, question: dict[str, Any]) -> str | None:
    """How ``text`` answers the question, or None."""
    answer = question["text"]
    if question["answer"] is not None:
        # The number on its own (not a digit of 314, not the 5 of "5♥", not one of "1.15").
        if re.search(rf"(?<![\w.,+\-]){re.escape(answer)}(?![\w♣♦♥♠]|[.,]\d)", text):
            return f"the number {answer}"
        rows = [line for line in text.splitlines() if line.strip()]
        if question["answer"] > 2 and len(rows) - 1 == question["answer"]:
            return f"a table of {answer} rows"
    elif re.search(rf"(?<!\w){re.escape(answer)}(?!\w)", text, re.I):
        return f"the name {answer!r}"
    return None


def _sections(cells: list[Any]) -> dict[str, tuple[int, int, int | None]]:
    """Each question's name: its cell, the end of its section (exclusive), and its check cell."""
    made = {}
    checks = {}
    for index, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        for name in _MADE.findall(cell.source):
            made[name[0]] = index
        for name in _CHECKED.findall(cell.source):
            checks.setdefault(name, index)
    sections = {}
    starts = sorted(made.values())
    for name, start in made.items():
        end = len(cells)
        for index in range(start + 1, len(cells)):
            cell = cells[index]
            if index in starts or (cell.cell_type == "markdown" and _HEADING.search(cell.source)):
                end = index
                break
        sections[name] = (start, end, checks.get(name))
    return sections


@pytest.mark.notebooks
@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(COURSE)))
def test_no_output_answers_an_open_question(path: Path) -> None:
    cells, state, asked = _run(path)
    sections = _sections(cells)
    assert set(sections) == set(asked), f"questions made in cells {sorted(sections)} but the kernel has {sorted(asked)}"
    found = []
    for name, (start, end, check) in sections.items():
        assert check is not None, f"{path.name}: the question {name} is never checked"
        for index in range(start + 1, end):
            if index == check:
                continue
            for text in _output_texts(cells[index], state):
                how = _gives_away(text, asked[name])
                if how:
                    found.append(f"cell {cells[index].get('id', index)} gives away {name}'s answer ({how}): "
                                 f"{text.strip()[:160]!r}")
    assert not found, f"{path.relative_to(COURSE)}:\n" + "\n".join(found)


def test_a_folded_output_is_drawn_only_when_unfolded() -> None:
    """What AfterAnswer folds away is not on the page before the click: not printed, not shown;
    a function given to it is not even called."""
    made: list[int] = []
    question = PegQuestion(23, 17, 8, language="es")
    folded = AfterAnswer(question, lambda: made.append(question.answer) or f"{question.answer}")
    assert made == [] and folded.language == "es" and folded.comm is not None and folded.internal_errors == []
    assert not any(str(question.answer) in getattr(child, "value", "") for child in folded.children
                   if isinstance(getattr(child, "value", None), str))
    assert folded._shown.outputs == ()
    folded.unfold()
    folded.unfold()   # a second click draws nothing more
    assert made == [31] and folded.unfolded and folded.drawn == "31"
    assert folded.internal_errors == []
    text = AfterAnswer(question, "hand 4, crib 0")
    assert text._shown.outputs == () and text.drawn is None
    text.unfold()
    assert text.drawn == "hand 4, crib 0" and text.internal_errors == []

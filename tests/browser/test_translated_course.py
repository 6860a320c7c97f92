"""The course in Spanish and Portuguese, in JupyterLab: every translated lesson run from the Run menu
and clicked as a learner would (a try-it wrong then right, a drill, a walkthrough step, a quiz answer
right and wrong, the game table's hint with what the expert saw and a card played there, a calculator link with ``lang=``, a CrossCribb
move), with no error and no English sentence on the page.

"English sentence" is read from the English itself, not from a hand-kept list: every piece of three
words or more of the English catalogues (the widgets' and the engine's) that no Spanish or
Portuguese text also contains, and every sentence of five words or more of the English lessons.
Only what a learner reads is searched: the rendered text cells and the outputs, not the code.

Then each rendered output area (its widgets as drawn: buttons, labels, boards, tables, and the text
boxes' placeholders) is read word by word by the detector of ``tests/english.py``, the one
``tests/integration/test_no_english.py`` uses on the notebooks: a single English word ("starter" under a card,
"Winner" on a board) is found too, not only a sentence the catalogues hold."""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

import pytest

# The detector lives in tests/ (tests/english.py), beside the tests that read the notebooks with it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from english import english_found

from cribbage.build.course_i18n import TRANSLATED, cell_text
from cribbage.lang.messages import CATALOGUE, Plural, render
from cribbage.registry.stops import STOPS
from widgets.i18n import render as t  # importing widgets.i18n adds the widgets' words to CATALOGUE

COURSE = Path(__file__).resolve().parents[2] / "course"
#: The English names of the stops' notebooks (each language's folder names them in its words: notebook_in).
LESSONS = [stop.notebook for stop in STOPS]
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")


def _forms(template: str) -> tuple[str, ...]:
    return template.forms if isinstance(template, Plural) else (template,)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


@cache
def _translated_text() -> str:
    """Every Spanish and Portuguese catalogue text: an English piece found in them is shared, not a leak."""
    return "\n".join(_squash(form) for entry in CATALOGUE.values()
                     for language in TRANSLATED for form in _forms(entry[language]))


@cache
def catalogue_english() -> tuple[str, ...]:
    """The English catalogues cut at their placeholders: pieces of three words or more."""
    pieces = set()
    for entry in CATALOGUE.values():   # the engine's and the widgets' words, one catalogue
        for form in _forms(entry["en"]):
            for piece in _PLACEHOLDER.split(form):
                piece = _squash(piece.strip(" .,:;()–—-'\"“”"))
                if len(_WORD.findall(piece)) >= 3 and piece not in _translated_text():
                    pieces.add(piece)
    return tuple(sorted(pieces))


def _markdown_plain(text: str) -> str:
    text = re.sub(r"```.*?```", " ", text, flags=re.S)          # code blocks: code, not English prose
    text = re.sub(r"`[^`]*`", " ", text)                           # inline code
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)         # links: their words
    text = re.sub(r"<[^>]+>", " ", text)                           # html tags
    return re.sub(r"[*_#>|]", " ", text)


@cache
def lesson_english(name: str) -> tuple[str, ...]:
    """The English lesson's sentences (text cells), five words or more."""
    notebook = json.loads((COURSE / name).read_text(encoding="utf-8"))
    sentences = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for sentence in re.split(r"[.!?:;\n]+", _markdown_plain(cell_text(cell))):
            sentence = _squash(sentence.strip(" ,()–—-'\"“”"))
            if len(_WORD.findall(sentence)) >= 5:
                sentences.add(sentence)
    return tuple(sorted(sentences))


# A node's text as a person reads it. innerText skips <style> and hidden elements only while the node
# is laid out; an output area not laid out at that moment (scrolled away, being redrawn) gives its
# textContent, the widgets' CSS included, so such a node is read from a copy without style or script.
_READABLE = """node => {
  if (node.getClientRects().length) return node.innerText;
  const copy = node.cloneNode(true);
  copy.querySelectorAll('style, script').forEach(element => element.remove());
  return copy.textContent;
}"""


def english_on_page(notebook, name: str) -> list[str]:
    """The English sentences a learner reads on the page: in the text cells and the outputs."""
    notebook.wait_idle()
    shown = notebook.page.evaluate(
        "() => Array.from(document.querySelectorAll('.jp-NotebookPanel .jp-Notebook "
        ".jp-MarkdownCell .jp-RenderedMarkdown, .jp-NotebookPanel .jp-Notebook .jp-OutputArea-output'))"
        ".map(" + _READABLE + ").join('\\n')")
    page = _squash(shown)
    return [piece for piece in catalogue_english() + lesson_english(name) if piece in page]


# Each output area of the notebook as drawn: its text as a person reads it, and the placeholders of
# its text boxes (shown while they are empty). Numbered by cell as in the .ipynb.
_OUTPUT_AREAS = """
() => {
  const cells = Array.from(document.querySelectorAll('.jp-NotebookPanel .jp-Notebook .jp-Cell'));
  const areas = [];
  cells.forEach((cell, index) => {
    cell.querySelectorAll('.jp-OutputArea-output').forEach((output, k) => {
      const placeholders = Array.from(output.querySelectorAll('input[placeholder], textarea[placeholder]'))
        .map(box => box.getAttribute('placeholder')).filter(text => text);
      areas.push({cell: index, output: k, widget: !!output.querySelector('.jupyter-widgets'),
                  text: [(""" + _READABLE + """)(output), ...placeholders].join('\\n')});
    });
  });
  return areas;
}
"""


def english_in_outputs(notebook, language: str) -> list[str]:
    """Every English word or phrase the detector finds in the rendered output areas, with the cell."""
    notebook.wait_idle()
    found = []
    for area in notebook.page.evaluate(_OUTPUT_AREAS):
        what = "widget" if area["widget"] else "output"
        found += [f"cell {area['cell']} {what} {area['output']}: {leak}"
                  for leak in english_found(area["text"], language)]
    return found


def output_areas_read(notebook) -> int:
    """How many output areas the page has (what :func:`english_in_outputs` reads)."""
    return len(notebook.page.evaluate(_OUTPUT_AREAS))


def assert_no_english(notebook, name: str, after: str) -> None:
    language = notebook.path.split("/")[0]
    leaks = english_on_page(notebook, name)
    words = english_in_outputs(notebook, language)
    assert not leaks and not words, (
        f"{notebook.path} after {after}: English on the page: {leaks[:10]}\n"
        f"English in the outputs ({output_areas_read(notebook)} areas read):\n" + "\n".join(words))
    notebook.assert_no_traceback_text()


def test_the_english_to_look_for_is_read_from_the_english():
    """The check would see an untranslated sentence: the English catalogue and lessons give it
    thousands of pieces, and a widget's English text is among them."""
    assert len(catalogue_english()) > 500 and all(len(lesson_english(name)) > 10 for name in LESSONS)
    assert _squash("Right: that is the best keep") in catalogue_english()
    assert set(LESSONS) >= {p.name for p in COURSE.glob("0[0-7]_*.ipynb")}
    # and the word-by-word reading of the output areas sees one English word in a Spanish widget
    assert [found.phrase for found in english_found("5♥\ncarta inicial\nstarter", "es")] == ["starter"]


def _try_it(notebook, language: str, question: str, blank: str, wrong: object, right: object) -> int:
    """A try-it answered wrong, then right, read in ``language``."""
    index = notebook.find_cell(f"{question}.check(")
    notebook.expect_text(index, t("ex.blank", language, name=blank).split("...")[0].strip())
    notebook.answer(question, blank, wrong)
    notebook.expect_text(index, t("ex.not_yet", language, guess=wrong).split(":")[0])
    notebook.answer(question, blank, right)
    notebook.expect_text(index, t("ex.right", language, answer=right).split("!")[0].split(":")[0])
    return index


def _start_here(notebook, language: str) -> None:
    _try_it(notebook, language, "four_of_clubs", "my_total", 12, 14)


def _drill(notebook, language: str) -> None:
    from widgets.drills.discard import SHIPPED_DRILLS
    cell = notebook.find_cell("DiscardDrill()")
    for card in SHIPPED_DRILLS[0].advice().best.discard:
        notebook.click(str(card), cell=cell)
    notebook.click(t("drill.check", language), cell=cell)
    notebook.expect_text(cell, t("drill.right_best", language))


def _walkthrough(notebook, language: str) -> None:
    cell = notebook.find_cell("PeggingWalkthrough(0)")
    for _ in range(3):
        notebook.click(t("walk.forward", language), cell=cell)
    notebook.expect_text(cell, t("walk.count", language, count="").strip())


def _quiz(notebook, language: str) -> None:
    from widgets.drills.quiz import SHIPPED_HANDS
    cell = notebook.find_cell("ScoringQuiz()")
    total = SHIPPED_HANDS[0].score().total
    notebook.type(str(total), cell=cell, placeholder=t("quiz.placeholder", language))
    notebook.click(t("quiz.check", language), cell=cell)
    notebook.expect_text(cell, t("quiz.right", language, total=total))
    notebook.click(t("quiz.next", language), cell=cell)
    low = SHIPPED_HANDS[1].score().total - 2
    notebook.type(str(low), cell=cell, placeholder=t("quiz.placeholder", language))
    notebook.click(t("quiz.check", language), cell=cell)
    notebook.expect_text(cell, t("quiz.not_yet", language, claim=low))     # a hint and a second try
    notebook.type(str(low - 1), cell=cell, placeholder=t("quiz.placeholder", language))
    notebook.click(t("quiz.check", language), cell=cell)
    notebook.expect_text(cell, t("quiz.wrong_low", language, claim=low - 1, total=low + 2))


def _board(notebook, language: str) -> None:
    _try_it(notebook, language, "eight", "my_hole", 25, 31)


def _game_table(notebook, language: str) -> None:
    from cribbage.rules.events import Phase
    from widgets.table.view import YOU, GameTable
    cell = notebook.find_cell("GameTable(seed=2026")
    twin = GameTable(seed=2026, level="standard", target=121, language=language)
    away = twin.game.hand(YOU)[:2]
    for card in away:
        notebook.click(str(card), cell=cell)
    notebook.click(t("table.lay_away", language), cell=cell)
    twin.lay_away(away)
    assert twin.game.phase is Phase.PLAY and twin.game.to_act == YOU
    # The hint: the expert's card and reason, then what it saw (issue 51), as the same game says it here.
    notebook.click(t("table.hint", language), cell=cell)
    twin.hint()
    seen = twin.session.seen()
    assert seen is not None and render(seen, language) in twin.hint_text
    notebook.expect_text(cell, twin.hint_text)
    notebook.screenshot(f"{language}-05-hint-explained", cell=cell)
    card = next(c for c in twin.game.hand(YOU) if twin.game.count + c.value <= 31)
    notebook.click(str(card), cell=cell)
    twin.pick(card)
    notebook.expect_text(cell, t("table.count_now", language, count=twin.game.count))


def _calculator(notebook, language: str) -> None:
    cell = notebook.find_cell("calc = HandCalculator(")
    other = next(lang for lang in TRANSLATED if lang != language)
    link = f"?hand=5H5D6H7S&starter=8C&crib=0&lang={other}"   # a link shared from the other language's page
    notebook.type(link, cell=cell, label=t("calc.code", language))
    notebook.click(t("calc.load", language), cell=cell)
    notebook.expect_text(cell, t("calc.loaded", language, code="5H5D6H7S/8C"))
    assert f"lang={language}" in notebook.text(cell)   # its own link keeps the page's language


def _crosscribb(notebook, language: str) -> None:
    from widgets.crosscribb.board import CrossCribbBoard
    cell = notebook.find_cell("CrossCribbBoard(players=2")
    twin = CrossCribbBoard(players=2, seat=0, level="expected", seed=7, language=language)
    game = twin.game
    for _ in range(2):
        if game.must_discard:
            notebook.click(t("xc.lay_away", language), cell=cell)
            twin.lay_away()
        else:
            row, column = game.open_squares()[-1]
            notebook.click(t("xc.square_button", language, row=row + 1, column=column + 1), cell=cell)
            twin.place((row, column))
        assert twin.message == ""


CLICKS = {
    "00_start_here.ipynb": _start_here,
    "01_deal_discard_crib.ipynb": _drill,
    "02_the_play.ipynb": _walkthrough,
    "03_the_show.ipynb": _quiz,
    "04_board_and_skunks.ipynb": _board,
    "05_three_guided_hands.ipynb": _game_table,
    "06_hand_calculator_and_statistics.ipynb": _calculator,
    "07_crosscribb.ipynb": _crosscribb,
}


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translated_lesson_runs_and_reads_in_its_language(language: str, name: str, open_notebook) -> None:
    local = next(stop for stop in STOPS if stop.notebook == name).notebook_in(language)
    notebook = open_notebook(f"{language}/{local}")   # Run All; fails on any error
    assert_no_english(notebook, name, "Run All")
    clicks = CLICKS.get(name)
    if clicks is not None:
        clicks(notebook, language)
        notebook.assert_no_errors()
        assert_no_english(notebook, name, clicks.__name__.strip("_"))
    notebook.screenshot(f"{language}-{Path(local).stem}")

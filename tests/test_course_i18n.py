"""The Spanish and Portuguese course: one gettext catalogue per lesson, made with Babel's own commands
(``python -m cribbage.build.course_i18n extract|update``), and the notebooks built from it (``... build``).
A changed English cell or comment is marked fuzzy by ``pybabel update`` and named by ``... check``.

The machinery is tested on a temporary copy of the course; the committed course is tested as it is.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract as babel_extract
from babel.messages.pofile import write_po

from cribbage.build.course_i18n import (
    COURSE,
    DOCUMENTS,
    SWITCH_ID,
    SWITCH_MESSAGE,
    TRANSLATED,
    build,
    catalogue_path,
    cell_text,
    check,
    code_comments,
    document_header,
    extract,
    extract_notebook,
    generate,
    lessons,
    local_links,
    local_name,
    main,
    read_catalogue,
    template_path,
    update,
)
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES, LANGUAGES, SOURCE
from cribbage.registry.stops import STOPS

LESSON = "00_start_here"
#: Its notebook's name in each translated language's folder (00_empieza_aqui.ipynb).
BUILT = {language: local_name(f"{LESSON}.ipynb", language) for language in TRANSLATED}
#: A comment of 00_start_here's answer cell, and its context.
COMMENT, COMMENT_CONTEXT = "your count, a number", "c13#1"


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _save(path: Path, notebook: dict) -> None:
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _translate_all(course: Path, language: str, stem: str = LESSON) -> None:
    """Translates every entry of ``stem``'s catalogue (the text marked so a test can find it) and
    clears every fuzzy flag, as a translator does; written back by Babel."""
    path = catalogue_path(course, language, stem)
    catalogue = read_catalogue(path)
    for message in catalogue:
        if message.id:
            message.string = f"{message.id} [{language}]"
            message.flags.discard("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalogue, width=None)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course of one lesson and the two documents, fully translated into es and pt, built."""
    root = tmp_path / "course"
    root.mkdir()
    for name in (f"{LESSON}.ipynb", "babel.cfg", *DOCUMENTS):
        shutil.copy(COURSE / name, root)
    extract(root)
    update(root)
    for language in TRANSLATED:
        _translate_all(root, language)
        (root / language).mkdir()
        for name in DOCUMENTS:
            (root / language / name).write_text(document_header(root, name) + "\n\n# Traducción\n", encoding="utf-8")
    generate(root)
    return root


def _cell(notebook: dict, cell_id: str) -> dict:
    return next(cell for cell in notebook["cells"] if cell.get("id") == cell_id)


def _found(course: Path) -> set[tuple[str, str, str]]:
    return {(problem.kind, problem.where, problem.key) for problem in check(course)}


# The extractor ----------------------------------------------------------------------------------

SAMPLE = {
    "cells": [
        {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": ["# Title\n", "\n", "Some words."]},
        {"cell_type": "markdown", "id": "blank", "metadata": {}, "source": "\n"},
        {"cell_type": "code", "id": "answer", "metadata": {}, "outputs": [], "execution_count": None,
         "source": ['# NBVAL_CHECK_OUTPUT\n', 'x = "a # in a string"   # what x holds\n', '#\n',
                    'print(x)  # noqa: T201\n', '    # an indented note']},
        {"cell_type": "raw", "id": "raw", "metadata": {}, "source": "not for learners"},
    ],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
}


def test_the_extractor_yields_markdown_cells_learners_comments_and_the_switch():
    raw = json.dumps(SAMPLE, indent=1).encode("utf-8")
    found = list(extract_notebook(io.BytesIO(raw), ["pgettext", "_"], [], {}))
    assert [(funcname, messages) for _, funcname, messages, _ in found] == [
        ("pgettext", (SWITCH_ID, SWITCH_MESSAGE)),
        ("pgettext", ("intro", "# Title\n\nSome words.")),
        ("pgettext", ("answer#1", "what x holds")),
        ("pgettext", ("answer#2", "an indented note")),
    ]
    line = raw.decode().splitlines().index('   "id": "answer",') + 1
    assert found[2][0] == found[3][0] == line
    assert found[2][3][-1] == 'x = "a # in a string"   # what x holds'
    assert list(extract_notebook(io.BytesIO(raw), ["_"], [], {})) == []


def test_babel_reads_the_extractor_as_pgettext_with_the_cell_as_context():
    raw = io.BytesIO(json.dumps(SAMPLE).encode("utf-8"))
    found = list(babel_extract("cribbage.build.course_i18n:extract_notebook", raw))
    assert [(message, context) for _, message, _, context in found] == [
        (SWITCH_MESSAGE, SWITCH_ID), ("# Title\n\nSome words.", "intro"),
        ("what x holds", "answer#1"), ("an indented note", "answer#2")]


def test_a_comment_is_translated_in_place_and_the_rest_of_the_line_kept():
    source = 'x = "#1"   # what x holds  \ny = 2'
    (comment,) = code_comments(source)
    assert (comment.text, comment.line) == ("what x holds", 0)
    assert source[:comment.start] + "lo que vale x" + source[comment.end:] == 'x = "#1"   # lo que vale x  \ny = 2'


def test_a_template_holds_each_markdown_cell_and_each_comment_of_its_lesson(course):
    template = read_catalogue(template_path(course, LESSON))
    english = _notebook(course / f"{LESSON}.ipynb")
    markdown = {cell["id"]: cell_text(cell) for cell in english["cells"] if cell["cell_type"] == "markdown"}
    comments = {f"{cell['id']}#{n}": comment.text for cell in english["cells"] if cell["cell_type"] == "code"
                for n, comment in enumerate(code_comments(cell_text(cell)), 1)}
    assert comments == {COMMENT_CONTEXT: COMMENT}
    assert {message.context: message.id for message in template if message.id} == \
        {SWITCH_ID: SWITCH_MESSAGE, **markdown, **comments}
    assert all(not message.string for message in template if message.id)


def test_extracting_again_changes_no_file(course):
    before = {path: path.read_bytes() for path in sorted((course / "locale").rglob("*.po*"))}
    assert extract(course) == []
    update(course)
    assert {path: path.read_bytes() for path in sorted((course / "locale").rglob("*.po*"))} == before


# Building -------------------------------------------------------------------------------------------

def test_a_fully_translated_course_checks_clean(course):
    assert check(course) == []
    assert main(["check", "--course", str(course)]) == 0


def test_the_built_notebook_keeps_the_code_and_takes_the_words(course):
    english = _notebook(course / f"{LESSON}.ipynb")
    spanish = _notebook(course / "es" / BUILT["es"])
    ids = [cell["id"] for cell in spanish["cells"]]
    assert len(ids) == len(set(ids)) == len(english["cells"]) + 1
    switch = next(cell for cell in spanish["cells"] if cell["cell_type"] == "code")
    assert switch["id"] == SWITCH_ID
    assert cell_text(switch) == f'from widgets import set_language\n\nset_language("es")  # {SWITCH_MESSAGE} [es]'
    shared = [cell for cell in spanish["cells"] if cell["id"] != SWITCH_ID]
    for mine, theirs in zip(shared, english["cells"]):
        assert mine["id"] == theirs["id"] and mine["cell_type"] == theirs["cell_type"]
        if mine["cell_type"] == "code":
            # Printed in the notebook's language, so unrun: nbval compares the English notebook's.
            assert mine["outputs"] == [] and mine["execution_count"] is None
            expected = cell_text(theirs).replace(f"# {COMMENT}", f"# {COMMENT} [es]")
            assert cell_text(mine) == expected
        else:   # its links to the stops lead to their Spanish names
            assert cell_text(mine) == local_links(cell_text(theirs), "es") + " [es]"
    assert cell_text(_cell(spanish, "c13")).startswith(f"my_total = ...   # {COMMENT} [es]\n")


def test_building_is_deterministic(course):
    first = {path: path.read_bytes() for path in sorted(course.rglob("*.ipynb"))}
    generate(course)
    assert {path: path.read_bytes() for path in sorted(course.rglob("*.ipynb"))} == first
    assert generate(course, write=False) == generate(course, write=False)


def _change(course: Path, cell_id: str, old: str, new: str) -> str:
    path = course / f"{LESSON}.ipynb"
    notebook = _notebook(path)
    cell = _cell(notebook, cell_id)
    before = cell_text(cell)
    assert old in before
    cell["source"] = before.replace(old, new)
    _save(path, notebook)
    return before


@pytest.mark.slow
@pytest.mark.parametrize("cell_id, old, new, key", [
    ("c00", "race your pegs", "race your two pegs", "c00"),          # a markdown cell
    ("c13", COMMENT, "your count of the hand, a number", COMMENT_CONTEXT),   # a comment in a code cell
], ids=["markdown", "comment"])
def test_changed_english_is_named_until_update_marks_it_fuzzy_and_a_translator_reviews_it(course, cell_id, old, new, key):
    before = _change(course, cell_id, old, new)
    po = {language: f"course/locale/{language}/LC_MESSAGES/{LESSON}.po" for language in TRANSLATED}
    # Before `make catalogues`: the template and both catalogues are out of date, and nothing is built.
    found = _found(course)
    assert ("out of date", f"course/locale/{LESSON}.pot", "") in found
    assert {("out of date", po[language], "") for language in TRANSLATED} <= found
    with pytest.raises(ValueError, match=re.escape(key)):
        generate(course, write=False)
    assert main(["build", "--course", str(course)]) == 2
    # pybabel update keeps the translation, marked fuzzy.
    assert extract(course) == [template_path(course, LESSON)]
    update(course)
    merged = {path: path.read_bytes() for path in sorted((course / "locale").rglob("*.po"))}
    update(course)   # and again: Babel keeps the fuzzy entries as they are
    assert {path: path.read_bytes() for path in sorted((course / "locale").rglob("*.po"))} == merged
    for language in TRANSLATED:
        catalogue = read_catalogue(catalogue_path(course, language, LESSON))
        entry = catalogue.get(cell_text(_cell(_notebook(course / f"{LESSON}.ipynb"), cell_id)), context=cell_id)
        if key != cell_id:
            entry = next(message for message in catalogue if message.context == key)
        assert entry is not None and entry.fuzzy
        assert entry.string == f"{before if key == cell_id else old} [{language}]"
    assert {(p.kind, p.where, p.key) for p in check(course)} == {("fuzzy", po[language], key) for language in TRANSLATED}
    with pytest.raises(ValueError, match=re.escape(key)):
        generate(course, write=False)
    assert main(["check", "--course", str(course)]) == 1
    # The translator reviews it: then the notebooks are out of date until built again.
    for language in TRANSLATED:
        _translate_all(course, language)
    assert {(p.kind, p.where) for p in check(course)} == {("stale", f"course/{language}/{BUILT[language]}")
                                                            for language in TRANSLATED}
    assert main(["build", "--course", str(course)]) == 0
    assert check(course) == []


def test_a_changed_line_of_code_changes_only_the_notebooks(course):
    _change(course, "c13", "four_of_clubs.check(my_total)", "four_of_clubs.check(my_total)\nprint(1)")
    found = {(p.kind, p.where) for p in check(course)}
    assert found == {("stale", f"course/{language}/{BUILT[language]}") for language in TRANSLATED}
    generate(course)
    assert check(course) == []


def test_a_removed_cell_keeps_its_translation_as_an_obsolete_entry(course):
    path = course / f"{LESSON}.ipynb"
    notebook = _notebook(path)
    gone = _cell(notebook, "c14")
    notebook["cells"].remove(gone)
    _save(path, notebook)
    extract(course)
    update(course)
    catalogue = read_catalogue(catalogue_path(course, "es", LESSON))
    assert catalogue.get(cell_text(gone), context="c14") is None
    assert any(message.context == "c14" and message.string for message in catalogue.obsolete.values())
    generate(course)
    assert check(course) == []


def _edit_entry(course: Path, language: str, context: str, **changes: object) -> None:
    path = catalogue_path(course, language, LESSON)
    catalogue = read_catalogue(path)
    message = next(message for message in catalogue if message.context == context)
    for name, value in changes.items():
        setattr(message, name, value)
    with path.open("wb") as file:
        write_po(file, catalogue, width=None)


def test_an_untranslated_entry_is_named_and_never_shown_in_english(course):
    _edit_entry(course, "pt", COMMENT_CONTEXT, string="")
    rel = f"course/locale/pt/LC_MESSAGES/{LESSON}.po"
    assert _found(course) == {("untranslated", rel, COMMENT_CONTEXT)}
    with pytest.raises(ValueError, match=f"{rel}: untranslated or fuzzy: {COMMENT_CONTEXT}"):
        generate(course)
    assert main(["build", "--course", str(course)]) == 2


def test_a_translation_with_other_links_or_code_is_named(course):
    english = _cell(_notebook(course / f"{LESSON}.ipynb"), "c14")
    assert "](01_deal_discard_crib.ipynb)" in cell_text(english)
    _edit_entry(course, "es", "c14", string=cell_text(english).replace("](01_deal_discard_crib.ipynb)", "](01.ipynb)"))
    problems = [p for p in check(course) if p.kind == "placeholders"]
    assert [(p.where, p.key) for p in problems] == [(f"course/locale/es/LC_MESSAGES/{LESSON}.po", "c14")]
    assert "links" in problems[0].detail


def test_a_lesson_without_catalogue_and_a_catalogue_without_lesson_are_named(course):
    shutil.copy(COURSE / "02_the_play.ipynb", course)
    orphan = catalogue_path(course, "es", "99_gone")
    shutil.copy(catalogue_path(course, "es", LESSON), orphan)
    found = {(p.kind, p.where) for p in check(course)}
    assert ("out of date", "course/locale/02_the_play.pot") in found
    assert ("missing", "course/locale/es/LC_MESSAGES/02_the_play.po") in found
    assert ("orphaned", "course/locale/es/LC_MESSAGES/99_gone.po") in found
    extract(course)
    update(course)   # pybabel init starts the new lesson's catalogues, every entry untranslated
    found = _found(course)
    assert ("untranslated", "course/locale/pt/LC_MESSAGES/02_the_play.po", SWITCH_ID) in found


@pytest.mark.parametrize("name", DOCUMENTS)
def test_a_changed_english_document_makes_its_translations_stale(course, name):
    (course / name).write_text((course / name).read_text(encoding="utf-8") + "\nA new rule.\n", encoding="utf-8")
    found = {(p.kind, p.where) for p in check(course)}
    assert found == {("stale", f"course/{language}/{name}") for language in TRANSLATED}


def test_build_refuses_an_unknown_language(course):
    english = _notebook(course / f"{LESSON}.ipynb")
    with pytest.raises(ValueError, match="es, pt"):
        build(english, read_catalogue(catalogue_path(course, "es", LESSON)), "fr")


# The committed course ---------------------------------------------------------------------------

def test_the_committed_catalogues_and_notebooks_are_current():
    """Every template and .po is what extract and update make of today's English (Babel's check), no
    entry is untranslated, fuzzy or misshapen, every notebook is what build makes today, every whole
    document names today's English. A failure names each file and cell to redo."""
    problems = [str(problem) for problem in check()]
    assert not problems, "\n".join(problems)


def test_the_committed_notebooks_are_a_fresh_build():
    built = generate(write=False)
    for language in TRANSLATED:
        folder = language_folder(language, COURSE)
        assert sorted(folder.glob("*.ipynb")) == sorted(path for path in built if path.parent == folder)
        for lesson in lessons():
            path = folder / local_name(lesson.name, language)
            assert path.read_text(encoding="utf-8") == built[path], f"{path}: run python -m cribbage.build.course_i18n build"


def test_the_build_names_each_stop_in_its_language_and_leads_its_links_there(tmp_path):
    # The catalogue keeps the English link (the check compares links with the English cell); the notebook
    # built from it leads to the stop's notebook by its name in the language, anchor and folder kept.
    english = {"cells": [{"cell_type": "markdown", "id": "m", "metadata": {},
                          "source": "[stop 3](03_the_show.ipynb#cell-id=c07), [rules](rules.md), "
                                    "[start](../00_start_here.ipynb), [mine](09_mine.ipynb)"}],
               "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    catalogue = Catalog(locale="es")
    catalogue.add(cell_text(english["cells"][0]), "[parada 3](03_the_show.ipynb#cell-id=c07), [reglas](rules.md), "
                  "[inicio](../00_start_here.ipynb), [mío](09_mine.ipynb)", context="m")
    catalogue.add(SWITCH_MESSAGE, "todo", context=SWITCH_ID)
    built = build(english, catalogue, "es")
    assert cell_text(built["cells"][0]) == ("[parada 3](03_recuento.ipynb#cell-id=c07), [reglas](rules.md), "
                                            "[inicio](../00_empieza_aqui.ipynb), [mío](09_mine.ipynb)")
    assert local_name("03_the_show.ipynb", "pt") == "03_contagem.ipynb" and local_name("09_mine.ipynb", "pt") == "09_mine.ipynb"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_link_of_a_translated_lesson_or_document_leads_to_a_file_there(language):
    folder = language_folder(language, COURSE)
    pages = {path.name: "\n".join(cell_text(cell) for cell in _notebook(path)["cells"] if cell["cell_type"] == "markdown")
             for path in folder.glob("*.ipynb")}
    pages |= {name: (folder / name).read_text(encoding="utf-8") for name in ("README.md", "rules.md", "TEACHING.md")}
    links = [(page, target) for page, text in pages.items()
             for target in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in target and not target.startswith("#")]
    assert len(links) > 40
    broken = [(page, target) for page, target in links if not (folder / target.split("#")[0]).exists()]
    assert not broken, broken
    # and the READMEs' table of the stops names each by its file there
    readme = pages["README.md"]
    assert all(f"`{stop.notebook_in(language)}`" in readme for stop in STOPS)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_comment_in_every_translated_code_cell_is_translated(language):
    count = 0
    for lesson in lessons():
        english = {cell["id"]: cell for cell in _notebook(lesson)["cells"]}
        catalogue = read_catalogue(catalogue_path(COURSE, language, lesson.stem))
        for cell in _notebook(language_folder(language, COURSE) / local_name(lesson.name, language))["cells"]:
            if cell["cell_type"] != "code" or cell["id"] == SWITCH_ID:
                continue
            mine, theirs = code_comments(cell_text(cell)), code_comments(cell_text(english[cell["id"]]))
            assert len(mine) == len(theirs), f"{language}/{lesson.name} {cell['id']}"
            for number, (said, source) in enumerate(zip(mine, theirs), 1):
                where = f"{language}/{lesson.name} {cell['id']}#{number}"
                assert said.text != source.text, f"{where}: still in English: {said.text}"
                assert said.text == catalogue.get(source.text, context=f"{cell['id']}#{number}").string, where
                # the code around the comment is the English notebook's
                assert said.code[:said.start] == source.code[:source.start], where
                count += 1
    assert count == 17  # the lessons' code comments (stop 8 has none since its cells became calls)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_translated_notebook_switches_its_language_first_in_its_own_words(language):
    for lesson in lessons():
        cells = _notebook(language_folder(language, COURSE) / local_name(lesson.name, language))["cells"]
        switch = next(cell for cell in cells if cell["cell_type"] == "code")
        assert switch["id"] == SWITCH_ID
        (comment,) = code_comments(cell_text(switch))
        assert f'set_language("{language}")' in cell_text(switch)
        assert comment.text == {"es": "todo el cuaderno en español: widgets, gráficos y mensajes",
                                "pt": "todo o notebook em português: widgets, gráficos e mensagens"}[language]


def test_the_start_page_offers_every_language_of_the_registry_in_its_words():
    # The page is written by hand, one section per language: this holds it to the registry, so a
    # language added there fails here until the page offers it (and one taken out, until it goes).
    start = COURSE / "start" / "index.ipynb"
    text = "".join(cell_text(cell) for cell in _notebook(start)["cells"])
    assert re.findall(r"^## (.+)$", text, re.MULTILINE) == [language.name for language in LANGUAGES]
    links = {target: label for label, target in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", text)}
    for target in links:
        assert (start.parent / target.split("#")[0]).resolve().exists(), target
    # Each language offers the first-game route (stop 0's "first-game" cell) before the first stop.
    # Each language's by its name there (00_empieza_aqui.ipynb).
    stops_0 = ["/".join(filter(None, ("..", language.lessons, STOPS[0].notebook_in(language.code))))
               for language in LANGUAGES]
    for language, stop_0 in zip(LANGUAGES, stops_0):
        assert text.index(f"]({stop_0}#cell-id=first-game)") < text.index(f"]({stop_0})"), language.code
    first_stops = {target: label for target, label in links.items() if target in stops_0}
    assert sorted(first_stops) == sorted(stops_0)
    for target, label in first_stops.items():
        # in the language's own words: the link is named as its first stop is titled
        cells = _notebook(start.parent / target)["cells"]
        title = next(cell_text(cell) for cell in cells if cell["cell_type"] == "markdown").split("\n", 1)[0]
        assert title == f"# {label}", (target, label)
    assert "start/index.ipynb" in (COURSE.parent / "Makefile").read_text(encoding="utf-8")
    # A page with no kernel named opens under JupyterLab's "Select Kernel" question (the class's first
    # screen on the hub): it names the lessons' kernel.
    assert _notebook(start)["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("language", CODES)
def test_the_progress_panel_names_each_stop_as_its_title_does(language):
    # The panel said "La calculadora de manos y la estadística" for a stop titled "La calculadora de
    # manos, y cuánto valen las manos": a learner looking for it by name did not find it.
    from widgets.i18n import render
    folder = language_folder(language, COURSE)
    for stop in STOPS[1:]:   # stop 0's title is checked by _stop_names
        cells = _notebook(folder / stop.notebook_in(language))["cells"]
        title = next(line for cell in cells if cell["cell_type"] == "markdown"
                     for line in cell_text(cell).splitlines() if line.startswith("# "))
        assert title == f"# {render('progress.stop', language)} {stop.number} · {render(stop.title, language)}"


#: How each language's prose points at a stop by its number: "[stop 5](05_three_guided_hands.ipynb)".
STOP_WORD = {"en": "stop", "es": "parada", "pt": "parada"}
#: A link to a lesson, with the stop's number before it ("| 2. [name](...)", the route table) or inside it
#: ("[2. name](...)", the "Next stop" links).
LESSON_LINK = re.compile(r"(?:(\d+)\. )?\[(?:(\d+)\. )?([^\]]+)\]\(((\d\d)_\w+\.ipynb)\)")


def _stop_names(folder: Path, language: str) -> dict[str, str]:
    """Each lesson's name as its title says it: after "Stop N · "; for stop 0, whose title is
    "Start here: cribbage, one stop at a time", the words before the colon (the progress panel's)."""
    from widgets.i18n import render
    names = {}
    for lesson in lessons():
        name = local_name(lesson.name, language)   # what the language's links lead to
        cells = _notebook(folder / name)["cells"]
        title = next(line for cell in cells if cell["cell_type"] == "markdown"
                     for line in cell_text(cell).splitlines() if line.startswith("# "))[2:]
        if lesson.name == STOPS[0].notebook:
            names[name] = title.split(": ", 1)[0]
            assert names[name] == render(STOPS[0].title, language)
        else:
            names[name] = title.split(" · ", 1)[1]
    return names


def misnamed_stops(folder: Path, language: str) -> tuple[list[str], int]:
    """The links to a lesson in ``folder``'s lessons whose text is neither the lesson's name (its title)
    nor "stop N", or whose number is not the lesson's; and how many links name a stop."""
    names = _stop_names(folder, language)
    wrong, named = [], 0
    for lesson in lessons():
        for cell in _notebook(folder / local_name(lesson.name, language))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for before, inside, text, target, number in LESSON_LINK.findall(cell_text(cell)):
                if target not in names:
                    continue    # a lesson not written yet: test_course's NOT_YET_WRITTEN
                if text.casefold() == f"{STOP_WORD[language]} {int(number)}":
                    continue
                named += 1
                if text != names[target] or any(n and int(n) != int(number) for n in (before, inside)):
                    wrong.append(f"{lesson.name} cell {cell['id']}: [{inside and inside + '. '}{text}]({target}), "
                                 f"titled {names[target]!r}")
    return wrong, named


@pytest.mark.parametrize("language", CODES)
def test_the_route_table_and_the_next_stop_links_name_each_stop_as_its_title_does(language):
    # Stop 0's route and the "Next stop" links said "La calculadora de manos y las estadísticas",
    # "The board and skunks" for stops titled "La calculadora de manos, y cuánto valen las manos",
    # "The board, 121 and skunks".
    folder = language_folder(language, COURSE)
    wrong, named = misnamed_stops(folder, language)
    assert not wrong, "\n".join(wrong)
    assert named >= len(lessons()) + len(lessons()) - 1   # the route table's rows and a "Next stop" per lesson but the last


#: Words a heading and a widget's title may differ by and still say the same thing.
_ARTICLES = {"the", "a", "an", "el", "la", "los", "las", "un", "una", "o", "os", "as", "um", "uma"}


def _said_as(text: str) -> str:
    """A heading or a title reduced to what it says: the part before a colon, without its article,
    punctuation or case ("The hand calculator" says what "Hand calculator" says)."""
    words = re.sub(r"[¿?¡!.,]", "", text.split(": ", 1)[0]).casefold().split()
    return " ".join(words[1:] if words and words[0] in _ARTICLES else words)


@pytest.mark.parametrize("language", CODES)
def test_no_heading_repeats_the_title_of_a_widget(language):
    # "## Deal a hand" stood over the deal's widget, whose own title says "Deal a hand"; the lab's four
    # sections did the same. The widget keeps its title; the heading says something else.
    from widgets.i18n import render
    from widgets.i18n.messages import MESSAGES
    titles = {_said_as(render(key, language)): key for key, text in MESSAGES.items()
              if key.endswith("title") and isinstance(text[SOURCE], str) and "{" not in text[SOURCE]}
    folder = language_folder(language, COURSE)
    repeated = []
    for lesson in lessons():
        for cell in _notebook(folder / local_name(lesson.name, language))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for heading in re.findall(r"^##+ (.+)$", cell_text(cell), re.MULTILINE):
                if _said_as(heading.split(" · ")[-1]) in titles:
                    repeated.append(f"{lesson.name} cell {cell['id']}: {heading!r} is the title of "
                                    f"{titles[_said_as(heading.split(' · ')[-1])]}")
    assert not repeated, "\n".join(repeated)

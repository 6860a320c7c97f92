"""The course's stops are listed once (``cribbage/registry/stops.py``), and everything agrees with that list.

- Every stop's skill, item kinds and title are the catalogue's; its notebook is in every language's
  lesson folder, named in that language (short ASCII words: JupyterLab's tab and file browser show the
  file's name), and those folders hold no other stop.
- Stop 0's route table, in every language, lists the stops in order, each by its title and notebook;
  each stop's recap leads to the next, the last back to the first.
- Every view or try-it question that records answers is named by exactly one stop, and every name the
  list gives is such a class.
- The wheel (``setup.py``) and the sdist (``MANIFEST.in``) carry each stop's notebook in each language.
- No product code spells a stop's notebook or ``range(<number of stops>)``: it reads the list.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import json
import os
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from product_code import parsed

import widgets
from cribbage.lang.messages import CATALOGUE, render
from cribbage.lessons import course_files
from cribbage.progress import KINDS, SKILLS
from cribbage.registry import languages, stops
from cribbage.registry.stops import STOPS

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "course"
REGISTRY = ROOT / "cribbage" / "registry" / "stops.py"


def _folder(language: languages.Language) -> Path:
    return COURSE / language.lessons


def _cells(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


# The list itself --------------------------------------------------------------------------------
def test_each_stop_teaches_a_skill_and_kinds_of_the_catalogue_and_has_a_title() -> None:
    assert [stop.number for stop in STOPS] == list(range(len(STOPS))) == list(stops.NUMBERS)
    for stop in STOPS:
        assert stop.skill in SKILLS, stop
        assert set(stop.kinds) <= set(KINDS), stop
        assert stop.title in CATALOGUE, f"stop {stop.number}'s title {stop.title!r} is in no catalogue"
        assert re.fullmatch(r"[a-z0-9_]+", stop.name), stop.name
    taught = [kind for stop in STOPS for kind in stop.kinds]
    assert sorted(taught) == sorted(set(KINDS) - {"other"}), "each item kind but 'other' is taught by one stop"


def test_a_look_up_names_what_there_is() -> None:
    assert stops.stop(len(STOPS) - 1) is STOPS[-1]
    for wrong in (len(STOPS), -1, True, "3"):
        with pytest.raises(KeyError, match="no stop"):
            stops.stop(wrong)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="name it in the views of the stop"):
        stops.view_stop("Nothing", "Object")
    assert stops.view_stop("Local", "HandQuestion", "Question") is stops.view_stop("HandQuestion")


def _load(source: str, path: Path) -> ModuleType:
    """The registry module made of ``source``, read by its file path as setup.py reads it (a path of
    its own each time: a second source of the same size, written in the same second, would be read
    from the first one's cached bytecode)."""
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("stops_probe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


@pytest.mark.parametrize("change, refusal", [
    (('views=("GameTable", "GameReviewPanel")', 'views=("GameTable", "GameReviewPanel", "ScoringQuiz")'),
     "'ScoringQuiz' belongs to stop 3 and to stop 5"),
    (('kinds=("skunk",)', 'kinds=("skunk", "go")'), "'go' belongs to stop 2 and to stop 4"),
    (('Stop(8, "statistics_lab"', 'Stop(9, "statistics_lab"'), "numbered 0, 1, 2... in order"),
])
def test_a_slip_in_the_list_is_refused_when_it_is_read(tmp_path: Path, change: tuple[str, str], refusal: str) -> None:
    source = REGISTRY.read_text(encoding="utf-8")
    assert _load(source, tmp_path / "as_it_is.py").NUMBERS == stops.NUMBERS   # read by path, the list as it is
    assert change[0] in source
    with pytest.raises(ValueError, match=re.escape(refusal)):
        _load(source.replace(change[0], change[1]), tmp_path / "changed.py")


@pytest.mark.parametrize("language", languages.TRANSLATED)
def test_each_translated_lesson_is_named_in_its_language(language: str) -> None:
    # The file's name is the lesson's tab title and its entry in the file browser: a Spanish learner reads
    # 03_recuento.ipynb, not 03_the_show.ipynb. It differs from the English unless the stop's title does
    # not (CrossCribb is CrossCribb in every language).
    assert {code for stop in STOPS for code, _name in stop.local} <= set(languages.TRANSLATED)
    unnamed = [stop.number for stop in STOPS if language not in dict(stop.local)]
    assert not unnamed, f"name these stops' notebooks in {language} (cribbage/registry/stops.py): {unnamed}"
    names = [stop.notebook_in(language) for stop in STOPS]
    assert len(set(names)) == len(names)
    for stop, name in zip(STOPS, names):
        assert re.fullmatch(rf"{stop.number:02d}_{stops.NAME_PATTERN}\.ipynb", name), name
        assert len(name) <= 36, f"{name}: too long for a tab"
        title_is_english = render(stop.title, language) == render(stop.title, languages.SOURCE)
        assert (name == stop.notebook) == title_is_english, f"stop {stop.number} in {language}: {name}"
        assert stops.notebook_stop(name) is stop
        assert stops.notebook_stop(name.replace(".ipynb", "-Copy1.ipynb")) is stop


def test_a_copy_kept_with_the_english_names_is_still_found_by_them(tmp_path: Path) -> None:
    show = stops.stop(3)
    assert show.notebook_in("es", tmp_path) == "03_recuento.ipynb"          # nothing there: the language's
    (tmp_path / show.notebook).write_text("{}", encoding="utf-8")
    assert show.notebook_in("es", tmp_path) == show.notebook                 # an older copy: its English name
    (tmp_path / "03_recuento.ipynb").write_text("{}", encoding="utf-8")
    assert show.notebook_in("es", tmp_path) == "03_recuento.ipynb"
    assert stops.notebook_stop(show.notebook) is show


@pytest.mark.parametrize("language", languages.LANGUAGES, ids=lambda language: language.code)
def test_each_language_s_folder_holds_each_stop_s_notebook_and_no_other(language: languages.Language) -> None:
    found = sorted(path.name for path in _folder(language).glob("[0-9][0-9]_*.ipynb"))
    assert found == [stop.notebook_in(language.code) for stop in STOPS]
    assert list(course_files(language.code, COURSE)) == [*found, "rules.md"]


def test_the_registry_needs_nothing_but_the_standard_library() -> None:
    for path in REGISTRY.parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
                assert not node.level, f"{path.name} imports relatively"
            else:
                continue
            assert all(name.split(".")[0] in sys.stdlib_module_names or name == "__future__" for name in names), \
                f"{path.name} imports {names}"


# The lessons' words agree with it ----------------------------------------------------------------
#: A row of the route table: "| 3. [The show: counting your hand](03_the_show.ipynb) | ...".
ROUTE_ROW = re.compile(r"^\| (\d+)\. \[([^\]]+)\]\(([^)]+\.ipynb)\) \|", re.M)


@pytest.mark.parametrize("language", languages.LANGUAGES, ids=lambda language: language.code)
def test_stop_0_s_route_lists_every_stop_in_order_by_its_title(language: languages.Language) -> None:
    # The route is the lesson's own Markdown (translated with it, timed by tests/test_course_times.py);
    # what it may not do is drift from the list: a stop left out, renamed or out of order.
    (route,) = [text for text in _cells(_folder(language) / STOPS[0].notebook_in(language.code))
                if ROUTE_ROW.search(text)]
    rows = [(int(number), title, notebook) for number, title, notebook in ROUTE_ROW.findall(route)]
    assert rows == [(stop.number, render(stop.title, language.code), stop.notebook_in(language.code)) for stop in STOPS]


@pytest.mark.parametrize("language", languages.LANGUAGES, ids=lambda language: language.code)
def test_each_stop_s_recap_leads_to_the_next_and_the_last_back_to_the_first(language: languages.Language) -> None:
    for stop, following in zip(STOPS, [*STOPS[1:], STOPS[0]]):
        recap = _cells(_folder(language) / stop.notebook_in(language.code))[-1]
        assert f"]({following.notebook_in(language.code)})" in recap, f"stop {stop.number} ({language.code}) leads elsewhere: {recap}"


# The views that record answers -------------------------------------------------------------------
def _modules() -> Iterator[ModuleType]:
    for found in pkgutil.walk_packages(widgets.__path__, "widgets."):
        yield importlib.import_module(found.name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _recording_definitions(module: ModuleType) -> set[str]:
    """The classes of ``module`` whose own code records an answer: a method calls ``record_answer``,
    or is decorated ``@recorded`` (a try-it's check)."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if not isinstance(node, ast.ClassDef):
            continue
        for inner in ast.walk(node):
            called = (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
                      and inner.func.attr == "record_answer")
            decorated = isinstance(inner, ast.FunctionDef) and any(
                isinstance(decorator, ast.Name) and decorator.id == "recorded" for decorator in inner.decorator_list)
            if called or decorated:
                found.add(node.name)
                break
    return found


def recording_classes() -> dict[str, list[type]]:
    """Every view and try-it question class of ``widgets`` that records answers (itself or by a base
    class below View and Question), by name."""
    from widgets.base.view import View
    from widgets.drills.exercise import Question

    recording = {(module.__name__, name) for module in _modules() for name in _recording_definitions(module)}
    recording.discard((View.__module__, View.__name__))   # the hook every view has, called by those that record
    found: dict[str, list[type]] = {}
    for base in (View, Question):
        for cls in _subclasses(base):
            if not cls.__module__.startswith("widgets."):
                continue    # a test's own
            if any((klass.__module__, klass.__name__) in recording for klass in cls.__mro__):
                found.setdefault(cls.__name__, []).append(cls)
    return found


def test_every_view_that_records_is_named_by_exactly_one_stop_and_every_name_is_such_a_view() -> None:
    recording = recording_classes()
    assert {"ScoringQuiz", "HandQuestion", "GameTable"} <= set(recording)   # the walk finds them
    named = [view for stop in STOPS for view in stop.views]
    assert len(named) == len(set(named)), "a view is named by two stops"
    unnamed = sorted(set(recording) - set(named))
    assert not unnamed, f"these record answers but no stop names them (cribbage/registry/stops.py): {unnamed}"
    not_views = sorted(set(named) - set(recording))
    assert not not_views, f"stops name classes that are not views recording answers: {not_views}"
    twice = {name: classes for name, classes in recording.items() if len(classes) > 1}
    assert not twice, f"one name for two classes: {twice}"


# The packages carry them -------------------------------------------------------------------------
def _setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("project_setup_for_stops", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wheel_and_the_sdist_carry_every_stop_in_every_language() -> None:
    from setuptools.command.egg_info import FileList

    lessons = _setup().lesson_files()
    assert lessons == [(Path(language.lessons) / name).as_posix() for language in languages.LANGUAGES
                       for name in course_files(language.code, COURSE)]
    files = FileList()
    files.allfiles = [path.relative_to(ROOT).as_posix() for path in COURSE.rglob("*") if path.is_file()]
    for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            files.process_template_line(line)
    assert sorted(files.files) == sorted(f"course/{name}" for name in lessons)


# Nothing else spells them ------------------------------------------------------------------------
PRODUCT = ("cribbage", "machinery", "widgets", "apps", "hub")
NOTEBOOK_NAME = re.compile(r"\b\d\d_\w+\.ipynb\b")


def _product_files() -> Iterator[Path]:
    yield ROOT / "setup.py"
    for top in PRODUCT:
        for folder, subfolders, names in os.walk(ROOT / top):
            subfolders[:] = [name for name in subfolders if name not in ("node_modules", "__pycache__", "build")]
            yield from (Path(folder) / name for name in sorted(names) if name.endswith(".py"))


def stops_spelled_out(paths: Iterator[Path], root: Path = ROOT) -> list[str]:
    """``file:line`` (from ``root``) of each notebook name (``NN_name.ipynb``) in a string and each
    ``range(<number of stops>)`` in the code of ``paths`` (documentation, a string standing as a
    statement, is not code)."""
    found = []
    for path in paths:
        name = path.relative_to(root)
        documentation: set[int] = set()
        for node in ast.walk(parsed(path)):   # a statement before its parts
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                documentation.add(id(node.value))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
                found += [f"{name}:{node.lineno}: {notebook}" for notebook in NOTEBOOK_NAME.findall(node.value)]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                  and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
                  and node.args[0].value == len(STOPS)):
                found.append(f"{name}:{node.lineno}: range({len(STOPS)})")
    return found


def test_the_scan_finds_a_notebook_name_and_the_stops_range_but_not_in_documentation(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(f'"""Stop 3 is 03_the_show.ipynb."""\nNAME = "03_the_show.ipynb"\n'
                     f"STOPS = range({len(STOPS)})\nOTHER = range(3)\nLINK = f\"{{x}}/08_statistics_lab.ipynb\"\n",
                     encoding="utf-8")
    assert stops_spelled_out(iter([probe]), tmp_path) == [
        "probe.py:2: 03_the_show.ipynb", f"probe.py:3: range({len(STOPS)})", "probe.py:5: 08_statistics_lab.ipynb"]


def test_no_product_code_spells_a_stop_the_list_gives() -> None:
    spelled = stops_spelled_out(path for path in _product_files() if path != REGISTRY)
    assert not spelled, "read cribbage.registry.stops instead:\n" + "\n".join(spelled)

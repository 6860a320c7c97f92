"""The teacher's gradebook: its figures are the report's, its downloads read back equal to the page, its
questions are named in the page's language, and the class list is the class (no forged row counts)."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cribbage.progress import ProgressStore
from cribbage.progress.classdata import ClassData
from cribbage.progress.export import SEPARATOR, csv_text, moodle_csv, xlsx_bytes
from cribbage.progress.gradebook import gradebook_page, learner_page
from cribbage.progress.items import describe_item
from cribbage.progress.live import LiveClass, live_fragment
from cribbage.progress.report import merge, table
from cribbage.progress.roster import Member
from cribbage.progress.store import STOPS, read_progress
from cribbage.progress.summary import Tally
from cribbage.registry.languages import CODES, SOURCE
from cribbage.registry.stops import STOPS as COURSE_STOPS

AT = datetime(2026, 12, 3, 10, 0, 0, tzinfo=timezone.utc)
MEMBERS = [Member("ana", "Ana Souza"), Member("bea", "=Beatriz"), Member("caio", "Caio Reis")]
QUIZ = "hand 7H 7D 8S 8C / 9C"
DRILL = "six AC 4D 6H 9S JD KC (dealer)"


def _store(path: Path, user: str) -> ProgressStore:
    """A store as the learner's kernel on the hub opens it (their hub identity)."""
    return ProgressStore(path, identity=f"hub:{user}")


@pytest.fixture
def files(tmp_path) -> dict[str, Path]:
    """Ana answers at stops 0, 1 and 3 (stop 0 done), Beatriz at stop 3 (wrong, then right: practice),
    Caio never starts."""
    paths = {member.user: tmp_path / member.user / "progress.sqlite3" for member in MEMBERS}
    ana = _store(paths["ana"], "ana")
    ana.record(0, "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", "14", True, skill="show", kinds=("fifteen.2",), at=AT)
    ana.record(1, DRILL, "JD KC", False, skill="discard", kinds=("keep", "crib_gift"), at=AT + timedelta(minutes=1))
    ana.record(3, QUIZ, "24", True, skill="show", kinds=("fifteen.2", "pair", "run.3", "double_run"),
               at=AT + timedelta(minutes=2))
    bea = _store(paths["bea"], "bea")
    bea.record(3, QUIZ, "22", False, skill="show", kinds=("fifteen.2", "pair", "run.3", "double_run"),
               at=AT + timedelta(minutes=3))
    bea.record(3, QUIZ, "24", True, skill="show", kinds=("fifteen.2", "pair", "run.3", "double_run"),
               at=AT + timedelta(minutes=4))
    return paths


def _live(files: dict[str, Path]) -> LiveClass:
    return LiveClass(MEMBERS, lambda member: [files[member.user]] if files[member.user].exists() else [])


class _Table(HTMLParser):
    """The rows of the page's table ``table.<name>``: each row's cells' text."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name, self.inside, self.rows, self.cell = name, False, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and dict(attrs).get("class") == self.name:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def page_rows(text: str, name: str = "gradebook") -> list[list[str]]:
    parser = _Table(name)
    parser.feed(text)
    return parser.rows


def figure(cell: str) -> Tally:
    """The share a cell of the gradebook shows (``67% 2/3``, ✓ for a stop done), as a tally."""
    if cell == "–":
        return Tally()
    found = re.fullmatch(r"(\d+)%(?: ✓)? (\d+)/(\d+)", cell)
    assert found, cell
    tally = Tally(int(found.group(3)), int(found.group(2)))
    assert int(found.group(1)) == round(100 * tally.right / tally.asked)
    return tally


def share(tally: Tally) -> str:
    """The report's way of writing a share: ``67% (2/3)``."""
    return f"{round(100 * tally.right / tally.asked)}% ({tally.right}/{tally.asked})" if tally.asked else "–"


def test_the_gradebook_lists_the_class_list_with_the_reports_figures(files):
    data = _live(files).refresh()
    rows = page_rows(gradebook_page(data, "en"))
    assert rows[0] == ["learner", "stops done", "right at the first try", "stop", "last answer (UTC)", "lesson in front"]
    assert rows[1] == [str(stop) for stop in STOPS]
    body = rows[2:]
    assert [row[0] for row in body] == ["=Beatriz", "Ana Souza", "Caio Reis"]  # by name, never started too
    report = merge([path for path in files.values() if path.exists()],
                   [(member.identity, member.name) for member in MEMBERS])
    _report_header, report_rows = table(report, "en")
    by_name = {row[0]: row for row in report_rows}
    for row in body:
        theirs = by_name[row[0]]
        assert share(figure(row[2])) == theirs[6]  # the report's share right at the first try
        learner = next(learner for learner in data.learners.values() if learner.name == row[0])
        assert row[1] == f"{len(learner.stops_done)}/{len(STOPS)}"
        assert theirs[1].startswith(f"{len(learner.stops_done)}/") or not learner.started
        assert [figure(cell) for cell in row[3:-2]] == [learner.stop_tally(stop) for stop in STOPS]
        assert [cell.endswith(" ✓") or "✓ " in cell for cell in row[3:-2]] == [learner.done(stop) for stop in STOPS]
    ana = body[1]
    assert ana[3] == "100% ✓ 1/1" and ana[4] == "0% 0/1" and ana[-2] == "2026-12-03 10:02:00"
    assert ana[-1] == "3"  # no layout given: the stop of her latest answer (in italics, titled a guess)
    assert body[0][6] == "0% 0/1"  # Beatriz's right second answer is practice: her first try counts
    assert body[2][1:3] == ["0/9", "–"] and body[2][-2:] == ["–", "–"]


def _page_numbers(data: ClassData) -> dict[str, tuple[int, int, list[tuple[int, int]]]]:
    """Each learner's questions, right, and per stop (answered, right), as the page writes them."""
    out = {}
    for row in page_rows(gradebook_page(data, "en"))[2:]:
        total = figure(row[2])
        out[row[0]] = (total.asked, total.right, [(figure(cell).asked, figure(cell).right) for cell in row[3:-2]])
    return out


@pytest.mark.parametrize("language", CODES)
def test_the_downloads_read_back_equal_to_the_page(files, language):
    pandas = pytest.importorskip("pandas")
    openpyxl = pytest.importorskip("openpyxl")
    data = _live(files).refresh()
    shown = _page_numbers(data)
    decimal = "," if SEPARATOR[language] == ";" else "."
    frame = pandas.read_csv(io.StringIO(csv_text(data, language)), sep=SEPARATOR[language], decimal=decimal)
    book = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(data, language))).active
    sheet = [[cell.value for cell in row] for row in book.iter_rows()]
    assert list(frame.columns) == sheet[0]
    for (_, line), cells in zip(frame.iterrows(), sheet[1:]):
        name = cells[1].lstrip("'") if isinstance(cells[1], str) else cells[1]
        asked, right, stops = shown[name]
        assert (line.iloc[6], line.iloc[7]) == (cells[6], cells[7]) == (asked, right)
        assert [(cells[9 + 2 * i], cells[10 + 2 * i]) for i in range(len(STOPS))] == stops
        assert isinstance(cells[6], int)
        last = next(learner for learner in data.learners.values() if learner.name == name).last
        if last:  # a date in the workbook (UTC), the same time in the CSV
            assert isinstance(cells[4], datetime) and cells[4] == datetime.fromisoformat(last).replace(tzinfo=None)
            assert datetime.fromisoformat(line.iloc[4]) == datetime.fromisoformat(last)
        else:
            assert cells[4] is None
    moodle = pandas.read_csv(io.StringIO(moodle_csv(data, language)))
    assert list(moodle.iloc[:, 0]) == ["bea", "ana", "caio"]  # the accounts Moodle maps to its usernames
    for (_, line) in moodle.iterrows():
        asked, right, stops = shown[line.iloc[1].lstrip("'")]
        expected = round(100 * right / asked, 1) if asked else None
        assert (pandas.isna(line.iloc[2]) and expected is None) or line.iloc[2] == expected
        for i, (stop_asked, stop_right) in enumerate(stops):
            value = line.iloc[3 + i]
            assert (pandas.isna(value) and not stop_asked) or value == round(100 * stop_right / stop_asked, 1)


def test_the_moodle_file_is_a_comma_separated_table_with_a_username_column(files):
    data = _live(files).refresh()
    for language in CODES:
        rows = list(csv.reader(io.StringIO(moodle_csv(data, language))))
        assert len({len(row) for row in rows}) == 1 and len(rows) == 1 + len(MEMBERS)
        assert rows[1][1] == "'=Beatriz"  # never a formula
        assert rows[1][2] == "0.0" and rows[3][2] == ""


def test_a_learners_page_answer_by_answer(files):
    data = _live(files).refresh()
    page = learner_page(data.learners["hub:bea"], "es", back="gradebook", notebooks=[("03_the_show.ipynb", "nb")])
    rows = page_rows(page, "answers")
    assert rows[1][1:] == ["3", describe_item(QUIZ, "es"), "22", "incorrecta", "primer intento"]
    assert rows[2][3:] == ["24", "correcta", "práctica"]
    assert "03_the_show.ipynb" in page and "parada 3 · El recuento" in page  # the lesson open now
    hidden = learner_page(data.learners["hub:bea"], "en", notebooks=None)
    assert "read-only" not in hidden  # a teacher without the scope is offered no notebook


@pytest.mark.parametrize("language", [code for code in CODES if code != SOURCE])
def test_every_question_is_named_in_the_pages_language(language):
    items = [question.item for stop in COURSE_STOPS for question in stop.questions] + [QUIZ, DRILL, "game",
                                                                                      "play first step 2"]
    for item in items:
        said = describe_item(item, language)
        assert said != describe_item(item, SOURCE), item
        for english in ("keeps of", "six ", "(dealer)", "play:", " of the hand", "guided hand", "step"):
            assert english not in said, (item, said)


def test_the_spanish_hardest_questions_are_in_spanish(files):
    fragment = live_fragment(_live(files).refresh(), "es", now=AT)
    hardest = fragment[fragment.index("Las preguntas más difíciles"):]
    assert describe_item(QUIZ, "es") in hardest
    for english in ("hand 7H", "keeps of", "six ", "play:"):
        assert english not in hardest


def test_a_learners_file_cannot_forge_a_classmate_nor_add_a_learner(files):
    forged = _store(files["ana"], "bea")  # Ana's own file, an answer under Beatriz's identity
    forged.record(3, "hand 5H 5D 6H 7S / 8C", "0", False, skill="show", kinds=("pair",), at=AT)
    extra = _store(files["ana"], "mallory")
    extra.set_learner("<script>x</script>")
    extra.record(3, QUIZ, "0", False, skill="show", kinds=("pair",), at=AT)
    data = _live(files).refresh()
    assert sorted(data.learners) == ["hub:ana", "hub:bea", "hub:caio"]
    assert data.learners["hub:bea"].total.asked == 1
    assert "<script>" not in gradebook_page(data, "en")


def test_one_class_store_read_for_the_roster_only(tmp_path):
    store_path = tmp_path / "class.sqlite3"
    for user in ("ana", "zed"):
        store = ProgressStore(store_path, identity=f"hub:{user}")
        store.record(3, QUIZ, "24", True, skill="show", kinds=("pair",), at=AT)
    live = LiveClass(MEMBERS, lambda member: [], store=store_path)
    data = live.refresh()
    assert sorted(data.learners) == ["hub:ana", "hub:bea", "hub:caio"]  # zed is in no class list
    assert data.learners["hub:ana"].total.asked == 1
    assert len(read_progress(store_path).answers) == 2


def test_a_name_read_from_a_file_is_bounded(tmp_path):
    from cribbage.progress.store import Answer

    answer = Answer("x" * 5000, 3, QUIZ, "24", True, "show", ("pair",), 0, AT.isoformat(), learner_id="os:x")
    data = ClassData.of([answer])
    assert len(data.learners["os:x"].name) == 80

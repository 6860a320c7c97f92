"""The teacher's report: learners' files merged into one table; bad files named and skipped; nothing
written to a learner's file; no name, file or row that can break it; the gradebook's CSV and .xlsx."""

from __future__ import annotations

import csv
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from cribbage.cli.main import main
from cribbage.progress import ProgressFileError, ProgressStore, stop_questions
from cribbage.progress.classdata import ClassData
from cribbage.progress.report import merge, run, table, text_report, write_html

AT = datetime(2026, 11, 2, 10, 0, 0, tzinfo=timezone.utc)
#: Stop 0's one question: answered right, the stop is done.
STOP_0 = stop_questions(0)[0].item


def _class(folder: Path) -> dict[str, Path]:
    """Ana answered on a laptop and on the hub (two files); Bea on the hub; two files are not progress."""
    files = {name: folder / f"{name}.progress.sqlite3" for name in ("ana-laptop", "ana-hub", "bea")}
    laptop, hub = ProgressStore(files["ana-laptop"], learner="Ana"), ProgressStore(files["ana-hub"], learner="Ana")
    for i in range(3):
        laptop.record(1, f"drill {i}", "5H 5D", True, skill="discard", kinds=["keep"], at=AT + timedelta(minutes=i))
    hub.record(3, "hand 7H 7D 8S 8C / 9C", "18", False, skill="show",
               kinds=["fifteen.2", "pair", "run.3", "double_run"], missed=6, at=AT + timedelta(minutes=5))
    hub.record(3, "crib 2H 4H 6H 9H / 5C", "4", False, skill="show", kinds=["fifteen.2", "fifteen.3", "run.3"],
               missed=5, at=AT + timedelta(minutes=6))
    hub.record(3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show", kinds=["fifteen.2", "pair", "run.4"],
               at=AT + timedelta(minutes=7))
    bea = ProgressStore(files["bea"], learner="Bea")
    bea.record(0, STOP_0, "16", True, skill="show", kinds=["fifteen.2"], at=AT - timedelta(minutes=1))
    for i in range(4):
        bea.record(3, f"hand {i}", "6", i != 0, skill="show", kinds=["nobs"] if i == 0 else ["pair"],
                   missed=int(i == 0), at=AT + timedelta(minutes=i))
    bea.record(2, "play 1", "7S", False, skill="play", kinds=["go"], missed=1, at=AT + timedelta(minutes=30))
    files["notes"] = folder / "notes.progress.sqlite3"
    files["notes"].write_text("this is a learner's essay, not a database\n")
    files["other"] = folder / "other.sqlite3"
    with sqlite3.connect(files["other"]) as conn:
        conn.execute("CREATE TABLE grades (name TEXT, grade INTEGER)")
    conn.close()
    return files


def _snapshot(files: dict[str, Path]) -> dict[str, tuple[bytes, int]]:
    return {name: (path.read_bytes(), path.stat().st_mtime_ns) for name, path in files.items()}


def test_files_merge_into_a_row_per_learner_and_bad_files_are_named_and_skipped(tmp_path):
    files = _class(tmp_path)
    before = _snapshot(files)
    report = merge([files["ana-laptop"], files["notes"], files["ana-hub"], files["bea"], files["other"],
                    tmp_path / "missing.sqlite3", files["bea"]])
    assert [p.name for p in report.read] == ["ana-laptop.progress.sqlite3", "ana-hub.progress.sqlite3",
                                             "bea.progress.sqlite3"]
    assert [(p.name, e.message.key) for p, e in report.skipped] == [
        ("notes.progress.sqlite3", "progress.not_database"), ("other.sqlite3", "progress.foreign"),
        ("missing.sqlite3", "progress.missing")]
    header, rows = table(report)
    assert header == ["learner", "stops done", "stop now", "last answer (UTC)", "minutes", "questions", "accuracy",
                      "accuracy: the discard", "accuracy: the play", "accuracy: the show", "most missed"]
    assert rows == [
        # Ana: 7 minutes from her first answer to her last. 7 7 8 8 / 9 counted 18 missed two runs of three
        # (6 points); the crib 2 4 6 9 / 5 counted 4 for 9 missed a fifteen (of two or three cards: which,
        # nobody knows) and the run: the runs are blamed, never the fifteens or pairs both hands hold.
        ["Ana", "0/9", "3", "2026-11-02 10:07", "7", "6", "67% (4/6)", "100% (3/3)", "–", "33% (1/3)",
         "runs of three (2 of 2 wrong); double runs (1 of 1 wrong)"],
        # Bea: stop 0's question right (the stop is done); her play answer came 27 minutes after the
        # show: a new sitting, the pause not counted.
        ["Bea", "1/9 (0)", "2", "2026-11-02 10:30", "4", "6", "67% (4/6)", "–", "0% (0/1)", "80% (4/5)",
         "go (1 of 1 wrong); nobs (1 of 1 wrong)"],
    ]
    assert _snapshot(files) == before  # read-only: not a byte, not a time stamp changed
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in files.values())  # no journals


def test_a_miscounted_hand_blames_only_the_kinds_missed(tmp_path):
    """7 7 8 8 with a 9 is 24: counted 18, six points short, the learner missed two runs (3 + 3), not the
    fifteens or the pairs the hand also holds. Counted 22, two short, a fifteen or a pair: nobody can say
    which, so no kind is blamed."""
    store = ProgressStore(tmp_path / "a.sqlite3", learner="Ana")
    kinds = ["fifteen.2", "pair", "run.3", "double_run"]
    store.record(3, "hand 7H 7D 8S 8C / 9C", "18", False, skill="show", kinds=kinds, missed=6)
    store.record(3, "hand 7C 7S 8D 8H / 9D", "22", False, skill="show", kinds=kinds, missed=2)
    learner = merge([store.path]).data.ordered()[0]
    assert learner.misses() == {"run.3": 1, "double_run": 1, "": 1}
    assert learner.kind_tallies()["pair"].wrong == 0 and learner.kind_tallies()["run.3"].wrong == 1
    assert "pairs" not in table(merge([store.path]))[1][0][-1]


def test_a_question_counts_once_by_its_first_answer(tmp_path):
    """Re-running a cell after the answer was shown gives the right answer again and again: the question
    stays wrong at the first try, and the stop is not done."""
    store = ProgressStore(tmp_path / "a.sqlite3", learner="Ana")
    store.record(0, STOP_0, "10", False, skill="show", kinds=["fifteen.2"], missed=6, at=AT, revealed=True)
    for i in range(3):
        store.record(0, STOP_0, "16", True, skill="show", kinds=["fifteen.2"], at=AT + timedelta(seconds=10 + i))
    learner = merge([store.path]).data.ordered()[0]
    assert (learner.total.asked, learner.total.right) == (1, 0)
    assert learner.stops_done == []
    assert table(merge([store.path]))[1][0][1] == "0/9"
    assert merge([store.path]).data.questions() == [(0, STOP_0, learner.total)]


def test_the_roster_shows_learners_who_never_started(tmp_path):
    files = _class(tmp_path)
    report = merge([files["bea"]], roster=[("name:Bea", "Beatriz Lima"), ("hub:carla", "Carla Souza")])
    _, rows = table(report)
    assert [row[:3] for row in rows] == [["Beatriz Lima", "1/9 (0)", "2"], ["Carla Souza", "not started", "–"]]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["$_$", "$\\undefinedmacro$", "Ana $ouza $", "50$ and 5$", "\\$x$"])
def test_names_are_drawn_as_text_never_math(tmp_path, name, monkeypatch):
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    drawn: list[tuple[str, bool]] = []
    save = Figure.savefig

    def watch(fig, *args, **kwargs):
        save(fig, *args, **kwargs)
        for text in fig.findobj(Text):
            if text.get_text():
                shown, math = text._preprocess_math(text.get_text())
                drawn.append((shown, bool(math)))

    monkeypatch.setattr(Figure, "savefig", watch)
    store = ProgressStore(tmp_path / "a.sqlite3", learner=name)
    store.record(3, "hand 1", "6", True, skill="show", kinds=["pair"])
    out = tmp_path / "class.html"
    write_html(merge([store.path]), out)
    assert out.stat().st_size > 0
    assert (name, False) in drawn  # the name, exactly, as plain text
    assert not [text for text, math in drawn if math]


def test_an_unknown_stop_skill_or_kind_is_left_out_with_a_note_per_file(tmp_path, capsys):
    """A newer course (or a tampered file) wrote what this course does not know: the rest is reported."""
    odd, fine = tmp_path / "odd.progress.sqlite3", tmp_path / "fine.progress.sqlite3"
    store = ProgressStore(odd, learner="Ana")
    for i in range(4):
        store.record(3, f"hand {i}", "6", True, skill="show", kinds=["pair"])
    ProgressStore(fine, learner="Bea").record(1, "drill", "5H 5D", True, skill="discard", kinds=["keep"])
    with sqlite3.connect(odd) as conn:
        conn.execute("UPDATE answers SET kinds = 'pair quantum.flush' WHERE item = 'hand 0'")
        conn.execute("UPDATE answers SET stop = 12 WHERE item = 'hand 1'")
        conn.execute("UPDATE answers SET skill = 'juggling' WHERE item = 'hand 2'")
    conn.close()
    status = main(["progress", "report", str(odd), str(fine), "--html", str(tmp_path / "c.html")])
    assert status == 0
    out = capsys.readouterr().out
    assert f"{odd}: 1 answer at a stop this course does not have (12) was left out" in out
    assert f"{odd}: 1 answer about a skill this course does not know (juggling) was left out" in out
    assert f"{odd}: an item kind this course does not know (quantum.flush) was left out of 1 answer" in out
    rows = table(merge([odd, fine]))[1]
    assert [row[:2] for row in rows] == [["Ana", "0/9"], ["Bea", "0/9"]] and rows[0][5] == "2"
    assert "quantum" not in (tmp_path / "c.html").read_text(encoding="utf-8").split("<p class=\"note\">")[0]


def test_an_empty_file_is_named(tmp_path):
    empty = tmp_path / "ana.progress.sqlite3"
    empty.write_bytes(b"")
    fine = tmp_path / "bea.progress.sqlite3"
    ProgressStore(fine, learner="Bea").record(1, "drill", "5H 5D", True, skill="discard", kinds=["keep"])
    report = merge([empty, fine])
    assert report.empty == [empty] and report.read == [fine]
    assert f"{empty} holds no answers yet" in text_report(report)


def _gradebook_class(folder: Path) -> list[Path]:
    names = ['=HYPERLINK("http://evil.example","Ana")', "+Bea", "-Carla", "@Dani", "Élise"]
    paths = []
    for i, name in enumerate(names):
        path = folder / f"{i}.progress.sqlite3"
        store = ProgressStore(path, learner=name)
        store.record(1, "drill 1", "5H 5D", i % 2 == 0, skill="discard", kinds=["keep"], at=AT)
        store.record(3, "hand 1", "6", True, skill="show", kinds=["pair"], at=AT + timedelta(minutes=2))
        paths.append(path)
    return paths


def test_the_csv_is_a_gradebook_a_spreadsheet_cannot_run(tmp_path):
    paths = _gradebook_class(tmp_path)
    out = tmp_path / "class.csv"
    assert main(["progress", "report", *map(str, paths), "--csv", str(out)]) == 0
    with open(out, encoding="utf-8-sig", newline="") as got:
        lines = list(csv.reader(got))
    header = lines[0]
    assert header[:3] == ["ID", "name", "stops done"]
    assert "stop 3: right" in header and "the show: right (%)" in header
    names = [line[1] for line in lines[1:]]
    assert names == ["'+Bea", "'-Carla", "'=HYPERLINK(\"http://evil.example\",\"Ana\")", "'@Dani", "Élise"]
    assert not any(cell.startswith(("=", "+", "-", "@")) for line in lines for cell in line)
    ana = lines[1 + names.index("'=HYPERLINK(\"http://evil.example\",\"Ana\")")]
    column = dict(zip(header, ana))
    assert (column["questions"], column["questions right at the first try"], column["right (%)"]) == ("2", "2", "100.0")
    assert (column["stop 1: questions"], column["stop 1: right"], column["stop 3: right"]) == ("1", "1", "1")
    assert column["minutes spent"] == "2" and column["current stop"] == "3"


@pytest.mark.parametrize("how", [["--lang", "es"], ["--language", "es"], "LANG"])
def test_the_csv_follows_the_language_with_its_separator(tmp_path, how, monkeypatch):
    paths = _gradebook_class(tmp_path)
    out = tmp_path / "class.csv"
    if how == "LANG":
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", "es_ES.UTF-8")
        how = []
    assert main(["progress", "report", *map(str, paths), "--csv", str(out), *how]) == 0
    with open(out, encoding="utf-8-sig", newline="") as got:
        lines = list(csv.reader(got, delimiter=";"))
    assert lines[0][:2] == ["ID", "nombre"] and len(lines[0]) > 20
    bea = next(line for line in lines if line[1] == "'+Bea")
    assert "50,0" in bea  # the Spanish decimal mark: one of two discards right


def test_the_xlsx_keeps_numbers_as_numbers_and_names_as_text(tmp_path):
    from openpyxl import load_workbook

    paths = _gradebook_class(tmp_path)
    out = tmp_path / "class.xlsx"
    assert main(["progress", "report", *map(str, paths), "--xlsx", str(out), "--lang", "pt"]) == 0
    sheet = load_workbook(out).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("ID", "nome")
    names = {row[1] for row in rows[1:]}
    assert '=HYPERLINK("http://evil.example","Ana")' in names
    assert all(cell.data_type == "s" for cell in sheet["B"][1:])  # text, never a formula
    assert all(isinstance(row[6], int) for row in rows[1:])  # questions: a number


@pytest.mark.slow
def test_a_class_of_300_makes_a_small_page(tmp_path):
    """300 learners, 60 answers each: the page stays under 2 MB (its time: benchmarks/class_report.py)."""
    folder = tmp_path / "class"
    folder.mkdir()
    paths = big_class(folder, 300, 60)
    out = tmp_path / "class.html"
    write_html(merge(paths), out)
    assert out.stat().st_size < 2_000_000, out.stat().st_size
    page = out.read_text(encoding="utf-8")
    # A chart per skill, drawn in HTML: how many learners reached each share (no 300 names in a picture).
    assert page.count("<tr>") > 300 and page.count('<table class="spread">') == 3 and "<img" not in page


def big_class(folder: Path, learners: int, answers: int) -> list[Path]:
    """``learners`` files of ``answers`` answers each (seeded: the same class every time)."""
    import random

    rng = random.Random(27)
    hands = ["hand 7H 7D 8S 8C / 9C", "hand 5H 5D 6H 7S / 8C", "crib 2H 4H 6H 9H / 5C", "hand 2H 3D 10S KC / 5C"]
    paths = []
    for n in range(learners):
        path = folder / f"learner{n}.progress.sqlite3"
        store = ProgressStore(path, learner=f"Learner {n:03d}")
        rows = []
        for i in range(answers):
            stop = rng.choice((1, 2, 3))
            skill = {1: "discard", 2: "play", 3: "show"}[stop]
            item = rng.choice(hands) if stop == 3 else f"{skill} {rng.randrange(40)}"
            right = rng.random() < 0.7
            rows.append((store.learner, stop, item, "12" if right else str(rng.randrange(20)), int(right), skill,
                         "pair" if stop == 3 else ("keep" if stop == 1 else "go"), 0,
                         (AT + timedelta(seconds=40 * i)).isoformat(timespec="seconds")))
        store.record(1, "first", "x", True, skill="discard", kinds=["keep"], at=AT)
        with sqlite3.connect(path) as conn:
            conn.executemany("INSERT INTO answers (learner, stop, item, answer, correct, skill, kinds, missed, at)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        conn.close()
        paths.append(path)
    return paths


def test_a_file_handed_in_twice_counts_once(tmp_path):
    files = _class(tmp_path)
    copy = tmp_path / "bea-copy.progress.sqlite3"
    copy.write_bytes(files["bea"].read_bytes())
    _, rows = table(merge([files["bea"], copy]))
    assert rows[0][:2] == ["Bea", "1/9 (0)"] and rows[0][5:7] == ["6", "67% (4/6)"]


def test_the_report_in_spanish(tmp_path):
    files = _class(tmp_path)
    header, rows = table(merge([files["bea"]]), "es")
    assert header[:2] == ["alumno", "paradas hechas"]
    assert rows[0][-1] == "go (1 de 1 mal); nobs (1 de 1 mal)"


def test_csv_and_html_are_written_and_learners_files_are_not(tmp_path, capsys):
    files = _class(tmp_path)
    before = _snapshot(files)
    out_csv, out_html = tmp_path / "out" / "class.csv", tmp_path / "out" / "class.html"
    out_csv.parent.mkdir()
    status = main(["progress", "report", *map(str, files.values()), "--csv", str(out_csv), "--html", str(out_html)])
    assert status == 0
    printed = capsys.readouterr().out
    assert "Ana" in printed and "Bea" in printed and "3 files read, 2 skipped" in printed
    assert f"skipped {files['notes']}: {files['notes']} is not a progress file" in printed
    with open(out_csv, encoding="utf-8-sig", newline="") as got:
        lines = list(csv.reader(got))
    assert lines[0][:2] == ["ID", "name"] and [line[1] for line in lines[1:]] == ["Ana", "Bea"]
    page = out_html.read_text(encoding="utf-8")
    assert page.count('<img alt="') == 3  # one chart per skill answered: the discard, the play, the show
    assert "the show: share of right answers per learner" in page and "other.sqlite3" in page
    assert _snapshot(files) == before


def test_the_report_refuses_to_write_over_a_learners_file(tmp_path):
    files = _class(tmp_path)
    before = _snapshot(files)
    for option in ("html_path", "csv_path", "xlsx_path"):
        with pytest.raises(ProgressFileError, match="never written over a learner's file"):
            run([files["bea"]], **{option: files["bea"]})
    assert _snapshot(files) == before


def test_no_readable_file_exits_with_status_2(tmp_path, capsys):
    files = _class(tmp_path)
    assert main(["progress", "report", str(files["notes"])]) == 2
    assert "no progress file could be read" in capsys.readouterr().err


def test_where_prints_this_learners_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(tmp_path / "mine.sqlite3"))
    assert main(["progress", "where"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "mine.sqlite3")


def test_the_class_data_counts_learners_at_each_stop():
    assert ClassData.of([], roster=[("hub:a", "A"), ("hub:b", "B")]).stop_counts() == {None: 2}


def test_the_hardest_questions_are_the_classs_not_one_learners(tmp_path):
    """A question one learner missed says less than one half the class missed: it comes after."""
    paths = []
    for n, (rare, common) in enumerate([(False, False), (None, True)]):
        store = ProgressStore(tmp_path / f"{n}.sqlite3", learner=f"L{n}")
        if rare is not None:
            store.record(1, "discard rare", "x", rare, skill="discard", kinds=["keep"], at=AT)
        store.record(1, "discard common", "x", common, skill="discard", kinds=["keep"], at=AT)
        paths.append(store.path)
    hardest = merge(paths).data.hardest(2)
    assert [(item, tally.right, tally.asked) for _stop, item, tally in hardest] == [
        ("discard common", 1, 2), ("discard rare", 0, 1)]

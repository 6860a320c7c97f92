"""The teacher's report: learners' files merged into one table; bad files named and skipped; nothing
written to a learner's file."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

import pytest

from cribbage.cli.main import main
from cribbage.progress import ProgressFileError, ProgressStore
from cribbage.progress.report import merge, run, table


def _class(folder: Path) -> dict[str, Path]:
    """Ana answered on a laptop and on the hub (two files); Bea on the hub; two files are not progress."""
    files = {name: folder / f"{name}.progress.sqlite3" for name in ("ana-laptop", "ana-hub", "bea")}
    laptop, hub = ProgressStore(files["ana-laptop"], learner="Ana"), ProgressStore(files["ana-hub"], learner="Ana")
    for i in range(3):
        laptop.record(1, f"drill {i}", "5H 5D", True, skill="discard", kinds=["keep"])
    hub.record(3, "hand 1", "8", False, skill="show", kinds=["fifteen.3", "pair"], missed=2)
    hub.record(3, "hand 2", "4", False, skill="show", kinds=["flush.crib"], missed=5)
    hub.record(3, "hand 3", "12", True, skill="show", kinds=["fifteen.3", "run.3"])
    bea = ProgressStore(files["bea"], learner="Bea")
    for i in range(4):
        bea.record(3, f"hand {i}", "6", i != 0, skill="show", kinds=["nobs"] if i == 0 else ["pair"], missed=int(i == 0))
    bea.record(2, "play 1", "7S", False, skill="play", kinds=["go"], missed=1)
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
    assert header == ["learner", "stops done", "answers", "accuracy", "accuracy: the discard", "accuracy: the play",
                      "accuracy: the show", "most missed"]
    assert rows == [
        ["Ana", "1/9 (1)", "6", "67% (4/6)", "100% (3/3)", "–", "33% (1/3)",
         "the crib flush (1 of 1 wrong); pairs (1 of 1 wrong); fifteens of three cards (1 of 2 wrong)"],
        ["Bea", "1/9 (3)", "5", "60% (3/5)", "–", "0% (0/1)", "75% (3/4)", "go (1 of 1 wrong); nobs (1 of 1 wrong)"],
    ]
    assert _snapshot(files) == before  # read-only: not a byte, not a time stamp changed
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in files.values())  # no journals


def test_a_file_handed_in_twice_counts_once(tmp_path):
    files = _class(tmp_path)
    copy = tmp_path / "bea-copy.progress.sqlite3"
    copy.write_bytes(files["bea"].read_bytes())
    _, rows = table(merge([files["bea"], copy]))
    assert rows[0][:4] == ["Bea", "1/9 (3)", "5", "60% (3/5)"]


def test_one_answer_given_twice_in_a_second_counts_twice_even_in_a_copy(tmp_path):
    from datetime import datetime, timezone

    path, copy = tmp_path / "ana.progress.sqlite3", tmp_path / "ana-copy.progress.sqlite3"
    store, at = ProgressStore(path, learner="Ana"), datetime(2026, 11, 2, 10, 0, 0, tzinfo=timezone.utc)
    for _ in range(2):  # a try-it run again at once, with the same wrong guess
        store.record(3, "total of 5H 5D 6H 7S with 8C", "10", False, skill="show", kinds=["run.4"], missed=2, at=at)
    store.record(3, "total of 5H 5D 6H 7S with 8C", "12", True, skill="show", kinds=["run.4"], at=at)
    copy.write_bytes(path.read_bytes())
    for files in ([path], [path, copy]):
        _, rows = table(merge(files))
        assert rows[0][:4] == ["Ana", "0/9", "3", "33% (1/3)"]


def test_the_report_in_spanish(tmp_path):
    files = _class(tmp_path)
    header, rows = table(merge([files["bea"]]), "es")
    assert header[:4] == ["alumno", "paradas hechas", "respuestas", "acierto"]
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
    assert lines[0][0] == "learner" and [line[0] for line in lines[1:]] == ["Ana", "Bea"]
    page = out_html.read_text(encoding="utf-8")
    assert page.count('<img alt="') == 3  # one chart per skill answered: the discard, the play, the show
    assert "the show: share of right answers per learner" in page and "other.sqlite3" in page
    assert _snapshot(files) == before


def test_the_report_refuses_to_write_over_a_learners_file(tmp_path):
    files = _class(tmp_path)
    before = _snapshot(files)
    with pytest.raises(ProgressFileError, match="never written over a learner's file"):
        run([files["bea"]], html_path=files["bea"])
    assert _snapshot(files) == before


def test_no_readable_file_exits_with_status_2(tmp_path, capsys):
    files = _class(tmp_path)
    assert main(["progress", "report", str(files["notes"])]) == 2
    assert "no progress file could be read" in capsys.readouterr().err


def test_where_prints_this_learners_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(tmp_path / "mine.sqlite3"))
    assert main(["progress", "where"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "mine.sqlite3")


def test_importing_the_engine_draws_nothing():
    import subprocess
    import sys
    code = "import sys, cribbage, cribbage.cli, cribbage.progress; print('matplotlib' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"

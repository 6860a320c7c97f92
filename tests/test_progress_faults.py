"""The progress store's own error, with the true cause, for the faults a file can have that need no
other process or account: a name longer than the file system allows, a file cut short (to half, to its
100-byte header, without its last page) and a header changed by hand (``user_version`` zeroed in a file of
300 answers). Each is refused with a :class:`~cribbage.progress.ProgressFileError` saying what is wrong,
the file is left byte for byte as it was, and the teacher's report names it with that reason.

The faults that need another account, a process killed mid-write or a full file system are in
tests/integration/test_progress_faults_across_processes.py."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from cribbage import CribbageError
from cribbage.lang.messages import LANGUAGES, render
from cribbage.progress import ENV, ProgressFileError, ProgressStore, account, choose, default_path, read_progress
from cribbage.progress.live import LiveClass
from cribbage.progress.report import merge, text_report
from cribbage.progress.roster import Member
from widgets.drills.quiz import misses_in_progress
from widgets.progress.panel import ProgressPanel

ANSWERS = 300


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A learner's file holding 300 answers, as bytes (each test writes its own damaged copy)."""
    path = tmp_path_factory.mktemp("whole") / "ana.progress.sqlite3"
    store = ProgressStore(path, learner="Ana")
    for i in range(ANSWERS):
        store.record(3, f"hand {i}", str(i % 29), i % 3 != 0, skill="show", kinds=("fifteen.2",), missed=i % 3)
    return path.read_bytes()


def _every_reader(path: Path) -> dict[str, Callable[[], object]]:
    """Each way the course reads or writes a learner's file."""
    store = ProgressStore(path, learner="Ana")
    return {
        "answers": store.answers,
        "learner": lambda: store.learner,
        "record": lambda: store.record(3, "hand x", "12", True, skill="show"),
        "set_learner": lambda: store.set_learner("Bea"),
        "read_progress": lambda: read_progress(path),
    }


def _refused(act: Callable[[], object]) -> ProgressFileError:
    with pytest.raises(ProgressFileError) as caught:
        act()
    for language in LANGUAGES:  # said in every language of the course
        assert render(caught.value.message, language)
    return caught.value


def _page(data: bytes) -> int:
    return int.from_bytes(data[16:18], "big")


CUT = {
    "half": lambda data: data[: len(data) // 2],
    "header only": lambda data: data[:100],
    "last page lost": lambda data: data[: -_page(data)],
}


@pytest.mark.parametrize("cut", list(CUT))
def test_a_file_cut_short_is_called_damaged_with_its_sizes_not_foreign(tmp_path: Path, whole: bytes,
                                                                      cut: str) -> None:
    path = tmp_path / "ana.progress.sqlite3"
    data = CUT[cut](whole)
    path.write_bytes(data)
    for name, act in _every_reader(path).items():
        error = _refused(act)
        assert error.message.key == "progress.truncated", (name, str(error))
        assert f"{len(data)} bytes of the {len(whole)}" in str(error), (name, str(error))
        assert "not an SQLite database" not in str(error)
    assert path.read_bytes() == data, "a damaged file must be left untouched"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no journal left either


@pytest.mark.parametrize("version", [0, 1, 2])
def test_a_header_whose_version_was_changed_is_refused_not_read_as_empty(tmp_path: Path, whole: bytes,
                                                                         version: int) -> None:
    path = tmp_path / "ana.progress.sqlite3"
    data = whole[:60] + version.to_bytes(4, "big") + whole[64:]  # PRAGMA user_version: bytes 60 to 63
    path.write_bytes(data)
    for name, act in _every_reader(path).items():
        error = _refused(act)
        assert error.message.key == "progress.header_changed", (name, str(error))
        assert f"schema version {version}" in str(error)
    assert path.read_bytes() == data, "nothing may be 'migrated' over tables the file already has"
    path.write_bytes(whole)  # the same file with its header as written reads whole
    assert len(ProgressStore(path, learner="Ana").answers()) == ANSWERS


def test_a_file_that_is_no_sqlite_database_is_still_called_so(tmp_path: Path) -> None:
    path = tmp_path / "notes.progress.sqlite3"
    path.write_text("learner,stop\nAna,3\n" * 20)
    for name, act in _every_reader(path).items():
        assert _refused(act).message.key == "progress.not_database", name


def test_a_name_too_long_for_the_file_system_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / ("a" * 300 + ".progress.sqlite3")
    for name, act in _every_reader(path).items():
        error = _refused(act)
        assert error.message.key == "progress.name_too_long", (name, str(error))
        assert isinstance(error.__cause__, OSError) and error.__cause__.errno == errno.ENAMETOOLONG, name
    monkeypatch.setenv(ENV, str(tmp_path / ("b" * 300)))
    assert default_path() == tmp_path / ("b" * 300)  # naming the place is no fault; using it is
    assert _refused(ProgressStore().answers).message.key == "progress.name_too_long"
    assert misses_in_progress() == {}  # the quiz takes its plain mix; nothing is raised in the view
    panel = ProgressPanel()  # drawn, empty, saying why
    assert panel.message == render(_refused(ProgressStore().answers).message, panel.language)
    assert list(tmp_path.iterdir()) == []


def test_the_report_names_each_skipped_file_with_its_true_reason(tmp_path: Path, whole: bytes) -> None:
    good = tmp_path / "ana.progress.sqlite3"
    good.write_bytes(whole)
    half = tmp_path / "bo.progress.sqlite3"
    half.write_bytes(CUT["half"](whole))
    zeroed = tmp_path / "cy.progress.sqlite3"
    zeroed.write_bytes(whole[:60] + bytes(4) + whole[64:])
    long = tmp_path / ("d" * 300 + ".progress.sqlite3")
    report = merge([good, half, zeroed, long])
    assert report.read == [good] and report.empty == []
    assert {path: error.message.key for path, error in report.skipped} == {
        half: "progress.truncated", zeroed: "progress.header_changed", long: "progress.name_too_long"}
    for language in LANGUAGES:
        text = text_report(report, language)
        for _path, error in report.skipped:
            assert render(error.message, language) in text


def test_a_header_change_is_found_before_the_tables_are_migrated(tmp_path: Path, whole: bytes) -> None:
    """A schema-3 file whose header says schema 2 must not get schema 3's columns added again (SQLite
    would refuse half way); it is refused whole, before the write's transaction begins."""
    path = tmp_path / "ana.progress.sqlite3"
    path.write_bytes(whole[:60] + (2).to_bytes(4, "big") + whole[64:])
    error = _refused(lambda: ProgressStore(path, learner="Ana").record(3, "hand x", "1", True, skill="show"))
    assert not isinstance(error.__cause__, sqlite3.Error)  # found by the store's check, not by a failed ALTER


def test_the_teachers_live_view_names_a_file_it_cannot_look_at(tmp_path: Path) -> None:
    ana = tmp_path / "ana.progress.sqlite3"
    # Ana's file as her kernel on the hub writes it: the view counts a member's file under her own identity only.
    ProgressStore(ana, identity="hub:ana").record(3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show")
    long = tmp_path / ("b" * 300 + ".progress.sqlite3")
    members = [Member("ana", "Ana"), Member("bea", "Bea")]
    view = LiveClass(members, lambda member: [ana] if member.user == "ana" else [long])
    data = view.refresh()
    assert [(path, error.message.key) for path, error in view.problems] == [(long, "progress.name_too_long")]
    assert data.learners["hub:ana"].started and not data.learners["hub:bea"].started


def test_a_removed_working_folder_or_a_long_one_is_no_oserror_for_who_is_answering(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # a notebook's folder removed under its kernel
    store = ProgressStore(tmp_path / "mine.progress.sqlite3")
    assert store.identity == account() and store.answers() == []
    with pytest.raises(CribbageError) as caught:
        choose(account() + "#abc", "Ana")
    assert caught.value.message.key == "progress.cannot_choose"
    long = tmp_path / ("c" * 300)
    for who in (account(), account() + "#abc"):  # forgetting a choice, or keeping one, in a folder too long
        with pytest.raises(CribbageError) as caught:
            choose(who, "Ana", long)
        assert caught.value.message.key == "progress.cannot_choose", who

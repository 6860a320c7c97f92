"""Who answered, once per question, privately: the progress store's identities (the account, never the
name typed), its file names, its file modes and owners, schema 3's migration, practice and replays, and
the course's questions per stop as the lessons ask them. (Real local accounts, and a rename while another
notebook answers, start processes: tests/integration/test_processes_sharing_files.py.)"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cribbage.progress import (
    ENV,
    QUESTIONS,
    SCHEMA_VERSION,
    ProgressFileError,
    ProgressStore,
    default_path,
    file_stem,
    read_progress,
    stop_questions,
    summarize,
    system_user,
)
from cribbage.progress.report import merge
from cribbage.progress.store import _STEPS
from cribbage.registry.stops import STOPS

ROOT = Path(__file__).resolve().parents[1]


# Identity ---------------------------------------------------------------------------------------
def test_two_learners_named_gabriel_answering_alike_in_the_same_second_are_two(tmp_path):
    at = datetime(2026, 12, 3, 10, 0, 0, tzinfo=timezone.utc)
    one = ProgressStore(tmp_path / "one.sqlite3", identity="hub:gabriel.s", learner="Gabriel")
    two = ProgressStore(tmp_path / "two.sqlite3", identity="hub:gabriel.m", learner="Gabriel")
    shared = ProgressStore(tmp_path / "shared.sqlite3", identity="os:lab3#a1", learner="Gabriel")
    other = ProgressStore(tmp_path / "shared.sqlite3", identity="os:lab3#b2", learner="Gabriel")
    for store in (one, two, shared, other):
        store.record(3, "hand 1", "12", True, skill="show", at=at)
    report = merge([tmp_path / "one.sqlite3", tmp_path / "two.sqlite3", tmp_path / "shared.sqlite3"])
    assert len(report.learners) == 4
    assert sorted(progress.total.asked for progress in report.learners.values()) == [1, 1, 1, 1]
    assert {progress.name for progress in report.learners.values()} == {"Gabriel"}


def test_a_rename_touches_only_the_learners_own_rows(tmp_path):
    path = tmp_path / "lab.sqlite3"
    ana, bea = ProgressStore(path, identity="os:lab#1", learner="Ana"), ProgressStore(path, identity="os:lab#2",
                                                                                       learner="Ana")
    ana.record(3, "hand 1", "12", True, skill="show")
    bea.record(3, "hand 1", "10", False, skill="show")
    bea.set_learner("Ana Beatriz")  # the second Ana corrects her name: the first is untouched
    assert [(a.learner_id, a.learner) for a in ana.answers(everyone=True)] == [("os:lab#1", "Ana"),
                                                                              ("os:lab#2", "Ana Beatriz")]


def test_names_become_distinct_safe_file_names_in_the_class_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path))
    names = ["..", "/", "👩‍🎓", "🂡" * 80, "$_$", "learner", ".", "a/../b", "Ana María", "ana_maría"]
    paths = [default_path(identity=f"hub:{name}") for name in names] + [default_path(name) for name in names]
    assert len(set(paths)) == len(paths)
    for path in paths:
        assert path.parent == tmp_path and re.fullmatch(r"[A-Za-z0-9_-]+\.progress\.sqlite3", path.name), path
        assert path.name != "learner.progress.sqlite3" and len(path.name) < 80
    for name in names:  # each writes its own file, read back as its own
        ProgressStore(identity=f"hub:{name}", learner=name[:80]).record(3, "hand", "1", True, skill="show")
    assert len(list(tmp_path.iterdir())) == len(names)
    for name in names:
        (answer,) = ProgressStore(identity=f"hub:{name}").answers()
        assert answer.learner == name[:80] and answer.learner_id == f"hub:{name}"
    assert file_stem("hub:ana") != file_stem("os:ana")


def test_a_learner_on_a_shared_account_picks_who_they_are_and_gets_their_own_file(tmp_path, monkeypatch):
    from widgets.progress.panel import ProgressPanel

    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv(ENV, str(tmp_path / "data" / "progress.sqlite3"))
    copy = tmp_path / "course"
    (copy / "start").mkdir(parents=True)
    monkeypatch.chdir(copy)
    first = ProgressStore()  # the account's own
    first.record(0, QUESTIONS[0].item, "12", True, skill="show")
    panel = ProgressPanel()
    assert panel.rows[0][1] == "done"
    panel._new_name.value = "Gabriel"
    panel._new.click()
    assert panel.message == "In this copy of the course, answers are now kept as Gabriel."
    gabriel = panel.store
    assert gabriel.identity.startswith(f"os:{system_user()}#") and gabriel.path != first.path
    assert panel.rows[0][1] == "not started"  # the first learner's results are not shown to the second
    # Every notebook of this copy (the start page one folder down too) now answers as Gabriel.
    assert ProgressStore().identity == gabriel.identity
    monkeypatch.chdir(copy / "start")
    assert ProgressStore().identity == gabriel.identity
    monkeypatch.chdir(copy)
    ProgressStore().record(0, QUESTIONS[0].item, "10", False, skill="show")
    assert [a.learner for a in gabriel.answers()] == ["Gabriel"] and len(first.answers()) == 1
    # A second Gabriel is a second learner, with a file of their own.
    panel._new_name.value = "Gabriel"
    panel._new.click()
    assert panel.store.identity != gabriel.identity and panel.store.path != gabriel.path
    # The list offers this account's learners; picking one continues as them.
    options = dict(panel._others.options)
    assert set(options.values()) >= {first.identity, gabriel.identity}
    panel.switch_to(gabriel.identity)
    assert panel.store.identity == gabriel.identity and panel.rows[0][2:] == (0, 1, 1, 0)
    panel.switch_to(first.identity)
    assert ProgressStore().identity == first.identity and panel.rows[0][1] == "done"
    assert not (copy / ".cribbage-learner.json").exists()  # the account itself needs no choice kept
    panel.switch_to("os:someone-else")
    assert panel.message == "Pick one of the learners in the list first."


def test_a_choice_made_under_another_account_is_not_taken(tmp_path, monkeypatch):
    from cribbage.progress import account, chosen

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".cribbage-learner.json").write_text(json.dumps({"id": "os:someone#1", "name": "Eve"}))
    assert chosen() is None and ProgressStore().identity == account()


# Each question once ----------------------------------------------------------------------------
def test_a_try_it_cell_run_again_with_the_same_answer_is_not_a_new_answer(tmp_path, monkeypatch):
    from widgets.drills.exercise import HandQuestion, reset_tries

    monkeypatch.setenv(ENV, str(tmp_path / "p.sqlite3"))
    monkeypatch.delenv("CRIBBAGE_EXERCISE_ANSWERS", raising=False)
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/ana/course/00_start_here.ipynb")
    reset_tries()
    question = HandQuestion("5C 5D 6H 7S", "4C")
    assert question.answer == 14
    question.check(14)            # right at the first try
    question.check(14)            # the cell run again
    reset_tries()                 # a restarted kernel: Restart & Run All replays the filled cell
    HandQuestion("5C 5D 6H 7S", "4C").check(14)
    kept = ProgressStore().answers()
    assert [(a.answer, a.correct, a.practice) for a in kept] == [("14", True, False)]
    assert summarize(kept)[kept[0].learner_id].done(0)


def test_a_rerun_after_the_answer_was_shown_never_marks_anything_right(tmp_path, monkeypatch):
    from widgets.drills.exercise import HandQuestion, reset_tries

    monkeypatch.setenv(ENV, str(tmp_path / "p.sqlite3"))
    monkeypatch.delenv("CRIBBAGE_EXERCISE_ANSWERS", raising=False)
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/ana/course/00_start_here.ipynb")
    reset_tries()
    question = HandQuestion("5C 5D 6H 7S", "4C")
    assert question.check(10).status == "not yet"
    assert question.check(11).status == "answer"        # the answer is shown
    assert question.check(14).status == "right"         # typed from the answer shown
    reset_tries()
    HandQuestion("5C 5D 6H 7S", "4C").check(14)          # Run All in a new kernel: nothing new
    kept = ProgressStore().answers()
    assert [(a.answer, a.practice, a.revealed) for a in kept] == [("10", False, False), ("11", True, True),
                                                                   ("14", True, False)]
    progress = summarize(kept)[kept[0].learner_id]
    assert not progress.done(0) and progress.questions(0) == (0, 1)
    assert (progress.stops[0].asked, progress.stops[0].right, progress.practice[0].asked) == (1, 0, 2)


def test_stops_with_one_question_are_not_done_by_rerunning_one_answer(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3", learner="Ana")
    store.record(6, "hands scoring 29", "4", True, skill="statistics")
    for _ in range(3):
        store.record(2, "play: 6♣ 6♦ 3♥ 6♠", "6", True, skill="play")
    progress = summarize(store.answers())["name:Ana"]
    assert progress.done(6) and not progress.done(2) and progress.questions(2) == (1, 2)
    assert progress.stops[2].asked == 1 and progress.practice[2].asked == 2


def test_the_questions_per_stop_are_those_the_lessons_ask():
    """Built again from the English notebooks: each try-it's key (and the guided hands'), in its cell."""
    from widgets.drills import exercise
    from widgets.table.guided import GUIDED_HANDS

    found = []
    for stop in STOPS:
        notebook = json.loads((ROOT / "course" / stop.notebook).read_text())
        lead = None   # the last Markdown cell: the words that ask the question below it
        for cell in notebook["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                lead = cell["id"]
            made = re.match(r"\w+ = (\w+Question\(.*\))\s*$", source.splitlines()[0]) if cell["cell_type"] == "code" \
                else None
            if made:
                found.append((stop.number, cell["id"], lead, eval(made.group(1), vars(exercise)).key))
            guided = re.match(r"GameTable\.guided\((\d)\)", source) if cell["cell_type"] == "code" else None
            if guided:
                hand = GUIDED_HANDS[int(guided.group(1)) - 1]
                found.append((stop.number, cell["id"], lead, f"guided hand {hand.title('en')}"))
    assert found == [(q.stop, q.cell, q.lead, q.item) for q in QUESTIONS]
    assert [(q.stop, q.cell, q.lead, q.item) for stop in STOPS for q in stop_questions(stop.number)] == found
    assert [stop.name for stop in STOPS if not stop.questions] == ["statistics_lab"]   # read, never "done"


# Schema 3 ----------------------------------------------------------------------------------------
def _schema_two(path: Path, saved: str | None) -> None:
    with sqlite3.connect(path) as conn:
        for step in (1, 2):
            for statement in _STEPS[step]:
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 2")
        if saved:
            conn.execute("INSERT INTO meta (key, value) VALUES ('learner', ?)", (saved,))
        conn.executemany("INSERT INTO answers (learner, stop, item, answer, correct, at, skill, kinds, missed)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [(saved or system_user(), 3, "hand 1", "8", 0, "2026-11-01T10:00:00+00:00", "show", "", 2),
                          (saved or system_user(), 3, "hand 1", "10", 1, "2026-11-01T10:01:00+00:00", "show", "", 0),
                          ("Carla", 3, "hand 1", "10", 1, "2026-11-01T10:02:00+00:00", "show", "", 0)])
    conn.close()


@pytest.mark.parametrize("saved", [None, "Beatriz"])
def test_a_schema_two_file_is_read_and_migrated_its_owner_keeping_their_answers(tmp_path, monkeypatch, saved):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    path = tmp_path / "old.sqlite3"
    _schema_two(path, saved)
    before = path.read_bytes()
    store = ProgressStore(path)  # the account that wrote it
    name = saved or system_user()
    assert [(a.learner, a.practice) for a in store.answers()] == [(name, False), (name, True)]
    assert store.version() == 2 and path.read_bytes() == before and store.learner == name
    assert [a.learner_id for a in read_progress(path).answers] == [f"name:{name}", f"name:{name}", "name:Carla"]
    store.record(3, "hand 2", "12", True, skill="show")
    assert store.version() == SCHEMA_VERSION == 3
    assert [(a.learner, a.item, a.practice) for a in store.answers()] == [(name, "hand 1", False),
                                                                          (name, "hand 1", True),
                                                                          (name, "hand 2", False)]
    carla = store.answers(identity="name:Carla")
    assert [(a.learner, a.practice) for a in carla] == [("Carla", False)]


def test_an_empty_file_is_read_with_a_note(tmp_path):
    path = tmp_path / "ana.progress.sqlite3"
    path.touch()
    read = read_progress(path)
    assert read.answers == [] and read.note is not None and read.note.key == "progress.empty"
    assert str(path) in str(read.note.values.get("path", ""))


# Privacy -----------------------------------------------------------------------------------------
def test_files_are_created_private_whatever_the_umask(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "class" / "sub") + "/")
    old = os.umask(0)
    try:
        store = ProgressStore(identity="hub:ana", learner="Ana")
        store.record(3, "hand", "1", True, skill="show")
    finally:
        os.umask(old)
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "class").stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "class" / "sub").stat().st_mode) == 0o700
    store.path.chmod(0o644)  # a file of theirs made readable by others is made private again at the next write
    store.record(3, "hand 2", "1", True, skill="show")
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_a_file_another_account_owns_is_refused_with_the_stores_message(tmp_path, monkeypatch):
    """Ownership checked with a fake owner (the file's real owner is this account): the store compares the
    owner with the effective user, which is what the test changes."""
    path = tmp_path / "ana.sqlite3"
    ProgressStore(path, identity="hub:ana").record(3, "hand", "1", True, skill="show")
    before = path.read_bytes()
    monkeypatch.setattr(os, "geteuid", lambda: path.stat().st_uid + 4242)
    store = ProgressStore(path, identity="hub:ana")
    for act in (lambda: store.record(3, "hand 2", "1", True, skill="show"), store.answers, store.saved_learner):
        with pytest.raises(ProgressFileError) as caught:
            act()
        assert caught.value.message.key == "progress.not_yours" and str(path) in str(caught.value)
    assert path.read_bytes() == before
    assert len(read_progress(path).answers) == 1  # the teacher still reads it

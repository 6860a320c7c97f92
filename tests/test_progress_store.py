"""The progress store: its schema, a migration from schema 1, files that are not ours, and records it
refuses. (Concurrent writers and read-only folders, seen from other processes:
tests/integration/test_processes_sharing_files.py.)"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cribbage import CribbageError
from cribbage.lang.messages import render
from cribbage.progress import (
    APPLICATION_ID,
    ENV,
    SCHEMA_VERSION,
    ProgressError,
    ProgressFileError,
    ProgressStore,
    default_path,
    open_read_only,
    system_user,
)
from cribbage.progress.store import _STEPS
from cribbage.registry.languages import CODES


def test_a_first_answer_creates_the_file_with_the_current_schema(tmp_path):
    path = tmp_path / "sub" / "ana.sqlite3"
    store = ProgressStore(path, learner="Ana")
    assert not path.exists() and store.answers() == [] and store.version() == 0  # reading creates nothing
    kept = store.record(3, "hand 5H 5D 6H 7S / 8C", 10, False, skill="show", kinds=("fifteen.2", "run.4"),
                        missed=2)
    assert path.exists() and store.version() == SCHEMA_VERSION
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        columns = [row[1] for row in conn.execute("PRAGMA table_info(answers)")]
    assert columns == ["id", "learner", "stop", "item", "answer", "correct", "at", "skill", "kinds", "missed",
                       "learner_id", "practice", "revealed"]
    (got,) = store.answers()
    assert got == kept
    assert (got.learner, got.stop, got.answer, got.correct, got.missed, got.kinds) == \
        ("Ana", 3, "10", False, 2, ("fifteen.2", "run.4"))
    assert (got.learner_id, got.practice, got.revealed) == ("name:Ana", False, False)
    assert got.at.endswith("+00:00")


def test_the_learner_is_their_account_and_a_name_given_is_only_shown(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.identity == f"os:{system_user()}" and store.saved_learner() is None
    assert store.learner == system_user()
    store.record(3, "hand 1", "12", True, skill="show")
    ProgressStore(tmp_path / "p.sqlite3", learner="Carla").record(3, "hand 1", "10", False, skill="show")
    store.set_learner("Beatriz")
    assert [(a.learner, a.learner_id) for a in store.answers(everyone=True)] == \
        [("Beatriz", store.identity), ("Carla", "name:Carla")]  # her earlier answer is hers, Carla's untouched
    assert ProgressStore(tmp_path / "p.sqlite3").learner == "Beatriz"  # asked once, remembered
    store.record(1, "drill 1", "5H 5D", True, skill="discard", kinds=["keep"])
    assert [(a.learner, a.stop) for a in store.answers()] == [("Beatriz", 3), ("Beatriz", 1)]
    store.set_learner("Beatriz Souza")  # corrected: the same learner, every answer under the new name
    assert {a.learner for a in store.answers()} == {"Beatriz Souza"}
    monkeypatch.setenv("JUPYTERHUB_USER", "bsouza")  # on a hub, the hub's user is the learner
    assert ProgressStore(tmp_path / "hub.sqlite3").identity == "hub:bsouza"


def test_the_environment_names_a_file_or_a_class_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    monkeypatch.setenv(ENV, str(tmp_path))
    named = default_path(identity="hub:ana.maria")
    assert named.parent == tmp_path and named.name.startswith("ana_maria-") and named.name.endswith(".progress.sqlite3")
    assert default_path("Ana Mar\u00eda") != named  # a name typed is never an account's file
    monkeypatch.delenv(ENV)
    assert default_path().name == "progress.sqlite3" and "cribbage-course" in str(default_path())


def test_reset_forgets_one_stop_of_one_learner(tmp_path):
    path = tmp_path / "p.sqlite3"
    ana, bea = ProgressStore(path, learner="Ana"), ProgressStore(path, learner="Bea")
    for store in (ana, bea):
        store.record(2, "play 1", "7S", True, skill="play", kinds=["play.fifteen"])
        store.record(3, "hand 1", "12", True, skill="show")
    assert ana.reset(3) == 1
    assert [(a.learner, a.stop) for a in ana.answers(everyone=True)] == [("Ana", 2), ("Bea", 2), ("Bea", 3)]


@pytest.mark.parametrize("call, key", [
    (lambda s: s.record(9, "x", "1", True, skill="show"), "progress.bad_stop"),
    (lambda s: s.record(True, "x", "1", True, skill="show"), "progress.bad_stop"),
    (lambda s: s.record(3, "", "1", True, skill="show"), "progress.bad_text"),
    (lambda s: s.record(3, "x" * 201, "1", True, skill="show"), "progress.bad_text"),
    (lambda s: s.record(3, "x", "1", True, skill="counting"), "progress.bad_skill"),
    (lambda s: s.record(3, "x", "1", True, skill="show", kinds=["fiften"]), "progress.bad_kind"),
    (lambda s: s.record(3, "x", "1", False, skill="show", missed=-2), "progress.bad_missed"),
    (lambda s: s.reset(-1), "progress.bad_stop"),
])
def test_a_bad_record_is_refused_and_nothing_is_written(tmp_path, call, key):
    store = ProgressStore(tmp_path / "p.sqlite3", learner="Ana")
    with pytest.raises(ProgressError) as caught:
        call(store)
    assert isinstance(caught.value, CribbageError) and caught.value.message.key == key
    assert all(render(caught.value.message, lang) for lang in CODES)
    assert not (tmp_path / "p.sqlite3").exists()


def _schema_one(path: Path) -> None:
    """A file as schema 1 wrote it: answers without skill, kinds or points missed."""
    with sqlite3.connect(path) as conn:
        for statement in _STEPS[1]:
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.executemany("INSERT INTO answers (learner, stop, item, answer, correct, at) VALUES (?, ?, ?, ?, ?, ?)",
                         [("Ana", 1, "drill 1", "5H 5D", 1, "2026-11-01T10:00:00+00:00"),
                          ("Ana", 3, "hand 2", "8", 0, "2026-11-01T10:05:00+00:00")])
    conn.close()


def test_a_schema_one_file_is_read_as_it_is_and_migrated_on_the_first_write(tmp_path):
    path = tmp_path / "old.sqlite3"
    _schema_one(path)
    before = path.read_bytes()
    store = ProgressStore(path, learner="Ana")
    old = store.answers()
    assert [(a.stop, a.skill, a.kinds, a.missed, a.correct) for a in old] == \
        [(1, "discard", (), 0, True), (3, "show", (), 0, False)]
    assert store.version() == 1 and path.read_bytes() == before  # reading migrates nothing
    store.record(3, "hand 3", "12", True, skill="show", kinds=["pair"])
    assert store.version() == SCHEMA_VERSION
    assert [(a.item, a.skill, a.kinds) for a in store.answers()] == \
        [("drill 1", "discard", ()), ("hand 2", "show", ()), ("hand 3", "show", ("pair",))]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert "answers_by_stop" in {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO answers (text) VALUES ('a grocery list')")
    conn.close()


def _newer(path: Path) -> None:
    ProgressStore(path, learner="Ana").record(3, "hand", "1", True, skill="show")
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()


def _damaged(path: Path) -> None:
    store = ProgressStore(path, learner="Ana")
    for i in range(40):  # enough rows for a few pages, one of which is then overwritten
        store.record(3, f"hand {i}", "x" * 500, True, skill="show")
    data = path.read_bytes()
    path.write_bytes(data[:4096] + b"\xff" * 4096 + data[8192:])


@pytest.mark.parametrize("make, key", [
    (lambda p: p.write_text("learner,stop\nAna,3\n"), "progress.not_database"),
    (lambda p: p.write_bytes(os.urandom(5000)), "progress.not_database"),
    (_foreign, "progress.foreign"),
    (_newer, "progress.newer"),
    (_damaged, "progress.damaged"),
])
def test_a_file_that_is_not_ours_is_refused_and_never_overwritten(tmp_path, make, key):
    path = tmp_path / "p.sqlite3"
    make(path)
    before = path.read_bytes()
    store = ProgressStore(path, learner="Ana")
    for act in (lambda: store.record(3, "hand", "12", True, skill="show"), lambda: store.reset(3),
                lambda: store.set_learner("Bea"), lambda: open_read_only(path)):
        with pytest.raises(ProgressFileError) as caught:
            act()
        assert caught.value.message.key == key, caught.value
        assert str(path) in str(caught.value)
    if key != "progress.damaged":  # a damaged page is found when it is read
        with pytest.raises(ProgressFileError):
            store.answers()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.sqlite3"]  # no journal left behind either

"""The progress store says what really went wrong: a full disk, a read-only file and a damaged file
each have their own message, with SQLite's own error kept (as the message's detail or the exception's
cause), never hidden by a ROLLBACK that fails after SQLite rolled back by itself. A first write that
fails leaves no empty file behind.

How each failure is made, honestly:

- **A full disk** is SQLite's ``PRAGMA max_page_count`` set on the store's own connection to the pages
  the file already has: the next page SQLite needs fails with ``SQLITE_FULL``, "database or disk is
  full", the very error (code and text) a full file system gives, and SQLite rolls the transaction
  back itself, as it does on a full disk. The file system itself is not filled (no tmpfs, no root).
- **A read-only file** is opened read-only by SQLite (``mode=ro``), as SQLite opens a file whose
  permissions forbid writing; a ``chmod`` would not stop root, who runs these tests in containers.
- **A damaged file** is a real progress file with a page overwritten by garbage.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cribbage.lang.messages import LANGUAGES, render
from cribbage.progress import ProgressError, ProgressFileError, ProgressStore, open_read_only


def _record(store: ProgressStore, n: int = 1, *, item: str = "q") -> None:
    for i in range(n):
        store.record(1, f"{item}{i}", "x" * 400, True, skill="show")


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection the store opens to write may not grow its file by a single page."""
    connect = ProgressStore._connect

    def no_room(self: ProgressStore, *, read_only: bool) -> sqlite3.Connection:
        conn = connect(self, read_only=read_only)
        if not read_only:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    monkeypatch.setattr(ProgressStore, "_connect", no_room)


def _said_everywhere(err: ProgressFileError) -> None:
    for language in LANGUAGES:
        assert render(err.message, language)


def test_a_full_disk_is_said_as_a_full_disk_and_the_file_stays_whole(tmp_path: Path, full_disk: None,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ana.progress.sqlite3"
    store = ProgressStore(path, learner="Ana")
    monkeypatch.undo()  # the first answers fit
    _record(store, 3)
    before = store.answers()
    connect = ProgressStore._connect

    def no_room(self: ProgressStore, *, read_only: bool) -> sqlite3.Connection:
        conn = connect(self, read_only=read_only)
        if not read_only:
            conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
        return conn

    monkeypatch.setattr(ProgressStore, "_connect", no_room)
    with pytest.raises(ProgressFileError) as caught:
        _record(store, 200, item="more")  # sooner or later a page more is needed
    err = caught.value
    assert err.message.key == "progress.disk_full", str(err)
    assert "no space is left on the disk" in str(err)   # the catalogue's words, not SQLite's English
    assert "rollback" not in str(err).lower()
    assert isinstance(err.__cause__, sqlite3.OperationalError)
    assert "full" in str(err.__cause__)
    _said_everywhere(err)
    monkeypatch.undo()
    # Every answer that was recorded is there, and the file is sound.
    kept = store.answers()
    assert kept[:3] == before and len(kept) >= 3
    assert open_read_only(path) == kept
    _record(store, 1, item="after")  # room again: writing goes on
    assert len(store.answers()) == len(kept) + 1


def test_a_new_learner_on_a_full_disk_leaves_no_empty_file(tmp_path: Path, full_disk: None) -> None:
    path = tmp_path / "bo.progress.sqlite3"
    with pytest.raises(ProgressFileError) as caught:
        _record(ProgressStore(path, learner="Bo"))
    assert caught.value.message.key == "progress.disk_full"
    assert not path.exists(), "a 0-byte progress file was left behind"
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_file_is_said_as_read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cy.progress.sqlite3"
    store = ProgressStore(path, learner="Cy")
    _record(store, 2)
    connect = ProgressStore._connect
    monkeypatch.setattr(ProgressStore, "_connect", lambda self, *, read_only: connect(self, read_only=True))
    with pytest.raises(ProgressFileError) as caught:
        _record(store, 1, item="more")
    err = caught.value
    assert err.message.key == "progress.read_only", str(err)
    assert "readonly" in str(err.__cause__).lower()
    _said_everywhere(err)
    monkeypatch.undo()
    assert len(store.answers()) == 2


def test_a_damaged_file_is_said_as_damaged_with_sqlites_words(tmp_path: Path) -> None:
    path = tmp_path / "di.progress.sqlite3"
    store = ProgressStore(path, learner="Di")
    _record(store, 40)  # a few pages
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page: 2 * page] = b"\xa5" * page  # page 2 (the answers' table) overwritten with garbage
    path.write_bytes(bytes(data))
    with pytest.raises(ProgressFileError) as caught:
        _record(store, 1, item="more")
    err = caught.value
    assert err.message.key in ("progress.damaged", "progress.not_database"), str(err)
    assert err.message.key not in ("progress.disk_full", "progress.read_only")
    _said_everywhere(err)
    assert path.read_bytes() == bytes(data), "a damaged file must be left untouched"


@pytest.mark.parametrize("field, value", [("learner", "\udcff"), ("learner", "a\x00b"), ("item", "q\ud800"),
                                          ("answer", "1\x002"), ("answer", 10**5000)],
                         ids=["surrogate-name", "nul-name", "surrogate-item", "nul-answer", "huge-answer"])
def test_odd_text_is_refused_in_the_stores_words_before_the_file_is_opened(tmp_path: Path, field: str,
                                                                           value: object) -> None:
    path = tmp_path / "odd.progress.sqlite3"
    with pytest.raises(ProgressError) as caught:
        if field == "learner":
            ProgressStore(path, learner=value).record(1, "q", "1", True, skill="show")  # type: ignore[arg-type]
        else:
            kwargs = {"item": "q", "answer": "1", field: value}
            ProgressStore(path, learner="Ed").record(1, kwargs["item"], kwargs["answer"], True, skill="show")
    assert caught.value.message.key in ("progress.odd_text", "progress.bad_text")
    assert not path.exists()
    with pytest.raises(ProgressError):
        ProgressStore(path, learner="Ed").set_learner("\udcff")
    assert not path.exists()

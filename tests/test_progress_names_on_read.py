"""A progress file as the teacher's view and the class's service read it. A display name is at most 80
characters on read as on write: a file written by hand (a learner can write her own with sqlite3) with a
5,000-character name reads with that name cut, in the answers and in the learners the report and the
teacher's view list. The service counts a learner's answers without reading them."""

from __future__ import annotations

import sqlite3

from cribbage.progress.store import ProgressStore, read_progress


def test_a_name_written_by_hand_past_80_characters_is_cut_on_read(tmp_path):
    path = tmp_path / "p.sqlite3"
    ProgressStore(path, identity="hub:ana", learner="Ana").record(0, "game", "121-99", True, skill="game")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE learners SET name = ?", ("W" * 5000,))
        conn.execute("UPDATE answers SET learner = ?", ("W" * 5000,))
    read = read_progress(path)
    assert [len(name) for name in read.learners.values()] == [80]
    assert [len(answer.learner) for answer in read.answers] == [80]


def test_an_identitys_answers_are_counted_without_reading_them(tmp_path):
    path = tmp_path / "class.sqlite3"
    assert ProgressStore(path, identity="hub:ana").count() == 0
    for who, many in (("hub:ana", 3), ("hub:bea", 2)):
        for _ in range(many):
            ProgressStore(path, identity=who).record(0, "game", "121-99", True, skill="game")
    assert ProgressStore(path, identity="hub:ana").count() == 3
    assert ProgressStore(path, identity="hub:ana").count("hub:bea") == 2

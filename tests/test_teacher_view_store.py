"""The teacher's view with ``--store``: the class's answers come from the progress service's one store,
read once per refresh for the whole class; nothing a learner writes in her own file counts."""

from __future__ import annotations

from cribbage.progress.live import LiveClass
from cribbage.progress.roster import Member
from cribbage.progress.store import ProgressStore


def test_the_view_reads_the_one_store_once_and_nothing_else(tmp_path):
    members = [Member("ana", "Ana Souza"), Member("bea", "Bea")]
    store = tmp_path / "progress.sqlite3"
    ProgressStore(store, identity="hub:ana", learner="Ana Souza").record(0, "game", "121-99", True, skill="game")
    ProgressStore(store, identity="hub:bea", learner="Bea").record(0, "game", "99-121", False, skill="game")
    # What Ana forges in a file of her own: another answer of Bea's, a learner of her making.
    forged = tmp_path / "ana-own.sqlite3"
    ProgressStore(forged, identity="hub:bea").record(0, "game", "121-0", True, skill="game")
    ProgressStore(forged, identity="hub:ana#x").set_learner("<script>")
    # Ana's own file is where the view would look without --store: with it, only the one store is read.
    data = LiveClass(members, lambda member: [forged], store=store).refresh()
    assert sorted(data.learners) == ["hub:ana", "hub:bea"]  # read once: no answer twice, no learner added
    assert [a.answer for a in data.learners["hub:bea"].answers] == ["99-121"]

"""The class list and the teacher's live view, without a hub: who is listed, what the page says in each
language, what the projector never shows, and that a refresh reads again only the files that changed."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from cribbage.progress import ProgressError, ProgressStore
from cribbage.progress.live import LiveClass, language_of, live_document, live_fragment
from cribbage.progress.roster import Member, parse_roster, read_roster

NOW = datetime(2026, 12, 3, 10, 0, 0, tzinfo=timezone.utc)


def test_a_class_list_from_any_spreadsheet():
    semicolons = "\ufeffUsuario;Nombre\nana;Ana Souza\nbea;Beatriz $Lima$\n"
    assert parse_roster(semicolons) == [Member("ana", "Ana Souza"), Member("bea", "Beatriz $Lima$")]
    assert parse_roster("username,display_name\ncaio,\n") == [Member("caio", "caio")]
    assert Member("ana", "Ana").identity == "hub:ana"


@pytest.mark.parametrize(("text", "says"), [
    ("", "is empty"),
    ("name\nAna\n", "has no username column"),
    ("username,display_name\nAna Souza,Ana\n", "line 2: ‘Ana Souza’ is not a user name"),
    ("username,display_name\n../root,x\n", "line 2: ‘../root’ is not a user name"),
    ("username,display_name\nana,A\nana,B\n", "line 3: the user ana is listed twice"),
])
def test_a_bad_class_list_is_refused_with_its_line(text, says):
    with pytest.raises(ProgressError, match=says):
        parse_roster(text, "class.csv")


def test_a_class_list_that_is_not_text(tmp_path):
    path = tmp_path / "class.csv"
    path.write_bytes(b"username\n\xff\xfe")
    with pytest.raises(ProgressError, match="is not UTF-8"):
        read_roster(path)
    with pytest.raises(ProgressError, match="cannot read the class list"):
        read_roster(tmp_path / "missing.csv")


def _hub_answer(path: Path, user: str, name: str, item: str, right: bool, at: datetime, stop: int = 3,
                monkeypatch=None) -> None:
    """An answer as the learner's kernel on the hub records it (JUPYTERHUB_USER set by the hub)."""
    old = os.environ.get("JUPYTERHUB_USER")
    os.environ["JUPYTERHUB_USER"] = user
    try:
        store = ProgressStore(path)
        store.set_learner(name)
        store.record(stop, item, "12" if right else "10", right, skill="show", kinds=["fifteen.2", "pair", "run.4"],
                     at=at)
    finally:
        if old is None:
            del os.environ["JUPYTERHUB_USER"]
        else:
            os.environ["JUPYTERHUB_USER"] = old


@pytest.fixture
def live(tmp_path) -> tuple[LiveClass, dict[str, Path]]:
    members = [Member("ana", "Ana Souza"), Member("bea", "Beatriz"), Member("caio", "=Caio")]
    files = {m.user: tmp_path / m.user / "progress.sqlite3" for m in members}
    return LiveClass(members, lambda member: [files[member.user]] if files[member.user].exists() else []), files


def test_the_roster_lists_everyone_and_follows_the_answers(live):
    view, files = live
    assert [learner.started for learner in view.refresh().ordered()] == [False, False, False]
    _hub_answer(files["ana"], "ana", "Ana", "hand 5H 5D 6H 7S / 8C", False, NOW - timedelta(minutes=3))
    _hub_answer(files["ana"], "ana", "Ana", "hand 7H 7D 8S 8C / 9C", True, NOW - timedelta(minutes=1), stop=0)
    data = view.refresh()
    ana = data.learners["hub:ana"]
    assert (ana.name, ana.current_stop, ana.minutes_spent, ana.total.asked, ana.total.right) == ("Ana Souza", 0, 2, 2, 1)
    page = live_fragment(data, "en", now=NOW)
    assert '<tr data-learner="hub:ana"><th scope="row">Ana Souza</th><td class="n">0</td><td>1 minute ago</td>' in page
    assert page.count("not started") == 3  # the stops' table, Beatriz and =Caio
    assert "=Caio" in page and "1 of 3 learners has started" in page


def test_a_refresh_reads_only_the_files_that_changed(live, monkeypatch):
    view, files = live
    _hub_answer(files["bea"], "bea", "Bea", "hand 5H 5D 6H 7S / 8C", True, NOW)
    view.refresh()
    read: list[Path] = []
    from cribbage.progress import live as module

    original = module.read_progress
    monkeypatch.setattr(module, "read_progress", lambda path: read.append(path) or original(path))
    view.refresh()
    assert read == []
    _hub_answer(files["bea"], "bea", "Bea", "hand 7H 7D 8S 8C / 9C", True, NOW + timedelta(seconds=5))
    assert view.refresh().learners["hub:bea"].total.asked == 2 and read == [files["bea"]]


def test_a_damaged_file_is_named_and_the_class_still_shows(live):
    view, files = live
    files["caio"].parent.mkdir()
    files["caio"].write_text("not a database")
    data = view.refresh()
    assert [path for path, _error in view.problems] == [files["caio"]]
    assert not data.learners["hub:caio"].started


def test_the_projector_shows_no_name(live):
    view, files = live
    _hub_answer(files["ana"], "ana", "Ana", "hand 5H 5D 6H 7S / 8C", False, NOW)
    page = live_fragment(view.refresh(), "en", projector=True, now=NOW)
    assert "The class by item kind" in page and "stop 3" in page
    for name in ("Ana", "Beatriz", "Caio", "hub:"):
        assert name not in page


@pytest.mark.parametrize(("language", "words"), [
    ("es", ("La clase ahora", "sin empezar", "acierto al primer intento", "Vista para el proyector")),
    ("pt", ("A turma agora", "não começou", "acerto na primeira tentativa", "Visão para o projetor")),
])
def test_the_page_in_the_teachers_language(live, language, words):
    view, files = live
    _hub_answer(files["ana"], "ana", "Ana", "hand 5H 5D 6H 7S / 8C", True, NOW)
    page = live_document(live_fragment(view.refresh(), language, now=NOW), "fragment", language,
                         other_view="?view=projector")
    assert f'<html lang="{language}">' in page
    for word in words:
        assert word in page


def test_the_teachers_language():
    assert language_of(None, "pt-BR,pt;q=0.9,en;q=0.8") == "pt"
    assert language_of("es", "pt-BR") == "es"
    assert language_of("fr", "fr-FR,de;q=0.5") == "en"
    assert language_of(None, None) == "en"

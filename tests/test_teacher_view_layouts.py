"""The teacher sees which lessons a learner has open, from the layout JupyterLab saved in the learner's home
(the tabs, and the one in front), read only from a regular file the learner owns, never through a link,
never a huge one, and never failing on a damaged one: without a layout, the latest answer's stop, said to be
a guess."""

from __future__ import annotations

import json
import os
import pwd
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cribbage.lang.messages import message, render
from cribbage.progress import ProgressStore
from cribbage.progress.gradebook import gradebook_page, learner_page
from cribbage.progress.layout import OpenLessons, open_lessons
from cribbage.progress.live import LiveClass
from cribbage.progress.roster import Member
from cribbage.registry.stops import STOPS
from hub import teacher_view

ANA = Member("ana", "Ana Souza")
AT = datetime(2026, 12, 3, 10, 0, 0, tzinfo=timezone.utc)
# Where the hub's JupyterLab saves the layout: its default workspace folder in the learner's home.
HUB_LAYOUTS = Path(".jupyter/lab/workspaces")


def _title(stop: int, language: str) -> str:
    return render(message(STOPS[stop].title), language)


def layout(*tabs: str, current: str | None = None, root: str = "cribbage-course/") -> dict[str, object]:
    """A workspace as JupyterLab 4 saves it: the main area split in two areas of tabs, ``current`` in front."""
    ids = [f"notebook:{root}{tab}" for tab in tabs]
    half = max(1, len(ids) // 2)
    return {"data": {"layout-restorer:data": {
                "main": {"dock": {"type": "split-area", "orientation": "horizontal", "sizes": [0.5, 0.5], "children": [
                    {"type": "tab-area", "currentIndex": 0, "widgets": ids[:half]},
                    {"type": "tab-area", "currentIndex": 0, "widgets": [*ids[half:], "terminal:1"]}]},
                         "current": f"notebook:{root}{current}" if current else None},
                "left": {"collapsed": True, "visible": True, "widgets": ["filebrowser"]}},
                **{tab_id: {"data": {"path": tab_id.removeprefix("notebook:"), "factory": "Notebook"}} for tab_id in ids}},
            "metadata": {"id": "default"}}


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """Ana's home, with her copy of the course; she answered once, at stop 1."""
    (tmp_path / "ana" / "cribbage-course").mkdir(parents=True)
    me = pwd.getpwuid(os.getuid())
    monkeypatch.setattr(teacher_view.pwd, "getpwnam", lambda name: pwd.struct_passwd(
        (name, "x", me.pw_uid, me.pw_gid, "", str(tmp_path / name), "/bin/sh")))
    return tmp_path / "ana"


def _save(home: Path, content: dict[str, object] | bytes, name: str = "default-37a8",
          folder: Path = HUB_LAYOUTS) -> Path:
    path = home / folder / f"{name}.jupyterlab-workspace"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode("utf-8"))
    return path


def _learner(tmp_path: Path):
    store = ProgressStore(tmp_path / "progress.sqlite3", identity="hub:ana")
    store.record(1, "six AC 4D 6H 9S JD KC (dealer)", "JD KC", True, skill="discard", kinds=("keep",), at=AT)
    live = LiveClass([ANA], lambda member: [tmp_path / "progress.sqlite3"])
    return live.refresh().learners["hub:ana"]


def test_two_lessons_open_and_the_one_in_front(home, tmp_path):
    # Ana reads stop 4 without having answered there yet: her latest answer is at stop 1.
    first, fourth = STOPS[1].notebook, STOPS[4].notebook_in("es")
    _save(home, layout(first, f"es/{fourth}", current=f"es/{fourth}"))
    found = teacher_view.layout_in_home(ANA)
    assert found is not None and (found.stops, found.front) == ((1, 4), 4)
    learner = _learner(tmp_path)
    page = learner_page(learner, "pt", notebooks=[(first, "a"), (f"es/{fourth}", "b")], layout=found)
    assert f"em primeiro plano: parada 4 · {_title(4, 'pt')}" in page
    assert f"também abertas: parada 1 · {_title(1, 'pt')}" in page
    assert "última resposta" not in page
    # The lesson in front is the first notebook listed, in bold.
    assert page.index(f"<strong>es/{fourth}</strong>") < page.index(first)
    book = gradebook_page(LiveClass([ANA], lambda member: [tmp_path / "progress.sqlite3"]).refresh(), "en",
                          layouts={"hub:ana": found})
    assert "<strong>4</strong> 1</td>" in book and f"in front: stop 4 · {_title(4, 'en')}" in book


def test_without_a_layout_the_latest_answer_is_shown_as_a_guess(home, tmp_path):
    assert teacher_view.layout_in_home(ANA) is None
    learner = _learner(tmp_path)
    page = learner_page(learner, "es", layout=None)
    assert f"deducida de su última respuesta (sin disposición guardada): parada 1 · {_title(1, 'es')}" in page
    book = gradebook_page(LiveClass([ANA], lambda member: [tmp_path / "progress.sqlite3"]).refresh(), "en")
    assert '<td class="n guess"' in book and "<em>1</em>" in book


def test_a_layout_with_no_lesson_open_says_so(home, tmp_path):
    _save(home, layout())
    found = teacher_view.layout_in_home(ANA)
    assert found is not None and found.stops == () and found.front is None
    assert "No lesson open in JupyterLab" in learner_page(_learner(tmp_path), "en", layout=found)


def test_the_layout_saved_last_counts_the_copys_own_too(home):
    # The hub's default workspace, the phone's, and the course launcher's in the copy: the newest counts.
    old = _save(home, layout(STOPS[2].notebook, current=STOPS[2].notebook))
    phone = _save(home, layout(STOPS[5].notebook, current=STOPS[5].notebook), name="cribbage-phone-73d4")
    own = _save(home, layout(STOPS[6].notebook, current=STOPS[6].notebook, root=""),
                folder=Path("cribbage-course") / ".jupyterlab-workspaces")
    for age, path in enumerate((own, phone, old)):
        os.utime(path, (1_800_000_000 - 60 * age, 1_800_000_000 - 60 * age))
    assert teacher_view.layout_in_home(ANA).front == 6
    os.utime(phone, (1_900_000_000, 1_900_000_000))
    found = teacher_view.layout_in_home(ANA)
    assert found.front == 5 and found.saved == datetime.fromtimestamp(1_900_000_000, timezone.utc).isoformat()[:19]


@pytest.mark.parametrize("content", [b'{"data": {"layout-restorer:data": {"main": ', b"\xff\xfe not text",
                                     b"[" * 100_000 + b"]" * 100_000, b"[1, 2]", b'{"data": {"layout-restorer:data": 7}}'])
def test_a_damaged_layout_counts_as_none(home, content):
    _save(home, content)
    assert teacher_view.layout_in_home(ANA) is None


def test_a_huge_layout_is_not_read(home):
    big = layout(STOPS[2].notebook, current=STOPS[2].notebook)
    big["metadata"] = {"id": "default", "padding": "x" * teacher_view.LAYOUT_MOST}
    _save(home, big)
    assert teacher_view.layout_in_home(ANA) is None


def test_a_link_is_never_followed(home, tmp_path):
    elsewhere = tmp_path / "bea.jupyterlab-workspace"
    elsewhere.write_text(json.dumps(layout(STOPS[2].notebook, current=STOPS[2].notebook)), encoding="utf-8")
    (home / HUB_LAYOUTS).mkdir(parents=True)
    (home / HUB_LAYOUTS / "default-37a8.jupyterlab-workspace").symlink_to(elsewhere)
    assert teacher_view.layout_in_home(ANA) is None
    # Nor a folder that is a link out of her home.
    (home / HUB_LAYOUTS / "default-37a8.jupyterlab-workspace").unlink()
    (home / HUB_LAYOUTS).rmdir()
    (tmp_path / "beas_folder").mkdir()
    elsewhere.rename(tmp_path / "beas_folder" / "default-37a8.jupyterlab-workspace")
    (home / HUB_LAYOUTS).symlink_to(tmp_path / "beas_folder")
    assert teacher_view.layout_in_home(ANA) is None


def test_a_file_the_learner_does_not_own_is_not_read(home, monkeypatch):
    _save(home, layout(STOPS[2].notebook, current=STOPS[2].notebook))
    assert teacher_view.layout_in_home(ANA) is not None
    # Ana's account is another uid than the file's owner: a hard link to a classmate's file looks like this.
    me = pwd.getpwuid(os.getuid())
    monkeypatch.setattr(teacher_view.pwd, "getpwnam", lambda name: pwd.struct_passwd(
        (name, "x", me.pw_uid + 1, me.pw_gid, "", str(home), "/bin/sh")))
    assert teacher_view.layout_in_home(ANA) is None


def test_a_tab_that_is_no_lesson_is_not_one():
    found = open_lessons(layout("notes.ipynb", f"other/{STOPS[3].notebook}", current="notes.ipynb"))
    assert found == OpenLessons((3,), None, "")
    assert open_lessons({"data": {"layout-restorer:data": {"main": {"dock": None}}}}) == OpenLessons((), None, "")

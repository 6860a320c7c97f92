"""The teacher's view opens a learner's notebook read-only, and only a notebook of theirs: a file of their
copy of the course that they own, never a link out of it, another account's file or a path climbing out."""

from __future__ import annotations

import json
import os
import pwd
from pathlib import Path

import pytest

from cribbage.progress.roster import Member
from hub import teacher_view

ANA = Member("ana", "Ana Souza")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """Ana's home with her copy of the course: a lesson, a lesson in a language's folder, a checkpoint."""
    course = tmp_path / "ana" / "cribbage-course"
    (course / "es").mkdir(parents=True)
    (course / ".ipynb_checkpoints").mkdir()
    notebook = {"cells": [{"cell_type": "markdown", "id": "c01", "metadata": {}, "source": "# Start <b>here</b>"},
                          {"cell_type": "code", "id": "c02", "metadata": {}, "execution_count": 1, "source": "my_total = 14",
                           "outputs": [{"output_type": "display_data", "metadata": {},
                                        "data": {"text/html": "<script>alert(1)</script>"}}]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    for path in (course / "00_start_here.ipynb", course / "es" / "00_start_here.ipynb",
                 course / ".ipynb_checkpoints" / "00_start_here-checkpoint.ipynb"):
        path.write_text(json.dumps(notebook), encoding="utf-8")
    me = pwd.getpwuid(os.getuid())
    monkeypatch.setattr(teacher_view.pwd, "getpwnam", lambda name: pwd.struct_passwd(
        (name, "x", me.pw_uid, me.pw_gid, "", str(tmp_path / name), "/bin/sh")))
    return tmp_path / "ana"


def test_a_learners_notebooks_are_listed_and_drawn_without_running_anything(home):
    assert teacher_view.notebooks_in_home(ANA) == ["00_start_here.ipynb", "es/00_start_here.ipynb"]
    page = teacher_view.notebook_html(teacher_view.read_notebook(ANA, "es/00_start_here.ipynb"))
    assert "my_total" in page and "Start" in page
    # The learner's outputs are drawn as they were saved; the service sends them under a sandbox in which
    # no script runs and nothing is fetched.
    assert "sandbox" in teacher_view.NOTEBOOK_POLICY and "script-src" not in teacher_view.NOTEBOOK_POLICY
    assert "allow-scripts" not in teacher_view.NOTEBOOK_POLICY


@pytest.mark.parametrize("asked", ["../../etc/passwd", "/etc/passwd", "es/../00_start_here.ipynb", "missing.ipynb",
                                   ".ipynb_checkpoints/00_start_here-checkpoint.ipynb", ""])
def test_only_a_listed_notebook_is_read(home, asked):
    with pytest.raises(teacher_view.Refused) as refused:
        teacher_view.read_notebook(ANA, asked)
    assert refused.value.status == 404


def test_a_link_out_of_the_course_is_never_followed(home, tmp_path):
    secret = tmp_path / "secret.ipynb"
    secret.write_text("{}", encoding="utf-8")
    (home / "cribbage-course" / "01_deal_discard_crib.ipynb").symlink_to(secret)
    assert "01_deal_discard_crib.ipynb" not in teacher_view.notebooks_in_home(ANA)
    with pytest.raises(teacher_view.Refused):
        teacher_view.read_notebook(ANA, "01_deal_discard_crib.ipynb")


def test_a_file_the_learner_does_not_own_is_refused(home, monkeypatch):
    # Ana's account is another uid than the files' owner: a hard link to a classmate's file looks like this.
    me = pwd.getpwuid(os.getuid())
    monkeypatch.setattr(teacher_view.pwd, "getpwnam", lambda name: pwd.struct_passwd(
        (name, "x", me.pw_uid + 1, me.pw_gid, "", str(home), "/bin/sh")))
    with pytest.raises(teacher_view.Refused) as refused:
        teacher_view.read_notebook(ANA, "00_start_here.ipynb")
    assert refused.value.status == 403


@pytest.mark.parametrize(("scopes", "may"), [
    (["access:services!service=teacher", teacher_view.NOTEBOOK_SCOPE], True),  # a teacher
    (["access:services", "admin:users"], False),  # an admin: the gradebook, not the notebooks
    ([], False),
])
def test_on_a_hub_only_a_login_holding_the_teachers_scope_may_read_notebooks(scopes, may):
    from unittest.mock import Mock

    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    from tornado.web import Application

    from cribbage.progress.live import LiveClass

    routes = teacher_view.handlers("/services/teacher/", LiveClass([ANA], lambda member: []), hub=True)
    page, settings = next((handler, kwargs) for path, handler, kwargs in routes if path.endswith("/notebook"))
    asked = RequestStartLine("GET", "/services/teacher/notebook", "HTTP/1.1")
    request = HTTPServerRequest(start_line=asked, headers=HTTPHeaders({"Host": "127.0.0.1"}), connection=Mock())
    view = page(Application(), request, **settings)
    view.current_user = {"name": "prof", "scopes": scopes}  # as the hub's OAuth gives the user to a service
    assert view.may_read_notebooks() is may

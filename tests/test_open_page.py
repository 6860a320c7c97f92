"""The course's entry address (machinery/open_page.py): which notebook paths it takes, where it sends a
narrow and a wide screen, that its page carries no words and cannot be broken out of, and that the
launcher and a class's hub open JupyterLab through it. (In a browser: tests/browser/test_open_by_width.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cribbage.lessons import FIRST_STOP
from cribbage.registry.languages import CODES, SOURCE
from hub import class_setup
from machinery import lab_language, open_page
from machinery.open_page import NARROW, PHONE_WORKSPACE, choosing_page, entry_url, lesson_path, targets


@pytest.mark.parametrize("path", ["00_start_here.ipynb", "start/index.ipynb", "cribbage-course/es/03_the_show.ipynb",
                                  "mi curso/01 á.ipynb"])
def test_a_notebook_inside_the_root_is_taken(path: str) -> None:
    assert lesson_path(path) == path


@pytest.mark.parametrize("path", ["", "../x.ipynb", "a/../../x.ipynb", "a/./x.ipynb", "a//x.ipynb", "/etc/x.ipynb",
                                  "//evil.example/x.ipynb", "https://evil.example/x.ipynb", "a\\..\\x.ipynb",
                                  "x.ipynb\x00.md", ".hidden/x.ipynb", "rules.md", "start/", "x.ipynb/"])
def test_anything_else_is_refused(path: str) -> None:
    assert lesson_path(path) is None


def test_narrow_screens_get_the_single_document_address() -> None:
    assert targets("/user/ana/", "cribbage-course/mi curso.ipynb") == {
        "narrow": f"/user/ana/doc/workspaces/{PHONE_WORKSPACE}/tree/cribbage-course/mi%20curso.ipynb",
        "wide": "/user/ana/lab/tree/cribbage-course/mi%20curso.ipynb",
        "workspace": f"/user/ana/lab/api/workspaces/{PHONE_WORKSPACE}"}
    assert targets("/", FIRST_STOP)["narrow"] == f"/doc/workspaces/{PHONE_WORKSPACE}/tree/{FIRST_STOP}"


def test_the_choosing_page_has_no_words_and_keeps_its_script_closed() -> None:
    page = choosing_page({"narrow": "/doc/tree/a</script><b>.ipynb", "wide": "/lab/tree/a.ipynb"}, "es",
                         xsrf="2|ab</script>")
    assert page.count("</script>") == 1, page                     # neither can end the script early
    assert f">= {NARROW}" in page and "location.replace" in page and "location.hash" in page
    shown = re.sub(r"<(script|style)>.*?</\1>", "", page, flags=re.S)
    assert not re.search(r">[^<]*[A-Za-z][^<]*<", shown), shown     # no text a learner would read


def test_the_refusal_escapes_the_link_it_was_given() -> None:
    page = open_page.refused_page('<img src=x onerror="alert(1)">.ipynb', "/user/ana/", "pt")
    assert "<img" not in page and "&lt;img" in page and 'href="/user/ana/"' in page
    assert "não existe o arquivo" in page


def test_the_refusal_speaks_the_browser_s_language_first() -> None:
    assert open_page.page_language("fr-FR,pt-BR;q=0.8,es;q=0.9", {}) == "es"
    assert open_page.page_language("fr", {"LANG": "pt_BR.UTF-8"}) == "pt"
    assert open_page.page_language("", {}) == SOURCE
    assert {open_page.page_language(code, {}) for code in CODES} == set(CODES)


def test_the_launcher_and_the_hub_open_through_the_entry(tmp_path: Path) -> None:
    arguments = lab_language.course_arguments(tmp_path / "copy")
    assert f"--LabApp.default_url={entry_url(FIRST_STOP)}" in arguments
    server = lab_language.COURSE_SERVER_CONFIG["ServerApp"]["jpserver_extensions"]
    assert server == {"machinery.open_extension": True}
    (line,) = [line for line in class_setup.CONFIG.splitlines() if line.startswith("c.Spawner.default_url")]
    assert line == f'c.Spawner.default_url = "{entry_url("cribbage-course/start/index.ipynb")}"'
    assert lesson_path("cribbage-course/start/index.ipynb")
    assert (Path(class_setup.ROOT) / "course" / "start" / "index.ipynb").is_file()

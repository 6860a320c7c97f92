"""The course's entry address chooses JupyterLab's mode by the screen's width (machinery/open_page.py).

JupyterLab is started as ``LANGUAGE=es make course`` starts it (``cribbage course --dir <copy>``, the
launcher and its default URL, here with a throw-away folder and home: test_learner_return.py's fixture), and the learner's browser opens the server's
root address, as the browser ``make course`` opens does. On a phone (390×844) the lesson comes up in
JupyterLab's single-document mode with both side bars collapsed; on a laptop (1280×800) in the usual
multiple-document mode. A lesson's link to the next stop opens it in the same mode. A tampered entry
link (outside the copy, another host, not a notebook, a notebook that is not there) gets a 404 page on
the same server that says so in the learner's language, never a redirect.

Pictures of the start page and stop 1 on a phone go to ``build/screenshots/phone/``. The server is
started once for the module and stopped by its pid.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from browser_servers import Server, settled, within_time
from lab_page import SCREENSHOTS
from playwright.sync_api import expect
from test_learner_return import LANGUAGE, NOT_LOCAL, Learner, learner  # noqa: F401  (the fixture, this module's own)

from cribbage.lang.messages import render
from cribbage.registry import stops
from machinery.open_page import ENTRY, PHONE_WORKSPACE  # (and the refusal's words)

START, FIRST = stops.STOPS[0].notebook, stops.STOPS[1].notebook
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
PICTURES = SCREENSHOTS / "phone"

# What JupyterLab's shell says of its layout (the app is exposed to the page for the test).
_SHELL = "() => { const s = window.jupyterapp.shell; return {mode: s.mode, left: s.leftCollapsed, right: s.rightCollapsed}; }"


@pytest.fixture(scope="module")
def course(request: pytest.FixtureRequest) -> Server:
    """JupyterLab as ``LANGUAGE=es make course`` starts it, on a learner's throw-away copy and home."""
    spanish: Learner = request.getfixturevalue("learner")
    return spanish.server


@pytest.fixture
def open_at(browser) -> Iterator:
    contexts = []

    def open_at(size: dict[str, int]):
        context = browser.new_context(viewport=size, locale="es-ES")
        context.route(NOT_LOCAL, lambda route: route.abort())
        contexts.append(context)
        return context.new_page()

    try:
        yield open_at
    finally:
        for context in contexts:
            within_time(context.close, "the browser context")


def _lesson_up(page, notebook: str) -> dict[str, object]:
    """Waits for ``notebook`` shown and JupyterLab's layout restored; its shell's mode and side bars."""
    expect(page.locator(".jp-NotebookPanel:visible")).to_be_visible(timeout=120_000)
    page.wait_for_function("() => window.jupyterapp.restored.then(() => true)", timeout=60_000)
    expect(page.locator(".jp-NotebookPanel:visible .jp-Cell").first).to_be_visible(timeout=60_000)
    page.wait_for_function(f"() => window.location.pathname.endsWith({json.dumps('/' + notebook)})", timeout=60_000)
    shell: dict[str, object] = page.evaluate(_SHELL)
    return shell


def test_a_phone_gets_one_lesson_filling_the_screen(course: Server, open_at) -> None:
    page = open_at(PHONE)
    page.goto(course.url + "/", timeout=120_000)          # as the browser make course opens
    shell = _lesson_up(page, START)
    assert f"/doc/workspaces/{PHONE_WORKSPACE}/tree/{START}" in page.url, page.url
    assert shell == {"mode": "single-document", "left": True, "right": True}, shell
    for side in ("left", "right"):      # not even their strips of icons
        expect(page.locator(f".jp-SideBar.jp-mod-{side}")).to_be_hidden()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page is {width} px wide on a phone"
    PICTURES.mkdir(parents=True, exist_ok=True)
    settled(page)
    page.screenshot(path=str(PICTURES / "start-phone.png"))
    # The lesson's own link to stop 1 opens it in the same mode, in place of this one.
    # (JupyterLab resolves a lesson's relative link to the file's address, and opens it itself when clicked.)
    page.locator(f".jp-NotebookPanel:visible .jp-RenderedMarkdown a[href*='/files/{FIRST}']").first.click()
    shell = _lesson_up(page, FIRST)
    assert shell["mode"] == "single-document", shell
    expect(page.locator(".jp-NotebookPanel:visible")).to_have_count(1)
    settled(page)
    page.screenshot(path=str(PICTURES / "stop1-phone.png"))


def test_a_laptop_gets_the_usual_lab(course: Server, open_at) -> None:
    page = open_at(LAPTOP)
    page.goto(course.url + "/", timeout=120_000)
    shell = _lesson_up(page, START)
    assert f"/lab/tree/{START}" in page.url, page.url
    assert shell["mode"] == "multiple-document", shell


def test_a_stop_opened_by_its_entry_link_on_a_phone(course: Server, open_at) -> None:
    page = open_at(PHONE)
    page.goto(f"{course.url}{ENTRY}?path={quote(FIRST)}", timeout=120_000)
    shell = _lesson_up(page, FIRST)
    assert f"/doc/workspaces/{PHONE_WORKSPACE}/tree/{FIRST}" in page.url and shell["mode"] == "single-document", (page.url, shell)


@pytest.mark.parametrize("tampered", ["../../../etc/passwd", "//evil.example/x.ipynb", "https://evil.example/x.ipynb",
                                      "/etc/x.ipynb", "start/../../x.ipynb", "missing.ipynb", "rules.md",
                                      ".jupyterlab-workspaces/x.ipynb", ""])
def test_a_tampered_entry_link_is_refused_on_the_server(course: Server, open_at, tampered: str) -> None:
    page = open_at(PHONE)
    answer = page.goto(f"{course.url}{ENTRY}?path={quote(tampered, safe='')}", timeout=60_000)
    assert answer is not None and answer.status == 404, answer and answer.status
    assert page.url.startswith(course.url + ENTRY), page.url        # no redirect, to anywhere
    expect(page.locator(".cc-refused")).to_contain_text(render("stats.no_file", LANGUAGE, value=tampered))
    home = page.locator(".cc-refused a")
    assert home.get_attribute("href") == "/", home.get_attribute("href")

"""The course's entry address chooses JupyterLab's mode by the screen's width (machinery/open_page.py).

JupyterLab is started as ``LANGUAGE=es make course`` starts it (``cribbage course --dir <copy>``, the
launcher and its default URL, here with a throw-away folder and home: test_learner_return.py's fixture), and the learner's browser opens the server's
root address, as the browser ``make course`` opens does. On a phone (390×844) the lesson comes up in
JupyterLab's single-document mode with both side bars collapsed; on a laptop (1280×800) in the usual
multiple-document mode. A lesson's link to the next stop opens it in the same mode. A tampered entry
link (outside the copy, another host, not a notebook, a notebook that is not there) gets a 404 page on
the same server that says so in the learner's language, never a redirect.

On a phone, in every translated language, stops 1, 3 and 6 come up with every one of the menu bar's
eight titles within reach: the bar (which cannot show them all at 390 px) is swiped, as a finger does,
until each title is wholly in view, and a tap opens its menu (the course's ``custom.css``,
machinery/custom/); and the notebook toolbar's tooltips are the pack's, its "More commands" button's too (which
JupyterLab makes without a translator: the course's JupyterLab extension, labextension/, words it).

The width is looked at once, when the entry address opens the lesson: a phone turned to landscape
stays in single-document mode (which suits its 844 px too), a laptop window made narrow stays in the
usual mode (View ▸ Appearance ▸ Simple Interface is one click); the menu bar's sideways scroll follows
the width at every moment, in either mode.

Pictures of the start page and stop 1 on a phone, and of stops 1, 3 and 6 with their last menu open in
each language, go to ``build/screenshots/phone/``. Each server is started once for the module and
stopped by its pid.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from browser_servers import Server, laid_out, settled, within_time
from lab_page import SCREENSHOTS
from playwright.sync_api import expect
from test_learner_return import LANGUAGE, NOT_LOCAL, Learner, learner, learner_course  # noqa: F401  (the fixture, this module's own)

from cribbage.lang.messages import render
from cribbage.registry import stops
from cribbage.registry.languages import TRANSLATED
from machinery.langpacks.build import LOCALES, translate
from machinery.open_page import ENTRY, NARROW, PHONE_WORKSPACE, entry_url  # (and the refusal's words)

# The Spanish copy's own names (each translated language names its lessons: stops.Stop.notebook_in).
START, FIRST = stops.STOPS[0].notebook_in(LANGUAGE), stops.STOPS[1].notebook_in(LANGUAGE)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
PICTURES = SCREENSHOTS / "phone"

#: The stops the issue looks at on a phone.
PHONE_STOPS = (1, 3, 6)
MENU_BAR = "#jp-menu-panel .lm-MenuBar"
# The part of the menu bar on screen, and each title's place and whether its words are clipped.
_BAR = """(selector) => { const bar = document.querySelector(selector), box = bar.getBoundingClientRect();
  return {left: Math.max(box.left, 0), right: Math.min(box.right, window.innerWidth), top: box.top, height: box.height,
          titles: [...bar.querySelectorAll('.lm-MenuBar-item')].map(item => { const r = item.getBoundingClientRect(),
            label = item.querySelector('.lm-MenuBar-itemLabel');
            return {text: item.innerText, left: r.left, right: r.right, clipped: label.scrollWidth > label.clientWidth}; })}; }"""
# A dialog is up, or the notebook in front has its kernel.
_KERNEL_OR_QUESTION = """() => { const widget = window.jupyterapp.shell.currentWidget;
  return Boolean(document.querySelector('.jp-Dialog') || widget?.sessionContext?.session?.kernel); }"""
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
    _kernel_started(page)
    shell: dict[str, object] = page.evaluate(_SHELL)
    return shell


def _kernel_started(page) -> None:
    """Waits until the lesson's kernel is started. JupyterLab 4.6 asks "Select Kernel" for a notebook
    it opens before its first list of kernels has arrived (``Context._populate`` starts the session
    without waiting for the kernel specs): seen once in a loaded CI run. The question is answered as a
    learner would, with its preferred kernel, so that it does not take the taps meant for the menus."""
    page.wait_for_function(_KERNEL_OR_QUESTION, timeout=120_000)
    dialog = page.locator(".jp-Dialog")
    if dialog.count() and dialog.locator("select").count():
        dialog.locator(".jp-mod-accept").click()
        page.wait_for_function(_KERNEL_OR_QUESTION.replace("document.querySelector('.jp-Dialog') ||", ""), timeout=120_000)


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


@pytest.fixture(scope="module", params=TRANSLATED)
def phone_course(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Server]]:
    """The course as ``LANGUAGE=<language> make course`` starts it, for each translated language."""
    if request.param == LANGUAGE:
        spanish: Learner = request.getfixturevalue("learner")
        yield request.param, spanish.server
        return
    for started in learner_course(tmp_path_factory.mktemp(f"phone-{request.param}"), request.param):
        yield request.param, started.server


def _swipe(session, x: float, y: float, dx: float) -> None:
    """A finger drawn sideways across the screen from (x, y), as Chromium's touch events."""
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 9):
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * step / 8, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _title_in_view(page, session, index: int) -> dict:
    """Swipes the menu bar (never more than it has titles) until title ``index`` is wholly on screen; its place."""
    for swiped in range(17):
        bar = page.evaluate(_BAR, MENU_BAR)
        title = bar["titles"][index]
        if swiped == 16 or (title["left"] >= bar["left"] - 0.5 and title["right"] <= bar["right"] + 0.5):
            break
        toward = -1 if title["right"] > bar["right"] else 1     # the finger moves the other way from the title
        start = bar["right"] - 20 if toward < 0 else bar["left"] + 20
        _swipe(session, start, bar["top"] + bar["height"] / 2, toward * (bar["right"] - bar["left"]) / 3)
        page.keyboard.press("Escape")                          # a touch on a title opens its menu: closed
        laid_out(page)
    return {**title, "bar": (bar["left"], bar["right"])}


def _no_dialog(page, when: str) -> None:
    """Fails naming the dialog JupyterLab shows, if any (it would take the taps meant for the menu bar)."""
    dialog = page.locator(".jp-Dialog")
    if dialog.count():
        page.screenshot(path=str(PICTURES / "unexpected-dialog.png"))
        raise AssertionError(f"{when}, JupyterLab shows a dialog: {dialog.first.inner_text()!r}")


@pytest.mark.parametrize("stop", PHONE_STOPS)
def test_every_menu_title_within_reach_on_a_phone(phone_course: tuple[str, Server], browser, stop: int) -> None:
    language, server = phone_course
    locale = LOCALES[language]
    notebook = stops.STOPS[stop].notebook_in(language)
    context = browser.new_context(viewport=PHONE, locale=language, has_touch=True, is_mobile=True)
    context.route(NOT_LOCAL, lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(server.url + entry_url(notebook), timeout=120_000)
        shell = _lesson_up(page, notebook)
        assert shell["mode"] == "single-document", shell
        PICTURES.mkdir(parents=True, exist_ok=True)
        settled(page)
        page.screenshot(path=str(PICTURES / f"stop{stop}-{language}-phone.png"))
        session = context.new_cdp_session(page)
        titles = page.locator(f"{MENU_BAR} .lm-MenuBar-item")
        assert titles.count() == 8, titles.all_inner_texts()
        # First by swiping alone, as a learner looks along the bar (a touch on a title opens its menu,
        # and opening one lets JupyterLab bring the next title into view as it takes the focus: not here).
        out_of_reach = []
        for index in range(titles.count()):
            title = _title_in_view(page, session, index)
            if title["left"] < title["bar"][0] - 0.5 or title["right"] > title["bar"][1] + 0.5 or title["clipped"]:
                out_of_reach.append(f"{title['text']!r} at {title['left']:.0f}-{title['right']:.0f} px, the bar "
                                    f"showing {title['bar'][0]:.0f}-{title['bar'][1]:.0f} px")
        assert not out_of_reach, f"on a {PHONE['width']} px phone in {language} these titles cannot be swiped into view: {out_of_reach}"
        for index in range(titles.count()):      # then each opened, once in view
            _title_in_view(page, session, index)
            _no_dialog(page, f"before opening menu {index}")
            titles.nth(index).tap()
            expect(page.locator(".lm-Menu").first).to_be_visible(timeout=30_000)
            if index == titles.count() - 1:
                page.screenshot(path=str(PICTURES / f"stop{stop}-{language}-phone-menu.png"))
            page.keyboard.press("Escape")
            expect(page.locator(".lm-Menu")).to_have_count(0)
        # The toolbar, narrower than its buttons here, shows its "More commands" button: every tooltip,
        # that button's too, is the pack's.
        toolbar = page.locator(".jp-NotebookPanel:visible .jp-NotebookPanel-toolbar")
        opener = toolbar.locator(".jp-Toolbar-responsive-opener [title]")
        expect(opener).to_have_attribute("title", translate(locale, "More commands") or "", timeout=30_000)
        tooltips = toolbar.locator("[title]").evaluate_all(
            "nodes => nodes.filter(node => node.checkVisibility()).map(node => node.getAttribute('title'))")
        english = [text for text in tooltips if translate(locale, text) not in (None, text)]
        assert not english, f"English tooltips in {language}'s toolbar: {english}"
        opener.tap()      # the commands it holds, worded by the pack too
        popup = page.locator(".jp-Toolbar-responsive-popup")
        expect(popup).to_be_visible(timeout=30_000)
        expect(popup).to_have_attribute("aria-label", translate(locale, "Responsive popup toolbar") or "")   # its name to a screen reader
        page.screenshot(path=str(PICTURES / f"stop{stop}-{language}-phone-more.png"))
        held = [title for title in popup.locator("[title]").evaluate_all(
            "nodes => nodes.filter(node => node.checkVisibility()).map(node => node.getAttribute('title'))") if title]
        assert held and not [text for text in held if translate(locale, text) not in (None, text)], held
    finally:
        within_time(context.close, "the browser context")


def test_the_course_css_narrow_rule_is_the_entry_width() -> None:
    """The menu bar scrolls sideways below the width the entry address calls a phone's."""
    from machinery.open_page import CUSTOM_CSS

    css = (CUSTOM_CSS / "custom.css").read_text(encoding="utf-8")
    assert f"@media (max-width: {NARROW - 0.02:g}px)" in css, css

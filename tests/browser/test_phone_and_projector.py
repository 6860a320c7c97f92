"""The course on a phone (390×844) and on a projector (1920×1080): the calculator app's score in
view on a phone, CrossCribb's 25 squares without scrollbars, and pictures of stops 3 and 7 and the
app at both sizes in ``build/screenshots/issue26/`` to look at.
"""

from __future__ import annotations

import pytest
from browser_servers import Server, settled
from lab_page import SCREENSHOTS
from voila_page import VoilaPage

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
SIZES = {"phone": PHONE, "projector": PROJECTOR}
PICTURES = SCREENSHOTS / "issue26"

# What overflows its box, as the browser laid it out: elements of the output that scroll.
_SCROLLING = """(root) => [...root.querySelectorAll('*')].filter(e => {
    const style = getComputedStyle(e);
    const scrolls = (v) => v === 'auto' || v === 'scroll';
    return (scrolls(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
        || (scrolls(style.overflowY) && e.scrollHeight > e.clientHeight + 1);
}).map(e => e.className || e.tagName)"""


@pytest.fixture
def calculator_app(plain_calculator_app) -> Server:
    return plain_calculator_app


def _app_page(browser, server: Server, size: dict, query: str) -> tuple[object, VoilaPage]:
    context = browser.new_context(viewport=size)
    context.route(r"^(?!https?://127\.0\.0\.1[:/]).*", lambda route: route.abort())
    page = VoilaPage(context.new_page())
    page.open(f"{server.url}{query}")
    return context, page


@pytest.mark.parametrize("size", SIZES)
def test_the_calculator_app_shows_its_score_in_view(browser, calculator_app: Server, size: str) -> None:
    context, app = _app_page(browser, calculator_app, SIZES[size], "?hand=5H5D6H7S&starter=8C")
    try:
        app.assert_no_errors()
        PICTURES.mkdir(parents=True, exist_ok=True)
        app.page.screenshot(path=str(PICTURES / f"calculator-{size}.png"))
        app.screenshot(f"issue26/calculator-{size}-whole")
        score = app.page.locator(".cc-calc-total").last
        score.wait_for(timeout=60_000)
        assert "12" in score.inner_text()
        box = score.bounding_box()
        assert box is not None
        viewport = SIZES[size]
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
            f"the score is drawn at {box} on a {viewport['width']}×{viewport['height']} screen")
        width = app.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 1, f"the page is {width} px wide on a {viewport['width']} px screen"
    finally:
        context.close()


def _lesson_pictures(notebook, stem: str) -> None:
    """The lesson at each size: the first screen, and the whole notebook."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    page = notebook.page
    before = page.viewport_size
    try:
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
            settled(page)
            notebook.screenshot(f"issue26/{stem}-{size}-whole")
            page.screenshot(path=str(PICTURES / f"{stem}-{size}.png"))
    finally:
        page.set_viewport_size(before)


def test_crosscribb_squares_have_no_scrollbars(open_notebook) -> None:
    notebook = open_notebook("07_crosscribb.ipynb")
    for source in ("CrossCribbQuiz(", "CrossCribbBoard("):
        cell = notebook.find_cell(source)
        grid = notebook.output(cell).locator(".cc-xc-grid").first
        grid.wait_for(timeout=60_000)
        assert grid.locator(".cc-xc-cell").count() == 25
        scrolling = grid.evaluate(_SCROLLING)
        assert scrolling == [], f"{source} squares scroll: {scrolling}"
    board = notebook.output(notebook.find_cell("CrossCribbBoard("))
    starter = board.locator(".cc-xc-starter-tag")
    assert starter.count() == 1 and starter.first.is_visible(), "the starter is not named on the board"
    _lesson_pictures(notebook, "07_crosscribb")


def test_the_show_at_phone_and_projector_size(open_notebook) -> None:
    notebook = open_notebook("03_the_show.ipynb")
    _lesson_pictures(notebook, "03_the_show")
    # The four spades' flushes answer the crib-flush try-it: folded until asked for.
    folded = notebook.find_cell("AfterAnswer(crib_flush")
    assert "as a crib" not in notebook.text(folded)
    notebook.click("I have answered: show it", cell=folded)
    notebook.expect_text(folded, "a flush of 4 as a hand, 0 as a crib")


# JupyterLab's simple mode with both side bars collapsed, as its /doc/tree/... address opens it.
_SIMPLE = ("() => { const shell = window.jupyterapp.shell; shell.mode = 'single-document';"
           " shell.collapseLeft(); shell.collapseRight(); }")


def _on_a_phone(notebook, stem: str) -> None:
    """The lesson at 390×844 in JupyterLab's simple (single-document) mode, its side bars collapsed, as a
    phone shows it (``/doc/tree/...``, JupyterLab's own address for that mode): pictures in PICTURES."""
    page = notebook.page
    before = page.viewport_size
    PICTURES.mkdir(parents=True, exist_ok=True)
    try:
        page.set_viewport_size(PHONE)
        page.evaluate(_SIMPLE)
        settled(page)
        page.screenshot(path=str(PICTURES / f"{stem}-phone-simple.png"))
        notebook.screenshot(f"issue26/{stem}-phone-simple-whole")
    finally:
        page.evaluate("() => { window.jupyterapp.shell.mode = 'multiple-document'; }")
        page.set_viewport_size(before)


def test_the_discard_table_fits_a_phone(open_notebook) -> None:
    """Stop 1's fifteen keeps, once shown, are a table whose cells wrap: on a phone it is no wider than the
    screen but for its own sideways scroll, never the page's."""
    notebook = open_notebook("01_deal_discard_crib.ipynb")
    folded = notebook.find_cell("AfterAnswer(six, advise_discard(")
    notebook.click("I have answered: show it", cell=folded)
    table = notebook.output(folded).locator("table.cc-drill-table").first
    table.wait_for(timeout=60_000)
    assert table.locator("tbody tr").count() == 15
    page = notebook.page
    before = page.viewport_size
    try:
        page.set_viewport_size(PHONE)
        page.evaluate(_SIMPLE)
        settled(page)
        notebook.output(folded).scroll_into_view_if_needed()
        page.screenshot(path=str(PICTURES / "01_discard_table-phone.png"))
        scroller = notebook.output(folded).locator(".cc-drill-scroll").first.bounding_box()
        assert scroller is not None and scroller["x"] + scroller["width"] <= PHONE["width"] + 1, scroller
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"the page is {width} px wide on a phone"
    finally:
        page.evaluate("() => { window.jupyterapp.shell.mode = 'multiple-document'; }")
        page.set_viewport_size(before)
    _on_a_phone(notebook, "01_deal_discard_crib")


def test_stops_3_and_6_on_a_phone(open_notebook) -> None:
    show = open_notebook("03_the_show.ipynb")
    _on_a_phone(show, "03_the_show")
    calculator = open_notebook("06_hand_calculator_and_statistics.ipynb")
    printed = calculator.text(calculator.find_cell('render("lesson.link"'))
    assert "link:" in printed and "http://" in printed, printed    # a whole link, never a bare query
    _on_a_phone(calculator, "06_hand_calculator_and_statistics")

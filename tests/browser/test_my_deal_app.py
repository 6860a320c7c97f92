"""My deal as an app, the calculator app's second page (``/my-deal``): a link opens with its deal's
keeps ranked and its chart drawn, in English, Spanish and Portuguese; a tampered link is refused in
the link's language, with nothing of it run; the time from the link to the ranked keeps on screen
is measured (printed; see the report in the commit)."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest
from browser_servers import settled
from playwright.sync_api import expect
from voila_page import POOL, kernels, wait_quiet

from cribbage.registry.languages import CODES, SOURCE
from cribbage.stats.my_deal import deal_keeps
from widgets.i18n import cards_text, render

DEAL = "5H 5D 6H 7S 8C 9D"
LINK = "/my-deal?deal=5H5D6H7S8C9D&dealer=0&scores=100-95"

# In the page: when the ranked keeps were first on screen (the server's first paint, before any
# widget) and when the live view's table was (``#rendered_cells``), in ms after the link was followed.
_KEEPS_AT = """(() => {
  const onScreen = element => {
    const box = element.getBoundingClientRect();
    return element.offsetParent !== null && box.width > 0 && box.height > 0 && box.top < window.innerHeight;
  };
  const check = () => {
    const live = document.querySelector('#rendered_cells table.md-keeps');
    if (window.__liveAt === undefined && live && onScreen(live)) { window.__liveAt = performance.now(); }
    const any = [...document.querySelectorAll('table.md-keeps')].find(onScreen);
    if (window.__shownAt === undefined && any) { window.__shownAt = performance.now(); }
    const chart = document.querySelector('#rendered_cells img');
    if (window.__chartAt === undefined && chart && chart.naturalWidth > 0) { window.__chartAt = performance.now(); }
  };
  setInterval(check, 25);
})();"""


@pytest.fixture
def app(plain_calculator_app):
    return plain_calculator_app


def _keeps_shown(voila_page, language: str) -> None:
    best = deal_keeps(DEAL, dealer=False, scores=(100, 95)).ranked("uniform")[0]     # the exact count ranks first
    words = render("mydeal.best.uniform", language, keep=cards_text(best.keep), away=cards_text(best.away))
    expect(voila_page.body).to_contain_text(words, timeout=120_000)
    expect(voila_page.body.locator("table.md-keeps tbody tr")).to_have_count(15)
    voila_page.page.wait_for_function(
        "() => [...document.querySelectorAll('#rendered_cells img')].some(i => i.naturalWidth > 300)",
        timeout=60_000)


@pytest.mark.parametrize("language", CODES)
def test_a_link_opens_with_the_keeps_ranked_and_the_chart_drawn(app, voila_page, language) -> None:
    voila_page.open(f"{app.url}{LINK}&lang={language}")
    _keeps_shown(voila_page, language)
    text = voila_page.text()
    assert render("mydeal.title", language) in text
    assert render("mydeal.col.win", language) in text
    assert f"{LINK}&lang={language}" in text or language == SOURCE      # the link to share keeps it
    voila_page.assert_no_errors()
    assert voila_page.outside_requests() == []
    if language == "es":
        voila_page.page.set_viewport_size({"width": 1366, "height": 900})
        settled(voila_page.page)
        voila_page.screenshot("my-deal-app-es-1366")
        voila_page.page.set_viewport_size({"width": 390, "height": 844})
        settled(voila_page.page)
        voila_page.screenshot("my-deal-app-es-390")


def test_a_click_in_the_app_compares_two_keeps(app, voila_page) -> None:
    voila_page.open(f"{app.url}{LINK}")
    _keeps_shown(voila_page, "en")
    voila_page.body.locator("button", has_text=render("mydeal.dealer", "en")).click()   # a real click
    best = deal_keeps(DEAL, dealer=True, scores=(100, 95)).ranked("uniform")[0]
    words = render("mydeal.best.uniform", "en", keep=cards_text(best.keep), away=cards_text(best.away))
    expect(voila_page.body).to_contain_text(words, timeout=30_000)
    voila_page.assert_no_errors()


def test_a_tampered_link_is_refused_in_its_language_and_nothing_of_it_runs(app, voila_page) -> None:
    voila_page.open(f"{app.url}/my-deal?deal=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&lang=pt")
    expect(voila_page.body).to_contain_text(render("mydeal.title", "pt"), timeout=120_000)
    assert render("calc.link_ignored", "pt", why="")[:10] in voila_page.text()
    voila_page.assert_nothing_ran()
    voila_page.assert_no_errors()


def test_the_servers_own_refusal_names_my_deal(app) -> None:
    request = urllib.request.Request(f"{app.url}/my-deal?lang=es&deal=" + "5H" * 3000)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 414
    page = refused.value.read().decode()
    assert render("app.deal_title", "es") in page and 'href="/my-deal"' in page


def test_a_plain_get_has_the_ranked_keeps_without_a_kernel(app) -> None:
    started = time.perf_counter()
    page = ""
    with urllib.request.urlopen(f"{app.url}{LINK}&lang=es", timeout=60) as answer:
        while "</table>" not in page:   # the first paint comes at once; the page ends later
            line = answer.readline()
            assert line, "the page ended without the ranked keeps"
            page += line.decode("utf-8", "replace")
        took = time.perf_counter() - started
    assert "md-keeps" in page and render("app.deal_title", "es") in page
    print(f"\nplain GET to the ranked keeps in the HTML: {took * 1000:.0f} ms")


def test_the_link_time(app, browser) -> None:
    """From the link followed to the ranked keeps on screen: the first paint, then the live view
    and its chart; after a first visit, so that My deal's warm kernels are there."""
    times = []
    for run in range(3):
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        try:
            page = context.new_page()
            page.add_init_script(_KEEPS_AT)
            page.goto(f"{app.url}{LINK}", timeout=120_000)
            page.wait_for_function("() => window.__liveAt !== undefined && window.__chartAt !== undefined",
                                   timeout=120_000)
            times.append(page.evaluate("() => [window.__shownAt, window.__liveAt, window.__chartAt]"))
        finally:
            context.close()
        if run == 0:  # My deal's warm kernels (deal_pool_size, 2) are started after its first visitor
            deadline = time.monotonic() + 120
            while len(kernels(app)) < POOL + 2 and time.monotonic() < deadline:
                time.sleep(0.5)   # the server's kernels are counted from its processes: nothing to wait on
            wait_quiet(app, timeout=60)  # their first cell run; on a busy machine, as far as it goes
    for (shown, live, chart), what in zip(times, ("first visit (a kernel started for it)", "warm", "warm")):
        print(f"\n{what}: ranked keeps on screen {shown:.0f} ms, live table {live:.0f} ms, chart {chart:.0f} ms")
    assert all(shown <= live for shown, live, _ in times)

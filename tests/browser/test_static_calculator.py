"""The static calculator page (apps/static_calculator/), built once for the session and served by
its own server (``python -m apps.static_calculator.serve``, as the README says) on 127.0.0.1: links in
English, Spanish and Portuguese read the right score and items (first from the page's first paint,
then from Python in the browser), a tampered link is refused with the engine's message, no request
leaves the page's origin, a first visit downloads under 6 MB (compressed) and a second one nothing
but the page, from the service worker's cache, and the first paint needs no Python at all."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_servers import Server, free_port, isolated_env

from apps.static_calculator import calculator_entry as entry
from cribbage import stats

ROOT = Path(__file__).resolve().parents[2]

COUNTS = {"hand": [int(n) for n in stats.hand_distribution()],
          "crib": [int(n) for n in stats.hand_distribution(crib=True)]}
LIVE_TIMEOUT = 120_000  # ms: Pyodide compiles and starts in seconds, more on a loaded machine


class Site:
    def __init__(self, folder: Path, port: int, log: Path) -> None:
        self.folder, self.url, self.log = folder, f"http://127.0.0.1:{port}/", log

    def served(self, name: str) -> int:
        """How many times the server answered GET of a path ending in ``name``."""
        return sum(1 for line in self.log.read_text().splitlines() if f'"GET /{name}' in line)

    def sent(self) -> dict[str, int]:
        """The bytes the server has sent so far, by path (its log names each answer's body size)."""
        out: dict[str, int] = {}
        for found in re.finditer(r'"GET (\S+) [^"]*" \d+ (\d+)', self.log.read_text()):
            out[found[1]] = out.get(found[1], 0) + int(found[2])
        return out


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from apps.static_calculator.build import build

    home = tmp_path_factory.mktemp("static-calculator")
    folder = build(home / "site")
    port = free_port()
    log = home / "server.log"
    # Waited for until it serves the site's version.txt (or failed, with its log's end).
    server = Server("the static calculator's site", [sys.executable, "-m", "apps.static_calculator.serve", "--bind",
                                                     "127.0.0.1", "--directory", str(folder), "--port", str(port)],
                    port=port, cwd=ROOT, env=isolated_env(home), log_path=log, ready_path="/version.txt")
    try:
        yield Site(folder, port, log)
    finally:
        server.stop()


def new_context(browser: Any) -> Any:
    """A visitor's browser. Pyodide's start holds a page's main thread (seconds, more on a loaded
    machine), and on a second visit it starts as soon as the page has loaded: a read of the page
    waits for it as long as the live calculator is waited for."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(LIVE_TIMEOUT)
    return context


@pytest.fixture
def context(browser) -> Iterator[Any]:
    """A context of its own: for a test that watches or blocks the context's requests."""
    context = new_context(browser)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="module")
def _visitor(browser) -> Iterator[Any]:
    context = new_context(browser)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(_visitor: Any) -> Iterator[Any]:
    """A new page of one visitor's browser, as a person opening link after link: the browser keeps
    Pyodide's compiled code between visits (each later page costs the machine about a third less)."""
    page = _visitor.new_page()
    try:
        yield page
    finally:
        page.close()


def expected(query: str) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(entry.start("?" + query, json.dumps(COUNTS)))
    return state


def shown(page: Any) -> dict[str, Any]:
    return {"total": page.inner_text("#cc-total"), "standing": page.inner_text("#cc-standing"),
            "items": [text.strip() for text in page.locator("#cc-items > *").all_inner_texts()],
            "message": page.inner_text("#cc-message").strip()}


def wait_live(page: Any) -> None:
    page.wait_for_function("document.body.dataset.live", timeout=LIVE_TIMEOUT)
    assert page.get_attribute("body", "data-live") == "1"


LINKS = {
    "en": "hand=5H5D6H7S&starter=8C&crib=0",
    "es": "hand=5HJHQHKH&starter=5S&crib=1&lang=es",
    "pt": "hand=5C5D5HJS&starter=5S&crib=0&lang=pt",
}


@pytest.mark.parametrize("language", sorted(LINKS))
def test_a_link_in_each_language(static_site: Site, page: Any, language: str) -> None:
    query = LINKS[language]
    want = expected(query)
    page.goto(static_site.url + "?" + query)
    # The first paint: the score and its items before Python has started.
    assert page.get_attribute("body", "data-first-paint") == "scored"
    first = shown(page)
    assert first["total"] == want["total"] and first["standing"] == want["standing"]
    assert first["items"] == [item["text"] for item in want["items"]]
    assert page.evaluate("document.documentElement.lang") == language
    # The live calculator takes over with the same count, and the count said aloud.
    wait_live(page)
    live = shown(page)
    assert live["total"] == want["total"] and live["items"] == first["items"]
    assert live["message"] == want["message"]["text"]
    assert page.inner_text("#cc-spoken") == want["spoken"]
    assert page.locator("#cc-picker button[aria-pressed=true]").count() == 5
    # An item's cards are lifted when it is clicked, and let go when clicked again.
    last = len(want["items"]) - 1
    page.locator("#cc-items button").nth(last).click()
    lifted = page.locator("#cc-row .cc-hi").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(lifted) == sorted(want["items"][last]["cards"])
    page.locator("#cc-items button").nth(last).click()
    assert page.locator("#cc-row .cc-hi").count() == 0
    assert page.get_attribute("#cc-link-address", "href") == static_site.url + "?" + want["query"]


def test_pick_type_and_crib(static_site: Site, page: Any) -> None:
    page.goto(static_site.url + "?lang=es")
    wait_live(page)
    for code in ("5H", "5D", "6H", "7S"):
        page.click(f"#cc-picker button[data-card='{code}']")
    page.focus("#cc-picker button[data-card='8C']")
    page.keyboard.press("Enter")  # the buttons are reached and pressed from the keyboard too
    assert page.inner_text("#cc-total") == expected(LINKS["en"] + "&lang=es")["total"]
    page.fill("#cc-cards", "5h jh qh kh 5s")
    page.press("#cc-cards", "Enter")
    page.check("#cc-crib")
    assert page.inner_text("#cc-total") == expected(LINKS["es"])["total"]
    page.fill("#cc-cards", "5h jh qh kh 5h")
    page.click("#cc-score")
    assert page.locator(".cc-msg-error").count() == 1 and page.inner_text("#cc-stale")


@pytest.mark.parametrize("query", ["hand=5H5D6H7S&starter=8X&lang=es", "hand=5H5D6H7S&starter=5H&lang=pt",
                                   "hand=5H5D6H7S&starter=8C&evil=%3Cscript%3E"])
def test_a_tampered_link_is_refused(static_site: Site, page: Any, query: str) -> None:
    want = expected(query)
    page.goto(static_site.url + "?" + query)
    assert page.get_attribute("body", "data-first-paint") == "empty"
    assert page.locator("#cc-items > *").count() == 0
    wait_live(page)
    assert want["message"]["kind"] == "error"
    assert page.inner_text("#cc-message").strip() == want["message"]["text"]
    assert page.locator("#cc-items > *").count() == 0 and page.locator("script:not([src])").count() == 0


def test_no_request_leaves_the_origin(static_site: Site, context: Any) -> None:
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["pt"])
    wait_live(page)
    page.click("#cc-picker button[data-card='2C']")
    page.click("#cc-picker button[data-card='2C']")
    elsewhere = [url for url in requests if not url.startswith(static_site.url) and not url.startswith("data:")]
    assert requests and elsewhere == []


#: The issue's bound on a first visit (it was 24.6 MB: Babel's whole wheel, the WebAssembly uncompressed).
FIRST_VISIT_BOUND = 6_000_000


def test_a_first_visit_is_light_and_a_second_starts_from_the_cache(static_site: Site, browser: Any) -> None:
    context = new_context(browser)
    try:
        before = {name: static_site.served(name) for name in ("pyodide/pyodide.asm.wasm", "wheels/babel")}
        sent_before = static_site.sent()
        page = context.new_page()
        page.goto(static_site.url + "?" + LINKS["en"])
        wait_live(page)
        first = {name: static_site.served(name) - before[name] for name in before}
        assert first == {"pyodide/pyodide.asm.wasm": 1, "wheels/babel": 1}
        sent = {path: size - sent_before.get(path, 0) for path, size in static_site.sent().items()}
        assert sum(sent.values()) < FIRST_VISIT_BOUND, sent
        # The WebAssembly came gzipped (its file is 8.6 MB).
        wasm = static_site.folder / "pyodide" / "pyodide.asm.wasm"
        assert sent["/pyodide/pyodide.asm.wasm"] == wasm.with_name(wasm.name + ".gz").stat().st_size
        page.close()
        page = context.new_page()
        page.goto(static_site.url + "?" + LINKS["es"])
        wait_live(page)
        again = {name: static_site.served(name) - before[name] for name in before}
        assert again == first, "the second visit downloaded Pyodide or a wheel again"
        assert page.evaluate("navigator.serviceWorker.controller !== null")
    finally:
        context.close()


def test_the_first_paint_needs_no_python(static_site: Site, context: Any) -> None:
    """With Pyodide unreachable, the link's count is still shown, and the page says the live part failed."""
    context.route("**/pyodide/**", lambda route: route.abort())
    want = expected(LINKS["es"])
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["es"])
    assert shown(page)["total"] == want["total"]
    page.wait_for_function("document.body.dataset.live", timeout=LIVE_TIMEOUT)
    assert page.get_attribute("body", "data-live") == "failed"
    assert page.locator("#cc-controls-loading [role=alert]").count() == 1


def version(site: Site) -> str:
    return (site.folder / "version.txt").read_text().strip()


def test_a_warm_visit_goes_live_from_the_python_kept(static_site: Site, context: Any) -> None:
    """After a first visit has gone live, the page keeps a snapshot of its Python (the engine imported);
    a later visit restores it instead of starting Python, in any language (the catalogues are read
    from files the snapshot does not hold), with the service worker's files only; a damaged snapshot
    is dropped, and Python starts as on a first visit and is kept again."""
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["en"])
    wait_live(page)
    assert page.get_attribute("body", "data-python") == "started"
    page.wait_for_function("document.body.dataset.snapshotKept")
    assert page.get_attribute("body", "data-snapshot-kept") == "1"
    page.close()

    served = {name: static_site.served(name) for name in ("pyodide/", "wheels/", "calculator_entry.py")}
    for language in ("pt", "es"):
        page = context.new_page()
        page.goto(static_site.url + "?" + LINKS[language])
        wait_live(page)
        assert page.get_attribute("body", "data-python") == "restored"
        want = expected(LINKS[language])
        live = shown(page)
        assert live["total"] == want["total"] and live["message"] == want["message"]["text"]
        assert live["items"] == [item["text"] for item in want["items"]]
        # The restored engine answers the visitor: a card typed twice is refused in the link's language.
        page.fill("#cc-cards", "5h jh qh kh 5h")
        page.click("#cc-score")
        refused = json.loads(entry.act("type_cards", "5h jh qh kh 5h"))
        assert page.inner_text("#cc-message").strip() == refused["message"]["text"]
        page.close()
    assert {name: static_site.served(name) for name in served} == served, "a warm visit fetched Python's files"

    # A damaged snapshot (as a full disk or a crash could leave it).
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["es"])
    wait_live(page)
    page.evaluate("""async (version) => {
        const cache = await caches.open("cc-static-calculator-" + version);
        await cache.put(new URL("python-snapshot.bin?v=" + version, location.href).href, new Response(new Uint8Array(4096)));
    }""", version(static_site))
    page.close()
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["pt"])
    wait_live(page)
    assert page.get_attribute("body", "data-python") == "started"
    assert shown(page)["total"] == expected(LINKS["pt"])["total"]
    page.wait_for_function("document.body.dataset.snapshotKept")
    assert page.get_attribute("body", "data-snapshot-kept") == "1"
    page.close()
    page = context.new_page()
    page.goto(static_site.url + "?" + LINKS["en"])
    wait_live(page)
    assert page.get_attribute("body", "data-python") == "restored"
    page.close()

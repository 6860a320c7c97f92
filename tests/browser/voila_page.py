"""A Voilà app open in the browser: load a link, wait until every widget is drawn, read it,
and know whether the page tried to run anything it was given (any alert, confirm or prompt)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Locator, Page

from lab_page import SCREENSHOTS

# Voilà's own words when a cell of the app raised (tracebacks are hidden by default).
_CELL_ERROR = re.compile(r"There was an error when executing cell|Traceback|Error displaying widget")


class VoilaPage:
    """One page for Voilà apps; every dialog the page opens is recorded and dismissed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        self.page_errors: list[str] = []
        page.on("dialog", self._on_dialog)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def open(self, url: str, timeout: float = 120) -> None:
        """Load ``url`` and wait until Voilà has run the notebook and drawn every widget."""
        self.page.goto(url, timeout=timeout * 1000)
        # Voilà sends each output as a script element that its page then replaces with the
        # rendered output, a widget first saying "Loading widget...".
        self.page.wait_for_function(
            "() => document.readyState === 'complete'"
            " && document.querySelector('#rendered_cells') !== null"
            " && document.querySelector('script[type=\"application/vnd.voila.cell-output+json\"]') === null"
            " && !document.body.innerText.includes('Loading widget...')",
            timeout=timeout * 1000)

    @property
    def body(self) -> Locator:
        return self.page.locator("#rendered_cells")

    def text(self) -> str:
        return self.body.inner_text()

    def assert_no_errors(self) -> None:
        text = self.text()
        problems = [line for line in text.splitlines() if _CELL_ERROR.search(line)]
        problems += [f"JavaScript error in the page: {e}" for e in self.page_errors]
        if problems:
            raise AssertionError("the Voilà app shows errors:\n" + "\n".join(problems))

    def assert_nothing_ran(self) -> None:
        """No script given in the link ran: no dialog opened, no script element holds it."""
        assert self.dialogs == [], f"the page opened dialogs: {self.dialogs}"
        injected = self.body.locator("script", has_text="alert")
        assert injected.count() == 0, "a <script> from the link is in the page"
        images = self.body.locator("img[onerror]")
        assert images.count() == 0, "an <img onerror=...> from the link is in the page"

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        # The app scrolls inside its own panel, so the window is made as tall as the app instead.
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        height = self.page.evaluate("() => document.querySelector('#rendered_cells').scrollHeight")
        self.page.set_viewport_size({"width": size["width"],
                                     "height": max(size["height"], min(height, 12000))})
        try:
            self.page.wait_for_timeout(300)
            self.page.screenshot(path=str(path))
        finally:
            self.page.set_viewport_size(size)
        return path

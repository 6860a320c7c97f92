"""The Voilà plumbing, proven on a tiny app of the tests' own: a link's query string reaches the
kernel, and what a hostile link carries is shown as text, never run."""

from pathlib import Path

import pytest

ECHO = Path(__file__).resolve().parent / "fixtures" / "query_echo.ipynb"


def test_the_query_string_reaches_the_kernel(voila_app, voila_page) -> None:
    server = voila_app(ECHO)
    voila_page.open(f"{server.url}/?hand=5H5D6H7S&starter=8C")
    voila_page.assert_no_errors()
    assert "5H5D6H7S" in voila_page.text()


def test_markup_in_a_link_is_shown_as_text(voila_app, voila_page) -> None:
    # An <img onerror> would run if the page drew it as HTML (a <script> added late would not).
    hostile = "<img src=x onerror=alert(1)>"
    server = voila_app(ECHO)
    voila_page.open(f"{server.url}/?hand={hostile}")
    voila_page.assert_no_errors()
    voila_page.assert_nothing_ran()
    assert hostile in voila_page.text()


def test_a_dialog_would_be_caught(voila_page) -> None:
    # The check above could fail: a page that does run the markup opens a dialog we record.
    voila_page.page.set_content("<img src=x onerror=alert(1)>")
    voila_page.page.wait_for_timeout(500)
    assert voila_page.dialogs == ["alert: 1"]

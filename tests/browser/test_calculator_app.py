"""The hand calculator as a Voilà app (``make calculator``): a link opens with its hand scored,
and a malformed or hostile link shows a message and an empty calculator, running nothing."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

APP = Path(__file__).resolve().parents[2] / "apps" / "calculator.ipynb"


@pytest.fixture
def calculator_url(voila_app) -> str:
    return voila_app(APP).url


def test_a_link_opens_with_its_hand_scored(calculator_url: str, voila_page) -> None:
    voila_page.open(f"{calculator_url}/?hand=5H5D6H7S&starter=8C")
    voila_page.assert_no_errors()
    total = voila_page.body.locator(".cc-big")
    assert total.inner_text() == "Hand: 12 points"
    assert voila_page.body.locator(".cc-msg-error").count() == 0
    # The share link the app shows opens this same app.
    link = voila_page.body.locator("a.cc-code")
    assert link.get_attribute("href") == f"{calculator_url}/?hand=5H5D6H7S&starter=8C&crib=0"
    voila_page.screenshot("calculator-app-12")


# Each link costs a page load (a kernel of its own), so each one here tests something the others
# do not; the parser's every refusal is tested in-process by the widget's own tests.
HOSTILE_LINKS = [
    "hand=<script>alert(1)</script>",                               # markup, and no starter
    "hand=__import__('os').system('touch pwned')&starter=8C",       # code
    "hand=<img src=x onerror=alert(1)>&starter=8C",                 # markup that would run if drawn as HTML
    "hand=5H5D6H7S&starter=5H",                                     # cards, but the starter is in the hand
]


@pytest.mark.parametrize("query", HOSTILE_LINKS)
def test_a_bad_link_shows_a_message_and_an_empty_calculator(calculator_url: str, voila_page,
                                                             query: str) -> None:
    voila_page.open(f"{calculator_url}/?{query}")
    voila_page.assert_no_errors()
    voila_page.assert_nothing_ran()
    message = voila_page.body.locator(".cc-msg-error")
    assert message.count() == 1 and message.inner_text().strip(), "no message says why"
    assert "points" not in voila_page.body.locator(".cc-big").inner_text()
    assert voila_page.body.locator(".cc-item").count() == 0
    if "<img" in query:
        # Shown as text, not as an element.
        assert "<img" in message.inner_text()
        voila_page.screenshot("calculator-app-hostile-link")
    assert not (APP.parent / "pwned").exists()
    if "<script>" in query:
        # The empty calculator works: type a hand and score it.
        voila_page.body.get_by_placeholder("5H 5D 6H 7S 8C").fill("5C 5D 6H 7S 8C")
        voila_page.body.get_by_role("button", name="Score it", exact=True).click()
        expect(voila_page.body.locator(".cc-big")).to_have_text("Hand: 12 points")
        assert voila_page.dialogs == []

"""The calculator app in the learner's language: a link's ``lang=`` opens it in Spanish or Portuguese,
refusals included, and the link it shows to share keeps the language (the cards stay one format)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cribbage.registry.languages import TRANSLATED
from widgets.i18n import render


@pytest.fixture
def app(plain_calculator_app):
    return plain_calculator_app


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_link_with_lang_opens_the_calculator_in_that_language(app, voila_page, language) -> None:
    voila_page.open(f"{app.url}?hand=5H5D6H7S&starter=8C&crib=0&lang={language}")
    expect(voila_page.body).to_contain_text(render("calc.loaded", language, code="5H5D6H7S/8C"), timeout=120_000)
    text = voila_page.text()
    assert render("calc.title", language) in text and render("calc.total", language, total=12) in text
    assert f"?hand=5H5D6H7S&starter=8C&crib=0&lang={language}" in text   # the link to share keeps it
    voila_page.assert_no_errors()
    voila_page.screenshot(f"calculator-app-{language}")


def test_a_bad_link_is_refused_in_the_links_language(app, voila_page) -> None:
    voila_page.open(f"{app.url}?hand=5H5D6H7S&starter=8X&lang=pt")
    expect(voila_page.body).to_contain_text(render("calc.title", "pt"), timeout=120_000)
    assert "Não é uma carta: '8X'" in voila_page.text()
    voila_page.assert_no_errors()


def test_the_servers_own_refusal_follows_the_links_language_too(app) -> None:
    import urllib.error
    import urllib.request
    long_link = f"{app.url}?lang=pt&hand=" + "5H" * 3000     # refused before any kernel is taken
    request = urllib.request.Request(long_link, headers={"Accept-Language": "es"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 414
    page = refused.value.read().decode()
    assert '<html lang="pt">' in page and "Este link é longo demais" in page

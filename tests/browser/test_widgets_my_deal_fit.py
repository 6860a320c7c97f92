"""My deal's table of the 15 keeps fits a notebook's output area (844 px in JupyterLab at the course's
width), measured in Chromium: at 910 px, the English table hid its last columns ("Own crib: expert",
"Net (uniform) and rank") until one scrolled. The table is plain HTML, so it is laid out here on its
own page, in JupyterLab's fonts, without a server."""

from __future__ import annotations

import pytest

from widgets._base import CSS
from widgets.my_deal import _CSS, MyDeal

#: A notebook's output area at the course's width in JupyterLab.
OUTPUT_AREA = 844
#: JupyterLab's --jp-content-font-family and --jp-content-font-size1.
FONTS = "system-ui, -apple-system, blinkmacsystemfont, 'Segoe UI', helvetica, arial, sans-serif"


def _table_width(browser, view: MyDeal) -> tuple[int, int]:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.set_content(f"<html><body style=\"font-family: {FONTS}; font-size: 14px\"><style>{CSS}{_CSS}</style>"
                         f'<div class="cc-view" style="width: {OUTPUT_AREA}px">{view._table.value}</div></body></html>')
        return page.evaluate("() => [document.querySelector('.md-keeps').scrollWidth,"
                             " document.querySelectorAll('.md-keeps thead th').length]")
    finally:
        page.close()


@pytest.mark.parametrize("query, columns", [("deal=5H5D6H7S8C9D&dealer=1", 8),
                                            ("deal=5H5D6H7S8C9D&dealer=0&scores=100-95", 9)])
def test_the_english_keep_table_fits_the_output_area_with_every_column(browser, query, columns):
    view = MyDeal.from_query(query, language="en", chart=False)
    width, shown = _table_width(browser, view)
    assert shown == columns                      # no column dropped to make it fit
    assert width <= OUTPUT_AREA, width


@pytest.mark.parametrize("language", ["es", "pt"])
def test_the_translated_keep_table_fits_without_the_chance_to_win(browser, language):
    view = MyDeal.from_query("deal=5H5D6H7S8C9D&dealer=1", language=language, chart=False)
    width, shown = _table_width(browser, view)
    assert shown == 8 and width <= OUTPUT_AREA, (language, width)

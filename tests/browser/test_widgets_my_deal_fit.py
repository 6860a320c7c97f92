"""My deal's table of the 15 keeps fits a notebook's output area (844 px in JupyterLab at the course's
width), measured in Chromium: at 910 px, the English table hid its last columns ("Own crib: expert",
"Net (uniform) and rank") until one scrolled; so did the Spanish and Portuguese ones with the chance to
win. In English, Spanish and Portuguese. The table is plain HTML, so it is laid out here on its own page,
in JupyterLab's fonts, without a server."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from widgets.base.view import CSS
from widgets.calculator.my_deal import _CSS, MyDeal

#: A notebook's output area at the course's width in JupyterLab.
OUTPUT_AREA = 844
#: JupyterLab's --jp-content-font-family and --jp-content-font-size1.
FONTS = "system-ui, -apple-system, blinkmacsystemfont, 'Segoe UI', helvetica, arial, sans-serif"


def _table_width(browser, view: MyDeal) -> tuple[int, int, list[int]]:
    """The table's width as laid out in the output area, its number of columns, each row's height."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.set_content(f"<html><body style=\"font-family: {FONTS}; font-size: 14px\"><style>{CSS}{_CSS}</style>"
                         f'<div class="cc-view" style="width: {OUTPUT_AREA}px">{view._table.value}</div></body></html>')
        return page.evaluate("""() => {
            const table = document.querySelector('.md-keeps');
            return [table.scrollWidth, table.querySelector('tbody tr').children.length,
                    [...table.querySelectorAll('tbody tr')].map(r => Math.round(r.getBoundingClientRect().height))];
        }""")
    finally:
        page.close()


@pytest.mark.parametrize("language", CODES)
@pytest.mark.parametrize("query, columns", [("deal=5H5D6H7S8C9D&dealer=1", 8),
                                            ("deal=5H5D6H7S8C9D&dealer=0&scores=100-95", 9)])
def test_the_keep_table_fits_the_output_area_with_every_column(browser, language, query, columns):
    """In Spanish and Portuguese the table with the chance to win was 865 and 915 px wide and scrolled
    sideways ("Saldo (especialista)", "Cesta dele: especialista": the model said in every heading);
    each model's net and crib now sit under its name, said once."""
    view = MyDeal.from_query(query, language=language, chart=False)
    width, shown, heights = _table_width(browser, view)
    assert shown == columns                      # no column dropped to make it fit
    assert width <= OUTPUT_AREA, (language, width)
    # Every row alike: the chosen keep's row (bold, so wider) never wraps where the others do not.
    assert max(heights) - min(heights) <= 1, (language, heights)

"""The calculator's words as plain HTML, for its page to show before its widgets are drawn.

A visitor's browser needs seconds to load Voilà's JupyterLab code, connect to the kernel and
draw the widgets, and a kernel costs seconds of CPU to start; the score is known long before.
The app's server asks a worker process (``python -m apps.first_paint --serve``, started by
:mod:`apps.calculator_app`) for the link's calculator (or My deal, its second page) as plain HTML and
writes it at the top of the page at once, before any kernel is taken: a visitor in the queue, a link preview or a plain
``curl`` sees the hand's score without one. The page's CSS hides it once the live calculator
has drawn its own score. The text is the live widgets' own HTML values, made by the same
``HandCalculator.from_query`` the notebook runs (the calculator escapes what a link gives it):
same words, same language, same score. The card picker's place is kept, and words about
controls (``cc-needs-controls``) are hidden, so the score does not move when the live calculator
takes over.

A worker serves one page (``--serve calculator`` or ``--serve deal``) and is ready once it has made that
page's first paint once (for the calculator, a second or two of imports and the hands' distribution; for
My deal, its position table, half a minute on a fresh install): a calculator link never waits for My
deal's tables. The calculator's worker keeps one calculator per language and opens each link in it
(emptied first, as a new one is): a few milliseconds a link, where making the 266 widgets of a new
calculator took 170 ms (200 links at once waited seconds in line for them).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets

from cribbage.registry.languages import SOURCE
from widgets.blocks.cards import DeckPicker, ItemButtons
from widgets.i18n import render


def _shown(widget: ipywidgets.Widget) -> Iterator[ipywidgets.Widget]:
    """``widget`` and the widgets under it, in page order, but none that the page hides."""
    layout = getattr(widget, "layout", None)
    hidden = layout is not None and layout.display == "none"
    if isinstance(widget, ipywidgets.HTML) and "<style>" in widget.value:
        hidden = False  # the course's CSS: the words need it to look as they will
    if hidden:
        return
    yield widget
    if isinstance(widget, (DeckPicker, ItemButtons)):
        return  # first_paint_html keeps the picker's place whole, and writes the items itself
    for child in getattr(widget, "children", ()):
        yield from _shown(child)


def first_paint_html(view: ipywidgets.Widget) -> str:
    """Every HTML widget's value under ``view``, in order: its title, message, score and the
    score's every item, where the hand stands, and the share link; the card buttons and controls
    come with the live widget, and a note holds their place."""
    parts = []
    for widget in _shown(view):
        if isinstance(widget, DeckPicker):
            words = html.escape(render("calc.controls_loading", getattr(view, "language", SOURCE)))
            parts.append(f'<div class="cc-text cc-first-paint-controls">{words}</div>')
        elif isinstance(widget, ipywidgets.HTML) and widget.value:
            parts.append(widget.value)
        elif isinstance(widget, ItemButtons):
            parts += [f'<div class="cc-text">{html.escape(button.description)}</div>'
                      for button in widget.buttons if button.description]
    return '<div class="cc-first-paint-body">' + "\n".join(parts) + "</div>"


#: The calculators kept by :func:`first_paint_of`, one per language a link asks for (None: none asked).
_CALCULATORS: dict[str | None, Any] = {}


def first_paint_of(query: str, base_url: str = "") -> dict[str, str | None]:
    """The first paint of the calculator a link opens (as the app's notebook makes it, with
    ``HandCalculator.from_query``): its HTML, the score's line as text (for the page's title and a
    link preview), and its language.

    The calculator is kept for the next link in its language: emptied and set back to a hand, not
    a crib, it is what a new one is, and a link opened in it paints the same HTML as in a new one
    (``tests/test_first_paint.py`` checks it link by link) in a twentieth of the time."""
    from widgets import HandCalculator
    from widgets.calculator.link import query_language

    language = query_language(query) if query else None
    calculator = _CALCULATORS.get(language)
    if calculator is None:
        # Without its chart (an image the first paint does not show): the same HTML, in a tenth of
        # the time for a score whose chart has not been drawn yet (40 ms against 400).
        calculator = _CALCULATORS[language] = HandCalculator(language=language, chart=False)
    calculator.base_url = base_url
    calculator.clear()
    calculator.crib = False
    if query:
        calculator.load_query(query)
    painted = first_paint_html(calculator)
    found = _SCORE.search(painted)
    return {"html": painted, "language": calculator.language,
            "score": html.unescape(found.group(1)).strip() if found else None}


def first_paint_of_deal(query: str, base_url: str = "") -> dict[str, str | None]:
    """The first paint of My deal (``apps/my_deal.ipynb``) for a link: the ranked keeps as HTML,
    the best keep's line as text, and the language. As :func:`first_paint_of`, without the chart."""
    from widgets.calculator.my_deal import MyDeal

    view = MyDeal.from_query(query, base_url=base_url, chart=False) if query else MyDeal(base_url=base_url, chart=False)
    try:
        painted = first_paint_html(view)
        found = _SCORE.search(painted)
        return {"html": painted, "language": view.language,
                "score": html.unescape(found.group(1)).strip() if found else None}
    finally:
        # A long-lived worker keeps none of them (the kept calculators of first_paint_of go too).
        ipywidgets.Widget.close_all()
        _CALCULATORS.clear()


#: The pages the app serves, by the name its server asks for.
PAINTERS = {"calculator": first_paint_of, "deal": first_paint_of_deal}

# The big line of either page: the calculator's score, My deal's best keep.
_SCORE = re.compile(r'class="cc-big(?: md-status)?"[^>]*>([^<]*)')


def serve(page: str) -> None:
    """The app's worker for ``page`` (a name of :data:`PAINTERS`): one JSON request a line on stdin
    (``{"query": ..., "base_url": ...}``), one JSON answer a line on stdout, in the order asked
    (:func:`first_paint_of`'s, or ``{"error": ...}``). It says ``{"ready": true}`` once it has made
    its page's first paint once (the first one is the slow one)."""
    import json
    import sys

    painter = PAINTERS[page]
    painter(WARM_UP[page])
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing else may write to the answers' pipe
    out.write('{"ready": true}\n')
    out.flush()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            answer: dict[str, Any] = painter(str(request.get("query", "")), str(request.get("base_url", "")))
        except Exception as error:  # the worker answers every line
            answer = {"error": f"{type(error).__name__}: {error}"[:500]}
        out.write(json.dumps(answer) + "\n")
        out.flush()


#: The link each page's worker paints before it says it is ready: the calculator's first hand counted
#: (the hands' distribution, read or counted once), My deal's first deal (its position table).
WARM_UP = {"calculator": "hand=5H5D6H7S&starter=8C", "deal": "deal=5H5D6H7S8C9D&scores=0-0"}


if __name__ == "__main__":
    import sys

    # Started by the app's server only (``--serve calculator`` or ``--serve deal``).
    if sys.argv[1:2] == ["--serve"] and sys.argv[2:] in ([], *([name] for name in PAINTERS)):
        serve(sys.argv[2] if sys.argv[2:] else "calculator")

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


def first_paint_of(query: str, base_url: str = "") -> dict[str, str | None]:
    """The first paint of the calculator a link opens (as the app's notebook makes it): its HTML,
    the score's line as text (for the page's title and a link preview), and its language."""
    from widgets import HandCalculator

    # Without its chart (an image the first paint does not show): the same HTML, in a tenth of the
    # time for a score whose chart has not been drawn yet (40 ms against 400).
    calculator = (HandCalculator.from_query(query, base_url=base_url, chart=False) if query
                  else HandCalculator(base_url=base_url, chart=False))
    try:
        painted = first_paint_html(calculator)
        found = _SCORE.search(painted)
        return {"html": painted, "language": calculator.language,
                "score": html.unescape(found.group(1)).strip() if found else None}
    finally:
        ipywidgets.Widget.close_all()  # a long-lived worker keeps none of them


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
        ipywidgets.Widget.close_all()


#: The pages the app serves, by the name its server asks for.
PAINTERS = {"calculator": first_paint_of, "deal": first_paint_of_deal}

# The big line of either page: the calculator's score, My deal's best keep.
_SCORE = re.compile(r'class="cc-big(?: md-status)?"[^>]*>([^<]*)')


def serve() -> None:
    """The app's worker: one JSON request a line on stdin (``{"query": ..., "base_url": ...}``),
    one JSON answer a line on stdout (:func:`first_paint_of`'s, or ``{"error": ...}``)."""
    import json
    import sys

    first_paint_of("hand=5H5D6H7S&starter=8C")  # the first hand counted is the slow one
    first_paint_of_deal("deal=5H5D6H7S8C9D&scores=0-0")  # and the first deal (the position table)
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing else may write to the answers' pipe
    out.write('{"ready": true}\n')
    out.flush()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            painter = PAINTERS[str(request.get("app", "calculator"))]
            answer: dict[str, Any] = painter(str(request.get("query", "")), str(request.get("base_url", "")))
        except Exception as error:  # the worker answers every line
            answer = {"error": f"{type(error).__name__}: {error}"[:500]}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--serve"]:
        serve()

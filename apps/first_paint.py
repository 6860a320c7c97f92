"""The calculator's words as plain HTML, for its page to show before its widgets are drawn.

A visitor's browser needs seconds to load Voilà's JupyterLab code, connect to the kernel and
draw the widgets; the score is known long before. The notebook gives its output this HTML
beside the widget, and the app's template writes it into the page as it streams, so the hand's
score is on screen as soon as the notebook has run; the template hides it once the live
calculator has drawn its own score. Front ends that draw widgets (JupyterLab, Voilà's page)
prefer the widget, so nothing shows twice. The text is the live widgets' own HTML values (the
calculator escapes what a link gives it): same words, same language, same score. The card
picker's place is kept, and the template hides words about controls (``cc-needs-controls``), so
the score does not move when the live calculator takes over.
"""

from __future__ import annotations

import html
from collections.abc import Iterator

import ipywidgets

from widgets.cards import DeckPicker
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
    if isinstance(widget, DeckPicker):
        return  # its place is kept whole by first_paint_html
    for child in getattr(widget, "children", ()):
        yield from _shown(child)


def first_paint_html(view: ipywidgets.Widget) -> str:
    """Every HTML widget's value under ``view``, in order: its title, message, score and the
    score's every item, where the hand stands, and the share link; the card buttons and controls
    come with the live widget, and a note holds their place."""
    parts = []
    for widget in _shown(view):
        if isinstance(widget, DeckPicker):
            words = html.escape(render("calc.controls_loading", getattr(view, "language", "en")))
            parts.append(f'<div class="cc-text cc-first-paint-controls">{words}</div>')
        elif isinstance(widget, ipywidgets.HTML) and widget.value:
            parts.append(widget.value)
        elif isinstance(widget, ipywidgets.Button) and "cc-item" in widget._dom_classes and widget.description:
            parts.append(f'<div class="cc-text">{html.escape(widget.description)}</div>')
    return '<div class="cc-first-paint-body">' + "\n".join(parts) + "</div>"


def display_with_first_paint(view: ipywidgets.Widget) -> None:
    """Display ``view`` as a notebook's last line does, with :func:`first_paint_html` beside it."""
    from IPython.display import display

    bundle = view._repr_mimebundle_()
    bundle["text/html"] = first_paint_html(view)
    display(bundle, raw=True)

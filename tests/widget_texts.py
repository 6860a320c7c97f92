"""What a widget tree shows a person, as text, for the tests that look for English left in a
Spanish or Portuguese view (or for a sentence a view must show)."""

from __future__ import annotations

import html
import re

import ipywidgets as w

# Not words: styles, class names, a share link's parameters. Titles and aria-labels are, and stay.
_NOT_WORDS = re.compile(r'<style>.*?</style>|class="[^"]*"|\?hand=\S*', re.S)


def shown_texts(widget: w.Widget) -> list[str]:
    """Every string the tree shows: descriptions, placeholders, tooltips, the values of HTML, label
    and text widgets, and the labels of choosers."""
    out: list[str] = []
    stack = [widget]
    while stack:
        item = stack.pop()
        for name in ("description", "placeholder", "tooltip"):
            value = getattr(item, name, None)
            if isinstance(value, str) and value:
                out.append(value)
        if isinstance(item, (w.HTML, w.Label, w.Text)) and isinstance(item.value, str):
            out.append(html.unescape(_NOT_WORDS.sub("", item.value)))
        out.extend(str(label) for label in getattr(item, "_options_labels", ()))
        stack.extend(getattr(item, "children", ()))
    return out


def shown_text(widget: w.Widget) -> str:
    """:func:`shown_texts`, one a line."""
    return "\n".join(shown_texts(widget))

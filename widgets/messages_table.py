"""Catalogue entries of the table widgets, merged into :data:`widgets.messages.MESSAGES`.

Same form as the main catalogue: one entry per key, one text per language (en, es, pt). Kept in a
file of their own so that the widgets written side by side do not edit one file.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
}

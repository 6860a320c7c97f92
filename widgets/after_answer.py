"""What a lesson shows only once its try-it has been answered.

Run All draws every cell while the learner has answered nothing yet, so a cell under a try-it that
shows the answer (a table of the fifteen keeps under "in how many ways?", the board with the peg
moved) would answer it before the learner does. :class:`AfterAnswer` keeps such a cell folded: a
line saying why, and a button that draws it. Nothing of what it hides is made before the click, so
no saved output and no widget state holds the answer::

    AfterAnswer(six, lambda: print(advise_discard("AC 4D 6H 9S JD KC", dealer=False)))

``draw`` may print, or return what to show (a widget, or anything Jupyter can display).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython.display import display

from ._base import View, guarded, style_tag

__all__ = ["AfterAnswer"]


class AfterAnswer(View):
    """Folded until the learner asks for it: what follows the try-it ``question`` and answers it."""

    def __init__(self, question: Any, draw: Callable[[], object], *, language: str | None = None) -> None:
        super().__init__(language=language if language is not None else getattr(question, "language", None))
        self.question = question
        self._draw = draw
        self._note = w.HTML(f'<div class="cc-text cc-msg cc-msg-info" role="note">{html.escape(self._t("after.hidden"))}</div>')
        self._unfold = self._button("after.show", self.unfold)
        self._unfold.add_class("cc-after-open")
        self._unfold.layout.align_self = "flex-start"   # a button as wide as its words, not the page
        self._shown = w.Output()
        self.unfolded = False
        self.drawn: object = None
        self.children = [style_tag(), self._note, self._unfold, self._shown, self._message]

    @guarded
    def unfold(self) -> None:
        """Draw what was folded (once; a second click does nothing)."""
        if self.unfolded:
            return
        self.unfolded = True
        with self._shown:
            shown = self.drawn = self._draw()   # kept, so that closing this view closes it too
            if shown is not None:
                display(shown)  # type: ignore[no-untyped-call]
        self._note.layout.display = "none"
        self._unfold.layout.display = "none"

"""What a lesson shows only once its try-it has been answered.

Run All draws every cell while the learner has answered nothing yet, so a cell under a try-it that
shows the answer (a table of the fifteen keeps under "in how many ways?", the board with the peg
moved) would answer it before the learner does. :class:`AfterAnswer` keeps such a cell folded: a
line saying why, and a button that draws it. It opens by itself when the learner answers the try-it
(right, or the answer shown after the last wrong try: :meth:`widgets.drills.exercise.Question.on_answered`),
and at once if the check cell above has answered it already. Nothing of it is drawn before the
learner answers or clicks, so no output the notebook saves, and no widget on the page, holds the
answer::

    AfterAnswer(six, advise_discard("AC 4D 6H 9S JD KC", dealer=False))   # printed when unfolded
    AfterAnswer(eight, moved)                                             # a widget, shown when unfolded

What it folds is a widget (shown), a function of no arguments (called when unfolded, for what is
slow or must not exist before; it may print, or return what to show), the keeps of a deal
(:class:`~cribbage.ai.discard.DiscardAdvice`: shown as an HTML table whose cells wrap on a phone, where
its plain text would run its columns into one another), or anything else (printed, as ``print`` would).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from cribbage.ai.discard import DiscardAdvice
from widgets.base.view import View, guarded, style_tag
from widgets.drills.discard import keeps_table

__all__ = ["AfterAnswer"]


class AfterAnswer(View):
    """Folded until the learner asks for it: what follows the try-it ``question`` and answers it."""

    def __init__(self, question: Any, shown: object, *, language: str | None = None) -> None:
        super().__init__(language=language if language is not None else getattr(question, "language", None))
        self.question = question
        self._folded = shown
        self._note = w.HTML(f'<div class="cc-text cc-msg cc-msg-info" role="note">{html.escape(self._t("after.hidden"))}</div>')
        self._unfold = self._button("after.show", self.unfold)
        self._unfold.add_class("cc-after-open")
        self._unfold.layout.align_self = "flex-start"   # a button as wide as its words, not the page
        self._shown = w.Output()
        self.unfolded = False
        self.drawn: object = None
        self.children = [style_tag(), self._note, self._unfold, self._shown, self._message]
        # It opens by itself once the learner answers (right, or the answer shown after the last try);
        # the button stays for a learner who wants to look without answering, which is their choice.
        on_answered = getattr(question, "on_answered", None)
        if callable(on_answered):
            on_answered(lambda _verdict: self.unfold())

    @guarded
    def unfold(self) -> None:
        """Draw what was folded (once; a second click does nothing)."""
        if self.unfolded:
            return
        self.unfolded = True
        with self._shown:
            shown = self._folded() if callable(self._folded) and not isinstance(self._folded, w.Widget) else self._folded
            if isinstance(shown, DiscardAdvice):
                shown = keeps_table(shown, language=self.language)
            self.drawn = shown   # kept, so that closing this view closes it too
            if isinstance(shown, w.Widget):
                display(shown)  # type: ignore[no-untyped-call]
            elif shown is not None:
                print(shown)
        self._note.layout.display = "none"
        self._unfold.layout.display = "none"

"""The answer box beside every try-it: type an answer and press Check, no code needed.

A lesson's try-it (:class:`~widgets.drills.exercise.Question`) is answered by filling its blank in a
code cell (``my_total = 12``); a learner who has never programmed meets ``=`` signs before cribbage.
The box asks the same question of the same object: the same verdicts, hints and tries, the same
answer kept once in the learner's progress, the same fold opened after it (``AfterAnswer``). The
code line stays for those who like code; the two never count one answer twice.
"""

from __future__ import annotations

import html
from typing import Protocol

import ipywidgets as w

from widgets.base.view import View, guarded, style_tag

__all__ = ["AnswerBox", "Answerable"]


class Shown(Protocol):
    def _repr_html_(self) -> str: ...


class Answerable(Protocol):
    """What the box needs of a try-it (:class:`~widgets.drills.exercise.Question` is one)."""

    language: str

    def check_typed(self, text: str) -> Shown: ...

    def _repr_html_(self) -> str: ...


class AnswerBox(View):
    """The question, a text box and a Check button; the verdict shows below them."""

    def __init__(self, question: Answerable, *, language: str | None = None) -> None:
        super().__init__(language=language or question.language)
        self.question = question
        self.box = w.Text(value="", continuous_update=False,
                          layout=w.Layout(width="14em"))
        self.box.add_class("cc-answer")
        # Enter (or leaving the box) answers; so does the button, also for the same answer again.
        self.box.observe(lambda change: self.check() if change["new"].strip() else None, names="value")
        self.check_button = self._button("ex.box.check", self.check, "primary")
        self.verdict = w.HTML(value="")
        self._checked: str | None = None
        label = w.HTML(value=f'<span class="cc-text"><b>{html.escape(self._t("ex.box.label"))}</b></span>')
        asked = w.HTML(value=question._repr_html_())
        self.children = [style_tag(), asked, w.HBox([label, self.box, self.check_button]), self.verdict, self._message]

    @guarded
    def check(self) -> None:
        """Check what the box holds, as the question's ``check`` does a blank's value."""
        typed = self.box.value.strip()
        # Leaving the box and then pressing Check sends the same answer twice: one try, not two.
        if typed and typed == self._checked:
            return
        self._checked = typed or None
        verdict = self.question.check_typed(typed)
        self.verdict.value = verdict._repr_html_()

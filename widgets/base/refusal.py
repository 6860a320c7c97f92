"""A view's refusal of a learner's move, worded for the learner: plain (no ipywidgets), so the
plain models behind the views (:mod:`widgets.table.model`, :mod:`widgets.drills.pegging_session`) raise it
and the view says it in its own language."""

from __future__ import annotations

from typing import Any

from cribbage.registry.languages import SOURCE
from widgets.i18n import render

__all__ = ["Refused"]


class Refused(ValueError):
    """A refusal worded for the learner: either text already in the view's language, or a catalogue
    ``key`` with its values, which a plain model raises and the view says in its own language."""

    def __init__(self, message: str = "", *, key: str | None = None, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(message or (render(key, SOURCE, **values) if key else ""))

    def text(self, language: str) -> str:
        return render(self.key, language, **self.values) if self.key else str(self)

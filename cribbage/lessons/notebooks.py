"""What is done to a lesson notebook in the learner's copy: the note at its top, and its saves.

A lesson's cards and questions are ipywidgets: their outputs are views of models that live in the
kernel. Saved as they are, they come back after a reload or a restart as "Error displaying widget:
model not found", the kernel that held the models being gone. So:

- each lesson copied for a learner starts with a note (:func:`return_note`), in the learner's
  language, saying to run the lesson again with JupyterLab's ▶▶ button, named as JupyterLab names it;
- the server that serves the copy saves notebooks through :func:`strip_widget_views` (its
  ``pre_save_hook``): the widget views' outputs are left out of the file (the rest is kept: the
  learner's code, text outputs, pictures), so a reopened lesson shows blank places and the note,
  never a broken widget. The widget manager's own saved state is left out too (its ``saveState``
  setting is off by default; :mod:`machinery.lab_language` keeps it off).
"""

from __future__ import annotations

from typing import Any

from cribbage.lang.messages import message, render
from cribbage.lessons import words  # noqa: F401  (the catalogue's words)

__all__ = ["RETURN_CELL_ID", "WIDGET_VIEW", "return_note", "strip_widget_views", "with_return_note"]

#: The id of the note's cell: an update of the copy finds it, and replaces it.
RETURN_CELL_ID = "cribbage-return-note"
#: The output type of an ipywidgets view.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def return_note(language: str) -> str:
    """The note's Markdown in ``language``, with JupyterLab's names for what to click.

    >>> print(return_note("en"))  # doctest: +ELLIPSIS
    > **Coming back to this lesson?** ... (*Restart the kernel and run all cells*), then *Restart*: ...
    """
    names = {name: render(message(f"lessons.lab.{name}"), language) for name in ("restart_run_all", "restart")}
    return render(message("lessons.return_note", **names), language)


def with_return_note(notebook: dict[str, Any], language: str) -> dict[str, Any]:
    """``notebook`` (nbformat 4 as a dict) with the note as its first cell (replacing an older note)."""
    cell = {"cell_type": "markdown", "id": RETURN_CELL_ID,
            "metadata": {"editable": False, "deletable": False, "tags": ["cribbage-return-note"]},
            "source": return_note(language)}
    cells = [c for c in notebook.get("cells", []) if c.get("id") != RETURN_CELL_ID]
    # Cell ids are nbformat 4.5; a lesson saved as 4.4 is read as 4.5 once it has them.
    minor = max(int(notebook.get("nbformat_minor", 5)), 5)
    return {**notebook, "nbformat_minor": minor, "cells": [cell, *cells]}


def _is_widget_view(output: dict[str, Any]) -> bool:
    return WIDGET_VIEW in (output.get("data") or {})


def strip_widget_views(model: dict[str, Any], **_context: Any) -> None:
    """A Jupyter server ``pre_save_hook``: leave widget views' outputs out of a notebook being saved.

    Every other output stays, and so does every cell's source (the learner's answers). The server
    calls it with the contents model (``type``, ``content``) and keyword arguments it ignores.

    >>> nb = {"cells": [{"cell_type": "code", "source": "x = 1", "outputs": [
    ...     {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "m"}, "text/plain": "CardRow(...)"}},
    ...     {"output_type": "stream", "name": "stdout", "text": "12"}]}], "metadata": {"widgets": {}}}
    >>> strip_widget_views({"type": "notebook", "content": nb})
    >>> nb["cells"][0]["outputs"], "widgets" in nb["metadata"]
    ([{'output_type': 'stream', 'name': 'stdout', 'text': '12'}], False)
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code" and cell.get("outputs"):
            cell["outputs"] = [output for output in cell["outputs"] if not _is_widget_view(output)]
    # The widget manager's saved state, if a setting somewhere turned it on: models without a kernel.
    metadata = notebook.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)

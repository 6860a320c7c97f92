"""What is done to a lesson notebook in the learner's copy: the note at its top, and its saves.

A lesson's cards and questions are ipywidgets: their outputs are views of models that live in the
kernel. Saved as they are, they come back after a reload or a restart as "Error displaying widget:
model not found", the kernel that held the models being gone. So:

- the server that serves the copy saves notebooks through :func:`strip_widget_views` (its
  ``pre_save_hook``): the widget views' outputs are left out of the file (the rest is kept: the
  learner's code, text outputs, pictures), so a reopened lesson shows blank places, never a broken
  widget;
- and a lesson of a learner's copy saved with widget views (one the learner has run) gets, at its top, a
  note (:func:`return_note`) in the copy's language saying to run it again with JupyterLab's ▶▶ button
  and the dialog's button as JupyterLab names it. A lesson never run has no such note: a first visit is
  not greeted as a return, and the learner's first look at a lesson is its title. The widget manager's own saved state is left out too (its ``saveState``
  setting is off by default; :mod:`machinery.lab_language` keeps it off).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cribbage.lang.messages import message, render
from cribbage.lessons import words  # noqa: F401  (the catalogue's words)

__all__ = ["RECORD", "RETURN_CELL_ID", "WIDGET_VIEW", "WORKSPACES", "return_note", "strip_widget_views",
           "with_return_note"]

#: A learner's copy's record, in the copy's folder (:mod:`cribbage.lessons.learner_copy` writes it):
#: what tells a lesson of a copy (and its language) from any other notebook the server saves.
RECORD = ".cribbage-course.json"

#: A learner's copy's own JupyterLab workspaces (its layouts: which lessons are open, the side bar), in the
#: copy's folder (:mod:`machinery.lab_language` serves them; an update that renames a lesson renames it there).
WORKSPACES = ".jupyterlab-workspaces"

#: The id of the note's cell: an update of the copy finds it, and replaces it.
RETURN_CELL_ID = "cribbage-return-note"
#: The output type of an ipywidgets view.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def return_note(language: str) -> str:
    """The note's Markdown in ``language``: the ▶▶ button by its picture (its tooltip is one the language
    packs leave in English), the dialog's button by JupyterLab's name for it.

    >>> print(return_note("en"))  # doctest: +ELLIPSIS
    > **Coming back to this lesson?** ... Click ▶▶ in the toolbar above, then *Restart*: ...
    """
    restart = render(message("lessons.lab.restart"), language)
    return render(message("lessons.return_note", restart=restart), language)


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


def copy_language(notebook_path: Path) -> str | None:
    """The language of the learner's copy that holds ``notebook_path`` (from the copy's record beside
    it); None for a notebook outside any copy, or beside a record that cannot be read."""
    try:
        record = json.loads((notebook_path.parent / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    language = record.get("language") if isinstance(record, dict) else None
    return language if isinstance(language, str) else None


def _saved_path(context: dict[str, Any]) -> Path | None:
    """The file a save writes, from the server's hook arguments (``path`` under the contents manager's root)."""
    root = getattr(context.get("contents_manager"), "root_dir", None)
    path = context.get("path")
    return Path(root, path) if isinstance(root, str) and isinstance(path, str) else None


def strip_widget_views(model: dict[str, Any], **_context: Any) -> None:
    """A Jupyter server ``pre_save_hook``: leave widget views' outputs out of a notebook being saved,
    and put the "coming back" note at the top of a lesson of a learner's copy that had any.

    Every other output stays, and so does every cell's source (the learner's answers). The server
    calls it with the contents model (``type``, ``content``) and keyword arguments (``path``,
    ``contents_manager``: where the file is, so the copy's record, and its language, can be found).

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
    stripped = False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code" and cell.get("outputs"):
            kept = [output for output in cell["outputs"] if not _is_widget_view(output)]
            stripped = stripped or len(kept) < len(cell["outputs"])
            cell["outputs"] = kept
    # The lesson ran (it had views): reopened, it shows blank places, which the note explains.
    path = _saved_path(_context)
    language = copy_language(path) if stripped and path is not None else None
    if language is not None:
        noted = with_return_note(notebook, language)
        notebook["cells"], notebook["nbformat_minor"] = noted["cells"], noted["nbformat_minor"]
    # The widget manager's saved state, if a setting somewhere turned it on: models without a kernel.
    metadata = notebook.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)

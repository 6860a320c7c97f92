"""The statistics lab in each language shows the strength table (issue 51): where it came from in one
sentence above it, then one row per opponent and seed, whole (no text cut short), its columns and figures
in the reader's language."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from cribbage.registry.stops import stop
from cribbage.stats.strength import provenance, read_strength, strength_table


@pytest.mark.parametrize("language", CODES)
def test_the_lab_shows_the_strength_table(language: str, open_notebook) -> None:
    lab = stop(8)
    notebook = open_notebook(lab.notebook if language == "en" else f"{language}/{lab.notebook_in(language)}")
    cell = notebook.find_cell("shown_strength()")
    notebook.expect_text(cell, provenance(language=language))
    frame = strength_table(language)
    shown = notebook.text(cell)
    for column in frame.columns:
        assert column in shown, column
    for row in frame.itertuples(index=False):
        assert row[1] in shown and row[4] in shown, row   # how the opponent plays, the expert's share
    assert len(frame) == len(read_strength()["rows"])
    notebook.assert_no_traceback_text()
    notebook.screenshot(f"08_strength_table-{language}", cell=cell)

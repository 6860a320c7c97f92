"""The ``widgets`` package: every name it offers is there, and a view loads only what it shows (a
lesson without a board or a chart never loads matplotlib, about 0.3 s of its kernel's start)."""

from __future__ import annotations

import subprocess
import sys

import widgets


def test_every_name_offered_is_there_and_only_those():
    for name in widgets.__all__:
        assert getattr(widgets, name) is not None, name
    assert sorted(widgets.__all__) == sorted(set(widgets.__all__))
    assert set(widgets._WHERE) <= set(widgets.__all__) and set(widgets.__all__) <= set(dir(widgets))
    try:
        widgets.NoSuchView  # noqa: B018
    except AttributeError as error:
        assert "NoSuchView" in str(error)
    else:
        raise AssertionError("an unknown name was given")


def _loads_matplotlib(names: str) -> bool:
    code = f"import sys\nfrom widgets import {names}\nprint('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return result.stdout.strip() == "True"


def test_a_view_without_a_chart_does_not_load_matplotlib():
    # Lesson 1's first cell, and lesson 3's: cards, a deal, a drill, questions.
    assert not _loads_matplotlib("CardRow, DealPractice, DiscardDrill, HandQuestion, KeepsQuestion, ScoringQuiz")
    assert _loads_matplotlib("Board")

"""What a fresh Python imports, and what it reads from the machine's caches: a kernel, an app's first
paint worker or a command starts with nothing loaded, which the test process (that has imported
everything already) cannot show. Each test starts an interpreter of its own: the models and words
work without ipywidgets, a view without a chart and the engine load no matplotlib, and a new kernel
shows a kept chart without drawing it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from widgets.calculator.hand import _chart_png

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The machine's cache folder, a throw-away one for the test and the processes it starts."""
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


_NEW_KERNEL = """
import json, sys
from widgets import HandCalculator
calculator = HandCalculator.from_query(sys.argv[1])
print(json.dumps({"matplotlib": "matplotlib" in sys.modules, "png": calculator._chart.value.hex(),
                  "total": calculator.score.total}))
"""


def _calculator_in_a_new_process(query: str, cache: Path) -> dict:
    env = dict(os.environ, CRIBBAGE_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", _NEW_KERNEL, query], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_a_new_kernel_shows_a_kept_chart_without_matplotlib(cache: Path) -> None:
    query = "hand=5H5D6H7S&starter=8C&crib=1&lang=pt"
    first = _calculator_in_a_new_process(query, cache)
    again = _calculator_in_a_new_process(query, cache)
    assert first["matplotlib"] and not again["matplotlib"]
    # The picture read is the one a fresh drawing gives (drawn here, in this process, uncached).
    from widgets.base.view import figure_png
    from widgets.blocks.charts import distribution_chart
    assert first["total"] == again["total"] == 12
    fresh = figure_png(distribution_chart(crib=True, highlight=12, language="pt", width=11, height=4.6),
                       dpi=72, tight=False)
    assert bytes.fromhex(again["png"]) == bytes.fromhex(first["png"]) == fresh
    _chart_png.cache_clear()
    assert _chart_png(12, True, False, "pt") == fresh


_FIRST_PAINTS = """
import json, sys
from apps import first_paint
first_paint.first_paint_of("hand=5H5D6H7S&starter=8C")
first_paint.first_paint_of_deal("deal=5H5D6H7S8C9D&scores=0-0")
print(json.dumps({"matplotlib": "matplotlib" in sys.modules}))
"""


def test_the_apps_first_paints_never_import_matplotlib() -> None:
    """Each app server keeps first paint workers (apps.first_paint) for both its pages: they show
    words, no chart, so they need not carry matplotlib (0.45 s of CPU and 25 MB each)."""
    done = subprocess.run([sys.executable, "-c", _FIRST_PAINTS], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == {"matplotlib": False}


def _loads_matplotlib(names: str) -> bool:
    code = f"import sys\nfrom widgets import {names}\nprint('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return result.stdout.strip() == "True"


def test_a_view_without_a_chart_does_not_load_matplotlib():
    # Lesson 1's first cell, and lesson 3's: cards, a deal, a drill, questions.
    assert not _loads_matplotlib("CardRow, DealPractice, DiscardDrill, HandQuestion, KeepsQuestion, ScoringQuiz")
    assert _loads_matplotlib("Board")


def test_the_model_and_words_import_without_ipywidgets():
    script = f"""
import sys, types
sys.modules["ipywidgets"] = None
sys.modules["matplotlib"] = None
package = types.ModuleType("widgets"); package.__path__ = [{str(ROOT / "widgets")!r}]
sys.modules["widgets"] = package
from widgets.table.model import TableSession
from widgets.table.words import TableWords
session = TableSession(seed=3)
assert TableWords("pt").standing(session.standing())
"""
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


def test_the_models_import_and_play_without_ipywidgets():
    # The package's __init__ imports every view; load the model modules without it, ipywidgets barred.
    script = f"""
import sys, types
sys.modules["ipywidgets"] = None
package = types.ModuleType("widgets"); package.__path__ = [{str(ROOT / "widgets")!r}]
sys.modules["widgets"] = package
from widgets.table.model import TableSession
from widgets.table.words import TableWords
from widgets.drills.pegging_session import PracticeSession, SOLVED_PLAYS, WalkSession
walk = WalkSession(1)
walk.forward()
assert walk.predict("0").points == walk.step.points
session = TableSession(seed=3, target=61)
words = TableWords("es")
assert words.prompt(session)
practice = PracticeSession(4)
while not practice.play_over:
    fits = [c for c in practice.game.hand(0) if practice.game.can_play(0, c)]
    practice.play(fits[0]) if fits else practice.go()
assert SOLVED_PLAYS[0].steps()
assert "ipywidgets" not in sys.modules or sys.modules["ipywidgets"] is None
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_the_model_imports_no_ipywidgets() -> None:
    # The module alone (the widgets package itself imports every view): it must not need ipywidgets.
    code = ("import sys, importlib.util; sys.modules['ipywidgets'] = None; "
            "spec = importlib.util.spec_from_file_location('model', 'widgets/crosscribb/model.py'); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "m.CrossCribbBoardModel(players=2, seed=1).place((0, 0))")
    root = ROOT
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr


def test_importing_the_engine_draws_nothing():
    import subprocess
    import sys
    code = "import sys, cribbage, cribbage.cli, cribbage.progress; print('matplotlib' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"

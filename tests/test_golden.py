"""The golden game transcripts: seeded games of every computer player must play as pinned in tests/golden/.

Each file's games are played again in memory and compared with the file; a test fails naming the
first game that differs and its first differing line. To keep this under a minute, CrossCribb's two
slow levels (``attack``, ``expected``) play only the first :data:`FIRST` games of each batch (two,
three and four players, muggins off and on); every other file plays all its games.
``python tests/golden/make_golden.py --check`` plays every game of every file. After an intended
change of play, regenerate the files (see tests/golden/README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _golden() -> ModuleType:
    # tests/golden/ is no package: load the generator by its path, under a name of its own.
    path = Path(__file__).resolve().parent / "golden" / "golden.py"
    spec = importlib.util.spec_from_file_location("golden_transcripts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


golden = _golden()

# Games played of each batch, by level; all of them for a level not named.
FIRST = {"attack": 15, "expected": 15}


@pytest.mark.slow
@pytest.mark.parametrize("file", golden.FILES, ids=lambda file: file.path.name)
def test_games_play_as_pinned(file: Any) -> None:
    found = golden.differences(file, FIRST.get(file.level), stop=True)
    if found:
        pytest.fail(f"{found[0]}\nA decision changed. If the change of play is intended, run "
                    "`python tests/golden/make_golden.py` and say so in the commit.", pytrace=False)

"""The static calculator's Pyodide, run in node on the built page's own files
(apps/static_calculator/node-check.mjs), against the engine run here by CPython: the scores of
20,000 seeded random hands and cribs, item by item (and the page's first-paint count of them),
and the exact distribution of all 12,994,800 hands and cribs (each kind of hand, its suits renamed,
counted once with its 48 starters: seconds, where one by one took two minutes)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cribbage import FULL_DECK, score_hand, stats

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "apps" / "static_calculator" / "node-check.mjs"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in {"true", "1", "yes"}:
        pytest.fail(f"{reason} (CI=true: .ci/run installs node and npm)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    if shutil.which("node") is None or shutil.which("npm") is None:
        _unavailable("node and npm are needed: apt-get install nodejs npm")
    from apps.static_calculator.build import build

    yield build(tmp_path_factory.mktemp("static-calculator") / "site")


def node_check(built: Path, *args: str, timeout: float) -> dict[str, Any]:
    started = time.perf_counter()
    result = subprocess.run(["node", str(CHECK), str(built), *args], capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    out: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    out["wall_seconds"] = time.perf_counter() - started
    print({key: round(value, 2) for key, value in out.items() if key.endswith("seconds")})
    return out


@pytest.mark.slow   # Pyodide in node and a build of the page: about a minute, out of make check
def test_twenty_thousand_hands_as_the_engine(built: Path, tmp_path: Path) -> None:
    rng = random.Random(30)
    hands: list[tuple[list[str], bool]] = []
    for _ in range(20_000):
        five = rng.sample(FULL_DECK, 5)
        hands.append(([card.code for card in five], rng.random() < 0.5))
    (tmp_path / "hands.json").write_text(json.dumps(hands))
    out = node_check(built, "hands", str(tmp_path / "hands.json"), timeout=600)
    expected = []
    for codes, crib in hands:
        five = [next(c for c in FULL_DECK if c.code == code) for code in codes]
        score = score_hand(five[:4], five[4], crib=crib)
        groups = [[g.kind, [c.code for c in g.cards], g.points] for g in score.groups()]
        expected.append((score.total, groups))
    wrong = [i for i, ((total, fast, groups), want) in enumerate(zip(out["python"], expected))
             if (total, groups) != want or fast != total]
    assert wrong == [], f"Pyodide differs from the engine on {len(wrong)} hands, first {hands[wrong[0]]}"
    wrong = [i for i, ((total, groups), want) in enumerate(zip(out["first_paint"], expected)) if (total, groups) != want]
    assert wrong == [], f"the first paint differs from the engine on {len(wrong)} hands, first {hands[wrong[0]]}"


@pytest.mark.slow
def test_distribution_of_all_hands_as_the_engine(built: Path) -> None:
    out = node_check(built, "distribution", timeout=1800)
    assert 270_725 / 24 < out["classes"] < 270_725 / 12   # the hands' classes: what Pyodide counted
    assert out["distribution"]["hand"] == [int(n) for n in stats.hand_distribution()]
    assert out["distribution"]["crib"] == [int(n) for n in stats.hand_distribution(crib=True)]
    assert sum(out["distribution"]["hand"]) == 12_994_800

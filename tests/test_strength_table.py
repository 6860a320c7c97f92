"""The strength table (issue 51): benchmarks/strength.py measures it and stores it with its provenance, and
cribbage.stats.strength words it in each language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cribbage.lang.messages import message, render
from cribbage.registry.languages import CODES
from cribbage.stats.cache import engine_version
from cribbage.stats.intervals import shown_interval
from cribbage.stats.strength import markdown, provenance, read_strength, strength_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import strength  # benchmarks/strength.py


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> Path:
    """Two tiny rows measured by the command itself (the expert against random and beginner)."""
    out = tmp_path_factory.mktemp("strength") / "strength.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strength, "_commit", lambda: "abc1234")  # git is a process: the fast layer starts none
        assert strength.main(["--games", "4", "--seeds", "3", "--workers", "1", "--opponents", "random", "beginner",
                              "--out", str(out)]) == 0
    return out


def test_the_command_stores_each_row_with_its_provenance(measured):
    table = read_strength(measured)
    assert [(r["opponent"], r["seed"], r["games"]) for r in table["rows"]] == [("random", 3, 4), ("beginner", 3, 4)]
    for row in table["rows"]:
        assert 0 <= row["share"] <= 1 and row["half"] >= 0
    p = table["provenance"]
    assert p["engine"] == engine_version() and p["seeds"] == ["duplicate/3/0..1"] and p["commit"] == "abc1234"
    assert p["command"].startswith("python benchmarks/strength.py --games 4")
    assert {"arch", "cores", "python"} <= set(p["machine"])


@pytest.mark.parametrize("language", CODES)
def test_the_table_is_worded_in_each_language(measured, language):
    table = read_strength(measured)
    text = markdown(table, language)
    assert "{" not in text
    for row in table["rows"]:
        share, half = shown_interval(row["share"], row["half"], language, percent=True)
        described = render(message(f"strength.opponent.{row['opponent']}"), language)
        assert f"| {row['opponent']} | {described} | {row['seed']} | 4 | {share} ± {half} |" in text
    assert text.endswith(provenance(table, language))
    frame = strength_table(language, measured)
    assert len(frame) == 2 and list(frame.iloc[:, 0]) == ["random", "beginner"]
    assert list(frame.columns) == text.splitlines()[2].strip("| ").split(" | ")

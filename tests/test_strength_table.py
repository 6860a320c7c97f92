"""The strength table (issue 51): benchmarks/strength.py measures it, cribbage.stats.strength words it in
each language, and the shipped table is the current engine's, every opponent on both seeds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cribbage.lang.messages import message, render
from cribbage.registry.languages import CODES
from cribbage.stats.cache import engine_version
from cribbage.stats.intervals import shown_interval
from cribbage.stats.strength import OPPONENTS, STRENGTH_FILE, markdown, read_strength, strength_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import strength  # benchmarks/strength.py  # noqa: E402

README = Path(__file__).resolve().parent.parent / "README.md"


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
    frame = strength_table(language, measured)
    assert len(frame) == 2 and list(frame.iloc[:, 0]) == ["random", "beginner"]
    assert list(frame.columns) == text.splitlines()[2].strip("| ").split(" | ")


def test_the_shipped_table_is_the_current_engines_every_opponent_on_two_seeds():
    table = read_strength()
    assert table["provenance"]["engine"] == engine_version(), (
        "the expert changed since the strength table was measured: run python benchmarks/strength.py --write")
    rows = {(r["opponent"], r["seed"]): r for r in table["rows"]}
    assert set(rows) == {(o, s) for o in OPPONENTS for s in (1, 2)}
    assert all(r["games"] >= 4000 for r in rows.values())


def test_the_readme_shows_the_shipped_table():
    assert markdown(read_strength(), "en") in README.read_text(encoding="utf-8")


def test_the_shipped_file_is_what_the_command_writes():
    # The command writes JSON with its rows in the order measured; nothing is edited by hand.
    table = json.loads(STRENGTH_FILE.read_text(encoding="utf-8"))
    assert set(table) == {"rows", "provenance"}

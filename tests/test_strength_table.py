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
from cribbage.stats.strength import OPPONENTS, markdown, provenance, read_strength, shown_strength, strength_table

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
    shown = shown_strength(language, measured).to_html()
    assert provenance(table, language) in shown
    for row in frame.itertuples(index=False):
        assert row[1] in shown   # how the opponent plays, whole


def test_the_shipped_table_is_measured_on_this_engine():
    """The shipped table was measured on the engine as it is: any change to the rules or the players
    stales it, and `python benchmarks/strength.py --write` measures it again."""
    table = read_strength()
    assert table["provenance"]["engine"] == engine_version()
    assert table["provenance"]["command"] == "python benchmarks/strength.py --write"


def test_the_shipped_table_has_every_opponent_on_two_seeds_of_4000_games():
    rows = read_strength()["rows"]
    assert sorted((r["opponent"], r["seed"]) for r in rows) == sorted((o, s) for o in OPPONENTS for s in (1, 2))
    for row in rows:
        assert row["games"] >= 4000 and 0 < row["half"] < 0.03


def test_the_readme_shows_the_shipped_table():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert markdown(read_strength(), "en") in readme

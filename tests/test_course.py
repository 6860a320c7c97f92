"""Checks on the course itself: the lesson notebooks and the rules page.

Every notebook stays thin (imports only from ``cribbage`` and ``widgets``,
defines no functions or classes, runs no shell or magic), ends with a recap and a pointer to the
next stop, and every link in the course resolves. The facts the rules page states are recomputed
by the engine. Running the notebooks themselves is nbval's job (``pytest course/``).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from cribbage import Card, Suit, cards, score_hand, stats
from cribbage.result import finish_kind, game_value, skunk_lines

COURSE = Path(__file__).resolve().parents[1] / "course"
RULES = COURSE / "rules.md"

#: Notebooks linked from the course that other helpers are still writing. Empty this set as each
#: arrives: a test fails as soon as a notebook listed here exists, so the set cannot go stale.
NOT_YET_WRITTEN: set[str] = set()

ALLOWED_PACKAGES = {"cribbage", "widgets"}
NOTEBOOKS = sorted(p for p in COURSE.glob("*.ipynb") if not p.name.startswith("scratch"))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _links(markdown: str) -> list[str]:
    """Relative links of a markdown text (no web addresses, no in-page anchors)."""
    found = []
    for target in LINK.findall(markdown):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        found.append(target.split("#", 1)[0])
    return found


def test_the_course_has_its_first_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "03_the_show.ipynb", "04_board_and_skunks.ipynb",
            "06_hand_calculator_and_statistics.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_imports_only_the_public_packages_and_stays_thin(path: Path) -> None:
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        source = _source(cell)
        assert not re.search(r"^\s*[!%]", source, re.M), f"cell {number}: shell or magic command"
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"cell {number}: relative import"
                modules = [node.module or ""]
            else:
                assert not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)), \
                    f"cell {number}: helpers belong in cribbage or widgets, not in a lesson"
                continue
            for module in modules:
                top = module.split(".")[0]
                assert top in ALLOWED_PACKAGES, \
                    f"cell {number} imports {module!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_ends_with_a_recap_and_the_next_stop(path: Path) -> None:
    last = _cells(path)[-1]
    assert last["cell_type"] == "markdown"
    text = _source(last)
    assert re.search(r"^#+\s*Recap", text, re.M), "the last cell is a recap"
    assert re.search(r"^- ", text, re.M), "the recap lists what was learnt"
    pointer = re.search(r"\*\*Next stop:\*\*(.*)", text, re.S)
    assert pointer and _links(pointer.group(1)), "the recap ends with a link to the next stop"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_are_not_stored(path: Path) -> None:
    # Stored outputs would go stale with every widget change; nbval runs the cells instead.
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, f"cell {number}"


def _course_links() -> list[tuple[str, str]]:
    """(page, link) for every relative link in the rules page, the README and every notebook."""
    pages = [(RULES.name, RULES.read_text(encoding="utf-8"))]
    readme = COURSE / "README.md"
    if readme.exists():
        pages.append((readme.name, readme.read_text(encoding="utf-8")))
    for path in NOTEBOOKS:
        pages.append((path.name, "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")))
    return [(page, link) for page, text in pages for link in _links(text)]


def test_every_course_link_resolves() -> None:
    links = _course_links()
    assert len(links) > 20
    broken = [(page, link) for page, link in links
              if not (COURSE / link).exists() and link not in NOT_YET_WRITTEN]
    assert broken == []


def test_the_notebooks_not_yet_written_are_really_missing() -> None:
    arrived = sorted(name for name in NOT_YET_WRITTEN if (COURSE / name).exists())
    assert arrived == [], f"remove {arrived} from NOT_YET_WRITTEN in {Path(__file__).name}"


def test_start_here_and_rules_link_every_stop() -> None:
    start = "\n".join(_source(c) for c in _cells(COURSE / "00_start_here.ipynb") if c["cell_type"] == "markdown")
    stops = {p.name for p in NOTEBOOKS} | NOT_YET_WRITTEN
    assert stops <= set(_links(start))
    assert "rules.md" in _links(start)
    rules_links = set(_links(RULES.read_text(encoding="utf-8")))
    assert {"01_deal_discard_crib.ipynb", "02_the_play.ipynb", "03_the_show.ipynb",
            "04_board_and_skunks.ipynb"} <= rules_links


# The facts the rules page states, recomputed ------------------------------------------------------

RULES_TEXT = RULES.read_text(encoding="utf-8")


def _five(pattern: str) -> tuple[tuple[Card, ...], Card]:
    """Cards for a pattern such as "3-4-4-5", suits cycled so no flush and no jack; a king makes
    the fifth card of a four-card pattern (it joins no run or pair of these low ranks)."""
    ranks = [int(r) for r in pattern.split("-")] + ([13] if pattern.count("-") == 3 else [])
    suits = list(Suit)
    five = tuple(Card(rank, suits[i % 4]) for i, rank in enumerate(ranks))
    return five[:4], five[4]


def test_rules_worked_example_scores_12() -> None:
    assert "5♣ 5♦ 6♥ 7♠ with the starter 8♣" in RULES_TEXT and "Total **12**" in RULES_TEXT
    show = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
    assert (show.fifteens, show.pairs, show.runs, show.total) == (2, 2, 8, 12)


def test_rules_pattern_table_holds() -> None:
    rows = re.findall(r"^\s*\|[^|]+\|\s*([\d-]+)\s*\|\s*(\d+) \(", RULES_TEXT, re.M)
    assert dict(rows) == {"3-4-4-5": "8", "3-4-5-5-6": "10", "3-3-3-4-5": "15", "3-3-4-4-5": "16"}
    for pattern, worth in rows:
        hand, starter = _five(pattern)
        show = score_hand(hand, starter)
        assert show.runs + show.pairs == int(worth), pattern


def test_rules_3_3_4_4_with_a_five_is_20() -> None:
    assert "the whole hand is worth 20" in RULES_TEXT
    assert score_hand(cards("3C 3D 4H 4S"), Card.parse("5C")).total == 20


def test_rules_29_and_28() -> None:
    assert "The best hand is **29**" in RULES_TEXT and "The best without that jack is 28" in RULES_TEXT
    assert score_hand(cards("5H 5C 5S JD"), Card.parse("5D")).total == 29
    assert score_hand(cards("5H 5C 5S 5D"), Card.parse("KC")).total == 28
    assert score_hand(cards("5H 5C 5S JC"), Card.parse("5D")).total == 28   # the jack off-suit


def test_rules_only_4_of_12994800_hands_score_29() -> None:
    assert "only 4 of the 12,994,800 possible hands score 29" in RULES_TEXT
    counts = stats.hand_distribution()
    assert counts.sum() == 12_994_800 and counts[29] == 4


def test_rules_impossible_scores() -> None:
    assert "Scores of **19, 25, 26 and 27 are impossible**" in RULES_TEXT
    for crib in (False, True):
        counts = stats.hand_distribution(crib=crib)
        assert [s for s in range(30) if counts[s] == 0] == [19, 25, 26, 27]


def test_rules_only_the_longest_run_counts() -> None:
    assert "4-5-6-7 is one run of four" in RULES_TEXT
    assert score_hand(cards("4C 5D 6H 7S"), Card.parse("KC")).runs == 4
    assert score_hand(cards("4C 5D 5H 6S"), Card.parse("KC")).runs == 6   # 4-5-5-6: two runs


def test_rules_game_values() -> None:
    for line in ("| Skunk | 90 or less", "| Double skunk | 60 or less", "3 (4 by agreement)",
                 "the skunk line is 31"):
        assert line in RULES_TEXT
    assert skunk_lines(121) == (91, 61) and skunk_lines(61) == (31, None)
    assert [finish_kind(121, s) for s in (91, 90, 61, 60)] == ["win", "skunk", "skunk", "double skunk"]
    assert game_value(121, 60) == 3 and game_value(121, 60, double_skunk_games=4) == 4
    assert game_value(61, 30, target=61) == 2 and game_value(61, 0, target=61) == 2

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
from collections.abc import Iterator
from pathlib import Path

import pytest
from course_outputs import checked

from cribbage import Card, Suit, cards, score_hand, stats
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from cribbage.registry.stops import STOPS
from cribbage.rules.result import finish_kind, game_value, skunk_lines

COURSE = Path(__file__).resolve().parents[1] / "course"
RULES = COURSE / "rules.md"

#: Notebooks linked from the course that other helpers are still writing. Empty this set as each
#: arrives: a test fails as soon as a notebook listed here exists, so the set cannot go stale.
NOT_YET_WRITTEN: set[str] = set()

ALLOWED_PACKAGES = {"cribbage", "widgets"}
NOTEBOOKS = [COURSE / stop.notebook for stop in STOPS]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _code_cells(path: Path) -> Iterator[tuple[int, dict]]:
    """The notebook's code cells, with their number among all its cells (as errors name them)."""
    return ((number, cell) for number, cell in enumerate(_cells(path)) if cell["cell_type"] == "code")


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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_imports_only_the_public_packages_and_stays_thin(path: Path) -> None:
    for number, cell in _code_cells(path):
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
    if path == NOTEBOOKS[-1]:  # the last stop says the course ends, and links back to the start
        pointer = re.search(r"end of the course(.*)", text, re.S)
        assert pointer and _links(pointer.group(1)), "the last recap says the course ends and links back"
        return
    pointer = re.search(r"\*\*Next stop:\*\*(.*)", text, re.S)
    assert pointer and _links(pointer.group(1)), "the recap ends with a link to the next stop"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_only_checked_printouts_are_stored(path: Path) -> None:
    # nbval compares a marked cell's output with the stored one, so those are kept (printed text
    # only: tests/course_outputs.py stores them); anything else would go stale with every change.
    for number, cell in _code_cells(path):
        if checked(cell):
            assert cell["outputs"] and cell["execution_count"], \
                f"cell {number} is checked but stores no output: run tests/course_outputs.py"
            assert all(out["output_type"] == "stream" for out in cell["outputs"]), f"cell {number}"
        else:
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, f"cell {number}"


#: The stops that teach (the statistics lab, last, is read and explored, not run first).
LESSONS = NOTEBOOKS[:-1]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_stop_says_to_run_it_first_and_why(path: Path) -> None:
    first = _source(_cells(path)[0])
    assert "**Run this notebook first:**" in first and "Run All Cells" in first
    assert "until they have run you see only the words" in first


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_cells_are_prose_sized_and_assert_nothing(path: Path) -> None:
    # The facts a lesson relies on are checked below, in this file; a cell is a call or two.
    for number, cell in _code_cells(path):
        source = _source(cell)
        tree = ast.parse(source)
        assert not any(isinstance(node, ast.Assert) for node in ast.walk(tree)), f"cell {number} asserts"
        lines = [line for line in source.splitlines() if line.strip()]
        assert len(lines) <= 7, f"cell {number} has {len(lines)} lines"
        for plumbing in ("action_for", "Phase", ".log", "Game(", "Game.from_deal", ".apply("):
            assert plumbing not in source, f"cell {number}: engine plumbing {plumbing!r}"


def _questions(path: Path) -> list[tuple[int, str, object]]:
    """(cell, variable, question) for every try-it question a notebook asks."""
    import widgets

    # widgets loads its views on first use (a module __getattr__): name them all, so this test
    # does not depend on another having touched them first.
    names = {name: getattr(widgets, name) for name in widgets.__all__}
    found = []
    for number, cell in _code_cells(path):
        for node in ast.parse(_source(cell)).body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Name) and node.value.func.id.endswith("Question")):
                question = eval(compile(ast.Expression(node.value), path.name, "eval"), names)
                found.append((number, node.targets[0].id, question))
    return found


def _check_cell(path: Path, variable: str) -> tuple[int, str]:
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code" and f"{variable}.check(" in _source(cell):
            return number, _source(cell)
    raise AssertionError(f"{path.name}: nothing checks {variable}")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_try_it_is_a_blank_question(path: Path) -> None:
    cells = _cells(path)
    questions = _questions(path)
    asked = {number for number, _variable, _question in questions}
    for number, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and "*Try it:*" in _source(cell):
            following = next(i for i in range(number + 1, len(cells)) if cells[i]["cell_type"] == "code")
            assert following in asked, f"cell {number}: a try-it with no question after it"
    for number, variable, question in questions:
        check, source = _check_cell(path, variable)
        assert check > number
        tree = ast.parse(source)
        assert [type(node) for node in tree.body] == [ast.Assign, ast.Expr], f"cell {check}: a blank and a check"
        blank, call = tree.body
        assert isinstance(blank.value, ast.Constant) and blank.value.value is Ellipsis, f"cell {check} ships an answer"
        assert blank.targets[0].id == question.blank == call.value.args[0].id


def test_the_answers_file_answers_every_question_and_no_other() -> None:
    answers = json.loads((Path(__file__).parent / "exercise_answers.json").read_text(encoding="utf-8"))
    questions = [question for path in LESSONS for _n, _v, question in _questions(path)]
    assert len(questions) >= 14
    assert sorted(q.key for q in questions) == sorted(answers)
    for question in questions:
        assert question.check(answers[question.key]).right, question.key
    # Stops 0 to 4 and 6, 7 each ask something; stop 5 is played at the table.
    asking = {path.name[:2] for path in LESSONS if _questions(path)}
    assert asking == {"00", "01", "02", "03", "04", "06", "07"}


def _code_above(path: Path, marker: str) -> tuple[str, str]:
    """The code and the markdown of the cells above the first cell whose source holds ``marker``."""
    cells = _cells(path)
    end = next(i for i, cell in enumerate(cells) if marker in _source(cell))
    code = "\n".join(_source(c) for c in cells[:end] if c["cell_type"] == "code")
    text = "\n".join(_source(c) for c in cells[:end] if c["cell_type"] == "markdown")
    return code, text


def test_no_quiz_hand_is_worked_above_the_quiz() -> None:
    from widgets import SHIPPED_HANDS

    code, text = _code_above(COURSE / "03_the_show.ipynb", "ScoringQuiz()")
    for hand in SHIPPED_HANDS:
        codes = " ".join(f"{c.label}{c.suit.letter}" for c in hand.hand)
        symbols = " ".join(str(c) for c in hand.hand)
        assert codes not in code and symbols not in text, f"the quiz hand {symbols} is worked above the quiz"


def _six_card_groups(text: str) -> list[frozenset]:
    """Every run of six cards written in ``text``, as codes (5H) or symbols (5♥)."""
    token = r"(?:10|[2-9AJQKT])[CDHS♣♦♥♠]"
    groups = re.findall(rf"{token}(?:[ ,]+{token}){{5}}", text, re.I)
    return [frozenset(cards(group.replace(",", " "))) for group in groups]


def test_no_drill_is_answered_in_stop_1() -> None:
    from widgets import SHIPPED_DRILLS

    notebook = "\n".join(_source(c) for c in _cells(COURSE / "01_deal_discard_crib.ipynb"))
    written = _six_card_groups(notebook)
    assert frozenset(cards("AC 4D 6H 9S JD KC")) in written          # the finder finds sixes
    for drill in SHIPPED_DRILLS:
        assert frozenset(drill.six) not in written, " ".join(map(str, drill.six))


def test_the_solved_plays_are_not_told_above_their_walkthrough() -> None:
    code, text = _code_above(COURSE / "02_the_play.ipynb", "PeggingWalkthrough(")
    assert "SOLVED_PLAYS" not in code and "steps()" not in code
    for told in ("pegs 7", "run of five", "pair royal of kings", "a run of three laid"):
        assert told not in text


@pytest.mark.parametrize("language", CODES)
def test_stop_6_names_the_share_box_and_its_button_as_the_calculator_shows_them(language: str) -> None:
    # Issue 11: the lesson said "press *Load*" where the button says "Open code".
    from widgets.i18n import render

    folder = language_folder(language, COURSE)
    text = "\n".join(_source(c) for c in _cells(folder / STOPS[6].notebook_in(language))
                     if c["cell_type"] == "markdown")
    assert f"*{render('calc.code', language)}*" in text and f"*{render('calc.load', language)}*" in text
    assert not re.search(r"\*(Load|Cargar|Carregar)\*", text)


def test_stop_0_checks_the_guess_before_showing_a_count() -> None:
    code, _text = _code_above(COURSE / "00_start_here.ipynb", "four_of_clubs.check(")
    assert '"4C"' not in code.replace('HandQuestion("5C 5D 6H 7S", "4C")', "")


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
    start = "\n".join(_source(c) for c in _cells(NOTEBOOKS[0]) if c["cell_type"] == "markdown")
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


# The facts the lessons rely on, moved out of the lesson cells ------------------------------------

def test_stop_1_the_deal_the_crib_and_his_heels() -> None:
    from cribbage import Phase, advise_discard
    from cribbage.ai.levels import player
    from cribbage.ai.players import action_for
    from cribbage.rules.game import Game

    game = Game(seed=31)                                    # both cut a queen: they cut again
    first, second = [entry for entry in game.log if entry.kind == "cut for deal"]
    assert first.cards[0].rank == first.cards[1].rank
    assert game.dealer == (0 if second.cards[0].rank < second.cards[1].rank else 1)   # the lower card deals
    deal = next(entry for entry in game.log if entry.kind == "deal")
    assert sorted(deal.cards[0::2]) == list(game.hand(game.pone))      # the pone is dealt first
    first_dealer = game.dealer
    bots = (player("standard"), player("standard"))
    while game.phase is not Phase.DEAL_OVER:
        game.apply(action_for(bots[game.to_act], game, game.to_act))
    assert game.played[0][0] == game.pone                               # the pone leads the play
    shows = [(e.seat, e.kind) for e in game.events if e.kind in ("hand", "crib")]
    assert shows == [(game.pone, "hand"), (game.dealer, "hand"), (game.dealer, "crib")]
    game.next_deal()
    assert game.dealer == 1 - first_dealer                              # the deal passes over

    heels = Game.from_deal(("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "JS", dealer=0,
                           discards=("5H 5D", "2S 3S"))
    assert heels.events[0].kind == "his heels" and heels.scores == (2, 0)
    assert len(advise_discard("AC 4D 6H 9S JD KC", dealer=False)) == 15
    from widgets.drills.deal import DealSteps
    first_deal = DealSteps(seed=7)                                       # "the first deal above turns one"
    first_deal.deal()
    first_deal.lay_away(first_deal.six[:2])
    assert first_deal.cut().rank == 11 and first_deal.you_deal
    assert [score_hand(cards("5C 5D 6H 7S"), Card.parse(s)).total for s in ("AC", "8C", "5H")] == [8, 12, 17]


def test_stop_2_the_play() -> None:
    from cribbage import InvalidPlayError, score_play
    from cribbage.rules.game import Game
    from widgets import SOLVED_PLAYS

    with pytest.raises(InvalidPlayError):
        score_play("KS 7H 9D 6C")                                         # 32 is refused
    assert [score_play(s).total for s in ("7H 8C", "KD 5S", "4H 4C", "4H 4C 4D", "4H 4C 4D 4S",
                                          "7H 7C 2D 7S", "QH KC")] == [2, 2, 2, 6, 12, 0, 0]
    assert [score_play(s).total for s in ("4S 6D 5H", "4S 6D 5H 3C", "4H 5C 5D 6S", "3C 4D 9H 5S")] == [5, 4, 0, 0]
    game = Game.from_deal(("JH 9C 8C 3D 2S AS", "KS QS 9H 9D 4C 4H"), "6D", dealer=0,
                          discards=("2S AS", "4C 4H"))
    game.play(1, "KS"), game.play(0, "JH"), game.play(1, "9H"), game.go(0)
    entry = game.play(0, "9C")
    assert entry.count == 9 and entry.events == ()                       # no pair across the reset
    go, thirty_one, last_card = (solved.steps() for solved in SOLVED_PLAYS)
    kinds = [[e.kind for step in steps for e in step.events] for steps in (go, thirty_one, last_card)]
    assert kinds[0] == ["fifteen", "run", "run", "go", "last card"]
    assert kinds[1] == ["fifteen", "run", "run", "run", "thirty-one", "run", "last card"]
    assert kinds[2] == ["pair", "pair royal", "go", "fifteen", "pair", "last card"]
    assert any(step.kind == "pass" for step in thirty_one)


def test_stop_3_the_show() -> None:
    assert score_hand(cards("6C 7D 8H 9S"), Card.parse("AC")).total == 10
    assert score_hand(cards("5H 10C JD KS"), Card.parse("QH")).fifteens == 8
    assert [score_hand(cards(h), Card.parse("9S")).pairs
            for h in ("7C 7D 2H 4S", "7C 7D 7H 2S", "7C 7D 7H 7S", "QH KH 2C 3D")] == [2, 6, 12, 0]
    four_spades = cards("AS 4S 8S QS")
    assert [score_hand(four_spades, Card.parse(s), crib=c).flush
            for s in ("5H", "KS") for c in (False, True)] == [4, 0, 5, 5]
    assert [score_hand(cards("JS 6C 9D KH"), Card.parse(s)).nobs for s in ("2S", "2C", "JC")] == [1, 0, 0]
    memorise = [("5C 5D 6H 7S", "8C", 12), ("3C 3D 4H 4S", "5C", 20), ("4C 4D 5H 6S", "6D", 24),
                ("7C 7D 8H 8S", "9H", 24), ("6C 7D 8H 8S", "AC", 16), ("5C 5D JH QS", "KC", 17),
                ("5H 5C 5S 5D", "QC", 28), ("5H 5C 5S JD", "5D", 29)]
    for hand, starter, worth in memorise:
        assert score_hand(cards(hand), Card.parse(starter)).total == worth, hand


@pytest.mark.slow
def test_stop_4_the_board_and_skunks() -> None:
    from widgets import FINISHES, Board

    board = Board(stepper=False)
    board.set_pegs(((23, 17), (31, 25)))
    board.peg(0, 8)
    assert board.pegs[0] == (31, 23)                                      # the back peg leapfrogs
    ann = Board(names=("Ann", "Ben"), stepper=False)
    ann.set_pegs(((112, 104), (108, 99)))
    ann.peg(0, score_hand(cards("2C 3D 4S 6H"), Card.parse("9D")).total)
    assert ann.winner() == 0 and ann.scores == (121, 108)
    assert 108 + score_hand(cards("7C 8C 7H 8S"), Card.parse("9D")).total > 121   # Ben's 24, never counted
    assert 75 not in [loser[0] for _winner, loser in FINISHES]            # the try-it is not on the stepper


def test_stop_5_the_guided_hands_teach_what_they_say() -> None:
    from cribbage import score_play
    from widgets import GUIDED_HANDS

    line1 = GUIDED_HANDS[0].advised_game()
    assert any(event.kind == "go" for event in line1.events)
    assert [(e.seat, e.kind) for e in line1.events if e.kind in ("hand", "crib")] == \
        [(0, "hand"), (1, "hand"), (1, "crib")]
    line2 = GUIDED_HANDS[1].advised_game()
    assert {"thirty-one", "pair royal"} <= {e.kind for e in line2.events if e.phase == "play"}
    crib = next(e for e in line2.events if e.kind == "crib")
    assert crib.seat == 0 and crib.points == score_hand(line2.crib, line2.starter, crib=True).total
    third = GUIDED_HANDS[2]
    assert third.scores == (109, 114) and third.dealer == 1
    line3 = third.advised_game()
    assert line3.winner == 0 and line3.events[-1].kind == "hand"
    assert line3.scores[1] + score_hand(line3.kept(1), line3.starter).total > 121
    assert score_play("TH JD 8S 3C").total == 2 and score_play("6D 6H 6S").total == 6


def test_stop_6_statistics() -> None:
    from cribbage import Deck, advise_discard
    from widgets import starter_outcomes

    counts = stats.hand_distribution()
    assert counts.argmax() == 4 and round(stats.mean_score(counts), 2) == 4.77
    assert round(100 * counts[0] / counts.sum(), 1) == 7.8
    assert counts[29] == 4 and counts.sum() // counts[29] == 3_248_700
    years = counts.sum() / counts[29] / (100 * 52)                        # "about six hundred years"
    assert 550 < years < 700
    crib = stats.hand_distribution(crib=True)
    assert (round(stats.mean_score(counts), 4), round(stats.mean_score(crib), 4)) == (4.7692, 4.7348)
    lost = sum(s * n for s, n in enumerate(counts)) - sum(s * n for s, n in enumerate(crib))
    assert lost == 4 * (4 * 715 * 39)                                     # the four-card flushes
    assert all(crib[s] > counts[s] for s in (0, 2, 4)) and crib[6:].sum() < counts[6:].sum()
    outcomes = starter_outcomes("5H 5D 6H 7S", discards="KC QD")
    assert len(outcomes) == 46 and min(outcomes.values()) == 8 and max(outcomes.values()) == 17
    assert outcomes[Card.parse("5C")] == 17 and outcomes[Card.parse("4C")] == 14
    other = starter_outcomes("5H 5D QD KC", discards="6H 7S")
    assert abs(sum(outcomes.values()) / 46 - sum(other.values()) / 46) < 0.1
    best = []
    for seed in range(200):
        (pone_six, _dealer_six), _rest = Deck().shuffled(seed).deal(hands=2, each=6)
        best.append(advise_discard(pone_six, dealer=False).best.hand_ev)
    assert 7.5 < sum(best) / len(best) < 8.7                              # "about 8 points"


@pytest.mark.slow
def test_stop_6_self_play_gives_the_dealer_the_edge() -> None:
    from cribbage import player, simulate

    ours = simulate(150, [player("expert"), player("expert")], seed=2026, progress=False).per_deal
    pone = ours["pone play"] + ours["pone hand"]
    dealer = ours["dealer play"] + ours["dealer hand"] + ours["crib"] + ours["his heels"]
    assert dealer - pone > 3


def test_stop_7_crosscribb() -> None:
    from cribbage.crosscribb import (
        CENTRE,
        COLUMNS_SIDE,
        ROWS_SIDE,
        CrossCribbGame,
        RandomPlayer,
        deal_piles,
        play_round,
        round_deck,
        running_total,
        score_line,
        turn_order,
    )
    from cribbage.crosscribb import crosscribb_game_value as crosscribb_value

    assert [CrossCribbGame(4, seed=1).side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [CrossCribbGame(3, seed=1).side_of(seat) for seat in range(3)] == [0, 1, 0]
    assert CrossCribbGame.lines_of(COLUMNS_SIDE) == "columns" and CrossCribbGame.lines_of(ROWS_SIDE) == "rows"
    for players, sizes in ((4, [7, 7, 7, 7]), (2, [14, 14]), (3, [7, 14, 7])):
        piles, _rest = deal_piles(round_deck(seed=1, round_number=1), players, dealer=players - 1)
        assert [len(pile) for pile in piles] == sizes
    game = CrossCribbGame(2, seed=28)
    assert game.board[CENTRE[0]][CENTRE[1]] == game.starter and game.his_heels == 2
    assert len(turn_order(4, dealer=0)) == 24 and turn_order(4, dealer=0)[:4] == (1, 2, 3, 0)
    game = CrossCribbGame(2, seed=3)
    seat, first = game.to_act, game.turned
    game.discard(seat)
    assert game.to_act == seat and game.turned != first and game.owes(seat) == 1   # laying away costs no turn
    line = score_line("5H 5D 6H 7H 8H")
    assert (line.fifteens, line.pairs, line.runs, line.flush, line.total) == (2, 2, 8, 4, 16)
    assert score_line("2S 6S 9S QS KS").flush == 5 and score_line("2H 4H 6H 8H KS").flush == 4
    assert score_line("JH 2C 5H 9S KD", starter="5H").nobs == 1 and score_line("JH 2C 5H 9S KD").nobs == 0
    assert running_total("5H 5D JS") == 6
    game = CrossCribbGame(4, seed=7)
    play_round(game, [RandomPlayer(seat) for seat in range(4)])
    result = game.last_round
    assert result.points == abs(result.totals[0] - result.totals[1])
    assert [crosscribb_value(m) for m in (1, 15, 16, 30, 31, 45)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_widget_shown_above_is_changed_below(path: Path) -> None:
    # A widget is one object wherever it is shown: moving a board's pegs in a later cell moves them
    # in the picture above too, where it would answer a question before it is asked.
    defined: dict[str, int] = {}
    for number, cell in _code_cells(path):
        tree = ast.parse(_source(cell))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.attr != "check"):
                name = node.func.value.id
                assert defined.get(name, number) == number, \
                    f"cell {number} changes {name}, shown in cell {defined[name]}"
        for node in tree.body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        defined.setdefault(target.id, number)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_cell_but_the_imports_shows_something(path: Path) -> None:
    for number, cell in _code_cells(path):
        body = ast.parse(_source(cell)).body
        if all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body):
            continue
        shows = isinstance(body[-1], ast.Expr) or "print(" in _source(cell)
        assert shows, f"cell {number} shows nothing"

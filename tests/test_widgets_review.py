"""The review panel under the game table: every decision listed with its cost, the chart drawn, its words
in each language, an interrupted game, a refused review said as a message, and the misses kept once in
the learner's progress, where the practice brings them back."""

from __future__ import annotations

import random
import re

import pytest
from matplotlib.figure import Figure

from cribbage import hand_total
from cribbage.progress import ProgressStore, summarize
from cribbage.progress.check import check_answer
from cribbage.registry.languages import CODES, SOURCE
from cribbage.review import DecisionKind, review_game
from cribbage.rules.events import LogKind, Phase
from widgets.base.answers import drill_answer, review_answers
from widgets.drills.discard import Drill
from widgets.drills.quiz import misses_in_progress, mix_shares
from widgets.i18n import cards_text, decimal, render
from widgets.table.review import GameReviewPanel
from widgets.table.review_chart import ChartMark, review_chart
from widgets.table.view import YOU, GameTable


def _play(table: GameTable, rng: random.Random, *, deals: int | None = None, short: bool = False) -> None:
    """Random legal moves through the table's own actions, to the end (or until ``deals`` are over)."""
    game = table.game
    for _ in range(2000):
        if game.is_over or (deals is not None and game.deal_number > deals):
            return
        if table.checking:
            table.go_on()
        elif game.phase is Phase.DISCARD:
            table.lay_away(rng.sample(game.hand(YOU), 2))
        elif game.phase is Phase.PLAY:
            fits = [card for card in game.hand(YOU) if game.can_play(YOU, card)]
            table.play(rng.choice(fits)) if fits else table.go()
        elif game.phase is Phase.SHOW:
            crib = game.counting == "crib"
            cards = game.crib if crib else game.kept(YOU)
            true = hand_total(cards, game.starter, crib=crib)
            table.count(max(0, true - (rng.choice((1, 2)) if short else 0)))
        else:
            table.next_deal()
        assert table.message == "", table.message
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished() -> GameTable:
    table = GameTable(seed=7, level="beginner", target=61, board=False)
    _play(table, random.Random(7))
    return table


@pytest.fixture
def store(tmp_path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.sqlite3", learner="Ana")


def test_the_review_button_comes_with_the_first_discard_and_never_in_a_guided_hand() -> None:
    table = GameTable(seed=3, target=61, board=False)
    assert table.review_button.layout.display == "none" and table.review_panel is None
    table.lay_away(table.game.hand(YOU)[:2])
    assert table.review_button.layout.display is None
    assert GameTable.guided(1, board=False).review_button.layout.display == "none"


def test_every_decision_is_listed_in_order_with_its_cost(finished: GameTable) -> None:
    panel = finished.review()
    review = panel.review
    assert review is not None and review.finished and panel.message == ""
    rows = panel.decision_rows
    assert len(rows) == len(review.decisions) > 0
    # One discard a deal, read from the game's own log, and the table says each in the game's order.
    log_discards = [entry for entry in finished.game.log if entry.kind is LogKind.DISCARD and entry.seat == YOU]
    table_discards = [row for row in rows if row[2] == render("review.kind.discard", SOURCE)]
    assert len(table_discards) == len(log_discards)
    for row, entry in zip(table_discards, log_discards):
        assert f"(lay away {cards_text(sorted(entry.cards))})" in row[3]
    assert [int(row[1]) for row in rows] == sorted(int(row[1]) for row in rows)
    for row, decision in zip(rows, review.decisions):
        assert row[7] == decimal(decision.cost, SOURCE, 2)
        assert cards_text(decision.chosen) in row[3]
    # The three costliest are numbered 1..3 in the table, and explained in the engine's words.
    costly = review.costliest(3)
    assert sorted(row[0] for row in rows if row[0]) == [str(n) for n in range(1, len(costly) + 1)]
    for decision in costly:
        assert decision.explain(SOURCE) in panel.summary_text
    assert decimal(review.total_cost, SOURCE, 2) in panel.summary_text or review.lines(SOURCE)[0] in panel.summary_text


def test_the_chart_is_drawn_with_both_scores_the_marks_and_the_chance(finished: GameTable) -> None:
    panel = GameReviewPanel(finished.game, YOU, language=SOURCE)
    assert panel.chart_png[:4] == b"\x89PNG"
    review = panel.review
    marks = [ChartMark(d.deal, n, d.cost) for n, d in enumerate(review.costliest(3), start=1)]
    fig = review_chart(review.scores, names=("You", "Computer"), target=review.target, marks=marks,
                       chances=[(line.chance, line.low, line.high) for line in review.deals])
    assert isinstance(fig, Figure) and len(fig.axes) == 2
    top, bottom = fig.axes
    lines = [line for line in top.get_lines() if line.get_label() in ("You", "Computer")]
    assert [list(line.get_ydata()) for line in lines] == [[s[0] for s in review.scores], [s[1] for s in review.scores]]
    assert lines[0].get_linestyle() != lines[1].get_linestyle()   # told apart by more than colour
    texts = [text.get_text() for text in top.texts]
    assert [str(n) for n in range(1, len(marks) + 1)] == [t for t in texts if t.isdigit()]
    assert marks and f"−{decimal(marks[0].cost, SOURCE, 1)}" in texts
    chance = next(line for line in bottom.get_lines() if line.get_marker() == "D")
    assert list(chance.get_ydata()) == pytest.approx([100 * line.chance for line in review.deals])


@pytest.mark.parametrize("language", CODES)
def test_the_review_speaks_each_language(finished: GameTable, language: str) -> None:
    panel = GameReviewPanel(finished.game, YOU, language=language, chart=False)
    review = panel.review
    shown = panel._summary.value + panel._decisions.value + panel._heading.value
    for key in ("review.title", "review.col.chosen", "review.col.cost", "review.kind.discard"):
        assert render(key, language) in shown.replace("&#x27;", "'")
    for line in review.lines(language):
        assert line in panel.summary_text
    if language != SOURCE:
        for key in ("review.title", "review.col.chosen", "review.kind.discard"):
            assert render(key, language) != render(key, SOURCE)
        # Babel's decimal comma in the costs.
        costly = [row[7] for row in panel.decision_rows if row[7] != decimal(0, language, 2)]
        assert costly and all("," in cost for cost in costly)


def test_an_interrupted_game_is_reviewed_as_far_as_it_was_played(store: ProgressStore) -> None:
    table = GameTable(seed=11, target=121, board=False)
    table.progress_store = store
    _play(table, random.Random(11), deals=2)
    assert not table.game.is_over
    panel = table.review()
    review = panel.review
    assert review is not None and not review.finished and panel.message == ""
    assert render("review.unfinished", SOURCE, n=review.deals[-1].deal) in panel.summary_text
    assert len(panel.decision_rows) == len(review.decisions) == len(review_game(table.game, YOU).decisions)
    assert {int(row[1]) for row in panel.decision_rows} <= set(range(1, table.game.deal_number + 1))
    assert panel.chart_png[:4] == b"\x89PNG"


@pytest.mark.parametrize("language", CODES)
def test_a_refused_review_is_said_as_a_message(finished: GameTable, language: str) -> None:
    panel = GameReviewPanel(finished.game, 2, language=language, chart=False)
    assert panel.review is None and panel.message and "Traceback" not in panel.message
    assert panel.decision_rows == [] and panel.chart_png == b""
    with pytest.raises(ValueError) as refused:
        review_game(finished.game, 2)
    assert panel.message == render(refused.value.message, language)


def test_the_misses_are_kept_once_and_the_practice_brings_them_back(store: ProgressStore) -> None:
    table = GameTable(seed=4, level="beginner", target=61, muggins=True, board=False)
    table.progress_store = store
    _play(table, random.Random(4), short=True)
    panel = table.review()
    expected = review_answers(panel.review)
    kinds = {d.kind for d in panel.review.decisions if d.cost > 0}
    assert DecisionKind.COUNT in kinds and DecisionKind.DISCARD in kinds
    kept = [answer for answer in store.answers() if answer.item != "game"]   # the game itself is kept too
    assert [(a.item, a.answer) for a in kept] == [(e["item"], str(e["answer"])) for e in expected]
    assert all(not a.correct and a.stop == 5 for a in kept)
    # Under the drill's own item: a deal missed in a game and in the drill is one question.
    for answer in kept:
        if answer.skill == "discard":
            six, role = re.fullmatch(r"six (.+) \((dealer|pone)\)", answer.item).groups()
            drill = Drill.of(six, dealer=role == "dealer")
            assert drill_answer(drill, drill.advice().best, drill.advice().best, True)["item"] == answer.item
    table.review()                       # opened again: nothing kept twice
    GameReviewPanel(table.game, YOU, recorded=table._reviewed, store=store, chart=False)
    assert len([answer for answer in store.answers() if answer.item != "game"]) == len(kept)
    # A class's progress service, which believes no kernel, checks each again and agrees: each is a miss.
    for answer in kept:
        assert not check_answer(answer.item, answer.answer, claimed=False).correct
    # The scoring quiz leans towards the kinds the short counts missed; stop 1's discard is to practise.
    misses = misses_in_progress(store)
    counted = {kind for e in expected if e["skill"] == "show" for kind in e["kinds"]}
    assert counted <= set(misses) and misses["crib_gift"] >= 1
    assert "fifteen.3" in counted and mix_shares(misses)["fifteen.3"] > mix_shares()["fifteen.3"]
    progress = next(iter(summarize(store.answers()).values()))
    assert "keep" in [kind for kind, _tally in progress.most_missed(len(progress.kinds))]


def test_a_costly_discard_of_a_game_comes_back_in_the_discard_drill(store: ProgressStore) -> None:
    from widgets.drills.discard import DiscardDrill, missed_deals

    table = GameTable(seed=7, level="beginner", target=61, board=False)
    table.progress_store = store
    _play(table, random.Random(7), deals=3)
    panel = table.review()
    kept = [answer["item"] for answer in review_answers(panel.review) if answer["skill"] == "discard"]
    assert len(kept) >= 2
    missed = missed_deals(store)
    assert [f"six {cards_text(drill.six)} ({'dealer' if drill.dealer else 'pone'})"
            for drill in missed] == kept[::-1]      # the most recent first
    class Drilled(DiscardDrill):
        progress_store = store

    drill = Drilled()
    assert drill.again_button.layout.display is None
    drill.again_button.click()
    assert drill.drill == missed[0]
    assert render("drill.missed_which", SOURCE, n=len(missed)) in drill._heading.value
    drill.answer(drill.advice.best.discard)        # laid away right: it is practised
    assert missed_deals(store) == missed[1:]
    for _ in missed[1:]:
        drill.again()
        drill.answer(drill.advice.best.discard)
    drill.again()
    assert drill.message == render("drill.none_missed", SOURCE) and drill.again_button.layout.display == "none"

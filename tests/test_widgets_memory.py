"""Memory stays flat: a view closes every widget it replaces, so a thousand new deals leave no
widgets behind (counted in ipywidgets' registry of live widgets), and closing a view frees all it made.
(A cell run again in a real kernel: tests/integration/test_kernel_widgets.py.)"""

from __future__ import annotations

import warnings

import ipywidgets as w
import pytest

from widgets.drills.discard import DiscardDrill
from widgets.drills.quiz import ScoringQuiz
from widgets.drills.walkthrough import PeggingPractice, PeggingWalkthrough
from widgets.table.view import GameTable

# A thousand new deals per view: seconds each, so left out of `make check`.
pytestmark = pytest.mark.slow


def live() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the registry is the only count there is
        return len(w.Widget.widgets)


def play_a_little(table: GameTable) -> None:
    """Lay away and play a card or two, so the card buttons of a deal are made."""
    table.lay_away(table.game.hand(0)[:2])
    for card in table.game.hand(0):
        if table.game.can_play(0, card):
            table.play(card)
            break


def new_deals(view, step, n: int) -> int:
    """Widgets left behind by ``n`` more new deals, after a few to warm any pool up."""
    for i in range(4):
        step(view, i)
    before = live()
    for i in range(4, 4 + n):
        step(view, i)
    return live() - before


VIEWS = {
    "drill random deals": (DiscardDrill, lambda v, i: v.new_random(), 1000),
    "quiz new hands": (ScoringQuiz, lambda v, i: v.next(), 1000),
    "walkthrough": (PeggingWalkthrough, lambda v, i: (v.choose(i % 3), v.forward(), v.forward()), 1000),
    "pegging practice new hands": (PeggingPractice, lambda v, i: v.new_hand(), 1000),
    "game table new games": (lambda: GameTable(board=False),
                             lambda v, i: (v.new_game(seed=i, target=(121, 61)[i % 2]), play_a_little(v)), 200),
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_new_deals_leave_no_widgets_behind(name):
    make, step, n = VIEWS[name]
    assert new_deals(make(), step, n) == 0


@pytest.mark.parametrize("make", [DiscardDrill, ScoringQuiz, PeggingWalkthrough, PeggingPractice,
                                  lambda: GameTable(board=True), lambda: GameTable.guided(2)])
def test_closing_a_view_frees_every_widget_it_made(make):
    make().close()  # the first one may fill caches and shared widgets
    before = live()
    for _ in range(3):
        view = make()
        view.close()
    assert live() == before


def test_guided_hands_one_after_another_leave_no_widgets_behind():
    """A learner going through the guided hands again and again: each table replaced is closed."""
    def guided(i: int) -> GameTable:
        table = GameTable.guided(1 + i % 3, board=False)
        play_a_little(table)
        return table

    guided(0).close()
    before = live()
    for i in range(1, 31):
        guided(i).close()
    assert live() == before


def test_a_closed_view_still_held_lets_its_widgets_go():
    """IPython keeps a cell's result in ``Out[n]``: a view closed there must not keep its hundreds
    of closed widgets alive (the calculator's 253 cost the kernel ~0.7 MB a re-run)."""
    import gc
    import weakref

    from widgets.calculator.hand import HandCalculator

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        before = set(w.Widget.widgets)
        calc = HandCalculator()
        made = [weakref.ref(widget) for key, widget in w.Widget.widgets.items() if key not in before]
    assert len(made) > 200
    calc.close()
    gc.collect()
    alive = [ref() for ref in made if ref() is not None]
    assert [part for part in alive if part is not calc and part is not calc.layout] == []
    assert calc.children == ()

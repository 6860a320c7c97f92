"""ipywidgets views over the cribbage engine: they show and ask; rules stay in :mod:`cribbage`.

The views live in rooms, by what a learner meets (each sub-package's docstring says what it shows):

- :mod:`widgets.i18n`: the views' words (their catalogue, :mod:`widgets.i18n.messages`) and the
  language a notebook speaks;
- :mod:`widgets.base`: what every view is (:class:`widgets.base.view.View`, a refusal said as a
  message, the learner's answers kept in their progress file);
- :mod:`widgets.blocks`: the building blocks: cards, the board, the charts;
- :mod:`widgets.drills`: the drills, quizzes and try-it questions of the lessons;
- :mod:`widgets.table`: the game table and the guided hands;
- :mod:`widgets.crosscribb`: the CrossCribb board and quiz;
- :mod:`widgets.calculator`: the hand calculator and My deal;
- :mod:`widgets.lab`: the statistics lab;
- :mod:`widgets.progress`: the learner's progress panel.

A notebook imports what it shows from here: ``from widgets import HandCalculator``.

>>> from widgets import HandCalculator
>>> calc = HandCalculator.from_query("?hand=5H5D6H7S&starter=8C&crib=0", chart=False)
>>> calc.score.total, calc.share_code
(12, '5H5D6H7S/8C')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The words of every view: light, and importing them adds the widgets' messages to the catalogue.
from widgets.i18n import (
    LANGUAGES,
    card_name,
    cards_text,
    describe_items,
    get_language,
    number,
    render,
    set_language,
    spoken_count,
)

# The views are imported when first asked for (PEP 562), not with the package: a lesson's first cell
# then loads only what it shows, and matplotlib (about 0.4 s of a kernel's start, 0.3 of its 1 s)
# only for a board or a chart.
if TYPE_CHECKING:
    from widgets.blocks.board import FINISHES, Board, draw_board
    from widgets.blocks.cards import CardPicker, CardRow, DeckPicker, ItemButtons, card_html
    from widgets.blocks.charts import (
        distribution_chart,
        selfplay_against_chambers,
        selfplay_chart,
        starter_outcomes,
        starter_outcomes_chart,
    )
    from widgets.calculator.address import calculator_address
    from widgets.calculator.hand import HandCalculator, parse_code, parse_query
    from widgets.calculator.my_deal import MyDeal
    from widgets.crosscribb.board import CrossCribbBoard
    from widgets.crosscribb.quiz import CrossCribbQuiz
    from widgets.drills.after_answer import AfterAnswer
    from widgets.drills.deal import DealPractice
    from widgets.drills.discard import SHIPPED_DRILLS, DiscardDrill, Drill, keeps_table, random_drill
    from widgets.drills.exercise import (
        GamesQuestion,
        HandQuestion,
        HandsScoringQuestion,
        KeepsQuestion,
        LineQuestion,
        PegQuestion,
        PlayQuestion,
        RaceQuestion,
    )
    from widgets.drills.quiz import SHIPPED_HANDS, QuizHand, ScoringQuiz
    from widgets.drills.walkthrough import SOLVED_PLAYS, PeggingPractice, PeggingWalkthrough, SolvedPlay
    from widgets.lab.frames import shown_frame
    from widgets.lab.views import (
        CribTableView,
        FiveKeepView,
        KeepView,
        PeggingView,
        PositionView,
        RulesPanel,
        crib_comparisons,
        lab_tables,
    )
    from widgets.progress.panel import ProgressPanel
    from widgets.table.guided import GUIDED_HANDS, GuidedHand
    from widgets.table.more_players import MorePlayersTable
    from widgets.table.view import GameTable

_MODULES = {
    "widgets.blocks.board": ("FINISHES", "Board", "draw_board"),
    "widgets.blocks.cards": ("CardPicker", "CardRow", "DeckPicker", "ItemButtons", "card_html"),
    "widgets.blocks.charts": ("distribution_chart", "selfplay_against_chambers", "selfplay_chart",
                              "starter_outcomes", "starter_outcomes_chart"),
    "widgets.calculator.address": ("calculator_address",),
    "widgets.calculator.hand": ("HandCalculator", "parse_code", "parse_query"),
    "widgets.calculator.my_deal": ("MyDeal",),
    "widgets.crosscribb.board": ("CrossCribbBoard",),
    "widgets.crosscribb.quiz": ("CrossCribbQuiz",),
    "widgets.drills.after_answer": ("AfterAnswer",),
    "widgets.drills.deal": ("DealPractice",),
    "widgets.drills.discard": ("SHIPPED_DRILLS", "DiscardDrill", "Drill", "keeps_table", "random_drill"),
    "widgets.drills.exercise": ("GamesQuestion", "HandQuestion", "HandsScoringQuestion", "KeepsQuestion",
                                "LineQuestion", "PegQuestion", "PlayQuestion", "RaceQuestion"),
    "widgets.drills.quiz": ("SHIPPED_HANDS", "QuizHand", "ScoringQuiz"),
    "widgets.drills.walkthrough": ("SOLVED_PLAYS", "PeggingPractice", "PeggingWalkthrough", "SolvedPlay"),
    "widgets.lab.frames": ("shown_frame",),
    "widgets.lab.views": ("CribTableView", "FiveKeepView", "KeepView", "PeggingView", "PositionView", "RulesPanel",
                          "crib_comparisons", "lab_tables"),
    "widgets.progress.panel": ("ProgressPanel",),
    "widgets.table.guided": ("GUIDED_HANDS", "GuidedHand"),
    "widgets.table.more_players": ("MorePlayersTable",),
    "widgets.table.view": ("GameTable",),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value   # asked once: the next time it is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


__all__ = [
    "FINISHES",
    "GUIDED_HANDS",
    "LANGUAGES",
    "SHIPPED_DRILLS",
    "SHIPPED_HANDS",
    "SOLVED_PLAYS",
    "AfterAnswer",
    "Board",
    "CardPicker",
    "CardRow",
    "CribTableView",
    "CrossCribbBoard",
    "CrossCribbQuiz",
    "DealPractice",
    "DeckPicker",
    "DiscardDrill",
    "Drill",
    "FiveKeepView",
    "GameTable",
    "GamesQuestion",
    "GuidedHand",
    "HandCalculator",
    "HandQuestion",
    "HandsScoringQuestion",
    "ItemButtons",
    "KeepView",
    "KeepsQuestion",
    "LineQuestion",
    "MorePlayersTable",
    "MyDeal",
    "PegQuestion",
    "PeggingPractice",
    "PeggingView",
    "PeggingWalkthrough",
    "PlayQuestion",
    "PositionView",
    "ProgressPanel",
    "QuizHand",
    "RaceQuestion",
    "RulesPanel",
    "ScoringQuiz",
    "SolvedPlay",
    "calculator_address",
    "card_html",
    "card_name",
    "cards_text",
    "crib_comparisons",
    "describe_items",
    "distribution_chart",
    "draw_board",
    "get_language",
    "keeps_table",
    "lab_tables",
    "number",
    "parse_code",
    "parse_query",
    "random_drill",
    "render",
    "selfplay_against_chambers",
    "selfplay_chart",
    "set_language",
    "shown_frame",
    "spoken_count",
    "starter_outcomes",
    "starter_outcomes_chart",
]

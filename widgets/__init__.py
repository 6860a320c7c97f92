"""ipywidgets views over the cribbage engine: they show and ask; rules stay in :mod:`cribbage`.

>>> from widgets import HandCalculator
>>> calc = HandCalculator.from_query("?hand=5H5D6H7S&starter=8C&crib=0", chart=False)
>>> calc.score.total, calc.share_code
(12, '5H5D6H7S/8C')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The words of every view: light, and importing them adds the widgets' messages to the catalogue.
from .i18n import LANGUAGES, card_name, describe_items, get_language, render, set_language, spoken_count

# The views are imported when first asked for (PEP 562), not with the package: a lesson's first cell
# then loads only what it shows, and matplotlib (about 0.4 s of a kernel's start, 0.3 of its 1 s)
# only for a board or a chart.
if TYPE_CHECKING:
    from .board import FINISHES, Board, draw_board
    from .calculator import HandCalculator, parse_code, parse_query
    from .cards import CardPicker, CardRow, DeckPicker, ItemButtons, card_html
    from .charts import (
        distribution_chart,
        selfplay_against_chambers,
        selfplay_chart,
        starter_outcomes,
        starter_outcomes_chart,
    )
    from .crosscribb import CrossCribbBoard
    from .crosscribb_quiz import CrossCribbQuiz
    from .deal import DealPractice
    from .drill import SHIPPED_DRILLS, DiscardDrill, Drill, random_drill
    from .exercise import (
        GamesQuestion,
        HandQuestion,
        HandsScoringQuestion,
        KeepsQuestion,
        LineQuestion,
        PegQuestion,
        PlayQuestion,
        RaceQuestion,
    )
    from .guided import GUIDED_HANDS, GuidedHand
    from .progress import ProgressPanel
    from .quiz import SHIPPED_HANDS, QuizHand, ScoringQuiz
    from .table import GameTable
    from .walkthrough import SOLVED_PLAYS, PeggingPractice, PeggingWalkthrough, SolvedPlay

_MODULES = {
    "board": ("FINISHES", "Board", "draw_board"),
    "calculator": ("HandCalculator", "parse_code", "parse_query"),
    "cards": ("CardPicker", "CardRow", "DeckPicker", "ItemButtons", "card_html"),
    "charts": ("distribution_chart", "selfplay_against_chambers", "selfplay_chart", "starter_outcomes",
               "starter_outcomes_chart"),
    "crosscribb": ("CrossCribbBoard",),
    "crosscribb_quiz": ("CrossCribbQuiz",),
    "deal": ("DealPractice",),
    "drill": ("SHIPPED_DRILLS", "DiscardDrill", "Drill", "random_drill"),
    "exercise": ("GamesQuestion", "HandQuestion", "HandsScoringQuestion", "KeepsQuestion", "LineQuestion",
                 "PegQuestion", "PlayQuestion", "RaceQuestion"),
    "guided": ("GUIDED_HANDS", "GuidedHand"),
    "progress": ("ProgressPanel",),
    "quiz": ("SHIPPED_HANDS", "QuizHand", "ScoringQuiz"),
    "table": ("GameTable",),
    "walkthrough": ("SOLVED_PLAYS", "PeggingPractice", "PeggingWalkthrough", "SolvedPlay"),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
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
    "Board",
    "CardPicker",
    "CardRow",
    "CrossCribbBoard",
    "CrossCribbQuiz",
    "DealPractice",
    "DeckPicker",
    "DiscardDrill",
    "Drill",
    "GameTable",
    "GamesQuestion",
    "GuidedHand",
    "HandCalculator",
    "HandQuestion",
    "HandsScoringQuestion",
    "ItemButtons",
    "KeepsQuestion",
    "LineQuestion",
    "PegQuestion",
    "PeggingPractice",
    "PeggingWalkthrough",
    "PlayQuestion",
    "ProgressPanel",
    "QuizHand",
    "RaceQuestion",
    "ScoringQuiz",
    "SolvedPlay",
    "card_html",
    "card_name",
    "describe_items",
    "distribution_chart",
    "draw_board",
    "get_language",
    "parse_code",
    "parse_query",
    "random_drill",
    "render",
    "selfplay_against_chambers",
    "selfplay_chart",
    "set_language",
    "spoken_count",
    "starter_outcomes",
    "starter_outcomes_chart",
]

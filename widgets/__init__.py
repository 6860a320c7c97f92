"""ipywidgets views over the cribbage engine: they show and ask; rules stay in :mod:`cribbage`.

>>> from widgets import HandCalculator
>>> calc = HandCalculator.from_query("?hand=5H5D6H7S&starter=8C&crib=0", chart=False)
>>> calc.score.total, calc.share_code
(12, '5H5D6H7S/8C')
"""

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
from .i18n import LANGUAGES, card_name, describe_items, get_language, render, set_language, spoken_count
from .progress import ProgressPanel
from .quiz import SHIPPED_HANDS, QuizHand, ScoringQuiz
from .table import GameTable
from .walkthrough import SOLVED_PLAYS, PeggingPractice, PeggingWalkthrough, SolvedPlay

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
    "use_language",
]

"""ipywidgets views over the cribbage engine: they show and ask; rules stay in :mod:`cribbage`.

>>> from widgets import HandCalculator
>>> calc = HandCalculator.from_query("?hand=5H5D6H7S&starter=8C&crib=0", chart=False)
>>> calc.score.total, calc.share_code
(12, '5H5D6H7S/8C')
"""

from .board import FINISHES, Board, draw_board
from .calculator import HandCalculator, parse_code, parse_query
from .cards import CardPicker, CardRow, DeckPicker, ItemButtons, card_html
from .charts import distribution_chart, selfplay_chart, starter_outcomes, starter_outcomes_chart
from .i18n import LANGUAGES, card_name, describe_items, get_language, set_language, spoken_count, t
from .quiz import SHIPPED_HANDS, QuizHand, ScoringQuiz
from .drill import SHIPPED_DRILLS, DiscardDrill, Drill, random_drill
from .walkthrough import SOLVED_PLAYS, PeggingPractice, PeggingWalkthrough, SolvedPlay
from .guided import GUIDED_HANDS, GuidedHand
from .table import GameTable
from .crosscribb import CrossCribbBoard
from .crosscribb_quiz import CrossCribbQuiz
from .deal import DealPractice
from .exercise import (GamesQuestion, HandQuestion, HandsScoringQuestion, KeepsQuestion, LineQuestion,
                       PegQuestion, PlayQuestion, RaceQuestion)
from .progress import ProgressPanel

__all__ = [
    "LANGUAGES", "set_language", "get_language", "t", "card_name", "describe_items", "spoken_count",
    "card_html", "CardRow", "CardPicker", "DeckPicker", "ItemButtons",
    "distribution_chart", "starter_outcomes", "starter_outcomes_chart", "selfplay_chart",
    "HandCalculator", "parse_query", "parse_code",
    "ScoringQuiz", "QuizHand", "SHIPPED_HANDS",
    "Board", "draw_board", "FINISHES",
    "DiscardDrill", "Drill", "SHIPPED_DRILLS", "random_drill",
    "PeggingWalkthrough", "PeggingPractice", "SolvedPlay", "SOLVED_PLAYS",
    "GameTable", "GuidedHand", "GUIDED_HANDS",
    "CrossCribbBoard", "CrossCribbQuiz",
    "DealPractice", "HandQuestion", "PlayQuestion", "LineQuestion", "GamesQuestion", "PegQuestion",
    "RaceQuestion", "KeepsQuestion", "HandsScoringQuestion",
    "ProgressPanel",
]

"""What a finished game is worth: a win, a skunk or a double skunk.

Rules: RULES.md, "Game value". In a game to 121 a loser on 90 or less is skunked (2 games) and on
60 or less double-skunked (3 games by default, 4 as an option). In a game to 61 the skunk line is
31 and there is no double skunk.

>>> game_value(121, 88), finish_kind(121, 88)
(2, 'skunk')
>>> game_value(121, 60, double_skunk_games=4)
4
"""

from __future__ import annotations

from .errors import CribbageError
from .messages import message

__all__ = ["skunk_lines", "finish_kind", "game_value"]

_TARGETS = (121, 61)


def skunk_lines(target: int = 121) -> tuple[int, int | None]:
    """The hole the loser must reach to escape a skunk, and a double skunk (``None`` if none)."""
    if target == 121:
        return 91, 61
    if target == 61:
        return 31, None
    raise CribbageError(message("game.bad_target", value=repr(target)[:40]))


def _check(winner_score: int, loser_score: int, target: int) -> None:
    for name, score in (("winner", winner_score), ("loser", loser_score)):
        if not isinstance(score, int) or isinstance(score, bool):
            raise CribbageError(message(f"result.{name}_not_whole", value=repr(score)[:40]))
    skunk_lines(target)
    if winner_score != target:
        raise CribbageError(message("result.winner_on_target", target=target, score=winner_score))
    if not 0 <= loser_score < target:
        raise CribbageError(message("result.loser_range", most=target - 1, score=loser_score))


def finish_kind(winner_score: int, loser_score: int, *, target: int = 121) -> str:
    """``"win"``, ``"skunk"`` or ``"double skunk"``."""
    _check(winner_score, loser_score, target)
    skunk, double = skunk_lines(target)
    if double is not None and loser_score < double:
        return "double skunk"
    if loser_score < skunk:
        return "skunk"
    return "win"


def game_value(winner_score: int, loser_score: int, *, target: int = 121,
               double_skunk_games: int = 3) -> int:
    """How many games the winner scores: 1, 2 for a skunk, 3 (or 4) for a double skunk."""
    if double_skunk_games not in (3, 4):
        raise CribbageError(message("game.bad_double_skunk", value=repr(double_skunk_games)[:40]))
    kind = finish_kind(winner_score, loser_score, target=target)
    return {"win": 1, "skunk": 2, "double skunk": double_skunk_games}[kind]

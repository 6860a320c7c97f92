"""What a finished game is worth: a win, a skunk or a double skunk; and the targets a game is played to.

Rules: ``course/rules.md``, "Winning". In a game to 121 a loser on 90 or less is skunked (2 games)
and on 60 or less double-skunked (3 games by default, 4 as an option). In a game to 61 the skunk
line is 31 and there is no double skunk.

Every place that names how a game ended asks :class:`Finish`: from the final scores
(:func:`finish_kind`) or from the games won (:meth:`Finish.of_games`).

>>> game_value(121, 88), finish_kind(121, 88)
(2, <Finish.SKUNK: 'skunk'>)
>>> finish_kind(121, 88) == "skunk", str(Finish.of_games(3))
(True, 'double skunk')
>>> game_value(121, 60, double_skunk_games=4)
4
"""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue, message
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.kinds import TextEnum

__all__ = [
    "FULL_GAME",
    "SHORT_GAME",
    "TARGETS",
    "Finish",
    "finish_kind",
    "game_value",
    "missed_line",
    "skunk_lines",
]

#: A full game is played to 121 (three times round a 40-hole board, and into the game hole).
FULL_GAME = 121
#: A short game is played to 61 (once round a 60-hole board).
SHORT_GAME = 61
#: The targets a game may be played to.
TARGETS = (FULL_GAME, SHORT_GAME)


add_catalogue({
    "result.bad_games": {"en": "a game is worth 1 to 4 games, not {value}"},
})


class Finish(TextEnum):
    """How a game ended, by where the loser stands against the skunk lines."""

    #: The loser reached the skunk line: one game.
    WIN = "win"
    #: The loser did not reach the skunk line: two games.
    SKUNK = "skunk"
    #: The loser did not even reach the double-skunk line (games to 121 only): three games, or four.
    DOUBLE_SKUNK = "double skunk"

    @classmethod
    def of_games(cls, games: int) -> Finish:
        """The finish that scores ``games`` games: 1 a win, 2 a skunk, 3 or more a double skunk."""
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise CribbageError(message("result.bad_games", value=shown(games)))
        return cls.WIN if games == 1 else cls.SKUNK if games == 2 else cls.DOUBLE_SKUNK


def skunk_lines(target: int = FULL_GAME) -> tuple[int, int | None]:
    """The hole the loser must reach to escape a skunk, and a double skunk (``None`` if none)."""
    if whole_number(target) is None:
        raise CribbageError(message("game.bad_target", value=shown(target)))
    if target == FULL_GAME:
        return 91, 61
    if target == SHORT_GAME:
        return 31, None
    raise CribbageError(message("game.bad_target", value=shown(target)))


def _check(winner_score: int, loser_score: int, target: int) -> None:
    for name, score in (("winner", winner_score), ("loser", loser_score)):
        if not isinstance(score, int) or isinstance(score, bool):
            raise CribbageError(message(f"result.{name}_not_whole", value=shown(score)))
    skunk_lines(target)
    if winner_score != target:
        raise CribbageError(message("result.winner_on_target", target=target, score=shown(winner_score)))
    if not 0 <= loser_score < target:
        raise CribbageError(message("result.loser_range", most=target - 1, score=shown(loser_score)))


def finish_kind(winner_score: int, loser_score: int, *, target: int = FULL_GAME) -> Finish:
    """:attr:`Finish.WIN`, :attr:`Finish.SKUNK` or :attr:`Finish.DOUBLE_SKUNK` (equal to their text)."""
    _check(winner_score, loser_score, target)
    skunk, double = skunk_lines(target)
    if double is not None and loser_score < double:
        return Finish.DOUBLE_SKUNK
    if loser_score < skunk:
        return Finish.SKUNK
    return Finish.WIN


def missed_line(finish: Finish, target: int = FULL_GAME) -> int:
    """The line that decided ``finish``: the double-skunk line for a double skunk, else the skunk line."""
    skunk, double = skunk_lines(target)
    return double if finish is Finish.DOUBLE_SKUNK and double is not None else skunk


def game_value(winner_score: int, loser_score: int, *, target: int = FULL_GAME,
               double_skunk_games: int = 3) -> int:
    """How many games the winner scores: 1, 2 for a skunk, 3 (or 4) for a double skunk."""
    if whole_number(double_skunk_games) not in (3, 4):
        raise CribbageError(message("game.bad_double_skunk", value=shown(double_skunk_games)))
    kind = finish_kind(winner_score, loser_score, target=target)
    return {Finish.WIN: 1, Finish.SKUNK: 2, Finish.DOUBLE_SKUNK: double_skunk_games}[kind]

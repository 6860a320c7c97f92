"""The computer's levels by name, and a whole game between computer players.

``player("expert")`` is :class:`~cribbage.ai.expert.ExpertPlayer`; ``"classic"`` the first expert,
kept to measure against; ``"beginner"`` and ``"standard"`` the simpler levels of
:mod:`cribbage.ai.players`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

from cribbage.ai import words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.ai.driver import Driver
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.play_choice import LEVELS
from cribbage.ai.players import BeginnerPlayer, ClassicExpertPlayer, ComputerPlayer, Player, StandardPlayer
from cribbage.ai.table_driver import TablePlayer, play_table_game
from cribbage.lang.messages import message
from cribbage.rules.checks import bounded, one_of
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.game import Game
from cribbage.rules.ruleset import Rules
from cribbage.rules.table import TableGame

__all__ = ["LEVELS", "play_game", "player"]

_CLASSES: dict[str, type[ComputerPlayer]] = {
    "beginner": BeginnerPlayer, "standard": StandardPlayer, "expert": ExpertPlayer, "classic": ClassicExpertPlayer}


def player(level: str = "expert", *, seed: int | str | None = 0, name: str | None = None) -> Player:
    """A computer player at ``level``: ``"beginner"``, ``"standard"`` or ``"expert"`` (or ``"classic"``)."""
    try:
        cls = _CLASSES[level]
    except (KeyError, TypeError):
        raise CribbageError(message("level.unknown", value=shown(level), levels=", ".join(LEVELS))) from None
    return cls(seed=seed, name=name)


#: The options of a game that :func:`play_game` and self-play pass on to :class:`cribbage.Game`.
GAME_OPTIONS = ("target", "muggins", "double_skunk_games", "dealer", "scores", "back_pegs", "deal_number", "deals")


def two_players(players: object) -> tuple[Player, Player]:
    """The two computer players of a list (read no further than an eleventh), or the engine's refusal."""
    read = bounded(players, "players", 10)
    if len(read) != 2:
        raise CribbageError(message("stats.two_players", n=len(read)))
    for one in read:
        if not isinstance(one, Player):
            raise CribbageError(message("ai.not_player", name="players", value=shown(one)))
    return read[0], read[1]


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` if each names an option of :class:`cribbage.Game` (their values the game checks)."""
    for name in options:
        one_of(name, "option", GAME_OPTIONS)
    return options


@overload
def play_game(players: Sequence[Player], *, seed: int | str, rules: None = None, **options: Any) -> Game: ...


@overload
def play_game(players: Sequence[Player] | Sequence[TablePlayer], *, seed: int | str, rules: Rules,
              **options: Any) -> Game | TableGame: ...


def play_game(players: Sequence[Player] | Sequence[TablePlayer], *, seed: int | str, rules: Rules | None = None,
              **options: Any) -> Game | TableGame:
    """Play a whole :class:`cribbage.Game` between two computer players (seat 0 is ``players[0]``).

    ``options`` go to ``Game`` (``target``, ``muggins``, ...), or ``rules`` says them all. With
    ``rules`` for three or four players the game is at the table: ``players`` are one
    :class:`~cribbage.ai.table_driver.TablePlayer` a seat (``cribbage.multiplayer.table_player``), each
    asked through its seat's view. Returns the finished game. In muggins mode a player claims every
    count the opponent left short.
    """
    if seed is None:  # a game played for its record follows a seed the caller chose
        raise CribbageError(message("game.bad_seed", value=shown(seed)))
    if isinstance(rules, Rules) and rules.players != 2:
        if options:
            raise CribbageError(message("game.table_option", name=next(iter(options)), players=rules.players))
        return play_table_game(players, seed=seed, rules=rules)  # type: ignore[arg-type]
    first, second = two_players(players)
    game = Game(seed, rules=rules, **game_options(options))
    Driver(game, {0: first, 1: second}).advance()
    return game

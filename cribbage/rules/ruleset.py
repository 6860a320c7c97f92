"""The rules of a game as one value: how many play, whether as partners, the cards dealt and laid away,
the crib's card from the deck, the target, muggins and the double skunk's worth.

``Rules()`` is the classic two-player game; ``Rules(players=3)`` and ``Rules(players=4)`` are the games
RULES.md lists as options. The cards are not free choices: each game deals what the rule book says
(six each and two laid away for two; five each and one laid away for three and four, with one card from
the deck to the crib for three), so that every hand and the crib hold four. A value that does not make
a game is refused with the engine's error naming the field.

>>> Rules(players=3).hand, Rules(players=3).lay_away, Rules(players=3).crib_from_deck
(5, 1, 1)
>>> Rules(players=4).partners, Rules(players=4).sides
(True, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.lang.messages import message
from cribbage.rules import table_words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.rules.checks import flag, whole
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.result import FULL_GAME, skunk_lines

__all__ = ["DEALS", "LETTERS", "Rules"]

#: The letter each seat goes by at the table, seat 0 first.
LETTERS = "ABCD"

#: For each number of players: the cards dealt each, laid away each, and dealt from the deck to the crib.
DEALS = {2: (6, 2, 0), 3: (5, 1, 1), 4: (5, 1, 0)}


@dataclass(frozen=True, init=False)
class Rules:
    """What a game is played by (see the module's docstring). The cards dealt, laid away and put in the
    crib from the deck may be left out: each game has its own, and any other is refused."""

    players: int
    partners: bool
    hand: int
    lay_away: int
    crib_from_deck: int
    target: int
    muggins: bool
    double_skunk_games: int

    def __init__(self, players: int = 2, *, partners: bool | None = None, hand: int | None = None,
                 lay_away: int | None = None, crib_from_deck: int | None = None, target: int = FULL_GAME,
                 muggins: bool = False, double_skunk_games: int = 3) -> None:
        seats = whole(players, "players", low=2, high=4)
        paired = seats == 4 if partners is None else flag(partners, "partners")
        if paired != (seats == 4):
            raise CribbageError(message("multiplayer.bad_partners", value=shown(partners)))
        dealt = dict(zip(("hand", "lay_away", "crib_from_deck"), DEALS[seats]))
        for name, given in (("hand", hand), ("lay_away", lay_away), ("crib_from_deck", crib_from_deck)):
            if given is not None and (isinstance(given, bool) or whole_number(given) != dealt[name]):
                raise CribbageError(message("multiplayer.bad_field", field=name, value=shown(given), players=seats,
                                            expected=dealt[name]))
        whole_target = whole_number(target)
        if whole_target is None:
            raise CribbageError(message("game.bad_target", value=shown(target)))
        skunk_lines(whole_target)  # raises unless the target is 121 or 61
        if flag(muggins, "muggins") and seats != 2:
            raise CribbageError(message("multiplayer.no_muggins", players=seats))
        games = whole_number(double_skunk_games)
        if games not in (3, 4):
            raise CribbageError(message("game.bad_double_skunk", value=shown(double_skunk_games)))
        for name, value in (("players", seats), ("partners", paired), ("target", whole_target), ("muggins", muggins),
                            ("double_skunk_games", games), *dealt.items()):
            object.__setattr__(self, name, value)

    @property
    def sides(self) -> int:
        """How many score: each player, or two sides of partners."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: partners sit opposite (seats 0 and 2, seats 1 and 3)."""
        return seat % 2 if self.partners else seat

    @property
    def skunk_lines(self) -> tuple[int, int | None]:
        """The hole a losing side must reach to escape a skunk, and a double skunk (``None`` if none)."""
        return skunk_lines(self.target)

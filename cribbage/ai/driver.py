"""One driver for a :class:`~cribbage.rules.game.Game` with computer seats: it lets them act and stops at a person's decision.

Every table with a computer at it (the terminal game, the game table, the pegging practice, the
guided hands, self-play) needs the same loop: while it is a computer's move, make it; stop when a
person must decide; say what happened meanwhile. :class:`Driver` is that loop, written once.

Seats with a player in ``players`` are the computer's; the others are people. The driver:

- lets the computers lay away first: at a real table both discard at once, so a person never waits
  on the computer to see the starter cut after their own discard;
- makes every move of a computer seat, and claims every muggins a computer is owed;
- stops when a person must decide: lay away, play or go, count (muggins mode), start the next deal;
- in muggins mode, stops after a computer's count that a person may claim (``checking``), and with
  ``check_counts`` after every computer count, so a view gives nothing away by stopping;
- starts the next deal by itself only when no seat is a person (or when told to).

>>> from cribbage import player
>>> driver = Driver(Game(seed=3), {1: player("standard")})
>>> report = driver.advance()             # the computer lays away first; seat 0 decides now
>>> driver.waiting, driver.game.discards(1) != ()
(0, True)
>>> [entry.kind.value for entry in report.entries][-2:]
['deal', 'discard']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cribbage.ai import words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.ai.players import Player, action_for
from cribbage.lang.messages import Seat, message
from cribbage.rules.actions import Action, Muggins, NextDeal
from cribbage.rules.checks import bounded, flag, of_kind
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, IllegalActionError, shown
from cribbage.rules.events import LogEntry, LogKind, Phase, ScoreEvent
from cribbage.rules.game import Game

__all__ = ["Driver", "Report", "turns"]

_DISCARD, _OVER = Phase.DISCARD, Phase.OVER


@dataclass(frozen=True)
class Report:
    """What happened since the last report: the game's log entries, in order (the person's own
    move, the computer's answers and the automatic steps), and who must decide now."""

    entries: tuple[LogEntry, ...]
    #: The seat of the person who must decide now; None when the game is over or no one is asked.
    waiting: int | None

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every point pegged in these entries, in order."""
        return tuple(event for entry in self.entries for event in entry.events)


class Driver:
    """Plays the computer seats of ``game`` until a person must decide.

    ``players`` maps a seat (0 or 1) to its computer :class:`~cribbage.ai.players.Player`; a seat not
    in it is a person's. ``check_counts`` (muggins mode): stop after every count a computer makes,
    not only a short one, so that stopping does not tell the person the count was short.
    ``next_deal``: start each next deal without asking (default: only when no seat is a person).
    """

    __slots__ = ("_checking", "_people", "_reported", "check_counts", "game", "next_deal", "players")

    def __init__(self, game: Game, players: Mapping[int, Player], *, check_counts: bool = False,
                 next_deal: bool | None = None) -> None:
        of_kind(game, "game", Game)
        # A mapping of at most two seats: an endless iterable is refused, never read to the end.
        of_kind(players, "players", Mapping)
        pairs = bounded(players.items(), "players", 2)
        bad = [seat for seat, _ in pairs if whole_number(seat) not in (0, 1)]
        if bad or len(players) > 2:
            raise CribbageError(message("driver.bad_seats", value=", ".join(shown(seat) for seat in bad or players)))
        for _, one in pairs:
            if not isinstance(one, Player):
                raise CribbageError(message("ai.not_player", name="players", value=shown(one)))
        check_counts = flag(check_counts, "check_counts")
        if next_deal is not None:
            next_deal = flag(next_deal, "next_deal")
        seats = {whole_number(seat) for seat, _ in pairs}
        self.game = game
        self.players: dict[int, Player] = {whole_number(seat): one for seat, one in pairs}  # type: ignore[misc]
        self.check_counts = check_counts
        self._people = tuple(seat for seat in (0, 1) if seat not in seats)
        self.next_deal = not self._people if next_deal is None else next_deal
        self._checking = False
        self._reported = 0

    @property
    def people(self) -> tuple[int, ...]:
        """The seats that are people's (no computer player)."""
        return self._people

    @property
    def checking(self) -> bool:
        """Muggins mode: stopped after a computer's count so a person can check it (claim muggins
        with :meth:`act`, or let it stand with :meth:`go_on`)."""
        return self._checking

    @property
    def waiting(self) -> int | None:
        """The person who must decide now (to check a count, lay away, play, count or start the next
        deal); None when the game is over or a computer is to move (call :meth:`advance`)."""
        game = self.game
        if game.is_over:
            return None
        if self._checking:
            return self._checker()
        if game.phase is _DISCARD:
            if any(not game.discards(seat) for seat in self.players):
                return None
            return next((seat for seat in (game.pone, game.dealer) if not game.discards(seat)), None)
        seat = game.to_act
        if seat is None:  # the deal is over: anyone may start the next one
            return None if self.next_deal or not self._people else self._people[0]
        return None if seat in self.players else seat

    # ------------------------------------------------------------------ driving
    def advance(self) -> Report:
        """Let the computer seats act until a person must decide, or the game ends (or, with
        ``next_deal`` off, the deal ends). Returns what happened since the last report."""
        game = self.game
        players = self.players
        while not self._checking and game.phase is not _OVER:
            claimant = game.muggins_claimant
            if claimant is not None and claimant in players:
                game.apply(Muggins(claimant))
                continue
            phase = game.phase
            if phase is _DISCARD:
                # The computers lay away first, the pone before the dealer, as the game asks.
                seat = next((s for s in (game.pone, game.dealer) if s in players and not game.discards(s)), None)
                if seat is None:
                    break
            else:
                seat = game.to_act
                if seat is None:
                    if not self.next_deal:
                        break
                    game.next_deal()
                    continue
                if seat not in players:
                    break
            entry = game.apply(action_for(players[seat], game, seat))
            if entry.kind is LogKind.COUNT and self._people and not game.is_over and (
                    self.check_counts or game.muggins_claimant in self._people):
                self._checking = True
        return self.report()

    def act(self, action: Action) -> Report:
        """A person's move: apply ``action`` (refused with the game's reason, and nothing changed,
        if it is not allowed), then let the computers answer. A move made while checking lets the
        computer's count stand, unless it is the muggins claim itself."""
        seat = whole_number(getattr(action, "seat", None))  # every action but the next deal is a seat's
        if seat in self.players:
            raise IllegalActionError(message("driver.computers_seat", seat=Seat.of(seat, self.game.dealer)))
        self.game.apply(action)
        self._checking = False
        return self.advance()

    def go_on(self) -> Report:
        """Let the computer's count just checked stand, and play on."""
        self._checking = False
        return self.advance()

    def report(self) -> Report:
        """The log entries since the last report (without moving anyone)."""
        log = self.game.log
        entries = log[self._reported:]
        self._reported = len(log)
        return Report(entries, self.waiting)

    def _checker(self) -> int:
        """The person who checks the last count: the opponent of the computer that made it."""
        for entry in reversed(self.game.log):
            if entry.kind is LogKind.COUNT and entry.seat is not None:
                return 1 - entry.seat
        return self._people[0]


def turns(game: Game) -> Iterator[int]:
    """Each seat's turn to decide, until the game is over, for a loop that makes every move itself
    (a benchmark, a test that looks at each decision): the steps nobody decides on are taken on the
    way, a muggins claim (always made) and the start of the next deal. The caller applies the seat's
    move before asking for the next turn."""
    while not game.is_over:
        claimant = game.muggins_claimant
        if claimant is not None:
            game.apply(Muggins(claimant))
            continue
        seat = game.to_act
        if seat is None:
            game.apply(NextDeal())
            continue
        yield seat

"""A game against the computer in a terminal: ``cribbage play``.

:class:`TerminalGame` turns a :class:`cribbage.Game` into lines of text and reads the person's
answers: cards like ``5H 9D``, ``go``, ``hint``, a number when counting in muggins mode, ``quit``.
Bad input is answered with a message and a fresh prompt; the game is never changed by it.
The person is seat 0; the computer is seat 1.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from .actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from .cards import Card, _quote, cards
from .driver import Driver
from .errors import CribbageError
from .messages import message
from .events import LogEntry, LogKind, Phase, ScoreKind
from .game import Game
from .players import Adviser, player

__all__ = ["TerminalGame", "run"]

YOU, COMPUTER = 0, 1
_ADVISER = Adviser()
_WHO = {YOU: "You", COMPUTER: "The computer"}


def _show(hand: Optional[Iterable[Card]]) -> str:
    return " ".join(str(card) for card in hand or ())


class TerminalGame:
    """The text view of one game against the computer. ``prompt()`` says what is asked,
    ``answer(line)`` takes the person's line and returns what to print."""

    def __init__(self, *, seed: int | str = 1, level: str = "expert", target: int = 121,
                 muggins: bool = False) -> None:
        self.game = Game(seed, target=target, muggins=muggins)
        self.computer = player(level, seed=seed)
        self.level = level
        self.driver = Driver(self.game, {COMPUTER: self.computer})
        self.quit = False

    # ------------------------------------------------------------------ what happened
    def news(self) -> list[str]:
        """Lines for every step since the last call, computer moves included."""
        return self._lines(self.driver.advance().entries)

    def _lines(self, entries: tuple[LogEntry, ...]) -> list[str]:
        lines: list[str] = []
        scored = False
        for entry in entries:
            lines.extend(self._describe(entry))
            scored = scored or bool(entry.events)
        if scored and not self.game.is_over:
            lines.append("  " + self.board())
        return lines

    def _describe(self, entry: LogEntry) -> list[str]:
        game, kind, who = self.game, entry.kind, entry.player
        lines: list[str] = []
        if kind is LogKind.CUT_FOR_DEAL:
            mine, theirs = entry.cards[0], entry.cards[1]
            lines.append(f"You cut {mine}, the computer cuts {theirs}.")
        elif kind is LogKind.DEAL:
            dealer = "You deal" if who == YOU else "The computer deals"
            lines.append("")
            lines.append(f"— Deal {entry.deal}. {dealer}; the crib is {'yours' if who == YOU else 'the computer’s'}. —")
            lines.append(self.board())
        elif kind is LogKind.DISCARD:
            lines.append("You lay away " + _show(entry.cards) + "." if who == YOU
                         else "The computer lays away two cards.")
        elif kind is LogKind.STARTER:
            lines.append(f"The starter is {entry.cards[0]}.")
        elif kind is LogKind.PLAY:
            assert who is not None
            lines.append(f"{_WHO[who]} play{'s' if who else ''} {entry.cards[0]}: {entry.count}.")
        elif kind is LogKind.GO:
            assert who is not None
            lines.append(f"{_WHO[who]} say{'s' if who else ''} go.")
        elif kind is LogKind.RESET:
            lines.append("The count goes back to 0.")
        elif kind is LogKind.SHOW or kind is LogKind.COUNT:
            for event in entry.events:
                owner = "Your" if event.player == YOU else "The computer’s"
                what = "crib" if event.kind is ScoreKind.CRIB else "hand"
                if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                    lines.append(f"{owner} {what}: {_show(event.cards)} with {event.starter}: {event.hand_score}"
                                 f" — counted {event.points}.")
            if kind is LogKind.COUNT and not entry.events:
                assert who is not None
                lines.append(f"{_WHO[who]} count{'s' if who else ''} 0.")
        elif kind is LogKind.GAME_OVER:
            result = game.result
            assert result is not None
            # How it ended is the engine's (result.kind); the terminal only says the games in English.
            games = {1: "one game", 2: "two games"}.get(result.games, f"{result.games} games")
            value = f"a {result.kind}, {games}"
            winner = "You win" if result.winner == YOU else "The computer wins"
            lines.append(f"{winner} {result.scores[result.winner]} to {result.scores[1 - result.winner]}: {value}.")
        for event in entry.events:
            if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                continue
            whose = "you" if event.player == YOU else "the computer"
            lines.append(f"  +{event.points} to {whose}: {event.description}")
        return lines

    def board(self) -> str:
        """Both scores and pegs on one line."""
        (f0, b0), (f1, b1) = self.game.pegs
        return f"You {f0} (back peg {b0})  ·  Computer {f1} (back peg {b1})  ·  game {self.game.target}"

    # ------------------------------------------------------------------ what is asked
    def prompt(self) -> str:
        """What the person is asked now ('' when the game is over or they quit)."""
        game = self.game
        if game.is_over or self.quit:
            return ""
        if self._may_claim():
            return "The computer counted short. Type 'muggins' to take the points, or press Enter: "
        phase = game.phase
        if phase is Phase.DISCARD:
            crib = "your" if game.dealer == YOU else "the computer’s"
            return f"Your cards: {_show(game.hand(YOU))}\nLay away two to {crib} crib (e.g. {game.hand(YOU)[0].code} {game.hand(YOU)[1].code}), or 'hint': "
        if phase is Phase.PLAY:
            series = _show(game.series) or "—"
            if not game.legal_actions(YOU) or game.can_go(YOU):
                return f"Count {game.count} ({series}). Your cards: {_show(game.hand(YOU))}. Nothing fits: type 'go': "
            return f"Count {game.count} ({series}). Your cards: {_show(game.hand(YOU))}. Play a card, or 'hint': "
        if phase is Phase.SHOW:
            what = game.counting
            cards_ = game.crib if what == "crib" else game.kept(YOU)
            return f"Count your {what}: {_show(cards_)} with {game.starter}. How many points? "
        if phase is Phase.DEAL_OVER:
            return "Press Enter for the next deal: "
        return ""

    def answer(self, line: str) -> list[str]:
        """Act on the person's line; return the lines to print (a message if it was refused)."""
        text = line.strip()
        if text.lower() in ("quit", "q", "exit"):
            self.quit = True
            return ["Bye."]
        driver = self.driver
        try:
            if self._may_claim():
                if text.lower() in ("muggins", "m", "y", "yes"):
                    return self._lines(driver.act(Muggins(YOU)).entries)
                return self._lines(driver.go_on().entries)  # let it go: play on
            if text.lower() in ("hint", "h", "?"):
                return [self.hint()]
            action = self._action(text)
            return self._lines(driver.act(action).entries) if action is not None else []
        except CribbageError as error:
            return [f"  ✗ {error}"]

    def _action(self, text: str) -> Optional[Action]:
        """The person's line as a move in the phase now."""
        phase = self.game.phase
        if phase is Phase.DISCARD:
            away = cards(text)
            return Discard(YOU, away)  # type: ignore[arg-type]  # the game says if it is not two
        if phase is Phase.PLAY:
            return Go(YOU) if text.lower() == "go" else Play(YOU, Card.parse(text))
        if phase is Phase.SHOW:
            try:
                points = int(text)
            except ValueError:
                raise CribbageError(message("count.not_whole", value=_quote(text))) from None
            return Count(YOU, points)
        if phase is Phase.DEAL_OVER:
            return NextDeal()
        return None

    def _may_claim(self) -> bool:
        """The computer's last count was short: the person may claim muggins, or let it go."""
        return self.driver.checking

    def hint(self) -> str:
        """Advice from the expert: the best keep or the best card, with the reason."""
        game = self.game
        if game.phase is Phase.DISCARD:
            best = _ADVISER.keep(game, YOU)
            return f"Hint: lay away {_show(best.discard)} — {best.reason} (net {best.net:+.1f})."
        if game.phase is Phase.PLAY:
            return f"Hint: {_ADVISER.hint(game, YOU).reason}."
        return "No hint here: count every fifteen, pair, run, flush and nobs."


def run(*, seed: int | str = 1, level: str = "expert", target: int = 121, muggins: bool = False,
        ask: Callable[[str], str] = input, say: Callable[[str], None] = print) -> Optional[int]:
    """Play in a terminal until the game ends or the person quits. Returns the winner's seat."""
    view = TerminalGame(seed=seed, level=level, target=target, muggins=muggins)
    say(f"Cribbage against the computer ({level}), seed {view.game.seed}: the same seed deals the same game. "
        f"First to {target} wins.\nType cards as 5H, 10S or TS, JD; 'hint' for advice; 'quit' to stop.")
    for line in view.news():
        say(line)
    while True:
        question = view.prompt()
        if not question:
            break
        try:
            reply = ask(question)
        except EOFError:
            say("Bye.")
            return None
        for line in view.answer(reply):
            say(line)
    return view.game.winner

"""A game against the computer in a terminal: ``cribbage play``.

:class:`TerminalGame` turns a :class:`cribbage.Game` into lines of text and reads the person's
answers: cards like ``5H 9D``, ``go``, ``hint``, a number when counting in muggins mode, ``quit``.
Bad input is answered with a message and a fresh prompt; the game is never changed by it.
The person is seat 0; the computer is seat 1.
"""

from __future__ import annotations

from typing import Callable, Optional

from .actions import Muggins
from .cards import Card, _quote, cards
from .discard import advise_discard
from .errors import CribbageError
from .messages import message
from .events import LogEntry, Phase
from .game import Game
from .pegging import PlayView, choose_play
from .players import action_for, player

__all__ = ["TerminalGame", "run"]

YOU, COMPUTER = 0, 1
_WHO = {YOU: "You", COMPUTER: "The computer"}


def _show(hand) -> str:
    return " ".join(str(card) for card in hand)


class TerminalGame:
    """The text view of one game against the computer. ``prompt()`` says what is asked,
    ``answer(line)`` takes the person's line and returns what to print."""

    def __init__(self, *, seed: int | str = 1, level: str = "expert", target: int = 121,
                 muggins: bool = False) -> None:
        self.game = Game(seed, target=target, muggins=muggins)
        self.computer = player(level, seed=seed)
        self.level = level
        self._shown = 0
        self._declined = -1  # the log length when the person last let a muggins claim go
        self.quit = False

    # ------------------------------------------------------------------ what happened
    def news(self) -> list[str]:
        """Lines for every step since the last call, computer moves included."""
        lines: list[str] = []
        self._run_computer()
        log = self.game.log
        scored = False
        for entry in log[self._shown:]:
            lines.extend(self._describe(entry))
            scored = scored or bool(entry.events)
        if scored and not self.game.is_over:
            lines.append("  " + self.board())
        self._shown = len(log)
        return lines

    def _run_computer(self) -> None:
        game = self.game
        while not game.is_over:
            if game.muggins_claimant == COMPUTER:
                game.apply(Muggins(COMPUTER))
            elif game.to_act == COMPUTER:
                game.apply(action_for(self.computer, game, COMPUTER))
            elif game.phase is Phase.DISCARD and game.to_act == YOU and not game.discards(COMPUTER):
                # Both discard at once at a real table: let the computer lay away first.
                game.apply(action_for(self.computer, game, COMPUTER))
            else:
                break

    def _describe(self, entry: LogEntry) -> list[str]:
        game, kind, who = self.game, entry.kind, entry.player
        lines: list[str] = []
        if kind == "cut for deal":
            mine, theirs = entry.cards[0], entry.cards[1]
            lines.append(f"You cut {mine}, the computer cuts {theirs}.")
        elif kind == "deal":
            dealer = "You deal" if who == YOU else "The computer deals"
            lines.append("")
            lines.append(f"— Deal {entry.deal}. {dealer}; the crib is {'yours' if who == YOU else 'the computer’s'}. —")
            lines.append(self.board())
        elif kind == "discard":
            lines.append("You lay away " + _show(entry.cards) + "." if who == YOU
                         else "The computer lays away two cards.")
        elif kind == "starter":
            lines.append(f"The starter is {entry.cards[0]}.")
        elif kind == "play":
            lines.append(f"{_WHO[who]} play{'s' if who else ''} {entry.cards[0]}: {entry.count}.")
        elif kind == "go":
            lines.append(f"{_WHO[who]} say{'s' if who else ''} go.")
        elif kind == "reset":
            lines.append("The count goes back to 0.")
        elif kind in ("show", "count"):
            for event in entry.events:
                owner = "Your" if event.player == YOU else "The computer’s"
                what = "crib" if event.kind == "crib" else "hand"
                if event.kind in ("hand", "crib"):
                    lines.append(f"{owner} {what}: {_show(event.cards)} with {event.starter}: {event.hand_score}"
                                 f" — counted {event.points}.")
            if kind == "count" and not entry.events:
                lines.append(f"{_WHO[who]} count{'s' if who else ''} 0.")
        elif kind == "game over":
            result = game.result
            value = {1: "a win, one game", 2: "a skunk, two games"}.get(result.games, f"a double skunk, {result.games} games")
            winner = "You win" if result.winner == YOU else "The computer wins"
            lines.append(f"{winner} {result.scores[result.winner]} to {result.scores[1 - result.winner]}: {value}.")
        for event in entry.events:
            if event.kind in ("hand", "crib"):
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
        game = self.game
        if text.lower() in ("quit", "q", "exit"):
            self.quit = True
            return ["Bye."]
        try:
            if self._may_claim():
                if text.lower() in ("muggins", "m", "y", "yes"):
                    game.claim_muggins(YOU)
                else:
                    self._declined = len(game.log)  # let it go: ask what comes next
                    return []
            elif text.lower() in ("hint", "h", "?"):
                return [self.hint()]
            elif game.phase is Phase.DISCARD:
                game.discard(YOU, cards(text))
            elif game.phase is Phase.PLAY:
                if text.lower() == "go":
                    game.go(YOU)
                else:
                    game.play(YOU, Card.parse(text))
            elif game.phase is Phase.SHOW:
                try:
                    points = int(text)
                except ValueError:
                    raise CribbageError(message("count.not_whole", value=_quote(text))) from None
                game.count_hand(YOU, points)
            elif game.phase is Phase.DEAL_OVER:
                game.next_deal()
        except CribbageError as error:
            return [f"  ✗ {error}"]
        return self.news()

    def _may_claim(self) -> bool:
        return self.game.muggins_claimant == YOU and self._declined != len(self.game.log)

    def hint(self) -> str:
        """Advice from the expert: the best keep or the best card, with the reason."""
        game = self.game
        if game.phase is Phase.DISCARD:
            best = advise_discard(game.hand(YOU), dealer=game.dealer == YOU).best
            return f"Hint: lay away {_show(best.discard)} — {best.reason} (net {best.net:+.1f})."
        if game.phase is Phase.PLAY:
            choice = choose_play(PlayView.from_game(game, YOU), "expert")
            return f"Hint: {choice.reason}."
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

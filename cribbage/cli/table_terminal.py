"""Three- or four-handed cribbage in a terminal: ``cribbage play --players 3`` (or ``4``, partners).

The person is seat A; the computer plays the other seats at the standard level, each through its own
seat's view. The person types a card (``5H``), ``go`` or ``quit`` (or the language's own word for
quit); anything else is refused with the engine's words and the game is unchanged. What happens is
told in the words of :mod:`cribbage.multiplayer.narration`, the same as the lessons' table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cribbage.cli.display import escaped, shortened
from cribbage.lang.messages import add_catalogue, check_language, get_language, render
from cribbage.multiplayer import Rules, SeatView, TableGame, computers_act, table_player
from cribbage.multiplayer.narration import scores_line, seat_name, side_name, told
from cribbage.rules.cards import Card
from cribbage.rules.errors import CribbageError
from cribbage.rules.events import Phase
from cribbage.rules.options import is_odd_text

__all__ = ["TableTerminal", "run_table"]

add_catalogue({
    "terminal.table.welcome_3": {"en": "Cribbage for three, to {target}: you are Player A, the computer plays B and C. "
                                       "Type a card such as 5H, go, or {quit}."},
    "terminal.table.welcome_4": {"en": "Cribbage for four, partners, to {target}: you are Player A and your partner is "
                                       "Player C; the computer plays B, C and D. Type a card such as 5H, go, or {quit}."},
    "terminal.table.hand": {"en": "Your hand: {cards}. {scores}"},
    "terminal.table.lay_away": {"en": "Lay one card away to the crib ({dealer} deals):"},
    "terminal.table.lay_away_you": {"en": "Lay one card away to your own crib:"},
    "terminal.table.play": {"en": "The count is {count}. Your card, or go:"},
})

_QUIT = ("quit", "q", "exit")


class TableTerminal:
    """A game at the table for one person in a terminal: :meth:`prompt` asks, :meth:`answer` acts."""

    def __init__(self, *, players: int = 3, seed: int | str = 1, target: int = 121,
                 language: str | None = None) -> None:
        self.language = check_language(language if language is not None else get_language())
        self.game = TableGame(seed, rules=Rules(players=players, target=target))
        self._computers = {seat: table_player("standard", seed=f"{seed}/{seat}") for seat in range(1, players)}
        self._views = {seat: SeatView(self.game, seat) for seat in range(players)}
        self._told = 0
        self.quit = False

    def say(self, key: str, **values: Any) -> str:
        return render(key, self.language, **values)

    def welcome(self) -> str:
        rules = self.game.rules
        return self.say(f"terminal.table.welcome_{rules.players}", target=rules.target,
                        quit=self.say("terminal.word.quit"))

    def news(self) -> list[str]:
        """What happened since it was last told: the computers' moves first, then everything in order."""
        self._computers_act()
        lines = [render(said, self.language) for entry in self.game.log[self._told:]
                 for said in told(entry, self.game.rules)]
        self._told = len(self.game.log)
        return lines

    def prompt(self) -> str:
        """What the person is asked now ("" when the game is over or the person quit)."""
        game = self.game
        if self.quit or game.phase is Phase.OVER:
            return ""
        if game.phase is Phase.DEAL_OVER:
            return self.say("terminal.ask.next_deal")
        hand = self.say("terminal.table.hand", cards=" ".join(str(card) for card in game.hand(0)),
                        scores=scores_line(game.scores, game.rules, self.language))
        if game.phase is Phase.DISCARD:
            ask = self.say("terminal.table.lay_away_you") if game.dealer == 0 else self.say(
                "terminal.table.lay_away", dealer=render(seat_name(game.dealer, game.rules), self.language))
        else:
            ask = self.say("terminal.table.play", count=game.count)
        return f"{hand}\n{ask}"

    def answer(self, line: str) -> list[str]:
        """Act on the person's line; the lines to print (a refusal names what was wrong)."""
        text = line.strip()
        if is_odd_text(text):
            return ["  ✗ " + self.say("terminal.not_text", line=shortened(escaped(text)))]
        if text.lower() in _QUIT or text.lower() == self.say("terminal.word.quit").lower():
            self.quit = True
            return [self.say("terminal.bye")]
        game = self.game
        try:
            if game.phase is Phase.DEAL_OVER:
                game.next_deal()
            elif game.phase is Phase.DISCARD:
                game.lay_away(0, text)
            elif text.lower() == "go":
                game.go(0)
            else:
                game.play(0, Card.parse(text))
        except CribbageError as error:
            return ["  ✗ " + render(error.message, self.language)]
        lines = self.news()
        if game.phase is Phase.OVER:
            lines.append(render("multiplayer.say.won", self.language,
                                side=side_name(game.winner or 0, game.rules), target=game.rules.target))
        return lines

    def _computers_act(self) -> None:
        """The computer seats act until it is your turn, the deal is over or the game is."""
        computers_act(self.game, self._computers, self._views)


def run_table(*, players: int = 3, seed: int | str = 1, target: int = 121, ask: Callable[[str], str] | None = None,
              say: Callable[[str], None] | None = None, language: str | None = None) -> int | None:
    """Play in a terminal until the game ends or the person quits. Returns the winning side. ``ask`` and
    ``say`` read and write a line (``input`` and ``print`` by default, looked up when called)."""
    ask = input if ask is None else ask
    say = print if say is None else say
    view = TableTerminal(players=players, seed=seed, target=target, language=language)
    say(view.welcome())
    for line in view.news():
        say(line)
    while question := view.prompt():
        try:
            reply = ask(f"{question} ")
        except EOFError:
            say(view.say("terminal.bye"))
            return None
        except UnicodeDecodeError:
            say("  ✗ " + view.say("terminal.not_text", line="?"))
            continue
        for line in view.answer(reply):
            say(line)
    return view.game.winner

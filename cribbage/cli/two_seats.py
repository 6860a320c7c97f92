"""The terminal game's words for two people at one screen (``cribbage play --seats human,human``).

Against the computer the terminal says "you" and "the computer" (``terminal.*`` in the engine's
catalogue); with two people it names them (``terminal.two.*``, ``{name}`` a person's name), never
names a card laid away, and asks for the screen to be passed before a hand is shown.
"""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue
from cribbage.registry.seats import SEATINGS

__all__ = ["SEATING_CHOICES", "seating"]

#: What ``--seats`` accepts: each seating of :data:`cribbage.registry.seats.SEATINGS`, comma-joined.
SEATING_CHOICES = tuple(",".join(seats) for seats in SEATINGS)


def seating(text: str) -> tuple[str, str]:
    """A ``--seats`` value as the two seats' kinds (argparse has checked it is one of the choices)."""
    return SEATINGS[SEATING_CHOICES.index(text)]


add_catalogue({
    # human and computer are what is typed after --seats: the same in every language.
    "cli.help.play.seats": {"en": "human,human: two people at one screen, each hand hidden from the other "
                                  "(default: human,computer, you against the computer)"},
    # The name of the value in the usage line: cribbage play [--seats SEATS]
    "cli.metavar.seats": {"en": "SEATS"},
    "terminal.bad_seats": {"en": "the seats are {choices}, not {value}"},
    "terminal.two.player": {"en": "Player {n}"},
    "terminal.two.welcome": {"en": "Cribbage for two at one screen, seed {seed}: the same seed deals the same game. "
                                   "First to {target} wins.\nEach hand is shown only to its owner: when the screen "
                                   "is passed, the other player looks away.\nType cards as 5H, 10S or TS, JD; "
                                   "'{hint}' for advice; '{quit}' to stop."},
    # The step between turns: what is on the screen has scrolled away; the next person presses Enter.
    "terminal.two.ask.pass": {"en": "Pass the screen to {name}. {name}, press Enter to see your cards:"},
    "terminal.two.cut": {"en": "{first} cuts {mine}, {second} cuts {theirs}."},
    "terminal.two.deal": {"en": "— Deal {deal}. {name} deals; the crib is {name}’s. —"},
    "terminal.two.away": {"en": "{name} lays away two cards."},
    "terminal.two.play": {"en": "{name} plays {card}: {count}."},
    "terminal.two.go": {"en": "{name} says go."},
    "terminal.two.show.hand": {"en": "{name}’s hand: {cards} with {starter}: {said} — counted {n}."},
    "terminal.two.show.crib": {"en": "{name}’s crib: {cards} with {starter}: {said} — counted {n}."},
    "terminal.two.count_nothing": {"en": "{name} counts 0."},
    "terminal.two.points": {"en": "+{n} to {name}: {what}"},
    "terminal.two.won.win": {"en": "{name} wins {won} to {lost}: a win, one game."},
    "terminal.two.won.skunk": {"en": "{name} wins {won} to {lost}: a skunk, two games."},
    "terminal.two.won.double_skunk": {"en": "{name} wins {won} to {lost}: a double skunk, {n} games."},
    "terminal.two.board": {"en": "{first} {f0} (back peg {b0})  ·  {second} {f1} (back peg {b1})  ·  game {target}"},
    "terminal.two.ask.muggins": {"en": "{name}, check {other}’s count. Type 'muggins' to take points missed, or press Enter:"},
    "terminal.two.ask.discard.own": {"en": "{name}, your cards: {cards}\nLay away two to your crib (e.g. {first} {second}), or '{hint}':"},
    "terminal.two.ask.discard.other": {"en": "{name}, your cards: {cards}\nLay away two to {dealer}’s crib (e.g. {first} {second}), or '{hint}':"},
    "terminal.two.ask.go": {"en": "{name}: count {count} ({series}). Your cards: {cards}. Nothing fits: type 'go':"},
    "terminal.two.ask.play": {"en": "{name}: count {count} ({series}). Your cards: {cards}. Play a card, or '{hint}':"},
    "terminal.two.ask.count.hand": {"en": "{name}, count your hand: {cards} with {starter}. How many points?"},
    "terminal.two.ask.count.crib": {"en": "{name}, count your crib: {cards} with {starter}. How many points?"},
})

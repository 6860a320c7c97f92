"""A game at the table told as it goes: each seat's name, each side's, and a sentence for every step of
the log, as messages of the engine's catalogue, so that the lessons' table and the terminal say the
same things in the same words (en/es/pt).

Seat 0 is the person ("you"); the others are Players B, C and D, seat C being the person's partner in
four-handed play. With ``people=True`` every seat is a person taking turns at one screen: seat 0 is
"Player A" like the others, no one is "your partner", and a card laid away is never named.
"""

from __future__ import annotations

from cribbage.lang.messages import Message, add_catalogue, message, render
from cribbage.rules.events import LogEntry, LogKind
from cribbage.rules.ruleset import LETTERS, Rules

__all__ = ["LETTERS", "scores_line", "seat_name", "side_name", "told"]

add_catalogue({
    "multiplayer.say.you": {"en": "You"},
    "multiplayer.say.player": {"en": "Player {letter}"},
    "multiplayer.say.partner": {"en": "{name} (your partner)"},
    "multiplayer.say.and": {"en": "{first} and {second}"},
    "multiplayer.say.side_score": {"en": "{side} {score}"},
    "multiplayer.say.scores": {"en": "Scores: {scores}."},
    "multiplayer.say.deals": {"en": "Deal {number}: {dealer} deals."},
    "multiplayer.say.deals_you": {"en": "Deal {number}: you deal."},
    "multiplayer.say.laid_away": {"en": "{name} lays a card away."},
    "multiplayer.say.laid_away_you": {"en": "You lay away {card}."},
    "multiplayer.say.starter": {"en": "The starter is {card}."},
    "multiplayer.say.played": {"en": "{name} plays {card}: the count is {count}."},
    "multiplayer.say.played_you": {"en": "You play {card}: the count is {count}."},
    "multiplayer.say.said_go": {"en": "{name} says go."},
    "multiplayer.say.said_go_you": {"en": "You say go."},
    "multiplayer.say.scored": {"en": "{name}: {what}."},
    "multiplayer.say.show_hand": {"en": "The show: {name}, {cards} with {starter}: {points}."},
    "multiplayer.say.show_hand_you": {"en": "The show: your hand, {cards} with {starter}: {points}."},
    "multiplayer.say.show_crib": {"en": "The crib ({name}): {cards} with {starter}: {points}."},
    "multiplayer.say.show_crib_you": {"en": "The crib (yours): {cards} with {starter}: {points}."},
    "multiplayer.say.won": {"en": "{side} reached {target} and won the game."},
})


def seat_name(seat: int, rules: Rules, *, people: bool = False) -> Message:
    """"You", or "Player B" ("Player C (your partner)" in four-handed play); every seat "Player A", "Player
    B"... when ``people`` take turns at one screen."""
    if seat == 0 and not people:
        return message("multiplayer.say.you")
    named = message("multiplayer.say.player", letter=LETTERS[seat])
    if not people and rules.partners and rules.side_of(seat) == 0:
        return message("multiplayer.say.partner", name=named)
    return named


def side_name(side: int, rules: Rules, *, people: bool = False) -> Message:
    """A side: a player, or two partners ("You and Player C (your partner)"; "Player A and Player C" when
    ``people`` take turns)."""
    seats = [seat for seat in range(rules.players) if rules.side_of(seat) == side]
    if len(seats) == 2:
        return message("multiplayer.say.and", first=seat_name(seats[0], rules, people=people),
                       second=seat_name(seats[1], rules, people=people))
    return seat_name(seats[0], rules, people=people)


def scores_line(scores: tuple[int, ...], rules: Rules, language: str | None = None, *, people: bool = False) -> str:
    """Every side's score in ``language``: "Scores: You 12; Player B 15; Player C 9."."""
    return render("multiplayer.say.scores", language, scores="; ".join(
        render(message("multiplayer.say.side_score", side=side_name(side, rules, people=people), score=score),
               language)
        for side, score in enumerate(scores)))


def _cards(held: tuple[object, ...]) -> str:
    return " ".join(str(card) for card in held)


def told(entry: LogEntry, rules: Rules, *, people: bool = False) -> list[Message]:
    """What a step of the log says (nothing for steps a person need not hear: a pass, a reset). With
    ``people`` taking turns at one screen, seat 0 is told like the others: its card laid away unnamed."""
    kind, seat = entry.kind, entry.seat
    said: list[Message] = []

    def name(of: int) -> Message:
        return seat_name(of, rules, people=people)

    you = seat == 0 and not people
    if kind is LogKind.DEAL:
        said.append(message("multiplayer.say.deals_you", number=entry.deal) if entry.dealer == 0 and not people else
                    message("multiplayer.say.deals", dealer=name(entry.dealer or 0), number=entry.deal))
    elif kind is LogKind.DISCARD and seat is not None:
        said.append(message("multiplayer.say.laid_away_you", card=_cards(entry.cards)) if you else
                    message("multiplayer.say.laid_away", name=name(seat)))
    elif kind is LogKind.STARTER:
        said.append(message("multiplayer.say.starter", card=_cards(entry.cards)))
    elif kind is LogKind.PLAY and seat is not None:
        said.append(message("multiplayer.say.played_you", card=_cards(entry.cards), count=entry.count) if you
                    else message("multiplayer.say.played", name=name(seat), card=_cards(entry.cards),
                                 count=entry.count))
    elif kind is LogKind.GO and seat is not None:
        said.append(message("multiplayer.say.said_go_you") if you else
                    message("multiplayer.say.said_go", name=name(seat)))
    elif kind is LogKind.SHOW and seat is not None:
        event = entry.events[0]
        key = ("multiplayer.say.show_crib" if event.crib else "multiplayer.say.show_hand") + ("_you" if you else "")
        points = event.points if event.worth is None else event.worth
        said.append(message(key, name=name(seat), cards=_cards(entry.cards), starter=str(event.starter),
                            points=points))
        return said
    for event in entry.events:
        if event.points or event.worth:
            said.append(message("multiplayer.say.scored", name=name(event.seat), what=event.message))
    return said

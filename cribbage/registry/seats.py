"""Who may sit at a classic game's two seats, kept in one place: a person at this screen, or the computer.

The game table (:class:`widgets.table.view.GameTable`, ``seats=``) and the command line
(``cribbage play --seats``) offer the same seatings: a person (seat 0) against the computer, the
default, or two people at one screen, each hand shown only to its owner.

>>> [",".join(seating) for seating in SEATINGS]
['human,computer', 'human,human']
"""

from __future__ import annotations

__all__ = ["COMPUTER", "HUMAN", "SEATINGS", "SEAT_KINDS"]

#: A person at this screen, and the computer (at the level the game is given).
HUMAN, COMPUTER = "human", "computer"
SEAT_KINDS = (HUMAN, COMPUTER)
#: The seatings offered, seat 0 first: a person against the computer (the default), two people.
SEATINGS: tuple[tuple[str, str], ...] = ((HUMAN, COMPUTER), (HUMAN, HUMAN))

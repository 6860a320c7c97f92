"""A question as a teacher reads it, in their language: the words for an answer's ``item``.

An answer is kept under its item, a stable English key made by the view that asked it (the quiz's
``hand 5H 5D 6H 7S / 8C``, the drill's ``six 2C 3D ... (dealer)``, a try-it's ``keeps of A♣ 4♦ ...``).
The key never changes, so a file written in any language merges with the others; this module turns it
into the catalogue's words (``progress.item.*``) with the cards drawn as symbols, which read the same in
every language. A key this course does not know (a newer course's, a script's) is shown as it is.

>>> describe_item("hand 5H 5D 6H 7S / 8C", "en")
'count of the hand 5♥ 5♦ 6♥ 7♠ with the starter 8♣'
>>> describe_item("six AC 4D 6H 9S JD KC (dealer)", "es")
'descarte de A♣ 4♦ 6♥ 9♠ J♦ K♣ (repartidor)'
>>> describe_item("keeps of A♣ 4♦ 6♥ 9♠ J♦ K♣", "pt")
'maneiras de guardar quatro de A♣ 4♦ 6♥ 9♠ J♦ K♣'
"""

from __future__ import annotations

import re
from functools import lru_cache

from cribbage.lang.messages import message, render
from cribbage.registry import stops as _registry
from cribbage.rules.cards import cards
from cribbage.rules.errors import CribbageError

__all__ = ["describe_item"]

_CARDS = r"(?P<cards>[^/()]+?)"
_COUNTS = ("fifteens", "pairs", "runs", "flush", "nobs", "total")
#: Each key the course's views make, and the message that words it (the named groups are its values).
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), key) for pattern, key in (
    (rf"^(?P<where>hand|crib) {_CARDS} / (?P<starter>\S+)$", "progress.item.quiz.{where}"),
    (rf"^six {_CARDS} \((?P<role>dealer|pone)\)$", "progress.item.discard.{role}"),
    (r"^play (?P<name>.+) step (?P<step>\d+)$", "progress.item.play_step"),
    (r"^CrossCribb line (?P<line>row|column) (?P<n>\d+)$", "progress.item.crosscribb.{line}"),
    (rf"^CrossCribb (?P<line>row|column) (?P<n>\d+) line {_CARDS}(?: holding the starter (?P<starter>\S+))?$",
     "progress.item.crosscribb.{line}"),
    (r"^guided hand (?P<title>.+)$", "progress.item.guided"),
    (r"^game$", "progress.item.game"),
    (rf"^(?P<count>{'|'.join(_COUNTS)}) of the (?P<where>hand|crib) {_CARDS} with (?P<starter>\S+)$",
     "progress.item.count.{count}.{where}"),
    (rf"^play: {_CARDS}$", "progress.item.play_cards"),
    (rf"^line {_CARDS} holding the starter (?P<starter>\S+)$", "progress.item.line_starter"),
    (rf"^line {_CARDS}$", "progress.item.line"),
    (r"^games for (?P<winner>\d+) to (?P<loser>\d+) in a game to (?P<target>\d+)$", "progress.item.games"),
    (r"^peg (?P<points>\d+) from (?P<front>\d+) and (?P<back>\d+)$", "progress.item.peg"),
    (r"^race: pone \S+ on (?P<pone>\d+) with [^,]+, dealer \S+ on (?P<dealer>\d+) with [^,]+, starter (?P<starter>\S+)$",
     "progress.item.race"),
    (rf"^keeps of {_CARDS}$", "progress.item.keeps"),
    (r"^hands scoring (?P<points>\d+)$", "progress.item.hands_scoring"),
))

#: The guided hands of the course, by the title their item names: a number the teacher can find.
_GUIDED = {question.item: number for stop in _registry.STOPS
           for number, question in enumerate((q for q in stop.questions if q.item.startswith("guided hand ")),
                                             start=1)}


def _symbols(text: str) -> str:
    """Cards as the lessons draw them (``5H`` is ``5♥``); text that is not cards stays as it is."""
    try:
        return " ".join(str(card) for card in cards(text))
    except CribbageError:
        return text


@lru_cache(maxsize=8192)
def describe_item(item: str, language: str) -> str:
    """The question an answer's ``item`` names, in ``language`` (a class asks the same few, so each is
    worded once)."""
    for pattern, key in _PATTERNS:
        found = pattern.match(item)
        if found is None:
            continue
        values = found.groupdict()
        if key == "progress.item.guided":
            number = _GUIDED.get(item)
            if number is None:
                return item
            values = {"n": number}
        for name in ("cards", "starter"):
            if name in values:
                values[name] = _symbols(values[name])
        return render(message(key.format(**values), **values), language)
    return item

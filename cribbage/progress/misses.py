"""Which item kinds a wrong answer actually missed, not every kind its question contained.

A count of the show is recorded with every kind the hand holds (``fifteen.2 pair run.3 double_run``)
and the total the learner said. One wrong total does not mean every kind was missed: 7 7 8 8 with a 9
counted 22 for 24 missed one item worth 2, a fifteen of two or a pair, never a run. The points short
are explained by the fewest items of the hand that add up to them; a kind is blamed only when every
such explanation needs it. A total that is too high, or that no choice of items explains, blames no
kind (the answer is still wrong: it is "not attributed").

Answers that are not a count of the show (a discard, a card played, a CrossCribb line) name the one
or two kinds their question was about, and those are the kinds missed.

>>> from cribbage.progress.store import Answer
>>> wrong = Answer("ana", 3, "hand 7H 7D 8S 8C / 9C", "22", False, "show",
...                ("fifteen.2", "pair", "run.3", "double_run"), 2, "2026-12-03T10:00:00+00:00")
>>> missed_kinds(wrong)  # 2 short: a fifteen or a pair, never a run; which one, nobody knows
()
>>> from dataclasses import replace
>>> missed_kinds(replace(wrong, answer="18"))
('run.3', 'double_run')
>>> try_it = replace(wrong, item="total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", answer="6",
...                  kinds=("fifteen.3", "pair", "run.4", "double_run"))
>>> missed_kinds(try_it)  # 14 counted 6: the two runs of four
('run.4', 'double_run')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from cribbage.progress.store import Answer
from cribbage.rules.cards import Card, cards
from cribbage.rules.errors import CribbageError
from cribbage.rules.show_scoring import HandScore, score_hand

__all__ = ["deal_of_item", "hand_of_item", "missed_kinds", "still_missed"]

# A count of the show: the quiz's "hand 5H 5D 6H 7S / 8C" and the try-its' "total of the crib ... with 4♣".
_ITEM = re.compile(r"^(?:total of the )?(hand|crib) (.+?)(?: / | with )(\S+)$")
# A discard: the drill's (and a reviewed game's) "six 5♥ 5♦ 6♥ 7♠ 8♣ 9♦ (dealer)".
_DISCARD = re.compile(r"^six (.+) \((dealer|pone)\)$")
_PAIRS = {"pair": "pair", "pair royal": "pair_royal", "double pair royal": "double_pair_royal"}


@lru_cache(maxsize=4096)
def hand_of_item(item: str) -> HandScore | None:
    """The counted hand a question about a whole count names (``"crib 2H 4H 6H 9H / 5C"``, ``"total of the
    hand 5♣ 5♦ 6♥ 7♠ with 4♣"``), or None for any other item (the fifteens alone, a discard, a play)."""
    found = _ITEM.match(item.strip())
    if not found:
        return None
    try:
        return score_hand(cards(found.group(2)), cards(found.group(3))[0], crib=found.group(1) == "crib")
    except (CribbageError, IndexError):
        return None


def deal_of_item(item: str) -> tuple[tuple[Card, ...], bool] | None:
    """The six cards and the seat (True: the dealer's) a discard's item names, ``"six 2♣ 5♣ 5♥ 8♥ J♦ Q♠
    (dealer)"``, or None for any other item.

    >>> deal_of_item("six 2♣ 5♣ 5♥ 8♥ J♦ Q♠ (pone)")[1], deal_of_item("hand 5H 5D 6H 7S / 8C")
    (False, None)
    """
    found = _DISCARD.match(item.strip())
    if not found:
        return None
    try:
        six = tuple(cards(found.group(1)))
    except CribbageError:
        return None
    return (six, found.group(2) == "dealer") if len(six) == 6 and len(set(six)) == 6 else None


def _kind(group_kind: str, size: int, score: HandScore) -> str:
    if group_kind == "fifteen":
        return f"fifteen.{min(size, 5)}"
    if group_kind in _PAIRS:
        return _PAIRS[group_kind]
    if group_kind == "run":
        return f"run.{size}"
    if group_kind == "flush":
        return "flush.crib" if score.crib else ("flush.five" if size == 5 else "flush.hand")
    return "nobs" if group_kind == "nobs" else "other"


def _pieces(score: HandScore) -> dict[str, tuple[int, int]]:
    """Each kind of the count: how many items of it, and the points of one."""
    out: dict[str, tuple[int, int]] = {}
    for group in score.groups():
        kind = _kind(group.kind, len(group.cards), score)
        count, _points = out.get(kind, (0, group.points))
        out[kind] = (count + 1, group.points)
    return out


@lru_cache(maxsize=4096)
def _explained(item: str, short: int) -> tuple[str, ...]:
    """The kinds every fewest-items explanation of ``short`` points missing from ``item``'s count needs
    (in count order); a class asks the same questions, so each is worked out once."""
    score = hand_of_item(item)
    if score is None:
        return ()
    pieces = _pieces(score)
    kinds = list(pieces)
    best: list[tuple[int, ...]] = []
    fewest = None
    for taken in product(*(range(pieces[kind][0] + 1) for kind in kinds)):
        if sum(n * pieces[kind][1] for n, kind in zip(taken, kinds)) != short:
            continue
        items = sum(taken)
        if fewest is None or items < fewest:
            fewest, best = items, [taken]
        elif items == fewest:
            best.append(taken)
    if not best:
        return ()
    blamed = [kind for i, kind in enumerate(kinds) if all(taken[i] for taken in best)]
    runs = pieces.get("run.3", (0, 0))[0] + pieces.get("run.4", (0, 0))[0]
    if runs > 1 and any(kind.startswith("run.") for kind in blamed):
        blamed.append("double_run")  # a run of a double run missed: the double run was not seen whole
    return tuple(blamed)


def missed_kinds(answer: Answer) -> tuple[str, ...]:
    """The item kinds a wrong ``answer`` missed (empty for a right one, or one no kind explains)."""
    if answer.correct:
        return ()
    score = hand_of_item(answer.item)
    if score is None:
        return answer.kinds
    try:
        said = int(answer.answer.strip())
    except ValueError:
        return ()
    short = score.total - said
    found = _explained(answer.item, short) if short > 0 else ()
    # Only kinds the answer was recorded about (a file written by another version may name fewer).
    return tuple(kind for kind in found if kind in answer.kinds) if answer.kinds else found


def still_missed(answers: Iterable[Answer], identity: str) -> tuple[str, ...]:
    """The items ``identity`` answered wrong last time (their latest answer to each is wrong), the most
    recently missed first: what a practice that brings misses back asks again. An item answered right
    since is no longer missed.

    >>> from cribbage.progress.store import Answer
    >>> def said(item, correct, at):
    ...     return Answer("Ana", 1, item, "x", correct, "discard", (), 0, at, "name:Ana")
    >>> still_missed([said("six A", False, "1"), said("six B", False, "2"), said("six A", True, "3"),
    ...               said("six C", False, "4")], "name:Ana")
    ('six C', 'six B')
    """
    latest: dict[str, Answer] = {}
    for answer in answers:
        if answer.identity == identity:
            latest.pop(answer.item, None)   # the newest answer to an item last, in the order given
            latest[answer.item] = answer
    return tuple(item for item, answer in reversed(latest.items()) if not answer.correct)

"""An answer checked again from what it names: whether it is right, its skill, kinds and points missed.

The class's progress service (``hub/progress_service.py``) does not believe a learner's kernel: it is
sent an answer's **item** (the id every view records it under) and the **answer** given, and works out
here, with the engine, what the view worked out in the learner's kernel. Every item the course records
names what it asks (the cards of a hand, a play, a line, the scores of a finish), so the answer can be
checked again:

- the try-its (:mod:`widgets.drills.exercise`): ``total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣`` (and
  ``fifteens``/``pairs``/``runs``/``flush of the hand|crib ...``), ``play: 8♠ 6♦ 7♣ 9♥``,
  ``line 4♣ 5♦ 6♥ 6♠ J♣`` (``... holding the starter 9♦``), ``games for 121 to 75 in a game to 121``,
  ``peg 8 from 23 and 17``, ``race: pone Ann on 110 with ..., dealer Ben on 108 with ..., starter 9♦``,
  ``keeps of A♣ 4♦ 6♥ 9♠ J♦ K♣``, ``hands scoring 29``;
- the scoring quiz: ``hand 5H 5D 6H 7S / 8C``, ``crib ... / ...``;
- the discard drill: ``six 5H 5D 6H 7S 8C 9D (dealer)``, the answer the two cards laid away;
- the play's walkthrough: ``play go step 3`` (a solved play of the lessons, by name);
- the game table: ``game`` (a practice game, the answer ``mine-theirs``) and a guided hand,
  ``guided hand <title>``, right once finished.

What the engine alone cannot know comes as :class:`Facts` from the layer that knows it (the count of
hands scoring n from the statistics' tables, the solved plays of the lessons, the word for "nobody" in
each language): a kind whose facts are missing is refused, never guessed. The CrossCribb quiz records
``CrossCribb row 3 line 4♣ 5♦ 6♥ 6♠ J♣``, counted again as a line; what it recorded before it named the
line's cards (``CrossCribb line row 3``) cannot be checked and is refused.

Anything that is not an answer a learner could give (a negative count, two cards not dealt, a number of
5,000 digits, an item no view records) is refused with a :class:`CheckError` naming what was wrong.

>>> checked = check_answer("hand 5H 5D 6H 7S / 8C", "12")
>>> checked.correct, checked.missed, checked.skill
(True, 0, 'show')
>>> check_answer("hand 5H 5D 6H 7S / 8C", "20", claimed=True)
Traceback (most recent call last):
...
cribbage.progress.check.CheckError: the answer 20 to hand 5H 5D 6H 7S / 8C is wrong, not right as it was sent
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from cribbage.ai.discard import advise_discard
from cribbage.crosscribb import score_line
from cribbage.lang.messages import add_catalogue, message
from cribbage.progress.kinds import play_kinds, show_kinds
from cribbage.progress.questions import question_of
from cribbage.registry import stops as _registry
from cribbage.rules.cards import Card, cards
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.play_scoring import score_play
from cribbage.rules.replay import PlayStep
from cribbage.rules.result import FULL_GAME, TARGETS, game_value
from cribbage.rules.show_scoring import HandScore, score_hand

__all__ = ["DISCARD_MARGIN", "CheckError", "Checked", "Facts", "check_answer"]

add_catalogue({
    "progress.check.unknown": {"en": "{item} is not a question the course asks, so its answer cannot be checked"},
    "progress.check.no_cards": {"en": "{item} does not name its cards, so its answer cannot be checked"},
    "progress.check.bad_item": {"en": "{item} is not a question that can be asked: {reason}"},
    "progress.check.bad_answer": {"en": "{answer} is not an answer a learner could give to {item}"},
    "progress.check.forged": {"en": "the answer {answer} to {item} is {truth}, not {claim} as it was sent"},
    "progress.check.right": {"en": "right"},
    "progress.check.wrong": {"en": "wrong"},
    "progress.check.no_facts": {"en": "{item} cannot be checked here: what it asks is not known to this service"},
})

#: A keep within this many points (net, per deal) of the best counts as right in the discard drill
#: (the drill's ``RIGHT_MARGIN``; a test keeps the two equal).
DISCARD_MARGIN = 0.1
#: No question asks for more (the largest answer is 12,994,800 hands): a bigger number is no count.
_LARGEST = 10**15
#: The target of a race in the show (the try-it's key does not say it: the lessons' games are to 121).
_RACE_TARGET = FULL_GAME


class CheckError(CribbageError):
    """An answer that cannot be checked (an item no view asks, facts missing), is not one a learner
    could give, or was sent as right when it is wrong (or the other way). Nothing is recorded."""


@dataclass(frozen=True)
class Facts:
    """What the engine cannot work out alone, given by the layer that knows it.

    ``hands_scoring(n)``: how many of all hands score ``n`` (the statistics' table). ``solved_play(name)``:
    the steps of the lessons' solved play of that name (None: no such play). ``nobody``: the word a learner may answer a race
    with when neither player gets home, in every language of the course."""

    hands_scoring: Callable[[int], int] | None = None
    solved_play: Callable[[str], Sequence[PlayStep] | None] | None = None
    nobody: tuple[str, ...] = ("nobody",)


@dataclass(frozen=True)
class Checked:
    """An answer as the engine sees it: right or not, the points missed, the kinds asked, its skill, the
    item and answer as kept, and the stop of the course question it answers (None: practice, kept at the
    stop it was given in)."""

    correct: bool
    missed: int
    kinds: tuple[str, ...]
    skill: str
    item: str
    answer: str
    stop: int | None


def check_answer(item: str, answer: object, *, claimed: bool | None = None, facts: Facts | None = None,
                 kinds: Sequence[str] = ()) -> Checked:
    """Check ``answer`` to ``item`` again with the engine. ``claimed``: whether the sender said it was
    right; a claim the engine does not share raises :class:`CheckError` (``progress.check.forged``).
    ``kinds``: the kinds the sender named; only one the cards cannot show is taken from them (a quiz's
    dealer hand with a jack turned, ``his_heels``), and only where the cards allow it."""
    if not isinstance(item, str) or not item.strip() or len(item) > 200:
        raise CheckError(message("progress.check.unknown", item=shown(item)))
    if not isinstance(answer, str) or not answer.strip() or len(answer) > 500:
        raise CheckError(message("progress.check.bad_answer", answer=shown(answer), item=item))
    item, answer = item.strip(), answer.strip()
    for pattern, checker in _CHECKERS:
        found = pattern.fullmatch(item)
        if found:
            checked = checker(_Asked(item, answer, found, facts or Facts(), tuple(kinds)))
            break
    else:
        raise CheckError(message("progress.check.unknown", item=item))
    if claimed is not None and bool(claimed) != checked.correct:
        truth, claim = (message(f"progress.check.{'right' if value else 'wrong'}") for value in (checked.correct, claimed))
        raise CheckError(message("progress.check.forged", answer=answer, item=item, truth=truth, claim=claim))
    return checked


@dataclass(frozen=True)
class _Asked:
    item: str
    answer: str
    found: re.Match[str]
    facts: Facts
    kinds: tuple[str, ...]

    def bad_item(self, reason: object) -> CheckError:
        return CheckError(message("progress.check.bad_item", item=self.item, reason=reason))

    def bad_answer(self) -> CheckError:
        return CheckError(message("progress.check.bad_answer", answer=shown(self.answer), item=self.item))

    def cards(self, group: str | int, count: int | None = None) -> tuple[Card, ...]:
        try:
            found = tuple(cards(self.found.group(group)))
        except CribbageError as error:
            raise self.bad_item(error.message) from None
        if (count is not None and len(found) != count) or len(set(found)) != len(found):
            raise self.bad_item(shown(self.found.group(group)))
        return found

    def whole(self) -> int:
        """The answer as a count: ``12``, ``12.0`` (a float typed in a code cell); nothing negative."""
        found = re.fullmatch(r"(\d{1,16})(?:\.0*)?", self.answer)
        if not found:
            raise self.bad_answer()
        value = int(found.group(1))
        if value > _LARGEST:
            raise self.bad_answer()
        return value

    def counted(self, view: str, truth: int, kinds: tuple[str, ...]) -> Checked:
        """A count given for ``truth``: right when equal, the difference missed."""
        given = self.whole()
        return self.made(view, given == truth, kinds, abs(truth - given))

    def made(self, view: str, correct: bool, kinds: tuple[str, ...], missed: int) -> Checked:
        question = question_of(self.item)
        return Checked(correct, missed, kinds, _registry.view_stop(view).skill, self.item, self.answer,
                       question.stop if question is not None else None)


def _small(text: str) -> int:
    return int(text)  # the patterns admit at most four digits


def _score(asked: _Asked, hand: str, starter: str, crib: bool) -> HandScore:
    four, cut = asked.cards(hand, 4), asked.cards(starter, 1)
    if cut[0] in four:
        raise asked.bad_item(shown(str(cut[0])))
    return score_hand(four, cut[0], crib=crib)


def _quiz(asked: _Asked) -> Checked:
    score = _score(asked, "hand", "starter", asked.found.group("where") == "crib")
    kinds = list(show_kinds(score))
    suits = {card.suit for card in score.hand}
    if score.crib and len(suits) == 1 and score.starter.suit not in suits and "flush.crib" not in kinds:
        kinds.append("flush.crib")  # the quiz asks it: four of a suit in the crib, no flush
    if not score.crib and score.starter.rank == 11 and "his_heels" in asked.kinds:
        kinds.append("his_heels")  # the dealer's hand with a jack turned (only the quiz knows whose hand it is)
    return asked.counted("ScoringQuiz", score.total, tuple(kinds))


_COUNT_PREFIX = {"fifteens": ("fifteen.",), "pairs": ("pair", "double_pair_royal"), "runs": ("run.", "double_run"),
                 "flush": ("flush.",)}


def _hand(asked: _Asked) -> Checked:
    count = asked.found.group("count")
    score = _score(asked, "hand", "starter", asked.found.group("where") == "crib")
    truth = {"total": score.total, "fifteens": score.fifteens // 2, "pairs": score.pairs, "runs": score.runs,
             "flush": score.flush}[count]
    kinds = show_kinds(score)
    prefix = _COUNT_PREFIX.get(count)
    if prefix:
        kinds = tuple(kind for kind in kinds if kind.startswith(prefix))
    return asked.counted("HandQuestion", truth, kinds)


def _pegged(asked: _Asked) -> Checked:
    series = asked.cards("series")
    try:
        score = score_play(series)
    except CribbageError as error:
        raise asked.bad_item(error.message) from None
    return asked.counted("PlayQuestion", score.total, play_kinds(score))


def _line(asked: _Asked) -> Checked:
    five = asked.cards("line", 5)
    starter = asked.cards("starter", 1)[0] if asked.found.group("starter") else None
    try:
        score = score_line(five, starter)
    except CribbageError as error:
        raise asked.bad_item(error.message) from None
    return asked.counted("LineQuestion", score.total, ("crosscribb.line",))


def _games(asked: _Asked) -> Checked:
    winner, loser, target = (_small(asked.found.group(name)) for name in ("winner", "loser", "target"))
    try:
        truth = game_value(winner, loser, target=target)
    except CribbageError as error:
        raise asked.bad_item(error.message) from None
    return asked.counted("GamesQuestion", truth, ("skunk",))


def _peg(asked: _Asked) -> Checked:
    points, front, back = (_small(asked.found.group(name)) for name in ("points", "front", "back"))
    if not 0 <= back < front or points < 1:
        raise asked.bad_item(shown(asked.item))
    return asked.counted("PegQuestion", front + points, ("game",))


def _race(asked: _Asked) -> Checked:
    starter = asked.cards("starter", 1)[0]
    seats = []
    for seat in ("pone", "dealer"):
        hand = asked.cards(f"{seat}_hand", 4)
        if starter in hand:
            raise asked.bad_item(shown(str(starter)))
        seats.append((asked.found.group(seat).strip(), _small(asked.found.group(f"{seat}_score")),
                      score_hand(hand, starter).total))
    winner = next((name for name, score, points in seats if score + points >= _RACE_TARGET), None)
    names = {name.casefold() for name, _score, _points in seats}
    nobody = {word.casefold() for word in asked.facts.nobody}
    given = asked.answer.casefold()
    if given not in names | nobody:
        raise asked.bad_answer()
    right = given == winner.casefold() if winner is not None else given in nobody
    return asked.made("RaceQuestion", right, ("skunk",), 0)


def _keeps(asked: _Asked) -> Checked:
    six = asked.cards("six", 6)
    return asked.counted("KeepsQuestion", sum(1 for _ in combinations(six, 2)), ("keep",))


def _hands(asked: _Asked) -> Checked:
    points = _small(asked.found.group("points"))
    if not 0 <= points <= 29:
        raise asked.bad_item(shown(points))
    if asked.facts.hands_scoring is None:
        raise CheckError(message("progress.check.no_facts", item=asked.item))
    return asked.counted("HandsScoringQuestion", int(asked.facts.hands_scoring(points)), ())


def _drill(asked: _Asked) -> Checked:
    six = asked.cards("six", 6)
    try:
        away = tuple(cards(asked.answer))
    except CribbageError:
        raise asked.bad_answer() from None
    if len(away) != 2 or len(set(away)) != 2 or not set(away) <= set(six):
        raise asked.bad_answer()
    advice = advise_discard(six, dealer=asked.found.group("role") == "dealer")
    rank = advice.rank_of([card for card in six if card not in away])
    mine, best = advice[rank - 1], advice.best
    right = rank == 1 or best.net - mine.net <= DISCARD_MARGIN + 1e-9
    return asked.made("DiscardDrill", right, ("keep", "crib_gift"), max(0, round(best.net - mine.net)))


_PLAY_EVENT = {"fifteen": "play.fifteen", "thirty-one": "play.thirty_one", "pair": "play.pair",
               "pair royal": "play.pair", "double pair royal": "play.pair", "run": "play.run", "go": "go",
               "last card": "last_card"}


def _walk(asked: _Asked) -> Checked:
    if asked.facts.solved_play is None:
        raise CheckError(message("progress.check.no_facts", item=asked.item))
    steps = asked.facts.solved_play(asked.found.group("name"))
    if steps is None:
        raise CheckError(message("progress.check.unknown", item=asked.item))
    position = _small(asked.found.group("position"))
    if not 1 <= position <= len(steps):
        raise asked.bad_item(shown(position))
    step = steps[position - 1]
    given = asked.whole()
    kinds = tuple(dict.fromkeys(_PLAY_EVENT[e.kind] for e in step.events if e.kind in _PLAY_EVENT)) or ("pegging",)
    return asked.made("PeggingWalkthrough", given == step.points, kinds, abs(step.points - given))


def _final(asked: _Asked) -> tuple[int, int]:
    """A game's final scores, ``mine-theirs``: one of them a target reached, the other below it."""
    found = re.fullmatch(r"(\d{1,3})-(\d{1,3})", asked.answer)
    if not found:
        raise asked.bad_answer()
    mine, theirs = int(found.group(1)), int(found.group(2))
    if max(mine, theirs) > max(TARGETS):
        raise asked.bad_answer()
    return mine, theirs


def _game(asked: _Asked) -> Checked:
    mine, theirs = _final(asked)
    target = max(mine, theirs)
    if target not in TARGETS or mine == theirs:
        raise asked.bad_answer()
    won = mine > theirs
    skunked = not won and game_value(theirs, mine, target=target) > 1
    return asked.made("GameTable", won, ("game", "skunk") if skunked else ("game",), 0 if won else theirs - mine)


def _guided(asked: _Asked) -> Checked:
    if question_of(asked.item) is None:
        raise CheckError(message("progress.check.unknown", item=asked.item))
    _final(asked)
    return asked.made("GameTable", True, ("game",), 0)


def _crosscribb_quiz(asked: _Asked) -> Checked:
    raise CheckError(message("progress.check.no_cards", item=asked.item))


_CARDS = r"[^,/]+?"
_CHECKERS: tuple[tuple[re.Pattern[str], Callable[[_Asked], Checked]], ...] = tuple(
    (re.compile(pattern), checker) for pattern, checker in (
        (rf"(?P<where>hand|crib) (?P<hand>{_CARDS}) / (?P<starter>\S+)", _quiz),
        (rf"(?P<count>total|fifteens|pairs|runs|flush) of the (?P<where>hand|crib) (?P<hand>{_CARDS})"
         r" with (?P<starter>\S+)", _hand),
        (rf"play: (?P<series>{_CARDS})", _pegged),
        (rf"line (?P<line>{_CARDS})(?: holding the starter (?P<starter>\S+))?", _line),
        (r"games for (?P<winner>\d{1,4}) to (?P<loser>\d{1,4}) in a game to (?P<target>\d{1,4})", _games),
        (r"peg (?P<points>\d{1,4}) from (?P<front>\d{1,4}) and (?P<back>\d{1,4})", _peg),
        (rf"race: pone (?P<pone>[^,]{{1,40}}?) on (?P<pone_score>\d{{1,4}}) with (?P<pone_hand>{_CARDS}),"
         rf" dealer (?P<dealer>[^,]{{1,40}}?) on (?P<dealer_score>\d{{1,4}}) with (?P<dealer_hand>{_CARDS}),"
         r" starter (?P<starter>\S+)", _race),
        (rf"keeps of (?P<six>{_CARDS})", _keeps),
        (r"hands scoring (?P<points>\d{1,4})", _hands),
        (rf"six (?P<six>{_CARDS}) \((?P<role>dealer|pone)\)", _drill),
        (r"play (?P<name>[a-z_]{1,40}) step (?P<position>\d{1,4})", _walk),
        (r"game", _game),
        (r"guided hand .{1,150}", _guided),
        (rf"CrossCribb (?:row|column) (?:10|[1-9]) line (?P<line>{_CARDS})(?: holding the starter (?P<starter>\S+))?",
         _line),
        # What the quiz recorded before it named the line's cards: nothing to count again.
        (r"CrossCribb line .{1,150}", _crosscribb_quiz),
    ))

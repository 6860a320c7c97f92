"""What a learner's answer is, as the progress store keeps it, and the hook every view calls.

:func:`record_answer` is what :meth:`widgets.base.view.View.record_answer` calls: it keeps the answer in
the learner's progress file (:mod:`cribbage.progress`) at the stop that teaches the view
(:func:`view_stop`), and if the file cannot be written it says so in the view, never raising. The
``*_answer`` helpers turn each view's answer into the store's terms.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from cribbage import HandScore, PlayScore
from cribbage.progress import ProgressError, ProgressStore, play_kinds, show_kinds
from cribbage.progress.check import check_answer
from cribbage.registry import stops
from cribbage.registry.languages import SOURCE
from cribbage.rules.events import LogEntry, LogKind, ScoreKind
from widgets.i18n import cards_text, render

__all__ = [
    "drill_answer",
    "game_answer",
    "line_answer",
    "not_kept",
    "notebook_stop",
    "play_answer",
    "question_answer",
    "quiz_answer",
    "quiz_kinds",
    "record_answer",
    "recorded",
    "review_answers",
    "table_answers",
    "view_stop",
]

_QUESTION_KINDS = {"KeepsQuestion": ("keep",), "GamesQuestion": ("skunk",), "RaceQuestion": ("skunk",),
                   "PegQuestion": ("game",), "LineQuestion": ("crosscribb.line",)}


def notebook_stop() -> int | None:
    """The course stop of the notebook this kernel was started for, or None when not known.

    Jupyter Server gives a notebook's kernel the notebook's path in ``JPY_SESSION_NAME``; a stop's
    notebook is known by its name in any language (``03_the_show.ipynb``, ``es/03_recuento.ipynb``, a
    learner's copy, ``<name>-Copy1.ipynb``: :func:`cribbage.registry.stops.notebook_stop`). A try-it asked in stop 0 about counting a hand is
    then stop 0's answer, as the learner gave it there."""
    name = os.path.basename(os.environ.get("JPY_SESSION_NAME", "").replace("\\", "/").rstrip("/"))
    found = stops.notebook_stop(name)
    return found.number if found is not None else None


def view_stop(view: object) -> stops.Stop:
    """The stop whose answers ``view`` (a view, or a try-it question) records: the stop that names its
    class in :mod:`cribbage.registry.stops`, or the nearest base class's that one names (a subclass
    made to set a store, as a class's hub does, is still that view).

    A view named by no stop is a bug: the ``KeyError`` is raised, so the view's guard keeps it as an
    internal error (a test that made it fails) instead of the answer being dropped unseen."""
    return stops.view_stop(*(cls.__name__ for cls in type(view).__mro__))


def record_answer(view: Any, item: str, answer: object, correct: bool, *, skill: str,
                  kinds: Iterable[str] = (), missed: int = 0, stop: int | None = None,
                  store: ProgressStore | None = None, revealed: bool | None = None,
                  unless_repeated: bool = False) -> bool:
    """Keep one answer given in ``view``. Returns whether it was kept (a repeat skipped with
    ``unless_repeated`` counts as kept: it is in the file already).

    ``stop``: the stop to keep it at; by default the view's ``progress_stop`` if it sets one, else
    the stop that teaches it (:func:`view_stop`, which raises a ``KeyError`` for a view no stop names:
    a bug, never a learner's problem). ``revealed``: the view shows the answer after this one (default:
    when it is wrong, as the quiz, the drill and the walkthrough do). A problem with the progress file
    is never raised: it is said in the view's notice line (:meth:`widgets.base.view.View._notify`, or a
    try-it's own, see :mod:`widgets.drills.exercise`), where the view's next message cannot erase it,
    so an exercise goes on even where nothing can be written."""
    stop = stop if stop is not None else getattr(view, "progress_stop", None)
    if stop is None:
        stop = view_stop(view).number
    shown = (not correct) if revealed is None else revealed
    try:
        store = store or getattr(view, "progress_store", None) or ProgressStore()
        keep = store.record_unless_repeated if unless_repeated else store.record
        keep(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed, revealed=shown)
    except ProgressError as error:
        not_kept(view, error)
        return False
    notice = getattr(store, "service_notice", None)
    if notice is not None:  # on a class's hub: kept here, but not (yet) in the class's record
        _tell(view, render(notice, getattr(view, "language", SOURCE)))
    return True


def not_kept(view: Any, error: ProgressError) -> None:
    """Tell the learner, in ``view``, that their answer was not kept and why."""
    language = getattr(view, "language", SOURCE)
    _tell(view, render("progress.not_kept", language, reason=render(error.message, language)))


def _tell(view: Any, problem: str) -> None:
    """Say ``problem`` in ``view``'s notice line (or keep it for whoever shows it)."""
    notify = getattr(view, "_notify", None)
    if callable(notify):
        notify(problem)
    else:  # an object without a notice line keeps the text for whoever shows it
        view.progress_notice = problem


# What each view's answer is, as the store keeps it: one call in the view, ``self.record_answer(**x_answer(...))``.
def quiz_answer(record: Any) -> dict[str, Any]:
    """A count claimed in the scoring quiz (a :class:`widgets.drills.quiz.Answer`): its hand's item kinds, and
    the rules it tests that score nothing in the show, so that a miss there is a miss of that kind (and
    the quiz's mix leans towards it, :func:`widgets.drills.quiz.mix_shares`): a crib whose four cards are of a
    suit the starter is not (its flush scores 0: ``flush.crib``), and the dealer's hand with a jack
    turned (his heels, pegged at the cut, not in the show: ``his_heels``)."""
    hand = record.hand
    where = "crib" if hand.crib else "hand"
    return {"item": f"{where} {' '.join(map(str, hand.hand))} / {hand.starter}", "answer": record.claim,
            "correct": record.right, "skill": "show", "kinds": quiz_kinds(hand),
            "missed": abs(record.total - record.claim)}


def quiz_kinds(hand: Any) -> tuple[str, ...]:
    """The kinds a quiz hand (a :class:`widgets.drills.quiz.QuizHand`) asks about (see :func:`quiz_answer`)."""
    kinds = list(show_kinds(hand.score()))
    suits = {card.suit for card in hand.hand}
    if hand.crib and len(suits) == 1 and hand.starter.suit not in suits and "flush.crib" not in kinds:
        kinds.append("flush.crib")
    if getattr(hand, "feature", None) == "his_heels":   # only this case says the hand is the dealer's
        kinds.append("his_heels")
    return tuple(kinds)


def drill_answer(drill: Any, mine: Any, best: Any, right: bool) -> dict[str, Any]:
    """Two cards laid away in the discard drill: right when near the best keep; points missed on average."""
    role = "dealer" if drill.dealer else "pone"
    return {"item": f"six {' '.join(map(str, drill.six))} ({role})", "answer": " ".join(map(str, mine.discard)),
            "correct": right, "skill": "discard", "kinds": ("keep", "crib_gift"),
            "missed": max(0, round(best.net - mine.net))}


def review_answers(review: Any) -> list[dict[str, Any]]:
    """The misses of a reviewed game (a :class:`cribbage.review.GameReview`), as the practice asks them
    again: each costly discard under the discard drill's own item (``six 5♥ 5♦ 6♥ 7♠ 8♣ 9♦ (dealer)``, the
    two laid away), each count short in the show under the scoring quiz's (``hand 5♥ 5♦ 6♥ 7♠ / 8♣``, the
    count said): the same deal missed in a game and in the drill is one question. Each is judged as the course judges that item (:func:`cribbage.progress.check.check_answer`,
    what a class's progress service checks again): only those it calls wrong are misses, with the kinds
    and points it gives them. A card in the play is not kept: no item of the course asks for a card in a
    position, which the service could check again."""
    found: list[dict[str, Any]] = []
    for decision in review.decisions:
        if decision.cost <= 0:
            continue
        if decision.kind == "discard":
            six = " ".join(map(str, sorted((*decision.chosen, *decision.away))))
            item = f"six {six} ({'dealer' if decision.dealer else 'pone'})"
            said = " ".join(map(str, decision.away))
        elif decision.kind == "count":
            counted = " ".join(map(str, decision.chosen))
            item = f"{'crib' if decision.crib else 'hand'} {counted} / {decision.starter}"
            said = str(int(decision.chosen_points))
        else:
            continue
        checked = check_answer(item, said)
        if not checked.correct:
            found.append({"item": checked.item, "answer": checked.answer, "correct": False, "skill": checked.skill,
                          "kinds": checked.kinds, "missed": checked.missed})
    return found


_PLAY_EVENT = {"fifteen": "play.fifteen", "thirty-one": "play.thirty_one", "pair": "play.pair",
               "pair royal": "play.pair", "double pair royal": "play.pair", "run": "play.run", "go": "go",
               "last card": "last_card"}


def play_answer(name: str, position: int, step: Any, guess: int) -> dict[str, Any]:
    """The points predicted for a step of a solved play (a :class:`widgets.drills.walkthrough.PlayStep`)."""
    kinds = tuple(dict.fromkeys(_PLAY_EVENT[e.kind] for e in step.events if e.kind in _PLAY_EVENT)) or ("pegging",)
    return {"item": f"play {name} step {position}", "answer": guess, "correct": guess == step.points,
            "skill": "play", "kinds": kinds, "missed": abs(step.points - guess)}


def line_answer(line: str, score: Any, given: int) -> dict[str, Any]:
    """A CrossCribb line (``row 2``) counted in the quiz, its count ``score`` a
    :class:`cribbage.crosscribb.LineScore`: the item names the line's cards (and the starter it holds), so a
    class's progress service can count it again."""
    centre = f" holding the starter {score.starter}" if score.starter else ""
    return {"item": f"CrossCribb {line} line {cards_text(score.cards)}{centre}", "answer": given,
            "correct": given == score.total, "skill": "crosscribb", "kinds": ("crosscribb.line",),
            "missed": abs(score.total - given)}


def game_answer(result: Any, *, you: int = 0, title: str | None = None) -> dict[str, Any]:
    """A game played to the end (a :class:`cribbage.GameResult`): right when won, the margin lost as
    points missed; a guided hand (named by its ``title``) is right once finished."""
    mine, theirs = result.scores[you], result.scores[1 - you]
    won = result.winner == you
    skunked = not won and result.games > 1
    return {"item": f"guided hand {title}" if title else "game", "answer": f"{mine}-{theirs}",
            "correct": bool(title) or won, "skill": "game", "kinds": ("game", "skunk") if skunked else ("game",),
            "missed": 0 if won or title else theirs - mine}


def table_answers(entry: LogEntry, game: Any, guide: Any = None) -> list[dict[str, Any]]:
    """What a game table records for a new log entry: a game played to the end; a guided hand (``guide``)
    once its crib is counted (or its game is over first)."""
    title = guide.title(SOURCE) if guide is not None else None
    if entry.kind is LogKind.GAME_OVER:
        return [game_answer(game.result, title=title)]
    if title and not game.is_over and any(event.kind is ScoreKind.CRIB for event in entry.events):
        mine, theirs = game.scores
        return [{"item": f"guided hand {title}", "answer": f"{mine}-{theirs}", "correct": True, "skill": "game",
                 "kinds": ("game",), "missed": 0}]
    return []


_COUNT_KINDS = {"fifteens": ("fifteen.",), "pairs": ("pair", "double_pair_royal"), "runs": ("run.", "double_run"),
                "flush": ("flush.",), "nobs": ("nobs",)}


def question_answer(question: Any, guess: object, correct: bool) -> dict[str, Any]:
    """A try-it question checked (:mod:`widgets.drills.exercise`): right or not, the kinds its cards hold
    (for a question on one part of a count, only that part's kinds); kept at the stop of the notebook
    it was answered in, its skill that of the stop that teaches it."""
    name = type(question).__name__
    score = getattr(question, "score", None)
    if isinstance(score, HandScore):
        kinds = show_kinds(score)
        asked = _COUNT_KINDS.get(getattr(question, "count", "total"))
        if asked:
            kinds = tuple(kind for kind in kinds if kind.startswith(asked))
    elif isinstance(score, PlayScore):
        kinds = play_kinds(score)
    else:
        kinds = _QUESTION_KINDS.get(name, ())
    answer = question.answer
    whole = isinstance(answer, int) and isinstance(guess, int) and not isinstance(guess, bool)
    taught = view_stop(question)
    answered_at = notebook_stop()
    return {"item": str(question.key)[:200], "answer": str(guess)[:500] or "?", "correct": correct,
            "skill": taught.skill, "kinds": kinds, "missed": abs(answer - guess) if whole else 0,
            "stop": taught.number if answered_at is None else answered_at}


Q = TypeVar("Q", bound=Callable[..., Any])


def recorded(check: Q) -> Q:
    """Decorate a question's ``check(guess)`` so each real try (not a blank, not a guess of the wrong
    kind, not a blank filled in by the tests, not the same answer run again) is kept in the learner's
    progress. An answer that could not be kept comes back on the verdict (``verdict.with_notice``)."""

    @functools.wraps(check)
    def wrapper(question: Any, guess: object) -> Any:
        verdict = check(question, guess)
        status = getattr(verdict, "status", None)
        if guess is not Ellipsis and status in ("right", "not yet", "answer"):
            # A cell run again with the same answer typed (Run All after a restart) is not a new answer;
            # the verdict that shows the answer marks it, so a right answer after it proves nothing.
            question.progress_notice = ""
            record_answer(question, **question_answer(question, guess, verdict.right), revealed=status == "answer",
                          unless_repeated=True)
            notice = getattr(question, "progress_notice", "")
            if notice and hasattr(verdict, "with_notice"):
                verdict = verdict.with_notice(notice)
        return verdict

    # ``wrapper`` is called as ``check`` is and returns its verdict: it has check's own type, which
    # mypy cannot see in a wrapper taking (question, guess).
    return wrapper  # type: ignore[return-value]

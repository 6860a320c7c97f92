"""The learner's progress panel, and the hook every view calls when a learner answers.

:class:`ProgressPanel` (shown in 00_start_here) lists each stop, done or not, with its answers and
share right, says what to practise next (the item kinds missed most, and the stop that teaches them),
and lets the learner forget one stop's answers after a confirmation. :func:`record_answer` is what
:meth:`widgets._base.View.record_answer` calls: it keeps the answer in the learner's progress file
(:mod:`cribbage.progress`), and if the file cannot be written it says so in the view, never raising.
"""

from __future__ import annotations

import functools
import html
import os
import re
from typing import Any, Callable, Iterable, TypeVar

import ipywidgets as w

from cribbage.progress import (KIND_STOP, STOP_GOAL, STOPS, LearnerProgress, ProgressError, ProgressStore,
                               show_kinds, summarize, system_user)
from cribbage.events import LogEntry, LogKind, ScoreKind
from cribbage.messages import message

from ._base import Refused, View, guarded, style_tag
from .i18n import say

__all__ = ["ProgressPanel", "record_answer", "notebook_stop", "STOP_OF_VIEW", "quiz_answer", "drill_answer", "play_answer",
           "line_answer", "game_answer", "table_answers", "question_answer", "recorded"]

#: The stop each view is taught at, for views that do not say (a view's ``progress_stop`` wins).
STOP_OF_VIEW: dict[str, int] = {
    "DiscardDrill": 1, "PeggingWalkthrough": 2, "PeggingPractice": 2, "ScoringQuiz": 3, "Board": 4,
    "GameTable": 5, "GuidedHand": 5, "HandCalculator": 6, "CrossCribbBoard": 7, "CrossCribbQuiz": 7,
    # The try-it questions (widgets.exercise), by the stop that teaches what they ask: used where the
    # kernel does not say which notebook it runs (see notebook_stop).
    "KeepsQuestion": 1, "PlayQuestion": 2, "HandQuestion": 3, "GamesQuestion": 4, "PegQuestion": 4,
    "RaceQuestion": 4, "HandsScoringQuestion": 6, "LineQuestion": 7,
}
_QUESTION_KINDS = {"KeepsQuestion": ("keep",), "GamesQuestion": ("skunk",), "RaceQuestion": ("skunk",),
                   "PegQuestion": ("game",), "LineQuestion": ("crosscribb.line",)}


def notebook_stop() -> int | None:
    """The course stop of the notebook this kernel was started for, or None when not known.

    Jupyter Server gives a notebook's kernel the notebook's path in ``JPY_SESSION_NAME``; the course's
    notebooks are named ``NN_...`` (also in es/, pt/ and a learner's copy such as ``03_the_show-Copy1``).
    A try-it asked in stop 0 about counting a hand is then stop 0's answer, as the learner gave it there."""
    name = os.path.basename(os.environ.get("JPY_SESSION_NAME", "").replace("\\", "/").rstrip("/"))
    found = re.match(r"(\d{2})_.*\.ipynb$", name)
    if found and int(found.group(1)) in STOPS:
        return int(found.group(1))
    return None


def record_answer(view: Any, item: str, answer: object, correct: bool, *, skill: str,
                  kinds: Iterable[str] = (), missed: int = 0, stop: int | None = None,
                  store: ProgressStore | None = None) -> bool:
    """Keep one answer given in ``view``. Returns whether it was kept; a problem is said in the view
    (once per view), never raised, so an exercise goes on even where nothing can be written."""
    stop = stop if stop is not None else getattr(view, "progress_stop", None)
    if stop is None:
        stop = STOP_OF_VIEW.get(type(view).__name__)
    if stop is None:
        return False
    store = store or getattr(view, "progress_store", None) or ProgressStore()
    try:
        store.record(stop, item, answer, correct, skill=skill, kinds=kinds, missed=missed)
    except ProgressError as error:
        if not getattr(view, "_progress_problem_said", False) and hasattr(view, "_say"):
            view._progress_problem_said = True
            language = getattr(view, "language", "en")
            problem = view._t("progress.not_kept", reason=say(error.message, language))
            view._say(f"{view.message} {problem}".strip(), "error")
        return False
    return True


# What each view's answer is, as the store keeps it: one call in the view, ``self.record_answer(**x_answer(...))``.
def quiz_answer(record: Any) -> dict[str, Any]:
    """A count claimed in the scoring quiz (a :class:`widgets.quiz.Answer`): its hand's item kinds."""
    hand = record.hand
    where = "crib" if hand.crib else "hand"
    return {"item": f"{where} {' '.join(map(str, hand.hand))} / {hand.starter}", "answer": record.claim,
            "correct": record.right, "skill": "show", "kinds": show_kinds(hand.score()),
            "missed": abs(record.total - record.claim)}


def drill_answer(drill: Any, mine: Any, best: Any, right: bool) -> dict[str, Any]:
    """Two cards laid away in the discard drill: right when near the best keep; points missed on average."""
    role = "dealer" if drill.dealer else "pone"
    return {"item": f"six {' '.join(map(str, drill.six))} ({role})", "answer": " ".join(map(str, mine.discard)),
            "correct": right, "skill": "discard", "kinds": ("keep", "crib_gift"),
            "missed": max(0, round(best.net - mine.net))}


_PLAY_EVENT = {"fifteen": "play.fifteen", "thirty-one": "play.thirty_one", "pair": "play.pair",
               "pair royal": "play.pair", "double pair royal": "play.pair", "run": "play.run", "go": "go",
               "last card": "last_card"}


def play_answer(name: str, position: int, step: Any, guess: int) -> dict[str, Any]:
    """The points predicted for a step of a solved play (a :class:`widgets.walkthrough.PlayStep`)."""
    kinds = tuple(dict.fromkeys(_PLAY_EVENT[e.kind] for e in step.events if e.kind in _PLAY_EVENT)) or ("pegging",)
    return {"item": f"play {name} step {position}", "answer": guess, "correct": guess == step.points,
            "skill": "play", "kinds": kinds, "missed": abs(step.points - guess)}


def line_answer(line: str, given: int, total: int) -> dict[str, Any]:
    """A CrossCribb line counted in the quiz."""
    return {"item": f"CrossCribb line {line}", "answer": given, "correct": given == total, "skill": "crosscribb",
            "kinds": ("crosscribb.line",), "missed": abs(total - given)}


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
    title = guide.title("en") if guide is not None else None
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
    """A try-it question checked (:mod:`widgets.exercise`): right or not, the kinds its cards hold
    (for a question on one part of a count, only that part's kinds); kept at the stop of the notebook
    it was answered in, its skill that of the stop that teaches it."""
    from cribbage import HandScore, PlayScore
    from cribbage.progress import STOP_SKILL, play_kinds

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
    taught = STOP_OF_VIEW.get(name, 0)
    answered_at = notebook_stop()
    return {"item": str(question.key)[:200], "answer": str(guess)[:500] or "?", "correct": correct,
            "skill": STOP_SKILL[taught], "kinds": kinds, "missed": abs(answer - guess) if whole else 0,
            "stop": taught if answered_at is None else answered_at}


Q = TypeVar("Q", bound=Callable[..., Any])


def recorded(check: Q) -> Q:
    """Decorate a question's ``check(guess)`` so each real try (not a blank, not a guess of the wrong
    kind, not a blank filled in by the tests) is kept in the learner's progress."""

    @functools.wraps(check)
    def wrapper(question: Any, guess: object) -> Any:
        verdict = check(question, guess)
        if guess is not Ellipsis and getattr(verdict, "status", None) in ("right", "not yet", "answer"):
            record_answer(question, **question_answer(question, guess, verdict.right))
        return verdict

    return wrapper  # type: ignore[return-value]


class ProgressPanel(View):
    """Each stop done or not, the share right, what to practise next; a stop can be reset after a yes."""

    def __init__(self, store: ProgressStore | None = None, *, language: str | None = None) -> None:
        super().__init__(language=language)
        self.store = store or ProgressStore()
        # A file that cannot be read (not ours, damaged) still gives a panel: empty, saying why.
        self.progress: LearnerProgress = LearnerProgress(self._learner_or_system())
        self._saved: str | None = None
        self._readable = False
        self._pending: int | None = None
        self._title = w.HTML(f'<div class="cc-title">{html.escape(self._t("progress.title"))}</div>')
        self._who = w.HTML()
        self._name = w.Text(placeholder=self.progress.learner, layout=w.Layout(width="260px"),
                            description_allow_html=False)
        self._save = w.Button(description=self._t("progress.save_name"), tooltip=self._t("progress.save_name"),
                              layout=w.Layout(width="auto"))
        self._save.on_click(lambda _b: self.save_name(self._name.value))
        self._ask = w.HBox([w.Label(self._t("progress.ask_name")), self._name, self._save])
        # A grid, a row per stop, so each stop's reset button sits on its own row.
        head = [w.HTML(f'<b class="cc-text">{html.escape(self._t(key))}</b>') for key in
                ("progress.stop", "progress.status", "progress.answers", "progress.accuracy")] + [w.HTML()]
        self._cells: dict[int, tuple[w.HTML, w.HTML, w.HTML]] = {}
        self._resets: dict[int, w.Button] = {}
        grid: list[w.Widget] = list(head)
        for stop in STOPS:
            name = w.HTML(f'<span class="cc-text">{stop:02d} · {html.escape(self._t(f"progress.stop.{stop}"))}</span>')
            self._cells[stop] = (w.HTML(), w.HTML(), w.HTML())
            button = w.Button(description=self._t("progress.reset", stop=stop),
                              tooltip=self._t("progress.reset", stop=stop), layout=w.Layout(width="auto"))
            button.on_click(lambda _b, stop=stop: self.ask_reset(stop))
            self._resets[stop] = button
            grid += [name, *self._cells[stop], button]
        self._table = w.GridBox(grid, layout=w.Layout(
            grid_template_columns="minmax(10em, max-content) max-content 5em 8em max-content",
            grid_gap="2px 14px", align_items="center", width="100%"))
        self._goal = w.HTML(f'<div class="cc-text">{html.escape(self._t("progress.goal", n=STOP_GOAL))}</div>')
        self._yes = w.Button(description=self._t("progress.confirm_yes"), button_style="danger",
                             layout=w.Layout(width="auto"))
        self._no = w.Button(description=self._t("progress.confirm_no"), layout=w.Layout(width="auto"))
        self._yes.on_click(lambda _b: self.confirm_reset())
        self._no.on_click(lambda _b: self.cancel_reset())
        self._confirm = w.VBox([w.HTML(), w.HBox([self._yes, self._no])], layout=w.Layout(display="none"))
        self._next = w.HTML()
        self._refresh = w.Button(description=self._t("progress.refresh"), tooltip=self._t("progress.refresh"),
                                 layout=w.Layout(width="auto"))
        self._refresh.on_click(lambda _b: self.refresh())
        self.children = [style_tag(), self._title, self._who, self._ask, self._table, self._goal,
                         self._confirm, self._message, self._next, w.HBox([self._refresh])]
        self.refresh()

    def _learner_or_system(self) -> str:
        try:
            return self.store.learner
        except ProgressError:
            return system_user()

    # State ------------------------------------------------------------------------------------
    @property
    def rows(self) -> list[tuple[int, str, int, int]]:
        """One row per stop: (stop, "done" / "started" / "not started", answers, right)."""
        out = []
        for stop in STOPS:
            tally = self.progress.stops[stop]
            status = "done" if self.progress.done(stop) else "started" if tally.asked else "not started"
            out.append((stop, status, tally.asked, tally.right))
        return out

    @property
    def practise(self) -> list[str]:
        """The item kinds to practise next, most missed first."""
        return [kind for kind, _tally in self.progress.most_missed(3)]

    @property
    def reset_buttons(self) -> dict[int, w.Button]:
        return dict(self._resets)

    @property
    def pending_reset(self) -> int | None:
        """The stop whose reset waits for a yes or a no."""
        return self._pending

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def refresh(self) -> None:
        """Read the progress file again (answers given in other notebooks show up)."""
        try:
            learner = self.store.learner
            self.progress = summarize(self.store.answers()).get(learner, LearnerProgress(learner))
            self._saved = self.store.saved_learner()
            self._readable = True
        except ProgressError:
            # Show no answers rather than the last ones read, and let the guard say why in the panel.
            self.progress = LearnerProgress(self._learner_or_system())
            self._saved, self._readable = None, False
            self._render()
            raise
        self._render()

    @guarded
    def save_name(self, name: str) -> None:
        """Keep the learner's name (asked once)."""
        self.store.set_learner(name)
        self._say(self._t("progress.name_saved", name=self.store.learner), "ok")
        self.refresh()

    @guarded
    def ask_reset(self, stop: int) -> None:
        """Ask before forgetting a stop's answers."""
        asked = self.progress.stops[stop].asked if stop in self.progress.stops else 0
        if not asked:
            raise Refused(self._t("progress.kept"))
        self._pending = stop
        self._confirm.children[0].value = (f'<div class="cc-msg cc-msg-error" role="alert">'
                                           f'{html.escape(self._t("progress.confirm", n=asked, stop=stop))}</div>')
        self._confirm.layout.display = "flex"

    @guarded
    def confirm_reset(self) -> None:
        """Yes: forget the pending stop's answers."""
        stop, self._pending = self._pending, None
        self._confirm.layout.display = "none"
        if stop is None:
            return
        gone = self.store.reset(stop)
        self.refresh()
        self._say(self._t("progress.was_reset", n=gone, stop=stop), "ok")

    @guarded
    def cancel_reset(self) -> None:
        """No: keep everything."""
        self._pending = None
        self._confirm.layout.display = "none"
        self._say(self._t("progress.kept"), "info")

    # Drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        self._ask.layout.display = "none" if self._saved or not self._readable else "flex"
        self._who.value = (f'<div class="cc-text">{html.escape(self._t("progress.recording_as", name=self.progress.learner, path=str(self.store.path)))}</div>'
                           if self._readable else "")
        for stop, status, asked, right in self.rows:
            status_cell, asked_cell, share_cell = self._cells[stop]
            weight = "700" if status == "done" else "400"
            status_cell.value = (f'<span class="cc-text" style="font-weight:{weight}">'
                                 f'{html.escape(self._t("progress." + status.replace(" ", "_")))}</span>')
            asked_cell.value = f'<span class="cc-text">{asked}</span>'
            share = f"{round(100 * right / asked)}% ({right}/{asked})" if asked else "–"
            share_cell.value = f'<span class="cc-text">{share}</span>'
        for stop, button in self._resets.items():
            button.disabled = not self.progress.stops[stop].asked
        worst = self.progress.most_missed(3)
        if worst:
            items = "".join(
                "<li>" + html.escape(self._t("progress.next_item", kind=say(message(f"progress.kind.{kind}"),
                                                                              self.language),
                                             wrong=tally.wrong, asked=tally.asked, stop=KIND_STOP.get(kind, "–")))
                + "</li>" for kind, tally in worst)
            body_next = f"<ol>{items}</ol>"
        else:
            body_next = f'<p>{html.escape(self._t("progress.next_none"))}</p>'
        self._next.value = (f'<div class="cc-text"><div class="cc-title">{html.escape(self._t("progress.next"))}</div>'
                            f"{body_next}</div>")

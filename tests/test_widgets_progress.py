"""The progress panel and the recording hook, driven from Python."""

from __future__ import annotations

import ipywidgets as w
import pytest

from cribbage.progress import KIND_STOP, KINDS, ProgressStore
from cribbage.registry.languages import TRANSLATED
from widgets import ScoringQuiz
from widgets.base.answers import record_answer
from widgets.base.view import View, guarded
from widgets.progress.panel import ProgressPanel


@pytest.fixture
def store(tmp_path):
    return ProgressStore(tmp_path / "ana.sqlite3", learner="Ana")


KEEPS = "keeps of A♣ 4♦ 6♥ 9♠ J♦ K♣"   # stop 1's one question
PLAYS = ("play: 6♣ 6♦ 3♥ 6♠", "play: 8♠ 6♦ 7♣ 9♥")   # stop 2's two


def _answers(store):
    for i in range(3):   # the drill: practice of the discard, not a question of the stop
        store.record(1, f"drill {i}", "5H 5D", True, skill="discard", kinds=["keep"])
    store.record(1, KEEPS, "15", True, skill="discard", kinds=["keep"])
    store.record(3, "hand 1", "8", False, skill="show", kinds=["fifteen.3", "pair"], missed=2)
    store.record(3, "hand 2", "4", False, skill="show", kinds=["flush.crib"], missed=5)
    store.record(3, "hand 3", "12", True, skill="show", kinds=["fifteen.3"])


def test_the_panel_shows_each_stop_and_what_to_practise(store):
    _answers(store)
    panel = ProgressPanel(store)
    assert panel.rows[:4] == [(0, "not started", 0, 1, 0, 0), (1, "done", 1, 1, 4, 4), (2, "not started", 0, 2, 0, 0),
                              (3, "started", 0, 5, 3, 1)]
    assert panel.rows[8] == (8, "no questions", 0, 0, 0, 0)
    assert panel.practise == ["flush.crib", "pair", "fifteen.3"]
    assert "the crib flush: 1 of 1 wrong (stop 3)" in panel._next.value
    assert [stop for stop, button in panel.reset_buttons.items() if not button.disabled] == [1, 3]
    assert "1 of 1 question right" in panel._cells[1][1].value and "0 of 5 questions right" in panel._cells[3][1].value
    assert "first tries: 33% right (1 of 3)" in panel._cells[3][2].value
    # Continue at the first question never answered: stop 0's, in its notebook's cell.
    assert panel.continue_link == "00_start_here.ipynb#cell-id=c11"
    assert 'href="00_start_here.ipynb#cell-id=c11"' in panel.continue_html


def test_the_file_is_named_only_in_the_folded_where(store):
    """The path is a teacher's business (a class hands its files in): folded at the foot of the panel, in
    a <details> the learner opens, never in the line that says who the answers are kept as."""
    panel = ProgressPanel(store)
    assert str(store.path) not in panel._who.value and "Ana" in panel._who.value
    assert panel.where.startswith('<details class="cc-where">') and "<details open" not in panel.where
    assert f"<code>{store.path}</code>" in panel.where and "<code>cribbage progress where</code>" in panel.where
    assert panel.children[-1] is panel._where
    assert str(store.path) not in "".join(child.value for child in panel.children[:-1] if isinstance(child, w.HTML))


def test_each_question_counts_once_and_a_stop_is_done_when_each_is_right(store):
    panel = ProgressPanel(store)
    store.record(2, PLAYS[0], "6", False, skill="play")   # the first answer: the score
    store.record(2, PLAYS[0], "6", True, skill="play")    # practice (right, before the answer was shown)
    store.record(2, PLAYS[0], "6", True, skill="play")
    panel.refresh()
    assert panel.rows[2] == (2, "started", 1, 2, 1, 0)  # three right answers do not make a stop of two done
    assert "2 practice answers" in panel._cells[2][3].value
    assert panel.continue_link == "00_start_here.ipynb#cell-id=c11"
    store.record(2, PLAYS[1], "3", False, skill="play", revealed=True)   # wrong, then the answer shown
    store.record(2, PLAYS[1], "4", True, skill="play")                   # the rerun after it proves nothing
    panel.refresh()
    assert panel.rows[2] == (2, "started", 1, 2, 2, 0)
    assert [a.practice for a in store.answers()] == [False, True, True, False, True]


def test_continue_leads_to_the_first_question_not_yet_answered_right(store):
    """A question answered only wrongly is still to do: "Continue here" goes back to it, not past it."""
    store.record(0, "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", "12", True, skill="show")
    store.record(1, KEEPS, "3", False, skill="discard", kinds=["keep"])        # answered, but wrongly
    store.record(2, PLAYS[0], "6", True, skill="play")                          # a later question right
    panel = ProgressPanel(store)
    assert panel.continue_link == "01_deal_discard_crib.ipynb#cell-id=c05"
    assert "stop 1" in panel.continue_html and "question 1" in panel.continue_html
    store.record(1, KEEPS, "15", True, skill="discard", kinds=["keep"])         # right at last
    panel.refresh()
    assert panel.continue_link == "02_the_play.ipynb#cell-id=c13"             # stop 2's second question


def test_continue_leads_to_the_lesson_by_its_name_in_the_panel_s_language_or_the_copy_s(store, tmp_path, monkeypatch):
    # A Spanish learner's lessons are 00_empieza_aqui.ipynb...; a copy kept from before the names were
    # Spanish still holds 00_start_here.ipynb, and its link must open that (the kernel runs in its folder).
    monkeypatch.chdir(tmp_path)
    panel = ProgressPanel(store, language="es")
    assert panel.continue_link == "00_empieza_aqui.ipynb#cell-id=c11"
    assert 'href="00_empieza_aqui.ipynb#cell-id=c11"' in panel.continue_html
    (tmp_path / "00_start_here.ipynb").write_text("{}", encoding="utf-8")
    panel.refresh()
    assert panel.continue_link == "00_start_here.ipynb#cell-id=c11"
    assert 'href="00_start_here.ipynb#cell-id=c11"' in panel.continue_html


def test_an_answer_given_elsewhere_shows_after_refresh(store):
    panel = ProgressPanel(store)
    assert panel.rows[3] == (3, "not started", 0, 5, 0, 0)
    ProgressStore(store.path, learner="Ana").record(3, "hand", "12", True, skill="show")  # another notebook
    panel._refresh.click()
    assert panel.rows[3] == (3, "started", 0, 5, 1, 1)


def test_reset_asks_first_and_forgets_only_that_stop(store):
    _answers(store)
    panel = ProgressPanel(store)
    panel.reset_buttons[3].click()
    assert panel.pending_reset == 3 and "Forget your 3 answers at stop 3?" in panel._confirm.children[0].value
    panel._no.click()
    assert panel.pending_reset is None and panel.rows[3][4] == 3 and panel.message == "Nothing was forgotten."
    panel.reset_buttons[3].click()
    panel._yes.click()
    assert panel.rows[3] == (3, "not started", 0, 5, 0, 0) and panel.rows[1] == (1, "done", 1, 1, 4, 4)
    assert panel.message == "Stop 3: 3 answers forgotten."
    assert [a.stop for a in store.answers()] == [1, 1, 1, 1]


def test_the_name_can_be_given_and_corrected(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    store = ProgressStore(tmp_path / "p.sqlite3")
    panel = ProgressPanel(store, language="es")
    assert panel._ask.layout.display == "flex"
    panel._name.value = "  "
    panel._save.click()
    assert panel.message.startswith("el campo learner") and store.saved_learner() is None
    panel._name.value = "Beatriz"
    panel._save.click()
    assert panel.message == "A partir de ahora tus respuestas se guardan como Beatriz."
    again = ProgressPanel(store)
    assert again._ask.layout.display == "flex" and "Your name is wrong?" in again._ask.children[0].value
    again._name.value = "Beatriz Souza"
    again._save.click()
    assert ProgressStore(store.path).learner == "Beatriz Souza"


def test_the_hook_records_for_the_views_stop_and_says_a_problem_in_a_notice_nothing_erases(store, tmp_path):
    quiz = ScoringQuiz()
    quiz.progress_store = store
    assert quiz.record_answer("hand 1", 12, True, skill="show", kinds=("pair",))
    assert [(a.stop, a.item, a.answer) for a in store.answers()] == [(3, "hand 1", "12")]
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database")
    quiz.progress_store = ProgressStore(bad)
    quiz._say("Right: 12.", "ok")
    assert not quiz.record_answer("hand 2", 8, False, skill="show")
    quiz._say("")   # what a view does right after recording: the notice stays
    assert quiz.notice.startswith("Your answer was not kept:") and "is not a progress file" in quiz.notice
    assert quiz._notice in quiz.children and quiz.children.index(quiz._notice) == quiz.children.index(quiz._message) - 1
    quiz.children = [child for child in quiz.children if child is not quiz._notice]  # a view rebuilding its children
    assert quiz._notice in quiz.children
    assert 'role="alert"' in quiz._notice.value
    assert bad.read_text() == "not a database"


@pytest.mark.parametrize("content", [b"not a database", b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_file_that_cannot_be_read_gives_a_panel_that_says_why(tmp_path, content):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(content)
    panel = ProgressPanel(ProgressStore(bad))  # built, not raised: stop 0 shows the panel whatever the file holds
    assert str(bad) in panel.message and "cc-msg-error" in panel._message.value
    assert all(row[1] in ("not started", "no questions") and row[2] == row[4] == 0 for row in panel.rows)
    assert all(button.disabled for button in panel.reset_buttons.values())
    assert panel._ask.layout.display == "none" and panel._who.value == ""  # nothing claims answers are kept
    assert panel.where == ""  # the message names the file
    assert panel.continue_html == "" and panel._shared.layout.display == "none"
    panel._refresh.click()
    assert str(bad) in panel.message
    assert bad.read_bytes() == content


def test_a_file_mended_after_an_error_shows_again(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_text("not a database")
    panel = ProgressPanel(ProgressStore(path, learner="Ana"))
    path.unlink()
    ProgressStore(path, learner="Ana").record(3, "hand 1", "12", True, skill="show")
    panel._refresh.click()
    assert panel.rows[3] == (3, "started", 0, 5, 1, 1) and "Ana" in panel._who.value


@pytest.mark.internal_errors_expected   # the KeyError below is the point
def test_a_view_no_stop_names_is_a_bug_its_guard_keeps_not_an_answer_dropped_unseen(store):
    # A view missing from the old map of views to stops recorded nothing, and nothing said so.
    class Unnamed(View):
        progress_store = store

        @guarded
        def answer(self):
            self.record_answer("x", "1", True, skill="show")

    view = Unnamed()
    view.answer()
    assert [type(error) for error in view.internal_errors] == [KeyError]
    assert "'Unnamed'" in str(view.internal_errors[0]) and "cribbage/registry/stops.py" in str(view.internal_errors[0])
    assert store.answers() == []

    class Named(Unnamed):   # a view that says its stop needs no name in the list
        progress_stop = 4

    Named().answer()
    assert [(answer.stop, answer.item) for answer in store.answers()] == [(4, "x")]


def test_a_subclass_of_a_named_view_records_at_its_stop(store):
    class ClassQuiz(ScoringQuiz):   # as a class's hub makes one, to give it a store
        progress_store = store

    assert record_answer(ClassQuiz(seed=1), "x", "1", True, skill="show")
    assert [answer.stop for answer in store.answers()] == [3]


def test_every_kind_has_a_stop_to_go_back_to():
    assert set(KINDS) - set(KIND_STOP) == {"other"}


def _visible(panel):
    out = [panel._who.value, panel.where, panel._next.value, panel._goal.value, panel._refresh.description, panel.continue_html]
    out += [cell.value for cells in panel._cells.values() for cell in cells]
    out += [child.value for row in panel._table.children for child in row.children if hasattr(child, "value")]
    out += [button.description for button in panel.reset_buttons.values()]
    return " ".join(out)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_is_left_on_the_panel(store, language):
    _answers(store)
    english = _visible(ProgressPanel(store))
    shown = _visible(ProgressPanel(store, language=language))
    for phrase in ("not started", "done", "Reset", "wrong", "What to practise", "the crib flush", "Refresh",
                   "question right", "first tries", "Continue here", "Where are my answers kept?", "Your teacher"):
        assert phrase in english and phrase not in shown


def test_what_each_view_records():
    from cribbage import GameResult
    from widgets.base.answers import game_answer, line_answer, play_answer
    from widgets.drills.walkthrough import SOLVED_PLAYS

    scoring = next(step for step in SOLVED_PLAYS[0].steps() if step.points)
    got = play_answer("first", 3, scoring, scoring.points + 1)
    assert got["correct"] is False and got["missed"] == 1 and got["skill"] == "play"
    assert got["kinds"] and all(kind.startswith(("play.", "go", "last_card")) for kind in got["kinds"])
    from cribbage.crosscribb import score_line

    line = score_line("4C 5D 6H 6S JC", "JC")
    assert line_answer("row 3", line, line.total - 2) == {
        "item": "CrossCribb row 3 line 4♣ 5♦ 6♥ 6♠ J♣ holding the starter J♣", "answer": line.total - 2,
        "correct": False, "skill": "crosscribb", "kinds": ("crosscribb.line",), "missed": 2}
    lost = game_answer(GameResult(1, (84, 121), 2))
    assert (lost["answer"], lost["correct"], lost["kinds"], lost["missed"]) == ("84-121", False, ("game", "skunk"), 37)
    won = game_answer(GameResult(0, (121, 100), 1))
    assert (won["correct"], won["kinds"], won["missed"]) == (True, ("game",), 0)
    assert game_answer(GameResult(1, (40, 61), 1), title="A close finish")["correct"] is True


def _kept(path):
    return [(a.stop, a.item, a.answer, a.correct, a.skill) for a in ProgressStore(path).answers(everyone=True)]


@pytest.mark.slow
def test_each_view_records_where_its_answer_is_checked(tmp_path, monkeypatch):
    import random

    from test_widgets_table import _click_through

    from widgets import CrossCribbQuiz, DiscardDrill, GameTable, PeggingWalkthrough

    path = tmp_path / "learner.sqlite3"
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(path))

    walk = PeggingWalkthrough(0)
    walk.forward()
    walk.predict(walk.steps[0].points)
    drill = DiscardDrill()
    drill.answer(drill.advice.best.discard)
    quiz = CrossCribbQuiz(seeds=(1, 2), players=4, level="random")
    quiz.answer(quiz.score_of(quiz.line).total + 1)
    game = GameTable(seed=11, level="beginner", board=False)
    _click_through(game, random.Random("beginner"))
    kept = _kept(path)
    assert [(stop, skill) for stop, _item, _answer, _correct, skill in kept] == [
        (2, "play"), (1, "discard"), (7, "crosscribb"), (5, "game")]
    assert kept[0][3] is True and kept[1][3] is True and kept[2][3] is False
    assert kept[3][1] == "game" and kept[3][3] == (game.game.result.winner == 0)


def test_a_guided_hand_is_recorded_once_its_crib_is_counted(tmp_path, monkeypatch):
    from test_widgets_table import _follow_guided

    from widgets import GameTable

    path = tmp_path / "learner.sqlite3"
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(path))
    guided = GameTable.guided(1, board=False)
    _follow_guided(guided)
    (kept,) = _kept(path)
    assert kept[0] == 5 and kept[1].startswith("guided hand ") and kept[3] is True and kept[4] == "game"


def test_a_try_it_check_is_recorded_for_each_real_try(tmp_path, monkeypatch):
    from dataclasses import dataclass

    from cribbage import score_hand
    from widgets.base.answers import recorded

    @dataclass
    class Verdict:
        status: str

        @property
        def right(self):
            return self.status == "right"

    class HandQuestion:  # the shape of widgets.drills.exercise's questions, named as they are
        def __init__(self, count):
            self.score, self.count = score_hand("5H 5D 6H 7S", "8C"), count
            self.key = f"{count} of 5H 5D 6H 7S with 8C"
            self.answer = 1 if count == "fifteens" else self.score.total

        @recorded
        def check(self, guess):
            if guess is Ellipsis:
                return Verdict("blank")
            if not isinstance(guess, int):
                return Verdict("invalid")
            return Verdict("right" if guess == self.answer else "not yet")

    path = tmp_path / "p.sqlite3"
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)  # no notebook: the stop that teaches the question
    fifteens, total = HandQuestion("fifteens"), HandQuestion("total")
    for question, guess in ((fifteens, ...), (fifteens, "two"), (fifteens, 3), (fifteens, 1), (total, 10)):
        question.check(guess)
    # The same question asked in stop 0's notebook (Jupyter Server names it to the kernel) is stop 0's.
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/ana/cribbage-course/es/00_empieza_aqui.ipynb")
    total.check(12)
    kept = ProgressStore(path).answers()
    assert [(a.stop, a.skill, a.answer, a.correct, a.missed, a.kinds) for a in kept] == [
        (3, "show", "3", False, 2, ("fifteen.2",)), (3, "show", "1", True, 0, ("fifteen.2",)),
        (3, "show", "10", False, 2, ("fifteen.2", "pair", "run.4", "double_run")),
        (0, "show", "12", True, 0, ("fifteen.2", "pair", "run.4", "double_run"))]


@pytest.mark.parametrize("session, stop", [
    ("/home/ana/course/03_the_show.ipynb", 3), ("pt/07_crosscribb.ipynb", 7), ("03_the_show-Copy1.ipynb", 3),
    ("es/03_recuento.ipynb", 3), ("/home/ana/cribbage-course/pt/01_distribuir_descartar_cesta-Copy1.ipynb", 1),
    ("es/03_the_show.ipynb", 3),   # a Spanish copy made before the lessons had Spanish names
    ("C:\\Users\\ana\\course\\05_three_guided_hands.ipynb", 5), ("09_my_notes.ipynb", None),
    ("Untitled.ipynb", None), ("03_the_show.py", None), ("", None)])
def test_the_notebook_a_kernel_runs_names_its_stop(monkeypatch, session, stop):
    from widgets.base.answers import notebook_stop

    monkeypatch.setenv("JPY_SESSION_NAME", session)
    assert notebook_stop() == stop

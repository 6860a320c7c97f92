"""The learner's progress panel.

:class:`ProgressPanel` (shown in 00_start_here) lists each stop: done or not, how many of its questions
were answered right ("2 of 5"), the share right at the first try, the answers given as practice; a
"continue here" link opens the notebook at the first question not yet answered; it says what to practise
next (the item kinds missed most, and the stop that teaches them) and lets the learner forget one stop's
answers after a confirmation. The learner is their account (the hub's user, else the computer's); the
display name can be corrected at any time, and on a shared computer account each learner picks who they
are once for this copy of the course and gets a file of their own.
The answers it sums up are kept by :mod:`widgets.base.answers`.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from cribbage.lang.messages import message
from cribbage.progress import (
    KIND_STOP,
    LearnerProgress,
    ProgressError,
    ProgressStore,
    account,
    choose,
    stop_questions,
    summarize,
    system_user,
)
from cribbage.progress.identity import new_profile
from cribbage.progress.store import learners_on_this_account
from cribbage.registry import stops
from widgets.base.view import Refused, View, guarded, style_tag
from widgets.i18n import number, render

__all__ = ["ProgressPanel"]

# The panel's own layout: each stop a row that wraps on a narrow screen (a phone), each figure labelled
# in words in its own cell, so no header can overlap another and no button is cut. The columns' least
# widths add up to about 740px at 18px type, so a row fits JupyterLab's usual 840px of output.
_CSS = """
.cc-progress-row { display: grid; align-items: center; gap: 4px 16px; padding: 6px 4px; border-bottom: 1px solid #ccc;
  grid-template-columns: minmax(9em, 1.7fr) minmax(6em, 0.8fr) minmax(7em, 1fr) minmax(9em, 1.4fr)
  minmax(6em, 1fr) max-content; }
.cc-progress-row .cc-progress-name { font-weight: 600; }
.cc-progress-row .cc-progress-cell { white-space: normal; }
.cc-view.cc-progress .jupyter-widgets.jupyter-button { white-space: normal; height: auto; min-height: 38px;
  max-width: 100%; overflow: visible; text-overflow: clip; }
.cc-progress .widget-text { max-width: 100%; }
.cc-progress .widget-html-content { white-space: normal; overflow-wrap: anywhere; }
.cc-progress a.cc-continue { font-size: 20px; font-weight: 700; }
.cc-progress details.cc-where { margin: 10px 0 2px 0; font-size: 16px; color: #333; }
.cc-progress details.cc-where summary { cursor: pointer; }
.cc-progress details.cc-where p { margin: 4px 0 0 1.2em; }
.cc-progress details.cc-where code { font-family: "DejaVu Sans Mono", monospace; font-size: 15px;
  background: #f4f4f4; padding: 0 3px; overflow-wrap: anywhere; }
@media (max-width: 760px) {
  .cc-progress-row { display: flex; flex-wrap: wrap; }
  .cc-progress-row .cc-progress-name { flex: 1 1 100%; }
}
"""


class ProgressPanel(View):
    """Each stop done or not, the share right, what to practise next; a stop can be reset after a yes."""

    def __init__(self, store: ProgressStore | None = None, *, language: str | None = None) -> None:
        super().__init__(language=language)
        self.add_class("cc-progress")
        self.store = store or ProgressStore()
        # A file that cannot be read (not ours, damaged) still gives a panel: empty, saying why.
        self.progress: LearnerProgress = LearnerProgress(self._learner_or_system())
        self._saved: str | None = None
        self._readable = False
        self._pending: int | None = None
        self._title = w.HTML(f'<div class="cc-title">{html.escape(self._t("progress.title"))}</div>')
        self._who = w.HTML()
        self._name = w.Text(placeholder=self.progress.learner, layout=w.Layout(width="16em", max_width="100%"),
                            description_allow_html=False)
        self._save = self._wide_button("progress.save_name", lambda: self.save_name(self._name.value))
        self._ask = w.HBox([w.HTML(), self._name, self._save],
                           layout=w.Layout(flex_flow="row wrap", align_items="center"))
        # On a computer account several learners share: who is answering, chosen once for this copy.
        self._others = w.Dropdown(options=[], layout=w.Layout(width="16em", max_width="100%"))
        self._switch = self._wide_button("progress.switch", lambda: self.switch_to(self._others.value))
        self._new_name = w.Text(layout=w.Layout(width="16em", max_width="100%"), description_allow_html=False)
        self._new = self._wide_button("progress.new_learner", lambda: self.new_learner(self._new_name.value))
        self._shared = w.VBox([
            w.HTML(f'<div class="cc-text">{html.escape(self._t("progress.shared"))}</div>'),
            w.HBox([self._others, self._switch], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([w.HTML(f'<span class="cc-text">{html.escape(self._t("progress.new_name"))}</span>'),
                    self._new_name, self._new],
                   layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        # An output, not an HTML widget: JupyterLab follows links in rendered outputs itself (the notebook
        # opens at the cell of ``#cell-id=``); a link in an HTML widget would reload the whole page.
        self._continue = w.Output()
        self._continue_html = ""
        self._cells: dict[int, tuple[w.HTML, w.HTML, w.HTML, w.HTML]] = {}
        self._resets: dict[int, w.Button] = {}
        rows: list[w.Widget] = []
        for entry in stops.STOPS:
            stop = entry.number
            name = w.HTML(f'<span class="cc-text">{stop:02d} · {html.escape(self._t(entry.title))}</span>')
            name.add_class("cc-progress-name")
            self._cells[stop] = (w.HTML(), w.HTML(), w.HTML(), w.HTML())
            for cell in self._cells[stop]:
                cell.add_class("cc-progress-cell")
            button = self._wide_button("progress.reset", lambda stop=stop: self.ask_reset(stop), stop=stop)
            self._resets[stop] = button
            row = w.Box([name, *self._cells[stop], button])
            row.add_class("cc-progress-row")
            rows.append(row)
        self._table = w.VBox(rows, layout=w.Layout(width="100%"))
        self._goal = w.HTML(f'<div class="cc-text">{html.escape(self._t("progress.goal_questions"))}</div>')
        self._yes = w.Button(description=self._t("progress.confirm_yes"), button_style="danger",
                             layout=w.Layout(width="auto"))
        self._no = w.Button(description=self._t("progress.confirm_no"), layout=w.Layout(width="auto"))
        self._yes.on_click(lambda _b: self.confirm_reset())
        self._no.on_click(lambda _b: self.cancel_reset())
        self._confirm = w.VBox([w.HTML(), w.HBox([self._yes, self._no], layout=w.Layout(flex_flow="row wrap"))],
                               layout=w.Layout(display="none"))
        self._next = w.HTML()
        self._refresh = self._wide_button("progress.refresh", lambda: self.refresh())
        # Where the file is, folded at the foot of the panel: a teacher collecting a class's files asks
        # for it, a learner need not read a path to learn (the panel used to say it in its second line).
        self._where = w.HTML()
        self.children = [style_tag(), w.HTML(f"<style>{_CSS}</style>", layout=w.Layout(display="none")),
                         self._title, self._who, self._ask, self._continue, self._table, self._goal,
                         self._confirm, self._message, self._next, w.HBox([self._refresh]), self._shared,
                         self._where]
        self.refresh()

    def _wide_button(self, key: str, action: object, **values: object) -> w.Button:
        text = self._t(key, **values)
        made = w.Button(description=text, tooltip=text, layout=w.Layout(width="auto", max_width="100%"))
        made.on_click(lambda _b: action())  # type: ignore[operator]
        return made

    def _learner_or_system(self) -> str:
        try:
            return self.store.learner
        except ProgressError:
            return system_user()

    # State ------------------------------------------------------------------------------------
    @property
    def rows(self) -> list[tuple[int, str, int, int, int, int]]:
        """One row per stop: (stop, "done" / "started" / "not started" / "no questions", questions answered
        right, questions asked, first answers given, first answers right)."""
        out = []
        for stop in stops.NUMBERS:
            tally, practice = self.progress.stops[stop], self.progress.practice.get(stop)
            right, total = self.progress.questions(stop)
            touched = tally.asked or (practice is not None and practice.asked)
            if self.progress.done(stop):
                status = "done"
            elif touched:
                status = "started"
            else:
                status = "not started" if total else "no questions"
            out.append((stop, status, right, total, tally.asked, tally.right))
        return out

    @property
    def practise(self) -> list[str]:
        """The item kinds to practise next, most missed first."""
        return [kind for kind, _tally in self.progress.most_missed(3)]

    @property
    def continue_link(self) -> str | None:
        """Where "continue here" leads: ``<notebook>#cell-id=<cell>`` of the first question not yet answered,
        the notebook by its name in the panel's language, or the name the lesson's folder has for it (the
        kernel runs in the folder of its notebook, a learner's copy)."""
        question = self.progress.next_question()
        return question.link_in(self.language, Path.cwd()) if question else None

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
            key = self.store.identity
            found = summarize(self.store.answers()).get(key)
            self.progress = found or LearnerProgress(self.store.learner, key)
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
        """Keep (or correct) the learner's display name; their answers stay theirs."""
        self.store.set_learner(name)
        self._say(self._t("progress.name_saved", name=self.store.learner), "ok")
        self.refresh()

    @guarded
    def new_learner(self, name: str) -> None:
        """A learner sharing this computer account starts as themselves: a new identity of their own, a
        file of their own, chosen for this copy of the course (every notebook of it answers as them)."""
        store = ProgressStore(identity=new_profile(), learner=name)
        store.set_learner(name)  # makes their file, so the list of this account's learners shows them
        self._use(store, name)

    @guarded
    def switch_to(self, identity: str | None) -> None:
        """Answer, in this copy of the course, as ``identity`` (one of this account's learners)."""
        known = dict(learners_on_this_account(self.store.path))
        if identity is None or (identity not in known and identity != account()):
            raise Refused(self._t("progress.pick_someone"))
        self._use(ProgressStore(identity=identity), known.get(identity, ""))

    def _use(self, store: ProgressStore, name: str) -> None:
        choose(store.identity, name or store.learner, Path.cwd())
        self.store = store
        self.refresh()
        self._say(self._t("progress.now_you", name=self.store.learner), "ok")

    @guarded
    def ask_reset(self, stop: int) -> None:
        """Ask before forgetting a stop's answers."""
        practice = self.progress.practice.get(stop)
        asked = self.progress.stops[stop].asked + (practice.asked if practice is not None else 0)
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
    @property
    def continue_html(self) -> str:
        """The "continue here" line as shown (HTML; "" for none)."""
        return self._continue_html

    def _show_continue(self, shown: str, text: str) -> None:
        if shown == self._continue_html:
            return
        self._continue_html = shown
        self._continue.outputs = ({"output_type": "display_data", "metadata": {},
                                   "data": {"text/html": shown, "text/plain": text}},) if shown else ()

    @property
    def where(self) -> str:
        """Where this learner's answers are kept, as the panel's folded "where" says it (HTML; "" while
        the file cannot be read: the message then names it)."""
        return str(self._where.value)

    def _where_html(self) -> str:
        command = '<code>cribbage progress where</code>'
        hand_in = html.escape(self._t("progress.where_hand_in", command="{command}")).replace("{command}", command)
        return (f'<details class="cc-where"><summary>{html.escape(self._t("progress.where"))}</summary>'
                f'<p>{html.escape(self._t("progress.where_file"))} <code>{html.escape(str(self.store.path))}</code></p>'
                f"<p>{hand_in}</p></details>")

    def _render(self) -> None:
        self._ask.layout.display = "flex" if self._readable else "none"
        self._name.placeholder = self.progress.learner
        self._who.value = (f'<div class="cc-text">{html.escape(self._t("progress.recording_as", name=self.progress.learner))}</div>'
                           if self._readable else "")
        self._where.value = self._where_html() if self._readable else ""
        asking = self._t("progress.correct_name" if self._saved else "progress.ask_name")
        self._ask.children[0].value = f'<span class="cc-text">{html.escape(asking)}</span>'
        others = learners_on_this_account(self.store.path) if self._readable else []
        options = [(name, identity) for identity, name in others if identity != self.store.identity]
        if self.store.identity != account() and all(identity != account() for _n, identity in options):
            options.insert(0, (system_user(), account()))
        self._others.options = options
        self._others.layout.display = self._switch.layout.display = "flex" if options else "none"
        self._shared.layout.display = "flex" if self._readable else "none"
        for stop, status, right, total, asked, first_right in self.rows:
            status_cell, questions_cell, share_cell, practice_cell = self._cells[stop]
            weight = "700" if status == "done" else "400"
            status_cell.value = (f'<span class="cc-text" style="font-weight:{weight}">'
                                 f'{html.escape(self._t("progress." + status.replace(" ", "_")))}</span>')
            questions_cell.value = (f'<span class="cc-text">{html.escape(self._t("progress.questions_of", right=right, n=total))}</span>'
                                    if total else "")
            share = (self._t("progress.first_tries", share=number(first_right / asked, ".0%", self.language), right=first_right, n=asked)
                     if asked else self._t("progress.no_first_tries"))
            share_cell.value = f'<span class="cc-text">{html.escape(share)}</span>'
            practice = self.progress.practice.get(stop)
            practice_cell.value = (f'<span class="cc-text">{html.escape(self._t("progress.practice", n=practice.asked))}</span>'
                                   if practice is not None and practice.asked else "")
        for stop, button in self._resets.items():
            practice = self.progress.practice.get(stop)
            button.disabled = not (self.progress.stops[stop].asked or (practice is not None and practice.asked))
        question = self.progress.next_question() if self._readable else None
        if question is None:
            said = self._t("progress.all_done") if self._readable else ""
            self._show_continue(f'<div class="cc-text">{html.escape(said)}</div>' if said else "", said)
        else:
            where = self._t("progress.continue_where", stop=question.stop,
                            name=self._t(stops.stop(question.stop).title),
                            n=stop_questions(question.stop).index(question) + 1)
            label = self._t("progress.continue")
            self._show_continue(f'<div class="cc-view"><div class="cc-text" style="font-size:18px">➜ <a class="cc-continue" '
                                f'href="{html.escape(question.link_in(self.language, Path.cwd()))}" style="font-size:20px;font-weight:700">'
                                f"{html.escape(label)}</a>: {html.escape(where)}</div></div>", f"{label}: {where}")
        worst = self.progress.most_missed(3)
        if worst:
            items = "".join(
                "<li>" + html.escape(self._t("progress.next_item", kind=render(message(f"progress.kind.{kind}"),
                                                                              self.language),
                                             wrong=tally.wrong, asked=tally.asked, stop=KIND_STOP.get(kind, "–")))
                + "</li>" for kind, tally in worst)
            body_next = f"<ol>{items}</ol>"
        else:
            body_next = f'<p>{html.escape(self._t("progress.next_none"))}</p>'
        self._next.value = (f'<div class="cc-text"><div class="cc-title">{html.escape(self._t("progress.next"))}</div>'
                            f"{body_next}</div>")

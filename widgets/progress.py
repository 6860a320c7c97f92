"""The learner's progress panel.

:class:`ProgressPanel` (shown in 00_start_here) lists each stop, done or not, with its answers and
share right, says what to practise next (the item kinds missed most, and the stop that teaches them),
and lets the learner forget one stop's answers after a confirmation.
The answers it sums up are kept by :mod:`widgets.answers`.
"""

from __future__ import annotations

import html

import ipywidgets as w

from cribbage.lang.messages import message
from cribbage.progress import (
    KIND_STOP,
    STOP_GOAL,
    STOPS,
    LearnerProgress,
    ProgressError,
    ProgressStore,
    summarize,
    system_user,
)

from ._base import Refused, View, guarded, style_tag
from .i18n import render

__all__ = ["ProgressPanel"]

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
                "<li>" + html.escape(self._t("progress.next_item", kind=render(message(f"progress.kind.{kind}"),
                                                                              self.language),
                                             wrong=tally.wrong, asked=tally.asked, stop=KIND_STOP.get(kind, "–")))
                + "</li>" for kind, tally in worst)
            body_next = f"<ol>{items}</ol>"
        else:
            body_next = f'<p>{html.escape(self._t("progress.next_none"))}</p>'
        self._next.value = (f'<div class="cc-text"><div class="cc-title">{html.escape(self._t("progress.next"))}</div>'
                            f"{body_next}</div>")

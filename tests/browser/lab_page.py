"""A notebook open in JupyterLab, driven as a person would: Run All from the menu, real clicks,
real typing; and checked as a person would look: no error, every widget drawn.

Knowing when the kernel is done needs no guess at timing: the test server exposes JupyterLab's
app to the page (``--LabApp.expose_app_in_browser``, used only to watch, never to act), and a
small watcher keeps every request sent to the kernel until the kernel reports idle for it, and
every error the kernel reports, including those raised in widget callbacks, which JupyterLab
shows nowhere a person looks.

Cells are numbered as in the ``.ipynb`` file: ``cell(0)`` is the notebook's first cell,
markdown or code.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import Counter
from pathlib import Path

from browser_servers import laid_out
from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

# Run in the page once the notebook is open: finds its panel, then records, for its kernel,
# the shell requests not yet finished (idle) and every error and stderr text the kernel sends.
_WATCH = """
async (path) => {
  const app = window.jupyterapp;
  let panel = null;
  for (let i = 0; i < 1200 && !panel; i++) {
    for (const widget of app.shell.widgets('main')) {
      if (widget.context && widget.context.path === path) panel = widget;
    }
    if (!panel) await new Promise(resolve => setTimeout(resolve, 50));
  }
  if (!panel) throw new Error('JupyterLab opened no notebook panel for ' + path);
  const within = (promise, what) => Promise.race([promise, new Promise((_, reject) =>
    setTimeout(() => reject(new Error(what + ' not ready after 120 s: ' + path)), 120000))]);
  await within(panel.context.ready, 'the notebook');
  await within(panel.sessionContext.ready, 'the kernel');
  const watch = window.__notebookWatch = {
    pending: {}, sent: 0, errors: [], stderr: [], status: 'unknown', panel: panel};
  const connect = (kernel) => {
    if (!kernel) return;
    kernel.anyMessage.connect((_, {msg, direction}) => {
      if (direction === 'send' && msg.channel === 'shell') {
        watch.pending[msg.header.msg_id] = msg.header.msg_type;
        watch.sent += 1;
      }
      if (direction !== 'recv' || msg.channel !== 'iopub') return;
      const type = msg.header.msg_type;
      const parent = (msg.parent_header || {}).msg_type || '';
      if (type === 'status') {
        watch.status = msg.content.execution_state;
        if (msg.content.execution_state === 'idle') delete watch.pending[msg.parent_header.msg_id];
      } else if (type === 'error') {
        watch.errors.push({parent: parent,
          text: msg.content.ename + ': ' + msg.content.evalue + '\\n' + msg.content.traceback.join('\\n')});
      } else if (type === 'stream' && msg.content.name === 'stderr') {
        watch.stderr.push({parent: parent, text: msg.content.text});
      }
    });
  };
  // Start from the kernel's state now: an idle kernel may send nothing more until asked.
  watch.status = panel.sessionContext.session.kernel.status;
  connect(panel.sessionContext.session.kernel);
  panel.sessionContext.kernelChanged.connect((_, change) => connect(change.newValue));
  return true;
}
"""

# An output brought to the top of the notebook's panel (which scrolls, not the page).
_TO_TOP = "area => area.scrollIntoView({block: 'start', inline: 'nearest'})"

# What the notebook's page is waited for, checked in the page by Playwright every _POLL_MS.
_POLL_MS = 50
_IDLE = ("() => { const w = window.__notebookWatch;"
         " return w.status === 'idle' && Object.keys(w.pending).length === 0; }")
# Run All has finished: no cell waits in the queue ("[*]") and the kernel is idle.
# A folded cell (the lessons' code is) shows no prompt: its model says whether it waits or runs.
_RUN_ALL_DONE = ("() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                 ".some(prompt => prompt.textContent.includes('[*]'))"
                 " && !window.__notebookWatch.panel.content.widgets.some(c => c.model.type === 'code'"
                 " && c.model.executionState === 'running') && (" + _IDLE + ")()")
# No widget is still "Loading widget..." anywhere in the page, shown or not.
_WIDGETS_LOADED = """() => {
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (node.textContent.includes('Loading widget...') && !node.parentElement.closest('script, style')) {
            return false;
        }
    }
    return true;
}"""

# From now on, the kernel's statuses as JupyterLab sees them (its statusChanged signal).
_KEEP_STATUSES = ("() => { const kernel = window.__notebookWatch.panel.sessionContext.session.kernel;"
                  " window.__kernelStatuses = [];"
                  " kernel.statusChanged.connect((_, status) => window.__kernelStatuses.push(status)); }")
# Since then the kernel has restarted and is idle again.
_RESTARTED = ("() => { const seen = window.__kernelStatuses;"
              " const at = Math.max(seen.lastIndexOf('restarting'), seen.lastIndexOf('autorestarting'));"
              " return at >= 0 && seen.indexOf('idle', at) > at; }")

# Closes every document of the page, shutting its kernel down first (its memory and CPU go at once).
_CLOSE_ALL = """
async () => {
  for (const widget of Array.from(window.jupyterapp.shell.widgets('main'))) {
    if (widget.sessionContext) await widget.sessionContext.shutdown();
    widget.dispose();
  }
}
"""

# What a person sees as wrong after Run All, cell by cell, from the notebook model and the page.
_PROBLEMS = """
() => {
  const panel = window.__notebookWatch.panel;
  const problems = [];
  panel.content.widgets.forEach((cell, index) => {
    const model = cell.model;
    if (model.type !== 'code') return;
    const tags = model.getMetadata('tags') || [];
    const outputs = model.outputs.toJSON();
    const children = cell.outputArea.widgets.map(child => child.node);
    outputs.forEach((output, k) => {
      const node = children[k];
      const shown = node ? node.innerText : '';
      if (output.output_type === 'error' && !tags.includes('raises-exception')) {
        problems.push(`cell ${index}: ${output.ename}: ${output.evalue}\\n${output.traceback.join('\\n')}`);
      } else if (output.output_type === 'stream' && output.name === 'stderr'
                 && /Traceback|Error/.test(output.text)) {
        problems.push(`cell ${index}: error text on stderr:\\n${output.text}`);
      }
      const view = (output.data || {})['application/vnd.jupyter.widget-view+json'];
      if (view && view.model_id) {
        if (!node) problems.push(`cell ${index}: widget output ${k} is not in the page`);
        else if (shown.includes('Error displaying widget')) problems.push(`cell ${index}: ${shown.trim()}`);
        else if (node.querySelector('.jupyter-widgets-error-widget'))
          problems.push(`cell ${index}: Error displaying widget: its JavaScript view failed`);
        else if (shown.includes('Loading widget...')) problems.push(`cell ${index}: widget still loading`);
        else if (!node.querySelector('.jupyter-widgets')) problems.push(`cell ${index}: widget not drawn`);
      }
    });
    // A view that failed inside a container widget that did not.
    if ((cell.node.innerText.includes('Error displaying widget')
         || cell.node.querySelector('.jupyter-widgets-error-widget'))
        && !problems.some(p => p.startsWith(`cell ${index}: Error displaying widget`))) {
      problems.push(`cell ${index}: Error displaying widget (inside another widget)`);
    }
  });
  return problems;
}
"""

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _plain(text: str) -> str:
    return _ANSI.sub("", text)


class NotebookError(AssertionError):
    """What went wrong in a notebook in the browser, in the words a person would use."""


class LabNotebook:
    """One notebook open in its own JupyterLab page (its own workspace, its own kernel).

    ``open`` waits for the kernel; ``run_all`` runs every cell from the Run menu and waits until
    the kernel has finished them all; the interaction helpers (``click``, ``type``, ``select``,
    ``check``) act inside a cell's output and wait until the kernel has answered, then fail with
    the traceback if the answer was an error."""

    def __init__(self, page: Page, server_url: str, path: str) -> None:
        self.page = page
        self.server_url = server_url
        self.path = path
        # The test module using this page now, and the one whose clicks or typing last changed it: a
        # page changed by one module is run afresh for another (conftest's NotebookRunner).
        self.user: str | None = None
        self.changed_by: str | None = None
        self.holder: str | None = None   # the test given this notebook last (its page is not reused meanwhile)
        self.page_errors: list[str] = []
        self._problems_seen: Counter[str] = Counter()
        self.console_errors: list[str] = []
        self.uses = 1   # how many notebooks this page has opened (see ``open``'s ``page``)
        self._listeners = {"pageerror": lambda error: self.page_errors.append(str(error)),
                           "console": lambda message: self.console_errors.append(message.text)
                           if message.type == "error" else None}
        for event, listener in self._listeners.items():
            page.on(event, listener)

    # -- opening and running ------------------------------------------------------------------

    @classmethod
    def open(cls, context: BrowserContext, server_url: str, path: str,
             timeout: float = 120, *, instead_of: LabNotebook | None = None) -> LabNotebook:
        """Open ``path`` (relative to the server's root) in a fresh workspace of a new page, or
        ``instead_of`` another notebook of the same server: that notebook is closed with its kernel
        and ``path`` opens in its page, without loading JupyterLab again (seconds of the machine's
        time: most of a notebook's opening)."""
        if instead_of is None:
            page = context.new_page()
            workspace = re.sub(r"[^A-Za-z0-9]+", "-", path) + f"-{time.monotonic_ns()}"
            page.goto(f"{server_url}/lab/workspaces/{workspace}/tree/{path}?reset",
                      timeout=timeout * 1000)
            page.wait_for_function("() => window.jupyterapp !== undefined", timeout=timeout * 1000)
            uses = 1
        else:
            page, uses = instead_of.page, instead_of.uses + 1
            instead_of.detach()
            page.evaluate(_CLOSE_ALL)
            page.evaluate("async (path) => { await window.jupyterapp.commands.execute("
                          "'docmanager:open', {path: path, factory: 'Notebook'}); }", path)
        notebook = cls(page, server_url, path)
        notebook.uses = uses
        page.evaluate(_WATCH, path)
        notebook._accept_kernel_dialog()
        notebook.wait_idle(timeout)
        return notebook

    def _accept_kernel_dialog(self) -> None:
        # A notebook saved without a kernelspec asks which kernel to start: take the default.
        dialog = self.page.locator(".jp-Dialog")
        if dialog.count() and "Select Kernel" in dialog.inner_text():
            dialog.locator(".jp-mod-accept").click()

    def run_all(self, timeout: float = 300) -> None:
        """Run > Run All Cells, then wait until every cell has run (or Run All stopped at an error)
        and every widget has been drawn."""
        sent = self._sent()
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        self._wait_sent(sent)
        self.wait_run_all(timeout)

    def wait_run_all(self, timeout: float = 300) -> None:
        """Wait until the cells Run All queued have run (or it stopped at an error) and every widget
        has been drawn: after Run All from the menu, or Restart Kernel and Run All."""
        # Run All queues every code cell at once: wait for the queue to empty.
        self._wait_in_page(_RUN_ALL_DONE, timeout, "Run All to finish")
        self._wait_in_page(_WIDGETS_LOADED, 60, "every widget to load")

    def wait_idle(self, timeout: float = 60) -> None:
        """Wait until the kernel has finished every request the page sent it."""
        self._wait_in_page(_IDLE, timeout, "the kernel to be idle")

    def keep_statuses(self) -> None:
        """Keep the kernel's statuses from now on, as JupyterLab sees them (:meth:`statuses`), to know
        a restart asked for next has happened (:meth:`wait_restarted`)."""
        self.page.evaluate(_KEEP_STATUSES)

    def statuses(self) -> list[str]:
        """The kernel's statuses since :meth:`keep_statuses`."""
        return self.page.evaluate("() => window.__kernelStatuses")

    def wait_restarted(self, timeout: float = 120) -> None:
        """Wait until the kernel has restarted (since :meth:`keep_statuses`) and is idle again."""
        self._wait_in_page(_RESTARTED, timeout, "the kernel to restart and be idle again")

    def wait_sent(self, before: int, timeout: float, what: str) -> None:
        """Wait until the page has sent the kernel a request since it had sent ``before``."""
        self._wait_in_page("before => window.__notebookWatch.sent > before", timeout, what, arg=before)

    def _sent(self) -> int:
        return self.page.evaluate("() => window.__notebookWatch.sent")

    def _wait_sent(self, before: int, patience: float = 5) -> None:
        # What talks to the kernel sends its message at once, but a page on a loaded machine may
        # take seconds to get to it: wait until it has (an action that never reaches the kernel
        # costs this patience, which is why it is not longer; then nothing was sent, and that is all).
        with contextlib.suppress(PlaywrightTimeoutError):
            self.page.wait_for_function("before => window.__notebookWatch.sent !== before", arg=before,
                                        timeout=patience * 1000, polling=_POLL_MS)

    def _idle(self) -> bool:
        return self.page.evaluate(_IDLE)

    def _wait_in_page(self, condition: str, timeout: float, what: str, arg: object = None) -> None:
        """Until ``condition`` (a JavaScript function, given ``arg``) holds in the page: checked there
        by Playwright."""
        try:
            self.page.wait_for_function(condition, arg=arg, timeout=timeout * 1000, polling=_POLL_MS)
        except PlaywrightTimeoutError:
            raise NotebookError(f"{self.path}: timed out after {timeout:.0f} s waiting for {what}") from None

    # -- what went wrong ----------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Every error a person would see or should have seen: error outputs, tracebacks on
        stderr, widgets not drawn or in error, errors raised by widget callbacks, and
        uncaught errors in the page's JavaScript."""
        found = [_plain(p) for p in self.page.evaluate(_PROBLEMS)]
        watch = self.page.evaluate(
            "() => ({errors: window.__notebookWatch.errors, stderr: window.__notebookWatch.stderr})")
        # Errors of executed cells are in their outputs (and may be allowed there); the others
        # come from widget callbacks and are shown nowhere a person looks.
        found += [f"error in a widget callback: {_plain(e['text'])}"
                  for e in watch["errors"] if e["parent"] != "execute_request"]
        found += [f"error text on stderr from a widget callback: {e['text']}"
                  for e in watch["stderr"]
                  if e["parent"] != "execute_request" and re.search(r"Traceback|Error", e["text"])]
        found += [f"JavaScript error in the page: {e}" for e in self.page_errors]
        if any("Error displaying widget" in problem for problem in found):
            found += [f"browser console: {line}" for line in self.console_errors[-5:]]
        return found

    def assert_no_errors(self) -> None:
        problems = self.problems()
        if problems:
            raise NotebookError(f"{self.path}:\n" + "\n\n".join(problems))

    def assert_all_cells_ran(self) -> None:
        # Read from the cells' models: a folded cell (the lessons' code is) shows no prompt to read.
        counts = self.page.evaluate(
            "() => window.__notebookWatch.panel.content.widgets"
            ".filter(c => c.model.type === 'code').map(c => c.model.executionCount)")
        missing = [i for i, count in enumerate(counts) if not isinstance(count, int)]
        if missing:
            raise NotebookError(f"{self.path}: code cells {missing} (counting code cells only) did not run: "
                                f"execution counts {[counts[i] for i in missing]}")

    def _check_new_errors(self) -> None:
        # After an interaction only the problems it caused are news.
        problems = Counter(self.problems())
        new = list((problems - self._problems_seen).elements())
        self._problems_seen = problems
        if new:
            raise NotebookError(f"{self.path}: the interaction went wrong:\n" + "\n\n".join(new))

    # -- finding things -----------------------------------------------------------------------

    def cell(self, index: int) -> Locator:
        """The ``index``-th cell of the notebook, counted as in the .ipynb file (from 0)."""
        return self.page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(index)

    def output(self, index: int) -> Locator:
        """The output area of cell ``index``."""
        return self.cell(index).locator(".jp-Cell-outputArea").first

    def find_cell(self, source_text: str) -> int:
        """The index of the first cell whose source contains ``source_text``."""
        index = self.page.evaluate(
            "(text) => window.__notebookWatch.panel.content.widgets"
            ".findIndex(c => c.model.sharedModel.getSource().includes(text))", source_text)
        if index < 0:
            raise NotebookError(f"{self.path}: no cell's source contains {source_text!r}")
        return index

    def cell_index(self, cell_id: str) -> int:
        """The index of the cell whose id is ``cell_id`` (translated lessons keep the English ids)."""
        index = self.page.evaluate(
            "(id) => window.__notebookWatch.panel.content.widgets.findIndex(c => c.model.id === id)", cell_id)
        if index < 0:
            raise NotebookError(f"{self.path}: no cell has the id {cell_id!r}")
        return index

    def _scope(self, cell: int | None) -> Locator:
        return self.output(cell) if cell is not None else self.page.locator(".jp-Notebook")

    def button(self, text: str, cell: int | None = None) -> Locator:
        """The one button named ``text`` (exactly) in cell ``cell``'s output, or in the notebook."""
        buttons = self._scope(cell).get_by_role("button", name=text, exact=True)
        if buttons.count() != 1:
            names = self._scope(cell).get_by_role("button").all_inner_texts()
            where = f"cell {cell}'s output" if cell is not None else "the notebook"
            raise NotebookError(f"{self.path}: {buttons.count()} buttons named {text!r} in {where}; "
                                f"the buttons there: {names}")
        return buttons

    # -- acting -------------------------------------------------------------------------------

    def click(self, text: str, cell: int | None = None, timeout: float = 60) -> None:
        """Click the button named ``text`` and wait for the kernel's answer; fail on an error."""
        self._act(lambda: self.button(text, cell).click(), timeout)

    def type(self, text: str, cell: int | None = None, *, placeholder: str | None = None,
             label: str | None = None, submit: bool = False, timeout: float = 60) -> None:
        """Type ``text`` into the text box of cell ``cell`` (the one with this placeholder or
        label when there are several), replacing what was there; Enter after it if ``submit``."""
        scope = self._scope(cell)
        if placeholder is not None:
            box = scope.get_by_placeholder(placeholder, exact=True)
        elif label is not None:
            box = scope.locator(".widget-text, .widget-textarea", has_text=label).locator(
                "input, textarea")
        else:
            box = scope.locator("input[type=text], input:not([type]), textarea")
        if box.count() != 1:
            raise NotebookError(f"{self.path}: {box.count()} text boxes match in "
                                f"{'cell ' + str(cell) if cell is not None else 'the notebook'}")

        def act() -> None:
            box.fill(text)
            if submit:
                box.press("Enter")
        # A box that sends its value only on Enter or when left sends nothing now: no long wait for a
        # message (the kernel reads messages in order, so the next click still finds the value there).
        self._act(act, timeout, patience=5 if submit else 0.5)

    def select(self, option: str, cell: int | None = None, timeout: float = 60) -> None:
        """Choose ``option`` (its visible label) in the one drop-down of cell ``cell``."""
        menu = self._scope(cell).locator("select")
        self._act(lambda: menu.select_option(label=option), timeout)

    def check(self, label: str, cell: int | None = None, value: bool = True,
              timeout: float = 60) -> None:
        """Tick (or with ``value=False`` untick) the check box labelled ``label``."""
        box = self._scope(cell).get_by_label(label, exact=True)
        self._act(lambda: box.set_checked(value), timeout)

    def _act(self, action, timeout: float, patience: float = 5) -> None:
        self.changed_by = self.user
        self._check_new_errors()
        sent = self._sent()
        action()
        self._wait_sent(sent, patience)
        self.wait_idle(timeout)
        self._check_new_errors()

    def run_cell_with(self, index: int, source: str, timeout: float = 60) -> None:
        """Replace cell ``index``'s code as a person does (click in it, select all, type) and run
        it with Shift+Enter; waits for the kernel and fails on any new error."""
        editor = self.cell(index).locator(".jp-InputArea-editor .cm-content")
        folded = self.cell(index).locator(".jp-InputPlaceholder")
        if folded.count():
            folded.first.click()       # the lessons' code is folded: a learner unfolds it first
            editor.wait_for(state="visible")

        def act() -> None:
            editor.click()
            self.page.keyboard.press("ControlOrMeta+A")
            self.page.keyboard.insert_text(source)
            self.page.keyboard.press("Shift+Enter")
        self._act(act, timeout)

    def answer(self, question: str, blank: str, value: object, timeout: float = 60) -> int:
        """Answer a try-it: in the cell that checks ``question``, put ``value`` in the ``blank``
        (``my_total = 20``) and run it. Returns the cell's index, to read its verdict."""
        index = self.find_cell(f"{question}.check(")
        self.run_cell_with(index, f"{blank} = {value!r}\n{question}.check({blank})", timeout)
        return index

    def try_it(self, question: str, blank: str, wrong: object, right: object) -> int:
        """A try-it answered as a learner does: after Run All it waits for an answer; a wrong one
        is "Not yet" with a hint; the right one is "Right". Returns the cell, to read more."""
        index = self.find_cell(f"{question}.check(")
        self.expect_text(index, f"replace the ... after {blank}")
        self.answer(question, blank, wrong)
        self.expect_text(index, f"Not yet: it is not {wrong}.")
        self.expect_text(index, f"Change {blank} and run the cell again.")
        self.answer(question, blank, right)
        self.expect_text(index, f"Right: {right}.")
        self.assert_no_traceback_text()
        return index

    def assert_no_traceback_text(self) -> None:
        """No traceback and no "AssertionError" anywhere a person can read in the notebook."""
        # every notebook on the page (a link may have opened a second one beside this)
        text = "\n".join(self.page.locator(".jp-Notebook").all_inner_texts())
        for bad in ("Traceback", "AssertionError", "Error displaying widget"):
            if bad in text:
                raise NotebookError(f"{self.path}: the page shows {bad!r}")

    # -- reading ------------------------------------------------------------------------------

    def text(self, cell: int) -> str:
        """The text a person reads in cell ``cell``'s output (after the kernel is idle)."""
        self.wait_idle()
        return self.output(cell).evaluate(
            "area => Array.from(area.querySelectorAll(':scope > .jp-OutputArea-child > .jp-OutputArea-output'))"
            ".map(output => output.innerText).join('\\n')")

    def expect_text(self, cell: int, text: str | re.Pattern, timeout: float = 15) -> None:
        """Wait until cell ``cell``'s output contains ``text`` (a string or a regex)."""
        expect(self.output(cell)).to_contain_text(text, timeout=timeout * 1000)

    # -- pictures -----------------------------------------------------------------------------

    def screenshot(self, name: str, cell: int | None = None) -> Path:
        """Save ``build/screenshots/<name>.png``: cell ``cell``'s output, or the whole notebook.

        JupyterLab scrolls the notebook inside its own panel, where a picture of anything taller
        than the window comes out cut and overlaid; so for the picture the window is made as tall
        as what it shows (the whole notebook, or the output brought to the top), then put back.
        Only as tall: the first picture of a window as tall as a lesson costs seconds of drawing."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        outer = "document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')"
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        chrome = size["height"] - self.page.evaluate(
            f"() => {{ const n = {outer}; return n ? n.clientHeight : 0; }}")
        area = self.output(cell) if cell is not None else None
        if area is None:
            height = self.page.evaluate(f"() => {{ const n = {outer}; return n ? n.scrollHeight : 0; }}")
        else:
            area.evaluate(_TO_TOP)
            laid_out(self.page)   # drawn where it is now, at its true height
            height = area.evaluate("area => Math.ceil(area.getBoundingClientRect().height) + 16")
        try:
            self.page.set_viewport_size({"width": size["width"],
                                         "height": max(size["height"], min(height + chrome, 12000))})
            laid_out(self.page)
            if area is None:
                # Run All leaves the notebook scrolled to its last cell: the picture is from its top.
                self.page.evaluate(f"() => {{ const n = {outer}; if (n) n.scrollTop = 0; }}")
            else:
                area.evaluate(_TO_TOP)
            laid_out(self.page)
            (self.page if area is None else area).screenshot(path=str(path))
        finally:
            self.page.set_viewport_size(size)
        return path

    def detach(self) -> None:
        """Stop listening to the page (another notebook takes it over)."""
        for event, listener in self._listeners.items():
            self.page.remove_listener(event, listener)

    def close(self) -> None:
        self.page.close()

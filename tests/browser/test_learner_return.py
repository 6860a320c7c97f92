"""A Spanish learner's course, started as the README says (``LANGUAGE=es make course``: the ``cribbage
course`` command, here with a throw-away folder and home), answered in two lessons, reloaded, its kernel
restarted, and come back to.

What must hold: JupyterLab opens on the learner's own copy at the first stop, the file browser
collapsed; each lesson starts with the note naming, as JupyterLab shows them, what to click to bring
the cards back; a saved lesson keeps the learner's answer but no widget view, so after a reload or a
restart nothing says "Error displaying widget", and the note's one click (▶▶, then Reiniciar)
brings every widget back working, with the answer's verdict; the progress panel counts each question
once (the answers replayed by running the lesson again are not new answers); and the repository's
``course/`` is never written (the server's root is the copy).

The server is started once for the module (about 15 s) on 127.0.0.1, a free port, no token, and
stopped at the end; the learner's home, caches and progress are in a temporary folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import lab_page
import pytest
from browser_servers import LAB_SETTINGS, Server, free_port, isolated_env, within_time
from lab_page import SCREENSHOTS, LabNotebook, NotebookError
from playwright.sync_api import Page, expect

import widgets.i18n.messages  # noqa: F401  (the widgets' words, to read the panel and the verdicts)
from cribbage import Card, cards, score_hand
from cribbage.lang.messages import message, render
from cribbage.lessons import RETURN_CELL_ID, return_note
from cribbage.lessons.notebooks import WIDGET_VIEW
from cribbage.progress import stop_questions
from cribbage.registry.stops import stop
from widgets.i18n import number

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"
NOT_LOCAL = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")
LANGUAGE = "es"
#: Stops 0 and 3 as a Spanish copy names them: its tabs and file browser read 00_empieza_aqui.ipynb.
START, SHOW = stop(0).notebook_in(LANGUAGE), stop(3).notebook_in(LANGUAGE)


def _course_state() -> tuple[str, dict[str, str]]:
    """``git status --porcelain course/`` and a hash of every file under ``course/``."""
    status = subprocess.run(["git", "status", "--porcelain", "course/"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    digest = {str(p.relative_to(COURSE)): hashlib.sha256(p.read_bytes()).hexdigest()
              for p in sorted(COURSE.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}
    return status, digest


@dataclass
class Learner:
    server: Server
    copy: Path
    home: Path
    said: str          # what the command printed before JupyterLab started


@pytest.fixture(scope="module")
def learner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Learner]:
    yield from learner_course(tmp_path_factory.mktemp("learner"), LANGUAGE)


def learner_course(home: Path, language: str) -> Iterator[Learner]:
    """``LANGUAGE=<language> make course``'s course in ``home`` (its copy, caches and progress there), while
    the generator runs; stopped after."""
    env = isolated_env(home)
    for name in ("home", "xdg-cache", "xdg-data", "xdg-config", "progress"):
        (home / name).mkdir()
    env.update(HOME=str(home / "home"), XDG_CACHE_HOME=str(home / "xdg-cache"), XDG_DATA_HOME=str(home / "xdg-data"),
               XDG_CONFIG_HOME=str(home / "xdg-config"), CRIBBAGE_PROGRESS=str(home / "progress") + os.sep)
    env.pop("CRIBBAGE_EXERCISE_ANSWERS", None)         # a learner's blanks stay blank
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    env["LANGUAGE"] = language                          # LANGUAGE=es make course
    for name, value in LAB_SETTINGS.items():            # every cell in the page; no news
        path = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    labconfig = Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps({"buildCheck": False, "buildAvailable": False}))
    copy = home / "mi curso"
    script = Path(sys.executable).with_name("cribbage")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "cribbage.cli"]
    port = free_port()
    argv = [*command, "course", "--dir", str(copy), "--",     # make course's recipe, with a folder of the test's
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=", "--no-browser", "--ServerApp.allow_root=True",
            "--ServerApp.terminals_enabled=False", "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True"]     # the page helpers watch the kernel through the app
    log = home / "course.log"
    server = Server(f"make course ({language})", argv, port=port, cwd=ROOT, env=env, log_path=log, ready_path="/api/status")
    try:
        yield Learner(server, copy, home, log.read_text(errors="replace").split("[I ")[0])
    finally:
        server.stop()


@pytest.fixture(scope="module")
def context(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(NOT_LOCAL, lambda route: route.abort())
    try:
        yield context
    finally:
        within_time(context.close, "the learner's browser context")


def _words(key: str, **values: object) -> str:
    return render(message(key, **values), LANGUAGE)


def _prefix(key: str, placeholder: str) -> str:
    """The words of ``key`` before its ``placeholder``: "Correcto: " of "Correcto: {answer}."."""
    return _words(key, **{placeholder: "\x00"}).split("\x00")[0]


def _attach(notebook: LabNotebook) -> None:
    """Watch the kernel again after the page was reloaded (the watcher lived in the old page)."""
    notebook.page.wait_for_function("() => window.jupyterapp !== undefined", timeout=120_000)
    notebook.page.evaluate(lab_page._WATCH, notebook.path)
    notebook.page_errors.clear()
    notebook.wait_idle(120)


def _restart_and_run_all(notebook: LabNotebook) -> str:
    """What the note says to do: ▶▶ in the notebook's toolbar, then the dialog's button. Returns the
    button's name, and waits until every cell has run and every widget is drawn."""
    page = notebook.page
    sent = notebook._sent()
    page.locator('.jp-NotebookPanel-toolbar [data-command="notebook:restart-run-all"]').click()
    dialog = page.locator(".jp-Dialog")
    expect(dialog).to_be_visible(timeout=30_000)
    accept = dialog.locator(".jp-mod-accept")
    name = accept.inner_text().strip()
    accept.click()
    notebook._wait_sent(sent, patience=60)
    notebook.wait_run_all(300)
    return name


def _assert_no_broken_widget(page: Page, where: str) -> None:
    text = page.locator(".jp-Notebook").inner_text()
    for broken in ("Error displaying widget", "model not found", "Loading widget..."):
        assert broken not in text, f"{where}: the page shows {broken!r}"


def _row(panel: str, stop: int) -> str:
    """The progress panel's row of ``stop``: from its name to its reset button."""
    lines = panel.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(f"{stop:02d} ·"))
    reset = _words("progress.reset", stop=stop)
    last = next(i for i in range(first, len(lines)) if lines[i].strip() == reset)
    return "\n".join(line.strip() for line in lines[first:last])


def _practice_lines(row: str) -> set[str]:
    """The row's practice count, if it has one ("1 respuesta de práctica")."""
    return {_words("progress.practice", n=n) for n in range(1, 50)} & set(row.splitlines())


def _first_cell(notebook: LabNotebook) -> str:
    return notebook.cell(0).inner_text()


def _saved(copy: Path, name: str) -> dict:
    return json.loads((copy / name).read_text(encoding="utf-8"))


def _save(notebook: LabNotebook) -> None:
    notebook.page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    notebook.page.keyboard.press("ControlOrMeta+s")
    tab = notebook.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")
    expect(tab, "the save never ended: the tab still says the notebook is changed").not_to_have_class(
        re.compile(r"\bjp-mod-dirty\b"), timeout=30_000)


def test_a_spanish_learner_comes_back_to_working_lessons(learner: Learner, context) -> None:
    before = _course_state()
    server, copy = learner.server, learner.copy
    assert f"Tu propia copia del curso está en {copy}" in learner.said, learner.said
    assert f"Abriendo JupyterLab en la primera parada, {START}" in learner.said

    # 1. As the learner's browser opens it: the first stop of the copy, the file browser collapsed.
    page = context.new_page()
    page.goto(server.url + "/", timeout=120_000)
    expect(page.locator(".jp-NotebookPanel")).to_be_visible(timeout=120_000)
    expect(page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")).to_contain_text(START)
    assert page.url.endswith(f"/lab/tree/{START}")
    # A first visit: the lesson's own title first, no "coming back" note.
    expect(page.locator(".jp-NotebookPanel .jp-Cell").first).to_contain_text("Empieza aquí", timeout=30_000)
    expect(page.locator(".jp-NotebookPanel")).not_to_contain_text("¿Vuelves a esta lección?")
    # The workspace's layout (the file browser collapsed) is in place once JupyterLab has restored it.
    page.wait_for_function("() => window.jupyterapp.restored.then(() => true)", timeout=60_000)
    assert not page.locator("#filebrowser").is_visible(), "the file browser is open"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "learner-return-es-first-stop.png"))
    # The note (saved once the lesson ran) shows the ▶▶ button the toolbar has, and names no English command.
    expect(page.locator('.jp-NotebookPanel-toolbar [data-command="notebook:restart-run-all"]')).to_be_visible()
    assert "▶▶" in return_note(LANGUAGE) and "Restart" not in return_note(LANGUAGE)
    page.close()

    # 2. Stop 0: the lesson run as the note says, then the learner answers its question.
    start = LabNotebook.open(context, server.url, START)
    assert _restart_and_run_all(start) == _words("lessons.lab.restart")   # the dialog's button, as the note names it
    start.assert_no_errors()
    start.assert_all_cells_ran()
    total = score_hand(cards("5C 5D 6H 7S"), Card.parse("4C")).total
    asked = start.answer("four_of_clubs", "my_total", total)
    start.expect_text(asked, _prefix("ex.right", "answer"))
    _save(start)

    # 3. Stop 3: the same, one question answered wrong then right.
    show = LabNotebook.open(context, server.url, SHOW)
    _restart_and_run_all(show)
    show.assert_no_errors()
    fifteens = sum(1 for item in score_hand(cards("6C 9D 5H 10S"), Card.parse("4C")).items if item.kind == "fifteen")
    asked_show = show.answer("fifteens", "my_fifteens", fifteens + 1)
    show.expect_text(asked_show, _prefix("ex.not_yet", "guess"))
    show.answer("fifteens", "my_fifteens", fifteens)
    show.expect_text(asked_show, _prefix("ex.right", "answer"))
    _save(show)

    # Saved: the learner's answer and every other output, no widget view, the note first.
    for name, blank, value in ((START, "my_total", total), (SHOW, "my_fifteens", fifteens)):
        saved = _saved(copy, name)
        assert saved["cells"][0]["id"] == RETURN_CELL_ID
        sources = ["".join(cell["source"]) for cell in saved["cells"]]
        assert any(f"{blank} = {value}" in source for source in sources), name
        views = [cell["id"] for cell in saved["cells"] for output in cell.get("outputs", [])
                 if WIDGET_VIEW in output.get("data", {})]
        assert views == [], f"{name}: widget views saved in cells {views}"
        assert "widgets" not in saved["metadata"]

    # 4. A reload, then a restart of the kernel and another reload: never a broken widget, the note on top.
    show.page.reload(timeout=120_000)
    _attach(show)
    show.assert_no_errors()
    _assert_no_broken_widget(show.page, "after a reload")
    assert "¿Vuelves a esta lección?" in _first_cell(show)
    assert f"my_fifteens = {fifteens}" in show.cell(show.find_cell("fifteens.check(")).inner_text()
    show.screenshot("learner-return-es-after-reload")
    (session,) = [s for s in server.get_json("/api/sessions") if s["path"] == SHOW]
    show.keep_statuses()
    show.page.locator('.jp-NotebookPanel-toolbar [data-command="notebook:restart-kernel"]').click()
    show.page.locator(".jp-Dialog .jp-mod-accept").click()
    show.wait_restarted(120)
    show.wait_idle(120)
    # The server heard the kernel's idle before the page did (it relays the kernel's messages).
    assert server.get_json(f"/api/kernels/{session['kernel']['id']}")["execution_state"] == "idle"
    show.page.reload(timeout=120_000)
    _attach(show)
    show.assert_no_errors()
    _assert_no_broken_widget(show.page, "after a restart and a reload")
    # The one click the note names brings every widget back, and the answer's verdict with it.
    _restart_and_run_all(show)
    show.assert_no_errors()
    show.assert_all_cells_ran()
    _assert_no_broken_widget(show.page, "after the note's click")
    show.expect_text(show.find_cell("fifteens.check("), _prefix("ex.right", "answer"), timeout=30)
    show.screenshot("learner-return-es-after-restart-and-run-all")

    # 5. Coming back to stop 0 in a new page: blank places and the note, then everything working, and
    #    the panel counting each question once (the replays of Run All are not new answers).
    start.close()
    back = LabNotebook.open(context, server.url, START)
    back.assert_no_errors()
    _assert_no_broken_widget(back.page, "stop 0 come back to")
    assert "¿Vuelves a esta lección?" in _first_cell(back)
    _restart_and_run_all(back)
    back.assert_no_errors()
    back.assert_all_cells_ran()
    back.expect_text(back.find_cell("four_of_clubs.check("), _prefix("ex.right", "answer"), timeout=30)
    panel = back.text(back.find_cell("ProgressPanel("))
    back.screenshot("learner-return-es-progress", cell=back.find_cell("ProgressPanel("))
    rows = {stop: _row(panel, stop) for stop in (0, 3)}
    # Stop 0: its one question, right at the first try. Stop 3: one of its questions right, wrong at the
    # first try (the score), so the right answer after it is the one practice answer; the answers Run All
    # replayed twice in each lesson count for nothing.
    assert _words("progress.questions_of", right=1, n=len(stop_questions(0))) in rows[0], rows[0]
    assert _words("progress.first_tries", share=number(1, ".0%", LANGUAGE), right=1, n=1) in rows[0], rows[0]
    assert _practice_lines(rows[0]) == set(), rows[0]
    assert _words("progress.questions_of", right=1, n=len(stop_questions(3))) in rows[3], rows[3]
    assert _words("progress.first_tries", share=number(0, ".0%", LANGUAGE), right=0, n=1) in rows[3], rows[3]
    assert _practice_lines(rows[3]) == {_words("progress.practice", n=1)}, rows[3]
    back.close()
    # Closing a lesson's tab shuts its kernel down (kernelShutdown); the server culls what a closed
    # browser leaves (its log says so at the first kernel).
    _save(show)
    # The page asks the server to end the lesson's session (and its kernel): its answer is the end.
    with show.page.expect_response(lambda response: response.request.method == "DELETE"
                                   and "/api/sessions/" in response.url, timeout=60_000) as ended:
        show.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabCloseIcon").click()
    assert ended.value.ok, (ended.value.status, ended.value.url)
    assert all(s["path"] != SHOW for s in server.get_json("/api/sessions")), "the closed lesson's session is still there"
    show.close()
    assert "Culling kernels with idle durations > 600 seconds" in server.log_tail(400)

    # 6. The repository's course was only read: a clean checkout stays clean, and whatever changed in
    #    course/ meanwhile (other people edit it while this runs) holds nothing of the learner's session.
    status, digest = _course_state()
    if not before[0]:
        assert status == "", f"git status --porcelain course/ after the learner's session:\n{status}"
    for name in {name for name in {*digest, *before[1]} if digest.get(name) != before[1].get(name)}:
        text = (COURSE / name).read_text(encoding="utf-8", errors="replace") if (COURSE / name).exists() else ""
        for trace in (RETURN_CELL_ID, f"my_total = {total}", f"my_fifteens = {fifteens}"):
            assert trace not in text, f"course/{name} holds {trace!r} of the learner's session"
    for name in (START, SHOW):
        assert (COURSE / "es" / name).read_bytes() != (copy / name).read_bytes()


def test_the_course_folder_is_not_the_servers(learner: Learner) -> None:
    """The server serves the copy alone: the repository's lessons are out of its reach."""
    root = learner.server.get_json("/api/contents")
    names = {item["name"] for item in root["content"]}
    assert START in names and "es" not in names and "locale" not in names
    if learner.server.request("GET", "/api/contents/../course") == 200:
        raise NotebookError("the server reaches outside the learner's copy")

"""The teacher's gradebook on a real JupyterHub on 127.0.0.1 (the class of ``test_class_hub.py``, its
fixtures imported): two learners answer in their lessons through their servers' kernel API, one never
starts; the teacher, in Chromium, opens the gradebook in Spanish, downloads the CSV, the workbook and
Moodle's grade import (each read back with pandas or openpyxl equal to the page), opens a learner's
answers and their notebook read-only (drawn by nbconvert, sandboxed: no kernel, no script, nothing to
edit), and which lessons they have open: Beatriz's layout, saved through her server's JupyterLab API
where her JupyterLab keeps it, says which tab is in front; Ana, with none saved, is shown at her latest
answer's stop, as a guess; a learner who asks for any of it is refused (403).

Needs root (accounts, and a hub that starts servers as other users): skipped otherwise, except in CI.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from test_class_hub import SCREENSHOTS, _browser_login, _in_thread, _run_lesson, class_hub  # noqa: F401

from cribbage.progress.export import SEPARATOR

LANGUAGE = "es"
PROJECTOR = {"width": 1280, "height": 720}


def _figure(cell: str) -> tuple[int, int]:
    """(answered, right) of a gradebook cell (``67% 2/3``, ``100% ✓ 1/1``, ``–``)."""
    found = re.fullmatch(r"(\d+)%(?: ✓)? (\d+)/(\d+)", cell.strip())
    return (int(found.group(3)), int(found.group(2))) if found else (0, 0)


def _page_rows(page) -> dict[str, list[str]]:
    """The gradebook's rows by learner: the cells' text (name, stops done, total, each stop, last answer,
    lesson in front)."""
    rows = page.locator("table.gradebook tbody tr")
    out = {}
    for index in range(rows.count()):
        cells = [cell.inner_text().replace("\n", " ").strip() for cell in rows.nth(index).locator("th, td").all()]
        out[cells[0]] = cells
    return out


def _download(page, text: str, folder: Path) -> Path:
    with page.expect_download() as waiting:
        page.get_by_role("link", name=text).click()
    path = folder / waiting.value.suggested_filename
    waiting.value.save_as(path)
    return path


def test_the_teachers_gradebook_on_jupyterhub(class_hub, browser, tmp_path) -> None:  # noqa: F811
    import openpyxl
    import pandas
    import requests

    hub = class_hub
    ana, bea, _caio = hub.learners
    sessions = {user: hub.login(user) for user in (ana, bea)}
    tokens = {user: hub.token(sessions[user], user) for user in (ana, bea)}

    # Ana: stop 0's try-it wrong, then right; Beatriz: stop 3's fifteens, wrong. Caio never starts.
    hub.start_server(ana, tokens[ana])
    _in_thread(_run_lesson(f"{hub.url}/user/{ana}", tokens[ana], "cribbage-course/00_start_here.ipynb",
                           ["four_of_clubs.check(12)", "four_of_clubs.check(14)"]))
    hub.start_server(bea, tokens[bea])
    _in_thread(_run_lesson(f"{hub.url}/user/{bea}", tokens[bea], "cribbage-course/03_the_show.ipynb",
                           ["fifteens.check(4)"]))
    # Beatriz has stops 3 and 4 open, 4 in front (not answered there yet): her JupyterLab saves that
    # layout through its server's workspace API, as here, in the folder her server keeps it in.
    tabs = ["notebook:cribbage-course/03_the_show.ipynb", "notebook:cribbage-course/04_board_and_skunks.ipynb"]
    layout = {"data": {"layout-restorer:data": {"main": {"dock": {"type": "tab-area", "currentIndex": 1, "widgets": tabs},
                                                         "current": tabs[1]}}},
              "metadata": {"id": "default"}}
    saved = requests.put(f"{hub.url}/user/{bea}/lab/api/workspaces/default", json=layout, timeout=30,
                         headers={"Authorization": f"token {tokens[bea]}"})
    assert saved.status_code == 204, saved.text

    context = browser.new_context(viewport=PROJECTOR, accept_downloads=True, locale="es-ES")
    try:
        page = context.new_page()
        _browser_login(page, hub.url, hub.teacher, hub.passwords[hub.teacher], "/services/teacher/gradebook")
        page.wait_for_selector("table.gradebook", timeout=60_000)
        assert page.locator("h1").inner_text() == "Libro de calificaciones"
        rows = _page_rows(page)
        assert set(rows) == {"Ana Souza", "Beatriz $Lima$", "=Caio Reis"}  # the class list, by display name
        assert rows["=Caio Reis"][1:3] == ["0/9", "–"]  # never started, listed all the same
        assert _figure(rows["Ana Souza"][3]) == (1, 0)  # her first try at stop 0 was wrong: it stays so
        assert _figure(rows["Beatriz $Lima$"][6]) == (1, 0)
        assert rows["Beatriz $Lima$"][-1] == "4 3"  # the lesson in front, then the other open
        assert rows["Ana Souza"][-1] == "0"  # no layout saved: her latest answer's stop
        page.screenshot(path=str(SCREENSHOTS / "class-gradebook.png"), full_page=True)

        # The three downloads, read back equal to the page.
        sheet_csv = _download(page, "hoja de cálculo (CSV)", tmp_path)
        frame = pandas.read_csv(sheet_csv, sep=SEPARATOR[LANGUAGE], decimal=",", encoding="utf-8-sig")
        book = openpyxl.load_workbook(_download(page, "libro de Excel (.xlsx)", tmp_path)).active
        sheet = [[cell.value for cell in row] for row in book.iter_rows()]
        assert list(frame.columns) == sheet[0]
        moodle = list(csv.reader(io.StringIO(_download(page, "importación de calificaciones de Moodle (CSV)",
                                                       tmp_path).read_text(encoding="utf-8"))))
        assert moodle[0][0] == "nombre de usuario"
        by_account = {row[0]: row for row in moodle[1:]}
        for (_, line), cells in zip(frame.iterrows(), sheet[1:]):
            name = cells[1].lstrip("'") if cells[1].startswith("'=") else cells[1]
            shown = rows[name]
            assert (line.iloc[6], line.iloc[7]) == (cells[6], cells[7]) == _figure(shown[2])
            stops = [(cells[9 + 2 * i], cells[10 + 2 * i]) for i in range(len(shown) - 5)]
            assert stops == [_figure(cell) for cell in shown[3:-2]]
            assert (cells[4] is None) == (shown[-2] == "–")  # the last answer, a date when there is one
            account = cells[0].removeprefix("hub:")
            asked, right = _figure(shown[2])
            assert by_account[account][2] == (f"{round(100 * right / asked, 1)}" if asked else "")

        # Ana's answers and the lesson she has open, then her notebook, read-only.
        page.get_by_role("link", name="Ana Souza").click()
        page.wait_for_selector("table.answers")
        assert "deducida de su última respuesta" in page.locator(".open").inner_text()
        assert "parada 0 · Empieza aquí" in page.locator(".open").inner_text()
        answers = page.locator("table.answers tbody tr")
        assert answers.count() == 2
        assert "incorrecta" in answers.nth(0).inner_text() and "práctica" in answers.nth(1).inner_text()
        page.screenshot(path=str(SCREENSHOTS / "class-gradebook-learner.png"), full_page=True)
        with page.expect_response(lambda answer: "/notebook?" in answer.url) as waiting:
            page.get_by_role("link", name="00_start_here.ipynb", exact=True).click()
        assert waiting.value.status == 200
        assert "sandbox" in waiting.value.headers["content-security-policy"]
        page.wait_for_load_state()
        assert "four_of_clubs" in page.content()
        assert "00_start_here.ipynb, de Ana Souza (solo lectura)" in page.locator("body > p").first.inner_text()
        assert page.locator("[contenteditable=true], textarea, input").count() == 0
        page.screenshot(path=str(SCREENSHOTS / "class-gradebook-notebook.png"))
        page.goto(f"{hub.url}/services/teacher/learner?lang={LANGUAGE}&user={bea}")
        page.wait_for_selector(".open")
        assert "en primer plano: parada 4" in page.locator(".open").inner_text()
        assert "también abiertas: parada 3" in page.locator(".open").inner_text()
    finally:
        context.close()

    # A learner is refused all of it, with her own login or her own token; the gradebook's data never shows.
    as_ana = {"Authorization": f"token {tokens[ana]}"}
    for path in ("gradebook", "gradebook.csv", "gradebook.xlsx", "moodle.csv", f"learner?user={bea}",
                 f"notebook?user={bea}&path=03_the_show.ipynb", f"notebook?user={ana}&path=00_start_here.ipynb"):
        for answer in (sessions[ana].get(f"{hub.url}/services/teacher/{path}", timeout=30),
                       requests.get(f"{hub.url}/services/teacher/{path}", headers=as_ana, timeout=30,
                                    allow_redirects=False)):
            assert answer.status_code == 403, (path, answer.status_code)
            assert "Beatriz" not in answer.text


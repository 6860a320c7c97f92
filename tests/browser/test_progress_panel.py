"""The progress panel as a learner sees it, in Spanish, at 1366 px and on a phone (390 px): one row per
stop whose figures never overlap ("RespuestasCorrectas" was two headers drawn over each other), buttons
whole (not clipped), "x de y" questions per stop, and a "continue here" link that JupyterLab follows to
the first question not yet answered right, in its notebook, at its cell. Pictures in ``build/screenshots/``."""

from __future__ import annotations

from browser_servers import settled
from lab_page import SCREENSHOTS
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from cribbage.progress import QUESTIONS, ProgressStore
from cribbage.registry.stops import stop

# Pairs of boxes in one row of the panel that overlap, and buttons whose text does not fit them.
_LAYOUT = """(root) => {
    const out = {overlaps: [], clipped: [], outside: []};
    const area = root.getBoundingClientRect();
    for (const row of root.querySelectorAll('.cc-progress-row')) {
        const parts = [...row.children].filter(e => e.getBoundingClientRect().width > 0);
        for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
            const a = parts[i].getBoundingClientRect(), b = parts[j].getBoundingClientRect();
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
                out.overlaps.push(parts[i].innerText + ' / ' + parts[j].innerText);
        }
    }
    for (const b of root.querySelectorAll('button')) {
        const box = b.getBoundingClientRect();
        if (box.width === 0) continue;
        if (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1) out.clipped.push(b.innerText);
        if (box.right > area.right + 1) out.outside.push(b.innerText);
    }
    return out;
}"""

#: Stop 0 in the Spanish lessons' folder (00_empieza_aqui.ipynb).
START = stop(0).notebook_in("es")


def test_the_panel_counts_each_question_once_reads_well_and_leads_on(open_notebook, empty_progress) -> None:
    store = ProgressStore()  # the learner's file, as the kernels find it (same account, same folder)
    first, keeps = QUESTIONS[0], QUESTIONS[1]
    assert (first.stop, keeps.stop) == (0, 1)
    store.record(0, first.item, "14", True, skill="show")
    store.record(0, first.item, "14", True, skill="show")   # practice: stop 0 stays "1 de 1", once
    store.record(3, QUESTIONS[4].item, "3", False, skill="show", kinds=["fifteen.2"])
    store.record(3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show", kinds=["pair"])

    start = open_notebook(f"es/{START}", fresh=True)
    panel = start.find_cell("ProgressPanel()")
    start.expect_text(panel, "1 de 1 pregunta bien")
    start.expect_text(panel, "0 de 5 preguntas bien")
    start.expect_text(panel, "1 respuesta de práctica")
    start.expect_text(panel, "Sigue aquí")
    output = start.output(panel)
    page = start.page
    for name, size in (("1366", {"width": 1366, "height": 900}), ("390", {"width": 390, "height": 844})):
        before = page.viewport_size
        page.set_viewport_size(size)
        try:
            # The side panels closed, as a learner on a phone has them (the notebook gets the width).
            page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
            settled(page)
            start.screenshot(f"progress-panel-es-{name}", cell=panel)
            layout = output.evaluate(_LAYOUT)
            assert layout == {"overlaps": [], "clipped": [], "outside": []}, (name, layout)
            assert str(store.path) not in output.inner_text()   # folded away: a teacher's business
        finally:
            page.set_viewport_size(before)
    # The file's place, where a teacher tells a learner to look: the panel's folded "where", opened.
    where = output.locator("details.cc-where")
    where.locator("summary").click()
    expect(where.locator("code").first).to_have_text(str(store.path))
    expect(where.locator("code").first).to_be_visible()
    for name, size in (("1366", {"width": 1366, "height": 900}), ("390", {"width": 390, "height": 844})):
        before = page.viewport_size
        page.set_viewport_size(size)
        try:
            settled(page)
            where.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / f"progress-panel-es-where-{name}.png"))
            inside = where.evaluate("""(d) => { const area = d.closest('.jp-OutputArea-output').getBoundingClientRect();
                return [...d.querySelectorAll('summary, code')].every(e => e.getBoundingClientRect().right <= area.right + 1); }""")
            assert inside, name
        finally:
            page.set_viewport_size(before)

    # "Continue here": JupyterLab opens stop 1's notebook (the Spanish copy, beside this one); the link
    # names the cell of the words that ask the question (``#cell-id=``, JupyterLab's fragment for a cell).
    # (JupyterLab's renderer rewrites the href to the file's URL and handles the click itself.)
    href = page.locator("a.cc-continue").first.get_attribute("href")
    assert f"/es/{stop(keeps.stop).notebook_in('es')}" in href and href.endswith(f"#cell-id={keeps.lead}"), href
    page.locator("a.cc-continue").first.click()
    try:
        current = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            return w && w.context ? w.context.path : null; }"""
        try:
            page.wait_for_function(f"path => ({current})() === path", arg=f"es/{stop(keeps.stop).notebook_in('es')}", timeout=90_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"JupyterLab did not open es/{stop(keeps.stop).notebook_in('es')} within 90 s: "
                                 f"it shows {page.evaluate(current)}") from None
        settled(page)
        page.screenshot(path=str(SCREENSHOTS / "progress-panel-es-continued.png"))
    finally:
        open_notebook.discard(f"es/{START}")   # two notebooks on one page: no other test's

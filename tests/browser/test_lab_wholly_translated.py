"""JupyterLab wholly in the learner's language, as ``make course`` opens it (``cribbage-lab``, the locale
in ``LANG``): every menu-bar title, every item of the File, Edit, View, Run, Kernel, Tabs, Settings and
Help menus (and of their submenus of commands), the notebook toolbar's tooltips, the kernel restart
dialog (opened from the toolbar's button), the "Select kernel" dialog (from the kernel's name in the
toolbar), the status bar and the launcher (the file browser's "+") are read in Chromium, in English
and in each translated language, and no English may be left.

A text is English when it is exactly what English JupyterLab shows there, or when it holds a word that
English JupyterLab shows in those places and that the language's pack never uses (its translations'
own words). Allowed everywhere (proper names, the same in every language): :data:`PROPER_NAMES`.
Not read: submenus whose items are names, not words (the syntax-highlighting languages, the editor
themes, the export formats, the languages list, recent files) and files' names (the open documents in Tabs).
A failure lists every English text with where it was, so a JupyterLab upgrade names what to translate
in ``machinery/langpacks/po/<locale>/*/course.po``. Screenshots: ``build/screenshots/lab-wholly-*.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab_page import SCREENSHOTS
from playwright.sync_api import expect
from test_lab_language import NOT_LOCAL, start_course_lab

from machinery.langpacks.build import HERE, LOCALES, domains, json_path, translate

#: Names that are the same in every language (products, formats, keys, the kernel's name).
PROPER_NAMES = frozenset({"JupyterLab", "Jupyter", "Python", "ipykernel", "Markdown", "LaTeX", "HTML", "PDF",
                          "CodeMirror", "Ctrl", "Shift", "Enter", "Alt", "Esc", "URL"})
#: The submenus (by their English title) whose items are names, not words.
NAMES_SUBMENUS = ("Text Editor Syntax Highlighting", "Text Editor Theme", "Save and Export Notebook As",
                  "Language", "Open Recent")
#: The Run and Kernel menus' ▶▶ items: JupyterLab joins their label from two commands' labels with the
#: message "%1 and %2" ("Reiniciar el núcleo" y "Ejecutar todas las celdas…", the second capitalised);
#: the course's JupyterLab extension (labextension/) shows the pack's message for the whole item instead.
#: Checked below: each item reads as the pack words it whole, never as joined.
WHOLE_LABELS = {("Restart Kernel…", "Run All Cells"): "Restart Kernel and Run All Cells…",
                ("Restart Kernel…", "Clear Outputs of All Cells"): "Restart Kernel and Clear Outputs of All Cells…"}
CASES = {"en": {"LANG": "en_US.UTF-8"}, "es": {"LANG": "es_ES.UTF-8"}, "pt": {"LANG": "pt_BR.UTF-8"}}
_WORD = re.compile(r"[^\W\d_]+")
_FILE = re.compile(r"\.ipynb$|/")
# A file's name within a text ("the kernel of index.ipynb"), a key's letter ("(B)", "Ctrl+S") and the
# hexadecimal id JupyterLab shows beside a session ("(d1e4cb8b)").
_NAMES_IN_TEXT = re.compile(r"\S+\.\w{2,5}\b|\b\w\b|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b")

# Every menu of the menu bar, as its Lumino menu holds it: titles and items in order, submenus within.
_MENUS = """() => {
  const main = Array.from(window.jupyterapp.shell.widgets('menu')).find(widget => widget.menus);
  // The Help menu's links to the kernel's documentation ("help-menu-<kernel>:<n>") are named by the
  // kernel (ipykernel's "Python Reference", "NumPy Reference"...), not by JupyterLab: left out.
  const walk = menu => menu.items.filter(item => item.type !== 'separator' && item.isVisible
      && !(item.command || '').startsWith('help-menu-')).map(item =>
      item.type === 'submenu' && item.submenu ? {label: item.label, submenu: walk(item.submenu)} : {label: item.label});
  return main.menus.map(menu => ({title: menu.title.label, items: walk(menu)}));
}"""


def lab_places(browser, server, screenshot: str) -> list[tuple[str, str]]:
    """(where, text) of what a learner reads of JupyterLab itself, in page order."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(NOT_LOCAL, lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(server.url + "/", timeout=120_000)
        expect(page.locator(".jp-NotebookPanel")).to_be_visible(timeout=120_000)
        expect(page.locator(".jp-NotebookPanel-toolbar .jp-KernelName")).to_contain_text("Python", timeout=120_000)
        # The shell restored (its layout, then its menus) before a title is clicked: a click while it was
        # still being restored opened no menu in a loaded full run.
        page.wait_for_function("() => window.jupyterapp.restored.then(() => true)", timeout=60_000)
        places: list[tuple[str, str]] = []
        bar = page.locator("#jp-menu-panel .lm-MenuBar-item")
        expect(bar.first).to_be_visible(timeout=60_000)
        for index in range(bar.count()):           # each title clicked open, as a learner does
            _open_menu(page, bar.nth(index))
            if index == 3:                          # the Run menu, open
                page.screenshot(path=str(SCREENSHOTS / f"{screenshot}-run.png"))
            page.keyboard.press("Escape")
        for number, menu in enumerate(page.evaluate(_MENUS)):   # every item, submenus included
            places.append(("menu bar", menu["title"]))
            places += _items(f"menu {number} ({menu['title']})", menu["items"])
        toolbar = page.locator(".jp-NotebookPanel-toolbar")
        places += [("toolbar", title) for title in _toolbar_titles(toolbar)]
        # As narrow as a phone, the toolbar shows its "More commands" button (JupyterLab makes it with no
        # translator: the course's extension, labextension/, words it), then comes back whole.
        opener = toolbar.locator(".jp-Toolbar-responsive-opener")
        page.set_viewport_size({"width": 390, "height": 844})
        expect(opener).to_be_visible(timeout=30_000)
        page.screenshot(path=str(SCREENSHOTS / f"{screenshot}-narrow.png"))
        places += [("toolbar at 390 px", title) for title in _toolbar_titles(toolbar)]
        page.set_viewport_size({"width": 1280, "height": 900})
        expect(opener).to_be_hidden(timeout=30_000)
        places += _dialog(page, toolbar.locator("[data-command='notebook:restart-kernel']").first, "restart dialog",
                          SCREENSHOTS / f"{screenshot}-restart.png")
        places += _dialog(page, toolbar.locator(".jp-KernelName").first, "select kernel dialog",
                          SCREENSHOTS / f"{screenshot}-select-kernel.png")
        places += [("status bar", line) for line in page.locator("#jp-main-statusbar").inner_text().split("\n")]
        places += [("status bar", title) for title in _titles(page.locator("#jp-main-statusbar"))]
        page.locator(".jp-FileBrowser-toolbar [data-command='launcher:create']").first.click()   # the "+" button
        launcher = page.locator(".jp-Launcher-body")
        expect(launcher.locator(".jp-LauncherCard").first).to_be_visible(timeout=30_000)
        page.screenshot(path=str(SCREENSHOTS / f"{screenshot}-launcher.png"))
        # The launcher's section titles and cards (not its folder's name, a file's name).
        places += [("launcher", text) for text in launcher.locator(".jp-Launcher-sectionTitle, .jp-LauncherCard-label").all_inner_texts()]
        places += [("launcher", title) for title in _titles(launcher)]
        return places
    finally:
        context.close()


def _open_menu(page, title) -> None:
    """Clicks ``title`` until its menu is open, as a learner clicks again: in two loaded full runs one
    click in some forty opened nothing (the kernel's connection was changing state; no dialog, no error)."""
    for _ in range(3):
        title.click()
        try:
            expect(page.locator(".lm-Menu").first).to_be_visible(timeout=10_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    expect(page.locator(".lm-Menu").first).to_be_visible(timeout=1_000)


def _toolbar_titles(toolbar) -> list[str]:
    """The tooltips of the buttons ``toolbar`` shows."""
    return [title for title in toolbar.locator("[title]").evaluate_all(
        "nodes => nodes.filter(node => node.checkVisibility()).map(node => node.getAttribute('title'))") if title]


def _titles(area) -> list[str]:
    """The tooltips (``title``) and accessible names (``aria-label``) of what ``area`` shows."""
    return [text for text in area.locator("[title], [aria-label]").evaluate_all(
        "nodes => nodes.filter(node => node.checkVisibility())"
        ".map(node => node.getAttribute('title') || node.getAttribute('aria-label'))") if text]


def _dialog(page, opener, where: str, screenshot: Path) -> list[tuple[str, str]]:
    """The words of the dialog ``opener`` opens (its text and its controls' tooltips), then closed."""
    opener.click()
    dialog = page.locator(".jp-Dialog-content")
    expect(dialog).to_be_visible(timeout=30_000)
    page.screenshot(path=str(screenshot))
    places = [(where, line) for line in dialog.inner_text().split("\n") if line.strip()]
    places += [(where, text) for text in _titles(dialog)]
    page.keyboard.press("Escape")
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    return places


def _items(where: str, items: list[dict]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for position, item in enumerate(items):
        found.append((f"{where} #{position}", item["label"]))
        if "submenu" in item:
            found += _items(f"{where} #{position} ({item['label']}) ▸", item["submenu"])
    return found


def pack_words(locale: str) -> set[str]:
    """Every word the pack's translations use (its language's words, and the names it keeps)."""
    words: set[str] = set()
    for domain in domains(locale):
        data = json.loads(json_path(locale, domain).read_text(encoding="utf-8"))
        for key, strings in data.items():
            if key:
                words |= {word.lower() for text in strings for word in _WORD.findall(text)}
    return words


@pytest.fixture(scope="module")
def shown(browser, tmp_path_factory) -> dict[str, list[tuple[str, str]]]:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    places = {}
    for language, locale in CASES.items():
        server = start_course_lab(tmp_path_factory.mktemp(language), locale, extra=["--LabApp.expose_app_in_browser=True"])
        try:
            places[language] = lab_places(browser, server, f"lab-wholly-{language}")
        finally:
            server.stop()
    # What was read, kept beside the screenshots: what a translator reads to see each text in its place.
    (SCREENSHOTS / "lab-wholly-texts.json").write_text(json.dumps(places, ensure_ascii=False, indent=1), encoding="utf-8")
    return places


def english_left(english: list[tuple[str, str]], translated: list[tuple[str, str]], locale: str) -> list[str]:
    """Each text of ``translated`` that is English (see the module's docstring), with where it is."""
    # A names submenu's items are those under its title, in English or as the pack translates it.
    names = {f"({title}) ▸" for name in NAMES_SUBMENUS for title in (name, translate(locale, name, "menu"),
                                                                     translate(locale, name)) if title}

    def skip(where: str, text: str) -> bool:   # a names submenu's item, or a file's name (Tabs, recent files)
        return any(name in where for name in names) or bool(_FILE.search(text))

    english_texts = {text for where, text in english if not skip(where, text)}
    english_words = {word.lower() for text in english_texts for word in _WORD.findall(_NAMES_IN_TEXT.sub(" ", text))}
    allowed = pack_words(locale) | {name.lower() for name in PROPER_NAMES}
    left = []
    for where, text in translated:
        words = {word.lower() for word in _WORD.findall(_NAMES_IN_TEXT.sub(" ", text))}
        if skip(where, text) or not words or words <= {name.lower() for name in PROPER_NAMES}:
            continue
        strangers = sorted((words & english_words) - allowed)
        if (text in english_texts and not words <= allowed) or strangers:
            left.append(f"{where}: {text!r}" + (f" (English: {', '.join(strangers)})" if strangers else ""))
    return left


@pytest.mark.parametrize("language", list(LOCALES))
def test_jupyterlab_shows_no_english(shown, language: str) -> None:
    english, translated = shown["en"], shown[language]
    assert len(translated) > 150, translated
    titles = [text for where, text in translated if where == "menu bar"]
    assert len(titles) == 8, titles
    assert [text for where, text in english if where == "toolbar at 390 px"][-1:] == ["More commands"], english
    left = english_left(english, translated, LOCALES[language])
    items = {text for where, text in translated if where.startswith("menu ")}
    for (first, second), whole in WHOLE_LABELS.items():
        assert translate(LOCALES[language], whole) in items, (whole, sorted(items))
        assert _joined(LOCALES[language], first, second) not in items - {translate(LOCALES[language], whole)}, whole
    assert not left, f"English in JupyterLab for {language} ({HERE.name}/po/{LOCALES[language]}):\n" + "\n".join(left)


def _joined(locale: str, first: str, second: str) -> str:
    """A semantic command's label as JupyterLab joins two commands' (their "…" moved to the end)."""
    parts = [translate(locale, first) or first, translate(locale, second) or second]
    ellipsis = "…" if any(part.endswith("…") for part in parts) else ""
    template = translate(locale, "%1 and %2") or "%1 and %2"
    return template.replace("%1", parts[0].removesuffix("…")).replace("%2", parts[1].removesuffix("…")) + ellipsis


def test_the_check_finds_english() -> None:
    """The check itself: an English item in a Spanish menu, or one English word in a translation, is named."""
    english = [("menu bar", "Run"), ("menu 3 (Run) #0", "Run All Cells"), ("menu 3 (Run) #1", "Restart Kernel and Run All Cells…"),
               ("menu 3 (Run) #2", "Language"), ("menu 3 (Run) #2 (Language) ▸ #0", "Go on")]
    mixed = [("menu bar", "Ejecutar"), ("menu 3 (Ejecutar) #0", "Run All Cells"),
             ("menu 3 (Ejecutar) #1", "Reiniciar el núcleo and Ejecutar"), ("menu 3 (Ejecutar) #2", "Idioma"),
             ("menu 3 (Ejecutar) #2 (Idioma) ▸ #0", "Go on")]
    left = english_left(english, mixed, "es_ES")
    assert left == ["menu 3 (Ejecutar) #0: 'Run All Cells' (English: all, cells, run)",
                    "menu 3 (Ejecutar) #1: 'Reiniciar el núcleo and Ejecutar' (English: and)"]

"""JupyterLab's own menus in the learner's language, started as ``make course`` starts it:
``python -m machinery.lab_language --LabApp.default_url=/lab/tree/start/index.ipynb course/`` with the
learner's locale in ``LANG`` (or ``LANGUAGE``). A Spanish learner reads "Archivo", "Editar"; a
Portuguese one "Arquivo", "Editar"; an English one "File", "Edit". A language the learner chose in
JupyterLab itself (a user setting) still wins over the locale's.

Each case starts its own JupyterLab (a few seconds) on a throw-away copy of ``course/``, with
Jupyter's per-user folders and the user's cache (where the launcher writes its settings default) in a
temporary folder, and stops it by its pid."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from browser_servers import LAB_SETTINGS, Server, free_port, isolated_env, within_time
from lab_page import SCREENSHOTS
from playwright.sync_api import expect

from machinery.lab_language import TRANSLATION_PLUGIN

COURSE = Path(__file__).resolve().parents[2] / "course"
NOT_LOCAL = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")
# JupyterLab's words as each language pack has them (the course's packs, machinery/langpacks): the
# menu bar's titles, the File menu's items and the file browser's tab. (Every word of the menus, the
# toolbar and the restart dialog is read by test_lab_wholly_translated.py.)
MENU_BAR = {"es": ["Archivo", "Editar", "Ver", "Ayuda"], "pt": ["Arquivo", "Editar", "Exibir", "Ajuda"],
            "en": ["File", "Edit", "View", "Help"]}
FILE_MENU = {
    "es": ["Abrir desde Ruta…", "Guardar todo", "Cerrar Todas las Pestañas", "Apagar"],
    "pt": ["Abrir do Caminho…", "Salvar todos", "Fechar todas as abas", "Desligar"],
    "en": ["Open from Path…", "Save All", "Close All Tabs", "Shut Down"],
}
FILE_BROWSER = {"es": "Explorador de archivos", "pt": "Navegador de arquivos", "en": "File Browser"}
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def start_course_lab(home: Path, locale: dict[str, str], user_locale: str | None = None,
                     extra: Sequence[str] = ()) -> Server:
    """JupyterLab as ``make course`` starts it (the Makefile's recipe, plus the test's port, no token
    and no browser), for a learner whose locale is ``locale``; ``user_locale``, if given, is a language
    the learner picked earlier in JupyterLab's Settings > Language (a user setting); ``extra``: more of
    JupyterLab's arguments."""
    env = isolated_env(home)
    env["XDG_CACHE_HOME"] = str(home / "cache")       # the launcher's settings default goes here
    for variable in _LOCALE_VARIABLES:                 # only the learner's locale, not the machine's
        env.pop(variable, None)
    env.update(locale)
    settings = dict(LAB_SETTINGS)
    if user_locale is not None:
        settings["@jupyterlab/translation-extension/plugin.jupyterlab-settings"] = {"locale": user_locale}
    for name, value in settings.items():
        path = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    labconfig = Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps({"buildCheck": False, "buildAvailable": False}))
    root = home / "course"
    shutil.copytree(COURSE, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    port = free_port()
    argv = [sys.executable, "-m", "machinery.lab_language",
            # make course's own arguments:
            "--LabApp.default_url=/lab/tree/start/index.ipynb", str(root),
            # the test's:
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=", "--no-browser",
            "--ServerApp.allow_root=True", "--ServerApp.terminals_enabled=False", "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra]
    return Server("JupyterLab (make course)", argv, port=port, cwd=root, env=env,
                  log_path=home / "jupyterlab.log", ready_path="/api/status")


def lab_words(browser, server: Server, screenshot: str) -> dict[str, object]:
    """What a learner reads of JupyterLab itself on the start page (the page ``make course`` opens):
    the menu bar, the File menu once opened, the left side bar's tabs, and the page's ``lang``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(NOT_LOCAL, lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(server.url + "/", timeout=120_000)   # redirected to the default URL, as a learner is
        expect(page.locator(".jp-NotebookPanel")).to_be_visible(timeout=120_000)
        # The start page starts the lessons' kernel by itself: no "Select Kernel" question first.
        expect(page.locator(".jp-NotebookPanel-toolbar .jp-KernelName")).to_contain_text("Python", timeout=120_000)
        expect(page.locator(".jp-Dialog")).to_have_count(0)
        bar = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel")
        expect(bar.first).to_be_visible(timeout=60_000)
        words: dict[str, object] = {"bar": bar.all_inner_texts(),
                                    "lang": page.evaluate("() => document.documentElement.lang")}
        words["side"] = page.evaluate("() => Array.from(document.querySelectorAll('.jp-SideBar .lm-TabBar-tab'))"
                                      ".map(tab => tab.getAttribute('title') || '')")
        bar.first.click()                                # the File menu, whatever its title
        items = page.locator(".lm-Menu .lm-Menu-itemLabel")
        expect(items.first).to_be_visible(timeout=30_000)
        words["file"] = [text for text in items.all_inner_texts() if text.strip()]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{screenshot}.png"))
        return words
    finally:
        within_time(context.close, "the start page's browser context")


def assert_reads(words: dict[str, object], language: str, why: object) -> None:
    bar, items, side = words["bar"], words["file"], " ".join(words["side"])  # type: ignore[arg-type]
    assert set(MENU_BAR[language]) <= set(bar), f"{why}: the menu bar reads {bar}"
    assert set(FILE_MENU[language]) <= set(items), f"{why}: the File menu reads {items}"
    assert FILE_BROWSER[language] in side, f"{why}: the side bar reads {side}"
    for other in FILE_MENU:
        if other != language:
            assert not set(FILE_MENU[other]) & set(items), f"{why}: {other} in the File menu: {items}"
            assert not set(MENU_BAR[other]) & set(bar) - set(MENU_BAR[language]), f"{why}: {other} in {bar}"


# What the learner reads is checked in a browser for one locale of each language; the other locales
# (another country's Spanish, gettext's list of preferences) and a learner's own choice are checked in
# the settings JupyterLab gives its page (the launcher's default and the learner's own setting, which
# the page composes into the language it shows, the learner's first), not drawn again: a JupyterLab page costs about
# 10 s of CPU, the settings a request.
CASES = {
    "es": ({"LANG": "es_ES.UTF-8"}, "es-ES"),
    "pt": ({"LANG": "pt_BR.UTF-8"}, "pt-BR"),
    "en": ({"LANG": "en_US.UTF-8"}, "en"),
}
LOCALES = {
    "es": ({"LANG": "es_ES.UTF-8"}, "es_ES"),
    "es-mx": ({"LANG": "es_MX.UTF-8"}, "es_ES"),            # any Spanish: the one pack there is
    "pt": ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    "pt-language": ({"LANGUAGE": "fr:pt_PT", "LANG": "en_US.UTF-8"}, "pt_BR"),   # gettext's list of preferences
    "en": ({"LANG": "en_US.UTF-8"}, "en"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_jupyterlab_opens_in_the_learners_language(browser, tmp_path: Path, case: str) -> None:
    locale, lang = CASES[case]
    server = start_course_lab(tmp_path, locale)
    try:
        words = lab_words(browser, server, f"lab-language-{case}")
        plugin = server.get_json(f"/lab/api/settings/{TRANSLATION_PLUGIN}")
    finally:
        server.stop()
    assert_reads(words, case, locale)
    assert words["lang"] == lang
    assert shown_locale(plugin) == LOCALES[case][1]   # what the page showed, as the settings say


def shown_locale(plugin: dict) -> str:
    """The language JupyterLab's page composes from the settings: the user's own, else the default."""
    return plugin["settings"].get("locale", plugin["schema"]["properties"]["locale"]["default"])


def language_shown(tmp_path: Path, locale: dict[str, str], user_locale: str | None = None) -> dict:
    """The translation settings JupyterLab gives its page, started as ``make course`` starts it."""
    server = start_course_lab(tmp_path, locale, user_locale)
    try:
        return server.get_json(f"/lab/api/settings/{TRANSLATION_PLUGIN}")
    finally:
        server.stop()


@pytest.mark.parametrize("case", [case for case in LOCALES if case not in CASES])
def test_each_locale_gives_its_language_pack(tmp_path: Path, case: str) -> None:
    """The locales not opened in the browser above (where each of those is checked the same way)."""
    locale, pack = LOCALES[case]
    plugin = language_shown(tmp_path, locale)
    assert plugin["schema"]["properties"]["locale"]["default"] == pack
    assert shown_locale(plugin) == pack


def test_a_language_picked_in_jupyterlab_beats_the_locale(tmp_path: Path) -> None:
    """The launcher sets only the setting's default: a learner's own choice (English here, picked in
    Settings > Language on a Spanish machine) is a user setting and stays."""
    plugin = language_shown(tmp_path, {"LANG": "es_ES.UTF-8"}, user_locale="en")
    assert plugin["schema"]["properties"]["locale"]["default"] == "es_ES"   # the launcher's default was there
    assert plugin["settings"] == {"locale": "en"}
    assert shown_locale(plugin) == "en"                                      # and the learner's choice shown


def test_the_launcher_writes_its_default_in_the_cache_only(tmp_path: Path) -> None:
    """The settings default goes to the user's cache; the user's Jupyter settings get nothing."""
    plugin = language_shown(tmp_path, {"LANG": "pt_BR.UTF-8"})
    assert plugin["schema"]["properties"]["locale"]["default"] == "pt_BR"
    assert plugin["settings"] == {}                    # not a user setting: the learner's choice is free
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*override*"))
    assert written == ["cache/cribbage-course/jupyterlab/pt/labconfig/default_setting_overrides.json"]
    assert not list((tmp_path / "lab-settings").rglob("*translation-extension*"))

"""JupyterLab's own menus and dialogs in the learner's language: ``make course`` (``cribbage course``)
becomes ``cribbage-lab [--language es|pt|en] <jupyter lab arguments>``, this module's :func:`main`
(``python -m machinery.lab_language`` runs the same).

The lessons switch their widgets to Spanish or Portuguese themselves (:func:`widgets.set_language`);
JupyterLab's menus, toolbar and dialogs are translated by the course's language packs
(:mod:`machinery.langpacks`, locales ``es_ES`` and ``pt_BR``), which JupyterLab uses only when its
setting ``locale`` of ``@jupyterlab/translation-extension:plugin`` names them. Its default,
``"default"``, means the server's ``locale.getlocale()``: ``es_MX`` or ``pt_PT`` find no pack (the
packs are ``es_ES`` and ``pt_BR``), and a locale the system has not generated is not even seen.

So the language is chosen here, from an explicit ``--language`` or else from the learner's locale read
as gettext reads it (``LANGUAGE``, a list in order of preference, then the first set of ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), and handed to this one JupyterLab as a *default* of that setting:
a ``labconfig/default_setting_overrides.json`` (JupyterLab's documented way to change a setting's
default) in a folder put first on ``JUPYTER_CONFIG_PATH`` for this process only. Hence:

- nothing is written to the learner's ``~/.jupyter`` nor to the repository: the folder is in the
  user's cache (``platformdirs``, like the statistics tables), rewritten at each start;
- a language the learner picked in JupyterLab (Settings > Language) is a user setting, and a user
  setting beats a default: their choice stays theirs;
- any other locale (French, German...) leaves JupyterLab exactly as it would be without us.

An extension whose words no pack can translate is disabled for a translated language, in the same
config folder (``labconfig/page_config.json``, where ``jupyter labextension disable`` writes): Voilà's
preview (its button and menu items are written in English in its code, with no translation call) and
JupyterLab's debugger (its notebook toolbar button is made without the translator, so its tooltip is
English whatever the pack says). Their English would sit in the learner's toolbar and menus, and a
learner of the course uses neither.

The process then *becomes* ``jupyter lab`` (``os.execvpe``): Ctrl-C, its question and its pid are
JupyterLab's own, as with ``jupyter lab`` run directly.

``--course FOLDER`` (what ``cribbage course`` and ``make course`` pass) serves a learner's copy of the
course (:mod:`cribbage.lessons`) the way a learner needs it, from the same kind of config folder
(``jupyterlab/course-<language>`` in the cache, put first on ``JUPYTER_CONFIG_PATH``, so it beats the
learner's own server config for this one JupyterLab and changes nothing of theirs):

- JupyterLab opens on the first stop, through the course's entry address (:mod:`machinery.open_page`:
  single-document mode on a phone), with the file browser collapsed (a first layout for the copy's
  own workspace folder, ``.jupyterlab-workspaces`` in the copy; the layout the learner leaves is
  theirs from then on), Markdown pages (the rules) shown rendered;
- kernels of closed lessons are shut down: JupyterLab's ``kernelShutdown`` (on closing a notebook)
  and the server's culling of kernels idle with no page open (``cull_idle_timeout``), for a learner
  who just closes the browser;
- each lesson's kernel is forked from a warm process that has imported the course
  (:mod:`machinery.forked_kernels`): a lesson opened later starts in a fraction of the time;
- saved notebooks keep no widget view (:func:`cribbage.lessons.strip_widget_views`, the server's
  ``pre_save_hook``) and no widget state (``saveState`` off): a lesson reopened says to run it again
  (the note at its top) instead of "Error displaying widget: model not found".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import platformdirs

from cribbage.lessons.notebooks import WORKSPACES as COPY_WORKSPACES
from cribbage.lessons.source import first_stop
from cribbage.registry.languages import CODES, LANGUAGES, SOURCE, from_locale
from machinery.open_page import entry_url

__all__ = [
    "COURSE_SERVER_CONFIG",
    "COURSE_SETTINGS",
    "LAB_LOCALES",
    "TRANSLATION_PLUGIN",
    "UNTRANSLATABLE_EXTENSIONS",
    "config_dir",
    "course_arguments",
    "course_settings",
    "first_layout",
    "lab_command",
    "lab_environment",
    "main",
    "send_output_to",
    "settings_overrides",
]

#: The plugin whose ``locale`` setting picks JupyterLab's language pack.
TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"
#: The course's languages and the locale of the language pack JupyterLab reads for each (the
#: registry's ``lab_locale``): one pack per language, whatever the learner's country. English is
#: JupyterLab's own (no pack).
LAB_LOCALES: dict[str, str] = {language.code: language.lab_locale for language in LANGUAGES}
#: JupyterLab extensions installed with the course whose words are English in every language (no
#: translation call in their code): disabled when JupyterLab is opened in a translated language.
UNTRANSLATABLE_EXTENSIONS: tuple[str, ...] = ("@voila-dashboards/jupyterlab-preview", "@jupyterlab/debugger-extension")


def settings_overrides(language: str) -> dict[str, dict[str, str]]:
    """What ``default_setting_overrides.json`` holds for ``language``: the translation plugin's
    default ``locale`` set to its pack.

    >>> settings_overrides("es")
    {'@jupyterlab/translation-extension:plugin': {'locale': 'es_ES'}}
    """
    return {TRANSLATION_PLUGIN: {"locale": LAB_LOCALES[language]}}


#: The settings' defaults a learner's copy is served with (besides the language), by plugin.
COURSE_SETTINGS: dict[str, dict[str, object]] = {
    # Closing a lesson's tab shuts its kernel down.
    "@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True},
    # No widget state saved in the notebook (its default; said, so no other default turns it on).
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": False},
    # The rules page and the README open as pages, not as Markdown source.
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
    # No question about Jupyter's news over the first lesson.
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
}
#: The server's settings for a learner's copy: kernels idle for 10 minutes with no page open on them
#: are shut down (checked every minute); saves leave widget views out.
COURSE_SERVER_CONFIG: dict[str, dict[str, object]] = {
    "MappingKernelManager": {"cull_idle_timeout": 600, "cull_interval": 60, "cull_connected": False},
    "FileContentsManager": {"pre_save_hook": "cribbage.lessons.notebooks.strip_widget_views"},
    # A lesson's kernel is a fork of a warm process that has imported the course (machinery/forked_kernels.py).
    "KernelProvisionerFactory": {"default_provisioner_name": "cribbage-forked"},
    # The server and its kernels talk over Unix sockets (beside the connection file, readable by the
    # learner alone), not TCP ports any local user could connect to: no "running over TCP without
    # encryption" warning for each lesson opened.
    "KernelManager": {"transport": "ipc"},
    # The course's entry address, /cribbage/open?path=... (machinery/open_page.py): a phone gets
    # JupyterLab's single-document mode, a wider screen the usual one. The default URL uses it.
    "ServerApp": {"jpserver_extensions": {"machinery.open_extension": True}},
    # JupyterLab's page loads custom.css, the course's (machinery/custom/, served by the same extension):
    # on a phone, a menu bar that scrolls sideways instead of cutting its titles.
    "LabApp": {"custom_css": True},
}
#: The copy's own workspace folder (JupyterLab's layouts: which lessons are open, the side bar).
WORKSPACES = COPY_WORKSPACES


def course_settings(language: str) -> dict[str, dict[str, object]]:
    """What ``default_setting_overrides.json`` holds for a learner's copy in ``language``."""
    settings: dict[str, dict[str, object]] = {plugin: dict(values) for plugin, values in settings_overrides(language).items()}
    return {**settings, **COURSE_SETTINGS}


def _write_json(path: Path, value: object) -> None:
    # Written to a side file then renamed: two `make course` starting at once never read half a file.
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.stem}.{os.getpid()}{path.suffix}")
    partial.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")
    partial.replace(path)


def config_dir(language: str, cache: Path | None = None, *, course: bool = False) -> Path:
    """A Jupyter config folder whose ``labconfig/default_setting_overrides.json`` makes ``language``
    JupyterLab's default; written (again) under the user's cache folder, or under ``cache``. For a
    learner's copy (``course``), a folder of its own that also holds the copy's settings
    (:data:`COURSE_SETTINGS`) and the server's (:data:`COURSE_SERVER_CONFIG`)."""
    base = cache if cache is not None else Path(platformdirs.user_cache_dir("cribbage-course", appauthor=False))
    folder = base / "jupyterlab" / (f"course-{language}" if course else language)
    _write_json(folder / "labconfig" / "default_setting_overrides.json",
                course_settings(language) if course else settings_overrides(language))
    disabled = {name: True for name in UNTRANSLATABLE_EXTENSIONS} if language != SOURCE else {}
    _write_json(folder / "labconfig" / "page_config.json", {"disabledExtensions": disabled})
    if course:
        _write_json(folder / "jupyter_server_config.json", COURSE_SERVER_CONFIG)
    return folder


def first_layout() -> dict[str, object]:
    """JupyterLab's default workspace for a copy opened the first time: the left side bar (the file
    browser) collapsed. The lesson itself is opened by the default URL."""
    return {"data": {"layout-restorer:data": {
                "main": {"dock": None},
                "left": {"collapsed": True, "visible": True, "widgets": ["filebrowser"]},
                "right": {"collapsed": True, "visible": True, "widgets": []}}},
            "metadata": {"id": "default"}}


def course_arguments(folder: Path, language: str = SOURCE) -> list[str]:
    """JupyterLab's arguments for the copy in ``folder``: served from there, opened on its first stop
    (by its name in ``language``, or the name the copy has for it),
    with its own workspaces (a first one with the file browser collapsed, unless the learner has one)."""
    # Not documented by jupyterlab_server: listed, bounded and checked in machinery/jupyter_internals.py (item 8).
    from jupyterlab_server.workspaces_handler import WORKSPACE_EXTENSION, slugify

    workspaces = folder / WORKSPACES
    # Where JupyterLab's server keeps the workspace "default", the one its default URL opens.
    default = workspaces / (slugify("default") + WORKSPACE_EXTENSION)
    if not default.exists():
        _write_json(default, first_layout())
    return [f"--ServerApp.root_dir={folder}", f"--LabApp.default_url={entry_url(first_stop(language, folder))}",
            f"--LabApp.workspaces_dir={workspaces}"]


def lab_environment(language: str | None, environ: Mapping[str, str], cache: Path | None = None, *,
                    course: bool = False) -> dict[str, str]:
    """``environ`` for JupyterLab in ``language``: our config folder first on ``JUPYTER_CONFIG_PATH``
    (before any the learner set, which still count after it); unchanged when ``language`` is None.
    ``course``: the config folder of a learner's copy (:func:`config_dir`)."""
    env = dict(environ)
    if language is not None:
        folders = [str(config_dir(language, cache, course=course))]
        if env.get("JUPYTER_CONFIG_PATH"):
            folders.append(env["JUPYTER_CONFIG_PATH"])
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(folders)
    return env


def lab_command(arguments: Sequence[str]) -> list[str]:
    """``jupyter lab`` of this Python (the venv's), with ``arguments``."""
    return [sys.executable, "-m", "jupyterlab", *arguments]


def send_output_to(log: Path) -> None:
    """This process's output (and so JupyterLab's, which it becomes) appended to ``log``, its input
    nothing: JupyterLab's server asks its English "Shutdown this Jupyter server?" on Ctrl-C only when
    its input is a terminal; without one, Ctrl-C stops it, and the one who started it says so."""
    sys.stdout.flush()
    sys.stderr.flush()
    log.parent.mkdir(parents=True, exist_ok=True)
    written = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    nothing = os.open(os.devnull, os.O_RDONLY)
    for target, fd in ((0, nothing), (1, written), (2, written)):
        os.dup2(fd, target)
    os.close(written)
    os.close(nothing)


def main(argv: Sequence[str] | None = None) -> None:
    """Start JupyterLab in the language asked for, or the locale's; every other argument is JupyterLab's."""
    parser = argparse.ArgumentParser(
        prog="cribbage-lab",
        description=f"JupyterLab in the course's language ({', '.join(CODES)}): --language, else the locale "
                    "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Other arguments go to jupyter lab.")
    parser.add_argument("--language", choices=sorted(LAB_LOCALES),
                        help="the language of JupyterLab's menus (default: the learner's locale)")
    parser.add_argument("--course", type=Path, metavar="FOLDER",
                        help="serve the learner's copy of the course in FOLDER (see cribbage course)")
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help="JupyterLab's own messages (its server's, its kernels') to FILE, and no question asked on "
                             "the terminal: Ctrl-C stops it at once (make course, tools/course.py)")
    options, lab_arguments = parser.parse_known_args(argv)
    language = options.language or from_locale(os.environ)
    if options.course is not None:
        language = language or SOURCE   # a copy is always in a language of the course
        lab_arguments = [*course_arguments(options.course.resolve(), language), *lab_arguments]
    command = lab_command(lab_arguments)
    if options.log is not None:
        send_output_to(options.log)
    os.execvpe(command[0], command, lab_environment(language, os.environ, course=options.course is not None))


if __name__ == "__main__":
    main()

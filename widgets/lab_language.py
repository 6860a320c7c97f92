"""JupyterLab's own menus and dialogs in the learner's language: ``make course`` runs
``python -m widgets.lab_language [--language es|pt|en] <jupyter lab arguments>``.

The lessons switch their widgets to Spanish or Portuguese themselves (:func:`widgets.set_language`);
JupyterLab's File, Edit, Run menus are translated by the official language packs
(``jupyterlab-language-pack-es-ES``, ``jupyterlab-language-pack-pt-BR``), which JupyterLab uses only
when its setting ``locale`` of ``@jupyterlab/translation-extension:plugin`` names them. Its default,
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

The process then *becomes* ``jupyter lab`` (``os.execvpe``): Ctrl-C, its question and its pid are
JupyterLab's own, as with ``jupyter lab`` run directly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import platformdirs

__all__ = [
    "LAB_LOCALES",
    "TRANSLATION_PLUGIN",
    "config_dir",
    "lab_command",
    "lab_environment",
    "language_from_locale",
    "main",
    "settings_overrides",
]

#: The plugin whose ``locale`` setting picks JupyterLab's language pack.
TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"
#: The course's languages and the language pack JupyterLab reads for each. English is JupyterLab's
#: own ("en", no pack); es_ES and pt_BR are the packs pyproject.toml installs, whatever the country.
LAB_LOCALES: dict[str, str] = {"en": "en", "es": "es_ES", "pt": "pt_BR"}
# gettext's order: LANGUAGE is a list of preferences; otherwise the first of these that is set.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
# Locales that say nothing of a language.
_NO_LANGUAGE = {"", "c", "posix"}


def _language_of(locale_name: str) -> str:
    """``"es_MX.UTF-8"`` -> ``"es"``; ``"pt-BR"`` -> ``"pt"``; ``"C.UTF-8"`` -> ``""``."""
    code = locale_name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].casefold()
    return "" if code in _NO_LANGUAGE else code


def language_from_locale(environ: Mapping[str, str]) -> str | None:
    """The course language (``"en"``, ``"es"``, ``"pt"``) the learner's locale asks for, or None when
    it names none of them (JupyterLab is then left to itself).

    ``LANGUAGE="fr:es"`` gives ``"es"`` (French first, but the course has none); otherwise the first
    set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` decides alone, as it does for gettext.

    >>> language_from_locale({"LANG": "es_MX.UTF-8"}), language_from_locale({"LANG": "pt_PT.UTF-8"})
    ('es', 'pt')
    >>> language_from_locale({"LANGUAGE": "fr:pt_BR", "LANG": "en_US.UTF-8"})
    'pt'
    >>> language_from_locale({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}) is None
    True
    """
    for preference in environ.get("LANGUAGE", "").split(":"):
        if _language_of(preference) in LAB_LOCALES:
            return _language_of(preference)
    for variable in _LOCALE_VARIABLES:
        if environ.get(variable):
            language = _language_of(environ[variable])
            return language if language in LAB_LOCALES else None
    return None


def settings_overrides(language: str) -> dict[str, dict[str, str]]:
    """What ``default_setting_overrides.json`` holds for ``language``: the translation plugin's
    default ``locale`` set to its pack.

    >>> settings_overrides("es")
    {'@jupyterlab/translation-extension:plugin': {'locale': 'es_ES'}}
    """
    return {TRANSLATION_PLUGIN: {"locale": LAB_LOCALES[language]}}


def config_dir(language: str, cache: Path | None = None) -> Path:
    """A Jupyter config folder whose ``labconfig/default_setting_overrides.json`` makes ``language``
    JupyterLab's default; written (again) under the user's cache folder, or under ``cache``."""
    base = cache if cache is not None else Path(platformdirs.user_cache_dir("cribbage-course", appauthor=False))
    folder = base / "jupyterlab" / language
    labconfig = folder / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    # Written to a side file then renamed: two `make course` starting at once never read half a file.
    target = labconfig / "default_setting_overrides.json"
    partial = labconfig / f".default_setting_overrides.{os.getpid()}.json"
    partial.write_text(json.dumps(settings_overrides(language), indent=2) + "\n", encoding="utf-8")
    partial.replace(target)
    return folder


def lab_environment(language: str | None, environ: Mapping[str, str], cache: Path | None = None) -> dict[str, str]:
    """``environ`` for JupyterLab in ``language``: our config folder first on ``JUPYTER_CONFIG_PATH``
    (before any the learner set, which still count after it); unchanged when ``language`` is None."""
    env = dict(environ)
    if language is not None:
        folders = [str(config_dir(language, cache))]
        if env.get("JUPYTER_CONFIG_PATH"):
            folders.append(env["JUPYTER_CONFIG_PATH"])
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(folders)
    return env


def lab_command(arguments: Sequence[str]) -> list[str]:
    """``jupyter lab`` of this Python (the venv's), with ``arguments``."""
    return [sys.executable, "-m", "jupyterlab", *arguments]


def main(argv: Sequence[str] | None = None) -> None:
    """Start JupyterLab in the language asked for, or the locale's; every other argument is JupyterLab's."""
    parser = argparse.ArgumentParser(
        prog="python -m widgets.lab_language",
        description="JupyterLab in the course's language (es, pt, en): --language, else the locale "
                    "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Other arguments go to jupyter lab.")
    parser.add_argument("--language", choices=sorted(LAB_LOCALES),
                        help="the language of JupyterLab's menus (default: the learner's locale)")
    options, lab_arguments = parser.parse_known_args(argv)
    language = options.language or language_from_locale(os.environ)
    command = lab_command(lab_arguments)
    os.execvpe(command[0], command, lab_environment(language, os.environ))


if __name__ == "__main__":
    main()

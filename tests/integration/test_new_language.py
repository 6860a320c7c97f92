"""A language added to the course's registry reaches every part of the course, and nothing else changes.

A copy of the product (the engine, the machinery, the views, ``setup.py``) with French added to
:mod:`cribbage.registry.languages`, one line, and a French catalogue of two ordinals (the only
translation asked for: the rest may stay English until a translator comes), is asked in a Python of
its own what each part of the course does with French: the messages, the lessons' folder, the CSV
separator, JupyterLab's locale, the lessons' translation build, the command's ``--lang``, the
calculator's links, ordinals and numbers from Babel, the lessons in the wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from test_languages_registry import REGISTRY, ROOT

from cribbage.registry.languages import CODES, TRANSLATED

FRENCH = ('    Language(code="fr", name="Français", babel_locale="fr", lab_locale="fr_FR",\n'
          '             lab_pack="jupyterlab-language-pack-fr-FR", system_locale="fr_FR.UTF-8", lessons="fr",\n'
          '             csv_separator=";"),\n')
#: The translations a French translator would write first (widgets' catalogue): the ordinals only.
FRENCH_WIDGETS_PO = '''\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgctxt "drill.ordinal.one"
msgid "{n}st"
msgstr "{n}er"

msgctxt "drill.ordinal.other"
msgid "{n}th"
msgstr "{n}e"
'''
#: What the copy is asked, in a Python of its own (its modules, not this process's, are imported).
ASK = '''\
import contextlib, io, json, sys
from pathlib import Path

root = Path.cwd()
import cribbage, machinery, widgets
assert all(Path(module.__file__).is_relative_to(root) for module in (cribbage, machinery, widgets))

from cribbage.build.course_i18n import TRANSLATED, catalogue_path
from cribbage.cli.main import language_of_environment, main
from cribbage.lang.messages import LANGUAGES, render, set_language
from cribbage import Card, cards
from cribbage.lessons.source import LANGUAGE_FOLDERS, language_folder
from cribbage.progress.export import SEPARATOR
from machinery.lab_language import LAB_LOCALES, settings_overrides
from cribbage.registry.languages import from_locale
from cribbage.registry.stops import STOPS
from widgets.calculator.link import query_language, share_query
from widgets.drills.discard import ordinal
from widgets.i18n import decimal, number
import setup

set_language("fr")
help_text = io.StringIO()
with contextlib.redirect_stdout(help_text), contextlib.suppress(SystemExit):
    main(["course", "--help"])
print(json.dumps({
    "messages": list(LANGUAGES),
    "untranslated": render("card.duplicate", card="5H"),
    "lessons": LANGUAGE_FOLDERS["fr"],
    "lesson_folder": language_folder("fr", root / "course").relative_to(root).as_posix(),
    "separator": SEPARATOR["fr"],
    "lab_locale": LAB_LOCALES["fr"],
    "lab_settings": settings_overrides("fr"),
    "from_locale": [from_locale({"LANG": "fr_CA.UTF-8"}), language_of_environment({"LANG": "fr_BE.UTF-8"})],
    "link": [query_language("lang=fr"), share_query(cards("5H 5D 6H 7S"), Card.parse("8C"), False, "fr")],
    "translated": list(TRANSLATED),
    "catalogue": catalogue_path(root / "course", "fr", "00_start_here").relative_to(root).as_posix(),
    "course_help": help_text.getvalue(),
    "ordinals": [ordinal(n, "fr") for n in (1, 2, 3, 21)],
    "numbers": [number(12994800, ",", "fr"), decimal(12.5, "fr"), number(0.5, ".0%", "fr")],
    "setup_lessons": [name for name in setup.lesson_files() if name.startswith("fr/")],
    "stops": [stop.notebook for stop in STOPS],
}))
'''


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What each part of a copy of the product does with French, once French is a line of its registry."""
    copy = tmp_path_factory.mktemp("with_french")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for package in ("cribbage", "machinery", "widgets"):
        shutil.copytree(ROOT / package, copy / package, ignore=ignore)
    for name in ("setup.py", "cribbage_command.py", "pyproject.toml"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "course").symlink_to(ROOT / "course", target_is_directory=True)   # only read
    registry = copy / REGISTRY
    text = registry.read_text(encoding="utf-8")
    end = text.index("\n)\n", text.index("LANGUAGES: tuple[Language, ...] = ("))
    registry.write_text(text[:end + 1] + FRENCH + text[end + 1:], encoding="utf-8")
    po = copy / "widgets" / "locale" / "fr" / "LC_MESSAGES" / "widgets.po"
    po.parent.mkdir(parents=True)
    po.write_text(FRENCH_WIDGETS_PO, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", ASK], cwd=copy, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_language_added_to_the_registry_reaches_every_consumer(french: dict[str, object]) -> None:
    assert french["messages"] == [*CODES, "fr"]                       # set_language("fr") is accepted
    assert french["untranslated"] == "duplicate card: 5H appears twice"   # English until translated
    assert french["lessons"] == "fr" and french["lesson_folder"] == "course/fr"
    assert french["separator"] == ";"                                 # the teacher's gradebook CSV
    assert french["lab_locale"] == "fr_FR"                            # JupyterLab's menus
    assert french["lab_settings"] == {"@jupyterlab/translation-extension:plugin": {"locale": "fr_FR"}}
    assert french["from_locale"] == ["fr", "fr"]                      # the launcher's and the command's locale
    assert french["link"] == ["fr", "hand=5H5D6H7S&starter=8C&crib=0&lang=fr"]   # the calculator's ?lang=
    assert french["translated"] == [*TRANSLATED, "fr"]                # the lessons' translation build
    assert french["catalogue"] == "course/locale/fr/LC_MESSAGES/00_start_here.po"
    assert "--lang {" + ",".join([*CODES, "fr"]) + "}" in str(french["course_help"])   # cribbage course --lang


@pytest.mark.slow
def test_a_new_language_s_grammar_comes_from_babel_and_its_catalogue(french: dict[str, object]) -> None:
    # French ordinals: Babel's rule puts 1 alone ("one") and 21 with the rest ("other", where English
    # has 21st); the French catalogue words each form. Numbers: Babel's French grouping (a narrow
    # no-break space), decimal comma, and the space before the percent sign.
    assert french["ordinals"] == ["1er", "2e", "3e", "21e"]
    assert french["numbers"] == ["12\u202f994\u202f800", "12,5", "50\u00a0%"]


@pytest.mark.slow
def test_a_new_language_s_lessons_go_into_the_wheel(french: dict[str, object]) -> None:
    stops = french["stops"]
    assert isinstance(stops, list) and stops
    assert french["setup_lessons"] == [f"fr/{notebook}" for notebook in stops] + ["fr/rules.md"]

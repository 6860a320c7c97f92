"""The languages the course speaks, kept in one place: everything else reads them here.

Each :class:`Language` says what the course needs of a language besides its translations: its code
(the catalogues' folder name, ``set_language("es")``, ``?lang=es``, ``--lang es``), its name in its own
words, the locale Babel writes its numbers and ordinals by, JupyterLab's language pack and locale, the
system locale a class's hub gives its learners, the folder its lessons are in, and the separator of
its spreadsheets' CSV. Adding a language is adding a line here (no other code changes), then what is
not code: its translations (``pybabel init -l <code>`` for the ``cribbage`` and ``widgets`` catalogues,
then ``make catalogues``, which starts each lesson's catalogue too), its words in the glossary
(``course/glossary.csv``: a column and a rejected column), its section of the start page
(``course/start/index.ipynb``) and its JupyterLab language pack (``machinery/langpacks``, an entry point
``jupyterlab.languagepack`` in ``pyproject.toml``); the tests
name each of these still missing (``tests/test_languages_registry.py`` shows the code needs nothing else).

It imports nothing but the standard library, so ``setup.py`` can read it by file path.

>>> [language.code for language in LANGUAGES]
['en', 'es', 'pt']
>>> language("pt").lab_locale, language("pt").csv_separator
('pt_BR', ';')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["CODES", "LANGUAGES", "SOURCE", "TRANSLATED", "Language", "from_locale", "language"]


@dataclass(frozen=True, slots=True)
class Language:
    """What the course needs to know of one of its languages."""

    #: The course's code: the catalogues' folder (``<package>/locale/<code>/LC_MESSAGES``) and what a
    #: learner passes (``set_language``, ``?lang=``, ``--lang``).
    code: str
    #: Its name in its own words, as a chooser of languages shows it.
    name: str
    #: The locale Babel writes numbers, percentages and ordinal forms by (plural forms are each catalogue's own).
    babel_locale: str
    #: JupyterLab's locale for its menus (``en`` is JupyterLab's own).
    lab_locale: str
    #: The official JupyterLab language pack (PyPI) whose translations the course's own pack starts from
    #: (``machinery/langpacks``, which the course installs instead); None: JupyterLab speaks it already.
    lab_pack: str | None
    #: The system locale a class's learners are given on JupyterHub (``LANG``).
    system_locale: str
    #: The folder of ``course/`` its lessons are in ("" for the source language's, ``course/`` itself).
    lessons: str
    #: The separator of a CSV its spreadsheets open without asking (``;`` where the decimal mark is a comma).
    csv_separator: str


#: The course's languages, the source language (English, written in the code) first.
LANGUAGES: tuple[Language, ...] = (
    Language(code="en", name="English", babel_locale="en", lab_locale="en", lab_pack=None,
             system_locale="en_US.UTF-8", lessons="", csv_separator=","),
    Language(code="es", name="Español", babel_locale="es", lab_locale="es_ES",
             lab_pack="jupyterlab-language-pack-es-ES", system_locale="es_ES.UTF-8", lessons="es",
             csv_separator=";"),
    Language(code="pt", name="Português", babel_locale="pt", lab_locale="pt_BR",
             lab_pack="jupyterlab-language-pack-pt-BR", system_locale="pt_BR.UTF-8", lessons="pt",
             csv_separator=";"),
)
#: Every language's code, the source language first.
CODES: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
#: The language the course is written in (the code's messages, the lessons in ``course/``).
SOURCE: str = LANGUAGES[0].code
#: The languages translated from it (catalogues, lessons built from the source).
TRANSLATED: tuple[str, ...] = CODES[1:]
_BY_CODE = {language.code: language for language in LANGUAGES}
# gettext's order: LANGUAGE is a list of preferences; otherwise the first of these that is set decides.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(code: str) -> Language:
    """The registry's entry for ``code``; a ``KeyError`` naming the codes there are for any other."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise KeyError(f"no language {code!r} in the course (it has {', '.join(CODES)})") from None


def _code_of(locale_name: str) -> str:
    """``"es_MX.UTF-8"`` -> ``"es"``; ``"pt-BR"`` -> ``"pt"``; ``"C.UTF-8"`` -> ``"c"``."""
    return locale_name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].casefold()


def from_locale(environ: Mapping[str, str]) -> str | None:
    """The course's language the learner's locale asks for, read as gettext reads it, or None when it
    names none of the course's (C, POSIX, or a language the course does not have).

    ``LANGUAGE`` is a list of preferences (``"fr:es"`` gives ``"es"``: French first, but the course has
    none); otherwise the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` decides alone, as it does
    for gettext. Any country or encoding goes: ``es_MX.UTF-8`` is Spanish.

    >>> from_locale({"LANG": "es_MX.UTF-8"}), from_locale({"LANGUAGE": "fr:pt_BR", "LANG": "en_US.UTF-8"})
    ('es', 'pt')
    >>> from_locale({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}) is None
    True
    """
    for preference in environ.get("LANGUAGE", "").split(":"):
        if _code_of(preference) in _BY_CODE:
            return _code_of(preference)
    for variable in _LOCALE_VARIABLES:
        if environ.get(variable):
            code = _code_of(environ[variable])
            return code if code in _BY_CODE else None
    return None

"""Where the lessons are, and which files make one language's course.

An installed wheel carries them as package data, ``cribbage/lessons/course/`` (setup.py copies the
course there when it builds); a checkout (an editable install, ``make course``) reads the repository's
``course/`` itself. Either way they are only read: the learner works in a copy
(:mod:`cribbage.lessons.learner_copy`).
"""

from __future__ import annotations

from pathlib import Path

from cribbage.lang.messages import check_language
from cribbage.registry import stops
from cribbage.registry.languages import LANGUAGES

__all__ = ["FIRST_STOP", "LANGUAGE_FOLDERS", "course_files", "first_stop", "language_folder", "lessons_folder"]

#: The English notebook of the first stop (each language names it in its words: :func:`first_stop`).
FIRST_STOP = stops.STOPS[0].notebook
#: Where each language's lessons are, inside the course folder (English at its top): the registry's.
LANGUAGE_FOLDERS: dict[str, str] = {language.code: language.lessons for language in LANGUAGES}
# The page beside the stops that a learner reads.
_PAGES = ("rules.md",)
_PACKAGED = Path(__file__).resolve().parent / "course"
_CHECKOUT = Path(__file__).resolve().parents[2] / "course"


def lessons_folder() -> Path:
    """The course folder: the wheel's package data if there is one, else the checkout's ``course/``."""
    for folder in (_PACKAGED, _CHECKOUT):
        if (folder / FIRST_STOP).is_file():
            return folder
    raise FileNotFoundError(f"the course's lessons are neither in {_PACKAGED} nor in {_CHECKOUT}")


def language_folder(language: str, folder: Path | None = None) -> Path:
    """The folder of ``language``'s lessons in the course folder ``folder`` (:func:`lessons_folder` for None)."""
    return (folder or lessons_folder()) / LANGUAGE_FOLDERS[check_language(language)]


def first_stop(language: str, copy: Path | None = None) -> str:
    """The file name of the first stop in ``language``; in a learner's ``copy``, the name it has there (a
    copy made before the lessons had names in their language, and kept, has the English one).

    >>> first_stop("es"), first_stop("en")
    ('00_empieza_aqui.ipynb', '00_start_here.ipynb')
    """
    return stops.STOPS[0].notebook_in(check_language(language), copy)


def course_files(language: str, folder: Path | None = None) -> dict[str, Path]:
    """The files of the course in ``language``, by their name in a copy: the stops' notebooks in order,
    each by its name in that language (:mod:`cribbage.registry.stops`; a ``FileNotFoundError`` names any
    missing), then the rules page (the READMEs are for whoever reads the repository).

    >>> names = list(course_files("es"))
    >>> names[0], "03_recuento.ipynb" in names, names[-1]
    ('00_empieza_aqui.ipynb', True, 'rules.md')
    """
    language = check_language(language)
    base = language_folder(language, folder)
    notebooks = [base / stop.notebook_in(language) for stop in stops.STOPS]
    missing = [path.name for path in notebooks if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"the course in {base} lacks {', '.join(missing)} (each stop has its notebook there)")
    pages = [base / name for name in _PAGES if (base / name).is_file()]
    return {path.name: path for path in [*notebooks, *pages]}

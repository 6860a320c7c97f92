"""Installing compiles the translations: every ``.po`` catalogue beside a package becomes its ``.mo``.

Everything else about the project is in ``pyproject.toml``. The ``.mo`` files are build products (not
in git): ``pip install`` (editable or not) runs ``build_py``, which asks Babel's own ``compile``
command to write them next to their ``.po``, where the package data and :mod:`gettext` find them.

Building a wheel also puts the lessons a learner's copy is made from (``course/``'s stops and rules
page, in every language of the course) into the package, as ``cribbage/lessons/course/``, where
:mod:`cribbage.lessons.source` finds them once installed; an editable install reads ``course/`` itself.
Which files those are, the course's registries say (:mod:`cribbage.registry.stops`, the stops'
notebooks; :mod:`cribbage.registry.languages`, each language's lesson folder): read here by file path,
as they import nothing but the standard library, so building needs nothing of the engine installed.
MANIFEST.in brings them into the sdist, from which a wheel is built.

The course's JupyterLab extension is installed as data files (``pyproject.toml``'s ``data-files``, into
``share/jupyter/labextensions``), in an editable install too (:class:`CourseDistribution`).
"""

from __future__ import annotations

import io
import os
import runpy
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: (locale folder, gettext domain) of each package's catalogues.
CATALOGUES = (("cribbage/locale", "cribbage"), ("widgets/locale", "widgets"))
#: Where the lessons go in the wheel (where cribbage.lessons.source reads them).
LESSONS = "cribbage/lessons/course"


#: The registries read by their file path (they need only the standard library): the engine need not be
#: importable while it is being built. The loader is the one tools/course.py uses too.
registry: Callable[[str], ModuleType] = runpy.run_path(str(HERE / "cribbage" / "registry" / "by_path.py"))["registry"]


def lesson_files() -> list[str]:
    """The lessons in the wheel, relative to ``course/``: in each language's lesson folder, every stop's
    notebook and the rules page (the files :func:`cribbage.lessons.source.course_files` gives)."""
    stops, languages = registry("stops"), registry("languages")
    return [(Path(language.lessons) / name).as_posix() for language in languages.LANGUAGES
            for name in [*(stop.notebook_in(language.code) for stop in stops.STOPS), "rules.md"]]


def compile_catalogues(folder: Path, domain: str) -> list[Path]:
    """Each ``<language>/LC_MESSAGES/<domain>.po`` under ``folder`` compiled to the ``.mo`` beside it, by
    Babel's reader and writer as ``pybabel compile`` does (fuzzy entries left out), each written whole
    and then renamed into place: the tree's catalogues are read by running kernels and tests while a
    wheel is built from it (the static calculator's build runs ``pip wheel .`` here), and a file being
    written in place was once read half-written ("unpack requires a buffer of 4 bytes")."""
    written = []
    for po in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name, domain=domain)
        if catalog.fuzzy:
            continue   # as pybabel compile: a catalogue marked fuzzy as a whole is not used
        mo = po.with_suffix(".mo")
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        written.append(mo)
        # Left untouched when it holds these bytes already: the course's warm kernel process retires
        # when a file of the course changes on disk, and a wheel built mid-run need change nothing.
        if mo.is_file() and mo.read_bytes() == compiled.getvalue():
            continue
        partial = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
        try:
            partial.write_bytes(compiled.getvalue())
            os.replace(partial, mo)
        finally:
            partial.unlink(missing_ok=True)
    return written


class BuildWithCatalogues(build_py):
    """``build_py`` that compiles the catalogues first (it also runs for an editable install)."""

    def run(self) -> None:
        for folder, domain in CATALOGUES:
            if (HERE / folder).is_dir():
                compile_catalogues(HERE / folder, domain)
        super().run()
        if not getattr(self, "editable_mode", False):
            self.copy_lessons()

    def copy_lessons(self) -> None:
        for name in lesson_files():   # a lesson missing from course/ fails the build: copy_file says which
            target = Path(self.build_lib) / LESSONS / name
            self.mkpath(str(target.parent))
            self.copy_file(str(HERE / "course" / name), str(target))


class CourseDistribution(Distribution):
    """setuptools' editable install (``pip install -e .``, as ``make course`` installs) installs the data
    files only when the distribution answers ``has_data()``, a method setuptools' own has not (it has
    ``has_data_files``; setuptools 84): without this, ``make course`` would leave out the course's
    JupyterLab extension, which ``pip install .`` installs."""

    def has_data(self) -> bool:
        return bool(self.has_data_files())


if __name__ == "__main__":   # as setuptools runs it; a test imports compile_catalogues alone
    setup(cmdclass={"build_py": BuildWithCatalogues}, distclass=CourseDistribution)

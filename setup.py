"""Installing compiles the translations: every ``.po`` catalogue beside a package becomes its ``.mo``.

Everything else about the project is in ``pyproject.toml``. The ``.mo`` files are build products (not
in git): ``pip install`` (editable or not) runs ``build_py``, which asks Babel's own ``compile``
command to write them next to their ``.po``, where the package data and :mod:`gettext` find them.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: (locale folder, gettext domain) of each package's catalogues.
CATALOGUES = (("cribbage/locale", "cribbage"), ("widgets/locale", "widgets"))


class BuildWithCatalogues(build_py):
    """``build_py`` that compiles the catalogues first (it also runs for an editable install)."""

    def run(self) -> None:
        for folder, domain in CATALOGUES:
            if (HERE / folder).is_dir():
                CommandLineInterface().run(["pybabel", "-q", "compile", "-d", str(HERE / folder), "-D", domain])
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})

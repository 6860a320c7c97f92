"""The course as pip installs it: a wheel built from the checkout (pip, in a process of its own) carries
every language's lessons, and the package installed from it copies the course from there (a fresh
Python), not from any checkout. The copy and update logic is tests/test_learner_copy.py's."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from apps.static_calculator.build import project_wheel
from cribbage.lessons import course_files, source

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"


@pytest.mark.slow
def test_an_installed_wheel_carries_the_lessons(tmp_path: Path) -> None:
    """The lessons are package data: a wheel built from the checkout has every language's stops, and
    the package installed from it copies the course from there, not from any checkout."""
    wheel = project_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for language, folder in source.LANGUAGE_FOLDERS.items():
        for name in course_files(language, COURSE):
            assert "/".join(filter(None, ["cribbage/lessons/course", folder, name])) in names, (language, name)
    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    probe = ("from cribbage.lessons import lessons_folder, make_copy; import sys;"
             "print(lessons_folder()); print(len(make_copy(sys.argv[1], 'pt').added))")
    said = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "copy")], check=True, capture_output=True, cwd=tmp_path,
                          text=True, env={**__import__("os").environ, "PYTHONPATH": str(installed)}).stdout.split()
    assert said == [str(installed / "cribbage" / "lessons" / "course"), str(len(course_files("pt", COURSE)))]

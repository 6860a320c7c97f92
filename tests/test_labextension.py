"""The course's JupyterLab extension (``labextension/``, :mod:`tools.labextension`): the build kept in git
is its source's, and an install puts it where JupyterLab finds it.

What it does in JupyterLab (the toolbar's "More commands" and the ▶▶ menu items in the learner's language)
is read in Chromium by ``tests/browser/test_open_by_width.py`` and ``test_lab_wholly_translated.py``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tools import labextension  # tools/ is no package of the project: read from the repository (the tests' path)

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_kept_in_git_is_the_sources() -> None:
    assert labextension.problems() == []


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The extension's folder copied (without its npm packages)."""
    folder = tmp_path / "labextension"
    shutil.copytree(labextension.HERE, folder, ignore=shutil.ignore_patterns("node_modules"))
    assert labextension.problems(folder) == []
    return folder


def test_a_source_changed_and_not_built_again_is_named(copy: Path) -> None:
    source = copy / "src" / "index.js"
    source.write_text(source.read_text(encoding="utf-8").replace("'More commands'", "'More'"), encoding="utf-8")
    assert labextension.problems(copy) == ["labextension: the source changed since prebuilt/ was built: run make labextension"]


def test_a_build_edited_by_hand_is_named(copy: Path) -> None:
    built = next(path for path in labextension.built_files(copy) if path.name.startswith("remoteEntry."))
    built.write_text(built.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert labextension.problems(copy) == [
        "labextension: prebuilt/ is not what the build wrote (edited by hand?): run make labextension"]


def test_the_package_installs_every_file_of_the_build() -> None:
    """pyproject.toml's data-files bring the whole build (its file names change with each build)."""
    tomllib = pytest.importorskip("tomllib")   # Python 3.11 on
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = f"share/jupyter/labextensions/{labextension.NAME}"
    installed = {(Path(folder) / Path(path).name).as_posix() for folder, patterns in
                 config["tool"]["setuptools"]["data-files"].items() if folder.startswith(target)
                 for pattern in patterns for path in ROOT.glob(pattern)}
    built = {(Path(target) / path.relative_to(labextension.PREBUILT)).as_posix() for path in labextension.built_files()}
    assert built | {f"{target}/install.json"} == installed


def test_this_environment_has_the_extension_as_built() -> None:
    """The project's install here (editable, as make course's and make test's) has the extension, where
    JupyterLab reads it, file for file as built."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / labextension.NAME
    files = sorted(path.relative_to(installed).as_posix() for path in installed.rglob("*") if path.is_file())
    built = sorted(path.relative_to(labextension.PREBUILT).as_posix() for path in labextension.built_files())
    assert files == sorted([*built, "install.json"]), f"{installed}: reinstall the project (pip install -e .)"
    for name in built:
        assert (installed / name).read_bytes() == (labextension.PREBUILT / name).read_bytes(), name
    package = json.loads((installed / "package.json").read_text(encoding="utf-8"))
    assert (installed / package["jupyterlab"]["_build"]["load"]).is_file()

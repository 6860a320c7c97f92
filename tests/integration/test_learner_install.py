"""``make course`` as a Spanish or Portuguese learner sees it (tools/course.py): the install's progress
and JupyterLab's address in their language, every English line of pip and JupyterLab in a log file,
and Ctrl-C a quiet goodbye with no "make: *** ... Interrupt" or "Error 130".

The install runs a fake pip that says what pip says (the lines tools/course.py reads, and the English
it must keep off the terminal), so it takes a second, not the minutes of a real install; the measured
first `make course` from a fresh clone is in the report to issue 48. The Ctrl-C test runs the real
`make course` on this checkout's installed .venv: JupyterLab starts, serves, and is stopped. A failed
install (no index) ends `make course` with the learner's words alone. A tiny project is installed for
real: into a .venv without pip, and a second time from the course's wheelhouse with the index closed.
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from english import english_in

from cribbage.registry.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]

#: What pip says while it installs (as in build/logs/install.log of a real install), English all of it.
PIP_SAYS = """\
Looking in links: /opt/wheels
Obtaining file:///home/learner/cribbage-course
  Installing build dependencies: started
  Installing build dependencies: finished with status 'done'
WARNING: Location 'file:///opt/pypi-more/simple/numpy/' is ignored: it is neither a file nor a directory.
Collecting numpy>=1.24 (from cribbage-course==0.1.0)
  Using cached numpy-2.4.6-cp311-cp311-manylinux_2_27_x86_64.whl (16.9 MB)
Collecting pandas>=2 (from cribbage-course==0.1.0)
  Downloading pandas-3.1.1-cp311-cp311-manylinux_2_28_x86_64.whl (12.1 MB)
Requirement already satisfied: pip in ./.venv/lib/python3.11/site-packages (23.2.1)
Building wheels for collected packages: cribbage-course
  Building editable for cribbage-course (pyproject.toml): started
Successfully built cribbage-course
Installing collected packages: numpy, pandas, cribbage-course
Successfully installed cribbage-course-0.1.0 numpy-2.4.6 pandas-3.1.1
"""


def _tools_course() -> ModuleType:
    """tools/course.py, loaded by its path as the Makefile runs it (it is no package of the project)."""
    spec = importlib.util.spec_from_file_location("tools_course", ROOT / "tools" / "course.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _english_lines(terminal: str, language: str, paths: list[str]) -> list[str]:
    """The lines of ``terminal`` with English in them, the files' paths and the server's address left out."""
    found = []
    for line in terminal.splitlines():
        plain = re.sub(r"https?://\S+", " ", line)
        for path in paths:
            plain = plain.replace(path, " ")
        if english_in(plain, language):
            found.append(line)
    return found


def _fake_pip(tmp_path: Path, status: int = 0) -> list[str]:
    script = tmp_path / "pip_says.py"
    script.write_text(f"import sys\nsys.stdout.write({PIP_SAYS!r})\nsys.exit({status})\n", encoding="utf-8")
    return [sys.executable, str(script)]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("status", [0, 1], ids=["installed", "failed"])
def test_the_install_says_no_english_and_keeps_pips_words_in_its_log(language, status, tmp_path):
    course = _tools_course()
    shown = io.StringIO()
    log, stamp = tmp_path / "logs" / "install.log", tmp_path / "installed"
    done = course.install(course.Words(language), course.Line(shown), log, pip=_fake_pip(tmp_path, status), stamp=stamp)
    assert done is (status == 0) and stamp.exists() is (status == 0)
    terminal = shown.getvalue()
    assert str(log) in terminal   # the learner is told where pip's words are
    assert _english_lines(terminal, language, [str(log)]) == []
    assert log.read_text(encoding="utf-8").endswith(PIP_SAYS)   # after the command pip was run with
    # The progress line counted what pip found and installs, in the learner's words.
    words = course.Words(language)
    assert words("install.finding", n=3) in terminal or words("install.installing", n=3) in terminal


def test_english_would_be_found(tmp_path):
    """The check above can fail: the same install in English is read as English."""
    course = _tools_course()
    shown = io.StringIO()
    course.install(course.Words("en"), course.Line(shown), tmp_path / "install.log", pip=_fake_pip(tmp_path),
                   stamp=tmp_path / "installed")
    assert _english_lines(shown.getvalue(), "es", [str(tmp_path / "install.log")])


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "cribbage").exists(), reason="needs this checkout's .venv")
@pytest.mark.xdist_group("make-course")   # one after the other: both write build/logs/jupyterlab.log
@pytest.mark.parametrize("language", TRANSLATED)
def test_make_course_serves_then_ctrl_c_ends_quietly_in_the_learners_language(language, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    # As a learner types it in a terminal: not as a sub-make of `make test` (whose MAKELEVEL and MAKEFLAGS
    # would make this make print "Entering directory" in the learner's language, which is not the course's).
    outside = {name: value for name, value in os.environ.items() if name not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    env = {**outside, "LANGUAGE": language, "COURSE_DIR": str(tmp_path / "copy"), "BROWSER": "true",
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    seen = io.StringIO()
    child = pexpect.spawn("make", ["course"], cwd=str(ROOT), env=env, encoding="utf-8", timeout=240)
    child.logfile_read = seen
    try:
        child.expect(r"https?://\S+")   # said once the server answers at that address
        child.expect(r"\S+jupyterlab\.log")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    terminal = seen.getvalue()
    assert child.exitstatus == 0 and child.signalstatus is None, terminal
    log = ROOT / "build" / "logs" / "jupyterlab.log"
    assert "Interrupt" not in terminal and "Error" not in terminal, terminal
    assert _english_lines(terminal, language, [str(log), str(tmp_path / "copy")]) == []
    assert "Interrupted" in log.read_text(encoding="utf-8")   # JupyterLab's own words went to its log


#: A project of one module with no dependencies: a real pip install, in seconds rather than minutes.
TINY_PROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "tiny-course"
version = "1"

[tool.setuptools]
py-modules = ["tiny_course"]
"""


OUTSIDE_PIP = pytest.mark.skipif(_tools_course().outside_pip(Path(sys.executable)) is None,
                                 reason="this Python's pip cannot install into another environment (pip --python, 22.3)")


def _tiny_project(folder: Path, course: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Path:
    """:data:`TINY_PROJECT` in ``folder``, made the project tools/course.py installs; its ``.venv``."""
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text(TINY_PROJECT, encoding="utf-8")
    (folder / "tiny_course.py").write_text("ANSWER = 15\n", encoding="utf-8")
    monkeypatch.setattr(course, "ROOT", folder)
    monkeypatch.setattr(course, "VENV", folder / ".venv")
    return folder / ".venv"


def _installs(course: ModuleType, venv: Path, log: Path) -> None:
    assert course.install(course.Words("en"), course.Line(io.StringIO()), log, stamp=log.with_suffix(".done")), \
        log.read_text(encoding="utf-8")
    command = "import tiny_course; assert tiny_course.ANSWER == 15"
    assert subprocess.run([str(venv / "bin" / "python"), "-c", command]).returncode == 0


@OUTSIDE_PIP
def test_the_learners_venv_has_no_pip_and_the_makefile_gives_it_one(tmp_path, monkeypatch):
    """The course's .venv is made without pip (tools/course.py installs with this Python's own, 17 MB less
    in a learner's .venv); the project is installed and runs; the Makefile's installs give .venv a pip."""
    course = _tools_course()
    monkeypatch.setattr(course, "WHEELS", tmp_path / "wheels")
    venv = _tiny_project(tmp_path / "project", course, monkeypatch)
    _installs(course, venv, tmp_path / "install.log")
    python = venv / "bin" / "python"
    assert not course._runs(python, "pip")
    assert not list((venv / "lib").glob("python*/site-packages/pip"))
    # The Makefile's line that every install into .venv runs first (make test, make calculator, make hub).
    ensure = re.search(r"^ENSURE_PIP := @(.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)
    assert ensure is not None
    shell = ensure.group(1).replace("$(BIN)", str(venv / "bin"))
    assert subprocess.run(["sh", "-c", shell], capture_output=True).returncode == 0
    assert course._runs(python, "pip")


@OUTSIDE_PIP
@pytest.mark.skipif(sys.version_info < (3, 11), reason="Python 3.10 installs from the index each time (no tomllib)")
def test_a_fresh_clone_installs_from_the_wheelhouse_without_the_index(tmp_path, monkeypatch):
    """The first install keeps pip's choice of wheels in the course's cache; the next one (a fresh clone,
    a new .venv) installs from those alone, asking the index nothing (here it is a closed port), and goes
    back to the index for what the wheelhouse lacks."""
    course = _tools_course()
    monkeypatch.setattr(course, "WHEELS", tmp_path / "wheels")
    _installs(course, _tiny_project(tmp_path / "first", course, monkeypatch), tmp_path / "first.log")
    [wheels] = (tmp_path / "wheels").iterdir()
    assert (wheels / course.COMPLETE).exists()
    kept = sorted(path.name for path in wheels.glob("*.whl"))
    assert any(name.startswith("setuptools-") for name in kept), kept   # the build's requirement too

    with monkeypatch.context() as offline:
        offline.setenv("PIP_CONFIG_FILE", os.devnull)   # this machine's own indexes and wheel folders
        for name in ("PIP_FIND_LINKS", "PIP_EXTRA_INDEX_URL"):
            offline.delenv(name, raising=False)
        offline.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple/")
        _installs(course, _tiny_project(tmp_path / "second", course, offline), tmp_path / "second.log")
    assert "127.0.0.1:9" not in (tmp_path / "second.log").read_text(encoding="utf-8")

    for wheel in wheels.glob("setuptools-*.whl"):
        wheel.unlink()
    _installs(course, _tiny_project(tmp_path / "third", course, monkeypatch), tmp_path / "third.log")
    assert sorted(path.name for path in wheels.glob("*.whl")) == kept


@pytest.mark.parametrize("xdg", [None, "/elsewhere/cache"], ids=["home", "XDG_CACHE_HOME"])
def test_the_wheelhouses_are_in_the_courses_cache_folder(xdg, monkeypatch):
    """Beside the statistics' tables and JupyterLab's settings, where platformdirs puts the course's cache."""
    platformdirs = pytest.importorskip("platformdirs")
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    expected = Path(platformdirs.user_cache_dir("cribbage-course", appauthor=False))
    assert _tools_course().cache_folder(os.environ) == expected


def test_the_address_said_carries_the_token_as_its_own_part(tmp_path):
    """jupyter_server's log adds "?token=" to the course's entry address, which has a query already: the
    learner is given the address with one query, or following it would ask for a token."""
    log = tmp_path / "jupyterlab.log"
    log.write_text("    Or copy and paste one of these URLs:\n"
                   "        http://localhost:8835/cribbage/open?path=00_start_here.ipynb?token=abc123\n"
                   "        http://127.0.0.1:8835/cribbage/open?path=00_start_here.ipynb?token=abc123\n", encoding="utf-8")
    assert _tools_course()._address(log) == "http://localhost:8835/cribbage/open?path=00_start_here.ipynb&token=abc123"
    log.write_text("http://localhost:8835/lab?token=abc123\n", encoding="utf-8")
    assert _tools_course()._address(log) == "http://localhost:8835/lab?token=abc123"


#: What `make course` reads of the project before pip installs it.
BEFORE_PIP = ("Makefile", "pyproject.toml", "setup.py", "tools", "cribbage/registry")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_failed_install_ends_make_course_with_the_learners_words_alone(language, tmp_path):
    """No network, as pip sees it: the install fails, says so in the learner's words and names its log,
    and make course ends non-zero with no "make: *** [Makefile:...: course] Error 1" of make's own."""
    pexpect = pytest.importorskip("pexpect")
    project = tmp_path / "project"
    for name in BEFORE_PIP:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (project / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, project / name)
    outside = {name: value for name, value in os.environ.items()
               if name not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "PIP_FIND_LINKS", "PIP_EXTRA_INDEX_URL")}
    env = {**outside, "LANGUAGE": language, "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1",
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    seen = io.StringIO()
    # From a shell, as a learner types it (the shell's own words would be seen too), SIGPIPE as shells
    # leave it (pexpect's Python ignores it, and its children would inherit that).
    child = pexpect.spawn("bash", ["-c", "make course; exit $?"], cwd=str(project), env=env, encoding="utf-8",
                          timeout=240, preexec_fn=lambda: signal.signal(signal.SIGPIPE, signal.SIG_DFL))
    child.logfile_read = seen
    child.expect(pexpect.EOF)
    child.close()
    terminal = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.getvalue())
    log = project.resolve() / "build" / "logs" / "install.log"
    assert _tools_course().Words(language)("install.failed", path=log) in terminal, terminal
    assert child.exitstatus not in (0, None), terminal
    assert _english_lines(terminal, language, [str(log)]) == [], terminal

"""``make course``: a learner's install of the course, and the course opened, in the learner's language.

Run by the Makefile with the system's Python before anything of the project is installed, so it needs
nothing but the standard library. It

- installs the course's runtime into ``.venv`` (``pip install -e .``: the course and what it runs, not
  the test, lint, browser or hub tools of the extras) when neither a course install nor a developer's
  (``make test``'s ``.venv/.installed``) is newer than ``pyproject.toml``; pip compiles nothing: a module
  is compiled the first time it is imported, only the ones the course imports (the measurements are in
  the branch's report to issue 48); ``.venv`` is made without a pip of its own, this Python's pip
  installing into it (:func:`outside_pip`), as nothing of the course runs pip
  (``benchmarks/learner_install.py`` measures the first ``make course``); the wheels pip chose are kept
  in the course's cache (a wheelhouse per set of requirements, :func:`_from_wheelhouse`), so the next
  install (a fresh clone, a new ``.venv``) reads no index: with pip's cache warm, pip's questions to the
  index were most of an install's time;
- shows one progress line in the learner's language instead of pip's output, which goes whole into a
  log file whose path it names;
- then runs ``cribbage course``, whose JupyterLab sends its own server's log to a second file
  (``cribbage-lab --log``), and says the address JupyterLab serves once it answers;
- ends on Ctrl-C with a short goodbye and status 0. On a terminal it takes the terminal's foreground
  for its own process group (as a shell does for a job): Ctrl-C then reaches it, pip, JupyterLab, but
  not ``make``, which would otherwise end with "make: *** [course] Interrupt".

Its words are keyed messages (:data:`MESSAGES`, extracted by ``make catalogues`` like the engine's) in
the gettext domain ``tools``; their compiled catalogues (``tools/locale/<language>/LC_MESSAGES/tools.mo``)
are kept in git, as nothing can compile them before the install, and ``make check-catalogues`` checks
that they are the ``.po`` compiled. The language is the locale's, read as gettext reads it, by the
course's one list of languages (``cribbage/registry/languages.py``, loaded by its path: it needs only
the standard library).
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import hashlib
import os
import re
import runpy
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "tools"
VENV = ROOT / ".venv"
#: A course install, and a developer's (the Makefile's ``make test`` stamp), newer than pyproject.toml.
STAMPS = (VENV / ".installed-course", VENV / ".installed")
LOGS = ROOT / "build" / "logs"

# The words of the install, English here; Spanish and Portuguese in tools/locale (make catalogues).
MESSAGES: dict[str, dict[str, str | tuple[str, str]]] = {
    "install.start": {"en": "Installing the course (only the first time; it takes a few minutes)."},
    # The step that makes .venv, the folder with the course's own Python.
    "install.venv": {"en": "Making the course's own Python…"},
    # {n} counts the packages found so far; the line is rewritten as it grows.
    "install.finding": {"en": "Finding what the course needs: {n} packages so far…"},
    "install.installing": {"en": ("Installing {n} package…", "Installing {n} packages…")},
    "install.done": {"en": "The course is installed ({seconds} s)."},
    "install.log": {"en": "The installation's whole log: {path}"},
    "install.failed": {"en": "The installation stopped with an error. What went wrong is in {path}"},
    "install.interrupted": {"en": "Installation stopped. The same command again finishes it."},
    "lab.log": {"en": "JupyterLab's own messages go to {path}"},
    "lab.ready": {"en": "JupyterLab is open in your browser at {url}"},
    "lab.closing": {"en": "Closing JupyterLab…"},
    "lab.closed": {"en": "JupyterLab is closed. The same command opens your course again."},
    "lab.failed": {"en": "JupyterLab stopped with an error. What it said is in {path}"},
}


#: The course's registries (``cribbage/registry/<name>.py``) read by their file path, by the loader setup.py
#: uses too: they need only the standard library.
_registry: Callable[[str], ModuleType] = runpy.run_path(str(ROOT / "cribbage" / "registry" / "by_path.py"))["registry"]


def language_of(environ: dict[str, str] | os._Environ[str]) -> str:
    """The course's language the locale asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
    else the course's source language."""
    languages = _registry("languages")
    return str(languages.from_locale(environ) or languages.SOURCE)


class Words:
    """The messages of :data:`MESSAGES` in one language, from its compiled catalogue (English without one)."""

    def __init__(self, language: str) -> None:
        self.catalogue = gettext.translation(DOMAIN, str(LOCALE), languages=[language], fallback=True)

    def __call__(self, key: str, **values: object) -> str:
        english = MESSAGES[key]["en"]
        if isinstance(english, tuple):
            n = values["n"]
            assert isinstance(n, int)
            return self.catalogue.npgettext(key, english[0], english[1], n).format(**values)
        return self.catalogue.pgettext(key, english).format(**values)


class Line:
    """What the learner sees: one progress line rewritten in place on a terminal, each new state once
    elsewhere; and whole lines."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.shown = ""

    def progress(self, text: str) -> None:
        if text == self.shown:
            return
        if self.live:
            self.stream.write(f"\r\033[K{text}")
        elif text.split(":")[0] != self.shown.split(":")[0]:
            self.stream.write(f"{text}\n")   # off a terminal, a step once, not each count
        self.shown = text
        self.stream.flush()

    def say(self, text: str) -> None:
        if self.live and self.shown:
            self.stream.write("\r\033[K")
        self.shown = ""
        self.stream.write(f"{text}\n")
        self.stream.flush()


@contextlib.contextmanager
def foreground() -> Iterator[None]:
    """The terminal's Ctrl-C for this process and its children only, while inside: a process group of
    our own made the terminal's foreground group (``make``'s group is given it back on leaving). Off a
    terminal, or when ``make`` itself is not in the foreground, nothing changes."""
    try:
        terminal = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        yield
        return
    try:
        given_back = os.tcgetpgrp(terminal)
        if given_back != os.getpgrp():
            yield
            return
        os.setpgid(0, 0)
        # A process outside the foreground group that sets it is sent SIGTTOU: ignored for the moment.
        previous = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        try:
            os.tcsetpgrp(terminal, os.getpgrp())
            yield
        finally:
            with contextlib.suppress(OSError):
                os.tcsetpgrp(terminal, given_back)
            signal.signal(signal.SIGTTOU, previous)
    finally:
        os.close(terminal)


def installed() -> bool:
    """Whether ``.venv`` holds an install newer than the project's dependencies."""
    wanted = (ROOT / "pyproject.toml").stat().st_mtime
    return any(stamp.exists() and stamp.stat().st_mtime >= wanted for stamp in STAMPS)


#: The first pip that installs into another environment (``pip --python``).
_PIP_OUTSIDE = (22, 3)


def _runs(python: Path, module: str) -> bool:
    """Whether ``python`` has ``module`` (its ``--version`` answers)."""
    try:
        return subprocess.run([str(python), "-m", module, "--version"], capture_output=True,
                              stdin=subprocess.DEVNULL, check=False).returncode == 0
    except OSError:
        return False


def outside_pip(python: Path) -> list[str] | None:
    """This Python's own pip installing into ``python``'s environment, when it can (pip 22.3 and later):
    the course's ``.venv`` is then made without a pip of its own (pip with its bytecode is 17 MB, and
    Python 3.11's venv brings setuptools, 10 MB more, with it), which nothing of the course runs; the
    Makefile's installs give ``.venv`` a pip (ensurepip) when they need one. None for a Python without
    pip or with an older one: ``.venv`` then gets its own, as before."""
    try:
        said = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, check=False)
    except OSError:
        return None
    version = re.match(r"pip (\d+)\.(\d+)", said.stdout)
    if said.returncode != 0 or version is None or (int(version[1]), int(version[2])) < _PIP_OUTSIDE:
        return None
    return [sys.executable, "-m", "pip", "--python", str(python)]


#: pip's lines that mean a package was found (a download, a wheel in the cache, a local file).
_FOUND = re.compile(r"^(Collecting|Processing|Requirement already satisfied:) ")
_INSTALLING = re.compile(r"^Installing collected packages: (.*)$")


def cache_folder(environ: dict[str, str] | os._Environ[str]) -> Path:
    """The course's cache folder, where ``platformdirs.user_cache_dir("cribbage-course")`` puts it for the
    course's statistics tables and JupyterLab's settings (``XDG_CACHE_HOME`` or ``~/.cache`` on Linux,
    ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows): platformdirs is not installed yet."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "cribbage-course"
    if os.name == "nt":
        local = environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(local) / "cribbage-course" / "Cache"
    return Path(environ.get("XDG_CACHE_HOME", "").strip() or Path.home() / ".cache") / "cribbage-course"


#: Where the wheelhouses are kept (a test points it elsewhere).
WHEELS = cache_folder(os.environ) / "wheels"
#: The file a wheelhouse gets once an install from it alone has succeeded.
COMPLETE = "complete"


def requirements(pyproject: Path) -> list[str] | None:
    """What an install of the course needs, as ``pyproject.toml`` says: its build's requirements and its
    runtime's (not the extras). None on Python 3.10, whose standard library cannot read TOML: the
    course is then installed from the index each time."""
    if sys.version_info >= (3, 11):
        import tomllib

        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        return [*project["build-system"]["requires"], *project["project"].get("dependencies", [])]
    return None


def wheelhouse(wanted: Sequence[str]) -> Path:
    """The folder of the wheels pip chose for ``wanted`` on this Python and platform: a new folder when
    the project asks for other packages (the old one is removed once the new one has installed)."""
    key = "\n".join([sys.implementation.cache_tag or "", sysconfig.get_platform(), *wanted])
    return WHEELS / hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


class _Pip:
    """pip's runs of one install: each one's output into the log, its progress on the learner's line."""

    def __init__(self, words: Words, line: Line, log: IO[str]) -> None:
        self.words, self.line, self.log = words, line, log
        self.found = 0   # the most packages one run has found so far: a second run counts them again

    def __call__(self, command: Sequence[str]) -> bool:
        found = 0
        self.line.progress(self.words("install.finding", n=self.found))
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PIP_NO_INPUT": "1"}
        self.log.write(f"$ {' '.join(command)}\n")
        self.log.flush()
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                              env=env, text=True, encoding="utf-8", errors="replace") as process:
            assert process.stdout is not None
            for said in process.stdout:
                self.log.write(said)
                if _FOUND.match(said):
                    found += 1
                    self.found = max(self.found, found)
                    self.line.progress(self.words("install.finding", n=self.found))
                elif match := _INSTALLING.match(said):
                    count = len(match.group(1).split(", "))
                    self.line.progress(self.words("install.installing", n=count))
        return process.returncode == 0


def _from_wheelhouse(run: _Pip, pip: Sequence[str], install: Sequence[str]) -> bool | None:
    """The course installed from its wheelhouse, filled from the index the first time (``pip wheel``:
    pip's choice, kept), so that a later install (a fresh clone, a new ``.venv``) asks the index nothing:
    with pip's cache warm, pip's questions to the index were most of an install's time. True or False
    as it went; None where there is no wheelhouse (Python 3.10)."""
    wanted = requirements(ROOT / "pyproject.toml")
    if wanted is None:
        return None
    wheels = wheelhouse(wanted)
    offline = [*install, "--no-index", "--find-links", str(wheels)]
    if (wheels / COMPLETE).exists() and run(offline):
        return True
    # The first install on this machine, or the wheelhouse lacks something: pip chooses with the index.
    wheels.mkdir(parents=True, exist_ok=True)
    filled = run([*pip, "wheel", "--progress-bar", "off", "--find-links", str(wheels), "--wheel-dir", str(wheels),
                  *wanted])
    if not (filled and run(offline)):
        return False
    (wheels / COMPLETE).write_text("\n".join(wanted) + "\n", encoding="utf-8")
    for other in WHEELS.iterdir():   # an older project's wheels
        if other != wheels:
            shutil.rmtree(other, ignore_errors=True)
    return True


def install(words: Words, line: Line, log_path: Path, *, pip: Sequence[str] | None = None,
            stamp: Path = STAMPS[0]) -> bool:
    """The course's runtime into ``.venv``, pip's output into ``log_path``, then ``stamp`` touched; True
    when installed. ``pip`` is the whole command that installs (by default the course's wheelhouse, else
    the index, :func:`_from_wheelhouse`; a test gives its own)."""
    started = time.monotonic()
    line.say(words("install.start"))
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w", encoding="utf-8") as log:
        run = _Pip(words, line, log)
        made_here, outside = False, None
        done: bool | None
        if pip is not None:
            done = run(pip)
        else:
            python = VENV / "bin" / "python"
            outside = outside_pip(python)
            if not python.exists():
                made_here = True
                line.progress(words("install.venv"))
                made = subprocess.run([sys.executable, "-m", "venv", *(["--without-pip"] if outside else []), str(VENV)],
                                      stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, check=False)
                if made.returncode != 0:
                    line.say(words("install.failed", path=log_path))
                    return False
            if outside is None and not _runs(python, "pip"):
                # A .venv a course made without pip, and this Python's pip gone since: the standard library's.
                subprocess.run([str(python), "-m", "ensurepip"], stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, check=False)
            command = [*(outside or [str(python), "-m", "pip"])]
            editable = [*command, "install", "--no-compile", "--progress-bar", "off", "-e", str(ROOT)]
            done = _from_wheelhouse(run, command, editable)
            if done is None:
                done = run(editable)
        if not done:
            line.say(words("install.failed", path=log_path))
            return False
        if made_here and outside is None:
            # Python 3.11's venv brings setuptools (9 MB), which nothing of the course runs: pip builds the
            # project in an environment of its own (build isolation), as Python 3.12's venv assumes.
            subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "uninstall", "--yes", "setuptools"], stdout=log,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, check=False)
    stamp.touch()
    line.say(words("install.done", seconds=round(time.monotonic() - started)))
    line.say(words("install.log", path=log_path))
    return True


#: The address JupyterLab's server logs (with its token), the first one on this machine.
_ADDRESS = re.compile(r"https?://(?:localhost|127\.0\.0\.1)(?::\d+)?/\S*")


def _address(log_path: Path) -> str | None:
    """The first address in JupyterLab's log, its query made whole: jupyter_server adds ``?token=...`` to
    a start address that has a query of its own (the course's ``/cribbage/open?path=...``), and the
    token, read as part of the path, would land a learner who follows the address on the login page."""
    with contextlib.suppress(OSError):
        if match := _ADDRESS.search(log_path.read_text(encoding="utf-8", errors="replace")):
            page, asks, query = match.group(0).partition("?")
            return page + asks + query.replace("?", "&")
    return None


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True   # an answer, even a refusal: the server serves
    except OSError:
        return False


def open_course(words: Words, line: Line, log_path: Path, command: Sequence[str]) -> int:
    """Run ``command`` (``cribbage course ... -- --log log_path``) and say JupyterLab's address once it
    answers; on Ctrl-C (which JupyterLab gets too), wait for it to close. Returns the status to end with."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_text("", encoding="utf-8")
    process = subprocess.Popen(command)
    try:
        url = None
        while process.poll() is None and url is None:
            # JupyterLab says nothing here but in its log: the address is read there, then asked.
            found = _address(log_path)
            if found is not None and _answers(found):
                url = found
            else:
                time.sleep(0.2)
        if url is not None:
            line.say(words("lab.ready", url=url))
            line.say(words("lab.log", path=log_path))   # cribbage course has said Ctrl-C closes it
        code = process.wait()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # a second Ctrl-C reaches JupyterLab only
        line.say(words("lab.closing"))
        process.wait()
        line.say(words("lab.closed"))
        return 0
    if code != 0 and code != 128 + signal.SIGINT:
        line.say(words("lab.failed", path=log_path))
        return code
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``make course``: install when needed, then open the course. Arguments after ``--`` go to JupyterLab."""
    parser = argparse.ArgumentParser(prog="tools/course.py", add_help=False)
    parser.add_argument("--dir")
    options, lab_options = parser.parse_known_args(argv)
    lab_options = [option for option in lab_options if option != "--"]
    words = Words(language_of(os.environ))
    line = Line(sys.stdout)
    with foreground():
        try:
            if not installed() and not install(words, line, LOGS / "install.log"):
                return 1
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            line.say(words("install.interrupted"))
            return 0
        lab_log = LOGS / "jupyterlab.log"
        command = [str(VENV / "bin" / "cribbage"), "course", *(["--dir", options.dir] if options.dir else []),
                   "--", "--log", str(lab_log), *lab_options]
        return open_course(words, line, lab_log, command)


if __name__ == "__main__":
    sys.exit(main())

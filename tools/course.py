"""``make course``: a learner's install of the course, and the course opened, in the learner's language.

Run by the Makefile with the system's Python before anything of the project is installed, so it needs
nothing but the standard library. It

- installs the course's runtime into ``.venv`` (``pip install -e .``: the course and what it runs, not
  the test, lint, browser or hub tools of the extras) when neither a course install nor a developer's
  (``make test``'s ``.venv/.installed``) is newer than ``pyproject.toml``; pip compiles nothing: a module
  is compiled the first time it is imported, only the ones the course imports (the measurements are in
  the branch's report to issue 48); ``.venv`` is made without a pip of its own, this Python's pip
  installing into it (:func:`outside_pip`), as nothing of the course runs pip
  (``benchmarks/learner_install.py`` measures the first ``make course``);
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
import importlib.util
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
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


def _registry(name: str) -> ModuleType:
    """The course's registry ``cribbage/registry/<name>.py``, loaded by its path (standard library only)."""
    path = ROOT / "cribbage" / "registry" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_course_registry_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up while the classes are made
    spec.loader.exec_module(module)
    return module


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


def install(words: Words, line: Line, log_path: Path, *, pip: Sequence[str] | None = None,
            stamp: Path = STAMPS[0]) -> bool:
    """The course's runtime into ``.venv``, pip's output into ``log_path``, then ``stamp`` touched; True
    when installed. ``pip`` is the command that installs (the venv's pip by default; a test gives its own)."""
    started = time.monotonic()
    line.say(words("install.start"))
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w", encoding="utf-8") as log:
        made_here = False
        if pip is None:
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
            pip = [*(outside or [str(python), "-m", "pip"]), "install", "--no-compile", "--progress-bar", "off",
                   "-e", str(ROOT)]
        found = 0
        line.progress(words("install.finding", n=found))
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PIP_NO_INPUT": "1"}
        with subprocess.Popen(pip, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                              env=env, text=True, encoding="utf-8", errors="replace") as process:
            assert process.stdout is not None
            for said in process.stdout:
                log.write(said)
                if _FOUND.match(said):
                    found += 1
                    line.progress(words("install.finding", n=found))
                elif match := _INSTALLING.match(said):
                    count = len(match.group(1).split(", "))
                    line.progress(words("install.installing", n=count))
        if process.returncode != 0:
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
    with contextlib.suppress(OSError):
        if match := _ADDRESS.search(log_path.read_text(encoding="utf-8", errors="replace")):
            return match.group(0)
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

"""The ``cribbage`` command never ends in a traceback: every subcommand is run with its input closed
(``<&-``), its output closed (``>&-``), no ``HOME``, ``LANG=C``, a progress path under a home folder
that does not exist, Ctrl-C while it starts, and each kind of bad argument. Each run must end with a
status and, where something was wrong, one line from the catalogue (in Spanish and Portuguese too).

The command is run as a learner runs it: the installed ``cribbage`` script when there is one, else
``python -m cribbage.cli``, through ``sh`` so that its streams can really be closed.

Ctrl-C is sent from 50 ms after the ``cribbage`` package is imported (a line on stderr says so) and at
several moments after, while the command loads the engine; and to the installed script from the
moment its launcher (``cribbage_command.py``, outside the package) is in, while ``import cribbage``
itself runs. Not covered, honestly: a SIGINT during Python's own start-up, before the launcher runs.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import cribbage.cli  # noqa: F401  (the command line's words join the catalogue)
from cribbage.lang.messages import message, render

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = shutil.which("cribbage", path=str(Path(sys.executable).parent))
COMMAND = [SCRIPT] if SCRIPT else [sys.executable, "-m", "cribbage.cli"]

SUBCOMMANDS = {
    "score": ["score", "5H", "5D", "6H", "7S", "8C"],
    "score crib": ["score", "--crib", "5H", "5D", "6H", "7S", "8C"],
    "discard": ["discard", "5H", "5D", "6H", "7S", "8C", "9D", "--dealer"],
    "play": ["play", "--seed", "3", "--level", "beginner"],
    "progress where": ["progress", "where"],
    "progress report": ["progress", "report", "no-such-file.sqlite3"],
    "help": ["--help"],
}
BAD_ARGUMENTS = {
    "no command": [],
    "unknown command": ["deal"],
    "four cards": ["score", "5H", "5D", "6H", "7S"],
    "not a card": ["score", "5H", "5D", "6H", "7S", "5X"],
    "surrogate card": ["score", "5H", "5D", "6H", "7S", "\udcff"],
    "duplicate": ["discard", "5H", "5H", "6H", "7S", "8C", "9D"],
    "bad level": ["play", "--level", "grandmaster"],
    "bad target": ["play", "--target", "100"],
    "bad seed": ["play", "--seed", "x" * 5000],
    "huge seed": ["play", "--seed", "9" * 5000],
    "unknown option": ["score", "--frobnicate", "5H", "5D", "6H", "7S", "8C"],
    "bad lang": ["--lang", "xx", "score", "5H"],
    "progress nothing": ["progress"],
    "report dir": ["progress", "report", "/"],
    # Names in bytes that are not UTF-8 (the shell passes them as they are), an unknown user's folder,
    # an option no command has.
    "report file not UTF-8": ["progress", "report", os.fsdecode(b"\xff.sqlite3")],
    "csv not UTF-8": ["progress", "report", "x.sqlite3", "--csv", os.fsdecode(b"\xff.csv")],
    "course folder not UTF-8": ["course", "--dir", os.fsdecode(b"/tmp/\xff")],
    "course folder of no user": ["course", "--dir", "~nosuchuser-cribbage/c"],
    "unknown option alone": ["--frob"],
}


def environment(**changes: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LANG", "LC_"))}
    env.update(LANG="C.UTF-8", CRIBBAGE_PROGRESS=str(Path("/tmp") / "cribbage-cli-robust"), PYTHONPATH=str(ROOT))
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run(arguments: list[str], *, close: str = "", env: dict[str, str] | None = None,
        stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """The command with ``arguments``; ``close`` is ``"<&-"``, ``">&-"`` or both, done by sh."""
    shell = ["sh", "-c", f'exec "$@" {close}', "sh", *COMMAND, *arguments]
    feed: dict[str, object] = {"stdin": subprocess.DEVNULL} if "<&-" in close else {"input": stdin}
    return subprocess.run(shell, capture_output=True, env=env or environment(), timeout=120, cwd="/tmp",
                          check=False, **feed)  # type: ignore[call-overload]


def no_traceback(done: subprocess.CompletedProcess[bytes], what: str, *, interrupted: bool = False) -> None:
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    assert "Traceback" not in said, f"{what}: a traceback\n{said[-2000:]}"
    # Interrupted: a goodbye (130) or, when the Ctrl-C came after the work was done, the work's own status.
    statuses = (0, 130) if interrupted else (0, 1, 2, 130, 141)
    assert done.returncode in statuses, f"{what}: status {done.returncode}\n{said[-1000:]}"


def each(runs: dict[str, tuple[list[str], str, dict[str, str] | None]]) -> None:
    """Run every case (a few at a time: each starts Python and the engine) and check them all."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = {name: pool.submit(run, arguments, close=close, env=env)
                for name, (arguments, close, env) in runs.items()}
    failures = []
    for name, future in done.items():
        try:
            no_traceback(future.result(), name)
        except AssertionError as err:
            failures.append(str(err))
    assert failures == []


# --- each defect once (the fast layer) -------------------------------------------------------------

def test_closed_output_says_so_in_one_line_without_a_traceback() -> None:
    done = run(SUBCOMMANDS["score"], close=">&-")
    no_traceback(done, "score >&-")
    assert done.returncode == 1
    line = render(message("cli.output_failed", reason=message("cli.output_closed")), "en")
    assert done.stderr.decode().strip() == f"cribbage: {line}"


@pytest.mark.parametrize("language, locale", [("es", "es_ES.UTF-8"), ("pt", "pt_BR.UTF-8")])
def test_closed_output_is_said_in_the_learners_language(language: str, locale: str) -> None:
    done = run(SUBCOMMANDS["score"], close=">&-", env=environment(LANG=locale))
    line = render(message("cli.output_failed", reason=message("cli.output_closed")), language)
    assert done.stderr.decode().strip() == f"cribbage: {line}"
    assert line != render(message("cli.output_failed", reason=message("cli.output_closed")), "en")


def test_closed_input_ends_the_game_with_a_goodbye() -> None:
    done = run(SUBCOMMANDS["play"], close="<&-")
    no_traceback(done, "play <&-")
    assert done.returncode == 0
    assert done.stdout.decode().rstrip().endswith(render(message("terminal.bye"), "en"))


def test_input_that_is_not_utf8_on_a_strict_terminal_is_not_understood_and_the_game_goes_on() -> None:
    """``printf '\\xff\\n' | cribbage play`` with ``PYTHONIOENCODING=utf-8`` (strict, as a UTF-8 locale
    has it): the line is not understood, the game goes on to the next (once a UnicodeDecodeError lost it)."""
    done = run(SUBCOMMANDS["play"], stdin=b"\xff\nquit\n", env=environment(PYTHONIOENCODING="utf-8"))
    no_traceback(done, "play < \\xff")
    said = done.stdout.decode()
    assert done.returncode == 0 and '"\\377"' in said and said.rstrip().endswith(render(message("terminal.bye"), "en"))


def test_a_path_that_is_not_utf8_is_refused_escaped_on_a_strict_terminal() -> None:
    done = run(BAD_ARGUMENTS["report file not UTF-8"], env=environment(PYTHONIOENCODING="utf-8"))
    no_traceback(done, "progress report \\xff.sqlite3")
    assert done.returncode == 2 and b'"\\377.sqlite3"' in done.stderr


@pytest.mark.parametrize("home", [None, "~nosuchuser-cribbage/a"])
def test_no_home_folder_is_the_stores_message(home: str | None) -> None:
    env = environment(HOME=None, CRIBBAGE_PROGRESS=home)
    done = run(SUBCOMMANDS["progress where"], env=env)
    no_traceback(done, f"progress where, CRIBBAGE_PROGRESS={home}")
    if home is not None:
        assert done.returncode == 2
        assert done.stderr.decode().strip() == f"cribbage: {render(message('progress.no_home', path=home), 'en')}"


def _started_then_interrupted(delay: float) -> subprocess.CompletedProcess[bytes]:
    """SIGINT ``delay`` seconds after the ``cribbage`` package has been imported (before: see the docstring)."""
    # What the installed script does (``from cribbage.cli import main``), with a line once ``cribbage`` is in.
    code = ("import sys; sys.argv = ['cribbage', 'discard', '5H', '5D', '6H', '7S', '8C', '9D']; "
            "import cribbage; sys.stderr.write('imported\\n'); sys.stderr.flush(); "
            "from cribbage.cli import main; sys.exit(main())")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=environment(), cwd="/tmp")
    assert child.stderr is not None
    assert child.stderr.readline() == b"imported\n"
    time.sleep(delay)   # the moment of the Ctrl-C is what is tested: a sleep on purpose
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    return subprocess.CompletedProcess(child.args, child.returncode, out, b"imported\n" + err)


def _script_interrupted(delay: float) -> tuple[subprocess.CompletedProcess[bytes], list[str]]:
    """The installed ``cribbage`` script, SIGINT ``delay`` seconds after its launcher module is in, and the
    modules it had finished importing by then (Python's ``-X importtime`` lines, written as each ends).

    Timed from the launcher, not from the start: on a loaded machine Python's own start-up (before any
    code of ours runs, out of reach) can take longer than a tenth of a second."""
    assert SCRIPT is not None
    child = subprocess.Popen([SCRIPT, "discard", "5H", "5D", "6H", "7S", "8C", "9D"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=environment(PYTHONPROFILEIMPORTTIME="1"), cwd="/tmp")
    assert child.stderr is not None
    seen = []
    while not seen or seen[-1] != "cribbage_command":
        line = child.stderr.readline().decode("utf-8", "replace")
        assert line, f"the script ended before its launcher was imported (status {child.wait()})"
        if line.startswith("import time:") and line.count("|") == 2:
            seen.append(line.rsplit("|", 1)[1].strip())
    time.sleep(delay)   # the moment of the Ctrl-C is what is tested: a sleep on purpose
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    said, imported = [], list(seen)
    for line in err.decode("utf-8", "replace").splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            imported.append(line.rsplit("|", 1)[1].strip())
        else:
            said.append(line)
    return subprocess.CompletedProcess(child.args, child.returncode, out, "\n".join(said).encode()), imported


@pytest.mark.skipif(SCRIPT is None, reason="the cribbage script is not installed (pip install -e .)")
def test_ctrl_c_while_the_package_itself_loads_is_quiet() -> None:
    """Ctrl-C 0 to 0.3 s into the script, while ``import cribbage`` runs: status 130, no traceback
    (the script's launcher, ``cribbage_command``, handles SIGINT before it imports the package)."""
    during_import = 0
    for delay in (0.0, 0.1, 0.2, 0.3):
        done, imported = _script_interrupted(delay)
        no_traceback(done, f"Ctrl-C {delay}s after the launcher", interrupted=True)
        # 0 only when the advice was out in full: the Ctrl-C came as Python shut down, after the work.
        finished = b"best: " in done.stdout
        assert done.returncode == (0 if finished else 130), f"Ctrl-C {delay}s after the launcher: {done}"
        during_import += "cribbage" not in imported
    # At least one of them landed before the package had finished loading, the moment this is about.
    assert during_import, "every Ctrl-C came after `import cribbage` had finished: none tested the import"


def test_the_script_is_the_launcher() -> None:
    """The ``cribbage`` command starts at the launcher (pyproject's [project.scripts]), not in the package."""
    assert re.search(r'^cribbage = "cribbage_command:main"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"),
                     flags=re.M)
    installed = [script.value for script in entry_points(group="console_scripts", name="cribbage")]
    assert installed == ["cribbage_command:main"], f"the installed command starts at {installed}: pip install -e ."
    if SCRIPT is not None:
        assert "cribbage_command" in Path(SCRIPT).read_text(encoding="utf-8"), "reinstall: pip install -e ."


def test_ctrl_c_after_the_work_is_done_leaves_the_status_alone() -> None:
    """Python drops its handlers as it shuts down: a Ctrl-C after the answer once ended the command by
    the signal (status -2), as if cut short. Sent here the moment ``main`` returns, every time."""
    code = ("import os, signal, sys; sys.argv = ['cribbage', 'score', '5H', '5D', '5S', 'JC', '5C']; "
            "from cribbage.cli import main; status = main(); os.kill(os.getpid(), signal.SIGINT); "
            "sys.stderr.write('sent\\n'); sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=environment(), cwd="/tmp",
                          timeout=120, check=False)
    assert done.stderr == b"sent\n", done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0
    assert b"29" in done.stdout


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.5])
def test_ctrl_c_while_starting_says_goodbye_not_a_traceback(delay: float) -> None:
    done = _started_then_interrupted(delay)
    no_traceback(done, f"Ctrl-C {delay}s after import", interrupted=True)
    if done.returncode == 130:
        # Cut short anywhere: what was printed before the Ctrl-C (nothing, or the first lines of the
        # advice, as the machine's speed has it) then the goodbye, last; never half a line's mess.
        said = done.stdout.decode().strip()
        goodbye = render(message("cli.goodbye"), "en")
        assert said in ("", goodbye) or said.endswith("\n" + goodbye), said
        before = said[:-len(goodbye)].strip()
        assert _whole_advice().startswith(before), said


@functools.lru_cache(maxsize=1)
def _whole_advice() -> str:
    """What the interrupted command prints when it is left to finish."""
    done = subprocess.run([sys.executable, "-c", "import sys; sys.argv = ['cribbage', 'discard', '5H', '5D', '6H', "
                           "'7S', '8C', '9D']; from cribbage.cli import main; sys.exit(main())"],
                          capture_output=True, env=environment(), cwd="/tmp", timeout=120, check=True)
    return done.stdout.decode().strip()


# --- the whole sweep ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_every_subcommand_in_every_hostile_setting() -> None:
    settings = {
        "stdin closed": ("<&-", None),
        "stdout closed": (">&-", None),
        "both closed": ("<&- >&-", None),
        "no HOME, LANG=C": ("", environment(HOME=None, LANG="C")),
        "unknown home": ("", environment(CRIBBAGE_PROGRESS="~nosuchuser-cribbage/a")),
        "Spanish": ("<&-", environment(LANG="es_ES.UTF-8")),
        "Portuguese": (">&-", environment(LANGUAGE="pt")),
    }
    each({f"{name} / {setting}": (arguments, close, env)
          for name, arguments in SUBCOMMANDS.items() for setting, (close, env) in settings.items()})


@pytest.mark.slow
def test_every_bad_argument_is_one_line_and_status_2() -> None:
    runs = {name: (arguments, "", None) for name, arguments in BAD_ARGUMENTS.items()}
    runs |= {f"{name} (es)": (arguments, "", environment(LANG="es_ES.UTF-8")) for name, arguments in BAD_ARGUMENTS.items()}
    each(runs)
    for name in ("four cards", "not a card", "surrogate card", "bad level", "huge seed"):
        done = run(BAD_ARGUMENTS[name])
        assert done.returncode == 2, name
        assert done.stderr.decode("utf-8", "replace").startswith("cribbage: "), name


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.1, 0.3, 0.7, 1.0, 1.5])
def test_ctrl_c_at_any_moment_of_start_up(delay: float) -> None:
    no_traceback(_started_then_interrupted(delay), f"Ctrl-C {delay}s after import", interrupted=True)

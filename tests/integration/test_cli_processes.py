"""The ``cribbage`` command as a person runs it, in a process of its own: the installed script, a
terminal's Ctrl-C (pexpect), a pipe closed by ``head``, a full disk, an output without suit symbols,
and a traceback never shown. The command's words and answers, called in the test's own process, are
tests/test_cli.py's and tests/test_cli_i18n.py's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli_i18n import english_words


def _command_line() -> list[list[str]]:
    ways = [[sys.executable, "-m", "cribbage.cli"]]
    script = Path(sys.executable).with_name("cribbage")
    if script.exists():
        ways.append([str(script)])
    return ways


@pytest.mark.parametrize("command", _command_line(), ids=lambda c: Path(c[-1]).name)
def test_the_installed_command(command):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([*command, "score", "5H", "5D", "6H", "7S", "8C"], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "total: 12"
    bad = subprocess.run([*command, "score", "5H", "5D", "6H", "7S", "1H"], capture_output=True,
                         text=True, encoding="utf-8", env=env, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()] and "'1H'" in bad.stderr


# ------------------------------------------------------------------ the edges (issue 16)
def _cli(*argv: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    """The command as a person runs it, in a process of its own."""
    return subprocess.run([sys.executable, "-m", "cribbage.cli", *argv], env=env or dict(os.environ),
                          timeout=120, **kwargs)


def test_output_without_suit_symbols_falls_back_to_letters():
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    done = _cli("score", "5H", "5D", "6H", "7S", "8C", env=env, capture_output=True)
    assert done.returncode == 0, done.stderr.decode("cp1252", "replace")
    out = done.stdout.decode("cp1252")
    assert out.splitlines()[0].startswith("hand: 5H 5D 6H 7S   starter: 8C")
    assert out.splitlines()[-1] == "total: 12" and "?" not in out
    bad = _cli("score", "5H", "5D", "6H", "7S", "5H", env=env, capture_output=True)
    assert bad.returncode == 2
    assert bad.stderr.decode("cp1252").strip() == "cribbage: duplicate card: 5H appears twice"
    # The game too: its prompt shows the cards in letters.
    game = _cli("play", "--seed", "3", env=env, input=b"quit\n", capture_output=True)
    assert game.returncode == 0 and b"Traceback" not in game.stderr
    assert "Your cards: " in game.stdout.decode("cp1252") and "♥" not in game.stdout.decode("cp1252")


def _with_closed_pipe(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run with stdout a pipe that nobody reads any more (``| head`` after it has had enough)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _cli(*argv, input=stdin, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)


@pytest.mark.parametrize("argv, stdin", [
    (["score", "5H", "5D", "6H", "7S", "8C"], None),
    (["discard", "5H", "5D", "6H", "7S", "8C", "9D"], None),
    (["play", "--seed", "2"], b"hint\n" * 50),
])
def test_a_closed_pipe_ends_quietly(argv, stdin):
    done = _with_closed_pipe(*argv, stdin=stdin)
    assert done.stderr == b""
    assert done.returncode == 141  # 128 + SIGPIPE, as `yes | head` ends


def test_head_reads_two_lines_of_a_game_and_the_game_ends_quietly():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    shell = (f"yes hint | {sys.executable} -m cribbage.cli play --seed 2 | head -2; "
             "echo status ${PIPESTATUS[1]}")
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, env=env, timeout=120)
    assert done.stderr == ""
    assert done.stdout.splitlines()[-1] == "status 141"
    assert len(done.stdout.splitlines()) == 3


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_says_so_in_one_line():
    with open("/dev/full", "wb") as full:
        done = _cli("score", "5H", "5D", "6H", "7S", "8C", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert done.stderr.decode() == "cribbage: the output could not be written: no space is left on the disk\n"


pexpect = pytest.importorskip("pexpect")


def _game_in_a_terminal(*options: str):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", TERM="dumb")
    return pexpect.spawn(sys.executable, ["-m", "cribbage.cli", "play", *options], env=env,
                         encoding="utf-8", timeout=60)


def _reading_the_terminal(pid: int) -> bool:
    """Whether the process is blocked reading its standard input (Linux: /proc/PID/syscall is
    "0 0x0 ...", read(2) on file 0)."""
    fields = Path(f"/proc/{pid}/syscall").read_text().split()
    return fields[:2] == ["0", "0x0"]


def _bytes_read(pid: int) -> int:
    """How many bytes the process has read so far (Linux: rchar in /proc/PID/io)."""
    return int(Path(f"/proc/{pid}/io").read_text().split("rchar:")[1].split()[0])


def _until(check, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"the game never {what} in {timeout} s"
        time.sleep(0.002)   # nothing tells when a process blocks on its terminal: /proc is asked again


def _waits_for_the_person(child) -> None:
    """Until the game waits at its prompt. A Ctrl-C that comes after the prompt is written but before
    the game reads the terminal is not seen until the next key (the terminal throws away what was
    typed, and Python reads on): a person never presses it within that instant; a test on a loaded
    machine did, one run in 25."""
    _until(lambda: _reading_the_terminal(child.pid), "waited for the person")


def _ends_with_goodbye(child, *, pressed: bool = False) -> None:
    if not pressed:
        child.sendintr()  # Ctrl-C, as the terminal sends it
    child.expect(r"Stopped\. Bye\.\r?\n")
    rest = child.read()  # up to the end
    child.close()
    assert "Traceback" not in child.before + rest and "KeyboardInterrupt" not in child.before + rest
    assert rest.strip() == ""
    assert child.exitstatus == 130


def test_ctrl_c_at_the_discard_prompt_says_goodbye():
    child = _game_in_a_terminal("--seed", "5")
    child.expect("Lay away two")
    _waits_for_the_person(child)
    _ends_with_goodbye(child)


def test_ctrl_c_at_a_play_prompt_says_goodbye():
    child = _game_in_a_terminal("--seed", "5")
    child.expect(r"\(e\.g\. (\S+) (\S+)\)")
    child.sendline(f"{child.match.group(1)} {child.match.group(2)}")
    child.expect(r"Count \d+ \(")
    _waits_for_the_person(child)
    _ends_with_goodbye(child)


def test_ctrl_c_while_the_computer_thinks_says_goodbye():
    # Ctrl-C at the hint: the expert's advice takes a moment.
    child = _game_in_a_terminal("--seed", "5")
    child.expect("Lay away two")
    _waits_for_the_person(child)
    read = _bytes_read(child.pid)
    child.sendline("hint")
    _until(lambda: _bytes_read(child.pid) > read, "read the hint's line")
    # Held still while the terminal sends Ctrl-C: what it has written shows whether it was still
    # thinking (then the Ctrl-C is taken there) or had given the hint (then it is at its prompt again).
    os.kill(child.pid, signal.SIGSTOP)
    try:
        thinking = child.expect(["Hint: ", pexpect.TIMEOUT], timeout=0.3) == 1
        if thinking:
            child.sendintr()
    finally:
        os.kill(child.pid, signal.SIGCONT)
    if not thinking:
        _waits_for_the_person(child)
    _ends_with_goodbye(child, pressed=thinking)


@pytest.mark.parametrize("argv", [["--help"], ["frobnicate"], ["score", "--help"], ["play", "--seed", "x"],
                                  ["progress", "report", "--csv"], ["score", "5H", "5D", "6H", "7S", "1H"]])
def test_the_installed_command_never_shows_a_traceback(argv):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="pt_BR.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "cribbage.cli", *argv], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr
    if "--help" in argv:
        assert done.returncode == 0 and done.stdout.startswith("uso: cribbage") and done.stderr == ""
    else:
        assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert english_words(done.stdout + done.stderr) == [], done.stdout + done.stderr

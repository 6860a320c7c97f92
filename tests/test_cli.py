"""The ``cribbage`` command line: ``cribbage score`` prints the itemized count; bad input exits 2."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cribbage.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Call main() as the console script would: a return value or a SystemExit is the status."""
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def test_score_prints_every_item_and_the_total(capsys):
    status, out, err = run(capsys, "score", "5H", "5D", "6H", "7S", "8C")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("hand: 5♥ 5♦ 6♥ 7♠") and "starter: 8♣" in lines[0]
    assert lines[-1] == "total: 12"
    assert sum(1 for line in lines if line.split()[0] == "fifteen" and "7♠ 8♣" in line) == 1
    assert sum(1 for line in lines if line.split()[0] == "pair" and "5♥ 5♦" in line) == 1
    runs = [line for line in lines if line.split()[0] == "run"]
    assert len(runs) == 2 and all(line.rstrip().endswith("4") for line in runs)
    assert "fifteen two, a pair is four, a run of four is eight, and another run of four is twelve" in out


@pytest.mark.parametrize("argv", [
    ["score", "5h", "5d", "6h", "7s", "8c"],
    ["score", "5H5D6H7S8C"],
    ["score", "5♥", "5♦", "6♥", "7♠", "8♣"],
    ["score", "5H,5D,6H,7S,8C"],
])
def test_score_accepts_every_text_form(capsys, argv):
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert out.splitlines()[-1] == "total: 12"


def test_the_starter_is_the_last_card(capsys):
    # J of hearts in hand, 8 of hearts starter: nobs; the other way round it is no nobs
    status, out, _ = run(capsys, "score", "JH", "2C", "4D", "6S", "8H")
    assert status == 0 and out.splitlines()[-1] == "total: 1" and "nobs" in out
    status, out, _ = run(capsys, "score", "8H", "2C", "4D", "6S", "JH")
    assert status == 0 and out.splitlines()[-1] == "total: 0"


def test_crib_flush_rule(capsys):
    status, out, _ = run(capsys, "score", "2H", "4H", "6H", "8H", "KC")
    assert status == 0 and out.splitlines()[-1] == "total: 4" and out.startswith("hand:")
    status, out, _ = run(capsys, "score", "2H", "4H", "6H", "8H", "KC", "--crib")
    assert status == 0 and out.splitlines()[-1] == "total: 0" and out.startswith("crib:")
    status, out, _ = run(capsys, "score", "--crib", "2H", "4H", "6H", "8H", "KH")
    assert status == 0 and out.splitlines()[-1] == "total: 5"


@pytest.mark.parametrize("argv, says", [
    (["score", "5H", "5D", "6H", "7S", "8X"], "'8X'"),
    (["score", "5H", "5D", "6H", "7S", "5H"], "duplicate"),
    (["score", "5H", "5D", "6H", "7S"], "not 4"),
    (["score", "5H", "5D", "6H", "7S", "8C", "9C"], "not 6"),
    (["score", "<script>"], "<script>"),
    (["score", "5H" * 500], "characters"),
    (["score"], "required"),
    ([], "required"),
    (["score", "5H", "5D", "6H", "7S", "8C", "--bogus"], "--bogus"),
    (["frobnicate"], "frobnicate"),  # no such command
])
def test_bad_input_prints_one_line_and_exits_2(capsys, argv, says):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("cribbage: ")
    assert says in err


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


@pytest.mark.parametrize("argv, first", [
    (["score", "5H", "5D", "--crib", "6H", "7S", "8C"], "crib: 5♥ 5♦ 6♥ 7♠"),
    (["score", "5H", "5D", "6H", "7S", "8C", "--crib"], "crib: 5♥ 5♦ 6♥ 7♠"),
    (["score", "--crib", "5H", "5D", "6H", "7S", "8C"], "crib: 5♥ 5♦ 6♥ 7♠"),
    (["discard", "5H", "5D", "6H", "--dealer", "7S", "8C", "9D"], "six cards: 5♥ 5♦ 6♥ 7♠ 8♣ 9♦   (dealer"),
    (["discard", "5H", "5D", "--pone", "6H", "7S", "8C", "9D"], "six cards: 5♥ 5♦ 6♥ 7♠ 8♣ 9♦   (pone"),
])
def test_options_go_anywhere(capsys, argv, first):
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out.splitlines()[0].startswith(first)


@pytest.mark.parametrize("argv", [
    ["score", "5H", "5D", "6H", "7S", "8C", "--crib", "\x1b]0;pwned\x07"],    # a terminal-title escape
    ["score", "5H", "5D", "6H", "7S", "8C", "--\x1b[2J\nnext line"],          # clear screen, new line
    ["play", "--level", "\x1b]0;pwned\x07"],                                 # a bad choice
    ["play", "--seed", "1\r\x1b[31m"],                                        # a bad number
    ["\x1b]0;pwned\x07"],                                                     # no such command
])
def test_argument_errors_escape_control_characters(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("cribbage: ") and err.endswith("\n")
    assert len(err.splitlines()) == 1, err
    assert all(ch.isprintable() for ch in err.rstrip("\n")), repr(err)
    assert "\\x1b" in err  # shown, as the engine's own messages show what they were given


def test_a_long_unknown_argument_is_cut_as_the_engine_cuts_text(capsys):
    status, _, err = run(capsys, "score", "5H", "5D", "6H", "7S", "8C", "--" + "x" * 10_000)
    assert status == 2 and len(err) < 120 and "..." in err


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
    assert done.stderr.decode() == "cribbage: the output could not be written: No space left on device\n"


def test_the_new_sentences_are_in_every_language():
    from cribbage.lang.messages import LANGUAGES, message, render

    for key, values in [("cli.goodbye", {}), ("cli.output_failed", {"reason": "x"})]:
        said = {language: render(message(key, **values), language) for language in LANGUAGES}
        assert len(set(said.values())) == len(LANGUAGES), said


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
        time.sleep(0.002)


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


def _to_the_count(view) -> None:
    """Play a muggins game's first deal up to the person's first count."""
    from cribbage.rules.events import Phase

    game = view.game
    view.news()
    for _ in range(200):
        if game.phase is Phase.SHOW and view.prompt().startswith("Count your"):
            return
        if game.phase is Phase.DISCARD:
            hand = game.hand(0)
            view.answer(f"{hand[0].code} {hand[1].code}")
        elif game.phase is Phase.PLAY:
            if "type 'go'" in view.prompt():
                view.answer("go")
            else:
                for card in game.hand(0):
                    reply = view.answer(card.code)
                    if not (reply and reply[0].startswith("  ✗")):
                        break
        else:
            view.answer("")
    raise AssertionError("never reached the count")


@pytest.mark.parametrize("line", ["x" * 1_000_000, "9" * 1_000_000, "\x1b]0;pwned\x07" * 1000])
def test_the_count_prompt_cuts_a_huge_line(line):
    from cribbage.cli.terminal import TerminalGame

    view = TerminalGame(seed=4, muggins=True)
    _to_the_count(view)
    before = len(view.game.log)
    reply = view.answer(line)
    assert len(reply) == 1 and reply[0].startswith("  ✗ a count is a whole number of points")
    assert len(reply[0]) < 120 and "..." in reply[0]
    assert all(ch.isprintable() for ch in reply[0])
    assert len(view.game.log) == before and view.prompt().startswith("Count your")

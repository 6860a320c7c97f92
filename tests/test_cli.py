"""The ``cribbage`` command line: ``cribbage score`` prints the itemized count; bad input exits 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage.cli import main


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
    done = subprocess.run(command + ["score", "5H", "5D", "6H", "7S", "8C"], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "total: 12"
    bad = subprocess.run(command + ["score", "5H", "5D", "6H", "7S", "1H"], capture_output=True,
                         text=True, encoding="utf-8", env=env, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()] and "'1H'" in bad.stderr

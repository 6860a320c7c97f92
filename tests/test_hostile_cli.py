"""The command line never shows a traceback, whatever it is given: run in this process, as the
``cribbage`` script runs it, with hostile arguments, input and environments.

``main()`` is called with an argument list, a standard input of bytes and a standard output that is
strict UTF-8 (as a UTF-8 terminal with ``PYTHONIOENCODING=utf-8``) or ASCII; an exception other than
``SystemExit`` escaping it is a traceback. Every run ends with a status, and a refusal is one printable
line ``cribbage: ...``. JupyterLab is never started (``cribbage course`` would become it): the
launcher is replaced by a recorder, and the learner's folders are the test's own. First the cases the
issue names, then hypothesis (seeded: derandomised) draws whole command lines shaped as a person types
them with hostile values where values go, hostile input lines and a UTF-8 or ASCII output: 60 in the
fast layer (about 2 CPU-s), 1,500 in ``slow``. What needs a real process (a closed stream, Ctrl-C, the
shell's bytes on a strict terminal) is in ``tests/integration/test_cli_robust.py``.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hostile import command_lines, input_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cribbage.cli.course
from cribbage.cli.display import escaped
from cribbage.cli.main import main
from cribbage.lang.messages import LANGUAGES, message, render

STATUSES = (0, 1, 2, 130, 141)


@dataclass
class Ran:
    status: object
    out: str
    err: str
    labs: list[list[str]]


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``cli(argv, stdin=b"", encoding="utf-8")`` runs the command line here; the learner's home, documents
    and progress file are in the test's folder, and JupyterLab is recorded, not started."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    for name, value in {"HOME": str(home), "XDG_DOCUMENTS_DIR": str(home / "Documents"),
                        "XDG_DATA_HOME": str(home / "data"), "CRIBBAGE_PROGRESS": str(tmp_path / "progress"),
                        "LANG": "C.UTF-8"}.items():
        monkeypatch.setenv(name, value)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    labs: list[list[str]] = []
    monkeypatch.setattr(cribbage.cli.course, "start_lab", labs.append)

    def run(argv: list[str], *, stdin: bytes = b"", encoding: str = "utf-8") -> Ran:
        out, err = io.BytesIO(), io.BytesIO()
        streams = sys.stdin, sys.stdout, sys.stderr
        # Kept here too: a wrapper dropped closes its buffer, which is read after the streams are put back.
        ours = (io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
                io.TextIOWrapper(out, encoding=encoding, write_through=True),
                io.TextIOWrapper(err, encoding=encoding, write_through=True))
        sys.stdin, sys.stdout, sys.stderr = ours
        try:
            status: object = main(argv)
        except SystemExit as stop:
            status = stop.code
        except BaseException as error:  # what the script would show as a traceback
            raise AssertionError(f"cribbage {argv!r:.300}: a traceback, {error!r:.300}") from error
        finally:
            sys.stdin, sys.stdout, sys.stderr = streams
        done = Ran(status, out.getvalue().decode(encoding), err.getvalue().decode(encoding), list(labs))
        labs.clear()
        del ours
        return done

    return run


def one_line_refusal(ran: Ran) -> str:
    """The refusal's line: status 2, one printable line on stderr, short, nothing on stdout before it."""
    assert ran.status == 2, ran
    lines = ran.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cribbage: "), ran.err
    assert all(ch.isprintable() for ch in lines[0]), repr(lines[0])
    assert len(lines[0]) < 600, lines[0][:700]
    return lines[0]


# --- the cases the issue names --------------------------------------------------------------------------

FF = os.fsdecode(b"\xff")   # the byte 0xff of a name, as Python is given it


def test_a_report_file_named_in_bytes_that_are_not_utf8_is_refused_with_its_name_escaped(cli: Any) -> None:
    line = one_line_refusal(cli(["progress", "report", FF + ".sqlite3"]))
    assert '"\\377.sqlite3"' in line


def test_an_output_file_named_in_bytes_that_are_not_utf8_is_refused_before_anything_is_written(
        cli: Any, tmp_path: Path) -> None:
    for option in ("--csv", "--html", "--xlsx"):
        line = one_line_refusal(cli(["progress", "report", "x.sqlite3", option, FF + ".out"]))
        assert '"\\377.out"' in line
    assert not [p for p in os.listdir(os.fsencode(tmp_path)) if p.startswith(b"\xff")]


def test_where_shows_a_progress_path_that_is_not_utf8_escaped(cli: Any, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(tmp_path) + "/" + FF + "\x1b.sqlite3")
    done = cli(["progress", "where"])
    assert done.status == 0 and done.err == ""
    assert done.out.strip() == f'"{tmp_path}/\\377\\033.sqlite3"'


def test_a_course_folder_named_in_bytes_that_are_not_utf8_is_refused_before_the_copy(
        cli: Any, tmp_path: Path) -> None:
    line = one_line_refusal(cli(["course", "--dir", FF]))
    assert '"\\377"' in line
    assert not [p for p in os.listdir(os.fsencode(tmp_path)) if p.startswith(b"\xff")]


def test_a_course_folder_of_an_unknown_user_is_a_message(cli: Any) -> None:
    done = cli(["course", "--dir", "~nosuchuser-cribbage/c"])
    line = one_line_refusal(done)
    assert "~nosuchuser-cribbage/c" in line and done.labs == []


def test_input_that_is_not_utf8_is_not_understood_and_the_game_goes_on(cli: Any) -> None:
    done = cli(["play", "--seed", "3", "--level", "beginner"], stdin=b"\xff\n5H \xfe\nquit\n")
    assert done.status == 0, done
    refused = [line for line in done.out.splitlines() if "not understood" in line]
    assert len(refused) == 2 and '"\\377"' in refused[0] and '"5H \\376"' in refused[1], done.out
    assert done.out.rstrip().endswith(render(message("terminal.bye"), "en"))


@pytest.mark.parametrize("option", ["--frob", "--version", "-x"])
def test_an_unknown_option_is_named_not_a_missing_command(cli: Any, option: str) -> None:
    line = one_line_refusal(cli([option]))
    assert option in line and "required" not in line
    line = one_line_refusal(cli(["progress", option]))
    assert option in line


def test_a_missing_command_is_still_said(cli: Any) -> None:
    assert "required" in one_line_refusal(cli([]))
    assert "required" in one_line_refusal(cli(["progress"]))


@pytest.mark.parametrize("argv", [
    ["play", "--seed", "9" * 10_000],
    ["play", "--target", "9" * 4_000],
    ["play", "--level", "x" * 10_000],
    ["--lang", "x" * 10_000, "score", "5H"],
    ["progress", "report", "x", "--language", "y" * 5_000],
])
def test_a_long_value_is_shortened_when_it_is_echoed(cli: Any, argv: list[str]) -> None:
    line = one_line_refusal(cli(argv))
    assert len(line) < 160 and "..." in line


def test_escaped_writes_a_name_as_git_does() -> None:
    assert escaped("Lições/ana.sqlite3") == "Lições/ana.sqlite3"
    assert escaped(FF + ".sqlite3") == '"\\377.sqlite3"'
    assert escaped("a\nb\t\"c\\") == '"a\\nb\\t\\"c\\\\"'
    assert escaped("5\u200bH") == '"5\\342\\200\\213H"'     # zero-width space: its UTF-8 bytes
    assert escaped(Path("\x1b[31m")) == '"\\033[31m"'


def test_the_new_sentences_are_in_every_language() -> None:
    for key, values in [("cli.path.not_utf8", {"what": message("cli.path.what.file"), "path": '"\\377"'}),
                        ("cli.path.what.folder", {}), ("cli.path.no_home", {"path": "~x"}),
                        ("terminal.not_text", {"line": '"\\377"'})]:
        said = {language: render(message(key, **values), language) for language in LANGUAGES}
        assert len(set(said.values())) == len(LANGUAGES), said


# --- hypothesis: any command line, any input, a UTF-8 or an ASCII output ------------------------------------

@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=command_lines(), stdin=input_lines(), encoding=st.sampled_from(["utf-8", "ascii"]))
def test_no_command_line_ends_in_a_traceback(cli: Any, argv: list[str], stdin: bytes, encoding: str) -> None:
    ends_well(cli(argv, stdin=stdin, encoding=encoding))


def ends_well(done: Ran) -> None:
    """A status, a refusal in one printable line, and no traceback anywhere."""
    assert done.status in STATUSES, done
    if done.status == 2:
        one_line_refusal(done)
    assert "Traceback" not in done.out + done.err


@pytest.mark.slow
@settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=command_lines(), stdin=input_lines(), encoding=st.sampled_from(["utf-8", "ascii"]))
def test_no_command_line_of_many_more_ends_in_a_traceback(cli: Any, argv: list[str], stdin: bytes,
                                                          encoding: str) -> None:
    ends_well(cli(argv, stdin=stdin, encoding=encoding))

"""The ``cribbage`` command line: ``cribbage score`` prints the itemized count; bad input exits 2."""

from __future__ import annotations

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


# ------------------------------------------------------------------ the edges (issue 16)
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


def test_the_new_sentences_are_in_every_language():
    from cribbage.lang.messages import LANGUAGES, message, render

    for key, values in [("cli.goodbye", {}), ("cli.output_failed", {"reason": "x"})]:
        said = {language: render(message(key, **values), language) for language in LANGUAGES}
        assert len(set(said.values())) == len(LANGUAGES), said


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

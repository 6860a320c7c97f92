"""The terminal game: whole games typed by a scripted person, bad input refused with the game unchanged."""

from __future__ import annotations

import pytest

from cribbage.ai.levels import player
from cribbage.cli import terminal
from cribbage.cli.main import main
from cribbage.cli.terminal import YOU, TerminalGame, run
from cribbage.rules.events import Phase


def _state(game):
    return (game.phase, game.to_act, game.scores, game.hand(0), game.hand(1), game.series, len(game.log))


def _good_answer(view: TerminalGame, me) -> str:
    """What a sensible person types now: the expert's choice, as text."""
    game = view.game
    if view._may_claim():
        return "muggins"
    if game.phase is Phase.DISCARD:
        return " ".join(card.code for card in me.discard(game, YOU))
    if game.phase is Phase.PLAY:
        card = me.play(game, YOU)
        return "go" if card is None else card.code
    if game.phase is Phase.SHOW:
        return str(me.count(game, YOU))
    return ""


BAD = ["5X", "", "hint", "2C 2C", "go", "99", "<script>", "ZZ ZZ", "-3", "AS AS AS"]


@pytest.mark.parametrize("muggins, target", [(False, 121), (True, 61)])
def test_a_whole_game_typed_with_bad_input_between_moves(muggins, target):
    view = TerminalGame(seed=11, level="standard", target=target, muggins=muggins)
    me = player("expert")
    out = view.news()
    assert any("Deal 1" in line for line in out)
    turns = 0
    while view.prompt():
        bad = BAD[turns % len(BAD)]
        before = _state(view.game)
        reply = view.answer(bad)
        # A refusal or a hint: a message, and the game exactly as it was.
        if bad != "" and not view._may_claim() and any(line.startswith(("  ✗", "Hint")) for line in reply):
            assert _state(view.game) == before
        out += view.answer(_good_answer(view, me))
        turns += 1
        assert turns < 2000
    assert view.game.is_over
    assert any("win" in line.lower() for line in out)


def test_every_refusal_names_what_was_wrong():
    view = TerminalGame(seed=2)
    view.news()
    assert view.answer("5X") == ["  ✗ not a card: '5X' (write cards like 5H, 10S, JD)"]
    held = view.game.hand(YOU)
    assert "appears twice" in view.answer(f"{held[0].code} {held[0].code}")[0]
    assert view.answer("hint")[0].startswith("Hint: lay away")


def test_run_reads_until_the_end_of_input_and_quits_cleanly():
    lines = iter(["hint", "quit"])
    said = []
    assert run(seed=3, ask=lambda prompt: next(lines), say=said.append) is None
    assert said[-1] == "Bye."
    said.clear()

    def eof(prompt):
        raise EOFError

    run(seed=3, ask=eof, say=said.append)
    assert said[-1] == "Bye."


def test_same_seed_same_game_in_the_terminal():
    assert TerminalGame(seed=9).news() == TerminalGame(seed=9).news()


def test_cli_discard_prints_the_ranked_table(capsys):
    assert main(["discard", "5H", "5D", "6H", "7S", "8C", "9D", "--dealer"]) == 0
    out = capsys.readouterr().out
    assert "your crib" in out and out.count("\n") >= 17
    assert "best: keep 6♥ 7♠ 8♣ 9♦, lay away 5♦ 5♥" in out


@pytest.mark.parametrize("args", [["discard", "5H", "5D", "6H", "7S", "8C"], ["discard", "5H", "5X", "6H", "7S", "8C", "9D"],
                                  ["play", "--target", "100"], ["play", "--level", "godlike"]])
def test_cli_bad_input_is_one_line_and_status_2(args, capsys):
    try:
        status = main(args)
    except SystemExit as exit_:
        status = exit_.code
    assert status == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_short_count_is_offered_to_claim_even_before_the_computers_crib():
    """Muggins mode: the beginner forgets his nobs; the person is asked before the game goes on, also
    when the computer deals and its crib is still to be counted (claimed or let go, then play on)."""
    me = player("expert")
    offers = set()
    for seed in range(1, 30):
        view = TerminalGame(seed=seed, level="beginner", target=61, muggins=True)
        view.news()
        while view.prompt():
            if view._may_claim():
                assert view.prompt().startswith("The computer counted short")
                offers.add(view.game.counting)
                before = view.game.scores[YOU]
                claim = len(offers) % 2 == 1
                view.answer("muggins" if claim else "")
                assert (view.game.scores[YOU] > before) == claim
                assert not view._may_claim()
            else:
                view.answer(_good_answer(view, me))
        if "crib" in offers:
            break
    assert "crib" in offers, "a short hand count by the computer dealer was offered to claim"


def test_the_review_is_printed_at_the_end_of_the_game_and_when_the_person_stops(monkeypatch):
    me = player("standard")
    made: list[TerminalGame] = []

    class Recorded(TerminalGame):
        def __init__(self, **options):
            super().__init__(**options)
            made.append(self)

    monkeypatch.setattr(terminal, "TerminalGame", Recorded)
    said: list[str] = []
    run(seed=4, level="expert", target=61, ask=lambda prompt: _good_answer(made[0], me), say=said.append)
    assert made[0].game.is_over
    start = said.index("The review of your game:")
    assert said[start + 1].startswith("  choices judged: ") and "points given up" in said[start + 1]
    assert said[start - 1:] == made[0].review() and 3 <= len(said) - start <= 6  # the review comes last
    # Stopped mid-game, in Spanish: what was played is reviewed before the goodbye.
    view = TerminalGame(seed=4, target=61, language="es")
    view.news()
    for _ in range(3):
        view.answer(_good_answer(view, me))
    out = view.answer("salir")
    assert out[1] == "La revisión de lo que se jugó:" and out[2].startswith("  decisiones revisadas: ")
    assert out[-1] == view.say("terminal.bye")
    # Before any choice there is nothing to review.
    view = TerminalGame(seed=4)
    view.news()
    assert view.answer("quit") == [view.say("terminal.bye")]

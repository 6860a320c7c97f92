"""Three and four at the table in a terminal (``cribbage play --players 3`` and ``4``): whole games typed
by a scripted person with bad input between moves, refused in words with the game unchanged."""

from __future__ import annotations

import pytest

from cribbage import CribbageError
from cribbage.cli.main import main
from cribbage.cli.table_terminal import TableTerminal, run_table
from cribbage.multiplayer import SeatView, table_player
from cribbage.rules.events import Phase


def _state(game):
    return (game.phase, game.to_act, game.scores, [game.hand(s) for s in range(game.players)], len(game.log))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("language", ["en", "es", "pt"])
def test_a_whole_game_typed_with_bad_input_between_moves(players, language):
    view = TableTerminal(players=players, seed=f"typed/{players}", language=language)
    me = table_player("standard")
    seat = SeatView(view.game, 0)
    assert view.welcome() and view.news()
    for _ in range(800):
        question = view.prompt()
        if not question:
            break
        game = view.game
        before = _state(game)
        for bad in ("5X", "banana", "\x00") if game.phase is not Phase.DEAL_OVER else ("\x00",):
            said = view.answer(bad)
            assert said and said[0].startswith("  ✗ ") and _state(game) == before
        if game.phase is Phase.DEAL_OVER:
            reply = ""
        elif game.phase is Phase.DISCARD:
            reply = " ".join(card.code for card in me.lay_away(seat))
        else:
            card = me.play(seat)
            reply = "go" if card is None else card.code
        view.answer(reply)
    game = view.game
    assert game.phase is Phase.OVER and max(game.scores) == 121 and view.prompt() == ""


def test_run_table_quits_on_quit_and_at_the_end_of_input():
    said: list[str] = []
    replies = iter(["quit"])
    assert run_table(players=3, seed=2, ask=lambda _prompt: next(replies), say=said.append) is None
    assert said[-1] == "Bye."
    said.clear()

    def eof(_prompt):
        raise EOFError

    assert run_table(players=4, seed=2, ask=eof, say=said.append) is None and said[-1] == "Bye."


def test_the_command_line_seats_three_and_four(monkeypatch, capsys):
    replies = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(replies))
    assert main(["play", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Cribbage for three" in out and "Deal 1" in out
    replies = iter(["quit"])
    assert main(["--lang", "pt", "play", "--players", "4", "--seed", "4"]) == 0
    assert "Cribbage para quatro" in capsys.readouterr().out


@pytest.mark.parametrize("options", [["--muggins"], ["--level", "beginner"], ["--seats", "human,human"]])
def test_two_player_options_are_refused_for_three(options, capsys):
    assert main(["play", "--players", "3", *options]) != 0
    assert "are for two players" in capsys.readouterr().err


def test_five_players_is_refused_by_the_command_line(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--players", "5"])
    assert "5" in capsys.readouterr().err


def test_a_table_game_refuses_what_makes_no_game():
    with pytest.raises(CribbageError, match="121 or 61, not 100"):
        TableTerminal(players=3, target=100)

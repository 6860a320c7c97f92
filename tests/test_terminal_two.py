"""``cribbage play --seats human,human``: two people at one terminal, a deal typed from a script on stdin.

The script is worked out beside the terminal on a game of the same seed (the engine's own), so the
scores the terminal prints are checked against the engine's; bad lines typed between moves must
change nothing, or the two games would part. What stays on the screen when it is passed (after the
last scroll) never shows the hand of the one who just played."""

from __future__ import annotations

import io
import re

import pytest

from cribbage.ai.levels import player
from cribbage.cli import terminal
from cribbage.cli.main import main
from cribbage.cli.terminal import TerminalGame
from cribbage.rules.actions import Count, Discard, Go, Play
from cribbage.rules.events import Phase
from cribbage.rules.game import Game

SEED = 23
BAD = ["5X", "AS AS AS", "99 bottles", "\x00"]


def _script(game: Game, *, muggins: bool) -> tuple[list[str], list[int]]:
    """The lines two sensible people type for the first deal of ``game`` (played on it as they go),
    and after each line the seat whose screen it is; a bad line before every move."""
    me = player("standard")
    lines: list[str] = []
    seats: list[int] = []
    revealed = None
    turn = 0
    while game.phase is not Phase.DEAL_OVER and not game.is_over:
        if game.phase is Phase.DISCARD:
            seat = next(s for s in (game.pone, game.dealer) if not game.discards(s))
        else:
            seat = game.to_act
        if game.phase in (Phase.DISCARD, Phase.PLAY) and seat != revealed:
            lines.append("")          # pass the screen: the next person presses Enter
            seats.append(seat)
            revealed = seat
        lines.append(BAD[turn % len(BAD)])
        seats.append(seat)
        turn += 1
        if game.phase is Phase.DISCARD:
            away = me.discard(game, seat)
            lines.append(" ".join(card.code for card in away))
            game.apply(Discard(seat, tuple(away)))
        elif game.phase is Phase.PLAY:
            card = me.play(game, seat)
            lines.append("go" if card is None else card.code)
            game.apply(Go(seat) if card is None else Play(seat, card))
        else:  # the show, in muggins mode: each counts their own, and the other checks
            points = me.count(game, seat)
            lines.append(str(points))
            game.apply(Count(seat, points))
            seats.append(seat)
            lines.append("")          # the other lets the count stand
        seats.append(seat)
    return lines, seats


@pytest.mark.parametrize("muggins", [False, True])
def test_a_whole_deal_typed_by_two_people_on_stdin(monkeypatch, capsys, muggins: bool) -> None:
    shadow = Game(SEED, muggins=muggins)
    lines, _ = _script(shadow, muggins=muggins)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    argv = ["play", "--seats", "human,human", "--seed", str(SEED), "--lang", "en"] + (["--muggins"] if muggins else [])
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("Bye.")        # the script ends at the next deal's question
    assert "Press Enter for the next deal:" in out
    # The scores as the engine counted them, on the board line the terminal printed last.
    boards = re.findall(r"Player 1 (\d+) \(back peg \d+\)  ·  Player 2 (\d+)", out)
    assert tuple(map(int, boards[-1])) == shadow.scores
    # Every bad line was refused, by name, and changed nothing (else the script would have parted).
    assert out.count("  ✗ ") == len(lines) - lines.count("") - len([x for x in lines if x and x not in BAD])
    assert "not a card: '5X'" in out
    # Each person is asked for the screen before their hand is shown.
    passes = re.findall(r"Pass the screen to (Player [12])\. ", out)
    assert len(passes) == lines.count("") - (3 if muggins else 0) and len(passes) >= 4
    # Once they stop, each person's review under their name (no hand is private any more).
    reviews = re.findall(r"^(Player [12]) · The review of what was played:$", out, re.MULTILINE)
    assert reviews == ["Player 1", "Player 2"], reviews


def test_what_is_left_on_screen_when_it_is_passed_shows_no_hand(monkeypatch) -> None:
    shadow = Game(SEED)
    script = iter(_script(shadow, muggins=False)[0])
    made: list[TerminalGame] = []

    class Watched(TerminalGame):
        def __init__(self, **options) -> None:
            super().__init__(**options)
            made.append(self)

    monkeypatch.setattr(terminal, "TerminalGame", Watched)
    screen: list[str] = []
    passes = 0

    def ask(question: str) -> str:
        nonlocal passes
        if question.startswith("Pass the screen to"):
            passes += 1
            # Left on the screen: everything since the last scroll. No private card of either person.
            shown = "\n".join(screen).split("\n" * 30)[-1]
            game = made[0].game
            for seat in (0, 1):
                private = game.hand(seat) + game.discards(seat)
                assert not any(str(card) in shown for card in private), (seat, shown)
        screen.append(question)
        line = next(script, None)
        if line is None:
            raise EOFError
        return line

    terminal.run(seed=SEED, seats=("human", "human"), language="en", ask=ask, say=screen.append)
    assert made[0].game.phase is Phase.DEAL_OVER and made[0].game.scores == shadow.scores and passes >= 4


def test_seats_the_command_line_does_not_offer_are_refused(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--seats", "computer,computer", "--lang", "en"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'human,computer'" in err and "'human,human'" in err
    with pytest.raises(ValueError, match="the seats are human,computer, human,human, not"):
        TerminalGame(seats=("computer", "human"))

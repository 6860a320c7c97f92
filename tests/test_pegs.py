"""The pegs have one rule, in cribbage.rules.pegboard: a game's pegs are its score events replayed, and a
board on its own moves and refuses exactly as the rules say."""

from __future__ import annotations

import pytest

from cribbage import CribbageError, Game, player
from cribbage.ai.driver import Driver
from cribbage.ai.levels import play_game
from cribbage.lang.messages import render
from cribbage.rules.pegboard import START, Pegboard, PegError, PegRule, advance, pegs_after
from cribbage.rules.replay import play_steps


def test_advance_leapfrogs_and_stops_in_the_game_hole():
    assert advance((0, 0), 5) == (5, 0)
    assert advance((5, 0), 7) == (12, 5)
    assert advance((118, 110), 6) == (121, 118)
    assert advance((58, 50), 6, target=61) == (61, 58)
    assert advance((12, 5), 0) == (12, 5)                  # no points, no move


@pytest.mark.parametrize("seed, target", [(1, 121), (2, 121), (3, 61), (4, 61)])
def test_a_games_pegs_are_its_score_events_replayed(seed, target):
    game = play_game([player("standard"), player("standard")], seed=seed, target=target, scores=(seed, 0))
    assert game.is_over
    assert game.pegs == pegs_after(game.events, start_scores=game.start_scores, target=target)
    assert game.pegs[game.winner][0] == target


def test_a_game_from_a_later_deal_replays_from_its_back_pegs():
    # The end of a game with a history (stop 5's close finish): the pegs leapfrog from the back pegs
    # given, and its deals are numbered from the deal it began at.
    game = Game(5, dealer=0, scores=(98, 104), back_pegs=(90, 97), deal_number=9)
    Driver(game, {0: player("standard"), 1: player("standard", seed=1)}).advance()
    assert game.is_over and game.start_deal == 9
    assert game.pegs == pegs_after(game.events, start_pegs=game.start_pegs, target=121)
    assert pegs_after([], start_pegs=game.start_pegs) == ((98, 90), (104, 97))
    assert pegs_after([], start_scores=game.start_scores) == ((98, 0), (104, 0))   # no back pegs known
    assert [step.kind for step in play_steps(game, 9)][:1] == ["play"]
    with pytest.raises(CribbageError):
        play_steps(game, 8)   # before this game began


def test_a_board_refuses_by_rule_and_changes_nothing():
    board = Pegboard()
    board.peg(1, 12)
    for change, args, rule in [
        (board.set_scores, (3, 10), PegRule.BACKWARDS), (board.peg, (2, 3), PegRule.BAD_PLAYER),
        (board.peg, (0, 30), PegRule.BAD_POINTS), (board.peg, (0, True), PegRule.BAD_POINTS),
        (board.set_pegs, (((10, 12), (0, 0)),), PegRule.BACK_AHEAD),
        (board.set_pegs, (((121, 100), (121, 99)),), PegRule.TWO_WINNERS),
        (board.set_scores, (122, 12), PegRule.BAD_HOLE), (board.set_pegs, ("junk",), PegRule.BAD_HOLE),
    ]:
        with pytest.raises(PegError) as refused:
            change(*args)
        assert refused.value.rule is rule and isinstance(refused.value, CribbageError)
        assert board.pegs == ((0, 0), (12, 0))
    error = PegError(PegRule.BACKWARDS, player=1, front=12, value=3)
    assert str(error) == "Pegs only move forward: Player 1 is on 12, not 3."
    assert render(error.message, "es", names={1: "Ana"}) == "Las clavijas solo avanzan: Ana está en 12, no 3."
    assert render(error.message, "pt").startswith("Os pinos só avançam: O jogador 1 está em 12")
    assert not board.can_peg(0, 0) and board.can_peg(0, 29) and board.can_set_scores(0, 12)


def test_the_game_is_over_once_a_peg_is_in_the_game_hole():
    board = Pegboard(target=61)
    board.set_pegs(((58, 50), (30, 22)))
    board.peg(0, 6)
    assert board.pegs == ((61, 58), (30, 22)) and board.winner == 0
    with pytest.raises(PegError) as refused:
        board.peg(1, 2)
    assert refused.value.rule is PegRule.OVER
    board.reset()
    assert board.pegs == START and board.winner is None


def test_a_board_is_to_121_or_61():
    with pytest.raises(CribbageError):
        Pegboard(target=100)

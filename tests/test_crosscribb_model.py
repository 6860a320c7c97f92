"""The CrossCribb board's model, played without ipywidgets: moves, the computer seats, the replay,
refusals that change nothing, muggins, and the warning that a round can end the game."""

from __future__ import annotations

import pytest

from cribbage.crosscribb import CrossCribbError, CrossCribbPhase, Discarded, Placed, Refusal
from widgets.crosscribb.model import BoardRefusal, CrossCribbBoardModel

PLAY, COUNT = CrossCribbPhase.PLAY, CrossCribbPhase.COUNT


def _fill(model: CrossCribbBoardModel) -> None:
    """The learner fills the board: the first open square each turn, the crib when forced."""
    while model.game.phase is PLAY:
        if model.offered_squares():
            model.place(sorted(model.offered_squares())[0])
        else:
            model.lay_away()


def _state(model: CrossCribbBoardModel) -> tuple:
    game = model.game
    return (game.log, game.scores, game.phase, game.to_act, game.turned, model.step, model.shown())


def test_the_computer_moves_between_the_learners_turns() -> None:
    model = CrossCribbBoardModel(players=4, seat=0, level="random", seed=3)
    game = model.game
    while game.phase is PLAY:
        assert game.to_act == 0 and model.is_my_turn()
        if model.offered_squares():
            assert model.offered_squares() == frozenset(game.open_squares())
            model.place(sorted(model.offered_squares())[0])
        else:
            assert game.must_discard and model.can_lay_away()
            model.lay_away()
        others = [r for r in model.last_advance.records if isinstance(r, (Placed, Discarded))]
        assert all(r.seat != 0 for r in others)
    assert game.phase is CrossCribbPhase.ROUND_OVER and not model.is_my_turn()


def test_refusals_change_nothing() -> None:
    model = CrossCribbBoardModel(players=2, seat=0, level="random", seed=2)
    for where, reason in [((2, 2), Refusal.CENTRE), ((9, 9), Refusal.NOT_A_SQUARE), ("A1", Refusal.NOT_A_SQUARE)]:
        before = _state(model)
        with pytest.raises(CrossCribbError) as raised:
            model.place(where)
        assert raised.value.reason is reason and _state(model) == before
    model.place(model.game.open_squares()[0])
    model.step_back()
    before = _state(model)
    with pytest.raises(BoardRefusal) as screen:
        model.place(model.game.open_squares()[0])
    assert screen.value.key == "xc.err.replaying" and _state(model) == before
    model.replay_end()
    with pytest.raises(BoardRefusal):
        model.step_forward()
    with pytest.raises(CrossCribbError) as raised:
        model.next_round()
    assert raised.value.reason is Refusal.STILL_PLAYING


def test_muggins_with_the_computer_the_learner_counts_and_answers() -> None:
    model = CrossCribbBoardModel(players=2, seat=0, level="expected", seed=5, muggins=True)
    game = model.game
    _fill(model)
    assert game.phase is COUNT and model.is_my_turn()
    missed = 0
    while game.phase is COUNT:
        answer = game.awaiting_answer
        if answer is not None:
            assert answer.side == 1 and answer.missed == 0   # the computer counts truly
            model.accept_count()
        else:
            assert game.counting_side == 0
            holds = game.holds(game.counting)
            model.announce(max(0, holds - 2))
            missed += min(holds, 2)
    # The computer claimed every point the learner missed.
    assert game.last_round.muggins == (0, missed)


def test_the_model_reports_when_the_round_can_end_the_game() -> None:
    model = CrossCribbBoardModel(players=2, seat=0, level="random", seed=1, target=5)
    assert model.ending_sides() == (0, 1)


def test_a_learner_partnered_with_the_computer_counts_for_the_side() -> None:
    # Seat 3 partners seat 1 (the rows); the engine names seat 1 to count, but the person decides.
    model = CrossCribbBoardModel(players=4, seat=3, level="random", seed=2, muggins=True)
    game = model.game
    _fill(model)
    counted = answered = 0
    while game.phase is COUNT:
        assert model.is_my_turn()
        if game.awaiting_answer is not None:
            assert game.awaiting_answer.side == 0
            model.accept_count()
            answered += 1
        else:
            assert game.counting_side == 1
            model.announce(game.holds(game.counting))
            counted += 1
    assert counted == 5 + (game.dealer_side == 1) and answered == 5 + (game.dealer_side == 0)

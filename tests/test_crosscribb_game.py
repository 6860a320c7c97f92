"""CrossCribbGame's conventions (read-only state, verify/can/act trios, copy and undo, refusals that
change nothing), muggins (the rule book's CrossCribb muggins option, seed 003), the driver, and what a round can do to
the game."""

from __future__ import annotations

import random

import pytest

from cribbage import CribbageError, IllegalActionError
from cribbage.crosscribb import (
    LINES,
    AcceptCount,
    Announce,
    Announced,
    ClaimMuggins,
    CountAccepted,
    CrossCribbDriver,
    CrossCribbError,
    CrossCribbGame,
    CrossCribbPhase,
    CrossCribbResult,
    Discard,
    Discarded,
    ExpectedValuePlayer,
    GameWon,
    MugginsClaimed,
    Place,
    Placed,
    RandomPlayer,
    RecordKind,
    Refusal,
    count_truly,
    crosscribb_finish,
    crosscribb_game_value,
    play_crosscribb_game,
    play_round,
)
from cribbage.rules.result import Finish

PLAY, COUNT, ROUND_OVER, OVER = (CrossCribbPhase.PLAY, CrossCribbPhase.COUNT, CrossCribbPhase.ROUND_OVER,
                                 CrossCribbPhase.OVER)


def full_state(game: CrossCribbGame) -> tuple:
    """Everything a player or a view can read of a game, hidden cards included."""
    seats = range(game.players)
    return (game.players, game.seed, game.target, game.muggins, game.scores, game.log, game.rounds,
            game.round_number, game.result, game.phase, game.dealer, game.starter, game.his_heels, game.to_act,
            game.turned, game.must_discard, game.board, game.crib, game.crib_size, game.is_over, game.winner,
            game.counting, game.counting_side, game.awaiting_answer, game.history_length,
            tuple(game.pile_size(s) for s in seats), tuple(game.owes(s) for s in seats),
            tuple(game.squares_left(s) for s in seats), tuple(game.discards(s) for s in seats),
            tuple(tuple(game.unseen(s)) for s in seats), game.running_totals(), tuple(game.legal_actions()),
            game.round_could_end_game())


def _bad_actions(game: CrossCribbGame) -> list:
    """Actions that must be refused now: wrong seats, taken squares, the centre, the wrong phase..."""
    seat = game.to_act if game.to_act is not None else 0
    other = (seat + 1) % game.players
    taken = [sq for sq in ((r, c) for r in range(5) for c in range(5)) if game.at(sq) is not None]
    out = [("place", (other, game.open_squares()[0] if game.open_squares() else (0, 0))),
           ("place", (seat, (2, 2))), ("place", (seat, taken[-1])), ("place", (seat, (5, 5))),
           ("place", (seat, "A1")), ("place", (7, (0, 0))), ("place", (True, (0, 0))),
           ("discard", (other,)), ("discard", (seat, "ZZ")), ("announce", (seat, 1)), ("claim_muggins", (other,)),
           ("accept_count", (other,))]
    if game.phase is PLAY:
        out.append(("next_round", ()))
    if game.turned is not None:
        wrong = next(card for card in game.unseen(seat) if card != game.turned)
        out.append(("place", (seat, game.open_squares()[0] if game.open_squares() else (0, 0), wrong)))
    if game.to_act is not None and game.phase is PLAY and game.owes(seat) == 0:
        out.append(("discard", (seat,)))
    if game.to_act is not None and game.must_discard:
        out.append(("place", (seat, (game.open_squares() or [(0, 0)])[0])))
    return out


def _refused(game: CrossCribbGame, name: str, args: tuple) -> bool:
    """Check the trio on one action; True if it was refused (and then nothing changed)."""
    verify, can, act = (getattr(game, f"verify_{name}"), getattr(game, f"can_{name}"), getattr(game, name))
    try:
        verify(*args)
    except CrossCribbError as error:
        assert isinstance(error.reason, Refusal) and str(error)
        before = full_state(game)
        assert can(*args) is False
        with pytest.raises(CrossCribbError) as raised:
            act(*args)
        assert raised.value.reason is error.reason
        assert full_state(game) == before, (name, args)
        return True
    assert can(*args) is True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("players, muggins", [(2, False), (3, True), (4, False), (4, True)])
def test_every_refusal_leaves_the_whole_state_as_it_was(players: int, muggins: bool) -> None:
    game = CrossCribbGame(players, seed=players * 10 + muggins, muggins=muggins)
    rng = random.Random(players)
    refused = set()
    steps = 0
    while not game.is_over and steps < 120:
        # Every third position is enough to meet each phase and each kind of refusal.
        for name, args in _bad_actions(game) if steps % 3 == 0 or game.phase is not PLAY else ():
            if _refused(game, name, args):
                refused.add(name)
        actions = game.legal_actions()
        assert actions and all(game.can_apply(action) for action in actions)
        record = game.apply(rng.choice(actions))
        assert record in game.log and game.history_length == steps + 1
        steps += 1
    assert refused >= {"place", "discard", "announce", "claim_muggins", "accept_count", "next_round"}


def test_state_is_read_only() -> None:
    game = CrossCribbGame(2, seed=1)
    for name in ("scores", "log", "rounds", "phase", "dealer", "starter", "players", "target", "result", "to_act",
                 "round_number", "muggins", "seed", "his_heels"):
        with pytest.raises(AttributeError):
            setattr(game, name, None)
    assert isinstance(game.log, tuple) and isinstance(game.scores, tuple) and isinstance(game.rounds, tuple)


def test_each_action_returns_the_frozen_record_it_logged() -> None:
    game = CrossCribbGame(2, seed=5, muggins=True)
    placed = game.place(game.to_act, game.open_squares()[0])
    assert isinstance(placed, Placed) and placed in game.log and placed.kind is RecordKind.PLACED
    with pytest.raises(AttributeError):
        placed.card = None  # type: ignore[misc]
    laid = game.discard(game.to_act)
    assert isinstance(laid, Discarded) and laid in game.log and laid.kind is RecordKind.LAID_AWAY
    assert all(isinstance(record.kind, RecordKind) for record in game.log)


def test_undo_takes_back_each_action_to_the_very_start() -> None:
    game = CrossCribbGame(3, seed=8, muggins=True)
    states = [full_state(game)]
    rng = random.Random(0)
    while game.round_number < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        states.append(full_state(game))
    assert game.history_length == len(states) - 1
    twin = game.copy()
    for state in reversed(states[:-1]):
        game.undo()
        # full_state includes history_length, which falls by one with each undo.
        assert full_state(game) == state
    assert not game.can_undo()
    with pytest.raises(CrossCribbError) as raised:
        game.undo()
    assert raised.value.reason is Refusal.NOTHING_TO_UNDO
    # The copy kept its own history and state.
    assert full_state(twin) == states[-1]


def test_copy_is_independent() -> None:
    game = CrossCribbGame(4, seed=3)
    twin = game.copy()
    twin.place(twin.to_act, twin.open_squares()[0])
    assert len(twin.open_squares()) == 23 and len(game.open_squares()) == 24 and game.history_length == 0


def test_errors_are_cribbage_errors() -> None:
    game = CrossCribbGame(2, seed=1)
    with pytest.raises(CribbageError):
        game.place(game.to_act, (2, 2))
    assert issubclass(CrossCribbError, IllegalActionError)
    with pytest.raises(CrossCribbError) as raised:
        CrossCribbGame(5)
    assert raised.value.reason is Refusal.PLAYERS and raised.value.message.values == {"players": 5}
    with pytest.raises(CrossCribbError) as raised:
        game.apply("place")  # type: ignore[arg-type]
    assert raised.value.reason is Refusal.NOT_AN_ACTION


# What a game is worth ----------------------------------------------------------------------------

def test_the_finish_is_derived_in_one_place() -> None:
    assert [crosscribb_finish(m) for m in (1, 15, 16, 30, 31, 60)] == [
        Finish.WIN, Finish.WIN, Finish.SKUNK, Finish.SKUNK, Finish.DOUBLE_SKUNK, Finish.DOUBLE_SKUNK]
    # The same finishes as cribbage's (one name for one idea), worth 1, 2 and 3 games.
    assert [crosscribb_game_value(m) for m in (15, 30, 31)] == [1, 2, 3]
    assert crosscribb_game_value(16) == 2
    result = CrossCribbResult.of((12, 43))
    assert (result.winner, result.margin, result.games, result.finish) == (1, 31, 3, Finish.DOUBLE_SKUNK)
    assert result.kind == "double skunk"
    for bad in (0, -3, 2.5, True):
        with pytest.raises(CribbageError):
            crosscribb_finish(bad)  # type: ignore[arg-type]


# Muggins ------------------------------------------------------------------------------------------

def _fill_board(game: CrossCribbGame) -> None:
    players = {s: RandomPlayer(s) for s in range(game.players)}
    while game.phase is PLAY:
        game.apply(players[game.to_act].choose(game))


def test_muggins_off_counts_the_round_by_itself_and_refuses_counts() -> None:
    game = CrossCribbGame(2, seed=4)
    _fill_board(game)
    assert game.phase in (ROUND_OVER, OVER)
    with pytest.raises(CrossCribbError) as raised:
        game.announce(0, 3)
    assert raised.value.reason is Refusal.MUGGINS_OFF


def test_muggins_each_side_announces_and_the_other_claims_what_it_missed() -> None:
    game = CrossCribbGame(2, seed=4, muggins=True)
    _fill_board(game)
    assert game.phase is COUNT and game.scores == (0, 0) and not game.rounds
    dealer_side = game.dealer_side
    # The side that did not deal counts first, line by line; the dealer's side ends with the crib.
    order = []
    missed = {0: 0, 1: 0}
    said = {0: 0, 1: 0}
    while game.phase is COUNT:
        line, side = game.counting, game.counting_side
        order.append((line, side))
        seat = game.to_act
        assert game.side_of(seat) == side
        holds = game.holds(line)
        # Over-counting is refused: "more than this line holds".
        with pytest.raises(CrossCribbError) as raised:
            game.announce(seat, holds + 1)
        assert raised.value.reason is Refusal.OVER_COUNT
        points = holds - 1 if holds and side == 0 else holds
        record = game.announce(seat, points)
        assert isinstance(record, Announced) and record.missed == holds - points
        said[side] += points
        answerer = game.to_act
        assert game.side_of(answerer) == 1 - side
        with pytest.raises(CrossCribbError) as raised:
            game.announce(seat, 0)
        assert raised.value.reason is Refusal.ANSWER_FIRST
        if record.missed:
            claim = game.claim_muggins(answerer)
            assert isinstance(claim, MugginsClaimed) and claim.points == 1 and claim.side == 1 - side
            missed[1 - side] += 1
        else:
            assert not game.can_claim_muggins(answerer)
            assert isinstance(game.accept_count(answerer), CountAccepted)
    assert [side for _line, side in order] == [1 - dealer_side] * 5 + [dealer_side] * 6
    assert order[-1][0] is None and {line for line, _ in order[:-1]} == set(LINES)
    result = game.last_round
    heels = {dealer_side: result.his_heels, 1 - dealer_side: 0}
    # The difference is taken after the claims.
    assert result.announced == (said[0], said[1]) and result.muggins == (missed[0], missed[1])
    assert result.totals == tuple(said[s] + missed[s] + heels[s] for s in (0, 1))
    assert missed[1] > 0
    winner = result.winner
    assert result.points == abs(result.totals[0] - result.totals[1]) and game.scores[winner] == result.points


def test_muggins_claim_refused_on_a_full_count_and_a_missed_point_accepted_is_lost() -> None:
    game = CrossCribbGame(4, seed=9, muggins=True)
    _fill_board(game)
    lost = 0
    while game.phase is COUNT:
        seat = game.to_act
        holds = game.holds(game.counting)
        game.announce(seat, holds - 1 if holds else 0)
        answerer = game.to_act
        if holds:
            lost += 1
            game.accept_count(answerer)       # not noticed: the point is lost to both sides
        else:
            with pytest.raises(CrossCribbError) as raised:
                game.claim_muggins(answerer)
            assert raised.value.reason is Refusal.NOTHING_MISSED
            game.accept_count(answerer)
    result = game.last_round
    assert result.muggins == (0, 0)
    full = sum(line.total for line in result.rows + result.columns) + result.crib.total + result.his_heels
    assert sum(result.totals) == full - lost


def test_computer_players_count_truly_and_claim_every_miss() -> None:
    game = play_crosscribb_game([ExpectedValuePlayer(0), RandomPlayer(1)], seed=12, muggins=True)
    assert game.is_over
    for result in game.rounds:
        full = [result.lines_total(s) + (result.crib.total if s == result.dealer_side else 0) for s in (0, 1)]
        # The expected player (side 0) counts truly; the random one may not, and loses what it misses.
        assert result.announced[0] == full[0]
        assert result.announced[1] <= full[1] and result.muggins[0] == full[1] - result.announced[1]


def test_count_truly_is_what_an_honest_counter_does() -> None:
    game = CrossCribbGame(2, seed=2, muggins=True)
    _fill_board(game)
    action = count_truly(game)
    assert action == Announce(game.to_act, game.holds(game.counting))
    game.apply(Announce(game.to_act, 0))
    holds = game.awaiting_answer.holds
    assert count_truly(game) == (ClaimMuggins(game.to_act) if holds else AcceptCount(game.to_act))


# The driver --------------------------------------------------------------------------------------

def test_the_driver_stops_at_the_persons_decision_and_reports_what_happened() -> None:
    game = CrossCribbGame(4, seed=7)
    computers = {s: RandomPlayer(s) for s in (1, 2, 3)}
    driver = CrossCribbDriver(game, computers)
    while game.phase is PLAY:
        start = len(game.log)
        step = driver.advance()
        assert step.records == game.log[start:]
        if game.phase is not PLAY:
            break
        assert step.waiting_for == game.to_act == 0 and driver.waiting_for == 0
        assert all(r.seat != 0 for r in step.records if isinstance(r, (Placed, Discarded)))
        game.apply(next(a for a in game.legal_actions() if isinstance(a, (Place, Discard))))
    assert driver.advance().waiting_for is None and game.phase in (ROUND_OVER, OVER)
    assert driver.advance().records == ()  # between rounds it waits for the view to deal


def test_the_driver_with_deal_plays_a_whole_game() -> None:
    game = CrossCribbGame(2, seed=21)
    step = CrossCribbDriver(game, {0: RandomPlayer(0), 1: RandomPlayer(1)}, deal=True).advance()
    assert game.is_over and step.phase is OVER and step.waiting_for is None
    assert isinstance(step.records[-1], GameWon) and step.records[-1].result == game.result


def test_play_round_and_play_game_use_the_driver() -> None:
    a = CrossCribbGame(3, seed=6)
    play_round(a, [RandomPlayer(s) for s in range(3)])
    b = CrossCribbGame(3, seed=6)
    CrossCribbDriver(b, {s: RandomPlayer(s) for s in range(3)}).advance()
    assert a.log == b.log
    with pytest.raises(CribbageError):
        CrossCribbDriver(a, {5: RandomPlayer(0)})


# A round that can end the game ------------------------------------------------------------------

def test_the_round_can_end_the_game_while_a_side_can_still_reach_the_target() -> None:
    game = CrossCribbGame(2, seed=4)
    # With 31 to go and a whole board to fill, either side may take the game in one round.
    assert game.round_could_end_game() == (0, 1) and game.points_to_win(0) == 31
    _fill_board(game)
    assert game.round_could_end_game() == ()   # counted: nothing more can happen in this round


def _best_for(game: CrossCribbGame, side: int) -> bool:
    """Oracle: play the count out on a copy as well as it can go for ``side`` (it counts truly and
    claims everything; the other side announces nothing) and see whether ``side`` takes the game."""
    twin = game.copy()
    while twin.phase is COUNT:
        seat = twin.to_act
        answer = twin.awaiting_answer
        if answer is not None:
            twin.claim_muggins(seat) if answer.missed and twin.side_of(seat) == side else twin.accept_count(seat)
        else:
            twin.announce(seat, twin.holds(twin.counting) if twin.side_of(seat) == side else 0)
    return twin.scores[side] >= twin.target


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_with_muggins_the_reckoning_is_exact_through_the_count(seed: int) -> None:
    game = CrossCribbGame(2, seed=seed, target=10 + seed * 4, muggins=True)
    _fill_board(game)
    rng = random.Random(seed)
    while game.phase is COUNT:
        assert game.round_could_end_game() == tuple(side for side in (0, 1) if _best_for(game, side))
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.slow
def test_the_reckoning_never_misses_a_round_that_ended_the_game() -> None:
    ruled_out = 0
    for seed in range(40):
        game = CrossCribbGame(2, seed=seed, target=12)
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        while not game.is_over:
            if game.phase is ROUND_OVER:
                game.next_round()
            sides_each_move = []
            while game.phase is PLAY:
                sides_each_move.append(game.round_could_end_game())
                game.apply(players[game.to_act].choose(game))
            ruled_out += sum(len(sides) < 2 for sides in sides_each_move)
        # The winner was flagged at every move of the deciding round.
        assert all(game.winner in sides for sides in sides_each_move)
    # And it is not always "yes": late in a round a side far from the target is ruled out.
    assert ruled_out > 0


# Messages ----------------------------------------------------------------------------------------

def test_every_refusal_and_log_record_speaks_in_three_languages() -> None:
    from cribbage.lang.messages import CATALOGUE, LANGUAGES, placeholders, render
    for reason in Refusal:
        entry = CATALOGUE[f"crosscribb.err.{reason.value}"]
        assert set(entry) == set(LANGUAGES)
        assert placeholders(entry["en"]) == placeholders(entry["es"]) == placeholders(entry["pt"]), reason
    for key, entry in CATALOGUE.items():
        if key.startswith("crosscribb."):
            assert placeholders(entry["en"]) == placeholders(entry["es"]) == placeholders(entry["pt"]), key
    game = play_crosscribb_game([RandomPlayer(0), RandomPlayer(1), RandomPlayer(2)], seed=5, muggins=True)
    kinds = set()
    for record in game.log:
        kinds.add(record.kind)
        said = {language: render(record.message, language) for language in LANGUAGES}
        assert str(record) == said["en"] and "player 0" not in said["en"]
        assert said["es"] != said["en"] or record.kind is RecordKind.TURNED
    assert kinds == set(RecordKind)


def test_a_refusal_carries_its_message_and_str_is_english() -> None:
    from cribbage.lang.messages import render
    game = CrossCribbGame(2, seed=1)
    game.place(game.to_act, (0, 0))
    with pytest.raises(CrossCribbError) as raised:
        game.place(game.to_act, (0, 0))
    error = raised.value
    assert error.message.key == "crosscribb.err.occupied" and error.reason is Refusal.OCCUPIED
    assert str(error) == f"row 1, column 1 is taken by {game.at((0, 0))}"
    assert render(error.message, "es") == f"en fila 1, columna 1 ya está {game.at((0, 0))}"
    assert render(error.message, "pt") == f"em fileira 1, coluna 1 já está {game.at((0, 0))}"
    with pytest.raises(CrossCribbError) as raised:
        game.place(game.to_act, "B7")
    assert str(raised.value).startswith("'B7' is not a square")

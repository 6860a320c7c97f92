"""Self-play: seeded games, the same records on any executor, averages that add up."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from cribbage import CribbageError
from cribbage.ai.levels import player
from cribbage.ai.simulate import DEAL_PARTS, deal_parts, simulate


@pytest.fixture(scope="module")
def run():
    return simulate(40, [player("standard"), player("beginner")], seed=3, progress=False, batch_size=7)


@pytest.mark.slow
def test_same_seed_same_games_on_any_executor_and_batch(run):
    with ThreadPoolExecutor(2) as pool:
        again = simulate(40, [player("standard"), player("beginner")], seed=3, progress=False,
                         executor=pool, batch_size=11)
    assert again.records == run.records
    other = simulate(40, [player("standard"), player("beginner")], seed=4, progress=False)
    assert other.records != run.records


def test_every_game_is_finished_and_valued_by_the_rules(run):
    assert run.n_games == 40
    for record in run.records:
        assert record.scores[record.winner] >= 121 > record.scores[1 - record.winner]
        loser = record.scores[1 - record.winner]
        assert record.games == (1 if loser >= 91 else 2 if loser >= 61 else 3)
        assert record.first_dealer in (0, 1)


def test_seats_swap_so_each_player_deals_first_about_half_the_time(run):
    firsts = [r.first_dealer for r in run.records]
    assert 10 <= sum(firsts) <= 30


def test_deal_parts_add_up_to_the_points_of_complete_deals():
    from cribbage.ai.levels import play_game
    game = play_game([player("expert"), player("expert")], seed="parts")
    rows = deal_parts(game)
    complete = {e.deal for e in game.events if e.kind == "crib"}
    assert len(rows) == len(complete) >= 5
    for row, deal in zip(rows, sorted(complete)):
        # what each event was worth: the winning peg pegs only the holes left to the target
        assert sum(row) == sum(e.points if e.worth is None else e.worth for e in game.events if e.deal == deal)
        assert len(row) == len(DEAL_PARTS)


def test_summary_figures_are_consistent(run):
    per_deal = run.per_deal
    assert set(per_deal) == set(DEAL_PARTS)
    assert all(v >= 0 for v in per_deal.values())
    assert sum(run.win_rates) == pytest.approx(1.0)
    assert sum(run.skunk_rates.values()) == pytest.approx(1.0)
    assert sum(run.game_points) == sum(r.games for r in run.records)
    assert len(run.lengths) == 40 and run.lengths.min() >= 3
    assert "games" in run.summary()


def test_the_stronger_player_wins_more(run):
    assert run.win_rates[0] > 0.5


def test_muggins_and_short_games_pass_through():
    short = simulate(6, [player("expert"), player("beginner")], seed=1, progress=False, target=61, muggins=True)
    assert all(r.scores[r.winner] >= 61 > r.scores[1 - r.winner] for r in short.records)
    assert all(r.games in (1, 2) for r in short.records)


@pytest.mark.parametrize("n, players", [(-1, 2), (2.5, 2), (True, 2), (3, 1), (3, 3)])
def test_bad_arguments_are_refused(n, players):
    with pytest.raises(CribbageError):
        simulate(n, [player("beginner")] * players, seed=1, progress=False)


def test_a_crib_that_wins_the_game_counts_at_its_full_value():
    # The first seeded game in which the dealer pegs out on the last crib with points to spare (about
    # one game in eight; searched here, as which game it is follows the expert's play).
    from cribbage import hand_total
    from cribbage.ai.levels import play_game
    for i in range(100):
        game = play_game([player("expert"), player("expert")], seed=f"crib-out/{i}")
        last = [e for e in game.events if e.kind == "crib"][-1]
        if last.points < last.worth:
            break
    assert last.points < last.worth == hand_total(game.crib, game.starter, crib=True)
    rows = deal_parts(game)
    assert rows[-1][4] == last.worth
    assert sum(rows[-1]) > sum(e.points for e in game.events if e.deal == last.deal)


@pytest.mark.slow
def test_the_crib_average_is_not_lowered_by_games_won_on_the_crib():
    run = simulate(60, [player("expert"), player("expert")], seed="crib-bias", progress=False)
    from cribbage.ai.levels import play_game
    full = pegged = 0
    for record in run.records:
        seats = [player("expert"), player("expert")]
        game = play_game(seats, seed=record.seed)
        for event in game.events:
            if event.kind == "crib":
                full += event.worth if event.worth is not None else event.points
                pegged += event.points
    assert full > pegged  # some game in the run ended on a crib
    assert run.parts[:, 4].sum() == full

"""The driver: computer seats move, people decide; the reports tell every log entry once; play_game
is the same game as the loop it replaced; the replay of a deal's play matches the game as it went."""

from __future__ import annotations

import random

import pytest

from cribbage import CribbageError, Game, IllegalActionError
from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver, turns
from cribbage.ai.levels import play_game, player
from cribbage.ai.players import action_for
from cribbage.rules.actions import Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.events import Phase
from cribbage.rules.replay import PLAY_STEP_KINDS, play_steps
from cribbage.rules.show_scoring import hand_total

YOU, COMPUTER = 0, 1


def _old_play_game(players, seed, **options) -> Game:
    """The loop play_game used to be (claim muggins, start the next deal, else ask the seat to act),
    kept as the reference: driver.turns is that loop."""
    game = Game(seed, **options)
    for seat in turns(game):
        game.apply(action_for(players[seat], game, seat))
    return game


@pytest.mark.parametrize("seed, levels, options", [
    (1, ("expert", "beginner"), {}), (2, ("standard", "standard"), {"target": 61}),
    (3, ("beginner", "expert"), {"muggins": True, "target": 61}), ("x", ("beginner", "beginner"), {"muggins": True})])
def test_play_game_is_the_game_the_old_loop_played(seed, levels, options):
    new = play_game([player(levels[0], seed=5), player(levels[1], seed=6)], seed=seed, **options)
    old = _old_play_game([player(levels[0], seed=5), player(levels[1], seed=6)], seed, **options)
    assert new.log == old.log and new.result == old.result and new.is_over


def _person_move(game: Game, rng: random.Random, seat: int = YOU):
    """A random legal move for the person (counts short now and then, in muggins mode)."""
    if game.phase is Phase.SHOW:
        crib = game.counting == "crib"
        true = hand_total(game.crib if crib else game.kept(seat), game.starter, crib=crib)
        return Count(seat, max(0, true - rng.choice((0, 0, 1))))
    if game.phase is Phase.DEAL_OVER:
        return NextDeal()
    return rng.choice(game.legal_actions(seat))


@pytest.mark.parametrize("seed, muggins, check", [(4, False, False), (5, True, False), (6, True, True)])
def test_the_driver_stops_only_at_a_persons_decision_and_reports_every_entry_once(seed, muggins, check):
    game = Game(seed, muggins=muggins, target=61)
    driver = Driver(game, {COMPUTER: player("beginner", seed=seed)}, check_counts=check)
    rng = random.Random(seed)
    told = list(driver.advance().entries)
    checks = 0
    for _ in range(2000):
        if game.is_over:
            break
        assert driver.waiting == YOU
        if driver.checking:
            checks += 1
            assert game.log[-1].kind == "count" and game.log[-1].seat == COMPUTER
            report = driver.act(Muggins(YOU)) if game.muggins_claimant == YOU and rng.random() < 0.5 else driver.go_on()
        else:
            if game.phase is Phase.DISCARD:
                assert game.discards(COMPUTER), "the computer lays away first"
            else:
                assert game.to_act in (YOU, None)
            report = driver.act(_person_move(game, rng))
        told.extend(report.entries)
        assert report.waiting == driver.waiting
    assert game.is_over and driver.waiting is None
    assert tuple(told) == game.log
    assert bool(checks) == check or (muggins and not check)   # every count is checked, or only short ones


def test_the_computer_lays_away_first_whoever_deals():
    for seed in range(1, 5):
        game = Game(seed)
        driver = Driver(game, {COMPUTER: player("standard")})
        driver.advance()
        assert game.phase is Phase.DISCARD and game.discards(COMPUTER) and not game.discards(YOU)
        assert driver.waiting == YOU


def test_a_short_count_by_the_computer_dealer_waits_for_the_claim_before_the_crib():
    """The computer deals and counts its hand short: the person may claim before the crib is counted
    (a loop that let the computer count its crib at once closed the claim unheard)."""
    for seed in range(200):
        game = Game(seed, muggins=True, dealer=COMPUTER)
        driver = Driver(game, {COMPUTER: player("beginner", seed=seed)})
        driver.advance()
        rng = random.Random(seed)
        while not driver.checking and game.deal_number == 1 and not game.is_over:
            driver.act(_person_move(game, rng) if game.phase is not Phase.SHOW else
                       Count(YOU, hand_total(game.kept(YOU), game.starter, crib=False)))
        if driver.checking and game.counting == "crib":
            break
    else:
        pytest.fail("no beginner dealer counted his hand short in these deals")
    assert game.muggins_claimant == YOU and game.to_act == COMPUTER
    before = game.scores[YOU]
    driver.act(Muggins(YOU))
    assert game.scores[YOU] > before and not driver.checking
    assert any(e.kind == "crib" for e in game.events if e.deal == game.deal_number)  # then the crib


def test_refused_moves_change_nothing_and_the_computers_seat_is_the_drivers():
    game = Game(8)
    driver = Driver(game, {COMPUTER: player("expert")})
    driver.advance()
    log = game.log
    with pytest.raises(IllegalActionError):
        driver.act(Play(YOU, game.hand(YOU)[0]))            # the discard, not the play
    with pytest.raises(IllegalActionError):
        driver.act(Discard(YOU, game.hand(YOU)[:3]))       # two cards, not three
    with pytest.raises(IllegalActionError) as refused:
        driver.act(Go(COMPUTER))
    assert refused.value.message.key == "driver.computers_seat"
    assert game.log == log and driver.report().entries == ()
    with pytest.raises(CribbageError) as refused:
        Driver(game, {2: player("expert")})
    assert refused.value.message.key == "driver.bad_seats"
    assert "2" in str(refused.value) and "2" in refused.value.message.render("es")


def test_a_computer_asked_to_discard_without_six_cards_names_the_seat_by_its_role():
    game = Game(8)
    game.apply(Discard(game.dealer, game.hand(game.dealer)[:2]))
    for computer in (player("expert"), player("classic"), player("standard"), Adviser()):
        with pytest.raises(CribbageError) as refused:
            computer.discard(game, game.dealer)
        assert refused.value.message.key == "player.discard_needs_six"
    assert str(refused.value).startswith("the dealer holds 4 cards")
    assert refused.value.message.render("es").startswith("el repartidor tiene 4 cartas")


def test_with_next_deal_off_two_computers_stop_at_the_end_of_the_deal():
    game = Game(9)
    report = Driver(game, {0: Adviser(), 1: player("expert")}, next_deal=False).advance()
    assert game.phase is Phase.DEAL_OVER and game.deal_number == 1 and report.waiting is None
    assert sum(e.points for e in report.events) == sum(game.scores)


def test_the_replay_of_every_deal_matches_the_game_as_it_went():
    game = Game(12, target=61)
    players = (player("standard", seed=1), player("beginner", seed=2))
    seen = {}      # (deal, log index) -> the hands right after the action that made the entry
    for seat in turns(game):
        start = len(game.log)
        game.apply(action_for(players[seat], game, seat))
        for i, entry in enumerate(game.log[start:], start):
            if entry.kind in PLAY_STEP_KINDS:
                seen[entry.deal, i] = (game.hand(0), game.hand(1), entry)
    for deal in range(1, game.deal_number + 1):
        steps = play_steps(game, deal)
        went = [seen[key] for key in sorted(seen) if key[0] == deal]
        assert len(steps) == len(went) > 0
        for step, (hand0, hand1, entry) in zip(steps, went):
            assert step.kind == entry.kind and step.seat == entry.seat
            if entry.kind == "play":
                assert step.card == entry.cards[0] and step.series[-1] == step.card
                assert sum(c.value for c in step.series) == step.count == entry.count
            if not (game.is_over and deal == game.deal_number):
                assert step.held == (hand0, hand1)
        assert [e for s in steps for e in s.events] == [e for e in game.events
                                                        if e.deal == deal and e.phase is Phase.PLAY]


def test_play_game_finishes_a_game_begun_late_in_its_history():
    """The end of a game set up with its history (stop 5's close finish: deal 10, the back pegs behind
    the front ones) is played to its end as any game is."""
    game = play_game([player("expert", seed=1), player("standard", seed=2)], seed="late", dealer=1,
                     scores=(109, 114), back_pegs=(103, 106), deal_number=10)
    assert game.result is not None and max(game.scores) >= 121
    assert game.start_deal == 10 and game.deal_number >= 10
    assert min(entry.deal for entry in game.log) == 10
    with pytest.raises(CribbageError):
        play_game([player("expert"), player("expert")], seed=1, scores=(9, 4), back_pegs=(12, 0))

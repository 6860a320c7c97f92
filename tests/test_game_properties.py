"""Invariants of the game under random play: random legal and illegal actions and take-backs
(Hypothesis), and a thousand seeded games played out by a random legal driver.

Invariants: all 52 cards accounted for, the count never above 31, scores only grow, the events add up
to the scores and the pegs, nothing happens after the game is won, an illegal action changes nothing,
and an action succeeds exactly when ``legal_actions()`` lists it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import FULL_DECK, Deck, IllegalActionError
from cribbage.rules.actions import Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.events import Phase
from cribbage.rules.game import Game, _get_state


def snapshot(game: Game) -> tuple:
    return _get_state(game), tuple(game._events), tuple(game._log), tuple(game._history)


# Card objects by identity, sorted (a set of ids is slow: aligned addresses collide in the hash).
_ALL_CARDS = sorted(map(id, FULL_DECK))


def check_invariants(game: Game, seen: tuple | None = None) -> tuple:
    """Raise AssertionError if ``game`` breaks a rule that must always hold.

    ``seen`` is what the last check returned: the scores then, and how many events and log entries
    it had checked, so that a long game is checked step by step without re-reading its history.
    """
    before, n_events, n_log = seen or (game.start_scores, 0, 0)
    held = game._hands
    played = [card for _, card in game._played]
    laid = game._crib if game._crib is not None else game._discards[0] + game._discards[1]
    every = held[0] + held[1] + tuple(played) + laid + game._rest
    # The game holds only the 52 canonical card objects, so identities account for every card.
    assert sorted(map(id, every)) == _ALL_CARDS, "the 52 cards are not all accounted for"
    if game._starter is not None:
        assert game._rest[game._cut_at] is game._starter and game._crib is not None

    series = game.series
    assert 0 <= game.count <= 31
    assert game.count == sum(card.value for card in series)
    assert not series or tuple(played[-len(series):]) == series
    for seat in (0, 1):
        if game._kept[seat]:
            mine = [card for who, card in game._played if who == seat]
            assert sorted(map(id, held[seat] + tuple(mine))) == sorted(map(id, game._kept[seat]))
            assert len(game._discards[seat]) == 2
        else:
            assert len(held[seat]) == 6 and game.phase is Phase.DISCARD

    scores = game.scores
    assert scores[0] >= before[0] and scores[1] >= before[1], "a score went down"
    events = game._events
    if len(events) < n_events:  # after an undo: check from the start
        before, n_events, n_log = game.start_scores, 0, 0
    totals = list(before)
    for event in events[n_events:]:
        assert event.points >= 0 and event.seat in (0, 1)
        assert event.worth == event.points or (event is events[-1] and event.worth > event.points)
        totals[event.seat] += event.points
    assert tuple(totals) == scores, "the events do not add up to the scores"
    for seat in (0, 1):
        front, back = game.pegs[seat]
        assert front == scores[seat] and 0 <= back <= front
    logged = [e for entry in game._log[n_log:] for e in entry.events]
    assert len(logged) == len(events) - n_events and all(a is b for a, b in zip(logged, events[n_events:])), \
        "the log does not hold the events in order"

    target = game.target
    if game.is_over:
        winner = game.winner
        assert scores[winner] == target > scores[1 - winner]
        assert game.phase is Phase.OVER and game.to_act is None and game.legal_actions() == []
        last = events[-1]
        assert last.seat == winner and scores[winner] - last.points < target, "points after the win"
        assert game._log[-1].kind == "game over"
        assert game.result.games in (1, 2, 3, 4)
    else:
        assert max(scores) < target and game.result is None
        if game.phase is Phase.PLAY:
            assert held[game.to_act], "the player to act in the play holds cards"
        elif game.phase is Phase.DISCARD:
            assert not game._discards[game.to_act]
        elif game.phase is Phase.SHOW:
            assert game.muggins and game.to_act is not None
        else:
            assert game.phase is Phase.DEAL_OVER and game.to_act is None
    return scores, len(events), len(game._log)


def _normal(action):
    """Discards compare as sets of two cards."""
    if isinstance(action, Discard):
        return Discard(action.seat, tuple(sorted(action.cards)))
    return action


def _candidate(game: Game, code: int):
    """An action, often illegal, built from a number: wrong player, card, phase or count."""
    kind = code % 7
    seat = (code >> 3) % 3  # 2 is not a player
    card = FULL_DECK[(code >> 5) % 52]
    if kind == 0:
        hand = game._hands[seat] if seat < 2 else ()
        pick = [hand[i % len(hand)] for i in (code >> 11, code >> 14)] if hand else [card, card]
        return Discard(seat, tuple(pick[: 1 + (code >> 17) % 3]) if (code >> 17) % 4 else tuple(pick))
    if kind == 1:
        hand = game._hands[seat] if seat < 2 else ()
        return Play(seat, hand[(code >> 11) % len(hand)] if hand and code & 1 << 20 else card)
    if kind == 2:
        return Go(seat)
    if kind == 3:
        return Count(seat, (code >> 11) % 31 - 1)
    if kind == 4:
        return Muggins(seat)
    if kind == 5:
        return NextDeal()
    return Play(seat, card)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), muggins=st.booleans(), target=st.sampled_from([121, 61]),
       codes=st.lists(st.integers(0, 2 ** 24), min_size=50, max_size=400))
def test_random_legal_and_illegal_actions_keep_the_invariants(seed, muggins, target, codes):
    game = Game(seed, muggins=muggins, target=target)
    seen = check_invariants(game)
    undo_stack: list[tuple] = []
    for code in codes:
        before = snapshot(game)
        legal = game.legal_actions()
        if code % 23 == 0 and game.history_length:
            game.undo()
            assert snapshot(game)[:3] == undo_stack.pop()[:3]
            seen = check_invariants(game)
            continue
        action = _candidate(game, code >> 2) if code % 3 == 0 or not legal else legal[(code >> 2) % len(legal)]
        expected = _normal(action) in {_normal(a) for a in legal}
        assert game.can_apply(action) == expected, action
        try:
            game.apply(action)
        except IllegalActionError as error:
            assert not expected, f"{action} is listed as legal but refused: {error}"
            assert str(error)
            assert snapshot(game) == before, "an illegal action changed the game"
            continue
        assert expected, f"{action} was not listed but allowed"
        undo_stack.append(before)
        seen = check_invariants(game, seen)


def _random_driver_game(seed: int) -> Game:
    """A random legal player for both seats; in muggins mode it sometimes counts short and claims."""
    rng = random.Random(seed)
    game = Game(seed, muggins=seed % 4 == 0, target=61 if seed % 5 == 0 else 121,
                double_skunk_games=3 + seed % 2)
    seen = check_invariants(game)
    while not game.is_over:
        legal = game.legal_actions(game.to_act) if game.to_act is not None else game.legal_actions()
        if game.muggins_claimant is not None and rng.random() < 0.5:
            action = Muggins(game.muggins_claimant)
        elif legal and isinstance(legal[0], Count):
            action = legal[-1] if rng.random() < 0.7 else rng.choice(legal)
        else:
            action = rng.choice(legal)
        game.apply(action)
        seen = check_invariants(game, seen)
    return game


@pytest.mark.slow
def test_a_thousand_seeded_games_keep_the_invariants():
    results = [_random_driver_game(seed).result for seed in range(1000)]
    assert all(result is not None for result in results)
    # Random players win, skunk and double skunk (3 or 4 games by the option) over a thousand games.
    assert {r.games for r in results} >= {1, 2, 3}
    assert {r.winner for r in results} == {0, 1}


def test_same_seed_same_game_under_the_driver():
    a, b = _random_driver_game(17), _random_driver_game(17)
    assert a.log == b.log and a.result == b.result


def _reference_play(pone_hand, dealer_hand, pick):
    """The play's points per seat (0 = pone, 1 = dealer), straight from course/rules.md, "4. The play":
    an independent, plain account to check the game against. ``pick`` chooses among playable cards."""
    from cribbage import score_play

    hands = [list(pone_hand), list(dealer_hand)]
    points = [0, 0]
    turn, count, series, last = 0, 0, [], None
    while hands[0] or hands[1]:
        playable = [c for c in hands[turn] if count + c.value <= 31]
        if playable:
            card = pick(playable)
            hands[turn].remove(card)
            series.append(card)
            count += card.value
            points[turn] += score_play(series).total
            last = turn
            if count == 31:  # 2 for 31 (in score_play), and a new series
                series, count = [], 0
                turn = 1 - last if hands[1 - last] else last
            else:
                turn = 1 - turn
            continue
        if any(count + c.value <= 31 for c in hands[1 - turn]):
            turn = 1 - turn  # a go: the other plays on
            continue
        points[last] += 1  # no one can play: go for the last card of the series
        series, count = [], 0
        turn = 1 - last if hands[1 - last] else last
    if count:
        points[last] += 1  # the last card (a 31 was pegged and reset already)
    return points


def test_the_play_agrees_with_a_plain_reference_account():
    for seed in range(300):
        for first in (True, False):
            game = Game(seed)
            for seat in (game.pone, game.dealer):
                game.discard(seat, game.hand(seat)[:2])
            # The starter is the card Deck.cut turns from the rest of the deal's deck.
            assert Deck(game._rest).cut(game._cut_at) == game.starter
            if game.is_over:
                continue
            kept = (game.kept(game.pone), game.kept(game.dealer))
            while game.phase is Phase.PLAY:
                legal = game.legal_actions()
                plays = [a for a in legal if isinstance(a, Play)]
                game.apply((plays[0] if first else plays[-1]) if plays else legal[0])
            expected = _reference_play(*kept, (lambda cs: cs[0]) if first else (lambda cs: cs[-1]))
            got = [sum(e.points for e in game.events if e.phase is Phase.PLAY and e.seat == seat)
                   for seat in (game.pone, game.dealer)]
            assert got == expected, (seed, first, kept)

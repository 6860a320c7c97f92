"""The CrossCribb computer players: always legal, blind to what their seat cannot see, exact where
they claim to be, and the better level beats the random one."""

import random
from itertools import combinations

import pytest

from cribbage import Card, Deck
from cribbage.crosscribb import CrossCribbGame, CrossCribbPhase, Discard, NextRound, line_total
from cribbage.crosscribb.players import (
    CROSSCRIBB_LEVELS,
    ExpectedValuePlayer,
    RandomPlayer,
    _fresh_deck_table,
    _Outlook,
    play_crosscribb_game,
    play_round,
)
from cribbage.rules.ranks import RANK_KEY as _POW5
from cribbage.rules.ranks import points_by_key as _rank_table


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["random", "attack", "expected"])
def test_every_choice_is_legal(players, level):
    for seed in range(2):
        game = CrossCribbGame(players, seed=seed)
        player = CROSSCRIBB_LEVELS[level](seed)
        for _ in range(2):
            while game.phase is CrossCribbPhase.PLAY:
                action = player.choose(game)
                assert action in game.legal_actions()
                game.apply(action)
            if game.is_over:
                break
            assert player.choose(game) == NextRound()
            game.next_round()


def test_forced_lay_away_is_the_only_choice():
    game = CrossCribbGame(4, seed=2)
    player = ExpectedValuePlayer()
    while not game.must_discard:
        seat = game.to_act
        game.place(seat, game.open_squares()[0])
    assert player.choose(game) == Discard(game.to_act)


def _shuffle_hidden(game: CrossCribbGame, seat: int, seed: int) -> CrossCribbGame:
    """The same game as ``seat`` sees it, with every card it cannot see shuffled among the hidden places."""
    twin = game.copy()
    hidden_slots = []  # (kind, index, position)
    for s, pile in enumerate(twin._piles):
        hidden_slots += [("pile", s, i) for i in range(len(pile))]
    hidden_slots += [("crib", i, 0) for i, (who, _) in enumerate(twin._crib) if who != seat]
    if twin.to_act != seat:
        hidden_slots.append(("turned", 0, 0))
    def get(slot):
        kind, a, b = slot
        return twin._piles[a][b] if kind == "pile" else twin._crib[a][1] if kind == "crib" else twin._turned
    def put(slot, card):
        kind, a, b = slot
        if kind == "pile":
            twin._piles[a][b] = card
        elif kind == "crib":
            twin._crib[a] = (twin._crib[a][0], card)
        else:
            twin._turned = card
    cards_ = [get(slot) for slot in hidden_slots]
    random.Random(seed).shuffle(cards_)
    for slot, card in zip(hidden_slots, cards_):
        put(slot, card)
    return twin


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_better_player_sees_only_what_its_seat_sees(players):
    game = CrossCribbGame(players, seed=31)
    steps = 0
    while game.phase is CrossCribbPhase.PLAY:
        seat = game.to_act
        if steps % 3 == 0:
            choice = ExpectedValuePlayer(7).choose(game)
            for k in range(2):
                assert ExpectedValuePlayer(7).choose(_shuffle_hidden(game, seat, k)) == choice
        game.apply(ExpectedValuePlayer(steps).choose(game))
        steps += 1


# --- the expectation of a line is exact where it says so -------------------------------------------

def _brute(known, unseen, starter, centre=False):
    e = 5 - len(known)
    total = 0
    count = 0
    for fill in combinations(unseen, e):
        total += line_total(list(known) + list(fill), starter if centre else None)
        count += 1
    return total / count


@pytest.mark.parametrize("seed", range(6))
def test_line_expectation_is_exact_with_one_or_two_open_squares(seed):
    rng = random.Random(seed)
    deck = list(Deck())
    rng.shuffle(deck)
    starter = deck[0]
    known4 = deck[1:5]
    unseen = deck[5:5 + rng.randrange(8, 40)]
    outlook = _Outlook(unseen, starter)
    for known in (known4, known4[:3]):
        assert outlook.value(known) == pytest.approx(_brute(known, unseen, starter))
    # A centre line holds the starter: nobs counts there.
    centre = [starter, *known4[:2]]
    for known in (centre, [*centre, known4[2]]):
        assert outlook.value(known, centre=True) == pytest.approx(_brute(known, unseen, starter, centre=True))
    full = [*known4, starter]
    assert outlook.value(full, centre=True) == line_total(full, starter)


def test_the_fresh_deck_table_is_the_exact_mean_over_the_deck():
    table = _fresh_deck_table()
    ranks = _rank_table()
    deck = list(Deck())
    known = [Card.parse("5H"), Card.parse("JS")]
    rest = [c for c in deck if c not in known]
    total = 0
    count = 0
    for fill in combinations(rest, 3):
        total += ranks[sum(_POW5[c.rank] for c in known + list(fill))]
        count += 1
    assert table[_POW5[5] + _POW5[11]] == pytest.approx(total / count)
    # With nothing known, the mean of fifteens, pairs and runs over all five-card sets.
    assert table[0] == pytest.approx(sum(count * ranks[key] for key, count in _five_rank_keys().items())
                                     / 2598960)


def _five_rank_keys():
    from collections import Counter
    from itertools import combinations_with_replacement
    from math import comb
    out = Counter()
    for ranks in combinations_with_replacement(range(1, 14), 5):
        ways = 1
        for r in set(ranks):
            ways *= comb(4, ranks.count(r))
        if ways:
            out[sum(_POW5[r] for r in ranks)] += ways
    return out


# --- strength ------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_the_better_player_beats_random_play(players):
    wins = 0
    games = 6
    for seed in range(games):
        better_side = seed % 2
        seats = []
        for seat in range(players):
            side = seat % 2
            seats.append(ExpectedValuePlayer(seed) if side == better_side else RandomPlayer(seed))
        game = play_crosscribb_game(seats, seed=1000 + seed)
        wins += game.winner == better_side
    assert wins >= games - 1


def test_blocking_beats_attack_alone_and_attack_beats_random():
    def score(better, weaker, games=4):
        wins = 0
        for seed in range(games):
            seats = [CROSSCRIBB_LEVELS[better if seat % 2 == seed % 2 else weaker](seed) for seat in range(2)]
            wins += play_crosscribb_game(seats, seed=2000 + seed).winner == seed % 2
        return wins
    assert score("expected", "attack") >= 3
    assert score("attack", "random") >= 3


def test_play_round_needs_one_player_per_seat():
    from cribbage import CribbageError
    game = CrossCribbGame(4, seed=1)
    with pytest.raises(CribbageError, match="one player per seat"):
        play_round(game, [RandomPlayer()] * 3)


def test_with_two_squares_left_the_better_player_picks_the_exact_best():
    """With two open squares the expectation is exact, so the choice must match brute force: the
    other square filled by each unseen card in turn, own lines minus the other side's."""
    checked = 0
    for seed in range(30):
        game = CrossCribbGame(4, seed=seed)
        rng = random.Random(seed)
        while game.phase is CrossCribbPhase.PLAY and len(game.open_squares()) > 2:
            seat = game.to_act
            if game.must_discard or (game.owes(seat) and rng.random() < 0.3):
                game.discard(seat)
            else:
                game.place(seat, rng.choice(game.open_squares()))
        seat = game.to_act
        if game.phase is not CrossCribbPhase.PLAY or game.owes(seat) or len(game.open_squares()) != 2:
            continue
        side = game.side_of(seat)
        card = game.turned
        unseen = game.unseen(seat)

        def difference(grid, side=side):
            starter = grid[2][2]
            rows = sum(line_total(grid[r], starter if r == 2 else None) for r in range(5))
            cols = sum(line_total([grid[r][c] for r in range(5)], starter if c == 2 else None)
                       for c in range(5))
            return (cols - rows) if side == 0 else (rows - cols)

        outcomes = {}
        for sq in game.open_squares():
            other = next(o for o in game.open_squares() if o != sq)
            total = 0
            for fill in unseen:
                grid = [list(row) for row in game.board]
                grid[sq[0]][sq[1]] = card
                grid[other[0]][other[1]] = fill
                total += difference(grid)
            outcomes[sq] = total / len(unseen)
        choice = ExpectedValuePlayer(seed).choose(game)
        assert outcomes[choice.square] == pytest.approx(max(outcomes.values()))
        checked += 1
    assert checked >= 8

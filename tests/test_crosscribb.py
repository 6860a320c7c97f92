"""CrossCribb rounds and games: the cut, the deals for 2, 3 and 4 players, the turns, the crib,
his heels, the count of a round, the game to 31, refusals with the state unchanged, and invariants
over thousands of seeded rounds."""

import random
from collections import Counter

import pytest

from cribbage import CribbageError, Deck, IllegalActionError, score_hand
from cribbage.crosscribb import (
    CENTRE,
    COLUMNS_SIDE,
    ROWS_SIDE,
    CrossCribbGame,
    CrossCribbPhase,
    CutForDeal,
    Dealt,
    Discard,
    Discarded,
    GameWon,
    NextRound,
    Placed,
    RoundScored,
    StarterTurned,
    Turned,
    crosscribb_game_value,
    play_cycle,
    round_deck,
    running_total,
    score_line,
    turn_order,
)
from cribbage.crosscribb.players import RandomPlayer, play_round


def snapshot(game: CrossCribbGame):
    """Everything observable about a game, to prove a refused action changed nothing."""
    return (tuple(game.log), game.board, game.phase, game.to_act, game.turned, tuple(game.scores),
            game.round_number, game.dealer, game.crib, game.result,
            tuple(game.pile_size(s) for s in range(game.players)),
            tuple(game.owes(s) for s in range(game.players)),
            tuple(game.squares_left(s) for s in range(game.players)))


def refused(game: CrossCribbGame, action, match: str):
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=match):
        action()
    assert snapshot(game) == before


def place_anywhere(game: CrossCribbGame):
    """Place on the first open square; never lay away unless forced."""
    if game.must_discard:
        return game.discard(game.to_act)
    return game.place(game.to_act, game.open_squares()[0])


def dealt(game: CrossCribbGame, round_number: int = 1) -> Dealt:
    return next(r for r in game.log if isinstance(r, Dealt) and r.round == round_number)


# --- seats and sides ---------------------------------------------------------------------------------

def test_sides_partners_opposite_and_the_three_player_team():
    four = CrossCribbGame(4, seed=1)
    assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert four.seats_of(COLUMNS_SIDE) == (0, 2) and four.seats_of(ROWS_SIDE) == (1, 3)
    two = CrossCribbGame(2, seed=1)
    assert [two.side_of(s) for s in range(2)] == [0, 1]
    three = CrossCribbGame(3, seed=1)
    assert three.seats_of(0) == (0, 2) and three.seats_of(1) == (1,)
    assert CrossCribbGame.lines_of(0) == "columns" and CrossCribbGame.lines_of(1) == "rows"


@pytest.mark.parametrize("players", [1, 5, "4", True, None])
def test_only_two_three_or_four_players(players):
    with pytest.raises(CribbageError, match="2, 3 or 4 players"):
        CrossCribbGame(players, seed=1)


def test_bad_target_and_dealer_are_refused():
    with pytest.raises(CribbageError, match="target"):
        CrossCribbGame(4, seed=1, target=0)
    with pytest.raises(CribbageError, match="dealer"):
        CrossCribbGame(4, seed=1, dealer=4)


# --- the cut for deal -------------------------------------------------------------------------------

def test_the_lowest_cut_deals_and_a_tie_for_lowest_cuts_again():
    ties = 0
    for seed in range(300):
        game = CrossCribbGame(4, seed=seed)
        cuts = [r for r in game.log if isinstance(r, CutForDeal)]
        for cut in cuts[:-1]:
            low = min(c.rank for c in cut.cuts)
            assert cut.dealer is None and sum(c.rank == low for c in cut.cuts) >= 2
            ties += 1
        last = cuts[-1]
        low = min(c.rank for c in last.cuts)
        assert [c.rank for c in last.cuts].count(low) == 1
        assert last.cuts[last.dealer].rank == low and game.dealer == last.dealer
        assert len(set(last.cuts)) == 4
    assert ties > 0


# --- the deals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_four_players_seven_each_one_at_a_time_from_the_left_of_the_dealer(dealer):
    game = CrossCribbGame(4, seed=11, dealer=dealer)
    deck = round_deck(11, 1)
    piles = dealt(game).piles
    for seat in range(4):
        first = (seat - dealer - 1) % 4  # the player on the dealer's left gets the first card
        assert piles[seat] == tuple(deck[first:28:4])
        assert len(piles[seat]) == 7
        assert game.owes(seat) == 1 and game.squares_left(seat) == 6


@pytest.mark.parametrize("dealer", range(2))
def test_two_players_fourteen_each_the_pone_first(dealer):
    game = CrossCribbGame(2, seed=12, dealer=dealer)
    deck = round_deck(12, 1)
    piles = dealt(game).piles
    pone = 1 - dealer
    assert piles[pone] == tuple(deck[0:28:2]) and piles[dealer] == tuple(deck[1:28:2])
    for seat in range(2):
        assert game.owes(seat) == 2 and game.squares_left(seat) == 12


@pytest.mark.parametrize("dealer", range(3))
def test_three_players_team_seven_each_the_individual_fourteen(dealer):
    game = CrossCribbGame(3, seed=13, dealer=dealer)
    deck = round_deck(13, 1)
    piles = dealt(game).piles
    assert [len(p) for p in piles] == [7, 14, 7]
    assert [game.owes(s) for s in range(3)] == [1, 2, 1]
    assert [game.squares_left(s) for s in range(3)] == [6, 12, 6]
    # The individual (seat 1) gets every other card; the first card goes left of the dealer.
    order = play_cycle(3, dealer, 28)
    assert order[0] == (dealer + 1) % 3
    for seat in range(3):
        assert piles[seat] == tuple(card for who, card in zip(order, deck) if who == seat)
    assert set(order[0::2]) == {1} or set(order[1::2]) == {1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_starter_is_cut_from_the_rest_and_sits_in_the_centre(players):
    for seed in range(30):
        game = CrossCribbGame(players, seed=seed)
        piles = dealt(game).piles
        in_piles = [card for pile in piles for card in pile]
        assert len(in_piles) == len(set(in_piles)) == 28
        assert game.starter in round_deck(seed, 1)[28:]
        assert game.at(CENTRE) == game.starter
        assert sum(card is not None for row in game.board for card in row) == 1


def test_his_heels_a_jack_starter_gives_the_dealers_side_two_for_the_round():
    jacks = 0
    for seed in range(120):
        game = CrossCribbGame(4, seed=seed)
        start = next(r for r in game.log if isinstance(r, StarterTurned))
        assert start.his_heels == (2 if game.starter.rank == 11 else 0) == game.his_heels
        if start.his_heels:
            jacks += 1
            play_round(game, [RandomPlayer(seed)] * 4)
            result = game.last_round
            side = game.side_of(result.dealer)
            assert result.his_heels == 2
            assert result.totals[side] == result.lines_total(side) + result.crib.total + 2
            assert result.totals[1 - side] == result.lines_total(1 - side)
    assert jacks > 0


# --- turns ------------------------------------------------------------------------------------------

def test_turn_orders():
    assert turn_order(4, 0)[:8] == (1, 2, 3, 0, 1, 2, 3, 0)
    assert turn_order(4, 3)[:4] == (0, 1, 2, 3)
    assert turn_order(2, 0)[:4] == (1, 0, 1, 0)
    assert turn_order(2, 1)[:4] == (0, 1, 0, 1)
    # Three players: the individual (seat 1) plays between each of the team members' turns.
    assert turn_order(3, 0)[:8] == (1, 2, 1, 0, 1, 2, 1, 0)
    assert turn_order(3, 1)[:8] == (2, 1, 0, 1, 2, 1, 0, 1)
    assert turn_order(3, 2)[:8] == (0, 1, 2, 1, 0, 1, 2, 1)
    for players in (2, 3, 4):
        for dealer in range(players):
            order = turn_order(players, dealer)
            assert len(order) == 24
            counts = Counter(order)
            expected = {2: {0: 12, 1: 12}, 3: {0: 6, 1: 12, 2: 6}, 4: {s: 6 for s in range(4)}}[players]
            assert counts == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_turns_follow_the_order_and_the_deal_passes_left(players):
    game = CrossCribbGame(players, seed=21)
    for round_number in (1, 2, 3):
        dealer = game.dealer
        seats = []
        while game.phase is CrossCribbPhase.PLAY:
            record = place_anywhere(game)
            if isinstance(record, Placed):
                seats.append(record.seat)
        assert tuple(seats) == turn_order(players, dealer)
        if game.phase is CrossCribbPhase.OVER:
            break
        game.next_round()
        assert game.dealer == (dealer + 1) % players
        assert game.round_number == round_number + 1


def test_each_player_sees_only_their_turned_card():
    game = CrossCribbGame(4, seed=5)
    turned = [r for r in game.log if isinstance(r, Turned)]
    assert len(turned) == 1 and turned[0].seat == game.to_act and turned[0].card == game.turned
    seat = game.to_act
    other = (seat + 1) % 4
    assert game.turned not in game.unseen(seat)
    assert game.turned in game.unseen(other)
    assert game.starter not in game.unseen(other)


def test_laying_away_costs_no_turn():
    game = CrossCribbGame(4, seed=6)
    seat, card = game.to_act, game.turned
    record = game.discard(seat, card)
    assert record == Discarded(1, seat, card, False)
    assert game.to_act == seat and game.turned is not None and game.turned != card
    assert game.owes(seat) == 0 and game.squares_left(seat) == 6 and game.pile_size(seat) == 5
    assert game.discards(seat) == (card,) and game.crib_size == 1
    game.place(seat, (0, 0))
    assert game.to_act == (seat + 1) % 4


def test_a_player_with_fourteen_cards_lays_away_two_even_at_once():
    game = CrossCribbGame(2, seed=7)
    seat = game.to_act
    first = game.discard(seat).card
    second = game.discard(seat).card
    assert game.discards(seat) == (first, second) and game.to_act == seat
    refused(game, lambda: game.discard(seat), "already laid away both your cards")
    game.place(seat, (4, 4))
    assert game.to_act == 1 - seat


def test_too_many_laid_away_is_refused():
    game = CrossCribbGame(4, seed=8)
    seat = game.to_act
    game.discard(seat)
    refused(game, lambda: game.discard(seat), "already laid away your card")
    assert not game.can_discard(seat)
    assert Discard(seat) not in game.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whoever_still_owes_the_crib_at_the_end_must_lay_away(players):
    game = CrossCribbGame(players, seed=9)
    forced = 0
    while game.phase is CrossCribbPhase.PLAY:
        seat = game.to_act
        if game.squares_left(seat) == 0:
            # Every square this seat may fill is filled and it still owes: too few laid away.
            assert game.must_discard and game.legal_actions() == [Discard(seat)]
            refused(game, lambda seat=seat: game.place(seat, (game.open_squares() or [(0, 0)])[0]),
                    "still owe the crib")
            assert game.discard(seat).forced
            forced += 1
        else:
            game.place(seat, game.open_squares()[0])
    assert forced == 4
    assert game.last_round.crib.hand == game.crib and len(game.crib) == 4


# --- refusals, with the state unchanged ------------------------------------------------------------

def test_illegal_actions_are_refused_with_the_state_unchanged():
    game = CrossCribbGame(4, seed=10)
    seat = game.to_act
    other = (seat + 1) % 4
    refused(game, lambda: game.place(other, (0, 0)), f"seat {seat}'s turn, not seat {other}'s")
    refused(game, lambda: game.discard(other), "turn")
    refused(game, lambda: game.place(seat, CENTRE), "centre square holds the starter")
    refused(game, lambda: game.place(seat, (5, 0)), "not a square")
    refused(game, lambda: game.place(seat, 25), "0..24")
    refused(game, lambda: game.place(9, (0, 0)), "no seat 9")
    not_mine = next(c for c in Deck() if c != game.turned)
    refused(game, lambda: game.place(seat, (0, 0), not_mine), f"{not_mine} is not your card")
    refused(game, lambda: game.discard(seat, not_mine), "not your card")
    refused(game, lambda: game.place(seat, (0, 0), "5X"), "not a card")
    refused(game, lambda: game.next_round(), "still being played")
    refused(game, lambda: game.apply("place"), "not an action")
    game.place(seat, (0, 0), game.turned)
    taken = game.at((0, 0))
    refused(game, lambda: game.place(other, (0, 0)), f"row 1, column 1 is taken by {taken}")
    assert not game.can_place(other, (0, 0)) and game.can_place(other, 1)


def test_between_rounds_and_after_the_game_nothing_but_the_next_deal():
    game = CrossCribbGame(4, seed=14)
    play_round(game, [RandomPlayer(1)] * 4)
    assert game.phase is CrossCribbPhase.ROUND_OVER and game.to_act is None and game.turned is None
    assert game.legal_actions() == [NextRound()]
    refused(game, lambda: game.place(0, (0, 0)), "round is over")
    refused(game, lambda: game.discard(0), "round is over")
    while not game.is_over:
        if game.phase is CrossCribbPhase.ROUND_OVER:
            game.apply(NextRound())
        play_round(game, [RandomPlayer(1)] * 4)
    assert game.legal_actions() == []
    refused(game, lambda: game.place(0, (0, 0)), "game is over")
    refused(game, lambda: game.discard(0), "game is over")
    refused(game, lambda: game.next_round(), "game is over")
    assert not game.can_next_round()


# --- the round and the game -----------------------------------------------------------------------

def test_the_round_is_counted_lines_crib_and_difference():
    game = CrossCribbGame(4, seed=15)
    play_round(game, [RandomPlayer(2)] * 4)
    result = game.last_round
    grid = game.board
    for r, line in enumerate(result.rows):
        assert line.cards == grid[r] and line == score_line(grid[r], game.starter if r == 2 else None)
    for c, line in enumerate(result.columns):
        column = tuple(grid[r][c] for r in range(5))
        assert line.cards == column and line == score_line(column, game.starter if c == 2 else None)
    assert result.crib == score_hand(game.crib, game.starter, crib=True)
    side = result.dealer_side
    assert result.totals[side] == result.lines_total(side) + result.crib.total + result.his_heels
    assert result.totals[1 - side] == result.lines_total(1 - side)
    assert result.points == abs(result.totals[0] - result.totals[1])
    if result.winner is not None:
        assert game.scores[result.winner] == result.points and game.scores[1 - result.winner] == 0
    assert isinstance(game.log[-1], (RoundScored, GameWon))


def test_running_totals_follow_the_board_and_end_on_the_count():
    game = CrossCribbGame(2, seed=18)
    assert game.running_totals() == ((0,) * 5, (0,) * 5)
    player = RandomPlayer(4)
    while game.phase is CrossCribbPhase.PLAY:
        game.apply(player.choose(game))
        rows, _columns = game.running_totals()
        for r in range(5):
            placed = [c for c in game.board[r] if c is not None]
            assert rows[r] == running_total(placed, game.starter if r == 2 else None)
    result = game.last_round
    assert game.running_totals() == (tuple(line.total for line in result.rows),
                                     tuple(line.total for line in result.columns))


def test_game_value_by_margin():
    assert [crosscribb_game_value(m) for m in (1, 15, 16, 30, 31, 45)] == [1, 1, 2, 2, 3, 3]


def test_first_side_to_31_wins_and_the_margin_sets_the_games():
    kinds = Counter()
    for seed in range(24):
        game = CrossCribbGame(2, seed=seed)
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        pegged = [0, 0]
        while not game.is_over:
            assert max(game.scores) < 31
            play_round(game, players)
            r = game.last_round
            if r.winner is not None:
                pegged[r.winner] += r.points
            if game.phase is CrossCribbPhase.ROUND_OVER:
                game.next_round()
        result = game.result
        assert tuple(pegged) == result.scores == tuple(game.scores)
        assert result.scores[result.winner] >= 31 > result.scores[1 - result.winner]
        assert result.margin == result.scores[result.winner] - result.scores[1 - result.winner]
        assert result.games == crosscribb_game_value(result.margin) and game.winner == result.winner
        assert isinstance(game.log[-1], GameWon) and game.log[-1].result == result
        kinds[result.kind] += 1
    assert set(kinds) <= {"win", "skunk", "double skunk"} and len(kinds) >= 2


def test_a_shorter_game():
    game = CrossCribbGame(2, seed=3, target=5)
    while not game.is_over:
        play_round(game, [RandomPlayer(0)] * 2)
        if not game.is_over:
            game.next_round()
    assert max(game.scores) >= 5


# --- determinism, copies and replay ----------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game(players):
    def whole(seed):
        game = CrossCribbGame(players, seed=seed)
        player = RandomPlayer(99)
        while not game.is_over:
            game.apply(player.choose(game))
        return game.log
    assert whole(4) == whole(4)
    assert whole(4) != whole(5)


def test_copy_is_independent():
    game = CrossCribbGame(3, seed=16)
    game.place(game.to_act, (0, 0))
    twin = game.copy()
    before = snapshot(game)
    while twin.phase is CrossCribbPhase.PLAY:
        place_anywhere(twin)
    assert snapshot(game) == before
    assert twin.round_number == 1 and twin.phase in (CrossCribbPhase.ROUND_OVER, CrossCribbPhase.OVER)
    assert game.phase is CrossCribbPhase.PLAY and len(game.open_squares()) == 23
    assert not twin.open_squares() and len(twin.log) > len(game.log)


def test_a_round_can_be_replayed_move_by_move():
    game = CrossCribbGame(4, seed=17)
    play_round(game, [RandomPlayer(3)] * 4)
    frames = game.replay(1)
    moves = game.moves(1)
    assert len(moves) == 28 and len(frames) == 29
    assert isinstance(frames[0][0], StarterTurned) and frames[0][1][12] == game.starter
    assert sum(card is not None for card in frames[0][1]) == 1
    for i, (_move, board, crib) in enumerate(frames[1:], 1):
        placed_so_far = sum(isinstance(m, Placed) for m in moves[:i])
        assert sum(card is not None for card in board) == 1 + placed_so_far
        assert crib == i - placed_so_far
    final = frames[-1][1]
    assert final == tuple(card for row in game.board for card in row)
    with pytest.raises(CribbageError, match="no round 5"):
        game.replay(5)


# --- invariants under thousands of seeded rounds ---------------------------------------------------

@pytest.mark.slow
def test_invariants_over_thousands_of_seeded_rounds():
    rounds = 0
    ties = 0
    for seed in range(2000):
        players = (2, 3, 4)[seed % 3]
        game = CrossCribbGame(players, seed=seed)
        rng = random.Random(seed)
        while game.phase is CrossCribbPhase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        rounds += 1
        result = game.last_round
        piles = dealt(game).piles
        board = [card for row in game.board for card in row]
        # 28 cards accounted for: 24 on the board (plus the starter), 4 in the crib, all dealt.
        assert None not in board and len(set(board)) == 25
        assert len(game.crib) == 4
        on_board = set(board) - {game.starter}
        assert on_board | set(game.crib) == {card for pile in piles for card in pile}
        assert not on_board & set(game.crib)
        for seat in range(players):
            assert len(game.discards(seat)) == (2 if len(piles[seat]) == 14 else 1)
            assert game.pile_size(seat) == 0
        # The margin is the difference of the sides' totals.
        side = result.dealer_side
        assert result.totals[1 - side] == result.lines_total(1 - side)
        assert result.totals[side] == result.lines_total(side) + result.crib.total + result.his_heels
        assert result.points == abs(result.totals[0] - result.totals[1])
        if result.winner is None:
            ties += 1
            assert game.scores == (0, 0)
        else:
            assert result.totals[result.winner] > result.totals[1 - result.winner]
            assert game.scores[result.winner] == result.points
        assert len(game.moves()) == 28
    assert rounds == 2000 and ties > 0

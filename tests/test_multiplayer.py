"""Three- and four-handed cribbage (issue 52): the rules as one value, the game at the table checked
against the two-player Game move by move, a worked example for each rule that differs from two-handed
play, what a seat may see, and refusals that leave the game as it was."""

from __future__ import annotations

import random

import pytest

from cribbage import CribbageError, Game, play_game, player
from cribbage.lang.messages import render
from cribbage.multiplayer import TABLE_LEVELS, Rules, SeatView, StackedDeal, TableGame, play_table_game, table_player
from cribbage.registry.languages import CODES
from cribbage.rules.events import LogKind, Phase, ScoreKind
from cribbage.rules.show_scoring import score_hand

# --- the rules as one value ---------------------------------------------------------------------


def test_each_game_deals_what_the_rule_book_says():
    assert (Rules().hand, Rules().lay_away, Rules().crib_from_deck, Rules().sides) == (6, 2, 0, 2)
    three = Rules(players=3)
    assert (three.hand, three.lay_away, three.crib_from_deck, three.partners, three.sides) == (5, 1, 1, False, 3)
    four = Rules(players=4)
    assert (four.hand, four.lay_away, four.crib_from_deck, four.partners, four.sides) == (5, 1, 0, True, 2)
    assert [four.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert Rules(players=3, target=61).skunk_lines == (31, None)


@pytest.mark.parametrize(("rules", "field"), [
    (dict(players=5), "players"), (dict(players=1), "players"), (dict(players="3"), "players"),
    (dict(players=3, partners=True), "partners"), (dict(players=4, partners=False), "partners"),
    (dict(players=3, hand=6), "hand=6"), (dict(players=4, lay_away=2), "lay_away=2"),
    (dict(players=4, crib_from_deck=1), "crib_from_deck=1"), (dict(players=3, target=100), "100"),
    (dict(players=3, muggins=True), "muggins"), (dict(double_skunk_games=5), "5"),
])
@pytest.mark.parametrize("language", CODES)
def test_a_rules_value_that_makes_no_game_is_refused_naming_the_field(rules, field, language):
    with pytest.raises(CribbageError) as refused:
        Rules(**rules)
    said = render(refused.value.message, language)
    assert field in said
    if language != "en":
        assert said != render(refused.value.message, "en")


# --- two players at the table: the Game's own games ---------------------------------------------


def _both_ways(seed: str) -> None:
    """One game of random legal moves played on :class:`Game` and on a two-seat :class:`TableGame`."""
    game, table, rng = Game(seed), TableGame(seed, rules=Rules()), random.Random(seed)
    while game.phase is not Phase.OVER:
        assert (game.phase, game.to_act, game.dealer, game.scores) == (table.phase, table.to_act, table.dealer,
                                                                       table.scores)
        if game.phase is Phase.DISCARD:
            seat = game.to_act
            away = tuple(rng.sample(game.hand(seat), 2))
            game.discard(seat, away)
            table.lay_away(seat, away)
        elif game.phase is Phase.PLAY:
            seat = game.to_act
            fitting = [card for card in game.hand(seat) if game.count + card.value <= 31]
            if fitting:
                card = rng.choice(fitting)
                game.play(seat, card)
                table.play(seat, card)
            else:
                game.go(seat)
                table.go(seat)
        else:
            game.next_deal()
            table.next_deal()
    assert table.phase is Phase.OVER and table.scores == game.scores
    assert [(e.seat, e.points, e.kind, e.cards) for e in table.events] == [
        (e.seat, e.points, e.kind, e.cards) for e in game.events]


@pytest.mark.parametrize("block", range(4))
def test_two_at_the_table_play_exactly_as_the_two_player_game(block):
    for i in range(25):
        _both_ways(f"table/two/{block}/{i}")


# --- worked examples: each rule that differs from two-handed play -------------------------------

THREE = StackedDeal(["QH KH 5S 5D 2C", "10S 9S 8S 7C AH", "JD 6D 4C 3C KC"], starter="2D", crib_card="9H")


def _three(scores=(100, 116, 114)) -> TableGame:
    game = TableGame(1, rules=Rules(players=3), dealer=0, scores=scores, deals=[THREE])
    for seat, card in ((0, "KH"), (1, "AH"), (2, "KC")):
        game.lay_away(seat, [card])
    return game


def _play(game: TableGame, moves: str) -> None:
    for move in moves.split():
        seat, card = move.split(":")
        game.go(int(seat)) if card == "go" else game.play(int(seat), card)


def test_three_players_are_dealt_five_and_the_crib_gets_a_card_from_the_deck():
    game = TableGame(1, rules=Rules(players=3), dealer=0, deals=[THREE])
    assert [len(game.hand(seat)) for seat in range(3)] == [5, 5, 5]
    assert [str(card) for card in game.crib_so_far] == ["9♥"]
    deal = next(entry for entry in game.log if entry.kind is LogKind.DEAL)
    assert len(deal.cards) == 16   # five each, one at a time from the dealer's left, then the crib's
    for seat, card in ((0, "KH"), (1, "AH"), (2, "KC")):
        game.lay_away(seat, [card])
    assert sorted(map(str, game.crib_so_far)) == sorted(["9♥", "K♥", "A♥", "K♣"])
    assert [len(game.kept(seat)) for seat in range(3)] == [4, 4, 4]


def test_three_players_the_player_left_of_the_dealer_leads():
    game = _three()
    assert game.phase is Phase.PLAY and game.to_act == 1


def test_three_players_go_passes_to_the_next_player_who_can_play():
    game = _three()
    _play(game, "1:10S 2:6D 0:5S 1:8S")        # 29: seat 2 holds J 4 3, none fits
    assert game.to_act == 2
    game.go(2)
    assert game.to_act == 0                   # seat 0 can: its 2 makes 31
    game.play(0, "2C")
    assert [(e.seat, e.points, e.kind) for e in game.events[-1:]] == [(0, 2, ScoreKind.THIRTY_ONE)]
    assert game.count == 0 and game.to_act == 1   # the player left of the one who played the last card leads


def test_three_players_when_no_one_can_play_the_last_card_pegs_the_go():
    game = _three()
    _play(game, "1:10S 2:6D 0:5S 1:8S 2:go 0:2C 1:9S 2:JD 0:QH")   # 29 again: no 2 left anywhere
    assert game.to_act == 1
    _play(game, "1:go 2:go")                   # seat 0 cannot play either: no one is left to hear its go
    assert [(e.seat, e.points, e.kind) for e in game.events[-1:]] == [(0, 1, ScoreKind.GO)]
    assert game.to_act == 1 and game.count == 0


def test_three_players_the_last_card_of_the_play_pegs_and_the_show_goes_round_from_the_dealers_left():
    game = _three(scores=(0, 0, 0))
    _play(game, "1:10S 2:6D 0:5S 1:8S 2:go 0:2C 1:9S 2:JD 0:QH 1:go 2:go 1:7C 2:4C 0:5D 2:3C")
    play = [(e.seat, e.points, e.kind) for e in game.events if e.phase is Phase.PLAY]
    assert play[-2:] == [(2, 3, ScoreKind.RUN), (2, 1, ScoreKind.LAST_CARD)]
    shows = [(e.seat, e.crib, e.points) for e in game.events if e.phase is Phase.SHOW]
    assert [(seat, crib) for seat, crib, _ in shows] == [(1, False), (2, False), (0, False), (0, True)]
    starter = game.starter
    for event in (e for e in game.events if e.phase is Phase.SHOW):
        assert event.points == score_hand(event.cards, starter, crib=event.crib).total
    assert game.phase is Phase.DEAL_OVER
    game.next_deal()
    assert game.dealer == 1 and game.to_act == 2   # the deal passes to the left


def test_the_first_to_reach_the_target_in_the_show_wins_though_a_later_hand_would_score_more():
    game = _three()                           # 100, 116, 114
    _play(game, "1:10S 2:6D 0:5S 1:8S 2:go 0:2C 1:9S 2:JD 0:QH 1:go 2:go 1:7C 2:4C 0:5D 2:3C")
    assert game.phase is Phase.OVER and game.winner == 1 and game.scores == (103, 121, 118)
    shown = [e for e in game.events if e.phase is Phase.SHOW]
    assert [(e.seat, e.points, e.worth) for e in shown] == [(1, 5, 6)]   # seat 2's 8 is never counted
    assert game.result() == {0: 1, 2: 1}
    with pytest.raises(CribbageError, match="over"):
        game.next_deal()


def test_three_players_the_game_is_worth_more_against_a_skunked_player():
    game = TableGame(1, rules=Rules(players=3), dealer=0, scores=(60, 116, 90), deals=[THREE])
    for seat, card in ((0, "KH"), (1, "AH"), (2, "KC")):
        game.lay_away(seat, [card])
    _play(game, "1:10S 2:6D 0:5S 1:8S 2:go 0:2C 1:9S 2:JD 0:QH 1:go 2:go 1:7C 2:4C 0:5D 2:3C")
    assert game.winner == 1 and game.scores == (63, 121, 94) and game.result() == {0: 2, 2: 1}


FOUR = StackedDeal(["5S 5D KH QH 2C", "10S 9S 8S 7C AH", "JD 6D 4C 3C KC", "7H 8H 9H 2S 3S"], starter="JC")


def test_four_players_partners_score_together_and_the_dealers_side_pegs_his_heels():
    game = TableGame(2, rules=Rules(players=4), dealer=3, deals=[FOUR])
    for seat, card in ((0, "2C"), (1, "AH"), (2, "KC"), (3, "3S")):
        game.lay_away(seat, [card])
    assert game.scores == (0, 2)              # a jack turned: 2 for the dealer's side (seats 1 and 3)
    assert game.to_act == 0                   # left of the dealer
    _play(game, "0:5S 1:10S")                 # seat 1 makes fifteen for its side
    assert game.scores == (0, 4)
    _play(game, "2:6D 3:7H")                  # 5 10 6 7 = 28: no run (10 breaks it)
    _play(game, "0:go 1:go 2:3C")             # seat 2 makes 31: 2 for seats 0 and 2
    assert game.scores == (2, 4) and game.side_of(2) == 0


def test_four_players_the_crib_is_the_dealers_side_and_every_hand_counts_for_its_side():
    game = TableGame(3, rules=Rules(players=4), dealer=1)
    players = [table_player("standard") for _ in range(4)]
    views = [SeatView(game, seat) for seat in range(4)]
    assert [view.crib_is_ours for view in views] == [False, True, False, True]
    for seat in (2, 3, 0, 1):
        game.lay_away(seat, players[seat].lay_away(views[seat]))
    while game.phase is Phase.PLAY:
        seat = game.to_act
        card = players[seat].play(views[seat])
        game.go(seat) if card is None else game.play(seat, card)
    if game.phase is Phase.DEAL_OVER:
        shows = [e for e in game.events if e.phase is Phase.SHOW]
        assert [(e.seat, e.crib) for e in shows] == [(2, False), (3, False), (0, False), (1, False), (1, True)]
        totals = [0, 0]
        for event in game.events:
            totals[game.side_of(event.seat)] += event.points
        assert tuple(totals) == game.scores


# --- what a seat may see ------------------------------------------------------------------------


def test_a_seat_sees_its_own_cards_and_the_table_nothing_else():
    game = TableGame(4, rules=Rules(players=3), dealer=0)
    view = SeatView(game, 1)
    assert view.hand == game.hand(1) and view.hand_of(1) == game.hand(1)
    for peek in (lambda: view.hand_of(2), lambda: view.kept_of(0), lambda: view.laid_away_of(2), lambda: view.crib):
        with pytest.raises(CribbageError):
            peek()
    with pytest.raises(CribbageError, match="Player B cannot see the hand of Player C"):
        view.hand_of(2)
    assert view.cards_held(2) == 5 and view.starter is None


class _Peeker:
    """A player that tries to read the next seat's hand before it lays away."""

    level = "peeker"

    def lay_away(self, view):
        view.hand_of((view.seat + 1) % view.players)
        return view.hand[:1]

    def play(self, view):
        return None


def test_a_player_that_peeks_is_refused_by_the_view():
    with pytest.raises(CribbageError, match="cannot see the hand"):
        play_table_game([_Peeker(), table_player(), table_player()], seed=1)


# --- refusals leave the game as it was ----------------------------------------------------------


def _state(game: TableGame):
    return (game.phase, game.to_act, game.scores, game.count, [game.hand(s) for s in range(game.players)],
            len(game.log), len(game.events))


@pytest.mark.parametrize(("act", "said"), [
    (lambda g: g.play(2, "6D"), "Player B.s turn"),
    (lambda g: g.play(1, "6D"), "does not hold"),
    (lambda g: g.play(1, "5X"), "5X"),
    (lambda g: g.go(1), "can play"),
    (lambda g: g.lay_away(0, ["5S"]), "not done now"),
    (lambda g: g.play(7, "10S"), "seat is a whole number from 0 to 2"),
])
def test_an_illegal_action_is_refused_and_changes_nothing(act, said):
    game = _three()
    before = _state(game)
    with pytest.raises(CribbageError, match=said):
        act(game)
    assert _state(game) == before


def test_laying_away_wrong_is_refused_and_changes_nothing():
    game = TableGame(1, rules=Rules(players=3), dealer=0, deals=[THREE])
    before = _state(game)
    for act, said in ((lambda: game.lay_away(0, ["KH", "QH"]), "1 card"), (lambda: game.lay_away(0, ["AH"]),
                      "does not hold"), (lambda: game.lay_away(0, ["KH", "KH"]), "twice")):
        with pytest.raises(CribbageError, match=said):
            act()
        assert _state(game) == before
    game.lay_away(0, ["KH"])
    with pytest.raises(CribbageError, match="laid away already"):
        game.lay_away(0, ["QH"])


def test_a_stacked_deal_that_the_rules_cannot_deal_is_refused():
    with pytest.raises(CribbageError, match="Player B needs 5 cards, not 6"):
        TableGame(1, rules=Rules(players=3), deals=[StackedDeal(["QH KH 5S 5D 2C", "10S 9S 8S 7C AH 2H",
                                                                    "JD 6D 4C 3C KC"])])
    with pytest.raises(CribbageError, match="twice"):
        TableGame(1, rules=Rules(players=3), deals=[StackedDeal(["QH KH 5S 5D 2C", "10S 9S 8S 7C AH",
                                                                    "JD 6D 4C 3C QH"])])
    with pytest.raises(CribbageError, match="only with three players"):
        TableGame(1, rules=Rules(players=4), deals=[StackedDeal(list(FOUR.hands), crib_card="9H")])
    with pytest.raises(CribbageError, match="scores"):
        TableGame(1, rules=Rules(players=4), scores=(1, 2, 3))


# --- whole games --------------------------------------------------------------------------------


def _shows_counted_again(game: TableGame) -> dict[int, list[tuple[int, int, bool]]]:
    """Each deal's show counted from the log alone, in order: (seat, points, crib) for each hand from the
    dealer's left, the dealer's last, then the crib. The cards each seat held are worked out from the deal
    (one at a time from the dealer's left, then the deck's card to the crib) less what it laid away, and
    each hand is counted by :func:`score_hand`: nothing of the game's own show is read."""
    rules, n = game.rules, game.players
    shows: dict[int, list[tuple[int, int, bool]]] = {}
    dealt: dict[int, list[list]] = {}
    crib: dict[int, list] = {}
    dealer: dict[int, int] = {}
    for entry in game.log:
        if entry.kind is LogKind.DEAL:
            dealer[entry.deal] = entry.seat
            hands = [[] for _ in range(n)]
            for i, card in enumerate(entry.cards[:n * rules.hand]):
                hands[(entry.seat + 1 + i) % n].append(card)
            dealt[entry.deal], crib[entry.deal] = hands, list(entry.cards[n * rules.hand:])
        elif entry.kind is LogKind.DISCARD:
            for card in entry.cards:
                dealt[entry.deal][entry.seat].remove(card)
            crib[entry.deal].extend(entry.cards)
        elif entry.kind is LogKind.STARTER:
            d, starter = entry.deal, entry.cards[0]
            order = [(dealer[d] + 1 + k) % n for k in range(n)]
            shows[d] = [(seat, score_hand(dealt[d][seat], starter).total, False) for seat in order]
            shows[d].append((dealer[d], score_hand(crib[d], starter, crib=True).total, True))
    return shows


def _check_game(game: TableGame) -> None:
    """Every deal dealt five each and a crib of four; each deal's show what an independent count of its
    hands and crib says, in the rule book's order; the events summing to the scores."""
    rules, n = game.rules, game.players
    totals = [0] * rules.sides
    for entry in game.log:
        if entry.kind is LogKind.DEAL:
            assert len(entry.cards) == n * rules.hand + rules.crib_from_deck
    for event in game.events:
        totals[rules.side_of(event.seat)] += event.points
    counted = _shows_counted_again(game)
    last = max(counted)
    for deal, expected in counted.items():
        shown_ = [event for event in game.events if event.deal == deal and event.phase is Phase.SHOW]
        said = [(event.seat, event.worth, event.crib) for event in shown_]
        assert all(len(event.cards) == 4 for event in shown_)
        if deal < last:
            assert said == expected
            assert sum(event.points for event in shown_) == sum(points for _, points, _ in expected)
        else:  # the game may end in this deal's show: what was counted is the start of it
            assert said == expected[:len(said)]
    assert tuple(totals) == game.scores and max(game.scores) == rules.target
    assert game.winner == game.scores.index(rules.target)


@pytest.mark.parametrize("players", [3, 4])
def test_computer_players_play_whole_games(players):
    for i in range(20):
        levels = ["standard" if (seat + i) % 2 else "random" for seat in range(players)]
        game = play_table_game([table_player(level, seed=i) for level in levels], seed=f"table/{players}/{i}",
                               rules=Rules(players=players))
        _check_game(game)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_a_thousand_games_of_three_and_of_four_without_an_illegal_move(players):
    for i in range(1000):
        levels = [("standard", "random", "expert")[(seat + i) % 3] for seat in range(players)]
        game = play_game([table_player(level, seed=i) for level in levels], seed=f"thousand/{players}/{i}",
                         rules=Rules(players=players))
        _check_game(game)


def test_game_with_the_rules_of_three_or_four_is_the_game_at_the_table():
    for players in (3, 4):
        rules = Rules(players=players)
        game, table = Game("rules", rules=rules), TableGame("rules", rules=rules)
        assert isinstance(game, TableGame) and game.rules == rules
        assert [(e.kind, e.seat, e.cards) for e in game.log] == [(e.kind, e.seat, e.cards) for e in table.log]
        assert Game(1, rules=rules, dealer=2).dealer == 2
    played = play_game([table_player("standard", seed=s) for s in range(3)], seed=8, rules=Rules(players=3))
    again = play_table_game([table_player("standard", seed=s) for s in range(3)], seed=8, rules=Rules(players=3))
    assert [(e.seat, e.kind, e.points) for e in played.events] == [(e.seat, e.kind, e.points) for e in again.events]


def test_the_two_player_rules_make_the_two_player_game_as_before():
    for rules, options in ((Rules(), {}), (Rules(target=61), {"target": 61}), (Rules(muggins=True), {"muggins": True}),
                           (Rules(double_skunk_games=4), {"double_skunk_games": 4})):
        game = Game(5, rules=rules)
        assert type(game) is Game and game.rules == rules
        assert game.log == Game(5, **options).log
        ruled = play_game([player("standard"), player("expert")], seed=3, rules=rules)
        plain = play_game([player("standard"), player("expert")], seed=3, **options)
        assert ruled.events == plain.events and ruled.scores == plain.scores
    assert Game(2).rules == Rules()


@pytest.mark.parametrize(("call", "said"), [
    (lambda: Game(1, rules=Rules(players=3), target=61), "target is not an option of a game of 3 players"),
    (lambda: Game(1, rules=Rules(players=4), back_pegs=(0, 0)), "back_pegs is not an option"),
    (lambda: Game(1, rules=Rules(), target=61), "target=61 disagrees with the rules given, which say 121"),
    (lambda: Game(1, rules=Rules(), muggins=True), "muggins=True disagrees"),
    (lambda: Game(1, rules="three"), "rules must be a Rules value, not 'three'"),
    (lambda: play_game([table_player()] * 3, seed=1, rules=Rules(players=3), target=61), "target is not an option"),
    (lambda: play_game([player("expert")] * 3, seed=1, rules=Rules(players=3)), "Player A is not a player"),
    (lambda: play_game([table_player()] * 4, seed=None, rules=Rules(players=4)), "seed"),
])
def test_game_and_play_game_refuse_rules_that_disagree(call, said):
    with pytest.raises(CribbageError, match=said):
        call()


@pytest.mark.slow
def test_two_hundred_more_two_player_games_match_the_game():
    for i in range(200):
        _both_ways(f"table/two/more/{i}")


# --- the computer levels ------------------------------------------------------------------------


class _NoPeeking(SeatView):
    """A seat's view that fails the test on any question about another seat's cards, or the crib."""

    __slots__ = ()

    def hand_of(self, seat):
        raise AssertionError(f"seat {self.seat} asked for seat {seat}'s hand")

    def kept_of(self, seat):
        raise AssertionError(f"seat {self.seat} asked for seat {seat}'s kept cards")

    def laid_away_of(self, seat):
        raise AssertionError(f"seat {self.seat} asked for seat {seat}'s card laid away")

    @property
    def crib(self):
        raise AssertionError(f"seat {self.seat} asked for the crib")


@pytest.mark.parametrize("players", [3, 4])
def test_every_level_plays_through_views_that_would_raise_on_any_peek(players):
    levels = list(TABLE_LEVELS)
    for i in range(6):
        seated = [table_player(levels[(seat + i) % len(levels)], seed=i) for seat in range(players)]
        _check_game(play_table_game(seated, seed=f"peek/{players}/{i}", rules=Rules(players=players), view=_NoPeeking))


def test_the_expert_lays_away_for_hand_and_crib_by_whose_crib_it_is():
    # 5C 5D 5H JS KD (the statistics lab's example): the jack to its own side's crib, the king to another's
    expert = table_player("expert")
    for dealer, away in ((0, "J♠"), (1, "K♦"), (2, "K♦")):
        game = TableGame(1, rules=Rules(players=3), dealer=dealer, deals=[StackedDeal(
            ["5C 5D 5H JS KD", "2C 3C 4C 6C 7C", "2D 3D 4D 6D 7D"])])
        assert [str(card) for card in expert.lay_away(SeatView(game, 0))] == [away]
    game = TableGame(1, rules=Rules(players=4), dealer=2, deals=[StackedDeal(
        ["5C 5D 5H JS KD", "2C 3C 4C 6C 7C", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H"])])
    assert [str(card) for card in expert.lay_away(SeatView(game, 0))] == ["J♠"]   # the partner's crib is ours


def test_the_expert_weighs_the_next_players_reply():
    # 3 players, seat 1 leads into seat 2. A 5 would leave 5 (a ten for fifteen); the expert leads the 4.
    game = TableGame(1, rules=Rules(players=3), dealer=0, deals=[StackedDeal(
        ["2H 3H 6H 8H JH", "4S 5S 9S 9C KC", "2D 3D 6D 8D QD"], starter="AC", crib_card="7C")])
    for seat, card in ((0, "JH"), (1, "KC"), (2, "QD")):
        game.lay_away(seat, [card])
    assert game.to_act == 1
    assert str(table_player("expert").play(SeatView(game, 1))) == "4♠"


def test_the_expert_pegs_out_when_it_can():
    # Seat 1 needs 2; at 10 its 5 makes fifteen and the game.
    game = TableGame(1, rules=Rules(players=3), dealer=0, scores=(0, 119, 0), deals=[StackedDeal(
        ["2H 3H 6H 8H JH", "4S 5S 9S 10C KC", "2D 3D 6D 8D QD"], starter="AC", crib_card="7C")])
    for seat, card in ((0, "JH"), (1, "KC"), (2, "8D")):
        game.lay_away(seat, [card])
    _play(game, "1:4S 2:3D 0:3H")             # 10, and a pair for seat 0
    assert game.to_act == 1 and game.count == 10
    card = table_player("expert").play(SeatView(game, 1))
    assert str(card) == "5♠"
    game.play(1, card)
    assert game.winner == 1 and game.scores == (2, 121, 0)


@pytest.mark.parametrize(("call", "said"), [
    (lambda: play_table_game([1, 2, 3], seed=1), "Player A is not a player"),
    (lambda: play_table_game([table_player()] * 2, seed=1), "seat 3 players, not 2"),
    (lambda: TableGame(1, dealer=True), "dealer is a seat from 0 to 2, not True"),
    (lambda: TableGame(1.5), "1.5"),
    (lambda: TableGame(1, rules="3"), "Rules value"),
    (lambda: TableGame(1, scores=[1, 2, 200]), "scores"),
    (lambda: SeatView(TableGame(1), 5), "0 to 2, not 5"),
    (lambda: table_player("grandmaster"), "grandmaster"),
    (lambda: TableGame(1).result(), "not done now"),
])
def test_hostile_values_are_refused_with_the_engines_error(call, said):
    with pytest.raises(CribbageError, match=said):
        call()

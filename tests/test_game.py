"""The game state machine: every phase and transition, the play's go and last-card rules, winning
anywhere it can happen, the game's value, muggins, and every illegal action refused with the game
exactly as it was. Rules: course/rules.md."""

from __future__ import annotations

import itertools
import random

import pytest

from cribbage import Card, Deck, IllegalActionError, cards, score_hand
from cribbage.lang.messages import render
from cribbage.rules.actions import Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.errors import CribbageError
from cribbage.rules.events import Phase
from cribbage.rules.game import Game, _get_state, _may_score
from cribbage.rules.play_scoring import score_play


def snapshot(game: Game) -> tuple:
    """Everything a game holds: its state, events, log and undo history."""
    return _get_state(game), tuple(game._events), tuple(game._log), tuple(game._history)


def refused(game: Game, action, *args, match: str = "") -> IllegalActionError:
    """Call ``action(*args)``: it must raise IllegalActionError (matching ``match``), changing nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=match) as info:
        action(*args)
    assert snapshot(game) == before
    assert str(info.value)
    return info.value


def play_all(game: Game, moves: str) -> None:
    """Moves like ``"0:AC 1:AD 1:go"``: seat, then a card or ``go``."""
    for move in moves.split():
        seat, what = move.split(":")
        if what == "go":
            game.go(int(seat))
        else:
            game.play(int(seat), what)


def kinds(game: Game, **where) -> list[tuple[int, str, int]]:
    return [(e.seat, e.kind, e.points) for e in game.events
            if all(getattr(e, k) == v for k, v in where.items())]


# The deals used below. Seat 1 deals, so seat 0 is the pone and leads.
GO_DEAL = dict(hands=("KH QH 9C 2D 4H 6C", "KS JD 8C 3D AS AC"), starter="7D", dealer=1,
               discards=("4H 6C", "AS AC"))
THIRTY_ONE_DEAL = dict(hands=("10H 4C 7D 9S KS QS", "KD 7H AS 2H QD JS"), starter="6C", dealer=1,
                       discards=("KS QS", "QD JS"))
LAST_31_DEAL = dict(hands=("AC 2C 3C 10H KS QS", "AD 2D 4S 8H KD QD"), starter="9C", dealer=1,
                    discards=("KS QS", "KD QD"))
LAST_31_MOVES = "0:AC 1:AD 0:2C 1:2D 0:3C 1:4S 0:10H 1:8H"
PASS_DEAL = dict(hands=("10H JH QH KH 5S 6S", "AC 2C 3D 4D 9S 8S"), starter="7C", dealer=1,
                 discards=("5S 6S", "9S 8S"))


# --------------------------------------------------------------------------- setting up
class TestStart:
    def test_same_seed_same_game(self):
        a, b = Game(seed=11), Game(seed=11)
        assert a.log == b.log and a.dealer == b.dealer and a.hand(0) == b.hand(0)
        assert Game(seed=12).log != a.log

    def test_seed_none_draws_one_and_keeps_it(self):
        game = Game()
        assert Game(seed=game.seed).log == game.log

    def test_cut_for_deal_lower_card_deals(self):
        for seed in range(30):
            game = Game(seed=seed)
            cuts = [entry for entry in game.log if entry.kind == "cut for deal"]
            a, b = cuts[-1].cards
            assert a.rank != b.rank
            assert game.dealer == (0 if a.rank < b.rank else 1)
            assert all(x.rank == y.rank for x, y in (e.cards for e in cuts[:-1]))
            assert "deals" in cuts[-1].description

    def test_equal_ranks_cut_again_and_are_logged(self):
        seed = next(s for s in range(500)
                    if sum(e.kind == "cut for deal" for e in Game(seed=s).log) > 1)
        cuts = [e for e in Game(seed=seed).log if e.kind == "cut for deal"]
        assert cuts[0].cards[0].rank == cuts[0].cards[1].rank
        assert cuts[0].description.endswith("equal ranks, cut again")

    def test_each_deal_is_the_seeded_deck_dealt_one_at_a_time_pone_first(self):
        game = Game(seed="deck")
        for _ in range(3):
            deck = Deck().shuffled(f"deck/{game.deal_number}")
            (first, second), rest = deck.deal(2, 6)
            assert game.hand(game.pone) == tuple(sorted(first))
            assert game.hand(game.dealer) == tuple(sorted(second))
            assert game.log[-1].kind == "deal" and game.log[-1].cards == tuple(deck)[:12]
            for seat in (game.pone, game.dealer):
                game.discard(seat, game.hand(seat)[:2])
            # The starter is cut from the rest of that deal's deck with Deck.cut.
            assert game.starter == rest.cut(game._cut_at)
            assert tuple(rest) == game._rest
            _finish_deal(game)
            if game.is_over:
                break
            game.next_deal()

    def test_the_deal_alternates(self):
        game = Game(seed=5)
        dealers = [game.dealer]
        for _ in range(4):
            _finish_deal(game)
            game.next_deal()
            dealers.append(game.dealer)
        assert dealers == [dealers[0], 1 - dealers[0]] * 2 + [dealers[0]]
        assert game.deal_number == 5
        assert [e.seat for e in game.log if e.kind == "deal"] == dealers

    def test_options_are_checked(self):
        for bad in (dict(target=100), dict(double_skunk_games=5), dict(dealer=2), dict(scores=(121, 0)),
                    dict(scores=(-1, 0)), dict(scores=(1,)), dict(seed=1.5)):
            with pytest.raises(CribbageError):
                Game(**{"seed": 1, **bad})
        with pytest.raises(CribbageError):
            Game(seed=1, target=61, scores=(61, 0))

    def test_stacked_deals_are_checked(self):
        with pytest.raises(CribbageError, match="six cards"):
            Game(seed=1, deals=[(("AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D 6D"), None)])
        with pytest.raises(CribbageError, match="twice"):
            Game(seed=1, deals=[(("AC 2C 3C 4C 5C 6C", "AC 2D 3D 4D 5D 6D"), None)])
        with pytest.raises(CribbageError, match="twice"):
            Game(seed=1, deals=[(("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"), "6D")])
        with pytest.raises(CribbageError):
            Game(seed=1, deals=[("AC 2C", None)])

    def test_from_deal_stacks_the_hands_and_starter(self):
        game = Game.from_deal(("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "5C", dealer=0)
        assert game.phase is Phase.DISCARD and game.dealer == 0 and game.pone == 1
        assert game.hand(0) == cards("5D 5H 6H 7S 8C 9D")
        assert game.hand(1) == cards("2S 3S 4S JC QC KC")
        assert game.log[-1].cards[:2] == cards("JC 5H")  # the pone is dealt first
        assert not any(e.kind == "cut for deal" for e in game.log)
        game.discard(1, "2S 3S")
        game.discard(0, "8C 9D")
        assert game.starter == Card.parse("5C")
        # Later deals are seeded, and different.
        _finish_deal(game)
        game.next_deal()
        assert game.dealer == 1 and len(game.hand(0)) == 6

    def test_from_deal_with_scores_and_discards_starts_at_the_play(self):
        game = Game.from_deal(**GO_DEAL)
        assert game.phase is Phase.PLAY and game.to_act == 0
        assert game.kept(0) == cards("2D 9C QH KH") and game.discards(1) == cards("AS AC")
        assert game.crib == cards("4H 6C AS AC")
        refused(game, game.undo, match="nothing to undo")
        scored = Game.from_deal(**{**GO_DEAL, "scores": (100, 50)})
        assert scored.scores == scored.start_scores == (100, 50) and scored.pegs == ((100, 0), (50, 0))


# --------------------------------------------------------------------------- a game with a history
# The end of a game as the course shows it (stop 5's close finish): the tenth deal, each back peg
# where the last deal's points left it.
LATE = dict(dealer=1, scores=(109, 114), back_pegs=(103, 106), deal_number=10)


class TestLaterDeal:
    def test_a_game_can_start_at_a_later_deal_with_its_back_pegs(self):
        game = Game(seed=8, **LATE)
        assert game.deal_number == game.start_deal == 10 and game.dealer == 1
        assert game.pegs == game.start_pegs == ((109, 103), (114, 106)) and game.scores == (109, 114)
        assert not any(e.kind == "cut for deal" for e in game.log)
        assert [(e.kind, e.deal) for e in game.log] == [("deal", 10)]
        assert repr(game) == "<Game seed=8 deal 10, discard, scores 109-114>"
        # The tenth deal is the seed's tenth shuffle, as in a game played from the first.
        (first, second), _rest = Deck().shuffled("8/10").deal(2, 6)
        assert game.hand(game.pone) == tuple(sorted(first)) and game.hand(game.dealer) == tuple(sorted(second))
        copied = game.copy()
        assert (copied.start_deal, copied.start_pegs) == (10, game.start_pegs)
        before = snapshot(game)
        game.discard(0, game.hand(0)[:2])
        game.undo()
        assert snapshot(game) == before and game.pegs == ((109, 103), (114, 106))

    def test_points_leapfrog_from_the_back_pegs_given_and_the_deals_go_on(self):
        game = Game(seed=8, **LATE)
        while not game.is_over:
            _finish_deal(game)
            if not game.is_over:
                game.next_deal()
        assert game.deal_number >= 10 and {e.deal for e in game.events} <= set(range(10, game.deal_number + 1))
        for seat in (0, 1):
            pegged = [e.points for e in game.events if e.seat == seat and e.points]
            if pegged:   # the back peg is the score before the last points, the given one no more
                assert game.pegs[seat] == (game.scores[seat], game.scores[seat] - pegged[-1])
            else:
                assert game.pegs[seat] == game.start_pegs[seat]

    def test_a_stacked_deal_is_the_first_deal_played(self):
        game = Game.from_deal(("3C 3H 3S 7S TH QH", "AC 2S 3D 4D 7D 9D"), "AS", seed=78,
                              discards=("TH QH", "7D 9D"), **LATE)
        assert game.deal_number == 10 and game.phase is Phase.PLAY
        assert game.kept(0) == cards("3C 3H 3S 7S") and game.starter == Card.parse("AS")
        assert game.pegs == ((109, 103), (114, 106))
        refused(game, game.undo, match="nothing to undo")

    def test_back_pegs_start_at_0_and_a_player_with_no_points_has_none(self):
        assert Game(seed=1, scores=(100, 50)).pegs == ((100, 0), (50, 0))
        assert Game(seed=1, scores=(0, 7), back_pegs=(0, 3)).pegs == ((0, 0), (7, 3))
        assert Game(seed=1, dealer=0, scores=(0, 1), deal_number=2).start_deal == 2   # one point is a deal

    @pytest.mark.parametrize("options, key, words", [
        (dict(back_pegs=(110, 106)), "game.back_peg_ahead",
         "seat 0's back peg must be behind its front peg (109): a whole number from 0 to 108, not 110"),
        (dict(back_pegs=(103, 114)), "game.back_peg_ahead", "seat 1's back peg must be behind its front peg (114)"),
        (dict(back_pegs=(-1, 106)), "game.back_peg_ahead", "from 0 to 108, not -1"),
        (dict(scores=(0, 114), back_pegs=(2, 106)), "game.back_peg_at_start",
         "seat 0 has no points, so its back peg is at the start (0), not 2"),
        (dict(back_pegs=(103,)), "game.bad_back_pegs", "back pegs must be two whole numbers"),
        (dict(back_pegs=(103, 106, 1)), "game.bad_back_pegs", "not (103, 106, 1)"),
        (dict(back_pegs=(103, 10.5)), "game.bad_back_pegs", "not (103, 10.5)"),
        (dict(back_pegs=None), "game.bad_back_pegs", "not None"),
        (dict(back_pegs=(True, 106)), "game.bad_back_pegs", "not (True, 106)"),
        (dict(deal_number=0), "game.bad_deal_number", "the deal number must be a whole number from 1 up, not 0"),
        (dict(deal_number="10"), "game.bad_deal_number", "not '10'"),
        (dict(deal_number=225), "game.deal_too_late",
         "deal 225 cannot begin at scores that total 223: every deal pegs at least its last card, so the deal is "
         "at most 224"),
        (dict(dealer=None), "game.deal_needs_dealer", "a game that begins at deal 10 needs its dealer"),
    ])
    def test_a_position_that_cannot_be_is_refused_naming_what_was_wrong(self, options, key, words):
        makers = [lambda: Game(seed=1, **{**LATE, **options})]
        if "dealer" not in options:   # from_deal always has a dealer
            makers.append(lambda: Game.from_deal(("3C 3H 3S 7S TH QH", "AC 2S 3D 4D 7D 9D"), "AS",
                                                 **{**LATE, **options}))
        for make in makers:
            with pytest.raises(CribbageError) as caught:
                make()
            assert caught.value.message.key == key and words in str(caught.value)
            assert render(caught.value.message, "es") != str(caught.value) != render(caught.value.message, "pt")


# --------------------------------------------------------------------------- the discard
class TestDiscard:
    def test_either_order_then_the_cut(self):
        for first in (0, 1):
            game = Game(seed=3)
            assert game.phase is Phase.DISCARD and game.to_act == game.pone
            six = {seat: game.hand(seat) for seat in (0, 1)}
            game.discard(first, six[first][1:3])
            assert game.hand(first) == six[first][:1] + six[first][3:] == game.kept(first)
            assert game.discards(first) == six[first][1:3]
            assert game.crib is None and game.starter is None
            assert game.to_act == 1 - first
            refused(game, game.discard, first, six[first][:2], match="already laid away")
            game.discard(1 - first, six[1 - first][4:])
            assert game.crib == game.discards(game.pone) + game.discards(game.dealer)
            assert game.starter is not None
            assert game.starter not in six[0] + six[1]
            if not game.is_over:
                assert game.phase is Phase.PLAY and game.to_act == game.pone

    def test_wrong_discards_are_refused(self):
        game = Game(seed=3)
        seat = game.pone
        hand = game.hand(seat)
        other = next(c for c in Deck() if c not in hand)
        refused(game, game.discard, seat, hand[:1], match="exactly two cards, not 1")
        refused(game, game.discard, seat, hand[:3], match="exactly two cards, not 3")
        refused(game, game.discard, seat, [], match="not 0")
        refused(game, game.discard, seat, [hand[0], hand[0]], match="named twice")
        refused(game, game.discard, seat, [hand[0], other], match=f"does not hold {other}")
        refused(game, game.discard, 1 - seat, hand[:2], match="does not hold")
        refused(game, game.discard, seat, "5X 5H", match="not a card")
        refused(game, game.discard, seat, 42, match="not a card")
        for bad in (2, -1, True, "0", None):
            refused(game, game.discard, bad, hand[:2], match="no such player")
        refused(game, game.play, seat, hand[0], match="no card can be played now")
        refused(game, game.go, seat, match="go is said in the play")
        refused(game, game.next_deal, match="the deal is not over")
        refused(game, game.count_hand, seat, 3, match="muggins is off")
        refused(game, game.claim_muggins, seat, match="muggins is off")

    def test_seats_may_be_numpy_integers(self):
        import numpy
        game = Game(seed=3)
        seat = numpy.int64(game.pone)
        game.discard(seat, game.hand(game.pone)[:2])
        assert game.discards(game.pone) and game.to_act == game.dealer

    def test_discards_given_as_text(self):
        game = Game(seed=3)
        seat = game.pone
        text = " ".join(card.code.lower() for card in game.hand(seat)[:2])
        two = game.hand(seat)[:2]
        game.discard(seat, text)
        assert game.discards(seat) == two and len(game.kept(seat)) == 4


# --------------------------------------------------------------------------- the cut
class TestHisHeels:
    def test_a_jack_starter_pegs_two_to_the_dealer_at_once(self):
        game = Game.from_deal(("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"), "JH", dealer=1,
                              discards=("AC 2C", "AD 2D"))
        assert game.scores == (0, 2)
        (event,) = game.events
        assert (event.seat, event.kind, event.points, event.phase) == (1, "his heels", 2, Phase.CUT)
        assert event.description == "his heels for 2"
        assert game.phase is Phase.PLAY

    def test_his_heels_can_win_before_a_card_is_played(self):
        game = Game.from_deal(("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"), "JH", dealer=1,
                              scores=(40, 119))
        game.discard(0, "AC 2C")
        game.discard(1, "AD 2D")
        assert game.is_over and game.winner == 1 and game.phase is Phase.OVER and game.to_act is None
        assert game.scores == (40, 121) and game.played == ()
        assert [e.kind for e in game.log[-2:]] == ["starter", "game over"]
        assert game.result.games == 3


# --------------------------------------------------------------------------- the play
class TestPlay:
    def test_go_then_the_other_plays_on_and_the_last_card(self):
        game = Game.from_deal(**GO_DEAL)
        refused(game, game.play, 1, "KS", match="it is the pone's turn, not the dealer's")
        refused(game, game.go, 0, match="playable card")
        refused(game, game.play, 0, "KS", match="does not hold K♠")
        play_all(game, "0:KH 1:KS 0:QH")
        assert game.count == 30 and game.series == cards("KH KS QH")
        # The dealer holds J 8 3: none fits, so the dealer must say go.
        assert game.legal_actions() == [Go(1)]
        refused(game, game.play, 1, "3D", match="would make the count 33, past 31: say go")
        game.go(1)
        # The pone's 9 and 2 do not fit either: the pone played last and pegs the go.
        assert game.count == 0 and game.series == () and game.said_go == (False, False)
        reset = game.log[-1]
        assert reset.kind == "reset" and reset.seat == 0 and reset.count == 30
        assert [e.description for e in reset.events] == ["go for 1"]
        # The dealer did not play the last card, so the dealer leads the next series.
        assert game.to_act == 1
        play_all(game, "1:JD 0:9C 1:8C 0:2D")
        # 29: the dealer's 3 does not fit and the pone is out of cards: go to the pone, no "go" said.
        assert game.to_act == 1 and game.count == 0 and game.hand(0) == ()
        play_all(game, "1:3D")
        assert kinds(game, phase=Phase.PLAY) == [(1, "pair", 2), (0, "go", 1), (0, "go", 1),
                                                  (1, "last card", 1)]
        assert game.log[-4].kind == "end of play" and game.log[-4].description.endswith("last card for 1 to the dealer")
        assert game.phase is Phase.DEAL_OVER

    def test_thirty_one_resets_and_nothing_combines_across_a_reset(self):
        game = Game.from_deal(**THIRTY_ONE_DEAL)
        play_all(game, "0:10H 1:KD 0:4C 1:7H")
        assert kinds(game) == [(1, "thirty-one", 2)]
        assert game.events[-1].description == "31 for 2"
        assert game.log[-1].kind == "reset" and game.log[-1].events == ()
        assert game.count == 0 and game.to_act == 0  # the pone did not play the 31
        play_all(game, "0:7D 1:AS 0:9S 1:2H")  # 7D after 7H across the reset: no pair
        assert kinds(game, phase=Phase.PLAY) == [(1, "thirty-one", 2), (1, "last card", 1)]
        assert [p for p, _ in game.played] == [0, 1] * 4

    def test_the_last_card_making_31_scores_2_not_3(self):
        game = Game.from_deal(**LAST_31_DEAL)
        play_all(game, LAST_31_MOVES)
        assert kinds(game, phase=Phase.PLAY) == [(1, "pair", 2), (1, "pair", 2), (1, "run", 3),
                                                  (1, "thirty-one", 2)]
        end = next(e for e in game.log if e.kind == "end of play")
        assert end.events == ()

    def test_one_player_out_of_cards_the_other_plays_out(self):
        game = Game.from_deal(**PASS_DEAL)
        play_all(game, "0:10H 1:AC 0:JH 1:2C")
        assert game.legal_actions() == [Go(0)]
        game.go(0)
        assert game.said_go == (True, False) and game.to_act == 1
        refused(game, game.go, 0, match="it is the dealer's turn, not the pone's")
        play_all(game, "1:3D 1:4D")  # the dealer plays on after the go; 4 makes a run of 3
        # The dealer is out, the pone cannot play: go to the dealer, the pone leads again.
        assert game.count == 0 and game.to_act == 0
        play_all(game, "0:QH")
        assert game.log[-1].kind == "pass" and game.log[-1].seat == 1 and game.to_act == 0
        play_all(game, "0:KH")
        assert sum(e.kind == "pass" for e in game.log) == 1  # once per series
        assert kinds(game, phase=Phase.PLAY) == [(1, "run", 3), (1, "go", 1), (0, "last card", 1)]

    def test_scores_of_the_play_are_score_play(self):
        game = Game(seed=21)
        for seat in (game.pone, game.dealer):
            game.discard(seat, game.hand(seat)[:2])
        while game.phase is Phase.PLAY:
            before = len(game._events)
            action = game.legal_actions()[-1]
            game.apply(action)
            if isinstance(action, Play):
                entry = next(e for e in reversed(game.log) if e.kind == "play")
                expected = score_play(_series_at(game, entry)).items
                assert [(e.kind, e.points) for e in entry.events] == [(i.kind, i.points) for i in expected]
                assert game._events[before:before + len(entry.events)] == list(entry.events)

    def test_may_score_never_hides_points(self):
        # Every series of up to five cards from a pool with runs up to five, pairs, fifteens and 31.
        pool = cards("AC 2D 3H 4S 5C 5D 6H 7S KS")
        for n in range(1, 6):
            for series in itertools.permutations(pool, n):
                count = sum(c.value for c in series)
                if count <= 31 and not _may_score(series, count):
                    assert score_play(series).items == ()

    def test_wrong_plays_are_refused(self):
        game = Game.from_deal(**THIRTY_ONE_DEAL)
        refused(game, game.play, 0, "5X", match="not a card")
        refused(game, game.play, 0, "KD", match="does not hold")
        refused(game, game.play, 1, "KD", match="it is the pone's turn, not the dealer's")
        refused(game, game.discard, 0, "10H 4C", match="before the play")
        play_all(game, "0:10H 1:KD 0:9S")
        refused(game, game.play, 1, "7H", match="7♥ would make the count 36")
        assert game.legal_actions(1) == [Play(1, Card.parse("AS")), Play(1, Card.parse("2H"))]
        assert game.legal_actions(0) == []


def _series_at(game: Game, entry) -> tuple:
    """The series as it stood right after the play logged in ``entry``."""
    series: list = []
    for step in game.log:
        if step.kind == "play":
            series.append(step.cards[0])
        if step is entry:
            return tuple(series)
        if step.kind == "reset":
            series = []
    raise AssertionError


def _finish_deal(game: Game) -> None:
    """Play the deal out with the first legal action each time."""
    while game.phase in (Phase.DISCARD, Phase.PLAY, Phase.SHOW):
        game.apply(game.legal_actions()[-1] if game.phase is Phase.SHOW else game.legal_actions()[0])


# --------------------------------------------------------------------------- the show
class TestShow:
    def test_pone_then_dealer_then_crib(self):
        game = Game.from_deal(**LAST_31_DEAL)
        play_all(game, LAST_31_MOVES)
        shows = [e for e in game.events if e.phase is Phase.SHOW]
        assert [(e.seat, e.kind) for e in shows] == [(0, "hand"), (1, "hand"), (1, "crib")]
        expected = [score_hand(game.kept(0), game.starter).total, score_hand(game.kept(1), game.starter).total,
                    score_hand(game.crib, game.starter, crib=True).total]
        assert [e.points for e in shows] == expected
        assert [e.hand_score.total for e in shows] == expected
        assert shows[0].description == f"hand: {score_hand(game.kept(0), game.starter)} for {expected[0]}"
        assert shows[2].crib and shows[2].cards == game.crib and shows[2].starter == game.starter
        assert game.phase is Phase.DEAL_OVER and game.to_act is None
        assert game.legal_actions() == [NextDeal()] and game.legal_actions(0) == [NextDeal()]
        refused(game, game.play, 0, "AC", match="no card can be played now")

    def test_a_zero_hand_is_an_event_of_no_points(self):
        game = Game.from_deal(("2C 4D 6H 8S QC KD", "3C 5D 7H 9S JC AD"), "10S", dealer=1,
                              discards=("QC KD", "JC AD"))
        while game.phase is Phase.PLAY:
            game.apply(game.legal_actions()[0])
        zero = [e for e in game.events if e.kind == "hand" and e.points == 0]
        assert zero and all(e.description.startswith("hand: nineteen") for e in zero)

    def test_crib_flush_needs_five(self):
        # The crib is four hearts with a club starter: no flush in the crib.
        game = Game.from_deal(("2H 6H 9C 10D QS KS", "10H QH 3S 5S 7C 9D"), "AC", dealer=1,
                              discards=("2H 6H", "10H QH"))
        while game.phase is Phase.PLAY:
            game.apply(game.legal_actions()[0])
        crib = next(e for e in game.events if e.kind == "crib")
        assert crib.points == 0 and score_hand(crib.cards, "AC").total == 4  # as a hand: a flush


# --------------------------------------------------------------------------- winning
class TestWinning:
    def test_winning_in_the_play_stops_at_once(self):
        game = Game.from_deal(**{**THIRTY_ONE_DEAL, "scores": (10, 119)})
        play_all(game, "0:10H 1:KD 0:4C 1:7H")
        assert game.is_over and game.winner == 1 and game.scores == (10, 121)
        assert [e.kind for e in game.log[-2:]] == ["play", "game over"]  # no reset after it
        assert game.events[-1].kind == "thirty-one"
        assert game.result.scores == (10, 121) and game.result.games == 3

    def test_winning_with_the_go(self):
        game = Game.from_deal(**{**GO_DEAL, "scores": (120, 100)})
        play_all(game, "0:KH 1:KS 0:QH 1:go")
        assert game.winner == 0 and game.scores == (121, 102)
        assert game.log[-2].kind == "reset" and game.log[-1].kind == "game over"

    def test_winning_with_the_last_card(self):
        game = Game.from_deal(**{**PASS_DEAL, "scores": (120, 100)})
        play_all(game, "0:10H 1:AC 0:JH 1:2C 0:go 1:3D 1:4D 0:QH 0:KH")
        assert game.winner == 0 and game.scores == (121, 104)
        assert game.events[-1].kind == "last card"
        assert not any(e.phase is Phase.SHOW for e in game.events)

    def test_the_pone_counts_first_and_wins_before_the_dealer_counts(self):
        pone_hand = score_hand(cards("AC 2C 3C 10H"), "9C").total
        dealer_hand = score_hand(cards("AD 2D 4S 8H"), "9C").total
        assert pone_hand > 0 and dealer_hand > 0
        # The dealer pegs 9 in this play and would reach 121 with the hand; the pone counts first.
        game = Game.from_deal(**{**LAST_31_DEAL, "scores": (121 - pone_hand, 111)})
        play_all(game, LAST_31_MOVES)
        assert game.scores == (121, 120) and game.winner == 0
        assert [e.kind for e in game.events if e.phase is Phase.SHOW] == ["hand"]
        assert game.result.games == 1

    def test_the_dealer_wins_on_the_hand_before_the_crib(self):
        dealer_hand = score_hand(cards("AD 2D 4S 8H"), "9C").total
        game = Game.from_deal(**{**LAST_31_DEAL, "scores": (0, 121 - 9 - dealer_hand)})
        play_all(game, LAST_31_MOVES)
        assert game.winner == 1 and game.scores[1] == 121
        assert [e.kind for e in game.events if e.phase is Phase.SHOW] == ["hand", "hand"]

    def test_the_winner_pegs_out_on_the_target_exactly(self):
        worth = score_hand(cards("AC 2C 3C 10H"), "9C").total
        game = Game.from_deal(**{**LAST_31_DEAL, "scores": (120, 0)})
        play_all(game, LAST_31_MOVES)
        last = game.events[-1]
        assert game.winner == 0 and game.scores[0] == 121 and game.pegs[0] == (121, 120)
        assert (last.kind, last.points, last.worth) == ("hand", 1, worth)
        assert last.description.endswith(f"for {worth} (1 to reach the target)")
        assert all(e.worth == e.points for e in game.events[:-1])

    def test_nothing_after_the_game_is_won(self):
        game = Game.from_deal(("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"), "JH", dealer=1, scores=(40, 119))
        game.discard(0, "AC 2C")
        refused(game, game.discard, 0, "3C 4C", match="already laid away")
        game.discard(1, "AD 2D")
        assert game.legal_actions() == [] and game.legal_actions(0) == []
        for action, args in ((game.discard, (0, "3C 4C")), (game.play, (0, "3C")), (game.go, (0,)),
                             (game.count_hand, (0, 0)), (game.claim_muggins, (1,)), (game.next_deal, ()),
                             (game.apply, (NextDeal(),))):
            refused(game, action, *args, match="the game is over: player 1 wins 121 to 40")
        assert not game.can_next_deal() and not game.can_play(0, "3C")
        game.undo()  # taking back is not playing on
        assert not game.is_over and game.phase is Phase.DISCARD


class TestGameValue:
    @staticmethod
    def won_on_his_heels(loser: int, **options) -> Game:
        target = options.get("target", 121)
        game = Game.from_deal(("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"), "JH", dealer=1,
                              scores=(loser, target - 2), discards=("AC 2C", "AD 2D"), **options)
        assert game.winner == 1
        return game

    @pytest.mark.parametrize("loser, games", [(91, 1), (110, 1), (90, 2), (61, 2), (60, 3), (0, 3)])
    def test_skunk_lines(self, loser, games):
        result = self.won_on_his_heels(loser).result
        assert result.games == games and result.winner == 1 and result.loser == 0
        assert result.scores == (loser, 121)
        assert result.kind == {1: "win", 2: "skunk", 3: "double skunk"}[games]

    @pytest.mark.parametrize("loser, games", [(61, 2), (60, 4), (0, 4)])
    def test_double_skunk_for_four(self, loser, games):
        assert self.won_on_his_heels(loser, double_skunk_games=4).result.games == games

    @pytest.mark.parametrize("loser, games", [(31, 1), (58, 1), (30, 2), (0, 2)])
    def test_game_to_61(self, loser, games):
        game = self.won_on_his_heels(loser, target=61, double_skunk_games=4)
        assert game.scores == (loser, 61) and game.result.games == games

    def test_result_in_words(self):
        assert str(self.won_on_his_heels(90).result) == "player 1 wins 121 to 90: a skunk, 2 games"


# --------------------------------------------------------------------------- muggins
class TestMuggins:
    def start(self, **extra) -> tuple[Game, int, int, int]:
        game = Game.from_deal(**{**LAST_31_DEAL, "muggins": True, **extra})
        play_all(game, LAST_31_MOVES)
        starter = game.starter
        return (game, score_hand(game.kept(0), starter).total, score_hand(game.kept(1), starter).total,
                score_hand(game.crib, starter, crib=True).total)

    def test_the_show_waits_for_each_count_in_order(self):
        game, pone, dealer, crib = self.start()
        assert game.phase is Phase.SHOW and game.to_act == 0 and game.counting == "hand"
        assert game.legal_actions() == [Count(0, n) for n in range(pone + 1)]
        refused(game, game.count_hand, 1, dealer, match="the pone's hand is counted now")
        refused(game, game.count_hand, 0, pone + 1, match="more than this hand holds")
        refused(game, game.count_hand, 0, -1, match="whole number")
        refused(game, game.count_hand, 0, 2.5, match="whole number")
        refused(game, game.claim_muggins, 1, match="nothing to claim")
        refused(game, game.next_deal, match="the deal is not over")
        before = game.scores
        game.count_hand(0, pone)
        assert game.to_act == 1 and game.muggins_claimant is None
        assert game.counting == "hand" and game.to_act == 1
        game.count_hand(1, dealer)
        assert game.counting == "crib" and game.to_act == 1
        refused(game, game.count_hand, 1, crib + 1, match="more than this crib holds")
        game.count_hand(1, crib)
        assert game.phase is Phase.DEAL_OVER and game.to_act is None and game.counting is None
        assert game.scores == (before[0] + pone, before[1] + dealer + crib)
        assert [e.kind for e in game.log[-3:]] == ["count", "count", "count"]

    def test_an_under_count_can_be_claimed(self):
        game, pone, _dealer, _crib = self.start()
        game.count_hand(0, pone - 3)
        assert game.muggins_claimant == 1 and game.can_claim_muggins(1) and not game.can_claim_muggins(0)
        refused(game, game.claim_muggins, 0, match="cannot claim muggins on their own count")
        assert Muggins(1) in game.legal_actions() and Muggins(1) in game.legal_actions(1)
        assert game.events[-1].description == f"hand: counted {pone - 3} of {pone}"
        assert game.log[-1].description == f"the pone counts {pone - 3} for the hand"
        before = game.scores
        game.apply(Muggins(1))
        event = game.events[-1]
        assert (event.seat, event.kind, event.points) == (1, "muggins", 3)
        assert event.description == "muggins: 3 missed points" and event.hand_score.total == pone
        assert game.scores == (before[0], before[1] + 3)
        refused(game, game.claim_muggins, 1, match="nothing to claim")
        assert game.to_act == 1

    def test_the_chance_closes_with_the_next_count(self):
        game, _pone, dealer, _crib = self.start()
        game.count_hand(0, 0)
        game.count_hand(1, dealer)
        refused(game, game.claim_muggins, 1, match="nothing to claim")

    def test_muggins_on_the_crib_until_the_next_deal(self):
        game, pone, dealer, crib = self.start()
        game.count_hand(0, pone)
        game.count_hand(1, dealer)
        game.count_hand(1, crib - 1)
        assert game.phase is Phase.DEAL_OVER and game.muggins_claimant == 0
        assert set(game.legal_actions()) == {Muggins(0), NextDeal()}
        game.claim_muggins(0)
        assert game.events[-1].crib and game.events[-1].points == 1
        # A second try, closed by the next deal instead.
        game, *_ = self.start()
        game.count_hand(0, pone)
        game.count_hand(1, dealer)
        game.count_hand(1, crib - 1)
        game.next_deal()
        refused(game, game.claim_muggins, 0, match="nothing to claim")

    def test_muggins_claim_reaching_the_target_wins(self):
        pone_hand = score_hand(cards("AC 2C 3C 10H"), "9C").total
        # The dealer pegs 9 in the play: at 110 + 9 = 119, the pone's missed points win it.
        game = Game.from_deal(**{**LAST_31_DEAL, "muggins": True, "scores": (0, 110)})
        play_all(game, LAST_31_MOVES)
        game.count_hand(0, pone_hand - 2)
        game.claim_muggins(1)
        assert game.winner == 1 and game.scores == (pone_hand - 2, 121)
        assert game.log[-1].kind == "game over"

    def test_counting_is_refused_when_muggins_is_off(self):
        game = Game.from_deal(**LAST_31_DEAL)
        play_all(game, LAST_31_MOVES)
        refused(game, game.count_hand, 0, 1, match="counted automatically")
        refused(game, game.claim_muggins, 1, match="muggins is off")


# --------------------------------------------------------------------------- records
class TestRecords:
    def test_pegs_follow_the_events(self):
        game = Game.from_deal(**GO_DEAL)
        play_all(game, "0:KH 1:KS 0:QH 1:go")
        assert game.pegs == ((1, 0), (2, 0))
        play_all(game, "1:JD 0:9C 1:8C 0:2D")
        assert game.pegs == ((2, 1), (2, 0))

    def test_events_add_up_to_the_scores(self):
        game = Game(seed=99)
        while not game.is_over:
            game.apply(game.legal_actions()[0])
            for seat in (0, 1):
                assert game.start_scores[seat] + sum(e.points for e in game.events if e.seat == seat) \
                    == game.scores[seat] == game.pegs[seat][0]
        assert sum(len(entry.events) for entry in game.log) == len(game.events)
        assert [e for entry in game.log for e in entry.events] == list(game.events)
        assert all(isinstance(entry.description, str) for entry in game.log)

    def test_descriptions(self):
        pair_royal = Game.from_deal(("5C 5D 9S QS KS 3H", "5H 2D 8C JC 4S AH"), "7D", dealer=1,
                                    discards=("QS KS", "JC 4S"))
        play_all(pair_royal, "0:5C 1:5H 0:5D")
        assert pair_royal.events[-1].description == "a pair royal for 6"
        assert str(pair_royal.events[-1]) == "the pone: a pair royal for 6"
        assert pair_royal.log[-1].description == "the pone plays 5♦: 15, fifteen for 2; a pair royal for 6"
        game = Game.from_deal(**LAST_31_DEAL)
        play_all(game, LAST_31_MOVES)
        assert [e.description for e in game.events[:3]] == ["a pair for 2", "a pair for 2", "a run of 3 for 3"]


# --------------------------------------------------------------------------- copy and undo
class TestCopyAndUndo:
    def test_copy_is_independent(self):
        game = Game(seed=8)
        copy = game.copy()
        before = snapshot(game)
        while not copy.is_over:
            copy.apply(copy.legal_actions()[0])
        assert snapshot(game) == before
        assert copy.log[: len(game.log)] == game.log

    def test_undo_goes_back_one_action_exactly(self):
        game = Game(seed=8)
        states = [snapshot(game)]
        while not game.is_over:
            game.apply(game.legal_actions()[0])
            states.append(snapshot(game))
        assert game.history_length == len(states) - 1
        while game.history_length:
            game.undo()
            states.pop()
            assert snapshot(game)[:3] == states[-1][:3]
        refused(game, game.undo, match="nothing to undo")

    def test_a_game_pickles_for_process_pools(self):
        import pickle
        game = Game(seed=8)
        game.apply(game.legal_actions()[0])
        again = pickle.loads(pickle.dumps(game))
        assert snapshot(again) == snapshot(game)
        again.undo()
        assert again.history_length == 0

    def test_undo_on_a_copy_leaves_the_original(self):
        game = Game(seed=8)
        game.apply(game.legal_actions()[0])
        copy = game.copy()
        copy.undo()
        assert game.history_length == 1 and copy.history_length == 0


# --------------------------------------------------------------------------- legal actions
def test_legal_actions_are_exactly_what_can_be_applied():
    game = Game(seed=13, muggins=True)
    pool = [Play(s, c) for s in (0, 1) for c in Deck()] + [Go(0), Go(1), Muggins(0), Muggins(1), NextDeal()]
    pool += [Count(s, n) for s in (0, 1) for n in range(0, 30)]
    steps = 0
    while not game.is_over and steps < 120:
        legal = game.legal_actions()
        assert legal, "a game that is not over always has a move"
        for action in pool:
            assert game.can_apply(action) == (action in legal), action
        for seat in (0, 1):
            assert set(game.legal_actions(seat)) <= set(legal)
        if game.phase is Phase.DISCARD:
            assert {a for a in legal if isinstance(a, Discard)} == {
                Discard(s, pair) for s in (0, 1) if not game.discards(s)
                for pair in itertools.combinations(game.hand(s), 2)}
        game.apply(legal[steps % len(legal)])
        steps += 1


def test_apply_refuses_what_is_not_an_action():
    game = Game(seed=1)
    refused(game, game.apply, "play 5H", match="not an action")
    assert not game.can_apply("go")  # type: ignore[arg-type]


def _replay(log, **options) -> Game:
    """A new game driven only by the actions found in ``log``."""
    game = Game(**options)
    for entry in log:
        if entry.kind == "discard":
            game.discard(entry.seat, entry.cards)
        elif entry.kind == "play":
            game.play(entry.seat, entry.cards[0])
        elif entry.kind == "go":
            game.go(entry.seat)
        elif entry.kind == "count":
            event = entry.events[0]
            game.count_hand(entry.seat, event.worth)
        elif entry.kind == "muggins":
            game.claim_muggins(entry.seat)
        elif entry.kind == "next deal":
            game.next_deal()
    return game


@pytest.mark.parametrize("muggins", [False, True])
def test_the_log_replays_the_game(muggins):
    for seed in range(5):
        rng = random.Random(seed)
        game = Game(seed=seed, muggins=muggins)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        again = _replay(game.log, seed=seed, muggins=muggins)
        assert again.log == game.log and again.result == game.result

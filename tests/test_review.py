"""The game review (cribbage.review): it reads only what the seat could know, each discard's cost is an
independent brute-force count's, the expert reviewed by itself gives nothing away, bad requests are
refused, and the words come in every language."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from cribbage import CribbageError, cards
from cribbage.ai.driver import turns
from cribbage.ai.levels import play_game, player
from cribbage.ai.players import action_for
from cribbage.crosscribb import CrossCribbGame
from cribbage.lang.messages import render
from cribbage.registry.languages import TRANSLATED
from cribbage.review import DecisionKind, GameReview, ReviewError, review_game
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import LogEntry, LogKind, Phase
from cribbage.rules.game import Game
from cribbage.rules.show_scoring import hand_total

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from review_games import brute_nets, five_card_points  # benchmarks/review_games.py: the independent count

# What a seat may read of a game (cribbage.ai.seat_view.SeatView), but the seat's own cards.
_PUBLIC = {"phase", "dealer", "deal_number", "target", "starter", "series", "count", "played", "said_go",
           "scores", "events", "log", "muggins_claimant", "result"}


class Spy:
    """A finished game that lets the review read only what a person at ``seat`` could see: the public
    state, the seat's own cards, and the log with the cards of every deal entry (both hands) and of the
    opponent's discard hidden. The crib is never read (its count is in the show's events)."""

    def __init__(self, game: Game, seat: int) -> None:
        self._game, self._seat = game, seat

    def __getattr__(self, name: str) -> object:
        if name not in _PUBLIC:
            raise AssertionError(f"the review read the game's {name}")
        if name == "log":
            return tuple(_hidden(entry, self._seat) for entry in self._game.log)
        return getattr(self._game, name)

    def _own(self, who: int, name: str) -> object:
        if who != self._seat:
            raise AssertionError(f"the review of seat {self._seat} read the opponent's {name}")
        return getattr(self._game, name)(who)

    def hand(self, who: int) -> object:
        return self._own(who, "hand")

    def kept(self, who: int) -> object:
        return self._own(who, "kept")

    def discards(self, who: int) -> object:
        return self._own(who, "discards")


class _Hidden(LogEntry):
    """A log entry whose cards the seat may not see."""

    @property  # type: ignore[misc]
    def cards(self) -> object:
        raise AssertionError(f"the review read the cards of a {self.kind} entry of the log")


def _hidden(entry: LogEntry, seat: int) -> LogEntry:
    if entry.kind is LogKind.DEAL or (entry.kind is LogKind.DISCARD and entry.seat != seat):
        return _Hidden(*entry)
    return entry


def _same(one: GameReview, other: GameReview) -> None:
    assert [d.message for d in one.decisions] == [d.message for d in other.decisions]
    assert one.deals == other.deals and one.total_cost == other.total_cost


@pytest.mark.parametrize("levels, options", [(("standard", "expert"), {}),
                                             (("beginner", "expert"), {"muggins": True})])
def test_the_review_reads_only_the_public_log_and_the_seats_own_cards(levels, options):
    game = play_game([player(levels[0], seed=3), player(levels[1], seed=3)], seed=11, target=61, **options)
    for seat in (0, 1):
        _same(review_game(Spy(game, seat), seat), review_game(game, seat))
    # The spy catches a review that reads a hand dealt: here, through the deal entry of the log.
    with pytest.raises(AssertionError, match="cards of a deal entry"):
        _ = Spy(game, 0).log[0 if game.log[0].kind is LogKind.DEAL else 1].cards
    with pytest.raises(AssertionError, match="opponent's kept"):
        Spy(game, 0).kept(1)


# --- an independent brute-force count of each keep's expected points (benchmarks/review_games.py) ---

@pytest.mark.parametrize("crib_model", ["expert", "uniform"])
def test_each_discards_cost_equals_a_brute_force_count_of_the_keeps(crib_model):
    game = play_game([player("standard", seed=1), player("expert", seed=1)], seed=4, target=61)
    checked = 0
    for seat in (0, 1):
        for decision in review_game(game, seat, crib_model=crib_model).decisions:
            if decision.kind is not DecisionKind.DISCARD:
                continue
            nets = brute_nets(decision.chosen + decision.away, dealer=decision.dealer, crib_model=crib_model)
            chosen, best = nets[frozenset(decision.chosen)], max(nets.values())
            assert abs(decision.chosen_points - chosen) < 1e-9 and abs(decision.best_points - best) < 1e-9
            assert abs(decision.cost - (best - chosen)) < 1e-9
            assert abs(nets[frozenset(decision.best)] - best) < 1e-9
            checked += 1
    assert checked >= 6


def test_the_brute_force_counts_the_rules():
    # Its own count of fifteens, pairs and runs, and of a whole keep, on hands worked by hand.
    ranks = np.array([[5, 5, 5, 11, 5], [1, 2, 3, 3, 4], [6, 7, 8, 9, 13], [10, 12, 13, 2, 4]])
    assert five_card_points(ranks).tolist() == [28, 10, 8, 0]
    nets = brute_nets(cards("5H 5D 6H 7S 8C 9D"), dealer=True, crib_model="uniform")
    assert round(nets[frozenset(cards("6H 7S 8C 9D"))], 2) == round(10.57 + 9.28, 2)  # the advice's doctest


def test_the_expert_reviewed_by_itself_gives_nothing_away_but_when_it_plays_to_the_score():
    for seed in (2, 7):
        game = play_game([player("expert", seed=seed), player("standard", seed=seed)], seed=seed)
        review = review_game(game, 0)
        for decision in review.decisions:
            if decision.kind is DecisionKind.PLAY:
                assert decision.chosen[0].rank == decision.best[0].rank and decision.cost == 0
            elif decision.cost > 0:
                # Only near home does the expert keep for its chance of winning rather than the points.
                assert decision.kind is DecisionKind.DISCARD and min(121 - s for s in decision.scores) <= 30
        assert any(d.kind is DecisionKind.PLAY and len(d.chosen) for d in review.decisions)


def test_the_standard_player_is_shown_what_it_gave_away():
    game = play_game([player("standard", seed=5), player("expert", seed=5)], seed=5)
    review = review_game(game, 0)
    assert review.finished and review.total_cost > 0
    costly = review.costliest()
    assert 0 < len(costly) <= 3 and [d.cost for d in costly] == sorted((d.cost for d in costly), reverse=True)
    assert costly[0].cost == max(d.cost for d in review.decisions)
    assert review.total_cost == pytest.approx(sum(review.cost_of(kind) for kind in DecisionKind))
    # Both scores deal by deal, from the seat's side, and its chance to win along the game.
    assert review.scores[0] == (0, 0) and review.scores[-1] == game.scores
    assert len(review.chances) == len(review.deals) + 1 and review.chances[-1] in (0.0, 1.0)
    assert all(0 <= chance <= 1 for chance in review.chances)
    assert [line.deal for line in review.deals] == list(range(1, game.deal_number + 1))


def test_counts_under_muggins_are_judged_by_the_points_missed():
    game = play_game([player("beginner", seed=1), player("expert", seed=1)], seed=1, muggins=True)
    counts = [d for d in review_game(game, 0).decisions if d.kind is DecisionKind.COUNT]
    own = [e for e in game.events if e.seat == 0 and e.kind in ("hand", "crib")]
    assert len(counts) == len(own)
    for decision, event in zip(counts, own):
        assert decision.cost == hand_total(event.cards, event.starter, crib=event.crib) - (event.worth or event.points)
    assert any(d.cost > 0 for d in counts)  # the beginner forgets his nobs


def test_a_game_stopped_in_the_play_is_reviewed_for_what_was_played():
    game = Game(3)
    computer = player("expert")
    for seat in turns(game):
        if game.deal_number == 2 and game.phase is Phase.PLAY and len(game.played) == 3:
            break
        game.apply(action_for(computer, game, seat))
    review = review_game(game, 1)
    assert not review.finished and [line.deal for line in review.deals] == [1, 2]
    last = [d for d in review.decisions if d.deal == 2]
    assert last[0].kind is DecisionKind.DISCARD and len(last) == 1 + sum(1 for who, _ in game.played if who == 1)


def test_refusals_name_what_was_wrong():
    game = play_game([player("standard"), player("expert")], seed=1, target=61)
    before = game.log
    for seat in (2, -1, True, "0", None, 1.5):
        with pytest.raises(ReviewError, match=f"no seat {seat!r} to review"):
            review_game(game, seat)
    for thing in (object(), CrossCribbGame(2, seed=1), None):
        with pytest.raises(ReviewError, match="not a game of classic cribbage"):
            review_game(thing, 0)
    with pytest.raises(CribbageError, match="seat 0 has made no choice"):
        review_game(Game(1), 0)
    with pytest.raises(ReviewError, match="crib_model must be one of expert, uniform"):
        review_game(game, 0, crib_model="gaussian")

    class NothingDealt:
        log = (LogEntry(LogKind.CUT_FOR_DEAL, None, tuple(FULL_DECK[:2]), 1),)

    with pytest.raises(ReviewError, match="dealt no cards"):
        review_game(NothingDealt(), 0)
    assert game.log == before


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_review_is_worded_in_every_language_with_its_own_numbers(language):
    game = play_game([player("standard", seed=5), player("expert", seed=5)], seed=5)
    review = review_game(game, 0)
    english, translated = review.lines("en"), review.lines(language)
    assert len(english) == len(translated) == 2 + len(review.costliest())
    for one, other in zip(english, translated):
        assert one != other
    cost = f"{review.total_cost:.1f}"
    assert cost in english[0] and cost.replace(".", ",") in translated[0]  # Babel's decimal comma
    for decision in review.decisions:
        assert decision.explain(language) == render(decision.message, language)

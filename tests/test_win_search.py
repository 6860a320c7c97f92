"""Near home the expert searches the play for the chance of winning the game, not the net (issue 51), and the
hint says so with both cards' chances.

The chance once the play is over is checked against the public :func:`cribbage.ai.endgame.win_probability`
(the shows, then the deals after it); each figure of the hint is worked out again here, every hand the
search weighs played out by a search of its own that scores each card with the rules' play scoring
(tests/test_play_search.py), and the seat is seen through the spy: nothing a person at the seat could not
see.
"""

from __future__ import annotations

import random
from copy import copy

import pytest

from cribbage.ai.driver import turns
from cribbage.ai.endgame import _crib_moved, show_chances, win_probability
from cribbage.ai.expert import (
    WIN_CARDS,
    WIN_SEARCH,
    ExpertPlayer,
    TableView,
    _crib_shift,
    _win_hands,
    choose_strong_play,
    needs,
)
from cribbage.ai.play_choice import RANK_VALUE, legal_cards, one_card_per_rank
from cribbage.ai.players import action_for
from cribbage.lang.messages import render
from cribbage.lang.translations import format_number
from cribbage.registry.languages import CODES
from cribbage.rules.cards import Card
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from cribbage.rules.play_scoring import score_play
from cribbage.rules.ranks import rank_points
from cribbage.rules.show_scoring import hand_total
from tests.test_play_search import whole_win
from tests.test_players import Spy


@pytest.mark.parametrize("seed", [1, 2])
def test_once_the_play_is_over_the_pone_counts_first_then_the_dealer_and_the_crib_then_the_game_goes_on(seed):
    rng = random.Random(seed)
    for _ in range(200):
        pone_show, dealer_show, shift = rng.randint(0, 20), rng.randint(0, 20), rng.randint(-3, 4)
        crib = _crib_moved(shift)
        chance = show_chances(121, pone_show, dealer_show, shift)
        need_pone, need_dealer = rng.randint(1, 40), rng.randint(1, 40)
        if need_pone <= pone_show:
            expected = 1.0  # the pone counts out first
        elif need_dealer <= dealer_show:
            expected = 0.0  # the dealer's hand takes them home before the crib
        else:
            pone_at, dealer_at = 121 - need_pone + pone_show, 121 - need_dealer + dealer_show
            # The crib takes the dealer home, or the pone deals next, at the scores the show left.
            expected = sum(p * (0.0 if dealer_at + c >= 121 else
                                win_probability(pone_at, dealer_at + c, dealer=True))
                           for c, p in enumerate(crib))
        assert chance(need_pone, need_dealer) == pytest.approx(expected, abs=1e-12)


def near_home_hints(games: int, prefix: str, *, key: str | None = "ai.why.win"):
    """Each hint of seeded expert-against-expert games, near home, whose reason has ``key``, with its table."""
    for i in range(games):
        game = Game(f"{prefix}/{i}")
        for seat in turns(game):
            if (game.phase is Phase.PLAY and min(needs(*game.scores, game.target)) <= WIN_SEARCH
                    and len(one_card_per_rank(legal_cards(TableView.from_game(game, seat).view))) > 1):
                hint = ExpertPlayer().hint(Spy(game, seat), seat)
                if key is None or hint.message.key == key:
                    table = ExpertPlayer().read_opponent(TableView.from_game(game, seat), game, seat)
                    yield game, seat, hint, table
            game.apply(action_for(ExpertPlayer(), game, seat))


def chance(table: TableView, rank: int, hands) -> float:
    """The weighted chance of winning of playing ``rank`` now, each hand played out to the last card with
    the rules' scoring, the show from each hand's ranks and ours, the crib as the expert moves it."""
    view = table.view
    series = tuple(c.rank for c in view.series)
    mine = sorted(c.rank for c in view.hand)
    mine.remove(rank)
    need_me, need_them = needs(*view.scores, view.target)
    ours = hand_total(view.kept, view.starter)
    shift = _crib_shift(view)
    total = 0.0
    for theirs, w in hands:
        show = rank_points((*(c.rank for c in table.opponent_shown), *theirs, view.starter.rank))
        pone_show, dealer_show = (show, ours) if view.dealer else (ours, show)
        rule = show_chances(view.target, pone_show, dealer_show, shift)
        total += w * _after(series, view.count, rank, tuple(mine), theirs, view.opponent_go, need_me, need_them,
                            not view.dealer, rule)
    return total / sum(w for _, w in hands)


def _after(series, count, rank, mine, theirs, alone, need_me, need_them, me_pone, rule) -> float:
    """Our chance once we play ``rank``, by the rules' scoring (whole_win from the other side after it)."""
    ranks = (*series, rank)
    left = need_me - score_play([Card(x, ranks[:i].count(x)) for i, x in enumerate(ranks)]).total
    if left <= 0:
        return 1.0
    after = count + RANK_VALUE[rank]
    if after == 31:
        return 1 - whole_win((), 0, theirs, mine, False, need_them, left, not me_pone, show=rule)
    if alone or not theirs:
        return whole_win(ranks, after, mine, theirs, True, left, need_them, me_pone, show=rule)
    return 1 - whole_win(ranks, after, theirs, mine, False, need_them, left, not me_pone, show=rule)


def test_the_win_reason_says_what_the_search_saw():
    checked = 0
    for _game, _seat, hint, table in near_home_hints(40, "win reason"):
        values = hint.message.values
        card, other = values["card"], values["other"]
        view = table.view
        assert card == hint.card
        assert min(needs(*view.scores, view.target)) <= WIN_SEARCH
        # The card for points is the table's card without the search for the chance of winning.
        for_points = copy(table)
        for_points.win_search = 0
        assert choose_strong_play(for_points).card.rank == other.rank != card.rank
        hands = _win_hands(table)
        if len(view.hand) + view.opponent_cards <= WIN_CARDS[0] and not view.opponent_go:
            assert hands == table.likeliest_hands(view.opponent_cards, WIN_CARDS[1])
        assert values["chance"] == pytest.approx(100 * chance(table, card.rank, hands))
        assert values["other_chance"] == pytest.approx(100 * chance(table, other.rank, hands))
        assert round(values["chance"], 1) > round(values["other_chance"], 1)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("language", CODES)
def test_the_win_reason_is_said_in_each_language(language):
    _game, _seat, hint, _table = next(near_home_hints(40, "win reason"))
    text = render(hint.message, language)
    said = hint.message.values
    assert "{" not in text and str(hint.card) in text and str(said["other"]) in text
    assert format_number(said["chance"], language, ".1f") in text
    assert format_number(said["other_chance"], language, ".1f") in text


def test_far_from_home_the_play_is_searched_for_the_net():
    # Not one hint away from home has the win search's reason, and the card is the one for points there.
    seen = 0
    for i in range(6):
        game = Game(f"far from home/{i}")
        for seat in turns(game):
            if game.phase is Phase.PLAY and min(needs(*game.scores, game.target)) > WIN_SEARCH:
                table = ExpertPlayer().read_opponent(TableView.from_game(game, seat), game, seat)
                assert _win_hands(table) is None
                hint = ExpertPlayer().hint(Spy(game, seat), seat)
                assert hint.message.key != "ai.why.win"
                seen += 1
            game.apply(action_for(ExpertPlayer(), game, seat))
    assert seen > 100


def test_near_home_the_card_is_never_less_likely_to_win_than_the_card_for_points():
    for _game, _seat, hint, table in near_home_hints(15, "win or points", key=None):
        hands = _win_hands(table)
        if not hands or hint.card is None:
            continue
        for_points = copy(table)
        for_points.win_search = 0
        other = choose_strong_play(for_points).card
        # Chances within a millionth are alike (a game all but lost or won): then the net decides.
        assert chance(table, hint.card.rank, hands) >= chance(table, other.rank, hands) - 1e-6

"""Pegging statistics against a count straight from the games' events."""

from __future__ import annotations

import numpy as np
import pytest

from cribbage.ai.levels import play_game, player
from cribbage.ai.simulate import cut_short_part, deal_parts
from cribbage.rules.events import Phase
from cribbage.stats.deals import PLAY_KINDS, deal_log
from cribbage.stats.pegging import CHAMBERS_PLAY, pegging_statistics

# Every test here reads a log of self-played deals: left out of `make test-fast`.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def log_and_games():
    log = deal_log(40, seed="pegging", cache=False)
    games = [play_game([player("expert"), player("expert")], seed=f"pegging/{i}") for i in range(40)]
    return log, games


@pytest.fixture(scope="module")
def stats_and_games(log_and_games):
    log, games = log_and_games
    return pegging_statistics(log), games


def test_the_log_keeps_each_deal_cut_short_with_what_it_scored_before_the_end(log_and_games):
    log, games = log_and_games
    complete = [(i, row) for i, game in enumerate(games) for row in deal_parts(game)]
    assert log.parts.tolist() == [list(row) for _, row in complete] and log.game.tolist() == [i for i, _ in complete]
    cut = [(i, game.deal_number, part) for i, game in enumerate(games) if (part := cut_short_part(game)) is not None]
    assert [(int(g), int(n), tuple(p)) for g, n, p in zip(log.cut.game, log.cut.number, log.cut.parts.tolist())] == cut
    # what was kept in the deal cut short: the cards the game ended with
    for (i, _, _), kept in zip(cut, log.cut.kept):
        dealer = next(e.seat for e in reversed(games[i].log) if e.kind == "deal")
        assert kept.tolist() == [sorted(c.rank for c in games[i].kept(seat)) for seat in (1 - dealer, dealer)]


def _complete_deals(game):
    return {e.deal for e in game.events if e.kind == "crib"}


def _every_deal(game):
    """Every deal dealt, the last one included when the game's end cut it short."""
    return {e.deal for e in game.log if e.kind == "deal"}


@pytest.mark.parametrize("over", ["all deals", "complete deals"])
def test_points_by_kind_and_role_equal_a_count_of_the_events(stats_and_games, over):
    every, games = stats_and_games
    stats = every if over == "all deals" else every.complete
    deals_of = _every_deal if over == "all deals" else _complete_deals
    totals = np.zeros((2, len(PLAY_KINDS)))
    scored = np.zeros((2, len(PLAY_KINDS)))
    deals = 0
    for game in games:
        dealers = {e.deal: e.seat for e in game.log if e.kind == "deal"}
        for deal in deals_of(game):
            deals += 1
            seen = np.zeros((2, len(PLAY_KINDS)), bool)
            for e in game.events:
                if e.deal == deal and e.phase is Phase.PLAY:
                    role = 1 if e.seat == dealers[deal] else 0
                    k = PLAY_KINDS.index(e.kind)
                    totals[role, k] += e.worth if e.worth is not None else e.points
                    seen[role, k] = True
            scored += seen
    assert stats.deals == deals and stats.over == over
    assert np.allclose(stats.by_kind, totals / deals)
    assert np.allclose(stats.how_often, scored / deals)
    assert np.allclose(stats.per_deal, totals.sum(axis=1) / deals)


def test_the_deals_cut_short_are_counted_and_make_the_two_figures_differ(stats_and_games):
    stats, games = stats_and_games
    cut = sum(len(_every_deal(game) - _complete_deals(game)) for game in games)
    assert stats.censored == cut == stats.deals - stats.complete.deals and cut > len(games) // 2
    assert stats.complete.complete is None and stats.complete.censored == 0
    assert not np.allclose(stats.per_deal, stats.complete.per_deal)


@pytest.mark.parametrize("over", ["all deals", "complete deals"])
def test_leads_equal_the_first_card_played_in_each_deal(stats_and_games, over):
    every, games = stats_and_games
    stats = every if over == "all deals" else every.complete
    deals_of = _every_deal if over == "all deals" else _complete_deals
    counts = np.zeros(13, int)
    for game in games:
        firsts = {}
        for entry in game.log:
            if entry.kind == "play" and entry.deal not in firsts:
                firsts[entry.deal] = entry.cards[0].rank
        for deal in deals_of(game):
            if deal in firsts:   # a game can end before its last deal's lead (on his heels)
                counts[firsts[deal] - 1] += 1
    assert counts.tolist() == stats.lead_counts.tolist()
    led = stats.lead_counts > 0
    assert not np.isnan(stats.by_lead[:, led]).any()


def test_the_dealer_pegs_more_as_chambers_found(stats_and_games):
    stats, _ = stats_and_games
    pone, dealer = stats.per_deal
    assert dealer > pone
    assert abs(pone - CHAMBERS_PLAY["pone"]) < 0.8 and abs(dealer - CHAMBERS_PLAY["dealer"]) < 0.8
    points, share = stats.kind("last card", "dealer")
    assert 0 < share <= 1 and points == pytest.approx(stats.by_kind[1, PLAY_KINDS.index("last card")])

"""Pegging statistics against a count straight from the games' events."""

from __future__ import annotations

import numpy as np
import pytest

from cribbage.ai.levels import play_game, player
from cribbage.rules.events import Phase
from cribbage.stats.deals import PLAY_KINDS, deal_log
from cribbage.stats.pegging import CHAMBERS_PLAY, pegging_statistics

# Every test here reads a log of self-played deals: left out of `make test-fast`.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def stats_and_games():
    log = deal_log(40, seed="pegging", cache=False)
    games = [play_game([player("expert"), player("expert")], seed=f"pegging/{i}") for i in range(40)]
    return pegging_statistics(log), games


def _complete_deals(game):
    return {e.deal for e in game.events if e.kind == "crib"}


def test_points_by_kind_and_role_equal_a_count_of_the_events(stats_and_games):
    stats, games = stats_and_games
    totals = np.zeros((2, len(PLAY_KINDS)))
    scored = np.zeros((2, len(PLAY_KINDS)))
    deals = 0
    for game in games:
        dealers = {e.deal: e.seat for e in game.log if e.kind == "deal"}
        for deal in _complete_deals(game):
            deals += 1
            seen = np.zeros((2, len(PLAY_KINDS)), bool)
            for e in game.events:
                if e.deal == deal and e.phase is Phase.PLAY:
                    role = 1 if e.seat == dealers[deal] else 0
                    k = PLAY_KINDS.index(e.kind)
                    totals[role, k] += e.worth if e.worth is not None else e.points
                    seen[role, k] = True
            scored += seen
    assert stats.deals == deals
    assert np.allclose(stats.by_kind, totals / deals)
    assert np.allclose(stats.how_often, scored / deals)
    assert np.allclose(stats.per_deal, totals.sum(axis=1) / deals)


def test_leads_equal_the_first_card_played_in_each_deal(stats_and_games):
    stats, games = stats_and_games
    counts = np.zeros(13, int)
    for game in games:
        complete = _complete_deals(game)
        firsts = {}
        for entry in game.log:
            if entry.kind == "play" and entry.deal not in firsts:
                firsts[entry.deal] = entry.cards[0].rank
        for deal in complete:
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

"""The bounds of benchmarks/oracle.py and benchmarks/read_quality.py measure what they say: the oracle
reads the opponent's real keep and nothing else, only while holding the cards asked; the read's log
score is the log of the share the read gives the true keep."""

import math
import sys
from pathlib import Path

import numpy as np

from cribbage.ai.choice_model import keep_row
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer, TableView
from cribbage.ai.players import action_for
from cribbage.rules.events import Phase
from cribbage.rules.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import oracle
import read_quality


def _first_answer(seed):
    """A game stopped where seat 0, the dealer, answers the pone's lead (the expert against ev_table)."""
    game = Game(seed, dealer=0)
    players = [ExpertPlayer(seed=1), read_quality.reference("ev_table", seed=2)]
    for seat in turns(game):
        if game.phase is Phase.PLAY and seat == 0 and len(game.hand(0)) == 4:
            return game
        game.apply(action_for(players[seat], game, seat))
    raise AssertionError("no answer to a lead")


def test_the_oracle_weighs_only_the_keep_the_opponent_holds(monkeypatch):
    game = _first_answer("bounds/1")
    seen = []
    original = oracle.choose_strong_play

    def spy(table, **options):
        seen.append(table)
        return original(table, **options)

    monkeypatch.setattr(oracle, "choose_strong_play", spy)
    oracle.OracleExpert(seed=1).hint(game, 0)
    rows, weight = seen[0].opponent_keeps()
    assert rows[weight > 0].tolist() == [keep_row(c.rank for c in game.kept(1))]
    # The expert itself spreads its weight over many keeps.
    rows, weight = read_quality.read_of(TableView.from_game(game, 0))
    assert np.count_nonzero(weight) > 50


def test_the_oracle_plays_as_the_expert_while_holding_other_cards():
    # An answer where knowing their hand changes the card: told only while holding three cards,
    # the oracle answers as the expert does.
    for i in range(40):
        game = _first_answer(f"bounds/{i}")
        expert_card = ExpertPlayer(seed=1).hint(game, 0).card
        if oracle.OracleExpert(seed=1).hint(game, 0).card != expert_card:
            break
    else:
        raise AssertionError("no answer where the oracle plays otherwise")
    at_three = oracle.OracleExpert(seed=1)
    at_three.holding = frozenset({3})
    assert at_three.hint(game, 0).card == expert_card


def test_the_log_score_is_the_log_of_the_true_keeps_share():
    rows = np.array([3, 7, 11, 12])
    weight = np.array([1.0, 3.0, 0.0, 4.0])
    assert read_quality.log_score(rows, weight, 7) == math.log(3 / 8)
    assert read_quality.log_score(rows, weight, 11) == -math.inf  # weighed 0: the read ruled it out
    assert read_quality.log_score(rows, weight, 5) == -math.inf  # not among the keeps read
    assert read_quality.log_score(rows, np.ones(4), 3) == -math.log(4)  # even over N keeps: -log N


def test_the_read_quality_report_names_both_first_cards_and_every_power():
    report = read_quality.by_power("ev_table", 4)
    for where in ("lead", "answer"):
        assert where in report
    for power in read_quality.POWERS:
        assert f"t={power}:" in report

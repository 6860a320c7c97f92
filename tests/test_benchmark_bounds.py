"""The bounds of benchmarks/oracle.py and benchmarks/read_quality.py measure what they say: the oracle
reads the opponent's real keep and nothing else, only while holding the cards asked; the read's log
score is the log of the share the read gives the true keep. The expert's variants of
benchmarks/variants.py play as the expert by default, and the search over the likeliest hands searches
what it says."""

import math
import sys
from pathlib import Path

import numpy as np
import pytest

from cribbage.ai.choice_model import keep_row
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer, TableView
from cribbage.ai.hand_model import remaining_hands
from cribbage.ai.play_choice import legal_cards, one_card_per_rank
from cribbage.ai.players import action_for
from cribbage.rules.events import Phase
from cribbage.rules.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import oracle
import read_quality
import variants

from tests.test_choice_model import first_deal_turns


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


def test_the_likeliest_hands_are_the_read_keeps_less_the_cards_played_summed():
    # The hands of the search from five cards: each keep they may have kept less what they played, the
    # same hands summed, the likeliest first; all of them together weigh what the read weighs.
    checked = 0
    for game, seat in first_deal_turns("likeliest", 6, ExpertPlayer()):
        table = TableView.from_game(game, seat)
        k = table.view.opponent_cards
        if not 0 < k < 4 or table.view.opponent_go:
            continue
        unseen, played, options = table.reading()
        hands, weight = remaining_hands(unseen, played, **options)
        summed: dict[tuple[int, ...], float] = {}
        for hand, w in zip(hands, weight):
            if w > 0:
                key = tuple(r for r in range(1, 14) for _ in range(hand[r]))
                summed[key] = summed.get(key, 0.0) + w
        every = table.likeliest_hands(k, 10_000)
        assert dict(every) == pytest.approx(summed)
        assert all(len(hand) == k for hand, _ in every)
        assert [w for _, w in every] == sorted((w for _, w in every), reverse=True)
        assert table.likeliest_hands(k, 3) == every[:3]
        checked += 1
    assert checked >= 20


def test_the_variants_play_as_the_expert_by_default_and_the_search_searches_the_likeliest_hands():
    # The dealer's second card (three against their two): the expert searches the play to its end over
    # their likeliest hands as read (all 91 pairs of ranks at most), as the variant does by default;
    # over 13 hands, or with the search off (only at the last cards, the expert before issue 51), the
    # card differs at some of these choices.
    narrow, off = variants.ExpertVariant(), variants.ExpertVariant()
    narrow.search, off.search = (5, 13), (0, 0)
    checked = narrow_differs = off_differs = 0
    for game, seat in first_deal_turns("search", 40, ExpertPlayer()):
        expert_card = ExpertPlayer().play(game, seat)
        assert variants.ExpertVariant().play(game, seat) == expert_card
        table = TableView.from_game(game, seat)
        ExpertPlayer().read_opponent(table, game, seat)
        view = table.view
        if (len(view.hand) != 3 or view.opponent_cards != 2 or view.opponent_go
                or len(one_card_per_rank(legal_cards(view))) < 2):
            continue
        pool = table.opponent_pool()
        assert table.hands_to_search(pool, 2) == (table.likeliest_hands(2, 91) or None)
        assert narrow.read_table(game, seat).hands_to_search(pool, 2) == (table.likeliest_hands(2, 13) or None)
        assert off.read_table(game, seat).hands_to_search(pool, 2) is None
        checked += 1
        narrow_differs += narrow.play(game, seat).rank != expert_card.rank
        off_differs += off.play(game, seat).rank != expert_card.rank
    assert checked >= 15 and narrow_differs >= 1 and off_differs >= 1, (checked, narrow_differs, off_differs)


def test_the_keeps_play_weighs_in_the_variants_discard_only():
    # peg=0 is the expert's discard at every deal; a weight moves some keeps.
    weighted = variants.ExpertVariant()
    weighted.peg_weight = 1.0
    differ = 0
    for i in range(60):
        game = Game(f"peg/{i}")
        six = game.hand(0)
        expert = ExpertPlayer().discard(game, 0)
        assert variants.ExpertVariant().discard(game, 0) == expert
        assert variants.ExpertVariant().choose_discard(six, dealer=game.dealer == 0) == \
            ExpertPlayer().choose_discard(six, dealer=game.dealer == 0)
        differ += set(weighted.discard(game, 0)) != set(expert)
    assert differ >= 1

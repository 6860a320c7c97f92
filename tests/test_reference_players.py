"""The reference opponents of benchmarks/references.py: legal, seeing only their seat, seeded, each
making its style's defining choice."""

import importlib.util
import sys
from pathlib import Path

import pytest
from test_players import run

from cribbage import cards
from cribbage.ai.discard import SPLITS, hand_evs
from cribbage.ai.levels import player
from cribbage.ai.play_choice import PlayView
from cribbage.ai.players import Player
from cribbage.rules.game import Game


def _load():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "references.py"
    spec = importlib.util.spec_from_file_location("reference_players", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ref = _load()
NAMES = tuple(ref.REFERENCES)


def test_the_pool_holds_the_four_styles_and_each_is_a_player():
    assert NAMES == ("ev_table", "ev_priority", "human", "random")
    for name in NAMES:
        one = ref.reference(name, seed=3)
        assert isinstance(one, Player) and one.level == name


@pytest.mark.parametrize("name", NAMES)
def test_whole_games_behind_the_spy_are_legal_and_finish(name):
    # The game refuses an illegal move, so a finished game is a game of legal moves; the spy fails a
    # player that reads the opponent's cards or the crib before the show. Muggins mode: the counts too.
    for seed in range(2):
        for seats in ((ref.reference(name, seed), player("expert")), (player("classic"), ref.reference(name, seed))):
            game = run(list(seats), f"ref/{seed}", muggins=seed == 1)
            assert game.is_over and max(game.scores) >= 121


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_plays_the_same_game(name):
    def log(seed):
        game = run([ref.reference(name, seed), ref.reference(name, seed + 1)], "same", muggins=True)
        return [(e.kind, e.seat, e.cards) for e in game.log]

    assert log(5) == log(5)


def test_the_seeded_styles_differ_with_the_seed():
    for name in ("human", "random"):
        games = {tuple(run([ref.reference(name, s), player("standard")], "seeded").played) for s in range(4)}
        assert len(games) > 1, name


def test_ev_table_adds_schells_crib_to_the_exact_hand():
    # The dealer's 2 3 5 6 J Q (the example of the published discard table): 2-3 away keeps 5 6 J Q,
    # 5-6 away keeps 2 3 J Q, 6-Q away keeps the best hand, 2 3 5 J.
    six = cards("2C 3D 5H 6S JD QC")
    hand = dict(zip([frozenset(six[i] for i in away) for _, away in SPLITS], hand_evs(six)))

    def ev(away):
        return hand[frozenset(cards(away))]

    # Schell, dealer: 2-3 gives 7.00, 5-6 6.63, 6-Q 3.23.
    assert ev("2C 3D") + 7.00 > ev("5H 6S") + 6.63 > ev("6S QC") + 3.23
    assert ev("6S QC") == max(hand.values())
    assert set(ref.EvTablePlayer().choose_discard(six, dealer=True)) == set(cards("2C 3D"))
    # The hand alone: the priority player lays away 6-Q; as pone (Schell: 2-3 costs 7.33, 6-Q 4.22),
    # the table player too.
    assert set(ref.EvPriorityPlayer().choose_discard(six, dealer=True)) == set(cards("6S QC"))
    assert set(ref.EvTablePlayer().choose_discard(six, dealer=False)) == set(cards("6S QC"))


def test_ev_tables_are_symmetric_and_the_pones_crib_is_the_richer():
    for table in (ref.SCHELL_DEALER, ref.SCHELL_PONE):
        assert all(table[a][b] == table[b][a] for a in range(13) for b in range(13))
    assert ref.SCHELL_DEALER[4][4] == 8.79 and ref.SCHELL_PONE[4][4] == 9.37
    assert all(ref.SCHELL_PONE[a][b] > ref.SCHELL_DEALER[a][b] for a in range(13) for b in range(13))


def test_ev_tables_reply_is_the_best_card_they_hold_on_average():
    # Their two cards from 5 5 8 8 after a ten: a 5 makes 15 for 2, an 8 nothing. They hold a 5
    # unless both are 8s (1 way in C(4, 2) = 6): 2 x 5/6.
    unseen = [0] * 14
    unseen[5] = unseen[8] = 2
    assert ref.expected_best_reply((10,), unseen, 2) == pytest.approx(5 / 3)
    # From the whole pack after a 10: at most 2 (a fifteen, or a pair of tens).
    full = [0] + [4] * 13
    assert 0 < ref.expected_best_reply((10,), full, 4) < 2


def test_ev_table_leads_away_from_the_fifteen():
    # Leading from 4 5 9 K: the 5 gives their tens 15; the one-ply look-ahead leads another card, and
    # it takes a fifteen offered (K on a 5) rather than a card that scores nothing.
    lead = ref.EvTablePlayer().choose_play(PlayView(hand=cards("4H 5D 9S KC"), starter=cards("2C")[0])).card
    assert lead is not None and lead.rank != 5
    answer = ref.EvTablePlayer().choose_play(PlayView(hand=cards("4H 9S KC"), series=cards("5C"),
                                                      starter=cards("2C")[0], opponent_cards=3)).card
    assert answer == cards("KC")[0]


def test_the_experts_one_ply_tables_play_ev_tables_card_from_each_hand():
    # The expert reads ev_table keep by keep from tables (cribbage.build.one_ply_tables): for a hand
    # they may hold, the card a one-ply program plays from it, its own cards out of its unseen ones.
    # ev_table itself, asked through a view that holds the hand and knows nothing of its crib, plays
    # the tables' card at every card the expert reads: its lead, its answer, its second card.
    import random

    from cribbage.ai import choice_model
    from cribbage.rules.cards import FULL_DECK

    rng, player_ = random.Random("one-ply tables and ev_table"), ref.EvTablePlayer()
    for _ in range(200):
        starter, *keep, x, b = rng.sample(FULL_DECK, 7)
        row, s = choice_model.keep_row(c.rank for c in keep), starter.rank
        a = keep[0]
        for view, series, ours, opened in (
                (PlayView(hand=keep, starter=starter), (), 4, False),
                (PlayView(hand=keep, series=[x], played=[x], starter=starter, opponent_cards=3), (x.rank,), 3, False),
                (PlayView(hand=keep[1:], series=[a, b], played=[a, b], kept=keep, starter=starter, opponent_cards=3),
                 (a.rank, b.rank), 3, True)):
            played = player_.choose_play(view).card
            assert played is not None
            assert choice_model.card_chosen(s, series, ours, opened, row, "one_ply") == played.rank, (keep, series)


def test_the_expert_reads_ev_table_keep_by_keep_closer_than_by_one_order():
    # From the finished deals of whole games, the share of ev_table's cards the one-ply style names:
    # keep by keep all but the few its laid-away cards decide (97% on these seeds), by the one
    # order every hand shares fewer (86%).
    from cribbage.ai.expert import ExpertPlayer, opponent_agreement
    from cribbage.ai.levels import play_game
    from cribbage.ai.styles import STYLES

    one_ply = STYLES.index("one_ply")
    shares = {}
    for by_keep in (False, True):
        agreed = read = 0
        for seed in range(6):
            expert = ExpertPlayer()
            expert.one_ply_by_keep = by_keep
            game = play_game([expert, ref.reference("ev_table", seed)], seed=f"by keep/{seed}")
            a, r = opponent_agreement(game, 0, by_keep=by_keep)[0][one_ply]
            agreed, read = agreed + a, read + r
        shares[by_keep] = agreed / read
    assert shares[True] >= 0.94 and shares[True] > shares[False] + 0.03, shares


@pytest.mark.parametrize("by_keep", [True, False])
def test_the_expert_reading_the_one_ply_style_sees_only_its_seat(by_keep):
    # Keep by keep (the expert's default) and by one rank order (the variant kept to measure it), behind
    # the spy, against the opponent it reads in that style.
    from cribbage.ai.expert import ExpertPlayer

    for seed in range(2):
        expert = ExpertPlayer()
        expert.one_ply_by_keep = by_keep
        game = run([expert, ref.reference("ev_table", seed)], f"by keep spy/{seed}")
        assert game.is_over and expert._styled is not None and expert._styled[1][0] == "one_ply"


def test_ev_priority_takes_the_fifteen_before_a_longer_run_and_then_the_lowest_safe_card():
    # Series 3 4 5 (count 12): the 3 makes fifteen for 2, the 6 a run of four for 4: fifteen is higher
    # on the list.
    view = PlayView(hand=cards("3H 6D KS"), series=cards("3C 4D 5S"), opponent_cards=2)
    assert ref.EvPriorityPlayer().choose_play(view).card == cards("3H")[0]
    # Nothing scores on a 7 from 4 9 K: the lowest card, the 4 (count 11: safe).
    view = PlayView(hand=cards("4H 9D KS"), series=cards("7C"), opponent_cards=3)
    assert ref.EvPriorityPlayer().choose_play(view).card == cards("4H")[0]
    # Count 16 (6, K): the 5 would leave 21 (their ten makes 31), so the lowest safe card is the 9 ...
    view = PlayView(hand=cards("5H 9D"), series=cards("6C KC"), opponent_cards=2)
    assert ref.EvPriorityPlayer().choose_play(view).card == cards("9D")[0]
    # ... and a 5 is never led while another card is held; from 5 5 K Q: the K (lowest is not a 5).
    view = PlayView(hand=cards("5H 5D KS QC"))
    assert ref.EvPriorityPlayer().choose_play(view).card.rank != 5


def test_the_learner_counts_what_it_sees_and_overlooks_its_blind_spots():
    keep = cards("4H 5H 6H JH")
    # 5-J fifteen 2, 4-5-6 fifteen 2, run 4-5-6 3, flush 4: 11.
    assert ref.learner_count(keep) == 11
    assert ref.learner_count(keep, frozenset({"fifteen.3", "flush.hand"})) == 5
    double = cards("7C 7D 8S 9H")  # 7-8 fifteen twice, pair, two runs of three: 4 + 2 + 6 = 12
    assert ref.learner_count(double) == 12
    assert ref.learner_count(double, frozenset({"double_run"})) == 9


def test_the_learner_keeps_what_it_sees_and_misses_what_it_overlooks():
    # A 5 6 7 8 10: A 6 7 8 shows A-6-8 (a fifteen of three), 7-8 and the run 6-7-8: 7; 5 6 7 8 the
    # run of four and 7-8: 6. Blind to fifteens of three, A 6 7 8 shows 5 and the learner keeps 5 6 7 8.
    six = cards("AD 5H 6C 7D 8S TS")
    assert ref.learner_count(cards("AD 6C 7D 8S")) == 7 and ref.learner_count(cards("5H 6C 7D 8S")) == 6
    assert ref.learner_count(cards("AD 6C 7D 8S"), frozenset({"fifteen.3"})) == 5
    human = ref.HumanPlayer(seed=1)
    for rates, kept in (({}, "AD 6C 7D 8S"), ({"fifteen.3": 1.0}, "5H 6C 7D 8S")):
        human.miss_rates = rates
        for dealer in (True, False):  # the crib never counts
            assert set(six) - set(human.choose_discard(six, dealer=dealer)) == set(cards(kept))


def test_the_learner_pegs_greedily_and_counts_short_when_blind():
    # On a 10 the 5 makes fifteen: the learner takes it.
    human = ref.HumanPlayer(seed=2)
    assert human.choose_play(PlayView(hand=cards("5H 9D"), series=cards("TC"), opponent_cards=3)).card == cards("5H")[0]
    # The show of 4 5 6 J (hearts) with the 6 of clubs: 18; blind to fifteens of three, 4 short (4-5-6 twice).
    hand, starter = cards("4H 5H 6H JH"), cards("6C")[0]
    human.miss_rates = {}
    full = human.count_hand(hand, starter, crib=False)
    human.miss_rates = {"fifteen.3": 1.0}
    assert human.count_hand(hand, starter, crib=False) == full - 4  # 4-5-6 twice


def test_random_lays_away_any_two_and_plays_any_legal_card():
    game = Game("random lays away")
    aways = {frozenset(ref.RandomPlayer(seed=s).discard(game, 0)) for s in range(30)}
    assert len(aways) > 5 and all(a <= set(game.hand(0)) for a in aways)


@pytest.mark.parametrize("name, style, least", [("ev_priority", "priority", 1.0), ("ev_table", "one_ply", 0.8),
                                                ("classic", "lookahead", 0.9)])
def test_the_expert_reads_each_opponent_as_the_style_it_plays(name, style, least):
    # The expert learns from the finished deals of a game which style of cribbage.ai.styles the
    # opponent plays like: the priority list is ev_priority's own rule; one_ply is ev_table's
    # look-ahead but for the cards they hold themselves (the expert cannot see which), so most but not
    # all of its cards; the classic look-ahead plays as its tables say.
    from cribbage.ai.expert import ExpertPlayer, opponent_agreement, opponent_style
    from cribbage.ai.levels import play_game
    from cribbage.ai.styles import STYLES

    totals = [[0, 0] for _ in STYLES]
    for seed in range(4):
        other = player("classic") if name == "classic" else ref.reference(name, seed)
        game = play_game([player("expert"), other], seed=f"styles/{seed}")
        counts, _ = opponent_agreement(game, 0)
        for total, (agreed, read) in zip(totals, counts):
            total[0] += agreed
            total[1] += read
    shares = {s: a / r for s, (a, r) in zip(STYLES, totals)}
    assert max(shares, key=shares.get) == style and shares[style] >= least, shares
    expert = ExpertPlayer()
    priors = (expert.prior_agreement,) + (expert.style_prior,) * (len(STYLES) - 1)
    assert opponent_style(tuple(map(tuple, totals)), priors, expert.prior_reads)[0] == style

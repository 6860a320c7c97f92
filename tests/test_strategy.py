"""The strong expert: its discards agree with the advice, its search is exact, it reads a go, it
plays to the score, and the crib model behaves as strong players discard."""

from itertools import combinations

import numpy as np
import pytest

from cribbage import FULL_DECK, CribbageError, cards, hand_total
from cribbage.ai import hand_model
from cribbage.ai import keep_pegging as peg_model
from cribbage.ai.crib_model import keep_weights, pair_weights
from cribbage.ai.discard import (
    SPLITS,
    advise_discard,
    best_discard,
    crib_evs,
    first_keep,
    keep_shows,
    order_keeps,
    ranked_splits,
)
from cribbage.ai.endgame import _solve_table, keep_win_probabilities, score_hint, win_probability
from cribbage.ai.expert import ExpertPlayer, TableView, _home_at_the_show, choose_strong_play
from cribbage.ai.levels import play_game
from cribbage.ai.play_choice import PlayView
from cribbage.ai.play_search import solve
from cribbage.ai.players import ClassicExpertPlayer
from cribbage.build import keep_prior
from cribbage.build import peg_table as peg_builder
from cribbage.build.crib_weights import build
from cribbage.build.peg_table import play_out as peg_play_out
from cribbage.lang.messages import render
from cribbage.rules.actions import Discard, Go, Play
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from cribbage.rules.show_scoring import rank_points


def seeded_hands(n):
    """Six-card hands from the first deal of ``n // 2`` seeded games, both seats, with the role."""
    out = []
    for i in range((n + 1) // 2):
        game = Game(f"strategy/{i}")
        for seat in (0, 1):
            out.append((game, seat))
    return out[:n]


# --- discards ------------------------------------------------------------------------------------

def test_the_expert_discards_the_advised_keep_on_every_deal_of_a_sample():
    expert = ExpertPlayer()
    for game, seat in seeded_hands(300):
        advice = advise_discard(game.hand(seat), dealer=game.dealer == seat, crib_model="expert")
        assert set(expert.discard(game, seat)) == set(advice.best.discard), (game.hand(seat), seat)


def test_a_pone_with_two_fives_lays_away_what_the_advice_says():
    # As pone the advice lays away 8♣ K♦, and the expert's discard with it (not 7♣ 8♣).
    six = cards("8C 7C KD 5H 5C QS")
    for model in ("uniform", "expert"):
        assert set(advise_discard(six, dealer=False, crib_model=model).best.discard) == set(cards("8C KD"))
    assert set(best_discard(six, dealer=False)) == set(cards("8C KD"))
    # Counting how the keep pegs (the play table gives a pone 5 5 Q K about one point more in the
    # play than 5 5 7 Q), the advice and the expert lay away 7♣ 8♣, and still agree.
    assert set(advise_discard(six, dealer=False, crib_model="expert", peg_weight=1).best.discard) == set(
        best_discard(six, dealer=False, peg_weight=1)) == set(cards("7C 8C"))


def test_ranked_splits_is_the_order_of_the_advice():
    for game, seat in seeded_hands(40):
        six, dealer = game.hand(seat), game.dealer == seat
        for model in ("uniform", "expert"):
            order, _, _ = ranked_splits(six, dealer=dealer, crib_model=model)
            advice = advise_discard(six, dealer=dealer, crib_model=model)
            assert [{six[i] for i in SPLITS[j][1]} for j in order] == [set(o.discard) for o in advice]


@pytest.mark.slow
def test_the_first_keep_is_the_first_of_the_order_ties_and_near_ties_included():
    rng = np.random.default_rng(7)
    cases = 0
    for _ in range(3000):
        # Few distinct values, some a hair apart (within and beyond 2e-9), so runs and chains of
        # near ties are common: the cases where the order has to be read with care.
        hand = rng.choice([4.0, 4.5, 6.0], 15) + 1.5e-9 * rng.integers(0, 4, 15)  # chains 1.5e-9 apart
        crib = rng.choice([1.0, 1.5, 2.0], 15) + rng.choice([0.0, 1e-9, 2.5e-9], 15)
        peg = rng.choice([0.0, 0.5, 1e-9], 15) if rng.random() < 0.5 else None
        for dealer in (True, False):
            assert first_keep(hand, crib, dealer, peg) == order_keeps(hand, crib, dealer, peg)[0]
            cases += 1
    for game, seat in seeded_hands(60):
        order, hand, crib = ranked_splits(game.hand(seat), dealer=game.dealer == seat, crib_model="expert")
        assert first_keep(hand, crib, game.dealer == seat) == order[0]
    assert cases == 6000


def test_the_default_advice_is_unchanged_and_the_model_is_named_beside_the_uniform_figure():
    six = "5H 5D 6H 7S 8C 9D"
    default = advise_discard(six, dealer=True)
    assert default.crib_model == "uniform" and all(o.uniform_crib_ev is None for o in default)
    assert "crib model" not in str(default) and str(default).splitlines()[0].split()[-1] == "why"
    model = advise_discard(six, dealer=True, crib_model="expert")
    assert model.crib_model == "expert"
    by_keep = {o.keep: o for o in default}
    for o in model:
        assert o.uniform_crib_ev == by_keep[o.keep].crib_ev
        assert o.net == pytest.approx(o.hand_ev + o.crib_ev) and o.peg_ev is None
    text = str(model)
    assert text.startswith("crib model: expert") and "uniform" in text.splitlines()[1]
    assert "play" not in text.splitlines()[1]
    # With the keep's play counted, it is a named column and a part of the net.
    played = advise_discard(six, dealer=True, crib_model="expert", peg_weight=1)
    for o in played:
        assert o.net == pytest.approx(o.hand_ev + o.crib_ev + o.peg_ev)
    text = str(played)
    assert "play" in text.splitlines()[0] and text.splitlines()[1].split()[-3] == "play"


# --- the keep's play in the discard ----------------------------------------------------------------

def test_the_play_of_two_hands_scores_as_the_engine_does():
    unseen = [0] + [4] * 13
    assert peg_play_out((5,), (10,), (unseen, unseen)) == (0, 3)  # 15 for 2, and the last card
    # The table's simulator on ranks plays as the classic expert does in the engine: the same
    # points for both seats in the play of whole seeded deals (his heels aside).
    player = ClassicExpertPlayer()
    for i in range(40):
        game = Game(f"peg model/{i}")
        while game.phase is Phase.DISCARD:
            seat = game.to_act
            game.apply(Discard(seat, player.discard(game, seat)))
        dealer, pone = game.dealer, 1 - game.dealer
        hands, unseen = {}, {}
        for seat in (0, 1):
            hands[seat] = tuple(c.rank for c in game.hand(seat))
            unseen[seat] = [0] + [4] * 13
            for c in (*game.kept(seat), *game.discards(seat), game.starter):
                unseen[seat][c.rank] -= 1
        start = len(game.events)
        while game.phase is Phase.PLAY:
            seat = game.to_act
            card = player.play(game, seat)
            game.apply(Go(seat) if card is None else Play(seat, card))
        points = [0, 0]
        for event in game.events[start:]:
            if event.phase is Phase.PLAY:
                points[event.seat] += event.points
        assert peg_play_out(hands[pone], hands[dealer], (unseen[pone], unseen[dealer])) == (points[pone], points[dealer])


@pytest.mark.slow
def test_the_play_table_is_what_its_builder_measures():
    stored = peg_model._stored()
    for role in ("dealer", "pone"):
        for keep in ((5, 5, 10, 10), (1, 2, 3, 4), (7, 8, 8, 9)):
            i = peg_model.KEEPS.index(tuple(r - 1 for r in keep))
            mean, _ = peg_builder.measure(keep, role == "dealer", peg_builder.GAMES, peg_builder.SEED)
            assert stored[role + "_measured"][i] == pytest.approx(mean, abs=1e-4)
    # The table used is the measured one shrunk toward a smooth fit, never far from it.
    for role in ("dealer", "pone"):
        assert np.corrcoef(stored[role], stored[role + "_measured"])[0, 1] > 0.8


def test_the_keeps_play_reads_as_strong_players_keep():
    pone = peg_model.peg_table(dealer=False)
    dealer = peg_model.peg_table(dealer=True)

    def code(*ranks):
        a, b, c, d = (r - 1 for r in ranks)
        return ((a * 13 + b) * 13 + c) * 13 + d
    # The dealer plays second: they peg more than the pone with the same cards.
    assert dealer.mean() > pone.mean()
    # A pone keeps low cards to lead safely, not ten-cards and fives that feed the dealer's 15s.
    assert pone[code(1, 2, 3, 4)] > pone[code(10, 11, 12, 13)]
    assert pone[code(3, 3, 4, 4)] > pone[code(5, 6, 7, 8)]
    # Any order of the same ranks reads the same entry.
    assert pone[code(4, 3, 4, 3)] == pone[code(3, 3, 4, 4)]


def test_an_unknown_crib_model_is_refused_by_name():
    with pytest.raises(CribbageError, match=r"unknown crib model 'chambers'.*uniform, expert") as caught:
        advise_discard("5H 5D 6H 7S 8C 9D", dealer=True, crib_model="chambers")
    assert "modelo de cuna desconocido" in render(caught.value.message, "es")
    assert "modelo de cesta desconhecido" in render(caught.value.message, "pt")


@pytest.mark.slow
def test_the_weighted_crib_matches_a_plain_weighted_loop():
    # Fifteens, pairs and runs weighted by the opponent's pair of ranks; flush and nobs uniform.
    six = cards("5H 5D 6H 7S JH 9H")
    weights = np.ones((13, 13))
    weights[4, :] = weights[:, 4] = 3.0  # a five in their pair three times as likely
    weights[12, 12] = 0.25
    unseen = [c for c in FULL_DECK if c not in six]
    split = next(i for i, (_, d) in enumerate(SPLITS) if {six[j] for j in d} == set(cards("JH 9H")))
    a, b = cards("JH 9H")
    total_w = ranks_w = suits = n = 0.0
    for starter in unseen:
        rest = [c for c in unseen if c != starter]
        for x, y in combinations(rest, 2):
            w = weights[x.rank - 1, y.rank - 1]
            ranks = rank_points(tuple(sorted((a.rank, b.rank, x.rank, y.rank, starter.rank))))
            total = hand_total([a, b, x, y], starter, crib=True)
            ranks_w += w * ranks
            total_w += w
            suits += total - ranks
            n += 1
    assert crib_evs(six, weights)[split] == pytest.approx(ranks_w / total_w + suits / n, abs=1e-9)
    assert crib_evs(six, np.ones((13, 13)))[split] == pytest.approx(crib_evs(six)[split], abs=1e-12)


def test_the_crib_model_reads_as_strong_players_discard():
    dealer, pone = pair_weights(opponent_deals=True), pair_weights(opponent_deals=False)
    five, king, queen = 4, 12, 11
    assert (pone[five] < 0.2).all()  # a pone never salts the dealer's crib with a 5 if it can help it
    assert dealer[five, king] > 1.2 and dealer[five, queen] > 1.2  # a dealer gives their own crib 15
    assert pone[king, 0] > 1.5 and pone[king, 9] > 1.5  # a pone throws far-apart cards: K-A, K-10
    assert dealer[0, 1] > 1.5 and dealer[6, 7] > 1.5  # a dealer throws touching cards: A-2, 7-8
    assert np.array_equal(dealer, dealer.T) and np.array_equal(pone, pone.T)
    assert keep_weights(dealer=False)[five] > 1.2 and keep_weights(dealer=False)[king] < 0.8
    # Over deals, the crib the dealer is given (the model) is above the uniform figure for the
    # pone, below it for the dealer, as published tables say.
    diffs = {True: [], False: []}
    for game, seat in seeded_hands(120):
        dealer_seat = game.dealer == seat
        best = advise_discard(game.hand(seat), dealer=dealer_seat, crib_model="expert").best
        diffs[dealer_seat].append(best.crib_ev - best.uniform_crib_ev)
    assert np.mean(diffs[False]) > 0.2 and np.mean(diffs[True]) < -0.2


@pytest.mark.slow
def test_a_small_rebuild_of_the_crib_model_agrees_with_the_stored_one():
    dealer, pone = build(hands=1500, rounds=2, seed="test")
    for fresh, stored in ((dealer, pair_weights(opponent_deals=True)), (pone, pair_weights(opponent_deals=False))):
        upper = np.triu_indices(13)
        assert np.corrcoef(np.log(fresh[upper]), np.log(stored[upper]))[0, 1] > 0.85


# --- the play ------------------------------------------------------------------------------------

def brute_play(game):
    """Pone's pegging minus the dealer's, both playing perfectly, by trying every line on the
    engine itself (game copies): the rules of go, 31 and the last card as the game applies them."""
    def net(g):
        if g.phase is not Phase.PLAY:
            return 0
        seat = g.to_act
        options = [a for a in g.legal_actions(seat) if isinstance(a, (Play, Go))]
        best = None
        for action in options:
            h = g.copy()
            seen = len(h.events)
            h.apply(action)
            gained = [0, 0]
            for event in h.events[seen:]:
                if event.phase is Phase.PLAY:  # not the show that may follow the last card
                    gained[event.seat] += event.points
            value = gained[seat] - gained[1 - seat] + (net(h) if h.to_act == seat else -net(h))
            if h.phase is not Phase.PLAY:
                value = gained[seat] - gained[1 - seat]
            best = value if best is None else max(best, value)
        return best
    return net(game)


@pytest.mark.parametrize("hands, starter", [
    (("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "AC"),
    (("TH TD 9H 9S 8C 9D", "AC AH 2C 3S 3D 4S"), "KC"),
    (("KH QD JH 5S 8C 9D", "5C 5D TC 4C 6D 7S"), "2C"),
])
def test_the_search_to_the_last_card_matches_the_engine(hands, starter):
    game = Game.from_deal(hands, starter, dealer=1, discards=(hands[0].split()[4:], hands[1].split()[4:]))
    assert game.phase is Phase.PLAY and game.to_act == 0  # the pone leads
    pone = tuple(sorted(c.rank for c in game.hand(0)))
    dealer = tuple(sorted(c.rank for c in game.hand(1)))
    assert solve((), 0, pone, dealer, False) == brute_play(game)


def test_a_go_rules_out_the_low_cards_the_opponent_cannot_hold():
    game = Game.from_deal(("KH QD 9H TS 2C 3D", "7C 8D 6C 6H AS AD"), "5S", dealer=1,
                          discards=("2C 3D", "AS AD"))
    game.apply(Play(0, cards("KH")[0]))   # 10
    game.apply(Play(1, cards("7C")[0]))   # 17
    game.apply(Play(0, cards("QD")[0]))   # 27
    # The dealer holds 8 6 6: none fits on 27, so the dealer says go; the pone saw it.
    game.apply(Go(1))
    table = TableView.from_game(game, 0)
    assert table.go_count == 27
    # Read as whole keeps: the hand they hold on average, three cards, none of 4 or less (it would
    # have fitted).
    pool = table.opponent_pool()
    assert all(pool[r] == pytest.approx(0, abs=1e-12) for r in range(1, 5))
    assert sum(pool) == pytest.approx(3)
    # Rank by rank, as a view without the log weighs them: the unseen cards of 5 and up.
    ranks = TableView(table.view, table.go_count).opponent_pool()
    assert all(ranks[r] == 0 for r in range(1, 5))
    assert all(ranks[r] > 0 for r in range(5, 14) if table.view.unseen_ranks()[r])
    assert sum(ranks) == pytest.approx(sum(table.view.unseen_ranks()[5:]))
    # The dealer's own view knows nothing new: it was not the pone who said go.
    assert TableView.from_game(game, 1).go_count is None


def test_the_table_reads_the_cards_the_opponent_chose_from_the_log_and_a_bare_view_none():
    game = Game.from_deal(("KH QD 9H TS 2C 3D", "7C 8D 6C 6H AS AD"), "5S", dealer=1,
                          discards=("2C 3D", "AS AD"))
    game.apply(Play(0, cards("9H")[0]))   # 9
    game.apply(Play(1, cards("7C")[0]))   # 16: a 6 would have made fifteen for 2
    # The pone reads the dealer's answer: the series before it, its rank, the cards the pone held,
    # and the ranks gone from the dealer's sight (the starter, the 9).
    table = TableView.from_game(game, 0)
    assert table.has_log and table.opponent_played[7] == 1
    assert table.opponent_plays == (((9,), 7, 3, tuple(1 if r in (5, 9) else 0 for r in range(14))),)
    # The dealer's view reads the pone's lead, and nothing from its own card.
    assert TableView.from_game(game, 1).opponent_plays == (
        ((), 9, 4, tuple(1 if r == 5 else 0 for r in range(14))),)
    # A view without the log reads nothing.
    bare = TableView(PlayView.from_game(game, 0))
    assert not bare.has_log and bare.opponent_played is None and bare.opponent_plays == ()


def test_the_expert_plays_as_its_read_of_the_log_says():
    # In whole games, the expert's card is the one chosen with the deal's log read; on some turns
    # reading it changes the card from a bare view's (so the game's plays do reach the choice).
    from cribbage.ai.driver import turns
    from cribbage.ai.players import action_for

    expert, classic = ExpertPlayer(), ClassicExpertPlayer()
    changed = same = 0
    for seed in range(3):
        game = Game(f"inference/{seed}")
        for seat in turns(game):
            if game.phase is Phase.PLAY and seat == 0:
                read = choose_strong_play(TableView.from_game(game, 0)).card
                blind = choose_strong_play(TableView(PlayView.from_game(game, 0))).card
                assert expert.play(game, 0) == read
                changed += read != blind
                same += read == blind
            game.apply(action_for(expert if seat == 0 else classic, game, seat))
    assert changed > 0 and same > changed


def test_the_strong_expert_plays_legal_cards_and_finishes_games():
    for seed in range(4):
        game = play_game([ExpertPlayer(seed=seed), ClassicExpertPlayer(seed=seed)], seed=seed,
                         dealer=seed % 2)
        assert game.is_over and max(game.scores) >= 121
        assert all(e.count <= 31 for e in game.log if e.kind == "play")


def test_the_strong_expert_pegs_out_when_it_can():
    # At 119, a pair for 2 wins the game at once, whatever it gives away.
    game = Game.from_deal(("5H 5D 9H 7S 2C 3D", "5C KD 6C 6H AS AD"), "QS", dealer=0, scores=(119, 100),
                          discards=("2C 3D", "AS AD"))
    game.apply(Play(1, cards("5C")[0]))
    choice = ExpertPlayer().hint(game, 0)
    assert choice.card.rank == 5 and str(choice.card) in choice.reason


def test_the_shows_of_every_keep_match_hand_total():
    six = cards("5H 5D 5C JS 4C 6D")
    shows = keep_shows(six)
    unseen = [c for c in FULL_DECK if c not in six]
    for j, (keep_idx, _) in enumerate(SPLITS):
        keep = [six[i] for i in keep_idx]
        assert list(shows[j]) == [hand_total(keep, s) for s in unseen]


def play_out(target, pone_play, pone_hand, dealer_play, dealer_rest, p, d):
    """The pone's chance, by plain recursion, when every part of a deal scores a fixed number."""
    if p + pone_play >= target and d + dealer_play >= target:
        return 0.5
    if p + pone_play >= target:
        return 1.0
    if d + dealer_play >= target:
        return 0.0
    if p + pone_play + pone_hand >= target:
        return 1.0
    if d + dealer_play + dealer_rest >= target:
        return 0.0
    return 1 - play_out(target, pone_play, pone_hand, dealer_play, dealer_rest,
                        d + dealer_play + dealer_rest, p + pone_play + pone_hand)


def test_the_win_table_follows_the_order_of_counting():
    def fixed(points):
        return np.eye(points + 1)[points]

    for parts in [(1, 2, 1, 4), (2, 0, 3, 1), (1, 1, 1, 1)]:
        table = _solve_table(13, *(fixed(x) for x in parts))
        for p in range(13):
            for d in range(13):
                assert table[p, d] == pytest.approx(play_out(13, *parts, p, d)), (parts, p, d)


def test_win_probability_reads_as_a_player_expects():
    assert win_probability(121, 50, dealer=False) == 1 and win_probability(50, 121, dealer=True) == 0
    for own, theirs in [(0, 0), (90, 100), (115, 117), (60, 30)]:
        for dealer in (True, False):
            both = win_probability(own, theirs, dealer=dealer) + win_probability(theirs, own, dealer=not dealer)
            assert both == pytest.approx(1)
    assert 0.5 < win_probability(0, 0, dealer=True) < 0.6  # the first crib is worth a little
    assert win_probability(116, 116, dealer=False) > 0.6  # the pone counts first
    chances = [win_probability(own, 100, dealer=False) for own in range(90, 121)]
    assert chances == sorted(chances)


def test_near_home_the_expert_keeps_for_the_win_not_the_average():
    # The pone at 115 needs 6 and counts first: the four surest to make 6 (a pair of 5s with a
    # 10-card makes 8 with any starter) beat the best average.
    six = cards("5H 5D TC KS 7C 8D")
    game = Game.from_deal((six, "AC 2S 3H 9C TD QH"), dealer=1, scores=(115, 100))
    _, _, crib = ranked_splits(six, dealer=False, crib_model="expert")
    chances = keep_win_probabilities(keep_shows(six), crib, 115, 100, dealer=False)
    away = set(ExpertPlayer().discard(game, 0))
    chosen = next(j for j, (_, d) in enumerate(SPLITS) if {six[i] for i in d} == away)
    assert chances[chosen] == chances.max()
    assert (keep_shows(six)[chosen] >= 6).all()
    # Far from home the same cards are laid away as the advice says.
    game = Game.from_deal((six, "AC 2S 3H 9C TD QH"), dealer=1, scores=(40, 30))
    assert set(ExpertPlayer().discard(game, 0)) == set(
        advise_discard(six, dealer=False, crib_model="expert").best.discard)


def test_a_pone_who_counts_out_at_the_show_pegs_in_defence():
    # The pone at 110 holds 5 5 J Q with a 5 starter (20 points): the show takes them home, so
    # they lead the card that gives the dealer least (a 10-card or a 5 invite 15; a lone... ).
    game = Game.from_deal(("5H 5D JC QS 2C 3D", "7C 8D 6C 6H AS AD"), "5S", dealer=1, scores=(110, 118),
                          discards=("2C 3D", "AS AD"))
    view = PlayView.from_game(game, 0)
    assert _home_at_the_show(view)
    card = ExpertPlayer().play(game, 0)
    assert card.rank != 5  # a 5 led lets any 10-card make 15 for 2 and the dealer wins at 120
    assert not _home_at_the_show(PlayView.from_game(
        Game.from_deal(("5H 5D JC QS 2C 3D", "7C 8D 6C 6H AS AD"), "5S", dealer=1, scores=(80, 118),
                       discards=("2C 3D", "AS AD")), 0))


def test_choices_use_no_hidden_card():
    # Two deals that differ only in the opponent's hidden cards give the same choices.
    mine, starter = "5H 5D 6H 7S 8C 9D", "2D"
    choices = []
    for theirs in ("JC QC KC 2S 3S 4S", "AC AH 7C 7D TC TH"):
        game = Game.from_deal((mine, theirs), starter, dealer=1)
        expert = ExpertPlayer()
        away = expert.discard(game, 0)
        game.discard(0, away)
        game.discard(1, game.hand(1)[:2])
        choices.append((away, expert.play(game, 0), choose_strong_play(TableView.from_game(game, 0)).card))
    assert choices[0] == choices[1]


def test_the_strong_expert_answers_a_play_view_too():
    view = PlayView(hand=cards("5H 9C KD"), series=cards("JS"))
    assert ExpertPlayer().choose_play(view).card == cards("5H")[0]


def test_the_score_hint_says_who_needs_what_in_every_language():
    hint = score_hint(110, 115, dealer=True)
    assert str(hint).startswith("you need 11 and your opponent 6; the pone counts first")
    chance = round(100 * win_probability(110, 115, dealer=True))
    assert f"{chance}%" in str(hint)
    assert render(hint, "es").startswith("te faltan 11 y a tu rival 6")
    assert "você é o não carteador" in render(score_hint(110, 115, dealer=False), "pt")


def test_the_expert_level_is_the_expert_player_and_classic_the_first_expert():
    from cribbage import player

    assert isinstance(player("expert"), ExpertPlayer)
    classic = player("classic", seed=2, name="Old")
    assert isinstance(classic, ClassicExpertPlayer) and classic.level == "classic" and classic.name == "Old"
    view = PlayView(hand=cards("4H 9C KD QS"))
    assert classic.choose_play(view).card == cards("4H")[0]


# --- the opponent's hand, as whole keeps -----------------------------------------------------------

def keep(ranks):
    return hand_model.KEEPS.index(tuple(sorted(ranks)))


def test_the_keep_prior_reads_as_strong_players_keep():
    for dealer in (True, False):
        p = hand_model.prior(dealer=dealer)
        assert p[keep((5, 5, 10, 11))] > 5  # two fives and two tens: 12 in hand before the starter
        assert p[keep((4, 5, 6, 6))] > 5 and p[keep((7, 8, 8, 9))] > 5  # double runs
        assert p[keep((1, 3, 9, 13))] < 0.2  # four cards that make nothing together
        assert p.min() > 0  # a keep never seen keeps a small weight
    # A pone keeps a five with its tens rather than give it to the dealer's crib; a dealer may lay the
    # five away in their own crib.
    assert hand_model.prior(dealer=False)[keep((5, 10, 11, 12))] > 1.2 * hand_model.prior(dealer=True)[keep((5, 10, 11, 12))]


def test_a_small_rebuild_of_the_keep_prior_agrees_with_the_stored_one():
    fresh = keep_prior.build(hands=1500, seed="test")
    for row, dealer in enumerate((True, False)):
        stored = np.array(hand_model._stored()["dealer" if dealer else "pone"], dtype=float)
        assert fresh[row].sum() == 1500
        assert np.corrcoef(fresh[row], stored)[0, 1] > 0.75  # about 1 hand a keep: noisy, but alike
        # Each rank's share of the cards kept, within a point of a percent.
        fresh_share, stored_share = (hand_model._COUNTS[:, 1:].T @ c / (4 * c.sum()) for c in (fresh[row], stored))
        assert np.abs(fresh_share - stored_share).max() < 0.015


def test_the_opponents_possible_hands_are_only_those_they_could_hold():
    unseen = [0] + [4] * 13
    unseen[5], unseen[12] = 1, 2  # the seat saw three fives and two queens
    played = [0] * 14
    played[7] = 1  # the opponent has played a seven
    rest, weight = hand_model.remaining_hands(unseen, played, dealer=True, go_room=4)
    held = rest[weight > 0]
    assert 100 < len(held) < len(rest) < len(hand_model.KEEPS)
    assert (held >= 0).all() and (held.sum(axis=1) == 3).all()
    assert (held[:, 5] <= 1).all() and (held[:, 12] <= 2).all()
    assert (held[:, 1:5] == 0).all()  # a go with 4 to spare: no ace to four


def test_a_seven_led_makes_an_eight_likelier_as_whole_keeps_are_read():
    game = Game.from_deal(("KH QD 9H TS 2C 3D", "7C 8D 6C 6H AS AD"), "KS", dealer=0,
                          discards=("2C 3D", "AS AD"))
    game.apply(Play(1, cards("7C")[0]))  # the pone leads a seven
    table = TableView.from_game(game, 0)
    keeps = table.opponent_pool()
    ranks = TableView(PlayView.from_game(game, 0)).opponent_pool()  # no log: rank by rank
    # Whole keeps give the hand they hold on average (three cards); rank by rank, weighted counts of
    # the unseen cards they hold three of.
    assert sum(keeps) == pytest.approx(3) and sum(ranks) == pytest.approx(sum(table.view.unseen_ranks()))
    # Relative to a king, an eight (a run, fifteen with the seven) is likelier read as whole keeps.
    assert keeps[8] / keeps[13] > 1.3 * ranks[8] / ranks[13]
    assert table.opponent_played[7] == 1

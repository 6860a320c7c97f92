"""The strong expert reads the cards its opponent chooses against the classic look-ahead: the stored
tables are the look-ahead's choices, a card read marks down the hands that would have played another,
and the expert's first cards follow the opponent's answer hand by hand."""

import random

import numpy as np
import pytest

from cribbage.ai import choice_model
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer, TableView, _modeled, _net
from cribbage.ai.hand_model import KEEPS, expected_hand, remaining_hands
from cribbage.ai.play_choice import (
    HOLD_VALUE,
    PEG_OUT_VALUE,
    PlayView,
    legal_cards,
    next_points,
    one_card_per_rank,
    without,
)
from cribbage.ai.players import ClassicExpertPlayer, action_for
from cribbage.ai.styles import STYLES
from cribbage.build import choice_tables
from cribbage.rules.actions import Play
from cribbage.rules.cards import cards
from cribbage.rules.events import Phase
from cribbage.rules.game import Game


def first_deal_turns(prefix, games, player):
    """Each turn in the play of the first deal of seeded games, ``player`` playing both seats."""
    for i in range(games):
        game = Game(f"{prefix}/{i}")
        for seat in turns(game):
            if game.deal_number > 1:
                break
            if game.phase is Phase.PLAY:
                yield game, seat
            game.apply(action_for(player, game, seat))


def _sampled_as_built(tables, choose, seed: str, samples: int) -> None:
    """A seeded sample of each stored table is the card ``choose`` gives, asked afresh for that hand."""
    rng = random.Random(seed)
    for _ in range(samples):
        s, x, a, b = (rng.randint(1, 13) for _ in range(4))
        keep = rng.randrange(len(KEEPS))
        three = rng.randrange(len(choice_model.THREES))
        hand, rest = KEEPS[keep], choice_model.THREES[three]
        assert tables["lead"][s, keep] == choose(hand, (), choice_tables.gone(s, ()), 4)
        assert tables["answer"][s, x, keep] == choose(hand, (x,), choice_tables.gone(s, (x,)), 3)
        assert tables["second"][s, a, b, three] == choose(rest, (a, b), choice_tables.gone(s, (a, b)), 3)


def test_the_stored_tables_are_what_the_builder_makes():
    # Rebuilding takes a minute; a seeded sample of each table is checked against the look-ahead.
    _sampled_as_built(choice_model._tables(), choice_tables.classic, "choice tables", 150)


def test_the_stored_one_ply_tables_are_what_the_builder_makes():
    # Rebuilding takes seconds, but the test reads the stored file the expert reads: a seeded sample of
    # each table is checked against the one-ply look-ahead asked afresh for that hand.
    from cribbage.build import one_ply_tables

    tables = choice_model._tables("one_ply")
    _sampled_as_built(tables, one_ply_tables.one_ply, "one-ply tables", 300)
    # The lookups give the same: the second card through the keep's row less the card led.
    row = choice_model.keep_row((3, 4, 9, 12))
    three = choice_model.THREES.index((3, 9, 12))
    assert choice_model.card_chosen(7, (4, 10), 3, True, row, "one_ply") == tables["second"][7, 4, 10, three]
    assert (choice_model.cards_chosen(7, (10,), 3, False, None, "one_ply") == tables["answer"][7, 10]).all()


def test_the_one_ply_read_keep_by_keep_differs_from_the_shared_order_only_by_the_hand_left_out():
    from cribbage.ai import styles

    shared = styles.cards_chosen("one_ply", 5, (10,), 3, False)
    by_keep = styles.cards_chosen("one_ply", 5, (10,), 3, False, by_keep=True)
    assert (by_keep == choice_model.cards_chosen(5, (10,), 3, False, None, "one_ply")).all()
    # Most hands play the same card either way; some do not, because their own cards change the odds
    # of the reply. On a 10 (the starter a 5), from A A 2 8: the ace leaves a reply of an ace (pair) or
    # a 4 (fifteen), the 2 one of a 2 or a 3. Counted from the public cards, 3 aces and 4 fours against
    # 3 twos and 4 threes: a tie, to the higher card, the 2. With their own second ace out, 2 aces and
    # 4 fours: the ace gives less.
    row = choice_model.keep_row((1, 1, 2, 8))
    assert (shared[row], by_keep[row]) == (2, 1)
    same = float((shared == by_keep).mean())
    assert 0.9 < same < 1.0
    # Only the one-ply style has keep-by-keep tables: the other styles read alike with the switch.
    for style in ("lookahead", "priority"):
        assert (styles.cards_chosen(style, 5, (10,), 3, False, by_keep=True)
                == styles.cards_chosen(style, 5, (10,), 3, False)).all()
    assert styles.cards_chosen("one_ply", 5, (10, 5, 6), 2, False, by_keep=True) is None


@pytest.mark.slow
def test_the_tables_play_as_the_classic_expert_does():
    # At the cards the tables hold, the classic expert in real games plays what the table says for
    # its kept four, except where its own two laid away cards (which a seat reading it cannot see)
    # change its odds: measured 876 of 900 first deals of these seeds.
    player = ClassicExpertPlayer()
    agree = total = 0
    for game, seat in first_deal_turns("choice", 300, player):
        mine = [c for who, c in game.played if who == seat]
        theirs = [c for who, c in game.played if who != seat]
        series = tuple(c.rank for c in game.series)
        opened = len(mine) == 1 and len(series) == 2 and game.played[0][0] == seat
        if (not mine and len(series) <= 1) or opened:
            chosen = choice_model.cards_chosen(game.starter.rank, series, 4 - len(theirs), opened)
            if chosen is not None:
                keep = KEEPS.index(tuple(sorted(c.rank for c in game.kept(seat))))
                card = player.play(game, seat)
                total += 1
                agree += chosen[keep] == (card.rank if card else 0)
    assert total == 900
    assert agree >= 870


def test_a_lead_marks_down_the_hands_that_would_have_led_otherwise():
    # The pone leads a 4. Hands from which the classic look-ahead leads the 4 keep their weight,
    # hands from which it would have led something else keep MISS of it.
    game = Game.from_deal(("KH QD 9H TS 2C 3D", "7C 8D 4C 6H AS AD"), "5S", dealer=0,
                          discards=("2C 3D", "AS AD"))
    game.apply(Play(1, cards("4C")[0]))
    read = TableView.from_game(game, 0)
    unseen, played, options = read.reading()
    assert len(options["marks"]) == 1
    hands, with_read = remaining_hands(unseen, played, **options)
    _, without = remaining_hands(unseen, played, **{**options, "marks": ()})
    leads = choice_model.cards_chosen(5, (), 4, False)
    rows = [KEEPS.index(tuple(sorted([4] + [r for r in range(1, 14) for _ in range(h[r])]))) for h in hands]
    kept = [leads[row] == 4 for row in rows]
    assert any(kept) and not all(kept)
    for k, w, w0 in zip(kept, with_read, without):
        assert w == pytest.approx(w0 * (1.0 if k else choice_model.MISS))
    # The average hand moves toward the hands that lead a 4.
    assert read.opponent_pool() != expected_hand(unseen, played, **{**options, "marks": ()})
    assert sum(read.opponent_pool()) == pytest.approx(3)


def test_only_the_cards_the_tables_hold_are_read():
    assert choice_model.marks(5, (), 4, 4, False) is not None  # their lead
    assert choice_model.marks(5, (10,), 5, 3, False) is not None  # their answer to ours
    assert choice_model.marks(5, (10, 5), 6, 3, True) is not None  # their second card after leading
    assert choice_model.marks(5, (10, 5, 6), 4, 2, False) is None  # the dealer's second card
    assert choice_model.marks(5, (), 4, 2, False) is None  # a lead after a go or a 31
    assert choice_model.cards_chosen(5, (10, 5, 6), 2, False) is None


def _brute_force(table, distinct):
    """The modeled first card worked out hand by hand, the look-ahead asked afresh for every keep."""
    view = table.view
    series = tuple(c.rank for c in view.series)
    rows, weight = table.opponent_keeps()
    rows = range(len(KEEPS)) if rows is None else rows
    hand = tuple(sorted(c.rank for c in view.hand))
    best, best_value = None, 0.0
    for card in distinct:
        s1 = (*series, card.rank)
        net = _net(s1, tuple(dict.fromkeys(without(hand, card.rank))))
        total = 0.0
        for row, w in zip(rows, weight):
            theirs = list(KEEPS[row])
            if series:
                theirs.remove(series[0])
            gone = choice_tables.gone(view.starter.rank, s1)
            total += w * net[choice_tables.classic(tuple(theirs), s1, gone, 3)]
        gain = next_points(series)[card.rank]
        value = gain + total / weight.sum() - HOLD_VALUE.get(card.rank, 0.0)
        if view.scores[0] + gain >= view.target:
            value += PEG_OUT_VALUE
        if best is None or value > best_value + 1e-9:
            best, best_value = card, value
    return best


@pytest.mark.slow
def test_the_first_cards_follow_the_opponents_answer_hand_by_hand():
    expert, checked = ExpertPlayer(), 0
    for game, seat in first_deal_turns("modeled", 6, expert):
        table = TableView.from_game(game, seat)
        distinct = one_card_per_rank(legal_cards(table.view))
        card = _modeled(table, distinct)
        if card is not None and len(distinct) > 1:
            assert card == _brute_force(table, distinct)
            assert expert.play(game, seat) == card
            checked += 1
    assert checked >= 10


def test_a_bare_play_view_reads_no_cards_and_still_plays():
    # Without the log (ExpertPlayer.choose_play gets a bare PlayView) nothing is read: no cards chosen,
    # no answer modeled, the unseen cards weighted rank by rank; the expert still plays a legal card.
    game = Game("modeled/0")
    expert = ExpertPlayer()
    for seat in turns(game):
        if game.phase is Phase.PLAY:
            view = PlayView.from_game(game, seat)
            table = TableView(view)
            assert not table.has_log and table.opponent_plays == ()
            assert sum(table.opponent_pool()) == pytest.approx(sum(view.unseen_ranks()))
            legal = legal_cards(view)
            card = expert.choose_play(view).card
            assert card in legal if legal else card is None
        game.apply(action_for(expert, game, seat))
    assert game.is_over


def test_the_weights_of_every_keep_are_the_first_look():
    game = Game("modeled/1")
    while game.phase is Phase.DISCARD:
        seat = game.to_act
        game.apply(action_for(ExpertPlayer(), game, seat))
    table = TableView.from_game(game, game.to_act)
    rows, weight = table.opponent_keeps()
    assert rows is None and weight.shape == (len(KEEPS),)
    counts = np.array([[keep.count(r) for r in range(1, 14)] for keep in KEEPS])
    pool = table.opponent_pool()
    assert (weight @ counts / weight.sum()).tolist() == pytest.approx(pool[1:])


def _deals(game):
    out = {}
    for entry in game.log:
        out.setdefault(entry.deal, []).append(entry)
    return out


def test_the_agreement_with_the_classic_look_ahead_is_read_from_a_finished_deal():
    from cribbage.ai.levels import play_game

    # A classic opponent plays the look-ahead's card, but from its own six cards' view of what is
    # unseen, not the tables' (which know only the starter): it agrees at almost every card read.
    game = play_game([ExpertPlayer(), ClassicExpertPlayer()], seed="agree")
    agreed = read = 0
    for entries in _deals(game).values():
        a, r = choice_model.classic_agreement(entries, 0)
        assert 0 <= a <= r <= 3
        agreed, read = agreed + a, read + r
    assert read >= game.deal_number - 1 and agreed >= 0.85 * read
    # A deal whose play has not finished is not read.
    unfinished = Game("unfinished")
    for seat in turns(unfinished):
        if unfinished.phase is Phase.PLAY and len(unfinished.played) == 3:
            break
        unfinished.apply(action_for(ClassicExpertPlayer(), unfinished, seat))
    assert choice_model.classic_agreement(unfinished.log, 0) == (0, 0)


def test_a_lead_the_look_ahead_would_not_make_counts_against_it():
    # Their four turned out to be 5 5 10 K (all played); the look-ahead leads a 5 from them (the pair
    # answers a fifteen with a pair royal's threat); they led the 10: one read, not agreed.
    rows = np.array([KEEPS.index((5, 5, 10, 13))])
    assert choice_model.cards_chosen(2, (), 4, False, rows)[0] == 5
    game = Game.from_deal(("5H 5D TC KS AC 2C", "3D 4D 7H 8S 9C QD"), "2D", dealer=1,
                          discards=("AC 2C", "QD 9C"))
    game.apply(Play(0, cards("TC")[0]))
    for seat in turns(game):
        if game.deal_number > 1:
            break
        game.apply(action_for(ClassicExpertPlayer(), game, seat))
    agreed, read = choice_model.classic_agreement(_deals(game)[1], 1)
    assert read >= 1 and agreed <= read - 1


def test_the_read_of_an_opponent_starts_at_the_prior_and_follows_what_they_play():
    from cribbage.ai.expert import opponent_read

    assert opponent_read(0, 0, 0.97, 8) == (pytest.approx(0.97), 0.03)
    a, miss = opponent_read(10, 20, 0.97, 8)  # half their cards otherwise: the read all but stops
    assert a == pytest.approx((0.97 * 8 + 10) / 28) and miss == round((1 - a) / a, 2)
    assert opponent_read(0, 30, 0.97, 8)[1] == 1.0
    assert opponent_read(40, 40, 0.97, 8)[1] == choice_model.MISS



def test_the_opponents_reading_carried_on_is_the_reading_from_the_start():
    from cribbage.ai.expert import opponent_agreement

    expert = ExpertPlayer()
    game = Game("carried on")
    for seat in turns(game):
        if game.phase is Phase.PLAY and seat == 0:
            carried = expert._agreement(game, 0)
            assert carried == opponent_agreement(game, 0)[0] == ExpertPlayer()._agreement(game, 0)
        game.apply(action_for(expert if seat == 0 else ClassicExpertPlayer(), game, seat))
    assert carried[0][1] > 0 and len(carried) == len(STYLES)
    # The look-ahead's figures are classic_agreement's, deal by deal.
    deals = _deals(game)
    assert carried[0] == tuple(map(sum, zip(*(choice_model.classic_agreement(deals[d], 0)
                                              for d in sorted(deals) if d < game.deal_number))))


def _readings(expert: ExpertPlayer, seed: str) -> list[tuple[tuple, tuple]]:
    """A game of ``expert`` (seat 0) against the classic expert: at each of its turns in the play,
    its reading of the opponent, and the reading of this game alone (:func:`opponent_agreement`)."""
    from cribbage.ai.expert import opponent_agreement

    game, readings = Game(seed), []
    for seat in turns(game):
        if game.phase is Phase.PLAY and seat == 0:
            readings.append((expert._agreement(game, 0), opponent_agreement(game, 0)[0]))
        game.apply(action_for(expert if seat == 0 else ClassicExpertPlayer(), game, seat))
    return readings


def _added(one: tuple, other: tuple) -> tuple:
    return tuple((a + b, r + s) for (a, r), (b, s) in zip(one, other))


def test_what_a_game_read_of_the_opponent_carries_into_the_next_game_of_a_match():
    nothing = ((0, 0),) * len(STYLES)
    expert = ExpertPlayer()
    expert.learn_across_games = True
    first = _readings(expert, "match 1")
    assert first[0][0] == nothing and all(mine == alone for mine, alone in first)
    known = first[-1][0]
    assert known != nothing
    # The next game with the same player: its first deal already knows the first game's reading,
    # and each finished deal of the new game adds to it.
    second = _readings(expert, "match 2")
    assert second[0][0] == known and second[0][1] == nothing
    assert all(mine == _added(known, alone) for mine, alone in second)
    # A third game adds the second's.
    third = _readings(expert, "match 3")
    assert all(mine == _added(_added(known, second[-1][1]), alone) for mine, alone in third)
    # A player that reads each game afresh (the default: the game table's computer and its hints), and
    # a fresh player, read this game alone.
    afresh = ExpertPlayer()
    _readings(afresh, "match 1")
    assert all(mine == alone for mine, alone in _readings(afresh, "match 2"))
    assert all(mine == alone for mine, alone in _readings(ExpertPlayer(), "match 2"))


def test_the_priority_style_answers_a_ten_with_the_fifteen_before_the_pair():
    from cribbage.ai import styles

    rows = np.array([choice_model.keep_row((5, 6, 10, 13)), choice_model.keep_row((2, 6, 9, 13))])
    # By hand, on a 10 led: from 5 6 10 K the 5 makes fifteen and the 10 pairs, and fifteen comes first
    # in the list; from 2 6 9 K nothing scores, and the lowest card that leaves neither 5 nor 21 is the 2.
    assert styles.cards_chosen("priority", 1, (10,), 3, False, rows).tolist() == [5, 2]
    # Their lead, nothing scoring: the lowest card that is not a 5.
    assert styles.cards_chosen("priority", 1, (), 4, False, rows).tolist() == [6, 2]
    # Not a card the expert reads: the dealer's second card.
    assert styles.cards_chosen("priority", 1, (10, 5, 6), 2, False) is None
    # The look-ahead is the classic tables'.
    assert (styles.cards_chosen("lookahead", 1, (10,), 3, False) == choice_model.cards_chosen(1, (10,), 3, False)).all()

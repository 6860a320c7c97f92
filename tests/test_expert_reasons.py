"""The hint says why the expert plays a card when the reason is its read of the opponent or the score
(issue 31, "Explained"): hands worked out by hand, and the reasons behind the spy in whole games."""

import pytest

from cribbage import cards
from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import advise_discard
from cribbage.ai.driver import turns
from cribbage.ai.expert import TableView, choose_strong_play
from cribbage.ai.levels import player
from cribbage.ai.play_choice import choose_play, next_points
from cribbage.ai.players import action_for
from cribbage.lang.messages import Rank, render
from cribbage.registry.languages import CODES
from cribbage.rules.actions import Play
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from tests.test_players import Spy


def _after_ten_seven():
    """You (seat 0, pone) hold 3♥ 5♦ 7♣ 10♣, the starter J♣; you led the 10♣ and they answered 7♥."""
    game = Game.from_deal(("3H 5D 7C TC KH QS", "7H 7D 8S 9S 2C 4D"), "JC", dealer=1,
                          discards=("KH QS", "2C 4D"))
    game.apply(Play(0, cards("TC")[0]))
    game.apply(Play(1, cards("7H")[0]))
    return game


def test_the_read_names_the_card_they_showed_and_the_rank_it_makes_likely():
    game = _after_ten_seven()
    # By hand: the 7♣ on 10-7 makes 24 and a pair, 2 for you; a 7 from them then makes 31 and a pair
    # royal, 2 + 6 = 8. Read as any unseen card, two sevens among 41 unseen cards are a small risk
    # and the look-ahead (and the expert without the read) takes the pair; but a good player answers a
    # ten with a 7 mostly from a hand holding another 7 or an 8, so the expert plays the 3♥ (20: no 15
    # or 31 within one card, and a 7 on it pegs nothing).
    assert next_points((10, 7, 7))[7] == 8 and next_points((10, 7))[7] == 2
    view = TableView.from_game(game, 0).view
    assert choose_play(view, "expert").card == cards("7C")[0]
    assert choose_strong_play(TableView(view)).card == cards("7C")[0]
    hint = Adviser().hint(game, 0)
    assert hint.card == cards("3H")[0]
    why = hint.message
    assert why.key == "ai.why.read_hold"
    assert why.values["rank"] == Rank(7) and why.values["points"] == 8
    assert str(why) == ("play the 3♥, not the 7♣: they have played 7♥, so they likely hold sevens, which would "
                        "peg them 8 on the 7♣")
    assert render(why, "es") == ("juega el 3♥, no el 7♣: el rival ha jugado 7♥, así que seguramente tiene sietes, "
                                 "que sobre el 7♣ le darían 8 puntos")
    assert "7♥" in render(why, "pt") and "setes" in render(why, "pt")
    # The computer across the table plays the card the hint names.
    assert player("expert").play(game, 0) == hint.card


def test_no_read_reason_when_the_read_changes_nothing():
    game = _after_ten_seven()
    game.apply(Play(0, cards("5D")[0]))  # 22
    game.apply(Play(1, cards("9S")[0]))  # 31 for them: the count starts again, you lead
    # You hold 3♥ 7♣ and they have shown 7♥ 9♠. By hand: a 7 led is made 15 by any 8 (and the read
    # says they likely hold one), a 3 led can't be made 15 by one card: the look-ahead, the expert
    # without the read and the expert with it all lead the 3♥, so the hint gives the plain reason.
    view = TableView.from_game(game, 0).view
    assert choose_play(view, "expert").card == cards("3H")[0]
    assert choose_strong_play(TableView(view)).card == cards("3H")[0]
    hint = Adviser().hint(game, 0)
    assert hint.card == cards("3H")[0]
    assert hint.message.key == "hint.under5"
    assert str(hint.message) == "lead the 3♥: a count under 5 can't be made 15"


def test_the_pone_going_out_at_the_show_leads_what_gives_the_dealer_least():
    # You are the pone at 112 (9 to go) with 2♥ 4♠ 9♣ 9♥ and the starter 3♠: the run 2-3-4 (3), 9-2-4
    # twice (4) and the pair of 9s (2) make 9, and you count first. Only the dealer pegging 9 can stop
    # you. By hand: on a 2 only a 2 scores (a pair; no card makes 15 from 2); on a 9 a 6 makes 15 and
    # a 9 pairs it: six unseen cards score on the 9♣, two on the 2♥.
    game = Game.from_deal(("9C 2H JD 7S 4S 9H", "3H 5S QC AD 5H 9D"), "3S", dealer=1, scores=(112, 100),
                          discards=("JD 7S", "3H 5S"))
    hint = Adviser().hint(game, 0)
    assert hint.card == cards("2H")[0]
    assert choose_strong_play(TableView.from_game(game, 0), to_the_score=False).card.rank == 9
    assert hint.message.key == "ai.why.home" and hint.message.values["n"] == 9
    assert str(hint.message).startswith("lead the 2♥, not the 9♣: your hand's 9 points take you home at the show")


def test_a_keep_for_the_score_says_so_with_both_chances():
    # Pone at 108 (13 to go), dealer at 112 (9 to go): the advice's best keep on average differs from
    # the keep with the better chance of winning, and the hint says which and by how much.
    game = Game.from_deal(("JS 9S 6C TD 6S 7D", "2C 3D 4H 8S QD KD"), "AH", dealer=1, scores=(108, 112))
    advice = advise_discard(game.hand(0), dealer=False, crib_model="expert")
    keep = Adviser().keep(game, 0)
    assert set(keep.discard) != set(advice.best.discard)
    assert set(keep.discard) == set(player("expert").discard(game, 0))
    why = keep.message
    assert why.key == "ai.why.keep_score" and why.values["chance"] > why.values["other_chance"] + 0.5
    assert why.values["other"] == advice.best.keep
    assert "%" in render(why, "es") and "%" in render(why, "pt")


@pytest.mark.parametrize("opponent", ["classic", "standard"])
def test_every_reason_is_worded_behind_the_spy(opponent):
    # Every hint of whole games, its reason worded in the three languages, the adviser seeing the game
    # through the spy: the reasons read nothing a seat may not see.
    adviser = Adviser()
    keys = set()
    for seed in range(2):
        game = Game(f"reasons/{seed}")
        players = [player("expert", seed=seed), player(opponent, seed=seed)]
        for seat in turns(game):
            spy = Spy(game, seat)
            if game.phase is Phase.PLAY:
                why = adviser.hint(spy, seat).message
            elif game.phase is Phase.DISCARD:
                why = adviser.keep(spy, seat).message
            else:
                why = None
            if why is not None:
                keys.add(why.key)
                for language in CODES:
                    assert render(why, language)
            game.apply(action_for(players[seat], spy, seat))
    assert any(key.startswith("ai.why.read") for key in keys)


@pytest.mark.parametrize("language, words", [("en", "they have played 7♥, so they likely hold sevens"),
                                             ("es", "el rival ha jugado 7♥, así que seguramente tiene sietes")])
def test_the_game_table_shows_the_reason_with_the_hint(language, words):
    from widgets.table.model import TableSession
    from widgets.table.view import GameTable

    table = GameTable(_session=TableSession(game=_after_ten_seven(), level="expert"), language=language,
                      board=False)
    table.hint()
    assert words in table.hint_text

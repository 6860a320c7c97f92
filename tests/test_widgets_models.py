"""The plain models behind the game table and the pegging practice, driven without ipywidgets: the
modules import without it, a whole game and a practice hand play through the models alone, and a
refused move names its catalogue key and changes nothing."""

from __future__ import annotations

import random

import pytest

from cribbage.rules.events import Phase
from cribbage.rules.show_scoring import hand_total
from widgets.base.refusal import Refused
from widgets.drills.pegging_session import SOLVED_PLAYS, PracticeSession, WalkSession
from widgets.table.model import COMPUTER, YOU, TableSession
from widgets.table.words import TableWords


def _true_count(game) -> int:
    crib = game.counting == "crib"
    return hand_total(game.crib if crib else game.kept(YOU), game.starter, crib=crib)


def _state(session: TableSession) -> tuple:
    game = session.game
    return (len(game.log), game.scores, game.phase, game.to_act, session.picked, session.checking)


@pytest.mark.parametrize("seed, muggins", [(2, False), (7, True)])
def test_a_whole_game_through_the_session(seed, muggins):
    session = TableSession(seed=seed, level="beginner", target=61, muggins=muggins)
    game = session.game
    rng = random.Random(seed)
    words = TableWords("pt")
    told = list(session.take_news())
    for _ in range(3000):
        if game.is_over:
            break
        assert game.to_act != COMPUTER or session.checking      # it waits only on you
        assert words.prompt(session)
        if session.checking:
            session.muggins() if game.muggins_claimant == YOU else session.go_on()
        elif session.discarding:
            for card in rng.sample(game.hand(YOU), 2):
                session.pick(card)
            session.lay_away()
        elif session.your_turn_to_play:
            fits = [c for c in game.hand(YOU) if session.playable(c)]
            session.play(rng.choice(fits)) if fits else session.go()
        elif session.counting:
            session.count(max(0, _true_count(game) - rng.choice((0, 1))))
        else:
            session.next_deal()
        told.extend(session.take_news())
    assert game.is_over and tuple(told) == game.log
    assert sum(session.games_won) == game.result.games
    assert words.entry(game.log[-1], "done") == [("cc-log-deal", "done")]


def test_refusals_name_their_key_and_change_nothing():
    session = TableSession(seed=8)
    game = session.game

    def refused(key, action, *args, **kwargs):
        before = _state(session)
        with pytest.raises(Refused) as caught:
            action(*args, **kwargs)
        assert caught.value.key == key and _state(session) == before

    refused("table.pick_two", session.lay_away)
    refused("table.no_counting", session.count, 5)
    refused("table.nothing_to_check", session.go_on)
    refused("table.not_yours", session.pick, game.hand(COMPUTER)[0])
    for card in game.hand(YOU)[:2]:
        session.pick(card)
    refused("table.two_only", session.pick, game.hand(YOU)[2])
    refused("table.bad_level", session.new_game, seed=1, level="grandmaster", target=121, muggins=False)
    refused("table.bad_target", session.new_game, seed=1, level="expert", target=100, muggins=False)
    with pytest.raises(Refused) as caught:
        TableSession(seed=1, muggins=True).count("abc")
    assert caught.value.key == "table.bad_count" and caught.value.text("es") != caught.value.text("en")
    guided = TableSession.guided(1)
    with pytest.raises(Refused) as caught:
        guided.new_game(seed=1, level="expert", target=121, muggins=False)
    assert caught.value.key == "table.guided_no_new"


def test_guided_steps_are_judged_against_the_advice():
    session = TableSession.guided(2)
    game = session.game
    advice = session.advice()
    assert advice is not None and advice.kind == "discard"
    session.lay_away(advice.best.discard)
    assert session.steps[-1].followed and session.steps[-1].rank == 1
    while game.phase is Phase.PLAY:
        advice = session.advice()
        session.go() if advice.best.card is None else session.play(advice.best.card)
    assert all(step.followed for step in session.steps) and len(session.steps) > 2


def test_a_practice_hand_through_the_session():
    practice = PracticeSession(6, you_deal=True)
    game = practice.game
    assert len(practice.laid_away) == 2 and practice.your_turn
    assert game.played[0][0] == COMPUTER                     # you deal: the computer led
    with pytest.raises(Refused) as caught:
        practice.play("ZZ")
    assert caught.value.key == "err.not_a_card"
    while not practice.play_over:
        choice = practice.hint()
        practice.go() if choice.card is None else practice.play(choice.card)
    assert practice.hints_used > 0 and practice.steps[-1].kind == "end of play"
    with pytest.raises(Refused) as caught:
        practice.go()
    assert caught.value.key == "walk.play_over_new"
    practice.new_hand()
    assert practice.hand_number == 1 and not practice.you_deal and practice.hints_used == 0


def test_a_walk_through_a_solved_play_with_predictions():
    walk = WalkSession(0)
    with pytest.raises(Refused) as caught:
        walk.predict(2)
    assert caught.value.key == "walk.nothing_to_predict"
    totals = [0, 0]
    while not walk.at_end:
        walk.forward()
        assert not walk.revealed
        step = walk.step
        said = walk.predict(str(step.points))
        assert said.guess == said.points == step.points and said.right and walk.revealed
        for event in step.events:
            totals[event.seat] += event.points
        assert walk.pegged == tuple(totals)
    assert walk.right == len(SOLVED_PLAYS[0].steps()) and walk.wrong == 0
    with pytest.raises(Refused) as caught:
        walk.predict(0)
    assert caught.value.key == "walk.already_shown"
    fresh = WalkSession(2)
    fresh.forward()
    for bad, key in (("x", "walk.bad_number"), (25, "walk.out_of_range"), (True, "walk.bad_number")):
        with pytest.raises(Refused) as caught:
            fresh.predict(bad)
        assert caught.value.key == key and not fresh.revealed and (fresh.right, fresh.wrong) == (0, 0)
    with pytest.raises(Refused) as caught:
        walk.forward()
    assert caught.value.key == "walk.at_end"
    with pytest.raises(Refused) as caught:
        walk.choose(3)
    assert caught.value.key == "walk.bad_sequence" and walk.sequence == 0

"""The hint says what the expert saw (issue 51), and every fact it says is true of the table.

The game table's hint names the expert's card or keep with its reason, then one sentence of facts
(:func:`cribbage.ai.why.explanation`). Here each claim of that sentence is checked on seeded whole
games, worked out again from the cards themselves, not through the engine's helpers:

- **the cards they could still hold** are the cards the seat has not seen (its hand, its discards, the
  starter, every card played), less those a go of theirs rules out (after a go at count g they hold
  nothing worth 31 - g or less); their real hand is always among them;
- **"no card they could still hold pegs anything on it"**: none of those cards, played next on the
  expert's card, scores (the play's scorer counts each one);
- **"no card they could still hold makes fifteen on it (the most one could peg is N)"**: none makes the
  count 15, and N is the most any of them scores;
- **"the most a card they could still hold pegs on it is N"**: N is that most;
- **"they have said go" / "no cards left" / "it makes 31"**: so on the table;
- **"by its read of them, fives are their likeliest cards (S of their hand, against P from the unseen
  cards alone), and one would peg them K on it"**: the read is the expert's pool of the ranks they hold
  (:meth:`cribbage.ai.expert.TableView.opponent_pool`, the weighted counts its choice is made from);
  *likeliest* means the rank's share of that pool is the highest of the thirteen **and** higher than
  the rank's share of the cards the seat has not seen by more than 0.03 (the read made it likelier
  than chance, by more than 3 points of their hand; otherwise no rank is named); S and P
  are those two shares as printed; K is what a card of that rank scores played next;
- **a keep's "It expects H points from the hand on average, and C from the crib"**: H is the average of
  the four kept cards' show over the 46 starters, counted here; C is the crib the advice's model gives
  that keep (the expert's model of the opponent's two cards; its own tests check it), and the crib is
  the seat's own exactly when it deals.

The adviser sees each game through the spy (:class:`tests.test_players.Spy`): the facts use nothing a
person at the seat could not see.
"""

from __future__ import annotations

import re
from statistics import fmean

import pytest

from cribbage import Card, cards, score_hand
from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import advise_discard
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer, TableView
from cribbage.ai.levels import player
from cribbage.ai.players import action_for
from cribbage.ai.why import KeepExplanation, PlayExplanation, explanation
from cribbage.lang.messages import Message, render
from cribbage.registry.languages import CODES
from cribbage.rules.actions import Play
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import LogKind, Phase
from cribbage.rules.game import Game
from cribbage.rules.play_scoring import score_play
from tests.test_players import Spy

OPPONENT = 1  # the seat advised is 0


def could_hold(game: Game, seat: int) -> list[Card]:
    """The cards the opponent of ``seat`` could still hold, from the cards: not seen by ``seat``, and
    worth more than the room a go of theirs this deal left."""
    seen = {*game.kept(seat), *game.discards(seat), game.starter, *(c for _, c in game.played)}
    go_counts = [e.count for e in game.log if e.deal == game.deal_number and e.kind is LogKind.GO
                 and e.seat != seat and e.count is not None]
    room = 31 - min(go_counts) if go_counts else 31
    return [c for c in FULL_DECK if c not in seen and (not go_counts or c.value > room)]


def said_go_in_this_series(game: Game, seat: int) -> bool:
    """Whether ``seat`` has said go since the count last started again, read from the log."""
    for entry in reversed(game.log):
        if entry.deal != game.deal_number or entry.kind in (LogKind.RESET, LogKind.STARTER):
            return False
        if entry.kind is LogKind.GO and entry.seat == seat:
            return True
    return False


def reply_points(series: tuple[Card, ...], card: Card) -> int:
    """What ``card`` scores played next on ``series`` (0 where it does not fit under 31)."""
    if sum(c.value for c in series) + card.value > 31:
        return 0
    return score_play((*series, card)).total


def check_play(game: Game, card: Card, said: Message) -> set[str]:
    """Every claim of the play's sentence ``said`` for ``card`` played now by seat 0, checked on the
    table; returns the claims' keys."""
    holds = could_hold(game, 0)
    assert set(game.hand(OPPONENT)) <= set(holds), "their real hand is among the cards they could hold"
    series = (*game.series, card)
    after = sum(c.value for c in series)
    safety = said.values["safety"]
    keys = {safety.key}
    answers = bool(game.hand(OPPONENT)) and not said_go_in_this_series(game, OPPONENT) and after < 31
    scores = [reply_points(series, c) for c in holds]
    if safety.key == "ai.explain.no_cards":
        assert not game.hand(OPPONENT)
    elif safety.key == "ai.explain.thirty_one":
        assert after == 31
    elif safety.key == "ai.explain.said_go":
        assert said_go_in_this_series(game, OPPONENT) and after < 31
    else:
        assert answers
        if safety.key == "ai.explain.safe":
            assert max(scores) == 0
        elif safety.key == "ai.explain.safe_fifteen":
            assert after < 15 and not any(after + c.value == 15 for c in holds)
            assert max(scores) == safety.values["worst"] > 0
        else:
            assert safety.key == "ai.explain.worst"
            assert max(scores) == safety.values["worst"] > 0
    read = said.values.get("read")
    if read is None:
        return keys
    keys.add(read.key)
    read, what = read.values.get("likeliest", read), read   # the likeliest rank, then what one would peg
    rank = read.values["rank"].rank
    pool = ExpertPlayer().read_opponent(TableView.from_game(Spy(game, 0), 0), Spy(game, 0), 0).opponent_pool()
    shares = [x / sum(pool) for x in pool]
    unseen = [sum(1 for c in FULL_DECK if c.rank == r and c not in
                  {*game.kept(0), *game.discards(0), game.starter, *(c for _, c in game.played)})
              for r in range(14)]
    prior = [u / sum(unseen) for u in unseen]
    assert shares[rank] == max(shares[1:]), "the likeliest rank has the read's highest share"
    assert shares[rank] > prior[rank] + 0.03, "and the read makes it likelier than the unseen cards alone, by " \
        "more than 3 points of their hand"
    assert (read.values["share"], read.values["prior"]) == (pytest.approx(shares[rank]), pytest.approx(prior[rank]))
    assert any(c.rank == rank for c in holds), "a rank they could still hold"
    one = next(c for c in holds if c.rank == rank)
    assert read.key == "ai.explain.likely_only"
    if what.key == "ai.explain.likely":
        assert answers and reply_points(series, one) == what.values["pegs"] > 0
    elif what.key == "ai.explain.likely_nothing":
        assert answers and reply_points(series, one) == 0
    else:
        assert what is read and not answers
    return keys


def check_keep(game: Game, facts: KeepExplanation, said: Message) -> set[str]:
    """The keep's sentence: the hand's average over the starters counted here, the crib the advice's."""
    six = (*game.hand(0),)
    starters = [c for c in FULL_DECK if c not in six]
    assert len(starters) == 46
    assert said.values["hand"] == pytest.approx(fmean(score_hand(facts.keep, s).total for s in starters), abs=1e-9)
    advice = advise_discard(six, dealer=game.dealer == 0, crib_model="expert")
    option = next(o for o in advice if set(o.keep) == set(facts.keep))
    assert said.values["crib"] == pytest.approx(option.crib_ev)
    assert said.key == ("ai.explain.keep_own" if game.dealer == 0 else "ai.explain.keep_theirs")
    return {said.key}


def checked_games(seeds: range, opponent: str) -> set[str]:
    """Seat 0 advised at every move of seeded games (the expert playing seat 0, ``opponent`` seat 1),
    every sentence's claims checked and worded in every language; the claims' keys met."""
    adviser = Adviser()
    met: set[str] = set()
    for seed in seeds:
        game = Game(f"explained/{seed}")
        players = [player("expert", seed=seed), player(opponent, seed=seed)]
        for seat in turns(game):
            spy = Spy(game, seat)
            if seat == 0 and game.phase in (Phase.DISCARD, Phase.PLAY):
                move = adviser.keep(spy, 0) if game.phase is Phase.DISCARD else adviser.hint(spy, 0)
                facts = adviser.explain(spy, 0, move)
                if facts is not None:
                    said = explanation(facts)
                    if isinstance(facts, PlayExplanation):
                        assert facts.card == move.card
                        met |= check_play(game, facts.card, said)
                    else:
                        met |= check_keep(game, facts, said)
                    for language in CODES:
                        text = render(said, language)
                        assert text and not re.search(r"[{}]", text), text
            game.apply(action_for(players[seat], spy, seat))
    return met


def test_every_fact_the_hint_says_is_true_in_four_games():
    met = checked_games(range(2), "standard") | checked_games(range(2, 4), "classic")
    # The games meet the sentence's kinds of claim (each checked above wherever it was said).
    assert {"ai.explain.keep_own", "ai.explain.keep_theirs", "ai.explain.worst", "ai.explain.no_cards",
            "ai.explain.likely_nothing"} <= met


@pytest.mark.slow
def test_every_fact_the_hint_says_is_true_in_two_hundred_games():
    met = checked_games(range(100, 200), "standard") | checked_games(range(200, 300), "expert")
    assert {"ai.explain.safe_fifteen", "ai.explain.said_go", "ai.explain.thirty_one", "ai.explain.likely",
            "ai.explain.likely_only"} <= met


def _led_four() -> Game:
    """You (seat 0) are the pone with 4♣ 9♦ 10♠ K♥ kept, the starter 2♥: you lead."""
    return Game.from_deal(("4C 9D TS KH 7C 8S", "5H 5S JD QD 3C 6C"), "2H", dealer=1, discards=("7C 8S", "3C 6C"))


def test_leading_the_four_is_safe_from_fifteen():
    # By hand: a 4 led leaves 4, and no card makes 4 into 15 (that would take 11); a 4 of theirs pairs
    # it (2) and one card makes no run. At the lead the read has seen nothing of the dealer's hand but
    # what good players keep: no rank comes out 3 points of their hand likelier than chance, so the
    # sentence names none.
    game = _led_four()
    adviser = Adviser()
    hint = adviser.hint(game, 0)
    assert hint.card == cards("4C")[0]
    said = explanation(adviser.explain(game, 0, hint))
    assert said.key == "ai.explain.play"
    assert said.values["safety"].key == "ai.explain.safe_fifteen" and said.values["safety"].values["worst"] == 2
    check_play(game, hint.card, said)
    assert render(said, "en") == ("It sees that no card they could still hold makes fifteen on it (the most one "
                                  "could peg on it is 2).")
    assert render(said, "es").startswith("La experta ve que ninguna carta que el rival aún pueda tener hace quince")
    assert render(said, "pt").startswith("O especialista vê que nenhuma carta que o adversário ainda possa ter faz "
                                         "quinze")


def test_after_a_seven_on_a_ten_the_read_expects_eights():
    # You hold 3♥ 5♦ 7♣ 10♣ (starter J♣), led the 10♣ and they answered 7♥ (17). A good player answers a
    # ten with a 7 mostly from a hand holding an 8 or another 7 (a run or a pair royal to come), so the
    # read makes eights their likeliest cards, far above the 4 in 44 unseen cards (9%). The expert plays
    # the 3♥ (20): an 8 on it makes 28 and no run (3, 7, 8), nothing; a 3 pairs it, 2 at most.
    from tests.test_expert_reasons import _after_ten_seven

    game = _after_ten_seven()
    adviser = Adviser()
    hint = adviser.hint(game, 0)
    said = explanation(adviser.explain(game, 0, hint))
    assert hint.card == cards("3H")[0] and said.key == "ai.explain.play_read"
    read = said.values["read"]
    assert read.key == "ai.explain.likely_nothing" and read.values["likeliest"].values["rank"].rank == 8
    check_play(game, hint.card, said)
    english = render(said, "en")
    assert english.startswith("It sees that the most a card they could still hold pegs on it is 2; by its read of "
                              "them, eights are their likeliest cards (")
    assert "ochos" in render(said, "es") and "oitos" in render(said, "pt")
    # The percentages are written as each language writes them (Babel): "28%" in English, "28 %" in Spanish.
    share = round(100 * read.values["likeliest"].values["share"])
    assert f"{share}%" in english and f"{share}\u00a0%" in render(said, "es")


def test_a_keep_says_what_it_expects_in_hand_and_crib():
    game = Game("keep-example")   # the first deal's discard
    assert game.phase is Phase.DISCARD
    adviser = Adviser()
    option = adviser.keep(game, 0)
    facts = adviser.explain(game, 0, option)
    said = explanation(facts)
    check_keep(game, facts, said)
    assert re.fullmatch(r"It expects \d+\.\d points from the hand on average, and (\d+\.\d from your crib|gives "
                        r"\d+\.\d to their crib)\.", render(said, "en"))
    assert re.search(r"\d,\d", render(said, "es")) and re.search(r"\d,\d", render(said, "pt"))


@pytest.mark.parametrize("language, words", [("en", "It sees that no card they could still hold makes fifteen"),
                                             ("es", "La experta ve que ninguna carta que el rival aún pueda tener"),
                                             ("pt", "O especialista vê que nenhuma carta que o adversário")])
def test_the_game_table_shows_what_the_expert_saw_with_the_hint(language, words):
    from widgets.table.model import TableSession
    from widgets.table.view import GameTable

    table = GameTable(_session=TableSession(game=_led_four(), level="expert"), language=language, board=False)
    table.hint()
    assert words in table.hint_text
    table.pick(cards("4C")[0])    # a move: the hint (and what it saw) is gone until asked again
    assert words not in table.hint_text


def test_the_facts_use_only_what_the_seat_sees():
    game = _led_four()
    game.apply(Play(0, cards("4C")[0]))
    # Seat 1's view of the same table, through the spy: reading seat 0's hand would fail.
    adviser = Adviser()
    spy = Spy(game, 1)
    hint = adviser.hint(spy, 1)
    assert adviser.explain(spy, 1, hint) is not None

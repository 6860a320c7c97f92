"""Computer players: the protocol, the levels, whole games, and no peeking at the opponent."""

import pytest

from cribbage import CribbageError, IllegalActionError, cards, hand_total
from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import advise_discard
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.levels import LEVELS, play_game, player
from cribbage.ai.players import BeginnerPlayer, Player, StandardPlayer, action_for
from cribbage.rules.actions import Count
from cribbage.rules.events import Phase
from cribbage.rules.game import Game


class Spy:
    """A game that lets one seat see only what a person at that seat could see."""

    def __init__(self, game, seat):
        self._game, self._seat = game, seat

    def __getattr__(self, name):
        if name == "crib" and self._game.phase not in (Phase.SHOW, Phase.DEAL_OVER):
            raise AssertionError("peeked at the crib before the show")
        return getattr(self._game, name)

    def _own(self, who, name):
        if who != self._seat:
            raise AssertionError(f"seat {self._seat} peeked at the opponent's {name}")
        return getattr(self._game, name)(who)

    def hand(self, who):
        return self._own(who, "hand")

    def kept(self, who):
        return self._own(who, "kept")

    def discards(self, who):
        return self._own(who, "discards")

    @property
    def log(self):
        # The log is public, but a deal entry lists both hands and a discard entry the two cards
        # laid away: a seat may read those cards only for its own discard.
        return tuple(_Hidden(e) if e.kind == "deal" or (e.kind == "discard" and e.seat != self._seat)
                     else e for e in self._game.log)


class _Hidden:
    """A log entry whose cards the seat may not see."""

    def __init__(self, entry):
        self._entry = entry

    def __getattr__(self, name):
        if name == "cards":
            raise AssertionError(f"peeked at the cards of a {self._entry.kind} entry in the log")
        return getattr(self._entry, name)


def run(players, seed, **options):
    """Like play_game, but each player sees the game through a Spy."""
    game = Game(seed, **options)
    for seat in turns(game):
        game.apply(action_for(players[seat], Spy(game, seat), seat))
    return game


def test_the_factory_and_the_protocol():
    for level, cls in zip(LEVELS, (BeginnerPlayer, StandardPlayer, ExpertPlayer)):
        p = player(level, seed=3, name="Ann")
        assert isinstance(p, cls) and isinstance(p, Player)
        assert p.level == level and p.name == "Ann"
    assert player().level == "expert" and "expert" in player().name
    with pytest.raises(CribbageError, match="unknown level 'grandmaster'"):
        player("grandmaster")


@pytest.mark.parametrize("levels", [("expert", "standard"), ("standard", "beginner"), ("beginner", "expert"),
                                    ("expert", "classic"), ("classic", "beginner")])
def test_whole_games_between_levels_never_peek_and_finish(levels):
    for seed in range(3):
        game = run([player(levels[0], seed=seed), player(levels[1], seed=seed + 1)], seed)
        assert game.is_over and game.result.winner in (0, 1)
        assert max(game.scores) >= 121


def test_the_spy_catches_a_player_reading_hidden_cards_in_the_log():
    class Peeker(ExpertPlayer):
        def discard(self, game, seat):
            deal = next(e for e in game.log if e.kind == "deal")
            assert deal.cards  # both hands
            return super().discard(game, seat)

    with pytest.raises(AssertionError, match="peeked at the cards of a deal entry"):
        run([Peeker(), player("standard")], 1)


def test_muggins_games_finish_and_the_beginner_loses_his_nobs():
    missed = 0
    for seed in range(6):
        game = run([player("beginner", seed=seed), player("expert", seed=seed)], seed, muggins=True)
        assert game.is_over
        for event in game.events:
            if event.kind == "muggins":
                assert event.seat == 1  # only the beginner under-counts
                missed += event.points
    assert missed > 0


def test_play_game_is_seeded():
    a = play_game([player("expert", seed=1), player("beginner", seed=2)], seed=11)
    b = play_game([player("expert", seed=1), player("beginner", seed=2)], seed=11)
    assert [str(e) for e in a.log] == [str(e) for e in b.log]
    assert a.result == b.result


def test_the_expert_discards_the_advised_keep():
    game = Game.from_deal(("5H 5D JC KS 2H 9C", "AC 3D 4H 8S QD TD"), dealer=0)
    away = player("expert").discard(game, 0)
    assert set(away) == set(cards("2H 9C"))
    assert set(advise_discard(game.hand(0), dealer=True).best.discard) == set(away)


def test_the_advisers_moves_are_the_expert_computers_at_every_decision_of_whole_games():
    # The game table's hints (the Adviser) name the move the expert across the table makes, at every
    # decision of whole games, the last deals (where the expert plays to the score) included.
    adviser, expert, classic = Adviser(), player("expert"), Adviser(level="classic")
    discards = near_home = plays = 0
    for seed in range(3):
        game = Game(f"adviser/{seed}")
        for seat in turns(game):
            if game.phase is Phase.DISCARD:
                assert set(adviser.keep(game, seat).discard) == set(expert.discard(game, seat))
                # The classic adviser, kept for the guided hands, gives the uniform advice's best.
                assert classic.keep(game, seat) == advise_discard(game.hand(seat), dealer=game.dealer == seat).best
                discards += 1
                near_home += max(game.scores) >= 91
            elif game.phase is Phase.PLAY:
                assert adviser.hint(game, seat).card == expert.play(game, seat)
                plays += 1
            game.apply(action_for(expert, game, seat))
    assert discards > 40 and near_home > 4 and plays > 200


def test_the_adviser_sees_only_its_seat_and_refuses_an_unknown_level():
    for seed in range(2):
        assert run([Adviser(), player("expert", seed=seed)], seed).is_over
        assert run([player("classic", seed=seed), Adviser(level="classic")], seed).is_over
    with pytest.raises(CribbageError, match="unknown level 'standard'"):
        Adviser(level="standard")


def test_the_standard_player_ignores_the_crib():
    # As pone it keeps the best hand even when that salts the opponent's crib with a 5.
    six = cards("5H 5D 6H 7S 8C 9D")
    best_hand = max(advise_discard(six, dealer=False), key=lambda o: o.hand_ev)
    assert set(StandardPlayer().choose_discard(six, dealer=False)) == set(best_hand.discard)


def test_a_choice_does_not_depend_on_the_opponents_hidden_cards():
    starter = "2D"
    mine = "5H 5D 6H 7S 8C 9D"
    theirs_a, theirs_b = "JC QC KC 2S 3S 4S", "AC AH 7C 7D TC TH"
    choices = []
    for theirs in (theirs_a, theirs_b):
        game = Game.from_deal((mine, theirs), starter, dealer=1)
        expert = player("expert")
        away0 = expert.discard(game, 0)
        game.discard(0, away0)
        game.discard(1, game.hand(1)[:2])
        choices.append((away0, expert.play(game, 0), expert.hint(game, 0).reason))
    assert choices[0] == choices[1]


def test_hint_names_the_card():
    game = Game.from_deal(("5H 5D 6H 7S 8C 9D", "JC QC KC 2S 3S 4S"), "2D", dealer=1,
                          discards=("8C 9D", "2S 3S"))
    hint = ExpertPlayer().hint(game, 0)
    assert hint.card in game.hand(0) and str(hint.card) in hint.reason
    assert game.can_play(0, hint.card)


def test_counts_in_the_show():
    game = Game.from_deal(("5H 5D 6H JC 8C 9D", "JS QC KC 2S 3S 4S"), "5C", dealer=1, muggins=True,
                          discards=("8C 9D", "2S 3S"))
    while game.phase is Phase.PLAY:
        seat = game.to_act
        game.apply(action_for(player("expert"), game, seat))
    assert game.phase is Phase.SHOW and game.to_act == 0
    true = hand_total(game.kept(0), game.starter)
    assert ExpertPlayer().count(game, 0) == true
    assert BeginnerPlayer().count(game, 0) == true - 1  # his nobs: the J♣ with a ♣ starter
    action = action_for(BeginnerPlayer(), game, 0)
    assert action == Count(0, true - 1)


def test_action_for_refuses_a_finished_game():
    game = play_game([player("standard"), player("standard")], seed=5)
    with pytest.raises(IllegalActionError, match="game is over"):
        action_for(player("expert"), game, 0)


def test_every_play_is_legal_in_many_seeded_games():
    # The game raises on any illegal action; every card played also fits under 31.
    for seed in range(12):
        levels = LEVELS[seed % 3], LEVELS[(seed + 1) % 3]
        game = play_game([player(levels[0], seed=seed), player(levels[1], seed=seed)], seed=seed,
                         dealer=seed % 2)
        plays = [e for e in game.log if e.kind == "play"]
        assert plays and all(e.count <= 31 for e in plays)

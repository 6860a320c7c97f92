"""The game table and the guided hands, driven from Python as a learner would click them."""

from __future__ import annotations

import html
import random

import pytest

from cribbage import hand_total
from cribbage.ai.adviser import Adviser
from cribbage.ai.discard import advise_discard
from cribbage.ai.play_choice import PlayView, choose_play
from cribbage.registry.languages import CODES, SOURCE
from cribbage.rules.events import Phase
from widgets.i18n import card_name, render
from widgets.i18n.messages import MESSAGES
from widgets.table.guided import GUIDED_HANDS, GuidedHand
from widgets.table.view import COMPUTER, YOU, GameTable


def _true_count(game) -> int:
    crib = game.counting == "crib"
    return hand_total(game.crib if crib else game.kept(YOU), game.starter, crib=crib)


def _state(game) -> tuple:
    return (len(game.log), game.scores, game.phase, game.to_act, game.hand(YOU), game.hand(COMPUTER),
            game.series, game.muggins_claimant)


def _check_invariants(table: GameTable) -> None:
    game = table.game
    assert game.scores == tuple(s + sum(e.points for e in game.events if e.seat == p)
                                for p, s in enumerate(game.start_scores))
    assert max(game.scores) <= game.target
    assert table.board.pegs == game.pegs
    assert set(table.card_buttons) == set(game.hand(YOU))
    assert [b.description for b in table.hand_buttons] == [str(c) for c in game.hand(YOU)]
    # While the game waits on you, it is never the computer's move.
    assert table.checking or game.to_act != COMPUTER or game.is_over
    # Every point pegged has its line in the log.
    assert sum(1 for line in table.log_lines if line.startswith("+")) == len(game.events)
    if game.phase is Phase.PLAY and game.to_act == YOU and not table.checking:
        enabled = {c for c, b in table.card_buttons.items() if not b.disabled}
        assert enabled == {c for c in game.hand(YOU) if game.can_play(YOU, c)}
        assert table.go_button.disabled == (not game.can_go(YOU))
    if game.is_over:
        assert table.result_text
    # The crib is face down until its turn in the show, and the computer's hand until the show.
    crib_hidden = game.phase in (Phase.DISCARD, Phase.PLAY) or (
        game.phase is Phase.SHOW and (game.counting != "crib" or table.checking))
    if game.crib and crib_hidden and not game.is_over:
        assert not any(f'aria-label="{card_name(c)}"' in table.top_html for c in game.crib)
    if game.phase in (Phase.DISCARD, Phase.PLAY) and not game.is_over:
        assert not any(f'aria-label="{card_name(c)}"' in table.top_html for c in game.hand(COMPUTER))


def _click_through(table: GameTable, rng: random.Random, *, follow: bool = False, short_counts: bool = False,
                   claim: bool = True, limit: int = 3000) -> None:
    """Play to the end with real clicks: the advised moves (``follow``) or random legal ones."""
    game = table.game
    for _ in range(limit):
        if game.is_over or (game.phase is Phase.DEAL_OVER and not table.checking
                            and table.next_deal_button.layout.display == "none"):
            return  # the end of the game, or of a guided hand
        if table.checking:
            if claim and game.muggins_claimant == YOU:
                table.muggins_button.click()
            else:
                table.go_on_button.click()
        elif game.phase is Phase.DISCARD:
            six = game.hand(YOU)
            away = advise_discard(six, dealer=game.dealer == YOU).best.discard if follow else rng.sample(six, 2)
            for card in away:
                table.card_buttons[card].click()
            assert set(table.selected) == set(away)
            table.lay_away_button.click()
        elif game.phase is Phase.PLAY:
            if not table.go_button.disabled:
                table.go_button.click()
            else:
                if follow:
                    card = choose_play(PlayView.from_game(game, YOU), "expert").card
                else:
                    card = rng.choice([c for c, b in table.card_buttons.items() if not b.disabled])
                table.card_buttons[card].click()
        elif game.phase is Phase.SHOW:
            true = _true_count(game)
            said = max(0, true - rng.choice((0, 0, 1, 2))) if short_counts else true
            table.count_box.value = str(said)
            table.count_button.click()
        else:
            table.next_deal_button.click()
        assert table.message == "", table.message
        _check_invariants(table)
    raise AssertionError("the game did not finish")


@pytest.mark.slow
@pytest.mark.parametrize("level, target", [("beginner", 61), ("standard", 61), ("expert", 121)])
def test_a_full_game_to_the_finish_at_each_level(level: str, target: int) -> None:
    table = GameTable(seed=11, level=level, target=target, board=False)
    _click_through(table, random.Random(level))
    game = table.game
    assert game.is_over and table.level == level
    result = game.result
    assert ("You win!" if result.winner == YOU else "The computer wins.") in table.result_text
    assert f"{result.scores[result.winner]} to {result.scores[result.loser]}" in table.result_text
    assert sum(table.games_won) == result.games
    assert table.prompt.startswith("The game is over")
    assert table.log_lines[-1] == table.result_text
    assert "muggins" not in table.show_text.lower()          # a count capped at the target is not short


def test_a_game_to_61() -> None:
    table = GameTable(seed=5, target=61, board=False)
    _click_through(table, random.Random(1), follow=True)
    assert table.game.target == 61 and 61 in table.game.scores


def test_muggins_mode_the_computer_takes_what_you_miss_and_you_take_its_forgotten_nobs() -> None:
    took = claimed = 0
    for seed in range(1, 12):
        table = GameTable(seed=seed, level="beginner", muggins=True, target=61, board=False)
        _click_through(table, random.Random(seed), short_counts=True)
        events = table.game.events
        took += sum(1 for e in events if e.kind == "muggins" and e.seat == COMPUTER)
        claimed += sum(1 for e in events if e.kind == "muggins" and e.seat == YOU)
        if took and claimed:
            break
    assert took and claimed, "muggins went both ways in these seeded games"


@pytest.mark.slow
def test_the_beginners_short_count_waits_for_you_and_its_items_show_after() -> None:
    for seed in range(1, 40):
        table = GameTable(seed=seed, level="beginner", muggins=True, board=False)
        game = table.game
        rng = random.Random(seed)
        while not (table.checking and game.muggins_claimant == YOU) and game.deal_number < 4:
            if table.checking:
                table.go_on_button.click()
            elif game.phase is Phase.DISCARD:
                for card in game.hand(YOU)[:2]:
                    table.card_buttons[card].click()
                table.lay_away_button.click()
            elif game.phase is Phase.PLAY:
                (table.go_button if not table.go_button.disabled else
                 rng.choice([b for b in table.card_buttons.values() if not b.disabled])).click()
            elif game.phase is Phase.SHOW:
                table.count(_true_count(game))
            else:
                table.next_deal()
        if table.checking and game.muggins_claimant == YOU:
            break
    else:
        pytest.fail("no beginner forgot his nobs in these games")
    assert "Count it yourself" in table.show_text      # the items are not given away yet
    before = game.scores[YOU]
    table.muggins_button.click()
    assert game.scores[YOU] == before + 1 and not table.checking
    assert "muggins" in table.log_lines[-1].lower()
    assert "Nobs" in table.show_text                    # now the count is itemized


def test_you_count_over_and_short_in_muggins_mode() -> None:
    table = GameTable(seed=3, muggins=True, board=False)
    game = table.game
    rng = random.Random(0)
    while game.phase is not Phase.SHOW or game.to_act != YOU or table.checking:
        if table.checking:
            table.go_on()
        elif game.phase is Phase.DISCARD:
            table.lay_away(game.hand(YOU)[:2])
        elif game.phase is Phase.PLAY:
            table.go() if game.can_go(YOU) else table.play(rng.choice([c for c in game.hand(YOU) if game.can_play(YOU, c)]))
        else:
            table.next_deal()
    true = _true_count(game)
    before = _state(game)
    for bad in (true + 1, "abc", "-1", "", "1e3", 2.5, True, "9" * 50):
        table.count(bad)
        assert table.message and _state(game) == before, bad
    if true:
        table.count(true - 1)
        assert any(e.kind == "muggins" and e.seat == COMPUTER and e.points == 1 for e in game.events)


def test_out_of_turn_clicks_and_bad_moves_change_nothing() -> None:
    table = GameTable(seed=8, board=False)
    game = table.game
    assert game.phase is Phase.DISCARD
    six = game.hand(YOU)

    def refused(action, *args) -> None:
        before = _state(game)
        action(*args)
        assert table.message, action
        assert _state(game) == before

    refused(table.lay_away_button.click)                      # nothing picked
    refused(table.go_button.click)                            # go in the discard
    refused(table.next_deal_button.click)
    refused(table.count, 5)                                   # muggins is off
    refused(table.muggins)
    refused(table.go_on)
    for card in six[:2]:
        table.card_buttons[card].click()
    refused(table.card_buttons[six[2]].click)                 # a third card
    assert table.selected == six[:2]
    refused(table.pick, game.hand(COMPUTER)[0])               # not yours
    table.lay_away_button.click()
    assert game.phase is Phase.PLAY and game.to_act == YOU
    held = game.hand(YOU)
    refused(table.play, game.hand(COMPUTER)[0])
    refused(table.lay_away, held[:2])                         # already laid away
    if not game.can_go(YOU):
        refused(table.go_button.click)                        # a card fits
    # Play until a card does not fit, and click it.
    rng = random.Random(2)
    while game.phase is Phase.PLAY:
        blocked = [c for c in game.hand(YOU) if not game.can_play(YOU, c)]
        if game.to_act == YOU and blocked:
            assert table.card_buttons[blocked[0]].disabled
            refused(table.card_buttons[blocked[0]].click)
            assert "past 31" in table.message
            break
        if game.can_go(YOU):
            table.go()
        else:
            table.play(rng.choice([c for c in game.hand(YOU) if game.can_play(YOU, c)]))
    _click_through(table, rng)
    refused(table.next_deal_button.click)                     # the game is over
    refused(table.hint)


def test_hints_come_from_the_engine() -> None:
    table = GameTable(seed=27, board=False)  # a deal where the uniform crib would advise another keep
    game = table.game
    table.hint_button.click()
    # The hints are the expert computer's moves: the expert crib model's keep, the strong expert's card.
    best = Adviser().keep(game, YOU)
    assert best == advise_discard(game.hand(YOU), dealer=game.dealer == YOU, crib_model="expert").best
    assert best.discard != advise_discard(game.hand(YOU), dealer=game.dealer == YOU).best.discard
    assert best.reason in table.hint_text and " ".join(map(str, best.discard)) in table.hint_text
    table.lay_away(best.discard)
    assert table.hint_text == ""
    table.hint()
    choice = Adviser().hint(game, YOU)
    assert choice.reason in table.hint_text


def test_same_seed_same_game_and_new_game_settings() -> None:
    a, b = GameTable(seed="x", target=61, board=False), GameTable(seed="x", target=61, board=False)
    _click_through(a, random.Random(4))
    _click_through(b, random.Random(4))
    assert a.log_lines == b.log_lines
    a.new_game(seed=9, level="beginner", target=61, muggins=True)
    assert (a.game.seed, a.level, a.game.target, a.game.muggins) == (9, "beginner", 61, True)
    assert a.log_lines[0].startswith("Cut for deal") and a.result_text == ""
    a.seed_box.value = "   "
    before = a.game
    a.new_game_button.click()
    assert a.message and a.game is before
    a.new_game(level="grandmaster")
    assert a.message and a.level == "beginner"


def test_the_board_follows_the_pegs() -> None:
    table = GameTable(seed=2)
    drawn = table.board.png
    game = table.game
    while not any(game.scores):
        if game.phase is Phase.DISCARD:
            table.lay_away(game.hand(YOU)[:2])
        elif game.phase is Phase.PLAY:
            table.go() if game.can_go(YOU) else table.play(next(c for c in game.hand(YOU) if game.can_play(YOU, c)))
        else:
            break
    assert table.board.pegs == game.pegs and table.board.png != drawn


@pytest.mark.slow
def test_spanish_and_portuguese_tables() -> None:
    for language, word, won in (("es", "Elige dos cartas", "una partida"), ("pt", "Escolha duas cartas", "uma partida")):
        table = GameTable(seed=4, language=language, level="beginner", muggins=True, target=61, board=False)
        assert word in table.prompt
        _click_through(table, random.Random(1), short_counts=True)
        assert table.game.is_over and won in table.result_text
    guided = GameTable.guided(2, language="es", board=False)
    assert "Ahora repartes tú" in guided.guide_text


def test_every_table_text_is_in_three_languages() -> None:
    for key, texts in MESSAGES.items():
        if key.startswith("table."):
            assert set(texts) == set(CODES) and all(texts.values()), key


# --- the guided hands -------------------------------------------------------------------------

def _follow_guided(table: GameTable) -> None:
    """Follow the advice, checking before every move that the explanation is the engine's."""
    game = table.game
    while game.phase in (Phase.DISCARD, Phase.PLAY):
        if game.phase is Phase.DISCARD:
            best = advise_discard(game.hand(YOU), dealer=game.dealer == YOU).best
            assert best.reason in table.guide_text
            for card in best.discard:
                table.card_buttons[card].click()
            table.lay_away_button.click()
        else:
            choice = choose_play(PlayView.from_game(game, YOU), "expert")
            assert choice.reason in table.guide_text
            (table.go_button if choice.card is None else table.card_buttons[choice.card]).click()
        assert table.message == ""
        _check_invariants(table)
    assert all(step.followed for step in table.steps)


def test_guided_hand_1_a_plain_hand_as_pone_with_a_go_and_the_show() -> None:
    table = GameTable.guided(1, board=False)
    game = table.game
    assert game.dealer == COMPUTER and table.guide_text.startswith(GUIDED_HANDS[0].intro())
    assert "You are the pone" in table.guide_text
    _follow_guided(table)
    assert game.phase is Phase.DEAL_OVER
    assert any(e.kind == "go" and e.seat == YOU for e in game.log)        # you say go
    assert any(e.kind == "go" for e in game.events)                          # and a go is pegged
    shows = [(e.seat, e.kind) for e in game.events if e.kind in ("hand", "crib")]
    assert shows == [(YOU, "hand"), (COMPUTER, "hand"), (COMPUTER, "crib")]  # the counting order
    assert "This guided hand is over" in table.prompt
    assert GUIDED_HANDS[0].outro(game) in table.guide_text
    before = _state(game)
    table.next_deal()                                                         # a guided hand is one deal
    assert table.message and _state(game) == before


def test_guided_hand_2_as_dealer_a_31_a_pair_royal_and_a_crib() -> None:
    table = GameTable.guided(2, board=False)
    game = table.game
    assert game.dealer == YOU and "You are the dealer" in table.guide_text
    _follow_guided(table)
    kinds = {e.kind for e in game.events if e.phase is Phase.PLAY}
    assert {"thirty-one", "pair royal"} <= kinds
    crib = [e for e in game.events if e.kind == "crib"]
    assert crib[0].seat == YOU and crib[0].points >= 6
    assert "Your crib" in table.show_text


@pytest.mark.slow
def test_guided_hand_3_the_pone_pegs_out_before_the_dealer_counts() -> None:
    hand = GUIDED_HANDS[2]
    table = GameTable.guided(3, board=False)
    game = table.game
    assert game.scores == hand.scores and game.scores[COMPUTER] > game.scores[YOU]
    assert f"you have {hand.scores[0]}, the computer {hand.scores[1]}" in table.guide_text
    _follow_guided(table)
    assert game.winner == YOU and game.scores[YOU] == 121
    assert game.events[-1].kind == "hand" and game.events[-1].seat == YOU   # won on the pone's count
    dealer_hand = hand_total(game.kept(COMPUTER), game.starter, crib=False)
    assert game.scores[COMPUTER] < 121 <= game.scores[COMPUTER] + dealer_hand  # it would have won
    assert f"worth {dealer_hand}, was never counted" in table.guide_text
    assert "You win!" in table.result_text


@pytest.mark.slow
@pytest.mark.parametrize("language", CODES)
def test_the_close_finish_looks_like_the_end_of_a_game_not_its_first_deal(language: str) -> None:
    # The close finish once drew both back pegs in the start holes under "Deal 1": a game that
    # seemed to jump from 0 to 109 in its first deal.
    hand = GUIDED_HANDS[2]
    table = GameTable.guided(3, language=language)
    game = table.game
    assert game.deal_number == hand.deal == 10
    assert table.board.pegs == game.pegs == ((109, 103), (114, 106))
    for front, back in table.board.pegs:
        assert 0 < back < front and front - back <= 29          # the last points of a real deal
    key = [text.get_text() for text in table.board.figure().legends[0].get_texts()]
    for letter, (front, back) in zip("AB", table.board.pegs):
        for peg, hole in (("board.front", front), ("board.back", back)):
            assert any(text.startswith(letter) and text.endswith(f"{render(peg, language)} {hole}") for text in key)
    assert render("table.status", language, deal=10, dealer=render("table.computer_deals", language),
                  target=121, level=render("table.level.expert", language)) in html.unescape(table.status_html)
    assert table.log_lines[0] == render("table.log_deal_1", language, n=10)   # "Deal 10: the computer deals..."
    assert table.guide_text.startswith(hand.intro(language))   # the intro is the first deal's, here the tenth
    if language == SOURCE:
        _follow_guided(table)   # the points leapfrog from there
        assert game.deal_number == 10 and table.board.pegs == game.pegs == ((121, 115), (117, 116))


def test_a_guided_hand_with_other_moves_says_what_the_expert_would_do() -> None:
    table = GameTable.guided(1, board=False)
    game = table.game
    six = game.hand(YOU)
    advice = advise_discard(six, dealer=False)
    worst = advice.options[-1]
    table.lay_away(worst.discard)
    step = table.steps[-1]
    assert not step.followed and step.advised == advice.best.discard
    assert f"ranks {advice.rank_of(worst.keep)} of 15" in table.guide_text
    assert advice.best.reason in table.guide_text
    while game.phase is Phase.PLAY:
        if game.can_go(YOU):
            table.go()
            continue
        choice = choose_play(PlayView.from_game(game, YOU), "expert")
        other = [c for c in game.hand(YOU) if game.can_play(YOU, c) and c.rank != choice.card.rank]
        if other:
            table.play(other[0])
            assert table.steps[-1].followed is False
            assert f"You played {other[0]}" in table.guide_text and choice.reason in table.guide_text
        else:
            table.play(choice.card)
            assert table.steps[-1].followed is True
    assert game.phase is Phase.DEAL_OVER
    before = _state(game)
    table.new_game()
    assert table.message and _state(game) == before


def test_guided_hands_are_refused_by_number_out_of_range() -> None:
    for bad in (0, 4, "1", True):
        with pytest.raises(ValueError):
            GameTable.guided(bad, board=False)
    mine = GuidedHand("pone", you="5H 5D 6H 7S 8C 9D", computer="JC QC KC 2S 3S 4S", starter="5C", dealer=0)
    assert GameTable.guided(mine, board=False).game.hand(YOU)[0].rank == 5


# --- the monkey -------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_seeded_monkey_never_breaks_the_table() -> None:
    rng = random.Random(2024)
    tables = [GameTable(seed=1, level="beginner", muggins=True, target=61, board=False),
              GameTable.guided(3, board=False)]
    for i in range(2000):
        table = tables[i % 2]
        controls = [table.lay_away_button, table.go_button, table.hint_button, table.count_button,
                    table.muggins_button, table.go_on_button, table.next_deal_button]
        roll = rng.random()
        if roll < 0.55 and table.all_card_buttons:
            rng.choice(list(table.all_card_buttons.values())).click()     # held, played or stale
        elif roll < 0.85:
            rng.choice(controls).click()
        elif roll < 0.95:
            table.count_box.value = rng.choice(["", "0", "7", "29", "x", "-3", "<script>", "1" * 30,
                                                str(rng.randint(0, 30))])
            table.count_button.click()
        elif table is tables[0] or rng.random() < 0.8:
            if rng.random() < 0.3 and table is tables[0]:
                table.new_game(seed=rng.randint(0, 9), level=rng.choice(["beginner", "standard", "expert"]),
                               target=rng.choice([61, 121]), muggins=rng.random() < 0.5)
        else:
            tables[1] = GameTable.guided(rng.randint(1, 3), board=False)
        _check_invariants(table)


def test_the_cut_for_deal_is_told_as_the_engine_cut() -> None:
    for seed in (1, 2, 2026):
        table = GameTable(seed=seed, board=False)
        cuts = [line for line in table.log_lines if line.startswith("Cut for deal")]
        assert len(cuts) == sum(1 for e in table.game.log if e.kind == "cut for deal")
        assert cuts[-1].endswith("you." if table.game.dealer == YOU else "the computer.")
        assert all(line.endswith("cut again.") for line in cuts[:-1])


def test_a_crib_counted_in_the_show_wears_the_crib_badge_before_the_answer() -> None:
    """Issue 11: counting (or checking) a crib, the table says it is a crib before the learner answers."""
    table = GameTable(seed=3, level="beginner", muggins=True, target=121, board=False)
    game = table.game
    rng = random.Random(3)
    seen_crib = seen_hand = False
    for _ in range(3000):
        if game.is_over or (seen_crib and seen_hand):
            break
        counting_crib = game.phase is Phase.SHOW and game.counting == "crib" and not table.checking
        counting_hand = game.phase is Phase.SHOW and game.counting == "hand" and not table.checking
        if counting_crib:
            seen_crib = True
            assert table.crib_counted_now and "cc-badge-crib" in table.prompt_html
        elif counting_hand:
            seen_hand = True
            assert not table.crib_counted_now and "cc-badge-crib" not in table.prompt_html
        if table.checking:
            table.go_on_button.click()
        elif game.phase is Phase.DISCARD:
            for card in rng.sample(game.hand(YOU), 2):
                table.card_buttons[card].click()
            table.lay_away_button.click()
        elif game.phase is Phase.PLAY:
            if not table.go_button.disabled:
                table.go_button.click()
            else:
                table.card_buttons[rng.choice([c for c, b in table.card_buttons.items() if not b.disabled])].click()
        elif game.phase is Phase.SHOW:
            table.count_box.value = str(_true_count(game))
            table.count_button.click()
        else:
            table.next_deal_button.click()
    assert seen_crib and seen_hand

"""Two people at one screen on the game table: every hand hidden behind a "pass the screen" step.

A whole deal (and a whole short game) is played by two scripted people with real clicks; at every
step, the state of every widget the table draws (its text, its buttons, its hidden parts too) holds
no card of the hand of the one not to act, nor any card laid away and not yet turned up."""

from __future__ import annotations

import html
import json
import random

import ipywidgets as w
import pytest

from cribbage import hand_total
from cribbage.ai.adviser import Adviser
from cribbage.registry.languages import CODES
from cribbage.rules.events import LogKind, Phase
from widgets.i18n import card_name, render
from widgets.table.view import GameTable
from widgets.table.words import TableWords

TWO = ("human", "human")


def _drawn(widget: w.Widget) -> str:
    """The state of every widget the table holds in its tree, hidden ones included: what a page
    would receive of it (a widget with display none is still in the page's DOM)."""
    states, stack = [], [widget]
    while stack:
        item = stack.pop()
        states.append(json.dumps(item.get_state(), default=str, ensure_ascii=False))
        stack.extend(getattr(item, "children", ()))
    return "\n".join(states)


def _private(table: GameTable, seat: int) -> tuple:
    """The cards of ``seat`` the other may not see now: held, and laid away while the crib is face down."""
    game = table.game
    crib_down = game.phase in (Phase.DISCARD, Phase.PLAY) or (
        game.phase is Phase.SHOW and game.counting != "crib")
    return game.hand(seat) + (game.discards(seat) if crib_down else ())


def _check_hidden(table: GameTable) -> None:
    game = table.game
    if game.is_over or game.phase not in (Phase.DISCARD, Phase.PLAY):
        return
    drawn = _drawn(table)
    # The log tells the cut for deal and the deals before this one: their cards went back into the
    # pack and may be dealt again. The rest of the log is checked with everything else.
    words = TableWords(table.language, table.names)
    last_deal = max(i for i, entry in enumerate(game.log) if entry.kind is LogKind.DEAL)
    for entry in game.log[:last_deal]:
        for _css, text in words.entry(entry, table.result_text):
            drawn = drawn.replace(html.escape(text), "")
    shown = table.session.shown_seat
    for seat in (0, 1):
        if seat == shown:
            continue
        for card in _private(table, seat):
            assert str(card) not in drawn and card_name(card, table.language) not in drawn, (
                f"{card} of seat {seat} drawn while seat {shown} sees the screen: {table.prompt}")
    if shown is not None:  # the one to act sees their own hand, and only that
        assert set(table.card_buttons) == set(game.hand(shown))
        assert [b.description for b in table.hand_buttons] == [str(c) for c in game.hand(shown)]
    else:
        assert table.hand_buttons == () and table.card_buttons == {}
        assert table.reveal_button.layout.display is None and not table.reveal_button.disabled


def _click(table: GameTable, rng: random.Random, *, short: bool = False) -> None:
    """One click of the person the table waits on: a random legal move."""
    game, session = table.game, table.session
    seat = session.seat
    if table.passing:
        assert table.names[seat] in table.reveal_button.description
        table.reveal_button.click()
    elif table.checking:
        (table.muggins_button if game.muggins_claimant == seat else table.go_on_button).click()
    elif game.phase is Phase.DISCARD:
        for card in rng.sample(sorted(table.card_buttons), 2):
            table.card_buttons[card].click()
        table.lay_away_button.click()
    elif game.phase is Phase.PLAY:
        fits = sorted(card for card, button in table.card_buttons.items() if not button.disabled)
        (table.card_buttons[rng.choice(fits)] if fits else table.go_button).click()
    elif game.phase is Phase.SHOW:
        crib = game.counting == "crib"
        true = hand_total(game.crib if crib else game.kept(game.to_act), game.starter, crib=crib)
        table.count_box.value = str(max(0, true - rng.choice((0, 1, 2))) if short else true)
        table.count_button.click()
    else:
        table.next_deal_button.click()
    assert table.message == "", table.message


def test_a_whole_deal_between_two_people_never_shows_one_hand_to_the_other() -> None:
    table = GameTable(seats=TWO, names=("Ana", "Ben"), seed=7, board=False)
    game = table.game
    rng = random.Random(7)
    reveals = 0
    _check_hidden(table)
    assert table.passing and table.card_buttons == {}
    while game.phase is not Phase.DEAL_OVER and not game.is_over:
        before = table.session.seat
        reveals += table.passing
        _click(table, rng)
        _check_hidden(table)
        # Whenever the turn to lay away or play passes to the other, the screen is passed first.
        if game.phase in (Phase.DISCARD, Phase.PLAY) and table.session.seat != before:
            assert table.passing, table.prompt
            assert f"Pass the screen to {table.names[table.session.seat]}" in table.prompt
    # Both laid away behind the step, then every change of turn in the play.
    assert reveals >= 4
    # The show and the board as against the computer: the same points as the engine's own count.
    assert table.board.pegs == game.pegs
    for seat, name in enumerate(table.names):
        assert f"{name}'s hand" in table.show_text
        assert hand_total(game.kept(seat), game.starter) == sum(
            e.points for e in game.events if e.seat == seat and e.kind == "hand")
    assert not any("lays away" in line and any(str(c) in line for c in game.crib) for line in table.log_lines)


@pytest.mark.parametrize("muggins", [False, True])
def test_a_whole_short_game_between_two_people(muggins: bool) -> None:
    table = GameTable(seats=TWO, seed=3, target=61, muggins=muggins, board=False)
    game = table.game
    rng = random.Random(3)
    for _ in range(3000):
        if game.is_over:
            break
        _click(table, rng, short=muggins)
        _check_hidden(table)
    assert game.is_over
    winner = table.names[game.result.winner]
    assert table.names == ("Player 1", "Player 2")
    assert table.result_text.startswith(f"{winner} wins!")
    assert sum(table.games_won) == game.result.games
    if muggins:  # each counts their own; the other checks, and takes what was missed
        assert any(e.kind == "muggins" for e in game.events)


def test_the_hint_is_for_the_one_to_act_and_never_while_the_screen_is_passed() -> None:
    table = GameTable(seats=TWO, seed=12, board=False)
    game = table.game
    assert table.hint_button.layout.display == "none"
    table.hint()
    assert table.hint_text in ("", render("table.hint_none", "en"))
    table.reveal_button.click()
    seat = table.session.seat
    assert seat == game.pone
    table.hint_button.click()
    best = Adviser().keep(game, seat)
    assert all(str(card) in table.hint_text for card in best.discard)
    for card in best.discard:
        table.card_buttons[card].click()
    table.lay_away_button.click()
    assert table.passing and table.hint_text == ""


def test_moves_refused_while_the_screen_is_passed_change_nothing() -> None:
    table = GameTable(seats=TWO, names=("Ana", "Ben"), seed=5, board=False)
    game = table.game
    pone = game.pone
    before = (len(game.log), game.hand(0), game.hand(1))
    table.pick(game.hand(pone)[0])
    assert "First pass the screen: " + table.names[pone] in table.message
    table.lay_away(game.hand(pone)[:2])
    assert "First pass the screen" in table.message
    assert (len(game.log), game.hand(0), game.hand(1)) == before and table.selected == ()
    table.reveal_button.click()
    table.reveal()
    assert table.message == render("table.two.nothing_to_pass", "en")
    # The dealer's cards are not the pone's to pick, and the pone's pick stays the pone's.
    table.pick(game.hand(1 - pone)[0])
    assert "is not in your hand" in table.message


@pytest.mark.parametrize("names", [("Ana", "ana"), ("Ana",), ("Ana", ""), "AB", 42])
def test_two_names_are_two_different_names(names) -> None:
    with pytest.raises(ValueError, match="Two different names"):
        GameTable(seats=TWO, names=names, board=False)


def test_seats_the_table_does_not_offer_are_refused() -> None:
    with pytest.raises(ValueError, match="The seats are human,computer · human,human"):
        GameTable(seats=("computer", "human"), board=False)


@pytest.mark.parametrize("language", [code for code in CODES if code != "en"])
def test_two_people_in_each_language(language: str) -> None:
    table = GameTable(seats=TWO, seed=7, language=language, board=False)
    first, second = (render("table.two.player", language, n=n) for n in (1, 2))
    assert table.names == (first, second) and first != "Player 1"
    pone = table.names[table.game.pone]
    assert table.prompt == render("table.two.prompt_pass", language, name=pone)
    assert table.reveal_button.description == render("table.two.reveal", language, name=pone)
    rng = random.Random(1)
    while table.game.phase is not Phase.DEAL_OVER:
        _click(table, rng)
        _check_hidden(table)
    assert render("table.two.whose_hand", language, name=pone) in table.show_text


def test_a_seeded_monkey_never_shows_a_hand_to_the_other() -> None:
    rng = random.Random(50)
    table = GameTable(seats=TWO, seed=4, muggins=True, target=61, board=False)
    seen: list[w.Button] = []   # every card button ever drawn: a stale one may be clicked too
    for _ in range(1500):
        seen.extend(b for b in table.all_card_buttons.values() if b not in seen)
        controls = [table.reveal_button, table.lay_away_button, table.go_button, table.hint_button,
                    table.count_button, table.muggins_button, table.go_on_button, table.next_deal_button]
        roll = rng.random()
        if roll < 0.5 and seen:
            rng.choice(seen).click()
        elif roll < 0.9:
            rng.choice(controls).click()
        elif roll < 0.98:
            table.count_box.value = rng.choice(["", "0", "7", "x", str(rng.randint(0, 29))])
            table.count_button.click()
        else:
            table.new_game(seed=rng.randint(0, 9), target=rng.choice([61, 121]), muggins=rng.random() < 0.5)
        _check_hidden(table)
        assert table.board.pegs == table.game.pegs


def test_each_person_gets_a_review_once_the_game_is_over_and_nothing_is_kept(tmp_path) -> None:
    from cribbage.progress import ProgressStore

    store = ProgressStore(tmp_path / "progress.sqlite3", learner="Ana")
    table = GameTable(seats=TWO, seed=5, target=61, board=False)
    table.progress_store = store
    game = table.game
    rng = random.Random(5)
    for _ in range(3000):
        if game.is_over:
            break
        # Before the end a review would show one person's hand to the other: it is not offered.
        assert table.review_button.layout.display == "none"
        _click(table, rng)
    assert game.is_over
    assert table.review_button.layout.display != "none"
    table.review_button.click()
    panels = table.review_panels
    assert [panel.review.seat for panel in panels] == [0, 1]
    assert all(panel.review.finished for panel in panels)
    assert len([a for a in store.answers() if a.item != "game"]) == 0   # no one learner's game

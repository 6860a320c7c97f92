"""The table of three and of four (partners) in the lessons: played through its buttons to the end of a
game in each language, the computers answering through their own seats, a refusal said and nothing
changed. With people taking turns at one screen: every seat asked in turn, and no card of a hand that is
not on the screen anywhere in the widget's words, markup or buttons."""

from __future__ import annotations

import html

import ipywidgets as w
import pytest

from cribbage.registry.languages import CODES
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import Phase
from widgets.i18n import card_name, render
from widgets.i18n.messages import MESSAGES
from widgets.table.more_players import MorePlayersTable


def _step(table: MorePlayersTable) -> None:
    """What a learner does next: deal again, say go, or click the first card that may be played."""
    if table.next_button.layout.display != "none":
        table.next_button.click()
    elif table.go_button.layout.display != "none":
        table.go_button.click()
    else:
        enabled = [button for button in table.card_buttons.values() if not button.disabled]
        assert enabled, table.prompt
        enabled[0].click()


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("language", CODES)
def test_a_whole_game_is_played_through_the_buttons(players, language):
    table = MorePlayersTable(players, seed=f"buttons/{language}", language=language)
    for _ in range(600):
        if table.game.phase is Phase.OVER:
            break
        _step(table)
    game = table.game
    assert game.phase is Phase.OVER and not table.internal_errors and not table.message
    assert max(game.scores) == 121
    won = render("multiplayer.say.won", language, side=table.side(game.winner), target=121)
    assert table.prompt == won
    assert any(render("multiplayer.say.show_hand_you", language, cards="", starter="", points="")[:6] in line
               for line in table.story)


def test_the_learner_leads_and_counts_first_left_of_the_dealer():
    table = MorePlayersTable(3, seed=4, dealer=2)
    assert table.game.to_act == 0 and table.prompt == render("more.lay_away", "en")
    assert [button.disabled for button in table.card_buttons.values()] == [False] * 5
    _step(table)                              # lay one away: the computers have laid away already
    assert table.game.phase is Phase.PLAY and table.game.to_act == 0
    assert table.prompt == render("more.your_turn", "en")
    while table.game.phase is Phase.PLAY:
        _step(table)
    shows = [line for line in table.story if line.startswith(("The show", "The crib"))]
    assert shows[0].startswith("The show: your hand") and shows[-1].startswith("The crib (Player C)")


def test_partners_score_together():
    table = MorePlayersTable(4, seed=5, dealer=3)
    assert table.name(2) == "Player C (your partner)" and table.side(0) == "You and Player C (your partner)"
    while table.game.phase is not Phase.DEAL_OVER and table.game.phase is not Phase.OVER:
        _step(table)
    totals = [0, 0]
    for event in table.game.events:
        totals[event.seat % 2] += event.points
    assert tuple(totals) == table.game.scores
    assert f"{table.side(1)} {totals[1]}" in table._table.value


def test_a_card_not_held_is_refused_in_words_and_changes_nothing():
    table = MorePlayersTable(3, seed=4, dealer=2, language="pt")
    stranger = next(card for card in FULL_DECK if card not in table.game.hand(0))
    before = (table.game.hand(0), len(table.game.log), table.story)
    table.choose(stranger)
    assert "não tem" in table.message and not table.internal_errors
    assert (table.game.hand(0), len(table.game.log), table.story) == before


def test_every_word_of_the_table_is_in_every_language():
    for key, entry in MESSAGES.items():
        if key.startswith("more."):
            assert set(entry) == set(CODES) and all(entry.values()), key


# --------------------------------------------------------------------- people taking turns at one screen
def _everything_shown(table: MorePlayersTable) -> str:
    """All the table's words and markup a person could see or a screen reader read: every HTML value,
    every button's description and tooltip, less the story of earlier deals (their shows name cards that
    went back into the pack)."""
    parts: list[str] = []

    def walk(widget) -> None:
        if isinstance(widget, w.HTML):
            parts.append(widget.value)
        if isinstance(widget, w.Button):
            parts.extend((widget.description, widget.tooltip or ""))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(table)
    shown = "\n".join(parts)
    deal = render("multiplayer.say.deals", table.language, number=table.game.deal_number, dealer=table.name(table.game.dealer))
    story = table.story
    for line in story[:max(i for i, line in enumerate(story) if line == deal)]:
        shown = shown.replace(f'<p class="cc-text">{html.escape(line)}</p>', "")
    return shown


def _hidden_cards(table: MorePlayersTable) -> list:
    """The cards no one may see now: every hand but the one on the screen, and every card laid away."""
    game = table.game
    if game.phase not in (Phase.DISCARD, Phase.PLAY):
        return []
    hidden = [card for seat in range(game.players) for card in game.laid_away(seat)]
    for seat in range(game.players):
        if seat != table.shown_seat:
            hidden.extend(game.hand(seat))
    return hidden


def _assert_hidden(table: MorePlayersTable) -> None:
    shown = _everything_shown(table)
    for card in _hidden_cards(table):
        assert str(card) not in shown and card_name(card, table.language) not in shown, (card, table.prompt)


def _people_step(table: MorePlayersTable) -> int | None:
    """What the people at the table do next; returns the seat that acted (None: the screen passed, or a
    new deal)."""
    if table.next_button.layout.display != "none":
        table.next_button.click()
        return None
    if table.reveal_button.layout.display != "none":
        table.reveal_button.click()
        return None
    seat = table.shown_seat
    if table.go_button.layout.display != "none":
        table.go_button.click()
    else:
        enabled = [button for button in table.card_buttons.values() if not button.disabled]
        assert enabled, table.prompt
        enabled[-1].click()
    return seat


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("language", CODES)
def test_people_play_with_hands_hidden_between_turns(players, language):
    table = MorePlayersTable(players, seed=f"people/{language}", people=True, language=language)
    game = table.game
    names = [render("multiplayer.say.player", language, letter="ABCD"[seat]) for seat in range(players)]
    assert [table.name(seat) for seat in range(players)] == names
    asked: list[int] = []
    deals = 99 if language == "en" else 2     # the whole game once; two deals in the other languages
    for _ in range(3000):
        if game.phase is Phase.OVER or game.deal_number > deals:
            break
        _assert_hidden(table)
        if table.passing:    # nobody's hand on the screen: only the button to show it, for the one to act
            assert table.card_buttons == {} and table.shown_seat is None
            assert table.prompt == render("more.people.pass", language, name=names[game.to_act])
            assert table.reveal_button.description == render("more.people.reveal", language)
        before = game.to_act if game.phase in (Phase.DISCARD, Phase.PLAY) else None
        acted = _people_step(table)
        if acted is not None:
            assert acted == before
            asked.append(acted)
            if game.phase in (Phase.DISCARD, Phase.PLAY) and game.to_act != acted:
                assert table.passing and table.card_buttons == {}   # hidden again at once
        assert not table.message and not table.internal_errors, (table.message, table.internal_errors)
    assert set(asked) == set(range(players))
    if language == "en":
        assert game.phase is Phase.OVER and max(game.scores) == 121
        assert table.prompt == render("multiplayer.say.won", language, side=table.side(game.winner), target=121)
    else:
        assert game.deal_number == 3 and any(line.startswith(render("multiplayer.say.show_crib", language, name=names[1],
                                                                    cards="", starter="", points="")[:5])
                                             for line in table.story)
    you = render("multiplayer.say.you", language)
    assert not any(line.startswith(you) for line in table.story)


def test_people_lay_away_in_turn_from_the_dealers_left():
    table = MorePlayersTable(4, seed=7, dealer=1, people=True)
    order = []
    while table.game.phase is Phase.DISCARD:
        order.append(table.game.to_act)
        table.reveal()
        assert table.prompt == f"Player {'ABCD'[order[-1]]}: click the card to lay away to the crib."
        table.choose(table.game.hand(order[-1])[0])
    assert order == [2, 3, 0, 1]
    assert all(line.endswith("lays a card away.") for line in table.story[1:5])
    assert "Player A lays a card away." in table.story


def test_people_out_of_turn_and_wrong_actions_are_refused_in_words_and_change_nothing():
    table = MorePlayersTable(3, seed=4, dealer=2, people=True, language="es")
    game = table.game

    def state():
        return (tuple(game.hand(seat) for seat in range(3)), len(game.log), table.story, table.shown_seat)

    before = state()
    table.choose(game.hand(0)[0])     # the cards of the one to act, before they hold the screen
    assert table.message == render("more.people.hidden", "es", name="Jugador A") and state() == before
    table.say_go()
    assert table.message == render("more.people.hidden", "es", name="Jugador A") and state() == before
    table.next_deal()
    assert table.message and state() == before
    table.reveal()
    assert not table.message and table.shown_seat == 0
    before = state()
    table.reveal()
    assert table.message == render("more.people.shown", "es", name="Jugador A") and state() == before
    table.choose(game.hand(1)[0])     # another player's card
    assert "no tiene" in table.message and state() == before
    assert not table.internal_errors
    table.choose(game.hand(0)[0])
    assert table.passing and table.shown_seat is None and game.to_act == 1
    while game.phase is Phase.DISCARD:
        table.reveal()
        table.choose(game.hand(game.to_act)[0])
    table.reveal()
    seat = game.to_act
    playable = [card for card in game.hand(seat) if game.count + card.value <= 31]
    before = state()
    table.say_go()                    # a card fits: no go
    assert table.message and state() == before and not table.internal_errors
    table.choose(playable[0])
    assert not table.message and game.played[-1] == (seat, playable[0])


def test_the_computer_table_has_no_hand_to_show_and_people_must_be_true_or_false():
    table = MorePlayersTable(3, seed=4, dealer=2, language="pt")
    table.reveal()
    assert table.message == render("more.people.nothing_hidden", "pt") and not table.internal_errors
    assert table.reveal_button.layout.display == "none" and table.name(0) == render("multiplayer.say.you", "pt")
    with pytest.raises(ValueError, match="people is True"):
        MorePlayersTable(3, people="yes")


def test_the_show_is_public_and_a_new_deal_starts_hidden():
    table = MorePlayersTable(3, seed=9, people=True)
    while table.game.phase is not Phase.DEAL_OVER:
        _people_step(table)
    assert table.card_buttons == {} and not table.passing
    shows = [line for line in table.story if line.startswith(("The show", "The crib"))]
    assert len(shows) == 4 and not any("your" in line for line in shows)
    table.next_button.click()
    assert table.passing and table.card_buttons == {} and table.game.deal_number == 2
    _assert_hidden(table)

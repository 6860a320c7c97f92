"""The table of three and of four (partners) in the lessons: played through its buttons to the end of a
game in each language, the computers answering through their own seats, a refusal said and nothing
changed."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import CODES
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import Phase
from widgets.i18n import render
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

"""The expert searches the play to its end from five cards (issue 51), and the hint says what the search saw.

When the search changes the expert's card, the hint's reason names the card it would have played two moves
ahead, how many hands it played out against, the likeliest of them with its share, and each card's
average net (our points less theirs from here to the last card). Each figure is worked out again here
from the hands the read gives, every hand played out by a search of its own that scores each card with
the rules' play scoring (tests/test_play_search.py), and the seat is seen through the spy: nothing a
person at the seat could not see.
"""

from __future__ import annotations

from copy import copy

import pytest

from cribbage.ai.driver import turns
from cribbage.ai.expert import SEARCH, ExpertPlayer, TableView, choose_strong_play
from cribbage.ai.play_choice import legal_cards, one_card_per_rank
from cribbage.ai.players import action_for
from cribbage.ai.why import search_reason
from cribbage.lang.messages import render
from cribbage.lang.translations import format_number
from cribbage.registry.languages import CODES, SOURCE
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from cribbage.rules.play_scoring import score_play
from tests.test_play_search import whole_series
from tests.test_players import Spy


def searched_hints(games: int, prefix: str):
    """Each hint of seeded expert-against-expert games whose reason is the search's, with its table."""
    for i in range(games):
        game = Game(f"{prefix}/{i}")
        for seat in turns(game):
            if game.phase is Phase.PLAY and len(one_card_per_rank(legal_cards(TableView.from_game(game, seat).view))) > 1:
                hint = ExpertPlayer().hint(Spy(game, seat), seat)
                if hint.message.key == "ai.why.search":
                    table = ExpertPlayer().read_opponent(TableView.from_game(game, seat), game, seat)
                    yield game, seat, hint, table
            game.apply(action_for(ExpertPlayer(), game, seat))


def net(table: TableView, rank: int, hands) -> float:
    """The weighted average net of playing ``rank`` now, each hand played out to the last card."""
    view = table.view
    series = tuple(c.rank for c in view.series)
    mine = list(sorted(c.rank for c in view.hand))
    mine.remove(rank)
    played = [*view.series, next(c for c in view.hand if c.rank == rank)]
    now = score_play(played).total
    count = view.count + (10 if rank > 10 else rank)
    total = 0.0
    for theirs, w in hands:
        if count == 31:
            after = -whole_series((), 0, theirs, tuple(mine), False)
        elif view.opponent_go or not theirs:
            after = whole_series((*series, rank), count, tuple(mine), theirs, True)
        else:
            after = -whole_series((*series, rank), count, theirs, tuple(mine), False)
        total += w * after
    return now + total / sum(w for _, w in hands)


def test_the_search_reason_says_what_the_search_saw():
    checked = 0
    for _game, _seat, hint, table in searched_hints(30, "search reason"):
        values = hint.message.values
        card, other = values["card"], values["other"]
        view = table.view
        assert card == hint.card
        # Both hands at five cards or fewer, before their go: the search of SEARCH.
        assert len(view.hand) + view.opponent_cards <= SEARCH[0] and not view.opponent_go
        hands = table.likeliest_hands(view.opponent_cards, SEARCH[1])
        assert values["n"] == len(hands)
        assert tuple(r.rank for r in values["hand"]) == hands[0][0]
        assert values["share"] == pytest.approx(hands[0][1] / sum(w for _, w in hands))
        # The card two moves ahead is the table's card without the search.
        unsearched = copy(table)
        unsearched.search = (0, 0)
        assert choose_strong_play(unsearched).card.rank == other.rank != card.rank
        assert values["value"] == pytest.approx(net(table, card.rank, hands))
        assert values["other_value"] == pytest.approx(net(table, other.rank, hands))
        assert values["value"] - values["other_value"] >= 0.1
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("language", CODES)
def test_the_search_reason_is_said_in_each_language(language):
    _game, _seat, hint, _table = next(searched_hints(30, "search reason"))
    text = render(hint.message, language)
    assert "{" not in text and str(hint.card) in text
    assert f"{hint.message.values['n']}" in text


@pytest.mark.parametrize("language", CODES)
def test_against_the_one_hand_they_can_hold_the_reason_names_it_whole(language):
    """The one-hand form (a read that leaves them a single hand, rare in play): said in every language,
    with the hand and, where the language shows it, its share of the read: all of it."""
    _game, _seat, hint, table = next(searched_hints(30, "search reason"))
    said = hint.message.values
    likeliest = [(tuple(r.rank for r in said["hand"]), 0.4)]   # the read's likeliest hand, alone
    one = search_reason(table.view, hint.card, said["other"], said["value"], said["other_value"], likeliest)
    assert one.values["n"] == 1 and one.values["share"] == 1.0
    text = render(one, language)
    assert "{" not in text and str(hint.card) in text and str(said["other"]) in text
    assert language == SOURCE or format_number(1.0, language, ".0%") in text

"""Where you stand: the game table's chance to win and score hint, and the board's, each checked
against the engine's own functions (cribbage.ai.endgame's chance, recalibrated, with its 95% interval:
cribbage.stats.calibrated.endgame_chance), in every language."""

from __future__ import annotations

import pytest

from cribbage.lang.messages import render
from cribbage.registry.languages import CODES
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from cribbage.stats.calibrated import endgame_chance
from widgets.blocks.chances import chance_interval, percent
from widgets.i18n import number
from widgets.table.model import COMPUTER, YOU, TableSession, last_deals
from widgets.table.words import TableWords


def _deal_start(game: Game) -> tuple[int, int]:
    return tuple(s + sum(e.points for e in game.events if e.seat == p and e.deal < game.deal_number)
                 for p, s in enumerate(game.start_scores))


def _play_to_deal_over(session: TableSession) -> None:
    """Your moves as the expert advises, until the deal's show is over (or the game)."""
    for _ in range(200):
        game = session.game
        if session.deal_over or game.is_over:
            return
        if session.checking:
            session.go_on()
        elif session.discarding:
            session.lay_away(session.advice().best.discard)
        elif session.your_turn_to_play:
            card = session.advice().best.card
            session.go() if card is None else session.play(card)
        else:
            raise AssertionError(f"stuck in {game.phase}")
    raise AssertionError("the deal never ended")


def test_percent_never_claims_certainty():
    assert [percent(x) for x in (0.0, 0.004, 0.006, 0.5, 0.556, 0.994, 0.996, 1.0)] == \
        ["0", "<1", "1", "50", "56", "99", ">99", "100"]
    # to a decimal, as an interval of one to three and a half points supports
    assert [percent(x, 1) for x in (0.0, 0.0004, 0.5634, 0.9996, 1.0)] == ["0", "<0.1", "56.3", ">99.9", "100"]
    assert [percent(x, 1, "es") for x in (0.0004, 0.5634)] == ["<0,1", "56,3"]


@pytest.mark.parametrize("target", [121, 61])
def test_last_deals_begin_a_quarter_of_the_target_from_home(target):
    edge = target - target // 4
    assert last_deals((edge, 0), target) and last_deals((0, edge), target)
    assert not last_deals((edge - 1, edge - 1), target)


def test_the_first_deal_stands_at_the_start_scores():
    session = TableSession(seed=1)
    game = session.game
    standing = session.standing()
    assert (standing.mine, standing.theirs) == (0, 0) and not standing.next
    assert standing.dealer == (game.dealer == YOU)
    assert (standing.chance, standing.low, standing.high) == endgame_chance(0, 0, dealer=standing.dealer)
    assert standing.low < standing.chance < standing.high and not standing.close


def test_standing_follows_the_deals_of_a_game():
    session = TableSession(seed=7, level="expert")
    for _ in range(4):
        _play_to_deal_over(session)
        game = session.game
        if game.is_over:
            assert session.standing() is None
            return
        # After the show: the next deal's position, the other player dealing.
        after = session.standing()
        assert after.next and (after.mine, after.theirs) == (game.scores[YOU], game.scores[COMPUTER])
        assert after.dealer == (game.dealer == COMPUTER)
        assert (after.chance, after.low, after.high) == endgame_chance(after.mine, after.theirs, dealer=after.dealer)
        session.next_deal()
        game = session.game
        begun = session.standing()
        assert not begun.next and (begun.mine, begun.theirs, begun.dealer, begun.chance) == \
            (after.mine, after.theirs, after.dealer, after.chance)
        # Mid-deal points do not move it: it is the position the deal began from.
        session.lay_away(session.advice().best.discard)
        assert session.standing() == begun
        assert _deal_start(game) == (begun.mine, begun.theirs)


@pytest.mark.parametrize("seed, scores", [(1, (110, 115)), (2, (109, 114)), (3, (95, 60)), (4, (60, 95))])
def test_the_score_hint_comes_in_the_last_deals(seed, scores):
    game = Game(seed, scores=scores)
    session = TableSession(game=game)
    standing = session.standing()
    mine, theirs = game.scores
    you_deal = game.dealer == YOU
    assert (standing.chance, standing.low, standing.high) == endgame_chance(mine, theirs, dealer=you_deal)
    assert standing.close and standing.needs == (121 - mine, 121 - theirs)
    words = TableWords("en").standing(standing)
    first = "the pone counts first, then you" if you_deal else "you are the pone and count first"
    assert (f"you need {121 - mine} and your opponent {121 - theirs}; {first}: your chance of winning is "
            f"{chance_interval(standing.chance, standing.low, standing.high)}") in words


def test_no_hint_before_the_last_deals():
    session = TableSession(game=Game(3, scores=(60, 89)))
    assert not session.standing().close


@pytest.mark.parametrize("language", CODES)
def test_the_words_carry_the_engine_figures(language):
    words = TableWords(language)
    session = TableSession(seed=2)
    standing = session.standing()
    text = words.standing(standing)
    # every chance with its 95% interval (the model's error), never a bare percentage
    said = chance_interval(standing.chance, standing.low, standing.high, language)
    assert said in text and number(0.95, ".0%", language) in said
    assert str(standing.mine) in text
    near = TableSession.guided(3)
    hinted = near.standing()
    assert hinted.close
    need, their_need = hinted.needs
    key = "table.score_hint.dealer" if hinted.dealer else "table.score_hint.pone"
    assert render(key, language, need=need, their_need=their_need,
                  chance=chance_interval(hinted.chance, hinted.low, hinted.high, language)) in words.standing(hinted)
    assert words.standing(None) == ""


@pytest.mark.parametrize("language", CODES)
def test_the_table_says_a_near_certain_chance_in_words(language):
    # The game table once said "your chance to win the game was >99%", as the boards did.
    from dataclasses import replace
    words = TableWords(language)
    standing = TableSession(seed=2).standing()
    # an interval of about a point: the chance to one decimal, never "100%" short of certainty
    for chance, low, high, said in ((0.9996, 0.99, 1.0, "board.chance_above"), (0.0004, 0.0, 0.01, "board.chance_below"),
                                    (0.556, 0.536, 0.576, "board.chance_is")):
        text = words.standing(replace(standing, chance=chance, low=low, high=high))
        n = {"board.chance_above": "99.9", "board.chance_below": "0.1", "board.chance_is": "55.6"}[said]
        n = n.replace(".", ",") if language != "en" else n
        assert render(said, language, n=n) in text and ">" not in text and "<" not in text, text


# ---------------------------------------------------------------------------------------- widgets
@pytest.mark.parametrize("language", CODES)
def test_the_table_shows_where_you_stand(language):
    from widgets.table.view import GameTable

    table = GameTable(seed=4, language=language, board=False)
    standing = table.session.standing()
    assert table.standing_text == TableWords(language).standing(standing)
    assert table.standing_text
    # The table's own board leaves it to the table.
    assert table.board.standing is None and table.board.standing_text == ""


def test_the_guided_close_finish_shows_the_score_hint():
    from widgets.table.view import GameTable

    table = GameTable.guided(3, language="es")
    game = table.game
    mine, theirs = game.scores[YOU], game.scores[COMPUTER]
    chance = chance_interval(*endgame_chance(mine, theirs, dealer=game.dealer == YOU), "es")
    assert f"te faltan {121 - mine} y a tu rival {121 - theirs}" in table.standing_text
    assert f"tu probabilidad de ganar es {chance}" in table.standing_text and "intervalo del 95" in chance


def test_the_table_says_nothing_once_the_game_is_over():
    from widgets.table.view import GameTable

    table = GameTable.guided(3, board=False)
    for _ in range(50):
        if table.game.phase in (Phase.DEAL_OVER, Phase.OVER):
            break
        advice = table.session.advice()
        if advice is None:
            table.go_on()
        elif advice.kind is Phase.DISCARD:
            table.lay_away(advice.best.discard)
        elif advice.best.card is None:
            table.go()
        else:
            table.play(advice.best.card)
    assert table.game.is_over  # following the advice, you count out first (stop 5's lesson)
    assert table.session.standing() is None and table.standing_text == ""


@pytest.mark.slow
@pytest.mark.parametrize("language", CODES)
def test_the_board_stands_at_each_finish_it_steps_through(language):
    from widgets.blocks.board import Board

    board = Board(names=("Ann", "Ben"), language=language)
    for index, (winner, loser) in enumerate(board.finishes):
        board.show_finish(index)
        who, mine, theirs, as_dealer, as_pone = board.standing
        assert (who, mine, theirs) == (0, winner[1], loser[0])  # the back peg: before the last points
        assert as_dealer == endgame_chance(mine, theirs, dealer=True)
        assert as_pone == endgame_chance(mine, theirs, dealer=False)
        # each chance with its interval; ">99" said in words ("above 99%"), never as a sign before the number
        for chance in (as_dealer, as_pone):
            assert chance_interval(*chance, language) in board.standing_text
        assert "Ann" in board.standing_text
        assert ">" not in board.standing_text and "<" not in board.standing_text


@pytest.mark.parametrize("language", CODES)
def test_a_board_of_roles_says_the_winners_chance_in_words(language):
    """Stop 4's skunk boards name their players "Winner" and "Loser": the standing said "Winner's
    chance to win was >99%" ("la probabilidad de ganar de Ganador era del >99 %"), a role used as a
    name. It says the winner's chance in a sentence, "above 99%", with 99 and % never apart."""
    from widgets.blocks.board import Board
    from widgets.i18n import render

    board = Board(roles=True, language=language, autodraw=False)
    board.show_finish(0)
    text = board.standing_text
    assert render("board.chance_winner", language) in text
    assert render("board.winner", language) not in text        # not "Ganador" as a name
    assert ">" not in text
    as_dealer = board.standing[3]
    chance = chance_interval(*as_dealer, language)
    said = {"en": f"the winner's chance was {chance}", "es": f"la probabilidad de victoria del ganador era {chance}",
            "pt": f"a chance de vitória do vencedor era {chance}"}[language]
    assert said in text and ("95\u00a0%" if language == "es" else "95%") in chance
    assert "99 %" not in text and "9 %" not in text              # a breaking space would part a number from %


@pytest.mark.slow
@pytest.mark.parametrize("target", [121, 61])
def test_the_board_stands_at_any_position(target):
    from widgets.blocks.board import Board

    board = Board(target=target)
    board.set_scores(23, 31)
    who, mine, theirs, as_dealer, as_pone = board.standing
    assert (who, mine, theirs) == (0, 23, 31)
    assert (as_dealer, as_pone) == (endgame_chance(23, 31, dealer=True, target=target),
                                    endgame_chance(23, 31, dealer=False, target=target))
    assert as_dealer[1] < as_dealer[0] < as_dealer[2]
    assert f"is {chance_interval(*as_dealer)} as dealer" in board.standing_text and "your chance" in board.standing_text
    assert Board(stepper=False).standing_text == ""
    assert Board(stepper=False, standing=True).standing is not None

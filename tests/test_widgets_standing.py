"""Where you stand: the game table's chance to win and score hint, and the board's, each checked
against the engine's own functions (cribbage.ai.endgame), in every language."""

from __future__ import annotations

import pytest

from cribbage.ai.endgame import score_hint, win_probability
from cribbage.lang.messages import render
from cribbage.registry.languages import CODES
from cribbage.rules.events import Phase
from cribbage.rules.game import Game
from widgets.blocks.chances import percent
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
    assert standing.chance == win_probability(0, 0, dealer=standing.dealer)
    assert standing.hint is None


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
        assert after.chance == win_probability(after.mine, after.theirs, dealer=after.dealer)
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
    assert standing.chance == win_probability(mine, theirs, dealer=you_deal)
    assert standing.hint == score_hint(mine, theirs, dealer=you_deal)
    words = TableWords("en").standing(standing)
    assert str(standing.hint) in words


def test_no_hint_before_the_last_deals():
    session = TableSession(game=Game(3, scores=(60, 89)))
    assert session.standing().hint is None


@pytest.mark.parametrize("language", CODES)
def test_the_words_carry_the_engine_figures(language):
    words = TableWords(language)
    session = TableSession(seed=2)
    standing = session.standing()
    text = words.standing(standing)
    assert f"{percent(standing.chance)}" in text and str(standing.mine) in text
    near = TableSession.guided(3)
    hinted = near.standing()
    assert hinted.hint is not None
    assert render(hinted.hint, language) in words.standing(hinted)
    assert words.standing(None) == ""


@pytest.mark.parametrize("language", CODES)
def test_the_table_says_a_near_certain_chance_in_words(language):
    # The game table once said "your chance to win the game was >99%", as the boards did.
    from dataclasses import replace
    words = TableWords(language)
    standing = TableSession(seed=2).standing()
    for chance, said in ((0.996, "board.chance_above"), (0.004, "board.chance_below"), (0.556, "board.chance_is")):
        text = words.standing(replace(standing, chance=chance))
        n = "99" if said == "board.chance_above" else "1" if said == "board.chance_below" else "56"
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
    hint = score_hint(game.scores[YOU], game.scores[COMPUTER], dealer=game.dealer == YOU)
    assert render(hint, "es") in table.standing_text


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
        assert as_dealer == win_probability(mine, theirs, dealer=True)
        assert as_pone == win_probability(mine, theirs, dealer=False)
        # ">99" is said in words ("above 99%", "de más del 99 %"), never as a sign before the number
        assert percent(as_dealer).lstrip("<>") in board.standing_text and "Ann" in board.standing_text
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
    assert render("board.chance_above", language, n=99) in text
    assert ">" not in text
    said = {"en": "the winner's chance was above 99%", "es": "la probabilidad de victoria del ganador era de más del 99\u00a0%",
            "pt": "a chance de vitória do vencedor era de mais de 99%"}[language]
    assert said in text
    assert "99 %" not in text                                    # a breaking space would part 99 from %


@pytest.mark.slow
@pytest.mark.parametrize("target", [121, 61])
def test_the_board_stands_at_any_position(target):
    from widgets.blocks.board import Board

    board = Board(target=target)
    board.set_scores(23, 31)
    who, mine, theirs, as_dealer, as_pone = board.standing
    assert (who, mine, theirs) == (0, 23, 31)
    assert (as_dealer, as_pone) == (win_probability(23, 31, dealer=True, target=target),
                                    win_probability(23, 31, dealer=False, target=target))
    assert f"{percent(as_dealer)}%" in board.standing_text and "your chance" in board.standing_text
    assert Board(stepper=False).standing_text == ""
    assert Board(stepper=False, standing=True).standing is not None

"""The board driven from Python: pegs that leapfrog, refused moves that change nothing, the
stepper through every finish to the end and back, and random actions that never raise."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from monkey import monkey

from cribbage.registry.languages import CODES
from cribbage.rules.result import game_value
from widgets.blocks.board import FINISHES, Board, draw_board


def board(**kwargs) -> Board:
    kwargs.setdefault("autodraw", False)
    return Board(**kwargs)


def test_pegs_leapfrog_as_points_are_scored():
    b = board()
    assert b.pegs == ((0, 0), (0, 0)) and b.scores == (0, 0)
    b.peg(0, 5)
    b.peg(0, 7)
    b.peg(1, 2)
    assert b.pegs == ((12, 5), (2, 0))
    b.set_scores(20, 2)  # only the player who scored moves
    assert b.pegs == ((20, 12), (2, 0))
    assert "You: 20" in b._scores.value and "Opponent: 2" in b._scores.value


@pytest.mark.parametrize("action, args", [
    ("set_scores", (10, -1)), ("set_scores", (5, 2)), ("set_scores", (122, 0)), ("set_scores", ("9", 0)),
    ("peg", (2, 3)), ("peg", (0, 0)), ("peg", (0, 30)), ("peg", (0, 2.5)), ("peg", (True, 2)),
    ("set_pegs", (((10, 12), (0, 0)),)), ("set_pegs", (((10, 10), (0, 0)),)), ("set_pegs", ("junk",)),
    ("set_pegs", (((121, 100), (121, 90)),)), ("show_finish", (99,)),
])
def test_refused_moves_change_nothing_and_say_why(action, args):
    b = board()
    b.set_pegs(((10, 4), (6, 0)))
    getattr(b, action)(*args)
    assert b.pegs == ((10, 4), (6, 0)) and b.message


def test_the_game_ends_at_the_game_hole():
    b = board()
    b.set_pegs(((118, 110), (88, 80)))
    b.peg(0, 6)
    assert b.pegs[0] == (121, 118) and b.winner() == 0
    assert b.caption.startswith("121 to 88: skunk, two games.")
    b.peg(1, 4)
    assert b.pegs[1] == (88, 80) and "over" in b.message
    b.reset()
    assert b.pegs == ((0, 0), (0, 0)) and b.caption == ""


def test_stepper_to_the_end_and_back():
    b = board()
    assert b.finish_index == -1 and b.caption == ""
    captions = []
    for _ in range(len(FINISHES) + 2):  # past the end it stays on the last
        b.next_button.click()
        captions.append(b.caption)
    assert b.finish_index == len(FINISHES) - 1 and b.next_button.disabled
    for (winner, loser), caption in zip(FINISHES, captions):
        games = game_value(winner[0], loser[0])
        assert caption.startswith(f"121 to {loser[0]}: ")
        assert {1: "a win, one game", 2: "skunk, two games", 3: "double skunk, three games"}[games] in caption
    for index in range(len(FINISHES) - 2, -1, -1):
        b.prev_button.click()
        assert b.finish_index == index and b.caption == captions[index]
    assert b.prev_button.disabled
    names = [c.split(":")[0] for c in captions[:len(FINISHES)]]
    assert {"121 to 95", "121 to 88", "121 to 60"} <= set(names)


def test_named_finishes_from_the_brief():
    b = board()
    assert b.describe_finish(121, 88).startswith("121 to 88: skunk, two games.")
    assert b.describe_finish(121, 95).startswith("121 to 95: a win, one game.")
    assert b.describe_finish(121, 60).startswith("121 to 60: double skunk, three games.")
    four = board(double_skunk_games=4)
    assert "four games" in four.describe_finish(121, 60)
    assert board(language="es").describe_finish(121, 88).startswith("121 a 88: skunk, dos partidas.")


def test_a_game_to_61():
    b = board(target=61, finishes=(((61, 55), (30, 22)),))
    b.next_finish()
    assert b.caption.startswith("61 to 30: skunk, two games.")


def test_drawing_marks_lines_pegs_and_game_hole():
    fig = draw_board(((88, 80), (121, 113)))
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert "skunk line (91)" in texts and "double-skunk line (61)" in texts and "game hole" in texts
    legend = " ".join(t.get_text() for t in fig.legends[0].get_texts())
    assert "front peg 88" in legend and "back peg 113" in legend
    letters = [t.get_text() for t in fig.axes[0].texts if t.get_text() in ("A", "B")]
    assert sorted(letters) == ["A", "A", "B", "B"]


def test_drawn_board_redraws_on_change():
    b = Board()
    first = b.png
    assert first[:4] == b"\x89PNG"
    b.peg(0, 3)
    assert b.png != first and b.draws == 2


@pytest.mark.slow
def test_monkey_never_raises():
    rng = random.Random(5)
    b = board()

    def legal_pegs() -> None:
        for front, back in b.pegs:
            assert 0 <= back <= front <= 121 and (back < front or front == 0)

    def hole() -> int:
        return rng.randint(-1, 122)

    monkey(rng, 3000, [
        (40, lambda: b.peg(rng.choice([0, 1, 2, -1]), rng.choice([1, 2, 3, 6, 12, 29, 0, 40, "2"]))),
        (15, b.next_button.click),
        (15, b.prev_button.click),
        (10, lambda: b.set_scores(rng.randint(-3, 125), rng.randint(-3, 125))),
        (10, lambda: b.set_pegs(((hole(), hole()), (hole(), hole())))),
        (7, lambda: b.show_finish(rng.randint(-2, 9))),
        (3, b.reset),
    ], legal_pegs)
    # The same state machine with drawing on: a shorter run, every picture a PNG.
    drawn = Board()
    for _ in range(5):
        drawn.peg(rng.choice([0, 1]), rng.randint(1, 29))
        assert drawn.png[:4] == b"\x89PNG"


def test_pegboard_is_a_plain_model_that_refuses_by_rule():
    from widgets.base.view import Refused
    from widgets.blocks.board import Pegboard

    model = Pegboard(names=("Ann", "Bob"))
    model.peg(1, 12)
    assert model.pegs == ((0, 0), (12, 0)) and model.can_peg(0, 5) and not model.can_peg(0, 0)
    with pytest.raises(Refused) as refused:
        model.set_scores(3, 10)
    from cribbage.rules.pegboard import PegRule
    assert refused.value.rule is PegRule.BACKWARDS and "Bob is on 12" in str(refused.value)
    assert refused.value.text("pt").startswith("Os pinos só avançam: Bob")
    assert model.pegs == ((0, 0), (12, 0))
    with pytest.raises(Refused, match="Only one player"):
        model.set_pegs(((121, 100), (121, 99)))


def _outside(fig) -> list[str]:
    """Texts of a drawn board (the key's too) that do not sit whole inside the picture."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    canvas = FigureCanvasAgg(fig)
    canvas.draw()                                                         # places the key
    renderer = canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    texts = list(fig.axes[0].texts) + list(fig.legends[0].get_texts())
    out = []
    for text in texts:
        box = text.get_window_extent(renderer)
        if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height:
            out.append(text.get_text())
    return out


@pytest.mark.slow
@pytest.mark.parametrize("target", [121, 61])
@pytest.mark.parametrize("language", CODES)
def test_long_names_and_every_label_fit_inside_the_picture(target, language):
    names = ("Ann, pone", "Bartholomew the dealer")                       # 22 characters
    fig = draw_board(((target, target - 4), (target - 1 - 29, 3)), names=names, target=target, language=language)
    assert _outside(fig) == []
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert any("Bartholomew the dealer" in text for text in legend)         # whole, not cut
    long = draw_board(((5, 1), (3, 0)), names=("N" * 40, "Bea"), target=target, language=language)
    assert _outside(long) == []                                           # a name past 24 letters is shortened


def _hole_positions(fig):
    """The small holes the board draws (not the game hole or the pegs), as (x, y) pairs."""
    points = [c.get_offsets() for c in fig.axes[0].collections if len(c.get_offsets()) > 2]
    return [tuple(p) for group in points for p in group]


def test_a_61_board_is_two_streets_of_thirty_with_the_game_hole_beside_the_last():
    for target, bands in ((61, 2), (121, 3)):
        fig = draw_board(((0, 0), (0, 0)), target=target)
        wood = list(fig.axes[0].patches)
        assert len(wood) == bands
        holes = _hole_positions(fig)
        assert len(holes) == 2 * (target - 1 + 2)                         # every hole and 2 start holes a track
        band_right = max(p.get_x() + p.get_width() for p in wood)
        last_band = [x for x, y in holes if y < -(bands - 1.5) * 3.9]
        assert len(last_band) == 2 * (target - 1 - (bands - 1) * (target - 1) // bands)
        assert band_right - max(last_band) < 2.5                          # the last hole ends the wood
        game = [c.get_offsets()[0] for c in fig.axes[0].collections if len(c.get_offsets()) == 1]
        assert 0 < game[0][0] - max(last_band) <= 2.5                     # the game hole beside it


def test_a_board_to_61_opens_with_its_own_finishes():
    # Issue 16: Board(target=61) failed with "the winner finishes on 61 exactly, not 121".
    b = board(target=61)
    assert b.finishes and all(w[0] == 61 for w, _ in b.finishes)
    captions = []
    for _ in b.finishes:
        b.next_finish()
        captions.append(b.caption)
    assert captions[1].startswith("61 to 31: a win") and captions[2].startswith("61 to 30: skunk, two games.")
    assert not any("double" in caption for caption in captions)


def _scatter_at(fig, size):
    return [(tuple(c.get_offsets()[0]), float(c.get_sizes()[0])) for c in fig.axes[0].collections
            if len(c.get_offsets()) == 1 and float(c.get_sizes()[0]) == size]


@pytest.mark.parametrize("tracks", [2, 3])
@pytest.mark.parametrize("target", [121, 61])
def test_the_winning_peg_sits_inside_the_game_hole_ring(target, tracks):
    # Issue 11: the winner's peg was drawn off centre, over the game hole's ring (issue 52: three tracks too).
    from widgets.blocks.board import _GAME_RING, _tracks
    peg = _tracks(tracks).peg
    fig = draw_board(((target, target - 4), (30, 20), (25, 18))[:tracks], target=target,
                     names=("A", "B", "C")[:tracks])
    (ring_at, ring), = [(at, size) for at, size in _scatter_at(fig, _GAME_RING)]
    pegs = [at for at, _size in _scatter_at(fig, peg)]
    assert len(pegs) == 2 * tracks
    assert ring > peg * 1.8                            # room for the ring to show round the peg
    assert any(abs(x - ring_at[0]) < 1e-9 and abs(y - ring_at[1]) < 1e-9 for x, y in pegs)


@pytest.mark.slow
@pytest.mark.parametrize("language", CODES)
def test_each_tracks_start_holes_are_labelled(language):
    # Issue 11: the start holes were unlabelled: now a word over them and each track's letter.
    from widgets.i18n import render
    fig = draw_board(((0, 0), (0, 0)), language=language)
    texts = {text.get_text(): text.get_position() for text in fig.axes[0].texts}
    assert render("board.start", language) in texts
    (ax_, ay), (bx, by) = texts["A→"], texts["B→"]
    holes = _hole_positions(fig)
    start_a = sorted((x, y) for x, y in holes if abs(y - ay) < 1e-9)[:2]
    start_b = sorted((x, y) for x, y in holes if abs(y - by) < 1e-9)[:2]
    assert ay > by and ax_ < start_a[0][0] and bx < start_b[0][0]            # left of their own holes
    assert start_a[1][0] < 0 and start_b[1][0] < 0                           # both start holes, before hole 1
    assert _outside(fig) == []


def test_a_closed_board_leaves_no_widgets_behind():
    # Issue 16: a replaced view kept its widgets alive in the kernel.
    from ipywidgets.widgets.widget import _instances
    board().close()
    before = len(_instances)
    for target in (121, 61) * 10:
        b = board(target=target)
        b.next_finish()
        b.close()
    assert len(_instances) <= before


def test_a_refused_move_is_said_in_the_boards_language_with_its_names():
    # One voice: the words come from the engine's peg messages, the names from the board.
    b = board(language="es", names=("Ana", "Beto"))
    b.peg(1, 12)
    b.set_scores(0, 3)
    assert b.message == "Las clavijas solo avanzan: Beto está en 12, no 3."
    b.peg(0, 30)
    assert b.message == "Los puntos marcados son un número entero de 1 a 29, no 30."
    assert b.pegs == ((0, 0), (12, 0))


def test_three_tracks_keep_every_peg_on_its_own_track_and_the_two_track_board_as_it_was():
    from widgets.blocks.board import _hole_xy, _tracks
    layout = _tracks(3)
    for hole in (1, 40, 41, 90, 120):
        ys = [_hole_xy(hole, seat, 121, 3)[1] for seat in range(3)]
        assert ys == sorted(ys, reverse=True) and min(a - b for a, b in pairwise(ys)) >= 0.8
        assert max(ys) - min(ys) < 2 * layout.half     # all three inside the band's wood
    assert _tracks(2).offsets == (0.55, -0.55) and _tracks(2).peg == 480

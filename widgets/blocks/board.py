"""The cribbage board: two tracks of holes in streets of five, two pegs per player, the skunk lines.

:func:`draw_board` draws one position as a matplotlib ``Figure``. :class:`Board` shows it in an
``Image`` (a new picture replaces the old in one step, so it does not flicker), moves the pegs as
points are scored (the back peg leapfrogs to become the front peg), and steps through finishing
positions naming each one with its game value from :mod:`cribbage.rules.result` and where the winner
stood before the last points: the chance to win from that position, dealing next or as pone, with
its 95% interval (:func:`cribbage.stats.calibrated.endgame_chance`: the chance of
:func:`cribbage.ai.endgame.win_probability` recalibrated, its margin measured on held-out games).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import ipywidgets as w
import matplotlib
import matplotlib.lines
import matplotlib.patches
import numpy as np
import numpy.typing as npt
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.typing import RcKeyType

from cribbage.rules.pegboard import Pegboard as _Pegboard
from cribbage.rules.pegboard import PegError, Pegs
from cribbage.rules.result import FULL_GAME, SHORT_GAME, finish_kind, game_value, missed_line, skunk_lines
from cribbage.stats.calibrated import endgame_chance
from widgets.base.view import Refused, View, figure_png, guarded, style_tag
from widgets.blocks.chances import chance_interval
from widgets.blocks.charts import OKABE_ITO, CourseFigure
from widgets.i18n import check_language, number_words, render

__all__ = ["FINISHES", "FINISHES_61", "Board", "PegRefusal", "Pegboard", "Pegs", "board_png", "draw_board", "finishes_for"]



#: Finishing positions the stepper walks through: (winner's pegs, loser's pegs).
FINISHES: tuple[tuple[Pegs, Pegs], ...] = (
    ((121, 117), (95, 89)),   # a win
    ((121, 112), (91, 84)),   # the loser just reached the skunk line: still a win
    ((121, 118), (90, 83)),   # one short of it: skunk
    ((121, 109), (88, 80)),   # skunk
    ((121, 116), (61, 55)),   # on the double-skunk line: a skunk only
    ((121, 113), (60, 52)),   # one short: double skunk
    ((121, 104), (33, 27)),   # double skunk
)

#: The same walk for a game to 61: one skunk line (31) and no double skunk.
FINISHES_61: tuple[tuple[Pegs, Pegs], ...] = (
    ((61, 57), (40, 34)),     # a win
    ((61, 55), (31, 25)),     # the loser just reached the skunk line: still a win
    ((61, 58), (30, 24)),     # one short of it: skunk
    ((61, 52), (12, 8)),      # skunk: a game to 61 has no double skunk
)


def finishes_for(target: int) -> tuple[tuple[Pegs, Pegs], ...]:
    """The stepper's finishing positions for a game to ``target``."""
    skunk_lines(target)
    return FINISHES_61 if target == SHORT_GAME else FINISHES

_STREET_GAP = 0.7
_GAME_GAP = 2.0          # from the last hole to the game hole
_GAME_RING = 1100        # the game hole's ring: a peg in it leaves the ring showing all round
_KEY_NAME = 24           # characters of a name the key shows (the score line above shows it whole)
_PLAYER_STYLE = ({"colour": OKABE_ITO["blue"], "marker": "o", "letter": "A"},
                 {"colour": OKABE_ITO["vermillion"], "marker": "s", "letter": "B"},
                 {"colour": OKABE_ITO["green"], "marker": "^", "letter": "C"})


class _Tracks(NamedTuple):
    """How a board of two or three tracks is laid out (three players: a track each; partners share one)."""

    offsets: tuple[float, ...]   #: each track's height above its band's middle
    half: float                  #: half the height of a band's wood
    band: float                  #: from one band's middle to the next
    inches: float                #: a band's height in the picture
    peg: int                     #: a peg's marker area (points squared)
    key: float                   #: inches above the board for the key: one row per player
    numbers: float               #: where the holes' numbers sit, above the band's middle


_TRACKS = {2: _Tracks((0.55, -0.55), 1.25, 3.9, 1.5, 480, 1.2, 0.0),
           3: _Tracks((0.85, 0.0, -0.85), 1.6, 4.7, 1.8, 330, 1.7, -1.38)}


def _tracks(count: int) -> _Tracks:
    return _TRACKS[count]


def _per_band(target: int) -> int:
    """Holes per band: three bands of forty to 121; two streets of thirty to 61, as on a 61 board."""
    return 30 if target == SHORT_GAME else 40


def _hole_x(i: int) -> float:
    return i + (i // 5) * _STREET_GAP


def _hole_xy(hole: int, seat: int, target: int, tracks: int = 2) -> tuple[float, float]:
    """Where hole ``hole`` (0 = start, ``target`` = game hole) of a player's track is drawn."""
    layout = _tracks(tracks)
    side = layout.offsets[seat]
    per = _per_band(target)
    if hole <= 0:
        return -3.5, side
    if hole >= target:
        band = (target - 2) // per
        return _hole_x(per - 1) + _GAME_GAP, -band * layout.band
    band, i = divmod(hole - 1, per)
    return _hole_x(i), -band * layout.band + side


def _line_x(hole: int, target: int, tracks: int = 2) -> tuple[float, float, bool]:
    """The x of a line drawn just before ``hole``, the band's y, and whether it opens the band."""
    band, i = divmod(hole - 1, _per_band(target))
    return _hole_x(i) - (0.5 + _STREET_GAP / 2 if i % 5 == 0 else 0.5), -band * _tracks(tracks).band, i == 0


_RC: dict[RcKeyType, Any] = {"font.size": 14, "font.family": "DejaVu Sans"}
_DPI = 72


def _shape(target: int, width: float, tracks: int = 2) -> tuple[int, float, tuple[float, float, float, float]]:
    """Bands of holes, the figure's height, and where the board's axes sit under the key."""
    layout = _tracks(tracks)
    bands = math.ceil((target - 1) / _per_band(target))
    height = layout.key + 0.2 + layout.inches * bands
    return bands, height, (0.005, 0.0, 0.99, 1 - layout.key / height)


def _limits(ax: Axes, bands: int, target: int, tracks: int = 2) -> None:
    layout = _tracks(tracks)
    ax.set_axis_off()
    # Room right of the game hole for its label ("121 / game hole") to sit whole inside the picture.
    ax.set_xlim(-5.7, _hole_x(_per_band(target) - 1) + _GAME_GAP + 5.6)
    ax.set_ylim(-(bands - 1) * layout.band - 2 * layout.half, layout.half + 0.5)


def _draw_static(ax: Axes, target: int, language: str, tracks: int = 2) -> None:
    """Everything that does not move: the wood, the holes and their numbers, the lines, the game hole."""
    layout = _tracks(tracks)
    skunk, double = skunk_lines(target)
    per = _per_band(target)
    bands = math.ceil((target - 1) / per)
    right = _hole_x(per - 1)
    for band in range(bands):
        y = -band * layout.band
        ax.add_patch(matplotlib.patches.FancyBboxPatch(
            (-5.3, y - layout.half), right + 6.5, 2 * layout.half, boxstyle="round,pad=0.1", facecolor="#F3E3C3",
            edgecolor="#8B6A3E", linewidth=1.5, zorder=0))
        if band:
            ax.text(-1.0, y, str(band * per + 1), ha="right", va="center", fontsize=15, color="#333")
    for seat in range(tracks):
        holes = [_hole_xy(hole, seat, target, tracks) for hole in range(1, target)]
        sx, sy = _hole_xy(0, seat, target, tracks)
        holes += [(sx, sy), (sx + 1.2, sy)]  # two start holes: both pegs begin off the track
        ax.scatter([x for x, _ in holes], [y for _, y in holes], s=20, color="#5a4326", zorder=1)
    for hole in range(10, target, 10):
        x, y = _hole_xy(hole, 0, target, tracks)
        ax.text(x, y - layout.offsets[0] + layout.numbers, str(hole), ha="center", va="center",
                fontsize=13 if tracks == 2 else 11, color="#222")
    # The start: a word over both tracks' pairs of start holes, and each track's letter with the
    # way its pegs travel, so a learner sees whose holes they are before any peg has moved.
    ax.text(-2.9, layout.offsets[0] + 0.45, render("board.start", language), ha="center", va="bottom",
            fontsize=14, fontweight="bold", color="#222", bbox={"facecolor": "#fff", "edgecolor": "#000", "pad": 2})
    for seat in range(tracks):
        sx, sy = _hole_xy(0, seat, target, tracks)
        ax.text(sx - 1.15, sy, f"{_PLAYER_STYLE[seat]['letter']}→", ha="center", va="center",
                fontsize=12, fontweight="bold", color=_PLAYER_STYLE[seat]["colour"])
    gx, gy = _hole_xy(target, 0, target, tracks)
    # Wider than a peg, so the winning peg sits inside the ring instead of covering it.
    ax.scatter([gx], [gy], s=_GAME_RING, facecolor="#fff", edgecolor="#000", linewidth=2.5, zorder=2)
    ax.text(gx - 0.4, gy - 1.05, f"{target}\n{render('board.game_hole', language)}", ha="left", va="top",
            fontsize=14, fontweight="bold")
    lines: tuple[tuple[int | None, str, str], ...] = (  # no double-skunk line in a game to 61
        (skunk, "board.skunk_line", "-"), (double, "board.double_line", "--"))
    for line, key, style in lines:
        if line is None:
            continue
        x, y, opens = _line_x(line, target, tracks)
        reach = layout.half - 0.15
        ax.plot([x, x], [y - reach, y + reach], color="#000", linewidth=3, linestyle=style, zorder=3)
        # A line opening a band (31 on a 61 board) has its label run right, clear of the left edge.
        ax.text(x - 0.3 if opens else x, y + reach + 0.05, f"{render(key, language)} ({line})",
                ha="left" if opens else "center", va="bottom", fontsize=16,
                fontweight="bold", bbox={"facecolor": "#fff", "edgecolor": "#000", "pad": 2})


def _draw_pegs(ax: Axes, pegs: Sequence[Pegs], target: int) -> None:
    tracks = len(pegs)
    for seat, (front, back) in enumerate(pegs):
        style = _PLAYER_STYLE[seat]
        for hole, is_front in ((back, False), (front, True)):
            x, y = _hole_xy(hole, seat, target, tracks)
            if hole <= 0 and is_front:
                x += 1.2
            ax.scatter([x], [y], s=_tracks(tracks).peg, marker=style["marker"], zorder=5, linewidth=2.5,
                       facecolor=style["colour"] if is_front else "#fff", edgecolor=style["colour"])
            ax.text(x, y, style["letter"], ha="center", va="center", fontsize=11, fontweight="bold",
                    color="#fff" if is_front else style["colour"], zorder=6)


def _key_name(name: str) -> str:
    return name if len(name) <= _KEY_NAME else name[:_KEY_NAME - 1].rstrip() + "…"


def _draw_key(fig: Figure, pegs: Sequence[Pegs], names: Sequence[str], language: str) -> None:
    """Who is who and which peg is which, in words and shapes as well as colours.

    One row per player above the board (the key fills by column, so two columns of two hold
    A's pegs on the first row and B's on the second): a long name has a row to itself.
    """
    handles = []
    for is_front in (True, False):
        for seat, name in enumerate(names):
            style = _PLAYER_STYLE[seat]
            peg = render("board.front" if is_front else "board.back", language)
            hole = pegs[seat][0 if is_front else 1]
            handles.append(matplotlib.lines.Line2D(
                [], [], linestyle="none", marker=style["marker"], markersize=14, markeredgewidth=2.5,
                markerfacecolor=style["colour"] if is_front else "#fff", markeredgecolor=style["colour"],
                label=f"{style['letter']} {_key_name(name)}: {peg} {hole}"))
    fig.legend(handles=handles, loc="upper left", ncols=2, fontsize=16, frameon=False,
               bbox_to_anchor=(0.01, 1.0), handletextpad=0.3, columnspacing=2.0, borderaxespad=0.2)


def draw_board(pegs: Sequence[Pegs], *, names: Sequence[str] | None = None, target: int = FULL_GAME,
               language: str | None = None, width: float = 15) -> Figure:
    """The board with each player's (front, back) pegs, the skunk lines and the game hole.

    Player A's track is the upper one of each band, player B's the lower (with three players, C's the
    lowest); A's pegs are circles, B's squares, C's triangles; a front peg is filled, a back peg hollow;
    each peg carries its player's letter.
    """
    language = check_language(language)
    check_language(language)
    skunk_lines(target)
    if names is None:
        names = (render("board.you", language), render("board.opponent", language))
    tracks = len(pegs)
    bands, height, rect = _shape(target, width, tracks)
    with matplotlib.rc_context(_RC):
        fig = CourseFigure(figsize=(width, height))
        ax = fig.add_axes(rect)
        _draw_static(ax, target, language, tracks)
        _draw_pegs(ax, pegs, target)
        _limits(ax, bands, target, tracks)
        _draw_key(fig, pegs, names, language)
    return fig


@lru_cache(maxsize=8)
def _static_pixels(target: int, language: str, width: float, tracks: int = 2) -> npt.NDArray[np.uint8]:
    """The board without pegs, rendered once: most of a picture's cost is its text and holes."""
    bands, height, rect = _shape(target, width, tracks)
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(width, height), dpi=_DPI)
        ax = fig.add_axes(rect)
        _draw_static(ax, target, language, tracks)
        _limits(ax, bands, target, tracks)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        # The Agg canvas's RGBA buffer: one byte per channel (matplotlib leaves it unannotated).
        pixels: npt.NDArray[np.uint8] = np.asarray(canvas.buffer_rgba()).copy()
        return pixels


@lru_cache(maxsize=512)
def board_png(pegs: tuple[Pegs, ...], names: tuple[str, ...], target: int, language: str,
              width: float = 15) -> bytes:
    """A board's picture (PNG) for a view: the cached static board with this position's pegs and key on
    top, two or three tracks (one for each name)."""
    tracks = len(pegs)
    bands, height, rect = _shape(target, width, tracks)
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(width, height), dpi=_DPI)
        back = fig.add_axes((0, 0, 1, 1))
        back.imshow(_static_pixels(target, language, width, tracks), interpolation="none", aspect="auto")
        back.set_axis_off()
        ax = fig.add_axes(rect)
        ax.patch.set_alpha(0)
        _draw_pegs(ax, pegs, target)
        _limits(ax, bands, target, tracks)
        _draw_key(fig, pegs, names, language)
        return figure_png(fig, dpi=_DPI, tight=False)


class PegRefusal(Refused):
    """The engine's peg refusal for a view: :attr:`rule` says which rule, and :meth:`text` says it in
    any language with the players' names, from the engine's message (no second copy of the words)."""

    def __init__(self, error: PegError, names: Sequence[str]) -> None:
        self.rule = error.rule
        self.engine_message = error.message
        self.names = {seat: name for seat, name in enumerate(names)}
        super().__init__(render(error.message, names=self.names))

    def text(self, language: str) -> str:
        return render(self.engine_message, language, names=self.names)


class Pegboard(_Pegboard):
    """The engine's :class:`cribbage.rules.pegboard.Pegboard` with the players' names: a refused change raises
    :class:`PegRefusal`, which a view says in its language, naming the players as it does."""

    def __init__(self, *, target: int = FULL_GAME, names: Sequence[str] = ("A", "B")) -> None:
        super().__init__(target=target)
        self.names = tuple(names)

    def _refusal(self, error: PegError) -> PegRefusal:
        return PegRefusal(error, self.names)

    def verify_set_pegs(self, pegs: object) -> tuple[Pegs, Pegs]:
        try:
            return super().verify_set_pegs(pegs)
        except PegError as error:
            raise self._refusal(error) from None

    def verify_set_scores(self, a: object, b: object) -> tuple[Pegs, Pegs]:
        try:
            return super().verify_set_scores(a, b)
        except PegError as error:
            raise self._refusal(error) from None

    def verify_peg(self, seat: object, points: object) -> tuple[Pegs, Pegs]:
        try:
            return super().verify_peg(seat, points)
        except PegError as error:
            raise self._refusal(error) from None

    @staticmethod
    def _can(verify: Callable[..., object], *args: object) -> bool:
        try:
            verify(*args)
        except Refused:
            return False
        return True


class Board(View):
    """A cribbage board that redraws as the score changes, with a stepper through finishes.

    Drive it with :meth:`peg` (points scored), :meth:`set_scores` (new totals), :meth:`set_pegs`
    (any legal position) and :meth:`reset`; the stepper with :meth:`next_finish` and
    :meth:`previous_finish` (or its buttons). The pegs live in :attr:`model`, a :class:`Pegboard`.
    A refused change leaves the board as it was and says why.
    """

    def __init__(self, *, names: Sequence[str] | None = None, target: int = FULL_GAME, language: str | None = None,
                 stepper: bool = True, finishes: Sequence[tuple[Pegs, Pegs]] | None = None,
                 double_skunk_games: int = 3, autodraw: bool = True, standing: bool | None = None,
                 roles: bool = False) -> None:
        super().__init__(language=language)
        if roles and names is not None:
            raise ValueError("a board labels its players by their roles or by names, not both")
        #: Say where a player stands (the chance to win from the position); on with the stepper.
        self.show_standing = stepper if standing is None else bool(standing)
        #: Redraw the picture on every change; off, only :meth:`redraw` draws (for long scripted runs).
        self.autodraw = autodraw
        self._named = names is not None
        # ``roles``: the players are the winner and the loser of finished games, labelled so, and a
        # role is not a name ("the winner's chance", not "Winner's chance").
        self._roles = bool(roles)
        if roles:
            names = (self._t("board.winner"), self._t("board.loser"))
        shown = tuple(names) if names is not None else (self._t("board.you"), self._t("board.opponent"))
        if len(shown) != 2:
            raise ValueError("a board has two players")
        self.model = Pegboard(target=target, names=shown)
        self.double_skunk_games = double_skunk_games
        game_value(target, 0, target=target, double_skunk_games=double_skunk_games)  # refuses a bad option
        if finishes is None:
            finishes = finishes_for(target)
        for winner, loser in finishes:
            finish_kind(winner[0], loser[0], target=target)  # a bad shipped finish fails loudly, here
        self.finishes = tuple(finishes)
        self._finish = -1
        self.draws = 0
        self._image = w.Image(format="png", layout=w.Layout(width="100%", max_width="1200px"))
        self._caption = w.HTML()
        self._standing = w.HTML()
        self._scores = w.HTML()
        self._prev = self._button("board.prev", self.previous_finish)
        self._next = self._button("board.next", self.next_finish)
        self._step_label = w.HTML()
        self._controls = controls = w.HBox([self._prev, self._next, self._step_label],
                                           layout=w.Layout(align_items="center"))
        self.children = [style_tag(), self._scores, self._image, *([controls] if stepper else []),
                         self._caption, self._standing, self._message]
        self._show()

    # The model, read through ------------------------------------------------------------------
    target = property(lambda self: self.model.target)
    names = property(lambda self: self.model.names)
    pegs = property(lambda self: self.model.pegs)
    scores = property(lambda self: self.model.scores)

    def winner(self) -> int | None:
        """0 or 1 once a player has reached the target, else ``None``."""
        return self.model.winner

    finish_index = property(lambda self: self._finish, doc='The finish shown by the stepper, -1 if none.')
    caption = property(lambda self: self._caption_text)

    @property
    def standing(self) -> tuple[int, int, int, tuple[float, float, float], tuple[float, float, float]] | None:
        """Where a player stands: (player, their score, the other's, chance to win dealing next, chance
        as pone), each chance with its 95% interval as ``(chance, low, high)``. Before a finish: the
        winner, from their score before the last points (the back peg) against the loser's. Otherwise
        player 0 at the scores now. None when not shown."""
        if not self.show_standing:
            return None
        won = self.winner()
        if won is None:
            who, mine, theirs = 0, self.pegs[0][0], self.pegs[1][0]
        else:
            who, mine, theirs = won, self.pegs[won][1], self.pegs[1 - won][0]
        return (who, mine, theirs, endgame_chance(mine, theirs, dealer=True, target=self.target),
                endgame_chance(mine, theirs, dealer=False, target=self.target))

    @property
    def standing_text(self) -> str:
        """:attr:`standing` in words ("" when not shown)."""
        return self._standing_text

    prev_button = property(lambda self: self._prev)
    next_button = property(lambda self: self._next)
    png = property(lambda self: self._image.value)

    # Changes ----------------------------------------------------------------------------------
    def _changed(self) -> None:
        self._finish = -1
        self._say("")
        self._show()

    @guarded
    def set_pegs(self, pegs: Sequence[Pegs]) -> None:
        """Put every peg somewhere: ``((front, back), (front, back))``, back never ahead of front."""
        self.model.set_pegs(pegs)
        self._changed()

    @guarded
    def set_scores(self, a: int, b: int) -> None:
        """New totals: a player whose score went up leapfrogs the back peg to the new score."""
        self.model.set_scores(a, b)
        self._changed()

    @guarded
    def peg(self, seat: int, points: int) -> None:
        """Player 0 or 1 pegs ``points`` (1..29); the score stops at the game hole."""
        self.model.peg(seat, points)
        self._changed()

    def reset(self) -> None:
        self.model.reset()
        self._changed()

    # The stepper ------------------------------------------------------------------------------
    def next_finish(self) -> None:
        self._go_to(min(self._finish + 1, len(self.finishes) - 1))

    def previous_finish(self) -> None:
        self._go_to(max(self._finish - 1, 0))

    @guarded
    def show_finish(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.finishes):
            raise Refused(key="board.no_finish")
        self._go_to(index)

    def _go_to(self, index: int) -> None:
        self.model.set_pegs(self.finishes[index])
        self._finish = index
        self._say("")
        self._show()

    def describe_finish(self, winner_score: int, loser_score: int) -> str:
        """"121 to 88: skunk, two games." with the reason, from the engine's rules."""
        head, why = self._finish_words(winner_score, loser_score)
        return f"{head} {why}"

    def _finish_words(self, winner_score: int, loser_score: int) -> tuple[str, str]:
        kind = finish_kind(winner_score, loser_score, target=self.target)
        games = game_value(winner_score, loser_score, target=self.target,
                           double_skunk_games=self.double_skunk_games)
        line = missed_line(kind, self.target)
        head = self._t(f"board.result.{kind}", w=winner_score, l=loser_score,
                       games=number_words(games, self.language))
        return head, self._t(f"board.result.why.{kind}", line=line)

    # The view ---------------------------------------------------------------------------------
    def _show(self) -> None:
        (fa, _), (fb, _) = self.pegs
        scores = self._t("board.scores", a=html.escape(self.names[0]), sa=fa,
                         b=html.escape(self.names[1]), sb=fb)
        self._scores.value = f'<div class="cc-big">{scores}</div>'
        won = self.winner()
        if won is not None:
            loser = 1 - won
            head, why = self._finish_words(self.pegs[won][0], self.pegs[loser][0])
            self._caption_text = f"{head} {why}"
            self._caption.value = (f'<div class="cc-big" role="status">{html.escape(head)}</div>'
                                   f'<div class="cc-text">{html.escape(why)}</div>')
        else:
            self._caption_text = ""
            self._caption.value = ""
        standing = self.standing
        if standing is None:
            self._standing_text = ""
        else:
            who, mine, theirs, as_dealer, as_pone = standing
            key = "board.standing" if self.winner() is None else "board.standing_before"
            if self._roles:
                chance = self._t("board.chance_winner" if who == 0 else "board.chance_loser")
            elif self._named:
                chance = self._t("board.chance_named", name=self.names[who])
            else:
                chance = self._t("board.chance_you" if who == 0 else "board.chance_opponent")
            self._standing_text = self._t(key, chance=chance, mine=mine, theirs=theirs,
                                          dealer=chance_interval(*as_dealer, self.language),
                                          pone=chance_interval(*as_pone, self.language))
        self._standing.value = f'<div class="cc-text">{html.escape(self._standing_text)}</div>' \
            if self._standing_text else ""
        if self.finishes:
            shown = self._t("board.step", n=self._finish + 1, of=len(self.finishes)) if self._finish >= 0 else ""
            self._step_label.value = f'<span class="cc-text">{shown}</span>'
            self._prev.disabled = self._finish <= 0
            self._next.disabled = self._finish >= len(self.finishes) - 1
        if self.autodraw:
            self.redraw()

    def figure(self) -> Figure:
        """The position as a matplotlib figure (a fresh one, for saving or printing)."""
        return draw_board(self.pegs, names=self.names, target=self.target, language=self.language)

    def redraw(self) -> None:
        """Draw the picture of the pegs now (cached: a position seen before costs nothing)."""
        self._image.value = board_png(self.pegs, self.names, self.target, self.language)
        self.draws += 1

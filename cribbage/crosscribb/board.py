"""The CrossCribb board and how one line of it scores.

The board is 5x5; a square is ``(row, column)``, both 0..4, and the starter sits in the centre
``(2, 2)``. Each row and each column is a line of five cards scored like a cribbage hand with no
separate starter: fifteens, pairs and runs over the five; a flush for any four of the five in one
suit (4) or all five (5); nobs (1) for the jack of the starter's suit, only in the centre row and
the centre column, the two lines that hold the starter. Rules: course/07_crosscribb.ipynb.

:func:`score_line` itemizes a line for people; :func:`line_total` gives the same total by table
look-up for the computer players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cribbage.lang.messages import message
from cribbage.rules.cards import Card, CardLike, cards, require_distinct
from cribbage.rules.checks import bounded, of_kind, one_of, whole
from cribbage.rules.errors import InvalidHandError, shown
from cribbage.rules.kinds import TextEnum
from cribbage.rules.ranks import POINTS_BY_KEY, points_by_key, rank_points
from cribbage.rules.ranks import RANK_KEY as _POW5
from cribbage.rules.show_scoring import HandScore, ItemizedScore, ScoreItem, score_hand

__all__ = [
    "CENTRE",
    "COLUMNS",
    "LINES",
    "ROWS",
    "SIZE",
    "SQUARES",
    "Line",
    "LineKind",
    "LineScore",
    "Square",
    "SquareLike",
    "line_name",
    "line_total",
    "line_totals",
    "running_total",
    "score_board",
    "score_line",
    "square",
]

SIZE = 5
#: A square of the board: ``(row, column)``, each 0..4, row 0 at the top, column 0 at the left.
Square = tuple[int, int]
#: A square as ``(row, column)`` or as its index ``row * 5 + column`` (0..24).
SquareLike = Square | int
CENTRE: Square = (2, 2)
SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
ROWS: tuple[tuple[Square, ...], ...] = tuple(tuple((r, c) for c in range(SIZE)) for r in range(SIZE))
COLUMNS: tuple[tuple[Square, ...], ...] = tuple(tuple((r, c) for r in range(SIZE)) for c in range(SIZE))


class LineKind(TextEnum):
    """A row (scored by side 1) or a column (scored by side 0)."""

    ROW = "row"
    COLUMN = "column"


@dataclass(frozen=True, slots=True)
class Line:
    """One of the ten lines: ``Line("row", 0)`` .. ``Line("column", 4)``."""

    kind: LineKind
    index: int

    def __post_init__(self) -> None:
        # Checked before the enum's lookup, whose own error writes the value's repr (which fails on a
        # list nested thousands deep).
        kind = self.kind if isinstance(self.kind, LineKind) else \
            LineKind(one_of(self.kind, "kind", [k.value for k in LineKind]))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "index", whole(self.index, "index", low=0, high=SIZE - 1))

    @property
    def squares(self) -> tuple[Square, ...]:
        return (ROWS if self.kind is LineKind.ROW else COLUMNS)[self.index]

    @property
    def side(self) -> int:
        """The side that scores this line: 0 for the columns, 1 for the rows."""
        return 0 if self.kind is LineKind.COLUMN else 1

    @property
    def holds_starter(self) -> bool:
        """The centre row and the centre column: the only lines where nobs scores."""
        return self.index == CENTRE[0]

    def __str__(self) -> str:
        return line_name(self)


#: Rows 0..4, then columns 0..4.
LINES: tuple[Line, ...] = (tuple(Line(LineKind.ROW, i) for i in range(SIZE))
                           + tuple(Line(LineKind.COLUMN, i) for i in range(SIZE)))


def line_name(line: Line) -> str:
    """``"row 1"`` .. ``"column 5"``: numbered from 1, as on the printed board."""
    of_kind(line, "line", Line)
    return f"{line.kind} {line.index + 1}"


def square(where: object) -> Square:
    """Read a square given as ``(row, column)`` or as an index 0..24; refuse anything else."""
    if isinstance(where, int) and not isinstance(where, bool):
        if 0 <= where < SIZE * SIZE:
            return divmod(where, SIZE)
        raise InvalidHandError(message("crosscribb.err.square_index", where=shown(where)))
    if (isinstance(where, tuple) and len(where) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < SIZE for x in where)):
        return (where[0], where[1])
    raise InvalidHandError(message("crosscribb.err.square", where=shown(where)))


@dataclass(frozen=True, slots=True)
class LineScore(ItemizedScore):
    """The itemized count of one line of five cards; the same interface as :class:`HandScore`.

    ``starter`` is the starter when the line holds it (the centre row and column), else ``None``.
    ``str()`` gives the count as it is spoken.
    """

    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The five cards of the line (named as in :class:`HandScore`)."""
        return self.cards

    def phrases(self) -> list[str]:
        """The count phrase by phrase, each ending on the running total."""
        # HandScore's phrasing needs only the five cards and the items; which card it calls the
        # starter does not matter to it.
        return HandScore(self.cards[:4], self.cards[4], False, self.items).phrases()

    def __str__(self) -> str:
        return str(HandScore(self.cards[:4], self.cards[4], False, self.items))


def _line_cards(line: Iterable[CardLike] | str, starter: CardLike | None
                ) -> tuple[tuple[Card, ...], Card | None]:
    five = cards(line, distinct=False)
    if len(five) != SIZE:
        raise InvalidHandError(message("crosscribb.err.line_size", n=len(five)))
    require_distinct(five)
    if starter is None:
        return five, None
    turned = Card.parse(starter)
    if turned not in five:
        raise InvalidHandError(message("crosscribb.err.starter_not_in_line", card=turned))
    return five, turned


def score_line(line: Iterable[CardLike] | str, starter: CardLike | None = None) -> LineScore:
    """Itemize one line of five cards. Give ``starter`` for the centre row and column only.

    >>> s = score_line("5H 5D 6H 7H 8H")
    >>> s.total, s.fifteens, s.pairs, s.runs, s.flush
    (16, 2, 2, 8, 4)
    >>> score_line("JH 2C 5H 9S KD", starter="5H").nobs
    1
    """
    five, turned = _line_cards(line, starter)
    # Fifteens, pairs and runs depend on nothing but the five cards, so the cribbage scorer counts
    # them; its flush and nobs follow the hand's rules, not the line's, and are left out.
    counted = score_hand(five[:4], five[4])
    items = [item for item in counted.items if item.kind in ("fifteen", "pair", "run")]
    by_suit = Counter(card.suit for card in five)
    suit, same = by_suit.most_common(1)[0]
    if same >= 4:
        items.append(ScoreItem("flush", tuple(c for c in five if c.suit == suit), same))
    if turned is not None:
        for card in five:
            if card.rank == 11 and card.suit == turned.suit and card != turned:
                items.append(ScoreItem("nobs", (card,), 1))
    return LineScore(five, turned, tuple(items))


def line_total(line: Sequence[Card], starter: Card | None = None) -> int:
    """The total of :func:`score_line`, by table look-up; takes five distinct :class:`Card` objects.

    It checks its input only when reading it fails (the computer players call it in loops): anything
    but five cards is then read, or refused, as :func:`score_line` reads it.
    """
    try:
        return _line_total(line, starter)
    except (TypeError, ValueError, AttributeError, IndexError, KeyError):
        return score_line(line, starter).total


def _line_total(line: Sequence[Card], starter: Card | None) -> int:
    a, b, c, d, e = line
    total = (POINTS_BY_KEY or points_by_key())[_POW5[a.rank] + _POW5[b.rank] + _POW5[c.rank] + _POW5[d.rank] + _POW5[e.rank]]
    suits = [0, 0, 0, 0]
    for card in line:
        suits[card.suit] += 1
    most = max(suits)
    if most >= 4:
        total += most
    if starter is not None:
        for card in line:
            if card.rank == 11 and card.suit == starter.suit and card != starter:
                total += 1
    return total


def running_total(line: Iterable[CardLike] | str, starter: CardLike | None = None) -> int:
    """What the cards placed so far in a line (none to five) already score, as the line would count them.

    For a line still being filled: fifteens, pairs and runs among these cards, a flush once four
    share a suit, nobs in a centre line. With five cards it equals :func:`score_line`'s total.

    >>> running_total("5H 5D JS"), running_total("5H 6H 7H 8H")
    (6, 10)
    """
    placed = cards(line, distinct=False)
    if len(placed) > SIZE:
        raise InvalidHandError(message("crosscribb.err.line_too_long", n=len(placed)))
    require_distinct(placed)
    total = rank_points([card.rank for card in placed])
    if placed:
        most = Counter(card.suit for card in placed).most_common(1)[0][1]
        total += most if most >= 4 else 0
    if starter is not None:
        turned = Card.parse(starter)
        if turned not in placed:
            raise InvalidHandError(message("crosscribb.err.starter_not_in_line", card=turned))
        total += sum(1 for c in placed if c.rank == 11 and c.suit == turned.suit and c != turned)
    return total


def line_totals(board: Sequence[Card | None], starter: Card) -> dict[Line, int]:
    """What every line scores so far (:func:`running_total`) on a board of 25 squares given row by row,
    None for an open square; ``starter`` counts for nobs in the centre row and column.

    >>> from cribbage import Card
    >>> squares = [None] * 25; squares[12] = Card.parse("5H"); squares[13] = Card.parse("5S")
    >>> totals = line_totals(squares, Card.parse("5H"))
    >>> totals[LINES[2]], totals[LINES[7]]
    (2, 0)
    """
    squares = bounded(board, "board", SIZE * SIZE)
    if len(squares) != SIZE * SIZE or not all(card is None or isinstance(card, Card) for card in squares):
        raise InvalidHandError(message("crosscribb.err.board_shape"))
    board, starter = squares, Card.parse(starter)
    out = {}
    for line in LINES:
        held = [card for card in (board[r * SIZE + c] for r, c in line.squares) if card is not None]
        out[line] = running_total(held, starter if line.holds_starter else None)
    return out


def score_board(grid: Sequence[Sequence[CardLike]]) -> tuple[tuple[LineScore, ...], tuple[LineScore, ...]]:
    """Score a full board given as five rows of five cards, the starter in the centre.

    Returns the five rows' scores and the five columns' scores.
    """
    rows = [cards(row, distinct=False) for row in bounded(grid, "grid", SIZE)]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise InvalidHandError(message("crosscribb.err.board_shape"))
    require_distinct([card for row in rows for card in row])
    starter = rows[CENTRE[0]][CENTRE[1]]
    row_scores = tuple(score_line(rows[r], starter if r == CENTRE[0] else None) for r in range(SIZE))
    col_scores = tuple(score_line([rows[r][c] for r in range(SIZE)], starter if c == CENTRE[1] else None)
                       for c in range(SIZE))
    return row_scores, col_scores

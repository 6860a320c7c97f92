"""CrossCribb line scoring: the flush of any four, nobs only in the centre lines, the seed's pattern
table, and three complete boards whose every line was counted by hand (the counts are written out in
the comments, so a reader can check them without the engine)."""

import pytest

from cribbage import Card, InvalidCardError, InvalidHandError, cards, score_hand
from cribbage.crosscribb import LineScore, line_total, running_total, score_board, score_line
from cribbage.crosscribb.board import LINES, Line, line_name, square


def parts(score: LineScore) -> tuple[int, int, int, int, int, int]:
    return score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total


# --- one line ---------------------------------------------------------------------------------------

def test_a_line_is_scored_like_a_hand_of_five_for_fifteens_pairs_and_runs():
    s = score_line("5C 5D 6H 7S 8C")
    # 7+8; the pair of fives; 5-6-7-8 twice.
    assert parts(s) == (2, 2, 8, 0, 0, 12)
    assert str(s) == "fifteen two, a pair is four, a run of four is eight, and another run of four is twelve"


def test_flush_any_four_of_the_five_even_when_the_odd_card_comes_first():
    # A cribbage hand would need the first four; a line counts any four.
    s = score_line("QS 2H 3H 4H 5H")
    assert s.flush == 4
    flush = [item for item in s.items if item.kind == "flush"]
    assert len(flush) == 1 and set(flush[0].cards) == set(cards("2H 3H 4H 5H"))
    assert score_line("2H 3H QS 4H 5H").flush == 4


def test_flush_of_five_scores_five_and_three_of_a_suit_nothing():
    assert score_line("5S 6S 7S 9S TS").flush == 5
    assert score_line("5S 6S 7S 9H TH").flush == 0


def test_nobs_only_where_the_starter_is_given():
    line = "JH 2C 5H 9S KD"
    assert score_line(line, starter="5H").nobs == 1
    assert score_line(line).nobs == 0  # the same cards off the centre lines score no nobs


def test_the_starter_being_a_jack_never_scores_nobs_for_itself():
    s = score_line("JD 7S 8S 9H AD", starter="JD")
    assert s.nobs == 0
    assert parts(s) == (2, 0, 3, 0, 0, 5)


def test_a_jack_of_another_suit_is_not_nobs():
    assert score_line("JS 2C 5H 9S KD", starter="5H").nobs == 0


def test_line_total_agrees_with_score_line_on_many_lines():
    import random
    rng = random.Random(3)
    deck = list(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH "
                      "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"))
    for _ in range(2000):
        five = rng.sample(deck, 5)
        starter = rng.choice(five) if rng.random() < 0.5 else None
        assert line_total(five, starter) == score_line(five, starter).total


def test_line_score_speaks_and_counts_like_a_hand_score():
    s = score_line("AH 2H 3H 7H 9C")
    assert s.hand == s.cards and len(s.cards) == 5
    assert s.phrases() == ["fifteen two", "a run of three is five", "a flush of four is nine"]
    assert str(score_line("2C 4D 6H 8S QC")) == "nineteen (nothing)"


@pytest.mark.parametrize("line, error", [
    ("5H 5D 6H 7S", InvalidHandError),          # four cards
    ("5H 5D 6H 7S 8S 9S", InvalidHandError),    # six cards
    ("5H 5H 6H 7S 8S", InvalidHandError),       # a duplicate
    ("5H 5D 6H 7S 8X", InvalidCardError),       # not a card
])
def test_bad_lines_are_refused(line, error):
    with pytest.raises(error):
        score_line(line)


def test_a_starter_not_in_the_line_is_refused():
    with pytest.raises(InvalidHandError, match="not in the line"):
        score_line("5H 5D 6H 7S 8S", starter="KD")


def test_the_crib_is_a_cribbage_crib():
    # Four diamonds in the crib with an off-suit card: a crib flush needs all five.
    crib = score_hand(cards("5D 5S TD KD"), Card.parse("JD"), crib=True)
    assert crib.flush == 0 and crib.total == 14


# --- the pattern table of the seed ("Cómo contar las manos") --------------------------------------

@pytest.mark.parametrize("line, runs_and_pairs, total", [
    ("QH QD AS 3C 7D", 2, 2),      # Emparejar (Q, Q): 2; nothing else (1+7+... never 15)
    ("3H 3D 3S 8C KD", 6, 6),      # Tres de una clase: 6
    ("4H 4D 4S 4C KD", 12, 12),    # Cuatro de una clase: 12 (4+4+4+... never 15 with K)
    ("3H 4D 5S 9C KD", 3, 3 + 2),  # Serie de tres (3, 4, 5): 3; one fifteen, 5+K
    ("5H 5D 6S 7C JD", 8, 8 + 4),  # Doble carrera de tres: 8; fifteens 5+J twice
    ("AH AD 2S 3C 4D", 10, 10),    # Carrera doble de cuatro: 10; sum is 11, no fifteen
    ("AH AD AS 2C 3D", 15, 15),    # Triple carrera: 15; sum is 8
    ("5H 5D 6S 6C 7D", 16, 16),    # Carrera cuádruple: 16; no subset makes 15
])
def test_the_seeds_pattern_table(line, runs_and_pairs, total):
    s = score_line(line)
    assert s.runs + s.pairs == runs_and_pairs
    assert s.total == total


def test_the_seeds_pattern_table_flushes():
    assert score_line("2C 4C 6C 8C KD").flush == 4   # Color, cuatro cartas de un palo
    assert score_line("2C 4C 6C 8C KC").flush == 5   # Color, cinco cartas de un palo
    # His nobs only in row/column 3 (the centre) or the crib.
    assert score_line("JS 2C 8S 9H KD", starter="8S").nobs == 1


# --- three complete boards, every line counted by hand ------------------------------------------

BOARD_1 = [  # starter 5H in the centre
    "5C 5D 6H 7S 8C",
    "JH QH KH 2H 9D",
    "TS 4D 5H 6D AC",
    "3C 3D 3H 7D KC",
    "AS 2S 4S 9S JD",
]
# (fifteens, pairs, runs, flush, nobs, total)
BOARD_1_ROWS = [
    (2, 2, 8, 0, 0, 12),  # 7+8; 5-5; 5-6-7-8 twice
    (0, 0, 3, 4, 0, 7),   # J-Q-K; four hearts J Q K 2
    (6, 0, 3, 0, 0, 9),   # 10+5, 4+5+6, 10+4+A; 4-5-6; no jack of hearts
    (0, 6, 0, 0, 0, 6),   # three threes; 3+3+3, 7+3+3, K+3 all miss 15
    (4, 0, 0, 4, 0, 8),   # A+4+J, 2+4+9; A-2 is no run; four spades A 2 4 9
]
BOARD_1_COLUMNS = [
    (4, 0, 0, 0, 0, 4),   # 5C JH TS 3C AS: 5+J, 5+10
    (4, 0, 4, 0, 0, 8),   # 5D QH 4D 3D 2S: 5+Q, Q+3+2; 2-3-4-5; three diamonds only
    (4, 0, 4, 4, 0, 12),  # 6H KH 5H 3H 4S: K+5, 6+5+4; 3-4-5-6; four hearts (centre, no jack)
    (6, 2, 0, 0, 0, 8),   # 7S 2H 6D 7D 9S: 6+9, 7+2+6 with each seven; 7-7
    (0, 0, 0, 0, 0, 0),   # 8C 9D AC KC JD: nothing (8-9 with no ten; three clubs)
]

BOARD_2 = [  # starter JD in the centre: his heels for the dealer, and no nobs for itself
    "2C 3C 4C 5C 6C",
    "JH 5H KS QD TC",
    "7S 8S JD 9H AD",
    "4D 4H 4S 6D 2D",
    "AH 2H 3H 7H 9C",
]
BOARD_2_ROWS = [
    (4, 0, 5, 5, 0, 14),  # 4+5+6, 2+3+4+6; run of five; five clubs
    (8, 0, 4, 0, 0, 12),  # 5 with each of J K Q 10; 10-J-Q-K
    (2, 0, 3, 0, 0, 5),   # 7+8; 7-8-9 (the jack breaks it); the jack is the starter: no nobs
    (0, 6, 0, 0, 0, 6),   # three fours; nothing makes 15
    (2, 0, 3, 4, 0, 9),   # A+2+3+9; A-2-3; four hearts
]
BOARD_2_COLUMNS = [
    (2, 0, 0, 0, 0, 2),   # 2C JH 7S 4D AH: J+4+A
    (4, 0, 4, 0, 0, 8),   # 3C 5H 8S 4H 2H: 5+8+2, 3+8+4; 2-3-4-5
    (0, 2, 0, 0, 0, 2),   # 4C KS JD 4S 3H: 4-4 (centre; the jack is the starter)
    (4, 0, 3, 0, 0, 7),   # 5C QD 9H 6D 7H: 5+Q, 9+6; 5-6-7
    (2, 0, 0, 0, 0, 2),   # 6C TC AD 2D 9C: 6+9
]

BOARD_3 = [  # starter 8S in the centre; the jack of spades sits in row 2, column 3
    "QS 2H 3H 4H 5H",
    "9C 6C JS 7D 2D",
    "TH 9H 8S 4S 3S",
    "5S 6S 7S 9S TS",
    "KD KH QC AH 4D",
]
BOARD_3_ROWS = [
    (4, 0, 4, 4, 0, 12),  # Q+2+3, Q+5; 2-3-4-5; four hearts after the queen of spades
    (4, 0, 0, 0, 0, 4),   # 9+6, 6+7+2; the jack of spades is off the centre row: no nobs
    (2, 0, 3, 0, 0, 5),   # 8+4+3; 8-9-10
    (4, 0, 3, 5, 0, 12),  # 5+10, 6+9; 5-6-7; five spades
    (6, 2, 0, 0, 0, 8),   # each ten-card with A+4; K-K
]
BOARD_3_COLUMNS = [
    (6, 0, 0, 0, 0, 6),   # QS 9C TH 5S KD: 5 with Q, 10, K
    (4, 2, 0, 0, 0, 6),   # 2H 6C 9H 6S KH: 9 with each six; 6-6
    (2, 0, 0, 0, 1, 3),   # 3H JS 8S 7S QC: 8+7; nobs, the jack of spades in the centre column
    (2, 2, 0, 0, 0, 4),   # 4H 7D 4S 9S AH: 4+7+4; 4-4
    (4, 0, 4, 0, 0, 8),   # 5H 2D 3S TS 4D: 5+10, 10+2+3; 2-3-4-5
]


@pytest.mark.parametrize("board, rows, columns, row_sum, column_sum", [
    (BOARD_1, BOARD_1_ROWS, BOARD_1_COLUMNS, 42, 32),
    (BOARD_2, BOARD_2_ROWS, BOARD_2_COLUMNS, 46, 21),
    (BOARD_3, BOARD_3_ROWS, BOARD_3_COLUMNS, 41, 27),
])
def test_every_line_of_a_complete_board(board, rows, columns, row_sum, column_sum):
    row_scores, column_scores = score_board([cards(row) for row in board])
    assert [parts(s) for s in row_scores] == rows
    assert [parts(s) for s in column_scores] == columns
    assert sum(s.total for s in row_scores) == row_sum
    assert sum(s.total for s in column_scores) == column_sum
    # Only the centre lines know the starter.
    starter = cards(board[2])[2]
    assert [s.starter for s in row_scores] == [None, None, starter, None, None]
    assert [s.starter for s in column_scores] == [None, None, starter, None, None]


def test_the_hand_counts_add_up_item_by_item():
    for _board, rows, columns in ((BOARD_1, BOARD_1_ROWS, BOARD_1_COLUMNS),
                                  (BOARD_2, BOARD_2_ROWS, BOARD_2_COLUMNS),
                                  (BOARD_3, BOARD_3_ROWS, BOARD_3_COLUMNS)):
        for expected in rows + columns:
            assert sum(expected[:5]) == expected[5]


def test_a_board_must_be_five_by_five_distinct_cards():
    with pytest.raises(InvalidHandError):
        score_board([cards(row) for row in BOARD_1[:4]])
    bad = [cards(row) for row in BOARD_1]
    bad[4] = cards("AS 2S 4S 9S 5C")  # 5C already in row 1
    with pytest.raises(InvalidHandError, match="duplicate"):
        score_board(bad)


def test_squares_and_lines():
    assert square(12) == (2, 2) and square((4, 0)) == (4, 0)
    for bad in (25, -1, (5, 0), (1,), "a1", True):
        with pytest.raises(InvalidHandError):
            square(bad)
    assert [line_name(line) for line in LINES][:2] == ["row 1", "row 2"]
    assert str(Line("column", 2)) == "column 3" and Line("column", 2).holds_starter
    assert sum(line.holds_starter for line in LINES) == 2


# --- a line being filled ------------------------------------------------------------------------

def test_running_total_of_a_line_being_filled():
    assert running_total([]) == 0
    assert running_total("5H") == 0
    assert running_total("5H JD") == 2              # fifteen
    assert running_total("5H 5D JS") == 6           # two fifteens and a pair
    assert running_total("5H 6H 7H 8H") == 10       # fifteen (7+8), run of four, four hearts
    assert running_total("5H 6H 7H") == 3           # three hearts are no flush yet
    assert running_total("JH 5H", starter="5H") == 3  # fifteen and nobs in a centre line
    with pytest.raises(InvalidHandError, match="at most five"):
        running_total("AH 2H 3H 4H 5H 6H")
    with pytest.raises(InvalidHandError, match="not in the line"):
        running_total("JH 5H", starter="5S")


def test_running_total_of_five_cards_is_the_line_score():
    for board in (BOARD_1, BOARD_2, BOARD_3):
        rows = [cards(row) for row in board]
        starter = rows[2][2]
        for r, row in enumerate(rows):
            centre = starter if r == 2 else None
            assert running_total(row, centre) == score_line(row, centre).total

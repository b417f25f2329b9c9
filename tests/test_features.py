"""What a learned evaluation looks at (ttt.features): seven counts of lines, checked against their definitions."""

import random

import pytest

from ttt import Board, other
from ttt.features import FEATURE_NAMES, features, line_states
from support import UNFINISHED


def reference_features(board, mark):
    """The seven counts straight from their definitions, one line at a time."""
    k = board.k
    counts = dict.fromkeys(FEATURE_NAMES, 0)
    counts["bias"] = 1
    for line in board.geometry.lines:
        marks = [board.cells[i] for i in line]
        mine, theirs, empty = marks.count(mark), marks.count(other(mark)), marks.count(".")
        counts["my_twos"] += mine == k - 1 and empty == 1 and mine > 0
        counts["their_twos"] += theirs == k - 1 and empty == 1 and theirs > 0
        counts["my_ones"] += mine == 1 and empty == k - 1
        counts["their_ones"] += theirs == 1 and empty == k - 1
        counts["my_wins"] += mine == k
        counts["their_wins"] += theirs == k
    return tuple(counts[name] for name in FEATURE_NAMES)


def random_positions(rows, cols, k, n, seed):
    rng = random.Random(seed)
    boards = []
    for _ in range(n):
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(rows * cols + 1)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        boards.append(board)
    return boards


def test_features_of_hand_made_boards():
    assert features(Board.empty()) == (1, 0, 0, 0, 0, 0, 0)
    # O has just moved: O has one mark alone in row 1, column 1 and the anti-diagonal; X in row 0 and column 0.
    board = Board.parse("X../.O./...")
    assert features(board) == (1, 0, 0, 3, 2, 0, 0)
    assert features(board, "X") == (1, 0, 0, 2, 3, 0, 0)
    # X has won on the top row; O threatens in the middle row; X is alone in the right column.
    won = Board.parse("XXX/OO./...")
    assert features(won) == (1, 0, 1, 1, 0, 1, 0)
    assert features(won, "O") == (1, 1, 0, 0, 1, 0, 1)


def test_empty_cells_in_columns_are_empty_not_the_opponents():
    # The source compared column cells with 0 instead of the empty mark, so the two
    # empty cells of column 1 made three "opponent" marks, and X's column-0 threat
    # (X, X, empty) looked like a blocked line.  Here every count is by the definition.
    board = Board.parse("X.O/X../...")
    assert features(board) == (1, 1, 0, 2, 2, 0, 0)  # X has just moved
    states = line_states(board)
    assert states["my_twos"] == [(0, 3, 6)]
    assert states["their_wins"] == []
    assert sorted(states["my_ones"]) == [(0, 4, 8), (3, 4, 5)]
    assert sorted(states["their_ones"]) == [(2, 4, 6), (2, 5, 8)]


@pytest.mark.parametrize("shape", [(3, 3, 3), (4, 4, 3), (3, 4, 3), (4, 4, 4), (3, 3, 2)])
def test_features_match_their_definitions_on_many_boards(shape):
    for board in random_positions(*shape, n=300, seed=sum(shape)):
        for mark in ("X", "O"):
            expected = reference_features(board, mark)
            assert features(board, mark) == expected, board.notation
            drawn = line_states(board, mark)
            assert tuple(len(drawn[name]) for name in FEATURE_NAMES[1:]) == expected[1:], board.notation


def test_features_default_to_the_side_that_just_moved():
    for board in UNFINISHED[::50]:
        assert features(board) == features(board, other(board.turn))
    with pytest.raises(ValueError):
        features(Board.empty(), "Z")


def test_their_wins_is_zero_on_every_reachable_board_for_the_side_that_just_moved():
    assert all(features(board)[6] == 0 for board in UNFINISHED)

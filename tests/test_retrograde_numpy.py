"""The NumPy sweeps (ttt.retrograde_numpy): sorted levels of packed positions, each solved, checked against boards."""

import numpy as np
import pytest

from ttt import Board
from ttt.bitboard import layout
from ttt.retrograde_numpy import build_levels, key_dtype, mask_dtype, sorted_unique
from support import POSITIONS, reference_best_moves, reference_score


def test_sorted_unique_is_numpy_s_unique():
    rng = np.random.default_rng(0)
    for size in (0, 1, 7, 10_000):
        values = rng.integers(0, 500, size, dtype=np.uint32)
        assert np.array_equal(sorted_unique(values), np.unique(values))
        assert sorted_unique(values).dtype == np.uint32


def test_the_smallest_types_that_fit():
    assert (key_dtype(9), key_dtype(16), key_dtype(17), key_dtype(32)) == (np.uint32, np.uint32, np.uint64, np.uint64)
    assert (mask_dtype(9), mask_dtype(16), mask_dtype(20)) == (np.uint16, np.uint16, np.uint32)


def test_every_3x3_level_is_sorted_and_solved():
    lay = layout(3, 3, 3)
    by_key = {lay.key(board): board for board in POSITIONS}
    levels = build_levels(3, 3, 3)
    assert [level.marks for level in levels] == list(range(10))
    seen = 0
    for level in levels:
        keys = level.keys.tolist()
        assert keys == sorted(set(keys)) and level.keys.dtype == np.uint32
        for key, score, best, finished in zip(keys, level.scores.tolist(), level.best.tolist(), level.finished):
            board = by_key[key]
            assert board.moves_made == level.marks and bool(finished) == board.is_over
            assert score == reference_score(board)
            expected = [] if board.is_over else reference_best_moves(board)
            assert [cell for cell in range(9) if best >> cell & 1] == expected
            seen += 1
    assert seen == len(POSITIONS) == 5_478


def test_a_step_per_level_of_each_sweep():
    steps = []
    build_levels(3, 3, 3, step=lambda: steps.append(1))
    assert len(steps) == 2 * 10
    steps.clear()
    levels = build_levels(2, 3, 2, step=lambda: steps.append(1))  # every game is over by the fifth mark
    assert len(levels) == 6 and len(steps) == 2 * 6 and levels[-1].finished.all()


@pytest.mark.parametrize("rows, cols, k", [(2, 4, 3), (1, 5, 3)])
def test_rectangles_are_solved_as_the_boards_say(rows, cols, k):
    from ttt.tree import reachable_positions

    lay = layout(rows, cols, k)
    boards = {lay.key(board): board for board in reachable_positions(Board.empty(rows, cols, k))}
    levels = build_levels(rows, cols, k)
    assert sum(level.keys.size for level in levels) == len(boards)
    for level in levels:
        for key, score in zip(level.keys.tolist(), level.scores.tolist()):
            assert score == reference_score(boards[key])

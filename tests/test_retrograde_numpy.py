"""The NumPy sweeps (ttt.retrograde_numpy): sorted levels of packed positions, each solved, checked against boards."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttt import Board, BoardError
from ttt.bitboard import layout
from ttt.retrograde_numpy import build_levels, forward_sweep, key_dtype, mask_dtype, merge
from ttt.tree import count_tree, reachable_positions
from support import POSITIONS, reference_best_moves, reference_score


def test_the_smallest_types_that_fit():
    assert (key_dtype(9), key_dtype(16), key_dtype(17), key_dtype(32)) == (np.uint32, np.uint32, np.uint64, np.uint64)
    assert (mask_dtype(9), mask_dtype(16), mask_dtype(20)) == (np.uint16, np.uint16, np.uint32)
    with pytest.raises(BoardError, match="33 cells does not fit in 64 bits: at most 32 cells"):
        key_dtype(33)


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (2, 3, 2)])
def test_the_forward_sweep_lists_every_position_with_its_paths(rows, cols, k):
    lay = layout(rows, cols, k)
    boards = {lay.key(board): board for board in reachable_positions(Board.empty(rows, cols, k))}
    tree = count_tree(Board.empty(rows, cols, k))
    seen = 0
    for marks, keys, won, counts in forward_sweep(rows, cols, k, paths=True):
        assert keys.tolist() == sorted(set(keys.tolist()))
        for key, has_line in zip(keys.tolist(), won.tolist()):
            board = boards[key]
            assert board.moves_made == marks and has_line == (board.winner is not None)
            seen += 1
        assert counts.sum() == tree.nodes_per_ply[marks]
    assert seen == len(boards)
    assert all(counts is None for *_, counts in forward_sweep(rows, cols, k))


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
@given(old=st.dictionaries(st.integers(0, 2**32 - 1), st.integers(1, 1000), max_size=60),
       new=st.dictionaries(st.integers(0, 2**32 - 1), st.integers(1, 1000), max_size=60))
def test_merge_is_the_sorted_union_with_the_counts_added(dtype, old, new):
    expected = dict(old)
    for key, count in new.items():
        expected[key] = expected.get(key, 0) + count

    def arrays(table):
        keys = sorted(table)
        return np.array(keys, dtype=dtype), np.array([table[k] for k in keys], dtype=float)

    level, counts = merge(*arrays(old), *arrays(new))
    assert level.dtype == dtype
    assert level.tolist() == sorted(expected)
    assert counts.tolist() == [expected[key] for key in sorted(expected)]
    bare, none = merge(arrays(old)[0], None, arrays(new)[0], None)
    assert bare.tolist() == sorted(expected) and none is None


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

"""The NumPy census of reachable positions agrees with walking the boards."""

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt import Board
from ttt.census import canonical_keys, canonical_members, census, symmetry_tables
from ttt.symmetry import canonical_key, permutations, transform_cells
from ttt.retrograde import tablebase
from ttt.tree import reachable_positions


def test_3x3_census():
    result = census(3, 3, 3)
    assert (result.positions, result.finished, result.unfinished, result.classes) == (5478, 958, 4520, 765)
    positions = reachable_positions()
    by_ply = [sum(b.moves_made == i for b in positions) for i in range(10)]
    assert [row[0] for row in result.per_ply] == by_ply
    assert result.finished_classes == 138
    finished_by_ply = [sum(b.is_over and b.moves_made == i for b in positions) for i in range(10)]
    assert [row[1] for row in result.per_ply] == finished_by_ply
    classes_by_ply = [len({canonical_key(b) for b in positions if b.moves_made == i}) for i in range(10)]
    assert [row[2] for row in result.per_ply] == classes_by_ply


@pytest.mark.parametrize("rows, cols, k", [(2, 4, 2), (3, 4, 3), (4, 3, 3), (2, 2, 2)])
def test_rectangle_census_matches_the_solved_table_and_a_walk(rows, cols, k):
    result = census(rows, cols, k)
    assert result.positions == len(tablebase(rows, cols, k))
    if rows * cols <= 8:
        positions = reachable_positions(Board.empty(rows, cols, k))
        assert result.positions == len(positions)
        assert result.classes == len({canonical_key(b) for b in positions})
        assert result.finished == sum(b.is_over for b in positions)


def test_a_board_where_every_game_ends_early_is_counted_to_the_full_board():
    result = census(2, 3, 2)  # every game is over by the fifth mark
    assert len(result.per_ply) == len(result.nodes_per_ply) == len(result.games) == 7
    assert result.per_ply[-1] == (0, 0, 0, 0) and result.nodes_per_ply[-1] == 0
    assert result.positions == len(reachable_positions(Board.empty(2, 3, 2)))


def test_canonical_members_are_one_per_class():
    keys = np.array(sorted({pack(b.cells) for b in reachable_positions(Board.empty())}), dtype=np.uint32)
    smallest = canonical_members(keys, tables(3, 3, np.uint32), block=100)  # blocks of 100 keys
    assert smallest.tolist() == (keys == canonical_keys(keys, tables(3, 3, np.uint32))).tolist()
    assert int(smallest.sum()) == 765


def test_without_symmetry_the_classes_are_not_counted():
    assert census(3, 3, 3, symmetry=False).classes == 0


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (2, 4, 2)])
def test_path_counts_match_the_tree_count(rows, cols, k):
    from ttt.tree import count_tree

    result = census(rows, cols, k)
    tree = count_tree(Board.empty(rows, cols, k))
    assert result.nodes_per_ply == list(tree.nodes_per_ply)
    assert [sum(g.values()) for g in result.games] == list(tree.games_by_length)
    for outcome in ("X", "O", "draw"):
        assert sum(g[outcome] for g in result.games) == tree.outcomes[outcome]


# ---------------------------------------------------------------------- the pieces, one by one
# The census maps packed positions through the symmetries with tables (``canonical_keys``); up to
# 16 cells a position packs into 32 bits, beyond that into 64, so both widths are checked against
# plain Python.


def pack(cells: str) -> int:
    n = len(cells)
    return sum(1 << i for i, c in enumerate(cells) if c == "X") | sum(1 << (i + n) for i, c in enumerate(cells) if c == "O")


@functools.cache
def tables(rows, cols, dtype):
    return symmetry_tables(permutations(rows, cols), rows * cols, dtype)


@pytest.mark.parametrize("rows, cols, dtype", [(3, 3, np.uint32), (3, 4, np.uint32), (4, 4, np.uint32),
                                               (3, 6, np.uint64), (4, 5, np.uint64)])
@settings(deadline=None)  # the first example builds the 16-bit tables (cached for the rest): seconds on a busy machine
@given(data=st.data())
def test_canonical_is_the_smallest_packed_image(rows, cols, dtype, data):
    n = rows * cols
    boards = data.draw(st.lists(st.text("XO.", min_size=n, max_size=n), min_size=1, max_size=20))
    perms = permutations(rows, cols)
    keys = np.array([pack(cells) for cells in boards], dtype=dtype)
    canon = canonical_keys(keys, tables(rows, cols, dtype))
    assert canon.dtype == dtype
    assert canon.tolist() == [min(pack(transform_cells(cells, p)) for p in perms) for cells in boards]


def test_symmetry_tables_of_any_width_give_the_same_canonical_keys():
    keys = np.array([pack(board.cells) for board in reachable_positions()], dtype=np.uint32)
    wide = canonical_keys(keys, tables(3, 3, np.uint32))
    for chunk in (9, 5, 1):
        assert np.array_equal(canonical_keys(keys, symmetry_tables(permutations(3, 3), 9, np.uint32, chunk)), wide)
    with pytest.raises(ValueError, match="chunk must be 1 to 16 bits, not 17"):
        symmetry_tables(permutations(3, 3), 9, np.uint32, 17)

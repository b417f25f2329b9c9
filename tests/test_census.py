"""The NumPy census of reachable positions agrees with walking the boards."""

import pytest

from ttt import Board
from ttt.census import census
from ttt.symmetry import canonical_key
from ttt.table import solved_table
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
    assert result.positions == len(solved_table(rows, cols, k))
    if rows * cols <= 8:
        positions = reachable_positions(Board.empty(rows, cols, k))
        assert result.positions == len(positions)
        assert result.classes == len({canonical_key(b) for b in positions})
        assert result.finished == sum(b.is_over for b in positions)


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

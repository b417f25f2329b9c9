"""Game trees: building, pruning, and the counts notebook 03 states."""

import pytest

from ttt import Board, BoardError
from ttt.tree import (
    LazyNode,
    Node,
    count_leaves,
    count_nodes,
    count_tree,
    edges,
    game_tree,
    height,
    prune,
    reachable_positions,
    walk_counts,
)

EMPTY = Board.empty()


@pytest.fixture(scope="module")
def full_tree():
    return game_tree(EMPTY)


def distinct_nodes(tree):
    """Every node object of a (shared) tree once, found by walking it."""
    found, stack = {}, [tree]
    while stack:
        node = stack.pop()
        if id(node) not in found:
            found[id(node)] = node
            stack.extend(node.children)
    return list(found.values())


def test_the_published_figures_of_the_3x3_tree():
    counts = count_tree(EMPTY)
    assert counts.nodes == 549_946
    assert counts.games == 255_168 == 2**6 * 3**2 * 443
    assert counts.outcomes == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert counts.games_by_length == (0, 0, 0, 0, 0, 1_440, 5_328, 47_952, 72_576, 127_872)
    assert counts.nodes_per_ply == (1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872)
    assert counts.positions == 5_478
    assert counts.unfinished == 4_520
    assert counts.positions_per_ply == (1, 9, 72, 252, 756, 1_260, 1_520, 1_140, 390, 78)
    assert counts.unfinished_per_ply == (1, 9, 72, 252, 756, 1_140, 1_372, 696, 222, 0)


def test_the_first_plies_are_falling_factorials():
    # Nobody can win before move 5, so ply n has 9·8·…·(9-n+1) nodes.
    per_ply = count_tree(EMPTY).nodes_per_ply
    expected = 1
    for ply in range(5):
        assert per_ply[ply] == expected
        expected *= 9 - ply


def test_fast_counts_agree_with_walking_the_whole_tree(full_tree):
    assert walk_counts(full_tree) == count_tree(EMPTY)
    assert count_nodes(full_tree) == 549_946
    assert count_leaves(full_tree) == 255_168
    assert height(full_tree) == 9


def test_equal_subtrees_are_shared(full_tree):
    nodes = distinct_nodes(full_tree)
    assert len(nodes) == 5_478
    assert len({node.board for node in nodes}) == 5_478


def test_every_node_has_the_children_the_rules_give(full_tree):
    for node in distinct_nodes(full_tree):
        assert [child.board for child in node.children] == [child for _, child in node.board.children()]
        assert [move for move, _ in edges(node)] == node.board.legal_moves()
        assert node.value is None
        assert (not node.children) == node.board.is_over


@pytest.mark.parametrize("notation", ["X.O/.X./...", "XO./.../...", ".../.X./O.."])
def test_a_tree_without_sharing_is_equal_to_the_shared_one(notation):
    board = Board.parse(notation)
    unshared = game_tree(board, share=False)
    shared = game_tree(board)
    assert unshared == shared
    assert len(distinct_nodes(unshared)) == count_nodes(unshared) > len(distinct_nodes(shared))


def test_prune_keeps_the_first_levels(full_tree):
    per_ply = count_tree(EMPTY).nodes_per_ply
    for depth in range(7):
        pruned = prune(full_tree, depth)
        assert count_nodes(pruned) == sum(per_ply[: depth + 1])
        assert height(pruned) == depth
    assert prune(full_tree, 9) == full_tree
    assert prune(full_tree, 20) == full_tree
    assert prune(full_tree, 0) == Node(EMPTY)
    with pytest.raises(ValueError, match="depth"):
        prune(full_tree, -1)


def test_a_lazy_tree_grows_only_where_it_is_walked():
    root = game_tree(Board.empty(4, 4, 4), lazy=True)
    assert isinstance(root, LazyNode) and not root.expanded
    pruned = prune(root, 2)
    assert count_nodes(pruned) == 1 + 16 + 16 * 15
    assert root.expanded and all(child.expanded for child in root.children)
    assert not any(grandchild.expanded for child in root.children for grandchild in child.children)
    assert "not made yet" in repr(root.children[0].children[0])


def test_a_lazy_tree_is_the_same_tree(full_tree):
    lazy = game_tree(EMPTY, lazy=True)
    assert prune(lazy, 4) == prune(full_tree, 4)
    position = Board.parse("XO./.X./...")
    assert walk_counts(game_tree(position, lazy=True)) == count_tree(position)


def test_repr_stays_short(full_tree):
    assert repr(full_tree) == "Node('.../.../...', 9 children)"


def test_counts_from_a_later_position():
    board = Board.parse("XO./.X./...")  # X threatens 8 and O must block
    counts = count_tree(board)
    assert counts.nodes_per_ply[:3] == (0, 0, 0) and counts.nodes_per_ply[3] == 1
    assert counts.nodes_per_ply[4] == 6
    assert counts == walk_counts(game_tree(board))
    finished = Board.parse("XXX/OO./...")
    assert count_tree(finished).games == count_tree(finished).nodes == 1
    assert count_tree(finished).outcomes == {"X": 1, "O": 0, "draw": 0}


def test_a_2x2_board_by_hand():
    # With k=2 the first player always wins on move 3: 4·3·2 games, 1+4+12+24 nodes,
    # and 1+4+12+12 positions (the third move only differs in which cell stays empty).
    counts = count_tree(Board.empty(2, 2, 2))
    assert (counts.nodes, counts.games, counts.positions) == (41, 24, 29)
    assert counts.outcomes == {"X": 24, "O": 0, "draw": 0}
    assert counts.games_by_length == (0, 0, 0, 24, 0)


@pytest.mark.parametrize("rows, cols, k", [(1, 3, 2), (2, 3, 2), (3, 2, 2), (2, 3, 3), (3, 3, 2), (2, 4, 2), (1, 4, 1)])
def test_fast_counts_agree_with_walking_on_small_boards(rows, cols, k):
    board = Board.empty(rows, cols, k)
    assert count_tree(board) == walk_counts(game_tree(board)) == walk_counts(game_tree(board, share=False))


def test_a_pruned_tree_counts_its_frontier_as_unfinished(full_tree):
    counts = walk_counts(prune(full_tree, 2))
    assert counts.games == 72 and counts.outcomes["unfinished"] == 72


# ---------------------------------------------------------------------- reachable positions


def walked_positions(board, found=None):
    """The positions a plain recursive walk over ``board.children()`` meets, as a set."""
    found = set() if found is None else found
    found.add(board)
    for _, child in board.children():
        if child not in found:
            walked_positions(child, found)
    return found


def test_reachable_positions_of_the_3x3_board():
    positions = reachable_positions()
    assert len(positions) == 5_478
    assert sum(not b.is_over for b in positions) == 4_520
    assert len(set(positions)) == len(positions)
    assert set(positions) == walked_positions(EMPTY)
    assert positions == sorted(positions, key=lambda b: (b.moves_made, b.cells))
    assert positions[0] == EMPTY and reachable_positions(EMPTY) == positions


@pytest.mark.parametrize("notation", ["XO./.X./...", "XOX/OX./O..", ".../.X./... k=2", "XO../.X../...O k=3"])
def test_reachable_positions_from_other_positions(notation):
    board = Board.parse(notation)
    positions = reachable_positions(board)
    assert set(positions) == walked_positions(board)
    assert positions[0] == board and len(positions) == count_tree(board).positions


def test_reachable_positions_of_a_finished_board_and_bad_input():
    finished = Board.parse("XXX/OO./...")
    assert reachable_positions(finished) == [finished]
    positions = reachable_positions()
    positions.clear()  # the caller's list is its own: the cached answer is untouched
    assert len(reachable_positions()) == 5_478
    with pytest.raises(BoardError, match="needs a Board"):
        reachable_positions("X../.../...")

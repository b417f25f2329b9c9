"""Minimax and negamax by brute force (ttt.minimax): the reference value everywhere, and 549,946 nodes.

The reference is the plain memoised depth-aware negamax of tests/support.py,
written independently of the package's searches.  Each search is run from
each position on its own, with no memo, exactly as a notebook calls it.
"""

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.minimax import best_move, best_moves, minimax, minimax_tree, move_values, negamax, negamax_score
from ttt.pruning import alphabeta, lazy_negamax
from ttt.scores import leaf_score, plies_from_score
from ttt.tree import game_tree, prune
from support import (
    EMPTY,
    UNFINISHED,
    node_of_each_position,
    reference_best_moves,
    reference_score,
    reference_value,
    reference_x_value,
)

FULL_TREE = game_tree(EMPTY)
NODE = node_of_each_position(FULL_TREE)

# Brute force costs seconds per position near the root (549,946 calls from the empty board), so
# the board searches are checked from every position with at least three marks (4,438 of the
# 4,520); the empty board itself is checked in the counting tests, and minimax on trees, the same
# brute force, is checked everywhere.
LATER = [b for b in UNFINISHED if b.moves_made >= 3]


def test_minimax_on_the_tree_agrees_with_the_reference_everywhere():
    assert len(NODE) == 5_478
    assert [b.notation for b in UNFINISHED if minimax(NODE[b]) != reference_x_value(b)] == []


def test_negamax_agrees_with_the_reference():
    assert [b.notation for b in LATER if negamax(b) != reference_value(b)] == []


def test_depth_aware_negamax_gives_the_reference_score():
    assert [b.notation for b in LATER if negamax_score(b) != reference_score(b)] == []
    assert all(negamax(b, leaf=leaf_score) == negamax_score(b) for b in LATER[::50])


def test_finished_boards():
    for notation, x_view, mover_view, score in (
        ("XXX/OO./...", 1, -1, -5),
        ("XX./OOO/X..", -1, -1, -4),
        ("XOX/XOO/OXX", 0, 0, 0),
    ):
        board = Board.parse(notation)
        assert minimax(game_tree(board)) == x_view
        assert negamax(board) == mover_view and negamax_score(board) == score


def test_brute_force_visits_the_whole_tree():
    for search, start in ((negamax, EMPTY), (minimax, FULL_TREE)):
        stats = SearchStats()
        assert search(start, stats) == 0
        assert (stats.nodes, stats.leaves, stats.cutoffs) == (549_946, 255_168, 0)


def test_minimax_tree_labels_every_node():
    labelled = minimax_tree(FULL_TREE)
    stack, seen = [labelled], set()
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            assert node.value == reference_x_value(node.board)
            stack.extend(node.children)
    assert len(seen) == 5_478  # sharing survives the labelling


def test_minimax_on_a_pruned_tree_calls_the_frontier_a_draw():
    board = Board.parse("XX./OO./...")
    assert minimax(prune(game_tree(board), 0)) == 0
    assert minimax(prune(game_tree(board), 1)) == 1


def test_a_custom_maximum_and_minimum_see_every_child_value():
    seen = []

    def maximum(values):
        values = list(values)
        seen.append(("max", values))
        return max(values)

    def minimum(values):
        values = list(values)
        seen.append(("min", values))
        return min(values)

    board = Board.parse("XO./XO./...")  # X to move wins at 6
    assert minimax(game_tree(board), maximum=maximum, minimum=minimum) == 1
    children = [reference_x_value(child) for _, child in board.children()]
    assert seen[-1] == ("max", children) and children[2] == 1  # the root's children, in move order 2, 5, 6, 7, 8
    assert {kind for kind, _ in seen} == {"max", "min"}


def test_best_moves_keep_the_value():
    for board in UNFINISHED[::13]:
        keeping = reference_best_moves(board)
        assert best_moves(board, alphabeta) == keeping
        assert best_move(board, lazy_negamax) == keeping[0]
        if board.moves_made >= 4:
            assert best_moves(board) == keeping  # with plain negamax, the default


def test_depth_aware_best_moves_win_fastest():
    board = Board.parse("XX./.O./O..")  # X wins at once at 2; every other move loses or draws
    assert move_values(board)[2] == 1
    assert best_moves(board, negamax_score) == [2]
    scores = move_values(board, negamax_score)
    assert scores[2] == 5 and plies_from_score(scores[2], 5) == 1  # a win leaving 4 cells empty


@pytest.mark.parametrize("call", [move_values, best_moves, best_move])
def test_no_best_move_on_a_finished_board(call):
    with pytest.raises(BoardError, match=r"^the game is over \(X has won\): no more moves$"):
        call(Board.parse("XXX/OO./..."))

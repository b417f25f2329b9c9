"""Every search gives the value that plain minimax gives, on every unfinished 3×3 position.

The reference is the plain memoised depth-aware negamax of tests/support.py,
written independently of the package's searches; its table for all 5,478
positions takes a fraction of a second.  Each search variant is then run
from each position on its own, with no memo, exactly as a notebook calls it.
"""

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.minimax import (
    best_move,
    best_moves,
    minimax,
    minimax_tree,
    move_values,
    negamax,
    negamax_score,
    plies_from_score,
    value_of,
)
from ttt.pruning import (
    INF,
    ORDERS,
    alphabeta,
    infimum,
    lazy_minimax,
    lazy_negamax,
    order_moves,
    static_order,
    supremum,
    take_until,
    take_until_tree,
)
from ttt.tree import count_leaves, count_nodes, game_tree, prune, reachable_positions
from support import reference_score, reference_value

EMPTY = Board.empty()


def x_value(board):
    """The reference value from X's side, as Hutton's minimax gives it."""
    return reference_value(board) if board.turn == "X" else -reference_value(board)


POSITIONS = reachable_positions(EMPTY)
UNFINISHED = [b for b in POSITIONS if not b.is_over]
FULL_TREE = game_tree(EMPTY)


def subtrees():
    """The node of the shared full tree for each position (each position has exactly one)."""
    found, stack = {}, [FULL_TREE]
    while stack:
        node = stack.pop()
        if node.board not in found:
            found[node.board] = node
            stack.extend(node.children)
    return found


NODE = subtrees()


def test_the_reference_table():
    assert len(POSITIONS) == 5_478 and len(UNFINISHED) == 4_520
    assert reference_value(EMPTY) == 0


# ---------------------------------------------------------------------- every variant, every position

TREE_VARIANTS = {
    "minimax": minimax,
    "lazy_minimax": lazy_minimax,
    "take_until_tree": lambda tree: take_until_tree(tree).value,
}  # minimax_tree labels every node of one tree: see test_minimax_tree_labels_every_node


@pytest.mark.parametrize("name", TREE_VARIANTS)
def test_tree_searches_agree_with_the_reference_everywhere(name):
    search = TREE_VARIANTS[name]
    wrong = [b.notation for b in UNFINISHED if search(NODE[b]) != x_value(b)]
    assert wrong == []


def alphabeta_variant(soft, order, window):
    return lambda board: alphabeta(board, *window, soft=soft, order=order)


BOARD_VARIANTS = {"lazy_negamax": lazy_negamax}
BOARD_VARIANTS.update(
    (f"alphabeta-{'soft' if soft else 'hard'}-{order}-{label}", alphabeta_variant(soft, order, window))
    for soft in (False, True)
    for order in ORDERS
    for label, window in (("(-inf,inf)", (-INF, INF)), ("[-1,1]", (-1, 1)))
)


@pytest.mark.parametrize("name", BOARD_VARIANTS)
def test_board_searches_agree_with_the_reference_everywhere(name):
    search = BOARD_VARIANTS[name]
    wrong = [b.notation for b in UNFINISHED if search(b) != reference_value(b)]
    assert wrong == []


# Brute force costs seconds per position near the root (549,946 calls from the empty board), so
# the plain board searches, and the strict-cut-off bug that prunes little, are checked from every
# position with at least three marks (4,438 of the 4,520); the empty board itself is checked in
# the counting tests below, and minimax on trees, the same brute force, is checked everywhere.
LATER = [b for b in UNFINISHED if b.moves_made >= 3]


def test_negamax_agrees_with_the_reference():
    wrong = [b.notation for b in LATER if negamax(b) != reference_value(b)]
    assert wrong == []


def test_depth_aware_negamax_gives_the_reference_score():
    wrong = [b.notation for b in LATER if negamax_score(b) != reference_score(b)]
    assert wrong == []


def test_the_strict_bug_prunes_less_but_is_still_right():
    for board in LATER:
        assert alphabeta(board, soft=True, strict=True) == reference_value(board), board.notation


def test_the_strict_bug_in_fail_hard_form_prunes_nothing_but_is_still_right():
    for board in (b for b in UNFINISHED if b.moves_made >= 5):
        assert alphabeta(board, strict=True) == reference_value(board)
    board = Board.parse("XO./.../...")
    brute, strict = SearchStats(), SearchStats()
    negamax(board, brute)
    alphabeta(board, strict=True, stats=strict)
    assert strict.nodes == brute.nodes and strict.cutoffs == 0


def test_finished_boards():
    for notation, x_view, mover_view in (("XXX/OO./...", 1, -1), ("XX./OOO/X..", -1, -1), ("XOX/XOO/OXX", 0, 0)):
        board = Board.parse(notation)
        assert minimax(game_tree(board)) == lazy_minimax(game_tree(board)) == x_view
        assert negamax(board) == lazy_negamax(board) == mover_view
        for soft in (False, True):
            assert alphabeta(board, soft=soft) == mover_view


# ---------------------------------------------------------------------- windows


# In a null window (nothing lies strictly between its ends) the values -1, 0 and +1 fall at or
# beyond both ends, so answers of both kinds, "at most" and "at least", are checked.
def test_fail_hard_clips_the_true_value_to_the_window():
    low, high = -1, 0
    for board in UNFINISHED:
        assert alphabeta(board, low, high) == min(max(reference_value(board), low), high), board.notation


def test_fail_soft_returns_a_bound_on_the_true_value():
    low, high = 0, 1
    for board in UNFINISHED:
        result, true = alphabeta(board, low, high, soft=True), reference_value(board)
        if result <= low:
            assert true <= result, board.notation
        elif result >= high:
            assert true >= result, board.notation
        else:
            assert true == result, board.notation


def test_an_empty_window_is_refused():
    with pytest.raises(ValueError, match="alpha < beta"):
        alphabeta(EMPTY, 0, 0)


# ---------------------------------------------------------------------- the published counts


def counted(search, *args, **kwargs):
    stats = SearchStats()
    value = search(*args, stats=stats, **kwargs)
    return value, stats


def test_brute_force_visits_the_whole_tree():
    value, stats = counted(negamax, EMPTY)
    assert (value, stats.nodes, stats.leaves) == (0, 549_946, 255_168)
    value, stats = counted(minimax, FULL_TREE)
    assert (value, stats.nodes, stats.leaves) == (0, 549_946, 255_168)


def test_alpha_beta_node_counts():
    for soft in (False, True):
        assert counted(alphabeta, EMPTY, soft=soft)[1].nodes == 18_297
        assert counted(alphabeta, EMPTY, -1, 1, soft=soft)[1].nodes == 16_811
    assert counted(alphabeta, EMPTY, soft=True, strict=True)[1].nodes == 146_120
    assert counted(alphabeta, EMPTY, -1, 1, soft=True, strict=True)[1].nodes == 146_120


def test_take_until_a_win_keeps_38856_games():
    pruned = take_until_tree(FULL_TREE)
    assert pruned.value == 0
    assert count_leaves(pruned) == 38_856
    assert 255_168 // count_leaves(pruned) == 6  # "6 times smaller", as the handout says
    # The lazy searches look at exactly the positions that the pruned tree keeps.
    for search, start in ((lazy_minimax, FULL_TREE), (lazy_negamax, EMPTY)):
        value, stats = counted(search, start)
        assert (value, stats.nodes, stats.leaves) == (0, count_nodes(pruned), 38_856)


def test_a_lazy_tree_is_built_only_where_the_lazy_search_looks():
    board = Board.parse("X../.../...")
    lazy = game_tree(board, lazy=True)
    assert counted(lazy_minimax, lazy) == counted(lazy_minimax, NODE[board])
    stack, built = [lazy], 0
    while stack:
        node = stack.pop()
        built += 1
        if node.expanded:
            stack.extend(node.children)
    assert built < count_nodes(NODE[board]) // 3


def test_counting_does_not_change_the_answer():
    board = Board.parse("X../.O./..X")
    for order in ORDERS:
        assert counted(alphabeta, board, order=order)[0] == alphabeta(board, order=order)
    stats = SearchStats()
    alphabeta(board, stats=stats)
    first = stats.as_dict()
    alphabeta(board, stats=stats)
    assert stats.nodes == 2 * first["nodes"] and stats.cutoffs == 2 * first["cutoffs"] > 0
    stats.reset()
    assert stats.as_dict() == {"nodes": 0, "leaves": 0, "cutoffs": 0}


def test_better_move_orders_search_fewer_nodes():
    for window, expected in (
        ((-INF, INF), {"index": 18_297, "static": 7_275, "threats": 6_435, "threats+static": 2_096}),
        ((-1, 1), {"index": 16_811, "static": 6_323, "threats": 5_145, "threats+static": 1_942}),
    ):
        for soft in (False, True):
            nodes = {order: counted(alphabeta, EMPTY, *window, soft=soft, order=order)[1].nodes for order in ORDERS}
            assert nodes == expected  # the figures in the docstring of ttt.pruning


# ---------------------------------------------------------------------- the pieces


def test_supremum_and_infimum_stop_at_the_best_possible_value():
    seen = []

    def values(items):
        for item in items:
            seen.append(item)
            yield item

    assert supremum(values([0, -1, 1, 0, 0])) == 1 and seen == [0, -1, 1]
    seen.clear()
    assert infimum(values([0, 1, -1, 1])) == -1 and seen == [0, 1, -1]
    assert supremum([-1, 0, -1]) == 0 and infimum([1, 0, 1]) == 0
    with pytest.raises(ValueError):
        supremum([])
    with pytest.raises(ValueError):
        infimum(iter([]))


def test_take_until_includes_the_first_match():
    assert list(take_until(lambda n: n > 2, [1, 2, 3, 4, 5])) == [1, 2, 3]
    assert list(take_until(lambda n: n > 9, [1, 2])) == [1, 2]
    assert list(take_until(lambda n: True, [])) == []


def test_take_until_tree_drops_the_children_after_a_win():
    board = Board.parse("XX./OO./...")  # X wins at 2, the first legal move
    pruned = take_until_tree(game_tree(board))
    assert pruned.value == 1 and len(pruned.children) == 1
    assert pruned.children[0].board == board.play(2)


def test_minimax_tree_labels_every_node():
    labelled = minimax_tree(FULL_TREE)
    stack, seen = [labelled], set()
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            assert node.value == x_value(node.board)
            stack.extend(node.children)
    assert len(seen) == 5_478  # sharing survives the labelling


def test_minimax_on_a_pruned_tree_calls_the_frontier_a_draw():
    board = Board.parse("XX./OO./...")
    assert minimax(prune(game_tree(board), 0)) == 0
    assert minimax(prune(game_tree(board), 1)) == 1


def test_move_orders():
    assert static_order(EMPTY) == (4, 0, 2, 6, 8, 1, 3, 5, 7)
    assert static_order(Board.empty(3, 4, 3))[:2] == (5, 6)  # the two middle cells lie on most lines
    board = Board.parse("XO./.O./X..")  # X to move: 3 wins, 7 blocks O
    assert order_moves(board, "threats") == [3, 7, 2, 5, 8]
    assert order_moves(board, "threats+static") == [3, 7, 2, 8, 5]
    assert order_moves(board, "static") == [2, 8, 3, 5, 7]
    assert order_moves(board, "index") == board.legal_moves()
    assert order_moves(board, lambda b: sorted(b.legal_moves(), reverse=True)) == [8, 7, 5, 3, 2]
    for position in UNFINISHED[::50]:
        for order in ORDERS:
            assert sorted(order_moves(position, order)) == position.legal_moves()
    with pytest.raises(ValueError, match="unknown move order"):
        order_moves(board, "random")
    with pytest.raises(ValueError, match="unknown move order"):
        alphabeta(board, order=["index"])


def test_best_moves_keep_the_value():
    for board in UNFINISHED[::13]:
        value = reference_value(board)
        keeping = [cell for cell, child in board.children() if -reference_value(child) == value]
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
    with pytest.raises(BoardError, match="over"):
        best_moves(Board.parse("XXX/OO./..."))


def test_scores_and_plies():
    assert [value_of(s) for s in (-3, 0, 5)] == [-1, 0, 1]
    assert plies_from_score(0, 7) == 7
    assert plies_from_score(9, 9) == 1  # win with the move just made: 8 cells stay empty
    assert plies_from_score(-8, 9) == 2


class _Watcher:
    """Records the observer calls of alphabeta, checking that they nest."""

    def __init__(self):
        self.depth = self.enters = self.leaves = self.pruned = 0

    def enter(self, board, move, alpha, beta):
        self.depth += 1
        self.enters += 1

    def leave(self, value, pruned):
        self.depth -= 1
        self.leaves += 1
        self.pruned += len(pruned)
        assert self.depth >= 0


@pytest.mark.parametrize("soft", [False, True])
def test_an_observer_only_watches_alphabeta(soft):
    plain, watched, watcher = SearchStats(), SearchStats(), _Watcher()
    value = alphabeta(Board.empty(), soft=soft, stats=plain)
    assert alphabeta(Board.empty(), soft=soft, stats=watched, observer=watcher) == value
    assert plain == watched  # same nodes, leaves and cut-offs with or without it
    assert watcher.enters == watcher.leaves == plain.nodes == 18_297 and watcher.depth == 0
    assert watcher.pruned > 0

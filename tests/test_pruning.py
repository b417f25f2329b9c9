"""Pruning (ttt.pruning): lazy search, take-until-a-win and alpha-beta give the reference value, with the published counts.

The reference is the plain memoised depth-aware negamax of tests/support.py.
Each search is run from each position on its own, with no memo (and a fresh
table where it takes one), exactly as a notebook calls it.
"""

import random

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.minimax import negamax
from ttt.pruning import (
    ORDERS,
    AlphaBeta,
    FailSoft,
    alphabeta,
    alphabeta_move,
    infimum,
    lazy_minimax,
    lazy_negamax,
    order_moves,
    static_order,
    supremum,
    take_until,
    take_until_tree,
    threats_first,
    observed,
    with_table,
)
from ttt.bitboard import layout
from ttt.scores import EXACT, INF, LOWER, UPPER
from ttt.tree import count_leaves, count_nodes, game_tree
from support import (
    EMPTY,
    UNFINISHED,
    node_of_each_position,
    random_position,
    reference_best_moves,
    reference_value,
    reference_x_value,
)

FULL_TREE = game_tree(EMPTY)
NODE = node_of_each_position(FULL_TREE)
LATER = [b for b in UNFINISHED if b.moves_made >= 3]  # where the strict bug's slow search is affordable


def counted(search, *args, **kwargs):
    stats = SearchStats()
    value = search(*args, stats=stats, **kwargs)
    return value, stats


# ---------------------------------------------------------------------- every variant, every position

TREE_VARIANTS = {
    "lazy_minimax": lazy_minimax,
    "take_until_tree": lambda tree: take_until_tree(tree).value,
}


@pytest.mark.parametrize("name", TREE_VARIANTS)
def test_tree_searches_agree_with_the_reference_everywhere(name):
    search = TREE_VARIANTS[name]
    assert [b.notation for b in UNFINISHED if search(NODE[b]) != reference_x_value(b)] == []


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
    assert [b.notation for b in UNFINISHED if search(b) != reference_value(b)] == []


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
        assert lazy_minimax(game_tree(board)) == x_view
        assert lazy_negamax(board) == mover_view
        for soft in (False, True):
            assert alphabeta(board, soft=soft) == alphabeta(board, soft=soft, table={}) == mover_view


# ---------------------------------------------------------------------- windows


# In a null window (nothing lies strictly between its ends) the values -1, 0 and +1 fall at or
# beyond both ends, so answers of both kinds, "at most" and "at least", are checked.
def test_fail_hard_clips_the_true_value_to_the_window():
    low, high = -1, 0
    for board in UNFINISHED:
        assert alphabeta(board, low, high) == min(max(reference_value(board), low), high), board.notation


def assert_bound(result, true, low, high, where):
    """What a fail-soft result says about the true value: at most, at least, or exactly it."""
    if result <= low:
        assert true <= result, where
    elif result >= high:
        assert true >= result, where
    else:
        assert true == result, where


def test_fail_soft_returns_a_bound_on_the_true_value():
    low, high = 0, 1
    for board in UNFINISHED:
        assert_bound(alphabeta(board, low, high, soft=True), reference_value(board), low, high, board.notation)


def test_an_empty_window_is_refused():
    for window in ((0, 0), (1, -1)):
        with pytest.raises(ValueError, match="alpha < beta"):
            alphabeta(EMPTY, *window)
        with pytest.raises(ValueError, match="alpha < beta"):
            alphabeta(EMPTY, *window, table={})


# ---------------------------------------------------------------------- the published counts


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
    for search, start in ((lazy_minimax, FULL_TREE), (lazy_negamax, EMPTY), (take_until_tree, FULL_TREE)):
        value, stats = counted(search, start)
        assert (stats.nodes, stats.leaves) == (count_nodes(pruned), 38_856) == (94_978, 38_856)


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
    for table in (None, {}):
        assert counted(alphabeta, board, table=table)[0] == alphabeta(board, table=table)


def test_better_move_orders_search_fewer_nodes():
    for window, expected in (
        ((-INF, INF), {"index": 18_297, "static": 7_275, "threats": 6_435, "threats+static": 2_096}),
        ((-1, 1), {"index": 16_811, "static": 6_323, "threats": 5_145, "threats+static": 1_942}),
    ):
        for soft in (False, True):
            nodes = {order: counted(alphabeta, EMPTY, *window, soft=soft, order=order)[1].nodes for order in ORDERS}
            assert nodes == expected  # the figures in the docstring of ttt.pruning


def test_leaves_and_cutoffs_of_the_plain_search():
    _, stats = counted(alphabeta, EMPTY)
    assert (stats.nodes, stats.leaves, stats.hits, stats.table_size) == (18_297, 7_330, 0, 0)
    _, stats = counted(alphabeta, EMPTY, -1, 1)
    assert (stats.nodes, stats.leaves) == (16_811, 6_740)
    _, stats = counted(alphabeta, EMPTY, order="static")
    assert (stats.nodes, stats.leaves) == (7_275, 2_893)
    _, stats = counted(alphabeta, EMPTY, order="threats+static")
    assert (stats.nodes, stats.leaves) == (2_096, 750)


# ---------------------------------------------------------------------- alpha-beta with a table (notebook 06)


def test_the_bound_table_counts_4839_calls_and_2511_entries():
    table = {}
    value, stats = counted(alphabeta, EMPTY, table=table)
    assert value == 0
    assert stats == SearchStats(nodes=4_839, leaves=517, cutoffs=1_194, hits=2_092, table_size=2_511)
    assert len(table) == 2_511


def test_the_bound_table_gives_the_right_value_and_a_right_move_everywhere():
    for board in UNFINISHED:
        value, move = alphabeta_move(board)
        assert value == reference_value(board) and move in reference_best_moves(board), board.notation
    for board in UNFINISHED[::7]:
        assert alphabeta(board, table={}) == alphabeta(board, -1, 1, table={}) == reference_value(board)


def test_the_naive_cache_goes_wrong_and_the_bound_table_does_not():
    """Storing a cut-off result as if it were exact gives wrong values and moves."""
    wrong_values = wrong_moves = 0
    for board in UNFINISHED:
        value, move = alphabeta_move(board, bounds=False)
        wrong_values += value != reference_value(board)
        wrong_moves += move not in reference_best_moves(board)
    assert wrong_values > 0 and wrong_moves > 0
    board = Board.parse("XXO/O../X.O")  # a draw: X must block at 5
    assert (reference_value(board), reference_best_moves(board)) == (0, [5])
    assert alphabeta_move(board, bounds=False) == (-1, 4)
    assert alphabeta_move(board) == (0, 5)


WINDOWS = [(-INF, INF), (-1, 1), (-1, 0), (0, 1), (-0.5, 0.5), (-2, -1), (1, 2)]


def check_entries(table):
    """Every (bound, value) entry is true of its position's reference value."""
    for entry_board, (flag, bound) in table.items():
        true = reference_value(entry_board)
        assert {EXACT: true == bound, LOWER: true >= bound, UPPER: true <= bound}[flag], entry_board.notation


@pytest.mark.parametrize("soft", [False, True], ids=["hard", "soft"])
def test_one_bound_table_serves_every_window(soft):
    """The real test of the flags: a table filled under one window answers questions asked under others."""
    rng = random.Random(1)
    for board in rng.sample(UNFINISHED, 300):
        table, true = {}, reference_value(board)
        for alpha, beta in rng.sample(WINDOWS, len(WINDOWS)) * 2:
            result = alphabeta(board, alpha, beta, soft=soft, table=table)
            if soft:
                assert_bound(result, true, alpha, beta, board.notation)
            else:
                assert result == min(max(true, alpha), beta)
        check_entries(table)


def test_fail_soft_with_a_table_is_exact_in_a_window_that_holds_the_value():
    for board in UNFINISHED[::3]:
        for window in ((-INF, INF), (-1, 1), (-2, 2)):
            assert alphabeta(board, *window, soft=True, table={}) == reference_value(board), board.notation


def test_alphabeta_move_counts_and_shares_its_table():
    table = {}
    value, stats = counted(alphabeta_move, EMPTY, table=table)
    assert value == (0, 0) and (stats.nodes, stats.table_size) == (4_838, 2_510) == (stats.nodes, len(table))
    again = SearchStats()
    assert alphabeta_move(EMPTY, table=table, stats=again) == (0, 0)
    assert again.nodes < stats.nodes and again.hits > 0  # the second question reuses the first one's table


def test_counting_does_not_change_the_answers_with_a_table():
    for board in UNFINISHED[::50]:
        assert alphabeta(board, table={}, stats=SearchStats()) == alphabeta(board, table={}, stats=None)


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


def test_move_orders():
    assert tuple(ORDERS) == ("index", "static", "threats", "threats+static")
    assert static_order(EMPTY) == (4, 0, 2, 6, 8, 1, 3, 5, 7)
    assert static_order(Board.empty(3, 4, 3))[:2] == (5, 6)  # the two middle cells lie on most lines
    board = Board.parse("XO./.O./X..")  # X to move: 3 wins, 7 blocks O
    assert order_moves(board, "threats") == [3, 7, 2, 5, 8]
    assert order_moves(board, "threats+static") == [3, 7, 2, 8, 5]
    assert order_moves(board, "static") == [2, 8, 3, 5, 7]
    assert order_moves(board, "index") == order_moves(board) == board.legal_moves()
    assert order_moves(board, lambda b: sorted(b.legal_moves(), reverse=True)) == [8, 7, 5, 3, 2]
    for position in UNFINISHED[::50]:
        for order in ORDERS:
            assert sorted(order_moves(position, order)) == position.legal_moves()
    with pytest.raises(ValueError, match="unknown move order"):
        order_moves(board, "random")
    with pytest.raises(ValueError, match="unknown move order"):
        alphabeta(board, order=["index"])


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


# ---------------------------------------------------------------------- the pieces, put together by hand


def test_alphabeta_only_puts_the_pieces_together():
    """The search is AlphaBeta.value (FailSoft for soft); the table and the observer wrap it, in that order."""
    board = Board.parse("X../.O./...")
    for soft, kind in ((False, AlphaBeta), (True, FailSoft)):
        for window in ((-INF, INF), (-1, 1), (0, 1)):
            facade, by_hand = SearchStats(), SearchStats()
            facade_table, hand_table, watcher = {}, {}, _Watcher()
            expected = alphabeta(board, *window, soft=soft, stats=facade, table=facade_table, observer=_Watcher())
            search = observed(with_table(kind(stats=by_hand), hand_table), watcher)
            assert search.search(board, *window) == expected
            by_hand.table_size = len(hand_table)
            assert by_hand == facade and hand_table == facade_table and watcher.enters == by_hand.nodes


def test_a_variant_changes_one_step_and_nothing_else():
    """A subclass that overrides one step (here the cut-off test, the `>` slip) is that variant, whole."""

    class Strict(FailSoft):
        def cuts(self, best, beta):
            return best > beta

    for board in LATER[::7]:
        by_hand, facade = SearchStats(), SearchStats()
        for window in ((-INF, INF), (-1, 0)):
            assert (Strict(stats=by_hand).search(board, *window)
                    == alphabeta(board, *window, soft=True, strict=True, stats=facade)), board.notation
        assert by_hand == facade


def test_no_move_on_a_finished_board():
    with pytest.raises(BoardError, match=r"^the game is over \(it is a draw\): no more moves$"):
        alphabeta_move(Board.parse("XOX/XOO/OXX"))


# ---------------------------------------------------------------------- notebook 06: the package is the notebook's search
# Notebook 06 writes the naive cache and the bound table by hand and says that the package's
# alphabeta_move(bounds=False) and alphabeta_move() are those searches; these are its checks, moved here.


def _naive_cache(board, alpha, beta, table):
    """Notebook 06's alphabeta_naive_cache: a result stored by position alone, whatever the window."""
    if board in table:
        return table[board]
    if board.is_over:
        result = min(max(-1 if board.winner else 0, alpha), beta)
    else:
        for cell in board.legal_moves():
            alpha = max(alpha, -_naive_cache(board.child(cell), -beta, -alpha, table))
            if alpha >= beta:
                break
        result = alpha
    table[board] = result
    return result


def _bounds(board, alpha, beta, table):
    """Notebook 06's alphabeta_bounds: (flag, value) entries, used only where they settle the question."""
    entry = table.get(board)
    if entry is not None:
        flag, stored = entry
        if flag == "exact" or (flag == "lower" and stored >= beta) or (flag == "upper" and stored <= alpha):
            return min(max(stored, alpha), beta)
        if flag == "lower":
            alpha = max(alpha, stored)
        else:
            beta = min(beta, stored)
    if board.is_over:
        value = -1 if board.winner else 0
        table[board] = ("exact", value)
        return min(max(value, alpha), beta)
    start = alpha
    for cell in board.legal_moves():
        alpha = max(alpha, -_bounds(board.child(cell), -beta, -alpha, table))
        if alpha >= beta:
            break
    table[board] = ("upper" if alpha <= start else "lower" if alpha >= beta else "exact", alpha)
    return alpha


def _root_search(board, search):
    """Notebook 06's root_search: the first move, in cell order, with the best value the search reports."""
    table, alpha, best = {}, -INF, None
    for cell in board.legal_moves():
        value = -search(board.child(cell), -INF, -alpha, table)
        if value > alpha:
            alpha, best = value, cell
    return alpha, best


def test_the_package_makes_the_naive_cache_s_mistakes_position_for_position():
    wrong_values = 0
    for board in UNFINISHED:
        found = alphabeta_move(board, bounds=False)
        assert found == _root_search(board, _naive_cache), board.notation
        wrong_values += found[0] != reference_value(board)
    assert wrong_values == 328


def test_the_package_s_bound_table_is_the_notebook_s_search_position_for_position():
    for board in UNFINISHED:
        assert alphabeta_move(board) == _root_search(board, _bounds), board.notation


def cells_of(bits: int) -> set[int]:
    return {cell for cell in range(bits.bit_length()) if bits >> cell & 1}


def test_threats_first_agrees_with_the_bitboard_threats_of_the_engines():
    """The engines' threat rules (bitboards) and threats_first (boards) see the same wins and blocks."""
    rng = random.Random(31)
    boards = list(UNFINISHED) + [random_position(4, 4, 3, rng.randrange(2, 11), rng) for _ in range(300)]
    blocked = 0
    for board in boards:
        if board.is_over:
            continue
        lay = layout(board.rows, board.cols, board.k)
        my_threats, their_threats, _, _ = lay.threats(*lay.sides(board)[:2])
        wins, blocks = cells_of(my_threats), cells_of(their_threats) - cells_of(my_threats)
        moves = board.legal_moves()
        ordered = threats_first(board, moves)
        rest = [cell for cell in moves if cell not in wins | blocks]
        assert set(ordered[:len(wins)]) == wins, board
        assert set(ordered[len(wins):len(wins) + len(blocks)]) == blocks, board
        assert ordered[len(wins) + len(blocks):] == rest, board
        blocked += bool(blocks)
    assert blocked > 500   # the positions do test the blocks, not only the rest


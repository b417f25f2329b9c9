"""The trace of an alpha-beta search is that search, written down.

The reference for node counts and visiting order is :func:`ttt.pruning.alphabeta`
itself (its ``order`` argument takes a function, which lets a test watch
every position it expands); the reference for values is the plain memoised
negamax of tests/support.py.
"""

import pytest

from ttt import Board
from ttt.instrument import SearchStats
from ttt.pruning import ORDERS, alphabeta, order_moves
from ttt.scores import EXACT, INF, LOWER, UPPER, Bound
from ttt.trace import TraceNode, explain, format_trace, format_value, format_window, trace_alphabeta
from support import EMPTY, UNFINISHED, reference_value

WINDOWS = {"full": (-INF, INF), "[-1,1]": (-1, 1)}
LATER = [b for b in UNFINISHED if b.moves_made >= 3]


def expanded_by_alphabeta(board, alpha, beta, order, **kwargs):
    """The positions whose moves ``alphabeta`` asked for, in order, and its counters."""
    expanded, stats = [], SearchStats()

    def watching(position):
        expanded.append(position)
        return order_moves(position, order)

    value = alphabeta(board, alpha, beta, order=watching, stats=stats, **kwargs)
    return value, expanded, stats


def check_same_search(board, alpha, beta, order, **kwargs):
    trace = trace_alphabeta(board, alpha, beta, order=order, **kwargs)
    value, expanded, stats = expanded_by_alphabeta(board, alpha, beta, order, **kwargs)
    assert trace.value == value
    assert trace.stats() == stats
    assert [node.board for node in trace.walk() if not node.is_leaf] == expanded
    return trace


# ---------------------------------------------------------------------- the same search


@pytest.mark.parametrize("soft", [False, True], ids=["hard", "soft"])
@pytest.mark.parametrize("window", WINDOWS, ids=list(WINDOWS))
@pytest.mark.parametrize("order", ORDERS)
def test_from_the_empty_board_the_trace_is_the_search(order, window, soft):
    trace = check_same_search(EMPTY, *WINDOWS[window], order, soft=soft)
    assert trace.value == 0
    assert trace.stats().nodes == sum(1 for _ in trace.walk())


def test_the_trace_counts_the_published_figures():
    assert trace_alphabeta(EMPTY).stats().nodes == 18_297
    assert trace_alphabeta(EMPTY, -1, 1).stats().nodes == 16_811


@pytest.mark.parametrize("soft", [False, True], ids=["hard", "soft"])
def test_every_later_position_is_searched_alike(soft):
    for board in LATER[::7]:
        for window in WINDOWS.values():
            check_same_search(board, *window, "index", soft=soft)
        check_same_search(board, 0, 1, "threats+static", soft=soft)  # a null window: bounds everywhere


def test_the_strict_bug_is_traced_too():
    board = Board.parse("X../.O./...")
    soft = check_same_search(board, -INF, INF, "index", soft=True, strict=True)
    hard = check_same_search(board, -INF, INF, "index", strict=True)
    assert hard.pruned_count() == 0 < soft.pruned_count()


def test_the_kind_of_a_value_is_a_bound_of_ttt_scores():
    trace = trace_alphabeta(Board.parse("O.O/X../..X"), -1, 1)
    kinds = {node.kind for node in trace.walk()}
    assert kinds == {EXACT, LOWER, UPPER} and all(type(kind) is Bound for kind in kinds)
    assert trace.kind == EXACT and str(trace.follow([1, 5]).kind) == "lower bound"


# ---------------------------------------------------------------------- what each node records


def walk_checking_windows(trace: TraceNode, strict=False):
    """Replay every node's loop from its recorded children and check what the trace says about it."""
    for node in trace.walk():
        legal = node.board.legal_moves()
        searched = [child.move for child in node.children]
        assert node.order == tuple(order_moves(node.board, "index"))
        assert sorted(searched + list(node.pruned)) == legal
        assert not set(searched) & set(node.pruned)
        assert node.pruned == node.order[len(searched):]  # pruned = exactly the moves not searched
        if node.is_leaf:
            assert node.children == () and node.pruned == ()
            continue
        alpha = node.alpha
        for i, child in enumerate(node.children):
            assert (child.alpha, child.beta) == (-node.beta, -alpha)  # the window handed down
            assert child.board == node.board.play(child.move)
            alpha = max(alpha, -child.value)
            reached = alpha > node.beta if strict else alpha >= node.beta
            last = i == len(node.children) - 1
            assert not reached or last  # the search stops at the first move that reaches beta
        assert node.cutoff == (bool(node.pruned)) == (reached and len(searched) < len(legal))


@pytest.mark.parametrize("notation", ["O.O/X../..X", "XO./.X./.XO", "X../.O./...", "X../.../..."])
@pytest.mark.parametrize("window", WINDOWS, ids=list(WINDOWS))
def test_pruned_children_are_exactly_those_not_searched(notation, window):
    for soft in (False, True):
        walk_checking_windows(trace_alphabeta(Board.parse(notation), *WINDOWS[window], soft=soft))


@pytest.mark.parametrize("soft", [False, True], ids=["hard", "soft"])
@pytest.mark.parametrize("window", [(-INF, INF), (-1, 1), (0, 1), (-1, 0)], ids=str)
def test_values_agree_with_negamax(window, soft):
    for board in LATER[::11] + [Board.parse("X../.../...")]:
        trace = trace_alphabeta(board, *window, soft=soft)
        for node in trace.walk():
            true = reference_value(node.board)
            if node.kind == EXACT:
                assert node.value == true
            elif node.kind == UPPER:
                assert true <= node.value
            else:
                assert true >= node.value
            if not soft:
                assert node.value == min(max(true, node.alpha), node.beta)  # fail-hard clips
        if window[0] < -1 and window[1] > 1 or window == (-1, 1):
            assert trace.value == reference_value(board)


def test_every_subtree_is_the_search_from_its_own_window():
    trace = trace_alphabeta(Board.parse("X../.O./..."), soft=True)
    for node in list(trace.walk())[::5]:
        assert node.value == alphabeta(node.board, node.alpha, node.beta, soft=True)


def test_a_finished_board_is_one_leaf():
    board = Board.parse("XXX/OO./...")
    trace = trace_alphabeta(board)
    assert trace.is_leaf and trace.value == -1 and trace.stats() == SearchStats(1, 1, 0)
    assert trace_alphabeta(board, 0, 1).value == 0  # fail-hard: clipped to alpha
    assert trace_alphabeta(board, 0, 1, soft=True).value == -1


def test_navigation_and_bad_arguments():
    trace = trace_alphabeta(Board.parse("O.O/X../..X"), -1, 1)
    node = trace.follow([4])
    assert node.move == 4 and node.board == Board.parse("O.O/XX./..X")
    assert [move for move, _ in node.pruned_boards()] == list(node.pruned)
    with pytest.raises(KeyError, match="pruned"):
        node.child(node.pruned[0])
    with pytest.raises(KeyError, match="not a legal move"):
        node.child(0)
    with pytest.raises(ValueError, match="alpha < beta"):
        trace_alphabeta(EMPTY, 1, 1)
    with pytest.raises(ValueError, match="unknown move order"):
        trace_alphabeta(EMPTY, order="best")


# ---------------------------------------------------------------------- words


def test_text_says_what_the_trace_holds():
    trace = trace_alphabeta(Board.parse("O.O/X../..X"), -1, 1)
    text = format_trace(trace)
    assert len(text.splitlines()) == trace.stats().nodes + sum(1 for n in trace.walk() if n.pruned)
    assert text.splitlines()[0] == "root: window (-1, 1) -> 0, X to move"
    short = format_trace(trace, max_depth=1)
    assert "more nodes" in short and len(short.splitlines()) < len(text.splitlines())
    assert [format_value(v) for v in (-INF, -1, 0, 1.0, INF, 0.5)] == ["-∞", "-1", "0", "1", "∞", "0.5"]
    assert format_window(-INF, 1) == "(-∞, 1)"


def test_explanations_name_the_cutoff_and_its_reason():
    trace = trace_alphabeta(Board.parse("O.O/X../..X"), -1, 1)
    for node in trace.walk():
        words = explain(node)
        if node.cutoff:
            assert f"β = {format_value(node.beta)}" in words and "never searched" in words
            assert all(str(move) in words for move in node.pruned)
        elif node.is_leaf:
            assert words.startswith("Game over")
        else:
            assert "never searched" not in words

"""Memoised searches (ttt.memo): right on every position, and the published counts.

The reference is the plain memoised negamax of tests/support.py, written
independently of the package's searches: ``reference_value`` is the sign of its
depth-aware score, that is the value (+1 / 0 / -1) of every position for the
side to move.  Each search is run from each of the 4,520 unfinished
positions on its own, with a fresh table, exactly as a notebook calls it.
Alpha-beta with a table (``ttt.pruning.alphabeta(table=...)``) is tested in
test_pruning.py, the players of notebook 06 in test_players.py.
"""

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.memo import KnowledgeBase, cached_negamax, negamax_kb, negamax_memo, reaches, shortcut_move
from ttt.pruning import alphabeta
from support import EMPTY, POSITIONS, UNFINISHED, reference_best_moves, reference_value


# ---------------------------------------------------------------------- right everywhere


def test_a_dict_table_is_right_everywhere():
    table = {}
    negamax_memo(EMPTY, table)  # one table from the root holds every position
    assert set(table) == set(POSITIONS)
    assert [b.notation for b, v in table.items() if v != reference_value(b)] == []
    # and each position on its own, with a fresh table
    assert [b.notation for b in UNFINISHED if negamax_memo(b) != reference_value(b)] == []


def test_functools_cache_is_right_everywhere():
    value = cached_negamax()
    value(EMPTY)
    assert [b.notation for b in POSITIONS if value(b) != reference_value(b)] == []
    assert value.cache_info().currsize == 5478  # every question was answered from the root's cache
    assert [b.notation for b in UNFINISHED[::7] if cached_negamax()(b) != reference_value(b)] == []


def test_the_knowledge_base_is_right_everywhere():
    _, kb = negamax_kb(EMPTY)
    assert set(kb) == set(POSITIONS)
    assert [b.notation for b in POSITIONS if kb[b] != reference_value(b)] == []
    assert [b.notation for b in UNFINISHED[::7] if negamax_kb(b)[0] != reference_value(b)] == []


# ---------------------------------------------------------------------- the counts


def test_a_dict_table_16168_calls_and_5478_entries():
    stats, table = SearchStats(), {}
    assert negamax_memo(EMPTY, table, stats) == 0
    assert (stats.nodes, len(table), stats.leaves, stats.hits) == (16168, 5478, 958, 16168 - 5478)
    assert stats.table_size == 5478 and stats.cutoffs == 0
    # The calls are the root plus one per edge out of the 4,520 unfinished positions.
    assert stats.nodes == 1 + sum(len(b.legal_moves()) for b in UNFINISHED)
    # The Ruby post's 5,477 leaves out the root.
    assert len([b for b in table if b != EMPTY]) == 5477


def test_functools_cache_counts_the_same():
    value = cached_negamax()
    assert value(EMPTY) == 0
    info = value.cache_info()
    assert (info.hits + info.misses, info.currsize, info.misses) == (16168, 5478, 5478)
    value(EMPTY)  # asked again: answered from the cache
    assert value.cache_info().hits == info.hits + 1
    assert cached_negamax().cache_info().currsize == 0  # every call makes a fresh cache


def test_the_knowledge_base_counts_the_same_and_changes_nothing_it_is_given():
    stats = SearchStats()
    start = KnowledgeBase()
    value, kb = negamax_kb(EMPTY, start, stats)
    assert (value, stats.nodes, len(kb), stats.hits) == (0, 16168, 5478, 10690)
    assert len(start) == 0  # the knowledge base passed in is untouched
    assert all(kb[board] == reference_value(board) for board in POSITIONS[::97])
    # A second question, given what the first one learned, costs one look-up and adds nothing.
    again = SearchStats()
    assert negamax_kb(EMPTY, kb, again) == (0, kb) and again.nodes == 1


def test_a_knowledge_base_is_immutable():
    kb = KnowledgeBase({EMPTY: 0})
    bigger = kb.with_entry(Board.parse("X........"), 0)
    assert (len(kb), len(bigger)) == (1, 2) and bigger[EMPTY] == 0
    with pytest.raises(AttributeError):
        kb.anything = 1
    with pytest.raises(TypeError):
        kb[EMPTY] = 1  # no item assignment


def test_counting_does_not_change_the_answers():
    for board in UNFINISHED[::50]:
        assert negamax_memo(board, None, SearchStats()) == negamax_memo(board)


# ---------------------------------------------------------------------- one memo loop: key and store


def test_a_key_function_names_the_entries():
    table = {}
    assert negamax_memo(EMPTY, table, key=lambda board: board.cells) == 0
    assert len(table) == 5478 and all(isinstance(key, str) for key in table)
    assert all(table[board.cells] == reference_value(board) for board in POSITIONS)


def test_a_store_function_replaces_the_plain_assignment():
    stored = []

    def store(table, board, value):
        stored.append(board)
        table[board] = value

    stats, table = SearchStats(), {}
    assert negamax_memo(EMPTY, table, stats, store=store) == 0
    assert len(stored) == len(set(stored)) == 5478 == len(table)  # each position worked out once
    assert stats.nodes == 16168


def test_a_table_is_reused_across_questions():
    table, first, second = {}, SearchStats(), SearchStats()
    negamax_memo(Board.parse("X../.../..."), table, first)
    negamax_memo(Board.parse("X../.../..."), table, second)
    assert first.nodes > 1 and (second.nodes, second.hits) == (1, 1)


# ---------------------------------------------------------------------- the shortcut


@pytest.mark.parametrize("target", [0, 1])
def test_reaches_answers_its_question_everywhere(target):
    table = {}
    for board in UNFINISHED:
        expected = reference_value(board) >= target
        assert reaches(board, target) == expected, board.notation
        assert reaches(board, target, table) == expected, board.notation


def test_the_shortcut_proves_a_draw_with_few_nodes():
    plain, memo = SearchStats(), SearchStats()
    assert reaches(EMPTY, 0, None, plain) and reaches(EMPTY, 0, {}, memo)
    assert plain.nodes < 1000 and memo.nodes < plain.nodes
    no_win = SearchStats()
    assert not reaches(EMPTY, 1, None, no_win)
    assert no_win.nodes > 10 * plain.nodes  # showing that X cannot win is the expensive half


@pytest.mark.parametrize("target", [0, 1])
def test_the_shortcut_is_alphabeta_with_a_null_window(target):
    """Same answer, nodes, leaves and cut-offs as alpha-beta in the window (target - 1, target), and a table of
    yes/no answers keyed by (board, target)."""
    for board in UNFINISHED[::13]:
        shortcut, window = SearchStats(), SearchStats()
        assert reaches(board, target, None, shortcut) == (alphabeta(board, target - 1, target, stats=window) >= target)
        assert shortcut == window, board.notation
    table = {}
    reaches(EMPTY, target, table)
    assert table and all(isinstance(answer, bool) and key[1] in (0, 1) for key, answer in table.items())


def test_the_shortcut_never_gives_up_a_draw_but_throws_away_wins():
    table = {}
    thrown = 0
    for board in UNFINISHED:
        move = shortcut_move(board, 0, table)
        after = -reference_value(board.child(move))
        if reference_value(board) == 0:
            assert after == 0 and move == reference_best_moves(board)[0]  # same as the full search
        elif reference_value(board) == 1:
            assert after >= 0
            thrown += after == 0
    assert thrown > 0


# ---------------------------------------------------------------------- bad input


def test_shortcut_move_for_a_win():
    board = Board.parse("XX./OO./...")
    assert shortcut_move(board, 1) == 2  # the first move that makes sure of a win
    lost = Board.parse("X.X/.O./X.O")  # O to move cannot hold the draw: the first legal move
    assert not reaches(lost, 0) and shortcut_move(lost, 0) == lost.legal_moves()[0]


def test_bad_input():
    with pytest.raises(ValueError, match="target must be 1"):
        reaches(EMPTY, -1)
    with pytest.raises(BoardError, match=r"^the game is over \(X has won\): no more moves$"):
        shortcut_move(Board.parse("XXX/OO./..."))

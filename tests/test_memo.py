"""Memoised searches (ttt.memo): right on every position, and the published counts.

The reference is the plain memoised negamax of tests/support.py, written
independently of the package's searches: ``reference`` is the sign of its
depth-aware score, that is the value (+1 / 0 / -1) of every position for the
side to move.  Each search is run from each of the 4,520 unfinished
positions on its own, with a fresh table, exactly as a notebook calls it.
"""

import random

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.memo import (
    EXACT,
    LOWER,
    UPPER,
    FullSearchPlayer,
    KnowledgeBase,
    ShortcutPlayer,
    TableStats,
    alphabeta_memo,
    alphabeta_memo_move,
    cached_negamax,
    negamax_kb,
    negamax_memo,
    reaches,
    shortcut_move,
)
from ttt.players import RandomPlayer
from ttt.tree import reachable_positions
from support import reference_value as reference

EMPTY = Board.empty()


def optimal_moves(board):
    best = reference(board)
    return [cell for cell, child in board.children() if -reference(child) == best]


POSITIONS = reachable_positions(EMPTY)
UNFINISHED = [b for b in POSITIONS if not b.is_over]


def test_the_test_set():
    assert (len(POSITIONS), len(UNFINISHED)) == (5478, 4520)


# ---------------------------------------------------------------------- right everywhere


def test_a_dict_table_is_right_everywhere():
    table = {}
    negamax_memo(EMPTY, table)  # one table from the root holds every position
    assert set(table) == set(POSITIONS)
    assert [b.notation for b, v in table.items() if v != reference(b)] == []
    # and each position on its own, with a fresh table
    assert [b.notation for b in UNFINISHED if negamax_memo(b) != reference(b)] == []


def test_functools_cache_is_right_everywhere():
    value = cached_negamax()
    value(EMPTY)
    assert [b.notation for b in POSITIONS if value(b) != reference(b)] == []
    assert value.cache_info().currsize == 5478  # every question was answered from the root's cache
    assert [b.notation for b in UNFINISHED[::7] if cached_negamax()(b) != reference(b)] == []


def test_the_knowledge_base_is_right_everywhere():
    _, kb = negamax_kb(EMPTY)
    assert set(kb) == set(POSITIONS)
    assert [b.notation for b in POSITIONS if kb[b] != reference(b)] == []
    assert [b.notation for b in UNFINISHED[::7] if negamax_kb(b)[0] != reference(b)] == []


def test_the_bound_table_gives_the_right_value_and_a_right_move_everywhere():
    for board in UNFINISHED:
        value, move = alphabeta_memo_move(board)
        assert value == reference(board) and move in optimal_moves(board), board.notation
    for board in UNFINISHED[::7]:
        assert alphabeta_memo(board) == alphabeta_memo(board, -1, 1) == reference(board)


def test_the_naive_cache_goes_wrong_and_the_bound_table_does_not():
    """Storing a cut-off result as if it were exact gives wrong values and moves."""
    wrong_values = wrong_moves = 0
    for board in UNFINISHED:
        value, move = alphabeta_memo_move(board, bounds=False)
        wrong_values += value != reference(board)
        wrong_moves += move not in optimal_moves(board)
    assert wrong_values > 0 and wrong_moves > 0
    board = Board.parse("XXO/O../X.O")  # a draw: X must block at 5
    assert (reference(board), optimal_moves(board)) == (0, [5])
    assert alphabeta_memo_move(board, bounds=False) == (-1, 4)
    assert alphabeta_memo_move(board) == (0, 5)


def test_one_bound_table_serves_every_window():
    """The real test of the flags: a table filled under one window answers questions asked under others."""
    rng = random.Random(1)
    windows = [(-float("inf"), float("inf")), (-1, 1), (-1, 0), (0, 1), (-0.5, 0.5), (-2, -1), (1, 2)]
    for board in rng.sample(UNFINISHED, 300):
        table, v = {}, reference(board)
        for alpha, beta in rng.sample(windows, len(windows)) * 2:
            assert alphabeta_memo(board, alpha, beta, table=table) == min(max(v, alpha), beta)
        for entry_board, (flag, bound) in table.items():
            true = reference(entry_board)
            assert {EXACT: true == bound, LOWER: true >= bound, UPPER: true <= bound}[flag]


# ---------------------------------------------------------------------- the counts


def test_a_dict_table_16168_calls_and_5478_entries():
    stats, table = TableStats(), {}
    assert negamax_memo(EMPTY, table, stats) == 0
    assert (stats.nodes, len(table), stats.leaves, stats.hits) == (16168, 5478, 958, 16168 - 5478)
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
    stats = TableStats()
    start = KnowledgeBase()
    value, kb = negamax_kb(EMPTY, start, stats)
    assert (value, stats.nodes, len(kb), stats.hits) == (0, 16168, 5478, 10690)
    assert len(start) == 0  # the knowledge base passed in is untouched
    assert all(kb[board] == reference(board) for board in POSITIONS[::97])
    # A second question, given what the first one learned, costs one look-up and adds nothing.
    again = TableStats()
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
        assert alphabeta_memo(board, stats=SearchStats()) == alphabeta_memo(board, stats=None)


# ---------------------------------------------------------------------- the shortcut


@pytest.mark.parametrize("target", [0, 1])
def test_reaches_answers_its_question_everywhere(target):
    table = {}
    for board in UNFINISHED:
        expected = reference(board) >= target
        assert reaches(board, target) == expected, board.notation
        assert reaches(board, target, table) == expected, board.notation


def test_the_shortcut_proves_a_draw_with_few_nodes():
    plain, memo = TableStats(), TableStats()
    assert reaches(EMPTY, 0, None, plain) and reaches(EMPTY, 0, {}, memo)
    assert plain.nodes < 1000 and memo.nodes < plain.nodes
    no_win = TableStats()
    assert not reaches(EMPTY, 1, None, no_win)
    assert no_win.nodes > 10 * plain.nodes  # showing that X cannot win is the expensive half


def test_the_shortcut_never_gives_up_a_draw_but_throws_away_wins():
    table = {}
    thrown = 0
    for board in UNFINISHED:
        move = shortcut_move(board, 0, table)
        after = -reference(board._play(move))
        if reference(board) == 0:
            assert after == 0 and move == optimal_moves(board)[0]  # same as the full search
        elif reference(board) == 1:
            assert after >= 0
            thrown += after == 0
    assert thrown > 0


def test_asking_for_a_win_first_plays_like_the_full_search():
    full, asking = FullSearchPlayer(), ShortcutPlayer(ask_for_win=True)
    for board in UNFINISHED:
        assert asking.move(board) == full.move(board) == optimal_moves(board)[0]


def play(x_player, o_player):
    board = EMPTY
    while not board.is_over:
        board = board.play((x_player if board.turn == "X" else o_player).move(board))
    return board.outcome


def test_against_the_same_random_games_the_full_search_wins_more():
    full, shortcut = FullSearchPlayer(), ShortcutPlayer()
    pairs = []
    for seed in range(150):
        pairs.append((play(full, RandomPlayer(seed)), play(shortcut, RandomPlayer(seed))))
        pairs.append((play(RandomPlayer(seed), full), play(RandomPlayer(seed), shortcut)))
    assert all(outcome in ("X", "O", "draw") for pair in pairs for outcome in pair)
    xs = pairs[0::2]
    os_ = pairs[1::2]
    assert not any("O" in pair for pair in xs) and not any("X" in pair for pair in os_)  # neither ever loses
    assert not any(f == "draw" and s != "draw" for f, s in pairs)  # the shortcut never wins where full draws
    assert any(f != "draw" and s == "draw" for f, s in pairs)


# ---------------------------------------------------------------------- bad input


def test_bad_input():
    with pytest.raises(ValueError):
        alphabeta_memo(EMPTY, 1, 1)
    with pytest.raises(ValueError):
        reaches(EMPTY, -1)
    finished = Board.parse("XXX/OO./...")
    for call in (shortcut_move, alphabeta_memo_move, FullSearchPlayer().move, ShortcutPlayer().move):
        with pytest.raises(BoardError):
            call(finished)

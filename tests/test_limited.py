"""Depth-limited search with an evaluation (ttt.limited), for boards too big to solve while you wait.

The reference is a plain depth-limited negamax on boards, written here: finished
games scored depth-aware (:func:`ttt.scores.leaf_score`), the horizon judged by the
squashed evaluation.  An evaluation rates a board for the side that has *just moved*.
"""

import random

import pytest

from ttt import Board, BoardError, other, solve
from ttt.bitboard import layout
from ttt.engine import Engine
from ttt.instrument import SearchStats
from ttt.limited import LimitedSearch, line_weights, squash
from ttt.scores import leaf_score
from support import UNFINISHED, random_position


def open_lines(board):
    """The built-in guess, for the side that has just moved: its open lines minus the opponent's."""
    weights, mover = line_weights(board.k), other(board.turn)
    total = 0
    for line in board.geometry.lines:
        marks = [board.cells[cell] for cell in line]
        mine, theirs = marks.count(mover), marks.count(board.turn)
        if not theirs:
            total += weights[mine]
        elif not mine:
            total -= weights[theirs]
    return total


def plain_value(board, depth, evaluate):
    """Depth-limited negamax for the side to move, no pruning, no shortcuts."""
    if board.is_over:
        return leaf_score(board)
    if depth == 0:
        return -squash(evaluate(board))  # the evaluation speaks for the side that has just moved
    return max(-plain_value(child, depth - 1, evaluate) for _, child in board.children())


def test_line_weights():
    assert line_weights(3) == (0, 1, 4, 16)
    assert line_weights(4) == (0, 1, 4, 16, 64)


def test_squash_keeps_order_and_stays_below_any_finished_game():
    for value in (-1e9, -3.0, 0.0, 0.5, 1e9):
        assert -1.0 < squash(value) < 1.0
    assert squash(2.0) > squash(1.0) > squash(0.0) == 0.0 > squash(-1.0)
    assert squash(1.0) == 0.5 and squash(-3.0) == -0.75


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_without_threats_it_is_the_plain_depth_limited_negamax(depth):
    rng = random.Random(depth)
    centre = lambda board: 1.0 if board[1, 1] == other(board.turn) else -0.5  # noqa: E731
    for evaluate, search in ((open_lines, LimitedSearch(3, 3, 3, threats=False)),
                             (centre, LimitedSearch(3, 3, 3, evaluate=centre, threats=False))):
        for board in rng.sample(UNFINISHED, 60):
            assert search.value(board, depth) == pytest.approx(plain_value(board, depth, evaluate)), board.notation
            expected = {cell: -plain_value(child, depth - 1, evaluate) for cell, child in board.children()}
            assert search.move_values(board, depth) == pytest.approx(expected), board.notation


def test_the_evaluation_speaks_for_the_side_that_has_just_moved():
    # X's only wish is the centre: with the board after X's move rated for X, it plays there.
    def likes_the_centre(board):
        return 1.0 if board[1, 1] == other(board.turn) else 0.0

    search = LimitedSearch(3, 3, 3, evaluate=likes_the_centre, threats=False)
    values = search.move_values(Board.empty(), 1)
    assert values[4] == squash(1.0) and all(values[cell] == 0 for cell in range(9) if cell != 4)
    assert search.best_move(Board.empty(), 1) == 4


def test_the_evaluation_sees_real_boards_and_is_remembered():
    calls = []

    def recording(board):
        calls.append(board)
        return 0.0

    search = LimitedSearch(4, 4, 4, evaluate=recording)
    search.best_move(Board.empty(4, 4, 4), 2)
    assert calls and all(isinstance(b, Board) and Board.parse(b.notation) == b and not b.is_over for b in calls)
    assert len(set(calls)) == len(calls) == len(search.cache)  # each position judged once
    before = len(calls)
    search.best_move(Board.empty(4, 4, 4), 2)
    assert len(calls) == before  # asked again: every judgement is remembered


@pytest.mark.parametrize("marks", [3, 4, 5, 6])
@pytest.mark.parametrize("threats", [True, False])
def test_searching_to_the_end_finds_only_value_keeping_moves(marks, threats):
    rng = random.Random(marks)
    search = LimitedSearch(3, 3, 3, threats=threats)
    for _ in range(20):
        board = random_position(3, 3, 3, marks, rng)
        values = search.move_values(board, depth=9)
        best = max(values.values())
        chosen = {cell for cell, value in values.items() if value == best}
        assert chosen <= set(solve(board).best_moves), board.notation
        assert best == search.value(board, 9) == solve(board).score  # a full-depth search is exact


def test_wins_at_once_and_blocks():
    search = LimitedSearch(3, 3, 3)
    assert search.best_move(Board.parse("XX./OO./..."), 1) == 2  # win now
    assert search.best_move(Board.parse("X../OO./X.."), 1) == 5  # X must block the middle row
    blocked = Board.parse("XX../..O./..../X..O k=3")  # O to move must stop X at 2
    assert LimitedSearch(4, 4, 3).best_move(blocked, 1) == 2


def forks():
    """Positions with no threat on the board yet, where the side to move wins in 3 (by a fork)."""
    lay = layout(3, 3, 3)
    for board in UNFINISHED:
        me, opp, _ = lay.sides(board)
        mine, theirs, _, _ = lay.threats(me, opp)
        if not mine and not theirs and solve(board).value == 1 and solve(board).plies == 3:
            yield board


def test_threats_see_a_forced_win_beyond_the_horizon():
    found = 0
    for board in forks():
        n_empty = board.size - board.moves_made
        assert LimitedSearch(3, 3, 3).value(board, 2) == n_empty - 2 == solve(board).score, board.notation
        assert LimitedSearch(3, 3, 3, threats=False).value(board, 2) < 1, board.notation  # only a guess
        found += 1
    assert found > 10


def test_stats_count_the_last_search():
    search = LimitedSearch(3, 3, 3, threats=False)
    search.value(Board.empty(), 2)
    first = search.stats
    assert type(first) is SearchStats and first.nodes > first.leaves > 0 and first.cutoffs > 0
    search.value(Board.empty(), 2)
    assert search.stats == first  # counted afresh for each search, not added up
    search.value(Board.empty(), 1)
    assert search.stats.nodes < first.nodes


def test_bad_input():
    with pytest.raises(BoardError, match=r"^the game is over \(X has won\): no more moves$"):
        LimitedSearch(3, 3, 3).best_move(Board.parse("XXX/OO./..."), 1)
    with pytest.raises(BoardError, match="4×4"):
        LimitedSearch(4, 4, 4).move_values(Board.empty(), 1)


def test_it_is_the_engine_with_a_horizon():
    """No search loop of its own: the values are the engine's, given the guess of this class at the horizon."""
    search = LimitedSearch(3, 3, 3)
    assert isinstance(search.engine, Engine) and not search.engine.options.table
    board = Board.parse("X../.O./...")
    assert search.value(board, 2) == search.engine.score(board, depth=2)
    assert search.move_values(board, 2) == search.engine.move_scores(board, depth=2)

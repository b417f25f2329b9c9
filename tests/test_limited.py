"""Depth-limited search with an evaluation (for boards too big to solve while you wait)."""

import random

import pytest

from ttt import Board, BoardError, solve
from ttt.limited import LimitedPlayer, LimitedSearch, line_weights
from support import random_position


def test_line_weights():
    assert line_weights(3) == (0, 1, 4, 16)
    assert line_weights(4) == (0, 1, 4, 16, 64)


@pytest.mark.parametrize("marks", [3, 4, 5, 6])
def test_searching_to_the_end_finds_only_value_keeping_moves(marks):
    rng = random.Random(marks)
    search = LimitedSearch(3, 3, 3)
    for _ in range(20):
        board = random_position(3, 3, 3, marks, rng)
        values = search.move_values(board, depth=9)
        best = max(values.values())
        chosen = {cell for cell, value in values.items() if value == best}
        assert chosen <= set(solve(board).best_moves), board.notation
        assert best == solve(board).score  # a full-depth search is exact


def test_wins_at_once_and_blocks():
    player = LimitedPlayer(depth=1)
    assert player.move(Board.parse("XX./OO./...")) == 2  # win now
    assert player.move(Board.parse("X../OO./X..")) == 5  # X must block the middle row
    blocked = Board.parse("XX../..O./..../X..O k=3")  # O to move must stop X at 2
    assert LimitedPlayer(depth=1).move(blocked) == 2


def test_a_custom_evaluation_is_used_at_the_horizon():
    calls = []

    def centre_lover(board):
        calls.append(board)
        return 1.0 if board[1, 1] == board.turn else 0.0

    player = LimitedPlayer(depth=1, evaluate=centre_lover)
    assert player.move(Board.empty(4, 4, 4)) in range(16)
    assert calls and all(isinstance(b, Board) for b in calls)


def test_self_play_on_5x5_is_quick_and_legal():
    player = LimitedPlayer(depth=2, seed=1)
    board = Board.empty(5, 5, 4)
    while not board.is_over:
        board = board.play(player.move(board))
    assert board.outcome in ("X", "O", "draw")


def test_bad_input():
    with pytest.raises(ValueError, match="depth"):
        LimitedPlayer(depth=0)
    with pytest.raises(BoardError, match="over"):
        LimitedPlayer().move(Board.parse("XXX/OO./..."))
    with pytest.raises(BoardError, match="4×4"):
        LimitedSearch(4, 4, 4).move_values(Board.empty(), 1)

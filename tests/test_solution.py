"""The answer every solver gives (ttt.solution.Solution): one small frozen value type."""

import dataclasses

import pytest

import ttt
from ttt import Board, Solution, solve
from ttt.engine import Engine
from ttt.retrograde import tablebase


def test_solution_is_a_frozen_value():
    solution = solve(Board.parse("X../.../..."))
    assert solution == Solution(value=0, best_moves=(4,), plies=8, score=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.value = 1
    assert hash(solution) == hash(solve("X../.../..."))
    assert Solution(1, (2,), 1).score == 0  # the score defaults to a draw's


def test_every_solver_answers_with_the_same_type():
    board = Board.parse("XX./OO./...")
    answers = [solve(board), Engine().solve(board), tablebase(3, 3, 3).lookup(board)]
    assert all(type(answer) is Solution for answer in answers)
    assert answers[0] == answers[1] == answers[2] == Solution(value=1, best_moves=(2,), plies=1, score=5)
    assert ttt.Solution is Solution

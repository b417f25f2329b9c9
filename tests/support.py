"""Test oracles and helpers shared by the test modules: slow, plain, obviously right.

The package's searches are checked against these, never against each other.
``tests/`` has no ``__init__.py``: pytest puts this folder on ``sys.path``
(it holds ``conftest.py``), so test modules here and in the subfolders
import from it with ``from support import ...``.  The set of positions to
check comes from :func:`ttt.tree.reachable_positions`, which is tested on its
own (against a plain walk) in ``test_tree.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import lru_cache

from ttt import Board
from ttt.tree import reachable_positions

__all__ = [
    "EMPTY",
    "POSITIONS",
    "UNFINISHED",
    "reference_score",
    "reference_value",
    "reference_best_moves",
    "reference_x_value",
    "node_of_each_position",
    "random_position",
    "run_cli",
    "run_python",
    "LABS_IN_MAKE_TEST",
]

LABS_IN_MAKE_TEST = ("00", "03", "05")
"""The labs whose worked solutions `make test` checks, through their own checks and through nbgrader: the first,
one with manually graded explanations (03.3, 03.6), and the slowest (05, which has one too). `make test-grading`
does the same for the other seven (their tests are marked ``grading``)."""

EMPTY = Board.empty()
POSITIONS = tuple(reachable_positions(EMPTY))
"""Every reachable 3×3 position (5,478), by moves made, then cells."""
UNFINISHED = tuple(board for board in POSITIONS if not board.is_over)
"""The 4,520 reachable 3×3 positions where play goes on."""


@lru_cache(maxsize=None)
def reference_score(board: Board) -> int:
    """Plain memoised depth-aware negamax for the side to move.

    A win that leaves ``e`` empty cells is worth ``e + 1`` to the winner (so
    faster wins and slower losses score better), a draw 0.  The board just
    played on holds the winner's line, so the side to move has lost.
    """
    if board.winner:
        return -(board.cells.count(".") + 1)
    if board.is_full:
        return 0
    return max(-reference_score(child) for _, child in board.children())


def reference_value(board: Board) -> int:
    """The plain value (+1, 0, -1) for the side to move: the sign of :func:`reference_score`."""
    score = reference_score(board)
    return (score > 0) - (score < 0)


def reference_best_moves(board: Board) -> list[int]:
    """Every move that keeps the value of ``board`` for the side to move, in cell order."""
    value = reference_value(board)
    return [cell for cell, child in board.children() if -reference_value(child) == value]


def reference_x_value(board: Board) -> int:
    """The reference value from X's side (+1 X wins, -1 O wins), as Hutton's minimax gives it."""
    value = reference_value(board)
    return value if board.turn == "X" else -value


def node_of_each_position(tree) -> dict:
    """The node of a shared game tree (:func:`ttt.tree.game_tree`) for each position in it."""
    found, stack = {}, [tree]
    while stack:
        node = stack.pop()
        if node.board not in found:
            found[node.board] = node
            stack.extend(node.children)
    return found


def random_position(rows: int, cols: int, k: int, marks: int, rng) -> Board:
    """An unfinished position after ``marks`` random moves drawn with ``rng``.

    A game that ends early is thrown away and drawn again, so the result is
    always a position where play goes on; the same seed gives the same boards.
    """
    while True:
        board = Board.empty(rows, cols, k)
        for _ in range(marks):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            return board


def run_cli(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    """``python -m ttt ARGS`` run as a user runs it, with ``stdin`` as its input."""
    return subprocess.run(
        [sys.executable, "-m", "ttt", *args], input=stdin, capture_output=True, text=True, timeout=timeout
    )


def run_python(code: str, timeout: float = 120, path: tuple = ()) -> str:
    """Run ``code`` in a fresh interpreter (nothing imported yet) and return what it printed; ``path``: more
    folders to import from (a test folder, for its helpers)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout

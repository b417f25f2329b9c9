"""Test oracles shared by the test modules: slow, plain, obviously right.

The package's searches are checked against these, never against each other.
``tests/`` has no ``__init__.py``, so pytest puts this folder on ``sys.path``
and test modules import from here with ``from support import ...``.  The
set of positions to check comes from :func:`ttt.tree.reachable_positions`,
which is tested on its own (against a plain walk) in ``test_tree.py``.
"""

from functools import lru_cache

from ttt import Board
from ttt.tree import reachable_positions

__all__ = ["reference_score", "reference_value", "random_position", "reachable"]


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


# Older name, still used by test_hints.py; new tests call reachable_positions directly.
reachable = reachable_positions

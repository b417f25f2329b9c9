"""Test oracles shared by the test modules: slow, plain, obviously right.

The package's searches are checked against these, never against each other.
"""

from functools import lru_cache

from ttt import Board


@lru_cache(maxsize=None)
def reference_score(board: Board) -> int:
    """Plain memoised depth-aware negamax: a win leaving ``e`` empty cells is worth ``e + 1``."""
    if board.winner:
        return -(board.size - board.moves_made + 1)
    if board.is_full:
        return 0
    return max(-reference_score(child) for _, child in board.children())


def reference_value(board: Board) -> int:
    """The plain value (+1, 0, -1) for the side to move: the sign of :func:`reference_score`."""
    score = reference_score(board)
    return (score > 0) - (score < 0)


def reachable(board: Board) -> list[Board]:
    """Every position reachable from ``board`` (itself included), by moves made, then cells."""
    seen, stack = set(), [board]
    while stack:
        b = stack.pop()
        if b not in seen:
            seen.add(b)
            stack.extend(child for _, child in b.children())
    return sorted(seen, key=lambda b: (b.moves_made, b.cells))


def random_position(rows: int, cols: int, k: int, marks: int, rng) -> Board:
    """An unfinished position after ``marks`` random moves (drawn again until one is unfinished)."""
    while True:
        board = Board.empty(rows, cols, k)
        for _ in range(marks):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            return board

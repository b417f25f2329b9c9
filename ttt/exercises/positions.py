"""The positions a function check tries, in the order that shows the simplest mistake first.

A check stops at the first board where the learner's function disagrees, and
that board is what the learner studies.  So every list here runs from the
fullest boards to the emptiest: a missing base case or a wrong end-of-game
rule shows up on a board with one or two empty cells, which is easy to read,
rather than on the empty board, where the mistake is buried under the whole
tree.  Ties are broken by the cells, so the order is the same on every run.

The lists are cached: they are built once per process and shared by every check.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ttt import match
from ttt.board import Board
from ttt.tree import reachable_positions

__all__ = ["all_positions", "unfinished_positions", "random_positions"]


def _fullest_first(boards) -> tuple[Board, ...]:
    return tuple(sorted(boards, key=lambda board: (-board.moves_made, board.cells)))


@lru_cache(maxsize=None)
def all_positions(rows: int = 3, cols: int = 3, k: int = 3) -> tuple[Board, ...]:
    """Every reachable position of the board, finished ones too (5,478 on 3×3), fullest first.

    Exhaustive, so only for small boards: up to about 12 cells (see
    :func:`ttt.tree.reachable_positions`).
    """
    return _fullest_first(reachable_positions(Board.empty(rows, cols, k)))


@lru_cache(maxsize=None)
def unfinished_positions(rows: int = 3, cols: int = 3, k: int = 3) -> tuple[Board, ...]:
    """Every reachable position where play goes on (4,520 on 3×3), fullest first (:func:`ttt.match.unfinished_positions`)."""
    return tuple(match.unfinished_positions(rows, cols, k, fullest_first=True))


@lru_cache(maxsize=None)
def random_positions(rows: int, cols: int, k: int, count: int, seed: int, unfinished: bool = True) -> tuple[Board, ...]:
    """``count`` different positions reached by random play with ``random.Random(seed)``, fullest first.

    For boards too large to try every position: the sample is stated (board,
    count, seed) in the exercise, so a learner can reproduce it.  Each game
    stops after a random number of moves; with ``unfinished`` only positions
    where play goes on are kept.
    """
    rng = random.Random(seed)
    found: dict[Board, None] = {}
    attempts = 0
    while len(found) < count and attempts < 100 * count:
        attempts += 1
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(board.size)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if unfinished and board.is_over:
            continue
        found.setdefault(board, None)
    return _fullest_first(found)

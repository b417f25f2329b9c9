"""What a learned evaluation looks at: a few counts of lines, from one side's point of view.

A program that cannot search the whole game must judge a position from what
it sees on the board.  Following the Spanish notebook this course draws on
(and Mitchell's checkers design, *Machine Learning*, 1997, ch. 1), a position
is described by seven numbers, each a count of lines (rows, columns,
diagonals of length k) in some state:

=========  ===============================================================
bias       always 1 (lets the evaluation shift as a whole)
my_twos    lines with k-1 of my marks and one empty cell (I threaten to win)
their_twos lines with k-1 of the opponent's marks and one empty cell
my_ones    lines with one of my marks and k-1 empty cells
their_ones lines with one of the opponent's marks and k-1 empty cells
my_wins    lines full of my marks (I have won)
their_wins lines full of the opponent's marks
=========  ===============================================================

On 3×3 (k = 3) these are "two and an empty", "one and two empties" and
"three".  Lines with other mixtures (some of each mark, or 2..k-2 marks of
one side on bigger boards) are not counted.  For k = 2 the "k-1" and "one"
counts coincide.

**Whose point of view.**  ``features(board)`` counts "mine" for the side
that *has just moved* (the opponent of ``board.turn``).  That is the side
that chooses a move by comparing the boards its moves would produce, so an
evaluation of such a board answers the question it asks: "how good is this
for me?".  The learners in :mod:`ttt.learn` use this convention throughout.
One consequence: on a board reached in legal play, the side that has just
moved can never face a completed line of the opponent's (the game would
have ended before its move), so ``their_wins`` is always 0 in play.
"""

from __future__ import annotations

from functools import lru_cache

from ttt.board import EMPTY, Board, other
from ttt.geometry import geometry

__all__ = ["FEATURE_NAMES", "features", "line_states"]

FEATURE_NAMES = ("bias", "my_twos", "their_twos", "my_ones", "their_ones", "my_wins", "their_wins")


def features(board: Board, mark: str | None = None) -> tuple[int, ...]:
    """The seven feature counts of ``board`` for ``mark`` (by default the side that just moved).

    Returns a tuple in the order of :data:`FEATURE_NAMES`.
    """
    if mark is None:
        mark = other(board.turn)
    elif mark not in ("X", "O"):
        raise ValueError(f"mark must be 'X' or 'O', not {mark!r}")
    return _features(board.geometry.rows, board.geometry.cols, board.k, board.cells, mark)


@lru_cache(maxsize=1 << 17)
def _features(rows: int, cols: int, k: int, cells: str, mark: str) -> tuple[int, ...]:
    # Cached: a 3×3 game has only 5,478 positions, and training asks about the same ones often.
    counts = [1, 0, 0, 0, 0, 0, 0]
    for line in geometry(rows, cols, k).lines:
        mine = theirs = 0
        for i in line:
            c = cells[i]
            if c == mark:
                mine += 1
            elif c != EMPTY:
                theirs += 1
        if theirs == 0:
            if mine == k:
                counts[5] += 1
            elif mine:
                if mine == k - 1:
                    counts[1] += 1
                if mine == 1:
                    counts[3] += 1
        elif mine == 0:
            if theirs == k:
                counts[6] += 1
            else:
                if theirs == k - 1:
                    counts[2] += 1
                if theirs == 1:
                    counts[4] += 1
    return tuple(counts)


def line_states(board: Board, mark: str | None = None) -> dict[str, list[tuple[int, ...]]]:
    """The lines behind each count of :func:`features` (for drawing them), keyed by feature name."""
    if mark is None:
        mark = other(board.turn)
    states: dict[str, list[tuple[int, ...]]] = {name: [] for name in FEATURE_NAMES[1:]}
    k, cells = board.k, board.cells
    for line in board.geometry.lines:
        mine = sum(cells[i] == mark for i in line)
        theirs = sum(cells[i] not in (mark, EMPTY) for i in line)
        for name, ok in (
            ("my_twos", theirs == 0 and 0 < mine == k - 1),
            ("their_twos", mine == 0 and 0 < theirs == k - 1),
            ("my_ones", theirs == 0 and mine == 1 < k),
            ("their_ones", mine == 0 and theirs == 1 < k),
            ("my_wins", mine == k),
            ("their_wins", theirs == k),
        ):
            if ok:
                states[name].append(line)
    return states

"""Retrograde analysis with NumPy: whole levels of the game as sorted integer arrays.

The plain version in :mod:`ttt.retrograde` walks :class:`~ttt.board.Board`
objects one at a time, which is right for reading and for 3×3 (5,478
positions) but hopeless for 4×4 (9,722,011).  Here a *level* (every
position with the same number of marks) is one sorted NumPy array of packed
positions ``x | o << size`` (:mod:`ttt.bitboard`); on 4×4 a position fits
in 32 bits, so the widest level (1,962,576 positions) takes 8 MB.

Two sweeps, each a loop over levels:

* **forward**, from the empty board (:func:`forward_sweep`, the package's
  one forward sweep, which :func:`ttt.census.census` counts over): the
  children of a level are its unfinished positions with one more mark.
  Each cell's children come out sorted (a move adds the same bit to every
  sorted parent), so they are merged into the next level one cell at a
  time, adding up path counts where a position is reached twice: at most a
  level and one cell's children are held at once.  Finished positions are
  found by testing every line mask against the side that just moved;
* **backward**, from the full boards: a finished position scores
  :func:`ttt.scores.leaf_score`; an unfinished one scores the best of
  minus its children's scores, and each child is found in the (sorted)
  level below by ``np.searchsorted``.  The moves that keep the sign of the
  best score are the value-keeping moves, kept as a bit mask per position.

Blocks of :data:`BLOCK` parents keep the backward sweep's temporary arrays
to a few megabytes however wide a level is (4×4: about 250 MB at the peak,
the interpreter included), while a small board goes through in a handful
of NumPy calls per level.

NumPy is imported inside the functions, so ``import ttt`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator

from ttt.geometry import BoardError, geometry
from ttt.scores import win_score

__all__ = ["Level", "key_dtype", "mask_dtype", "forward_sweep", "build_levels"]

NO_CHILD = 127
"""The int8 stand-in for "this cell is taken" in the backward sweep's child scores (no real score is that high)."""


@dataclass
class Level:
    """One level of the solved game: every reachable position with ``marks`` marks, sorted by key.

    ``keys``: packed positions ``x | o << size``; ``scores``: the depth-aware
    score for the side to move (int8); ``best``: the value-keeping moves as a
    bit mask (0 on a finished board); ``finished``: the game is over.
    """

    marks: int
    keys: object
    scores: object
    best: object
    finished: object


def key_dtype(size: int):
    """The smallest unsigned NumPy type that holds a packed position of ``size`` cells (two bits a cell).

    Raises :class:`ttt.BoardError` beyond 32 cells, which do not fit in 64 bits.
    """
    import numpy as np

    if 2 * size > 64:
        raise BoardError(f"a packed position of {size} cells does not fit in 64 bits: at most 32 cells")
    return np.uint32 if 2 * size <= 32 else np.uint64


def mask_dtype(size: int):
    """The smallest unsigned NumPy type with a bit for every cell."""
    import numpy as np

    return np.uint16 if size <= 16 else np.uint32 if size <= 32 else np.uint64


def _bit_masks(rows, mask_t):
    """One bit mask per column of a boolean matrix: bit ``i`` set where row ``i`` is true."""
    import numpy as np

    packed = np.packbits(rows, axis=0, bitorder="little")  # eight rows to a byte
    masks = packed[0].astype(mask_t)
    for byte in range(1, packed.shape[0]):
        masks |= packed[byte].astype(mask_t) << mask_t(8 * byte)
    return masks


BLOCK = 1 << 16
"""Parents handled at once: their children (a row per cell) take a few megabytes, however wide the level."""


def _children(parents, marks: int, n: int):
    """``(free, children)`` of a block of unfinished ``parents``: every cell marked in turn, where it is free.

    ``free`` is a boolean matrix with a row per cell and a column per
    parent; ``children`` lists the children cell by cell (row by row of
    ``free``).  The side to move is X when ``marks`` is even.  Parents are
    sorted and a move adds the same bit to each, so each cell's children
    come out sorted too, which ``np.searchsorted`` is quick with.
    """
    key_t = parents.dtype.type
    x_cells, o_cells = _cell_bits(n, key_t)
    occupied = (parents & key_t((1 << n) - 1)) | (parents >> key_t(n))
    free = occupied & x_cells == 0
    return free, (parents | (x_cells if marks % 2 == 0 else o_cells))[free]


@lru_cache(maxsize=None)
def _cell_bits(n: int, key_t):
    """Two columns of packed positions, one bit per cell: X's mark there, and O's."""
    import numpy as np

    x_cells = np.array([[1 << cell] for cell in range(n)], dtype=key_t)
    return x_cells, x_cells << key_t(n)


def _blocks(values):
    """``values`` cut into pieces of at most :data:`BLOCK` (one empty piece if there are none)."""
    return [values[start : start + BLOCK] for start in range(0, max(values.size, 1), BLOCK)]


def forward_sweep(rows: int, cols: int, k: int, paths: bool = False) -> Iterator[tuple]:
    """Every position reachable from the empty rows×cols board, one level (number of marks) at a time.

    Yields ``(marks, keys, won, counts)``: the level's packed positions,
    sorted; whether the side that just moved has completed a line there;
    and with ``paths`` the number of move sequences that reach each
    position (float64, exact below 2**53), else ``None``.  A won position
    has no children; the sweep stops after the full boards, or before if
    every game is over sooner (2×3 with k=2, say).
    """
    import numpy as np

    geo = geometry(rows, cols, k)
    n = geo.size
    key_t = key_dtype(n)
    full, shift = key_t((1 << n) - 1), key_t(n)
    lines = [key_t(mask) for mask in geo.line_masks]
    level = np.zeros(1, dtype=key_t)
    counts = np.ones(1) if paths else None
    for marks in range(n + 1):
        won = np.zeros(level.size, dtype=bool)
        if marks >= 2 * k - 1:  # the mover has at least k marks: has it completed a line?
            mover = level & full if marks % 2 == 1 else level >> shift  # X made the last move when the count is odd
            for line in lines:
                won |= mover & line == line
            del mover
        yield marks, level, won, counts
        if marks == n:
            return
        if won.any():
            going_on = ~won
            level, counts = level[going_on], counts[going_on] if paths else None
        level, counts = _next_level(level, counts, n, offset=0 if marks % 2 == 0 else n)
        if not level.size:
            return


def _next_level(parents, counts, n: int, offset: int):
    """The positions one move after ``parents`` (sorted, no duplicates), with summed path counts.

    The mover's mark goes at bit ``cell + offset``.  The children made by
    one cell are already sorted and distinct (the bit is clear in every
    parent, so adding it keeps their order), so they are merged into the
    level one cell at a time: never all the children of a level at once
    (six times as many on 4×4).
    """
    import numpy as np

    key_t = parents.dtype.type
    occupied = (parents & key_t((1 << n) - 1)) | (parents >> key_t(n))
    level = np.zeros(0, dtype=key_t)
    level_counts = np.zeros(0) if counts is not None else None
    for cell in range(n):
        free = (occupied & key_t(1 << cell)) == 0
        new = parents[free] | key_t(1 << (cell + offset))
        new_counts = counts[free] if counts is not None else None
        del free
        level, level_counts = merge(level, level_counts, new, new_counts)
    return level, level_counts


def merge(level, counts, new, new_counts):
    """Merge sorted distinct ``new`` into sorted distinct ``level``, adding the counts of positions in both.

    ``counts`` and ``new_counts`` are ``None`` when no paths are counted.
    """
    import numpy as np

    if level.size == 0:
        return new, new_counts
    at = np.searchsorted(level, new)
    found = level[np.minimum(at, level.size - 1)] == new
    if counts is not None:
        counts[at[found]] += new_counts[found]  # ``at`` has no repeats where found: no np.add.at needed
    fresh = ~found
    del found
    # Each fresh position goes before level[at]; ``at`` is sorted, so the j-th one lands at at + j.
    slots = at[fresh]
    slots += np.arange(slots.size, dtype=slots.dtype)
    old = np.ones(level.size + slots.size, dtype=bool)
    old[slots] = False
    merged = np.empty(old.size, dtype=level.dtype)
    merged[slots] = new[fresh]
    merged[old] = level
    if counts is not None:
        merged_counts = np.empty(old.size)
        merged_counts[slots] = new_counts[fresh]
        merged_counts[old] = counts
        counts = merged_counts
    return merged, counts


def build_levels(rows: int, cols: int, k: int, step: Callable[[], None] | None = None) -> list[Level]:
    """Every position reachable from the empty rows×cols board (k in a row), solved: one :class:`Level` per number of marks.

    ``step``, if given, is called once per level of each sweep (``2 * (size
    + 1)`` calls in all, fewer if every game ends before the board is
    full), for a progress bar.
    """
    import numpy as np

    n = rows * cols
    mask_t = mask_dtype(n)
    keys, won = [], []
    for _, level, has_line, _ in forward_sweep(rows, cols, k):
        keys.append(level)
        won.append(has_line)
        if step:
            step()

    # Backward: the scores, from the fullest level to the empty board.
    solved: list[Level] = [None] * len(keys)
    for marks in reversed(range(len(keys))):
        level, has_line, empty = keys[marks], won[marks], n - marks
        finished = has_line | (marks == n)
        scores = np.where(has_line, np.int8(-win_score(empty)), np.int8(0))  # as ttt.scores.leaf_score
        best = np.zeros(level.size, dtype=mask_t)
        if marks + 1 < len(keys):
            below = solved[marks + 1]
            open_at = np.flatnonzero(~finished)
            for at in _blocks(open_at):
                free, children = _children(level[at], marks, n)
                # each child's score (NO_CHILD where the cell is taken), found in the sorted level below
                child_scores = np.full(free.shape, NO_CHILD, dtype=np.int8)
                child_scores[free] = below.scores[below.keys.searchsorted(children)]
                top = -child_scores.min(axis=0)  # the best move leaves the opponent the lowest score
                scores[at] = top
                # the moves that keep the value: the child's value is minus the parent's
                best[at] = _bit_masks(free & (np.sign(child_scores) == -np.sign(top)), mask_t)
        solved[marks] = Level(marks, level, scores.astype(np.int8, copy=False), best, finished)
        if step:
            step()
    return solved

"""Counting every reachable position of a board size, level by level, with NumPy.

Walking millions of :class:`~ttt.board.Board` objects one at a time is too
slow in Python for 4×4 (9,722,011 positions).  Here a whole level of the game
(all positions with the same number of marks) is one sorted NumPy array of
packed positions ``x | o << size`` (32-bit up to 16 cells, 64-bit up to 32):
the children of a level are made with one vectorised OR per cell, and each
cell's children, already sorted, are merged into the next level, adding up
path counts where a position is reached twice.  So at most one level and one
cell's children are held at once (about 100 MB on 4×4, where making all the
children of a level at once took a gigabyte).  The symmetry classes are found
by mapping every packed position through the board's symmetries with tables
indexed by 16 bits at a time.

NumPy is imported inside the functions, so ``import ttt`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ttt.geometry import BoardError, geometry
from ttt.symmetry import permutations


@dataclass
class Census:
    """Positions reachable from the empty board, by number of marks and in all.

    ``per_ply[i]`` is ``(positions, finished, classes, finished_classes)``
    for positions with ``i`` marks; the classes count them up to symmetry.  With path counting,
    ``nodes_per_ply[i]`` is the number of move sequences of length ``i`` (the
    nodes of the game tree at that depth) and ``games[i]`` maps ``"X"``,
    ``"O"`` and ``"draw"`` to the number of games ending on move ``i``.
    """

    rows: int
    cols: int
    k: int
    per_ply: list[tuple[int, int, int, int]] = field(default_factory=list)
    nodes_per_ply: list[int] = field(default_factory=list)
    games: list[dict[str, int]] = field(default_factory=list)

    @property
    def positions(self) -> int:
        return sum(row[0] for row in self.per_ply)

    @property
    def finished(self) -> int:
        return sum(row[1] for row in self.per_ply)

    @property
    def unfinished(self) -> int:
        return self.positions - self.finished

    @property
    def classes(self) -> int:
        return sum(row[2] for row in self.per_ply)

    @property
    def finished_classes(self) -> int:
        return sum(row[3] for row in self.per_ply)

    def as_dict(self) -> dict:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "k": self.k,
            "positions": self.positions,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "positions_up_to_symmetry": self.classes,
            "finished_up_to_symmetry": self.finished_classes,
            "per_ply": [list(t) for t in self.per_ply],
        }


def census(rows: int = 3, cols: int = 3, k: int = 3, symmetry: bool = True, paths: bool = True,
           progress=None) -> Census:
    """Count the reachable positions of a rows×cols board with k in a row.

    With ``symmetry`` the positions are also counted up to the board's
    symmetries (8 on a square, 4 on a rectangle); with ``paths`` the number
    of move sequences reaching each position is carried along, which gives the
    size of the game tree and the games by length and outcome without
    walking the tree.  Sizes up to 32 cells fit; 4×4 takes a few seconds and
    about 100 MB at its widest level (two million positions).  ``progress``
    is an optional callable told each finished level's number.
    """
    import numpy as np

    geo = geometry(rows, cols, k)
    n = geo.size
    if 2 * n > 64:
        raise BoardError(f"a census packs a position into 64 bits, so at most 32 cells, not {n}")
    dtype = np.uint32 if 2 * n <= 32 else np.uint64  # 4×4 packs into 32 bits: half the memory
    full = dtype((1 << n) - 1)
    shift = dtype(n)
    masks = [dtype(m) for m in geo.line_masks]
    tables = symmetry_tables(permutations(rows, cols), n, dtype) if symmetry else []
    result = Census(rows, cols, k)
    level = np.zeros(1, dtype=dtype)  # sorted, no duplicates
    counts = np.ones(1) if paths else None  # float64 move sequences per position (exact below 2**53)
    for marks in range(n + 1):
        last = level & full if marks % 2 == 1 else level >> shift  # X made the last move when odd
        won = np.zeros(level.shape, dtype=bool)
        if marks >= 2 * k - 1:
            for m in masks:
                won |= (last & m) == m
        del last
        finished = np.ones(level.shape, dtype=bool) if marks == n else won
        classes = finished_classes = 0
        if symmetry:
            canon = canonical_keys(level, tables)
            finished_classes = int(np.unique(canon[finished]).size)
            canon.sort()  # in place: np.unique would sort a copy
            classes = int(np.count_nonzero(canon[1:] != canon[:-1])) + 1 if canon.size else 0
            del canon
        result.per_ply.append((int(level.size), int(np.count_nonzero(finished)), classes, finished_classes))
        if paths:
            result.nodes_per_ply.append(_exact(counts.sum()))
            winner = "X" if marks % 2 == 1 else "O"
            result.games.append({
                "X": _exact(counts[won].sum()) if winner == "X" else 0,
                "O": _exact(counts[won].sum()) if winner == "O" else 0,
                "draw": _exact(counts[~won].sum()) if marks == n else 0,
            })
        if progress is not None:
            progress(marks)
        if marks == n:
            break
        if marks >= 2 * k - 1:  # drop the finished positions: they have no children
            going_on = ~finished
            level = level[going_on]
            if paths:
                counts = counts[going_on]
            del going_on
        del won, finished
        level, counts = _children(np, level, counts, n, offset=0 if marks % 2 == 0 else n)
    return result


def _children(np, parents, counts, n, offset):
    """The positions one move after ``parents`` (sorted, no duplicates), with summed path counts.

    The mover's mark goes at bit ``cell + offset``.  The children made by one cell are already
    sorted and distinct (the bit is clear in every parent, so adding it keeps their order), so
    they are merged into the level one cell at a time: at most a level and one cell's children
    are held at once, never all the children of a level (six times as many on 4×4).
    """
    dtype = parents.dtype.type
    occupied = (parents & dtype((1 << n) - 1)) | (parents >> dtype(n))
    level = np.zeros(0, dtype=dtype)
    level_counts = np.zeros(0) if counts is not None else None
    for cell in range(n):
        free = (occupied & dtype(1 << cell)) == 0
        new = parents[free] | dtype(1 << (cell + offset))
        new_counts = counts[free] if counts is not None else None
        del free
        level, level_counts = _merge(np, level, level_counts, new, new_counts)
    return level, level_counts


def _merge(np, level, counts, new, new_counts):
    """Merge sorted distinct ``new`` into sorted distinct ``level``, adding the counts of positions in both."""
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


def _exact(total) -> int:
    """A float64 sum of path counts as an int, refusing to round silently."""
    if total >= 2.0**53:
        raise OverflowError("too many move sequences to count exactly with float64")
    return int(total)


def symmetry_tables(perms, n: int, dtype, chunk: int = 16) -> list:
    """Per non-identity symmetry in ``perms``, one lookup table per ``chunk`` bits of a packed position.

    The table of a piece maps each of its ``2**chunk`` values to the image of
    those bits under the symmetry, so the image of a whole array of packed
    positions (``dtype``) is a handful of gathers OR-ed together
    (:func:`canonical_keys`).  16-bit tables (65,536 entries) need the fewest
    gathers for millions of positions; a small board may take tables of its
    own size instead (3×3: 9 bits, 512 entries), which cost almost nothing
    to build.  All symmetries are built at once, a bit at a time.
    """
    import numpy as np

    if not 1 <= chunk <= 16:
        raise ValueError(f"chunk must be 1 to 16 bits, not {chunk}")
    dtype = np.dtype(dtype).type
    values = np.arange(1 << chunk, dtype=dtype)[:, None]
    # where each bit of a packed position goes: a row per symmetry, X's cells then O's
    image_of_bit = np.array([list(perm) + [p + n for p in perm] for perm in perms[1:]], dtype=dtype)
    tables = [[] for _ in perms[1:]]
    for start in range(0, 2 * n, chunk):
        # a row per value of the piece, a column per symmetry: the value's bits, each moved to its image
        moved = np.zeros((1 << chunk, len(image_of_bit)), dtype=dtype)
        for bit in range(start, min(start + chunk, 2 * n)):
            moved |= (values >> dtype(bit - start) & dtype(1)) << image_of_bit[:, bit]
        for table, column in zip(tables, moved.T):
            table.append((dtype(start), np.ascontiguousarray(column)))
    return tables


def canonical_keys(keys, tables):
    """The smallest image of each packed position under the symmetries (tables from :func:`symmetry_tables`)."""
    import numpy as np

    best = keys.copy()
    image = np.empty_like(keys)
    part = np.empty(keys.shape, dtype=np.uint16)
    for chunks in tables:
        image[:] = 0
        for start, table in chunks:
            np.bitwise_and(keys >> start, table.size - 1, out=part, casting="unsafe")
            image |= table[part]
        np.minimum(best, image, out=best)
    return best

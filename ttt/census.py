"""Counting every reachable position of a board size, level by level, with NumPy.

Walking millions of :class:`~ttt.board.Board` objects one at a time is too
slow in Python for 4×4 (9,722,011 positions).  Here a whole level of the game
(all positions with the same number of marks) is one NumPy array of packed
positions ``x | o << size``: the children of a level are made with one
vectorised OR per cell, duplicates are removed with ``np.unique``, and the
symmetry classes are found by mapping every packed position through the
board's symmetries with byte tables.

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
    walking the tree.  Sizes up to 32 cells fit; 4×4 takes about a minute and
    a few gigabytes of memory at its widest level.  ``progress`` is an
    optional callable told each finished level's number.
    """
    import numpy as np

    geo = geometry(rows, cols, k)
    n = geo.size
    if 2 * n > 64:
        raise BoardError(f"a census packs a position into 64 bits, so at most 32 cells, not {n}")
    full = np.uint64((1 << n) - 1)
    shift = np.uint64(n)
    masks = [np.uint64(m) for m in geo.line_masks]
    tables = symmetry_tables(permutations(rows, cols), n) if symmetry else []
    result = Census(rows, cols, k)
    level = np.zeros(1, dtype=np.uint64)
    counts = np.ones(1, dtype=np.float64)  # move sequences reaching each position (exact below 2**53)
    for marks in range(n + 1):
        x, o = level & full, level >> shift
        last = x if marks % 2 == 1 else o  # X made the last move when the count is odd
        won = np.zeros(level.shape, dtype=bool)
        if marks >= 2 * k - 1:
            for m in masks:
                won |= (last & m) == m
        finished = np.ones(level.shape, dtype=bool) if marks == n else won
        classes = finished_classes = 0
        if symmetry:
            canon = canonical_keys(level, tables)
            classes = int(np.unique(canon).size)
            finished_classes = int(np.unique(canon[finished]).size)
            del canon
        result.per_ply.append((int(level.size), int(finished.sum()), classes, finished_classes))
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
        parents = level[~finished]
        parent_counts = counts[~finished]
        occupied = (parents & full) | (parents >> shift)
        offset = 0 if marks % 2 == 0 else n  # X to move when the count is even
        children, child_counts = [], []
        for cell in range(n):
            free = ((occupied >> np.uint64(cell)) & np.uint64(1)) == 0
            children.append(parents[free] | np.uint64(1 << (cell + offset)))
            if paths:
                child_counts.append(parent_counts[free])
        if paths:
            level, inverse = np.unique(np.concatenate(children), return_inverse=True)
            counts = np.bincount(inverse.ravel(), weights=np.concatenate(child_counts), minlength=level.size)
        else:
            level = np.unique(np.concatenate(children))
            counts = np.ones(level.size)
        del children, child_counts, parents, occupied
    return result


def _exact(total) -> int:
    """A float64 sum of path counts as an int, refusing to round silently."""
    if total >= 2.0**53:
        raise OverflowError("too many move sequences to count exactly with float64")
    return int(total)


def symmetry_tables(perms, n: int, dtype=None, chunk: int = 8) -> list:
    """Per non-identity symmetry in ``perms``, lookup tables that map a packed position chunk by chunk.

    A packed position ``x | o << n`` is cut into ``chunk``-bit pieces; the
    table of a piece maps each of its ``2**chunk`` values to the image of
    those bits under the symmetry, so the image of a whole array of
    positions is a handful of gathers OR-ed together (:func:`canonical_keys`).
    8-bit tables are cheap to make (small boards, a few positions); 16-bit
    ones halve the gathers when there are millions of positions.
    ``dtype`` is that of the keys (``numpy.uint64`` by default).
    """
    import numpy as np

    dtype = np.dtype(dtype or np.uint64).type
    values = np.arange(1 << chunk, dtype=dtype)[:, None]
    # where each bit of a packed position goes: a row per symmetry, X's cells then O's
    image_of_bit = np.array([list(perm) + [p + n for p in perm] for perm in perms[1:]], dtype=dtype)
    tables = [[] for _ in perms[1:]]
    for start in range(0, 2 * n, chunk):
        # a row per chunk value, a column per symmetry: the value's bits, each moved to its image
        moved = np.zeros((1 << chunk, len(image_of_bit)), dtype=dtype)
        for bit in range(start, min(start + chunk, 2 * n)):
            moved |= (values >> dtype(bit - start) & dtype(1)) << image_of_bit[:, bit]
        for table, column in zip(tables, moved.T):
            table.append((dtype(start), dtype((1 << chunk) - 1), np.ascontiguousarray(column)))
    return tables


def canonical_keys(keys, tables):
    """The smallest image of each packed position under the symmetries (:func:`symmetry_tables`)."""
    import numpy as np

    best = keys.copy()
    for chunks in tables:
        image = np.zeros(keys.shape, dtype=keys.dtype)
        for start, mask, table in chunks:
            image |= table[((keys >> start) & mask).astype(np.intp)]
        np.minimum(best, image, out=best)
    return best

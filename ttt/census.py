"""Counting every reachable position of a board size, level by level, with NumPy.

Walking millions of :class:`~ttt.board.Board` objects one at a time is too
slow in Python for 4×4 (9,722,011 positions).  :func:`census` counts over
the package's one forward sweep (:func:`ttt.retrograde_numpy.forward_sweep`),
which holds a whole level of the game (all positions with the same number of
marks) as one sorted NumPy array of packed positions ``x | o << size`` and
can carry the number of move sequences reaching each position along.  The
symmetry classes are counted by their smallest members, found by mapping
every packed position through the board's symmetries with tables indexed by
up to 16 bits at a time (:func:`symmetry_tables`, :func:`canonical_members`),
as the tablebase does when it keeps one member per class.

NumPy is imported inside the functions, so ``import ttt`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ttt.geometry import geometry
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

    from ttt.retrograde_numpy import forward_sweep, key_dtype

    n = geometry(rows, cols, k).size
    tables = symmetry_tables(permutations(rows, cols), n, key_dtype(n)) if symmetry else []
    result = Census(rows, cols, k)
    for marks, level, won, counts in forward_sweep(rows, cols, k, paths=paths):
        finished = won | (marks == n)
        result.per_ply.append(count_level(level, finished, canonical_members(level, tables) if symmetry else None))
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
    while len(result.per_ply) <= n:  # every game ended before the board was full: the rest is empty
        result.per_ply.append((0, 0, 0, 0))
        if paths:
            result.nodes_per_ply.append(0)
            result.games.append({"X": 0, "O": 0, "draw": 0})
        if progress is not None:
            progress(len(result.per_ply) - 1)
    return result


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


def count_level(keys, finished, canonical=None) -> tuple[int, int, int, int]:
    """``(positions, finished, classes, finished_classes)`` of one level: the one count of a level.

    ``finished`` marks the finished positions and ``canonical`` the smallest
    member of each class (:func:`canonical_members`; ``None``: classes not
    counted, 0).  :attr:`Census.per_ply` and the tablebase's
    :class:`ttt.retrograde.LevelCounts` are both made by it.
    """
    import numpy as np

    positions, done = int(keys.size), int(np.count_nonzero(finished))
    if canonical is None:
        return positions, done, 0, 0
    return positions, done, int(np.count_nonzero(canonical)), int(np.count_nonzero(canonical & finished))


def canonical_members(keys, tables, block: int = 1 << 20):
    """Whether each packed position is the smallest of its class (tables from :func:`symmetry_tables`).

    Each class of symmetric positions has exactly one such member, so their
    number is the number of classes.  ``block`` positions are mapped at a
    time, which bounds the temporary arrays however long ``keys`` is.
    """
    import numpy as np

    if not tables:  # a 1×1 board has no symmetry but the identity
        return np.ones(keys.shape, dtype=bool)
    return np.concatenate([
        keys[start : start + block] == canonical_keys(keys[start : start + block], tables)
        for start in range(0, max(keys.size, 1), block)
    ])[: keys.size]

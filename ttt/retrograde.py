"""Retrograde analysis: every position solved bottom-up, from the full boards back to the empty one.

Negamax with a table (:mod:`ttt.memo`) works *top-down*: it starts from the
question ("what is the empty board worth?") and recurses until it reaches
finished games.  Retrograde analysis is the same dynamic programme run
*bottom-up*, the way endgame tablebases for chess and checkers are built:

1. list every position reachable from the empty board, grouped into
   *levels* by the number of marks (a forward sweep);
2. solve the levels from the fullest back to the empty board.  A finished
   position scores :func:`ttt.scores.leaf_score`; an unfinished one scores
   the best of minus its children's scores.  Every child has one mark
   more, so it sits in the level solved just before: no recursion, no
   search tree, and every position is worked out exactly once.

The result, a :class:`Tablebase`, answers every question at once: the
value, every value-keeping move and the length of the game, for any
reachable position, with no search at all (:meth:`Tablebase.lookup`
returns exactly what :func:`ttt.solve` does).  The price is that it must
visit every position (16,167 look-ups for the 5,478 of 3×3), where
alpha-beta with a table, asking one question, needs under a thousand calls.

Three builders, which agree exactly (the tests check it):

* ``method="plain"``: :func:`positions_by_level` and :func:`solve_levels`,
  a dozen lines over :class:`~ttt.board.Board` objects, the version
  notebook 06 reads (boards of up to :data:`PLAIN_MAX_CELLS` cells);
* ``method="numpy"`` (the default): :mod:`ttt.retrograde_numpy`, whole
  levels as sorted integer arrays, which solves all 9,722,011 positions of
  4×4 in a few seconds;
* :meth:`Tablebase.top_down`: the other direction, memoised negamax on
  bitboards that solves each class of symmetric positions once, through
  whichever member it meets first (3×3: 1,879 calls for 627 classes, a few
  milliseconds), the table behind :func:`ttt.solve`'s hints on small
  boards (:func:`tablebase` keeps one per board size).

Words: a *tablebase* (this module's :class:`Tablebase`) is every reachable
position solved; a *transposition table* is the memo of one search
(:mod:`ttt.memo`, :mod:`ttt.engine`), which holds only what that search
met; a *symmetry table* (:func:`ttt.census.symmetry_tables`) maps packed
positions to their images; and the *results table* is the benchmark's
(:mod:`ttt.tools.algorithms`).

A table keeps one member of each class of symmetric positions (the
smallest packed image, as in :mod:`ttt.census`): 1,217,977 entries for
4×4 instead of 9,722,011, which keeps a loaded table small (under 10 MB in
memory, 1.4 MB on disk).  A look-up maps the board onto that member and
the best moves back.  :meth:`Tablebase.save` writes a compact file that
:func:`load` reads back; ``python -m ttt tablebase`` builds, summarises
and saves from the command line.

NumPy (and tqdm, for the progress bar) are imported inside the functions
that need them, so ``import ttt`` stays light.
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import asdict, astuple, dataclass
from math import comb
from pathlib import Path

from functools import lru_cache

from ttt.bitboard import Layout, layout
from ttt.budget import progress_bar
from ttt.board import Board
from ttt.geometry import BoardError, check_shape
from ttt.instrument import SearchStats
from ttt.scores import leaf_score, plies_from_score, sign
from ttt.solution import Solution
from ttt.symmetry import permutations

__all__ = [
    "PLAIN_MAX_CELLS",
    "LevelCounts",
    "Tablebase",
    "tablebase",
    "solve_all",
    "positions_by_level",
    "solve_levels",
    "best_moves",
    "load",
    "estimate",
    "check_size",
]

PLAIN_MAX_CELLS = 12
"""The largest board the plain builder accepts (3×4 with k=3: 111,973 positions, a few seconds); beyond, use NumPy."""

PROGRESS_MIN_CELLS = 16
"""From this many cells on (4×4) a build takes seconds, so it shows a progress bar unless told not to."""

BYTES_PER_POSITION = 64
"""Measured peak memory of a NumPy build per position of the upper bound (:func:`estimate`), rounded up.

4×4: about 300 MB for a bound of 10,165,779 (30 bytes each, the
interpreter included) with 32-bit keys; 64-bit keys and wider masks
(boards of more than 16 cells) take half as much again, and the rest is
margin."""

SMALL_BUILD = 10**9
"""Estimates up to this many bytes (1 GB) are built without asking the system how much memory is free."""

FORMAT = "ttt-tablebase 1"

INDEX_MAX = 200_000
"""Tables with at most this many entries (3×4: 20,088) index their keys in a dict for quick look-ups."""

SOLVED_MAX = 1 << 16
"""A table remembers at most this many solutions it has looked up (3×3 has 5,478 positions)."""


# ---------------------------------------------------------------------- the plain version


def positions_by_level(rows: int = 3, cols: int = 3, k: int = 3) -> list[set[Board]]:
    """Every position reachable from the empty board, as one set per number of marks (the forward sweep).

    A finished position is kept but has no children, so nothing reaches
    past it.
    """
    levels = [{Board.empty(rows, cols, k)}]
    while True:
        following = {child for board in levels[-1] for _, child in board.children()}
        if not following:
            return levels
        levels.append(following)


def solve_levels(levels: list[set[Board]]) -> dict[Board, int]:
    """The depth-aware score of every position for the side to move, solved level by level, fullest first.

    A position's score is the best of minus its children's scores, and its
    children have one mark more: taking the levels from the fullest back to
    the empty board means every child is solved before its parents ask.
    """
    scores = {}
    for level in reversed(levels):
        for board in level:
            if board.is_over:
                scores[board] = leaf_score(board)
            else:
                scores[board] = max(-scores[child] for _, child in board.children())
    return scores


def best_moves(board: Board, scores: dict[Board, int]) -> tuple[int, ...]:
    """Every move that keeps the value of ``board`` (the sign of its score), in cell order."""
    value = sign(scores[board])
    return tuple(cell for cell, child in board.children() if sign(-scores[child]) == value)


def _plain_levels(rows: int, cols: int, k: int):
    """The plain builder's results as :class:`ttt.retrograde_numpy.Level` arrays, for :meth:`Tablebase.from_levels`."""
    import numpy as np

    from ttt.retrograde_numpy import Level, key_dtype, mask_dtype

    if rows * cols > PLAIN_MAX_CELLS:
        raise BoardError(
            f"the plain builder is for boards of at most {PLAIN_MAX_CELLS} cells, not {rows}×{cols}:"
            " use method='numpy'"
        )
    levels = positions_by_level(rows, cols, k)
    scores = solve_levels(levels)
    lay = layout(rows, cols, k)
    result = []
    for marks, level in enumerate(levels):
        boards = sorted(level, key=lay.key)
        masks = [sum(1 << cell for cell in best_moves(board, scores)) for board in boards]
        result.append(Level(
            marks,
            np.array([lay.key(board) for board in boards], dtype=key_dtype(lay.size)),
            np.array([scores[board] for board in boards], dtype=np.int8),
            np.array(masks, dtype=mask_dtype(lay.size)),
            np.array([board.is_over for board in boards], dtype=bool),
        ))
    return result


# ---------------------------------------------------------------------- the table


@dataclass(frozen=True)
class LevelCounts:
    """The positions with ``marks`` marks, counted: all, finished, up to symmetry, and by outcome.

    ``wins``, ``draws`` and ``losses`` are for the side to move under
    perfect play (a finished board counts as a loss if anybody has won,
    else a draw).  X moves when ``marks`` is even.
    """

    marks: int
    positions: int
    finished: int
    classes: int
    wins: int
    draws: int
    losses: int

    @property
    def x_wins(self) -> int:
        """Positions the first player (X) wins with perfect play."""
        return self.wins if self.marks % 2 == 0 else self.losses

    @property
    def o_wins(self) -> int:
        """Positions the second player (O) wins with perfect play."""
        return self.losses if self.marks % 2 == 0 else self.wins


class Tablebase:
    """Every position reachable from the empty board, solved: ``len(table)`` positions, one look-up each.

    ``keys`` (sorted), ``scores`` and ``best`` are NumPy arrays with one
    entry per class of symmetric positions: the smallest packed image
    ``x | o << size``, its depth-aware score for the side to move and its
    value-keeping moves as a bit mask.  ``levels`` holds a
    :class:`LevelCounts` per number of marks, counted over every position.
    ``stats`` counts the work of the top-down builder (:meth:`top_down`;
    ``None`` for the bottom-up ones).

    Built bottom-up by :func:`solve_all`, top-down by :meth:`top_down`, or
    read from a file by :func:`load`.
    """

    def __init__(self, rows: int, cols: int, k: int, keys, scores, best, levels: list[LevelCounts],
                 stats: SearchStats | None = None):
        self.rows, self.cols, self.k = rows, cols, k
        self.layout = layout(rows, cols, k)
        self.keys, self.scores, self.best = keys, scores, best
        self.levels = list(levels)
        self.stats = stats
        # A dictionary look-up takes a fraction of a NumPy search's time for one key (the widget's
        # reply is one key at a time); a 4×4 table's index would take about 150 MB, so a large
        # table searches its sorted keys instead.
        self._index = dict(zip(keys.tolist(), range(keys.size))) if keys.size <= INDEX_MAX else None
        # Solutions already looked up, by cells: judging a player asks about the same positions again
        # and again (notebook 08 judges 18 players on all 4,520 of 3×3), and working one out (finding its
        # symmetry, then its entry) costs ten times as much as remembering it.
        self._solved: dict[str, Solution] = {}

    @classmethod
    def from_levels(cls, rows: int, cols: int, k: int, levels) -> Tablebase:
        """The table of solved levels (:class:`ttt.retrograde_numpy.Level`): counted, then cut to one member per class."""
        import numpy as np

        from ttt.census import canonical_members, count_level, symmetry_tables

        n = rows * cols
        keys = np.concatenate([level.keys for level in levels])
        tables = symmetry_tables(permutations(rows, cols), n, keys.dtype.type, chunk=min(n, 16))
        canonical = canonical_members(keys, tables)
        ends = np.cumsum([level.keys.size for level in levels])
        counts = [
            # positions, finished and classes as the census counts them; then wins, draws and losses for
            # the side to move: scores of sign +1, 0 and -1
            LevelCounts(level.marks, *count_level(level.keys, level.finished, canonical[end - level.keys.size : end])[:3],
                        *map(int, np.bincount(1 - np.sign(level.scores), minlength=3)))
            for level, end in zip(levels, ends)
        ]
        scores = np.concatenate([level.scores for level in levels])[canonical]
        best = np.concatenate([level.best for level in levels])[canonical]
        keys = keys[canonical]
        order = np.argsort(keys)
        return cls(rows, cols, k, keys[order], scores[order], best[order], counts)

    @classmethod
    def top_down(cls, rows: int = 3, cols: int = 3, k: int = 3) -> Tablebase:
        """Every position solved top-down: memoised negamax over classes of symmetric positions.

        The search starts from the empty board and solves each class once,
        through whichever member it meets first (:class:`_ClassSolver`); the
        answers are then written for each class's smallest member, as the
        bottom-up builders store them.  ``stats`` counts the solver's work:
        ``nodes`` are its calls (one per class reached, plus one per edge
        into an already-solved class: 1,879 on 3×3), ``hits`` the calls
        answered by a class already solved, and ``table_size`` the
        positions in the finished table.  Quick for small boards (3×3: a few
        milliseconds); :func:`solve_all` is the way for 4×4.
        """
        import numpy as np

        from ttt.retrograde_numpy import key_dtype, mask_dtype

        check_shape(rows, cols, k)
        lay = layout(rows, cols, k)
        solver = _ClassSolver(lay)
        rows_by_key = solver.canonical_rows()
        counts: dict[int, list[int]] = {}  # marks -> [positions, finished, classes, wins, draws, losses]
        for key, (score, _, members, finished) in rows_by_key.items():
            row = counts.setdefault(key.bit_count(), [0] * 6)
            row[0] += members
            row[1] += members if finished else 0
            row[2] += 1
            row[4 - sign(score)] += members  # wins, draws, losses: scores of sign +1, 0, -1
        keys = sorted(rows_by_key)
        table = cls(
            rows, cols, k,
            np.array(keys, dtype=key_dtype(lay.size)),
            np.array([rows_by_key[key][0] for key in keys], dtype=np.int8),
            np.array([rows_by_key[key][1] for key in keys], dtype=mask_dtype(lay.size)),
            [LevelCounts(marks, *counts[marks]) for marks in sorted(counts)],
            stats=solver.stats,
        )
        solver.stats.table_size = len(table)
        return table

    # ------------------------------------------------------------------ answers
    def __len__(self) -> int:
        """The number of reachable positions, finished ones included (not of stored classes)."""
        return sum(level.positions for level in self.levels)

    @property
    def classes(self) -> int:
        """The number of entries: one per class of positions equal up to a symmetry of the board."""
        return int(self.keys.size)

    def _board(self, board) -> Board:
        """``board`` as a :class:`Board` of this table's size, or :class:`BoardError`."""
        board = Board.of(board)
        if (board.rows, board.cols, board.k) != (self.rows, self.cols, self.k):
            raise BoardError(
                f"this table is for {self.rows}×{self.cols} boards with k={self.k},"
                f" not {board.rows}×{board.cols} with k={board.k}"
            )
        return board

    def _entry(self, board: Board) -> tuple[int, int, tuple[int, ...]]:
        """``(score, best-move mask, perm)`` of ``board``: the stored member is ``board`` moved by ``perm``.

        The member is the smallest of the board's images under the
        symmetries (:meth:`ttt.bitboard.Layout.images`); its best moves are in
        its own cells, so cell ``c`` of ``board`` is a best move when bit
        ``perm[c]`` of the mask is set.
        """
        lay = self.layout
        images = lay.images(lay.key(board))
        key = lay.canonical_of_images(images)
        perm = _symmetry_to(lay, images, key)
        if self._index is not None:
            at = self._index.get(key, -1)
        else:
            at = int(self.keys.searchsorted(key))
            if at == self.keys.size or int(self.keys[at]) != key:
                at = -1
        if at < 0:
            raise BoardError(f"{board.notation} cannot be reached from the empty board by legal moves")
        return int(self.scores[at]), int(self.best[at]), perm

    def lookup(self, board) -> Solution:
        """The solution of ``board`` (a :class:`Board` or a board string): the same as :func:`ttt.solve` gives.

        Raises :class:`BoardError` for a board of another size or one that
        no legal game reaches.
        """
        board = self._board(board)
        solution = self._solved.get(board.cells)
        if solution is None:
            solution = self._solution(board)
            if len(self._solved) < SOLVED_MAX:
                self._solved[board.cells] = solution
        return solution

    def _solution(self, board: Board) -> Solution:
        """The solution of ``board`` (of this table's size), worked out from its entry."""
        score, best, perm = self._entry(board)
        if best == 0:  # only a finished board has no move that keeps its value
            return Solution(value=sign(score), best_moves=(), plies=0, score=score)
        moves = tuple(cell for cell in range(board.size) if best >> perm[cell] & 1)
        empty = board.size - board.moves_made
        return Solution(value=sign(score), best_moves=moves, plies=plies_from_score(score, empty), score=score)

    def move_scores(self, board) -> dict[int, int]:
        """The depth-aware score of every legal move for the side to move, read from the table (as :func:`ttt.solver.move_scores`).

        A move's score is minus the score of the position it leads to, for
        the opponent who moves there; a finished board has none.
        """
        board = self._board(board)
        return {cell: -self._entry(child)[0] for cell, child in board.children()}

    def __contains__(self, board) -> bool:
        try:
            self._entry(self._board(board))
        except BoardError:
            return False
        return True

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tablebase):
            return NotImplemented
        mine, theirs = (self.keys, self.scores, self.best), (other.keys, other.scores, other.best)
        return (
            (self.rows, self.cols, self.k, self.levels) == (other.rows, other.cols, other.k, other.levels)
            and all(a.dtype == b.dtype and a.shape == b.shape and (a == b).all() for a, b in zip(mine, theirs))
        )

    __hash__ = None  # equal tables compare equal, but a table is not a dictionary key

    def __repr__(self) -> str:
        return f"Tablebase({self.rows}×{self.cols}, k={self.k}: {len(self):,} positions, {self.classes:,} up to symmetry)"

    # ------------------------------------------------------------------ counts
    @property
    def outcomes(self) -> dict[str, int]:
        """Every position counted by its value for the side to move: ``{"win": ..., "draw": ..., "loss": ...}``."""
        return {
            "win": sum(level.wins for level in self.levels),
            "draw": sum(level.draws for level in self.levels),
            "loss": sum(level.losses for level in self.levels),
        }

    @property
    def first_player_wins(self) -> int:
        """Positions from which X (who moves first) wins with perfect play, finished wins for X included."""
        return sum(level.x_wins for level in self.levels)

    def summary(self) -> dict:
        """The counts as one JSON-ready dict (``python -m ttt tablebase --json`` prints it)."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "k": self.k,
            "positions": len(self),
            "classes": self.classes,
            "finished": sum(level.finished for level in self.levels),
            "outcomes": self.outcomes,
            "first_player_wins": self.first_player_wins,
            "second_player_wins": sum(level.o_wins for level in self.levels),
            "levels": [asdict(level) for level in self.levels],
        }

    # ------------------------------------------------------------------ files
    def save(self, path) -> int:
        """Write the table to ``path`` in a compact file that :func:`load` reads back; returns its size in bytes.

        The file is a line naming the format, a line of JSON (the shape, the
        counts, the array types) and the three arrays compressed with zlib:
        keys as differences from the previous key (small numbers, which
        compress well), then scores, then best moves.  The same table gives
        the same bytes.
        """
        import numpy as np

        deltas = np.diff(self.keys, prepend=self.keys.dtype.type(0))
        header = {
            "rows": self.rows, "cols": self.cols, "k": self.k, "entries": self.classes,
            "key_dtype": self.keys.dtype.str, "best_dtype": self.best.dtype.str,
            "levels": [astuple(level) for level in self.levels],
        }
        payload = zlib.compress(deltas.tobytes() + self.scores.tobytes() + self.best.tobytes(), 9)
        data = f"{FORMAT}\n{json.dumps(header)}\n".encode() + payload
        Path(path).write_bytes(data)
        return len(data)



def load(path) -> Tablebase:
    """Read back a table written by :meth:`Tablebase.save` (``ValueError`` if the file is not one)."""
    import numpy as np

    data = Path(path).read_bytes()
    try:
        magic, header_line, payload = data.split(b"\n", 2)
        if magic.decode() != FORMAT:
            raise ValueError
        header = json.loads(header_line)
        raw = zlib.decompress(payload)
    except (ValueError, UnicodeDecodeError, zlib.error):
        raise ValueError(f"{os.fspath(path)} is not a {FORMAT!r} file (write one with Tablebase.save)") from None
    entries = header["entries"]
    key_t, best_t = np.dtype(header["key_dtype"]), np.dtype(header["best_dtype"])
    sizes = (entries * key_t.itemsize, entries, entries * best_t.itemsize)
    if len(raw) != sum(sizes):
        raise ValueError(f"{os.fspath(path)} is cut short or damaged: rebuild it with python -m ttt tablebase")
    keys = np.cumsum(np.frombuffer(raw, key_t, entries), dtype=key_t)
    scores = np.frombuffer(raw, np.int8, entries, offset=sizes[0]).copy()
    best = np.frombuffer(raw, best_t, entries, offset=sizes[0] + sizes[1]).copy()
    levels = [LevelCounts(*row) for row in header["levels"]]
    return Tablebase(header["rows"], header["cols"], header["k"], keys, scores, best, levels)


# ---------------------------------------------------------------------- the top-down builder


class _ClassSolver:
    """Memoised negamax on bitboards that solves each class of symmetric positions once (:meth:`Tablebase.top_down`).

    ``solved`` lists ``(packed images of a member, its score, its best
    moves)`` per unfinished class, ``finished`` ``(packed images, score)``
    per finished position reached (with repeats).
    """

    def __init__(self, lay: Layout):
        self.layout = lay
        self.stats = SearchStats()
        self.class_scores: dict[int, int] = {}  # canonical packed position -> score
        self.solved: list[tuple[int, int, int]] = []
        self.finished: list[tuple[int, int]] = []
        self.score(0, 0, 0, lay.size)

    def score(self, x: int, o: int, images: int, n_empty: int) -> int:
        """Depth-aware score of the unfinished position ``x``, ``o`` for the side to move.

        ``images`` packs the position's images under every symmetry
        (:meth:`ttt.bitboard.Layout.images`); the smallest of them names its
        class, so each class is solved once, through whichever member the
        search meets first.
        """
        self.stats.nodes += 1
        lay = self.layout
        key = lay.canonical_of_images(images)
        known = self.class_scores.get(key)
        if known is not None:
            self.stats.hits += 1
            return known
        x_to_move = n_empty % 2 == lay.size % 2
        me, move_images = (x, lay.x_images) if x_to_move else (o, lay.o_images)
        rest = lay.full & ~(x | o)
        scored = []
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            mine = me | low
            child_images = images | move_images[cell]
            for mask in lay.masks_through[cell]:
                if mask & mine == mask:
                    value = n_empty  # winning at once is as good as it gets
                    self.finished.append((child_images, -n_empty))
                    break
            else:
                if n_empty == 1:
                    value = 0
                    self.finished.append((child_images, 0))
                elif x_to_move:
                    value = -self.score(mine, o, child_images, n_empty - 1)
                else:
                    value = -self.score(x, mine, child_images, n_empty - 1)
            scored.append((low, value))
        score = max(value for _, value in scored)
        keep = sign(score)
        best = 0
        for low, value in scored:
            if sign(value) == keep:
                best |= low
        self.class_scores[key] = score
        self.solved.append((images, score, best))
        return score

    def canonical_rows(self) -> dict[int, tuple[int, int, int, bool]]:
        """``{canonical key: (score, best moves in the key's own cells, members of the class, finished)}``.

        The best moves move with the position: field ``s`` of the best
        moves' images belongs to field ``s`` of the position's.
        """
        lay = self.layout
        mask, shifts, x_images = lay.field_mask, (0, *lay.field_shifts), lay.x_images
        result = {}
        for images, score, best, finished in [*((*row, False) for row in self.solved),
                                              *((images, score, 0, True) for images, score in self.finished)]:
            key = lay.canonical_of_images(images)
            if key in result:
                continue
            best_images = 0
            while best:
                low = best & -best
                best ^= low
                best_images |= x_images[low.bit_length() - 1]
            own = next(best_images >> shift & mask for shift in shifts if images >> shift & mask == key)
            result[key] = (score, own, len({images >> shift & mask for shift in shifts}), finished)
        return result


def _symmetry_to(lay: Layout, images: int, key: int) -> tuple[int, ...]:
    """A symmetry (as a cell permutation) that moves the position of packed ``images`` onto its image ``key``."""
    if images & lay.field_mask == key:
        return tuple(range(lay.size))
    mask = lay.field_mask
    return next(perm for shift, perm in zip(lay.field_shifts, lay.symmetry_perms) if images >> shift & mask == key)


def tablebase(rows: int = 3, cols: int = 3, k: int = 3) -> Tablebase:
    """One :meth:`Tablebase.top_down` per board size, built on first use and then shared (however the size is written)."""
    return _tablebase(rows, cols, k)


@lru_cache(maxsize=None)
def _tablebase(rows: int, cols: int, k: int) -> Tablebase:
    return Tablebase.top_down(rows, cols, k)


# ---------------------------------------------------------------------- building


def estimate(rows: int, cols: int, k: int) -> tuple[int, int]:
    """``(positions, bytes)``: an upper bound on the reachable positions, and the memory a NumPy build would need.

    The bound counts every way to place as many X as O, or one more, on
    the board, ignoring that play stops at a win (4×4: 10,165,779 for
    9,722,011 reachable); the memory is :data:`BYTES_PER_POSITION` for each.
    """
    check_shape(rows, cols, k)
    n = rows * cols
    positions = sum(comb(n, marks) * comb(marks, marks // 2) for marks in range(n + 1))
    return positions, positions * BYTES_PER_POSITION


def _available_memory() -> int | None:
    """Bytes of memory this machine can still give (Linux's MemAvailable), or ``None`` if unknown."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def check_size(rows: int, cols: int, k: int, available: int | None = None) -> None:
    """Raise :class:`BoardError`, with the estimate, if the board is too large to tabulate on this machine.

    Too large: a position does not fit in 64 bits, or the memory
    :func:`estimate` gives is more than half of what the machine has free
    (``available`` bytes; by default read from the system, 4 GB if unknown).
    """
    positions, memory = estimate(rows, cols, k)
    if 2 * rows * cols > 64:
        raise BoardError(
            f"{rows}×{cols} has {rows * cols} cells, too many to pack a position into 64 bits"
            f" (up to {positions:,} positions): at most 32 cells can be tabulated"
        )
    if available is None:
        if memory <= SMALL_BUILD:
            return
        available = _available_memory() or 4 * 10**9
    if memory > available // 2:
        raise BoardError(
            f"{rows}×{cols} with k={k} is too large to tabulate here: up to {positions:,} positions"
            f" would need about {memory / 1e9:,.1f} GB of memory, and this machine has"
            f" {available / 1e9:,.1f} GB free (at most half of it may be used)"
        )


def solve_all(rows: int = 3, cols: int = 3, k: int = 3, method: str = "numpy", progress: bool | None = None) -> Tablebase:
    """Solve every position reachable from the empty rows×cols board with k in a row, bottom-up.

    ``method`` is ``"numpy"`` (:mod:`ttt.retrograde_numpy`) or ``"plain"``
    (:func:`positions_by_level` and :func:`solve_levels`); both give the
    same table.  ``progress`` shows a bar (:func:`ttt.budget.progress_bar`) on standard error (by
    default from :data:`PROGRESS_MIN_CELLS` cells on).  A board too large
    for this machine is refused before anything is built
    (:func:`check_size`).

    >>> table = solve_all(3, 3, 3)
    >>> len(table), table.lookup(Board.parse("XX./OO./...")).best_moves
    (5478, (2,))
    """
    check_shape(rows, cols, k)
    check_size(rows, cols, k)
    if method == "plain":
        return Tablebase.from_levels(rows, cols, k, _plain_levels(rows, cols, k))
    if method != "numpy":
        raise ValueError(f"method must be 'numpy' or 'plain', not {method!r}")
    from ttt.retrograde_numpy import build_levels

    if progress is None:
        progress = rows * cols >= PROGRESS_MIN_CELLS
    bar = progress_bar(2 * (rows * cols + 1), f"{rows}×{cols} k={k}", unit="level", enabled=progress)
    try:
        levels = build_levels(rows, cols, k, step=bar.update if progress else None)
    finally:
        bar.close()
    return Tablebase.from_levels(rows, cols, k, levels)

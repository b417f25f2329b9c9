"""The whole game solved once: every reachable position with its value, best moves and length.

A widget that must answer in well under a millisecond should not search at
all: it looks the answer up.  :class:`SolvedTable` solves each class of
positions (positions equal up to a symmetry) once, by memoised negamax on
bitboards, and then writes the answer for every member of the class by
moving the best moves through the same symmetry.  On 3×3 that is 765
classes for 5,478 positions.
"""

from __future__ import annotations

from functools import lru_cache

from ttt.board import Board
from ttt.engine import layout
from ttt.minimax import plies_from_score
from ttt.solution import Solution
from ttt.geometry import BoardError


class SolvedTable:
    """Every position reachable from the empty board, solved.

    ``len(table)`` is the number of positions; ``table.lookup(board)`` gives
    the :class:`~ttt.engine.Solution` of any reachable board.  ``calls``
    counts the solver's calls while building (one per class of positions
    reached, plus one per edge into an already-solved class).
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3):
        self.shape = (rows, cols, k)
        self.layout = lay = layout(rows, cols, k)
        self.calls = 0
        self._class_scores: dict[int, int] = {}
        self._class_best: dict[int, int] = {}
        self._finished: list[int] = []
        self._score(0, lay.size)
        self.entries: dict[int, tuple[int, int]] = {}  # packed position -> (score, best-move bit mask)
        self._expand()

    # ------------------------------------------------------------------ solving the classes
    def _score(self, key: int, n_empty: int) -> int:
        """Depth-aware score of the canonical packed position ``key`` for the side to move."""
        self.calls += 1
        known = self._class_scores.get(key)
        if known is not None:
            return known
        lay = self.layout
        n = lay.size
        x, o = key & lay.full, key >> n
        x_to_move = n_empty % 2 == n % 2
        me = x if x_to_move else o
        rest = lay.full & ~(x | o)
        scored = []
        while rest:
            low = rest & -rest
            rest ^= low
            mine = me | low
            child = (x | low) | o << n if x_to_move else x | (o | low) << n
            for mask in lay.masks_through[low.bit_length() - 1]:
                if mask & mine == mask:
                    value = n_empty  # winning at once is as good as it gets
                    self._finished.append(child)
                    break
            else:
                if n_empty == 1:
                    value = 0
                    self._finished.append(child)
                else:
                    value = -self._score(lay.canonical(child), n_empty - 1)
            scored.append((low, value))
        score = max(value for _, value in scored)
        sign = (score > 0) - (score < 0)
        best = 0
        for low, value in scored:
            if (value > 0) - (value < 0) == sign:
                best |= low
        self._class_scores[key] = score
        self._class_best[key] = best
        return score

    # ------------------------------------------------------------------ every member of every class
    def _expand(self) -> None:
        """Write an entry for every image of every solved class, and of every finished position."""
        lay = self.layout
        width, cmask, tables = lay.chunk_width, lay.chunk_mask, lay.symmetry_tables
        entries = self.entries
        for key, score in self._class_scores.items():
            best = self._class_best[key]
            entries[key] = (score, best)
            for chunks in tables:
                image, image_best, rest, rest_best = 0, 0, key, best
                for table in chunks:
                    image |= table[rest & cmask]
                    image_best |= table[rest_best & cmask]  # X bits map like cells
                    rest >>= width
                    rest_best >>= width
                if image not in entries:
                    entries[image] = (score, image_best)
        n = lay.size
        for child in self._finished:
            if child in entries:
                continue
            x, o = child & lay.full, child >> n
            won = any(mask & x == mask or mask & o == mask for mask in lay.masks)
            score = -(n - (x | o).bit_count() + 1) if won else 0
            entries[child] = (score, 0)
            for chunks in tables:
                image, rest = 0, child
                for table in chunks:
                    image |= table[rest & cmask]
                    rest >>= width
                entries[image] = (score, 0)

    # ------------------------------------------------------------------ answers
    def __len__(self) -> int:
        return len(self.entries)

    @property
    def classes(self) -> int:
        """How many classes of unfinished positions were solved."""
        return len(self._class_scores)

    def key(self, board: Board) -> int:
        if (board.rows, board.cols, board.k) != self.shape:
            raise BoardError(f"this table is for {self.shape[0]}×{self.shape[1]} k={self.shape[2]} boards")
        x, o = board.bits
        return x | o << self.layout.size

    def lookup(self, board: Board) -> Solution:
        """The solution of a reachable ``board`` (a dictionary look-up, no search)."""
        key = self.key(board)
        score, best = self.entries[key]
        n_empty = self.layout.size - board.moves_made
        moves = tuple(cell for cell in range(self.layout.size) if best >> cell & 1)
        return Solution(
            value=(score > 0) - (score < 0), best_moves=moves, plies=plies_from_score(score, n_empty) if moves else 0, score=score
        )

    def __contains__(self, board: Board) -> bool:
        return self.key(board) in self.entries


@lru_cache(maxsize=None)
def solved_table(rows: int = 3, cols: int = 3, k: int = 3) -> SolvedTable:
    """One :class:`SolvedTable` per board size, built on first use and then shared."""
    return SolvedTable(rows, cols, k)

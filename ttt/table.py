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
        self._class_scores: dict[int, int] = {}  # canonical packed position -> score
        self._solved: list[tuple[int, int, int]] = []  # (packed images of a member, its score, its best moves)
        self._finished: list[tuple[int, int]] = []  # (packed images, score) of finished positions reached
        self._score(0, 0, 0, lay.size)
        self.entries: dict[int, tuple[int, int]] = {}  # packed position -> (score, best-move bit mask)
        self._expand()

    # ------------------------------------------------------------------ solving the classes
    def _score(self, x: int, o: int, images: int, n_empty: int) -> int:
        """Depth-aware score of the unfinished position ``x``, ``o`` for the side to move.

        ``images`` packs the position's images under every symmetry
        (:meth:`ttt.engine.Layout.images`); the smallest of them names its
        class, so each class is solved once, through whichever member the
        search meets first.
        """
        self.calls += 1
        lay = self.layout
        key = lay.canonical_of_images(images)
        known = self._class_scores.get(key)
        if known is not None:
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
                    self._finished.append((child_images, -n_empty))
                    break
            else:
                if n_empty == 1:
                    value = 0
                    self._finished.append((child_images, 0))
                elif x_to_move:
                    value = -self._score(mine, o, child_images, n_empty - 1)
                else:
                    value = -self._score(x, mine, child_images, n_empty - 1)
            scored.append((low, value))
        score = max(value for _, value in scored)
        sign = (score > 0) - (score < 0)
        best = 0
        for low, value in scored:
            if (value > 0) - (value < 0) == sign:
                best |= low
        self._class_scores[key] = score
        self._solved.append((images, score, best))
        return score

    # ------------------------------------------------------------------ every member of every class
    def _expand(self) -> None:
        """Write an entry for every image of every solved position, and of every finished one.

        Field ``s`` of a position's packed images is its image under symmetry
        ``s``; the best moves move with it (field ``s`` of their own images).
        """
        lay = self.layout
        mask, shifts, x_images = lay.field_mask, (0, *lay.field_shifts), lay.x_images
        entries = self.entries
        for images, score, best in self._solved:
            best_images = 0
            while best:
                low = best & -best
                best ^= low
                best_images |= x_images[low.bit_length() - 1]
            for shift in shifts:
                entries[images >> shift & mask] = (score, best_images >> shift & mask)
        for images, score in self._finished:
            for shift in shifts:
                entries[images >> shift & mask] = (score, 0)

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

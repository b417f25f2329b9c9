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

from ttt.bitboard import layout
from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.scores import plies_from_score, sign
from ttt.solution import Solution


class SolvedTable:
    """Every position reachable from the empty board, solved.

    ``len(table)`` is the number of positions; ``table.lookup(board)`` gives
    the :class:`~ttt.solution.Solution` of any reachable board.  ``stats``
    counts the solver's work while building: ``nodes`` are its calls (one per
    class of positions reached, plus one per edge into an already-solved
    class), ``hits`` the calls answered by a class already solved, and
    ``table_size`` the positions in the finished table.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3):
        self.shape = (rows, cols, k)
        self.layout = lay = layout(rows, cols, k)
        self.stats = SearchStats()
        self._class_scores: dict[int, int] = {}  # canonical packed position -> score
        self._solved: list[tuple[int, int, int]] = []  # (packed images of a member, its score, its best moves)
        self._finished: list[tuple[int, int]] = []  # (packed images, score) of finished positions reached
        self._score(0, 0, 0, lay.size)
        self.entries: dict[int, tuple[int, int]] = {}  # packed position -> (score, best-move bit mask)
        self._expand()
        self.stats.table_size = len(self.entries)

    # ------------------------------------------------------------------ solving the classes
    def _score(self, x: int, o: int, images: int, n_empty: int) -> int:
        """Depth-aware score of the unfinished position ``x``, ``o`` for the side to move.

        ``images`` packs the position's images under every symmetry
        (:meth:`ttt.bitboard.Layout.images`); the smallest of them names its
        class, so each class is solved once, through whichever member the
        search meets first.
        """
        self.stats.nodes += 1
        lay = self.layout
        key = lay.canonical_of_images(images)
        known = self._class_scores.get(key)
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
        keep = sign(score)
        best = 0
        for low, value in scored:
            if sign(value) == keep:
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
        """The packed position of ``board`` (:class:`ttt.bitboard.Layout`), the key of :attr:`entries`."""
        return self.layout.key(board)

    def lookup(self, board: Board) -> Solution:
        """The solution of a reachable ``board`` (a dictionary look-up, no search)."""
        key = self.key(board)
        score, best = self.entries[key]
        n_empty = self.layout.size - board.moves_made
        moves = tuple(cell for cell in range(self.layout.size) if best >> cell & 1)
        return Solution(
            value=sign(score), best_moves=moves, plies=plies_from_score(score, n_empty) if moves else 0, score=score
        )

    def __contains__(self, board: Board) -> bool:
        return self.key(board) in self.entries


def solved_table(rows: int = 3, cols: int = 3, k: int = 3) -> SolvedTable:
    """One :class:`SolvedTable` per board size, built on first use and then shared (however the size is written)."""
    return _solved_table(rows, cols, k)


@lru_cache(maxsize=None)
def _solved_table(rows: int, cols: int, k: int) -> SolvedTable:
    return SolvedTable(rows, cols, k)

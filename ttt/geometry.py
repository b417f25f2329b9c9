"""The shape of an m×n board with k in a row: its cells and its winning lines.

A board's geometry never changes during a game, so it is computed once per
``(rows, cols, k)`` and shared by every position of that size.  Keeping it
apart from :class:`ttt.board.Board` lets the search code (and the bitboard
representation) reuse the same line list without building boards at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache


class BoardError(ValueError):
    """The one exception for bad input: a bad move, a bad board string or a bad shape.

    It subclasses :class:`ValueError` so that callers who only know the standard
    library can still catch it; its message always names the problem.
    """


@dataclass(frozen=True)
class Geometry:
    """Cells, lines and their bit masks for an m×n board with k in a row.

    Cells are numbered row-major from 0 to ``rows * cols - 1``.  A *line* is any
    run of ``k`` cells in a row, a column or a diagonal; on 3×3 there are 8.
    ``lines_through[c]`` numbers the lines through cell ``c`` and
    ``line_cells_through[c]`` gives their cells, so that a move only checks the
    lines it could have completed.
    """

    rows: int
    cols: int
    k: int
    lines: tuple[tuple[int, ...], ...] = field(repr=False)
    line_masks: tuple[int, ...] = field(repr=False)
    lines_through: tuple[tuple[int, ...], ...] = field(repr=False)
    line_cells_through: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False)

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        """The cell number of ``(row, col)``; raises :class:`BoardError` off the board."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise BoardError(
                f"cell ({row}, {col}) is off the board: rows run 0..{self.rows - 1}"
                f" and columns 0..{self.cols - 1}"
            )
        return row * self.cols + col

    def coords(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell number."""
        return divmod(cell, self.cols)

    @cached_property
    def static_order(self) -> tuple[int, ...]:
        """All cells, those on more winning lines first (centre, corners, edges on 3×3): the *static move order*.

        Ties go to the cell nearer the centre, then to the lower number.  A
        cell on many lines is more often part of a win or a block, so trying
        it first tends to find a cut-off sooner.  The teaching alpha-beta
        (:func:`ttt.pruning.static_order`) and the engine (:mod:`ttt.engine`)
        share it.
        """

        def key(cell: int):
            r, c = divmod(cell, self.cols)
            # twice the distance from the centre, in whole numbers
            return (-len(self.lines_through[cell]), abs(2 * r - self.rows + 1) + abs(2 * c - self.cols + 1), cell)

        return tuple(sorted(range(self.size), key=key))


def check_shape(rows: int, cols: int, k: int) -> None:
    """Raise :class:`BoardError` unless ``rows``, ``cols`` and ``k`` make a playable game."""
    for name, value in (("rows", rows), ("cols", cols), ("k", k)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BoardError(f"{name} must be a whole number, not {value!r}")
        if value < 1:
            raise BoardError(f"{name} must be at least 1, not {value}")
    if k > max(rows, cols):
        raise BoardError(
            f"k={k} is larger than both sides of a {rows}×{cols} board, so nobody could ever win"
        )


def geometry(rows: int = 3, cols: int = 3, k: int = 3) -> Geometry:
    """The shared :class:`Geometry` for a board size (computed once, then cached).

    However the size is written (``geometry()``, ``geometry(3, 3, 3)``,
    ``geometry(rows=3)``), the same object comes back, so that boards can
    compare their geometries by identity.
    """
    return _geometry(rows, cols, k)


@lru_cache(maxsize=None)
def _geometry(rows: int, cols: int, k: int) -> Geometry:
    check_shape(rows, cols, k)
    lines = []
    directions = ((0, 1), (1, 0), (1, 1), (1, -1))  # across, down, diagonal, anti-diagonal
    for dr, dc in directions:
        for r in range(rows):
            for c in range(cols):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    lines.append(tuple((r + dr * i) * cols + (c + dc * i) for i in range(k)))
    if k == 1:  # a single cell is a line in every direction: keep one copy of each
        lines = sorted(set(lines))
    masks = tuple(sum(1 << cell for cell in line) for line in lines)
    through = tuple(
        tuple(n for n, line in enumerate(lines) if cell in line) for cell in range(rows * cols)
    )
    line_cells = tuple(tuple(lines[n] for n in numbers) for numbers in through)
    return Geometry(rows, cols, k, tuple(lines), masks, through, line_cells)

"""The symmetries of the board, as permutations of cells, and canonical forms.

Rotating or reflecting a position changes nothing about who wins, so a search
may treat the images of a position as one.  A square board has 8 symmetries
(the dihedral group of the square: 4 rotations, 4 reflections); a rectangle
that is not square has 4 (the identity, the half turn and the two mirror
flips).

A symmetry is stored as a tuple ``perm`` of cell indices: the mark in cell
``i`` moves to cell ``perm[i]``.
"""

from __future__ import annotations

from functools import lru_cache

from ttt.board import Board
from ttt.geometry import Geometry

# name -> where (row, col) goes, given the board's rows and cols
_SQUARE_MAPS = {
    "identity": lambda r, c, m, n: (r, c),
    "rotate 90°": lambda r, c, m, n: (c, n - 1 - r),
    "rotate 180°": lambda r, c, m, n: (m - 1 - r, n - 1 - c),
    "rotate 270°": lambda r, c, m, n: (m - 1 - c, r),
    "mirror left-right": lambda r, c, m, n: (r, n - 1 - c),
    "mirror top-bottom": lambda r, c, m, n: (m - 1 - r, c),
    "main diagonal": lambda r, c, m, n: (c, r),
    "anti-diagonal": lambda r, c, m, n: (n - 1 - c, m - 1 - r),
}
_RECTANGLE_NAMES = ("identity", "rotate 180°", "mirror left-right", "mirror top-bottom")


@lru_cache(maxsize=None)
def symmetries(rows: int = 3, cols: int = 3) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """``(name, perm)`` for every symmetry of a rows×cols board (8 if square, else 4)."""
    names = tuple(_SQUARE_MAPS) if rows == cols else _RECTANGLE_NAMES
    result = []
    for name in names:
        move = _SQUARE_MAPS[name]
        perm = []
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            r2, c2 = move(r, c, rows, cols)
            perm.append(r2 * cols + c2)
        result.append((name, tuple(perm)))
    return tuple(result)


def permutations(rows: int = 3, cols: int = 3) -> tuple[tuple[int, ...], ...]:
    """Just the permutations of :func:`symmetries`."""
    return tuple(perm for _, perm in symmetries(rows, cols))


def compose(first: tuple[int, ...], then: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that applies ``first`` and then ``then``."""
    return tuple(then[first[i]] for i in range(len(first)))


def transform_cells(cells: str, perm: tuple[int, ...]) -> str:
    """The cell string after moving the mark in cell ``i`` to cell ``perm[i]``."""
    out = [""] * len(cells)
    for i, mark in enumerate(cells):
        out[perm[i]] = mark
    return "".join(out)


def transform(board: Board, perm: tuple[int, ...]) -> Board:
    """The image of ``board`` under a symmetry (a legal position, so no checks are needed)."""
    cells = transform_cells(board.cells, perm)
    winner = board.winner
    return Board._make(board.geometry, cells, winner)


def images(board: Board) -> list[Board]:
    """The images of ``board`` under every symmetry, in the order of :func:`symmetries`."""
    return [transform(board, perm) for perm in permutations(board.rows, board.cols)]


def canonical(board: Board) -> Board:
    """The representative of the board's class: the image whose cell string sorts first.

    Any fixed rule would do, as long as every member of a class picks the same
    image; "smallest string" is easy to state and to check.
    """
    return min(images(board), key=lambda b: b.cells)


def canonical_key(board: Board) -> str:
    """The cell string of :func:`canonical`, cheaper when only a dictionary key is needed."""
    cells = board.cells
    return min(transform_cells(cells, perm) for perm in permutations(board.rows, board.cols))


def stabiliser(board: Board) -> list[tuple[int, ...]]:
    """The symmetries that map the board onto itself."""
    return [perm for perm in permutations(board.rows, board.cols) if transform_cells(board.cells, perm) == board.cells]


def distinct_moves(board: Board) -> list[int]:
    """One legal move from each class of moves that a symmetry of the board makes equivalent.

    On the empty 3×3 board that is three moves (a corner, an edge, the centre)
    instead of nine; the lowest cell of each class is kept.
    """
    keep, seen = [], set()
    stab = stabiliser(board)
    for cell in board.legal_moves():
        if cell in seen:
            continue
        keep.append(cell)
        seen.update(perm[cell] for perm in stab)
    return keep


def geometry_symmetries(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """The permutations for a :class:`~ttt.geometry.Geometry` (a convenience for search code)."""
    return permutations(geo.rows, geo.cols)

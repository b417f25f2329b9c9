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
    """``(name, perm)`` for every symmetry of a rows×cols board (8 if square, else 4).

    Each is the map of the same name in ``_SQUARE_MAPS``.  Only a quarter
    turn (or, on a rectangle, a half turn) and the left-right mirror are
    worked out cell by cell; the others are their compositions, which is
    quicker (this runs once per board size, inside the first solve).
    """
    mirror = _perm(_SQUARE_MAPS["mirror left-right"], rows, cols)
    identity = tuple(range(rows * cols))
    if rows != cols:
        half = _perm(_SQUARE_MAPS["rotate 180°"], rows, cols)
        perms = (identity, half, mirror, compose(mirror, half))
        return tuple(zip(_RECTANGLE_NAMES, perms))
    quarter = _perm(_SQUARE_MAPS["rotate 90°"], rows, cols)
    half = compose(quarter, quarter)
    three = compose(half, quarter)
    perms = (identity, quarter, half, three, mirror, compose(mirror, half), compose(mirror, three), compose(mirror, quarter))
    return tuple(zip(_SQUARE_MAPS, perms))


def _perm(move, rows: int, cols: int) -> tuple[int, ...]:
    """The permutation of cells that the map ``move`` of ``_SQUARE_MAPS`` makes."""
    perm = []
    for r in range(rows):
        for c in range(cols):
            r2, c2 = move(r, c, rows, cols)
            perm.append(r2 * cols + c2)
    return tuple(perm)


def permutations(rows: int = 3, cols: int = 3) -> tuple[tuple[int, ...], ...]:
    """Just the permutations of :func:`symmetries`."""
    return tuple(perm for _, perm in symmetries(rows, cols))


def compose(first: tuple[int, ...], then: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that applies ``first`` and then ``then``."""
    return tuple([then[cell] for cell in first])


def transform_cells(cells: str, perm: tuple[int, ...]) -> str:
    """The cell string after moving the mark in cell ``i`` to cell ``perm[i]``."""
    out = [""] * len(cells)
    for i, mark in enumerate(cells):
        out[perm[i]] = mark
    return "".join(out)


def transform(board: Board, perm: tuple[int, ...]) -> Board:
    """The image of ``board`` under a symmetry (a legal position, so no checks are needed)."""
    return Board.unchecked(board.geometry, transform_cells(board.cells, perm), board.winner)


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
    """The cell string of :func:`canonical`, cheaper when only a dictionary key is needed.

    Remembered per cell string, because the searches and learners that key
    tables by class ask about the same few thousand positions again and again.
    """
    return _canonical_cells(board.rows, board.cols, board.cells)


@lru_cache(maxsize=1 << 17)
def _canonical_cells(rows: int, cols: int, cells: str) -> str:
    return min(transform_cells(cells, perm) for perm in permutations(rows, cols))


def stabiliser(board: Board) -> list[tuple[int, ...]]:
    """The symmetries that map the board onto itself."""
    return [perm for perm in permutations(board.rows, board.cols) if transform_cells(board.cells, perm) == board.cells]


def move_classes(moves, stabiliser_perms) -> list[list[int]]:
    """``moves`` grouped into classes that the symmetries ``stabiliser_perms`` map onto each other.

    The symmetries are those that map the position onto itself (its
    stabiliser), so the moves of one class lead to positions that are images
    of each other and have the same value: a search need only try one move of
    each class.  Classes come in the order of their first move in ``moves``,
    each class in that order too.  This is the package's one "one move per
    symmetry class": the teaching searches, the engine and the counts of games
    up to symmetry all group moves here.
    """
    classes, where = [], {}
    for cell in moves:
        if cell in where:
            continue
        group = [cell]
        where[cell] = group
        for perm in stabiliser_perms:
            image = perm[cell]
            if image not in where:
                where[image] = group
                group.append(image)
        classes.append(group)
    return classes


def distinct_moves(board: Board) -> list[int]:
    """One legal move from each class of moves that a symmetry of the board makes equivalent.

    On the empty 3×3 board that is three moves (a corner, an edge, the centre)
    instead of nine; the lowest cell of each class is kept.
    """
    return [group[0] for group in move_classes(board.legal_moves(), stabiliser(board))]

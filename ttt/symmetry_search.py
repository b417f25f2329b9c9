"""Search and counting up to symmetry: one value per class of positions, one game per class of games.

A rotated or reflected position has the same value (the rules do not know
which way up the board is), so a transposition table may treat the 8 images
of a position (4 on a rectangle) as one.  The Ruby negamax post does this in
two ways, both here:

* :func:`negamax_symmetry_table`: the search looks a position up as it is,
  but each time it stores a value it stores it under every image.  The
  table ends with an entry for every position reached: 5,478 from the empty
  3×3 board.
* :func:`negamax_symmetry_lookup`: the search turns a position into the
  canonical member of its class (:func:`ttt.symmetry.canonical`) before
  looking it up or storing it.  The table ends with one entry per class:
  765.

Both are :func:`ttt.memo.negamax_memo`, the package's one memo loop, with
one argument changed: ``store`` for the first, ``key`` for the second.

Both expand each class of unfinished positions once, so both make the same
calls: one for the root plus one per legal move of each of the 627
unfinished classes, 2,271 in all (the counting convention of
:mod:`ttt.memo`: every call, root, finished games and table hits included).

The module also counts positions and games up to symmetry
(:func:`positions_up_to_symmetry`, :func:`count_class_sequences`,
:func:`count_game_classes`); notebook 07 explains why the two game counts,
26,830 and 31,896, differ.
"""

from __future__ import annotations

from functools import lru_cache

from ttt.bitboard import layout
from ttt.board import Board
from ttt.geometry import check_shape
from ttt.instrument import SearchStats
from ttt.memo import negamax_memo
from ttt.symmetry import canonical, distinct_moves, images, stabiliser

__all__ = [
    "negamax_symmetry_table",
    "negamax_symmetry_lookup",
    "store_images",
    "positions_up_to_symmetry",
    "count_class_sequences",
    "count_one_move_per_class",
    "count_game_classes",
    "fixed_games",
]


# ---------------------------------------------------------------------- two symmetric tables


def store_images(table: dict, board: Board, value: int) -> None:
    """Store ``value`` under every image of ``board`` (a ``store`` for :func:`ttt.memo.negamax_memo`)."""
    for image in images(board):
        table[image] = value


def negamax_symmetry_table(board: Board, table: dict | None = None, stats: SearchStats | None = None) -> int:
    """Memoised negamax that stores each value under all images of the position.

    Look-ups are plain dictionary look-ups of the position as it is; the
    symmetry costs something only when a value is stored (8 images on a
    square board).  ``table`` maps boards to values.  From the empty 3×3
    board: 2,271 calls, 5,478 entries.
    """
    return negamax_memo(board, table, stats, store=store_images)


def negamax_symmetry_lookup(board: Board, table: dict | None = None, stats: SearchStats | None = None) -> int:
    """Memoised negamax keyed by the canonical member of each position's class.

    Every call pays for finding the canonical image (8 images on a square
    board), but the table holds one entry per class: 765 from the empty 3×3
    board, after 2,271 calls.  ``table`` maps canonical boards to values.
    """
    return negamax_memo(board, table, stats, key=canonical)


# ---------------------------------------------------------------------- positions up to symmetry


def positions_up_to_symmetry(rows: int = 3, cols: int = 3, k: int | None = None) -> dict[str, int]:
    """How many classes of reachable positions there are: ``{"total", "finished", "unfinished"}``.

    Two positions are in one class when a symmetry of the board (8 on a
    square, 4 on a rectangle) maps one onto the other.  The classes are
    found level by level, expanding one member of each: the children of the
    other members are images of its children.  3×3 gives 765 classes, 138
    finished and 627 unfinished.  Each position carries its packed images
    (:meth:`ttt.bitboard.Layout.images`), so a class is named by the smallest of
    them at little cost: 12 cells take about a tenth of a second.  Raises
    :class:`ttt.BoardError` for a bad size.
    """
    k = min(rows, cols) if k is None else k
    check_shape(rows, cols, k)
    lay = layout(rows, cols, k)
    n, full, masks, field = lay.size, lay.full, lay.masks, lay.field_mask
    finished = unfinished = 0
    # canonical key -> the packed images of one member of its class (field 0 is that member)
    level = {0: 0}
    to_move_x = True
    while level:
        following = {}
        move_images = lay.x_images if to_move_x else lay.o_images
        for images in level.values():
            member = images & field
            x, o = member & full, member >> n
            mover = o if to_move_x else x  # who made the last move
            if any(mask & mover == mask for mask in masks) or (x | o) == full:
                finished += 1
                continue
            unfinished += 1
            free = full & ~(x | o)
            while free:
                bit = free & -free
                free ^= bit
                child = images | move_images[bit.bit_length() - 1]
                following.setdefault(lay.canonical_of_images(child), child)
        level = following
        to_move_x = not to_move_x
    return {"total": finished + unfinished, "finished": finished, "unfinished": unfinished}


# ---------------------------------------------------------------------- games up to symmetry


def count_class_sequences(board: Board | None = None) -> int:
    """How many different sequences of position *classes* complete games from ``board`` pass through.

    Two games count once if, move by move, their positions are images of
    each other, even if the symmetry relating them changes along the way.
    This is the number of paths in the graph of classes (each class
    followed by the classes of its children, each child class once): 26,830
    from the empty 3×3 board.
    """
    board = Board.empty() if board is None else board
    return _class_paths(canonical(board))


@lru_cache(maxsize=None)
def _class_paths(representative: Board) -> int:
    if representative.is_over:
        return 1
    children = {canonical(child) for _, child in representative.children()}
    return sum(_class_paths(child) for child in children)


def count_one_move_per_class(board: Board | None = None) -> int:
    """Complete games when each position expands one move per class of equivalent moves.

    Moves that a symmetry of the *position* (its stabiliser) maps onto each
    other lead to positions of one class, so only the lowest of them is
    played (:func:`ttt.symmetry.distinct_moves`).  On 3×3 this gives the same
    26,830 as :func:`count_class_sequences`: it is the search version of the
    same count.
    """
    board = Board.empty() if board is None else board
    return _one_per_class(board)


@lru_cache(maxsize=None)
def _one_per_class(board: Board) -> int:
    if board.is_over:
        return 1
    return sum(_one_per_class(board.child(cell)) for cell in distinct_moves(board))


def fixed_games(board: Board, perm: tuple[int, ...]) -> int:
    """How many complete games from ``board`` a symmetry ``perm`` maps onto themselves, move for move.

    A game is its own image exactly when every move is on a cell the
    symmetry fixes (and ``board`` itself is fixed), so these are the games
    played on the fixed cells alone.
    """
    if any(board.cells[i] != board.cells[perm[i]] for i in range(board.size)):
        return 0  # the starting position is not its own image
    fixed = frozenset(i for i in range(board.size) if perm[i] == i)
    return _fixed_games(board, fixed)


@lru_cache(maxsize=None)
def _fixed_games(board: Board, fixed: frozenset) -> int:
    if board.is_over:
        return 1
    return sum(_fixed_games(board.child(cell), fixed) for cell in board.legal_moves() if cell in fixed)


def count_game_classes(board: Board | None = None) -> int:
    """How many classes of complete games there are when one symmetry is applied to the whole game.

    Burnside's lemma: the number of classes is the average, over the
    symmetries that fix ``board``, of the number of games each one maps onto
    themselves (:func:`fixed_games`).  From the empty 3×3 board no game but
    the identity's is fixed (a symmetry other than the identity fixes at
    most 3 cells; a game has at least 5 moves), so the 255,168 games fall
    into 255,168 / 8 = 31,896 classes of 8.
    """
    board = Board.empty() if board is None else board
    symmetries = stabiliser(board)
    return sum(fixed_games(board, perm) for perm in symmetries) // len(symmetries)

"""The rules of m,n,k tic-tac-toe as one immutable value: :class:`Board`.

A board is a position, not a game in progress: ``play`` returns a *new* board
and never changes the old one.  That makes boards safe to share, to hash, to
use as dictionary keys in a transposition table, and to hand to a widget
without fear that the search will scribble on it.

X always moves first.  (Hutton's handout lets O start; notebook 01 explains
why we do not.)
"""

from __future__ import annotations

import re
from numbers import Integral

from ttt.geometry import BoardError, Geometry, geometry

X, O, EMPTY = "X", "O", "."
MARKS = (X, O)
DRAW = "draw"

_set = object.__setattr__
_K_SUFFIX = re.compile(r"\s*\bk\s*=\s*(\S+)\s*$")
_ROW_SPLIT = re.compile(r"\s*[/\n]\s*")


def other(mark: str) -> str:
    """The opponent of ``mark`` (``"X"`` ↔ ``"O"``)."""
    return O if mark == X else X


class Board:
    """An m×n tic-tac-toe position with k in a row (3×3, k=3 by default).

    Cells are numbered row-major, ``0 .. rows*cols - 1``, and can also be given
    as ``(row, col)``.  ``board[i]`` is ``"X"``, ``"O"`` or ``"."``.
    """

    __slots__ = ("geometry", "cells", "_winner", "_hash")

    geometry: Geometry
    cells: str

    # ------------------------------------------------------------------ making boards
    @classmethod
    def empty(cls, rows: int = 3, cols: int = 3, k: int = 3) -> Board:
        """The empty board of the given size."""
        geo = geometry(rows, cols, k)
        return cls.unchecked(geo, EMPTY * geo.size, None)

    @classmethod
    def of(cls, board) -> Board:
        """``board`` itself if it is a :class:`Board`, else the board a string gives (:meth:`parse`).

        What the functions that take "a Board or a board string" call first
        (:func:`ttt.solve`, :meth:`ttt.retrograde.Tablebase.lookup`);
        anything else raises :class:`BoardError`.
        """
        if isinstance(board, Board):
            return board
        if isinstance(board, str):
            return cls.parse(board)
        raise BoardError(f"expected a Board or a board string, not {type(board).__name__}")

    @classmethod
    def parse(cls, text: str, k: int | None = None) -> Board:
        """Read a board from text, one character per cell (``X``, ``O`` or ``.``), row-major.

        Rows may be separated by ``/`` or newlines (``"X.O/.X./..O"``); without
        separators the board must be square (``"X.O.X...O"``).  A trailing
        ``k=N`` sets k; otherwise k is the shorter side.  Raises
        :class:`BoardError` for a malformed string or an impossible position.
        """
        if not isinstance(text, str):
            raise BoardError(f"a board must be given as a string, not {type(text).__name__}")
        body = text.strip()
        suffix = _K_SUFFIX.search(body)
        if suffix:
            if k is not None:
                raise BoardError("k is given twice: in the string and as an argument")
            try:
                k = int(suffix.group(1))
            except ValueError:
                raise BoardError(f"k must be a whole number, not {suffix.group(1)!r}") from None
            body = body[: suffix.start()]
        if not body:
            raise BoardError("the board string is empty")
        if "/" in body or "\n" in body:
            rows_text = _ROW_SPLIT.split(body)
            widths = {len(row) for row in rows_text}
            if len(widths) != 1 or 0 in widths:
                lengths = ", ".join(str(len(row)) for row in rows_text)
                raise BoardError(f"the rows of a board must all have the same length, got {lengths}")
            rows, cols = len(rows_text), widths.pop()
            flat = "".join(rows_text)
        else:
            flat = body
            side = round(len(flat) ** 0.5)
            if side * side != len(flat):
                raise BoardError(
                    f"a board string without row separators must be square (9 cells for 3×3),"
                    f" got {len(flat)} characters; separate rows with '/' for other shapes"
                )
            rows = cols = side
        for position, char in enumerate(flat):
            if char not in "XO.":
                hint = " (the letter O, not the digit zero)" if char == "0" else ""
                raise BoardError(
                    f"stray character {char!r} at position {position}{hint}:"
                    " use X, O and . for an empty cell"
                )
        geo = geometry(rows, cols, min(rows, cols) if k is None else k)
        board = cls.unchecked(geo, flat, _scan_winner(geo, flat))
        board._check_reachable()
        return board

    @classmethod
    def unchecked(cls, geo: Geometry, cells: str, winner: str | None) -> Board:
        """A board built from its cell string with no checks at all: the fast path for search code.

        :meth:`parse` checks that a position can arise in a legal game;
        that costs time a search cannot spare, and a search only ever makes
        positions it knows to be legal (the image of a legal position under
        a symmetry, a position reached by legal moves).  The caller vouches
        for ``cells`` and for ``winner`` (``"X"``, ``"O"`` or ``None``).
        """
        board = object.__new__(cls)
        _set(board, "geometry", geo)
        _set(board, "cells", cells)
        _set(board, "_winner", winner)
        _set(board, "_hash", None)  # computed when first asked for
        return board

    def __init__(self, *args, **kwargs):
        raise TypeError("make boards with Board.empty(...) or Board.parse(...)")

    def _check_reachable(self) -> None:
        """Raise :class:`BoardError` unless this position can arise in a legal game."""
        xs, os_ = self.cells.count(X), self.cells.count(O)
        if not (xs == os_ or xs == os_ + 1):
            raise BoardError(
                f"impossible position: {xs} X and {os_} O; X moves first, so X has"
                " as many marks as O or one more"
            )
        x_lines, o_lines = self.lines_of(X), self.lines_of(O)
        if x_lines and o_lines:
            raise BoardError("impossible position: both X and O have a line")
        for mark, lines, moved_last in ((X, x_lines, xs == os_ + 1), (O, o_lines, xs == os_)):
            if not lines:
                continue
            if not moved_last:
                raise BoardError(f"impossible position: play went on after {mark} completed a line")
            if not set(lines[0]).intersection(*lines[1:]):
                raise BoardError(
                    f"impossible position: {mark} has separate lines that no single"
                    " last move could have completed together"
                )

    # ------------------------------------------------------------------ shape and cells
    @property
    def rows(self) -> int:
        return self.geometry.rows

    @property
    def cols(self) -> int:
        return self.geometry.cols

    @property
    def k(self) -> int:
        return self.geometry.k

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.geometry.size

    def cell(self, where) -> int:
        """Normalise a cell given as an index or as ``(row, col)`` to an index.

        Raises :class:`BoardError` for anything off the board, including
        negative indices (Python's ``-1`` would silently mean the last cell).
        """
        if isinstance(where, tuple):
            if len(where) != 2 or not all(_is_int(v) for v in where):
                raise BoardError(f"a cell is an index or a (row, col) pair, not {where!r}")
            return self.geometry.index(*where)
        if not _is_int(where):
            raise BoardError(f"a cell is an index or a (row, col) pair, not {where!r}")
        if not 0 <= where < self.size:
            raise BoardError(f"cell {where} is off the board: cells run 0..{self.size - 1}")
        return int(where)

    def __getitem__(self, where) -> str:
        return self.cells[self.cell(where)]

    def coords(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell index."""
        return self.geometry.coords(self.cell(cell))

    # ------------------------------------------------------------------ the rules
    @property
    def turn(self) -> str:
        """Whose move it is: ``"X"`` when the counts are equal, else ``"O"``.

        This is defined on finished boards too (it is who *would* move next).
        """
        return X if self.cells.count(X) == self.cells.count(O) else O

    @property
    def moves_made(self) -> int:
        """How many marks are on the board."""
        return self.size - self.cells.count(EMPTY)

    @property
    def winner(self) -> str | None:
        """``"X"`` or ``"O"`` if that player has k in a row, else ``None``."""
        return self._winner

    @property
    def winning_line(self) -> tuple[int, ...] | None:
        """The cells of a completed line (the first in line order), or ``None``."""
        if self._winner is None:
            return None
        return self.lines_of(self._winner)[0]

    def lines_of(self, mark: str) -> list[tuple[int, ...]]:
        """Every line that ``mark`` has completed."""
        cells = self.cells
        return [line for line in self.geometry.lines if all(cells[i] == mark for i in line)]

    @property
    def is_full(self) -> bool:
        return EMPTY not in self.cells

    @property
    def is_over(self) -> bool:
        """True once somebody has won or the board is full."""
        return self._winner is not None or EMPTY not in self.cells

    @property
    def outcome(self) -> str | None:
        """``"X"`` or ``"O"`` for a win, ``"draw"`` for a full board, ``None`` while play goes on."""
        if self._winner is not None:
            return self._winner
        return DRAW if EMPTY not in self.cells else None

    def legal_moves(self) -> list[int]:
        """The empty cells, in index order; none once the game is over."""
        if self.is_over:
            return []
        return [i for i, c in enumerate(self.cells) if c == EMPTY]

    def play(self, where) -> Board:
        """The board after the side to move marks ``where`` (an index or ``(row, col)``).

        Raises :class:`BoardError`, leaving this board as it was, for a move
        after the game is over, an occupied cell or a cell off the board.
        """
        self.check_not_over()
        cell = self.cell(where)
        if self.cells[cell] != EMPTY:
            raise BoardError(f"cell {cell} {self.coords(cell)} is taken by {self.cells[cell]}")
        return self.child(cell)

    def check_not_over(self) -> None:
        """Raise :class:`BoardError` if the game is over: the one wording for "no more moves".

        :meth:`play` calls it, and so does every player asked to move on a
        finished board.
        """
        if self.is_over:
            result = "it is a draw" if self._winner is None else f"{self._winner} has won"
            raise BoardError(f"the game is over ({result}): no more moves")

    def child(self, cell: int) -> Board:
        """The board after the side to move marks ``cell``, with no checks: the fast path for search code.

        :meth:`play` checks that the game goes on and that ``cell`` is an
        empty cell on the board, then calls this.  A search that takes its
        moves from :meth:`legal_moves` knows both already and calls
        ``child`` directly, which is several times faster.  On a finished
        board or an occupied cell the result is not a legal position.
        """
        old = self.cells
        mark = X if (len(old) - old.count(EMPTY)) % 2 == 0 else O
        cells = old[:cell] + mark + old[cell + 1 :]
        winner = None
        for line in self.geometry.line_cells_through[cell]:
            for i in line:
                if cells[i] != mark:
                    break
            else:
                winner = mark
                break
        return Board.unchecked(self.geometry, cells, winner)

    def children(self) -> list[tuple[int, Board]]:
        """Every ``(move, board after it)`` pair, in move order."""
        return [(cell, self.child(cell)) for cell in self.legal_moves()]

    # ------------------------------------------------------------------ bit masks
    @property
    def bits(self) -> tuple[int, int]:
        """``(x_mask, o_mask)``: bit ``i`` set where X (or O) holds cell ``i``."""
        x_mask = o_mask = 0
        for i, c in enumerate(self.cells):
            if c == X:
                x_mask |= 1 << i
            elif c == O:
                o_mask |= 1 << i
        return x_mask, o_mask

    # ------------------------------------------------------------------ text and pictures
    @property
    def notation(self) -> str:
        """One-line text, rows separated by ``/`` (and `` k=N`` if k is not the shorter side)."""
        text = "/".join(self.row_strings())
        return text if self.k == min(self.rows, self.cols) else f"{text} k={self.k}"

    def row_strings(self) -> list[str]:
        c = self.cols
        return [self.cells[r * c : (r + 1) * c] for r in range(self.rows)]

    def __str__(self) -> str:
        text = "\n".join(self.row_strings())
        return text if self.k == min(self.rows, self.cols) else f"{text}\nk={self.k}"

    def __repr__(self) -> str:
        return f"Board.parse({self.notation!r})"

    def pretty(self, numbers: bool = True) -> str:
        """A grid for the terminal; empty cells show their index when ``numbers`` is true."""
        width = len(str(self.size - 1)) if numbers else 1
        lines = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                i = r * self.cols + c
                mark = self.cells[i]
                text = str(i) if numbers and mark == EMPTY else (" " if mark == EMPTY else mark)
                row.append(f" {text:^{width}} ")
            lines.append("|".join(row))
        rule = "+".join("-" * (width + 2) for _ in range(self.cols))
        return ("\n" + rule + "\n").join(lines)

    # ------------------------------------------------------------------ value semantics
    def __eq__(self, other) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.cells == other.cells and self.geometry is other.geometry

    def __hash__(self) -> int:
        if self._hash is None:
            _set(self, "_hash", hash((self.cells, self.geometry.rows, self.geometry.cols, self.geometry.k)))
        return self._hash

    def __setattr__(self, name, value):
        raise AttributeError("a Board is immutable: play() returns a new board")

    def __delattr__(self, name):
        raise AttributeError("a Board is immutable")

    def __reduce__(self):
        return (Board.parse, (self.notation,))


def _is_int(value) -> bool:
    """True for whole numbers (NumPy's too), false for bools, floats and strings."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def _scan_winner(geo: Geometry, cells: str) -> str | None:
    for line in geo.lines:
        first = cells[line[0]]
        if first != EMPTY and all(cells[i] == first for i in line):
            return first
    return None

"""Bitboards: a position as two integers, one bit per cell for each side.

The teaching searches walk :class:`~ttt.board.Board` objects, which are easy
to read.  The fast searches (the exact engine, the depth-limited search, the
solved table, the symmetry census) work on bitboards instead: a move is one
``|``, a line is complete when ``mask & mine == mask``, and a whole position
is a dictionary key of one small ``int``.  This module is everything they
share about one board size, computed once per ``(rows, cols, k)``
(:func:`layout`):

* the line masks, and the masks of the lines through each cell;
* the *static move order* (:attr:`ttt.geometry.Geometry.static_order`:
  on 3×3 the centre, the corners, the edges);
* packing a :class:`Board` into bits (:meth:`Layout.sides`, :meth:`Layout.key`)
  and back (:meth:`Layout.board`);
* the *threat scan*: the empty cells that would complete a line for a side
  (:meth:`Layout.threats`, and after one move, :meth:`Layout.threats_through`);
* the pairs of cells of each line (:attr:`Layout.line_pairs`) and the
  pairing test the engine's caps rest on (:meth:`Layout.paired`);
* the position's images under every symmetry of the board, packed side by
  side in one integer (:meth:`Layout.images`), so that a move adds its
  cell's images with one ``|`` and the canonical key of the position is the
  smallest packed field (:meth:`Layout.canonical_of_images`).

A *packed* position is ``x | o << size``: X's bits, then O's.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from itertools import combinations

from ttt.board import Board
from ttt.geometry import BoardError, geometry
from ttt.symmetry import permutations

__all__ = ["Layout", "layout"]


class Layout:
    """Everything about a board size that the bitboard searches precompute once (on 3×3, well under 0.1 ms)."""

    def __init__(self, rows: int, cols: int, k: int):
        geo = geometry(rows, cols, k)
        size = geo.size
        self.geometry = geo
        self.rows, self.cols, self.k, self.size = rows, cols, k, size
        self.full = (1 << size) - 1
        self.masks = geo.line_masks
        masks = geo.line_masks
        self.masks_through = tuple(tuple([masks[n] for n in through]) for through in geo.lines_through)
        # one bit per line: the lines through a cell, which a move there closes to the opponent
        bits_through = [0] * size
        for n, line in enumerate(geo.lines):
            for c in line:
                bits_through[c] |= 1 << n
        self.line_bits_through = tuple(bits_through)
        self.static_order = geo.static_order
        self.index_order = tuple(range(size))
        self.symmetry_perms = permutations(rows, cols)[1:]  # every symmetry but the identity
        # Packed images: field s (2·size bits wide) holds the position's image under symmetry s
        # (field 0: the identity).  A cell's images, for X and for O, are OR-ed in by a move.
        width = 2 * size
        self.field_mask = (1 << width) - 1
        self.field_shifts = tuple(width * s for s in range(1, len(self.symmetry_perms) + 1))
        self.x_bits = x_images = tuple([1 << c for c in range(size)])  # field 0 alone: the position itself
        self.o_bits = tuple([1 << c + size for c in range(size)])
        for shift, perm in zip(self.field_shifts, self.symmetry_perms):
            x_images = [image | 1 << (cell + shift) for image, cell in zip(x_images, perm)]
        self.x_images = tuple(x_images)
        self.o_images = tuple([image << size for image in x_images])

    @cached_property
    def line_pairs(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each line, its pairs of cells as ``(pair mask, line bits of every line holding both cells)``.

        What the engine's pairing test (:mod:`ttt.engine`) chooses from.  The
        pairs that lie in more lines come first: on 5×5 with four in a row,
        two middle cells of a row lie in both of its lines, so one pair
        blocks both.
        """
        through = self.line_bits_through
        result = [
            [(1 << a | 1 << b, through[a] & through[b]) for a, b in combinations(line, 2)]  # and the lines through both
            for line in self.geometry.lines
        ]
        if max(self.rows, self.cols) > self.k:  # lines along a row, column or diagonal overlap
            for pairs in result:
                pairs.sort(key=_lines_covered, reverse=True)
        return tuple(map(tuple, result))

    @cached_property
    def most_covered(self) -> int:
        """The most lines one pair of cells lies in (1 unless lines overlap: 2 on 5×5 with four in a row).

        Two cells fix a direction, so only lines along one row, column or
        diagonal can share two cells, and they do exactly when k is at least
        3 and the board is longer than k one way (two lines one step apart
        then share k - 1 cells).  Otherwise a pair lies in its one line, and
        neither this nor :meth:`paired` needs the pairs listed: the first
        solve of 3×3 does without them.
        """
        if self.k < 3 or max(self.rows, self.cols) <= self.k:
            return 1
        return max(covers.bit_count() for pairs in self.line_pairs for _, covers in pairs)

    @cached_property
    def masks_by_bit(self) -> dict[int, int]:
        """Each line's mask, looked up by the line's bit (``1 << n``).

        :meth:`paired` walks the lines as the bits of an integer; a look-up
        by the bit itself spares it ``bit.bit_length() - 1`` on every step.
        """
        return {1 << n: mask for n, mask in enumerate(self.masks)}

    @cached_property
    def pairs_by_bit(self) -> dict[int, tuple[tuple[int, int], ...]]:
        """Each line's :attr:`line_pairs`, looked up by the line's bit (as :attr:`masks_by_bit`)."""
        return {1 << n: pairs for n, pairs in enumerate(self.line_pairs)}

    @cached_property
    def covers_by_pair(self) -> dict[int, int]:
        """The line bits of every line holding both cells of a pair, by the pair's mask (of the :attr:`line_pairs`).

        When a line has only two free cells left, :meth:`paired` must take
        them: this look-up spares it searching the line's pairs for them.
        """
        return {pair: covers for pairs in self.line_pairs for pair, covers in pairs}

    def paired(self, lines: int, empties: int) -> bool:
        """Can the defender pair off every line in ``lines``, so that the attacker completes none of them?

        ``lines`` has a bit per line (in line order), ``empties`` a bit per
        empty cell.  A *pairing* is a set of disjoint pairs of empty cells
        such that every line holds a whole pair.  Whenever the attacker
        takes one cell of a pair the defender takes the other, so each line
        ends up with a defender's stone: the attacker cannot win, whoever
        moves now (Hales and Jewett's pairing strategy).  Looked for
        greedily: the line with the fewest free cells first, and for it the
        free pair that lies in the most lines still uncovered
        (:attr:`line_pairs`).  Not finding one proves nothing.  The engine's
        pairing caps (:mod:`ttt.engine`) call it at every node with enough
        empty cells, so it is written for speed: a line with only two free
        cells left takes them at once, without weighing pairs (an eighth less
        time in the pairing tests of the 5×5 solve).
        """
        size, most_covered = self.size, self.most_covered
        mask_of = self.masks_by_bit  # a line's mask, by its bit
        overlapping = most_covered > 1
        if overlapping:
            pairs_of, covers_of = self.pairs_by_bit, self.covers_by_pair
        free = empties
        uncovered = lines
        while uncovered:
            fewest = size + 1  # more than any line can have free
            rest = uncovered
            while rest:
                low = rest & -rest
                rest ^= low
                count = (mask_of[low] & free).bit_count()
                if count < fewest:
                    fewest, line = count, low
                    if count <= 2:
                        break  # cannot do better than a forced pair (or a line already lost)
            if fewest < 2:
                return False
            if not overlapping:  # any two free cells of the line will do: take the first two
                cells = mask_of[line] & free
                first = cells & -cells
                cells ^= first
                free ^= first | cells & -cells
                uncovered ^= line
                continue
            if fewest == 2:  # a forced pair: the line's two free cells
                chosen = mask_of[line] & free
                free ^= chosen
                uncovered &= ~covers_of[chosen]
                continue
            most = 0
            for pair, covers in pairs_of[line]:
                if pair & free == pair:
                    gain = (covers & uncovered).bit_count()
                    if gain > most:
                        most, chosen, chosen_covers = gain, pair, covers
                        if gain == most_covered:
                            break  # no pair covers more
            free ^= chosen
            uncovered &= ~chosen_covers
        return True

    # ------------------------------------------------------------------ boards in and out
    def check(self, board: Board) -> None:
        """Raise :class:`BoardError` unless ``board`` has this layout's size and k."""
        if (board.rows, board.cols, board.k) != (self.rows, self.cols, self.k):
            raise BoardError(
                f"this search is for {self.rows}×{self.cols} k={self.k} boards,"
                f" not {board.rows}×{board.cols} k={board.k}"
            )

    def sides(self, board: Board) -> tuple[int, int, int]:
        """``(me, opp, n_empty)``: the bits of the side to move, of its opponent, and the free cells."""
        self.check(board)
        x, o = board.bits
        me, opp = (x, o) if board.turn == "X" else (o, x)
        return me, opp, self.size - board.moves_made

    def key(self, board: Board) -> int:
        """The packed position ``x | o << size`` of ``board``."""
        self.check(board)
        x, o = board.bits
        return x | o << self.size

    def board(self, me: int, opp: int) -> Board:
        """The :class:`Board` of a position given as the bits of the side to move and of its opponent.

        Only for positions nobody has won (the searches call it at their
        horizon), so no winner is looked for.
        """
        x_to_move = (me | opp).bit_count() % 2 == 0
        x, o = (me, opp) if x_to_move else (opp, me)
        cells = "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(self.size))
        return Board.unchecked(self.geometry, cells, None)

    # ------------------------------------------------------------------ threats
    def threats(self, me: int, opp: int) -> tuple[int, int, int, int]:
        """``(my_threats, their_threats, my_open, their_open)`` of a position, scanned line by line.

        A *threat* is an empty cell that would complete a line for that side;
        an *open* line (one bit per line, in line order) is one the other
        side has not entered.
        """
        empties = ~(me | opp) & self.full
        my_threats = their_threats = my_open = their_open = 0
        for n, mask in enumerate(self.masks):
            if not mask & opp:
                my_open |= 1 << n
                rest = mask & ~me
                if not rest & (rest - 1):
                    my_threats |= rest
            if not mask & me:
                their_open |= 1 << n
                rest = mask & ~opp
                if not rest & (rest - 1):
                    their_threats |= rest
        return my_threats & empties, their_threats & empties, my_open, their_open

    def threats_through(self, cell: int, mine: int, opp: int) -> int:
        """The threats a move on ``cell`` creates for the side that now holds ``mine``.

        Only the lines through ``cell`` can change, so only they are looked
        at.  The result may include ``cell``'s own bit and, if the move
        completed a line, 0 bits of that line (``rest == 0``): callers that
        need to know about a completed line check :meth:`wins_with`.
        """
        threats = 0
        for mask in self.masks_through[cell]:
            if not mask & opp:
                rest = mask & ~mine
                if not rest & (rest - 1):
                    threats |= rest
        return threats

    def wins_with(self, cell: int, mine: int) -> bool:
        """Does holding ``mine`` (which includes ``cell``) complete a line through ``cell``?"""
        return any(mask & mine == mask for mask in self.masks_through[cell])

    # ------------------------------------------------------------------ symmetry
    def images(self, key: int) -> int:
        """The packed images of the packed position ``key`` under every symmetry (field 0 is ``key``)."""
        x, o = key & self.full, key >> self.size
        packed = 0
        for bits, images in ((x, self.x_images), (o, self.o_images)):
            while bits:
                low = bits & -bits
                packed |= images[low.bit_length() - 1]
                bits ^= low
        return packed

    def canonical_of_images(self, packed: int) -> int:
        """The smallest field of packed images (see :meth:`images`): the canonical key of the position."""
        mask = self.field_mask
        best = packed & mask
        for shift in self.field_shifts:
            image = packed >> shift & mask
            if image < best:
                best = image
        return best

    def stabiliser(self, packed: int) -> list[tuple[int, ...]]:
        """The symmetries (other than the identity) that map the position of ``packed`` images onto itself."""
        mask = self.field_mask
        key = packed & mask
        return [perm for perm, shift in zip(self.symmetry_perms, self.field_shifts) if packed >> shift & mask == key]


def _lines_covered(pair: tuple[int, int]) -> int:
    return pair[1].bit_count()


def layout(rows: int, cols: int, k: int) -> Layout:
    """The shared :class:`Layout` of a board size (computed once, then cached, however the size is written)."""
    return _layout(rows, cols, k)


@lru_cache(maxsize=None)
def _layout(rows: int, cols: int, k: int) -> Layout:
    return Layout(rows, cols, k)

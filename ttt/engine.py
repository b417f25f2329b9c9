"""A fast exact solver on bitboards, with every speed-up switchable.

The teaching versions of minimax and alpha-beta (``ttt.minimax``,
``ttt.pruning``) walk :class:`~ttt.board.Board` objects so that each idea is
easy to read.  This module is the engine behind :func:`ttt.solve`: the same
negamax with depth-aware scores, but on two integers (one bit per cell for
each player) and with the ideas that make it fast, each behind a switch so
notebooks 07 and 09 can measure what it buys:

``table``     a transposition table with bound flags (exact / lower / upper),
              so alpha-beta may reuse a result found under another window;
``symmetry``  look positions up by their canonical image under the board's
              symmetries (8 on a square, 4 on a rectangle);
``order``     move ordering: ``"index"`` (0, 1, 2, ...), ``"static"`` (cells on
              more lines first: the centre, then corners), or ``"history"``
              (cells that caused cut-offs before, then static);
``threats``   win at once if possible; if the opponent threatens one cell,
              block it and search nothing else; facing two threats, the game
              is lost in two plies;
``dead``      a position where no line can still be completed for either
              side is a draw, and one where a side has no line left caps its
              score, without searching further.

Scores are depth-aware and from the side to move: a win whose final move
leaves ``e`` empty cells scores ``e + 1``, a loss the negative of that, a
draw 0.  So faster wins and slower losses score higher.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ttt.board import Board
from ttt.geometry import BoardError, geometry
from ttt.minimax import plies_from_score
from ttt.solution import Solution
from ttt.symmetry import permutations, transform_cells

EXACT, LOWER, UPPER = 0, 1, 2
ORDERS = ("index", "static", "history", "lines")
INF = 10**9


@dataclass(frozen=True)
class Options:
    """Which speed-ups the engine uses (all on by default)."""

    table: bool = True
    symmetry: bool = True
    order: str = "static"
    threats: bool = True
    dead: bool = True

    def __post_init__(self):
        if self.order not in ORDERS:
            raise ValueError(f"order must be one of {', '.join(map(repr, ORDERS))}, not {self.order!r}")
        if self.symmetry and not self.table:
            raise ValueError("symmetry only helps through the table: turn table on too")


@dataclass
class EngineStats:
    """What a search did: nodes visited, table hits and stored entries."""

    nodes: int = 0
    table_hits: int = 0
    table_size: int = 0


class Layout:
    """Everything about a board size that the engine precomputes once."""

    def __init__(self, rows: int, cols: int, k: int):
        geo = geometry(rows, cols, k)
        self.rows, self.cols, self.k, self.size = rows, cols, k, geo.size
        self.full = (1 << geo.size) - 1
        self.masks = geo.line_masks
        self.masks_through = tuple(tuple(geo.line_masks[n] for n in geo.lines_through[c]) for c in range(geo.size))
        weight = [len(geo.lines_through[c]) for c in range(geo.size)]
        centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2
        self.static_order = tuple(
            sorted(range(geo.size), key=lambda c: (-weight[c], abs(c // cols - centre_r) + abs(c % cols - centre_c), c))
        )
        self.index_order = tuple(range(geo.size))
        self.symmetry_tables = self._symmetry_tables(rows, cols)
        self.symmetry_perms = permutations(rows, cols)[1:]  # aligned with symmetry_tables

    def _symmetry_tables(self, rows, cols):
        """For each non-identity symmetry, chunk tables that map a packed position to its image.

        A packed position ``x | o << size`` is cut into a few equal chunks of at
        most 8 bits; ``table[v]`` is the image of the bits ``v`` of one chunk.
        A table is built by doubling, one bit at a time (the entries with that
        bit set are the ones without it, plus its image), so building the
        tables costs little even in a cold process.
        """
        bits = 2 * self.size
        n_chunks = -(-bits // 8)
        width = -(-bits // n_chunks)
        self.chunk_width, self.chunk_mask = width, (1 << width) - 1
        tables = []
        for perm in permutations(rows, cols)[1:]:
            bit_image = [1 << p for p in perm] + [1 << (p + self.size) for p in perm]  # X bits, then O bits
            chunks = []
            for start in range(0, bits, width):
                table = [0]
                for b in range(start, min(start + width, bits)):  # double the table once per bit
                    image = bit_image[b]
                    table += [entry | image for entry in table]
                table += [0] * ((1 << width) - len(table))  # (the last chunk may be short)
                chunks.append(table)
            tables.append(tuple(chunks))
        return tuple(tables)

    def canonical(self, key: int) -> int:
        """The smallest image of a packed position ``x | o << size`` under the symmetries."""
        best = key
        width, mask = self.chunk_width, self.chunk_mask
        for chunks in self.symmetry_tables:
            image, rest = 0, key
            for table in chunks:
                image |= table[rest & mask]
                rest >>= width
            if image < best:
                best = image
        return best


@lru_cache(maxsize=None)
def layout(rows: int, cols: int, k: int) -> Layout:
    return Layout(rows, cols, k)


class Engine:
    """A solver for one board size and one set of options, with its own table.

    Keep an engine to reuse its table across positions (as the widgets do);
    make a new one for a cold measurement.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, options: Options | None = None):
        self.layout = layout(rows, cols, k)
        self.options = options or Options()
        self.table: dict[int, tuple[int, int]] = {}
        self.history = [0] * self.layout.size
        self._counts = [0, 0]
        self._search = self._make_search()

    # ------------------------------------------------------------------ the search
    def score(self, board: Board) -> int:
        """The exact depth-aware score of ``board`` for the side to move."""
        me, opp, n_empty = self._unpack(board)
        if board.is_over:
            return 0 if board.winner is None else -(n_empty + 1)
        return self._search(me, opp, n_empty, -INF, INF)

    def _unpack(self, board: Board):
        lay = self.layout
        if (board.rows, board.cols, board.k) != (lay.rows, lay.cols, lay.k):
            raise BoardError(
                f"this engine solves {lay.rows}×{lay.cols} k={lay.k} boards, not {board.rows}×{board.cols} k={board.k}"
            )
        x, o = board.bits
        me, opp = (x, o) if board.turn == "X" else (o, x)
        return me, opp, board.cells.count(".")

    def _make_search(self):
        """Build the search as a closure over local names (it is twice as fast that way).

        The closure is a fail-soft negamax alpha-beta: nobody has won yet and
        it is ``me``'s move with ``n_empty`` cells free.  Each option is read
        once here, not at every node.
        """
        lay, opts = self.layout, self.options
        full, size, masks = lay.full, lay.size, lay.masks
        masks_through = lay.masks_through
        use_table, use_symmetry, use_threats, use_dead = opts.table, opts.symmetry, opts.threats, opts.dead
        order_name = opts.order
        order = lay.static_order if order_name != "index" else lay.index_order
        history = self.history
        table = self.table
        sym_tables, width, cmask = lay.symmetry_tables, lay.chunk_width, lay.chunk_mask
        sym_perms = lay.symmetry_perms
        parity = size % 2
        counts = self._counts  # [nodes, table hits]

        def search(me, opp, n_empty, alpha, beta):
            counts[0] += 1
            if n_empty == 0:
                return 0
            # Scores lie in [-(n_empty - 1), n_empty]: narrow the window to that range.
            if alpha >= n_empty:
                return n_empty
            if beta > n_empty:
                beta = n_empty
            moves = None
            if use_threats or use_dead:
                my_wins = their_wins = 0
                mine_open = theirs_open = False
                for mask in masks:
                    a = mask & me
                    b = mask & opp
                    if not b:
                        mine_open = True
                        rest = mask ^ a
                        if not rest & (rest - 1):
                            my_wins |= rest
                        if not a:  # an empty line is open to both sides
                            theirs_open = True
                            if not rest & (rest - 1):
                                their_wins |= rest
                    elif not a:
                        theirs_open = True
                        rest = mask ^ b
                        if not rest & (rest - 1):
                            their_wins |= rest
                if use_threats:
                    if my_wins:
                        return n_empty  # win at once
                    if their_wins:
                        if their_wins & (their_wins - 1) and n_empty >= 2:
                            return 1 - n_empty  # two threats: one can only be blocked
                        moves = (their_wins.bit_length() - 1,)  # the forced block
                if use_dead:
                    if not mine_open:
                        if not theirs_open:
                            return 0  # nobody can complete a line any more
                        if beta > 0:
                            beta = 0  # I can no longer win
                    if not theirs_open and alpha < 0:
                        alpha = 0  # nor can my opponent
                    if alpha >= beta:
                        return 0  # the caps and the window already decide this node
            key = None
            stabiliser = None  # the symmetries that map this position onto itself
            if use_table:
                key = me | opp << size if n_empty % 2 == parity else opp | me << size
                if use_symmetry:
                    best_key = key
                    for index, chunks in enumerate(sym_tables):
                        image, rest = 0, key
                        for tab in chunks:
                            image |= tab[rest & cmask]
                            rest >>= width
                        if image < best_key:
                            best_key = image
                        elif image == key:
                            if stabiliser is None:
                                stabiliser = [sym_perms[index]]
                            else:
                                stabiliser.append(sym_perms[index])
                    key = best_key
                entry = table.get(key)
                if entry is not None:
                    flag, value = entry
                    if flag == EXACT:
                        counts[1] += 1
                        return value
                    if flag == LOWER:
                        if value > alpha:
                            alpha = value
                    elif value < beta:
                        beta = value
                    if alpha >= beta:
                        counts[1] += 1
                        return value
            lo = alpha  # the window this node is searched with decides what its result bounds
            if moves is None:
                empties = ~(me | opp) & full
                moves = [c for c in order if empties >> c & 1]
                if stabiliser is not None:
                    # Moves that a symmetry of this position maps onto each other are worth
                    # the same: search one of each class.
                    seen = 0
                    kept = []
                    for c in moves:
                        if not seen >> c & 1:
                            kept.append(c)
                            for perm in stabiliser:
                                seen |= 1 << perm[c]
                    moves = kept
                if order_name == "history":
                    moves.sort(key=lambda c: -history[c])
                elif order_name == "lines":
                    weights = {}
                    for c in moves:
                        w = 0
                        for mask in masks_through[c]:
                            a = mask & me
                            b = mask & opp
                            if not b:
                                w += 1 + (a.bit_count() << 2)  # my line grows
                            if not a:
                                w += 1 + (b.bit_count() << 2)  # their line is cut
                        weights[c] = w
                    moves.sort(key=weights.__getitem__, reverse=True)
            best = -INF
            for cell in moves:
                mine = me | 1 << cell
                if not use_threats:
                    for mask in masks_through[cell]:
                        if mask & mine == mask:
                            value = n_empty  # this move wins at once
                            break
                    else:
                        value = -search(opp, mine, n_empty - 1, -beta, -alpha)
                else:
                    value = -search(opp, mine, n_empty - 1, -beta, -alpha)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if order_name == "history":
                                history[cell] += n_empty * n_empty
                            break
            if key is not None:
                table[key] = (UPPER if best <= lo else LOWER if best >= beta else EXACT, best)
            return best

        return search

    @property
    def stats(self) -> EngineStats:
        """Nodes visited and table hits so far, and the table's size."""
        return EngineStats(nodes=self._counts[0], table_hits=self._counts[1], table_size=len(self.table))

    # ------------------------------------------------------------------ answers
    def solve(self, board: Board) -> Solution:
        """Value, every value-keeping move, and the length of the game under perfect play."""
        me, opp, n_empty = self._unpack(board)
        if board.is_over:
            score = 0 if board.winner is None else -(n_empty + 1)
            return Solution(value=_sign(score), best_moves=(), plies=0, score=score)
        # Null-window tests first (they cut far more than a full window), then the
        # exact depth-aware score only when the game is won or lost.
        classes = self._move_classes(board)
        if self._search(me, opp, n_empty, 0, 1) >= 1:
            value = 1
            best = [c for group in classes if self._keeps(me, opp, n_empty, group[0], 1) for c in group]
        else:
            best = [c for group in classes if self._keeps(me, opp, n_empty, group[0], 0) for c in group]
            value = 0 if best else -1
            if not best:
                best = board.legal_moves()  # every move loses, so every move keeps the value
        best.sort()
        score = 0 if value == 0 else self._search(me, opp, n_empty, -INF, INF)
        return Solution(value=value, best_moves=tuple(best), plies=plies_from_score(score, n_empty), score=score)

    def _move_classes(self, board: Board) -> list[list[int]]:
        """The legal moves grouped into classes that a symmetry of the board makes equivalent.

        Only one move per class needs searching (on the empty 3×3 board, 3 of 9).
        """
        if not self.options.symmetry:
            return [[cell] for cell in board.legal_moves()]
        cells = board.cells
        stab = [perm for perm in permutations(board.rows, board.cols) if transform_cells(cells, perm) == cells]
        classes, seen = [], set()
        for cell in board.legal_moves():
            if cell not in seen:
                group = sorted({perm[cell] for perm in stab})
                seen.update(group)
                classes.append(group)
        return classes

    def _keeps(self, me: int, opp: int, n_empty: int, cell: int, value: int) -> bool:
        """Does playing ``cell`` keep the position's value?  A null-window test says, without the exact score."""
        mine = me | 1 << cell
        for mask in self.layout.masks_through[cell]:
            if mask & mine == mask:
                return True  # winning at once keeps any value
        if value == 1:
            return self._search(opp, mine, n_empty - 1, -1, 0) <= -1  # the opponent then loses
        return self._search(opp, mine, n_empty - 1, 0, 1) <= 0  # the opponent then cannot win

    def move_scores(self, board: Board) -> dict[int, int]:
        """The exact depth-aware score of every legal move, for the side to move."""
        me, opp, n_empty = self._unpack(board)
        scores = {}
        for cell in board.legal_moves():
            mine = me | 1 << cell
            if any(mask & mine == mask for mask in self.layout.masks_through[cell]):
                scores[cell] = n_empty
            else:
                scores[cell] = -self._search(opp, mine, n_empty - 1, -INF, INF)
        return scores


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)

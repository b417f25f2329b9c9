"""A fast exact solver on bitboards, with every speed-up switchable.

The teaching versions of minimax and alpha-beta (``ttt.minimax``,
``ttt.pruning``) walk :class:`~ttt.board.Board` objects so that each idea is
easy to read.  This module is the engine behind :func:`ttt.solve`: the same
negamax with depth-aware scores, but on two integers (one bit per cell for
each player) and with the ideas that make it fast, each behind a switch so
notebooks 07 and 09 can measure what it buys:

``table``     a transposition table with bound flags (exact / lower / upper),
              so alpha-beta may reuse a result found under another window;
``symmetry``  near the root, look positions up by their canonical image under
              the board's symmetries (8 on a square, 4 on a rectangle) and
              search one move of each class of symmetric moves;
``order``     move ordering: ``"index"`` (0, 1, 2, ...), ``"static"`` (cells on
              more lines first: the centre, then corners), ``"history"``
              (cells that caused cut-offs before, then static) or ``"lines"``
              (cells whose lines are most advanced for either side first);
``threats``   win at once if possible; if the opponent threatens one cell,
              block it and search nothing else; facing two threats, the game
              is lost in two plies; with three empty cells or fewer, the
              threats alone decide the game (with three left, the side to
              move wins only by making two threats at once);
``dead``      a position where no line can still be completed for either
              side is a draw, and one where a side has no line left caps its
              score, without searching further.

Scores are depth-aware and from the side to move: a win whose final move
leaves ``e`` empty cells scores ``e + 1``, a loss the negative of that, a
draw 0.  So faster wins and slower losses score higher.

Three pieces of bookkeeping make a node cheap, because each is updated by a
move instead of being recomputed from the whole board:

* the *threats* of each side (empty cells that would complete one of its
  lines) change only on the lines through the cell just played;
* the *open lines* of each side (lines the opponent has not entered) are one
  bit per line, and a move closes the lines through its cell with one ``&``;
* the *images* of the position under every symmetry are packed side by side
  in one integer, and a move adds its cell's images with one ``|``; the
  canonical key is then the smallest of those fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt.bitboard import layout
from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.scores import EXACT, INF, LOWER, UPPER, leaf_score, plies_from_score, sign
from ttt.solution import Solution
from ttt.symmetry import move_classes

ORDERS = ("index", "static", "history", "lines")
"""The engine's move orders (its own: they work on bitboards; see the module notes)."""


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


DEFAULT_OPTIONS = Options()


def symmetry_min_empty(size: int) -> int:
    """From how many empty cells on the engine looks positions up by their canonical image.

    Symmetry pays near the root, where few stones make many positions one
    another's images; deeper down, finding the canonical image costs more
    than the table hits it earns.  Measured: from half the board empty
    (3×3: 6 empty cells, 4×4: 9) is best on 3×3 and 4×4.
    """
    return (size + 1) // 2 + 1


class Engine:
    """A solver for one board size and one set of options, with its own table.

    Keep an engine to reuse its table across positions (as the widgets do);
    make a new one for a cold measurement.

    What it adds to the teaching alpha-beta (:func:`ttt.pruning.alphabeta`,
    fail-soft, negamax form) is listed in the module notes: bitboards and
    depth-aware scores, a bound-flag table, symmetry near the root, move
    orders, the threat rules and dead-line caps.  The search itself is the
    same loop: try the moves in order, raise alpha, stop at beta.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, options: Options | None = None):
        self.layout = layout(rows, cols, k)
        self.options = options or DEFAULT_OPTIONS
        self.table: dict[int, int] = {}  # canonical packed position -> score << 2 | bound
        self.history = [0] * self.layout.size
        self._counts = [0, 0]  # nodes, table hits
        self._node = self._make_search()

    # ------------------------------------------------------------------ the search
    def score(self, board: Board) -> int:
        """The exact depth-aware score of ``board`` for the side to move."""
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            return leaf_score(board)
        return self._search(self._root(me, opp, n_empty), -INF, INF)

    def _search(self, state: tuple, alpha, beta) -> int:
        """Search the node ``state`` (from :meth:`_root` or :meth:`_child`) with the window (``alpha``, ``beta``).

        An infinite end of the window becomes one past the widest score the
        position can have (``n_empty + 1``): every comparison the search makes
        comes out the same, and the search stays in whole numbers.
        """
        bound = state[3] + 1
        return self._node(*state, max(alpha, -bound), min(beta, bound))

    def _root(self, me: int, opp: int, n_empty: int) -> tuple:
        """The node's arguments (all but the window) for an unfinished position, worked out from scratch."""
        lay = self.layout
        my_threats, their_threats, my_open, their_open = lay.threats(me, opp)
        x, o = (me, opp) if n_empty % 2 == lay.size % 2 else (opp, me)
        images = lay.images(x | o << lay.size)
        return me, opp, images, n_empty, my_threats, their_threats, my_open, their_open

    def _child(self, state: tuple, cell: int) -> tuple:
        """The node's arguments after the side to move plays ``cell`` (which must not win at once)."""
        me, opp, images, n_empty, my_threats, their_threats, my_open, their_open = state
        lay = self.layout
        bit = 1 << cell
        mine = me | bit
        threats = my_threats | lay.threats_through(cell, mine, opp)
        move_images = lay.x_images if n_empty % 2 == lay.size % 2 else lay.o_images
        return (
            opp, mine, images | move_images[cell], n_empty - 1, their_threats & ~bit, threats & ~bit,
            their_open & ~lay.line_bits_through[cell], my_open,
        )

    def _make_search(self):
        """Build the search as a closure over local names (it is twice as fast that way).

        The closure is a fail-soft negamax alpha-beta: nobody has won yet and
        it is ``me``'s move with ``n_empty`` cells free.  ``images`` packs the
        position's images under every symmetry; ``my_threats`` and
        ``their_threats`` are the empty cells that would complete a line for
        each side; ``my_open`` and ``their_open`` have a bit for each line the
        other side has not entered.  Each option is read once here, not at
        every node.  The window is in whole numbers (see :meth:`_search`).

        The move loop updates the mover's threats on the lines through the
        cell played: the same scan as :meth:`ttt.bitboard.Layout.threats_through`,
        written out inline because it runs at every node and a call there
        costs a fifth of the engine's time.
        """
        lay, opts = self.layout, self.options
        full, masks_through = lay.full, lay.masks_through
        line_bits_through = lay.line_bits_through
        threats_through = lay.threats_through
        use_table, use_threats, use_dead = opts.table, opts.threats, opts.dead
        use_symmetry = opts.symmetry and bool(lay.symmetry_perms)
        sym_min_empty = symmetry_min_empty(lay.size)
        field_mask = lay.field_mask
        shifted_perms = tuple(zip(lay.field_shifts, lay.symmetry_perms))  # where each image sits, and its symmetry
        x_images, o_images = lay.x_images, lay.o_images
        order_name = opts.order
        order = lay.static_order if order_name != "index" else lay.index_order
        order_bits = tuple((c, 1 << c) for c in order)
        history = self.history
        table = self.table
        parity = lay.size % 2
        counts = self._counts  # [nodes, table hits]
        exact, lower, upper = int(EXACT), int(LOWER), int(UPPER)

        def node(me, opp, images, n_empty, my_threats, their_threats, my_open, their_open, alpha, beta):
            counts[0] += 1
            # Scores lie in [-(n_empty - 1), n_empty]: narrow the window to that range.
            if alpha >= n_empty:
                return n_empty
            if beta > n_empty:
                beta = n_empty
            moves = None
            if use_threats:
                if my_threats:
                    return n_empty  # win at once
                if their_threats:
                    if their_threats & (their_threats - 1) and n_empty >= 2:
                        return 1 - n_empty  # two threats: one can only be blocked
                    moves = (their_threats.bit_length() - 1,)  # the forced block
                if n_empty <= 3:
                    if n_empty <= 2:
                        return 0  # no win for me now and at most one threat against me: a draw
                    # Three cells left: I win only by making two threats with my move (the
                    # opponent blocks one, I complete the other); nobody else can win.
                    for cell in moves or [c for c, bit in order_bits if ~(me | opp) & bit]:
                        threats = threats_through(cell, me | 1 << cell, opp)
                        if threats & (threats - 1):
                            return 1
                    return 0
            elif n_empty == 0:
                return 0
            if use_dead:
                if not my_open:
                    if not their_open:
                        return 0  # nobody can complete a line any more
                    if beta > 0:
                        beta = 0  # I can no longer win
                if not their_open and alpha < 0:
                    alpha = 0  # nor can my opponent
                if alpha >= beta:
                    return 0  # the caps and the window already decide this node
            key = None
            stabiliser = None  # the symmetries that map this position onto itself
            if use_table:
                key = images & field_mask
                if use_symmetry and n_empty >= sym_min_empty:
                    position = best_key = key
                    for shift, perm in shifted_perms:
                        image = images >> shift & field_mask
                        if image < best_key:
                            best_key = image
                        elif image == position:
                            if stabiliser is None:
                                stabiliser = [perm]
                            else:
                                stabiliser.append(perm)
                    key = best_key
                entry = table.get(key)
                if entry is not None:
                    flag = entry & 3
                    value = entry >> 2
                    if flag == exact:
                        counts[1] += 1
                        return value
                    if flag == lower:
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
                moves = [c for c, bit in order_bits if empties & bit]
                if stabiliser is not None:
                    # Moves that a symmetry of this position maps onto each other are worth
                    # the same: search one of each class.
                    moves = [group[0] for group in move_classes(moves, stabiliser)]
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
            my_images = x_images if n_empty % 2 == parity else o_images
            best = -n_empty  # below any score this position can have
            for cell in moves:
                bit = 1 << cell
                mine = me | bit
                threats = my_threats  # (empty here when threats are on: a threat would have won)
                for mask in masks_through[cell]:
                    if not mask & opp:
                        rest = mask & ~mine
                        if not rest & (rest - 1):
                            if not rest:
                                break  # this move completes a line
                            threats |= rest
                else:
                    value = -node(opp, mine, images | my_images[cell], n_empty - 1, their_threats & ~bit,
                                  threats & ~bit, their_open & ~line_bits_through[cell], my_open, -beta, -alpha)
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                if order_name == "history":
                                    history[cell] += n_empty * n_empty
                                break
                    continue
                best = n_empty  # a win at once: nothing scores higher
                break
            if key is not None:
                table[key] = best << 2 | (upper if best <= lo else lower if best >= beta else exact)
            return best

        return node

    @property
    def stats(self) -> SearchStats:
        """Nodes visited and table hits so far, and the table's size."""
        return SearchStats(nodes=self._counts[0], hits=self._counts[1], table_size=len(self.table))

    # ------------------------------------------------------------------ answers
    def solve(self, board: Board) -> Solution:
        """Value, every value-keeping move, and the length of the game under perfect play.

        One move of each class of symmetric moves is searched with the window
        (-1, 1), which tells a win, a draw and a loss apart without working
        out how long they take; once a move is known to win, the others need
        only a null-window test.  The exact depth-aware score (for ``plies``)
        is searched last, and only when the game is won or lost.
        """
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            score = leaf_score(board)
            return Solution(value=sign(score), best_moves=(), plies=0, score=score)
        root = self._root(me, opp, n_empty)
        wins_at_once = root[4]
        value, best = -2, []
        for group in self._move_classes(root):
            cell = group[0]
            if wins_at_once >> cell & 1:
                move_value = 1
            elif n_empty == 1:
                move_value = 0  # fills the board
            elif value == 1:  # only a win can join the best moves now: a null-window test
                move_value = 1 if self._search(self._child(root, cell), -1, 0) <= -1 else -1
            else:
                # the window (-1, 1) leaves only the sign of the opponent's result exact, and that is enough
                move_value = -sign(self._search(self._child(root, cell), -1, 1))
            if move_value > value:
                value, best = move_value, list(group)
            elif move_value == value:
                best.extend(group)
        best.sort()
        score = 0 if value == 0 else self._search(root, -INF, INF)
        return Solution(value=value, best_moves=tuple(best), plies=plies_from_score(score, n_empty), score=score)

    def _move_classes(self, root: tuple) -> list[list[int]]:
        """The legal moves grouped into classes that a symmetry of the position makes equivalent.

        Only one move per class needs searching (on the empty 3×3 board, 3 of
        9): the lowest-numbered of each.
        """
        lay = self.layout
        me, opp, images = root[:3]
        empties = ~(me | opp) & lay.full
        moves = [c for c in lay.static_order if empties >> c & 1]
        if not self.options.symmetry:
            return [[c] for c in moves]
        return [sorted(group) for group in move_classes(moves, lay.stabiliser(images))]

    def move_scores(self, board: Board) -> dict[int, int]:
        """The exact depth-aware score of every legal move, for the side to move."""
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            return {}
        root = self._root(me, opp, n_empty)
        scores = {}
        for cell in board.legal_moves():
            if root[4] >> cell & 1:
                scores[cell] = n_empty  # wins at once
            elif n_empty == 1:
                scores[cell] = 0
            else:
                scores[cell] = -self._search(self._child(root, cell), -INF, INF)
        return scores

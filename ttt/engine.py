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
              (the default: cells on more open lines, and on lines with more
              stones of either side, first; each open line weighs 1, 4, 16,
              ... for its 0, 1, 2, ... stones; with fewer than 10 empty cells
              the static order, which is cheaper there);
``threats``   win at once if possible; if the opponent threatens one cell,
              block it and search nothing else; facing two threats, the game
              is lost in two plies; with three empty cells or fewer, the
              threats alone decide the game (with three left, the side to
              move wins only by making two threats at once).  This is the
              threats-first rule of :func:`ttt.pruning.threats_first` (wins,
              then blocks), written here on bitboards and inline for speed;
              ``tests/test_pruning.py`` checks that the two find the same
              wins and blocks;
``dead``      a position where no line can still be completed for either
              side is a draw, and one where a side has no line left caps its
              score, without searching further;
``pairing``   the same caps when a side's open lines can all be blocked by a
              *pairing strategy* (Hales and Jewett): if the other side can
              choose disjoint pairs of empty cells so that every open line of
              the first holds a whole pair, it answers a move in a pair with
              the other cell of that pair, and the first side completes no
              line.  So that side cannot win (its score is at most 0), and if
              neither can, the position is a draw.  Found greedily, from 5
              empty cells on.  The empty 4×4 board takes 62 nodes with it,
              66,004 without (35,247 with the static order); 5×5 with four
              in a row 60,758 with it, 6.5 million without;
``table_limit`` the most entries the table may hold (default 1,048,576, about
              100 MB); when it is full, the half with the most stones (the
              smallest subtrees, cheapest to search again) is dropped.  A
              smaller table never changes an answer, only the work.

``evaluate`` (an argument of :class:`Engine`, not an option) makes the same
search depth-limited: :meth:`Engine.score`, :meth:`Engine.move_scores` and
:meth:`Engine.best_move` take a ``depth`` and judge the positions that far
ahead with ``evaluate`` instead of searching on.  :class:`ttt.limited.LimitedSearch`,
the players' search of notebooks 08 and 09, is this engine with the table,
symmetry, dead-line caps and pairings off and the static order.

Scores are depth-aware and from the side to move: a win whose final move
leaves ``e`` empty cells scores ``e + 1``, a loss the negative of that, a
draw 0.  So faster wins and slower losses score higher.

Long searches can be given budgets (``max_seconds``, ``max_nodes``) and a
progress report: see :mod:`ttt.budget`.  Ideas weighed and left out, because
they did not pay (measured on the empty 5×5 board with four in a row, all
else on): killer moves (the move that last caused a cut-off at the same
depth, tried first: 306,637 nodes instead of 60,758 with the lines order,
though 20 times fewer than without them with the static order), enhanced
transposition cut-offs (looking the children up in the table before
searching any: 0.05% fewer nodes), and searching only one of several cells
that lie on no open line (they are interchangeable: 0.7% fewer nodes).

Four pieces of bookkeeping make a node cheap, because each is updated by a
move instead of being recomputed from the whole board:

* the *threats* of each side (empty cells that would complete one of its
  lines) change only on the lines through the cell just played;
* the *open lines* of each side (lines the opponent has not entered) are one
  bit per line, and a move closes the lines through its cell with one ``&``;
* the *images* of the position under every symmetry are packed side by side
  in one integer, and a move adds its cell's images with one ``|``; the
  canonical key is then the smallest of those fields;
* the *weights* of the cells for the ``"lines"`` order, packed side by side
  in one integer, are handed from a node to its children, which update them
  on the lines through the move just played.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

from ttt.bitboard import Layout, layout
from ttt.budget import Watch, check_budget
from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.scores import EXACT, INF, LOWER, UPPER, leaf_score, plies_from_score, sign
from ttt.solution import Solution
from ttt.symmetry import move_classes

ENGINE_ORDERS = ("index", "static", "history", "lines")
"""The names of the engine's move orders (see the module notes).  Not :data:`ttt.pruning.ORDERS`,
which maps the teaching alpha-beta's orders to functions of a :class:`~ttt.board.Board`: the
engine's orders work on bitboards inside its search, and two of them ("history", "lines") need
its state."""


DEFAULT_TABLE_LIMIT = 1 << 20
"""Entries the table may hold unless told otherwise (1,048,576: about 110 MB on 5×5)."""

PAIRING_MIN_EMPTY = 5
"""Pairings are looked for only with at least this many empty cells: below, searching is cheaper."""

LINES_MIN_EMPTY = 10
"""The ``"lines"`` order weighs the lines only with at least this many empty cells, and is the
static order below: near the leaves the weighing costs more than the better order saves.  (So on
3×3 the two orders are the same.)"""


@dataclass(frozen=True)
class Options:
    """Which speed-ups the engine uses (all on by default), and how many entries its table may hold."""

    table: bool = True
    symmetry: bool = True
    order: str = "lines"
    threats: bool = True
    dead: bool = True
    pairing: bool = True
    table_limit: int = DEFAULT_TABLE_LIMIT

    def __post_init__(self):
        if self.order not in ENGINE_ORDERS:
            raise ValueError(f"order must be one of {', '.join(map(repr, ENGINE_ORDERS))}, not {self.order!r}")
        if self.symmetry and not self.table:
            raise ValueError("symmetry only helps through the table: turn table on too")
        limit = self.table_limit
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"table_limit must be a whole number of entries, at least 1, not {limit!r}")


DEFAULT_OPTIONS = Options()


def symmetry_min_empty(size: int) -> int:
    """From how many empty cells on the engine looks positions up by their canonical image.

    Symmetry pays near the root, where few stones make many positions one
    another's images; deeper down, finding the canonical image costs more
    than the table hits it earns.  Measured: from half the board empty
    (3×3: 6 empty cells, 4×4: 9) is best on 3×3 and 4×4; with pairing on,
    the threshold hardly changes the nodes on 4×4 and 5×5.
    """
    return (size + 1) // 2 + 1


class Engine:
    """A solver for one board size and one set of options, with its own table.

    Keep an engine to reuse its table across positions (as the widgets do);
    make a new one for a cold measurement.

    What it adds to the teaching alpha-beta (:func:`ttt.pruning.alphabeta`,
    fail-soft, negamax form) is listed in the module notes: bitboards and
    depth-aware scores, a bound-flag table of bounded size, symmetry near the
    root, move orders (by default the open lines), the threat rules, and two
    ways of proving that a side cannot win (dead-line caps and pairings),
    plus budgets and a progress report.  The search itself is the same loop:
    try the moves in order, raise alpha, stop at beta.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, options: Options | None = None,
                 evaluate: Callable[[int, int], float] | None = None):
        self.layout = layout(rows, cols, k)
        self.options = options or DEFAULT_OPTIONS
        self.evaluate = evaluate
        if evaluate is not None and self.options.table:
            raise ValueError("a depth-limited search (evaluate) needs table=False: the table keeps whole-number scores")
        self.table: dict[int, int] = {}  # canonical packed position -> score << 2 | bound
        self.history = [0] * self.layout.size
        self.watch = Watch()  # the search's counters, budgets and progress report
        self.watch.table_size = self.table.__len__
        self._node = self._make_search(-1)
        self._limited: dict[int, Callable] = {}  # the depth-limited searches, by their horizon

    # ------------------------------------------------------------------ the search
    def score(self, board: Board, *, depth: int | None = None, alpha=-INF, beta=INF, max_seconds=None,
              max_nodes=None, progress=None):
        """The exact depth-aware score of ``board`` for the side to move (fail-soft beyond ``(alpha, beta)``).

        With a ``depth``, the value looking that many moves ahead, the
        positions there judged by ``evaluate`` (see :meth:`limited_search`).
        ``max_seconds``, ``max_nodes`` and ``progress`` as for :meth:`solve`.
        """
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            check_budget(max_seconds, max_nodes)
            return leaf_score(board)
        root = self._root(me, opp, n_empty)
        node = self.limited_search(n_empty - depth) if depth is not None else self._node
        return self._watched(lambda: self._search(root, alpha, beta, node), max_seconds, max_nodes, progress)

    def _watched(self, search, max_seconds, max_nodes, progress):
        """Run ``search()`` under the budgets, reporting ``progress``; without any, just run it.

        A budget is spent when the search has visited ``max_nodes`` nodes or
        run ``max_seconds`` seconds (the clock is read about every tenth of a
        second, see :class:`ttt.budget.Watch`): it raises
        :class:`ttt.budget.BudgetExceeded` from inside the search.  Every table entry is stored only once its subtree is
        searched, so what the table holds stays true; :func:`ttt.solve`
        still drops an engine that was stopped, to free its memory.
        """
        if max_seconds is None and max_nodes is None and progress is None:
            return search()
        self.watch.arm(max_seconds, max_nodes, progress)
        try:
            return search()
        finally:
            self.watch.disarm()

    def _search(self, state: tuple, alpha, beta, node=None) -> int:
        """Search the node ``state`` (from :meth:`_root` or :meth:`_child`) with the window (``alpha``, ``beta``).

        An infinite end of the window becomes one past the widest score the
        position can have (``n_empty + 1``): every comparison the search makes
        comes out the same, and the search stays in whole numbers.  ``node``
        is the search to use (the exact one unless given).
        """
        bound = state[3] + 1
        return (node or self._node)(*state, max(alpha, -bound), min(beta, bound))

    def limited_search(self, horizon: int):
        """The search that stops at ``horizon`` empty cells and returns ``evaluate(me, opp)`` there.

        ``evaluate`` judges a position nobody has won for the side to move
        (``me``); its value must lie in (-1, 1), below any finished game's
        score.  The horizon is counted in empty cells, so a search ``depth``
        moves ahead of a position with ``n`` empty cells has the horizon
        ``n - depth``, and the search carries no depth of its own.  A horizon
        of 0 or less is the exact search.  One search is built per horizon
        and kept.
        """
        if self.evaluate is None:
            raise ValueError("a depth-limited search needs an evaluate function: Engine(..., evaluate=...)")
        if horizon <= 0:
            return self._node  # nothing is left to judge: the search reaches every finished game
        node = self._limited.get(horizon)
        if node is None:
            node = self._limited[horizon] = self._make_search(horizon)
        return node

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

    def _make_search(self, horizon: int):
        """The search ``node``: fail-soft negamax alpha-beta, a closure over local names (twice as fast so).

        ``node`` searches a position nobody has won, ``me`` to move, ``n_empty``
        cells free; ``images`` packs its images under every symmetry;
        ``my_threats``/``their_threats`` are the empty cells that would
        complete a line for each side; ``my_open``/``their_open`` have a bit
        per line the other side has not entered; ``weights`` are the parent's
        cell weights for the ``"lines"`` order (0 if it has none) and ``last``
        the cell just played (see :func:`_line_weights`).  Options are read once here.
        The move loop inlines :meth:`ttt.bitboard.Layout.threats_through`: a
        call at every node would cost a fifth of the time.  ``horizon``: see
        :meth:`limited_search` (-1 for the exact search, which never reaches it).
        """
        lay, opts = self.layout, self.options
        size, full, masks_through, line_bits_through = lay.size, lay.full, lay.masks_through, lay.line_bits_through
        threats_through, paired = lay.threats_through, lay.paired
        use_table, use_threats, use_dead = opts.table, opts.threats, opts.dead
        use_symmetry = opts.symmetry and bool(lay.symmetry_perms)
        sym_min_empty = symmetry_min_empty(size) if use_symmetry else size + 1  # (never reached without symmetry)
        table_limit, field_mask = opts.table_limit, lay.field_mask
        shifted_perms = tuple(zip(lay.field_shifts, lay.symmetry_perms))  # where each image sits, and its symmetry
        # What a move adds to ``images``, by the empty cells before it: its cell's images under every
        # symmetry while the child looks up its canonical image, else the cell alone (less to carry).
        move_images = tuple(
            (lay.x_images if n % 2 == size % 2 else lay.o_images) if n > sym_min_empty
            else (lay.x_bits if n % 2 == size % 2 else lay.o_bits)
            for n in range(size + 1)
        )
        pair_min_empty = PAIRING_MIN_EMPTY if opts.pairing else size + 1
        coverable = tuple(n // 2 * lay.most_covered for n in range(size + 1))  # at most so many lines can be paired
        lines_min_empty = LINES_MIN_EMPTY if opts.order == "lines" else size + 1
        if lines_min_empty <= size:
            weigh, weigh_after, sort_by_weight = _line_weights(lay)
        use_history = opts.order == "history"
        order_bits = tuple((c, 1 << c) for c in (lay.static_order if opts.order != "index" else lay.index_order))
        history, table, watch = self.history, self.table, self.watch
        exact, lower, upper = int(EXACT), int(LOWER), int(UPPER)
        evaluate = self.evaluate
        # The threats alone decide a position with 3 empty cells or fewer, but exactly: a search that
        # stops at a horizon judges those positions by its evaluation instead, as a plain search would.
        threats_decide = 3 if horizon <= 0 else -1

        def node(me, opp, images, n_empty, my_threats, their_threats, my_open, their_open, alpha, beta,
                 weights=0, last=-1):
            watch.nodes = nodes = watch.nodes + 1
            if nodes >= watch.checkpoint:
                watch.tick()  # progress and budgets (raises BudgetExceeded)
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
                if n_empty <= threats_decide:
                    if n_empty <= 2:
                        return 0  # no win for me now and at most one threat against me: a draw
                    # Three cells left: I win only by making two threats with my move (the
                    # opponent blocks one, I complete the other); nobody else can win.
                    left = ~(me | opp) & full if moves is None else 1 << moves[0]
                    while left:
                        bit = left & -left
                        left ^= bit
                        threats = threats_through(bit.bit_length() - 1, me | bit, opp)
                        if threats & (threats - 1):
                            return 1
                    return 0
            elif n_empty == 0:
                return 0
            if n_empty <= horizon:
                return evaluate(me, opp)  # depth-limited: this position is judged, not searched
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
            empties = ~(me | opp) & full
            if n_empty >= pair_min_empty:
                # The same caps, when a pairing shows that a side's open lines can all be blocked.
                most = coverable[n_empty]
                if beta > 0 and my_open and my_open.bit_count() <= most and paired(my_open, empties):
                    beta = 0  # my opponent can pair off my lines: I cannot win
                if (alpha < 0 and their_open and not their_threats and their_open.bit_count() <= most
                        and paired(their_open, empties)):
                    alpha = 0  # I can pair off theirs: I cannot lose
                if alpha >= beta:
                    return 0
            key = stabiliser = None  # the symmetries that map this position onto itself
            if use_table:
                if n_empty >= sym_min_empty:
                    key, stabiliser = _canonical(images, field_mask, shifted_perms)
                else:
                    key = images & field_mask
                entry = table.get(key)
                if entry is not None:
                    flag, value = entry & 3, entry >> 2
                    if flag == lower and value > alpha:
                        alpha = value
                    elif flag == upper and value < beta:
                        beta = value
                    if flag == exact or alpha >= beta:
                        watch.hits += 1
                        return value
            lo = alpha  # the window this node is searched with decides what its result bounds
            if moves is None:
                moves = [c for c, bit in order_bits if empties & bit]
                if stabiliser is not None:
                    moves = _one_per_class(moves, stabiliser)
                if n_empty >= lines_min_empty:
                    # the parent's weights, if it had any, need only the lines through its move
                    weights = weigh_after(weights, last, me, opp) if weights else weigh(me, opp)
                    sort_by_weight(moves, weights)
                elif use_history:
                    moves.sort(key=lambda c: -history[c])
            else:
                weights = 0  # a forced block, not weighed: its child weighs its own position
            my_images = move_images[n_empty]
            if n_empty == sym_min_empty:
                images &= field_mask  # the children look up only the position itself
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
                                  threats & ~bit, their_open & ~line_bits_through[cell], my_open, -beta, -alpha,
                                  weights, cell)
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                watch.cutoffs += 1
                                if use_history:
                                    history[cell] += n_empty * n_empty
                                break
                    continue
                best = n_empty  # a win at once: nothing scores higher
                break
            if key is not None:
                if len(table) >= table_limit and key not in table:
                    _shrink(table, size)
                table[key] = best << 2 | (upper if best <= lo else lower if best >= beta else exact)
            return best

        return node

    @property
    def stats(self) -> SearchStats:
        """Nodes visited, cut-offs and table hits so far, and the table's size."""
        watch = self.watch
        return SearchStats(nodes=watch.nodes, cutoffs=watch.cutoffs, hits=watch.hits, table_size=len(self.table))

    # ------------------------------------------------------------------ answers
    def solve(self, board: Board, *, max_seconds=None, max_nodes=None, progress=None) -> Solution:
        """Value, every value-keeping move, and the length of the game under perfect play.

        One move of each class of symmetric moves is searched with the window
        (-1, 1), which tells a win, a draw and a loss apart without working
        out how long they take; once a move is known to win, the others need
        only a *null-window* test (the window (0, 1) around a single value,
        which answers only "better than that or not?").  The exact
        depth-aware score (for ``plies``) is searched last, and only when the
        game is won or lost.

        Budgets for the whole answer: ``max_seconds`` and ``max_nodes``
        (``None``: no limit) raise :class:`ttt.budget.BudgetExceeded` when
        spent; ``progress``, a function of ``(nodes, seconds, table_size)``,
        is called about every 65,536 nodes once a second has passed (see
        :mod:`ttt.budget`).
        """
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            check_budget(max_seconds, max_nodes)
            score = leaf_score(board)
            return Solution(value=sign(score), best_moves=(), plies=0, score=score)
        root = self._root(me, opp, n_empty)
        return self._watched(lambda: self._solve(root, n_empty), max_seconds, max_nodes, progress)

    def _solve(self, root: tuple, n_empty: int) -> Solution:
        """:meth:`solve` for an unfinished position, given as its root node's arguments."""
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

    def move_scores(self, board: Board, *, depth: int | None = None) -> dict[int, int | float]:
        """The exact depth-aware score of every legal move, for the side to move.

        With a ``depth``, each move's value looking ``depth`` moves ahead (the
        move included), as :meth:`score` does.
        """
        me, opp, n_empty = self.layout.sides(board)
        if board.is_over:
            return {}
        root, node = self._root(me, opp, n_empty), self._after_move(n_empty, depth)
        return {cell: self._move_score(root, cell, node, -INF, INF) for cell in board.legal_moves()}

    def best_move(self, board: Board, *, depth: int | None = None) -> int:
        """The lowest-numbered of the best moves (with a ``depth``: of the best looking that far ahead).

        Each move is searched with the window (best so far, ∞): a move that
        cannot beat the best so far fails low at once, so this does less
        work than :meth:`move_scores`.
        """
        board.check_not_over()
        me, opp, n_empty = self.layout.sides(board)
        root, node = self._root(me, opp, n_empty), self._after_move(n_empty, depth)
        best_cell, best = None, -INF
        for cell in board.legal_moves():
            value = self._move_score(root, cell, node, best, INF)
            if value > best:
                best_cell, best = cell, value
        return best_cell

    def _after_move(self, n_empty: int, depth: int | None):
        """The search for the positions after a move from a position with ``n_empty`` empty cells.

        A move is the first of the ``depth`` moves looked at; with ``depth``
        0 the position after it is judged at once.
        """
        return self._node if depth is None else self.limited_search(n_empty - max(depth, 1))

    def _move_score(self, root: tuple, cell: int, node, alpha, beta):
        """The score of playing ``cell`` at ``root``, searched with ``node`` in the window (``alpha``, ``beta``)."""
        n_empty = root[3]
        if root[4] >> cell & 1:
            return n_empty  # wins at once
        if n_empty == 1:
            return 0  # fills the board
        return -self._search(self._child(root, cell), -beta, -alpha, node)



# ---------------------------------------------------------------------- the search's helpers, off its hot path


def _canonical(images: int, field_mask: int, shifted_perms) -> tuple[int, list | None]:
    """``(canonical key, stabiliser)`` of a position's packed images: the smallest field, and the symmetries
    (``None`` if none but the identity) that map the position onto itself (as
    :meth:`ttt.bitboard.Layout.canonical_of_images` and :meth:`~ttt.bitboard.Layout.stabiliser`, in one pass)."""
    position = best = images & field_mask
    stabiliser = None
    for shift, perm in shifted_perms:
        image = images >> shift & field_mask
        if image < best:
            best = image
        elif image == position:
            if stabiliser is None:
                stabiliser = [perm]
            else:
                stabiliser.append(perm)
    return best, stabiliser


def _one_per_class(moves: list[int], stabiliser: list) -> list[int]:
    """The first move of each class of moves that a symmetry of the position maps onto each other (as
    :func:`ttt.symmetry.move_classes`): they are worth the same, so only one is searched."""
    kept, seen = [], 0
    for c in moves:
        if not seen >> c & 1:
            kept.append(c)
            for perm in stabiliser:
                seen |= 1 << perm[c]
    return kept


_WORDS = ((16, "H"), (32, "I"), (64, "Q"))
"""Machine words a :class:`memoryview` can read an integer's bytes as: ``(bits, format)``."""


def _line_weights(lay: Layout) -> tuple[Callable[[int, int], int], Callable[[int, int, int, int], int],
                                         Callable[[list[int], int], None]]:
    """The ``"lines"`` order: ``(weigh, weigh_after, sort_by_weight)``, the weights of the cells and a sort by them.

    A line still open to a side weighs 4 ** (that side's stones on it): 1, 4,
    16, ... as for the open-lines evaluation of :mod:`ttt.limited`; a cell
    weighs the sum over its open lines, mine and theirs (a move there grows
    mine and cuts theirs).  ``sort_by_weight(moves, weights)`` sorts
    ``moves`` in place, heaviest first; the sort is stable, so ties keep the
    static order.

    It runs at every node with enough empty cells, so the weights of all the
    cells are added at once: they sit side by side in one integer, a field of
    ``width`` bits per cell, and each line adds its weight to the fields of
    its cells with one ``+`` (of a 1 in each of their fields, times the
    weight); a line is open to a side when the other has no stone on it.
    Adding up cell by cell, over the bits of the open lines, took 1.6 times
    as long (solving the empty 5×5 board with four in a row).  A field never
    overflows into the next: it holds at most the lines through its cell,
    twice (mine and theirs), each weighing at most 4 ** k.

    ``weigh(me, opp)`` adds up every line (28 on 5×5);
    ``weigh_after(weights, cell, me, opp)`` gets the same integer from the
    weights before the opponent's move on ``cell``, looking only at the
    lines through it (at most 8): a node passes its weights to its children,
    which saves about a tenth of the time of solving the empty 5×5 board.

    The fields are 16, 32 or 64 bits wide, so that the integer's bytes, read
    as an array of machine words (:class:`memoryview`), are the cells'
    weights, which the sort looks up in C; a key function cutting the fields
    out in Python (``weights >> shift & field``) made the sort 1.4 times as
    slow.  On a board whose weights need wider fields (k of 29 or more) they
    are cut out into a list instead.
    """
    k, size = lay.k, lay.size
    heaviest = 2 * max(map(len, lay.masks_through)) * 4 ** k
    width, word = next(((bits, code) for bits, code in _WORDS if heaviest < 1 << bits), (heaviest.bit_length(), None))
    n_bytes, byte_order = width // 8 * size, sys.byteorder
    field = (1 << width) - 1
    shifts = tuple(width * c for c in range(size))
    # each line's mask, and its spread weighed for 0, 1, ... k stones
    lines = tuple(
        (mask, tuple(4 ** stones * sum(1 << shifts[c] for c in cells) for stones in range(k + 1)))
        for mask, cells in zip(lay.masks, lay.geometry.lines)
    )
    lines_through = tuple(tuple(lines[n] for n in through) for through in lay.geometry.lines_through)

    def weigh(me: int, opp: int) -> int:
        weights = 0
        for mask, weighted in lines:  # (all of them: cheaper than picking out the open ones)
            if not mask & opp:
                weights += weighted[(mask & me).bit_count()]
            if not mask & me:
                weights += weighted[(mask & opp).bit_count()]
        return weights

    def weigh_after(weights: int, cell: int, me: int, opp: int) -> int:
        for mask, weighted in lines_through[cell]:
            theirs = (mask & opp).bit_count()  # (``cell`` included)
            if not mask & me:  # their open line has one more stone
                weights += weighted[theirs] - weighted[theirs - 1]
            if theirs == 1:  # their first stone on the line: it was open to me, and is closed now
                weights -= weighted[(mask & me).bit_count()]
        return weights

    def sort_by_weight(moves: list[int], weights: int) -> None:
        if word is None:
            by_cell = [weights >> shift & field for shift in shifts]
        else:
            by_cell = memoryview(weights.to_bytes(n_bytes, byte_order)).cast(word)
        moves.sort(key=by_cell.__getitem__, reverse=True)

    return weigh, weigh_after, sort_by_weight


def _shrink(table: dict[int, int], size: int) -> None:
    """The bounded table is full: forget the half of it that is cheapest to find again.

    An entry saves a search of the position below it, and a position with
    more stones has a smaller tree below it.  So the entries with the fewest
    stones are kept (among equals, the ones stored last) and the rest are
    dropped.  Dropping entries never makes an answer wrong, only slower: the
    search finds them again when it needs them.
    """
    by_stones = [0] * (size + 1)
    for key in table:
        by_stones[key.bit_count()] += 1
    room = len(table) // 2
    for threshold in range(size + 1):  # the stone count at which the room runs out
        if by_stones[threshold] > room:
            break
        room -= by_stones[threshold]
    drop = []
    for key in reversed(table):  # newest first
        stones = key.bit_count()
        if stones < threshold:
            continue
        if stones == threshold and room > 0:
            room -= 1
            continue
        drop.append(key)
    for key in drop:
        del table[key]

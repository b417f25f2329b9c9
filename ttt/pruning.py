"""Pruning: the same minimax value while looking at fewer positions.

Three steps, each a little more deliberate than the last.

1. **Lazy pruning** (:func:`lazy_minimax`, :func:`lazy_negamax`).  The
   Birmingham handout on chapter 11 of Hutton's *Programming in Haskell*
   (it names no author; the course calls it Martín Escardó's because its
   links point to his pages) replaces ``maximum`` by a lazy ``supremum`` that stops as soon as it meets
   the best value there is (a win), because nothing after it can matter.  In
   Python the children's values come from a generator, so the ones after the
   win are never computed: :func:`supremum` and :func:`infimum`.
2. **Take until a win** (:func:`take_until_tree`; the course's name for the
   handout's ``takeUntil`` pruning).  The same handout's
   ``alphabeta`` keeps each node's children up to and including the first
   one that wins for the side to move (``takeUntil``) and returns that
   smaller, labelled tree.  Its leaves are the games the lazy search plays
   out: 38,856 from the empty board, against 255,168 in the full tree.  (The
   handout lets O move first; swapping the names X and O maps its tree onto
   ours move for move, so the count is the same.)
3. **Alpha-beta** (:func:`alphabeta`).  Each call carries a window
   ``(alpha, beta)``: the side to move is already sure of ``alpha`` elsewhere,
   and the opponent will never allow more than ``beta``.  Once a move reaches
   ``beta`` the other moves cannot matter (a *cut-off*).  Fail-hard returns a
   value clipped to the window; fail-soft returns the best value it saw,
   which may lie outside the window and then is a bound.

The node counts of the handouts and blogs come out of :func:`alphabeta`
exactly, under these conventions: negamax form, values ``-1``/``0``/``+1``,
moves in cell order 0, 1, ..., 8, and one node counted per call (root and
finished games included):

=================================================  ===========
alpha-beta, window (-inf, +inf), hard or soft          18,297
alpha-beta, window [-1, +1], hard or soft              16,811
fail-soft that cuts only when alpha > beta (a bug)    146,120
=================================================  ===========

The window [-1, +1] saves work because a win (value +1 = beta) then ends
the search of a node at once, as in the lazy ``supremum``.  The strict test
``alpha > beta`` is a common slip: the answers stay right but a node only
stops once a child *beats* beta.  In the fail-hard form the slip is even
worse: a child's value never leaves the window, so ``alpha > beta`` never
happens and nothing is pruned (549,946 nodes): the figure 146,120 belongs
to fail-soft.

With a ``table`` (a dict), :func:`alphabeta` is also the alpha-beta with a
transposition table of notebook 06: each result is stored with its
:class:`~ttt.scores.Bound` (exact, lower or upper), and a look-up uses an
entry only where it settles the question.  ``bounds=False`` reproduces the
classic mistake of storing every result as if it were exact.

To watch the search rather than just count it, pass an ``observer``
(:class:`AlphaBetaObserver`): it hears of every node as the search enters
and leaves it, with the window, the value and the moves a cut-off skipped.
:mod:`ttt.trace` builds its tree for the explorer of notebook 05 that way,
so what the explorer shows is this very search and not a copy of it.

Move order matters a great deal (:data:`ORDERS`).  From the empty board,
window (-inf, +inf), hard and soft alike: index 18,297 nodes, static
(centre, corners, edges) 7,275, threats (win, then block, then index)
6,435, threats+static 2,096.  With the window [-1, +1]: 16,811, 6,323,
5,145 and 1,942.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Protocol, Sequence, TypeVar

from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.minimax import minimax, negamax
from ttt.scores import EXACT, INF, LOWER, UPPER, leaf_value, x_value
from ttt.tree import Node

__all__ = [
    "supremum",
    "infimum",
    "lazy_minimax",
    "lazy_negamax",
    "take_until",
    "take_until_tree",
    "alphabeta",
    "alphabeta_move",
    "AlphaBetaObserver",
    "ORDERS",
    "order_moves",
    "static_order",
    "threats_first",
]

T = TypeVar("T")


# ---------------------------------------------------------------------- 1. lazy pruning


def supremum(values: Iterable[int], top: int = 1) -> int:
    """The largest of ``values``, reading no further once one reaches ``top``.

    ``top`` is the best value there is (a win, ``+1``), so nothing after it
    can beat it: the rest of the iterator is never consumed (Escardó's lazy
    ``supremum``).  ``values`` must not be empty.
    """
    best = None
    for value in values:
        if value >= top:
            return value
        if best is None or value > best:
            best = value
    if best is None:
        raise ValueError("supremum() of no values")
    return best


def infimum(values: Iterable[int], bottom: int = -1) -> int:
    """The smallest of ``values``, reading no further once one reaches ``bottom``."""
    return -supremum((-value for value in values), -bottom)


def lazy_minimax(tree, stats: SearchStats | None = None) -> int:
    """:func:`ttt.minimax.minimax` (X's side, on a tree) with lazy ``supremum`` / ``infimum``.

    The children's values are a generator, so a child after a winning one is
    never evaluated; on a :class:`~ttt.tree.LazyNode` it is never even built.
    """
    return minimax(tree, stats, maximum=supremum, minimum=infimum)


def lazy_negamax(board: Board, stats: SearchStats | None = None) -> int:
    """:func:`ttt.minimax.negamax` with a lazy ``supremum``: stop at the first winning move.

    The loop of :func:`~ttt.minimax.negamax` with ``lazy=True`` is
    :func:`supremum` written out: it keeps the best value so far and stops
    as soon as one reaches the top value, a win.
    """
    return negamax(board, stats, lazy=True)


# ---------------------------------------------------------------------- 2. take until a win


def take_until(predicate: Callable[[T], bool], items: Iterable[T]) -> Iterator[T]:
    """The items up to and including the first for which ``predicate`` holds (``takeUntil``)."""
    for item in items:
        yield item
        if predicate(item):
            return


def take_until_tree(tree, stats: SearchStats | None = None) -> Node:
    """The handout's ``alphabeta``: a labelled tree that keeps children only up to the first win.

    Each node gets its minimax value (X's side, as in :func:`ttt.minimax.minimax_tree`),
    computed from the kept children only; the children after the first one
    that wins for the side to move are dropped (never looked at).  The
    result's leaves are the games the search played out: 38,856 from the
    empty 3×3 board.
    """
    return _take_until(tree, stats if stats is not None else SearchStats())


def _take_until(node, stats: SearchStats) -> Node:
    stats.nodes += 1
    board = node.board
    if not node.children:
        stats.leaves += 1
        return Node(board, (), x_value(board))
    x_to_move = board.turn == "X"
    win = 1 if x_to_move else -1
    labelled = (_take_until(child, stats) for child in node.children)
    kept = tuple(take_until(lambda child: child.value == win, labelled))
    values = [child.value for child in kept]
    return Node(board, kept, max(values) if x_to_move else min(values))


# ---------------------------------------------------------------------- move ordering


def static_order(board: Board) -> tuple[int, ...]:
    """All cells, those on more winning lines first (centre, corners, edges on 3×3).

    Ties go to the cell nearer the centre, then to the lower number (the
    order is :attr:`ttt.geometry.Geometry.static_order`, shared with the
    engine).  A cell on many lines is more often part of a win or a block,
    so trying it first tends to find a cut-off sooner.
    """
    return board.geometry.static_order


def _static_moves(board: Board) -> list[int]:
    cells = board.cells
    return [cell for cell in board.geometry.static_order if cells[cell] == "."]


def threats_first(board: Board, moves: Iterable[int]) -> list[int]:
    """``moves`` with the winning moves first, then the blocking moves, the rest in their own order.

    The course's one "threats first" order on a :class:`~ttt.board.Board`
    (the orders ``threats`` and ``threats+static`` of :data:`ORDERS`, and
    notebook 05's exercise on move order, use it).  A move that wins ends
    the search of its node at once (it reaches ``beta`` in the window
    [-1, +1]), and a move that blocks the opponent's immediate win is the
    only one that does not lose, so trying those first finds the cut-offs
    soonest; the order within each group is kept, so it refines any order.

    The engines (:mod:`ttt.engine`, :mod:`ttt.limited`) work on bitboards
    and find the same two groups with :meth:`ttt.bitboard.Layout.threats`
    (a side's threats are the empty cells that would complete one of its
    lines); ``tests/test_pruning.py`` checks that both agree on every
    reachable position.
    """
    cells, geo = board.cells, board.geometry
    me = board.turn
    wins, blocks, rest = [], [], []
    for cell in moves:
        kind = None
        for n in geo.lines_through[cell]:
            others = {cells[i] for i in geo.lines[n] if i != cell}
            if len(others) == 1:
                mark = others.pop()
                if mark == me:
                    kind = "win"
                    break
                if mark != ".":
                    kind = "block"
        (wins if kind == "win" else blocks if kind == "block" else rest).append(cell)
    return wins + blocks + rest


def _threat_index_moves(board: Board) -> list[int]:
    return threats_first(board, board.legal_moves())


def _threat_static_moves(board: Board) -> list[int]:
    return threats_first(board, _static_moves(board))


ORDERS: dict[str, Callable[[Board], list[int]]] = {
    "index": Board.legal_moves,
    "static": _static_moves,
    "threats": _threat_index_moves,
    "threats+static": _threat_static_moves,
}
"""Move orders for :func:`alphabeta`, by name.

``index``           cells 0, 1, 2, ... (the order of the published counts);
``static``          centre, then corners, then edges (:func:`static_order`);
``threats``         a winning move first, then moves that block the
                    opponent's immediate win, then the rest in index order;
``threats+static``  the same, with the rest in static order.
"""


def order_moves(board: Board, order="index") -> list[int]:
    """The legal moves of ``board`` in the order ``order`` (a name in :data:`ORDERS` or a function)."""
    return _orderer(order)(board)


def _orderer(order) -> Callable[[Board], list[int]]:
    if callable(order):
        return order
    try:
        return ORDERS[order]
    except (KeyError, TypeError):
        names = ", ".join(repr(name) for name in ORDERS)
        raise ValueError(f"unknown move order {order!r}: use one of {names}, or a function") from None


# ---------------------------------------------------------------------- 3. alpha-beta


class AlphaBetaObserver(Protocol):
    """What :func:`alphabeta` tells an ``observer``: every node, as it enters and leaves it.

    The calls nest like the search itself: ``enter`` for a node, then the
    ``enter`` ... ``leave`` pairs of the children it searched, in the order
    tried, then its own ``leave``.  An observer only listens; the search
    runs exactly as it would without one.
    """

    def enter(self, board: Board, move: int | None, alpha, beta) -> None:
        """The search arrives at ``board`` with the window ``(alpha, beta)``.

        ``move`` is the cell played to get there (``None`` at the root).
        """

    def leave(self, value, pruned: Sequence[int]) -> None:
        """The search returns ``value`` for the node last entered and not yet left.

        ``pruned`` holds the moves a cut-off left unsearched, in the order
        they would have been tried (empty when every move was searched).
        """


def alphabeta(
    board: Board,
    alpha: float = -INF,
    beta: float = INF,
    *,
    soft: bool = False,
    order="index",
    strict: bool = False,
    stats: SearchStats | None = None,
    observer: AlphaBetaObserver | None = None,
    table: dict | None = None,
    bounds: bool = True,
) -> int | float:
    """Negamax with alpha-beta pruning: the value of ``board`` for the side to move, within a window.

    With ``alpha < v < beta`` for the true value ``v`` (always the case for
    the full window ``(-inf, inf)``, and for ``[-1, 1]`` since values are
    ``-1``, ``0`` or ``1``) the answer is ``v`` itself.  Otherwise:

    * fail-hard (``soft=False``) returns ``v`` clipped to ``[alpha, beta]``:
      ``alpha`` means "at most alpha", ``beta`` means "at least beta";
    * fail-soft (``soft=True``) returns a bound that may lie beyond the
      window: a result ``r <= alpha`` means ``v <= r``, a result ``r >= beta``
      means ``v >= r``.  The tighter bound is what a transposition table
      wants to store.

    ``order`` picks the move order (see :data:`ORDERS`), ``strict=True``
    reproduces the bug of cutting off only when ``alpha > beta``, and
    ``stats`` counts nodes, leaves and cut-offs (a cut-off is counted when a
    node stops with moves still unsearched).  ``observer`` (see
    :class:`AlphaBetaObserver`) is told of every node entered and left;
    without one the search pays only an ``is not None`` test per node.

    ``table`` (a dict, kept between calls if you pass your own) makes it
    alpha-beta with a transposition table.  A result found with the window
    ``(alpha, beta)`` is exact only strictly inside the window; otherwise it
    is a bound (:func:`ttt.scores.bound_of`).  With ``bounds=True`` each entry
    is ``(bound, value)`` and a look-up uses it only where it settles the
    question: an exact value always, a bound when it closes the window;
    otherwise the bound narrows the window and the position is searched
    again.  ``bounds=False`` stores every result as if it were exact and
    returns it whatever the window: the classic mistake, which gives wrong
    values and moves (notebook 06 counts where).  A call answered by the
    table counts as a node and a hit; ``stats.table_size`` is the table's
    size at the end.
    """
    if not alpha < beta:
        raise ValueError(f"the window must have alpha < beta, got ({alpha}, {beta})")
    stats = stats if stats is not None else SearchStats()
    search = _searcher(_orderer(order), soft, strict, stats, observer, table, bounds)
    value = search(board, None, alpha, beta)
    if table is not None:
        stats.table_size = len(table)
    return value


def alphabeta_move(board: Board, *, table: dict | None = None, bounds: bool = True,
                   stats: SearchStats | None = None) -> tuple[int, int]:
    """``(value, move)`` at the root: the first move in cell order whose value is the best found.

    Fail-hard, with a table (a fresh one unless given).  Each move is
    searched with the window the root has reached so far, as alpha-beta
    does.  With ``bounds=True`` the value is exact and the move keeps it; with
    ``bounds=False`` either may be wrong.
    """
    board.check_not_over()
    table = {} if table is None else table
    stats = stats if stats is not None else SearchStats()
    search = _searcher(Board.legal_moves, False, False, stats, None, table, bounds)
    alpha, best_cell = -INF, None
    for cell in board.legal_moves():
        value = -search(board.child(cell), cell, -INF, -alpha)
        if value > alpha:
            alpha, best_cell = value, cell
    stats.table_size = len(table)
    return alpha, best_cell


def _searcher(moves, soft: bool, strict: bool, stats: SearchStats, observer, table, bounds: bool):
    """The alpha-beta search as a closure over its settings (read once, not passed down at every call).

    ``move`` is the cell that led to ``board``; only the observer needs it.
    The observer and the table are checked with ``is not None`` and a
    cut-off's unsearched moves are sliced only for the observer, so that a
    plain search runs as fast as one without these hooks.
    """

    exact, lower, upper = EXACT, LOWER, UPPER  # the bounds as closure variables: read at every node

    def search(board: Board, move, alpha, beta):
        stats.nodes += 1
        if observer is not None:
            observer.enter(board, move, alpha, beta)
        if table is not None:
            entry = table.get(board)
            if entry is not None:
                if bounds:
                    flag, value = entry
                    if flag == exact or (value >= beta if flag == lower else value <= alpha):
                        if not soft:  # the entry settles this node; fail-hard clips it to the window
                            value = alpha if value <= alpha else beta if value >= beta else value
                        entry = None
                    elif flag == lower:  # otherwise the bound narrows the window, and the search goes on
                        if value > alpha:
                            alpha = value
                    elif value < beta:
                        beta = value
                else:
                    value, entry = entry, None  # the mistake: a result found under another window, used as exact
                if entry is None:
                    stats.hits += 1
                    if observer is not None:
                        observer.leave(value, ())
                    return value
        if board.is_over:
            stats.leaves += 1
            value = leaf_value(board)
            if table is not None:
                table[board] = (exact, value) if bounds else value if soft else min(max(value, alpha), beta)
            if not soft:
                value = alpha if value <= alpha else beta if value >= beta else value
            if observer is not None:
                observer.leave(value, ())
            return value
        start = alpha
        best = alpha if not soft else -INF  # fail-hard never returns less than alpha
        cells = moves(board)
        pruned = ()
        for i, cell in enumerate(cells):
            value = -search(board.child(cell), cell, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
            if alpha > beta if strict else alpha >= beta:
                if i + 1 < len(cells):
                    stats.cutoffs += 1
                    if observer is not None:
                        pruned = cells[i + 1:]
                break
        if table is not None:  # with its bound (ttt.scores.bound_of, written out: this runs at every node)
            table[board] = (upper if best <= start else lower if best >= beta else exact, best) if bounds else best
        if observer is not None:
            observer.leave(best, pruned)
        return best

    return search

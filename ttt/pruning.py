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

The search itself is one short method, :meth:`AlphaBeta.value`, written as
notebook 05 writes it; the rest are small pieces built on it (OpenSpiel's
``python/algorithms``, one algorithm per file, is the model): fail-soft
(:class:`FailSoft`), the transposition table (:func:`with_table`) and the
observer (:func:`observed`).  :func:`alphabeta` puts them together.

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
from ttt.scores import EXACT, INF, LOWER, bound_of, leaf_value, x_value
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
    "AlphaBeta",
    "FailSoft",
    "with_table",
    "observed",
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

    Its one other home is the engine's, on bitboards (:mod:`ttt.engine`,
    which :class:`ttt.limited.LimitedSearch` is too, with a horizon): there a
    side's threats (the empty cells that would complete one of its lines,
    :meth:`ttt.bitboard.Layout.threats`) are kept up to date move by move
    inside the search loop, because asking this function at every node would
    cost the engine most of its speed; ``tests/test_pruning.py`` checks that
    both find the same wins and blocks on every reachable position.
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


class AlphaBeta:
    """Alpha-beta in negamax form, fail-hard: notebook 05's function, with its steps named.

    :meth:`value` is the algorithm: the function notebook 05 writes, except
    that it keeps the best value so far instead of raising ``alpha`` (the
    same thing, and it lets fail-soft differ in one step).  Its
    steps are small methods so that a variant changes one of them and nothing
    else: :class:`FailSoft` changes :meth:`clip` and :meth:`start`; the
    slips of exercise 05.3 (in :mod:`ttt.exercises.nb05`) change one step
    each.  Each child is searched through the attribute ``search`` (at first
    :meth:`value` itself), so a piece that wraps it sees every node:
    :func:`with_table` (notebook 06) and :func:`observed` (the trace of
    notebook 05's explorer).
    """

    def __init__(self, order="index", stats: SearchStats | None = None):
        self.moves = _orderer(order)
        self.stats = stats if stats is not None else SearchStats()
        self.search = self.value

    def value(self, board: Board, alpha, beta):
        """The value of ``board`` for the side to move, within the window ``(alpha, beta)``."""
        self.stats.nodes += 1
        if board.is_over:
            self.stats.leaves += 1
            return self.finished(board, alpha, beta)
        best = self.start(alpha)
        cells = self.moves(board)
        for i, cell in enumerate(cells):
            best = max(best, -self.search(board.child(cell), *self.window(alpha, beta, best)))
            if self.cuts(best, beta):  # cut-off: the opponent will avoid this position
                self.stats.cutoffs += i + 1 < len(cells)  # counted only when moves are left unsearched
                break
        return best

    def finished(self, board: Board, alpha, beta):
        """What a finished game returns: its value for the side to move (a loss or a draw), clipped."""
        return self.clip(leaf_value(board), alpha, beta)

    def clip(self, value, alpha, beta):
        """A value as this search reports it: fail-hard clips it to the window."""
        return min(max(value, alpha), beta)

    def start(self, alpha):
        """The best value before any move: fail-hard never returns less than ``alpha``."""
        return alpha

    def window(self, alpha, beta, best):
        """The window of the next child: the node's, negated and swapped, with ``alpha`` raised to ``best``."""
        return -beta, -max(alpha, best)

    def cuts(self, best, beta) -> bool:
        """Whether the node stops: its best value reaches ``beta`` (``strict``: passes it, the `>` slip)."""
        return best >= beta


class FailSoft(AlphaBeta):
    """Fail-soft: the best value the search saw, which beyond the window is a bound (notebook 05's exercise)."""

    def clip(self, value, alpha, beta):
        return value

    def start(self, alpha):
        return -INF


def _passes(best, beta) -> bool:
    """The cut-off test of ``strict=True``: the `>` slip, which notebook 05 measures."""
    return best > beta


def with_table(search: AlphaBeta, table: dict, bounds: bool = True) -> AlphaBeta:
    """Give ``search`` a transposition table: look each position up first, store each result after.

    With ``bounds=True`` an entry is ``(bound, value)`` (:func:`ttt.scores.bound_of`
    of the window the position was searched with; a finished game is always
    exact) and a look-up uses it only where it settles the question: an
    exact value always, a bound when it closes the window; otherwise the
    bound narrows the window and the position is searched.  ``bounds=False``
    stores each result as if it were exact and returns it whatever the window:
    the classic mistake of notebook 06.  A look-up that answers counts as a
    node and a hit.
    """
    inner, stats = search.search, search.stats

    def looked_up(board: Board, alpha, beta):
        entry = table.get(board)
        if entry is not None:
            if not bounds:
                value = entry  # the mistake: a result found under another window, used as exact
            else:
                bound, value = entry
                if bound == EXACT or (value >= beta if bound == LOWER else value <= alpha):
                    value = search.clip(value, alpha, beta)
                elif bound == LOWER:
                    alpha, entry = max(alpha, value), None
                else:
                    beta, entry = min(beta, value), None
            if entry is not None:
                stats.nodes += 1
                stats.hits += 1
                return value
        value = inner(board, alpha, beta)
        if not bounds:
            table[board] = value
        elif board.is_over:
            table[board] = (EXACT, leaf_value(board))
        else:
            table[board] = (bound_of(value, alpha, beta), value)
        return value

    search.search = looked_up
    return search


class AlphaBetaObserver(Protocol):
    """What :func:`observed` tells an ``observer``: every node, as the search enters and leaves it.

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


def observed(search: AlphaBeta, observer: AlphaBetaObserver) -> AlphaBeta:
    """Make ``search`` tell ``observer`` of every node it enters and leaves (see :class:`AlphaBetaObserver`).

    It wraps the search of each child and the move order: each open node
    keeps the moves it was given and how many it has searched, which tell
    the move that led to each child and the moves a cut-off skipped.
    """
    inner, order = search.search, search.moves
    open_nodes: list[list] = []  # [its moves, how many searched] for each node entered and not yet left

    def moves(board: Board):
        open_nodes[-1][0] = cells = order(board)
        return cells

    def watched(board: Board, alpha, beta):
        move = None
        if open_nodes:
            parent = open_nodes[-1]
            move = parent[0][parent[1]]
            parent[1] += 1
        observer.enter(board, move, alpha, beta)
        open_nodes.append([(), 0])
        value = inner(board, alpha, beta)
        cells, searched = open_nodes.pop()
        observer.leave(value, cells[searched:])
        return value

    search.moves, search.search = moves, watched
    return search


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
    :class:`AlphaBetaObserver`) is told of every node entered and left.
    ``table`` (a dict, kept between calls if you pass your own) and
    ``bounds`` make it alpha-beta with a transposition table (see
    :func:`with_table`); ``stats.table_size`` is then the table's size at
    the end.  This function only puts the pieces together:
    :class:`AlphaBeta` or :class:`FailSoft`, then :func:`with_table`, then
    :func:`observed`.
    """
    if not alpha < beta:
        raise ValueError(f"the window must have alpha < beta, got ({alpha}, {beta})")
    search = (FailSoft if soft else AlphaBeta)(order, stats)
    if strict:
        search.cuts = _passes
    if table is not None:
        with_table(search, table, bounds)
    if observer is not None:
        observed(search, observer)
    value = search.search(board, alpha, beta)
    if table is not None:
        search.stats.table_size = len(table)
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
    search = with_table(AlphaBeta(stats=stats), table, bounds)
    alpha, best_cell = -INF, None
    for cell in board.legal_moves():
        value = -search.search(board.child(cell), -INF, -alpha)
        if value > alpha:
            alpha, best_cell = value, cell
    search.stats.table_size = len(table)
    return alpha, best_cell

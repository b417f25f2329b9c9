"""An alpha-beta search written down as a tree, so that it can be read afterwards.

:func:`ttt.pruning.alphabeta` returns one number and, at most, a few
counters.  To *see* pruning we need more: for every position the search
visited, the window ``(alpha, beta)`` it arrived with, the value it sent
back, which moves it searched and which it never looked at.
:func:`trace_alphabeta` runs :func:`ttt.pruning.alphabeta` itself with an
observer (:class:`~ttt.pruning.AlphaBetaObserver`) that writes all of that
down as a tree of :class:`TraceNode`; the tree explorer of notebook 05
(:mod:`ttt.view.explorer`) only draws it.  There is no second copy of alpha-beta
here: the trace *is* the search, by construction, and ``tests/test_trace.py``
checks that the recording is faithful (the same nodes in the same order,
with the same leaves, cut-offs and value).

Values follow :func:`ttt.pruning.alphabeta`: negamax form, ``+1`` / ``0`` /
``-1`` for *the side to move at that node*.  A value is exact only when it
lies strictly inside the node's window; otherwise it is a bound
(:attr:`TraceNode.kind`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

from ttt.board import Board, other
from ttt.instrument import SearchStats
from ttt.pruning import alphabeta
from ttt.scores import EXACT, INF, LOWER, UPPER, Bound, bound_of

__all__ = [
    "TraceNode",
    "trace_alphabeta",
    "explain",
    "format_value",
    "format_window",
    "format_trace",
]


@dataclass(frozen=True, eq=False, repr=False)
class TraceNode:
    """One position as the search met it.

    ``board``      the position (its side to move is the "me" of ``value``);
    ``move``       the cell played to reach it from its parent (``None`` at the root);
    ``alpha``, ``beta``  the window the search arrived with;
    ``value``      what the search returned for this node, for the side to move;
    ``children``   the moves that were searched, as nodes, in the order tried;
    ``pruned``     the moves that were never searched, in the order they would
                   have been tried: everything after the move that caused a cut-off;
    ``soft``       whether the search was fail-soft (then a bound may lie beyond the window).
    """

    board: Board
    move: int | None
    alpha: float
    beta: float
    value: int | float
    children: tuple[TraceNode, ...]
    pruned: tuple[int, ...]
    soft: bool = False

    # ------------------------------------------------------------------ reading one node
    @property
    def order(self) -> tuple[int, ...]:
        """Every legal move, in the order the search tried (or would have tried) them."""
        return tuple(child.move for child in self.children) + self.pruned

    @property
    def is_leaf(self) -> bool:
        """A finished game: its value is read off the board."""
        return self.board.is_over

    @property
    def cutoff(self) -> bool:
        """Did the search stop here with moves still unsearched?"""
        return bool(self.pruned)

    @property
    def kind(self) -> Bound:
        """:data:`~ttt.scores.EXACT`, :data:`~ttt.scores.UPPER` or :data:`~ttt.scores.LOWER`: what ``value`` says about the true value.

        Strictly inside the window the value is exact.  At or below ``alpha``
        the node "failed low": the true value is at most ``value``.  At or
        above ``beta`` it "failed high": the true value is at least ``value``.
        (A finished game always has an exact value, but fail-hard clips it to
        the window like any other, so it is reported by the same rule.)
        """
        return bound_of(self.value, self.alpha, self.beta)

    def child(self, move: int) -> TraceNode:
        """The searched child reached by ``move`` (``KeyError`` if it was pruned or is not a move)."""
        for node in self.children:
            if node.move == move:
                return node
        why = "was pruned" if move in self.pruned else "is not a legal move here"
        raise KeyError(f"move {move} {why}")

    def follow(self, moves) -> TraceNode:
        """The node reached from here by a sequence of searched moves."""
        node = self
        for move in moves:
            node = node.child(move)
        return node

    def pruned_boards(self) -> list[tuple[int, Board]]:
        """``(move, board)`` for each pruned move: the positions the search never looked at."""
        return [(move, self.board.child(move)) for move in self.pruned]

    # ------------------------------------------------------------------ reading the whole tree
    def walk(self) -> Iterator[TraceNode]:
        """Every node of the trace, in the order the search visited them (preorder)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def stats(self) -> SearchStats:
        """The counters :func:`ttt.pruning.alphabeta` would have filled in for this search."""
        stats = SearchStats()
        for node in self.walk():
            stats.nodes += 1
            stats.leaves += node.is_leaf
            stats.cutoffs += node.cutoff
        return stats

    def pruned_count(self) -> int:
        """How many moves were cut off, over the whole trace (each is one unsearched subtree)."""
        return sum(len(node.pruned) for node in self.walk())

    def __repr__(self) -> str:
        move = "root" if self.move is None else f"move {self.move}"
        return (
            f"TraceNode({self.board.notation!r}, {move}, window {format_window(self.alpha, self.beta)},"
            f" value {format_value(self.value)}, {len(self.children)} searched, {len(self.pruned)} pruned)"
        )


def trace_alphabeta(board: Board, alpha: float = -INF, beta: float = INF, **options) -> TraceNode:
    """Run :func:`ttt.pruning.alphabeta` with the same arguments, and return its search tree.

    ``options`` are those of :func:`~ttt.pruning.alphabeta` (``soft``,
    ``order``, ``strict``); the root's ``value`` is what ``alphabeta``
    returns.  Each node records the window it was searched with, so a reader
    can replay every decision: a child is searched with ``(-beta, -alpha)``
    of its parent at that moment, and the parent stops as soon as its
    ``alpha`` reaches ``beta`` (or passes it, with ``strict=True``).
    """
    recorder = _Recorder(options.get("soft", False))
    alphabeta(board, alpha, beta, observer=recorder, **options)
    return recorder.root


class _Recorder:
    """An :class:`~ttt.pruning.AlphaBetaObserver` that builds the :class:`TraceNode` tree.

    A node's children are finished before the node itself is left, so each
    open node waits on a stack with the children found so far; ``leave``
    freezes the top one into a :class:`TraceNode` and hands it to its parent.
    """

    def __init__(self, soft: bool):
        self.soft = soft
        self.open: list[tuple[Board, int | None, float, float, list[TraceNode]]] = []
        self.root: TraceNode | None = None

    def enter(self, board: Board, move: int | None, alpha, beta) -> None:
        self.open.append((board, move, alpha, beta, []))

    def leave(self, value, pruned) -> None:
        board, move, alpha, beta, children = self.open.pop()
        node = TraceNode(board, move, alpha, beta, value, tuple(children), tuple(pruned), self.soft)
        if self.open:
            self.open[-1][4].append(node)
        else:
            self.root = node


# ---------------------------------------------------------------------- text, for people and for tests


def format_value(value: float) -> str:
    """A value or window end as people write it: ``1``, ``0``, ``-1``, ``∞``, ``-∞``."""
    if value == math.inf:
        return "∞"
    if value == -math.inf:
        return "-∞"
    return str(int(value)) if float(value).is_integer() else str(value)


def format_window(alpha: float, beta: float) -> str:
    """``(alpha, beta)`` with infinities written as ``∞``."""
    return f"({format_value(alpha)}, {format_value(beta)})"


def format_trace(trace: TraceNode, max_depth: int | None = None) -> str:
    """The trace as indented text: one line per node, the pruned moves listed under their parent.

    ``max_depth`` stops the listing that many moves below ``trace`` (the
    full trace from the empty board has 18,297 nodes).
    """
    lines: list[str] = []

    def visit(node: TraceNode, depth: int) -> None:
        pad = "    " * depth
        move = "root" if node.move is None else f"{other(node.board.turn)} plays {node.move}"
        bound = {EXACT: "", UPPER: " (at most)", LOWER: " (at least)"}[node.kind]
        if node.is_leaf:
            end = "game over, draw" if node.board.winner is None else f"game over, {node.board.winner} has won"
        else:
            end = f"{node.board.turn} to move"
        window = format_window(node.alpha, node.beta)
        lines.append(f"{pad}{move}: window {window} -> {format_value(node.value)}{bound}, {end}")
        if max_depth is not None and depth >= max_depth and node.children:
            lines.append(f"{pad}    ... {sum(1 for _ in node.walk()) - 1} more nodes")
            return
        for child in node.children:
            visit(child, depth + 1)
        if node.pruned:
            lines.append(f"{pad}    pruned: {', '.join(str(m) for m in node.pruned)}")

    visit(trace, 0)
    return "\n".join(lines)


def explain(node: TraceNode) -> str:
    """In words: what the search knew on arriving at ``node``, what it did there, and why.

    Values are for the side to move at ``node`` (the "me" of negamax); a
    child's value is turned round to that side's view before it is compared.
    """
    board, me = node.board, node.board.turn
    you = other(me)
    a, b, v = (format_value(x) for x in (node.alpha, node.beta, node.value))
    if node.is_leaf:
        if board.winner is None:
            text = "Game over: a draw, worth 0."
            raw = 0
        else:
            text = f"Game over: {board.winner} has won, so the side to move, {me}, has lost: worth -1."
            raw = -1
        if node.value != raw:
            bound = "at most" if node.kind == UPPER else "at least"
            window = format_window(node.alpha, node.beta)
            text += f" Fail-hard clips that to the window {window}: {v}, read as '{bound} {v}'."
        return text
    if node.alpha == -INF:
        wants = f"every value interests {me} (α = -∞)"
    elif node.alpha <= -1:
        wants = f"anything better than a loss interests {me} (α = {a})"
    else:
        wants = f"only values above {a} interest {me}, who can already get {a} elsewhere (α = {a})"
    if node.beta == INF:
        limit = "no upper limit is known yet (β = ∞)"
    elif node.beta >= 1:
        limit = f"a win is the best there is (β = {b})"
    else:
        limit = f"{you} can already hold {me} to {b} elsewhere, so will never allow more here (β = {b})"
    parts = [f"{me} to move. Window {format_window(node.alpha, node.beta)}: {wants}; {limit}."]
    gives = {child.move: _worth_to_parent(child) for child in node.children}
    parts.append("Searched: " + "; ".join(f"{move} gives {worth}" for move, worth in gives.items()) + ".")
    if node.cutoff:
        last = node.children[-1].move
        why = "nothing beats a win" if node.beta >= 1 else f"{you} will steer away from this position"
        pruned = ", ".join(str(m) for m in node.pruned)
        pruned = f"moves {pruned} are" if len(node.pruned) > 1 else f"move {pruned} is"
        reach = "passes" if node.value > node.beta else "reaches"
        parts.append(
            f"Move {last} gives {me} {gives[last]}, which {reach} β = {b}:"
            f" {why}, so {pruned} never searched (a cut-off). Value: at least {v}."
        )
    elif node.kind == LOWER:
        parts.append(
            f"The last move, {node.children[-1].move}, reached β = {b}; the search would have stopped here,"
            f" but there was nothing left to prune. Value: at least {v}."
        )
    elif node.kind == UPPER and node.alpha <= -1:
        parts.append(f"Every move loses for {me}: the value is {v}.")
    elif node.kind == UPPER:
        parts.append(
            f"No move gives {me} more than α = {a}, which {me} has elsewhere: the value here is at most {v},"
            " and the exact figure does not matter."
        )
    else:
        parts.append(f"Every move was searched; the best gives {me} exactly {v}.")
    return " ".join(parts)


def _worth_to_parent(child: TraceNode) -> str:
    """The child's value turned round to its parent's side; the child's "at most" is the parent's "at least"."""
    mark = {EXACT: "", UPPER: "at least ", LOWER: "at most "}[child.kind]
    return f"{mark}{format_value(-child.value)}"

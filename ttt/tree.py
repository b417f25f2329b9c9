"""Game trees: every way a game can go on from a position, as a rose tree.

This follows chapter 11 of Graham Hutton's *Programming in Haskell* (2nd ed.,
Cambridge University Press, 2016): a tree is a position and the list of trees
one move later, ``data Tree a = Node a [Tree a]``.  Here that is
:class:`Node` with ``board`` and ``children``.

Two facts shape the code.

* The full 3×3 tree has 549,946 nodes but only 5,478 different positions,
  because many move orders reach the same board.  A subtree depends only on
  its root board, and trees are immutable, so :func:`game_tree` builds each
  subtree once and lets every parent point at it.  The result *is* the full
  tree (walking it visits 549,946 nodes), stored in 5,478 objects and built
  in a fraction of a second.  ``share=False`` builds all 549,946 objects
  (several seconds and over 100 MB, measured once), to show why sharing
  matters.
* Haskell builds trees lazily, which is what lets Hutton write
  ``prune depth (gametree g p)`` for a tree too big to build.
  ``game_tree(board, lazy=True)`` gives a :class:`LazyNode` that makes its
  children the first time they are asked for, so ``prune(tree, 2)`` of the
  4×4 tree builds only two levels.

Counting by walking a tree (:func:`count_nodes`, :func:`walk_counts`) is the
plain, obviously right way.  :func:`count_tree` gets the same figures without
any tree: it walks the *positions* ply by ply and carries, for each one, the
number of move orders (paths) that reach it.  A position reached by ``n``
paths stands for ``n`` nodes of the tree, so multiplying by ``n`` counts the
whole tree while visiting each position once.

:func:`reachable_positions` lists those positions themselves, each once and
in a fixed order: the set of boards that tables, censuses and the tests
check every answer on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ttt.board import Board
from ttt.geometry import BoardError

__all__ = [
    "Node",
    "LazyNode",
    "TreeCounts",
    "game_tree",
    "prune",
    "edges",
    "count_nodes",
    "count_leaves",
    "height",
    "walk_counts",
    "count_tree",
    "reachable_positions",
]


@dataclass(frozen=True, slots=True, repr=False)
class Node:
    """One node of a game tree: a board, the subtrees one move later, and maybe a value.

    ``children`` follow the board's move order (cells 0, 1, 2, ...).  A node
    with no children is a *leaf*: a finished game, or the edge of a pruned
    tree.  ``value`` is ``None`` in a bare game tree; the labelling searches
    (such as :func:`ttt.minimax.minimax_tree`) return trees whose nodes carry
    their minimax value, like Hutton's ``Tree (Grid, Player)``.
    """

    board: Board
    children: tuple[Node, ...] = ()
    value: int | None = None

    def __repr__(self) -> str:
        # The default repr would print all 549,946 nodes of the full tree.
        label = "" if self.value is None else f", value={self.value}"
        return f"Node({self.board.notation!r}, {len(self.children)} children{label})"


class LazyNode:
    """A game-tree node whose children are made the first time they are needed.

    Python evaluates eagerly, so this is the hand-made version of Haskell's
    lazy tree: the children are computed on first access and then kept (as
    Haskell keeps an evaluated thunk).  It has the same ``board``,
    ``children`` and ``value`` as :class:`Node`, so every function that walks
    trees accepts both.
    """

    __slots__ = ("board", "_children")
    value = None

    def __init__(self, board: Board):
        self.board = board
        self._children: tuple[LazyNode, ...] | None = None

    @property
    def children(self) -> tuple[LazyNode, ...]:
        if self._children is None:
            self._children = tuple(LazyNode(child) for _, child in self.board.children())
        return self._children

    @property
    def expanded(self) -> bool:
        """Whether the children have been made yet (to watch laziness at work)."""
        return self._children is not None

    def __repr__(self) -> str:
        state = f"{len(self._children)} children" if self._children is not None else "children not made yet"
        return f"LazyNode({self.board.notation!r}, {state})"


def game_tree(board: Board, *, lazy: bool = False, share: bool = True) -> Node | LazyNode:
    """The tree of every game that can follow ``board`` (Hutton's ``gametree``).

    By default the tree is built at once, with equal subtrees shared (see the
    module notes): the full 3×3 tree takes a fraction of a second.
    ``share=False`` builds one object per node instead (for 3×3, measured
    once: about 5 s and 130 MB).
    ``lazy=True`` returns a :class:`LazyNode` that grows as it is walked
    (each node makes its own children, so nothing is shared): use it, with
    :func:`prune`, on boards whose full tree is far too big (4×4 and up).
    """
    if lazy:
        return LazyNode(board)
    if not share:
        return _build(board)
    return _build_shared(board, {})


def _build(board: Board) -> Node:
    return Node(board, tuple(_build(child) for _, child in board.children()))


def _build_shared(board: Board, made: dict[Board, Node]) -> Node:
    node = made.get(board)
    if node is None:
        node = made[board] = Node(board, tuple(_build_shared(child, made) for _, child in board.children()))
    return node


def prune(tree, depth: int) -> Node:
    """The tree cut off ``depth`` moves below the root (Hutton's ``prune``).

    Nodes at that depth keep their board but lose their children.  On a
    :class:`LazyNode` only the levels kept are ever made.  A subtree shared
    in ``tree`` is pruned once and stays shared.
    """
    if depth < 0:
        raise ValueError(f"depth must be at least 0, not {depth}")
    made: dict[tuple[int, int], Node] = {}

    def cut(node, depth: int) -> Node:
        key = (id(node), depth)
        found = made.get(key)
        if found is None:
            children = () if depth == 0 else tuple(cut(child, depth - 1) for child in node.children)
            found = made[key] = Node(node.board, children, node.value)
        return found

    return cut(tree, depth)


def edges(tree) -> list[tuple[int, Node]]:
    """``(cell, child)`` for each child: the move that leads from the root to that child.

    Nodes do not store their move (a shared subtree is reached by different
    moves from different parents); it is the one cell where the boards differ.
    """
    cells = tree.board.cells
    result = []
    for child in tree.children:
        child_cells = child.board.cells
        move = next(i for i, mark in enumerate(cells) if mark != child_cells[i])
        result.append((move, child))
    return result


# ---------------------------------------------------------------------- positions rather than nodes


def reachable_positions(board: Board | None = None) -> list[Board]:
    """Every position that can arise from ``board`` (default: the empty 3×3 board), each once.

    The list holds ``board`` itself and finished positions too (5,478 on
    3×3, 4,520 of them unfinished), sorted by moves made and then by cells,
    so that it comes out in the same order on every run; a set of boards
    would not, since its order follows the hashes.  It is the set of
    questions a memoised search can be asked, and the ground truth that
    tables, censuses and tests are checked against.  The walk visits each
    position once, so it is quick on 3×3 (a few hundredths of a second) but
    grows with the number of positions: fine up to about 12 cells.  Results
    are cached (boards are immutable), and each call returns a new list.
    """
    if board is None:
        board = Board.empty()
    elif not isinstance(board, Board):
        raise BoardError(f"reachable_positions needs a Board, not {type(board).__name__}")
    return list(_reachable(board))


@lru_cache(maxsize=16)
def _reachable(board: Board) -> tuple[Board, ...]:
    seen, layer = {board}, [board]
    while layer:
        following = []
        for position in layer:
            for cell in position.legal_moves():  # no moves once the game is over
                child = position.child(cell)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        layer = following
    return tuple(sorted(seen, key=lambda b: (b.moves_made, b.cells)))


# ---------------------------------------------------------------------- plain counting by walking


def count_nodes(tree) -> int:
    """How many nodes the tree has, counted one by one."""
    return 1 + sum(count_nodes(child) for child in tree.children)


def count_leaves(tree) -> int:
    """How many leaves the tree has: in a full game tree, the number of complete games."""
    if not tree.children:
        return 1
    return sum(count_leaves(child) for child in tree.children)


def height(tree) -> int:
    """The number of moves on the longest path from the root to a leaf."""
    return 1 + max(height(child) for child in tree.children) if tree.children else 0


@dataclass(frozen=True)
class TreeCounts:
    """Figures about the tree below a position.

    The per-ply tuples are indexed by the *ply of the game*: the number of
    marks on the board (0 for the empty board), so that from the empty board
    ``games_by_length[5]`` is the number of games won on the fifth move.  A
    tree rooted later in the game has zeros before its root's ply.

    ``nodes``               nodes of the tree (move orders that reach a node);
    ``games``               leaves, that is complete games;
    ``outcomes``            games won by ``"X"``, by ``"O"``, and ``"draw"``s;
    ``games_by_length``     games by the number of moves they last;
    ``nodes_per_ply``       nodes at each ply;
    ``positions``           distinct boards in the tree;
    ``unfinished``          of those, the ones where play goes on;
    ``positions_per_ply``, ``unfinished_per_ply``: the same, ply by ply.
    """

    nodes: int
    games: int
    outcomes: dict[str, int] = field(hash=False)
    games_by_length: tuple[int, ...]
    nodes_per_ply: tuple[int, ...]
    positions: int
    unfinished: int
    positions_per_ply: tuple[int, ...]
    unfinished_per_ply: tuple[int, ...]


def walk_counts(tree) -> TreeCounts:
    """Every :class:`TreeCounts` figure, by visiting each node of ``tree`` in turn.

    This is the slow reference (about a second for the full 3×3 tree) that
    :func:`count_tree` is checked against.  On a pruned tree an unfinished
    leaf is counted as a game with outcome ``"unfinished"``.
    """
    size = tree.board.size
    nodes_per_ply, games_by_length = [0] * (size + 1), [0] * (size + 1)
    outcomes: Counter[str] = Counter()
    seen: set[Board] = set()

    def walk(node) -> None:
        board = node.board
        ply = board.moves_made
        nodes_per_ply[ply] += 1
        seen.add(board)
        if not node.children:
            games_by_length[ply] += 1
            outcomes[board.outcome or "unfinished"] += 1
        for child in node.children:
            walk(child)

    walk(tree)
    return _finish(nodes_per_ply, games_by_length, outcomes, seen, size)


def count_tree(board: Board) -> TreeCounts:
    """Every :class:`TreeCounts` figure for the full tree below ``board``, without building it.

    Positions are visited ply by ply, each once, together with the number of
    paths from ``board`` that reach it; every figure about nodes or games is
    a sum of those path counts.  The 3×3 tree takes a few hundredths of a
    second.  The work grows with the number of distinct positions, which
    explodes with the board size: fine up to about 12 cells.
    """
    size = board.size
    nodes_per_ply, games_by_length = [0] * (size + 1), [0] * (size + 1)
    outcomes: Counter[str] = Counter()
    seen: list[Board] = []
    layer = {board: 1}
    while layer:
        following: dict[Board, int] = {}
        for position, paths in layer.items():
            seen.append(position)
            ply = position.moves_made
            nodes_per_ply[ply] += paths
            if position.is_over:
                games_by_length[ply] += paths
                outcomes[position.outcome] += paths
                continue
            for cell in position.legal_moves():
                child = position.child(cell)
                following[child] = following.get(child, 0) + paths
        layer = following
    return _finish(nodes_per_ply, games_by_length, outcomes, seen, size)


def _finish(nodes_per_ply, games_by_length, outcomes, positions, size) -> TreeCounts:
    positions_per_ply, unfinished_per_ply = [0] * (size + 1), [0] * (size + 1)
    for position in positions:
        positions_per_ply[position.moves_made] += 1
        if not position.is_over:
            unfinished_per_ply[position.moves_made] += 1
    for mark in ("X", "O", "draw"):
        outcomes.setdefault(mark, 0)
    return TreeCounts(
        nodes=sum(nodes_per_ply),
        games=sum(games_by_length),
        outcomes=dict(sorted(outcomes.items(), key=lambda item: ("X", "O", "draw", "unfinished").index(item[0]))),
        games_by_length=tuple(games_by_length),
        nodes_per_ply=tuple(nodes_per_ply),
        positions=sum(positions_per_ply),
        unfinished=sum(unfinished_per_ply),
        positions_per_ply=tuple(positions_per_ply),
        unfinished_per_ply=tuple(unfinished_per_ply),
    )

"""Notebook 03 (game trees): worked solutions and checks (words: nb03.md); references come from ``ttt.tree``."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Set
from functools import lru_cache
from math import perm

from ttt.board import Board
from ttt.exercises.calls import is_learners_file, stop
from ttt.exercises.checks import Case, FunctionCheck, FunctionsCheck, NumbersCheck
from ttt.exercises.verdicts import describe_state
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.positions import all_positions
from ttt.tree import Node, count_nodes, count_tree, game_tree, prune, reachable_positions


# ====================================================================== 03.1 a tiny board by hand
def tiny_tree_counts():
    """Nodes, games and positions of the 2×2 tree with two in a row, counted ply by ply."""
    nodes = 1 + 4 + 4 * 3 + 4 * 3 * 2   # every order of moves, up to X's winning third move
    games = 4 * 3 * 2                   # every game ends on move 3: any two cells make a line
    positions = 1 + 4 + 4 * 3 + 4 * 3   # after move 3: O's cell (4 ways), X's two of the other three (3)
    return nodes, games, positions


TINY = Exercise(
    number=1, starter=answer_starter("(nodes, games, positions)"), code=(tiny_tree_counts,), answer=tiny_tree_counts,
    checker=NumbersCheck({"nodes": 41, "games": 24, "positions": 29}, mistakes={
            "nodes": {40: "Did you leave out the root, the empty board itself?",
                      29: "That is the number of positions: a node is counted once for every order that reaches it."},
            "games": {12: "That is the number of final *boards*: each is reached by two games,"
                          " X's marks in either order."},
            "positions": {41: "That is the number of nodes: a board reached in two orders is one position.",
                          28: "Did you leave out the empty board? It is a position too.",
                          17: "That is the number of unfinished positions: the 12 finished boards are positions too."},
        },
        explain="X wins on move 3 in every game, and the 12 final boards are each reached in two orders."),
)


# ====================================================================== 03.2 height and width
def height(tree):
    """The number of moves on the longest path from the root down to a leaf."""
    if not tree.children:
        return 0  # a leaf: no move left to make
    return 1 + max(height(child) for child in tree.children)


def widths(tree):
    """How many nodes the tree has at each depth: [1 (the root), its children, their children, ...]."""
    counts, level = [], [tree]
    while level:
        counts.append(len(level))
        level = [child for node in level for child in node.children]
    return counts


@lru_cache(maxsize=None)
def _tree_of(board: Board) -> Node:
    """The package's tree below ``board``, each subtree built once and shared, as ``game_tree`` shares them."""
    return Node(board, tuple(_tree_of(child) for _, child in board.children()))


@lru_cache(maxsize=None)
def _nodes_per_depth(board: Board) -> tuple[int, ...]:
    """(1, children, grandchildren, ...), once per position: ``count_tree`` for each tree would take seconds."""
    below = [_nodes_per_depth(child) for _, child in board.children()]
    deepest = max(map(len, below), default=0)
    return (1,) + tuple(sum(counts[d] for counts in below if d < len(counts)) for d in range(deepest))


def _tree_positions() -> tuple[Board, ...]:
    """3×3 positions with six marks or more, then all of 2×2: 18,995 nodes in all (the empty board has 549,946)."""
    return tuple(board for board in all_positions() if board.moves_made >= 6) + all_positions(2, 2, 2)


def _on_trees(reference, name: str, **options) -> FunctionCheck:
    """A check of the tree function ``name`` on each position's tree (drawn as its board), with ``reference(board)``."""
    return FunctionCheck(reference, lambda: [Case((_tree_of(board),), reference(board), show=(board,),
                                                  where=f"on the tree of this board ({describe_state(board)})")
                                             for board in _tree_positions()],
                         name=name, args="tree", **options,
                         label="the trees of all 3,128 3×3 positions with at least six marks and of all 29 of 2×2")


def _as_list(value) -> list:
    """Widths in any sequence (a tuple, a numpy array, an iterator), as a list; not a set or a dict (no order)."""
    if isinstance(value, (str, bytes, Mapping, Set)) or not hasattr(value, "__iter__"):
        raise TypeError("expected a list of numbers, one for each depth")
    return list(value)


def _shortest_path(tree):
    return 1 + min(_shortest_path(child) for child in tree.children) if tree.children else 0


HEIGHT_WIDTHS = Exercise(
    number=2, starter=function_starter(height, widths), code=(height, widths), answer=lambda: (height, widths),
    checker=FunctionsCheck(
        _on_trees(lambda board: len(_nodes_per_depth(board)) - 1, "height", mistakes=[
            (lambda tree: len(_nodes_per_depth(tree.board)),
             "That counts the nodes on the longest path; height counts the moves, one fewer.", "counts-nodes-on-path"),
            (lambda tree: tree.board.size - tree.board.moves_made,
             "That is the number of empty cells, but a game can end before the board is full: follow the "
             "tree itself (a leaf has height 0, any other node one more than its highest child).", "empty-cells"),
            (_shortest_path, "That path is too short: height is the *longest* path down to a leaf."),
        ]),
        _on_trees(lambda board: list(_nodes_per_depth(board)), "widths", normalize=_as_list, mistakes=[
            (lambda tree: [0] * tree.board.moves_made + list(_nodes_per_depth(tree.board)),
             "Your list starts at the empty board (the ply of the game); widths counts depths below the "
             "root of *this* tree, so it starts with 1, the root itself.", "from-the-empty-board"),
            (lambda tree: list(_nodes_per_depth(tree.board)[1:]),
             "The root is missing: depth 0 holds one node, the root itself.", "root-missing"),
            (lambda tree: [1] * len(_nodes_per_depth(tree.board)),
             "Each depth counts every node at that depth, not one path through the tree.", "one-path"),
        ]),
    ),
)


# ====================================================================== 03.3 the most popular position
def path_counts():
    """{position: the number of move orders from the empty board that reach it}, one ply at a time."""
    ways, layer = {}, {Board.empty(): 1}
    while layer:
        following = {}
        for board, paths in layer.items():
            ways[board] = paths
            for _, child in board.children():  # no children once the game is over
                following[child] = following.get(child, 0) + paths
        layer = following
    return ways


def most_popular():
    """The most move orders reaching an unfinished position, and how many unfinished positions get that many."""
    unfinished = [paths for board, paths in path_counts().items() if not board.is_over]
    top = max(unfinished)
    return top, unfinished.count(top)


MOST_POPULAR = Exercise(
    number=3, starter=answer_starter("(ways, positions)"), code=(path_counts, most_popular), answer=most_popular,
    figures=lambda: dict(zip(("most_ways", "most_popular_positions"), most_popular())),
    checker=NumbersCheck({"ways": 576, "positions": 222}, mistakes={
            "ways": {2_880: "That is a finished position (ply 9); the question asks for unfinished ones.",
                     36: "That is the most on ply 6; positions with more marks are reached in more orders."},
            "positions": {1: "Several positions tie for the most: count them all.",
                          8: "Symmetry gives eight copies of a position, but far more positions tie here.",
                          390: "That is every position of ply 8; the finished ones among them do not count."},
        },
        explain="Every unfinished position of ply 8 has no line, so all 4!·4! orders of its marks reach it."),
)


# ====================================================================== 03.4 lazy and 4×4
def lazy_4x4_figures():
    """Nodes of the lazy 4×4 tree pruned at depth 3; the first ply a game can end; nodes up to it."""
    top = prune(game_tree(Board.empty(4, 4, 4), lazy=True), 3)
    first_end = 2 * 4 - 1  # X places its fourth mark on move 7
    up_to_it = sum(perm(16, ply) for ply in range(first_end + 1))  # no game ends sooner: 16·15·…
    return count_nodes(top), first_end, up_to_it


LAZY = Exercise(
    number=4, starter=answer_starter("(nodes, first_ply, nodes_to_that_ply)"), code=(lazy_4x4_figures,),
    figures=lambda: dict(zip(("pruned_nodes", "first_ply", "nodes_to_ply_7"), lazy_4x4_figures())),
    checker=NumbersCheck({"nodes": 3_617, "first ply": 7, "nodes to that ply": 63_994_817}, mistakes={
            "nodes": {3_616: "Did you leave out the root?",
                      3_360: "That is only the deepest level, depth 3; the levels above it count too.",
                      257: "That is the tree pruned at depth 2."},
            "first ply": {4: "A line needs four marks of X, and X moves only every other turn.",
                          8: "O's fourth mark is move 8, but X gets there first."},
            "nodes to that ply": {6_337_217: "That stops before ply 7; include the ply itself.",
                                  57_657_600: "That is ply 7 alone; add the plies above it.",
                                  63_994_816: "Did you leave out the root?"},
        },
        explain="Up to ply 7 no game has ended, so every ply is a product 16·15·…, as on 3×3 up to ply 5."),
    answer=lazy_4x4_figures,
)


# ====================================================================== 03.5 ★ count without a tree
def count_games(board, memo=None):
    """The number of complete games below ``board``, working out each position once."""
    if memo is None:
        memo = {}
    if board.is_over:
        return 1  # a finished board is one complete game: the one that just ended
    if board not in memo:
        memo[board] = sum(count_games(board.play(cell), memo) for cell in board.legal_moves())
    return memo[board]


MEMO_BOARD = Board.parse("X../.../...")   # without a memo: 59,705 calls for 1,870 positions (smaller cases can't tell)
_counts = lru_cache(maxsize=None)(count_tree)   # the package's counts below a board, each worked out once


def _calls_by_name(count_games, board) -> tuple[int, int] | None:
    """``(games, calls)``, counted by binding the global name to a counting wrapper for the call (nothing traced)."""
    inner = getattr(count_games, "__wrapped__", count_games)     # a functools.cache wrapper is the global name
    namespace, name = getattr(inner, "__globals__", None), getattr(count_games, "__name__", None)
    if not isinstance(namespace, dict) or name is None or namespace.get(name) is not count_games:
        return None
    calls = 0

    def counting(*args, **kwargs):
        nonlocal calls
        calls += 1
        return count_games(*args, **kwargs)

    namespace[name] = counting
    try:
        games = count_games(board)
    finally:
        namespace[name] = count_games
    return (games, calls + 1) if calls else None


class _Enough(BaseException):
    """The work counted already shows no memo (a BaseException, so the learner's ``except Exception`` lets it by)."""


def _calls_by_profile(count_games, board, enough: int) -> tuple[int | None, int]:
    """``(games, work)`` by a profile hook: the learner's calls, or, if more, the times their code asked a board for
    its moves or played one (a count by loops makes one call, but without a memo asks a position again each time it
    is met, and plays every move below it again: 59,704 moves on MEMO_BOARD, where a memo plays 4,791).  The hook
    makes the learner's code five times slower, so it stops once the work passes ``enough`` (games is None then)."""
    calls = asked = 0
    asks_for_moves = (Board.children.__code__, Board.legal_moves.__code__, Board.play.__code__)

    def count(frame, event, arg):
        nonlocal calls, asked
        if event != "call":
            return
        code = frame.f_code
        if code in asks_for_moves:
            asked += frame.f_back is not None and is_learners_file(frame.f_back.f_code.co_filename)
        elif not code.co_name.startswith("<") and is_learners_file(code.co_filename):
            calls += 1
        if calls > enough or asked > enough:
            raise _Enough

    previous = sys.getprofile()
    sys.setprofile(count)
    try:
        games = count_games(board)
    except _Enough:
        games = None
    finally:
        sys.setprofile(previous)
    return games, max(calls, asked)


def _games_once(count_games, board):
    """The games below ``board``; on the corner opening, a right count made by over 8 calls a position is no-memo."""
    if board != MEMO_BOARD:
        return count_games(board)
    counts = _counts(board)
    enough = 8 * counts.positions
    games, calls = _calls_by_name(count_games, board) or _calls_by_profile(count_games, board, enough)
    made = f"{calls:,}"
    if games is None:   # stopped counting: the count itself, run again unwatched
        games, made = count_games(board), f"more than {enough:,}"
    if games == counts.games and calls > enough:
        stop(f"count_games counts right on this board ({describe_state(board)}), but by {made} calls where only"
             f" {counts.positions:,} positions exist:", board, "It works the same positions out again and again."
             " Is the memo used? Look a board up before recursing, and store its count after.", mistake="no-memo")
    return games


COUNT_GAMES = Exercise(
    number=5, starter=function_starter(count_games), code=(count_games,), answer=lambda: count_games,
    checker=FunctionCheck(
        lambda board: _counts(board).games,
        lambda: tuple(board for board in all_positions() if board.moves_made >= 5)[::8] + (MEMO_BOARD,)
        + all_positions(2, 2, 2), name="count_games", call=_games_once,
        label="one in eight 3×3 positions with at least five marks, a corner opening, and all 29 of 2×2",
        mistakes=[
            (lambda board: 0,  # no base case: every count is a sum of zeros
             "A finished board is one complete game (the one that just ended): return 1 there, not 0.",
             "zero-at-the-end"),
            (lambda board: _counts(board).nodes,
             "That is the number of nodes below this board; games are only its leaves, the finished boards.",
             "counts-nodes"),
            (lambda board: _counts(board).nodes - 1,
             "That counts every node below this board; games are only the leaves, the finished boards.",
             "counts-nodes-below"),
            (lambda board: _counts(board).positions,
             "That counts each position once; a game is a path, and many paths pass through one position.",
             "counts-positions"),
        ],
        slow="Is the memo used? Each position should be worked out once.",
        work=lambda board: (_counts(board).positions, "positions exist below this board, itself included")),
)


# ====================================================================== 03.6 ★ wins on the last move
def last_move_wins():
    """Games of length 9 that X wins, and the different boards on which X wins with move 9."""
    counts = count_tree(Board.empty())
    games = counts.games_by_length[9] - counts.outcomes["draw"]  # every draw lasts nine moves
    boards = sum(1 for board in reachable_positions() if board.moves_made == 9 and board.winner == "X")
    return games, boards


def _last_move_figures() -> dict:
    games, boards = last_move_wins()
    orders = sorted(paths for board, paths in path_counts().items() if board.moves_made == 9 and board.winner == "X")
    return dict(games=games, boards=boards, fewest_orders=orders[0], most_orders=orders[-1],
                orders_per_board=games / boards)


LAST_MOVE = Exercise(
    number=6, starter=answer_starter("(games, boards)"), code=(last_move_wins,), answer=last_move_wins,
    figures=_last_move_figures,
    checker=NumbersCheck({"games": 81_792, "boards": 62}, mistakes={
            "games": {127_872: "That is every game of length 9: the draws last nine moves too.",
                      46_080: "That is the number of draws."},
            "boards": {78: "That is every full board: 16 of them are draws.",
                       16: "That is the number of drawn full boards."},
        },
        explain="Each of the 62 boards is reached by over a thousand orders of moves on average."),
)


EXERCISES = [TINY, HEIGHT_WIDTHS, MOST_POPULAR, LAZY, COUNT_GAMES, LAST_MOVE]

"""The exercises of notebook 03 (game trees): every one of them is checked by code.

1. the 2×2 tree by hand        a numbers check (nodes, games, positions);
2. ``height`` and ``widths``    two function checks on the trees of 5,397 positions;
3. the most popular position   a numbers check (ways, positions);
4. lazy and 4×4                a numbers check (pruned nodes, first ply, nodes to it);
5. ★ ``count_games``           a function check on every 3×3 and 2×2 position;
6. ★ wins on the last move     a numbers check (games, boards).

The solution functions are what ``.solution()`` shows and what ``verify_all``
runs through the checks; the checks' references come from the package
(``count_tree``, ``game_tree``, ``reachable_positions``), not from the solutions.
"""

from __future__ import annotations

from functools import lru_cache
from math import perm

from ttt.board import Board
from ttt.exercises.calls import current_budget
from ttt.exercises.checks import Case, function_check, functions_check, numbers_check, stop
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.verdicts import describe_state
from ttt.exercises.words import plural
from ttt.exercises.positions import all_positions
from ttt.tree import Node, count_nodes, count_tree, game_tree, prune, reachable_positions

# ====================================================================== 03.1 a tiny board by hand


def tiny_tree_counts():
    """Nodes, games and positions of the 2×2 tree with two in a row, counted ply by ply."""
    nodes = 1 + 4 + 4 * 3 + 4 * 3 * 2   # every order of moves, up to X's winning third move
    games = 4 * 3 * 2                   # every game ends on move 3: any two cells make a line
    positions = 1 + 4 + 4 * 3 + 4 * 3   # after move 3: O's cell (4 ways), X's two of the other three (3)
    return nodes, games, positions


TINY = Exercise(
    number=1,
    title="A tiny board by hand",
    prompt="""\
On a 2×2 board with two in a row (`Board.empty(2, 2, 2)`), the first player always wins on move 3.
Work out by hand the numbers of nodes, games and positions of its tree, then check them with
`count_tree` and with `size(gametree(...))`, and give them as `answer = (nodes, games, positions)`.""",
    starter=answer_starter("(nodes, games, positions)"),
    hints=(
        "Go ply by ply: how many nodes are there after 0, 1, 2 and 3 moves? Why does no game reach move 4?",
        "On 2×2 with two in a row every pair of cells is a line (two rows, two columns, two diagonals), "
        "so X wins with its second mark, on move 3, whatever happens. Nodes: 1 + 4 + 4·3 + 4·3·2; every "
        "node after move 3 is a finished game.",
        "Positions count each board once, however many move orders reach it. After move 3, X has two "
        "cells and O one: choose O's cell, then X's two cells among the other three. Before that, each "
        "board is reached in one order only.",
    ),
    explanation="""\
**Counting by hand.** Any two cells of a 2×2 board are in a line (two rows, two columns and two
diagonals), so X wins with its second mark, on move 3, whatever O does, and no node is deeper
than ply 3. Ply by ply the tree has 1, 4, 4·3 = 12 and 4·3·2 = 24 nodes: 41 in all, and the 24
nodes of ply 3 are its leaves, the 24 complete games.

**Positions** count each board once. Up to ply 2 every board is reached by one order of moves only
(one X and one O), so there are 1 + 4 + 12 of them. After move 3, X has two marks and O one: O's cell
can be any of 4, and X's two cells are 2 of the other 3, so 4·3 = 12 boards, each reached in two
orders (X's two marks either way round). That is 29 positions, against 41 nodes.

`count_tree(Board.empty(2, 2, 2))` gives the same figures (`nodes`, `games`, `positions`), and so do
`size(gametree(Board.empty(2, 2, 2)))` and `leaves(...)` from the notebook.""",
    code=(tiny_tree_counts,),
    checker=numbers_check(
        {"nodes": 41, "games": 24, "positions": 29},
        mistakes={
            "nodes": {40: "Did you leave out the root, the empty board itself?",
                      29: "That is the number of positions: a node is counted once for every order that reaches it."},
            "games": {12: "That is the number of final *boards*: each is reached by two games,"
                          " X's marks in either order."},
            "positions": {41: "That is the number of nodes: a board reached in two orders is one position.",
                          28: "Did you leave out the empty board? It is a position too.",
                          17: "That is the number of unfinished positions: the 12 finished boards are positions too."},
        },
        explain="X wins on move 3 in every game, and the 12 final boards are each reached in two orders.",
    ),
    answer=tiny_tree_counts,
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


def _height_reference(board: Board) -> int:
    return len(_nodes_per_depth(board)) - 1


def _widths_reference(board: Board) -> list[int]:
    """Nodes per depth below ``board``, as a list (``tests/exercises`` checks it against ``count_tree``)."""
    return list(_nodes_per_depth(board))


@lru_cache(maxsize=None)
def _nodes_per_depth(board: Board) -> tuple[int, ...]:
    """(1, children, grandchildren, ...): this node, then the children's counts added depth by depth.

    Worked out once per position, so the references for 4,417 trees cost a fraction of a second,
    where ``count_tree`` for each of them would take seconds.
    """
    below = [_nodes_per_depth(child) for _, child in board.children()]
    deepest = max(map(len, below), default=0)
    return (1,) + tuple(sum(counts[d] for counts in below if d < len(counts)) for d in range(deepest))


def _tree_positions() -> tuple[Board, ...]:
    """Every 3×3 position with at least five marks (fullest first), then every 2×2 one (k = 2).

    Their trees have 64,523 nodes in all, so a right answer that visits every node (as it should)
    fits the check's time; the empty board's tree alone has 549,946.
    """
    return tuple(board for board in all_positions() if board.moves_made >= 5) + all_positions(2, 2, 2)


def _on_trees(reference):
    """The cases of a tree function: the tree of each position, named as such, with ``reference(board)``."""
    return lambda: [Case((board,), reference(board), f"on the tree of this board ({describe_state(board)})", (board,))
                    for board in _tree_positions()]


def _as_list(value) -> list:
    if isinstance(value, (list, tuple)):
        return list(value)
    raise TypeError("expected a list of numbers, one for each depth")


def _nodes_on_path(tree):
    return 1 + max((_nodes_on_path(child) for child in tree.children), default=0)


def _shortest_path(tree):
    return 1 + min(_shortest_path(child) for child in tree.children) if tree.children else 0


_TREES_LABEL = "the trees of all 4,388 3×3 positions with at least five marks and of all 29 of 2×2"
_HEIGHT_WIDTHS_CHECK = functions_check(
    function_check(
        _height_reference, _on_trees(_height_reference),
        name="height", args="tree", label=_TREES_LABEL, call=lambda height, board: height(_tree_of(board)),
        mistakes=[
            (_nodes_on_path, "That counts the nodes on the longest path; height counts the moves, one fewer."),
            (lambda tree: tree.board.size - tree.board.moves_made,
             "That is the number of empty cells, but a game can end before the board is full: follow the tree "
             "itself (a leaf has height 0, any other node one more than its highest child)."),
            (_shortest_path, "That path is too short: height is the *longest* path down to a leaf."),
        ],
    ),
    function_check(
        _widths_reference, _on_trees(_widths_reference),
        name="widths", args="tree", label=_TREES_LABEL, normalize=_as_list,
        call=lambda widths, board: widths(_tree_of(board)),
        mistakes=[
            (lambda tree: [0] * tree.board.moves_made + _widths_reference(tree.board),
             "Your list starts at the empty board (the ply of the game); widths counts depths below the root "
             "of *this* tree, so it starts with 1, the root itself."),
            (lambda tree: _widths_reference(tree.board)[1:], "The root is missing: depth 0 holds one node, the root itself."),
            (lambda tree: [1] * len(_widths_reference(tree.board)),
             "Each depth counts every node at that depth, not one path through the tree."),
        ],
    ),
)


HEIGHT_WIDTHS = Exercise(
    number=2,
    title="Height and width",
    prompt="""\
Write `height(tree)` (the number of moves on the longest path from the root down to a leaf) and
`widths(tree)` (a list: how many nodes the tree has at each depth, starting with 1 for the root) for
our `Tree`. Check `widths` against `counts.nodes_per_ply` for the empty board, using the package's
shared tree `full` (why would our own `gametree` be a poor idea here?). The check gives your two
functions the package's tree (with the same `board` and `children`) of every 3×3 position with at
least five marks, and of every position of 2×2 with two in a row.""",
    starter=function_starter(height, widths),
    hints=(
        "`height` follows the shape of `size` and `leaves`: what is the height of a leaf? Of a node "
        "whose children have heights 2, 4 and 3?",
        "A leaf has height 0, and any other node one more than its highest child. For `widths`, go "
        "level by level rather than by recursion: the root is level 0, and the next level is every "
        "child of every node of this one.",
        "Nearly there: `counts, level = [], [tree]`; while `level` is not empty, append `len(level)` "
        "to `counts` and set `level = [child for node in level for child in node.children]`.",
    ),
    explanation="""\
**Why it works.** A leaf ends every path at once, so its height is 0; any other node is one move
above its children, and the longest path goes through the highest child. `widths` walks the tree one
level at a time: each level is the list of every child of every node of the level above, so its
length is the number of nodes at that depth. On the empty board it gives `counts.nodes_per_ply`,
`[1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]`, and `height(full)` is 9.

**Why not our own `gametree`.** It makes one object per node: 549,946 of them for the empty board,
which takes seconds and over 100 MB. The package's tree holds the same 549,946 nodes in 5,478
objects, since every position's subtree is built once and shared; both functions still visit every
node, but nothing has to be built again. (A level holds the same shared object many times: level 8
has 200,448 entries but only 390 different positions.)""",
    code=(height, widths),
    checker=_HEIGHT_WIDTHS_CHECK,
    answer=lambda: (height, widths),
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
    number=3,
    title="The most popular position",
    prompt="""\
For every position, count the move orders that reach it from the empty board (adapt the idea of
`count_tree`: a dictionary from boards to numbers of paths, one ply at a time). Which unfinished
positions are reached in the most ways, and in how many? Give `answer = (ways, positions)`: the
largest number of move orders that reach an unfinished position, and how many unfinished positions
are reached in exactly that many ways. Why do they all have the same number of marks?""",
    starter=answer_starter("(ways, positions)"),
    hints=(
        "Start with `{Board.empty(): 1}`. Every path to a child passes through its parent, so a child "
        "is reached in the sum of its parents' numbers of ways. Go one ply at a time.",
        "Keep the finished positions out of the maximum (the question is about unfinished ones), then "
        "count how many positions reach that maximum. Think about `x!·o!` from the section "
        "\"Positions, not nodes\": in how many orders can the marks of a position without a line be placed?",
        "Look at the unfinished positions with the most marks: how many marks can an unfinished position "
        "have at most, how many orders of its X marks and of its O marks are there, and why can none of "
        "them have ended early? Then count the unfinished positions with that many marks.",
    ),
    explanation=lambda: f"""\
**The answer.** The largest number is {most_popular()[0]:,}, and {most_popular()[1]:,} unfinished positions
share it: every unfinished position on ply 8.

**Why.** A position with `x` marks of X and `o` of O can be reached in at most `x!·o!` orders (X's
marks in any order, O's in any order, interleaved as the turns demand). An *unfinished* position has no
line, so no order of its marks can have completed a line earlier and stopped: every one of the `x!·o!`
orders reaches it. The product is largest with the most marks, and an unfinished position has at
most eight (ply 9 is always finished): 4!·4! = 576, for each of the 222 unfinished positions of
ply 8. Finished positions are reached in up to 5!·4! = 2,880 orders, but only when no order
completes a line before the last move.""",
    code=(path_counts, most_popular),
    checker=numbers_check(
        {"ways": 576, "positions": 222},
        mistakes={
            "ways": {2_880: "That is a finished position (ply 9); the question asks for unfinished ones.",
                     36: "That is the most on ply 6; positions with more marks are reached in more orders."},
            "positions": {1: "Several positions tie for the most: count them all.",
                          8: "Symmetry gives eight copies of a position, but far more positions tie here.",
                          390: "That is every position of ply 8; the finished ones among them do not count."},
        },
        explain="Every unfinished position of ply 8 has no line, so all 4!·4! orders of its marks reach it.",
    ),
    answer=most_popular,
)


# ====================================================================== 03.4 lazy and 4×4


def lazy_4x4_figures():
    """Nodes of the lazy 4×4 tree pruned at depth 3; the first ply a game can end; nodes up to it."""
    top = prune(game_tree(Board.empty(4, 4, 4), lazy=True), 3)
    first_end = 2 * 4 - 1  # X places its fourth mark on move 7
    up_to_it = sum(perm(16, ply) for ply in range(first_end + 1))  # no game ends sooner: 16·15·…
    return count_nodes(top), first_end, up_to_it


LAZY = Exercise(
    number=4,
    title="Lazy and 4×4",
    prompt="""\
How many nodes does `ttt.tree.prune(game_tree(Board.empty(4, 4, 4), lazy=True), 3)` have? Predict
before you run it. On 4×4 with four in a row, what is the first ply at which a game can end, and how
many nodes does the tree have up to and including that ply (work this one out: the tree is far too
big to walk)? Give `answer = (nodes, first_ply, nodes_to_that_ply)`.""",
    starter=answer_starter("(nodes, first_ply, nodes_to_that_ply)"),
    hints=(
        "Before any game can end, every order of moves is possible: 16 first moves, then 15, then 14. "
        "Count the root too.",
        "A game ends at the earliest when X completes a line of four, that is with X's fourth mark. On "
        "which move does X place it? Up to that ply the tree is pure products, as on 3×3 up to ply 5.",
        "1 + 16 + 16·15 + 16·15·14 nodes for the pruned tree; the first end is on move 7; and the "
        "nodes up to it are `sum(math.perm(16, ply) for ply in range(8))`.",
    ),
    explanation=lambda: f"""\
**Why these numbers.** No game of 4×4 with four in a row ends before X's fourth mark, which is
move 7 (X plays moves 1, 3, 5 and 7). Until then every order of moves is possible, so ply `p` has
16·15·…·(16 − p + 1) nodes, `math.perm(16, p)`. Pruned at depth 3 the tree has 1 + 16 + 240 + 3,360
= {lazy_4x4_figures()[0]:,} nodes, and the lazy tree builds only those. Up to and including ply 7 the full tree
has {lazy_4x4_figures()[2]:,} nodes, more than a hundred times the whole 3×3 tree, before a single game
has ended: far too many to build one object each, and a reason why 4×4 needs the techniques of
notebooks 05 to 07 (and 09).""",
    code=(lazy_4x4_figures,),
    checker=numbers_check(
        {"nodes": 3_617, "first ply": 7, "nodes to that ply": 63_994_817},
        mistakes={
            "nodes": {3_616: "Did you leave out the root?",
                      3_360: "That is only the deepest level, depth 3; the levels above it count too.",
                      257: "That is the tree pruned at depth 2."},
            "first ply": {4: "A line needs four marks of X, and X moves only every other turn.",
                          8: "O's fourth mark is move 8, but X gets there first."},
            "nodes to that ply": {6_337_217: "That stops before ply 7; include the ply itself.",
                                  57_657_600: "That is ply 7 alone; add the plies above it.",
                                  63_994_816: "Did you leave out the root?"},
        },
        explain="Up to ply 7 no game has ended, so every ply is a product 16·15·…, as on 3×3 up to ply 5.",
    ),
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


def _count_positions() -> tuple[Board, ...]:
    """The 3×3 positions with five marks or more (fullest first), a corner opening, the empty board, then 2×2.

    Not every 3×3 position: with a fresh memo for each, that alone takes seconds.  Without a memo,
    the corner opening (59,705 nodes, 1,870 positions) already makes far too many calls.
    """
    fuller = tuple(board for board in all_positions(3, 3, 3) if board.moves_made >= 5)
    return fuller + (Board.parse("X../.../..."), Board.empty()) + all_positions(2, 2, 2)


_counts = lru_cache(maxsize=None)(count_tree)   # the package's counts below a board, each worked out once


def _each_position_once(count_games, board):
    """The learner's count, stopped with words naming the memo when it makes far more calls than there are positions."""
    budget = current_budget()
    before = budget.calls
    games = count_games(board)
    calls, positions = budget.calls - before, _counts(board).positions
    if calls > 8 * positions:
        stop(f"count_games made {plural(calls, 'call')} on this board ({describe_state(board)}), which has only "
             f"{plural(positions, 'position')} below it, itself included:", board,
             "It works the same positions out again and again. Is the memo used? Look a board up before "
             "recursing, and store its count after.")
    return games


@lru_cache(maxsize=None)
def _no_base_case(board):
    return sum(_no_base_case(child) for _, child in board.children())


COUNT_GAMES = Exercise(
    number=5,
    title="Count without a tree",
    star=True,
    prompt="""\
Write your own `count_games(board)` that returns the number of complete games below `board` while
visiting each position only once (hint: the number of games below a position does not depend on how
it was reached, so a dictionary can remember it). Check 255,168 for the empty board. A finished
board counts as one game. The check compares your function with `count_tree(board).games` on every
3×3 position with at least five marks, a corner opening, the empty board, and the 29 positions of 2×2
with two in a row, and counts your function's calls.""",
    starter=function_starter(count_games),
    hints=(
        "Start without the dictionary: the games below a position are the games below each of its "
        "children, added up. What is the number of games below a finished board?",
        "A finished board is one game, so return 1 there (0 would make every count 0). Then add a "
        "dictionary from boards to counts: look the board up before recursing, and store the count "
        "after. Boards are immutable and hashable, so they can be keys.",
        "Nearly there: `def count_games(board, memo=None):` sets `memo = {}` when it is None; returns 1 if "
        "`board.is_over`; otherwise, if the board is not yet in `memo`, stores "
        "`sum(count_games(board.play(cell), memo) for cell in board.legal_moves())` there; "
        "and returns `memo[board]`.",
    ),
    explanation="""\
**Why it works.** The games below a position are the games below its children, added up, and a
finished board is one game. That recursion alone is right, but it walks the whole tree: 549,946
nodes from the empty board. The number of games below a position does not depend on the moves that
led to it, so the first time a position is worked out its count goes into `memo`, and every later
visit (every transposition) reads it back. Each of the 5,478 positions is then worked out once, and
the empty board gives 255,168.

`memo` is created inside the call (`memo=None`, then `{}`), not as a default argument `memo={}`:
a default dictionary is made once and shared by every call, which works here but surprises in
general. Passing it down the recursion lets all the calls of one count share it. `functools.cache`
on a one-argument `count_games` does the same with less code.""",
    code=(count_games,),
    checker=function_check(
        lambda board: _counts(board).games, _count_positions, name="count_games", call=_each_position_once,
        label="every 3×3 position with at least five marks, a corner opening, the empty board, and all 29 of 2×2",
        mistakes=[
            (_no_base_case, "A finished board is one complete game (the one that just ended): return 1 there, not 0."),
            (lambda board: _counts(board).nodes,
             "That is the number of nodes below this board; games are only its leaves, the finished boards."),
            (lambda board: _counts(board).nodes - 1,
             "That counts every node below this board; games are only the leaves, the finished boards."),
            (lambda board: _counts(board).positions,
             "That counts each position once; a game is a path, and many paths pass through one position."),
        ],
        slow="Is the memo used? Each position should be worked out once.",
    ),
    answer=lambda: count_games,
)


# ====================================================================== 03.6 ★ wins on the last move


def last_move_wins():
    """Games of length 9 that X wins, and the different boards on which X wins with move 9."""
    counts = count_tree(Board.empty())
    games = counts.games_by_length[9] - counts.outcomes["draw"]  # every draw lasts nine moves
    boards = sum(1 for board in reachable_positions() if board.moves_made == 9 and board.winner == "X")
    return games, boards


def _last_move_answer() -> str:
    games, boards = last_move_wins()
    ways = path_counts()
    orders = sorted(paths for board, paths in ways.items() if board.moves_made == 9 and board.winner == "X")
    return f"""\
**The games.** Games of length 9 are X's wins on the last move and all the draws, since a draw fills
the board. So X wins 127,872 − 46,080 = {games:,} of them.

**The boards.** Only {boards} different boards are full with a line of X's (and none of O's). A board
stands for every order of moves that reaches it: X's five marks in any of 5! = 120 orders and O's four
in any of 4! = 24, at most 2,880 orders, less the orders that would have completed a line earlier and
stopped there. These boards are reached in {orders[0]:,} to {orders[-1]:,} orders, {games / boards:,.0f} on
average, which is why there are over a thousand times as many games as boards. Counting games
counts orders; counting positions counts boards: the gap of this notebook, once more."""


LAST_MOVE = Exercise(
    number=6,
    title="Wins on the last move",
    star=True,
    prompt="""\
How many of the 127,872 games of length 9 does X win? Answer from the figures in this notebook. Then
count the different *boards* on which X wins with the ninth move, and explain why there are so many
more games than boards. Give `answer = (games, boards)`.""",
    starter=answer_starter("(games, boards)"),
    hints=(
        "Which games last all nine moves? Only X can move ninth, and a draw always fills the board.",
        "Games: the games of length 9 minus the draws. Boards: among the positions with nine marks, "
        "count those with a line of X (`reachable_positions()` lists every position once).",
        "`count_tree(Board.empty())` gives `games_by_length[9]` and `outcomes[\"draw\"]`; the boards are "
        "`sum(1 for b in reachable_positions() if b.moves_made == 9 and b.winner == \"X\")`.",
    ),
    explanation=_last_move_answer,
    code=(last_move_wins,),
    checker=numbers_check(
        {"games": 81_792, "boards": 62},
        mistakes={
            "games": {127_872: "That is every game of length 9: the draws last nine moves too.",
                      46_080: "That is the number of draws."},
            "boards": {78: "That is every full board: 16 of them are draws.",
                       16: "That is the number of drawn full boards."},
        },
        explain="Each of the 62 boards is reached by over a thousand orders of moves on average.",
    ),
    answer=last_move_wins,
)


EXERCISES = [TINY, HEIGHT_WIDTHS, MOST_POPULAR, LAZY, COUNT_GAMES, LAST_MOVE]

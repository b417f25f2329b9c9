"""The exercises of notebook 03 (game trees); 1 and 5 are written, the others are still to come.

1. the 2×2 tree by hand    a numbers check (nodes, games, positions);
5. ★ ``count_games``       a function check on every 3×3 and 2×2 position.
"""

from __future__ import annotations

from ttt.board import Board
from ttt.exercises.checks import function_check, numbers_check
from ttt.exercises.core import Exercise
from ttt.exercises.positions import all_positions
from ttt.tree import count_tree

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
    starter="""\
answer = None  # (nodes, games, positions)
exercise("03", 1).check(answer)""",
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


def _games_reference(board: Board) -> int:
    return count_tree(board).games


def _count_positions() -> tuple[Board, ...]:
    """Every 3×3 position, then every 2×2 one (k = 2), each list fullest first."""
    return all_positions(3, 3, 3) + all_positions(2, 2, 2)


def _describe_count(board: Board, expected: int, got):
    if board.is_over and got == 0:
        return "A finished board is one complete game (the one that just ended): return 1 there, not 0."
    counts = count_tree(board)
    if got == counts.nodes:
        return "That is the number of nodes below this board; games are only its leaves, the finished boards."
    if got == counts.nodes - 1:
        return "That counts every node below this board; games are only the leaves, the finished boards."
    if not board.is_over and got == counts.positions:
        return "That counts each position once; a game is a path, and many paths pass through one position."
    return None


COUNT_GAMES = Exercise(
    number=5,
    title="Count without a tree",
    star=True,
    prompt="""\
Write your own `count_games(board)` that returns the number of complete games below `board` while
visiting each position only once (hint: the number of games below a position does not depend on how
it was reached, so a dictionary can remember it). Check 255,168 for the empty board. A finished
board counts as one game. The check compares your function with `count_tree(board).games` on all
5,478 positions of 3×3 and on the 29 positions of 2×2 with two in a row.""",
    starter="""\
def count_games(board):
    raise NotImplementedError  # replace this line with your code


exercise("03", 5).check(count_games)""",
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
        _games_reference,
        _count_positions,
        name="count_games",
        label="all 5,478 positions of 3×3 and all 29 of 2×2 with two in a row",
        describe=_describe_count,
    ),
    answer=lambda: count_games,
)


EXERCISES = [TINY, COUNT_GAMES]

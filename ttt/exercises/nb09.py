"""Notebook 09 (beyond 3×3): worked solutions and checks (words: nb09.md); the test recomputes every figure."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations

from ttt.board import Board
from ttt.exercises.calls import Stop, stop
from ttt.exercises.checks import NumbersCheck, PositionCheck, parse_position, several, sorted_cells
from ttt.exercises.verdicts import Boards, Verdict, describe_value, right, unanswered, wrong
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter
from ttt.geometry import geometry
from ttt.instrument import SearchStats
from ttt.memo import negamax_memo
from ttt.pruning import AlphaBetaObserver, alphabeta


# ====================================================================== 09.1 the atlas, extended
BOARDS = ((4, 5, 3), (4, 5, 4), (4, 5, 5), (4, 6, 4), (5, 5, 3), (5, 5, 4), (5, 5, 5))
NAMES = tuple(f"{rows}×{cols} k={k}" for rows, cols, k in BOARDS)


def extended_atlas():
    """The value for X of the empty board of each size in BOARDS, in that order (and the engine's nodes)."""
    from ttt.engine import Engine

    values, nodes = [], {}
    for rows, cols, k in BOARDS:
        engine = Engine(rows, cols, k)
        values.append(engine.solve(Board.empty(rows, cols, k)).value)
        nodes[f"{rows}×{cols} k={k}"] = engine.stats.nodes
    return tuple(values), nodes


_atlas = lru_cache(maxsize=1)(extended_atlas)  # the worked solution's values, worked out once per session

_A_WIN_IS_A_DRAW = "Solve it rather than guess: with four in a row this board is too small for X to force a line."
_NEVER_WORSE = "The first player is never worse off here (the strategy-stealing argument)."
_A_SCORE = "That is the depth-aware score (`.score`); give the value for X, `.value`: 1, 0 or -1."

ATLAS = Exercise(
    number=1, starter=answer_starter("(v_4x5_k3, v_4x5_k4, v_4x5_k5, v_4x6_k4, v_5x5_k3, v_5x5_k4, v_5x5_k5)"),
    code=(extended_atlas,), answer=lambda: _atlas()[0],
    checker=NumbersCheck(dict(zip(NAMES, (1, 0, 0, 0, 1, 0, 0))), direction=False, mistakes={
            **{name: {1: _A_WIN_IS_A_DRAW} for name in NAMES if name.endswith("k=4")},
            **{name: {-1: _NEVER_WORSE} for name in NAMES if not name.endswith("k=4")},
            "4×5 k=3": {-1: _NEVER_WORSE, 16: _A_SCORE},     # one dict per board: these keep both notes
            "5×5 k=3": {-1: _NEVER_WORSE, 21: _A_SCORE},
        },
        explain="X wins with three in a row; with four or five in a row these boards are draws."),
)


# ====================================================================== 09.2 when alpha-beta beats memoization
def both_calls(board):
    """The calls of plain memoization and of plain alpha-beta (no table) on one position."""
    memo, plain = SearchStats(), SearchStats()
    negamax_memo(board, {}, memo)
    alphabeta(board, stats=plain)
    return memo.nodes, plain.nodes


def random_position(empty, rng):
    """A random unfinished 4×4 (k=4) position with ``empty`` free cells (as ``position_with`` in the notebook)."""
    while True:
        board = Board.empty(4, 4, 4)
        while board.size - board.moves_made > empty and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            return board


def cheap_and_dear(seed=7):
    """The first random 10-empty positions where plain alpha-beta needs at most 1/4, and at least 5 times, memo's calls."""
    import random

    rng = random.Random(seed)
    cheap = dear = None
    while cheap is None or dear is None:
        board = random_position(10, rng)
        memo, plain = both_calls(board)
        if cheap is None and 4 * plain <= memo:
            cheap = board
        elif dear is None and plain >= 5 * memo:
            dear = board
    return cheap.notation, dear.notation


class _Cap(Exception, AlphaBetaObserver):
    """An alpha-beta observer that raises itself after ``limit`` calls: the check stops once its verdict is known."""

    def __init__(self, limit):
        self.limit, self.calls = limit, 0

    def enter(self, *node):
        self.calls += 1
        if self.calls > self.limit:
            raise self


def _ratio(calls: int, memo: int, digits: int, bound: float) -> str:
    """``calls / memo``, with more digits where ``digits`` would print ``bound`` for a ratio that is not it."""
    ratio = calls / memo
    while digits < 8 and ratio != bound and round(ratio, digits) == bound:
        digits += 1
    return f"{ratio:.{digits}f}"


@lru_cache(maxsize=32)   # the same answer checked again is answered at once
def _capped_calls(board, times, digits, bound):
    """Memoization's calls; plain alpha-beta's, or None past ``times`` as many; the ratio in words."""
    memo = SearchStats()
    negamax_memo(board, {}, memo)
    cap = _Cap(times * memo.nodes)
    try:
        alphabeta(board, observer=cap)
    except _Cap:
        return memo.nodes, None, f"more than {times} times"
    return memo.nodes, cap.calls, f"{_ratio(cap.calls, memo.nodes, digits, bound)} times"


_PAIR_TODO = "replace None with your two positions, then run the cell again."


def _two_positions(answer):
    """The answer as two unfinished 4×4 boards (k=4) with ten empty cells; (None, None) is not answered yet."""
    parts, boards = several(answer, ["cheap", "dear"], "positions"), []
    if all(part is None for part in parts):
        raise Stop(unanswered(_PAIR_TODO))
    for part, which in zip(parts, ("first (cheap)", "second (dear)")):
        try:
            board = parse_position(part)  # a 4×4 board string gets k=4, its shorter side
        except ValueError as error:
            stop(f"The {which} position: {str(error).rstrip('.')}.", mistake="not-a-position")
        if (board.rows, board.cols, board.k) != (4, 4, 4):
            stop(f"The {which} position is {board.rows}×{board.cols} with k={board.k}: give a 4×4 board with four"
                 " in a row.", mistake="not-4x4")
        if board.size - board.moves_made != 10:
            stop(f"The {which} position has {board.size - board.moves_made} empty cells, not 10.",
                 mistake="not-ten-empty")
        if board.is_over:
            stop(f"The {which} position is finished: there is nothing to search.", mistake="finished")
        boards.append(board)
    return tuple(boards)


def _measured(pair) -> Verdict:
    """The two ratios, the boards and their calls; wrong naming the position that misses its bound ("neither")."""
    calls = _capped_calls(pair[0], 2, 2, 0.25), _capped_calls(pair[1], 8, 1, 5)
    (memo_1, plain_1, first), (memo_2, plain_2, second) = calls
    boards = Boards(pair, [f"memo {memo:,}, alpha-beta {'more' if plain is None else f'{plain:,}'}"
                           for memo, plain, _ in calls])
    faults = {}
    if plain_1 is None or 4 * plain_1 > memo_1:
        faults["first-not-cheap"] = (f"On the first position plain alpha-beta makes {first} memoization's calls: it "
                                     "should make at most a quarter of them (0.25).")
    if plain_2 is not None and plain_2 < 5 * memo_2:
        faults["second-not-dear"] = (f"On the second position plain alpha-beta makes {second} memoization's calls: "
                                     "it should make at least five times as many.")
    if faults:
        return wrong(*faults.values(), boards, mistake=next(iter(faults)) if len(faults) == 1 else "neither")
    return right(f"alpha-beta makes {first} memoization's calls on the first position and {second} on the second.",
                 boards)


CHEAP_AND_DEAR = Exercise(
    number=2, starter=answer_starter('(cheap, dear): two board strings such as "X.O./..../..../...."'),
    code=(both_calls, random_position, cheap_and_dear),
    checker=PositionCheck(lambda pair: _measured(pair).ok, _measured, success=lambda pair: _measured(pair).parts,
                          parse=_two_positions, instruction=_PAIR_TODO),
    answer=lru_cache(maxsize=1)(cheap_and_dear),
)


# ====================================================================== 09.3 positions that are their own image
def symmetric_positions():
    """(positions left unchanged by some symmetry other than the identity, the sum of each symmetry's fixed positions).

    From the 4×4 table: its keys are one member per class; a class of s members has
    8 / s symmetries fixing each member, and its members are fixed by some non-identity
    symmetry exactly when s < 8.
    """
    import numpy as np

    from ttt.census import symmetry_tables
    from ttt.course import course_table
    from ttt.symmetry import permutations

    keys = course_table(4, 4, 4).keys
    images = [keys]
    for pieces in symmetry_tables(permutations(4, 4), 16, np.uint32):  # the seven other symmetries
        image = np.zeros_like(keys)
        for start, piece in pieces:
            image |= piece[(keys >> start & (piece.size - 1)).astype(np.intp)]
        images.append(image)
    images = np.sort(np.stack(images), axis=0)
    members = 1 + np.count_nonzero(images[1:] != images[:-1], axis=0)  # distinct images: the class's size
    symmetric = int(members[members < 8].sum())
    fixed = int((8 // members - 1).astype(np.int64) @ members)  # each member is fixed by 8/s - 1 other symmetries
    return symmetric, fixed


OWN_IMAGE = Exercise(
    number=3, starter=answer_starter("(symmetric, fixed_sum)"), code=(symmetric_positions,),
    answer=lru_cache(maxsize=1)(symmetric_positions),
    checker=NumbersCheck({"symmetric": 21_587, "fixed sum": 21_805}, mistakes={
            "symmetric": {21_805: "That is the sum over the symmetries: a position fixed by several symmetries is "
                                  "counted once per symmetry there. Count positions, not (position, symmetry) pairs.",
                          5_424: "That counts classes with a symmetry; count their positions (each class's members)."},
            "fixed sum": {9_743_816: "That is the sum over all eight symmetries: leave out the identity's 9,722,011."},
        }, slips={(21_805, 21_587): ("The two counts are the other way round: (symmetric, fixed_sum).", "swapped")},
        explain="8 × 1,217,977 − 9,722,011 = 21,805, and 21,587 different positions."),
)


# ====================================================================== 09.4 a smarter evaluation
def needs_evaluation(board):
    """Open lines weighted by how few moves each still needs, plus a bonus for two lines one move from done.

    Rates ``board`` for the side that has just moved, as ``SearchPlayer`` expects:
    my open lines count for me, the opponent's against me.
    """
    me = "O" if board.turn == "X" else "X"
    k = board.k
    score = 0.0
    nearly = {me: 0, board.turn: 0}
    for line in board.geometry.lines:
        marks = [board.cells[cell] for cell in line]
        for side, sign in ((me, 1), (board.turn, -1)):
            other = board.turn if side == me else me
            if other in marks:
                continue  # a line with a stone of each side can never be completed
            held = marks.count(side)
            score += sign * 4.0 ** held / (k - held + 1)  # fewer moves still needed: worth more
            nearly[side] += held == k - 1
    score += 20 * (nearly[me] >= 2) - 20 * (nearly[board.turn] >= 1)  # the opponent moves next
    return score


SMARTER = Exercise(number=4, code=(needs_evaluation,))


# ====================================================================== 09.5 a pairing for five in a row
FIVE = geometry(5, 5, 5)


def five_pairing():
    """Twelve disjoint pairs of cells of the 5×5 board, one inside each of its twelve lines (backtracking)."""
    lines = FIVE.lines
    chosen = []

    def place(n, used):
        if n == len(lines):
            return True
        cells = [cell for cell in lines[n] if cell not in used]
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                chosen.append((a, b))
                if place(n + 1, used | {a, b}):
                    return True
                chosen.pop()
        return False

    place(0, frozenset())
    return chosen


def _pairs(answer) -> list[tuple[int, int]]:
    """The answer as pairs of two different cells 0 to 24, each sorted; a refusal saying why not otherwise."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        stop(f"Give a list of pairs of cells, such as [(0, 1), (5, 10), ...], not {describe_value(answer)}.",
             mistake="not-a-list")
    if isinstance(answer, Mapping):   # each cell's partner, {a: b}, maybe both ways: its items are the pairs
        items = list(answer.items())
        answer = [(a, b) for index, (a, b) in enumerate(items) if (b, a) not in items[:index]]
    pairs = []
    for pair in answer:
        try:
            cells, why = sorted_cells(pair), ""
        except TypeError as error:   # why: not cells at all, such as 0.0 (a float) or None
            cells, why = [], f" ({error})"
        if len(cells) != 2 or not all(0 <= cell < 25 for cell in cells):
            stop(f"The pair {describe_value(pair)} does not hold two cells 0 to 24 of the 5×5 board, such as (0, 1)"
                 f"{why}.", mistake="not-a-pair")
        if cells[0] == cells[1]:
            stop(f"The pair {pair!r} holds one cell twice.", mistake="cell-twice-in-a-pair")
        pairs.append(tuple(cells))
    return pairs


def _pairing_fault(pairs) -> Verdict | None:
    """Why the pairs prove no draw, or None."""
    for one, two in combinations(pairs, 2):
        if shared := set(one) & set(two):
            return wrong(f"Cell {min(shared)} is in two pairs, {one} and {two}: when X takes it, O can answer only"
                         " one of them.", mistake="cell-in-two-pairs")
    for line in FIVE.lines:
        if not any(set(pair) <= set(line) for pair in pairs):
            step = line[1] - line[0]    # from one cell of the line to the next: 1 along a row, 5 down a column
            name = {1: f"row {line[0] // 5}", 5: f"column {line[0] % 5}"}.get(step, "a diagonal")
            return wrong(f"No pair lies wholly inside {name} (cells {', '.join(map(str, line))}): X could fill that"
                         " line, taking one cell of each pair that touches it while O answers elsewhere.",
                         mistake="line-without-pair")
    return None


PAIRING = Exercise(
    number=5, starter=answer_starter("[(a, b), ...]: 12 pairs of cells"), code=(five_pairing,), answer=five_pairing,
    checker=PositionCheck(
        lambda pairs: _pairing_fault(pairs) is None, _pairing_fault, parse=_pairs,
        success="12 disjoint pairs, one inside each of the 12 lines: whoever plays first, the other side can answer "
                "each move in a pair with the other cell of that pair, and nobody completes five in a row. 5×5 with "
                "k=5 is a draw, proved without search.",
        instruction="replace None with your list of pairs, then run the cell again."),
)


# ====================================================================== 09.6 the longest forced win
def longest_win():
    """(the most moves any forced win in the 4×4 table takes, how many table entries take that many)."""
    import numpy as np

    from ttt.course import course_table

    table = course_table(4, 4, 4)
    marks = np.array([int(key).bit_count() for key in table.keys])
    empty = 16 - marks
    scores = table.scores.astype(np.int64)
    plies = np.where(scores > 0, empty - (scores - 1), -1)  # a win with score s ends with s - 1 cells empty
    longest = int(plies.max())
    return longest, int(np.count_nonzero(plies == longest))


_MARKS = "Count the empty cells, not the marks: a key's set bits are its marks, so empty = 16 - marks."

LONGEST = Exercise(
    number=6, starter=answer_starter("(plies, entries)"), code=(longest_win,), answer=lru_cache(maxsize=1)(longest_win),
    checker=NumbersCheck({"plies": 7, "entries": 402}, mistakes={
            "plies": {4: "That counts only the winner's moves; count both sides' (plies).",
                      6: "A win with score s ends with s - 1 cells empty, so it takes empty - (s - 1) moves; and "
                         "only a positive score is a win for the side to move.",
                      15: _MARKS,
                      **dict.fromkeys((9, 10), "That reads the score as the number of moves; the score counts "
                                               "the cells left empty at the end.")},
            "entries": {1_335: _MARKS,
                        378: "Those are only the positions with X to move; O to move can force a win too.",
                        24: "Those are only the positions with O to move; X to move can force a win too.",
                        533: "Those are positions where the side to move loses (a negative score): take s > 0.",
                        1_100: "Those are the quickest wins (the highest score): the longest take the most moves."},
        },
        explain="No forced win on 4×4 takes more than seven moves."),
)


EXERCISES = [ATLAS, CHEAP_AND_DEAR, OWN_IMAGE, SMARTER, PAIRING, LONGEST]

"""Notebook 05 (pruning): worked solutions, which use only what the notebook has shown, and their checks,
whose references come from the package (``ttt.pruning``, ``ttt.solver``, ``ttt.trace``)."""

from __future__ import annotations

import numbers
from functools import cache
from itertools import product
from math import inf

from ttt.board import Board, other
from ttt.exercises.calls import Learner, Stop, stop, untouched
from ttt.exercises.checks import (Case, CustomCheck, FunctionCheck, NumbersCheck, PositionCheck, When, behaves_like,
                                  sorted_cells)
from ttt.exercises.verdicts import describe_state, describe_value, right, unanswered
from ttt.exercises.core import Exercise
from ttt.exercises.words import moves_text, plural, signed
from ttt.exercises.starters import answer_starter, function_starter
from ttt.positions import unfinished_positions
from ttt.instrument import SearchStats
from ttt.minimax import negamax
from ttt.pruning import ORDERS, FailSoft, alphabeta, threats_first
from ttt.scores import leaf_value
from ttt.solver import move_scores, solve
from ttt.symmetry import canonical
from ttt.trace import format_value, format_window, trace_alphabeta

EMPTY = Board.empty()
EXPLORER_POSITION = Board.parse("O.O/X../..X")   # the position of the notebook's tree explorer


def _at(path) -> str:
    """ "after X 1, O 5" (X moves first in the explorer's position), or "in the explorer's position"."""
    return f"after {moves_text(path)}" if path else "in the explorer's position"


def _node_at(path) -> str:
    return f"the node {_at(path)}" if path else "the root (the explorer's position)"


def _shown_as(words):
    """A tuple class, compared whole, that a refusal shows in words: ``words(*pair)``."""
    return type("Shown", (tuple,), {"__repr__": lambda self: words(*self)})


# 05.1 lazy infimum
def lazy_infimum(values):
    """The smallest of values, read lazily: stop at the first -1, the lowest value there is."""
    best = None
    for value in values:
        if value == -1:
            return value           # nothing can be lower: the values after it are never read
        if best is None or value < best:
            best = value
    return best


_Read = _shown_as(lambda value, read: f"{value!r}, having read {list(read)}")


def _reading(function, values):
    """``function`` on ``values`` handed out by a generator, as the notebook's `noisy`: (its value, what it read)."""
    read = []

    def noisy():
        for value in values:
            read.append(value)
            yield value
    return _Read((function(noisy()), tuple(read)))


def _describe_reads(values, expected, got):
    """A right value read too far or not far enough (a None value: the kernel cannot see it inside the pair)."""
    if got[0] is None:
        return "lazy_infimum returned None: is a `return` missing?"
    if got[0] == expected[0] and len(got[1]) > len(expected[1]):
        return "It read past the first -1: nothing after a -1 can be lower."
    if got[0] == expected[0]:
        return ("It stopped too soon: the smallest is not known until a -1 or the last value is read."
                + (" It stopped at a 0, but a -1 may still come." if got[1] and got[1][-1] == 0 else ""))


LAZY_INFIMUM = Exercise(
    number=1, starter=function_starter(lazy_infimum), code=(lazy_infimum,), answer=lambda: lazy_infimum,
    checker=FunctionCheck(   # -1 comes last in each place: the first sequence that reads past a -1 is (-1, 0)
        lambda values: _Read((min(values), values[:values.index(-1) + 1] if -1 in values else values)),
        lambda: [(values,) for length in range(1, 6) for values in product((0, 1, -1), repeat=length)],
        name="lazy_infimum", args="values", call=_reading, describe=_describe_reads,
        witnesses=16,   # the slips agree with other ones on the sequences that start with 0 or -1
        compare=lambda got, expected: isinstance(got[0], numbers.Real) and type(got[0]) is not bool and got == expected,
        label="all 363 sequences of one to five values from -1, 0 and +1, handed out by a generator"
              " (its value, and the values it read up to the first -1 and no further)",
        mistakes=[(max, "That is the largest value: is a comparison the wrong way round?", "largest"),
                  (min, "It reads every value: `min(values)`, or `list(values)`, reads everything.",
                   "reads_everything"),
                  (lambda values: next((value for value in values if value <= 0), 1),
                   "It stopped at a 0, but a -1 may still come.", "stops_at_zero"),
                  # False == 0 and True == 1: a truth value is not told it "stopped too soon" (None: describe)
                  (When(lambda values, expected, got: got[0] is not None and not (isinstance(got[0], numbers.Real)
                                                                                  and type(got[0]) is not bool)),
                   lambda values, expected, got: f"lazy_infimum returned {describe_value(got[0])}: return the"
                   " smallest value read, a number.", "not-a-number")]),
)


# 05.2 why not stop at a draw?
def stop_at_draw(board):
    """Negamax that stops at the first move worth a win *or a draw*: the mistake to expose."""
    if board.is_over:
        return -1 if board.winner else 0
    best = -1
    for cell in board.legal_moves():
        value = -stop_at_draw(board.play(cell))
        if value >= 0:
            return value           # stops at a draw too, even if a win comes later
        best = max(best, value)
    return best


def a_draw_hides_a_win():
    """O to move: cell 0 draws, cell 1 wins (column 1), and 0 comes first."""
    board = Board.parse("..O/XOX/XOX")
    assert stop_at_draw(board) == 0 != negamax(board) == 1
    return board


@cache
def _stops_at_draws(board: Board) -> int:
    """The exercise's search from the package: its fail-soft alpha-beta cut off at the first draw or win."""
    return _slip(cuts=lambda self, best, beta: best >= 0)(board, -inf, inf, SearchStats())


def _draw_hides_a_win(board: Board) -> bool:
    return board.geometry == EMPTY.geometry and not board.is_over and _stops_at_draws(board) != solve(board).value


def _move_values(board: Board) -> str:
    worth = {1: "win", 0: "draw", -1: "loss"}
    return ", ".join(f"{cell}: {worth[-solve(board.play(cell)).value]}" for cell in board.legal_moves())


def _explain_draw(board: Board):
    if board.geometry != EMPTY.geometry:
        return "Give a position on the 3×3 board."
    if board.is_over:
        return "That game is over: give a position where play goes on."
    return (f"Here stopping at the first draw gives {signed(_stops_at_draws(board))}, which is the true value: no"
            f" win is missed. The moves of {board.turn}, in the order tried, are worth: {_move_values(board)}. Look"
            " for a win that comes after a draw." + (f" (Here {board.turn} cannot win at all.)"
                                                   if solve(board).value < 1 else ""), board)


STOP_AT_DRAW = Exercise(
    number=2, starter=answer_starter('a position, such as "XX./OO./..."'), code=(stop_at_draw, a_draw_hides_a_win),
    answer=a_draw_hides_a_win,
    checker=PositionCheck(
        _draw_hides_a_win, _explain_draw,
        success=lambda board: f"stopping at the first draw gives {signed(_stops_at_draws(board))} here, but the"
                              f" true value is {signed(solve(board).value)}. {board.turn}'s moves, in the order"
                              f" tried, are worth: {_move_values(board)}."),
)


# 05.3 fail-soft by hand
def alphabeta_soft(board, alpha, beta, stats):
    """Negamax value of board for the side to move, or a bound on it beyond the window (fail-soft)."""
    stats.nodes += 1
    if board.is_over:
        return -1 if board.winner else 0       # the value itself: fail-soft never clips
    best = -inf                                 # not alpha: fail-soft reports what it saw
    for cell in board.legal_moves():
        value = -alphabeta_soft(board.play(cell), -beta, -max(alpha, best), stats)
        best = max(best, value)
        if best >= beta:
            return best                         # cut-off: at least best, and the opponent avoids it
    return best


def _slip(order="index", **steps):
    """The package's fail-soft alpha-beta (:class:`ttt.pruning.FailSoft`) with one step written wrong."""
    kind = type("Slip", (FailSoft,), steps)
    return lambda board, alpha, beta, stats: kind(order, stats).search(board, alpha, beta)


_Searched = _shown_as(lambda value, nodes: f"value {value!r}, {plural(nodes, 'node')}")


def _soft_call(search, board, alpha, beta):
    stats = SearchStats()
    return _Searched((search(board, alpha, beta, stats), stats.nodes))


def _soft_cases():
    """The 153 unfinished positions with five marks up to symmetry: every slip shows there, and a right answer
    searches them in every window in well under 0.1 s (from three marks on, 0.8 s: too close to the budget)."""
    positions = [board for board in unfinished_positions() if canonical(board) == board and board.moves_made == 5]
    for board, (alpha, beta) in product(positions, ((-inf, inf), (-1, 1), (-1, 0), (0, 1))):
        where = f"on this board ({describe_state(board)}), window {format_window(alpha, beta)}"
        yield Case((board, alpha, beta), _soft_call(_slip(), board, alpha, beta), where, (board,))


def _soft_describe(board, alpha, beta, expected, got):
    """A right value with the wrong node count, or None (which the kernel cannot see inside the pair)."""
    if got[0] is None:
        return "alphabeta_soft returned None: is a `return` missing?"
    if got[0] == expected[0]:
        return ("The value is right but it counts more nodes: does it count one node per call, only once, stop as"
                " soon as the best value reaches β, and pass (−β, −max(α, best)) to each move?" if got[1] > expected[1]
                else
                "The value is right but it counts fewer nodes: count one node per call, finished boards included.")


FAIL_SOFT = Exercise(
    number=3, starter=function_starter(alphabeta_soft), code=(alphabeta_soft,), answer=lambda: alphabeta_soft,
    checker=FunctionCheck(
        None, _soft_cases, name="alphabeta_soft", args="board, alpha, beta, stats", call=_soft_call,
        describe=_soft_describe,
        label="the 153 unfinished 3×3 positions with five marks (up to symmetry) in the windows (-∞, ∞), [-1, 1],"
              " (-1, 0) and (0, 1) (values and node counts, against ttt.pruning.alphabeta(..., soft=True))",
        mistakes=[   # the slips that change the most come first: the first whose behaviour matches is named
            (lambda board, alpha, beta, stats: negamax(board, stats),
             "That is plain negamax: it never cuts off. Stop as soon as the best value reaches β.", "plain_negamax"),
            (lambda board, alpha, beta, stats: alphabeta(board, alpha, beta, soft=True),   # not the learner's stats
             "It counts no nodes: add `stats.nodes += 1` at the top, so that every call counts one node.",
             "no_node_count"),
            (_slip(start=lambda self, alpha: alpha),
             "`best` seems to start at α, as in fail-hard, so a node that fails low returns α: start it at -∞.",
             "best_starts_at_alpha"),
            (lambda board, alpha, beta, stats: alphabeta(board, alpha, beta, stats=stats),
             "That is what fail-hard returns: a value clipped to the window. (Clipping only the finished boards'"
             " values is enough to make the whole search fail-hard.) Return `best`, and a finished board's value as"
             " it is.", "fail_hard"),
            (_slip(cuts=lambda self, best, beta: best > beta),
             "This is the `>` bug: a value equal to β is already enough to cut off. Use `>=`.", "strict_cutoff"),
            (_slip(window=lambda self, alpha, beta, best: (-beta, -alpha)),
             "The window passed down never narrows: pass (−β, −max(α, best)), not (−β, −α).",
             "window_never_narrows"),
            (_slip(window=lambda self, alpha, beta, best: (-max(alpha, best), -beta)),
             "The child's window is the wrong way round: (−max(α, best), −β). Negate both ends and swap them.",
             "window_swapped"),
            (_slip(order=lambda board: board.legal_moves()[::-1]),
             "It tries the moves from the last cell to the first: the values agree, the cut-offs do not.",
             "moves_backwards"),
            (_slip(finished=lambda self, board, alpha, beta: -leaf_value(board)),
             "The sign is turned round: a finished board is worth −1 to the side to move when the other side won.",
             "sign_turned")]),
)


# 05.4 your own order
def my_order(board):
    """Legal moves, those that block the most lines the opponent could still complete first."""
    me = board.turn

    def blocked(cell):
        open_for_opponent = [line for line in board.geometry.lines
                             if cell in line and all(board.cells[i] != me for i in line)]
        return len(open_for_opponent)

    return sorted(board.legal_moves(), key=blocked, reverse=True)   # a stable sort: ties in cell order


def _counted(order) -> int:
    """The nodes alpha-beta visits from the empty board with [-1, 1] under ``order`` (a function, a name)."""
    stats = SearchStats()
    alphabeta(EMPTY, -1, 1, order=order, stats=stats)
    return stats.nodes


_order_nodes = cache(_counted)      # the named orders' counts, worked out once


def _lines_order(free_of, reverse=True):
    """A slip's order: by the lines through each cell with no mark of ``free_of(board)``."""
    def order(board):
        return sorted(board.legal_moves(), reverse=reverse, key=lambda cell: sum(
            cell in line and all(board.cells[i] != free_of(board) for i in line) for line in board.geometry.lines))
    return order


_own_lines_order = _lines_order(lambda board: other(board.turn))     # the side to move's own chances


def _describe_legality(board, expected, got):
    """What is wrong with ``got``, the moves an order returned, sorted."""
    legal = board.legal_moves()
    faults = {"missing": [cell for cell in legal if cell not in got],
              "not legal moves here": sorted({cell for cell in got if cell not in legal}),
              "more than once": sorted({cell for cell in got if got.count(cell) > 1})}
    note = {"missing": " (alpha-beta must be offered every legal move)"}
    return ("It must return each legal move exactly once, in any order.",
            "; ".join(f"{fault}: {cells}{note.get(fault, '')}" for fault, cells in faults.items() if cells))


_LEGAL_ORDER = FunctionCheck(   # all 4,520 positions took a right order 0.3 s: the 627 up to symmetry
    Board.legal_moves, lambda: [board for board in unfinished_positions() if canonical(board) == board],
    name="my_order", label="the 627 unfinished positions up to symmetry", describe=_describe_legality,
    normalize=sorted_cells)
_OFFERED = "my_order offers every legal move on the 627 unfinished positions up to symmetry"


def _offered(order):
    """The learner's order as alpha-beta calls it, each of the 810 positions asked once; illegal moves stop it."""
    @cache
    def moves(board):
        where = f"on this board ({describe_state(board)}), which alpha-beta meets from the empty board"
        got = order(board, where=where, show=(board,))
        moves = list(got) if hasattr(got, "__iter__") and not isinstance(got, (str, bytes, Board)) else got
        try:
            cells = sorted_cells(moves)
        except TypeError as error:
            stop(f"{where[:1].upper()}{where[1:]}, my_order returned {describe_value(got)}: {error}.", board,
                 mistake="wrong-type")
        if cells != board.legal_moves():
            stop(f"{_OFFERED}, but not {where}:", board, *_describe_legality(board, None, cells),
                 mistake="not_every_move")
        return moves
    return lambda board: list(moves(board))


def _judge_order(answer):
    # A judge: slips that pass every case (legal orders that beat static) are refused by behaviour alone
    legal = _LEGAL_ORDER.judge(answer)
    if not legal.ok:
        return legal
    order = Learner(answer, "my_order", slow="Alpha-beta asks my_order at every position it visits: are the moves"
                    " that block the most lines first?")
    choices = [board for board in unfinished_positions() if len(board.legal_moves()) >= 4]
    for slip, words, mistake in (
            (_own_lines_order, "the cells on the most lines free of the *opponent's* marks: the side to move's own"
             " chances. Count the lines with no mark of `board.turn`.", "own_lines"),
            (_lines_order(lambda board: board.turn, reverse=False), "the moves that block the *fewest* of the"
             " opponent's lines: `sorted` puts the smallest key first (add `reverse=True`).", "fewest_first")):
        if behaves_like(order, slip, my_order, choices, normalize=list):
            stop(f"my_order offers every legal move, but it puts first {words}", mistake=mistake)
    nodes, static, best = _counted(_offered(order)), _order_nodes("static"), _order_nodes("threats+static")
    if nodes >= static:
        same = [name for name in ORDERS if _order_nodes(name) == nodes]
        stop(f"{_OFFERED}, good. But with it alpha-beta with [−1, 1] visits {nodes:,} nodes from the empty board,"
             f" and the static order takes {static:,}: try moves that block the opponent's lines first.",
             f"That is exactly the {same[0]} order's count: does my_order change the order at all?" if same else None,
             mistake="not_better_than_static")
    better = (f" That beats threats+static ({best:,})!" if nodes < best else " As few as threats+static."
              if nodes == best else f" Threats+static takes {best:,}: can you get closer?")
    return right(f"{_OFFERED} and on every position alpha-beta meets, and alpha-beta with [−1, 1] visits"
                 f" {nodes:,} nodes from the empty board, fewer than the static order's {static:,}.{better}")


MY_ORDER = Exercise(
    number=4, starter=function_starter(my_order), code=(my_order,), answer=lambda: my_order,
    checker=CustomCheck(_judge_order, kind="function", instruction=untouched("my_order")),
    figures=lambda: dict(   # "urgent then blocking" is my_order sorted as the threats orders sort
        my_order_nodes=_counted(my_order), static_nodes=_order_nodes('static'), index_nodes=_order_nodes('index'),
        urgent_then_blocking_nodes=_counted(lambda board: threats_first(board, my_order(board))),
        threats_static_nodes=_order_nodes('threats+static')),
)


# 05.5 ★ perfect ordering
@cache
def best_first(board):
    """The solver's best moves first, in the order it gives them, then the other legal moves in cell order."""
    best = list(solve(board).best_moves)
    return best + [cell for cell in board.legal_moves() if cell not in best]


@cache
def worst_first(board):
    """Every legal move, from the worst to the best for the side to move; ties in cell order."""
    return sorted(board.legal_moves(), key=lambda cell: -solve(board.play(cell)).value)


def best_and_worst():
    """The nodes alpha-beta visits from the empty board with [-1, 1] under the two cheating orders."""
    counts = []
    for order in (best_first, worst_first):
        stats = SearchStats()
        assert alphabeta(EMPTY, -1, 1, order=order, stats=stats) == 0
        counts.append(stats.nodes)
    return tuple(counts)


PERFECT = Exercise(
    number=5, starter=answer_starter("(nodes with the best moves first, nodes with the worst moves first)"),
    code=(best_first, worst_first, best_and_worst), answer=best_and_worst,
    figures=lambda: dict(   # quickest first: by the solver's depth-aware score, a quick win before a slow one
        best=best_and_worst()[0], worst=best_and_worst()[1], threats_static_nodes=_order_nodes('threats+static'),
        quickest_first_nodes=_counted(lambda board: sorted(board.legal_moves(),
                                                           key=lambda cell: -move_scores(board)[cell]))),
    checker=NumbersCheck(
        {"best first": 2_312, "worst first": 197_668},
        mistakes={"best first": {880: ("That counts the best moves only: offer the other legal moves after them.",
                                       "best_moves_only"),
                                 1_942: ("That is threats+static's count, not the solver's order.", "threats_static")},
                  "worst first": {198_837: ("That is with the window (−∞, ∞); use [−1, 1].", "full_window"),
                                  2_312: ("That is the best-first count: the value after a move is the opponent's,"
                                          " so negate it before sorting.", "not_negated")}},
        slips={(197_668, 2_312): ("The two counts are the other way round: (best first, worst first).", "swapped")},
        explain="Best first is not the fewest: the solver's best moves are tied, and threats+static picks"
                " cheaper ones among them. Worst first still prunes, because ties are everywhere."),
)


# 05.6 ★ beyond the window
def beyond_the_window(trace):
    """The moves to every node of a fail-soft trace whose value lies outside its window, shallowest first."""
    found, level = [], [((), trace)]
    while level:
        for path, node in level:
            if node.value < node.alpha or node.value > node.beta:
                found.append(list(path))
        level = [(path + (child.move,), child) for path, node in level for child in node.children]
    return found


def _read_path(answer, what="a list of moves") -> list[int]:
    """A path of moves as a list of ints; ValueError saying what is wrong with it otherwise."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise ValueError(f"Give {what} from the explorer's position, such as [1, 5], not {describe_value(answer)}.")
    moves = list(answer)     # read once: it may be an iterator
    for move in moves:
        if not isinstance(move, numbers.Integral) or isinstance(move, bool):
            raise ValueError(f"Give {what} as whole numbers (cells), such as [1, 5]; this one holds"
                             f" {describe_value(move)}.")
    return [int(move) for move in moves]


def _find(trace, path):
    """The node of ``trace`` reached by ``path``; ValueError naming the step not searched otherwise."""
    node = trace
    for depth, move in enumerate(path):
        if move not in [child.move for child in node.children]:
            where = _at(path[:depth])
            said = f"move {move} was pruned: the search never went there" if move in node.pruned else \
                f"{move} is not a legal move"
            raise ValueError(f"{where[0].upper()}{where[1:]}, {said}.")
        node = node.child(move)
    return node


@cache
def _trace(soft=False):
    """The explorer's first search, window [-1, 1], fail-hard or fail-soft (a trace is frozen: kept)."""
    return trace_alphabeta(EXPLORER_POSITION, -1, 1, soft=soft)


def _why_hard_edge(path) -> str:
    soft, hard = _trace(soft=True).follow(path), _trace().follow(path)
    me, edge = soft.board.turn, format_value(hard.value)
    if soft.is_leaf:
        return (f"This is a finished game, worth {format_value(soft.value)} to {me}; fail-hard clips a leaf to the"
                f" window {format_window(soft.alpha, soft.beta)}, so it returns {edge}.")
    gives = "; ".join(f"move {child.move} is worth {signed(-child.value)}" for child in soft.children)
    why = (f"The last one reaches β = {format_value(soft.beta)}, so the search stops, and fail-soft returns what it"
           f" saw, {signed(soft.value)}. Fail-hard never returns more than β: it returns {edge}, read as \"at least"
           f" {edge}\"" if soft.value > soft.beta else f"None beats α = {format_value(soft.alpha)}, so every move is"
           f" searched, and fail-soft returns the best of them, {signed(soft.value)}. Fail-hard starts its best value"
           f" at α and never returns less: it returns {edge}, read as \"at most {edge}\"")
    return f"The moves {me} searched, as fail-soft reports them: {gives}. {why}."


BEYOND = Exercise(
    number=6, starter=answer_starter("the moves from O.O/X../..X to your node, such as [1, 5]"),
    code=(beyond_the_window,), answer=lambda: beyond_the_window(_trace(soft=True))[0],
    figures=lambda: dict(first_beyond=beyond_the_window(_trace(soft=True))[0],
                         why_hard_edge=_why_hard_edge(beyond_the_window(_trace(soft=True))[0])),
    checker=PositionCheck(
        lambda found: not found[1].alpha <= found[1].value <= found[1].beta,
        lambda found: (f"At {_node_at(found[0])}, fail-soft returns {format_value(found[1].value)}, inside its window"
                       f" {format_window(found[1].alpha, found[1].beta)} (the ends included): fail-hard returns the"
                       " same there.", found[1].board, "Look deeper, where the window is narrow, for a value below α"
                       " or above β."),
        parse=lambda answer: (path := _read_path(answer), _find(_trace(soft=True), path)),
        success=lambda found: (f"{_at(found[0])}, fail-soft returns {signed(found[1].value)}, outside the window"
                               f" {format_window(found[1].alpha, found[1].beta)}.", _why_hard_edge(found[0])),
        instruction="replace None with the moves that lead to your node, such as [1, 5], then run the cell again."),
)


# 05.7 a cut-off at a draw
def draw_cutoffs(hard, soft):
    """Moves to every node where the fail-hard search ``hard`` cut off with a move worth exactly a draw.

    Fail-hard clips values, so a win can show as "≥ 0": the true worth of the
    cutting move is read from the same node of the fail-soft search ``soft``.
    """
    found = []

    def visit(node, twin, path):
        if node.cutoff and -twin.children[-1].value == 0:
            found.append(path)
        for child, twin_child in zip(node.children, twin.children):
            visit(child, twin_child, path + [child.move])

    visit(hard, soft, [])
    return found


def a_draw_cutoff():
    """The other draw cut-off of the explorer's search, and the position whose value set its β."""
    hard = trace_alphabeta(EXPLORER_POSITION, -1, 1)
    soft = trace_alphabeta(EXPLORER_POSITION, -1, 1, soft=True)
    (node,) = [path for path in draw_cutoffs(hard, soft) if path != [1, 5]]
    parent = hard.follow(node[:-1])           # X 1: O to move, searched 4 first, worth a draw to O
    first = parent.children[0]
    assert -first.value == 0 == -hard.follow(node).beta
    return node, node[:-1] + [first.move]


def _beta_source(trace, path):
    """The moves to where the β at ``path`` was set: the parent's first move that raised α, or further up (None)."""
    for depth in range(len(path), 0, -2):
        parent = trace.follow(path[:depth - 1])
        beta = parent.child(path[depth - 1]).beta
        if -beta != parent.alpha:
            first = next(child for child in parent.children if child.value == beta)
            return path[:depth - 1] + [first.move]
    return None


def _node_and_source(answer):
    """(the node's path, its node in the fail-hard trace, the source's path), or ValueError."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or isinstance(answer[0], numbers.Integral):
        raise ValueError(f"Give two lists of moves, `(node, source)`, such as ([1, 5], [1, 4]); not"
                         f" {describe_value(answer)}.")
    if all(part is None for part in answer):
        raise Stop(unanswered(DRAW_CUTOFF.checker.instruction))   # the starter's (None, None)
    path = _read_path(answer[0], "the node as a list of moves")
    return path, _find(_trace(), path), _read_path(answer[1], "the source as a list of moves")


def _draw_worth(path, node) -> int:
    """What the move that cut off at ``node`` is worth to the side to move, read from the fail-soft search."""
    return -_trace(soft=True).follow(path + [node.children[-1].move]).value


def _explain_draw_cutoff(found):
    path, node, source = found
    if path == [1, 5]:
        return f"The node {_at(path)} is the text's example: find the other one."
    if node.is_leaf:
        return f"{_node_at(path)[:1].upper()}{_node_at(path)[1:]} is a finished game: no move is tried there, so" \
            " nothing is cut off.", node.board
    if not node.cutoff:
        return f"The search does not cut off at {_node_at(path)}: it tries every move there.", node.board
    me, cut, worth = node.board.turn, node.children[-1], _draw_worth(path, node)
    if worth != 0:
        shown = (f" Fail-hard shows it as \"≥ {format_value(-cut.value)}\" only because it clips the value to"
                 f" β = {format_value(node.beta)}." if worth != -cut.value else "")
        return (f"At {_node_at(path)} the cut-off comes from {me}'s move {cut.move}, which is worth {signed(worth)}"
                f" to {me}: a cut-off at a win, not at a draw.{shown} Look for a move worth exactly 0.", node.board)
    try:
        _find(_trace(), source)
        position = f"the position {_at(source)}" if source else "the explorer's position itself"
        said = f"{position} is not where that β came from"
    except ValueError as error:
        said = f"{source} is not a path of the search ({str(error)[0].lower()}{str(error)[1:-1]})"
    return (f"Right node: {_at(path)}, {me}'s move {cut.move} is worth a draw and reaches"
            f" β = {format_value(node.beta)}. But {said}.", "β at a node is −α of its parent when the node is"
            " searched: look at the moves the parent searched before it (or, if none raised α, further up).")


def _draw_cutoff_success(found):
    path, node, source = found
    me, holder = node.board.turn, _trace().follow(source[:-1]).board.turn
    return (f"{_at(path)}, {me}'s move {node.children[-1].move} is worth a draw and reaches β ="
            f" {format_value(node.beta)}: a cut-off at a draw. The β came from the position {_at(source)}, worth a"
            f" draw: with it {holder} had made sure that {other(holder)} gets no more, so this node cannot matter.")


DRAW_CUTOFF = Exercise(
    number=7, code=(draw_cutoffs, a_draw_cutoff), figures=lambda: dict(a_draw_cutoff=a_draw_cutoff()),
    starter=answer_starter("(moves to the node, moves to the position that set its β), e.g. ([1, 5], [1, 4])"),
    answer=a_draw_cutoff,
    checker=PositionCheck(   # not the text's example, a cut-off at a draw, and the source of its β
        lambda found: found[0] != [1, 5] and found[1].cutoff and _draw_worth(*found[:2]) == 0
        and found[2] == _beta_source(_trace(), found[0]),
        _explain_draw_cutoff, success=_draw_cutoff_success, parse=_node_and_source,
        instruction="replace None with (the moves to your node, the moves to the position that set its β), then run"
                    " the cell again."),
)


EXERCISES = [LAZY_INFIMUM, STOP_AT_DRAW, FAIL_SOFT, MY_ORDER, PERFECT, BEYOND, DRAW_CUTOFF]

"""Notebook 05 (pruning): its exercises' worked solutions, checks and starters; the words are in nb05.md.

The solution functions are what ``.solution()`` shows (their real source) and
what ``verify_all`` runs through the checks, so they use only what notebook 05
has shown.  The references the checks compare with come from the package
(``ttt.pruning.alphabeta``, ``ttt.solver``, ``ttt.trace``), not from the
solutions.  The private searches only name the mistake behind a wrong answer (the slips
of 05.3, each the package's :class:`ttt.pruning.FailSoft` with one step
changed), or test the property a position must have (``_stops_at_draws``).
"""

from __future__ import annotations

import numbers
from functools import cache
from itertools import product
from math import inf

from ttt.board import Board, other
from ttt.exercises.calls import Learner, Stop, stop, untouched
from ttt.exercises.checks import (
    Case,
    CustomCheck,
    FunctionCheck,
    NumbersCheck,
    PositionCheck,
    behaves_like,
    same_number,
)
from ttt.exercises.verdicts import describe_state, describe_value, right, unanswered, wrong
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


def _is_value(got) -> bool:
    return isinstance(got, numbers.Real) and not isinstance(got, bool)


def _at(path) -> str:
    """ "after X 1, O 5" (X moves first in the explorer's position), or "in the explorer's position"."""
    return f"after {moves_text(path)}" if path else "in the explorer's position"


def _node_at(path) -> str:
    """ "the node after X 1, O 5", or "the root (the explorer's position)"."""
    return f"the node {_at(path)}" if path else "the root (the explorer's position)"


# ====================================================================== 05.1 lazy infimum


def lazy_infimum(values):
    """The smallest of values, read lazily: stop at the first -1, the lowest value there is."""
    best = None
    for value in values:
        if value == -1:
            return value           # nothing can be lower: the values after it are never read
        if best is None or value < best:
            best = value
    return best


def _recorded(values, read):
    """``values`` as a generator that notes in ``read`` every value it hands out."""
    for value in values:
        read.append(value)
        yield value


_GENERATOR_NOTE = ("(The values come from a generator, as in `noisy`: it can be read once, front to back,"
                   " and has no len() and no indexing.)")


def _judge_infimum(answer):
    infimum = Learner(answer, "lazy_infimum", args="values")
    # every sequence of one to five values, the short ones first; -1 comes last in each place, so the
    # first sequence with something to read after a -1 is the readable (-1, 0)
    sequences = [values for length in range(1, 6) for values in product((0, 1, -1), repeat=length)]
    for values in sequences:
        shown, read = list(values), []
        got = infimum(_recorded(values, read), where=f"on the values {shown}", note=_GENERATOR_NOTE)
        should_read = shown[: shown.index(-1) + 1] if -1 in shown else shown
        if not _is_value(got) or got != min(values):
            why = None
            if got is None:
                why = "lazy_infimum returned None: is a `return` missing?"
            elif _is_value(got) and got == max(values):
                why = "That is the largest value: is a comparison the wrong way round?"
            elif got == 0 and -1 in shown:
                why = "It stopped at a 0, but a -1 may still come: only -1, the lowest value, ends the search."
            stop(f"On the values {shown} lazy_infimum returned {describe_value(got)}; the smallest is {min(values)}.",
                 why)
        if len(read) > len(should_read):
            stop(f"On the values {shown} lazy_infimum returns {got}, the right value, but:",
                 f"It read past the first -1: {read}. Nothing after a -1 can be lower, so it should read only"
                 f" {should_read}. (`min(values)`, or `list(values)`, reads everything.)")
        if len(read) < len(should_read):
            stop(f"On the values {shown} lazy_infimum returns {got}, the right value, but:",
                 f"It read only {read}, but the smallest value is not known until {should_read} has been read."
                 + (" It stopped at a 0, but a -1 may still come: only -1, the lowest value, ends the search."
                    if read and read[-1] == 0 else ""))
    return right("lazy_infimum returns the smallest value, reading up to the first -1 and no further,"
                 f" on all {len(sequences)} sequences of one to five values from -1, 0 and +1.")


LAZY_INFIMUM = Exercise(
    number=1,
    starter=function_starter(lazy_infimum),
    code=(lazy_infimum,),
    checker=CustomCheck(_judge_infimum, kind="function", instruction=untouched("lazy_infimum")),
    answer=lambda: lazy_infimum,
)


# ====================================================================== 05.2 why not stop at a draw?


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
    """The search of the exercise, memoised (the reference is negamax, from the package)."""
    if board.is_over:
        return leaf_value(board)
    best = -1
    for cell in board.legal_moves():
        value = -_stops_at_draws(board.play(cell))
        if value >= 0:
            return value
        best = max(best, value)
    return best


def _is_3x3(board: Board) -> bool:
    return (board.rows, board.cols, board.k) == (3, 3, 3)


def _draw_hides_a_win(board: Board) -> bool:
    return _is_3x3(board) and not board.is_over and _stops_at_draws(board) != solve(board).value


def _move_values(board: Board) -> str:
    worth = {1: "win", 0: "draw", -1: "loss"}
    return ", ".join(f"{cell}: {worth[-solve(board.play(cell)).value]}" for cell in board.legal_moves())


def _explain_draw(board: Board):
    if not _is_3x3(board):
        return "Give a position on the 3×3 board."
    if board.is_over:
        return "That game is over, so there is nothing to search: give a position where play goes on."
    return (
        f"Here stopping at the first draw gives {signed(_stops_at_draws(board))}, which is the true value:"
        f" no win is missed. The moves of {board.turn}, in the order tried, are worth: {_move_values(board)}."
        " Look for a position where the side to move can win, but an earlier move only draws."
        + (f" (Here {board.turn} cannot win at all.)" if solve(board).value < 1 else ""),
        board,
    )


def _success_draw(board: Board):
    return (
        f"stopping at the first draw gives {signed(_stops_at_draws(board))} here, but the true value is"
        f" {signed(solve(board).value)}. {board.turn}'s moves, in the order tried, are worth:"
        f" {_move_values(board)}."
    )


STOP_AT_DRAW = Exercise(
    number=2,
    starter=answer_starter('a position, such as "XX./OO./..."'),
    code=(stop_at_draw, a_draw_hides_a_win),
    checker=PositionCheck(_draw_hides_a_win, _explain_draw, success=_success_draw),
    answer=a_draw_hides_a_win,
)


# ====================================================================== 05.3 fail-soft by hand


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


WINDOWS = ((-inf, inf), (-1, 1), (-1, 0), (0, 1))


def _slip(order="index", **steps):
    """The package's fail-soft alpha-beta (:class:`ttt.pruning.FailSoft`) with the given steps changed, called as
    the learner's function is, ``(board, alpha, beta, stats)``: each slip below is one step written wrong."""
    kind = type("Slip", (FailSoft,), steps)
    return lambda board, alpha, beta, stats: kind(order, stats).search(board, alpha, beta)


_SOFT_MISTAKES = (    # the slips that change the most come first: the first whose behaviour matches is named
    (lambda board, alpha, beta, stats: negamax(board, stats),
     "That is plain negamax: it never cuts off. Stop as soon as the best value reaches β.", "plain_negamax"),
    (lambda board, alpha, beta, stats: alphabeta(board, alpha, beta, soft=True),   # its own stats, not the learner's
     "It counts no nodes: add `stats.nodes += 1` at the top of the function, so that every call counts one node.",
     "no_node_count"),
    (_slip(start=lambda self, alpha: alpha),
     "`best` seems to start at α, as in fail-hard: when every move fails low the search returns α instead of the"
     " best value it saw below α. Fail-soft starts `best` at -∞.", "best_starts_at_alpha"),
    (lambda board, alpha, beta, stats: alphabeta(board, alpha, beta, stats=stats),
     "That is what fail-hard returns: a value clipped to the window. (Clipping only the finished boards'"
     " values is enough to make the whole search fail-hard.) Fail-soft returns the best value it actually"
     " saw, even when it lies beyond (α, β): return `best`, not β, and a finished board's value as it is.",
     "fail_hard"),
    (_slip(cuts=lambda self, best, beta: best > beta),
     "This is the `>` bug: the search cuts off only when a value passes β, not when it reaches it. Use"
     " `>=`: a value equal to β is already enough for the opponent to avoid this position.", "strict_cutoff"),
    (_slip(window=lambda self, alpha, beta, best: (-beta, -alpha)),
     "The window passed down never narrows: each move is searched with (−β, −α) for the α the node started"
     " with. Pass the best value found so far: (−β, −max(α, best)).", "window_never_narrows"),
    (_slip(window=lambda self, alpha, beta, best: (-max(alpha, best), -beta)),
     "The child's window is the wrong way round: (−max(α, best), −β) puts the lower end above the upper one."
     " The child is searched with (−β, −max(α, best)): negate both ends and swap them.", "window_swapped"),
    (_slip(order=lambda board: board.legal_moves()[::-1]),
     "It tries the moves from the last cell to the first: the values agree, but the cut-offs come elsewhere."
     " Try them in cell order, `board.legal_moves()` as it is, as the package does.", "moves_backwards"),
    (_slip(finished=lambda self, board, alpha, beta: -leaf_value(board)),
     "The sign is turned round: a finished board where the player who just moved won is worth −1 to the side"
     " to move.", "sign_turned"),
)


class _Searched(tuple):
    """(value, nodes) of one search, shown as "value 0, 123 nodes"."""

    def __repr__(self):
        value = format_value(self[0]) if _is_value(self[0]) else repr(self[0])   # a learner's None, or text
        return f"value {value}, {plural(self[1], 'node')}"


def _soft_call(search, board, alpha, beta):
    stats = SearchStats()
    value = search(board, alpha, beta, stats)
    return _Searched((value, stats.nodes))


def _soft_cases():
    """The 153 unfinished positions with five marks up to symmetry (O to move, four empty cells), in every window
    of WINDOWS: every slip of _SOFT_MISTAKES shows there, and a right answer searches them in well under 0.1 s.

    Those with three marks or more and the empty board (18,297 nodes) took 0.8 s, so an answer three times
    slower than ours ran out of budget; those with five or more, 0.2 s.
    """
    positions = [board for board in unfinished_positions() if canonical(board) == board and board.moves_made == 5]
    for board, (alpha, beta) in [(board, window) for board in positions for window in WINDOWS]:
        where = f"on this board ({describe_state(board)}), window {format_window(alpha, beta)}"
        stats = SearchStats()
        value = alphabeta(board, alpha, beta, soft=True, stats=stats)
        yield Case((board, alpha, beta), _Searched((value, stats.nodes)), where, (board,))


def _soft_describe(board, alpha, beta, expected, got):
    """Words for a (value, nodes) pair that no slip explains (``_soft_call`` always makes the pair)."""
    if got[0] == expected[0]:
        if got[1] > expected[1]:
            return ("The value is right but it searches more than it needs: does it stop as soon as the best"
                    " value reaches β, and pass (−β, −max(α, best)) to each move?")
        return "The value is right but it counts fewer nodes: count one node per call, finished boards included."
    if got[0] is None:
        return "alphabeta_soft returned None: is a `return` missing?"
    return None


FAIL_SOFT = Exercise(
    number=3,
    starter=function_starter(alphabeta_soft),
    code=(alphabeta_soft,),
    checker=FunctionCheck(
        None, _soft_cases, name="alphabeta_soft", args="board, alpha, beta, stats", call=_soft_call,
        mistakes=_SOFT_MISTAKES, describe=_soft_describe,
        label="the 153 unfinished 3×3 positions with five marks (up to symmetry) in the windows"
              " (-∞, ∞), [-1, 1], (-1, 0) and (0, 1) (values and node counts, against"
              " ttt.pruning.alphabeta(..., soft=True))",
    ),
    answer=lambda: alphabeta_soft,
)


# ====================================================================== 05.4 your own order


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


def _own_lines_order(board):
    """The slip: the lines free of the *opponent's* marks, the side to move's own chances, counted instead."""
    def own_lines(cell):
        return sum(1 for line in board.geometry.lines
                   if cell in line and all(board.cells[i] != other(board.turn) for i in line))

    return sorted(board.legal_moves(), key=own_lines, reverse=True)


def _fewest_first(board):
    """The slip: the moves that block the *fewest* of the opponent's lines first (the sort without
    ``reverse=True``); alpha-beta then visits 28,430 nodes, and a slow learner's order runs out of time."""
    def blocked(cell):
        return sum(1 for line in board.geometry.lines
                   if cell in line and all(board.cells[i] != board.turn for i in line))

    return sorted(board.legal_moves(), key=blocked)


def _as_moves(got) -> list:
    """What an order returned, as a list in its order; TypeError when it is not a collection of moves."""
    if isinstance(got, (str, bytes, Board)) or not hasattr(got, "__iter__"):
        raise TypeError("not a list of moves")
    return list(got)


def _moves_list(got) -> list:
    return sorted(_as_moves(got), key=repr)


def _describe_legality(board, expected, got):
    legal = board.legal_moves()
    missing = [cell for cell in legal if cell not in got]
    extra = sorted({cell for cell in got if cell not in legal}, key=repr)
    twice = sorted({cell for cell in got if got.count(cell) > 1}, key=repr)
    return ("It must return each legal move exactly once, in any order.",
            "; ".join([f"missing: {missing} (alpha-beta must be offered every legal move)"] * bool(missing)
                      + [f"not legal moves here: {extra}"] * bool(extra) + [f"more than once: {twice}"] * bool(twice)))


def _canonical_unfinished() -> list[Board]:
    """The 627 unfinished positions up to symmetry, fullest first: all 4,520 took a right order 0.3 s."""
    return [board for board in unfinished_positions() if canonical(board) == board]


_LEGAL_ORDER = FunctionCheck(
    lambda board: sorted(board.legal_moves(), key=repr), _canonical_unfinished, name="my_order",
    label="the 627 unfinished positions up to symmetry", normalize=_moves_list, describe=_describe_legality,
)

_ORDER_SLOW = ("Alpha-beta asks my_order at every position it visits, so an order that tries weak moves first"
               " makes it visit tens of thousands: are the moves that block the most lines first?")

_OFFERED = "my_order offers every legal move on the 627 unfinished positions up to symmetry"


def _offered(order):
    """The learner's order as alpha-beta calls it while counting: on every position it meets, the moves must
    be every legal move once (the legality check saw only the positions up to symmetry), or the check stops.

    Each position is asked once: the count meets 810 positions 3,258 times, and every call of the learner's
    code costs the budget's timer as much as a short order itself.
    """
    asked = {}

    def moves(board):
        if board in asked:
            return list(asked[board])
        where = f"on this board ({describe_state(board)})"
        got = order(board, where=where, show=(board,))
        try:
            cells = _as_moves(got)
        except TypeError:
            stop(f"On this board ({describe_state(board)}), which alpha-beta meets from the empty board, my_order"
                 f" returned {describe_value(got)}: not a list of moves.", board, mistake="wrong-type")
        if sorted(cells, key=repr) != sorted(board.legal_moves(), key=repr):
            stop(f"{_OFFERED}, but not on this board ({describe_state(board)}), which alpha-beta meets from the"
                 " empty board:", board, *_describe_legality(board, None, cells), mistake="not_every_move")
        asked[board] = cells
        return list(cells)

    return moves


def _judge_order(answer):
    legal = _LEGAL_ORDER.judge(answer)
    if not legal.ok:
        return legal
    order = Learner(answer, "my_order", slow=_ORDER_SLOW)
    choices = [board for board in unfinished_positions() if len(board.legal_moves()) >= 4]
    if behaves_like(order, _own_lines_order, my_order, choices, normalize=list):
        stop("my_order offers every legal move, but it puts first the cells on the most lines free of the"
             " *opponent's* marks: the side to move's own chances. The exercise counts the lines the opponent"
             " could still complete: those with no mark of `board.turn`.", mistake="own_lines")
    if behaves_like(order, _fewest_first, my_order, choices, normalize=list):
        stop("my_order offers every legal move, but it puts first the moves that block the *fewest* of the"
             " opponent's lines: `sorted` puts the smallest key first. Reverse the order"
             " (`reverse=True`), so that the moves that block the most come first.", mistake="fewest_first")
    nodes = _counted(_offered(order))
    static, best = _order_nodes("static"), _order_nodes("threats+static")
    if nodes >= static:
        same = [name for name in ORDERS if _order_nodes(name) == nodes]
        counts = ", ".join(f"{name} {_order_nodes(name):,}" for name in ORDERS)
        stop(f"{_OFFERED}, good. But with it alpha-beta with [−1, 1] visits {nodes:,} nodes from the empty board,"
             f" and the static order takes {static:,}: try moves that block the opponent's lines first.",
             f"That is exactly the {same[0]} order's count: does my_order change the order at all?" if same else None,
             f"(For comparison, with [−1, 1]: {counts}.)", mistake="not_better_than_static")
    better = (f" That beats threats+static ({best:,})!" if nodes < best else " As few as threats+static."
              if nodes == best else f" Threats+static takes {best:,}: can you get closer?")
    return right(f"{_OFFERED} and on every position alpha-beta meets, and alpha-beta with [−1, 1] visits"
                 f" {nodes:,} nodes from the empty board, fewer than the static order's {static:,}.{better}")


def _order_figures() -> dict:
    """The explanation's counts; "urgent then blocking" is my_order sorted as the threats orders sort."""
    return dict(
        my_order_nodes=_counted(my_order), static_nodes=_order_nodes('static'),
        index_nodes=_order_nodes('index'),
        urgent_then_blocking_nodes=_counted(lambda board: threats_first(board, my_order(board))),
        threats_static_nodes=_order_nodes('threats+static'),
    )


MY_ORDER = Exercise(
    number=4,
    starter=function_starter(my_order),
    figures=_order_figures,
    code=(my_order,),
    checker=CustomCheck(_judge_order, kind="function", instruction=untouched("my_order")),
    answer=lambda: my_order,
)


# ====================================================================== 05.5 ★ perfect ordering


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


@cache
def _quickest_first(board):
    """Legal moves by the solver's depth-aware score, best first: a quick win before a slow one."""
    scores = move_scores(board)
    return sorted(board.legal_moves(), key=lambda cell: -scores[cell])


def _perfect_figures() -> dict:
    best, worst = best_and_worst()
    return dict(
        best=best, worst=worst, threats_static_nodes=_order_nodes('threats+static'),
        quickest_first_nodes=_counted(_quickest_first),
    )


_PERFECT_NAMES = ("best first", "worst first")

_PERFECT_SLIPS = {   # {number: {wrong value: (the slip's id, its words)}}: the slip that gives one wrong number
    "best first": {
        880: ("best_moves_only",
              "That counts the best moves only: an order must offer every legal move, the others after them."),
        1_942: ("threats_static", "That is threats+static's count, not the solver's order."),
    },
    "worst first": {
        198_837: ("full_window", "That is with the window (−∞, ∞); use [−1, 1]."),
        2_312: ("not_negated", "That is the best-first count: the solver's value of the position after a move is"
                               " for the opponent, so negate it before sorting."),
    },
}

_PAIR_SLIPS = {      # {(best first, worst first): (id, words)}: a slip that gives the pair, named alone
    (197_668, 2_312): ("swapped", "The two counts are the other way round: give them in the order the prompt"
                                  " names them, (best first, worst first)."),
}

_PERFECT_NUMBERS = NumbersCheck(
    {"best first": 2_312, "worst first": 197_668},
    mistakes={name: {value: words for value, (_, words) in slips.items()} for name, slips in _PERFECT_SLIPS.items()},
    explain="Best first is not the fewest: the solver's best moves are tied, and threats+static picks"
            " cheaper ones among them. Worst first still prunes, because ties are everywhere.",
)


def _judge_perfect(answer):
    """The two counts, each wrong one named by its slip (and the verdict by the first slip's id); a pair that
    a slip gives as a whole, such as the two counts swapped, is named alone."""
    found = _PERFECT_NUMBERS.judge(answer)
    if found.ok or found.status != "wrong":
        return found
    values = [answer.get(name) for name in _PERFECT_NAMES] if isinstance(answer, dict) else answer
    if isinstance(values, (tuple, list)) and len(values) == 2 and all(map(_is_value, values)):
        for pair, (slip, words) in _PAIR_SLIPS.items():
            if all(map(same_number, values, pair)):
                return wrong(words, mistake=slip)
        for name, value in zip(_PERFECT_NAMES, values):
            for wrong_value, (slip, _) in _PERFECT_SLIPS[name].items():
                if same_number(value, wrong_value):
                    return wrong(*found.parts, mistake=slip)
    return found


PERFECT = Exercise(
    number=5,
    starter=answer_starter("(nodes with the best moves first, nodes with the worst moves first)"),
    figures=_perfect_figures,
    code=(best_first, worst_first, best_and_worst),
    checker=CustomCheck(_judge_perfect, kind="number", instruction=_PERFECT_NUMBERS.instruction),
    answer=best_and_worst,
)


# ====================================================================== 05.6 ★ beyond the window


def beyond_the_window(trace):
    """The moves to every node of a fail-soft trace whose value lies outside its window, shallowest first."""
    found, level = [], [((), trace)]
    while level:
        for path, node in level:
            if node.value < node.alpha or node.value > node.beta:
                found.append(list(path))
        level = [(path + (child.move,), child) for path, node in level for child in node.children]
    return found


def _read_path(answer, what="a list of moves"):
    """A path of moves as a list of ints; the check stops saying what is wrong with it otherwise."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        stop(f"Give {what} from the explorer's position, such as [1, 5], not {describe_value(answer)}.")
    moves = list(answer)
    for move in moves:
        if not isinstance(move, numbers.Integral) or isinstance(move, bool):
            stop(f"Give {what} as whole numbers (cells), such as [1, 5]; this one holds"
                 f" {describe_value(move)}.")
    return [int(move) for move in moves]


def _find(trace, path):
    """The node of ``trace`` reached by ``path``; otherwise the check stops, naming the step not searched."""
    node = trace
    for depth, move in enumerate(path):
        try:
            node = node.child(move)
        except KeyError:
            where = _at(path[:depth])
            where = where[0].upper() + where[1:]
            if move in node.pruned:
                stop(f"{where}, move {move} was pruned: the search never went there.")
            stop(f"{where}, {move} is not a legal move.")
    return node


@cache
def _trace(soft=False):
    """The explorer's first search, window [-1, 1], fail-hard or fail-soft (a trace is frozen: kept)."""
    return trace_alphabeta(EXPLORER_POSITION, -1, 1, soft=soft)


def _why_hard_edge(path) -> str:
    soft, hard = _trace(soft=True).follow(path), _trace().follow(path)
    me = soft.board.turn
    window = format_window(soft.alpha, soft.beta)
    if soft.is_leaf:
        return (f"This is a finished game, worth {format_value(soft.value)} to {me}; fail-hard clips a leaf to the"
                f" window {window}, so it returns {format_value(hard.value)}.")
    gives = "; ".join(f"move {child.move} is worth {signed(-child.value)}" for child in soft.children)
    if soft.value > soft.beta:
        return (f"The moves {me} searched, as fail-soft reports them: {gives}. The last one reaches"
                f" β = {format_value(soft.beta)}, so the search stops, and fail-soft returns what it saw,"
                f" {signed(soft.value)}. Fail-hard never returns more than β: it returns"
                f" {format_value(hard.value)}, read as \"at least {format_value(hard.value)}\".")
    return (f"The moves {me} searched, as fail-soft reports them: {gives}. None beats α = {format_value(soft.alpha)},"
            f" so every move is searched, and fail-soft returns the best of them, {signed(soft.value)}."
            f" Fail-hard starts its best value at α and never returns less: it returns {format_value(hard.value)},"
            f" read as \"at most {format_value(hard.value)}\".")


_BEYOND_TODO = "replace None with the moves that lead to your node, such as [1, 5], then run the cell again."


def _judge_beyond(answer):
    path = _read_path(answer)
    node = _find(_trace(soft=True), path)
    window = format_window(node.alpha, node.beta)
    if node.alpha <= node.value <= node.beta:
        return wrong(
            f"At {_node_at(path)}, fail-soft returns {format_value(node.value)}, inside its window {window}"
            " (the ends included): fail-hard returns the same there.",
            node.board,
            "Look deeper, where the window is narrow, for a value below α or above β.",
        )
    return right(
        f"{_at(path)}, fail-soft returns {signed(node.value)}, outside the window {window}.",
        _why_hard_edge(path),
    )


BEYOND = Exercise(
    number=6,
    starter=answer_starter("the moves from O.O/X../..X to your node, such as [1, 5]"),
    figures=lambda: dict(
        first_beyond=beyond_the_window(_trace(soft=True))[0],
        why_hard_edge=_why_hard_edge(beyond_the_window(_trace(soft=True))[0]),
    ),
    code=(beyond_the_window,),
    checker=CustomCheck(_judge_beyond, kind="position", instruction=_BEYOND_TODO),
    answer=lambda: beyond_the_window(_trace(soft=True))[0],
)


# ====================================================================== 05.7 a cut-off at a draw


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
    """Where the β of the node at ``path`` came from: the moves to the searched position whose value set it.

    β at a node is −α of its parent when the node was searched.  If that is
    not the α the parent arrived with, one of the parent's earlier moves
    raised it: the first whose value reached −β.  Otherwise it was inherited,
    −β of the grandparent, and so on up.  None if it goes back to the root's
    own window.
    """
    for depth in range(len(path), 0, -2):
        parent = trace.follow(path[:depth - 1])
        beta = parent.child(path[depth - 1]).beta
        if -beta != parent.alpha:
            first = next(child for child in parent.children if child.value == beta)
            return path[:depth - 1] + [first.move]
    return None


_DRAW_TODO = ("replace None with (the moves to your node, the moves to the position that set its β), then run the"
              " cell again.")


def _judge_draw_cutoff(answer):
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or isinstance(answer[0], numbers.Integral):
        return wrong(f"Give two lists of moves, `(node, source)`, such as ([1, 5], [1, 4]); not"
                     f" {describe_value(answer)}.")
    if all(part is None for part in answer):
        return unanswered(_DRAW_TODO)
    hard = _trace()
    path = _read_path(answer[0], "the node as a list of moves")
    node = _find(hard, path)
    where = _at(path)
    me = node.board.turn
    if path == [1, 5]:
        return wrong(f"The node {where} is the text's example: find the other one.")
    if not node.cutoff:
        return wrong(f"The search does not cut off at {_node_at(path)}: it tries every move there.", node.board)
    cut = node.children[-1]
    worth = -_trace(soft=True).follow(path + [cut.move]).value
    if worth != 0:
        shown = (f" Fail-hard shows it as \"≥ {format_value(-cut.value)}\" only because it clips the value to"
                 f" β = {format_value(node.beta)}; switch the explorer to fail-soft to see true values."
                 if worth != -cut.value else "")
        return wrong(
            f"At {_node_at(path)} the cut-off comes from {me}'s move {cut.move}, which is worth {signed(worth)}"
            f" to {me}: a cut-off at a win, not at a draw.{shown} Look for a move worth exactly 0.",
            node.board,
        )
    source = _read_path(answer[1], "the source as a list of moves")
    if source != _beta_source(hard, path):
        try:
            _find(hard, source)
            position = f"the position {_at(source)}" if source else "the explorer's position itself"
            said = f"{position} is not where that β came from"
        except Stop as stopped:
            error = stopped.verdict.text
            said = f"{source} is not a path of the search ({error[0].lower()}{error[1:-1]})"
        return wrong(
            f"Right node: {where}, {me}'s move {cut.move} is worth a draw and reaches"
            f" β = {format_value(node.beta)}. But {said}.",
            "β at a node is −α of its parent at the moment the node is searched, and the parent's α rises"
            " only when one of its moves beats it. Look at the moves the parent searched before this node"
            " (or, if none of them raised α, further up).",
        )
    holder = hard.follow(source[:-1]).board.turn
    return right(
        f"{where}, {me}'s move {cut.move} is worth a draw and reaches β = {format_value(node.beta)}:"
        f" a cut-off at a draw. The β came from the position {_at(source)}, worth a draw: with that move"
        f" {holder} had already made sure that {other(holder)} gets no more than a draw, so {holder} will never"
        f" let the game reach this node if it is worth more than that to {other(holder)}."
    )


DRAW_CUTOFF = Exercise(
    number=7,
    starter=answer_starter(
        "(moves to the node, moves to the position that set its β), e.g. ([1, 5], [1, 4])"),
    figures=lambda: dict(a_draw_cutoff=a_draw_cutoff()),
    code=(draw_cutoffs, a_draw_cutoff),
    checker=CustomCheck(_judge_draw_cutoff, kind="custom", instruction=_DRAW_TODO),
    answer=a_draw_cutoff,
)


EXERCISES = [LAZY_INFIMUM, STOP_AT_DRAW, FAIL_SOFT, MY_ORDER, PERFECT, BEYOND, DRAW_CUTOFF]

"""Notebook 08 (learned evaluation): worked solutions and checks (words: nb08.md); the test recomputes every figure."""

from __future__ import annotations

import inspect
import random
from collections import Counter
from functools import lru_cache

from ttt.board import Board, other
from ttt.exercises.calls import Learner, Stop, stop
from ttt.exercises.checks import CustomCheck, FunctionCheck, NumbersCheck, PositionCheck, When
from ttt.exercises.verdicts import describe_value, reveal, right, unanswered
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.words import plural
from ttt.positions import all_positions
from ttt.features import FEATURE_NAMES, features, line_states
from ttt.learn import train_lms, train_td
from ttt.match import optimal_share, unfinished_positions
from ttt.players import PerfectPlayer, TDPlayer, afterstates
from ttt.symmetry import canonical_key, permutations, transform_cells
from ttt.retrograde import tablebase
from ttt.tree import reachable_positions

COUNTS = FEATURE_NAMES[1:]  # the six counts; bias is not one of them


# ====================================================================== 08.1 which features matter
def dropping(name):
    """The features with one count replaced by 0 (the tuple keeps its length, so training starts alike)."""
    index = FEATURE_NAMES.index(name)

    def without(board):
        counts = list(features(board))
        counts[index] = 0
        return tuple(counts)

    return without


def shares_without_each_count(games=2000, seed=0):
    """The optimal-move share of train_lms on all 4,520 positions, with each count dropped in turn."""
    return {name: optimal_share(train_lms(games, seed, features=dropping(name))) for name in COUNTS}


def worst_two():
    """The two counts whose loss costs the most."""
    shares = shares_without_each_count()
    return set(sorted(shares, key=shares.get)[:2])


WORST_TWO = {"their_twos", "my_wins"}  # stated; tests/exercises/test_nb08.py recomputes it
SHARES = {"my_wins": 0.807, "their_twos": 0.808, "my_twos": 0.942, "their_ones": 0.969, "my_ones": 0.988,
          "their_wins": 0.988}
"""The shares of train_lms(2000, seed=0) with each count dropped, as stated (the test recomputes them)."""
_FEATURES_TODO = ('replace None with the names of two counts, such as {"my_ones", "their_ones"}, then run the cell'
                  " again.")


def _two_counts(answer) -> set:
    """The answer as a set of two of the six counts; a refusal saying why it is not one otherwise."""
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        stop('Give the names of two counts in a set, such as {"my_ones", "their_ones"}, not '
             f"{describe_value(answer)}.", mistake="not-a-set")
    names = list(answer)
    if all(name is None for name in names):
        raise Stop(unanswered(_FEATURES_TODO))
    for name in names:
        if name not in COUNTS:
            stop(f"{name!r} is not one of the six counts: {', '.join(COUNTS)}.", mistake="not-a-count")
    if len(set(names)) != 2:
        stop(f"Give two different counts; this answer has {len(set(names))}.", mistake="not-two")
    return set(names)


def _explain_features(names: set):
    """Which slip the two names show; the shares and what to drop are left out in graded mode."""
    missing, extra = sorted(WORST_TWO - names), sorted(names - WORST_TWO)
    shares = (reveal(f"Dropping {' and '.join(missing)} {'costs' if len(missing) == 1 else 'cost'} more than dropping "
                     f"{' and '.join(extra)}. The shares of train_lms(2000, seed=0) on all 4,520 positions, each count"
                     " dropped:"),
              reveal("\n".join(f"  without {name:<11} {share:6.1%}" for name, share in SHARES.items())))
    if names == set(sorted(SHARES, key=SHARES.get)[-2:]):
        stop("Those two are the losses that hurt least: sort by the share, lowest first.", *shares, mistake="least-two")
    stop(f"Dropping {' and '.join(extra)} {'costs' if len(extra) == 1 else 'cost'} less than dropping"
         f" {'one of the two counts' if len(extra) == 1 else 'either of the two counts'} that matter most.", *shares,
         mistake="not-the-worst-two")


WHICH_FEATURES = Exercise(
    number=1, starter=answer_starter('the names of two counts, e.g. {"my_ones", "their_ones"}'),
    code=(dropping, shares_without_each_count, worst_two), answer=lru_cache(maxsize=1)(worst_two),  # once a session
    checker=PositionCheck(
        lambda names: names == WORST_TWO, _explain_features, parse=_two_counts, instruction=_FEATURES_TODO,
        success="without their_twos or without my_wins the share falls to about 81% (seed 0); without any other count"
                " it stays above 94%."),
)


# ====================================================================== 08.2 a fork feature
def fork_cells(board):
    """Empty cells on two or more of my one-mark lines (my = the side that has just moved)."""
    me = other(board.turn)
    lines_through = Counter(cell for line in line_states(board, me)["my_ones"]
                            for cell in line if board.cells[cell] == ".")
    return sum(count >= 2 for count in lines_through.values())


def _count_fork_cells(board: Board, me: str | None = None, at_least: int = 2, exactly: int = 0) -> int:
    """The reference, written apart from the solution: walk the lines (``me``: the side that has just moved)."""
    me, per_cell = me or other(board.turn), Counter()
    for line in board.geometry.lines:
        marks = [board.cells[i] for i in line]
        if marks.count(me) == 1 and marks.count(".") == board.k - 1:
            per_cell.update(i for i in line if board.cells[i] == ".")
    return sum(n == exactly if exactly else n >= at_least for n in per_cell.values())


A_FORK_FEATURE = Exercise(
    number=2, starter=function_starter(fork_cells), code=(fork_cells,), answer=lambda: fork_cells,
    checker=FunctionCheck(   # every slip shows with at most five marks, at a tenth of the cost of all 5,478 positions
        _count_fork_cells, lambda: [board for board in all_positions() if board.moves_made <= 5], name="fork_cells",
        label="all 2,350 positions with at most five marks", witnesses=8, mistakes=[   # 4: my_twos passed for a slip
            (lambda board: _count_fork_cells(board, board.turn), "Perhaps you counted for the side to move"
             " (`board.turn`): \"my\" is the side that has just moved, `other(board.turn)`, as in `features`.",
             "side-to-move"),
            (lambda board: _count_fork_cells(board, exactly=2), "Perhaps you counted the cells on exactly two such"
             " lines: a cell on three or more counts too.", "exactly-two"),
            (lambda board: len(line_states(board, other(board.turn))["my_ones"]),
             "Perhaps you counted the `my_ones` lines: count the empty cells that two or more of them share.",
             "counts-lines"),
            (lambda board: _count_fork_cells(board, at_least=1),
             "Perhaps you counted every empty cell on a `my_ones` line: count those on two or more of them.",
             "at-least-one"),
            (When(lambda board, expected, got: isinstance(got, (list, tuple, set, frozenset)) and len(got) == expected),
             "That is a collection of cells, as many as there should be: the feature is their number, `len(...)`.",
             "returns-cells")]),
)


# ====================================================================== 08.3 exploration
def exploration(epsilon, games=20_000, seed=0):
    """The optimal-move share (in percent) and the classes with a value, for one value of ε."""
    player = train_td(games, seed, epsilon=epsilon, progress=False)
    return round(100 * optimal_share(player), 1), len(player.values)


def exploration_answer():
    """The shares at ε = 0, 0.3 and 1: too little, enough and too much exploration."""
    return tuple(exploration(epsilon)[0] for epsilon in (0, 0.3, 1))


EXPLORATION = Exercise(
    number=3, starter=answer_starter("the shares in percent at ε = 0, 0.3 and 1, e.g. (90.1, 95.2, 92.3)"),
    code=(exploration, exploration_answer), answer=lru_cache(maxsize=1)(exploration_answer),
    checker=NumbersCheck(
        {"ε = 0": 83.5, "ε = 0.3": 99.9, "ε = 1": 93.8}, tolerance=0.05,
        mistakes={name: {97.2: f"That is the share at the default ε = 0.1: pass `epsilon={epsilon}`.",
                         # optimal_share's fraction, rounded or not (0.835, 0.83473): in tolerance once in percent
                         (lambda given, share=share: abs(100 * given - share) <= 0.05 + 1e-9):
                             ("That is a fraction: give the share in percent, `round(100 * share, 1)`.", "a-fraction")}
                  for name, epsilon, share in (("ε = 0", 0, 83.5), ("ε = 0.3", 0.3, 99.9), ("ε = 1", 1, 93.8))},
        explain="Too little exploration sees too few positions; too much learns almost nothing."),
)


# ====================================================================== 08.4 learn from a teacher
def train_td_teacher(games, seed, alpha=0.2, epsilon=0.1):
    """TD(0) for X only, playing against PerfectPlayer as O (train_td's updates, one side)."""
    rng = random.Random(seed)
    teacher = PerfectPlayer(seed=seed)
    player = TDPlayer()
    values, key, value = player.values, player.key, player.value
    for _ in range(games):
        board, previous = Board.empty(), None  # previous: the learner's last board, by key
        while not board.is_over:
            if board.turn == "O":
                board = board.play(teacher.move(board))  # the teacher's moves teach nothing directly
                continue
            options = afterstates(board)
            if rng.random() < epsilon:
                explored, (cell, child) = True, rng.choice(options)
            else:
                explored = False
                top = max(value(child) for _, child in options)
                cell, child = rng.choice([option for option in options if value(option[1]) == top])
            if previous is not None and not explored:
                old = values.get(previous, 0.5)
                values[previous] = old + alpha * (value(child) - old)
            previous = None if child.is_over else key(child)
            board = child
        if previous is not None:  # the game ended on the teacher's move: a loss or a draw for X
            old = values.get(previous, 0.5)
            values[previous] = old + alpha * ((0.5 if board.winner is None else 0.0) - old)
    return player


_GAMES = 200  # enough to fill most of the table, few enough for a right answer 10 times slower than ours
_EXPLORING_GAMES = 30  # the games of the runs where every move explores (epsilon=1), and none (epsilon=0)


@lru_cache(maxsize=1)
def _against_a_perfect_o() -> tuple[frozenset, int, float, int]:
    """Built before any learner's call: the boards a perfect O allows, TD(0)'s classes against it, self-play's."""
    table, met, self_play = tablebase(), {Board.empty()}, train_td(_GAMES, 0, progress=False)
    for board in reachable_positions():   # fewest marks first: a board comes after every board it is played from
        if board in met and not board.is_over:
            met.update(map(board.play, board.legal_moves() if board.turn == "X" else table.lookup(board).best_moves))
    return (frozenset(board.cells for board in met), len(train_td_teacher(_GAMES, 0).values),
            optimal_share(self_play), len(self_play.values))


def _trained(learner: Learner, games: int, **options):
    """The player the learner's function returns, and its table keyed by cells (a Board key by its cells), or a stop."""
    where = f"on games={games:,}, seed=0" + "".join(f", {name}={value}" for name, value in options.items())
    player = learner(games, 0, where=where, call=lambda function, *args: function(*args, **options))
    values = getattr(player, "values", None)
    if not isinstance(values, dict) or not callable(getattr(player, "move", None)):
        stop(f"train_td_teacher({games}, 0) returned {describe_value(player)}; return the TDPlayer whose `values` "
             "it trained.", mistake="not-a-player")
    return player, {key.cells if isinstance(key, Board) else key: value for key, value in values.items()}


# What TD(0) for X against a perfect O cannot learn: (fault of an entry's cells and value, words, id), in this order.
_FAULTS = (
    (lambda cells, value: not (isinstance(cells, str) and len(cells) == 9 and set(cells) <= set("XO.")),
     ("The table has the key {key}; key it as TDPlayer does (`player.key(board)`, a cell string).",), "wrong-key"),
    (lambda cells, value: cells.count("X") != cells.count("O") + 1,
     ("The table has a value for a board that O produced (O has just moved): the learner plays X only, and the "
      "teacher's moves teach it nothing directly.",), "learns-o-boards"),
    (lambda cells, value: cells not in _against_a_perfect_o()[0],
     ("The table has a value for this board, which X meets only if O has made a mistake before: is the teacher "
      "`PerfectPlayer`, and does it play every O move?",), "teacher-not-perfect"),
    (lambda cells, value: isinstance(value, bool) or not isinstance(value, (int, float)) or value != value,
     ("The table holds {shown} for a board: a value is a number, the estimated chance of winning (draws count half).",),
     "value-not-a-number"),
    (lambda cells, value: not 0 <= value <= 1,
     ("The table holds the value {value:.3g} for this board, outside 0 to 1: the values run away.",
      "Each update moves a value a step towards its target, `old + alpha * (target - old)`, which keeps it between"
      " its old value and the target; a step the other way (`old - alpha * (...)`, or `old + alpha * (old -"
      " target)`) pushes it further off at every update."), "step-wrong-way"),
    (lambda cells, value: value > 0.5,
     ("The table holds {value:.3g} for this board, more than 0.5: X never wins against a perfect O, so every target"
      " of the learner's updates is at most 0.5 (a draw) and no value trained from 0.5 can rise above it. Are these"
      " values learned, by the updates of `train_td`?",), "value-above-draw"),
)


def _judge_exploring(learner: Learner, function) -> None:
    """With epsilon=1 a learner that learns only from greedy moves updates only its last board of a game O won."""
    try:
        inspect.signature(function).bind(1, 0, epsilon=1.0)
    except (TypeError, ValueError):
        return                               # no epsilon parameter to try (the starter's signature has one)
    exploring = _trained(learner, _EXPLORING_GAMES, epsilon=1.0)[1]
    if exploring == _trained(learner, _EXPLORING_GAMES, epsilon=0.0)[1]:
        return                               # epsilon is not used: nothing to learn from this run
    for board in map(Board.parse, exploring):
        if not any(board.play(cell).winner for cell in board.legal_moves()):
            stop(f"With epsilon=1, every move exploratory, train_td_teacher({_EXPLORING_GAMES}, 0, epsilon=1.0)"
                 " still learns a value for this board, from which O cannot win at once:", board,
                 "It learns from exploratory moves. In `train_td` an exploratory move teaches nothing about the"
                 " board before it: after one, only remember the new board. Then the only update left with"
                 " epsilon=1 is the one at the end of a game that O won.", mistake="learns-from-exploration")


# A judge: training is random, so a right table is any that TD(0) against a perfect O can learn: only properties check.
def _judge_teacher(answer):
    learner = Learner(answer, "train_td_teacher", args="games, seed")
    _, taught, self_share, self_classes = _against_a_perfect_o()
    player, values = _trained(learner, _GAMES)
    if not values:
        stop(f"After {_GAMES:,} games the table is empty: is the learner's previous board updated after each of its "
             "greedy moves?", mistake="empty-table")
    for fault, (words, *more), mistake in _FAULTS:   # the first fault an entry of the table shows, with its board
        entry = next(((key, value) for key, value in values.items() if fault(key, value)), None)
        if entry:
            stop(words.format(key=describe_value(entry[0]), shown=describe_value(entry[1]), value=entry[1]),
                 None if mistake == "wrong-key" else Board.parse(entry[0]), *more, mistake=mistake)
    if all(value == 0.5 for value in values.values()):
        stop("Every value in the table is still 0.5: the updates do not change anything.", "X never wins against a"
             " perfect O, so its values can only fall, and only from the end of a game that O won: is X's last board"
             " updated then, towards 0, after O's winning move?", mistake="no-updates")
    if 2 * len(values) < taught:
        stop(f"After {_GAMES:,} games the table holds {plural(len(values), 'value')}, where training by TD(0)"
             f" against a perfect O learns about {taught:,}: is every greedy move of X followed by an"
             " update of the board before it?", mistake="table-too-small")
    _judge_exploring(learner, answer)
    # the check's own measure, on a player of the package's holding a copy of the table: no learner's code runs
    share = optimal_share(TDPlayer(dict(values), symmetry=getattr(player, "symmetry", True)))
    return right(f"the learner plays X only and meets only positions that a perfect O allows. After {_GAMES:,} games"
                 f" it knows {plural(len(values), 'class')} and plays an optimal move in {share:.1%} of all 4,520"
                 f" positions; self-play (train_td({_GAMES}, seed=0)) knows {self_classes:,} and scores"
                 f" {self_share:.1%}.")


TEACHER = Exercise(number=4, starter=function_starter(train_td_teacher), code=(train_td_teacher,),
                   checker=CustomCheck(_judge_teacher, kind="function"), answer=lambda: train_td_teacher)


# ====================================================================== 08.5 ★ MENACE
class Menace:
    """Michie's matchbox learner as X: one box per class of positions, beads for the moves.

    Each box is keyed by the position's canonical form and holds beads for the
    moves *in the canonical image*, so the eight images of a position share
    one box.  A move is drawn with probability proportional to its beads;
    after the game every bead drawn is reinforced: +3 after a win, +1 after a
    draw, -1 after a loss.  An emptied box is refilled with one bead per move.
    ``move(board)`` plays the move with the most beads (for scoring).
    """

    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.boxes = {}

    def box(self, board):
        """The board's box, its key, and the symmetry that turns the board into its canonical image."""
        key = canonical_key(board)
        perm = next(p for p in permutations() if transform_cells(board.cells, p) == key)
        if key not in self.boxes:
            beads = max(1, 4 - board.moves_made // 2)  # 4 for X's first move, then 3, 2, 1
            self.boxes[key] = {perm[cell]: beads for cell in board.legal_moves()}
        return key, perm, self.boxes[key]

    def draw(self, board):
        key, perm, box = self.box(board)
        if not any(box.values()):
            box.update(dict.fromkeys(box, 1))
        cells = sorted(box)
        drawn = self.rng.choices(cells, weights=[box[c] for c in cells])[0]
        return key, drawn, perm.index(drawn)  # the canonical cell, and where it is on the real board

    def move(self, board):
        key, perm, box = self.box(board)
        best = max(sorted(box), key=box.get)
        return perm.index(best)

    def train(self, games, opponent):
        for _ in range(games):
            board, drawn = Board.empty(), []
            while not board.is_over:
                if board.turn == "X":
                    key, bead, cell = self.draw(board)
                    drawn.append((key, bead))
                else:
                    cell = opponent.move(board)
                board = board.play(cell)
            change = 3 if board.winner == "X" else 1 if board.winner is None else -1
            for key, bead in drawn:
                self.boxes[key][bead] = max(0, self.boxes[key][bead] + change)
        return self


def menace_boxes():
    """How many boxes MENACE needs as X: classes of unfinished positions with X to move (and without the last move)."""
    x_to_move = {canonical_key(board) for board in unfinished_positions() if board.turn == "X"}
    forced = {key for key in x_to_move if key.count(".") == 1}  # one empty cell: the move is forced
    return len(x_to_move), len(x_to_move - forced)


MENACE = Exercise(
    number=5, starter=answer_starter("(boxes, without_last)"), code=(menace_boxes, Menace), answer=menace_boxes,
    checker=NumbersCheck(
        {"boxes": 338, "without_last": 304},
        mistakes={"boxes": {2_423: "That counts positions; a box serves a whole class of symmetric positions.",
                            627: "That counts O's positions too; MENACE plays X.",
                            765: "That counts every class, finished positions and O's turns included.",
                            289: "Those are the classes with O to move."},
                  "without_last": {338: "Leave out the boxes of X's last move, with one empty cell."}},
        slips={(304, 338): ("The two counts are the other way round: (boxes, without_last).", "swapped")},
        explain="338 classes with X to move; 34 of them have one empty cell."),
)


# ====================================================================== 08.6 ★ a bigger board: an open question
EXERCISES = [WHICH_FEATURES, A_FORK_FEATURE, EXPLORATION, TEACHER, MENACE, Exercise(number=6)]

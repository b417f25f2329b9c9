"""Notebook 01 (representing the board): worked solutions and checks (words: nb01.md), which compare with Board."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, partial
from typing import Callable, NamedTuple

from ttt.board import Board, other
from ttt.exercises.calls import Stop, stop
from ttt.exercises.checks import Case, CustomCheck, FunctionCheck, PositionCheck, When, several
from ttt.exercises.verdicts import (ERROR, NOT_CALLABLE, describe_exception, describe_state, describe_value, reveal,
                                    right, shown, unanswered, wrong)
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.positions import all_positions, random_positions, unfinished_positions
from ttt.geometry import BoardError, geometry

# ====================================================================== the notebook's code, for the solutions


class Representation(NamedTuple):
    """What a search needs from a board representation, as plain functions (as in the notebook)."""

    from_cells: Callable
    to_cells: Callable
    winner: Callable
    turn: Callable
    moves: Callable
    play: Callable


FIELDS = Representation._fields
EVERY = 40   # one position in EVERY of the 3×3 sample is taken whatever it holds


def grid_from_cells(cells):
    return [list(cells[row * 3 : row * 3 + 3]) for row in range(3)]


def grid_to_cells(grid):
    return "".join("".join(row) for row in grid)


def grid_lines(grid):
    columns = [list(column) for column in zip(*grid)]
    return grid + columns + [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]


def grid_winner(grid):
    for a, b, c in grid_lines(grid):
        if a != "." and a == b == c:
            return a
    return None


def grid_turn(grid):
    cells = grid_to_cells(grid)
    return "X" if cells.count("X") == cells.count("O") else "O"


def grid_moves(grid):
    if grid_winner(grid) is not None:
        return []
    return [row * 3 + col for row in range(3) for col in range(3) if grid[row][col] == "."]


def grid_play(grid, cell):
    row, col = divmod(cell, 3)
    new = [list(r) for r in grid]
    new[row][col] = grid_turn(grid)
    return new


GRID = Representation(grid_from_cells, grid_to_cells, grid_winner, grid_turn, grid_moves, grid_play)


def disagreements(rep, boards):
    """Every (board, what) where ``rep`` and ttt.Board answer differently (the notebook's test)."""
    found = []
    for board in boards:
        value = rep.from_cells(board.cells)
        checks = {
            "round trip": rep.to_cells(value) == board.cells,
            "winner": rep.winner(value) == board.winner,
            "turn": rep.turn(value) == board.turn,
            "moves": list(rep.moves(value)) == board.legal_moves(),
            "play": all(rep.to_cells(rep.play(value, cell)) == child.cells for cell, child in board.children()),
        }
        found += [(board, what) for what, ok in checks.items() if not ok]
    return found


@cache
def _sample_3x3() -> tuple[Board, ...]:
    """Emptiest first (a slip shows with one mark): up to two marks, each side's first win on each line, two draws."""
    chosen, wins, draws = [], set(), 0
    for index, board in enumerate(sorted(all_positions(), key=lambda board: (board.moves_made, board.cells))):
        lines = {(board.winner, line) for line in board.lines_of(board.winner)} if board.winner else set()
        draw = board.is_over and not board.winner and draws < 2
        if board.moves_made <= 2 or index % EVERY == 0 or lines - wins or draw:
            chosen.append(board)
            wins, draws = wins | lines, draws + draw
    return tuple(chosen)


# ====================================================================== comparing a representation with Board

SAMPLE = 40   # positions of each larger board of 01.5 (random play, random.Random(0))
PARTS = {"round trip": "the round trip to_cells(from_cells(cells))", "kept": "to_cells(value) after a move"}


def _rep_cases(name: str, encoding, sizes=((3, 3, 3),), plays: int | None = None):
    """Each part of the check on each board, in the order a slip shows first; ``plays``: first moves and the last."""
    for rows, cols, k in sizes:
        for board in (_sample_3x3() if (rows, cols, k) == (3, 3, 3) else
                      random_positions(rows, cols, k, SAMPLE, 0, unfinished=False)):
            moves = board.legal_moves()
            moves = moves[:plays - 1] + moves[-1:] if plays and len(moves) > plays else moves
            parts = {"from_cells": encoding(board), "round trip": board.cells, "winner": board.winner,
                     "turn": board.turn, "moves": board.legal_moves(),
                     **{cell: board.play(cell).cells for cell in moves}, **({"kept": board.cells} if moves else {})}
            of = f" of {name}({rows}, {cols}, {k})" if len(sizes) > 1 else ""
            for what, expected in parts.items():
                part = f"to_cells(play(value, {what}))" if isinstance(what, int) else PARTS.get(what, what)
                yield Case((rows, cols, k, board, what), expected, f"in {part}{of}, on this board"
                           f" ({describe_state(board)})", (board,))


def _observe(name: str, factory, rows, cols, k, board, what):
    """What the representation ``factory(rows, cols, k)`` gives for the part ``what`` of the check on ``board``."""
    try:
        rep = factory(rows, cols, k)
    except Exception as error:  # noqa: BLE001 - the learner's factory: placed at its call, not in a part
        if isinstance(error, NotImplementedError):
            raise
        raise Stop(wrong(f"{name} raised an error when called as {name}({rows}, {cols}, {k}):",
                         describe_exception(error), mistake=ERROR)) from None
    functions = tuple(getattr(rep, field) for field in FIELDS) if all(hasattr(rep, f) for f in FIELDS) else rep
    if not (isinstance(functions, (tuple, list)) and len(functions) == len(FIELDS)):
        stop(f"A representation should be a Representation of six functions ({', '.join(FIELDS)}), but this one"
             f" is {describe_value(rep)}.", mistake="not-a-representation")
    field, part = next(((field, part) for field, part in zip(FIELDS, functions) if not callable(part)), (None, None))
    if field is not None:
        stop(f"The {field} of this representation should be a function, but it is {describe_value(part)}: put the"
             f" function itself in the Representation, not what it returns.", mistake=NOT_CALLABLE)
    from_cells, to_cells, winner, turn, moves, play = functions
    try:
        value = from_cells(board.cells)
        if what == "kept":    # every move from one value, until one changes it
            for cell in board.legal_moves():
                play(value, cell)
                if to_cells(value) != board.cells:
                    break
        elif isinstance(what, int):
            return to_cells(play(value, what))
        part = {"from_cells": lambda same: same, "winner": winner, "turn": turn, "moves": moves}.get(what, to_cells)
        got = part(value)
        return list(got) if what == "moves" and hasattr(got, "__iter__") else got
    except NotImplementedError:    # the empty 3×3 board comes first: a function not written yet is called there first
        if board.moves_made or (rows, cols, k) != (3, 3, 3):
            raise
        raise Stop(unanswered("replace each `raise NotImplementedError` with your code, then run the cell again."))


def _slip(part: str, words, slip: str, test=lambda board, got: True):
    """A mistake known by the part of the check that fails, and by ``test`` of the board and what came back."""
    def known(rows, cols, k, board, what, expected, got):
        return ("play" if isinstance(what, int) else what) == part and test(board, got)
    return When(known), words, slip


REP_SLIPS = [   # after the slips of an exercise's own encoding: the part that fails names the mistake
    _slip("from_cells", None, "encoding"),
    _slip("round trip", "to_cells(from_cells(cells)) should give the cells back.", "round-trip"),
    _slip("turn", "X moves first, so X moves whenever both sides have the same number of marks.", "turn"),
    _slip("moves", "The game is over once somebody has a line: there are no legal moves then.", "moves-after-a-win",
          lambda board, got: board.winner and got),
    _slip("moves", "The right cells, but list them in increasing order.", "moves-out-of-order",
          lambda board, got: isinstance(got, list) and all(type(cell) is int for cell in got)
          and sorted(got) == board.legal_moves()),
    *(_slip(part, None, part) for part in ("winner", "moves", "play")),   # the part that fails, when no slip above
    _slip("kept", "A move must return a new value and leave the one it was given as it was.", "play-changes-value"),
]


def representation_check(name: str, encoding, slips, label: str, **sizes) -> FunctionCheck:
    """A representation made by ``factory(rows, cols, k)`` (01.5; 01.1 wraps its answer) against ttt.Board."""
    return FunctionCheck(None, lambda: _rep_cases(name, encoding, **sizes), name=name, args="rows, cols, k",
                         call=partial(_observe, name), mistakes=slips, label=label,
                         compare=lambda got, expected: got == expected
                         or isinstance(got, list) and tuple(got) == expected)   # a list for a tuple: answer-shape rule


# ====================================================================== 01.1 a fifth representation


def base3_code(cells: str) -> int:
    """The encoding the exercise asks for: cell i adds 3**i times 0 (empty), 1 (X) or 2 (O)."""
    return sum(3**i * ".XO".index(mark) for i, mark in enumerate(cells))


def base3_from_cells(cells):
    return sum(3**i * ".XO".index(mark) for i, mark in enumerate(cells))


def base3_to_cells(code):
    cells = []
    for _ in range(9):
        code, digit = divmod(code, 3)  # the lowest digit is cell 0
        cells.append(".XO"[digit])
    return "".join(cells)


def base3_digits(code):
    """The nine digits, cell 0 first."""
    digits = []
    for _ in range(9):
        code, digit = divmod(code, 3)
        digits.append(digit)
    return digits


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def base3_winner(code):
    digits = base3_digits(code)
    for a, b, c in LINES:
        if digits[a] != 0 and digits[a] == digits[b] == digits[c]:
            return ".XO"[digits[a]]
    return None


def base3_turn(code):
    digits = base3_digits(code)
    return "X" if digits.count(1) == digits.count(2) else "O"


def base3_moves(code):
    if base3_winner(code) is not None:
        return []
    return [cell for cell, digit in enumerate(base3_digits(code)) if digit == 0]


def base3_play(code, cell):
    return code + 3**cell * (1 if base3_turn(code) == "X" else 2)  # an int is immutable: a new value


BASE3 = Representation(base3_from_cells, base3_to_cells, base3_winner, base3_turn, base3_moves, base3_play)


BASE3_CHECK = representation_check("BASE3", lambda board: base3_code(board.cells), [
    _slip("from_cells", "The digits are in the wrong order: cell 0 is the lowest digit (3**0), cell 8 the highest"
          " (3**8).", "digits-reversed", lambda board, got: got == base3_code(board.cells[::-1])),
    _slip("from_cells", "X and O are swapped: an X counts 1 and an O counts 2.", "x-o-swapped",
          lambda board, got: got == base3_code(board.cells.translate(str.maketrans("XO", "OX")))),
    _slip("from_cells", "from_cells should return one whole number (an int), not text.", "not-an-int",
          lambda board, got: isinstance(got, str)),
    *REP_SLIPS], "234 positions (the encoding, the round trip, winner, turn, moves, and play of every legal move)")


FIFTH = Exercise(
    number=1,
    starter="""\
def base3_from_cells(cells):
    raise NotImplementedError  # replace this line with your code, then write the other five


BASE3 = None  # Representation(base3_from_cells, base3_to_cells, base3_winner, base3_turn, base3_moves, base3_play)
exercise("01", 1).check(BASE3)""",
    code=(base3_from_cells, base3_to_cells, base3_digits, base3_winner, base3_turn, base3_moves, base3_play),
    checker=CustomCheck(lambda answer: BASE3_CHECK.judge(lambda rows, cols, k: answer),   # six functions, not one
                        instruction="replace None with your Representation, then run the cell again."),
    answer=lambda: BASE3,
)


# ====================================================================== 01.2 break it and catch it

CHECK_NAMES = ("round trip", "winner", "turn", "moves", "play")
CAUGHT = {"turn": {"turn"}, "moves": {"moves"}, "play": {"play"}}
SLIPS = "play"

WHY = {   # (mistake, check): why that check catches the mistake (as CAUGHT says), or why it does not
    ("turn", "turn"): "the turn check compares your `turn` with `Board.turn` on every position, and it is wrong on"
    " all of them.",
    ("moves", "moves"): "on a won board that still has empty cells, your `moves` lists them and `Board` lists none.",
    ("play", "play"): "after the first move is written into the grid, the next `play` starts from a grid that "
    "already holds that mark, so from the second legal move on the result is wrong.",
    ("turn", "play"): "`grid_play` calls `grid_turn` by name, not your new `turn`, so it still puts down the right "
    "mark: the play check passes. The rule lives in two places, and only one of them was broken.",
    ("moves", "play"): "the play check takes its moves from `board.children()`, not from your `moves`, so it never "
    "plays the extra cells.",
    ("moves", "winner"): "the winner is found by `grid_winner`, which you did not change.",
    **dict.fromkeys([("play", "turn"), ("play", "moves")], "the checks run in the order round trip, winner, turn,"
                    " moves, play, and every position gets a fresh value, so only the play check ever sees a grid"
                    " that `play` has spoilt."),
    ("play", "round trip"): "the round trip is checked before any move is played, on a fresh value.",
}
REPORT_TODO = "replace (None, None) with (caught, slips), then run the cell again."


def _read_report(answer) -> tuple[dict, object]:
    """The report ``(caught, slips)``, with one entry per mistake; a ``ValueError`` saying what is missing."""
    caught, slips = several(answer, ["caught", "slips"])
    if caught is None and slips is None:
        raise Stop(unanswered(REPORT_TODO))
    if not isinstance(caught, dict):
        raise ValueError(f"`caught` should be a dict with the keys \"turn\", \"moves\" and \"play\", not"
                         f" {describe_value(caught)}")
    missing_keys = [key for key in CAUGHT if key not in caught]
    if missing_keys:
        raise ValueError(f"`caught` has no key {', '.join(map(repr, missing_keys))}: give one entry per mistake")
    # read once: the check reads each entry twice (is it right? what is wrong?), and a generator only once
    return {key: tuple(names) if isinstance(names, Iterator) else names for key, names in caught.items()}, slips


def _wrong_entries(report) -> list:
    """A line for each wrong entry of the report; what would walk to the answer is a reveal(...) of its own."""
    (caught, slips), lines = report, []
    for mistake, expected in CAUGHT.items():
        try:  # any container of names, or one name alone
            names = {caught[mistake]} if isinstance(caught[mistake], str) else set(caught[mistake])
        except TypeError:
            lines.append(f"{mistake}: give a set of check names, not {describe_value(caught[mistake])}.")
            continue
        unknown = sorted(name for name in names if name not in CHECK_NAMES)
        if unknown:
            lines.append(f"{mistake}: {', '.join(map(repr, unknown))} is not a check of `disagreements`;"
                         f" the checks are {', '.join(map(repr, CHECK_NAMES))}.")
            continue
        for name in sorted(expected - names):
            lines += [f"{mistake}: a check that catches it is missing.",
                      reveal(f"({name!r} does: {WHY[mistake, name]})")]
        for name in sorted(names - expected):
            why = WHY.get((mistake, name), f"the {name} check does not depend on what you changed.")
            lines += [f"{mistake}: {name!r} does not catch it.", reveal(f"(Why: {why})")]
    if slips in ("turn", "moves"):
        lines += [f"slips: {slips!r} is caught whatever `play` does.", reveal(
            "(Its check never plays a move. Which mistake only shows once a second move is played from the same"
            " value?)")]
    elif slips != SLIPS:
        lines.append(f"slips: give the key of one mistake (\"turn\", \"moves\" or \"play\"), not"
                     f" {describe_value(slips)}.")
    return lines


def swapped_turn(grid):
    cells = grid_to_cells(grid)
    return "O" if cells.count("X") == cells.count("O") else "X"  # O moves first: wrong


def moves_after_a_win(grid):
    return [row * 3 + col for row in range(3) for col in range(3) if grid[row][col] == "."]  # no winner test


def play_in_place(grid, cell):
    row, col = divmod(cell, 3)
    grid[row][col] = grid_turn(grid)  # writes into the caller's grid
    return grid


def which_checks_catch(GRID, disagreements, positions):
    """Each mistake plugged into the list of lists on its own, and the checks that catch it."""
    broken = {"turn": GRID._replace(turn=swapped_turn), "moves": GRID._replace(moves=moves_after_a_win),
              "play": GRID._replace(play=play_in_place)}
    return {mistake: {what for _, what in disagreements(rep, positions)} for mistake, rep in broken.items()}


BREAK = Exercise(
    number=2,
    starter="""\
answer = (None, None)  # (caught, slips)
exercise("01", 2).check(answer)""",
    code=(swapped_turn, moves_after_a_win, play_in_place, which_checks_catch),
    checker=PositionCheck(lambda report: not _wrong_entries(report),
                          lambda report: wrong(*_wrong_entries(report), mistake="wrong-report"),
                          parse=_read_report, instruction=REPORT_TODO, success=(
                              "each mistake is caught by exactly one check, and the play-in-place bug slips through if"
                              " only the first legal move is played: the first `play` on a fresh grid is right; only"
                              " the second reveals the damage.")),
    answer=lambda: (which_checks_catch(GRID, disagreements, all_positions()), "play"),
)


# ====================================================================== 01.3 one way to fail

COORDS = [(row, col) for row in range(3) for col in range(3)]
OFF_BOARD = [(3, 3), (0, 3), (3, 0), (-1, 0), (0, -1), (5, 7)]


def _squares(board: Board) -> dict:
    return {rc: (None if mark == "." else mark) for rc, mark in zip(COORDS, board.cells)}


def put_mark(squares, where, mark):
    """A new dict with ``mark`` at ``where``; BoardError (and ``squares`` untouched) for a bad square."""
    row, col = where
    if not (0 <= row < 3 and 0 <= col < 3):
        raise BoardError(f"square {where} is off the board: rows and columns run 0..2")
    if squares[where] is not None:
        raise BoardError(f"square {where} is taken by {squares[where]}")
    new = dict(squares)
    new[where] = mark
    return new


class Refusal:
    """A BoardError raised: right whatever its message says, as long as it says something."""

    def __init__(self, message: str, kind: type = BoardError):
        self.message, self.kind = message, kind    # kind: a subclass of BoardError names the failure too

    def __eq__(self, other):
        return isinstance(other, Refusal) and bool(self.message.strip()) == bool(other.message.strip())

    def __repr__(self):
        return f"BoardError({self.message!r})"


class Put(NamedTuple):
    """What a call of put_mark did: what it returned (or the :class:`Refusal`), and whether it changed the dict."""

    result: object
    changed: bool = False

    def __repr__(self):
        return shown(self.result) + (", having changed `squares`" if self.changed else "")


def _refusal_said(put: Put, where) -> tuple | None:
    """A refusal's class and message without the numbers of the square it names: ``f"bad square {where}"`` is one
    message for every square; ``OffBoard(str(where))`` and ``Taken(str(where))`` are two (None if not refused)."""
    if not isinstance(put.result, Refusal):
        return None
    numbers = "|".join(rf"(?<![0-9]){number}(?![0-9])" for number in set(where))
    return put.result.kind, re.sub(numbers, "", put.result.message)


def _put(put_mark, squares, where, mark) -> Put:
    """put_mark on a copy of ``squares``; for a list of two squares (off the board, taken): do the refusals differ,
    apart from the square each names?"""
    if isinstance(where, list):
        first, second = (_put(put_mark, squares, each, mark) for each in where)
        differ = _refusal_said(first, where[0]) != _refusal_said(second, where[1])
        return Put("two messages" if differ else f"one message, {getattr(first.result, 'message', None)!r}")
    given = dict(squares)
    try:
        return Put(put_mark(given, where, mark), given != squares)
    except BoardError as error:
        return Put(Refusal(str(error), type(error)), given != squares)


def _put_cases():
    """Every square of every sampled position, then a square off the board beside a taken one; on every other
    position the mark given is not the side to move's, so that a put_mark ignoring `mark` is caught."""
    for number, board in enumerate(_sample_3x3()):
        squares = _squares(board)
        mark = board.turn if number % 2 == 0 else other(board.turn)
        with_mark = "" if mark == board.turn else f", with mark={mark!r}"
        for where in COORDS + OFF_BOARD:
            kind = ("off the board" if where not in squares
                    else f"taken by {squares[where]}" if squares[where] else "empty")
            outcome = {**squares, where: mark} if kind == "empty" else Refusal("a message saying what is wrong")
            yield Case((squares, where, mark), Put(outcome),
                       where=f"for {where}, a square that is {kind}, on this board{with_mark}", show=(board,),
                       note=None if kind == "empty" else "Raise BoardError (from ttt import BoardError) for every bad"
                                                         " square, with a message that says what is wrong.")
        taken = [where for where in COORDS if squares[where]]
        if taken:
            yield Case((squares, [(3, 3), taken[0]], mark), Put("two messages"), show=(board,),
                       where=f"for (3, 3), off the board, and {taken[0]}, taken, on this board")


PUT_SLIPS = [
    (When(lambda squares, where, *_: isinstance(where, list)), "put_mark gives the same message for a square off the"
     " board and for a taken square: say which of the two went wrong (and name the square), the point of one failure"
     " mode.", "one-message"),
    (When(lambda *case: case[-1].changed and isinstance(case[-1].result, Refusal)), "It raised BoardError but changed"
     " `squares` first: check before you write; a refused move must leave the board as it was.",
     "writes-before-refusing"),
    (When(lambda *case: case[-1].changed), "It changed the dict it was given: return a new dict (dict(squares), then"
     " the mark) and leave `squares` as it was.", "changes-its-argument"),
    (When(lambda *case: isinstance(case[-1].result, Refusal) and not isinstance(case[-2].result, Refusal)),
     "It refused an empty square.", "refuses-an-empty-square"),
    (When(lambda *case: isinstance(case[-1].result, Refusal)), "Raise BoardError with a message that says what was"
     " wrong.", "no-message"),
    (When(lambda squares, where, mark, expected, got: isinstance(expected.result, Refusal)),
     "That square is off the board or taken: put_mark should raise BoardError.", "accepts-a-bad-square"),
    (When(lambda *case: case[-1].result is None), "Is a `return` missing?", "returns-none"),
    (When(lambda *case: True), "Return a new dict with the mark at that square and every other square as it was.",
     "wrong-dict"),
]


ONE_WAY = Exercise(
    number=3,
    starter=function_starter(put_mark),
    code=(put_mark,),
    checker=FunctionCheck(None, _put_cases, name="put_mark", args="squares, where, mark", call=_put,
                          mistakes=PUT_SLIPS, label="234 positions, 15 squares each: BoardError for a square off the"
                          " board or taken (two messages), a new dict otherwise, and the dict given left as it was"),
    answer=lambda: put_mark,
)


# ====================================================================== 01.4 only the lines through the last move

GEOMETRY = geometry(3, 3, 3)
EVERY_MOVE = 8   # one move in EVERY_MOVE of 01.4's cases is taken whatever it completes
MOVES_LABEL = "2,059 moves of the 4,520 unfinished positions (every way a move completes a line, for X and for O)"


def flat_play_and_winner(flat, cell):
    """The position after the side to move plays ``cell``, and its winner, from the lines through ``cell``."""
    mark = "X" if flat.count("X") == flat.count("O") else "O"
    new = flat[:cell] + (mark,) + flat[cell + 1 :]
    for number in GEOMETRY.lines_through[cell]:  # 2, 3 or 4 lines instead of 8
        if all(new[i] == mark for i in GEOMETRY.lines[number]):
            return new, mark
    return new, None


@cache
def _move_cases() -> tuple[Case, ...]:
    """Fullest first: the first move making each (cell, line, mover) completion, and one in EVERY_MOVE others."""
    cases, seen, index = [], set(), 0
    for board in unfinished_positions():
        for cell, child in board.children():
            completed = {(cell, line, child.winner) for line in child.lines_of(child.winner) if cell in line}
            index += 1
            if completed - seen or index % EVERY_MOVE == 0:
                seen |= completed
                cases.append(Case((tuple(board.cells), cell), (tuple(child.cells), child.winner),
                                  f"on this board ({describe_state(board)}) with cell={cell}", (board,)))
    return tuple(cases)


def _as_pair(got) -> tuple:
    """The learner's (new position, winner), given as a tuple or a list (the answer-shape rule)."""
    if not (isinstance(got, (tuple, list)) and len(got) == 2):
        raise TypeError("flat_play_and_winner should return a pair (new position, winner)")
    if not isinstance(got[0], (tuple, list, str)):   # an array would not even compare with the expected tuple
        raise TypeError(f"the new position should be a tuple of marks, not {describe_value(got[0])}")
    return tuple(got)


def _describe_move(flat, cell, expected, got):
    if isinstance(got[0], list) and tuple(got[0]) == expected[0]:
        return "A flat position is a tuple (immutable and hashable), not a list."
    if isinstance(got[0], str) and tuple(got[0]) == expected[0]:
        return "A flat position is a tuple of marks, one per cell, not a string: keep it as `flat_play` makes it."
    if got[0] != expected[0]:
        return "It returns the wrong position: the move puts the mark of the side to move on `cell`, nothing else."
    if expected[1] and got[1] is None:
        line = next(line for line in GEOMETRY.line_cells_through[cell]
                    if all(expected[0][i] == expected[1] for i in line))
        return f"{cell} completes the line {line}: is that line among the ones you check?"
    return None


LINES_THROUGH = Exercise(
    number=4,
    starter=function_starter(flat_play_and_winner),
    code=(flat_play_and_winner,),
    checker=FunctionCheck(
        None, _move_cases, name="flat_play_and_winner", args="flat, cell", describe=_describe_move,
        normalize=_as_pair, witnesses=12,
        label=MOVES_LABEL,
        mistakes=[(lambda flat, cell: (flat_play_and_winner(flat, cell)[0], None),    # the other side's lines
                   "It never finds the winner: does it look for a line of the other side's mark? After the move,"
                   " the line to look for is the mover's, the mark just placed.", "other_marks_lines")],
    ),
    answer=lambda: flat_play_and_winner,
)


# ====================================================================== 01.5 ★ larger boards

SIZES = ((3, 3, 3), (4, 4, 3), (3, 4, 3), (4, 4, 4))   # rows, cols and k each change
PLAYS = 3     # moves played from each position: the first two and the last


def flat_rules(rows, cols, k):
    """The flat tuple for any board: the rules of the 3×3 version, with the lines taken from the geometry."""
    lines, size = geometry(rows, cols, k).lines, rows * cols

    def winner(flat):
        for line in lines:
            first = flat[line[0]]
            if first != "." and all(flat[i] == first for i in line):
                return first
        return None

    def turn(flat):
        return "X" if flat.count("X") == flat.count("O") else "O"

    def moves(flat):
        return [] if winner(flat) else [cell for cell in range(size) if flat[cell] == "."]

    def play(flat, cell):
        return flat[:cell] + (turn(flat),) + flat[cell + 1 :]

    return Representation(tuple, "".join, winner, turn, moves, play)


def bits_rules(rows, cols, k):
    """The bitboard pair for any board: the masks come from the geometry, and all cells from its size."""
    geo = geometry(rows, cols, k)
    masks, size = geo.line_masks, geo.size
    all_cells = (1 << size) - 1

    def from_cells(cells):
        x = sum(1 << cell for cell, mark in enumerate(cells) if mark == "X")
        o = sum(1 << cell for cell, mark in enumerate(cells) if mark == "O")
        return x, o

    def to_cells(bits):
        x, o = bits
        return "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(size))

    def winner(bits):
        x, o = bits
        for mask in masks:
            if x & mask == mask:
                return "X"
            if o & mask == mask:
                return "O"
        return None

    def turn(bits):
        x, o = bits
        return "X" if x.bit_count() == o.bit_count() else "O"

    def moves(bits):
        if winner(bits) is not None:
            return []
        x, o = bits
        free = all_cells & ~(x | o)
        return [cell for cell in range(size) if free >> cell & 1]

    def play(bits, cell):
        x, o = bits
        return (x | 1 << cell, o) if turn(bits) == "X" else (x, o | 1 << cell)

    return Representation(from_cells, to_cells, winner, turn, moves, play)


IGNORED = (   # (id, the size a factory that ignores a parameter builds instead, what it ignores)
    ("ignores-k", lambda rows, cols, k: (rows, cols, 3), "k, the length of a line"),
    ("ignores-cols", lambda rows, cols, k: (rows, rows, k), "cols, the number of columns"),
    ("ignores-rows", lambda rows, cols, k: (cols, cols, k), "rows, the number of rows"),
    ("rows-cols-swapped", lambda rows, cols, k: (cols, rows, k), "which of rows and cols is which"),
)
FACTORIES = (   # (factory, the encoding asked for, the slip of another encoding: (words, id))
    (flat_rules, lambda board: tuple(board.cells),
     ("flat_rules is the flat tuple: from_cells gives tuple(cells), one mark per cell.", "not-flat")),
    (bits_rules, lambda board: board.bits, ("bits_rules is the bitboard of the notebook: from_cells gives a pair"
                                            " (x, o) of ints, bit i of x set when X holds cell i, of o when O does.",
                                            "not-a-bitboard")),
)
LARGER_LABEL = (f"234 positions of 3×3 and {SAMPLE} positions each of 4×4 with k = 3, 3×4 with k = 3,"
                " 4×4 with k = 4 (random play, random.Random(0))")


def _ignoring(factory, slip: str, altered, what: str) -> tuple:
    """The slip of a factory that ignores a parameter: the right one, made for the size ``altered`` gives."""
    return (lambda *size: factory(*altered(*size)), lambda rows, cols, k, *case: f"{factory.__name__}({rows}, {cols},"
            f" {k}) plays by the rules of another board: does {factory.__name__} use {what}? The check tries boards"
            " where rows, cols and k each change.", slip)


# Two checks for each factory: the first names a parameter ignored, by behaviour, on the larger boards only (on 3×3
# each slip plays by the right rules); the second the part that fails
CHECKS = [(representation_check(factory.__name__, encoding, [_ignoring(factory, *slip) for slip in IGNORED
                                 if (factory, slip[0]) != (flat_rules, "ignores-rows")],   # IndexError on 3×4
                                LARGER_LABEL, sizes=SIZES[1:], plays=PLAYS),
           representation_check(factory.__name__, encoding, [_slip("from_cells", *encoding_slip), *REP_SLIPS],
                                LARGER_LABEL, sizes=SIZES, plays=PLAYS))
          for factory, encoding, encoding_slip in FACTORIES]
for bits_check in CHECKS[1]:   # its starter is left as it was once flat_rules passes
    bits_check.instruction = f"flat_rules passed; now {bits_check.instruction}"


def _built_once(factory):
    """``factory`` building each size once in this judge, as the notebook would: the check's cases, one part of one
    board each, would otherwise build it 3,800 times, and a right factory slow to build would be "too slow"."""
    if not callable(factory):
        return factory            # the Learner says what it is
    built = {}

    def build(*size):
        if size not in built:
            built[size] = factory(*size)
        return built[size]
    return build


# A judge: two factories in turn, each given its parts check, and on a wrong answer its sizes check
def _judge_factories(answer):
    if callable(answer):
        return wrong("01.5 asks for two functions, flat_rules and bits_rules: give both, in that order, as"
                     " check((flat_rules, bits_rules)).", mistake="one-function")
    factories = several(answer, [factory.__name__ for factory, _, _ in FACTORIES], "functions")
    if all(factory is None for factory in factories):
        return unanswered("replace None with (flat_rules, bits_rules), then run the cell again.")
    for (sizes, parts), factory, first in zip(CHECKS, factories, (True, False)):
        if not first and factory is factories[0]:     # flat_rules passed
            return wrong("That is the same function twice: flat_rules builds the flat tuple and bits_rules the"
                         " bitboard.", mistake="same-function-twice")
        built = _built_once(factory)
        verdict = parts.judge(built)
        if verdict.reason == "wrong answer":   # the same first disagreement, named by a parameter ignored if it is one
            board = next((part for part in verdict.parts if isinstance(part, Board)), None)
            if board is None or (board.rows, board.cols, board.k) == SIZES[0]:
                return verdict       # the 3×3 sample is judged once: a slow answer is named, not "too slow"
            sized = sizes.judge(built)
            return sized if sized.mistake in [slip for slip, _, _ in IGNORED] else verdict
        if not verdict.ok:
            return verdict
    return right(f"flat_rules and bits_rules agree with ttt.Board on {LARGER_LABEL}.")


LARGER = Exercise(
    number=5,
    starter=function_starter(flat_rules, bits_rules),
    code=(flat_rules, bits_rules),
    checker=CustomCheck(_judge_factories,
                        instruction="replace None with (flat_rules, bits_rules), then run the cell again."),
    answer=lambda: (flat_rules, bits_rules),
)


# ====================================================================== 01.6 ★ why is parse exact?


def read_filling(text) -> tuple[int, int, str]:
    """(rows, cols, cells) of a filling, its shape read by Board.parse from the same text emptied of marks."""
    if isinstance(text, Board):
        return text.rows, text.cols, text.cells
    if not isinstance(text, str):
        raise ValueError(f'Give the filling as text, row by row with "/" between rows, not {describe_value(text)}')
    try:
        shape = Board.parse(text.replace("X", ".").replace("O", "."))
    except BoardError as error:
        stop(f"{text!r} is not a filling: {error}.", mistake="not-a-filling")
    cells = "".join(text.split()).replace("/", "")
    if len(cells) != shape.size:
        stop(f"{text!r} is not a filling: write only its cells, row by row.", mistake="not-a-filling")
    return shape.rows, shape.cols, cells


def _filling_problem(rows: int, cols: int, cells: str) -> str | None:
    """Why a filling does not break only the last rule (Board.parse names the others), or None if it does."""
    if (rows, cols) == (3, 3):
        return ("On 3×3 no filling breaks only the last rule: lines with no cell common to all of them"
                " cover at least 6 cells, so one side would need 6 marks and the other at least 5, eleven"
                " marks on nine cells. That is why the exercise asks for a 4×4 board (k = 3).")
    if (rows, cols) != (4, 4):
        return f"Give a filling of a 4×4 board (four rows of four cells); this one is {rows}×{cols}."
    try:
        board = Board.parse("/".join(cells[row * 4 : row * 4 + 4] for row in range(4)), k=3)
    except BoardError as error:
        broken = str(error).removeprefix("impossible position: ")
        return None if "separate lines" in broken else f"{broken[:1].upper()}{broken[1:]}: another rule is broken."
    if not board.winner:
        return "Nobody has a line here, so any order of the moves that alternates reaches it: Board.parse accepts it."
    mark, lines = board.winner, board.lines_of(board.winner)
    how = (f" has one line, {lines[0]}, which its last move completed" if len(lines) == 1 else
           f"'s lines {', '.join(map(str, lines))} all pass through cell {min(set(lines[0]).intersection(*lines))},"
           " so a last move there could have completed them all")
    return f"{mark}{how}: Board.parse accepts this filling. Give {mark} two lines with no cell in common."


def _filling_success(filling) -> str:
    cells = filling[2]
    mark = "X" if cells.count("X") > cells.count("O") else "O"  # the side with lines, which moved last
    lines = Board.unchecked(geometry(4, 4, 3), cells, None).lines_of(mark)
    return (f"the counts are right and only {mark} has lines, {mark} moved last, yet its lines"
            f" {' and '.join(map(str, lines))} share no cell, so no single last move completed them:"
            " Board.parse(..., k=3) refuses it.")


def separate_lines_filling():
    """Two rows for X with no cell in common; five O, none in a line: only the last rule is broken."""
    return "XXX./OO.O/XXX./O.O."


PARSE_EXACT = Exercise(
    number=6,
    starter=answer_starter('a 4×4 filling, row by row: "..../..../..../...."'),
    code=(separate_lines_filling,),
    checker=PositionCheck(
        lambda filling: _filling_problem(*filling) is None,
        lambda filling: _filling_problem(*filling),
        success=_filling_success,
        parse=read_filling,
        instruction='replace None with your filling, row by row: "..../..../..../....", then run the cell again.',
    ),
    answer=separate_lines_filling,
)


EXERCISES = [FIFTH, BREAK, ONE_WAY, LINES_THROUGH, LARGER, PARSE_EXACT]

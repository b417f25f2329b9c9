"""Notebook 02 (playing by hand): worked solutions and checks (words: nb02.md), driving Game, never a widget."""

from __future__ import annotations

import random
import re
from collections import namedtuple
from types import CodeType

from ttt.board import Board
from ttt.exercises.calls import current_budget, stop
from ttt.exercises.checks import Case, FunctionCheck, When
from ttt.exercises.verdicts import describe_value, shown
from ttt.exercises.core import Exercise
from ttt.exercises.starters import function_starter
from ttt.exercises.words import plural
from ttt.positions import random_positions, unfinished_positions
from ttt.game import Game, status_line
from ttt.geometry import BoardError


# ====================================================================== 02.1 undo
def undo(game):
    """Take back the last move of the person at the board (with the computer's reply); False if there is none."""
    human = game.human  # None when two people share the board
    last = len(game.history) - 1
    while last >= 0 and human is not None and "XO"[last % 2] != human:
        last -= 1  # skip the computer's replies
    if last < 0:
        return False  # nothing of the person's to take back
    board = game.start
    for cell in game.history[:last]:
        board = board.play(cell)
    game.board, game.history = board, game.history[:last]
    game.message = status_line(board)
    return True


class Undone(namedtuple("Undone", "returned history board message")):
    """What a call of undo left: what it returned, the game's history, board and message (its status if it ends so)."""

    def __repr__(self):
        return f"{shown(self.returned)}, leaving the history {self.history} and the message {self.message!r}"


def _game(size, computer, clicks=()):
    """A game against FirstCell (the computer's mark, or None for two people), after the person's ``clicks``."""
    game = Game(*size, opponent=FirstCell() if computer else None, computer=computer or "O")
    for cell in clicks:
        game.click(cell)
    return game


def _undone(undo, spec) -> Undone:
    """What undo does to a fresh game replayed to ``spec``: (size, the computer's mark or None, clicks)."""
    with current_budget().paused():
        game = _game(*spec)
    returned = undo(game)
    if not isinstance(game.board, Board):   # the game could not go on: said before status_line raises on it
        stop(f"After undo, game.board is {describe_value(game.board)}: keep it a Board, the one replayed from"
             " game.start.", mistake="board-not-a-board")
    if not isinstance(game.history, list):  # Game.click appends to it
        stop(f"After undo, game.history is {describe_value(game.history)}: keep it a list, as Game does (its next"
             " click appends to it).", mistake="history-not-a-list")
    status = status_line(game.board)
    message = status if isinstance(game.message, str) and game.message.endswith(status) else game.message
    return Undone(returned, list(game.history), game.board, message)


def _undo_cases():
    """105 seeded games played out, then undone click by click to the start (FirstCell replays from the clicks)."""
    rng = random.Random(0)
    for size, count in (((3, 3, 3), 30), ((4, 4, 4), 5)):
        for computer in (None, "O", "X"):
            who = "of two people" if computer is None else f"against the computer playing {computer}"
            for _ in range(count):
                game, clicks, before = _game(size, computer), [], []
                while not game.board.is_over:
                    before.append(Undone(True, list(game.history), game.board, status_line(game.board)))
                    clicks.append(rng.choice(game.board.legal_moves()))
                    game.click(clicks[-1])
                for n in range(len(clicks), -1, -1):
                    yield Case(((size, computer, tuple(clicks[:n])),),
                               before[n - 1] if n else before[0]._replace(returned=False),
                               where=f"in a {size[0]}×{size[1]} game {who}, on this board",
                               show=(before[n].board if n < len(clicks) else game.board,))


UNDO = Exercise(
    number=1, starter=function_starter(undo), code=(undo,), answer=lambda: undo,
    checker=FunctionCheck(
        None, _undo_cases, name="undo", args="game", call=_undone,
        compare=lambda got, expected: got == expected and got.returned is expected.returned,
        label="105 seeded games on 3×3 and 4×4, played to the end and then undone move by move to the start",
        mistakes=[
            (When(lambda spec, expected, got: expected.returned is False), lambda spec, *_: "With nothing of the"
             " person's left to take back, undo should change nothing and return False." + (" With the computer"
             " playing X, its first move is not yours to take back." if spec[1] == "X" else ""),
             "undoes-what-is-not-yours"),
            (When(lambda spec, expected, got: spec[1] and len(got.history) == len(expected.history) + 1),
             "That took back only the computer's reply: your own move is still on the board, and it is the"
             " computer's turn. Take back your move too.", "only-the-reply"),
            (When(lambda spec, expected, got: got.board == expected.board and got.history != expected.history),
             "The board is right but game.history is not: keep the two in step.", "history-out-of-step"),
            (When(lambda spec, expected, got: len(got.history) < len(expected.history)), lambda spec, expected, got:
             f"It took back {plural(len(expected.history) - len(got.history), 'move')} too many.", "too-many"),
            (When(lambda spec, expected, got: len(got.history) > len(expected.history)), lambda spec, expected, got:
             f"It took back {plural(len(got.history) - len(expected.history), 'move')} too few.", "too-few"),
            (When(lambda spec, expected, got: got.board != expected.board),
             lambda spec, expected, got: ("undo left this board:", got.board), "wrong-position"),
            (When(lambda spec, expected, got: got.returned is None),
             "undo took a move back but returned None: is a `return` missing?", "returns-none"),
            (When(lambda spec, expected, got: got.returned is not True),
             "undo took a move back, so it should return True.", "returns-not-true"),
            (When(lambda spec, expected, got: True), lambda spec, expected, got: f"The game is right, but after undo"
             f" the message is {got.message!r}: it should end with the status of the board.", "stale-message")]),
)


# ====================================================================== 02.2 who starts
class FirstCell:
    """An opponent that plays the first empty cell: predictable, and so easy to test against."""

    def move(self, board):
        return board.legal_moves()[0]


class RandomCell:
    """An opponent that plays a random empty cell, from its own seeded generator."""

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def move(self, board):
        return self.rng.choice(board.legal_moves())


class OneOf(tuple):
    """The legal cells of a board: any one of them is a right move."""

    def __repr__(self):
        return f"any one of {list(self)}"


def _as_cell(move, board):
    """The cell ``move(board)`` names, as an index (a (row, col) pair names one too), or what it returned."""
    got = move(board)
    try:
        return board.cell(got)
    except BoardError:
        return got


def _not_a_cell(board, legal, got) -> str:
    try:
        board.cell(got)
        return ""
    except BoardError as error:
        return f"That is not a cell: {error}."


WHO_STARTS = Exercise(
    number=2, code=(FirstCell, RandomCell), answer=lambda: FirstCell(),
    starter="""\
class FirstCell:
    def move(self, board):
        raise NotImplementedError  # replace this line with your code


exercise("02", 2).check(FirstCell())""",
    checker=FunctionCheck(
        lambda board: OneOf(board.legal_moves()), lambda: unfinished_positions() + random_positions(4, 4, 4, 500, 0),
        name="move", method="move", call=_as_cell, compare=lambda got, legal: type(got) is int and got in legal,
        label="all 4,520 unfinished 3×3 positions and 500 of 4×4 (k = 4), with X or O to move: a legal cell on each",
        mistakes=[(When(lambda *case: bool(_not_a_cell(*case))), _not_a_cell, "not-a-cell"),
                  (When(lambda board, legal, got: True), lambda board, legal, got: f"Cell {got} is taken by"
                   f" {board.cells[got]}: choose among board.legal_moves().", "taken-cell")]),
)


# ====================================================================== 02.3 rows and columns
PROMPT = "X to move, enter a cell 0-8: "


def row_col(read):
    """A ``read`` that turns ``row,col`` answers on the 3×3 board into cell numbers, and passes the rest on."""

    def read_cell(prompt):
        answer = read(prompt)  # EOFError passes through: the loop ends as it would without us
        parts = answer.split(",")
        if len(parts) == 2 and all(part.strip().isdecimal() for part in parts):
            row, col = (int(part) for part in parts)
            if 0 <= row < 3 and 0 <= col < 3:
                return str(row * 3 + col)
        return answer

    return read_cell


def _expected_row_col(answer: str) -> str:
    pair = re.fullmatch(r"\s*([0-2])\s*,\s*([0-2])\s*", answer)
    return str(3 * int(pair[1]) + int(pair[2])) if pair else answer.strip()


ANSWERS = (
    [f"{row},{col}" for row in range(3) for col in range(3)]
    + ["1, 2", " 2 ,0 ", "4", "centre", "", "q", "3,3", "0,3", "-1,0", "1,", ",2", "1,2,3", "a,b", "1 2", "1;2"]
)
GAME = ["1,1", "centre", "1,1", "0,1", "0,0", "2,2", "3,3", "2,0", "0,2", "1,0"]  # the notebook's game, row and column


class Ended:
    """The wrapped read's answer that is no answer: it raises EOFError, and the read made should let it through."""

    def __repr__(self):
        return "EOFError, let through"


ENDED = Ended()


def _defines_a_function(function) -> bool:
    """Whether ``function``'s own code defines a function with ``def``, as row_col does (a read it returns does not)."""
    return any(isinstance(const, CodeType) and not const.co_name.startswith("<")     # not a lambda, a comprehension
               for const in getattr(getattr(function, "__code__", None), "co_consts", ()))


def _made_by_a_call(answer) -> bool:
    """Whether ``answer`` is a read that ``row_col(read)`` made: told before a call would call the learner's read.
    A function made inside another that makes a read itself (a row_col from a factory), or that holds one that does
    (a decorator's wrapper around row_col), is row_col."""
    try:
        held = [cell.cell_contents for cell in getattr(answer, "__closure__", None) or ()]
    except ValueError:           # an empty cell: not a read that row_col made
        return False
    return (".<locals>." in getattr(answer, "__qualname__", "") and any(map(callable, held))
            and not any(map(_defines_a_function, [answer, *held])))


def _reads(row_col, given):
    """What row_col's read returns when the read it wraps answers ``given`` (ENDED: raises EOFError), or a refusal."""
    if _made_by_a_call(row_col):
        stop(f"That is the read function that row_col returns, already made ({row_col.__qualname__}): the check needs"
             " row_col itself, to wrap reads of its own.",
             "Pass the function without calling it: check(row_col), not check(row_col(scripted([...]))).",
             mistake="already-called")
    asked = []

    def read(prompt):
        asked.append(prompt)
        if given is ENDED:
            raise EOFError
        return given

    wrapped = row_col(read)
    if not callable(wrapped):
        stop(f"row_col(read) returned {describe_value(wrapped)}: it should return the new read function.",
             "Is a `return read_cell` missing at the end of row_col?" if wrapped is None else
             "Does row_col translate the answer itself? It should define a read function and return it.",
             mistake="returns-no-function")
    try:
        got = wrapped(PROMPT)
    except EOFError:
        return ENDED
    if asked != [PROMPT]:
        stop(f"Your read should ask the wrapped read once, with the prompt it was given; it asked {asked!r}.",
             mistake="asks-otherwise")
    if not isinstance(got, str):
        stop(f"For the answer {given!r} your read returned {describe_value(got)}: a read returns text.",
             mistake="returns-no-text")
    return got.strip()


ROWS_COLS = Exercise(
    number=3, starter=function_starter(row_col), code=(row_col,), answer=lambda: row_col,
    checker=FunctionCheck(
        None, lambda: [Case((given,), _expected_row_col(given), where=f"for the answer {given!r}", note="Anything you"
                            " cannot turn into a cell should be passed on unchanged, for the loop to refuse.")
                       for given in ANSWERS]
        + [Case((ENDED,), ENDED, where="when the wrapped read raises EOFError (the input has ended)",
                note="Let the EOFError through: the loop needs it to stop.")],
        name="row_col", args="read", call=_reads,
        label=f"{len(ANSWERS)} answers: rows and columns become cells, the other {len(ANSWERS) - 11} kinds of answer"
              " pass through unchanged, and the end of the input still ends the game",
        mistakes=[
            (When(lambda given, expected, got: given is ENDED),
             "Your read swallowed it: let EOFError through, so that the loop stops.", "swallows-the-end"),
            (When(lambda given, expected, got: expected == given.strip()), lambda given, *_: f"{given!r} is not a row"
             " and column on the board, so pass it on unchanged and let the loop refuse it with its own message." + (
                 " (Turning it into a cell number would give a message about a cell the player never typed.)"
                 if given in ("3,3", "0,3", "-1,0") else ""), "translates-too-much"),
            (When(lambda given, expected, got: got == _expected_row_col(",".join(given.split(",")[::-1]))),
             "Are rows and columns swapped? The row comes first.", "rows-cols-swapped"),
            (When(lambda given, expected, got: got == given.strip()),
             "That is a row and a column on the board: turn it into the number of its cell.", "passes-a-pair-on"),
            (When(lambda given, expected, got: True), "That is not the cell of that row and column.", "wrong-cell")]),
)


# ====================================================================== 02.4 Hutton's messages
INVALID_NUMBER, INVALID_MOVE = "ERROR: Invalid number", "ERROR: Invalid move"
HUTTON_ANSWERS = [str(cell) for cell in range(9)] + [
    "9", "10", "-1", "", "centre", "q", "1,2", " 4", "4 ", "04", "007", "٣",
]


def hutton_message(board, answer):
    """What Hutton's loop prints for ``answer``, or None for a move it plays (``getNat``, then ``valid``)."""
    if answer == "" or not all(char in "0123456789" for char in answer):
        return "ERROR: Invalid number"  # getNat: a non-empty line of the digits 0-9 only
    cell = int(answer)
    if not (0 <= cell < board.size and board.cells[cell] == "."):
        return "ERROR: Invalid move"  # valid: on the board and blank
    return None


def _hutton_reference(board: Board, answer: str, is_number=lambda text: text and set(text) <= set("0123456789")):
    """Hutton's getNat (a non-empty line of the digits 0-9; a slip tests otherwise), then valid: on the board, blank."""
    if not is_number(answer):
        return INVALID_NUMBER
    return INVALID_MOVE if not 0 <= int(answer) < board.size or board.cells[int(answer)] != "." else None


SLIPS_SHOWN_BY = {  # an answer, and the rule of getNat that it tests: the slip that fails on it
    "٣": "'٣' is the Arabic-Indic digit three. Haskell's isDigit accepts only 0-9, but Python's str.isdigit (and int)"
         " accept the digits of every script: test `char in \"0123456789\"`.",
    " 4": "getNat does not strip spaces: a space is not a digit, so the whole line is an invalid number.",
    "-1": "getNat accepts digits only, and '-' is not one: -1 is an invalid *number* there, not a move.",
    "": "An empty line is not a number for getNat (`xs /= []`).",
    "04": "A line of digits with leading zeros is still a number: `read \"04\"` is 4.",
}
SLIPS_SHOWN_BY.update({"4 ": SLIPS_SHOWN_BY[" 4"], "007": SLIPS_SHOWN_BY["04"]})


def _describe_hutton(board, answer, expected, got):
    """The rule of getNat or valid that the answer tests (the slip shows in which answer fails)."""
    if isinstance(got, str) and isinstance(expected, str) and got != expected and \
            got.strip().lower().removeprefix("error:").strip() == expected.lower().removeprefix("error:").strip():
        return f"The kind of message is right, but Hutton's loop prints it exactly as {expected!r}."
    if answer not in SLIPS_SHOWN_BY and expected == INVALID_MOVE and got is None:
        return "That cell is off the board or taken, which `valid` refuses."
    return SLIPS_SHOWN_BY.get(answer)


HUTTON = Exercise(
    number=4, starter=function_starter(hutton_message), code=(hutton_message,), answer=lambda: hutton_message,
    checker=FunctionCheck(
        _hutton_reference, lambda: [(board, given) for board in unfinished_positions()[::100] + (Board.empty(),)
                                    for given in HUTTON_ANSWERS],
        name="hutton_message", args="board, answer", describe=_describe_hutton,
        label=f"47 positions (one in 100 unfinished positions, and the empty board), for {len(HUTTON_ANSWERS)} answers"
              " each",
        mistakes=[
            (lambda board, answer: None, "It returns None for every answer, as for a move Hutton's loop plays: does it"
             " print the message instead of returning it?", "always_none"),
            (lambda board, answer: _hutton_reference(board, answer.strip()), SLIPS_SHOWN_BY[" 4"], "strips_spaces"),
            (lambda board, answer: _hutton_reference(board, answer, str.isdigit), SLIPS_SHOWN_BY["٣"], "isdigit"),
            (lambda board, answer: _hutton_reference(board, answer, lambda text: text.strip().lstrip("-").isdigit()),
             SLIPS_SHOWN_BY["-1"], "int_parses"),   # int(answer)
            (lambda board, answer: INVALID_NUMBER if answer[:1] == "0" and len(answer) > 1
             else _hutton_reference(board, answer), SLIPS_SHOWN_BY["04"], "leading_zero_refused"),
            (lambda board, answer: None if _hutton_reference(board, answer) == INVALID_MOVE and int(answer) < board.size
             else _hutton_reference(board, answer), "That cell is taken, which `valid` refuses: a move needs a blank"
             " cell.", "taken_is_fine")]),
)


# ====================================================================== 02.5 ★ bigger boards, 02.6 ★ two views
EXERCISES = [UNDO, WHO_STARTS, ROWS_COLS, HUTTON, Exercise(number=5), Exercise(number=6)]

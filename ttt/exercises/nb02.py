"""The exercises of notebook 02 (playing by hand): the model and the text loop are checked by code.

1. undo                      a custom check: ``undo(game)`` on seeded games, with and without a computer;
2. who starts                a custom check: the opponent returns a legal cell on every position;
3. rows and columns          a custom check: a ``read`` wrapper on every kind of answer, then a whole game;
4. Hutton's messages         ``hutton_message`` on every unfinished position and twenty answers;
5. ★ bigger boards           open (a widget to build, and a question notebook 09 answers);
6. ★ two views, one model    open (a second view to build, and why the two agree).

The checks drive ``ttt.game.Game`` and ``ttt.view.textgame.run_game``, never
a widget: the exercises must not import ipywidgets.  The widget parts of 1
and 2 are built in the notebook and checked there by the learner's own calls.
"""

from __future__ import annotations

import random

from ttt.board import Board
from ttt.exercises.checks import Learner, custom_check, describe_value, function_check, right, stop, wrong
from ttt.exercises.core import Exercise
from ttt.exercises.starters import function_starter
from ttt.exercises.words import plural
from ttt.exercises.positions import random_positions, unfinished_positions
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


def _scenarios():
    """(description, make a Game, the cells the person clicks): seeded games, each played to its end."""
    rng = random.Random(0)
    found = []
    for size, count in (((3, 3, 3), 30), ((4, 4, 4), 5)):
        for computer in (None, "O", "X"):
            for _ in range(count):
                game = _fresh(size, computer)
                clicks = []
                while not game.board.is_over:
                    cell = rng.choice(game.board.legal_moves())
                    clicks.append(cell)
                    game.click(cell)
                who = "of two people" if computer is None else f"against the computer playing {computer}"
                found.append((f"a {size[0]}×{size[1]} game {who}", size, computer, clicks))
    return found


def _fresh(size, computer):
    """A new game; the computer, if any, plays ``FirstCell`` (02.2's opponent): predictable, so the games are too."""
    return Game(*size, opponent=None if computer is None else FirstCell(), computer=computer or "O")


def _judge_undo(answer):
    undo = Learner(answer, "undo", args="game")
    for what, size, computer, clicks in _scenarios():
        game = _fresh(size, computer)
        before = []  # the state before each click of the person
        for cell in clicks:
            before.append((game.board, list(game.history)))
            game.click(cell)
        for step in range(len(clicks) + 1):
            expected = before.pop() if before else None
            shown = game.board
            result = undo(game, where=f"in {what}, on this board", show=(shown,))
            if expected is None:
                if result is not False or game.board != shown:
                    return wrong(
                        f"In {what}, with nothing of the person's left to take back, undo should change nothing and"
                        f" return False; it returned {describe_value(result)}, and the board is now:",
                        game.board,
                        "With the computer playing X, its first move is not yours to take back." if computer == "X"
                        else None,
                    )
                break
            board, history = expected
            if game.board != board or list(game.history) != history:
                took = len(history) - len(game.history)
                note = None
                if computer is not None and len(game.history) == len(history) + 1:
                    note = ("That took back only the computer's reply: your own move is still on the board, and it is"
                            " the computer's turn. Take back your move too.")
                elif computer is not None and game.board == board:
                    note = "The board is right but game.history is not: keep the two in step."
                return wrong(
                    f"In {what}, undo on this board:",
                    shown,
                    f"should go back to (history {history}):",
                    board,
                    f"but gave (history {list(game.history)}):",
                    game.board,
                    note or (f"It took back {plural(took, 'move')} too many." if took > 0 else
                             f"It took back {plural(-took, 'move')} too few." if took < 0 else None),
                )
            if result is not True:
                return wrong(f"In {what}, undo took a move back but returned {describe_value(result)}, not True.")
            if not isinstance(game.message, str) or not game.message.endswith(status_line(game.board)):
                return wrong(
                    f"In {what}, after undo the message is {game.message!r}: it should end with the status of the"
                    f" board, {status_line(game.board)!r}.",
                    game.board,
                )
    return right(
        "undo takes back the last move (and the computer's reply, when there is one) in every game tried: 105 seeded"
        " games on 3×3 and 4×4, played to the end and then undone move by move to the start."
    )


UNDO = Exercise(
    number=1,
    title="Undo",
    prompt="""\
Write `undo(game)` for the model, `ttt.game.Game`: it takes back the last move, so that `game.board`
and `game.history` are what they were before it, sets `game.message` to the new status (see
`ttt.game.status_line`) and returns `True`; with nothing to take back it changes nothing and returns
`False`. Start again from `game.start` and replay all but the last cell. What should undo do after
the game is over? Against a computer opponent (`game.human` is your mark) an undo must take back two
moves; why? Then add an *Undo* button under a `BoardWidget` that calls `undo(widget.game)` and
`widget.refresh()`, and check it with calls from code, as above. The check plays 105 seeded games,
on 3×3 and 4×4, with two people and against a computer playing X or O, and undoes each to the start.""",
    starter=function_starter(undo),
    hints=(
        "Replaying is simpler than un-playing: `board = game.start`, then `board = board.play(cell)` for every cell "
        "of `game.history` but the last. Set `game.board` and `game.history` to match, and `game.message` to "
        "`status_line(board)`.",
        "After a win the same rule works: the game goes on from the position before the winning move. Against the "
        "computer, the last move in the history is usually the computer's reply; undoing only that would hand the "
        "turn back to the computer, which would play the same move again at once.",
        "Move `i` of the history was made by `\"XO\"[i % 2]`. Against a computer, find the last index whose mark is "
        "`game.human` and keep `game.history[:i]`; if there is none (the computer's opening move only), return "
        "False. With two people, `game.human` is None and the last move is taken back.",
    ),
    explanation="""\
**Why it works.** A `Board` never changes, so the state before a move is rebuilt by replaying the
history from `game.start` without its last entries; that always gives a legal position, whatever the
move was. After the game is over the same rule applies: undo takes back the move that ended it, and play
goes on from there, which is what a player who clicked too fast wants.

**Why two moves against a computer.** The person can only take back their own move, but by the time they
press Undo the computer has replied. Taking back just the reply leaves the computer to move, and it moves
at once (the same move, if it is deterministic), so Undo would seem to do nothing. So undo skips back over
the computer's replies to the last move the person made. If the computer plays X, its opening move is not
the person's, and undo at the start returns False.

For the button: `undo_button.on_click(lambda _: undo(widget.game) and widget.refresh())`, and from code,
`assert undo(widget.game)` after some clicks, then compare `widget.board` and the buttons' descriptions.""",
    code=(undo,),
    checker=custom_check(_judge_undo, kind="function"),
    answer=lambda: undo,
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


def _opponent_boards() -> tuple[Board, ...]:
    return unfinished_positions() + random_positions(4, 4, 4, 500, 0)


def _judge_opponent(answer):
    if isinstance(answer, type):
        return wrong(
            f"That is the class {answer.__name__} itself: pass an object of it, {answer.__name__}(), as"
            " BoardWidget(opponent=...) needs."
        )
    if getattr(answer, "move", None) is None:
        return wrong(f"An opponent is an object with a method move(board), but {describe_value(answer)} has none.")
    move = Learner(answer.move, "move")
    for board in _opponent_boards():
        where = move(board, where=f"on this board ({board.turn} to move)", show=(board,))
        try:
            cell = board.cell(where)
        except BoardError as error:
            return wrong(f"move returned {describe_value(where)} on this board ({board.turn} to move):", board,
                         f"That is not a cell: {error}.")
        if board.cells[cell] != ".":
            return wrong(
                f"move returned cell {cell} on this board ({board.turn} to move), but it is taken by {board.cells[cell]}:",
                board,
                "Choose among board.legal_moves().",
            )
    game = Game(opponent=answer, computer="X")
    return right(
        "your opponent returns a legal cell on all 4,520 unfinished 3×3 positions and on 500 of 4×4 (k = 4), with X or"
        f" O to move; playing X in a Game it opened at cell {game.history[0]} before you could move."
    )


WHO_STARTS = Exercise(
    number=2,
    title="Who starts",
    prompt="""\
Write a small opponent class with a `move(board)` method that returns a legal cell (the first legal
cell, or a random one from a `random.Random(0)` kept on the object) and pass an object of it as
`BoardWidget(opponent=...)`. Add `ToggleButtons(options=["I play X", "I play O"])` whose change calls
`restart(computer=...)`. When the computer plays X it must move before you can; check from code that
it does. The check asks your opponent for a move on every unfinished 3×3 position and on 500 positions
of 4×4 with k = 4, with X or O to move.""",
    starter="""\
class FirstCell:
    def move(self, board):
        raise NotImplementedError  # replace this line with your code


exercise("02", 2).check(FirstCell())""",
    hints=(
        "`board.legal_moves()` lists the empty cells while the game goes on. The opponent is asked to move only "
        "when it is its turn, so it can play for whichever side `board.turn` says.",
        "`FirstCell().move(board)` can return `board.legal_moves()[0]`. For a random opponent, make the generator "
        "once, in `__init__` (`self.rng = random.Random(seed)`), not on every move, or it repeats the same choice.",
        "For the toggle: `toggle.observe(lambda change: widget.restart(computer=\"O\" if change[\"new\"] == "
        "\"I play X\" else \"X\"), names=\"value\")`. From code: after `widget.restart(computer=\"X\")`, "
        "`widget.game.history` holds one cell and `widget.board.turn == \"O\"`.",
    ),
    explanation="""\
**Why it works.** A legal move is an empty cell of a game that is not over, which is exactly what
`board.legal_moves()` lists, on any board size; the opponent never needs to know which side it plays,
because `Game` asks it only on its own turn. `Game.new` (which `restart` calls) makes the computer's
move straight away when the computer plays X, so by the time the board is drawn X has moved and the
status line says "O to move".

A random opponent keeps one `random.Random(seed)` for its whole life: created afresh on every move with
the same seed it would always pick the same position in the list. (`RandomCell` below does it right.)""",
    code=(FirstCell, RandomCell),
    checker=custom_check(_judge_opponent, instruction="replace None with your opponent object, then run the cell again."),
    answer=lambda: FirstCell(),
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
    parts = answer.split(",")
    if len(parts) == 2 and all(part.strip() in ("0", "1", "2") for part in parts):
        row, col = (int(part) for part in parts)
        return str(row * 3 + col)
    return answer


ANSWERS = (
    [f"{row},{col}" for row in range(3) for col in range(3)]
    + ["1, 2", " 2 ,0 ", "4", "centre", "", "q", "3,3", "0,3", "-1,0", "1,", ",2", "1,2,3", "a,b", "1 2", "1;2"]
)
GAME = ["1,1", "centre", "1,1", "0,1", "0,0", "2,2", "3,3", "2,0", "0,2", "1,0"]  # the notebook's game, by row and column


def _reads(row_col, read):
    """What the learner's ``row_col(read)`` returns for the prompt; ``EOFError`` itself when it lets one through."""
    wrapped = row_col(read)
    if not callable(wrapped):       # the learner's value, not a guard: Learner already guards row_col itself
        stop(f"row_col(read) returned {describe_value(wrapped)}: it should return the new read function.")
    try:
        return wrapped(PROMPT)
    except EOFError:
        return EOFError


def _judge_row_col(answer):
    row_col = Learner(answer, "row_col", args="read")
    for given in ANSWERS:
        asked = []

        def read(prompt, given=given, asked=asked):
            asked.append(prompt)
            return given

        got = row_col(read, where=f"for the answer {given!r}", call=_reads,
                      note="Anything you cannot turn into a cell should be passed on unchanged, for the loop to refuse.")
        if asked != [PROMPT]:
            stop(f"Your read should ask the wrapped read once, with the prompt it was given; it asked {asked!r}.")
        expected = _expected_row_col(given)
        if not isinstance(got, str):
            stop(f"For the answer {given!r} your read returned {describe_value(got)}: a read returns text.")
        if got.strip() != expected.strip():
            if expected == given:
                why = (f"{given!r} is not a row and column on the board, so pass it on unchanged and let the loop"
                       " refuse it with its own message.")
                if given in ("3,3", "0,3", "-1,0"):
                    why += (" (Turning it into a cell number would give a message about a cell the player never"
                            " typed.)")
            else:
                why = f"row {given.split(',')[0].strip()}, column {given.split(',')[1].strip()} is cell {expected}."
            stop(f"For the answer {given!r} your read returned {got!r}, expected {expected!r}: {why}")

    def ending(prompt):
        raise EOFError

    if row_col(ending, where="when the wrapped read raises EOFError (the input has ended)", call=_reads,
               note="Let the EOFError through: the loop needs it to stop.") is not EOFError:
        stop("When the wrapped read raises EOFError (the input has ended), your read swallowed it;"
             " let it through, so that the loop stops.")
    return right(
        f"row and column answers become cells, the other {len(ANSWERS) - 11} kinds of answer pass through unchanged,"
        " and the end of the input still ends the game."
    )


ROWS_COLS = Exercise(
    number=3,
    title="Rows and columns",
    prompt="""\
Without changing `run_game`, write `row_col(read)`, which wraps another `read` function and returns a
new one: an answer `row,col` on the 3×3 board (such as `1,2`, spaces allowed around the numbers)
becomes its cell number (`"5"`), and anything else, off-board pairs included, is passed on unchanged,
so that the loop still refuses it with its own message. Test it with `scripted`:
`run_game(read=row_col(scripted([...])))`. The check tries twenty-four kinds of answer and the end
of the input.""",
    starter=function_starter(row_col),
    hints=(
        "`row_col` returns a function: define `def read_cell(prompt):` inside it, call `read(prompt)` there, and "
        "`return read_cell`. The prompt goes on unchanged; only the answer is translated.",
        "`answer.split(\",\")` gives the parts; translate only when there are exactly two, each a whole number "
        "from 0 to 2 after `.strip()` (`part.strip().isdecimal()` refuses `-1`). Cell = `3 * row + col`.",
        "Everything else (`centre`, `q`, `3,3`, an empty line) is returned as it came, and an `EOFError` from "
        "`read` must not be caught: the loop uses it to stop.",
    ),
    explanation="""\
**Why it works.** `run_game` asks its `read` for a line and does everything else itself, so a new way
of typing moves is a new `read`, and the loop never needs to change. `row_col` only rewrites answers it
fully understands; anything else reaches the loop as it was typed, so the loop's own checks (not a
number, off the board, taken) and its messages still apply. Passing on `3,3` gives "'3,3' is not a
number", which is honest if not ideal; translating it to 12 would be worse, a message about a cell the
player never typed. (A better message needs the loop to accept pairs: `Board.play((3, 3))` already
explains "rows run 0..2 and columns 0..2".) The end of input is an `EOFError` from the wrapped `read`,
and it passes straight through, so the loop still stops cleanly.""",
    code=(row_col,),
    checker=custom_check(_judge_row_col, kind="function"),
    answer=lambda: row_col,
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


def _hutton_reference(board: Board, answer: str):
    if not answer or any(char not in "0123456789" for char in answer):
        return INVALID_NUMBER
    cell = int(answer)
    return INVALID_MOVE if cell >= board.size or board.cells[cell] != "." else None


def _describe_hutton(board, answer, expected, got):
    """The rule of getNat or valid that the answer tests (the slip shows in which answer fails)."""
    if answer == "٣":
        return ("'٣' is the Arabic-Indic digit three. Haskell's isDigit accepts only 0-9, but Python's str.isdigit"
                " (and int) accept the digits of every script: test `char in \"0123456789\"`.")
    if answer in (" 4", "4 "):
        return "getNat does not strip spaces: a space is not a digit, so the whole line is an invalid number."
    if answer == "-1":
        return "getNat accepts digits only, and '-' is not one: -1 is an invalid *number* there, not a move."
    if answer == "":
        return "An empty line is not a number for getNat (`xs /= []`)."
    if answer in ("04", "007"):
        return "A line of digits with leading zeros is still a number: `read \"04\"` is 4."
    if expected == INVALID_MOVE and got is None:
        return "That cell is off the board or taken, which `valid` refuses."
    return None


def _hutton_cases() -> list[tuple[Board, str]]:
    return [(board, given) for board in unfinished_positions() for given in HUTTON_ANSWERS]


HUTTON = Exercise(
    number=4,
    title="Hutton's messages",
    prompt="""\
Write `hutton_message(board, answer)` that returns what Hutton's loop prints for an answer:
`"ERROR: Invalid number"` when `getNat` rejects the line (it accepts only a non-empty line of the
digits 0–9, as Haskell's `isDigit` does), `"ERROR: Invalid move"` when `valid` rejects the cell (off
the board, or not blank), and `None` for a move it plays. Run it over the script of this notebook:
which answers there, or which others you can think of, get a different kind of message from ours? The
check tries twenty-one answers on every unfinished position.""",
    starter=function_starter(hutton_message),
    hints=(
        "Two tests, in the order Hutton's code makes them: first `getNat` (is the line a number at all?), then "
        "`valid` (is that cell on the board and empty?).",
        "`getNat` does not strip spaces and has no minus sign: the line must be non-empty and every character one "
        "of `\"0123456789\"`. Careful: Python's `str.isdigit` also accepts digits of other scripts, such as `'٣'`.",
        "`if answer == \"\" or not all(c in \"0123456789\" for c in answer): return \"ERROR: Invalid number\"`; then "
        "`cell = int(answer)`, and `\"ERROR: Invalid move\"` unless `cell < board.size` and "
        "`board.cells[cell] == \".\"`.",
    ),
    explanation="""\
**Why it works.** Hutton's loop checks in two stages, and the function follows them: `getNat` accepts a
line only if it is non-empty and all digits (`xs /= [] && all isDigit xs`), otherwise it prints
"ERROR: Invalid number" and asks again; then `move` returns `[]` unless `valid g i` (the cell is on the
board and blank), and the loop prints "ERROR: Invalid move". A line of digits can never be negative, so
`valid`'s `0 <= i` always holds.

**The kinds of message.** On this notebook's script the two loops refuse the same answers for the same
kind of reason: `centre` is not a number for either, and `4` (taken) and `9` (off the board) are invalid
moves for both, though ours says which. The differences lie elsewhere: `-1` is "not a number" for Hutton
but an off-board cell for us; ` 4` with a space is not a number for Hutton, while we strip spaces and play
4; and `q` abandons our game but is just an invalid number for Hutton's.""",
    code=(hutton_message,),
    checker=function_check(
        _hutton_reference, _hutton_cases, name="hutton_message", args="board, answer", describe=_describe_hutton,
        label=f"all 4,520 unfinished positions, for {len(HUTTON_ANSWERS)} answers each",
    ),
    answer=lambda: hutton_message,
)


# ====================================================================== 02.5 ★ bigger boards and 02.6 ★ two views

BIGGER = Exercise(
    number=5,
    title="Bigger boards",
    star=True,
    prompt="""\
`BoardWidget(rows=4, cols=4, k=4)` already works. Add a drop-down that switches between 3×3 with k=3,
4×4 with k=4 and 5×5 with k=4, replacing the board inside a container when the choice changes. Play a
few 4×4, k=4 games: does either side seem to have the upper hand? Notebook 09 solves 4×4 exactly.""",
    hints=(
        "Put the board in a container, `box = VBox([BoardWidget()])`, and show `VBox([dropdown, box])`. When the "
        "drop-down changes, replace the container's children: `box.children = [BoardWidget(rows=..., cols=..., k=...)]`.",
        "`Dropdown(options=[(\"3×3, k=3\", (3, 3, 3)), (\"4×4, k=4\", (4, 4, 4)), (\"5×5, k=4\", (5, 5, 4))])` gives "
        "each label a value; `dropdown.observe(handler, names=\"value\")` calls `handler(change)` with "
        "`change[\"new\"]` the chosen triple.",
        "On 4×4 with k = 4 each line needs all four cells of a row, column or long diagonal, and a single mark of "
        "the opponent kills it: blocking is easy. Expect many draws between careful players.",
    ),
    explanation="""\
**A model answer.** The widget only draws a `Game`, so switching size means making a new widget:

```python
from ipywidgets import Dropdown, VBox
from ttt.view.widgets import BoardWidget

sizes = Dropdown(options=[("3×3, k=3", (3, 3, 3)), ("4×4, k=4", (4, 4, 4)), ("5×5, k=4", (5, 5, 4))])
box = VBox([BoardWidget()])
sizes.observe(lambda change: setattr(box, "children", [BoardWidget(*change["new"])]), names="value")
VBox([sizes, box])
```

**Who has the upper hand?** On 4×4 with k = 4 a line must fill a whole row, column or long diagonal (10
lines, against 8 on 3×3), and one opposing mark kills a line, so the second player can block every
threat: careful games end in draws, and notebook 09's exact search confirms that 4×4 with k = 4 is a draw
with perfect play.""",
)

TWO_VIEWS = Exercise(
    number=6,
    title="Two views, one model",
    star=True,
    prompt="""\
Show `board_widget` again in a new cell and click in one of the two copies. What happens in the other,
and why? Then write a second view of the same `Game`, for example an `HTML` widget showing
`board_svg(game.board)` from `ttt.view.display`, that is redrawn after every click, and say which
object is the model.""",
    hints=(
        "Showing a widget twice does not copy it: both outputs are views of one widget model in the kernel. What "
        "does a click change: the view, or the model?",
        "For the second view: `picture = HTML(board_svg(board_widget.game.board))`, and after each click set "
        "`picture.value` again. A button's `on_click` can take more than one handler.",
        "The `Game` is the model of the game: the buttons and the picture both read it, and neither keeps a copy "
        "of the board.",
    ),
    explanation="""\
**What happens.** Both copies change together. Displaying a widget twice does not make a second widget:
it makes a second *view* of the same widget model, and a click in either view goes to the one
`BoardWidget` in the kernel, which calls `Game.click` and updates its buttons; the browser then redraws
every view of those buttons.

**A second view.** An `HTML` widget showing `board_svg(board_widget.game.board)`, refreshed by a handler
added to every button (`button.on_click(lambda _: redraw())`), always shows the same position as the
buttons, because both read the same `Game`. The `Game` is the model (the board, the history, the
message); the buttons, the status line and the picture are views, and none of them decides anything.""",
)


EXERCISES = [UNDO, WHO_STARTS, ROWS_COLS, HUTTON, BIGGER, TWO_VIEWS]

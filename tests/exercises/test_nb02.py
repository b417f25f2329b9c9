"""Notebook 02's exercises: every check accepts the worked solution and rejects a learner's typical mistakes."""

from __future__ import annotations

import random
import re

import pytest
from exercise_support import as_learners, assert_stopped_in_time, forever, quick_verdict, verdict

from ttt import Board
from ttt.exercises import exercise, nb02
from ttt.game import Game, status_line
from ttt.view.textgame import run_game, scripted

PROMPT = nb02.PROMPT


def test_four_of_the_six_are_checked_by_code():
    assert [item.has_check for item in nb02.EXERCISES] == [True, True, True, True, False, False]
    for number in (5, 6):
        item = exercise("02", number)
        assert item.kind == "open" and len(item.hints) >= 2 and "**What happens.**" in exercise("02", 6).solution_markdown()


# ---------------------------------------------------------------------- 02.1 undo


def test_undo_goes_back_and_against_a_computer_takes_two_moves(capsys):
    game = Game()
    for cell in (4, 0, 8):
        game.click(cell)
    assert nb02.undo(game) and game.history == [4, 0] and game.message == "X to move"
    computer = Game(opponent=nb02.FirstCell(), computer="O")
    computer.click(4)                                     # the computer replies at 0
    assert computer.history == [4, 0] and nb02.undo(computer) and computer.history == []
    assert not nb02.undo(computer) and computer.board == Board.empty()
    opening = Game(opponent=nb02.FirstCell(), computer="X")
    assert not nb02.undo(opening) and opening.history == [0]
    result, out = verdict(capsys, "02", 1, nb02.undo)
    assert result is True and "105 seeded games" in out


def _one_move(game):                                      # forgets the computer's reply
    if not game.history:
        return False
    board = game.start
    for cell in game.history[:-1]:
        board = board.play(cell)
    game.board, game.history, game.message = board, game.history[:-1], status_line(board)
    return True


def _stale_message(game):
    message = game.message
    result = nb02.undo(game)
    game.message = message
    return result


def _empty_board_start(game):                             # replays from Board.empty(): wrong on 4×4
    start, game.start = game.start, Board.empty()
    try:
        return nb02.undo(game)
    finally:
        game.start = start


def _no_return(game):
    nb02.undo(game)


def _two_back(game):                                      # takes back two moves even between two people
    if game.human is None and len(game.history) >= 2:
        nb02.undo(game)
    return nb02.undo(game)


def _opening_too(game):                                   # takes back the computer's opening move as well
    if nb02.undo(game):
        return True
    if game.history:
        game.board, game.history, game.message = game.start, [], status_line(game.start)
        return True
    return False


@pytest.mark.parametrize("mistake, slip, words", [
    (_one_move, "only-the-reply", "That took back only the computer's reply"),
    (_stale_message, "stale-message", "after undo the message is"),
    (_empty_board_start, "error", "a 4×4 game of two people"),                   # replays on a 3×3 board
    (_no_return, "returns-none", "returned None"),
    (_two_back, "too-many", "It took back 1 move too many."),                     # one move, not "1 moves"
    (lambda game: nb02.undo(game) if len(game.history) % 3 else True, "too-few", "It took back 1 move too few."),
    (lambda game: 1 / 0, "error", "ZeroDivisionError"),
    ("undo", "not-callable", "needs the function undo itself"),
    (_opening_too, "undoes-what-is-not-yours", "its first move is not yours to take back"),
    (lambda game: 1 if nb02.undo(game) else False, "returns-not-true", "returned: 1, leaving the history"),
])
def test_undo_mistakes(capsys, mistake, slip, words):
    assert exercise("02", 1).judge(mistake).mistake == slip
    result, out = verdict(capsys, "02", 1, mistake)
    assert result is False and words in out


def test_an_undo_in_another_style_passes(capsys):
    """The person's last move found from the end of the history, the game replayed by clicks, a longer message."""
    def undo(game):
        mine = [i for i in range(len(game.history)) if game.human in (None, "XO"[i % 2])]
        if not mine:
            return False
        history = game.history[:mine[-1]]
        game.board = game.start
        for cell in history:
            game.board = game.board.play(cell)
        game.history = history
        game.message = f"Move taken back. {status_line(game.board)}"
        return True

    assert quick_verdict(capsys, "02", 1, undo, 1.0)[0] is True


def test_undo_starter_is_calm(capsys):
    def undo(game):
        raise NotImplementedError

    assert verdict(capsys, "02", 1, undo)[1].startswith("Exercise 02.1 is not answered yet")


# ---------------------------------------------------------------------- 02.2 who starts


def test_opponents_pass(capsys):
    assert verdict(capsys, "02", 2, nb02.FirstCell())[0] is True
    assert verdict(capsys, "02", 2, nb02.RandomCell(0))[0] is True
    game = Game(opponent=nb02.FirstCell(), computer="X")
    assert game.history == [0] and game.board.turn == "O"


class _AnyCell:
    def move(self, board):
        return random.Random(board.cells).randrange(board.size)


class _NineCells:
    def move(self, board):
        return [cell for cell in range(9) if board.cells[cell] == "."][0]


class _Pair:
    def move(self, board):
        return (board.rows, 0)                            # a row past the last one


@pytest.mark.parametrize("answer, slip, words", [
    (nb02.FirstCell, "a-class-not-an-object", "pass an object of it, FirstCell()"),
    (_AnyCell(), "taken-cell", "is taken by"),
    (_NineCells(), "error", "IndexError"),
    (_Pair(), "not-a-cell", "That is not a cell: cell (3, 0) is off the board"),
    (object(), "no-move-method", "has none"),
])
def test_opponent_mistakes(capsys, answer, slip, words):
    assert exercise("02", 2).judge(answer).mistake == slip
    result, out = verdict(capsys, "02", 2, answer)
    assert result is False and words in out


def test_opponents_in_other_styles_pass(capsys):
    """A (row, col) pair names a cell too; a function's object with a move attribute is an opponent as well."""
    class LastCellByRowAndColumn:
        def move(self, board):
            return divmod(board.legal_moves()[-1], board.cols)

    class Namespace:
        pass

    any_legal = Namespace()
    any_legal.move = lambda board: random.choice(board.legal_moves())
    assert quick_verdict(capsys, "02", 2, LastCellByRowAndColumn(), 1.0)[0] is True
    assert quick_verdict(capsys, "02", 2, any_legal, 1.0)[0] is True


class _AllLegal:
    def move(self, board):
        return board.legal_moves()                          # every legal cell, not one


class _TrueCell:
    def move(self, board):
        return True                                         # equal to 1, but not a cell


@pytest.mark.parametrize("answer, slip, values", [
    (_AllLegal(), "not-a-cell", "a cell is an index or a (row, col) pair, not [0]"),
    (_TrueCell(), "not-a-cell", "not True"),
])
def test_an_opponent_that_names_no_cell_is_refused(answer, slip, values):
    judged = exercise("02", 2).judge(answer)
    assert judged.mistake == slip and values in judged.text


# ---------------------------------------------------------------------- 02.3 rows and columns


def test_row_col_plays_the_notebook_game(capsys):
    said = []
    final = run_game(read=nb02.row_col(scripted(nb02.GAME, echo=said.append)), write=said.append)
    assert final == Board.parse("XOO/XX./X.O") and "'3,3' is not a number: enter a cell number 0-8." in said
    result, out = verdict(capsys, "02", 3, nb02.row_col)
    assert result is True and "the other 13 kinds of answer pass through unchanged" in out
    assert [nb02.row_col(scripted([answer], echo=lambda line: None))("?") for answer in nb02.GAME] == [
        "4", "centre", "4", "1", "0", "8", "3,3", "6", "2", "3"]


def _converts_everything(read):
    def read_cell(prompt):
        answer = read(prompt)
        try:
            row, col = answer.split(",")
            return str(3 * int(row) + int(col))
        except ValueError:
            return answer
    return read_cell


def _swallows_the_end(read):
    inner = nb02.row_col(read)

    def read_cell(prompt):
        try:
            return inner(prompt)
        except EOFError:
            return "q"
    return read_cell


def _col_row(read):
    def read_cell(prompt):
        answer = read(prompt)
        parts = answer.split(",")
        if len(parts) == 2 and all(part.strip() in ("0", "1", "2") for part in parts):
            return str(int(parts[1]) * 3 + int(parts[0]))     # row and column swapped
        return answer
    return read_cell


def _no_spaces(read):
    def read_cell(prompt):
        answer = read(prompt)
        if len(answer) == 3 and answer[1] == "," and answer[0] in "012" and answer[2] in "012":
            return str(3 * int(answer[0]) + int(answer[2]))
        return answer
    return read_cell


@pytest.mark.parametrize("mistake, slip, words", [
    (_converts_everything, "translates-too-much", ("for the answer '3,3'", "returned: '12'")),
    (_swallows_the_end, "swallows-the-end", ("when the wrapped read raises EOFError", "Your read swallowed it")),
    (_col_row, "rows-cols-swapped", ("for the answer '0,1'", "returned: '3'", "swapped")),
    (_no_spaces, "passes-a-pair-on", ("for the answer '1, 2'", "returned: '1, 2'")),
    (lambda read: (lambda prompt: read("")), "asks-otherwise", "with the prompt it was given"),
    (lambda read: None, "returns-no-function",
     "row_col(read) returned None (a NoneType): it should return the new read function."),
    (lambda read: read(PROMPT), "returns-no-function", "Does row_col translate the answer itself?"),
])
def test_row_col_mistakes(capsys, mistake, slip, words):
    assert exercise("02", 3).judge(mistake).mistake == slip
    result, out = verdict(capsys, "02", 3, mistake)
    assert result is False and all(phrase in out for phrase in ((words,) if isinstance(words, str) else words))


def _as_number(read):                                     # the cell as a number, not as text
    def read_cell(prompt):
        answer = nb02.row_col(read)(prompt)
        return int(answer) if answer.isdecimal() else answer
    return read_cell


def _rows_of_two(read):                                    # row * 2 + col: a cell, but not that row's and column's
    def read_cell(prompt):
        answer = read(prompt)
        parts = [part.strip() for part in answer.split(",")]
        if len(parts) == 2 and all(part in ("0", "1", "2") for part in parts):
            return str(2 * int(parts[0]) + int(parts[1]))
        return answer
    return read_cell


@pytest.mark.parametrize("mistake, slip, values", [
    (_as_number, "returns-no-text", "For the answer '0,0' your read returned 0 (an int)"),
    (_rows_of_two, "wrong-cell", "returned: '2'"),                # 1,0 is cell 3, not 2
])
def test_row_col_values_that_are_no_cell_text(mistake, slip, values):
    judged = exercise("02", 3).judge(mistake)
    assert judged.mistake == slip and values in judged.text


def test_an_error_on_an_answer_that_is_no_cell_says_to_pass_it_on():
    def row_col(read):
        return lambda prompt: str(sum(3 ** i * int(part) for i, part in enumerate(read(prompt).split(",")[::-1])))

    judged = exercise("02", 3).judge(row_col)
    assert judged.mistake == "error" and "for the answer '4'" not in judged.text and "centre" in judged.text
    assert "passed on unchanged" in judged.text


def test_a_row_col_reading_a_table_passes(capsys):
    cells = {(str(row), str(col)): str(3 * row + col) for row in range(3) for col in range(3)}

    def row_col(read):
        def translated(prompt):
            answer = read(prompt)
            pair = tuple(part.strip() for part in answer.split(","))
            return cells.get(pair, answer)
        return translated

    assert quick_verdict(capsys, "02", 3, row_col, 1.0)[0] is True


def test_a_row_col_already_called_is_named_in_the_learners_terms(capsys):
    """Issue 27: row_col(scripted([...])), already called, printed an internal `<function ...read at 0x...>`."""
    said = []
    answer = nb02.row_col(scripted(["1,1", "0,0"], echo=said.append))
    assert exercise("02", 3).judge(answer).mistake == "already-called"
    result, out = verdict(capsys, "02", 3, answer)
    assert result is False and "check(row_col), not check(row_col(scripted([...])))" in out
    assert "0x" not in out and said == []                 # the learner's read was never called


def test_graded_mode_hides_the_expected_cell(monkeypatch):
    monkeypatch.setenv("TTT_GRADED", "1")
    judged = exercise("02", 3).judge(_col_row)
    assert judged.mistake == "rows-cols-swapped" and "'1'" not in judged.text and "expected" not in judged.text


def test_a_row_col_in_another_style_passes(capsys):
    """A class whose objects are the read functions, and a regular expression: right, so accepted."""
    import re

    class RowCol:
        def __init__(self, read):
            self.read = read

        def __call__(self, prompt):
            answer = self.read(prompt)
            found = re.fullmatch(r"\s*([0-2])\s*,\s*([0-2])\s*", answer)
            return str(3 * int(found[1]) + int(found[2])) if found else answer

    assert verdict(capsys, "02", 3, RowCol)[0] is True
    assert verdict(capsys, "02", 3, as_learners(nb02.row_col)[0])[0] is True


# ---------------------------------------------------------------------- 02.4 Hutton's messages


def test_hutton_message_and_the_script(capsys):
    board = Board.parse("XOO/XX./..O")
    assert [nb02.hutton_message(board, answer) for answer in ("4", "centre", "9", "-1", " 5", "5")] == [
        nb02.INVALID_MOVE, nb02.INVALID_NUMBER, nb02.INVALID_MOVE, nb02.INVALID_NUMBER, nb02.INVALID_NUMBER, None]
    assert verdict(capsys, "02", 4, nb02.hutton_message)[0] is True


def _strips(board, answer):
    return nb02.hutton_message(board, answer.strip())


def _isdigit(board, answer):
    if not answer.isdigit():
        return nb02.INVALID_NUMBER
    cell = int(answer)
    return nb02.INVALID_MOVE if cell >= 9 or board.cells[cell] != "." else None


def _with_minus(board, answer):
    try:
        cell = int(answer)
    except ValueError:
        return nb02.INVALID_NUMBER
    return nb02.INVALID_MOVE if not 0 <= cell < 9 or board.cells[cell] != "." else None


def _taken_is_fine(board, answer):
    message = nb02.hutton_message(board, answer)
    return None if message == nb02.INVALID_MOVE and answer.isdigit() and int(answer) < 9 else message


def _leading_zeros(board, answer):
    return nb02.INVALID_NUMBER if answer.startswith("0") and len(answer) > 1 else nb02.hutton_message(board, answer)


@pytest.mark.parametrize("mistake, slip, words", [
    (_strips, "strips_spaces", "getNat does not strip spaces"),
    (_isdigit, "isdigit", "Arabic-Indic digit three"),
    (_with_minus, "int_parses", "-1 is an invalid *number* there"),
    (_taken_is_fine, "taken_is_fine", "That cell is taken, which `valid` refuses"),
    (_leading_zeros, "leading_zero_refused", "A line of digits with leading zeros is still a number"),
    (lambda board, answer: None, "always_none", "does it print the message instead of returning it?"),
    (lambda board, answer: print(nb02.hutton_message(board, answer)), "always_none", "instead of returning it"),
    (lambda board, answer: nb02.hutton_message(board, answer) if answer else answer[0], "error", "IndexError"),
])
def test_hutton_mistakes(capsys, mistake, slip, words):
    assert exercise("02", 4).judge(mistake).mistake == slip
    result, out = verdict(capsys, "02", 4, mistake)
    assert result is False and words in out
    assert "is a `return` missing?" not in out          # None is a right answer here: a move Hutton's loop plays


def _strips_by_regex(board, answer):
    if not re.fullmatch(r"\s*[0-9]+\s*", answer):
        return nb02.INVALID_NUMBER
    cell = int(answer)
    return None if cell < board.size and board.cells[cell] == "." else nb02.INVALID_MOVE


def _digits_one_by_one(board, answer):
    if answer == "" or not all(char.isdigit() for char in answer):
        return nb02.INVALID_NUMBER
    cell = int(answer)
    return None if cell < board.size and board.cells[cell] == "." else nb02.INVALID_MOVE


def _ascii_digits(board, answer):                         # right: isdigit() on ASCII text is getNat's test
    if not (answer.isascii() and answer.isdigit()):
        return nb02.INVALID_NUMBER
    return None if int(answer) < board.size and board.cells[int(answer)] == "." else nb02.INVALID_MOVE


def test_hutton_slips_written_otherwise_are_named_by_behaviour():
    """The slips are one-line variants now: other spellings of the same slip get the same id."""
    assert exercise("02", 4).judge(_strips_by_regex).mistake == "strips_spaces"
    assert exercise("02", 4).judge(_digits_one_by_one).mistake == "isdigit"
    assert exercise("02", 4).judge(_ascii_digits).ok


def test_a_message_spelt_otherwise_is_told_the_exact_words(capsys):
    def hutton_message(board, answer):
        message = nb02.hutton_message(board, answer)
        return message and message.removeprefix("ERROR: ")

    result, out = verdict(capsys, "02", 4, hutton_message)
    assert result is False and "Hutton's loop prints it exactly as 'ERROR: Invalid move'" in out


def test_hutton_in_another_style_passes_at_once(capsys):
    """A table of Hutton's rules, a regular expression for getNat: right, so accepted."""
    import re

    def hutton_message(board, answer):
        if not re.fullmatch(r"[0-9]+", answer):
            return "ERROR: Invalid number"
        return None if int(answer) < board.size and board.cells[int(answer)] == "." else "ERROR: Invalid move"

    result, out = quick_verdict(capsys, "02", 4, hutton_message, 1.0)
    assert result is True and "47 positions (one in 100 unfinished positions, and the empty board), for 21 answers" in out


# ---------------------------------------------------------------------- every check within 3 s


class _Stuck:
    move = staticmethod(forever)


@pytest.mark.parametrize("number, answer, name", [
    (1, forever, "undo"), (2, _Stuck(), "move"), (3, forever, "row_col"), (4, forever, "hutton_message"),
])
def test_an_endless_answer_is_too_slow_within_3_seconds(capsys, number, answer, name):
    assert_stopped_in_time(capsys, "02", number, answer, name)


def test_the_starters_are_calm(capsys):
    from exercise_support import assert_unanswered

    for number in (1, 3, 4):
        namespace = {"exercise": lambda *args: None}
        exec(exercise("02", number).starter.rsplit("\n", 1)[0], namespace)
        function = next(value for key, value in namespace.items() if callable(value) and key != "exercise")
        assert_unanswered(capsys, "02", number, function)


def _history_kept(game):                                  # replays the board but never shortens game.history
    history, undone = list(game.history), nb02.undo(game)
    game.history = history
    return undone


def _board_kept(game):                                    # shortens the history but leaves the board as it was
    board, undone = game.board, nb02.undo(game)
    game.board, game.message = board, status_line(board)
    return undone


@pytest.mark.parametrize("mistake, slip", [(_history_kept, "history-out-of-step"), (_board_kept, "wrong-position")])
def test_undo_slips_of_the_board_or_the_history_alone_are_named(mistake, slip):
    """A learner's undo that updates one of the two only; a history kept between two people was told "took back 1 move
    too few" although the board was taken back: the history out of step is named whoever plays."""
    judged = exercise("02", 1).judge(mistake)
    assert judged.mistake == slip and "returned: True, leaving the history" in judged.text


def _board_as_text(game):                                 # leaves the board as its notation, not a Board
    undone = nb02.undo(game)
    game.board = game.board.notation
    return undone


def _history_as_tuple(game):                              # game.click appends to game.history: a tuple breaks it
    undone = nb02.undo(game)
    game.history = tuple(game.history)
    return undone


@pytest.mark.parametrize("mistake, slip", [(_board_as_text, "board-not-a-board"),
                                           (_history_as_tuple, "history-not-a-list")])
def test_undo_that_leaves_the_game_unplayable_is_named_not_told_it_raised(mistake, slip):
    """The check's own reading of the game raised on a board that is no Board ("undo raised an error", though undo
    did not), and a tuple history passed, though the game's next click appends to it."""
    judged = exercise("02", 1).judge(mistake)
    assert judged.mistake == slip and "raised" not in judged.text
    game = Game()
    game.click(4)
    mistake(game)
    with pytest.raises(AttributeError):                   # what the learner's game would do next
        game.click(0) if slip == "history-not-a-list" else status_line(game.board)


def _row_col_factory(parse):
    """A learner's factory of row_col functions, the parsing passed in."""
    def row_col(read):
        def read_cell(prompt):
            return parse(read(prompt))
        return read_cell
    return row_col


def _by_pattern(answer):
    pair = re.fullmatch(r"\s*([0-2])\s*,\s*([0-2])\s*", answer)
    return str(3 * int(pair[1]) + int(pair[2])) if pair else answer


def _logged(function):                                   # a learner's decorator, without functools.wraps
    def wrapper(*args):
        return function(*args)
    return wrapper


@pytest.mark.parametrize("row_col", [_row_col_factory(_by_pattern), _logged(_row_col_factory(_by_pattern))])
def test_a_row_col_made_by_a_factory_or_a_decorator_is_not_taken_for_a_read_already_made(row_col):
    """Both were told "That is the read function that row_col returns, already made" (a closure holding a callable)."""
    assert exercise("02", 3).judge(row_col).ok
    assert exercise("02", 3).judge(row_col(scripted(["1,1"]))).mistake == "already-called"

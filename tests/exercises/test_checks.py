"""ttt.exercises.checks: every check says what is wrong in words, and never raises on a wrong answer."""

from __future__ import annotations

import pytest
from exercise_support import PILOT, checked_count  # noqa: F401
from exercise_support import toy as make_toy

from ttt import Board
from ttt.exercises import exercise, nb00
from ttt.exercises.checks import (
    claim_check,
    custom_check,
    function_check,
    number_check,
    numbers_check,
    position_check,
    sorted_cells,
)
from ttt.exercises.positions import unfinished_positions

# ---------------------------------------------------------------------- checks: never raise, say why


def test_a_function_check_reports_errors_in_words(capsys):
    def forcing_moves(board):
        return 1 // (len(board.legal_moves()) - 1)   # ZeroDivisionError on a board with one empty cell

    assert exercise("00", 3).check(forcing_moves) is False
    out = capsys.readouterr().out
    assert "forcing_moves raised an error on this board (X to move):" in out
    assert "ZeroDivisionError: integer division or modulo by zero" in out
    assert "return 1 // (len(board.legal_moves()) - 1)" in out   # the learner's own line
    assert " 0 | O | O " in out                                   # the board it happened on


@pytest.mark.parametrize("answer, words", [
    (None, "The check needs the function forcing_moves itself, but it got None"),
    ([3, 6], "not check(forcing_moves(board))"),
    (lambda board: None, "is a `return` missing?"),
    (lambda board: "36", "expected a list of cells"),
    (lambda board: [1.5], "holds 1.5 (a float)"),
])
def test_a_function_check_names_a_wrong_type(capsys, answer, words):
    assert exercise("00", 3).check(answer) is False
    out = capsys.readouterr().out
    assert words in out and "Traceback" not in out


def test_a_function_that_is_not_written_yet_is_not_answered(capsys):
    def forcing_moves(board):
        raise NotImplementedError  # replace this line with your code

    assert exercise("00", 3).check(forcing_moves) is False
    assert capsys.readouterr().out == (
        "Exercise 00.3 is not answered yet: replace the line `raise NotImplementedError` in forcing_moves"
        " with your code, then run the cell again.\n"
    )


def test_not_implemented_later_on_is_a_wrong_answer(capsys):
    def partial(board):
        if board.turn == "O":
            raise NotImplementedError("only X so far")
        return nb00.forcing_moves(board)

    assert exercise("00", 3).check(partial) is False
    assert "NotImplementedError: only X so far" in capsys.readouterr().out


def test_a_check_that_fails_itself_is_reported_as_a_course_bug(capsys):
    def broken(answer):
        raise KeyError("oops")

    assert make_toy(custom_check(broken)).check(3) is False
    out = capsys.readouterr().out
    assert "The check of exercise 99.1 itself failed (KeyError: 'oops')" in out and "bug in the course" in out


def test_an_open_question_has_nothing_to_check(capsys):
    assert exercise("00", 4).check("my answer") is False
    assert "open question" in capsys.readouterr().out


def test_number_check_says_too_big_or_too_small_and_explains_mistakes():
    toy = make_toy(number_check(10, what="the count", mistakes={9: "Did you leave out the root?"}))
    assert toy.judge(10).ok and toy.judge(10.0).ok
    assert toy.judge(9).text == "9 is not the count: it is too small. Did you leave out the root?"
    assert toy.judge(12_000).text == "12,000 is not the count: it is too big."
    assert toy.judge("10").text == "Give the count as a number, not the text '10': leave out the quotes."
    assert toy.judge(False).text == "Give the count as a number, not False."
    assert toy.judge([10]).text == "Give the count as a number, not [10] (a list)."
    assert toy.judge(float("nan")).text == "Give the count as a number, not NaN."
    assert toy.judge(None).status == toy.judge(...).status == "unanswered"
    assert not make_toy(number_check(10, direction=False)).judge(11).text.count("too")


def test_numbers_check_names_each_wrong_number():
    toy = make_toy(numbers_check({"a": 1, "b": 2}))
    assert toy.judge((1, 2)).ok and toy.judge({"a": 1, "b": 2}).ok
    assert toy.judge((1, 3)).text == "b: 3 is not right: it is too big.\n(a: right.)"
    assert toy.judge((None, 2)).text == "a: not answered yet.\n(b: right.)"
    assert toy.judge((None, None)).status == "unanswered"
    assert "Give 2 numbers in this order: (a, b); got 3" in toy.judge((1, 2, 3)).text
    assert "has no b" in toy.judge({"a": 1}).text
    assert "not 3 (an int)" in toy.judge(3).text
    assert toy.judge(("1", 2)).text == "a: Give the a as a number, not the text '1': leave out the quotes.\n(b: right.)"


def test_claim_check_shows_the_refutation(capsys):
    after = Board.empty().play(0)

    def refutation():
        return "O holds the draw by taking the centre:", after.play(4)

    toy = make_toy(claim_check(False, refutation, explain="Notebook 04 proves it."))
    assert toy.check(False) is True
    assert capsys.readouterr().out == "Correct: the claim is False. Notebook 04 proves it.\n"
    assert toy.check(True) is False
    out = capsys.readouterr().out
    assert "The claim is False, not True. Here is why:" in out and " X | 1 | 2 " in out and " O " in out
    assert toy.check("no") is False
    assert "Answer True or False, not 'no' (a str)" in capsys.readouterr().out
    assert toy.check(None) is False
    assert capsys.readouterr().out.startswith("Exercise 99.1 is not answered yet: replace None with True or False")


def test_position_check_parses_text_and_explains():
    toy = make_toy(position_check(lambda board: board.moves_made == 1, lambda board: f"{board.moves_made} marks"))
    assert toy.judge("X../.../...").ok and toy.judge(Board.empty().play(4)).ok
    assert toy.judge(".../.../...").text == "0 marks"
    assert "is not a position: impossible position" in toy.judge("OO./.../...").text
    assert "not 5 (an int)" in toy.judge(5).text


def test_sorted_cells_accepts_any_collection_of_cells():
    assert sorted_cells({6, 3}) == sorted_cells((c for c in (6, 3))) == [3, 6]
    for bad in ("36", 3, [True], Board.empty()):
        with pytest.raises(TypeError):
            sorted_cells(bad)


def test_function_check_compares_with_the_reference_on_the_positions_given(capsys):
    check = function_check(lambda board: board.turn, lambda: unfinished_positions()[-10:], name="whose_turn",
                           label="10 positions")
    toy = make_toy(check)
    assert toy.check(lambda board: board.turn) is True
    assert capsys.readouterr().out == "Correct: whose_turn agrees with the package on 10 positions.\n"
    assert toy.check(lambda board: "X") is False
    out = capsys.readouterr().out
    assert "whose_turn disagrees with the package on this board (O to move):" in out
    assert "expected: 'O'\nreturned: 'X'" in out



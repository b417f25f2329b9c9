"""ttt.exercises.checks: every check says what is wrong in words, and never raises on a wrong answer."""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from decimal import Decimal

import numpy as np
import pytest
from exercise_support import PILOT, checked_count  # noqa: F401
from exercise_support import toy as make_toy

import ttt.exercises.checks as checks_module
from ttt import Board
from ttt.exercises import exercise, nb00
from ttt.exercises.calls import Learner, run_judge
from ttt.exercises.checks import (CustomCheck, FunctionCheck, NumberCheck, NumbersCheck, PositionCheck, When,
                                  sorted_cells)
from ttt.exercises.verdicts import wrong
from ttt.positions import unfinished_positions

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
        return {}["oops"] if answer else None     # noqa: the bug is raised by the check's own line, here

    broken.__code__ = broken.__code__.replace(co_filename=checks_module.__file__)   # as if the package's own
    assert make_toy(CustomCheck(broken)).check(3) is False
    out = capsys.readouterr().out
    assert "The check of exercise 99.1 itself failed (KeyError: 'oops')" in out and "bug in the course" in out


def test_an_open_question_has_nothing_to_check(capsys):
    assert exercise("00", 4).check("my answer") is False
    assert "open question" in capsys.readouterr().out


def test_number_check_says_too_big_or_too_small_and_explains_mistakes():
    toy = make_toy(NumberCheck(10, what="the count", mistakes={9: "Did you leave out the root?"}))
    assert toy.judge(10).ok and toy.judge(10.0).ok
    assert toy.judge(9).text == "9 is not the count: it is too small. Did you leave out the root?"
    assert toy.judge(12_000).text == "12,000 is not the count: it is too big."
    assert toy.judge("10").text == "Give the count as a number, not the text '10': write 10, without quotes."
    assert toy.judge("1,440").text.endswith("'1,440': write 1440, without quotes.")   # unquoted, (1, 440)
    assert toy.judge(False).text == "Give the count as a number, not False."
    assert toy.judge([10]).text == "Give the count as a number, not [10] (a list)."
    assert toy.judge(float("nan")).text == "Give the count as a number, not NaN."
    assert toy.judge(None).status == toy.judge(...).status == "unanswered"
    assert not make_toy(NumberCheck(10, direction=False)).judge(11).text.count("too")


def test_numbers_check_names_each_wrong_number():
    toy = make_toy(NumbersCheck({"a": 1, "b": 2}))
    assert toy.judge((1, 2)).ok and toy.judge({"a": 1, "b": 2}).ok
    assert toy.judge((1, 3)).text == "b: 3 is not right: it is too big.\n(a: right.)"
    assert toy.judge((None, 2)).text == "a: not answered yet.\n(b: right.)"
    assert toy.judge((None, None)).status == "unanswered"
    assert "Give 2 numbers in this order, as a tuple or a list: (a, b); got 3" in toy.judge((1, 2, 3)).text
    assert "has no b" in toy.judge({"a": 1}).text
    assert "not 3 (an int)" in toy.judge(3).text
    assert toy.judge(("1", 2)).text == ("a: Give the a as a number, not the text '1': write 1, without quotes.\n"
                                        "(b: right.)")


def test_number_mistakes_carry_ids_and_may_be_predicates():
    toy = make_toy(NumberCheck(10, what="the count", mistakes={
        9: ("Did you leave out the root?", "no-root"), 11: "Plain words.",
        lambda answer: abs(answer - 10) < 3: ("Close.", "near")}))
    assert toy.judge(9).mistake == "no-root" and toy.judge(9).text.endswith("Did you leave out the root?")
    assert toy.judge(11).mistake == "" and toy.judge(11).text.endswith("Plain words.")
    assert toy.judge(12).mistake == "near" and toy.judge(8.5).mistake == "near"
    assert toy.judge(20).mistake == "" and "Close" not in toy.judge(20).text
    assert toy.judge("9").mistake == ""        # not a number: no mistake is guessed
    assert toy.judge(10).ok


def test_a_numbers_slip_with_an_id_stands_for_the_single_numbers_mistakes():
    toy = make_toy(NumbersCheck({"a": 1, "b": 2}, mistakes={"a": {2: ("One more.", "plus-one")},
                                                            "b": {1: ("One less.", "minus-one")}},
                                slips={(2, 1): ("Swapped.", "swapped")}))
    assert toy.judge((2, 1)).mistake == "swapped"
    assert "Swapped." in toy.judge((2, 1)).text and "One" not in toy.judge((2, 1)).text
    assert toy.judge((2, 2)).mistake == "plus-one" and "One more." in toy.judge((2, 2)).text
    assert toy.judge((1, 1)).mistake == "minus-one"
    assert toy.judge((1, 5)).mistake == "" and toy.judge((1, 2)).ok


def test_position_check_parses_text_and_explains():
    toy = make_toy(PositionCheck(lambda board: board.moves_made == 1, lambda board: f"{board.moves_made} marks"))
    assert toy.judge("X../.../...").ok and toy.judge(Board.empty().play(4)).ok
    assert toy.judge(".../.../...").text == "0 marks"
    assert "is not a position: impossible position" in toy.judge("OO./.../...").text
    assert "not 5 (an int)" in toy.judge(5).text


def test_a_position_check_s_explanation_may_name_its_mistake():
    named = make_toy(PositionCheck(lambda board: board.moves_made == 1,
                                   lambda board: wrong(f"{board.moves_made} marks", mistake="not-one-mark")))
    refused = named.judge("XO./.../...")
    assert (refused.ok, refused.text, refused.mistake) == (False, "2 marks", "not-one-mark")


def test_sorted_cells_accepts_any_collection_of_cells():
    assert sorted_cells({6, 3}) == sorted_cells((c for c in (6, 3))) == [3, 6]
    for bad in ("36", 3, [True], Board.empty()):
        with pytest.raises(TypeError):
            sorted_cells(bad)


def test_function_check_compares_with_the_reference_on_the_positions_given(capsys):
    check = FunctionCheck(lambda board: board.turn, lambda: unfinished_positions()[-10:], name="whose_turn",
                          label="10 positions")
    toy = make_toy(check)
    assert toy.check(lambda board: board.turn) is True
    assert capsys.readouterr().out == "Correct: whose_turn agrees with the package on 10 positions.\n"
    assert toy.check(lambda board: "X") is False
    out = capsys.readouterr().out
    assert "whose_turn disagrees with the package on this board (O to move):" in out
    assert "expected: 'O'\nreturned: 'X'" in out




# ---------------------------------------------------------------------- cases, mistakes, budgets


def test_function_check_takes_cases_of_several_arguments():
    from ttt.exercises.checks import Case

    def inputs():
        yield Board.empty(), 1
        yield Board.empty().play(4), 2
        yield Case((Board.empty(), 5), "given", "on the fifth")

    def reference(board, n):
        return "given" if n == 5 else board.moves_made + n

    toy = make_toy(FunctionCheck(reference, inputs, name="plus", args="board, n", label="3 calls"))
    assert toy.judge(lambda board, n: "given" if n == 5 else board.moves_made + n).ok
    verdict = toy.judge(lambda board, n: n)
    assert verdict.text.startswith("plus disagrees with the package on this board (O to move) with n=2:")
    assert "expected: 3\nreturned: 2" in verdict.text
    assert "on the fifth:" in toy.judge(lambda board, n: board.moves_made + n).text


def test_function_check_computes_its_cases_on_the_first_check_only():
    made = []

    def inputs():
        made.append(1)
        return unfinished_positions()[-3:]

    toy = make_toy(FunctionCheck(lambda board: board.turn, inputs, name="whose_turn", label="3 positions"))
    assert made == []
    assert toy.judge(lambda board: board.turn).ok and toy.judge(lambda board: board.turn).ok
    assert made == [1]


def _turn_by_marks(board):     # a slip: "X to move" read from the number of X's marks alone
    return "X" if board.cells.count("X") % 2 == 0 else "O"


def _always_x(board):
    return "X"


def test_a_mistake_is_named_by_behaviour_on_several_cases():
    check = FunctionCheck(lambda board: board.turn, unfinished_positions, name="whose_turn", label="all",
                          mistakes=[(_always_x, "Is it always X's turn?"),
                                     (lambda board: "O" if board.turn == "X" else "X", "X and O are swapped.")])
    toy = make_toy(check)
    assert "Is it always X's turn?" in toy.judge(_always_x).text
    assert "X and O are swapped." in toy.judge(lambda board: "O" if board.turn == "X" else "X").text

    def x_on_the_failing_board_only(board):   # agrees with _always_x where it first fails, not elsewhere
        if board == next(b for b in unfinished_positions() if b.turn == "O"):
            return "X"
        return board.turn if board.moves_made > 3 or board.turn == "X" else "X" * 2

    text = toy.judge(x_on_the_failing_board_only).text
    assert "disagrees" in text and "always X" not in text and "swapped" not in text


def _one_more(board):
    return len(board.legal_moves()) + 1


def _more_later(board):      # like _one_more on the fullest boards (the first cases), two more from 3 empty cells on
    return len(board.legal_moves()) + (1 if len(board.legal_moves()) < 3 else 2)


def test_no_return_missing_hint_where_none_is_a_right_answer():
    def reference(board):
        return None if board.turn == "X" else "O"

    toy = make_toy(FunctionCheck(reference, unfinished_positions, name="maybe", label="all"))
    assert "is a `return` missing?" not in toy.judge(lambda board: None).text
    toy = make_toy(FunctionCheck(lambda board: board.turn, unfinished_positions, name="turn", label="all"))
    assert "turn returned None: is a `return` missing?" in toy.judge(lambda board: None).text


def test_a_mistake_known_by_what_came_back_is_tried_first_and_may_word_itself():
    """``When(test)`` looks at the failing case alone, ``test(*args, expected, got)``, before any variant; its
    words may be a function of the same, so they can quote the values that show the slip."""
    check = FunctionCheck(lambda board: len(board.legal_moves()), unfinished_positions, name="moves", label="all",
                          mistakes=[(_one_more, "One too many.", "variant"),
                                    (When(lambda board, expected, got: got == expected + 1),
                                     lambda board, expected, got: f"{got} is {expected} + 1.", "one-more"),
                                    (When(lambda board, expected, got: got < expected), "Too few.", "too-few")])
    toy = make_toy(check)
    judged = toy.judge(_one_more)
    assert judged.mistake == "one-more" and "2 is 1 + 1." in judged.text and "One too many." not in judged.text
    assert toy.judge(lambda board: 0).mistake == "too-few"
    assert toy.judge(lambda board: 7).mistake == "" and toy.judge(lambda board: len(board.legal_moves())).ok


def test_a_method_of_the_answer_can_be_the_function_checked():
    class Turns:
        def whose(self, board):
            return board.turn

    toy = make_toy(FunctionCheck(lambda board: board.turn, lambda: unfinished_positions()[-5:], name="whose",
                                 label="5 positions", method="whose"))
    assert toy.judge(Turns()).ok
    assert toy.judge(Turns).mistake == "a-class-not-an-object" and "Turns()" in toy.judge(Turns).text
    assert toy.judge(object()).mistake == "no-whose-method"
    assert toy.judge(None).mistake == "no-whose-method"


def test_two_mistakes_alike_on_the_first_cases_are_told_apart():
    check = FunctionCheck(lambda board: len(board.legal_moves()), unfinished_positions, name="moves", label="all",
                          mistakes=[(_one_more, "One too many."), (_more_later, "More later.")])
    toy = make_toy(check)
    assert "More later." in toy.judge(_more_later).text
    assert "One too many." in toy.judge(_one_more).text


def test_a_mistake_that_errors_elsewhere_is_not_named():
    first_o = next(b for b in unfinished_positions() if b.turn == "O")

    def sometimes(board):     # "X" where it first fails, an error on the other boards where X is wrong
        if board.turn == "O" and board != first_o:
            raise ValueError("no")
        return "X"

    toy = make_toy(FunctionCheck(lambda board: board.turn, unfinished_positions, name="whose_turn", label="all",
                                 mistakes=[(_always_x, "Is it always X's turn?")]))
    text = toy.judge(sometimes).text
    assert "disagrees" in text and "always X" not in text


def test_a_slow_function_is_stopped_within_the_budget(capsys):
    import time

    def whose_turn(board):
        while True:
            pass

    toy = make_toy(FunctionCheck(lambda board: board.turn, unfinished_positions, name="whose_turn", label="all",
                                 slow="Is the memo used?"))
    start = time.process_time()
    verdict = toy.judge(whose_turn)
    assert time.process_time() - start < 3
    assert verdict.mistake == "endless-loop" and verdict.reason == "too slow"
    assert verdict.text.startswith("whose_turn never finished on this board")
    assert "Is the memo used?" not in verdict.text      # an endless loop is not a missing memo


def test_functions_check_follows_the_answer_shape_rule():
    from ttt.exercises.checks import FunctionsCheck

    turn = FunctionCheck(lambda board: board.turn, lambda: unfinished_positions()[:5], name="turn", label="5")
    marks = FunctionCheck(lambda board: board.moves_made, lambda: unfinished_positions()[:5], name="marks",
                          label="5")
    toy = make_toy(FunctionsCheck(turn, marks))
    good = (lambda board: board.turn, lambda board: board.moves_made)
    assert toy.judge(good).ok and toy.judge(list(good)).ok
    assert toy.judge((None, None)).status == "unanswered"
    assert "turn and marks" in toy.judge((None, None)).text
    assert toy.judge(good[0]).text.startswith("Give 2 functions in this order, as a tuple or a list: (turn, marks)")
    assert "marks disagrees" in toy.judge((good[0], lambda board: 0)).text


# ---------------------------------------------------------------------- exact numbers


def test_number_checks_accept_every_kind_of_exact_number():
    from decimal import Decimal
    from fractions import Fraction

    toy = make_toy(NumberCheck(Fraction(191, 192), what="the chance",
                               mistakes={71 / 73: "The games are not equally likely."}))
    for right_answer in (Fraction(191, 192), 191 / 192, Fraction(382, 384)):
        assert toy.judge(right_answer).text == "the chance is 191/192."
    assert toy.judge(Fraction(71, 73)).text == (
        "71/73 is not the chance: it is too small. The games are not equally likely.")
    assert toy.judge(Decimal("0.5")).text == "0.5 is not the chance: it is too small."
    assert toy.judge(Decimal("NaN")).text == "Give the chance as a number, not NaN."
    whole = make_toy(NumberCheck(10, what="the count"))
    assert whole.judge(Decimal(10)).ok and whole.judge(Fraction(20, 2)).ok and whole.judge(10.0).ok
    assert whole.judge(Fraction(40, 3)).text == "40/3 is not the count: it is too big."


def test_a_fraction_no_longer_breaks_a_numbers_check():
    from fractions import Fraction

    verdict = exercise("03", 1).judge((Fraction(40), 24, 29))
    assert verdict.text.startswith("nodes: 40 is not right: it is too small. Did you leave out the root")
    assert exercise("04", 5).judge(Fraction(71, 73)).text.startswith("71/73 is not the exact chance")
    assert exercise("04", 5).judge(Fraction(191, 192)).text == "the exact chance that X wins is 191/192."


def test_an_expected_number_may_be_computed_on_the_first_check():
    calls = []

    def figure():
        calls.append(1)
        return 7

    one = make_toy(NumberCheck(figure))
    several = make_toy(NumbersCheck({"a": figure, "b": 2}))
    assert calls == []
    assert one.judge(7).ok and several.judge((7, 2)).ok and one.judge(7).ok
    assert calls == [1, 1]


def test_importing_the_exercise_modules_runs_no_search():
    import subprocess
    import sys

    driver = (
        "import ttt.board as b\n"
        "count = [0]\n"
        "play = b.Board.play\n"
        "def counted(self, cell):\n"
        "    count[0] += 1\n"
        "    return play(self, cell)\n"
        "b.Board.play = counted\n"
        "import importlib\n"
        "from ttt.exercises import notebooks\n"
        "for nb in notebooks(): importlib.import_module(f'ttt.exercises.nb{nb}')\n"
        "print(count[0])\n"
    )
    done = subprocess.run([sys.executable, "-c", driver], capture_output=True, text=True, check=True)
    assert int(done.stdout) < 100, done.stdout      # a few example boards, never a search


def test_the_cases_are_made_as_the_check_reaches_them():
    made = []

    def positions():
        for board in unfinished_positions():
            made.append(board)
            yield board

    toy = make_toy(FunctionCheck(lambda board: board.turn, positions, name="whose_turn", label="all"))
    assert toy.judge(lambda board: 1 / 0).status == "wrong" and len(made) == 1   # stopped at the first case
    assert toy.judge(lambda board: board.turn).ok and len(made) == 4_520       # then every one, once
    assert toy.judge(lambda board: board.turn).ok and len(made) == 4_520


def test_behaves_like_is_false_when_the_learners_value_cannot_be_read_as_the_slips():
    # a learner's None, where the slip gives a list: not that slip (it used to raise TypeError out of the check)
    inputs = [(n,) for n in range(5)]
    judged = run_judge(lambda answer: checks_module.behaves_like(
        Learner(answer, "order", args="n"), lambda n: [n, 0], lambda n: [0, n], inputs, normalize=list),
        lambda n: None)
    assert judged is False
    assert run_judge(lambda answer: checks_module.behaves_like(
        Learner(answer, "order", args="n"), lambda n: [n, 0], lambda n: [0, n], inputs, normalize=list),
        lambda n: (n, 0)) is True


def test_several_answers_may_come_as_a_numpy_array():
    assert exercise("05", 5).judge(np.array([2_312, 197_668])).ok
    assert exercise("05", 5).judge(np.array([2_312, 197_669])).mistake != "wrong-shape"
    assert exercise("05", 5).judge(np.array([[2_312, 197_668]])).mistake == "wrong-shape"


def test_named_numbers_are_read_by_their_names_however_a_learner_spells_them():
    right = {"nodes": 3_617, "first_ply": 7, "nodes_to_that_ply": 63_994_817}    # 03.4's names, as Python names
    assert exercise("03", 4).judge(right).ok
    assert exercise("03", 4).judge({"Nodes": 3_617, "First ply": 7, "nodes to that ply": 63_994_817}).ok
    in_another_order = namedtuple("Answer", "first_ply nodes nodes_to_that_ply")(7, 3_617, 63_994_817)
    assert exercise("03", 4).judge(in_another_order).ok                        # by name, not by place

    @dataclass
    class Answer:
        nodes_to_that_ply: int
        nodes: int
        first_ply: int
    assert exercise("03", 4).judge(Answer(63_994_817, 3_617, 7)).ok
    assert exercise("03", 4).judge(namedtuple("A", "a b c")(3_617, 7, 63_994_817)).ok   # other names: by place
    assert not exercise("03", 4).judge(in_another_order._replace(first_ply=8)).ok
    assert exercise("07", 1).judge(dict(positions=111_973, rotate_180=123, mirror_left_right=105,   # the starter's
                                        mirror_top_bottom=899, classes=28_275)).ok               # names, as keys


def test_a_decimal_is_compared_to_float_precision_as_a_float_is():
    assert exercise("04", 5).judge(Decimal(191) / Decimal(192)).ok      # rounded by the context, as 191/192 is
    assert not exercise("04", 5).judge(Decimal("0.99479")).ok                  # a rounded estimate still is not


class Uncomparable:
    """A learner's value whose == raises (a numpy array's does, in an `if`)."""

    def __eq__(self, other):
        raise RuntimeError("no comparing me")


def test_a_value_that_cannot_be_compared_is_named_not_a_traceback():
    judged = exercise("04", 1).checker.judge(lambda board: Uncomparable())
    assert judged.mistake == "error" and "raised an error when compared with the right value" in judged.text
    assert "RuntimeError: no comparing me" in judged.text

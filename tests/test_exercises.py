"""The exercise framework: registry, checks, rendering, verify_all and the ``exercises`` command.

The content of each notebook's exercises is tested in ``test_exercises_nbNN.py``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import types
from dataclasses import replace
from pathlib import Path

import pytest

from ttt import Board
from ttt.exercises import Exercise, NoSuchExercise, exercise, exercises, notebooks, verify_all
from ttt.exercises import command, core, render
from ttt.exercises import nb00
from ttt.exercises.checks import (
    Boards,
    claim_check,
    custom_check,
    function_check,
    number_check,
    numbers_check,
    position_check,
    sorted_cells,
)
from ttt.exercises.positions import all_positions, random_positions, unfinished_positions

ROOT = Path(__file__).resolve().parent.parent
PILOT = ("00.1", "00.2", "00.3", "00.4", "00.5", "03.1", "03.5")


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.fixture
def empty_05(monkeypatch):
    """Notebook 05 as an empty module, whatever its real module holds by now (others are filling it)."""
    module = types.ModuleType("ttt.exercises.nb05")
    module.EXERCISES = []
    monkeypatch.setitem(sys.modules, "ttt.exercises.nb05", module)
    core._load.cache_clear()
    yield
    core._load.cache_clear()


def _checked() -> int:
    return sum(item.has_check for item in exercises())


def _toy(checker, **fields) -> Exercise:
    """An exercise outside the registry, for testing one check on its own."""
    values = dict(number=1, title="Toy", prompt="A toy.", hints=("a nudge", "nearly"), explanation="Because.",
                  checker=checker, notebook="99")
    values.update(fields)
    return Exercise(**values)


# ---------------------------------------------------------------------- the registry


def test_notebooks_are_00_to_09():
    assert notebooks() == tuple(f"{n:02d}" for n in range(10))


def test_an_exercise_can_be_named_in_several_ways():
    assert exercise("00", 3) is exercise(0, 3) is exercise("0", "3") is exercise(" 00 ", 3)
    item = exercise("00", 3)
    assert (item.notebook, item.number, item.key, item.kind) == ("00", 3, "00.3", "function")
    assert item.has_check and item.has_hint and item.has_solution
    assert item.info() == {"notebook": "00", "number": 3, "title": "Forks by search",
                           "has_check": True, "has_hint": True, "has_solution": True}


@pytest.mark.parametrize("notebook", [42, "42", "abc", -1, None, True, 3.0])
def test_an_unknown_notebook_is_a_clear_value_error(notebook):
    with pytest.raises(NoSuchExercise) as caught:
        exercise(notebook, 1)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("there is no notebook ")
    assert str(caught.value).endswith("notebooks are 00-09")


def test_the_messages_name_the_problem():
    with pytest.raises(NoSuchExercise, match=r"^there is no notebook 42: notebooks are 00-09$"):
        exercise("42", 1)
    with pytest.raises(NoSuchExercise, match=r"^notebook 00 has no exercise 9: its exercises are 1-5$"):
        exercise("00", 9)
    with pytest.raises(NoSuchExercise, match=r"^notebook 00 has no exercise 'three': its exercises are 1-5$"):
        exercise("00", "three")
    with pytest.raises(NoSuchExercise, match=r"^there is no notebook 42"):
        exercises(42)
    assert core._number_list([1, 5]) == "1 and 5" and core._number_list([1, 2, 4]) == "1, 2 and 4"


def test_empty_notebooks_list_nothing(empty_05):
    assert exercises("05") == []
    with pytest.raises(NoSuchExercise, match=r"^notebook 05 has no exercises yet$"):
        exercise("05", 3)
    keys = [item.key for item in exercises()]
    assert keys[:5] == ["00.1", "00.2", "00.3", "00.4", "00.5"] and {"03.1", "03.5"} <= set(keys)
    assert not any(key.startswith("05.") for key in keys)


def test_every_exercise_has_hints_and_a_solution():
    for item in exercises():
        assert item.has_hint and item.has_solution, item.key
        if item.key in PILOT:
            assert len(item.hints) >= 2, f"{item.key}: hints should go from a nudge to nearly the answer"
        assert item.prompt.strip() and item.title.strip(), item.key
        if item.has_check:
            assert item.answer is not None, f"{item.key}: a check needs a worked answer for verify_all"
        assert item.solution_markdown().startswith(f"**Solution to {item.key}: ")


def test_every_worked_solution_passes_its_own_check():
    assert verify_all() == []


def test_verify_all_reports_a_broken_solution(monkeypatch):
    broken = replace(exercise("00", 2), answer=lambda: 1_441)
    monkeypatch.setattr(core, "exercises", lambda notebook=None: [broken])
    failures = verify_all()
    assert len(failures) == 1 and failures[0].exercise is broken
    assert "too big" in str(failures[0]) and str(failures[0]).startswith("00.2 Games, not positions")


def test_starter_cells_print_one_calm_line(capsys):
    for item in exercises():
        if not item.starter:
            continue
        exec(compile(item.starter, f"<starter {item.key}>", "exec"), {"exercise": exercise, "Board": Board})
        out, err = capsys.readouterr()
        assert out == out.strip() + "\n" and "\n" not in out.strip(), item.key
        assert out.startswith(f"Exercise {item.key} is not answered yet: "), out
        assert "Traceback" not in out and err == ""


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

    assert _toy(custom_check(broken)).check(3) is False
    out = capsys.readouterr().out
    assert "The check of exercise 99.1 itself failed (KeyError: 'oops')" in out and "bug in the course" in out


def test_an_open_question_has_nothing_to_check(capsys):
    assert exercise("00", 4).check("my answer") is False
    assert "open question" in capsys.readouterr().out


def test_number_check_says_too_big_or_too_small_and_explains_mistakes():
    toy = _toy(number_check(10, what="the count", mistakes={9: "Did you leave out the root?"}))
    assert toy.judge(10).ok and toy.judge(10.0).ok
    assert toy.judge(9).text == "9 is not the count: it is too small. Did you leave out the root?"
    assert toy.judge(12_000).text == "12,000 is not the count: it is too big."
    assert toy.judge("10").text == "Give the count as a number, not the text '10': leave out the quotes."
    assert toy.judge(False).text == "Give the count as a number, not False."
    assert toy.judge([10]).text == "Give the count as a number, not [10] (a list)."
    assert toy.judge(float("nan")).text == "Give the count as a number, not NaN."
    assert toy.judge(None).status == toy.judge(...).status == "unanswered"
    assert not _toy(number_check(10, direction=False)).judge(11).text.count("too")


def test_numbers_check_names_each_wrong_number():
    toy = _toy(numbers_check({"a": 1, "b": 2}))
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

    toy = _toy(claim_check(False, refutation, explain="Notebook 04 proves it."))
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
    toy = _toy(position_check(lambda board: board.moves_made == 1, lambda board: f"{board.moves_made} marks"))
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
    toy = _toy(check)
    assert toy.check(lambda board: board.turn) is True
    assert capsys.readouterr().out == "Correct: whose_turn agrees with the package on 10 positions.\n"
    assert toy.check(lambda board: "X") is False
    out = capsys.readouterr().out
    assert "whose_turn disagrees with the package on this board (O to move):" in out
    assert "expected: 'O'\nreturned: 'X'" in out


# ---------------------------------------------------------------------- rendering


def test_solution_in_a_terminal_prints_the_real_source(capsys):
    exercise("00", 3).solution()
    out = capsys.readouterr().out
    for function in (nb00.wins_at_once, nb00.forcing_moves):
        for line in inspect.getsource(function).splitlines():
            assert line in out.replace("\n    ", "\n")   # the text form indents code by four spaces
    assert "```" not in out and "**Why it works.**" in out


def test_solution_under_a_kernel_displays_markdown(monkeypatch, capsys):
    from IPython.display import Markdown

    shown = []
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: shown.append(obj))
    exercise("00", 3).solution()
    exercise("00", 3).hint(2)
    assert capsys.readouterr().out == ""
    assert [type(obj) for obj in shown] == [Markdown, Markdown]
    assert f"```python\n{inspect.getsource(nb00.forcing_moves).strip()}\n```" in shown[0].data
    assert shown[1].data.startswith("**Hint 2 of 3** (00.3 Forks by search)")


def test_a_wrong_function_under_a_kernel_draws_the_board(monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: shown.append((obj, raw)))
    assert exercise("00", 3).check(lambda board: []) is False
    assert capsys.readouterr().out == ""
    (bundle, raw), = shown
    assert raw and set(bundle) == {"text/html", "text/plain"}
    assert "<img src=\"data:image/svg+xml;base64," in bundle["text/html"]
    assert "forcing_moves disagrees with the package" in bundle["text/plain"]


def test_text_only_verdicts_print_even_under_a_kernel(monkeypatch, capsys):
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: pytest.fail("nothing to draw"))
    assert exercise("00", 2).check(720) is False
    assert exercise("00", 2).check(None) is False
    assert exercise("00", 2).check(1_440) is True
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("720 is not the number of games that end on move 5: it is too small.")
    assert out[2].startswith("Exercise 00.2 is not answered yet")
    assert out[3].startswith("Correct: the number of games that end on move 5 is 1,440.")


def test_boards_are_drawn_even_without_a_display_module(monkeypatch):
    board = Board.parse("XO./.X./..O")
    assert render.board_html(board).startswith("<img")
    monkeypatch.setattr(render, "_DISPLAY_MODULES", ("ttt.no_such_module",))
    assert render.board_html(board) == f"<pre>{board.pretty()}</pre>"
    html = render.parts_html(["a < b", Boards([board], ["here"])])
    assert "a &lt; b" in html and "<figcaption" in html and "here" in html


def test_boards_side_by_side_as_text():
    boards = Boards([Board.empty(2, 2, 2), Board.empty(2, 2, 2).play(0)], ["one", "two"])
    assert render.parts_text([boards]).splitlines() == [
        "    one       two",
        "     0 | 1     X | 1",
        "    ---+---   ---+---",
        "     2 | 3     2 | 3",
    ]


def test_markdown_to_text_drops_fences_and_indents_code():
    assert render.markdown_to_text("Text\n\n```python\nx = 1\n```\n\n\n\nMore") == "Text\n\n    x = 1\n\nMore"


def test_hints_are_graded_and_calm_past_the_last(capsys):
    item = exercise("00", 3)
    item.hint()
    item.hint(3)
    item.hint(4)
    item.hint(0)
    out = capsys.readouterr().out
    assert "**Hint 1 of 3**" in out and "hint(2)" in out and "**Hint 3 of 3**" in out
    assert 'Exercise 00.3 has 3 hints, so there is no hint 4. exercise("00", 3).solution() shows' in out
    assert "Hints are numbered 1 to 3" in out


def test_outside_a_kernel_nothing_counts_as_a_notebook():
    assert render.in_notebook() is False


# ---------------------------------------------------------------------- positions


def test_position_lists_run_from_the_fullest_board():
    assert len(all_positions()) == 5_478 and len(unfinished_positions()) == 4_520
    assert len(all_positions(2, 2, 2)) == 29
    made = [board.moves_made for board in unfinished_positions()]
    assert made == sorted(made, reverse=True) and made[-1] == 0
    sample = random_positions(4, 4, 3, 50, seed=1)
    assert sample == random_positions(4, 4, 3, 50, seed=1) and len(sample) == 50
    assert all(not board.is_over and board.size == 16 for board in sample)


# ---------------------------------------------------------------------- imports stay light


def _run_python(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(), check=True)
    return result.stdout.strip()


def test_import_ttt_does_not_import_the_exercises():
    assert _run_python("import sys, ttt; print('ttt.exercises' in sys.modules)") == "False"


def test_the_exercises_import_no_heavy_module():
    code = (
        "import sys\n"
        "from ttt.exercises import exercises, verify_all\n"
        "assert verify_all() == []\n"
        "for item in exercises(): item.solution_markdown()\n"
        "print(sorted(m for m in ('ipywidgets', 'pandas', 'matplotlib', 'IPython') if m in sys.modules))\n"
    )
    assert _run_python(code) == "[]"


# ---------------------------------------------------------------------- python -m ttt exercises


@pytest.fixture
def parser():
    parser = argparse.ArgumentParser(prog="python -m ttt exercises")
    command.add_arguments(parser)
    return parser


def test_command_lists_the_exercises(parser, capsys):
    assert command.run(parser.parse_args([])) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["nb", "#", "title", "kind", "check", "hints", "solution"]
    assert "Forks by search" in out and "★ Count without a tree" in out
    assert out.splitlines()[-1] == f"{len(exercises())} exercises, {_checked()} checked by code"
    assert command.run(parser.parse_args(["--notebook", "3"])) == 0
    assert "Forks by search" not in capsys.readouterr().out


def test_command_json(parser, capsys):
    assert command.run(parser.parse_args(["--json", "--notebook", "00"])) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["number"] for entry in listed] == [1, 2, 3, 4, 5]
    for entry in listed:
        assert set(entry) == {"notebook", "number", "title", "has_check", "has_hint", "has_solution"}
        assert entry["notebook"] == "00" and isinstance(entry["has_check"], bool)
    assert [entry["has_check"] for entry in listed] == [True, True, True, False, True]


def test_command_on_an_empty_notebook(parser, capsys, empty_05):
    assert command.run(parser.parse_args(["--json", "--notebook", "05"])) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_command_verify(parser, capsys, monkeypatch):
    assert command.run(parser.parse_args(["--verify"])) == 0
    assert capsys.readouterr().out == f"{_checked()} worked solutions pass their own checks\n"
    broken = replace(exercise("03", 5), answer=lambda: (lambda board: 0))
    monkeypatch.setattr(core, "exercises", lambda notebook=None: [broken])
    assert command.run(parser.parse_args(["--verify"])) == 1
    err = capsys.readouterr().err
    assert err.startswith("FAIL 03.5 Count without a tree: the worked answer is judged wrong")
    assert err.rstrip().endswith("worked solutions fail their own checks")


def test_command_solutions_prints_the_same_text_as_solution(parser, capsys):
    assert command.run(parser.parse_args(["--solutions", "00"])) == 0
    out = capsys.readouterr().out
    for item in exercises("00"):
        assert item.solution_text() in out
        assert f"{item.key} " in out
    for function in (nb00.forcing_moves, nb00.holding_replies, nb00.read_the_errors):
        assert f"    def {function.__name__}(" in out


@pytest.mark.parametrize("args", [["--notebook", "42"], ["--solutions", "42"], ["--verify", "--notebook", "x"],
                                  ["--json", "--notebook", "10"]])
def test_command_refuses_an_unknown_notebook_in_one_line(parser, capsys, args):
    assert command.run(parser.parse_args(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: there is no notebook ")


def test_command_from_a_python_driver():
    driver = (
        "import argparse, sys\n"
        "from ttt.exercises import command\n"
        "parser = argparse.ArgumentParser()\n"
        "command.add_arguments(parser)\n"
        "sys.exit(command.run(parser.parse_args(sys.argv[1:])))\n"
    )
    ok = subprocess.run([sys.executable, "-c", driver, "--verify"], capture_output=True, text=True, env=_env())
    assert ok.returncode == 0 and ok.stdout == f"{_checked()} worked solutions pass their own checks\n"
    bad = subprocess.run([sys.executable, "-c", driver, "--notebook", "42"], capture_output=True, text=True, env=_env())
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "error: there is no notebook 42: notebooks are 00-09\n"

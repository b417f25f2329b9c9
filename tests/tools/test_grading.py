"""ttt.tools.grading: the assertion every generated assignment's test cells call, visible and hidden."""

from __future__ import annotations

import pytest
from support import run_python

from ttt.tools.grading import assert_right


def test_assert_right_passes_a_right_answer_and_says_why_not_otherwise(capsys):
    assert_right("00", 2, lambda: 1_440)
    assert capsys.readouterr().out == "Exercise 00.2: right.\n"
    with pytest.raises(AssertionError, match=r"Exercise 00.2 is not right \(wrong answer\):\n720 is not the number"):
        assert_right("00", 2, lambda: 720)
    with pytest.raises(AssertionError, match="Exercise 00.2 is not answered yet"):
        assert_right("00", 2, lambda: None)

    def forcing_moves(board):
        while True:
            pass

    with pytest.raises(AssertionError, match=r"Exercise 00.3 is not right \(too slow\):\nforcing_moves never"):
        assert_right("00", 3, lambda: forcing_moves)

    def undefined():
        return answer_never_defined  # noqa: F821 - the answer cell stopped before defining it

    with pytest.raises(AssertionError, match="not answered: name 'answer_never_defined' is not defined"):
        assert_right("00", 2, undefined)


def test_the_fresh_check_is_not_fooled_by_a_patched_judge():
    """A submission that patches Exercise.judge passes the visible test, not the hidden one (fresh modules)."""
    out = run_python(
        "from ttt.exercises import core\n"
        "from ttt.exercises.checks import Verdict\n"
        "from ttt.tools import grading\n"
        "core.Exercise.judge = lambda self, answer: Verdict('right', ('patched',))\n"
        "grading.assert_right('00', 2, lambda: 720)\n"
        "try:\n"
        "    grading.assert_right_fresh('00', 2, lambda: 720)\n"
        "except AssertionError as error:\n"
        "    print('hidden test:', str(error).splitlines()[0])\n"
        "grading.assert_right_fresh('00', 2, lambda: 1440)\n"
    )
    assert out.splitlines() == [
        "Exercise 00.2: right.",
        "hidden test: Exercise 00.2 is not right (wrong answer):",
        "Exercise 00.2: right (hidden test).",
    ]


def test_a_test_cell_after_a_hidden_one_judges_with_the_modules_it_left():
    """Test cells run one after another in one kernel (here 00.2's twice); each hidden test re-imports the
    exercise modules, and the next cell's visible test must judge with those (a registry bound at import time
    refused every right answer after the first exercise with "EXERCISES holds Exercise, not Exercise")."""
    hidden = ("import sys\n"
              "for _module in [m for m in sys.modules if m.startswith(('ttt.exercises', 'ttt.tools.grading'))]:\n"
              "    del sys.modules[_module]\n"
              "from ttt.tools.grading import assert_right_fresh\n")
    out = run_python(
        "from ttt.tools.grading import assert_right\n"
        "assert_right('00', 2, lambda: 1440)\n"
        + hidden + "assert_right_fresh('00', 2, lambda: 1440)\n"
        "from ttt.tools.grading import assert_right\n"
        "assert_right('00', 2, lambda: 1_440)\n"
        + hidden + "assert_right_fresh('00', 2, lambda: 1_440)\n"
    )
    assert out.splitlines() == ["Exercise 00.2: right.", "Exercise 00.2: right (hidden test).",
                                "Exercise 00.2: right.", "Exercise 00.2: right (hidden test)."]

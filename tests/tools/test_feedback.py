"""What generate_feedback shows a student (:mod:`ttt.tools.feedback`): one-line errors, practice-mode words under a
number exercise, no hidden tests.  The whole cycle through nbgrader is in ``test_autograde.py``; these are its steps."""

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from ttt.tools.feedback import PRACTICE_MIME, feedback_preprocessors, record_practice_words

pytest.importorskip("nbgrader")


def step(name: str):
    (found,) = [cls for cls in feedback_preprocessors() if cls.__name__ == name]
    return found()


def test_an_error_keeps_its_name_and_message_and_loses_the_traceback_into_the_package():
    cell = new_code_cell("exercise('00', 2).check(n)", outputs=[new_output(
        "error", ename="AssertionError", evalue="Exercise 00.2 is not right (wrong answer): Not right.",
        traceback=["Traceback ...", '  File "/site-packages/ttt/exercises/core.py", line 9', "AssertionError: ..."])])
    notebook, _ = step("PlainErrors").preprocess(new_notebook(cells=[cell]), {})
    (output,) = notebook.cells[0].outputs
    assert output.traceback == ["AssertionError: Exercise 00.2 is not right (wrong answer): Not right."]
    assert "site-packages" not in nbformat.writes(notebook)


def test_practice_words_become_text_under_the_verdict_and_the_hidden_output_goes():
    record = {"exercise": "00.2", "status": "wrong", "words": "1200 is not the number of games: it is too small."}
    cell = new_code_cell("...", outputs=[
        new_output("display_data", data={PRACTICE_MIME: record}),
        new_output("error", ename="AssertionError", evalue="Exercise 00.2 is not right", traceback=[]),
    ])
    notebook, _ = step("PracticeWords").preprocess(new_notebook(cells=[cell]), {})
    first, second = notebook.cells[0].outputs
    assert first.output_type == "error"
    assert second.output_type == "stream" and "exercise 00.2" in second.text and record["words"] in second.text
    assert PRACTICE_MIME not in nbformat.writes(notebook)


def test_an_answer_never_defined_records_nothing_and_never_raises(capsys):
    def undefined():
        raise NameError("answer")

    record_practice_words("00", 2, undefined)
    record_practice_words("99", 1, lambda: 5)   # no such exercise: the feedback's extra words never cost a test
    assert capsys.readouterr().out == ""


def test_the_steps_clear_hidden_tests_and_keep_nbgraders_grades():
    names = [cls.__name__ for cls in feedback_preprocessors()]
    assert names[:2] == ["GetGrades", "ClearHiddenTests"] and {"PlainErrors", "PracticeWords"} <= set(names)

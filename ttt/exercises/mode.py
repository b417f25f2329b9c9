"""Graded mode: what the exercises hold back in a released assignment, and the autograder's assertion.

Practice mode (the default) is the course as a self-study learner uses it: hints,
worked solutions, and checks that say how a wrong number is wrong.  Graded mode is
for the student copies of an nbgrader assignment (:mod:`ttt.tools.assignments`):

* hints stay;
* ``exercise(...).solution()`` and ``python -m ttt exercises --solutions`` say in one
  line that solutions are withheld;
* a number check says only right or wrong: no "too small" or "too large" (which would
  let a student find the number by bisection) and no note on a known slip (which
  names the number it gives, and so the right one by difference).

Graded mode is on when the environment variable ``TTT_GRADED`` is ``1`` (the setup
cell, the first code cell of every generated assignment, sets it, and a teacher may set it for a whole
JupyterHub).  It hides nothing from a student who reads the installed package's
source: the worked solutions and the checks' expected values are in it.  It removes
the shortcuts, not the answers.
"""

from __future__ import annotations

import importlib
import os
import sys

__all__ = ["ENVIRONMENT_VARIABLE", "graded", "withheld", "plain_verdict", "assert_right", "assert_right_fresh"]

ENVIRONMENT_VARIABLE = "TTT_GRADED"


def graded() -> bool:
    """True in graded mode: ``TTT_GRADED=1`` (or ``true``/``yes``) in the environment."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def withheld(what: str) -> str:
    """The one line shown instead of a worked solution in graded mode."""
    return (f"Solutions are withheld in graded mode ({what}): this is an assignment."
            " Hints still work: .hint(1), .hint(2), ...")


def plain_verdict(verdict, kind: str):
    """The verdict as graded mode shows it: a wrong number is only wrong, and no refusal states the answer.

    Keyed on the kind of check and on the parts a check marks as stating the
    answer (:class:`~ttt.exercises.verdicts.Reveal`: "expected: 5", a list of the
    right values), so the checks themselves stay as they are; a right or
    unanswered verdict is returned unchanged.
    """
    from ttt.exercises.verdicts import Reveal

    if not graded() or verdict.status != "wrong":
        return verdict
    if kind == "number":
        return type(verdict)("wrong", ("Not right. (In graded mode a number check says only right or wrong.)",),
                             verdict.mistake)
    return type(verdict)("wrong", tuple(part for part in verdict.parts if not isinstance(part, Reveal)),
                         verdict.mistake)


def _judged(exercise_of, notebook: str, number: int, get_answer):
    """Fetch the answer through ``get_answer`` and judge it; raise AssertionError with the reason."""
    item = exercise_of(notebook, number)
    try:
        answer = get_answer()
    except NameError as error:
        raise AssertionError(f"Exercise {item.key} is not answered: {error} (the answer cell stopped before"
                          " defining it, or was not run).") from None
    verdict = item.judge(answer)
    if verdict.status == "unanswered":
        raise AssertionError(f"Exercise {item.key} is not answered yet: {verdict.text}")
    if not verdict.ok:   # the reason in brackets is what the grade export reads: "too slow", "error", ...
        raise AssertionError(f"Exercise {item.key} is not right ({verdict.reason}):\n{verdict.text}")
    return item


def assert_right(notebook: str, number: int, get_answer) -> None:
    """The autograder's test: pass when the answer is right, else raise AssertionError saying why.

    ``get_answer`` is a function of no arguments returning the answer
    (``lambda: forcing_moves``), so that an answer cell that never defined its
    name gives "not answered" in words rather than a bare ``NameError``.
    """
    from ttt.exercises.core import exercise

    item = _judged(exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right.")


def assert_right_fresh(notebook: str, number: int, get_answer) -> None:
    """:func:`assert_right` with the exercise modules loaded afresh (the hidden test of an assignment).

    A submission runs in the same interpreter as its tests, so it could replace
    ``Exercise.judge`` or a check's method to pass the visible test.  The hidden
    test forgets every ``ttt.exercises`` module and imports them again, so such a
    patch on the old modules does not reach the check that grades.  (The rules in
    ``ttt.board`` and the rest are kept: the answer's boards must stay comparable.)
    """
    for name in [name for name in sys.modules if name == "ttt.exercises" or name.startswith("ttt.exercises.")]:
        del sys.modules[name]
    core = importlib.import_module("ttt.exercises.core")
    item = _judged(core.exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right (hidden test).")

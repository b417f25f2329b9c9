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

The autograder's assertion, which judges an answer in graded mode, is
:func:`ttt.exercises.core.assert_right` (beside the registry it looks the
exercise up in, so that this module imports nothing of the exercises).
"""

from __future__ import annotations

import os

from ttt.exercises.verdicts import Reveal

__all__ = ["ENVIRONMENT_VARIABLE", "graded", "withheld", "plain_verdict"]

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
    if not graded() or verdict.status != "wrong":
        return verdict
    if kind == "number":
        return type(verdict)("wrong", ("Not right. (In graded mode a number check says only right or wrong.)",),
                             verdict.mistake)
    return type(verdict)("wrong", tuple(part for part in verdict.parts if not isinstance(part, Reveal)),
                         verdict.mistake)

"""Graded mode (``TTT_GRADED=1``, set by the setup cell of every generated assignment, or by a teacher for a
whole JupyterHub): the hints that give the answer and the worked solutions are withheld, a number check says
only right or wrong (no "too big", which would allow bisection, no note on a known slip, which names the right
number by difference), and no refusal states the expected values.  It removes the shortcuts, not the answers:
they are in the installed package's source."""

from __future__ import annotations

import os

from ttt.exercises.verdicts import Reveal

ENVIRONMENT_VARIABLE = "TTT_GRADED"


def graded() -> bool:
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def withheld(what: str) -> str:
    """The one line shown instead of a worked solution."""
    return (f"Solutions are withheld in graded mode ({what}): this is an assignment."
            " Hints still work: .hint(1), .hint(2), ...")


def plain_verdict(verdict, kind: str):
    """The verdict as graded mode shows it: a wrong number only wrong, and no :class:`Reveal` part."""
    if not graded() or verdict.status != "wrong":
        return verdict
    if kind == "number":
        return type(verdict)("wrong", ("Not right. (In graded mode a number check says only right or wrong.)",),
                             verdict.mistake)
    return type(verdict)("wrong", tuple(part for part in verdict.parts if not isinstance(part, Reveal)),
                         verdict.mistake)

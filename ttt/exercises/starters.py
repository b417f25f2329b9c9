"""Starter cells made from the worked solution, so no starter is stored by hand.

A "write a function" exercise declares ``starter=function_starter(solution)``:
the starter is the solution's ``def`` line (its parameters as written, without
annotations), a body that raises ``NotImplementedError``, and the check call.
An exercise whose answer is a value declares ``starter=answer_starter("(nodes,
games, positions)")``.  The registry renders either once the exercise knows
its notebook and number (``exercise("05", 3)``), see :meth:`Starter.render`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

__all__ = ["Starter", "function_starter", "answer_starter", "signature_line"]

TODO = "raise NotImplementedError  # replace this line with your code"


def signature_line(function) -> str:
    """``def alphabeta_soft(board, alpha, beta, stats):``, from the function itself (defaults kept, annotations not)."""
    parameters = [parameter.replace(annotation=inspect.Parameter.empty)
                  for parameter in inspect.signature(function).parameters.values()]
    signature = inspect.Signature(parameters)
    return f"def {function.__name__}{signature}:"


@dataclass(frozen=True)
class Starter:
    """The code of a starter cell, waiting for the call that names its exercise.

    ``lines`` come before the check; ``passed`` is what the check is given.
    """

    lines: str
    passed: str

    def render(self, call: str) -> str:
        """The cell: the lines, then ``exercise("NN", n).check(passed)``."""
        return f"{self.lines}{call}.check({self.passed})"


def function_starter(*functions, passed: str | None = None) -> Starter:
    """A starter that defines each of ``functions`` with a body that raises, then checks them.

    ``passed`` defaults to the one function's name, or ``(f, g)`` for several.
    """
    names = [function.__name__ for function in functions]
    blocks = "".join(f"{signature_line(function)}\n    {TODO}\n\n\n" for function in functions)
    if passed is None:
        passed = names[0] if len(names) == 1 else f"({', '.join(names)})"
    return Starter(blocks, passed)


def answer_starter(comment: str, name: str = "answer") -> Starter:
    """``answer = None  # (nodes, games, positions)`` then the check of ``answer``."""
    return Starter(f"{name} = None  # {comment}\n", name)

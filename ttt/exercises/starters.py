"""Starter cells made from the worked solution, so that no starter is stored by hand: the solution's ``def``
line, a body that raises ``NotImplementedError``, and the check, rendered once the exercise knows its notebook
and number."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

TODO = "raise NotImplementedError  # replace this line with your code"


def signature_line(function) -> str:
    """``def alphabeta_soft(board, alpha, beta, stats):``, from the function itself (defaults kept, annotations not)."""
    parameters = [parameter.replace(annotation=inspect.Parameter.empty)
                  for parameter in inspect.signature(function).parameters.values()]
    signature = inspect.Signature(parameters)
    return f"def {function.__name__}{signature}:"


@dataclass(frozen=True)
class Starter:
    """A starter cell's ``lines``, waiting for the call that names its exercise, then the check of ``passed``."""

    lines: str
    passed: str

    def render(self, call: str) -> str:
        return f"{self.lines}{call}.check({self.passed})"


def function_starter(*functions, passed: str | None = None) -> Starter:
    """Each of ``functions`` with a body that raises, then the check of them (``(f, g)`` for several)."""
    names = [function.__name__ for function in functions]
    blocks = "".join(f"{signature_line(function)}\n    {TODO}\n\n\n" for function in functions)
    if passed is None:
        passed = names[0] if len(names) == 1 else f"({', '.join(names)})"
    return Starter(blocks, passed)


def answer_starter(comment: str, name: str = "answer") -> Starter:
    """``answer = None  # (nodes, games, positions)`` then the check of ``answer``."""
    return Starter(f"{name} = None  # {comment}\n", name)

"""Starter cells made from the worked solution, so that no starter is stored by hand: the solution's ``def``
line, a body that raises ``NotImplementedError``, then the check, once the exercise knows its call."""

from __future__ import annotations

import inspect

TODO = "raise NotImplementedError  # replace this line with your code"


def signature_line(function) -> str:
    """``def alphabeta_soft(board, alpha, beta, stats):``, from the function itself (defaults kept, annotations not)."""
    parameters = [parameter.replace(annotation=inspect.Parameter.empty)
                  for parameter in inspect.signature(function).parameters.values()]
    return f"def {function.__name__}{inspect.Signature(parameters)}:"


def _starter(lines: str, passed: str):
    """The cell, as a function of the exercise's call (``exercise("05", 3)``), which the registry gives it."""
    return lambda call: f"{lines}{call}.check({passed})"


def function_starter(*functions, passed: str | None = None):
    """Each of ``functions`` with a body that raises, then the check of them (``(f, g)`` for several)."""
    names = [function.__name__ for function in functions]
    blocks = "".join(f"{signature_line(function)}\n    {TODO}\n\n\n" for function in functions)
    if passed is None:
        passed = names[0] if len(names) == 1 else f"({', '.join(names)})"
    return _starter(blocks, passed)


def answer_starter(comment: str, name: str = "answer"):
    """``answer = None  # (nodes, games, positions)`` then the check of ``answer``."""
    return _starter(f"{name} = None  # {comment}\n", name)

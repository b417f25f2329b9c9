"""Starter cells made from the worked solution, so that no starter is stored by hand: the solution's ``def``
line, a body that raises ``NotImplementedError``, then the check, once the registry gives the exercise's call."""

from __future__ import annotations

import inspect

TODO = "raise NotImplementedError  # replace this line with your code"


def signature_line(function) -> str:
    """``def alphabeta_soft(board, alpha, beta, stats):``, from the function itself (defaults kept, annotations not)."""
    parameters = [parameter.replace(annotation=inspect.Parameter.empty)
                  for parameter in inspect.signature(function).parameters.values()]
    return f"def {function.__name__}{inspect.Signature(parameters)}:"


def function_starter(*functions):
    """Each of ``functions`` with a body that raises, then the check of them (``(f, g)`` for several)."""
    names = [function.__name__ for function in functions]
    blocks = "".join(f"{signature_line(function)}\n    {TODO}\n\n\n" for function in functions)
    passed = names[0] if len(names) == 1 else f"({', '.join(names)})"
    return lambda call: f"{blocks}{call}.check({passed})"


def answer_starter(comment: str):
    """``answer = None  # (nodes, games, positions)`` then the check of ``answer``."""
    return lambda call: f"answer = None  # {comment}\n{call}.check(answer)"

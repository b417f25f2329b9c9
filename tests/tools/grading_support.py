"""Typical wrong answers for the sample submissions, read from the exercise tests (tests/exercises/test_nbNN.py).

Those tests already list, for each check, the slips it recognises, as
``@pytest.mark.parametrize("answer, words", [(720, "..."), ...])`` over a test
that calls ``verdict(capsys, "00", 2, answer)``.  Reading them with ``ast`` (not
copying them) keeps the sample submissions in step with the checks: a new slip
in a test is a new wrong answer here.
"""

from __future__ import annotations

import ast
from pathlib import Path

EXERCISE_TESTS = Path(__file__).resolve().parents[1] / "exercises"


def _literal(node):
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None


def typical_mistakes(notebook: str) -> dict[int, list]:
    """``{exercise number: [wrong answers given as literals]}`` from ``test_nb<notebook>.py``."""
    path = EXERCISE_TESTS / f"test_nb{notebook}.py"
    found: dict[int, list] = {}
    for node in ast.parse(path.read_text()).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        calls = [call for call in ast.walk(node) if isinstance(call, ast.Call)
                 and getattr(call.func, "id", None) == "verdict" and len(call.args) == 4
                 and _literal(call.args[1]) == notebook and isinstance(_literal(call.args[2]), int)
                 and isinstance(call.args[3], ast.Name) and call.args[3].id == "answer"]
        if not calls:
            continue
        number = _literal(calls[0].args[2])
        for decorator in node.decorator_list:
            if not (isinstance(decorator, ast.Call) and getattr(decorator.func, "attr", "") == "parametrize"):
                continue
            names = [name.strip() for name in str(_literal(decorator.args[0])).split(",")]
            if "answer" not in names or not isinstance(decorator.args[1], (ast.List, ast.Tuple)):
                continue
            position = names.index("answer")
            for case in decorator.args[1].elts:
                values = case.elts if isinstance(case, ast.Tuple) and len(names) > 1 else [case]
                value = _literal(values[position]) if position < len(values) else None
                if value is not None:
                    found.setdefault(number, []).append(value)
    return found

"""Graded mode states no answer: a hint that gives it away is marked, and withheld there.

The test finds such hints by itself, so that a new or reworded hint cannot slip
through: a hint gives the answer when its text holds an expected number of the
exercise's number check, or a line of the worked solution's code (a line long
enough to be the key expression, not a ``def`` line, a docstring or a comment).
Every hint found must be marked ``### Hint N (gives the answer)`` in ``nbNN.md``,
and graded mode must then withhold it while still showing the earlier hints.
"""

from __future__ import annotations

import inspect
import re
import textwrap
from fractions import Fraction

import pytest

from ttt.exercises import exercise, exercises
from ttt.exercises.checks import NumberCheck, NumbersCheck

EXERCISES = exercises()


def _number_spellings(value) -> set[str]:
    """How a hint could write ``value``: 5478 as 5478 or 5,478; 0.25 as 0.25; 191/192 as a fraction."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, Fraction) and value.denominator != 1:
        return {f"{value.numerator}/{value.denominator}"}
    if isinstance(value, float) and not value.is_integer():
        return {f"{value:.4g}", f"{value:.3f}".rstrip("0")}
    try:
        whole = int(value)
    except (TypeError, ValueError):
        return set()
    if abs(whole) < 10:            # one digit is too common to tell an answer from an example
        return set()
    return {str(whole), f"{whole:,}"}


def expected_numbers(item) -> set[str]:
    checker = item.checker
    if isinstance(checker, NumberCheck):
        values = [checker.expected]
    elif isinstance(checker, NumbersCheck):
        values = list(checker.expected.values())
    else:
        return set()
    return {spelling for value in values for spelling in _number_spellings(value)}


def _key_lines(item) -> set[str]:
    """The lines of the worked solution's code that could only come from it."""
    found = set()
    for function in item.code:
        source = textwrap.dedent(inspect.getsource(function))
        source = re.sub(r'"""(.|\n)*?"""', "", source)
        for line in source.splitlines():
            line = " ".join(line.split("#")[0].split())
            if len(line) >= 24 and not line.startswith(("def ", "class ", "@", "return None", "import ", "from ")):
                found.add(line)
    return found


def gives_the_answer(item, hint: str) -> str | None:
    """What in ``hint`` states the answer of ``item``, or None."""
    flat = " ".join(hint.split())
    for spelling in expected_numbers(item):
        if re.search(rf"(?<![\d.,/]){re.escape(spelling)}(?![\d/]|\.\d|,\d)", flat):
            return f"the expected number {spelling}"
    for line in _key_lines(item):
        if line in flat:
            return f"the solution's line `{line}`"
    return None


@pytest.mark.parametrize("item", EXERCISES, ids=lambda item: item.key)
def test_every_hint_that_gives_the_answer_is_marked(item):
    unmarked = [f"hint {number}: {found}" for number, hint in enumerate(item.hints, 1)
                if number not in item.giving and (found := gives_the_answer(item, hint))]
    assert not unmarked, (f"{item.key}: mark these '### Hint N (gives the answer)' in nb{item.notebook}.md:"
                          f" {unmarked}")


def test_the_finder_finds_numbers_and_code():
    item = next(item for item in EXERCISES if expected_numbers(item))
    number = sorted(expected_numbers(item))[0]
    assert gives_the_answer(item, f"The answer is {number}.")
    assert not gives_the_answer(item, "Count the leaves, not the nodes.")
    coded = next(item for item in EXERCISES if _key_lines(item))
    line = sorted(_key_lines(coded))[0]
    assert gives_the_answer(coded, f"Try `{line}`") == f"the solution's line `{line}`"


def test_graded_mode_withholds_a_marked_hint_and_keeps_the_earlier_ones(monkeypatch, capsys):
    item = next(item for item in EXERCISES if item.giving)
    withheld = min(item.giving)
    monkeypatch.setenv("TTT_GRADED", "1")
    item.hint(withheld)
    out = capsys.readouterr().out
    assert "withheld in graded mode" in out and item.hints[withheld - 1].strip()[:40] not in out
    item.hint(withheld - 1)
    out = capsys.readouterr().out
    assert item.hints[withheld - 2].strip()[:40] in out
    assert ".solution()" not in out and f".hint({withheld})" not in out
    monkeypatch.setenv("TTT_GRADED", "0")
    item.hint(withheld)
    assert item.hints[withheld - 1].strip()[:40] in capsys.readouterr().out


def test_the_last_hint_points_to_the_solution_only_in_practice_mode(monkeypatch, capsys):
    item = exercise("00", 1)
    monkeypatch.setenv("TTT_GRADED", "1")
    item.hint(len(item.hints))
    assert ".solution()" not in capsys.readouterr().out
    monkeypatch.delenv("TTT_GRADED")
    item.hint(len(item.hints))
    assert ".solution()" in capsys.readouterr().out


# an example position as a prompt or a starter writes it: "X../.O./...", or nine cells in a row
EXAMPLE_POSITION = re.compile(r"(?<![\w/.])[XO.]{2,}(?:/[XO.]{2,})+(?![\w/.])|(?<![\w/.])[XO.]{9}(?![\w/.])")


@pytest.mark.parametrize("item", [item for item in EXERCISES if item.kind in ("position", "custom")],
                         ids=lambda item: item.key)
def test_no_example_a_learner_is_shown_is_a_right_answer(item):
    """04.2's prompt and starter once gave "XX./O../..." as the example of how to write a position: it was a right
    answer, shown to every student in graded mode too.  Every example in a prompt, a starter, the check's
    instruction or a hint not marked as giving the answer must be refused."""
    shown = [item.prompt, item.starter, getattr(item.checker, "instruction", "") or "",
             *(hint for number, hint in enumerate(item.hints, 1) if number not in item.giving)]
    examples = {example for text in shown for example in EXAMPLE_POSITION.findall(text)}
    assert not [example for example in sorted(examples) if item.judge(example).ok]


def test_the_example_finder_reads_positions_as_prompts_write_them():
    assert EXAMPLE_POSITION.findall('text such as "X../.O./...", or XO.XO.X.. and XO../..../....') == [
        "X../.O./...", "XO.XO.X..", "XO../..../...."]
    assert EXAMPLE_POSITION.findall("a filling 01.2/3 and ... and XOX") == []

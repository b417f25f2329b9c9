"""Graded mode: hints stay, solutions are withheld in one line, a wrong number is only wrong; practice unchanged."""

from __future__ import annotations

import pytest
from exercise_support import verdict

from ttt.exercises import exercise, exercises
from ttt.exercises.core import graded, plain_verdict
from ttt.tools.cli import main


@pytest.fixture
def graded_mode(monkeypatch):
    monkeypatch.setenv("TTT_GRADED", "1")


@pytest.mark.parametrize("value, on", [("1", True), ("yes", True), ("true", True), ("0", False), ("", False)])
def test_graded_is_read_from_the_environment(monkeypatch, value, on):
    monkeypatch.setenv("TTT_GRADED", value)
    assert graded() is on


def test_practice_is_the_default(monkeypatch, capsys):
    monkeypatch.delenv("TTT_GRADED", raising=False)
    assert not graded()
    result, out = verdict(capsys, "00", 2, 720)
    assert result is False and "it is too small" in out           # the practice check, as before
    exercise("00", 2).solution()
    assert "Solution to 00.2" in capsys.readouterr().out


def test_solutions_are_withheld_in_one_line(graded_mode, capsys):
    exercise("05", 3).solution()
    out = capsys.readouterr().out
    assert out.strip() == ("Solutions are withheld in graded mode (exercise 05.3): this is an assignment."
                           " Hints still work: .hint(1), .hint(2), ...")
    assert "def " not in out


def test_hints_stay_in_graded_mode(graded_mode, capsys):
    exercise("05", 3).hint(1)
    assert capsys.readouterr().out.startswith("**Hint 1 of 3** (05.3 Fail-soft by hand)")


def test_the_command_line_withholds_solutions(graded_mode, capsys):
    assert main(["exercises", "--solutions", "05"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "withheld in graded mode (notebook 05)" in err


@pytest.mark.parametrize("answer", [720, 1_441, 15_120, 240])
def test_a_wrong_number_is_only_wrong(graded_mode, capsys, answer):
    result, out = verdict(capsys, "00", 2, answer)
    assert result is False
    assert "too small" not in out and "too big" not in out and "1,440" not in out and "orders" not in out
    assert "Not right. (In graded mode a number check says only right or wrong.)" in out


def test_every_number_check_says_only_wrong(graded_mode):
    """Every number exercise, answered with a number far off: one plain line, nothing about direction."""
    for item in exercises():
        if item.kind == "number":
            judged = item.judge(10**9 if "(" not in item.starter else tuple([10**9] * 12))
            assert judged.status == "wrong" and judged.text.startswith("Not right."), item.key


def test_right_answers_and_other_kinds_are_unchanged(graded_mode, capsys):
    result, out = verdict(capsys, "00", 2, 1_440)
    assert result is True and out.startswith("Correct:")
    wrong_position = exercise("05", 2).judge("XX./OO./...")
    assert wrong_position.status == "wrong" and not wrong_position.text.startswith("Not right.")
    unanswered = exercise("00", 2).judge(None)
    assert plain_verdict(unanswered, "number") is unanswered

"""ttt.exercises.verdicts: how values, errors and boards are named in every message."""

from __future__ import annotations

from ttt import Board
from ttt.exercises.verdicts import (
    describe_exception,
    describe_state,
    describe_value,
    is_unanswered,
    right,
    unanswered,
    wrong,
)


def test_verdicts_and_their_parts():
    assert right("fine").ok and not wrong("no").ok
    assert wrong("a", None, "", "b").parts == ("a", "b")
    assert unanswered("do it").status == "unanswered" and unanswered("do it").text == "do it"
    assert is_unanswered(None) and is_unanswered(...) and not is_unanswered(0)


def test_describe_value_names_the_type_with_its_article():
    assert describe_value([3, 6]) == "[3, 6] (a list)"
    assert describe_value(3) == "3 (an int)"
    assert describe_value("x" * 100).endswith("... (a str)")


def test_describe_exception_gives_the_learners_own_line():
    def mine():
        return [][1]

    try:
        mine()
    except IndexError as error:
        text = describe_exception(error)
    assert text.startswith("IndexError: list index out of range\n(in mine, line ")
    assert text.endswith(": return [][1])")


def test_describe_state():
    assert describe_state(Board.empty()) == "X to move"
    assert describe_state(Board.parse("XXX/OO./...")) == "X has won"
    assert describe_state(Board.parse("XOX/XOO/OXX")) == "a draw"


class Unprintable:
    """A learner's value whose own methods fail: its bug, never the course's."""

    def __repr__(self):
        raise RuntimeError("no repr")

    def __eq__(self, other):
        raise ValueError("no eq")

    __hash__ = None


def test_a_value_whose_repr_raises_is_described_by_its_type_and_error():
    from ttt.exercises.verdicts import describe_value, shown

    assert describe_value(Unprintable()) == "a Unprintable whose __repr__ raised RuntimeError: no repr"
    assert shown(Unprintable()) == describe_value(Unprintable())


def test_an_error_in_the_answers_own_methods_is_the_learners_not_the_courses():
    from ttt.exercises import exercise

    verdict = exercise("03", 5).judge(lambda board: Unprintable())
    assert verdict.mistake == "error" and "bug in the course" not in verdict.text
    assert "ValueError: no eq" in verdict.text

"""Check builders: one declarative line per exercise says how an answer is judged.

A check turns a learner's answer into a :class:`Verdict` and never raises and
never prints: the exercise (:mod:`ttt.exercises.core`) shows the verdict through
:mod:`ttt.exercises.render`, and :func:`ttt.exercises.verify_all` reads it
silently.  That split is why one check serves a notebook, a terminal and the
``--verify`` command alike.

The builders, from the most to the least specific:

``function_check(reference, positions, ...)``
    runs the learner's function on every position and compares it with the
    reference; the first disagreement is shown with its board.
``number_check(expected, ...)`` and ``numbers_check({"name": expected, ...})``
    one number, or several named numbers given as a tuple; says whether a
    wrong number is too big or too small, and explains known mistakes.
``claim_check(truth, refutation, ...)``
    a True/False claim; a wrong answer gets the counterexample.
``position_check(predicate, explain, ...)``
    "find a position where ...": the position is checked against the property
    and ``explain`` says which part fails.
``custom_check(judge, ...)``
    the escape hatch: ``judge(answer)`` returns a :class:`Verdict` itself.

Every builder treats ``None`` (and ``...``) as "not answered yet", and a
function that raises ``NotImplementedError`` on its first call the same way,
so a starter cell run before the learner has tried prints one calm line.
"""

from __future__ import annotations

import numbers
import os
import traceback
from dataclasses import dataclass
from functools import cached_property

from ttt.board import Board
from ttt.exercises.render import Boards, parts_text
from ttt.geometry import BoardError

__all__ = [
    "Boards",
    "Check",
    "Verdict",
    "right",
    "wrong",
    "unanswered",
    "function_check",
    "number_check",
    "numbers_check",
    "claim_check",
    "position_check",
    "custom_check",
    "sorted_cells",
    "describe_value",
    "describe_exception",
    "describe_state",
]

RIGHT, WRONG, UNANSWERED = "right", "wrong", "unanswered"


@dataclass(frozen=True)
class Verdict:
    """What a check found: a status and the parts that explain it (text, boards).

    ``status`` is ``"right"``, ``"wrong"`` or ``"unanswered"``.  ``parts`` are
    strings, :class:`~ttt.board.Board` objects and :class:`Boards`; for an
    unanswered verdict the single part says what to do.
    """

    status: str
    parts: tuple = ()

    @property
    def ok(self) -> bool:
        return self.status == RIGHT

    @property
    def text(self) -> str:
        """The parts as plain text (boards drawn with ``pretty``), for ``--verify`` and tests."""
        return parts_text(self.parts)


def right(*parts) -> Verdict:
    return Verdict(RIGHT, tuple(parts))


def wrong(*parts) -> Verdict:
    return Verdict(WRONG, tuple(part for part in parts if part is not None and part != ""))


def unanswered(instruction: str) -> Verdict:
    return Verdict(UNANSWERED, (instruction,))


# ---------------------------------------------------------------------- describing what we got


def describe_value(value) -> str:
    """A value and its type in words, short enough for one line: ``[3, 6] (a list)``."""
    text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    kind = type(value).__name__
    article = "an" if kind[:1] in "aeiouAEIOU" else "a"
    return f"{text} ({article} {kind})"


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def describe_exception(error: BaseException) -> str:
    """``IndexError: list index out of range``, and the learner's own line it came from.

    The line is the innermost frame outside the ``ttt`` package (the learner's
    cell), given by function, line number and code, never by file name: a
    notebook's cell files have random names, and the output must stay
    deterministic.
    """
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not os.path.abspath(frame.filename).startswith(_PACKAGE_DIR)
    ]
    if frames:
        frame = frames[-1]
        where = f"in {frame.name}, line {frame.lineno}"
        if frame.line:
            where += f": {frame.line.strip()}"
        text += f"\n({where})"
    return text


def _is_unanswered(answer) -> bool:
    return answer is None or answer is Ellipsis


# ---------------------------------------------------------------------- the check protocol


class Check:
    """Base of every check: ``judge(answer) -> Verdict``, never raising, never printing.

    ``kind`` names the kind of answer ("function", "number", "claim",
    "position", "custom"); ``instruction`` finishes the sentence "Exercise 00.3
    is not answered yet: ...".
    """

    kind = "custom"
    instruction = "replace None with your answer, then run the cell again."

    def judge(self, answer) -> Verdict:
        if _is_unanswered(answer):
            return unanswered(self.instruction)
        return self._judge(answer)

    def _judge(self, answer) -> Verdict:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError


# ---------------------------------------------------------------------- functions


def sorted_cells(value) -> list[int]:
    """A collection of cells as a sorted list; raises ``TypeError`` with a reason otherwise.

    Lists, tuples, sets and generators of whole numbers are accepted, so a
    learner may return the cells in any order and in any container.
    """
    if isinstance(value, (str, bytes, Board)) or not hasattr(value, "__iter__"):
        raise TypeError("expected a list of cells")
    cells = list(value)
    for cell in cells:
        if not isinstance(cell, numbers.Integral) or isinstance(cell, bool):
            raise TypeError(f"expected a list of cells (whole numbers), but it holds {describe_value(cell)}")
    return sorted(int(cell) for cell in cells)


class FunctionCheck(Check):
    """Run the learner's function on every position and compare it with the reference's answer."""

    kind = "function"

    def __init__(self, reference, positions, *, name, label, normalize=None, compare=None, describe=None):
        self.reference = reference
        self._positions = positions
        self.name = name
        self.label = label
        self.normalize = normalize
        self.compare = compare or (lambda got, expected: got == expected)
        self.describe = describe
        self.instruction = (
            f"replace the line `raise NotImplementedError` in {name} with your code, then run the cell again."
        )

    @cached_property
    def cases(self) -> tuple[tuple[Board, object], ...]:
        """Every (position, expected answer) pair, computed once per process from the reference."""
        return tuple((board, self.reference(board)) for board in self._positions())

    def judge(self, answer) -> Verdict:
        """None is not "not answered" here: the starter passes a function, so None is a mistake."""
        return self._judge(answer)

    def _judge(self, answer) -> Verdict:
        name = self.name
        if not callable(answer):
            return wrong(
                f"The check needs the function {name} itself, but it got {describe_value(answer)}.",
                f"Pass the function without calling it: check({name}), not check({name}(board)).",
            )
        for index, (board, expected) in enumerate(self.cases):
            try:
                got = answer(board)
            except NotImplementedError as error:
                if index == 0:
                    return unanswered(self.instruction)
                return self._exception(board, error)
            except Exception as error:  # noqa: BLE001 - the learner's bug, reported in words
                return self._exception(board, error)
            try:
                value = self.normalize(got) if self.normalize else got
            except (TypeError, ValueError) as error:
                return wrong(
                    f"On this board ({describe_state(board)}) {name} returned {describe_value(got)}: {error}.",
                    board,
                    f"expected: {expected!r}",
                    _none_hint(got, name),
                )
            if not self.compare(value, expected):
                extra = self.describe(board, expected, value) if self.describe else ()
                return wrong(
                    f"{name} disagrees with the package on this board ({describe_state(board)}):",
                    board,
                    f"expected: {expected!r}\nreturned: {got!r}",
                    _none_hint(got, name),
                    *_as_parts(extra),
                )
        return right(f"{name} agrees with the package on {self.label}.")

    def _exception(self, board: Board, error: Exception) -> Verdict:
        return wrong(
            f"{self.name} raised an error on this board ({describe_state(board)}):",
            board,
            describe_exception(error),
        )


def describe_state(board: Board) -> str:
    """"X to move", "O has won" or "a draw": how every check names the board it draws."""
    if board.winner:
        return f"{board.winner} has won"
    if board.is_over:
        return "a draw"
    return f"{board.turn} to move"


def _none_hint(got, name: str) -> str | None:
    if got is None:
        return f"{name} returned None: is a `return` missing?"
    return None


def _as_parts(extra) -> tuple:
    if extra is None:
        return ()
    if isinstance(extra, (str, Board, Boards)):
        return (extra,)
    return tuple(extra)


def function_check(reference, positions, *, name, label, normalize=None, compare=None, describe=None) -> FunctionCheck:
    """A check for "write a function of a board": the learner's function must agree everywhere.

    ``reference(board)``  the right answer, built from the package (not the worked
                          solution, which ``verify_all`` checks against it);
    ``positions()``       the boards to try, in order: the first disagreement is shown,
                          so put the simplest boards first (see :mod:`ttt.exercises.positions`);
    ``name``              how the learner's function is called in messages: ``"forcing_moves"``;
    ``label``             what was tried, for the success line: ``"all 4,520 unfinished 3×3 positions"``;
    ``normalize(got)``    makes the learner's value comparable (e.g. :func:`sorted_cells`); a
                          ``TypeError`` or ``ValueError`` from it is reported as a wrong type;
    ``compare(got, expected)``  defaults to ``==``;
    ``describe(board, expected, got)``  extra words (or boards) explaining this disagreement,
                          e.g. naming the typical mistake that produces it.
    """
    return FunctionCheck(
        reference, positions, name=name, label=label, normalize=normalize, compare=compare, describe=describe
    )


# ---------------------------------------------------------------------- numbers


def _fmt(number) -> str:
    if isinstance(number, numbers.Integral):
        return f"{int(number):,}"
    return f"{number:,}"


def _number_problem(answer, what: str) -> str | None:
    """Why ``answer`` is not a number at all, or None if it is one."""
    if isinstance(answer, bool):
        return f"Give {what} as a number, not {answer}."
    if isinstance(answer, str):
        plain = answer.replace(",", "").replace("_", "").strip()
        if plain.lstrip("-").replace(".", "", 1).isdigit():
            return f"Give {what} as a number, not the text {answer!r}: leave out the quotes."
        return f"Give {what} as a number, not the text {answer!r}."
    if not isinstance(answer, numbers.Real):
        return f"Give {what} as a number, not {describe_value(answer)}."
    if answer != answer:  # NaN
        return f"Give {what} as a number, not NaN."
    return None


def _judge_number(answer, expected, tolerance, mistakes, what: str, direction: bool, name=None) -> str | None:
    """None when ``answer`` is right, else one line saying what is wrong with it.

    A named number (one of several) is reported as ``nodes: 40 is not right``,
    a single one as ``720 is not the number of games ...``.
    """
    problem = _number_problem(answer, what)
    if problem:
        return f"{name}: {problem}" if name else problem
    if abs(answer - expected) <= tolerance:
        return None
    line = f"{name}: {_fmt(answer)} is not right" if name else f"{_fmt(answer)} is not {what}"
    if direction:
        line += ": it is too big" if answer > expected else ": it is too small"
    line += "."
    note = mistakes.get(answer) if mistakes else None
    if note:
        line += " " + note
    return line


class NumberCheck(Check):
    kind = "number"
    instruction = "replace None with your number, then run the cell again."

    def __init__(self, expected, *, what, tolerance, mistakes, direction, explain):
        self.expected = expected
        self.what = what
        self.tolerance = tolerance
        self.mistakes = dict(mistakes or {})
        self.direction = direction
        self.explain = explain

    def _judge(self, answer) -> Verdict:
        line = _judge_number(answer, self.expected, self.tolerance, self.mistakes, self.what, self.direction)
        if line is None:
            return right(f"{self.what} is {_fmt(self.expected)}." + (f" {self.explain}" if self.explain else ""))
        return wrong(line)


def number_check(expected, *, what="the answer", tolerance=0, mistakes=None, direction=True, explain="") -> NumberCheck:
    """A check for one number.

    ``what``       how to name the number in messages ("the number of games");
    ``tolerance``  how far off still counts as right (0: exact);
    ``mistakes``   {wrong number: what mistake gives it}, for the typical slips;
    ``direction``  say "too big" / "too small" (turn off when that would give the answer away
                   in a yes/no way that teaches nothing);
    ``explain``    a sentence added to the success line.
    """
    return NumberCheck(
        expected, what=what, tolerance=tolerance, mistakes=mistakes, direction=direction, explain=explain
    )


class NumbersCheck(Check):
    kind = "number"

    def __init__(self, expected: dict, *, tolerance, mistakes, direction, explain):
        self.expected = dict(expected)
        self.tolerance = tolerance
        self.mistakes = {name: dict(table) for name, table in (mistakes or {}).items()}
        self.direction = direction
        self.explain = explain
        names = ", ".join(self.expected)
        self.instruction = f"replace None with your numbers ({names}), then run the cell again."

    def _judge(self, answer) -> Verdict:
        names = list(self.expected)
        shape = f"({', '.join(names)})"
        if isinstance(answer, dict):
            missing = [name for name in names if name not in answer]
            if missing:
                return wrong(f"The answer has no {' and no '.join(missing)}: give {shape}.")
            values = [answer[name] for name in names]
        elif isinstance(answer, (tuple, list)):
            if all(_is_unanswered(value) for value in answer):
                return unanswered(self.instruction)
            if len(answer) != len(names):
                return wrong(f"Give {len(names)} numbers in this order: {shape}; got {len(answer)}.")
            values = list(answer)
        else:
            return wrong(f"Give {len(names)} numbers in this order: {shape}, not {describe_value(answer)}.")
        lines = []
        for name, value in zip(names, values):
            if _is_unanswered(value):
                lines.append(f"{name}: not answered yet.")
                continue
            line = _judge_number(
                value, self.expected[name], self.tolerance, self.mistakes.get(name), f"the {name}", self.direction, name
            )
            if line:
                lines.append(line)
        if lines:
            right_ones = [name for name in names if not any(line.startswith(f"{name}:") for line in lines)]
            if right_ones:
                lines.append(f"({' and '.join(right_ones)}: right.)")
            return wrong("\n".join(lines))
        figures = ", ".join(f"{name} {_fmt(self.expected[name])}" for name in names)
        return right(figures + "." + (f" {self.explain}" if self.explain else ""))


def numbers_check(expected: dict, *, tolerance=0, mistakes=None, direction=True, explain="") -> NumbersCheck:
    """A check for several named numbers, answered as a tuple in the order of ``expected`` (or a dict).

    Each wrong number is reported on its own line with its name, and the right
    ones are named too.  ``mistakes`` is ``{name: {wrong number: explanation}}``.
    """
    return NumbersCheck(expected, tolerance=tolerance, mistakes=mistakes, direction=direction, explain=explain)


# ---------------------------------------------------------------------- claims and positions


class ClaimCheck(Check):
    kind = "claim"
    instruction = "replace None with True or False, then run the cell again."

    def __init__(self, truth: bool, refutation, *, explain):
        self.truth = bool(truth)
        self.refutation = refutation
        self.explain = explain

    def _judge(self, answer) -> Verdict:
        if not isinstance(answer, bool):
            return wrong(f"Answer True or False, not {describe_value(answer)}.")
        if answer == self.truth:
            return right(f"the claim is {self.truth}." + (f" {self.explain}" if self.explain else ""))
        return wrong(f"The claim is {self.truth}, not {answer}. Here is why:", *_as_parts(self.refutation()))


def claim_check(truth: bool, refutation, *, explain="") -> ClaimCheck:
    """A check for a True/False claim.

    ``refutation()`` returns the parts (text, boards) that show a learner who
    answered the other way why they are wrong: the counterexample to a false
    "always", or the evidence for a true one.  It is only called on a wrong
    answer, so it may search.  ``explain`` is added to the success line.
    """
    return ClaimCheck(truth, refutation, explain=explain)


def parse_position(answer) -> Board:
    """A Board as given, or one read from text; raises ``ValueError`` with a reason otherwise."""
    if isinstance(answer, Board):
        return answer
    if isinstance(answer, str):
        try:
            return Board.parse(answer)
        except BoardError as error:
            raise ValueError(f"{answer!r} is not a position: {error}") from None
    raise ValueError(f"Give a position, as a Board or as text such as \"X../.O./...\", not {describe_value(answer)}")


class PositionCheck(Check):
    kind = "position"
    instruction = 'replace None with your position (a Board, or text such as "X../.O./..."), then run the cell again.'

    def __init__(self, predicate, explain, *, success, parse):
        self.predicate = predicate
        self.explain = explain
        self.success = success
        self.parse = parse or parse_position

    def _judge(self, answer) -> Verdict:
        try:
            board = self.parse(answer)
        except (TypeError, ValueError) as error:
            return wrong(str(error).rstrip(".") + ".")
        if self.predicate(board):
            message = self.success(board) if callable(self.success) else self.success
            return right(*_as_parts(message))
        return wrong(*_as_parts(self.explain(board)))


def position_check(predicate, explain, *, success="this position has the property.", parse=None) -> PositionCheck:
    """A check for "find a position where ...".

    ``predicate(board)`` says whether the position has the property;
    ``explain(board)`` returns the parts saying which part of it fails (it may
    show boards); ``success`` is the success line, or a function of the board
    returning it.  ``parse(answer)`` turns the answer into a board (default: a
    Board, or text that ``Board.parse`` reads); its ``ValueError`` is reported.
    """
    return PositionCheck(predicate, explain, success=success, parse=parse)


class CustomCheck(Check):
    def __init__(self, judge, *, kind, instruction):
        self._custom = judge
        self.kind = kind
        if instruction:
            self.instruction = instruction

    def _judge(self, answer) -> Verdict:
        return self._custom(answer)


def custom_check(judge, *, kind="custom", instruction=None) -> CustomCheck:
    """The escape hatch: ``judge(answer)`` builds the :class:`Verdict` with :func:`right` and :func:`wrong`.

    ``None`` is still handled here ("not answered yet", finished by
    ``instruction``), so ``judge`` only sees real attempts.  It should not
    raise on a wrong answer; if it does, the exercise reports a bug in the
    course rather than a traceback.
    """
    return CustomCheck(judge, kind=kind, instruction=instruction)

"""Check builders: one declarative line per exercise says how an answer is judged.

A check turns a learner's answer into a :class:`Verdict` and never raises and
never prints: the exercise (:mod:`ttt.exercises.core`) shows the verdict through
:mod:`ttt.exercises.render`, and :func:`ttt.exercises.verify_all` reads it
silently.  That split is why one check serves a notebook, a terminal and the
``--verify`` command alike.

The builders, from the most to the least specific:

``function_check(reference, inputs, name=, label=, args=, mistakes=[(variant, words)], ...)``
    runs the learner's function on every case (a board, or a tuple of
    arguments) and compares it with the reference; the first disagreement is
    shown with its board, and named by the first mistake whose variant the
    learner's function behaves like.
``functions_check(check_f, check_g)``
    several functions, ``(f, g)``, each judged by its own function check.
``number_check(expected, ...)`` and ``numbers_check({"name": expected, ...})``
    one number, or several named numbers; an expected value may be a function
    of no arguments, computed on the first check.  Every number check accepts
    int, float, Fraction and Decimal, exactly where the value is exact.
``position_check(predicate, explain, ...)``
    "find a position where ...": the position is checked against the property
    and ``explain`` says which part fails.
``custom_check(judge, ...)``
    the escape hatch: ``judge(answer)`` returns a :class:`Verdict`, or stops
    early with :func:`~ttt.exercises.calls.stop`; it calls the learner's code
    through :class:`~ttt.exercises.calls.Learner`, never directly.

The answer-shape rule
    An answer made of several things (numbers, functions, a position and a
    number) is given in the order the prompt names them, as a tuple or a list:
    ``(nodes, games)`` and ``[nodes, games]`` are the same answer to every
    check.  :func:`several` applies the rule; no check accepts one and refuses
    the other.

Every check treats ``None`` (and ``...``) as "not answered yet", and a
function that raises ``NotImplementedError`` on its first call the same way,
so a starter cell run before the learner has tried prints one calm line.
Every run of the learner's code shares one budget per check
(:data:`~ttt.exercises.calls.BUDGET_SECONDS`), so every check answers within
3 s, however slow or endless the answer.
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from fractions import Fraction
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, NamedTuple

from ttt.board import Board
from ttt.exercises.calls import SLOW, Learner, Stop, run_judge, stop, untouched
from ttt.exercises.render import Boards
from ttt.exercises.verdicts import (
    Verdict,
    describe_exception,
    describe_state,
    describe_value,
    is_unanswered,
    reveal,
    right,
    shown,
    unanswered,
    wrong,
)
from ttt.geometry import BoardError

__all__ = [
    "Boards",
    "Case",
    "Check",
    "Named",
    "Slip",
    "Learner",
    "Stop",
    "stop",
    "several",
    "behaves_like",
    "functions_check",
    "untouched",
    "exact",
    "same_number",
    "Verdict",
    "right",
    "wrong",
    "unanswered",
    "function_check",
    "number_check",
    "numbers_check",
    "position_check",
    "custom_check",
    "sorted_cells",
    "describe_value",
    "describe_exception",
    "describe_state",
]

# ---------------------------------------------------------------------- the check protocol


class Check:
    """Base of every check: ``judge(answer) -> Verdict``, never raising, never printing.

    ``kind`` names the kind of answer ("function", "number", "position",
    "custom"); ``instruction`` finishes the sentence "Exercise 00.3 is not
    answered yet: ...".
    """

    kind = "custom"
    instruction = "replace None with your answer, then run the cell again."

    def judge(self, answer) -> Verdict:
        if is_unanswered(answer):
            return unanswered(self.instruction)
        return run_judge(self._judge, answer)

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


@dataclass(frozen=True)
class Case:
    """One call of a function check: the arguments, the right answer, and how messages name the call.

    ``where`` finishes "NAME disagrees with the package ...": "on this board (X to move)";
    ``show`` are the boards drawn under that line.  Without ``where`` both are made from the
    arguments (named by ``names``) by :func:`describe_call`, only when a message needs them: a
    check of 94,920 cases that passes never words them.
    """

    args: tuple
    expected: object
    where: str | None = None
    show: tuple = ()
    names: str = "board"

    def described(self) -> tuple[str, tuple]:
        """``(where, show)``, as given or made from the arguments."""
        return (self.where, self.show) if self.where is not None else describe_call(self.names, self.args)


def behaves_like(learner, variant, reference, inputs, *, normalize=None, compare=None, witnesses=4) -> bool:
    """Whether the learner's function behaves like ``variant``, a slip written as a learner would.

    The first ``witnesses`` inputs (boards, or tuples of arguments) where the
    variant and the right ``reference`` disagree are where the slip shows; the
    learner's function (a :class:`Learner`) must agree with the variant on every
    one of them.  An error or the end of the budget there means no.
    """
    normalize = normalize or (lambda value: value)
    compare = compare or (lambda a, b: a == b)
    shown = 0
    for item in inputs:
        args = (item,) if isinstance(item, Board) else tuple(item)
        slip = normalize(variant(*args))
        if compare(slip, normalize(reference(*args))):
            continue
        try:
            if not compare(normalize(learner(*args)), slip):
                return False
        except Stop:
            return False
        shown += 1
        if shown == witnesses:
            break
    return shown > 0


def describe_call(names, args) -> tuple[str, tuple]:
    """How a message names a call: "on this board (X to move) with alpha=-1, beta=1", and the boards to draw.

    ``names`` are the parameter names ("board, alpha, beta"); boards are drawn,
    other arguments are given by name and value.
    """
    names = [name.strip() for name in names.split(",")] if isinstance(names, str) else list(names)
    boards = tuple(arg for arg in args if isinstance(arg, Board))
    others = [f"{names[i] if i < len(names) else f'argument {i + 1}'}={arg!r}"
              for i, arg in enumerate(args) if not isinstance(arg, Board)]
    if len(boards) == 1:
        where = f"on this board ({describe_state(boards[0])})"
        if others:
            where += " with " + ", ".join(others)
    elif boards:
        where = "on these boards" + (" with " + ", ".join(others) if others else "")
    else:
        where = "on " + ", ".join(others) if others else "with no arguments"
    return where, boards


_NO_MORE = object()


class FunctionCheck(Check):
    """Run the learner's function on every case and compare it with the reference's answer.

    The cases are built as the first check reaches them (so importing an exercise
    module runs no search, and a first answer that fails on the first case is
    answered at once); the learner's function runs through one
    :class:`~ttt.exercises.calls.Learner`, under the check's time budget; a
    disagreement is explained by the first of ``mistakes`` whose variant the
    learner's function agrees with on several cases where the variant is wrong.
    """

    kind = "function"

    def __init__(self, reference, inputs, *, name, label, args="board", normalize=None, compare=None,
                 describe=None, mistakes=(), call=None, slow=SLOW, witnesses=4, work=None):
        self.reference = reference
        self._inputs = inputs
        self.name = name
        self.label = label
        self.args = args
        self.normalize = normalize
        self.compare = compare or (lambda got, expected: got == expected)
        self.describe = describe
        self.mistakes = tuple(_slip(mistake, number) for number, mistake in enumerate(mistakes, 1))
        self.work = work
        self.call = call
        self.slow = slow
        self.witnesses = witnesses
        self._variant_values: dict[tuple[int, int], object] = {}
        self._witness_cases: dict = {}
        self.instruction = untouched(name)
        self._made: list[Case] = []          # the cases made so far, in order
        self._unmade = None                  # the inputs not yet made into cases
        self._all: tuple[Case, ...] | None = None

    def _each_case(self):
        """Every case in order, each made (its expected answer computed from the reference) when first reached."""
        if self._unmade is None and not self._made:
            self._unmade = iter(self._inputs())
        position = 0
        while True:
            if position == len(self._made):
                item = next(self._unmade, _NO_MORE) if self._unmade is not None else _NO_MORE
                if item is _NO_MORE:
                    self._unmade = None
                    return
                if not isinstance(item, Case):
                    args = (item,) if isinstance(item, Board) else tuple(item)
                    item = Case(args, self.reference(*args), names=self.args)
                self._made.append(item)
            yield self._made[position]
            position += 1

    @property
    def cases(self) -> tuple[Case, ...]:
        """Every case, each expected answer computed once per process from the reference."""
        if self._all is None:
            for _ in self._each_case():
                pass
            self._all = tuple(self._made)
        return self._all

    @cached_property
    def _none_is_an_answer(self) -> bool:
        """Whether None is a right answer somewhere (hutton_message's "plays the move"): then no "return missing?"."""
        return any(case.expected is None for case in self.cases)

    def judge(self, answer) -> Verdict:
        """None is not "not answered" here: the starter passes a function, so None is a mistake."""
        return run_judge(self._judge, answer)

    def learner(self, answer) -> Learner:
        """The guard for the learner's function (stops the check if ``answer`` is not callable)."""
        return Learner(answer, self.name, args=self.args, todo=self.instruction, slow=self.slow, work=self.work)

    def _value(self, function_call, case: Case):
        """``(value, None)``, normalised, or ``(got, error)`` when normalising refuses it."""
        got = function_call(case)
        if self.normalize is None:
            return got, got, None
        try:
            return got, self.normalize(got), None
        except (TypeError, ValueError) as error:
            return got, None, error

    def _judge(self, answer) -> Verdict:
        name = self.name
        learner = self.learner(answer)

        def run(case):
            return learner(*case.args, describe=case.described, call=self.call)

        for case in self._each_case():
            got, value, error = self._value(run, case)
            if error is not None:
                where, show = case.described()
                return wrong(
                    f"{where[:1].upper()}{where[1:]} {name} returned {describe_value(got)}: {error}.",
                    *show,
                    reveal(f"expected: {case.expected!r}"),
                    None if self._none_is_an_answer else _none_hint(got, name),
                    mistake="wrong-type",
                )
            if not self.compare(value, case.expected):
                slip = self._diagnose(run, case, value)
                words, named = (_as_parts(slip.words), slip.id) if slip else ((), "")
                if not slip and self.describe:
                    words, named = _said(self.describe(*case.args, case.expected, value))
                where, show = case.described()
                # "is a return missing?" only when no slip explains the None (`return board.winner` at a leaf)
                missing = None if named or self._none_is_an_answer else _none_hint(got, name)
                return wrong(
                    f"{name} disagrees with the package {where}:",
                    *show,
                    reveal(f"expected: {case.expected!r}"),
                    f"returned: {shown(got)}",
                    missing,
                    *words,
                    mistake=named or ("returns-none" if missing else ""),
                )
        return right(f"{name} agrees with the package on {self.label}.")

    # ------------------------------------------------------------------ naming the mistake by its behaviour
    def _variant_value(self, index: int, position: int):
        key = (index, position)
        if key not in self._variant_values:
            variant = self.mistakes[index].variant
            case = self.cases[position]
            got = self.call(variant, *case.args) if self.call else variant(*case.args)
            self._variant_values[key] = self.normalize(got) if self.normalize else got
        return self._variant_values[key]

    def _witnesses(self, index: int) -> tuple[int, ...]:
        """The first few cases where variant ``index`` is wrong: where a learner's slip shows."""
        if index not in self._witness_cases:
            found = []
            for position, case in enumerate(self.cases):
                if not self.compare(self._variant_value(index, position), case.expected):
                    found.append(position)
                    if len(found) == self.witnesses:
                        break
            self._witness_cases[index] = tuple(found)
        return self._witness_cases[index]

    def _first_difference(self, one: int, two: int) -> int | None:
        """The first case where variants ``one`` and ``two`` disagree, or None."""
        key = ("pair", one, two)
        if key not in self._witness_cases:
            self._witness_cases[key] = next(
                (position for position in range(len(self.cases))
                 if not self.compare(self._variant_value(one, position), self._variant_value(two, position))), None)
        return self._witness_cases[key]

    def _diagnose(self, run, failing: Case, value):
        """The mistake (a :class:`Slip`) whose variant the learner's function behaves like, or None.

        A variant qualifies when it agrees with the learner's function on the
        failing case and on its own witnesses; when several do, each pair is
        settled on the first case where the two variants differ.
        """
        position = self.cases.index(failing)

        def learners(other):
            return self._value(run, self.cases[other])[1]

        try:
            candidates = [
                index for index in range(len(self.mistakes))
                if self.compare(value, self._variant_value(index, position))
                and all(self.compare(learners(other), self._variant_value(index, other))
                        for other in self._witnesses(index) if other != position)
            ]
            while len(candidates) > 1:
                one, two = candidates[:2]
                where = self._first_difference(one, two)
                if where is None:
                    candidates.remove(two)
                    continue
                mine = learners(where)
                keep = [index for index in (one, two) if self.compare(mine, self._variant_value(index, where))]
                candidates = keep + candidates[2:]
        except Stop:
            return None      # it fails elsewhere too: the disagreement alone is the message
        return self.mistakes[candidates[0]] if candidates else None


class Named(NamedTuple):
    """Words for a refusal with the id of the mistake they name: what a ``describe`` or ``explain`` returns
    when it recognises the mistake (``Named("rows-cols-swapped", "The rows and columns ...")``)."""

    id: str
    words: object


def _said(words) -> tuple[tuple, str]:
    """``(parts, id)`` of a ``describe``/``explain`` result: :class:`Named`, text, a board, or several parts."""
    if isinstance(words, Named):
        return _as_parts(words.words), words.id
    return _as_parts(words), ""


class Slip(NamedTuple):
    """A mistake a function check recognises by behaviour: the slip written as a learner would, its words, its id.

    ``id`` names it for tests and the grade export (they assert the id, not the
    words, so a teacher may reword it); by default the variant's name without its
    leading underscores (``_gt_for_ge`` is ``gt_for_ge``).
    """

    variant: Callable
    words: object
    id: str


def _slip(mistake, number: int) -> Slip:
    """``(variant, words)`` or ``(variant, words, id)`` as a :class:`Slip` (a lambda without an id is "slip-N")."""
    if isinstance(mistake, Slip):
        return mistake
    variant, words, *named = mistake
    name = named[0] if named else getattr(variant, "__name__", "<lambda>").lstrip("_")
    return Slip(variant, words, f"slip-{number}" if name == "<lambda>" else name)


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


def function_check(reference, inputs, *, name, label, args="board", normalize=None, compare=None, describe=None,
                   mistakes=(), call=None, slow=SLOW, witnesses=4, work=None) -> FunctionCheck:
    """A check for "write a function": the learner's function must agree with ``reference`` on every case.

    ``reference(*args)``  the right answer, built from the package (not the worked
                          solution, which ``verify_all`` checks against it);
    ``inputs()``          the calls to try, in order: a Board (one argument), a tuple of
                          arguments, or a :class:`Case` with its expected answer given; the
                          first disagreement is shown, so put the simplest first (see
                          :mod:`ttt.exercises.positions`); called on the first check only;
    ``name``, ``args``    the learner's function and its parameters, as the starter spells
                          them: ``name="alphabeta_soft", args="board, alpha, beta, stats"``;
    ``label``             what was tried, for the success line: ``"all 4,520 unfinished 3×3 positions"``;
    ``normalize(got)``    makes the learner's value comparable (e.g. :func:`sorted_cells`); a
                          ``TypeError`` or ``ValueError`` from it is reported as a wrong type;
    ``compare(got, expected)``  defaults to ``==``;
    ``mistakes``          ``[(variant, words)]`` or ``[(variant, words, id)]`` (:class:`Slip`):
                          ``variant`` is the slip written as a learner would (same
                          parameters); the words are shown when the learner's function
                          agrees with it on the failing case and on the first few cases
                          where the variant is wrong, and the verdict's ``mistake`` is its id;
    ``describe(*args, expected, got)``  words for a disagreement no mistake explains (a
                          :class:`Named` when they name a mistake, so the verdict carries its id);
    ``call(function, *args)``  how to call the learner's function (and the variants) when the
                          value to compare is more than the return value (e.g. a count it
                          leaves in a ``stats`` argument); it runs under the time budget;
    ``slow``              the last sentence of "too slow" ("Is the memo used?");
    ``work(*args)``       what a right answer needs on a case, ``(1870, "positions exist below this
                          board")``, so that "too slow" compares the calls made with it;
    ``witnesses``         how many cases where a variant is wrong the learner must share (more
                          when slips look alike on the first few).
    """
    return FunctionCheck(reference, inputs, name=name, label=label, args=args, normalize=normalize,
                         compare=compare, describe=describe, mistakes=mistakes, call=call, slow=slow,
                         witnesses=witnesses, work=work)


# ---------------------------------------------------------------------- several answers in one


def several(answer, names, what: str = "answers") -> list:
    """The parts of an answer that has several, by THE ANSWER-SHAPE RULE: a tuple or a list, in order.

    Stops the check with words naming the order otherwise: ``several(answer,
    ["height", "widths"], "functions")`` says "Give 2 functions in this order:
    (height, widths) ...".
    """
    names = list(names)
    shape = f"({', '.join(names)})"
    if not isinstance(answer, (tuple, list)):
        stop(f"Give {len(names)} {what} in this order, as a tuple or a list: {shape}, not {describe_value(answer)}.",
             mistake="wrong-shape")
    if len(answer) != len(names):
        stop(f"Give {len(names)} {what} in this order, as a tuple or a list: {shape}; got {len(answer)}.",
             mistake="wrong-shape")
    return list(answer)


class FunctionsCheck(Check):
    """Several functions, each judged by its own :class:`FunctionCheck`, in order, under one budget."""

    kind = "function"

    def __init__(self, checks):
        self.checks = tuple(checks)
        self.names = [check.name for check in self.checks]
        self.instruction = untouched(*self.names)

    def judge(self, answer) -> Verdict:
        return run_judge(self._judge, answer)

    def _judge(self, answer) -> Verdict:
        functions = several(answer, self.names, "functions")
        if all(function is None for function in functions):
            return unanswered(self.instruction)
        verdicts = []
        for check, function in zip(self.checks, functions):
            verdict = check._judge(function)
            if not verdict.ok:
                return verdict
            verdicts.append(verdict)
        return right(*(part for verdict in verdicts for part in verdict.parts))


def functions_check(*checks: FunctionCheck) -> FunctionsCheck:
    """A check for "write these functions": the answer is ``(f, g)`` (or ``[f, g]``), each judged by its check."""
    return FunctionsCheck(checks)


# ---------------------------------------------------------------------- numbers


def _fmt(number) -> str:
    """How a message writes a number: 9,950; 191/192 (a Fraction); 0.25; 1.5 (a Decimal as given)."""
    if isinstance(number, Decimal):
        return str(number)
    if isinstance(number, Fraction) and number.denominator != 1:
        return f"{number.numerator:,}/{number.denominator:,}"
    if isinstance(number, numbers.Rational):
        return f"{int(number):,}"
    if isinstance(number, float) and number.is_integer() and abs(number) < 1e15:
        return f"{int(number):,}"
    return f"{number:,}" if isinstance(number, float) else str(number)


def exact(number):
    """A number as an exact value where it can be one: a Decimal as the Fraction it equals; others unchanged."""
    return Fraction(number) if isinstance(number, Decimal) and number.is_finite() else number


def same_number(answer, target, tolerance=0) -> bool:
    """Whether two numbers agree: exactly (within ``tolerance``) between exact ones (int, Fraction,
    Decimal); to float precision (or ``tolerance``) as soon as one is a float, so that 0.1 + 0.2
    matches 3/10 and Fraction(71, 73) matches the key 71 / 73."""
    answer, target = exact(answer), exact(target)
    if isinstance(answer, float) or isinstance(target, float):
        return math.isclose(float(answer), float(target), rel_tol=1e-9, abs_tol=float(tolerance))
    return abs(answer - target) <= tolerance


def _number_problem(answer, what: str) -> str | None:
    """Why ``answer`` is not a number at all, or None if it is one (int, float, Fraction or Decimal)."""
    if isinstance(answer, bool):
        return f"Give {what} as a number, not {answer}."
    if isinstance(answer, str):
        plain = answer.replace(",", "").replace("_", "").strip()
        if plain.lstrip("-").replace(".", "", 1).replace("/", "", 1).isdigit():
            return f"Give {what} as a number, not the text {answer!r}: leave out the quotes."
        return f"Give {what} as a number, not the text {answer!r}."
    if isinstance(answer, Decimal):
        return None if answer.is_finite() else f"Give {what} as a number, not {'NaN' if answer.is_nan() else answer}."
    if not isinstance(answer, numbers.Real):
        return f"Give {what} as a number, not {describe_value(answer)}."
    if answer != answer:
        return f"Give {what} as a number, not NaN."
    if answer in (math.inf, -math.inf):
        return f"Give {what} as a number, not {answer}."
    return None


def _judge_number(answer, expected, tolerance, mistakes, what: str, direction: bool, name=None) -> str | None:
    """None when ``answer`` is right, else one line saying what is wrong with it.

    A named number (one of several) is reported as ``nodes: 40 is not right``,
    a single one as ``720 is not the number of games ...``.  A mistake's key
    matches by value, so a Fraction or a Decimal finds the note of its float.
    """
    problem = _number_problem(answer, what)
    if problem:
        return f"{name}: {problem}" if name else problem
    if same_number(answer, expected, tolerance):
        return None
    line = f"{name}: {_fmt(answer)} is not right" if name else f"{_fmt(answer)} is not {what}"
    if direction:
        line += ": it is too big" if exact(answer) > exact(expected) else ": it is too small"
    line += "."
    note = next((note for key, note in (mistakes or {}).items() if same_number(answer, key)), None)
    if note:
        line += " " + note
    return line


def _lazy(value):
    """A value given as is, or computed now from a function of no arguments (a figure that needs a search)."""
    return value() if callable(value) else value


class NumberCheck(Check):
    kind = "number"

    @cached_property
    def expected(self):
        return _lazy(self._expected)
    instruction = "replace None with your number, then run the cell again."

    def __init__(self, expected, *, what, tolerance, mistakes, direction, explain):
        self._expected = expected
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

    def __init__(self, expected: dict, *, tolerance, mistakes, direction, explain, slips=None):
        self._expected = dict(expected)
        self.tolerance = tolerance
        self.mistakes = {name: dict(table) for name, table in (mistakes or {}).items()}
        self.slips = dict(slips or {})
        self.direction = direction
        self.explain = explain
        names = ", ".join(self._expected)
        self.instruction = f"replace None with your numbers ({names}), then run the cell again."

    @cached_property
    def expected(self) -> dict:
        return {name: _lazy(value) for name, value in self._expected.items()}

    def _judge(self, answer) -> Verdict:
        names = list(self.expected)
        shape = f"({', '.join(names)})"
        if isinstance(answer, dict):
            missing = [name for name in names if name not in answer]
            if missing:
                return wrong(f"The answer has no {' and no '.join(missing)}: give {shape}.")
            values = [answer[name] for name in names]
        else:
            if isinstance(answer, (tuple, list)) and answer and all(is_unanswered(value) for value in answer):
                return unanswered(self.instruction)
            values = several(answer, names, "numbers")
        lines = []
        for name, value in zip(names, values):
            if is_unanswered(value):
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
            lines += [words for slip, words in self.slips.items()
                      if not _number_problem_in(values) and all(map(same_number, values, slip))]
            return wrong("\n".join(lines))
        figures = ", ".join(f"{name} {_fmt(self.expected[name])}" for name in names)
        return right(figures + "." + (f" {self.explain}" if self.explain else ""))


def _number_problem_in(values) -> bool:
    return any(is_unanswered(value) or _number_problem(value, "") for value in values)


def numbers_check(expected: dict, *, tolerance=0, mistakes=None, direction=True, explain="", slips=None) -> NumbersCheck:
    """A check for several named numbers, answered as a tuple in the order of ``expected`` (or a dict).

    Each wrong number is reported on its own line with its name, and the right
    ones are named too.  ``mistakes`` is ``{name: {wrong number: explanation}}``;
    ``slips`` is ``{(all the numbers a slip gives): explanation}``, for a slip
    that changes several numbers at once (the words close the message).
    """
    return NumbersCheck(expected, tolerance=tolerance, mistakes=mistakes, direction=direction, explain=explain,
                        slips=slips)


# ---------------------------------------------------------------------- positions


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

    def __init__(self, predicate, explain, *, success, parse, instruction):
        self.predicate = predicate
        self.explain = explain
        self.success = success
        self.parse = parse or parse_position
        if instruction:
            self.instruction = instruction

    def _judge(self, answer) -> Verdict:
        try:
            board = self.parse(answer)
        except (TypeError, ValueError) as error:
            return wrong(str(error).rstrip(".") + ".")
        if self.predicate(board):
            message = self.success(board) if callable(self.success) else self.success
            return right(*_as_parts(message))
        parts, named = _said(self.explain(board))
        return wrong(*parts, mistake=named)


def position_check(predicate, explain, *, success="this position has the property.", parse=None,
                   instruction=None) -> PositionCheck:
    """A check for "find a position where ...".

    ``predicate(board)`` says whether the position has the property;
    ``explain(board)`` returns the parts saying which part of it fails (it may
    show boards); ``success`` is the success line, or a function of the board
    returning it.  ``parse(answer)`` turns the answer into a board (default: a
    Board, or text that ``Board.parse`` reads); its ``ValueError`` is reported.
    ``instruction`` finishes the "not answered yet" line, for an answer that is
    not a Board or its text (a 4×4 filling, say).
    """
    return PositionCheck(predicate, explain, success=success, parse=parse, instruction=instruction)


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

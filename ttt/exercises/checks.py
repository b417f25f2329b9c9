"""The check kinds: each turns an answer into a :class:`~ttt.exercises.verdicts.Verdict`, never raising, never
printing, so that one check serves a notebook, a terminal and ``--verify`` alike."""

from __future__ import annotations

import math
import numbers
from dataclasses import KW_ONLY, dataclass, field, is_dataclass
from dataclasses import fields as dataclass_fields
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from itertools import islice
from typing import Callable, NamedTuple

from ttt.board import Board
from ttt.exercises.calls import SLOW, Learner, Stop, run_judge, stop, untouched
from ttt.exercises.verdicts import (ERROR, Boards, Verdict, describe_exception, describe_state, describe_value,
                                    is_unanswered, reveal, right, shown, unanswered, wrong)
from ttt.exercises.words import folded
from ttt.geometry import BoardError


class Check:
    """``kind`` ("function", "number", "position", "custom") tells graded mode how much a refusal may say."""

    kind = "custom"
    instruction = "replace None with your answer, then run the cell again."
    none_unanswered = True       # a function's starter passes a function: None there is a mistake ("not callable")

    def judge(self, answer) -> Verdict:
        if self.none_unanswered and is_unanswered(answer):
            return unanswered(self.instruction)
        return run_judge(self._judge, answer)


def several(answer, names, what: str = "answers") -> list:
    """An answer of several things is a tuple or a list, in the order the prompt names them."""
    names = list(names)
    answer = answer.tolist() if getattr(answer, "ndim", None) == 1 else answer    # a numpy array of the answers
    order = f"Give {len(names)} {what} in this order, as a tuple or a list: ({', '.join(names)})"
    if not isinstance(answer, (tuple, list)):
        stop(f"{order}, not {describe_value(answer)}.", mistake="wrong-shape")
    if len(answer) != len(names):
        stop(f"{order}; got {len(answer)}.", mistake="wrong-shape")
    return list(answer)


def _parts(extra) -> tuple:
    if extra is None:
        return ()
    return (extra,) if isinstance(extra, (str, Board, Boards)) else tuple(extra)


def _arguments(item) -> tuple:
    return (item,) if isinstance(item, Board) else tuple(item)


def sorted_cells(value) -> list[int]:
    """Cells in any order and any container (not text, not a board) as a sorted list; ``TypeError`` otherwise."""
    if isinstance(value, (str, bytes, Board)) or not hasattr(value, "__iter__"):
        raise TypeError("expected a list of cells")
    cells = list(value)
    for cell in cells:
        if not isinstance(cell, numbers.Integral) or isinstance(cell, bool):
            raise TypeError(f"expected a list of cells (whole numbers), but it holds {describe_value(cell)}")
    return sorted(int(cell) for cell in cells)


@dataclass(frozen=True)
class Case:
    """One call of a function check; a message names it by ``where``, else by its arguments (named by ``names``)."""

    args: tuple
    expected: object
    where: str | None = None
    show: tuple = ()
    names: str = "board"
    note: str | None = None

    def described(self) -> tuple[str, tuple]:
        if self.where is not None:
            return self.where, self.show
        names = [name.strip() for name in self.names.split(",")]
        boards = tuple(arg for arg in self.args if isinstance(arg, Board))
        others = ", ".join(f"{names[i] if i < len(names) else f'argument {i + 1}'}={arg!r}"
                           for i, arg in enumerate(self.args) if not isinstance(arg, Board))
        if not boards:
            return ("on " + others if others else "with no arguments"), boards
        where = f"on this board ({describe_state(boards[0])})" if len(boards) == 1 else "on these boards"
        return where + (" with " + others if others else ""), boards


class When(NamedTuple):
    """A slip no variant can write (any wrong cell), known by ``test(*args, expected, got)`` on the failing case."""

    test: Callable


def behaves_like(learner, variant, reference, inputs, *, normalize=lambda value: value,
                 compare=lambda a, b: a == b, witnesses=4) -> bool:
    """Whether the learner agrees with the slip ``variant`` on the first ``witnesses`` inputs where it is wrong."""
    slips = ((args, normalize(variant(*args))) for args in map(_arguments, inputs))
    wrong_at = list(islice(((args, slip) for args, slip in slips if not compare(slip, normalize(reference(*args)))),
                           witnesses))
    try:
        return bool(wrong_at) and all(compare(normalize(learner(*args)), slip) for args, slip in wrong_at)
    except Exception:   # noqa: BLE001 - a Stop, or what the learner gave cannot be read as the slip's: not that slip
        return False


@dataclass(eq=False)
class FunctionCheck(Check):
    """"Write a function" (AUTHORING.md): a slip is named when the learner's function agrees with its variant on the
    failing case and on the first ``witnesses`` cases where the variant is wrong."""

    reference: Callable
    inputs: Callable
    _: KW_ONLY
    name: str
    label: str
    args: str = "board"
    normalize: Callable = lambda got: got
    compare: Callable = lambda got, expected: got == expected
    describe: Callable | None = None
    mistakes: tuple = ()
    call: Callable | None = None
    slow: str = SLOW
    witnesses: int = 4
    work: Callable | None = None
    method: str = ""
    kind = "function"
    none_unanswered = False

    def __post_init__(self):
        slips = []
        for number, (variant, words, *named) in enumerate(self.mistakes, 1):
            # the id defaults to the variant's name without leading underscores; a lambda's is slip-N
            name = named[0] if named else getattr(variant, "__name__", "<lambda>").lstrip("_")
            slips.append((variant, words, f"slip-{number}" if name == "<lambda>" else name))
        self.mistakes = tuple(slips)
        self.instruction = untouched(self.name)
        self._made, self._unmade, self._memo = [], None, {}

    def _more(self) -> bool:
        """Make the next case, so that an answer that fails on the first is refused before the rest are built."""
        if self._unmade is None:
            self._unmade = iter(self.inputs())
        item = next(self._unmade, None)
        if item is not None:
            self._made.append(item if isinstance(item, Case) else
                              Case(_arguments(item), self.reference(*_arguments(item)), names=self.args))
        return item is not None

    def _each_case(self):
        position = 0
        while position < len(self._made) or self._more():
            yield self._made[position]
            position += 1

    @property
    def cases(self) -> list[Case]:
        while self._more():
            pass
        return self._made

    def _value(self, run, case: Case):
        got = run(case)
        try:
            return got, self.normalize(got), None
        except (TypeError, ValueError) as error:
            return got, None, error

    def _judge(self, answer) -> Verdict:
        if self.method:
            answer = _bound_method(answer, self.method)
        name = self.name
        learner = Learner(answer, name, args=self.args, todo=self.instruction, slow=self.slow, work=self.work)

        def run(case):
            return learner(*case.args, describe=case.described, call=self.call, note=case.note)

        for case in self._each_case():
            got, value, error = self._value(run, case)
            try:
                if error is None and self.compare(value, case.expected):
                    continue
            except Exception as problem:  # noqa: BLE001 - what came back raised an error when compared: its own
                where, show = case.described()
                return wrong(f"{where[:1].upper()}{where[1:]} {name} returned {describe_value(got)}, which raised an"
                             " error when compared with the right value:", *show, describe_exception(problem),
                             mistake=ERROR)
            where, show = case.described()
            expected = reveal(f"expected: {case.expected!r}")
            # "is a return missing?" only where None is never right and no slip explains it
            none_is_right = any(other.expected is None for other in self.cases)
            missing = f"{name} returned None: is a `return` missing?" if got is None and not none_is_right else None
            if error is not None:
                return wrong(f"{where[:1].upper()}{where[1:]} {name} returned {describe_value(got)}: {error}.", *show,
                             expected, missing, mistake="wrong-type")
            slip = self._diagnose(run, case, value)
            words, named = slip[1:] if slip else (self.describe, "")
            words = _parts(words(*case.args, case.expected, value) if callable(words) else words)
            missing = None if named else missing
            return wrong(f"{name} disagrees with the package {where}:", *show, expected, f"returned: {shown(got)}",
                         missing, *words, mistake=named or ("returns-none" if missing else ""))
        return right(f"{name} agrees with the package on {self.label}.")

    def _variant(self, index: int, position: int):
        if (index, position) not in self._memo:
            variant, case = self.mistakes[index][0], self.cases[position]
            got = self.call(variant, *case.args) if self.call else variant(*case.args)
            self._memo[index, position] = self.normalize(got)
        return self._memo[index, position]

    def _witnesses(self, index: int) -> list[int]:
        wrong_at = (position for position, case in enumerate(self.cases)
                    if not self.compare(self._variant(index, position), case.expected))
        return [position for position, _ in zip(wrong_at, range(self.witnesses))]

    def _diagnose(self, run, failing: Case, value):
        """The slip the learner's function behaves like; between two that fit, the first case they differ on decides."""
        position = self.cases.index(failing)
        for slip in self.mistakes:
            if isinstance(slip[0], When) and slip[0].test(*failing.args, failing.expected, value):
                return slip

        def learners(other):
            return self._value(run, self.cases[other])[1]

        try:
            candidates = [index for index, slip in enumerate(self.mistakes) if not isinstance(slip[0], When)
                          and self.compare(value, self._variant(index, position))
                          and all(self.compare(learners(other), self._variant(index, other))
                                  for other in self._witnesses(index) if other != position)]
            while len(candidates) > 1:
                one, two = candidates[:2]
                where = next((at for at in range(len(self.cases))
                              if not self.compare(self._variant(one, at), self._variant(two, at))), None)
                mine = None if where is None else learners(where)      # two slips that never differ: the first
                kept = [one] if where is None else [index for index in (one, two)
                                                    if self.compare(mine, self._variant(index, where))]
                candidates = kept + candidates[2:]
        except Exception:    # noqa: BLE001 - a Stop (it fails elsewhere too), or a value that cannot be compared
            return None      # the disagreement alone is the message
        return self.mistakes[candidates[0]] if candidates else None


def _bound_method(answer, method: str):
    if isinstance(answer, type):
        stop(f"That is the class {answer.__name__} itself: pass an object of it, {answer.__name__}().",
             mistake="a-class-not-an-object")
    if not callable(getattr(answer, method, None)):
        stop(f"The answer should be an object with a method {method}, but {describe_value(answer)} has none.",
             mistake=f"no-{method}-method")
    return getattr(answer, method)


class FunctionsCheck(Check):
    """Several functions, ``(f, g)``, each judged by its own :class:`FunctionCheck`, in order, under one budget."""

    kind = "function"
    none_unanswered = False

    def __init__(self, *checks: FunctionCheck):
        self.checks = checks
        self.names = [check.name for check in checks]
        self.instruction = untouched(*self.names)

    def _judge(self, answer) -> Verdict:
        functions = several(answer, self.names, "functions")
        if all(function is None for function in functions):
            return unanswered(self.instruction)
        parts = []
        for check, function in zip(self.checks, functions):
            verdict = check._judge(function)
            if not verdict.ok:
                return verdict
            parts += verdict.parts
        return right(*parts)


def _fmt(number) -> str:
    if isinstance(number, Fraction) and number.denominator != 1:
        return f"{number.numerator:,}/{number.denominator:,}"
    if isinstance(number, numbers.Rational) or (isinstance(number, float) and number.is_integer()
                                                and abs(number) < 1e15):
        return f"{int(number):,}"
    return f"{number:,}" if isinstance(number, float) else str(number)


def _exact(number):
    """A finite Decimal as the Fraction it equals: Decimal("0.1") is 1/10."""
    return Fraction(number) if isinstance(number, Decimal) and number.is_finite() else number


def _same_number(answer, target, tolerance=0) -> bool:
    """Exactly, or to float precision once one is a float or a Decimal (rounded by its context, as 191/192 is):
    0.1 + 0.2 matches 3/10."""
    rounded = isinstance(answer, (float, Decimal)) or isinstance(target, float)
    answer, target = _exact(answer), _exact(target)
    if rounded:
        return math.isclose(float(answer), float(target), rel_tol=1e-9, abs_tol=float(tolerance))
    return abs(answer - target) <= tolerance


def _number_problem(answer, what: str) -> str | None:
    """Why ``answer`` is not a number (int, float, Fraction or finite Decimal) at all, or None."""
    if isinstance(answer, str):
        plain = answer.replace(",", "").replace("_", "").strip()
        number = plain.lstrip("-").replace(".", "", 1).replace("/", "", 1).isdigit()
        quotes = f": write {plain}, without quotes" if number else ""    # "2,312" unquoted is the tuple (2, 312)
        return f"Give {what} as a number, not the text {answer!r}{quotes}."
    if isinstance(answer, Decimal):
        return None if answer.is_finite() else f"Give {what} as a number, not {'NaN' if answer.is_nan() else answer}."
    if isinstance(answer, bool) or not isinstance(answer, numbers.Real):
        return f"Give {what} as a number, not {answer if isinstance(answer, bool) else describe_value(answer)}."
    if answer != answer or answer in (math.inf, -math.inf):
        return f"Give {what} as a number, not {'NaN' if answer != answer else answer}."
    return None


def _key(name) -> str:
    """A number's name as a learner may spell it: "first_ply", "First ply" are one, "rotate_180" is "rotate 180°"."""
    return folded(str(name))


def _fields(answer) -> dict:
    """A dict's, a named tuple's or a dataclass's numbers by their names (as :func:`_key` spells them), else {}."""
    if isinstance(answer, dict):
        items = answer.items()
    elif hasattr(answer, "_asdict"):
        items = answer._asdict().items()
    elif is_dataclass(answer) and not isinstance(answer, type):
        items = ((item.name, getattr(answer, item.name)) for item in dataclass_fields(answer))
    else:
        return {}
    return {_key(name): value for name, value in items}


def _named(note) -> tuple[str, str]:
    """A mistake's ``(words, id)``: a plain string of words has no id."""
    return (note, "") if isinstance(note, str) else tuple(note)


def _judge_number(answer, expected, tolerance, mistakes, what: str, direction: bool, name=None) -> tuple:
    """``(None, "")`` when right, else one line and the id of the mistake (a wrong number or a predicate) it names."""
    problem = _number_problem(answer, what)
    if problem:
        return (f"{name}: {problem}" if name else problem), ""
    if _same_number(answer, expected, tolerance):
        return None, ""
    line = f"{name}: {_fmt(answer)} is not right" if name else f"{_fmt(answer)} is not {what}"
    if direction:
        line += ": it is too big" if _exact(answer) > _exact(expected) else ": it is too small"
    note, named = next((_named(note) for key, note in (mistakes or {}).items()
                        if (key(_exact(answer)) if callable(key) else _same_number(answer, key))), ("", ""))
    return line + "." + (f" {note}" if note else ""), named


@dataclass(eq=False)
class NumberCheck(Check):
    """One number, or a function computing it on the first check (so that importing the exercises stays quick)."""

    given: object
    _: KW_ONLY
    what: str = "the answer"
    tolerance: float = 0
    mistakes: dict = field(default_factory=dict)
    direction: bool = True
    explain: str = ""
    kind = "number"
    instruction = "replace None with your number, then run the cell again."

    @cached_property
    def expected(self):
        return self.given() if callable(self.given) else self.given

    def _judge(self, answer) -> Verdict:
        line, named = _judge_number(answer, self.expected, self.tolerance, self.mistakes, self.what, self.direction)
        if line is None:
            return right(f"{self.what} is {_fmt(self.expected)}." + (f" {self.explain}" if self.explain else ""))
        return wrong(line, mistake=named)


@dataclass(eq=False)
class NumbersCheck(Check):
    """Several named numbers, ``{name: expected}``, each wrong one on a line of its own; a slip of the whole
    answer (``slips``: ``{(numbers): words or (words, id)}``) stands for the mistakes of single numbers."""

    given: dict
    _: KW_ONLY
    tolerance: float = 0
    mistakes: dict = field(default_factory=dict)
    direction: bool = True
    explain: str = ""
    slips: dict = field(default_factory=dict)
    kind = "number"

    def __post_init__(self):
        self.instruction = f"replace None with your numbers ({', '.join(self.given)}), then run the cell again."

    @cached_property
    def expected(self) -> dict:
        return {name: value() if callable(value) else value for name, value in self.given.items()}

    def _judge(self, answer) -> Verdict:
        names = list(self.expected)
        fields = _fields(answer)
        if isinstance(answer, dict) or {_key(name) for name in names} <= set(fields):
            missing = [name for name in names if _key(name) not in fields]
            if missing:
                return wrong(f"The answer has no {' and no '.join(missing)}: give ({', '.join(names)}).")
            values = [fields[_key(name)] for name in names]
        elif isinstance(answer, (tuple, list)) and answer and all(is_unanswered(value) for value in answer):
            return unanswered(self.instruction)
        else:
            values = several(answer, names, "numbers")
        numeric = not any(is_unanswered(value) or _number_problem(value, "") for value in values)
        slips = [_named(words) for slip, words in self.slips.items()
                 if numeric and all(map(_same_number, values, slip))]
        judged = [(f"{name}: not answered yet.", "") if is_unanswered(value) else
                  _judge_number(value, self.expected[name], self.tolerance, None if slips else self.mistakes.get(name),
                                f"the {name}", self.direction, name)
                  for name, value in zip(names, values)]
        lines = [line for line, _ in judged if line]
        if not lines:
            figures = ", ".join(f"{name} {_fmt(self.expected[name])}" for name in names)
            return right(figures + "." + (f" {self.explain}" if self.explain else ""))
        right_ones = [name for name, (line, _) in zip(names, judged) if not line]
        if right_ones:
            lines.append(f"({' and '.join(right_ones)}: right.)")
        named = [named for _, named in slips + judged if named]
        return wrong("\n".join(lines + [words for words, _ in slips]), mistake=named[0] if named else "")


def parse_position(answer) -> Board:
    if isinstance(answer, Board):
        return answer
    if isinstance(answer, str):
        try:
            return Board.parse(answer)
        except BoardError as error:
            raise ValueError(f"{answer!r} is not a position: {error}") from None
    raise ValueError(f"Give a position, as a Board or as text such as \"X../.O./...\", not {describe_value(answer)}")


@dataclass(eq=False)
class PositionCheck(Check):
    """"Find a position where ...": ``explain(board)`` says which part fails (words, or a :func:`wrong` verdict)."""

    predicate: Callable
    explain: Callable
    _: KW_ONLY
    success: object = "this position has the property."
    parse: Callable = parse_position
    instruction: str = ('replace None with your position (a Board, or text such as "X../.O./..."),'
                        " then run the cell again.")
    kind = "position"

    def _judge(self, answer) -> Verdict:
        try:
            board = self.parse(answer)
        except (TypeError, ValueError) as error:
            return wrong(str(error).rstrip(".") + ".")
        if self.predicate(board):
            return right(*_parts(self.success(board) if callable(self.success) else self.success))
        why = self.explain(board)
        return why if isinstance(why, Verdict) else wrong(*_parts(why))


@dataclass(eq=False)
class CustomCheck(Check):
    """Anything else: ``decide(answer)`` calls the learner's code through a ``Learner`` and may end with ``stop``."""

    decide: Callable
    _: KW_ONLY
    kind: str = "custom"
    instruction: str = Check.instruction

    def _judge(self, answer) -> Verdict:
        return self.decide(answer)

"""The exercise object, the registry of every notebook's exercises, and ``verify_all``.

An :class:`Exercise` is plain data (title, prompt, hints, solution, a check)
plus the three methods a learner calls: ``hint``, ``solution`` and ``check``.
The data lives in one module per notebook, ``ttt.exercises.nbNN``, as a list
named ``EXERCISES``; the registry imports a module only when one of its
exercises is asked for, so ``exercise("00", 3)`` does not load the other nine.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import textwrap
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, Callable

from ttt.exercises import calls, mode, render, text
from ttt.exercises.checks import Check, Verdict
from ttt.exercises.verdicts import ERROR, describe_exception, raised_in_learners_code
from ttt.exercises.starters import Starter

__all__ = ["Exercise", "NoSuchExercise", "Failure", "exercise", "exercises", "notebooks", "notebook_id",
           "verify_all", "assert_right", "assert_right_fresh"]


class NoSuchExercise(ValueError):
    """An unknown notebook or exercise number; the message names the problem and what exists."""


@dataclass(frozen=True)
class Exercise:
    """One exercise of one notebook.

    ``number``    its number in the notebook's list (1, 2, ...);
    ``title``, ``star``, ``prompt``, ``hints``, ``explanation``: its words, which the
                  registry reads from ``nbNN.md`` (:mod:`ttt.exercises.text`): the title
                  of its heading, ``### 3. Forks by search``; a harder (★) exercise; the
                  Markdown the notebook shows for it; graded hints, from a nudge to nearly
                  the answer; why the solution works, or the model answer of an open
                  question (a function of no arguments returning it, when it quotes figures);
    ``figures``   for an explanation that quotes computed figures: a function of no
                  arguments returning them as a dict, which fills the template in ``nbNN.md``;
    ``code``      the solution's functions; their real source is shown, so the code
                  shown and the code verified are the same;
    ``checker``   a check from :mod:`ttt.exercises.checks`, or None for an open question;
    ``answer``    a function of no arguments returning what a learner would pass to
                  ``check`` for the worked solution (``lambda: forcing_moves``), so that
                  :func:`verify_all` can run it through the check;
    ``starter``   the code of the starter cell under the exercise in the notebook: a
                  :class:`~ttt.exercises.starters.Starter` made from the solution
                  (``function_starter(solution)``, ``answer_starter("(a, b)")``), which
                  the registry renders, or the code itself;
    ``giving``    the numbers of the hints that state the answer (``### Hint 3 (gives the
                  answer)`` in ``nbNN.md``): graded mode withholds them;
    ``notebook``  set by the registry from the module's name ("00").
    """

    number: int
    title: str = ""
    prompt: str = ""
    hints: tuple[str, ...] = ()
    explanation: str | Callable[[], str] = ""
    figures: Callable[[], dict] | None = None
    code: tuple[Callable, ...] = ()
    checker: Check | None = None
    answer: Callable[[], Any] | None = None
    starter: str | Starter = ""
    star: bool = False
    giving: frozenset[int] = frozenset()
    notebook: str = field(default="", compare=False)

    # ------------------------------------------------------------------ metadata
    @property
    def key(self) -> str:
        """``"00.3"``: how messages name the exercise."""
        return f"{self.notebook}.{self.number}"

    @property
    def kind(self) -> str:
        """What the answer is: "function", "number", "position", "custom", or "open" (no check)."""
        return self.checker.kind if self.checker is not None else "open"

    @property
    def has_check(self) -> bool:
        return self.checker is not None

    @property
    def has_hint(self) -> bool:
        return bool(self.hints)

    @property
    def has_solution(self) -> bool:
        return bool(self.explanation) or bool(self.code)

    @property
    def call(self) -> str:
        """How a learner names this exercise in code: ``exercise("00", 3)``."""
        return f'exercise("{self.notebook}", {self.number})'

    def info(self) -> dict:
        """The fields of ``python -m ttt exercises --json``."""
        return {
            "notebook": self.notebook,
            "number": self.number,
            "title": self.title,
            "has_check": self.has_check,
            "has_hint": self.has_hint,
            "has_solution": self.has_solution,
        }

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.title} ({self.kind}, {len(self.hints)} hints)>"

    def _repr_markdown_(self) -> str:
        """In a notebook, an exercise named on its own shows its prompt."""
        return self.prompt_markdown()

    @property
    def heading(self) -> str:
        """``### 3. Fail-soft by hand`` (``### 5. ★ Perfect ordering``): a heading, for the notebook's table of contents."""
        return f"### {self.number}. {'★ ' if self.star else ''}{self.title}"

    def prompt_markdown(self) -> str:
        """The exercise's cell in its notebook: the heading, then the prompt (:mod:`ttt.tools.exercise_cells`)."""
        return f"{self.heading}\n\n{self.prompt.strip()}"

    # ------------------------------------------------------------------ hints
    def hint(self, n: int = 1) -> None:
        """Show hint ``n`` (1 is a nudge, the last one nearly the answer).

        In graded mode the hints that state the answer are withheld, and no line
        points to a solution that is withheld too.
        """
        count = len(self.hints)
        graded = mode.graded()
        solution = "" if graded else f" {self.call}.solution() shows the worked solution."
        if not count:
            render.say(f"Exercise {self.key} has no hints.{solution}")
            return
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            render.say(f"Hints are numbered 1 to {count}: ask for one with {self.call}.hint(1).")
            return
        if n > count:
            render.say(f"Exercise {self.key} has {count} hints, so there is no hint {n}.{solution}")
            return
        if graded and n in self.giving:
            render.say(f"Hint {n} of exercise {self.key} gives the answer away, so it is withheld in graded mode"
                       f" (this is an assignment). Hints 1 to {min(self.giving) - 1} still work.")
            return
        if n < count and not (graded and n + 1 in self.giving):
            more = f"\n\n*Stuck? {self.call}.hint({n + 1})*"
        elif graded:
            more = "\n\n*That was the last hint graded mode shows.*"
        else:
            more = f"\n\n*That was the last hint. {self.call}.solution() shows the answer.*"
        render.show_markdown(f"**Hint {n} of {count}** ({self.key} {self.title}): {self.hints[n - 1].strip()}{more}")

    # ------------------------------------------------------------------ the solution
    def solution_markdown(self) -> str:
        """The worked solution as Markdown: the real source of the solution's functions, then why it works."""
        parts = [f"**Solution to {self.key}: {self.title}**"]
        for function in self.code:
            source = textwrap.dedent(inspect.getsource(function)).strip()
            parts.append(f"```python\n{source}\n```")
        prose = self.explanation() if callable(self.explanation) else self.explanation
        if prose:
            parts.append(textwrap.dedent(prose).strip())
        return "\n\n".join(parts)

    def solution_text(self) -> str:
        """The same solution as terminal text (what ``--solutions`` prints)."""
        return render.markdown_to_text(self.solution_markdown())

    def solution(self) -> None:
        """Show the worked solution: Markdown in a notebook, text in a terminal."""
        if mode.graded():  # graded mode (ttt.exercises.mode): one line, no solution
            render.say(mode.withheld(f"exercise {self.key}"))
            return
        render.show_markdown(self.solution_markdown())

    # ------------------------------------------------------------------ the check
    def judge(self, answer) -> Verdict:
        """The verdict on ``answer`` without showing anything (never raises)."""
        if self.checker is None:
            return Verdict(
                "wrong",
                (
                    f"Exercise {self.key} is an open question: there is nothing to check."
                    f" {self.call}.solution() shows a model answer.",
                ),
            )
        try:
            verdict = self.checker.judge(answer)
            if verdict.reason == "too slow" and mode.graded():
                # A grade never rests on a clock alone: once more, with four times the time, before it is final.
                with calls.budget_scope(4 * calls.BUDGET_SECONDS):
                    verdict = self.checker.judge(answer)
            return mode.plain_verdict(verdict, self.kind)  # graded mode: a wrong number is only wrong
        except Exception as error:  # noqa: BLE001 - a bug in the course, not in the learner's answer
            if raised_in_learners_code(error):   # the answer's own __eq__, __hash__ or __iter__, run by the check
                return Verdict("wrong", ("Your answer raised an error while the check looked at it:",
                                         describe_exception(error)), ERROR)
            return Verdict(
                "wrong",
                (
                    f"The check of exercise {self.key} itself failed ({type(error).__name__}: {error})."
                    " This is a bug in the course, not in your answer: please report it.",
                ),
            )

    def check(self, answer) -> bool:
        """Check ``answer``: True when it is right; otherwise say what is wrong and return False.

        Never raises on a wrong answer: None, a wrong type and an error inside
        the learner's function are all reported in words.
        """
        verdict = self.judge(answer)
        if self.checker is None:
            render.say(verdict.text)
        elif verdict.status == "right":
            render.say(f"Correct: {verdict.text}")
        elif verdict.status == "unanswered":
            render.say(f"Exercise {self.key} is not answered yet: {verdict.text}")
        else:
            render.show_parts([*verdict.parts, f"Try again, or ask for a hint: {self.call}.hint()"])
        return verdict.ok


# ---------------------------------------------------------------------- the registry


@lru_cache(maxsize=None)
def notebooks() -> tuple[str, ...]:
    """The notebooks that have an exercise module ``ttt.exercises.nbNN``: ``("00", ..., "09")``.

    Found by listing the package, so an appendix notebook only needs its module.
    """
    package = importlib.import_module("ttt.exercises")
    found = [info.name[2:] for info in pkgutil.iter_modules(package.__path__)
             if info.name.startswith("nb") and info.name[2:].isdigit()]
    return tuple(sorted(found))


def _notebook_range() -> str:
    names = notebooks()
    return f"{names[0]}-{names[-1]}" if names else "none"


def _whole_number(value) -> int | None:
    """5 and "5" (and " 05 ") as 5; anything else (a bool, "five", 5.0) as None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _shown(value) -> str:
    """How an unknown notebook or number is named in an error: 42 as 42, "abc" as 'abc'."""
    return str(value).strip() if _whole_number(value) is not None else repr(value)


def notebook_id(notebook) -> str:
    """ "05", 5 and "5" all name notebook 05; anything else raises :class:`NoSuchExercise`."""
    number = _whole_number(notebook)
    if number is None or number < 0 or f"{number:02d}" not in notebooks():
        raise NoSuchExercise(f"there is no notebook {_shown(notebook)}: notebooks are {_notebook_range()}")
    return f"{number:02d}"


@lru_cache(maxsize=None)
def _load(notebook: str) -> tuple[Exercise, ...]:
    """The exercises of one notebook, numbered and checked for the mistakes an author could make."""
    module = importlib.import_module(f"ttt.exercises.nb{notebook}")
    found = []
    said = dict(text.words(notebook))
    for item in getattr(module, "EXERCISES"):
        if not isinstance(item, Exercise):
            raise TypeError(f"ttt.exercises.nb{notebook}.EXERCISES holds {type(item).__name__}, not Exercise")
        if item.number not in said:
            raise text.TextError(f"nb{notebook}.md has no '## {item.number}.' heading for exercise {item.number}")
        words = said.pop(item.number)
        explanation = words.explanation
        if item.figures is not None:
            explanation = partial(_filled, words.explanation, item.figures)
        item = replace(item, notebook=notebook, title=words.title, star=words.star, prompt=words.prompt,
                       hints=words.hints, explanation=explanation, giving=words.giving)
        if isinstance(item.starter, Starter):
            item = replace(item, starter=item.starter.render(item.call))
        found.append(item)
    if said:
        raise text.TextError(f"nb{notebook}.md has words for exercises that nb{notebook}.py lacks: {sorted(said)}")
    numbers = [item.number for item in found]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"ttt.exercises.nb{notebook} numbers two exercises alike: {numbers}")
    return tuple(sorted(found, key=lambda item: item.number))


def _filled(template: str, figures: Callable[[], dict]) -> str:
    """An explanation of ``nbNN.md`` with its computed figures put in."""
    return template.format(**figures())


def _number_list(numbers: list[int]) -> str:
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers[:-1])) + (" and " if len(numbers) > 1 else "") + str(numbers[-1])


def exercise(notebook, number) -> Exercise:
    """The exercise ``number`` of ``notebook``: ``exercise("05", 3)``, ``exercise(5, 3)`` or ``exercise("5", 3)``."""
    nb = notebook_id(notebook)
    found = _load(nb)
    wanted = _whole_number(number)
    for item in found:
        if item.number == wanted:
            return item
    if not found:
        raise NoSuchExercise(f"notebook {nb} has no exercises yet")
    numbers = [item.number for item in found]
    raise NoSuchExercise(f"notebook {nb} has no exercise {_shown(number)}: its exercises are {_number_list(numbers)}")


def exercises(notebook=None) -> list[Exercise]:
    """Every exercise of ``notebook`` (all notebooks when None), in order."""
    names = notebooks() if notebook is None else (notebook_id(notebook),)
    return [item for nb in names for item in _load(nb)]


# ---------------------------------------------------------------------- verifying the solutions


@dataclass(frozen=True)
class Failure:
    """A worked solution that does not pass its own check (or whose solution cannot be shown)."""

    exercise: Exercise
    message: str

    def __str__(self) -> str:
        return f"{self.exercise.key} {self.exercise.title}: {self.message}"


def verify_exercise(item: Exercise) -> Failure | None:
    """Run one worked solution through its own check, and make sure its solution renders."""
    try:
        item.solution_markdown()
    except Exception as error:  # noqa: BLE001 - reported, not raised: verify lists every failure
        return Failure(item, f"the solution cannot be shown: {type(error).__name__}: {error}")
    if item.checker is None:
        return None
    if item.answer is None:
        return Failure(item, "it has a check but no worked answer to verify")
    try:
        verdict = item.judge(item.answer())
    except Exception as error:  # noqa: BLE001
        return Failure(item, f"the worked answer failed: {type(error).__name__}: {error}")
    if not verdict.ok:
        return Failure(item, f"the worked answer is judged {verdict.status}:\n{verdict.text}")
    return None


def verify_all(notebook=None) -> list[Failure]:
    """Every worked solution through its own check, silently; returns the failures (empty: all pass)."""
    failures = []
    for item in exercises(notebook):
        failure = verify_exercise(item)
        if failure is not None:
            failures.append(failure)
    return failures


# ---------------------------------------------------------------------- the autograder's assertion


def _judged(exercise_of, notebook: str, number: int, get_answer):
    """Fetch the answer through ``get_answer`` and judge it; raise AssertionError with the reason."""
    item = exercise_of(notebook, number)
    try:
        answer = get_answer()
    except NameError as error:
        raise AssertionError(f"Exercise {item.key} is not answered: {error} (the answer cell stopped before"
                          " defining it, or was not run).") from None
    verdict = item.judge(answer)
    if verdict.status == "unanswered":
        raise AssertionError(f"Exercise {item.key} is not answered yet: {verdict.text}")
    if not verdict.ok:   # the reason in brackets is what the grade export reads: "too slow", "error", ...
        raise AssertionError(f"Exercise {item.key} is not right ({verdict.reason}):\n{verdict.text}")
    return item


def assert_right(notebook: str, number: int, get_answer) -> None:
    """The autograder's test: pass when the answer is right, else raise AssertionError saying why.

    ``get_answer`` is a function of no arguments returning the answer
    (``lambda: forcing_moves``), so that an answer cell that never defined its
    name gives "not answered" in words rather than a bare ``NameError``.
    """
    item = _judged(exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right.")


def assert_right_fresh(notebook: str, number: int, get_answer) -> None:
    """:func:`assert_right` with the exercise modules loaded afresh (the hidden test of an assignment).

    A submission runs in the same interpreter as its tests, so it could replace
    ``Exercise.judge`` or a check's method to pass the visible test.  The hidden
    test forgets every ``ttt.exercises`` module and imports them again, so such a
    patch on the old modules does not reach the check that grades.  (The rules in
    ``ttt.board`` and the rest are kept: the answer's boards must stay comparable.)
    """
    for name in [name for name in sys.modules if name == "ttt.exercises" or name.startswith("ttt.exercises.")]:
        del sys.modules[name]
    fresh = importlib.import_module("ttt.exercises.core")
    item = _judged(fresh.exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right (hidden test).")

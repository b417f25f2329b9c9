"""The exercise a learner calls (``hint``, ``solution``, ``check``), graded mode (``TTT_GRADED=1``: no shortcut to
the answer) and the registry, which imports ``ttt.exercises.nbNN`` only when one of its exercises is asked for."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import textwrap
import traceback
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from importlib import resources
from typing import Any, Callable

from ttt.exercises import calls
from ttt.exercises.checks import Check
from ttt.exercises.verdicts import ERROR, Reveal, Verdict, describe_exception, is_learners_file
from ttt.exercises.words import listing

ENVIRONMENT_VARIABLE = "TTT_GRADED"


class NoSuchExercise(ValueError):
    """An unknown notebook or exercise number; the message names the problem and what exists."""


def graded() -> bool:
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def withheld(what: str) -> str:
    return (f"Solutions are withheld in graded mode ({what}): this is an assignment."
            " Hints still work: .hint(1), .hint(2), ...")


def plain_verdict(verdict: Verdict, kind: str) -> Verdict:
    """The verdict as graded mode shows it: a wrong number only wrong, and no :class:`Reveal` part."""
    if not graded() or verdict.status != "wrong":
        return verdict
    if kind == "number":
        return Verdict("wrong", ("Not right. (In graded mode a number check says only right or wrong.)",),
                       verdict.mistake)
    return Verdict("wrong", tuple(part for part in verdict.parts if not isinstance(part, Reveal)), verdict.mistake)


def _view():
    """Drawing is the view's: imported when an exercise first speaks, never by a check or an autograder."""
    from ttt.view import exercise_output

    return exercise_output


@dataclass(frozen=True)
class Exercise:
    """Its declaration in ``nbNN.py`` joined with its words from ``nbNN.md``; ``code`` is shown by its real source,
    so that the code shown is the code verified; ``checker`` None is an open question."""

    number: int
    title: str = ""
    prompt: str = ""
    hints: tuple[str, ...] = ()
    explanation: str | Callable[[], str] = ""
    figures: Callable[[], dict] | None = None
    code: tuple[Callable, ...] = ()
    checker: Check | None = None
    answer: Callable[[], Any] | None = None
    starter: str | Callable[[str], str] = ""
    star: bool = False
    giving: frozenset[int] = frozenset()
    notebook: str = field(default="", compare=False)

    @property
    def key(self) -> str:
        return f"{self.notebook}.{self.number}"

    @property
    def kind(self) -> str:
        return self.checker.kind if self.checker is not None else "open"

    @property
    def has_check(self) -> bool:
        return self.checker is not None

    @property
    def has_solution(self) -> bool:
        return bool(self.explanation) or bool(self.code)

    @property
    def call(self) -> str:
        return f'exercise("{self.notebook}", {self.number})'

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.title} ({self.kind}, {len(self.hints)} hints)>"

    def hint(self, n: int = 1) -> None:
        count, is_graded = len(self.hints), graded()
        solution = "" if is_graded else f" {self.call}.solution() shows the worked solution."
        if not count:
            print(f"Exercise {self.key} has no hints.{solution}")
        elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
            print(f"Hints are numbered 1 to {count}: ask for one with {self.call}.hint(1).")
        elif n > count:
            print(f"Exercise {self.key} has {count} hints, so there is no hint {n}.{solution}")
        elif is_graded and n in self.giving:
            print(f"Hint {n} of exercise {self.key} gives the answer away, so it is withheld in graded mode"
                  f" (this is an assignment). Hints 1 to {min(self.giving) - 1} still work.")
        else:
            more = (f"*Stuck? {self.call}.hint({n + 1})*" if n < count and not (is_graded and n + 1 in self.giving)
                    else "*That was the last hint graded mode shows.*" if is_graded
                    else f"*That was the last hint. {self.call}.solution() shows the answer.*")
            _view().show_markdown(f"**Hint {n} of {count}** ({self.key} {self.title}): {self.hints[n - 1].strip()}"
                                  f"\n\n{more}")

    def solution_markdown(self) -> str:
        parts = [f"**Solution to {self.key}: {self.title}**"]
        parts += [f"```python\n{textwrap.dedent(inspect.getsource(function)).strip()}\n```" for function in self.code]
        prose = self.explanation() if callable(self.explanation) else self.explanation
        return "\n\n".join(parts + ([textwrap.dedent(prose).strip()] if prose else []))

    def solution(self) -> None:
        if graded():
            print(withheld(f"exercise {self.key}"))
        else:
            _view().show_markdown(self.solution_markdown())

    def judge(self, answer) -> Verdict:
        """Shown nowhere, and never raises."""
        if self.checker is None:
            return Verdict("wrong", (f"Exercise {self.key} is an open question: there is nothing to check."
                                     f" {self.call}.solution() shows a model answer.",))
        try:
            verdict = self.checker.judge(answer)
            if verdict.reason == "too slow" and graded():
                # a grade never rests on a clock alone: once more, with four times the time, before it is final
                with calls.budget_scope(4 * calls.BUDGET_SECONDS):
                    verdict = self.checker.judge(answer)
            return plain_verdict(verdict, self.kind)
        except Exception as error:  # noqa: BLE001 - a bug in the course, or the answer's own __eq__ run by it
            frames = traceback.extract_tb(error.__traceback__)
            if frames and is_learners_file(frames[-1].filename, strict=False):
                return Verdict("wrong", ("Your answer raised an error while the check looked at it:",
                                         describe_exception(error)), ERROR)
            return Verdict("wrong", (f"The check of exercise {self.key} itself failed ({type(error).__name__}:"
                                     f" {error}). This is a bug in the course, not in your answer: please report it.",))

    def check(self, answer) -> bool:
        """True when ``answer`` is right; otherwise say what is wrong and return False (never raises)."""
        verdict = self.judge(answer)
        if self.checker is None:
            print(verdict.text)
        elif verdict.status == "right":
            print(f"Correct: {verdict.text}")
        elif verdict.status == "unanswered":
            print(f"Exercise {self.key} is not answered yet: {verdict.text}")
        else:
            _view().show_parts([*verdict.parts, f"Try again, or ask for a hint: {self.call}.hint()"])
        return verdict.ok


class TextError(ValueError):
    """An ``nbNN.md`` (the words, so that a teacher can reword without touching Python) that breaks AUTHORING.md."""


_EXERCISE = re.compile(r"^## (\d+)\. (★ )?(.+?)\s*$", re.MULTILINE)
_PART = re.compile(r"^### (Hint (\d+)( \(gives the answer\))?|Solution)\s*$", re.MULTILINE)


def _parse(name: str, text: str) -> dict[int, dict]:
    """``{number: the Exercise fields the words fill}``; text before the first ``##`` is for editors."""
    found: dict[int, dict] = {}
    heads = list(_EXERCISE.finditer(text))
    for head, after in zip(heads, heads[1:] + [None]):
        number, body = int(head.group(1)), text[head.end(): after.start() if after else len(text)]
        where = f"{name}, exercise {number}"
        if number in found:
            raise TextError(f"{where}: a second '## {number}.' heading")
        parts = list(_PART.finditer(body)) + [None]
        hints, explanation, giving = [], None, set()
        for part, following in zip(parts, parts[1:]):
            content = body[part.end(): following.start() if following else len(body)].strip()
            if part.group(2) is None:
                if explanation is not None:
                    raise TextError(f"{where}: a second '### Solution'")
                explanation = content
            elif explanation is not None:
                raise TextError(f"{where}: '### {part.group(1)}' comes after '### Solution'")
            elif int(part.group(2)) != len(hints) + 1:
                raise TextError(f"{where}: '### {part.group(1)}' should be '### Hint {len(hints) + 1}'")
            elif part.group(3) and not hints:
                raise TextError(f"{where}: hint 1 gives the answer, so graded mode would have no hint at all")
            else:
                hints.append(content)
                giving |= {len(hints)} if part.group(3) else set()
        prompt = body[: parts[0].start() if parts[0] else len(body)].strip()
        if not prompt or explanation is None or not all(hints):
            raise TextError(f"{where}: needs a prompt, '### Hint N' sections with text, and a '### Solution'")
        found[number] = dict(title=head.group(3), star=bool(head.group(2)), prompt=prompt, hints=tuple(hints),
                             explanation=explanation, giving=frozenset(giving))
    return found


@lru_cache(maxsize=None)
def words(notebook: str) -> dict[int, dict]:
    name = f"nb{notebook}.md"
    return _parse(name, resources.files("ttt.exercises").joinpath(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def notebooks() -> tuple[str, ...]:
    """``("00", ..., "09")``: found by listing the package, so that a new ``nbNN.py`` needs no registration."""
    package = importlib.import_module("ttt.exercises")
    return tuple(sorted(info.name[2:] for info in pkgutil.iter_modules(package.__path__)
                        if info.name.startswith("nb") and info.name[2:].isdigit()))


def _whole_number(value) -> tuple[int | None, str]:
    """5, "5" and " 05 " as ``(5, "5")``; anything else (a bool, "five", 5.0) as ``(None, its repr)``."""
    if isinstance(value, (int, str)) and not isinstance(value, bool) and str(value).strip().isdigit():
        return int(str(value).strip()), str(value).strip()
    return None, repr(value)


def notebook_id(notebook) -> str:
    """ "05", 5 and "5" all name notebook 05; anything else raises :class:`NoSuchExercise`."""
    number, shown = _whole_number(notebook)
    names = notebooks()
    if number is None or f"{number:02d}" not in names:
        raise NoSuchExercise(f"there is no notebook {shown}: notebooks are "
                             f"{f'{names[0]}-{names[-1]}' if names else 'none'}")
    return f"{number:02d}"


@lru_cache(maxsize=None)
def _load(notebook: str) -> tuple[Exercise, ...]:
    """The exercises of one notebook joined with their words, checked for an author's slips."""
    found, said = [], dict(words(notebook))
    for item in importlib.import_module(f"ttt.exercises.nb{notebook}").EXERCISES:
        if not isinstance(item, Exercise):
            raise TypeError(f"ttt.exercises.nb{notebook}.EXERCISES holds {type(item).__name__}, not Exercise")
        if any(other.number == item.number for other in found):
            raise ValueError(f"ttt.exercises.nb{notebook} numbers two exercises {item.number}")
        if item.number not in said:
            raise TextError(f"nb{notebook}.md has no '## {item.number}.' heading for exercise {item.number}")
        fields = dict(said.pop(item.number))   # a copy: the parsed words are cached
        if item.figures is not None:
            fields["explanation"] = partial(_filled, fields["explanation"], item.figures)
        item = replace(item, notebook=notebook, **fields)
        found.append(replace(item, starter=item.starter(item.call)) if callable(item.starter) else item)
    if said:
        raise TextError(f"nb{notebook}.md has words for exercises that nb{notebook}.py lacks: {sorted(said)}")
    return tuple(sorted(found, key=lambda item: item.number))


def _filled(template: str, figures: Callable[[], dict]) -> str:
    return template.format(**figures())


def exercise(notebook, number) -> Exercise:
    """``exercise("05", 3)``, ``exercise(5, 3)`` or ``exercise("5", 3)``."""
    nb = notebook_id(notebook)
    found = _load(nb)
    wanted, shown = _whole_number(number)
    for item in found:
        if item.number == wanted:
            return item
    if not found:
        raise NoSuchExercise(f"notebook {nb} has no exercises yet")
    numbers = [item.number for item in found]
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        numbers = [f"{numbers[0]}-{numbers[-1]}"]
    raise NoSuchExercise(f"notebook {nb} has no exercise {shown}: its exercises are {listing(numbers)}")


def exercises(notebook=None) -> list[Exercise]:
    names = notebooks() if notebook is None else (notebook_id(notebook),)
    return [item for nb in names for item in _load(nb)]

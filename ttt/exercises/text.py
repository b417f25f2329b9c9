"""The words of the exercises, read from ``ttt/exercises/nbNN.md``: titles, prompts, hints, explanations.

Each notebook's exercises are two files side by side: ``nbNN.py`` holds what
runs (the worked solutions, the checks and the starters) and ``nbNN.md`` what is
read (each exercise's title, prompt, graded hints and worked explanation), so a
teacher can reword, correct or translate an exercise in plain Markdown without
touching Python, and a reviewer reads the course text as text.  The registry
(:mod:`ttt.exercises.core`) joins the two by exercise number.

The file is Markdown with three heading levels of meaning::

    ## 5. ★ Perfect ordering       an exercise: its number, ★ if harder, its title
    (the prompt, until the first ### heading)
    ### Hint 1                     graded hints, numbered from 1 in order
    ### Hint 3 (gives the answer)  a hint that states the answer or the code computing it:
                                   graded mode withholds it (the earlier hints stay)
    ### Solution                   why the worked solution works (shown after its code)

An explanation that quotes computed figures is a template: its exercise has
``figures=``, a function returning a dict, and ``{name}`` or ``{name:,}`` in the
text is that figure (``{{`` and ``}}`` are literal braces there).  Text before
the first ``##`` heading (a comment for editors) is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["Words", "words", "TextError"]


class TextError(ValueError):
    """An ``nbNN.md`` file that breaks the format above; the message names the file and the heading."""


@dataclass(frozen=True)
class Words:
    """What ``nbNN.md`` says of one exercise."""

    number: int
    title: str
    star: bool
    prompt: str
    hints: tuple[str, ...]
    explanation: str
    giving: frozenset[int] = frozenset()
    """The numbers of the hints marked "(gives the answer)"."""


_EXERCISE = re.compile(r"^## (\d+)\. (★ )?(.+?)\s*$", re.MULTILINE)
_PART = re.compile(r"^### (Hint (\d+)( \(gives the answer\))?|Solution)\s*$", re.MULTILINE)


def _parse(name: str, text: str) -> dict[int, Words]:
    found: dict[int, Words] = {}
    heads = list(_EXERCISE.finditer(text))
    for head, after in zip(heads, heads[1:] + [None]):
        number, star, title = int(head.group(1)), bool(head.group(2)), head.group(3)
        body = text[head.end(): after.start() if after else len(text)]
        where = f"{name}, exercise {number}"
        if number in found:
            raise TextError(f"{where}: a second '## {number}.' heading")
        parts = list(_PART.finditer(body))
        prompt = body[: parts[0].start() if parts else len(body)].strip()
        hints, explanation, giving = [], None, set()
        for part, following in zip(parts, parts[1:] + [None]):
            content = body[part.end(): following.start() if following else len(body)].strip()
            if part.group(2) is None:
                if explanation is not None:
                    raise TextError(f"{where}: a second '### Solution'")
                explanation = content
            elif explanation is not None:
                raise TextError(f"{where}: '### {part.group(1)}' comes after '### Solution'")
            elif int(part.group(2)) != len(hints) + 1:
                raise TextError(f"{where}: '### {part.group(1)}' should be '### Hint {len(hints) + 1}'")
            elif part.group(3) and len(hints) == 0:
                raise TextError(f"{where}: hint 1 gives the answer, so graded mode would have no hint at all")
            else:
                hints.append(content)
                if part.group(3):
                    giving.add(len(hints))
        if not prompt or explanation is None or not all(hints):
            raise TextError(f"{where}: needs a prompt, '### Hint N' sections with text, and a '### Solution'")
        found[number] = Words(number, title, star, prompt, tuple(hints), explanation, frozenset(giving))
    return found


@lru_cache(maxsize=None)
def words(notebook: str) -> dict[int, Words]:
    """The words of notebook ``notebook``'s exercises ("05"), by exercise number."""
    name = f"nb{notebook}.md"
    return _parse(name, resources.files("ttt.exercises").joinpath(name).read_text(encoding="utf-8"))

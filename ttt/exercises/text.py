"""The words of the exercises, read from ``ttt/exercises/nbNN.md``, so that a teacher can reword, correct or
translate an exercise in plain Markdown without touching Python (the format: ``AUTHORING.md``).

An exercise is ``## 5. ★ Title`` (★ if harder), its prompt, ``### Hint N`` sections numbered from 1 (``### Hint
3 (gives the answer)`` is withheld in graded mode), then ``### Solution``.  An explanation with ``{name}`` is a
template filled by the exercise's ``figures``.  Text before the first ``##`` is a comment for editors.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources


class TextError(ValueError):
    """An ``nbNN.md`` that breaks the format; the message names the file and the heading."""


_EXERCISE = re.compile(r"^## (\d+)\. (★ )?(.+?)\s*$", re.MULTILINE)
_PART = re.compile(r"^### (Hint (\d+)( \(gives the answer\))?|Solution)\s*$", re.MULTILINE)


def _parse(name: str, text: str) -> dict[int, dict]:
    """``{number: the Exercise fields the words fill}``."""
    found: dict[int, dict] = {}
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
        found[number] = dict(title=title, star=star, prompt=prompt, hints=tuple(hints), explanation=explanation,
                             giving=frozenset(giving))
    return found


@lru_cache(maxsize=None)
def words(notebook: str) -> dict[int, dict]:
    """The words of notebook ``notebook``'s exercises ("05"), by exercise number."""
    name = f"nb{notebook}.md"
    return _parse(name, resources.files("ttt.exercises").joinpath(name).read_text(encoding="utf-8"))

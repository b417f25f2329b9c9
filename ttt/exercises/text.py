"""The words of the exercises, read from ``ttt/exercises/nbNN.md``, so that a teacher can reword, correct or
translate an exercise in plain Markdown without touching Python (the format: ``AUTHORING.md``)."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources


class TextError(ValueError):
    """An ``nbNN.md`` that breaks the format; the message names the file and the heading."""


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
    """The words of notebook ``notebook``'s exercises ("05"), by exercise number."""
    name = f"nb{notebook}.md"
    return _parse(name, resources.files("ttt.exercises").joinpath(name).read_text(encoding="utf-8"))

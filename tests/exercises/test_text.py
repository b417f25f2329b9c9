"""The exercises' words in ``ttt/exercises/nbNN.md``: the format and its errors (that the wheel ships them:
tests/test_windows_route.py, which builds it)."""

from __future__ import annotations

import pytest

from ttt.exercises import core, exercise, exercises, notebooks
from ttt.exercises.core import TextError, _parse


GOOD = """\
<!-- a comment for editors, ignored -->

## 1. First

Do this.

### Hint 1

A nudge.

### Hint 2

Nearly.

### Solution

**Why.** Because {figure:,}.

## 2. ★ Second

Then that,
over two lines.

### Hint 1

One.

### Solution

Done.
"""


def test_the_format_is_read_section_by_section():
    words = _parse("nb99.md", GOOD)
    assert sorted(words) == [1, 2]
    first, second = words[1], words[2]
    assert first == {"title": "First", "star": False, "prompt": "Do this.", "hints": ("A nudge.", "Nearly."),
                     "explanation": "**Why.** Because {figure:,}.", "giving": frozenset()}
    assert (second["title"], second["star"], second["prompt"]) == ("Second", True, "Then that,\nover two lines.")


@pytest.mark.parametrize("broken, words", [
    (GOOD.replace("## 2.", "## 1."), "nb99.md, exercise 1: a second '## 1.' heading"),
    (GOOD.replace("### Hint 2", "### Hint 3"), "'### Hint 3' should be '### Hint 2'"),
    (GOOD.replace("### Solution\n\nDone.", "### Hint 2\n\nDone."), "exercise 2: needs a prompt"),
    (GOOD.replace("Done.", "Done.\n\n### Hint 2\n\nLate."), "'### Hint 2' comes after '### Solution'"),
    (GOOD.replace("Done.", "Done.\n\n### Solution\n\nAgain."), "exercise 2: a second '### Solution'"),
    (GOOD.replace("Do this.", ""), "exercise 1: needs a prompt"),
])
def test_a_broken_file_names_the_exercise_and_the_heading(broken, words):
    with pytest.raises(TextError, match=words.replace("(", r"\(").replace("*", r"\*")):
        _parse("nb99.md", broken)


def test_every_exercise_has_its_words_and_every_section_its_exercise():
    for notebook in notebooks():
        said = core.words(notebook)
        assert sorted(said) == [item.number for item in exercises(notebook)], notebook
    item = exercise("05", 5)
    assert (item.title, item.star, len(item.hints)) == ("Perfect ordering", True, 3)


def test_words_without_an_exercise_and_an_exercise_without_words_are_errors(monkeypatch):
    real = core.words("03")
    monkeypatch.setattr(core, "words", lambda notebook: {**real, 9: real[1]} if notebook == "03" else {})
    core._load.cache_clear()
    try:
        with pytest.raises(TextError, match=r"nb03.md has words for exercises that nb03.py lacks: \[9\]"):
            exercises("03")
        with pytest.raises(TextError, match="nb04.md has no '## 1.' heading for exercise 1"):
            exercises("04")
    finally:
        core._load.cache_clear()


def test_a_template_is_filled_with_its_figures():
    item = exercise("00", 2)
    assert item.figures is not None and callable(item.explanation)
    assert "8 × 6 × 30 = 1,440" in item.explanation()
    assert "{" not in item.explanation()


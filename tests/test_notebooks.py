"""The course's promises about the shape of every notebook, checked on the committed files.

nbval checks that each stored output is what a fresh run gives; this file checks what a teacher
and a learner are promised about each notebook as a document:

* it opens with what the learner will learn and a time estimate, and its core reading (everything
  before the first ``## Optional``, ``## What to remember`` or ``## Exercises`` heading) takes at
  most 50 minutes by the course's rule: prose at 150 words a minute, code at 10 lines a minute;
* it closes with "What to remember" (3 to 5 points) before its exercises;
* every exercise of :mod:`ttt.exercises` for the notebook has its prompt, word for word, in a
  markdown cell, and a starter cell after it that names it;
* no cell carries execution timestamps; a cell that plots ends with ``plt.show()``; a cell that
  times something is marked ``# NBVAL_IGNORE_OUTPUT``;
* every relative link points to a file that exists, and the stored widget state is tidy
  (``tests/tidy_notebooks.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ttt.exercises import exercises

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
STOP = re.compile(r"^##\s+(Optional|What to remember|Exercises)", re.I)
MAX_CORE_MINUTES = 50
WORDS_A_MINUTE, LINES_A_MINUTE = 150, 10


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def core_minutes(cells: list[dict]) -> float:
    """The reading time of the core by the course's rule (every code line counts)."""
    words = lines = 0
    for cell in cells:
        text = source(cell)
        if cell["cell_type"] == "markdown" and STOP.match(text.lstrip()):
            break
        if cell["cell_type"] == "markdown":
            words += len(text.split())
        elif cell["cell_type"] == "code":
            lines += len(text.splitlines())
    return words / WORDS_A_MINUTE + lines / LINES_A_MINUTE


def headings(cells: list[dict]) -> list[tuple[int, str]]:
    return [(i, source(c).lstrip().splitlines()[0]) for i, c in enumerate(cells)
            if c["cell_type"] == "markdown" and source(c).lstrip().startswith("## ")]


def test_there_are_ten_numbered_notebooks():
    assert [path.name[:2] for path in NOTEBOOKS if path.name[:2].isdigit()] == [f"{n:02}" for n in range(10)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_it_opens_with_what_you_will_learn_and_an_honest_time_estimate(path):
    cells = load(path)
    head = " ".join(source(c) for c in cells[:4] if c["cell_type"] == "markdown")
    assert "what you will learn" in head.lower()
    stated = re.search(r"\*\*Time:\*\* about (\d+) minutes of core reading", head)
    assert stated, "no '**Time:** about NN minutes of core reading' near the top"
    minutes = core_minutes(cells)
    assert minutes <= MAX_CORE_MINUTES, f"the core takes {minutes:.1f} minutes"
    assert minutes <= int(stated[1]) < minutes + 10, f"it says {stated[1]} minutes; the rule gives {minutes:.1f}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_it_closes_with_what_to_remember_then_exercises(path):
    cells = load(path)
    found = headings(cells)
    remember = [i for i, h in found if h.startswith("## What to remember")]
    practice = [i for i, h in found if h.startswith("## Exercises")]
    assert remember and practice and remember[0] < practice[0]
    points = [line for line in source(cells[remember[0]]).splitlines() if re.match(r"^\s*[-*] ", line)]
    assert 3 <= len(points) <= 5


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_exercise_is_in_the_notebook_with_a_starter_cell(path):
    """The exercise cells are what ``make exercise-cells`` writes from ttt/exercises: current, tagged, in order."""
    import copy

    from ttt.exercises.cells import owned, update_notebook

    number = path.name[:2]
    notebook = json.loads(path.read_text())
    listed = exercises(number)
    assert listed, f"notebook {number} has no exercises in ttt.exercises"
    current = copy.deepcopy(notebook)
    assert not update_notebook(current, number), (
        f"the exercise cells of {path.name} are out of date: run `make exercise-cells NOTEBOOKS={path}`")
    tags = [owned(cell) for cell in notebook["cells"] if owned(cell)]
    for item in listed:
        assert (item.key, "prompt") in tags, f"exercise {item.key} has no prompt cell"
        if item.starter:
            assert tags.index((item.key, "starter")) == tags.index((item.key, "prompt")) + 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_cells_are_clean_plots_are_shown_and_timings_are_ignored(path):
    for i, cell in enumerate(load(path)):
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert "execution" not in cell.get("metadata", {}), f"cell {i} records execution timestamps"
        if "plt.subplots" in text or "plt.figure" in text:
            assert text.rstrip().endswith("plt.show()"), f"cell {i} plots but does not end with plt.show()"
        if re.search(r"perf_counter|timeit|time\.time\(", text):
            assert "NBVAL_IGNORE_OUTPUT" in text, f"cell {i} times something but nbval compares its output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_relative_links_point_to_files_that_exist(path):
    for i, cell in enumerate(load(path)):
        if cell["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", source(cell)):
            if not re.match(r"^[a-z]+:", target):
                assert (path.parent / target).exists(), f"cell {i} links to a missing {target}"

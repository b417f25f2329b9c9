"""The course's promises about the shape of every notebook, checked on the committed files.

nbval checks that each stored output is what a fresh run gives; this file checks what a teacher
and a learner are promised about each notebook as a document:

* it opens with what the learner will learn and a time estimate, and its core (everything before
  the first ``## Optional``, ``## What to remember`` or ``## Exercises`` heading) takes at most 50
  minutes by the lab-pace model (:func:`core_minutes`); the time it states is the model's figure
  rounded up to the next 5 minutes;
* a numbered notebook closes with "What to remember" (3 to 5 points) before its exercises; an
  appendix (``A1_sources.ipynb``) has neither;
* every exercise of :mod:`ttt.exercises` for the notebook has its prompt, word for word, in a
  markdown cell, and a starter cell after it that names it;
* no cell carries execution timestamps; a cell that plots ends with ``plt.show()``; a cell that
  times something is marked ``# NBVAL_IGNORE_OUTPUT``;
* every relative link points to a file that exists, and the stored widget state is tidy
  (``tests/tidy_notebooks.py``);
* the teaching guide has, for every numbered notebook, a part with its plan (set-up, a core block
  of at most 50 minutes, at least 30 minutes of exercises in class and as homework), its questions
  with their answers, its misconceptions, its exercises at a glance and its solutions; and its plans
  for slower readers (a flipped plan and a two-session plan), with the core's minutes at the model's
  pace and at 150 words and 4 code lines a minute, each the figure the notebook gives today.
"""

from __future__ import annotations

import ast
import json
import math
import re
from pathlib import Path

import pytest

from ttt import Board, solve
from ttt.exercises import exercises

ROOT = Path(__file__).resolve().parent.parent
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NOTEBOOKS = [path for path in ALL_NOTEBOOKS if path.name[:2].isdigit()]  # the labs, with exercises
APPENDICES = [path for path in ALL_NOTEBOOKS if path not in NOTEBOOKS]   # reference, no exercises
GUIDE = ROOT / "notebooks" / "teaching_guide.md"
STOP = re.compile(r"^##\s+(Optional|What to remember|Exercises)", re.I)
MAX_CORE_MINUTES = 50
# The lab-pace model: how fast a second-year student works through a notebook in a lab.
WORDS_A_MINUTE = 175          # prose
LINES_A_MINUTE = 6            # non-blank code lines, read and understood
OUTPUT_MINUTES = 0.5          # each code cell that shows output
FIGURE_MINUTES = 1.5          # more for each figure or widget, to look at or play with
FIGURE = re.compile(r"^image/|^application/vnd\.jupyter\.widget-view\+json$")
# A slower reader (the guide's plans for slower readers): the same outputs and figures, less prose and code a minute.
SLOW_WORDS_A_MINUTE = 150
SLOW_LINES_A_MINUTE = 4
#: a figure shown with its text alternative (ttt.view.figures.show_figure) is an HTML output holding a PNG
SHOWN_FIGURE = '<img src="data:image/png;base64,'


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def core_minutes(cells: list[dict], words: float = WORDS_A_MINUTE, lines: float = LINES_A_MINUTE) -> float:
    """The minutes the core takes at a lab's pace (the model is stated in the teaching guide).

    Prose at 175 words a minute; code at 6 non-blank lines a minute; half a minute for each code
    cell that shows output; 1.5 minutes more for each figure or widget in an output.  ``words`` and
    ``lines`` give another reader's pace (the guide's slower one: 150 and 4).
    """
    minutes = 0.0
    for cell in cells:
        text = source(cell)
        if cell["cell_type"] == "markdown" and STOP.match(text.lstrip()):
            break
        if cell["cell_type"] == "markdown":
            minutes += len(text.split()) / words
        elif cell["cell_type"] == "code":
            minutes += sum(1 for line in text.splitlines() if line.strip()) / lines
            outputs = cell.get("outputs", [])
            minutes += OUTPUT_MINUTES if outputs else 0
            minutes += FIGURE_MINUTES * sum(
                1 for output in outputs for kind, data in output.get("data", {}).items()
                if FIGURE.match(kind) or (kind == "text/html" and SHOWN_FIGURE in "".join(data)))
    return minutes


def stated_minutes(minutes: float) -> int:
    """What a notebook says at the top: the model's figure rounded up to the next 5 minutes."""
    return 5 * math.ceil(minutes / 5)


def test_the_pace_model_counts_what_it_says():
    cells = [
        {"cell_type": "markdown", "source": ["word " * 350]},                              # 2 minutes
        {"cell_type": "code", "source": ["a = 1\n", "\n", "b = 2\n"] * 3, "outputs": []},   # 6 lines: 1
        {"cell_type": "code", "source": ["a"], "outputs": [{"data": {"text/plain": "1"}}]},  # 1/6 + 0.5
        {"cell_type": "code", "source": ["plot()"],
         "outputs": [{"data": {"image/png": "", "text/plain": ""}}]},                      # 1/6 + 0.5 + 1.5
        {"cell_type": "markdown", "source": ["## Optional: more"]},
        {"cell_type": "markdown", "source": ["word " * 1000]},                             # not core
    ]
    assert core_minutes(cells) == pytest.approx(2 + 1 + 1 / 6 + 0.5 + 1 / 6 + 2.0)
    assert core_minutes(cells, SLOW_WORDS_A_MINUTE, SLOW_LINES_A_MINUTE) == pytest.approx(
        350 / 150 + 6 / 4 + 1 / 4 + 0.5 + 1 / 4 + 2.0)
    assert [stated_minutes(m) for m in (30, 30.1, 44.9, 45)] == [30, 35, 45, 45]


def headings(cells: list[dict]) -> list[tuple[int, str]]:
    return [(i, source(c).lstrip().splitlines()[0]) for i, c in enumerate(cells)
            if c["cell_type"] == "markdown" and source(c).lstrip().startswith("## ")]


def test_there_are_ten_numbered_notebooks():
    assert [path.name[:2] for path in NOTEBOOKS if path.name[:2].isdigit()] == [f"{n:02}" for n in range(10)]


@pytest.mark.parametrize("path", APPENDICES, ids=lambda p: p.name)
def test_an_appendix_has_no_exercises_and_is_linked_from_the_index(path):
    cells = load(path)
    assert not [h for _, h in headings(cells) if h.startswith(("## Exercises", "## What to remember"))]
    assert not any("exercise(" in source(c) for c in cells if c["cell_type"] == "code")
    assert f"]({path.name}" in " ".join(source(c) for c in load(NOTEBOOKS[0]) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_it_opens_with_what_you_will_learn_and_an_honest_time_estimate(path):
    cells = load(path)
    head = " ".join(source(c) for c in cells[:4] if c["cell_type"] == "markdown")
    assert "what you will learn" in head.lower()
    stated = re.search(r"\*\*Time:\*\* about (\d+) minutes of core", head)
    assert stated, "no '**Time:** about NN minutes of core ...' near the top"
    minutes = core_minutes(cells)
    assert minutes <= MAX_CORE_MINUTES, f"the core takes {minutes:.1f} minutes at a lab's pace"
    assert int(stated[1]) == stated_minutes(minutes), (
        f"it says {stated[1]} minutes; the lab-pace model gives {minutes:.1f}, so {stated_minutes(minutes)}")


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

    from ttt.tools.exercise_cells import owned, update_notebook

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


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_cells_are_clean_plots_are_shown_and_timings_are_ignored(path):
    for i, cell in enumerate(load(path)):
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert "execution" not in cell.get("metadata", {}), f"cell {i} records execution timestamps"
        if "plt.subplots" in text or "plt.figure" in text or ".plot." in text:
            # shown with its text alternative (ttt.view.figures), which plt.show() cannot give
            last = ast.parse(text.replace("# NBVAL_IGNORE_OUTPUT", "")).body[-1]
            assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) \
                and getattr(last.value.func, "id", "") == "show_figure", \
                f"cell {i} plots but does not end with show_figure(fig, alt)"
        if re.search(r"perf_counter|timeit|time\.time\(", text):
            assert "NBVAL_IGNORE_OUTPUT" in text, f"cell {i} times something but nbval compares its output"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_relative_links_point_to_files_that_exist(path):
    for i, cell in enumerate(load(path)):
        if cell["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", source(cell)):
            if not re.match(r"^[a-z]+:", target):
                assert (path.parent / target).exists(), f"cell {i} links to a missing {target}"


# Figures a notebook or an exercise states that take too long to compute in the notebook itself.
@pytest.mark.long
def test_5x6_with_four_in_a_row_is_a_win_for_x_in_11_moves():
    """Exercise 09.1's worked solution says so; the engine needs about 580,000 nodes to show it."""
    solution = solve(Board.empty(5, 6, 4), max_nodes=2_000_000)
    assert (solution.value, solution.plies) == (1, 11)


# ---------------------------------------------------------------------- the teaching guide
GUIDE_SECTIONS = ("A 90-minute plan", "Key questions to ask", "Common misconceptions", "Exercises at a glance",
                  "Solutions")
GENERAL_SECTIONS = ("The lab-pace model", "Learning goals and the exercises that practise them",
                    "A short course: four labs", "When Binder is down")


def guide_part(number: str) -> str:
    """The guide's part for one notebook: from its `## NN · ` heading to the next `## ` heading."""
    text = GUIDE.read_text()
    start = re.search(rf"^## {number} · .*$", text, re.M)
    assert start, f"the teaching guide has no part '## {number} · ...'"
    end = re.search(r"^## ", text[start.end():], re.M)
    return text[start.start(): start.end() + (end.start() if end else len(text))]


def subsection(part: str, title: str) -> str:
    found = re.search(rf"^### {re.escape(title)}.*?$(.*?)(?=^### |\Z)", part, re.M | re.S)
    assert found, f"no '### {title}'"
    return found[1]


def test_the_guide_has_its_general_sections_before_the_notebooks_parts():
    text = GUIDE.read_text()
    first_part = re.search(r"^## 00 · ", text, re.M).start()
    for title in GENERAL_SECTIONS:
        heading = re.search(rf"^## {re.escape(title)}$", text, re.M)
        assert heading and heading.start() < first_part, f"'## {title}' should come before the notebooks' parts"
    pace = subsection_of(text, "The lab-pace model")
    for rule in ("175 words a minute", "6 non-blank lines a minute", "half a minute", "1.5 minutes"):
        assert rule in pace, f"the guide's pace model does not say '{rule}'"


def subsection_of(text: str, title: str) -> str:
    found = re.search(rf"^## {re.escape(title)}$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return found[1] if found else ""


# The files of the nbgrader course that `python -m ttt assignments` writes (generated, never committed).
GENERATED = re.compile(r"(^|/)(nbgrader_config\.py|POINTS\.md)$|lab\d\d_\w+")


def test_the_guide_mentions_only_files_that_exist():
    text = GUIDE.read_text()
    names = {name for name in re.findall(r"[\w./-]+\.(?:py|ipynb|md|txt|cfg|toml|lock|json)\b", text)
             if not GENERATED.search(name)}
    files = {path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*")
             if ".venv" not in path.parts and ".git" not in path.parts}
    for name in names:
        assert name in files or f"notebooks/{name}" in files or any(f.endswith("/" + name) for f in files), (
            f"the teaching guide mentions {name}, which is not in the repository")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_guide_has_a_full_part_for_every_notebook(path):
    number = path.name[:2]
    part = guide_part(number)
    for title in GUIDE_SECTIONS:
        subsection(part, title)
    # the time it gives is the notebook's own
    stated = re.search(r"\*\*Time:\*\* about (\d+) minutes", " ".join(source(c) for c in load(path)[:4]))
    assert re.search(rf"About {stated[1]} minutes of core", part), f"the guide's time for {number} is not {stated[1]}"
    # the plan: 5-10 minutes to set up, a core of at most 50, at least 30 of exercises, in 90 minutes
    plan = subsection(part, "A 90-minute plan")
    blocks: dict[str, int] = {}
    for start, end, block in re.findall(r"^\| (\d+)–(\d+) \| (set-up|core|exercises|wrap-up) \|", plan, re.M):
        blocks[block] = blocks.get(block, 0) + int(end) - int(start)
    assert 5 <= blocks.get("set-up", 0) <= 10, f"set-up takes {blocks.get('set-up', 0)} minutes"
    assert 0 < blocks.get("core", 0) <= MAX_CORE_MINUTES, f"the core block takes {blocks.get('core', 0)} minutes"
    assert blocks.get("exercises", 0) >= 30, f"exercises take {blocks.get('exercises', 0)} minutes"
    assert sum(blocks.values()) <= 90
    keys = {item.key for item in exercises(number)}
    in_class = re.search(r"\*\*In class:\*\*(.*?)\*\*Homework:\*\*(.*?)(?:\n\n|\Z)", plan, re.S)
    assert in_class, "the plan does not say which exercises are done in class and which are homework"
    named = set(re.findall(rf"\b{number}\.\d+\b", in_class[1] + in_class[2]))
    assert named and named <= keys, f"the plan names exercises that do not exist: {sorted(named - keys)}"
    # every question has its answer (or the cell that answers it)
    questions = re.split(r"^- ", subsection(part, "Key questions to ask"), flags=re.M)[1:]
    assert questions, "no questions to ask"
    for question in questions:
        assert "**Answer:**" in question, f"a question without an answer: {question.strip()[:80]}"
    # every exercise at a glance, and where the solutions are
    glance = subsection(part, "Exercises at a glance")
    assert {key for key in keys if f"| {key} |" in glance} == keys, "an exercise is missing from 'Exercises at a glance'"
    assert f"--solutions {number}" in subsection(part, "Solutions")


def blocks_of(table: str) -> dict[str, int]:
    """Minutes per block of a plan's table (rows ``| a–b | block | ...``)."""
    found: dict[str, int] = {}
    for start, end, block in re.findall(r"^\| (\d+)–(\d+) \| ([\w -]+?) \|", table, re.M):
        found[block] = found.get(block, 0) + int(end) - int(start)
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_guide_has_plans_for_slower_readers_with_both_paces(path):
    """The minutes the guide states for the core are the model's, recounted from the notebook as it
    is (its sources, and how many of its code cells show an output, a figure or a widget); the flipped
    plan opens with a five-minute warm-up and spends the lab on exercises; the two-session plan reads
    the whole core, at the slower pace, in the first session."""
    number = path.name[:2]
    part = subsection(guide_part(number), "Plans for slower readers")
    cells = load(path)
    model, slow = core_minutes(cells), core_minutes(cells, SLOW_WORDS_A_MINUTE, SLOW_LINES_A_MINUTE)
    stated = re.search(r"about (\d+) minutes by the lab-pace model .*? about (\d+) at 150 words and 4 code lines a minute",
                       " ".join(part.split()))
    assert stated, "no 'about NN minutes by the lab-pace model ... about NN at 150 words and 4 code lines a minute'"
    assert (int(stated[1]), int(stated[2])) == (round(model), round(slow)), (
        f"the guide says {stated[1]} and {stated[2]} minutes; the notebook gives {model:.1f} and {slow:.1f}")
    flipped = re.search(r"\*\*A flipped plan\.\*\*(.*?)(?=\*\*A two-session plan\.\*\*)", part, re.S)
    assert flipped, "no '**A flipped plan.**' before '**A two-session plan.**'"
    blocks = blocks_of(flipped[1])
    assert blocks.get("warm-up") == 5 and blocks.get("exercises", 0) >= 60 and sum(blocks.values()) <= 90, blocks
    sessions = re.split(r"\*\*Session \d\.\*\*", part.split("**A two-session plan.**")[1])[1:]
    assert len(sessions) == 2, "the two-session plan should have '**Session 1.**' and '**Session 2.**'"
    first, second = blocks_of(sessions[0]), blocks_of(sessions[1])
    assert first.get("core", 0) >= slow and sum(first.values()) <= 90, first
    assert second.get("warm-up") == 5 and second.get("exercises", 0) >= 60 and sum(second.values()) <= 90, second
    keys = {item.key for item in exercises(number)}
    named = set(re.findall(rf"\b{number}\.\d+\b", part))
    assert named and named <= keys, f"the plans name exercises that do not exist: {sorted(named - keys)}"

"""``python -m ttt assignments --out DIR``: an nbgrader course generated from the exercises, never edited by hand.

For every notebook with exercises it writes ``source/<lab>/<lab>.ipynb`` (``lab05_pruning``),
the teacher's version that ``nbgrader generate_assignment`` turns into the student copy:

* a read-only setup cell: graded mode on (:mod:`ttt.exercises.mode`), ``exercise``, and the
  lab's own import statements, so that a student has the names the lab gave them;
* per checkable exercise: its prompt; an autograded answer cell, the lab's starter with the
  worked solution between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (nbgrader replaces
  that region by ``raise NotImplementedError()`` in the student copy); a read-only test cell
  worth :func:`points` that runs the exercise's own check and, between ``### BEGIN HIDDEN
  TESTS`` and ``### END HIDDEN TESTS``, the same check on freshly imported exercise modules
  (a submission that patches the visible check does not reach it);
* per open question: its prompt and a manually graded answer cell whose solution is the model
  answer; ``rubrics/<lab>.md`` (outside ``source/``, so never released) gives the marker the
  model answer and the scale.

The worked solution in an answer cell is real code of ``ttt.exercises.nbNN``: the functions
``.solution()`` shows, plus every module-level definition and import they use, read from the
module's source (so the cell runs on its own, and cannot drift from what ``verify_all`` checks).

``nbgrader_config.py`` sets the limits every autograded kernel runs under: a timeout per cell
and a memory limit (:mod:`ttt.tools.grading_kernel`); ``python -m ttt autograde`` runs
``nbgrader autograde`` one student at a time in a copy of the course (:mod:`ttt.tools.autograde`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
import sys
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ttt.exercises import Exercise, exercises, notebooks

__all__ = [
    "POINTS", "STAR_POINTS", "DEFAULT_TIMEOUT", "DEFAULT_MEMORY_MB", "AssignmentError", "points", "lab_names",
    "points_table", "format_points_table", "shared_names", "shared_code", "solution_code", "answer_cell_source",
    "autograder_test_source", "setup_source", "rubric", "answer_expression",
    "assignment_notebook", "write_course", "config_text",
]

POINTS, STAR_POINTS = 2, 3         # an exercise, a ★ exercise (checked or open)
DEFAULT_TIMEOUT = 60               # seconds per cell, in autograding (nbgrader's Execute.timeout)
DEFAULT_MEMORY_MB = 2048           # data memory of an autograded kernel (RLIMIT_DATA)
NOTEBOOKS_DIR = Path(__file__).resolve().parents[2] / "notebooks"
SOLUTION = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")


class AssignmentError(ValueError):
    """An exercise that cannot be turned into an assignment cell (a starter of an unknown shape, ...)."""


# ---------------------------------------------------------------------- points


def points(item: Exercise) -> int:
    """Points of one exercise: 2, or 3 for a ★ exercise; the same for a checked and an open one."""
    return STAR_POINTS if item.star else POINTS


def lab_names(notebooks_dir: Path | None = None) -> dict[str, str]:
    """``{"05": "lab05_pruning", ...}`` from the notebooks' file names (``05_pruning.ipynb``)."""
    folder = Path(notebooks_dir) if notebooks_dir else NOTEBOOKS_DIR
    names = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        names[path.name[:2]] = f"lab{path.stem}"
    return {nb: names.get(nb, f"lab{nb}") for nb in notebooks()}


@dataclass(frozen=True)
class LabPoints:
    lab: str
    exercises: int
    autograded: int
    manual: int

    @property
    def total(self) -> int:
        return self.autograded + self.manual


def points_table(notebooks_dir: Path | None = None) -> list[LabPoints]:
    """Points per lab: autograded (checked exercises) and manually graded (open questions)."""
    rows = []
    for nb, lab in lab_names(notebooks_dir).items():
        items = exercises(nb)
        if not items:
            continue
        rows.append(LabPoints(lab, len(items), sum(points(i) for i in items if i.has_check),
                              sum(points(i) for i in items if not i.has_check)))
    return rows


def format_points_table(notebooks_dir: Path | None = None) -> str:
    """The points table as Markdown (the teaching guide prints this same table)."""
    rows = points_table(notebooks_dir)
    lines = ["| lab | exercises | autograded | manual | total |", "|---|---:|---:|---:|---:|"]
    for row in rows:
        lines.append(f"| {row.lab} | {row.exercises} | {row.autograded} | {row.manual} | {row.total} |")
    lines.append(f"| all | {sum(r.exercises for r in rows)} | {sum(r.autograded for r in rows)} |"
                 f" {sum(r.manual for r in rows)} | {sum(r.total for r in rows)} |")
    return "\n".join(lines)


# ---------------------------------------------------------------------- the worked solution as a cell


@lru_cache(maxsize=None)
def _module_index(module) -> tuple[list[str], dict[str, tuple[int, str]]]:
    """Every top-level name of a module's source: ``name -> (statement index, code that defines it)``.

    An import is reduced to the one name it binds, so a cell imports only what it uses.
    """
    source = inspect.getsource(module)
    # `__file__` in a cell would be the kernel's, not the module's: name the module's file instead.
    here = f'__import__("importlib").import_module("{module.__name__}").__file__'
    lines = [line.replace("__file__", here) for line in source.splitlines()]
    index = {}
    for position, node in enumerate(ast.parse(source).body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            index[node.name] = (position, "\n".join(lines[first - 1:node.end_lineno]))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            code = "\n".join(lines[node.lineno - 1:node.end_lineno])
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        index[name.id] = (position, code)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                code = f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else "")
                index[bound] = (-1, code)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module != "__future__":
            for alias in node.names:
                code = f"from {node.module} import {alias.name}" + (f" as {alias.asname}" if alias.asname else "")
                index[alias.asname or alias.name] = (-1, code)
    return lines, index


def _names_in(code: str) -> set[str]:
    return {node.id for node in ast.walk(ast.parse(textwrap.dedent(code))) if isinstance(node, ast.Name)}


def _lambda_body(function) -> str:
    """The source of a ``lambda: EXPR``'s expression, found in its defining lines and confirmed by compiling it."""
    text = textwrap.dedent(inspect.getsource(function))
    for start in (m.start() for m in re.finditer(r"\blambda\b", text)):
        for end in range(len(text), start, -1):
            try:
                tree = ast.parse(text[start:end].strip(), mode="eval")
            except SyntaxError:
                continue
            if isinstance(tree.body, ast.Lambda) and not tree.body.args.args:
                body = ast.get_source_segment(text[start:end].strip(), tree.body.body)
                compiled = compile(f"lambda: {body}", "<answer>", "eval").co_consts[0]
                # (co_code differs once the original has run: CPython specialises it in place)
                original = function.__code__
                if (compiled.co_names, compiled.co_consts) == (original.co_names, original.co_consts):
                    return body
                break
    raise AssignmentError(f"cannot read the expression of the answer {function!r}")


def answer_expression(item: Exercise) -> str:
    """The expression whose value ``verify_all`` passes to the check: ``forcing_moves``, ``last_move_wins()``."""
    function = item.answer
    if function is None:
        raise AssignmentError(f"exercise {item.key} has a check but no worked answer")
    if function.__name__ == "<lambda>":
        return _lambda_body(function)
    return f"{function.__name__}()"


def _closure(index: dict, names) -> set[str]:
    """The module-level names ``names`` need, themselves included, following every definition's own names."""
    seen, queue = set(), [name for name in names if name in index]
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        queue.extend(other for other in _names_in(index[name][1]) if other in index and other not in seen)
    return seen


def _as_code(index: dict, names: set[str]) -> str:
    """The definitions of ``names``: the imports first, then the rest in the module's order."""
    imports = sorted({index[name][1] for name in names if index[name][0] < 0})
    definitions = sorted({index[name] for name in names if index[name][0] >= 0})
    parts = ["\n".join(imports)] if imports else []
    parts += [code for _, code in definitions]
    return "\n\n\n".join(parts)


def _solution_names(item: Exercise, index: dict) -> list[str]:
    names = [function.__name__ for function in item.code]
    missing = [name for name in names if name not in index]
    if missing:
        raise AssignmentError(f"exercise {item.key}: {', '.join(missing)} not defined at the top of its module")
    if item.has_check:
        names += sorted(_names_in(answer_expression(item)))
    return names


@lru_cache(maxsize=None)
def shared_names(notebook: str) -> frozenset[str]:
    """The lab's own definitions the worked solutions use that are no exercise's solution (``Representation``).

    The setup cell defines them, as the lab did, so a student has them too.  Private
    helpers (``_name``) and whatever depends on a solution stay out.
    """
    module = importlib.import_module(f"ttt.exercises.nb{notebook}")
    _, index = _module_index(module)
    items = exercises(notebook)
    solutions = {function.__name__ for item in items for function in item.code}
    used = set()
    for item in items:
        if item.has_check:
            used |= _closure(index, _solution_names(item, index))
    shared = set()
    for name in used - solutions:
        if name.startswith("_") or index[name][0] < 0:
            continue
        needs = _closure(index, [name])
        if not needs & solutions and not any(n.startswith("_") and index[n][0] >= 0 for n in needs):
            shared |= needs
    return frozenset(shared)


def shared_code(notebook: str) -> str:
    """The code of :func:`shared_names`, for the setup cell."""
    module = importlib.import_module(f"ttt.exercises.nb{notebook}")
    _, index = _module_index(module)
    names = shared_names(notebook)
    return _as_code(index, names) if names else ""


def solution_code(item: Exercise) -> str:
    """The worked solution as code that runs after the setup cell: the imports and definitions it needs."""
    module = importlib.import_module(f"ttt.exercises.nb{item.notebook}")
    _, index = _module_index(module)
    names = _closure(index, _solution_names(item, index)) - shared_names(item.notebook)
    return _as_code(index, names)


def _split_starter(item: Exercise) -> tuple[str, str, str, list[str]]:
    """The starter as (code before the check, the check call, the checked expression, names it assigns)."""
    source = item.starter.strip("\n")
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise AssignmentError(f"exercise {item.key}: its starter is not valid Python ({error})") from None
    last = tree.body[-1] if tree.body else None
    call = getattr(last, "value", None)
    if not (isinstance(last, ast.Expr) and isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute) and call.func.attr == "check" and len(call.args) == 1):
        raise AssignmentError(f"exercise {item.key}: its starter does not end with exercise(...).check(answer)")
    lines = source.splitlines()
    before = "\n".join(lines[:last.lineno - 1]).rstrip()
    check = "\n".join(lines[last.lineno - 1:])
    assigned = [target.id for node in tree.body[:-1] if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)]
    return before, check, ast.get_source_segment(source, call.args[0]), assigned


def answer_cell_source(item: Exercise) -> str:
    """The autograded answer cell: the starter, the worked solution in a solution region, the check call."""
    before, check, _, assigned = _split_starter(item)
    expression = answer_expression(item)
    body = solution_code(item)
    for name in assigned:
        if len(assigned) > 1:
            raise AssignmentError(f"exercise {item.key}: its starter assigns {assigned}; expected one answer name")
        if expression != name:
            body += f"\n\n\n{name} = {expression}"
    parts = [before] if before else []
    parts.append(f"{SOLUTION[0]}\n{body}\n{SOLUTION[1]}")
    parts.append(check)
    return "\n".join(parts)


def autograder_test_source(item: Exercise) -> str:
    """The read-only test cell: the exercise's check must say right; hidden, the same on fresh modules."""
    _, _, checked, _ = _split_starter(item)
    call = f'"{item.notebook}", {item.number}, lambda: {checked}'
    return "\n".join([
        f"# Autograder test of exercise {item.key} ({points(item)} points): its check must say it is right.",
        "from ttt.exercises.mode import assert_right",
        "",
        f"assert_right({call})",
        HIDDEN[0],
        "# The same check on freshly imported exercise modules: a submission that patched the visible",
        "# check (Exercise.judge, a check's method) does not reach this one.",
        "import sys",
        'for _module in [m for m in sys.modules if m.startswith("ttt.exercises")]:',
        "    del sys.modules[_module]",
        "from ttt.exercises.mode import assert_right_fresh",
        "",
        f"assert_right_fresh({call})",
        HIDDEN[1],
    ])


# ---------------------------------------------------------------------- notebooks


def _light(module: str) -> bool:
    """A module the setup cell may import: the standard library and ``ttt``'s model (no views, tools, plots)."""
    root = module.split(".")[0]
    if root == "ttt":
        return not module.startswith(("ttt.view", "ttt.tools", "ttt.exercises"))
    return root in sys.stdlib_module_names and root != "__future__"


def _lab_imports(notebook_path: Path) -> list[str]:
    """The light import statements of a lab notebook's code cells (:func:`_light`), in order, each once."""
    if not notebook_path.exists():
        return []
    found = []
    for cell in json.loads(notebook_path.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        try:
            tree = ast.parse(source)
        except SyntaxError:  # an IPython magic: no imports taken from that cell
            continue
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                if all(_light(module) for module in modules):
                    text = ast.get_source_segment(source, node)
                    if text not in found:
                        found.append(text)
    return found


def _cell(kind: str, source: str, grade_id: str, **nbgrader) -> dict:
    """A cell with nbgrader's metadata; its id is its grade id, so a generated notebook never changes by chance."""
    cell = {"cell_type": kind, "id": grade_id.replace("_", "-"), "metadata": {},
            "source": source.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    cell["metadata"]["nbgrader"] = {"grade_id": grade_id, "schema_version": 3, "task": False, **nbgrader}
    if nbgrader.get("locked"):
        cell["metadata"]["editable"] = False
        cell["metadata"]["deletable"] = False
    return cell


def setup_source(notebook: str, imports: list[str]) -> str:
    """The setup cell: graded mode on, ``exercise``, the lab's imports and the lab's shared definitions."""
    lines = [
        "# Setup: graded mode (solutions withheld, number checks say only right or wrong), then the lab's imports.",
        "import os",
        "",
        'os.environ["TTT_GRADED"] = "1"',
        "",
        "from ttt.exercises import exercise",
        *imports,
    ]
    shared = shared_code(notebook)
    if shared:
        lines += ["", "", "# Defined in the lab, used by its exercises:", shared]
    return "\n".join(lines)


def _intro(notebook: str, lab: str, items: list[Exercise], timeout: int) -> str:
    auto = sum(points(i) for i in items if i.has_check)
    manual = sum(points(i) for i in items if not i.has_check)
    return textwrap.dedent(f"""\
        # {lab}: graded exercises of notebook {notebook}

        The exercises of notebook {notebook}, as an assignment: {len(items)} exercises, {auto + manual} points
        ({auto} checked by the autograder, {manual} marked by hand). Run the setup cell first.

        * Write each answer in the cell under the exercise, in place of `raise NotImplementedError()`, and run it:
          the check at its end says whether the answer is right. A number check says only right or wrong here.
        * `exercise("{notebook}", n).hint()` gives hints (`.hint(2)` the next one); solutions are withheld.
        * The cell after each answer is the autograder's test (read-only). It must pass without errors;
          the autograder runs it again, with hidden tests, on your submitted notebook.
        * Each cell must finish within {timeout} seconds and the notebook must stay within its memory.
        * Before you submit: Kernel → Restart and Run All, and check that every cell runs.
        """)


def assignment_notebook(notebook: str, lab: str, notebooks_dir: Path | None = None,
                        timeout: int = DEFAULT_TIMEOUT) -> dict:
    """The nbgrader source notebook of one lab, as nbformat 4.5 JSON."""
    folder = Path(notebooks_dir) if notebooks_dir else NOTEBOOKS_DIR
    items = exercises(notebook)
    lab_file = next(iter(sorted(folder.glob(f"{notebook}_*.ipynb"))), folder / "missing.ipynb")
    cells = [
        _cell("markdown", _intro(notebook, lab, items, timeout), "intro", grade=False, solution=False,
              locked=True),
        _cell("code", setup_source(notebook, _lab_imports(lab_file)), "setup", grade=False, solution=False,
              locked=True),
    ]
    for item in items:
        tag = f"ex{item.notebook}_{item.number}"
        worth = f"*({points(item)} points{', marked by hand' if not item.has_check else ''})*"
        cells.append(_cell("markdown", f"{item.prompt_markdown()}\n\n{worth}", f"{tag}_prompt",
                           grade=False, solution=False, locked=True))
        if item.has_check:
            cells.append(_cell("code", answer_cell_source(item), f"{tag}_answer", grade=False, solution=True,
                               locked=False))
            cells.append(_cell("code", autograder_test_source(item), f"{tag}_test", grade=True, solution=False,
                               locked=True, points=points(item)))
        else:
            cells.append(_cell("markdown", _model_answer(item), f"{tag}_open", grade=True, solution=True,
                               locked=False, points=points(item)))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _model_answer(item: Exercise) -> str:
    prose = item.explanation() if callable(item.explanation) else item.explanation
    return textwrap.dedent(prose or "").strip() or "(model answer: see the teaching guide)"


def rubric(notebook: str, lab: str) -> str:
    """The marker's rubric of a lab's open questions: points, what earns them, the model answer."""
    lines = [f"# Rubric: {lab} (questions marked by hand)", ""]
    open_items = [item for item in exercises(notebook) if not item.has_check]
    if not open_items:
        lines.append("Every exercise of this lab is checked by the autograder.")
    for item in open_items:
        full = points(item)
        lines += [
            f"## {item.key} {'★ ' if item.star else ''}{item.title} ({full} points)", "",
            f"- {full} points: the answer makes the model answer's main point, in the student's own words, and"
            " backs it with a figure, a position or code from the lab.",
            f"- {full - 1} point{'s' if full - 1 != 1 else ''}: the main point, without support, or with one error"
            " of fact.",
            "- 0 points: no answer, the untouched `YOUR ANSWER HERE`, or the main point missed.",
            "", "Model answer:", "", _model_answer(item), "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def config_text(course_id: str = "ttt", timeout: int = DEFAULT_TIMEOUT, memory_mb: int = DEFAULT_MEMORY_MB) -> str:
    """``nbgrader_config.py`` of the generated course."""
    exec_line = f"import ttt.tools.grading_kernel as _grading; _grading.limit_memory({memory_mb})"
    return textwrap.dedent(f'''\
        # Generated by `python -m ttt assignments`: do not edit, generate again.
        c = get_config()  # noqa: F821 - nbgrader defines it

        c.CourseDirectory.course_id = "{course_id}"
        # rubrics/ and this file stay with the teacher: only source/<lab>/ is released.

        # Every autograded notebook runs in a fresh kernel: at most {timeout} s per cell (then it is interrupted and
        # the cell fails with CellTimeoutError), and at most {memory_mb} MB of data memory (then MemoryError).
        c.Execute.timeout = {timeout}
        c.Execute.interrupt_on_timeout = True
        c.Execute.extra_arguments = [
            "--HistoryManager.hist_file=:memory:",
            "--IPKernelApp.exec_lines={exec_line}",
        ]

        # `nbgrader zip_collect LAB`: files in downloaded/LAB/archive/ named <student>_<lab>.ipynb (from an LMS).
        c.ZipCollectApp.collector_plugin = "nbgrader.plugins.zipcollect.FileNameCollectorPlugin"
        c.FileNameCollectorPlugin.named_regexp = r"(?:.*/)?(?P<student_id>[A-Za-z0-9.-]+)_(?P<file_id>lab[0-9][0-9]_\\w+\\.ipynb)$"

        # `nbgrader export` writes one row per student and exercise, with the reason a test failed.
        from ttt.tools.grades_export import exercise_csv_exporter

        c.ExportApp.plugin_class = exercise_csv_exporter()
        ''')


def write_course(out: Path, notebooks_dir: Path | None = None, *, timeout: int = DEFAULT_TIMEOUT,
                 memory_mb: int = DEFAULT_MEMORY_MB, labs: list[str] | None = None) -> list[Path]:
    """Write the course directory; returns the source notebooks written. ``labs`` limits it to some notebooks."""
    out = Path(out)
    written = []
    names = lab_names(notebooks_dir)
    wanted = list(names) if labs is None else labs
    unknown = [nb for nb in wanted if nb not in names]
    if unknown:
        raise AssignmentError(f"no exercises for notebook {', '.join(unknown)}: notebooks are {', '.join(names)}")
    out.mkdir(parents=True, exist_ok=True)
    (out / "nbgrader_config.py").write_text(config_text(timeout=timeout, memory_mb=memory_mb))
    for nb in wanted:
        lab = names[nb]
        if not exercises(nb):
            continue
        folder = out / "source" / lab
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{lab}.ipynb"
        notebook = assignment_notebook(nb, lab, notebooks_dir, timeout)
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
        (out / "rubrics").mkdir(exist_ok=True)
        (out / "rubrics" / f"{lab}.md").write_text(rubric(nb, lab))
        written.append(path)
    (out / "POINTS.md").write_text("# Points per lab\n\n" + format_points_table(notebooks_dir) + "\n")
    return written

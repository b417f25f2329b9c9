"""``python -m ttt assignments --out DIR``: an nbgrader course generated from the exercises, never edited by hand.

For every notebook with exercises it writes ``source/<lab>/<lab>.ipynb`` (``lab05_pruning``),
the teacher's version that ``nbgrader generate_assignment`` turns into the student copy:

* a read-only setup cell: graded mode on (:func:`ttt.exercises.core.graded`), ``exercise``, and the
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

from ttt.course import NOTEBOOKS as NOTEBOOKS_DIR
from ttt.exercises import Exercise, exercises, notebooks
from ttt.tools.exercise_cells import prompt_markdown

__all__ = [
    "POINTS", "STAR_POINTS", "DEFAULT_TIMEOUT", "DEFAULT_MEMORY_MB", "AssignmentError", "points", "lab_names",
    "points_table", "format_points_table", "shared_names", "shared_code", "solution_code", "answer_cell_source",
    "autograder_test_source", "setup_source", "rubric", "answer_expression", "prompt_names", "notebook_definitions",
    "lab_context_code", "explanation_points", "EXPLANATIONS", "LAB_DATA",
    "assignment_notebook", "write_course", "config_text",
]

POINTS, STAR_POINTS = 2, 3         # an exercise, a ★ exercise (checked or open)
DEFAULT_TIMEOUT = 60               # seconds per cell, in autograding (nbgrader's Execute.timeout)
DEFAULT_MEMORY_MB = 2048           # data memory of an autograded kernel (RLIMIT_DATA)
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
                              sum(points(i) for i in items if not i.has_check)
                              + sum(explanation_points(i) for i in items)))
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
    return _source_index(source, [line.replace("__file__", here) for line in source.splitlines()])


def _bound_names(target) -> list[str]:
    """The names an assignment target binds (``a``, ``a, b``), not those it only reads (``squares[5, 7]``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _bound_names(element)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return []


def _source_index(source: str, lines: list[str]) -> tuple[list[str], dict[str, tuple[int, str]]]:
    """:func:`_module_index` of any source: a later definition of a name replaces an earlier one."""
    index = {}
    for position, node in enumerate(ast.parse(source).body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            index[node.name] = (position, "\n".join(lines[first - 1:node.end_lineno]))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            code = "\n".join(lines[node.lineno - 1:node.end_lineno])
            for target in targets:
                for name in _bound_names(target):
                    index[name] = (position, code)
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
    """The names a definition reads from outside: a function's parameters and local names left out."""
    found = set()
    for statement in ast.parse(textwrap.dedent(code)).body:
        names = {node.id for node in ast.walk(statement) if isinstance(node, ast.Name)}
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = statement.args
            local = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
            local |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
            local |= {node.id for node in ast.walk(statement) if isinstance(node, ast.Name)
                      and isinstance(node.ctx, ast.Store)}
            globals_ = {name for node in ast.walk(statement) if isinstance(node, (ast.Global, ast.Nonlocal))
                        for name in node.names}
            names = (names - local) | (names & globals_)
            names |= {n.id for d in statement.decorator_list for n in ast.walk(d) if isinstance(n, ast.Name)}
        found |= names
    return found


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
    """The read-only test cell: the exercise's check must say right; hidden, the same on fresh modules, and for a
    number exercise, first, the practice-mode words on the answer kept for the feedback (:mod:`ttt.tools.feedback`)."""
    _, _, checked, _ = _split_starter(item)
    call = f'"{item.notebook}", {item.number}, lambda: {checked}'
    practice = [] if item.kind != "number" else [
        HIDDEN[0],
        "# For the feedback after the deadline: what practice mode says of the answer (ttt.tools.feedback).",
        "from ttt.tools.feedback import record_practice_words",
        "",
        f"record_practice_words({call})",
        HIDDEN[1],
    ]
    return "\n".join([
        f"# Autograder test of exercise {item.key} ({points(item)} points): its check must say it is right.",
        *practice,
        "from ttt.tools.grading import assert_right",
        "",
        f"assert_right({call})",
        HIDDEN[0],
        "# The same check on freshly imported exercise modules: a submission that patched the visible",
        "# check (Exercise.judge, a check's method) does not reach this one.",
        "import sys",
        'for _module in [m for m in sys.modules if m.startswith(("ttt.exercises", "ttt.tools.grading"))]:',
        "    del sys.modules[_module]",
        "from ttt.tools.grading import assert_right_fresh",
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


def _notebook_code(notebook_path: Path) -> str:
    """The code cells of a notebook that parse as Python (not IPython magics), in order, as one source."""
    if not notebook_path.exists():
        return ""
    cells = json.loads(notebook_path.read_text())["cells"]
    parts = []
    for cell in cells:
        source = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
        try:
            ast.parse(source)
        except SyntaxError:
            continue
        parts.append(source)
    return "\n\n\n".join(parts)


def notebook_definitions(notebook_path: Path) -> set[str]:
    """The names a lab notebook defines at the top level of its code cells (functions, classes, data, imports)."""
    source = _notebook_code(Path(notebook_path))
    return set(_source_index(source, source.splitlines())[1]) if source else set()


def prompt_names(notebook: str) -> set[str]:
    """The names a notebook's prompts tell students to use: written as code (between backticks), as in
    `full`, `counts.nodes_per_ply` or `size(gametree(...))`; not an attribute (`prune` of `ttt.tree.prune`)."""
    found = set()
    for item in exercises(notebook):
        for code in re.findall(r"`([^`]*)`", prompt_markdown(item)):
            found |= set(re.findall(r"(?<![.\w])([A-Za-z_][A-Za-z0-9_]*)", code))
    return found


def _starter_names(item: Exercise) -> set[str]:
    try:
        tree = ast.parse(item.starter)
    except SyntaxError:
        return set()
    return {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))} | {
        target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
        if isinstance(target, ast.Name)}


# The lab's data (not functions) that prompts tell students to use, computed in the setup as the lab did: a
# prompt's `full` is the package's tree of the empty board, `counts` its figures (03.2, 03.6).  Only data a
# prompt needs, and cheap enough for every autograded kernel; the lab's other variables stay in the lab.
LAB_DATA = {"03": ("full", "counts", "EMPTY")}


def _is_definition(code: str) -> bool:
    """Whether a top-level statement defines a function or a class (cheap to run; data may not be)."""
    body = ast.parse(textwrap.dedent(code)).body
    return bool(body) and isinstance(body[0], (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))


def prompt_definitions(notebook: str, notebook_path: Path) -> set[str]:
    """The names of :func:`prompt_names` that the release's setup defines from the lab notebook: its functions
    and classes, and the data of :data:`LAB_DATA`; not the exercises' answers nor the lab's shared names."""
    source = _notebook_code(Path(notebook_path))
    if not source:
        return set()
    _, index = _source_index(source, source.splitlines())
    answers = {"exercise"} | shared_names(notebook)
    for item in exercises(notebook):
        answers |= {function.__name__ for function in item.code} | _starter_names(item)
    defined = {name for name in prompt_names(notebook) if name in index and name not in answers}
    return {name for name in defined if _is_definition(index[name][1])} | (defined & set(LAB_DATA.get(notebook, ())))


def lab_context_code(notebook: str, notebook_path: Path) -> str:
    """The lab's own definitions that its prompts tell students to use (``size``, ``gametree``, ``noisy``).

    Read from the lab notebook's code cells: each name a prompt writes as code that the notebook
    defines, with everything that definition needs (its imports, the names it uses), except the
    exercises' own answers, the lab's shared definitions (:func:`shared_code`), private names and
    imports the setup may not make (:func:`_light`).  So a student who follows a prompt in the
    released notebook has the name, as the lab defined it.
    """
    source = _notebook_code(notebook_path)
    if not source:
        return ""
    _, index = _source_index(source, source.splitlines())
    items = exercises(notebook)
    answers = {"exercise"} | shared_names(notebook)
    for item in items:
        answers |= {function.__name__ for function in item.code} | _starter_names(item)
    wanted = prompt_definitions(notebook, notebook_path)

    def allowed(name: str) -> bool:
        code = index[name][1]
        if index[name][0] >= 0:
            return True
        module = code.split()[1]
        return _light(module)

    kept = set()
    for name in sorted(wanted):
        needs = _closure(index, [name]) - answers
        if all(allowed(need) and not need.startswith("_") for need in needs):
            kept |= needs
    return _as_code(index, kept) if kept else ""


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


def setup_source(notebook: str, imports: list[str], context: str = "") -> str:
    """The setup cell: graded mode on, ``exercise``, the lab's imports and shared definitions, and ``context``:
    what the prompts tell students to use (:func:`lab_context_code`)."""
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
    if context:
        lines += ["", "", "# Defined in the lab, named by the exercises' prompts:", context]
    return "\n".join(lines)


def _intro(notebook: str, lab: str, items: list[Exercise], timeout: int) -> str:
    auto = sum(points(i) for i in items if i.has_check)
    manual = sum(points(i) for i in items if not i.has_check) + sum(explanation_points(i) for i in items)
    return textwrap.dedent(f"""\
        # {lab}: graded exercises of notebook {notebook}

        The exercises of notebook {notebook}, as an assignment: {len(items)} exercises, {auto + manual} points
        ({auto} checked by the autograder, {manual} marked by hand). Run the setup cell first.

        * Write each answer in the cell under the exercise (in place of `raise NotImplementedError`, or after
          `answer = None`, where it says `# YOUR CODE HERE`), and run it:
          the check at its end says whether the answer is right. A number check says only right or wrong here.
        * `exercise("{notebook}", n).hint()` gives hints (`.hint(2)` the next one); solutions are withheld.
        * The cell after each answer is the autograder's test (read-only). It must pass without errors;
          the autograder runs it again, with hidden tests, on your submitted notebook.
        * Each cell must finish within {timeout} seconds and the notebook must stay within its memory.
        * Before you submit: Kernel → Restart and Run All, and check that every cell runs.
        """)


# Exercises that also ask students to explain why: a manually graded answer cell follows the autograded one.
# {key: (points, what a full answer says)}; the rubric (rubrics/<lab>.md and the teaching guide) gives the scale.
EXPLANATIONS = {
    "03.3": (1, "the move orders that reach a position permute X's moves among themselves and O's among"
                " themselves: a position with k marks of X and m of O is reached in at most k!·m! ways (fewer when"
                " an order would have finished the game earlier), a bound that grows with the number of marks, so"
                " the most popular positions are those with the most marks that are still unfinished"),
    "03.6": (1, "a board fixes only which cells hold X and O, not the order they were filled: each winning"
                " board stands for many games, the orders of X's five and O's four moves that do not finish"
                " a line earlier"),
    "05.6": (1, "its children's values lie outside the window, so the best of them does too; fail-hard clips it"
                " to the edge (α or β), because a value beyond the window changes nothing above: the parent"
                " only needs the bound"),
}
# A note under a prompt where the release holds what the lab notebook showed (the lab's figures, its explorer).
PROMPT_NOTES = {
    "03.6": "*In this assignment, the notebook's figures are those of `counts` (the setup cell computes it):"
            " `counts.games_by_length`, `counts.outcomes`, ...*",
}
# A read-only cell of the lab's code put before the first exercise whose prompt names it: (words, a marker of
# the lab's code cell).  The explorer of notebook 05's Optional part is needed by exercises 6 and 7.
LAB_CELLS = {"the explorer": "TreeExplorer("}


def _lab_cell_code(notebook: str, notebook_path: Path, marker: str, defined: str) -> str:
    """The lab's first code cell containing ``marker``, after the definitions it needs and ``defined`` lacks."""
    source = _notebook_code(notebook_path)
    cell = next((part for part in source.split("\n\n\n") if marker in part), None)
    if cell is None:
        return ""
    _, index = _source_index(source, source.splitlines())
    have = _names_in(defined) | {name for name, (_, code) in index.items() if code in defined}
    needs = _closure(index, _names_in(cell) & set(index)) - have - set(shared_names(notebook))
    return "\n\n\n".join(part for part in [_as_code(index, needs) if needs else "", cell] if part)


def _explanation_cell(item: Exercise) -> dict:
    """The manually graded cell of an exercise's explanation; its solution (never released) is the model answer."""
    worth, model = EXPLANATIONS[item.key]
    tag = f"ex{item.notebook}_{item.number}"
    return _cell("markdown", f"Model explanation: {model}.", f"{tag}_why", grade=True, solution=True,
                 locked=False, points=worth)


def explanation_points(item: Exercise) -> int:
    """The points of an exercise's "explain why" part (0 when it has none)."""
    return EXPLANATIONS.get(item.key, (0, ""))[0]


def assignment_notebook(notebook: str, lab: str, notebooks_dir: Path | None = None,
                        timeout: int = DEFAULT_TIMEOUT) -> dict:
    """The nbgrader source notebook of one lab, as nbformat 4.5 JSON."""
    folder = Path(notebooks_dir) if notebooks_dir else NOTEBOOKS_DIR
    items = exercises(notebook)
    lab_file = next(iter(sorted(folder.glob(f"{notebook}_*.ipynb"))), folder / "missing.ipynb")
    cells = [
        _cell("markdown", _intro(notebook, lab, items, timeout), "intro", grade=False, solution=False,
              locked=True),
    ]
    setup = setup_source(notebook, _lab_imports(lab_file), lab_context_code(notebook, lab_file))
    cells.append(_cell("code", setup, "setup", grade=False, solution=False, locked=True))
    placed = set()
    for item in items:
        tag = f"ex{item.notebook}_{item.number}"
        for words, marker in LAB_CELLS.items():
            if words in prompt_markdown(item) and words not in placed:
                code = _lab_cell_code(notebook, lab_file, marker, setup)
                if code:
                    placed.add(words)
                    comment = f"# {words[0].upper()}{words[1:]} of the lab, for the exercises that use it."
                    cells.append(_cell("code", f"{comment}\n{code}", f"{tag}_lab", grade=False, solution=False,
                                       locked=True))
        extra = explanation_points(item)
        worth = (f"*({points(item)} points{', marked by hand' if not item.has_check else ''}"
                 + (f", and {extra} for the explanation, marked by hand: write it in the text cell under the"
                    " test" if extra else "") + ")*")
        note = f"\n\n{PROMPT_NOTES[item.key]}" if item.key in PROMPT_NOTES else ""
        cells.append(_cell("markdown", f"{prompt_markdown(item)}{note}\n\n{worth}", f"{tag}_prompt",
                           grade=False, solution=False, locked=True))
        if item.has_check:
            cells.append(_cell("code", answer_cell_source(item), f"{tag}_answer", grade=False, solution=True,
                               locked=False))
            cells.append(_cell("code", autograder_test_source(item), f"{tag}_test", grade=True, solution=False,
                               locked=True, points=points(item)))
            if extra:
                cells.append(_explanation_cell(item))
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
    explained = [item for item in exercises(notebook) if item.key in EXPLANATIONS]
    if not open_items and not explained:
        lines.append("Every exercise of this lab is checked by the autograder.")
    for item in explained:
        worth, model = EXPLANATIONS[item.key]
        lines += [
            f"## {item.key} {item.title}: the explanation ({worth} point{'s' if worth != 1 else ''})", "",
            f"- {worth}: the explanation makes this point, in the student's own words: {model}.",
            "- 0: no explanation, the untouched `YOUR ANSWER HERE`, or the point missed.", "",
        ]
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

        # One placeholder per answer cell: the starter's own (`raise NotImplementedError  # replace this line ...`
        # or `answer = None`); the solution region becomes only a comment where the answer goes.
        c.ClearSolutions.code_stub = {{"python": "# YOUR CODE HERE"}}

        # `nbgrader zip_collect LAB`: files in downloaded/LAB/archive/ as Canvas or Moodle name them, or
        # <student>_<lab>.ipynb; any other file stops the collection with its name (ttt.tools.collect).
        from ttt.tools.collect import lms_collector_plugin

        c.ZipCollectApp.collector_plugin = lms_collector_plugin()

        # `nbgrader generate_feedback`: no hidden test's source and no traceback into the package (ttt.tools.feedback).
        from ttt.tools.feedback import feedback_preprocessors

        c.GenerateFeedback.preprocessors = feedback_preprocessors()

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

"""What `ttt` declares agrees with what it imports, and the lock pins every range.

A bare ``pip install .`` must import every module that does not draw and run
``python -m ttt solve``: so every third-party module the package imports outside its views must
be in ``[project] dependencies`` (or be an optional extra named below, imported only inside the
function that needs it).  Building a fresh venv for every run would be slow; instead the imports
are read with ``ast``, and a child interpreter runs the bare-install code paths with every
undeclared third-party module blocked.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

try:
    import tomllib
except ImportError:  # Python 3.10: pytest itself depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ttt"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

# The drawing code needs the `notebooks` extra (ipywidgets): it all lives in ttt/view/.
VIEW_DIRS = ("view",)

# Imported only inside the one function that needs them, never by a bare install's code paths.
OPTIONAL = {
    "pandas": "ttt.tools.report.frame: the results table as a DataFrame, for the notebooks",
    "pyspiel": "ttt.tools.peers: OpenSpiel beside the benchmark when it is installed",
    "open_spiel": "ttt.tools.peers: OpenSpiel beside the benchmark when it is installed",
    "easyAI": "ttt.tools.peers: easyAI beside the benchmark when it is installed",
    "IPython": "ttt.view.exercise_output (lazily, by ttt.exercises.core): Markdown and pictures under an IPython kernel",
    "nbgrader": "ttt.tools.autograde and grades_export: a teacher's extra (requirements-teacher.txt)",
    "nbconvert": "ttt.tools.autograde and feedback: nbgrader's writer and preprocessors, with the teacher's extra",
    "jupyter_client": "ttt.tools.sandbox: the sealed kernel's manager, which nbgrader starts (the teacher's extra)",
    "traitlets": "ttt.tools.feedback: a trait of nbgrader's feedback step (the teacher's extra)",
    "nbformat": "ttt.tools.feedback: the stream output that carries practice words into the feedback (the teacher's extra)",
    "matplotlib": "ttt.tools.class_report: the plot of a class report, for a teacher (the notebooks have it)",
}


def non_view_modules() -> list[Path]:
    paths = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] in VIEW_DIRS:
            continue
        paths.append(path)
    return paths


def third_party_imports(path: Path) -> tuple[set[str], set[str]]:
    """The top-level names of the non-stdlib, non-ttt modules a file imports: (module level, in functions)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    top, inner = set(), set()

    def visit(node, nested: bool):
        for child in ast.iter_child_nodes(node):
            names = []
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                names = [child.module]
            for name in names:
                root = name.split(".")[0]
                if root != "ttt" and root not in sys.stdlib_module_names and root != "__future__":
                    (inner if nested else top).add(root)
            visit(child, nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return top, inner


def distribution_names(module: str) -> set[str]:
    """The distributions that provide an importable top-level module (its own name if not installed)."""
    return {canonicalize_name(d) for d in packages_distributions().get(module, [module])}


DECLARED = {canonicalize_name(Requirement(r).name) for r in PROJECT["dependencies"]}


def test_the_module_scan_sees_the_package():
    names = {p.stem for p in non_view_modules()}
    assert {"board", "learn", "census", "cli"} <= names
    assert "widgets" not in names
    assert third_party_imports(PACKAGE / "census.py")[1] == {"numpy"}  # NumPy only inside the census


@pytest.mark.parametrize("path", non_view_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_third_party_import_is_declared(path):
    top, inner = third_party_imports(path)
    for module in sorted(top):
        assert distribution_names(module) & DECLARED, (
            f"{path.name} imports {module} at module level, but pyproject.toml does not declare it")
    for module in sorted(inner - set(OPTIONAL)):
        assert distribution_names(module) & DECLARED, (
            f"{path.name} imports {module} inside a function; declare it in pyproject.toml, "
            "or name it in OPTIONAL here if only a notebook or an optional peer reaches it")


BARE_INSTALL = r"""
import importlib, importlib.abc, runpy, sys

allowed = set(sys.argv[1].split(","))

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        root = name.split(".")[0]
        if root in allowed or root in sys.stdlib_module_names or root in sys.builtin_module_names:
            return None
        if root.startswith("_sysconfigdata"):  # the standard library's build data, read by sysconfig
            return None
        raise ImportError(f"not declared in pyproject.toml, so not in a bare install: {name}")

sys.meta_path.insert(0, Blocker())
for module in sys.argv[2].split(","):
    importlib.import_module(module)
sys.argv = ["ttt", "solve", "X.O/.X./O.."]
runpy.run_module("ttt", run_name="__main__")
"""


def test_a_bare_install_imports_every_non_view_module_and_solves():
    # Only the standard library, ttt and the modules of the declared distributions can be imported.
    allowed = {"ttt"} | {module for module, dists in packages_distributions().items()
                         if DECLARED & {canonicalize_name(d) for d in dists}}
    assert {"numpy", "tqdm"} <= allowed
    modules = sorted(".".join(("ttt",) + p.relative_to(PACKAGE).with_suffix("").parts)
                     .removesuffix(".__init__") for p in non_view_modules() if p.stem != "__main__")
    run = subprocess.run([sys.executable, "-c", BARE_INSTALL, ",".join(sorted(allowed)), ",".join(modules)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert '"value": 1' in run.stdout and '"best_moves": [1, 3, 5, 7, 8]' in run.stdout, run.stdout


def requirement_lines(path: Path) -> list[str]:
    lines = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            lines.append(line)
    return lines


def as_set(requirements) -> set[tuple[str, str]]:
    return {(canonicalize_name(r.name), str(r.specifier)) for r in map(Requirement, requirements)}


# requirements-NAME.txt mirrors the extra NAME (test, and any other a file is added for); all are locked.
EXTRA_FILES = sorted(ROOT.glob("requirements-*.txt"))


def test_the_extras_mirror_the_requirement_files():
    extras = PROJECT["optional-dependencies"]
    assert as_set(requirement_lines(ROOT / "requirements.txt")) == as_set(PROJECT["dependencies"] + extras["notebooks"])
    for path in EXTRA_FILES:
        name = path.stem.removeprefix("requirements-")
        assert name in extras, f"{path.name} has no extra [{name}] in pyproject.toml"
        assert as_set(requirement_lines(path)) == as_set(extras[name]), f"{path.name} and the extra [{name}] differ"
    assert "-e ." in (ROOT / "requirements.txt").read_text().splitlines()


LOCK = ROOT / "requirements.lock"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)(\s*;.*)?$")


def lock_pins() -> dict[str, set[str]]:
    pins = {}
    for line in LOCK.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = PIN.match(line.strip())
        assert match, f"not an exact pin in requirements.lock: {line!r}"
        pins.setdefault(canonicalize_name(match[1]), set()).add(match[2])
    return pins


def test_the_lock_pins_every_range_with_a_version_inside_it():
    text = LOCK.read_text()
    assert "file:" not in text and "/opt/" not in text, "the lock names a local index or path"
    pins = lock_pins()
    assert "ttt" not in pins, "the project itself is installed on top of the lock, not pinned in it"
    ranges = requirement_lines(ROOT / "requirements.txt") + PROJECT["dependencies"]
    for path in EXTRA_FILES:
        ranges += requirement_lines(path)
    for requirement in map(Requirement, ranges):
        versions = pins.get(canonicalize_name(requirement.name))
        assert versions, f"{requirement.name} is in the ranges but not in requirements.lock: run `make lock`"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"requirements.lock pins {requirement.name}=={version}, outside {requirement}: run `make lock`")


def test_the_lock_is_for_the_python_binder_runs():
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-")
    assert f"--python-version {runtime.removeprefix('python-')}" in LOCK.read_text()

"""The package as a whole (ttt/__init__.py and its layout): what ``import ttt`` gives and loads, and who imports what.

Checked on the source files themselves (with :mod:`ast`) and in fresh
interpreters, so that no test module's own imports can hide a heavy one.
"""

import ast
import json
from pathlib import Path

import ttt
from support import run_python

PACKAGE = Path(ttt.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent
MODULES = sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def loaded_after(statement):
    """The ``ttt`` modules, and a few heavy libraries, loaded by ``statement`` in a fresh interpreter."""
    code = (
        f"import sys, json; {statement}; "
        "print(json.dumps(sorted(m for m in sys.modules if m == 'ttt' or m.startswith('ttt.') "
        "or m in ('numpy', 'pandas', 'matplotlib', 'ipywidgets', 'tqdm'))))"
    )
    return json.loads(run_python(code))


def imported_modules(path):
    """Every module named in an import statement of ``path`` (at any depth, functions included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_public_names():
    assert ttt.__all__ == [
        "Board", "BoardError", "Geometry", "other", "X", "O", "EMPTY", "DRAW", "solve", "Solution",
        "BudgetExceeded", "BudgetError",
    ]
    assert issubclass(ttt.BudgetExceeded, ValueError) and issubclass(ttt.BudgetError, ttt.BoardError)
    assert all(hasattr(ttt, name) for name in ttt.__all__)
    assert ttt.__version__ == "0.1.0"


def test_import_ttt_stays_light():
    loaded = loaded_after("import ttt")
    assert "ttt.tree" not in loaded and "ttt.minimax" not in loaded
    assert not {"numpy", "pandas", "matplotlib", "ipywidgets", "tqdm"} & set(loaded)
    assert not any(name.startswith(("ttt.view", "ttt.tools")) for name in loaded)
    assert {"ttt.board", "ttt.solver", "ttt.engine"} <= set(loaded)  # the rules and ttt.solve


def test_the_fast_searches_do_not_load_the_teaching_ones():
    for module in ("ttt.engine", "ttt.limited", "ttt.retrograde", "ttt.bitboard", "ttt.scores"):
        loaded = loaded_after(f"import {module}")
        assert "ttt.minimax" not in loaded and "ttt.tree" not in loaded and "ttt.pruning" not in loaded, module


def test_ipywidgets_is_imported_only_under_ttt_view():
    importers = {path.relative_to(PACKAGE).as_posix() for path in MODULES
                 if any(name == "ipywidgets" or name.startswith("ipywidgets.") for name in imported_modules(path))}
    assert importers == {"view/explorer.py", "view/widgets.py"}


def test_the_model_does_not_import_the_tools_and_only_boards_draw_themselves():
    for path in MODULES:
        where = path.relative_to(PACKAGE).parts
        names = imported_modules(path)
        if where[0] not in ("view", "tools") and where[0] != "__main__.py":
            assert not any(name.startswith("ttt.tools") for name in names), path
            # an exercise asks the view to show its hints and verdicts (ttt.view.exercise_output, imported lazily)
            if where[:2] != ("exercises", "core.py"):
                assert not any(name.startswith("ttt.view") for name in names), path
        if where[0] == "view":
            assert not any(name.startswith("ttt.tools") for name in names), path


def test_every_module_has_a_test_file_named_after_it():
    tests = {path.name for path in TESTS.rglob("test_*.py")}
    missing = [
        path.relative_to(PACKAGE).as_posix()
        for path in MODULES
        if path.name not in ("__init__.py", "__main__.py") and f"test_{path.stem}.py" not in tests
    ]
    assert missing == []
    # ... in the folder that mirrors the module's subpackage
    for sub in ("view", "tools", "exercises"):
        for path in (PACKAGE / sub).glob("*.py"):
            if path.name != "__init__.py":
                assert (TESTS / sub / f"test_{path.stem}.py").exists(), path


def test_test_file_names_are_unique():
    names = [path.name for path in TESTS.rglob("*.py") if path.name != "conftest.py"]
    assert len(names) == len(set(names))  # pytest's default import mode needs unique basenames
    assert not list(TESTS.rglob("__init__.py"))

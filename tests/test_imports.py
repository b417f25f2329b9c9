"""The package's import graph, read from the source: no circle, and no private name taken across modules.

A circle between two modules means neither can be read (or moved) without the
other, and it only works while every import of it stays inside a function; a
private name (``_x``) taken from another module is a name its owner may rename
at will.  Both rules are checked on the text of ``ttt/`` with :mod:`ast`, so a
lazy import inside a function counts as much as one at the top of a file.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ttt

PACKAGE = Path(ttt.__file__).parent


def module_name(path: Path) -> str:
    """``ttt/exercises/core.py`` -> ``ttt.exercises.core``; a package's ``__init__.py`` is the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def absolute(module: str, node: ast.ImportFrom) -> str:
    """The module an ``ImportFrom`` names, relative imports resolved against ``module``."""
    if not node.level:
        return node.module or ""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports(module: str) -> tuple[set[str], list[str]]:
    """The modules of ``ttt`` that ``module`` imports (anywhere in it), and the private names it takes from them."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    targets, private = set(), []
    module_names = {}   # local name -> the ttt module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    targets.add(alias.name)
                    module_names[alias.asname or alias.name.partition(".")[0]] = (
                        alias.name if alias.asname else alias.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node)
            if source not in MODULES:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in MODULES:
                    targets.add(submodule)
                    module_names[alias.asname or alias.name] = submodule
                else:
                    targets.add(source)
                    if is_private(alias.name):
                        private.append(f"line {node.lineno}: from {source} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            owner = dotted(node.value, module_names)
            if owner in MODULES and owner != module:
                private.append(f"line {node.lineno}: {owner}.{node.attr}")
    targets.discard(module)
    return targets, private


def dotted(node: ast.AST, module_names: dict[str, str]) -> str | None:
    """The module an expression like ``pruning`` or ``ttt.pruning`` names, or None."""
    if isinstance(node, ast.Name):
        return module_names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = dotted(node.value, module_names)
        return f"{owner}.{node.attr}" if owner else None
    return None


GRAPH = {module: imports(module) for module in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_reader_sees_every_module_and_its_imports():
    assert {"ttt.board", "ttt.pruning", "ttt.exercises.core", "ttt.tools.cli"} <= set(MODULES)
    assert "ttt.board" in GRAPH["ttt.pruning"][0]
    assert "ttt.exercises.verdicts" in GRAPH["ttt.exercises.core"][0]


def test_the_circle_finder_finds_a_circle_and_only_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_two_modules_of_the_package_import_each_other():
    assert circles({module: targets for module, (targets, _) in GRAPH.items()}) == []


def test_no_module_takes_a_private_name_from_another():
    taken = {module: private for module, (_, private) in GRAPH.items() if private}
    assert taken == {}


def layer(module: str) -> str:
    """"model" (flat in ``ttt/``), "view", "exercises" or "tools"; ``ttt.__main__`` is the command line's door."""
    if module == "ttt.__main__":
        return "tools"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ("view", "exercises", "tools") else "model"


# Who may import whom: the model nothing above it; the view draws the model and the exercises' verdicts; the
# exercises judge with the model and ask the view (lazily, ttt.exercises.core) to show a verdict; tools all.
MAY_IMPORT = {"model": {"model"}, "view": {"model", "view", "exercises"},
              "exercises": {"model", "exercises", "view"}, "tools": {"model", "view", "exercises", "tools"}}


def test_the_model_imports_neither_the_view_nor_the_exercises():
    crossings = {module: sorted(target for target in targets if layer(target) not in MAY_IMPORT[layer(module)])
                 for module, (targets, _) in GRAPH.items()}
    assert {module: found for module, found in crossings.items() if found} == {}
    assert layer("ttt.board") == "model" and layer("ttt.view.display") == "view" and layer("ttt") == "model"

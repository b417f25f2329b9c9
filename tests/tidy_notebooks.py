"""Tidy executed notebooks so that re-running one changes only the outputs that really change.

``make notebooks`` executes each notebook with ``--NotebookClient.record_timing=False`` (no
per-cell timestamps) and then runs ``python tests/tidy_notebooks.py notebooks/*.ipynb``, which

- drops the ``execution`` timestamps older runs left in cell metadata;
- keeps the saved widget state (notebook metadata ``widgets``) only for the widgets that a stored
  output displays, and the models those refer to: that is what a static view needs (JupyterLab
  before the notebook runs, nbviewer) to draw them instead of "Error displaying widget: model not
  found".  Widgets made and closed along the way, or never shown, go; a notebook that shows no
  widget keeps no state;
- renames the widget models, which get random ids on every run, to ids made from the notebook's
  name and the order in which its outputs reach them, so an unchanged notebook is written back
  byte for byte.

It lives beside the tests because the tests check it (``tests/test_tidy_notebooks.py``).
"""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

import nbformat

STATE_KEY = "application/vnd.jupyter.widget-state+json"
VIEW_KEY = "application/vnd.jupyter.widget-view+json"
REFERENCE = re.compile(r"IPY_MODEL_([0-9A-Za-z_-]+)")
NAMESPACE = uuid.UUID("5f0b6c2e-7d1a-4c3e-9a51-2f4b8e0d7c11")  # any fixed value: the ids need only be stable


def _views(node) -> list[str]:
    """The model ids of the widget views in a JSON tree of outputs, in order."""
    found = []
    if isinstance(node, dict):
        view = node.get(VIEW_KEY)
        if isinstance(view, dict) and isinstance(view.get("model_id"), str):
            found.append(view["model_id"])
        for value in node.values():
            found.extend(_views(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_views(value))
    return found


def _references(node) -> list[str]:
    """The model ids a widget's state refers to (``IPY_MODEL_<id>`` strings, nested views), in order."""
    found = []
    if isinstance(node, str):
        found.extend(REFERENCE.findall(node))
    elif isinstance(node, dict):
        found.extend(_views({k: v for k, v in node.items() if k == VIEW_KEY}))
        for key, value in node.items():
            if key != VIEW_KEY:
                found.extend(_references(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_references(value))
    return found


def tidy(nb, name: str) -> None:
    """Tidy one notebook in place (see the module's docstring); ``name`` seeds the widget ids."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)

    widgets = nb.metadata.get("widgets", {}).get(STATE_KEY)
    shown = _views([cell.get("outputs", []) for cell in nb.cells])
    if not widgets or not shown:
        nb.metadata.pop("widgets", None)
        return
    state = widgets["state"]
    order, queue = [], list(shown)
    while queue:  # breadth first from the displayed views: a stable order for a stable notebook
        model_id = queue.pop(0)
        if model_id in state and model_id not in order:
            order.append(model_id)
            queue.extend(_references(state[model_id]))
    new_ids = {old: uuid.uuid5(NAMESPACE, f"{name}/{i}").hex for i, old in enumerate(order)}

    def rename(node):
        if isinstance(node, str):
            return REFERENCE.sub(lambda m: "IPY_MODEL_" + new_ids.get(m[1], m[1]), node)
        if isinstance(node, dict):
            out = {key: rename(value) for key, value in node.items()}
            view = out.get(VIEW_KEY)
            if isinstance(view, dict) and view.get("model_id") in new_ids:
                out[VIEW_KEY] = {**view, "model_id": new_ids[view["model_id"]]}
            return out
        if isinstance(node, list):
            return [rename(value) for value in node]
        return node

    widgets["state"] = {new_ids[old]: rename(state[old]) for old in order}
    for cell in nb.cells:
        if "outputs" in cell:
            cell.outputs = nbformat.from_dict(rename(cell.outputs))
    nb.metadata.widgets = nbformat.from_dict({STATE_KEY: widgets})


def main(paths: list[str]) -> int:
    for path in map(Path, paths):
        nb = nbformat.read(path, as_version=4)
        before = nbformat.writes(nb)
        tidy(nb, path.stem)
        after = nbformat.writes(nb)
        if after != before:
            nbformat.write(nb, path)
        print(f"tidied {path}" if after != before else f"already tidy: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The notebooks' exercise cells, generated from the modules: prompts and starters have one home.

For each exercise of notebook NN the notebook holds two cells that this
module owns: a Markdown cell headed ``### N. Title`` (``### N. ★ Title`` for
a harder one; a heading, so that JupyterLab's table of contents lists it)
followed by the prompt, and the starter code cell.  Each carries
``"ttt": {"exercise": "05.3", "part": "prompt" | "starter"}`` in its
metadata, which is how a later run finds it: :func:`update_notebook` rewrites
only those cells, leaves every other cell alone, keeps the outputs of a
starter whose code did not change, and changes nothing on a second run.

The first run finds the cells before they carry the metadata: the Markdown
cell that holds the prompt (or starts with the exercise's title), and the
first code cell after it that names ``exercise("NN", N)``.

    python -m ttt exercises --write-cells [NOTEBOOK ...]    (or: make exercise-cells)
"""

from __future__ import annotations

import json
from pathlib import Path

from ttt.course import NOTEBOOKS
from ttt.exercises.core import Exercise, exercises

__all__ = ["owned", "update_notebook", "notebook_path", "write_cells", "prompt_markdown"]


def prompt_markdown(item: Exercise) -> str:
    """The exercise's cell in its notebook: a heading for the table of contents, then the prompt."""
    return f"### {item.number}. {'★ ' if item.star else ''}{item.title}\n\n{item.prompt.strip()}"


def _text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def owned(cell: dict) -> tuple[str, str] | None:
    """``("05.3", "prompt")`` for a cell this module owns, else None."""
    tag = cell.get("metadata", {}).get("ttt", {})
    if "exercise" in tag and "part" in tag:
        return tag["exercise"], tag["part"]
    return None


def _is_prompt_of(cell: dict, item: Exercise) -> bool:
    if cell["cell_type"] != "markdown":
        return False
    text = _text(cell)
    first = text.strip().split("\n\n")[0]
    return item.prompt.strip() in text or (
        first.lstrip("#* ").startswith((f"{item.number}. ", f"{item.key} ")) and item.title in first)


def _find(cells: list[dict], item: Exercise, part: str) -> int | None:
    for index, cell in enumerate(cells):
        if owned(cell) == (item.key, part):
            return index
    if part == "prompt":
        return next((index for index, cell in enumerate(cells) if owned(cell) is None and _is_prompt_of(cell, item)),
                    None)
    prompt = _find(cells, item, "prompt")
    call = f'exercise("{item.notebook}", {item.number})'
    for index in range(prompt + 1 if prompt is not None else len(cells), len(cells)):
        cell = cells[index]
        if owned(cell) is not None and owned(cell)[0] != item.key:
            break
        if cell["cell_type"] == "code" and owned(cell) is None and call in _text(cell):
            return index
    return None


def _new_cell(kind: str) -> dict:
    cell = {"cell_type": kind, "metadata": {}, "source": []}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _set(cell: dict, item: Exercise, part: str, text: str) -> bool:
    """Give ``cell`` its text and its tag; True if anything changed."""
    changed = False
    tag = {"exercise": item.key, "part": part}
    if cell.setdefault("metadata", {}).get("ttt") != tag:
        cell["metadata"]["ttt"] = tag
        changed = True
    if _text(cell) != text:
        cell["source"] = _lines(text)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        changed = True
    return changed


def update_notebook(notebook: dict, number: str) -> bool:
    """Rewrite the exercise cells of ``notebook`` (parsed JSON) for notebook ``number``; True if it changed."""
    cells = notebook["cells"]
    changed = False
    after = None                      # where a missing cell goes: after the previous exercise's cells
    for item in exercises(number):
        for part, kind, text in (("prompt", "markdown", prompt_markdown(item)), ("starter", "code", item.starter)):
            if part == "starter" and not item.starter:
                continue
            index = _find(cells, item, part)
            if index is None:
                index = len(cells) if after is None else after + 1
                cells.insert(index, _new_cell(kind))
                changed = True
            changed |= _set(cells[index], item, part, text)
            after = index
    return changed


def notebook_path(number: str) -> Path:
    """``notebooks/05_pruning.ipynb`` for "05"."""
    found = sorted(NOTEBOOKS.glob(f"{number}_*.ipynb"))
    if not found:
        raise FileNotFoundError(f"there is no notebook {number} in {NOTEBOOKS}")
    return found[0]


def write_cells(numbers) -> list[Path]:
    """Rewrite the exercise cells of the notebooks ``numbers`` in place; the paths that changed."""
    written = []
    for number in numbers:
        path = notebook_path(number)
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if update_notebook(notebook, number):
            path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(path)
    return written

"""ttt.tools.exercise_cells: the exercise cells are written from the modules, in place, and only those cells."""

from __future__ import annotations

import copy

from ttt.exercises import exercises
from ttt.tools.exercise_cells import owned, prompt_markdown, update_notebook


def _markdown(text, **metadata):
    return {"cell_type": "markdown", "metadata": metadata, "source": text.splitlines(keepends=True)}


def _code(text, outputs=(), **metadata):
    return {"cell_type": "code", "metadata": metadata, "source": text.splitlines(keepends=True),
            "execution_count": 1 if outputs else None, "outputs": list(outputs)}


def _notebook_05():
    """Notebook 05's exercises as an old notebook had them: bold titles, one starter out of date, prose around."""
    cells = [_markdown("# Pruning\n\nSome text."), _markdown("## Exercises")]
    for item in exercises("05"):
        cells.append(_markdown(f"**{item.key} {item.title}**\n\n{item.prompt.strip()}"))
        if item.starter:
            cells.append(_code(item.starter, outputs=[{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}]))
    cells.append(_markdown("## What to remember"))
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_the_cells_get_headings_tags_and_keep_their_outputs():
    notebook = _notebook_05()
    assert update_notebook(notebook, "05") is True
    cells = notebook["cells"]
    prompts = [cell for cell in cells if owned(cell) and owned(cell)[1] == "prompt"]
    assert [owned(cell)[0] for cell in prompts] == [f"05.{n}" for n in range(1, 8)]
    assert "".join(prompts[2]["source"]).startswith("### 3. Fail-soft by hand\n\n")
    assert "".join(prompts[4]["source"]).startswith("### 5. ★ Perfect ordering\n\n")
    starters = [cell for cell in cells if owned(cell) and owned(cell)[1] == "starter"]
    assert len(starters) == 7 and all(cell["outputs"] for cell in starters)     # unchanged code keeps its outputs
    assert "".join(cells[0]["source"]) == "# Pruning\n\nSome text." and "metadata" in cells[-1]
    assert cells[-1]["metadata"] == {}                                           # other cells untouched


def test_a_second_run_changes_nothing():
    notebook = _notebook_05()
    update_notebook(notebook, "05")
    again = copy.deepcopy(notebook)
    assert update_notebook(again, "05") is False and again == notebook


def test_a_changed_starter_loses_its_stale_outputs_and_a_missing_exercise_is_inserted():
    notebook = _notebook_05()
    update_notebook(notebook, "05")
    cells = notebook["cells"]
    starter = next(cell for cell in cells if owned(cell) == ("05.3", "starter"))
    starter["source"] = ["def old():\n", "    pass"]
    del cells[[owned(cell) for cell in cells].index(("05.6", "prompt"))]
    assert update_notebook(notebook, "05") is True
    assert starter["outputs"] == [] and "def alphabeta_soft" in "".join(starter["source"])
    keys = [owned(cell) for cell in cells if owned(cell)]
    assert keys.index(("05.6", "prompt")) == keys.index(("05.5", "starter")) + 1
    assert "".join(cells[[owned(c) for c in cells].index(("05.6", "prompt"))]["source"]) == (
        prompt_markdown(exercises("05")[5]))

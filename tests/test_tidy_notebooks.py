"""tests/tidy_notebooks.py: no timestamps, only the widget state a stored output shows, stable ids."""

import pytest

nbformat = pytest.importorskip("nbformat")

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output  # noqa: E402

from tidy_notebooks import STATE_KEY, VIEW_KEY, main, tidy  # noqa: E402


def model(name, **state):
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
            "state": {"_model_name": name, **state}}


def executed(view_ids, state):
    """A notebook as nbclient leaves it: timestamps, widget views in outputs, every model ever made."""
    cells = [new_markdown_cell("# A board", id="title")]
    for i, view in enumerate(view_ids):
        cell = new_code_cell("board", execution_count=i + 1, id=f"cell-{i}")
        cell.metadata["execution"] = {"iopub.execute_input": "2026-11-21T20:14:22.441687Z"}
        cell.outputs = [new_output("execute_result", execution_count=i + 1, data={
            "text/plain": "BoardWidget(3×3, k=3: X to move)",
            VIEW_KEY: {"model_id": view, "version_major": 2, "version_minor": 0}})]
        cells.append(cell)
    nb = new_notebook(cells=cells)
    nb.metadata["widgets"] = {STATE_KEY: {"state": state, "version_major": 2, "version_minor": 0}}
    return nb


def a_run(suffix):
    """The same notebook as one run makes it, with that run's random model ids."""
    box, button, layout, closed = (f"{name}{suffix}" for name in ("box", "button", "layout", "closed"))
    state = {
        closed: model("ButtonModel", description="gone"),  # made, then closed: no output shows it
        button: model("ButtonModel", description="4", layout=f"IPY_MODEL_{layout}"),
        layout: model("LayoutModel", width="48px"),
        box: model("VBoxModel", children=[f"IPY_MODEL_{button}"]),
    }
    return executed([box], state)


def test_timestamps_go_and_only_the_shown_widgets_stay_under_stable_ids():
    first, second = a_run("aaa"), a_run("bbb")
    tidy(first, "02_human_play")
    tidy(second, "02_human_play")
    assert nbformat.writes(first) == nbformat.writes(second)  # two runs, one file

    assert all("execution" not in cell.metadata for cell in first.cells)
    state = first.metadata.widgets[STATE_KEY]["state"]
    assert len(state) == 3  # the closed button is gone
    box_id = first.cells[1].outputs[0].data[VIEW_KEY]["model_id"]
    assert box_id in state and state[box_id]["state"]["children"] == [f"IPY_MODEL_{list(state)[1]}"]
    button = state[list(state)[1]]["state"]
    assert button["description"] == "4" and button["layout"] == f"IPY_MODEL_{list(state)[2]}"
    assert first.cells[1].outputs[0].data["text/plain"] == "BoardWidget(3×3, k=3: X to move)"

    again = nbformat.reads(nbformat.writes(first), as_version=4)
    tidy(again, "02_human_play")
    assert nbformat.writes(again) == nbformat.writes(first)  # tidy is idempotent


def test_a_notebook_that_shows_no_widget_keeps_no_state():
    nb = executed([], {"x": model("ButtonModel")})
    tidy(nb, "01_representation")
    assert "widgets" not in nb.metadata


def test_different_notebooks_get_different_ids():
    one, two = a_run("a"), a_run("a")
    tidy(one, "04_minimax")
    tidy(two, "05_pruning")
    assert set(one.metadata.widgets[STATE_KEY]["state"]).isdisjoint(two.metadata.widgets[STATE_KEY]["state"])


def test_main_rewrites_a_file_only_when_it_changes(tmp_path, capsys):
    path = tmp_path / "02_human_play.ipynb"
    nbformat.write(a_run("ccc"), path)
    main([str(path)])
    tidied = path.read_bytes()
    main([str(path)])
    assert path.read_bytes() == tidied
    assert capsys.readouterr().out.splitlines() == [f"tidied {path}", f"already tidy: {path}"]

"""The tree explorer (ttt.view.explorer) draws what the trace holds, and its steps go where the trace says."""

import re

import pytest

pytest.importorskip("ipywidgets")

from ttt import Board  # noqa: E402
from ttt.view.explorer import TreeExplorer, node_text, trace_html, value_text, value_words, where_words  # noqa: E402
from ttt.view.widgets import LiveStatus  # noqa: E402
from ttt.trace import trace_alphabeta  # noqa: E402

POSITION = Board.parse("O.O/X../..X")  # X to move must block at 1; the search prunes at several depths


def shown_rows(explorer):
    return [
        (button.description, button.disabled)
        for button, row in zip(explorer.buttons, explorer.rows.children)
        if row.layout.display != "none"
    ]


def test_the_static_tree_has_one_entry_per_node_and_per_pruned_move():
    trace = trace_alphabeta(POSITION, -1, 1)
    html = trace_html(trace)
    nodes = list(trace.walk())
    assert html.count("<summary>") == sum(1 for node in nodes if not node.is_leaf)
    assert html.count("pruned: never searched") == trace.pruned_count()
    assert html.count("<img ") == len(nodes) + trace.pruned_count()
    assert html.count(" open") == sum(1 for node in nodes if not node.is_leaf)
    assert "<img " not in trace_html(trace, cell_size=None)
    assert " open" not in trace_html(trace, open_depth=0)


def test_big_traces_are_cut_short():
    trace = trace_alphabeta(Board.empty())
    html = trace_html(trace, max_nodes=30)
    assert html.count("<img ") < 60
    hidden = sum(int(n) for n in re.findall(r"… (\d+) more searched nodes", html))
    assert hidden > 18_000
    shallow = trace_html(trace, max_depth=1, cell_size=None)
    assert shallow.count("<summary>") == 1 + sum(1 for child in trace.children if not child.is_leaf)


def test_values_are_written_with_their_kind():
    trace = trace_alphabeta(POSITION, -1, 1)
    cut = trace.follow([1, 5])
    assert value_text(trace) == "= 0" and value_text(cut) == "≥ 0"
    assert node_text(cut) == "O plays 5 · X to move · window (-1, 0) · value ≥ 0 · cut-off, 2 pruned"


def test_stepping_through_the_search():
    explorer = TreeExplorer(POSITION)
    trace = explorer.trace
    assert explorer.node is trace and explorer.back_button.disabled
    assert shown_rows(explorer) == [(f"X plays {child.move}", False) for child in trace.children]
    explorer.enter(1)
    explorer.enter(5)
    assert explorer.node is trace.follow([1, 5])
    assert shown_rows(explorer) == [("X plays 4", False), ("X plays 6", True), ("X plays 7", True)]
    assert "never searched" in explorer.account.value and "β = 0" in explorer.account.value
    assert "O plays 5" in explorer.path_line.value
    with pytest.raises(KeyError, match="pruned"):
        explorer.enter(6)
    assert explorer.path == [1, 5]  # a refused step changes nothing
    explorer.buttons[0].click()  # the button of the first row, as a reader would press it
    assert explorer.path == [1, 5, 4]
    explorer.back()
    explorer.back()
    assert explorer.path == [1]
    explorer.root_button.click()
    assert explorer.path == [] and explorer.root_button.disabled


def test_changing_the_search_keeps_the_path_where_it_still_exists():
    explorer = TreeExplorer(POSITION)
    explorer.enter(1)
    explorer.enter(5)
    explorer.kind_choice.value = "fail-soft"
    assert explorer.path == [1, 5] and explorer.trace.soft
    explorer.window_choice.value = "(-∞, ∞)"
    assert explorer.trace.alpha == -float("inf")
    explorer.enter(4)
    explorer.order_choice.value = "threats+static"
    assert explorer.trace.stats().nodes < trace_alphabeta(POSITION).stats().nodes
    node = explorer.trace
    for move in explorer.path:  # what is left of the path is a path of the new search
        node = node.child(move)
    assert repr(explorer).startswith("TreeExplorer('O.O/X../..X', window (-∞, ∞), threats+static, fail-soft:")


def test_rows_are_reused_not_recreated():
    explorer = TreeExplorer(POSITION)
    buttons = list(explorer.buttons)
    explorer.enter(1)
    explorer.to_root()
    explorer.order_choice.value = "static"
    assert explorer.buttons == buttons and len(explorer.rows.children) == POSITION.size


def test_only_the_offered_windows():
    with pytest.raises(ValueError, match="windows"):
        TreeExplorer(POSITION, window=(0, 1))


# ---------------------------------------------------------------------- moved from notebook 05 (its last code cell)


def test_notebook_05_reader_steps_to_the_draw_cutoff_and_reorders():
    """What a reader of notebook 05 sees after stepping to X 1, O 5, and after choosing threats+static."""
    demo = TreeExplorer(POSITION)
    demo.enter(1)
    demo.enter(5)
    assert shown_rows(demo) == [("X plays 4", False), ("X plays 6", True), ("X plays 7", True)]
    assert "never searched" in demo.account.value and demo.node.pruned == (6, 7)
    demo.order_choice.value = "threats+static"      # search again, threats and the centre first
    assert (demo.trace.stats().nodes, trace_alphabeta(POSITION, -1, 1).stats().nodes) == (38, 40)
    assert repr(demo) == "TreeExplorer('O.O/X../..X', window [-1, 1], threats+static, fail-hard: 38 nodes, after moves 1, 5)"


# ---------------------------------------------------------------------- by keyboard and screen reader


def test_where_words_say_the_depth_the_position_the_value_and_what_was_pruned():
    trace = trace_alphabeta(POSITION, -1, 1)
    root = where_words(trace, [])
    assert root.startswith("Depth 0, the root: ") and "X to move (O.O/X../..X)" in root
    assert "value 0." in root and "Searched 5 moves: 1, 4, 5, 6, 7." in root and "pruned" not in root
    cut = where_words(trace, [1, 5])
    assert cut.startswith("Depth 2, after X plays 1, O plays 5: ")
    assert "O in the top left, the top right and the middle right" in cut and "(OXO/X.O/..X)" in cut
    assert "Window (-1, 0), value at least 0." in cut
    assert cut.endswith("Searched 1 move: 4. Cut-off: pruned, never searched, 2 moves: 6, 7.")
    end = [1, 5, 4]
    node = trace.follow(end)
    while not node.is_leaf:
        end.append(node.children[0].move)
        node = node.child(end[-1])
    assert "The game is over here." in where_words(trace, end) and "Searched" not in where_words(trace, end)
    assert value_words(trace.follow([1, 5])) == "value at least 0" and value_words(trace) == "value 0"


def test_the_live_region_says_where_the_learner_is_after_each_step_and_each_new_search():
    explorer = TreeExplorer(POSITION)
    assert isinstance(explorer.status, LiveStatus) and "ttt-explorer-status" in explorer.status._dom_classes
    assert explorer.status.value == where_words(explorer.trace, [])
    explorer.buttons[0].click()
    assert explorer.status.value == where_words(explorer.trace, [1])
    explorer.back_button.click()
    assert explorer.status.value.startswith("Depth 0, the root")
    explorer.enter(1)
    explorer.kind_choice.value = "fail-soft"
    said = explorer.status.value
    assert said.startswith("Searched again, window [-1, 1], index order, fail-soft: 40 positions searched, ")
    assert said.endswith(where_words(explorer.trace, [1]))
    explorer.to_root()
    assert "&lt;" not in explorer.status.value and "<" not in explorer.status.value


def watch_focus(explorer):
    """Record which button the explorer sends the keyboard focus to (the browser's side of ``focus()``)."""
    focused = []
    for number, button in enumerate(explorer.buttons):
        button.focus = lambda number=number: focused.append(number)
    explorer.back_button.focus = lambda: focused.append("back")
    explorer.root_button.focus = lambda: focused.append("root")
    return focused


def test_the_focus_follows_steps_taken_by_hand_and_only_those():
    explorer = TreeExplorer(POSITION)
    focused = watch_focus(explorer)
    explorer.enter(1)            # code, as a notebook cell runs: the focus stays where the learner is
    explorer.back()
    assert focused == []
    explorer.buttons[2].click()  # X plays 5: the focus goes to the first move there
    assert explorer.path == [5] and focused == [0]
    explorer.back_button.click()  # back up: to the button of the move just left, X plays 5 (the third row)
    assert explorer.path == [] and focused == [0, 2]
    explorer.buttons[2].click()
    explorer.buttons[0].click()  # X plays 5, O plays 1: O has won, so Back is next
    assert explorer.path == [5, 1] and focused[-2:] == [0, "back"]
    explorer.root_button.click()  # to the root: the button of the first move of the path left
    assert explorer.path == [] and focused[-1] == 2
    explorer.buttons[1].click()  # X plays 4: its first move, O plays 5, is searched
    assert focused[-1] == 0

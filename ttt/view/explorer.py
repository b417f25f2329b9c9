"""Pictures of an alpha-beta search: a static HTML tree, and an explorer to walk through it.

This module only draws.  The search, and every sentence about why it did
what it did, come from :mod:`ttt.trace`; here a :class:`~ttt.trace.TraceNode`
becomes markup (:func:`trace_html`, readable without a running kernel) or a
widget (:class:`TreeExplorer`, for stepping into the tree by hand).  The explorer is
used by keyboard as by mouse: every control is a named button or menu in a
sensible tab order, the focus follows the steps (into a move, back up to the
move just left), and a polite live region (:func:`where_words`) says after each
step where the learner is, in words a screen reader can read.

Everything a node shows is read from the trace: the window it was searched
with, the value the search returned (with ``≥`` or ``≤`` when that value is
only a bound) and the moves that were cut off, drawn in grey.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ttt.board import other
from ttt.pruning import ORDERS
from ttt.scores import EXACT, LOWER, UPPER
from ttt.trace import TraceNode, explain, format_value, format_window, trace_alphabeta
from ttt.view.display import board_image, board_words
from ttt.view.widgets import STATIC, LiveStatus

__all__ = ["value_text", "value_words", "node_text", "where_words", "search_words", "trace_html", "TreeExplorer", "WINDOWS"]

WINDOWS = {"(-∞, ∞)": (-float("inf"), float("inf")), "[-1, 1]": (-1, 1)}
"""The windows the explorer offers, by label."""

VALUE_COLOURS = {1: "#1b7a34", 0: "#555555", -1: "#b3261e"}  # win, draw, loss for the side to move
PRUNED_COLOUR = "#696969"  # grey, yet 5.5:1 on white (WCAG 2.1 AA, 1.4.3): struck-out words say "pruned"
MORE_COLOUR = "#5c5c5c"    # the "… more nodes not shown" line, 6.7:1 on white
FADED = "opacity:0.55"     # pruned boards' pictures only: text that faded would be too faint to read
INDENT = "margin-left:10px;padding-left:12px;border-left:1px solid #d0d0d0"
ROW = "display:inline-flex;align-items:center;gap:6px;vertical-align:middle"


def value_text(node: TraceNode) -> str:
    """The returned value as a reader should take it: ``= 0``, ``≥ 1`` (at least) or ``≤ 0`` (at most)."""
    sign = {EXACT: "=", LOWER: "≥", UPPER: "≤"}[node.kind]
    return f"{sign} {format_value(node.value)}"


def value_words(node: TraceNode) -> str:
    """The returned value in words, for a screen reader (which may skip ``≥``): ``value 0``,
    ``value at least 1``, ``value at most 0``."""
    amount = format_value(node.value)
    return {EXACT: f"value {amount}", LOWER: f"value at least {amount}", UPPER: f"value at most {amount}"}[node.kind]


def _moves_words(count: int, moves) -> str:
    return f"{count} move{'' if count == 1 else 's'}" + (": " + ", ".join(str(move) for move in moves) if count else "")


def where_words(trace: TraceNode, path) -> str:
    """Where a learner walking ``trace`` is after the moves ``path``, in words: the depth and the
    moves that led there, the position, the window and value, the moves searched and those pruned.

    This is what the explorer's live region says after each step, so that a learner who cannot see
    the picture hears what it shows:
    ``"Depth 2, after X plays 1, O plays 5: O in the top left, ...; X to move (O.O/XX./.OX).
    Window (-1, 0), value at least 0. Searched 1 move: 4. Cut-off: pruned, never searched, 2 moves: 6, 7."``
    """
    node, steps, here = trace.follow(path), [], trace
    for move in path:
        steps.append(f"{here.board.turn} plays {move}")
        here = here.child(move)
    where = f"Depth {len(steps)}, after {', '.join(steps)}" if steps else "Depth 0, the root"
    parts = [f"{where}: {board_words(node.board)}.",
             f"Window {format_window(node.alpha, node.beta)}, {value_words(node)}."]
    if node.is_leaf:
        parts.append("The game is over here.")
    else:
        searched = [child.move for child in node.children]
        parts.append(f"Searched {_moves_words(len(searched), searched)}.")
    if node.pruned:
        parts.append(f"Cut-off: pruned, never searched, {_moves_words(len(node.pruned), node.pruned)}.")
    return " ".join(parts)


def search_words(trace: TraceNode, window: str, order: str, kind: str) -> str:
    """What the live region says first when the search is run again with other settings."""
    return (f"Searched again, window {window}, {order} order, {kind}: {trace.stats().nodes} positions"
            f" searched, {trace.pruned_count()} moves pruned.")


def _move_and_state(node: TraceNode) -> tuple[str, str]:
    move = "root" if node.move is None else f"{other(node.board.turn)} plays {node.move}"
    if node.is_leaf:
        state = "draw" if node.board.winner is None else f"{node.board.winner} has won"
    else:
        state = f"{node.board.turn} to move"
    return move, state


def node_text(node: TraceNode) -> str:
    """One line about ``node``: the move that led to it, who moves, its window and its value."""
    move, state = _move_and_state(node)
    cut = f" · cut-off, {len(node.pruned)} pruned" if node.pruned else ""
    return f"{move} · {state} · window {format_window(node.alpha, node.beta)} · value {value_text(node)}{cut}"


def _value_badge(node: TraceNode) -> str:
    colour = VALUE_COLOURS.get(max(-1, min(1, int(node.value))), "#555555")
    return f'<b style="color:{colour}">{escape(value_text(node))}</b>'


def _summary(node: TraceNode, cell_size: int | None) -> str:
    move, state = _move_and_state(node)
    cut = (
        f' · <span style="color:#8a5a00">✂ cut-off: {len(node.pruned)} pruned</span>'
        if node.pruned
        else ""
    )
    return (
        f'<span style="{ROW}">'
        f"{board_image(node.board, cell_size=cell_size) if cell_size else ''}"
        f"<span><b>{escape(move)}</b> · {escape(state)} · window"
        f" {escape(format_window(node.alpha, node.beta))} · value {_value_badge(node)}{cut}</span></span>"
    )


def _faded(picture: str) -> str:
    return f'<span style="{FADED}">{picture}</span>'


def _pruned_row(parent: TraceNode, move: int, cell_size: int | None) -> str:
    board = parent.board.play(move)
    return (
        f'<div style="color:{PRUNED_COLOUR};margin:2px 0">'
        f'<span style="{ROW}">'
        f"{_faded(board_image(board, cell_size=cell_size)) if cell_size else ''}"
        f"<span><s>{escape(parent.board.turn)} plays {move}</s> · pruned: never searched</span></span></div>"
    )


LEGEND = (
    '<div style="color:#555;margin-bottom:4px">Values are for the side to move at each node'
    f' (<span style="color:{VALUE_COLOURS[1]}">win 1</span>, draw 0,'
    f' <span style="color:{VALUE_COLOURS[-1]}">loss -1</span>); = exact, ≥ at least, ≤ at most.'
    f' <span style="color:{PRUNED_COLOUR}"><s>Struck-out</s> moves were pruned.</span></div>'
)


def trace_html(
    trace: TraceNode,
    cell_size: int | None = 14,
    open_depth: int | None = None,
    max_depth: int | None = None,
    max_nodes: int = 400,
    legend: bool = True,
) -> str:
    """The trace as nested, collapsible HTML (``<details>``), pruned moves greyed out.

    Each node shows its board (unless ``cell_size`` is ``None``: text only),
    the window it was searched with and its value;
    its searched children follow, then its pruned moves in grey.  Levels down
    to ``open_depth`` start unfolded (all of them if ``None``).  Below
    ``max_depth`` levels, and past ``max_nodes`` nodes, the rest is summarised
    in one line, so that a big search (18,297 nodes from the empty board)
    still gives a small page.
    """
    budget = [max_nodes]
    parts = ['<div class="ttt-trace" style="font-family:sans-serif;font-size:13px;line-height:1.5">']
    if legend:
        parts.append(LEGEND)

    def visit(node: TraceNode, depth: int) -> None:
        budget[0] -= 1
        summary = _summary(node, cell_size)
        if node.is_leaf:
            parts.append(f'<div style="margin:2px 0">{summary}</div>')
            return
        opened = " open" if open_depth is None or depth < open_depth else ""
        parts.append(f'<details{opened} style="margin:2px 0"><summary>{summary}</summary><div style="{INDENT}">')
        for i, child in enumerate(node.children):
            if budget[0] <= 0 or (max_depth is not None and depth >= max_depth):
                rest = sum(sum(1 for _ in c.walk()) for c in node.children[i:])
                noun = "node" if rest == 1 else "nodes"
                parts.append(f'<div style="color:{MORE_COLOUR}">… {rest} more searched {noun} not shown</div>')
                break
            visit(child, depth + 1)
        for move in node.pruned:
            parts.append(_pruned_row(node, move, cell_size))
        parts.append("</div></details>")

    visit(trace, 0)
    parts.append("</div>")
    return "".join(parts)


class ExplorerStatus(LiveStatus):
    """The explorer's live region: :class:`~ttt.view.widgets.LiveStatus`, with the explorer's
    style sheet (a focus ring on its buttons and menus that is seen on any background)."""

    _css = STATIC / "explorer.css"


class TreeExplorer(widgets.VBox):
    """Walk through an alpha-beta search of ``board`` one node at a time.

    The top line picks the search (window, move order, fail-hard or
    fail-soft) and says how much it looked at.  Below: the path from the
    root, the current position with the search's own account of it, and one
    row per move: searched moves have a button that steps into them, pruned
    moves are greyed out.  **Back** and **Root** climb out again, and the
    search below the current node is drawn at the bottom.

    By keyboard: Tab goes through the menus, the move buttons (a pruned move's
    button is disabled, so Tab skips it), then Back and Root; Enter or Space
    presses.  After a step the focus moves to where the next step is: into a
    move, to the first move of the new position (or Back, at the end of a
    game); back up, to the move just left.  The live region under the moves
    (:attr:`status`, CSS class ``ttt-explorer-status``) then says where the
    learner is (:func:`where_words`).

    The same steps are methods (:meth:`enter`, :meth:`back`, :meth:`to_root`),
    so code and tests can drive the explorer as a reader does.  The rows are
    made once and reused: a saved notebook keeps every widget ever created,
    so redrawing never creates new ones.
    """

    def __init__(self, board, window=(-1, 1), order: str = "index", soft: bool = False, cell_size: int = 40):
        self.board = board
        self.cell_size = cell_size
        window_label = next((label for label, w in WINDOWS.items() if w == tuple(window)), None)
        if window_label is None:
            raise ValueError(f"the explorer offers the windows {', '.join(WINDOWS)}, not {window!r}")
        self.window_choice = widgets.Dropdown(options=list(WINDOWS), value=window_label, description="window")
        self.order_choice = widgets.Dropdown(options=list(ORDERS), value=order, description="move order")
        self.kind_choice = widgets.ToggleButtons(
            options=["fail-hard", "fail-soft"], value="fail-soft" if soft else "fail-hard"
        )
        self.summary = widgets.HTML()
        self.path_line = widgets.HTML()
        self.picture = widgets.HTML(layout=widgets.Layout(margin="0 16px 0 0"))
        self.account = widgets.HTML(layout=widgets.Layout(max_width="520px"))
        self.buttons = []
        self.infos = []
        rows = []
        for i in range(board.size):  # one row per possible move, reused at every node
            button = widgets.Button(layout=widgets.Layout(width="120px"))
            button.add_class("ttt-explorer-move")
            button.on_click(lambda _button, i=i: self._by_hand(lambda: self.enter(self._moves[i])))
            info = widgets.HTML()
            self.buttons.append(button)
            self.infos.append(info)
            rows.append(widgets.HBox([button, info]))
        self.rows = widgets.VBox(rows)
        self._moves: list[int] = []
        # No icons: ipywidgets draws them as Font Awesome characters, which become part of the
        # button's accessible name ("\uf061 X plays 1"), so a screen reader would read noise first.
        self.back_button = widgets.Button(description="Back")
        self.root_button = widgets.Button(description="Root")
        self.back_button.add_class("ttt-explorer-back")
        self.root_button.add_class("ttt-explorer-root")
        self.back_button.on_click(lambda _button: self._by_hand(self.back))
        self.root_button.on_click(lambda _button: self._by_hand(self.to_root))
        self.status = ExplorerStatus()
        self.status.add_class("ttt-explorer-status")
        self.subtree = widgets.HTML()
        self.path: list[int] = []
        super().__init__(
            [
                widgets.HBox([self.window_choice, self.order_choice, self.kind_choice]),
                self.summary,
                self.path_line,
                widgets.HBox([self.picture, widgets.VBox([self.account, self.rows])]),
                widgets.HBox([self.back_button, self.root_button]),
                self.status,
                widgets.HTML("<b>The search below this node</b> (two levels)"),
                self.subtree,
            ]
        )
        self.add_class("ttt-explorer")
        self._search(announce=False)
        for control in (self.window_choice, self.order_choice, self.kind_choice):
            control.observe(lambda _change: self._search(), names="value")

    # ------------------------------------------------------------------ state
    @property
    def node(self) -> TraceNode:
        """The node on display."""
        return self.trace.follow(self.path)

    def _search(self, announce: bool = True) -> None:
        """Search again with the chosen settings, keeping as much of the current path as still exists
        (and, unless ``announce`` is false, say so in the live region before where the learner is)."""
        self.trace = trace_alphabeta(
            self.board,
            *WINDOWS[self.window_choice.value],
            order=self.order_choice.value,
            soft=self.kind_choice.value == "fail-soft",
        )
        kept, node = [], self.trace
        for move in self.path:
            if move not in (child.move for child in node.children):
                break
            node = node.child(move)
            kept.append(move)
        self.path = kept
        said = search_words(self.trace, self.window_choice.value, self.order_choice.value, self.kind_choice.value)
        self.refresh(said if announce else "")

    # ------------------------------------------------------------------ steps
    def enter(self, move: int) -> None:
        """Step into the child reached by ``move`` (``KeyError`` if that move was pruned)."""
        self.node.child(move)
        self.path.append(move)
        self.refresh()

    def back(self) -> None:
        """Step up to the parent (nothing happens at the root)."""
        if self.path:
            self.path.pop()
            self.refresh()

    def to_root(self) -> None:
        """Go back to the root."""
        self.path = []
        self.refresh()

    def _by_hand(self, step) -> None:
        """Take ``step`` (a button's), then move the keyboard focus to where the next step is: after
        climbing, the button of the move just left; after stepping in, the first move's button, or
        Back if the game is over there.  Only steps taken in the browser move the focus: code that
        calls :meth:`enter` as a notebook runs must not pull the focus into the explorer."""
        before = list(self.path)
        step()
        if len(self.path) < len(before):
            self.buttons[self._moves.index(before[len(self.path)])].focus()
        elif self.node.children:
            self.buttons[0].focus()
        else:
            self.back_button.focus()

    # ------------------------------------------------------------------ drawing
    def refresh(self, said: str = "") -> None:
        """Redraw everything from the trace and the current path; the live region says ``said``
        (what just happened, if anything) and then where the learner is."""
        trace, node = self.trace, self.node
        stats = trace.stats()
        self.summary.value = (
            f"{stats.nodes} positions searched, {trace.pruned_count()} moves pruned at {stats.cutoffs}"
            f" cut-offs. The root's value for {trace.board.turn}: <b>{escape(value_text(trace))}</b>."
        )
        steps, here = ["root"], trace
        for move in self.path:
            steps.append(f"{here.board.turn} plays {move}")
            here = here.child(move)
        self.path_line.value = "<b>Path:</b> " + " › ".join(escape(step) for step in steps)
        self.picture.value = board_image(node.board, cell_size=self.cell_size)
        self.account.value = f"<p>{escape(node_text(node))}</p><p>{escape(explain(node))}</p>"
        self._moves = list(node.order)
        mover = node.board.turn
        for i, (button, info, row) in enumerate(zip(self.buttons, self.infos, self.rows.children)):
            if i >= len(self._moves):
                row.layout.display = "none"
                continue
            move = self._moves[i]
            row.layout.display = None
            button.description = f"{mover} plays {move}"
            if i < len(node.children):
                child = node.children[i]
                button.disabled, button.tooltip = False, f"step into {mover}'s move {move}"
                info.value = (
                    f'<span style="{ROW}">{board_image(child.board, cell_size=16)}'
                    f"<span>window {escape(format_window(child.alpha, child.beta))} · value {_value_badge(child)}"
                    + (" · cut-off" if child.pruned else "")
                    + "</span></span>"
                )
            else:
                button.disabled, button.tooltip = True, "pruned: never searched"
                info.value = (
                    f'<span style="{ROW};color:{PRUNED_COLOUR}">'
                    f"{_faded(board_image(node.board.play(move), cell_size=16))}<span>pruned: never searched</span></span>"
                )
        self.back_button.disabled = self.root_button.disabled = not self.path
        self.subtree.value = trace_html(node, cell_size=None, max_depth=2, max_nodes=40, legend=False)
        self.status.value = escape(" ".join(filter(None, [said, where_words(trace, self.path)])), quote=False)

    def __repr__(self) -> str:
        # The plain-text stand-in for the widget in static viewers (and what nbval compares).
        where = "at the root" if not self.path else "after moves " + ", ".join(str(move) for move in self.path)
        return (
            f"TreeExplorer({self.board.notation!r}, window {self.window_choice.value},"
            f" {self.order_choice.value}, {self.kind_choice.value}: {self.trace.stats().nodes} nodes, {where})"
        )

"""The clickable board for notebooks and Voila, usable by mouse, keyboard and screen reader.

The view only draws a :class:`ttt.game.Game` and forwards clicks to it; every
rule lives in the model.  The cells are one small custom widget,
:class:`CellGrid`, built on ``anywidget`` (custom widgets on the ipywidgets
protocol, shown by JupyterLab, Voila and JupyterLite alike), because plain
ipywidgets cannot give a button an accessible name: its browser side
(``static/board.js``) is an ARIA grid, one tab stop whose cells are walked
with the arrow keys and played with Enter or Space, each cell named by where
it is and what is on it ("row 2, column 3, empty, cell 5").  The status line,
:class:`LiveStatus`, is a polite live region, so a screen reader reads each
move ("X played 4. O to move"), the computer's reply and the result.  The rest (New game,
who starts, hints) are plain ipywidgets buttons, which are named by their text.

Each part carries a CSS class (``ttt-cell``, ``ttt-cell-N``, ``ttt-win``,
``ttt-status``, ``ttt-new-game``) so that browser tests can find it.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from ttt.game import Game, status_line
from ttt.view.hints import cell_hints
from ttt.players import PerfectPlayer

STATIC = Path(__file__).with_name("static")
# Colours with at least 4.5:1 contrast on every background they are drawn on (WCAG 2.1 AA, 1.4.3).
MARK_COLOURS = {"X": "#1f5fbf", "O": "#b03222", ".": "#222222"}
WIN_COLOUR = "#fff2a8"
EMPTY_COLOUR = "#f7f7f7"
NUMBER_COLOUR = "#5c5c5c"   # the grey number of an empty cell (6.2:1 on EMPTY_COLOUR)
HINT_TEXT_COLOUR = "#1a1a1a"


def cell_name(board, cell: int, hint: str = "") -> str:
    """What a screen reader says for ``cell``: where it is, what is on it, and its hint if any.

    ``"row 1, column 1, X, winning line"``, ``"row 2, column 3, empty, cell 5"``,
    ``"row 2, column 3, empty, win in 3"`` (rows and columns counted from 1, as people do;
    the cell's number, shown on an empty cell, is in the name too).
    """
    row, col = divmod(cell, board.cols)
    mark = board.cells[cell]
    if mark != ".":
        what = mark + (", winning line" if cell in (board.winning_line or ()) else "")
    else:
        what = f"empty, {hint}" if hint else f"empty, cell {cell}"
    return f"row {row + 1}, column {col + 1}, {what}"


def grid_label(board) -> str:
    """The grid's own name: what game it is."""
    return f"Board, {board.rows} rows by {board.cols} columns, {board.k} in a row wins"


class CellGrid(anywidget.AnyWidget):
    """The cells of a board as an accessible grid; it draws ``cells`` and reports plays.

    ``cells`` holds, for each cell, what to draw: ``text`` (shown), ``name`` (spoken),
    ``fill`` and ``colour``, and the flags ``win``, ``mark`` and ``hint``.  A click, or
    Enter or Space on the focused cell, calls every function given to :meth:`on_play`
    with the cell's number.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    rows = traitlets.Int(3).tag(sync=True)
    cols = traitlets.Int(3).tag(sync=True)
    cell_size = traitlets.Unicode("64px").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    cells = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._players = []
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))

    def on_play(self, callback) -> None:
        """Call ``callback(cell)`` when the user plays a cell in the browser."""
        self._players.append(callback)

    def play(self, cell: int) -> None:
        """What the browser's play message does (also callable from code, as a test would)."""
        for callback in self._players:
            callback(cell)

    def handle(self, content) -> None:
        """Act on a message from the browser: ``{"event": "play", "cell": n}``; anything else is ignored."""
        if isinstance(content, dict) and content.get("event") == "play" and isinstance(content.get("cell"), int):
            self.play(content["cell"])


class LiveStatus(anywidget.AnyWidget):
    """A line of HTML (``value``) shown in a polite live region (``role="status"``)."""

    _esm = STATIC / "status.js"
    value = traitlets.Unicode("").tag(sync=True)


class BoardWidget(widgets.VBox):
    """A board you can click, with a status line and a New game button.

    ``opponent`` (any object with ``move(board) -> cell``) makes it a game
    against the computer; ``computer`` picks the computer's mark.
    ``cell_colours`` is a hook for subclasses and notebooks: a function from
    the board to ``{cell: (colour, label)}`` used to paint hints.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, opponent=None,
                 computer: str = "O", cell_size: str = "64px", cell_colours=None):
        self.game = Game(rows, cols, k, opponent=opponent, computer=computer)
        self.cell_colours = cell_colours
        self.grid = CellGrid(rows=rows, cols=cols, cell_size=cell_size)
        self.grid.add_class("ttt-cells")
        self.grid.on_play(self.click)
        self.status = LiveStatus()
        self.status.add_class("ttt-status")
        self.new_game = widgets.Button(description="New game")  # no icon: its glyph would be read out in its name
        self.new_game.add_class("ttt-new-game")
        self.new_game.on_click(lambda _button: self.restart())
        super().__init__([self.grid, self.status, self.new_game])
        self.add_class("ttt-board")
        self.refresh()

    def __repr__(self) -> str:
        # The plain-text stand-in for the widget (static viewers, nbval); the default
        # ipywidgets repr would list every child and its layout.
        board = self.game.board
        return f"BoardWidget({board.rows}×{board.cols}, k={board.k}: {status_line(board)})"

    @property
    def board(self):
        """The board on display."""
        return self.game.board

    def click(self, cell: int) -> bool:
        """What a click on ``cell`` does (also callable from code).

        The status line then names the move just made before the model's message ("X played 4. O
        to move"; against the computer "You (X) played 4. Computer (O) played 0. X to move"), so
        that a screen reader, which reads the live region and cannot see the board, announces the
        learner's own move as well as the computer's reply."""
        mover = self.game.board.turn
        accepted = self.game.click(cell)
        said = f"{mover if self.game.human is None else f'You ({mover})'} played {cell}." if accepted else ""
        self.refresh(said)
        return accepted

    def restart(self, computer: str | None = None) -> None:
        """Start a new game (optionally switching the computer's mark)."""
        self.game.new(computer)
        self.refresh()

    @property
    def labels(self) -> list[str]:
        """What each cell shows: its mark, its hint, or (empty) its number."""
        return [shown["text"] for shown in self.grid.cells]

    def refresh(self, said: str = "") -> None:
        """Redraw every cell and the status line from the model (``said``, the move just made, first)."""
        board = self.game.board
        winning = set(board.winning_line or ())
        extra = self.cell_colours(board) if self.cell_colours else {}
        self.grid.cells = [self._cell(board, cell, cell in winning, extra.get(cell)) for cell in range(board.size)]
        self.grid.label = grid_label(board)
        self.status.value = f"<b>{escape(' '.join(filter(None, [said, self.game.message])), quote=False)}</b>"

    @staticmethod
    def _cell(board, cell: int, won: bool, hint) -> dict:
        """How one cell is drawn: a mark, a hint (words on its colour), or its number in grey."""
        mark = board.cells[cell]
        if mark != ".":
            text, fill, colour, label = mark, WIN_COLOUR if won else EMPTY_COLOUR, MARK_COLOURS[mark], ""
        elif hint:
            fill, label = hint
            text, colour = label or str(cell), HINT_TEXT_COLOUR
        else:
            text, fill, colour, label = str(cell), EMPTY_COLOUR, NUMBER_COLOUR, ""
        return {"text": text, "name": cell_name(board, cell, label), "fill": fill, "colour": colour,
                "win": won, "mark": mark != ".", "hint": bool(label)}


class ComputerGameWidget(BoardWidget):
    """A game against the perfect player, with a choice of who starts and optional hints.

    The computer is :class:`ttt.players.PerfectPlayer`: it never loses, wins as fast
    as it can, and on 3×3 answers from the solved table in well under a millisecond.
    ``computer`` is the computer's mark ("O": you start; "X": it starts), ``hints``
    whether empty cells show what they lead to (:func:`ttt.view.hints.cell_hints`), and
    ``seed`` is passed to the player (``None``: always the lowest-numbered best move).

    Extra CSS classes for browser tests: ``ttt-computer-game`` on the whole widget,
    ``ttt-who-starts`` on the "You start" / "Computer starts" buttons and ``ttt-hints``
    on the "Show hints" button.
    """

    YOU_START, COMPUTER_STARTS = "You start", "Computer starts"

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, computer: str = "O",
                 hints: bool = False, seed: int | None = None, cell_size: str = "64px"):
        if computer not in ("X", "O"):
            raise ValueError(f"computer must be 'X' or 'O', not {computer!r}")
        super().__init__(rows, cols, k, opponent=PerfectPlayer(seed), computer=computer,
                         cell_size=cell_size, cell_colours=cell_hints if hints else None)
        self.who_starts = widgets.ToggleButtons(
            options=[self.YOU_START, self.COMPUTER_STARTS],
            value=self.YOU_START if computer == "O" else self.COMPUTER_STARTS,
            tooltips=["You play X and move first", "The computer plays X and moves first"],
            style={"button_width": "auto"},
        )
        self.who_starts.add_class("ttt-who-starts")
        self.who_starts.observe(self._on_who_starts, names="value")
        self.hints = widgets.ToggleButton(value=hints, description="Show hints",  # no icon (see New game)
                                          tooltip="Write in each empty cell what it leads to, on a colour")
        self.hints.add_class("ttt-hints")
        self.hints.observe(self._on_hints, names="value")
        self.children = (widgets.HBox([self.who_starts, self.hints]), *self.children)
        self.add_class("ttt-computer-game")

    def __repr__(self) -> str:
        board = self.game.board
        return (f"ComputerGameWidget({board.rows}×{board.cols}, k={board.k}, computer plays "
                f"{self.game.computer}, hints {'on' if self.cell_colours else 'off'}: {status_line(board)})")

    def _on_who_starts(self, change) -> None:
        self.restart(computer="O" if change["new"] == self.YOU_START else "X")

    def _on_hints(self, change) -> None:
        self.cell_colours = cell_hints if change["new"] else None
        self.refresh()

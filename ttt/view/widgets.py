"""The clickable board for notebooks and Voila, built from plain ipywidgets.

The view only draws a :class:`ttt.game.Game` and forwards clicks to it; every
rule lives in the model.  Each part carries a CSS class (``ttt-cell``,
``ttt-status``, ``ttt-new-game``) so that browser tests can find it.
"""

from __future__ import annotations

import ipywidgets as widgets

from ttt.game import Game, status_line
from ttt.view.hints import cell_hints
from ttt.players import PerfectPlayer

MARK_COLOURS = {"X": "#1f5fbf", "O": "#c0392b", ".": "#222"}
WIN_COLOUR = "#fff2a8"
EMPTY_COLOUR = "#f7f7f7"
NUMBER_COLOUR = "#9a9a9a"   # the grey number of an empty cell


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
        self.buttons = []
        for cell in range(rows * cols):
            button = widgets.Button(
                description="", layout=widgets.Layout(width=cell_size, height=cell_size, margin="1px")
            )
            button.add_class("ttt-cell")
            button.add_class(f"ttt-cell-{cell}")
            button.style.font_weight = "bold"
            button.on_click(lambda _button, cell=cell: self.click(cell))
            self.buttons.append(button)
        self.grid = widgets.GridBox(
            self.buttons,
            layout=widgets.Layout(grid_template_columns=f"repeat({cols}, {cell_size})", grid_gap="2px"),
        )
        self.status = widgets.HTML()
        self.status.add_class("ttt-status")
        self.new_game = widgets.Button(description="New game", icon="refresh")
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
        """What a click on ``cell`` does (also callable from code)."""
        accepted = self.game.click(cell)
        self.refresh()
        return accepted

    def restart(self, computer: str | None = None) -> None:
        """Start a new game (optionally switching the computer's mark)."""
        self.game.new(computer)
        self.refresh()

    def refresh(self) -> None:
        """Redraw every cell and the status line from the model."""
        board = self.game.board
        winning = set(board.winning_line or ())
        extra = self.cell_colours(board) if self.cell_colours else {}
        for cell, button in enumerate(self.buttons):
            mark = board.cells[cell]
            colour = WIN_COLOUR if cell in winning else EMPTY_COLOUR
            tooltip = f"cell {cell}"
            text_colour = MARK_COLOURS.get(mark, "#222")
            if mark != ".":
                label = mark
            elif cell in extra:
                colour, hint = extra[cell]
                label, tooltip = hint or str(cell), f"cell {cell}: {hint}"
            else:
                # An empty cell shows its number, as in the text game.  It must show *something*:
                # the browser side of ipywidgets' Button leaves the old text in place when the
                # description becomes "", so a blank cell would keep its mark after New game.
                label, text_colour = str(cell), NUMBER_COLOUR
            button.description = label
            button.tooltip = tooltip
            button.style.button_color = colour
            button.style.text_color = text_colour
            button.style.font_size = "28px" if mark != "." else "11px"
            if cell in winning:
                button.add_class("ttt-win")
            else:
                button.remove_class("ttt-win")
        self.status.value = f"<b>{self.game.message}</b>"


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
        self.hints = widgets.ToggleButton(value=hints, description="Show hints", icon="lightbulb-o",
                                          tooltip="Colour each empty cell by what it leads to")
        self.hints.add_class("ttt-hints")
        self.hints.observe(self._on_hints, names="value")
        for button in self.buttons:
            button.layout.padding = "0px"   # room for a label like "loss in 6" without an ellipsis
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

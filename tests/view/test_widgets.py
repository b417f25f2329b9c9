"""The clickable boards (ttt.view.widgets), driven from code without a browser.

The browser tests (tests/browser/) check that a real page shows the same.
"""

import pytest

pytest.importorskip("ipywidgets")

from ttt import Board  # noqa: E402
from ttt.players import PerfectPlayer  # noqa: E402
from ttt.view.hints import cell_hints  # noqa: E402
from ttt.view.widgets import WIN_COLOUR, BoardWidget, ComputerGameWidget  # noqa: E402


def labels(widget):
    return [button.description for button in widget.buttons]


def marks(widget):
    return sum(label in ("X", "O") for label in labels(widget))


# ---------------------------------------------------------------------- the board for two people


def test_clicks_play_and_the_board_shows_the_model():
    widget = BoardWidget()
    assert labels(widget) == [str(cell) for cell in range(9)]  # an empty cell shows its number
    assert widget.status.value == "<b>X to move</b>"
    assert widget.click(4) and widget.board == Board.empty().play(4)
    assert labels(widget)[4] == "X" and widget.status.value == "<b>O to move</b>"
    assert not widget.click(4)
    assert widget.status.value == "<b>Not a legal move: cell 4 (1, 1) is taken by X. O to move.</b>"


def test_a_win_is_highlighted_and_new_game_clears_it():
    widget = BoardWidget()
    for cell in (0, 3, 1, 4, 2):
        widget.click(cell)
    assert widget.status.value == "<b>X wins</b>"
    for cell, button in enumerate(widget.buttons):
        won = cell in (0, 1, 2)
        assert ("ttt-win" in button._dom_classes) == won and (button.style.button_color == WIN_COLOUR) == won
    assert not widget.click(8)
    assert "the game is over (X has won): no more moves. Press New game to play again." in widget.status.value
    widget.new_game.click()
    assert widget.board == Board.empty() and not any("ttt-win" in b._dom_classes for b in widget.buttons)
    assert labels(widget) == [str(cell) for cell in range(9)]


def test_other_sizes_and_the_plain_text_stand_in():
    widget = BoardWidget(3, 4, 3)
    assert len(widget.buttons) == 12 and "repeat(4, 64px)" in widget.grid.layout.grid_template_columns
    assert repr(widget) == "BoardWidget(3×4, k=3: X to move)"
    assert {"ttt-cell", "ttt-cell-11"} <= set(widget.buttons[11]._dom_classes)
    assert "ttt-status" in widget.status._dom_classes and "ttt-new-game" in widget.new_game._dom_classes


# ---------------------------------------------------------------------- the game against the computer


def test_the_computer_answers_each_click():
    widget = ComputerGameWidget()
    assert widget.who_starts.value == "You start" and widget.board == Board.empty()
    assert widget.click(4)
    reply = PerfectPlayer().move(Board.empty().play(4))
    assert widget.board == Board.empty().play(4).play(reply)
    assert widget.status.value == f"<b>Computer (O) played {reply}. X to move</b>"


def test_the_computer_never_loses_a_whole_game():
    widget = ComputerGameWidget()
    while not widget.board.is_over:
        assert widget.click(widget.board.legal_moves()[-1])
    assert widget.board.winner in (None, "O")


def test_computer_starts_switches_sides_and_new_game_keeps_the_choice():
    widget = ComputerGameWidget()
    widget.click(0)
    widget.who_starts.value = "Computer starts"
    assert widget.game.computer == "X" and marks(widget) == 1 and widget.board.turn == "O"
    widget.new_game.click()
    assert marks(widget) == 1 and widget.board.turn == "O"
    widget.who_starts.value = "You start"
    assert widget.board == Board.empty() and widget.game.computer == "O"


def test_hints_paint_exactly_the_empty_cells_and_switch_off_again():
    widget = ComputerGameWidget()
    widget.click(0)
    numbers = labels(widget)
    widget.hints.value = True
    hints = cell_hints(widget.board)
    assert set(hints) == set(widget.board.legal_moves())
    for cell, button in enumerate(widget.buttons):
        if cell in hints:
            colour, label = hints[cell]
            assert (button.description, button.style.button_color) == (label, colour)
        else:
            assert button.description == widget.board.cells[cell]
    widget.hints.value = False
    assert labels(widget) == numbers


def test_options_at_construction_and_bad_marks():
    widget = ComputerGameWidget(computer="X", hints=True)
    assert widget.who_starts.value == "Computer starts" and marks(widget) == 1
    assert widget.hints.value and "hints on" in repr(widget)
    with pytest.raises(ValueError):
        ComputerGameWidget(computer="Z")


def test_css_classes_for_the_browser_tests():
    widget = ComputerGameWidget()
    assert "ttt-computer-game" in widget._dom_classes and "ttt-board" in widget._dom_classes
    assert "ttt-who-starts" in widget.who_starts._dom_classes
    assert "ttt-hints" in widget.hints._dom_classes

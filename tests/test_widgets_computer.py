"""The game against the computer (``ComputerGameWidget``), driven from code without a browser."""

import pytest

pytest.importorskip("ipywidgets")

from ttt import Board  # noqa: E402
from ttt.hints import cell_hints
from ttt.players import PerfectPlayer  # noqa: E402
from ttt.widgets import ComputerGameWidget  # noqa: E402


def labels(widget):
    return [button.description for button in widget.buttons]


def marks(widget):
    return sum(label in ("X", "O") for label in labels(widget))


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

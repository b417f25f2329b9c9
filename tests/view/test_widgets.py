"""The clickable boards (ttt.view.widgets), driven from code without a browser.

The browser tests (tests/browser/) check that a real page shows the same.
"""

import pytest

pytest.importorskip("ipywidgets")

from ttt import Board  # noqa: E402
from ttt.players import PerfectPlayer  # noqa: E402
from ttt.view.hints import cell_hints  # noqa: E402
from ttt.view.widgets import WIN_COLOUR, BoardWidget, ComputerGameWidget, cell_name  # noqa: E402


def labels(widget):
    return widget.labels


def names(widget):
    return [shown["name"] for shown in widget.grid.cells]


def marks(widget):
    return sum(label in ("X", "O") for label in labels(widget))


# ---------------------------------------------------------------------- the board for two people


def test_clicks_play_and_the_board_shows_the_model():
    widget = BoardWidget()
    assert labels(widget) == [str(cell) for cell in range(9)]  # an empty cell shows its number
    assert widget.status.value == "<b>X to move</b>"
    assert widget.click(4) and widget.board == Board.empty().play(4)
    assert labels(widget)[4] == "X" and widget.status.value == "<b>X played 4. O to move</b>"
    assert not widget.click(4)
    assert widget.status.value == "<b>Not a legal move: cell 4 (1, 1) is taken by X. O to move.</b>"


def test_a_win_is_highlighted_and_new_game_clears_it():
    widget = BoardWidget()
    for cell in (0, 3, 1, 4, 2):
        widget.click(cell)
    assert widget.status.value == "<b>X played 2. X wins</b>"
    for cell, shown in enumerate(widget.grid.cells):
        won = cell in (0, 1, 2)
        assert shown["win"] == won and (shown["fill"] == WIN_COLOUR) == won
    assert names(widget)[:4] == ["row 1, column 1, X, winning line", "row 1, column 2, X, winning line",
                                 "row 1, column 3, X, winning line", "row 2, column 1, O"]
    assert not widget.click(8)
    assert "the game is over (X has won): no more moves. Press New game to play again." in widget.status.value
    widget.new_game.click()
    assert widget.board == Board.empty() and not any(shown["win"] for shown in widget.grid.cells)
    assert labels(widget) == [str(cell) for cell in range(9)]


def test_other_sizes_and_the_plain_text_stand_in():
    widget = BoardWidget(3, 4, 3)
    assert len(widget.grid.cells) == 12 and (widget.grid.rows, widget.grid.cols) == (3, 4)
    assert widget.grid.label == "Board, 3 rows by 4 columns, 3 in a row wins"
    assert repr(widget) == "BoardWidget(3×4, k=3: X to move)"
    assert names(widget)[11] == "row 3, column 4, empty, cell 11"
    assert "ttt-status" in widget.status._dom_classes and "ttt-new-game" in widget.new_game._dom_classes


# ---------------------------------------------------------------------- the game against the computer


def test_the_computer_answers_each_click():
    widget = ComputerGameWidget()
    assert widget.who_starts.value == "You start" and widget.board == Board.empty()
    assert widget.click(4)
    reply = PerfectPlayer().move(Board.empty().play(4))
    assert widget.board == Board.empty().play(4).play(reply)
    assert widget.status.value == f"<b>You (X) played 4. Computer (O) played {reply}. X to move</b>"


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
    for cell, shown in enumerate(widget.grid.cells):
        if cell in hints:
            colour, label = hints[cell]
            assert (shown["text"], shown["fill"], shown["hint"]) == (label, colour, True)
            assert shown["name"] == f"row {cell // 3 + 1}, column {cell % 3 + 1}, empty, {label}"
        else:
            assert shown["text"] == widget.board.cells[cell] and not shown["hint"]
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


# ---------------------------------------------------------------------- what the browser side sends and shows


def test_a_play_message_from_the_browser_plays_and_bad_messages_are_ignored():
    widget = BoardWidget()
    widget.grid.handle({"event": "play", "cell": 4})
    assert widget.board == Board.empty().play(4)
    for junk in ({"event": "play", "cell": "4"}, {"event": "hover", "cell": 0}, "play", {"cell": 0}):
        widget.grid.handle(junk)
    assert widget.board == Board.empty().play(4)


def test_cell_names_say_where_and_what():
    board = Board.parse("XOO/.X./X.O")
    assert cell_name(board, 0) == "row 1, column 1, X"
    assert cell_name(board, 5) == "row 2, column 3, empty, cell 5"
    assert cell_name(board, 5, "win in 1") == "row 2, column 3, empty, win in 1"
    won = board.play(3)
    assert [cell_name(won, cell) for cell in (0, 3, 6, 4)] == [
        "row 1, column 1, X, winning line", "row 2, column 1, X, winning line",
        "row 3, column 1, X, winning line", "row 2, column 2, X"]


def test_the_status_is_escaped_html():
    widget = BoardWidget()
    widget.game.message = "<script>1 < 2</script>"
    widget.refresh()
    assert widget.status.value == "<b>&lt;script&gt;1 &lt; 2&lt;/script&gt;</b>"


def test_contrast_of_the_cells_colours_is_at_least_4_5_to_1():
    from ttt.view import widgets
    from ttt.view.hints import HINT_COLOURS

    def luminance(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    def contrast(a, b):
        light, dark = sorted((luminance(a), luminance(b)), reverse=True)
        return (light + 0.05) / (dark + 0.05)

    pairs = [(widgets.NUMBER_COLOUR, widgets.EMPTY_COLOUR)]
    pairs += [(mark, fill) for mark in (widgets.MARK_COLOURS["X"], widgets.MARK_COLOURS["O"])
              for fill in (widgets.EMPTY_COLOUR, widgets.WIN_COLOUR)]
    pairs += [(widgets.HINT_TEXT_COLOUR, fill) for fill in HINT_COLOURS.values()]
    assert min(contrast(a, b) for a, b in pairs) >= 4.5, [(a, b, round(contrast(a, b), 2)) for a, b in pairs]


def controls(widget):
    """``widget`` and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from controls(child)


def test_no_control_carries_an_icon_whose_glyph_a_screen_reader_would_read_in_its_name():
    for game in (BoardWidget(), ComputerGameWidget()):
        buttons = [control for control in controls(game) if hasattr(control, "icon")]
        assert {button.description for button in buttons} >= {"New game"}
        assert [button.description for button in buttons if button.icon] == []

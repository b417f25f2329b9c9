"""Pictures of boards (ttt.view.display): SVG text, shown in a notebook as an image."""

import base64
import re

from ttt import Board
from ttt.view.display import WIN_FILL, board_image, board_svg, board_words, boards_html, svg_image


def test_text_and_svg_pictures():
    board = Board.parse("XXX/OO./...")
    assert str(board) == "XXX\nOO.\n..."
    assert board.pretty().splitlines()[0] == " X | X | X "
    assert " 5 " in board.pretty() and " 5 " not in board.pretty(numbers=False)
    svg = board_svg(board)
    assert svg.startswith("<svg") and svg.count(">X<") == 3 and svg.count(">O<") == 2
    assert WIN_FILL == "#fff2a8" and WIN_FILL in svg  # the winning line's cells are highlighted
    assert WIN_FILL not in board_svg(Board.parse("XX./OO./..."))
    assert 'aria-label="X in the top left, the top middle and the top right, O in the middle left and the centre; X wins (XXX/OO./...)"' in svg


def test_labels_fills_and_numbers():
    board = Board.parse("XX./OO./...")
    svg = board_svg(board, labels={2: "win in 1", 0: "hidden by the mark"}, fills={5: "#123456"}, numbers=True)
    assert ">win in 1<" in svg and "hidden" not in svg  # a label only in an empty cell
    assert 'fill="#123456"' in svg
    assert all(f">{cell}<" in svg for cell in (5, 6, 7, 8))  # the other empty cells show their numbers
    assert board_svg(board, cell_size=20).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="68" height="68"')
    assert board_svg(Board.empty(3, 4, 3)).count("<line ") == 3 + 2  # the grid of a 3×4 board


def test_a_notebook_shows_a_board_as_an_image_of_its_svg():
    # An <img> with a data URI, not inline SVG: JupyterLab's sanitiser drops inline SVG from
    # notebooks it does not trust, and keeps images.
    # ttt.view registers the picture with IPython's HTML formatter: the model does not import the view
    from IPython.core.formatters import HTMLFormatter

    from ttt.view import show_boards_as_pictures

    board, formatter = Board.parse("XXX/OO./..."), HTMLFormatter()
    assert show_boards_as_pictures(formatter) and not show_boards_as_pictures()  # no shell in a test
    html = formatter(board)
    assert html == board_image(board)
    assert not hasattr(board, "_repr_html_") and not hasattr(board, "_repr_svg_")
    match = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="X in the top left, the top middle and the top right, O in the middle left and the centre; X wins \(XXX/OO\./\.\.\.\)">', html)
    assert match and base64.b64decode(match.group(1)).decode() == board_svg(board)
    row = boards_html([board, Board.empty()], ["won", "empty"])
    assert row.count("<img ") == 2 and "<svg" not in row and ">won<" in row
    assert svg_image("<svg/>", alt='a "quoted" <alt>').endswith('alt="a &quot;quoted&quot; &lt;alt&gt;">')


def test_a_board_picture_says_where_the_marks_are_in_words():
    assert board_words(Board.parse("XO./.X./...")) == "X in the top left and the centre, O in the top middle; O to move (XO./.X./...)"
    assert board_words(Board.empty()) == "an empty 3×3 board; X to move (.../.../...)"
    assert board_words(Board.parse("XOX/XOO/OXX")).endswith("; a draw (XOX/XOO/OXX)")
    assert board_words(Board.empty(4, 4, 4).play(5)) == "X in row 2 column 2; O to move (..../.X../..../....)"

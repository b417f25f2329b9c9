"""The shape of a board (ttt.geometry): cells, winning lines, their masks, and bad shapes."""

import sys

import pytest

import ttt
from ttt.geometry import BoardError, Geometry, check_shape, geometry
from support import run_python


def test_the_8_lines_of_3x3():
    geo = geometry()
    assert (geo.rows, geo.cols, geo.k, geo.size) == (3, 3, 3, 9)
    assert geo.lines == (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
        (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
        (0, 4, 8),  # the diagonal
        (2, 4, 6),  # the anti-diagonal
    )
    assert [len(geo.lines_through[cell]) for cell in range(9)] == [3, 2, 3, 2, 4, 2, 3, 2, 3]


@pytest.mark.parametrize(
    "rows, cols, k, lines",
    [
        (3, 4, 3, 3 * 2 + 4 * 1 + 2 + 2),  # rows, columns, two diagonal directions
        (4, 4, 4, 4 + 4 + 1 + 1),
        (4, 4, 3, 4 * 2 + 4 * 2 + 4 + 4),
        (5, 5, 4, 5 * 2 + 5 * 2 + 4 + 4),
        (2, 2, 2, 2 + 2 + 1 + 1),
        (1, 4, 3, 2),
        (2, 3, 1, 6),  # with k = 1 each cell is one line, not one per direction
    ],
)
def test_line_counts(rows, cols, k, lines):
    assert len(geometry(rows, cols, k).lines) == lines


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (4, 4, 3), (2, 5, 2), (1, 3, 1)])
def test_masks_and_lines_through_each_cell_agree_with_the_lines(rows, cols, k):
    geo = geometry(rows, cols, k)
    assert len(set(geo.lines)) == len(geo.lines)
    for line, mask in zip(geo.lines, geo.line_masks):
        assert len(line) == k and mask == sum(1 << cell for cell in line)
    for cell in range(geo.size):
        through = [n for n, line in enumerate(geo.lines) if cell in line]
        assert list(geo.lines_through[cell]) == through
        assert geo.line_cells_through[cell] == tuple(geo.lines[n] for n in through)


def test_cells_by_row_and_column():
    geo = geometry(3, 4, 3)
    assert [geo.index(*geo.coords(cell)) for cell in range(12)] == list(range(12))
    assert geo.coords(7) == (1, 3) and geo.index(2, 0) == 8
    with pytest.raises(BoardError, match=r"cell \(3, 0\) is off the board: rows run 0..2 and columns 0..3"):
        geo.index(3, 0)


def test_a_geometry_is_made_once_per_size():
    assert geometry(3, 4, 3) is geometry(3, 4, 3)
    assert geometry(3, 3, 3) == geometry() != geometry(3, 3, 2)
    assert isinstance(geometry(), Geometry)
    assert repr(geometry(4, 4, 3)) == "Geometry(rows=4, cols=4, k=3)"


@pytest.mark.parametrize(
    "rows, cols, k, message",
    [
        (0, 3, 3, "rows must be at least 1, not 0"),
        (3, -1, 3, "cols must be at least 1, not -1"),
        (3, 3, 0, "k must be at least 1, not 0"),
        (3, 3, 4, "k=4 is larger than both sides of a 3×3 board"),
        (2, 2, 3, "larger than both sides"),
        (3.0, 3, 3, "rows must be a whole number, not 3.0"),
        (3, True, 3, "cols must be a whole number, not True"),
        (3, 3, "3", "k must be a whole number, not '3'"),
    ],
)
def test_bad_shapes_are_refused(rows, cols, k, message):
    with pytest.raises(BoardError, match=message):
        check_shape(rows, cols, k)
    if all(type(value) is int for value in (rows, cols, k)):  # geometry's cache takes 3.0 for 3
        with pytest.raises(BoardError, match=message):
            geometry(rows, cols, k)


def test_board_error_is_a_value_error():
    assert issubclass(BoardError, ValueError)
    assert ttt.BoardError is BoardError


def test_ttt_geometry_stays_the_module():
    # ttt/__init__.py once rebound ttt.geometry to the function, hiding the module.
    assert ttt.geometry is sys.modules["ttt.geometry"]
    assert "geometry" not in ttt.__all__
    out = run_python("import ttt.geometry; print(ttt.geometry.check_shape.__name__, ttt.geometry.geometry(3, 4, 3).k)")
    assert out.split() == ["check_shape", "3"]


def test_static_order():
    assert geometry(3, 3, 3).static_order == (4, 0, 2, 6, 8, 1, 3, 5, 7)  # centre, corners, edges
    assert geometry(3, 4, 3).static_order[:2] == (5, 6)  # the two middle cells lie on most lines
    for rows, cols, k in ((4, 4, 4), (3, 4, 3), (5, 5, 4)):
        order = geometry(rows, cols, k).static_order
        assert sorted(order) == list(range(rows * cols))
        lines = [len(geometry(rows, cols, k).lines_through[cell]) for cell in order]
        assert lines == sorted(lines, reverse=True)  # cells on more lines first

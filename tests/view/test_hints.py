"""Hints (``ttt.view.hints``): cell colours and labels from the table-backed move scores."""

import re

from ttt import Board, solve
from ttt.engine import Engine
from ttt.solver import move_scores
from ttt.view.hints import HINT_COLOURS, cell_hints
from support import UNFINISHED, run_python

LABEL = re.compile(r"^(?:(win|loss) in (\d)|draw)$")


def test_finished_boards_have_no_scores_and_no_hints():
    for text in ["XXX/OO./...", "XOX/XOO/OXX", "XO./XO./X.."]:
        board = Board.parse(text)
        assert move_scores(board) == {} and cell_hints(board) == {}


def test_other_sizes_get_hints_from_the_engine():
    for board in [Board.parse("X.../.O../....", k=3), Board.empty(3, 4, 3).play(5), Board.parse("X.../.O../..../....")]:
        engine = Engine(board.rows, board.cols, board.k)
        assert move_scores(board) == engine.move_scores(board)
        assert set(cell_hints(board)) == set(board.legal_moves())


def test_hints_in_a_position_worked_out_by_hand():
    # X to move with X on 0 and 1, O on 3 and 4: 2 wins at once; 5 blocks O's row; any other move lets O win on 5.
    hints = cell_hints(Board.parse("XX./OO./..."))
    assert hints[2] == (HINT_COLOURS["win"], "win in 1")
    for cell in (6, 7, 8):
        assert hints[cell] == (HINT_COLOURS["loss"], "loss in 2")
    assert hints[5][1] != "loss in 2"


def test_the_empty_board_is_a_draw_from_every_cell():
    assert cell_hints(Board.empty()) == {cell: (HINT_COLOURS["draw"], "draw") for cell in range(9)}


def test_every_hint_is_consistent_with_solve():
    """Keys are the legal moves; labels parse; colour matches the label; the best-valued cells are solve's best moves;
    the number of plies has the right parity (a win ends on my move, a loss on the opponent's)."""
    rank = {"win": 1, "draw": 0, "loss": -1}
    colour_of = {colour: kind for kind, colour in HINT_COLOURS.items()}
    for board in UNFINISHED:
        hints = cell_hints(board)
        assert sorted(hints) == board.legal_moves()
        values = {}
        for cell, (colour, label) in hints.items():
            match = LABEL.match(label)
            assert match, label
            kind = match.group(1) or "draw"
            assert colour_of[colour] == kind
            if kind != "draw":
                plies = int(match.group(2))
                assert plies % 2 == (1 if kind == "win" else 0)
                assert plies <= board.size - board.moves_made
            values[cell] = rank[kind]
        solution = solve(board)
        assert max(values.values()) == solution.value
        assert tuple(cell for cell in sorted(values) if values[cell] == solution.value) == solution.best_moves


def test_hints_module_does_not_import_ipywidgets():
    assert run_python("import sys, ttt.view.hints; print('ipywidgets' in sys.modules)").strip() == "False"


def test_hints_from_another_source_of_scores():
    board = Board.parse("XX./OO./...")
    assert cell_hints(board, lambda b: {2: 5, 5: 0}) == {2: (HINT_COLOURS["win"], "win in 1"),
                                                          5: (HINT_COLOURS["draw"], "draw")}

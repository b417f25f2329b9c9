"""The bitboard engine agrees with plain negamax, whatever speed-ups are switched on."""

import random

import pytest

from ttt import Board, BoardError
from ttt.engine import Engine, Options, plies_from_score
from support import random_position, reachable
from support import reference_score as reference


POSITIONS = sorted(reachable(Board.empty()), key=lambda b: b.cells)
OPTIONS = [
    Options(),
    Options(order="index"),
    Options(order="history"),
    Options(symmetry=False),
    Options(threats=False),
    Options(dead=False),
    Options(table=False, symmetry=False),
    Options(table=False, symmetry=False, threats=False, dead=False, order="index"),
]


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_every_option_set_scores_all_5478_positions_exactly(options):
    engine = Engine(options=options)
    wrong = [b.notation for b in POSITIONS if engine.score(b) != reference(b)]
    assert wrong == []
    cold = [b.notation for b in POSITIONS[::37] if Engine(options=options).score(b) != reference(b)]
    assert cold == []


def test_solve_gives_value_best_moves_and_plies_on_all_4520_unfinished_positions():
    engine = Engine()
    unfinished = [b for b in POSITIONS if not b.is_over]
    assert len(unfinished) == 4520
    for board in unfinished:
        score = reference(board)
        value = (score > 0) - (score < 0)
        keeping = [c for c, child in board.children() if -((reference(child) > 0) - (reference(child) < 0)) == value]
        solution = engine.solve(board)
        assert (solution.value, list(solution.best_moves)) == (value, keeping), board.notation
        assert solution.plies == plies_from_score(score, board.cells.count("."))
        assert solution.score == score


def test_finished_boards():
    assert Engine().solve(Board.parse("XXX/OO./...")) .value == -1
    solution = Engine().solve(Board.parse("XOX/XOO/OXX"))
    assert (solution.value, solution.best_moves, solution.plies) == (0, (), 0)



@pytest.mark.parametrize("rows, cols, k, marks", [(4, 4, 4, 7), (4, 4, 3, 5), (3, 4, 3, 3), (4, 3, 3, 3)])
def test_agrees_with_plain_negamax_on_random_larger_positions(rows, cols, k, marks):
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(12):
        board = random_position(rows, cols, k, marks, rng)
        expected = reference(board)
        for options in (Options(), Options(symmetry=False, order="index"), Options(table=False, symmetry=False)):
            assert Engine(rows, cols, k, options).score(board) == expected, (board.notation, options)


@pytest.mark.parametrize(
    "rows, cols, k, value", [(3, 4, 3, 1), (4, 3, 3, 1), (4, 4, 3, 1), (4, 4, 4, 0), (3, 3, 3, 0)]
)
def test_known_results_from_the_empty_board(rows, cols, k, value):
    assert Engine(rows, cols, k).solve(Board.empty(rows, cols, k)).value == value


def test_wrong_size_and_bad_options_are_refused():
    with pytest.raises(BoardError, match="4×4"):
        Engine(4, 4, 4).solve(Board.empty())
    with pytest.raises(ValueError, match="order"):
        Options(order="random")
    with pytest.raises(ValueError, match="table"):
        Options(table=False, symmetry=True)


def test_the_solved_table_covers_all_5478_positions_and_matches_the_engine():
    from ttt.table import SolvedTable

    table = SolvedTable()
    assert len(table) == 5478 and table.classes == 627
    engine = Engine()
    for board in POSITIONS:
        looked_up = table.lookup(board)
        if board.is_over:
            score = reference(board)
            assert (looked_up.value, looked_up.best_moves, looked_up.plies) == ((score > 0) - (score < 0), (), 0)
        else:
            solved = engine.solve(board)
            assert (looked_up.value, looked_up.best_moves, looked_up.plies, looked_up.score) == (
                solved.value, solved.best_moves, solved.plies, solved.score
            ), board.notation


@pytest.mark.parametrize("rows, cols, k", [(3, 4, 3), (2, 4, 2)])
def test_solved_tables_for_rectangles(rows, cols, k):
    from ttt.table import SolvedTable

    table = SolvedTable(rows, cols, k)
    positions = reachable(Board.empty(rows, cols, k))
    assert len(table) == len(positions)
    for board in sorted(positions, key=lambda b: b.cells)[::7]:
        assert table.lookup(board).score == reference(board)

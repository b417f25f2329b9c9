"""The whole game solved once (ttt.table.SolvedTable): every reachable position, its value, best moves and length."""

import pytest

from ttt import Board
from ttt.engine import Engine
from ttt.instrument import SearchStats
from ttt.solution import Solution
from ttt.table import SolvedTable, solved_table
from ttt.tree import reachable_positions
from support import POSITIONS, reference_score, reference_value


@pytest.fixture(scope="module")
def table():
    return SolvedTable()


def test_the_table_covers_all_5478_positions_and_matches_the_engine(table):
    assert len(table) == 5478 and table.classes == 627
    engine = Engine()
    for board in POSITIONS:
        looked_up = table.lookup(board)
        assert isinstance(looked_up, Solution) and board in table
        if board.is_over:
            assert (looked_up.value, looked_up.best_moves, looked_up.plies) == (reference_value(board), (), 0)
            assert looked_up.score == reference_score(board)
        else:
            solved = engine.solve(board)
            assert looked_up == solved, board.notation


def test_stats_count_the_solver_s_work(table):
    stats = table.stats
    assert type(stats) is SearchStats
    assert stats.table_size == len(table) == len(table.entries) == 5478
    assert stats.nodes - stats.hits == table.classes == 627  # each class of positions is solved once
    assert stats.hits > 0 and stats.leaves == stats.cutoffs == 0


def test_keys_are_packed_positions(table):
    board = Board.parse("X.O/.X./..O")
    x, o = board.bits
    assert table.key(board) == x | o << 9 and table.key(board) in table.entries
    assert table.entries[table.key(board)][0] == table.lookup(board).score


def test_solved_table_is_built_once_per_size():
    assert solved_table(3, 3, 3) is solved_table(3, 3, 3) and len(solved_table(3, 3, 3)) == 5478
    assert solved_table(2, 4, 2) is solved_table(2, 4, 2)
    assert solved_table(2, 4, 2).shape == (2, 4, 2)


@pytest.mark.parametrize(
    "rows, cols, k, figures", [(3, 3, 3, (5_478, 627, 1_879)), (3, 4, 3, (111_973, 20_088, 76_015)), (2, 4, 2, (605, 55, 97))]
)
def test_solved_tables_for_rectangles(rows, cols, k, figures):
    table = solved_table(rows, cols, k)
    positions = reachable_positions(Board.empty(rows, cols, k))
    assert len(table) == len(positions)
    assert (len(table), table.classes, table.stats.nodes) == figures  # positions, classes solved, solver calls
    for board in sorted(positions, key=lambda b: b.cells)[::7]:
        assert table.lookup(board).score == reference_score(board)

"""The bitboard engine agrees with plain negamax, whatever speed-ups are switched on."""

import random

import pytest

from ttt import Board, BoardError
from ttt.engine import Engine, Options, plies_from_score
from ttt.tree import reachable_positions
from support import random_position, reference_value
from support import reference_score as reference

POSITIONS = sorted(reachable_positions(), key=lambda b: b.cells)
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
        score, value = reference(board), reference_value(board)
        keeping = [c for c, child in board.children() if -reference_value(child) == value]
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
            assert (looked_up.value, looked_up.best_moves, looked_up.plies) == (reference_value(board), (), 0)
        else:
            solved = engine.solve(board)
            assert (looked_up.value, looked_up.best_moves, looked_up.plies, looked_up.score) == (
                solved.value, solved.best_moves, solved.plies, solved.score
            ), board.notation


@pytest.mark.parametrize("rows, cols, k", [(3, 4, 3), (2, 4, 2)])
def test_solved_tables_for_rectangles(rows, cols, k):
    from ttt.table import SolvedTable

    table = SolvedTable(rows, cols, k)
    positions = reachable_positions(Board.empty(rows, cols, k))
    assert len(table) == len(positions)
    for board in sorted(positions, key=lambda b: b.cells)[::7]:
        assert table.lookup(board).score == reference(board)


# ---------------------------------------------------------------------- the engine's bookkeeping


def _x_o(board):
    """A board's packed position ``x | o << size``."""
    x, o = board.bits
    return x | o << board.size


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (2, 3, 2)])
def test_packed_images_hold_every_symmetric_image_and_give_the_canonical_key(rows, cols, k):
    from ttt.symmetry import images, permutations

    engine = Engine(rows, cols, k)
    lay = engine.layout
    perms = permutations(rows, cols)
    assert len(lay.field_shifts) == len(perms) - 1
    for board in sorted(reachable_positions(Board.empty(rows, cols, k)), key=lambda b: b.cells)[::5]:
        packed = lay.images(_x_o(board))
        fields = [packed & lay.field_mask] + [packed >> shift & lay.field_mask for shift in lay.field_shifts]
        expected = [_x_o(image) for image in images(board)]
        assert fields == expected
        assert lay.canonical_of_images(packed) == min(expected)


def test_a_move_updates_threats_open_lines_and_images_as_a_fresh_start_would():
    engine = Engine(4, 4, 3)
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        board = random_position(4, 4, 3, rng.randrange(0, 9), rng)
        me, opp, n_empty = engine._unpack(board)
        root = engine._root(me, opp, n_empty)
        for cell in board.legal_moves():
            if root[4] >> cell & 1:
                continue  # a winning move ends the game: no child to set up
            child = board.play(cell)
            assert engine._child(root, cell) == engine._root(*engine._unpack(child)), (board.notation, cell)
            checked += 1
    assert checked > 1000


def test_three_empty_cells_are_decided_by_threats_alone():
    # The engine answers a position with three empty cells without searching it: compare every one.
    three = [b for b in POSITIONS if not b.is_over and b.cells.count(".") == 3]
    assert len(three) > 100
    engine = Engine()
    assert [engine.score(b) for b in three] == [reference(b) for b in three]

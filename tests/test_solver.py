"""``ttt.solve`` (ttt.solver): value, every value-keeping move, and the length of perfect play."""

import random

import pytest

from ttt import Board, BoardError, solve
from ttt.engine import Engine
from ttt.solver import clear_cache, describe, move_hints, move_scores, score
from support import POSITIONS, UNFINISHED, random_position, reference_best_moves, reference_score, reference_value


def test_every_unfinished_position():
    for board in UNFINISHED:
        solution = solve(board)
        assert (solution.value, list(solution.best_moves)) == (reference_value(board), reference_best_moves(board)), board.notation
        assert solution.score == reference_score(board), board.notation


def test_plies_follow_perfect_play_one_move_at_a_time():
    """The winner takes the fastest win, the loser the slowest loss, and a draw fills the board."""
    solved = {board: solve(board) for board in POSITIONS}
    for board in UNFINISHED:
        solution = solved[board]
        children = [solved[child] for _, child in board.children()]
        if solution.value == 1:
            assert solution.plies == 1 + min(c.plies for c in children if c.value == -1), board.notation
        elif solution.value == -1:
            assert solution.plies == 1 + max(c.plies for c in children), board.notation
        else:
            assert solution.plies == board.cells.count(".")
            assert all(c.plies == solution.plies - 1 for c in children if c.value == 0)


def test_table_backed_move_scores_agree_with_plain_negamax_and_the_engine_on_every_position():
    # move_scores reads the solved table on 3×3; the engine searches. Both must agree with the reference.
    engine = Engine()
    for board in UNFINISHED:
        expected = {cell: -reference_score(child) for cell, child in board.children()}
        assert move_scores(board) == engine.move_scores(board) == expected, board.notation


def test_move_scores_and_hints():
    for board in UNFINISHED[::5]:
        expected = {cell: -reference_score(child) for cell, child in board.children()}
        assert max(expected.values()) == score(board) == solve(board).score
    assert move_hints("XX./OO./...") == {2: "win in 1", 5: "draw", 6: "loss in 2", 7: "loss in 2", 8: "loss in 2"}
    assert set(move_hints(Board.empty()).values()) == {"draw"}
    assert move_scores("XXX/OO./...") == {} and move_hints("XOX/XOO/OXX") == {}


def test_describe():
    assert describe(0, 6) == "draw"
    assert describe(6, 6) == "win in 1"  # the move wins, leaving 5 cells empty
    assert describe(-5, 6) == "loss in 2"
    assert describe(4, 6) == "win in 3"


@pytest.mark.parametrize(
    "notation, value",
    [("XXX/OO./...", -1), ("XX./OOO/X..", -1), ("XOX/XOO/OXX", 0), ("XOX/OXO/OXX", -1)],
)
def test_a_finished_board(notation, value):
    solution = solve(notation)
    assert (solution.value, solution.best_moves, solution.plies) == (value, (), 0)


def test_a_lost_position_keeps_every_move():
    board = Board.parse("X.X/.O./X.O")  # X has two threats (1 and 3); O cannot stop both
    solution = solve(board)
    assert solution.value == -1 and solution.best_moves == tuple(board.legal_moves())
    assert solution.plies == 2


def test_clear_cache_forgets_the_engines_not_the_answers():
    before = solve(Board.parse("X../.../..."))
    clear_cache()
    assert solve(Board.parse("X../.../...")) == before


def test_bad_input():
    with pytest.raises(BoardError, match="Board or a board string"):
        solve(None)
    with pytest.raises(BoardError, match="stray character"):
        solve("X.O/.0./...")
    with pytest.raises(BoardError, match="impossible"):
        solve("XXX/XXX/...")


@pytest.mark.parametrize("rows, cols, k, marks", [(3, 4, 3, 4), (4, 3, 3, 4), (4, 4, 4, 8), (4, 4, 3, 6), (2, 5, 2, 3)])
def test_other_board_sizes(rows, cols, k, marks):
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(8):
        board = random_position(rows, cols, k, marks, rng)
        solution = solve(board)
        expected = (reference_value(board), reference_best_moves(board), reference_score(board))
        assert (solution.value, list(solution.best_moves), solution.score) == expected


def test_known_results_from_the_empty_board():
    assert solve(Board.empty()).value == 0
    assert solve(Board.empty(3, 4, 3)).value == 1  # one extra column and X wins
    assert solve(Board.empty(4, 4, 4)).value == 0

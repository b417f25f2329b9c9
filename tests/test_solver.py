"""``ttt.solve`` (ttt.solver): value, every value-keeping move, and the length of perfect play."""

import random
import re

import pytest

import ttt
from ttt import Board, BoardError, solve
from ttt import solver
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


# ---------------------------------------------------------------------- budgets and progress

EMPTY_5x5 = Board.empty(5, 5, 4)  # a draw; about 60,000 nodes for the engine


def test_a_spent_node_budget_raises_and_says_how_far_the_search_got():
    clear_cache()
    with pytest.raises(ttt.BudgetExceeded) as caught:
        solve(EMPTY_5x5, max_nodes=1_000)
    err = caught.value
    assert isinstance(err, ValueError)
    assert (err.budget, err.limit, err.nodes) == ("max_nodes", 1_000, 1_000) and 0 < err.table_size <= 1_000
    message = str(err)
    assert "max_nodes=1,000" in message and "1,000 nodes" in message and f"{err.table_size:,} table entries" in message


def test_a_spent_time_budget_raises():
    clear_cache()
    with pytest.raises(ttt.BudgetExceeded, match=r"max_seconds=0\.001 s"):
        solve(EMPTY_5x5, max_seconds=0.001)  # the clock is read after the first 1,024 nodes


def test_a_search_stopped_by_a_budget_leaves_later_answers_right():
    clear_cache()
    before = solve("X../.../...")
    with pytest.raises(ttt.BudgetExceeded):
        solve(EMPTY_5x5, max_nodes=5_000)
    assert (5, 5, 4) not in solver._ENGINES  # the stopped engine and its table are dropped
    other = Board.parse("X..../.O.../...../...../..... k=4")
    expected = Engine(5, 5, 4).solve(other)
    assert solve(other) == expected  # another board of that size
    assert solve(EMPTY_5x5) == Engine(5, 5, 4).solve(EMPTY_5x5)  # the same board, afresh
    with pytest.raises(ttt.BudgetExceeded):
        solve("XO.../...../...../...../..... k=4", max_nodes=3)  # stopped with a full table
    assert solve(other) == expected
    assert solve("X../.../...") == before  # other sizes keep their engines


def test_a_budget_is_per_call_and_generous_budgets_change_nothing():
    clear_cache()
    fresh = Engine(4, 4, 4).solve(Board.empty(4, 4, 4))
    assert solve(Board.empty(4, 4, 4), max_seconds=60, max_nodes=10**6) == fresh
    assert score(Board.empty(4, 4, 4), max_nodes=10**6) == fresh.score == 0


@pytest.mark.parametrize(
    "budget, message",
    [
        (dict(max_seconds=0), "max_seconds must be positive"),
        (dict(max_seconds=-1.5), "max_seconds must be positive"),
        (dict(max_seconds=float("nan")), "max_seconds must be positive and finite"),
        (dict(max_seconds=float("inf")), "max_seconds must be positive and finite"),
        (dict(max_seconds="5"), "max_seconds must be a number of seconds, not '5'"),
        (dict(max_seconds=True), "max_seconds must be a number of seconds, not True"),
        (dict(max_nodes=0), "max_nodes must be positive"),
        (dict(max_nodes=-10), "max_nodes must be positive"),
        (dict(max_nodes=2.5), "max_nodes must be a whole number of nodes, not 2.5"),
        (dict(max_nodes=False), "max_nodes must be a whole number of nodes, not False"),
        (dict(max_nodes=[100]), "max_nodes must be a whole number of nodes"),
    ],
)
def test_bad_budgets_are_refused_with_a_message_naming_them(budget, message):
    for ask in (solve, score):
        for board in ("X../.../...", "XXX/OO./..."):  # unfinished and finished boards alike
            with pytest.raises(ttt.BudgetError, match=re.escape(message)) as caught:
                ask(board, **budget)
            assert isinstance(caught.value, ValueError) and isinstance(caught.value, BoardError)


def test_progress_on_standard_error_only_for_long_searches(capsys):
    assert solve("X../.../...", progress=True) == solve("X../.../...")  # a short search prints nothing
    assert capsys.readouterr() == ("", "")
    seen = []
    assert score("X../.../...", progress=lambda *figures: seen.append(figures)) == 0 and seen == []

"""The package's one scoring convention (ttt.scores): leaf values, depth-aware scores, bounds, infinity."""

import math

from ttt import Board
from ttt.scores import (
    EXACT,
    INF,
    LOWER,
    UPPER,
    Bound,
    bound_of,
    leaf_score,
    leaf_value,
    plies_from_score,
    sign,
    win_score,
    x_value,
)
from support import POSITIONS, reference_score, reference_value

FINISHED = [board for board in POSITIONS if board.is_over]


def test_there_are_958_finished_positions():
    assert len(FINISHED) == 958


def test_leaf_value_is_the_reference_value_of_every_finished_position():
    assert [b.notation for b in FINISHED if leaf_value(b) != reference_value(b)] == []
    assert leaf_value(Board.parse("XXX/OO./...")) == leaf_value(Board.parse("XX./OOO/X..")) == -1
    assert leaf_value(Board.parse("XOX/XOO/OXX")) == 0


def test_x_value_reads_the_winner_from_x_s_side():
    assert x_value(Board.parse("XXX/OO./...")) == 1
    assert x_value(Board.parse("XX./OOO/X..")) == -1
    assert x_value(Board.parse("XOX/XOO/OXX")) == 0
    assert x_value(Board.parse("XX./OO./...")) == 0  # an unfinished leaf of a pruned tree counts as a draw
    for board in FINISHED:
        mover_view = leaf_value(board)
        assert x_value(board) == (mover_view if board.turn == "X" else -mover_view), board.notation


def test_leaf_score_is_the_reference_score_of_every_finished_position():
    assert [b.notation for b in FINISHED if leaf_score(b) != reference_score(b)] == []
    assert leaf_score(Board.parse("XXX/OO./...")) == -5  # X won leaving 4 cells empty
    assert leaf_score(Board.parse("XOX/OXO/OXX")) == -1  # a win on the last cell is not a draw
    assert leaf_score(Board.parse("XOX/XOO/OXX")) == 0


def test_win_score():
    assert [win_score(empty) for empty in (0, 4, 8)] == [1, 5, 9]


def test_sign():
    assert [sign(s) for s in (-3, -1, 0, 1, 5)] == [-1, -1, 0, 1, 1]
    assert [sign(x) for x in (-0.25, 0.0, 1e-9, -INF, INF)] == [-1, 0, 1, -1, 1]
    for board in POSITIONS:
        assert sign(reference_score(board)) == reference_value(board)


def test_plies_from_score():
    assert plies_from_score(0, 7) == 7  # a draw fills the board
    assert plies_from_score(9, 9) == 1  # a win with the next move: 8 cells stay empty
    assert plies_from_score(-8, 9) == 2
    assert plies_from_score(5, 5) == 1 and plies_from_score(-5, 4) == 0


def test_plies_from_score_follows_perfect_play():
    """From a decided position, the winner's fastest win (the loser's slowest loss) takes exactly that many plies."""
    for board in POSITIONS:
        if board.is_over:
            continue
        score, empty = reference_score(board), board.size - board.moves_made
        plies = plies_from_score(score, empty)
        if score == 0:
            assert plies == empty
            continue
        # follow the moves that keep the exact score until the game ends
        length, position = 0, board
        while not position.is_over:
            target = reference_score(position)
            position = next(child for _, child in position.children() if -reference_score(child) == target)
            length += 1
        assert plies == length, board.notation


def test_bound_of():
    assert [bound_of(v, -1, 1) for v in (-2, -1, 0, 1, 2)] == [UPPER, UPPER, EXACT, LOWER, LOWER]
    assert bound_of(0, -INF, INF) == EXACT and bound_of(0, 0, 1) == UPPER and bound_of(1, 0, 1) == LOWER


def test_bounds_are_small_ints_with_labels():
    assert (EXACT, LOWER, UPPER) == (Bound.EXACT, Bound.LOWER, Bound.UPPER) == (0, 1, 2)
    assert [bound.label for bound in Bound] == ["exact", "lower bound", "upper bound"]
    assert [str(bound) for bound in Bound] == ["exact", "lower bound", "upper bound"]
    assert f"{UPPER}|{LOWER:>12}|" == "upper bound| lower bound|"
    assert 5 << 2 | LOWER == 21 and (21 & 3) == LOWER  # packed with a score, as the engine's table does


def test_inf_is_the_one_infinity():
    import ttt.engine
    import ttt.pruning

    assert INF == math.inf and -INF < -10**9
    assert "INF" not in ttt.pruning.__all__  # searches use this one; none exports its own
    assert ttt.engine.INF is INF  # the engine's was 10**9

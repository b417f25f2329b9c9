"""ttt.positions: the position lists the exercises' checks try, fullest first."""

from __future__ import annotations

from ttt.positions import (
    all_positions,
    random_positions,
    unfinished_positions,
)

# ---------------------------------------------------------------------- positions


def test_position_lists_run_from_the_fullest_board():
    assert len(all_positions()) == 5_478 and len(unfinished_positions()) == 4_520
    assert len(all_positions(2, 2, 2)) == 29
    made = [board.moves_made for board in unfinished_positions()]
    assert made == sorted(made, reverse=True) and made[-1] == 0
    sample = random_positions(4, 4, 3, 50, seed=1)
    assert sample == random_positions(4, 4, 3, 50, seed=1) and len(sample) == 50
    assert all(not board.is_over and board.size == 16 for board in sample)



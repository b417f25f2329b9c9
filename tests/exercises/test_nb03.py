"""Notebook 03's exercises 1 and 5: the checks accept the worked solutions and reject typical mistakes."""

from __future__ import annotations

from functools import cache

import pytest

from ttt import Board
from ttt.exercises import exercise, nb03
from ttt.tree import count_tree


def _verdict(capsys, number, answer):
    result = exercise("03", number).check(answer)
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    return result, out


# ---------------------------------------------------------------------- 03.1 the 2×2 tree


def test_the_hand_count_matches_count_tree():
    counts = count_tree(Board.empty(2, 2, 2))
    assert nb03.tiny_tree_counts() == (counts.nodes, counts.games, counts.positions) == (41, 24, 29)


def test_tiny_tree_right_answers(capsys):
    assert _verdict(capsys, 1, (41, 24, 29))[0] is True
    assert _verdict(capsys, 1, {"positions": 29, "games": 24, "nodes": 41})[0] is True


@pytest.mark.parametrize("answer, words", [
    ((40, 24, 29), "nodes: 40 is not right: it is too small. Did you leave out the root"),
    ((41, 12, 29), "games: 12 is not right: it is too small. That is the number of final *boards*"),
    ((41, 24, 41), "positions: 41 is not right: it is too big. That is the number of nodes"),
    ((41, 24, 17), "That is the number of unfinished positions"),
    ((41, 24, None), "positions: not answered yet."),
    ((41, 24), "Give 3 numbers in this order: (nodes, games, positions); got 2."),
    (41, "Give 3 numbers in this order"),
    ((None, None, None), "Exercise 03.1 is not answered yet"),
])
def test_tiny_tree_mistakes_are_named(capsys, answer, words):
    result, out = _verdict(capsys, 1, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 03.5 count without a tree


def test_count_games_gives_the_notebook_figures():
    assert nb03.count_games(Board.empty()) == 255_168
    assert nb03.count_games(Board.empty(2, 2, 2)) == 24


def test_a_cached_version_passes(capsys):
    @cache
    def count_games(board):
        if board.is_over:
            return 1
        return sum(count_games(child) for _, child in board.children())

    result, out = _verdict(capsys, 5, count_games)
    assert result is True
    assert out == ("Correct: count_games agrees with the package on all 5,478 positions of 3×3"
                   " and all 29 of 2×2 with two in a row.\n")


@cache
def _no_base_case(board):
    return sum(_no_base_case(child) for _, child in board.children())   # 0 on a finished board


@cache
def _counts_nodes(board):
    return 1 + sum(_counts_nodes(child) for _, child in board.children())


@cache
def _nine_cells_only(board):
    """Assumes 3×3: looks at cells 0..8 whatever the board."""
    if board.is_over:
        return 1
    return sum(_nine_cells_only(board.play(cell)) for cell in range(9) if board.cells[cell] == ".")


@pytest.mark.parametrize("mistake, words", [
    (_no_base_case, "A finished board is one complete game (the one that just ended): return 1 there, not 0."),
    (_counts_nodes, "That is the number of nodes below this board"),
    (lambda board: count_tree(board).games - (not board.is_over), "expected: "),     # off by one
])
def test_count_games_mistakes_show_the_board(capsys, mistake, words):
    result, out = _verdict(capsys, 5, mistake)
    assert result is False
    assert "count_games disagrees with the package on this board" in out
    assert "---+---+---" in out and words in out


def test_a_function_written_for_3x3_only_fails_in_words_on_2x2(capsys):
    result, out = _verdict(capsys, 5, _nine_cells_only)
    assert result is False
    assert "count_games raised an error on this board (X to move):" in out
    assert "IndexError: string index out of range" in out
    assert "---+---\n" in out                         # a 2×2 board

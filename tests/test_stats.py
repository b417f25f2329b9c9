"""The figures of notebook 03 as one JSON-ready dict (ttt.stats): counts, factorisation, and the table printed.

The ``stats`` command that prints them is tested in tools/test_cli.py.
"""

import json

import pytest

from ttt import Board, BoardError
from ttt.census import census
from ttt.stats import CENSUS_MAX_CELLS, factorise, figures, format_figures
from ttt.tree import count_tree


def test_factorise():
    assert factorise(255_168) == [(2, 6), (3, 2), (443, 1)]
    assert factorise(1) == [] and factorise(2) == [(2, 1)] and factorise(97) == [(97, 1)]
    assert factorise(360) == [(2, 3), (3, 2), (5, 1)]
    for n in range(1, 500):
        product = 1
        for p, e in factorise(n):
            product *= p**e
        assert product == n
    with pytest.raises(ValueError, match="positive"):
        factorise(0)


def test_the_3x3_figures():
    figs = figures()
    counts = count_tree(Board.empty())
    assert (figs["rows"], figs["cols"], figs["k"]) == (3, 3, 3)
    assert (figs["nodes"], figs["games"], figs["positions"], figs["unfinished"]) == (549_946, 255_168, 5_478, 4_520)
    assert figs["outcomes"] == {"X": 131_184, "O": 77_904, "draw": 46_080} == counts.outcomes
    assert figs["games_by_length"] == list(counts.games_by_length)
    assert figs["positions_per_ply"] == [1, 9, 72, 252, 756, 1_260, 1_520, 1_140, 390, 78]
    assert figs["unfinished_per_ply"] == list(counts.unfinished_per_ply)
    assert figs["games_factorised"] == [[2, 6], [3, 2], [443, 1]]
    assert (figs["positions_up_to_symmetry"], figs["finished_up_to_symmetry"], figs["unfinished_up_to_symmetry"]) == (
        765, 138, 627
    )
    assert json.loads(json.dumps(figs)) == figs  # plain ints, lists and dicts: JSON gives them back exactly


@pytest.mark.parametrize("rows, cols, k", [(3, 4, 3), (2, 3, 2), (1, 1, 1)])
def test_the_census_figures_agree_with_the_tree_walk(rows, cols, k):
    # The figures come from the NumPy census alone; walking the tree (notebook 03's way) gives the same.
    assert CENSUS_MAX_CELLS == 16
    figs, counts = figures(rows, cols, k), count_tree(Board.empty(rows, cols, k))
    assert (figs["nodes"], figs["games"], figs["outcomes"]) == (counts.nodes, counts.games, dict(counts.outcomes))
    assert figs["games_by_length"] == list(counts.games_by_length)
    assert figs["nodes_per_ply"] == list(counts.nodes_per_ply) == census(rows, cols, k).nodes_per_ply
    assert (figs["positions"], figs["unfinished"]) == (counts.positions, counts.unfinished)
    assert figs["positions_per_ply"] == list(counts.positions_per_ply)
    assert figs["unfinished_per_ply"] == list(counts.unfinished_per_ply)


def test_bad_sizes():
    with pytest.raises(BoardError, match="larger than both sides"):
        figures(2, 2, 3)
    with pytest.raises(BoardError, match="too many positions to count here: stats handles up to 16 cells"):
        figures(5, 5, 4)


def test_the_printed_table():
    text = format_figures(figures())
    lines = text.splitlines()
    assert lines[0] == "3×3 board, 3 in a row, X moves first"
    assert "nodes in the game tree          549,946" in lines
    assert "complete games (leaves)         255,168  = 2^6 · 3^2 · 443" in lines
    assert "positions up to symmetry            765" in lines
    assert lines[-1].split() == ["9", "127,872", "127,872", "78", "0"]  # the last ply: every game ends
    small = format_figures(figures(2, 2, 2))
    assert "complete games (leaves)              24  = 2^3 · 3" in small

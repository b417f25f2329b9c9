"""The symmetry group of the board and canonical forms."""

import itertools

import pytest

from ttt import Board
from ttt.symmetry import canonical, canonical_key, compose, distinct_moves, images, permutations, stabiliser, symmetries
from ttt.tree import reachable_positions


@pytest.mark.parametrize("rows, cols, size", [(3, 3, 8), (4, 4, 8), (5, 5, 8), (3, 4, 4), (4, 3, 4), (2, 5, 4)])
def test_the_group_laws(rows, cols, size):
    perms = permutations(rows, cols)
    assert len(perms) == len(set(perms)) == size  # distinct
    identity = tuple(range(rows * cols))
    assert perms[0] == identity
    for a, b in itertools.product(perms, repeat=2):
        assert compose(a, b) in perms  # closed under composition
    for a in perms:
        assert any(compose(a, b) == identity for b in perms)  # every symmetry can be undone
        assert sorted(a) == list(identity)  # a permutation of the cells


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (4, 4, 3)])
def test_symmetries_map_lines_to_lines(rows, cols, k):
    board = Board.empty(rows, cols, k)
    lines = {frozenset(line) for line in board.geometry.lines}
    for _, perm in symmetries(rows, cols):
        assert {frozenset(perm[c] for c in line) for line in lines} == lines


def test_rotation_moves_the_corner_round():
    names = dict(symmetries())
    assert names["rotate 90°"][0] == 2  # the top-left corner goes to the top-right
    board = Board.parse("X../.../...")
    assert [b.cells.index("X") for b in images(board)] == [0, 2, 8, 6, 2, 6, 0, 8]


def test_images_keep_legality_winner_and_turn():
    for board in [Board.parse("XXX/OO./..."), Board.parse("XO./.X./..O")]:
        for image in images(board):
            assert Board.parse(image.notation) == image
            assert image.winner == board.winner and image.turn == board.turn


def test_765_classes_138_finished_627_unfinished():
    positions = reachable_positions()
    classes = {}
    for board in positions:
        classes.setdefault(canonical_key(board), board)
    finished = sum(board.is_over for board in classes.values())
    assert (len(positions), len(classes), finished, len(classes) - finished) == (5478, 765, 138, 627)
    assert all(canonical(b).cells == canonical_key(b) for b in positions[::11])


def test_rectangle_classes_are_counted_with_four_symmetries():
    positions = reachable_positions(Board.empty(3, 4, 3))
    keys = {canonical_key(b) for b in positions}
    # Burnside: the number of classes is the average number of positions each symmetry fixes.
    from ttt.symmetry import transform_cells

    fixed = sum(transform_cells(b.cells, p) == b.cells for b in positions for p in permutations(3, 4))
    assert fixed % 4 == 0 and len(keys) == fixed // 4


def test_stabiliser_and_distinct_moves():
    assert len(stabiliser(Board.empty())) == 8
    assert distinct_moves(Board.empty()) == [0, 1, 4]
    assert len(stabiliser(Board.parse(".../.X./..."))) == 8
    assert distinct_moves(Board.parse(".../.X./...")) == [0, 1]
    assert len(stabiliser(Board.parse("X../.../..O"))) == 2  # the main diagonal mirror and the identity

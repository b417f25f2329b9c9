"""The symmetry group of the board and canonical forms."""

import itertools

import pytest

from ttt import Board
from ttt.symmetry import (
    canonical,
    canonical_key,
    compose,
    distinct_moves,
    images,
    move_classes,
    permutations,
    stabiliser,
    symmetries,
    transform,
    transform_cells,
)
from ttt.tree import reachable_positions
from support import POSITIONS, UNFINISHED


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


def test_images_keep_legality_winner_and_turn_on_every_position():
    for board in POSITIONS:
        for image in images(board):
            parsed = Board.parse(image.notation)  # a legal position, with the winner found afresh
            assert parsed == image and parsed.winner == image.winner == board.winner, board.notation
            assert image.turn == board.turn and image.winning_line is not None or board.winner is None


def test_transform_moves_each_mark_where_the_permutation_says():
    rotate = dict(symmetries())["rotate 90°"]
    board = Board.parse("XO./.X./...")
    assert transform(board, rotate).cells == transform_cells(board.cells, rotate) == "..X.XO..."  # 0 -> 2, 1 -> 5
    assert transform(transform(transform(transform(board, rotate), rotate), rotate), rotate) == board


def test_765_classes_138_finished_627_unfinished():
    positions = POSITIONS
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
    fixed = sum(transform_cells(b.cells, p) == b.cells for b in positions for p in permutations(3, 4))
    assert fixed % 4 == 0 and len(keys) == fixed // 4


def test_stabiliser_and_distinct_moves():
    assert len(stabiliser(Board.empty())) == 8
    assert distinct_moves(Board.empty()) == [0, 1, 4]
    assert len(stabiliser(Board.parse(".../.X./..."))) == 8
    assert distinct_moves(Board.parse(".../.X./...")) == [0, 1]
    assert len(stabiliser(Board.parse("X../.../..O"))) == 2  # the main diagonal mirror and the identity


def test_canonical_key_is_remembered_and_agrees_with_canonical():
    board = Board.parse("..X/.O./...")
    assert canonical_key(board) == canonical(board).cells == "....O...X"  # "." sorts before "O" and "X"
    assert canonical_key(board) is canonical_key(Board.parse("..X/.O./..."))  # the same string, from the cache
    assert canonical_key(Board.parse("X../.O./...")) == canonical_key(board)


# ---------------------------------------------------------------------- one move per class


def test_move_classes_of_the_empty_board():
    classes = move_classes(range(9), stabiliser(Board.empty()))
    assert [group[0] for group in classes] == [0, 1, 4]
    assert [sorted(group) for group in classes] == [[0, 2, 6, 8], [1, 3, 5, 7], [4]]
    static = move_classes((4, 0, 2, 6, 8, 1, 3, 5, 7), permutations(3, 3)[1:])  # the engine's call
    assert [group[0] for group in static] == [4, 0, 1]  # classes in the order of their first move


def test_move_classes_without_symmetries_are_single_moves():
    assert move_classes([5, 2, 7], []) == [[5], [2], [7]]
    assert move_classes([], permutations(3, 3)) == []


def test_move_classes_of_every_position_split_the_moves_into_moves_to_one_class():
    for board in UNFINISHED:
        moves = board.legal_moves()
        classes = move_classes(moves, stabiliser(board))
        assert sorted(cell for group in classes for cell in group) == moves, board.notation
        for group in classes:
            assert len({canonical_key(board.child(cell)) for cell in group}) == 1, board.notation
        assert distinct_moves(board) == [group[0] for group in classes]

"""Symmetry in search and counting (ttt.symmetry_search): values, tables, classes and games.

The group laws of the symmetries themselves are tested in test_symmetry.py.
"""

import pytest

from ttt import Board, BoardError
from ttt.instrument import SearchStats
from ttt.memo import negamax_memo
from ttt.symmetry import (
    canonical,
    canonical_key,
    images,
    permutations,
    stabiliser,
    symmetries,
    transform,
    transform_cells,
)
from ttt.symmetry_search import (
    count_class_sequences,
    count_game_classes,
    count_one_move_per_class,
    fixed_games,
    negamax_symmetry_lookup,
    negamax_symmetry_table,
    positions_up_to_symmetry,
    store_images,
)
from ttt.tree import count_tree, reachable_positions
from support import EMPTY, POSITIONS, UNFINISHED, reference_score, reference_value


def test_values_and_scores_are_the_same_for_all_8_images_of_all_5478_positions():
    assert len(POSITIONS) == 5478
    for board in POSITIONS:
        for perm in permutations(3, 3):
            image = transform(board, perm)
            assert reference_score(image) == reference_score(board), (board.notation, perm)


@pytest.mark.parametrize("search", [negamax_symmetry_table, negamax_symmetry_lookup])
def test_symmetric_tables_agree_with_the_reference_everywhere(search):
    table = {}
    search(EMPTY, table)  # one table from the root: then every position is one look-up
    assert [b.notation for b in UNFINISHED if search(b, table) != reference_value(b)] == []
    # and on its own, with a fresh table, from every 7th position
    assert [b.notation for b in UNFINISHED[::7] if search(b) != reference_value(b)] == []


def test_the_symmetry_table_stores_every_image_with_the_right_value():
    stats, table = SearchStats(), {}
    assert negamax_symmetry_table(EMPTY, table, stats) == 0
    assert (stats.nodes, len(table), stats.leaves, stats.table_size) == (2271, 5478, 138, 5478)
    assert set(table) == set(POSITIONS)
    assert all(v == reference_value(board) for board, v in table.items())


def test_the_symmetry_lookup_stores_one_canonical_board_per_class():
    stats, table = SearchStats(), {}
    assert negamax_symmetry_lookup(EMPTY, table, stats) == 0
    assert (stats.nodes, len(table), stats.leaves, stats.table_size) == (2271, 765, 138, 765)
    assert all(canonical(board) == board and v == reference_value(board) for board, v in table.items())
    # The Ruby post's 764 leaves out the root.
    assert len([b for b in table if b != EMPTY]) == 764


def test_both_are_the_one_memo_loop_with_one_argument_changed():
    for search, option in ((negamax_symmetry_table, {"store": store_images}), (negamax_symmetry_lookup, {"key": canonical})):
        ours, memo = SearchStats(), SearchStats()
        ours_table, memo_table = {}, {}
        assert search(EMPTY, ours_table, ours) == negamax_memo(EMPTY, memo_table, memo, **option) == 0
        assert ours == memo and ours_table == memo_table


def test_store_images_stores_a_value_under_every_image():
    table = {}
    board = Board.parse("X../.O./...")
    store_images(table, board, 0)
    assert set(table) == set(images(board)) and len(table) == 4 and set(table.values()) == {0}
    store_images(table, Board.empty(), 1)
    assert len(table) == 5 and table[Board.empty()] == 1  # the 8 images of the empty board are one board


def test_2271_calls_are_the_root_plus_the_moves_out_of_the_627_unfinished_classes():
    classes = {canonical(b) for b in UNFINISHED}
    assert len(classes) == 627
    assert 1 + sum(len(b.legal_moves()) for b in classes) == 2271


def test_positions_up_to_symmetry_on_3x3():
    assert positions_up_to_symmetry(3, 3, 3) == {"total": 765, "finished": 138, "unfinished": 627}
    assert positions_up_to_symmetry() == positions_up_to_symmetry(3, 3, 3)


@pytest.mark.parametrize("rows, cols, k", [(2, 3, 2), (3, 2, 2), (2, 4, 2), (3, 3, 2), (1, 4, 3), (2, 2, 2)])
def test_positions_up_to_symmetry_against_brute_force(rows, cols, k):
    positions = reachable_positions(Board.empty(rows, cols, k))
    classes = {}
    for board in positions:
        classes.setdefault(canonical_key(board), board.is_over)
    finished = sum(classes.values())
    expected = {"total": len(classes), "finished": finished, "unfinished": len(classes) - finished}
    assert positions_up_to_symmetry(rows, cols, k) == expected


def test_positions_up_to_symmetry_refuses_a_bad_size():
    with pytest.raises(BoardError):
        positions_up_to_symmetry(3, 3, 4)


# ---------------------------------------------------------------------- games up to symmetry


def games(board):
    """Every complete game from ``board`` as a tuple of moves."""
    if board.is_over:
        return [()]
    return [(cell, *rest) for cell, child in board.children() for rest in games(child)]


def class_sequence(board, game):
    keys = []
    for cell in game:
        board = board.child(cell)
        keys.append(canonical_key(board))
    return tuple(keys)


@pytest.mark.parametrize("start", ["X../.O./...", ".O./.X./...", "X../.../..O", "X.X/.O./..."])
def test_game_counts_against_enumerating_every_game(start):
    board = Board.parse(start)
    every = games(board)
    stab = stabiliser(board)
    orbits = {min(tuple(perm[c] for c in game) for perm in stab) for game in every}
    sequences = {class_sequence(board, game) for game in every}
    assert count_game_classes(board) == len(orbits)
    assert count_class_sequences(board) == count_one_move_per_class(board) == len(sequences)


def test_26830_and_31896_games_up_to_symmetry():
    assert count_class_sequences() == count_one_move_per_class() == 26830
    assert count_game_classes() == 31896 == count_tree(EMPTY).games // 8
    assert all(fixed_games(EMPTY, perm) == 0 for perm in permutations(3, 3)[1:])


def test_two_games_with_the_same_classes_that_no_one_symmetry_maps_onto_each_other():
    first, second = (0, 2, 8, 1, 4), (0, 2, 8, 5, 4)
    assert class_sequence(EMPTY, first) == class_sequence(EMPTY, second)
    assert all(tuple(perm[c] for c in first) != second for perm in permutations(3, 3))
    board = EMPTY
    for cell in first[:3]:
        board = board.play(cell)
    anti = dict(symmetries())["anti-diagonal"]
    assert sorted(stabiliser(board)) == sorted([tuple(range(9)), anti])  # X0 O2 X8 is its own mirror image
    assert anti[0] == 8 and anti[1] == 5  # the mirror swaps X's corners and O's two choices


def test_fixed_games_of_a_board_the_symmetry_moves_is_zero():
    board = Board.parse("X../.../...")
    rotate = dict(symmetries())["rotate 90°"]
    assert transform_cells(board.cells, rotate) != board.cells
    assert fixed_games(board, rotate) == 0


def test_images_of_a_game_are_images_move_by_move():
    game = (4, 0, 8, 2, 1, 7, 6, 3, 5)
    for perm in permutations(3, 3):
        board, image = EMPTY, EMPTY
        for cell in game:
            board, image = board.play(cell), image.play(perm[cell])
            assert image in images(board)

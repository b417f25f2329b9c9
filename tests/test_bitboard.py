"""Bitboards (ttt.bitboard): the Layout agrees with the Board it packs, on every 3×3 position.

Each bit trick is checked against a plain scan of the board's cells and lines,
written here without bits.
"""

import random

import pytest

from ttt import Board, BoardError
from ttt.bitboard import Layout, layout
from ttt.geometry import geometry
from ttt.symmetry import images, permutations, stabiliser
from ttt.tree import reachable_positions
from support import POSITIONS, UNFINISHED, random_position, reference_score

LAY = layout(3, 3, 3)
NOBODY_WON = [board for board in POSITIONS if board.winner is None]


def bits_of(board, mark):
    return sum(1 << cell for cell, c in enumerate(board.cells) if c == mark)


def plain_threats(board, mark):
    """The empty cells that would complete a line for ``mark``, found line by line."""
    found = set()
    for line in board.geometry.lines:
        marks = [board.cells[cell] for cell in line]
        if marks.count(mark) == len(line) - 1 and marks.count(".") == 1:
            found.add(line[marks.index(".")])
    return sum(1 << cell for cell in found)


def plain_open(board, mark):
    """One bit per line (in line order) that the opponent of ``mark`` has not entered."""
    opponent = "O" if mark == "X" else "X"
    return sum(1 << n for n, line in enumerate(board.geometry.lines) if all(board.cells[c] != opponent for c in line))


# ---------------------------------------------------------------------- boards in and out


def test_sides_and_key_on_every_position():
    for board in POSITIONS:
        x, o = bits_of(board, "X"), bits_of(board, "O")
        mover, other = (x, o) if board.turn == "X" else (o, x)
        assert LAY.sides(board) == (mover, other, board.cells.count(".")), board.notation
        assert LAY.key(board) == x | o << 9


def test_board_turns_bits_back_into_the_board_on_every_position_nobody_has_won():
    assert len(NOBODY_WON) == 5478 - 942
    for board in NOBODY_WON:
        me, opp, _ = LAY.sides(board)
        assert LAY.board(me, opp) == board, board.notation


def test_check_refuses_another_size():
    with pytest.raises(BoardError, match="this search is for 4×4 k=4 boards, not 3×3 k=3"):
        layout(4, 4, 4).sides(Board.empty())
    with pytest.raises(BoardError, match="not 3×3 k=2"):
        LAY.key(Board.empty(3, 3, 2))
    LAY.check(Board.empty())  # the right size passes


def test_a_layout_is_made_once_per_size():
    assert layout(3, 4, 3) is layout(3, 4, 3) and isinstance(LAY, Layout)
    assert (LAY.rows, LAY.cols, LAY.k, LAY.size, LAY.full) == (3, 3, 3, 9, 0b111111111)
    assert LAY.masks == geometry(3, 3, 3).line_masks


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (4, 4, 3)])
def test_the_masks_through_each_cell(rows, cols, k):
    lay, geo = layout(rows, cols, k), geometry(rows, cols, k)
    for cell in range(geo.size):
        lines = [n for n, line in enumerate(geo.lines) if cell in line]
        assert lay.masks_through[cell] == tuple(geo.line_masks[n] for n in lines)
        assert lay.line_bits_through[cell] == sum(1 << n for n in lines)


# ---------------------------------------------------------------------- threats


def test_threats_against_a_plain_scan_of_the_lines_on_every_position():
    for board in POSITIONS:
        me, opp, _ = LAY.sides(board)
        mover, other = board.turn, "O" if board.turn == "X" else "X"
        expected = (plain_threats(board, mover), plain_threats(board, other), plain_open(board, mover),
                    plain_open(board, other))
        assert LAY.threats(me, opp) == expected, board.notation


def test_threats_on_a_position_worked_out_by_hand():
    board = Board.parse("XX./OO./...")  # X to move: X threatens 2, O threatens 5
    me, opp, _ = LAY.sides(board)
    mine, theirs, my_open, their_open = LAY.threats(me, opp)
    assert (mine, theirs) == (1 << 2, 1 << 5)
    assert my_open == 0b00100101  # the lines O has not entered: top row (0), bottom row (2), right column (5)
    assert their_open == 0b10100110  # X has not entered the middle row (1), bottom row, right column, anti-diagonal (7)


def test_threats_through_a_move_update_the_mover_s_threats_as_a_fresh_scan_would():
    checked = 0
    for board in UNFINISHED:
        me, opp, _ = LAY.sides(board)
        my_threats = LAY.threats(me, opp)[0]
        for cell in board.legal_moves():
            mine = me | 1 << cell
            if LAY.wins_with(cell, mine):
                continue  # the game ends: nothing to update
            empties = LAY.full & ~(mine | opp)
            after = LAY.threats(opp, mine)[1]  # the mover's threats, scanned afresh
            assert (my_threats | LAY.threats_through(cell, mine, opp)) & empties == after, (board.notation, cell)
            checked += 1
    assert checked > 10_000


def test_threats_through_looks_only_at_the_lines_through_the_cell():
    x, o = 1 << 0 | 1 << 6, 1 << 3 | 1 << 5  # X holds 0 and 6, O holds 3 and 5
    assert LAY.threats_through(4, x | 1 << 4, o) == 1 << 8 | 1 << 2  # the diagonal and the anti-diagonal
    assert LAY.threats_through(1, x | 1 << 1, o) == 1 << 2  # the top row only: the middle column holds X alone
    assert LAY.threats_through(8, x | 1 << 8, o) == 1 << 7 | 1 << 4  # the bottom row and the diagonal


def test_wins_with_on_every_move_of_every_position():
    for board in UNFINISHED:
        me, _, _ = LAY.sides(board)
        for cell in board.legal_moves():
            assert LAY.wins_with(cell, me | 1 << cell) == (board.child(cell).winner is not None), (board.notation, cell)


# ---------------------------------------------------------------------- symmetry: packed images


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (2, 3, 2)])
def test_packed_images_hold_every_symmetric_image_and_give_the_canonical_key(rows, cols, k):
    lay = layout(rows, cols, k)
    perms = permutations(rows, cols)
    assert len(lay.field_shifts) == len(lay.symmetry_perms) == len(perms) - 1
    for board in sorted(reachable_positions(Board.empty(rows, cols, k)), key=lambda b: b.cells)[::5]:
        packed = lay.images(lay.key(board))
        fields = [packed & lay.field_mask] + [packed >> shift & lay.field_mask for shift in lay.field_shifts]
        expected = [lay.key(image) for image in images(board)]
        assert fields == expected
        assert lay.canonical_of_images(packed) == min(expected)


def test_a_move_adds_its_cell_s_images():
    for board in UNFINISHED[::3]:
        packed = LAY.images(LAY.key(board))
        move_images = LAY.x_images if board.turn == "X" else LAY.o_images
        for cell in board.legal_moves():
            assert packed | move_images[cell] == LAY.images(LAY.key(board.child(cell)))


def test_the_stabiliser_of_packed_images_on_every_position():
    identity = tuple(range(9))
    for board in POSITIONS:
        expected = [perm for perm in stabiliser(board) if perm != identity]
        assert LAY.stabiliser(LAY.images(LAY.key(board))) == expected, board.notation


# ---------------------------------------------------------------------- orders


def test_the_layout_s_orders():
    assert LAY.static_order == geometry(3, 3, 3).static_order == (4, 0, 2, 6, 8, 1, 3, 5, 7)
    assert LAY.index_order == tuple(range(9))


# ---------------------------------------------------------------------- pairing


def test_pairs_cover_every_line_holding_both_cells():
    lay = layout(5, 5, 4)
    assert len(lay.line_pairs) == len(lay.masks) == 28
    for line, pairs in zip(lay.masks, lay.line_pairs):
        assert len(pairs) == 6  # four cells, six pairs
        for pair, covers in pairs:
            assert pair & line == pair and pair.bit_count() == 2
            assert covers == sum(1 << n for n, mask in enumerate(lay.masks) if mask & pair == pair)
        assert [covers.bit_count() for _, covers in pairs] == sorted((c.bit_count() for _, c in pairs), reverse=True)
    # two middle cells of a row of five lie in both of its lines
    assert max(covers.bit_count() for pairs in lay.line_pairs for _, covers in pairs) == 2
    assert lay.most_covered == 2 and layout(3, 3, 3).most_covered == layout(4, 4, 4).most_covered == 1


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (4, 4, 4), (5, 5, 4), (4, 4, 3), (3, 5, 3), (1, 7, 3), (6, 1, 4),
                                           (2, 6, 2), (4, 4, 2), (3, 3, 1), (7, 7, 5), (5, 6, 6)])
def test_most_covered_is_worked_out_without_listing_pairs_only_where_lines_cannot_share_two_cells(rows, cols, k):
    # most_covered skips listing the pairs unless k >= 3 and the board is longer than k one way: against the
    # definition (the most lines that hold both cells of one pair), on boards of both kinds.
    lay = layout(rows, cols, k)
    pairs = [1 << a | 1 << b for line in lay.geometry.lines for a in line for b in line if a < b]
    most = max((sum(1 for mask in lay.masks if mask & pair == pair) for pair in pairs), default=1)
    assert lay.most_covered == most
    if most > 1:  # the forced-pair look-up holds every pair of a line, with the lines holding both its cells
        assert lay.covers_by_pair == {pair: sum(1 << n for n, mask in enumerate(lay.masks) if mask & pair == pair)
                                      for pair in pairs}


def test_a_pairing_shows_that_its_side_cannot_win():
    # Whenever the pairing test (the engine's pairing caps) pairs off all of a side's open lines, that side cannot win
    # (whoever is to move), by brute force: the proof behind the engine's pairing caps.
    found = 0
    for rows, cols, k, marks, seed in [(4, 4, 4, 7, 1), (4, 4, 4, 8, 2), (4, 4, 3, 6, 3), (5, 5, 4, 17, 4)]:
        rng = random.Random(seed)
        lay = layout(rows, cols, k)
        for _ in range(25):
            board = random_position(rows, cols, k, marks, rng)
            me, opp, _ = lay.sides(board)
            _, _, my_open, their_open = lay.threats(me, opp)
            empties = ~(me | opp) & lay.full
            if my_open and lay.paired(my_open, empties):  # the side to move cannot win
                assert reference_score(board) <= 0, board.notation
                found += 1
            if their_open and lay.paired(their_open, empties):  # nor can the other side
                assert reference_score(board) >= 0, board.notation
                found += 1
    assert found > 40

"""The rules of ttt.Board: making, reading, playing and refusing bad input."""

import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt import Board, BoardError
from ttt.geometry import geometry
from support import POSITIONS


# ---------------------------------------------------------------- making and reading boards
def test_empty_board_defaults_to_3x3_k3_with_x_to_move():
    board = Board.empty()
    assert (board.rows, board.cols, board.k) == (3, 3, 3)
    assert board.cells == "." * 9
    assert board.turn == "X"
    assert board.legal_moves() == list(range(9))
    assert board.outcome is None and not board.is_over


def test_parse_accepts_slashes_newlines_and_flat_strings():
    slashed = Board.parse("X.O/.X./..O")
    assert Board.parse("X.O.X...O") == slashed
    assert Board.parse("X.O\n.X.\n..O\n") == slashed
    assert Board.parse("  X.O / .X. / ..O  ") == slashed
    assert slashed.cells == "X.O.X...O"


def test_cells_by_index_and_by_row_col():
    board = Board.parse("X.O/.X./..O")
    assert board[0] == "X" and board[0, 2] == "O" and board[2, 2] == "O"
    assert board[(1, 1)] == board[4] == "X"
    assert board.coords(5) == (1, 2)
    assert board.play((2, 0)) == board.play(6)


def test_str_and_notation_round_trip():
    board = Board.parse("XO./.X./..O")
    assert Board.parse(str(board)) == board
    assert Board.parse(board.notation) == board
    assert board.notation == "XO./.X./..O"
    assert eval(repr(board), {"Board": Board}) == board


def test_non_default_k_survives_the_round_trip():
    board = Board.empty(4, 4, 3).play(5)
    assert board.notation == "..../.X../..../.... k=3"
    again = Board.parse(str(board))
    assert again == board and again.k == 3
    assert Board.parse("..../.X../..../....", k=3) == board


def test_rectangular_boards():
    board = Board.parse("X.../O.../....")
    assert (board.rows, board.cols, board.k) == (3, 4, 3)
    assert board.geometry is geometry(3, 4, 3)  # one shared geometry per size


def test_boards_are_values_immutable_hashable_and_picklable():
    a = Board.empty().play(4)
    b = Board.parse("..../.X./...".replace("....", "...", 1))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.cells = "X" * 9
    assert pickle.loads(pickle.dumps(a)) == a
    assert Board.empty(3, 3, 3) != Board.empty(3, 3, 2)


def test_board_cannot_be_built_directly():
    with pytest.raises(TypeError):
        Board("X........")


# ---------------------------------------------------------------- the rules
def test_turns_alternate_starting_with_x():
    board = Board.empty()
    marks = []
    for cell in (4, 0, 8):
        marks.append(board.turn)
        board = board.play(cell)
    assert marks == ["X", "O", "X"] and board.turn == "O"
    assert board.cells == "O...X...X"


def test_play_returns_a_new_board_and_leaves_the_old_one():
    board = Board.empty()
    after = board.play(4)
    assert board.cells == "." * 9 and after.cells == "....X...."


@pytest.mark.parametrize(
    "text, winner, line",
    [
        ("XXX/OO./...", "X", (0, 1, 2)),
        ("X.O/XO./O.X", "O", (2, 4, 6)),
        ("XO./XO./X..", "X", (0, 3, 6)),
        ("XOO/.X./..X", "X", (0, 4, 8)),
    ],
)
def test_winner_and_winning_line(text, winner, line):
    board = Board.parse(text)
    assert board.winner == winner and board.winning_line == line
    assert board.is_over and board.outcome == winner
    assert board.legal_moves() == []


def test_draw():
    board = Board.parse("XOX/XOO/OXX")
    assert board.winner is None and board.is_full and board.is_over
    assert board.outcome == "draw"


def test_winning_move_is_detected_by_play():
    board = Board.parse("XX./OO./...").play(2)
    assert board.winner == "X" and board.winning_line == (0, 1, 2)


def test_children_are_every_legal_move():
    board = Board.parse("XO./.../...")
    children = board.children()
    assert [cell for cell, _ in children] == board.legal_moves() == [2, 3, 4, 5, 6, 7, 8]
    assert all(child == board.play(cell) for cell, child in children)


# ---------------------------------------------------------------- the fast paths for search code
def test_child_is_play_without_the_checks_on_every_position():
    for board in POSITIONS:
        for cell in board.legal_moves():
            child, played = board.child(cell), board.play(cell)
            assert child == played and hash(child) == hash(played), (board.notation, cell)
            assert (child.winner, child.winning_line, child.turn) == (played.winner, played.winning_line, played.turn)
    assert Board.parse("XX./OO./...").child(2).winner == "X"


def test_child_does_not_validate():
    # The fast path trusts its caller: on a finished board it still writes a mark (no BoardError),
    # and the result is no legal position.
    after = Board.parse("XXX/OO./...").child(8)
    with pytest.raises(BoardError, match="play went on after X"):
        Board.parse(after.notation)


def test_unchecked_builds_a_board_with_no_checks():
    geo = geometry(3, 3, 3)
    board = Board.unchecked(geo, "X.O.X...O", None)
    assert board == Board.parse("X.O/.X./..O") and board.geometry is geo
    assert hash(board) == hash(Board.parse("X.O/.X./..O"))
    won = Board.unchecked(geo, "XXXOO....", "X")
    assert won == Board.parse("XXX/OO./...") and won.winner == "X" and won.is_over
    # The caller vouches for the winner: nothing is looked up, and nothing is checked.
    assert Board.unchecked(geo, "XXXOO....", None).winner is None
    assert Board.unchecked(geo, "XX.......", None).cells == "XX......."  # not a legal position


def test_bits():
    assert Board.parse("X.O/.X./..O").bits == (0b000010001, 0b100000100)


def test_exactly_5478_of_the_3_to_the_9_strings_are_reachable_positions():
    reachable = set()
    frontier = [Board.empty()]
    while frontier:
        board = frontier.pop()
        if board in reachable:
            continue
        reachable.add(board)
        frontier.extend(child for _, child in board.children())
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        try:
            accepted.add(Board.parse("".join(cells)))
        except BoardError:
            pass
    assert len(reachable) == 5478
    assert accepted == reachable


# ---------------------------------------------------------------- bad input: one error type, nothing changes
@pytest.mark.parametrize(
    "cell, message",
    [
        (4, "taken"),
        ((1, 1), "taken"),
        (9, "off the board"),
        (-1, "off the board"),
        ((3, 0), "off the board"),
        ((0, -1), "off the board"),
        ("4", "not '4'"),
        (4.0, "not 4.0"),
        (True, "not True"),
        ((1, 1, 1), "(row, col) pair"),
    ],
)
def test_bad_moves_raise_board_error_and_change_nothing(cell, message):
    board = Board.empty().play(4)
    before = (board.cells, hash(board))
    with pytest.raises(BoardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        board.play(cell)
    assert (board.cells, hash(board)) == before


@pytest.mark.parametrize(
    "text, why", [("XXX/OO./...", "X has won"), ("XX./OOO/X..", "O has won"), ("XOX/XOO/OXX", "it is a draw")]
)
def test_no_move_after_the_game_is_over(text, why):
    board = Board.parse(text)
    wording = f"the game is over ({why}): no more moves"
    for cell in (8, 5, 99):  # taken, empty or off the board: the finished game is what is wrong
        with pytest.raises(BoardError) as refused:
            board.play(cell)
        assert str(refused.value) == wording
    with pytest.raises(BoardError) as refused:
        board.check_not_over()
    assert str(refused.value) == wording
    assert board == Board.parse(text)


def test_check_not_over_lets_an_unfinished_game_pass():
    for board in POSITIONS:
        if not board.is_over:
            assert board.check_not_over() is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("X.O.X...", "must be square"),
        ("X.O.X...O.", "must be square"),
        ("X.O/.X/..O", "same length"),
        ("X.O/.X./..0", "stray character '0'"),
        ("X.O/.x./..O", "stray character 'x'"),
        ("X.O/.X./. O", "stray character ' '"),
        ("XX./.../...", "2 X and 0 O"),
        ("O../.../...", "0 X and 1 O"),
        ("XXX/OOO/...", "both X and O"),
        ("XXX/OO./..O", "play went on after X"),
        ("OOO/XX./XX.", "play went on after O"),
        ("XXX./OO../O.../.... k=3", "play went on after X"),
        ("XXX./OOO./X.../.... k=3", "both X and O"),
        ("XXX../O.O.O/...../O.O../XXX.. k=3", "no single last move"),
        ("X.O/.X./..O k=x", "k must be a whole number"),
        ("X.O/.X./..O k=4", "larger than both sides"),
        ("X/.. k=0", "same length"),
        (". k=0", "at least 1"),
    ],
)
def test_bad_board_strings(text, message):
    with pytest.raises(BoardError, match=message):
        Board.parse(text)


def test_parse_rejects_non_strings():
    with pytest.raises(BoardError, match="string"):
        Board.parse(123)


@pytest.mark.parametrize("rows, cols, k", [(0, 3, 3), (3, -1, 3), (3, 3, 0), (3, 3, 4), (2, 2, 3)])
def test_bad_shapes(rows, cols, k):
    with pytest.raises(BoardError):
        Board.empty(rows, cols, k)


# ---------------------------------------------------------------- properties
shapes = st.sampled_from([(3, 3, 3), (3, 4, 3), (4, 4, 4), (4, 4, 3), (2, 5, 2), (5, 5, 4)])


@st.composite
def random_games(draw):
    """A shape and a sequence of choices that picks a legal move at every turn."""
    rows, cols, k = draw(shapes)
    picks = draw(st.lists(st.integers(min_value=0, max_value=10**6), max_size=rows * cols))
    return rows, cols, k, picks


def play_out(rows, cols, k, picks):
    board = Board.empty(rows, cols, k)
    boards = [board]
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        board = board.play(moves[pick % len(moves)])
        boards.append(board)
    return boards


@settings(max_examples=300, deadline=None)
@given(random_games())
def test_random_legal_games_never_raise_and_keep_the_invariants(game):
    for board in play_out(*game):
        xs, os_ = board.cells.count("X"), board.cells.count("O")
        assert xs - os_ in (0, 1)
        assert board.turn == ("X" if xs == os_ else "O")
        assert not (board.lines_of("X") and board.lines_of("O"))  # at most one player has a line
        assert board.is_over == (board.legal_moves() == [])


@settings(max_examples=300, deadline=None)
@given(random_games())
def test_parse_and_str_round_trip(game):
    for board in play_out(*game):
        assert Board.parse(str(board)) == board
        assert Board.parse(board.notation) == board


@settings(max_examples=300, deadline=None)
@given(shapes, st.text(alphabet="XO.", min_size=1, max_size=25))
def test_parse_either_accepts_a_legal_position_or_raises_board_error(shape, cells):
    rows, cols, k = shape
    cells = (cells * (rows * cols))[: rows * cols]
    text = "/".join(cells[r * cols : (r + 1) * cols] for r in range(rows)) + f" k={k}"
    try:
        board = Board.parse(text)
    except BoardError:
        return
    assert not (board.lines_of("X") and board.lines_of("O"))
    assert board.cells.count("X") - board.cells.count("O") in (0, 1)


def test_one_move_may_complete_two_lines_at_once():
    board = Board.parse("XXXX/OO../O.../.... k=3")  # the last X completed two overlapping lines
    assert board.winner == "X" and len(board.lines_of("X")) == 2
    double = Board.parse("XOX/O.O/XOX").play(4)  # the centre completes both diagonals
    assert double.lines_of("X") == [(0, 4, 8), (2, 4, 6)]
    assert double.winning_line == (0, 4, 8)

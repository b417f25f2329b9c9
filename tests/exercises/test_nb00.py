"""Notebook 00's exercises: every check accepts the worked solution and rejects a learner's typical mistakes."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
from support import run_python
from exercise_support import as_learners, assert_stopped_in_time, forever, quick_verdict, verdict

from ttt import Board, BoardError
from ttt.exercises import exercise, nb00
from ttt.positions import unfinished_positions
from ttt.geometry import geometry
from ttt.tree import count_tree

# ---------------------------------------------------------------------- 00.1 impossible fillings


def test_why_impossible_agrees_with_parse_on_every_filling():
    reachable = 0
    for cells in map("".join, product("XO.", repeat=9)):
        try:
            Board.parse(cells)
            possible = True
        except BoardError:
            possible = False
        assert (nb00.why_impossible(cells) is None) == possible, cells
        reachable += possible
    assert reachable == 5_478


def test_fillings_accepted(capsys):
    result, out = verdict(capsys, "00", 1, nb00.impossible_fillings())
    assert result is True and out.startswith("Correct: three fillings that no game reaches")
    result, _ = verdict(capsys, "00", 1, ("XXX/XX./...", "OOO/XXX/X..", "OOO/XX./XX."))
    assert result is True


def test_a_filling_that_can_occur_is_shown_with_a_game_reaching_it(capsys):
    result, out = verdict(capsys, "00", 1, ["OO./.../...", "XXX/OOO/...", "XXX/OO./..."])
    assert result is False
    assert exercise("00", 1).judge(["OO./.../...", "XXX/OOO/...", "XXX/OO./..."]).mistake == "can-occur"
    assert "'XXX/OO./...' can occur: the game X 0, O 3, X 1, O 4, X 2 reaches it." in out
    assert " X | X | X " in out                      # the board drawn
    _, out = verdict(capsys, "00", 1, [".../.../...", "XXX/OOO/...", "XXX/OO./O.."])
    assert "it is the empty board, where every game starts" in out


def test_two_fillings_for_the_same_reason_are_refused(capsys):
    result, out = verdict(capsys, "00", 1, ["OO./.../...", "XXX/X../...", "XXX/OOO/..."])
    assert result is False
    assert exercise("00", 1).judge(["OO./.../...", "XXX/X../...", "XXX/OOO/..."]).mistake == "same-reason"
    assert "'OO./.../...' and 'XXX/X../...' are impossible for the same reason: the numbers of marks are wrong" in out


def test_fillings_in_other_styles_are_accepted(capsys):
    """Nine letters without slashes, rows on lines of their own, any order of the three reasons."""
    result, out = verdict(capsys, "00", 1, ("XXX\nOOO\n...", "OOO/XX./XX.", "OO......."))
    assert result is True and "'OO.......': 0 X and 2 O" in out
    assert exercise("00", 1).judge({"XXX/OOO/...", "OOO/XX./XX.", "OO......."}).ok     # a set: no order
    assert exercise("00", 1).judge({"XXX/OOO/...", "XO./.../...", "XXXX....."}).mistake == "can-occur"


def test_a_wrong_filling_is_refused_whatever_its_place(capsys):
    """A filling that can occur, or two for one reason, is refused wherever it stands among the three."""
    for answer, mistake, words in [
        (["XXX/OOO/...", "XO./.../...", "XXXX....."], "can-occur",
         "'XO./.../...' can occur: the game X 0, O 1 reaches it."),
        (["XXX/OOO/...", "XX./.../...", "OOO/XXX/..."], "same-reason",
         "'XXX/OOO/...' and 'OOO/XXX/...' are impossible for the same reason"),
    ]:
        result, out = verdict(capsys, "00", 1, answer)
        assert result is False and words in out
        assert exercise("00", 1).judge(answer).mistake == mistake


def test_the_reasons_are_parse_s_whichever_side_broke_the_rule():
    """00.1 names a reason by Board.parse's refusal: O's line before X's last move is "play went on"."""
    judged = exercise("00", 1).judge(("XX./OOO/XX.", "OO./.../...", "XXX/OOO/..."))
    assert judged.ok and "'XX./OOO/XX.': play went on after O completed a line" in judged.text
    judged = exercise("00", 1).judge(["XX./OOO/XX.", "XXX/OO./O..", "XXX/OOO/..."])     # two of "play went on"
    assert judged.mistake == "same-reason" and "'XX./OOO/XX.' and 'XXX/OO./O..'" in judged.text
    judged = exercise("00", 1).judge(["XX./OOO/XX.", "XXX/OO./XO.", "X../.../..."])    # X's last move made the line
    assert judged.mistake == "can-occur" and "'XXX/OO./XO.' can occur" in judged.text


@pytest.mark.parametrize("answer, words", [
    (None, "Exercise 00.1 is not answered yet: replace None with a list of three fillings"),
    ([None, None, None], "Exercise 00.1 is not answered yet"),
    ("OO./.../...", "Give three fillings, as a list, a tuple or a set"),
    (["OO./.../..."], "Give three fillings, one for each reason; this list has 1."),
    (["OO./.../...", 7, "XXX/OOO/..."], "7 (an int) is not a filling"),
    (["0O./.../...", "XXX/OOO/...", "XXX/OO./O.."], "the letter O, not the digit zero"),
    (["OO../.../...", "XXX/OOO/...", "XXX/OO./O.."], "the rows of a board must all have the same length, got 4"),
    (["..../..../..../....", "XXX/OOO/...", "XXX/OO./O.."], "is not three rows of three cells"),
    (["OO.", "XXX/OOO/...", "XXX/OO./O.."], "'OO.' is not a filling: a board string without row separators"),
])
def test_fillings_of_the_wrong_shape_are_reported(capsys, answer, words):
    result, out = verdict(capsys, "00", 1, answer)
    assert result is False and words in out
    if isinstance(answer, list) and len(answer) == 3 and None not in answer:   # a filling Board.parse refuses
        assert exercise("00", 1).judge(answer).mistake == "not-a-filling"


# ---------------------------------------------------------------------- 00.2 games ending on move 5


def test_games_on_move_5_match_the_tree():
    assert nb00.games_ending_on_move_5() == count_tree(Board.empty()).games_by_length[5] == 1_440


def test_graded_mode_withholds_the_hint_with_the_numbers(monkeypatch, capsys):
    monkeypatch.setenv("TTT_GRADED", "1")
    exercise("00", 2).hint(3)
    assert "8 lines" not in capsys.readouterr().out
    assert exercise("00", 2).judge(720).text == "Not right. (In graded mode a number check says only right or wrong.)"


@pytest.mark.parametrize("answer, words", [
    (720, "720 is not the number of games that end on move 5: it is too small. O's two moves can come"),
    (240, "3! = 6 different orders"),
    (15_120, "it is too big. That is every sequence of five moves"),
    (1_441, "it is too big."),
    ("1440", "write 1440, without quotes"),
])
def test_games_miscounts_are_explained(capsys, answer, words):
    result, out = verdict(capsys, "00", 2, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 00.3 forcing moves


def test_forcing_moves_of_the_notebook_position():
    assert nb00.forcing_moves(Board.parse("XO./.X./..O")) == [3, 6]
    assert nb00.forcing_moves(Board.empty()) == []


def _forcing_with(board, *, me=None, skip_draw_test=False, immediate=True, every=all):
    """forcing_moves with one of a learner's typical mistakes switched on."""
    me = me or board.turn
    moves = []
    for move in board.legal_moves():
        after = board.play(move)
        if after.winner == me:
            if immediate:
                moves.append(move)
            continue
        if after.is_over and not skip_draw_test:
            continue
        if every(nb00.wins_at_once(after.play(reply), me) for reply in after.legal_moves()):
            moves.append(move)
    return moves


def test_right_answers_in_any_container_pass(capsys):
    assert verdict(capsys, "00", 3, nb00.forcing_moves)[0] is True
    assert verdict(capsys, "00", 3, lambda board: set(reversed(nb00.forcing_moves(board))))[0] is True


@pytest.mark.parametrize("mistake, words", [
    (lambda b: _forcing_with(b, skip_draw_test=True), "0 fills the board without a win: a draw"),
    (lambda b: _forcing_with(b, me="X"), "Is the side to move always X?"),            # X and O swapped
    (lambda b: _forcing_with(b, immediate=False), "0 is missing: it wins at once, and a move that wins"),
    (lambda b: _forcing_with(b, every=any), "does not force a win: O answers"),  # some, not every
    (lambda b: nb00.forcing_moves(b) * 2, "Some cells appear more than once"),
])
def test_typical_mistakes_are_shown_on_the_board_that_disagrees(capsys, mistake, words):
    result, out = verdict(capsys, "00", 3, mistake)
    assert result is False
    assert "forcing_moves disagrees with the package on this board (" in out
    assert "expected: [" in out and "returned: " in out
    assert "---+---+---" in out                      # the board, drawn for the terminal
    assert words in out


def test_an_occupied_cell_is_named_as_not_legal():
    """A learner's list with a taken cell in it: the refusal names that cell, not a reply that refutes it."""
    def forcing_moves(board):
        return [cell for cell in range(9) if cell in nb00.forcing_moves(board) or board.cells[cell] != "."]

    judged = exercise("00", 3).judge(forcing_moves)
    assert not judged.ok and "is not a legal move on this board." in judged.text
    assert "does not force a win" not in judged.text


def test_the_to_move_mistake_shows_an_o_board_and_is_named(capsys):
    assert exercise("00", 3).judge(lambda b: _forcing_with(b, me="X")).mistake == "x-always-to-move"
    _, out = verdict(capsys, "00", 3, lambda b: _forcing_with(b, me="X"))
    assert "(O to move):" in out and 'Is the side to move always X? Use board.turn, not "X"' in out


def test_the_sample_is_what_the_prompt_says():
    positions = nb00.FORCING.checker.inputs()
    assert len(positions) == 822 and "822 of the 4,520" in exercise("00", 3).prompt
    assert {board for board in positions if board.moves_made <= 2} == {
        board for board in unfinished_positions() if board.moves_made <= 2}


LINE_MASKS = [sum(1 << cell for cell in line) for line in geometry(3, 3, 3).lines]


def _wins(mine, theirs):
    """Some free cell completes one of my lines: a bitboard's test for a win at once."""
    free = ~(mine | theirs) & 0b111111111
    return any(mask & ~mine & free and (mask & ~mine) & ((mask & ~mine) - 1) == 0 for mask in LINE_MASKS)


def bitboard_forcing_moves(board):
    """forcing_moves as a learner might write it on bitboards: two ints, lines as masks, no Board in the loop."""
    x = sum(1 << cell for cell, mark in enumerate(board.cells) if mark == "X")
    o = sum(1 << cell for cell, mark in enumerate(board.cells) if mark == "O")
    mine, theirs = (x, o) if board.turn == "X" else (o, x)
    forcing = []
    for move in board.legal_moves():
        after = mine | 1 << move
        if any(after & mask == mask for mask in LINE_MASKS):
            forcing.append(move)
            continue
        free = ~(after | theirs) & 0b111111111
        replies = [cell for cell in range(9) if free >> cell & 1]
        if replies and all(not any((theirs | 1 << reply) & mask == mask for mask in LINE_MASKS)
                           and _wins(after, theirs | 1 << reply) for reply in replies):
            forcing.append(move)
    return forcing


def test_the_bitboard_answer_is_accepted_in_a_fresh_process():
    """Issue 27: the first check in a process builds the cases too; only the answer's own calls are its budget."""
    code = ("import test_nb00; from ttt.exercises import exercise;"
            " print(exercise('00', 3).judge(test_nb00.bitboard_forcing_moves).reason)")
    assert run_python(code, path=(Path(__file__).parent, Path(__file__).parent.parent)).strip() == "right"


def test_right_answers_in_other_styles_pass_at_once(capsys):
    """Issue 27: a bitboard forcing_moves was refused as too slow when the budget traced it."""
    assert bitboard_forcing_moves(Board.parse("XO./.X./..O")) == [3, 6]
    assert quick_verdict(capsys, "00", 3, bitboard_forcing_moves, 1.5)[0] is True
    assert quick_verdict(capsys, "00", 3, as_learners(nb00.wins_at_once, nb00.forcing_moves)[1], 1.5)[0] is True


def test_the_last_hint_of_the_hardest_opening_gives_no_right_board():
    """A last hint comes close; the starter's and the hint's example boards are not right answers."""
    item = exercise("00", 5)
    assert not item.judge(".X./.../...").ok and ".X./.../..." in item.hints[-1] and ".X./.../..." in item.starter
    assert "X../.../..." not in item.hints[-1] + item.starter and "reply that holds, the centre" not in item.hints[-1]


# ---------------------------------------------------------------------- 00.4 read the errors


def test_read_the_errors_catches_all_four():
    messages = nb00.read_the_errors()
    assert len(messages) == 4
    answer = exercise("00", 4).solution_markdown()
    for call, message in messages.items():
        assert f"| `{call}` | {message} |" in answer
    assert exercise("00", 4).kind == "open" and not exercise("00", 4).has_check


# ---------------------------------------------------------------------- 00.5 the hardest opening


def test_the_corners_are_the_hardest_openings():
    assert nb00.hardest_openings() == [0, 2, 6, 8]
    assert nb00.holding_replies(0) == [4]
    assert nb00.holding_replies(4) == [0, 2, 6, 8]


def test_every_corner_passes(capsys):
    for corner in (0, 2, 6, 8):
        result, out = verdict(capsys, "00", 5, Board.empty().play(corner))
        assert result is True and "only O's reply at 4 holds" in out


@pytest.mark.parametrize("answer, words", [
    (Board.empty().play(4), "After X at 4, O has 4 replies that hold: 0, 2, 6, 8."),
    ("X../.O./...", "this one has 1 X and 1 O"),
    (".X./.../...", "After X at 1, O has 4 replies that hold: 0, 2, 4, 7."),
    (Board.empty(4, 4, 3).play(0), "the 3×3 board with three in a row (k = 3)"),
    ("X..", "is not a position"),
])
def test_wrong_openings_are_explained(capsys, answer, words):
    result, out = verdict(capsys, "00", 5, answer)
    assert result is False and words in out


def test_the_centre_opening_draws_the_replies_that_hold(capsys):
    _, out = verdict(capsys, "00", 5, ".../.X./...")
    assert "O 0 holds     O 2 holds     O 6 holds     O 8 holds" in out


def test_an_endless_forcing_moves_is_too_slow_within_3_seconds(capsys):
    assert_stopped_in_time(capsys, "00", 3, forever, "forcing_moves")


@pytest.mark.parametrize("shape", [(3, 3, 2), (4, 4, 3)])
def test_an_opening_on_another_game_is_named_by_its_board(shape):
    """A 3×3 board with two in a row is 3×3: the refusal names the game asked for, with its k."""
    judged = exercise("00", 5).judge(Board.empty(*shape).play(0))
    assert judged.mistake == "other-game" and "k = 3" in judged.text

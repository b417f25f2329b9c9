"""Notebook 01's exercises: every check accepts the worked solution and rejects a learner's typical mistakes."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from itertools import combinations

import pytest
from exercise_support import as_learners, assert_stopped_in_time, forever, quick_verdict, verdict

from ttt import Board, BoardError
from ttt.exercises import exercise, nb01
from ttt.positions import all_positions
from ttt.geometry import geometry


def test_every_exercise_of_01_is_checked_by_code():
    assert all(item.has_check for item in nb01.EXERCISES) and len(nb01.EXERCISES) == 6


# ---------------------------------------------------------------------- 01.1 a fifth representation


def test_base3_is_right_and_the_encoding_is_the_one_asked_for(capsys):
    assert nb01.base3_from_cells("X........") == 1 and nb01.base3_from_cells("O........") == 2
    assert nb01.base3_from_cells("........X") == 3**8
    assert not nb01.disagreements(nb01.BASE3, all_positions())
    result, out = verdict(capsys, "01", 1, nb01.BASE3)
    assert result is True and "agrees with the package on 234 positions" in out
    assert verdict(capsys, "01", 1, tuple(nb01.BASE3))[0] is True      # a plain 6-tuple is fine too


def test_the_3x3_sample_holds_what_the_slips_need():
    """234 positions (the prompts say so): every one with at most two marks, a win on each line for each side."""
    sample = nb01._sample_3x3()
    assert len(sample) == 234 and sample[0] == Board.empty()
    assert sum(board.moves_made <= 2 for board in sample) == 1 + 9 + 72
    won = {(board.winner, line) for board in sample for line in geometry(3, 3, 3).lines
           if board.winner and all(board.cells[i] == board.winner for i in line)}
    assert len(won) == 16 and any(board.is_over and not board.winner for board in sample)


class _Base3:
    """A learner's BASE3 in another style: an object whose methods are the six functions, digits by a loop."""

    def from_cells(self, cells):
        code = 0
        for mark in reversed(cells):
            code = 3 * code + ".XO".index(mark)
        return code

    def to_cells(self, code):
        return "".join(".XO"[code // 3**i % 3] for i in range(9))

    def winner(self, code):
        cells = self.to_cells(code)
        return next((cells[a] for a, b, c in nb01.LINES if cells[a] != "." and cells[a] == cells[b] == cells[c]), None)

    def turn(self, code):
        cells = self.to_cells(code)
        return "X" if cells.count("X") == cells.count("O") else "O"

    def moves(self, code):
        return [] if self.winner(code) else [i for i, mark in enumerate(self.to_cells(code)) if mark == "."]

    def play(self, code, cell):
        return code + 3**cell * (1 if self.turn(code) == "X" else 2)


def test_base3_in_other_styles_passes(capsys):
    assert quick_verdict(capsys, "01", 1, _Base3(), 1.5)[0] is True
    assert quick_verdict(capsys, "01", 1, nb01.Representation(*as_learners(*nb01.BASE3)), 1.5)[0] is True


def _moves_without_the_winner_test(code):
    return [cell for cell, digit in enumerate(nb01.base3_digits(code)) if digit == 0]


@pytest.mark.parametrize("mistake, slip, words", [
    (nb01.BASE3._replace(from_cells=lambda c: sum(3 ** (8 - i) * ".XO".index(m) for i, m in enumerate(c))),
     "digits-reversed", "The digits are in the wrong order"),
    (nb01.BASE3._replace(from_cells=lambda c: sum(3**i * ".OX".index(m) for i, m in enumerate(c))),
     "x-o-swapped", "X and O are swapped"),
    (nb01.BASE3._replace(moves=_moves_without_the_winner_test), "moves-after-a-win", "there are no legal moves then"),
    (nb01.BASE3._replace(play=lambda code, cell: code + 3**cell), "play", "returned: 'X.......X'"),
    (nb01.BASE3._replace(turn=lambda code: "X"), "turn", "X moves whenever both sides have the same number"),
    (nb01.BASE3._replace(to_cells=lambda code: nb01.base3_to_cells(code).replace(".", " ")), "round-trip",
     "returned: '         '"),
    (nb01.BASE3._replace(winner=lambda code: 1 / 0), "error", "ZeroDivisionError"),
    (nb01.BASE3[:5], "not-a-representation", "should be a Representation of six functions"),
])
def test_base3_mistakes_are_shown_on_a_board(capsys, mistake, slip, words):
    assert exercise("01", 1).judge(mistake).mistake == slip
    result, out = verdict(capsys, "01", 1, mistake)
    assert result is False and words in out


def test_graded_mode_hides_the_expected_values_of_a_representation(monkeypatch):
    monkeypatch.setenv("TTT_GRADED", "1")
    judged = exercise("01", 1).judge(nb01.BASE3._replace(turn=lambda code: "X"))
    assert judged.mistake == "turn" and "returned: 'X'" in judged.text and "expected" not in judged.text


def test_base3_starter_is_calm(capsys):
    result, out = verdict(capsys, "01", 1, None)
    assert result is False and out.startswith("Exercise 01.1 is not answered yet")


# ---------------------------------------------------------------------- 01.2 break it and catch it


def test_the_stated_truth_is_what_disagreements_finds():
    found = nb01.which_checks_catch(nb01.GRID, nb01.disagreements, all_positions())
    assert found == nb01.CAUGHT
    first_move_only = nb01.GRID._replace(play=nb01.play_in_place)
    assert all(
        nb01.grid_to_cells(first_move_only.play(first_move_only.from_cells(board.cells), cell)) == child.cells
        for board in all_positions() for cell, child in board.children()[:1]
    )  # the play-in-place bug is invisible to one move per position


def test_the_report_is_accepted_in_any_container(capsys):
    assert verdict(capsys, "01", 2, (dict(nb01.CAUGHT), "play"))[0] is True
    assert verdict(capsys, "01", 2, ({"turn": ["turn"], "moves": ("moves",), "play": "play"}, "play"))[0] is True


@pytest.mark.parametrize("answer, words", [
    (({"turn": {"turn", "play"}, "moves": {"moves"}, "play": {"play"}}, "play"),
     "`grid_play` calls `grid_turn` by name"),
    (({"turn": {"turn"}, "moves": {"moves", "play"}, "play": {"play"}}, "play"),
     "takes its moves from `board.children()`"),
    (({"turn": {"turn"}, "moves": {"moves"}, "play": {"play", "moves"}}, "play"), "every position gets a fresh value"),
    (({"turn": {"turn"}, "moves": set(), "play": {"play"}}, "play"), "('moves' does: on a won board"),
    ((nb01.CAUGHT, "turn"), "Its check never plays a move"),
    (({"turn": {"turns"}, "moves": {"moves"}, "play": {"play"}}, "play"), "'turns' is not a check of `disagreements`"),
    (({"turn": {"turn"}}, "play"), "has no key 'moves', 'play'"),
    ((None, None), "Exercise 01.2 is not answered yet"),
    ("play", "(caught, slips), not 'play'"),
])
def test_wrong_reports_are_explained(capsys, answer, words):
    result, out = verdict(capsys, "01", 2, answer)
    assert result is False and words in out


@pytest.mark.parametrize("answer, hidden", [
    (({"turn": {"turn"}, "moves": set(), "play": {"play"}}, "play"), ["'moves'", "won board"]),
    (({"turn": {"turn", "play"}, "moves": {"moves"}, "play": {"play"}}, "play"), ["grid_turn"]),
    ((nb01.CAUGHT, "moves"), ["second move", "never plays"]),
])
def test_graded_mode_says_what_is_wrong_without_walking_to_the_answer(monkeypatch, answer, hidden):
    monkeypatch.setenv("TTT_GRADED", "1")
    judged = exercise("01", 2).judge(answer)
    assert judged.mistake == "wrong-report" and judged.text
    assert not any(words in judged.text for words in hidden), judged.text


def test_reports_as_learners_write_them_are_judged_as_a_declared_check():
    """01.2 is a PositionCheck now: any containers are right; each wrong entry is the mistake "wrong-report"."""
    for answer in ([{"turn": frozenset({"turn"}), "moves": ["moves"], "play": ("play",)}, "play"],
                   ({"play": "play", "moves": {"moves"}, "turn": {"turn"}}, "play")):
        assert exercise("01", 2).judge(answer).ok, answer
    for answer in [({"turn": set(), "moves": {"moves"}, "play": {"play"}}, "play"),         # one check forgotten
                   ({"turn": "turn", "moves": "moves", "play": "play"}, "moves"),           # the wrong slip
                   ({"turn": {"turn"}, "moves": {"moves"}, "play": {"play", "turn"}}, "play"),
                   ({"turn": 5, "moves": {"moves"}, "play": {"play"}}, "play")]:
        judged = exercise("01", 2).judge(answer)
        assert not judged.ok and judged.mistake == "wrong-report", answer
    judged = exercise("01", 2).judge([[("turn", {"turn"})], "play"])                       # a list, not a dict
    assert not judged.ok and "`caught` should be a dict" in judged.text


def test_a_report_of_generators_is_read_once():
    """Sets written as generator expressions (`(what for _, what in ...)`): the check reads each once, so a refusal
    names only the entry that is wrong (read twice, the empty second reading called every check missing)."""
    def generators(caught):
        return {mistake: (name for name in names) for mistake, names in caught.items()}

    assert exercise("01", 2).judge((generators(nb01.CAUGHT), "play")).ok
    judged = exercise("01", 2).judge((generators({**nb01.CAUGHT, "play": {"play", "turn"}}), "play"))
    assert judged.mistake == "wrong-report"
    assert judged.text.startswith("play: 'turn'") and "turn: " not in judged.text and "moves: " not in judged.text


# ---------------------------------------------------------------------- 01.3 one way to fail


def test_put_mark_passes_and_never_changes_its_argument(capsys):
    squares = nb01._squares(Board.parse("XO./.X./..O"))
    before = dict(squares)
    assert nb01.put_mark(squares, (0, 2), "X")[(0, 2)] == "X" and squares == before
    with pytest.raises(BoardError, match="off the board"):
        nb01.put_mark(squares, (3, 3), "X")
    with pytest.raises(BoardError, match="taken by O"):
        nb01.put_mark(squares, (0, 1), "X")
    result, out = verdict(capsys, "01", 3, nb01.put_mark)
    assert result is True and f"{len(nb01._sample_3x3())} positions, {len(nb01.COORDS + nb01.OFF_BOARD)} squares" in out


def _in_place(squares, where, mark):
    if where not in squares:
        raise BoardError("off the board")
    if squares[where] is not None:
        raise BoardError("taken")
    squares[where] = mark
    return squares


def _key_error(squares, where, mark):                    # the tutorial's behaviour, minus `error`
    if squares[where] is not None:
        raise BoardError(f"{where} is taken")
    return {**squares, where: mark}


def _one_message(squares, where, mark):
    if where not in squares or squares[where] is not None:
        raise BoardError("invalid square")
    return {**squares, where: mark}


def _writes_then_checks(squares, where, mark):
    if where not in squares:
        raise BoardError("off the board")
    old, squares[where] = squares[where], mark
    if old is not None:
        raise BoardError("taken")
    return dict(squares)


def _writes_then_refuses(squares, where, mark):
    if where not in squares:
        raise BoardError("off the board")
    if squares[where] is not None:
        squares[where] = mark                             # written before the refusal
        raise BoardError("taken")
    return {**squares, where: mark}


def _value_error(squares, where, mark):
    if where not in squares:
        raise ValueError("off the board")
    if squares[where] is not None:
        raise BoardError("taken")
    return {**squares, where: mark}


@pytest.mark.parametrize("mistake, slip, words", [
    (_in_place, "changes-its-argument", "changed the dict it was given"),
    (_key_error, "error", "a square that is off the board, on this board"),
    (_one_message, "one-message", "the same message for a square off the board and for a taken square"),
    (_writes_then_checks, "changes-its-argument", "changed the dict it was given"),     # on an empty square
    (_writes_then_refuses, "writes-before-refusing", "raised BoardError but changed `squares` first"),
    (_value_error, "error", "ValueError: off the board"),
    (lambda squares, where, mark: {**squares, where: mark}, "accepts-a-bad-square", "should raise BoardError"),
    (lambda squares, where, mark: None, "returns-none", "Is a `return` missing?"),
    (nb01.put_mark(nb01._squares(Board.empty()), (0, 0), "X"), "not-callable", "Pass the function without calling it"),
])
def test_put_mark_mistakes_are_shown(capsys, mistake, slip, words):
    assert exercise("01", 3).judge(mistake).mistake == slip
    result, out = verdict(capsys, "01", 3, mistake)
    assert result is False and words in out


def test_put_mark_s_label_states_the_cases_it_tries():
    """The label is written out (no search at import); its figures are the sample's."""
    positions, squares = len(nb01._sample_3x3()), len(nb01.COORDS + nb01.OFF_BOARD)
    assert exercise("01", 3).checker.label.startswith(f"{positions} positions, {squares} squares each:")


def _refuses_the_centre(squares, where, mark):
    if where == (1, 1):
        raise BoardError("the centre is reserved")
    return nb01.put_mark(squares, where, mark)


def _silent(squares, where, mark):
    try:
        return nb01.put_mark(squares, where, mark)
    except BoardError:
        raise BoardError() from None


def _other_mark(squares, where, mark):
    return nb01.put_mark(squares, where, "O" if mark == "X" else "X")


@pytest.mark.parametrize("mistake, slip, values", [
    (_refuses_the_centre, "refuses-an-empty-square", "for (1, 1), a square that is empty"),
    (_silent, "no-message", "returned: BoardError('')"),
    (_other_mark, "wrong-dict", "(0, 0): 'O'"),
])
def test_put_mark_slips_known_by_what_came_back(mistake, slip, values):
    judged = exercise("01", 3).judge(mistake)
    assert judged.mistake == slip and values in judged.text


def test_a_learners_put_mark_in_another_style_passes(capsys):
    def put_mark(squares, where, mark):
        if where not in squares:                          # the dict knows its squares
            raise BoardError(f"{where} is not on the board")
        if squares[where]:
            raise BoardError(f"{where} already holds {squares[where]}")
        return {**squares, where: mark}

    assert quick_verdict(capsys, "01", 3, put_mark, 1.5)[0] is True
    assert quick_verdict(capsys, "01", 3, as_learners(nb01.put_mark)[0], 1.5)[0] is True


# ---------------------------------------------------------------------- 01.4 only the lines through the last move


def test_lines_through_passes(capsys):
    assert nb01.flat_play_and_winner(tuple("XX.OO...."), 2) == (tuple("XXXOO...."), "X")
    result, out = verdict(capsys, "01", 4, nb01.flat_play_and_winner)
    assert result is True and nb01.MOVES_LABEL in out
    assert len(nb01._move_cases()) == 2_059 and nb01.MOVES_LABEL.startswith("2,059 moves")
    completions = {(case.args[1], line, case.expected[1]) for case in nb01._move_cases() if case.expected[1]
                   for line in geometry(3, 3, 3).line_cells_through[case.args[1]]
                   if all(case.expected[0][i] == case.expected[1] for i in line)}
    assert len(completions) == 2 * sum(map(len, geometry(3, 3, 3).lines_through))    # every way, for X and for O


def test_the_pair_may_be_a_list(capsys):
    """The answer-shape rule: (position, winner) and [position, winner] are the same answer."""
    def flat_play_and_winner(flat, cell):
        new, winner = nb01.flat_play_and_winner(flat, cell)
        return [new, winner]

    assert quick_verdict(capsys, "01", 4, flat_play_and_winner, 1.5)[0] is True
    assert quick_verdict(capsys, "01", 4, as_learners(nb01.flat_play_and_winner)[0], 1.5)[0] is True


def _skips_the_last_line(flat, cell):
    geo = geometry(3, 3, 3)
    mark = "X" if flat.count("X") == flat.count("O") else "O"
    new = flat[:cell] + (mark,) + flat[cell + 1:]
    for number in geo.lines_through[cell][:-1]:          # an off-by-one in the loop
        if all(new[i] == mark for i in geo.lines[number]):
            return new, mark
    return new, None


def _always_x(flat, cell):
    new = flat[:cell] + ("X",) + flat[cell + 1:]
    return new, nb01.flat_play_and_winner(flat, cell)[1]


@pytest.mark.parametrize("mistake, slip, words", [
    (_skips_the_last_line, "", "is that line among the ones you check?"),
    (_always_x, "", "returns the wrong position"),
    (lambda flat, cell: list(nb01.flat_play_and_winner(flat, cell)[0]), "wrong-type", "should return a pair"),
    (lambda flat, cell: (list(nb01.flat_play_and_winner(flat, cell)[0]), None), "", "not a list"),
    (lambda flat, cell: ("".join(nb01.flat_play_and_winner(flat, cell)[0]), None), "", "not a string"),
])
def test_lines_through_mistakes(capsys, mistake, slip, words):
    assert exercise("01", 4).judge(mistake).mistake == slip
    result, out = verdict(capsys, "01", 4, mistake)
    assert result is False and words in out


def test_checking_the_other_marks_lines_is_named_within_the_budget(capsys):
    """Issue 20: it was asked "is that line among the ones you check?"."""
    def flat_play_and_winner(flat, cell):
        geo = geometry(3, 3, 3)
        mark = "X" if flat.count("X") == flat.count("O") else "O"
        new = flat[:cell] + (mark,) + flat[cell + 1:]
        other = "O" if mark == "X" else "X"
        for number in geo.lines_through[cell]:
            if all(new[i] == other for i in geo.lines[number]):
                return new, other
        return new, None

    result, out = verdict(capsys, "01", 4, flat_play_and_winner)
    assert result is False and "does it look for a line of the other side's mark?" in out
    assert "among the ones you check" not in out
    assert exercise("01", 4).judge(flat_play_and_winner).mistake == "other_marks_lines"


def test_looking_for_the_other_side_on_every_line_is_named():
    """The slip is a one-line variant now: a learner who scans all eight lines for the other mark is still named."""
    def flat_play_and_winner(flat, cell):
        mark = "X" if flat.count("X") == flat.count("O") else "O"
        new = flat[:cell] + (mark,) + flat[cell + 1:]
        other = "O" if mark == "X" else "X"
        return new, next((other for line in geometry(3, 3, 3).lines if all(new[i] == other for i in line)), None)

    assert exercise("01", 4).judge(flat_play_and_winner).mistake == "other_marks_lines"


# ---------------------------------------------------------------------- 01.5 ★ larger boards


def test_factories_pass(capsys):
    result, out = verdict(capsys, "01", 5, (nb01.flat_rules, nb01.bits_rules))
    assert result is True and "flat_rules and bits_rules agree" in out
    assert "234 positions of 3×3 and 40 positions each of 4×4 with k = 3, 3×4 with k = 3, 4×4 with k = 4" in out
    assert verdict(capsys, "01", 5, [nb01.flat_rules, nb01.bits_rules])[0] is True


def test_a_learners_own_factories_pass_within_the_budget(capsys):
    """The worked solution, written in a cell, passes at once."""
    result, out = quick_verdict(capsys, "01", 5, as_learners(nb01.flat_rules, nb01.bits_rules), 1.5)
    assert result is True, out


@dataclass(frozen=True)
class _Flat:
    """flat_rules in another style: a frozen dataclass whose methods are the six functions."""

    rows: int
    cols: int
    k: int

    def from_cells(self, cells):
        return tuple(cells)

    def to_cells(self, flat):
        return "".join(flat)

    def winner(self, flat):
        for line in geometry(self.rows, self.cols, self.k).lines:
            marks = {flat[i] for i in line}
            if len(marks) == 1 and "." not in marks:
                return flat[line[0]]
        return None

    def turn(self, flat):
        return "X" if flat.count("X") == flat.count("O") else "O"

    def moves(self, flat):
        return [] if self.winner(flat) else [cell for cell, mark in enumerate(flat) if mark == "."]

    def play(self, flat, cell):
        return flat[:cell] + (self.turn(flat),) + flat[cell + 1:]


def _bits_by_loops(rows, cols, k):
    """bits_rules in another style: lines as lists of cells, free cells found bit by bit in a while loop."""
    lines = geometry(rows, cols, k).lines

    def from_cells(cells):
        x = o = 0
        for cell, mark in enumerate(cells):
            x |= (mark == "X") << cell
            o |= (mark == "O") << cell
        return [x, o]                                     # a list: the answer-shape rule

    def to_cells(bits):
        return "".join("X" if bits[0] >> i & 1 else "O" if bits[1] >> i & 1 else "." for i in range(rows * cols))

    def winner(bits):
        for side, mark in zip(bits, "XO"):
            if any(all(side >> i & 1 for i in line) for line in lines):
                return mark
        return None

    def turn(bits):
        return "X" if bin(bits[0]).count("1") == bin(bits[1]).count("1") else "O"

    def moves(bits):
        found, cell = [], 0
        while cell < rows * cols and winner(bits) is None:
            if not (bits[0] | bits[1]) >> cell & 1:
                found.append(cell)
            cell += 1
        return found

    def play(bits, cell):
        return [bits[0] | 1 << cell, bits[1]] if turn(bits) == "X" else [bits[0], bits[1] | 1 << cell]

    return nb01.Representation(from_cells, to_cells, winner, turn, moves, play)


def test_factories_in_other_styles_pass(capsys):
    assert quick_verdict(capsys, "01", 5, (_Flat, _bits_by_loops), 2.5)[0] is True


def nine_cells(rows, cols, k):                           # a 3×3 leftover: every board has nine cells
    rep = nb01.bits_rules(rows, cols, k)
    return rep._replace(moves=lambda bits: [] if rep.winner(bits) else
                        [c for c in range(9) if not (bits[0] | bits[1]) >> c & 1])


def three_in_a_row(rows, cols, k):                       # a 3×3 leftover: the 3×3 lines on every board
    return nb01.flat_rules(rows, cols, k)._replace(winner=nb01.flat_rules(3, 3, 3).winner)


def not_yet(rows, cols, k):
    raise NotImplementedError


@pytest.mark.parametrize("answer, slip, words", [
    ((nb01.flat_rules, nine_cells), "moves", "returned: [4, 7]"),
    ((three_in_a_row, nb01.bits_rules), "winner", "winner of flat_rules(4, 4, 3)"),
    ((not_yet, not_yet), "", "Exercise 01.5 is not answered yet: replace the line"),
    ((nb01.flat_rules, not_yet), "", "Exercise 01.5 is not answered yet: flat_rules passed; now replace"),
    ((None, None), "", "Exercise 01.5 is not answered yet"),
    ((lambda rows, cols, k: 3, nb01.bits_rules), "not-a-representation", "should be a Representation of six functions"),
])
def test_factory_mistakes(capsys, answer, slip, words):
    assert exercise("01", 5).judge(answer).mistake == slip
    result, out = verdict(capsys, "01", 5, answer)
    assert result is False and words in out


def _flat_ignoring_k(rows, cols, k):
    return nb01.flat_rules(rows, cols, 3)


def _flat_ignoring_cols(rows, cols, k):
    return nb01.flat_rules(rows, rows, k)


def _bits_ignoring_k(rows, cols, k):
    return nb01.bits_rules(rows, cols, 3)


def _bits_ignoring_rows(rows, cols, k):
    return nb01.bits_rules(cols, cols, k)


def _bits_swapped(rows, cols, k):
    return nb01.bits_rules(cols, rows, k)


@pytest.mark.parametrize("answer, slip, words", [
    ((lambda rows, cols, k: nb01.flat_rules(rows, cols, 3), nb01.bits_rules), "ignores-k", "does flat_rules use k"),
    ((_flat_ignoring_k, nb01.bits_rules), "ignores-k", "flat_rules(4, 4, 4) plays by the rules of another board"),
    ((_flat_ignoring_cols, nb01.bits_rules), "ignores-cols", "does flat_rules use cols"),
    ((nb01.flat_rules, _bits_ignoring_k), "ignores-k", "does bits_rules use k"),
    ((nb01.flat_rules, _bits_ignoring_rows), "ignores-rows", "does bits_rules use rows"),
    ((nb01.flat_rules, _bits_swapped), "rows-cols-swapped", "which of rows and cols is which"),
    (nb01.flat_rules, "one-function", "01.5 asks for two functions"),
    ((nb01.flat_rules, nb01.flat_rules), "same-function-twice", "the same function twice"),
    ((nb01.bits_rules, nb01.flat_rules), "not-flat", "flat_rules is the flat tuple"),
    ((nb01.flat_rules, lambda rows, cols, k: nb01.flat_rules(rows, cols, k)), "not-a-bitboard",
     "bits_rules is the bitboard of the notebook"),
])
def test_shortcuts_are_refused_and_named(capsys, answer, slip, words):
    """Issue 27: rules that ignore k or cols, or one function for two, were accepted."""
    judged = exercise("01", 5).judge(answer)
    assert not judged.ok and judged.mistake == slip, judged.text
    result, out = quick_verdict(capsys, "01", 5, answer, 2.0)
    assert result is False and words in out


def _flat_by_generators(rows, cols, k):
    """flat_rules as a learner might write it, ignoring k: moves is a generator, the winner found by sets."""
    lines = geometry(rows, cols, 3).lines

    def winner(flat):
        return next((flat[line[0]] for line in lines if len({flat[i] for i in line} - {"."}) == 1
                     and "." not in {flat[i] for i in line}), None)

    def moves(flat):
        return (cell for cell, mark in enumerate(flat) if mark == "." and winner(flat) is None)

    return nb01.flat_rules(rows, cols, k)._replace(winner=winner, moves=moves)


def test_a_slip_is_named_whatever_the_style():
    """Issue 31: the ignored parameter is recognised by behaviour, also when moves is a generator."""
    assert exercise("01", 5).judge((_flat_by_generators, nb01.bits_rules)).mistake == "ignores-k"


# ---------------------------------------------------------------------- 01.6 ★ why is parse exact?


def test_the_filling_breaks_only_the_last_rule(capsys):
    with pytest.raises(BoardError, match="separate lines"):
        Board.parse(nb01.separate_lines_filling(), k=3)
    result, out = verdict(capsys, "01", 6, nb01.separate_lines_filling())
    assert result is True and "share no cell" in out


def test_fillings_are_judged_by_the_rules_of_parse_for_either_side():
    """01.6 asks Board.parse which rule a filling breaks: O's separate lines pass; a broken earlier rule is named."""
    assert exercise("01", 6).judge("OOO./XX.X/OOO./X.XX").ok                 # O has the lines and moved last
    assert exercise("01", 6).judge("XXX.\nOO.O\nXXX.\nO.O.").ok
    judged = exercise("01", 6).judge("XXX./OO../O.../....")                 # O moved after X's line
    assert not judged.ok and "went on after X completed a line" in judged.text
    judged = exercise("01", 6).judge("OOO./XXX./..../....")
    assert not judged.ok and "Both X and O have a line" in judged.text


@pytest.mark.parametrize("answer", ["XXX./OO.O/XXX./O.O", "XXX.OO.OXXX.O.O", "XX0./..../..../....",
                                    "XXX./OO.O/XXX./O.O. k=3"])
def test_a_text_that_is_no_filling_is_named(answer):
    """01.6 reads the shape with Board.parse: what it refuses is the mistake not-a-filling."""
    judged = exercise("01", 6).judge(answer)
    assert judged.mistake == "not-a-filling" and repr(answer) in judged.text


def test_on_3x3_lines_without_a_common_cell_cover_at_least_six_cells():
    lines = geometry(3, 3, 3).lines
    for size in (2, 3, 4):
        for chosen in combinations(lines, size):
            if not set(chosen[0]).intersection(*chosen[1:]):
                assert len(set().union(*chosen)) >= 6


def test_a_filling_without_slashes_is_read_as_00_1_reads_one(capsys):
    """Issue 27: 00.1 accepts nine cells without `/`; 01.6 accepts sixteen."""
    assert verdict(capsys, "01", 6, nb01.separate_lines_filling().replace("/", ""))[0] is True
    assert verdict(capsys, "01", 6, "XXX.\nOO.O\nXXX.\nO.O.")[0] is True
    _, out = verdict(capsys, "01", 6, "XXXOO.O..")
    assert "On 3×3 no filling breaks only the last rule" in out


@pytest.mark.parametrize("answer, words", [
    ("XXX/OO./...", "On 3×3 no filling breaks only the last rule"),
    ("XXX./OO../..../....", "X has one line, (0, 1, 2), which its last move completed"),
    ("XXX./OOO./..../....", "Both X and O have a line"),
    ("XXX./X.../X.../OO.O", "5 X and 3 O"),
    ("XXX./OOO./X.../....", "Both X and O"),
    ("XXX./XOO./X.O./.O..", "all pass through cell 0"),
    ("..../..../..../....", "Nobody has a line"),
    ("XXX./OO.O/XXX./O.O", "the rows of a board must all have the same length, got 4, 4, 4, 3"),
    ("XXX.OO.OXXX.O.O", "got 15 characters"),
    ("XX0./..../..../....", "the letter O, not the digit zero"),
    (42, "Give the filling as text"),
])
def test_wrong_fillings_are_explained(capsys, answer, words):
    result, out = verdict(capsys, "01", 6, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 01.1 and 01.5 as declared function checks


def _o_first(rep):
    """The same rules, but the winner looked for O's lines first: where both sides hold a line, the tie goes to O."""
    def winner(value):
        cells = rep.to_cells(value)
        held = {mark for mark in "XO" if rep.winner(rep.from_cells(cells.replace("XO".replace(mark, ""), ".")))}
        return "O" if "O" in held else "X" if held else None
    return rep._replace(winner=winner)


@pytest.mark.parametrize("answer, slip", [
    ((lambda rows, cols, k: _o_first(nb01.flat_rules(rows, cols, 3)), nb01.bits_rules), "ignores-k"),
    ((nb01.flat_rules, lambda rows, cols, k: _o_first(nb01.bits_rules(rows, cols, 3))), "ignores-k"),
    ((lambda rows, cols, k: _o_first(nb01.flat_rules(rows, rows, k)), nb01.bits_rules), "ignores-cols"),
    ((nb01.flat_rules, lambda rows, cols, k: _o_first(nb01.bits_rules(cols, rows, k))), "rows-cols-swapped"),
    ((lambda rows, cols, k: nb01.flat_rules(cols, cols, k), nb01.bits_rules), "error"),    # an IndexError on 3×4
])
def test_an_ignored_parameter_is_named_whatever_the_order_of_ties(answer, slip):
    """01.5 names an ignored parameter by the slip's behaviour; a learner who breaks ties the other way is named too
    (the one tie of k = 3 rules on the 4×4 k = 4 sample, its 9th board, comes after the boards that name the slip)."""
    judged = exercise("01", 5).judge(answer)
    assert not judged.ok and judged.mistake == slip, judged.text


def _flat_in_a_list(rows, cols, k, copy=False):
    """flat_rules on a list (the answer-shape rule); its play writes into the list it was given unless ``copy``."""
    rep = nb01.flat_rules(rows, cols, k)

    def play(flat, cell):
        new = list(flat) if copy else flat
        new[cell] = rep.turn(tuple(flat))
        return new

    return rep._replace(from_cells=list, play=play)


def test_a_list_is_a_flat_tuple_but_a_move_must_not_change_it():
    judged = exercise("01", 5).judge((_flat_in_a_list, nb01.bits_rules))
    assert judged.mistake == "play-changes-value" and "returned: 'X........'" in judged.text
    assert exercise("01", 5).judge((partial(_flat_in_a_list, copy=True), nb01.bits_rules)).ok


@pytest.mark.parametrize("mistake, slip", [
    (nb01.BASE3._replace(moves=lambda code: nb01.base3_moves(code)[::-1]), "moves-out-of-order"),
    (nb01.BASE3._replace(from_cells=lambda cells: str(nb01.base3_from_cells(cells))), "not-an-int"),
    (nb01.BASE3._replace(from_cells=lambda cells: nb01.base3_from_cells(cells) + 1), "encoding"),
    (nb01.BASE3._replace(winner=lambda code: nb01.base3_winner(code) and "X"), "winner"),
    (nb01.BASE3._replace(moves=lambda code: [cell for cell in nb01.base3_moves(code) if cell != 8]), "moves"),
])
def test_each_part_of_a_representation_names_its_mistake(mistake, slip):
    judged = exercise("01", 1).judge(mistake)
    assert not judged.ok and judged.mistake == slip, judged.text


def test_moves_in_any_container_and_a_representation_as_a_list_pass():
    for answer in (nb01.BASE3._replace(moves=lambda code: tuple(nb01.base3_moves(code))),
                   nb01.BASE3._replace(moves=lambda code: (cell for cell in nb01.base3_moves(code))),
                   list(nb01.BASE3)):
        assert exercise("01", 1).judge(answer).ok


def test_a_function_not_written_yet_is_not_answered_and_a_later_one_an_error():
    """Each of the six functions is first called on the empty board: NotImplementedError there is "not answered"."""
    def not_yet(*args):
        raise NotImplementedError

    for judged in (exercise("01", 1).judge(nb01.BASE3._replace(play=not_yet)),
                   exercise("01", 5).judge((lambda rows, cols, k: nb01.flat_rules(rows, cols, k)._replace(
                       winner=not_yet), nb01.bits_rules))):
        assert judged.status == "unanswered" and "raise NotImplementedError" in judged.text
    later = nb01.BASE3._replace(turn=lambda code: nb01.base3_turn(code) if code < 3**8 else not_yet())
    assert exercise("01", 1).judge(later).mistake == "error"


def test_a_part_that_never_returns_is_stopped_in_time(capsys):
    assert_stopped_in_time(capsys, "01", 1, nb01.BASE3._replace(winner=forever), "BASE3")
    endless = (lambda rows, cols, k: nb01.flat_rules(rows, cols, k)._replace(turn=forever), nb01.bits_rules)
    assert_stopped_in_time(capsys, "01", 5, endless, "flat_rules")


def test_a_move_that_changes_the_value_only_on_some_cells_is_named():
    def late_in_place(rows, cols, k):
        rep = _flat_in_a_list(rows, cols, k, copy=True)
        spoil = _flat_in_a_list(rows, cols, k).play
        return rep._replace(play=lambda flat, cell: spoil(flat, cell) if cell == 8 else rep.play(flat, cell))

    judged = exercise("01", 5).judge((late_in_place, nb01.bits_rules))
    assert judged.mistake == "play-changes-value", judged.text


@dataclass(frozen=True)
class _Six:
    """A learner's own record of the six functions, field by field."""

    from_cells: object
    to_cells: object
    winner: object
    turn: object
    moves: object
    play: object


def test_a_dataclass_of_six_functions_and_one_that_prints_pass(capsys):
    talking = nb01.BASE3._replace(winner=lambda code: print("looking for a line") or nb01.base3_winner(code))
    assert exercise("01", 1).judge(_Six(*talking)).ok
    assert exercise("01", 5).judge((lambda rows, cols, k: _Six(*nb01.flat_rules(rows, cols, k)), nb01.bits_rules)).ok
    capsys.readouterr()


def test_a_factory_slow_to_build_is_built_once_per_size():
    """A right factory that takes 5 ms of CPU to build (lines found by brute force, say) is right: the check builds
    each size once, as the notebook would, not once per case (3,800 builds made it "too slow", 19 s of CPU)."""
    built = []

    def slowly(factory):
        def build(rows, cols, k):
            built.append((rows, cols, k))
            start = time.process_time()
            while time.process_time() - start < 0.005:
                pass
            return factory(rows, cols, k)
        return build

    judged = exercise("01", 5).judge((slowly(nb01.flat_rules), slowly(nb01.bits_rules)))
    assert judged.ok, judged.text
    assert sorted(built) == sorted(nb01.SIZES * 2)


def test_a_part_that_is_not_a_function_is_named_not_callable():
    """A Representation holding a value where a function belongs (None, or what the function returned) is named as
    such, not "raised an error" with Python's TypeError about calling it."""
    for judged in (exercise("01", 1).judge(nb01.BASE3._replace(to_cells=None)),
                   exercise("01", 1).judge(nb01.BASE3._replace(winner=nb01.base3_winner(0))),
                   exercise("01", 5).judge((lambda rows, cols, k: nb01.flat_rules(rows, cols, k)._replace(play="X"),
                                            nb01.bits_rules))):
        assert judged.mistake == "not-callable", judged.text


def test_a_factory_that_raises_is_named_by_its_call():
    """An error raised by the factory itself is placed at the call that made it, not in a part it never reached."""
    def only_3x3(rows, cols, k):
        if rows != 3:
            raise ValueError("only 3 rows")
        return nb01.flat_rules(rows, cols, k)

    judged = exercise("01", 5).judge((only_3x3, nb01.bits_rules))
    assert judged.mistake == "error" and "when called as flat_rules(4, 4, 3)" in judged.text, judged.text


def test_a_parameter_ignored_is_named_without_judging_the_3x3_sample_twice():
    """Naming an ignored parameter judges the larger boards again, not the 3×3 sample, where no ignored parameter
    shows: a slow wrong answer is named by its mistake within the budget, not "too slow"."""
    def counted(k_used):
        def factory(rows, cols, k):
            rep = nb01.flat_rules(rows, cols, k_used(k))

            def from_cells(cells):
                on_3x3.append(len(cells) == 9)
                return tuple(cells)
            return rep._replace(from_cells=from_cells)
        return factory

    on_3x3 = []
    assert exercise("01", 5).judge((counted(lambda k: k), nb01.bits_rules)).ok
    once, on_3x3 = sum(on_3x3), []
    assert exercise("01", 5).judge((counted(lambda k: 3), nb01.bits_rules)).mistake == "ignores-k"
    assert sum(on_3x3) == once


def _one_message_naming_the_square(squares, where, mark):
    """One message for both refusals, which differ only by the square they name: still one failure mode."""
    if where not in squares or squares[where] is not None:
        raise BoardError(f"bad square {where}")
    return {**squares, where: mark}


def _two_messages_naming_the_square(squares, where, mark):
    if where not in squares:
        raise BoardError(f"square {where} is off the board")
    if squares[where] is not None:
        raise BoardError(f"square {where} is taken")
    return {**squares, where: mark}


class _OffBoard(BoardError):
    pass


class _Taken(BoardError):
    pass


def _two_classes_naming_the_square(squares, where, mark):
    """Two failure modes told apart by their classes, each message naming the square only: right."""
    if where not in squares:
        raise _OffBoard(str(where))
    if squares[where] is not None:
        raise _Taken(str(where))
    return {**squares, where: mark}


def test_one_message_that_names_the_square_is_still_one_message():
    assert exercise("01", 3).judge(_one_message_naming_the_square).mistake == "one-message"
    assert exercise("01", 3).judge(_two_messages_naming_the_square).ok
    assert exercise("01", 3).judge(_two_classes_naming_the_square).ok


def test_a_position_as_a_numpy_array_is_refused_by_the_check_not_by_a_traceback():
    import numpy

    def flat_play_and_winner(flat, cell):
        new, winner = nb01.flat_play_and_winner(flat, cell)
        return numpy.array(new), winner

    judged = exercise("01", 4).judge(flat_play_and_winner)
    assert judged.mistake == "wrong-type" and "ndarray" in judged.text


def _the_side_to_moves_mark(squares, where, mark):
    """Ignores `mark` and puts the side to move's: wrong, since put_mark puts the mark it is given."""
    marks = list(squares.values())
    return nb01.put_mark(squares, where, "X" if marks.count("X") == marks.count("O") else "O")


def test_put_mark_that_ignores_the_mark_it_is_given_is_refused():
    judged = exercise("01", 3).judge(_the_side_to_moves_mark)
    assert judged.mistake == "wrong-dict" and "with mark=" in judged.text

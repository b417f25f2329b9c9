"""Notebook 09's exercises: the figures are right, the checks accept the worked solutions and name the typical mistakes."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from decimal import Decimal

import pytest
from exercise_support import assert_unanswered, verdict

from ttt import Board, solve
from ttt.census import census
from ttt.course import course_table
from ttt.engine import Engine, Options
from ttt.exercises import exercise, nb09
from ttt.geometry import geometry
from ttt.match import play_match
from ttt.players import SearchPlayer

CHEAP, DEAR = ".OX./..../OX../O..X", "O..X/.OO./...X/X..."   # what the worked solution of 09.2 finds


def test_every_exercise_has_graded_hints_and_a_solution_and_five_of_six_are_checked():
    items = [exercise("09", n) for n in range(1, 7)]
    assert all(len(item.hints) >= 2 and item.has_solution for item in items)
    assert [item.has_check for item in items] == [True, True, True, False, True, True]


@pytest.mark.parametrize("number, starter", [(1, None), (2, None), (2, (None, None)), (3, None), (5, None), (6, None)])
def test_starters_are_calm(capsys, number, starter):
    assert_unanswered(capsys, "09", number, starter)


# ---------------------------------------------------------------------- 09.1 the atlas, extended


def test_the_atlas_values_by_solve():
    assert tuple(solve(Board.empty(r, c, k)).value for r, c, k in nb09.BOARDS) == (1, 0, 0, 0, 1, 0, 0)
    assert [solve(Board.empty(r, c, 3)).score for r, c in ((4, 5), (5, 5))] == [16, 21]   # the `.score` slip


def test_the_worked_atlas_is_quick_and_its_node_counts_are_the_stated_ones():
    values, nodes = nb09.extended_atlas()           # issue 20: 5×6 took 14 s; the exercise stops at 4×6
    assert sum(nodes.values()) < 200_000            # its work, counted in nodes (a clock would depend on the load)
    assert max(nodes, key=nodes.get) == "4×6 k=4" and (nodes["4×6 k=4"], nodes["5×5 k=4"]) == (74_579, 60_758)


def test_the_options_figures_of_the_explanation():
    for options, nodes in ((Options(dead=False), 79_078), (Options(threats=False), 491_052)):
        engine = Engine(4, 6, 4, options)
        assert engine.solve(Board.empty(4, 6, 4), max_nodes=3_000_000).value == 0 and engine.stats.nodes == nodes


def test_the_prompt_names_every_board_it_asks_for():
    item = exercise("09", 1)
    assert "4×5 and of 5×5" in item.prompt and "of 4×6 with k = 4" in item.prompt and "6×6" not in item.prompt
    for name in ("v_4x5_k3", "v_4x6_k4", "v_5x5_k5"):
        assert name in item.prompt and name in item.starter
    assert "5x6" not in item.prompt and "5×6" not in item.prompt


def test_the_last_atlas_hint_states_no_value():
    last = exercise("09", 1).hints[-1]
    assert not re.search(r"\b(draws?|wins?)\b", last)


def test_atlas_right_and_wrong(capsys):
    assert verdict(capsys, "09", 1, (1, 0, 0, 0, 1, 0, 0))[0] is True
    assert verdict(capsys, "09", 1, [1.0, 0, Fraction(0), Decimal(0), 1, 0, 0])[0] is True
    result, out = verdict(capsys, "09", 1, (1, 0, 0, 0, 1, 1, 0))   # guessing that X wins 5×5 with four
    assert result is False and "5×5 k=4: 1 is not right. Solve it rather than guess" in out
    assert "too big" not in out   # a value of -1, 0 or 1: no "too big" that gives it away
    result, out = verdict(capsys, "09", 1, (16, 0, 0, 0, 21, 0, 0))   # the depth-aware scores
    assert result is False and out.count("That is the depth-aware score (`.score`)") == 2
    result, out = verdict(capsys, "09", 1, (1, 0, -1, 0, 1, 0, 0))
    assert result is False and "4×5 k=5: -1 is not right. The first player is never worse off" in out
    for answer, board in (((-1, 0, 0, 0, 1, 0, 0), "4×5 k=3"), ((1, 0, 0, 0, -1, 0, 0), "5×5 k=3")):
        result, out = verdict(capsys, "09", 1, answer)   # the boards with a second note keep this one
        assert result is False and f"{board}: -1 is not right. The first player is never worse off" in out
    result, out = verdict(capsys, "09", 1, (1, 0, 0))
    assert result is False and "Give 7 numbers" in out


# ---------------------------------------------------------------------- 09.2 when alpha-beta beats memoization


@pytest.mark.long   # over ten seconds: CI runs it in make test-grading
def test_the_worked_search_finds_the_stated_positions():
    assert nb09.cheap_and_dear() == (CHEAP, DEAR)
    assert nb09.both_calls(Board.parse(CHEAP, k=4)) == (54_304, 11_613)
    assert nb09.both_calls(Board.parse(DEAR, k=4)) == (46_498, 329_645)


def test_cheap_and_dear_right_and_wrong(capsys):
    result, out = verdict(capsys, "09", 2, (CHEAP, DEAR))
    assert result is True and "0.21 times memoization's calls on the first position and 7.1 times" in out
    assert verdict(capsys, "09", 2, [CHEAP, Board.parse(DEAR, k=4)])[0] is True
    result, out = verdict(capsys, "09", 2, (DEAR, CHEAP))   # the two swapped
    assert result is False and "makes more than 2 times memoization's calls: it should make at most a quarter" in out
    assert "On the second position plain alpha-beta makes 0.2 times" in out
    assert "it should make at least five times as many" in out and "memo 46,498, alpha-beta more" in out
    result, out = verdict(capsys, "09", 2, (CHEAP, "O..X/.OO./...X/XX.."))   # one empty cell short
    assert result is False and "The second (dear) position has 9 empty cells, not 10." in out
    result, out = verdict(capsys, "09", 2, (CHEAP, "X.O/.../..."))   # a 3×3 board
    assert result is False and "give a 4×4 board" in out
    result, out = verdict(capsys, "09", 2, CHEAP)   # one position, not two
    assert result is False and "Give 2 positions in this order, as a tuple or a list: (cheap, dear)" in out
    result, out = verdict(capsys, "09", 2, ("not a board", DEAR))
    assert result is False and "first (cheap) position" in out


def test_cheap_and_dear_takes_boards_and_strings_in_a_list_or_a_tuple():
    boards = [Board.parse(CHEAP, k=4), Board.parse(DEAR, k=4)]
    for answer in (boards, tuple(boards), [CHEAP, boards[1]], (boards[0], DEAR)):
        assert exercise("09", 2).judge(answer).ok
    assert exercise("09", 2).judge((CHEAP, DEAR, DEAR)).mistake == "wrong-shape"
    assert exercise("09", 2).judge((None, None)).status == "unanswered"


def test_a_ratio_beside_its_bound_shows_enough_digits():
    """Issue 27: 0.2505 was printed as 0.25 beside "at most 0.25"."""
    assert nb09._ratio(2_505, 10_000, 2, 0.25) == "0.251" and nb09._ratio(2_500, 10_000, 2, 0.25) == "0.25"
    assert nb09._ratio(2_100, 10_000, 2, 0.25) == "0.21" and nb09._ratio(4_999, 1_000, 1, 5) == "4.999"
    assert nb09._ratio(7_100, 1_000, 1, 5) == "7.1"


@pytest.mark.parametrize("answer, mistake_id", [
    ((DEAR, CHEAP), "neither"),
    ((DEAR, DEAR), "first-not-cheap"),
    ((CHEAP, CHEAP), "second-not-dear"),
    ((CHEAP, "O..X/.OO./...X/XX.."), "not-ten-empty"),
    ((CHEAP, "X.O/.../..."), "not-4x4"),
    (("not a board", DEAR), "not-a-position"),
])
def test_cheap_and_dear_mistakes_have_ids(answer, mistake_id):
    assert exercise("09", 2).judge(answer).mistake == mistake_id


def test_a_position_that_makes_alpha_beta_search_long_is_cut_off_once_the_verdict_is_known(capsys):
    """Plain alpha-beta is cut off once the verdict is known (at 2 and 8 times memoization's calls)."""
    result, out = verdict(capsys, "09", 2, (DEAR, DEAR))
    assert result is False and "more than 2 times" in out and "7.1 times" not in out


# ---------------------------------------------------------------------- 09.3 positions that are their own image


def test_the_symmetric_counts_agree_with_burnside():
    four = census(4, 4, 4)
    symmetric, fixed = nb09.symmetric_positions()
    assert fixed == 8 * four.classes - four.positions == 21_805   # Burnside, from the census's own counts
    assert symmetric == 21_587 and symmetric < fixed
    # every position with a symmetry is fixed by at most all seven others, so the sum bounds it
    assert fixed <= 7 * symmetric


def test_own_image_right_and_wrong(capsys):
    assert verdict(capsys, "09", 3, (21_587, 21_805))[0] is True
    result, out = verdict(capsys, "09", 3, (21_805, 21_805))   # pairs counted instead of positions
    assert result is False and "symmetric: 21,805 is not right: it is too big. That is the sum over the symmetries" in out
    assert "(fixed sum: right.)" in out
    result, out = verdict(capsys, "09", 3, (21_587, 9_743_816))   # the identity left in
    assert result is False and "leave out the identity's 9,722,011" in out


# ---------------------------------------------------------------------- 09.4 a smarter evaluation (open)


def test_the_model_evaluation_plays(capsys):
    board = Board.empty(5, 5, 4).play(12).play(6)
    assert isinstance(nb09.needs_evaluation(board), float)
    result = play_match(SearchPlayer(1, nb09.needs_evaluation, seed=0), SearchPlayer(1, seed=0), games=2, seed=0,
                        a_plays="alternate", start=Board.empty(4, 4, 4))
    assert result.games == 2
    answer, out = verdict(capsys, "09", 4, nb09.needs_evaluation)
    assert answer is False and "open question" in out


# ---------------------------------------------------------------------- 09.5 a pairing for five in a row


def test_the_worked_pairing_blocks_every_line():
    pairs = nb09.five_pairing()
    cells = [cell for pair in pairs for cell in pair]
    assert len(pairs) == 12 and len(set(cells)) == 24
    assert all(any(set(pair) <= set(line) for pair in pairs) for line in geometry(5, 5, 5).lines)


def test_pairing_right_and_wrong(capsys):
    pairs = nb09.five_pairing()
    assert verdict(capsys, "09", 5, pairs)[0] is True
    assert verdict(capsys, "09", 5, [tuple(reversed(pair)) for pair in reversed(pairs)])[0] is True
    rows = [(5 * r, 5 * r + 1) for r in range(5)]   # every row blocked, nothing else
    result, out = verdict(capsys, "09", 5, rows)
    assert result is False and "No pair lies wholly inside column 0 (cells 0, 5, 10, 15, 20)" in out
    shared = [(0, 1), (1, 2)] + pairs[2:]
    result, out = verdict(capsys, "09", 5, shared)
    assert result is False and "Cell 1 is in two pairs, (0, 1) and (1, 2)" in out
    result, out = verdict(capsys, "09", 5, [(0, 25)])
    assert result is False and "does not hold two cells 0 to 24" in out
    result, out = verdict(capsys, "09", 5, "0 1 5 6")
    assert result is False and "Give a list of pairs" in out
    result, out = verdict(capsys, "09", 5, [(3, 3)])
    assert result is False and "holds one cell twice" in out
    for answer, mistake_id in ((rows, "line-without-pair"), (shared, "cell-in-two-pairs"), ([(0, 25)], "not-a-pair"),
                               ("0 1 5 6", "not-a-list"), ([(3, 3)], "cell-twice-in-a-pair")):
        assert exercise("09", 5).judge(answer).mistake == mistake_id


@pytest.mark.parametrize("drop, words", [
    ((12, 24), "No pair lies wholly inside a diagonal (cells 0, 6, 12, 18, 24)"),
    ((4, 8), "No pair lies wholly inside a diagonal (cells 4, 8, 12, 16, 20)"),
    ((17, 18), "No pair lies wholly inside row 3 (cells 15, 16, 17, 18, 19)"),
    ((3, 13), "No pair lies wholly inside column 3 (cells 3, 8, 13, 18, 23)"),
])
def test_the_line_left_open_is_named(drop, words):
    """A learner's pairing with one pair left out: the refusal names the one line it leaves open."""
    judged = exercise("09", 5).judge([pair for pair in nb09.five_pairing() if pair != drop])
    assert judged.mistake == "line-without-pair" and words in judged.text


def test_a_cell_shared_by_two_pairs_far_apart_is_named():
    """Two pairs that share a cell, wherever they stand in the list, name that cell and both pairs."""
    pairs = nb09.five_pairing()
    pairs[9] = (9, 2)                       # (2, 7) comes earlier in the list
    judged = exercise("09", 5).judge(pairs)
    assert judged.mistake == "cell-in-two-pairs" and "Cell 2 is in two pairs, (2, 7) and (2, 9)" in judged.text


def test_a_pairing_written_other_ways_is_accepted():
    import numpy as np

    pairs = nb09.five_pairing()
    for answer in ([list(pair) for pair in pairs], [set(pair) for pair in pairs], (pair for pair in pairs),
                   np.array(pairs), tuple(pairs)):
        assert exercise("09", 5).judge(answer).ok
    assert exercise("09", 5).judge(pairs[:-1]).mistake == "line-without-pair"   # one line left open
    assert exercise("09", 5).judge(pairs + [pairs[0]]).mistake == "cell-in-two-pairs"   # a pair given twice
    assert exercise("09", 5).judge([(0, 1.5)]).mistake == "not-a-pair"


# ---------------------------------------------------------------------- 09.6 the longest forced win


def test_no_sampled_win_is_longer_than_seven():
    table = course_table(4, 4, 4)
    assert table.lookup("OOOX/O.../.XX./.X..").plies == 7
    rng = random.Random(3)
    for _ in range(300):
        board = Board.empty(4, 4, 4)
        for _ in range(rng.randrange(16)):
            if not board.is_over:
                board = board.play(rng.choice(board.legal_moves()))
        solution = table.lookup(board)
        assert solution.value < 1 or solution.plies <= 7


def test_longest_win_right_and_wrong(capsys):
    assert nb09.longest_win() == (7, 402)
    assert verdict(capsys, "09", 6, (7, 402))[0] is True
    assert verdict(capsys, "09", 6, [Decimal(7), Fraction(402)])[0] is True
    result, out = verdict(capsys, "09", 6, (4, 402))
    assert result is False and "plies: 4 is not right: it is too small. That counts only the winner's moves" in out
    result, out = verdict(capsys, "09", 6, (7, 403))
    assert result is False and "entries: 403 is not right: it is too big." in out


def _longest(plies_of, wins):
    """(most plies, entries reaching it) of the 4×4 table, with the slips written as a learner would."""
    import numpy as np

    table = course_table(4, 4, 4)
    marks = np.array([int(key).bit_count() for key in table.keys])
    scores = table.scores.astype(np.int64)
    plies = np.where(wins(scores, marks), plies_of(16 - marks, marks, scores), -99)
    return int(plies.max()), int(np.count_nonzero(plies == plies.max()))


@pytest.mark.parametrize("plies_of, wins, words", [
    (lambda empty, marks, s: marks - (s - 1), lambda s, m: s > 0, "Count the empty cells, not the marks"),
    (lambda empty, marks, s: empty - (s - 1), lambda s, m: (s > 0) & (m % 2 == 0),
     "Those are only the positions with X to move"),
    (lambda empty, marks, s: empty - (s - 1), lambda s, m: (s > 0) & (m % 2 == 1),
     "Those are only the positions with O to move"),
    (lambda empty, marks, s: empty - (-s - 1), lambda s, m: s < 0, "the side to move loses (a negative score)"),
    (lambda empty, marks, s: empty - s, lambda s, m: s > 0, "so it takes empty - (s - 1) moves"),
    (lambda empty, marks, s: s, lambda s, m: s > 0, "reads the score as the number of moves"),
])
def test_longest_win_slips_are_named(capsys, plies_of, wins, words):
    result, out = verdict(capsys, "09", 6, _longest(plies_of, wins))
    assert result is False and words in out


def test_own_image_counts_the_other_way_round_are_named_as_such():
    judged = exercise("09", 3).judge((21_805, 21_587))
    assert judged.mistake == "swapped" and "pairs" not in judged.text


@pytest.mark.parametrize("symmetric", [False, True])
def test_a_pairing_given_as_a_dict_of_partners_is_read_as_pairs(symmetric):
    pairs = nb09.five_pairing()
    partners = dict(pairs) | ({b: a for a, b in pairs} if symmetric else {})
    assert exercise("09", 5).judge(partners).ok
    assert exercise("09", 5).judge(dict(pairs[:-1])).mistake == "line-without-pair"


def test_a_pair_of_floats_is_told_that_cells_are_whole_numbers():
    judged = exercise("09", 5).judge([(float(a), float(b)) for a, b in nb09.five_pairing()])
    assert judged.mistake == "not-a-pair" and "whole numbers" in judged.text

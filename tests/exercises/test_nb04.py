"""Notebook 04's exercises: every check accepts the worked solution and rejects a learner's typical mistakes."""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from functools import cache

import pytest
from exercise_support import assert_stopped_in_time, forever
from exercise_support import verdict as judged

from ttt import Board, solve
from ttt.exercises import exercise, nb04
from ttt.players import PerfectPlayer
from ttt.solver import move_scores
from ttt.view.hints import cell_hints

# ---------------------------------------------------------------------- 04.1 Hutton's order, literally


def test_minimax_outcome_of_the_empty_board_and_the_notebook_position():
    assert nb04.minimax_outcome(Board.parse("XOX/.O./...")) == "draw"
    assert nb04.minimax_outcome(Board.parse("XX./OO./...")) == "X"
    assert nb04.minimax_outcome(Board.parse("XX./OOO/X..")) == "O"


@cache
def _by_strings(board):
    """The mistake the exercise asks about: max and min of the strings themselves."""
    if board.is_over:
        return board.winner or "draw"
    outcomes = [_by_strings(child) for _, child in board.children()]
    return max(outcomes) if board.turn == "X" else min(outcomes)


@cache
def _swapped(board):
    if board.is_over:
        return board.winner or "draw"
    outcomes = [_swapped(child) for _, child in board.children()]
    return (min if board.turn == "X" else max)(outcomes, key=nb04.ORDER.get)


@pytest.mark.parametrize("mistake, words", [
    (_by_strings, 'Did you compare the strings themselves? As strings "draw" > "X" > "O"'),
    (_swapped, "X and O swapped? X takes the largest outcome, O the smallest."),
    (lambda board: board.winner, "expected: 'draw'\nreturned: None"),
    (lambda board: {"X": "X wins"}.get(board.winner, board.outcome), "Return one of the three strings"),
])
def test_hutton_order_mistakes_show_the_board(capsys, mistake, words):
    result, out = judged(capsys, "04", 1, mistake)
    assert result is False
    assert "minimax_outcome disagrees with the package on this board" in out and "---+---+---" in out
    assert words in out


def _minimax_outcome(board):
    """A learner's own right answer, without a memo, as the hints lead to it: it must fit the check's time."""
    if board.is_over:
        return board.winner or "draw"
    outcomes = [_minimax_outcome(child) for _, child in board.children()]
    return (max if board.turn == "X" else min)(outcomes, key=nb04.ORDER.get)


def test_a_learners_minimax_without_a_memo_passes_well_within_the_budget(capsys):
    import time

    start = time.process_time()
    assert judged(capsys, "04", 1, _minimax_outcome)[0] is True
    assert time.process_time() - start < 2


def test_hutton_order_passes_and_counts_the_string_mistake(capsys):
    result, out = judged(capsys, "04", 1, nb04.minimax_outcome)
    assert result is True and "all 4,388 positions with at least five marks" in out
    later = nb04._later_positions()
    assert len(later) == 5_144
    assert sum(_by_strings(b) != nb04.minimax_outcome(b) for b in later) == 656
    assert "wrong outcome on\n656 of them" in exercise("04", 1).solution_markdown()


# ---------------------------------------------------------------------- 04.2 a loser that gives up


def test_the_give_up_player_plays_the_same_games_from_the_empty_board():
    for mark in "XO":
        start = Board.empty()
        perfect = nb04.games_against_everyone(start, mark, lambda b: [PerfectPlayer().move(b)])
        quitter = nb04.games_against_everyone(start, mark, lambda b: [nb04.GiveUpPlayer().move(b)])
        assert perfect == quitter


def test_two_tables_alike_but_for_the_lengths_of_their_games_read_differently():
    """Issue 20, 6: the success message never shows two identical summaries."""
    perfect = Counter({("win", 7): 2, ("draw", 9): 1, ("loss", 6): 1})
    quitter = Counter({("win", 9): 2, ("draw", 9): 1, ("loss", 6): 1})
    said = nb04._compare_tables(perfect, quitter)
    assert said == ("the perfect player plays 4 games: 2 won (2 in 7 moves), 1 drawn (1 in 9 moves), 1 lost"
                    " (1 in 6 moves); the one that gives up plays 4 games: 2 won (2 in 9 moves), 1 drawn"
                    " (1 in 9 moves), 1 lost (1 in 6 moves)")
    assert nb04._summary(Counter({("win", 5): 1})) == "1 game: 1 won, 0 drawn, 0 lost"


def test_the_first_differing_start_is_lost_and_passes(capsys):
    board = nb04.first_differing_start()
    assert board == Board.parse(".../..O/.XX") and solve(board).value == -1
    result, out = judged(capsys, "04", 2, board)
    assert result is True
    assert ("the perfect player plays 15 games: 10 won, 4 drawn, 1 lost; "
            "the one that gives up plays 13 games: 3 won, 5 drawn, 5 lost") in out


@pytest.mark.parametrize("answer, words", [
    (Board.empty(), "Here the side to move, X, is not lost (value +0)"),
    ("XX./OO./...", "is not lost (value +1)"),
    ("XXX/OO./...", "The game is over on this board"),
    (Board.empty(3, 4, 3), "Give a position of the 3×3 board."),
    ("OO./.../...", "is not a position"),
    (42, "Give a position, as a Board or as text"),
])
def test_give_up_wrong_starts_are_explained(capsys, answer, words):
    result, out = judged(capsys, "04", 2, answer)
    assert result is False and words in out


def test_a_lost_position_with_the_same_tables_is_explained(capsys):
    same = [b for b in nb04.reachable_positions() if not b.is_over and solve(b).value == -1
            and not nb04._tables_differ(b)]
    assert same
    result, out = judged(capsys, "04", 2, same[0])
    assert result is False and "the two players still play the same games" in out


# ---------------------------------------------------------------------- 04.3 coach mode


def test_verdicts_of_the_notebook_positions():
    block = Board.parse("XX./OO./...")
    assert nb04.verdict(block, 2) == "good move"
    assert nb04.verdict(block, 5) == "that was a win in 1; now it is a draw"
    assert nb04.verdict(block, 6) == "that was a win in 1; now it is a loss in 2"
    corner = Board.empty().play(0)
    assert nb04.verdict(corner, 4) == "good move"
    assert nb04.verdict(corner, 1) == "that was a draw; now it is a loss in 6"


def test_coach_mode_passes(capsys):
    result, out = judged(capsys, "04", 3, nb04.verdict)
    assert result is True and "every move of the 627 unfinished 3×3 positions up to symmetry" in out


def _by_scores(board, cell):
    """The mistake of comparing depth-aware scores: a slower win is called a mistake."""
    scores = move_scores(board)
    labels = {c: label for c, (_, label) in cell_hints(board).items()}
    best = max(scores, key=scores.get)
    return "good move" if scores[cell] == scores[best] else f"that was a {labels[best]}; now it is a {labels[cell]}"


def _labels_swapped(board, cell):
    said = nb04.verdict(board, cell)
    if said == "good move":
        return said
    first, second = said[len("that was a "):].split("; now it is a ")
    return f"that was a {second}; now it is a {first}"


@pytest.mark.parametrize("mistake, words", [
    (_by_scores, "A slower win keeps the value"),
    (_labels_swapped, "Is the best move's label first"),
    (lambda board, cell: "good move", "with cell="),
])
def test_coach_mistakes_show_the_board_and_the_cell(capsys, mistake, words):
    result, out = judged(capsys, "04", 3, mistake)
    assert result is False
    assert "verdict disagrees with the package on this board" in out and "---+---+---" in out
    assert words in out


def _opponents_view(board, cell):
    """Issue 20, 2: the child's own score, from the opponent's side, taken as the move's score."""
    scores = {move: solve(board.play(move)).score for move in board.legal_moves()}
    labels = {c: label for c, (_, label) in cell_hints(board).items()}
    best = max(scores, key=scores.get)
    same = (scores[cell] > 0) == (scores[best] > 0) and (scores[cell] < 0) == (scores[best] < 0)
    return "good move" if same else f"that was a {labels[best]}; now it is a {labels[cell]}"


@pytest.mark.parametrize("mistake, words", [
    (_opponents_view, "Those scores are from the opponent's view: solve(board.play(cell)).score scores the position"),
    (lambda board, cell: nb04.verdict(board, cell).replace("; now", ", now"),
     "The words are right but not the punctuation or spacing"),
    (lambda board, cell: nb04.verdict(board, cell).replace("; now", "; Now"),
     "The words are right but not the punctuation or spacing"),
])
def test_coach_slips_of_issue_20_are_named(capsys, mistake, words):
    result, out = judged(capsys, "04", 3, mistake)
    assert result is False and words in out
    assert "A slower win" not in out and "label first" not in out


def test_coach_errors_and_the_starter(capsys):
    def verdict(board, cell):
        raise NotImplementedError

    result, out = judged(capsys, "04", 3, verdict)
    assert result is False and out.startswith("Exercise 04.3 is not answered yet")
    result, out = judged(capsys, "04", 3, lambda board: "good move")          # one argument too few
    assert result is False and "verdict raised an error on this board" in out and "TypeError" in out
    result, out = judged(capsys, "04", 3, "good move")
    assert result is False and "The check needs the function verdict itself" in out


def test_the_coach_widget_shown_in_the_solution_comments_on_each_move():
    shown = exercise("04", 3).solution_markdown()           # what the learner reads, from nb04.md
    (code,) = re.findall(r"```python\n(from ttt\.view\.widgets .*?)\n```", shown, re.S)
    namespace = {"verdict": nb04.verdict}
    *definitions, last = code.splitlines()
    exec("\n".join(definitions), namespace)
    assert last == "CoachWidget()"
    widget = namespace["CoachWidget"]()
    assert widget.click(1)                                # every first move draws
    assert widget.status.value.endswith("<br>Your move 1: good move")
    widget.who_starts.value = "Computer starts"           # X in the corner; O on an edge loses
    assert widget.click(1)
    assert widget.status.value.endswith("<br>Your move 1: that was a draw; now it is a loss in 6")


# ---------------------------------------------------------------------- 04.4 where "10 − depth" breaks


def test_where_ten_breaks():
    board = nb04.where_ten_breaks()
    assert (board.rows, board.cols, board.k) == (3, 4, 3)
    assert board == Board.parse("XXOX/XXOO/OO..", k=3)
    assert nb04.post_scores(board) == {10: -1, 11: 2} and move_scores(board) == {10: 2, 11: -1}


def test_ten_breaks_passes(capsys):
    result, out = judged(capsys, "04", 4, "XXOX/XXOO/OO..")
    assert result is True
    assert "the post's best-move plays cell 11 (loss in 2), throwing away a win in 1" in out


@pytest.mark.parametrize("answer, words", [
    (Board.empty(), "Give a position of the 3×4 board with three in a row"),
    (Board.empty(3, 4, 3), "Here the post's best-move picks cell 1, which keeps the value: win in 7."),
    ("XXX./OO../....", "The game is over on this board"),
])
def test_ten_breaks_wrong_positions_are_explained(capsys, answer, words):
    result, out = judged(capsys, "04", 4, answer)
    assert result is False and words in out


def test_the_post_scores_agree_with_the_notebook_on_3x3():
    # On 3×3 "10 − depth" ranks every move as the depth-aware score does (the notebook's claim).
    board = Board.parse("XO./.X./.O.")
    ours, theirs = move_scores(board), nb04.post_scores(board)
    assert all((ours[a] > ours[b]) == (theirs[a] > theirs[b]) for a in ours for b in ours)
    assert not any(nb04.throws_value_away(b) for b in nb04.reachable_positions() if not b.is_over)


# ---------------------------------------------------------------------- 04.5 against a random opponent


def test_the_exact_chance_and_the_simulation():
    assert nb04.win_chance(Board.empty(), PerfectPlayer()) == Fraction(191, 192)
    assert nb04.simulated_wins() == 9_950                 # the figure the solution quotes
    assert "9,950" in exercise("04", 5).solution_markdown()


@pytest.mark.parametrize("answer, words", [
    (71 / 73, "That is the share of the 73 games that X wins"),
    (Fraction(71, 73), "71/73 is not the exact chance that X wins: it is too small. That is the share of the 73"),
    (Decimal(71) / Decimal(73), "That is the share of the 73 games that X wins"),
    (Fraction(1, 2), "1/2 is not the exact chance that X wins: it is too small."),
    (0.995, "Close: is it an estimate from simulated games?"),
    (9_950, "is not the exact chance that X wins: it is too big"),
    ("191/192", "Give the exact chance that X wins as a number, not the text"),
    (True, "as a number, not True"),
])
def test_chance_mistakes_are_named(capsys, answer, words):
    result, out = judged(capsys, "04", 5, answer)
    assert result is False and words in out


def test_the_exact_chance_as_a_fraction_or_a_float_passes(capsys):
    assert judged(capsys, "04", 5, Fraction(191, 192)) == (True, "Correct: the exact chance that X wins is 191/192.\n")
    assert judged(capsys, "04", 5, 191 / 192)[0] is True
    result, out = judged(capsys, "04", 5, None)
    assert result is False and out.startswith("Exercise 04.5 is not answered yet")


# ---------------------------------------------------------------------- every function check within 3 s


@pytest.mark.parametrize("number, name", [(1, "minimax_outcome"), (3, "verdict")])
def test_an_endless_answer_is_too_slow_within_3_seconds(capsys, number, name):
    assert_stopped_in_time(capsys, "04", number, forever, name)

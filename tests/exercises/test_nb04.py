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
from ttt.positions import random_positions
from ttt.players import PerfectPlayer
from ttt.solver import describe, move_scores
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


def _winner_at_leaves(board):
    """Issue 27: `return board.winner` at a leaf, None for a drawn game."""
    if board.is_over:
        return board.winner
    outcomes = [_winner_at_leaves(child) for _, child in board.children()]
    return (max if board.turn == "X" else min)(outcomes, key=nb04.ORDER.get)


@pytest.mark.parametrize("mistake, slip, words", [
    (_by_strings, "strings_compared", 'Did you compare the strings themselves? As strings "draw" > "X" > "O"'),
    (_swapped, "x_and_o_swapped", "X and O swapped? X takes the largest outcome, O the smallest."),
    (_winner_at_leaves, "winner_for_a_draw", "on a finished board without one, `board.winner` is None"),
    (lambda board: board.winner, "winner_for_a_draw", "expected: 'draw'\nreturned: None"),
    (lambda board: {"X": "X wins"}.get(board.winner, board.outcome), "", "Return one of the three strings"),
    # a list: unhashable, so the words must not look it up in ORDER
    (lambda board: [board.outcome], "", "Return one of the three strings \"O\", \"draw\" and \"X\", not ['X']"),
])
def test_hutton_order_mistakes_show_the_board(capsys, mistake, slip, words):
    assert exercise("04", 1).judge(mistake).mistake == slip
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


def test_a_learners_minimax_without_a_memo_passes(capsys):
    assert judged(capsys, "04", 1, _minimax_outcome)[0] is True


def test_hutton_order_passes_and_counts_the_string_mistake(capsys):
    result, out = judged(capsys, "04", 1, nb04.minimax_outcome)
    assert result is True and "the 603 positions with at least five marks, up to symmetry" in out
    later = [board for board in nb04.all_positions() if board.moves_made >= 4]     # the notebook's later
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
    (Board.empty(3, 4, 3), "the 3×3 board with three in a row (k = 3)"),
    ("OO./.../...", "is not a position"),
    (42, "Give a position, as a Board or as text"),
])
def test_give_up_wrong_starts_are_explained(capsys, answer, words):
    result, out = judged(capsys, "04", 2, answer)
    assert result is False and words in out


def test_a_lost_position_with_the_same_tables_is_explained(capsys):
    same = [b for b in nb04.reachable_positions() if not b.is_over and solve(b).value == -1
            and nb04._tables(b)[0] == nb04._tables(b)[1]]
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
    assert result is True
    assert "every move of the 54 unfinished 3×3 positions with at most three marks, up to symmetry" in out


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


def _opponents_view(board, cell):
    """Issue 20, 2: the child's own score, from the opponent's side, taken as the move's score."""
    scores = {move: solve(board.play(move)).score for move in board.legal_moves()}
    labels = {c: label for c, (_, label) in cell_hints(board).items()}
    best = max(scores, key=scores.get)
    same = (scores[cell] > 0) == (scores[best] > 0) and (scores[cell] < 0) == (scores[best] < 0)
    return "good move" if same else f"that was a {labels[best]}; now it is a {labels[cell]}"


def _min_for_max(board, cell):
    """Issue 27: the right scores, but the best move taken with `min`."""
    scores = move_scores(board)
    labels = {c: label for c, (_, label) in cell_hints(board).items()}
    best = min(scores, key=scores.get)
    same = (scores[cell] > 0) == (scores[best] > 0) and (scores[cell] < 0) == (scores[best] < 0)
    return "good move" if same else f"that was a {labels[best]}; now it is a {labels[cell]}"


def _sentence_case(board, cell):
    """Issue 27: the verdicts written as sentences, "Good move" and "That was a ...; now it is a ..."."""
    said = nb04.verdict(board, cell)
    return said[0].upper() + said[1:]


@pytest.mark.parametrize("mistake, slip, words", [
    (_by_scores, "scores_compared", "A slower win keeps the value"),
    (_labels_swapped, "labels_swapped", "Is the best move's label first"),
    (lambda board, cell: "good move", "", "with cell="),
    (_opponents_view, "worst_move_as_best", "or scores from the opponent's view?"),
    (_min_for_max, "worst_move_as_best", "is it `min` where `max` belongs"),
    (lambda board, cell: nb04.verdict(board, cell).replace("; now", "; Now"), "capitals",
     "The words are right but not the capitals"),
    (_sentence_case, "capitals", "The words are right but not the capitals"),
    (lambda board, cell: nb04.verdict(board, cell).replace("; now", ", now"), "punctuation",
     "The words are right but not the punctuation or spacing"),
    (lambda board, cell: nb04.verdict(board, cell) + ".", "punctuation",
     "The words are right but not the punctuation or spacing"),
    (lambda board, cell: _sentence_case(board, cell) + ".", "capitals_and_punctuation",       # as sentences
     "The words are right but not the capitals, punctuation or spacing"),
])
def test_coach_mistakes_show_the_board_and_name_the_mistake(capsys, mistake, slip, words):
    assert exercise("04", 3).judge(mistake).mistake == slip
    result, out = judged(capsys, "04", 3, mistake)
    assert result is False
    assert "verdict disagrees with the package on this board" in out and "---+---+---" in out
    assert words in out


class _Said(str):
    """A learner's own string type: a right verdict in it is right."""


@pytest.mark.parametrize("answer, slip", [
    (lambda board, cell: _Said(nb04.verdict(board, cell)), None),                           # a str subclass: right
    (lambda board, cell: nb04.verdict(board, cell).upper(), "capitals"),                    # shouted
    (lambda board, cell: nb04.verdict(board, cell).replace(" ", "  "), "punctuation"),      # double spaces
    (lambda board, cell: nb04.verdict(board, cell).replace(" ", "_").title(), "capitals_and_punctuation"),
    (lambda board, cell: "That was a win", ""),           # capitals and punctuation, but the words are wrong too
])
def test_coach_spellings_are_named_by_what_came_back(answer, slip):
    """The spelling slips are recognised on the failing case alone: the same words once folded, and no others."""
    judged_ = exercise("04", 3).judge(answer)
    assert (judged_.ok, judged_.mistake) == ((True, "") if slip is None else (False, slip)), judged_.text


def test_a_verdict_of_the_learners_own_from_the_solver_is_accepted():
    """The reference is built on move_scores and move_hints: a right answer from solve and describe passes."""
    def verdict(board, cell):
        scores = {}
        for move in board.legal_moves():
            scores[move] = -solve(board.play(move)).score
        best, empty = solve(board).score, board.size - board.moves_made
        if (best > 0) == (scores[cell] > 0) and (best < 0) == (scores[cell] < 0):
            return "good move"
        return "that was a " + describe(best, empty) + "; now it is a " + describe(scores[cell], empty)

    assert exercise("04", 3).judge(verdict).ok


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
    solution = exercise("04", 4).solution_markdown()     # the figures the solution quotes
    assert "In `XXOX/XXOO/OO..`\n(X to move), for example," in solution
    assert "cell 10: win in 1, the post's score -1\n  cell 11: loss in 2, the post's score +2" in solution


def test_the_check_follows_the_posts_own_search_where_every_player_chooses_by_its_scores(capsys):
    """Issue 27: rescaling perfect play's lengths is not the post's algorithm; its inner players are misled too."""
    board = Board.parse(".OX./..OX/.XOX", k=3)             # O to move: the post plays 0, a loss; 3 draws
    assert nb04.post_scores(board) == {0: -1, 3: -2, 4: -1, 5: -1, 8: -1}
    assert move_scores(board)[0] < 0 == move_scores(board)[3]
    result, out = judged(capsys, "04", 4, board)
    assert result is True and "the post's best-move plays cell 0 (loss in 2), throwing away a draw" in out
    board = Board.parse("X.XO/XXO./OX.O", k=3)             # O to move: the post plays 1, which wins at once
    assert nb04.post_scores(board) == {1: 0, 7: 0, 10: -2}
    result, out = judged(capsys, "04", 4, board)
    assert result is False and "Here the post's best-move picks cell 1, which keeps the value: win in 1." in out


def test_the_checks_post_search_is_the_worked_solutions_on_random_positions():
    """The check's bitboard search and the worked solution's, on positions of random play (seed 004)."""
    sample = [board for board in random_positions(3, 4, 3, 1_000, 4) if board.moves_made >= 5]
    assert len(sample) > 500
    assert all(nb04._post_pick(board)["posts"] == nb04.post_scores(board) for board in sample)
    breaks = [board for board in sample if nb04._post_pick(board)["breaks"]]
    assert breaks and all(nb04.throws_value_away(board) for board in breaks)


@pytest.mark.parametrize("answer, words", [
    (Board.empty(), "Give a position of the 3×4 board with three in a row"),
    (Board.empty(3, 4, 3), "Here the post's best-move picks cell 1, which keeps the value: win in 7."),
    ("XXX./OO../....", "The game is over on this board"),
])
def test_ten_breaks_wrong_positions_are_explained(capsys, answer, words):
    result, out = judged(capsys, "04", 4, answer)
    assert result is False and words in out


def test_a_refusal_lists_every_moves_score_only_in_practice_mode(capsys, monkeypatch):
    shown = "cell 1: win in 7, the post's score +3"
    assert shown in judged(capsys, "04", 4, Board.empty(3, 4, 3))[1]
    monkeypatch.setenv("TTT_GRADED", "1")
    result, out = judged(capsys, "04", 4, Board.empty(3, 4, 3))
    assert result is False and "picks cell 1, which keeps the value" in out and "the post's score" not in out


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


@pytest.mark.parametrize("answer, slip, words", [
    (71 / 73, "share_of_games", "That is the share of the 73 games that X wins"),
    (Fraction(71, 73), "share_of_games",
     "71/73 is not the exact chance that X wins: it is too small. That is the share of the 73"),
    (Decimal(71) / Decimal(73), "share_of_games", "That is the share of the 73 games that X wins"),
    (Fraction(1), "always_wins", "That would mean X wins every game"),
    (1.0, "always_wins", "That would mean X wins every game"),
    (Fraction(1, 2), "", "1/2 is not the exact chance that X wins: it is too small."),
    (0.995, "estimate", "Close: is it an estimate from simulated games?"),
    (Fraction(9_950, 10_000), "estimate", "Close: is it an estimate from simulated games?"),
    (9_950, "", "is not the exact chance that X wins: it is too big"),
    ("191/192", "", "Give the exact chance that X wins as a number, not the text"),
    (True, "", "as a number, not True"),
])
def test_chance_mistakes_are_named(capsys, answer, slip, words):
    assert exercise("04", 5).judge(answer).mistake == slip
    result, out = judged(capsys, "04", 5, answer)
    assert result is False and words in out
    if slip != "estimate":
        assert "estimate" not in out


def test_the_exact_chance_as_a_fraction_or_a_float_passes(capsys):
    assert judged(capsys, "04", 5, Fraction(191, 192)) == (True, "Correct: the exact chance that X wins is 191/192.\n")
    assert judged(capsys, "04", 5, 191 / 192)[0] is True
    result, out = judged(capsys, "04", 5, None)
    assert result is False and out.startswith("Exercise 04.5 is not answered yet")


# ---------------------------------------------------------------------- every function check within 3 s


@pytest.mark.parametrize("number, name", [(1, "minimax_outcome"), (3, "verdict")])
def test_an_endless_answer_is_too_slow_within_3_seconds(capsys, number, name):
    assert_stopped_in_time(capsys, "04", number, forever, name)


def test_a_start_on_a_3x3_board_with_another_k_is_not_told_to_be_3x3():
    judged = exercise("04", 2).judge(Board.empty(3, 3, 2).play(0))
    assert not judged.ok and "k = 3" in judged.text

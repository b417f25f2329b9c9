"""Notebook 03's exercises: the checks accept the worked solutions and reject typical mistakes in words."""

from __future__ import annotations

import time
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from support import run_python
from exercise_support import MARGIN, as_learners, assert_stopped_in_time, forever, quick_verdict, short_budget, verdict

from ttt import Board
from ttt.exercises import calls, exercise, nb03
from ttt.tree import count_tree, game_tree

# ---------------------------------------------------------------------- 03.1 the 2×2 tree


def test_the_hand_count_matches_count_tree():
    counts = count_tree(Board.empty(2, 2, 2))
    assert nb03.tiny_tree_counts() == (counts.nodes, counts.games, counts.positions) == (41, 24, 29)


def test_tiny_tree_right_answers(capsys):
    assert verdict(capsys, "03", 1, (41, 24, 29))[0] is True
    assert verdict(capsys, "03", 1, [Fraction(41), 24.0, Decimal(29)])[0] is True
    assert verdict(capsys, "03", 1, {"positions": 29, "games": 24, "nodes": 41})[0] is True


@pytest.mark.parametrize("answer, words", [
    ((40, 24, 29), "nodes: 40 is not right: it is too small. Did you leave out the root"),
    ((41, 12, 29), "games: 12 is not right: it is too small. That is the number of final *boards*"),
    ((41, 24, 41), "positions: 41 is not right: it is too big. That is the number of nodes"),
    ((41, 24, 17), "That is the number of unfinished positions"),
    ((Fraction(40), 24, 29), "nodes: 40 is not right: it is too small. Did you leave out the root"),   # issue 20, 1
    ((41, Decimal(12), 29), "games: 12 is not right: it is too small. That is the number of final *boards*"),
    ((41, 24, None), "positions: not answered yet."),
    ((41, 24), "Give 3 numbers in this order, as a tuple or a list: (nodes, games, positions); got 2."),
    (41, "Give 3 numbers in this order"),
    ((None, None, None), "Exercise 03.1 is not answered yet"),
])
def test_tiny_tree_mistakes_are_named(capsys, answer, words):
    result, out = verdict(capsys, "03", 1, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 03.5 count without a tree


def test_count_games_gives_the_notebook_figures():
    assert nb03.count_games(Board.empty()) == 255_168
    assert nb03.count_games(Board.empty(2, 2, 2)) == 24


LABEL = ("Correct: count_games agrees with the package on one in eight 3×3 positions with at least five marks,"
         " a corner opening, and all 29 of 2×2.\n")


def test_a_cached_version_passes(capsys):
    @cache
    def count_games(board):
        if board.is_over:
            return 1
        return sum(count_games(child) for _, child in board.children())

    result, out = quick_verdict(capsys, "03", 5, count_games, 1.0)
    assert result is True and out == LABEL


def test_a_memo_passed_down_passes(capsys):
    def count_games(board, memo=None):
        memo = {} if memo is None else memo
        if board.is_over:
            return 1
        if board not in memo:
            memo[board] = sum(count_games(board.play(cell), memo) for cell in board.legal_moves())
        return memo[board]

    assert quick_verdict(capsys, "03", 5, count_games, 1.0)[0] is True
    assert quick_verdict(capsys, "03", 5, as_learners(nb03.count_games)[0], 1.0)[0] is True


def test_the_worked_solution_as_a_learners_is_accepted_in_a_fresh_process():
    """Issue 27: 03.5's worked solution, typed in as a learner's answer, was refused; a fresh process builds
    the cases and the package's counts too, which are not the answer's time."""
    code = ("from exercise_support import as_learners; from ttt.exercises import exercise, nb03;"
            " print(exercise('03', 5).judge(as_learners(nb03.count_games)[0]).reason)")
    assert run_python(code, path=(Path(__file__).parent, Path(__file__).parent.parent)).strip() == "right"


def test_a_count_by_loops_instead_of_recursion_passes(capsys):
    """Layer by layer, fullest last, each position worked out once: no recursion, so nothing to count by name."""
    def count_games(board):
        layers = [{board}]
        while layers[-1]:
            layers.append({child for b in layers[-1] for _, child in b.children()})
        games = {}
        for layer in reversed(layers):
            for b in layer:
                games[b] = 1 if b.is_over else sum(games[child] for _, child in b.children())
        return games[board]

    assert quick_verdict(capsys, "03", 5, count_games, 2.0)[0] is True


def test_a_count_by_loops_without_a_memo_is_named_no_memo(capsys):
    """An explicit stack makes one call, so there are no calls to count; it asks the same positions for their
    moves again and again, and that is what the check counts then."""
    def count_games(board):
        games, stack = 0, [board]
        while stack:
            b = stack.pop()
            if b.is_over:
                games += 1
            else:
                stack.extend(child for _, child in b.children())
        return games

    verdict = exercise("03", 5).judge(count_games)
    assert (verdict.ok, verdict.mistake) == (False, "no-memo"), verdict.text
    assert "where only 1,870 positions exist" in verdict.text


def test_a_count_by_loops_that_finds_the_empty_cells_itself_is_named_no_memo():
    """The same stack without a memo, its moves found in board.cells, never asks a board for its moves: the moves it
    plays show the work (59,704 on the corner opening, where a memo plays each of its 4,791 moves once)."""
    def count_games(board):
        games, stack = 0, [board]
        while stack:
            b = stack.pop()
            if b.is_over:
                games += 1
            else:
                stack.extend(b.play(cell) for cell in range(b.size) if b.cells[cell] == ".")
        return games

    verdict = exercise("03", 5).judge(count_games)
    assert (verdict.ok, verdict.mistake) == (False, "no-memo"), verdict.text


def test_a_count_by_loops_over_legal_moves_with_a_memo_passes(capsys):
    """The same stack with a memo, asking each position for its legal moves and playing them: right."""
    def count_games(board):
        games, stack = {}, [board]
        while stack:
            b = stack.pop()
            if b not in games:
                games[b] = None
                stack.extend(b.play(move) for move in b.legal_moves())
        for b in sorted(games, key=lambda b: b.moves_made, reverse=True):     # the fullest boards first
            games[b] = 1 if b.is_over else sum(games[b.play(move)] for move in b.legal_moves())
        return games[board]

    assert quick_verdict(capsys, "03", 5, count_games, 2.0)[0] is True


def test_a_memo_in_a_global_dict_passes(capsys):
    memo = {}

    def count_games(board):
        if board.is_over:
            return 1
        if board not in memo:
            memo[board] = sum(count_games(child) for _, child in board.children())
        return memo[board]

    assert quick_verdict(capsys, "03", 5, count_games, 1.0)[0] is True


def test_a_right_count_without_a_memo_says_the_count_is_right_and_a_wrong_one_names_its_slip():
    """no-memo is for a right count made by wasted work: its refusal says the count is right; a count of nodes without
    a memo is named by what it counts (counts-nodes), not by the memo it lacks."""
    def count_games(board):
        if board.is_over:
            return 1
        return sum(count_games(child) for _, child in board.children())

    def count_nodes(board):
        return 1 + sum(count_nodes(child) for _, child in board.children())

    judged = exercise("03", 5).judge(count_games)
    assert judged.mistake == "no-memo" and "counts right on this board" in judged.text
    assert "disagrees" not in judged.text
    assert exercise("03", 5).judge(count_nodes).mistake == "counts-nodes"


def test_no_memo_is_named_within_3_seconds(capsys):
    """Issue 20, 3: the prompt asks for each position once, so a count without a memo is rejected; issue 27:
    the calls are counted without tracing (the global name counts them for the length of the call)."""
    def count_games(board):
        if board.is_over:
            return 1
        return sum(count_games(child) for _, child in board.children())

    assert exercise("03", 5).judge(count_games).mistake == "no-memo"
    result, out = quick_verdict(capsys, "03", 5, count_games)
    assert result is False
    assert "on this board (O to move)" in out and "calls where only 1,870 positions exist" in out
    assert "It works the same positions out again and again. Is the memo used?" in out


def count_games_without_memo(board):
    if board.is_over:
        return 1
    return sum(count_games_without_memo(child) for _, child in board.children())


def test_the_global_name_is_bound_back_after_the_check():
    assert exercise("03", 5).judge(count_games_without_memo).mistake == "no-memo"
    assert globals()["count_games_without_memo"] is count_games_without_memo


def test_no_memo_through_a_helper_is_named_too(capsys):
    """A count that recurses through an inner function is counted by a profile hook on the corner opening."""
    def count_games(board):
        def games(b):
            return 1 if b.is_over else sum(games(child) for _, child in b.children())
        return games(board)

    judged = exercise("03", 5).judge(count_games)
    assert judged.mistake == "no-memo" and "Is the memo used?" in judged.text


def test_a_memo_that_is_never_shared_is_named_no_memo():
    """A memo made afresh in every call is never read: the calls on the corner opening tell, as without one."""
    def count_games(board):
        memo = {}
        if board.is_over:
            return 1
        if board not in memo:
            memo[board] = sum(count_games(child) for _, child in board.children())
        return memo[board]

    judged = exercise("03", 5).judge(count_games)
    assert judged.mistake == "no-memo" and "calls where only 1,870 positions exist" in judged.text


class _Counter:
    """A learner's count as a class: the recursion goes through a method, with the memo on the object or without."""

    def __init__(self, memo):
        self.memo = {} if memo else None

    def games(self, board):
        if board.is_over:
            return 1
        if self.memo is not None and board in self.memo:
            return self.memo[board]
        total = sum(self.games(child) for _, child in board.children())
        if self.memo is not None:
            self.memo[board] = total
        return total


def test_a_count_through_a_method_is_judged_by_its_calls(capsys):
    """The calls are counted by a profile hook, whatever name the recursion goes through."""
    assert quick_verdict(capsys, "03", 5, lambda board: _Counter(memo=True).games(board), 1.0)[0] is True
    assert exercise("03", 5).judge(lambda board: _Counter(memo=False).games(board)).mistake == "no-memo"


def test_an_endless_count_is_named_an_endless_loop_within_3_seconds(capsys):
    """Issue 27: one call that never ends is not asked about a memo."""
    assert "Is the memo used?" not in assert_stopped_in_time(capsys, "03", 5, forever, "count_games")


@cache
def _no_base_case(board):
    return sum(_no_base_case(child) for _, child in board.children())   # 0 on a finished board


@cache
def _counts_nodes(board):
    return 1 + sum(_counts_nodes(child) for _, child in board.children())


@cache
def _nine_cells_only(board):
    """Assumes 3×3: looks at cells 0..8 whatever the board."""
    if board.is_over:
        return 1
    return sum(_nine_cells_only(board.play(cell)) for cell in range(9) if board.cells[cell] == ".")


@pytest.mark.parametrize("mistake, slip, words", [
    (_no_base_case, "zero-at-the-end",
     "A finished board is one complete game (the one that just ended): return 1 there, not 0."),
    (_counts_nodes, "counts-nodes", "That is the number of nodes below this board"),
    (lambda board: count_tree(board).positions, "counts-positions", "That counts each position once; a game is a path"),
    (lambda board: count_tree(board).games - (not board.is_over), "", "expected: "),     # off by one
])
def test_count_games_mistakes_show_the_board(capsys, mistake, slip, words):
    assert exercise("03", 5).judge(mistake).mistake == slip
    result, out = verdict(capsys, "03", 5, mistake)
    assert result is False
    assert "count_games disagrees with the package on this board" in out
    assert "---+---+---" in out and words in out


def test_a_function_written_for_3x3_only_fails_in_words_on_2x2(capsys):
    result, out = verdict(capsys, "03", 5, _nine_cells_only)
    assert result is False
    assert "count_games raised an error on this board (X to move):" in out
    assert "IndexError: string index out of range" in out
    assert "---+---\n" in out                         # a 2×2 board


# ---------------------------------------------------------------------- 03.2 height and width


def test_height_and_widths_of_the_full_tree():
    full = game_tree(Board.empty())
    assert nb03.height(full) == 9
    assert nb03.widths(full) == list(count_tree(Board.empty()).nodes_per_ply)
    assert nb03.widths(game_tree(Board.parse("XXX/OO./..."))) == [1]     # a finished board: a leaf
    assert nb03.height(game_tree(Board.parse("XXX/OO./..."))) == 0


def test_height_and_widths_pass(capsys):
    result, out = verdict(capsys, "03", 2, (nb03.height, nb03.widths))
    assert result is True
    assert out == ("Correct: height agrees with the package on the trees of all 3,128 3×3 positions with at least six"
                   " marks and of all 29 of 2×2.\nwidths agrees with the package on the trees of all 3,128 3×3 positions"
                   " with at least six marks and of all 29 of 2×2.\n")
    assert len(nb03._tree_positions()) == 3_128 + 29


def test_a_learners_own_height_and_widths_pass_as_a_list(capsys):
    """Issue 20, 6: one shape rule, so a list [height, widths] is accepted as the tuple is; and in time."""
    height, widths = as_learners(nb03.height, nb03.widths)
    assert verdict(capsys, "03", 2, [height, widths])[0] is True
    assert verdict(capsys, "03", 2, (height, widths))[0] is True


def test_the_widths_reference_is_count_tree():
    for board in nb03._tree_positions():
        per_ply = count_tree(board).nodes_per_ply[board.moves_made:]
        assert list(per_ply[:len(list(nb03._nodes_per_depth(board)))]) == list(nb03._nodes_per_depth(board))
        assert not any(per_ply[len(list(nb03._nodes_per_depth(board))):])


def _widths_as_tuple(tree, memo={}):
    """A second right answer: each depth counted on its own (remembered by board and depth), as a tuple."""
    def at(node, depth):
        if (node.board, depth) not in memo:
            memo[node.board, depth] = 1 if depth == 0 else sum(at(child, depth - 1) for child in node.children)
        return memo[node.board, depth]
    return tuple(at(tree, depth) for depth in range(nb03.height(tree) + 1))


def test_a_widths_returning_a_tuple_passes():
    late = game_tree(Board.parse(".OX/XOX/..."))
    assert _widths_as_tuple(late) == (1, 4, 9, 14, 6) and nb03.widths(late) == [1, 4, 9, 14, 6]
    assert exercise("03", 2).judge((nb03.height, _widths_as_tuple)).ok


def _widths_by_numpy(tree):
    """A learner's widths by numpy: every node's depth, counted by np.bincount (an array, not a list)."""
    import numpy as np

    depths, stack = [], [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        depths.append(depth)
        stack.extend((child, depth + 1) for child in node.children)
    return np.bincount(depths)


def test_widths_in_any_sequence_passes_and_a_set_or_a_dict_is_not_a_list():
    assert exercise("03", 2).judge((nb03.height, _widths_by_numpy)).ok
    assert exercise("03", 2).judge((nb03.height, lambda tree: iter(nb03.widths(tree)))).ok
    for other in (lambda tree: set(nb03.widths(tree)), lambda tree: dict(enumerate(nb03.widths(tree))), nb03.height):
        assert exercise("03", 2).judge((nb03.height, other)).mistake == "wrong-type"


def _nodes_on_path(tree):
    return 1 + max((_nodes_on_path(child) for child in tree.children), default=0)


def _height_without_base_case(tree):
    return 1 + max(_height_without_base_case(child) for child in tree.children)     # max() of nothing on a leaf


def _widths_by_game_ply(tree):
    return [0] * tree.board.moves_made + nb03.widths(tree)


@pytest.mark.parametrize("answer, slip, words", [
    ((_nodes_on_path, nb03.widths), "counts-nodes-on-path",
     "That counts the nodes on the longest path; height counts the moves"),
    ((lambda tree: tree.board.size - tree.board.moves_made, nb03.widths), "empty-cells",           # issue 20, 2
     "That is the number of empty cells, but a game can end before the board is full"),
    ((lambda tree: 1 + min(map(nb03.height, tree.children)) if tree.children else 0, nb03.widths), "shortest_path",
     "That path is too short: height is the *longest* path"),
    ((nb03.height, lambda tree: [1] * len(nb03.widths(tree))), "one-path", "not one path through the tree"),
    ((_height_without_base_case, nb03.widths), "error", "ValueError: max() arg is an empty sequence"),
    ((nb03.height, lambda tree: nb03.widths(tree)[1:]), "root-missing", "The root is missing"),
    ((nb03.height, _widths_by_game_ply), "from-the-empty-board", "Your list starts at the empty board"),
    ((nb03.height, lambda tree: len(nb03.widths(tree))), "wrong-type", "returned 1 (an int): expected a list of numbers"),
])
def test_height_and_widths_mistakes_show_the_board(capsys, answer, slip, words):
    assert exercise("03", 2).judge(answer).mistake == slip
    result, out = verdict(capsys, "03", 2, answer)
    assert result is False
    assert "---+---+---" in out and words in out


@pytest.mark.parametrize("answer, words", [
    (nb03.widths, "Give 2 functions in this order, as a tuple or a list: (height, widths), not <function widths"),
    ((nb03.height, 3), "The check needs the function widths itself, but it got 3 (an int)."),
])
def test_height_and_widths_need_two_functions(capsys, answer, words):
    result, out = verdict(capsys, "03", 2, answer)
    assert result is False and words in out


def test_the_height_and_widths_starter_is_not_answered_yet(capsys):
    def height(tree):
        raise NotImplementedError

    def widths(tree):
        raise NotImplementedError

    result, out = verdict(capsys, "03", 2, (height, widths))
    assert result is False and out.startswith("Exercise 03.2 is not answered yet")
    result, out = verdict(capsys, "03", 2, (nb03.height, widths))
    assert result is False and "Exercise 03.2 is not answered yet" in out and "in widths" in out


# ---------------------------------------------------------------------- 03.3 the most popular position


def test_the_most_popular_positions_are_the_unfinished_ones_of_ply_8():
    ways = nb03.path_counts()
    assert len(ways) == 5_478 and ways[Board.empty()] == 1
    assert sum(ways.values()) == count_tree(Board.empty()).nodes                      # every node once
    top = [board for board, paths in ways.items() if paths == 576 and not board.is_over]
    assert len(top) == 222 and {board.moves_made for board in top} == {8}
    assert nb03.most_popular() == (576, 222)


def test_the_last_hint_comes_close_without_the_answer():
    """Issue 20, 4: the last hint of 03.3 no longer states 576 on ply 8."""
    last = exercise("03", 3).hints[-1]
    assert not any(figure in last for figure in ("576", "222", "ply 8", "4!"))


@pytest.mark.parametrize("answer, words", [
    ((2_880, 222), "That is a finished position (ply 9)"),
    ((576, 1), "Several positions tie for the most"),
    ((576, 390), "the finished ones among them do not count"),
    ((36, 222), "ways: 36 is not right: it is too small."),
])
def test_most_popular_mistakes_are_named(capsys, answer, words):
    result, out = verdict(capsys, "03", 3, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 03.4 lazy and 4×4


def test_the_lazy_4x4_figures():
    assert nb03.lazy_4x4_figures() == (3_617, 7, 63_994_817)
    assert count_tree(Board.empty(3, 3, 3)).games_by_length[:5] == (0,) * 5                 # the same rule on 3×3


@pytest.mark.parametrize("answer, words", [
    ((3_616, 7, 63_994_817), "nodes: 3,616 is not right: it is too small. Did you leave out the root?"),
    ((3_617, 4, 63_994_817), "A line needs four marks of X"),
    ((3_617, 7, 6_337_217), "That stops before ply 7"),
    ((3_617, 7, 57_657_600), "That is ply 7 alone"),
])
def test_lazy_mistakes_are_named(capsys, answer, words):
    result, out = verdict(capsys, "03", 4, answer)
    assert result is False and words in out


# ---------------------------------------------------------------------- 03.6 wins on the last move


def test_wins_on_the_last_move():
    assert nb03.last_move_wins() == (81_792, 62)
    answer = exercise("03", 6).solution_markdown()
    assert "81,792" in answer and "62 different boards" in answer


@pytest.mark.parametrize("answer, words", [
    ((127_872, 62), "That is every game of length 9: the draws last nine moves too."),
    ((81_792, 78), "That is every full board: 16 of them are draws."),
    ((81_792, None), "boards: not answered yet."),
])
def test_last_move_mistakes_are_named(capsys, answer, words):
    result, out = verdict(capsys, "03", 6, answer)
    assert result is False and words in out


def test_an_endless_height_is_too_slow_within_3_seconds(capsys):
    def height(tree):
        while True:
            pass

    with short_budget() as seconds:
        start = time.process_time()
        result, out = verdict(capsys, "03", 2, (height, nb03.widths))
        assert time.process_time() - start < seconds + MARGIN + calls.DIAGNOSIS_SECONDS
    assert result is False and out.startswith("height never finished on the tree of this board")
    with short_budget():
        assert exercise("03", 2).judge((height, nb03.widths)).mistake == "endless-loop"

"""Learned evaluation: features, the two learners, matches and the depth-limited search."""

import random

import numpy as np
import pytest

from ttt import Board, BoardError, other
from ttt.features import FEATURE_NAMES, features, line_states
from ttt.learn import LinearPlayer, TDPlayer, depth_limited_player, search_value, squash, train_lms, train_td
from ttt.match import games_against_perfect, optimal_share, unfinished_positions
from ttt.players import MatchResult, PerfectPlayer, RandomPlayer, play_game, play_match
from ttt.table import solved_table
from ttt.symmetry import images

TABLE = solved_table()
UNFINISHED = unfinished_positions()


def reference_features(board, mark):
    """The seven counts straight from their definitions, one line at a time."""
    k = board.k
    counts = dict.fromkeys(FEATURE_NAMES, 0)
    counts["bias"] = 1
    for line in board.geometry.lines:
        marks = [board.cells[i] for i in line]
        mine, theirs, empty = marks.count(mark), marks.count(other(mark)), marks.count(".")
        counts["my_twos"] += mine == k - 1 and empty == 1 and mine > 0
        counts["their_twos"] += theirs == k - 1 and empty == 1 and theirs > 0
        counts["my_ones"] += mine == 1 and empty == k - 1
        counts["their_ones"] += theirs == 1 and empty == k - 1
        counts["my_wins"] += mine == k
        counts["their_wins"] += theirs == k
    return tuple(counts[name] for name in FEATURE_NAMES)


def random_positions(rows, cols, k, n, seed):
    rng = random.Random(seed)
    boards = []
    for _ in range(n):
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(rows * cols + 1)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        boards.append(board)
    return boards


# ---------------------------------------------------------------------- features
def test_features_of_hand_made_boards():
    assert features(Board.empty()) == (1, 0, 0, 0, 0, 0, 0)
    # O has just moved: O has one mark alone in row 1, column 1 and the anti-diagonal; X in row 0 and column 0.
    board = Board.parse("X../.O./...")
    assert features(board) == (1, 0, 0, 3, 2, 0, 0)
    assert features(board, "X") == (1, 0, 0, 2, 3, 0, 0)
    # X has won on the top row; O threatens in the middle row; X is alone in the right column.
    won = Board.parse("XXX/OO./...")
    assert features(won) == (1, 0, 1, 1, 0, 1, 0)
    assert features(won, "O") == (1, 1, 0, 0, 1, 0, 1)


def test_empty_cells_in_columns_are_empty_not_the_opponents():
    # The source compared column cells with 0 instead of the empty mark, so the two
    # empty cells of column 1 made three "opponent" marks, and X's column-0 threat
    # (X, X, empty) looked like a blocked line.  Here every count is by the definition.
    board = Board.parse("X.O/X../...")
    assert features(board) == (1, 1, 0, 2, 2, 0, 0)  # X has just moved
    states = line_states(board)
    assert states["my_twos"] == [(0, 3, 6)]
    assert states["their_wins"] == []
    assert sorted(states["my_ones"]) == [(0, 4, 8), (3, 4, 5)]
    assert sorted(states["their_ones"]) == [(2, 4, 6), (2, 5, 8)]


@pytest.mark.parametrize("shape", [(3, 3, 3), (4, 4, 3), (3, 4, 3), (4, 4, 4), (3, 3, 2)])
def test_features_match_their_definitions_on_many_boards(shape):
    for board in random_positions(*shape, n=300, seed=sum(shape)):
        for mark in ("X", "O"):
            expected = reference_features(board, mark)
            assert features(board, mark) == expected, board.notation
            drawn = line_states(board, mark)
            assert tuple(len(drawn[name]) for name in FEATURE_NAMES[1:]) == expected[1:], board.notation


def test_features_default_to_the_side_that_just_moved():
    for board in UNFINISHED[::50]:
        assert features(board) == features(board, other(board.turn))
    with pytest.raises(ValueError):
        features(Board.empty(), "Z")


def test_their_wins_is_zero_on_every_reachable_board_for_the_side_that_just_moved():
    assert all(features(board)[6] == 0 for board in UNFINISHED)


# ---------------------------------------------------------------------- training
def test_lms_training_is_reproducible_for_a_seed():
    first = train_lms(games=300, seed=7, progress=False)
    again = train_lms(games=300, seed=7, progress=False)
    other_seed = train_lms(games=300, seed=8, progress=False)
    assert isinstance(first, LinearPlayer) and first.weights.shape == (7,)
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, other_seed.weights)


def test_td_training_is_reproducible_for_a_seed():
    first = train_td(games=500, seed=7, progress=False)
    again = train_td(games=500, seed=7, progress=False)
    other_seed = train_td(games=500, seed=8, progress=False)
    assert isinstance(first, TDPlayer) and first.values
    assert first.values == again.values
    assert first.values != other_seed.values


def test_short_training_improves_the_share_of_optimal_moves():
    assert optimal_share(train_lms(games=300, seed=0, progress=False)) > optimal_share(
        train_lms(games=0, seed=0, progress=False)
    ) + 0.1
    assert optimal_share(train_td(games=2000, seed=0, progress=False)) > optimal_share(
        train_td(games=0, seed=0, progress=False)
    ) + 0.05


def test_td_values_are_shared_by_symmetric_boards_and_finished_boards_are_exact():
    player = train_td(games=300, seed=1, progress=False)
    board = Board.parse("X../.O./..X")
    assert len({player.value(image) for image in images(board)}) == 1
    assert player.value(Board.parse("XXX/OO./...")) == 1.0
    assert player.value(Board.parse("XOX/XOO/OXX")) == 0.5
    assert player.evaluate(Board.parse("XXX/OO./...")) == 1.0
    assert all(0.0 <= v <= 1.0 for v in player.values.values())


def test_linear_player_follows_its_weights():
    board = Board.parse("XX./OO./...")  # X to move: 2 wins at once
    player = LinearPlayer([0, 0, 0, 0, 0, 1, 0])
    assert player.move(board) == 2 and player.evaluate(board.play(2)) == 1
    player.weights = [0, 0, 0, 0, 0, -1, 0]  # now it dislikes completing a line
    assert player.move(board) != 2
    assert player.weights.tolist() == [0, 0, 0, 0, 0, -1, 0]


def test_callback_sees_every_game():
    seen = []
    train_td(games=20, seed=0, progress=False, callback=lambda n, p: seen.append(n))
    assert seen == list(range(1, 21))


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        train_lms(games=-1, progress=False)
    with pytest.raises(ValueError):
        train_td(games=2.5, progress=False)
    with pytest.raises(ValueError):
        depth_limited_player(lambda b: 0.0, depth=0)
    with pytest.raises(BoardError):
        LinearPlayer([0.0] * 7).move(Board.parse("XXX/OO./..."))


# ---------------------------------------------------------------------- matches and judging
def test_play_match_tallies_add_up_and_repeat_with_the_seed():
    for a_plays in ("X", "O", "alternate"):
        result = play_match(RandomPlayer(), RandomPlayer(), games=40, seed=3, a_plays=a_plays)
        assert isinstance(result, MatchResult)
        assert result.wins + result.draws + result.losses == result.games == 40
        assert result == play_match(RandomPlayer(), RandomPlayer(), games=40, seed=3, a_plays=a_plays)
    with pytest.raises(ValueError):
        play_match(RandomPlayer(), RandomPlayer(), games=1, a_plays="both")


def test_play_match_counts_from_a_s_side_and_records_a_s_positions():
    result = play_match(PerfectPlayer(seed=0), RandomPlayer(), games=30, seed=0, a_plays="O")
    assert result.losses == 0 and result.wins > 0
    assert result.positions and all(board.turn == "O" for board in result.positions)
    lost = play_match(RandomPlayer(), PerfectPlayer(seed=0), games=30, seed=0, a_plays="X")
    assert lost.wins == 0 and lost.losses > 0


def test_play_game_ends_in_a_finished_position():
    boards = play_game(RandomPlayer(1), RandomPlayer(2))
    assert boards[0] == Board.empty() and boards[-1].is_over
    assert all(b.moves_made == i for i, b in enumerate(boards))


def test_optimal_share_of_reference_players():
    assert len(UNFINISHED) == 4520
    assert optimal_share(PerfectPlayer(seed=0)) == 1.0
    assert 0.4 < optimal_share(RandomPlayer(seed=0)) < 0.8


class LowestCell:
    def move(self, board):
        return board.legal_moves()[0]


class FirstBestMove:
    def move(self, board):
        return TABLE.lookup(board).best_moves[0]


def test_games_against_perfect_cover_every_optimal_reply():
    for mark in ("X", "O"):
        games = games_against_perfect(FirstBestMove(), mark)
        assert games and {result for _, result in games} == {"draw"}
        assert len({moves for moves, _ in games}) == len(games)
        for moves, _ in games:  # each game replays to a finished board, the opponent always optimal
            board = Board.empty()
            for cell in moves:
                if board.turn != mark:
                    assert cell in TABLE.lookup(board).best_moves
                board = board.play(cell)
            assert board.is_over
    assert "loss" in {result for _, result in games_against_perfect(LowestCell(), "X")}


# ---------------------------------------------------------------------- depth-limited search
def perfect_evaluation(board):
    """The true value for the side that has just moved: minus the value for the side to move."""
    return -TABLE.lookup(board).value


@pytest.mark.parametrize("depth", [1, 2])
def test_search_with_a_perfect_evaluation_plays_perfectly(depth):
    assert optimal_share(depth_limited_player(perfect_evaluation, depth)) == 1.0


def test_full_depth_search_gives_the_exact_score_whatever_the_evaluation():
    rng = random.Random(0)
    nonsense = lambda board: rng.uniform(-50, 50)  # noqa: E731 - never reached at full depth
    for board in UNFINISHED:
        empty = board.size - board.moves_made
        assert search_value(board, nonsense, empty) == TABLE.lookup(board).score, board.notation
    assert optimal_share(depth_limited_player(nonsense, 9)) == 1.0


def test_horizon_values_stay_below_any_finished_game():
    for value in (-1e9, -3.0, 0.0, 0.5, 1e9):
        assert -1.0 < squash(value) < 1.0
    assert squash(2.0) > squash(1.0)
    # Depth 1 with an evaluation that hates winning still takes a win on the board: it is scored exactly.
    board = Board.parse("XX./OO./...")
    assert depth_limited_player(lambda b: -1e6 if b.winner else 0.0, 1).move(board) == 2

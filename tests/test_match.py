"""Matches and judging (ttt.match): tallies that add up and repeat, and players scored against perfect play."""

import pytest

from ttt import Board
from ttt.match import MatchResult, games_against_perfect, optimal_share, play_game, play_match, unfinished_positions
from ttt.players import PerfectPlayer, RandomPlayer
from ttt.retrograde import tablebase
from support import UNFINISHED

TABLE = tablebase(3, 3, 3)


class LowestCell:
    def move(self, board):
        return board.legal_moves()[0]


class FirstBestMove:
    def move(self, board):
        return TABLE.lookup(board).best_moves[0]


# ---------------------------------------------------------------------- matches


def test_play_match_tallies_add_up_and_repeat_with_the_seed():
    for a_plays in ("X", "O", "alternate"):
        result = play_match(RandomPlayer(), RandomPlayer(), games=40, seed=3, a_plays=a_plays)
        assert isinstance(result, MatchResult)
        assert result.wins + result.draws + result.losses == result.games == 40
        assert result == play_match(RandomPlayer(), RandomPlayer(), games=40, seed=3, a_plays=a_plays)
        assert result.as_dict() == {"wins": result.wins, "draws": result.draws, "losses": result.losses}


def test_play_match_counts_from_a_s_side_and_records_a_s_positions():
    result = play_match(PerfectPlayer(seed=0), RandomPlayer(), games=30, seed=0, a_plays="O")
    assert result.losses == 0 and result.wins > 0
    assert result.positions and all(board.turn == "O" for board in result.positions)
    lost = play_match(RandomPlayer(), PerfectPlayer(seed=0), games=30, seed=0, a_plays="X")
    assert lost.wins == 0 and lost.losses > 0


def test_alternate_gives_a_the_first_move_in_the_even_games():
    result = play_match(LowestCell(), LowestCell(), games=4, a_plays="alternate")
    # Lowest cell against lowest cell: X always wins (0, 1, 2, 3, 4, 5, 6: X takes the diagonal 2, 4, 6).
    assert (result.wins, result.draws, result.losses) == (2, 0, 2)
    assert play_match(LowestCell(), LowestCell(), games=0) == MatchResult(0, 0, 0)


def test_play_match_from_another_start():
    start = Board.parse("X../.O./...")
    result = play_match(RandomPlayer(), RandomPlayer(), games=10, seed=1, a_plays="X", start=start)
    assert result.games == 10 and all(board.moves_made >= 2 for board in result.positions)


def test_bad_match_arguments():
    with pytest.raises(ValueError, match="a_plays"):
        play_match(RandomPlayer(), RandomPlayer(), games=1, a_plays="both")
    for games in (-1, 2.5, True):
        with pytest.raises(ValueError, match="games"):
            play_match(RandomPlayer(), RandomPlayer(), games=games)


def test_play_game_ends_in_a_finished_position():
    boards = play_game(RandomPlayer(1), RandomPlayer(2))
    assert boards[0] == Board.empty() and boards[-1].is_over
    assert all(b.moves_made == i for i, b in enumerate(boards))
    start = Board.parse("XX./OO./...")
    assert play_game(LowestCell(), LowestCell(), start) == [start, start.play(2)]


# ---------------------------------------------------------------------- judging moves


def test_unfinished_positions():
    positions = unfinished_positions()
    assert len(positions) == 4520 and positions == list(UNFINISHED)
    assert len(unfinished_positions(2, 2, 2)) == 1 + 4 + 12


def test_optimal_share_of_reference_players():
    assert optimal_share(PerfectPlayer(seed=0)) == 1.0
    assert 0.4 < optimal_share(RandomPlayer(seed=0)) < 0.8
    assert optimal_share(FirstBestMove(), UNFINISHED[:100], TABLE) == 1.0
    board = Board.parse("XX./OO./...")  # X must win at 2: the lowest cell is 2 here
    assert optimal_share(LowestCell(), [board, board, Board.parse("XO./XO./...")]) == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="at least one position"):
        optimal_share(LowestCell(), [])


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
    with pytest.raises(ValueError, match="mark"):
        games_against_perfect(LowestCell(), "Z")

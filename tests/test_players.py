"""Computer players: legal moves, reproducible with a seed, and the perfect one never loses."""

import pytest

from ttt import Board, BoardError
from ttt.players import PerfectPlayer, RandomPlayer
from ttt.tree import reachable_positions
from support import reference_score


def play_out(players, board=None):
    """Play a game between ``{"X": player, "O": player}``, checking every move is legal."""
    board = Board.empty() if board is None else board
    while not board.is_over:
        cell = players[board.turn].move(board)
        assert cell in board.legal_moves()
        board = board.play(cell)
    return board


UNFINISHED = [b for b in reachable_positions() if not b.is_over]


@pytest.mark.parametrize("perfect_mark", ["X", "O"])
def test_the_perfect_player_never_loses_to_random_play(perfect_mark):
    results = []
    for seed in range(150):
        random_mark = "O" if perfect_mark == "X" else "X"
        perfect = PerfectPlayer(seed=seed if seed % 2 else None)
        final = play_out({perfect_mark: perfect, random_mark: RandomPlayer(seed=seed)})
        results.append(final.outcome)
    assert random_mark not in results
    assert perfect_mark in results  # and it does punish random play


@pytest.mark.parametrize("seeds", [(None, None), (1, 2), (3, None), (None, 4), (5, 6)])
def test_perfect_against_perfect_is_a_draw(seeds):
    x_seed, o_seed = seeds
    final = play_out({"X": PerfectPlayer(x_seed), "O": PerfectPlayer(o_seed)})
    assert final.outcome == "draw" and final.is_full


def test_the_perfect_player_takes_a_depth_aware_best_move_everywhere():
    player = PerfectPlayer()
    for board in UNFINISHED:
        scores = {cell: -reference_score(child) for cell, child in board.children()}
        top = max(scores.values())
        best = [cell for cell in sorted(scores) if scores[cell] == top]
        assert player.best_moves(board) == best, board.notation
        assert player.move(board) == best[0]  # no seed: the lowest-numbered best move


def test_it_wins_fastest_and_loses_slowest():
    assert PerfectPlayer().move(Board.parse("XX./.O./O..")) == 2  # win now rather than block
    # X is lost either way; blocking O's threat at 2 makes the game last four more plies, not two.
    lost = Board.parse(".../..O/XXO")
    assert PerfectPlayer().best_moves(lost) == [2] and PerfectPlayer(seed=1).move(lost) == 2


def test_a_seed_makes_the_choice_among_equals_reproducible():
    ties = [b for b in UNFINISHED if len(PerfectPlayer().best_moves(b)) > 1][:200]
    first = [PerfectPlayer(seed=7).move(b) for b in ties]
    assert [PerfectPlayer(seed=7).move(b) for b in ties] == first
    assert any(move != PerfectPlayer().best_moves(b)[0] for move, b in zip(first, ties))
    assert all(move in PerfectPlayer().best_moves(b) for move, b in zip(first, ties))


def test_random_player_is_reproducible_and_uses_every_move():
    board = Board.empty()
    moves = [RandomPlayer(seed=s).move(board) for s in range(100)]
    assert moves == [RandomPlayer(seed=s).move(board) for s in range(100)]
    assert set(moves) == set(range(9))
    player = RandomPlayer(seed=1)
    assert all(player.move(b) in b.legal_moves() for b in UNFINISHED[::10])


@pytest.mark.parametrize("player", [RandomPlayer(), PerfectPlayer(), PerfectPlayer(seed=1)], ids=repr)
def test_no_move_on_a_finished_board(player):
    for notation in ("XXX/OO./...", "XOX/XOO/OXX"):
        with pytest.raises(BoardError, match="game is over"):
            player.move(Board.parse(notation))


def test_players_on_a_larger_board():
    final = play_out({"X": PerfectPlayer(), "O": RandomPlayer(seed=3)}, Board.empty(3, 4, 3))
    assert final.outcome == "X"  # X wins 3×4 with perfect play

"""Every player of the course (ttt.players): legal moves, reproducible with a seed, and the right choices.

Matches between players and judging them against perfect play are tested in
test_match.py; the searches behind them in their own modules' tests.
"""

import random

import pytest

from ttt import Board, BoardError, other
from ttt.limited import LimitedSearch
from ttt.match import optimal_share, play_game
from ttt.players import (
    FullSearchPlayer,
    LinearPlayer,
    PerfectPlayer,
    RandomPlayer,
    SearchPlayer,
    ShortcutPlayer,
    TDPlayer,
    afterstates,
    greedy_move,
)
from ttt.retrograde import tablebase
from support import EMPTY, UNFINISHED, reference_best_moves, reference_score

TABLE = tablebase(3, 3, 3)


def play_out(players, board=None):
    """Play a game between ``{"X": player, "O": player}``, checking every move is legal."""
    board = Board.empty() if board is None else board
    while not board.is_over:
        cell = players[board.turn].move(board)
        assert cell in board.legal_moves()
        board = board.play(cell)
    return board


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


def test_players_on_a_larger_board():
    final = play_out({"X": PerfectPlayer(), "O": RandomPlayer(seed=3)}, Board.empty(3, 4, 3))
    assert final.outcome == "X"  # X wins 3×4 with perfect play


# ---------------------------------------------------------------------- every player: one wording for "the game is over"

EVERY_PLAYER = [
    RandomPlayer(),
    PerfectPlayer(),
    PerfectPlayer(seed=1),
    FullSearchPlayer(),
    ShortcutPlayer(),
    ShortcutPlayer(ask_for_win=True),
    LinearPlayer([0.0] * 7),
    TDPlayer(),
    SearchPlayer(),
    SearchPlayer(1, lambda board: 0.0, threats=False, seed=2),
]


@pytest.mark.parametrize("player", EVERY_PLAYER, ids=repr)
def test_no_move_on_a_finished_board(player):
    for notation, why in (("XXX/OO./...", "X has won"), ("XX./OOO/X..", "O has won"), ("XOX/XOO/OXX", "it is a draw")):
        with pytest.raises(BoardError) as refused:
            player.move(Board.parse(notation))
        assert str(refused.value) == f"the game is over ({why}): no more moves"


@pytest.mark.parametrize("player", EVERY_PLAYER, ids=repr)
def test_every_player_plays_legal_moves_to_the_end(player):
    boards = play_game(player, RandomPlayer(seed=5))
    assert boards[-1].is_over
    boards = play_game(RandomPlayer(seed=6), player)
    assert boards[-1].is_over


# ---------------------------------------------------------------------- notebook 06: full search and the shortcut


def test_asking_for_a_win_first_plays_like_the_full_search():
    full, asking = FullSearchPlayer(), ShortcutPlayer(ask_for_win=True)
    for board in UNFINISHED:
        assert asking.move(board) == full.move(board) == reference_best_moves(board)[0]


def play(x_player, o_player):
    return play_game(x_player, o_player)[-1].outcome


def test_against_the_same_random_games_the_full_search_wins_more():
    full, shortcut = FullSearchPlayer(), ShortcutPlayer()
    pairs = []
    for seed in range(150):
        pairs.append((play(full, RandomPlayer(seed)), play(shortcut, RandomPlayer(seed))))
        pairs.append((play(RandomPlayer(seed), full), play(RandomPlayer(seed), shortcut)))
    assert all(outcome in ("X", "O", "draw") for pair in pairs for outcome in pair)
    xs = pairs[0::2]
    os_ = pairs[1::2]
    assert not any("O" in pair for pair in xs) and not any("X" in pair for pair in os_)  # neither ever loses
    assert not any(f == "draw" and s != "draw" for f, s in pairs)  # the shortcut never wins where full draws
    assert any(f != "draw" and s == "draw" for f, s in pairs)


def test_a_player_keeps_its_table_between_moves():
    full = FullSearchPlayer()
    full.move(EMPTY)
    assert len(full.table) == 5478 - 1  # every position but the empty board, from its nine children
    shortcut = ShortcutPlayer()
    shortcut.move(EMPTY)
    size = len(shortcut.table)
    shortcut.move(EMPTY)
    assert size > 0 and len(shortcut.table) == size


# ---------------------------------------------------------------------- notebook 08: learned evaluations


def test_afterstates_are_the_children_remembered():
    board = Board.parse("XO./.../...")
    assert afterstates(board) == tuple(board.children())
    assert afterstates(board) is afterstates(Board.parse("XO./.../..."))


def test_greedy_move_takes_the_best_rated_board_and_the_lowest_cell_on_ties():
    board = Board.parse("XO./.../...")
    assert greedy_move(board, lambda b: 0.0) == 2
    assert greedy_move(board, lambda b: 1.0 if b[2, 2] == "X" else 0.0) == 8
    with pytest.raises(BoardError, match="game is over"):
        greedy_move(Board.parse("XXX/OO./..."), lambda b: 0.0)


def test_linear_player_follows_its_weights():
    board = Board.parse("XX./OO./...")  # X to move: 2 wins at once
    player = LinearPlayer([0, 0, 0, 0, 0, 1, 0])
    assert player.move(board) == 2 and player.evaluate(board.play(2)) == 1
    player.weights = [0, 0, 0, 0, 0, -1, 0]  # now it dislikes completing a line
    assert player.move(board) != 2
    assert player.weights.tolist() == [0, 0, 0, 0, 0, -1, 0]
    assert player.coefficients == [0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0]
    assert all(type(w) is float for w in player.coefficients)
    assert repr(player).startswith("LinearPlayer(bias=+0.000, my_twos=+0.000")


def test_linear_player_weights_are_a_copy():
    player = LinearPlayer([0.5] * 7)
    weights = player.weights
    weights[0] = 9.0  # changing the array does not change the player ...
    assert player.coefficients[0] == 0.5
    player.coefficients[0] = 2.0  # ... but its coefficients are its weights
    assert player.weights[0] == 2.0


def test_td_player_values_keys_and_evaluation():
    values = {}
    player = TDPlayer(values)
    assert player.values is values and player.symmetry
    board = Board.parse("..X/.O./...")
    values[player.key(board)] = 0.75
    assert player.value(Board.parse("X../.O./...")) == 0.75  # an image: the same key
    assert player.evaluate(board) == 0.5 and player.value(Board.parse("X../.../...")) == 0.5  # never met
    assert player.key(board) == "....O...X" and TDPlayer(symmetry=False).key(board) == board.cells
    assert player.value(Board.parse("XXX/OO./...")) == 1.0 and player.evaluate(Board.parse("XOX/XOO/OXX")) == 0.0
    assert player.move(Board.parse("XX./OO./...")) == 2  # a finished win beats every guess


# ---------------------------------------------------------------------- notebooks 08 and 09: looking ahead


def perfect_evaluation(board):
    """The true value for the side that has just moved: minus the value for the side to move."""
    return -TABLE.lookup(board).value


@pytest.mark.parametrize("depth", [1, 2])
def test_search_with_a_perfect_evaluation_plays_perfectly(depth):
    assert optimal_share(SearchPlayer(depth, perfect_evaluation, threats=False)) == 1.0


def test_full_depth_search_gives_the_exact_score_whatever_the_evaluation():
    rng = random.Random(0)
    nonsense = lambda board: rng.uniform(-50, 50)  # noqa: E731 - never reached at full depth
    for board in UNFINISHED:
        empty = board.size - board.moves_made
        value = LimitedSearch(3, 3, 3, evaluate=nonsense, threats=False).value(board, empty)
        assert value == TABLE.lookup(board).score, board.notation
    assert optimal_share(SearchPlayer(9, nonsense, threats=False)) == 1.0


def test_a_win_within_reach_is_taken_whatever_the_evaluation():
    # Depth 1 with an evaluation that hates winning still takes a win on the board: it is scored exactly.
    board = Board.parse("XX./OO./...")
    for threats in (False, True):
        assert SearchPlayer(1, lambda b: -1e6 if b.winner else 0.0, threats=threats).move(board) == 2


def test_search_player_wins_at_once_and_blocks():
    player = SearchPlayer(depth=1)
    assert player.move(Board.parse("XX./OO./...")) == 2  # win now
    assert player.move(Board.parse("X../OO./X..")) == 5  # X must block the middle row
    blocked = Board.parse("XX../..O./..../X..O k=3")  # O to move must stop X at 2
    assert SearchPlayer(depth=1).move(blocked) == 2


def test_search_player_without_a_seed_takes_the_lowest_of_the_best_moves():
    player = SearchPlayer(2)
    for board in UNFINISHED[::97]:
        values = player.move_values(board)
        best = max(values.values())
        assert player.move(board) == min(cell for cell, value in values.items() if value == best), board.notation
    assert SearchPlayer(1, lambda b: 0.0, threats=False).move(EMPTY) == 0  # every move ties


def test_search_player_with_a_seed_breaks_ties_at_random_reproducibly():
    flat = lambda board: 0.0  # noqa: E731 - every move of the empty board ties
    moves = [SearchPlayer(1, flat, threats=False, seed=seed).move(EMPTY) for seed in range(40)]
    assert moves == [SearchPlayer(1, flat, threats=False, seed=seed).move(EMPTY) for seed in range(40)]
    assert len(set(moves)) > 3
    board = Board.parse("XX./OO./...")
    assert {SearchPlayer(1, flat, seed=seed).move(board) for seed in range(20)} == {2}  # never at the cost of value


def test_search_player_options_are_those_of_its_search():
    player = SearchPlayer(3, perfect_evaluation, threats=False)
    search = player.search_for(EMPTY)
    assert isinstance(search, LimitedSearch) and search is player.search_for(Board.parse("X../.../..."))
    assert (search.evaluate, search.threats) == (perfect_evaluation, False)
    assert player.search_for(Board.empty(4, 4, 3)) is not search  # one search per board size
    assert player.move_values(EMPTY) == search.move_values(EMPTY, 3)
    assert repr(player) == "SearchPlayer(depth=3, threats=False, seed=None)"


def test_setting_the_evaluation_forgets_the_old_searches():
    player = SearchPlayer(1, lambda board: 0.0, threats=False)
    old = player.search_for(EMPTY)
    old.value(EMPTY, 1)
    assert old.cache
    centre = lambda board: 1.0 if board[1, 1] == other(board.turn) else 0.0  # noqa: E731
    player.evaluate = centre
    new = player.search_for(EMPTY)
    assert new is not old and new.evaluate is centre and not new.cache
    assert player.move(EMPTY) == 4


def test_search_player_self_play_on_5x5_is_quick_and_legal():
    player = SearchPlayer(depth=2, seed=1)
    board = Board.empty(5, 5, 4)
    while not board.is_over:
        board = board.play(player.move(board))
    assert board.outcome in ("X", "O", "draw")


def test_search_player_bad_depth():
    for depth in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="depth"):
            SearchPlayer(depth)

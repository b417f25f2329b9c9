"""Notebook 04 (minimax): worked solutions and checks, whose references come from the package's solver."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache

from ttt.bitboard import layout
from ttt.board import Board
from ttt.exercises.checks import FunctionCheck, NumberCheck, PositionCheck, When, parse_position
from ttt.exercises.verdicts import reveal
from ttt.exercises.core import Exercise
from ttt.positions import all_positions, unfinished_positions
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.words import folded, plural
from ttt.match import play_match
from ttt.players import PerfectPlayer, RandomPlayer
from ttt.scores import sign
from ttt.solver import describe, move_hints, move_scores, solve
from ttt.symmetry import canonical
from ttt.tree import reachable_positions


# ====================================================================== 04.1 Hutton's order, literally
ORDER = {"O": 0, "draw": 1, "X": 2}  # Hutton's O < B < X, as positions in a list


def minimax_outcome(board):
    """The outcome under perfect play, "O", "draw" or "X", compared in Hutton's order O < draw < X."""
    if board.is_over:
        return board.winner or "draw"
    outcomes = [minimax_outcome(child) for _, child in board.children()]
    best = max if board.turn == "X" else min
    return best(outcomes, key=ORDER.get)  # the key compares places in the order, not the strings


def _outcome_reference(board: Board) -> str:
    """The finished game's outcome, or the solver's value read as the outcome."""
    sides = {1: board.turn, 0: "draw", -1: "XO"[board.turn == "X"]}  # who wins, by the value for the side to move
    return board.outcome if board.is_over else sides[solve(board).value]


@lru_cache(maxsize=None)
def _slipped(board: Board, key=None, swapped=False) -> str:
    """Minimax with a slip: no key compares the strings ("draw" > "X" > "O"); swapped, X takes the smallest."""
    if board.is_over:
        return board.outcome
    outcomes = [_slipped(child, key, swapped) for _, child in board.children()]
    return (max if (board.turn == "X") != swapped else min)(outcomes, key=key)


HUTTON_ORDER = Exercise(
    number=1, starter=function_starter(minimax_outcome), code=(minimax_outcome,), answer=lambda: minimax_outcome,
    figures=lambda: dict(wrong_later_positions=sum(_slipped(board) != _outcome_reference(board)   # the notebook's later
                                                   for board in all_positions() if board.moves_made >= 4)),
    checker=FunctionCheck(   # 603 positions: a learner's minimax without a memo searches them in hundredths of a second
        _outcome_reference, lambda: [board for board in all_positions() if board.moves_made >= 5
                                     and canonical(board) == board],
        name="minimax_outcome", label="the 603 positions with at least five marks, up to symmetry",
        describe=lambda board, expected, got: None if isinstance(got, str) and got in ORDER else (
            f"Return one of the three strings \"O\", \"draw\" and \"X\", not {got!r}."),
        mistakes=[(_slipped, 'Did you compare the strings themselves? As strings "draw" > "X" > "O" (lower-case letters'
                   ' come after capitals), so X would rather draw than win. Compare with a key: max(..., key=...).',
                   "strings_compared"),
                  (lambda board: _slipped(board, ORDER.get, swapped=True),
                   "X and O swapped? X takes the largest outcome, O the smallest.", "x_and_o_swapped"),
                  # `return board.winner` at a leaf: None for a draw (the search then fails comparing None in its key)
                  (lambda board: board.winner if board.is_over else _outcome_reference(board), "A drawn game has no"
                   ' winner: on a finished board without one, `board.winner` is None. The outcome there is "draw".',
                   "winner_for_a_draw")]),
)


# ====================================================================== 04.2 a loser that gives up
def games_against_everyone(start, me, choose):
    """Counter of (result for `me`, moves) over every game from `start`, `me` playing `choose(board)` (notebook's)."""

    @lru_cache(maxsize=None)
    def games(board):
        if board.is_over:
            result = "draw" if board.winner is None else "win" if board.winner == me else "loss"
            return Counter({(result, board.moves_made): 1})
        cells = choose(board) if board.turn == me else board.legal_moves()
        total = Counter()
        for cell in cells:
            total += games(board.play(cell))
        return total

    return games(start)


class GiveUpPlayer(PerfectPlayer):
    """Plays like PerfectPlayer, except that when every move loses it takes the quickest loss."""

    def move(self, board):
        scores = move_scores(board)
        if max(scores.values()) < 0:  # every move loses: the lowest depth-aware score loses soonest
            return min(sorted(scores), key=scores.get)
        return super().move(board)


def table_of(player, start):
    """Every game `player` can be made to play from `start`, as the side to move there."""
    return games_against_everyone(start, start.turn, lambda board: [player.move(board)])


def first_differing_start():
    """The first position (fewest marks first) from which the two players' tables differ."""
    perfect, quitter = PerfectPlayer(), GiveUpPlayer()
    for board in reachable_positions():
        if not board.is_over and table_of(perfect, board) != table_of(quitter, board):
            return board
    return None


@lru_cache(maxsize=None)
def _tables(board: Board):
    """(perfect player's table, give-up player's table) from ``board``, the give-up moves from the solver."""
    perfect = PerfectPlayer()

    def gives_up(position):   # when every move loses, the lowest-numbered move with the lowest score
        scores = {cell: -solve(position.play(cell)).score for cell in position.legal_moves()}
        return [min(sorted(scores), key=scores.get) if solve(position).value < 0 else perfect.move(position)]

    return (games_against_everyone(board, board.turn, lambda position: [perfect.move(position)]),
            games_against_everyone(board, board.turn, gives_up))


def _summary(table: Counter, lengths: bool = False) -> str:
    """"15 games: 10 won, 4 drawn, 1 lost"; with ``lengths``, each result by the moves its games last."""
    parts = []
    for result, said in (("win", "won"), ("draw", "drawn"), ("loss", "lost")):
        games = {length: n for (outcome, length), n in sorted(table.items()) if outcome == result}
        by_length = ", ".join(f"{n} in {plural(length, 'move')}" for length, n in games.items())
        parts.append(f"{sum(games.values())} {said}" + (f" ({by_length})" if lengths and games else ""))
    return f"{plural(sum(table.values()), 'game')}: {', '.join(parts)}"


def _playable(shape: tuple[int, int, int], other_board: str):
    """A parser: the answer as a position of the board ``shape`` (rows, cols, k) where play goes on."""
    def parse(answer) -> Board:
        board = parse_position(answer)
        if (board.rows, board.cols, board.k) != shape:
            raise ValueError(other_board)
        if board.is_over:
            raise ValueError("The game is over on this board: give a position where play goes on.")
        return board
    return parse


def _compare_tables(perfect: Counter, quitter: Counter) -> str:
    """The two tables in words; by the length of their games too when the results alone read the same."""
    lengths = _summary(perfect) == _summary(quitter)
    return (f"the perfect player plays {_summary(perfect, lengths)}; "
            f"the one that gives up plays {_summary(quitter, lengths)}")


GIVE_UP = Exercise(
    number=2, starter=answer_starter('a Board, or text such as "X../.O./..."'), answer=first_differing_start,
    figures=lambda: dict(start=first_differing_start(), comparison=_compare_tables(*_tables(first_differing_start()))),
    code=(GiveUpPlayer, table_of, first_differing_start),
    checker=PositionCheck(
        lambda board: _tables(board)[0] != _tables(board)[1],
        lambda board: (f"Here the side to move, {board.turn}, is not lost (value {solve(board).value:+d}). The perfect"
                       " player only plays moves that keep the value, so it never meets a position where every move"
                       " loses, and the give-up rule never comes into play: both players play the same games."
                       if solve(board).value >= 0 else f"{board.turn} is lost here, but the two players still play"
                       " the same games from this position: look for a lost position where the moves lose at"
                       " different speeds."),
        parse=_playable((3, 3, 3), "Give a position of tic-tac-toe: the 3×3 board with three in a row (k = 3)."),
        success=lambda board: f"from this position (lost for {board.turn}), {_compare_tables(*_tables(board))}."),
)


# ====================================================================== 04.3 coach mode
def verdict(board, cell):
    """"good move" if `cell` keeps the value of `board` for the side to move, else what it threw away."""
    scores = move_scores(board)
    labels = move_hints(board)  # the labels of cell_hints(board), without the colours
    best = max(scores, key=scores.get)
    if sign(scores[cell]) == sign(scores[best]):
        return "good move"
    return f"that was a {labels[best]}; now it is a {labels[cell]}"


def _by_scores(board, cell, scores=None, same=lambda a, b: sign(a) == sign(b)):
    """A verdict from the package's move_scores and move_hints: the reference; a slip gives its own scores or test."""
    scores = scores or move_scores(board)
    best = max(scores, key=scores.get)
    if same(scores[cell], scores[best]):
        return "good move"
    return f"that was a {move_hints(board)[best]}; now it is a {move_hints(board)[cell]}"


def _spelled(fold) -> When:
    """The slip that writes the right verdict in another spelling, ``fold`` telling which spellings are alike."""
    return When(lambda board, cell, expected, got: isinstance(got, str) and fold(str(got)) == fold(expected))


_AS_THE_PROMPT = "write it as the prompt does, \"that was a win in 3; now it is a draw\""

COACH = Exercise(
    number=3, starter=function_starter(verdict), code=(verdict,), answer=lambda: verdict,
    checker=FunctionCheck(   # 345 moves, every slip shows there; the reference builds the solved table before a call
        _by_scores, lambda: [(board, cell) for board in unfinished_positions() if board.moves_made <= 3
                             and canonical(board) == board for cell in board.legal_moves()],
        name="verdict", args="board, cell",
        label="every move of the 54 unfinished 3×3 positions with at most three marks, up to symmetry",
        mistakes=[
            (lambda board, cell: _by_scores(board, cell, same=lambda a, b: a == b),
             "A slower win keeps the value: compare the signs of the scores (win, draw, loss), not the scores "
             "themselves.", "scores_compared"),
            (lambda board, cell: _by_scores(board, cell, {move: solve(board.play(move)).score
                                                          for move in board.legal_moves()}),
             "It takes the move with the *lowest* score for the side to move as the best one: is it `min` where "
             "`max` belongs, or scores from the opponent's view? move_scores(board) scores each move for the "
             "side to move now; solve(board.play(cell)).score scores the position after it for the opponent.",
             "worst_move_as_best"),
            (lambda board, cell: re.sub(r"that was a (.*); now it is a (.*)", r"that was a \2; now it is a \1",
                                        _by_scores(board, cell)),
             "Is the best move's label first, and the label of the move played second?", "labels_swapped"),
            (_spelled(str.lower),
             f"The words are right but not the capitals: {_AS_THE_PROMPT}, all in lower case.", "capitals"),
            (_spelled(lambda text: " ".join(re.findall(r"[A-Za-z0-9]+", text))),
             f"The words are right but not the punctuation or spacing: {_AS_THE_PROMPT}, with a semicolon "
             "between the two parts.", "punctuation"),
            (_spelled(folded),
             f"The words are right but not the capitals, punctuation or spacing: {_AS_THE_PROMPT}, all in "
             "lower case, with a semicolon between the two parts.", "capitals_and_punctuation")]),
)


# ====================================================================== 04.4 ★ where "10 − depth" breaks
@cache
def post_negamax(board):
    """The post's negamax, its depth counted from the empty board: the best of the post's scores for the side
    to move, every player at every level choosing by those scores too."""
    if board.is_over:
        return board.moves_made - 10 if board.winner else 0   # lost on move d: d − 10 for the side to move
    return max(-post_negamax(child) for _, child in board.children())


def post_scores(board):
    """The post's score of every move (its `scores`): 10 − d for a win on move d, d − 10 for a loss, 0 for a draw,
    where d is the move on which the game ends when both sides play by these scores."""
    return {cell: -post_negamax(child) for cell, child in board.children()}


def throws_value_away(board):
    """Does the post's first top-scoring move (its best-move takes the first) lose a win or a draw?"""
    ours, theirs = move_scores(board), post_scores(board)
    top = max(theirs.values())
    chosen = min(cell for cell, score in theirs.items() if score == top)
    return sign(ours[chosen]) < sign(max(ours.values()))


def where_ten_breaks():
    """A 3×4 position (three in a row) where the post's scores throw a win or a draw away."""
    for board in reversed(reachable_positions(Board.empty(3, 4, 3))):  # the fullest boards first
        if not board.is_over and throws_value_away(board):
            return board
    return None


@lru_cache(maxsize=None)
def _post_bits(lay, me: int, opp: int, moves: int) -> dict[int, int]:
    """The post's score of each move: 10 − d for a win on move d, 0 for a draw (bitboards, apart from the solution)."""
    scores = {}
    for cell in (cell for cell in range(lay.size) if not (me | opp) >> cell & 1):
        mine, last = me | 1 << cell, moves + 1 == lay.size
        scores[cell] = (10 - (moves + 1) if lay.wins_with(cell, mine) else 0 if last
                        else -max(_post_bits(lay, opp, mine, moves + 1).values()))
    return scores


@lru_cache(maxsize=None)
def _post_pick(board: Board) -> dict:
    """The cell the post's best-move picks (its first top score), the outcome that keeps, the best one, every move's."""
    lay, empty = layout(board.rows, board.cols, board.k), board.size - board.moves_made
    posts = _post_bits(lay, *lay.sides(board)[:2], board.moves_made)
    ours = {cell: -solve(board.play(cell)).score for cell in posts}
    chosen = min(cell for cell, post in posts.items() if post == max(posts.values()))
    return dict(cell=chosen, keeps=describe(ours[chosen], empty), best=describe(max(ours.values()), empty),
                breaks=sign(ours[chosen]) < sign(max(ours.values())), posts=posts, scores="\n".join(
                    f"  cell {cell}: {describe(ours[cell], empty)}, the post's score {post:+d}"
                    for cell, post in posts.items()))


TEN_BREAKS = "the post's best-move plays cell {cell} ({keeps}), throwing away a {best}:\n{scores}"

TEN_MINUS_DEPTH = Exercise(
    number=4, starter=answer_starter('a Board of 3×4 with k=3, or text such as "XO../..../...."'),
    figures=lambda: dict(board=where_ten_breaks(), ten_breaks=TEN_BREAKS.format_map(_post_pick(where_ten_breaks()))),
    code=(post_negamax, post_scores, throws_value_away, where_ten_breaks), answer=where_ten_breaks,
    checker=PositionCheck(
        lambda board: _post_pick(board)["breaks"],
        lambda board: ("Here the post's best-move picks cell {cell}, which keeps the value: {keeps}.".format_map(
            _post_pick(board)), reveal(_post_pick(board)["scores"]),
            "Look near the end of a long game: a win on move 10 or later scores 0 or less."),
        success=lambda board: TEN_BREAKS.format_map(_post_pick(board)),
        parse=_playable((3, 4, 3), "Give a position of the 3×4 board with three in a row, such as"
                                   " Board.parse(\"X.../.O../....\") (k is the shorter side, 3).")),
)


# ====================================================================== 04.5 ★ against a random opponent
def win_chance(board, player):
    """The exact chance that `player`, as X, wins from `board` against O moving uniformly at random."""
    if board.is_over:
        return Fraction(board.winner == "X")
    if board.turn == "X":
        return win_chance(board.play(player.move(board)), player)
    moves = board.legal_moves()
    return sum(win_chance(board.play(cell), player) for cell in moves) / len(moves)


def simulated_wins(games=10_000):
    """Wins of PerfectPlayer() as X in `games` games against RandomPlayer(seed=0)."""
    return play_match(PerfectPlayer(), RandomPlayer(seed=0), games=games, seed=0, a_plays="X").wins


RANDOM_OPPONENT = Exercise(
    number=5, starter=answer_starter("the exact probability that X wins"), code=(win_chance, simulated_wins),
    checker=NumberCheck(Fraction(191, 192), what="the exact chance that X wins", mistakes={
        71 / 73: ("That is the share of the 73 games that X wins; the games are not equally likely.", "share_of_games"),
        1: ("That would mean X wins every game, but O, moving at random, sometimes blocks in time and holds the draw:"
            " add up those games too, each weighted by how likely O's moves are.", "always_wins"),
        lambda answer: abs(answer - Fraction(191, 192)) < 0.01: (
            "Close: is it an estimate from simulated games? Compute the exact chance with a recursion, as in"
            " games_against_everyone.", "estimate")}),
    answer=lambda: win_chance(Board.empty(), PerfectPlayer()),
)


EXERCISES = [HUTTON_ORDER, GIVE_UP, COACH, TEN_MINUS_DEPTH, RANDOM_OPPONENT]

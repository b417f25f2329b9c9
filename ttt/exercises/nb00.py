"""Notebook 00 (the index): worked solutions and checks (words: nb00.md); references come from ``ttt.solve``."""

from __future__ import annotations

from itertools import combinations

from ttt.board import Board, other
from ttt.exercises.words import moves_text
from ttt.exercises.calls import Stop, stop
from ttt.exercises.checks import FunctionCheck, NumberCheck, PositionCheck, sorted_cells
from ttt.exercises.verdicts import Boards, describe_value, unanswered, wrong
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.positions import unfinished_positions
from ttt.geometry import BoardError
from ttt.solver import solve


# ====================================================================== 00.1 impossible fillings
REASONS = {  # a reason: how Board.parse's refusal names it, and how a refusal of the check does
    "counts": ("X moves first", "the numbers of marks are wrong"),
    "both": ("both X and O have a line", "both X and O have a line"),
    "after": ("play went on", "play went on after a line was completed"),
}


def impossible_fillings():
    """Three fillings of the nine cells that no game reaches, one for each reason."""
    return [
        "OO./.../...",  # 0 X and 2 O: X moves first, so X has as many marks as O or one more
        "XXX/OOO/...",  # both have a line: the game stops at the first line
        "XXX/OO./O..",  # X has a line, yet O moved after it (3 X and 3 O)
    ]


def why_impossible(cells: str) -> tuple[str, str] | None:
    """The reason (a key of REASONS and Board.parse's sentence) why a 3×3 filling never occurs, or None if it can."""
    try:
        Board.parse(cells)
    except BoardError as error:
        sentence = str(error).removeprefix("impossible position: ")
        return next(key for key, (words, _) in REASONS.items() if words in sentence), sentence
    return None


_FILLINGS_TODO = ('replace None with a list of three fillings, such as ["XX./.../...", "...", "..."],'
                  " then run the cell again.")


def _read_fillings(answer) -> tuple[tuple[str, tuple[str, str] | None], ...]:
    """Three ``(text, why_impossible)``, read by Board.parse (whose refusal is the point), a malformed one refused."""
    if isinstance(answer, (set, frozenset)):     # three fillings in no order are an answer too
        answer = sorted(answer, key=repr)
    if isinstance(answer, (list, tuple)) and answer and all(item is None for item in answer):
        raise Stop(unanswered(_FILLINGS_TODO))
    if not isinstance(answer, (list, tuple)):
        raise ValueError(f'Give three fillings, as a list, a tuple or a set, such as ["XX./.../...", ...], not '
                         f"{describe_value(answer)}")
    if len(answer) != 3:
        raise ValueError(f"Give three fillings, one for each reason; this list has {len(answer)}")
    for text in answer:
        try:
            Board.parse(text)
        except BoardError as error:
            if not str(error).startswith("impossible position"):
                stop(f"{text!r} is not a filling: {error}." if isinstance(text, str) else
                     f'{describe_value(text)} is not a filling: write each one as text, such as "XO./.../...".',
                     mistake="not-a-filling")
        if len("".join(text.split()).replace("/", "")) != 9:
            stop(f"{text!r} is not three rows of three cells.", mistake="not-a-filling")
    return tuple((text, why_impossible(text)) for text in answer)


def _game_reaching(target: Board, board: Board = Board.empty()) -> list[int] | None:
    """A sequence of moves from ``board`` to ``target``, each side playing only its own cells."""
    if board == target:
        return []
    for cell in (cell for cell in board.legal_moves() if target.cells[cell] == board.turn):
        rest = _game_reaching(target, board.play(cell))
        if rest is not None:
            return [cell] + rest
    return None


def _explain_fillings(fillings):
    """The first filling that can occur, with a game reaching it; else the first two given for the same reason."""
    for text, why in fillings:
        if why is None:
            board = Board.parse(text)
            game = moves_text(_game_reaching(board))
            how = f"the game {game} reaches it" if game else "it is the empty board, where every game starts"
            return wrong(f"{text!r} can occur: {how}.", board, "Find a filling that no game can reach.",
                         mistake="can-occur")
    (one, (reason, _)), (two, _) = next((a, b) for a, b in combinations(fillings, 2) if a[1][0] == b[1][0])
    return wrong(f"{one!r} and {two!r} are impossible for the same reason: {REASONS[reason][1]}.",
                 "Replace one of them with a filling that is impossible for another reason.", mistake="same-reason")


PREDICT = Exercise(
    number=1, starter=answer_starter('three fillings, e.g. ["XX./.../...", "...", "..."]'), code=(impossible_fillings,),
    answer=impossible_fillings, checker=PositionCheck(
        lambda fillings: all(why for _, why in fillings) and len({why[0] for _, why in fillings}) == 3,
        _explain_fillings, parse=_read_fillings, instruction=_FILLINGS_TODO,
        success=lambda fillings: "three fillings that no game reaches, for three different reasons:\n"
        + "\n".join(f"{text!r}: {sentence}." for text, (_, sentence) in fillings)),
)


# ====================================================================== 00.2 games ending on move 5
def games_ending_on_move_5():
    """The games that end on move 5: X completes a line with its third mark."""
    lines = 8               # 3 rows, 3 columns and 2 diagonals
    x_orders = 3 * 2 * 1    # the order of X's three moves on that line
    o_moves = 6 * 5         # O's first and second move, among the six other cells
    return lines * x_orders * o_moves


GAMES = Exercise(
    number=2, starter=answer_starter("the number of games that end on move 5"), code=(games_ending_on_move_5,),
    answer=games_ending_on_move_5, figures=lambda: dict(games_ending_on_move_5=games_ending_on_move_5(),
                                                        orders_taken_away=games_ending_on_move_5() * 23),
    checker=NumberCheck(
        1_440, what="the number of games that end on move 5", mistakes={
            120: "That counts which cells are marked, but a game is a sequence: the order of the moves matters.",
            240: "X's three moves on its line can come in 3! = 6 different orders.",
            720: "O's two moves can come in either order: 6 × 5, not 6 × 5 / 2.",
            15_120: "That is every sequence of five moves, 9 × 8 × 7 × 6 × 5; X must complete a line with them.",
        },
        explain="8 lines × 3! orders of X's moves × 6 × 5 moves for O."),
)


# ====================================================================== 00.3 forcing moves
def wins_at_once(board, me):
    """Can ``me``, to move on ``board``, complete a line with one move?"""
    return any(board.play(cell).winner == me for cell in board.legal_moves())


def forcing_moves(board):
    """Every move after which the side to move is sure to win at its next turn, in cell order."""
    me = board.turn
    forcing = []
    for move in board.legal_moves():
        after = board.play(move)
        if after.winner == me:  # a win at once: the opponent gets no reply at all
            forcing.append(move)
        elif not after.is_over and all(wins_at_once(after.play(reply), me) for reply in after.legal_moves()):
            forcing.append(move)
    return forcing


def _forcing_reference(board: Board) -> list[int]:
    """A move that wins at once, or after which the opponent, to move, loses in two plies whatever it does."""
    solved = {move: solve(after) for move, after in board.children() if not after.is_over}
    return [move for move, after in board.children() if after.winner == board.turn
            or (move in solved and (solved[move].value, solved[move].plies) == (-1, 2))]


def _describe_forcing(board: Board, expected: list[int], got: list[int]):
    """Name the first missing and the first extra move, with the reason and the reply that refutes it."""
    me, you = board.turn, other(board.turn)
    parts = ["Some cells appear more than once in your list."] if len(set(got)) != len(got) else []
    missing = next((move for move in expected if move not in got), None)
    move = min((move for move in got if move not in expected), default=None)   # the first extra move
    if missing is not None:
        why = ("it wins at once, and a move that wins at once counts" if board.play(missing).winner == me
               else f"after it, every reply of {you} leaves {me} a win at once")
        parts.append(f"{missing} is missing: {why}.")
    if move is not None:
        if move not in board.legal_moves():
            return parts + [f"{move} is not a legal move on this board."]
        after = board.play(move)
        if after.is_over:
            parts.append(f"{move} fills the board without a win: a draw. (Careful: `all(...)` over no replies is True,"
                         " so test `is_over` before looking at the replies.)")
        else:   # the first reply that leaves no win at once: a win for the opponent, or no winning move
            reply = next(reply for reply in after.legal_moves() if not wins_at_once(after.play(reply), me))
            answered = after.play(reply)
            how = (f"{you} answers {reply} and wins" if answered.winner == you
                   else f"after {you} answers {reply}, {me} has no winning move")
            parts += [f"{move} does not force a win: {how}:", answered]
    return parts


FORCING = Exercise(
    number=3, starter=function_starter(forcing_moves), code=(wins_at_once, forcing_moves), answer=lambda: forcing_moves,
    checker=FunctionCheck(
        _forcing_reference,
        lambda: tuple(board for index, board in enumerate(unfinished_positions())    # few enough to be quick
                      if board.moves_made <= 2 or index % 6 == 0),
        name="forcing_moves", normalize=sorted_cells, describe=_describe_forcing,
        label="822 unfinished 3×3 positions (every one with at most two marks, one in six of the others)",
        mistakes=[(lambda board: _forcing_reference(board) if board.turn == "X" else [],   # "X" for the side to move
                   'Is the side to move always X? Use board.turn, not "X": the check also tries positions where '
                   "O is to move.", "x-always-to-move")]),
)


# ====================================================================== 00.4 read the errors
def read_the_errors():
    """Each call of the exercise, with the message of the BoardError it raises."""
    board = Board.parse("XO./.X./..O")
    calls = {
        'Board.parse("XO./.X./..")': lambda: Board.parse("XO./.X./.."),
        'Board.parse("OO./X../...")': lambda: Board.parse("OO./X../..."),
        "board.play(4)": lambda: board.play(4),
        "board.play((3, 0))": lambda: board.play((3, 0)),
    }
    messages = {}
    for text, call in calls.items():
        try:
            call()
        except BoardError as error:  # a ValueError: bad input, named in the message
            messages[text] = str(error)
    return messages


ERRORS = Exercise(
    number=4, code=(read_the_errors,),
    figures=lambda: dict(rows="\n".join(f"| `{call}` | {message} |" for call, message in read_the_errors().items())),
)


# ====================================================================== 00.5 ★ the hardest opening
def holding_replies(opening):
    """O's replies to X's first move after which X cannot force a win (by the package's solver)."""
    after = Board.empty().play(opening)
    return [reply for reply in after.legal_moves() if solve(after.play(reply)).value <= 0]


def hardest_openings():
    """X's first moves that leave O the fewest replies that hold."""
    fewest = min(len(holding_replies(cell)) for cell in range(9))
    return [cell for cell in range(9) if len(holding_replies(cell)) == fewest]


def _holding(board: Board) -> list[int]:
    """The package's answer for an opening board: O's replies whose value for X is not a win."""
    return [reply for reply in board.legal_moves() if solve(board.play(reply)).value <= 0]


def _explain_opening(board: Board):
    if (board.rows, board.cols, board.k) != (3, 3, 3):
        return wrong(f"That is a board of {board.rows}×{board.cols} with {board.k} in a row: give a position of"
                     " tic-tac-toe, the 3×3 board with three in a row (k = 3).", mistake="other-game")
    if board.moves_made != 1:
        return (f"Give the board right after X's first move (one X, no O); this one has {board.cells.count('X')} X"
                f" and {board.cells.count('O')} O.")
    opening, holds = board.cells.index("X"), _holding(board)    # never one reply here: that board is right
    return (f"After X at {opening}, O has {len(holds)} replies that hold: {', '.join(map(str, holds))}."
            " Look for an opening that leaves O only one.",
            Boards([board.play(reply) for reply in holds], [f"O {reply} holds" for reply in holds]))


PERFECT_PLAY = Exercise(
    number=5, starter=answer_starter('a Board, or text such as ".X./.../..."'),
    code=(holding_replies, hardest_openings), answer=lambda: Board.empty().play(hardest_openings()[0]),
    figures=lambda: dict(table="\n".join(f"| {name} ({cell}) | {', '.join(map(str, holding_replies(cell)))} |"
                                         for name, cell in (("a corner", 0), ("an edge", 1), ("the centre", 4)))),
    checker=PositionCheck(lambda board: (board.rows, board.cols, board.k, board.moves_made) == (3, 3, 3, 1)
                          and len(_holding(board)) == 1, _explain_opening,
                          success=lambda board: f"after X at {board.cells.index('X')}, only O's reply at"
                          f" {_holding(board)[0]} holds; every other reply loses against perfect play."),
)


EXERCISES = [PREDICT, GAMES, FORCING, ERRORS, PERFECT_PLAY]

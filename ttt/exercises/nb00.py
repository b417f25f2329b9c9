"""The exercises of notebook 00 (the index): the pilot that uses every kind of check.

1. impossible fillings   a custom check (three fillings, three different reasons);
2. games ending on move 5  a number check, with the typical miscounts explained;
3. ``forcing_moves``     a function check on all 4,520 unfinished positions;
4. read the errors       an open question: a model answer whose messages are computed;
5. ★ the hardest opening  a position check ("give a position where ...").

The solution functions below are what ``.solution()`` shows (their real
source) and what ``verify_all`` runs through the checks, so they are written
for a learner to read: they use only what notebook 00 has shown.  The
references the checks compare with are built from the package (``ttt.solve``,
``Board.parse``), independently of the solutions.
"""

from __future__ import annotations

from ttt.board import Board, other
from ttt.exercises.words import plural
from ttt.exercises.checks import (
    custom_check,
    describe_value,
    function_check,
    number_check,
    position_check,
    right,
    sorted_cells,
    unanswered,
    wrong,
)
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.positions import unfinished_positions
from ttt.exercises.render import Boards
from ttt.geometry import BoardError, geometry
from ttt.solver import solve

# ====================================================================== 00.1 impossible fillings

REASONS = {
    "counts": "the numbers of marks are wrong",
    "both": "both X and O have a line",
    "after": "play went on after a line was completed",
}


def impossible_fillings():
    """Three fillings of the nine cells that no game reaches, one for each reason."""
    return [
        "OO./.../...",  # 0 X and 2 O: X moves first, so X has as many marks as O or one more
        "XXX/OOO/...",  # both have a line: the game stops at the first line
        "XXX/OO./O..",  # X has a line, yet O moved after it (3 X and 3 O)
    ]


def why_impossible(cells: str) -> tuple[str, str] | None:
    """The reason (a key of REASONS and a sentence) why a 3×3 filling never occurs, or None if it can.

    On 3×3 these three rules are the whole story (``tests/exercises/test_nb00.py``
    compares this with ``Board.parse`` on all 19,683 fillings).
    """
    xs, os_ = cells.count("X"), cells.count("O")
    if not (xs == os_ or xs == os_ + 1):
        return "counts", f"{xs} X and {os_} O, but X moves first, so X has as many marks as O or one more"
    lines = geometry(3, 3, 3).lines
    x_line = any(all(cells[i] == "X" for i in line) for line in lines)
    o_line = any(all(cells[i] == "O" for i in line) for line in lines)
    if x_line and o_line:
        return "both", "both X and O have a line, but the game stops at the first line"
    if x_line and xs == os_:
        return "after", "X has a line, yet O moved after it (as many O as X): the game stops at the first line"
    if o_line and xs == os_ + 1:
        return "after", "O has a line, yet X moved after it (one X more than O): the game stops at the first line"
    return None


def _read_filling(text) -> str:
    """The nine cells of a learner's filling, or ``ValueError`` saying what is wrong with the text."""
    if not isinstance(text, str):
        raise ValueError(f'{describe_value(text)} is not a filling: write each one as text, such as "XO./.../..."')
    body = text.strip()
    if "/" in body or "\n" in body:
        rows = body.replace("\n", "/").split("/")
        if len(rows) != 3 or any(len(row) != 3 for row in rows):
            raise ValueError(f"{text!r} is not three rows of three cells")
        body = "".join(rows)
    if len(body) != 9:
        raise ValueError(f"{text!r} has {len(body)} cells, not 9")
    for cell, char in enumerate(body):
        if char not in "XO.":
            zero = " (the letter O, not the digit zero)" if char == "0" else ""
            raise ValueError(f"{text!r} has {char!r} in cell {cell}: use X, O and . for an empty cell{zero}")
    return body


def _game_reaching(target: Board) -> list[int] | None:
    """A sequence of moves from the empty board to ``target``, each side playing only its own cells."""

    def search(board: Board, moves: list[int]) -> list[int] | None:
        if board == target:
            return moves
        for cell in board.legal_moves():
            if target.cells[cell] == board.turn:
                found = search(board.play(cell), moves + [cell])
                if found is not None:
                    return found
        return None

    return search(Board.empty(), [])


def _moves_text(moves: list[int]) -> str:
    return ", ".join(f"{'XO'[i % 2]} {cell}" for i, cell in enumerate(moves))


_FILLINGS_TODO = (
    'replace None with a list of three fillings, such as ["XX./.../...", "...", "..."], then run the cell again.'
)


def _judge_fillings(answer):
    if isinstance(answer, (list, tuple)) and answer and all(item is None for item in answer):
        return unanswered(_FILLINGS_TODO)
    if not isinstance(answer, (list, tuple)):
        return wrong(f'Give three fillings, as a list or a tuple, such as ["XX./.../...", ...], not {describe_value(answer)}.')
    if len(answer) != 3:
        return wrong(f"Give three fillings, one for each reason; this list has {len(answer)}.")
    found: dict[str, tuple[str, str]] = {}
    for text in answer:
        try:
            cells = _read_filling(text)
        except ValueError as error:
            return wrong(f"{error}.")
        why = why_impossible(cells)
        if why is None:
            board = Board.parse("/".join(cells[r * 3 : r * 3 + 3] for r in range(3)))
            moves = _game_reaching(board)
            if moves:
                how = f"the game {_moves_text(moves)} reaches it"
            else:
                how = "it is the empty board, where every game starts"
            return wrong(f"{text!r} can occur: {how}.", board, "Find a filling that no game can reach.")
        reason, sentence = why
        if reason in found:
            return wrong(
                f"{found[reason][0]!r} and {text!r} are impossible for the same reason: {REASONS[reason]}.",
                "Replace one of them with a filling that is impossible for another reason.",
            )
        found[reason] = (text, sentence)
    lines = "\n".join(f"{text!r}: {sentence}." for text, sentence in found.values())
    return right(f"three fillings that no game reaches, for three different reasons:\n{lines}")


PREDICT = Exercise(
    number=1,
    title="Predict before you count",
    prompt="""\
How many different positions can occur in a game of tic-tac-toe, counting the empty board? Write
your guess down: notebook 01 finds the real number by search. There are 3⁹ = 19,683 ways to fill
nine cells with X, O or blank, and most of them can never occur in a game. Find three *different*
reasons why, and for each reason a filling that breaks it. Write each filling as `Board.parse`
reads a board, row by row with `/` between rows (`Board.parse` itself refuses them, since they
are impossible).""",
    starter=answer_starter('three fillings, e.g. ["XX./.../...", "...", "..."]'),
    hints=(
        "Think about how a game is played: who moves first, that the players take turns, and "
        "when the game stops. Each of these rules rules out some fillings.",
        "One reason is about *how many* marks each side has. The other two are about lines: "
        "what happens when somebody completes one?",
        "Break these rules, one filling each: X moves first and the players alternate (so X has as "
        "many marks as O, or one more); the game stops at the first line (so not both sides have a "
        "line); and nobody moves after a line is completed (so the side with the line moved last).",
    ),
    explanation="""\
**Why most fillings never occur.** A filling is a position only if some game reaches it, and a
game obeys three rules, each of which rules out many fillings:

1. *The counts.* X moves first and the players alternate, so X has as many marks as O, or one
   more: `OO./.../...` (0 X, 2 O) is impossible, and so is `XXX/X../...`.
2. *One winner.* The game stops at the first completed line, so X and O never both have a line:
   `XXX/OOO/...` is impossible even though its counts are fine.
3. *Nothing after the end.* The side that completed a line made the last move: if X has a line,
   X has one mark more than O; if O has one, the counts are equal. In `XXX/OO./O..` X has a line
   but O has as many marks, so O moved after the game was over.

On 3×3 these three rules are all there is: every filling that obeys them occurs in some game
(notebook 01's exercise ★6 proves it). Counting the fillings that obey them gives the number of
positions; notebook 01 finds it by search.""",
    code=(impossible_fillings,),
    checker=custom_check(_judge_fillings, instruction=_FILLINGS_TODO),
    answer=impossible_fillings,
)


# ====================================================================== 00.2 games ending on move 5


def games_ending_on_move_5():
    """The games that end on move 5: X completes a line with its third mark."""
    lines = 8               # 3 rows, 3 columns and 2 diagonals
    x_orders = 3 * 2 * 1    # the order of X's three moves on that line
    o_moves = 6 * 5         # O's first and second move, among the six other cells
    return lines * x_orders * o_moves


GAMES = Exercise(
    number=2,
    title="Games, not positions",
    prompt="""\
How many different complete games are there (sequences of moves from the empty board to a win or a
full board)? Write your guess down and keep it for notebook 03. Why is 9! = 362,880 an upper bound,
and why is the true number smaller? To see how much the early ends take away, count by hand the
games that end on move 5, the earliest move on which anybody can win.""",
    starter=answer_starter("the number of games that end on move 5"),
    hints=(
        "After five moves X has three marks and O two, so only X can have won. A game that ends on "
        "move 5 is X's three marks on one line, and O's two marks somewhere else, played in turn.",
        "A game is a *sequence* of moves, so order matters. Count three things and multiply: the line "
        "X completes, the order of X's three moves on it, and O's two moves among the other cells.",
        "8 lines, times 3! orders for X's moves, times 6 × 5 ordered choices for O's two moves. Can any "
        "of these sequences end before move 5?",
    ),
    explanation=lambda: f"""\
**Counting.** After five moves X has three marks and O two, so a game that ends on move 5 is a win
for X, whose three marks fill one of the 8 lines. X's three moves on that line can come in
3! = 6 orders, and O's two moves fill two of the six other cells, first one then the other, in
6 × 5 = 30 ways. None of these sequences can end earlier (nobody has three marks before move 5),
so each one is a different complete game: 8 × 6 × 30 = {games_ending_on_move_5():,}.

**Why 9! is an upper bound.** Every complete game can be extended, if play went on, to an order
of all nine cells, and two different games extend to different orders. There are 9! = 362,880
orders, so there are at most that many games. **Why fewer:** a game that ends after move *n*
stands for (9 − *n*)! orders; each of the {games_ending_on_move_5():,} games above stands for
4! = 24 orders, so they alone take away {games_ending_on_move_5():,} × 23 = {games_ending_on_move_5() * 23:,}
from the bound. Notebook 03 counts the complete games exactly.""",
    code=(games_ending_on_move_5,),
    checker=number_check(
        1_440,
        what="the number of games that end on move 5",
        mistakes={
            120: "That counts which cells are marked, but a game is a sequence: the order of the moves matters.",
            240: "X's three moves on its line can come in 3! = 6 different orders.",
            720: "O's two moves can come in either order: 6 × 5, not 6 × 5 / 2.",
            15_120: "That is every sequence of five moves, 9 × 8 × 7 × 6 × 5; X must complete a line with them.",
        },
        explain="8 lines × 3! orders of X's moves × 6 × 5 moves for O.",
    ),
    answer=games_ending_on_move_5,
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
    """The package's answer: a move that wins at once, or after which the opponent loses within two plies.

    ``solve(after).plies == 2`` for a lost side to move means that with its
    longest defence the game still ends on the next move: every reply allows
    an immediate win.
    """
    me = board.turn
    result = []
    for move in board.legal_moves():
        after = board.play(move)
        if after.winner == me:
            result.append(move)
        elif not after.is_over:
            solution = solve(after)
            if solution.value == -1 and solution.plies == 2:
                result.append(move)
    return result


def _describe_forcing(board: Board, expected: list[int], got: list[int]):
    """Name the first missing and the first extra move, with the reason and the reply that refutes it."""
    me, you = board.turn, other(board.turn)
    parts = []
    if len(set(got)) != len(got):
        parts.append("Some cells appear more than once in your list.")
    missing = [move for move in expected if move not in got]
    extra = sorted({move for move in got if move not in expected})
    if missing:
        move = missing[0]
        if board.play(move).winner == me:
            parts.append(f"{move} is missing: it wins at once, and a move that wins at once counts.")
        else:
            parts.append(f"{move} is missing: after it, every reply of {you} leaves {me} a win at once.")
    if extra:
        move = extra[0]
        if move not in board.legal_moves():
            parts.append(f"{move} is not a legal move on this board.")
            return parts
        after = board.play(move)
        if after.is_over:
            parts.append(
                f"{move} fills the board without a win: a draw. (Careful: `all(...)` over no replies is "
                "True, so test `is_over` before looking at the replies.)"
            )
        else:
            for reply in after.legal_moves():
                answered = after.play(reply)
                if answered.winner == you:
                    parts.append(f"{move} does not force a win: {you} answers {reply} and wins:")
                    parts.append(answered)
                    break
                if not wins_at_once(answered, me):
                    parts.append(f"{move} does not force a win: after {you} answers {reply}, {me} has no winning move:")
                    parts.append(answered)
                    break
    return parts


FORCING = Exercise(
    number=3,
    title="Forks by search",
    prompt="""\
Generalise the loop above into a function `forcing_moves(board)` that returns the list of every
move of the side to move after which it is sure to win at its next turn: a move that wins at once
(the opponent gets no reply), or a move after which *every* reply of the opponent leaves an
immediate win. A move that ends the game in a draw does not count. The text found the fork at 6
in `Board.parse("XO./.X./..O")`; your function should find a second one there. What does it return
for the empty board, and why? The check tries your function on all 4,520 unfinished positions,
with X or O to move.""",
    starter=function_starter(forcing_moves),
    hints=(
        "Turn the loop above inside out: for each legal move of the side to move, play it, and then "
        "ask the loop's question about every reply. Use `board.turn` for the side to move, not `\"X\"`: "
        "the check also tries positions where O is to move.",
        "For one move: `after = board.play(move)`. The move counts if `after.winner == me`. Otherwise "
        "it counts if `after` is not over and for every reply in `after.legal_moves()` there is some "
        "cell on `after.play(reply)` that wins for `me`. Python's `all` and `any` say *every* and *some*.",
        "Mind `all` over nothing: after a move that fills the board without a win, `after.legal_moves()` "
        "is empty and `all(...)` is True, so test `after.is_over` first. Nearly the answer: "
        "`all(any(b.play(c).winner == me for c in b.legal_moves())"
        " for b in [after.play(r) for r in after.legal_moves()])`.",
    ),
    explanation="""\
**Why it works.** A move forces a win at the next turn when the opponent has no way out: either it
has no reply at all, because the move won, or each of its replies leaves a cell that completes one of
our lines. `all` over the replies says "whatever the opponent replies", `any` over our moves says
"there is an immediate win"; a reply that wins for the opponent, or fills the board, leaves no
legal moves, so `any` is False there, as it should be. The one trap is a move that fills the board
without winning: it has no replies either, and `all` of nothing is True, so that case is excluded
before the replies are looked at.

On `XO./.X./..O` it returns `[3, 6]`: 6 threatens 2 and 3, and 3 threatens 5 and 6. On the empty
board it returns `[]`: a win needs three marks, and X places only its second mark on its next turn.
The check compares it with the package's solver on all 4,520 unfinished positions.""",
    code=(wins_at_once, forcing_moves),
    checker=function_check(
        _forcing_reference,
        unfinished_positions,
        name="forcing_moves",
        label="all 4,520 unfinished 3×3 positions",
        normalize=sorted_cells,
        mistakes=[(lambda board: _forcing_reference(board) if board.turn == "X" else [],   # "X" for the side to move
                   'Is the side to move always X? Use board.turn, not "X": the check also tries positions where '
                   "O is to move.")],
        describe=_describe_forcing,
    ),
    answer=lambda: forcing_moves,
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


def _errors_answer() -> str:
    rows = "\n".join(f"| `{call}` | {message} |" for call, message in read_the_errors().items())
    return f"""\
**What goes wrong.** Every call raises `ttt.BoardError`, a `ValueError`, and changes nothing
(with `board = Board.parse("XO./.X./..O")`):

| call | message |
|------|---------|
{rows}

The first string has a short last row; the second has more O than X, though X moves first; cell 4 is
the centre, which X holds; and `(3, 0)` asks for a fourth row of a 3×3 board (rows are numbered 0 to 2).

**Are the messages enough?** Yes, each one names the rule that was broken and quotes the numbers
involved (the row lengths, the counts of marks, the cell and who holds it, the valid ranges), so
the fix can be read off without opening `ttt/board.py`. A good error message answers "what did I
give, and what was expected?"; compare Python's own `IndexError: list index out of range`, which
names neither the index nor the length. To print them all at once, catch the error as above:
`except BoardError as error: print(error)`."""


ERRORS = Exercise(
    number=4,
    title="Read the errors",
    prompt="""\
Predict what goes wrong, then run: `Board.parse("XO./.X./..")`, `Board.parse("OO./X../...")`,
`board.play(4)`, `board.play((3, 0))` (with `board = Board.parse("XO./.X./..O")` from above). Is each
message enough to fix the mistake without reading the code?""",
    starter="",
    hints=(
        "Each call breaks one rule: the shape of the text, the counts of the marks, a taken cell, "
        "a cell off the board. Which is which?",
        "Count the cells of each row of `XO./.X./..`; count the X and the O of `OO./X../...`; look up "
        "what `board` holds in cell 4; and remember that rows are numbered from 0.",
        "All four raise `ttt.BoardError`. To read the messages one after the other without the cell "
        "stopping at the first, wrap each call: `try: ... except BoardError as error: print(error)`.",
    ),
    explanation=_errors_answer,
    code=(read_the_errors,),
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


def _is_opening(board: Board) -> bool:
    return (board.rows, board.cols, board.k) == (3, 3, 3) and board.cells.count("X") == 1 and board.moves_made == 1


def _one_holding_reply(board: Board) -> bool:
    return _is_opening(board) and len(_holding(board)) == 1


def _explain_opening(board: Board):
    if (board.rows, board.cols, board.k) != (3, 3, 3):
        return "Give a position on the 3×3 board."
    if not _is_opening(board):
        xs, os_ = board.cells.count("X"), board.cells.count("O")
        return f"Give the board right after X's first move (one X, no O); this one has {xs} X and {os_} O."
    opening = board.cells.index("X")
    holds = _holding(board)
    hold = "holds" if len(holds) == 1 else "hold"
    return (
        f"After X at {opening}, O has {plural(len(holds), 'reply', 'replies')} that {hold}:"
        f" {', '.join(map(str, holds))}. "
        "Look for an opening that leaves O only one.",
        Boards([board.play(reply) for reply in holds], [f"O {reply} holds" for reply in holds]),
    )


def _success_opening(board: Board) -> str:
    opening, (reply,) = board.cells.index("X"), _holding(board)
    return f"after X at {opening}, only O's reply at {reply} holds; every other reply loses against perfect play."


def _perfect_play_answer() -> str:
    table = "\n".join(
        f"| {name} ({cell}) | {', '.join(map(str, holding_replies(cell)))} |"
        for name, cell in (("a corner", 0), ("an edge", 1), ("the centre", 4))
    )
    return f"""\
**Why O cannot force a win.** Suppose O had a winning strategy. Then X could steal it: play any
first move, then act as the second player and follow O's strategy, and whenever the strategy asks
for the cell X already holds, play anywhere. An extra mark never hurts in tic-tac-toe, so X would
win, and two players cannot both have winning strategies.

**Why X cannot force a win.** O has a reply to each opening that holds. Up to symmetry X has three
openings: a corner, an edge and the centre. Against the centre O takes a corner; against a corner
or an edge O takes the centre. From then on O blocks every line X threatens, and where X could make
two threats at once (a fork) O heads it off on its second move by making a threat of its own, which
X must block. Checking those few cases by hand takes a page; notebook 04 checks every position by
search and finds that the empty board is a draw.

**The hardest openings.** The replies of O that hold, after each kind of opening:

| X opens in | O's replies that hold |
|------------|-----------------------|
{table}

After a corner, only the centre holds: an edge or even the opposite corner loses to a fork. That is
why a corner is the practical opening against a human, although all nine openings draw with perfect
play. Any corner is a right answer, for example `Board.empty().play(0)`."""


PERFECT_PLAY = Exercise(
    number=5,
    title="Who wins with perfect play?",
    star=True,
    prompt="""\
Before notebook 04, argue by hand that neither player can force a win from the empty board. Which
openings for X are the hardest for O to answer? Make that precise: a reply of O *holds* if X cannot
force a win after it. Give the board right after an opening move of X that leaves O exactly one
reply that holds.""",
    starter=answer_starter('a Board, or text such as ".X./.../..."'),
    hints=(
        "Try the centre first: after X at 4, can O reply in a corner and survive? In an edge? Play the "
        "replies out on paper, looking for a move of X that makes two threats at once.",
        "After X in a corner, try O next to it, on an edge, or in the opposite corner: can X set up a fork "
        "within its next two moves? Which reply of O stops every fork?",
        "Up to symmetry there are three kinds of opening: a corner, an edge, the centre. Work out O's replies "
        "that hold after each with `solve`; after one kind O has a single reply that holds. Give the board "
        "right after that opening, as a `Board` or as text such as `\".X./.../...\"`.",
    ),
    explanation=_perfect_play_answer,
    code=(holding_replies, hardest_openings),
    checker=position_check(_one_holding_reply, _explain_opening, success=_success_opening),
    answer=lambda: Board.empty().play(hardest_openings()[0]),
)


EXERCISES = [PREDICT, GAMES, FORCING, ERRORS, PERFECT_PLAY]

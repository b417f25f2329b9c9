"""What a check finds, the :class:`Verdict`, and how every message names values, errors and boards."""

from __future__ import annotations

import os
import sysconfig
import traceback
from textwrap import indent
from dataclasses import dataclass
from functools import lru_cache

from ttt.board import Board

# the ids of the mistakes any check can find, whatever the exercise
TOO_SLOW, ENDLESS, ERROR, NOT_CALLABLE = "too-slow", "endless-loop", "error", "not-callable"
SLOW_CALLS = "slow-calls"   # every call finishes, but together they outrun even the grown budget
WAITS = "waits"             # it used no CPU for seconds: input() or time.sleep(), which a check cannot wait for
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_NOT_THE_LEARNERS = tuple(sorted({_PACKAGE} | {os.path.abspath(path) + os.sep for key in ("stdlib", "platstdlib",
                                 "purelib", "platlib") if (path := sysconfig.get_paths().get(key))}))


class Boards:
    """A verdict part: boards side by side, each with a caption."""

    def __init__(self, boards, captions):
        self.boards, self.captions = tuple(boards), tuple(captions)


def _boards_text(boards: Boards) -> str:
    grids = [board.pretty().splitlines() for board in boards.boards]
    widths = [max(len(caption), *map(len, grid)) for caption, grid in zip(boards.captions, grids)]
    rows = [list(boards.captions)] if any(boards.captions) else []
    rows += [[grid[r] if r < len(grid) else "" for grid in grids] for r in range(max(map(len, grids)))]
    return indent("\n".join("   ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
                            for row in rows), "    ")


def parts_text(parts) -> str:
    """A verdict's parts as text (a terminal, the grade export): boards as :meth:`Board.pretty`."""
    return "\n".join(indent(part.pretty(), "    ") if isinstance(part, Board) else
                     _boards_text(part) if isinstance(part, Boards) else str(part) for part in parts)


class Reveal(str):
    """A part of a refusal that states the answer ("expected: 5"): graded mode leaves it out."""


reveal = Reveal


@dataclass(frozen=True)
class Verdict:
    """``mistake`` names the mistake recognised, so that tests and the grade export need not read the words."""

    status: str
    parts: tuple = ()
    mistake: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "right"

    @property
    def reason(self) -> str:
        """What a gradebook says: "right", "not answered", "too slow", "error" or "wrong answer"."""
        if self.status != "wrong":
            return {"right": "right", "unanswered": "not answered"}[self.status]
        if self.mistake in (TOO_SLOW, ENDLESS, SLOW_CALLS, WAITS):
            return "too slow"
        return "error" if self.mistake == ERROR else "wrong answer"

    @property
    def text(self) -> str:
        return parts_text(self.parts)


def right(*parts) -> Verdict:
    return Verdict("right", parts)


def wrong(*parts, mistake: str = "") -> Verdict:
    """Empty parts are dropped, so that a check can pass an optional part as it is."""
    return Verdict("wrong", tuple(part for part in parts if part is not None and part != ""), mistake)


def unanswered(instruction: str) -> Verdict:
    return Verdict("unanswered", (instruction,))


def is_unanswered(answer) -> bool:
    """None and ``...``: the placeholders a starter cell passes."""
    return answer is None or answer is Ellipsis


def describe_value(value) -> str:
    """``[3, 6] (a list)``, cut to one line; a learner's ``__repr__`` that fails is named, never blamed on us."""
    kind = type(value).__name__
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001 - the learner's __repr__, reported in words
        return f"a {kind} whose __repr__ raised {type(error).__name__}: {error}"
    text = text[:77] + "..." if len(text) > 80 else text
    return f"{text} ({'an' if kind[:1] in 'aeiouAEIOU' else 'a'} {kind})"


def shown(value) -> str:
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - the learner's __repr__
        return describe_value(value)


@lru_cache(maxsize=None)
def is_learners_file(filename: str, strict: bool = True) -> bool:
    """Whether code from ``filename`` is the learner's: not the package's, and when ``strict``, not Python's nor
    generated (an error raised there, as by a dataclass's ``__eq__``, is still the answer's, not the course's)."""
    return not ((strict and filename.startswith(("<string>", "<frozen")))
                or os.path.abspath(filename).startswith(_NOT_THE_LEARNERS if strict else _PACKAGE))


def describe_exception(error: BaseException) -> str:
    """The error and the learner's own line, never its file name (a cell's is random, and outputs must not change)."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if is_learners_file(frame.filename)]
    if frames:
        line = f": {frames[-1].line.strip()}" if frames[-1].line else ""
        text += f"\n(in {frames[-1].name}, line {frames[-1].lineno}{line})"
    return text


def describe_state(board: Board) -> str:
    """"X to move", "O has won" or "a draw": how every check names the board it draws."""
    if board.winner:
        return f"{board.winner} has won"
    return "a draw" if board.is_over else f"{board.turn} to move"

"""What a check finds, in words: the :class:`Verdict`, and how values, errors and boards are named.

Every check module builds its verdicts from these few functions, so a wrong
type, an error in the learner's code and the board it happened on are named
the same way in every exercise.
"""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass

from ttt.board import Board
from ttt.exercises.render import parts_text

__all__ = [
    "Verdict",
    "Reveal",
    "reveal",
    "TOO_SLOW",
    "ENDLESS",
    "ERROR",
    "NOT_CALLABLE",
    "right",
    "wrong",
    "unanswered",
    "is_unanswered",
    "describe_value",
    "describe_exception",
    "shown",
    "raised_in_learners_code",
    "describe_state",
]

RIGHT, WRONG, UNANSWERED = "right", "wrong", "unanswered"

TOO_SLOW, ENDLESS, ERROR, NOT_CALLABLE = "too-slow", "endless-loop", "error", "not-callable"
"""The ids of the mistakes every check can find, whatever the exercise (see :attr:`Verdict.mistake`)."""


class Reveal(str):
    """A part of a refusal that states the answer, or part of it ("expected: 5").

    It is text like any other part in practice mode; graded mode
    (:func:`ttt.exercises.mode.plain_verdict`) leaves it out, so a refusal there
    says what is wrong without the expected values.
    """


def reveal(text: str) -> Reveal:
    """``text`` marked as stating the answer (see :class:`Reveal`)."""
    return Reveal(text)


@dataclass(frozen=True)
class Verdict:
    """What a check found: a status and the parts that explain it (text, boards).

    ``status`` is ``"right"``, ``"wrong"`` or ``"unanswered"``.  ``parts`` are
    strings, :class:`~ttt.board.Board` objects and :class:`Boards`; for an
    unanswered verdict the single part says what to do.  ``mistake`` is the id
    of the mistake the check recognised ("too-slow", "error", or an exercise's
    own slip such as "gt_for_ge"), so that tests and the grade export name the
    mistake without reading the words, which a teacher may reword.
    """

    status: str
    parts: tuple = ()
    mistake: str = ""

    @property
    def ok(self) -> bool:
        return self.status == RIGHT

    @property
    def reason(self) -> str:
        """What a gradebook says of it: "right", "not answered", "too slow", "error" or "wrong answer"."""
        if self.status == RIGHT:
            return "right"
        if self.status == UNANSWERED:
            return "not answered"
        return {TOO_SLOW: "too slow", ENDLESS: "too slow", ERROR: "error"}.get(self.mistake, "wrong answer")

    @property
    def text(self) -> str:
        """The parts as plain text (boards drawn with ``pretty``), for ``--verify`` and tests."""
        return parts_text(self.parts)


def right(*parts) -> Verdict:
    return Verdict(RIGHT, tuple(parts))


def wrong(*parts, mistake: str = "") -> Verdict:
    """A refusal made of ``parts`` (empty ones dropped), naming the ``mistake`` recognised, if any."""
    return Verdict(WRONG, tuple(part for part in parts if part is not None and part != ""), mistake)


def unanswered(instruction: str) -> Verdict:
    return Verdict(UNANSWERED, (instruction,))


# ---------------------------------------------------------------------- describing what we got


def describe_value(value) -> str:
    """A value and its type in words, short enough for one line: ``[3, 6] (a list)``.

    A value whose own ``__repr__`` fails (a learner's class) is named by its type
    and that error, so the learner's bug is never reported as the course's.
    """
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001 - the learner's __repr__, reported in words
        kind = type(value).__name__
        return f"a {kind} whose __repr__ raised {type(error).__name__}: {error}"
    if len(text) > 80:
        text = text[:77] + "..."
    kind = type(value).__name__
    article = "an" if kind[:1] in "aeiouAEIOU" else "a"
    return f"{text} ({article} {kind})"


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def describe_exception(error: BaseException) -> str:
    """``IndexError: list index out of range``, and the learner's own line it came from.

    The line is the innermost frame outside the ``ttt`` package (the learner's
    cell), given by function, line number and code, never by file name: a
    notebook's cell files have random names, and the output must stay
    deterministic.
    """
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not os.path.abspath(frame.filename).startswith(_PACKAGE_DIR)
    ]
    if frames:
        frame = frames[-1]
        where = f"in {frame.name}, line {frame.lineno}"
        if frame.line:
            where += f": {frame.line.strip()}"
        text += f"\n({where})"
    return text


def shown(value) -> str:
    """``repr(value)``, or what :func:`describe_value` says when the learner's ``__repr__`` fails."""
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - the learner's __repr__
        return describe_value(value)


def raised_in_learners_code(error: BaseException) -> bool:
    """Whether ``error`` was raised by code outside the ``ttt`` package (the learner's ``__eq__``, ``__hash__``...)."""
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and not os.path.abspath(frames[-1].filename).startswith(_PACKAGE_DIR)


def is_unanswered(answer) -> bool:
    """None and ``...``: the placeholders a starter cell passes."""
    return answer is None or answer is Ellipsis


def describe_state(board: Board) -> str:
    """"X to move", "O has won" or "a draw": how every check names the board it draws."""
    if board.winner:
        return f"{board.winner} has won"
    if board.is_over:
        return "a draw"
    return f"{board.turn} to move"

"""Memoization: remember the value of every position searched, so that none is searched twice.

Brute-force negamax makes 549,946 calls from the empty 3×3 board, but there
are only 5,478 different positions: most calls repeat work already done along
another move order.  A *transposition table* (a dictionary from positions to
values) removes the repeats.  This module holds the course's versions:

* :func:`negamax_memo`: an explicit ``dict``, filled as the search goes;
* :func:`cached_negamax`: the same search memoised by :func:`functools.cache`;
* :func:`negamax_kb`: a *pure* version after the Haskell tutorial's
  ``State KnowledgeBase`` monad: it takes the table and returns the value
  together with a new table (:class:`KnowledgeBase`, immutable, copied on
  write), changing nothing it was given;
* :func:`reaches`: the "shortcut" of the Ruby negamax post (stop looking for
  a win once a draw is all one needs), written as the exact yes/no question
  it answers, and :class:`ShortcutPlayer`, which settles for a draw;
* :func:`alphabeta_memo`: alpha-beta with a table.  A result found under a
  narrow window may be only a bound, so the table stores a flag (exact,
  lower or upper bound) with each value; ``bounds=False`` reproduces the
  common mistake of storing every result as if it were exact.

Counting convention (the one behind the published 16,168): every call of the
search is a node, the root and finished games included, and a call answered
by the table counts too (as a *hit*).  The table stores every position whose
value it works out, the root and finished games included: 5,478 entries from
the empty board.  (The Ruby post reports 5,477 because it does not store the
root.)  Values are plain, from the side to move: ``+1`` win, ``0`` draw,
``-1`` loss, as in :func:`ttt.minimax.negamax`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Callable

from ttt.board import Board
from ttt.geometry import BoardError
from ttt.instrument import SearchStats

__all__ = [
    "TableStats",
    "negamax_memo",
    "cached_negamax",
    "KnowledgeBase",
    "negamax_kb",
    "reaches",
    "shortcut_move",
    "ShortcutPlayer",
    "FullSearchPlayer",
    "EXACT",
    "LOWER",
    "UPPER",
    "alphabeta_memo",
    "alphabeta_memo_move",
]

INF = math.inf


@dataclass
class TableStats(SearchStats):
    """:class:`~ttt.instrument.SearchStats` plus ``hits``: calls answered from the table.

    ``nodes`` still counts every call; ``leaves`` counts finished boards whose
    value was read off the board (not those found in the table).
    """

    hits: int = 0

    def reset(self) -> None:
        super().reset()
        self.hits = 0


def _finished_value(board: Board) -> int:
    """The value of a finished board for the side to move: it lost if anybody won."""
    return -1 if board.winner else 0


# ---------------------------------------------------------------------- 1. a dict


def negamax_memo(board: Board, table: dict | None = None, stats: SearchStats | None = None) -> int:
    """Negamax with a transposition table: each position is worked out once, then looked up.

    ``table`` maps boards to values; pass your own dict to keep it (or to
    reuse what an earlier search found), leave it out for a fresh one.  From
    the empty 3×3 board: 16,168 calls and 5,478 entries.  There is one call
    for the root and one for every move out of every position worked out,
    and each of the 4,520 unfinished positions is worked out exactly once,
    so the calls are 1 + 16,167, the number of edges of the position graph.
    """
    return _memo(board, {} if table is None else table, stats if stats is not None else TableStats())


def _memo(board: Board, table: dict, stats: SearchStats) -> int:
    stats.nodes += 1
    value = table.get(board)
    if value is not None:
        if isinstance(stats, TableStats):
            stats.hits += 1
        return value
    if board.is_over:
        stats.leaves += 1
        value = _finished_value(board)
    else:
        value = -1
        for cell in board.legal_moves():
            child_value = -_memo(board._play(cell), table, stats)
            if child_value > value:
                value = child_value
    table[board] = value
    return value


# ---------------------------------------------------------------------- 2. functools.cache


def cached_negamax() -> Callable[[Board], int]:
    """A fresh negamax memoised by :func:`functools.cache` (a new, empty cache each time).

    The returned function is the search itself; its ``cache_info()`` counts
    the work: ``hits + misses`` calls (16,168 from the empty board), of which
    ``misses`` (= ``currsize``, 5,478) were worked out.  The cache stays
    with the function, so a second question to the same function is answered
    from what the first one found; ``cache_clear()`` forgets it.
    """

    @cache
    def value(board: Board) -> int:
        if board.is_over:
            return _finished_value(board)
        return max(-value(board._play(cell)) for cell in board.legal_moves())

    return value


# ---------------------------------------------------------------------- 3. a pure knowledge base


class KnowledgeBase(Mapping):
    """An immutable map from positions to values: :meth:`with_entry` returns a new one.

    This is the Python stand-in for the Haskell tutorial's ``Map Position
    Score`` carried by the ``State`` monad.  Adding an entry copies the whole
    dict (copy on write), so the old knowledge base stays exactly as it was:
    every version ever made is still valid.  The price is that adding the
    ``n``-th entry copies ``n - 1`` others, so building 5,478 entries copies
    about 15 million, where Haskell's ``Data.Map`` would copy only the
    ``log n`` nodes on the path to the new key and share the rest.
    """

    __slots__ = ("_entries",)

    def __init__(self, entries: Mapping | None = None):
        object.__setattr__(self, "_entries", dict(entries or {}))

    def with_entry(self, key, value) -> KnowledgeBase:
        """A new knowledge base with ``key`` set to ``value``; this one does not change."""
        entries = self._entries.copy()
        entries[key] = value
        new = object.__new__(KnowledgeBase)
        object.__setattr__(new, "_entries", entries)
        return new

    def __getitem__(self, key):
        return self._entries[key]

    def get(self, key, default=None):
        return self._entries.get(key, default)  # faster than Mapping's, which catches KeyError

    def __iter__(self) -> Iterator:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __setattr__(self, name, value):
        raise AttributeError("a KnowledgeBase is immutable: use with_entry()")

    def __repr__(self) -> str:
        return f"<KnowledgeBase with {len(self)} entries>"


def negamax_kb(board: Board, kb: KnowledgeBase | None = None, stats: SearchStats | None = None):
    """Negamax as a pure function of the position and a knowledge base: ``(value, new_kb)``.

    Each call looks the board up in ``kb``; if it is not there it works the
    value out, threading the knowledge base through the children one after
    another (each child's call gets the table the previous one returned, as
    Haskell's ``mapM`` in the ``State`` monad does behind the scenes), and
    returns the value with a knowledge base that includes it.  ``kb`` itself
    is never changed.  Same calls and entries as :func:`negamax_memo`.
    ``stats`` only watches: it does not affect the result.
    """
    return _kb(board, KnowledgeBase() if kb is None else kb, stats if stats is not None else TableStats())


def _kb(board: Board, kb: KnowledgeBase, stats: SearchStats):
    stats.nodes += 1
    known = kb.get(board)
    if known is not None:
        if isinstance(stats, TableStats):
            stats.hits += 1
        return known, kb
    if board.is_over:
        stats.leaves += 1
        value = _finished_value(board)
    else:
        value = -1
        for cell in board.legal_moves():
            child_value, kb = _kb(board._play(cell), kb, stats)
            if -child_value > value:
                value = -child_value
    return value, kb.with_entry(board, value)


# ---------------------------------------------------------------------- 4. the shortcut


def reaches(board: Board, target: int, table: dict | None = None, stats: SearchStats | None = None) -> bool:
    """Can the side to move make sure of at least ``target`` (``1`` a win, ``0`` a draw)?

    This is the Ruby post's shortcut made exact.  To show "at least a draw"
    it is enough to find *one* move after which the opponent cannot force a
    win, so the search stops at the first such move and never asks whether
    a win was possible; the opponent's nodes ask "can I force a win?" and
    stop at their first winning move::

        reaches(b, t)  =  any(not reaches(child, 1 - t) for each child)

    (``value(b) >= t`` exactly when some child has ``value <= -t``, that is
    not ``value >= 1 - t``.)  It is alpha-beta with the null window
    ``(t - 1, t)``.  The answers are exact answers to yes/no questions, so a
    ``table`` (keyed by ``(board, target)``) may keep them safely.
    """
    if target not in (0, 1):
        raise ValueError(f"target must be 1 (a win) or 0 (at least a draw), not {target!r}")
    stats = stats if stats is not None else TableStats()
    if table is None:
        return _reaches(board, target, stats)
    return _reaches_memo(board, target, table, stats)


def _reaches(board: Board, target: int, stats: SearchStats) -> bool:
    stats.nodes += 1
    if board.is_over:
        stats.leaves += 1
        return _finished_value(board) >= target
    moves = board.legal_moves()
    for i, cell in enumerate(moves):
        if not _reaches(board._play(cell), 1 - target, stats):
            stats.cutoffs += i + 1 < len(moves)
            return True
    return False


def _reaches_memo(board: Board, target: int, table: dict, stats: SearchStats) -> bool:
    stats.nodes += 1
    key = (board, target)
    known = table.get(key)
    if known is not None:
        if isinstance(stats, TableStats):
            stats.hits += 1
        return known
    if board.is_over:
        stats.leaves += 1
        answer = _finished_value(board) >= target
    else:
        answer = False
        moves = board.legal_moves()
        for i, cell in enumerate(moves):
            if not _reaches_memo(board._play(cell), 1 - target, table, stats):
                stats.cutoffs += i + 1 < len(moves)
                answer = True
                break
    table[key] = answer
    return answer


def shortcut_move(board: Board, target: int = 0, table: dict | None = None, stats: SearchStats | None = None) -> int:
    """The first move (in cell order) that makes sure of at least ``target`` for the side to move.

    With ``target=0`` this is the shortcut player's move: the first move
    after which the opponent cannot force a win.  When no move reaches the
    target, the first legal move.
    """
    if board.is_over:
        raise BoardError(f"the game is over ({board.outcome}): there is no move to choose")
    table = {} if table is None else table
    moves = board.legal_moves()
    for cell in moves:
        if not reaches(board._play(cell), 1 - target, table, stats):
            return cell
    return moves[0]


class ShortcutPlayer:
    """Settles for a draw: plays the first move that keeps the draw, never looking for a win.

    Tic-tac-toe is a draw, so from the empty board "at least a draw" is all
    perfect play can promise, and this player never loses.  But after an
    opponent's mistake the position may be a *win*, and this player still
    asks only "does this move keep the draw?", so it can throw the win away.
    ``ask_for_win=True`` first asks "is there a winning move?" and plays the
    first one if so: then it plays exactly like :class:`FullSearchPlayer`.
    Answers are memoised in one table for the player's lifetime.
    """

    def __init__(self, ask_for_win: bool = False):
        self.ask_for_win = ask_for_win
        self.table: dict = {}

    def move(self, board: Board) -> int:
        if self.ask_for_win and reaches(board, 1, self.table):
            return shortcut_move(board, 1, self.table)
        return shortcut_move(board, 0, self.table)

    def __repr__(self) -> str:
        return f"ShortcutPlayer(ask_for_win={self.ask_for_win})"


class FullSearchPlayer:
    """Plays the first move, in cell order, with the best negamax value (+1 before 0 before -1).

    The full search of the source: the exact value of every move, from
    :func:`negamax_memo` with one table for the player's lifetime.  In a won
    position it plays a winning move (the first one: not necessarily the
    fastest), in a drawn position the first drawing move.
    """

    def __init__(self):
        self.table: dict = {}

    def move(self, board: Board) -> int:
        if board.is_over:
            raise BoardError(f"the game is over ({board.outcome}): there is no move to choose")
        best_cell, best = None, -2
        for cell in board.legal_moves():
            value = -negamax_memo(board._play(cell), self.table)
            if value > best:
                best_cell, best = cell, value
        return best_cell

    def __repr__(self) -> str:
        return "FullSearchPlayer()"


# ---------------------------------------------------------------------- 5. alpha-beta with a table

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""What a stored alpha-beta result says about the true value ``v``: ``v`` equals it,
``v`` is at least it (the search was cut off at beta), or ``v`` is at most it
(no move beat alpha)."""


def alphabeta_memo(
    board: Board,
    alpha: float = -INF,
    beta: float = INF,
    *,
    table: dict | None = None,
    bounds: bool = True,
    stats: SearchStats | None = None,
) -> int | float:
    """Fail-hard alpha-beta (cell order, as :func:`ttt.pruning.alphabeta`) with a transposition table.

    A result found with window ``(alpha, beta)`` is exact only when it lies
    strictly inside the window.  A result ``<= alpha`` only says "at most
    this" (an *upper* bound), one ``>= beta`` only "at least this" (a *lower*
    bound).  With ``bounds=True`` each entry carries that flag and a look-up
    uses an entry only where it settles the question: an exact value always;
    a bound when it closes the current window.  Otherwise the bound narrows
    the window and the position is searched again.

    ``bounds=False`` stores every result as if it were exact and returns it
    whatever the window: the classic mistake.  It gives wrong values and
    moves (notebook 06 counts where).

    ``table`` maps boards to ``(flag, value)`` (or, with ``bounds=False``, to
    the value).  Every call counts as a node, table hits included.
    """
    if not alpha < beta:
        raise ValueError(f"the window must have alpha < beta, got ({alpha}, {beta})")
    table = {} if table is None else table
    stats = stats if stats is not None else TableStats()
    search = _ab_bounds if bounds else _ab_naive
    return search(board, alpha, beta, table, stats)


def alphabeta_memo_move(
    board: Board, *, table: dict | None = None, bounds: bool = True, stats: SearchStats | None = None
) -> tuple[int, int]:
    """``(value, move)`` at the root: the first move in cell order whose value is the best found.

    Each move is searched with the window the root has reached so far, as
    alpha-beta does.  With ``bounds=True`` the value is exact and the move
    keeps it; with ``bounds=False`` either may be wrong.
    """
    if board.is_over:
        raise BoardError(f"the game is over ({board.outcome}): there is no move to choose")
    table = {} if table is None else table
    stats = stats if stats is not None else TableStats()
    search = _ab_bounds if bounds else _ab_naive
    alpha, best_cell = -INF, None
    for cell in board.legal_moves():
        value = -search(board._play(cell), -INF, -alpha, table, stats)
        if value > alpha:
            alpha, best_cell = value, cell
    return alpha, best_cell


def _hit(stats: SearchStats) -> None:
    if isinstance(stats, TableStats):
        stats.hits += 1


def _ab_bounds(board: Board, alpha, beta, table: dict, stats: SearchStats):
    stats.nodes += 1
    entry = table.get(board)
    if entry is not None:
        flag, value = entry
        clipped = min(max(value, alpha), beta)  # fail-hard: what this window makes of the value
        if flag == EXACT:
            _hit(stats)
            return clipped
        if flag == LOWER and value > alpha:
            alpha = value
        elif flag == UPPER and value < beta:
            beta = value
        if alpha >= beta:
            _hit(stats)
            return clipped  # the bound alone settles this node
    if board.is_over:
        stats.leaves += 1
        value = _finished_value(board)
        table[board] = (EXACT, value)
        return min(max(value, alpha), beta)
    start = alpha
    moves = board.legal_moves()
    for i, cell in enumerate(moves):
        value = -_ab_bounds(board._play(cell), -beta, -alpha, table, stats)
        if value > alpha:
            alpha = value
        if alpha >= beta:
            stats.cutoffs += i + 1 < len(moves)
            break
    # Fail-hard: ``alpha`` is exact inside (start, beta), else a bound.
    flag = UPPER if alpha <= start else LOWER if alpha >= beta else EXACT
    table[board] = (flag, alpha)
    return alpha


def _ab_naive(board: Board, alpha, beta, table: dict, stats: SearchStats):
    stats.nodes += 1
    value = table.get(board)
    if value is not None:
        _hit(stats)
        return value  # the mistake: a bound found under another window, used as exact
    if board.is_over:
        stats.leaves += 1
        value = _finished_value(board)
        value = min(max(value, alpha), beta)
    else:
        moves = board.legal_moves()
        for i, cell in enumerate(moves):
            child = -_ab_naive(board._play(cell), -beta, -alpha, table, stats)
            if child > alpha:
                alpha = child
            if alpha >= beta:
                stats.cutoffs += i + 1 < len(moves)
                break
        value = alpha
    table[board] = value
    return value

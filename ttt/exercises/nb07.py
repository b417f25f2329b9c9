"""Notebook 07 (symmetry): worked solutions and checks (words: nb07.md); the test recomputes every figure."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache

from ttt.board import Board
from ttt.exercises.calls import Learner, stop
from ttt.exercises.checks import CustomCheck, NumbersCheck
from ttt.exercises.verdicts import Boards, describe_value, right
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.positions import all_positions
from ttt.instrument import SearchStats
from ttt.pruning import alphabeta
from ttt.symmetry import canonical, canonical_key, images, stabiliser, symmetries
from ttt.symmetry_search import positions_up_to_symmetry
from ttt.tree import reachable_positions


# ====================================================================== 07.1 rectangles
def rectangle_counts():
    """Positions of 3×4 (k = 3), the positions each symmetry leaves unchanged, and the classes (Burnside)."""
    positions = reachable_positions(Board.empty(3, 4, 3))
    leaves_unchanged = Counter(perm for board in positions for perm in stabiliser(board))
    fixed = {name: leaves_unchanged[perm] for name, perm in symmetries(3, 4)}
    classes = sum(fixed.values()) / len(fixed)  # Burnside: the average number of positions left unchanged
    assert classes == positions_up_to_symmetry(3, 4, 3)["total"]
    return (len(positions), fixed["rotate 180°"], fixed["mirror left-right"], fixed["mirror top-bottom"],
            int(classes))


RECTANGLES = Exercise(
    number=1, starter=answer_starter("(positions, rotate_180, mirror_left_right, mirror_top_bottom, classes)"),
    code=(rectangle_counts,), answer=lru_cache(maxsize=1)(rectangle_counts),  # worked out once per session
    checker=NumbersCheck(
        {"positions": 111_973, "rotate 180°": 123, "mirror left-right": 105, "mirror top-bottom": 899,
         "classes": lambda: positions_up_to_symmetry(3, 4, 3)["total"]}, mistakes={
            "positions": {79_563: "That counts only the unfinished positions; finished ones are positions too."},
            "classes": {lambda classes: abs(classes - Fraction(111_973, 4)) <= 1:   # divided by four, rounded or not
                        "That divides the positions by four, as if every class had four members; add the positions"
                        " the other three symmetries leave unchanged before dividing.",
                        20_088: "That counts only the classes of unfinished positions."}},
        explain="Burnside: (111,973 + 123 + 105 + 899) / 4 = 28,275."),
)


# ====================================================================== 07.2 a cheaper canonical form
def image_tables():
    """For each of the eight symmetries, the bit that the mark in each cell moves to: ``1 << perm[cell]``."""
    return [[1 << perm[cell] for cell in range(9)] for _, perm in symmetries()]


IMAGE_BITS = image_tables()  # worked out once: eight tables of nine bits


def image(bitboard, table):
    """The ``bitboard`` moved by one symmetry, given as the table of each cell's image bit."""
    moved = 0
    for cell in range(9):
        if bitboard >> cell & 1:
            moved |= table[cell]
    return moved


def bit_key(x, o):
    """The smallest of the eight images of the position, each packed as X's bits then O's."""
    return min(image(x, table) | image(o, table) << 9 for table in IMAGE_BITS)


def bits(board):
    """The two bitboards of notebook 01: bit i of x (of o) is set when X (O) holds cell i."""
    x = sum(1 << cell for cell, mark in enumerate(board.cells) if mark == "X")
    o = sum(1 << cell for cell, mark in enumerate(board.cells) if mark == "O")
    return x, o


@lru_cache(maxsize=1)
def _classes() -> tuple[tuple[Board, tuple[Board, ...]], ...]:
    """One position of each of the 765 classes (the first met), and its eight images in the order of symmetries()."""
    firsts = {}
    for board in all_positions():
        firsts.setdefault(canonical_key(board), board)
    return tuple((board, tuple(images(board))) for board in firsts.values())


def _key(bit_key: Learner, picture: Board):
    """The learner's key of one position, which must be a value a dictionary can hold."""
    x, o = bits(picture)
    key = bit_key(x, o, where=f"on x={x}, o={o}, this board", show=(picture,))
    if key is None:
        stop("bit_key returned None on this board: is a `return` missing? It returns the key, one integer.",
             picture, mistake="returns-none")
    try:
        hash(key)
    except TypeError:
        stop(f"bit_key returned {describe_value(key)}, which cannot be a dictionary key: return one integer.",
             picture, mistake="unhashable-key")
    return key


def _packs_bits(bit_key: Learner) -> bool:
    """Whether the keys are packed bits: one X alone then has a key with at most one bit set, whatever its tables (none
    when a table holds ``perm[i]`` for ``1 << perm[i]``); a key of another kind (base 3: 3 for an edge) may have any
    bits, so its bits say nothing about a table."""
    keys = (bit_key(1 << cell, 0, where="on positions with one X and no O") for cell in range(9))
    return all(isinstance(key, int) and not isinstance(key, bool) and key.bit_count() <= 1 for key in keys)


def _stop_if_merging(bit_key: Learner) -> None:
    """Stop when a symmetry table sends two cells to one bit: with no O, a right image keeps both of X's bits."""
    if not _packs_bits(bit_key):
        return
    for a, b in ((a, b) for a in range(9) for b in range(a + 1, 9)):
        key = bit_key(1 << a | 1 << b, 0, where="on positions with two X's and no O")
        if isinstance(key, int) and not isinstance(key, bool) and key.bit_count() < 2:
            stop(f"bit_key(x, o) with X on cells {a} and {b} and no O returns {key!r}, which has "
                 f"{'no bit' if key == 0 else 'one bit'} set: some symmetry table sends two cells to one bit, so an"
                 " image loses marks and different positions look alike.",
                 "Each table must send the nine cells to nine different bits, one permutation of them:"
                 " `[1 << perm[i] for i in range(9)]` for each `perm` of `symmetries()`.",
                 mistake="table-not-bijection")


def _not_invariant(bit_key: Learner, board: Board, pictures, keys) -> None:
    """Stop with what is wrong when the eight images of ``board`` do not all get one key."""
    _stop_if_merging(bit_key)
    if len(set(keys[:4])) == 1 and len(set(keys[4:])) == 1:
        stop("bit_key gives one key to the four rotations of this position and another to its mirror images:",
             Boards([pictures[0], pictures[4]], [f"key {keys[0]!r}", f"key {keys[4]!r} ({symmetries()[4][0]})"]),
             "A class holds the mirror images too: take the smallest image over all eight symmetries of"
             " `symmetries()`, the four mirrors as well as the four rotations.", mistake="rotations-only")
    other = next(index for index, key in enumerate(keys) if key != keys[0])
    stop("bit_key gives different keys to two images of one position:",
         Boards([board, pictures[other]], [f"key {keys[0]!r}", f"key {keys[other]!r} ({symmetries()[other][0]})"]),
         "A canonical key must be the same for every image: take the smallest (or largest) of the eight "
         "images, not the position as it is.", mistake="not-invariant")


# A judge: a right key is any value that is one per class, so no case has one expected value to declare.
def _judge_bit_key(answer):
    bit_key, owner = Learner(answer, "bit_key", args="x, o"), {}   # owner: a key -> the position that got it
    for board, pictures in _classes():
        keys = [_key(bit_key, picture) for picture in pictures]
        if any(key != keys[0] for key in keys):
            _not_invariant(bit_key, board, pictures, keys)
        if keys[0] in owner:
            _stop_if_merging(bit_key)
            stop("bit_key gives the same key to two positions that are not images of each other:",
                 Boards([owner[keys[0]], board], [f"key {keys[0]!r}"] * 2),
                 "A key must tell classes apart: did you lose one side's marks, or take the smallest image of X's bits "
                 "and of O's bits separately (they may come from different symmetries)?", mistake="merges-classes")
        owner[keys[0]] = board
    return right(f"bit_key gives one key per class: {len(owner):,} keys for the 5,478 positions and their images.")


CHEAPER_KEY = Exercise(number=2, starter=function_starter(bit_key), code=(image_tables, image, bit_key, bits),
                       checker=CustomCheck(_judge_bit_key, kind="function"), answer=lambda: bit_key)


# ====================================================================== 07.3 symmetry in alpha-beta
class CanonicalTable(dict):
    """A bound table that files every position under its canonical form (alphabeta uses get and [] =)."""

    def get(self, board, default=None):
        return super().get(canonical(board), default)

    def __setitem__(self, board, entry):
        super().__setitem__(canonical(board), entry)


def alphabeta_by_class():
    """Calls and table entries of alpha-beta with a bound table keyed by class, from the empty board."""
    stats, table = SearchStats(), CanonicalTable()
    assert alphabeta(Board.empty(), table=table, stats=stats) == 0
    return stats.nodes, len(table)


ALPHABETA_SYMMETRY = Exercise(
    number=3, starter=answer_starter("(calls, entries)"), code=(CanonicalTable, alphabeta_by_class),
    answer=alphabeta_by_class,
    checker=NumbersCheck({"calls": 1_109, "entries": 505}, mistakes={
        "calls": {4_839: "That is alpha-beta with a plain bound table: the table is not keyed by class.",
                  10_337: "That table stores under the canonical form but looks positions up as they are: "
                          "canonicalise in `get` too.",
                  12_873: "That table looks positions up by their canonical form but stores them as they are: "
                          "canonicalise in `__setitem__` too.",
                  1_240: "That is the engine's \"+ symmetry\" row; run `alphabeta` with your table."},
        "entries": {2_511: "That is the plain bound table: it is not keyed by class.",
                    651: "Canonicalise in `get` too.", 2_263: "Canonicalise in `__setitem__` too."}},
        explain="Four times fewer calls than the plain bound table (4,839)."),
)


# ====================================================================== 07.4 ★ where the counts part
def shared_sequences():
    """How many class sequences more than one class of whole games shares, and the most that share one."""
    perms = [perm for _, perm in symmetries()]
    classes_of = defaultdict(set)  # sequence of position classes -> classes of whole games

    def walk(board, moves, sequence):
        if board.is_over:
            whole_game = min(tuple(perm[cell] for cell in moves) for perm in perms)
            classes_of[sequence].add(whole_game)
            return
        for cell, child in board.children():
            walk(child, moves + (cell,), sequence + (canonical_key(child),))

    walk(Board.empty(), (), ())
    shared = [len(found) for found in classes_of.values() if len(found) > 1]
    return len(shared), max(shared)


COUNTS_PART = Exercise(
    number=4, starter=answer_starter("(sequences, most)"), code=(shared_sequences,),
    answer=lru_cache(maxsize=1)(shared_sequences),
    checker=NumbersCheck({"sequences": 4_586, "most": 4}, mistakes={
        "sequences": {5_066: "That is how many more classes of whole games there are than sequences (31,896 - "
                             "26,830); count the sequences that carry more than one class.",
                      26_830: "That counts every sequence; count those that carry more than one class.",
                      4_346: "Those are the sequences shared by exactly two classes; some are shared by more."},
        "most": {2: "Some sequences are shared by more than two classes."}},
        explain="4,346 sequences carry two classes of whole games and 240 carry four."),
)


# ====================================================================== 07.5 invariance as a test
def parent_bug_negamax(board, table, stats, parent=None):
    """symmetry_table_negamax with a planted bug: a value is stored under the images of the parent."""
    stats.nodes += 1
    if board in table:
        return table[board]
    if board.is_over:
        value = -1 if board.winner else 0
    else:
        value = max(-parent_bug_negamax(child, table, stats, board) for _, child in board.children())
    for picture in images(board if parent is None else parent):  # the bug: the parent's images
        table[picture] = value
    return value


def parent_bug_figures():
    """The value, calls, entries and wrong entries of the planted bug, from the empty board."""
    from ttt.memo import negamax_memo

    true_value = {}
    negamax_memo(Board.empty(), true_value)
    table, stats = {}, SearchStats()
    value = parent_bug_negamax(Board.empty(), table, stats)
    wrong_entries = sum(table[board] != true_value[board] for board in table)
    return value, stats.nodes, len(table), wrong_entries


INVARIANCE = Exercise(
    number=5, starter=answer_starter("(value, calls, entries, wrong)"), code=(parent_bug_negamax, parent_bug_figures),
    answer=parent_bug_figures,
    checker=NumbersCheck({"value": 0, "calls": 2_774, "entries": 4_016, "wrong": 2_648}, mistakes={
        "calls": {2_271: "That is the count of the correct search: is the bug in place (the parent's images)?"},
        "entries": {5_478: "That is the table of the correct search: is the bug in place (the parent's images)?"},
        "wrong": {0: "With the bug in place, many entries hold the value of a child instead."}},
        direction=False, explain="The root's value survives the bug; the counts do not."),
)


EXERCISES = [RECTANGLES, CHEAPER_KEY, ALPHABETA_SYMMETRY, COUNTS_PART, INVARIANCE]

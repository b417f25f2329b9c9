"""The exercises of notebook 07 (symmetry): every one of them answers back.

1. rectangles               a numbers check (Burnside's lemma on 3×4);
2. a cheaper canonical form  a custom check: the learner's key on the images of all 5,478 positions;
3. symmetry in alpha-beta    a numbers check (calls and entries), with the slips that give other counts;
4. ★ where the counts part    a numbers check (sequences shared by several classes of whole games);
5. invariance as a test      a numbers check on a planted bug, and an open "which checks catch it".

The solution functions are what ``.solution()`` shows and what ``verify_all``
runs through the checks; they use only what the notebook has shown.  The
references are the package's figures (``positions_up_to_symmetry``,
``canonical_key``) or figures stated literally, which
``tests/exercises/test_nb07.py`` recomputes independently.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache

from ttt.board import Board
from ttt.exercises.checks import Boards, Learner, custom_check, describe_value, numbers_check, right, stop
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.positions import all_positions
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


_BY_FOUR = ("That divides the positions by four, as if every class had four members; add the positions the other "
            "three symmetries leave unchanged before dividing.")

RECTANGLES = Exercise(
    number=1,
    title="Rectangles",
    prompt="""\
A 3×4 board has only four symmetries: `symmetries(3, 4)` lists them (the identity, the half turn
and the two mirror flips). List the reachable positions of `Board.empty(3, 4, 3)` with `reachable`
from above (it takes a few seconds) and count, for each of the three symmetries other than the
identity, the positions it leaves unchanged (those whose `stabiliser` contains it). By Burnside's
lemma the number of classes is the average, over the four symmetries, of the number of positions
each one leaves unchanged; the identity leaves every position unchanged. Check the average against
`positions_up_to_symmetry(3, 4, 3)`, and give
`answer = (positions, rotate_180, mirror_left_right, mirror_top_bottom, classes)`.""",
    starter=answer_starter("(positions, rotate_180, mirror_left_right, mirror_top_bottom, classes)"),
    hints=(
        "Burnside's lemma: classes = (sum over the symmetries g of the positions g leaves unchanged) / "
        "(number of symmetries). With four symmetries, one of them the identity, you need four counts; "
        "the identity's is the number of positions.",
        "For a position `board`, `stabiliser(board)` is the list of the permutations that leave it "
        "unchanged. So `sum(perm in stabiliser(board) for board in positions)` counts the positions that "
        "`perm` leaves unchanged; take `(name, perm)` from `symmetries(3, 4)`.",
        "`unchanged = Counter(perm for b in positions for perm in stabiliser(b))` counts, for every "
        "permutation, the positions it leaves unchanged; then `classes = sum(unchanged.values()) / 4`. "
        "It should be a whole number, and the same as `positions_up_to_symmetry(3, 4, 3)[\"total\"]`.",
    ),
    explanation="""\
**Why it works.** Burnside's lemma counts the classes (orbits) of a set under a group of symmetries
as the average number of elements each symmetry leaves unchanged. A position in a class of size
*s* is left unchanged by 4 / *s* of the four symmetries (orbit-stabiliser), so each class
contributes *s* · 4 / *s* = 4 to the sum, and the sum divided by 4 is the number of classes.

On 3×4 the identity leaves all 111,973 positions unchanged; the half turn only 123, the left-right
mirror 105 and the top-bottom mirror 899, so (111,973 + 123 + 105 + 899) / 4 = 28,275 classes, as
`positions_up_to_symmetry` finds by expanding one member of each class. Why so few fixed ones? The
half turn and the left-right mirror fix no cell of a 3×4 board (it has four columns, so no middle
column, and no centre cell), so in a position they leave unchanged the marks come in pairs, a cell
and its image holding the same mark: both sides have an even number of marks, placed
symmetrically. The top-bottom mirror fixes the four cells of the middle row, which leaves more room.

Dividing the positions by four (27,993.25) would be wrong: it assumes that every class has four
members, but some have fewer (the empty board is alone in its class).""",
    code=(rectangle_counts,),
    checker=numbers_check(
        {
            "positions": 111_973,
            "rotate 180°": 123,
            "mirror left-right": 105,
            "mirror top-bottom": 899,
            "classes": lambda: positions_up_to_symmetry(3, 4, 3)["total"],
        },
        mistakes={
            "positions": {79_563: "That counts only the unfinished positions; finished ones are positions too."},
            "classes": {
                **dict.fromkeys((27_993, Fraction(111_973, 4), 27_994), _BY_FOUR),
                20_088: "That counts only the classes of unfinished positions.",
            },
        },
        explain="Burnside: (111,973 + 123 + 105 + 899) / 4 = 28,275.",
    ),
    answer=lru_cache(maxsize=1)(rectangle_counts),  # worked out once per session
)


# ====================================================================== 07.2 a cheaper canonical form

PERMS = [perm for _, perm in symmetries()]
IMAGE_BITS = [[1 << perm[cell] for cell in range(9)] for perm in PERMS]  # where each cell's bit goes


def image(bits, table):
    """The bitboard ``bits`` moved by one symmetry, given as the table of each cell's image bit."""
    moved = 0
    for cell in range(9):
        if bits >> cell & 1:
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


def _classes():
    """One position of each of the 765 classes, the first met in ``all_positions``' order: their images are all 5,478."""
    found = {}
    for board in all_positions():
        found.setdefault(canonical_key(board), board)
    return list(found.values())


def _judge_bit_key(answer):
    bit_key = Learner(answer, "bit_key", args="x, o")
    owner = {}  # a key -> the position that got it
    for board in _classes():
        found = []
        for picture in images(board):
            x, o = bits(picture)
            key = bit_key(x, o, where=f"on x={x}, o={o}, this board", show=(picture,))
            try:
                hash(key)
            except TypeError:
                stop(f"bit_key returned {describe_value(key)}, which cannot be a dictionary key: return one integer.",
                     picture)
            if found and key != found[0]:
                stop("bit_key gives different keys to two images of one position:",
                     Boards([board, picture], [f"key {found[0]!r}", f"key {key!r}"]),
                     "A canonical key must be the same for every image: take the smallest (or largest) of the eight "
                     "images, not the position as it is.")
            found.append(key)
        if found[0] in owner:
            stop("bit_key gives the same key to two positions that are not images of each other:",
                 Boards([owner[found[0]], board], [f"key {found[0]!r}"] * 2),
                 "A key must tell classes apart: did you lose one side's marks, or take the smallest image of X's bits "
                 "and of O's bits separately (they may come from different symmetries)?")
        owner[found[0]] = board
    return right(f"bit_key gives one key per class: {len(owner):,} keys for the 5,478 positions and their images.")


CHEAPER_KEY = Exercise(
    number=2,
    title="A cheaper canonical form",
    prompt="""\
`canonical` builds eight `Board` objects and compares their strings. Write `bit_key(x, o)`, a
canonical key that works on the two bitboards of notebook 01 (bit *i* of `x` is set when X holds
cell *i*, and likewise `o`), with each cell's images precomputed as `ttt.engine` does: for each
symmetry, a table of `1 << perm[i]` for every cell *i*. It returns one integer, the same for every
image of a position and different for positions of different classes; the check tries it on the
eight images of all 5,478 positions. Then use it in the symmetry lookup,
`negamax_memo(EMPTY, {}, key=...)`, and time that against `key=canonical`.""",
    starter=function_starter(bit_key),
    hints=(
        "A symmetry moves the mark in cell i to cell `perm[i]`, so it moves bit i of a bitboard to bit "
        "`perm[i]`. Precompute, once, `[1 << perm[i] for i in range(9)]` for each of the eight "
        "permutations in `symmetries()`.",
        "To move a whole bitboard, OR together the image bits of the cells that are set. Do it for `x` and "
        "for `o` with the *same* symmetry, and pack the pair into one number, `x_image | o_image << 9`.",
        "Return the smallest packed number over the eight symmetries: "
        "`min(image(x, t) | image(o, t) << 9 for t in IMAGE_BITS)`, where `image(bits, t)` ORs `t[i]` "
        "for every set bit i. For `negamax_memo`, `key=lambda board: bit_key(*bits(board))`.",
    ),
    explanation="""\
**Why it works.** Each symmetry is applied to X's and O's bitboards together, so each packed
number is the bitboard form of one image of the position; the eight images of a position are the
same eight numbers (in another order) for every member of its class, so their minimum is the same
for the whole class. Two positions of different classes have no image in common, so their minima
differ: the key names the class. Taking the minimum of X's images and of O's images separately
would be invariant too, but could combine X's marks under one symmetry with O's under another, and
merge two classes.

**Is it faster?** Here the key still starts from a `Board`, and converting it to bits (the `bits`
helper above) costs about as much as it saves; measure it, since the ratio depends on the machine.
The engine gains more because it never leaves bitboards and keeps the eight images of the position
packed side by side, updating them with one `|` per move (`ttt.bitboard.Layout.images`), so
finding the canonical key is a handful of shifts and comparisons.""",
    code=(bit_key, image, bits),
    checker=custom_check(_judge_bit_key, kind="function"),
    answer=lambda: bit_key,
)


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
    number=3,
    title="Symmetry in alpha-beta",
    prompt="""\
Key the bound table of `ttt.pruning.alphabeta(board, table=...)` by the canonical form. The search
only reads its table with `table.get(board)` and writes it with `table[board] = entry`, so a
subclass of `dict` that replaces `board` by `canonical(board)` in those two methods is enough. How
many calls does `alphabeta(EMPTY, table=..., stats=stats)` make from the empty board, and how many
entries does the table hold at the end? Give `answer = (calls, entries)`. Then compare with the
engine's "+ symmetry" row of the results table: which makes fewer calls, and why?""",
    starter=answer_starter("(calls, entries)"),
    hints=(
        "Start from `class CanonicalTable(dict):` and override `get(self, board, default=None)` and "
        "`__setitem__(self, board, entry)`, each calling the `dict` method with `canonical(board)`.",
        "Both methods must canonicalise: a table that stores under the canonical form but looks up the "
        "board as it is (or the other way round) rarely finds anything. Pass a fresh `SearchStats()` as "
        "`stats` and read `stats.nodes`; the entries are `len(table)`.",
        "`stats, table = SearchStats(), CanonicalTable()`, then `alphabeta(EMPTY, table=table, stats=stats)` "
        "returns 0; the answer is `(stats.nodes, len(table))`. Compare with the \"alpha-beta + bound "
        "table\" row (4,839 calls) and with \"engine + symmetry\".",
    ),
    explanation="""\
**Calls.** Keyed by class, the bound table answers a position from any of its images, so alpha-beta
needs 1,109 calls and 505 entries instead of the 4,839 calls and 2,511 entries of the plain bound
table (notebook 06): about four times fewer, as memoization got about seven times fewer (16,168 to
2,271) from the same idea.

**The engine's row needs more: 1,240 calls.** The engine looks positions up by their canonical
form only while at least six cells are empty (`ttt.engine.symmetry_min_empty`): deeper down,
finding the canonical image costs more time than its hits save, by the engine's own measurements.
Canonicalising at every depth, as here, saves calls but not necessarily time. With symmetry at
every depth the engine would need 840 calls. The two searches differ in other ways too (the engine
works out depth-aware scores, answers a move that wins at once without a call, and searches one
move of each class of symmetric moves), so their counts are not strictly comparable.""",
    code=(CanonicalTable, alphabeta_by_class),
    checker=numbers_check(
        {"calls": 1_109, "entries": 505},
        mistakes={
            "calls": {
                4_839: "That is alpha-beta with a plain bound table: the table is not keyed by class.",
                10_337: "That table stores under the canonical form but looks positions up as they are: "
                        "canonicalise in `get` too.",
                12_873: "That table looks positions up by their canonical form but stores them as they are: "
                        "canonicalise in `__setitem__` too.",
                1_240: "That is the engine's \"+ symmetry\" row; run `alphabeta` with your table.",
            },
            "entries": {
                2_511: "That is the plain bound table: it is not keyed by class.",
                651: "Canonicalise in `get` too.",
                2_263: "Canonicalise in `__setitem__` too.",
            },
        },
        explain="Four times fewer calls than the plain bound table (4,839).",
    ),
    answer=alphabeta_by_class,
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
    number=4,
    title="Where the counts part",
    star=True,
    prompt="""\
Group all 255,168 games by their sequence of classes (the `canonical_key` of each position on the
way; `games_with_classes(EMPTY)` above yields every game with it, in a few seconds) and, within each
sequence, by their class of whole games (the smallest image of the tuple of moves under the eight
symmetries, as in the centre example above). How many sequences are shared by more than one class
of whole games, and how many classes share the most popular one? Give
`answer = (sequences, most)`. For one of those sequences, find the position whose stabiliser lets
the symmetry relating two of its games change.""",
    starter=answer_starter("(sequences, most)"),
    hints=(
        "Build a dictionary from each sequence of classes to the *set* of classes of whole games that "
        "follow it. The sequences with a set of two or more members are the ones asked for.",
        "The class of a whole game `moves` is `min(tuple(perm[c] for c in moves) for _, perm in "
        "symmetries())`. The dictionary ends with 26,830 keys, and its sets hold 31,896 classes in all.",
        "`groups = defaultdict(set)`, then for `moves, classes in games_with_classes(EMPTY)`: "
        "`groups[classes].add(whole_game_class(moves))`. Count the sets with `len(s) > 1` and take the "
        "largest `len(s)`. For the position, look along one such sequence for a position whose "
        "`stabiliser` has more than the identity.",
    ),
    explanation="""\
**The counts.** 26,830 sequences carry the 31,896 classes of whole games: 22,244 sequences carry
one class, 4,346 carry two and 240 carry four (22,244 + 2 · 4,346 + 4 · 240 = 31,896). So 4,586
sequences are shared, and at most four classes share one.

**Why four.** One of the most popular sequences starts X0, O1, X2. That position is its own mirror
image left-right (the mirror swaps 0 and 2, 3 and 5, 6 and 8), so O's next move at 3 or at 5 gives
positions of one class, and the games part into two classes that no single symmetry maps onto each
other (it would have to keep 0, 1 and 2 where they are). After X4 and O's reply on the other side
(5 or 3) the position is again its own mirror image, so X's winning move at 6 or at 8 splits each of
them once more: four classes of whole games, one sequence of classes. Each time a position on the
way has a symmetry of its own, the symmetry relating two games may change there, and the count of
sequences forgets the difference.""",
    code=(shared_sequences,),
    checker=numbers_check(
        {"sequences": 4_586, "most": 4},
        mistakes={
            "sequences": {
                5_066: "That is how many more classes of whole games there are than sequences (31,896 - "
                       "26,830); count the sequences that carry more than one class.",
                26_830: "That counts every sequence; count those that carry more than one class.",
                4_346: "Those are the sequences shared by exactly two classes; some are shared by more.",
            },
            "most": {2: "Some sequences are shared by more than two classes."},
        },
        explain="4,346 sequences carry two classes of whole games and 240 carry four.",
    ),
    answer=lru_cache(maxsize=1)(shared_sequences),
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
    number=5,
    title="Invariance as a test",
    prompt="""\
Values are invariant under symmetry, so a bug that breaks the invariance is easy to catch; but not
every bug breaks it. Copy `symmetry_table_negamax` as `parent_bug_negamax(board, table, stats,
parent=None)` and plant a bug: pass each position down as the `parent` of its children, and store
a value under the images of the *parent* instead of the position's own (the root, which has no
parent, stores under its own images). Run it from the empty board with a fresh table and give
`answer = (value, calls, entries, wrong)`: the value it returns, its calls, the entries of its
table, and how many entries differ from the true values in `value` (from the invariance check
above). Which assertions of this notebook catch the bug? Would the invariance check, run on the
buggy table, catch it?""",
    starter=answer_starter("(value, calls, entries, wrong)"),
    hints=(
        "Add `parent=None` to the signature, call the children with `parent_bug_negamax(child, table, "
        "stats, board)`, and store under `images(board if parent is None else parent)`.",
        "Count with a fresh `SearchStats()` and a fresh `{}`; `wrong` is "
        "`sum(table[b] != value[b] for b in table)`, where `value` is the table of true values that the "
        "invariance cell filled with `negamax_memo`.",
        "Every store writes one value under all the images of one position, that is under a whole "
        "class. What does that mean for the invariance check on the buggy table? And which of the "
        "notebook's figures (the root's value, 2,271 calls, 5,478 entries) still come out?",
    ),
    explanation="""\
**The figures.** The buggy search still returns 0 for the empty board, but it makes 2,774 calls
instead of 2,271, its table holds 4,016 entries instead of 5,478, and 2,648 of them hold a wrong
value. A value stored under the parent's images is found again only when a member of the parent's
class is met, and it is the value of one of its children, seen from the other side.

**What catches it.** A test of the root's value alone would pass. The notebook's assertions on
the calls and entries (2,271 and 5,478) fail, and so does the comparison with the package's
`negamax_symmetry_table`. The invariance check run on the buggy table would **not** catch it:
every store writes one value under all the images of one position, a whole class, so the table
gives every member of a class the same value, right or wrong. An invariance test catches only the
bugs that break the invariance (storing under a wrong image, say, or a symmetry that is not one);
to catch this one, compare with values known to be right.""",
    code=(parent_bug_negamax, parent_bug_figures),
    checker=numbers_check(
        {"value": 0, "calls": 2_774, "entries": 4_016, "wrong": 2_648},
        mistakes={
            "calls": {2_271: "That is the count of the correct search: is the bug in place (the parent's images)?"},
            "entries": {5_478: "That is the table of the correct search: is the bug in place (the parent's images)?"},
            "wrong": {0: "With the bug in place, many entries hold the value of a child instead."},
        },
        direction=False,
        explain="The root's value survives the bug; the counts do not.",
    ),
    answer=parent_bug_figures,
)


EXERCISES = [RECTANGLES, CHEAPER_KEY, ALPHABETA_SYMMETRY, COUNTS_PART, INVARIANCE]

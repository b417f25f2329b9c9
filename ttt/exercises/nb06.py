"""Notebook 06 (memoization): worked solutions, which use only what the notebook has shown, and their checks,
which compare with the package (``ttt.solve``, ``ttt.memo``) or replay the notebook's wrong searches."""

from __future__ import annotations

import gc
import numbers
import random
import sys
from functools import cache, lru_cache, partial
from types import BuiltinFunctionType, CodeType, FunctionType, MethodType, ModuleType

from ttt.board import Board
from ttt.exercises.calls import Learner, Stop, current_budget, stop, untouched
from ttt.exercises.checks import (CustomCheck, FunctionCheck, NumbersCheck, PositionCheck, When, parse_position,
                                  several)
from ttt.exercises.verdicts import describe_state, describe_value, reveal, right, unanswered
from ttt.exercises.core import Exercise
from ttt.exercises.starters import answer_starter, function_starter
from ttt.exercises.words import ordinal, plural, signed
from ttt.positions import all_positions
from ttt.instrument import SearchStats
from ttt.memo import negamax_memo, reaches
from ttt.players import FullSearchPlayer, PerfectPlayer, ShortcutPlayer
from ttt.scores import leaf_score, leaf_value, plies_from_score, sign
from ttt.solver import solve
from ttt.trace import format_window

EMPTY = Board.empty()
INF = float("inf")
_WORTH = {1: "a win", 0: "a draw", -1: "a loss"}    # a game value in words


_solved = cache(lambda: {board: solve(board) for board in all_positions()})    # every reachable 3×3 position


def _reachable_3x3(answer) -> Board:
    """The answer as a reachable 3×3 position where play goes on, or ValueError saying what is wrong."""
    board = parse_position(answer)
    if (board.rows, board.cols, board.k) != (3, 3, 3):
        raise ValueError("Give a position on the 3×3 board")
    if board not in _solved():
        raise ValueError(f"{board.notation} cannot be reached from the empty board in a game")
    if board.is_over:
        raise ValueError(f"In {board.notation} the game is over ({describe_state(board)}): give a position where"
                         " play goes on")
    return board


@cache
def _below(board: Board) -> tuple[Board, ...]:
    """The positions a memo search from ``board`` stores, in the order it stores them."""
    table: dict = {}
    negamax_memo(board, table)
    return tuple(table)


_keys = partial(_below, EMPTY)     # 06.3's keys: the 5,478 positions, in the order a memo search stores them


# 06.1 depth-aware memo
def memo_score(board, table, stats):
    """The depth-aware score of `board` for the side to move, remembered in `table`."""
    stats.nodes += 1
    if board in table:
        return table[board]
    if board.is_over:
        score = leaf_score(board)  # -(empty cells + 1) if the last move won, else 0
    else:
        score = max(-memo_score(child, table, stats) for _, child in board.children())
    table[board] = score
    return score


def _memo_slip(*, leaf=lambda board, depth: leaf_score(board), stored=lambda score: score, count="every",
               table=None, store_leaves=True, store_root=True):
    """A memo_score with one slip, written as a learner would."""
    def search(board, given, stats, depth=0):
        memo = given if table is None else table
        stats.nodes += count == "every"
        if board in memo:
            return memo[board]
        stats.nodes += count == "misses"
        score = leaf(board, depth) if board.is_over else max(-search(child, given, stats, depth + 1)
                                                             for _, child in board.children())
        if (store_leaves or not board.is_over) and (store_root or depth):
            memo[board] = stored(score)
        return score
    return lambda board, given, stats: search(board, given, stats)


class _Memo(tuple):
    """(score, calls, entries, how the entries read back), from one board with a fresh table."""

    READ_BACK = ("each read back as its score", "read back as the signs of their scores", "read back as other numbers",
                 "searched again when asked again, not read back")

    def __repr__(self):
        return (f"score {self[0]!r}, {plural(self[1], 'call')}, {plural(self[2], 'entry', 'entries')},"
                f" {self.READ_BACK[self[3]]}")


def _memo_run(function, board):
    """``function(board, table, stats)`` with a fresh table, then asked again for every position below ``board``."""
    table, stats = {}, SearchStats()
    score = function(board, table, stats)
    calls, entries = stats.nodes, len(table)
    read, searched = {}, False      # an empty table has nothing to read back: asking again would search it all again
    for key in _below(board) if entries else ():     # _below is cached by the reference
        counted = SearchStats()
        read[key] = function(key, table, counted)
        searched = searched or counted.nodes != 1    # a position in the filled table is one call
    with current_budget().paused():
        wrong = [(got, _solved()[key].score) for key, got in read.items() if got != _solved()[key].score]
    read_back = 3 if searched and not wrong else 0 if not wrong else 1 if all(got == sign(right)
                                                                               for got, right in wrong) else 2
    return _Memo((score, calls, entries, read_back))


def _a_number(score) -> bool:
    return isinstance(score, numbers.Real) and not isinstance(score, bool)


def _memo_reference(board):
    stats = SearchStats()
    negamax_memo(board, {}, stats)
    return _Memo((solve(board).score, stats.nodes, len(_below(board)), 0))


def _memo_describe(board, expected, got):
    """Words for a search that no slip explains (a None score: the kernel cannot see it inside the tuple)."""
    if got[0] is None:
        return "memo_score returned None: is a `return` missing?"
    if got[0] != expected[0]:
        return "Score a position by itself (`leaf_score(board)` when it is over), not by how deep it was reached."
    return "Count one call per call, those answered by the table included, and store every position searched."


DEPTH_MEMO = Exercise(
    number=1,
    starter=function_starter(memo_score),
    code=(memo_score,),
    checker=FunctionCheck(   # the empty board first: an answer without a memo is too slow there, whatever else
        _memo_reference, lambda: [EMPTY] + [board for board in all_positions() if board.moves_made >= 8],
        name="memo_score", args="board, table, stats", call=_memo_run, describe=_memo_describe,
        compare=lambda got, expected: got == expected and not isinstance(got[0], bool),
        work=lambda board: (_memo_reference(board)[2], "positions exist below this board"),
        slow="Is the memo used? Look each position up in `table` before working it out, and store its score there.",
        label="the empty board and every position with at least eight marks, each searched with an empty table and"
              " then asked again with the table filled; from the empty board it makes 16,168 calls and leaves 5,478"
              " entries, as the search of plain values does",
        mistakes=[
            (_memo_slip(leaf=lambda board, depth: leaf_value(board)), "That is the plain value (+1, 0, −1): score"
             " a finished board with the depth-aware `leaf_score` of notebook 04.", "plain-values"),
            (_memo_slip(leaf=lambda board, depth: -leaf_score(board)), "The sign is turned round: a finished board's"
             " score is for the side to move, who has lost or drawn: `leaf_score(board)`, zero or negative.",
             "leaf-sign-turned"),
            (_memo_slip(leaf=lambda board, depth: -(10 - depth) if board.winner else 0),   # as in the Clojure post
             "A score counted from the root, such as 10 − depth, depends on where the search began, so a table would"
             " give one root's answers to another: use `leaf_score(board)`.", "score-from-root"),
            (_memo_slip(stored=sign), "A position met again gets the sign stored for it: store the score itself,"
             " the one you return.", "stores-sign"),
            (_memo_slip(stored=lambda score: 2 * score), "The table holds another number than the score memo_score"
             " returns: store the score itself.", "stores-other-than-returned"),
            (_memo_slip(count="none"), "It counts no calls: add `stats.nodes += 1` at the top.", "counts-no-calls"),
            (_memo_slip(count="misses"), "It counts only the positions it works out: count every call, those"
             " answered by the table included.", "counts-only-misses"),
            (_memo_slip(store_leaves=False), "Only the unfinished positions are stored: store the finished ones too.",
             "finished-not-stored"),
            (_memo_slip(store_root=False), "One entry short: store the root too.", "root-not-stored"),
            (When(lambda board, expected, got: got[0] is not None and not _a_number(got[0])), lambda board, expected,
             got: f"memo_score returned {describe_value(got[0])}: return the score, a number.", "score-not-a-number"),
            (When(lambda board, expected, got: got[0] == expected[0] and got[2] == 0 < expected[2]
                  and got[1] > expected[1]),
             "It stores nothing in `table`, so it works out every position again each time it meets it: look each"
             " position up in `table` before working it out, and store its score there.", "memo-not-used"),
            (When(lambda board, expected, got: got[0] == expected[0] and got[2] == 0 < expected[2]),
             "Nothing was stored in the table it was given: store in `table`, not in a table of your own.",
             "own-table"),
            (When(lambda board, expected, got: got[:3] == expected[:3] and got[3] == 3), "Asked again with the table"
             " its search filled, it searched again instead of reading the table: keep the table it is given (do not"
             " empty or replace it), so that a position stored there is one call.", "searches-again"),
        ],
    ),
    answer=lambda: memo_score,
)


# 06.2 a cache that forgets
def forgetful_calls(maxsize):
    """Calls (hits + misses) of negamax from the empty board with an LRU cache of `maxsize` entries."""

    @lru_cache(maxsize=maxsize)
    def value(board):
        if board.is_over:
            return -1 if board.winner else 0
        return max(-value(child) for _, child in board.children())

    assert value(Board.empty()) == 0
    info = value.cache_info()
    return info.hits + info.misses


@cache
def forgetful_answer():
    return tuple(forgetful_calls(n) for n in (10, 100, 1_000, 5_000))


_CALLS = {10: (532_242, 459_166), 100: (298_586, 177_831), 1_000: (79_143, 33_121), 5_000: (16_871, 5_690)}
FORGETFUL = Exercise(
    number=2,
    starter=answer_starter("(calls with 10, 100, 1,000 and 5,000 entries)"),
    figures=lambda: dict(calls_by_size=", ".join(f"{n:,} entries: {calls:,} calls"
                                                 for n, calls in zip(_CALLS, forgetful_answer()))),
    code=(forgetful_calls, forgetful_answer),
    checker=NumbersCheck(
        {f"calls with {n:,}": calls for n, (calls, misses) in _CALLS.items()},
        mistakes={f"calls with {n:,}": {misses: ("That is the misses alone: add the hits.", "misses-only"),
                                         calls - misses: ("That is the hits alone.", "hits-only"),
                                         16_168: ("That is an unlimited cache: was the cache created with"
                                                  f" maxsize={n}?", "unlimited-cache")}
                  for n, (calls, misses) in _CALLS.items()},
        explain="A hundred entries already save nearly half of brute force's calls; 5,000 still make 703 more than an"
                " unlimited cache.",
    ),
    answer=forgetful_answer,
)


# 06.3 ★ path copying
class Leaf:
    """One key and its value."""

    __slots__ = ("key", "value")
    made = 0  # every node ever made, for the measurement only

    def __init__(self, key, value):
        self.key, self.value = key, value
        Leaf.made += 1


class Branch:
    """The keys whose next bit of hash is 0 go left (`zero`), the others right (`one`)."""

    __slots__ = ("zero", "one")
    made = 0

    def __init__(self, zero, one):
        self.zero, self.one = zero, one
        Branch.made += 1


def bit(key, depth):
    return (hash(key) >> depth) & 1


def trie_insert(trie, key, value, depth=0):
    """A new trie with `key` set to `value`: the nodes on the path to the key are new, the rest shared."""
    if trie is None:
        return Leaf(key, value)
    if isinstance(trie, tuple):   # keys whose hashes agree on every bit, kept side by side
        return tuple(leaf for leaf in trie if leaf.key != key) + (Leaf(key, value),)
    if isinstance(trie, Leaf):
        if trie.key == key:
            return Leaf(key, value)
        if depth == sys.hash_info.width:   # two keys, one hash (likelier in the browser: 32 bits)
            return (trie, Leaf(key, value))
        # Two keys in one place: move the old leaf one level down, on the side of its own bit.
        trie = Branch(trie, None) if bit(trie.key, depth) == 0 else Branch(None, trie)
    if bit(key, depth) == 0:
        return Branch(trie_insert(trie.zero, key, value, depth + 1), trie.one)
    return Branch(trie.zero, trie_insert(trie.one, key, value, depth + 1))


def trie_lookup(trie, key):
    depth = 0
    while isinstance(trie, Branch):
        trie = trie.one if bit(key, depth) else trie.zero
        depth += 1
    if isinstance(trie, tuple):
        return next((leaf.value for leaf in trie if leaf.key == key), None)
    return trie.value if trie is not None and trie.key == key else None


def trie_value(board, kb):
    """`kb_value` of section 3 with the trie: (value of `board`, a trie that includes it)."""
    known = trie_lookup(kb, board)
    if known is not None:
        return known, kb
    if board.is_over:
        value = -1 if board.winner else 0
    else:
        value = -1
        for _, child in board.children():
            child_value, kb = trie_value(child, kb)
            value = max(value, -child_value)
    return value, trie_insert(kb, board, value)


def nodes_made():
    """Build the knowledge base of the empty board with the trie; count the nodes made on the way."""
    before = Leaf.made + Branch.made
    value, kb = trie_value(Board.empty(), None)
    assert value == 0
    return Leaf.made + Branch.made - before


_MEMORY_LIMIT = 64_000_000   # bytes that all 5,479 versions may take together
_SAMPLED = (0, 1, 2, 3, 10, 100, 1_000, 2_739, 5_478)
_CHUNK = 250   # insertions between two measures of the memory the versions keep
_NOT_DATA = (type, ModuleType, FunctionType, BuiltinFunctionType, MethodType, CodeType)


def _asked(size: int, count: int) -> list[int]:
    """The keys asked of the version after ``size`` insertions: all while it is small, then a sample (the budget)."""
    if size == 0:
        return list(range(count))
    if size <= 1_000:
        return list(range(min(count, size + 50)))
    return sorted(set(range(100)) | set(range(size - 100, min(count, size + 100))) | set(range(0, size, 10)))


def _bytes_kept(roots, seen: set) -> int:
    """The bytes reachable from ``roots`` and not in ``seen`` (ids): a node shared by versions counted once."""
    total, stack = 0, list(roots)
    while stack:
        thing = stack.pop()
        if id(thing) in seen:
            continue
        seen.add(id(thing))
        if not isinstance(thing, _NOT_DATA):
            total += sys.getsizeof(thing)
            stack.extend(gc.get_referents(thing))
    return total


def _versions(insert, keys):
    """Every version of the map, the key number n inserted with the value n; stops if memory runs away."""
    versions, seen, kept, measured = [None], {id(key) for key in keys}, 0, 1
    for count, key in enumerate(keys, start=1):
        where = f"at the {ordinal(count)} insertion, the key {key.notation}"
        versions.append(insert(versions[-1], key, count, where=where))
        if versions[-1] is None:
            stop(f"trie_insert returned None {where}: a map holding a key cannot be None (None is the empty"
                 " map). Is a `return` missing? It returns the new trie.", mistake="insert-returns-none")
        if count % _CHUNK and count < len(keys):
            continue
        kept, measured = kept + _bytes_kept(versions[measured:], seen), len(versions)
        if kept > _MEMORY_LIMIT:
            stop(f"After {plural(count, 'insertion')} the versions kept take {kept / 1e6:.0f} MB, about"
                 f" {kept / count / 1000:.0f} kB for each, and growing: trie_insert seems to copy the whole map.",
                 "Path copying makes new nodes only on the path to the new key and shares every other node with"
                 " the old version: 5,478 versions then take a few MB.", mistake="copies-whole-map")
    return versions


def _wrong_lookup(size, index, key, got) -> None:
    """Stop with what is wrong when the version after ``size`` insertions answers ``got`` for key number index + 1."""
    said = (f"the key {key.notation} was inserted (as the {ordinal(index + 1)}) with the value {index + 1}, but"
            if index < size else f"the key {key.notation} is inserted only later (as the {ordinal(index + 1)}), but")
    why, mistake = None, "wrong-lookup"
    if index >= size and got == index + 1:
        why, mistake = ("An old version has changed: trie_insert must build a new trie, not change the one it is"
                        " given (copy the nodes on the path, share the rest)."), "old-version-changed"
    elif isinstance(got, int) and not isinstance(got, bool) and 1 <= got <= size and got != index + 1:
        why, mistake = (f"That is the value of another key, the {ordinal(got)} inserted: does trie_lookup return the"
                        " value of the leaf it reaches without checking that the leaf's key is the key asked for?"
                        ), "lookup-ignores-keys"
    stop(f"In the version after {plural(size, 'insertion')}, {said} trie_lookup returns {describe_value(got)}.", key,
         why, mistake=mistake)


def _raises_todo(function, *args) -> bool:
    """Whether the learner's function is still the starter: it raises ``NotImplementedError``."""
    try:
        function(*args)
    except NotImplementedError:
        return True
    return False


def _judge_trie(answer):
    # A judge: state across calls (5,479 versions, the memory they share), which no check kind's cases can hold
    functions = several(answer, ["trie_insert", "trie_lookup"], "functions")
    if functions == [None, None]:
        return unanswered(untouched("trie_insert", "trie_lookup"))
    insert = Learner(functions[0], "trie_insert", args="trie, key, value")
    lookup = Learner(functions[1], "trie_lookup", args="trie, key")
    keys = _keys()
    todo = [learner.name for learner, args in ((insert, (None, keys[0], 1)), (lookup, (None, keys[0])))
            if learner(*args, call=_raises_todo, where="on the empty map (None)")]
    if todo:                                 # each is told to replace only what it has not written
        return unanswered(untouched(*todo))
    got = lookup(None, keys[0], where="on the empty map (None)")
    if got is not None:
        stop(f"trie_lookup(None, key) returned {describe_value(got)}: the empty map holds no key, so it should"
             " return None.", mistake="empty-map-holds-a-key")
    versions = _versions(insert, keys)
    for size in _SAMPLED:
        for index in _asked(size, len(keys)):
            got = lookup(versions[size], keys[index], describe=lambda: (
                f"in the version after {plural(size, 'insertion')}, for the key {keys[index].notation}", ()))
            if got != (index + 1 if index < size else None) or isinstance(got, bool):
                _wrong_lookup(size, index, keys[index], got)
    again = insert(versions[-1], keys[100], "new", where=f"when the key {keys[100].notation} is inserted again")
    new, old = lookup(again, keys[100]), lookup(versions[-1], keys[100])
    if new != "new" or old != 101:
        stop(f"Inserting the key {keys[100].notation} again with the value 'new': the new version returns"
             f" {describe_value(new)} ('new' expected) and the old one {describe_value(old)} (101 expected).",
             keys[100], "A key inserted again replaces its value in the new version only.", mistake="insert-again")
    twin = lookup(insert(None, -1, "minus one", where="on the key -1"), -2, where="for the key -2")
    if twin is not None:
        stop(f"A map holding only the key -1 returns {describe_value(twin)} for the key -2: trie_lookup seems to"
             " compare hashes, not keys (hash(-1) == hash(-2)): compare the leaf's key with ==.",
             mistake="lookup-compares-hashes")
    both = insert(insert(None, -1, "minus one", where="on the key -1"), -2, "minus two",
                  where="when the key -2 is inserted into a map holding the key -1, which has the same hash")
    kept = [lookup(both, key, where="for the keys -1 and -2, inserted in turn") for key in (-1, -2)]
    if kept != ["minus one", "minus two"]:
        stop(f"After inserting the key -1 and then the key -2 (the same hash: hash(-1) == hash(-2)), trie_lookup"
             f" returns {describe_value(kept[0])} for -1 and {describe_value(kept[1])} for -2, not 'minus one' and"
             " 'minus two'.", "Two keys with one hash cannot be told apart by any bit: once every bit is used, keep"
             " them side by side in one leaf (a list of (key, value) pairs).", mistake="same-hash-keys-not-kept")
    return right(f"all {len(keys):,} versions answer for exactly the keys inserted before them (in a sample), none"
                 " changes when a later one is made, a key inserted again changes the new version only, a key with"
                 f" another key's hash is told apart, and all take less than {_MEMORY_LIMIT // 1_000_000} MB.")


PATH_COPYING = Exercise(
    number=3,
    starter=function_starter(trie_insert, trie_lookup),
    figures=lambda: dict(nodes_made=nodes_made()),
    code=(Leaf, Branch, bit, trie_insert, trie_lookup, trie_value, nodes_made),
    checker=CustomCheck(_judge_trie, kind="function", instruction=untouched("trie_insert", "trie_lookup")),
    answer=lambda: (trie_insert, trie_lookup),
)


# 06.4 the longest win (bottom-up)
def longest_win():
    """A won position whose game lasts longest under perfect play, read off the bottom-up table."""
    from ttt.retrograde import positions_by_level, solve_levels

    scores = solve_levels(positions_by_level())
    won = [board for board, score in scores.items() if score > 0]
    return max(won, key=lambda board: (plies_from_score(scores[board], board.size - board.moves_made),
                                       board.cells))


@cache
def _wins() -> dict[str, int]:
    """The plies of the longest win under perfect play, how many positions take that long, how many are won."""
    plies = [solution.plies for board, solution in _solved().items() if not board.is_over and solution.value == 1]
    return dict(longest=max(plies), longest_wins=plies.count(max(plies)), won=len(plies))


def _explain_win(board: Board):
    solution = solve(board)
    if solution.value < 1:
        return f"Here {board.turn} is to move and the position is {_WORTH[solution.value]} for {board.turn}.", board
    return (f"{board.turn} wins here, but in {plural(solution.plies, 'ply')} under perfect play: another won position"
            " lasts longer. (`plies_from_score(score, empty)` turns a score into plies.)",
            reveal(f"The longest win takes {_wins()['longest']}."), board)


LONGEST_WIN = Exercise(
    number=4,
    starter=answer_starter('a position, such as "XX./OO./..."'),
    figures=lambda: dict(win=longest_win(), own_moves=(_wins()["longest"] + 1) // 2, **_wins()),
    code=(longest_win,),
    checker=PositionCheck(lambda board: (solve(board).value, solve(board).plies) == (1, _wins()["longest"]),
                          _explain_win, parse=_reachable_3x3, success=lambda board: "{turn} wins in {longest} plies"
                          " under perfect play, the longest win there is; {longest_wins} of the {won:,} won positions"
                          " take that long.".format(turn=board.turn, **_wins())),
    answer=longest_win,
)


# 06.5 one table for two questions
def reaches_shared(board, target, table):
    """`can_draw` (target 0) and `can_win` (target 1) in one, with one table keyed by the board alone.  WRONG."""
    if board in table:
        return table[board]  # whichever question was asked of this board first
    if board.is_over:
        result = leaf_value(board) >= target
    else:
        result = any(not reaches_shared(child, 1 - target, table) for _, child in board.children())
    table[board] = result
    return result


def second_question_goes_wrong():
    """The first child of the empty board: the first question stored O's "can I win?" under it."""
    table = {}
    assert reaches_shared(Board.empty(), 0, table)          # can X hold a draw?  Yes.
    board = Board.parse("X../.../...")
    assert reaches_shared(board, 0, table) != reaches(board, 0)
    return board


@cache
def _first_table() -> dict:
    """The shared table after the first question, "can X hold a draw?" of the empty board: never changed."""
    table: dict = {}
    reaches_shared(EMPTY, 0, table)
    return table


def _shared_words(board: Board, wrong_here: bool):
    """What the first search stored for ``board``, and why it misleads `can_draw` asked second, or not."""
    stored, fact = _first_table(), f"{board.turn} {'can' if reaches(board, 0) else 'cannot'} hold a draw"
    asked = f"can {board.turn} {'hold a draw' if board.turn == 'X' else 'win'}?"   # the first search's question
    if not wrong_here:
        note = ("The first search never stored this position." if board not in stored else
                f"The first search stored {stored[board]} here, its answer to \"{asked}\", which is right"
                f" for \"can {board.turn} hold a draw?\" too.")
        return (f"Asked second, `can_draw` says rightly that {fact} here. {note} Which question did the first search"
                " ask of positions with each side to move?", board)
    start = (f"The first search stored {stored[board]} for this position, as the answer to \"{asked}\";"
             f" read back for \"can {board.turn} hold a draw?\" it is wrong: {fact}." if board in stored else
             f"The entries below this position answer the question the first search asked of their side to move, so"
             f" `can_draw` goes wrong here: {fact}.")
    return start + " An entry must be keyed by everything its answer depends on: `(board, target)`."


SHARED_TABLE = Exercise(
    number=5,
    starter=answer_starter('a position, such as "XX./OO./..."'),
    code=(reaches_shared, second_question_goes_wrong),
    checker=PositionCheck(lambda board: reaches_shared(board, 0, dict(_first_table())) != reaches(board, 0),
                          partial(_shared_words, wrong_here=False), success=partial(_shared_words, wrong_here=True),
                          parse=_reachable_3x3),
    answer=second_question_goes_wrong,
)


# 06.6 ★ still wrong without the leaves
def logged_search(board, alpha, beta, table, log):
    """`alphabeta_cache_inner(..., soft=True)`, writing in `log` every entry it stores and every one it reads."""
    if board.is_over:
        return -1 if board.winner else 0
    if board in table:
        log.append(("read", board, alpha, beta, table[board]))
        return table[board]
    start, best = alpha, -INF
    for cell in board.legal_moves():
        value = -logged_search(board.child(cell), -beta, -alpha, table, log)
        best, alpha = max(best, value), max(alpha, value)
        if alpha >= beta:
            break
    table[board] = best
    log.append(("store", board, start, beta, best))
    return best


def traced_mistake(position):
    """Search `position` as `root_search` does, with the log; return the first entry read back wrongly."""
    table, alpha, log = {}, -INF, []
    for cell in position.legal_moves():
        alpha = max(alpha, -logged_search(position.child(cell), -INF, -alpha, table, log))
    for kind, board, low, high, stored in log:
        true = solve(board).value
        # Read back under (low, high), a fail-soft result must be the value itself or a bound on its right side.
        right = stored <= low if true <= low else stored >= high if true >= high else stored == true
        if kind == "read" and not right:
            return board
    return None


def still_wrong():
    """One of the 29 positions where the soft cache goes wrong, and the entry that misleads it."""
    position = Board.parse(".../XXO/O..")
    return position, traced_mistake(position)


def _soft_root(board):
    """The notebook's `root_search` with the logged search: (the value found, the log)."""
    table, alpha, log = {}, -INF, []
    for cell in board.legal_moves():
        alpha = max(alpha, -logged_search(board.child(cell), -INF, -alpha, table, log))
    return alpha, log


def _bad_hits(log) -> dict[Board, tuple]:
    """Each entry read back wrongly (as traced_mistake judges): ((window when stored, value stored), window read)."""
    stores, found = {}, {}
    for kind, board, alpha, beta, value in log:
        true = solve(board).value
        if kind == "store":
            stores[board] = (alpha, beta, value)
        elif board not in found and not (value <= alpha if true <= alpha else value >= beta if true >= beta
                                         else value == true):
            found[board] = (stores[board], (alpha, beta))
    return found


def _one_trace() -> str:
    """The worked trace in words: where the entry was stored and where it was read back."""
    position, entry, value, log = _position_and_entry(still_wrong())
    (low, high, stored), (read_low, read_high) = _bad_hits(log)[entry]
    true = solve(entry).value
    meaning = "at least" if stored >= high else "at most"
    needed = (f"a result of at most {signed(read_low)}" if true <= read_low else
              f"a result of at least {signed(read_high)}" if true >= read_high else "the value itself")
    return (f"In `{position.notation}` ({position.turn} to move, {_WORTH[solve(position).value]}; the search finds"
            f" {signed(value)}) it is `{entry.notation}`: stored as {signed(stored)} under the window"
            f" {format_window(low, high)}, where it means \"{meaning} {signed(stored)}\", and read back under"
            f" {format_window(read_low, read_high)}, where its true value, {signed(true)}, needed {needed}. The search"
            " took the old bound for an answer.")


_STILL_TODO = "replace None with (your position, the entry that goes wrong), then run the cell again."


def _position_and_entry(answer):
    """(the position, the entry, the value the soft cache finds there, its log), or ValueError."""
    parts = several(answer, ["position", "entry"], 'positions (each a Board or text such as "X../.O./...")')
    if parts == [None, None]:
        raise Stop(unanswered(_STILL_TODO))
    for what, read, part in (("position", _reachable_3x3, 0), ("entry", parse_position, 1)):
        try:
            parts[part] = read(parts[part])
        except ValueError as error:
            raise ValueError(f"The {what}: {error}") from None
    return (*parts, *_soft_root(parts[0]))


def _still_words(found, settled: bool):
    """Why the entry misled the search of the position (``settled``), or which part of the answer fails."""
    position, entry, value, log = found
    where = (f"In the search of {position.notation} ({position.turn} to move, worth {_WORTH[solve(position).value]},"
             f" found {signed(value)})")
    if settled:
        (low, high, stored), (read_low, read_high) = _bad_hits(log)[entry]
        meaning = (f"at most {signed(stored)}" if stored <= low else f"at least {signed(stored)}" if stored >= high
                   else f"exactly {signed(stored)}")
        return (f"{where}, {entry.notation} ({entry.turn} to move) was stored as {signed(stored)} when searched with"
                f" the window {format_window(low, high)}, where it means \"{meaning}\"; its true value is"
                f" {signed(solve(entry).value)}. It was read back under the window"
                f" {format_window(read_low, read_high)}, where that is false, and the search took it as settled. Only a"
                " flag saying what the stored number means (exact, lower or upper bound) tells when it may be reused.")
    if value == solve(position).value:
        return (f"Here `root_search` with `alphabeta_cache_inner(..., soft=True)` finds the right value,"
                f" {signed(value)} for {position.turn}: the cache does no harm in this position. Take one"
                " where it goes wrong (`mistakes` returns them).", position)
    kinds = {kind for kind, board, *_ in log if board == entry}
    why = ("The search never stored that position: pick an entry from its table." if "store" not in kinds else
           "That position was stored but never read back, so it cannot mislead the search." if "read" not in kinds
           else "That entry was read back, but each time what it said was true of the position under the window of"
           " the moment (a bound on the right side, or the value itself).")
    return (f"{where}: {why}", entry,
            "For each entry read back, compare its stored number with its true value, under the window of the moment.")


STILL_WRONG = Exercise(
    number=6,
    starter="""\
answer = (None, None)  # (a position where the soft cache goes wrong, the entry that misleads it)
exercise("06", 6).check(answer)""",
    figures=lambda: dict(one_trace=_one_trace()),
    code=(logged_search, traced_mistake),
    checker=PositionCheck(lambda found: found[2] != solve(found[0]).value and found[1] in _bad_hits(found[3]),
                          partial(_still_words, settled=False), success=partial(_still_words, settled=True),
                          parse=_position_and_entry, instruction=_STILL_TODO),
    answer=still_wrong,
)


# 06.7 a kinder opponent
class Clumsy:
    """Plays like `PerfectPlayer()`, except that with probability `p` it plays a random move."""

    def __init__(self, p, seed):
        self.p, self.rng, self.perfect = p, random.Random(seed), PerfectPlayer()

    def move(self, board):
        if self.rng.random() < self.p:
            return self.rng.choice(board.legal_moves())
        return self.perfect.move(board)


def missed_wins(p, games=1000):
    """Games, of `games` playing X, that the full search wins and the shortcut only draws, against Clumsy(p, seed)."""
    full, shortcut = FullSearchPlayer(), ShortcutPlayer()
    missed = 0
    for seed in range(games):
        outcomes = []
        for player in (full, shortcut):
            board, opponent = Board.empty(), Clumsy(p, seed)
            while not board.is_over:
                board = board.play((player if board.turn == "X" else opponent).move(board))
            outcomes.append(board.outcome)
        missed += outcomes == ["X", "draw"]
    return missed


@cache
def kinder_answer():
    return tuple(missed_wins(p) for p in (0.1, 0.5, 1.0))


KINDER = Exercise(
    number=7,
    starter=answer_starter("(missed wins with p = 0.1, 0.5, 1)"),
    figures=lambda: dict(draws_by_p=", ".join(f"p = {p}: {n}" for p, n in zip((0.1, 0.5, 1), kinder_answer()))),
    code=(Clumsy, missed_wins, kinder_answer),
    checker=NumbersCheck(
        {"missed with 0.1": 50, "missed with 0.5": 124, "missed with 1": 46},
        explain="The shortcut misses most against a middling opponent.",
        slips={  # recomputed by tests/exercises/test_nb06.py (missed_wins_with_a_slip)
            (202, 274, 66): ("That is with one Clumsy(p, seed) shared by both games, so they meet different random"
                             " moves: make a new Clumsy(p, seed) for each game.", "one-clumsy-for-both"),
            (19, 101, 93): ("That is with the searches playing O: the question has them play X.", "plays-o"),
            (50, 124, 64): ("With p = 1 the random moves are not those of Clumsy(1, seed): is it RandomPlayer, or a"
                            " Clumsy that skips `rng.random()` when p is 1?", "other-random-moves"),
        },
    ),
    answer=kinder_answer,
)


EXERCISES = [DEPTH_MEMO, FORGETFUL, PATH_COPYING, LONGEST_WIN, SHARED_TABLE, STILL_WRONG, KINDER]

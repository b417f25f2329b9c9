"""The bitboard engine (ttt.engine) agrees with plain negamax, whatever speed-ups are switched on.

The bitboard layout it searches on is tested in test_bitboard.py, the solved
table built on the same layout in test_table.py.
"""

import random
import sys

import pytest

from ttt import Board, BoardError
from ttt.bitboard import layout
from ttt.engine import ENGINE_ORDERS, Engine, Options, _line_weights, symmetry_min_empty
from ttt.instrument import SearchStats
from ttt.scores import INF, plies_from_score
import support
from support import UNFINISHED, random_position, reference_best_moves, reference_score, reference_value

POSITIONS = sorted(support.POSITIONS, key=lambda b: b.cells)  # by cells, not by moves made
OPTIONS = [
    Options(),
    Options(order="index"),
    Options(order="history"),
    Options(order="static"),
    Options(symmetry=False),
    Options(threats=False),
    Options(dead=False),
    Options(pairing=False),
    Options(pairing=False, threats=False, dead=False),
    Options(table_limit=4),
    Options(table=False, symmetry=False),
    Options(table=False, symmetry=False, threats=False, dead=False, pairing=False, order="index"),
]


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_every_option_set_scores_all_5478_positions_exactly(options):
    engine = Engine(options=options)
    wrong = [b.notation for b in POSITIONS if engine.score(b) != reference_score(b)]
    assert wrong == []
    cold = [b.notation for b in POSITIONS[::37] if Engine(options=options).score(b) != reference_score(b)]
    assert cold == []


def test_solve_gives_value_best_moves_and_plies_on_all_4520_unfinished_positions():
    engine = Engine()
    for board in UNFINISHED:
        score, value = reference_score(board), reference_value(board)
        solution = engine.solve(board)
        assert (solution.value, list(solution.best_moves)) == (value, reference_best_moves(board)), board.notation
        assert solution.plies == plies_from_score(score, board.cells.count("."))
        assert solution.score == score


def test_finished_boards():
    assert Engine().solve(Board.parse("XXX/OO./...")).value == -1
    solution = Engine().solve(Board.parse("XOX/XOO/OXX"))
    assert (solution.value, solution.best_moves, solution.plies) == (0, (), 0)


@pytest.mark.parametrize("rows, cols, k, marks", [(4, 4, 4, 7), (4, 4, 3, 5), (3, 4, 3, 3), (4, 3, 3, 3)])
def test_agrees_with_plain_negamax_on_random_larger_positions(rows, cols, k, marks):
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(12):
        board = random_position(rows, cols, k, marks, rng)
        expected = reference_score(board)
        for options in (Options(), Options(symmetry=False, order="index"), Options(table=False, symmetry=False)):
            assert Engine(rows, cols, k, options).score(board) == expected, (board.notation, options)


@pytest.mark.parametrize(
    "rows, cols, k, value", [(3, 4, 3, 1), (4, 3, 3, 1), (4, 4, 3, 1), (4, 4, 4, 0), (3, 3, 3, 0)]
)
def test_known_results_from_the_empty_board(rows, cols, k, value):
    assert Engine(rows, cols, k).solve(Board.empty(rows, cols, k)).value == value


# Nodes and table entries of a fresh engine solving the empty board, one idea changed at a time: the
# figures of `python -m ttt bench --rows 3 --cols 4` (and --rows 4 --k 3).  Before pairing and the lines
# order (issue 13) they were all: 3×4 (399, 241) and 4×4 k=3 (277, 157).
ABLATION = {
    (3, 4, 3): {"all": (385, 231), "static": (386, 232), "index": (940, 470), "history": (516, 293),
                "no pairing": (417, 251), "no symmetry": (1584, 937), "no threats": (6361, 3736),
                "no dead lines": (385, 231)},
    (4, 4, 3): {"all": (235, 139), "static": (277, 157), "index": (1295, 583), "history": (448, 259),
                "no pairing": (235, 139), "no symmetry": (1627, 970), "no threats": (15917, 10641),
                "no dead lines": (235, 139)},
}
VARIANTS = {"all": Options(), "static": Options(order="static"), "index": Options(order="index"),
            "history": Options(order="history"), "no pairing": Options(pairing=False),
            "no symmetry": Options(symmetry=False), "no threats": Options(threats=False), "no dead lines": Options(dead=False)}


@pytest.mark.parametrize("shape", ABLATION, ids=str)
def test_the_ablation_figures(shape):
    found = {}
    for name, options in VARIANTS.items():
        engine = Engine(*shape, options=options)
        solution = engine.solve(Board.empty(*shape))
        assert solution.value == 1 and solution.plies == (7 if shape == (3, 4, 3) else 5)
        found[name] = (engine.stats.nodes, engine.stats.table_size)
    assert found == ABLATION[shape]


def test_wrong_size_and_bad_options_are_refused():
    with pytest.raises(BoardError, match="4×4"):
        Engine(4, 4, 4).solve(Board.empty())
    with pytest.raises(ValueError, match="order"):
        Options(order="random")
    with pytest.raises(ValueError, match="table"):
        Options(table=False, symmetry=True)
    assert ENGINE_ORDERS == ("index", "static", "history", "lines")  # the engine's own orders, on bitboards
    assert Options().order == "lines"
    for order in ENGINE_ORDERS:
        assert Options(order=order).order == order


def test_move_scores_are_the_reference_move_scores():
    engine = Engine()
    for board in UNFINISHED[::7]:
        expected = {cell: -reference_score(child) for cell, child in board.children()}
        assert engine.move_scores(board) == expected, board.notation
        quickest = min(cell for cell, score in expected.items() if score == max(expected.values()))
        assert engine.best_move(board) == quickest, board.notation
    assert engine.move_scores(Board.parse("XXX/OO./...")) == {}


def test_stats_count_nodes_table_hits_and_the_table():
    engine = Engine()
    assert engine.stats == SearchStats()
    engine.score(Board.empty())
    first = engine.stats
    assert type(first) is SearchStats and first.nodes > 0 and first.table_size == len(engine.table) > 0
    engine.score(Board.empty())  # answered from the table
    again = engine.stats
    assert again.nodes == first.nodes + 1 and again.hits == first.hits + 1
    no_table = Engine(options=Options(table=False, symmetry=False))
    no_table.score(Board.empty())
    assert no_table.stats.hits == no_table.stats.table_size == 0 and no_table.stats.nodes > first.nodes


def test_symmetry_is_used_from_half_the_board_empty():
    assert [symmetry_min_empty(size) for size in (9, 12, 16, 25)] == [6, 7, 9, 14]


def test_an_infinite_window_is_clamped_to_the_widest_score():
    engine = Engine(options=Options(table=False, symmetry=False))
    for board in UNFINISHED[::23]:
        me, opp, n_empty = engine.layout.sides(board)
        state = engine._root(me, opp, n_empty)
        wide = engine._search(state, -INF, INF)
        assert wide == engine._search(state, -(n_empty + 1), n_empty + 1) == reference_score(board), board.notation
        assert isinstance(wide, int)


# ---------------------------------------------------------------------- the engine's bookkeeping


def test_a_move_updates_threats_open_lines_and_images_as_a_fresh_start_would():
    engine = Engine(4, 4, 3)
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        board = random_position(4, 4, 3, rng.randrange(0, 9), rng)
        root = engine._root(*engine.layout.sides(board))
        for cell in board.legal_moves():
            if root[4] >> cell & 1:
                continue  # a winning move ends the game: no child to set up
            child = board.play(cell)
            assert engine._child(root, cell) == engine._root(*engine.layout.sides(child)), (board.notation, cell)
            checked += 1
    assert checked > 1000


def test_three_empty_cells_are_decided_by_threats_alone():
    # The engine answers a position with three empty cells without searching it: compare every one.
    three = [b for b in POSITIONS if not b.is_over and b.cells.count(".") == 3]
    assert len(three) > 100
    engine = Engine()
    assert [engine.score(b) for b in three] == [reference_score(b) for b in three]


# ---------------------------------------------------------------------- notebook 07, "The results table"
# Its prose says why the dead-line caps add nothing on 3×3: a side loses its last live line only with
# two empty cells or fewer, where the threat rules (which decide every position with three or fewer)
# have already settled the position.


def test_on_3x3_both_sides_keep_a_live_line_while_three_or_more_cells_are_empty():
    lines = Board.empty().geometry.lines
    for board in UNFINISHED:
        if board.cells.count(".") >= 3:
            for side, opponent in (("X", "O"), ("O", "X")):
                assert any(all(board.cells[i] != opponent for i in line) for line in lines), (board, side)
    # with fewer empty cells a side can run out of live lines: X0 X4 X5 X6 leave O none
    board = Board.parse("XOO/OXX/X.O")
    assert not any(all(board.cells[i] != "X" for i in line) for line in lines)


def test_dead_line_caps_change_no_count_on_3x3():
    with_caps, without = Engine(options=Options()), Engine(options=Options(dead=False))
    with_caps.score(Board.empty())
    without.score(Board.empty())
    assert with_caps.stats == without.stats


# ---------------------------------------------------------------------- pairing, the lines order, the table limit


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_random_4x4_positions_agree_with_brute_force_whatever_is_switched_off(options):
    # 6 to 9 empty cells: deep enough for pairings, the lines order and table cut-offs to matter,
    # shallow enough for plain memoised negamax (tests/support.py) to check every answer.
    rng = random.Random(13)
    for empty in (6, 7, 8, 9):
        for _ in range(4):
            board = random_position(4, 4, 4, 16 - empty, rng)
            solution = Engine(4, 4, 4, options).solve(board)
            assert solution.score == reference_score(board), board.notation
            assert list(solution.best_moves) == reference_best_moves(board), board.notation


@pytest.mark.parametrize("rows, cols, k", [(1, 5, 5), (1, 6, 6), (5, 1, 5), (1, 7, 5), (2, 6, 6), (2, 5, 3), (2, 3, 1)])
def test_thin_boards_whose_lines_span_the_board(rows, cols, k):
    # A line as long as the board is paired from the empty board on; with k=1 no line holds a pair.
    marks = 2 if k > 1 else 0  # (with k=1 the first move wins: no position after it goes on)
    boards = [Board.empty(rows, cols, k), *(random_position(rows, cols, k, marks, random.Random(n)) for n in range(3))]
    for board in boards:
        expected = reference_score(board)
        for options in (Options(), Options(pairing=False), Options(order="static")):
            assert Engine(rows, cols, k, options).score(board) == expected, (board.notation, options)


# (1×33 with 31 in a row: weights too wide for a machine word, cut out field by field)
@pytest.mark.parametrize("rows, cols, k", [(5, 5, 4), (4, 4, 4), (6, 6, 5), (3, 7, 3), (1, 33, 31)])
def test_the_lines_order_weighs_each_open_line_4_to_the_power_of_its_stones(rows, cols, k):
    # The engine adds the weights in packed fields; written out cell by cell, the order is the same
    # (heaviest first, ties in the static order), on positions with 10 empty cells or more.
    lay = layout(rows, cols, k)
    weigh, weigh_after, sort_by_weight = _line_weights(lay)
    rng = random.Random(rows * cols + k)
    for marks in range(lay.size - 9):
        board = random_position(rows, cols, k, marks, rng)
        me, opp, _ = lay.sides(board)
        weights = [0] * lay.size
        for mask, cells in zip(lay.masks, lay.geometry.lines):
            for stones, other in ((me, opp), (opp, me)):
                if not mask & other:  # open to the side holding ``stones``
                    for cell in cells:
                        weights[cell] += 4 ** (mask & stones).bit_count()
        moves = [cell for cell in lay.static_order if cell in board.legal_moves()]
        expected = sorted(moves, key=lambda cell: -weights[cell])
        sort_by_weight(moves, weigh(me, opp))
        assert moves == expected, board.notation
        for cell in board.legal_moves():  # the weights after a move, from those before it: as if from scratch
            assert weigh_after(weigh(me, opp), cell, opp, me | 1 << cell) == weigh(opp, me | 1 << cell)




@pytest.mark.parametrize("limit", [1, 3, 40])
def test_the_table_never_holds_more_than_its_limit(limit):
    # Watch the table at every node (each call of the search function) while 4×4 k=3 and a
    # 5×5 k=4 position are solved: it never grows past the limit, and the answers stay the same.
    for shape, marks, seed in [((4, 4, 3), 0, 7), ((5, 5, 4), 8, 8)]:
        board = random_position(*shape, marks, random.Random(seed))
        engine = Engine(*shape, options=Options(table_limit=limit))
        sizes = []

        def watch(frame, event, arg):
            if event == "call" and frame.f_code.co_name == "node":
                sizes.append(len(engine.table))

        sys.setprofile(watch)
        try:
            solution = engine.solve(board)
        finally:
            sys.setprofile(None)
        assert solution == Engine(*shape).solve(board)
        assert len(sizes) == engine.stats.nodes > 200 and max(sizes) <= limit


def test_a_small_table_gives_the_same_answer_with_more_nodes():
    board = Board.empty(4, 4, 3)
    roomy, cramped = Engine(4, 4, 3), Engine(4, 4, 3, Options(table_limit=16))
    assert roomy.solve(board) == cramped.solve(board)
    assert len(cramped.table) <= 16 < len(roomy.table)
    assert cramped.stats.nodes > roomy.stats.nodes


def test_bad_table_limits_are_refused():
    for bad in (0, -5, 2.5, True, "100", None):
        with pytest.raises(ValueError, match="table_limit"):
            Options(table_limit=bad)


# ---------------------------------------------------------------------- depth-limited: the same search with a horizon

LIMITED = Options(table=False, symmetry=False, order="static", dead=False, pairing=False)


def test_a_depth_limited_search_judges_the_horizon_and_is_exact_beyond_the_board():
    """With a depth, the positions that far ahead are judged by evaluate; with depth >= empty cells, it is exact."""
    judged = []

    def evaluate(me, opp):
        judged.append((me, opp))
        return 0.5

    for threats in (True, False):
        engine = Engine(options=Options(table=False, symmetry=False, order="static", threats=threats, dead=False,
                                        pairing=False), evaluate=evaluate)
        for board in UNFINISHED[::11]:
            n_empty = board.size - board.moves_made
            judged.clear()
            assert engine.score(board, depth=n_empty) == reference_score(board) and not judged, board.notation
            scores = {cell: -reference_score(child) for cell, child in board.children()}
            assert engine.move_scores(board, depth=n_empty) == scores, board.notation
            quickest = min(cell for cell, score in scores.items() if score == max(scores.values()))
            assert engine.best_move(board, depth=n_empty) == quickest, board.notation
            # depth 0: the position itself is judged, unless a threat decides it
            value = engine.score(board, depth=0)
            assert value == 0.5 or (threats and abs(value) >= 1), board.notation


def test_the_exact_search_has_no_horizon_and_depth_needs_an_evaluation():
    with pytest.raises(ValueError, match="needs an evaluate function"):
        Engine(options=LIMITED).score(Board.empty(), depth=2)
    with pytest.raises(ValueError, match="needs table=False"):
        Engine(evaluate=lambda me, opp: 0.0)
    engine = Engine(options=LIMITED, evaluate=lambda me, opp: 0.0)
    assert engine.limited_search(-3) is engine.limited_search(0)  # a horizon at or below 0 is the exact search


def test_stats_count_cut_offs():
    engine = Engine(options=LIMITED)
    engine.score(Board.empty())
    assert engine.stats.cutoffs > 0 and engine.stats.nodes > engine.stats.cutoffs

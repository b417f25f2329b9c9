"""Retrograde analysis (ttt.retrograde): every position solved bottom-up, checked against brute force, the engine and the census.

The 4×4 table is built once per test session (a few seconds, about 300 MB)
and checked against the engine, the census figures and the file that ships
for notebook 09.
"""

import random

import pytest

import ttt.retrograde
from ttt import Board, BoardError, solve
from ttt.census import census
from ttt.course import table_path
from ttt.engine import Engine
from ttt.retrograde import (
    PLAIN_MAX_CELLS,
    LevelCounts,
    Tablebase,
    best_moves,
    check_size,
    estimate,
    load,
    positions_by_level,
    solve_all,
    solve_levels,
    tablebase,
)
from ttt.instrument import SearchStats
from ttt.scores import leaf_score
from ttt.solution import Solution
from ttt.tree import reachable_positions
from support import (
    POSITIONS,
    UNFINISHED,
    random_position,
    reference_best_moves,
    reference_score,
    reference_value,
    reference_x_value,
)

SHIPPED = table_path(4, 4, 4)
REBUILD = "python -m ttt tablebase --rows 4 --cols 4 --k 4 --save notebooks/data/tablebase_4x4_k4.ttt"

# The census of 4×4 with k=4 (ttt.census.census(4, 4, 4), about half a minute): per number of marks,
# (positions, finished, classes up to symmetry).
CENSUS_4X4 = [
    (1, 0, 1), (16, 0, 3), (240, 0, 33), (1_680, 0, 219), (10_920, 0, 1_413), (43_680, 0, 5_514),
    (160_160, 0, 20_122), (400_400, 2_200, 50_215), (895_950, 4_924, 112_379), (1_433_520, 39_392, 179_510),
    (1_962_576, 53_984, 245_690), (1_962_576, 161_952, 245_690), (1_543_080, 127_680, 193_318),
    (881_760, 167_552, 110_452), (333_792, 63_488, 41_870), (83_440, 30_000, 10_489), (8_220, 8_220, 1_059),
]


@pytest.fixture(scope="module")
def table_3x3():
    return solve_all(3, 3, 3)


@pytest.fixture(scope="session")
def table_4x4():
    """The whole 4×4 table, built once (NumPy: a few seconds)."""
    return solve_all(4, 4, 4, progress=False)


# ---------------------------------------------------------------------- 3×3, exactly


def test_every_unfinished_3x3_position_agrees_with_brute_force(table_3x3):
    assert len(UNFINISHED) == 4_520
    for board in UNFINISHED:
        solution = table_3x3.lookup(board)
        score = reference_score(board)
        assert solution.value == reference_value(board), board
        assert list(solution.best_moves) == reference_best_moves(board), board
        assert solution.score == score
        empty = board.size - board.moves_made
        assert solution.plies == (empty if score == 0 else empty - abs(score) + 1), board


def test_finished_boards_have_their_leaf_value_and_no_moves(table_3x3):
    for board in POSITIONS:
        if board.is_over:
            assert table_3x3.lookup(board) == ttt.Solution(value=-1 if board.winner else 0, best_moves=(), plies=0,
                                                           score=leaf_score(board))


def test_lookup_is_ttt_solve_on_every_position(table_3x3):
    assert len(table_3x3) == len(POSITIONS) == 5_478 and table_3x3.classes == 765
    assert all(table_3x3.lookup(board) == solve(board) for board in POSITIONS)
    assert table_3x3.lookup("XX./OO./...") == solve("XX./OO./...")  # a string is parsed


def test_a_remembered_solution_is_the_one_worked_out_afresh():
    table = solve_all(3, 3, 3)  # a table of its own: none of its solutions is remembered yet
    boards = [board for board in POSITIONS if not board.is_over][::7]
    first = [table.lookup(board) for board in boards]
    assert [table.lookup(board.notation) for board in boards] == first == [solve(board) for board in boards]
    assert all(table.lookup(board) is solution for board, solution in zip(boards, first))  # remembered, not redone
    with pytest.raises(BoardError):
        table.lookup("XXX/XXX/...")  # an unreachable board is refused every time, never remembered
    with pytest.raises(BoardError):
        table.lookup("XXX/XXX/...")


def test_the_3x3_counts_by_outcome(table_3x3):
    levels = table_3x3.levels
    assert [level.positions for level in levels] == [sum(b.moves_made == m for b in POSITIONS) for m in range(10)]
    for side, expected in (("win", 1), ("draw", 0), ("loss", -1)):
        assert table_3x3.outcomes[side] == sum(reference_value(b) == expected for b in POSITIONS)
    assert table_3x3.first_player_wins == sum(reference_x_value(b) == 1 for b in POSITIONS) == 2_936
    assert sum(level.o_wins for level in levels) == sum(reference_x_value(b) == -1 for b in POSITIONS)
    assert levels[0] == LevelCounts(0, 1, 0, 1, 0, 1, 0)  # the empty board: one position, a draw


# ---------------------------------------------------------------------- the plain version


def test_the_plain_sweeps_read_as_the_notebook_does():
    levels = positions_by_level(3, 3, 3)
    assert [len(level) for level in levels] == [1, 9, 72, 252, 756, 1_260, 1_520, 1_140, 390, 78]
    scores = solve_levels(levels)
    assert len(scores) == 5_478 and all(scores[board] == reference_score(board) for board in POSITIONS)
    assert all(list(best_moves(board, scores)) == reference_best_moves(board) for board in UNFINISHED)


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (2, 4, 3), (4, 2, 3), (2, 3, 2), (3, 3, 2), (1, 1, 1)])
def test_plain_and_numpy_build_the_same_table(rows, cols, k):
    assert solve_all(rows, cols, k, method="plain") == solve_all(rows, cols, k, method="numpy")


# ---------------------------------------------------------------------- the top-down builder


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (2, 4, 2), (2, 3, 2), (1, 1, 1)])
def test_top_down_builds_the_same_table(rows, cols, k):
    assert Tablebase.top_down(rows, cols, k) == solve_all(rows, cols, k)


def test_top_down_covers_all_5478_positions_and_matches_the_engine():
    table, engine = Tablebase.top_down(), Engine()
    assert len(table) == 5478 and table.classes == 765
    for board in POSITIONS:
        looked_up = table.lookup(board)
        assert isinstance(looked_up, Solution) and board in table
        if board.is_over:
            assert (looked_up.value, looked_up.best_moves, looked_up.plies) == (reference_value(board), (), 0)
            assert looked_up.score == reference_score(board)
        else:
            assert looked_up == engine.solve(board), board.notation


def test_top_down_stats_count_the_solver_s_work():
    stats = Tablebase.top_down().stats
    assert type(stats) is SearchStats and stats.table_size == 5478
    assert stats.nodes - stats.hits == 627  # each class of unfinished positions is solved once
    assert stats.hits > 0 and stats.leaves == stats.cutoffs == 0
    assert solve_all(3, 3, 3).stats is None


def test_tablebase_is_built_once_per_size():
    assert tablebase(3, 3, 3) is tablebase(3, 3, 3) and len(tablebase(3, 3, 3)) == 5478
    assert tablebase(2, 4, 2) is tablebase(2, 4, 2)
    assert (tablebase(2, 4, 2).rows, tablebase(2, 4, 2).cols, tablebase(2, 4, 2).k) == (2, 4, 2)


@pytest.mark.parametrize(
    "rows, cols, k, figures", [(3, 3, 3, (5_478, 627, 1_879)), (3, 4, 3, (111_973, 20_088, 76_015)), (2, 4, 2, (605, 55, 97))]
)
def test_top_down_tables_for_rectangles(rows, cols, k, figures):
    table = tablebase(rows, cols, k)
    positions = reachable_positions(Board.empty(rows, cols, k))
    assert len(table) == len(positions)
    # positions, classes of unfinished positions solved, solver calls
    assert (len(table), table.stats.nodes - table.stats.hits, table.stats.nodes) == figures
    for board in sorted(positions, key=lambda b: b.cells)[::7]:
        assert table.lookup(board).score == reference_score(board)


def test_the_plain_version_is_for_small_boards_and_the_method_is_checked():
    with pytest.raises(BoardError, match=f"at most {PLAIN_MAX_CELLS} cells, not 4×4: use method='numpy'"):
        solve_all(4, 4, 4, method="plain")
    with pytest.raises(ValueError, match="method must be 'numpy' or 'plain', not 'magic'"):
        solve_all(3, 3, 3, method="magic")


# ---------------------------------------------------------------------- the census


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 4, 3), (2, 4, 3), (2, 3, 2)])
def test_level_counts_are_the_census(rows, cols, k):
    table = solve_all(rows, cols, k)
    counted = [(level.positions, level.finished, level.classes) for level in table.levels]
    figures = [row[:3] for row in census(rows, cols, k, paths=False).per_ply]
    assert counted == figures[: len(counted)] and all(row == (0, 0, 0) for row in figures[len(counted) :])
    assert len(table) == sum(row[0] for row in figures) and table.classes == sum(row[2] for row in figures)


def test_the_4x4_levels_are_the_census(table_4x4):
    assert [(level.positions, level.finished, level.classes) for level in table_4x4.levels] == CENSUS_4X4
    assert (len(table_4x4), table_4x4.classes) == (9_722_011, 1_217_977)


def test_the_4x4_counts_by_outcome(table_4x4):
    assert table_4x4.outcomes == {"win": 2_730_266, "draw": 6_031_189, "loss": 960_556}
    assert table_4x4.first_player_wins == 2_304_458
    assert sum(level.o_wins for level in table_4x4.levels) == 1_386_364
    assert all(level.wins + level.draws + level.losses == level.positions for level in table_4x4.levels)
    assert table_4x4.lookup(Board.empty(4, 4, 4)) == solve(Board.empty(4, 4, 4))  # a draw, every move keeps it


# ---------------------------------------------------------------------- 4×4 against the engine


def test_4x4_agrees_with_the_engine_on_a_thousand_random_positions(table_4x4):
    rng = random.Random(12)
    engine = Engine(4, 4, 4)
    finished = 0
    for _ in range(1_000):
        board = Board.empty(4, 4, 4)
        for _ in range(rng.randrange(17)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        finished += board.is_over
        assert table_4x4.lookup(board) == engine.solve(board), board
    assert 100 < finished < 300  # finished boards are checked too


def test_4x4_late_positions_agree_with_the_engine(table_4x4):
    rng = random.Random(3)
    for marks in range(6, 14):
        board = random_position(4, 4, 4, marks, rng)
        assert table_4x4.lookup(board) == solve(board), board


# ---------------------------------------------------------------------- files


def test_save_and_load_round_trip(table_3x3, tmp_path):
    path = tmp_path / "t.ttt"
    size = table_3x3.save(path)
    assert size == path.stat().st_size < 5_000
    again = load(path)
    assert again == table_3x3 and len(again) == 5_478
    assert all(again.lookup(board) == table_3x3.lookup(board) for board in POSITIONS)
    table_3x3.save(tmp_path / "u.ttt")
    assert (tmp_path / "u.ttt").read_bytes() == path.read_bytes()  # the same table gives the same bytes


def test_the_shipped_4x4_file_is_the_table_built_now(table_4x4):
    assert SHIPPED.exists(), f"rebuild it: {REBUILD}"
    assert load(SHIPPED) == table_4x4, f"notebooks/data is out of date: {REBUILD}"
    assert SHIPPED.stat().st_size < 2_000_000


def test_a_file_that_is_not_a_table_is_refused(tmp_path, table_3x3):
    bad = tmp_path / "bad.ttt"
    bad.write_bytes(b"hello\nworld\n")
    with pytest.raises(ValueError, match="is not a 'ttt-tablebase 1' file"):
        load(bad)
    good = tmp_path / "good.ttt"
    table_3x3.save(good)
    data = good.read_bytes()
    cut = tmp_path / "cut.ttt"
    cut.write_bytes(data[:-100])
    with pytest.raises(ValueError, match="not a 'ttt-tablebase 1' file|cut short or damaged"):
        load(cut)


# ---------------------------------------------------------------------- bad input


def test_a_board_of_another_shape_is_refused(table_3x3):
    with pytest.raises(BoardError, match=r"this table is for 3×3 boards with k=3, not 4×4 with k=4"):
        table_3x3.lookup(Board.empty(4, 4, 4))
    with pytest.raises(BoardError, match="this table is for 3×3 boards with k=3, not 3×3 with k=2"):
        table_3x3.lookup(Board.parse("X../.../...", k=2))
    with pytest.raises(BoardError, match="expected a Board or a board string, not int"):
        table_3x3.lookup(42)
    with pytest.raises(BoardError, match="stray character"):
        table_3x3.lookup("XX./OO./..?")


def test_an_unreachable_board_is_refused(table_3x3):
    # Board.parse refuses such boards; Board.unchecked, the searches' fast path, does not check.
    geo = Board.empty().geometry
    for cells in ("XXXX.....", "OO.......", "XXX/OOO/..."):
        board = Board.unchecked(geo, cells.replace("/", ""), None)
        with pytest.raises(BoardError, match="cannot be reached from the empty board by legal moves"):
            table_3x3.lookup(board)
        assert board not in table_3x3
    assert Board.empty() in table_3x3 and Board.empty(4, 4, 4) not in table_3x3


def test_sizes_too_large_for_this_machine_are_refused_up_front():
    assert estimate(4, 4, 4)[0] == 10_165_779 >= 9_722_011  # an upper bound
    assert estimate(3, 3, 3)[0] == 6_046 >= 5_478
    check_size(4, 4, 4)  # fits
    with pytest.raises(BoardError, match=r"5×5 with k=4 is too large to tabulate here: up to 161,995,031,226"
                                         r" positions would need about [\d,.]+ GB of memory"):
        check_size(5, 5, 4)
    with pytest.raises(BoardError, match="4×4 with k=4 is too large .* this machine has 0.1 GB free"):
        check_size(4, 4, 4, available=100 * 10**6)
    with pytest.raises(BoardError, match="36 cells, too many to pack a position into 64 bits"):
        check_size(6, 6, 4)
    with pytest.raises(BoardError, match="too large to tabulate"):
        solve_all(5, 5, 4)  # refused before anything is built
    with pytest.raises(BoardError, match="larger than both sides"):
        solve_all(2, 2, 3)


def test_a_slow_build_shows_a_progress_bar(capsys):
    solve_all(3, 3, 3, progress=True)
    assert "3×3 k=3" in capsys.readouterr().err
    solve_all(3, 3, 3)  # small: no bar unless asked
    assert capsys.readouterr().err == ""


def test_the_summary_is_plain_data(table_3x3):
    summary = table_3x3.summary()
    assert (summary["positions"], summary["classes"], summary["finished"]) == (5_478, 765, 958)
    assert summary["first_player_wins"] + summary["second_player_wins"] + sum(
        level["draws"] for level in summary["levels"]) == 5_478
    assert summary["levels"][9] == {"marks": 9, "positions": 78, "finished": 78, "classes": 15, "wins": 0,
                                    "draws": 16, "losses": 62}
    assert repr(table_3x3) == "Tablebase(3×3, k=3: 5,478 positions, 765 up to symmetry)"


def test_tables_compare_by_content(table_3x3):
    assert table_3x3 != solve_all(2, 4, 3) and table_3x3 == solve_all(3, 3, 3)
    assert table_3x3 != "a table" and isinstance(table_3x3, Tablebase)


def test_move_scores_are_the_solver_s_and_paint_hints(table_4x4):
    from ttt.solver import move_scores
    from ttt.view.hints import cell_hints

    rng = random.Random(5)
    for marks in (0, 3, 7, 10):
        board = random_position(4, 4, 4, marks, rng)
        assert table_4x4.move_scores(board) == move_scores(board)
        assert cell_hints(board, table_4x4.move_scores) == cell_hints(board)
    assert table_4x4.move_scores("XXXX/OOO./..../....") == {}  # finished: no moves

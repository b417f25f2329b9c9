"""ttt.view.exercise_output: Markdown and pictures under a kernel, plain text in a terminal."""

from __future__ import annotations

import inspect

import pytest

from ttt import Board
from ttt.exercises import exercise, nb00
from ttt.exercises.verdicts import Boards, parts_text
from ttt.view import exercise_output as render

# ---------------------------------------------------------------------- rendering


def test_solution_in_a_terminal_prints_the_real_source(capsys):
    exercise("00", 3).solution()
    out = capsys.readouterr().out
    for function in (nb00.wins_at_once, nb00.forcing_moves):
        for line in inspect.getsource(function).splitlines():
            assert line in out.replace("\n    ", "\n")   # the text form indents code by four spaces
    assert "```" not in out and "**Why it works.**" in out


def test_solution_under_a_kernel_displays_markdown(monkeypatch, capsys):
    from IPython.display import Markdown

    shown = []
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: shown.append(obj))
    exercise("00", 3).solution()
    exercise("00", 3).hint(2)
    assert capsys.readouterr().out == ""
    assert [type(obj) for obj in shown] == [Markdown, Markdown]
    assert f"```python\n{inspect.getsource(nb00.forcing_moves).strip()}\n```" in shown[0].data
    assert shown[1].data.startswith("**Hint 2 of 3** (00.3 Forks by search)")


def test_a_wrong_function_under_a_kernel_draws_the_board(monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: shown.append((obj, raw)))
    assert exercise("00", 3).check(lambda board: []) is False
    assert capsys.readouterr().out == ""
    (bundle, raw), = shown
    assert raw and set(bundle) == {"text/html", "text/plain"}
    assert "<img src=\"data:image/svg+xml;base64," in bundle["text/html"]
    assert "forcing_moves disagrees with the package" in bundle["text/plain"]


def test_text_only_verdicts_print_even_under_a_kernel(monkeypatch, capsys):
    monkeypatch.setattr(render, "in_notebook", lambda: True)
    monkeypatch.setattr(render, "_display", lambda obj, raw=False: pytest.fail("nothing to draw"))
    assert exercise("00", 2).check(720) is False
    assert exercise("00", 2).check(None) is False
    assert exercise("00", 2).check(1_440) is True
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("720 is not the number of games that end on move 5: it is too small.")
    assert out[2].startswith("Exercise 00.2 is not answered yet")
    assert out[3].startswith("Correct: the number of games that end on move 5 is 1,440.")


def test_boards_are_drawn_even_without_a_display_module(monkeypatch):
    board = Board.parse("XO./.X./..O")
    assert render.board_html(board).startswith("<img")
    import ttt.view.display

    def broken(board):
        raise RuntimeError("no pictures today")

    monkeypatch.setattr(ttt.view.display, "board_image", broken)
    assert render.board_html(board) == f"<pre>{board.pretty()}</pre>"
    html = render.parts_html(["a < b", Boards([board], ["here"])])
    assert "a &lt; b" in html and "<figcaption" in html and "here" in html


def test_boards_side_by_side_as_text():
    boards = Boards([Board.empty(2, 2, 2), Board.empty(2, 2, 2).play(0)], ["one", "two"])
    assert parts_text([boards]).splitlines() == [
        "    one       two",
        "     0 | 1     X | 1",
        "    ---+---   ---+---",
        "     2 | 3     2 | 3",
    ]


def test_markdown_to_text_drops_fences_and_indents_code():
    assert render.markdown_to_text("Text\n\n```python\nx = 1\n```\n\n\n\nMore") == "Text\n\n    x = 1\n\nMore"


def test_hints_are_graded_and_calm_past_the_last(capsys):
    item = exercise("00", 3)
    item.hint()
    item.hint(3)
    item.hint(4)
    item.hint(0)
    out = capsys.readouterr().out
    assert "**Hint 1 of 3**" in out and "hint(2)" in out and "**Hint 3 of 3**" in out
    assert 'Exercise 00.3 has 3 hints, so there is no hint 4. exercise("00", 3).solution() shows' in out
    assert "Hints are numbered 1 to 3" in out


def test_outside_a_kernel_nothing_counts_as_a_notebook():
    assert render.in_notebook() is False



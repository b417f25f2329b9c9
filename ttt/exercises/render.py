"""The one place that decides how an exercise talks: rich output in a notebook, text in a terminal.

Everything an exercise shows (a hint, a solution, what a check found) goes
through the three functions at the bottom: :func:`say`, :func:`show_markdown`
and :func:`show_parts`.  Under an IPython *kernel* (JupyterLab, Binder, Voila)
Markdown is displayed as Markdown and a board as its picture; anywhere else (a
terminal, a plain ``python``, pytest) the same content is printed as text, a
board as :meth:`Board.pretty`.  Nothing here imports IPython, ipywidgets or the
board pictures until they are needed, so ``import ttt.exercises`` stays light.

Only deterministic output is produced (no timings, no ids, no file names), so
a notebook that shows a hint or a "not answered yet" line stays green under
strict nbval.
"""

from __future__ import annotations

import re
import sys
from html import escape

from ttt.board import Board



class Boards:
    """A verdict part: several boards side by side, each with a caption."""

    def __init__(self, boards, captions=None):
        self.boards = tuple(boards)
        self.captions = tuple(captions) if captions is not None else ("",) * len(self.boards)

    def __repr__(self) -> str:
        return f"Boards({list(self.boards)!r}, {list(self.captions)!r})"


# ---------------------------------------------------------------------- where are we?


def in_notebook() -> bool:
    """True under an IPython kernel (a notebook, Voila), false in a terminal or terminal IPython.

    IPython is only looked up if something already imported it: a kernel always
    has, and a plain ``python`` should not pay for importing it.
    """
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _display(obj, raw: bool = False) -> None:
    """IPython's ``display``, imported only when a notebook needs it (tests replace this)."""
    from IPython.display import display

    display(obj, raw=raw)


def _markdown(text: str):
    from IPython.display import Markdown

    return Markdown(text)


# ---------------------------------------------------------------------- text forms


def markdown_to_text(markdown: str) -> str:
    """Markdown made comfortable in a terminal: code fences dropped and code indented by four spaces.

    Everything else of Markdown (``**bold**``, `` `code` ``, lists) reads well as it
    is, so it is left alone.
    """
    lines, in_code = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        lines.append(("    " + line).rstrip() if in_code else line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def _indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line for line in text.splitlines())


def _boards_text(boards: Boards) -> str:
    """Boards side by side as text, each captioned; the captions sit above their grids."""
    grids = [board.pretty().splitlines() for board in boards.boards]
    widths = [max(len(boards.captions[i]), *(len(line) for line in grid)) for i, grid in enumerate(grids)]
    height = max(len(grid) for grid in grids)
    rows = ["   ".join(caption.ljust(width) for caption, width in zip(boards.captions, widths)).rstrip()]
    for r in range(height):
        cells = [(grid[r] if r < len(grid) else "").ljust(width) for grid, width in zip(grids, widths)]
        rows.append("   ".join(cells).rstrip())
    return _indent("\n".join(rows if any(boards.captions) else rows[1:]))


def parts_text(parts) -> str:
    """A verdict's parts as terminal text: strings as they are, boards as :meth:`Board.pretty`."""
    chunks = []
    for part in parts:
        if isinstance(part, Board):
            chunks.append(_indent(part.pretty()))
        elif isinstance(part, Boards):
            chunks.append(_boards_text(part))
        else:
            chunks.append(str(part))
    return "\n".join(chunks)


# ---------------------------------------------------------------------- HTML forms


def board_html(board: Board) -> str:
    """A board's picture as HTML, from the course's display module wherever it lives now.

    Falls back to the text grid in ``<pre>`` if no display module can draw it, so a
    check can always show the board that disagrees.
    """
    try:
        from ttt.view.display import board_image  # the one place boards are drawn

        return board_image(board)
    except Exception:  # noqa: BLE001 - any failure to draw falls back to text
        pass
    return f"<pre>{escape(board.pretty())}</pre>"


def _figure(board: Board, caption: str) -> str:
    return (
        '<figure style="display:inline-block;margin:4px 12px 4px 0;text-align:center">'
        f'{board_html(board)}<figcaption style="font-size:12px">{escape(caption)}</figcaption></figure>'
    )


def parts_html(parts) -> str:
    """A verdict's parts as HTML: text in paragraphs that keep their line breaks, boards as pictures."""
    chunks = []
    for part in parts:
        if isinstance(part, Board):
            chunks.append(f"<div>{board_html(part)}</div>")
        elif isinstance(part, Boards):
            figures = "".join(_figure(b, c) for b, c in zip(part.boards, part.captions))
            chunks.append(f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{figures}</div>')
        else:
            chunks.append(f'<p style="white-space:pre-wrap;margin:0.3em 0">{escape(str(part))}</p>')
    return "<div>" + "".join(chunks) + "</div>"


# ---------------------------------------------------------------------- the three ways to speak


def say(line: str) -> None:
    """One plain line, the same everywhere (success and "not answered yet" messages)."""
    print(line)


def show_markdown(markdown: str) -> None:
    """Markdown in a notebook, its text form in a terminal (hints and solutions)."""
    if in_notebook():
        _display(_markdown(markdown))
    else:
        print(markdown_to_text(markdown))


def show_parts(parts) -> None:
    """What a check found. With a board among the parts a notebook gets HTML (text as a fallback)."""
    parts = list(parts)
    has_board = any(isinstance(part, (Board, Boards)) for part in parts)
    if has_board and in_notebook():
        _display({"text/html": parts_html(parts), "text/plain": parts_text(parts)}, raw=True)
    else:
        print(parts_text(parts))

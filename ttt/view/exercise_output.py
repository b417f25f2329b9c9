"""How an exercise speaks: Markdown and board pictures under an IPython kernel (JupyterLab, Binder, Voila),
plain text anywhere else (a terminal, pytest).  The exercise imports this module when it first speaks, and
IPython only under a kernel; only deterministic output is made, so notebooks stay green under nbval."""

from __future__ import annotations

import re
import sys
from html import escape

from ttt.board import Board
from ttt.exercises.verdicts import Boards, parts_text


def in_notebook() -> bool:
    """Under an IPython kernel; IPython is looked up only if something imported it already."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def _display(obj, raw: bool = False) -> None:
    from IPython.display import display

    display(obj, raw=raw)


def markdown_to_text(markdown: str) -> str:
    """Markdown for a terminal: code fences dropped and code indented by four spaces; the rest reads well as is."""
    lines, in_code = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
        else:
            lines.append(("    " + line).rstrip() if in_code else line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def board_html(board: Board) -> str:
    """A board's picture, or its text grid when no picture can be drawn: a check can always show its board."""
    try:
        from ttt.view.display import board_image

        return board_image(board)
    except Exception:  # noqa: BLE001 - any failure to draw falls back to text
        return f"<pre>{escape(board.pretty())}</pre>"


def parts_html(parts) -> str:
    """Text in paragraphs that keep their line breaks, boards as pictures."""
    chunks = []
    for part in parts:
        if isinstance(part, Board):
            chunks.append(f"<div>{board_html(part)}</div>")
        elif isinstance(part, Boards):
            figures = "".join('<figure style="display:inline-block;margin:4px 12px 4px 0;text-align:center">'
                              f'{board_html(board)}<figcaption style="font-size:12px">{escape(caption)}'
                              "</figcaption></figure>" for board, caption in zip(part.boards, part.captions))
            chunks.append(f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{figures}</div>')
        else:
            chunks.append(f'<p style="white-space:pre-wrap;margin:0.3em 0">{escape(str(part))}</p>')
    return "<div>" + "".join(chunks) + "</div>"


def show_markdown(markdown: str) -> None:
    if in_notebook():
        from IPython.display import Markdown

        _display(Markdown(markdown))
    else:
        print(markdown_to_text(markdown))


def show_parts(parts) -> None:
    """What a check found: HTML in a notebook when a board is among the parts, text otherwise."""
    parts = list(parts)
    if any(isinstance(part, (Board, Boards)) for part in parts) and in_notebook():
        _display({"text/html": parts_html(parts), "text/plain": parts_text(parts)}, raw=True)
    else:
        print(parts_text(parts))

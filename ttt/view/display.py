"""Pictures of boards as SVG text, so a notebook shows a board by just naming it.

This module only turns a :class:`~ttt.board.Board` into markup; it knows
nothing of widgets.  ``ttt.view.widgets`` and the notebooks call it.

A notebook shows its pictures as ``<img>`` tags whose source is the SVG
itself (a data URI), never as inline SVG: JupyterLab draws inline SVG and
``image/svg+xml`` output only in a notebook it trusts, and a notebook somebody
else ran (a fresh clone, Binder) is not trusted until it is run again.  An
image survives the sanitiser, and a browser never runs a script inside one.
"""

from __future__ import annotations

import base64
from html import escape

from ttt.game import status_line

CELL = 48  # pixels per cell
PAD = 4
COLOURS = {"X": "#1f5fbf", "O": "#c0392b"}
WIN_FILL = "#fff2a8"


# Where a cell of a 3×3 board is, in the words people use for it.
PLACES_3X3 = ("top left", "top middle", "top right", "middle left", "centre", "middle right",
              "bottom left", "bottom middle", "bottom right")


def board_words(board) -> str:
    """The board in words, for its picture's text alternative: where each mark is, who is to move
    or the result, then the notation the course uses (so a screen reader says something better than
    "X X O slash", and the notation can still be compared with the code):
    ``"X in the centre and the top left, O in the top right; O to move (XO./.X./...)"``.
    Off 3×3 a cell is named by its row and column, counted from 1."""
    def place(cell: int) -> str:
        if (board.rows, board.cols) == (3, 3):
            return "the " + PLACES_3X3[cell]
        row, col = divmod(cell, board.cols)
        return f"row {row + 1} column {col + 1}"

    marks = []
    for mark in ("X", "O"):
        cells = [place(cell) for cell, shown in enumerate(board.cells) if shown == mark]
        if cells:
            marks.append(f"{mark} in " + (", ".join(cells[:-1]) + " and " + cells[-1] if len(cells) > 1 else cells[0]))
    where = ", ".join(marks) if marks else f"an empty {board.rows}×{board.cols} board"
    status = status_line(board)
    return f"{where}; {'a draw' if status == 'Draw' else status} ({board.notation})"


def board_svg(board, cell_size: int = CELL, labels: dict[int, str] | None = None,
              fills: dict[int, str] | None = None, numbers: bool = False) -> str:
    """An SVG drawing of ``board``.

    The winning line, if any, gets a yellow background and a stroke through it.
    ``labels`` writes small text in chosen cells (used for values and hints),
    ``fills`` colours chosen cells, and ``numbers`` prints each empty cell's index.
    """
    rows, cols = board.rows, board.cols
    width, height = cols * cell_size + 2 * PAD, rows * cell_size + 2 * PAD
    fills = dict(fills or {})
    line = board.winning_line
    for i in line or ():
        fills.setdefault(i, WIN_FILL)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img"'
        f' aria-label="{escape(board_words(board))}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    for i, colour in sorted(fills.items()):
        r, c = divmod(i, cols)
        parts.append(
            f'<rect x="{PAD + c * cell_size}" y="{PAD + r * cell_size}"'
            f' width="{cell_size}" height="{cell_size}" fill="{colour}"/>'
        )
    for c in range(1, cols):
        x = PAD + c * cell_size
        parts.append(f'<line x1="{x}" y1="{PAD}" x2="{x}" y2="{height - PAD}" stroke="#333" stroke-width="2"/>')
    for r in range(1, rows):
        y = PAD + r * cell_size
        parts.append(f'<line x1="{PAD}" y1="{y}" x2="{width - PAD}" y2="{y}" stroke="#333" stroke-width="2"/>')
    for i, mark in enumerate(board.cells):
        r, c = divmod(i, cols)
        cx, cy = PAD + c * cell_size + cell_size / 2, PAD + r * cell_size + cell_size / 2
        if mark in COLOURS:
            parts.append(
                f'<text x="{cx:g}" y="{cy:g}" font-family="sans-serif" font-size="{cell_size * 0.6:g}"'
                f' font-weight="bold" fill="{COLOURS[mark]}" text-anchor="middle"'
                f' dominant-baseline="central">{mark}</text>'
            )
        elif labels and i in labels:
            parts.append(
                f'<text x="{cx:g}" y="{cy:g}" font-family="sans-serif" font-size="{cell_size * 0.25:g}"'
                f' fill="#333" text-anchor="middle" dominant-baseline="central">{escape(labels[i])}</text>'
            )
        elif numbers:
            parts.append(
                f'<text x="{cx:g}" y="{cy:g}" font-family="sans-serif" font-size="{cell_size * 0.3:g}"'
                f' fill="#aaa" text-anchor="middle" dominant-baseline="central">{i}</text>'
            )
    if line:
        (r0, c0), (r1, c1) = divmod(line[0], cols), divmod(line[-1], cols)
        half = cell_size / 2
        parts.append(
            f'<line x1="{PAD + c0 * cell_size + half:g}" y1="{PAD + r0 * cell_size + half:g}"'
            f' x2="{PAD + c1 * cell_size + half:g}" y2="{PAD + r1 * cell_size + half:g}"'
            f' stroke="#e6a800" stroke-width="6" stroke-linecap="round" opacity="0.8"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def svg_image(svg: str, alt: str = "") -> str:
    """An ``<img>`` tag that carries the SVG text ``svg`` as a data URI (see the module's note)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}">'


def board_image(board, cell_size: int = CELL, labels: dict[int, str] | None = None,
                fills: dict[int, str] | None = None, numbers: bool = False) -> str:
    """:func:`board_svg` as an ``<img>`` tag for HTML output; its alt text is :func:`board_words`."""
    return svg_image(board_svg(board, cell_size, labels, fills, numbers), alt=board_words(board))


def boards_html(boards, captions=None, cell_size: int = 32) -> str:
    """Several boards side by side as one HTML snippet (for ``IPython.display.HTML``)."""
    boards = list(boards)
    captions = list(captions) if captions is not None else [""] * len(boards)
    items = []
    for board, caption in zip(boards, captions):
        items.append(
            '<figure style="display:inline-block;margin:4px 8px;text-align:center">'
            f"{board_image(board, cell_size=cell_size)}"
            f'<figcaption style="font-size:12px">{escape(str(caption))}</figcaption></figure>'
        )
    return '<div style="display:flex;flex-wrap:wrap;align-items:flex-start">' + "".join(items) + "</div>"

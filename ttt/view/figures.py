"""Figures with a text alternative carried by the output itself.

JupyterLab draws a matplotlib figure (``image/png`` output) as an ``<img>`` without any ``alt``
text, so a screen reader can say nothing about it, and no output metadata changes that.  An HTML
output can say it: :func:`show_figure` displays the figure as ``<img alt="..." src="data:image/png;
base64,...">``, which JupyterLab, Voila, nbviewer and the JupyterLite site all show as it is (an
image survives the sanitiser of an untrusted notebook), with the same words as the output's
plain text, for viewers that show no pictures.  The words are the notebook's to write, from the
data it plotted: what the figure shows, its trend and its key numbers, not "a plot".
"""

from __future__ import annotations

import base64
import io
from html import escape

__all__ = ["figure_html", "show_figure"]


def figure_html(fig, alt: str) -> str:
    """An ``<img>`` tag holding ``fig`` as PNG, with ``alt`` as its text alternative.

    The image is drawn at the figure's own size and resolution, cropped to what is drawn
    (as the inline backend does), and never wider than the output area.
    """
    if not alt or not alt.strip():
        raise ValueError("a figure needs a text alternative that says what it shows")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight", dpi=fig.dpi)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{escape(alt.strip())}"'
            ' style="max-width:100%;height:auto">')


def show_figure(fig, alt: str) -> None:
    """Display ``fig`` with its text alternative (see the module's note), then close it.

    Closing it keeps the inline backend from showing the figure a second time, without words.
    """
    import matplotlib.pyplot as plt
    from IPython.display import display

    html = figure_html(fig, alt)
    plt.close(fig)
    display({"text/html": html, "text/plain": f"Figure: {alt.strip()}"}, raw=True)

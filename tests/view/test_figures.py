"""Figures shown with their text alternative (ttt.view.figures)."""

import base64
import re

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from ttt.view.figures import figure_html, show_figure  # noqa: E402


def small_figure():
    fig, ax = plt.subplots(figsize=(2, 1.5))
    ax.plot([1, 2, 3], [3, 1, 2])
    return fig


def test_the_image_carries_its_alt_text_and_a_real_png():
    fig = small_figure()
    html = figure_html(fig, 'Calls fall from 3 to 1 "then" rise to 2 <fast>')
    plt.close(fig)
    match = re.fullmatch(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"[^>]*>', html)
    assert match, html[:200]
    assert base64.b64decode(match[1]).startswith(b"\x89PNG\r\n\x1a\n")
    assert match[2] == "Calls fall from 3 to 1 &quot;then&quot; rise to 2 &lt;fast&gt;"


def test_the_same_figure_gives_the_same_bytes():
    # nbval compares text/html outputs: a figure drawn again must give the same text.
    first, second = small_figure(), small_figure()
    assert figure_html(first, "a line") == figure_html(second, "a line")
    plt.close("all")


@pytest.mark.parametrize("alt", ["", "   "])
def test_a_figure_without_words_is_refused(alt):
    fig = small_figure()
    with pytest.raises(ValueError, match="text alternative"):
        figure_html(fig, alt)
    plt.close(fig)


def test_show_figure_displays_html_and_plain_text_and_closes_the_figure(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda data, raw: shown.append((data, raw)))
    fig = small_figure()
    show_figure(fig, "a line that dips")
    ((data, raw),) = shown
    assert raw and data["text/plain"] == "Figure: a line that dips"
    assert 'alt="a line that dips"' in data["text/html"]
    assert not plt.fignum_exists(fig.number)

"""Links in the notebooks' Markdown are told apart from the text around them by more than colour.

WCAG 2.1 (1.4.1, Use of Color): a link inside a line of text must be seen as a link without its
colour.  JupyterLab, Voila and JupyterLite draw a link in a blue (#0d47a1) only 1.9:1 from the
text's near-black and underline it only under the mouse, and a notebook carries no style sheet that
all of them honour, so the underline is written on the link itself, which all of them (and nbviewer)
keep::

    <a href="05_pruning.ipynb" style="text-decoration: underline">05</a>

A link that is the whole of its line (a contents table's cell, the navigation bar of links and
"|") needs none.  Which links are "inside a line of text" is decided as axe-core's rule
``link-in-text-block`` decides it (``isInTextBlock``): within the link's block, up to a line break,
the text outside links is longer than the text of the links.  The browser test
(``tests/browser/test_accessibility.py``) runs that rule itself, on the part of the page in view;
this test sees every cell of every notebook, in a second.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from nbconvert.filters.markdown_mistune import markdown2html_mistune   # the Markdown of Voila and nbconvert

ROOT = Path(__file__).resolve().parent.parent
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "div", "dd", "dt",
          "pre", "table", "tr", "thead", "tbody", "ul", "ol", "dl", "details", "summary"}
UNDERLINED = re.compile(r"text-decoration(-line)?\s*:\s*underline")


def markdown_cells(path: Path) -> list[tuple[int, str]]:
    cells = json.loads(path.read_text())["cells"]
    return [(i, "".join(cell["source"])) for i, cell in enumerate(cells) if cell["cell_type"] == "markdown"]


class _Lines(HTMLParser):
    """Splits rendered Markdown into lines (a block, or a part of one between line breaks), each
    a list of (text, link) pieces, where ``link`` is the ``<a>``'s attributes or None."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.link = [[]], None

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS or tag in ("br", "hr"):
            self.lines.append([])
        elif tag == "a" and "anchor-link" not in dict(attrs).get("class", ""):   # not a heading's own ¶,
            self.link = dict(attrs)                                                  # shown on hover only
            self.lines[-1].append(("", self.link))

    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.lines.append([])
        elif tag == "a":
            self.link = None

    def handle_data(self, data):
        if not (self.link is None and data == "¶"):
            self.lines[-1].append((data, self.link))


def length(texts) -> int:
    """The length of the joined texts with white space collapsed, as axe-core measures it."""
    return len(" ".join("".join(texts).split()))


def rendered_links(markdown: str) -> list[tuple[str, dict, bool]]:
    """Every link of ``markdown`` as rendered: (its text, its attributes, whether it sits in a line of text)."""
    parser = _Lines()
    parser.feed(markdown2html_mistune(markdown))
    found = []
    for line in parser.lines:
        in_text = length(text for text, link in line if link is None) > length(
            text for text, link in line if link is not None)
        links = {}
        for text, link in line:
            if link is not None:
                links.setdefault(id(link), [link, ""])[1] += text
        found += [(text.strip(), link, in_text) for link, text in links.values()]
    return found


def test_links_in_text_are_found_as_axe_finds_them():
    found = rendered_links('See [05](05_pruning.ipynb), "What the handout gets wrong".\n\n'
                           '[← Previous](01.ipynb) | [Contents](00_index.ipynb)\n\n'
                           '| 01 | [Representing the board](01.ipynb) |\n|---|---|\n| 02 | [two](02.ipynb) |\n\n'
                           '- one line<br>[a link alone](b.md)\n\n'
                           'Read <a href="a.md" style="text-decoration: underline">the guide</a> first.')
    assert [(text, link["href"], in_text) for text, link, in_text in found] == [
        ("05", "05_pruning.ipynb", True), ("← Previous", "01.ipynb", False), ("Contents", "00_index.ipynb", False),
        ("Representing the board", "01.ipynb", False), ("two", "02.ipynb", False),
        ("a link alone", "b.md", False), ("the guide", "a.md", True)]
    assert [bool(UNDERLINED.search(link.get("style", ""))) for _, link, in_text in found if in_text] == [False, True]


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_links_in_text_are_underlined(path):
    for i, markdown in markdown_cells(path):
        for text, link, in_text in rendered_links(markdown):
            assert not in_text or UNDERLINED.search(link.get("style", "")), (
                f"cell {i}: the link {text!r} sits in a line of text and is told from it by colour alone; "
                f'write it <a href="{link.get("href")}" style="text-decoration: underline">{text}</a>')


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_every_relative_link_points_to_a_file_that_exists(path):
    """Written in Markdown or in HTML (tests/test_notebooks.py checks the Markdown ones on the source)."""
    for i, markdown in markdown_cells(path):
        for text, link, _ in rendered_links(markdown):
            target = link.get("href", "").split("#")[0]
            if target and not re.match(r"^[a-z]+:", target):
                assert (path.parent / target).exists(), f"cell {i}: the link {text!r} points to a missing {target}"


BARE_ADDRESS = re.compile(r"(?<![\w/.])(?:https?://|www\.)[^\s)<>]+")


def bare_addresses(markdown: str) -> list[str]:
    """Web addresses written as plain text (not in code, not in a link): JupyterLab's Markdown (GFM)
    makes each a link, with no underline, though Voila's (mistune, tested above) leaves it as text."""
    text = re.sub(r"```.*?```|`[^`\n]*`", "", markdown, flags=re.S)            # code
    text = re.sub(r"<a\s[^>]*>.*?</a>", "", text, flags=re.S | re.I)           # HTML links
    text = re.sub(r"\]\([^)\s]*\)|<https?://[^>]*>", "]", text)                # Markdown links' targets
    return BARE_ADDRESS.findall(text)


def test_bare_addresses_are_found_as_jupyterlab_links_them():
    assert bare_addresses("a program at www.cs.bham.ac.uk/~mhe/) and http://example.org/x.") == [
        "www.cs.bham.ac.uk/~mhe/", "http://example.org/x."]
    assert bare_addresses('at `www.a.org` or [b](https://b.org) or <a href="http://c.org">http://c.org</a>') == []


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_no_bare_web_address_becomes_a_link_without_underline(path):
    for i, markdown in markdown_cells(path):
        assert not bare_addresses(markdown), (
            f"cell {i}: JupyterLab makes {bare_addresses(markdown)} links told from the text by colour alone;"
            " write the address in `code` or as an underlined <a> link")

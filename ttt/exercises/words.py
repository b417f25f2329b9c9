"""Grammar for check messages, so that none says "1 insertions", "2th" or "a, b, c"; and how a learner may spell."""

from __future__ import annotations

import re

_IRREGULAR = {"ply": "plies", "child": "children", "this": "these", "is": "are", "was": "were", "has": "have"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """"1 call", "3 plies", "2,500 nodes"; ``many`` spells an irregular plural the table does not know."""
    if count == 1:
        return f"1 {noun}"
    if noun.endswith(("s", "x", "ch", "sh")):
        regular = noun + "es"
    else:
        regular = noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou") else noun + "s"
    return f"{count:,} {many or _IRREGULAR.get(noun, regular)}"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def listing(items) -> str:
    """"a, b and c"; one item alone; "" for none."""
    items = [str(item) for item in items]
    return f"{', '.join(items[:-1])} and {items[-1]}" if len(items) > 1 else "".join(items)


def signed(value: int) -> str:
    """A game value: "+1", "-1", and "0" without a sign."""
    return f"{value:+d}" if value else "0"


def moves_text(moves) -> str:
    """``[4, 0, 8]`` as "X 4, O 0, X 8" (X first)."""
    return ", ".join(f"{'XO'[i % 2]} {move}" for i, move in enumerate(moves))


def folded(text: str) -> str:
    """Lower-case words and numbers only: spellings that differ in capitals, punctuation or spacing are one."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))

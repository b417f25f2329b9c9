"""The results as people read them: aligned text for the terminal, a pandas table for the notebooks."""

from __future__ import annotations

__all__ = ["frame", "format_report", "format_board_report", "format_retrograde_report", "format_tablebase"]


def frame(rows: list[dict]):
    """The rows as a pandas DataFrame indexed by algorithm (pandas is imported here, not before)."""
    import pandas as pd

    table = pd.DataFrame(rows).set_index("algorithm")
    for column in ("nodes", "leaves", "table", "source_calls", "source_table"):
        table[column] = table[column].astype("Int64")
    return table


def _number(value, spec: str = ",") -> str:
    return "-" if value is None else format(value, spec)


def format_report(report: dict) -> str:
    """The benchmark as aligned text: the results table, then peers, cold runs and the widget reply."""
    header = (
        f"{'algorithm':40} {'nb':>6} {'nodes':>9} {'leaves':>8} {'table':>7} {'ms':>10} {'x brute':>8}"
        f" | {'source s':>9} {'calls':>9} {'table':>6}  note"
    )
    lines = [
        f"Solving the empty 3×3 board (median of {report['repeat']} runs; source = the Ruby negamax post)",
        header,
        "-" * len(header),
    ]
    for row in report["rows"]:
        speedup = row["speedup"]
        speed = "-" if speedup is None else f"{speedup:,.0f}" if speedup >= 10 else f"{speedup:.1f}"
        lines.append(
            f"{row['algorithm']:40} {row['notebook']:>6} {_number(row['nodes']):>9} {_number(row['leaves']):>8}"
            f" {_number(row['table']):>7} {row['seconds'] * 1000:>10.3f} {speed:>8}"
            f" | {_number(row['source_seconds'], '.4f'):>9} {_number(row['source_calls']):>9}"
            f" {_number(row['source_table']):>6}  {row['note']}".rstrip()
        )
    if report["quick"]:
        lines.append("(quick: brute-force rows left out, so no speed-up column)")
    lines.append("")
    if report["peers"]:
        lines.append("Peers, warm, in this process")
        for row in report["peers"]:
            lines.append(
                f"  {row['peer']:40} {row['seconds'] * 1000:>10.3f} ms  value {row['value']}  ({row['detail']})"
            )
    else:
        lines.append("Peers: none installed (pip install open_spiel easyAI to compare)")
    cold = report["cold"]
    if cold:
        lines += _cold_lines(cold, ".3f")
        for name, ratio in cold["ratios"].items():
            lines.append(f"  {name}: {ratio:.1f}×")
    reply = report["widget_reply"]
    lines.append("")
    lines.append(
        f"Widget reply (Tablebase.lookup, table built): median {reply['median_seconds'] * 1e6:.1f} µs"
        f" over {reply['lookups']} positions"
    )
    return "\n".join(lines)


def format_board_report(report: dict) -> str:
    """The ablation and the cold solves as aligned text."""
    rows, cols, k = report["shape"]
    budget = f", at most {report['max_seconds']:g} s each" if report.get("max_seconds") else ""
    lines = [
        f"Solving the empty {rows}×{cols} board, {k} in a row (ttt.engine; median of {report['repeat']} runs{budget})",
        f"{'variant':40} {'value':>5} {'nodes':>10} {'table':>9} {'ms':>10}",
    ]
    for row in report["ablation"]:
        if row["over_budget"]:
            lines.append(
                f"{row['variant']:40} {'-':>5} {row['nodes']:>10,}+ {_number(row['table']):>8}"
                f"  over budget: stopped unsolved"
            )
            continue
        lines.append(
            f"{row['variant']:40} {row['value']:>5} {row['nodes']:>10,} {_number(row['table']):>9}"
            f" {row['seconds'] * 1000:>10.1f}"
        )
    cold = report["cold"]
    if cold:
        lines += _cold_lines(cold, ".1f")
        ratio = cold["ttt_over_openspiel_3x3"]
        if ratio is not None:
            faster = f" (OpenSpiel's 3×3 takes {1 / ratio:.1f}× as long)" if ratio < 1 else ""
            lines.append(f"  ttt.solve here / OpenSpiel 3×3: {ratio:.3f}{faster}")
        memory = f", peak {cold['command_peak_mb']:.0f} MB" if cold["command_peak_mb"] is not None else ""
        lines.append(f"  {cold['command']}: {cold['command_seconds']:.2f} s from start to exit{memory}")
    return "\n".join(lines)


def _cold_lines(cold: dict, spec: str) -> list[str]:
    """The cold runs' medians, one line each, after a blank line and a heading."""
    lines = ["", f"Cold: first call in a fresh interpreter, median of {cold['runs']}"]
    for name, seconds in cold["times"].items():
        lines.append(f"  {name:40} {seconds * 1000:>10{spec}} ms")
    return lines


# ---------------------------------------------------------------------- whole tables (ttt.retrograde)


def _megabytes(n: int) -> str:
    """A number of bytes for people: kB, MB or GB (powers of ten)."""
    if n < 1e6:
        return f"{n / 1e3:,.1f} kB"
    return f"{n / 1e6:,.1f} MB" if n < 1e9 else f"{n / 1e9:,.2f} GB"


def _duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:,.1f} s"


def format_retrograde_report(section: dict | None) -> str:
    """The cold whole-table builds (:func:`ttt.tools.measure.retrograde_benchmark`) as lines, or ``""`` if none were run."""
    if section is None:
        return ""
    rows, cols, k = section["shape"]
    lines = [f"Every position of {rows}×{cols}, k={k}, solved at once: cold, in a fresh interpreter,"
             f" median of {section['runs']} (OpenSpiel: {section['game']})"]
    for row in section["rows"]:
        lines.append(
            f"  {row['name']:44} {_duration(row['seconds']):>10} (CPU {_duration(row['cpu_seconds'])})"
            f"  {row['entries']:>10,} entries  peak {_megabytes(row['peak_bytes'])}"
        )
    if section["ratio"] is not None:
        lines.append(f"  OpenSpiel MinimaxSolver / ttt retrograde (NumPy): {section['ratio']:.1f}×"
                     f" (CPU time: {section['cpu_ratio']:.1f}×)")
    if section["note"]:
        lines.append(f"  {section['note']}")
    return "\n".join(lines)


def format_tablebase(summary: dict) -> str:
    """``python -m ttt tablebase``: positions per level, outcomes for the side to move, time and memory."""
    header = f"{'marks':>5} {'positions':>11} {'finished':>10} {'classes':>10} {'wins':>10} {'draws':>10} {'losses':>10}"
    lines = [
        f"Every position reachable on {summary['rows']}×{summary['cols']} with k={summary['k']}, solved bottom-up"
        " (wins, draws, losses: for the side to move)",
        header,
        "-" * len(header),
    ]
    names = ("positions", "finished", "classes", "wins", "draws", "losses")
    for level in summary["levels"]:
        lines.append(f"{level['marks']:>5} " + " ".join(f"{level[name]:>{11 if name == 'positions' else 10},}" for name in names))
    totals = {name: sum(level[name] for level in summary["levels"]) for name in names}
    lines.append("-" * len(header))
    lines.append(f"{'all':>5} " + " ".join(f"{totals[name]:>{11 if name == 'positions' else 10},}" for name in names))
    lines.append(
        f"X (first to move) wins from {summary['first_player_wins']:,} positions, O from"
        f" {summary['second_player_wins']:,}; the rest are draws."
    )
    lines.append(f"Built in {summary['seconds']:.2f} s; peak memory {_megabytes(summary['peak_memory_bytes'])}.")
    if summary["saved"]:
        lines.append(f"Saved to {summary['saved']['path']} ({_megabytes(summary['saved']['bytes'])}).")
    return "\n".join(lines)

"""``python -m ttt``: the command line.

Every sub-command reports bad input as one line on standard error and a
non-zero exit status, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys

from ttt.board import Board
from ttt.geometry import BoardError, check_shape
from ttt.textgame import run_game


def _add_shape(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rows", type=int, default=3, help="board rows (default 3)")
    parser.add_argument("--cols", type=int, default=3, help="board columns (default 3)")
    parser.add_argument("--k", type=int, default=3, help="marks in a row to win (default 3)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ttt", description="Tic-tac-toe rules and search.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a game in the terminal")
    _add_shape(play)
    return parser


def cmd_play(args: argparse.Namespace) -> int:
    check_shape(args.rows, args.cols, args.k)
    board = Board.empty(args.rows, args.cols, args.k)
    run_game(board, players={})
    return 0


COMMANDS = {"play": cmd_play}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except BoardError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130

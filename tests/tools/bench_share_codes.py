"""Sizes of format-2 share codes of real games (a script, not a test; README, "Share codes,
format 2"):

    .venv/bin/python tests/tools/bench_share_codes.py

Prints the length in characters (prefix included) of: one Turtle win, one Lines game of at
least 2,000 points, ten Turtle wins, ten such Lines games; the targets beside them; and how long
reading (replaying) each code takes.
"""

from __future__ import annotations

import statistics
import time

from share_code_samples import lines_games, turtle_wins

from lines_tui.store import TableId, codes
from lines_tui.store.verify import Checker

TARGETS = {
    "one Turtle win": 200,
    "one 2,000-point Lines game": 400,
    "ten Turtle wins": 1500,
    "ten 2,000-point Lines games": 4000,
}


def main() -> None:
    turtle, lines = TableId.mahjong("turtle"), TableId.lines(9)
    wins, games = turtle_wins(10), lines_games(10)
    singles_turtle = [len(codes.encode(turtle, [win])) for win in wins]
    singles_lines = [len(codes.encode(lines, [game])) for game in games]
    tables = {
        "one Turtle win": (
            turtle,
            wins[:1],
            f"median {statistics.median(singles_turtle):g}, max {max(singles_turtle)} over 10",
        ),
        "one 2,000-point Lines game": (
            lines,
            games[:1],
            f"median "
            f"{statistics.median(singles_lines):g}, max "
            f"{max(singles_lines)} over 10 ({_scores(games)})",
        ),
        "ten Turtle wins": (turtle, wins, ""),
        "ten 2,000-point Lines games": (lines, games, ""),
    }
    for label, (table, entries, note) in tables.items():
        code = codes.encode(table, entries)
        started = time.perf_counter()
        checked = codes.read(code, Checker(now=time.time(), budget=60))
        seconds = time.perf_counter() - started
        assert all(v.status == "verified" for v in checked.verdicts)
        print(
            f"{label:<28} {len(code):>5} characters (target <= {TARGETS[label]:>5}), "
            f"read and replayed in {seconds * 1000:.0f} ms  {note}".rstrip()
        )


def _scores(games: list[object]) -> str:
    values = sorted(game.value for game in games)  # type: ignore[attr-defined]
    moves = sorted(len(game.record.moves) for game in games)  # type: ignore[attr-defined]
    return f"{values[0]}-{values[-1]} points, {moves[0]}-{moves[-1]} moves"


if __name__ == "__main__":
    main()

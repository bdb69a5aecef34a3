"""Does a change to the solver keep its path, and what does it save? Prints numbers, asserts
nothing.

    .venv/bin/python tests/tools/compare_solver_versions.py REV [--sets t7000,t8000,layouts]
                                                                [--reps N]

Solves the same positions with the solver of git revision REV ("before") and with the working
tree's ("after"), in two worker processes asked in turn, position by position (the order
alternating between repetitions), so that a noisy machine slows both alike. Prints, per set,
the process time of each solver (the least of the repetitions, per position): total, mean,
median, p99, max, the 30 positions slowest before, and the ratios. Sets: `t7000`, `t8000`
(Turtle deals 7000-7299 and 8000-8299, the tuning deals) and `layouts` (60 deals from 7000 and
60 mid-game positions from 7000 of every built-in layout). Then the positions whose verdict,
winning sequence, nodes or attempts differ (a change meant to keep the search's path must print
none), and those whose verdict differs (none may).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = ("turtle", "meadow", "pagoda", "causeway", "lantern")


def specs(name: str) -> list[str]:
    """The positions of one set, as "layout kind k"."""
    if name in ("t7000", "t8000"):
        start = int(name[1:])
        return [f"turtle deal {k}" for k in range(start, start + 300)]
    return [
        f"{layout} {kind} {k}"
        for layout in LAYOUTS
        for kind in ("deal", "midgame")
        for k in range(7000, 7060)
    ]


def worker() -> None:
    """Solve the positions named on stdin, one JSON line each on stdout."""
    from bench_solver import deals, midgame_positions

    from lines_tui.engine.mahjong.layouts import find_layout
    from lines_tui.engine.mahjong.solver import solve

    for line in sys.stdin:
        layout, kind, k = line.split()
        positions = deals if kind == "deal" else midgame_positions
        _, position = next(positions(find_layout(layout), int(k), 1))
        started = time.process_time()
        result = solve(position, timeout=60)
        seconds = time.process_time() - started
        path = [result.verdict.name, result.moves, result.nodes, result.attempts]
        print(json.dumps({"path": path, "seconds": seconds}), flush=True)


class Solver:
    """A worker process running the solver found under `source`."""

    def __init__(self, source: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(source))
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def solve(self, spec: str) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(spec + "\n")
        stdin.flush()
        answer: dict[str, Any] = json.loads(stdout.readline())
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def export(revision: str, into: Path) -> Path:
    """The `lines_tui` package of `revision`, unpacked under `into`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "lines_tui"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def summary(label: str, seconds: dict[str, float]) -> str:
    values = sorted(seconds.values())
    p99 = values[max(0, int(len(values) * 0.99) - 1)]
    return (
        f"  {label}: total {sum(values):.2f} s, mean {statistics.mean(values) * 1000:.1f} ms, "
        f"median {statistics.median(values) * 1000:.2f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {values[-1] * 1000:.0f} ms"
    )


def report(name: str, before: dict[str, float], after: dict[str, float], out: IO[str]) -> None:
    slowest = sorted(before, key=before.__getitem__, reverse=True)[:30]
    slow_before = sum(before[spec] for spec in slowest)
    slow_after = sum(after[spec] for spec in slowest)
    print(f"{name} ({len(before)} positions)", file=out)
    print(summary("before", before), file=out)
    print(summary("after ", after), file=out)
    print(
        f"  after/before: total {sum(after.values()) / sum(before.values()):.3f}, "
        f"30 slowest {slow_after / slow_before:.3f} ({slow_before:.2f} s -> {slow_after:.2f} s), "
        f"median of the ratios {statistics.median(after[s] / before[s] for s in before):.3f}",
        file=out,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("revision", nargs="?")
    parser.add_argument("--sets", default="t7000,t8000,layouts")
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.revision is None:
        parser.error("name the revision to compare with (e.g. main)")
    with tempfile.TemporaryDirectory() as folder:
        solvers = Solver(export(args.revision, Path(folder))), Solver(ROOT)
        differ: list[str] = []
        verdicts_differ: list[str] = []
        for name in args.sets.split(","):
            seconds: tuple[dict[str, float], dict[str, float]] = ({}, {})
            for spec in specs(name):
                answers: list[list[dict[str, Any]]] = [[], []]
                for rep in range(args.reps):
                    for side in (0, 1) if rep % 2 == 0 else (1, 0):
                        answers[side].append(solvers[side].solve(spec))
                for side in (0, 1):
                    seconds[side][spec] = min(answer["seconds"] for answer in answers[side])
                if answers[0][0]["path"] != answers[1][0]["path"]:
                    differ.append(spec)
                if answers[0][0]["path"][0] != answers[1][0]["path"][0]:
                    verdicts_differ.append(spec)
            report(name, *seconds, sys.stdout)
        for solver in solvers:
            solver.close()
    print(f"paths that differ: {len(differ)} {differ[:10]}")
    print(f"verdicts that differ: {len(verdicts_differ)} {verdicts_differ[:10]}")
    print(f"load average: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()

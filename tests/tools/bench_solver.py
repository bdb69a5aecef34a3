"""Benchmark of the dead-end solver (README, "How fast"); prints numbers, asserts nothing.

    .venv/bin/python tests/tools/bench_solver.py [--limit N] [--budget SECONDS]
                                                 [--only deals|midgame] [--start K]
                                                 [--layout NAME|all] [--seeds N]

(a) the random deals of seeds 0..999; (b) 1,000 mid-game positions: deal seed 10000+k, then
k % 60 random legal moves (random.Random(k) picks among the available pairs), on the Turtle or
on `--layout` (`all`: each built-in layout in turn). Each position gets a 10 s budget; every
winning sequence is replayed here, independently of the solver, and a wrong one is counted and
reported. `--start K` measures the next positions instead (deal seeds K.., mid-game k = K..):
positions the solver was not tuned on. Last, the playout kernel's speed: playouts a second from
the first 50 deals, with nothing committed. At the end, one table of what issue 14's targets are
about, a row per layout and kind of position (milliseconds of wall-clock time per position).
`--seeds N` solves each position with the solver's seeds 0..N-1 (`RestartSchedule(seed=...)`)
and pools the figures, each seed's also printed: on the hard positions the luck of the draws
weighs more than many a change (README, "How fast").
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, Layout, find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import RestartSchedule, SolveResult, Verdict, solve

MIDGAME_SEED = 10000
MAX_RANDOM_MOVES = 60


def deals(layout: Layout, start: int, count: int) -> Iterator[tuple[str, Position]]:
    for seed in range(start, start + count):
        yield f"deal {seed}", deal(layout, seed)


def midgame_positions(layout: Layout, start: int, count: int) -> Iterator[tuple[str, Position]]:
    for k in range(start, start + count):
        position = deal(layout, MIDGAME_SEED + k)
        rng = random.Random(k)
        present = position.present
        for _ in range(k % MAX_RANDOM_MOVES):
            pairs = available_pairs(position, present)
            if not pairs:
                break
            a, b = rng.choice(pairs)
            present &= ~(1 << a | 1 << b)
        removed = frozenset(i for i in range(len(position.slots)) if not present >> i & 1)
        yield (
            f"mid-game {k} ({k % MAX_RANDOM_MOVES} moves)",
            Position(position.slots, position.faces, removed),
        )


def available_pairs(position: Position, present: int) -> list[tuple[int, int]]:
    geometry = position.geometry
    free = [
        i for i in range(len(position.slots)) if present >> i & 1 and geometry.is_free(i, present)
    ]
    return [
        (a, b)
        for n, a in enumerate(free)
        for b in free[n + 1 :]
        if position.faces[a] == position.faces[b]
    ]


def wins(position: Position, moves: tuple[tuple[int, int], ...]) -> bool:
    """Replay `moves` with the rules alone: every pair same face, both free, and nothing left."""
    geometry = position.geometry
    present = position.present
    for a, b in moves:
        if a == b or not (present >> a & 1 and present >> b & 1):
            return False
        if position.faces[a] != position.faces[b]:
            return False
        if not (geometry.is_free(a, present) and geometry.is_free(b, present)):
            return False
        present &= ~(1 << a | 1 << b)
    return present == 0


@dataclass(frozen=True)
class Row:
    """One line of the closing table."""

    layout: str
    kind: str
    positions: int
    seeds: int
    """Each position solved once with each seed: the figures are of positions x seeds solves."""
    mean: float
    median: float
    p99: float
    max: float
    wrong: int
    decided: int
    playouts_per_second: float

    @staticmethod
    def header() -> str:
        return (
            f"{'layout':<10} {'positions':<16} {'mean':>8} {'median':>8} {'p99':>8} {'max':>8}"
            f" {'wrong':>5} {'decided':>8} {'playouts/s':>10}"
        )

    def line(self) -> str:
        return (
            f"{self.layout:<10} {self.counted:<16} {self.mean * 1000:8.1f}"
            f" {self.median * 1000:8.2f} {self.p99 * 1000:8.0f} {self.max * 1000:8.0f}"
            f" {self.wrong:>5} {self.decided / (self.positions * self.seeds):>8.1%}"
            f" {self.playouts_per_second:>10.0f}"
        )

    @property
    def counted(self) -> str:
        """ "300 deals", or "300 deals x4" when each was solved with four seeds."""
        times = f" x{self.seeds}" if self.seeds > 1 else ""
        return f"{self.positions} {self.kind}{times}"


def run(
    title: str, positions: Iterator[tuple[str, Position]], budget: float, seeds: int
) -> tuple[list[tuple[str, SolveResult]], list[str]]:
    """Solve each position once with each of the solver's seeds 0..seeds-1."""
    results: list[tuple[str, SolveResult]] = []
    wrong: list[str] = []
    for name, position in positions:
        for seed in range(seeds):
            named = f"{name} (seed {seed})" if seeds > 1 else name
            result = solve(position, timeout=budget, restarts=RestartSchedule(seed=seed))
            if result.verdict is Verdict.SOLVABLE and not wins(position, result.moves):
                wrong.append(named)
            results.append((named, result))
            print(f"\r{title}: {len(results)} solved", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    report(title, results, wrong, seeds)
    if seeds > 1:
        for seed in range(seeds):
            own = [result for _, result in results[seed::seeds]]
            seconds = sorted(result.seconds for result in own)
            print(
                f"seed {seed}: mean {statistics.mean(seconds) * 1000:.1f} ms"
                f"   p99 {seconds[min(len(own) - 1, int(0.99 * len(own)))] * 1000:.0f} ms"
                f"   max {seconds[-1] * 1000:.0f} ms   nodes {sum(r.nodes for r in own)}"
            )
    return results, wrong


def row(
    layout: str, kind: str, results: list[tuple[str, SolveResult]], wrong: list[str], seeds: int
) -> Row:
    seconds = sorted(result.seconds for _, result in results)
    count = len(seconds)
    return Row(
        layout,
        kind,
        count // seeds,
        seeds,
        statistics.mean(seconds),
        statistics.median(seconds),
        seconds[min(count - 1, int(0.99 * count))],
        seconds[-1],
        len(wrong),
        sum(1 for _, r in results if r.verdict is not Verdict.UNDECIDED),
        sum(r.nodes for _, r in results) / max(sum(seconds), 1e-9),
    )


def report(
    title: str, results: list[tuple[str, SolveResult]], wrong: list[str], seeds: int
) -> None:
    count = len(results)
    seconds = sorted(result.seconds for _, result in results)
    decided = [r for _, r in results if r.verdict is not Verdict.UNDECIDED]

    def within(limit: float) -> str:
        share = sum(1 for r in decided if r.seconds <= limit) / count
        return f"{share:.1%}"

    def quantile(q: float) -> float:
        return seconds[min(count - 1, int(q * count))]

    unsolvable = sum(1 for _, r in results if r.verdict is Verdict.UNSOLVABLE)
    nodes = sum(r.nodes for _, r in results)
    solves = f" x {seeds} seeds = {count} solves" if seeds > 1 else ""
    print(f"== {title}: {count // seeds} positions{solves}")
    print(f"decided within 0.1 s: {within(0.1)}   1 s: {within(1.0)}   10 s: {within(10.0)}")
    print(
        f"seconds: mean {statistics.mean(seconds):.4f}   median {statistics.median(seconds):.4f}"
        f"   p90 {quantile(0.9):.3f}   p99 {quantile(0.99):.3f}   max {seconds[-1]:.3f}"
        f"   total {sum(seconds):.1f}"
    )
    rate = nodes / max(sum(seconds), 1e-9)
    print(f"playouts per second in the search (nodes / seconds): {rate:.0f}")
    undecided = count - len(decided)
    print(f"unsolvable: {unsolvable} ({unsolvable / count:.2%})   undecided: {undecided}")
    print(f"wrong winning sequences: {len(wrong)} {wrong[:10]}")
    slow = sorted((item for item in results if item[1].seconds > 1.0), key=lambda i: -i[1].seconds)
    print(
        f"over 1 s ({len(slow)}): "
        + ", ".join(f"{name} {r.verdict.value} {r.seconds:.2f} s" for name, r in slow[:25])
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=1000, help="positions per part (1000)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per position (10)")
    parser.add_argument("--only", choices=("deals", "midgame"), help="run one part only")
    parser.add_argument("--start", type=int, default=0, help="first deal seed and k (0)")
    parser.add_argument("--layout", default="turtle", help="a layout, or all built-in ones")
    parser.add_argument(
        "--seeds",
        type=int,
        default=1,
        help="solve each position with the solver's seeds 0..N-1 and pool the figures (1)",
    )
    args = parser.parse_args()
    if args.seeds < 1:
        parser.error("--seeds needs at least 1 seed")
    started = time.monotonic()
    names = BUILTIN_NAMES if args.layout == "all" else (args.layout,)
    rows: list[Row] = []
    kernels: list[str] = []
    for name in names:
        layout = find_layout(name)
        if args.only != "midgame":
            positions = deals(layout, args.start, args.limit)
            title = f"(a) {name} deals"
            results = run(title, positions, args.budget, args.seeds)
            rows.append(row(name, "deals", *results, args.seeds))
        if args.only != "deals":
            positions = midgame_positions(layout, args.start, args.limit)
            title = f"(b) {name} mid-game positions"
            results = run(title, positions, args.budget, args.seeds)
            rows.append(row(name, "mid-game", *results, args.seeds))
        rate = kernel_speed([deal(layout, seed) for seed in range(args.start, args.start + 50)])
        kernels.append(f"{name} {rate:.0f}")
        print(f"== {name} playout kernel: {rate:.0f} playouts per second")
    seeds, per = (
        (f", each with seeds 0-{args.seeds - 1}, pooled", "solve")
        if args.seeds > 1
        else ("", "position")
    )
    print(f"\n== summary, --start {args.start}{seeds}: milliseconds per {per}, wall-clock")
    print(Row.header())
    for line in rows:
        print(line.line())
    print("playout kernel, playouts per second: " + ", ".join(kernels))
    print(f"wall time: {time.monotonic() - started:.0f} s; load average {os.getloadavg()[0]:.1f}")


def kernel_speed(positions: list[Position]) -> float:
    """Playouts a second of the playout kernel alone, from each deal with nothing committed."""
    from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
    from lines_tui.engine.mahjong.solver.pairings import Pairings
    from lines_tui.engine.mahjong.solver.playout import Player

    players = []
    for position in positions:
        board = Board(position, lambda: None)
        players.append(Player(board, Pairings(board), [NO_TILE] * len(position.slots)))
    started = time.perf_counter()
    for player in players:
        player.play()
    return len(players) / (time.perf_counter() - started)


if __name__ == "__main__":
    main()

"""Benchmark (not a test): what the Mahjong engine's hot paths cost. Prints numbers.

.venv/bin/python tests/tools/bench_mahjong.py
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import Geometry
from lines_tui.engine.mahjong.layouts import builtin_layouts, find_layout


def per_call(action: Callable[[], object], budget: float = 0.5) -> float:
    """Seconds per call, the best of five rounds of about `budget` / 5 seconds each."""
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            action()
        spent = time.perf_counter() - start
        if spent > budget / 5:
            break
        calls *= 2
    best = spent / calls
    for _ in range(4):
        start = time.perf_counter()
        for _ in range(calls):
            action()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def mid_game_positions(count: int) -> list[tuple[Geometry, int]]:
    """Positions reached by random play on Turtle deals, from the start to the end of games."""
    rng = random.Random(1)
    positions = []
    turtle = find_layout("turtle")
    while len(positions) < count:
        game = MahjongGame.new(turtle, rng.randrange(2**32))
        while not game.over and len(positions) < count:
            positions.append((game.position.geometry, game.present))
            game.remove(*rng.choice(game.available_pairs()))
    return positions


def report(label: str, seconds: float) -> None:
    value, unit = (seconds * 1e3, "ms") if seconds >= 1e-3 else (seconds * 1e6, "us")
    print(f"{label:44} {value:8.2f} {unit}")


def main() -> None:
    turtle = find_layout("turtle")
    geometry = deal(turtle, 1).geometry
    start = time.perf_counter()
    geometry.free_mask(geometry.all_present)
    report("free_mask tables (built once per geometry)", time.perf_counter() - start)
    full = geometry.all_present
    report("free_mask, full Turtle (144 tiles)", per_call(lambda: geometry.free_mask(full)))
    positions = mid_game_positions(2000)
    index = iter(range(10**12))

    def one_mid_game() -> int:
        g, present = positions[next(index) % len(positions)]
        return g.free_mask(present)

    report("free_mask, random positions of Turtle games", per_call(one_mid_game))
    report("is_free, one tile", per_call(lambda: geometry.is_free(0, full)))
    game = MahjongGame.new(turtle, 1)

    def pairs() -> object:
        game._pairs_for = None  # measure the work, not the cache
        return game.available_pairs()

    report("available_pairs, full Turtle", per_call(pairs))
    report("Geometry.of, Turtle", per_call(lambda: Geometry.of(turtle.slots)))
    report("deal, Turtle", per_call(lambda: deal(turtle, 7)))
    report("MahjongGame.new, Turtle", per_call(lambda: MahjongGame.new(turtle, 7)))
    for layout in builtin_layouts():
        free = layout.geometry.free_mask(layout.geometry.all_present).bit_count()
        print(f"  {layout.name:9} {len(layout):4} tiles, {free} free at the start")


if __name__ == "__main__":
    main()

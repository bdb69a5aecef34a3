"""UI benchmark (a script, not a test): the app in a real 80 x 24 pty, as a player over SSH sees it.

    .venv/bin/python tests/tools/bench_ui.py [--moves N] [--runs N] [--first-frame-only]
                                             [--command COMMAND]

Prints: time to first frame (process start until the menu is on screen), beside an empty Textual
app's in the same run, and their ratio ("first frame ratio"; the target is 1.5 at most);
keystroke-to-screen latency of cursor moves (median, p95) in Lines, in Mahjong with the dead-end
check idle, and in Mahjong while the check is busy on a hard position; bytes written per cursor
move.

A move's latency runs from writing the key to the last byte of the screen update it caused (the
update is over when the app stays silent for QUIET seconds); the bytes are those of that update.
Targets: first frame < 1 s, p95 < 50 ms, well under 2 KB per cursor move.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from pty_terminal import Terminal, app_environment, lines_tui_command

QUIET = 0.03  # silence that ends one screen update
RIGHT, LEFT = "\x1b[C", "\x1b[D"


@dataclass
class Sample:
    seconds: float
    bytes: int
    note: str = ""


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def first_frame(command: list[str], runs: int) -> list[float]:
    """Seconds from starting `command` until its screen shows "Mahjong solitaire", per run."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            terminal = Terminal(command, app_environment(Path(home)))
            try:
                terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the first frame")
                times.append(terminal.last_byte_at - terminal.started)
                terminal.send("\x11")
                terminal.wait_for_exit()
            finally:
                terminal.close()
    return times


def cursor_moves(terminal: Terminal, moves: int, note: Callable[[str], str]) -> list[Sample]:
    """Alternate right and left moves, one at a time, each measured from key to settled screen."""
    terminal.read(5.0, quiet=0.5)  # let the app settle: the first paints come in several bursts
    samples = []
    for index in range(moves):
        sent = time.monotonic()
        terminal.send(RIGHT if index % 2 == 0 else LEFT)
        count = terminal.read(1.0, quiet=QUIET)
        samples.append(Sample(terminal.last_byte_at - sent, count, note(terminal.text())))
        time.sleep(0.02)
    return samples


def report(title: str, samples: list[Sample]) -> None:
    if not samples:
        print(f"{title}: no samples")
        return
    latencies = [s.seconds * 1000 for s in samples if s.bytes]
    sizes = [s.bytes for s in samples if s.bytes]
    silent = len(samples) - len(sizes)
    print(
        f"{title}: {len(samples)} moves, latency median {statistics.median(latencies):.1f} ms, "
        f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms; "
        f"bytes per move median {statistics.median(sizes):.0f}, max {max(sizes)}"
        + (f"; {silent} moves drew nothing" if silent else "")
    )


def lines_latency(moves: int) -> list[Sample]:
    with tempfile.TemporaryDirectory() as home:
        command = [*lines_tui_command(), "lines", "--seed", "1"]
        terminal = Terminal(command, app_environment(Path(home)))
        try:
            terminal.wait_for(lambda s: "Score" in s and "Next" in s, "the Lines screen")
            return cursor_moves(terminal, moves, lambda _: "")
        finally:
            terminal.send("\x11")
            terminal.wait_for_exit()
            terminal.close()


def mahjong_latency(
    moves: int, home: Path, command: list[str], ready: Callable[[str], bool], keys: str = ""
) -> list[Sample]:
    terminal = Terminal(command, app_environment(home))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s or ready(s), "the app")
        if keys:
            terminal.send(keys)
        terminal.wait_for(ready, "the Mahjong screen")
        return cursor_moves(terminal, moves, lambda s: "checking" if "checking" in s else "")
    finally:
        terminal.send("\x11")
        terminal.wait_for_exit()
        terminal.close()


def hard_mahjong_game(threshold: float, search_seconds: float) -> tuple[Any, float] | None:
    """A Turtle game, played at random from a few deals, whose position keeps the solver busy
    for at least `threshold` seconds (found by timing the solver itself), or None."""
    import random

    from lines_tui.engine.mahjong.game import MahjongGame
    from lines_tui.engine.mahjong.layouts import find_layout
    from lines_tui.engine.mahjong.solver import solve

    layout = find_layout("turtle")
    deadline = time.monotonic() + search_seconds
    rng = random.Random(1)
    seed = 0
    while time.monotonic() < deadline:
        seed += 1
        game = MahjongGame.new(layout, seed)
        while game.available_pairs() and time.monotonic() < deadline:
            try:
                result = solve(game.current_position(), timeout=threshold)
            except Exception as error:  # a solver bug is reported, and the search goes on
                print(
                    f"note: the solver raised {error!r} on Turtle deal {seed} after "
                    f"{len(game.history)} random moves; trying the next deal"
                )
                break
            if result.seconds >= threshold * 0.9:
                return game, result.seconds
            game.remove(*rng.choice(game.available_pairs()))
    return None


def measure_mahjong(moves: int) -> None:
    try:
        for module in ("lines_tui.engine.mahjong.solver_process", "lines_tui.ui.mahjong"):
            importlib.import_module(module)
    except ImportError as error:
        print(f"Mahjong: not measured ({error})")
        return
    from lines_tui.store import open_store

    def settled(screen: str) -> bool:
        return "Turtle" in screen and "checking" not in screen

    with tempfile.TemporaryDirectory() as home:
        command = [*lines_tui_command(), "mahjong", "--layout", "turtle", "--seed", "1"]
        samples = mahjong_latency(moves, Path(home), command, settled)
        report("Mahjong cursor moves, check idle", samples)
    found = hard_mahjong_game(threshold=5.0, search_seconds=90.0)
    if found is None:
        print("Mahjong, check busy: no position found that keeps the solver busy for 5 s")
        return
    game, seconds = found
    print(f"hard position: the solver alone needs {seconds:.1f} s or more on it")
    with tempfile.TemporaryDirectory() as home:
        open_store(Path(home)).save_game("mahjong", game.to_json())
        samples = mahjong_latency(
            moves, Path(home), lines_tui_command(), lambda s: "checking" in s, keys="R"
        )
        busy = [s for s in samples if s.note == "checking"]
        report(
            f"Mahjong cursor moves, check busy ({len(busy)} of {len(samples)} moves while "
            "'checking' showed)",
            busy,
        )


# An empty Textual app showing the same words: what the machine itself costs right now.
BARE_TEXTUAL_APP = (
    "from textual.app import App\n"
    "from textual.widgets import Static\n"
    "class Bare(App):\n"
    "    def compose(self):\n"
    "        yield Static('Mahjong solitaire')\n"
    "Bare().run(mouse=False)\n"
)


def first_frames(command: list[str], runs: int) -> tuple[float, float]:
    """Median first frames of lines-tui and of an empty Textual app, their starts interleaved so
    that a change in the machine's load hits both alike."""
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(runs):
        ours += first_frame(command, runs=1)
        bare += first_frame([sys.executable, "-c", BARE_TEXTUAL_APP], runs=1)
    for title, times in (
        ("first frame (menu on screen)", ours),
        ("first frame of an empty Textual app, for comparison", bare),
    ):
        print(
            f"{title}: median {statistics.median(times) * 1000:.0f} ms, "
            f"runs {', '.join(f'{t * 1000:.0f}' for t in times)} ms"
        )
    return statistics.median(ours), statistics.median(bare)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100, help="cursor moves per measurement")
    parser.add_argument("--runs", type=int, default=5, help="starts of each app for first frame")
    parser.add_argument(
        "--first-frame-only", action="store_true", help="measure the first frame and stop"
    )
    parser.add_argument(
        "--command",
        help="the command whose first frame is measured, e.g. another checkout's "
        "'python -m lines_tui' (default: this checkout's lines-tui)",
    )
    arguments = parser.parse_args()

    print(
        f"machine load (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}, "
        f"{os.cpu_count()} cores"
    )
    command = arguments.command.split() if arguments.command else lines_tui_command()
    medians = first_frames(command, arguments.runs)
    print(f"first frame ratio (lines-tui / empty Textual app): {medians[0] / medians[1]:.2f}")
    if arguments.first_frame_only:
        return
    moves = arguments.moves
    report("Lines cursor moves", lines_latency(moves))

    measure_mahjong(moves)


if __name__ == "__main__":
    main()

"""Benchmark (not a test): keys per move for a player who uses only the documented keys, no hint.

    .venv/bin/python tests/tools/bench_keys.py [--games 20]

Drives the real app headless (Textual's Pilot, 80 x 24) with the scripted players of
tests/conftest.py: Lines games on 9 x 9 (a greedy player that types cell names), Mahjong deals on
Lantern and Turtle (a winning pairing from the solver, each pair reached by its label and taken
with t). Prints keys per move for each game and over all games. The issue's targets: Lines at most
5 keys a move, Mahjong at most 3 keys a pair.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for conftest
from conftest import MahjongKeyPlayer, make_app, play_lines_by_keys, session_of

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen

SIZE = (80, 24)


async def lines_games(games: int, folder: Path) -> None:
    total_moves = total_keys = 0
    for seed in range(1, games + 1):
        app = make_app(folder / f"lines-{seed}")
        async with app.run_test(size=SIZE) as pilot:
            screen = LinesScreen(session_of(pilot), LinesGame.new(seed))
            await app.push_screen(screen)
            await pilot.pause()
            moves, keys = await play_lines_by_keys(pilot, screen, seed)
        total_moves += moves
        total_keys += keys
        print(f"lines   seed {seed:3}  {moves:4} moves  {keys:5} keys  {keys / moves:.2f} a move")
    print(
        f"lines   all {games} games: {total_moves} moves, {total_keys} keys, "
        f"{total_keys / total_moves:.2f} keys a move (target <= 5)"
    )


async def mahjong_games(layout_name: str, games: int, folder: Path) -> None:
    layout = find_layout(layout_name)
    total_pairs = total_keys = played = 0
    seed = 0
    while played < games:
        seed += 1
        game = MahjongGame.new(layout, seed)
        result = solve(game.position, timeout=30)
        if result.verdict is not Verdict.SOLVABLE:
            print(f"mahjong {layout_name} deal {seed}: {result.verdict.value}, skipped")
            continue
        app = make_app(folder / f"{layout_name}-{seed}")
        async with app.run_test(size=SIZE) as pilot:
            screen = MahjongScreen(session_of(pilot), layout, seed, game=game)
            await app.push_screen(screen)
            await pilot.pause()
            player = MahjongKeyPlayer(pilot, screen, result.moves)
            await player.play()
            assert screen.game.won
        played += 1
        total_pairs += player.pairs
        total_keys += player.keys
        print(
            f"mahjong {layout_name:8} deal {seed:3}  {player.pairs:3} pairs  {player.keys:4} keys"
            f"  {player.keys / player.pairs:.2f} a pair"
        )
    print(
        f"mahjong {layout_name} all {games} deals: {total_pairs} pairs, {total_keys} keys, "
        f"{total_keys / total_pairs:.2f} keys a pair (target <= 3)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", choices=["lines", "mahjong"])
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if options.only != "mahjong":
            await lines_games(options.games, Path(folder))
        if options.only != "lines":
            for layout in ("lantern", "turtle"):
                await mahjong_games(layout, options.games, Path(folder))


if __name__ == "__main__":
    asyncio.run(main())

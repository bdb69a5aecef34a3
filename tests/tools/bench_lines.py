"""Benchmark of the Lines engine (a script, not a test): a bot plays a fixed set of seeded games.

    .venv/bin/python tests/tools/bench_lines.py [--games 300] [--size 9]

The bot makes random legal moves (its own generator, seeded per game), so every run plays the
same games. Prints moves and games per second for playing, and for replaying the records, in
CPU time of this process (steady on a shared machine; wall-clock matches it on an idle one).
"""

from __future__ import annotations

import argparse
import random
import time

from lines_tui.engine.lines import Cell, GameRecord, LinesGame


def bot_move(game: LinesGame, chooser: random.Random) -> tuple[Cell, Cell]:
    """A random ball that can move, to a random cell it can reach."""
    balls = [cell for cell, _ in game.board.balls()]
    chooser.shuffle(balls)
    for ball in balls:
        targets = game.board.reachable(ball)
        if targets:
            return ball, chooser.choice(sorted(targets))
    raise AssertionError("a game that is not over always has a move")


def play(seed: int, size: int) -> LinesGame:
    game = LinesGame.new(seed, size=size)
    chooser = random.Random(seed)
    while not game.over:
        game.play(*bot_move(game, chooser))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games to play (seeds 0..N-1)")
    parser.add_argument("--size", type=int, default=9, help="board size (7..15)")
    args = parser.parse_args()

    started = time.process_time()
    games = [play(seed, args.size) for seed in range(args.games)]
    played = time.process_time() - started
    moves = sum(len(game.moves) for game in games)
    records: list[GameRecord] = [game.record() for game in games]

    started = time.process_time()
    for record in records:
        LinesGame.replay(record)
    replayed = time.process_time() - started

    scores = sorted(game.score for game in games)
    median, mean = scores[len(scores) // 2], sum(scores) / len(scores)
    per_game = moves / args.games
    print(f"{args.games} games on {args.size} x {args.size}, random legal-move bot")
    print(f"  {moves} moves, {per_game:.1f} per game, median score {median}, mean {mean:.0f}")
    print(
        f"  play:   {moves / played:8.0f} moves/s {args.games / played:7.1f} games/s, bot included"
    )
    print(f"  replay: {moves / replayed:8.0f} moves/s {args.games / replayed:7.1f} games/s")


if __name__ == "__main__":
    main()

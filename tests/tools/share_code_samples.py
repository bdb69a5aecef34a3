"""Real games for the share-code tools: Turtle wins (the solver's winning sequences) and Lines
games of the greedy test player that score 2,000 points or more, each as a verified entry."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for conftest
from conftest import FIXED_NOW, played_lines_game, won_mahjong_game

from lines_tui.store import Entry
from lines_tui.store.replay import record_of_lines, record_of_mahjong

WHEN = int(FIXED_NOW)
NAMES = ("Ann", "Bob", "Chiara", "Dmitri", "Eve", "Fatima", "Gus", "Hana", "Ivo", "Jun")


def turtle_wins(count: int) -> list[Entry]:
    wins = []
    for number in range(count):
        game = won_mahjong_game("turtle", number)
        tenths = 1800 + 37 * number  # three minutes and a bit: an honest pace
        record = record_of_mahjong(game)
        wins.append(Entry(NAMES[number % 10], tenths, WHEN + number, number, record))
    return wins


def lines_games(count: int, at_least: int = 2000) -> list[Entry]:
    """`count` games of at least `at_least` points (seeds tried in order)."""
    games: list[Entry] = []
    seed = 0
    while len(games) < count:
        game = played_lines_game(seed)
        if game.score >= at_least:
            record = record_of_lines(game)
            games.append(Entry(NAMES[len(games) % 10], game.score, WHEN + seed, seed, record))
        seed += 1
    return games

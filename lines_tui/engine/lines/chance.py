"""The one seeded source of randomness of a game: where new balls go and which colours they get.

Its draws are `StableRandom`'s, made from `random.Random.random()` alone, so a game record replays
the same everywhere.
"""

from __future__ import annotations

from typing import Any

from lines_tui.engine.lines.board import Board
from lines_tui.engine.lines.geometry import Ball
from lines_tui.engine.lines.rules import COLOURS
from lines_tui.engine.stable_random import StableRandom

MT_STATE_WORDS = 625  # Mersenne Twister: 624 words of state and the position in them


class Chance(StableRandom):
    """The game's draws, and the generator's state to save with the game."""

    def balls(self, board: Board, count: int) -> tuple[Ball, ...]:
        """Up to `count` balls on distinct random empty cells, each a random colour; fewer if the
        board has fewer empty cells."""
        free = board.empty_cells()
        drawn = []
        for _ in range(min(count, len(free))):
            cell = free.pop(self.below(len(free)))
            drawn.append((cell, self.choice(COLOURS)))
        return tuple(drawn)

    def to_json(self) -> list[Any]:
        version, words, gauss = self.state()
        return [version, list(words), gauss]

    @classmethod
    def from_json(cls, data: object) -> Chance:
        """Raises ValueError (one line) if `data` is not a state written by `to_json`."""
        if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
            raise ValueError("the random generator state is not [version, [words], gauss]")
        version, words, gauss = data
        if len(words) != MT_STATE_WORDS or not all(
            type(word) is int and 0 <= word < 2**32 for word in words
        ):
            raise ValueError(
                f"the random generator state needs {MT_STATE_WORDS} unsigned 32-bit words"
            )
        if words[-1] > MT_STATE_WORDS - 1:
            raise ValueError("the random generator state has a position past its words")
        if gauss is not None and type(gauss) is not float:
            raise ValueError("the random generator state has a bad gauss value")
        chance = cls(0)
        try:
            chance.restore((version, tuple(words), gauss))
        except (TypeError, ValueError) as error:
            raise ValueError(f"the random generator state is unusable: {error}") from None
        return chance

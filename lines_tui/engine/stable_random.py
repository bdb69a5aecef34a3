"""Random draws that come out the same on every Python version and platform.

Python's "Notes on Reproducibility" promise one thing for a seed: the sequence of `random()`.
`shuffle`, `choice` and `randrange` are built on other internals that a new version may change,
and with them a deal, or the path of a proof that picks the deal of the day. So every draw that
decides something a friend must see the same way is made from `random()` alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

Item = TypeVar("Item")


class StableRandom:
    """A seeded source of draws built on `random.Random(seed).random()` alone."""

    def __init__(self, seed: int) -> None:
        self._generator = random.Random(seed)

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._generator.random()

    def below(self, bound: int) -> int:
        """A whole number in [0, bound), for a bound from 1 to 2**53 (not checked: it is drawn
        in the solver's inner loops): random() is at most 1 - 2**-53, so the product stays
        below `bound`."""
        return int(self._generator.random() * bound)

    def choice(self, items: Sequence[Item]) -> Item:
        """One of `items` (not empty)."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[Item]) -> None:
        """Fisher-Yates in place, from the last place down, one draw a place."""
        for place in range(len(items) - 1, 0, -1):
            other = self.below(place + 1)
            items[place], items[other] = items[other], items[place]

    def state(self) -> tuple[Any, ...]:
        """Where the sequence stands (`random.Random.getstate`), to go on from it later."""
        return self._generator.getstate()

    def restore(self, state: tuple[Any, ...]) -> None:
        """Go on from `state`; TypeError or ValueError when it is no generator's state."""
        self._generator.setstate(state)

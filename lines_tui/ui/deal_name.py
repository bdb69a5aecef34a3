"""How a game's panel names its deal in its few columns (`DealChoice.name`): "deal 38", or, for a
deal of the day, "today's deal" (its number has 19 digits, which the panel could only show cut:
the message line names it whole) or, resumed on a later day, "deal of 12-02"."""

from __future__ import annotations

from lines_tui.engine.deal_choice import DealChoice
from lines_tui.store.tables import utc_day


def deal_name(choice: DealChoice, seed: int, now: float) -> str:
    """The deal `seed`, chosen as `choice`, named at `now` (epoch seconds)."""
    return choice.name(seed, utc_day(now))

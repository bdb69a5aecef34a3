"""How a game's panel names its deal in its few columns (`DealChoice.name`): "deal 38", or, for a
deal of the day, "today's deal" (its number has 19 digits, which the panel could only show cut:
the message line names it whole) or, resumed on a later day, "deal of 12-02"; and how a question
names the deal a player asked for (`asked_deal`)."""

from __future__ import annotations

from lines_tui.engine.deal_choice import DealChoice
from lines_tui.store.tables import utc_day


def deal_name(choice: DealChoice, seed: int, now: float) -> str:
    """The deal `seed`, chosen as `choice`, named at `now` (epoch seconds)."""
    return choice.name(seed, utc_day(now))


def asked_deal(game: str, seed: int | None, *, solvable: bool = False) -> str:
    """The deal of `game` (a layout's title, "Lines 7 x 7") asked for, named where a question
    says what yes starts: "deal 5 of Pagoda", "a solvable deal of Pagoda from deal 5" (proved
    from there, so maybe not deal 5 itself), "a solvable deal of Pagoda", or "a deal of Pagoda"
    (at random)."""
    if solvable:
        start = "" if seed is None else f" from deal {seed}"
        return f"a solvable deal of {game}{start}"
    if seed is None:
        return f"a deal of {game}"
    return f"deal {seed} of {game}"

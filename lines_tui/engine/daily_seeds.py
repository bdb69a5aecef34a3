"""The seeds of the deals of the day, derived from the date alone (README, "Deals of the day"),
with no solver behind them: a saved game that says it plays a deal of the day is checked against
them when it is read.

A day's candidates are the first 8 bytes of SHA-256("lines-tui daily <table> <date> <n>") for
n = 0, 1, ...: Lines plays candidate 0; Mahjong plays the first of DAILY_CANDIDATES that the
solver proves solvable (`daily`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from lines_tui.engine.deal_choice import DealChoice

DAILY_CANDIDATES = 16


def candidate(table: str, day: str, number: int) -> int:
    """Candidate `number` of the date `day` (YYYY-MM-DD) for the table named `table`
    (`lines-9`, `mahjong-turtle`): a seed of 64 bits."""
    text = f"lines-tui daily {table} {day} {number}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii", "replace")).digest()[:8], "big")


def lines_daily_seed(size: int, day: str) -> int:
    return candidate(f"lines-{size}", day, 0)


def mahjong_daily_candidates(table_name: str, day: str) -> list[int]:
    return [candidate(f"mahjong-{table_name}", day, n) for n in range(DAILY_CANDIDATES)]


def not_the_days_deal(
    choice: DealChoice, seed: int, candidates: Callable[[str], list[int]]
) -> str | None:
    """Why a game of deal `seed` chosen as `choice` cannot be the deal of the day it names (its
    seed is none of that day's `candidates(day)`), or None: a saved game's label edited onto
    another deal would be played, then refuted when its result is filed. The day is a date
    (`DealChoice.from_json` refuses any other), shown as it is."""
    if choice.mode != "daily" or seed in candidates(choice.day):
        return None
    return not_the_deal_of(seed, choice.day)


def not_the_deal_of(seed: int, day: str) -> str:
    """How a deal that is not the deal of the day `day` is refused, wherever it is."""
    return f"deal {seed} is not the deal of {day}"

"""Fresh seeds for new games and deals.

A seed is also the deal number players read out, type in (`--seed`) and see in leaderboards, so
fresh ones are kept to six digits; any larger number still works when given.
"""

from __future__ import annotations

import random

from lines_tui.engine.deal_choice import CHOSEN, RANDOM, DealChoice

FRESH_SEEDS = 1_000_000


def fresh_seed() -> int:
    return random.SystemRandom().randrange(FRESH_SEEDS)


def seed_and_choice(seed: int | None, choice: DealChoice | None) -> tuple[int, DealChoice]:
    """The seed of a new game and the table it plays for: a fresh seed plays for the random
    deals' table, a seed asked for for its own deal's, unless `choice` names the table."""
    if seed is None:
        return fresh_seed(), choice or RANDOM
    return seed, choice or CHOSEN

"""Fresh seeds for new games and deals.

A seed is also the deal number players read out, type in (`--seed`) and see in leaderboards, so
fresh ones are kept to six digits; any larger number still works when given.
"""

from __future__ import annotations

import random

FRESH_SEEDS = 1_000_000


def fresh_seed() -> int:
    return random.SystemRandom().randrange(FRESH_SEEDS)

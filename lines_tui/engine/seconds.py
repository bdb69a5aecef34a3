"""Times as saved games keep them, in seconds, read back from files anyone can edit."""

from __future__ import annotations

import math
from typing import TypeGuard

LATEST_SECONDS = 4_102_444_800
"""2100-01-01 00:00 UTC, as seconds since 1970: no moment a game keeps comes later, and no
span it has been played lasts longer."""


def is_seconds(value: object) -> TypeGuard[int | float]:
    """Whether `value`, read from JSON, is a number of seconds from 0 to `LATEST_SECONDS`: a
    moment since 1970 or a span of play. Not infinity, not NaN, not an integer too large for a
    float (each of those broke the clock's arithmetic, far from where the file was read)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return 0 <= value <= LATEST_SECONDS
    return math.isfinite(value) and 0 <= value <= LATEST_SECONDS

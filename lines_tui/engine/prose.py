"""Small parts of the sentences told to the player, the same on screen and on the command line."""

from __future__ import annotations

from collections.abc import Sequence


def counted(count: int, noun: str) -> str:
    """`count` of `noun` in words: "1 deal", "3 deals" (a noun whose plural takes an s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def listed(parts: Sequence[str]) -> str:
    """`parts` as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"

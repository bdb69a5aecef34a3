"""Numbers read from outside text (a layout file, a table id, a map picked by number) and from
JSON (a saved game, a position, a survey)."""

from __future__ import annotations

from typing import TypeGuard


def is_whole_number(value: object) -> TypeGuard[int]:
    """A JSON integer (JSON's true and false are not numbers, though Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_count(value: object) -> TypeGuard[int]:
    """A JSON integer of 0 or more: an index, a seed, a number of playouts."""
    return is_whole_number(value) and value >= 0


def small_number(text: str, largest: int) -> int | None:
    """The number that `text` (ASCII digits only, leading zeros allowed) names, if it is at most
    `largest`; else None. It never reads more digits than `largest` has: Python refuses to read
    a number of more than 4,300 digits, and a file or a command line may hold one."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(largest)):
        return None
    number = int(digits)
    return number if number <= largest else None

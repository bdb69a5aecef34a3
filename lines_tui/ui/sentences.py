"""Sentences made of words told elsewhere within a line: a reason the store gives ("no share code
found ..."), a key's description, set alone on its own line."""

from __future__ import annotations


def as_sentence(text: str) -> str:
    """`text`, told within a line elsewhere, alone on its line: its first letter a capital, the
    rest as it was (Import's summary, the Players screen's refusals, the help's rows)."""
    return text[:1].upper() + text[1:]

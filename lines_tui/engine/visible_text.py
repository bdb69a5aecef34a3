"""Outside text with every control or invisible formatting character written as a visible
escape (`\\x1b`, `\\u202e`), so that it can never steer a terminal. Pure (no Rich): a layout's
title is made so where it is read, and `lines_tui.outside_text` does it for everything shown."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
"""Categories that draw nothing or steer the terminal or the text's direction: controls (C0, DEL,
C1), format characters (bidi overrides, zero-width joiners), line and paragraph separators,
surrogates, private use and unassigned code points."""


TITLE_CHARS = 40
"""The longest layout title kept (for display); a longer one is cut, ending in "…"."""

ELLIPSIS = "…"


def columns(text: str) -> int:
    """Terminal columns `text` takes: wide/fullwidth characters 2, combining marks 0, others 1."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def spelled_out(text: str) -> str:
    """`text` with each character of `INVISIBLE_CATEGORIES` written as its escape."""
    return "".join(_visible(character) for character in text)


def spelled_prefix(text: str, room: int, width: Callable[[str], int] = len) -> str:
    """The longest start of `spelled_out(text)` at most `room` wide (by `width`: characters, or
    terminal cells), cut between characters of `text`: never inside an escape, which cut
    (`\\x1`) would read as another character."""
    kept: list[str] = []
    used = 0
    for character in text:
        piece = _visible(character)
        used += width(piece)
        if used > room:
            break
        kept.append(piece)
    return "".join(kept)


def shown_text(text: str, limit: int) -> str:
    """`text` spelled out, runs of spaces collapsed, at most `limit` characters: a longer one is
    cut and ends in "…", so whoever reads it sees there was more. (A text cut once is not cut
    again: a saved game keeps its layout's title as it was shown.)"""
    collapsed = re.sub(" +", " ", text).strip()
    shown = spelled_out(collapsed)
    if len(shown) <= limit:
        return shown
    return spelled_prefix(collapsed, limit - 1).rstrip() + ELLIPSIS


def _visible(character: str) -> str:
    if unicodedata.category(character) not in INVISIBLE_CATEGORIES:
        return character
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"

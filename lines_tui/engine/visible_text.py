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

REPEATED_COLUMNS = 160
"""The most terminal columns of outside text a refusal repeats (`repeated`): two rows of the
80-column terminal lines-tui is made for. Generous for what is typed or dropped on the command
line by hand: a path to a layout or position file, dragged into the terminal with all its folders,
or a data folder's, takes well under that, and shows whole; a paste of a screenful shows its first
two rows, then "…", so the reason after it is never buried."""


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


def spelled_within(text: str, room: int, width: Callable[[str], int] = len) -> str:
    """`spelled_out(text)` if it is at most `room` wide (by `width`: characters, or terminal
    cells), else its longest start (`spelled_prefix`) that leaves room for "…", and "…", so that
    whoever reads it sees there was more."""
    shown = spelled_out(text)
    if width(shown) <= room:
        return shown
    return spelled_prefix(text, room - 1, width) + ELLIPSIS


def repeated(text: str) -> str:
    """Outside text (a value, a name, a path) as a refusal repeats it: the one home of the rule,
    asked wherever a refusal quotes what it refuses. Spelled out, kept as given otherwise (its
    spaces too: a space may be what is wrong), and at most `REPEATED_COLUMNS` terminal columns
    (`columns`: a wide character counts as two), a longer one cut, ending in "…". A number
    written in digits is repeated by its own rule (`deal_choice.number_said`), a table id by
    `shown_text` (`tables.ID_SHOWN_CHARS`)."""
    return spelled_within(text, REPEATED_COLUMNS, columns)


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

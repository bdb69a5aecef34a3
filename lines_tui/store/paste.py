"""Finding share codes where people paste them: inside a chat message or an email reply.

Handled (README, "Pasting a code"): "> " and "> > " before each line, prose before and after, a
trailing full stop, backticks, quotes or <> around the code, zero-width spaces, soft hyphens and
a byte-order mark (dropped), non-breaking and other wide spaces (read as spaces), a dash other
than '-' after the LT2 (autocorrect's en dash), line breaks and spaces inside the code, and
several codes in one text. A code's end is where its checksum says: of the letters and digits
that follow the prefix, the longest run of whole 8-character groups whose checksum holds.
"""

from __future__ import annotations

import re

from lines_tui.store.errors import ShareCodeError
from lines_tui.store.sharecode import GROUP, MAX_INPUT_CHARS, unwrap

MAX_PASTE_CHARS = 4 * MAX_INPUT_CHARS
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff]")
_WIDE_SPACES = re.compile("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_QUOTE_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)
_PREFIX = re.compile(r"LT(\d{1,6})\s*[-\u2010-\u2015\u2212]\s*", re.IGNORECASE)
_BODY_CHAR = re.compile(r"[0-9A-Za-z]")
_BODY_SPACE = re.compile(r"[\s-]")


def find_codes(text: str) -> list[str]:
    """Every code in `text`, in order, tidied to `LT<n>-<body>`. A damaged code is returned as
    found, so that reading it says what is wrong; [] if there is nothing like a code."""
    visible = _WIDE_SPACES.sub(" ", _INVISIBLE.sub("", text[:MAX_PASTE_CHARS]))
    cleaned = _QUOTE_MARKS.sub("", visible)
    found: list[str] = []
    position = 0
    while (prefix := _PREFIX.search(cleaned, position)) is not None:
        body, ends = _body(cleaned, prefix.end())
        head = f"LT{prefix.group(1)}-"
        code = _longest_valid(head, body)
        found.append(head + (body if code is None else code))
        position = prefix.end() + 1 if code is None else ends[len(code) - 1] + 1
    return found


def _body(text: str, start: int) -> tuple[str, list[int]]:
    """The letters and digits after a prefix (spaces, line breaks and hyphens skipped) and where
    each one stands in `text`."""
    chars: list[str] = []
    places: list[int] = []
    index = start
    while index < len(text) and len(chars) <= MAX_INPUT_CHARS:
        char = text[index]
        if _BODY_CHAR.fullmatch(char):
            chars.append(char)
            places.append(index)
        elif not _BODY_SPACE.fullmatch(char):
            break
        index += 1
    return "".join(chars), places


def _longest_valid(head: str, body: str) -> str | None:
    for length in range(len(body) - len(body) % GROUP, 0, -GROUP):
        try:
            unwrap(head + body[:length])
        except ShareCodeError:
            continue
        return body[:length]
    return None

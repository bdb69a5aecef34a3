"""Finding share codes where people paste them: inside a chat message or an email reply.

Handled (README, "Pasting a code"): "> " and "> > " before each line, prose before and after, a
trailing full stop, backticks, quotes or <> around the code, zero-width spaces, soft hyphens and
a byte-order mark (dropped), non-breaking and other wide spaces (read as spaces), a dash other
than '-' after the LT2 (autocorrect's en dash), line breaks and spaces inside the code, and
several codes in one text.

A candidate starts at each prefix (LT2-); its body is the letters and digits after it (spaces,
line breaks and hyphens skipped) up to the first other character, the next prefix (lines-tui
never writes an L in a code), a word with small letters after capitals (the message after the
code) or one character more than the longest body a code may have. The
code ends where its checksum says: the longest run of whole 8-character groups whose checksum
holds, before the first letter no code holds (U). One running CRC finds that run, so the work
grows with the text's length, and at most MAX_CANDIDATES prefixes are looked at.

A candidate with no valid code in it is a damaged code, returned in its place, when its body
looks like a code: at least LIKE_A_CODE letters and digits, a digit among them (prose rarely
holds one; a code of that length nearly always does). A shorter or digit-free one ("my LT2-code,
beat it") is prose, returned only when the text holds nothing else, so that a lone code cut
short still gets its reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from itertools import islice

from lines_tui.store.errors import ShareCodeError
from lines_tui.store.sharecode import MAX_BODY, MAX_INPUT_CHARS, checked_lengths, unwrap

MAX_PASTE_CHARS = 4 * MAX_INPUT_CHARS
MAX_CANDIDATES = 64  # prefixes looked at in one paste; far more codes than anyone pastes at once
LIKE_A_CODE = 16  # letters and digits; the shortest code lines-tui writes has 24
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff]")
_WIDE_SPACES = re.compile("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_LINE_BREAKS = re.compile(r"\r\n?")
_QUOTE_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)
_PREFIX = re.compile(r"LT([0-9]{1,6})\s*[-\u2010-\u2015\u2212]\s*", re.IGNORECASE)
# Past the longest body a code may have by one character, so that reading it says "too long".
_BODY = re.compile(rf"(?:[\s-]*[0-9A-Za-z]){{1,{max(MAX_BODY.values()) + 1}}}")
_SEPARATORS = re.compile(r"[\s-]")
_DIGIT = re.compile("[0-9]")
_SMALL_LETTER = re.compile("[a-z]")
_NOT_IN_ANY_CODE = re.compile("[Uu]")  # base32 leaves out U; I, L and O are read as 1, 1 and 0


NO_CODE = "no share code found in the text (a code starts with LT2- or LT1-)"
"""What a text that holds nothing like a code is told, on the command line and in Import."""


def find_codes(text: str) -> list[str]:
    """Every code in `text`, in order, tidied to `LT<n>-<body>`: the valid ones and the damaged
    ones (returned as found, so that reading one says what is wrong); if it holds neither, the
    likeliest candidate (the longest; the first of equals); [] if nothing is like a code."""
    cleaned = _cleaned(text[:MAX_PASTE_CHARS])
    prefixes = _prefixes(cleaned)
    ends = [prefix.start() for prefix in prefixes[1:]] + [len(cleaned)]
    codes: list[str] = []
    prose: list[str] = []
    for prefix, end in zip(prefixes[:MAX_CANDIDATES], ends, strict=False):
        body = _body(cleaned, prefix.end(), end)
        head = f"LT{prefix.group(1)}-"
        code = _longest_valid(int(prefix.group(1)), head, body)
        if code is not None:
            codes.append(head + code)
        elif len(body) >= LIKE_A_CODE and _DIGIT.search(body):
            codes.append(head + body)
        else:
            prose.append(head + body)
    if codes or not prose:
        return codes
    return [max(prose, key=len)]


def repeats(codes: Sequence[str]) -> list[int | None]:
    """For each of `codes` (`find_codes`), the number (from 1) of the first code before it that
    is the same code, or None: one table pasted twice, written alike or not (another case, I
    for 1). A code that cannot be unwrapped is the same as another only letter for letter."""
    firsts: dict[object, int] = {}
    found: list[int | None] = []
    for number, code in enumerate(codes, start=1):
        try:
            key: object = unwrap(code)
        except ShareCodeError:
            key = code.upper()
        first = firsts.setdefault(key, number)
        found.append(None if first == number else first)
    return found


def same_as(number: int) -> str:
    """What a code pasted again is told, in its place among the codes (`repeats`)."""
    return f"the same as code {number}"


def given_again(repeated: Sequence[int | None]) -> str:
    """How many codes of a paste are given more than once, from their `repeats` ("one given
    twice", "two given twice and one given 3 times"), or "" if none is."""
    copies = Counter(first for first in repeated if first is not None)  # after the first
    times = Counter(extra + 1 for extra in copies.values())
    return " and ".join(
        f"{_WORDS.get(count, str(count))} given {'twice' if given == 2 else f'{given} times'}"
        for given, count in sorted(times.items())
    )


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def unread_part(text: str) -> str:
    """What `find_codes` leaves unread of `text` ("" if nothing): it reads the first
    MAX_PASTE_CHARS characters and the first MAX_CANDIDATES codes."""
    if len(text) > MAX_PASTE_CHARS:
        return f"all after its first {MAX_PASTE_CHARS:,} characters"
    if len(_prefixes(_cleaned(text))) > MAX_CANDIDATES:
        return f"every code after the first {MAX_CANDIDATES}"
    return ""


def too_long_to_read(text: str) -> str | None:
    """Why `text` is not read at all, or None: `find_codes` would leave part of it unread
    (`unread_part`), and a code left out without a word would look merged. All or none: the
    command line refuses it, and the Import screen says so in its preview and merges nothing
    (README, "Pasting a code")."""
    unread = unread_part(text)
    if not unread:
        return None
    return f"the text is too long to read whole ({unread} would go unread): pass it in parts"


def _cleaned(text: str) -> str:
    """`text` without invisible characters, wide spaces and quote marks."""
    visible = _WIDE_SPACES.sub(" ", _INVISIBLE.sub("", text))
    # A terminal pastes line breaks as carriage returns (what the Enter key sends), and Windows
    # text has CR LF: the quote marks begin a line however it was broken.
    lines = _LINE_BREAKS.sub("\n", visible)
    return _QUOTE_MARKS.sub("", lines)


def _prefixes(cleaned: str) -> list[re.Match[str]]:
    """The code prefixes in `cleaned` that `find_codes` looks at, and one more if there is one
    (which says that some are left unread)."""
    return list(islice(_PREFIX.finditer(cleaned), MAX_CANDIDATES + 1))


def _body(text: str, start: int, end: int) -> str:
    """The letters and digits from `start` on (spaces, line breaks and hyphens skipped), up to
    the first other character or `end`, or up to a word with a small letter after a first word
    without one: lines-tui writes codes in capitals, so such a word ("... and good luck") is the
    message, not the code. A damaged code, whose checksum cannot say where it ends, would take
    it in, and be read as damaged in another way."""
    run = _BODY.match(text, start, end)
    if run is None:
        return ""
    words = run.group().split()
    if not _SMALL_LETTER.search(words[0]):
        written = next((n for n, word in enumerate(words) if _SMALL_LETTER.search(word)), None)
        words = words[:written]
    return _SEPARATORS.sub("", "".join(words))


def _longest_valid(format_number: int, head: str, body: str) -> str | None:
    """The longest start of `body` that makes a valid code after `head`, if any."""
    if format_number not in MAX_BODY:
        return None
    readable = _NOT_IN_ANY_CODE.split(body, maxsplit=1)[0][: MAX_BODY[format_number]]
    for length in reversed(checked_lengths(format_number, readable)):
        try:
            unwrap(head + body[:length])
        except ShareCodeError:
            continue
        return body[:length]
    return None

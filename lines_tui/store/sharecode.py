"""Share codes: a leaderboard table as one line of text that survives chat, email and retyping.

    LT1-<body>

`LT1-` says "lines-tui, share-code format 1" (matched ignoring case). The body is Crockford base32
(digits and the letters A-Z without I, L, O, U): read ignoring case, with I and L read as 1 and O
as 0, and it has no punctuation, so a double-click selects the whole code. Whitespace, line
breaks and hyphens anywhere are ignored. The body decodes to bytes: `packed table || CRC-32`.

The packed table is one big number in mixed radix (each field stored in exactly the range it can
take, like digits of a number whose every digit has its own base), so no bit is wasted:
table kind, board size or layout name, entry count 1-10, then per entry: the name (a back
reference to an earlier name in the code, or its length, a mode and its characters: 95 values per
character for printable ASCII; 96 for mostly ASCII, the 96th followed by a code point; or whole
code points, whichever is shortest), the value and the seed (bit length, then the bits),
and the date (seconds since 2000-01-01 UTC). A full table of ten different 24-character names of
printable ASCII, with 64-bit seeds, stays under 600 characters (596 at worst) as long as Lines
points stay below 2**20 or Mahjong times below an hour (layout names up to 10 characters); realistic
tables take 200-520. Deflate (zlib) and then base32 took 630-790 for the same tables: random names
do not compress, and deflate's framing costs more than it saves. Names outside ASCII cost more
(ten names with one accented letter each: about 560; ten 12-character CJK names: about 690).

What is caught, and how:
- The body is padded so that its length is a multiple of 8 characters (5 bytes): one missing or
  one extra character always breaks that.
- CRC-32 (the zlib one, stored little-endian after the bytes it covers) catches every error
  confined to 32 consecutive bits; a character is 5 bits, so any changed character and any two
  swapped characters up to 6 places apart are always caught. Anything else slips through with a
  chance of 1 in 4 billion, and must then still parse as a valid table. From format 2 on the
  CRC starts from the prefix's own, so a code read under another format number fails it too.
- Decoding is strict: every field range-checked; the input bounded before decoding
  (MAX_INPUT_CHARS, MAX_BODY_CHARS) and the table by construction after it (at most 10 entries
  of at most 24 characters); the code must be the one the encoder would write for that table
  (canonical form). No pickle, eval or general-purpose parser is involved.
- A structurally sound entry that breaks a rule (a name with an escape sequence or markup, a
  value out of range) is reported as rejected with its reason; the others can still be merged.
Any other failure raises ShareCodeError with one reason.
"""

from __future__ import annotations

import base64
import math
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from lines_tui.engine.deal_choice import LAST_DEAL
from lines_tui.engine.visible_text import spelled_out
from lines_tui.store.errors import ShareCodeError
from lines_tui.store.names import MAX_NAME_CHARS
from lines_tui.store.tables import (
    END_DATE,
    FIRST_DATE,
    KINDS,
    LAYOUT_CHARS,
    LAYOUT_NAME,
    LINES_SIZES,
    MAX_LAYOUT_CHARS,
    TABLE_LIMIT,
    Entry,
    TableId,
    entry_problem,
)

FORMAT = 1
PREFIX = f"LT{FORMAT}-"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
MAX_INPUT_CHARS = 8192
MAX_BODY_CHARS = 1600  # a table of ten 24-character names outside ASCII needs about 1230
MAX_BODY = {1: MAX_BODY_CHARS, 2: 6400}  # format 2: ten long Lines games with their moves
GROUP = 8  # characters per 5 bytes

_TO_CROCKFORD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", ALPHABET)
_FROM_CROCKFORD = str.maketrans(ALPHABET + "ILO", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" + "BBA")
_VERSION_PREFIX = re.compile(r"LT(\d{1,6})-", re.IGNORECASE)
DATES = END_DATE - FIRST_DATE
_UNICODE = 0x110000
_ASCII = 95  # printable ASCII, space to tilde
# How a name's characters are packed: printable ASCII only (95 values each); mostly ASCII (96
# values, the 96th announcing a code point); or code points throughout.
_ASCII_ONLY, _MOSTLY_ASCII, _CODE_POINTS = 0, 1, 2
_NAME_MODES = (_ASCII_ONLY, _MOSTLY_ASCII, _CODE_POINTS)


@dataclass(frozen=True)
class SharedTable:
    """A decoded code: the table, its entries in code order, and each entry's problem (or None)."""

    table: TableId
    entries: tuple[Entry, ...]
    problems: tuple[str | None, ...]


def encode(table: TableId, entries: Sequence[Entry]) -> str:
    """The share code of `entries` (1 to 10, in the order given) of `table`.

    Entries are not checked against the rules (the store only holds valid ones); a field outside
    what the format can carry at all raises ValueError.
    """
    if not 1 <= len(entries) <= TABLE_LIMIT:
        raise ValueError(f"a share code holds 1 to {TABLE_LIMIT} entries, not {len(entries)}")
    return wrap(FORMAT, _pack(table, entries))


def decode(text: str) -> SharedTable:
    """Read a format-1 share code; ShareCodeError with one reason if it is not a valid one."""
    version, data = unwrap(text)
    if version != 1:
        raise ShareCodeError(f"this is a format-{version} code, not {PREFIX}")
    table, entries = _unpack(int.from_bytes(data[:-4], "big"))
    if frame(FORMAT, _pack(table, entries)) != data:
        raise ShareCodeError("not a valid share code (not in the form lines-tui writes)")
    return SharedTable(table, entries, tuple(entry_problem(table, e) for e in entries))


def unwrap(text: str) -> tuple[int, bytes]:
    """The format number and the checked bytes (checksum included) of a code of any format
    this lines-tui reads; ShareCodeError with one reason for anything else."""
    if not isinstance(text, str):
        raise ShareCodeError("a share code is text")
    if len(text) > MAX_INPUT_CHARS:
        raise ShareCodeError(f"too long for a share code ({len(text)} characters)")
    compact = "".join(text.split())
    if not compact:
        raise ShareCodeError("the share code is empty")
    version = _VERSION_PREFIX.match(compact)
    if version is None:
        raise ShareCodeError("not a lines-tui share code (those start with LT2- or LT1-)")
    number = int(version.group(1))
    if number not in MAX_BODY:
        raise ShareCodeError(
            f"share code format {version.group(1)} is unknown here (this lines-tui reads LT1- "
            "and LT2-)"
        )
    body = compact[version.end() :].replace("-", "")
    if len(body) > MAX_BODY[number]:
        # Not its length: a paste's code is read only that far (`paste.find_codes`).
        raise ShareCodeError(
            f"too long for a share code (over {MAX_BODY[number]:,} characters after LT{number}-)"
        )
    for char in body:
        if not (char.isascii() and (char.upper() in ALPHABET or char.upper() in "ILO")):
            raise ShareCodeError(f"'{spelled_out(char)}' is not a share-code character")
    if not body:
        raise ShareCodeError(f"the share code is cut short: nothing follows LT{number}-")
    if len(body) % GROUP:
        # A review's codes cut short in a paste read as a character mistyped.
        raise ShareCodeError(
            "the share code is damaged: a character is missing or extra, or it was cut short"
        )
    data = base64.b32decode(body.upper().translate(_FROM_CROCKFORD))
    if _checksum(number, data[:-4]) != data[-4:]:
        raise ShareCodeError(
            "the share code is damaged: a character was changed or moved, or a part is missing"
        )
    return number, data


def wrap(format_number: int, number: int) -> str:
    """The code of that format: its prefix, then the base32 of `number` and its checksum.
    ValueError if it would be longer than a code of that format may be (`unwrap` would refuse
    it)."""
    body = base64.b32encode(frame(format_number, number)).decode("ascii")
    if len(body) > MAX_BODY[format_number]:
        raise ValueError(
            f"too long for a share code ({len(body)} characters, at most "
            f"{MAX_BODY[format_number]}): share fewer entries"
        )
    return f"LT{format_number}-" + body.translate(_TO_CROCKFORD)


def frame(format_number: int, number: int) -> bytes:
    """The bytes a code of that format carries for `number`: the number, then its checksum."""
    size = (number.bit_length() + 7) // 8
    size += -(size + 4) % 5
    payload = number.to_bytes(size, "big")
    return payload + _checksum(format_number, payload)


def checked_lengths(format_number: int, body: str) -> list[int]:
    """Where a code of that format could end in `body` (share-code characters only, no more
    than the format's MAX_BODY): the lengths of its starts that are whole groups and whose
    checksum holds, shortest first. One running CRC over the decoded bytes, so the work grows
    with the body's length, however many lengths are tried (README, "Pasting a code")."""
    whole = len(body) - len(body) % GROUP
    data = base64.b32decode(body[:whole].upper().translate(_FROM_CROCKFORD))
    crc = _checksum_start(format_number)
    covered = 0
    lengths = []
    for end in range(5, len(data) + 1, 5):
        crc = zlib.crc32(data[covered : end - 4], crc)
        covered = end - 4
        if crc.to_bytes(4, "little") == data[covered:end]:
            lengths.append(end // 5 * GROUP)
    return lengths


def _checksum(format_number: int, payload: bytes) -> bytes:
    """CRC-32 of the payload, started from `_checksum_start`."""
    return zlib.crc32(payload, _checksum_start(format_number)).to_bytes(4, "little")


def _checksum_start(format_number: int) -> int:
    """From format 2 on the CRC starts from the CRC of the code's prefix, so a code whose format
    digit was mistyped (LT1- read as LT2-) fails the check instead of being read as another
    table; format 1 keeps its plain CRC, since its codes are already shared."""
    return 0 if format_number == 1 else zlib.crc32(f"LT{format_number}-".encode("ascii"))


class Packer:
    def __init__(self) -> None:
        self._fields: list[tuple[int, int]] = []

    def put(self, value: int, radix: int) -> None:
        if not 0 <= value < radix:
            raise ValueError(f"{value} does not fit a share code field of {radix} values")
        self._fields.append((value, radix))

    def put_uint(self, value: int, max_value: int) -> None:
        length = value.bit_length()
        self.put(length, max_value.bit_length() + 1)
        if length > 1:
            self.put(value - (1 << (length - 1)), 1 << (length - 1))

    def number(self) -> int:
        number = 0
        for value, radix in reversed(self._fields):
            number = number * radix + value
        return number


class Unpacker:
    def __init__(self, number: int) -> None:
        self._number = number

    def take(self, radix: int) -> int:
        self._number, value = divmod(self._number, radix)
        return value

    def take_uint(self, max_value: int) -> int:
        length = self.take(max_value.bit_length() + 1)
        if length <= 1:
            return length
        return (1 << (length - 1)) + self.take(1 << (length - 1))

    @property
    def exhausted(self) -> bool:
        return self._number == 0


def _pack(table: TableId, entries: Sequence[Entry]) -> int:
    packer = Packer()
    pack_layout_or_size(packer, table)
    packer.put(len(entries) - 1, TABLE_LIMIT)
    names: list[str] = []
    for entry in entries:
        pack_entry_head(packer, table, entry, names)
        packer.put_uint(entry.seed, LAST_DEAL)
    return packer.number()


def pack_entry_head(packer: Packer, table: TableId, entry: Entry, names: list[str]) -> None:
    """An entry's name (a back reference into `names` if it came before), value and date."""
    reference = names.index(entry.name) + 1 if entry.name in names else 0
    packer.put(reference, len(names) + 1)
    if not reference:
        names.append(entry.name)
        pack_name(packer, entry.name)
    packer.put_uint(entry.value, table.max_value)
    packer.put(entry.date - FIRST_DATE, DATES)


def unpack_entry_head(unpacker: Unpacker, table: TableId, names: list[str]) -> Entry:
    """The entry `pack_entry_head` wrote, with seed 0 (the caller reads the seed)."""
    reference = unpacker.take(len(names) + 1)
    if reference:
        name = names[reference - 1]
    else:
        name = unpack_name(unpacker)
        names.append(name)
    value = unpacker.take_uint(table.max_value)
    date = FIRST_DATE + unpacker.take(DATES)
    return Entry(name, value, date, 0)


def pack_layout_or_size(packer: Packer, table: TableId) -> None:
    """The game kind and the board size or layout table name (read by unpack_layout_or_size)."""
    packer.put(KINDS.index(table.kind), len(KINDS))
    if table.kind == "lines":
        packer.put(int(table.variant) - LINES_SIZES[0], len(LINES_SIZES))
    else:
        packer.put(len(table.variant) - 1, MAX_LAYOUT_CHARS)
        for char in table.variant:
            packer.put(LAYOUT_CHARS.index(char), len(LAYOUT_CHARS))


def pack_name(packer: Packer, name: str) -> None:
    packer.put(len(name) - 1, MAX_NAME_CHARS)
    mode = _name_mode(name)
    packer.put(mode, len(_NAME_MODES))
    for char in name:
        if mode == _CODE_POINTS:
            packer.put(ord(char), _UNICODE)
        elif mode == _ASCII_ONLY:
            packer.put(ord(char) - ord(" "), _ASCII)
        elif " " <= char <= "~":
            packer.put(ord(char) - ord(" "), _ASCII + 1)
        else:
            packer.put(_ASCII, _ASCII + 1)
            packer.put(ord(char), _UNICODE)


def _name_mode(name: str) -> int:
    """The mode that packs `name` in the fewest bits (the lower one on a tie)."""
    others = sum(1 for char in name if not " " <= char <= "~")
    bits = {
        _ASCII_ONLY: math.inf if others else len(name) * math.log2(_ASCII),
        _MOSTLY_ASCII: len(name) * math.log2(_ASCII + 1) + others * math.log2(_UNICODE),
        _CODE_POINTS: len(name) * math.log2(_UNICODE),
    }
    return min(_NAME_MODES, key=lambda mode: (bits[mode], mode))


def _unpack(number: int) -> tuple[TableId, tuple[Entry, ...]]:
    unpacker = Unpacker(number)
    table = unpack_layout_or_size(unpacker)
    count = unpacker.take(TABLE_LIMIT) + 1
    names: list[str] = []
    entries = []
    for _ in range(count):
        head = unpack_entry_head(unpacker, table, names)
        entries.append(replace(head, seed=unpacker.take_uint(LAST_DEAL)))
    if not unpacker.exhausted:
        raise ShareCodeError("not a valid share code (data after the last entry)")
    return table, tuple(entries)


def unpack_layout_or_size(unpacker: Unpacker) -> TableId:
    kind = KINDS[unpacker.take(len(KINDS))]
    if kind == "lines":
        return TableId.lines(LINES_SIZES[0] + unpacker.take(len(LINES_SIZES)))
    length = unpacker.take(MAX_LAYOUT_CHARS) + 1
    layout = "".join(LAYOUT_CHARS[unpacker.take(len(LAYOUT_CHARS))] for _ in range(length))
    if not LAYOUT_NAME.fullmatch(layout):
        raise ShareCodeError(f"not a valid share code (no layout can be named '{layout}')")
    return TableId.mahjong(layout)


def unpack_name(unpacker: Unpacker) -> str:
    length = unpacker.take(MAX_NAME_CHARS) + 1
    mode = unpacker.take(len(_NAME_MODES))
    chars = []
    for _ in range(length):
        if mode == _CODE_POINTS:
            chars.append(chr(unpacker.take(_UNICODE)))
        elif mode == _ASCII_ONLY:
            chars.append(chr(ord(" ") + unpacker.take(_ASCII)))
        else:
            value = unpacker.take(_ASCII + 1)
            chars.append(chr(unpacker.take(_UNICODE)) if value == _ASCII else chr(ord(" ") + value))
    return "".join(chars)

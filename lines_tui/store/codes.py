"""Share codes, format 2: a table whose entries carry their games, checked by replay on import.

    LT2-<body>

The framing is format 1's (lines_tui.store.sharecode: Crockford base32, length a multiple of 8
characters, CRC-32); the body is one number in mixed radix:

    kind, board size or layout table name, mode (random / daily + the date / deal + its number),
    entry count 1-10, then per entry: name, value, date (as format 1), the seed (not for a deal
    table: it is the table's), and the record: none, or a number of its own (bit length + bits)

A record's number holds, in mixed radix: Lines: rules version, move count, then every move as its
number among the legal moves at that moment (lines_tui.engine.lines.choices); Mahjong: dealer
version, pair count, then every pair as its place among the free pairs at that moment (the
engine's `available_pairs` order). A move costs log2(choices) bits, nothing more; and a code
cannot even name an illegal move. Decoding a record is replaying it, so every entry is replayed
as it is read (bounded by MAX_LINES_MOVES moves and the checker's time budget) and its claim
checked (lines_tui.store.verify). Entries without a record, as all of format 1's, are checked in
all that needs no record (the date, the deal, the time) and come through as "unverified";
refuted, invalid or unchecked ones are merged nowhere (a merge reports them "rejected").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from lines_tui.engine.deal_choice import LAST_DEAL
from lines_tui.engine.lines import RULES_VERSION
from lines_tui.engine.mahjong.deal import DEALERS
from lines_tui.engine.mahjong.layouts import layout_for_table
from lines_tui.store import sharecode
from lines_tui.store.errors import ShareCodeError
from lines_tui.store.records import MAX_LINES_MOVES, LinesRecord, MahjongRecord
from lines_tui.store.replay import LinesReplay, MahjongReplay, Refuted, no_deadline
from lines_tui.store.sharecode import (
    Packer,
    Unpacker,
    pack_entry_head,
    pack_layout_or_size,
    unpack_entry_head,
    unpack_layout_or_size,
    unwrap,
    wrap,
)
from lines_tui.store.tables import (
    FIRST_DATE,
    MODES,
    SECONDS_A_DAY,
    TABLE_LIMIT,
    Entry,
    TableId,
    TableIdError,
    day_start,
    entry_problem,
    utc_day,
)
from lines_tui.store.verify import (
    CheckedTable,
    Checker,
    FindLayout,
    Verdict,
    check_unrecorded,
    judge,
)

FORMAT = 2
PREFIX = f"LT{FORMAT}-"
MAX_RECORD_BITS = 32_000
DAYS = 36_525  # 2000-01-01 .. 2099-12-31
RULES_VERSIONS = 16  # room in the code for later rules versions


@dataclass(frozen=True)
class CheckedCode(CheckedTable):
    """A decoded code, each entry with its verdict and whether it may be merged (problem None)."""

    format: int
    problems: tuple[str | None, ...]


def encode(
    table: TableId,
    entries: Sequence[Entry],
    find_layout: FindLayout = layout_for_table,
) -> str:
    """The format-2 code of `entries` (1 to 10) of `table`; records are coded by replaying them,
    so a Mahjong table needs its layout. ValueError for what the format cannot carry."""
    if not 1 <= len(entries) <= TABLE_LIMIT:
        raise ValueError(f"a share code holds 1 to {TABLE_LIMIT} entries, not {len(entries)}")
    records = [
        None if entry.record is None else _record_number(table, entry, find_layout)
        for entry in entries
    ]
    return wrap(FORMAT, _pack(table, entries, records))


def challenge(
    table: TableId,
    entry: Entry,
    find_layout: FindLayout = layout_for_table,
) -> str:
    """A challenge code of one result: its code in the table of its deal (a random deal becomes
    `+deal-<seed>`; a deal of the day or a chosen deal stays where it is: `TableId.deal_table`).
    `find_layout` as for `encode`. Whether the result may set a challenge is the caller's to ask
    first (`sharing.challenge_problem`)."""
    return encode(table.deal_table(entry.seed), [entry], find_layout)


def read(text: str, checker: Checker) -> CheckedCode:
    """Read a code of either format and check every entry; ShareCodeError (one reason) if the
    code is malformed. An entry without a record (all of format 1's) is "unverified" if what
    needs no record holds (`verify.check_unrecorded`)."""
    version, data = unwrap(text)
    if version == 1:
        shared = sharecode.decode(text)
        table, heads = shared.table, shared.entries
        records: tuple[int | None, ...] = tuple(None for _ in heads)
    else:
        table, heads, records = _unpack(int.from_bytes(data[:-4], "big"))
        if sharecode.frame(FORMAT, _pack(table, heads, records)) != data:
            raise ShareCodeError("not a valid share code (not in the form lines-tui writes)")
    checked = [
        _check(table, head, record, checker) for head, record in zip(heads, records, strict=True)
    ]
    entries = tuple(entry for entry, _ in checked)
    verdicts = tuple(verdict for _, verdict in checked)
    problems = tuple(
        None if verdict.status in ("verified", "unverified") else verdict.reason
        for verdict in verdicts
    )
    return CheckedCode(table, entries, verdicts, format=version, problems=problems)


# -- the table -------------------------------------------------------------------------------------


def _pack(table: TableId, entries: Sequence[Entry], records: Sequence[int | None]) -> int:
    packer = Packer()
    pack_layout_or_size(packer, table)
    packer.put(MODES.index(table.mode), len(MODES))
    if table.mode == "daily":
        packer.put((_day_number(table.tag)), DAYS)
    elif table.mode == "deal":
        packer.put_uint(int(table.tag), LAST_DEAL)
    packer.put(len(entries) - 1, TABLE_LIMIT)
    names: list[str] = []
    for entry, record in zip(entries, records, strict=True):
        pack_entry_head(packer, table, entry, names)
        if table.mode != "deal":
            packer.put_uint(entry.seed, LAST_DEAL)
        packer.put(record is not None, 2)
        if record is not None:
            packer.put_uint(record, (1 << MAX_RECORD_BITS) - 1)
    return packer.number()


def _unpack(number: int) -> tuple[TableId, tuple[Entry, ...], tuple[int | None, ...]]:
    unpacker = Unpacker(number)
    try:
        base = unpack_layout_or_size(unpacker)
        mode = MODES[unpacker.take(len(MODES))]
        table = base
        if mode == "daily":
            table = base.daily(utc_day(FIRST_DATE + unpacker.take(DAYS) * SECONDS_A_DAY))
        elif mode == "deal":
            table = base.for_deal(unpacker.take_uint(LAST_DEAL))
    except TableIdError as error:
        raise ShareCodeError(f"not a valid share code ({error})") from None
    count = unpacker.take(TABLE_LIMIT) + 1
    names: list[str] = []
    entries, records = [], []
    for _ in range(count):
        head = unpack_entry_head(unpacker, table, names)
        seed = table.deal_seed if table.deal_seed is not None else unpacker.take_uint(LAST_DEAL)
        entries.append(replace(head, seed=seed))
        records.append(unpacker.take_uint((1 << MAX_RECORD_BITS) - 1) if unpacker.take(2) else None)
    if not unpacker.exhausted:
        raise ShareCodeError("not a valid share code (data after the last entry)")
    return table, tuple(entries), tuple(records)


def _day_number(day: str) -> int:
    return (day_start(day) - FIRST_DATE) // SECONDS_A_DAY


# -- records -------------------------------------------------------------------------------------


def _record_number(table: TableId, entry: Entry, find_layout: FindLayout) -> int:
    packer = Packer()
    record = entry.record
    if isinstance(record, LinesRecord):
        lines = LinesReplay(int(table.variant), entry.seed, no_deadline)
        packer.put(record.rules - 1, RULES_VERSIONS)
        packer.put_uint(len(record.moves), MAX_LINES_MOVES)
        for move in record.moves:
            packer.put(lines.number_of(move), lines.choice_count())
            lines.play(move)
    elif isinstance(record, MahjongRecord):
        layout = find_layout(table.variant)
        if layout is None:
            raise ValueError(f"layout {table.variant} is not installed here")
        mahjong = MahjongReplay(layout, entry.seed, record.dealer, no_deadline)
        packer.put(record.dealer - 1, len(DEALERS))
        packer.put(len(record.pairs), len(layout.slots) // 2 + 1)
        for pair in record.pairs:
            packer.put(mahjong.number_of(pair), mahjong.choice_count())
            mahjong.play(pair)
    number = packer.number()
    if number.bit_length() > MAX_RECORD_BITS:
        raise ValueError("the game record is too long for a share code")
    return number


def _check(
    table: TableId, head: Entry, record: int | None, checker: Checker
) -> tuple[Entry, Verdict]:
    """The entry with its record decoded by replaying it, and the verdict on it: "invalid"
    (without replaying) if it breaks a rule of every table, such as a name with an escape."""
    problem = entry_problem(table, head)
    if problem is not None:
        return head, Verdict("invalid", problem)
    if record is None:
        return head, check_unrecorded(table, head, checker)
    decoded: list[LinesRecord | MahjongRecord] = []

    def replay() -> LinesReplay | MahjongReplay:
        found = _replay_number(table, head, Unpacker(record), checker)
        decoded.append(found.record)
        return found

    verdict = judge(table, head, replay, checker)
    if verdict.status == "verified":
        return replace(head, record=decoded[0]), verdict
    return head, verdict


def _replay_number(
    table: TableId, head: Entry, unpacker: Unpacker, checker: Checker
) -> LinesReplay | MahjongReplay:
    replay: LinesReplay | MahjongReplay
    if table.kind == "lines":
        rules = unpacker.take(RULES_VERSIONS) + 1
        if rules != RULES_VERSION:
            raise Refuted(f"rules version {rules} is not played here")
        count = unpacker.take_uint(MAX_LINES_MOVES)
        replay = LinesReplay(int(table.variant), head.seed, checker.deadline)
    else:
        layout = checker.layout(table)
        dealer = unpacker.take(len(DEALERS)) + 1
        count = unpacker.take(len(layout.slots) // 2 + 1)
        replay = MahjongReplay(layout, head.seed, dealer, checker.deadline)
    for move in range(1, count + 1):
        choices = replay.choice_count()
        if choices == 0:
            raise Refuted(f"move {move} comes after the game ended")
        replay.play_number(unpacker.take(choices))
    if not unpacker.exhausted:
        raise Refuted("the record has data after its last move")
    return replay

"""Leaderboard tables: which tables exist, what an entry holds, how entries rank and merge.

A table id names one leaderboard: `lines-<size>` (board sizes 7..15, points, highest first) or
`mahjong-<layout>` (random deals of that layout, time, fastest first). Mahjong has a single deal
mode, "random"; should another ever come, its tables would be `mahjong-<layout>+<mode>` with a new
share-code version.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from lines_tui.store.names import name_problem, safe_text

TABLE_LIMIT = 10
LINES_SIZES = range(7, 16)
LAYOUT_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789._-"
MAX_LAYOUT_CHARS = 32
LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")

MAX_POINTS = 999_999_999
MAX_TENTHS = 100 * 3600 * 10 - 1  # Mahjong times are kept to the tenth of a second shown
MAX_SEED = 2**64 - 1
# Dates are whole seconds, UTC, within this century: far enough for any clock, and small to share.
FIRST_DATE = int(dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc).timestamp())
END_DATE = int(dt.datetime(2100, 1, 1, tzinfo=dt.timezone.utc).timestamp())

Kind = Literal["lines", "mahjong"]


class TableIdError(ValueError):
    """Not the id of any table; the message says why in one line."""


@dataclass(frozen=True)
class TableId:
    kind: Kind
    variant: str  # the board size ("9") or the layout name ("turtle")

    @classmethod
    def lines(cls, size: int) -> TableId:
        if size not in LINES_SIZES:
            raise TableIdError(f"Lines boards are {LINES_SIZES[0]} to {LINES_SIZES[-1]} cells wide")
        return cls("lines", str(size))

    @classmethod
    def mahjong(cls, layout: str) -> TableId:
        if not LAYOUT_NAME.fullmatch(layout):
            raise TableIdError(
                f"a layout's table needs a name of 1 to {MAX_LAYOUT_CHARS} characters a-z, 0-9, "
                f"'.', '_' or '-', starting with a letter or digit, not '{safe_text(layout)}'"
            )
        return cls("mahjong", layout)

    @classmethod
    def parse(cls, text: str) -> TableId:
        """`lines-9` or `mahjong-turtle`, in any case."""
        kind, dash, variant = text.strip().lower().partition("-")
        if dash and kind == "lines" and variant.isdigit() and variant.isascii():
            return cls.lines(int(variant))
        if dash and kind == "mahjong":
            return cls.mahjong(variant)
        raise TableIdError(
            f"no table '{safe_text(text)}': tables are lines-<size> (e.g. lines-9) "
            "or mahjong-<layout> (e.g. mahjong-turtle)"
        )

    def __str__(self) -> str:
        return f"{self.kind}-{self.variant}"

    @property
    def title(self) -> str:
        if self.kind == "lines":
            return f"Lines {self.variant} x {self.variant}"
        # The layout's own title, as the picker and the game show it ("Lantern").
        return self.variant.replace("_", " ").replace("-", " ").title()

    @property
    def unit(self) -> str:
        return "points" if self.kind == "lines" else "tenths"

    @property
    def max_value(self) -> int:
        return MAX_POINTS if self.kind == "lines" else MAX_TENTHS

    def sort_key(self) -> tuple[int, int, str]:
        if self.kind == "lines":
            return (0, int(self.variant), "")
        return (1, 0, self.variant)


@dataclass(frozen=True)
class Entry:
    """One result: points (Lines) or tenths of a second (Mahjong), the UTC date, the seed."""

    name: str
    value: int
    date: int
    seed: int


def entry_problem(table: TableId, entry: Entry) -> str | None:
    """Why `entry` cannot stand in `table`, or None."""
    problem = name_problem(entry.name)
    if problem is not None:
        return problem
    if not 1 <= entry.value <= table.max_value:
        return f"{table.unit} must be 1 to {table.max_value}, not {entry.value}"
    if not FIRST_DATE <= entry.date < END_DATE:
        return "the date is not within 2000-2099"
    if not 0 <= entry.seed <= MAX_SEED:
        return f"a seed is 0 to 2**64 - 1, not {entry.seed}"
    return None


def rank_key(table: TableId, entry: Entry) -> tuple[int, int, str, int]:
    # Equal results: whoever got there first ranks first; name and seed only make the order total.
    value = -entry.value if table.kind == "lines" else entry.value
    return (value, entry.date, entry.name, entry.seed)


def ranked(table: TableId, entries: Iterable[Entry]) -> list[Entry]:
    return sorted(set(entries), key=lambda entry: rank_key(table, entry))


EntryStatus = Literal["added", "already there", "not good enough", "rejected"]


@dataclass(frozen=True)
class EntryResult:
    entry: Entry
    status: EntryStatus
    reason: str = ""  # why a rejected entry was rejected
    rank: int | None = None  # 1-based place in the merged table, for added and already there


@dataclass(frozen=True)
class Merge:
    table: TableId
    results: tuple[EntryResult, ...]
    entries: tuple[Entry, ...]  # the merged table, best first, at most `limit` long
    dropped: tuple[Entry, ...]  # local entries pushed out of the table by better ones

    def count(self, status: EntryStatus) -> int:
        return sum(1 for result in self.results if result.status == status)

    def summary(self) -> str:
        """E.g. "3 added, 1 already there" (statuses that occur, in a fixed order)."""
        statuses: tuple[EntryStatus, ...] = (
            "added",
            "already there",
            "not good enough",
            "rejected",
        )
        return ", ".join(f"{self.count(s)} {s}" for s in statuses if self.count(s))


def merge(
    table: TableId,
    local: Sequence[Entry],
    incoming: Sequence[Entry],
    problems: Sequence[str | None],
    limit: int = TABLE_LIMIT,
) -> Merge:
    """Merge `incoming` (each with its problem, None if valid) into `local`; keep the best `limit`.

    An identical entry (same name, value, date and seed) is never doubled.
    """
    known = set(local)
    candidates = [e for e, problem in zip(incoming, problems, strict=True) if problem is None]
    kept = ranked(table, [*local, *candidates])[:limit]
    place = {entry: rank for rank, entry in enumerate(kept, start=1)}
    results = []
    for entry, problem in zip(incoming, problems, strict=True):
        if problem is not None:
            results.append(EntryResult(entry, "rejected", reason=problem))
        elif entry in known:
            results.append(EntryResult(entry, "already there", rank=place.get(entry)))
        elif entry in place:
            known.add(entry)
            results.append(EntryResult(entry, "added", rank=place[entry]))
        else:
            results.append(EntryResult(entry, "not good enough"))
    dropped = tuple(entry for entry in ranked(table, local) if entry not in place)
    return Merge(table, tuple(results), tuple(kept), dropped)


def format_value(table: TableId, value: int) -> str:
    """Points as a number; a Mahjong time as m:ss.t (or h:mm:ss.t past an hour)."""
    if table.kind == "lines":
        return str(value)
    hours, rest = divmod(value, 36000)
    minutes, rest = divmod(rest, 600)
    seconds, tenth = divmod(rest, 10)
    if hours:
        return f"{hours}:{minutes:02}:{seconds:02}.{tenth}"
    return f"{minutes}:{seconds:02}.{tenth}"


def format_date(date: int) -> str:
    """The date in the viewer's local time, to the minute."""
    return dt.datetime.fromtimestamp(date).strftime("%Y-%m-%d %H:%M")

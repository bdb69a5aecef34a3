"""Leaderboard tables: which tables exist, what an entry holds, how entries rank and merge.

A table id names one leaderboard (README, "Which table a game feeds"): `lines-<size>` (board sizes
7..15, points, highest first) or `mahjong-<layout>` (time, fastest first) for random deals, and
with a mode after a `+` for the other kinds of deal: `+daily-<YYYY-MM-DD>` (the deal of the day of
that UTC date) or `+deal-<number>` (one deal chosen by number or received as a challenge). A
layout is named by its table name (`layout_table_name` in the engine): a built-in layout's name,
any other layout's name plus a short hash of its tile places.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from lines_tui.engine.deal_choice import (
    DAY_RULE,
    DEAL_RANGE,
    LAST_DEAL,
    is_day,
    is_deal_number,
    number_said,
)
from lines_tui.engine.numbers import small_number
from lines_tui.engine.visible_text import shown_text
from lines_tui.store.errors import StoreError
from lines_tui.store.names import name_key, name_problem
from lines_tui.store.records import GameRecord, LinesRecord, MahjongRecord, record_problem

TABLE_LIMIT = 10
LINES_SIZES = range(7, 16)
LINES_WIDTHS = f"Lines boards are {LINES_SIZES[0]} to {LINES_SIZES[-1]} cells wide"
"""Why a Lines table's size is refused."""
LINES_SIZE = 9
"""The board size of a Lines game when no other is chosen: the engine's DEFAULT_SIZE, said again
here for the settings and the menu, which load no engine (README, "First frame")."""
LAYOUT_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789._-"
MAX_LAYOUT_CHARS = 32
LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")
ID_SHOWN_CHARS = len("mahjong-") + MAX_LAYOUT_CHARS + len("+daily-YYYY-MM-DD")
"""The most of a refused table id (or of its layout, day or deal number) a refusal repeats, cut
with "…" (`shown_text`): any text of a table id's length shows whole, the longest id being a
layout's deal of the day. A refusal repeated 5,000 characters pasted as an id."""

MAX_POINTS = 999_999_999
SECONDS_A_DAY = 24 * 3600
MAX_TENTHS = 100 * 3600 * 10 - 1  # Mahjong times are kept to the tenth of a second shown
# Dates are whole seconds, UTC, within this century: far enough for any clock, and small to share.
FIRST_DATE = int(dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc).timestamp())
END_DATE = int(dt.datetime(2100, 1, 1, tzinfo=dt.timezone.utc).timestamp())

Kind = Literal["lines", "mahjong"]
KINDS: tuple[Kind, ...] = get_args(Kind)
"""The kinds of game, in a fixed order (a share code keeps a table's kind as its place here)."""
Mode = Literal["random", "daily", "deal"]
MODES: tuple[Mode, ...] = ("random", "daily", "deal")


def tenths(seconds: float) -> int:
    """A Mahjong time as an entry keeps it: in tenths of a second, the unit the clock shows, cut
    to the tenth below as a clock's time is. Rounded, a win at 39.96 s was 0:40.0 while the
    game's clock, in whole seconds (`format_clock`), still showed 0:39. The float error of a
    time right on a tenth is rounded away first: a difference of two clock readings of today's
    size is off by up to about 2e-7 s (a win 0.1 s in is 0.09999990463 s), and 39.9 * 10 is
    398.99999999999994."""
    return math.floor(round(seconds * 10, 4))


class TableIdError(ValueError):
    """Not the id of any table; the message says why in one line."""


@dataclass(frozen=True)
class TableId:
    kind: Kind
    variant: str  # the board size ("9") or the layout's table name ("turtle")
    mode: Mode = "random"
    tag: str = ""  # the UTC date of a daily table ("2026-12-01"), the deal number of a deal table

    @classmethod
    def lines(cls, size: int) -> TableId:
        if size not in LINES_SIZES:
            raise TableIdError(LINES_WIDTHS)
        return cls("lines", str(size))

    @classmethod
    def mahjong(cls, layout: str) -> TableId:
        if not LAYOUT_NAME.fullmatch(layout):
            shown = shown_text(layout, ID_SHOWN_CHARS)
            raise TableIdError(
                f"a layout's table needs a name of 1 to {MAX_LAYOUT_CHARS} characters a-z, 0-9, "
                f"'.', '_' or '-', starting with a letter or digit, not '{shown}'"
            )
        return cls("mahjong", layout)

    def daily(self, day: str) -> TableId:
        """The table of this layout's or board size's deal of the day `day` (YYYY-MM-DD, UTC)."""
        if not is_day(day):
            raise TableIdError(f"'{shown_text(day, ID_SHOWN_CHARS)}' is not {DAY_RULE}")
        return TableId(self.kind, self.variant, "daily", day)

    def for_deal(self, seed: int) -> TableId:
        """The table of one deal (seed) of this layout or board size."""
        if not is_deal_number(seed):
            raise TableIdError(f"a deal number is {DEAL_RANGE}, not {seed}")
        return TableId(self.kind, self.variant, "deal", str(seed))

    def for_game(self, mode: str, seed: int, day: str) -> TableId:
        """The table a game on this layout or board size plays for: its random-deal table, the
        table of the deal of the day `day`, or the table of deal `seed`."""
        if mode == "daily":
            return self.daily(day)
        if mode == "deal":
            return self.for_deal(seed)
        return self

    def entry_date(self, when: float) -> int:
        """The date an entry of this table gets for a result at `when`: that moment, except that
        a deal of the day finished after its day (begun before UTC midnight, or resumed later)
        is dated its day's last second, the date its table holds (README, "Which table a game
        feeds")."""
        date = math.floor(when)
        day = self._day_seconds()
        if day is None:
            return date
        first, last = day
        return min(max(date, first), last)

    def dates_the_moment(self, date: int) -> bool:
        """Whether an entry of this table dated `date` ended that very second: not a result of
        a deal of the day dated its day's first or last second (`entry_date`), which every game
        of the deal finished outside its day shares."""
        day = self._day_seconds()
        if day is None:
            return True
        first, last = day
        return first < date < last

    def _day_seconds(self) -> tuple[int, int] | None:
        """The first and last second of a deal of the day's day (UTC); None for other tables."""
        if self.mode != "daily":
            return None
        start = day_start(self.tag)
        return start, start + SECONDS_A_DAY - 1

    @property
    def base(self) -> TableId:
        """The random-deal table of the same layout or board size."""
        return TableId(self.kind, self.variant)

    def deal_table(self, seed: int) -> TableId:
        """The table of the deal a result of deal `seed` here was played on, the one its
        challenge races in: this table, if it is one deal's (a deal of the day, a chosen deal);
        for a random-deal table, that deal's table (`for_deal`)."""
        return self if self.mode != "random" else self.for_deal(seed)

    def counting_with(self, seed: int) -> tuple[TableId, ...]:
        """The tables that count a result of deal `seed` of this table as one result: a deal's
        table and its layout's or board size's random-deal table (a deal's table reads that
        table's results of its deal), this table first. A deal of the day's table stands alone."""
        if self.deal_seed is not None:
            return (self, self.base)
        if self.mode == "random":
            return (self, self.for_deal(seed))
        return (self,)

    @property
    def deal_seed(self) -> int | None:
        """The deal every entry of a deal table was played on."""
        return int(self.tag) if self.mode == "deal" else None

    def one_deal(self, entries: Sequence[Entry]) -> int | None:
        """The deal every entry of this table of one deal plays: a chosen deal's own, or the
        seed of most entries of a deal of the day's (they all play it, but for an entry of a
        file edited by hand, which then shows its own seed); None for a table of random deals."""
        if self.deal_seed is not None:
            return self.deal_seed
        if self.mode != "daily" or not entries:
            return None
        seeds = [entry.seed for entry in entries]
        return max(seeds, key=seeds.count)  # the first of the most, as max keeps the first

    @classmethod
    def parse(cls, text: str) -> TableId:
        """`lines-9`, `mahjong-turtle`, `lines-9+daily-2026-12-01`, `mahjong-turtle+deal-42`, in
        any case."""
        base_text, plus, mode_text = text.strip().lower().partition("+")
        kind, dash, variant = base_text.partition("-")
        shown = shown_text(text, ID_SHOWN_CHARS)
        if dash and kind == "lines" and variant.isdigit() and variant.isascii():
            size = small_number(variant, LINES_SIZES[-1])  # None past the largest
            if size is None or size not in LINES_SIZES:
                # Named, as every other refusal of a table names it (a player's test).
                raise TableIdError(f"no table '{shown}': {LINES_WIDTHS}")
            base = cls.lines(size)
        elif dash and kind == "mahjong":
            base = cls.mahjong(variant)
        else:
            raise TableIdError(
                f"no table '{shown}': tables are lines-<size> (e.g. lines-9) "
                "or mahjong-<layout> (e.g. mahjong-turtle)"
            )
        if not plus:
            return base
        mode, _, tag = mode_text.partition("-")
        if mode == "daily":
            return base.daily(tag)
        if mode == "deal" and tag.isdigit() and tag.isascii():
            seed = small_number(tag, LAST_DEAL)
            if seed is None:
                raise TableIdError(f"a deal number is {DEAL_RANGE}, not {number_said(tag)}")
            return base.for_deal(seed)
        raise TableIdError(f"no table '{shown}': after '+' comes daily-YYYY-MM-DD or deal-<number>")

    def __str__(self) -> str:
        mode = "" if self.mode == "random" else f"+{self.mode}-{self.tag}"
        return f"{self.kind}-{self.variant}{mode}"

    @property
    def title(self) -> str:
        if self.kind == "lines":
            name = f"Lines {self.variant} x {self.variant}"
        else:
            # The layout's own title, as the picker and the game show it ("Lantern"); loaded
            # only here, as the layouts are not needed to open the store.
            from lines_tui.engine.mahjong.layouts.identity import table_title

            name = table_title(self.variant)
        return self.titled(name)

    def titled(self, name: str) -> str:
        """The table's title with `name` for its game (a layout's title read from its file:
        "Duo, deal 7")."""
        if self.mode == "daily":
            return f"{name}, deal of {self.tag}"
        if self.mode == "deal":
            return f"{name}, deal {self.tag}"
        return name

    @property
    def higher_wins(self) -> bool:
        """Whether a higher value is the better result (points), or a lower one (a time)."""
        return self.kind == "lines"

    @property
    def order(self) -> str:
        """How the table ranks its entries, as a heading says it."""
        return "highest first" if self.higher_wins else "fastest first"

    @property
    def value_name(self) -> str:
        """What an entry's value is, as a column's heading names it (lower case)."""
        return "points" if self.kind == "lines" else "time"

    @property
    def unit(self) -> str:
        return "points" if self.kind == "lines" else "tenths"

    @property
    def max_value(self) -> int:
        return MAX_POINTS if self.kind == "lines" else MAX_TENTHS

    def sort_key(self) -> tuple[int, int, str, int, int, str]:
        size = int(self.variant) if self.kind == "lines" else 0
        variant = "" if self.kind == "lines" else self.variant
        tag_number = int(self.tag) if self.mode == "deal" else 0
        mode = MODES.index(self.mode)
        return (KINDS.index(self.kind), size, variant, mode, tag_number, self.tag)


def parse_table(table: str | TableId) -> TableId:
    """The table `table` names; StoreError, its message one line for the player, if none."""
    if isinstance(table, TableId):
        return table
    try:
        return TableId.parse(table)
    except TableIdError as error:
        raise StoreError(str(error)) from None


def day_start(day: str) -> int:
    """The first second (UTC) of the date `day` (YYYY-MM-DD)."""
    date = dt.date.fromisoformat(day)
    return int(dt.datetime(date.year, date.month, date.day, tzinfo=dt.timezone.utc).timestamp())


def utc_day(when: float) -> str:
    """The UTC date (YYYY-MM-DD) of the moment `when` (seconds since the epoch)."""
    return dt.datetime.fromtimestamp(when, dt.timezone.utc).date().isoformat()


@dataclass(frozen=True)
class Entry:
    """One result: points (Lines) or tenths of a second (Mahjong), the UTC date, the seed, and the
    game's record (None: an entry from before records, or imported without one: "unverified")."""

    name: str
    value: int
    date: int
    seed: int
    record: GameRecord | None = None

    @property
    def recorded(self) -> bool:
        """The entry carries its game (own games, and imports whose replay confirmed them). Only
        a replay says whether the game holds up (`verify.verify`): a data file may be edited."""
        return self.record is not None

    @property
    def result(self) -> tuple[str, int, int, int]:
        """What makes two entries the same result, with or without its record: a table holds one
        entry per result (the verified copy, when there is one). Names are the same player's
        whatever their case, so "Alice" and "alice" of one game are one result."""
        return (name_key(self.name), self.value, self.date, self.seed)

    @property
    def held_as(self) -> tuple[tuple[str, int, int, int], GameRecord | None]:
        """What makes an incoming entry one a table holds already, "already there" in a merge
        (`merge`), whatever its name: the same result (`result`) with the same record, or with
        none on both."""
        return (self.result, self.record)

    @property
    def moment(self) -> tuple[str, int, int]:
        """Who ended a game of which deal when: one game, since no player ends two games of a
        deal in the same second (a Lines game takes longer, a Mahjong deal dozens of pairs at a
        tenth of a second each at least), where the date is that second
        (`TableId.dates_the_moment`). So an entry without its record claims a result for the
        game of its moment (`merge`); one dated another second claims another game, which
        nothing tells from a real one without its record."""
        return (name_key(self.name), self.date, self.seed)

    @property
    def game(self) -> tuple[object, ...] | None:
        """What makes two entries one game, filed twice (two copies of lines-tui resumed one
        saved game and both filed it: `Store.record_lines`, `Store.record_mahjong`; a code
        that brings a game here already: `merge`): the same deal played with the same moves.
        A Lines game's moves decide every ball that comes, so no two players' games of a deal
        are the same move for move but by copying (an entry copied under another name, a
        replay typed in again): the same deal and moves, whoever's, whenever, to whatever
        score (its moves decide it; another is a score edited). A Mahjong time is filed under
        the name typed at each copy's prompt, with the moment it was won, which a saved won
        game keeps: the same moment's, whoever's, whatever time it claims (a replay proves the
        moves, never the clock, so another time is the same game's time edited); the hint's
        line is the same moves for every player who follows it, so the moment counts. None
        without a record: such an entry cannot be told from another game's with the same
        result."""
        if self.record is None:
            return None
        if isinstance(self.record, LinesRecord):
            return (self.seed, self.record)
        return (self.date, self.seed, self.record)


def entry_problem(table: TableId, entry: Entry) -> str | None:
    """Why `entry` cannot stand in `table`, or None."""
    problem = name_problem(entry.name)
    if problem is not None:
        return problem
    if not 1 <= entry.value <= table.max_value:
        value = number_said(str(entry.value), "a number")  # a file may hold 4,000 digits
        return f"{table.unit} must be 1 to {table.max_value}, not {value}"
    if not FIRST_DATE <= entry.date < END_DATE:
        return "the date is not within 2000-2099"
    if not is_deal_number(entry.seed):
        return f"a seed is {DEAL_RANGE}, not {number_said(str(entry.seed))}"
    if table.deal_seed is not None and entry.seed != table.deal_seed:
        return f"{table} holds deal {table.deal_seed} only, not deal {entry.seed}"
    if table.mode == "daily" and utc_day(entry.date) != table.tag:
        return f"a result of the deal of {table.tag} is dated {utc_day(entry.date)}"
    expected = LinesRecord if table.kind == "lines" else MahjongRecord
    if entry.record is not None and not isinstance(entry.record, expected):
        return f"the record is not one of a {table.kind} game"
    return None if entry.record is None else record_problem(entry.record)


def dealer_problem(table: TableId, record: GameRecord | None) -> str | None:
    """Why a game of `record` is no result of `table`'s deal, or None. A deal's table (a deal
    chosen by number or received as a challenge, a deal of the day) is that deal as the current
    dealer deals it, the board every friend racing on it is dealt; a game an older dealer dealt
    (a Mahjong game saved before dealer 2, finished since) was played on another board of the
    same number (README, "Every entry carries its game"). A random deal's table takes it:
    replayed on its own dealer's deal, it holds up there. A record of no dealer (a Lines game)
    or no record (unverified anyway) says nothing here."""
    if table.mode == "random" or not isinstance(record, MahjongRecord):
        return None
    # Imported here: the dealers live with the layouts, which opening the store does not need.
    from lines_tui.engine.mahjong.deal import DEALER_VERSION

    if record.dealer == DEALER_VERSION:
        return None
    deal = f"the deal of {table.tag}" if table.mode == "daily" else f"deal {table.tag}"
    return (
        f"dealt by dealer {record.dealer}, an older shuffle: another board than {deal} as dealt now"
    )


def rank_key(table: TableId, entry: Entry) -> tuple[bool, int, int, str, int, str]:
    # Every verified entry ranks before every unverified one (README, "Leaderboards"): a result
    # without its game cannot be checked, so it never takes a checked result's place. Then the
    # best value; equal results: whoever got there first; name, seed and record only make the
    # order total.
    value = -entry.value if table.higher_wins else entry.value
    return (not entry.recorded, value, entry.date, entry.name, entry.seed, repr(entry.record))


def ranked(table: TableId, entries: Iterable[Entry]) -> list[Entry]:
    """`entries` best first, one entry per result: of two copies of a result, the one with its
    game record is kept."""
    best: dict[tuple[str, int, int, int], Entry] = {}
    for entry in sorted(entries, key=lambda entry: rank_key(table, entry)):
        best.setdefault(entry.result, entry)
    return list(best.values())


def numbered_from_one(count: int) -> str:
    """The entries a table or a code holds, as a refusal of another number names them: "entries
    1 to 4", "only entry 1" (it said "entries 1 to 1")."""
    return "only entry 1" if count == 1 else f"entries 1 to {count}"


def numbered_entry(table: TableId, entries: Sequence[Entry], number: int) -> Entry:
    """Entry `number` of `entries`, the entries of `table` best first (1 is the best);
    StoreError if there is none of that number."""
    if not entries:
        raise StoreError(f"{table} has no entries yet")
    if not 1 <= number <= len(entries):
        raise StoreError(f"{table} has {numbered_from_one(len(entries))}, not {number}")
    return entries[number - 1]


EntryStatus = Literal["added", "already there", "not good enough", "rejected"]


@dataclass(frozen=True)
class EntryResult:
    entry: Entry
    status: EntryStatus
    reason: str = ""  # why a rejected entry was rejected
    rank: int | None = None  # 1-based place in the merged table, for added and already there
    refuted: bool = False
    """The entry's verdict was "refuted" (`verify`: its replay contradicts its claim): rejected
    whatever else, as one rejected for another reason (a conflict with an entry there, or a
    verdict "invalid" or "unchecked") need not be."""


@dataclass(frozen=True)
class Merge:
    table: TableId
    results: tuple[EntryResult, ...]
    entries: tuple[Entry, ...]  # the merged table, best first, at most `limit` long
    dropped: tuple[Entry, ...]  # local entries pushed out of the table by better ones

    def count(self, status: EntryStatus) -> int:
        return sum(1 for result in self.results if result.status == status)

    def any_in_table(self) -> bool:
        """Whether any incoming entry is in the table after the merge (added, or already
        there); if none is, the merge changes nothing and keeps nothing of the code."""
        return bool(self.count("added") + self.count("already there"))

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
    counted: Mapping[TableId, Sequence[Entry]] | None = None,
) -> Merge:
    """Merge `incoming` (each with its problem, None if valid) into `local`; keep the best `limit`.

    A result already there (same name in any case, value, date and seed) is never doubled: a
    copy with its game record replaces one without (reported as added), the other way round it
    is already there, and so is the same entry with its name in another case (kept as it is
    spelt there); a copy with another game record is rejected, saying so, and the game there
    stays. A game already there (`Entry.game`: the same moves on the same deal, under any name;
    a Mahjong win at the same moment too) is never taken twice either: a copy that claims
    another result for it (a time, a name or a date edited) is rejected, saying so, and the one
    there stays. Nor is an entry without its record taken that claims another result for a
    game held with its record (`Entry.moment`: the same player, deal and second): a result of
    an older code, or a forged one, is rejected, saying so. (Held first, such an entry stays
    beside the game that comes later.) Of copies new here, the first of the incoming stays.
    `counted`: the entries of other tables that count this table's results as theirs too (a
    random deal's result counts on its deal's table: `TableId.counting_with`), held there
    already as well, though never merged here. Verified entries rank before unverified ones
    (`rank_key`), so an unverified entry never pushes a verified one out.
    """
    there = {entry.held_as for entry in local}
    held = _Held(table, local, counted or {})
    refused = list(problems)
    candidates = []
    for number, entry in enumerate(incoming):
        if refused[number] is not None or entry.held_as in there:
            continue
        refused[number] = held.clash(entry)
        if refused[number] is None:
            candidates.append(entry)
            held.take(entry)
    kept = ranked(table, [*local, *candidates])[:limit]
    outcomes = _outcomes(local, incoming, refused, kept)
    holders = {entry.result for entry in kept}
    dropped = tuple(entry for entry in ranked(table, local) if entry.result not in holders)
    return Merge(table, outcomes, tuple(kept), dropped)


class _Held:
    """The games and the results with their records that a table holds (`local`), or the tables
    that count its results (`counted`) hold: the first of each stays."""

    def __init__(
        self, table: TableId, local: Sequence[Entry], counted: Mapping[TableId, Sequence[Entry]]
    ) -> None:
        self._table = table
        kept = set(local)
        self._elsewhere = {
            entry: where
            for where, entries in counted.items()
            for entry in entries
            if entry not in kept
        }
        self._games: dict[object, Entry] = {}
        self._results: dict[tuple[str, int, int, int], Entry] = {}
        self._moments: dict[tuple[str, int, int], Entry] = {}
        """The entries with their records by `Entry.moment`."""
        for entry in [*local, *self._elsewhere]:
            self.take(entry)

    def take(self, entry: Entry) -> None:
        """Note `entry` as the one held of its game and, with its record, of its result, unless
        one is held already."""
        if entry.game is not None:
            self._games.setdefault(entry.game, entry)
        if entry.recorded:
            self._results.setdefault(entry.result, entry)
            self._moments.setdefault(entry.moment, entry)

    def clash(self, entry: Entry) -> str | None:
        """Why `entry` cannot be held beside what is: its game held with another result, or its
        result with another game, or, when it carries no game, the game its player ended on its
        deal that very second is held with another result; None when it can."""
        game = self._games.get(entry.game) if entry.game is not None else None
        if game is not None and game.result != entry.result:
            return same_game_problem(self._table, entry, game, self._elsewhere.get(game))
        result = self._results.get(entry.result) if entry.recorded else None
        if result is not None and result.record != entry.record:
            return same_result_problem(self._table, self._elsewhere.get(result))
        dated = not entry.recorded and self._table.dates_the_moment(entry.date)
        moment = self._moments.get(entry.moment) if dated else None
        if moment is not None and moment.value != entry.value:
            return same_moment_problem(self._table, moment, self._elsewhere.get(moment))
        return None


def _outcomes(
    local: Sequence[Entry],
    incoming: Sequence[Entry],
    refused: Sequence[str | None],
    kept: Sequence[Entry],
) -> tuple[EntryResult, ...]:
    """What became of each of `incoming` (its problem in `refused`, None if none) once the
    table keeps `kept`: each result is reported added once, then already there."""
    holders = {entry.result: entry for entry in kept}
    place = {entry: rank for rank, entry in enumerate(kept, start=1)}
    reported = {entry.result: entry for entry in local}
    outcomes = []
    for entry, problem in zip(incoming, refused, strict=True):
        holder = holders.get(entry.result)
        if problem is not None:
            outcomes.append(EntryResult(entry, "rejected", reason=problem))
        elif holder == entry and reported.get(entry.result) != entry:
            reported[entry.result] = entry
            outcomes.append(EntryResult(entry, "added", rank=place[entry]))
        elif entry.result in reported or holder is not None:
            rank = None if holder is None else place[holder]
            outcomes.append(EntryResult(entry, "already there", rank=rank))
        else:
            outcomes.append(EntryResult(entry, "not good enough"))
    return tuple(outcomes)


def same_game_problem(
    table: TableId, entry: Entry, held: Entry, where: TableId | None = None
) -> str:
    """Why `entry` is not merged: `held`, there already (in `table`, or in the table `where`
    that counts `table`'s results too), is the same game (`Entry.game`) with another result.
    One line, naming what differs and the result kept."""
    mahjong = table.kind == "mahjong"
    same = "deal, moves and moment won" if mahjong else "deal and moves"
    differs = []
    if entry.value != held.value:
        differs.append(_value_said(table, held.value))
    if name_key(entry.name) != name_key(held.name):
        differs.append("another name")
    if entry.date != held.date:
        differs.append(f"the date {format_date(held.date)}")
    return (
        f"this game (same {same}) is here already{_held_in(where)}, "
        f"with {' and '.join(differs)}: that one stays"
    )


def same_moment_problem(table: TableId, held: Entry, where: TableId | None = None) -> str:
    """Why an entry without its game record is not merged: `held`, there already (in `table`,
    or in the table `where` that counts `table`'s results too), is the game its player ended on
    its deal that very second (`Entry.moment`), verified by its record, with another result."""
    ended = "won" if table.kind == "mahjong" else "ended"
    second = format_date(held.date, to_the_second=True)
    return (
        f"this player's game of this deal {ended} at {second} is here already{_held_in(where)}, "
        f"with its record and {_value_said(table, held.value)}: that one stays"
    )


def _value_said(table: TableId, value: int) -> str:
    """A result's value as a reason names it: "the points 300", "the time 2:24.0"."""
    return f"{'the time' if table.kind == 'mahjong' else 'the points'} {format_value(table, value)}"


def same_result_problem(table: TableId, where: TableId | None = None) -> str:
    """Why an entry is not merged: an entry of its result (`Entry.result`), there already (in
    `table`, or in the table `where` that counts `table`'s results too), carries another game.
    A replay proves a game, not that it is the one its result was filed with: the one filed
    first stays."""
    return (
        f"this result (same player, deal, {table.value_name} and date) is here already"
        f"{_held_in(where)}, with another game: that one stays"
    )


def _held_in(where: TableId | None) -> str:
    """Where a result held already is, when not in the table merged into."""
    return "" if where is None else f", in {where}"


def format_value(table: TableId, value: int) -> str:
    """Points as a number; a Mahjong time as m:ss.t (or h:mm:ss.t past an hour)."""
    if table.kind == "lines":
        return str(value)
    seconds, tenth = divmod(value, 10)
    return f"{format_clock(seconds)}.{tenth}"


def race_margin(table: TableId, value: int, to_beat: int) -> int:
    """How far the result `value` is ahead of `to_beat` in `table`, in the table's units
    (points, tenths of a second): above 0 when it beats it, 0 for a tie, below 0 when behind."""
    return value - to_beat if table.higher_wins else to_beat - value


def format_margin(table: TableId, margin: int) -> str:
    """A difference of two results of `table` (`race_margin`, either sign): "120 points",
    "1 point", or a time as the table's times read ("0:08.9": "8.9 s" was cut between the
    number and its unit where a line wrapped)."""
    margin = abs(margin)
    if table.kind == "lines":
        return f"{margin} point" + ("" if margin == 1 else "s")
    return format_value(table, margin)


def format_clock(seconds: float) -> str:
    """A time in whole seconds as m:ss, or h:mm:ss past an hour (none below 0:00): a game's
    clock, and a Mahjong time before its tenth."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def format_date(date: int, to_the_second: bool = False) -> str:
    """The date in the viewer's local time, to the minute (or `to_the_second`)."""
    shown = "%Y-%m-%d %H:%M:%S" if to_the_second else "%Y-%m-%d %H:%M"
    return dt.datetime.fromtimestamp(date).strftime(shown)

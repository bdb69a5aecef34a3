"""The store: players, leaderboard tables and saved games of one user, kept in one data folder.

The folder is --data-dir, else $LINES_TUI_HOME, else the platform's user data folder
(platformdirs: ~/.local/share/lines-tui on Linux). It holds scores.json (players and tables),
saved-lines.json and saved-mahjong.json (games in progress), settings.json (the player's settings)
and lines-tui.lock. Nothing is cached:
every call reads the file under the lock (shared by readers), and every change is read-modify-write
under it (exclusive; a change refused or changing nothing on a first read under the shared lock
stops there, see `ScoreFile.update`), so any number of copies of the game, and any number of
threads of one, can share a folder. What happens when a file or the folder is not as expected
is in files.py, data_files.py and the README ("What happens when the folder is not as
expected"). Times come in as arguments; the store never reads a clock.

`Store` is the one object the app and the commands hold; the files are its parts' (data_files.py:
any data file read and parsed; score_file.py: scores.json; game_files.py: the games in progress),
and the codes of a checked table are sharing.py's.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from lines_tui.engine.visible_text import repeated, spelled_out
from lines_tui.store.data_files import DataFiles, SetAside
from lines_tui.store.errors import NotRegistered, ShareCodeError, StoreError
from lines_tui.store.files import LOCK_WAIT_SECONDS, DataFolder, FileSystem, one_lock_wait
from lines_tui.store.game_files import GameFile
from lines_tui.store.names import (
    GUEST_NAME,
    InvalidName,
    PlayerKeys,
    clean_name,
    looks_alike,
    name_problem,
    new_name_problem,
    same_name,
    taken_problem,
)
from lines_tui.store.records import LinesRecord, MahjongRecord
from lines_tui.store.schema import Preferences, ScoreData, dump_preferences, load_preferences
from lines_tui.store.score_file import (
    SCORES_FILE,
    ScoreFile,
    Stamp,
    TableEntries,
    counted_with,
    table_entries,
    tables_with_entries,
)
from lines_tui.store.sharing import challenge_code, share_code
from lines_tui.store.tables import (
    KINDS,
    TABLE_LIMIT,
    Entry,
    Merge,
    TableId,
    TableIdError,
    dealer_problem,
    entry_problem,
    format_value,
    merge,
    parse_table,
    ranked,
    tenths,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's from Python 3.11

    from lines_tui.store.codes import CheckedCode
    from lines_tui.store.schema import PreferenceChanges
    from lines_tui.store.verify import CheckedTable, Checker

HOME_VARIABLE = "LINES_TUI_HOME"
SETTINGS_FILE = "settings.json"
MAX_LINES_GAME_SECONDS = 24 * 3600
NO_VALID_TIME = "the game has no valid time"
FILED_ELSEWHERE = "another lines-tui filed this win already"
"""Why a won game's time is not filed: the saved won game is gone, or the same game is in its
table already (`record_mahjong`)."""
LINES_FILED_ELSEWHERE = "this game (same deal and moves) is in the table already"
"""Why a finished Lines game is not filed: the same game is in its table already, filed by
another copy of lines-tui that resumed it too, or played again move for move, by anyone (a
replay typed in again: the table's entries keep no start time that could tell the two apart)."""


@dataclass(frozen=True)
class RecordOutcome:
    """What became of a result: saved or not, why (one line for the player), where, which place."""

    saved: bool
    reason: str
    table: str
    rank: int | None = None
    may_retry: bool = False
    """Not saved because the file could not be read or written, or a Lines game's player is no
    longer registered (renamed or removed by another copy): another try may save it, the game
    resumed files it under whoever plays then (every other refusal is a verdict on the result
    itself, which stays the same)."""
    game_kept: bool = True
    """With `may_retry`: the finished game stays saved, so that resumed it files its result
    again. False when its save failed too (a full disk) or it was never saved: nothing is left
    to try again with (set by the app, which settles the saved game once the result is written)."""
    filed_elsewhere: bool = False
    """Not saved because the table holds this game already: another copy of lines-tui filed
    it (the won game it was asked for is no longer saved: `record_mahjong`'s `saved`), or an
    entry of the same game is in the table (`Entry.game`: for Lines, also a game played again
    move for move, by anyone)."""
    filed_as: str | None = None
    """The name the result was saved under (None if not saved): for a Mahjong time, the name
    typed, or the registered player's own spelling if it is theirs (`record_mahjong`)."""
    held_by: str | None = None
    """The name the table holds this very game under (`Entry.game`), if it does: for a Lines
    game, another player's when it was typed in move for move from theirs (a guest's game,
    filed nowhere, is looked for too)."""
    game: tuple[object, ...] | None = None
    """The saved entry's game (`Entry.game`), by which `Store.place_of` finds it later."""


def holding(entries: Iterable[Entry], entry: Entry) -> Entry | None:
    """The entry of `entries` that is `entry`'s very game (`Entry.game`), if one is."""
    game = entry.game
    return None if game is None else next((e for e in entries if e.game == game), None)


def default_data_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("lines-tui", appauthor=False))


def open_store(
    data_dir: Path | None = None,
    *,
    table_limit: int = TABLE_LIMIT,
    fs: FileSystem | None = None,
    lock_wait: float = LOCK_WAIT_SECONDS,
    scores_needed: bool = True,
    read_now: bool = True,
) -> Store:
    """Open the store in `data_dir` (None: $LINES_TUI_HOME or the user data folder).

    The scores and the saved games are read at once (`read_now`, the commands), waiting for a
    busy lock once in all (`one_lock_wait`): a data file that cannot be read is moved aside, and
    one from a newer lines-tui is opened read-only; both are reported in `store.warnings`.
    Not `read_now` (the app): nothing is read until asked; the app reads them on its own thread
    once its first frame is up, and tells what it finds there (README, "First frame").
    `table_limit` is the number of entries each table keeps (tests raise it to count
    everything); `fs` and `lock_wait` are for tests (a file system that fails on purpose, a
    shorter wait for a busy lock).
    Raises StoreError if the scores file (or the folder) cannot be read, unless not
    `scores_needed` (a command that does without them). Such a file is never written over:
    each change reads it first, and fails.
    """
    folder = data_dir if data_dir is not None else default_data_dir()
    store = Store(folder, table_limit, fs=fs, lock_wait=lock_wait)
    if read_now:
        with one_lock_wait():
            _read_at_open(store, scores_needed)
    return store


def _read_at_open(store: Store, scores_needed: bool) -> None:
    try:
        store.players()
    except StoreError:
        if scores_needed:
            raise
    for kind in KINDS:
        # A saved game that cannot be read now (permission denied, a folder in its place) is
        # told where it is wanted (the menu, a resume) and kept: it stops nothing else.
        with contextlib.suppress(StoreError):
            store.load_game(kind)


@dataclass(frozen=True)
class Snapshot:
    """The players and tables as they were at one moment: read it once (in a worker thread, so
    a slow disk never holds up a key) and show it."""

    players: tuple[str, ...]
    active_player: str | None
    """Who plays now (`Store.active_player`): the file's active player, or the one who plays
    this run only."""
    tables: Mapping[TableId, tuple[Entry, ...]]
    """Every table to list (`tables_with_entries`: a deal played as a random deal by two
    players or more has its table too), best first, Lines by board size then Mahjong by
    layout."""
    file_active_player: str | None
    """The file's own active player, who plays whenever no one plays this run only (None: a
    guest)."""


class Store:
    """One user's players, tables and saved games. Every method may be called from any thread
    (each call takes the folder's lock for itself and nothing is cached), and every failure of
    the files, whatever the cause (busy lock, full disk, read-only or vanished folder), is a
    StoreError whose message is one line for the player; a result saved before is never lost."""

    def __init__(
        self,
        data_dir: Path,
        table_limit: int = TABLE_LIMIT,
        *,
        fs: FileSystem | None = None,
        lock_wait: float = LOCK_WAIT_SECONDS,
    ) -> None:
        self.data_dir = data_dir
        self.table_limit = table_limit
        self._files = DataFiles(DataFolder(data_dir, fs, lock_wait))
        self._scores = ScoreFile(self._files, data_dir)
        self.path = self._scores.path
        self._run_only = False
        """Whether who plays is this store's own, for its life, in place of the file's active
        player: `play_as` could not write the player it was given (`_who_plays`)."""
        self._playing: str | None = None
        """Who plays this run only, as the file spelt them at its last read; None when no one
        does (not `_run_only`), or once they are gone from the file (then a guest plays)."""
        self._playing_lock = threading.Lock()
        """Held to change who plays this run only: one thread's older read never brings back
        a player another thread's newer read found gone."""

    @property
    def warnings(self) -> list[str]:
        """One line per problem found with the files (each told once), for the player."""
        return self._files.warnings

    @property
    def left_as_they_are(self) -> frozenset[str]:
        """The data files read as nothing and never written, by name (each told once among
        `warnings`): a player not found in such a scores file may well be in it."""
        return frozenset(self._files.left_as_they_are)

    @property
    def set_aside(self) -> dict[str, SetAside]:
        """The warnings of `warnings` that tell a damaged file set aside, with what they tell
        (the app tells them together, shorter)."""
        return self._files.set_aside

    def snapshot(self, shown: TableId | None = None) -> Snapshot:
        """Players, the active player and every table to list, from one read of the file; and
        the table `shown`, listed or not (a deal's table of one player's random deal, opened
        on its own: after an import, for a challenge)."""
        data = self._scores.read()
        entries = TableEntries(data)
        listed = tables_with_entries(data)
        if shown is not None and entries.of(shown):
            listed.add(shown)
        tables = sorted(listed, key=TableId.sort_key)
        return Snapshot(
            tuple(data.players),
            self._who_plays(data),
            {table: self._best(table, entries) for table in tables},
            data.active_player,
        )

    def scores_stamp(self) -> Stamp:
        """What changes whenever `scores.json` is written, by this copy or another (`stamp`):
        a screen that shows what it read compares it to tell when to read again."""
        return self._scores.stamp()

    def players(self) -> list[str]:
        return list(self._scores.read().players)

    def players_and_who_plays(self) -> tuple[list[str], str | None]:
        """The players and who plays now (`active_player`), from one read of the file: as they
        were at one moment, and a file of thousands of players read once, not twice."""
        data = self._scores.read()
        return list(data.players), self._who_plays(data)

    @property
    def active_player(self) -> str | None:
        """The registered player who plays now, or None for a guest: the file's active player,
        or the one who plays this run only (`play_as`, `_who_plays`)."""
        return self._who_plays(self._scores.read())

    def who_plays_if_known(self) -> tuple[str | None, bool]:
        """The registered player who plays, and whether a guest does, as far as is known: (None,
        False) when the scores file cannot be read (a game reads the player again as it files
        its score)."""
        try:
            player = self.active_player
        except StoreError:
            return None, False
        return player, player is None

    @property
    def playing_this_run(self) -> str | None:
        """The player who plays this run only (`play_as`), as the last read found them, known
        without reading the file: who plays when a read fails. None when the file's active
        player plays (who cannot be known then), or a guest."""
        return self._playing

    def _who_plays(self, data: ScoreData) -> str | None:
        """Who plays, as of `data` (just read): the file's active player, unless someone plays
        this run only. They are looked for in `data` by `same_name`: renamed by another copy of
        lines-tui in another case (Bob to BOB), they play under the new spelling. No longer
        there (removed, or renamed to another name, which the file cannot tell from a removal:
        it keeps no player ids), a guest plays the rest of this run, told once in `warnings`.
        Not the file's active player: the one at this terminal did not choose them, and their
        results must not be filed under that name."""
        with self._playing_lock:
            if not self._run_only:
                return data.active_player
            if self._playing is not None:
                self._playing = self._still_registered(data, self._playing)
            return self._playing

    def player_of_game(self, saved_by: str | None) -> str | None:
        """Who plays a game resumed from its save: the registered player who played it
        (`saved_by`, as the file spells them now), so that a game is one player's from its first
        move to its result, whoever plays now; for a guest's game (or an older save that does
        not say), or one whose player is no longer registered, whoever plays now (see
        `active_player`). One read of the file."""
        data = self._scores.read()
        spelt = None if saved_by is None else _spelt(data, saved_by)
        return spelt if spelt is not None else self._who_plays(data)

    def _still_registered(self, data: ScoreData, player: str) -> str | None:
        """`player` as `data` spells them (`same_name`), or None, told, if they are not in it."""
        spelt = _spelt(data, player)
        if spelt is None:
            self._files.warn(
                f"{player}, who played this run only, is no longer registered: "
                "a guest plays the rest of this run"
            )
        return spelt

    def resolve_player(self, name: str) -> str:
        """The registered name that `name` means (case does not matter); NotRegistered if none,
        StoreError if it reads as several or the file cannot be read."""
        return _registered(self._scores.read(), name)

    def set_active_player(self, name: str | None) -> None:
        """Make the registered player `name` means the file's active player (None: a guest),
        who then plays here too: no one plays this run only any more."""

        def change(data: ScoreData) -> None:
            data.active_player = None if name is None else _registered(data, name)

        self._scores.update(change)
        with self._playing_lock:
            self._run_only, self._playing = False, None

    def play_as(self, name: str) -> str:
        """`--player NAME`: the registered player `name` means plays, made the active player,
        who stays so. Returns their registered name. The name is resolved first, by one read:
        StoreError if no player is `name` (before any write is tried) or the file cannot be
        read. Where they cannot be made the active player then (a read-only folder, the lock
        held by another copy longer than `lock_wait`, a full disk) they play all the same, for
        this store's life only (`_who_plays`), and a warning says so: play goes on wherever it
        can."""
        player = self.resolve_player(name)
        try:
            self.set_active_player(player)
        except StoreError as error:
            with self._playing_lock:
                self._run_only, self._playing = True, player
            self._files.warn(
                f"{player} plays this run only: they could not be made the active player ({error})"
            )
        return player

    def add_player(self, name: str) -> str:
        """Register `name` (trimmed); returns it as stored. StoreError if invalid or taken."""
        return self.register_player(name, plays_if_no_one_does=False)[0]

    def register_player(self, name: str, *, plays_if_no_one_does: bool) -> tuple[str, bool]:
        """`add_player`; `plays_if_no_one_does`: they become the file's active player if none
        is (a guest plays). Returns the name as stored and whether they became it."""
        new = _clean(name)

        def change(data: ScoreData) -> tuple[str, bool]:
            _check_free(data, new)
            data.players.append(new)
            plays = plays_if_no_one_does and data.active_player is None
            if plays:
                data.active_player = new
            return new, plays

        return self._scores.update(change)

    def rename_player(self, old: str, new: str) -> str:
        """Rename a player (results keep the name they were earned under); returns the new name."""
        cleaned = _clean(new)

        def change(data: ScoreData) -> tuple[str, str]:
            current = _registered(data, old)
            if cleaned == current:  # "Renamed Bob to Bob" told of a change that made none
                raise StoreError(f"{current} is named so already; nothing to rename")
            _check_free(data, cleaned, allowed=current)
            data.players[data.players.index(current)] = cleaned
            if data.active_player == current:
                data.active_player = cleaned
            return current, cleaned

        current, renamed = self._scores.update(change)
        with self._playing_lock:
            if self._playing is not None and same_name(self._playing, current):
                self._playing = renamed  # who plays this run only plays on, renamed
        for kind in KINDS:  # their saved games stay theirs
            try:
                self._game_file(kind).rename_player(current, renamed)
            except StoreError as error:
                self._files.warn(f"the saved {kind} game still names {current}: {error}")
        return renamed

    def remove_player(self, name: str) -> str:
        """Unregister a player (their results stay in the tables); returns the name removed.
        Removing the one who plays this run only makes the rest of the run a guest's."""

        def change(data: ScoreData) -> str:
            current = _registered(data, name)
            data.players.remove(current)
            if data.active_player == current:
                data.active_player = None
            return current

        removed = self._scores.update(change)
        with self._playing_lock:
            if self._playing is not None and same_name(self._playing, removed):
                self._playing = None
        return removed

    def tables(self) -> Mapping[TableId, tuple[Entry, ...]]:
        """Every table to list (`Snapshot.tables`), Lines by board size then Mahjong by layout."""
        return self.snapshot().tables

    def table(self, table: str | TableId) -> tuple[Entry, ...]:
        """The entries of one table, best first (empty if none yet). StoreError for a bad id."""
        table_id = parse_table(table)
        return self._best(table_id, TableEntries(self._scores.read()))

    def place_of(self, table: str | TableId, game: tuple[object, ...]) -> int | None:
        """Where the entry of `game` (`Entry.game`, `RecordOutcome.game`) stands in `table` now
        (1 is the best), or None when the table no longer holds it: an import since has pushed
        it out, or it was removed."""
        return next(
            (place for place, entry in enumerate(self.table(table), 1) if entry.game == game),
            None,
        )

    def counted_in(
        self, table: str | TableId, entry: Entry, title: str | None = None
    ) -> tuple[TableId, ...]:
        """The tables that count `entry` as one result with `table` now, `table` first: those
        `remove_entry` would take it from, which the question before a removal names. Read
        from the file, not from the tables a leaderboard lists: the deal's table of one
        player's random deal is listed nowhere, yet counts the result. StoreError, as
        `remove_entry` says it, if it is not in the table any more."""
        return _counted_in(self._scores.read(), parse_table(table), entry, title)

    def remove_entry(
        self, table: str | TableId, entry: Entry, title: str | None = None
    ) -> tuple[TableId, ...]:
        """Take `entry` out of `table`, and out of every table that counts it as one result
        with it (`TableId.counting_with`: a deal's table reads the random-deal table's results
        of its deal). Returns the tables it was taken from, `table` first. StoreError, nothing
        changed, if it is not in the table any more (another copy of lines-tui changed it).
        A table that only read it (a deal's table, of its random-deal table) is named too: it
        shows it no more. `title`: the table's title in the refusal's words, if not its id's (a
        layout played from a file has its own)."""
        table_id = parse_table(table)

        def change(data: ScoreData) -> tuple[TableId, ...]:
            # Where it counts now, before it is taken out of any.
            taken_from = _counted_in(data, table_id, entry, title)
            for place in table_id.counting_with(entry.seed):
                kept = [other for other in data.tables.get(place, []) if other != entry]
                if kept:
                    data.tables[place] = kept
                else:
                    data.tables.pop(place, None)
            return taken_from

        return self._scores.update(change)

    def record_lines(
        self,
        player: str | None,
        table: int | TableId,
        score: int,
        seed: int,
        started_at: float,
        ended_at: float,
        record: LinesRecord | None = None,
    ) -> RecordOutcome:
        """Save a finished Lines game if the rules allow: registered player, at most 24 hours.
        `table` is the board size (a random deal) or the table (a deal of the day, a chosen deal);
        `record` is the game (its moves), kept with the entry so that it can be shared verified.
        A game already in the table (`Entry.game`: two copies resumed one saved game and both
        finished it) is not filed again (`filed_elsewhere`)."""
        try:
            table = table if isinstance(table, TableId) else TableId.lines(table)
        except TableIdError as error:
            return RecordOutcome(False, str(error), f"lines-{table}")
        if player is None:
            guests = Entry(GUEST_NAME, score, table.entry_date(ended_at), seed, record)
            held_by = self._holder(table, guests)
            return RecordOutcome(False, "playing as a guest", str(table), held_by=held_by)
        too_long = lines_time_problem(started_at, ended_at)
        if too_long is not None:
            return RecordOutcome(False, too_long, str(table))
        if score <= 0:
            return RecordOutcome(False, "no points, nothing to save", str(table))

        told = len(self.set_aside)

        def change(data: ScoreData) -> RecordOutcome:
            try:
                name = _registered(data, player)
            except NotRegistered:
                # Renamed or removed by another copy while the game was played (the file keeps
                # no player ids to tell which), or gone with the damaged file this very read
                # set aside: the game is kept, and its result filed under whoever plays once it
                # is resumed.
                aside_now = list(self.set_aside.values())[told:]
                why = (
                    f"{SCORES_FILE} was damaged and set aside: register again"
                    if any(file.name == SCORES_FILE for file in aside_now)
                    else "renamed or removed by another lines-tui"
                )
                reason = f"'{repeated(player)}' is no longer a registered player ({why})"
                return RecordOutcome(False, reason, str(table), may_retry=True)
            entry = Entry(name, score, table.entry_date(ended_at), seed, record)
            return self._record(data, table, entry)

        return self._scores.update(change)

    def _holder(self, table: TableId, entry: Entry) -> str | None:
        """The name `table` holds `entry`'s very game under, if it does (None too when the
        scores cannot be read: nothing is filed here, and nothing is said of it)."""
        try:
            held = holding(table_entries(self._scores.read(), table), entry)
        except StoreError:
            return None
        return None if held is None else held.name

    def mahjong_qualifies(self, table: str | TableId, seconds: float) -> bool:
        """Whether a win in `seconds` would earn a place in `table` (ask for a name): the table,
        or a layout's name (its random deals' table)."""
        try:
            table = table if isinstance(table, TableId) else TableId.mahjong(table)
        except TableIdError:
            return False
        if mahjong_time_problem(table, seconds) is not None:
            return False
        time = tenths(seconds)
        entries = self.table(table)
        # A later equal time ranks after the earlier ones, so it must be strictly better.
        return len(entries) < self.table_limit or time < entries[-1].value

    def record_mahjong(
        self,
        name: str,
        table: str | TableId,
        seconds: float,
        seed: int,
        when: float,
        record: MahjongRecord | None = None,
        *,
        saved: dict[str, Any] | None = None,
        title: str | None = None,
        kept: str | None = None,
    ) -> RecordOutcome:
        """Save a Mahjong win under `name` (any valid name, registered or not) if it ranks: a
        name that means a registered player (`resolve_player`: in any case, or a look-alike of
        only one player's) is saved as that player's, so their result is filed under their own
        name (`RecordOutcome.filed_as`). `table` is the layout's table name (random deals) or
        the table; `record` the game.
        `saved`: the saved Mahjong game this win is, as this copy of lines-tui saved it. Then
        the time is filed while that game is still the saved one, and it is removed in the
        same step, under the lock (also when the time is refused for itself), so a won game
        two copies resumed is filed once; if it is gone or another game is there, nothing is
        removed, and the time is filed unless its table holds the game already (another copy
        filed it: `filed_elsewhere`; another copy that turned the time down or started a new
        game over it did not, and the win is not lost); without a record, which cannot tell,
        it is not filed (`filed_elsewhere`). None: a win not saved by this copy; no saved game
        is touched. Either way a game already in the table under any name (`Entry.game`: the
        won game another copy filed, then saved again by a copy that quit at its name prompt)
        is not filed again (`filed_elsewhere`).
        `title`: the table's title in the outcome's words ("number 1 in ..."), if not its id's
        (a layout played from a file has its own). `kept`: the player's name as the file holds
        it (`clean_name`), which `name` may be though it was registered before a newer rule."""
        try:
            table = table if isinstance(table, TableId) else TableId.mahjong(table)
            cleaned = clean_name(name, kept)
        except (TableIdError, InvalidName) as error:
            # The table if its name was read (then the name was refused), else the name given.
            named = table if isinstance(table, TableId) else f"mahjong-{spelled_out(table)}"
            return RecordOutcome(False, str(error), str(named))
        no_result = mahjong_time_problem(table, seconds)
        if no_result is None and not math.isfinite(when):
            no_result = NO_VALID_TIME
        if no_result is not None:
            return RecordOutcome(False, no_result, str(table))
        entry = Entry(cleaned, tenths(seconds), table.entry_date(when), seed, record)
        refused: RecordOutcome | None = None
        if record is not None:
            from lines_tui.store.verify import faster_than_anyone

            # Its own replay would refute it, and it would block its table's share code.
            too_fast = faster_than_anyone(len(record.pairs), entry.value)
            if too_fast is not None:
                refused = RecordOutcome(False, too_fast, str(table))

        def file(data: ScoreData) -> RecordOutcome:
            if refused is not None:
                return refused
            filed = replace(entry, name=_as_registered(data, cleaned))
            return self._record(data, table, filed, title)

        if saved is not None:
            # Filed first, then removed: should the scores fail to be written, the won game
            # stays saved, so the time is not lost (resumed, it asks again); never filed twice,
            # since another copy's filing finds it gone, and a game in its table already is not
            # filed.
            filed = self._game_file("mahjong").take(saved, lambda: self._scores.update_held(file))
            if filed is not None:
                return filed
            if entry.game is None:  # no record: the table cannot tell whether it holds this game
                return RecordOutcome(False, FILED_ELSEWHERE, str(table), filed_elsewhere=True)
            # The saved win is gone or replaced: another copy filed it (then its table holds it,
            # and `_record` says so), or turned its time down or started another game over it.
            # The win is this copy's still: filed from here, once, as one never saved is.
        return refused if refused is not None else self._scores.update(file)

    def _record(
        self, data: ScoreData, table: TableId, entry: Entry, title: str | None = None
    ) -> RecordOutcome:
        """File a game of this copy, once: an entry of the same game (`Entry.game`) already in
        the table, under any name, is another copy's filing of it (`filed_elsewhere`). The
        outcome names the table by `title` (its id's if None). A game an older dealer dealt
        never feeds a deal's table (`dealer_problem`)."""
        problem = entry_problem(table, entry) or dealer_problem(table, entry.record)
        if problem is not None:
            return RecordOutcome(False, problem, str(table))
        entries = table_entries(data, table)
        held = holding(entries, entry)
        if held is not None:
            # Whose: a Lines game typed in again from a friend's replay is theirs.
            reason = (
                FILED_ELSEWHERE
                if table.kind == "mahjong"
                else f"{LINES_FILED_ELSEWHERE}, as {held.name}'s"
            )
            return RecordOutcome(False, reason, str(table), filed_elsewhere=True, held_by=held.name)
        merged = merge(table, entries, [entry], [None], self.table_limit)
        result = merged.results[0]
        if result.status == "rejected":  # another game of this very result is there already
            return RecordOutcome(False, result.reason, str(table))
        if result.rank is None:
            reason = f"not among the best {self.table_limit} of {title or table.title}"
            return RecordOutcome(False, reason, str(table))
        data.tables[table] = list(merged.entries)
        reason = f"number {result.rank} in {title or table.title}"
        return RecordOutcome(
            True, reason, str(table), result.rank, filed_as=entry.name, game=entry.game
        )

    def _best(self, table: TableId, entries: TableEntries) -> tuple[Entry, ...]:
        return tuple(ranked(table, entries.of(table))[: self.table_limit])

    def checked_table(self, table: str | TableId, checker: Checker) -> CheckedTable:
        """The entries of one table, best first, each replayed now by `checker`: the verdicts
        that decide what is marked verified, shared, watched or challenged."""
        from lines_tui.store.verify import check_table  # replays records: the engine loads here

        table_id = parse_table(table)
        return check_table(table_id, self.table(table_id), checker)

    def result_to_beat(self, table: str | TableId, checker: Checker) -> Entry | None:
        """The best result of `table` that holds up by replay (`checker`: one for your own
        tables, `Checker.for_own_tables`): the one a game on that deal names to beat (README,
        "Challenges")."""
        table_id = parse_table(table)
        return self.results_to_beat([table_id], checker)[table_id]

    def results_to_beat(
        self, tables: Iterable[TableId], checker: Checker
    ) -> dict[TableId, Entry | None]:
        """`result_to_beat` of each of `tables`, from one read of the file (Today's deals ask
        it of every deal of the day at once)."""
        from lines_tui.store.verify import challenge_target, check_table

        entries = TableEntries(self._scores.read())
        return {
            table: challenge_target(check_table(table, self._best(table, entries), checker))
            for table in tables
        }

    def export_code(
        self, table: str | TableId, entry: int | None = None, *, checker: Checker
    ) -> str:
        """The table's share code (format 2); with `entry`, the code of that one entry (1 is the
        best). StoreError if there is nothing to share or an entry to share is refuted."""
        return share_code(self.checked_table(table, checker), checker.find_layout, entry)

    def challenge_code(self, table: str | TableId, entry: int, *, checker: Checker) -> str:
        """A challenge code of entry `entry` (1 is the best): the code of that one result in the
        table of its deal (a deal of the day stays a deal of the day)."""
        checked = self.checked_table(table, checker)
        return challenge_code(checked, entry, checker.find_layout, checker.now)

    def import_code(self, code: str, checker: Checker) -> Merge:
        """Merge the table in `code` into the local one: every entry is replayed first (by
        `checker`), refuted ones are merged nowhere. ShareCodeError for a bad code; nothing is
        written when nothing is merged."""
        return self.import_codes([code], lambda: checker)[0]

    def import_codes(self, texts: Sequence[str], checker: Callable[[], Checker]) -> list[Merge]:
        """`import_code` for several codes at once, all or none, each checked by a new
        `checker()` (a replay budget of its own): every code is read and checked before anything
        is merged, so a bad one (ShareCodeError) leaves the tables as they were; the merges are
        then written together."""
        from lines_tui.store import codes

        checked = []
        for number, text in enumerate(texts, start=1):
            try:
                checked.append(codes.read(text, checker()))
            except ShareCodeError as error:
                raise error.of_code(number, len(texts)) from None
        return self.merge_checked(checked)

    def merge_checked(self, checked: Sequence[CheckedCode]) -> list[Merge]:
        """Merge codes already read and replayed (`codes.read`) into the tables, together, one
        after another."""
        return self._scores.update(lambda data: self._merge_all(data, checked))

    def preview_checked(self, checked: Sequence[CheckedCode]) -> list[Merge]:
        """What `merge_checked` would do, without doing it: nothing is written."""
        return self._merge_all(self._scores.read(), checked)

    def preview_imports(
        self, texts: Sequence[str], checker: Callable[[], Checker]
    ) -> list[Merge | ShareCodeError]:
        """What `import_codes` would do with the codes that can be read, without doing it, and
        for each of the others why it cannot be: each code is judged after the ones before it
        are merged, as the import merges them (the same code twice is already there the second
        time)."""
        from lines_tui.store import codes

        data = self._scores.read()
        players = PlayerKeys(data.players)
        previews: list[Merge | ShareCodeError] = []
        for text in texts:
            try:
                shared = codes.read(text, checker())
            except ShareCodeError as error:
                previews.append(error)
            else:
                previews.append(self._merge_into(data, shared, players))
        return previews

    def _merge_all(self, data: ScoreData, checked: Sequence[CheckedCode]) -> list[Merge]:
        """Merge the codes into `data`, one after another."""
        players = PlayerKeys(data.players)
        return [self._merge_into(data, shared, players) for shared in checked]

    def _merge_into(self, data: ScoreData, checked: CheckedCode, players: PlayerKeys) -> Merge:
        """Merge a code into `data` (changed only if an entry is added); `players`: those of
        `data`, keyed once for every code merged."""
        merged = self._merge(data, checked, players)
        if merged.count("added"):
            data.tables[checked.table] = list(merged.entries)
        return merged

    def _merge(self, data: ScoreData, checked: CheckedCode, players: PlayerKeys) -> Merge:
        """`checked` merged into its table of `data`; an entry new to the table whose name may
        not enter the file (`new_name_problem`: an invisible character), or reads as one of
        the registered `players`' but is another name (`PlayerKeys.look_alike_problem`), is
        rejected, and so is one whose game or result a table that counts it too holds already
        otherwise (`counted_with`). A result the table holds (`Entry.result`) is already there
        whatever its name and its copy's verdict here: the file may hold names from before
        those rules, and your own table's code read where its layout is not installed is
        unchecked (the merge still tells a copy with another game apart, `merge`)."""
        local = table_entries(data, checked.table)
        here = {entry.result for entry in local}
        problems = [
            None if entry.result in here else problem or _new_name_problem(players, entry.name)
            for entry, problem in zip(checked.entries, checked.problems, strict=True)
        ]
        valid = zip(checked.entries, problems, strict=True)
        seeds = [entry.seed for entry, problem in valid if problem is None]
        counted = counted_with(data, checked.table, seeds)
        merged = merge(checked.table, local, checked.entries, problems, self.table_limit, counted)
        results = tuple(
            replace(result, refuted=verdict.status == "refuted")
            for result, verdict in zip(merged.results, checked.verdicts, strict=True)
        )
        return replace(merged, results=results)

    def save_game(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        replace: bool = True,
        known: dict[str, Any] | None = None,
    ) -> None:
        """Keep the game in progress of `kind` to resume it later (`GameFile.save`)."""
        self._game_file(kind).save(data, replace=replace, known=known)

    def load_game(
        self, kind: str, resumable: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any] | None:
        """The saved game of `kind`, or None (`GameFile.load`)."""
        return self._game_file(kind).load(resumable)

    def clear_game(
        self, kind: str, *, replace: bool = True, known: dict[str, Any] | None = None
    ) -> None:
        """Remove the saved game of `kind` (`GameFile.clear`)."""
        self._game_file(kind).clear(replace=replace, known=known)

    def _game_file(self, kind: str) -> GameFile:
        return GameFile(self._files, self.data_dir, kind)

    def preferences(self) -> Preferences:
        """The player's settings (the defaults when none were saved, or the file is not ours)."""
        return self._files.read(self.data_dir / SETTINGS_FILE, load_preferences) or Preferences()

    def change_preferences(self, **changes: Unpack[PreferenceChanges]) -> None:
        """Change some settings (`Preferences`' fields), the others kept as the file holds them
        now, read and written under one lock: a change of one never undoes another's."""
        with self._files.rewriting(self.data_dir / SETTINGS_FILE, load_preferences) as settings:
            current = settings.current or Preferences()
            settings.write(dump_preferences(replace(current, **changes)))


def _counted_in(
    data: ScoreData, table: TableId, entry: Entry, title: str | None
) -> tuple[TableId, ...]:
    """`Store.counted_in`, of `data`: the tables of `TableId.counting_with` that hold `entry`
    (a deal's table reads it from its random-deal table), `table` first."""
    if entry not in table_entries(data, table):
        raise StoreError(f"that result is no longer in {title or table.title}")
    places = table.counting_with(entry.seed)
    return tuple(place for place in places if entry in table_entries(data, place))


def _new_name_problem(players: PlayerKeys, name: str) -> str | None:
    """Why `name` may not newly enter a file registering `players`, or None: it has a character
    that shows as nothing (`new_name_problem`), or reads as a registered player's but is
    another name (`PlayerKeys.look_alike_problem`)."""
    return new_name_problem(name) or players.look_alike_problem(name)


def lines_time_problem(started_at: float, ended_at: float) -> str | None:
    """Why a Lines game played from `started_at` to `ended_at` (wall clock) is no result, or
    None: it lasted over 24 hours (README, "Players and names"), or its times cannot be true (a
    save edited by hand). Its score is not saved, and it gives no challenge code either."""
    if not (math.isfinite(started_at) and math.isfinite(ended_at)):
        return "the game has no valid start and end time"
    duration = ended_at - started_at
    if duration < 0:
        return "the game ended before it started"
    if duration > MAX_LINES_GAME_SECONDS:
        hours, minutes = divmod(int(duration) // 60, 60)
        return (
            f"the game lasted {hours} h {minutes:02} min; only games of at most 24 hours are saved"
        )
    return None


def mahjong_time_problem(table: TableId, seconds: float) -> str | None:
    """Why a Mahjong win in `seconds` of play is no result in `table`, or None: its time is not
    one a table holds (a tenth of a second to `TableId.max_value`, 99:59:59.9: 100 hours of
    play, or a save edited by hand, go past it). Its time is not saved, and it gives no challenge
    code either: a friend's copy would read the code's entry as invalid (README, "Players and
    names")."""
    if not math.isfinite(seconds) or tenths(seconds) < 1:
        return NO_VALID_TIME
    if tenths(seconds) > table.max_value:
        return (
            f"the time {format_value(table, tenths(seconds))} is past the longest a table "
            f"holds ({format_value(table, table.max_value)})"
        )
    return None


def _clean(name: str) -> str:
    try:
        return clean_name(name)
    except InvalidName as error:
        raise StoreError(str(error)) from None


def _spelt(data: ScoreData, name: str) -> str | None:
    """The registered player named `name` in any case (`same_name`), as the file spells them;
    None if there is none."""
    return next((player for player in data.players if same_name(player, name)), None)


def _registered(data: ScoreData, name: str) -> str:
    """The registered player `name` means: the one of that name in any case, else the one whose
    name it reads as (`looks_alike`), if only one does."""
    wanted = name.strip()
    if not wanted:  # "no registered player is named ''" read as if one might be
        raise StoreError(f"no player name given: {name_problem('')}")
    spelt = _spelt(data, wanted)
    if spelt is not None:
        return spelt
    alike = [player for player in data.players if looks_alike(player, wanted)]
    if len(alike) == 1:
        return alike[0]
    if alike:
        quoted = ", ".join(f"'{player}'" for player in alike)  # a name may hold a comma
        raise StoreError(
            f"'{repeated(name)}' reads as several players ({quoted}): "
            "type the name as it is registered"
        )
    raise NotRegistered(f"no registered player is named '{repeated(name)}'")


def _as_registered(data: ScoreData, name: str) -> str:
    """The registered player's spelling of `name` if it means one (`_registered`), else `name`:
    a name that is no player's, or one that reads as several, is kept as it is."""
    try:
        return _registered(data, name)
    except StoreError:
        return name


def _check_free(data: ScoreData, name: str, allowed: str | None = None) -> None:
    problem = taken_problem(data.players, name, allowed)
    if problem is not None:
        raise StoreError(problem)

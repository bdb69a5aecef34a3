"""The store: players, leaderboard tables and saved games of one user, kept in one data folder.

The folder is --data-dir, else $LINES_TUI_HOME, else the platform's user data folder
(platformdirs: ~/.local/share/lines-tui on Linux). It holds scores.json (players and tables),
saved-lines.json and saved-mahjong.json (games in progress), settings.json (the player's settings)
and lines-tui.lock. Nothing is cached:
every call reads the file under the lock (shared by readers), and every change is read-modify-write
under it (exclusive), so any number of copies of the game, and any number of threads of one, can
share a folder. What happens when a file or the folder is not as expected is in files.py and the
README ("What happens when the folder is not as expected"). Times come in as arguments; the store
never reads a clock.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import platformdirs

from lines_tui.engine.text_file import NotUtf8, utf8_text
from lines_tui.engine.visible_text import spelled_out
from lines_tui.store.errors import SavedGameKept, ShareCodeError, StoreError
from lines_tui.store.files import LOCK_WAIT_SECONDS, DataFolder, FileSystem
from lines_tui.store.names import InvalidName, clean_name, same_name
from lines_tui.store.records import LinesRecord, MahjongRecord
from lines_tui.store.schema import (
    CorruptFile,
    NewerFile,
    Preferences,
    ScoreData,
    dump_game,
    dump_preferences,
    dump_scores,
    load_game,
    load_preferences,
    load_scores,
)
from lines_tui.store.tables import (
    TABLE_LIMIT,
    Entry,
    Merge,
    TableId,
    TableIdError,
    entry_problem,
    merge,
    ranked,
    tenths,
)

if TYPE_CHECKING:
    from lines_tui.store.codes import CheckedCode
    from lines_tui.store.verify import CheckedTable, Checker, Verdict

HOME_VARIABLE = "LINES_TUI_HOME"
SCORES_FILE = "scores.json"
SETTINGS_FILE = "settings.json"
GAME_KINDS = ("lines", "mahjong")
MAX_LINES_GAME_SECONDS = 24 * 3600
MAX_FILE_BYTES = 16 * 1024 * 1024
FILED_ELSEWHERE = "another lines-tui filed this win already"
"""Why a won game's time is not filed: the saved won game is gone (`record_mahjong`)."""

T = TypeVar("T")
D = TypeVar("D")


@dataclass(frozen=True)
class RecordOutcome:
    """What became of a result: saved or not, why (one line for the player), where, which place."""

    saved: bool
    reason: str
    table: str
    rank: int | None = None
    may_retry: bool = False
    """Not saved because the file could not be read or written: another try may save it (every
    other refusal is a verdict on the result itself, which stays the same)."""
    filed_elsewhere: bool = False
    """Not saved because the won game it was asked for is no longer saved: another copy of
    lines-tui filed this win already (`record_mahjong`'s `saved`)."""


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
) -> Store:
    """Open the store in `data_dir` (None: $LINES_TUI_HOME or the user data folder).

    A data file that cannot be read is moved aside at once, and one from a newer lines-tui is
    opened read-only; both are reported in `store.warnings`. `table_limit` is the number of
    entries each table keeps (tests raise it to count everything); `fs` and `lock_wait` are for
    tests (a file system that fails on purpose, a shorter wait for a busy lock).
    Raises StoreError if the scores file (or the folder) cannot be read, unless not
    `scores_needed` (the app, which can be played without them, and says so where it reads the
    player). Such a file is never written over: each change reads it first, and fails.
    """
    folder = data_dir if data_dir is not None else default_data_dir()
    store = Store(folder, table_limit, fs=fs, lock_wait=lock_wait)
    try:
        store.players()
    except StoreError:
        if scores_needed:
            raise
    for kind in GAME_KINDS:
        # A saved game that cannot be read now (permission denied, a folder in its place) is
        # told where it is wanted (the menu, a resume) and kept: it stops nothing else.
        with contextlib.suppress(StoreError):
            store.load_game(kind)
    return store


@dataclass(frozen=True)
class SetAside:
    """A damaged data file the store renamed, untouched, to `aside` (a name in the same folder)
    to start it afresh: `reason` says what was wrong with it."""

    name: str
    reason: str
    aside: str


@dataclass(frozen=True)
class Snapshot:
    """The players and tables as they were at one moment: read it once (in a worker thread, so
    a slow disk never holds up a key) and show it."""

    players: tuple[str, ...]
    active_player: str | None
    tables: Mapping[TableId, tuple[Entry, ...]]
    """Every table that has entries, best first, Lines by board size then Mahjong by layout."""


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
        self.path = data_dir / SCORES_FILE
        self.table_limit = table_limit
        self.folder = DataFolder(data_dir, fs, lock_wait)
        self.warnings: list[str] = []
        """One line per problem found with the files (each told once), for the player."""
        self.set_aside: dict[str, SetAside] = {}
        """The warnings of `warnings` that tell a damaged file set aside, with what they tell
        (the app tells them together, shorter)."""
        self._warnings_lock = threading.Lock()

    def snapshot(self) -> Snapshot:
        """Players, the active player and every table, from one read of the file."""
        data = self._snapshot()
        tables = {table: self._best(table, data) for table in data.tables if data.tables[table]}
        return Snapshot(
            tuple(data.players),
            data.active_player,
            {table: tables[table] for table in sorted(tables, key=TableId.sort_key)},
        )

    # -- players -------------------------------------------------------------------------------

    def players(self) -> list[str]:
        return list(self._snapshot().players)

    @property
    def active_player(self) -> str | None:
        """The registered player who plays now, or None for a guest."""
        return self._snapshot().active_player

    def resolve_player(self, name: str) -> str:
        """The registered name that `name` means (case does not matter); StoreError if none."""
        return _registered(self._snapshot(), name)

    def set_active_player(self, name: str | None) -> None:
        def change(data: ScoreData) -> None:
            data.active_player = None if name is None else _registered(data, name)

        self._update(change)

    def add_player(self, name: str) -> str:
        """Register `name` (trimmed); returns it as stored. StoreError if invalid or taken."""
        new = _clean(name)

        def change(data: ScoreData) -> str:
            _check_free(data, new)
            data.players.append(new)
            return new

        return self._update(change)

    def rename_player(self, old: str, new: str) -> str:
        """Rename a player (results keep the name they were earned under); returns the new name."""
        cleaned = _clean(new)

        def change(data: ScoreData) -> str:
            current = _registered(data, old)
            _check_free(data, cleaned, allowed=current)
            data.players[data.players.index(current)] = cleaned
            if data.active_player == current:
                data.active_player = cleaned
            return cleaned

        return self._update(change)

    def remove_player(self, name: str) -> str:
        """Unregister a player (their results stay in the tables); returns the name removed."""

        def change(data: ScoreData) -> str:
            current = _registered(data, name)
            data.players.remove(current)
            if data.active_player == current:
                data.active_player = None
            return current

        return self._update(change)

    # -- tables --------------------------------------------------------------------------------

    def tables(self) -> Mapping[TableId, tuple[Entry, ...]]:
        """Every table that has entries, Lines by board size then Mahjong by layout."""
        return self.snapshot().tables

    def table(self, table: str | TableId) -> tuple[Entry, ...]:
        """The entries of one table, best first (empty if none yet). StoreError for a bad id."""
        table_id = parse_table(table)
        return self._best(table_id, self._snapshot())

    def remove_entry(self, table: str | TableId, entry: Entry) -> tuple[TableId, ...]:
        """Take `entry` out of `table`, and out of every table that counts it as one result
        with it (`TableId.counting_with`: a deal's table reads the random-deal table's results
        of its deal). Returns the tables it was taken from, `table` first. StoreError, nothing
        changed, if it is not in the table any more (another copy of lines-tui changed it)."""
        table_id = parse_table(table)

        def change(data: ScoreData) -> tuple[TableId, ...]:
            if entry not in _entries(data, table_id):
                raise StoreError(f"that result is no longer in {table_id.title}")
            taken_from = []
            for place in table_id.counting_with(entry.seed):
                stored = data.tables.get(place, [])
                kept = [other for other in stored if other != entry]
                if len(kept) < len(stored) or place == table_id:
                    taken_from.append(place)
                if kept:
                    data.tables[place] = kept
                else:
                    data.tables.pop(place, None)
            return tuple(taken_from)

        return self._update(change)

    def record_lines(
        self,
        player: str | None,
        size: int | TableId,
        score: int,
        seed: int,
        started_at: float,
        ended_at: float,
        record: LinesRecord | None = None,
    ) -> RecordOutcome:
        """Save a finished Lines game if the rules allow: registered player, at most 24 hours.
        `size` is the board size (a random deal) or the table (a deal of the day, a chosen deal);
        `record` is the game (its moves), kept with the entry so that it can be shared verified."""
        try:
            table = size if isinstance(size, TableId) else TableId.lines(size)
        except TableIdError as error:
            return RecordOutcome(False, str(error), f"lines-{size}")
        if player is None:
            return RecordOutcome(False, "playing as a guest", str(table))
        if not (math.isfinite(started_at) and math.isfinite(ended_at)):
            return RecordOutcome(False, "the game has no valid start and end time", str(table))
        duration = ended_at - started_at
        if duration < 0:
            return RecordOutcome(False, "the game ended before it started", str(table))
        if duration > MAX_LINES_GAME_SECONDS:
            hours, minutes = divmod(int(duration) // 60, 60)
            return RecordOutcome(
                False,
                f"the game lasted {hours} h {minutes:02} min; only games of at most 24 hours "
                "are saved",
                str(table),
            )
        if score <= 0:
            return RecordOutcome(False, "no points, nothing to save", str(table))

        def change(data: ScoreData) -> RecordOutcome:
            try:
                name = _registered(data, player)
            except StoreError:
                reason = f"'{spelled_out(player)}' is not a registered player; scores are not saved"
                return RecordOutcome(False, reason, str(table))
            entry = Entry(name, score, table.entry_date(ended_at), seed, record)
            return self._record(data, table, entry)

        return self._update(change)

    def mahjong_qualifies(self, layout: str | TableId, seconds: float) -> bool:
        """Whether a win in `seconds` would earn a place in the layout's table (ask for a name)."""
        try:
            table = layout if isinstance(layout, TableId) else TableId.mahjong(layout)
        except TableIdError:
            return False
        if not math.isfinite(seconds):
            return False
        time = tenths(seconds)
        entries = self.table(table)
        if not 1 <= time <= table.max_value:
            return False
        # A later equal time ranks after the earlier ones, so it must be strictly better.
        return len(entries) < self.table_limit or time < entries[-1].value

    def record_mahjong(
        self,
        name: str,
        layout: str | TableId,
        seconds: float,
        seed: int,
        when: float,
        record: MahjongRecord | None = None,
        *,
        saved: dict[str, Any] | None = None,
    ) -> RecordOutcome:
        """Save a Mahjong win under `name` (any valid name, registered or not) if it ranks.
        `layout` is the layout's table name (random deals) or the table; `record` the game.
        `saved`: the saved Mahjong game this win is, as this copy of lines-tui saved it. Then
        the time is filed only if that game is still the saved one, and it is removed in the
        same step, under the lock (also when the time is refused for itself), so a won game
        two copies resumed is filed once; if it is gone or another game is there, nothing is
        filed or removed (`filed_elsewhere`). None: a win never saved, which no other copy can
        have filed; no saved game is touched."""
        try:
            table = layout if isinstance(layout, TableId) else TableId.mahjong(layout)
            cleaned = clean_name(name)
        except (TableIdError, InvalidName) as error:
            return RecordOutcome(False, str(error), f"mahjong-{spelled_out(str(layout))}")
        if not (math.isfinite(seconds) and math.isfinite(when)):
            return RecordOutcome(False, "the game has no valid time", str(table))
        entry = Entry(cleaned, tenths(seconds), table.entry_date(when), seed, record)
        refused: RecordOutcome | None = None
        if record is not None:
            from lines_tui.store.verify import faster_than_anyone

            # Its own replay would refute it, and it would block its table's share code.
            too_fast = faster_than_anyone(len(record.pairs), entry.value)
            if too_fast is not None:
                refused = RecordOutcome(False, too_fast, str(table))

        def file(data: ScoreData) -> RecordOutcome:
            return refused if refused is not None else self._record(data, table, entry)

        if saved is None:
            return refused if refused is not None else self._update(file)
        path = self._game_path("mahjong")
        with self.folder.locked(write=True):
            if self._current(path, _game_reader("mahjong")) != saved:
                return RecordOutcome(False, FILED_ELSEWHERE, str(table), filed_elsewhere=True)
            # Removed first: should the scores then fail to be written, the time is not lost
            # (the player's copy saves the won game again to ask later), never filed twice.
            self.folder.remove(path)
            return self._change_scores(file)

    def _record(self, data: ScoreData, table: TableId, entry: Entry) -> RecordOutcome:
        problem = entry_problem(table, entry)
        if problem is not None:
            return RecordOutcome(False, problem, str(table))
        merged = merge(table, _entries(data, table), [entry], [None], self.table_limit)
        result = merged.results[0]
        if result.rank is None:
            reason = f"not among the best {self.table_limit} of {table.title}"
            return RecordOutcome(False, reason, str(table))
        data.tables[table] = list(merged.entries)
        reason = f"number {result.rank} in {table.title}"
        return RecordOutcome(True, reason, str(table), result.rank)

    def _best(self, table: TableId, data: ScoreData) -> tuple[Entry, ...]:
        return tuple(ranked(table, _entries(data, table))[: self.table_limit])

    # -- share codes ---------------------------------------------------------------------------

    def checked_table(self, table: str | TableId, checker: Checker) -> CheckedTable:
        """The entries of one table, best first, each replayed now by `checker`: the verdicts
        that decide what is marked verified, shared, watched or challenged."""
        from lines_tui.store.verify import check_table  # replays records: the engine loads here

        table_id = parse_table(table)
        return check_table(table_id, self.table(table_id), checker)

    def result_to_beat(self, table: str | TableId, now: float) -> Entry | None:
        """The best result of `table` (one of your own, replayed whole at `now`) that holds up
        by replay: the one a game on that deal names to beat (README, "Challenges")."""
        from lines_tui.store.verify import Checker, challenge_target

        return challenge_target(self.checked_table(table, Checker.for_own_tables(now)))

    def export_code(
        self, table: str | TableId, entry: int | None = None, *, checker: Checker
    ) -> str:
        """The table's share code (format 2); with `entry`, the code of that one entry (1 is the
        best). StoreError if there is nothing to share or an entry to share is refuted."""
        return share_code(self.checked_table(table, checker), entry)

    def challenge_code(self, table: str | TableId, entry: int, *, checker: Checker) -> str:
        """A challenge code of entry `entry` (1 is the best): the code of that one result in the
        table of its deal (a deal of the day stays a deal of the day)."""
        return challenge_code(self.checked_table(table, checker), entry)

    def preview_import(self, code: str, checker: Checker) -> Merge:
        """What importing `code` would do, without doing it. ShareCodeError for a bad code."""
        (preview,) = self.preview_imports([code], lambda: checker)
        if isinstance(preview, ShareCodeError):
            raise preview
        return preview

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
        return self._update(lambda data: [self._merge_into(data, shared) for shared in checked])

    def preview_imports(
        self, texts: Sequence[str], checker: Callable[[], Checker]
    ) -> list[Merge | ShareCodeError]:
        """What `import_codes` would do with the codes that can be read, without doing it, and
        for each of the others why it cannot be: each code is judged after the ones before it
        are merged, as the import merges them (the same code twice is already there the second
        time)."""
        from lines_tui.store import codes

        data = self._snapshot()
        previews: list[Merge | ShareCodeError] = []
        for text in texts:
            try:
                shared = codes.read(text, checker())
            except ShareCodeError as error:
                previews.append(error)
            else:
                previews.append(self._merge_into(data, shared))
        return previews

    def _merge_into(self, data: ScoreData, checked: CheckedCode) -> Merge:
        """Merge a code into `data` (changed only if an entry is added)."""
        merged = self._merge(data, checked)
        if merged.count("added"):
            data.tables[checked.table] = list(merged.entries)
        return merged

    def _merge(self, data: ScoreData, checked: CheckedCode) -> Merge:
        local = _entries(data, checked.table)
        return merge(checked.table, local, checked.entries, checked.problems, self.table_limit)

    # -- games in progress ---------------------------------------------------------------------

    def save_game(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        replace: bool = True,
        known: dict[str, Any] | None = None,
    ) -> None:
        """Keep the game in progress of `kind` ("lines" or "mahjong") to resume it later.
        `replace=False`: only if no saved game is there (SavedGameKept if one is); `known`:
        only over that saved game (the one this copy of lines-tui knows is there), or none, not
        over one another copy saved meanwhile."""
        path = self._game_path(kind)
        try:
            text = dump_game(kind, data)
        except (TypeError, ValueError) as error:
            raise StoreError(f"the {kind} game cannot be saved: {error}") from None
        with self.folder.locked(write=True):
            self._replaceable(kind, path, replace, known)
            self.folder.write_atomically(path, text)

    def load_game(
        self, kind: str, resumable: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any] | None:
        """The saved game of `kind`, or None (none saved, one from a newer lines-tui, which is
        left alone, or a bad file, which is kept aside). `resumable(game)` raises ValueError
        (its message one line) for a game that cannot be resumed: such a file is damaged too,
        and kept aside as one (the store knows no game's rules; the caller does)."""
        path = self._game_path(kind)
        with self.folder.locked(write=False):
            raw = self.folder.read(path, MAX_FILE_BYTES)
        return self._parsed(path, raw, _game_reader(kind, resumable), writing=False)

    def clear_game(
        self, kind: str, *, replace: bool = True, known: dict[str, Any] | None = None
    ) -> None:
        """Remove the saved game of `kind`; `replace` and `known` as for `save_game`."""
        path = self._game_path(kind)
        with self.folder.locked(write=True):
            self._replaceable(kind, path, replace, known)
            self.folder.remove(path)

    def _replaceable(
        self, kind: str, path: Path, replace: bool, known: dict[str, Any] | None
    ) -> None:
        """Holding the exclusive lock, before the saved game at `path` is replaced or removed:
        a game there is refused unless `replace`, and unless it is the `known` one when one is
        given (a damaged file is set aside first, so it is no game, and one from a newer
        lines-tui always refuses: `_current`)."""
        current = self._current(path, _game_reader(kind))
        if current is not None and not (replace and known in (None, current)):
            raise SavedGameKept(f"a saved {kind} game is there, and it is kept")

    def _game_path(self, kind: str) -> Path:
        if kind not in GAME_KINDS:
            raise StoreError(
                f"no game of kind '{spelled_out(kind)}' (known: {', '.join(GAME_KINDS)})"
            )
        return self.data_dir / f"saved-{kind}.json"

    # -- settings ------------------------------------------------------------------------------

    def preferences(self) -> Preferences:
        """The player's settings (the defaults when none were saved, or the file is not ours)."""
        path = self.data_dir / SETTINGS_FILE
        with self.folder.locked(write=False):
            raw = self.folder.read(path, MAX_FILE_BYTES)
        return self._parsed(path, raw, load_preferences, writing=False) or Preferences()

    def save_preferences(self, preferences: Preferences) -> None:
        path = self.data_dir / SETTINGS_FILE
        with self.folder.locked(write=True):
            self._current(path, load_preferences)
            self.folder.write_atomically(path, dump_preferences(preferences))

    # -- files ---------------------------------------------------------------------------------

    def _snapshot(self) -> ScoreData:
        """The scores file as it is now, read under the shared lock (nothing is created to read
        it). A file from a newer lines-tui reads as empty; a damaged one is set aside."""
        with self.folder.locked(write=False):
            raw = self.folder.read(self.path, MAX_FILE_BYTES)
        return self._parsed(self.path, raw, load_scores, writing=False) or ScoreData()

    def _update(self, change: Callable[[ScoreData], T]) -> T:
        """Apply `change` to the scores under the lock; write only if it changed something."""
        with self.folder.locked(write=True):
            return self._change_scores(change)

    def _change_scores(self, change: Callable[[ScoreData], T]) -> T:
        """`_update`, the exclusive lock held already."""
        data = self._current(self.path, load_scores) or ScoreData()
        before = _contents(data)
        result = change(data)
        if _contents(data) != before:
            self.folder.write_atomically(self.path, dump_scores(data))
        return result

    def _current(self, path: Path, parse: Callable[[str], D]) -> D | None:
        """Holding the exclusive lock, before `path` is replaced or removed: what it holds now.
        A file from a newer lines-tui refuses the change (StoreError); a damaged one is set
        aside first, so its bytes are never lost."""
        return self._parsed(path, self.folder.read(path, MAX_FILE_BYTES), parse, writing=True)

    def _parsed(
        self, path: Path, raw: bytes | None, parse: Callable[[str], D], *, writing: bool
    ) -> D | None:
        if raw is None:
            return None
        try:
            return parse(_decoded(raw))
        except NewerFile as error:
            reason = self._warn(
                f"{path.name} was written by a newer lines-tui ({error}): it is opened "
                "read-only and left untouched, so nothing is saved to it"
            )
            if writing:
                raise StoreError(reason) from None
            return None
        except CorruptFile as error:
            if writing:
                self._set_aside(path, error)
            else:
                self._set_aside_unless_changed(path, raw, error)
            return None

    def _set_aside_unless_changed(self, path: Path, raw: bytes, error: CorruptFile) -> None:
        """Found by a reader: take the writers' lock and set the file aside if it still holds
        what was read (another copy may have mended or replaced it in the meantime)."""
        try:
            with self.folder.locked(write=True):
                if self.folder.read(path, MAX_FILE_BYTES) == raw:
                    self._set_aside(path, error)
        except StoreError as problem:
            self._warn(f"{path.name} could not be read ({error}); it is left as it is ({problem})")

    def _set_aside(self, path: Path, error: CorruptFile) -> None:
        aside = self.folder.keep_aside(path, "corrupt")
        self._warn(
            f"{path.name} could not be read ({error}); kept it untouched as "
            f"{spelled_out(str(aside))} and started afresh",
            SetAside(path.name, str(error), spelled_out(aside.name)),
        )

    def _warn(self, warning: str, set_aside: SetAside | None = None) -> str:
        with self._warnings_lock:
            if warning not in self.warnings:
                if set_aside is not None:
                    self.set_aside[warning] = set_aside  # first: the app reads `warnings`
                self.warnings.append(warning)
        return warning


def _decoded(raw: bytes) -> str:
    if len(raw) > MAX_FILE_BYTES:
        raise CorruptFile(f"larger than {MAX_FILE_BYTES // 1024 // 1024} MiB")
    try:
        return utf8_text(raw)
    except NotUtf8 as error:
        raise CorruptFile(str(error)) from None


def _game_reader(
    kind: str, resumable: Callable[[dict[str, Any]], object] | None = None
) -> Callable[[str], dict[str, Any]]:
    def read(text: str) -> dict[str, Any]:
        game = load_game(text, kind)
        if resumable is not None:
            try:
                resumable(game)
            except ValueError as error:  # the file is anyone's to edit: its text is shown inert
                raise CorruptFile(spelled_out(str(error))) from None
        return game

    return read


def share_code(checked: CheckedTable, entry: int | None = None) -> str:
    """The share code of a checked table, or of its entry `entry` (1 is the best). A refuted
    entry is not passed on: the table cannot be shared until it is removed (README, "Every entry
    carries its game")."""
    table = checked.table
    if not checked.entries:
        raise _nothing_to_share(table)
    numbers = range(1, len(checked.entries) + 1) if entry is None else [entry]
    for number in numbers:
        verdict = _checked_entry(checked, number)[1]
        if verdict.status == "refuted":
            raise StoreError(
                f"{table} cannot be shared, entry {number} is refuted: {verdict.reason}"
            )
    entries = tuple(checked.entries[number - 1] for number in numbers)
    from lines_tui.store import codes

    return _shared(table, lambda: codes.encode(table, entries))


def challenge_code(checked: CheckedTable, entry: int) -> str:
    """A challenge code of entry `entry` of a checked table: only a result its replay verifies
    sets a challenge (README, "Challenges")."""
    chosen, verdict = _checked_entry(checked, entry)
    if verdict.status != "verified":
        raise StoreError(f"entry {entry} cannot be a challenge: it is {verdict.line()}")
    from lines_tui.store import codes

    return _shared(checked.table, lambda: codes.challenge(checked.table, chosen))


def _checked_entry(checked: CheckedTable, number: int) -> tuple[Entry, Verdict]:
    if not checked.entries:
        raise _nothing_to_share(checked.table)
    return numbered_entry(checked.table, checked.entries, number), checked.verdicts[number - 1]


def numbered_entry(table: TableId, entries: Sequence[Entry], number: int) -> Entry:
    """Entry `number` of `entries`, the entries of `table` best first (1 is the best);
    StoreError if there is none of that number."""
    if not entries:
        raise StoreError(f"{table} has no entries yet")
    if not 1 <= number <= len(entries):
        raise StoreError(f"{table} has entries 1 to {len(entries)}, not {number}")
    return entries[number - 1]


def _nothing_to_share(table: TableId) -> StoreError:
    return StoreError(f"{table} has no entries yet, so there is nothing to share")


def _shared(table: TableId, encode: Callable[[], str]) -> str:
    """The code `encode` makes; StoreError if the table's games cannot be coded here (a layout
    no longer installed)."""
    try:
        return encode()
    except ValueError as error:
        raise StoreError(f"{table} cannot be shared: {error}") from None


def _entries(data: ScoreData, table: TableId) -> list[Entry]:
    """The entries of `table` in `data`. A deal's table also holds the results of that deal
    played as a random deal, kept in the random-deal table (README, "Challenges"): a race on a
    deal counts them, its "To beat" too, and a challenge code imported where it was made adds
    nothing. Once a merge has written them into the deal's table they are there twice, and
    counted once."""
    entries = data.tables.get(table, [])
    seed = table.deal_seed
    if seed is None:
        return entries
    played_at_random = [entry for entry in data.tables.get(table.base, []) if entry.seed == seed]
    return entries + [entry for entry in played_at_random if entry not in entries]


def _contents(data: ScoreData) -> tuple[object, ...]:
    tables = {table: frozenset(entries) for table, entries in data.tables.items() if entries}
    return (tuple(data.players), data.active_player, tables)


def parse_table(table: str | TableId) -> TableId:
    if isinstance(table, TableId):
        return table
    try:
        return TableId.parse(table)
    except TableIdError as error:
        raise StoreError(str(error)) from None


def _clean(name: str) -> str:
    try:
        return clean_name(name)
    except InvalidName as error:
        raise StoreError(str(error)) from None


def _registered(data: ScoreData, name: str) -> str:
    for player in data.players:
        if same_name(player, name.strip()):
            return player
    raise StoreError(f"no registered player is named '{spelled_out(name)}'")


def _check_free(data: ScoreData, name: str, allowed: str | None = None) -> None:
    for player in data.players:
        if player != allowed and same_name(player, name):
            raise StoreError(f"a player named '{player}' is already registered")

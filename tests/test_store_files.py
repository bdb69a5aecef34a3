"""The store's files when something is wrong with them: a busy lock, a FIFO or folder where a data
file belongs, a read-only folder, a symbolic link, a full disk, a file that turns corrupt, several
threads at once. Every failure is one StoreError, and nothing saved before is lost (issue 12)."""

from __future__ import annotations

import errno
import fcntl
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXED_NOW, FaultyFileSystem, RecordedApp, corrupt, make_app, settle
from textual.widgets import OptionList

from lines_tui.commands.options import Settings
from lines_tui.commands.start import run_app
from lines_tui.engine.lines import LinesGame
from lines_tui.store import Store, StoreError, open_store
from lines_tui.store.files import BUSY, LOCK_NAME
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.lines.screen import LinesScreen

START = 1_700_000_000.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and locks")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def with_ann(folder: Path, **options: Any) -> Store:
    store = open_store(folder, table_limit=1000, **options)
    store.add_player("Ann")
    return store


def record(store: Store, points: int) -> bool:
    return store.record_lines("Ann", 9, points, points, START, START + 60).saved


@pytest.fixture
def lock_held_elsewhere(folder: Path) -> Iterator[None]:
    """Another lines-tui in the middle of a write: the folder's lock taken and kept."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    yield
    os.close(fd)


class WritersLockTaken(FaultyFileSystem):
    """Another lines-tui keeps the folder's lock shared while `taken` (a slow read of its own):
    this one's reads go ahead beside it, its writes find the lock taken. With `lock_wait=0`
    each write tries the lock once: `writes_tried` counts them."""

    def __init__(self) -> None:
        super().__init__()
        self.taken = True
        self.writes_tried = 0

    def try_lock(self, fd: int, exclusive: bool) -> bool:
        self.writes_tried += exclusive
        return not (exclusive and self.taken) and super().try_lock(fd, exclusive)


def playing_bob_this_run_only(folder: Path, lock: WritersLockTaken) -> Store:
    """A store on `folder`, which holds Ann (the active player) and Bob, where `--player bob`
    could not be written for `lock`: Bob plays this run only. The lock is free again after."""
    with_ann(folder).set_active_player("Ann")
    open_store(folder).add_player("Bob")
    store = open_store(folder, fs=lock, lock_wait=0.0)
    assert store.play_as("bob") == "Bob" and store.active_player == "Bob"
    (told,) = store.warnings
    assert told == f"Bob plays this run only: they could not be made the active player ({BUSY})"
    lock.taken = False
    return store


def test_play_as_reads_the_name_first_and_waits_for_a_busy_lock_once(folder: Path) -> None:
    """`--player` tried to write first, then read the name: a lock held by another copy cost
    two waits before the start was refused, and a name that is no player's was looked up
    only after a write was tried."""
    with_ann(folder).add_player("Bob")
    every_lock_taken = FaultyFileSystem()
    store = open_store(folder, fs=every_lock_taken, lock_wait=0.0)
    every_lock_taken.fail("lock")  # with no time to wait, each wait is one failed try
    with pytest.raises(StoreError, match=BUSY):
        store.play_as("Bob")
    assert every_lock_taken.failures == 1
    writers_out = WritersLockTaken()
    store = open_store(folder, fs=writers_out, lock_wait=0.0)
    with pytest.raises(StoreError, match=r"^no registered player is named 'nobody'$"):
        store.play_as("nobody")
    assert writers_out.writes_tried == 0 and store.warnings == []
    assert store.play_as("BOB") == "Bob" and writers_out.writes_tried == 1
    assert store.active_player == "Bob" and open_store(folder).active_player is None


@pytest.mark.parametrize("gone", ["removed", "renamed"])
def test_who_plays_this_run_only_is_checked_against_the_file_at_every_read(
    folder: Path, gone: str
) -> None:
    """Another copy of lines-tui changed the player who plays here this run only: renamed in
    another case they play on under the new spelling; removed, or renamed to another name
    (the file keeps no ids to tell the two apart), a guest plays the rest of the run, told
    once. Not the file's active player, Ann, whom no one chose here. Bob played on, his
    results filed under a name no longer registered."""
    store = playing_bob_this_run_only(folder, WritersLockTaken())
    other = open_store(folder)
    other.rename_player("Bob", "BOB")
    assert store.active_player == "BOB" and store.snapshot().active_player == "BOB"
    if gone == "removed":
        other.remove_player("bob")
    else:
        other.rename_player("bob", "Robert")
    snapshot = store.snapshot()
    assert snapshot.active_player is None and snapshot.file_active_player == "Ann"
    other.add_player("Bob")  # someone else of that name: not who played here
    assert store.active_player is None and store.playing_this_run is None
    assert store.warnings[1:] == [
        "BOB, who played this run only, is no longer registered: a guest plays the rest of this run"
    ]


def test_who_plays_this_run_only_is_still_known_when_a_read_fails(folder: Path) -> None:
    """A read that fails says nothing of who plays: the one who plays this run only is known
    without it (what the screens show then), and plays on."""
    lock = WritersLockTaken()
    store = playing_bob_this_run_only(folder, lock)
    lock.fail("read", errno.EIO)
    with pytest.raises(StoreError, match="Input/output error"):
        store.active_player  # noqa: B018 - a read
    assert store.playing_this_run == "Bob"
    lock.heal()
    assert store.active_player == "Bob"


def test_who_plays_this_run_only_renamed_or_removed_here_is_found_by_any_spelling(
    folder: Path,
) -> None:
    """Renamed by another copy (Bob to BOB) and then here, before a read had followed it,
    Bob was not found by `==`: he played on under a name no longer registered. Removed here,
    by any spelling, a guest plays the rest of the run, not the file's active player."""
    store = playing_bob_this_run_only(folder, WritersLockTaken())
    other = open_store(folder)
    other.rename_player("Bob", "BOB")
    assert store.rename_player("bob", "Robert") == "Robert"
    assert store.active_player == "Robert" and store.playing_this_run == "Robert"
    other.rename_player("Robert", "ROBERT")
    store.remove_player("robert")
    assert store.playing_this_run is None and len(store.warnings) == 1  # no one gone unseen
    assert store.active_player is None and open_store(folder).active_player == "Ann"


def test_waiting_for_a_busy_lock_is_bounded_and_says_so(folder: Path) -> None:
    """Item 4: a copy that keeps the lock (or hangs holding it) never blocks this one for good."""
    store = with_ann(folder, lock_wait=0.05)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        for request in (store.players, lambda: store.add_player("Bob"), lambda: record(store, 5)):
            with pytest.raises(StoreError) as refused:
                request()
            assert str(refused.value) == BUSY
    finally:
        os.close(fd)
    assert record(store, 5) and store.players() == ["Ann"]


class LockStuckElsewhere(FaultyFileSystem):
    """Another lines-tui holds the folder's lock and does not let go (stopped mid-write) while
    `stuck`: every try to take it fails. Each time the lock is wanted its file is opened anew;
    `waits` counts the times it was then tried again after it was found taken: waited for."""

    def __init__(self) -> None:
        super().__init__()
        self.stuck = False
        self.tries: list[int] = []
        """How many times the lock was tried, each time it was wanted."""

    def open(self, path: Path, flags: int) -> int:
        if path.name == LOCK_NAME:
            self.tries.append(0)
        return super().open(path, flags)

    def try_lock(self, fd: int, exclusive: bool) -> bool:
        self.tries[-1] += 1
        return not self.stuck and super().try_lock(fd, exclusive)

    @property
    def waits(self) -> int:
        return sum(tries > 1 for tries in self.tries)


async def test_the_menu_waits_for_a_stuck_lock_once_and_says_so_in_one_line(
    folder: Path,
) -> None:
    """A copy stuck holding the lock: the menu said "Reading the data folder…" for 20 s, its
    read waiting the whole wait for the scores, then for each saved game, then the settings,
    before it said in one line that none could be read. The read waits once in all; each file
    after tries the lock once."""
    with_ann(folder).save_game("lines", LinesGame.new(seed=1, size=9).to_json())
    lock = LockStuckElsewhere()
    app = RecordedApp(open_store(folder, fs=lock, lock_wait=0.2), clock=lambda: FIXED_NOW)
    lock.stuck = True
    lock.tries.clear()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert (lock.waits, len(lock.tries)) == (1, 4)
        (told,) = app.toasted
        assert told.startswith(
            "The scores, the saved Lines game, the saved Mahjong game and the settings could not "
            f"be read: {BUSY}."
        )
        lock.stuck = False  # the other copy is done: r reads again, and finds the game
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)


@pytest.mark.parametrize("player", [None, "ann"])
def test_a_start_reads_nothing_before_its_first_frame_but_the_players_for_player(
    folder: Path, player: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's start read the scores and both saved games before the terminal was taken over,
    each waiting the whole wait for a lock another copy held: 15 s of blank terminal, then the
    menu's read waited again. What the menu reads on the app's store thread is not read before
    (a damaged saved game is left for it to set aside and tell); only `--player` is, checked to
    be registered and made the active player."""
    with_ann(folder)
    (folder / "saved-lines.json").write_text("{bad")
    monkeypatch.setattr("lines_tui.commands.start.require_terminal", lambda: None)
    started: list[Store] = []
    monkeypatch.setattr(LinesTuiApp, "run", lambda app, **_: started.append(app.store))
    run_app(Settings(data_dir=folder, player=player))
    (store,) = started
    assert store.warnings == [] and (folder / "saved-lines.json").read_text() == "{bad"
    assert open_store(folder).active_player == (None if player is None else "Ann")


@pytest.mark.parametrize("name", ["scores.json", "saved-lines.json", LOCK_NAME])
@pytest.mark.parametrize("kind", ["FIFO", "folder"])
def test_anything_but_a_regular_file_is_refused_in_one_line(
    folder: Path, name: str, kind: str
) -> None:
    """Item 4: `mkfifo scores.json` used to hang every copy of the game, holding the lock."""
    folder.mkdir()
    if kind == "FIFO":
        os.mkfifo(folder / name)
    else:
        (folder / name).mkdir()
    if name.startswith("saved-"):
        # A saved game is refused where it is read; the rest of the folder stays usable.
        store = open_store(folder)
        with pytest.raises(StoreError) as refused:
            store.load_game("lines")
    else:
        with pytest.raises(StoreError) as refused:
            open_store(folder)
    message = str(refused.value)
    assert f"{name} is a {kind}, not a regular file" in message and "\n" not in message
    assert sorted(path.name for path in folder.iterdir()) == [name]


def test_scores_that_cannot_be_read_open_only_when_not_needed_and_are_never_written(
    folder: Path,
) -> None:
    """Permission denied on scores.json (a file system that denies it: the tests may run as
    root, who reads any file): the commands that need the scores refuse to open the store, the
    app opens it without them, and no change writes an empty file over the one denied."""
    record(with_ann(folder), 50)
    kept = (folder / "scores.json").read_bytes()
    denying = FaultyFileSystem()
    denying.fail("read", errno.EACCES)
    with pytest.raises(StoreError, match=r"scores\.json: Permission denied"):
        open_store(folder, fs=denying)
    store = open_store(folder, fs=denying, scores_needed=False)
    for change in (lambda: store.add_player("Bob"), lambda: record(store, 70)):
        with pytest.raises(StoreError, match="Permission denied"):
            change()
    assert (folder / "scores.json").read_bytes() == kept


def test_a_read_only_folder_can_be_read_and_only_writes_fail(
    folder: Path, make_read_only: Any
) -> None:
    """Item 5: the lock used to be opened for writing even to read."""
    store = with_ann(folder)
    record(store, 50)
    store.save_game("lines", {"seed": 1})
    os.unlink(folder / LOCK_NAME)  # a folder copied from elsewhere may well have none
    make_read_only(folder)
    again = open_store(folder)
    assert again.players() == ["Ann"] and again.active_player is None
    assert [entry.value for entry in again.table("lines-9")] == [50]
    assert again.load_game("lines") == {"seed": 1} and again.warnings == []
    for write in (lambda: again.add_player("Bob"), lambda: again.save_game("lines", {})):
        with pytest.raises(StoreError, match="Read-only file system") as refused:
            write()
        assert "\n" not in str(refused.value)


def test_a_corrupt_file_in_a_read_only_folder_is_reported_and_left_alone(
    folder: Path, make_read_only: Any
) -> None:
    folder.mkdir()
    garbage = corrupt(folder / "scores.json")
    make_read_only(folder)
    store = open_store(folder)
    assert store.players() == []
    (warning,) = store.warnings
    assert "could not be read" in warning and "left as it is" in warning
    assert (folder / "scores.json").read_bytes() == garbage


def test_a_symlinked_data_file_is_written_through_to_its_target(
    folder: Path, tmp_path: Path
) -> None:
    """Item 13: a dotfiles setup links scores.json elsewhere; the link used to be replaced."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    folder.mkdir()
    (folder / "scores.json").symlink_to(dotfiles / "scores.json")  # dangling until first write
    store = with_ann(folder)
    record(store, 70)
    assert (folder / "scores.json").is_symlink()
    assert (folder / "scores.json").readlink() == dotfiles / "scores.json"
    assert '"Ann"' in (dotfiles / "scores.json").read_text()
    assert open_store(folder).players() == ["Ann"]
    assert sorted(path.name for path in dotfiles.iterdir()) == ["scores.json"]
    store.add_player("Bob")
    assert (folder / "scores.json").is_symlink()
    assert '"Bob"' in (dotfiles / "scores.json").read_text()


def test_a_damaged_link_target_is_left_where_it_is_and_not_written(
    folder: Path, tmp_path: Path
) -> None:
    """A damaged file reached through a link was set aside beside its target, wherever that was:
    `lines-tui scores`, which only reads, renamed a text file of the player's that scores.json
    was linked to by mistake (a robustness review; as root, a link to a system file would have
    moved it). The target may be any file on the machine: it is left as it is, read as nothing,
    never written, until it is mended or the link removed."""
    elsewhere = tmp_path / "notes"
    elsewhere.mkdir()
    folder.mkdir()
    notes = elsewhere / "notes.txt"
    notes.write_text("my notes, not scores\n")
    (folder / "scores.json").symlink_to(notes)
    store = open_store(folder)
    assert store.players() == []
    (warning,) = store.warnings
    assert warning.startswith("scores.json could not be read (not valid JSON")
    assert warning.endswith(
        f"); it is a symbolic link to {notes}, left as it is, so nothing is saved to it: mend "
        "that file or remove the link"
    )
    with pytest.raises(StoreError, match="left as it is"):
        store.add_player("Bob")
    assert notes.read_text() == "my notes, not scores\n"
    assert sorted(path.name for path in elsewhere.iterdir()) == ["notes.txt"]
    assert (folder / "scores.json").is_symlink()
    notes.unlink()  # the player removes the file the link was made to by mistake
    store.add_player("Bob")
    assert '"Bob"' in notes.read_text()


def test_a_lock_linked_to_a_file_not_there_yet_is_followed_as_a_data_files_link_is(
    folder: Path, tmp_path: Path
) -> None:
    """The README said a lock that is a link to nowhere is refused and only writes fail: a link
    to a file not there, in a folder that is there, is followed (as `open` follows it, and as a
    data file's link is written through): the first write creates the target and goes ahead."""
    folder.mkdir()
    target = tmp_path / "elsewhere.lock"
    (folder / "lines-tui.lock").symlink_to(target)
    assert open_store(folder).players() == []  # no lock to the readers, and none made
    assert not target.exists()
    with_ann(folder)
    assert (folder / "lines-tui.lock").is_symlink() and target.is_file()
    assert open_store(folder).players() == ["Ann"]


@pytest.mark.parametrize("call", ["make_folder", "open", "write", "fsync", "replace"])
def test_a_failing_disk_is_one_store_error_and_the_old_file_stays(folder: Path, call: str) -> None:
    faults = FaultyFileSystem()
    store = with_ann(folder, fs=faults)
    record(store, 10)
    before = (folder / "scores.json").read_bytes()
    faults.fail(call, errno.ENOSPC)
    with pytest.raises(StoreError, match="No space left on device") as refused:
        record(store, 20)
    assert "\n" not in str(refused.value)
    faults.heal()
    assert (folder / "scores.json").read_bytes() == before
    assert sorted(path.name for path in folder.iterdir()) == [LOCK_NAME, "scores.json"]
    assert record(store, 30)
    assert [entry.value for entry in store.table("lines-9")] == [30, 10]


def test_under_random_faults_every_failure_is_a_store_error_and_no_saved_entry_is_lost(
    folder: Path,
) -> None:
    """The store side of item 10: whatever fails, whenever, a result reported saved stays."""
    faults = FaultyFileSystem()
    store = with_ann(folder, fs=faults, lock_wait=0.0)
    faults.rate = 0.1
    saved: set[int] = set()
    for points in range(1, 200):
        try:
            if record(store, points):
                saved.add(points)
            if points % 7 == 0:
                store.save_game("lines", {"points": points})
                assert store.load_game("lines") in ({"points": points}, None)
        except StoreError as error:
            assert "\n" not in str(error)
    assert faults.failures > 20 and len(saved) > 20
    faults.heal()
    assert saved <= {entry.value for entry in store.table("lines-9")}


def test_a_file_that_turns_corrupt_mid_session_is_kept_aside_and_play_goes_on(
    folder: Path,
) -> None:
    store = with_ann(folder)
    record(store, 10)
    garbage = corrupt(folder / "scores.json")
    assert store.players() == []
    (warning,) = store.warnings
    assert "kept it untouched" in warning
    (aside,) = folder.glob("scores.json.corrupt-*")
    assert aside.read_bytes() == garbage
    store.add_player("Ann")
    assert record(store, 20)


def test_threads_share_a_store_safely(folder: Path) -> None:
    """Reads and writes may run in worker threads (the UI reads off its own thread)."""
    store = with_ann(folder)
    problems: list[BaseException] = []

    def play(first: int) -> None:
        try:
            for points in range(first, first + 25):
                assert record(store, points)
                assert store.snapshot().players == ("Ann",)
        except BaseException as error:
            problems.append(error)

    workers = [threading.Thread(target=play, args=(first,)) for first in (1, 101, 201)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert problems == []
    assert len(store.snapshot().tables[next(iter(store.tables()))]) == 75


async def test_the_menu_opens_on_a_read_only_folder(folder: Path, make_read_only: Any) -> None:
    """Item 5 in the app: the menu reads the players and the saved games, and shows them."""
    store = with_ann(folder)
    store.set_active_player("Ann")
    store.save_game("lines", LinesGame.new(seed=1, size=9, started_at=FIXED_NOW).to_json())
    make_read_only(folder)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Ann" in str(app.screen.query_one("#menu-player").render())
        options = app.screen.query_one(OptionList).options
        assert any("Resume Lines" in str(option.prompt) for option in options)


def test_a_write_removes_only_its_own_leftovers_from_the_folder(folder: Path) -> None:
    folder.mkdir(parents=True)
    store = open_store(folder)
    theirs = [folder / ".notes.txt.tmp", folder / ".draft.json.tmp", folder / ".x.tmp"]
    for path in theirs:
        path.write_text("precious", encoding="utf-8")
    cut_short = folder / ".scores.json.4242.tmp"
    cut_short.write_text("{", encoding="utf-8")
    store.add_player("Ann")
    assert not cut_short.exists()
    assert all(path.read_text(encoding="utf-8") == "precious" for path in theirs)


def test_a_rewritten_file_keeps_the_permissions_the_player_gave_it(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    scores = folder / "scores.json"
    scores.chmod(0o600)
    store.add_player("Bob")
    assert scores.stat().st_mode & 0o777 == 0o600
    assert [player for player in open_store(folder).players()] == ["Ann", "Bob"]

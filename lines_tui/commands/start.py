"""Starting the Textual app from the command line: the store of the global options, the check
for a terminal, the app itself. No typer here: `lines-tui` with no command comes straight to
`open_menu` (`lines_tui/cli.py`), so a start loads only what the menu needs (README, "First
frame")."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from lines_tui.commands.common import (
    fail,
    is_terminal,
    leave_store_warnings,
    point_at_null,
    tell_store_warnings,
    warn,
    watch_store_warnings,
)
from lines_tui.commands.options import Settings
from lines_tui.engine.prose import listed

if TYPE_CHECKING:
    from lines_tui.engine.deal_choice import DealChoice
    from lines_tui.store import NotRegistered, Store
    from lines_tui.ui.app import LinesTuiApp
    from lines_tui.ui.direct_start import Start


REGISTER_HINT = "(register with: lines-tui players add NAME)"
"""After the refusal of an unknown `--player`."""


def open_store_for(options: Settings) -> Store:
    """The store of `--data-dir` (or the default place) for a command, its files read at once
    (`open_store`), `--player` checked to be registered, waiting for a busy lock once in all.
    Bad input fails in one line. A scores file that cannot be read stops only a command with
    `--player`, which needs it. The store's warnings (a damaged file set aside) are told
    before the next line on standard error (`watch_store_warnings`), or by the app if it runs
    (`run`)."""
    from lines_tui.store import StoreError, one_lock_wait, open_store

    with one_lock_wait():
        try:
            store = open_store(options.data_dir, scores_needed=options.player is not None)
        except (StoreError, OSError) as error:
            fail(str(error))
        watch_store_warnings(store.warnings, now=False)
        check_registered(store, options.player)
    return store


def open_store_to_play(options: Settings) -> Store:
    """The store of `--data-dir` (or the default place) for the app, opened without reading
    anything the app reads itself on its store's thread once its first frame is up (the scores,
    the saved games, the settings, whose problems it tells): before the terminal is taken over
    only `--player` needs the data folder, checked to be registered and made the active player
    (`make_active`), waiting for a busy lock once in all (README, "First frame"). An unknown
    player fails in one line, the warnings (the players' file set aside) first."""
    from lines_tui.store import one_lock_wait, open_store

    store = open_store(options.data_dir, read_now=False)
    watch_store_warnings(store.warnings, now=False)
    if options.player is not None:
        with one_lock_wait():
            check_registered(store, options.player)
            make_active(store, options.player)
    return store


def check_registered(store: Store, player: str | None) -> None:
    """Refuse a `player` (`--player`; None: not given) who is not registered in `store`, in one
    line (exit 2), with how to register them, or why no one can be under a name no player may
    have (`[red]Ann`: the hint to register was refused in turn). When the store has just set
    the scores file aside, damaged, the line says that this is why, after the line that tells
    it. A file that cannot be read (a lock another copy holds) is told as it is: registering is
    no cure."""
    from lines_tui.store import InvalidName, NotRegistered, StoreError, clean_name

    if player is None:
        return
    try:
        store.resolve_player(player)
    except NotRegistered as error:
        try:
            clean_name(player)
        except InvalidName as problem:
            fail(f"{error}, nor can one be: {problem}")
        fail(unread_players(store, error, REGISTER_HINT) or f"{error} {REGISTER_HINT}")
    except StoreError as error:
        fail(str(error))


def unread_players(store: Store, error: NotRegistered, hint: str = "") -> str | None:
    """`error`'s refusal, saying why, when the scores file that lists the players was not read:
    set aside, damaged, this very command (registering is the cure: `hint`, where the command
    would go on with them), or left as it is (from a newer lines-tui, or damaged behind a link:
    registering would be refused just the same). None when it was read."""
    file = store.path.name
    if any(aside.name == file for aside in store.set_aside.values()):
        said = f"{error}: {file}, which lists the players, was set aside unread"
        return f"{said} {hint}" if hint else said
    if file in store.left_as_they_are:
        return f"{error}: {file}, which lists the players, {LEFT_AS_IT_IS}"
    return None


LEFT_AS_IT_IS = "is left as it is (said above)"
"""Of a data file read as nothing and never written, whose warning the command printed."""


def check_player(options: Settings) -> None:
    """Refuse a `--player` who is not registered (one line, exit 2), whatever the command: as
    a game's start refuses them. A file set aside meanwhile is told now, before the command's
    output."""
    if options.player is not None:
        open_store_for(options)
        tell_store_warnings()


def run_app(
    options: Settings,
    start: Start = "menu",
    layout: str | None = None,
    seed: int | None = None,
    size: int | None = None,
    choice: DealChoice | None = None,
    solvable: bool = False,
    size_for_run: bool = True,
) -> None:
    """The app, on the game `start` names with the options asked on the command line (a `layout`
    or `size` of None: not asked, the default one; `size_for_run`: as `LinesTuiApp` takes it)."""
    from lines_tui.ui.app import LinesTuiApp

    require_terminal()  # needs no data: refused before a file is read (or set aside)
    store = open_store_to_play(options)
    app = LinesTuiApp(
        store,
        start=start,
        layout=layout,
        seed=seed,
        size=size,
        choice=choice,
        solvable=solvable,
        size_for_run=size_for_run,
    )
    run(app)


def run(app: LinesTuiApp) -> None:
    """Run the app on its store (`open_store_to_play`); the process exits with the app's exit
    code: 1 after a crash (Textual has shown its traceback), 143 when SIGTERM ended it, 129 when
    SIGHUP did or the terminal went (README, "Saving and resuming"), or 1 when it ended without
    its last save (the data folder did not answer). What failed unexpectedly on the store's
    thread, told in the app as it went on, leaves its traceback on standard error once the
    terminal is back (README, "When something unexpected fails")."""
    from lines_tui.ui.hangup import terminal_gone

    leave_store_warnings()  # told in the app, as notices
    app.run()
    if terminal_gone(sys.__stdin__):
        # Python's last flush of what Textual left buffered for the hung-up terminal would fail
        # and exit with 120, hiding the app's 129 (a dropped SSH connection).
        point_at_null(sys.stdout, sys.stderr)
    else:
        tell_unexpected(app.unexpected_failures())
    unfinished = app.unfinished_writes()
    if unfinished is not None:
        warn(unfinished)
    if app.return_code or unfinished is not None:
        raise SystemExit(app.return_code or 1)


def tell_unexpected(tracebacks: dict[str, int]) -> None:
    """Each traceback the app kept of an unexpected failure (`LinesTuiApp.unexpected_failures`),
    once, with how many times it came: for whoever reports the bug."""
    for traceback, times in tracebacks.items():
        often = "" if times == 1 else f" ({times} times)"
        warn(
            f"an unexpected error{often} was told in the app, which went on; "
            "its traceback, for a bug report:",
            traceback,
        )


def make_active(store: Store, player: str) -> None:
    """`--player` made the active player only once nothing can refuse the command any more (the
    app is about to run): a command refused (no terminal, a damaged code) changes nothing.
    Nothing is written when they are already. Where they cannot be made active (a read-only
    data folder, the lock held by another copy past the wait, a full disk) they play this run
    all the same, and the app says so (`Store.play_as`). Refused in one line, before any write
    is tried, if they are no longer registered or the scores cannot be read (`Store.play_as`
    reads them once)."""
    from lines_tui.store import StoreError

    try:
        store.play_as(player)
    except StoreError as error:
        fail(str(error))


def require_terminal() -> None:
    """The games draw on a terminal and read its keys; with input or output redirected they would
    spin with nobody to play, so they refuse to start instead. Textual draws on standard error:
    with that redirected (`2>/dev/null`, `2>log`) the game ran unseen, reading keys."""
    streams = {"input": sys.stdin, "output": sys.stdout, "error": sys.stderr}
    missing = [name for name, stream in streams.items() if not is_terminal(stream)]
    if missing:
        which = listed(missing)
        verb = "is" if len(missing) == 1 else "are"
        fail(
            f"the games need a terminal (standard {which} {verb} not one); "
            "`lines-tui scores` and the other commands work without one"
        )


def open_menu(options: Settings) -> None:
    run_app(options)

"""The global options given before the sub-command (`lines-tui --data-dir D --player P ...`):
the data folder they name, or `$LINES_TUI_HOME`, refused in one line when it cannot be one, a
`~` at its start expanded as for every path (`engine.text_file.expand_home`)."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from lines_tui.commands.common import fail
from lines_tui.engine.text_file import HomeUnknown, NotUtf8, expand_home, utf8_text
from lines_tui.engine.visible_text import repeated

if TYPE_CHECKING:
    import typer

Command = TypeVar("Command", bound=Callable[..., Any])

CHECKS_PLAYER = "lines_tui_checks_player"
"""The attribute `checks_player` sets on a command's function (typer's wrapper of it keeps it)."""


@dataclass(frozen=True)
class Settings:
    """The global options given before the sub-command (`lines-tui --data-dir D --player P ...`)."""

    data_dir: Path | None = None
    player: str | None = None


def not_utf8(word: str) -> NotUtf8 | None:
    """Why a word of the command line is not UTF-8 text ("not UTF-8 text (at byte 4)"), or None
    when it is: Python hands such a word over with each bad byte as a lone surrogate (U+DCFF
    for 0xFF), which the bytes of the word give back."""
    if word.isascii():
        return None
    try:
        utf8_text(os.fsencode(word))
    except NotUtf8 as error:
        return error
    return None


def data_dir_setting(given: str | None) -> Path | None:
    """The `--data-dir` of the command line (None: not given), or, when it is not given, the
    `$LINES_TUI_HOME` the store will read (None), each refused in one line (exit 2) if it cannot
    be the data folder. The menu's fast start and the command tree both come here, before
    anything else is done."""
    if given is not None:
        return data_dir_option(given)
    check_home_variable()
    return None


def data_dir_option(text: str) -> Path:
    """The folder `--data-dir TEXT` names, a `~` at its start expanded as a shell does (the shell
    leaves `--data-dir=~/x` alone, and a folder named `~` was made). Refused in one line (exit 2)
    as `data_folder` says."""
    return data_folder(text, "--data-dir ")


def check_home_variable() -> None:
    """Refuse a `$LINES_TUI_HOME` that cannot be the data folder, as `--data-dir` is refused (the
    menu opened with a notice for each file it could not read there, and each command said what
    it could not do in words of its own). Only when no `--data-dir` is given: that one wins. An
    empty value is no value (the user data folder), as for the XDG variables; a `~` at its start
    is the home folder, the store's reading of it (`export LINES_TUI_HOME="~/x"` in a shell
    profile keeps the ~, quoted)."""
    from lines_tui.store.store import HOME_VARIABLE

    text = os.environ.get(HOME_VARIABLE)
    if text:
        data_folder(text, f"{HOME_VARIABLE}=")


def data_folder(text: str, given_as: str) -> Path:
    """The folder `text` names, given as `given_as` (`--data-dir `, `LINES_TUI_HOME=`), with a
    `~` at its start expanded. Refused in one line (exit 2) when blank, when `~user` names no
    home folder, when it is a loop of links or a name too long to look up, or when it or a
    folder above it is a file. A path that names a real place is repeated whole, as the store
    names it (a long one is folded by its folders where the app shows it); one too long to look
    up, or what it names below a file, is pasted text, not a place, and is cut as every refusal
    cuts it (`repeated`)."""
    if not text.strip():
        fail(empty_path(given_as.rstrip(" =")))
    try:
        folder = expand_home(text)
    except HomeUnknown as error:
        fail(error.refusal(given_as))
    for place in (folder, *folder.parents):
        try:
            mode = place.stat().st_mode
        except OSError as error:
            if error.errno == errno.ENAMETOOLONG:  # the store said so with the path whole
                fail(f"{given_as}{repeated(str(folder))}: {error.strerror}")
            if error.errno == errno.ELOOP:  # a loop of links: nothing above can tell more
                fail(f"{given_as}{folder}: {error.strerror}")
            continue  # not there (yet), or not to be looked at: the one above may tell
        if stat.S_ISDIR(mode):
            break  # what is below it is made as needed
        # /dev/null or a FIFO is no file to the player: it is simply not a folder.
        what = "a file, not a folder" if stat.S_ISREG(mode) else "not a folder"
        if place == folder:
            fail(f"{given_as}{folder} is {what}")
        # Below the file is no place at all: what was typed (or pasted) there is cut.
        below = repeated(str(folder.relative_to(place)))
        fail(f"{given_as}{place / below}: {place} is {what}")
    return folder


def empty_path(name: str, what: str = "folder") -> str:
    """The one line that refuses a path given blank (`--data-dir ''`, `--folder ''`, `solve ''`),
    naming the option or argument `name` and what it takes (a `folder` or a `file`): the empty
    string is the current folder to the system, and `--folder ''` searched it without a word."""
    current = " (the current folder is '.')" if what == "folder" else ""
    return f"{name} needs a {what}; it is empty{current}"


def settings(ctx: typer.Context) -> Settings:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, Settings) else Settings()


def checks_player(command: Command) -> Command:
    """Mark a command (or a group's callback) that checks `--player` itself, as it opens the
    store (`start.open_store_for`, `scores.open_cli_store`, `start.check_player`): after the
    checks that need no data (a terminal, a code's checksum), since opening the store may set a
    damaged file aside, which a command refused for what it was given should not do. The
    command tree checks `--player` first for every command not so marked (`player_checked_by`),
    so one that forgets the mark is still checked, only sooner."""
    setattr(command, CHECKS_PLAYER, True)
    return command


def player_checked_by(command: Any) -> bool:
    """Whether the click `command` checks `--player` itself (`checks_player`): a command whose
    function is marked, or a group whose callback and every command are."""
    if not getattr(getattr(command, "callback", None), CHECKS_PLAYER, False):
        return False
    commands = getattr(command, "commands", {})  # a group's
    return all(player_checked_by(sub) for sub in commands.values())

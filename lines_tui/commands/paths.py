"""Path options and arguments as a player types them: a `~` at the start is the home folder, as
the shell reads it, also where the shell leaves it alone (`--folder=~/x`, `'~/x'` quoted). Every
option and argument that takes a path reads it with one of these (typer's `parser=`); a `~user`
that names no home folder is refused in one line (exit 2), as click refuses any bad value.

`--layout NAME|PATH` is not here: it is a name first, and `find_layout` reads a path in it the
same way."""

from __future__ import annotations

import stat
from pathlib import Path

import typer

from lines_tui.engine.text_file import HomeUnknown, expand_home


def path_value(text: str) -> Path:
    """The path `text` names, `~` expanded."""
    try:
        return expand_home(text)
    except HomeUnknown as error:
        raise typer.BadParameter(str(error)) from None


def folder_value(text: str) -> Path:
    """The folder `text` names, `~` expanded: one that exists (a layout folder to search;
    a missing one would be searched as an empty one, without a word)."""
    folder = path_value(text)
    try:
        mode = folder.stat().st_mode
    except OSError as error:
        raise typer.BadParameter(f"{folder}: {error.strerror or error}") from None
    if not stat.S_ISDIR(mode):
        raise typer.BadParameter(f"{folder} is not a folder")
    return folder

"""Path options and arguments as a player types them: a `~` at the start is the home folder, as
the shell reads it, also where the shell leaves it alone (`--folder=~/x`, `'~/x'` quoted). Every
option and argument that takes a path reads it with one of these (typer's `parser=`); a `~user`
that names no home folder is refused in one line (exit 2), as click refuses any bad value, and so
is an empty one, in the words `--data-dir ''` is refused in (`options.empty_path`).

`--layout NAME|PATH` is a name first, and `find_layout` reads a path in it the same way: only
an empty one is refused here (`layout_value`)."""

from __future__ import annotations

import stat
from pathlib import Path

import typer

from lines_tui.commands.common import STANDARD_INPUT
from lines_tui.commands.options import empty_path
from lines_tui.engine.text_file import HomeUnknown, expand_home
from lines_tui.engine.visible_text import repeated
from lines_tui.outside_text import printable


class EmptyPath(typer.BadParameter):
    """A path given blank: the empty string is the current folder to the system, so
    `--folder ''` searched it and `solve ''` named a file `.`. Told as `empty_path` tells it,
    naming the option or argument click attaches (`--folder`, `POSITION.json`)."""

    def __init__(self, what: str) -> None:
        super().__init__("it is empty")
        self.what = what

    def format_message(self) -> str:
        param = self.param
        if param is None:
            return super().format_message()
        options = [name for name in param.opts if name.startswith("-")]
        return empty_path(options[0] if options else param.human_readable_name, self.what)


def path_text(text: str) -> str:
    """A path kept as given, for the code that reads it itself (`--data-dir`:
    `options.data_dir_setting`)."""
    return text


def _expanded(text: str, what: str) -> Path:
    if not text.strip():
        raise EmptyPath(what)
    try:
        return expand_home(text)
    except HomeUnknown as error:
        raise typer.BadParameter(printable(str(error))) from None


def layout_value(text: str) -> str:
    """A `--layout` as given (a name or a path); an empty one is refused naming the option, as
    an empty path is."""
    if not text.strip():
        raise EmptyPath("layout name or file")
    return text


def path_value(text: str) -> Path:
    """The file `text` names, `~` expanded."""
    return _expanded(text, "file")


def file_or_standard_input(text: str) -> str:
    """`-` (standard input), or the file `text` names as `path_value` reads it, kept as text: a
    Path writes `./-`, the file named -, as `-`."""
    if text == STANDARD_INPUT:
        return text
    path = path_value(text)
    return text if path == Path(text) else str(path)


def folder_value(text: str) -> Path:
    """The folder `text` names, `~` expanded: one that exists and can be listed (a layout
    folder to search; a missing or unreadable one would be searched as an empty one, without a
    word)."""
    folder = _expanded(text, "folder")
    # Spelled out here, where the path is quoted: click's message is one line only once its own
    # line breaks are joined, and a line break in the path then read as a space. One that cannot
    # be looked up is cut as pasted text is (`repeated`); a real one is named whole.
    try:
        mode = folder.stat().st_mode
    except OSError as error:
        raise typer.BadParameter(f"{repeated(str(folder))}: {error.strerror or error}") from None
    if not stat.S_ISDIR(mode):
        raise typer.BadParameter(f"{printable(str(folder))} is not a folder")
    from lines_tui.engine.mahjong.layouts import LayoutError, layout_files

    try:
        layout_files(folder)
    except LayoutError as error:  # "cannot read DIR: Permission denied"
        raise typer.BadParameter(printable(str(error))) from None
    return folder


PATH_PARSERS = (path_text, path_value, file_or_standard_input, folder_value)
"""The parsers of the options and arguments that are only ever opened as paths, never kept or
shown as text: their value may be any bytes a file name can hold, UTF-8 or not
(`tree.refuse_non_utf8`). A `--layout` is not one: a layout's path is kept in a saved game, as
text."""


def takes_any_bytes(parser: object) -> bool:
    """Whether a click parameter type is one of `PATH_PARSERS`' (typer's `parser=`)."""
    return getattr(parser, "func", None) in PATH_PARSERS

"""The `lines-tui` command: the menu by default, each game directly, and the tools around them.

The command tree (typer, `commands/tree.py`) and every sub-command's module cost more at start
than a third of an empty Textual app's first frame, so the plainest start, `lines-tui` with at
most the global options `--data-dir` and `--player`, opens the menu without them (README, "First
frame"). Every other start, and anything unusual in one, goes through the tree, which answers as
it always has.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lines_tui.commands.common import (
    INTERRUPTED,
    escape_unencodable,
    hold_standard_descriptors,
    tell_store_warnings,
)
from lines_tui.commands.options import Settings, data_dir_setting, not_utf8

if TYPE_CHECKING:
    import typer

MENU_OPTIONS = ("--data-dir", "--player")


def main() -> None:
    hold_standard_descriptors()
    escape_unencodable()
    options = menu_options(sys.argv[1:])
    if options is None or completion_asked():
        try:
            # ctrl+c in the quarter of a second this import takes printed its traceback; once
            # the tree runs, each command says how ctrl+c stopped it.
            from lines_tui.commands.tree import app
        except KeyboardInterrupt:
            sys.exit(INTERRUPTED)
        app()
        return
    try:
        from lines_tui.commands.start import open_menu

        open_menu(options)
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    finally:
        tell_store_warnings(ended=True)


def menu_options(args: Sequence[str]) -> Settings | None:
    """The settings of `lines-tui [--data-dir D] [--player P]` (`--option=value` too, the last of
    a repeated option counts), or None for any other command line: a command, `--help`, an
    option without its value or with an empty one or one that looks like an option, a player's
    name that is not UTF-8 text (the tree refuses it; a data folder may be any bytes). A data
    folder the command tree would refuse (`--data-dir` or `$LINES_TUI_HOME`) is refused here in
    the same line (`data_dir_setting`)."""
    values: dict[str, str] = {}
    rest = list(args)
    while rest:
        option, equals, value = rest.pop(0).partition("=")
        if option not in MENU_OPTIONS:
            return None
        if not equals:
            if not rest:
                return None
            value = rest.pop(0)
        if not value or value.startswith("-"):
            return None
        if option == "--player" and not_utf8(value) is not None:
            return None
        values[option] = value
    return Settings(
        data_dir=data_dir_setting(values.get("--data-dir")), player=values.get("--player")
    )


def completion_asked() -> bool:
    """Shell completion (click's `_LINES_TUI_COMPLETE` and the like) is the tree's to answer."""
    return any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ)


def __getattr__(name: str) -> typer.Typer:
    """`lines_tui.cli.app`, the command tree (tests drive it with typer's CliRunner), loaded when
    first asked for."""
    if name == "app":
        from lines_tui.commands.tree import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

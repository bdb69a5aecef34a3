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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

# Nothing else of the package is imported here: ctrl+c while the modules below load (a quarter
# of a second for the command tree) printed a traceback; once a command runs, it says how ctrl+c
# stopped it.
from lines_tui.commands.exit_codes import INTERRUPTED

if TYPE_CHECKING:
    import typer

    from lines_tui.commands.options import Settings

MENU_OPTIONS = ("--data-dir", "--player")


def main() -> None:
    try:
        start = loaded_start(sys.argv[1:])
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    start()


def loaded_start(args: Sequence[str]) -> Callable[[], object]:
    """What `lines-tui args` runs, with the modules it needs loaded: the command tree, or the
    menu at once (see the module)."""
    from lines_tui.commands.common import (
        escape_unencodable,
        hold_standard_descriptors,
        tell_store_warnings,
    )

    hold_standard_descriptors()
    escape_unencodable()
    options = menu_options(args)
    if options is None or completion_asked():
        from lines_tui.commands.tree import app

        return app
    from lines_tui.commands.start import open_menu

    def menu() -> None:
        try:
            open_menu(options)
        except KeyboardInterrupt:
            sys.exit(INTERRUPTED)
        finally:
            tell_store_warnings(ended=True)

    return menu


def menu_options(args: Sequence[str]) -> Settings | None:
    """The settings of `lines-tui [--data-dir D] [--player P]` (`--option=value` too, the last of
    a repeated option counts), or None for any other command line: a command, `--help`, an
    option without its value or with an empty one or one that looks like an option, a player's
    name that is not UTF-8 text (the tree refuses it; a data folder may be any bytes). A data
    folder the command tree would refuse (`--data-dir` or `$LINES_TUI_HOME`) is refused here in
    the same line (`data_dir_setting`)."""
    from lines_tui.commands.options import Settings, data_dir_setting, not_utf8

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

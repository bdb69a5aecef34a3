"""A share code on a screen that may not have room for all of it: the lines that fit, and where
it is cut a line that says so, how much is hidden and the ways to get it whole, so that no player
selects a code cut short without a word (README, "Share codes")."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.style import Style
from rich.text import Text

from lines_tui.outside_text import printable
from lines_tui.store import TableId, default_data_dir

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.layouts import Layout


def command_prints_it(table: TableId, played_here: Mapping[str, Layout]) -> bool:
    """Whether `lines-tui scores export` prints the code the app makes of `table` (or of one of
    its entries' challenge), so that the screen may offer it (`export_command`). The command
    replays a Mahjong table's games on the layout it finds by itself, built in or installed: a
    layout the app has only from a file played here (`played_here`: `Session.played_layouts`)
    it cannot know, and would say the layout is not installed. Reads the layout folders: asked
    on the store's thread."""
    if table.kind != "mahjong" or table.variant not in played_here:
        return True  # the app finds the layout as the command does (or neither finds it)
    from lines_tui.engine.mahjong.layouts import layout_for_table

    return layout_for_table(table.variant) is not None


def export_command(table: TableId, data_dir: Path, challenge_of: int | None = None) -> str:
    """The command line that prints the code of `table` whole (of its entry `challenge_of`'s
    challenge, if given), naming `data_dir` when it is not the folder the command finds by
    itself; "" (none is offered) when that path is not shown as it is: a control or invisible
    character in it is spelled out (inert), and the command shown would name another folder
    (as `command_prints_it` offers none for a layout the command would not find)."""
    words = ["lines-tui"]
    if data_dir != default_data_dir():
        path = str(data_dir)
        if printable(path) != path:
            return ""
        words += ["--data-dir", shlex.quote(path)]
    words += ["scores", "export", shlex.quote(str(table))]
    if challenge_of is not None:
        words += ["--entry", str(challenge_of), "--challenge"]
    return " ".join(words)


@dataclass(frozen=True)
class CodeShown:
    """A code, the command line that prints it whole ("" if none does: `command_prints_it`),
    and how its key copies it: "c copies it" (the table's code), "x sent it to the clipboard"
    (a challenge's: c copies the table's)."""

    code: str
    command: str
    copied: str

    def lines_needed(self, width: int) -> int:
        return -(-len(self.code) // max(1, width))

    def fitted(self, width: int, room: int, console: Console, cut_style: Style) -> Text:
        """The code in lines of `width` cells: whole if it fits `room` lines, else its first
        lines and, under the cut, what is hidden and how to get it whole (in `cut_style`),
        all within `room` lines where they can be (at least one line of the code)."""
        width = max(1, width)
        if self.lines_needed(width) <= room:
            return Text(self.code)
        kept = len(self.code)
        note = Text()
        for _ in range(2):  # the note's length depends on how much it says is hidden
            note = Text(self.cut_note(len(self.code) - kept, width), style=cut_style)
            note_lines = len(note.wrap(console, width))
            kept = max(1, room - note_lines) * width
        return Text.assemble(self.code[:kept], "\n", note)

    def cut_note(self, hidden: int, width: int) -> str:
        """What is hidden and each way to get it whole: v, the key that copies it, the
        command (if one prints it) on a line of its own, so that it is never broken across
        two; a command wider than that line (a long --data-dir) is cut there with '…', and
        the note says that v shows it whole (`CodeScreen`): broken across lines, it took a row
        of the table's."""
        cut = f"… cut here: {hidden:,} of its {len(self.code):,} characters are not shown."
        ways = f"v shows it whole; {self.copied} (where the terminal allows)"
        if not self.command:
            return f"{cut} {ways}."
        line = Text(self.command)
        line.truncate(width, overflow="ellipsis")
        run = "or run:" if line.plain == self.command else "or run (whole in v):"
        return f"{cut} {ways}; {run}\n{line.plain}"

    def explained(self, whose: str) -> str:
        """What a view of the whole code says above it: `whose` ("Share code of this table
        (Lines 9 x 9)"). The command, if any, is under the code (`CodeScreen`)."""
        return (
            f"{whose}, {len(self.code):,} characters. c copies it (where the terminal allows); "
            f"or select it with the mouse: a code longer than the screen scrolls (j k, pgup pgdn), "
            f"select it a screen at a time, line breaks are ignored when it is pasted."
        )

"""An esc typed right before another key, which the terminal's bytes join to it (README, "Keys
typed fast").

A terminal sends esc as the byte ESC, and alt+x (macOS: option+x) as ESC then x: Textual tells
the two apart by time alone, an ESC followed within its escape delay (0.1 s) by another key
being read as that key with alt. A player who types esc and at once a cell (`6g`), or whose keys
an SSH connection delivers in one packet, lost both the esc and the key. The app binds no alt
key, so such a key is split back into an esc and the key typed after it (`esc_joined`).

Some of those pairs Textual reads as other keys altogether (`read_esc_apart`): ESC and a digit
as what option+digit types on a Mac ("§" for 6, which a UK or German keyboard types with one key
too, so the two cannot be told apart after reading), and ESC with enter or space as that key
alone. Those are read as two keys at once. The games take an esc that drops a pick where they
take a cell's or a label's keys, so that it acts before the keys typed after it."""

from __future__ import annotations

from typing import cast

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual.keys import Keys


class KeyAfterEsc(str):
    """A key read right after an esc, in Textual's table of sequences: it reads only a key's
    `value`, its name (a digit is no `Keys` member)."""

    @property
    def value(self) -> str:
        return str(self)


READ_AS_TWO_KEYS = {
    "\x1b\r": (Keys.Escape, Keys.Enter),
    "\x1b ": (Keys.Escape, Keys.Space),
    **{f"\x1b{digit}": (Keys.Escape, cast(Keys, KeyAfterEsc(digit))) for digit in "0123456789"},
}
"""ESC and a key that Textual read as one other key (see the module), read as both at once: not
left to wait for more (three keys in one burst, another ESC among them, turned the esc into a
"^" and the cell after it moved the ball it was to drop)."""


def read_esc_apart() -> None:
    """Have Textual's terminal reader keep an esc typed right before a digit, enter or space
    (`READ_AS_TWO_KEYS`). Textual's table of sequences is private: tests/test_ui_esc_joined.py
    reads through Textual's own reader what each pair becomes, so a Textual that reads them
    otherwise fails there."""
    table = ANSI_SEQUENCES_KEYS
    assert isinstance(table, dict)  # typed read-only, built as a dict
    table.update(READ_AS_TWO_KEYS)


def esc_joined(key: events.Key) -> tuple[events.Key, events.Key] | None:
    """An esc and the key after it, when `key` is the two read as one (alt and one character);
    else None. (Not asked in a text field: there alt+x types x, and an esc would close the
    field's dialog and lose what was typed.)"""
    rest = key.key.removeprefix("alt+")
    shifted = rest.startswith("shift+")
    name = rest.removeprefix("shift+")
    if rest == key.key or len(name) != 1:
        return None  # no alt, or alt with a named key (alt+up): a key of its own
    character = name.upper() if shifted else name
    after = events.Key(character, character)
    esc = events.Key("escape", "\x1b")
    esc.time = after.time = key.time  # read when the key was: typing that follows keeps its order
    return esc, after

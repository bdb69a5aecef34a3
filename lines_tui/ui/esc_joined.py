"""An esc typed right before another key, which the terminal's bytes join to it (README, "Keys
typed fast").

A terminal sends esc as the byte ESC, and alt+x (macOS: option+x) as ESC then x: Textual tells
the two apart by time alone, an ESC followed within its escape delay (0.1 s) by another key
being read as that key with alt. A player who types esc and at once a cell (`6g`), or whose keys
an SSH connection delivers in one packet, lost both the esc and the key. The app binds no alt
key, so such a key is split back into an esc and the key typed after it (`esc_joined`).

Some of those pairs Textual reads as other keys altogether (`read_esc_apart`): ESC and a digit
as what option+digit types on a Mac ("§" for 6, which a UK or German keyboard types with one key
too, so the two cannot be told apart after reading), ESC b and ESC f as ctrl+left and
ctrl+right, and ESC with enter or space as that key alone."""

from __future__ import annotations

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual.keys import Keys

READ_AS_OTHER_KEYS = tuple("\x1b" + c for c in "0123456789-=bf")
"""ESC and a character that Textual reads as another key (see the module)."""
READ_AS_ONE_KEY = {"\x1b\r": (Keys.Escape, Keys.Enter), "\x1b ": (Keys.Escape, Keys.Space)}
"""ESC and a key that Textual reads as that key alone, the esc lost."""


def read_esc_apart() -> None:
    """Have Textual's terminal reader keep an esc typed right before another key: ESC and a digit
    (or b, f) is read as alt with that key, which `esc_joined` splits, and ESC with enter or
    space as both keys. Textual's table of sequences is private: tests/test_ui_esc_joined.py
    reads through Textual's own reader what each pair becomes, so a Textual that reads them
    otherwise fails there."""
    table = ANSI_SEQUENCES_KEYS
    assert isinstance(table, dict)  # typed read-only, built as a dict
    for sequence in READ_AS_OTHER_KEYS:
        table.pop(sequence, None)
    table.update(READ_AS_ONE_KEY)


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


class EscFirst:
    """An esc split off a key (`esc_joined`) acts before the keys typed after it. Its binding acts
    only once it has come back up to the app from the widget it was passed to, while a letter
    or a digit acts in the screen it reaches (Lines' cells, Mahjong's labels): `esc` `8g` in
    one burst moved the picked ball to 8g, then the esc went to the menu. So the keys after it
    are held (`HeldTyping.expect`) until it is back (`came_back`), or for `ROUND_TRIP` at most
    (a widget that takes the esc itself never sends it up)."""

    ROUND_TRIP = 0.2
    """Seconds the keys after a split esc wait at most for it to come back up to the app (it
    takes a few milliseconds)."""

    def __init__(self) -> None:
        self._on_its_way: events.Key | None = None

    def sent(self, esc: events.Key) -> None:
        """`esc`, split off a key, has been passed on to the screen."""
        self._on_its_way = esc

    def came_back(self, event: events.Event) -> bool:
        """Whether `event` is that esc, come back up to the app, where its binding acts."""
        if event is not self._on_its_way:
            return False
        self._on_its_way = None
        return True

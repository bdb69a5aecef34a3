"""An esc typed right before another key, which the terminal's bytes join to it (README, "Keys
typed fast").

A terminal sends esc as the byte ESC, and alt+x (macOS: option+x) as ESC then x: Textual tells
the two apart by time alone, an ESC followed within its escape delay (0.1 s) by another key
being read as that key with alt. Digits with alt are read as what option+digit types on a Mac
keyboard ("§" for option+6). A player who types esc and at once a cell (`6g`), or whose keys
an SSH connection delivers in one packet, lost both the esc and the key. The app binds no alt
key, so such a key is split back into an esc and the key typed after it."""

from __future__ import annotations

from textual import events

OPTION_DIGITS = {
    **{option: (digit, digit) for option, digit in zip("º¡™£¢∞§¶•ª", "0123456789", strict=True)},
    "–": ("minus", "-"),
    "≠": ("equals_sign", "="),
}
"""What Textual reads ESC and a digit (or - or =) as, the character option+digit types on a Mac:
the key typed after the esc, by its name and character."""


def esc_joined(key: events.Key) -> tuple[events.Key, events.Key] | None:
    """An esc and the key after it, when `key` is the two read as one; else None. (Not asked in
    a text field: there alt+x or "£" may be typed for itself, and an esc would close the
    field's dialog and lose what was typed.)"""
    if key.key.startswith("alt+"):
        rest = key.key.removeprefix("alt+")
        shifted = rest.startswith("shift+")
        name = rest.removeprefix("shift+")
        if len(name) != 1:
            return None  # alt with a named key (alt+up): a key of its own
        character = name.upper() if shifted else name
        after = events.Key(character, character)
    elif key.character in OPTION_DIGITS:
        after = events.Key(*OPTION_DIGITS[key.character])
    else:
        return None
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

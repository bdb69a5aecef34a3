"""A paste stays a paste, whatever it holds (README, "Outside text").

A terminal in bracketed-paste mode sends a paste between ESC [200~ and ESC [201~. Textual's
input parser reads an ESC inside a paste as the start of a key sequence: the characters after
it leave the paste and arrive as key presses, so text copied from a chat with a colour code in
it ("\\x1b[1mLT2-…\\x1b[0m") came out scrambled, and a paste holding ESC then "N", "y" would
have pressed N (new deal) and y (yes, replace the game). Here every ESC inside a paste reaches
the parser as a stand-in character, and the paste's text gets its ESCs back, so the text fields
and the code finder see exactly what was pasted and no key is ever pressed by a paste.
"""

from __future__ import annotations

from collections.abc import Iterable
from time import monotonic

from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.message import Message

ESC = "\x1b"
PASTE_START = ESC + "[200~"
PASTE_END = ESC + "[201~"
PASTED_ESC = "\ue01b"
"""Stands for an ESC inside a paste on its way through the parser (a private-use character)."""


class PasteSafeParser(XTermParser):
    """Textual's parser, fed with the ESCs of a paste made harmless."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._in_paste = False
        self._start_matched = 0
        """Outside a paste: how much of PASTE_START the last characters were."""
        self._held = ""
        """Inside a paste: the last characters, while they may be the start of PASTE_END."""
        self._fed_at = 0.0

    def tick(self) -> Iterable[Message]:
        # Textual gives up an escape sequence that stops for ESCAPE_DELAY (an escape key, then
        # "[200~" typed later): so does the watch for a paste's start, or the two would part.
        if self._start_matched and monotonic() - self._fed_at >= constants.ESCAPE_DELAY:
            self._start_matched = 0
        return super().tick()

    def feed(self, data: str) -> Iterable[Message]:
        self._fed_at = monotonic()
        guarded = self._guarded(data)
        if data and not guarded:
            return  # all held back (an empty feed would mean the end of the input)
        for event in super().feed(guarded):
            if isinstance(event, events.Paste):
                event = events.Paste(event.text.replace(PASTED_ESC, ESC))
            yield event

    def _guarded(self, data: str) -> str:
        shown: list[str] = []
        for character in data:
            if self._in_paste:
                self._inside(character, shown)
            else:
                shown.append(character)
                self._outside(character)
        return "".join(shown)

    def _outside(self, character: str) -> None:
        if character == PASTE_START[self._start_matched]:
            self._start_matched += 1
        else:
            self._start_matched = 1 if character == ESC else 0
        if self._start_matched == len(PASTE_START):
            self._in_paste, self._start_matched = True, 0

    def _inside(self, character: str, shown: list[str]) -> None:
        held = self._held + character
        if PASTE_END.startswith(held):
            self._held = held
            if held == PASTE_END:
                shown.append(held)
                self._in_paste, self._held = False, ""
            return
        # Not the end marker after all: what was held is pasted text.
        shown.append(self._held.replace(ESC, PASTED_ESC))
        self._held = ""
        if character == ESC:
            self._held = ESC
        else:
            shown.append(character)


def guard_pastes() -> None:
    """Make Textual's Linux driver read its input with `PasteSafeParser`. The driver builds its
    parser by this module-level name each time it starts reading; Textual offers no other seam
    for it (tests/test_e2e_pty.py checks the real terminal path)."""
    from textual.drivers import linux_driver

    linux_driver.XTermParser = PasteSafeParser  # type: ignore[attr-defined]

"""The field a friend's share codes are pasted into, and how it reads keys and pastes: an enter
merges once nothing followed it for a moment (a paste a terminal types out as keys holds line
breaks), and one followed sooner by text stays as the line break it was; a `?` alone is the help
key, and a paste goes in as the codes found in it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import cached_property, partial
from typing import ClassVar

from textual import events
from textual.binding import BindingType
from textual.message import Message
from textual.widget import Widget

from lines_tui.store.paste import MAX_PASTE_CHARS, find_codes, too_long_to_read
from lines_tui.ui.plain_input import PlainInput, editing_keys

ENTER_SETTLES = 0.2
"""Seconds with no key nor paste after an enter for the enter to merge: a paste typed out by the
terminal as keys comes in a burst, a player's next key after enter much later."""


LINE_FEED = "ctrl+j"
"""The key a line feed is read as: a line break of a paste typed out with LF or CR LF line ends
(the enter of CR LF followed by it), which a terminal may pass on as it is."""


class EnterOnceQuiet:
    """The keys and pastes one widget reads, counted in the order it reads them: an enter (or
    `key`) read there calls `merge` once ENTER_SETTLES seconds went by with nothing read after
    it. A terminal without bracketed paste types a paste out as keys, each line break an enter:
    an enter followed by more of the paste merges nothing and says nothing, and one that ends the
    paste merges the whole of it.

    The enter is taken when the widget reads it, not by its binding: a binding runs once the
    key has gone up to the app, and by then the widget has read the keys after it (the field
    held the whole paste, so every enter in it looked like the last one). The count is
    compared in the widget's own queue, behind any key that reached it meanwhile."""

    def __init__(self, widget: Widget, merge: Callable[[], object], key: str = "enter") -> None:
        self._widget = widget
        self._merge = merge
        self._key = key
        self._reads = 0

    def read(self, event: events.Key | events.Paste) -> bool:
        """Count `event`, read by the widget; True if it is an enter (or `key`), taken here."""
        self._reads += 1
        if not isinstance(event, events.Key) or event.key != self._key:
            return False
        event.stop()  # its binding would merge once the rest of a paste was in
        event.prevent_default()
        self.wait()
        return True

    def wait(self) -> None:
        """Merge once ENTER_SETTLES seconds went by with nothing read from now on. The worker
        gets a function that makes the coroutine when it runs, not the coroutine (as
        dead_end.DeadEndCheck's): one cancelled before it starts leaves none that nobody
        awaits."""
        merge_if_quiet: Callable[[], Awaitable[None]] = partial(self._merge_if_quiet, self._reads)
        self._widget.run_worker(merge_if_quiet, group=self._key)

    async def _merge_if_quiet(self, mark: int) -> None:
        await asyncio.sleep(ENTER_SETTLES)
        checked: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def check() -> None:
            if self._reads == mark:
                self._merge()
            checked.set_result(None)

        self._widget.call_later(check)  # behind the keys the widget has yet to read
        await checked


class CodeInput(PlainInput, inherit_bindings=False):
    """The field of the codes to merge. A paste goes whole to find_codes, as pasted (wrapped over
    lines, "> " before each, prose around), and the field gets the codes it found, one after
    another; a paste with nothing like a code, or with more codes than are read
    (`too_long_to_read`), goes in on one line, so that the preview says why, unless it is too
    long for the field: then the screen is told why nothing went in (`PasteRefused`). Its enter
    key has no binding here (Input's own is left out): the screen's names it in the Footer, as
    what enter does there ("Merge", or "Challenge"); it submits the
    field once nothing followed it for ENTER_SETTLES seconds (see EnterOnceQuiet); an enter that
    text followed sooner was a line break of a paste typed out as keys, and goes in before that
    text as a space that the field reads as a line break (`pasted_text`), so that the lines are
    read as a paste's: a "> " at a line's start is a quote mark, a prose line no part of a code.
    `?`, which no code holds, is the help key here as on every other screen, once nothing but
    `?` followed it as quickly: `?` pressed twice in a hurry (the help waits those 0.2 s) opens
    the help, once.
    A `?` in a burst with other text is part of a paste typed out as keys (prose around a code,
    "Can you beat this?"), and goes into the field in its place: one sent within ENTER_SETTLES
    seconds of a character or paste before it, or held and followed as quickly by anything
    else."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *editing_keys("the codes", "character"),
    ]

    _questions_held = 0
    """The `?`s read and not yet told apart: the help key, or a paste's (see the class)."""

    _text_sent_at: float | None = None
    """When the last character or paste read here was sent: a `?` sent within ENTER_SETTLES
    seconds of it is in the same burst, text."""

    _line_break_held = False
    """An enter was read and has not merged: text read before it does makes it a line break of a
    paste typed out as keys, which goes in before that text (`_put_held_line_break`)."""

    _line_breaks: frozenset[int] = frozenset()
    """Where a space of the value stands for a line break of a paste typed out as keys."""

    _line_breaks_of = ""
    """The value `_line_breaks` are of: a value the program sets whole has none."""

    @cached_property
    def enters(self) -> EnterOnceQuiet:
        return EnterOnceQuiet(self, self._submit)

    @property
    def pasted_text(self) -> str:
        """The text of the field as it was pasted: the value, with a line break again for each
        space that stands for one (an enter of a paste typed out as keys)."""
        if self.value != self._line_breaks_of:
            return self.value
        text = list(self.value)
        for place in self._line_breaks:
            text[place] = "\n"
        return "".join(text)

    @cached_property
    def helps(self) -> EnterOnceQuiet:
        return EnterOnceQuiet(self, self._open_help, key="question_mark")

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # `?` is not typed: the Footer and the help show it as the help key, as elsewhere.
        return character != "?" and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        # A key not taken here goes on to PlainInput's and Input's handlers: Textual calls each
        # class's in turn, unless one prevents the default (as taking enter or `?` does).
        an_enter = self.enters.read(event)
        if self.helps.read(event) and not self._in_text_burst(event):
            self._questions_held += 1  # the help key, unless more than `?` follows
            return
        self._type_held_questions()  # read before this key: before its line break too
        if an_enter or event.key == LINE_FEED:
            self._line_break_held = True  # until it merges, or text follows it
        elif event.is_printable:
            self._put_held_line_break()  # Input's handler puts the character in after it
            self._text_sent_at = event.time
        else:
            self._line_break_held = False  # a key that is no text: the enter broke no line
        if event.character == "?":  # taken by helps.read, and text here
            self.insert_text_at_cursor("?")

    def _on_paste(self, event: events.Paste) -> None:
        self._type_held_questions()
        self._put_held_line_break()  # the terminal handed the paste over in parts
        self.enters.read(event)
        self.helps.read(event)
        self._text_sent_at = event.time
        super()._on_paste(event)

    def _in_text_burst(self, event: events.Key) -> bool:
        """Whether `event` came within ENTER_SETTLES seconds of the text read before it."""
        sent = self._text_sent_at
        return sent is not None and event.time - sent < ENTER_SETTLES

    def _type_held_questions(self) -> None:
        """More than `?` came after the `?`s held: they were a paste's, and go in before it."""
        if self._questions_held:
            self._put_held_line_break()
            self.insert_text_at_cursor("?" * self._questions_held)
            self._questions_held = 0

    def _put_held_line_break(self) -> None:
        """Text follows an enter that has not merged: the enter was a line break of a paste typed
        out as keys, and goes in before the text as a space that `pasted_text` reads as a line
        break (none at the start of an empty field, where it would separate nothing)."""
        if self._line_break_held and self.value:
            self._replace(" ", *self.selection, line_break=True)
        self._line_break_held = False

    def replace(self, text: str, start: int, end: int) -> None:
        """As PlainInput's; the line breaks around the text replaced stay where they were."""
        self._replace(text, start, end)

    def _replace(self, text: str, start: int, end: int, *, line_break: bool = False) -> None:
        """Replace the value from `start` to `end` by `text` (if the field takes it: a value
        too long is refused), the line breaks of the rest moved with it; a `line_break` (the
        space an enter stands for) is one more."""
        before = self.value
        breaks = self._line_breaks if before == self._line_breaks_of else frozenset()
        start, end = sorted((max(0, start), min(len(before), end)))
        super().replace(text, start, end)
        if self.value == before:
            return
        grown = len(self.value) - len(before)
        kept = {place for place in breaks if place < start}
        kept |= {place + grown for place in breaks if place >= end}
        self._line_breaks = frozenset(kept | ({start} if line_break else set()))
        self._line_breaks_of = self.value

    def _submit(self) -> None:
        self._line_break_held = False  # the enter merges: it was no line break
        self.post_message(self.Submitted(self, self.value))

    def _open_help(self) -> None:
        self._line_break_held = False  # the `?` after it was the help key, not text
        if self._questions_held:
            self._questions_held = 0
            self.call_later(self.run_action, "app.help")

    class PasteRefused(Message):
        """Nothing of a paste too long for the field went in; `told` says why. (A toast said it
        for a few seconds: a player who looked away saw an unchanged screen.)"""

        def __init__(self, told: str) -> None:
            super().__init__()
            self.told = told

    def pasted(self, text: str) -> str | None:
        found = find_codes(text)
        # Codes past those read would be left out without a word: the paste goes in whole, on
        # one line, and the preview says why it is not read.
        unread = too_long_to_read(text) if found else None
        codes = " ".join(found) if found and not unread else super().pasted(text) or ""
        start, end = sorted(self.selection)
        if len(self.value) - (end - start) + len(codes) > MAX_PASTE_CHARS:
            # Input drops a text longer than its max_length without a word.
            why = unread or too_long(text, found)
            self.post_message(self.PasteRefused(f"Nothing was pasted: {why}."))
            return None
        return codes


def too_long(paste: str, found: list[str]) -> str:
    """Why a paste does not go into the code field, whose text it would make too long."""
    room = f"the field (at most {MAX_PASTE_CHARS:,} characters)"
    if found:
        return f"the codes in it do not fit in {room}"
    where = "in it"
    if len(paste) > MAX_PASTE_CHARS:
        where = f"in its first {MAX_PASTE_CHARS:,} characters"  # all that find_codes reads
    return f"no share code {where}, and its {len(paste):,} characters do not fit in {room}"

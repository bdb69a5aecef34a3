"""Input typed before a screen showed: a dialog that drops it, and what counts as such input.

Keys wait in the app's queue while it is busy: a player who types on as a game ends (`i` `t`
again and again, the last `t` winning) has keys on the way when the name dialog opens, and they
would land in its field ("ititit") though they were typed before the dialog could be seen. Each
event carries the moment it was read from the terminal; a `DropsTypedAhead` dialog, or game
(`GameScreen`), drops the player's input from before it was first shown, as a direct start drops
what is typed while the menu reads the saved games (`DirectStart`). The priority keys still act
(`ctrl+q` quits). A dialog the player asked for takes such input instead, held for it until it
shows (`held_typing`). A screen that reads some keys itself (`ReadsKeys`) reads them in their turn
among the keys typed.

A dialog that a game's own key opens (the name prompt after the winning pair, the end of a Lines
game) drops input for a moment after it is drawn too (`TYPED_ON_GUARD`): the keys typed on with
the last move reach the terminal after the first frame as often as before it, and would edit the
prefilled name or answer the dialog unseen. A fixed moment does not cover a player who types on
longer (mashing `i` `t` for seconds), so such a dialog also drops every key that carries on the
burst of typing the move was part of: a key read less than `BURST_GAP` after the one before it
(the app's latest key, `TypingWatch`, whatever screen had it). The first key after a pause that
long acts, and from then on none is dropped. While it drops keys past its moment the dialog says
so (`TYPED_ON_HINT`, in place of a line of its own), so that a player still typing sees why.

A screen may also drop a key in its turn, as it comes back up to act (`drops_in_turn`), for what
a key before it started: a game being left drops what was typed on with the key that leaves it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual import _time, events
from textual.app import App
from textual.binding import BindingsMap
from textual.screen import Screen
from textual.timer import Timer


def typed(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is the player's input (a key, a paste, the mouse) that may be dropped: not
    a key bound with priority (`ctrl+q` still acts), nor an event the app passes on to a widget
    (it is not asked about again)."""
    if not isinstance(event, (events.InputEvent, events.Paste)) or event.is_forwarded:
        return False
    if isinstance(event, events.Key):
        return not bound_with_priority(app, event.key)
    return True


def bound_with_priority(app: App[Any], key: str) -> bool:
    """Whether `key` acts before any screen has it: bound with priority on the screen, or by the
    app. On a dialog `active_bindings` lists the dialog's bindings only (Textual stops at a
    modal screen), a `ctrl+q` it binds to show in its footer not a priority one, or none; the
    app's priority `ctrl+q` quits there all the same."""
    bound = app.active_bindings.get(key)
    if bound is not None and bound.binding.priority:
        return True
    return bound_by_the_app_with_priority(app, key)


def bound_by_the_app_with_priority(app: App[Any], key: str) -> bool:
    """Whether the app binds `key` with priority (`ctrl+q`): it acts on whatever screen is on
    top, asked nothing of that screen (one not composed yet has no bindings to ask about)."""
    return any(
        binding.priority for binding in BindingsMap(app.BINDINGS).key_to_bindings.get(key, [])
    )


TYPED_ON_GUARD = 0.4
"""Seconds after a dialog opened by a game key is first drawn during which the player's input is
still dropped. A player typing on with the last move (a face letter, `i` `t`) cannot stop the
keys already on the way: it takes a simple reaction time (about 0.2-0.25 s) to see the dialog,
and a fast player's next one or two keys (at 6-8 keys a second, 0.12-0.17 s apart) are out by
then. 0.4 s covers both; a deliberate edit comes later, as the player first reads the dialog and
finds the key (a choice reaction, 0.5 s and more), and one made sooner is simply typed again."""

BURST_GAP = 0.4
"""Seconds between two keys from which the second one no longer carries on a burst of typing (for
a dialog a game key opens). Shorter gaps are one burst: a player mashing the last move's keys
(`i` `t` every 0.35 s, and 6-8 keys a second at the fastest) never leaves one this long. A
deliberate key comes after the player has stopped typing on (a reaction, about 0.2-0.3 s after
the dialog shows) and read the dialog and chosen the key (a choice reaction, 0.5 s and more after
it shows), so at least about 0.4 s after the last key typed on; a player who mashes slower than
this is let through, and a deliberate key sooner than this is dropped, said so by the hint, and
simply typed again."""
QUESTION_GUARD = 0.15
"""Seconds after a question (yes or no, before something is lost) is first drawn during which the
player's keys are still dropped: no one sees a question and answers it sooner (a simple reaction
alone takes about 0.2 s), so a key read by then was typed on with the one that asked it (`d`
enter in one burst, or the two keys 20 ms apart as a terminal multiplexer sends them). A player
who knows the question and answers at once, a little later, is not held up; one who answers
sooner types the key again."""
TYPED_ON_HINT = "Keys typed on from the last move are ignored: stop a moment, then type."
"""What a dialog says while it drops keys that carry on a burst of typing past its guard time."""
DROPPING_TYPED_ON = "-dropping-typed-on"
"""The class of a dialog while it drops such keys: its hint shows in place of a line of its own
(.tcss)."""


class TypingWatch:
    """When the player's latest key was read: the app's, told of every key it reads (`saw`),
    whatever takes or drops it, after the dialog on top has judged it."""

    def __init__(self) -> None:
        self.last_key_at: float | None = None
        """The latest key's `Message.time`; None before the first."""

    def saw(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.last_key_at = event.time


@runtime_checkable
class ReadsKeys(Protocol):
    """A screen that reads some keys typed on it itself (a typed cell, a tile's label), as each
    comes up to the app, before the bindings run: in its turn among the keys typed. Read
    where it first reaches the screen, a key of a fast burst (SSH bunches keys) acted before
    the bindings of the keys typed ahead of it, which run only once a key has gone up to the
    app (`3bt9c` jumped to the 9Cs before t took the 3Bs)."""

    def read_key(self, event: events.Key) -> bool:
        """Whether the screen took `event`: its bindings are not looked at then."""


@runtime_checkable
class WatchesTyping(Protocol):
    """An app that keeps a `TypingWatch` (the lines-tui app)."""

    typing: TypingWatch


def last_key_at(app: App[Any]) -> float | None:
    """When the player's latest key was read (None before the first, or in an app that does not
    watch)."""
    return app.typing.last_key_at if isinstance(app, WatchesTyping) else None


class DropsTypedAhead:
    """A mixin for dialogs and games: the player's input typed before the screen was first shown
    is dropped (see the module's docstring). Put it before the Textual screen among the bases."""

    shown_at: float | None = None
    """When the dialog was first drawn (the clock of `Message.time`); None before that."""
    guard: float = 0.0
    """Seconds after `shown_at` during which input is still dropped (`TYPED_ON_GUARD` for a
    dialog a game key opens). A dialog with a guard also drops the keys that carry on the burst
    of typing it opened in (unless not `drops_burst`). A dialog that also takes what was typed on
    before it showed (`TakesTypedAhead`: a name the player asked for) has it held for it until
    then, and handed to it past this judgement."""
    drops_burst: bool = True
    """Whether a dialog with a guard also drops the keys that carry on the burst of typing it
    opened in (a question asked by the player's own key does not: see `QUESTION_GUARD`)."""
    _burst_open: bool = True
    """Whether keys may still carry on the burst of typing the dialog opened in (with a guard):
    until the first key that counts."""
    _hint_timer: Timer | None = None

    @property
    def typed_from(self) -> float | None:
        """From when the player's input counts (the clock of `Message.time`); None until the
        dialog has been drawn. With a guard, and until a key has counted, not before
        `BURST_GAP` after the latest key either: a key that comes later is the first of the
        player's own."""
        if self.shown_at is None:
            return None
        guarded = self.shown_at + self.guard
        assert isinstance(self, Screen)
        latest = last_key_at(self.app)
        if not (self.guard and self.drops_burst and self._burst_open) or latest is None:
            return guarded
        return max(guarded, latest + BURST_GAP)

    def drops_typed(self, event: events.Event) -> bool:
        """Whether the player's input `event` (`typed`) was typed before it counts (see
        `typed_from`), and is dropped. The first key that counts ends the burst of typing."""
        counts_from = self.typed_from
        if counts_from is None or self.shown_at is None:
            return True  # not drawn yet
        if event.time >= counts_from:
            if isinstance(event, events.Key):
                self._burst_open = False
                assert isinstance(self, Screen)
                self.remove_class(DROPPING_TYPED_ON)
            return False
        if isinstance(event, events.Key) and event.time >= self.shown_at + self.guard:
            self._say_typed_on()  # past the guard time: the player is still typing on
        return True

    def drops_in_turn(self, key: events.Key) -> bool:
        """Whether the screen drops `key`, passed on to it, in its turn among the keys typed, as
        it comes back up to the app to act (`HeldTyping.dropped_by_its_screen`): for what the
        screen is doing by then, which a key typed ahead of it may have started. None here."""
        return False

    def _say_typed_on(self) -> None:
        """The hint, until keys count again."""
        assert isinstance(self, Screen)
        self.add_class(DROPPING_TYPED_ON)
        if self._hint_timer is None:
            self._hint_timer = self.set_timer(BURST_GAP, self._hint_gone)

    def _hint_gone(self) -> None:
        assert isinstance(self, Screen)
        self._hint_timer = None
        counts_from = self.typed_from
        now = _time.get_time()
        if counts_from is not None and now < counts_from:
            self._hint_timer = self.set_timer(counts_from - now, self._hint_gone)
        else:
            self.remove_class(DROPPING_TYPED_ON)

    def _on_mount(self, event: events.Mount) -> None:
        # Not the mount: the first frame comes 30-45 ms after it, and keys typed in between
        # were typed before the player could see the dialog. Nor a callback after the refresh:
        # a key read just after the frame could be judged before it ran, and dropped though
        # the player had seen the dialog. The layout's signal comes with the frame itself.
        assert isinstance(self, Screen)
        if self.shown_at is None:
            self.screen_layout_refresh_signal.subscribe(self, self._drawn, immediate=True)

    def _drawn(self, _: Screen[Any]) -> None:
        if self.shown_at is None:  # the first frame (the signal stays: Textual's own is on it)
            self.shown_at = _time.get_time()


def typed_ahead(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is input typed before the dialog on top was shown (or within its guard
    time after that, or carrying on the burst of typing it opened in), to be dropped."""
    stack = app.screen_stack
    screen = stack[-1] if stack else None
    if not isinstance(screen, DropsTypedAhead):
        return False
    return typed(app, event) and screen.drops_typed(event)

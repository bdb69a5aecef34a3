"""Keys typed on before a screen the player opened is drawn: held, then handed to it.

A player who knows the app types on without waiting to see each screen: `p` `a` `Ed` enter
registers Ed. Textual gives a key to the screen on top, but a screen just pushed takes tens of
milliseconds to compose (more the first time, when its module is imported), and over SSH keys
typed apart can arrive together. A key bound on a screen not yet mounted was dropped
(`LinesTuiApp.run_action`), so after a lost `a` the name's letters reached the Players list as
its commands (`d`: remove the highlighted player, enter: yes); and a name dialog dropped the
letters typed before it showed.

A screen that takes typed-ahead input (`TakesTypedAhead`: the screens the menu opens, a name the
player asked to type) has the player's keys and pastes held from when it is on top until it is
first drawn; they are then posted to the app again, in the order they were read, and a key read
meanwhile goes after them. The other screens still drop such input: a question that guards
against losing something is never answered by keys typed before it could be read
(`ConfirmScreen`), a game drops what is typed before it shows (`DirectStart`), and a dialog a
game's move opens drops what was typed on with the move (`DropsTypedAhead`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

from lines_tui.ui.typed_ahead import DropsTypedAhead, bound_by_the_app_with_priority

EXPECTED_WITHIN = 1.0
"""Seconds input waits at most for a screen a key asked for to open, and for a screen drawn to
show what it reads first (each takes milliseconds; a message that never comes, or a read that
hangs, must not leave the keys held)."""


class TakesTypedAhead:
    """A mixin for screens: the player's input typed before the screen is first drawn is held and
    handed to it then (see the module's docstring). Put it before the Textual screen among the
    bases."""

    typed_ahead_drawn: bool = False
    """Whether the screen has been drawn."""
    content_shown: bool = True
    """Whether what the player's keys act on is there: a screen that reads it first (the Players
    list) says False until `content_came`, and input typed before it was drawn waits for it
    too (`p` `r` `Gaby` enter, the list not read yet: `r` found no player, and the letters
    acted as commands)."""

    @property
    def takes_typed_ahead(self) -> bool:
        """Whether the screen holds such input (a screen that opens in two ways may say no for
        one: a name prompt after a win drops it)."""
        return True

    def _on_mount(self, event: events.Mount) -> None:
        # Not the mount: the first frame comes after it (keys handed back sooner would find
        # a dialog's field not yet focused).
        assert isinstance(self, Screen)
        self.call_after_refresh(self._typed_ahead_welcome)

    def _on_unmount(self) -> None:
        # Closed before it was drawn or read: nothing stays held for it.
        self.content_shown = True
        self._typed_ahead_welcome()

    def _typed_ahead_welcome(self) -> None:
        assert isinstance(self, Screen)
        self.typed_ahead_drawn = True
        if not self.content_shown:  # a read that hangs must not hold the keys (esc) for ever
            self.set_timer(EXPECTED_WITHIN, self.content_came)
        self._hand_back_when_ready()

    def content_came(self) -> None:
        """What the player's keys act on is there (once `content_shown` was False)."""
        if not self.content_shown:
            self.content_shown = True
            self._hand_back_when_ready()

    def _hand_back_when_ready(self) -> None:
        assert isinstance(self, Screen)
        if self.typed_ahead_drawn and self.content_shown and isinstance(self.app, KeepsTypedAhead):
            self.app.held_typing.hand_back()


def waits(screen: Screen[Any] | None, holding: bool) -> bool:
    """Whether input typed now waits for `screen`, on top: it takes typed-ahead input and has not
    been drawn yet, or, while input typed before it was drawn is `holding` for it, not shown
    what that input acts on. A key typed once it shows acts at once when nothing waits ahead of
    it: esc leaves a list still being read from a slow disk."""
    return (
        isinstance(screen, TakesTypedAhead)
        and screen.takes_typed_ahead
        and (not screen.typed_ahead_drawn or (holding and not screen.content_shown))
    )


class HeldTyping:
    """The app's input held for a screen not yet drawn, and handed back to the app in order."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._held: list[events.Event] = []
        self._on_the_way: dict[int, events.Event] = {}
        """Input posted to the app again and not yet back, by `id` (the events are kept alive
        here, so their ids stay theirs; `handed_back` is asked of every event, and some, as
        Textual's focus events, cannot be hashed)."""
        self._sent_to: WeakKeyDictionary[events.Event, Screen[Any]] = WeakKeyDictionary()
        """The screen on top when each key still on its way was passed on (`sending`)."""
        self._expecting: Timer | None = None
        """While a key has asked for a screen that takes typed-ahead input and the app has not
        opened it yet (`expect`): the timer that stops the wait if it never does."""

    def expect(self) -> None:
        """A key asked for a screen that takes typed-ahead input, which the app opens once the
        message saying so reaches it: hold input from now (the keys read with this one are
        already on their way to the screen it was pressed on) until `opened`."""
        if self._expecting is not None:
            self._expecting.stop()
        self._expecting = self._app.set_timer(EXPECTED_WITHIN, self.opened)

    def opened(self) -> None:
        """The app has opened the screen a key asked for (`expect`), or found it may not: input
        held for it waits until it is drawn, or goes on now."""
        if self._expecting is not None:
            self._expecting.stop()
            self._expecting = None
        self.hand_back()

    def holds(self, event: events.Event) -> bool:
        """Whether `event`, come to the app, waits: for the screen on top to be drawn, or
        behind input read before it that is on its way back. A key that was on its way to the
        screen underneath when this one opened, and comes back up unused, waits too. False for
        input to act on now (input handed back among it), and for what is never held: a key
        bound with priority (`ctrl+q` quits at once), the mouse (it points at what is drawn),
        other events."""
        if not isinstance(event, (events.Key, events.Paste)):
            return False
        handed_back = self.handed_back(event)
        if handed_back:
            del self._on_the_way[id(event)]
        waiting = self._waiting()
        behind = bool(self._on_the_way) and not handed_back and not event.is_forwarded
        if not (waiting or behind) or self._acts_at_once(event):
            return False
        if waiting:
            self._held.append(_unforwarded(event))
        else:
            self._post_again(event)  # read later than input still on its way back
        return True

    def sending(self, event: events.Event) -> None:
        """The app passes `event`, a key just come to it, on to the screen on top."""
        stack = self._app.screen_stack
        if isinstance(event, events.Key) and not event.is_forwarded and stack:
            self._sent_to[event] = stack[-1]

    def dropped_by_its_screen(self, event: events.Event) -> bool:
        """Whether `event` is a key come back up from the screen it was passed on to, which
        drops it in its turn (`DropsTypedAhead.drops_in_turn`: a game being left), whatever
        screen is on top by then: the keys of a burst behind q come back up each in turn, the
        game gone already when it had nothing to save, and acted on the menu."""
        if not isinstance(event, events.Key) or not event.is_forwarded:
            return False
        sent_to = self._sent_to.get(event)
        if isinstance(sent_to, DropsTypedAhead) and sent_to.drops_in_turn(event):
            del self._sent_to[event]
            return True
        return False

    def typed_for_the_screen_under(self, event: events.Event) -> bool:
        """Whether `event` is a key come back up unused from the screen it was passed on to,
        which another screen opened since now covers, and is taken from the bindings it would
        find there: passed on again to that screen if it takes typed-ahead input, dropped if it
        is a dialog that drops it (an enter answering "Remove the player?" with yes, unseen). On
        any other screen it acts as that screen binds it (`?` escape in one burst closes the
        help it opened)."""
        if not isinstance(event, events.Key) or not event.is_forwarded:
            return False
        sent_to = self._sent_to.pop(event, None)
        stack = self._app.screen_stack
        if sent_to is None or not stack or sent_to is stack[-1]:
            return False
        top = stack[-1]
        if isinstance(top, TakesTypedAhead) and top.takes_typed_ahead:
            self._post_again(_unforwarded(event))
            return True
        return isinstance(top, DropsTypedAhead)

    @property
    def pending(self) -> bool:
        """Whether input is held, or on its way back to the app, or a screen it waits for has
        not opened yet: what the player typed has not all acted."""
        return bool(self._held or self._on_the_way) or self._expecting is not None

    def handed_back(self, event: events.Event) -> bool:
        """Whether `event` is input posted to the app again (read earlier, then held)."""
        return self._on_the_way.get(id(event)) is event

    def hand_back(self) -> None:
        """Post the input held so far to the app again, unless the screen on top still waits
        for it (one opened over the screen that was waited for, which hands it back when it is
        ready: a key handed back now would go behind keys read since)."""
        if self._waiting():
            return
        held, self._held = self._held, []
        for event in held:
            self._post_again(event)

    def _post_again(self, event: events.Event) -> None:
        if self._app.post_message(event):  # not once the app is closing
            self._on_the_way[id(event)] = event

    def _waiting(self) -> bool:
        stack = self._app.screen_stack
        top = stack[-1] if stack else None
        return self._expecting is not None or waits(top, holding=bool(self._held))

    def _acts_at_once(self, event: events.Event) -> bool:
        """A key the app binds with priority: asked only of the app, not of a screen on top
        that may not be composed yet (its bindings would look for its widgets)."""
        return isinstance(event, events.Key) and bound_by_the_app_with_priority(
            self._app, event.key
        )


def _unforwarded(event: events.Event) -> events.Event:
    """`event`, or for input that came back up from a screen's widgets, the same input as read
    (a forwarded event is not forwarded again)."""
    if not event.is_forwarded:
        return event
    copy: events.Event
    if isinstance(event, events.Key):
        copy = events.Key(event.key, event.character)
    else:
        assert isinstance(event, events.Paste)
        copy = events.Paste(event.text)
    copy.time = event.time
    return copy


@runtime_checkable
class KeepsTypedAhead(Protocol):
    """An app that holds typed-ahead input for its screens (the lines-tui app)."""

    held_typing: HeldTyping

"""A key line for the bottom of a screen: Textual's Footer, built once with its keys and rebuilt
only when what it shows changes. The menu uses it, as its first frame counts (README, "First
frame"); any screen can use it in place of Textual's.

Textual's Footer is built empty, then rebuilds all its keys (a widget each) on every "bindings
changed" signal, and the signal comes often: the screen mounting, focus moving, the app gaining
focus, any reactive that affects bindings. The menu's Footer was rebuilt three times before the
menu had settled. This one shows the screen's keys from the start and, after a signal, waits for
the screen to settle and rebuilds once, only if a key, its description, its state (enabled or
dimmed) or its tooltip changed. Signals are left alone while the app is unfocused, as Textual's
Footer does; it asks again when the focus comes back, however it comes back.

It also takes Textual's compact form by itself while its keys in the normal form are wider than
the screen (and the normal form again once they fit), so that no key is cut at 80 columns and no
screen decides this by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import groupby, pairwise
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from lines_tui.ui.store_thread import still_there

Keys = tuple[tuple[Binding, str, bool, str], ...]
"""What a Footer shows: each shown binding, the key as displayed, enabled or not, the tooltip."""


class Footer(TextualFooter):
    """The keys of the screen's active bindings, as Textual's Footer shows them."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: Keys = ()
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        # The screen's own keys do not wait for focus; the first signal rebuilds them if the
        # focused widget brings others.
        self._bindings_ready = True
        self._shown = self._keys_shown()
        self._fit()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Bound to the Footer's `compact`, but born with the opposite: each key would be
                # restyled twice when mounted, once to compact and once back.
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def on_mount(self) -> None:
        # Textual's Footer keeps the keys it shows while the app is unfocused (the terminal
        # reported its window left behind), and Textual tells it again only when an AppFocus
        # comes: the focus also comes back with a key or a click, unsaid, and keys that
        # changed meanwhile (a ball selected, a game's state) stayed stale.
        self.watch(self.app, "app_focus", self._focus_changed, init=False)

    def _focus_changed(self, focus: bool) -> None:
        if focus:
            self.bindings_changed(self.screen)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        # A screen that squeezes its keys for 80 columns (`room_for`) spells them out when
        # there is room: the keys themselves may change with the width.
        self.bindings_changed(self.screen)

    def _fit(self) -> None:
        """Compact while the keys in the normal form are wider than the screen."""
        self.compact = normal_width(self._shown) > self.app.size.width

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if still_there(self) and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        # Not while its screen closes: the screen's widgets, which its keys ask about, go first.
        if still_there(self) and self._keys_shown() != self._shown:
            await self.recompose()  # compose fits the new keys to the width

    def _keys_shown(self) -> Keys:
        return shown_keys(self.screen, self.screen.active_bindings)


def shown_keys(screen: Screen[Any], bindings: dict[str, ActiveBinding]) -> Keys:
    """What a Footer on `screen` shows of `bindings` (a screen's `active_bindings`)."""
    return tuple(
        (binding, screen.app.get_key_display(binding), enabled, tooltip)
        for _, binding, enabled, tooltip in bindings.values()
        if binding.show
    )


def room_for(screen: Screen[Any], bindings: dict[str, ActiveBinding]) -> bool:
    """Whether `bindings` fit the screen's width in the Footer's normal form: a screen that
    squeezes its keys to fit 80 columns (labels shared by two keys, a key left out) spells them
    out where there is room."""
    return normal_width(shown_keys(screen, bindings)) <= screen.app.size.width


def shows_whole(screen: Screen[Any], bindings: dict[str, ActiveBinding]) -> bool:
    """Whether `bindings` show whole in the screen's width, in the Footer's compact form at
    least: a screen that has more keys than fit (the menu's) leaves some out until they do."""
    return compact_width(shown_keys(screen, bindings)) <= screen.app.size.width


def least_width(screen: Screen[Any]) -> int:
    """The columns a Footer on `screen` needs to show its keys whole, in the compact form: the
    keys it shows now, and those Textual lists (a screen's own `active_bindings` may leave out
    the keys that are idle now, or give two keys one label), so that a terminal that fits the
    screen fits its Footer whatever comes to act in its present state. (The keys of another
    state, a game won or paused, are asked for when it comes: `GameScreen` checks its size
    again whenever its keys change.)"""
    textual_bindings = Screen.active_bindings.fget(screen)  # type: ignore[attr-defined]
    return max(compact_width(shown_keys(screen, textual_bindings)), width_now(screen))


def width_now(screen: Screen[Any]) -> int:
    """The columns a Footer on `screen` needs to show the keys it shows now whole, in the
    compact form: what `least_width` asks for a state in which no idle key can come to act
    until the keys change (a paused game)."""
    return compact_width(shown_keys(screen, screen.active_bindings))


def normal_width(keys: Keys) -> int:
    """The columns `keys` take in the Footer's normal form, its last margin included."""
    boxes = _boxes(keys, compact=False)
    return _spanned(boxes) + (boxes[-1][2] if boxes else 0)


def compact_width(keys: Keys) -> int:
    """The columns `keys` show in the Footer's compact form: the least width that shows them
    all whole (the last key's margin may fall outside)."""
    return _spanned(_boxes(keys, compact=True))


def _boxes(keys: Keys, compact: bool) -> list[tuple[int, int, int]]:
    """(left margin, width, right margin) of each item of a Footer showing `keys`, laid out as
    Textual's Footer lays them out: one key per action (its first binding); a key with its
    description as " key description " (compact: "key description", then a margin); consecutive
    actions of one group as their keys, then the group's label."""
    first: dict[str, tuple[Binding, str]] = {}
    for binding, display, _, _ in keys:
        first.setdefault(binding.action, (binding, display))
    boxes: list[tuple[int, int, int]] = []
    for group, members in groupby(first.values(), lambda item: item[0].group):
        shown = list(members)
        if group is not None and len(shown) > 1:
            widths = [cell_len(display) for _, display in shown]
            if group.compact:  # the keys touch, after a space, then a margin
                boxes.append((0, 1 + sum(widths), 1))
            elif compact:  # a margin after each key
                boxes.append((0, sum(widths) + len(widths), 0))
            else:  # a margin on each side of each key
                boxes.append((0, sum(widths) + len(widths) + 1, 0))
            boxes.append((0, cell_len(group.description), 1))
            continue
        for binding, display in shown:
            width = cell_len(display)
            if binding.description:
                width += (1 if compact else 3) + cell_len(binding.description)
            boxes.append((0, width, 1 if compact else 0))
    return boxes


def _spanned(boxes: list[tuple[int, int, int]]) -> int:
    """From the first item's left edge to the last one's right edge; neighbouring margins
    overlap."""
    if not boxes:
        return 0
    margins = [max(before[2], after[0]) for before, after in pairwise(boxes)]
    return boxes[0][0] + sum(width for _, width, _ in boxes) + sum(margins)


def action_name(action: str) -> str:
    """A binding's action without its parameters: "cursor('up')" is "cursor"."""
    return action.partition("(")[0]


def keys_that_act(
    bindings: dict[str, ActiveBinding], idle: Callable[[str], bool]
) -> dict[str, ActiveBinding]:
    """A screen's active `bindings` (Textual's `active_bindings`) with those whose action is
    `idle` now left out of the Footer and dimmed: the Footer shows only the keys that do
    something, the help still lists every key of the screen (an idle one dimmed), and an idle
    key still acts when pressed and says why it does nothing. (Textual's `check_action` can
    hide a key only by stopping it too, or grey it out in the Footer.)"""
    return {
        key: (
            active._replace(binding=replace(active.binding, show=False), enabled=False)
            if idle(active.binding.action)
            else active
        )
        for key, active in bindings.items()
    }


def restated(
    bindings: dict[str, ActiveBinding], change: Callable[[Binding], Binding]
) -> dict[str, ActiveBinding]:
    """A screen's active `bindings` (Textual's `active_bindings`), each binding as `change`
    gives it back: a key left out of the Footer, told otherwise in the help, or out of its
    group, while the screen's state calls for it. `change` returns the binding itself where
    nothing changes."""
    return {
        key: active._replace(binding=change(active.binding)) for key, active in bindings.items()
    }


def typing_keys(
    keys: Iterable[str], action: str, description: str, example: str, tooltip: str
) -> list[Binding]:
    """One binding per key that starts typing a name (a row number, a face label), each calling
    `action` with its key. They share one footer entry and one help row, both shown as `example`
    (what a whole name looks like, e.g. "7c")."""
    group = Binding.Group(description)
    return [
        Binding(
            key,
            f"{action}('{key}')",
            description,
            key_display=example,
            show=index == 0,
            group=group,
            tooltip=tooltip,
        )
        for index, key in enumerate(keys)
    ]

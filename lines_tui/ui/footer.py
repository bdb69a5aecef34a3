"""A key line for the bottom of a screen: Textual's Footer, built once with its keys and rebuilt
only when what it shows changes. The menu uses it, as its first frame counts (README, "First
frame"); any screen can use it in place of Textual's.

Textual's Footer is built empty, then rebuilds all its keys (a widget each) on every "bindings
changed" signal, and the signal comes often: the screen mounting, focus moving, the app gaining
focus, any reactive that affects bindings. The menu's Footer was rebuilt three times before the
menu had settled. This one shows the screen's keys from the start and, after a signal, waits for
the screen to settle and rebuilds once, only if a key, its description, its state (enabled or
dimmed) or its tooltip changed.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

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
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Bound to the Footer's `compact`, but born with the opposite: each key would be
                # restyled twice when mounted, once to compact and once back.
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if self.is_attached and self._keys_shown() != self._shown:
            await self.recompose()

    def _keys_shown(self) -> Keys:
        return tuple(
            (binding, self.app.get_key_display(binding), enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )


def keys_that_act(
    bindings: dict[str, ActiveBinding], idle: Callable[[str], bool]
) -> dict[str, ActiveBinding]:
    """A screen's active `bindings` (Textual's `active_bindings`) less those whose action is
    `idle` now: the Footer and the help show only the keys that do something, while an idle key
    still acts when pressed and says why it does nothing. (Textual's `check_action` can hide a
    key only by stopping it too, or grey it out.)"""
    return {key: active for key, active in bindings.items() if not idle(active.binding.action)}

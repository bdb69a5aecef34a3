"""The key line at the bottom of every screen: Textual's Footer, rebuilt only when what it shows
changes.

Textual's Footer rebuilds all its keys (a widget each) on every "bindings changed" signal, and
the signal comes often: the screen mounting, focus moving, the app gaining focus, any reactive
that affects bindings. The menu alone rebuilt its Footer seven times before its first frame had
settled (README, "First frame"). This one waits for the screen to settle, then rebuilds once,
and only if a key, its description, its state (enabled or dimmed) or its tooltip changed.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """The keys of the screen's active bindings, as Textual's Footer shows them."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: Hashable = None
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        # The keys from the start, not after the first signal: the screen's own keys do not
        # wait for focus, and a later change of them rebuilds the keys anyway.
        self._bindings_ready = True
        self._shown = self._keys_shown()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Bound to the Footer's `compact`, but born with the opposite: each key would be
                # restyled twice when mounted, once to compact and once back.
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if self.is_attached and self._keys_shown() != self._shown:
            await self.recompose()

    def _keys_shown(self) -> Hashable:
        """What the keys would show now (nothing until the screen's bindings are ready)."""
        if not self._bindings_ready:
            return None
        return tuple(
            (binding, self.app.get_key_display(binding), enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )

"""Keys delivered the way a terminal delivers a fast typist's (or a script's, or tmux's) burst:
all of them queued before the app handles the first, as Textual's driver does with one read."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App

CHARACTERS = {"enter": "\r", "tab": "\t"}


def post_keys_at_once(app: App[Any], *keys: str) -> None:
    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key, key)))

"""Bytes from the terminal that are not UTF-8 become "\ufffd" (README, "Outside text").

Textual's Linux driver decodes what it reads from the terminal as strict UTF-8: one byte that is
not (é typed in a terminal set to Latin-1, an old PuTTY setting, say; a raw C1 byte such as 0x9b
inside a paste) raised UnicodeDecodeError in its input thread and ended the app with a traceback
(Textual's issue 6456, open). Decoded leniently, such a byte is a replacement character: a key
bound to nothing, or a character no new name takes (`store.names`).
"""

from __future__ import annotations

import codecs
import functools
from collections.abc import Callable


def read_any_bytes() -> None:
    """Make Textual's Linux driver decode its input with `_replacing_decoder`. The driver looks
    the decoder up by this module-level name each time it starts reading; Textual offers no
    other seam for it (tests/test_e2e_pty.py checks the real terminal path)."""
    from textual.drivers import linux_driver

    linux_driver.getincrementaldecoder = _replacing_decoder  # type: ignore[attr-defined,assignment]


def _replacing_decoder(encoding: str) -> Callable[[], codecs.IncrementalDecoder]:
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")

"""A paste stays a paste in a real terminal's input (README, "Outside text"): an escape
sequence inside it neither scrambles it nor presses keys."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st
from textual import constants, events
from textual.message import Message

from lines_tui.ui.paste_input import PASTE_END, PASTE_START, PasteSafeParser


def parsed(*chunks: str) -> list[tuple[str, str]]:
    """What the app gets from these reads: ("paste", text) and ("key", key) in order."""
    parser = PasteSafeParser()
    return [shown(event) for chunk in chunks for event in parser.feed(chunk)]


def shown(event: Message) -> tuple[str, str]:
    if isinstance(event, events.Paste):
        return "paste", event.text
    assert isinstance(event, events.Key), event
    return "key", event.key


def test_a_colour_code_copied_with_a_share_code_stays_in_the_paste() -> None:
    pasted = "see \x1b[1mLT2-0000\x1b[0m ok"
    assert parsed(PASTE_START + pasted + PASTE_END) == [("paste", pasted)]


def test_a_paste_never_presses_keys() -> None:
    # Textual's own parser turns this into the keys ^, N and y: a new deal, and yes.
    typed = parsed(PASTE_START + "\x1bNy" + PASTE_END, "x")
    assert typed == [("paste", "\x1bNy"), ("key", "x")]


def test_an_escape_outside_a_paste_is_still_a_key() -> None:
    assert parsed("a\x1b[A") == [("key", "a"), ("key", "up")]


@given(
    st.text(alphabet=st.sampled_from("ab[0~12\x1b\x07")).filter(lambda t: PASTE_END not in t),
    st.lists(st.integers(min_value=1, max_value=7), max_size=30),
)
def test_any_paste_read_in_any_pieces_is_one_paste_of_its_text(text: str, cuts: list[int]) -> None:
    wire = PASTE_START + text + PASTE_END + "z"
    chunks, start = [], 0
    for cut in cuts:
        chunks.append(wire[start : start + cut])
        start += cut
    chunks.append(wire[start:])
    assert parsed(*(chunk for chunk in chunks if chunk)) == [("paste", text), ("key", "z")]


def test_an_escape_key_then_text_like_a_paste_start_is_no_paste() -> None:
    """Textual gives up an escape sequence after ESCAPE_DELAY; the watch for a paste did not,
    and took every later escape (the arrows too) for pasted text."""
    parser = PasteSafeParser()
    typed = [shown(event) for event in parser.feed("\x1b")]
    time.sleep(constants.ESCAPE_DELAY + 0.05)
    typed += [shown(event) for event in parser.tick()]
    for chunk in ("[200~", "\x1b[A"):
        typed += [shown(event) for event in parser.feed(chunk)]
    assert typed[0] == ("key", "escape") and typed[-1] == ("key", "up")
    assert not any(kind == "paste" for kind, _ in typed)

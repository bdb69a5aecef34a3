"""Words told within a line, set alone on their own (`sentences.as_sentence`)."""

from __future__ import annotations

from lines_tui.ui.sentences import as_sentence


def test_a_reason_alone_on_its_line_starts_with_a_capital_and_keeps_the_rest() -> None:
    assert as_sentence("no share code found in the paste") == "No share code found in the paste"
    assert as_sentence("the name Ann is taken by ann") == "The name Ann is taken by ann"
    assert as_sentence("") == ""

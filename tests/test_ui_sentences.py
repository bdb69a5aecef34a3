"""Words told within a line, set alone on their own (`sentences.as_sentence`), and sentences
ending in words told elsewhere, ended with one full stop (`sentences.ended`)."""

from __future__ import annotations

from lines_tui.store import RecordOutcome
from lines_tui.ui.lines.game_over import outcome_text
from lines_tui.ui.sentences import as_sentence, ended


def test_a_reason_alone_on_its_line_starts_with_a_capital_and_keeps_the_rest() -> None:
    assert as_sentence("no share code found in the paste") == "No share code found in the paste"
    assert as_sentence("the name Ann is taken by ann") == "The name Ann is taken by ann"
    assert as_sentence("") == ""


def test_a_sentence_ends_in_exactly_one_full_stop() -> None:
    assert ended("Removed #1 from Lines 9 x 9") == "Removed #1 from Lines 9 x 9."
    assert ended("Removed #1 from Duo.") == "Removed #1 from Duo."  # a layout's own title
    assert ended("Not saved: the disk is full..") == "Not saved: the disk is full."


def test_a_saved_score_names_its_table_in_a_whole_sentence() -> None:
    """It read "Saved: place 1 in the Lines 9 x 9, deal 3 table.": a deal's table is titled
    with its deal after a comma, and the sentence broke around it."""
    saved = RecordOutcome(saved=True, reason="", table="lines-9+deal-3", rank=1)
    told = outcome_text(saved, "Lines 9 x 9, deal 3")
    assert told == "Saved: place 1 in the table Lines 9 x 9, deal 3."
    assert outcome_text(saved, "Duo.") == "Saved: place 1 in the table Duo."
    refused = RecordOutcome(saved=False, reason="the disk is full.", table="lines-9")
    assert outcome_text(refused, "Lines 9 x 9") == "Not saved: the disk is full."

"""Words told within a line, set alone on their own (`sentences.as_sentence`), and sentences
ending in words told elsewhere, ended with one full stop (`sentences.ended`)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import FIXED_NOW

from lines_tui.engine.deal_choice import Skipped
from lines_tui.engine.prose import listed
from lines_tui.store import Entry, Merge, RecordOutcome, ShareCodeError, TableId
from lines_tui.store.sharecode import unwrap, wrap
from lines_tui.store.tables import FIRST_DATE
from lines_tui.ui.lines.game_over import outcome_text
from lines_tui.ui.scores.import_code import summary
from lines_tui.ui.scores.pasted_codes import PastedCodes, counts
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


def damaged(code: str) -> str:
    """The reason a code that cannot be read gives, as the store tells it within a line."""
    with pytest.raises(ShareCodeError) as refusal:
        unwrap(code)
    return str(refusal.value)


CHANGED = damaged(wrap(2, 2**70)[:-1] + "0")  # "... or a part is missing"
CUT = damaged(wrap(2, 2**70)[:-1])  # "... a character is missing or extra"


def test_every_line_import_tells_of_codes_that_cannot_be_read_ends_in_one_full_stop() -> None:
    """A code's reason is a part of a line on the command line ("lines-tui: code 2: the share
    code is damaged: ..."); Import set it alone on its line as it was, and "The share code is
    damaged: a character was changed or moved, or a part is missing" ended in no full stop,
    in the summary of one code, each code's line of several, and what enter then said."""
    assert CHANGED.endswith("or a part is missing")
    one = summary([CHANGED], FIXED_NOW)
    assert one == f"{as_sentence(CHANGED)}."
    several = summary([CHANGED, CUT], FIXED_NOW).splitlines()
    assert several[1:] == [f"Code 1: {CHANGED}.", f"Code 2: {CUT}."]
    told = PastedCodes([("LT2-A", CHANGED), ("LT2-B", CUT)]).to_merge().told([]).told
    assert told == f"Nothing was merged: code 1: {CHANGED}; code 2: {CUT}."
    for line in [one, *several, told]:
        assert line.endswith(".") and not line.endswith(".."), line


def test_entries_of_yours_pushed_out_are_counted_in_agreement() -> None:
    """It said "1 of yours drop out"."""
    table = TableId.lines(9)
    mine = [Entry("Me", 10 + n, FIRST_DATE, n) for n in range(2)]
    one = Merge(table, results=(), entries=(), dropped=tuple(mine[:1]))
    assert counts(one) == ", 1 of yours drops out"
    assert counts(replace(one, dropped=tuple(mine))) == ", 2 of yours drop out"


def test_deals_passed_over_are_counted_in_agreement() -> None:
    """`lines-tui deal --solvable` said "(skipped: 1 dead ends, 0 undecided)"."""
    assert Skipped(1, 0).said() == "1 dead end"
    assert Skipped(2, 1).said() == "2 dead ends, 1 undecided"
    assert Skipped(0, 0).said() == ""


@pytest.mark.parametrize(
    ("parts", "said"),
    [
        ([], ""),
        (["standard input"], "standard input"),
        (["input", "output"], "input and output"),
        (["input", "output", "error"], "input, output and error"),
    ],
)
def test_a_list_reads_as_a_sentence_lists(parts: list[str], said: str) -> None:
    """One piece for the three places that wrote the join out (the picker's unread files, the
    menu's unread parts, the streams that are no terminal)."""
    assert listed(parts) == said

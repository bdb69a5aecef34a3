"""A code's line in Import's words (`pasted_codes`): its table and what merging it does."""

from __future__ import annotations

from lines_tui.store.tables import Entry, TableId, merge
from lines_tui.ui.scores.pasted_codes import read_line, table_line

PAL = Entry("Pal", 500, 1_700_000_000, 1)


def test_a_codes_table_line_has_nothing_before_it_and_its_read_line_says_why() -> None:
    there = merge(TableId.lines(9), [PAL], [PAL], [None])
    assert table_line(there) == "Lines 9 x 9 (lines-9): 1 already there."
    assert read_line(there) == "nothing to merge into Lines 9 x 9 (lines-9): 1 already there."
    added = merge(TableId.lines(9), [], [PAL], [None])
    assert table_line(added) == "Lines 9 x 9 (lines-9): 1 added."
    assert read_line(added, merged="Merged into ") == "Merged into Lines 9 x 9 (lines-9): 1 added."

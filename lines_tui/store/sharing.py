"""Passing results on: the share code of a checked table or of one entry, and a challenge code.
What a replay refutes is never passed on, and only what it verifies sets a challenge (README,
"Every entry carries its game", "Challenges")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lines_tui.engine.deal_choice import DEAL_RANGE, is_deal_number, number_said
from lines_tui.store.errors import StoreError
from lines_tui.store.records import GameRecord
from lines_tui.store.tables import Entry, TableId, dealer_problem, numbered_entry, utc_day

if TYPE_CHECKING:
    from lines_tui.store.verify import CheckedTable, FindLayout, Verdict


def share_code(checked: CheckedTable, find_layout: FindLayout, entry: int | None = None) -> str:
    """The share code of a checked table, or of its entry `entry` (1 is the best). A refuted
    entry is not passed on: the table cannot be shared until it is removed (README, "Every entry
    carries its game"). `find_layout`: where a Mahjong table's layout comes from, the one that
    checked it (`Checker.find_layout`)."""
    table = checked.table
    if not checked.entries:
        raise _nothing_to_share(table)
    numbers = range(1, len(checked.entries) + 1) if entry is None else [entry]
    for number in numbers:
        verdict = _checked_entry(checked, number)[1]
        if verdict.status == "refuted":
            raise StoreError(
                f"{table} cannot be shared, entry {number} is refuted: {verdict.reason}"
            )
    entries = tuple(checked.entries[number - 1] for number in numbers)
    from lines_tui.store import codes

    return _shared(table, lambda: codes.encode(table, entries, find_layout))


def challenge_code(checked: CheckedTable, entry: int, find_layout: FindLayout, now: float) -> str:
    """A challenge code of entry `entry` of a checked table: only a result its replay verifies
    sets a challenge, only while its deal can be raced at `now` (`race_over`), and only on the
    board its deal's table races on (`challenge_problem`; README, "Challenges"). `find_layout`
    as for `share_code`."""
    chosen, verdict = _checked_entry(checked, entry)
    if verdict.status != "verified":
        raise StoreError(f"entry {entry} cannot be a challenge: it is {verdict.line()}")
    over = race_over(checked.table, now)
    if over is not None:
        raise StoreError(f"entry {entry} cannot be a challenge: {over}")
    other_board = challenge_problem(checked.table, chosen.seed, chosen.record)
    if other_board is not None:
        raise StoreError(f"entry {entry} cannot be a challenge: it was {other_board}")
    from lines_tui.store import codes

    return _shared(checked.table, lambda: codes.challenge(checked.table, chosen, find_layout))


def race_over(table: TableId, now: float) -> str | None:
    """Why the deal of `table` can no longer be raced at `now`, or None: a deal of the day once
    its day (UTC) is over, as its table takes no new results. A friend's copy refuses to play
    it, so no challenge is made of it, and an import of one offers no race."""
    if table.mode == "daily" and table.tag != utc_day(now):
        return f"the deal of {table.tag} is over; its table takes no new results"
    return None


def challenge_problem(table: TableId, seed: int, record: GameRecord | None) -> str | None:
    """Why a result of deal `seed` of `table`, its game `record`, sets no challenge whatever its
    replay says, or None: a challenge races on its deal's table (`TableId.deal_table`), the
    current dealer's deal, and a game an older dealer dealt was played on another board
    (`dealer_problem`): a friend would be dealt another one. A seed that is no deal number has
    no deal's table at all: said, not raised (a saved game with one is refused when it is read,
    but a win is outside input however it came here)."""
    if not is_deal_number(seed):
        said = number_said(str(seed), "a seed")
        return f"dealt from {said}, which is not a deal number ({DEAL_RANGE})"
    return dealer_problem(table.deal_table(seed), record)


def _checked_entry(checked: CheckedTable, number: int) -> tuple[Entry, Verdict]:
    if not checked.entries:
        raise _nothing_to_share(checked.table)
    return numbered_entry(checked.table, checked.entries, number), checked.verdicts[number - 1]


def _nothing_to_share(table: TableId) -> StoreError:
    return StoreError(f"{table} has no entries yet, so there is nothing to share")


def _shared(table: TableId, encode: Callable[[], str]) -> str:
    """The code `encode` makes; StoreError if the table's games cannot be coded here (a layout
    no longer installed)."""
    try:
        return encode()
    except ValueError as error:
        raise StoreError(f"{table} cannot be shared: {error}") from None

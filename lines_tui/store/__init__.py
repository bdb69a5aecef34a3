"""The local score store, players and share codes: pure Python, no Textual or Rich."""

from lines_tui.store.data_files import SetAside
from lines_tui.store.errors import (
    FileLeftAsItIs,
    NotRegistered,
    SavedGameKept,
    ShareCodeError,
    StoreError,
)
from lines_tui.store.files import one_lock_wait
from lines_tui.store.names import InvalidName, clean_name, name_problem
from lines_tui.store.schema import Preferences
from lines_tui.store.store import (
    RecordOutcome,
    Snapshot,
    Store,
    default_data_dir,
    lines_time_problem,
    mahjong_time_problem,
    open_store,
)
from lines_tui.store.tables import (
    Entry,
    EntryResult,
    Merge,
    TableId,
    format_clock,
    format_date,
    format_margin,
    format_value,
    race_margin,
    tenths,
)

__all__ = [
    "Entry",
    "EntryResult",
    "FileLeftAsItIs",
    "InvalidName",
    "Merge",
    "NotRegistered",
    "Preferences",
    "RecordOutcome",
    "SavedGameKept",
    "SetAside",
    "ShareCodeError",
    "Snapshot",
    "Store",
    "StoreError",
    "TableId",
    "clean_name",
    "default_data_dir",
    "format_clock",
    "format_date",
    "format_margin",
    "format_value",
    "lines_time_problem",
    "mahjong_time_problem",
    "name_problem",
    "one_lock_wait",
    "open_store",
    "race_margin",
    "tenths",
]

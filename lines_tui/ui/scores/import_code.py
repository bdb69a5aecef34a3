"""Import a friend's share code: paste it, see what would be merged, then confirm."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from lines_tui.store import EntryResult, Merge, ShareCodeError, StoreError
from lines_tui.store.paste import find_codes
from lines_tui.store.sharecode import MAX_INPUT_CHARS
from lines_tui.store.verify import Checker
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.scores.entries import entry_cells, name_text, proof_cell, value_heading
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load, write

PASTE = "Paste a code; nothing is merged until you press enter."
CHECKING = "Checking the code…"
STATUS_STYLE = {
    "added": "bold green",
    "already there": "",
    "not good enough": "dim",
    "rejected": "bold red",
}


class CodeInput(Input):
    """An Input that keeps all of a pasted code: Input keeps only the first line of a paste, and
    codes wrapped by a mail or chat program arrive in several lines. Its enter key is shown in
    the Footer as "Merge" (Input's own enter binding is hidden there)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Merge", tooltip="Merge the pasted code into your tables")
    ]

    def _on_paste(self, event: events.Paste) -> None:
        self.insert_text_at_cursor("".join(event.text.split()))
        event.prevent_default()  # Input's own handler would insert the first line again
        event.stop()


Merged = tuple[str, int | None]  # the table merged into, and the best place an entry took


class ImportScreen(DismissedOnTop, Screen[Merged | None]):
    """Paste a share code; the preview shows each entry's fate; enter merges, escape leaves.

    A merge dismisses the screen with the table merged into and the best place an entry took, so
    whoever opened it shows that leaderboard (the one below it, or a new one from the menu).
    The preview and the merge run on the session's store thread (a code's games are replayed):
    enter while the preview is being made merges all the same, once.
    """

    CSS_PATH = Path(__file__).parent / "scores.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back", tooltip="Back, with nothing merged"),
        # Enter in the code field submits it (see on_input_submitted): a priority binding would
        # merge before a paste or keys that came just ahead of it reached the field.
        Binding("enter", "merge", "Merge", tooltip="Merge the pasted code into your tables"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.store = session.store
        self.preview: Merge | None = None
        self._checking = False
        self._merging = False

    def compose(self) -> ComposeResult:
        yield Static(Text("Import a share code", style="bold"), id="import-heading", markup=False)
        yield CodeInput(
            placeholder="Paste a share code (LT2-...) here",
            max_length=MAX_INPUT_CHARS,
            id="import-code",
        )
        yield Static(id="import-summary", markup=False)
        yield DataTable(id="import-table", cursor_type="row", show_cursor=False)
        yield Static(id="import-reason", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if not self.is_attached:
            return  # closed by a key that came with the one that opened it
        self.query_one(CodeInput).focus()
        self.show(None, PASTE)

    def on_input_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        if not text:
            self.show(None, PASTE)
            return
        self.show(None, CHECKING)
        self._checking = True
        load(
            self,
            self.session.io,
            lambda: self.store.preview_import(first_code(text), Checker(now=time.time())),
            self.show,
            lambda error: self.show(None, str(error)),
            group="preview",
        )

    def show(self, preview: Merge | None, message: str = "") -> None:
        self.preview = preview
        self._checking = False
        summary = self.query_one("#import-summary", Static)
        grid = self.query_one("#import-table", DataTable)
        grid.clear(columns=True)
        reasons = [r for r in preview.results if r.status == "rejected"] if preview else []
        self.query_one("#import-reason", Static).update(rejections(reasons))
        if preview is None:
            summary.update(message)
            return
        table = preview.table
        summary.update(f"{table.title} ({table}): {counts(preview)}. Press enter to merge.")
        grid.add_columns("Result", Text("#", justify="right"))
        grid.add_columns("Name", Text(value_heading(table), justify="right"), "Date")
        grid.add_column(Text("✓", justify="center"), width=1)
        for result in preview.results:
            place = "" if result.rank is None else str(result.rank)
            grid.add_row(
                Text(result.status, style=STATUS_STYLE[result.status]),
                Text(place, justify="right"),
                *entry_cells(table, result.entry)[:3],
                proof_cell(result.entry),
            )
        for entry in preview.dropped:
            grid.add_row(
                Text("drops out", style="yellow"),
                Text(""),
                *entry_cells(table, entry)[:3],
                proof_cell(entry),
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_merge()

    def action_merge(self) -> None:
        code = self.query_one(CodeInput).value
        if self._merging:
            return
        if self.preview is None and not self._checking:
            self.notify("Nothing to merge: paste a valid share code first.", severity="warning")
            return
        self._merging = True

        def failed(error: StoreError) -> None:
            self._merging = False
            if isinstance(error, ShareCodeError):
                self.notify(str(error), severity="error")
            else:
                self.notify(f"Nothing was merged: {error}", severity="error")

        write(
            self,
            self.session.io,
            lambda: self.store.import_code(first_code(code), Checker(now=time.time())),
            self._merged,
            failed,
        )

    def _merged(self, merged: Merge) -> None:
        self.notify(f"Merged into {merged.table.title}: {counts(merged)}.")
        best = min((r.rank for r in merged.results if r.rank is not None), default=None)
        self.dismiss((str(merged.table), best))


def first_code(text: str) -> str:
    """The first code in a pasted text (the text itself if none, so that reading it says why)."""
    found = find_codes(text)
    return found[0] if found else text


def counts(merged: Merge) -> str:
    dropped = f", {len(merged.dropped)} of yours drop out" if merged.dropped else ""
    return merged.summary() + dropped


def rejections(results: list[EntryResult]) -> Text:
    text = Text()
    for result in results:
        text.append("rejected ", style="bold red")
        text.append_text(name_text(result.entry.name))
        text.append(f": {result.reason}\n")
    return text

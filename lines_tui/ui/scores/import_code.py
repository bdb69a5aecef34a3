"""Import a friend's share code: paste it, see what would be merged, then confirm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from lines_tui.engine.daily import is_proven_solvable
from lines_tui.store import Entry, Merge, StoreError, TableId
from lines_tui.store.paste import MAX_PASTE_CHARS, NO_CODE, find_codes, repeats, same_as
from lines_tui.store.verify import Checker, Prover
from lines_tui.ui.footer import Footer
from lines_tui.ui.lists import RowTable, TextPane
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.scores.code_input import CodeInput, EnterOnceQuiet
from lines_tui.ui.scores.pasted_codes import (
    ALL_THERE,
    Read,
    Repeat,
    all_there,
    as_sentence,
    best_place,
    best_verified,
    brings,
    challenged,
    read_line,
    summary,
)
from lines_tui.ui.scores.preview_table import FATES, fate_class, fill, rejections
from lines_tui.ui.session import Session
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.store_thread import load, write

PASTE = "Paste one code or several; nothing is merged until you press enter."
CHECKING = "Checking the code…"


@dataclass(frozen=True)
class Challenge:
    """A merged code of one deal's table, and its best result there that holds up by replay
    (None if none does): the app offers to beat it (README, "Challenges"). `best_there` is
    the table's own best such result after the merge, the one its game names to beat ("To
    beat: ..."): the player's own, say, if better than the code's (None if it could not be
    read)."""

    table: TableId
    to_beat: Entry | None
    best_there: Entry | None = None


@dataclass(frozen=True)
class Merged:
    """What a merge shows: the first table merged into and the best place the code's entries
    took there (the leaderboard marks it), and the first code of one deal's table among those
    merged, if any, as a challenge."""

    table: str
    place: int | None
    challenge: Challenge | None
    told: str = ""
    """What the merge said (each table merged into, each code left out): told again when a
    question about the challenge opened over it, which took the notice away."""
    left_out: bool = False
    """Whether `told` names codes left out (a warning)."""


class ImportScreen(DismissedOnTop, LaidOutFor80Columns, Screen[Merged | None]):
    """Paste share codes; the preview shows each entry's fate; enter merges, escape leaves.

    Every code in the paste is previewed; enter merges those the preview could read, all in one
    write (one that cannot be read is named with its reason and left out). A merge dismisses the
    screen with the first table merged into and the best place an entry took there, so whoever
    opened it shows that leaderboard (the one below it, or a new one from the menu). The preview
    and the merge run on the session's store thread (a code's games are replayed): enter while
    the preview is being made merges every code found, all or none, once.
    """

    CSS_PATH = Path(__file__).parent / "scores.tcss"
    COMPONENT_CLASSES: ClassVar[set[str]] = {fate_class(fate) for fate in FATES}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back", tooltip="Back, with nothing merged"),
        # Enter is taken where it is read (EnterOnceQuiet), so this binding only names it: a
        # priority binding would merge before a paste or keys that came just ahead of it reached
        # the field, and this one once the keys after it had.
        Binding("enter", "merge", "Merge", tooltip="Merge the pasted codes into your tables"),
        # Textual's own tab, bound here so that the Footer and the help say where it goes.
        Binding(
            "tab",
            "focus_next",
            "Field / preview",
            tooltip="Go between the codes field and the preview (and their lines that outgrow "
            "their room)",
        ),
        Binding(
            "shift+tab",
            "focus_previous",
            "Field / preview",
            show=False,
            tooltip="Go between the preview and the codes field, the other way round",
        ),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.store = session.store
        self.previews: list[Merge] = []
        self._mergeable: list[tuple[int, str]] = []  # the codes that bring entries, numbered
        self._left_out: list[str] = []  # the others, numbered, with their reasons
        self._repeated: dict[int, int] = {}  # the codes given again, numbered: the first's
        self._all_there = False  # every entry pasted is in your tables already
        self._checking = False
        self._merging = False
        self.enters = EnterOnceQuiet(self, self._merge)
        self._proofs: Prover = is_proven_solvable
        """How the store's thread proves a deal of the day: in the solver process once mounted."""

    def compose(self) -> ComposeResult:
        yield Static("Import share codes", id="import-heading", markup=False)
        yield CodeInput(
            placeholder="Paste a share code (LT2-...) here, or several",
            max_length=MAX_PASTE_CHARS,
            id="import-code",
        )
        # In TextPanes: several codes' lines and reasons outgrow the room they have at 80 x 24.
        with TextPane(id="import-summary-pane"):
            yield Static(id="import-summary", markup=False)
        # A RowTable: enter there merges too (a DataTable's own enter selected a row).
        yield RowTable(id="import-table", cursor_type="row", show_cursor=False)
        with TextPane(id="import-reason-pane"):
            yield Static(id="import-reason", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._proofs = self.session.daily_proofs()  # asked for on the event loop's thread
        if not self.is_attached:
            return  # closed by a key that came with the one that opened it
        # What the last import said ("Merged into …") would stay over this one's preview.
        self.app.clear_notifications()
        self.query_one(CodeInput).focus()
        self.show([], PASTE)

    def on_input_changed(self, event: Input.Changed) -> None:
        codes = find_codes(event.value)
        if not codes:
            # A preview of the text before must not come back over this one (and be merged).
            self.workers.cancel_group(self, "preview")
            self._checking = False
            self.show([], as_sentence(NO_CODE) if event.value.strip() else PASTE)
            return
        self.show([], CHECKING)
        self._checking = True
        load(
            self,
            self.session.io,
            lambda: self._preview(codes),
            self.show,
            lambda error: self.show([], str(error)),
            group="preview",
        )

    def _preview(self, codes: list[str]) -> list[tuple[str, Read]]:
        """Each code's preview; a code given again is judged once (`Repeat` in its place)."""
        repeated = repeats(codes)
        once = [code for code, first in zip(codes, repeated, strict=True) if first is None]
        previews = iter(self.store.preview_imports(once, self._checker))
        reads: list[tuple[str, Read]] = []
        for code, first in zip(codes, repeated, strict=True):
            if first is not None:
                reads.append((code, Repeat(first)))
                continue
            read = next(previews)
            reads.append((code, read if isinstance(read, Merge) else str(read)))
        return reads

    def _checker(self) -> Checker:
        """A friend's code is checked at the session's time, the app's one clock (tests fix
        it): a new checker for each code, each with a replay budget of its own."""
        return Checker(now=self.session.clock(), proven_solvable=self._proofs)

    def show(self, reads: list[tuple[str, Read]], message: str = "") -> None:
        self.previews = [read for _, read in reads if isinstance(read, Merge)]
        numbered = list(enumerate(reads, start=1))
        self._mergeable = [(number, code) for number, (code, read) in numbered if brings(read)]
        self._left_out = [
            f"code {number}: {read_line(read)}"
            for number, (_, read) in numbered
            if not brings(read) and not isinstance(read, Repeat)
        ]
        self._repeated = {
            number: read.of for number, (_, read) in numbered if isinstance(read, Repeat)
        }
        self._all_there = all_there([read for _, read in reads])
        self._checking = False
        grid = self.query_one("#import-table", DataTable)
        grid.clear(columns=True)
        rejected = [r for m in self.previews for r in m.results if r.status == "rejected"]
        styles = {
            fate: self.get_component_rich_style(fate_class(fate), partial=True) for fate in FATES
        }
        self.query_one("#import-reason", Static).update(rejections(rejected, styles["rejected"]))
        self.query_one("#import-summary", Static).update(
            message or summary([read for _, read in reads])
        )
        if self.previews:
            read = [(number, r) for number, (_, r) in numbered if isinstance(r, Merge)]
            fill(grid, read, styles, several=len(reads) > 1)
        for pane in self.query(TextPane):
            pane.scroll_home(animate=False)  # a new preview is read from its first line

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._merge()  # the field's enter, nothing after it (see EnterOnceQuiet)

    def on_key(self, event: events.Key) -> None:
        """The keys that came up from the preview and the panes: enter there merges too, on
        the same terms as in the field."""
        self.enters.read(event)

    def on_paste(self, event: events.Paste) -> None:
        self.enters.read(event)

    def action_focus_next(self) -> None:
        self.focus_next()

    def action_focus_previous(self) -> None:
        self.focus_previous()

    def action_merge(self) -> None:
        self.enters.wait()

    def _merge(self) -> None:
        if self._merging:
            return
        if not self._mergeable and not self._checking:
            if self._all_there:  # nothing wrong: nothing new
                deal = challenged(self.previews, brought=False)
                if deal is None:
                    self.notify(f"Nothing to merge: {ALL_THERE}.")
                else:
                    self._challenge(deal)
                return
            why = "no entry pasted would go into your tables (the preview says why)"
            if not self.previews:
                why = "paste a valid share code first"
            self.notify(f"Nothing to merge: {why}.", severity="warning")
            return
        numbered, left_out, repeated = self._mergeable, self._left_out, self._repeated
        if self._checking:  # every code, all or none; the merge tells what each brought
            found = find_codes(self.query_one(CodeInput).value)
            numbered = list(enumerate(found, start=1))
            left_out = []
            # Merged again, a code given again changes nothing: it is told as such.
            repeated = {n: first for n, first in enumerate(repeats(found), 1) if first}
        codes = [code for _, code in numbered]
        self._merging = True

        def failed(error: StoreError) -> None:
            self._merging = False
            self.notify(f"Nothing was merged: {error}", severity="error")

        def merge() -> tuple[list[Merge], Entry | None]:
            merges = self.store.import_codes(codes, self._checker)
            return merges, self._best_there(challenged(merges))

        write(
            self,
            self.session.io,
            merge,
            lambda merged: self._merged(
                list(zip([number for number, _ in numbered], merged[0], strict=True)),
                left_out,
                merged[1],
                repeated,
            ),
            failed,
        )

    def _challenge(self, deal: Merge) -> None:
        """Every entry pasted already in your tables, one code of a deal's table among them: no
        merge, its challenge offered (a code imported before whose challenge was declined, say)
        over its table, as after a merge."""
        self._merging = True

        def failed(error: StoreError) -> None:  # `_best_there` reads None on a store error
            self._merging = False

        def offer(best_there: Entry | None) -> None:
            challenge = Challenge(deal.table, best_verified(deal), best_there)
            told = f"Nothing was merged: {ALL_THERE}."
            self.dismiss(Merged(str(deal.table), best_place(deal), challenge, told))

        load(self, self.session.io, lambda: self._best_there(deal), offer, failed, group="offer")

    def _best_there(self, merged: Merge | None) -> Entry | None:
        """On the store's thread, after the merge: the best result of the challenge's table that
        holds up by replay, as its game reads it to say what to beat (None if it cannot be read:
        the merge is done, and the offer names the code's result alone)."""
        if merged is None:
            return None
        try:
            return self.store.result_to_beat(merged.table, self.session.clock(), self._proofs)
        except StoreError:
            return None

    def _merged(
        self,
        merges: list[tuple[int, Merge]],
        left_out: list[str],
        best_there: Entry | None,
        repeated: dict[int, int],
    ) -> None:
        """Say what went into which table and what did not (`left_out`: the codes the preview
        left out) and which codes were given again (`repeated`, each number with the first
        code's: merged once); show the first table merged into, or, if the codes (merged
        before the preview could tell) brought nothing, stay."""
        merges = [(number, merged) for number, merged in merges if number not in repeated]
        into = [merged for _, merged in merges if brings(merged)]
        left_out = left_out + [
            f"code {number}: {read_line(merged)}" for number, merged in merges if not brings(merged)
        ]
        told = [read_line(merged, "Merged into ") for merged in into]
        if left_out:
            told.append(("Not merged: " if into else "Nothing was merged: ") + "; ".join(left_out))
        if repeated:
            told.append(
                "; ".join(f"Code {n}: {same_as(first)}" for n, first in repeated.items())
                + ", merged once."
            )
        self.notify("\n".join(told), severity="warning" if left_out else "information")
        if not into:
            self._merging = False
            return
        first = into[0]
        deal = challenged([merged for _, merged in merges])
        challenge = None
        if deal is not None:
            challenge = Challenge(deal.table, best_verified(deal), best_there)
        self.dismiss(
            Merged(str(first.table), best_place(first), challenge, "\n".join(told), bool(left_out))
        )

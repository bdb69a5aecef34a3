"""Import a friend's share code: paste it, see what would be merged, then confirm."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

from lines_tui.engine.daily import is_proven_solvable
from lines_tui.store import Entry, EntryResult, Merge, StoreError, TableId
from lines_tui.store.paste import (
    MAX_PASTE_CHARS,
    NO_CODE,
    find_codes,
    given_again,
    repeats,
    same_as,
)
from lines_tui.store.verify import Checker, Prover
from lines_tui.ui.footer import Footer
from lines_tui.ui.lists import RowTable, TextPane
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.plain_input import PlainInput, editing_keys
from lines_tui.ui.scores.entries import entry_cells, name_text, proof_cell, value_heading
from lines_tui.ui.session import Session
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.store_thread import load, write

PASTE = "Paste one code or several; nothing is merged until you press enter."
CHECKING = "Checking the code…"
ENTER_SETTLES = 0.2
"""Seconds with no key nor paste after an enter for the enter to merge: a paste typed out by the
terminal as keys comes in a burst, a player's next key after enter much later."""
DROPS_OUT = "drops out"  # one of yours, pushed out of the top 10 by the merge
FATES = ("added", "already there", "not good enough", "rejected", DROPS_OUT)
"""An entry's fate in the preview; each is drawn in its component class's style (scores.tcss)."""


def fate_class(fate: str) -> str:
    """The component class of `fate` ("not good enough": "import--not-good-enough")."""
    return "import--" + fate.replace(" ", "-")


class EnterOnceQuiet:
    """The keys and pastes one widget reads, counted in the order it reads them: an enter (or
    `key`) read there calls `merge` once ENTER_SETTLES seconds went by with nothing read after
    it. A terminal without bracketed paste types a paste out as keys, each line break an enter:
    an enter followed by more of the paste merges nothing and says nothing, and one that ends the
    paste merges the whole of it.

    The enter is taken when the widget reads it, not by its binding: a binding runs once the
    key has gone up to the app, and by then the widget has read the keys after it (the field
    held the whole paste, so every enter in it looked like the last one). The count is
    compared in the widget's own queue, behind any key that reached it meanwhile."""

    def __init__(self, widget: Widget, merge: Callable[[], object], key: str = "enter") -> None:
        self._widget = widget
        self._merge = merge
        self._key = key
        self._reads = 0

    def read(self, event: events.Key | events.Paste) -> bool:
        """Count `event`, read by the widget; True if it is an enter (or `key`), taken here."""
        self._reads += 1
        if not isinstance(event, events.Key) or event.key != self._key:
            return False
        event.stop()  # its binding would merge once the rest of a paste was in
        event.prevent_default()
        self.wait()
        return True

    def wait(self) -> None:
        """Merge once ENTER_SETTLES seconds went by with nothing read from now on. The worker
        gets a function that makes the coroutine when it runs, not the coroutine (as
        dead_end.DeadEndCheck's): one cancelled before it starts leaves none that nobody
        awaits."""
        merge_if_quiet: Callable[[], Awaitable[None]] = partial(self._merge_if_quiet, self._reads)
        self._widget.run_worker(merge_if_quiet, group=self._key)

    async def _merge_if_quiet(self, mark: int) -> None:
        await asyncio.sleep(ENTER_SETTLES)
        checked: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def check() -> None:
            if self._reads == mark:
                self._merge()
            checked.set_result(None)

        self._widget.call_later(check)  # behind the keys the widget has yet to read
        await checked


class CodeInput(PlainInput, inherit_bindings=False):
    """The field of the codes to merge. A paste goes whole to find_codes, as pasted (wrapped over
    lines, "> " before each, prose around), and the field gets the codes it found, one after
    another; a paste with nothing like a code goes in on one line, so that the preview says
    why, unless it is too long for the field: then a notice says why nothing went in. Its enter
    key is shown in the Footer as "Merge" (Input's own enter binding is hidden); it submits the
    field once nothing followed it for ENTER_SETTLES seconds (see EnterOnceQuiet). `?`, which
    no code holds, is the help key here as on every other screen, once nothing but `?` followed
    it as quickly: `?` pressed twice in a hurry (the help waits those 0.2 s) opens the help, once.
    A `?` in a burst with other text is part of a paste typed out as keys (prose around a code,
    "Can you beat this?"), and goes into the field in its place: one sent within ENTER_SETTLES
    seconds of a character or paste before it, or held and followed as quickly by anything
    else."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Merge", tooltip="Merge the pasted codes into your tables"),
        *editing_keys("the codes", "character"),
    ]

    _questions_held = 0
    """The `?`s read and not yet told apart: the help key, or a paste's (see the class)."""

    _text_sent_at: float | None = None
    """When the last character or paste read here was sent: a `?` sent within ENTER_SETTLES
    seconds of it is in the same burst, text."""

    @cached_property
    def enters(self) -> EnterOnceQuiet:
        return EnterOnceQuiet(self, lambda: self.post_message(self.Submitted(self, self.value)))

    @cached_property
    def helps(self) -> EnterOnceQuiet:
        return EnterOnceQuiet(self, self._open_help, key="question_mark")

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # `?` is not typed: the Footer and the help show it as the help key, as elsewhere.
        return character != "?" and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        # A key not taken here goes on to PlainInput's and Input's handlers: Textual calls each
        # class's in turn, unless one prevents the default (as taking enter or `?` does).
        self.enters.read(event)
        if self.helps.read(event) and not self._in_text_burst(event):
            self._questions_held += 1  # the help key, unless more than `?` follows
            return
        self._type_held_questions()
        if event.character == "?":  # taken by helps.read, and text here
            self.insert_text_at_cursor("?")
        if event.is_printable:
            self._text_sent_at = event.time

    def _on_paste(self, event: events.Paste) -> None:
        self._type_held_questions()
        self.enters.read(event)
        self.helps.read(event)
        self._text_sent_at = event.time
        super()._on_paste(event)

    def _in_text_burst(self, event: events.Key) -> bool:
        """Whether `event` came within ENTER_SETTLES seconds of the text read before it."""
        sent = self._text_sent_at
        return sent is not None and event.time - sent < ENTER_SETTLES

    def _type_held_questions(self) -> None:
        """More than `?` came after the `?`s held: they were a paste's, and go in before it."""
        if self._questions_held:
            self.insert_text_at_cursor("?" * self._questions_held)
            self._questions_held = 0

    def _open_help(self) -> None:
        if self._questions_held:
            self._questions_held = 0
            self.call_later(self.run_action, "app.help")

    def pasted(self, text: str) -> str | None:
        found = find_codes(text)
        codes = " ".join(found) if found else super().pasted(text) or ""
        start, end = sorted(self.selection)
        if len(self.value) - (end - start) + len(codes) > MAX_PASTE_CHARS:
            # Input drops a text longer than its max_length without a word.
            self.notify(f"Nothing was pasted: {too_long(text, found)}.", severity="warning")
            return None
        return codes


def too_long(paste: str, found: list[str]) -> str:
    """Why a paste does not go into the code field, whose text it would make too long."""
    room = f"the field (at most {MAX_PASTE_CHARS:,} characters)"
    if found:
        return f"the codes in it do not fit in {room}"
    where = "in it"
    if len(paste) > MAX_PASTE_CHARS:
        where = f"in its first {MAX_PASTE_CHARS:,} characters"  # all that find_codes reads
    return f"no share code {where}, and its {len(paste):,} characters do not fit in {room}"


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


@dataclass(frozen=True)
class Repeat:
    """A code of the paste given again: `of`, the number of the first code it is the same as.
    Neither previewed nor merged again; its line says so."""

    of: int


Read = Merge | str | Repeat
"""What merging one code does, why it cannot be merged, or that it is one before it again."""


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


def best_place(merged: Merge) -> int | None:
    """The best place the code's entries have in its table after the merge."""
    return min((r.rank for r in merged.results if r.rank is not None), default=None)


def challenged(merges: list[Merge], *, brought: bool = True) -> Merge | None:
    """The first code of one deal's table that brought entries to it (or, not `brought`, whose
    entries are all there already): the challenge offered."""
    return next(
        (
            merged
            for merged in merges
            if (brings(merged) or not brought) and merged.table.mode != "random"
        ),
        None,
    )


def best_verified(merged: Merge) -> Entry | None:
    """The code's best result in the table whose replay verified it: a code's entry keeps its
    game only then (codes.read)."""
    verified = [r for r in merged.results if r.rank is not None and r.entry.recorded]
    verified.sort(key=lambda result: result.rank or 0)
    return verified[0].entry if verified else None


def brings(read: Read) -> bool:
    """Whether merging the code adds any of its entries to your tables: if not, there is
    nothing to merge (every entry already there, rejected or not good enough)."""
    return isinstance(read, Merge) and read.count("added") > 0


ALL_THERE = "every entry pasted is already in your tables"


def all_there(reads: list[Read]) -> bool:
    """Whether every entry of the codes is in your tables already (and every code was read)."""
    merges = [read for read in reads if not isinstance(read, Repeat)]
    return bool(merges) and all(
        isinstance(read, Merge) and read.count("already there") == len(read.results)
        for read in merges
    )


def as_sentence(text: str) -> str:
    """`text`, a reason told within a line ("no share code found ..."), alone on its line."""
    return text[:1].upper() + text[1:]


def summary(reads: list[Read]) -> str:
    """One line for one code; for several, what enter merges, then a line per code (a code
    given again is said to be, in its place, and counted once)."""
    if len(reads) == 1:
        (read,) = reads
        line = read_line(read)
        if brings(read):
            return f"{line} Press enter to merge."
        if all_there(reads):
            there = f"Nothing to merge: {ALL_THERE}. {as_sentence(line.removeprefix(NOTHING))}"
            return there + challenge_offered(reads)
        return as_sentence(line)
    merges = sum(brings(read) for read in reads)
    once = sum(not isinstance(read, Repeat) for read in reads)
    again = given_again([read.of if isinstance(read, Repeat) else None for read in reads])
    codes = f"{len(reads)} codes, {again}" if again else f"{len(reads)} codes"
    if all_there(reads):
        head = f"Nothing to merge: {ALL_THERE} ({codes}).{challenge_offered(reads)}"
    elif not merges:
        none = f"none of the {len(reads)} codes" + (f" ({again})" if again else "")
        head = f"Nothing to merge: {none} brings an entry to your tables."
    elif merges == once:
        head = f"{codes}. Press enter to merge {'them all' if once > 1 else 'it'}."
    else:
        head = f"{codes}. Press enter to merge the {merges} that can be."
    lines = (f"Code {n}: {read_line(read)}" for n, read in enumerate(reads, start=1))
    return "\n".join([head, *lines])


def challenge_offered(reads: list[Read]) -> str:
    """What enter does when every entry pasted is there already: with a code of one deal's
    table, offers its challenge (as after a merge); else nothing ("")."""
    merges = [read for read in reads if isinstance(read, Merge)]
    deal = challenged(merges, brought=False)
    if deal is None:
        return ""
    if len(reads) == 1:
        return " Press enter for its challenge."
    number = next(n for n, read in enumerate(reads, start=1) if read is deal)
    return f" Press enter for the challenge of code {number}."


def read_line(read: Read, merged: str = "") -> str:
    """A code's table and what merging it does (after `merged`), that it has nothing to merge
    and why, or why it cannot be merged."""
    if isinstance(read, str):
        return read
    if isinstance(read, Repeat):
        return f"{same_as(read.of)}."
    if not brings(read):
        merged = NOTHING
    return f"{merged}{read.table.title} ({read.table}): {counts(read)}."


NOTHING = "nothing to merge into "
"""Before the table of a code that adds nothing to it."""


PREVIEW_CELLS = 80 - 1
"""The width the preview's rows fit: 80 columns, less the scroll bar's one (scores.tcss). A name
wider than the room the other columns leave it ends in "…", as a leaderboard's long deal number
does (entries.SEED_CELLS), so the date, last, shows whole."""


PreviewRow = tuple[int, TableId, str, str, Entry]
"""A row of the preview: the code's number, its table, the entry's fate and place, the entry."""


def fill(
    grid: DataTable[Text],
    merges: list[tuple[int, Merge]],
    styles: Mapping[str, Style],
    *,
    several: bool,
) -> None:
    """The entries of every code that could be read, with the code's number in the paste (as
    the summary numbers them) when there are `several`, each fate in its style in `styles`.

    Every column gets its width here, from its heading and cells, before the rows go in: a
    DataTable measures the rows it is given only when it is next idle, and a screen painted
    before that (about one paste in eight) kept the columns at their headings' widths, cutting
    "already there", the times and the dates, until something else redrew the table."""
    rows: list[PreviewRow] = []
    for number, merge in merges:
        rows += [
            (number, merge.table, r.status, "" if r.rank is None else str(r.rank), r.entry)
            for r in merge.results
        ]
        rows += [(number, merge.table, DROPS_OUT, "", entry) for entry in merge.dropped]
    values = "/".join(dict.fromkeys(value_heading(merge.table) for _, merge in merges))
    # The mark before the name, as on the leaderboard: at the end of a row of several codes
    # with a wide name, it was past the screen's edge.
    headings = [
        *([Text("Code", justify="right")] if several else []),
        Text("Result"),
        Text("#", justify="right"),
        Text("✓", justify="center"),
        Text("Name"),
        Text(values, justify="right"),
        Text("Date"),
    ]
    cells = [preview_cells(row, styles, several) for row in rows]
    widths = column_widths(headings, cells, len(headings) - 3, grid.cell_padding)
    for heading, width in zip(headings, widths, strict=True):
        grid.add_column(Text.assemble(heading), width=width)
    for row in rows:
        grid.add_row(*preview_cells(row, styles, several))


def preview_cells(row: PreviewRow, styles: Mapping[str, Style], several: bool) -> list[Text]:
    """The cells of one row of the preview (the code's number first if there are `several`),
    its fate in its style in `styles`."""
    number, table, fate, place, entry = row
    return [
        *([Text(str(number), justify="right")] if several else []),
        Text(fate, style=styles[fate]),
        Text(place, justify="right"),
        # Rejected, it is not merged (the reason is under the table): marked ✗, with its game
        # or without. A code's entry keeps its record only when its replay verified it
        # (codes.read).
        proof_cell(
            "refuted" if fate == "rejected" else "verified" if entry.recorded else "unverified"
        ),
        *entry_cells(table, entry)[:3],
    ]


def column_widths(
    headings: list[Text], rows: list[list[Text]], name: int, padding: int
) -> list[int]:
    """Each column's width: its widest cell's, heading included; the Name column's (number
    `name`) no more than the room the others leave in PREVIEW_CELLS."""
    widths = [
        max(cell_len(cell.plain) for cell in [heading, *(row[column] for row in rows)])
        for column, heading in enumerate(headings)
    ]
    beside = sum(width + 2 * padding for column, width in enumerate(widths) if column != name)
    widths[name] = min(widths[name], PREVIEW_CELLS - beside - 2 * padding)
    return widths


def counts(merged: Merge) -> str:
    dropped = f", {len(merged.dropped)} of yours drop out" if merged.dropped else ""
    return merged.summary() + dropped


def rejections(results: list[EntryResult], style: Style) -> Text:
    """A line for each entry rejected, "rejected" in `style`, with the reason."""
    lines = []
    for result in results:
        line = Text("rejected ", style=style)
        line.append_text(name_text(result.entry.name))
        line.append(f": {result.reason}")
        lines.append(line)
    return Text("\n").join(lines)

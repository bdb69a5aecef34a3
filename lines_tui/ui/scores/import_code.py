"""Import a friend's share code: paste it, see what would be merged, then confirm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from lines_tui.engine.daily import is_proven_solvable
from lines_tui.outside_text import printable_lines
from lines_tui.store import Entry, Merge, StoreError, TableId
from lines_tui.store.paste import (
    MAX_PASTE_CHARS,
    NO_CODE,
    find_codes,
    given_again,
    repeats,
    too_long_to_read,
)
from lines_tui.store.sharing import race_over
from lines_tui.store.verify import best_verified
from lines_tui.ui.footer import Footer
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.lists import RowTable, TextPane
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.scores.code_input import CodeInput, EnterOnceQuiet
from lines_tui.ui.scores.entries import PROOF_LEGEND
from lines_tui.ui.scores.pasted_codes import (
    ALL_READ_THERE,
    ALL_THERE,
    CodesToMerge,
    MergeTold,
    PastedCodes,
    Read,
    Repeat,
    Titles,
    all_there,
    best_place,
    brings,
    challenge_all_there,
    challenged,
    id_title,
    read_line,
    table_line,
)
from lines_tui.ui.scores.preview_table import FATES, fate_class, fill, rejections
from lines_tui.ui.sentences import as_sentence, ended
from lines_tui.ui.session import Checkers, NoticesReleased, Session
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.store_thread import load, write

PASTE = "Paste one code or several; nothing is merged until you press enter."
CHECKING = "Checking the code…"


OfferReads = tuple[Entry | None, bool, str | None]
"""What the offer of a challenge reads on the store's thread after the merge: the best result
there (`Challenge.best_there`), whether a guest plays (`Challenge.guest`) and who does
(`Challenge.player`)."""


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
    guest: bool = False
    """Whether a guest plays (as read with `best_there`), whose Lines score is not saved: the
    offer says so before the race."""
    player: str | None = None
    """The registered player who plays (as read with `best_there`; None for a guest, or if it
    could not be read): a best result there of theirs is named as their own, as the game
    names it."""

    @classmethod
    def offered(cls, deal: Merge, reads: OfferReads) -> Challenge:
        """The challenge of `deal`, a merged code of one deal's table."""
        best_there, guest, player = reads
        return cls(deal.table, best_verified(deal), best_there, guest, player)


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

    @property
    def severity(self) -> SeverityLevel:
        """How strongly `told` is told: as a warning when it names codes left out."""
        return "warning" if self.left_out else "information"


class ImportScreen(DismissedOnTop, TakesTypedAhead, LaidOutFor80Columns, Screen[Merged | None]):
    """Paste share codes; the preview shows each entry's fate; enter merges, escape leaves.

    Every code in the paste is previewed; enter merges those the preview could read, all in one
    write (one that cannot be read is named with its reason and left out). A paste with more
    codes than are read (`too_long_to_read`) is previewed as the command line refuses it, in
    one line, and enter merges none of it: no code is left out unseen. A merge dismisses the
    screen with the first table merged into and the best place an entry took there, so whoever
    opened it shows that leaderboard (the one below it, or a new one from the menu), with what
    the merge said (`Merged.told`) on the leaderboard's status line. The preview and the merge
    run on the session's store thread (a code's games are replayed): enter while the preview is
    being made merges every code found, all or none, once.
    """

    CSS_PATH = Path(__file__).parent / "scores.tcss"

    @property
    def HOLDS_NOTICES(self) -> bool:  # the name `StoreNotices` asks every screen for
        """While a merge runs, the store's warnings wait for the screen after it: a damaged file
        the merge set aside is told on the leaderboard after what the merge did; told over
        Import, it was gone as the leaderboard opened. One the preview's read set aside is told
        over Import at once, before enter merges into the fresh file."""
        return self._merging

    def _merge_ended(self) -> None:
        """A merge that stays on this screen ended (it failed, or brought nothing): the
        warnings it held are told here now."""
        self._merging = False
        self.app.post_message(NoticesReleased())

    HELP = (
        "Paste a friend's share codes, one or several, even inside a chat message. Every entry is "
        "replayed, and the preview shows what a merge would do with it: added, already there, "
        "not good enough for the top 10, or rejected (not merged: the reason is under the "
        "table); a row of yours that drops out is pushed out of the top 10. The ✓ column is the "
        f"replay's verdict, as on the leaderboard: {PROOF_LEGEND} (no game record, or a layout "
        "not installed here). Enter merges, or, where every entry of a deal's code is here "
        "already, offers its challenge (the Footer says Challenge then); esc goes back with "
        "nothing merged."
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {fate_class(fate) for fate in FATES}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back", tooltip="Back, with nothing merged"),
        # Enter is taken where it is read (EnterOnceQuiet), so this binding only names it: a
        # priority binding would merge before a paste or keys that came just ahead of it reached
        # the field, and this one once the keys after it had.
        Binding("enter", "merge", "Merge", tooltip="Merge the pasted codes into your tables"),
        # The same key where the preview offers a challenge instead: the Footer says so.
        Binding(
            "enter",
            "challenge",
            "Challenge",
            tooltip="Every entry pasted is here already: offer the challenge of the deal's code",
        ),
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
        self._pasted = PastedCodes([])  # the codes previewed
        self._checking = False
        self._merging = False
        self._unread_tables = False
        """The last preview could not read the tables (the summary says why): enter reads them
        again, rather than blame the code ("paste a valid share code first")."""
        self.enters = EnterOnceQuiet(self, self._merge)
        self._checkers = Checkers(session.clock, session.find_layout, is_proven_solvable)
        """What the store's thread checks with: the session's once mounted (its proofs in the
        solver process, asked for on the event loop's thread)."""

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
        # What enter said while the screen stays (nothing to merge): here, above the preview,
        # as a corner notice would cover the reasons it points at.
        yield Static(id="import-told", markup=False)
        # A RowTable: enter there merges too (a DataTable's own enter selected a row).
        yield RowTable(id="import-table", cursor_type="row", show_cursor=False)
        with TextPane(id="import-reason-pane"):
            yield Static(id="import-reason", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._checkers = self.session.checkers()  # on the event loop's thread
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        # What the last import said ("Merged into …") would stay over this one's preview.
        self.app.clear_notifications()
        self.query_one(CodeInput).focus()
        self.show([], PASTE)

    def on_unmount(self) -> None:
        self.app.post_message(NoticesReleased())

    def on_input_changed(self, event: Input.Changed) -> None:
        # As pasted: a paste typed out as keys has line breaks the value holds as spaces.
        text = self.query_one(CodeInput).pasted_text
        too_long = too_long_to_read(text)  # all or none, as on the command line
        codes = [] if too_long else find_codes(text)
        if not codes:
            # A preview of the text before must not come back over this one (and be merged).
            self.workers.cancel_group(self, "preview")
            self._checking = False
            self.show([], ended(as_sentence(too_long or NO_CODE)) if text.strip() else PASTE)
            return
        self._check(codes)

    def _check(self, codes: list[str], told: str = "") -> None:
        """Preview `codes` afresh against the tables as they are now, then say `told` (what
        enter did) above it."""
        self.show([], CHECKING)
        self._checking = True

        def shown(reads: list[tuple[str, Read]], said: str = "") -> None:
            self.show(reads, said)
            self._tell(told, warning=True)

        def unread(error: StoreError) -> None:
            shown([], str(error))
            self._unread_tables = True

        load(self, self.session.io, lambda: self._preview(codes), shown, unread, group="preview")

    def _preview(self, codes: list[str]) -> list[tuple[str, Read]]:
        """Each code's preview; a code given again is judged once (`Repeat` in its place)."""
        repeated = repeats(codes)
        once = [code for code, first in zip(codes, repeated, strict=True) if first is None]
        previews = iter(self.store.preview_imports(once, self._checkers.imported))
        reads: list[tuple[str, Read]] = []
        for code, first in zip(codes, repeated, strict=True):
            if first is not None:
                reads.append((code, Repeat(first)))
                continue
            read = next(previews)
            reads.append((code, read if isinstance(read, Merge) else str(read)))
        self.session.learn_titles(read.table for _, read in reads if isinstance(read, Merge))
        return reads

    def show(self, reads: list[tuple[str, Read]], message: str = "") -> None:
        self._pasted = pasted = PastedCodes(reads, self.session.table_title)
        self._checking = self._unread_tables = False
        grid = self.query_one("#import-table", DataTable)
        grid.clear(columns=True)
        rejected = [r for m in pasted.merges() for r in m.results if r.status == "rejected"]
        styles = {
            fate: self.get_component_rich_style(fate_class(fate), partial=True) for fate in FATES
        }
        self.query_one("#import-reason", Static).update(rejections(rejected, styles["rejected"]))
        said = message or summary(
            [read for _, read in reads], self.session.clock(), self.session.table_title
        )
        self.query_one("#import-summary", Static).update(Text(printable_lines(said)))
        self._tell("")  # what enter said was of the paste before
        if pasted.merges():
            fill(grid, pasted.numbered_merges(), styles, several=len(reads) > 1)
        for pane in self.query(TextPane):
            pane.scroll_home(animate=False)  # a new preview is read from its first line
        self.refresh_bindings()  # enter merges, or offers a challenge

    def _tell(self, text: str, *, warning: bool = False) -> None:
        """Say what enter did while the screen stays, in the line above the preview ("" hides
        it)."""
        told = self.query_one("#import-told", Static)
        told.update(Text(printable_lines(text)))
        told.display = bool(text)
        told.set_class(warning, "-warning")

    def on_code_input_paste_refused(self, message: CodeInput.PasteRefused) -> None:
        """Said where it stays until the field changes, not in a toast that goes."""
        self._tell(message.told, warning=True)

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

    def action_challenge(self) -> None:
        self.enters.wait()  # read as `merge` reads it: `_merge` offers the challenge

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is named `Merge` in the Footer, or `Challenge` where the preview offers the
        challenge of a deal's code whose entries are all here already (`_merge` does)."""
        if action in ("merge", "challenge"):
            return (action == "challenge") == (self._challenge_offered() is not None)
        return super().check_action(action, parameters)

    def _challenge_offered(self) -> Merge | None:
        """The deal's code whose challenge enter offers: the preview's, when it has nothing to
        merge and every entry of such a code is here already (`PastedCodes.challenge_there`)."""
        pasted = self._pasted
        if self._checking or pasted.to_merge().numbered:
            return None
        return pasted.challenge_there(self.session.clock())

    def _merge(self) -> None:
        if self._merging:
            return
        deal = self._challenge_offered()
        if deal is not None:  # a code that could not be read beside it is left out
            self._challenge(deal)
            return
        if self._unread_tables:
            self._check(find_codes(self.query_one(CodeInput).pasted_text))
            return
        to_merge = self._pasted.to_merge()
        if not to_merge.numbered and not self._checking:
            if self._pasted.every_entry_there():  # nothing wrong: nothing new
                self._tell(NOTHING_NEW)
                return
            why = "no entry pasted would go into your tables (see why below)"
            if not self._pasted.merges():
                why = "paste a valid share code first"
                # The preview says at length why a text is too long: not twice over.
                if too_long_to_read(self.query_one(CodeInput).pasted_text):
                    why = "the text is not read (see why below)"
            self._tell(f"Nothing to merge: {why}.", warning=True)
            return
        if self._checking:
            found = find_codes(self.query_one(CodeInput).pasted_text)
            to_merge = CodesToMerge.all_found(found, self.session.table_title)
        codes = to_merge.codes()
        self._merging = True

        def failed(error: StoreError) -> None:
            self._merge_ended()
            self.notify(f"Nothing was merged: {error}", severity="error")

        def merge() -> tuple[list[Merge], OfferReads]:
            merges = self.store.import_codes(codes, self._checkers.imported)
            return merges, self._offer_reads(challenged(merges))

        write(
            self,
            self.session.io,
            merge,
            lambda merged: self._merged(to_merge.told(merged[0]), merged[1]),
            failed,
        )

    def _challenge(self, deal: Merge) -> None:
        """Every entry pasted already in your tables, one code of a deal's table among them: no
        merge, its challenge offered (a code imported before whose challenge was declined, say)
        over its table, as after a merge. The codes that could not be read are named with why, as
        a merge names them."""
        self._merging = True

        def failed(error: StoreError) -> None:  # `_best_there` reads None on a store error
            self._merge_ended()

        def offer(reads: OfferReads) -> None:
            challenge = Challenge.offered(deal, reads)
            unread = self._pasted.unread()
            told = f"Nothing was merged: {ALL_THERE}."
            if unread:
                told = ended(f"Nothing was merged: {'; '.join([ALL_READ_THERE, *unread])}")
            self.dismiss(Merged(str(deal.table), best_place(deal), challenge, told, bool(unread)))

        load(self, self.session.io, lambda: self._offer_reads(deal), offer, failed, group="offer")

    def _offer_reads(self, merged: Merge | None) -> OfferReads:
        """On the store's thread, after the merge: what the offer of its challenge reads."""
        player, guest = self.store.who_plays_if_known()
        return self._best_there(merged), merged is not None and guest, player

    def _best_there(self, merged: Merge | None) -> Entry | None:
        """On the store's thread, after the merge: the best result of the challenge's table that
        holds up by replay, as its game reads it to say what to beat (None if it cannot be read:
        the merge is done, and the offer names the code's result alone)."""
        if merged is None:
            return None
        try:
            return self.store.result_to_beat(merged.table, self._checkers.own())
        except StoreError:
            return None

    def _merged(self, merge: MergeTold, reads: OfferReads) -> None:
        """Show the first table merged into, whose leaderboard says what the merge did (on its
        status line: a notice here would be a toast over its rows), or, if the codes (merged
        before the preview could tell) brought nothing, stay and say so."""
        if not merge.into:
            self._merge_ended()
            # The preview promised otherwise (another copy merged the codes meanwhile): it
            # shows the tables as they are now.
            self._check(find_codes(self.query_one(CodeInput).pasted_text), merge.told)
            return
        first = merge.into[0]
        deal = challenged(merge.merges)
        challenge = None if deal is None else Challenge.offered(deal, reads)
        self.dismiss(
            Merged(str(first.table), best_place(first), challenge, merge.told, merge.left_out)
        )


NOTHING_NEW = "Enter merged nothing: paste another code, or esc to go back."
"""What enter says when every entry pasted is already in your tables, under the summary that
says so (`summary`)."""


def summary(reads: list[Read], now: float, title: Titles = id_title) -> str:
    """One line for one code; for several, what enter merges, then a line per code (a code
    given again is said to be, in its place, and counted once); each table named by `title`."""
    if len(reads) == 1:
        (read,) = reads
        line = read_line(read, title)
        if brings(read):
            return f"{line} Press enter to merge."
        if all_there(reads) and isinstance(read, Merge):
            there = f"Nothing to merge: {ALL_THERE}. {as_sentence(table_line(read, title))}"
            return there + challenge_offered(reads, now)
        return ended(as_sentence(line))  # a reason is told within a line elsewhere
    merges = sum(brings(read) for read in reads)
    once = sum(not isinstance(read, Repeat) for read in reads)
    again = given_again([read.of if isinstance(read, Repeat) else None for read in reads])
    codes = f"{len(reads)} codes, {again}" if again else f"{len(reads)} codes"
    if all_there(reads):
        head = f"Nothing to merge: {ALL_THERE} ({codes}).{challenge_offered(reads, now)}"
    elif not merges:
        none = f"none of the {len(reads)} codes" + (f" ({again})" if again else "")
        head = f"Nothing to merge: {none} brings an entry to your tables."
        head += challenge_offered(reads, now)  # a code that cannot be read does not stop it
    elif merges == once:
        head = f"{codes}. Press enter to merge {'them all' if once > 1 else 'it'}."
    else:
        head = f"{codes}. Press enter to merge the {merges} that can be."
    lines = (ended(f"Code {n}: {read_line(read, title)}") for n, read in enumerate(reads, 1))
    return "\n".join([head, *lines])


def challenge_offered(reads: list[Read], now: float) -> str:
    """What enter does when every entry pasted is there already: with a code of one deal's
    table, offers its challenge (as after a merge), or says why there is no race on it at `now`
    (`race_over`); else nothing (""). A code that cannot be read is left out: every entry of the
    others there, it does not stop the offer."""
    deal = challenge_all_there(reads)
    if deal is None:
        return ""
    number = next(n for n, read in enumerate(reads, start=1) if read is deal)
    over = race_over(deal.table, now)
    if over is not None:  # enter then merges nothing, as the summary says
        return f" No race on {'it' if len(reads) == 1 else f'code {number}'}: {over}."
    if len(reads) == 1:
        return " Press enter for its challenge."
    return f" Press enter for the challenge of code {number}."

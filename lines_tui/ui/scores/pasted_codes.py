"""What merging each code of a paste would do (a `Read` each: a merge, why it cannot be merged,
or that it is a code before it again) and the words that tell it: the pasted codes with their
reads (`PastedCodes`), each code's line, the codes enter merges and what the merge then says
(`CodesToMerge`), and the code of one deal's table offered as a challenge. The summary over the
preview, which names the screen's keys, is the screen's (import_code)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lines_tui.store import Merge, TableId
from lines_tui.store.paste import repeats, same_as
from lines_tui.store.sharing import race_over
from lines_tui.ui.sentences import ended


@dataclass(frozen=True)
class Repeat:
    """A code of the paste given again: `of`, the number of the first code it is the same as.
    Neither previewed nor merged again; its line says so."""

    of: int


Read = Merge | str | Repeat
"""What merging one code does, why it cannot be merged, or that it is one before it again."""

Titles = Callable[[TableId], str]
"""A table's title as the words name it (`Session.table_title`: a layout played from a file by
its own title; outside text then, shown inert)."""


def id_title(table: TableId) -> str:
    """A table's title from its id alone."""
    return table.title


@dataclass(frozen=True)
class PastedCodes:
    """The codes of a paste, in its order, each with its read (its preview); numbered from 1,
    as the summary numbers them."""

    reads: list[tuple[str, Read]]
    title: Titles = id_title

    def merges(self) -> list[Merge]:
        """What merging each code that could be read would do."""
        return [merge for _, merge in self.numbered_merges()]

    def numbered_merges(self) -> list[tuple[int, Merge]]:
        """Each code that could be read, with its number, and what merging it would do."""
        numbered = enumerate(self.reads, start=1)
        return [(number, read) for number, (_, read) in numbered if isinstance(read, Merge)]

    def every_entry_there(self) -> bool:
        """Whether every entry of the codes is in your tables already (see all_there)."""
        return all_there([read for _, read in self.reads])

    def challenge_there(self, now: float) -> Merge | None:
        """The code whose challenge enter offers with nothing to merge (`challenge_all_there`);
        None if there is none, or its race is over at `now` (`race_over`)."""
        deal = challenge_all_there([read for _, read in self.reads])
        return None if deal is None or race_over(deal.table, now) else deal

    def unread(self) -> list[str]:
        """The codes that could not be read, each by its number with why ("code 2: the share
        code is damaged: ...")."""
        numbered = enumerate(self.reads, start=1)
        return [f"code {number}: {read}" for number, (_, read) in numbered if isinstance(read, str)]

    def to_merge(self) -> CodesToMerge:
        """What enter merges: the codes that bring entries; the others told as left out, with
        their reasons, or as given again."""
        numbered = list(enumerate(self.reads, start=1))
        return CodesToMerge(
            [(number, code) for number, (code, read) in numbered if brings(read)],
            [
                f"code {number}: {read_line(read, self.title)}"
                for number, (_, read) in numbered
                if not brings(read) and not isinstance(read, Repeat)
            ],
            {number: read.of for number, (_, read) in numbered if isinstance(read, Repeat)},
            self.title,
        )


@dataclass(frozen=True)
class CodesToMerge:
    """The codes a merge takes, each with its number in the paste, and what the merge tells of
    the others: those `left_out`, with their reasons, and those `repeated` (each number with
    the first code's: merged once)."""

    numbered: list[tuple[int, str]]
    left_out: list[str]
    repeated: dict[int, int]
    title: Titles = field(default=id_title)

    @classmethod
    def all_found(cls, found: list[str], title: Titles = id_title) -> CodesToMerge:
        """Every code found, before their preview could tell which bring entries: all or none;
        the merge tells what each brought. Merged again, a code given again changes nothing:
        it is told as such."""
        repeated = {n: first for n, first in enumerate(repeats(found), 1) if first}
        return cls(list(enumerate(found, start=1)), [], repeated, title)

    def codes(self) -> list[str]:
        return [code for _, code in self.numbered]

    def told(self, merges: list[Merge]) -> MergeTold:
        """What merging the codes did (`merges`, one a code), in words: what went into which
        table and what did not (the codes the preview left out, and those that, merged before
        the preview could tell, brought nothing), and which codes were given again."""
        numbered = zip([number for number, _ in self.numbered], merges, strict=True)
        once = [(number, merged) for number, merged in numbered if number not in self.repeated]
        into = [merged for _, merged in once if brings(merged)]
        left_out = self.left_out + [
            f"code {number}: {read_line(merged, self.title)}"
            for number, merged in once
            if not brings(merged)
        ]
        told = [read_line(merged, self.title, "Merged into ") for merged in into]
        if left_out:
            # The last reason may be one told within a line elsewhere, with no full stop.
            told.append(
                ended(("Not merged: " if into else "Nothing was merged: ") + "; ".join(left_out))
            )
        if self.repeated:
            told.append(
                "; ".join(f"Code {n}: {same_as(first)}" for n, first in self.repeated.items())
                + ", merged once."
            )
        return MergeTold([merged for _, merged in once], into, "\n".join(told), bool(left_out))


@dataclass(frozen=True)
class MergeTold:
    """A merge's codes, each merged once (`merges`, in the paste's order), those that brought
    entries (`into`), and what the merge says of them (`told`; `left_out`: it names codes left
    out)."""

    merges: list[Merge]
    into: list[Merge]
    told: str
    left_out: bool


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


def brings(read: Read) -> bool:
    """Whether merging the code adds any of its entries to your tables: if not, there is
    nothing to merge (every entry already there, rejected or not good enough)."""
    return isinstance(read, Merge) and read.count("added") > 0


ALL_THERE = "every entry pasted is already in your tables"
ALL_READ_THERE = "every entry of the codes read is already in your tables"
"""ALL_THERE with codes that could not be read beside those (left out)."""


def all_there(reads: list[Read]) -> bool:
    """Whether every entry of the codes is in your tables already (and every code was read)."""
    merges = [read for read in reads if not isinstance(read, Repeat)]
    return bool(merges) and all(
        isinstance(read, Merge) and read.count("already there") == len(read.results)
        for read in merges
    )


def challenge_all_there(reads: list[Read]) -> Merge | None:
    """The code of one deal's table among `reads` when every entry of the codes read is
    already in your tables (a code that cannot be read is left out, and does not stop it): the
    challenge enter offers then, as after a merge. None if there is none."""
    if not all_read_there(reads):
        return None
    return challenged([read for read in reads if isinstance(read, Merge)], brought=False)


def all_read_there(reads: list[Read]) -> bool:
    """Whether every entry of the codes that could be read is in your tables already (see
    all_there), whatever those that could not be read (left out, with their reasons)."""
    return all_there([read for read in reads if not isinstance(read, str)])


def read_line(read: Read, title: Titles = id_title, merged: str = "") -> str:
    """A code's table (by `title`) and what merging it does (after `merged`), that it has
    nothing to merge and why, or why it cannot be merged."""
    if isinstance(read, str):
        return read
    if isinstance(read, Repeat):
        return f"{same_as(read.of)}."
    return (merged if brings(read) else NOTHING) + table_line(read, title)


def table_line(merged: Merge, title: Titles = id_title) -> str:
    """A code's table (by `title`) and what merging it does, with nothing before it: "Lines 9 x 9
    (lines-9): 1 already there."."""
    return f"{title(merged.table)} ({merged.table}): {counts(merged)}."


NOTHING = "nothing to merge into "
"""Before the table of a code that adds nothing to it."""


def counts(merged: Merge) -> str:
    count = len(merged.dropped)
    dropped = f", {count} of yours drop{'s' if count == 1 else ''} out" if count else ""
    return merged.summary() + dropped

"""Whether an entry holds up: its record replayed with the engine must reproduce its claim.

Lines: the replay ends as the rules end a game (the board full) with exactly the entry's points.
Mahjong: the replay clears the board. A replay proves the moves were legal on that deal and reach
that score or clear that board; it cannot prove the clock (README, "What verified proves").

What needs no record is checked on every entry, with a record or without one (an entry without
one is "unverified" only if it passes): no date in the future, a deal of the day is that day's
deal and dated that day, and a Mahjong time is one a person could reach (at least
MIN_TENTHS_PER_PAIR tenths of a second for each pair of the layout).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from lines_tui.engine import daily, daily_seeds
from lines_tui.engine.mahjong.layouts import Layout, layout_for_table
from lines_tui.store.names import new_name_problem
from lines_tui.store.records import LinesRecord
from lines_tui.store.replay import (
    LinesReplay,
    MahjongReplay,
    OutOfTime,
    Refuted,
    replay_lines,
    replay_mahjong,
)
from lines_tui.store.schema import date_text
from lines_tui.store.tables import Entry, Merge, TableId, dealer_problem, ranked, utc_day

FindLayout = Callable[[str], Layout | None]
"""The layout of a Mahjong table by its name: the built-in and installed ones
(`layout_for_table`, the command line's), or the app's session's, which knows a layout played
from a file as well (`Session.find_layout`)."""

Prover = Callable[[Layout, int], bool]
"""Whether deal `seed` of a layout is proved solvable (`daily.is_proven_solvable`)."""


class Unreplayable(Exception):
    """Nothing is wrong with the entry, but it cannot be replayed or checked here, or its game,
    which holds up, was played on another board than its table's deal (`dealer_problem`)."""


MIN_TENTHS_PER_PAIR = 1
"""0.1 s a pair: the app takes a pair in two keys (tab, then t, when there is nothing to choose),
and a fast hand types ten or more a second, so 0.5 s a pair refused honest games."""
FUTURE_SLACK = 3600  # clocks of friends may disagree by a little; a day ahead is a lie
IMPORT_SECONDS = 0.9
"""Processor time one import may spend replaying, all entries together: ten 2,000-point Lines
games take about 0.15 s (README, "Share codes, format 2"). Processor time, not wall-clock time, so
that a busy machine does not turn honest entries away."""

Status = Literal["verified", "refuted", "invalid", "unverified", "unchecked"]
"""refuted: the replay or a check contradicts the claim; invalid: the entry breaks a rule of
every table (a name with an escape sequence, a value out of range: `tables.entry_problem`).
("rejected" is a merge's word, for an entry not merged whatever kept it out:
`tables.EntryStatus`.)"""


@dataclass(frozen=True)
class Verdict:
    status: Status
    reason: str = ""

    def line(self) -> str:
        return self.status if not self.reason else f"{self.status}: {self.reason}"


UNVERIFIED = Verdict("unverified", "no game record, so it cannot be replayed")


@dataclass(frozen=True)
class CheckedTable:
    """Entries of one table, each with its verdict: what the leaderboard marks, what may be
    shared, watched or challenged (README, "Every entry carries its game")."""

    table: TableId
    entries: tuple[Entry, ...]
    verdicts: tuple[Verdict, ...]

    def as_imported(self) -> CheckedTable:
        """These verdicts as an import acts on them (`scores verify`): an entry whose game holds
        up, under a name no new name may be now (`new_name_problem`: "An" + U+034F + "n" reads
        "Ann"), is invalid, since an import rejects it where its result is new. Everywhere else
        (the leaderboard, a replay, a challenge) its game is what is checked."""
        verdicts = tuple(
            Verdict("invalid", problem)
            if verdict.status in ("verified", "unverified")
            and (problem := new_name_problem(entry.name)) is not None
            else verdict
            for entry, verdict in zip(self.entries, self.verdicts, strict=True)
        )
        return replace(self, verdicts=verdicts)


@dataclass
class Checker:
    """What checking needs from outside: the time now, where layouts come from, a time budget."""

    now: float
    find_layout: FindLayout = layout_for_table
    budget: float | None = field(default_factory=lambda: IMPORT_SECONDS)
    """Processor seconds all replays together may take: a friend's code may be built to be slow.
    None for your own tables, replayed whole however long their games (`for_own_tables`)."""
    clock: Callable[[], float] = time.process_time
    proven_solvable: Prover = daily.is_proven_solvable
    """Whether the solver proves a deal solvable (`daily.is_proven_solvable`): here, in this
    process, by default (the command line); the app hands one that makes the same proof in its
    solver process, so no check holds its interpreter (README, "Deals of the day"). One that
    cannot make a proof raises Unreplayable, saying why."""
    _ends_at: float | None = field(default=None, init=False)
    _layouts: dict[str, Layout | None] = field(default_factory=dict, init=False)
    _proofs: dict[tuple[str, int], bool | Unreplayable] = field(default_factory=dict, init=False)

    @classmethod
    def for_own_tables(
        cls,
        now: float,
        proven_solvable: Prover | None = None,
        find_layout: FindLayout = layout_for_table,
    ) -> Checker:
        """A checker with no budget: a long honest game of yours is never left unchecked, and a
        forged entry behind long games is still refuted. `proven_solvable`, `find_layout`: as
        the fields'."""
        return cls(
            now,
            find_layout=find_layout,
            budget=None,
            proven_solvable=proven_solvable or daily.is_proven_solvable,
        )

    def deadline(self) -> bool:
        if self.budget is None:
            return False
        if self._ends_at is None:
            self._ends_at = self.clock() + self.budget
        return self.clock() > self._ends_at

    def layout(self, table: TableId) -> Layout:
        if table.variant not in self._layouts:  # looking through installed files once per import
            self._layouts[table.variant] = self.find_layout(table.variant)
        found = self._layouts[table.variant]
        if found is None:
            raise Unreplayable(
                f"layout {table.variant} is not installed here, so its entries cannot be checked"
            )
        return found

    def proven(self, table: TableId, seed: int) -> bool:
        """Whether the solver proves deal `seed` of the table's layout solvable. Each deal is
        proved once per checker (every entry of a day's table asks about the same candidates),
        and the proof is not charged to the replay budget: it is no entry's replay, and the
        solver's playout limit (at most DAILY_CANDIDATES proofs a day) already bounds it.
        A proof that could not be made is not asked again of this checker either: Unreplayable,
        each time, for every entry that needs it."""
        key = (table.variant, seed)
        if key not in self._proofs:
            layout = self.layout(table)
            started = self.clock()
            try:
                self._proofs[key] = self.proven_solvable(layout, seed)
            except Unreplayable as reason:
                self._proofs[key] = reason
            if self._ends_at is not None:
                self._ends_at += self.clock() - started
        proof = self._proofs[key]
        if isinstance(proof, Unreplayable):
            raise Unreplayable(str(proof))
        return proof


def verify(table: TableId, entry: Entry, checker: Checker) -> Verdict:
    """The verdict on one entry (its record replayed move by move)."""
    record = entry.record
    if record is None:
        return check_unrecorded(table, entry, checker)

    def replay() -> LinesReplay | MahjongReplay:
        if isinstance(record, LinesRecord):
            return replay_lines(int(table.variant), entry.seed, record, checker.deadline)
        return replay_mahjong(checker.layout(table), entry.seed, record, checker.deadline)

    return judge(table, entry, replay, checker)


def check_table(table: TableId, entries: tuple[Entry, ...], checker: Checker) -> CheckedTable:
    """Every entry of `table` replayed now, as `lines-tui scores show` lists them."""
    return CheckedTable(table, entries, tuple(verify(table, entry, checker) for entry in entries))


NOTHING_TO_BEAT = "no result in this challenge holds up, so there is nothing to beat"


def challenge_target(checked: CheckedTable) -> Entry | None:
    """The result a challenge offers to beat: the best one its replay verifies (README,
    "Challenges"). An entry without its game sets none: nothing shows that its score was made."""
    verified = zip(checked.entries, checked.verdicts, strict=True)
    return next((entry for entry, verdict in verified if verdict.status == "verified"), None)


def best_verified(merged: Merge) -> Entry | None:
    """The result a merged challenge code offers to beat: its best one whose replay verified
    it (a code's entry keeps its game only then: codes.read), never one the merge rejected (a
    copy of a game the table holds under another result). One the table has no room for
    among its best still sets a race: the deal's table then names its own best to beat."""
    kept = [r.entry for r in merged.results if r.status != "rejected" and r.entry.recorded]
    return next(iter(ranked(merged.table, kept)), None)


def judge(
    table: TableId,
    entry: Entry,
    replay: Callable[[], LinesReplay | MahjongReplay],
    checker: Checker,
) -> Verdict:
    """Run `replay` and check the entry's claim against where it ends."""
    return _verdict(lambda: check_claim(table, entry, replay(), checker), Verdict("verified"))


def check_unrecorded(table: TableId, entry: Entry, checker: Checker) -> Verdict:
    """The verdict on an entry without its game: "unverified" if everything that needs no
    record holds, refuted (or unchecked) otherwise."""
    return _verdict(lambda: check_facts(table, entry, checker, cleared=False), UNVERIFIED)


def _verdict(check: Callable[[], None], passed: Verdict) -> Verdict:
    try:
        check()
    except Refuted as refuted:
        return Verdict("refuted", str(refuted))
    except OutOfTime:
        return Verdict("unchecked", "the time allowed for replays ran out")
    except Unreplayable as reason:
        return Verdict("unchecked", str(reason))
    return passed


def check_claim(
    table: TableId, entry: Entry, replay: LinesReplay | MahjongReplay, checker: Checker
) -> None:
    """Refuted unless the finished replay reproduces what the entry claims; Unreplayable
    ("unchecked") if it does, but an older dealer dealt its game, so a deal's table cannot
    count it as a result of its deal (`dealer_problem`): merged nowhere, and in your own tables
    neither challenged nor named to beat."""
    if isinstance(replay, LinesReplay):
        _check_lines(entry, replay)
    else:
        _check_mahjong(replay)
    check_facts(table, entry, checker, cleared=True)
    other_board = dealer_problem(table, replay.record)
    if other_board is not None:
        raise Unreplayable(other_board)


def check_facts(table: TableId, entry: Entry, checker: Checker, *, cleared: bool) -> None:
    """Refuted unless what the entry claims that needs no record holds: its date, its deal and
    its time. `cleared`: a replay has cleared the entry's Mahjong deal (so it is solvable)."""
    if entry.date > checker.now + FUTURE_SLACK:
        raise Refuted(f"it is dated {date_text(entry.date)}, in the future")
    if table.mode == "daily" and utc_day(entry.date) != table.tag:
        raise Refuted(f"a result of the deal of {table.tag} is dated {utc_day(entry.date)}")
    if table.kind == "mahjong":
        too_fast = faster_than_anyone(len(checker.layout(table).slots) // 2, entry.value)
        if too_fast is not None:
            raise Refuted(too_fast)
    if table.mode == "daily" and not _is_days_deal(table, entry.seed, checker, cleared):
        raise Refuted(daily_seeds.not_the_deal_of(entry.seed, table.tag))


def faster_than_anyone(pairs: int, tenths: int) -> str | None:
    """Why `tenths` (of a second) to take `pairs` pairs is a time no person reaches, or None."""
    if tenths >= pairs * MIN_TENTHS_PER_PAIR:
        return None
    # Short enough that "Not saved: " and this fit the game's status line at 80 columns (62
    # characters beside the panel) for up to 144 pairs.
    return (
        f"{tenths / 10:g} s for {pairs} pairs, under {MIN_TENTHS_PER_PAIR / 10:g} s a pair: "
        "too fast"
    )


def _is_days_deal(table: TableId, seed: int, checker: Checker, cleared: bool) -> bool:
    if table.kind == "lines":
        return seed == daily_seeds.lines_daily_seed(int(table.variant), table.tag)
    number = daily.mahjong_daily_candidate_number(
        table.variant, table.tag, seed, lambda candidate: checker.proven(table, candidate)
    )
    # A replay that cleared the deal proves it solvable; without one the solver must.
    return number is not None and (cleared or checker.proven(table, seed))


def _check_lines(entry: Entry, replay: LinesReplay) -> None:
    game = replay.game
    if not game.over:
        raise Refuted(f"the moves stop after move {len(replay.moves)}, and the game is not over")
    if game.score != entry.value:
        raise Refuted(f"the game scores {game.score} points, not {entry.value}")


def _check_mahjong(replay: MahjongReplay) -> None:
    game = replay.game
    if not game.won:
        raise Refuted(
            f"the moves stop after move {len(game.history)}, with {game.tiles_left} tiles left"
        )

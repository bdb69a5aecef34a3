"""What a merge lets into a table (README, "Leaderboards" and "Share codes"): one entry per
result, the verified copy kept; verified entries rank before unverified ones, so an entry without
its game never pushes a checked one out; merging is idempotent and its order does not matter."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import FIXED_NOW, CountedCalls, checker, played_lines_game, won_mahjong_game
from hypothesis import assume, example, given
from hypothesis import strategies as st

from lines_tui.store import Entry, Merge, TableId, codes, format_date, names, open_store
from lines_tui.store.records import LinesRecord, MahjongRecord
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.store.schema import ScoreData, dump_scores
from lines_tui.store.score_file import counted_with, table_entries, tables_with_entries
from lines_tui.store.sharecode import encode as encode_format_1
from lines_tui.store.tables import TABLE_LIMIT, merge, ranked

LINES_9 = TableId.lines(9)
WHEN = int(FIXED_NOW) - 3600

# Records here only need to be there or not: what a replay proves is tested in test_records.
records = st.one_of(
    st.none(),
    st.integers(0, 20).map(lambda n: LinesRecord(1, (((0, n), (1, n)),))),
)
entries = st.builds(
    Entry,
    st.sampled_from(["Ann", "Bob", "Cy"]),
    st.integers(1, 60),
    st.integers(WHEN, WHEN + 3),
    st.integers(0, 2),
    records,
)
tables = st.lists(entries, max_size=14).map(lambda found: ranked(LINES_9, found)[:TABLE_LIMIT])


def merged(local: list[Entry], incoming: list[Entry]) -> list[Entry]:
    return list(merge(LINES_9, local, incoming, [None] * len(incoming)).entries)


def one_result_a_game(*found: list[Entry]) -> bool:
    """No two of the entries are one game (`Entry.game`) with different results: what honest
    copies of a game are. Copies that are not (one edited) are merged first come, first kept."""
    results: dict[object, tuple[str, int, int, int]] = {}
    for entry in (entry for entries in found for entry in entries if entry.game is not None):
        if results.setdefault(entry.game, entry.result) != entry.result:
            return False
    return True


def one_game_a_result(*found: list[Entry]) -> bool:
    """No two of the entries are one result (`Entry.result`) with different game records: honest
    copies of a result carry its one game, or none. Copies that do not are merged first come,
    first kept, too."""
    games: dict[tuple[str, int, int, int], object] = {}
    for entry in (entry for entries in found for entry in entries if entry.recorded):
        if games.setdefault(entry.result, entry.record) != entry.record:
            return False
    return True


def one_result_a_moment(*found: list[Entry]) -> bool:
    """No entry without its game claims another result than one with its game for the game its
    player ended on its deal that very second (`Entry.moment`): what honest copies are. One that
    does, merged where the game is, is rejected; merged before the game, it stays."""
    values: dict[tuple[str, int, int], set[int]] = {}
    recorded = set()
    for entry in (entry for entries in found for entry in entries):
        values.setdefault(entry.moment, set()).add(entry.value)
        if entry.recorded:
            recorded.add(entry.moment)
    return all(len(values[moment]) == 1 for moment in recorded)


@given(tables, st.lists(entries, max_size=12))
def test_an_unverified_entry_never_pushes_a_verified_one_out(
    local: list[Entry], incoming: list[Entry]
) -> None:
    assume(one_result_a_game(local, incoming))  # an edited copy of a game is kept out of it
    kept = merged(local, incoming)
    if not all(entry.recorded for entry in kept):
        kept_verified = {entry.result for entry in kept if entry.recorded}
        assert all(e.result in kept_verified for e in [*local, *incoming] if e.recorded)
    # Verified entries first, whatever the values.
    flags = [entry.recorded for entry in kept]
    assert flags == sorted(flags, reverse=True)


@given(tables, st.lists(entries, max_size=12))
def test_a_table_holds_one_entry_per_result_and_the_verified_copy(
    local: list[Entry], incoming: list[Entry]
) -> None:
    assume(one_result_a_game(local, incoming))  # an edited copy of a game is kept out of it
    kept = merged(local, incoming)
    assert len({entry.result for entry in kept}) == len(kept)
    offered = [*local, *incoming]
    for entry in kept:
        if not entry.recorded:
            assert not any(e.result == entry.result and e.recorded for e in offered)


@given(tables, st.lists(entries, max_size=12))
def test_merging_the_same_entries_twice_changes_nothing(
    local: list[Entry], incoming: list[Entry]
) -> None:
    # Of copies of one game that claim different results, the one there first stays while it
    # is there: pushed out of the table, the next merge may take the other (as for the order).
    assume(one_result_a_game(local, incoming))
    once = merged(local, incoming)
    again = merge(LINES_9, once, incoming, [None] * len(incoming))
    assert list(again.entries) == once
    assert again.count("added") == 0 and again.dropped == ()


@given(tables, tables, tables)
def test_the_merged_table_does_not_depend_on_the_order_of_merging(
    first: list[Entry], second: list[Entry], third: list[Entry]
) -> None:
    # Of two copies of one game that claim different results, or of one result that carry
    # different games, the one there first stays; so does an entry without its game claiming
    # another result for a game held with it, when it is there first.
    assume(one_result_a_game(first, second, third))
    assume(one_game_a_result(first, second, third))
    assume(one_result_a_moment(first, second, third))
    assert merged(first, second) == merged(second, first)
    assert merged(merged(first, second), third) == merged(first, merged(second, third))


EDITED = Entry("Ann", 30, WHEN, 1, LinesRecord(1, (((0, 1), (1, 1)),)))


@given(tables, st.lists(entries, max_size=12))
@example([EDITED], [replace(EDITED, date=WHEN + 1)])  # its date edited
@example([], [EDITED, replace(EDITED, date=WHEN + 1)])  # two copies in one code
@example([EDITED], [replace(EDITED, name="Bob", date=WHEN + 1)])  # copied under another name
def test_a_table_takes_a_game_once_and_the_copy_there_first_stays(
    local: list[Entry], incoming: list[Entry]
) -> None:
    """A copy of a game here with another result claimed for it (a date or a time edited,
    the checksum rebuilt) was merged beside it: the same game in two rows."""
    assume(one_result_a_game(local))
    merge_ = merge(LINES_9, local, incoming, [None] * len(incoming))
    kept = [entry for entry in merge_.entries if entry.game is not None]
    assert len({entry.game for entry in kept}) == len(kept)
    here = {entry.game: entry for entry in local if entry.game is not None}
    for entry in kept:
        assert here.get(entry.game, entry).result == entry.result
    for result in merge_.results:
        held = here.get(result.entry.game)
        if held is not None and held.result != result.entry.result:
            assert result.status == "rejected" and "is here already" in result.reason


def claims_another_result(held: Entry) -> str:
    second = f"{format_date(held.date)}:{held.date % 60:02d}"
    return (
        f"this player's game of this deal ended at {second} is here already, with its record "
        f"and the points {held.value}: that one stays"
    )


@given(tables, st.lists(entries, max_size=12))
@example([EDITED], [replace(EDITED, value=99, record=None)])  # its points claimed otherwise
def test_an_entry_without_its_game_that_claims_another_result_for_a_game_here_is_rejected(
    local: list[Entry], incoming: list[Entry]
) -> None:
    """A format-1 entry (no game record) under the name, deal and second of a verified game
    here, claiming other points, was merged beside it, marked unverified: one game in two rows,
    the forged one maybe first."""
    assume(one_result_a_game(local) and one_result_a_moment(local))
    merge_ = merge(LINES_9, local, incoming, [None] * len(incoming))
    games = {entry.moment: entry for entry in local if entry.recorded}
    for result in merge_.results:
        held = games.get(result.entry.moment)
        if not result.entry.recorded and held is not None and held.value != result.entry.value:
            assert result.status == "rejected"
            assert result.reason == claims_another_result(held)
    for entry in merge_.entries:
        held = games.get(entry.moment)
        assert held is None or entry.recorded or held.value == entry.value


def test_a_claim_dated_a_past_deal_of_the_days_last_second_is_not_its_games() -> None:
    """Every game of a deal of the day finished after its day is dated the day's last second,
    so one player's two games of yesterday's deal share it: a second one, sent without its
    record, is no claim on the first."""
    day = TableId.lines(9).daily("2026-01-01")
    last = int(FIXED_NOW) + 86_399  # 2026-01-01 23:59:59 UTC
    game = replace(EDITED, date=last)
    other = replace(game, value=99, record=None)
    assert [r.status for r in merge(day, [game], [other], [None]).results] == ["added"]
    noon = replace(game, date=last - 43_200)
    refused = merge(day, [noon], [replace(other, date=noon.date)], [None]).results
    assert [result.status for result in refused] == ["rejected"]


def test_of_one_codes_game_and_a_claim_without_it_the_first_stays() -> None:
    """In one code, the game then a claim of other points for it: the claim is rejected. The
    claim first: it stays beside the game, as it would had it been merged before."""
    claim = replace(EDITED, name="ann", value=99, record=None)
    game_first = merge(LINES_9, [], [EDITED, claim], [None, None])
    assert [result.status for result in game_first.results] == ["added", "rejected"]
    assert game_first.results[1].reason == claims_another_result(EDITED)
    claim_first = merge(LINES_9, [], [claim, EDITED], [None, None])
    assert [result.status for result in claim_first.results] == ["added", "added"]


def test_a_format_1_code_claiming_other_points_for_a_verified_game_is_rejected(
    tmp_path: Path,
) -> None:
    game = played_lines_game(5)
    verified = Entry("Ann", game.score, WHEN, 5, record_of_lines(game))
    (tmp_path / "scores.json").write_text(
        dump_scores(ScoreData(players=["Ann"], tables={LINES_9: [verified]}))
    )
    store = open_store(tmp_path)
    forged = Entry("Ann", game.score + 1000, WHEN, 5)
    later = replace(forged, date=WHEN + 1)  # another game of the deal: nothing to contradict
    merged = store.import_code(encode_format_1(LINES_9, [forged, later]), checker())
    assert [result.status for result in merged.results] == ["rejected", "added"]
    assert merged.results[0].reason == claims_another_result(verified)
    assert store.table(LINES_9) == (verified, later)


OTHER_GAME = LinesRecord(1, (((0, 2), (1, 2)),))


@given(tables, st.lists(entries, max_size=12))
@example([replace(EDITED, record=OTHER_GAME)], [EDITED])  # another game, sorting first
@example([replace(EDITED, record=None)], [EDITED, replace(EDITED, record=OTHER_GAME)])
def test_a_table_takes_a_result_with_one_game_and_the_game_there_first_stays(
    local: list[Entry], incoming: list[Entry]
) -> None:
    """A code with the very result of an entry here (name, value, date, seed) but another game
    record replaced the game here when its record sorted first: the player's own game lost,
    and watching the entry played another one. The game there stays; of two new ones, the
    first; the other is rejected, saying why."""
    assume(one_game_a_result(local) and one_result_a_game(local, incoming))
    merge_ = merge(LINES_9, local, incoming, [None] * len(incoming))
    first: dict[tuple[str, int, int, int], Entry] = {}
    for entry in (entry for entry in [*local, *incoming] if entry.recorded):
        first.setdefault(entry.result, entry)
    for entry in merge_.entries:
        assert first.get(entry.result, entry).record == entry.record
    for result in merge_.results:
        held = first.get(result.entry.result)
        if held is not None and result.entry.recorded and held.record != result.entry.record:
            assert result.status == "rejected"
            assert result.reason.startswith("this ") and "is here already" in result.reason


def test_a_result_without_its_record_is_already_there_and_its_record_replaces_it() -> None:
    verified = Entry("Ann", 2275, WHEN, 4, LinesRecord(1, (((0, 0), (1, 1)),)))
    bare = Entry("Ann", 2275, WHEN, 4)
    again = merge(LINES_9, [verified], [bare], [None])
    assert [r.status for r in again.results] == ["already there"]
    assert again.entries == (verified,) and again.dropped == ()
    upgraded = merge(LINES_9, [bare], [verified], [None])
    assert [r.status for r in upgraded.results] == ["added"]
    assert upgraded.entries == (verified,) and upgraded.dropped == ()


# -- through share codes and the store ------------------------------------------------------------


@pytest.fixture(scope="module")
def ann() -> Entry:
    """Ann's verified 2,275 (seed 4 on 9 x 9)."""
    game = played_lines_game(4)
    return Entry("Ann", game.score, WHEN, 4, record_of_lines(game))


def test_ten_forged_results_without_games_cannot_push_a_verified_entry_out(
    tmp_path: Path, ann: Entry
) -> None:
    code = codes.encode(LINES_9, [ann])
    forged = [Entry(f"Forger{i}", 999_999_999 - i, WHEN, i) for i in range(10)]
    for encoded in (codes.encode(LINES_9, forged), encode_format_1(LINES_9, forged)):
        store = open_store(tmp_path / encoded[:3])
        store.import_code(code, checker())
        merged = store.import_code(encoded, checker())
        assert merged.summary() == "9 added, 1 not good enough" and merged.dropped == ()
        table = store.table(LINES_9)
        assert table[0] == ann and [e.recorded for e in table] == [True] + [False] * 9
        # A verified result later pushes the lowest unverified one out, whatever its value.
        better = Entry("Bob", 10, WHEN, 9, LinesRecord(1, (((0, 0), (1, 1)),)))
        kept = merge(LINES_9, list(table), [better], [None])
        assert kept.entries[:2] == (ann, better)
        assert kept.dropped == (table[-1],)


def test_the_same_result_imported_without_its_record_is_not_doubled(
    tmp_path: Path, ann: Entry
) -> None:
    code = codes.encode(LINES_9, [ann])
    bare = encode_format_1(LINES_9, [Entry("Ann", ann.value, ann.date, ann.seed)])
    store = open_store(tmp_path / "theirs")
    store.import_code(code, checker())
    assert store.import_code(bare, checker()).summary() == "1 already there"
    assert store.table(LINES_9) == (ann,)
    # The other way round, the verified copy replaces the bare one.
    other = open_store(tmp_path / "other")
    other.import_code(bare, checker())
    assert other.import_code(code, checker()).summary() == "1 added"
    assert other.table(LINES_9) == (ann,)


def test_the_same_result_under_a_name_in_another_case_is_not_doubled(
    tmp_path: Path, ann: Entry
) -> None:
    """`Ann` and `ann` are one player (README, "Players and names"), so one result: a code
    that brings it again under the other case adds nothing, with its game or without."""
    store = open_store(tmp_path)
    store.import_code(codes.encode(LINES_9, [ann]), checker())
    for name in ("ann", "ANN"):
        for again in (replace(ann, name=name), replace(ann, name=name, record=None)):
            merged = store.import_code(codes.encode(LINES_9, [again]), checker())
            assert merged.summary() == "1 already there"
    assert store.table(LINES_9) == (ann,)
    # One code holding both spellings of a result without its game: one entry too.
    bare = Entry("Cy", 120, WHEN, 7)
    other = open_store(tmp_path / "other")
    merged = other.import_code(codes.encode(LINES_9, [bare, replace(bare, name="cY")]), checker())
    assert [entry.name for entry in other.table(LINES_9)] == ["Cy"]
    assert [r.status for r in merged.results] == ["added", "already there"]


@pytest.mark.parametrize(
    ("registered", "name"),
    [(["An\u034fn"], "An\u034fn"), (["Ann"], "Ann\u3164")],
    ids=["registered-before-the-rule", "merged-before-the-rules"],
)
def test_a_code_of_entries_held_here_is_already_there_whatever_their_names(
    tmp_path: Path, ann: Entry, registered: list[str], name: str
) -> None:
    """A file may hold results under names the newer rules refuse to newcomers: a player
    registered with a combining grapheme joiner (U+034F), or a look-alike of a registered
    player's name merged before look-alikes were refused. Importing your own table's code said
    "1 rejected: a name cannot contain ...": the name rules were asked before the merge saw the
    entry was there already. An entry held here (same result and record) is already there
    whatever its name; an entry new to the table is still held to the rules."""
    held = replace(ann, name=name)
    data = ScoreData(players=registered, tables={LINES_9: [held]})
    (tmp_path / "scores.json").write_text(dump_scores(data))
    store = open_store(tmp_path)
    code = store.export_code(LINES_9, checker=checker())
    assert store.import_code(code, checker()).summary() == "1 already there"
    assert store.table(LINES_9) == (held,)
    game = played_lines_game(5)
    new = Entry(name, game.score, WHEN, 5, record_of_lines(game))
    merged = store.import_code(codes.encode(LINES_9, [new, held]), checker())
    assert [result.status for result in merged.results] == ["rejected", "already there"]
    assert store.table(LINES_9) == (held,)


def test_your_own_tables_code_read_where_its_layout_is_missing_is_already_there(
    tmp_path: Path,
) -> None:
    """A time won on a layout from a file, its table's code imported where that file is not
    installed: "1 rejected: layout … is not installed here", though the entry is the table's."""
    store = open_store(tmp_path)
    won = record_of_mahjong(won_mahjong_game("lantern", 5))
    assert store.record_mahjong("Ann", "lantern", 300.0, 5, FIXED_NOW, won).saved
    code = store.export_code("mahjong-lantern", checker=checker())
    nowhere = replace(checker(), find_layout=lambda _: None)  # no layout installed
    merged = store.import_code(code, nowhere)
    assert merged.summary() == "1 already there"
    assert store.table("mahjong-lantern")[0].recorded  # the copy there keeps its game


def test_a_merge_beside_thousands_of_players_makes_each_players_look_alike_key_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether an entry's name reads as a registered player's (a look-alike, rejected) was
    asked of each player in turn, both keys made anew each time: each entry of each code cost
    as much as reading every player's name twice. The players' keys are made once for all the
    codes of an import (or of its preview) now, and the same entries are rejected and added."""
    players = [f"Player {number}" for number in range(2_000)] + ["Ann"]
    (tmp_path / "scores.json").write_text(dump_scores(ScoreData(players)), encoding="utf-8")
    store = open_store(tmp_path)
    entries = {
        name: Entry(name, 100 + seed, WHEN, seed)
        for seed, name in enumerate(["\uff21nn", "Bob", "Cy"])
    }
    sent = [
        codes.encode(LINES_9, [entries["\uff21nn"], entries["Bob"]]),
        codes.encode(LINES_9, [entries["Cy"]]),
    ]
    look_alike = "the name reads as your player 'Ann' but is not theirs: a look-alike"
    expected = [[("rejected", look_alike), ("added", "")], [("added", "")]]
    # An import merges twice: tried on a first read, then on the read it writes from.
    for merging, reads in ((store.preview_imports, 1), (store.import_codes, 2)):
        counted = CountedCalls(names.look_alike_key, limit=reads * (len(players) + len(entries)))
        monkeypatch.setattr(names, "look_alike_key", counted)
        merged = merging(sent, checker)
        monkeypatch.undo()
        outcomes = [
            [(result.status, result.reason) for result in merge.results]
            for merge in merged
            if isinstance(merge, Merge)
        ]
        assert outcomes == expected
    assert sorted(entry.name for entry in store.table(LINES_9)) == ["Bob", "Cy"]


class Passes(list[Entry]):
    """A table's entries that count the passes made over them (a `for`, an `in`)."""

    passes = 0

    def __iter__(self) -> Iterator[Entry]:
        self.passes += 1
        return super().__iter__()

    def __contains__(self, entry: object) -> bool:
        self.passes += 1
        return super().__contains__(entry)


def test_a_random_deal_table_of_thousands_of_results_is_gone_through_a_few_times_not_each(
    tmp_path: Path,
) -> None:
    """A deal's table reads the random-deal table's results of its deal (README, "Challenges"):
    listing the tables went through the whole random-deal table once for each deal raced
    there, a merge once for each deal of its code, and a merge beside a deal's table once for
    each of its entries (a file edited to hold thousands of results took minutes). Each goes
    through it a few times in all now, and finds the same tables and entries."""
    deals = range(1_000)
    random = Passes(Entry(name, 100, WHEN, deal) for deal in deals for name in ("Ann", "Bob"))
    cy = Entry("Cy", 50, WHEN, 0)
    data = ScoreData(["Ann", "Bob"], None, {LINES_9: random, LINES_9.for_deal(0): [cy]})
    assert tables_with_entries(data) == {LINES_9, *(LINES_9.for_deal(deal) for deal in deals)}
    assert random.passes <= 2
    random.passes = 0
    assert counted_with(data, LINES_9, deals) == {LINES_9.for_deal(0): [cy]}
    assert random.passes <= 2
    assert table_entries(data, LINES_9.for_deal(0)) == [cy, *random[:2]]
    counted = {LINES_9.for_deal(deal): [*random[2 * deal : 2 * deal + 2]] for deal in deals}
    random.passes = 0
    merged = merge(LINES_9, random, [], [], len(random), counted)
    assert set(merged.entries) == set(random) and merged.count("added") == 0
    assert random.passes <= 10
    (tmp_path / "scores.json").write_text(dump_scores(data), encoding="utf-8")
    tables = open_store(tmp_path).tables()
    assert len(tables) == 1 + len(deals)
    assert [entry.name for entry in tables[LINES_9.for_deal(1)]] == ["Ann", "Bob"]


def test_a_game_here_with_its_time_edited_is_rejected_in_one_line(tmp_path: Path) -> None:
    """Cleo's Turtle win, its code's time edited (same name, moment, deal and pairs, the
    checksum rebuilt): a replay cannot prove a clock, so it was "verified" and added beside
    her entry, one game in two rows. The same game (README, "Share codes") is not merged
    again: rejected, saying why and which time stays."""
    from conftest import won_mahjong_game
    from typer.testing import CliRunner

    from lines_tui.cli import app
    from lines_tui.store.replay import record_of_mahjong

    store = open_store(tmp_path)
    record = record_of_mahjong(won_mahjong_game("turtle", 1))
    assert store.record_mahjong("Cleo", "turtle", 144.0, 1, FIXED_NOW, record).saved
    (cleo,) = store.table("mahjong-turtle")
    turtle = TableId.mahjong("turtle")
    for table in (turtle, turtle.for_deal(1)):  # its table, and its challenge's
        forged = codes.encode(table, [replace(cleo, value=1000)])
        imported = CliRunner().invoke(
            app, ["--data-dir", str(tmp_path), "scores", "import", forged]
        )
        assert imported.exit_code == 1, imported.output
        assert imported.stdout.splitlines() == [
            f"{table.title} ({table}): 1 rejected",
            "   1  rejected 'Cleo': this game (same deal, moves and moment won) is here",
            "      already, with the time 2:24.0: that one stays",  # the reason under the name
        ]
    assert store.table(turtle) == (cleo,) and store.table(turtle.for_deal(1)) == (cleo,)
    # The same game under another name is the same game too; at another moment it is not.
    stolen = store.import_code(codes.encode(turtle, [replace(cleo, name="Mal")]), checker())
    assert [result.reason for result in stolen.results] == [
        "this game (same deal, moves and moment won) is here already, with another name: "
        "that one stays"
    ]
    later = store.import_code(codes.encode(turtle, [replace(cleo, date=cleo.date + 60)]), checker())
    assert later.summary() == "1 added"


def test_a_friends_lines_game_copied_under_another_name_is_rejected(tmp_path: Path) -> None:
    """A player review copied Bob's daily Lines entry in scores.json under Alice's name with a
    later date: its replay verified it (the moves are Bob's, and score what he scored), and a
    friend's import added it beside Bob's, one game in two rows. A Lines deal's balls follow
    from its moves, so the same moves are the same game, whoever's: rejected, and a player who
    types a friend's replay in again files nothing."""
    game = played_lines_game(2, size=7)
    record = record_of_lines(game)
    store = open_store(tmp_path)
    for name in ("Bob", "Alice"):
        store.add_player(name)
    assert store.record_lines("Bob", 7, game.score, 2, FIXED_NOW - 600, FIXED_NOW, record).saved
    (bob,) = store.table("lines-7")
    copied = replace(bob, name="Alice", date=bob.date + 60)
    imported = store.import_code(codes.encode(TableId.lines(7), [copied]), checker())
    assert [result.reason for result in imported.results] == [
        "this game (same deal and moves) is here already, with another name and the date "
        f"{format_date(bob.date)}: that one stays"
    ]
    retyped = store.record_lines("Alice", 7, game.score, 2, FIXED_NOW, FIXED_NOW + 600, record)
    assert not retyped.saved
    assert retyped.reason == "this game (same deal and moves) is in the table already, as Bob's"
    assert store.table("lines-7") == (bob,)


def import_lines(folder: Path, code: str) -> tuple[int, list[str]]:
    """`lines-tui scores import CODE` in `folder`: its exit code and the lines it prints."""
    from typer.testing import CliRunner

    from lines_tui.cli import app

    imported = CliRunner().invoke(app, ["--data-dir", str(folder), "scores", "import", code])
    return imported.exit_code, imported.stdout.splitlines()


@pytest.fixture(scope="module")
def two_wins() -> tuple[MahjongRecord, MahjongRecord]:
    """Two winning records of Turtle's deal 1: the solver's, and the same with its first two
    pairs (both free at the start) taken the other way round. The solver's sorts first."""
    solvers = record_of_mahjong(won_mahjong_game("turtle", 1))
    first, second, *rest = solvers.pairs
    swapped = MahjongRecord(solvers.dealer, (second, first, *rest))
    assert repr(solvers) < repr(swapped)
    return solvers, swapped


def test_a_result_here_with_another_game_is_rejected_and_the_game_here_stays(
    tmp_path: Path, two_wins: tuple[MahjongRecord, MahjongRecord]
) -> None:
    """A code with the very result of Cleo's win (name, time, moment and deal) but another
    winning record of the deal was "added", and her own game was gone from scores.json: the
    result kept the record that sorted first, and watching it played the other game. The game
    here stays; the code's is rejected, saying why."""
    other, hers = two_wins
    store = open_store(tmp_path)
    assert store.record_mahjong("Cleo", "turtle", 144.0, 1, FIXED_NOW, hers).saved
    (cleo,) = store.table("mahjong-turtle")
    turtle = TableId.mahjong("turtle")
    reason = (
        "this result (same player, deal, time and date) is here already, with another game: "
        "that one stays"
    )
    exit_code, lines = import_lines(tmp_path, codes.encode(turtle, [replace(cleo, record=other)]))
    assert (exit_code, lines) == (
        1,
        [
            "Turtle (mahjong-turtle): 1 rejected",
            "   1  rejected 'Cleo': this result (same player, deal, time and date) is here",
            "      already, with another game: that one stays",
        ],
    )
    assert store.table(turtle) == (cleo,)
    # Filed here with another game (another copy of lines-tui), it is refused the same way.
    filed = store.record_mahjong("Cleo", "turtle", 144.0, 1, FIXED_NOW, other)
    assert (filed.saved, filed.reason) == (False, reason)
    assert store.table(turtle) == (cleo,)
    # Two such copies new here, in one code: the first stays. The record each brings still
    # replaces a copy of the result without one (reported as added).
    fresh = open_store(tmp_path / "fresh")
    fresh.import_code(encode_format_1(turtle, [replace(cleo, record=None)]), checker())
    both = [cleo, replace(cleo, record=other)]
    merged = fresh.import_code(codes.encode(turtle, both), checker())
    assert [(r.status, r.reason) for r in merged.results] == [("added", ""), ("rejected", reason)]
    assert fresh.table(turtle) == (cleo,)


def test_a_deal_tables_game_edited_is_rejected_from_its_random_deal_table_too(
    tmp_path: Path, two_wins: tuple[MahjongRecord, MahjongRecord]
) -> None:
    """Cleo's win in her deal-1 table; the same game with its time edited, in a code of the
    random-deal table, was "added" there, and since a random deal's result counts on its deal's
    table (README, "Challenges"), her deal-1 table showed her one game twice, the edited time
    first, and its share code carried it. Rejected as it is sent to the deal's table itself."""
    other, hers = two_wins
    turtle = TableId.mahjong("turtle")
    store = open_store(tmp_path)
    assert store.record_mahjong("Cleo", turtle.for_deal(1), 144.0, 1, FIXED_NOW, hers).saved
    (cleo,) = store.table(turtle.for_deal(1))
    edited_time = codes.encode(turtle, [replace(cleo, value=1000)])
    exit_code, lines = import_lines(tmp_path, edited_time)
    assert (exit_code, lines) == (
        1,
        [
            "Turtle (mahjong-turtle): 1 rejected",
            "   1  rejected 'Cleo': this game (same deal, moves and moment won) is here",
            "      already, in mahjong-turtle+deal-1, with the time 2:24.0: that one stays",
        ],
    )
    another_game = codes.encode(turtle, [replace(cleo, record=other)])
    assert import_lines(tmp_path, another_game)[1][1:] == [
        "   1  rejected 'Cleo': this result (same player, deal, time and date) is here",
        "      already, in mahjong-turtle+deal-1, with another game: that one stays",
    ]
    assert store.table(turtle) == () and store.table(turtle.for_deal(1)) == (cleo,)
    # The same result with the same game is no other result: a random deal's result may reach
    # its deal's table first (in a challenge code) and its random-deal table's code after. It
    # goes into the random-deal table, and is one result in the deal's.
    assert store.import_code(codes.encode(turtle, [cleo]), checker()).summary() == "1 added"
    assert store.table(turtle) == (cleo,) and store.table(turtle.for_deal(1)) == (cleo,)
    # The other way round, the deal's table reads the random-deal table's results already.
    played_at_random = open_store(tmp_path / "random")
    assert played_at_random.record_mahjong("Cleo", turtle, 144.0, 1, FIXED_NOW, hers).saved
    for changed in (replace(cleo, value=1000), replace(cleo, record=other)):
        sent = codes.encode(turtle.for_deal(1), [changed])
        assert played_at_random.import_code(sent, checker()).summary() == "1 rejected"
    assert played_at_random.table(turtle.for_deal(1)) == (cleo,)

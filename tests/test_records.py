"""Results that prove themselves (README, "Share codes, format 2"): real games recorded, shared,
mangled by chat and email, imported and verified by replay; every forged claim refused."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import FIXED_NOW, checker, played_lines_game, won_mahjong_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.engine.daily_seeds import candidate, lines_daily_seed
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.faces import face_by_id
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout, identity, layout_table_name
from lines_tui.engine.mahjong.layouts.gnome import parse_gnome_maps
from lines_tui.engine.mahjong.layouts.identity import table_title
from lines_tui.engine.mahjong.layouts.kmahjongg import parse_kmahjongg
from lines_tui.store import Entry, ShareCodeError, Store, TableId, codes, open_store
from lines_tui.store.names import name_problem
from lines_tui.store.paste import find_codes
from lines_tui.store.records import LinesRecord, MahjongRecord
from lines_tui.store.sharecode import encode as encode_format_1
from lines_tui.store.sharecode import unwrap, wrap
from lines_tui.store.tables import utc_day
from lines_tui.store.verify import Checker, Verdict, verify

DAY = 86_400
WHEN = int(FIXED_NOW) + 600  # when the games below ended
LATER = FIXED_NOW + 30 * DAY  # when friends import them


@pytest.fixture(scope="module")
def lines_game() -> LinesGame:
    """A whole game of the test player: seed 4 on 9 x 9, 2,275 points in 126 moves."""
    return played_lines_game(4)


@pytest.fixture(scope="module")
def mahjong_game() -> MahjongGame:
    return won_mahjong_game("turtle", 1)


def lines_entry(game: LinesGame, name: str = "Ann", **changes: object) -> Entry:
    record = LinesRecord(game.record().rules_version, game.record().moves)
    return replace(Entry(name, game.score, WHEN, game.seed, record), **changes)  # type: ignore[arg-type]


def mahjong_entry(game: MahjongGame, name: str = "Bob", **changes: object) -> Entry:
    record = MahjongRecord(game.dealer, tuple(game.history))
    tenths = round(game.elapsed(0) * 10)
    return replace(Entry(name, tenths, WHEN, game.seed, record), **changes)  # type: ignore[arg-type]


def read(code: str, now: float = LATER) -> codes.CheckedCode:
    return codes.read(code, checker(now))


def reasons(code: str) -> list[str]:
    return [verdict.line() for verdict in read(code).verdicts]


def mangled_as_email(code: str) -> str:
    """What a mail program and two replies make of a code: wrapped at 30 characters, every line
    quoted twice, autocorrect's en dash, invisible characters, odd spaces, a full stop."""
    body = code[4:]
    wrapped = "\n".join(body[i : i + 30] for i in range(0, len(body), 30))
    wrapped = wrapped[:12] + "\u200b" + wrapped[12:20] + "\u00ad" + wrapped[20:]
    quoted = "\n".join(
        f"> > {line}" for line in f"Beat this:\u00a0LT2\u2013{wrapped}.".splitlines()
    )
    return f"\ufeffOn Monday Ann wrote:\n{quoted}\n> \n> Cheers\u3000Ann\n\nNice one!"


def mangled_as_chat(code: str) -> str:
    return f"my best ever → `{code}` (can you beat it?)"


# -- round trips of real games -------------------------------------------------------------------


@pytest.mark.parametrize("mangle", [mangled_as_email, mangled_as_chat])
def test_a_lines_game_goes_through_chat_and_email_and_is_verified(
    tmp_path: Path, lines_game: LinesGame, mangle: object
) -> None:
    mine = open_store(tmp_path / "mine")
    mine.add_player("Ann")
    record = LinesRecord(lines_game.record().rules_version, lines_game.record().moves)
    saved = mine.record_lines("Ann", 9, lines_game.score, 4, FIXED_NOW, WHEN, record)
    assert saved.saved
    code = mine.export_code("lines-9", checker=checker())
    assert code.startswith("LT2-") and len(code) <= 400
    (found,) = find_codes(mangle(code))  # type: ignore[operator]
    assert found == code
    merged = open_store(tmp_path / "theirs").import_code(found, checker(LATER))
    assert [r.status for r in merged.results] == ["added"]
    (entry,) = open_store(tmp_path / "theirs").table("lines-9")
    assert entry.recorded and entry.record == record and entry.value == 2275


@pytest.mark.parametrize("mangle", [mangled_as_email, mangled_as_chat])
def test_a_turtle_win_goes_through_chat_and_email_and_is_verified(
    tmp_path: Path, mahjong_game: MahjongGame, mangle: object
) -> None:
    mine = open_store(tmp_path / "mine")
    entry = mahjong_entry(mahjong_game)
    saved = mine.record_mahjong("Bob", "turtle", 144.0, 1, WHEN, entry.record)  # type: ignore[arg-type]
    assert saved.saved
    code = mine.export_code("mahjong-turtle", entry=1, checker=checker())
    assert len(code) <= 200
    (found,) = find_codes(mangle(code))  # type: ignore[operator]
    assert [v.status for v in read(found).verdicts] == ["verified"]
    theirs = open_store(tmp_path / "theirs")
    theirs.import_code(found, checker(LATER))
    assert theirs.table("mahjong-turtle")[0].record == entry.record


def test_two_codes_in_one_paste_are_both_found(
    lines_game: LinesGame, mahjong_game: MahjongGame
) -> None:
    first = codes.encode(TableId.lines(9), [lines_entry(lines_game)])
    second = codes.encode(TableId.mahjong("turtle"), [mahjong_entry(mahjong_game)])
    paste = f"> mine: {first}.\n> and Bob's:\n> <{second}>"
    assert find_codes(paste) == [first, second]
    assert find_codes("no code in here, sorry. LT is a letter pair") == []


# -- forged claims -------------------------------------------------------------------------------


def test_a_tampered_score_is_refuted(lines_game: LinesGame) -> None:
    code = codes.encode(TableId.lines(9), [lines_entry(lines_game, value=999_999_999)])
    assert reasons(code) == ["refuted: the game scores 2275 points, not 999999999"]


def test_an_impossible_time_is_refuted(mahjong_game: MahjongGame) -> None:
    code = codes.encode(TableId.mahjong("turtle"), [mahjong_entry(mahjong_game, value=1)])
    (reason,) = reasons(code)
    assert reason.startswith("refuted: 0.1 s for 72 pairs, under 0.1 s a pair: too fast")


def test_a_future_date_is_refuted(mahjong_game: MahjongGame, lines_game: LinesGame) -> None:
    future = int(LATER) + 2 * DAY
    code = codes.encode(TableId.mahjong("turtle"), [mahjong_entry(mahjong_game, date=future)])
    (reason,) = reasons(code)
    assert (
        reason.startswith(f"refuted: it is dated {utc_day(future)}T") and "in the future" in reason
    )
    year_2099 = codes.encode(TableId.lines(9), [lines_entry(lines_game, date=4_070_908_800)])
    assert "in the future" in reasons(year_2099)[0]


def test_a_move_that_is_not_legal_is_refuted(
    mahjong_game: MahjongGame, lines_game: LinesGame
) -> None:
    turtle = TableId.mahjong("turtle")
    good = mahjong_entry(mahjong_game)
    assert isinstance(good.record, MahjongRecord)
    covered = next(tile for tile in range(144) if mahjong_game.position.geometry.covers[tile])
    partner = next(
        t
        for t in range(144)
        if t != covered and mahjong_game.position.faces[t] == mahjong_game.position.faces[covered]
    )
    forged = replace(
        good, record=replace(good.record, pairs=((covered, partner), *good.record.pairs))
    )
    verdict = verify(turtle, forged, checker(LATER))
    label = face_by_id(mahjong_game.position.faces[covered]).label
    assert verdict == Verdict("refuted", f"move 1 takes {label} (tile {covered}), which is covered")
    lines = lines_entry(lines_game)
    assert isinstance(lines.record, LinesRecord)
    jump = replace(
        lines, record=replace(lines.record, moves=(((0, 0), (0, 0)), *lines.record.moves))
    )
    assert verify(TableId.lines(9), jump, checker(LATER)).reason.startswith("move 1, row 0 col 0")


def test_a_move_list_that_stops_early_is_refuted(
    mahjong_game: MahjongGame, lines_game: LinesGame
) -> None:
    lines = lines_entry(lines_game)
    assert isinstance(lines.record, LinesRecord)
    short = replace(lines, record=replace(lines.record, moves=lines.record.moves[:-1]))
    code = codes.encode(TableId.lines(9), [short])
    assert reasons(code) == ["refuted: the moves stop after move 125, and the game is not over"]
    mahjong = mahjong_entry(mahjong_game)
    assert isinstance(mahjong.record, MahjongRecord)
    cut = replace(mahjong, record=replace(mahjong.record, pairs=mahjong.record.pairs[:-1]))
    code = codes.encode(TableId.mahjong("turtle"), [cut])
    assert reasons(code) == ["refuted: the moves stop after move 71, with 2 tiles left"]


def test_a_daily_entry_dated_another_day_is_refused(tmp_path: Path) -> None:
    day = utc_day(FIXED_NOW)
    seed = lines_daily_seed(7, day)
    game = played_lines_game(seed, size=7)
    record = LinesRecord(1, game.record().moves)
    daily = TableId.lines(7).daily(day)
    good = Entry("Ann", game.score, int(FIXED_NOW) + 3600, seed, record)
    assert verify(daily, good, checker(LATER)).status == "verified"
    merged = open_store(tmp_path).import_code(codes.encode(daily, [good]), checker(LATER))
    assert merged.count("added") == 1
    next_day = replace(good, date=int(FIXED_NOW) + DAY + 60)
    merged = open_store(tmp_path / "b").import_code(codes.encode(daily, [next_day]), checker(LATER))
    (result,) = merged.results
    assert result.status == "rejected" and f"is dated {utc_day(FIXED_NOW + DAY)}" in result.reason
    other_deal = replace(good, seed=seed + 1)
    assert verify(daily, other_deal, checker(LATER)).status == "refuted"


def test_a_layout_file_or_map_named_turtle_feeds_a_table_of_its_own() -> None:
    two_tiles = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n"
    fake = parse_kmahjongg(two_tiles, source="/tmp/turtle.layout", name="turtle", title="Turtle")
    assert fake.name == "turtle" and layout_table_name(fake).startswith("turtle-")
    (gnome,) = parse_gnome_maps(
        '<mahjongg><map name="Turtle" scorename="turtle"><row left="0" right="1" y="0"/></map>'
        "</mahjongg>",
        source="/tmp/turtle.map",
    ).layouts
    # The same two places as the .layout file: the same game, so the same table (not Turtle's).
    assert gnome.name == "turtle" and layout_table_name(gnome) == layout_table_name(fake)
    real = find_layout("turtle")
    copy = parse_kmahjongg(
        (Path(__file__).parents[1] / "lines_tui/engine/mahjong/layouts/turtle.layout").read_text(),
        source="/tmp/mine.layout",
        name="my-turtle",
        title="Mine",
    )
    assert layout_table_name(real) == layout_table_name(copy) == "turtle"


def test_only_the_built_in_places_themselves_feed_a_built_in_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A code review: the built-in tables were found by 8 hex digits of a hash (32 bits), so a
    file of other places forged to hash alike fed the Turtle's table. Here every layout hashes
    as the Turtle does."""
    turtle_hash = identity.places_hash(find_layout("turtle").slots)
    monkeypatch.setattr(identity, "places_hash", lambda slots: turtle_hash)
    two_tiles = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n"
    forged = parse_kmahjongg(two_tiles, source="/tmp/forged.layout", name="forged", title="F")
    assert layout_table_name(forged) == f"forged-{turtle_hash}"
    assert layout_table_name(find_layout("turtle")) == "turtle"


def test_a_code_for_another_layout_cannot_be_replayed_here_and_is_not_merged(
    tmp_path: Path, mahjong_game: MahjongGame
) -> None:
    entry = mahjong_entry(mahjong_game)
    code = codes.encode(TableId.mahjong("steps-0123abcd"), [entry], lambda _: find_layout("turtle"))
    merged = open_store(tmp_path).import_code(code, checker(LATER))
    (result,) = merged.results
    assert result.status == "rejected" and "not installed here" in result.reason
    assert not (tmp_path / "scores.json").exists()


def test_a_deal_table_holds_its_deal_only(lines_game: LinesGame) -> None:
    table = TableId.lines(9).for_deal(4)
    assert str(table) == "lines-9+deal-4" and TableId.parse("LINES-9+DEAL-4") == table
    assert reasons(codes.encode(table, [lines_entry(lines_game)])) == ["verified"]
    wrong = TableId.lines(9).for_deal(5)
    (reason,) = reasons(codes.encode(wrong, [lines_entry(lines_game)]))  # replayed on deal 5
    assert reason.startswith("refuted")


def test_replays_stop_when_the_import_time_runs_out(lines_game: LinesGame) -> None:
    ticks = iter(range(10**6))
    slow = Checker(now=LATER, clock=lambda: float(next(ticks)), budget=3)
    code = codes.encode(TableId.lines(9), [lines_entry(lines_game)])
    (verdict,) = codes.read(code, slow).verdicts
    assert verdict.status == "unchecked" and "time allowed" in verdict.reason


# -- older data ----------------------------------------------------------------------------------


def test_format_1_codes_import_as_unverified(tmp_path: Path) -> None:
    code = encode_format_1(TableId.lines(9), [Entry("Old", 999, WHEN, 3)])
    checked = read(code)
    assert checked.format == 1 and [v.status for v in checked.verdicts] == ["unverified"]
    store = open_store(tmp_path)
    store.import_code(code, checker(LATER))
    (entry,) = store.table("lines-9")
    assert not entry.recorded


def test_a_version_1_file_is_migrated_with_nothing_lost(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    old = {
        "format": "lines-tui scores",
        "version": 1,
        "players": ["Ann"],
        "active_player": "Ann",
        "tables": {
            "lines-9": [{"name": "Ann", "points": 120, "date": "2025-05-01T20:15:00Z", "seed": 4}],
            "mahjong-little": [
                {"name": "Bo", "tenths": 900, "date": "2025-05-01T20:15:00Z", "seed": 7}
            ],
        },
    }
    (tmp_path / "scores.json").write_text(json.dumps(old))
    store = open_store(tmp_path)
    assert store.warnings == []
    assert [(e.name, e.value, e.recorded) for e in store.table("lines-9")] == [("Ann", 120, False)]
    store.add_player("Cy")  # any change writes version 2
    written = json.loads((tmp_path / "scores.json").read_text())
    assert written["version"] == 2
    assert written["tables"]["mahjong-little"][0] == {
        "name": "Bo",
        "tenths": 900,
        "date": "2025-05-01T20:15:00Z",
        "seed": 7,
        "record": None,
    }


def test_entries_without_records_get_every_check_that_needs_no_record(tmp_path: Path) -> None:
    future = int(LATER) + 2 * DAY
    day = utc_day(WHEN)
    daily = TableId.lines(9).daily(day)
    not_the_deal = lines_daily_seed(9, day) + 1
    cases = [
        (TableId.lines(9), Entry("Future", 5000, future, 7), "in the future"),
        (daily, Entry("Ann", 5000, WHEN, not_the_deal), f"is not the deal of {day}"),
        (TableId.mahjong("turtle"), Entry("Quick", 1, WHEN, 7), "under 0.1 s a pair: too fast"),
    ]
    for table, entry, reason in cases:
        format_1 = [encode_format_1(table, [entry])] if table.mode == "random" else []
        for code in [codes.encode(table, [entry]), *format_1]:
            (verdict,) = read(code).verdicts
            assert verdict.status == "refuted" and reason in verdict.reason, code
            merged = open_store(tmp_path).import_code(code, checker(LATER))
            assert [r.status for r in merged.results] == ["rejected"]
            assert not (tmp_path / "scores.json").exists()
    honest = Entry("Ann", 5000, WHEN, lines_daily_seed(9, day))
    assert read(codes.encode(daily, [honest])).verdicts[0].status == "unverified"


def test_a_mahjong_deal_of_the_day_without_its_record_must_be_that_days_deal() -> None:
    day = utc_day(WHEN)
    table = TableId.mahjong("turtle").daily(day)
    first, second = (candidate("mahjong-turtle", day, n) for n in (0, 1))
    asked: list[int] = []

    def proven(_: object, seed: int) -> bool:
        asked.append(seed)
        return seed != first  # as if the solver could not prove the first candidate

    entries = [Entry(name, 3000, WHEN, seed) for name, seed in (("Ann", second), ("Bo", first))]
    lenient = Checker(now=LATER, proven_solvable=proven)
    verdicts = codes.read(codes.encode(table, entries), lenient).verdicts
    assert [v.status for v in verdicts] == ["unverified", "refuted"]
    assert verdicts[1].reason == f"deal {first} is not the deal of {day}"
    assert sorted(asked) == sorted({first, second})  # each proved once, for both entries


def test_a_code_without_records_for_a_layout_not_installed_here_is_not_merged(
    tmp_path: Path,
) -> None:
    code = encode_format_1(TableId.mahjong("steps-0123abcd"), [Entry("Old", 900, WHEN, 3)])
    (verdict,) = read(code).verdicts
    assert verdict.status == "unchecked" and "not installed here" in verdict.reason
    open_store(tmp_path).import_code(code, checker(LATER))
    assert not (tmp_path / "scores.json").exists()


def test_a_layout_not_installed_here_is_titled_without_its_hash_capitalised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`scores verify` of a mahjong-foo-1234abcd code printed "Foo 1234Abcd": the hash is no
    word, and str.title capitalised the letter after its digits."""
    assert TableId.parse("mahjong-foo-1234abcd").title == "Foo 1234abcd"
    assert TableId.parse("mahjong-my_pair-abcdef12+deal-3").title == "My Pair abcdef12, deal 3"
    assert TableId.parse("mahjong-turtle").title == "Turtle"
    monkeypatch.setenv("LINES_TUI_HOME", str(tmp_path / "data"))
    code = encode_format_1(TableId.mahjong("foo-1234abcd"), [Entry("Old", 900, WHEN, 3)])
    shown = CliRunner().invoke(app, ["scores", "verify", code])
    assert "Foo 1234abcd (mahjong-foo-1234abcd)" in shown.stdout


def test_a_layout_table_whose_name_has_no_word_is_titled_layout() -> None:
    """A table id of a hash alone ("-1234abcd") was titled " 1234abcd", its name made nothing:
    it is "Layout 1234abcd", as a layout of no name feeds the table `layout-1234abcd`."""
    assert table_title("-1234abcd") == "Layout 1234abcd"
    assert table_title("_-1234abcd") == "Layout 1234abcd"
    assert table_title("-") == "Layout"
    assert table_title("foo-1234abcd") == "Foo 1234abcd"


def test_each_verdict_says_why_an_import_would_refuse_the_entry(lines_game: LinesGame) -> None:
    hostile = [Entry("\x1b[31mRed", 100, WHEN, 1), Entry("[bold]B", 101, WHEN, 2)]
    fair = Entry("Old", 102, WHEN, 3)
    for code in (
        codes.encode(TableId.lines(9), [*hostile, fair, lines_entry(lines_game)]),
        encode_format_1(TableId.lines(9), [*hostile, fair]),
    ):
        checked = read(code)
        lines = [verdict.line() for verdict in checked.verdicts]
        # "invalid", the verdict; "rejected" is the merge's word for an entry it leaves out.
        assert lines[0].startswith("invalid: a name cannot contain")
        assert lines[1] == f"invalid: {name_problem('[bold]B')}"
        assert lines[2] == "unverified: no game record, so it cannot be replayed"
        assert lines[3:] in ([], ["verified"])
        reasons = tuple(verdict.reason for verdict in checked.verdicts[:2])
        assert checked.problems[:3] == (*reasons, None)


# -- the command line ----------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(app, list(args), input=input)


def test_scores_verify_says_each_verdict_and_exits_0_1_or_2(
    lines_game: LinesGame, mahjong_game: MahjongGame
) -> None:
    good = codes.encode(TableId.lines(9), [lines_entry(lines_game)])
    result = run("scores", "verify", mangled_as_email(good))
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    row = result.stdout.splitlines()[2]  # type: ignore[attr-defined]  # under the header
    assert [row.split()[0], row.split()[-2]] == ["1", "verified"]  # entry 1, then its seed
    bad = codes.encode(
        TableId.lines(9), [lines_entry(lines_game), lines_entry(lines_game, "Eve", value=5)]
    )
    result = run("scores", "verify", "-", input=f"look: {bad}.")
    assert result.exit_code == 1  # type: ignore[attr-defined]
    rows = result.stdout.splitlines()[3:]  # type: ignore[attr-defined]
    assert rows[0].split()[:2] == ["2", "Eve"] and rows[0].split()[-2] == "refuted"
    assert rows[1] == "      the game scores 2275 points, not 5"  # its reason, under its row
    # Each line says its verdict once: no "verified"/"unverified" tag after the entry.
    assert not result.stdout.rstrip().endswith("verified)")  # type: ignore[attr-defined]
    old = encode_format_1(TableId.lines(9), [Entry("Old", 999, WHEN, 3)])
    assert run("scores", "verify", old).exit_code == 1  # type: ignore[attr-defined]
    damaged = good[:-3] + ("0" if good[-3] != "0" else "1") + good[-2:]
    result = run("scores", "verify", damaged)
    assert result.exit_code == 2 and "damaged" in result.stderr  # type: ignore[attr-defined]
    result = run("scores", "verify", "hello there")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert result.stderr.count("\n") == 1 and "no share code found" in result.stderr  # type: ignore[attr-defined]


def test_import_reports_a_refuted_entry_in_one_line_and_writes_nothing(
    tmp_path: Path, mahjong_game: MahjongGame
) -> None:
    forged = codes.encode(TableId.mahjong("turtle"), [mahjong_entry(mahjong_game, value=3)])
    result = run("--data-dir", str(tmp_path), "scores", "import", forged)
    assert result.exit_code == 1  # type: ignore[attr-defined]  # nothing merged
    told = "   1  rejected 'Bob': 0.3 s for 72 pairs, under 0.1 s a pair: too fast"
    assert told in result.stdout.splitlines()  # type: ignore[attr-defined]
    assert not (tmp_path / "scores.json").exists()


def test_export_entry_gives_one_games_code(tmp_path: Path, lines_game: LinesGame) -> None:
    store: Store = open_store(tmp_path)
    store.add_player("Ann")
    entry = lines_entry(lines_game)
    store.record_lines("Ann", 9, entry.value, 4, FIXED_NOW, WHEN, entry.record)  # type: ignore[arg-type]
    assert store.record_lines("Ann", 9, 10, 4, FIXED_NOW, WHEN + 60).saved  # a later game
    result = run("--data-dir", str(tmp_path), "scores", "export", "lines-9", "--entry", "1")
    checked = read(result.stdout.strip())  # type: ignore[attr-defined]
    assert [e.value for e in checked.entries] == [2275]
    result = run("--data-dir", str(tmp_path), "scores", "export", "lines-9", "--entry", "3")
    assert result.exit_code == 2 and "entries 1 to 2" in result.stderr  # type: ignore[attr-defined]


def test_malformed_codes_raise_share_code_error_only() -> None:
    for text in ("LT2-", "LT2-00000000", "LT2-" + "Z" * 7000, "LT9-00000000"):
        with pytest.raises(ShareCodeError):
            read(text)


# -- hostile codes -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_codes(lines_game: LinesGame, mahjong_game: MahjongGame) -> list[str]:
    return [
        codes.encode(TableId.lines(9), [lines_entry(lines_game)]),
        codes.encode(TableId.mahjong("turtle"), [mahjong_entry(mahjong_game)]),
    ]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_hostile_format_2_codes_are_refused_cleanly_and_write_nothing(
    tmp_path: Path, real_codes: list[str], data: st.DataObject
) -> None:
    kind = data.draw(st.sampled_from(["mutated", "number", "bytes"]))
    if kind == "mutated":
        _, raw = unwrap(data.draw(st.sampled_from(real_codes)))
        payload = bytearray(raw[:-4])
        for _ in range(data.draw(st.integers(1, 4))):
            payload[data.draw(st.integers(0, len(payload) - 1))] = data.draw(st.integers(0, 255))
        number = int.from_bytes(payload, "big")
    elif kind == "number":
        number = data.draw(st.integers(0, 2**3000))
    else:
        number = int.from_bytes(data.draw(st.binary(max_size=400)), "big")
    code = wrap(2, number)
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    store = open_store(folder)
    try:
        merged = store.import_code(code, checker(LATER))
    except ShareCodeError:
        assert not (folder / "scores.json").exists()
        return
    if not merged.count("added"):
        assert not (folder / "scores.json").exists()

"""`lines-tui scores ...` and `lines-tui players ...`: output, exit codes, one-line refusals."""

from __future__ import annotations

import os
import select
import subprocess
from pathlib import Path

import pytest
from conftest import checker, install_layouts, played_lines_game
from rich.cells import cell_len
from tools.pty_terminal import lines_tui_command
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.commands.scores import PASTE_THEN_END
from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.mahjong.layouts import installed_layouts, layout_table_name
from lines_tui.store import Store, StoreError, codes, open_store
from lines_tui.store.files import BUSY, FileSystem
from lines_tui.store.names import MAX_NAME_COLUMNS
from lines_tui.store.replay import record_of_lines
from lines_tui.store.sharecode import encode
from lines_tui.store.tables import FIRST_DATE, Entry, TableId, day_start, utc_day

START = 1_700_000_000.0


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def run(folder: Path, *args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, ["--data-dir", str(folder), *args], input=stdin)


def refused(result: Result, reason: str) -> None:
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("lines-tui: ") and result.stderr.count("\n") == 1
    assert reason in result.stderr
    assert "\x1b" not in result.stderr


def test_the_first_player_added_plays_and_the_next_one_is_told_how(folder: Path) -> None:
    """A guest's Lines scores are not saved: `players add Bob` left a guest playing, and the
    first game over SSH was lost (a player review). The app's Players screen did not."""
    assert run(folder, "players", "add", "Bob").stdout == "registered Bob; Bob plays now\n"
    assert run(folder, "players", "add", "Ann").stdout.splitlines() == [
        "registered Ann; to make them the active player:",
        "  lines-tui players use Ann",
    ]
    assert open_store(folder).active_player == "Bob"
    assert run(folder, "players", "guest").exit_code == 0  # a guest again: the next one plays
    assert run(folder, "players", "add", "Cy").stdout.startswith("registered Cy; Cy plays now")


def test_a_rename_to_the_same_name_changes_nothing_and_says_so(folder: Path) -> None:
    """ "renamed Bob to Bob", exit code 0 (a player review)."""
    run(folder, "players", "add", "Bob")
    refused(
        run(folder, "players", "rename", "bob", " Bob "),
        "Bob is named so already; nothing to rename",
    )
    assert run(folder, "players", "rename", "bob", "BOB").stdout == "renamed Bob to BOB\n"


def test_an_empty_player_name_is_said_to_be_none(folder: Path) -> None:
    """`--player ''` was "no registered player is named ''", with how to register (a player
    review)."""
    for empty in ("", "   "):
        refused(run(folder, "--player", empty, "players"), "no player name given")
        assert "register" not in run(folder, "--player", empty, "scores").stderr


def test_players_commands(folder: Path) -> None:
    assert "No registered players" in run(folder, "players").stdout
    assert run(folder, "players", "add", " Ann  Lee ").exit_code == 0
    assert run(folder, "players", "add", "Bob").exit_code == 0
    assert run(folder, "players", "use", "ann lee").stdout == "Ann Lee plays now\n"
    assert run(folder, "players", "list").stdout == "* Ann Lee\n  Bob\n"
    assert run(folder, "players", "rename", "bob", "Robert").stdout == "renamed Bob to Robert\n"
    assert run(folder, "players", "remove", "Ann Lee").exit_code == 0
    assert (
        run(folder, "players").stdout
        == "  Robert\n(playing as a guest: Lines scores are not saved)\n"
    )
    assert run(folder, "players", "use", "robert").exit_code == 0
    assert run(folder, "players", "guest").exit_code == 0
    assert open_store(folder).active_player is None


def test_the_players_list_names_who_plays_this_run_for_a_player_option(folder: Path) -> None:
    """`--player Ann players` ended "(playing as a guest: ...)", though Ann plays that run."""
    store = open_store(folder)
    store.add_player("Ann")
    store.add_player("Bob")
    guest = "without it, a guest plays: Lines scores are not saved)"
    listed = run(folder, "--player", "ann", "players").stdout
    assert listed == f"  Ann\n  Bob\n(Ann plays this run, as --player says; {guest}\n"
    store.set_active_player("Bob")
    listed = run(folder, "--player", "ANN", "players", "list").stdout
    assert listed == "  Ann\n* Bob\n(Ann plays this run, as --player says; without it, Bob plays)\n"
    assert run(folder, "--player", "bob", "players").stdout == "  Ann\n* Bob\n"
    assert open_store(folder).active_player == "Bob"  # a list changes nothing


def test_the_players_list_reads_the_file_once_after_the_start(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`lines-tui players` read scores.json three times: at the start (which tells a damaged
    file before anything else), for the players, and again for who plays, a file of thousands
    of players read each time, and the two reads perhaps of two versions of it. The players
    and who plays come from one read now."""
    store = open_store(folder)
    store.add_player("Ann")
    store.add_player("Bob")
    store.set_active_player("Bob")
    opened: list[Path] = []
    open_file = FileSystem.open

    def counted(fs: FileSystem, path: Path, flags: int) -> int:
        if path.name == "scores.json":
            opened.append(path)
        return open_file(fs, path, flags)

    monkeypatch.setattr(FileSystem, "open", counted)
    assert run(folder, "players").stdout == "  Ann\n* Bob\n"
    assert len(opened) == 2


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("players", "add", "\x1b[31mEvil"), "control or invisible"),
        (("players", "add", "[b]x[/b]"), "formatting codes"),
        (("players", "add", "x" * 10240), "at most 24 characters"),
        (("players", "add", "ann"), "already registered"),
        (("players", "add", "\uff21nn"), "'\uff21nn' is already taken: it reads as the registered"),
        (("players", "add", "An\u034fn"), "control or invisible characters (U+034F)"),
        (("players", "rename", "Ann", "Ann\u3164"), "control or invisible characters (U+3164)"),
        (("players", "add", "guest"), "'guest' is kept for guests"),
        (("players", "rename", "Nobody", "X"), "no registered player"),
        (("players", "remove", "\x1b]0;title\x07"), "no registered player"),
        (("players", "use", "Nobody"), "no registered player"),
        (("scores", "show", "lines-99"), "no table 'lines-99': Lines boards are 7 to 15"),
        (("scores", "show", "\x1b[2J"), "no table"),
        (("scores", "export", "lines-9"), "no entries"),
        (("scores", "import", "LT1-XYZ"), "damaged"),
        (("scores", "import", "hello"), "no share code found"),
    ],
)
def test_bad_input_is_refused_in_one_line_with_exit_code_2_and_nothing_written(
    folder: Path, args: tuple[str, ...], reason: str
) -> None:
    run(folder, "players", "add", "Ann")
    before = (folder / "scores.json").read_bytes()
    refused(run(folder, *args), reason)
    assert (folder / "scores.json").read_bytes() == before


def test_scores_list_show_export_and_import(folder: Path, tmp_path: Path) -> None:
    assert "No results yet" in run(folder, "scores").stdout
    store = open_store(folder)
    store.add_player("Ann")
    for i in range(3):
        store.record_lines("Ann", 9, 100 * (i + 1), i, START, START + 60)
    store.record_mahjong("Zoë", "turtle", 312.44, 7, START)
    listing = run(folder, "scores").stdout.splitlines()
    assert [line.split() for line in listing] == [
        ["TABLE", "ENTRIES", "BEST", "BY"],
        ["lines-9", "3", "300", "Ann", "(unverified)"],  # filed without their games
        ["mahjong-turtle", "1", "5:12.4", "Zoë", "(unverified)"],
    ]
    shown = run(folder, "scores", "show", "LINES-9").stdout.splitlines()
    assert shown[0] == "Lines 9 x 9 (lines-9), highest first"
    assert shown[2].split()[:3] == ["1", "Ann", "300"]
    code = run(folder, "scores", "export", "lines-9").stdout.strip()
    assert shown[-1] == f"share code: {code}"

    friend = tmp_path / "friend"
    wrapped = "\n".join(code[i : i + 20] for i in range(0, len(code), 20))
    dry = run(friend, "scores", "import", "--dry-run", "-", stdin=wrapped)
    assert dry.exit_code == 0 and "dry run" in dry.stdout and not friend.exists()
    imported = run(friend, "scores", "import", code[:30], code[30:])
    assert imported.stdout.splitlines()[0] == "Lines 9 x 9 (lines-9): 3 added"
    again = run(friend, "scores", "import", code)
    assert again.stdout.splitlines()[0] == "Lines 9 x 9 (lines-9): 3 already there"
    assert open_store(friend).table("lines-9") == open_store(folder).table("lines-9")


def test_a_codes_entry_under_a_look_alike_of_a_players_name_is_not_merged(
    folder: Path, tmp_path: Path
) -> None:
    """A friend's result under "Ａnn" (a fullwidth Ａ) went into a table where it passed for the
    result of the importer's own player Ann. It is rejected, saying why; the same code merges
    where no player's name reads so, and a result under Ann's own name (any case) is hers."""
    store = open_store(folder)
    store.add_player("\uff21nn")
    store.record_lines("\uff21nn", 9, 500, 1, START, START + 60)
    store.rename_player("\uff21nn", "ANN")  # the same player; her result keeps its name
    store.record_lines("ANN", 9, 300, 1, START, START + 60)
    code = run(folder, "scores", "export", "lines-9").stdout.strip()
    friend = tmp_path / "friend"
    open_store(friend).add_player("Ann")
    imported = run(friend, "scores", "import", code)
    assert imported.stdout.splitlines()[:3] == [
        "Lines 9 x 9 (lines-9): 1 added, 1 rejected",
        "   1  rejected '\uff21nn': the name reads as your player 'Ann' but is not theirs: a",
        "      look-alike",  # the reason goes on under the name, so the line fits 80 columns
    ]
    assert [entry.name for entry in open_store(friend).table("lines-9")] == ["ANN"]
    stranger = tmp_path / "stranger"
    assert run(stranger, "scores", "import", code).stdout.startswith(
        "Lines 9 x 9 (lines-9): 2 added"
    )


@pytest.mark.parametrize("unseen", ["\u034f", "\u3164", "\u17b4", "\u2800"])
def test_a_codes_entry_under_a_name_with_an_invisible_character_is_rejected(
    folder: Path, unseen: str
) -> None:
    """Copies of Ann's result under "An" + U+034F + "n", "Ann" + a Hangul filler or a Khmer
    inherent vowel merged into Ann's own table, each shown as "Ann" (trust review). Such an
    entry is rejected with the reason a name typed so is refused; the code's others merge."""
    store = open_store(folder)
    store.add_player("Ann")
    game = played_lines_game(4, started_at=START)
    entries = [
        Entry(name, score, int(START) + 60, 4, record_of_lines(game))
        for name, score in ((f"An{unseen}n", game.score), ("Bob", game.score))
    ]
    code = codes.encode(TableId.lines(9), entries)
    imported = run(folder, "scores", "import", code)
    assert imported.stdout.splitlines()[:3] == [
        "Lines 9 x 9 (lines-9): 1 added, 1 rejected",
        f"   1  rejected 'An{unseen}n': a name cannot contain control or invisible characters",
        f"      (U+{ord(unseen):04X})",
    ]
    assert [entry.name for entry in open_store(folder).table("lines-9")] == ["Bob"]


def test_verify_calls_an_entry_under_a_name_with_an_invisible_character_invalid(
    folder: Path,
) -> None:
    """`scores verify` listed "An" + U+034F + "n" as "Ann", verified, exit 0, where an import
    rejects the entry: a friend checking a code before importing it was told a copy of Ann's
    result was hers. It is invalid now, with the reason an import gives, and the exit is 1.
    The code's game still holds up where the game is what counts (a replay, a challenge, a
    table that has the result from before the rule): only the verdict `verify` prints says
    what an import does with the name."""
    game = played_lines_game(4, started_at=START)
    entries = [
        Entry(name, game.score, int(START) + 60, 4, record_of_lines(game))
        for name in ("An\u034fn", "Bob")
    ]
    code = codes.encode(TableId.lines(9), entries)
    assert [verdict.status for verdict in codes.read(code, checker()).verdicts] == [
        "verified",
        "verified",
    ]
    verified = run(folder, "scores", "verify", code)
    assert verified.exit_code == 1, verified.stdout
    rows = verified.stdout.splitlines()[2:]  # under the header
    assert rows[0].split()[-2] == "invalid"
    assert rows[1] == "      a name cannot contain control or invisible characters (U+034F)"
    assert rows[2].split()[1] == "Bob" and rows[2].split()[-2] == "verified"


def test_listings_keep_their_columns_with_wide_names_and_long_table_ids(folder: Path) -> None:
    """A CJK character takes two cells: padding by characters pushed the next column over. A
    table id longer than the usual column is printed whole (it is what `scores show` takes)."""
    store = open_store(folder)
    for name in ("李小龍大哥", "Bob"):
        store.add_player(name)
        store.record_lines(name, 9, 500 if name == "Bob" else 400, 1, START, START + 60)
    store.record_mahjong("Bob", "a_layout_with_a_long_name", 312.44, 7, START)
    listing = run(folder, "scores").stdout.splitlines()
    # The header, lines-9, lines-9+deal-1 (two players raced on that random deal), then the
    # long layout's.
    assert listing[3].startswith("mahjong-a_layout_with_a_long_name  ")
    ends = set()
    for line in listing:  # the count column lines up, right-aligned under ENTRIES
        table, count = line.split()[:2]
        ends.add(line.index(count, len(table)) + len(count))
    assert len(ends) == 1
    rows = run(folder, "scores", "show", "lines-9").stdout.splitlines()[2:4]
    assert len({cell_len(row[: row.index("0 ") + 1]) for row in rows}) == 1  # points line up


def test_the_verdicts_line_up_whatever_the_width_of_the_seeds(folder: Path) -> None:
    """A seed is 1 to 20 digits: the verdict after it moved with its width, in `show` and in an
    import's report alike. The seed comes last now, after the verdict, in a column of its
    own."""
    store = open_store(folder)
    for name, points, seed in (("李小龍", 300, 7), ("Bob", 200, 2**64 - 1), ("Ann", 100, 42)):
        store.add_player(name)
        store.record_lines(name, 9, points, seed, START, START + 60)
    rows = run(folder, "scores", "show", "lines-9").stdout.splitlines()[2:5]
    assert [row.split()[-1] for row in rows] == ["7", str(2**64 - 1), "42"]
    assert len({cell_len(row[: row.index("unverified")]) for row in rows}) == 1
    assert len({cell_len(row[: row.rindex(" ")]) for row in rows}) == 1  # and the seeds
    code = run(folder, "scores", "export", "lines-9").stdout.strip()
    friend = folder.parent / "friend"
    lines = run(friend, "scores", "import", "--dry-run", code).stdout.splitlines()[1:]
    rows, unverified = lines[::2], lines[1::2]
    assert len(rows) == 3 and not friend.exists()
    assert set(unverified) == {"      unverified: no game record, so it cannot be replayed"}
    assert [row.split()[-1] for row in rows] == ["7", str(2**64 - 1), "42"]
    assert len({cell_len(row[: row.index("added")]) for row in rows}) == 1
    assert len({cell_len(row[: row.rindex(" ")]) for row in rows}) == 1


WIDEST_NAME = "Maximilian Bartholomew X"
"""A name of 24 columns, the most a name may take."""


def a_day_with_a_long_deal() -> tuple[str, int]:
    """A day near START whose Lines 9 x 9 deal of the day has 20 digits, as about half do."""
    for days in range(30):
        day = utc_day(START + days * 86_400)
        seed = lines_daily_seed(9, day)
        if len(str(seed)) == 20:
            return day, seed
    raise AssertionError("no deal of 20 digits in 30 days")


def test_every_table_row_fits_80_columns_with_the_widest_name_and_a_20_digit_deal(
    folder: Path,
) -> None:
    """A review at 80 columns measured a deal of the day's rows: 105 columns in `scores`, 94
    in `scores show`, up to 101 in `scores verify`, 121 in `scores import` (and --dry-run).
    Each column is as wide as its widest cell listed, a table of one deal names its deal once,
    above its rows, and a reason goes on under its row."""
    assert cell_len(WIDEST_NAME) == MAX_NAME_COLUMNS
    day, seed = a_day_with_a_long_deal()
    started = day_start(day) + 3_600
    game = played_lines_game(seed, started_at=started)
    table = TableId.lines(9).daily(day)
    store = open_store(folder)
    for name in (WIDEST_NAME, "Ann"):
        store.add_player(name)
    record = record_of_lines(game)
    assert store.record_lines(WIDEST_NAME, table, game.score, seed, started, started + 600, record)
    assert store.record_lines("Ann", table, 10, seed, started, started + 900)  # unverified

    def fits(result: Result, code: int = 0) -> list[str]:
        assert result.exit_code == code, result.output
        lines = result.stdout.splitlines()
        assert max(cell_len(line) for line in lines) <= 80, lines
        return lines

    listing = fits(run(folder, "scores"))
    assert listing[1].split() == [str(table), "2", str(game.score), *WIDEST_NAME.split()]
    shown = run(folder, "scores", "show", str(table))
    *rows, code_line = shown.stdout.splitlines()
    assert code_line.startswith("share code: LT2-")  # one line, whole, to be copied
    assert max(cell_len(line) for line in rows) <= 80, rows
    assert rows[1] == f"  deal {seed}"  # named once, above the rows, which leave it out
    assert rows[2].split() == ["#", "name", "points", "date", "verdict"]
    assert rows[3].split()[1:5] == [*WIDEST_NAME.split(), str(game.score)]
    assert rows[3].endswith("  verified") and rows[4].endswith("  unverified")
    code = run(folder, "scores", "export", str(table)).stdout.strip()
    verified = fits(run(folder, "scores", "verify", code), code=1)  # Ann's is unverified
    assert verified[1] == f"  deal {seed}"
    assert verified[-1] == "      no game record, so it cannot be replayed"  # under the name
    friend = folder.parent / "friend"
    dry = fits(run(friend, "scores", "import", "--dry-run", code))
    assert dry[-3].endswith("  added #1") and dry[-2].endswith("  added #2")
    # An entry without its game (from an old code) says so under its row: beside a name of 24
    # columns, after "already there #2", it took 84 columns.
    assert dry[-1] == "      unverified: no game record, so it cannot be replayed"
    assert not friend.exists()
    fits(run(friend, "scores", "import", code))
    again = fits(run(friend, "scores", "import", code))
    assert again[-3].endswith("  already there #1") and again[-2].endswith("  already there #2")
    assert again[-1] == dry[-1]
    assert [line for line in again if str(seed) in line] == [f"  deal {seed}"]
    removed = fits(run(folder, "scores", "remove", "--yes", str(table), "1"))
    assert " ".join(removed) == (
        f"removed entry 1 of {table}: {WIDEST_NAME}, {game.score}, deal {seed}"
    )


def test_a_deal_tables_row_names_a_seed_that_is_not_its_deal(folder: Path) -> None:
    """A table of one deal leaves the seed out of its rows, but for an entry of another deal
    (a file edited by hand), which its row names, after its verdict; the deal named above the
    rows is the one its entries hold up on."""
    day, seed = a_day_with_a_long_deal()
    table = TableId.lines(9).daily(day)
    store = open_store(folder)
    store.add_player("Ann")
    store.add_player("Bob")
    started = day_start(day) + 3_600
    assert store.record_lines("Ann", table, 20, 42, started, started + 60)
    assert store.record_lines("Bob", table, 10, seed, started, started + 60)
    shown = run(folder, "scores", "show", str(table)).stdout.splitlines()
    assert shown[1] == f"  deal {seed}"
    assert shown[2].split()[-2:] == ["verdict", "seed"]
    assert shown[3].split()[-2:] == ["refuted", "42"]
    assert shown[4].split()[-1] == "unverified"


def test_the_players_lines_fit_80_columns(folder: Path) -> None:
    """Nobody registered took 83 columns; the hint of `players add` 82 and more, its command
    inside the sentence: it has a line of its own now, whole, to copy."""
    assert fits_80(run(folder, "players").stdout)
    run(folder, "players", "add", "Ann")  # the first player plays at once: no hint
    added = run(folder, "players", "add", WIDEST_NAME).stdout
    assert fits_80(added)
    assert added.splitlines() == [
        f"registered {WIDEST_NAME}; to make them the active player:",
        f"  lines-tui players use '{WIDEST_NAME}'",
    ]


def fits_80(text: str) -> bool:
    return max(cell_len(line) for line in text.splitlines()) <= 80


def test_a_dry_run_judges_each_code_after_the_ones_before_it(folder: Path) -> None:
    """As the import merges them: an entry two codes bring is added once, then already there.
    (It gave one code twice, now told as such: "code 2: the same as code 1".)"""
    pal = Entry("Pal", 500, int(START), 1)
    code = encode(TableId.lines(9), [pal])
    more = encode(TableId.lines(9), [pal, Entry("Bo", 400, int(START), 2)])
    dry = run(folder, "scores", "import", "--dry-run", code, more)
    assert [line for line in dry.stdout.splitlines() if not line.startswith(" ")] == [
        "Lines 9 x 9 (lines-9) (dry run, nothing saved): 1 added",
        "Lines 9 x 9 (lines-9) (dry run, nothing saved): 1 added, 1 already there",
    ]
    assert dry.exit_code == 0 and not folder.exists()
    damaged = code[:-1] + ("0" if code[-1] != "0" else "1")
    refused(run(folder, "scores", "import", "--dry-run", code, damaged), "damaged")


def test_an_import_report_keeps_its_columns_past_entry_9(folder: Path) -> None:
    entries = [Entry(f"P{n}", 1000 - n, int(START), n) for n in range(10)]
    report = run(folder, "scores", "import", "--dry-run", encode(TableId.lines(9), entries))
    rows = report.stdout.splitlines()[1::2]  # each followed by "unverified: …" (no record)
    assert [row.split()[0] for row in rows] == [str(n) for n in range(1, 11)]
    assert len({row.index(" P") for row in rows}) == 1


def test_a_text_too_long_to_read_whole_is_refused_not_read_in_part(folder: Path) -> None:
    """Codes past the 64th were left out without a word (exit 0), and a code past the first
    32,768 characters was "no share code found"."""
    code = encode(TableId.lines(9), [Entry("Pal", 500, int(START), 1)])
    many = run(folder, "scores", "import", "-", stdin=" ".join([code] * 70))
    refused(many, "every code after the first 64 would go unread")
    late = run(folder, "scores", "verify", "-", stdin="x" * 40_000 + " " + code)
    refused(late, "all after its first 32,768 characters would go unread")
    assert not folder.exists()


def test_hostile_names_in_an_imported_code_never_reach_the_terminal_raw(folder: Path) -> None:
    code = encode(
        TableId.lines(9),
        [Entry("\x1b[31mred\x1b[0m", 5, int(START), 1), Entry("\u202eevil", 6, int(START), 2)],
    )
    result = run(folder, "scores", "import", code)
    assert result.exit_code == 1  # both names rejected: nothing merged
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "'\\x1b[31mred\\x1b[0m'" in result.stdout and "2 rejected" in result.stdout


def test_a_corrupt_data_file_is_reported_in_one_line_and_the_command_still_works(
    folder: Path,
) -> None:
    folder.mkdir()
    (folder / "scores.json").write_text("\x1b[2J not json")
    result = run(folder, "players", "add", "Ann")
    assert result.exit_code == 0
    (warning,) = result.stderr.splitlines()
    assert "kept it untouched as" in warning and "\x1b" not in warning
    assert run(folder, "players").stdout == "* Ann\n"  # the first player plays


def test_a_bad_code_among_several_merges_none_of_them(folder: Path) -> None:
    good = encode(TableId.lines(9), [Entry("Ann", 120, int(START), 1)])
    damaged = encode(TableId.lines(7), [Entry("Bob", 80, int(START), 2)])[:-2] + "00"
    refused(run(folder, "scores", "import", f"{good}\n{damaged}"), "damaged")
    assert open_store(folder).tables() == {}
    result = run(folder, "scores", "import", f"{good}\n{good}")
    assert result.exit_code == 0, result.output
    assert [entry.name for entry in open_store(folder).table("lines-9")] == ["Ann"]


def test_show_prints_the_table_and_why_it_has_no_code(folder: Path) -> None:
    """It printed why on standard error with exit code 2, bad input's, after showing the table
    it was asked for: `show` succeeds, saying why as the leaderboard does ("No share code: …");
    `export`, asked for the code, is refused."""
    store = open_store(folder)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    # The record of deal 1 filed under deal 2, as a data file edited by hand may hold it.
    store.record_lines("Ann", 7, game.score, 2, START, START + 60, record_of_lines(game))
    result = run(folder, "scores", "show", "lines-7")
    assert result.exit_code == 0 and result.stderr == ""
    *rows, last = result.stdout.splitlines()
    assert "Ann" in rows[-1] and rows[-1].endswith("refuted  2")
    assert last.startswith("no share code: lines-7 cannot be shared, entry 1 is refuted: ")
    refused(run(folder, "scores", "export", "lines-7"), "cannot be shared")


def test_there_is_no_entry_0_to_challenge_with(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    store.record_lines("Ann", 9, 120, 1, START, START + 60)
    refused(
        run(folder, "scores", "export", "lines-9", "--entry", "0", "--challenge"),
        "0 is not in the range x>=1.",
    )


def test_a_saved_game_that_cannot_be_read_stops_no_other_command(folder: Path) -> None:
    """A folder where saved-mahjong.json belongs (or a file denied to the user) stopped every
    command, and the app, before anything else was read."""
    folder.mkdir()
    (folder / "saved-mahjong.json").mkdir()
    assert run(folder, "players", "add", "Ann").exit_code == 0
    listed = run(folder, "players", "list")
    assert listed.exit_code == 0 and "Ann" in listed.stdout


def test_commands_that_need_the_scores_refuse_in_one_line_when_they_cannot_be_read(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app starts without them (tests/test_ui_app_shell.py), but a command about scores or
    players, or a game for a `--player`, cannot do its work: it says why and changes nothing.
    (The game is given a terminal: without one it is refused for that first, reading nothing.)"""
    monkeypatch.setattr("lines_tui.commands.start.require_terminal", lambda: None)
    folder.mkdir()
    (folder / "scores.json").mkdir()
    for command in (
        ["scores"],
        ["players"],
        ["players", "add", "Ann"],
        ["--player", "Ann", "lines"],
        ["--player", "Ann", "layouts"],
    ):
        result = run(folder, *command)
        refused(result, "scores.json is a folder, not a regular file")
        assert "register" not in result.stderr  # the file is the trouble, not the name
    assert list((folder / "scores.json").iterdir()) == []


def test_an_entry_of_yours_an_import_drops_claims_no_verdict(folder: Path) -> None:
    """Its label came from whether it had a record, so one edited by hand (refuted) read
    "verified" as the import pushed it out."""
    games = [played_lines_game(seed, size=7) for seed in range(1, 20)]
    mine, *others = [game for game in games if game.score > 0]
    store = open_store(folder)
    store.add_player("Ann")
    store.record_lines("Ann", 7, mine.score, mine.seed, START, START + 60, record_of_lines(mine))
    scores = folder / "scores.json"
    scores.write_text(scores.read_text().replace(f'"points": {mine.score},', '"points": 1,'))
    theirs = [
        Entry(f"P{game.seed}", game.score, int(START), game.seed, record_of_lines(game))
        for game in others[:10]
    ]
    code = codes.encode(TableId.lines(7), theirs)  # format 2: the games go with it
    report = run(folder, "scores", "import", "--dry-run", code)
    (dropped,) = [line for line in report.stdout.splitlines() if "dropped" in line]
    assert "Ann" in dropped and not dropped.rstrip().endswith("verified")


LIST_HINT = "`lines-tui scores` lists the tables with results"


@pytest.mark.parametrize(
    ("table", "nearest"),
    [
        ("mahjong-turtel", "did you mean mahjong-turtle?"),
        ("Mahjong-Pagod+deal-7", "did you mean mahjong-pagoda+deal-7?"),
        ("mahjong-xyzzy", "(`lines-tui"),  # nothing near: only how to list them
    ],
)
def test_a_table_id_nothing_here_feeds_is_refused_by_show_and_export_alike(
    folder: Path, table: str, nearest: str
) -> None:
    """`scores show mahjong-turtel` printed an empty table with exit 0, while `export` said the
    table had no entries: both now refuse the typo in the same one line."""
    open_store(folder).record_mahjong("Zoë", "turtle", 312.44, 7, START)
    shown = run(folder, "scores", "show", table)
    refused(shown, nearest)
    assert LIST_HINT in shown.stderr and shown.stdout == ""
    for export in (["export", table], ["export", table, "--challenge"]):
        assert run(folder, "scores", *export).stderr == shown.stderr


def test_a_known_table_with_no_results_yet_still_shows_empty(
    home: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A built-in layout nobody played, an installed one (by its hashed table name), and a
    layout known only by its results here (a friend's, imported): each a table, of any mode."""
    install_layouts(monkeypatch, home, ["Steps"])
    (steps,) = installed_layouts()
    open_store(folder).record_mahjong("Zoë", "gone-0123abcd", 312.44, 7, START)
    for table in (
        "mahjong-lantern",
        "mahjong-meadow+deal-12",
        "lines-15+daily-2026-01-02",
        f"mahjong-{layout_table_name(steps)}",
        "mahjong-gone-0123abcd+deal-3",
    ):
        result = run(folder, "scores", "show", table)
        assert result.exit_code == 0, (table, result.stderr)
        assert result.stdout.splitlines()[1:] == ["  no results yet"], table
        refused(run(folder, "scores", "export", table), "has no entries yet")
    shown = run(folder, "scores", "show", "mahjong-layout0")  # its name, not its table's
    refused(shown, f"did you mean mahjong-{layout_table_name(steps)}?")


@pytest.mark.parametrize("command", [["scores", "import", "-"], ["scores", "verify", "-"]])
@pytest.mark.parametrize("piped", ["", " \n\n"])
def test_an_empty_standard_input_is_said_to_be_empty(
    tmp_path: Path, command: list[str], piped: str
) -> None:
    """`lines-tui scores import - </dev/null` said "no share code found in the text", as though
    some text had come."""
    refused(
        run(tmp_path, *command, stdin=piped),
        "standard input is empty; give the code on the command line",
    )
    assert open_store(tmp_path).tables() == {}


@pytest.mark.parametrize("command", [["scores", "import", "-"], ["scores", "verify", "-"]])
def test_a_dash_on_a_terminal_says_to_paste_then_press_ctrl_d(
    tmp_path: Path, command: list[str]
) -> None:
    """`scores import -` typed at a terminal waited on a blank line, looking hung: the player
    could not know that it reads a paste until ctrl+d."""
    main, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [*lines_tui_command(), "--data-dir", str(tmp_path), *command],
            stdin=terminal,
            stderr=terminal,
            stdout=subprocess.DEVNULL,
        )
        said = b""
        while PASTE_THEN_END.encode() not in said:
            ready, _, _ = select.select([main], [], [], 60)
            assert ready, said
            said += os.read(main, 1024)
        os.write(main, b"\x04")  # ctrl+d at once: nothing pasted
        assert process.wait(timeout=60) == 2
        while select.select([main], [], [], 1)[0]:
            said += os.read(main, 1024)
    finally:
        os.close(main)
        os.close(terminal)
    assert b"standard input is empty" in said
    assert len(f"lines-tui: {PASTE_THEN_END}") <= 80  # one line on an 80-column terminal
    assert open_store(tmp_path).tables() == {}


@pytest.mark.parametrize(
    "command",
    [["scores", "import", "-"], ["scores", "import", "--dry-run", "-"], ["scores", "verify", "-"]],
)
def test_of_several_codes_the_one_that_cannot_be_read_is_named(
    tmp_path: Path, command: list[str]
) -> None:
    """With ten codes piped in, "the share code is damaged" did not say which one to fix."""
    good = encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
    other = encode(TableId.lines(7), [Entry("Bo", 99, FIRST_DATE + 5, 1)])
    damaged = other[:-1] + ("0" if other[-1] != "0" else "1")
    result = run(tmp_path, *command, stdin=f"{good}\n{damaged}\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "lines-tui: code 2: the share code is damaged: a character was changed or moved, or a "
        "part is missing"
    )
    assert result.stdout == ""  # `verify` printed the first code's verdicts, then refused
    assert open_store(tmp_path).tables() == {}


@pytest.mark.parametrize(
    "command", [["scores", "import"], ["scores", "import", "--dry-run"], ["scores", "verify"]]
)
@pytest.mark.parametrize("words", [["-", "{code}"], ["{code}", "-"], ["-", "-"]])
def test_a_dash_among_other_words_is_refused_not_read_as_text(
    folder: Path, command: list[str], words: list[str]
) -> None:
    """`scores import CODE -` read the `-` as text: the code piped in went unread without a
    word. `-` reads standard input alone; among other words it is refused, nothing written."""
    code = encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
    piped = encode(TableId.lines(7), [Entry("Bo", 99, FIRST_DATE + 5, 1)])
    given = [word.format(code=code) for word in words]
    result = run(folder, *command, *given, stdin=piped)
    refused(result, "- reads the codes from standard input and takes no other word with it")
    assert result.stdout == ""
    assert not folder.exists()


def test_a_dash_inside_a_quoted_text_is_part_of_the_text(folder: Path) -> None:
    code = encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
    result = run(folder, "scores", "import", f"here it is - {code} - beat it")
    assert result.exit_code == 0, result.stderr
    assert open_store(folder).tables() != {}


@pytest.mark.parametrize(
    "command",
    [
        ("scores",),
        ("scores", "show", "lines-9"),
        ("scores", "export", "lines-9"),
        ("scores", "remove", "mahjong-turtle", "1", "--yes"),
    ],
)
def test_a_store_failing_after_it_opened_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    """Another lines-tui holding the data folder past the wait, between the store's opening
    and a command's read of its tables, printed a traceback and exit code 1."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.record_lines("Ann", 9, 50, 1, 1_767_225_600.0, 1_767_225_700.0)

    def busy(*args: object) -> object:
        raise StoreError(BUSY)

    monkeypatch.setattr(Store, "tables", busy)
    monkeypatch.setattr(Store, "checked_table", busy)
    refused(run(tmp_path, *command), BUSY)

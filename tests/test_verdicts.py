"""One verdict on a stored entry for everything that uses it (README, "Every entry carries its
game"): an entry whose moves are legal but whose claim its replay contradicts (a scores.json
edited by hand) is "refuted" by `scores show`, so it is not exported, not a challenge, not marked
verified on the leaderboard, and not watched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    answered,
    held_call,
    make_app,
    played_lines_game,
    settle,
    widget_lines,
    won_mahjong_game,
)
from rich.text import Text
from test_ui_records import GUEST_NOT_SAVED, lines_7_board
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.engine.deal_choice import CHOSEN
from lines_tui.store import StoreError, open_store
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.store.tables import TableId
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.replay import ReplayScreen
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.status_line import StatusLine


def run(folder: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["--data-dir", str(folder), *args])


def edited(folder: Path, table: str, name: str, field: str, value: int) -> None:
    """`name`'s entry in `table` of scores.json claims `value` as its `field`, by hand."""
    path = folder / "scores.json"
    document = json.loads(path.read_text())
    (row,) = [row for row in document["tables"][table] if row["name"] == name]
    row[field] = value
    path.write_text(json.dumps(document))


def lines_tables(folder: Path, claimed: int) -> None:
    """Lines 7 x 7: Ann's honest game, and Cheat's game (legal moves) claiming `claimed`
    points."""
    store = open_store(folder)
    for name, seed in (("Ann", 1), ("Cheat", 2)):
        store.add_player(name)
        game = played_lines_game(seed, size=7)
        store.record_lines(
            name, 7, game.score, seed, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game)
        )
    edited(folder, "lines-7", "Cheat", "points", claimed)


def refused(result: Result, *reasons: str) -> None:
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith("lines-tui: ") and result.stderr.count("\n") == 1
    for reason in reasons:
        assert reason in result.stderr, result.stderr


def rank_of(folder: Path, name: str) -> str:
    return str(1 + [entry.name for entry in open_store(folder).table("lines-7")].index(name))


@pytest.mark.parametrize("entry", [None, "cheat"])
def test_a_refuted_lines_entry_blocks_the_export_in_one_line(
    tmp_path: Path, entry: str | None
) -> None:
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    before = (folder / "scores.json").read_bytes()
    shown = run(folder, "scores", "show", "lines-7")
    # The verdict, then the seed: deal 2.
    assert any(
        line.split()[-2:] == ["refuted", "2"]
        for line in shown.stdout.splitlines()
        if "Cheat" in line
    )
    args = [] if entry is None else ["--entry", rank_of(folder, "Cheat")]
    refused(
        run(folder, "scores", "export", "lines-7", *args),
        "lines-7 cannot be shared, entry ",
        " is refuted: the game scores ",
        "not 9000",
    )
    assert (folder / "scores.json").read_bytes() == before


def test_a_refuted_entry_is_no_challenge_and_an_honest_one_still_is(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    cheat = rank_of(folder, "Cheat")
    refused(
        run(folder, "scores", "export", "lines-7", "--entry", cheat, "--challenge"),
        f"entry {cheat} cannot be a challenge: it is refuted: the game scores ",
    )
    honest = run(folder, "scores", "export", "lines-7", "--entry", rank_of(folder, "Ann"))
    assert honest.exit_code == 0 and honest.stdout.startswith("LT2-")


def test_a_mahjong_time_no_person_reaches_blocks_the_export(tmp_path: Path) -> None:
    """A replay cannot prove the clock (README, "What verified proves"), but a time under the
    floor of 0.1 s a pair is refuted, whether it is imported or edited into the file."""
    folder = tmp_path / "data"
    win = won_mahjong_game("turtle", 1)
    open_store(folder).record_mahjong("Bob", "turtle", 144.0, 1, FIXED_NOW, record_of_mahjong(win))
    assert run(folder, "scores", "export", "mahjong-turtle").exit_code == 0
    edited(folder, "mahjong-turtle", "Bob", "tenths", 70)
    refused(
        run(folder, "scores", "export", "mahjong-turtle"),
        "entry 1 is refuted: 7 s for 72 pairs, under 0.1 s a pair: too fast",
    )
    shown = run(folder, "scores", "show", "mahjong-turtle")
    assert any(line.split()[-2] == "refuted" for line in shown.stdout.splitlines() if "Bob" in line)


def text_of(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def cells(board: LeaderboardScreen) -> list[list[str]]:
    grid: DataTable[Any] = board.query_one(DataTable)
    return [
        [c.plain if isinstance(c, Text) else str(c) for c in grid.get_row_at(row)]
        for row in range(grid.row_count)
    ]


async def cursor_on(pilot: Pilot[None], board: LeaderboardScreen, name: str) -> None:
    """Move the leaderboard's cursor down to `name`'s entry."""
    row = [row[2] for row in cells(board)].index(name)
    await pilot.press(*["down"] * row)


async def test_the_leaderboard_marks_a_refuted_entry_and_will_not_play_it_back(
    tmp_path: Path,
) -> None:
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    notices: list[str] = []
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app, LinesTuiApp)
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        marks = {row[2]: row[1] for row in cells(board)}
        assert marks == {"Cheat": "✗", "Ann": "✓"}
        assert "✗ refuted" in text_of(board.query_one("#board-legend", Static))
        assert board.code == ""  # the table cannot be shared while the refuted entry is in it
        code_line = text_of(board.query_one("#board-code", Static))
        assert "cannot be shared, entry" in code_line and "is refuted" in code_line
        await cursor_on(pilot, board, "Cheat")
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is board
        await pilot.press("x")
        await settle(pilot)
        assert app.screen is board
        watch, challenge = notices
        assert watch.startswith("Nothing to watch: this entry is refuted: the game scores ")
        assert challenge.startswith("Nothing to challenge with: this entry is refuted: ")
        assert app.clipboard == ""


async def test_an_honest_entry_beside_a_refuted_one_still_plays_back(tmp_path: Path) -> None:
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot)
        await cursor_on(pilot, board, "Ann")
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)


@pytest.fixture
def no_replay_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine on which the import budget is spent before the first replay ends (as ten long
    15 x 15 games spend it): what your own tables show must not depend on it."""
    monkeypatch.setattr("lines_tui.store.verify.IMPORT_SECONDS", 0.0)


def test_your_own_tables_are_replayed_whole_whatever_the_import_budget(
    tmp_path: Path, no_replay_time: None
) -> None:
    """The import budget decided the verdicts on your own tables: long honest games came out
    "unchecked" (not watched, no challenge), and a forged entry behind them was not refuted,
    so its code was exported."""
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    verdicts = {
        line.split()[1]: line.split()[-2]  # the verdict, then the seed
        for line in run(folder, "scores", "show", "lines-7").stdout.splitlines()[2:4]
    }
    assert verdicts == {"Ann": "verified", "Cheat": "refuted"}
    honest = run(folder, "scores", "export", "lines-7", "--entry", rank_of(folder, "Ann"))
    assert honest.exit_code == 0 and honest.stdout.startswith("LT2-")
    refused(
        run(folder, "scores", "export", "lines-7", "--entry", rank_of(folder, "Cheat")),
        " is refuted: the game scores ",
    )


async def test_the_leaderboard_replays_your_table_whole_whatever_the_import_budget(
    tmp_path: Path, no_replay_time: None
) -> None:
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot)
        assert {row[2]: row[1] for row in cells(board)} == {"Cheat": "✗", "Ann": "✓"}


async def test_a_deal_s_game_names_to_beat_the_best_result_that_holds_up(tmp_path: Path) -> None:
    """It named the table's first entry: a forged one, refuted everywhere else."""
    store = open_store(tmp_path)
    deal_table = TableId.lines(7).for_deal(1)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    store.record_lines(
        "Ann", deal_table, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game)
    )
    # Cheat's entry, by hand: Ann's game claiming 99,999 points (the same game twice is
    # filed once, so it is written into the file).
    path = tmp_path / "scores.json"
    document = json.loads(path.read_text())
    (ann,) = document["tables"][str(deal_table)]
    document["tables"][str(deal_table)].append({**ann, "name": "Cheat", "points": 99_999})
    path.write_text(json.dumps(document))
    honest = game.score
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app, LinesTuiApp)
        app.lines_starts.start(1, 7, CHOSEN)
        await settle(pilot)
        said = app.screen.query_one(StatusLine).message
        assert said == f"To beat: {honest} by Ann.{GUEST_NOT_SAVED}"  # a guest plays


def test_the_overview_names_as_best_the_first_result_that_is_not_refuted(tmp_path: Path) -> None:
    """It named the forged 9,000 points, which `scores show` calls refuted."""
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    honest = played_lines_game(1, size=7).score
    # Then each deal's table (lines-7+deal-1, +deal-2), which counts its random deal's result.
    line = run(folder, "scores").stdout.splitlines()[1]  # under the header
    assert line.split() == ["lines-7", "2", str(honest), "Ann"]
    edited(folder, "lines-7", "Ann", "points", 8_000)
    line = run(folder, "scores").stdout.splitlines()[1]
    assert line.split()[:3] == ["lines-7", "2", "-"] and line.endswith("(no result holds up)")


def test_the_overview_says_when_a_tables_best_is_unverified(tmp_path: Path) -> None:
    """A review imported a hand-made format 1 code, Bob with 999,999 points and no game, into
    an empty table: the overview named him best as if proved (the leaderboard marks him `?`).
    A verified result ranks first, so he is best only while none is there."""
    folder = tmp_path / "data"
    store = open_store(folder)
    store.add_player("Bob")
    store.record_lines("Bob", 7, 999_999, 2, FIXED_NOW, FIXED_NOW + 60)  # no game: unverified
    line = run(folder, "scores").stdout.splitlines()[1]
    assert line.split() == ["lines-7", "1", "999999", "Bob", "(unverified)"]
    game = played_lines_game(1, size=7)
    store.record_lines("Bob", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    line = run(folder, "scores").stdout.splitlines()[1]
    assert line.split() == ["lines-7", "2", str(game.score), "Bob"]


def test_removing_a_refuted_entry_lets_its_table_be_shared_again(tmp_path: Path) -> None:
    """A refuted entry blocks its table's code until it is removed, and nothing but editing
    the file removed it."""
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    store = open_store(folder)
    (cheat,) = [entry for entry in store.table("lines-7") if entry.name == "Cheat"]
    store.remove_entry("lines-7", cheat)
    assert [entry.name for entry in store.table("lines-7")] == ["Ann"]
    assert run(folder, "scores", "export", "lines-7").stdout.startswith("LT2-")
    before = (folder / "scores.json").read_bytes()
    with pytest.raises(StoreError, match="that result is no longer in Lines 7 x 7"):
        store.remove_entry("lines-7", cheat)
    assert (folder / "scores.json").read_bytes() == before


@pytest.mark.parametrize("removed_from", ["random", "deal"])
def test_a_random_deal_s_result_removed_is_gone_from_its_deal_s_table_too(
    tmp_path: Path, removed_from: str
) -> None:
    """A deal's table counts the random-deal table's results of that deal: removed from one
    table only, the result stayed in the other."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    random_table = TableId.lines(7)
    deal_table = random_table.for_deal(1)
    store.record_lines("Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    (entry,) = store.table(deal_table)
    chosen = random_table if removed_from == "random" else deal_table
    # What the question before the removal names (the deal's table is listed nowhere).
    assert store.counted_in(chosen, entry) == (
        chosen,
        ({random_table, deal_table} - {chosen}).pop(),
    )
    # Only the random-deal table holds it, but the deal's table read it from there: it is
    # gone from both, and both are named.
    assert store.remove_entry(chosen, entry) == (
        chosen,
        deal_table if chosen == random_table else random_table,
    )
    assert store.table(random_table) == () and store.table(deal_table) == ()


async def test_removing_a_random_deal_s_result_from_its_deal_s_table_asks_for_both(
    tmp_path: Path,
) -> None:
    """The question named the deal's table only, and the result went from the random-deal
    table too, unasked."""
    store = open_store(tmp_path)
    game = played_lines_game(1, size=7)
    # Ann played deal 1 as a random deal; Bo raced her on it, for the deal's table.
    for name, table in (("Ann", TableId.lines(7)), ("Bo", TableId.lines(7).for_deal(1))):
        store.add_player(name)
        record = record_of_lines(game)
        store.record_lines(name, table, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app, LinesTuiApp)
        app.score_screens.open_leaderboards("lines-7+deal-1")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        await cursor_on(pilot, board, "Ann")
        await pilot.press("d")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        asked = " ".join(widget_lines(question.query_one(".dialog-text")))
        assert "from Lines 7 x 7, deal 1 and from Lines 7 x 7?" in " ".join(asked.split())
    folder = tmp_path
    ann = [entry.name for entry in open_store(folder).table("lines-7+deal-1")].index("Ann") + 1
    removed = run(folder, "scores", "remove", "--yes", "lines-7+deal-1", str(ann))
    said = removed.stdout.splitlines()  # in lines of at most 80 columns
    assert max(len(line) for line in said) <= 80
    assert " ".join(said).startswith(
        f"removed entry {ann} of lines-7+deal-1 (and from lines-7, where it counts too): Ann, "
    )


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_removing_one_player_s_random_deal_result_asks_for_its_deal_s_table_too(
    tmp_path: Path, kind: str
) -> None:
    """The question named the tables the leaderboard lists, and a deal's table of one player's
    random deal is listed nowhere: "Remove #1 (Cleo, 5120 points) from Lines 9 x 9?", then
    "Removed … from Lines 9 x 9 and from Lines 9 x 9, deal 902." (Mahjong's question named
    both only where the deal's table was listed, raced.)"""
    store = open_store(tmp_path)
    store.add_player("Ann")
    if kind == "lines":
        game = played_lines_game(1, size=7)
        store.record_lines(
            "Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game)
        )
        table, both = "lines-7", "Lines 7 x 7 and from Lines 7 x 7, deal 1"
    else:
        won = record_of_mahjong(won_mahjong_game("lantern", 5))
        store.record_mahjong("Ann", "lantern", 300.0, 5, FIXED_NOW, won)
        table, both = "mahjong-lantern", "Lantern and from Lantern, deal 5"
    assert [str(listed) for listed in store.snapshot().tables] == [table]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app, LinesTuiApp)
        app.score_screens.open_leaderboards(table)
        await settle(pilot)
        board = app.screen
        await pilot.press("d")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        asked = " ".join(" ".join(widget_lines(question.query_one(".dialog-text"))).split())
        assert "(Ann, " in asked and f") from {both}? This cannot be undone." in asked
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is board
        told = " ".join(widget_lines(board.query_one(StatusLine)))
        assert f"from {both}." in " ".join(told.split())
    assert open_store(tmp_path).table(f"{table}+deal-{1 if kind == 'lines' else 5}") == ()


async def test_the_remove_question_comes_only_over_its_leaderboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """d reads the tables that count the entry before it asks, behind the table's replays or
    another copy's lock: a key pressed meanwhile (? for help, i for Import, w to watch) opened
    its screen, and the question came over it, where y removed the entry out of sight."""
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot)
        await cursor_on(pilot, board, "Cheat")
        held = held_call(app, monkeypatch, "counted_in")  # d's read before its question
        await pilot.press("d")
        await pilot.press("question_mark")
        await pilot.pause()
        helped = app.screen
        assert helped is not board
        held.set()
        await app.session.io.idle()
        await settle(pilot)
        assert app.screen is helped and not isinstance(helped, ConfirmScreen)
    assert "Cheat" in [entry.name for entry in open_store(tmp_path).table("lines-7")]


async def test_keys_typed_on_with_d_are_dropped_as_its_question_drops_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`d x` in one burst: x acted under the question, still being read, its challenge code
    shown and its notice in a corner beside the question."""
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot)
        await cursor_on(pilot, board, "Ann")  # verified: x gives its code
        held = held_call(app, monkeypatch, "counted_in")  # d's read before its question
        label = " ".join(widget_lines(board.query_one("#board-code-label")))
        await pilot.press("d", "x")
        held.set()
        await app.session.io.idle()
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert " ".join(widget_lines(board.query_one("#board-code-label"))) == label
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("x")  # the keys act again once the question is answered
        await settle(pilot)
        assert "Challenge code" in " ".join(widget_lines(board.query_one("#board-code-label")))


async def test_the_leaderboard_removes_the_entry_under_the_cursor_once_asked(
    tmp_path: Path,
) -> None:
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await lines_7_board(pilot)
        await cursor_on(pilot, board, "Cheat")
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: nothing changes
        await settle(pilot)
        assert sorted(row[2] for row in cells(board)) == ["Ann", "Cheat"]
        await answered(pilot, "d", "y")
        await settle(pilot)
        assert app.screen is board
        assert [row[2] for row in cells(board)] == ["Ann"]
        assert board.code.startswith("LT2-")
    assert [entry.name for entry in open_store(tmp_path).table("lines-7")] == ["Ann"]


def test_scores_remove_takes_entry_n_out_and_refuses_a_number_not_there(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    lines_tables(folder, 9_000)
    before = (folder / "scores.json").read_bytes()
    refused(run(folder, "scores", "remove", "lines-7", "3"), "lines-7 has entries 1 to 2, not 3")
    refused(run(folder, "scores", "remove", "lines-9", "1"), "lines-9 has no entries yet")
    assert (folder / "scores.json").read_bytes() == before
    cheat = rank_of(folder, "Cheat")
    # A result removed is lost: with no terminal to ask on, only --yes removes it.
    refused(run(folder, "scores", "remove", "lines-7", cheat), "no terminal to ask on; --yes")
    assert (folder / "scores.json").read_bytes() == before
    removed = run(folder, "scores", "remove", "lines-7", cheat, "--yes")
    assert removed.exit_code == 0
    # Its deal's table shows it too (it reads lines-7's results of deal 2): it goes from there.
    assert removed.stdout == (  # in lines of at most 80 columns
        f"removed entry {cheat} of lines-7 (and from lines-7+deal-2, where it counts too):\n"
        "Cheat, 9000, deal 2\n"
    )
    assert run(folder, "scores", "show", "lines-7+deal-2").stdout.count("Cheat") == 0
    assert run(folder, "scores", "export", "lines-7").stdout.startswith("LT2-")
    # One entry left: "entries 1 to 1" read oddly.
    refused(run(folder, "scores", "remove", "lines-7", "2"), "lines-7 has only entry 1, not 2")

"""`lines-tui layouts` and `lines-tui deal`: output, and one-line refusals with exit code 2."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import MAHJONG_FIXTURES, install_layouts
from rich.cells import cell_len
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.position import Position


@pytest.fixture
def runner(home: Path) -> CliRunner:
    """No layouts installed on this machine unless a test puts them there (`home`)."""
    return CliRunner()


def test_layouts_lists_builtin_and_installed(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    for name in ("steps.layout", "steps.desktop", "odd_count.layout"):
        shutil.copy(MAHJONG_FIXTURES / name, folder / name)
    (tmp_path / "share" / "gnome-mahjongg" / "maps").mkdir(parents=True)
    shutil.copy(MAHJONG_FIXTURES / "one_map.map", tmp_path / "share" / "gnome-mahjongg" / "maps")
    result = runner.invoke(app, ["layouts"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["NAME", "TILES", "SIZE", "TABLE", "TITLE", "FROM"]
    assert lines[1].split() == ["turtle", "144", "15x8x5", "mahjong-turtle", "Turtle", "built-in"]
    # (the fixed flatpak and KDE 4 folders of this machine may add more after these)
    assert [line.split()[0] for line in lines[1:8]] == [
        "turtle",
        "meadow",
        "pagoda",
        "causeway",
        "lantern",
        "steps",
        "domino",
    ]
    assert lines[6].split()[:3] == ["steps", "6", "6x1x2"]
    assert re.fullmatch(r"mahjong-steps-[0-9a-f]{8}", lines[6].split()[3])
    assert lines[6].split()[4] == "Steps"
    assert "odd_count.layout: 3 tiles" in result.stderr


def test_layouts_lists_the_maps_of_a_file_that_can_be_played_and_skips_the_others(
    runner: CliRunner, tmp_path: Path
) -> None:
    maps = tmp_path / "share" / "gnome-mahjongg" / "maps"
    maps.mkdir(parents=True)
    (maps / "mine.map").write_text(
        '<mahjongg><map name="Easy"><row left="0" right="3" y="0"/></map>'
        '<map name="Zero"></map></mahjongg>'
    )
    result = runner.invoke(app, ["layouts"])
    assert result.exit_code == 0, result.output
    assert "easy" in [line.split()[0] for line in result.stdout.splitlines()]
    assert f"skipped: {maps / 'mine.map'}: line 1: map 'Zero' has 0 tiles" in result.stderr


def test_layouts_rows_fit_80_columns_for_a_layout_from_a_short_folder(
    runner: CliRunner, home: Path
) -> None:
    """Each layout's FROM, the path of its file, comes last and whole (to be copied); its rows
    fit an 80-column terminal for a file in a short folder, the home folder written `~`, as
    `--layout` takes it. (A longer path runs past 80: README, "Commands".)"""
    folder = home / "l"
    folder.mkdir()
    shutil.copy(MAHJONG_FIXTURES / "steps.layout", folder / "steps.layout")
    result = runner.invoke(app, ["layouts", "--folder", str(folder)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1].split()[0] == "steps" and lines[-1].endswith("  ~/l/steps.layout")
    assert max(cell_len(line) for line in lines) <= 80, lines
    used = runner.invoke(app, ["deal", "--layout", "~/l/steps.layout", "--seed", "1"])
    assert used.exit_code == 0, used.output  # the path as listed finds the file


def test_layouts_of_a_data_folder_say_where_its_layouts_are(runner: CliRunner, home: Path) -> None:
    """`--folder ~/.local/share` listed the built-in layouts alone, without a word: the layouts
    are in kmahjongg/layouts under it, and folders in a folder are not searched (a player
    review)."""
    data = home / "data-folder"
    (data / "kmahjongg" / "layouts").mkdir(parents=True)
    shutil.copy(MAHJONG_FIXTURES / "steps.layout", data / "kmahjongg" / "layouts")
    result = runner.invoke(app, ["layouts", "--folder", str(data)])
    assert result.exit_code == 0, result.output
    assert "steps" not in result.stdout
    assert result.stderr == (
        f"lines-tui: no layout file in {data} (folders in it are not searched): try --folder "
        f"{data / 'kmahjongg' / 'layouts'}\n"
    )
    listed = runner.invoke(app, ["layouts", "--folder", str(data / "kmahjongg" / "layouts")])
    assert "steps" in listed.stdout and listed.stderr == ""


def test_layouts_lines_up_wide_titles_and_cuts_long_ones_with_an_ellipsis(
    runner: CliRunner, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CJK character takes two cells: padding by characters pushed the FROM column over, and a
    title of 40 of them (a layout keeps 40 characters) took 80 cells; it is listed in at most
    40, a cut one ending in "…"."""
    wide = "東南西北中發白" * 4
    install_layouts(monkeypatch, home, ["麻雀の塔", wide, "Plain", "A" * 40])
    result = runner.invoke(app, ["layouts"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len({cell_len(line[: line.index(" built-in")]) for line in lines[1:6]}) == 1
    starts = {cell_len(line[: line.index("~/")]) for line in lines[6:]}  # home is ~
    assert starts == {cell_len(lines[0][: lines[0].index("FROM")])}  # FROM lines up
    assert "麻雀の塔  " in lines[6]
    assert f"  {wide[:19]}…  " in lines[7]
    assert f"  {'A' * 40}  " in lines[9]  # a title of ordinary characters is listed whole


def test_layouts_lists_long_names_whole_and_long_titles_cut(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Names past 40 characters were cut (two alike became one, and neither file's name found
    it), and a title past 40 lost its end without a sign."""
    steps = (MAHJONG_FIXTURES / "steps.layout").read_text()
    stems = ["a-very-long-layout-name-from-somewhere-else-" + end for end in ("easy", "hard")]
    for stem in stems:
        (tmp_path / f"{stem}.layout").write_text(steps)
    title = "The Great Wall of China, Seen From the Moon at Dusk"
    (tmp_path / "wall.map").write_text(
        f'<mahjongg><map name="{title}"><row left="0" right="1" y="0"/></map></mahjongg>'
    )
    result = runner.invoke(app, ["layouts", "--folder", str(tmp_path)])
    assert result.exit_code == 0, result.output
    mine = [line.split("  ") for line in result.stdout.splitlines()[6:]]
    assert [row[0].strip() for row in mine] == [
        *stems,
        "the-great-wall-of-china-seen-from-the-moon-at-dusk",
    ]
    assert "The Great Wall of China, Seen From the…" in result.stdout.splitlines()[-1]
    assert "name taken" not in result.stdout
    for name in [
        *stems,
        f"{tmp_path / 'wall.map'}#the-great-wall-of-china-seen-from-the-moon-at-dusk",
    ]:
        dealt = runner.invoke(
            app, ["deal", "--folder", str(tmp_path), "--layout", name, "--seed", "1"]
        )
        assert dealt.exit_code == 0, (name, dealt.stderr)


def test_layouts_marks_names_taken_by_another_layout(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copy(MAHJONG_FIXTURES / "steps.layout", tmp_path / "turtle.layout")
    result = runner.invoke(app, ["layouts", "--folder", str(tmp_path)])
    assert result.exit_code == 0
    assert "(name taken: use the path)" in result.stdout.splitlines()[-1]


def test_deal_prints_the_seeded_position(runner: CliRunner) -> None:
    result = runner.invoke(app, ["deal", "--layout", "Turtle", "--seed", "42"])
    assert result.exit_code == 0, result.output
    position = Position.loads(result.stdout)
    assert position == deal(find_layout("turtle"), 42)
    assert json.loads(result.stdout)["tiles"][0] == [2, 0, 0, position.faces[0]]
    again = runner.invoke(app, ["deal", "--layout", "turtle", "--seed", "42"])
    assert again.stdout == result.stdout


def test_deal_from_a_file_and_with_a_random_seed(runner: CliRunner) -> None:
    result = runner.invoke(app, ["deal", "--layout", str(MAHJONG_FIXTURES / "steps.layout")])
    assert result.exit_code == 0, result.output
    assert len(Position.loads(result.stdout).slots) == 6
    assert result.stderr.startswith("lines-tui: seed ")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["deal", "--layout", "nonesuch", "--seed", "1"], "unknown layout 'nonesuch'"),
        (["deal", "--layout", str(MAHJONG_FIXTURES / "overlap.layout"), "--seed", "1"], "overlaps"),
        (
            ["deal", "--layout", str(MAHJONG_FIXTURES / "two_maps.map"), "--seed", "1"],
            "holds 2 maps",
        ),
        (
            ["deal", "--layout", str(MAHJONG_FIXTURES / "entities.map"), "--seed", "1"],
            "document type",
        ),
        (
            ["deal", "--layout", "turtle", "--seed", "-5"],
            "'--seed': -5 is not in the range 0<=x<=18446744073709551615.",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    runner: CliRunner, arguments: list[str], message: str
) -> None:
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("lines-tui: ")


@pytest.mark.parametrize("command", ["deal", "lines", "mahjong"])
def test_every_seed_option_declares_and_checks_the_same_range(
    runner: CliRunner, command: str
) -> None:
    """`deal --seed` showed `[x<=18446744073709551615]` in its help and refused -1 in words of
    its own, where `lines` and `mahjong` show and check `[0<=x<=18446744073709551615]`."""
    shown = runner.invoke(app, [command, "--help"])
    assert shown.exit_code == 0
    seed = " ".join(shown.stdout.split()).split(" --seed N ")[1].split(" --")[0]
    assert seed.endswith(" [0<=x<=18446744073709551615]")
    for bad in ("-1", "18446744073709551616"):
        result = runner.invoke(app, [command, "--seed", bad])
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (
            f"lines-tui: Invalid value for '--seed': {bad} is not in the range "
            f"0<=x<=18446744073709551615. (see: lines-tui {command} --help)\n"
        )

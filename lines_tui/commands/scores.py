"""`lines-tui scores ...`: list the leaderboards, show one, export its share code, import one,
verify one.

Everything is printed through `say`/`warn` (common.py), so no escape sequence reaches the terminal
even from a hand-edited file, a hostile code or a damaged paste.
"""

from __future__ import annotations

import difflib
import re
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from lines_tui.commands.common import (
    STANDARD_INPUT,
    TERMINAL_COLUMNS,
    end_line,
    fail,
    is_terminal,
    piped_in,
    say,
    warn,
    watch_store_warnings,
    wrapped,
)
from lines_tui.commands.listing import (
    REASON_INDENT,
    Listing,
    ending,
    heading,
    padded,
    verdict_lines,
)
from lines_tui.commands.numbers import ENTRY_NUMBER, WholeNumber, whole_number_option
from lines_tui.commands.options import checks_player, settings
from lines_tui.commands.start import (
    LEFT_AS_IT_IS,
    check_player,
    check_registered,
    unread_players,
)
from lines_tui.engine.text_file import NotUtf8, is_a_file, utf8_text
from lines_tui.outside_text import column_width, printable, printable_column
from lines_tui.store import (
    Entry,
    EntryResult,
    FileLeftAsItIs,
    Merge,
    NotRegistered,
    Store,
    StoreError,
    TableId,
    format_value,
    open_store,
)
from lines_tui.store.errors import ShareCodeError
from lines_tui.store.paste import (
    MAX_PASTE_CHARS,
    NO_CODE,
    find_codes,
    repeats,
    same_as,
    too_long_to_read,
)
from lines_tui.store.sharecode import unwrap
from lines_tui.store.sharing import share_code
from lines_tui.store.tables import numbered_entry, parse_table

if TYPE_CHECKING:
    from lines_tui.store.verify import Checker

NOT_ALL_VERIFIED = 1
NOTHING_MERGED = 1
"""The exit code of `scores import` when none of the code's entries is in the table after it
(with --dry-run: would be): every one refuted, rejected or not good enough."""

app = typer.Typer(no_args_is_help=False, rich_markup_mode=None)

TableArgument = Annotated[
    str, typer.Argument(help="A table id as listed by `lines-tui scores`, e.g. lines-9.")
]
T = TypeVar("T")


def open_cli_store(ctx: typer.Context) -> Store:
    """The store of --data-dir (or the default), its warnings shown on stderr, one line each
    (those found later too: `watch_store_warnings`), `--player` checked to be registered."""
    options = settings(ctx)
    try:
        store = open_store(options.data_dir)
    except StoreError as error:
        fail(str(error))
    watch_store_warnings(store.warnings)
    check_registered(store, options.player)
    return store


def attempt(action: Callable[[], T], store: Store | None = None) -> T:
    """Run a store request; a refusal becomes the one-line message and exit code 2. A refusal
    by a file left as it is (from a newer lines-tui, or damaged behind a link), whose warning
    `store` printed already, is not said twice: one short line names the file and says that the
    change was not made, which the warning leaves to be read between its lines."""
    try:
        return action()
    except FileLeftAsItIs as error:
        if store is not None and str(error) in store.warnings:
            fail(nothing_changed(error.file))
        fail(str(error))
    except NotRegistered as error:
        fail((store is not None and unread_players(store, error)) or str(error))
    except StoreError as error:
        fail(str(error))


def nothing_changed(file: str) -> str:
    return f"nothing was changed: {file} {LEFT_AS_IT_IS}"


@app.callback(invoke_without_command=True)
@checks_player
def overview(ctx: typer.Context) -> None:
    """List the tables that have results."""
    if ctx.invoked_subcommand is not None:
        return
    from lines_tui.store.verify import verify as replayed  # replays records: loads the engine

    tables = open_cli_store(ctx).tables()
    if not tables:
        say("No results yet: a table appears once someone finishes a game that earns a place.")
        return
    checker = own_tables_checker()
    rows = [("TABLE", "ENTRIES", "BEST", "BY")]
    for table, entries in tables.items():
        # The best result that is not refuted (a file edited by hand): replayed until found.
        verdicts = ((entry, replayed(table, entry, checker).status) for entry in entries)
        best = next(((e, status) for e, status in verdicts if status != "refuted"), None)
        if best is None:
            rows.append((str(table), str(len(entries)), "-", "(no result holds up)"))
        else:
            entry, status = best
            # As the leaderboard marks it `?`: a result without its game proves nothing.
            by = entry.name if status != "unverified" else f"{entry.name} (unverified)"
            rows.append((str(table), str(len(entries)), format_value(table, entry.value), by))
    # Columns as wide as their longest cell: a table id is what `scores show` takes, so it is
    # never cut. The title is left to `scores show` (and the id spells it): with it, a deal of
    # the day's row took 105 columns. The name comes last, unpadded.
    widths = [column_width(row[column] for row in rows) for column in range(3)]
    for table_id, count, value, name in rows:
        say(
            f"{printable_column(table_id, widths[0])}  {count:>{widths[1]}}  "
            f"{value:>{widths[2]}}  {printable(name)}"
        )


def table_named(text: str) -> TableId:
    """The table id `text` spells (any case), refused in one line (exit 2) if it spells none:
    asked before the store is opened, as it needs no data (`known_table` asks the rest)."""
    return attempt(lambda: parse_table(text))


def known_table(store: Store, table_id: TableId) -> TableId:
    """`table_id` (`table_named`), refused in one line (exit 2) unless it is one of this
    machine's: a Lines board size, a Mahjong layout built in or installed here, or any table
    whose layout has results here (a friend's, imported). So a typo (`mahjong-turtel`) is
    refused, naming the nearest table ids, while a known table nobody played yet shows empty.
    `show` and `export` ask the same."""
    stored = {table.variant for table in store.tables() if table.kind == "mahjong"}
    if table_id.kind == "lines" or table_id.variant in stored:
        return table_id
    from lines_tui.engine.mahjong.layouts import (
        builtin_layouts,
        installed_layouts,
        layout_for_table,
        layout_table_name,
    )

    if layout_for_table(table_id.variant) is not None:
        return table_id
    # Refused: the nearest of every layout's table, to name in the refusal.
    layouts = {layout_table_name(layout) for layout in (*builtin_layouts(), *installed_layouts())}
    fail(
        f"no table '{table_id}': no layout here feeds it and it has no results "
        f"({nearest_tables(table_id, layouts | stored)}`lines-tui scores` lists the tables with "
        "results, `lines-tui layouts` every layout's table)"
    )


HASHED = re.compile(r"-[0-9a-f]{8}$")
"""The end of an installed layout's table name (`steps-1a2b3c4d`), which nobody types."""


def nearest_tables(table: TableId, variants: set[str]) -> str:
    """The words "did you mean ...? " naming the Mahjong tables of `variants` nearest `table`
    (its mode kept: `mahjong-turtel+deal-7` is near `mahjong-turtle+deal-7`), or "" if none is
    near."""
    names = {variant: variant for variant in variants}
    names.update({HASHED.sub("", variant): variant for variant in sorted(variants)})
    near = dict.fromkeys(names[name] for name in difflib.get_close_matches(table.variant, names))
    if not near:
        return ""
    shown = (str(TableId(table.kind, variant, table.mode, table.tag)) for variant in near)
    return f"did you mean {' or '.join(shown)}? "


@app.command("show")
@checks_player
def show(ctx: typer.Context, table: TableArgument) -> None:
    """Show one table, best first, with its share code."""
    table_id = table_named(table)
    store = open_cli_store(ctx)
    known_table(store, table_id)
    # "verified" only for a game replayed now: a file edited by hand says "refuted".
    checker = own_tables_checker()
    checked = store.checked_table(table_id, checker)
    say(*heading(table_id.title, f" ({table_id})", f", {table_id.order}"))
    if not checked.entries:
        say("  no results yet")
        return
    say(*verdict_lines(checked))  # numbered from 1: its places, best first
    # The table is shown whatever blocks its code (a refuted entry): why is part of it, as the
    # leaderboard says it, and the command succeeded (`export` is the one refused for it).
    try:
        say(f"share code: {share_code(checked, checker.find_layout)}")
    except StoreError as error:
        say(f"no share code: {error}")


EntryOption = Annotated[
    int | None,
    whole_number_option(
        "--entry", 1, None, "Only entry N (1 is the best), one game's code.", ENTRY_NUMBER
    ),
]
CodeArgument = Annotated[
    list[str],
    typer.Argument(
        help="The share code, or - alone to read it from standard input (a - among other "
        "words is refused: quote a text with one in it). It may sit in a pasted chat message "
        "or email reply; spaces and line breaks inside it are ignored.",
        show_default=False,
    ),
]


@app.command("export", short_help="Print a table's share code, or one entry's.")
@checks_player
def export(
    ctx: typer.Context,
    table: TableArgument,
    entry: EntryOption = None,
    challenge: Annotated[
        bool,
        typer.Option(
            "--challenge",
            help="A challenge code of the entry's deal (with --entry; default the best): a "
            "friend plays that deal with `lines-tui challenge CODE`.",
        ),
    ] = False,
) -> None:
    """Print the table's share code (or one entry's), to paste to a friend. Every entry is
    replayed first: a refuted one is not shared."""
    table_id = table_named(table)
    store = open_cli_store(ctx)
    known_table(store, table_id)
    checker = own_tables_checker()
    if challenge:
        number = 1 if entry is None else entry
        say(attempt(lambda: store.challenge_code(table_id, number, checker=checker), store))
    else:
        say(attempt(lambda: store.export_code(table_id, entry, checker=checker), store))


@app.command("remove", short_help="Remove entry N from a table, after asking.")
@checks_player
def remove(
    ctx: typer.Context,
    table: TableArgument,
    number: Annotated[
        int,
        typer.Argument(
            metavar="N",
            click_type=WholeNumber(min=1, what=ENTRY_NUMBER),
            help="The entry's place, 1 the best, as `scores show` lists it.",
        ),
    ],
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Remove without asking (for scripts).")
    ] = False,
) -> None:
    """Remove entry N from the table, after asking: a refuted one (a file edited by hand) blocks
    the table's share code until it goes. A random deal's result is one result in its deal's
    table too: it goes from both, and the output names both. Exit 1 if it was kept (any answer
    but y)."""
    table_id = table_named(table)
    store = open_cli_store(ctx)
    known_table(store, table_id)
    entry = attempt(lambda: numbered_entry(table_id, store.table(table_id), number), store)
    name, value = printable(entry.name), format_value(table_id, entry.value)
    described = f"{name}, {value}, deal {entry.seed}"
    also = counted_also_in(store, table_id, entry)
    asked = "".join(f", and from {other} where it counts too" for other in also)
    if not (yes or removal_confirmed(f"Remove entry {number} of {table_id} ({described}){asked}?")):
        say("nothing removed")
        raise SystemExit(1)
    attempt(lambda: store.remove_entry(table_id, entry), store)
    told = "".join(f" (and from {other}, where it counts too)" for other in also)
    say(*wrapped(f"removed entry {number} of {table_id}{told}: {described}"))


def counted_also_in(store: Store, table: TableId, entry: Entry) -> list[TableId]:
    """The other tables that count `entry` as one result with `table` (a deal's table counts
    its random-deal table's results of the deal; `Store.counted_in`, as the app's question
    reads them): removed, it goes from them too, and the question and the output name them."""
    return list(attempt(lambda: store.counted_in(table, entry), store)[1:])


def removal_confirmed(question: str) -> bool:
    """The player's answer to `question`, asked on the terminal (no by default). A result
    removed is lost; with no terminal to ask on, nothing is removed without --yes."""
    if not (is_terminal(sys.stdin) and is_terminal(sys.stderr)):
        fail("not removed: there is no terminal to ask on; --yes removes without asking")
    while True:
        try:
            # In lines of 80 columns, the ": " click adds after the last one counted.
            asked = "\n".join(wrapped(f"{question} [y/N]", TERMINAL_COLUMNS - 2))
            typed = typer.prompt(asked, default="", show_default=False, err=True)
        except typer.Abort:  # ctrl+d or ctrl+c at the question
            end_line()
            return False
        answer = str(typed).strip().lower()
        if answer in ("", "n", "no", "y", "yes"):
            return answer.startswith("y")
        warn("answer y to remove it or n to keep it")


GameCodeArgument = Annotated[
    list[str],
    typer.Argument(
        help="The code. It may sit in a pasted chat message or email reply; spaces and line "
        "breaks inside it are ignored. (Not - : the game reads its keys from standard input.)",
        show_default=False,
    ),
]


def game_code(code: list[str]) -> str:
    """The one code of `challenge` and `replay`, which open a game: standard input is the
    player's keys, so `-` (the code on standard input), alone or among other words, is
    refused."""
    if STANDARD_INPUT in code:
        fail(
            "the game reads its keys from standard input, so the code cannot come from there; "
            "give it on the command line"
        )
    return pasted_codes(code, from_a_file="give the code itself")[0]


def checker_now() -> Checker:
    """What a code's entries are replayed with (an import, `verify`, a challenge): the time now
    and the replay budget. (The replays load the engine, so only when entries are checked.)"""
    from lines_tui.store.verify import Checker

    return Checker(now=time.time())


def own_tables_checker() -> Checker:
    """What your own entries are replayed with (`show`, an export): whole, with no budget."""
    from lines_tui.store.verify import Checker

    return Checker.for_own_tables(time.time())


def pasted_codes(
    code: list[str], from_a_file: str = "to read its codes, use - < {file}"
) -> list[str]:
    """The codes in the words given (standard input for `-` alone); exit 2 if there is none,
    saying `from_a_file` (of the `{file}`) when a word names a file: the words are the codes,
    never a file's name, and "no share code found" alone left `scores import code.txt` a
    riddle. A `-` among other words is refused in one line: read as text it was dropped
    without a word, and read as standard input it would wait for a terminal's input in the
    middle of a pasted message (a text with a lone `-` in it is given quoted, as one word)."""
    if code == [STANDARD_INPUT]:
        text = read_standard_input()
    elif STANDARD_INPUT in code:
        fail(
            "- reads the codes from standard input and takes no other word with it: give the "
            "codes either all on the command line (quote a text with a lone - in it) or all "
            "on standard input"
        )
    else:
        text = " ".join(code)
    too_long = too_long_to_read(text)
    if too_long is not None:
        fail(too_long)
    found = find_codes(text)
    if not found:
        named = next((word for word in code if is_a_file(Path(word))), None)
        if named is not None:
            hint = from_a_file.format(file=shlex.quote(named))  # as it is typed in a shell
            fail(f"{NO_CODE}; {named} is a file, not a code: {hint}")
        fail(NO_CODE)
    return found


@app.command("import", short_help="Merge friends' share codes into your tables.")
@checks_player
def import_(
    ctx: typer.Context,
    code: CodeArgument,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only show what would be merged.")
    ] = False,
) -> None:
    """Merge a friend's table (a share code) into yours: every entry is replayed first, and
    only those whose replay confirms them (or, from old codes, marked unverified) are merged.
    Exit 0 if any of the codes' entries is in your tables after it, 1 if none is, 2 if a code
    is malformed (nothing merged)."""
    found = pasted_codes(code)
    for number, text in enumerate(found, start=1):
        try:  # the code's checksum needs no data: a damaged code is refused before it is read
            unwrap(text)
        except ShareCodeError as error:
            fail(str(error.of_code(number, len(found))))
    store = open_cli_store(ctx)
    if dry_run:
        previews = attempt(lambda: store.preview_imports(found, checker_now), store)
        for number, preview in enumerate(previews, start=1):
            if isinstance(preview, ShareCodeError):  # the import would merge none of them
                fail(str(preview.of_code(number, len(previews))))
        merges = [preview for preview in previews if isinstance(preview, Merge)]
    else:
        # All or none: a bad code among several merges none of them.
        merges = attempt(lambda: store.import_codes(found, checker_now), store)
    for number, (merged, first) in enumerate(zip(merges, repeats(found), strict=True), 1):
        if first is None:
            say(*report(merged, dry_run))
        else:  # it merges nothing more: said as such, not as "already there"
            say(f"code {number}: {same_as(first)}")
    if not any(merged.any_in_table() for merged in merges):
        # A script learns that none of the code's entries is in the table (all refuted or
        # rejected, or not good enough for it).
        raise typer.Exit(NOTHING_MERGED)


@app.command("verify", short_help="Replay a share code's entries and print verdicts.")
@checks_player
def verify(ctx: typer.Context, code: CodeArgument) -> None:
    """Replay every entry of a share code and print its verdict (verified, refuted with the
    reason, unverified). Exit 0 if every entry is verified, 1 if any is not, 2 if the code is
    malformed."""
    from lines_tui.store import codes

    all_verified = True
    texts = pasted_codes(code)
    read: list[codes.CheckedCode | int] = []  # a code given again: the number of its first
    # Every code is read before any verdict is printed: a damaged one is bad input, refused
    # in its one line with nothing on standard output, as `scores import` refuses it. A code
    # given again is judged once, and said as such, as `scores import` says it.
    for number, (text, first) in enumerate(zip(texts, repeats(texts), strict=True), start=1):
        try:
            read.append(codes.read(text, checker_now()) if first is None else first)
        except ShareCodeError as error:
            fail(str(error.of_code(number, len(texts))))
    check_player(settings(ctx))  # as every command does, once what needs no data holds
    for number, checked in enumerate(read, start=1):
        if isinstance(checked, int):
            say(f"code {number}: {same_as(checked)}")
            continue
        table = checked.table
        say(*heading(table.title, f" ({table})", f", share code format {checked.format}"))
        imported = checked.as_imported()
        say(*verdict_lines(imported, reasons=True))
        all_verified &= all(verdict.status == "verified" for verdict in imported.verdicts)
    if not all_verified:
        raise typer.Exit(NOT_ALL_VERIFIED)


END_OF_INPUT = "ctrl+z, enter" if sys.platform == "win32" else "ctrl+d"
"""The keys that end what is typed at a terminal: Windows' console reads ctrl+z, then enter."""
PASTE_THEN_END = f"reading standard input: paste the codes, then {END_OF_INPUT} on a new line"
"""Said on the terminal that `-` reads from."""


def read_standard_input() -> str:
    """The code piped in, read as bytes and decoded here: a paste in another encoding (Latin-1
    in a UTF-8 locale) is refused in one line instead of ending in a traceback."""
    most = MAX_PASTE_CHARS * 4  # bytes: a UTF-8 character takes at most 4
    # A terminal is read: a code pasted there, then ctrl+d, which the player has to be told,
    # or the command looks hung.
    if is_terminal(sys.stdin) and is_terminal(sys.stderr):
        warn(PASTE_THEN_END)
    data = piped_in(most, "give the code on the command line")
    if not data.strip():
        fail("standard input is empty; give the code on the command line")
    if len(data) > most:  # too long to be a code, whatever the bytes: the decoder says so
        return data.decode("utf-8", errors="replace")
    try:
        return utf8_text(data)
    except NotUtf8 as error:
        fail(f"standard input is {error}; a share code is ASCII")


def report(merged: Merge, dry_run: bool = False) -> list[str]:
    """What an import did: a summary line, then one row per entry of the code, numbered as in
    the code, what the merge did with it last ("added #1": its place in your table; "already
    there #3"; "not good enough"), and under the row of an entry without its game that it is
    unverified (the others merged are verified: the replay confirms them); a rejected one's line
    gives the reason ("3  rejected 'Bob': move 37 takes 5D (tile 12), which is covered"). Then a
    row for each of yours the merge pushes out ("dropped")."""
    table = merged.table
    dry = " (dry run, nothing saved)" if dry_run else ""
    lines = heading(table.title, f" ({table})", f"{dry}: {merged.summary()}")
    kept = [result for result in merged.results if result.status != "rejected"]
    listing = Listing(
        table,
        [*(result.entry for result in kept), *merged.dropped],
        trusted=(result.entry for result in kept),
    )
    lines += listing.deal_line()
    words = [*(merge_said(result) for result in kept), "dropped"]  # their column's cells
    for number, result in enumerate(merged.results, start=1):
        if result.status == "rejected":
            rejected = f"rejected '{printable(result.entry.name)}': {result.reason}"
            lines += wrapped(rejected, first=f"  {number:>2}  ", indent=REASON_INDENT)
            continue
        row = listing.row(str(number), result.entry)
        lines.append(row + ending(padded(merge_said(result), words), listing.seed(result.entry)))
        if not result.entry.recorded:
            from lines_tui.store.verify import UNVERIFIED  # replays records: loads the engine

            # Under the name, as `verify` says it: beside a name of 24 columns the row has no
            # room for it.
            lines.append(f"{REASON_INDENT}{UNVERIFIED.status}: {UNVERIFIED.reason}")
    for entry in merged.dropped:
        # One of yours, not replayed here: no verdict is claimed for it.
        row = listing.row("", entry)
        lines.append(row + ending(padded("dropped", words), listing.seed(entry)))
    return lines


def merge_said(result: EntryResult) -> str:
    """What a merge did with an entry it did not reject, as an import's row ends with it."""
    return result.status if result.rank is None else f"{result.status} #{result.rank}"

"""The command tree of `lines-tui` (typer): the menu by default, each game directly, and the tools
around them. `lines_tui.cli.main` comes here for every start but the plainest one."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, NoReturn

import typer
from typer._click.exceptions import NoSuchOption, UsageError  # typer carries its own click
from typer.core import TyperGroup

from lines_tui.commands import challenge, layouts, play, players, replay, scores, solve
from lines_tui.commands.common import (
    is_store_warning,
    output_guarded,
    say,
    tell_store_warnings,
    warn,
)
from lines_tui.commands.exit_codes import BAD_INPUT
from lines_tui.commands.options import Settings, data_dir_setting, not_utf8, player_checked_by
from lines_tui.commands.paths import path_text, takes_any_bytes
from lines_tui.commands.start import check_player, open_menu
from lines_tui.engine.visible_text import repeated
from lines_tui.store import StoreError


class NamedErrors(TyperGroup):
    """A group whose refusals all know the command they refuse (`_one_line`'s `(see: ...)`).
    click's parser leaves out the one of an option given without its value (`--player` last):
    the group's own options are named here, and its commands' when their parsing fails.

    Every group of the tree is one, so every word of a command line passes here before any
    command runs: a word that is not UTF-8 text is refused here (`refuse_non_utf8`)."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as error:
            _name_command(error, ctx)
            raise

    def resolve_command(  # type: ignore[override]
        self, ctx: typer.Context, args: list[str]
    ) -> tuple[str | None, Any, list[str]]:
        """The command `args` names, its name and its words each refused in one line (exit 2)
        if not UTF-8 text, before any command of the line runs (this group's own included)."""
        if args and not ctx.meta.get(HELP_ASKED):
            refuse_non_utf8_word(args[0], "the command name", ctx)
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and not ctx.meta.get(HELP_ASKED):
            words = command.context_class(command, info_name=name, parent=ctx)
            try:  # click's parser, for the value of each option and argument, not converted
                given, _, _ = command.make_parser(words).parse_args(args=list(rest))
            except typer.TyperException:
                given = {}  # the command's own parse refuses the line, naming what is wrong
            refuse_non_utf8(command, words, given)
        return name, command, rest

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        try:
            if not ctx.meta.get(HELP_ASKED):
                refuse_non_utf8(self, ctx, ctx.params)  # the group's own options
            return super().invoke(ctx)
        except typer.TyperException as error:
            name = ctx.invoked_subcommand
            command = self.get_command(ctx, name) if name else None
            if command is not None and getattr(error, "ctx", False) is None:
                _name_command(error, command.context_class(command, info_name=name, parent=ctx))
            raise


def refuse_non_utf8(command: Any, ctx: Any, given: dict[str, Any]) -> None:
    """Refuse in one line (exit 2, as click refuses a bad value) the first value in `given` (by
    parameter name) of `command`'s parameters that is not UTF-8 text: Python hands such a
    command-line argument over with its bad bytes as lone surrogates (U+DCFF for 0xFF), which
    were refused for what they are not (a name "cannot contain control or invisible characters
    (U+DCFF)", a size "is not a valid whole number"). The only values that may be any bytes are
    paths the commands only open (`paths.takes_any_bytes`): a file name need not be UTF-8."""
    for param in command.get_params(ctx):
        if takes_any_bytes(param.type):
            continue
        value = given.get(param.name)
        for word in value if isinstance(value, list | tuple) else [value]:
            if isinstance(word, str):
                refuse_non_utf8_word(word, None, ctx, param)


def refuse_non_utf8_word(word: str, what: str | None, ctx: Any, param: Any = None) -> None:
    """Refuse `word`, `what` (or the value of `param`) of the command line, if it is not UTF-8
    text (`options.not_utf8` says where the first bad byte is)."""
    error = not_utf8(word)
    if error is not None and param is None:
        raise UsageError(f"{what} is {error}", ctx)
    if error is not None:
        raise typer.BadParameter(f"it is {error}", ctx, param)


def _name_command(error: typer.TyperException, ctx: Any) -> None:
    """Give a refusal that names no command (click's `ctx`) this one."""
    if getattr(error, "ctx", False) is None:
        error.ctx = ctx  # type: ignore[attr-defined]


HELP_OPTIONS = ("-h", "--help")
"""What asks for a command's help, as in most command-line tools (click knows only `--help`)."""

HELP_ASKED = "lines_tui.help_asked"
"""In the root context's meta: the command line asks a command for its help."""


class OneLineErrors(NamedErrors):
    """The command tree, with click's own refusals (a bad option value, an unknown option, a
    missing argument) told in one line and exit code 2, like every other bad input, instead of
    a usage block."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        rest = super().parse_args(ctx, args)
        # click keeps the command's name apart from its words: it comes just before them.
        named = args[len(args) - len(rest) - 1 :] if len(args) > len(rest) else []
        ctx.meta[HELP_ASKED] = help_asked(self, ctx, named)
        return rest

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            with output_guarded():  # click's help too: `lines-tui --help > /dev/full`
                result = super().main(
                    args, prog_name, complete_var, False, windows_expand_args, **extra
                )
            code = result if isinstance(result, int) else 0
        except typer.TyperException as error:  # click's refusals (typer carries its own click)
            warn(_one_line(error))
            code = BAD_INPUT
        except typer.Abort:
            warn("stopped")
            code = 1
        except StoreError as error:  # a store that opened, failing later (a lock held, a disk)
            if not is_store_warning(str(error)):
                warn(str(error))
            code = BAD_INPUT
        finally:
            tell_store_warnings(ended=True)  # however the command ended
        if standalone_mode:
            sys.exit(code)
        return code


def help_asked(tree: TyperGroup, ctx: typer.Context, words: list[str]) -> bool:
    """Whether click answers `words` (what follows the tree's own options: a command's name and
    its words) with the command's help, without running it: a `--help` or `-h` after a command's
    name, before any `--`, and no option's value (`--layout --help` plays a layout file so
    named)."""
    command: Any = tree
    taking_values: set[str] = set()
    value_next = False
    for word in words:
        if value_next:
            value_next = False
        elif word == "--":
            return False
        elif word in HELP_OPTIONS:
            return command is not tree
        elif isinstance(command, TyperGroup) and (named := command.get_command(ctx, word)):
            command = named
            taking_values = {
                name
                for param in command.params
                if isinstance(param, typer.core.TyperOption) and not (param.is_flag or param.count)
                for name in param.opts
            }
        else:
            value_next = word in taking_values
    return False


def _one_line(error: typer.TyperException) -> str:
    """click's refusal on one line: its own line breaks (a choice's "Choose from:\\n\\t...")
    joined by a space, every other space as it is (a path quoted in it keeps its double ones),
    and the text of the command line it quotes cut (`_click_message`)."""
    message = re.sub(r"\s*\n\s*", " ", _click_message(error).strip())
    context = getattr(error, "ctx", None)
    if context is None:
        return message
    # The program as it was started: `python -m lines_tui` (three words, as its usage line
    # names it; lines-tui may not be on the PATH then), else lines-tui.
    root = context.find_root().command_path
    below = context.command_path.removeprefix(root)
    program = root if " -m " in root else "lines-tui"
    return f"{message} (see: {program}{below} --help)"


def _click_message(error: typer.TyperException) -> str:
    """click's message for `error`, the text of the command line it quotes (`_QUOTING`) repeated
    as every refusal repeats outside text (`repeated`): a screenful pasted, as one word or as many
    unquoted, was repeated whole, burying the reason. Any other message is click's as it is."""
    message = error.format_message()
    if type(error) is not UsageError and not isinstance(error, NoSuchOption):
        # The commands' own refusals (`BadParameter`) say what they refuse their own way: one
        # may begin with the very words of a shape ("No such command '\\N'." as a --folder).
        return message
    for shape, said_again in _QUOTING:
        found = shape.fullmatch(error.message)
        if found is not None:
            before, quoted, after = found.groups()
            return message.replace(error.message, f"{before}{said_again(quoted)}{after}", 1)
    return message


def _python_string_said(quoted: str) -> str:
    """A word typer quotes as Python writes a string (`{name!r}`: control characters and
    backslashes escaped, in double quotes if it holds a single one), quoted as every refusal
    quotes it: read back as it was given, so that it is cut between characters (never inside
    an escape) and spelled out once."""
    return f"'{repeated(ast.literal_eval(quoted))}'"


def _click_words_said(quoted: str) -> str:
    """Words click repeats as given but for control characters (`\\x0d`; a backslash is not
    doubled), read back as given and repeated. (A `\\x0d` typed as four characters reads back
    as a carriage return, which is spelled out as the same four.)"""
    return repeated(_CLICK_ESCAPE.sub(lambda escape: chr(int(escape[1], 16)), quoted))


_CLICK_ESCAPE = re.compile(r"\\x([01][0-9a-f]|7f|[89][0-9a-f])")
"""A control character as click writes it in a message (`_escape_control_characters`)."""

_QUOTING: tuple[tuple[re.Pattern[str], Callable[[str], str]], ...] = (
    # typer's, then the names of commands of its own it suggests ("Did you mean 'lines'?").
    (
        re.compile(r"(No such command )('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(\..*)", re.S),
        _python_string_said,
    ),
    # click's; the options it suggests come after this message (`NoSuchOption.format_message`).
    (re.compile(r"(No such option: )(.*)()", re.S), _click_words_said),
    (re.compile(r"(Got unexpected extra argument\(s\) \()(.*)(\))", re.S), _click_words_said),
)
"""The messages of click and typer (`error.message`) that quote the command line, by their
shape (what comes before the text quoted, the text, what comes after), each with how the text
is said again. No other message of theirs quotes it: the others name a known option, command or
argument, or a value the commands' own types refuse in their own words."""


app = typer.Typer(
    cls=OneLineErrors,
    help="Color Lines and Mahjong solitaire in the terminal. With no command, opens the menu.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTIONS)},
)


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    data_dir: Annotated[
        str | None,
        typer.Option(
            "--data-dir",
            parser=path_text,  # any bytes: a path (`refuse_non_utf8`)
            metavar="DIR",
            help="Folder of your data: scores and players, saved games, settings "
            "(default: $LINES_TUI_HOME or the user data folder).",
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Play as this registered player (default: the active one).",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,  # before anything reads a data folder or a player
            callback=lambda asked: asked and print_version(),
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    if ctx.meta.get(HELP_ASKED):  # a command's help needs no data folder or player to be right
        return
    ctx.obj = Settings(data_dir=data_dir_setting(data_dir), player=player)
    name = ctx.invoked_subcommand
    if player is not None and name is not None:
        # Every command refuses an unknown player, not only those that open the store, which
        # check it themselves (`checks_player`): every other one is checked here, first.
        command = ctx.command.get_command(ctx, name)  # type: ignore[attr-defined]
        if not player_checked_by(command):
            check_player(ctx.obj)
    if ctx.invoked_subcommand is None:
        open_menu(ctx.obj)


def print_version() -> NoReturn:
    from importlib.metadata import version

    say(f"lines-tui {version('lines-tui')}")
    raise typer.Exit()


app.command("lines", help="Play Color Lines.")(play.lines)
app.command("mahjong", help="Play Mahjong solitaire.")(play.mahjong)
app.command("layouts", help="List built-in and installed Mahjong layouts.")(layouts.list_layouts)
app.command("deal", help="Print a dealt Mahjong position as position JSON.")(layouts.deal)
# Its help is its docstring (the output, the exit codes); the list of commands, this line.
app.command("solve", short_help="Decide whether a Mahjong position can still be cleared.")(
    solve.solve
)
app.command("replay", help="Watch a game of a share code on the real board.")(replay.replay)
app.command("challenge", help="Play the deal of a friend's challenge code.")(challenge.challenge)
app.add_typer(
    scores.app,
    name="scores",
    cls=NamedErrors,
    help="Leaderboards and their share codes; alone, lists the tables.",
)
app.add_typer(
    players.app, name="players", cls=NamedErrors, help="Registered players; alone, lists them."
)

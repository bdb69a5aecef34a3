"""What every sub-command shares: the global options and the one-line way to refuse bad input."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import typer

BAD_INPUT = 2


@dataclass(frozen=True)
class Settings:
    """The global options given before the sub-command (`lines-tui --data-dir D --player P ...`)."""

    data_dir: Path | None = None
    player: str | None = None


def settings(ctx: typer.Context) -> Settings:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, Settings) else Settings()


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """Explain bad input in one line on stderr and exit (2 unless told otherwise)."""
    print(f"lines-tui: {message}", file=sys.stderr)
    raise typer.Exit(code)

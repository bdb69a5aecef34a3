"""The code stays lint-clean and formatted (ruff), and the whole package stays fully typed
(mypy --strict)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_formatted_as_ruff_formats_it() -> None:
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_package_is_strictly_typed() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr

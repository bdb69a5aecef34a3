"""The import contracts (pyproject.toml, `[tool.importlinter]`): cli -> commands -> ui ->
engine / store, and inside ui the app above the screens; no import circle anywhere. What a start
may import is in tests/test_first_frame.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = (
    "from importlinter.cli import lint_imports\n"
    "raise SystemExit(lint_imports(no_cache=True, no_logo=True))\n"
)


def test_the_import_contracts_are_kept() -> None:
    result = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_imported_back_by_what_it_imports() -> None:
    """Every import at any depth (inside functions and under TYPE_CHECKING too): a module never
    reaches itself again through the modules it imports."""
    graph = grimp.build_graph("lines_tui")
    circles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                circles.append(" -> ".join((importer, *back)))
    assert not circles, "\n".join(circles)


def contract_layers(contract_id: str) -> set[str]:
    """The modules a layers contract names, each on its own."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (contract,) = (c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == contract_id)
    return {
        name.strip() for layer in contract["layers"] for name in layer.replace(":", "|").split("|")
    }


@pytest.mark.parametrize(("contract_id", "container"), [("layers", ""), ("ui", "lines_tui.ui.")])
def test_every_module_has_its_layer(contract_id: str, container: str) -> None:
    """A module no layer names is held by no contract: 17 of the ui's were (a code review), so
    one could import the app, or a screen, and nothing would say so."""
    named = {container + name for name in contract_layers(contract_id)}
    modules = grimp.build_graph("lines_tui").find_children(container.rstrip(".") or "lines_tui")
    assert sorted(modules - named - {"lines_tui.__main__"}) == []

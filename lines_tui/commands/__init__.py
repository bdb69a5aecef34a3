"""The CLI's sub-commands, one module per topic; `lines_tui.cli` wires them together."""

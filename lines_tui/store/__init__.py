"""The local score store, players and share codes: pure Python, no Textual or Rich."""

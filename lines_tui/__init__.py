"""lines-tui: Color Lines and Mahjong solitaire for the terminal."""

__version__ = "0.1.0"

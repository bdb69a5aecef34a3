"""The Mahjong solitaire screens: the game (board, status, dead-end check) and the layout picker."""

from lines_tui.ui.mahjong.picker import LayoutPickerScreen
from lines_tui.ui.mahjong.screen import MahjongScreen

__all__ = ["LayoutPickerScreen", "MahjongScreen"]

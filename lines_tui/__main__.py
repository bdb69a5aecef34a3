from lines_tui.cli import main

main()

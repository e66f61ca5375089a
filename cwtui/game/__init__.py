"""A game's services, without a screen: its words (what a player reads), what a move
does (reasons), its log on disk (logfile), a game at the table (session), the games
kept in a folder (saved), replays (replaying), verification and review. They import the
engine and the machine's cores (cwtui.cores), never Textual (tests/test_imports.py)."""

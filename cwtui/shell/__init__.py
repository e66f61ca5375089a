"""What surrounds the app and the command line: the player's settings, turn alerts,
crash reports, progress bars, the app's idle garbage collection and its fixes to Textual."""

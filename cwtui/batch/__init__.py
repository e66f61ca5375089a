"""Many games at once, for the command line and the scripts: a game played by bots
alone (runner), self-play on every core (selfplay), tournaments between bot levels."""

"""Learning the game inside cwtui: the rules as a player reads them (rulebook)."""
